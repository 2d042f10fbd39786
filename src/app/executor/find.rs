//! The task that runs a search for tickets across events (`Cmd::FindTickets`):
//! what is wanted and where are `app::find`'s data; this reads the lists
//! and answers with `FoundPage`s as it goes, until it ends or is aborted.

use futures::StreamExt;
use tokio::sync::mpsc::UnboundedSender;

use crate::api::model::{Edition, Event};
use crate::api::{ApiError, Client, paging};
use crate::app::find::{FindTickets, Found, FoundPage, Wanted, Within};
use crate::app::list::rows::{TicketRow, TicketScope};
use crate::app::msg::{Msg, Reply};
use crate::app::state::ReqId;
use crate::clock::day_before;

use super::PER_PAGE;

/// Events or editions whose tickets are read at once (each with the
/// client's own page concurrency).
const SCOPES_AT_ONCE: usize = 2;

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
                ends: None,
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
        ends: crate::api::ended::of_edition(ed).last(),
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
}
