//! A recording HTTP server on loopback with canned answers, for the client's
//! async tests and the binary's blocking tests alike: it runs on its own
//! thread and runtime, so it neither needs nor blocks the test's runtime.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use tokio::sync::oneshot;

/// One request as the server saw it.
#[derive(Debug, Clone)]
pub struct Seen {
    pub method: String,
    pub path: String,
    /// `None` when the URL had no `?`.
    pub query: Option<String>,
    pub headers: HeaderMap,
    /// The body when it was JSON.
    pub body: Option<Value>,
}

impl Seen {
    /// The `X-API-Key` header as text.
    pub fn key(&self) -> Option<&str> {
        self.headers
            .get("x-api-key")
            .map(|v| v.to_str().expect("an ASCII key"))
    }

    /// The `page` query parameter, 1 when absent (as the API reads it).
    pub fn page(&self) -> u32 {
        self.query
            .as_deref()
            .unwrap_or("")
            .split('&')
            .find_map(|kv| kv.strip_prefix("page="))
            .and_then(|v| v.parse().ok())
            .unwrap_or(1)
    }
}

/// Answers a request given what was seen and its index among all requests
/// (0 for the first), so a test can script "fail twice, then answer".
type Responder = dyn Fn(&Seen, usize) -> Response + Send + Sync;

#[derive(Clone)]
struct Recorder {
    seen: Arc<Mutex<Vec<Seen>>>,
    respond: Arc<Responder>,
}

async fn record(
    State(recorder): State<Recorder>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let seen = Seen {
        method: method.to_string(),
        path: uri.path().to_owned(),
        query: uri.query().map(str::to_owned),
        headers,
        body: serde_json::from_slice(&body).ok(),
    };
    let n = {
        let mut all = recorder.seen.lock().unwrap();
        all.push(seen.clone());
        all.len() - 1
    };
    (recorder.respond)(&seen, n)
}

/// A recording server, serving until dropped.
pub struct MockServer {
    background: Background,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl MockServer {
    /// Starts a server that records every request and answers with `respond`.
    /// It accepts connections as soon as this returns.
    pub fn start(respond: impl Fn(&Seen, usize) -> Response + Send + Sync + 'static) -> Self {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let recorder = Recorder {
            seen: Arc::clone(&seen),
            respond: Arc::new(respond),
        };
        let app = Router::new().fallback(record).with_state(recorder);
        let background = Background::start(|listener| async move {
            axum::serve(listener, app).await.unwrap();
        });
        Self { background, seen }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base(&self) -> &str {
        &self.background.base
    }

    /// The requests so far, in the order they arrived.
    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

/// A server that accepts connections and never answers, to test timeouts.
pub struct SilentServer(Background, Arc<std::sync::atomic::AtomicUsize>);

impl SilentServer {
    pub fn start() -> Self {
        let accepted = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = Arc::clone(&accepted);
        Self(
            Background::start(|listener| async move {
                let mut held = Vec::new();
                while let Ok((socket, _)) = listener.accept().await {
                    count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    held.push(socket);
                }
            }),
            accepted,
        )
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base(&self) -> &str {
        &self.0.base
    }

    /// Connections accepted so far.
    pub fn accepted(&self) -> usize {
        self.1.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// A listener on loopback served by a future on a thread of its own. The
/// socket is bound before the thread starts, so a client may connect at once;
/// dropping this stops the runtime and every connection with it.
struct Background {
    base: String,
    _stop: oneshot::Sender<()>,
}

impl Background {
    fn start<F, Fut>(serve: F) -> Self
    where
        F: FnOnce(tokio::net::TcpListener) -> Fut + Send + 'static,
        Fut: Future<Output = ()>,
    {
        let listener = std::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)))
            .expect("bind a loopback port");
        listener.set_nonblocking(true).unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = oneshot::channel::<()>();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).unwrap();
                tokio::select! {
                    () = serve(listener) => {}
                    _ = stopped => {}
                }
            });
        });
        Self { base, _stop: stop }
    }
}

/// A JSON answer with the given status.
pub fn json_response(status: u16, body: &Value) -> Response {
    (
        StatusCode::from_u16(status).unwrap(),
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// A 200 JSON answer.
pub fn ok(body: &Value) -> Response {
    json_response(200, body)
}

/// A 200 answer whose JSON body is `text` exactly as written (for numbers a
/// `Value` would not keep digit for digit, or bodies no builder makes).
pub fn ok_text(text: &str) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        text.to_owned(),
    )
        .into_response()
}

/// The reads every write makes first (docs/safety.md, "Read before
/// sending"), answered as the API would for a confirmed ticket and an
/// event that has not ended: `GET /events/tickets/{id}` and `GET
/// /events/{id}`; `None` for any other request.
pub fn read_first(seen: &Seen) -> Option<Response> {
    if seen.method != "GET" {
        return None;
    }
    let parts: Vec<&str> = seen.path.trim_matches('/').split('/').collect();
    match parts.as_slice() {
        ["events", "tickets", id] => Some(ok(&super::json::one(&super::json::ticket(
            id.parse().ok()?,
        )))),
        ["events", id] => Some(ok(&super::json::one(&super::json::event(id.parse().ok()?)))),
        // An enroll reads what the person holds first: nothing here.
        ["events", _, "tickets" | "variants"] => {
            Some(ok(&super::json::list(&serde_json::json!([]), 1, 1, 0)))
        }
        _ => None,
    }
}
