//! Settling a write whose answer was lost: the one rule for every write,
//! the TUI's and the headless commands' alike (docs/safety.md, "Outcome
//! unknown"). A write is sent once; when its answer is lost (no answer, a
//! 5xx, a success that cannot be read) its target is read again — with a
//! read's patience, each read retried as a list page is — round after
//! round until the reads say whether it was applied or the deadline ends.
//! Nothing here sends a write.

use std::time::Duration;

use serde_json::Value;

use super::model::Ticket;
use super::paging::all_pages;
use super::paths::PAGE_SIZE;
use super::{ApiError, Client};

/// What came of a write whose answer was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The server holds it: the ticket is unenrolled, the person has a ticket.
    Applied,
    /// The server does not: the ticket is as it was, nobody was enrolled.
    NotApplied,
    /// The reads did not tell within the deadline (or cannot).
    Unknown,
}

impl Outcome {
    /// As the audit log writes a settled row.
    pub fn word(self) -> &'static str {
        match self {
            Self::Applied => "applied",
            Self::NotApplied => "not applied",
            Self::Unknown => "unknown",
        }
    }
}

/// Who an enroll was for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    Email(String),
    Customer(u64),
}

/// A write whose outcome is to be learnt, named as the audit log names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unsettled {
    Revoke { ticket_id: u64 },
    Enroll { event_id: u64, who: Who },
}

impl Unsettled {
    /// The audit log's operation: `revoke`, `enroll`, `enroll-customer`.
    pub fn operation(&self) -> &'static str {
        match self {
            Self::Revoke { .. } => "revoke",
            Self::Enroll {
                who: Who::Email(_), ..
            } => "enroll",
            Self::Enroll {
                who: Who::Customer(_),
                ..
            } => "enroll-customer",
        }
    }

    /// The audit log's target: "ticket 41", "event 12 ana@example.com",
    /// "event 12 customer 5".
    pub fn target(&self) -> String {
        match self {
            Self::Revoke { ticket_id } => format!("ticket {ticket_id}"),
            Self::Enroll {
                event_id,
                who: Who::Email(email),
            } => format!("event {event_id} {email}"),
            Self::Enroll {
                event_id,
                who: Who::Customer(id),
            } => format!("event {event_id} customer {id}"),
        }
    }

    /// The write an audit row names ([`Self::operation`], [`Self::target`]).
    pub fn parse(operation: &str, target: &str) -> Option<Self> {
        let words: Vec<&str> = target.split(' ').collect();
        match (operation, words.as_slice()) {
            ("revoke", ["ticket", id]) => Some(Self::Revoke {
                ticket_id: id.parse().ok()?,
            }),
            ("enroll", ["event", id, email]) => Some(Self::Enroll {
                event_id: id.parse().ok()?,
                who: Who::Email((*email).to_string()),
            }),
            ("enroll-customer", ["event", id, "customer", customer]) => Some(Self::Enroll {
                event_id: id.parse().ok()?,
                who: Who::Customer(customer.parse().ok()?),
            }),
            _ => None,
        }
    }
}

/// What the reads learnt.
#[derive(Debug, Clone, PartialEq)]
pub struct Settled {
    pub outcome: Outcome,
    /// How it was learnt ("read ticket 41: unenrolled"), or why not (the
    /// last read's error).
    pub how: String,
    /// The ticket as last read: the revoked one, or the person's new one.
    pub ticket: Option<(Ticket, Value)>,
}

impl Settled {
    fn unknown(how: String) -> Self {
        Self {
            outcome: Outcome::Unknown,
            how,
            ticket: None,
        }
    }
}

/// One round's answer: learnt, or read again (the error was a lost
/// answer), or give up (an answer that reading again will not change).
enum Round {
    Learnt(Box<Settled>),
    Again(ApiError),
    GiveUp(ApiError),
}

fn failed(e: ApiError) -> Round {
    if e.outcome_unknown() {
        Round::Again(e)
    } else {
        Round::GiveUp(e)
    }
}

/// The API's code for "the ticket is already unenrolled".
pub const ALREADY_UNENROLLED: i64 = 1007;

/// Before a write is sent, its target is read (docs/safety.md, "Read
/// before sending"): every write of the app and of the headless commands
/// asks this first, so that what is read after a lost answer means what
/// it seems, and nothing is sent that the target's state refuses.
///
/// - A revoke reads the ticket: one already unenrolled is not revoked (the
///   API's own "already unenrolled", code 1007).
/// - An enroll reads its event or edition: one that has ended at `now`
///   (UTC, "YYYY-MM-DD HH:MM:SS"; judged in the event's time zone,
///   [`super::ended`]) is refused with which and when
///   ([`ApiError::Refused`]).
///
/// Each read is patient (retried as a list page is, [`Client::get_one`]).
/// A target that cannot be read within that patience is not written
/// ([`ApiError::NotApplied`], nothing sent); an answer the API gives (not
/// found) is its own error. An enroll's target is named as read ("Day 2
/// (Sat 14 Mar)", [`super::ended::label`]) for the line that says it was
/// enrolled.
pub async fn before(
    client: &Client,
    write: &Unsettled,
    now: &str,
) -> Result<Option<String>, ApiError> {
    let unread = |what: String, e: ApiError| {
        if e.outcome_unknown() {
            ApiError::NotApplied(format!("not sent: {what} could not be read first ({e})"))
        } else {
            e
        }
    };
    match write {
        Unsettled::Revoke { ticket_id } => match client.ticket(*ticket_id).await {
            Ok((ticket, _)) if ticket.is_unenrolled() => Err(ApiError::Api {
                message: format!("ticket {ticket_id} is already unenrolled (read before sending)"),
                errors: vec![super::ErrorItem {
                    code: ALREADY_UNENROLLED,
                    message: "already unenrolled".into(),
                    extra_data: None,
                }],
            }),
            Ok(_) => Ok(None),
            Err(e) => Err(unread(format!("ticket {ticket_id}"), e)),
        },
        Unsettled::Enroll { event_id, .. } => match client.event(&event_id.to_string()).await {
            Ok((event, _)) => match super::ended::event(&event, now) {
                Some(ended) => Err(ApiError::Refused(format!(
                    "{}: nothing sent; enroll in one still to come",
                    ended.text()
                ))),
                None => Ok(Some(super::ended::label(&event))),
            },
            Err(e) => Err(unread(format!("event {event_id}"), e)),
        },
    }
}

/// Reads `write`'s target round after round until the outcome is known or
/// `within` has passed. One round is one patient read (retried as a list
/// page is, [`Client::get_one`]); between rounds, the read's backoff. The
/// first round is always read whole (`within` zero: exactly one round).
pub async fn settle(client: &Client, write: &Unsettled, within: Duration) -> Settled {
    let deadline = tokio::time::Instant::now() + within;
    let mut round = 1;
    loop {
        let bound = deadline.max(tokio::time::Instant::now() + client.config().timeout);
        let read = async {
            match write {
                Unsettled::Revoke { ticket_id } => revoke_round(client, *ticket_id).await,
                Unsettled::Enroll { event_id, who } => enroll_round(client, *event_id, who).await,
            }
        };
        let error = match tokio::time::timeout_at(bound, read).await {
            Ok(Round::Learnt(settled)) => return *settled,
            Ok(Round::GiveUp(e)) => return Settled::unknown(format!("cannot read it: {e}")),
            Ok(Round::Again(e)) => e.to_string(),
            Err(_) => "no readable answer".to_string(),
        };
        if tokio::time::Instant::now() >= deadline {
            let within = if within.is_zero() {
                "by reading it once more".to_string()
            } else {
                format!("within {} s", within.as_secs_f64())
            };
            return Settled::unknown(format!("not learnt {within}: {error}"));
        }
        let _ = tokio::time::timeout_at(deadline, client.wait_before_again(round)).await;
        round += 1;
    }
}

async fn revoke_round(client: &Client, ticket_id: u64) -> Round {
    match client.ticket(ticket_id).await {
        Ok((ticket, raw)) => {
            let status = ticket.status.clone().unwrap_or_else(|| "no status".into());
            let outcome = if ticket.is_unenrolled() {
                Outcome::Applied
            } else {
                Outcome::NotApplied
            };
            Round::Learnt(Box::new(Settled {
                outcome,
                how: format!("read ticket {ticket_id}: {status}"),
                ticket: Some((ticket, raw)),
            }))
        }
        Err(e) => failed(e),
    }
}

/// The tickets of the event and of each of its editions (an enroll in a
/// main event lands in one of them), searched for the person's live ticket.
async fn enroll_round(client: &Client, event_id: u64, who: &Who) -> Round {
    let mut ids = vec![event_id];
    match client.editions(event_id).await {
        Ok(page) => ids.extend(page.items.iter().map(|e| e.id).filter(|&id| id != event_id)),
        // An edition has no editions of its own: its tickets are enough.
        Err(e) if e.outcome_unknown() => return Round::Again(e),
        Err(_) => {}
    }
    for id in ids {
        let page = match all_pages(|p| client.tickets(id, p, PAGE_SIZE)).await {
            Ok(page) => page,
            Err(e) => return failed(e),
        };
        if let Some((ticket, raw)) = page
            .items
            .into_iter()
            .zip(page.raw)
            .find(|(t, _)| holds(t, who))
        {
            let number = ticket
                .number
                .clone()
                .unwrap_or_else(|| ticket.id.to_string());
            return Round::Learnt(Box::new(Settled {
                outcome: Outcome::Applied,
                how: format!("read the tickets of event {id}: ticket {number} found"),
                ticket: Some((ticket, raw)),
            }));
        }
    }
    Round::Learnt(Box::new(Settled {
        outcome: Outcome::NotApplied,
        how: format!("read the tickets of event {event_id} and its editions: none for them"),
        ticket: None,
    }))
}

/// Whether `ticket` is a live ticket of `who`.
fn holds(ticket: &Ticket, who: &Who) -> bool {
    if ticket.is_unenrolled() {
        return false;
    }
    let Some(attendee) = &ticket.attendee else {
        return false;
    };
    match who {
        Who::Email(email) => attendee
            .email
            .as_deref()
            .is_some_and(|e| e.trim().eq_ignore_ascii_case(email.trim())),
        Who::Customer(id) => attendee.id == Some(*id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Every write names itself as the audit log does and is found again
        /// from that name.
        #[test]
        fn a_write_is_found_again_from_its_audit_row(
            ticket_id in any::<u64>(),
            event_id in any::<u64>(),
            customer in any::<u64>(),
            local in "[a-z0-9.+_-]{1,12}",
            host in "[a-z0-9-]{1,10}\\.[a-z]{2,4}",
        ) {
            let writes = [
                Unsettled::Revoke { ticket_id },
                Unsettled::Enroll { event_id, who: Who::Email(format!("{local}@{host}")) },
                Unsettled::Enroll { event_id, who: Who::Customer(customer) },
            ];
            for w in writes {
                prop_assert_eq!(Unsettled::parse(w.operation(), &w.target()), Some(w));
            }
        }
    }

    #[test]
    fn a_row_that_names_no_write_is_none() {
        assert_eq!(Unsettled::parse("revoke", "ticket x"), None);
        assert_eq!(Unsettled::parse("enroll", "event 3"), None);
        assert_eq!(Unsettled::parse("admit", "ticket 3"), None);
    }
}
