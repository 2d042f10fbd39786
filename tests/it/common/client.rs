//! The client as the tests configure it.

use std::time::Duration;

use boxoffice::api::{ApiKey, ClientConfig};

/// The client's defaults, but with short backoffs so retries do not slow the
/// suite, and 5 s of patience (a loopback sandbox answers in milliseconds):
/// a write whose outcome is read again against a server that keeps failing
/// gives up after it, not after the default's 20 s.
pub fn quick_retries(base: &str, key: &str) -> ClientConfig {
    let mut config = ClientConfig::new(base, ApiKey::new(key));
    config.backoff_base = Duration::from_millis(5);
    config.backoff_cap = Duration::from_millis(20);
    config.timeout = Duration::from_secs(5);
    config
}
