//! `revoke`: by id or by number (see [`super::lookup`]), sent once, asked on a
//! terminal unless `--yes`.

use std::io::{self, BufRead, IsTerminal, Write};

use super::lookup::{self, Target};
use super::{Failure, unknown_outcome};
use crate::api::Client;
use crate::api::model::Ticket;
use crate::cli::TicketArgs;

/// Refuses before reading anything when it could not ask; an id with
/// `--yes` is revoked without reading the ticket (one PUT, as before
/// numbers), anything else is read or found first.
pub async fn revoke(
    client: &Client,
    args: &TicketArgs,
    yes: bool,
    concurrency: usize,
    audit: &mut super::audit::Audit,
) -> Result<(), Failure> {
    let target = Target::parse(args)?;
    if !yes && !io::stdin().is_terminal() {
        return Err(Failure::Usage(
            "refusing to revoke without --yes when stdin is not a terminal".into(),
        ));
    }
    let (id, number) = match target {
        Target::Id(id) if yes => (id, None),
        target => {
            let (ticket, _) = lookup::find(client, &target, concurrency).await?;
            if !yes {
                confirm(&ticket)?;
            }
            (ticket.id, ticket.number)
        }
    };
    audit
        .write("revoke", &format!("ticket {id}"), client.revoke(id))
        .await
        .map_err(|e| unknown_outcome(e, "revocation", &format!("boxoffice ticket {id}")))?;
    match number {
        Some(number) => eprintln!("revoked ticket {number} (id {id})"),
        None => eprintln!("revoked ticket {id}"),
    }
    Ok(())
}

/// Shows the ticket and asks; only `y` or `yes` goes on.
fn confirm(ticket: &Ticket) -> Result<(), Failure> {
    let number = ticket
        .number
        .clone()
        .unwrap_or_else(|| ticket.id.to_string());
    if ticket.is_unenrolled() {
        return Err(Failure::Other(format!(
            "ticket {number} is already unenrolled; nothing to revoke"
        )));
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
    eprint!("Revoke ticket {number} ({details})? [y/N] ");
    let _ = io::stderr().flush();
    let mut answer = String::new();
    io::stdin()
        .lock()
        .read_line(&mut answer)
        .map_err(|e| Failure::Other(format!("cannot read the answer: {e}")))?;
    let answer = answer.trim().to_ascii_lowercase();
    if answer != "y" && answer != "yes" {
        return Err(Failure::Other(format!("ticket {number} not revoked")));
    }
    Ok(())
}
