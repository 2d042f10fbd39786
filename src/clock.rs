//! The wall clock, as the app reads it: UTC dates and times as text
//! ("YYYY-MM-DD", "YYYY-MM-DD HH:MM:SS", which order as they read), or a
//! pinned time (the demo's `BOXOFFICE_DEMO_NOW`). Only effects and the
//! runtime read it; `update` is told the time as a message.

/// The date `days` after 1970-01-01, as "YYYY-MM-DD" (proleptic Gregorian).
pub fn civil_date(days: i64) -> String {
    let (y, m, d) = crate::civil::from_days(days);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Today's date in UTC, or the date part of `pinned` ("YYYY-MM-DD …",
/// the demo's clock).
pub fn today(pinned: Option<&str>) -> String {
    if let Some(p) = pinned.and_then(|p| p.get(..10)) {
        return p.to_string();
    }
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date(i64::try_from(secs / 86_400).unwrap_or(0))
}

/// The day before `date` ("YYYY-MM-DD"), as text; `date` itself when it
/// does not read as a date.
pub fn day_before(date: &str) -> String {
    days_from_date(date).map_or_else(|| date.to_string(), |d| civil_date(d - 1))
}

/// Now in UTC as "YYYY-MM-DD HH:MM:SS", or `pinned` as it is.
pub fn now_utc(pinned: Option<&str>) -> String {
    if let Some(p) = pinned {
        return p.to_string();
    }
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let day = civil_date(i64::try_from(secs / 86_400).unwrap_or(0));
    let s = secs % 86_400;
    format!("{day} {:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// `at` ("YYYY-MM-DD HH:MM:SS") minus `seconds`, as text; `at` itself when
/// it does not read as a time.
pub fn seconds_before(at: &str, seconds: u64) -> String {
    let parse = |r: std::ops::Range<usize>| at.get(r).and_then(|s| s.parse::<i64>().ok());
    let (Some(h), Some(m), Some(s)) = (parse(11..13), parse(14..16), parse(17..19)) else {
        return at.to_string();
    };
    let Some(day) = at.get(..10).and_then(days_from_date) else {
        return at.to_string();
    };
    let total = day * 86_400 + h * 3600 + m * 60 + s - i64::try_from(seconds).unwrap_or(0);
    let (day, s) = (total.div_euclid(86_400), total.rem_euclid(86_400));
    format!(
        "{} {:02}:{:02}:{:02}",
        civil_date(day),
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

/// Days since 1970-01-01 of "YYYY-MM-DD".
pub fn days_from_date(date: &str) -> Option<i64> {
    let parse = |r: std::ops::Range<usize>| date.get(r).and_then(|s| s.parse::<i64>().ok());
    let (y, m, d) = (parse(0..4)?, parse(5..7)?, parse(8..10)?);
    let (m, d) = (u32::try_from(m).ok()?, u32::try_from(d).ok()?);
    Some(crate::civil::to_days(y, m, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_count_from_the_epoch_both_ways() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(20_513), "2026-03-01");
        assert_eq!(civil_date(-1), "1969-12-31");
        assert_eq!(days_from_date("2026-03-01"), Some(20_513));
        assert_eq!(day_before("2026-03-01"), "2026-02-28");
        assert_eq!(day_before("2024-03-01"), "2024-02-29");
        assert_eq!(day_before("2027-01-01"), "2026-12-31");
        assert_eq!(day_before("garbage"), "garbage");
        assert_eq!(today(Some("2026-11-26 10:00:00")), "2026-11-26");
        assert_eq!(now_utc(Some("2026-11-26 10:00:00")), "2026-11-26 10:00:00");
        assert_eq!(now_utc(None).len(), 19);
        assert_eq!(
            seconds_before("2026-03-01 00:04:00", 300),
            "2026-02-28 23:59:00"
        );
        assert_eq!(seconds_before("soon", 300), "soon");
    }
}
