//! Finding tickets across events: a customer's tickets, or the ticket a
//! guest reads the number of. The API has no look-up by attendee or by
//! number, so the tickets of the current and upcoming events (each edition
//! of a multi-edition event) are read and matched as they come. What is
//! wanted and where are data (`FindTickets`, in `Cmd::FindTickets`); the
//! executor runs [`run`], which answers with [`FoundPage`]s as it goes and
//! stops when its task is aborted (the user pressed stop or left).

use std::fmt::Write as _;

use futures::StreamExt;
use tokio::sync::mpsc::UnboundedSender;

use crate::api::model::{Edition, Event, Ticket};
use crate::api::{ApiError, Client, paging};
use crate::clock::day_before;
use crate::search::fold;

use super::msg::{Msg, Reply};
use super::screens::tickets::{TicketRow, TicketScope};
use super::state::ReqId;

/// Records asked for per page.
const PER_PAGE: u32 = 100;
/// Events or editions whose tickets are read at once (each with the
/// client's own page concurrency).
const SCOPES_AT_ONCE: usize = 2;

/// Whose tickets are wanted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    /// A customer's: the attendee is this customer id, or has this e-mail
    /// (kept folded: case and accents ignored).
    Customer { id: u64, email: String },
    /// The ticket with this number (kept upper case, no spaces).
    Number(String),
}

impl Wanted {
    pub fn customer(id: u64, email: &str) -> Self {
        Self::Customer {
            id,
            email: fold(email.trim()),
        }
    }

    pub fn number(number: &str) -> Self {
        Self::Number(number.trim().to_uppercase())
    }

    /// Whether a loaded row is one of them.
    pub fn matches_row(&self, row: &TicketRow) -> bool {
        match self {
            Self::Customer { id, email } => {
                row.attendee_id == Some(*id) || (!email.is_empty() && row.folded_email() == email)
            }
            Self::Number(n) => row.number().eq_ignore_ascii_case(n),
        }
    }

    /// Whether a ticket read from the API is one of them.
    pub fn matches(&self, t: &Ticket) -> bool {
        match self {
            Self::Customer { id, email } => {
                let a = t.attendee.as_ref();
                a.and_then(|a| a.id) == Some(*id)
                    || (!email.is_empty()
                        && a.and_then(|a| a.email.as_deref())
                            .is_some_and(|e| fold(e.trim()) == *email))
            }
            Self::Number(n) => t
                .number
                .as_deref()
                .is_some_and(|x| x.trim().eq_ignore_ascii_case(n)),
        }
    }

    /// One ticket is all there is to find.
    fn one(&self) -> bool {
        matches!(self, Self::Number(_))
    }
}

/// Where to look.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Within {
    /// Every event that has not ended (each edition of a multi-edition
    /// event that has not ended), as of the executor's today.
    Upcoming,
    /// One event or edition (after an enroll into it).
    One(TicketScope),
}

/// A search for tickets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindTickets {
    pub wanted: Wanted,
    pub within: Within,
}

/// A ticket found, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub row: TicketRow,
    /// The event or edition whose tickets it is among.
    pub scope: TicketScope,
}

/// What a search has come to, sent as it goes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FoundPage {
    /// Tickets found since the last answer.
    pub hits: Vec<Found>,
    /// Events and editions to read (known once the events are read).
    pub scopes: u32,
    /// Events and editions read to their end (or failed).
    pub scopes_done: u32,
    /// Tickets read since the last answer.
    pub tickets: u64,
    /// Events and editions that could not be read, and the first error.
    pub failed: u32,
    pub error: Option<String>,
    /// The search is over.
    pub done: bool,
}

/// Where a search stands, for a screen or overlay to show.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchProgress {
    pub scopes: u32,
    pub scopes_done: u32,
    pub tickets: u64,
    pub failed: u32,
    pub error: Option<String>,
    pub done: bool,
}

impl SearchProgress {
    /// Adds an answer's figures.
    pub fn add(&mut self, page: &FoundPage) {
        self.scopes = self.scopes.max(page.scopes);
        self.scopes_done += page.scopes_done;
        self.tickets += page.tickets;
        self.failed += page.failed;
        if self.error.is_none() {
            self.error.clone_from(&page.error);
        }
        self.done |= page.done;
    }

    /// "3 of 7 events · 1,234 tickets read".
    pub fn text(&self) -> String {
        let events = if self.scopes == 0 {
            "finding the current and upcoming events".to_string()
        } else {
            format!(
                "{} of {} events and editions",
                self.scopes_done, self.scopes
            )
        };
        let mut text = format!(
            "{events} · {} tickets read",
            crate::ui::widgets::thousands(self.tickets)
        );
        if self.failed > 0 {
            let _ = write!(text, " · {} could not be read", self.failed);
        }
        text
    }
}

/// Whether something running from `start` to `end` has not ended by
/// `since` (a day before today: time zones). No dates: it may be on.
fn not_ended(start: Option<&str>, end: Option<&str>, since: &str) -> bool {
    match end.or(start) {
        Some(date) if date.len() >= 10 => &date[..10] >= since,
        _ => true,
    }
}

/// Runs a search, answering `req` on `tx` as it goes: the events and their
/// editions first (each event's editions, one request each), then every
/// scope's tickets, a few scopes at once. A number search stops at its
/// ticket. A failed event or edition is counted and skipped; a failed read
/// of the events list ends the search with its error.
pub async fn run(
    req: ReqId,
    find: FindTickets,
    today: &str,
    client: &Client,
    tx: &UnboundedSender<Msg>,
) {
    let send = |page: FoundPage| {
        tx.send(Msg::Reply {
            req,
            reply: Reply::Found(Ok(page)),
        })
        .is_ok()
    };
    let (scopes, failed, error) = match &find.within {
        Within::One(scope) => (vec![scope.clone()], 0, None),
        Within::Upcoming => match upcoming(today, client).await {
            Ok(found) => found,
            Err(e) => {
                let _ = tx.send(Msg::Reply {
                    req,
                    reply: Reply::Found(Err(e)),
                });
                return;
            }
        },
    };
    let total = u32::try_from(scopes.len()).unwrap_or(u32::MAX) + failed;
    if !send(FoundPage {
        scopes: total,
        scopes_done: failed,
        failed,
        error,
        ..FoundPage::default()
    }) {
        return;
    }
    let wanted = &find.wanted;
    let scans = futures::stream::iter(scopes)
        .map(|scope| scan(scope, wanted, total, client, &send))
        .buffer_unordered(SCOPES_AT_ONCE);
    let mut scans = std::pin::pin!(scans);
    while let Some(found_one) = scans.next().await {
        if found_one && wanted.one() {
            break;
        }
    }
    send(FoundPage {
        scopes: total,
        done: true,
        ..FoundPage::default()
    });
}

/// Reads one scope's tickets, sending each page's matches and count;
/// true when it found any.
async fn scan(
    scope: TicketScope,
    wanted: &Wanted,
    total: u32,
    client: &Client,
    send: &impl Fn(FoundPage) -> bool,
) -> bool {
    let fetch = |p| client.tickets(scope.event_id, p, PER_PAGE);
    let pages = paging::stream_pages(fetch, client.config().concurrency);
    let mut pages = std::pin::pin!(pages);
    let mut found_any = false;
    while let Some(page) = pages.next().await {
        match page {
            Ok(page) => {
                let hits: Vec<Found> = page
                    .items
                    .iter()
                    .filter(|t| wanted.matches(t))
                    .map(|t| Found {
                        row: TicketRow::new(t),
                        scope: scope.clone(),
                    })
                    .collect();
                found_any |= !hits.is_empty();
                let stop = found_any && wanted.one();
                let listening = send(FoundPage {
                    hits,
                    scopes: total,
                    tickets: page.items.len() as u64,
                    ..FoundPage::default()
                });
                if !listening || stop {
                    break;
                }
            }
            Err(e) => {
                send(FoundPage {
                    scopes: total,
                    scopes_done: 1,
                    failed: 1,
                    error: Some(format!("{}: {e}", scope.title)),
                    ..FoundPage::default()
                });
                return found_any;
            }
        }
    }
    send(FoundPage {
        scopes: total,
        scopes_done: 1,
        ..FoundPage::default()
    });
    found_any
}

/// The events and editions that have not ended: (scopes, events that could
/// not be read, the first error).
async fn upcoming(
    today: &str,
    client: &Client,
) -> Result<(Vec<TicketScope>, u32, Option<String>), ApiError> {
    let since = day_before(today);
    let events = paging::all_pages(|p| client.events(p, PER_PAGE)).await?;
    let events: Vec<Event> = events
        .items
        .into_iter()
        .filter(|e| not_ended(e.start_date.as_deref(), e.end_date.as_deref(), &since))
        .collect();
    let editions = futures::stream::iter(events)
        .map(|e| async move {
            let editions = client.editions(e.id).await;
            (e, editions)
        })
        .buffered(client.config().concurrency.max(1));
    let mut editions = std::pin::pin!(editions);
    let (mut scopes, mut failed, mut error) = (Vec::new(), 0, None);
    while let Some((event, answer)) = editions.next().await {
        let name = event
            .name
            .clone()
            .unwrap_or_else(|| format!("event {}", event.id));
        match answer {
            Ok(page) if !page.items.is_empty() => {
                scopes.extend(
                    page.items
                        .iter()
                        .filter(|ed| {
                            not_ended(ed.start_date.as_deref(), ed.end_date.as_deref(), &since)
                        })
                        .map(|ed| edition_scope(&name, ed)),
                );
            }
            Ok(_) => scopes.push(TicketScope {
                event_id: event.id,
                title: name,
                edition: false,
            }),
            Err(e) => {
                failed += 1;
                error.get_or_insert_with(|| format!("{name}: {e}"));
            }
        }
    }
    Ok((scopes, failed, error))
}

/// "Conference · Day 1 · 2026-12-01": an edition as a search names it
/// (each part once).
fn edition_scope(event: &str, ed: &Edition) -> TicketScope {
    let name = match ed.name.as_deref() {
        Some(n) if n.contains(event) => n.to_string(),
        Some(n) if !n.is_empty() => format!("{event} · {n}"),
        _ => event.to_string(),
    };
    let date = ed.start_date.as_deref().or(ed.start_datetime.as_deref());
    let title = match date.and_then(|d| d.get(..10)) {
        Some(day) if !name.contains(day) => format!("{name} · {day}"),
        _ => name,
    };
    TicketScope {
        event_id: ed.id,
        title,
        edition: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_has_not_ended_counts_from_its_end_or_start() {
        let since = "2026-11-25";
        assert!(not_ended(Some("2026-11-01"), Some("2026-11-25"), since));
        assert!(!not_ended(Some("2026-11-01"), Some("2026-11-24"), since));
        assert!(not_ended(Some("2026-12-01 10:00:00"), None, since));
        assert!(not_ended(None, None, since));
        assert!(!not_ended(Some("2025-01-01"), None, since));
    }

    #[test]
    fn a_number_matches_whatever_its_case_and_spaces() {
        let w = Wanted::number("  tk-000041 ");
        assert_eq!(w, Wanted::Number("TK-000041".into()));
        let t: Ticket = serde_json::from_value(serde_json::json!({
            "id": 41, "number": "TK-000041",
            "attendee": {"id": 7, "email": "Ána@Example.com"}
        }))
        .unwrap();
        assert!(w.matches(&t));
        assert!(Wanted::customer(7, "").matches(&t));
        assert!(Wanted::customer(8, "ana@example.com").matches(&t));
        assert!(!Wanted::customer(8, "bob@example.com").matches(&t));
        assert!(!Wanted::customer(8, "").matches(&t));
        let row = TicketRow::new(&t);
        assert!(w.matches_row(&row));
        assert!(Wanted::customer(7, "x@y").matches_row(&row));
        assert!(Wanted::customer(9, "ana@example.com").matches_row(&row));
        assert!(!Wanted::customer(9, "").matches_row(&row));
    }
}
