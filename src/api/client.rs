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
use std::time::Duration;

use reqwest::header::{self, HeaderMap, HeaderValue};
use reqwest::{Method, StatusCode, Url, redirect};
use serde_json::Value;

use super::error::ApiError;
use super::model::envelope::{self};
use super::model::{Page, Record};
use super::paths;

mod config;
mod operations;
mod retry;
mod status;

use config::install_crypto_provider;
pub use config::{ApiKey, ClientConfig, DEFAULT_CONCURRENCY_MAX, check_base_url};
pub use operations::NewAttendee;

use retry::{backoff, http_date, retry_after, retry_reason};
use status::{ErrorBody, status_error, transport};

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
}
