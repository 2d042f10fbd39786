//! One axum fallback handler: faults, then auth, then the operation. Routing is
//! a match on path segments, so every unknown path gets the same 404 body.

use std::sync::{Arc, Mutex, PoisonError};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use serde_json::{Value, json};

use super::clock::Clock;
use super::enroll;
use super::faults::{Fault, FaultState};
use super::json as write;
use super::store::{Enrollee, EventRef, Refusal, Store};

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

pub fn router(shared: Arc<Shared>) -> axum::Router {
    axum::Router::new().fallback(handle).with_state(shared)
}

async fn handle(State(shared): State<Arc<Shared>>, request: Request) -> Response {
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

fn json_response(status: StatusCode, value: &Value) -> Response {
    let bytes = serde_json::to_vec(value).unwrap_or_default();
    let mut response = Response::new(Body::from(bytes));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

fn ok(data: Value) -> Response {
    let mut body = serde_json::Map::new();
    body.insert("status".into(), json!("OK"));
    body.insert("data".into(), data);
    json_response(StatusCode::OK, &Value::Object(body))
}

fn ok_empty() -> Response {
    json_response(StatusCode::OK, &json!({"status": "OK"}))
}

fn error(status: StatusCode, code: u32, message: &str, extra: &[Value]) -> Response {
    json_response(
        status,
        &json!({
            "status": "ERROR",
            "message": message,
            "errors": [{"code": code, "message": message, "extra_data": extra}],
        }),
    )
}

fn business(code: u32, message: &str) -> Response {
    error(StatusCode::BAD_REQUEST, code, message, &[])
}

fn invalid(problems: &[Value]) -> Response {
    error(StatusCode::BAD_REQUEST, 1005, "Invalid request", problems)
}

fn refusal(r: &Refusal) -> Response {
    match r {
        Refusal::UnknownEvent => business(1001, "Event not found"),
        Refusal::UnknownTicket => business(1002, "Ticket not found"),
        Refusal::UnknownCustomer => business(1003, "Customer not found"),
        Refusal::NoEdition(why) => business(1004, &format!("No edition available: {why}")),
        Refusal::AlreadyEnrolled => {
            business(1006, "The customer is already enrolled in this edition")
        }
        Refusal::AlreadyRevoked => business(1007, "The enrollment is already revoked"),
    }
}

fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, 1000, "No such operation", &[])
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
        return invalid(&[json!({"field": "body", "problem": "too large or unreadable"})]);
    };
    let segments: Vec<&str> = path.strip_prefix('/').unwrap_or(&path).split('/').collect();
    route(shared, &method, &segments, &query, &body)
}

fn route(
    shared: &Shared,
    method: &Method,
    segments: &[&str],
    query: &str,
    body: &[u8],
) -> Response {
    let get = method == Method::GET;
    let put = method == Method::PUT;
    match (segments, get, put, method == Method::POST) {
        (["events"], true, _, _) => list(
            shared,
            query,
            "limit",
            Counting::BothStrings,
            |s| s.events.len(),
            write::event,
        ),
        (["events", "tickets", id], true, _, _) => {
            let store = shared.store();
            match id.parse::<u64>().ok().and_then(|id| store.ticket_by_id(id)) {
                Some(t) => ok(write::ticket(&store, &store.tickets[t])),
                None => refusal(&Refusal::UnknownTicket),
            }
        }
        (["events", "enrollments", id, "revoke"], _, true, _) => {
            let Ok(id) = id.parse::<u64>() else {
                return refusal(&Refusal::UnknownTicket);
            };
            match shared.store().revoke(id) {
                Ok(()) => ok_empty(),
                Err(r) => refusal(&r),
            }
        }
        (["events", id], true, _, _) => {
            let store = shared.store();
            match store.find_event(id) {
                Some(EventRef::Main(e)) => ok(write::event(&store, e)),
                Some(EventRef::Edition(e)) => ok(write::edition(&store, e)),
                None => refusal(&Refusal::UnknownEvent),
            }
        }
        (["events", id, "variants"], true, _, _) => {
            let store = shared.store();
            let editions: Vec<usize> = match store.find_event(id) {
                Some(EventRef::Main(e)) if store.events[e].hidden_edition => Vec::new(),
                Some(EventRef::Main(e)) => store.events[e].editions.clone(),
                Some(EventRef::Edition(e)) => vec![e],
                None => return refusal(&Refusal::UnknownEvent),
            };
            let data: Vec<Value> = editions
                .iter()
                .map(|&e| write::edition(&store, e))
                .collect();
            let n = data.len();
            paged(data, n, 1, n.max(1), Counting::Ints)
        }
        (["events", id, "tickets"], true, _, _) => tickets(shared, id, query),
        (["events", id, "enroll"], _, _, true) => {
            let person = match enroll::person(body) {
                Ok(p) => p,
                Err(problems) => return invalid(&problems),
            };
            let who = Enrollee::Person {
                email: person.email,
                name: person.name,
                last_name: person.last_name,
            };
            enroll_into(shared, id, who, &person.enrollment_type)
        }
        (["events", id, "enrolled", customer], _, true, _) => {
            let kind = match enroll::enrollment_type(body) {
                Ok(k) => k,
                Err(problems) => return invalid(&problems),
            };
            let Ok(customer) = customer.parse::<u64>() else {
                return refusal(&Refusal::UnknownCustomer);
            };
            enroll_into(shared, id, Enrollee::Customer(customer), &kind)
        }
        (["orders"], true, _, _) => list(
            shared,
            query,
            "limit",
            Counting::Ints,
            |s| s.orders.len(),
            |s, i| write::order(s, &s.orders[i]),
        ),
        (["orders", id], true, _, _) => {
            let store = shared.store();
            match id
                .parse::<u64>()
                .ok()
                .and_then(|id| store.orders.iter().find(|o| o.id == id))
            {
                Some(o) => ok(write::order_detail(&store, o)),
                None => business(1008, "Order not found"),
            }
        }
        (["customers"], true, _, _) => list(
            shared,
            query,
            "limit",
            Counting::BothStrings,
            |s| s.customers.len(),
            |s, i| write::customer_summary(&s.customers[i]),
        ),
        (["customers", id], true, _, _) => {
            let store = shared.store();
            match id
                .parse::<u64>()
                .ok()
                .and_then(|id| store.customer_by_id(id))
            {
                Some(c) => ok(write::customer_detail(&store, &store.customers[c])),
                None => refusal(&Refusal::UnknownCustomer),
            }
        }
        (["products"], true, _, _) => list(
            shared,
            query,
            "limit",
            Counting::Ints,
            |s| s.products.len(),
            |s, i| write::product(&s.products[i]),
        ),
        (["products", id], true, _, _) => {
            let store = shared.store();
            match id
                .parse::<u64>()
                .ok()
                .and_then(|id| store.products.iter().find(|p| p.id == id))
            {
                Some(p) => ok(write::product_detail(p)),
                None => business(1008, "Product not found"),
            }
        }
        (["courses"], true, _, _) => list(
            shared,
            query,
            "limit",
            Counting::FilteredString,
            |s| s.courses.len(),
            |s, i| write::course(&s.courses[i]),
        ),
        (["courses", id], true, _, _) => {
            let store = shared.store();
            match course_index(&store, id) {
                Some(c) => ok(write::course_detail(&store, &store.courses[c])),
                None => business(1008, "Course not found"),
            }
        }
        (["courses", id, "enrollments"], true, _, _) => {
            let params = match page_params(query, "limit") {
                Ok(p) => p,
                Err(response) => return *response,
            };
            let store = shared.store();
            let Some(c) = course_index(&store, id) else {
                return business(1008, "Course not found");
            };
            let all = &store.courses[c].enrollments;
            let data = page_slice(all.len(), params)
                .map(|i| write::course_enrollment(&store, &all[i]))
                .collect();
            paged(data, all.len(), params.page, params.size, Counting::Ints)
        }
        _ => not_found(),
    }
}

fn course_index(store: &Store, id: &str) -> Option<usize> {
    let id = id.parse::<u64>().ok()?;
    store.courses.iter().position(|c| c.id == id)
}

fn enroll_into(shared: &Shared, event: &str, who: Enrollee, kind: &str) -> Response {
    let now = shared.clock.now();
    let mut store = shared.store();
    let Some(target) = store.find_event(event) else {
        return refusal(&Refusal::UnknownEvent);
    };
    match store.enroll(target, who, kind, now) {
        Ok(_) => ok_empty(),
        Err(r) => refusal(&r),
    }
}

fn tickets(shared: &Shared, event: &str, query: &str) -> Response {
    let params = match page_params(query, "per_page") {
        Ok(p) => p,
        Err(response) => return *response,
    };
    let now = shared.clock.now();
    let store = shared.store();
    let edition = match store.find_event(event) {
        Some(EventRef::Main(e)) => store.tickets_edition(e, now),
        Some(EventRef::Edition(e)) => Some(e),
        None => return refusal(&Refusal::UnknownEvent),
    };
    let all: &[usize] = edition.map_or(&[], |e| &store.editions[e].tickets);
    let data = page_slice(all.len(), params)
        .map(|i| write::ticket(&store, &store.tickets[all[i]]))
        .collect();
    paged(
        data,
        all.len(),
        params.page,
        params.size,
        Counting::CountString,
    )
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
struct PageParams {
    page: usize,
    size: usize,
}

const DEFAULT_SIZE: usize = 25;
const MAX_SIZE: usize = 100;

fn page_params(query: &str, size_key: &str) -> Result<PageParams, Box<Response>> {
    let mut params = PageParams {
        page: 1,
        size: DEFAULT_SIZE,
    };
    let mut problems = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let slot = if key == "page" {
            &mut params.page
        } else if key == size_key {
            &mut params.size
        } else {
            continue;
        };
        match value.parse::<usize>() {
            Ok(0) => problems.push(json!({"field": key, "problem": "must be at least 1"})),
            Ok(n) => *slot = n,
            Err(_) => problems.push(
                json!({"field": key, "problem": format!("not a positive integer: {value:?}")}),
            ),
        }
    }
    params.size = params.size.min(MAX_SIZE);
    if problems.is_empty() {
        Ok(params)
    } else {
        Err(Box::new(invalid(&problems)))
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

fn list(
    shared: &Shared,
    query: &str,
    size_key: &str,
    counting: Counting,
    len: impl Fn(&Store) -> usize,
    item: impl Fn(&Store, usize) -> Value,
) -> Response {
    let params = match page_params(query, size_key) {
        Ok(p) => p,
        Err(response) => return *response,
    };
    let store = shared.store();
    let total = len(&store);
    let data = page_slice(total, params).map(|i| item(&store, i)).collect();
    drop(store);
    paged(data, total, params.page, params.size, counting)
}

fn paged(data: Vec<Value>, total: usize, page: usize, size: usize, counting: Counting) -> Response {
    let pages = total.div_ceil(size.max(1));
    let (count, filtered) = match counting {
        Counting::Ints => (json!(total), json!(total)),
        Counting::BothStrings => (json!(total.to_string()), json!(total.to_string())),
        Counting::CountString => (json!(total.to_string()), json!(total)),
        Counting::FilteredString => (json!(total), json!(total.to_string())),
    };
    let mut body = serde_json::Map::new();
    body.insert("status".into(), json!("OK"));
    body.insert("data".into(), Value::Array(data));
    body.insert("countFiltered".into(), filtered);
    body.insert("count".into(), count);
    body.insert(
        "previous".into(),
        if page > 1 {
            json!(page - 1)
        } else {
            Value::Null
        },
    );
    body.insert("current".into(), json!(page));
    body.insert("pages".into(), json!(pages));
    body.insert(
        "next".into(),
        if page < pages {
            json!(page + 1)
        } else {
            Value::Null
        },
    );
    json_response(StatusCode::OK, &Value::Object(body))
}
