//! The operations of the API, one table ([`operations`]): method, path,
//! page-size parameter, request body, the refusal codes each may answer,
//! and a handler whose answer type its constructor (`one`, `list`,
//! `change`) binds to the entry. The router serves them; the OpenAPI
//! document describes them. What only the document needs (the schemas of
//! the answers and bodies) is in test builds only: they derive the document
//! to check the file the sandbox serves (openapi.rs), and utoipa is no
//! dependency of any other build.

use std::sync::LazyLock;

use axum::http::{Method, StatusCode};
use axum::response::Response;
use serde::Serialize;
#[cfg(test)]
use utoipa::ToSchema;
#[cfg(test)]
use utoipa::openapi::RefOr;
#[cfg(test)]
use utoipa::openapi::schema::{Ref, Schema};

use super::clock::Ts;
use super::enroll;
use super::json as write;
use super::respond::{Shared, json_response, refusal};
use super::store::{Enrollee, EventRef, Refusal, Store};
use super::wire;

mod paging;

use paging::{Counting, page_params, page_slice, paged, slice};
#[cfg(test)]
pub use paging::{DEFAULT_SIZE, MAX_SIZE};
pub use paging::{Page, PageParams};

/// The schemas collected while describing operations: name and schema.
#[cfg(test)]
pub type Schemas = Vec<(String, RefOr<Schema>)>;

/// Registers a type's schema (and those it refers to) and returns a reference to it.
#[cfg(test)]
pub type SchemaFn = fn(&mut Schemas) -> RefOr<Schema>;

#[cfg(test)]
pub fn schema_of<T: ToSchema>(schemas: &mut Schemas) -> RefOr<Schema> {
    schemas.push((T::name().into_owned(), T::schema()));
    T::schemas(schemas);
    Ref::from_schema_name(T::name()).into()
}

/// One request, as an operation sees it.
pub struct Call<'a> {
    /// The path's parameters, in order.
    pub params: Vec<&'a str>,
    pub query: &'a str,
    pub body: &'a [u8],
    pub now: Ts,
}

impl Call<'_> {
    fn param(&self, i: usize) -> &str {
        self.params.get(i).copied().unwrap_or_default()
    }

    /// The record a numeric path parameter names, found by `find`; an
    /// unknown or non-numeric one is `missing` (the operation's not-found
    /// refusal).
    fn record(
        &self,
        i: usize,
        missing: Refusal,
        find: impl FnOnce(u64) -> Option<usize>,
    ) -> Result<usize, Refusal> {
        self.param(i).parse().ok().and_then(find).ok_or(missing)
    }

    /// A numeric path parameter; anything else is `missing` (the operation's
    /// not-found refusal).
    fn id(&self, i: usize, missing: Refusal) -> Result<u64, Refusal> {
        self.param(i).parse().map_err(|_| missing)
    }
}

/// What a page-size query parameter is called on a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageSize {
    /// `page` + `limit` (the spec's shared parameters).
    Limit,
    /// `page` + `per_page` (the tickets list).
    PerPage,
    /// One page holds everything; `limit` is ignored (the editions list).
    Whole,
}

impl PageSize {
    pub fn key(self) -> Option<&'static str> {
        match self {
            Self::Limit => Some("limit"),
            Self::PerPage => Some("per_page"),
            Self::Whole => None,
        }
    }
}

/// A type the OpenAPI document describes: an answer or a request body.
/// Test builds derive its schema (`ToSchema`); the others serve the
/// checked-in document and ask nothing of it.
#[cfg(test)]
pub trait Described: ToSchema {}
#[cfg(test)]
impl<T: ToSchema> Described for T {}
#[cfg(not(test))]
pub trait Described {}
#[cfg(not(test))]
impl<T> Described for T {}

/// What an operation answers with HTTP 200, for its OpenAPI document.
#[cfg(test)]
#[derive(Clone, Copy)]
pub enum Answer {
    /// `{status, data: T}`.
    One(SchemaFn),
    /// `{status, data: [T], …pagination}`.
    List(SchemaFn),
    /// `{status}`.
    Done,
}

type Handler = Box<dyn Fn(&Shared, &Call) -> Response + Send + Sync>;

/// One operation of the API.
pub struct Operation {
    pub method: Method,
    /// The path's segments (`{…}` a parameter), split once.
    segments: Vec<&'static str>,
    /// What the OpenAPI document says of it, read only by test builds.
    #[cfg(test)]
    pub doc: Doc,
    handler: Handler,
}

/// An operation as the OpenAPI document describes it.
#[cfg(test)]
pub struct Doc {
    /// `operationId`.
    pub id: &'static str,
    /// `/events/{event_id}/tickets`.
    pub path: &'static str,
    pub summary: &'static str,
    /// Its page-size parameter, when it is a list.
    pub page_size: Option<PageSize>,
    pub body: Option<SchemaFn>,
    /// The codes its HTTP 400 may carry.
    pub codes: &'static [u32],
    pub answer: Answer,
}

impl Operation {
    /// Runs the operation.
    pub fn answer(&self, shared: &Shared, call: &Call) -> Response {
        (self.handler)(shared, call)
    }

    /// The path's parameters when `segments` are this operation's path
    /// (a parameter is never empty).
    pub fn matches<'a>(&self, segments: &[&'a str]) -> Option<Vec<&'a str>> {
        if self.segments.len() != segments.len() {
            return None;
        }
        let mut params = Vec::new();
        for (t, s) in self.segments.iter().zip(segments) {
            if t.starts_with('{') {
                if s.is_empty() {
                    return None;
                }
                params.push(*s);
            } else if t != s {
                return None;
            }
        }
        Some(params)
    }
}

#[cfg(test)]
impl Doc {
    /// An operation that is not a list and takes no body.
    fn new(
        id: &'static str,
        path: &'static str,
        summary: &'static str,
        codes: &'static [u32],
        answer: Answer,
    ) -> Self {
        Self {
            id,
            path,
            summary,
            page_size: None,
            body: None,
            codes,
            answer,
        }
    }
}

/// HTTP 200 with `data`, or the refusal.
fn answer(result: Result<impl Serialize, Refusal>) -> Response {
    match result {
        Ok(data) => json_response(StatusCode::OK, &data),
        Err(r) => refusal(&r),
    }
}

fn split(path: &'static str) -> Vec<&'static str> {
    path.trim_start_matches('/').split('/').collect()
}

// The constructors take what the document says of an operation (`id`,
// `summary`, `codes`) in every build, so the table reads the same; only
// test builds keep it.

/// An operation answering one record of type `T`.
#[cfg_attr(not(test), allow(unused_variables))]
fn one<T: Serialize + Described + 'static>(
    id: &'static str,
    method: Method,
    path: &'static str,
    summary: &'static str,
    codes: &'static [u32],
    f: impl Fn(&Shared, &Call) -> Result<T, Refusal> + Send + Sync + 'static,
) -> Operation {
    Operation {
        method,
        segments: split(path),
        #[cfg(test)]
        doc: Doc::new(id, path, summary, codes, Answer::One(schema_of::<T>)),
        handler: Box::new(move |shared, call| answer(f(shared, call).map(wire::One::new))),
    }
}

/// An operation answering a list of `T`, paged by `size`.
#[cfg_attr(not(test), allow(unused_variables))]
fn list<T: Serialize + Described + 'static>(
    id: &'static str,
    path: &'static str,
    summary: &'static str,
    size: PageSize,
    codes: &'static [u32],
    f: impl Fn(&Shared, &Call, PageParams) -> Result<Page<T>, Refusal> + Send + Sync + 'static,
) -> Operation {
    Operation {
        method: Method::GET,
        segments: split(path),
        #[cfg(test)]
        doc: Doc {
            page_size: Some(size),
            ..Doc::new(id, path, summary, codes, Answer::List(schema_of::<T>))
        },
        handler: Box::new(move |shared, call| {
            let page =
                page_params(call.query, size.key()).and_then(|params| f(shared, call, params));
            match page {
                Ok(page) => paged(page),
                Err(r) => refusal(&r),
            }
        }),
    }
}

/// An operation answering every record of one kind in the store, paged
/// by `limit`: `len` counts them, `item` writes record `i`.
fn store_list<T: Serialize + Described + 'static>(
    id: &'static str,
    path: &'static str,
    summary: &'static str,
    counting: Counting,
    len: fn(&Store) -> usize,
    item: fn(&Store, usize) -> T,
) -> Operation {
    list(
        id,
        path,
        summary,
        PageSize::Limit,
        &[1005],
        move |s, _, p| {
            let store = s.store();
            Ok(slice(&store, len(&store), p, counting, item))
        },
    )
}

/// An operation answering the store's record its path's id names: `find`
/// looks it up (none: `missing`), `item` writes it.
fn store_record<T: Serialize + Described + 'static>(
    id: &'static str,
    path: &'static str,
    summary: &'static str,
    codes: &'static [u32],
    missing: Refusal,
    find: fn(&Store, u64) -> Option<usize>,
    item: fn(&Store, usize) -> T,
) -> Operation {
    one(id, Method::GET, path, summary, codes, move |s, c| {
        let store = s.store();
        let i = c.record(0, missing.clone(), |id| find(&store, id))?;
        Ok(item(&store, i))
    })
}

/// A write answering `{"status": "OK"}`.
#[cfg_attr(not(test), allow(unused_variables))]
fn change(
    id: &'static str,
    method: Method,
    path: &'static str,
    summary: &'static str,
    codes: &'static [u32],
    f: fn(&Shared, &Call) -> Result<(), Refusal>,
) -> Operation {
    Operation {
        method,
        segments: split(path),
        #[cfg(test)]
        doc: Doc::new(id, path, summary, codes, Answer::Done),
        handler: Box::new(move |shared, call| {
            answer(f(shared, call).map(|()| wire::Done {
                status: wire::StatusOk,
            }))
        }),
    }
}

/// A write whose request body is a `B`.
fn change_taking<B: Described>(
    id: &'static str,
    method: Method,
    path: &'static str,
    summary: &'static str,
    codes: &'static [u32],
    f: fn(&Shared, &Call) -> Result<(), Refusal>,
) -> Operation {
    let op = change(id, method, path, summary, codes, f);
    Operation {
        #[cfg(test)]
        doc: Doc {
            body: Some(schema_of::<B>),
            ..op.doc
        },
        ..op
    }
}

/// Every operation the sandbox serves, in matching order (a path with a
/// literal where another has a parameter comes first).
pub fn operations() -> &'static [Operation] {
    static OPERATIONS: LazyLock<Vec<Operation>> = LazyLock::new(|| {
        use Method as M;
        vec![
            store_list(
                "listEvents",
                "/events",
                "Main events",
                Counting::BothStrings,
                |st| st.events.len(),
                write::event,
            ),
            store_record(
                "getTicket",
                "/events/tickets/{ticket_id}",
                "One ticket",
                &[1002],
                Refusal::UnknownTicket,
                Store::ticket_by_id,
                |st, i| write::ticket(st, &st.tickets[i]),
            ),
            change(
                "revokeEnrollment",
                M::PUT,
                "/events/enrollments/{enrollment_id}/revoke",
                "Revoke a ticket: it becomes unenrolled (the enrollment id is the ticket id)",
                &[1002, 1007],
                |s, c| s.store().revoke(c.id(0, Refusal::UnknownTicket)?),
            ),
            one(
                "getEvent",
                M::GET,
                "/events/{event_id}",
                "A main event or an edition, by id or hash",
                &[1001],
                |s, c| {
                    let store = s.store();
                    match store.find_event(c.param(0)) {
                        Some(EventRef::Main(e)) => {
                            Ok(EventOrEdition::Event(Box::new(write::event(&store, e))))
                        }
                        Some(EventRef::Edition(e)) => {
                            Ok(EventOrEdition::Edition(Box::new(write::edition(&store, e))))
                        }
                        None => Err(Refusal::UnknownEvent),
                    }
                },
            ),
            list(
                "listEditions",
                "/events/{event_id}/variants",
                "An event's editions, all on one page",
                PageSize::Whole,
                &[1001],
                |s, c, _| {
                    let store = s.store();
                    let editions: Vec<usize> = match store.find_event(c.param(0)) {
                        Some(EventRef::Main(e)) if store.events[e].hidden_edition => Vec::new(),
                        Some(EventRef::Main(e)) => store.events[e].editions.clone(),
                        Some(EventRef::Edition(e)) => vec![e],
                        None => return Err(Refusal::UnknownEvent),
                    };
                    let data: Vec<wire::Edition> = editions
                        .iter()
                        .map(|&e| write::edition(&store, e))
                        .collect();
                    let n = data.len();
                    Ok(Page {
                        data,
                        total: n,
                        page: 1,
                        size: n.max(1),
                        counting: Counting::Ints,
                    })
                },
            ),
            list(
                "listTickets",
                "/events/{event_id}/tickets",
                "An edition's tickets (a main event's: its first edition that has not ended)",
                PageSize::PerPage,
                &[1001, 1005],
                tickets,
            ),
            change_taking::<wire::EnrollPersonBody>(
                "enrollPerson",
                M::POST,
                "/events/{event_id}/enroll",
                "Enroll a person by e-mail (an existing customer with that e-mail, else a new one)",
                &[1001, 1004, 1005, 1006, 1009],
                |s, c| {
                    let person = enroll::person(c.body).map_err(Refusal::Invalid)?;
                    let who = Enrollee::Person {
                        email: person.email,
                        name: person.name,
                        last_name: person.last_name,
                    };
                    enroll_into(s, c, who, &person.enrollment_type)
                },
            ),
            change_taking::<wire::EnrollCustomerBody>(
                "enrollCustomer",
                M::PUT,
                "/events/{event_id}/enrolled/{customer_id}",
                "Enroll an existing customer",
                &[1001, 1003, 1004, 1005, 1006, 1009],
                |s, c| {
                    let kind = enroll::enrollment_type(c.body).map_err(Refusal::Invalid)?;
                    let customer = c.id(1, Refusal::UnknownCustomer)?;
                    enroll_into(s, c, Enrollee::Customer(customer), &kind)
                },
            ),
            store_list(
                "listOrders",
                "/orders",
                "Orders",
                Counting::Ints,
                |st| st.orders.len(),
                |st, i| write::order(st, &st.orders[i]),
            ),
            store_record(
                "getOrder",
                "/orders/{order_id}",
                "One order",
                &[1008],
                Refusal::UnknownRecord("Order"),
                Store::order_by_id,
                |st, i| write::order_detail(st, &st.orders[i]),
            ),
            store_list(
                "listCustomers",
                "/customers",
                "Customers",
                Counting::BothStrings,
                |st| st.customers.len(),
                |st, i| write::customer_summary(&st.customers[i]),
            ),
            store_record(
                "getCustomer",
                "/customers/{customer_id}",
                "One customer",
                &[1003],
                Refusal::UnknownCustomer,
                Store::customer_by_id,
                |st, i| write::customer_detail(st, &st.customers[i]),
            ),
            store_list(
                "listProducts",
                "/products",
                "Products",
                Counting::Ints,
                |st| st.products.len(),
                |st, i| write::product(&st.products[i]),
            ),
            store_record(
                "getProduct",
                "/products/{product_id}",
                "One product",
                &[1008],
                Refusal::UnknownRecord("Product"),
                Store::product_by_id,
                |st, i| write::product_detail(&st.products[i]),
            ),
            store_list(
                "listCourses",
                "/courses",
                "Courses",
                Counting::FilteredString,
                |st| st.courses.len(),
                |st, i| write::course(&st.courses[i]),
            ),
            store_record(
                "getCourse",
                "/courses/{course_id}",
                "One course",
                &[1008],
                Refusal::UnknownRecord("Course"),
                Store::course_by_id,
                |st, i| write::course_detail(st, &st.courses[i]),
            ),
            list(
                "listCourseEnrollments",
                "/courses/{course_id}/enrollments",
                "A course's enrollments",
                PageSize::Limit,
                &[1005, 1008],
                |s, c, p| {
                    let store = s.store();
                    let i = course(&store, c)?;
                    let all = &store.courses[i].enrollments;
                    Ok(slice(&store, all.len(), p, Counting::Ints, |st, k| {
                        write::course_enrollment(st, &st.courses[i].enrollments[k])
                    }))
                },
            ),
        ]
    });
    &OPERATIONS
}

/// `GET /events/{id}` answers a main event or an edition.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(untagged)]
pub enum EventOrEdition {
    Event(Box<wire::Event>),
    Edition(Box<wire::Edition>),
}

fn course(store: &Store, call: &Call) -> Result<usize, Refusal> {
    call.record(0, Refusal::UnknownRecord("Course"), |id| {
        store.course_by_id(id)
    })
}

fn enroll_into(shared: &Shared, call: &Call, who: Enrollee, kind: &str) -> Result<(), Refusal> {
    let mut store = shared.store();
    let target = store
        .find_event(call.param(0))
        .ok_or(Refusal::UnknownEvent)?;
    store.enroll(target, who, kind, call.now).map(drop)
}

fn tickets(
    shared: &Shared,
    call: &Call,
    params: PageParams,
) -> Result<Page<wire::Ticket>, Refusal> {
    let store = shared.store();
    let edition = match store.find_event(call.param(0)) {
        Some(EventRef::Main(e)) => store.tickets_edition(e, call.now),
        Some(EventRef::Edition(e)) => Some(e),
        None => return Err(Refusal::UnknownEvent),
    };
    let all: &[usize] = edition.map_or(&[], |e| &store.editions[e].tickets);
    let data = page_slice(all.len(), params)
        .map(|i| write::ticket(&store, &store.tickets[all[i]]))
        .collect();
    Ok(Page {
        data,
        total: all.len(),
        page: params.page,
        size: params.size,
        counting: Counting::CountString,
    })
}
