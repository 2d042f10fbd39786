//! The one function that decides a verdict (docs/desk.md, "Verdicts": its
//! table, row by row, in order).

use super::admissions::Admissions;
use super::lists::{Found, Lists, Progress};
use super::notes::{Note, Notes};
use super::policy::{LaneKind, Policy};
use super::scan::{Key, ScanRules, Scanned, parse_scan};
use super::target::Target;
use super::ticket::Pass;
use super::verdict::{Verdict, Why, relative_day, status_words};

/// Everything a verdict is decided from.
#[derive(Debug, Clone, Copy)]
pub struct Judging<'a, T> {
    /// What was scanned (or typed), as it came.
    pub scanned: &'a str,
    /// What the door checks in.
    pub target: &'a Target,
    pub policy: &'a Policy,
    /// What it reads as a scan.
    pub rules: &'a ScanRules,
    /// Its lists and how far they are read.
    pub lists: &'a Lists<T>,
    /// The admissions it knows.
    pub admissions: &'a Admissions,
    /// This lane's name.
    pub lane: &'a str,
    /// This lane's kind: entry or exit.
    pub kind: LaneKind,
    /// The notes kept (on tickets, on customers).
    pub notes: &'a Notes,
    /// Now, UTC ("YYYY-MM-DD HH:MM:SS"), the door's clock: what "today"
    /// and "tomorrow" are, and whether the door is open.
    pub today: &'a str,
}

/// Where the ticket judged was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The door's own list.
    Own,
    /// Another edition's list.
    Sibling,
    /// Read by id.
    Read,
    /// The list kept for another event.
    Elsewhere,
}

/// What the door says, or what it needs to say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement<'a, T> {
    /// The verdict on a ticket.
    Ticket {
        verdict: Verdict,
        ticket: &'a T,
        source: Source,
        /// The note on the ticket or its customer, shown beside the verdict.
        note: Option<&'a Note>,
    },
    /// UNKNOWN, and why (with the ticket when one was found).
    Unknown { why: Why, ticket: Option<&'a T> },
    /// A number not (yet) in the lists while they are read: held until it
    /// comes or every read has ended.
    Held(Progress),
    /// An id in none of the lists: read the ticket, put it in
    /// `Lists::fetched`, and ask again.
    Read(u64),
    /// A number in none of the lists, all read: look for this number key
    /// (`ticket_number::key`) in the lists kept for other events, put what
    /// was found in `Lists::elsewhere`, and ask again.
    LookElsewhere(String),
}

impl<T> Judgement<'_, T> {
    /// Whether this is the door's last word on the scan.
    pub fn is_final(&self) -> bool {
        matches!(self, Self::Ticket { .. } | Self::Unknown { .. })
    }

    /// The verdict, when final.
    pub fn verdict(&self) -> Option<Verdict> {
        match self {
            Self::Ticket { verdict, .. } => Some(verdict.clone()),
            Self::Unknown { .. } => Some(Verdict::Unknown),
            _ => None,
        }
    }
}

/// The verdict on a scan.
pub fn judge<'a, T: Pass>(j: &Judging<'a, T>) -> Judgement<'a, T> {
    match parse_scan(j.scanned, j.rules) {
        Scanned::Ticket(key) => judge_key(j, key),
        Scanned::NotACode => unknown(Why::NotACode),
        Scanned::Foreign(host) => unknown(Why::Foreign(host)),
    }
}

/// The verdict on the ticket `key` names: a scan read, or a ticket picked
/// another way (an attendee found by name, a walk-in's new ticket), judged
/// by the same rules (`j.scanned` is only what is shown).
pub fn judge_key<'a, T: Pass>(j: &Judging<'a, T>, key: Key) -> Judgement<'a, T> {
    if let Some(found) = j.lists.find(&key) {
        return on_ticket(j, found);
    }
    match key {
        Key::Id(id) => match j.lists.fetched.get(&id) {
            None => Judgement::Read(id),
            Some(super::Fetched::Failed(why)) => unknown(Why::CouldNotRead(why.clone())),
            // Found is found by `find` above.
            Some(_) => unknown(Why::NoSuchId),
        },
        Key::Number(_) if j.lists.reading() => Judgement::Held(j.lists.progress()),
        Key::Number(n) => {
            let number_key = crate::ticket_number::key(&n);
            if j.lists.elsewhere.contains_key(&number_key) {
                unknown(Why::NoSuchNumber)
            } else {
                Judgement::LookElsewhere(number_key)
            }
        }
    }
}

fn unknown<'a, T>(why: Why) -> Judgement<'a, T> {
    Judgement::Unknown { why, ticket: None }
}

/// The verdict on a ticket found: its edition, its status, whether this
/// door admits its edition, whether it was admitted.
fn on_ticket<'a, T: Pass>(j: &Judging<'a, T>, found: Found<'a, T>) -> Judgement<'a, T> {
    let (ticket, source, edition, date, parent, title) = match found {
        Found::Own(t) => (
            t,
            Source::Own,
            t.edition_id().or(Some(j.target.event_id)),
            None,
            None,
            None,
        ),
        Found::Sibling(t, ed) => (
            t,
            Source::Sibling,
            t.edition_id().or(Some(ed)),
            None,
            None,
            None,
        ),
        Found::Read(t, date, parent) => (t, Source::Read, t.edition_id(), date, parent, None),
        Found::Elsewhere(e) => (
            &e.ticket,
            Source::Elsewhere,
            e.ticket.edition_id().or(Some(e.event_id)),
            Some(e.starts.as_str()).filter(|s| !s.is_empty()),
            None,
            Some(e.title.as_str()).filter(|s| !s.is_empty()),
        ),
    };
    let Some(edition) = edition else {
        return Judgement::Unknown {
            why: Why::NamesNoEvent,
            ticket: Some(ticket),
        };
    };
    let note = j.notes.of_ticket(ticket.id(), ticket.customer_id());
    let verdict = if j.kind == LaneKind::Exit {
        // An exit lane lets out whoever is inside, whatever their ticket
        // says now.
        match (
            j.admissions.get(ticket.id()),
            j.admissions.left(ticket.id()),
        ) {
            (None, _) => Verdict::NotInside { left: None },
            (Some(_), Some(l)) => Verdict::NotInside {
                left: Some((l.at.clone(), l.desk.clone())),
            },
            (Some(_), None) => Verdict::Exit,
        }
    } else if ticket.status() != "confirmed" {
        Verdict::NotValid {
            status: status_words(ticket.status()),
        }
    } else if j.policy.admits(
        j.target,
        edition,
        parent.or(j
            .target
            .parent_id
            .filter(|_| j.target.edition(edition).is_some())),
    ) {
        if let Some(outside) = j.policy.outside(j.today) {
            outside
        } else {
            let entry = match (
                j.admissions.get(ticket.id()),
                j.admissions.left(ticket.id()),
            ) {
                (Some(_), Some(l)) if j.policy.reentry => Verdict::WelcomeBack {
                    left_at: l.at.clone(),
                    lane: l.desk.clone(),
                },
                (Some(_), Some(l)) => Verdict::Left {
                    at: l.at.clone(),
                    lane: l.desk.clone(),
                },
                (Some(a), None) => {
                    let back = j.admissions.came_back(ticket.id());
                    let latest = back.unwrap_or(a);
                    Verdict::AlreadyAdmitted {
                        at: latest.at.clone(),
                        lane: latest.desk.clone(),
                        back: back.is_some(),
                    }
                }
                (None, _) => Verdict::Valid,
            };
            match entry {
                // An entry (VALID, WELCOME BACK) at a door holding as many
                // as it may: FULL, until one leaves.
                Verdict::Valid | Verdict::WelcomeBack { .. } => j
                    .policy
                    .full(u64::try_from(j.admissions.inside()).unwrap_or(u64::MAX))
                    .unwrap_or(entry),
                other => other,
            }
        }
    } else {
        let known = j.target.edition(edition);
        // A ticket of a known edition has the door's main event.
        let parent = parent.or(known.and(j.target.parent_id));
        let when = known
            .map(|e| e.start.as_str())
            .filter(|s| !s.is_empty())
            .or(date)
            .map(|d| relative_day(d, j.today));
        let name = known
            .map(|e| e.name.clone())
            .or_else(|| title.map(str::to_string))
            .or_else(|| Some(ticket.edition().to_string()).filter(|s| !s.is_empty()))
            .unwrap_or_else(|| format!("event {edition}"));
        if j.target.is_sibling(edition, parent) {
            Verdict::OtherEdition {
                edition: name,
                when,
            }
        } else {
            Verdict::OtherEvent { event: name, when }
        }
    };
    Judgement::Ticket {
        verdict,
        ticket,
        source,
        note,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::door::{Fetched, Ticket};
    use crate::store::Admission;

    fn ticket(id: u64, status: &str, edition: Option<u64>) -> Ticket {
        Ticket {
            id,
            number: format!("TK-{id:06}"),
            status: status.into(),
            edition_id: edition,
            edition: "Conf — Day 2".into(),
            attendee: "Ana".into(),
            customer_id: None,
            order: String::new(),
        }
    }

    fn verdict(
        scanned: &str,
        lists: &Lists<Ticket>,
        admissions: &Admissions,
    ) -> Judgement<'static, Ticket> {
        let target = Target::conf_day_one();
        let j = Judging {
            scanned,
            target: &target,
            policy: &Policy::default(),
            rules: &ScanRules::default(),
            lists,
            admissions,
            lane: "lane-1",
            kind: LaneKind::Entry,
            notes: &Notes::default(),
            today: "2026-12-01 10:00:00",
        };
        match judge(&j) {
            Judgement::Ticket {
                verdict, source, ..
            } => Judgement::Unknown {
                why: Why::CouldNotRead(format!("{verdict:?} {source:?}")),
                ticket: None,
            },
            Judgement::Unknown { why, .. } => Judgement::Unknown { why, ticket: None },
            Judgement::Held(p) => Judgement::Held(p),
            Judgement::Read(id) => Judgement::Read(id),
            Judgement::LookElsewhere(k) => Judgement::LookElsewhere(k),
        }
    }

    fn said(j: &Judgement<'_, Ticket>) -> String {
        match j {
            Judgement::Unknown {
                why: Why::CouldNotRead(s),
                ..
            } => s.clone(),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn each_row_of_the_table() {
        let mut lists = Lists::default();
        lists.begin_read();
        lists.read_page(
            vec![
                ticket(1, "confirmed", Some(11)),
                ticket(2, "unenrolled", Some(11)),
            ],
            1,
            2,
            Some(4),
        );
        let mut admissions = Admissions::default();
        // A number not yet read while the list loads: held.
        assert_eq!(
            verdict("TK-000003", &lists, &admissions),
            Judgement::Held(Progress {
                read: 2,
                of: Some(4),
                others: 0
            })
        );
        // An id not in the list: read.
        assert_eq!(verdict("77", &lists, &admissions), Judgement::Read(77));
        assert_eq!(
            said(&verdict("TK-000001", &lists, &admissions)),
            "Valid Own"
        );
        assert!(said(&verdict("tk000002", &lists, &admissions)).starts_with("NotValid"));
        lists.read_page(vec![ticket(3, "confirmed", Some(11))], 2, 2, Some(4));
        admissions.admit(Admission {
            ticket_id: 3,
            number: "TK-000003".into(),
            event_id: 11,
            edition_id: Some(11),
            at: String::new(),
            desk: "lane-2".into(),
        });
        assert!(said(&verdict("TK-000003", &lists, &admissions)).starts_with("AlreadyAdmitted"));
        // Read completely, a number in none: the other events' lists.
        assert_eq!(
            verdict("TK-000009", &lists, &admissions),
            Judgement::LookElsewhere("TK000009".into())
        );
        lists.elsewhere.insert("TK000009".into(), None);
        assert_eq!(
            verdict("TK-000009", &lists, &admissions),
            Judgement::Unknown {
                why: Why::NoSuchNumber,
                ticket: None
            }
        );
        // Read by id: of another edition of this event, of another event.
        lists.fetched.insert(
            77,
            Fetched::Found {
                ticket: ticket(77, "confirmed", Some(12)),
                date: None,
                parent: Some(1),
            },
        );
        assert_eq!(
            said(&verdict("77", &lists, &admissions)),
            "OtherEdition { edition: \"Day 2\", when: Some(\"tomorrow\") } Read"
        );
        lists.fetched.insert(
            78,
            Fetched::Found {
                ticket: ticket(78, "confirmed", Some(99)),
                date: Some("2026-12-09".into()),
                parent: Some(5),
            },
        );
        assert!(said(&verdict("78", &lists, &admissions)).starts_with("OtherEvent"));
        lists.fetched.insert(
            79,
            Fetched::Found {
                ticket: ticket(79, "confirmed", None),
                date: None,
                parent: None,
            },
        );
        assert_eq!(
            verdict("79", &lists, &admissions),
            Judgement::Unknown {
                why: Why::NamesNoEvent,
                ticket: None
            }
        );
        lists.fetched.insert(80, Fetched::Missing);
        assert_eq!(
            verdict("80", &lists, &admissions),
            Judgement::Unknown {
                why: Why::NoSuchId,
                ticket: None
            }
        );
        assert_eq!(
            verdict("43#a3f", &lists, &admissions),
            Judgement::Unknown {
                why: Why::NotACode,
                ticket: None
            }
        );
    }
}
