//! The sandbox clock: timestamps as unix seconds, written `YYYY-MM-DD HH:mm:ss`.
//! A pinned `now` makes data and every write's timestamp reproducible.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::civil;

/// Seconds since 1970-01-01 00:00:00 UTC.
pub type Ts = i64;

pub const DAY: Ts = 86_400;
pub const HOUR: Ts = 3_600;

/// Either a fixed instant or the system clock (UTC).
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    pinned: Option<Ts>,
}

impl Clock {
    /// `now` is `YYYY-MM-DD HH:mm:ss`; `None` follows the system clock.
    pub fn new(now: Option<&str>) -> std::io::Result<Self> {
        let pinned = match now {
            None => None,
            Some(text) => Some(parse_timestamp(text).ok_or_else(|| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!("now must be \"YYYY-MM-DD HH:mm:ss\", got {text:?}"),
                )
            })?),
        };
        Ok(Self { pinned })
    }

    pub fn now(self) -> Ts {
        self.pinned.unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| Ts::try_from(d.as_secs()).unwrap_or(0))
        })
    }
}

/// Midnight of the day holding `ts`.
pub fn midnight(ts: Ts) -> Ts {
    ts.div_euclid(DAY) * DAY
}

pub fn parse_timestamp(text: &str) -> Option<Ts> {
    let bytes = text.as_bytes();
    if bytes.len() != 19 || bytes[4] != b'-' || bytes[7] != b'-' || bytes[10] != b' ' {
        return None;
    }
    if bytes[13] != b':' || bytes[16] != b':' {
        return None;
    }
    let num = |range: std::ops::Range<usize>| -> Option<u32> {
        let part = text.get(range)?;
        if part.bytes().all(|b| b.is_ascii_digit()) {
            part.parse().ok()
        } else {
            None
        }
    };
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&month)
        || !(1..=31).contains(&day)
        || hour > 23
        || minute > 59
        || second > 59
    {
        return None;
    }
    let days = civil::to_days(i64::from(year), month, day);
    Some(days * DAY + i64::from(hour * 3600 + minute * 60 + second))
}

/// `YYYY-MM-DD HH:mm:ss`.
pub fn timestamp(ts: Ts) -> String {
    let (y, m, d) = civil::from_days(ts.div_euclid(DAY));
    let secs = ts.rem_euclid(DAY);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// `YYYY-MM-DD`.
pub fn date(ts: Ts) -> String {
    let (y, m, d) = civil::from_days(ts.div_euclid(DAY));
    format!("{y:04}-{m:02}-{d:02}")
}

/// `HH:mm`.
pub fn time_of_day(ts: Ts) -> String {
    let secs = ts.rem_euclid(DAY);
    format!("{:02}:{:02}", secs / 3600, secs / 60 % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let ts = parse_timestamp("2026-03-14 10:05:09").unwrap_or_default();
        assert_eq!(timestamp(ts), "2026-03-14 10:05:09");
        assert_eq!(date(ts + DAY * 20), "2026-04-03");
        assert_eq!(time_of_day(ts), "10:05");
        assert!(parse_timestamp("2026-13-01 00:00:00").is_none());
    }
}
