//! What a handler answers with: the state it shares, a JSON body, and the
//! error envelope of a refusal (docs/sandbox.md#error-codes). Below both the
//! router and the operation table, which answer through it.

use std::sync::{Mutex, PoisonError};

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use serde::Serialize;

use super::clock::Clock;
use super::faults::FaultState;
use super::store::{Refusal, Store};
use super::wire::{ErrorBody, ErrorItem, Problem};

/// Everything the handler shares.
#[derive(Debug)]
pub struct Shared {
    pub store: Mutex<Store>,
    pub faults: Mutex<FaultState>,
    pub clock: Clock,
    pub api_key: String,
    /// Every request but the OpenAPI document's, in the order it came.
    pub seen: Mutex<Vec<Served>>,
    /// Requests being answered now, and the most at once so far.
    pub busy: Busy,
}

/// Requests being answered at once: what a client keeps in flight, as the
/// server sees it.
#[derive(Debug, Default)]
pub struct Busy {
    now: std::sync::atomic::AtomicUsize,
    pub peak: std::sync::atomic::AtomicUsize,
}

impl Busy {
    /// One more request being answered, until the guard is dropped.
    pub fn enter(&self) -> BusyGuard<'_> {
        use std::sync::atomic::Ordering::SeqCst;
        let now = self.now.fetch_add(1, SeqCst) + 1;
        self.peak.fetch_max(now, SeqCst);
        BusyGuard(self)
    }
}

/// A request being answered ([`Busy::enter`]).
pub struct BusyGuard<'a>(&'a Busy);

impl Drop for BusyGuard<'_> {
    fn drop(&mut self) {
        self.0.now.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// One request as the sandbox saw it: what was asked and what it did to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Served {
    pub method: String,
    pub path: String,
    /// The fault injected (`none`, `rate-limited`, `reset`, `failed`,
    /// `malformed`): a reset and a failure never reach the store; a
    /// malformed answer did, and only its answer was garbled.
    pub fault: &'static str,
}

impl Shared {
    pub fn store(&self) -> std::sync::MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

pub fn json_response<T: Serialize>(status: StatusCode, value: &T) -> Response {
    let bytes = serde_json::to_vec(value).unwrap_or_default();
    let mut response = Response::new(Body::from(bytes));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

pub fn error(status: StatusCode, code: u32, message: &str, extra: &[Problem]) -> Response {
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
pub fn refusal(r: &Refusal) -> Response {
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
