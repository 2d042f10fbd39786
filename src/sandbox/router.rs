//! One axum fallback handler: `/openapi.json`, then faults, then auth, then
//! the operation of the path and method. The operations are one table
//! (`operations.rs`): the router serves exactly its entries and the OpenAPI
//! document lists exactly them, each with the type its handler answers, so
//! neither can drift.

use std::sync::{Arc, PoisonError};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use serde_json::Value;

use super::faults::Fault;
use super::openapi::{self, OPENAPI_PATH};
use super::operations::{Call, operations};
use super::respond::{Shared, error, refusal};
use super::store::Refusal;
use super::wire::Problem;

const MAX_BODY: usize = 1024 * 1024;

/// The requests the sandbox remembers at most (about 100 MB).
const SEEN_MAX: usize = 1_000_000;

pub fn router(shared: Arc<Shared>) -> axum::Router {
    axum::Router::new().fallback(handle).with_state(shared)
}

async fn handle(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    if request.uri().path() == OPENAPI_PATH && request.method() == Method::GET {
        return document();
    }
    let _busy = shared.busy.enter();
    let (delay, fault) = shared
        .faults
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .decide(request.method() != Method::GET);
    {
        let mut seen = shared.seen.lock().unwrap_or_else(PoisonError::into_inner);
        // Bounded: a sandbox left serving for days keeps the first million.
        if seen.len() < SEEN_MAX {
            seen.push(super::respond::Served {
                method: request.method().to_string(),
                path: request.uri().path().to_owned(),
                fault: fault.word(),
            });
        }
    }
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

/// The OpenAPI document (checked in, compiled in).
fn document() -> Response {
    let mut response = Response::new(Body::from(openapi::JSON));
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
        return op.answer(shared, &call);
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
