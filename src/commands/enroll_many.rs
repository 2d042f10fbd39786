//! `enroll-many <event> --from FILE|-`: a CSV of e-mails and names enrolled
//! one by one through [`BulkRun`], after the event's tickets were read to
//! tell who is already enrolled; `--dry-run` only tells.

use std::collections::HashSet;
use std::io::{self, IsTerminal, Write};

use futures::StreamExt;

use super::Failure;
use super::revoke::{ask_yes, read_from, write_each};
use crate::api::Client;
use crate::api::paging::stream_pages;
use crate::api::paths::PAGE_SIZE;
use crate::api::settle::{Unsettled, Who};
use crate::bulk::{BulkRun, ItemEnd};
use crate::bulk::{Person, people};

/// The API's code for "already enrolled in that edition".
const ALREADY_ENROLLED: i64 = 1006;

/// How `enroll-many` runs.
pub struct Many<'a> {
    pub event: u64,
    pub enrollment_type: &'a str,
    pub dry_run: bool,
    pub yes: bool,
    pub concurrency: usize,
    /// The language of the progress and summary lines on stderr.
    pub words: &'static crate::i18n::Tongue,
}

/// The e-mails (lower case) of the event's tickets that are not unenrolled.
async fn enrolled(
    client: &Client,
    event: u64,
    concurrency: usize,
) -> Result<HashSet<String>, Failure> {
    let mut emails = HashSet::new();
    let mut pages = std::pin::pin!(stream_pages(
        |p| client.tickets(event, p, PAGE_SIZE),
        concurrency
    ));
    while let Some(page) = pages.next().await {
        for t in page?.items {
            if t.is_unenrolled() {
                continue;
            }
            if let Some(email) = t.attendee.and_then(|a| a.email) {
                emails.insert(email.to_lowercase());
            }
        }
    }
    Ok(emails)
}

/// Runs `enroll-many`.
pub async fn enroll_many(
    client: &Client,
    from: &str,
    how: &Many<'_>,
    audit: &mut super::audit::Audit,
) -> Result<(), Failure> {
    let can_ask = from != "-" && io::stdin().is_terminal();
    if !how.dry_run && !how.yes && !can_ask {
        return Err(Failure::Usage(
            crate::i18n::Said::new("failure-enroll-many-needs-yes").into(),
        ));
    }
    let mut list = people(&read_from(from)?);
    if list.is_empty() {
        return Err(Failure::Usage(
            crate::i18n::Said::new("failure-no-people")
                .arg("from", from)
                .into(),
        ));
    }
    // The event read first: one that has ended is refused whole, before
    // anything is asked or sent (each write reads it again before it goes).
    let event = Unsettled::Enroll {
        event_id: how.event,
        who: Who::Email(String::new()),
    };
    crate::api::settle::before_held(client, &event, &audit.now(), Some(Vec::new())).await?;
    let unread = |e| match e {
        Failure::Api { error, hint } => Failure::Api {
            error: crate::api::settle::unread(
                &format!("the tickets of event {}", how.event),
                error,
            ),
            hint,
        },
        other => other,
    };
    let already = enrolled(client, how.event, how.concurrency)
        .await
        .map_err(unread)?;
    // What each person held in the event and its editions before anything
    // is sent: a ticket found after a lost answer that is one of these is
    // not that write's work.
    let held = crate::api::settle::holders(client, how.event)
        .await
        .map_err(|e| unread(e.into()))?;
    let mut seen = HashSet::new();
    for p in &mut list {
        let email = p.attendee.email.to_lowercase();
        if p.invalid.is_none() && !seen.insert(email) {
            p.invalid = Some("listed twice".into());
        }
    }
    let decided = |p: &Person| -> Option<ItemEnd> {
        if let Some(why) = &p.invalid {
            return Some(ItemEnd::Failed(format!("line {}: {why}", p.line)));
        }
        already
            .contains(&p.attendee.email.to_lowercase())
            .then(|| ItemEnd::Skipped("already enrolled".into()))
    };
    if how.dry_run {
        let mut out = io::stdout().lock();
        let (mut new, mut skip, mut bad) = (0, 0, 0);
        for p in &list {
            let who = format!(
                "{} ({} {})",
                p.attendee.email, p.attendee.name, p.attendee.last_name
            );
            let line = match decided(p) {
                None => {
                    new += 1;
                    format!("enroll     {who}")
                }
                Some(ItemEnd::Skipped(why)) => {
                    skip += 1;
                    format!("skip       {who}: {why}")
                }
                Some(ItemEnd::Failed(why) | ItemEnd::Unknown(why)) => {
                    bad += 1;
                    format!("invalid    {why}")
                }
                Some(ItemEnd::Done) => continue,
            };
            if writeln!(out, "{line}").is_err() {
                break;
            }
        }
        eprintln!(
            "{}",
            how.words.ta(
                "bulk-dry-enroll",
                &[("new", &new), ("skip", &skip), ("bad", &bad)]
            )
        );
        return Ok(());
    }
    let total = list.len();
    let mut run = BulkRun::new(list, ALREADY_ENROLLED, decided);
    if !how.yes {
        let n = (0..total).filter(|i| run.end(*i).is_none()).count();
        let question = how.words.ta(
            "enroll-many-ask",
            &[
                ("count", &n),
                ("event", &how.event),
                ("type", &how.enrollment_type),
            ],
        );
        if !ask_yes(&format!("{question} [y/N] "))? {
            return Err(Failure::Other(
                crate::i18n::Said::new("enroll-many-nobody").into(),
            ));
        }
    }
    write_each(
        &mut run,
        |p| p.attendee.email.clone(),
        |end| end_text(end, how.words),
        async |p| {
            let person = &p.attendee;
            let what = Unsettled::Enroll {
                event_id: how.event,
                who: Who::Email(person.email.clone()),
            };
            let before = held
                .get(&person.email.trim().to_lowercase())
                .cloned()
                .unwrap_or_default();
            // Never sent again: a lost answer was read again before this
            // (`write_held`); an unknown one stays unknown.
            let sent = audit
                .write_held(
                    client,
                    &what,
                    Some(before),
                    client.enroll_by_email(how.event, person, how.enrollment_type),
                )
                .await;
            let landed = match &sent.landed {
                Some(Ok(l)) => format!(": ticket {} in {}", l.number, l.edition),
                Some(Err(why)) => {
                    format!("; its ticket could not be read to name its edition ({why})")
                }
                None => String::new(),
            };
            (sent.result, landed)
        },
    )
    .await;
    let summary = run.summary();
    let text = how.words.bulk_summary(&summary, "bulk-verb-enrolled");
    if summary.clean() {
        eprintln!("{text}");
        return Ok(());
    }
    for p in run.left() {
        eprintln!(
            "{}",
            how.words.ta(
                "bulk-not-enrolled",
                &[("line", &p.line), ("email", &p.attendee.email)]
            )
        );
    }
    Err(Failure::Partial {
        summary: how.words.ta(
            "bulk-partial-enroll",
            &[("summary", &text), ("event", &how.event)],
        ),
        unknown: summary.unknown > 0,
    })
}

fn end_text(end: &ItemEnd, t: &crate::i18n::Tongue) -> String {
    super::revoke::end_line(end, "bulk-verb-enrolled", t)
}
