//! The client as the tests configure it.

use std::time::Duration;

use boxoffice::api::{ApiKey, ClientConfig};

/// The client's defaults, but with short backoffs so retries do not slow the suite.
pub fn quick_retries(base: &str, key: &str) -> ClientConfig {
    let mut config = ClientConfig::new(base, ApiKey::new(key));
    config.backoff_base = Duration::from_millis(5);
    config.backoff_cap = Duration::from_millis(20);
    config
}
