//! `revoke`: by id or by number (see [`super::lookup`]), sent once, asked on a
//! terminal unless `--yes`.

use std::io::{self, BufRead, IsTerminal, Write};

use super::Failure;
use super::lookup::{self, Target};
use crate::api::Client;
use crate::api::model::Ticket;
use crate::api::settle::Unsettled;
use crate::bulk::{BulkRun, ItemEnd, ticket_lines};
use crate::cli::TicketArgs;
use crate::i18n::Said;

/// Refuses before reading anything when it could not ask; an id with
/// `--yes` is read just before it is sent (as every write,
/// [`crate::api::settle::before`]), anything else is found (and asked
/// about) first, then read again just before sending. The question and
/// the line on stderr are in `t`'s language.
pub async fn revoke(
    client: &Client,
    args: &TicketArgs,
    (yes, concurrency): (bool, usize),
    audit: &mut super::audit::Audit,
    t: &'static crate::i18n::Tongue,
) -> Result<(), Failure> {
    let target = Target::parse(args)?;
    if !yes && !io::stdin().is_terminal() {
        return Err(Failure::Usage(
            crate::i18n::Said::new("failure-revoke-needs-yes").into(),
        ));
    }
    let (id, number) = match target {
        Target::Id(id) if yes => (id, None),
        target => {
            let (ticket, _) = lookup::find(client, &target, concurrency, t).await?;
            if !yes {
                confirm(&ticket, t)?;
            }
            (ticket.id, ticket.number)
        }
    };
    let what = Unsettled::Revoke { ticket_id: id };
    let sent = audit.write_settled(client, &what, client.revoke(id)).await;
    let learnt = sent.learnt();
    if let Some(failure) = sent.failure("revocation", &format!("boxoffice ticket {id}")) {
        return Err(failure);
    }
    match number {
        Some(number) => eprintln!(
            "{}",
            t.ta(
                "revoked-ticket-number",
                &[("number", &number), ("id", &id), ("learnt", &learnt)]
            )
        ),
        None => eprintln!(
            "{}",
            t.ta("revoked-ticket", &[("id", &id), ("learnt", &learnt)])
        ),
    }
    Ok(())
}

/// Shows the ticket and asks in `t`'s language; only `y` or `yes` goes on.
fn confirm(ticket: &Ticket, t: &crate::i18n::Tongue) -> Result<(), Failure> {
    let number = ticket
        .number
        .clone()
        .unwrap_or_else(|| ticket.id.to_string());
    if ticket.is_unenrolled() {
        return Err(Failure::Other(
            Said::new("revoke-already-unenrolled")
                .arg("number", &number)
                .into(),
        ));
    }
    let attendee = ticket.attendee.clone().unwrap_or_default();
    let edition = ticket
        .event
        .as_ref()
        .and_then(|e| e.name.clone())
        .unwrap_or_default();
    let details = [
        attendee.full_name(),
        attendee.email.unwrap_or_default(),
        edition,
    ]
    .into_iter()
    .filter(|s| !s.is_empty())
    .collect::<Vec<_>>()
    .join(", ");
    // A ticket that is not confirmed says so in the question.
    let status = match ticket.status.as_deref() {
        Some(s) if s != "confirmed" => t.ta("revoke-ask-status", &[("status", &s)]),
        _ => String::new(),
    };
    let question = t.ta(
        "revoke-ask",
        &[
            ("number", &number),
            ("details", &details),
            ("status", &status),
        ],
    );
    if !ask_yes(&format!("{question} [y/N] "))? {
        return Err(Failure::Other(
            Said::new("revoke-not-revoked")
                .arg("number", &number)
                .into(),
        ));
    }
    Ok(())
}

/// Asks `question` on stderr and reads the answer from stdin: whether it
/// was `y` or `yes` (any case).
pub(super) fn ask_yes(question: &str) -> Result<bool, Failure> {
    eprint!("{question}");
    let _ = io::stderr().flush();
    let mut answer = String::new();
    io::stdin()
        .lock()
        .read_line(&mut answer)
        .map_err(|e| Failure::Other(Said::new("ask-cannot-read").arg("error", e).into()))?;
    let answer = answer.trim().to_ascii_lowercase();
    Ok(answer == "y" || answer == "yes")
}

/// How `revoke --from` runs.
pub struct Many {
    /// `--event`: where ticket numbers are found.
    pub event: Option<String>,
    pub dry_run: bool,
    pub yes: bool,
    pub concurrency: usize,
    /// The language of the progress and summary lines on stderr.
    pub words: &'static crate::i18n::Tongue,
}

/// One ticket of the run, as looked up.
#[derive(Debug, Clone)]
struct Item {
    /// What the line said (`line 4: TK-000041`).
    named: String,
    ticket_id: u64,
    /// `TK-000041 (Ana Díaz)`.
    label: String,
    /// Decided before any write: already unenrolled, not found.
    end: Option<ItemEnd>,
}

/// Reads `from` (a file, or `-` for stdin) whole.
pub(super) fn read_from(from: &str) -> Result<String, Failure> {
    let read = if from == "-" {
        io::read_to_string(io::stdin().lock())
    } else {
        std::fs::read_to_string(from)
    };
    read.map_err(|e| {
        let what = if from == "-" { "stdin" } else { from };
        Failure::Usage(
            Said::new("failure-cannot-read-from")
                .arg("what", what)
                .arg("error", e)
                .into(),
        )
    })
}

/// A line of a list that cannot be read: its number and why (in the
/// reader's language where the catalogue says why).
fn at_line(line: usize, e: Failure) -> Said {
    let at = Said::new("failure-at-line").arg("line", line);
    match e {
        Failure::Usage(super::failure::Text::Said(why)) => at.said("error", *why),
        other => at.arg("error", other),
    }
}

/// `revoke --from FILE|-`: every ticket looked up first; `--dry-run` says
/// what would be done; else (after one question, or `--yes`) one write at
/// a time through [`BulkRun`], each audited, progress and a summary on
/// stderr. Exit 7 when some failed, 6 when some have no clear outcome.
pub async fn revoke_from(
    client: &Client,
    from: &str,
    how: &Many,
    audit: &mut super::audit::Audit,
    t: &'static crate::i18n::Tongue,
) -> Result<(), Failure> {
    // Asking needs a terminal on stdin, and stdin must not be the list.
    let can_ask = from != "-" && io::stdin().is_terminal();
    if !how.dry_run && !how.yes && !can_ask {
        return Err(Failure::Usage(
            crate::i18n::Said::new("failure-revoke-many-needs-yes").into(),
        ));
    }
    let lines = ticket_lines(&read_from(from)?);
    let mut targets = Vec::new();
    for (line, text) in &lines {
        let args = TicketArgs {
            ticket: text.clone(),
            event: how.event.clone(),
        };
        targets.push(Target::parse(&args).map_err(|e| Failure::Usage(at_line(*line, e).into()))?);
    }
    if targets.is_empty() {
        return Err(Failure::Usage(
            Said::new("failure-no-tickets-in").arg("from", from).into(),
        ));
    }
    let found = lookup::find_many(client, &targets, how.concurrency, t).await?;
    let items: Vec<Item> = lines
        .iter()
        .zip(found)
        .map(|((line, text), found)| {
            let named = format!("line {line}: {text}");
            match found {
                Ok(t) => {
                    let number = t.number.clone().unwrap_or_else(|| t.id.to_string());
                    let name = t
                        .attendee
                        .as_ref()
                        .map(crate::api::model::Attendee::full_name)
                        .unwrap_or_default();
                    let label = if name.is_empty() {
                        number
                    } else {
                        format!("{number} ({name})")
                    };
                    let end = t
                        .is_unenrolled()
                        .then(|| ItemEnd::Skipped("already unenrolled".into()));
                    Item {
                        named,
                        ticket_id: t.id,
                        label,
                        end,
                    }
                }
                Err(e) => Item {
                    named: named.clone(),
                    ticket_id: 0,
                    label: named,
                    end: Some(ItemEnd::Failed(e.to_string())),
                },
            }
        })
        .collect();
    if how.dry_run {
        dry_run(&items, how.words);
        return Ok(());
    }
    if !how.yes {
        confirm_many(&items, how.words)?;
    }
    let mut run = BulkRun::new(items, 1007, |i| i.end.clone());
    write_each(
        &mut run,
        |item| item.label.clone(),
        |end| end_text(end, how.words),
        async |item| {
            // Sent once: what happened is learnt by reading, never by
            // sending again. A lost answer was read again before this
            // (`write_settled`); an unknown one stays unknown.
            let what = Unsettled::Revoke {
                ticket_id: item.ticket_id,
            };
            let sent = audit
                .write_settled(client, &what, client.revoke(item.ticket_id))
                .await;
            (sent.result, String::new())
        },
    )
    .await;
    let summary = run.summary();
    let text = how.words.bulk_summary(&summary, "bulk-verb-revoked");
    if summary.clean() {
        eprintln!("{text}");
        return Ok(());
    }
    for item in run.left() {
        eprintln!(
            "{}",
            how.words.ta("bulk-not-revoked", &[("named", &item.named)])
        );
    }
    Err(Failure::Partial {
        summary: text,
        unknown: summary.unknown > 0,
    })
}

/// Writes `run`'s items one at a time, each once, until every item is
/// looked at or Ctrl-C stops the run, and prints `[i/total] label: end`
/// for each item as it ends (those decided before any write first).
/// `write` sends an item's write and answers its result and what to add
/// after its end when it is done.
pub(super) async fn write_each<T>(
    run: &mut BulkRun<T>,
    label: impl Fn(&T) -> String,
    end_text: impl Fn(&ItemEnd) -> String,
    mut write: impl AsyncFnMut(&T) -> (Result<(), crate::api::ApiError>, String),
) {
    let total = run.items().len();
    for (i, item) in run.items().iter().enumerate() {
        if let Some(end) = run.end(i) {
            eprintln!("[{}/{total}] {}: {}", i + 1, label(item), end_text(end));
        }
    }
    let ctrl_c = super::CtrlC::watch();
    let mut req = 0;
    loop {
        ctrl_c.stops(run);
        req += 1;
        let Some((i, item)) = run.next(req) else {
            break;
        };
        let named = label(item);
        let (result, done) = write(item).await;
        run.answered(req, &result);
        if let Some(end) = run.end(i) {
            let after = if matches!(end, ItemEnd::Done) {
                done.as_str()
            } else {
                ""
            };
            eprintln!("[{}/{total}] {named}: {}{after}", i + 1, end_text(end));
        }
    }
}

fn end_text(end: &ItemEnd, t: &crate::i18n::Tongue) -> String {
    match end {
        ItemEnd::Unknown(why) => t.ta("bulk-end-unknown-revoke", &[("why", &t.bulk_why(why))]),
        _ => end_line(end, "bulk-verb-revoked", t),
    }
}

/// `--dry-run`: one line a ticket on stdout (what would be done), the
/// counts on stderr; nothing is sent.
fn dry_run(items: &[Item], t: &crate::i18n::Tongue) {
    let mut out = io::stdout().lock();
    let (mut revoke, mut skip, mut missing) = (0, 0, 0);
    for item in items {
        let (what, detail) = match &item.end {
            None => {
                revoke += 1;
                ("revoke", item.label.clone())
            }
            Some(ItemEnd::Skipped(why)) => {
                skip += 1;
                ("skip", format!("{} ({why})", item.label))
            }
            Some(ItemEnd::Failed(why) | ItemEnd::Unknown(why)) => {
                missing += 1;
                ("not found", format!("{}: {why}", item.named))
            }
            Some(ItemEnd::Done) => continue,
        };
        if writeln!(out, "{what:<10} {detail}").is_err() {
            break;
        }
    }
    eprintln!(
        "{}",
        t.ta(
            "bulk-dry-revoke",
            &[("revoke", &revoke), ("skip", &skip), ("missing", &missing)]
        )
    );
}

/// One question for the whole run, naming how many and the first few, in
/// `t`'s language.
fn confirm_many(items: &[Item], t: &crate::i18n::Tongue) -> Result<(), Failure> {
    let to_revoke: Vec<&Item> = items.iter().filter(|i| i.end.is_none()).collect();
    let first: Vec<&str> = to_revoke.iter().take(3).map(|i| i.label.as_str()).collect();
    let more = to_revoke.len().saturating_sub(first.len());
    let more = if more > 0 {
        t.ta("revoke-many-more", &[("count", &more)])
    } else {
        String::new()
    };
    let question = t.ta(
        "revoke-many-ask",
        &[
            ("count", &to_revoke.len()),
            ("first", &first.join(", ")),
            ("more", &more),
        ],
    );
    if !ask_yes(&format!("{question} [y/N] "))? {
        return Err(Failure::Other(Said::new("revoke-nothing-revoked").into()));
    }
    Ok(())
}

/// How one write of a run ended, in `t`'s language; `done` says a written
/// one ("enrolled").
pub(super) fn end_line(end: &ItemEnd, done: &str, t: &crate::i18n::Tongue) -> String {
    match end {
        ItemEnd::Done => t.t(done),
        ItemEnd::Skipped(why) => t.ta("bulk-end-skipped", &[("why", &t.bulk_why(why))]),
        ItemEnd::Failed(why) => t.ta("bulk-end-failed", &[("why", &t.bulk_why(why))]),
        ItemEnd::Unknown(why) => t.ta("bulk-end-unknown", &[("why", &t.bulk_why(why))]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_ids_or_numbers_with_comments_headers_and_csv_passed_over() {
        let text = "number,name\nTK-000001, Ana\n\n# a comment\n 42 \n\"TK-3\",x\n";
        assert_eq!(
            ticket_lines(text),
            [
                (2, "TK-000001".to_string()),
                (5, "42".to_string()),
                (6, "TK-3".to_string())
            ]
        );
        assert_eq!(ticket_lines("7\n8"), [(1, "7".into()), (2, "8".into())]);
    }
}
