//! What the door says about a scan, in words: the verdicts, why an
//! UNKNOWN is one, `admit`'s exit codes, and the door's times (UTC, to the
//! second).

use std::fmt;

use crate::clock::days_from_date;

/// What the door says about a ticket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Confirmed, of this edition, not yet admitted: let them in.
    Valid,
    /// Admitted before: when (the log's stamp, "YYYY-MM-DD HH:MM:SS"; empty
    /// while not yet stamped) and at which lane — the latest re-entry's
    /// when it came back in after an exit (`back`).
    AlreadyAdmitted {
        at: String,
        lane: String,
        back: bool,
    },
    /// Not confirmed: the status in words.
    NotValid { status: String },
    /// A ticket of another edition of the same event, and when it runs.
    OtherEdition {
        edition: String,
        when: Option<String>,
    },
    /// A ticket of another event altogether.
    OtherEvent { event: String, when: Option<String> },
    /// Nothing matches the scan (the judgement says why).
    Unknown,
    /// At an exit lane, a ticket inside: it leaves (recorded).
    Exit,
    /// A ticket that left through an exit lane, let in again (re-entry
    /// on): when and where it left. Recorded, an entry.
    WelcomeBack { left_at: String, lane: String },
    /// Re-entry off, a ticket that left: ALREADY ADMITTED, and when and
    /// where it left.
    Left { at: String, lane: String },
    /// Before the door opens (as set: "09:00"): nothing recorded.
    NotOpenYet { opens: String },
    /// After it closes: nothing recorded.
    Closed { closed: String },
    /// At an exit lane, a ticket not inside: never admitted here (None),
    /// or left already (when, where). Nothing recorded.
    NotInside { left: Option<(String, String)> },
    /// The door holds as many as it may (its capacity): nothing recorded,
    /// next when one leaves.
    Full { inside: u64, capacity: u64 },
}

impl Verdict {
    /// ALREADY ADMITTED by `first`: the admission that holds the ticket (a
    /// log's answer that another lane admitted it first).
    pub fn admitted_by(first: &crate::store::Admission) -> Self {
        Self::AlreadyAdmitted {
            at: first.at.clone(),
            lane: first.desk.clone(),
            back: false,
        }
    }

    /// The word the door shows (and `admit` prints).
    pub fn word(&self) -> &'static str {
        match self {
            Self::Valid => "VALID",
            Self::AlreadyAdmitted { .. } | Self::Left { .. } => "ALREADY ADMITTED",
            Self::NotValid { .. } => "NOT VALID",
            Self::OtherEdition { .. } => "OTHER EDITION",
            Self::OtherEvent { .. } => "OTHER EVENT",
            Self::Unknown => "UNKNOWN",
            Self::Exit => "EXIT",
            Self::WelcomeBack { .. } => "WELCOME BACK",
            Self::NotOpenYet { .. } => "NOT OPEN YET",
            Self::Closed { .. } => "CLOSED",
            Self::NotInside { .. } => "NOT INSIDE",
            Self::Full { .. } => "FULL",
        }
    }

    /// A verdict that lets someone through (VALID, EXIT, WELCOME BACK): no
    /// bell, and it gives way after a few seconds.
    pub fn passes(&self) -> bool {
        matches!(self, Self::Valid | Self::Exit | Self::WelcomeBack { .. })
    }

    /// What it means, in a line ("admitted at 09:41:07 UTC at lane-2").
    pub fn meaning(&self) -> String {
        let when = |w: &Option<String>| w.as_ref().map(|w| format!(" — {w}")).unwrap_or_default();
        match self {
            Self::Valid => "admitted: let them in".into(),
            Self::AlreadyAdmitted { at, lane, back } => {
                let how = if *back { "back in" } else { "admitted" };
                if at.is_empty() {
                    format!("{how} just now at {lane}")
                } else if *back {
                    format!("{how} at {} UTC at {lane} (re-entry)", clock_time(at))
                } else {
                    format!("{how} at {} UTC at {lane}", clock_time(at))
                }
            }
            Self::NotValid { status } => status.clone(),
            Self::OtherEdition { edition, when: w } => format!("ticket for {edition}{}", when(w)),
            Self::OtherEvent { event, when: w } => format!("ticket for {event}{}", when(w)),
            Self::Unknown => "no ticket matches".into(),
            Self::Exit => "leaves: recorded (inside now one less)".into(),
            Self::WelcomeBack { left_at, lane } => {
                format!("back in: left at {} UTC at {lane}", clock_time(left_at))
            }
            Self::Left { at, lane } => format!(
                "left at {} UTC at {lane} — no re-entry at this door",
                clock_time(at)
            ),
            Self::NotOpenYet { opens } => format!("opens {opens}: nothing recorded"),
            Self::Closed { closed } => format!("closed {closed}: nothing recorded"),
            Self::NotInside { left: None } => "not admitted at this door: nothing recorded".into(),
            Self::NotInside {
                left: Some((at, lane)),
            } => format!(
                "left already at {} UTC at {lane}: nothing recorded",
                clock_time(at)
            ),
            Self::Full { inside, capacity } => {
                format!("{inside} inside of {capacity} — next when one leaves")
            }
        }
    }

    /// `boxoffice admit`'s exit code: 0 VALID, EXIT and WELCOME BACK, 10
    /// and up for the others (1 to 6 are the errors of every command).
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Valid | Self::Exit | Self::WelcomeBack { .. } => 0,
            Self::AlreadyAdmitted { .. } | Self::Left { .. } => 10,
            Self::NotOpenYet { .. } => 15,
            Self::Closed { .. } => 16,
            Self::NotInside { .. } => 17,
            Self::Full { .. } => 18,
            Self::NotValid { .. } => 11,
            Self::OtherEdition { .. } => 12,
            Self::OtherEvent { .. } => 13,
            Self::Unknown => 14,
        }
    }
}

/// Why a scan is UNKNOWN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// Not a form a ticket has (a control byte in it, a code holding digits).
    NotACode,
    /// A link to a host the door does not trust.
    Foreign(String),
    /// A number in none of the door's lists, nor in those kept for other
    /// events.
    NoSuchNumber,
    /// The API has no ticket with that id.
    NoSuchId,
    /// The ticket could not be read (why).
    CouldNotRead(String),
    /// A ticket read by id that names no event.
    NamesNoEvent,
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotACode => f.write_str("not a ticket code"),
            Self::Foreign(host) => write!(f, "a link to another site ({host})"),
            Self::NoSuchNumber => f.write_str("no ticket here has that number"),
            Self::NoSuchId => f.write_str("no ticket has that id"),
            Self::CouldNotRead(why) => write!(f, "could not read the ticket ({why})"),
            Self::NamesNoEvent => f.write_str("the ticket names no event"),
        }
    }
}

/// A status as the door says it.
pub fn status_words(status: &str) -> String {
    match status {
        "unenrolled" => "revoked (unenrolled)".into(),
        "" => "unknown status".into(),
        s => s.to_string(),
    }
}

/// "10:32:05" of "2026-11-26 10:32:05"; "just now" while not yet stamped.
pub fn clock_time(at: &str) -> String {
    if at.is_empty() {
        return "just now".into();
    }
    at.get(11..19).unwrap_or(at).to_string()
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

/// What the log's refusal of an exit or a re-entry means (`Moved::Refused`:
/// another lane moved the ticket first, or the log holds nothing to move
/// it from). None: not recorded, and no verdict to give (a re-entry the
/// log holds no admission or exit for). Every lane says the same: the
/// desk, `admit`, `lane`.
pub fn refused_move(
    kind: crate::store::ChangeKind,
    first: Option<(crate::store::ChangeKind, crate::store::Admission)>,
) -> Option<Verdict> {
    use crate::store::ChangeKind;
    match (kind, first) {
        // Another lane let it out first: out.
        (_, Some((ChangeKind::Exit, m))) => Some(Verdict::NotInside {
            left: Some((m.at, m.desk)),
        }),
        // Another lane let it back in (or in) first: in.
        (_, Some((first, m))) => Some(Verdict::AlreadyAdmitted {
            at: m.at,
            lane: m.desk,
            back: first == ChangeKind::Reentry,
        }),
        // Nobody inside to let out.
        (ChangeKind::Exit, None) => Some(Verdict::NotInside { left: None }),
        // Nothing to come back to.
        (_, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meanings_say_when_to_the_second_and_where() {
        let v = Verdict::AlreadyAdmitted {
            at: "2026-12-01 09:41:07".into(),
            lane: "lane-2".into(),
            back: false,
        };
        assert_eq!(v.meaning(), "admitted at 09:41:07 UTC at lane-2");
        let back = Verdict::AlreadyAdmitted {
            at: "2026-12-01 11:02:00".into(),
            lane: "lane-3".into(),
            back: true,
        };
        assert_eq!(
            back.meaning(),
            "back in at 11:02:00 UTC at lane-3 (re-entry)"
        );
        let fresh = Verdict::AlreadyAdmitted {
            at: String::new(),
            lane: "lane-2".into(),
            back: false,
        };
        assert_eq!(fresh.meaning(), "admitted just now at lane-2");
        assert_eq!(clock_time(""), "just now");
        assert_eq!(
            Why::Foreign("evil.example".into()).to_string(),
            "a link to another site (evil.example)"
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
        assert_eq!(status_words("unenrolled"), "revoked (unenrolled)");
        assert_eq!(status_words(""), "unknown status");
    }
}
