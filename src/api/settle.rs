//! Settling a write whose answer was lost: the one rule for every write,
//! the TUI's and the headless commands' alike (docs/safety.md, "Outcome
//! unknown"). A write is sent once; when its answer is lost (no answer, a
//! 5xx, a success that cannot be read) its target is read again — with a
//! read's patience, each read retried as a list page is — round after
//! round until the reads say whether it was applied or the deadline ends.
//! Nothing here sends a write.

use std::time::Duration;

use serde_json::Value;

pub use super::error::{Unknown, Unlearnt};
use super::model::Ticket;
use super::paging::all_pages;
use super::paths::PAGE_SIZE;
use super::{ApiError, Client};

/// What came of a write whose answer was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The server holds it, and it was not there before it was sent: the
    /// ticket is unenrolled, the person has a new ticket.
    Applied,
    /// The server does not: the ticket is as it was, nobody was enrolled.
    NotApplied,
    /// Nothing changed, and what the server holds refuses it: the person
    /// already held the ticket found before it was sent (as the API's
    /// "already enrolled", code 1006, says).
    Refused,
    /// The reads did not tell within the deadline (or cannot).
    Unknown,
}

impl Outcome {
    /// As the audit log writes a settled row.
    pub fn word(self) -> &'static str {
        match self {
            Self::Applied => "applied",
            Self::NotApplied => "not applied",
            Self::Refused => "refused",
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

impl Who {
    /// "ana@example.com", "customer 5".
    pub fn text(&self) -> String {
        match self {
            Self::Email(email) => email.clone(),
            Self::Customer(id) => format!("customer {id}"),
        }
    }
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
    /// last read's error), in English as the audit log keeps it.
    pub how: String,
    /// Why it was not learnt, as parts a language says
    /// ([`Outcome::Unknown`] only; `how` is its English).
    pub unlearnt: Option<Unlearnt>,
    /// The ticket as last read: the revoked one, the person's new one, or
    /// the one they held already.
    pub ticket: Option<(Ticket, Value)>,
}

impl Settled {
    fn unknown(why: Unlearnt) -> Self {
        Self {
            outcome: Outcome::Unknown,
            how: why.to_string(),
            unlearnt: Some(why),
            ticket: None,
        }
    }

    /// Why it is still unknown: [`Self::unlearnt`], else `how` as it is.
    fn why(&self) -> Unlearnt {
        self.unlearnt
            .clone()
            .unwrap_or_else(|| Unlearnt::Said(self.how.clone()))
    }
}

impl Unknown {
    /// The same write `seq` (sent `at`) whose outcome is still unknown:
    /// this one not sent again, `settled` why not learnt.
    pub fn earlier(seq: i64, at: &str, settled: &Settled) -> Self {
        Self::EarlierUnknown {
            seq,
            at: at.to_owned(),
            why: settled.why(),
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

/// The API's code for "already enrolled in that edition".
pub const ALREADY_ENROLLED: i64 = 1006;

/// The API's code for "no edition available (sold out, or ended)".
pub const NO_EDITION: i64 = 1004;

/// An error as the API words a refusal: `message`, then its code.
pub fn refusal(message: String, code: i64, what: &str) -> ApiError {
    ApiError::Api {
        message,
        errors: vec![super::ErrorItem {
            code,
            message: what.into(),
            extra_data: None,
        }],
    }
}

/// What the read before sending found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Before {
    /// An enroll's target as read ("Day 2 (Sat 14 Mar)").
    pub named: Option<String>,
    /// An enroll's: the ids of the live tickets the person held before it
    /// was sent. A ticket found after a lost answer that is one of these
    /// is not this write's work ([`settle_held`]).
    pub held: Option<Vec<u64>>,
}

/// Before a write is sent, its target is read (docs/safety.md, "Read
/// before sending"): every write of the app and of the headless commands
/// asks this first, so that what is read after a lost answer means what
/// it seems, and nothing is sent that the target's state refuses.
///
/// - A revoke reads the ticket: one already unenrolled is not revoked (the
///   API's own "already unenrolled", code 1007).
/// - An enroll reads its event or edition: one that has ended at `now`
///   (UTC, "YYYY-MM-DD HH:MM:SS"; judged in the event's time zone,
///   [`super::ended`]) is refused with which and when, as the API refuses
///   it (code 1004). Then the tickets the person already holds in it and
///   its editions ([`Before::held`]), unless `held` says them already (a
///   run that read the event's tickets once, just before).
///
/// Each read is patient (retried as a list page is, [`Client::get_one`]).
/// A target that cannot be read within that patience is not written
/// ([`ApiError::NotApplied`], nothing sent); an answer the API gives (not
/// found) is its own error. An enroll's target is named as read ("Day 2
/// (Sat 14 Mar)", [`super::ended::label`]).
pub async fn before(client: &Client, write: &Unsettled, now: &str) -> Result<Before, ApiError> {
    before_held(client, write, now, None).await
}

/// [`before`], the person's tickets known already when `held` is given.
pub async fn before_held(
    client: &Client,
    write: &Unsettled,
    now: &str,
    held: Option<Vec<u64>>,
) -> Result<Before, ApiError> {
    match write {
        Unsettled::Revoke { ticket_id } => match client.ticket(*ticket_id).await {
            Ok((ticket, _)) if ticket.is_unenrolled() => Err(refusal(
                format!("ticket {ticket_id} is already unenrolled (read before sending)"),
                ALREADY_UNENROLLED,
                "already unenrolled",
            )),
            Ok(_) => Ok(Before::default()),
            Err(e) => Err(unread(&format!("ticket {ticket_id}"), e)),
        },
        Unsettled::Enroll { event_id, who } => {
            let (event, _) = client
                .event(&event_id.to_string())
                .await
                .map_err(|e| unread(&format!("event {event_id}"), e))?;
            if let Some(ended) = super::ended::event(&event, now) {
                return Err(refusal(
                    format!(
                        "{}: nothing sent; enroll in one still to come",
                        ended.text()
                    ),
                    NO_EDITION,
                    "ended",
                ));
            }
            let held = match held {
                Some(held) => held,
                None => holdings(client, *event_id, who)
                    .await
                    .map_err(|e| unread(&format!("the tickets of event {event_id}"), e))?
                    .iter()
                    .map(|(t, _)| t.id)
                    .collect(),
            };
            Ok(Before {
                named: Some(super::ended::label(&event)),
                held: Some(held),
            })
        }
    }
}

/// A read before sending that failed: when it got no answer (or a 5xx, a
/// 429 after its retries), the write is not sent — not applied, nothing
/// changed ([`ApiError::NotApplied`]); an answer the API gave (not found)
/// stays its own error.
pub fn unread(what: &str, e: ApiError) -> ApiError {
    if e.outcome_unknown() || e.is_transient() {
        ApiError::NotApplied(format!(
            "{what} could not be read first ({e}); nothing was sent"
        ))
    } else {
        e
    }
}

/// A write's answer as what is known of it, the one rule for every write
/// (the TUI's and the headless commands'): `Ok` when it was applied; the
/// API's refusal (`Api`, with its code) when what the server holds refuses
/// it; [`ApiError::NotApplied`] when it is known not to have happened,
/// whatever the cause (a 5xx or a dropped connection read again and found
/// not applied, a 429, any other answer that is not a success);
/// [`ApiError::Unsettled`] while unknown. `settled`: what reading again
/// learnt, when the answer was lost.
pub fn conclude(result: Result<(), ApiError>, settled: Option<&Settled>) -> Result<(), ApiError> {
    let e = match result {
        Ok(()) => return Ok(()),
        Err(e) => e,
    };
    match (e, settled) {
        (e @ (ApiError::Api { .. } | ApiError::Auth { .. } | ApiError::NotApplied(_)), _)
        | (e @ ApiError::Unsettled(_), None) => Err(e),
        (e, Some(s)) if e.outcome_unknown() => match s.outcome {
            Outcome::Applied => Ok(()),
            Outcome::NotApplied => Err(ApiError::NotApplied(format!(
                "{}; read again: {}",
                lost(e),
                s.how
            ))),
            Outcome::Refused => Err(refusal(
                format!("{} ({}; read again)", s.how, lost(e)),
                ALREADY_ENROLLED,
                "already enrolled",
            )),
            Outcome::Unknown => Err(ApiError::Unsettled(Unknown::Unlearnt(
                Box::new(lost(e)),
                s.why(),
            ))),
        },
        (e, None) if e.outcome_unknown() => Err(ApiError::Unsettled(lost(e))),
        (e, _) => Err(ApiError::NotApplied(e.to_string())),
    }
}

/// A lost answer as it is said: "its answer was lost (…)".
fn lost(e: ApiError) -> Unknown {
    match e {
        ApiError::Unsettled(unknown) => unknown,
        e => Unknown::Lost(Some(Box::new(e))),
    }
}

/// Reads `write`'s target round after round until the outcome is known or
/// `within` has passed. One round is one patient read (retried as a list
/// page is, [`Client::get_one`]); between rounds, the read's backoff. The
/// first round is always read whole (`within` zero: exactly one round).
pub async fn settle(client: &Client, write: &Unsettled, within: Duration) -> Settled {
    settle_held(client, write, within, None).await
}

/// [`settle`] for an enroll whose read before sending found the person
/// holding `held` (ticket ids): a ticket found that is one of those is not
/// this write's work, and settles it as [`Outcome::Refused`] ("already
/// holds TK-000715 since …"). `None`: what they held is not known (a row
/// written before it was recorded): any ticket found counts.
pub async fn settle_held(
    client: &Client,
    write: &Unsettled,
    within: Duration,
    held: Option<&[u64]>,
) -> Settled {
    let deadline = tokio::time::Instant::now() + within;
    let mut round = 1;
    loop {
        let bound = deadline.max(tokio::time::Instant::now() + client.config().timeout);
        let read = async {
            match write {
                Unsettled::Revoke { ticket_id } => revoke_round(client, *ticket_id).await,
                Unsettled::Enroll { event_id, who } => {
                    enroll_round(client, *event_id, who, held).await
                }
            }
        };
        let error = match tokio::time::timeout_at(bound, read).await {
            Ok(Round::Learnt(settled)) => return *settled,
            Ok(Round::GiveUp(e)) => return Settled::unknown(Unlearnt::Unreadable(Box::new(e))),
            Ok(Round::Again(e)) => Some(Box::new(e)),
            Err(_) => None,
        };
        if tokio::time::Instant::now() >= deadline {
            let within = (!within.is_zero()).then_some(within);
            return Settled::unknown(Unlearnt::NotLearnt { within, error });
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
                unlearnt: None,
                ticket: Some((ticket, raw)),
            }))
        }
        Err(e) => failed(e),
    }
}

/// The person's live tickets in the event and in each of its editions
/// (an enroll in a main event lands in one of them), each once.
async fn holdings(
    client: &Client,
    event_id: u64,
    who: &Who,
) -> Result<Vec<(Ticket, Value)>, ApiError> {
    let mut found = live_tickets(client, event_id).await?;
    found.retain(|(t, _)| holds(t, who));
    Ok(found)
}

/// The live tickets of the event and of each of its editions, each once.
async fn live_tickets(client: &Client, event_id: u64) -> Result<Vec<(Ticket, Value)>, ApiError> {
    let mut ids = vec![event_id];
    match client.editions(event_id).await {
        Ok(page) => ids.extend(page.items.iter().map(|e| e.id).filter(|&id| id != event_id)),
        // An edition has no editions of its own: its tickets are enough.
        Err(e) if e.outcome_unknown() => return Err(e),
        Err(_) => {}
    }
    let mut found: Vec<(Ticket, Value)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for id in ids {
        let page = all_pages(|p| client.tickets(id, p, PAGE_SIZE)).await?;
        for (ticket, raw) in page.items.into_iter().zip(page.raw) {
            if !ticket.is_unenrolled() && seen.insert(ticket.id) {
                found.push((ticket, raw));
            }
        }
    }
    Ok(found)
}

/// The ids of the live tickets each e-mail (lower case) holds in the event
/// and its editions: what a run of enrolls ([`before_held`]) knows each
/// person held before it sent anything.
pub async fn holders(
    client: &Client,
    event_id: u64,
) -> Result<std::collections::HashMap<String, Vec<u64>>, ApiError> {
    let mut by_email = std::collections::HashMap::<String, Vec<u64>>::new();
    for (ticket, _) in live_tickets(client, event_id).await? {
        if let Some(email) = ticket.attendee.as_ref().and_then(|a| a.email.as_deref()) {
            by_email
                .entry(email.trim().to_lowercase())
                .or_default()
                .push(ticket.id);
        }
    }
    Ok(by_email)
}

/// One read of the person's tickets: a live ticket that was not `held`
/// before the write was sent is its work (applied); only tickets held
/// before: refused, nothing changed; none: not applied.
async fn enroll_round(client: &Client, event_id: u64, who: &Who, held: Option<&[u64]>) -> Round {
    let found = match holdings(client, event_id, who).await {
        Ok(found) => found,
        Err(e) => return failed(e),
    };
    let was_held = |t: &Ticket| held.is_some_and(|h| h.contains(&t.id));
    let number = |t: &Ticket| t.number.clone().unwrap_or_else(|| t.id.to_string());
    let (new, old): (Vec<_>, Vec<_>) = found.into_iter().partition(|(t, _)| !was_held(t));
    if let Some((ticket, raw)) = new.into_iter().next() {
        let edition = ticket.event.as_ref().and_then(|e| e.id).unwrap_or(event_id);
        return Round::Learnt(Box::new(Settled {
            outcome: Outcome::Applied,
            how: format!(
                "read the tickets of event {edition}: ticket {} found",
                number(&ticket)
            ),
            unlearnt: None,
            ticket: Some((ticket, raw)),
        }));
    }
    if let Some((ticket, raw)) = old.into_iter().next() {
        let since = ticket
            .creation_date
            .as_deref()
            .map(|d| format!(" since {}", crate::sanitize::clean(d)))
            .unwrap_or_default();
        return Round::Learnt(Box::new(Settled {
            outcome: Outcome::Refused,
            how: format!(
                "{} already holds {}{since}, held before this write was sent",
                who.text(),
                number(&ticket)
            ),
            unlearnt: None,
            ticket: Some((ticket, raw)),
        }));
    }
    Round::Learnt(Box::new(Settled {
        outcome: Outcome::NotApplied,
        how: format!("read the tickets of event {event_id} and its editions: none for them"),
        unlearnt: None,
        ticket: None,
    }))
}

/// Where an enroll landed, from its new ticket as the API returns it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Landed {
    /// The ticket's edition, its date in the event's zone, and its id:
    /// "Day 1 (Sat 28 Nov), event 1002".
    pub edition: String,
    /// "TK-000716".
    pub number: String,
}

impl Landed {
    pub fn of(ticket: &Ticket) -> Self {
        let edition = ticket.event.as_ref().map_or_else(
            || "an edition not named".to_string(),
            |e| match e.id {
                Some(id) => format!("{}, event {id}", super::ended::ticket_label(e)),
                None => super::ended::ticket_label(e),
            },
        );
        let number = ticket.number.as_deref().map_or_else(
            || ticket.id.to_string(),
            |n| crate::sanitize::clean(n).into_owned(),
        );
        Self { edition, number }
    }

    /// "ticket TK-000716 in Day 1 (Sat 28 Nov), event 1002", as the audit
    /// log keeps it.
    pub fn text(&self) -> String {
        format!("ticket {} in {}", self.number, self.edition)
    }
}

/// Where an enroll that was applied landed: the person's live ticket that
/// they did not hold before (`held`), read once with a read's patience;
/// why not, when it cannot be read.
pub async fn landed(
    client: &Client,
    write: &Unsettled,
    held: Option<&[u64]>,
) -> Result<Landed, String> {
    let settled = settle_held(client, write, Duration::ZERO, held).await;
    match (settled.outcome, settled.ticket) {
        (Outcome::Applied, Some((ticket, _))) => Ok(Landed::of(&ticket)),
        _ => Err(settled.how),
    }
}

/// Ticket ids as an audit row keeps what a person held: "715,802"; ""
/// for none.
pub fn held_text(held: &[u64]) -> String {
    held.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// What [`held_text`] wrote; `None` when nothing was recorded (or it
/// cannot be read).
pub fn held_of(text: Option<&str>) -> Option<Vec<u64>> {
    let text = text?;
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(',').map(|id| id.parse().ok()).collect()
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

    /// What is known of an unknown outcome, in the words the audit log,
    /// the shared log and `--format json` have always kept.
    #[test]
    fn an_unknown_outcome_says_the_same_english_words() {
        let timed_out = || {
            Box::new(ApiError::Transport {
                message: "deadline".into(),
                timeout: true,
            })
        };
        let within = Unlearnt::NotLearnt {
            within: Some(Duration::from_secs(2)),
            error: Some(timed_out()),
        };
        let once = Unlearnt::NotLearnt {
            within: None,
            error: None,
        };
        let lost = Unknown::Lost(Some(timed_out()));
        let cases = [
            (Unknown::Lost(None), "its answer was lost"),
            (lost.clone(), "its answer was lost (timed out: deadline)"),
            (
                Unknown::Unlearnt(Box::new(lost), within),
                "its answer was lost (timed out: deadline); not learnt within 2 s: \
                 timed out: deadline",
            ),
            (
                Unknown::NotSentAgain {
                    seq: 7,
                    at: "2026-11-25 10:00:00".into(),
                },
                "not sent again: the same write #7 of 2026-11-25 10:00:00",
            ),
            (
                Unknown::EarlierUnknown {
                    seq: 7,
                    at: "2026-11-25 10:00:00".into(),
                    why: once,
                },
                "not sent again: the same write #7 of 2026-11-25 10:00:00 has no known \
                 outcome (not learnt by reading it once more: no readable answer)",
            ),
            (
                Unknown::Unlearnt(
                    Box::new(Unknown::Lost(None)),
                    Unlearnt::Unreadable(Box::new(ApiError::Status {
                        status: 404,
                        message: None,
                    })),
                ),
                "its answer was lost; cannot read it: the server answered HTTP 404",
            ),
        ];
        for (unknown, text) in cases {
            assert_eq!(ApiError::Unsettled(unknown).to_string(), text);
        }
        let settled = Settled::unknown(Unlearnt::NotLearnt {
            within: Some(Duration::from_millis(1500)),
            error: None,
        });
        assert_eq!(settled.how, "not learnt within 1.5 s: no readable answer");
    }

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
