//! How the client connects: the key it sends, its timeouts, retries and
//! page concurrency, and the base URLs it agrees to send the key to.

use std::fmt;
use std::net::IpAddr;
use std::sync::Once;
use std::time::Duration;

use reqwest::Url;

use super::super::error::ApiError;
use super::super::paging::Concurrency;

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
    /// Pages fetched at once by [`crate::api::paging::stream_pages`] to start
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
    pub fn pages(&self) -> Concurrency {
        Concurrency::up_to(self.concurrency, self.concurrency_max)
    }
}

/// Installs rustls' ring provider once per process (reqwest is built without
/// one); an error means another part of the program installed one first.
pub(super) fn install_crypto_provider() {
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
