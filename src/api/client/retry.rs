//! When a GET is tried again, and after how long: exponential backoff with
//! full jitter, or the server's `Retry-After` (capped).

use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use reqwest::header::{self, HeaderMap};

use super::ClientConfig;
use crate::api::error::ApiError;

/// A cheap random number: a process-wide counter hashed by a randomly keyed
/// `SipHash`. Good enough for jitter; not for anything secret.
fn cheap_random() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    RandomState::new().hash_one(n)
}

/// A uniformly random duration in `[0, max]` (full jitter).
fn jitter(max: Duration) -> Duration {
    let nanos = u64::try_from(max.as_nanos()).unwrap_or(u64::MAX);
    if nanos == 0 {
        return Duration::ZERO;
    }
    Duration::from_nanos(cheap_random() % nanos.saturating_add(1))
}

/// The delay before attempt `attempt + 1` (attempt counts from 1).
pub(super) fn backoff(
    config: &ClientConfig,
    attempt: u32,
    retry_after: Option<Duration>,
) -> Duration {
    if let Some(after) = retry_after {
        return after.min(config.retry_after_cap);
    }
    let exp = 1u32 << attempt.saturating_sub(1).min(16);
    let ceiling = config
        .backoff_base
        .saturating_mul(exp)
        .min(config.backoff_cap);
    jitter(ceiling)
}

/// `Retry-After` as delay-seconds or as an HTTP date (the delay until it).
pub(super) fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get(header::RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    http_date(value).map(|at| Duration::from_secs(at.saturating_sub(now)))
}

/// Seconds since the epoch of an HTTP date in its preferred form
/// (IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`); `None` for another form.
pub(super) fn http_date(text: &str) -> Option<u64> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let mut parts = text.split_whitespace();
    let (_day_name, day, month, year, time, zone) = (
        parts.next()?,
        parts.next()?,
        parts.next()?,
        parts.next()?,
        parts.next()?,
        parts.next()?,
    );
    if zone != "GMT" || parts.next().is_some() {
        return None;
    }
    let month = MONTHS.iter().position(|m| *m == month)? + 1;
    let day: u32 = day.parse().ok()?;
    let date = format!("{year}-{month:02}-{day:02}");
    let days = crate::clock::days_from_date(&date)?;
    let mut hms = time.split(':').map(str::parse::<i64>);
    let (h, m, s) = (hms.next()?.ok()?, hms.next()?.ok()?, hms.next()?.ok()?);
    u64::try_from(days * 86_400 + h * 3600 + m * 60 + s).ok()
}

/// Why a GET is tried again, for the diagnostics log: the status or the
/// kind of failure, never the body's message.
pub(super) fn retry_reason(error: &ApiError) -> String {
    match error {
        ApiError::Status { status, .. } | ApiError::Body { status, .. } => {
            format!("HTTP {status}")
        }
        ApiError::Transport { timeout: true, .. } => "timeout".into(),
        ApiError::Transport { .. } => "network error".into(),
        ApiError::Auth { status, .. } => format!("HTTP {status}"),
        ApiError::Api { .. } => "HTTP 400".into(),
        ApiError::Refused(_) => "refused".into(),
        ApiError::NotApplied(_) | ApiError::Unsettled(_) => "settled".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::http_date;

    #[test]
    fn http_dates_read_as_seconds_since_the_epoch() {
        assert_eq!(
            http_date("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(784_111_777)
        );
        assert_eq!(
            http_date("Thu, 26 Nov 2026 10:00:00 GMT"),
            Some(1_795_687_200)
        );
        assert_eq!(http_date("Sunday, 06-Nov-94 08:49:37 GMT"), None);
        assert_eq!(http_date("06 Nov 1994 08:49:37"), None);
        assert_eq!(http_date("Sun, 06 Foo 1994 08:49:37 GMT"), None);
    }
}
