//! What the desk says about a ticket: pure functions, unit-tested case by
//! case, shared with `boxoffice admit`.

use crate::clock::days_from_date;
use crate::store::Admission;

/// What the desk says about a ticket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Confirmed, this edition, not yet admitted: let them in.
    Valid,
    /// Admitted before: when (HH:MM) and at which desk.
    AlreadyAdmitted { at: String, desk: String },
    /// Not confirmed: the status in words.
    NotValid { status: String },
    /// A ticket of another edition of the same event, and when it runs.
    OtherEdition {
        edition: String,
        when: Option<String>,
    },
    /// A ticket of another event altogether.
    OtherEvent { event: String, when: Option<String> },
    /// Nothing matches the scan.
    Unknown,
}

impl Verdict {
    /// The word the desk shows (and `admit` prints).
    pub fn word(&self) -> &'static str {
        match self {
            Self::Valid => "VALID",
            Self::AlreadyAdmitted { .. } => "ALREADY ADMITTED",
            Self::NotValid { .. } => "NOT VALID",
            Self::OtherEdition { .. } => "OTHER EDITION",
            Self::OtherEvent { .. } => "OTHER EVENT",
            Self::Unknown => "UNKNOWN",
        }
    }

    /// What it means, in a line ("admitted at 09:41 UTC at door-2").
    pub fn meaning(&self) -> String {
        let when = |w: &Option<String>| w.as_ref().map(|w| format!(" — {w}")).unwrap_or_default();
        match self {
            Self::Valid => "admitted: let them in".into(),
            Self::AlreadyAdmitted { at, desk } if at.contains(':') => {
                format!("admitted at {at} UTC at {desk}")
            }
            Self::AlreadyAdmitted { at, desk } => format!("admitted {at} at {desk}"),
            Self::NotValid { status } => status.clone(),
            Self::OtherEdition { edition, when: w } => format!("ticket for {edition}{}", when(w)),
            Self::OtherEvent { event, when: w } => format!("ticket for {event}{}", when(w)),
            Self::Unknown => "no ticket matches".into(),
        }
    }

    /// `boxoffice admit`'s exit code: 0 VALID, 10 and up for the others
    /// (1 to 6 are the errors of every command).
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Valid => 0,
            Self::AlreadyAdmitted { .. } => 10,
            Self::NotValid { .. } => 11,
            Self::OtherEdition { .. } => 12,
            Self::OtherEvent { .. } => 13,
            Self::Unknown => 14,
        }
    }
}

/// What the verdict needs to know of a ticket.
#[derive(Debug, Clone, Copy)]
pub struct TicketFacts<'a> {
    pub status: &'a str,
    pub edition_id: Option<u64>,
    /// The edition's name as the ticket carries it.
    pub edition: &'a str,
    /// The edition's first day ("YYYY-MM-DD…"), when known.
    pub edition_date: Option<&'a str>,
    /// The main event of the ticket's edition, when known.
    pub parent_id: Option<u64>,
}

/// What the verdict needs to know of the desk.
#[derive(Debug, Clone, Copy)]
pub struct DeskFacts<'a> {
    /// The event or edition checked in.
    pub event_id: u64,
    /// Its main event, when it is an edition.
    pub parent_id: Option<u64>,
    /// The ids of the main event's editions (this one included).
    pub editions: &'a [u64],
    /// Today, "YYYY-MM-DD…".
    pub today: &'a str,
}

/// The verdict on one ticket: its status first, then its edition, then
/// whether it was admitted.
pub fn judge(t: &TicketFacts<'_>, desk: &DeskFacts<'_>, admitted: Option<&Admission>) -> Verdict {
    if t.status != "confirmed" {
        return Verdict::NotValid {
            status: status_words(t.status),
        };
    }
    if let Some(ed) = t.edition_id.filter(|id| *id != desk.event_id) {
        let when = t.edition_date.map(|d| relative_day(d, desk.today));
        let name = if t.edition.is_empty() {
            format!("event {ed}")
        } else {
            t.edition.to_string()
        };
        let sibling = desk.editions.contains(&ed)
            || (desk.parent_id.is_some() && t.parent_id == desk.parent_id);
        return if sibling {
            Verdict::OtherEdition {
                edition: name,
                when,
            }
        } else {
            Verdict::OtherEvent { event: name, when }
        };
    }
    match admitted {
        Some(a) => Verdict::AlreadyAdmitted {
            at: hh_mm(&a.at),
            desk: a.desk.clone(),
        },
        None => Verdict::Valid,
    }
}

/// A status as the desk says it.
pub fn status_words(status: &str) -> String {
    match status {
        "unenrolled" => "revoked (unenrolled)".into(),
        "" => "unknown status".into(),
        s => s.to_string(),
    }
}

/// "10:32" of "2026-11-26 10:32:05"; "just now" while not yet stamped.
pub fn hh_mm(at: &str) -> String {
    if at.is_empty() {
        return "just now".into();
    }
    at.get(11..16).unwrap_or(at).to_string()
}

/// `date` relative to `today` (both "YYYY-MM-DD…"): "today", "tomorrow",
/// "in 3 days", "yesterday", "5 days ago"; the date itself when either does
/// not read as one.
pub fn relative_day(date: &str, today: &str) -> String {
    let day = |s: &str| s.get(..10).and_then(days_from_date);
    let (Some(d), Some(t)) = (day(date), day(today)) else {
        return date.get(..10).unwrap_or(date).to_string();
    };
    match d - t {
        0 => "today".into(),
        1 => "tomorrow".into(),
        -1 => "yesterday".into(),
        n if n > 1 => format!("in {n} days"),
        n => format!("{} days ago", -n),
    }
}

/// Seconds since the epoch of "YYYY-MM-DD HH:MM:SS".
pub fn epoch_seconds(at: &str) -> Option<i64> {
    let day = at.get(..10).and_then(days_from_date)?;
    let part = |r: std::ops::Range<usize>| at.get(r).and_then(|s| s.parse::<i64>().ok());
    Some(day * 86_400 + part(11..13)? * 3600 + part(14..16)? * 60 + part(17..19)?)
}

/// How old `at` is at `now` ("12 min", "3 h"), if both read as times.
pub fn age_between(at: &str, now: &str) -> Option<String> {
    let s = (epoch_seconds(now)? - epoch_seconds(at)?).max(0);
    Some(match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min", s / 60),
        3600..86_400 => format!("{} h", s / 3600),
        _ => format!("{} days", s / 86_400),
    })
}

/// Which of `editions` (id, first day, last day) to check in on `today`:
/// those running today, else the next to start (`false`: none today).
pub fn todays<'a, T>(
    editions: &'a [T],
    span: impl Fn(&T) -> (&str, &str),
    today: &str,
) -> (Vec<&'a T>, bool) {
    let day = |s: &str| s.get(..10).unwrap_or(s).to_string();
    let today = day(today);
    let running: Vec<&T> = editions
        .iter()
        .filter(|e| {
            let (start, end) = span(e);
            day(start) <= today && today <= day(end)
        })
        .collect();
    if !running.is_empty() {
        return (running, true);
    }
    let next = editions
        .iter()
        .filter(|e| day(span(e).0) > today)
        .min_by_key(|e| day(span(e).0));
    (next.into_iter().collect(), false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(status: &str, edition_id: Option<u64>) -> TicketFacts<'_> {
        TicketFacts {
            status,
            edition_id,
            edition: "Day 2",
            edition_date: Some("2026-12-02 09:00:00"),
            parent_id: Some(1),
        }
    }

    const DESK: DeskFacts<'static> = DeskFacts {
        event_id: 11,
        parent_id: Some(1),
        editions: &[11, 12, 13],
        today: "2026-12-01 10:00:00",
    };

    fn admission(at: &str) -> Admission {
        Admission {
            ticket_id: 41,
            number: "TK-000041".into(),
            event_id: 11,
            edition_id: Some(11),
            at: at.into(),
            desk: "desk-2".into(),
        }
    }

    #[test]
    fn a_confirmed_ticket_of_this_edition_not_admitted_is_valid() {
        assert_eq!(
            judge(&facts("confirmed", Some(11)), &DESK, None),
            Verdict::Valid
        );
        assert_eq!(
            judge(&facts("confirmed", None), &DESK, None),
            Verdict::Valid
        );
    }

    #[test]
    fn an_admitted_ticket_says_when_and_where() {
        let a = admission("2026-12-01 09:41:07");
        assert_eq!(
            judge(&facts("confirmed", Some(11)), &DESK, Some(&a)),
            Verdict::AlreadyAdmitted {
                at: "09:41".into(),
                desk: "desk-2".into()
            }
        );
        let fresh = admission("");
        assert!(matches!(
            judge(&facts("confirmed", Some(11)), &DESK, Some(&fresh)),
            Verdict::AlreadyAdmitted { at, .. } if at == "just now"
        ));
    }

    #[test]
    fn a_ticket_not_confirmed_is_not_valid_with_its_status() {
        for (status, words) in [
            ("unenrolled", "revoked (unenrolled)"),
            ("cancelled", "cancelled"),
            ("pending", "pending"),
            ("open", "open"),
            ("", "unknown status"),
        ] {
            assert_eq!(
                judge(&facts(status, Some(11)), &DESK, None),
                Verdict::NotValid {
                    status: words.into()
                }
            );
        }
    }

    #[test]
    fn other_editions_and_events_say_which_and_when() {
        assert_eq!(
            judge(&facts("confirmed", Some(12)), &DESK, None),
            Verdict::OtherEdition {
                edition: "Day 2".into(),
                when: Some("tomorrow".into())
            }
        );
        let mut other = facts("confirmed", Some(77));
        other.parent_id = Some(5);
        other.edition_date = None;
        assert_eq!(
            judge(&other, &DESK, None),
            Verdict::OtherEvent {
                event: "Day 2".into(),
                when: None
            }
        );
    }

    #[test]
    fn days_and_ages_read_relative_to_now() {
        let today = "2026-12-01 10:00:00";
        assert_eq!(relative_day("2026-12-01", today), "today");
        assert_eq!(relative_day("2026-12-02 09:00:00", today), "tomorrow");
        assert_eq!(relative_day("2026-11-30", today), "yesterday");
        assert_eq!(relative_day("2026-12-05", today), "in 4 days");
        assert_eq!(relative_day("2026-11-21", today), "10 days ago");
        assert_eq!(relative_day("soon", today), "soon");
        assert_eq!(
            age_between("2026-12-01 09:48:00", today).as_deref(),
            Some("12 min")
        );
        assert_eq!(hh_mm("2026-12-01 09:48:00"), "09:48");
    }

    fn span<'a>(e: &'a (&str, &str)) -> (&'a str, &'a str) {
        (e.0, e.1)
    }

    #[test]
    fn today_picks_the_editions_running_else_the_next() {
        let eds = [
            ("2026-12-01", "2026-12-01"),
            ("2026-12-02", "2026-12-03"),
            ("2026-12-02", "2026-12-02"),
        ];
        assert_eq!(
            todays(&eds, span, "2026-12-01 08:00:00"),
            (vec![&eds[0]], true)
        );
        assert_eq!(
            todays(&eds, span, "2026-12-02 08:00:00"),
            (vec![&eds[1], &eds[2]], true)
        );
        assert_eq!(
            todays(&eds, span, "2026-11-20 08:00:00"),
            (vec![&eds[0]], false)
        );
        assert_eq!(todays(&eds, span, "2027-01-01 08:00:00"), (vec![], false));
    }
}
