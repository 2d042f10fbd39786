//! The Storefront HTTP client: the only code in boxoffice that knows HTTP.
//!
//! Manners (docs/wire-contract.md#the-clients-manners): one shared `reqwest::Client` over rustls;
//! the key in `X-API-Key`, marked sensitive, on every request and nowhere
//! else; connect and request timeouts; no `Referer`; redirects followed only
//! within the base URL's origin; response bodies read in chunks up to a cap;
//! plain `http://` only to loopback. GETs retry transient failures with capped
//! exponential backoff and full jitter, honouring `Retry-After`; writes are
//! sent exactly once.

use std::fmt;
use std::net::IpAddr;
use std::sync::Once;
use std::time::Duration;

use reqwest::header::{self, HeaderMap, HeaderValue};
use reqwest::{Method, StatusCode, Url, redirect};
use serde_json::{Value, json};

use super::error::ApiError;
use super::model::envelope::{self};
use super::model::{
    Course, CourseDetail, CourseEnrollment, Customer, CustomerSummary, Edition, Event, Order,
    OrderDetail, Page, Product, ProductDetail, Record, Ticket,
};
use super::paths;

mod retry;
mod status;

use retry::{backoff, http_date, retry_after, retry_reason};
use status::{ErrorBody, status_error, transport};

/// The API key. Its `Debug` and `Display` never show it.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    pub fn new(key: impl Into<String>) -> Self {
        Self(key.into())
    }
    /// The key itself, for the one place that sends it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

impl fmt::Display for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// How the client connects.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    /// `https://<slug>.<host>`, or `http://127.0.0.1:<port>` for the sandbox.
    pub base_url: String,
    pub api_key: ApiKey,
    pub connect_timeout: Duration,
    /// The deadline of one request — for a read, of all its attempts and
    /// the waits between them together.
    pub timeout: Duration,
    /// Largest response body read, in bytes.
    pub max_body_bytes: usize,
    /// Attempts for a GET (1 = no retry).
    pub max_attempts: u32,
    /// Pages fetched at once by [`super::paging::stream_pages`] to start
    /// with (1: one after the other)…
    pub concurrency: usize,
    /// …and the most it may grow to while the server answers without
    /// pushing back (`concurrency_max`).
    pub concurrency_max: usize,
    /// First retry delay; doubles per attempt (full jitter below it).
    pub backoff_base: Duration,
    /// Longest delay between two attempts chosen by the backoff.
    pub backoff_cap: Duration,
    /// Longest `Retry-After` honoured; a longer one is cut to this.
    pub retry_after_cap: Duration,
}

impl ClientConfig {
    /// The defaults docs/wire-contract.md#the-clients-manners promises for a
    /// base URL and key.
    pub fn new(base_url: impl Into<String>, api_key: ApiKey) -> Self {
        Self {
            base_url: base_url.into(),
            api_key,
            connect_timeout: Duration::from_secs(5),
            timeout: Duration::from_secs(20),
            max_body_bytes: 32 * 1024 * 1024,
            max_attempts: 3,
            concurrency: 8,
            concurrency_max: DEFAULT_CONCURRENCY_MAX,
            backoff_base: Duration::from_millis(200),
            backoff_cap: Duration::from_secs(2),
            retry_after_cap: Duration::from_secs(10),
        }
    }
}

/// How far a list's page requests in flight may grow by default: twice the
/// start, the most a loopback server on two cores was measured to gain from
/// (docs/performance.md).
pub const DEFAULT_CONCURRENCY_MAX: usize = 16;

impl ClientConfig {
    /// The page requests a list keeps in flight: `concurrency` to start
    /// with, growing to `concurrency_max` while the server allows
    /// (`concurrency` 1 stays one after the other).
    pub fn pages(&self) -> super::paging::Concurrency {
        super::paging::Concurrency::up_to(self.concurrency, self.concurrency_max)
    }
}

/// A person enrolled by e-mail (operation 5).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewAttendee {
    pub email: String,
    pub name: String,
    pub last_name: String,
}

/// A cheap-to-clone handle on one shared HTTP client.
#[derive(Debug, Clone)]
pub struct Client {
    config: ClientConfig,
    http: reqwest::Client,
    base: Url,
    key: HeaderValue,
    /// Page work waits while the TUI answers a key (shared by clones).
    foreground: super::Foreground,
}

/// A response read in full: its status, its body and its `Retry-After`.
struct Answer {
    status: StatusCode,
    body: Vec<u8>,
    retry_after: Option<Duration>,
    /// Where a redirect that was not followed pointed (3xx only).
    location: Option<String>,
    /// The `Date` header, as seconds since the epoch.
    date: Option<u64>,
}

/// A successful GET: its status, its body, and how many times the server
/// pushed back (429 or 503) before answering.
struct Got {
    status: u16,
    body: Vec<u8>,
    pushback: u32,
}

/// Installs rustls' ring provider once per process (reqwest is built without
/// one); an error means another part of the program installed one first.
fn install_crypto_provider() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// True for `localhost`, 127.0.0.0/8 and `::1`.
fn is_loopback(url: &Url) -> bool {
    let Some(host) = url.host_str() else {
        return false;
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if let Ok(ip) = host.parse::<IpAddr>() {
        ip.is_loopback()
    } else {
        let host = host.to_ascii_lowercase();
        host == "localhost" || host.ends_with(".localhost")
    }
}

/// Parses and checks a base URL: https anywhere, http only to loopback.
pub fn check_base_url(base_url: &str) -> Result<Url, ApiError> {
    let url = Url::parse(base_url.trim()).map_err(|e| {
        ApiError::Refused(format!(
            "the base URL {:?} is not a valid URL ({e})",
            crate::sanitize::clean(base_url)
        ))
    })?;
    if url.host().is_none() {
        return Err(ApiError::Refused(format!("the base URL {url} has no host")));
    }
    match url.scheme() {
        "https" => {}
        "http" if is_loopback(&url) => {}
        "http" => {
            return Err(ApiError::Refused(format!(
                "refusing to send the API key over plain http:// to {}; use https:// \
                 (plain http is allowed only to localhost / 127.0.0.1 / ::1)",
                url.host_str().unwrap_or_default()
            )));
        }
        other => {
            return Err(ApiError::Refused(format!(
                "the base URL must start with https:// (got {other}://)"
            )));
        }
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(ApiError::Refused(
            "the base URL must not carry a user name or password".into(),
        ));
    }
    Ok(url)
}

/// A request's query (page numbers and sizes) as `page=2&limit=100`, for
/// the diagnostics log.
struct QueryText<'a>(&'a [(&'a str, u32)]);

impl fmt::Display for QueryText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (k, v)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("&")?;
            }
            write!(f, "{k}={v}")?;
        }
        Ok(())
    }
}

/// Milliseconds since `started`, for the diagnostics log.
fn elapsed_ms(started: std::time::Instant) -> u64 {
    u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// What one `GET /events?page=1&limit=1`, sent once, found (for
/// `boxoffice doctor`).
#[derive(Debug)]
pub struct Probe {
    /// `Ok` for a success, else what went wrong.
    pub outcome: Result<(), ApiError>,
    /// True when an HTTP answer came back (any status): the connection, and
    /// TLS for https, worked.
    pub answered: bool,
    /// The answer's `Date` header, as seconds since the epoch.
    pub server_time: Option<u64>,
    /// From sending to the last byte of the answer.
    pub latency: Duration,
}

impl Client {
    pub fn new(config: ClientConfig) -> Result<Self, ApiError> {
        install_crypto_provider();
        let base = check_base_url(&config.base_url)?;
        let mut key = HeaderValue::from_str(config.api_key.expose()).map_err(|_| {
            ApiError::Refused(
                "the API key contains characters that cannot be sent in an HTTP header".into(),
            )
        })?;
        key.set_sensitive(true);

        let origin = base.origin();
        let policy = redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() > 5 {
                attempt.stop()
            } else if attempt.url().origin() == origin {
                attempt.follow()
            } else {
                attempt.stop()
            }
        });
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        let http = reqwest::Client::builder()
            .user_agent(concat!("boxoffice/", env!("CARGO_PKG_VERSION")))
            .default_headers(headers)
            .connect_timeout(config.connect_timeout)
            .timeout(config.timeout)
            .referer(false)
            .redirect(policy)
            .build()
            .map_err(|e| ApiError::Refused(format!("cannot set up the HTTP client: {e}")))?;
        Ok(Self {
            config,
            http,
            base,
            key,
            foreground: super::Foreground::default(),
        })
    }

    pub fn config(&self) -> &ClientConfig {
        &self.config
    }

    /// What the TUI holds while it answers a key; page work waits on it.
    pub fn foreground(&self) -> &super::Foreground {
        &self.foreground
    }

    /// The base URL's host, for a status bar.
    pub fn host(&self) -> &str {
        self.base.host_str().unwrap_or_default()
    }

    fn url(&self, segments: &[String]) -> Url {
        let mut url = self.base.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty().extend(segments);
        }
        url
    }

    /// Sends one request and reads the whole answer (up to the body cap).
    async fn send_once(
        &self,
        method: &Method,
        segments: &[String],
        query: &[(&str, u32)],
        body: Option<&Value>,
    ) -> Result<Answer, ApiError> {
        let url = self.url(segments);
        let path = url.path().to_owned();
        let mut request = self
            .http
            .request(method.clone(), url)
            .header("X-API-Key", self.key.clone());
        if !query.is_empty() {
            request = request.query(query);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let started = std::time::Instant::now();
        // Formatted only when the log is on.
        let query_text = QueryText(query);
        let mut response = match request.send().await {
            Ok(response) => response,
            Err(e) => {
                let error = transport(method, &path, e);
                // The path, not the URL: nothing of the key or a body.
                tracing::warn!(
                    %method,
                    path = %path,
                    query = %query_text,
                    latency_ms = elapsed_ms(started),
                    error = %error,
                    "no answer"
                );
                return Err(error);
            }
        };
        let status = response.status();
        tracing::info!(
            %method,
            path = %path,
            query = %query_text,
            status = status.as_u16(),
            latency_ms = elapsed_ms(started),
            "answered"
        );
        let max = self.config.max_body_bytes;
        let too_large = || {
            ApiError::Refused(format!(
                "the response to {method} {path} is larger than the {max}-byte limit; not read"
            ))
        };
        if response
            .content_length()
            .is_some_and(|n| n > u64::try_from(max).unwrap_or(u64::MAX))
        {
            return Err(too_large());
        }
        let retry_after = retry_after(response.headers());
        let date = response
            .headers()
            .get(header::DATE)
            .and_then(|v| v.to_str().ok())
            .and_then(http_date);
        let location = status.is_redirection().then(|| {
            response
                .headers()
                .get(header::LOCATION)
                .and_then(|v| v.to_str().ok())
                .map(|v| crate::sanitize::clean(v).chars().take(200).collect())
                .unwrap_or_default()
        });
        // Sized once when the length is known (it was checked against the cap).
        let expected = response.content_length().unwrap_or(0);
        let mut bytes = Vec::with_capacity(usize::try_from(expected).unwrap_or(0));
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| transport(method, &path, e))?
        {
            if bytes.len() + chunk.len() > max {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(Answer {
            status,
            body: bytes,
            retry_after,
            location,
            date,
        })
    }

    /// A GET, retried on transient failures; the successful body.
    async fn get(&self, segments: &[String], query: &[(&str, u32)]) -> Result<Got, ApiError> {
        let attempts = self.config.max_attempts.max(1);
        let mut attempt = 1;
        let mut pushback = 0;
        // One deadline for the read: every attempt and every wait together.
        let deadline = tokio::time::Instant::now() + self.config.timeout;
        let out_of_time = || ApiError::Transport {
            message: format!("no answer within {} s", self.config.timeout.as_secs_f64()),
            timeout: true,
        };
        loop {
            let request = self.send_once(&Method::GET, segments, query, None);
            let Ok(answered) = tokio::time::timeout_at(deadline, request).await else {
                return Err(out_of_time());
            };
            let (error, after) = match answered {
                Ok(answer) if answer.status.is_success() => {
                    return Ok(Got {
                        status: answer.status.as_u16(),
                        body: answer.body,
                        pushback,
                    });
                }
                Ok(answer) => (status_error(&answer), answer.retry_after),
                Err(e) => (e, None),
            };
            if attempt >= attempts || !error.is_transient() {
                return Err(error);
            }
            if error.is_pushback() {
                pushback += 1;
            }
            let wait = backoff(&self.config, attempt, after);
            if tokio::time::Instant::now() + wait >= deadline {
                // No time left for another attempt: the last answer stands.
                tracing::warn!(path = %self.url(segments).path(), attempt, "no time left for a retry");
                return Err(error);
            }
            tracing::warn!(
                method = "GET",
                path = %self.url(segments).path(),
                attempt,
                next_attempt = attempt + 1,
                wait_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
                reason = %retry_reason(&error),
                "retrying"
            );
            tokio::time::sleep(wait).await;
            attempt += 1;
        }
    }

    /// One `GET /events?page=1&limit=1`, sent once (no retry), to learn
    /// whether the API answers, accepts the key, and what time it says.
    pub async fn probe(&self) -> Probe {
        let started = tokio::time::Instant::now();
        let query = [(paths::PAGE, 1), (paths::LIMIT, 1)];
        let answer = self
            .send_once(&Method::GET, &paths::events(), &query, None)
            .await;
        let latency = started.elapsed();
        match answer {
            Ok(answer) => Probe {
                outcome: if answer.status.is_success() {
                    Ok(())
                } else {
                    Err(status_error(&answer))
                },
                answered: true,
                server_time: answer.date,
                latency,
            },
            Err(error) => Probe {
                outcome: Err(error),
                answered: false,
                server_time: None,
                latency,
            },
        }
    }

    /// A write, sent exactly once. A 2xx is success when its body is empty or
    /// JSON that does not say `status: ERROR`. A 2xx whose body is not JSON
    /// (an HTML page from a proxy, a truncated answer) leaves the outcome
    /// unknown, so it is a [`ApiError::Body`], never a success.
    async fn write(
        &self,
        method: Method,
        segments: &[String],
        body: Option<&Value>,
    ) -> Result<(), ApiError> {
        let answer = self.send_once(&method, segments, &[], body).await?;
        if !answer.status.is_success() {
            return Err(status_error(&answer));
        }
        if answer.body.iter().all(u8::is_ascii_whitespace) {
            return Ok(());
        }
        let value = envelope::parse_json(&answer.body).map_err(|error| ApiError::Body {
            status: answer.status.as_u16(),
            error,
        })?;
        if value.get("status").and_then(Value::as_str) == Some("ERROR") {
            let parsed = crate::tree::read::<ErrorBody>(&value);
            return Err(match parsed {
                Ok(e) => ApiError::Api {
                    message: e.message,
                    errors: e.errors,
                },
                Err(_) => ApiError::Api {
                    message: "the server answered status ERROR".into(),
                    errors: Vec::new(),
                },
            });
        }
        Ok(())
    }

    /// `GET` a list page at `segments` and read it.
    ///
    /// The page is parsed, sanitised and decoded on tokio's blocking pool:
    /// that is the CPU-heavy part of a list (about 1 ms per 100 tickets), and
    /// off the task that drives the requests it runs on the other core while
    /// the next answers are awaited, instead of holding up the whole stream.
    pub async fn get_page<T: Record>(
        &self,
        segments: &[String],
        query: &[(&str, u32)],
        paginated: bool,
    ) -> Result<Page<T>, ApiError> {
        // A success whose body cannot be read as a page (a proxy's page, a
        // truncated answer) is read again, like a transient failure.
        let mut attempt = 1;
        loop {
            let Got {
                status,
                body,
                pushback,
            } = self.get(segments, query).await?;
            // The answer is in: a stream sends its next request now, not
            // after this page is decoded.
            super::paging::answered();
            // A key being answered has the CPU first.
            self.foreground.wait().await;
            let decoded =
                crate::blocking::run(move || envelope::decode_page(&body, paginated)).await;
            let page = match decoded {
                Ok(page) => page,
                Err(crate::blocking::Stopped::Panic(payload)) => std::panic::resume_unwind(payload),
                // Only when the runtime shuts down under us.
                Err(e) => {
                    return Err(ApiError::Refused(format!(
                        "decoding a page was stopped: {e}"
                    )));
                }
            };
            match page {
                Ok(mut page) => {
                    page.pushback = pushback;
                    return Ok(page);
                }
                Err(_) if attempt < self.config.max_attempts.max(1) => {
                    self.unreadable_again(segments, attempt).await;
                    attempt += 1;
                }
                Err(error) => return Err(ApiError::Body { status, error }),
            }
        }
    }

    /// `GET` one record at `segments`: the record and its raw JSON. A
    /// success that cannot be read (a proxy's page, a truncated answer) is
    /// read again as a list page is: a single record is read as patiently.
    pub async fn get_one<T: Record>(&self, segments: &[String]) -> Result<(T, Value), ApiError> {
        let mut attempt = 1;
        loop {
            let got = self.get(segments, &[]).await?;
            match envelope::decode_one(&got.body) {
                Ok(one) => return Ok(one),
                Err(_) if attempt < self.config.max_attempts.max(1) => {
                    self.unreadable_again(segments, attempt).await;
                    attempt += 1;
                }
                Err(error) => {
                    return Err(ApiError::Body {
                        status: got.status,
                        error,
                    });
                }
            }
        }
    }

    /// The wait before round `round` of reading a write's target again
    /// ([`super::settle`]): the reads' backoff.
    pub(crate) async fn wait_before_again(&self, round: u32) {
        tokio::time::sleep(backoff(&self.config, round, None)).await;
    }

    /// A success that could not be read, before reading it again: logged,
    /// then the backoff's wait.
    async fn unreadable_again(&self, segments: &[String], attempt: u32) {
        tracing::warn!(
            path = %self.url(segments).path(),
            attempt,
            "a success that is not a readable answer; reading it again"
        );
        tokio::time::sleep(backoff(&self.config, attempt, None)).await;
    }

    /// A `page` + `limit` list.
    async fn list<T: Record>(
        &self,
        segments: &[String],
        page: u32,
        limit: u32,
    ) -> Result<Page<T>, ApiError> {
        self.get_page(
            segments,
            &[(paths::PAGE, page.max(1)), (paths::LIMIT, limit.max(1))],
            true,
        )
        .await
    }

    /// Operation 1: `GET /events?page&limit`.
    pub async fn events(&self, page: u32, limit: u32) -> Result<Page<Event>, ApiError> {
        self.list(&paths::events(), page, limit).await
    }
    /// Operation 2: `GET /events/{id|hash}`: the event and its raw JSON.
    pub async fn event(&self, id_or_hash: &str) -> Result<(Event, Value), ApiError> {
        self.get_one(&paths::event(id_or_hash)).await
    }
    /// Operation 3: `GET /events/{id}/variants`.
    pub async fn editions(&self, event_id: u64) -> Result<Page<Edition>, ApiError> {
        self.get_page(&paths::editions(event_id), &[], false).await
    }
    /// Operation 4: `PUT /events/{id}/enrolled/{customer_id}`. Sent once.
    pub async fn enroll_customer(
        &self,
        event_id: u64,
        customer_id: u64,
        enrollment_type: &str,
    ) -> Result<(), ApiError> {
        let body = json!({ "enrollment_type": enrollment_type });
        self.write(
            Method::PUT,
            &paths::enroll_customer(event_id, customer_id),
            Some(&body),
        )
        .await
    }
    /// Operation 5: `POST /events/{id}/enroll`. Sent once.
    pub async fn enroll_by_email(
        &self,
        event_id: u64,
        person: &NewAttendee,
        enrollment_type: &str,
    ) -> Result<(), ApiError> {
        let body = json!({
            "customer": {
                "email": person.email,
                "name": person.name,
                "last_name": person.last_name,
            },
            "enrollment_type": enrollment_type,
        });
        self.write(Method::POST, &paths::enroll_by_email(event_id), Some(&body))
            .await
    }
    /// Operation 6: `GET /events/{id}/tickets?page&per_page`.
    pub async fn tickets(
        &self,
        event_id: u64,
        page: u32,
        per_page: u32,
    ) -> Result<Page<Ticket>, ApiError> {
        self.get_page(
            &paths::tickets(event_id),
            &[
                (paths::PAGE, page.max(1)),
                (paths::PER_PAGE, per_page.max(1)),
            ],
            true,
        )
        .await
    }
    /// Operation 7: `GET /events/tickets/{id}`: the ticket and its raw JSON.
    pub async fn ticket(&self, ticket_id: u64) -> Result<(Ticket, Value), ApiError> {
        self.get_one(&paths::ticket(ticket_id)).await
    }
    /// Operation 8: `PUT /events/enrollments/{ticket_id}/revoke`. Sent once.
    pub async fn revoke(&self, enrollment_id: u64) -> Result<(), ApiError> {
        self.write(Method::PUT, &paths::revoke(enrollment_id), None)
            .await
    }
    /// `GET /customers?page&limit`.
    pub async fn customers(
        &self,
        page: u32,
        limit: u32,
    ) -> Result<Page<CustomerSummary>, ApiError> {
        self.list(&paths::customers(), page, limit).await
    }
    /// `GET /customers/{id}`: the customer and its raw JSON.
    pub async fn customer(&self, customer_id: u64) -> Result<(Customer, Value), ApiError> {
        self.get_one(&paths::customer(customer_id)).await
    }
    /// `GET /orders?page&limit`.
    pub async fn orders(&self, page: u32, limit: u32) -> Result<Page<Order>, ApiError> {
        self.list(&paths::orders(), page, limit).await
    }
    /// `GET /orders/{id}`: the order and its raw JSON.
    pub async fn order(&self, order_id: u64) -> Result<(OrderDetail, Value), ApiError> {
        self.get_one(&paths::order(order_id)).await
    }
    /// `GET /products?page&limit`.
    pub async fn products(&self, page: u32, limit: u32) -> Result<Page<Product>, ApiError> {
        self.list(&paths::products(), page, limit).await
    }
    /// `GET /products/{id}`: the product and its raw JSON.
    pub async fn product(&self, product_id: u64) -> Result<(ProductDetail, Value), ApiError> {
        self.get_one(&paths::product(product_id)).await
    }
    /// `GET /courses?page&limit`.
    pub async fn courses(&self, page: u32, limit: u32) -> Result<Page<Course>, ApiError> {
        self.list(&paths::courses(), page, limit).await
    }
    /// `GET /courses/{id}`: the course and its raw JSON.
    pub async fn course(&self, course_id: u64) -> Result<(CourseDetail, Value), ApiError> {
        self.get_one(&paths::course(course_id)).await
    }
    /// `GET /courses/{id}/enrollments?page&limit`.
    pub async fn course_enrollments(
        &self,
        course_id: u64,
        page: u32,
        limit: u32,
    ) -> Result<Page<CourseEnrollment>, ApiError> {
        self.list(&paths::course_enrollments(course_id), page, limit)
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::check_base_url;

    #[test]
    fn a_host_name_in_unicode_is_read_as_its_ascii_form() {
        // UTS 46 through url's IDNA (idna_adapter's unicode-rs back end,
        // Cargo.toml): mapped (case, width) and written in Punycode, the
        // form DNS and TLS see. A back end without Unicode data would
        // refuse these.
        for (written, host) in [
            ("https://Bücher.example/api", "xn--bcher-kva.example"),
            ("https://ＢＯＸ.example", "box.example"),
            ("https://kassé.example", "xn--kass-epa.example"),
        ] {
            let url = check_base_url(written).unwrap();
            assert_eq!(url.host_str(), Some(host), "{written}");
        }
        // A label UTS 46 forbids (a leading combining mark) is refused, not sent.
        assert!(check_base_url("https://\u{0301}a.example").is_err());
    }
}
