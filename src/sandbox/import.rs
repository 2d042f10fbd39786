//! `boxoffice sandbox --from FILE`: a store made of an export's records
//! (`boxoffice export`; docs/sandbox.md, "Wearing your business").
//!
//! The file is read record by record (no tree of the whole file): each
//! record is parsed on its own and read into its `wire` type by
//! `crate::tree`, checked as the sandbox's own OpenAPI document describes
//! it; a record that does not fit is refused with its place in the file
//! (`tickets[2].data[17].status: …`). Records keep their ids,
//! numbers, dates, prices and order. Links are by id: a ticket's attendee
//! is the customer of that id, its event the edition of that id, its order
//! the order of that id; a person named but not in the file (a ticket's
//! attendee, an order's customer, …) becomes a customer with what was said
//! of them. Counters are the sandbox's own, counted from the tickets.

use std::collections::HashMap;
use std::io::BufReader;
use std::path::Path;

use serde::Deserialize;

use super::clock::Ts;
use super::store::{Course, CourseEnrollment, Customer, ImportedCustomer, Product, Store};
use super::wire;

mod events;
mod orders;
mod reading;

/// The `format` an export names itself with.
pub const FORMAT: &str = "boxoffice-export";

#[derive(Default)]
struct File {
    format: String,
    version: u32,
    events: Vec<wire::Event>,
    editions: Vec<Group<wire::Edition>>,
    tickets: Vec<Group<wire::Ticket>>,
    orders: Vec<wire::Order>,
    order_details: Vec<wire::OrderDetail>,
    customers: Vec<wire::CustomerSummary>,
    customer_details: Vec<Both<wire::CustomerSummary, wire::CustomerMore>>,
    products: Vec<wire::Product>,
    product_details: Vec<Both<wire::Product, wire::ProductMore>>,
    courses: Vec<wire::Course>,
    course_details: Vec<Both<wire::Course, wire::CourseMore>>,
    enrollments: Vec<Group<wire::CourseEnrollment>>,
}

/// Records read under their event (its editions, an edition's tickets)
/// or their course (its enrollments): `{"event": 7, "data": [...]}`.
struct Group<T> {
    /// The event's or the course's id.
    parent: u64,
    data: Vec<T>,
}

/// A single record read as its list item's fields and the rest.
struct Both<A, B>(A, B);

fn invalid(message: String) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, message)
}

/// Reads `path` into a store; `now` stamps what the file does not date.
pub fn load(path: &Path, now: Ts) -> std::io::Result<Store> {
    let file = std::fs::File::open(path)
        .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    let reader = BufReader::with_capacity(1 << 16, file);
    let mut json = serde_json::Deserializer::from_reader(reader);
    let file = File::deserialize(&mut json)
        .and_then(|file| json.end().map(|()| file))
        .map_err(|e| invalid(format!("{}: {e}", path.display())))?;
    if file.format != FORMAT || file.version != 1 {
        return Err(invalid(format!(
            "{}: not a boxoffice export (format {:?} version {}; expected {FORMAT:?} version 1)",
            path.display(),
            file.format,
            file.version
        )));
    }
    build(file, now).map_err(|e| invalid(format!("{}: {e}", path.display())))
}

/// Builds the store from the file's records.
struct Builder {
    store: Store,
    customers: HashMap<u64, usize>,
    now: Ts,
}

/// What a record says of a person it names.
#[derive(Default)]
struct Named {
    name: String,
    last_name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
}

impl Builder {
    /// The customer of `id`, made of what `named` says when not in the file.
    fn customer(&mut self, id: u64, named: impl FnOnce() -> Named) -> usize {
        if let Some(&index) = self.customers.get(&id) {
            return index;
        }
        let named = named();
        let email = named
            .email
            .filter(|e| !e.is_empty())
            .unwrap_or_else(|| format!("customer-{id}@unknown.invalid"));
        self.push_customer(
            wire::CustomerSummary {
                id,
                email,
                name: named.name,
                last_name: named.last_name,
                phone: named.phone,
            },
            None,
        )
    }

    fn push_customer(
        &mut self,
        c: wire::CustomerSummary,
        more: Option<wire::CustomerMore>,
    ) -> usize {
        let index = self.store.customers.len();
        self.customers.insert(c.id, index);
        self.store.customers.push(Customer {
            phone: c.phone,
            imported: more.map(|mut more| {
                // Written from the store's orders, not kept.
                more.orders = Vec::new();
                Box::new(ImportedCustomer {
                    more: Some(more),
                    in_orders: None,
                })
            }),
            ..Customer::plain(c.id, c.email, c.name, c.last_name, self.now)
        });
        index
    }
}

fn build(file: File, now: Ts) -> Result<Store, String> {
    let mut b = Builder {
        store: Store::default(),
        customers: HashMap::new(),
        now,
    };
    // Customers: the list, each with its own record when the file has it;
    // then those only read one by one.
    // A customer's record lists their orders as the orders list writes
    // them: the list form of an order the file holds only as a single
    // record (`--events`).
    let mut listed: HashMap<u64, wire::Order> = HashMap::new();
    // And in which order: kept.
    let mut their_orders: HashMap<u64, Vec<u64>> = HashMap::new();
    for d in &file.customer_details {
        for o in &d.1.orders {
            listed.entry(o.id).or_insert_with(|| o.clone());
        }
        their_orders.insert(d.0.id, d.1.orders.iter().map(|o| o.id).collect());
    }
    for (c, more) in with_details(file.customers, file.customer_details, |c| c.id) {
        if !b.customers.contains_key(&c.id) {
            b.push_customer(c, more);
        }
    }

    products(&mut b.store, file.products, file.product_details);
    orders::orders(&mut b, file.orders, file.order_details, &listed);
    for c in &mut b.store.customers {
        if let Some(ids) = their_orders.get(&c.id) {
            let orders = &b.store.orders;
            c.orders.sort_by_key(|&o| {
                ids.iter()
                    .position(|&id| id == orders[o].id())
                    .unwrap_or(usize::MAX)
            });
        }
    }
    events::events(&mut b.store, file.events, file.editions)?;
    events::tickets(&mut b, file.tickets)?;
    courses(&mut b, file.courses, file.course_details, file.enrollments);
    let mut store = b.store;
    store.index();
    Ok(store)
}

fn products(
    store: &mut Store,
    list: Vec<wire::Product>,
    details: Vec<Both<wire::Product, wire::ProductMore>>,
) {
    for (record, more) in with_details(list, details, |p| p.id) {
        let more = more.unwrap_or_default();
        store.products.push(Product { record, more });
    }
}

/// The list's records, each with the rest of its single record when the
/// file holds one, then the records the file holds only one by one, by id.
fn with_details<A, B>(
    list: Vec<A>,
    details: Vec<Both<A, B>>,
    id: fn(&A) -> u64,
) -> Vec<(A, Option<B>)> {
    let mut details: HashMap<u64, Both<A, B>> =
        details.into_iter().map(|d| (id(&d.0), d)).collect();
    let mut pairs: Vec<(A, Option<B>)> = list
        .into_iter()
        .map(|record| {
            let more = details.remove(&id(&record)).map(|d| d.1);
            (record, more)
        })
        .collect();
    let mut rest: Vec<_> = details.into_values().collect();
    rest.sort_by_key(|d| id(&d.0));
    pairs.extend(
        rest.into_iter()
            .map(|Both(record, more)| (record, Some(more))),
    );
    pairs
}

fn courses(
    b: &mut Builder,
    list: Vec<wire::Course>,
    details: Vec<Both<wire::Course, wire::CourseMore>>,
    enrollments: Vec<Group<wire::CourseEnrollment>>,
) {
    let mut by_course: HashMap<u64, Vec<wire::CourseEnrollment>> = HashMap::new();
    for group in enrollments {
        by_course
            .entry(group.parent)
            .or_default()
            .extend(group.data);
    }
    for (record, more) in with_details(list, details, |c| c.id) {
        let more = more.unwrap_or_default();
        let discussion_members = more
            .discussions
            .iter()
            .map(|d| {
                let m = &d.member;
                b.customer(m.id, || Named {
                    name: m.name.clone(),
                    last_name: Some(m.last_name.clone()),
                    ..Named::default()
                })
            })
            .collect();
        let enrollments = by_course
            .remove(&record.id)
            .unwrap_or_default()
            .into_iter()
            .map(|e| {
                let customer = b.customer(e.customer_id, || Named {
                    name: e.name.clone(),
                    last_name: e.last_name.clone(),
                    email: Some(e.email.clone()),
                    phone: None,
                });
                CourseEnrollment {
                    record: e,
                    customer,
                }
            })
            .collect();
        b.store.courses.push(Course {
            record,
            more,
            discussion_members,
            enrollments,
        });
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use serde_json::{Value, json};

    use super::super::clock::parse_timestamp;
    use super::*;

    /// The error `load` gives for `file`.
    fn refused(file: &Value) -> String {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("export.json");
        std::fs::write(&path, file.to_string()).unwrap();
        let now = parse_timestamp("2026-11-27 12:00:00").unwrap();
        load(&path, now).map(|_| ()).unwrap_err().to_string()
    }

    #[test]
    fn a_refusal_names_its_place_in_the_file_at_every_depth() {
        let export = |key: &str, list: Value| {
            let mut file = json!({"format": FORMAT, "version": 1});
            file[key] = list;
            file
        };
        for (file, place) in [
            (
                export(
                    "tickets",
                    json!([{"event": 7, "data": [{"id": 1}, {"id": "two"}]}]),
                ),
                "tickets[0].data[1].id: invalid type",
            ),
            (
                export("tickets", json!([{"event": "seven", "data": []}])),
                "tickets[0].event: invalid type",
            ),
            (
                export("enrollments", json!([{"course": 3}])),
                "enrollments[0]: missing field `data`",
            ),
            (
                export("events", json!([{"id": 7}, {"id": 8, "capacity": [[]]}])),
                "events[1].capacity: invalid type",
            ),
            (
                export("events", json!([{"id": 7}, 9])),
                "events[1]: invalid type",
            ),
            (
                export("customer_details", json!([{"id": "one"}])),
                "customer_details[0].id: invalid type",
            ),
        ] {
            let said = refused(&file);
            assert!(said.contains(place), "{said:?} does not say {place:?}");
        }
    }
}
