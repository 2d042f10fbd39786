//! One axum fallback handler: `/openapi.json`, then faults, then auth, then
//! the operation. The operations are one table ([`operations`]): the router
//! serves exactly its entries and the OpenAPI document lists exactly them,
//! each with the type its handler answers, so neither can drift.

use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::clock::{Clock, Ts};
use super::enroll;
use super::faults::{Fault, FaultState};
use super::json as write;
use super::openapi;
use super::store::{Enrollee, EventRef, Refusal, Store};
use super::wire::{self, ErrorBody, ErrorItem, Problem};

/// Everything the handler shares.
#[derive(Debug)]
pub struct Shared {
    pub store: Mutex<Store>,
    pub faults: Mutex<FaultState>,
    pub clock: Clock,
    pub api_key: String,
}

impl Shared {
    fn store(&self) -> std::sync::MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

const MAX_BODY: usize = 1024 * 1024;

/// Where the sandbox describes itself; no key needed.
pub const OPENAPI_PATH: &str = "/openapi.json";

pub fn router(shared: Arc<Shared>) -> axum::Router {
    axum::Router::new().fallback(handle).with_state(shared)
}

async fn handle(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    if request.uri().path() == OPENAPI_PATH && request.method() == Method::GET {
        return document();
    }
    let (delay, fault) = shared
        .faults
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .decide();
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    match fault {
        Fault::None | Fault::Malformed { .. } => {}
        Fault::RateLimited => {
            let mut response = error(StatusCode::TOO_MANY_REQUESTS, 429, "Too many requests", &[]);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            return response;
        }
        Fault::Reset => return reset(),
        Fault::Fail { unavailable } => {
            return if unavailable {
                error(
                    StatusCode::SERVICE_UNAVAILABLE,
                    503,
                    "Service unavailable (injected fault)",
                    &[],
                )
            } else {
                error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    500,
                    "Internal server error (injected fault)",
                    &[],
                )
            };
        }
    }
    let response = serve(&shared, request).await;
    match fault {
        Fault::Malformed { html } => malformed(response, html).await,
        _ => response,
    }
}

/// The OpenAPI document, made once.
fn document() -> Response {
    static BYTES: LazyLock<Vec<u8>> = LazyLock::new(openapi::json);
    let mut response = Response::new(Body::from(BYTES.as_slice()));
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// A 200 whose body the client must fail to read: headers promise more than the
/// body delivers, and the body stream errors, so hyper aborts the connection.
fn reset() -> Response {
    let stream = futures::stream::once(async {
        Err::<Bytes, std::io::Error>(std::io::Error::new(
            std::io::ErrorKind::ConnectionReset,
            "injected reset",
        ))
    });
    let mut response = Response::new(Body::from_stream(stream));
    response
        .headers_mut()
        .insert(header::CONTENT_LENGTH, HeaderValue::from_static("1048576"));
    response
}

async fn malformed(response: Response, html: bool) -> Response {
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap_or_default();
    let (content_type, bytes) = if html {
        (
            "text/html; charset=utf-8",
            Bytes::from_static(b"<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>The upstream sent an invalid response.</p></body></html>"),
        )
    } else {
        // At least one byte short of the whole, and never a complete JSON value.
        let cut = (body.len() / 2).max(1).min(body.len());
        let mut part = body.slice(..cut).to_vec();
        if serde_json::from_slice::<Value>(&part).is_ok() {
            part = b"{\"status\":\"OK\",\"data\":[".to_vec();
        }
        ("application/json", Bytes::from(part))
    };
    let mut out = Response::new(Body::from(bytes));
    out.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    out
}

fn json_response<T: Serialize>(status: StatusCode, value: &T) -> Response {
    let bytes = serde_json::to_vec(value).unwrap_or_default();
    let mut response = Response::new(Body::from(bytes));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

fn error(status: StatusCode, code: u32, message: &str, extra: &[Problem]) -> Response {
    json_response(
        status,
        &ErrorBody {
            status: "ERROR",
            message: message.to_owned(),
            errors: vec![ErrorItem {
                code,
                message: message.to_owned(),
                extra_data: extra.to_vec(),
            }],
        },
    )
}

/// The HTTP 400 of a refusal, with its code (docs/sandbox.md, "Error codes").
fn refusal(r: &Refusal) -> Response {
    let (code, message) = match r {
        Refusal::UnknownEvent => (1001, "Event not found".to_owned()),
        Refusal::UnknownTicket => (1002, "Ticket not found".to_owned()),
        Refusal::UnknownCustomer => (1003, "Customer not found".to_owned()),
        Refusal::NoEdition(why) => (1004, format!("No edition available: {why}")),
        Refusal::Invalid(problems) => {
            return error(StatusCode::BAD_REQUEST, 1005, "Invalid request", problems);
        }
        Refusal::AlreadyEnrolled => (
            1006,
            "The customer is already enrolled in this edition".to_owned(),
        ),
        Refusal::AlreadyRevoked => (1007, "The enrollment is already revoked".to_owned()),
        Refusal::UnknownRecord(what) => (1008, format!("{what} not found")),
        Refusal::NotActive => (
            1009,
            "The event is not active: it takes no enrollment".to_owned(),
        ),
    };
    error(StatusCode::BAD_REQUEST, code, &message, &[])
}

async fn serve(shared: &Shared, request: Request) -> Response {
    match request.headers().get("x-api-key") {
        None => {
            return error(
                StatusCode::UNAUTHORIZED,
                401,
                "Missing API key (X-API-Key)",
                &[],
            );
        }
        Some(key) if key.as_bytes() != shared.api_key.as_bytes() => {
            return error(StatusCode::FORBIDDEN, 403, "Invalid API key", &[]);
        }
        Some(_) => {}
    }
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let query = request.uri().query().unwrap_or("").to_owned();
    let Ok(body) = axum::body::to_bytes(request.into_body(), MAX_BODY).await else {
        return refusal(&Refusal::Invalid(vec![Problem::new(
            "body",
            "too large or unreadable",
        )]));
    };
    route(shared, &method, &path, &query, &body)
}

/// The operation for `method` on `path`: 404 (code 1000) when no operation
/// has that path, 405 (code 1000, `Allow` naming the methods it has) when
/// one has it with another method.
fn route(shared: &Shared, method: &Method, path: &str, query: &str, body: &[u8]) -> Response {
    let segments: Vec<&str> = path.strip_prefix('/').unwrap_or(path).split('/').collect();
    let mut allowed: Vec<&Method> = Vec::new();
    for op in operations() {
        let Some(params) = op.matches(&segments) else {
            continue;
        };
        if op.method != *method {
            if !allowed.contains(&&op.method) {
                allowed.push(&op.method);
            }
            continue;
        }
        let call = Call {
            params,
            query,
            body,
            now: shared.clock.now(),
        };
        return (op.handler)(shared, &call);
    }
    if allowed.is_empty() {
        return error(StatusCode::NOT_FOUND, 1000, "No such operation", &[]);
    }
    let allow = allowed
        .iter()
        .map(|m| m.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let mut response = error(
        StatusCode::METHOD_NOT_ALLOWED,
        1000,
        &format!("{method} is not an operation of this path (it has {allow})"),
        &[],
    );
    if let Ok(value) = HeaderValue::from_str(&allow) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    response
}

/// One request, as an operation sees it.
pub struct Call<'a> {
    /// The path's parameters, in order.
    params: Vec<&'a str>,
    query: &'a str,
    body: &'a [u8],
    now: Ts,
}

impl Call<'_> {
    fn param(&self, i: usize) -> &str {
        self.params.get(i).copied().unwrap_or_default()
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

/// What an operation answers with HTTP 200, for its OpenAPI document.
#[derive(Clone, Copy)]
pub enum Answer {
    /// `{status, data: T}`.
    One(openapi::SchemaFn),
    /// `{status, data: [T], …pagination}`.
    List(openapi::SchemaFn),
    /// `{status}`.
    Done,
}

/// A request body, for the OpenAPI document.
pub type BodyFn = Option<openapi::SchemaFn>;

type Handler = Box<dyn Fn(&Shared, &Call) -> Response + Send + Sync>;

/// One operation of the API.
pub struct Operation {
    /// `operationId`.
    pub id: &'static str,
    pub method: Method,
    /// `/events/{event_id}/tickets`.
    pub path: &'static str,
    pub summary: &'static str,
    /// Its page-size parameter, when it is a list.
    pub page_size: Option<PageSize>,
    pub body: BodyFn,
    /// The codes its HTTP 400 may carry.
    pub codes: &'static [u32],
    pub answer: Answer,
    handler: Handler,
}

impl Operation {
    /// The path's parameters when `segments` are this operation's path
    /// (a parameter is never empty).
    fn matches<'a>(&self, segments: &[&'a str]) -> Option<Vec<&'a str>> {
        let template: Vec<&str> = self.path[1..].split('/').collect();
        if template.len() != segments.len() {
            return None;
        }
        let mut params = Vec::new();
        for (t, s) in template.iter().zip(segments) {
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

/// An operation answering one record of type `T`.
fn one<T: Serialize + ToSchema + 'static>(
    id: &'static str,
    method: Method,
    path: &'static str,
    summary: &'static str,
    codes: &'static [u32],
    f: fn(&Shared, &Call) -> Result<T, Refusal>,
) -> Operation {
    Operation {
        id,
        method,
        path,
        summary,
        page_size: None,
        body: None,
        codes,
        answer: Answer::One(openapi::schema_of::<T>),
        handler: Box::new(move |shared, call| match f(shared, call) {
            Ok(data) => json_response(StatusCode::OK, &wire::One::new(data)),
            Err(r) => refusal(&r),
        }),
    }
}

/// A page of a list.
#[allow(clippy::struct_field_names)]
pub struct Page<T> {
    data: Vec<T>,
    total: usize,
    page: usize,
    size: usize,
    counting: Counting,
}

/// An operation answering a list of `T`, paged by `size`.
fn list<T: Serialize + ToSchema + 'static>(
    id: &'static str,
    path: &'static str,
    summary: &'static str,
    size: PageSize,
    codes: &'static [u32],
    f: fn(&Shared, &Call, PageParams) -> Result<Page<T>, Refusal>,
) -> Operation {
    Operation {
        id,
        method: Method::GET,
        path,
        summary,
        page_size: Some(size),
        body: None,
        codes,
        answer: Answer::List(openapi::schema_of::<T>),
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

/// A write answering `{"status": "OK"}`.
fn write(
    id: &'static str,
    method: Method,
    path: &'static str,
    summary: &'static str,
    body: BodyFn,
    codes: &'static [u32],
    f: fn(&Shared, &Call) -> Result<(), Refusal>,
) -> Operation {
    Operation {
        id,
        method,
        path,
        summary,
        page_size: None,
        body,
        codes,
        answer: Answer::Done,
        handler: Box::new(move |shared, call| match f(shared, call) {
            Ok(()) => json_response(
                StatusCode::OK,
                &wire::Done {
                    status: wire::StatusOk,
                },
            ),
            Err(r) => refusal(&r),
        }),
    }
}

/// Every operation the sandbox serves, in matching order (a path with a
/// literal where another has a parameter comes first).
pub fn operations() -> &'static [Operation] {
    static OPERATIONS: LazyLock<Vec<Operation>> = LazyLock::new(|| {
        use Method as M;
        vec![
            list(
                "listEvents",
                "/events",
                "Main events",
                PageSize::Limit,
                &[1005],
                |s, _, p| {
                    let store = s.store();
                    Ok(slice(
                        &store,
                        store.events.len(),
                        p,
                        Counting::BothStrings,
                        write::event,
                    ))
                },
            ),
            one(
                "getTicket",
                M::GET,
                "/events/tickets/{ticket_id}",
                "One ticket",
                &[1002],
                |s, c| {
                    let store = s.store();
                    let t = store
                        .ticket_by_id(c.id(0, Refusal::UnknownTicket)?)
                        .ok_or(Refusal::UnknownTicket)?;
                    Ok(write::ticket(&store, &store.tickets[t]))
                },
            ),
            write(
                "revokeEnrollment",
                M::PUT,
                "/events/enrollments/{enrollment_id}/revoke",
                "Revoke a ticket: it becomes unenrolled (the enrollment id is the ticket id)",
                None,
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
            write(
                "enrollPerson",
                M::POST,
                "/events/{event_id}/enroll",
                "Enroll a person by e-mail (an existing customer with that e-mail, else a new one)",
                Some(openapi::schema_of::<wire::EnrollPersonBody>),
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
            write(
                "enrollCustomer",
                M::PUT,
                "/events/{event_id}/enrolled/{customer_id}",
                "Enroll an existing customer",
                Some(openapi::schema_of::<wire::EnrollCustomerBody>),
                &[1001, 1003, 1004, 1005, 1006, 1009],
                |s, c| {
                    let kind = enroll::enrollment_type(c.body).map_err(Refusal::Invalid)?;
                    let customer = c.id(1, Refusal::UnknownCustomer)?;
                    enroll_into(s, c, Enrollee::Customer(customer), &kind)
                },
            ),
            list(
                "listOrders",
                "/orders",
                "Orders",
                PageSize::Limit,
                &[1005],
                |s, _, p| {
                    let store = s.store();
                    Ok(slice(
                        &store,
                        store.orders.len(),
                        p,
                        Counting::Ints,
                        |st, i| write::order(st, &st.orders[i]),
                    ))
                },
            ),
            one(
                "getOrder",
                M::GET,
                "/orders/{order_id}",
                "One order",
                &[1008],
                |s, c| {
                    let store = s.store();
                    let o = c
                        .param(0)
                        .parse()
                        .ok()
                        .and_then(|id| store.order_by_id(id))
                        .ok_or(Refusal::UnknownRecord("Order"))?;
                    Ok(write::order_detail(&store, &store.orders[o]))
                },
            ),
            list(
                "listCustomers",
                "/customers",
                "Customers",
                PageSize::Limit,
                &[1005],
                |s, _, p| {
                    let store = s.store();
                    Ok(slice(
                        &store,
                        store.customers.len(),
                        p,
                        Counting::BothStrings,
                        |st, i| write::customer_summary(&st.customers[i]),
                    ))
                },
            ),
            one(
                "getCustomer",
                M::GET,
                "/customers/{customer_id}",
                "One customer",
                &[1003],
                |s, c| {
                    let store = s.store();
                    let i = store
                        .customer_by_id(c.id(0, Refusal::UnknownCustomer)?)
                        .ok_or(Refusal::UnknownCustomer)?;
                    Ok(write::customer_detail(&store, &store.customers[i]))
                },
            ),
            list(
                "listProducts",
                "/products",
                "Products",
                PageSize::Limit,
                &[1005],
                |s, _, p| {
                    let store = s.store();
                    Ok(slice(
                        &store,
                        store.products.len(),
                        p,
                        Counting::Ints,
                        |st, i| write::product(&st.products[i]),
                    ))
                },
            ),
            one(
                "getProduct",
                M::GET,
                "/products/{product_id}",
                "One product",
                &[1008],
                |s, c| {
                    let store = s.store();
                    let p = c
                        .param(0)
                        .parse()
                        .ok()
                        .and_then(|id| store.product_by_id(id))
                        .ok_or(Refusal::UnknownRecord("Product"))?;
                    Ok(write::product_detail(&store.products[p]))
                },
            ),
            list(
                "listCourses",
                "/courses",
                "Courses",
                PageSize::Limit,
                &[1005],
                |s, _, p| {
                    let store = s.store();
                    Ok(slice(
                        &store,
                        store.courses.len(),
                        p,
                        Counting::FilteredString,
                        |st, i| write::course(&st.courses[i]),
                    ))
                },
            ),
            one(
                "getCourse",
                M::GET,
                "/courses/{course_id}",
                "One course",
                &[1008],
                |s, c| {
                    let store = s.store();
                    let i = course(&store, c)?;
                    Ok(write::course_detail(&store, &store.courses[i]))
                },
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
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum EventOrEdition {
    Event(Box<wire::Event>),
    Edition(Box<wire::Edition>),
}

fn course(store: &Store, call: &Call) -> Result<usize, Refusal> {
    call.param(0)
        .parse()
        .ok()
        .and_then(|id| store.course_by_id(id))
        .ok_or(Refusal::UnknownRecord("Course"))
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

/// How `count` / `countFiltered` are written: the spec says either may be a string.
#[derive(Debug, Clone, Copy)]
enum Counting {
    Ints,
    BothStrings,
    CountString,
    FilteredString,
}

#[derive(Debug, Clone, Copy)]
pub struct PageParams {
    page: usize,
    size: usize,
}

pub const DEFAULT_SIZE: usize = 25;
pub const MAX_SIZE: usize = 100;

/// `page` and the size parameter `size_key` (none: one page of everything).
fn page_params(query: &str, size_key: Option<&str>) -> Result<PageParams, Refusal> {
    let mut params = PageParams {
        page: 1,
        size: DEFAULT_SIZE,
    };
    let mut problems = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let slot = if key == "page" {
            &mut params.page
        } else if Some(key) == size_key {
            &mut params.size
        } else {
            continue;
        };
        match value.parse::<usize>() {
            Ok(0) => problems.push(Problem::new(key, "must be at least 1")),
            Ok(n) => *slot = n,
            Err(_) => problems.push(Problem::new(
                key,
                format!("not a positive integer: {value:?}"),
            )),
        }
    }
    params.size = params.size.min(MAX_SIZE);
    if problems.is_empty() {
        Ok(params)
    } else {
        Err(Refusal::Invalid(problems))
    }
}

/// The indices of one page of a list of `len` items: O(page), not O(len).
fn page_slice(len: usize, params: PageParams) -> std::ops::Range<usize> {
    let start = params
        .page
        .saturating_sub(1)
        .saturating_mul(params.size)
        .min(len);
    start..start.saturating_add(params.size).min(len)
}

/// One page of a list of `total` records, `item` writing record `i`.
fn slice<T>(
    store: &Store,
    total: usize,
    params: PageParams,
    counting: Counting,
    item: impl Fn(&Store, usize) -> T,
) -> Page<T> {
    Page {
        data: page_slice(total, params).map(|i| item(store, i)).collect(),
        total,
        page: params.page,
        size: params.size,
        counting,
    }
}

fn paged<T: Serialize>(page: Page<T>) -> Response {
    let Page {
        data,
        total,
        page,
        size,
        counting,
    } = page;
    let pages = total.div_ceil(size.max(1));
    let int = || wire::IntOrString::Int(total as u64);
    let text = || wire::IntOrString::Text(total.to_string());
    let (count, count_filtered) = match counting {
        Counting::Ints => (int(), int()),
        Counting::BothStrings => (text(), text()),
        Counting::CountString => (text(), int()),
        Counting::FilteredString => (int(), text()),
    };
    let body = wire::List {
        status: wire::StatusOk,
        data,
        count_filtered,
        count,
        previous: (page > 1).then(|| page - 1),
        current: page,
        pages,
        next: (page < pages).then(|| page + 1),
    };
    json_response(StatusCode::OK, &body)
}
