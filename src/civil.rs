//! Civil dates as days since 1970-01-01, proleptic Gregorian (Howard
//! Hinnant's algorithms): pure arithmetic that the app's clock and the
//! sandbox's share, knowing neither.

/// Days since the epoch to (year, month, day).
pub fn from_days(days: i64) -> (i64, u32, u32) {
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

/// (year, month, day) to days since the epoch.
pub fn to_days(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let month = i64::from(month);
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates_round_trip() {
        assert_eq!(from_days(0), (1970, 1, 1));
        assert_eq!(from_days(-1), (1969, 12, 31));
        assert_eq!(from_days(20_513), (2026, 3, 1));
        for days in -800_000..800_000 {
            let (y, m, d) = from_days(days);
            assert_eq!(to_days(y, m, d), days);
        }
    }
}
