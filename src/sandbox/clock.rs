//! The sandbox clock: timestamps as unix seconds, written `YYYY-MM-DD HH:mm:ss`.
//! A pinned `now` makes data and every write's timestamp reproducible.

use std::time::{SystemTime, UNIX_EPOCH};

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

/// Days since the epoch to (year, month, day), proleptic Gregorian
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year,
        u32::try_from(month).unwrap_or(1),
        u32::try_from(day).unwrap_or(1),
    )
}

fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let month = i64::from(month);
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn parse_timestamp(text: &str) -> Option<Ts> {
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
    let days = days_from_civil(i64::from(year), month, day);
    Some(days * DAY + i64::from(hour * 3600 + minute * 60 + second))
}

/// `YYYY-MM-DD HH:mm:ss`.
pub fn timestamp(ts: Ts) -> String {
    let (y, m, d) = civil_from_days(ts.div_euclid(DAY));
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
    let (y, m, d) = civil_from_days(ts.div_euclid(DAY));
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
