//! An event's time zone: its civil times (what the API writes in
//! `start_datetime`, `end_datetime`, `from_time`… "in the event's
//! timezone") turned into instants and back. The app and the sandbox both
//! judge "has it ended", "is the door open" here, so they agree.
//!
//! Times are counted in seconds: an *instant* since 1970-01-01 00:00:00
//! UTC; a *civil* time as the same count read on the zone's wall clock
//! (`2026-12-01 09:00:00` is the same number in every zone; where it falls
//! differs). The IANA database is bundled (jiff's `tzdb-bundle-always`),
//! so a machine without `/usr/share/zoneinfo` reads every zone, and every
//! machine reads them alike.
//!
//! The rule for a civil time that does not exist or exists twice
//! (docs/desk.md, "Time zones") is RFC 5545's and jiff's "compatible":
//! - in a gap (the clocks jump forward, 02:00 → 03:00), it is read with
//!   the offset in force before the gap, so it lands as far past the jump
//!   as it was past the gap's start: 02:30 is 03:30;
//! - in a fold (the clocks go back, 03:00 → 02:00), it is the first
//!   (earlier) of its two instants.
//!
//! A zone that is not named or not known is UTC (as the app read every
//! time before zones were real).

use jiff::Timestamp;
use jiff::civil::DateTime;
use jiff::tz::TimeZone;

/// Seconds in a day.
const DAY: i64 = 86_400;

/// An event's time zone.
#[derive(Debug, Clone)]
pub struct Zone {
    tz: TimeZone,
    name: String,
}

impl Zone {
    /// The zone `name` (IANA: "Asia/Tokyo"); UTC when empty or unknown.
    pub fn named(name: &str) -> Self {
        Self::known(name).unwrap_or_else(Self::utc)
    }

    /// The zone `name`, when the database knows it.
    pub fn known(name: &str) -> Option<Self> {
        let name = name.trim();
        if name.is_empty() {
            return None;
        }
        TimeZone::get(name).ok().map(|tz| Self {
            tz,
            name: name.to_string(),
        })
    }

    pub fn utc() -> Self {
        Self {
            tz: TimeZone::UTC,
            name: "UTC".into(),
        }
    }

    /// Whether `other` names this zone (UTC's several names are one).
    pub fn is_named(&self, other: &str) -> bool {
        same_zone(&self.name, other)
    }

    /// Its IANA name ("UTC" for UTC and for a zone not known).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The instant of civil time `civil` here (the module's rule for a
    /// time in a gap or a fold).
    pub fn instant(&self, civil: i64) -> i64 {
        let Some(dt) = datetime(civil) else {
            return civil;
        };
        self.tz
            .to_ambiguous_timestamp(dt)
            .compatible()
            .map_or(civil, Timestamp::as_second)
    }

    /// The civil time here at `instant`.
    pub fn civil(&self, instant: i64) -> i64 {
        Timestamp::from_second(instant).map_or(instant, |t| instant + self.offset(t))
    }

    /// The zone's offset from UTC at `instant`, in seconds.
    pub fn offset_at(&self, instant: i64) -> i64 {
        Timestamp::from_second(instant).map_or(0, |t| self.offset(t))
    }

    fn offset(&self, t: Timestamp) -> i64 {
        i64::from(self.tz.to_offset(t).seconds())
    }

    /// "YYYY-MM-DD HH:MM[:SS]" read here, as the UTC text the app's clock
    /// keeps ("YYYY-MM-DD HH:MM:SS").
    pub fn utc_text(&self, civil_text: &str) -> Option<String> {
        civil_secs(civil_text).map(|c| text(self.instant(c)))
    }

    /// A UTC text ("YYYY-MM-DD HH:MM:SS") as this zone's civil text.
    pub fn civil_text(&self, utc_text: &str) -> Option<String> {
        civil_secs(utc_text).map(|u| text(self.civil(u)))
    }
}

/// The zone this machine's clock reads (`TZ`, else the system's), by its
/// IANA name; empty when it has none (a POSIX `TZ` rule).
pub fn here() -> String {
    let named = std::env::var("TZ")
        .ok()
        .map(|tz| tz.trim_start_matches(':').to_string())
        .filter(|tz| Zone::known(tz).is_some());
    named
        .or_else(|| TimeZone::system().iana_name().map(str::to_string))
        .map(|n| unify(&n).to_string())
        .unwrap_or_default()
}

/// Whether `a` and `b` name one zone (UTC's several names are one; an
/// empty name is UTC, as the door reads a policy without one).
pub fn same_zone(a: &str, b: &str) -> bool {
    unify(a) == unify(b)
}

fn unify(name: &str) -> &str {
    match name.trim() {
        "" | "UTC" | "Etc/UTC" | "Etc/Universal" | "Universal" | "Zulu" | "Etc/Zulu" | "UCT"
        | "Etc/UCT" | "GMT" | "Etc/GMT" => "UTC",
        other => other,
    }
}

/// Whether something whose last moment is civil time `end` in `zone` has
/// ended at instant `now` (it runs through `end` itself). The one rule the
/// app's enroll paths and the sandbox's refusal share.
pub fn ended(zone: &Zone, end: i64, now: i64) -> bool {
    now > zone.instant(end)
}

/// Civil time `civil` as jiff's, when in its range.
fn datetime(civil: i64) -> Option<DateTime> {
    let (y, m, d) = crate::civil::from_days(civil.div_euclid(DAY));
    let s = civil.rem_euclid(DAY);
    DateTime::new(
        i16::try_from(y).ok()?,
        i8::try_from(m).ok()?,
        i8::try_from(d).ok()?,
        i8::try_from(s / 3600).ok()?,
        i8::try_from(s / 60 % 60).ok()?,
        i8::try_from(s % 60).ok()?,
        0,
    )
    .ok()
}

/// "YYYY-MM-DD HH:MM:SS", "YYYY-MM-DD HH:MM", "YYYY-MM-DDTHH:MM:SS" (a
/// trailing zone or fraction ignored) or "YYYY-MM-DD" (its midnight), as
/// seconds.
pub fn civil_secs(text: &str) -> Option<i64> {
    let text = text.trim();
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let part = text.get(r)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let bytes = text.as_bytes();
    if bytes.len() < 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let (year, month, mday) = (num(0..4)?, num(5..7)?, num(8..10)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&mday) {
        return None;
    }
    let days = crate::civil::to_days(year, u32::try_from(month).ok()?, u32::try_from(mday).ok()?);
    if bytes.len() == 10 {
        return Some(days * DAY);
    }
    if !matches!(bytes[10], b' ' | b'T') || bytes.len() < 16 || bytes[13] != b':' {
        return None;
    }
    let (hour, minute) = (num(11..13)?, num(14..16)?);
    let second = if bytes.len() >= 19 && bytes[16] == b':' {
        num(17..19)?
    } else {
        0
    };
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    Some(days * DAY + hour * 3600 + minute * 60 + second)
}

/// Seconds as "YYYY-MM-DD HH:MM:SS".
pub fn text(secs: i64) -> String {
    let s = secs.rem_euclid(DAY);
    format!(
        "{} {:02}:{:02}:{:02}",
        crate::clock::civil_date(secs.div_euclid(DAY)),
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Zones with gaps and folds of every kind: an hour each way, half an
    /// hour (Lord Howe), southern summers, a zone that skipped a whole day
    /// (Apia, 2011), none (Tokyo), and a name nobody knows.
    const ZONES: &[&str] = &[
        "Europe/Madrid",
        "America/Chicago",
        "America/New_York",
        "Asia/Tokyo",
        "Australia/Lord_Howe",
        "Australia/Sydney",
        "America/Santiago",
        "Pacific/Apia",
        "Asia/Kolkata",
        "America/St_Johns",
        "Europe/London",
        "UTC",
        "Not/A_Zone",
    ];

    /// 1990 to 2040.
    fn civil_times() -> impl Strategy<Value = i64> {
        631_152_000_i64..2_208_988_800
    }

    /// The instants whose civil time here is `civil`, found by trying every
    /// offset in use anywhere (quarter hours from −12 h to +14 h): the
    /// reference the rule is held to.
    fn occurrences(zone: &Zone, civil: i64) -> Vec<i64> {
        (-56..=48)
            .map(|q| civil + q * 900)
            .filter(|&t| zone.civil(t) == civil)
            .collect()
    }

    /// The first instant after `from` at which the zone's offset changes
    /// (within about a year), found day by day and then to the second.
    fn next_change(zone: &Zone, from: i64) -> Option<i64> {
        let at = zone.offset_at(from);
        let day = (1..=400)
            .map(|d| from + d * DAY)
            .find(|&t| zone.offset_at(t) != at)?;
        let (mut lo, mut hi) = (day - DAY, day);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if zone.offset_at(mid) == at {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(hi)
    }

    /// Civil times (`civil`) or instants within two hours of a change of
    /// the zone's offset (its gaps and folds), half the time; any others.
    fn near_changes(civil: bool) -> impl Strategy<Value = (&'static str, i64)> {
        (
            proptest::sample::select(ZONES),
            civil_times(),
            -7200_i64..7200,
            any::<bool>(),
        )
            .prop_map(move |(name, from, by, near)| {
                let zone = Zone::named(name);
                match next_change(&zone, from).filter(|_| near) {
                    Some(change) if civil => (name, zone.civil(change) + by),
                    Some(change) => (name, change + by),
                    None => (name, from + by),
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// A civil time that exists is its earliest instant; one that does
        /// not (a gap) lands as far past the jump as it was past the gap's
        /// start, read with the offset before the gap.
        #[test]
        fn a_civil_time_is_its_first_instant_or_moved_past_the_gap(
            (zone, civil) in near_changes(true),
        ) {
            let zone = Zone::named(zone);
            let at = zone.instant(civil);
            let found = occurrences(&zone, civil);
            if let Some(first) = found.iter().min() {
                prop_assert_eq!(at, *first, "{} in {}", text(civil), zone.name());
            } else {
                // In a gap: the offset before it is the one of a day before.
                let before = zone.offset_at(at - DAY);
                prop_assert_eq!(at, civil - before, "{} in {}", text(civil), zone.name());
                prop_assert!(zone.civil(at) > civil);
            }
        }

        /// Every instant reads back: its civil time's instant is itself, or
        /// (the later half of a fold) the earlier instant of the same civil
        /// time.
        #[test]
        fn every_instant_reads_back_through_its_civil_time(
            (zone, instant) in near_changes(false),
        ) {
            let zone = Zone::named(zone);
            let civil = zone.civil(instant);
            let back = zone.instant(civil);
            prop_assert!(back <= instant);
            prop_assert_eq!(zone.civil(back), civil);
            if back < instant {
                prop_assert!(instant - back <= 3 * 3600, "a fold of at most hours");
            }
        }

        /// Texts read back; a UTC text and a civil text are one offset apart.
        #[test]
        fn texts_read_back_and_are_an_offset_apart(
            zone in proptest::sample::select(ZONES),
            instant in civil_times(),
        ) {
            let zone = Zone::named(zone);
            let utc = text(instant);
            prop_assert_eq!(civil_secs(&utc), Some(instant));
            let civil = zone.civil_text(&utc).unwrap();
            prop_assert_eq!(
                civil_secs(&civil).unwrap() - instant,
                zone.offset_at(instant)
            );
        }
    }

    #[test]
    fn the_gap_and_the_fold_of_a_real_zone() {
        let madrid = Zone::named("Europe/Madrid");
        // 2026-03-29: 02:00 → 03:00 (CET → CEST).
        assert_eq!(
            madrid.utc_text("2026-03-29 02:30").as_deref(),
            Some("2026-03-29 01:30:00")
        );
        assert_eq!(
            madrid.civil_text("2026-03-29 01:30:00").as_deref(),
            Some("2026-03-29 03:30:00")
        );
        // 2026-10-25: 03:00 → 02:00 (CEST → CET): 02:30 twice, the first.
        assert_eq!(
            madrid.utc_text("2026-10-25 02:30").as_deref(),
            Some("2026-10-25 00:30:00")
        );
        let tokyo = Zone::named("Asia/Tokyo");
        assert_eq!(
            tokyo.utc_text("2026-12-01 09:00").as_deref(),
            Some("2026-12-01 00:00:00")
        );
        assert_eq!(Zone::named("").name(), "UTC");
        assert_eq!(Zone::named("Not/A_Zone").name(), "UTC");
        assert_eq!(civil_secs("2026-12-01"), civil_secs("2026-12-01 00:00"));
        assert_eq!(
            civil_secs("2026-12-01T09:00:00+09:00"),
            civil_secs("2026-12-01 09:00")
        );
        for bad in ["", "2026-13-01", "2026-12-01 24:00", "2026-12-01 9:00", "x"] {
            assert_eq!(civil_secs(bad), None, "{bad}");
        }
    }
}
