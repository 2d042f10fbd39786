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

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::BufReader;
use std::path::Path;

use serde::Deserialize;
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::clock::{Ts, parse_timestamp};
use super::store::{
    Counters, Course, CourseEnrollment, Customer, Edition, Event, ImportedCustomer, ImportedTicket,
    MemberId, Order, Product, Store, Ticket, TicketStatus,
};
use super::wire;
use crate::tree::{self, Step};

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

/// How one record of a list is read out of its tree.
type ReadFn<T> = fn(&Value) -> Result<T, tree::Error>;

fn record<T: DeserializeOwned>(value: &Value) -> Result<T, tree::Error> {
    tree::read(value)
}

fn both<A: DeserializeOwned, B: DeserializeOwned>(
    value: &Value,
) -> Result<Both<A, B>, tree::Error> {
    Ok(Both(tree::read(value)?, tree::read(value)?))
}

// The file is read key by key, each record of a list as a tree of its own
// (`crate::tree`: one deserializer for every record type), so a record's
// error is named by its place in the file and no tree of the whole file
// is built.
impl<'de> Deserialize<'de> for File {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(FileVisitor)
    }
}

struct FileVisitor;

impl<'de> Visitor<'de> for FileVisitor {
    type Value = File;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a boxoffice export (an object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<File, A::Error> {
        let mut file = File::default();
        let (mut format, mut version) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            let at = || vec![Step::Key(key.clone())];
            match key.as_str() {
                "format" => format = Some(map.next_value()?),
                "version" => version = Some(map.next_value()?),
                "events" => file.events = map.next_value_seed(List::new(at(), record))?,
                "editions" => file.editions = map.next_value_seed(Groups::new(at(), "event"))?,
                "tickets" => file.tickets = map.next_value_seed(Groups::new(at(), "event"))?,
                "orders" => file.orders = map.next_value_seed(List::new(at(), record))?,
                "order_details" => {
                    file.order_details = map.next_value_seed(List::new(at(), record))?;
                }
                "customers" => file.customers = map.next_value_seed(List::new(at(), record))?,
                "customer_details" => {
                    file.customer_details = map.next_value_seed(List::new(at(), both))?;
                }
                "products" => file.products = map.next_value_seed(List::new(at(), record))?,
                "product_details" => {
                    file.product_details = map.next_value_seed(List::new(at(), both))?;
                }
                "courses" => file.courses = map.next_value_seed(List::new(at(), record))?,
                "course_details" => {
                    file.course_details = map.next_value_seed(List::new(at(), both))?;
                }
                "enrollments" => {
                    file.enrollments = map.next_value_seed(Groups::new(at(), "course"))?;
                }
                _ => {
                    map.next_value::<de::IgnoredAny>()?;
                }
            }
        }
        file.format = format.ok_or_else(|| de::Error::missing_field("format"))?;
        file.version = version.ok_or_else(|| de::Error::missing_field("version"))?;
        Ok(file)
    }
}

/// `at` one step further.
fn then(at: &[Step], step: Step) -> Vec<Step> {
    let mut path = at.to_vec();
    path.push(step);
    path
}

/// An error at `path` in the file (`tickets[3].data[0].id: …`).
fn error_at<E: de::Error>(path: &[Step], message: impl fmt::Display) -> E {
    E::custom(format!("{}: {message}", tree::field_name(path)))
}

/// A list of records at `at` in the file (`tickets[3].data`).
struct List<T> {
    at: Vec<Step>,
    read: ReadFn<T>,
}

impl<T> List<T> {
    fn new(at: Vec<Step>, read: ReadFn<T>) -> Self {
        Self { at, read }
    }
}

impl<'de, T> DeserializeSeed<'de> for List<T> {
    type Value = Vec<T>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Vec<T>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T> Visitor<'de> for List<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a list of records at {}", tree::field_name(&self.at))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(value) = seq.next_element::<Value>()? {
            let read = (self.read)(&value).map_err(|e| {
                let mut path = then(&self.at, Step::Index(out.len()));
                path.extend_from_slice(e.path());
                error_at(&path, e.message())
            })?;
            out.push(read);
        }
        Ok(out)
    }
}

/// A list of groups at `at` (`tickets`), each `{<parent>: id, "data": [...]}`.
struct Groups<T> {
    at: Vec<Step>,
    parent: &'static str,
    records: std::marker::PhantomData<T>,
}

impl<T> Groups<T> {
    fn new(at: Vec<Step>, parent: &'static str) -> Self {
        Self {
            at,
            parent,
            records: std::marker::PhantomData,
        }
    }
}

impl<'de, T: DeserializeOwned> DeserializeSeed<'de> for Groups<T> {
    type Value = Vec<Group<T>>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Vec<Group<T>>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: DeserializeOwned> Visitor<'de> for Groups<T> {
    type Value = Vec<Group<T>>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "a list of groups of records at {}",
            tree::field_name(&self.at)
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Group<T>>, A::Error> {
        let mut out = Vec::new();
        loop {
            let one = OneGroup {
                at: then(&self.at, Step::Index(out.len())),
                parent: self.parent,
                records: std::marker::PhantomData,
            };
            match seq.next_element_seed(one)? {
                Some(group) => out.push(group),
                None => return Ok(out),
            }
        }
    }
}

struct OneGroup<T> {
    at: Vec<Step>,
    parent: &'static str,
    records: std::marker::PhantomData<T>,
}

impl<'de, T: DeserializeOwned> DeserializeSeed<'de> for OneGroup<T> {
    type Value = Group<T>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Group<T>, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, T: DeserializeOwned> Visitor<'de> for OneGroup<T> {
    type Value = Group<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{{\"{}\": id, \"data\": [...]}} at {}",
            self.parent,
            tree::field_name(&self.at)
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Group<T>, A::Error> {
        let (mut parent, mut data) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            if key == self.parent {
                let id = map.next_value::<u64>().map_err(|e| {
                    error_at::<A::Error>(&then(&self.at, Step::Key(key.clone())), e)
                })?;
                parent = Some(id);
            } else if key == "data" {
                let at = then(&self.at, Step::Key(key));
                data = Some(map.next_value_seed(List::new(at, record::<T>))?);
            } else {
                map.next_value::<de::IgnoredAny>()?;
            }
        }
        let missing = |field: &str| error_at(&self.at, format!("missing field `{field}`"));
        Ok(Group {
            parent: parent.ok_or_else(|| missing(self.parent))?,
            data: data.ok_or_else(|| missing("data"))?,
        })
    }
}

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

fn status(text: &str) -> Option<TicketStatus> {
    Some(match text {
        "confirmed" => TicketStatus::Confirmed,
        "open" => TicketStatus::Open,
        "pending" => TicketStatus::Pending,
        "cancelled" => TicketStatus::Cancelled,
        "unenrolled" => TicketStatus::Unenrolled,
        _ => return None,
    })
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
            id: c.id,
            email: c.email,
            name: c.name,
            last_name: c.last_name,
            phone: c.phone,
            created: self.now,
            language: "en",
            member_id: MemberId::Null,
            company: None,
            is_guest: false,
            metafields_object: false,
            addresses: Vec::new(),
            orders: Vec::new(),
            imported: more.map(|mut more| {
                // Written from the store's orders, not kept.
                more.orders = Vec::new();
                Box::new(ImportedCustomer {
                    more: Some(more),
                    in_orders: None,
                })
            }),
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
    let mut details: HashMap<u64, Both<wire::CustomerSummary, wire::CustomerMore>> = file
        .customer_details
        .into_iter()
        .map(|d| (d.0.id, d))
        .collect();
    for c in file.customers {
        let more = details.remove(&c.id).map(|d| d.1);
        if !b.customers.contains_key(&c.id) {
            b.push_customer(c, more);
        }
    }
    let mut rest: Vec<_> = details.into_values().collect();
    rest.sort_by_key(|d| d.0.id);
    for Both(c, more) in rest {
        b.push_customer(c, Some(more));
    }

    products(&mut b.store, file.products, file.product_details);
    orders(&mut b, file.orders, file.order_details, &listed);
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
    events(&mut b.store, file.events, file.editions)?;
    tickets(&mut b, file.tickets)?;
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
    let mut details: HashMap<u64, Both<wire::Product, wire::ProductMore>> =
        details.into_iter().map(|d| (d.0.id, d)).collect();
    for record in list {
        let more = details.remove(&record.id).map(|d| d.1).unwrap_or_default();
        store.products.push(Product { record, more });
    }
    let mut rest: Vec<_> = details.into_values().collect();
    rest.sort_by_key(|d| d.0.id);
    for Both(record, more) in rest {
        store.products.push(Product { record, more });
    }
}

fn orders(
    b: &mut Builder,
    list: Vec<wire::Order>,
    details: Vec<wire::OrderDetail>,
    listed: &HashMap<u64, wire::Order>,
) {
    let mut details: HashMap<u64, wire::OrderDetail> =
        details.into_iter().map(|d| (d.id, d)).collect();
    let mut pairs: Vec<(Option<wire::Order>, Option<wire::OrderDetail>)> = list
        .into_iter()
        .map(|o| {
            let detail = details.remove(&o.id);
            (Some(o), detail)
        })
        .collect();
    let mut rest: Vec<_> = details.into_values().collect();
    rest.sort_by_key(|d| d.id);
    pairs.extend(
        rest.into_iter()
            .map(|d| (listed.get(&d.id).cloned(), Some(d))),
    );
    // An order a customer's record names, the file holding it nowhere else
    // (`--events`): served from that list form, so the customer's orders
    // are all there and each answers `GET /orders/{id}`.
    let held: HashSet<u64> = pairs
        .iter()
        .filter_map(|(l, d)| l.as_ref().map(|l| l.id).or(d.as_ref().map(|d| d.id)))
        .collect();
    let mut more: Vec<&wire::Order> = listed.values().filter(|o| !held.contains(&o.id)).collect();
    more.sort_by_key(|o| o.id);
    pairs.extend(more.into_iter().map(|o| (Some(o.clone()), None)));
    for pair in pairs {
        let (list, detail) = match pair {
            (Some(list), Some(detail)) => (list, detail),
            (Some(list), None) => {
                let detail = detail_of(&list);
                (list, detail)
            }
            (None, Some(detail)) => (list_of(&detail), detail),
            (None, None) => continue,
        };
        let (id, in_orders) = (list.customer.id, list.customer.clone());
        let from_list = in_orders.id != 0 || detail.customer.id == 0;
        let customer = if from_list {
            b.customer(id, || Named {
                name: in_orders.name.clone(),
                last_name: Some(in_orders.last_name.clone()),
                email: Some(in_orders.email.clone()),
                phone: None,
            })
        } else {
            let c = &detail.customer;
            b.customer(c.id, || Named {
                name: c.name.clone().unwrap_or_default(),
                last_name: c.last_name.clone(),
                email: Some(c.email.clone()),
                phone: c.phone.clone(),
            })
        };
        let index = b.store.orders.len();
        let person = &mut b.store.customers[customer];
        person.orders.push(index);
        if from_list {
            let imported = person.imported.get_or_insert_with(|| {
                Box::new(ImportedCustomer {
                    more: None,
                    in_orders: None,
                })
            });
            imported.in_orders.get_or_insert(in_orders);
        }
        b.store.orders.push(Order {
            list,
            detail,
            customer,
        });
    }
}

/// An order's single record made of its list item (`--lists-only`).
fn detail_of(o: &wire::Order) -> wire::OrderDetail {
    wire::OrderDetail {
        id: o.id,
        hash: o.hash.clone(),
        number: o.number.clone(),
        kind: o.kind.clone(),
        status: o.status.clone(),
        language_iso: o.language_iso.clone(),
        creation_date: o.creation_date.clone(),
        update_date: o.update_date.clone(),
        currency: o.currency.clone(),
        currency_symbol: o.currency_symbol.clone(),
        total_amount: o.total_amount.clone(),
        pay_url: Some(o.pay_url.clone()),
        items: o
            .items
            .iter()
            .map(|i| wire::OrderItemDetail {
                id: i.id,
                name: i.name.clone(),
                quantity: i.quantity,
                price: i.price.clone(),
                ecommerce_type: i.ecommerce_type.clone(),
                product_id: i.product_id,
                unit_price: i.unit_price.clone(),
                sku: Some(i.sku.clone()),
                image: Value::Null,
            })
            .collect(),
        customer: wire::OrderDetailCustomer {
            creation_date: Some(o.customer.creation_date.clone()),
            update_date: Some(o.customer.update_date.clone()),
            ..wire::OrderDetailCustomer::default()
        },
        source: None,
        gateway: None,
        shipping: None,
    }
}

/// An order's list item made of its single record (an order only read one by one).
fn list_of(d: &wire::OrderDetail) -> wire::Order {
    wire::Order {
        id: d.id,
        hash: d.hash.clone(),
        number: d.number.clone(),
        kind: d.kind.clone(),
        status: d.status.clone(),
        language_iso: d.language_iso.clone(),
        creation_date: d.creation_date.clone(),
        update_date: d.update_date.clone(),
        currency: d.currency.clone(),
        currency_symbol: d.currency_symbol.clone(),
        total_amount: d.total_amount.clone(),
        pay_url: d.pay_url.clone().unwrap_or_default(),
        items: d
            .items
            .iter()
            .map(|i| wire::OrderItem {
                id: i.id,
                product_id: i.product_id,
                ecommerce_type: i.ecommerce_type.clone(),
                name: i.name.clone(),
                quantity: i.quantity,
                price: i.price.clone(),
                sku: i.sku.clone().unwrap_or_default(),
                unit_price: i.unit_price.clone(),
            })
            .collect(),
        customer: wire::OrderCustomer::default(),
    }
}

fn ts(text: &str, what: impl FnOnce() -> String) -> Result<Ts, String> {
    parse_timestamp(text)
        .ok_or_else(|| format!("{}: {text:?} is not a YYYY-MM-DD HH:mm:ss time", what()))
}

fn edition(record: wire::Edition, event: usize) -> Result<Edition, String> {
    let end = ts(&record.end_datetime, || {
        format!("edition {}: end_datetime", record.id)
    })?;
    let capacity = record
        .capacity
        .as_option()
        .map(|&c| u32::try_from(c).unwrap_or(u32::MAX));
    Ok(Edition {
        record,
        event,
        end,
        capacity,
        tickets: Vec::new(),
        counters: Counters::default(),
    })
}

/// An event without editions is its own single edition, made of its record.
fn own_edition(e: &wire::Event) -> wire::Edition {
    wire::Edition {
        id: e.id,
        hash: e.hash.clone(),
        name: e.name.clone(),
        sku: e.sku.clone(),
        price: e.price.clone(),
        currency: e.currency.clone(),
        active: e.active,
        published: e.published,
        is_variant: false,
        parent_id: e.id,
        timezone: e.timezone.clone(),
        start_date: e.start_date.clone(),
        end_date: e.end_date.clone(),
        from_time: e.from_time.clone(),
        to_time: e.to_time.clone(),
        start_datetime: e.start_datetime.clone(),
        end_datetime: e.end_datetime.clone(),
        capacity: e.capacity.clone(),
        sales_start: e.sales_start.clone(),
        sales_end: e.sales_end.clone(),
        stock_quantity_warning: e.stock_quantity_warning,
        stock_incoming: e.stock_incoming,
        ..wire::Edition::default()
    }
}

fn events(
    store: &mut Store,
    events: Vec<wire::Event>,
    groups: Vec<Group<wire::Edition>>,
) -> Result<(), String> {
    let mut editions: HashMap<u64, Vec<wire::Edition>> = HashMap::new();
    for group in groups {
        editions.entry(group.parent).or_default().extend(group.data);
    }
    let mut seen = HashSet::new();
    for record in events {
        if !seen.insert(record.id) {
            continue;
        }
        let index = store.events.len();
        let mut own = editions.remove(&record.id).unwrap_or_default();
        // Ordered by start, as the rules read them ("first … that has not ended").
        own.sort_by(|a, b| a.start_datetime.cmp(&b.start_datetime));
        let hidden = own.is_empty();
        if hidden {
            own.push(own_edition(&record));
        }
        let mut indices = Vec::new();
        for x in own {
            indices.push(store.editions.len());
            store.editions.push(edition(x, index)?);
        }
        store.events.push(Event {
            record,
            editions: indices,
            hidden_edition: hidden,
        });
    }
    if let Some(event) = editions.keys().min() {
        return Err(format!(
            "editions of event {event}, which the file does not hold"
        ));
    }
    Ok(())
}

fn tickets(b: &mut Builder, groups: Vec<Group<wire::Ticket>>) -> Result<(), String> {
    let editions: HashMap<u64, usize> = b
        .store
        .editions
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id(), i))
        .collect();
    let orders: HashMap<u64, usize> = b
        .store
        .orders
        .iter()
        .enumerate()
        .map(|(i, o)| (o.id(), i))
        .collect();
    let mut seen = HashSet::new();
    for group in groups {
        for t in group.data {
            if !seen.insert(t.id) {
                continue;
            }
            let target = if t.event.id == 0 {
                group.parent
            } else {
                t.event.id
            };
            let edition = *editions
                .get(&target)
                .ok_or_else(|| format!("ticket {}: its event {target} is not in the file", t.id))?;
            let status = status(&t.status).ok_or_else(|| {
                format!(
                    "ticket {}: status {:?} is none of confirmed, open, pending, cancelled, unenrolled",
                    t.id, t.status
                )
            })?;
            let a = &t.attendee;
            let customer = b.customer(a.id, || Named {
                name: a.name.clone(),
                last_name: a.last_name.clone(),
                email: Some(a.email.clone()),
                phone: a.phone.clone(),
            });
            let order = t.order.as_ref().and_then(|o| orders.get(&o.id).copied());
            let index = b.store.tickets.len();
            let x = &mut b.store.editions[edition];
            x.tickets.push(index);
            x.counters.add(status);
            b.store.tickets.push(Ticket {
                id: t.id,
                enrollment_type: t.enrollment_type,
                customer,
                edition,
                status,
                created: parse_timestamp(&t.creation_date).unwrap_or(b.now),
                data_source_type: "web",
                price: t.price,
                order,
                imported: Some(Box::new(ImportedTicket {
                    number: t.number,
                    creation_date: t.creation_date,
                    data_source_type: t.data_source_type,
                    source: t.source,
                    base_price: t.base_price,
                    total_tickets: t.total_tickets,
                    // An order the file names but does not hold keeps its name.
                    order: if order.is_some() { None } else { t.order },
                })),
            });
        }
    }
    Ok(())
}

fn courses(
    b: &mut Builder,
    list: Vec<wire::Course>,
    details: Vec<Both<wire::Course, wire::CourseMore>>,
    enrollments: Vec<Group<wire::CourseEnrollment>>,
) {
    let mut details: HashMap<u64, Both<wire::Course, wire::CourseMore>> =
        details.into_iter().map(|d| (d.0.id, d)).collect();
    let mut pairs: Vec<(wire::Course, wire::CourseMore)> = list
        .into_iter()
        .map(|c| {
            let more = details.remove(&c.id).map(|d| d.1).unwrap_or_default();
            (c, more)
        })
        .collect();
    let mut rest: Vec<_> = details.into_values().collect();
    rest.sort_by_key(|d| d.0.id);
    pairs.extend(rest.into_iter().map(|Both(c, more)| (c, more)));
    let mut by_course: HashMap<u64, Vec<wire::CourseEnrollment>> = HashMap::new();
    for group in enrollments {
        by_course
            .entry(group.parent)
            .or_default()
            .extend(group.data);
    }
    for (record, more) in pairs {
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

    use serde_json::json;

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
