//! Which ticket `ticket` and `revoke` act on: an id, or the number printed on
//! the ticket within an event.
//!
//! The API has no look-up by number (`GET /events/tickets/{id}` takes the id),
//! so a number is found by reading the tickets of the event the user names,
//! page by page through the bounded-concurrent page stream, and stopping at
//! the first match: nothing holds the whole list. A main event's ticket list
//! is only its first available edition's (spec rule 3), so for a main event
//! every edition's list is read, one after the other.

use std::pin::pin;

use futures::{Stream, StreamExt};
use serde_json::Value;

use super::{Failure, warn_skipped};
use crate::api::model::{Event, Page, Ticket};
use crate::api::paging::stream_pages;
use crate::api::paths::PAGE_SIZE;
use crate::api::{ApiError, Client};
use crate::cli::TicketArgs;
use crate::i18n::{Said, Tongue};
use crate::ticket_number::{self, Reading};

/// What the user named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// An id (only digits), read as today.
    Id(u64),
    /// An id with `--event`: read, then checked to belong to that event, so a
    /// mistyped id is not revoked in the wrong event.
    IdIn { id: u64, event: String },
    /// A number (anything not only digits), trimmed, with `--event`.
    NumberIn { number: String, event: String },
}

impl Target {
    /// Reads the arguments. A number without `--event` is a usage error,
    /// since the API cannot look it up on its own.
    pub fn parse(args: &TicketArgs) -> Result<Self, Failure> {
        let text = args.ticket.trim();
        let event = args.event.as_deref().map(str::trim);
        if event == Some("") {
            return Err(Failure::Usage(Said::new("failure-event-needs-id").into()));
        }
        if text.is_empty() {
            return Err(Failure::Usage(Said::new("failure-give-ticket").into()));
        }
        if text.bytes().all(|b| b.is_ascii_digit()) {
            let id = text.parse().map_err(|_| {
                Failure::Usage(
                    Said::new("failure-ticket-id-too-large")
                        .arg("text", text)
                        .into(),
                )
            })?;
            return Ok(match event {
                None => Self::Id(id),
                Some(event) => Self::IdIn {
                    id,
                    event: event.to_owned(),
                },
            });
        }
        match event {
            Some(event) => Ok(Self::NumberIn {
                number: text.to_owned(),
                event: event.to_owned(),
            }),
            None => Err(Failure::Usage(
                format!(
                    "{text:?} is a ticket number, not an id; the API has no look-up by number, \
                 so add --event <id|hash> to find it among that event's tickets"
                )
                .into(),
            )),
        }
    }
}

/// The ticket named, as `ticket <id>` prints it: a ticket found by number is
/// read again by its id, so both forms print the same full record.
pub async fn detail(
    client: &Client,
    target: &Target,
    concurrency: usize,
    t: &'static Tongue,
) -> Result<(Ticket, Value), Failure> {
    let found = find(client, target, concurrency, t).await?;
    match target {
        Target::NumberIn { .. } => Ok(client.ticket(found.0.id).await?),
        Target::Id(_) | Target::IdIn { .. } => Ok(found),
    }
}

/// The ticket named: read by id, or found by number among the event's
/// tickets (the record as the list sent it).
pub async fn find(
    client: &Client,
    target: &Target,
    concurrency: usize,
    t: &'static Tongue,
) -> Result<(Ticket, Value), Failure> {
    match target {
        Target::Id(id) => Ok(client.ticket(*id).await?),
        Target::IdIn { id, event } => {
            let (event_record, _) = client.event(event).await?;
            let (ticket, raw) = client.ticket(*id).await?;
            if !belongs(&ticket, event_record.id) {
                let named = match ticket.number.as_deref() {
                    Some(n) => Said::new("failure-ticket-numbered")
                        .arg("id", id)
                        .arg("number", n),
                    None => Said::new("failure-ticket").arg("id", id),
                };
                let not_in = Said::new("failure-not-in")
                    .said("ticket", named)
                    .said("event", event_label(event, event_record.id));
                return Err(Failure::NotFound(
                    match ticket.event.as_ref().and_then(|e| e.id) {
                        Some(e) => Said::new("failure-not-in-but")
                            .said("not-in", not_in)
                            .arg("event", e),
                        None => not_in,
                    }
                    .into(),
                ));
            }
            Ok((ticket, raw))
        }
        Target::NumberIn { number, event } => {
            let (event_record, _) = client.event(event).await?;
            let lists = ticket_lists(client, &event_record, t).await?;
            let Some(reading) = ticket_number::read(number) else {
                return Err(Failure::Usage(Said::new("failure-give-ticket").into()));
            };
            let mut read = Read::default();
            for list in &lists {
                search(client, *list, &reading, concurrency, t, &mut read).await?;
                if matches!(reading, Reading::Whole(_)) && !read.found.is_empty() {
                    break;
                }
            }
            let mut found = std::mem::take(&mut read.found);
            if found.len() > 1 {
                let some = found
                    .iter()
                    .take(3)
                    .filter_map(|(t, _)| t.number.as_deref())
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(Failure::Usage(
                    Said::new("failure-end-of-many")
                        .arg("number", number)
                        .arg("count", found.len())
                        .said("event", event_label(event, event_record.id))
                        .arg("some", some)
                        .into(),
                ));
            }
            if let Some(one) = found.pop() {
                return Ok(one);
            }
            let tickets = read.tickets;
            let mut read_words = match lists.len() {
                1 => Said::new("failure-read").count("tickets", tickets),
                n => Said::new("failure-read-editions")
                    .count("tickets", tickets)
                    .arg("editions", n),
            };
            if read.unreadable > 0 {
                read_words = Said::new("failure-unreadable")
                    .said("read", read_words)
                    .arg("count", read.unreadable);
            }
            Err(Failure::NotFound(
                Said::new("failure-no-ticket-read")
                    .arg("number", number)
                    .said("event", event_label(event, event_record.id))
                    .said("read", read_words)
                    .into(),
            ))
        }
    }
}

/// A number `find_many` looks for.
struct Wanted {
    reading: Reading,
    typed: String,
    at: Vec<usize>,
}

/// The tickets `targets` name, in order, each found or why not. Ids are
/// read one by one; numbers are found in one pass over their event's
/// ticket lists (every edition of a main event), which stops when all are
/// found — not one pass per number.
pub async fn find_many(
    client: &Client,
    targets: &[Target],
    concurrency: usize,
    t: &'static Tongue,
) -> Result<Vec<Result<Ticket, Failure>>, Failure> {
    let mut found: Vec<Option<Result<Ticket, Failure>>> = Vec::with_capacity(targets.len());
    // Numbers by event: each as read (`ticket_number`), as typed, and the
    // indices asking for it.
    let mut numbers: Vec<(String, Vec<Wanted>)> = Vec::new();
    for (i, target) in targets.iter().enumerate() {
        match target {
            Target::Id(_) | Target::IdIn { .. } => {
                found.push(Some(
                    find(client, target, concurrency, t).await.map(|(t, _)| t),
                ));
            }
            Target::NumberIn { number, event } => {
                let Some(reading) = ticket_number::read(number) else {
                    found.push(Some(Err(Failure::Usage(
                        Said::new("failure-not-a-ticket-number")
                            .arg("number", format!("{number:?}"))
                            .into(),
                    ))));
                    continue;
                };
                found.push(None);
                let at = if let Some(at) = numbers.iter().position(|(e, _)| e == event) {
                    at
                } else {
                    numbers.push((event.clone(), Vec::new()));
                    numbers.len() - 1
                };
                let wanted = &mut numbers[at].1;
                match wanted.iter_mut().find(|w| w.reading == reading) {
                    Some(w) => w.at.push(i),
                    None => wanted.push(Wanted {
                        reading,
                        typed: number.clone(),
                        at: vec![i],
                    }),
                }
            }
        }
    }
    for (event, mut wanted) in numbers {
        let (event_record, _) = client.event(&event).await?;
        'lists: for list in ticket_lists(client, &event_record, t).await? {
            let mut pages = pin!(ticket_pages(client, list, concurrency, t));
            while let Some(page) = pages.next().await {
                for ticket in page?.items {
                    let Some(number) = ticket.number.as_deref() else {
                        continue;
                    };
                    if let Some(w) = wanted.iter().position(|w| w.reading.matches(number)) {
                        for i in wanted.swap_remove(w).at {
                            found[i] = Some(Ok(ticket.clone()));
                        }
                    }
                }
                if wanted.is_empty() {
                    break 'lists;
                }
            }
        }
        for Wanted {
            typed: number, at, ..
        } in wanted
        {
            for i in at {
                found[i] = Some(Err(Failure::NotFound(
                    Said::new("failure-no-ticket")
                        .arg("number", &number)
                        .said("event", event_label(&event, event_record.id))
                        .into(),
                )));
            }
        }
    }
    Ok(found
        .into_iter()
        .map(|f| f.unwrap_or_else(|| Err(Failure::NotFound("not looked up".into()))))
        .collect())
}

/// What a search has read, for the message when the number is not there,
/// and what it found.
#[derive(Debug, Default)]
struct Read {
    tickets: u64,
    unreadable: usize,
    found: Vec<(Ticket, Value)>,
}

/// The events whose ticket lists hold every ticket of `event`: an edition's
/// own, each edition of a main event, or a main event without editions (it
/// is its own single edition).
async fn ticket_lists(client: &Client, event: &Event, t: &Tongue) -> Result<Vec<u64>, Failure> {
    if event.is_variant == Some(true) || event.has_variants == Some(false) {
        return Ok(vec![event.id]);
    }
    let editions = client.editions(event.id).await?;
    warn_skipped(&editions, t);
    let ids: Vec<u64> = editions.items.iter().map(|e| e.id).collect();
    Ok(if ids.is_empty() { vec![event.id] } else { ids })
}

/// The pages of `list`'s tickets, `concurrency` read at once, what they
/// skipped or kept flawed warned about as each comes.
fn ticket_pages<'c>(
    client: &'c Client,
    list: u64,
    concurrency: usize,
    t: &'static Tongue,
) -> impl Stream<Item = Result<Page<Ticket>, ApiError>> + 'c {
    stream_pages(move |p| client.tickets(list, p, PAGE_SIZE), concurrency).inspect(move |page| {
        if let Ok(page) = page {
            warn_skipped(page, t);
        }
    })
}

/// Reads the tickets of `list` page by page, keeping those whose number is
/// what was typed ([`ticket_number`]: any case, separators and spaces
/// ignored). A whole number stops the read at its ticket (the pages not yet
/// read are not asked for: the stream is dropped); a serial (`000 230`,
/// the prefix left out) reads on, since it names a ticket only when no
/// other number ends in it.
async fn search(
    client: &Client,
    list: u64,
    reading: &Reading,
    concurrency: usize,
    t: &'static Tongue,
    read: &mut Read,
) -> Result<(), Failure> {
    let mut pages = pin!(ticket_pages(client, list, concurrency, t));
    while let Some(page) = pages.next().await {
        let page = page?;
        read.tickets += page.items.len() as u64;
        read.unreadable += page.skipped.len();
        for (ticket, raw) in page.items.into_iter().zip(page.raw) {
            if ticket.number.as_deref().is_some_and(|n| reading.matches(n)) {
                read.found.push((ticket, raw));
                if matches!(reading, Reading::Whole(_)) {
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}

/// True when the ticket is of `event_id`, as its edition or its main event.
fn belongs(ticket: &Ticket, event_id: u64) -> bool {
    ticket
        .event
        .as_ref()
        .is_some_and(|e| e.id == Some(event_id) || e.parent_id == Some(event_id))
}

/// `event 101`, or `event 7f3a9c (id 101)` when it was named by its hash.
fn event_label(named: &str, id: u64) -> Said {
    if named == id.to_string() {
        Said::new("failure-event").arg("id", id)
    } else {
        Said::new("failure-event-named")
            .arg("named", named)
            .arg("id", id)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    fn args(ticket: &str, event: Option<&str>) -> TicketArgs {
        TicketArgs {
            ticket: ticket.into(),
            event: event.map(Into::into),
        }
    }

    #[test]
    fn digits_are_an_id_and_anything_else_a_number_that_needs_an_event() {
        assert_eq!(Target::parse(&args("41", None)).unwrap(), Target::Id(41));
        assert_eq!(
            Target::parse(&args(" 41 ", Some("101"))).unwrap(),
            Target::IdIn {
                id: 41,
                event: "101".into()
            }
        );
        assert_eq!(
            Target::parse(&args(" tk-000041 ", Some(" 7f3a9c "))).unwrap(),
            Target::NumberIn {
                number: "tk-000041".into(),
                event: "7f3a9c".into()
            }
        );
        for (ticket, event, says) in [
            ("TK-000041", None, "add --event <id|hash>"),
            ("TK-000041", Some(" "), "--event needs"),
            ("  ", Some("101"), "ticket id or number"),
            ("99999999999999999999999", None, "too large"),
        ] {
            let failure = Target::parse(&args(ticket, event)).unwrap_err();
            assert_eq!(failure.exit_code(), 2, "{failure}");
            assert!(failure.to_string().contains(says), "{failure}");
        }
    }
}
