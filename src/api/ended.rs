//! Whether an edition (or an event) has ended: the one rule every enroll
//! path asks before sending — the e-mail form, the customer picker, the
//! desk's walk-in, `enroll`, `enroll-many` ([`super::settle::before`]) —
//! and the sandbox's refusal (code 1004) shares ([`crate::zone::ended`]).
//!
//! Its end is the last moment it runs, a civil time in its time zone (the
//! edition's, else the event's; none known: UTC): `end_datetime`; else
//! `end_date` at `to_time`; else the last second of `end_date`. Nothing
//! known: it has not ended (the API judges).

use crate::zone::{self, Zone};

use super::model::{Edition, Event, TicketEvent};

/// An edition or event that has ended: which, and when in its zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ended {
    pub id: u64,
    /// Its name ("Day 2"), or "event 12".
    pub name: String,
    /// "Sat 14 Mar 2026 18:00 Asia/Tokyo".
    pub when: String,
}

impl Ended {
    /// "Day 2 (1003) ended Sat 14 Mar 2026 18:00 Asia/Tokyo".
    pub fn text(&self) -> String {
        format!("{} ({}) ended {}", self.name, self.id, self.when)
    }
}

/// An end as the API writes it.
#[derive(Debug, Clone, Copy, Default)]
pub struct End<'a> {
    pub end_datetime: Option<&'a str>,
    pub end_date: Option<&'a str>,
    pub to_time: Option<&'a str>,
    pub timezone: Option<&'a str>,
}

impl End<'_> {
    /// Its last moment, a civil time in [`Self::zone`].
    pub fn civil(&self) -> Option<i64> {
        if let Some(at) = self.end_datetime.and_then(zone::civil_secs)
            && self.end_datetime.is_some_and(|t| t.trim().len() > 10)
        {
            return Some(at);
        }
        let day = self.end_date.or(self.end_datetime)?;
        let day = zone::civil_secs(day.get(..10)?)?;
        let time = self
            .to_time
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .and_then(|t| zone::civil_secs(&format!("1970-01-01 {t}")));
        Some(day + time.unwrap_or(86_399))
    }

    pub fn zone(&self) -> Zone {
        Zone::named(self.timezone.unwrap_or_default())
    }

    /// When it ended ("Sat 14 Mar 2026 18:00 Asia/Tokyo"), if it has at
    /// `now` (UTC, "YYYY-MM-DD HH:MM:SS").
    pub fn ended(&self, now: &str) -> Option<String> {
        let end = self.civil()?;
        let now = zone::civil_secs(now)?;
        let zone = self.zone();
        zone::ended(&zone, end, now).then(|| format!("{} {}", moment(end), zone.name()))
    }
}

/// An edition's (or event's) last moment, kept with what it is shown
/// beside (a row, a list's scope) so that "has it ended" is asked before
/// anything is typed, by the same rule as the send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMoment {
    /// The instant (UTC, seconds).
    pub at: i64,
    /// "Sat 14 Mar 2026 18:00 Asia/Tokyo".
    pub said: String,
    /// The civil time in its zone, "YYYY-MM-DD HH:MM:SS" (for a language
    /// to write it as it writes dates).
    pub civil: String,
    /// Its zone's name ("Asia/Tokyo").
    pub zone: String,
}

impl LastMoment {
    /// Itself, if it has passed at `now` (UTC, "YYYY-MM-DD HH:MM:SS").
    pub fn ended(&self, now: &str) -> Option<&Self> {
        let now = zone::civil_secs(now)?;
        (now > self.at).then_some(self)
    }
}

impl End<'_> {
    /// Its last moment, if its end is known.
    pub fn last(&self) -> Option<LastMoment> {
        let civil = self.civil()?;
        let zone = self.zone();
        Some(LastMoment {
            at: zone.instant(civil),
            said: format!("{} {}", moment(civil), zone.name()),
            civil: zone::text(civil),
            zone: zone.name().to_string(),
        })
    }
}

/// "Sat 14 Mar 2026 18:00".
pub fn moment(civil: i64) -> String {
    let t = zone::text(civil);
    format!("{} {}", day(civil), t.get(11..16).unwrap_or_default())
}

/// "Sat 14 Mar 2026".
pub fn day(civil: i64) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let days = civil.div_euclid(86_400);
    let (y, m, d) = crate::civil::from_days(days);
    let weekday = DAYS[usize::try_from(days.rem_euclid(7)).unwrap_or(0)];
    let month = MONTHS[usize::try_from(m.saturating_sub(1)).unwrap_or(0) % 12];
    format!("{weekday} {d} {month} {y}")
}

/// An edition or event as a person names it: "Day 2 (Sat 14 Mar)" — its
/// name and its first day, in its zone (the day alone when it has no name).
pub fn label(e: &Event) -> String {
    named(
        e.id,
        e.name.as_deref(),
        e.start_datetime.as_deref().or(e.start_date.as_deref()),
    )
}

/// The edition a ticket belongs to, as the API returns it with the ticket
/// (its `event`), named as [`label`] names one: "Day 1 (Sat 28 Nov)".
pub fn ticket_label(e: &TicketEvent) -> String {
    named(
        e.id.unwrap_or_default(),
        e.name.as_deref(),
        e.start_datetime.as_deref(),
    )
}

/// The API writes an event's start as a civil time in the event's own
/// zone, so its first ten characters are its day there.
fn named(id: u64, name: Option<&str>, start: Option<&str>) -> String {
    let name = name
        .map(|n| crate::sanitize::clean(n).into_owned())
        .filter(|n| !n.trim().is_empty());
    let start = start.and_then(|d| zone::civil_secs(d.get(..10)?)).map(|d| {
        let day = day(d);
        // "Sat 14 Mar 2026" → "Sat 14 Mar".
        day.rsplit_once(' ')
            .map_or(day.clone(), |(d, _)| d.to_string())
    });
    match (name, start) {
        (Some(n), Some(d)) => format!("{n} ({d})"),
        (Some(n), None) => n,
        (None, Some(d)) => format!("event {id} ({d})"),
        (None, None) => format!("event {id}"),
    }
}

/// The event's or edition's end.
pub fn of_event(e: &Event) -> End<'_> {
    End {
        end_datetime: e.end_datetime.as_deref(),
        end_date: e.end_date.as_deref(),
        to_time: e.to_time.as_deref(),
        timezone: e.timezone.as_deref(),
    }
}

pub fn of_edition(e: &Edition) -> End<'_> {
    End {
        end_datetime: e.end_datetime.as_deref(),
        end_date: e.end_date.as_deref(),
        to_time: e.to_time.as_deref(),
        timezone: e.timezone.as_deref(),
    }
}

/// Event `e` (an edition, or a main event: its last edition's end), if it
/// has ended at `now`.
pub fn event(e: &Event, now: &str) -> Option<Ended> {
    of_event(e).ended(now).map(|when| Ended {
        id: e.id,
        name: e.name.clone().map_or_else(
            || format!("event {}", e.id),
            |n| crate::sanitize::clean(&n).into_owned(),
        ),
        when,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const ZONES: &[&str] = &[
        "Asia/Tokyo",
        "America/Chicago",
        "Europe/Madrid",
        "Australia/Lord_Howe",
        "UTC",
        "",
    ];

    proptest! {
        /// An end written any of the API's ways is judged alike: ended
        /// exactly when `now` is past its last moment in its zone, and
        /// never before — the instant the sandbox refuses from.
        #[test]
        fn an_edition_has_ended_exactly_after_its_last_moment_in_its_zone(
            zone_name in proptest::sample::select(ZONES),
            end in 1_600_000_000_i64..1_900_000_000,
            by in -200_000_i64..200_000,
            with_datetime in any::<bool>(),
        ) {
            let civil = zone::text(end);
            let (date, time) = (&civil[..10], &civil[11..]);
            let end_of = if with_datetime {
                End { end_datetime: Some(&civil), timezone: Some(zone_name), ..End::default() }
            } else {
                End { end_date: Some(date), to_time: Some(time), timezone: Some(zone_name), ..End::default() }
            };
            let zone = Zone::named(zone_name);
            let last = zone.instant(end);
            let now = last + by;
            let ended = end_of.ended(&zone::text(now));
            prop_assert_eq!(ended.is_some(), now > last);
            if let Some(when) = ended {
                prop_assert!(when.ends_with(zone.name()), "{}", when);
                prop_assert!(when.contains(&civil[11..16]), "{}", when);
            }
        }
    }

    #[test]
    fn an_end_without_a_time_runs_to_the_end_of_its_day_and_none_has_not_ended() {
        let day_only = End {
            end_date: Some("2026-03-14"),
            timezone: Some("Asia/Tokyo"),
            ..End::default()
        };
        // 23:59:59 in Tokyo is 14:59:59 UTC.
        assert_eq!(day_only.ended("2026-03-14 14:59:59"), None);
        assert_eq!(
            day_only.ended("2026-03-14 15:00:00").as_deref(),
            Some("Sat 14 Mar 2026 23:59 Asia/Tokyo")
        );
        assert_eq!(End::default().ended("2099-01-01 00:00:00"), None);
        assert_eq!(day(0), "Thu 1 Jan 1970");
    }
}
