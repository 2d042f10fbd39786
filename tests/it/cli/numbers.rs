//! `ticket` and `revoke` by the number printed on a ticket, with `--event`,
//! against the real sandbox over loopback. Tickets are read from the sandbox
//! first and then looked up by their number, so no id is hard-coded.

use std::process::Output;

use boxoffice::api::model::{Ticket, TicketEvent};
use boxoffice::api::{Client, paths};
use boxoffice::sandbox::SandboxHandle;
use serde_json::Value;

use crate::common;

const NOW: &str = "2026-11-25 10:00:00";
/// The multi-edition conference of the demo business.
const CONFERENCE: u64 = 101;
/// The demo event without editions (its own single edition).
const NO_EDITIONS: u64 = 107;

async fn start() -> (SandboxHandle, Client) {
    let sandbox = common::sandbox::start(common::sandbox::pinned(NOW)).await;
    let config = common::client::quick_retries(sandbox.base_url(), sandbox.api_key());
    let client = Client::new(config).unwrap();
    (sandbox, client)
}

/// Runs the binary against the sandbox, off the test's runtime (the
/// sandbox serves on it).
async fn run(sandbox: &SandboxHandle, args: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    let mut command = common::binary::boxoffice(home.path());
    command
        .args(args)
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .env("BOXOFFICE_API_KEY", sandbox.api_key());
    tokio::task::spawn_blocking(move || command.output())
        .await
        .unwrap()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The one ticket printed as JSON.
fn printed(out: &Output) -> Value {
    assert!(out.status.success(), "{}", stderr(out));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn edition_of(ticket: &Ticket) -> u64 {
    ticket
        .event
        .as_ref()
        .and_then(|e: &TicketEvent| e.id)
        .unwrap()
}

/// A ticket of the conference in an edition other than the one its main
/// ticket list shows (spec rule 3), so finding it needs every edition read.
async fn ticket_beyond_the_main_list(client: &Client) -> Ticket {
    let main = client.tickets(CONFERENCE, 1, 1).await.unwrap();
    let shown = edition_of(&main.items[0]);
    let editions = client.editions(CONFERENCE).await.unwrap();
    for edition in editions.items.iter().filter(|e| e.id != shown) {
        let page = client
            .tickets(edition.id, 1, paths::PAGE_SIZE)
            .await
            .unwrap();
        if let Some(ticket) = page.items.into_iter().last() {
            return ticket;
        }
    }
    panic!("no conference edition beyond {shown} has tickets");
}

#[tokio::test]
async fn a_number_with_event_prints_that_ticket_in_any_edition() {
    let (sandbox, client) = start().await;
    let ticket = ticket_beyond_the_main_list(&client).await;
    let number = ticket.number.clone().unwrap();
    let (_, by_id) = client.ticket(ticket.id).await.unwrap();
    let (event, _) = client.event(&CONFERENCE.to_string()).await.unwrap();
    let hash = event.hash.unwrap();
    let messy = format!("  {}  ", number.to_lowercase());
    // As a person says it: spaced, without the separator, without the
    // prefix (`000230` with a space is no id: the serial in that event).
    let (prefix, digits) = number.split_once('-').unwrap();
    let spoken = format!("{} {digits}", prefix.to_lowercase());
    let joined = format!("{prefix}{digits}");
    let serial = format!("{} {}", &digits[..3], &digits[3..]);
    for (named, event) in [
        (number.as_str(), CONFERENCE.to_string()),
        (messy.as_str(), hash),
        (number.as_str(), edition_of(&ticket).to_string()),
        (spoken.as_str(), CONFERENCE.to_string()),
        (joined.as_str(), CONFERENCE.to_string()),
        (serial.as_str(), CONFERENCE.to_string()),
    ] {
        let out = run(
            &sandbox,
            &["ticket", named, "--event", &event, "--format", "raw"],
        )
        .await;
        assert_eq!(printed(&out), by_id, "{named:?} in {event}");
    }
}

#[tokio::test]
async fn a_number_in_an_event_without_editions_is_found() {
    let (sandbox, client) = start().await;
    let page = client
        .tickets(NO_EDITIONS, 1, paths::PAGE_SIZE)
        .await
        .unwrap();
    let ticket = page.items.last().unwrap();
    let number = ticket.number.as_deref().unwrap();
    let event = NO_EDITIONS.to_string();
    let out = run(
        &sandbox,
        &["ticket", number, "--event", &event, "--format", "json"],
    )
    .await;
    assert_eq!(printed(&out)["id"], ticket.id);
}

#[tokio::test]
async fn revoke_by_number_with_yes_revokes_that_ticket() {
    let (sandbox, client) = start().await;
    let editions = client.editions(CONFERENCE).await.unwrap();
    let mut target = None;
    for edition in &editions.items {
        let page = client
            .tickets(edition.id, 1, paths::PAGE_SIZE)
            .await
            .unwrap();
        target = page.items.into_iter().find(|t| !t.is_unenrolled());
        if target.is_some() {
            break;
        }
    }
    let ticket = target.expect("a ticket that can be revoked");
    let number = ticket.number.clone().unwrap();
    let event = CONFERENCE.to_string();
    let out = run(&sandbox, &["revoke", &number, "--event", &event, "--yes"]).await;
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("revoked ticket {number} (id {})", ticket.id)),
        "{}",
        stderr(&out)
    );
    let (after, _) = client.ticket(ticket.id).await.unwrap();
    assert!(after.is_unenrolled(), "{:?}", after.status);

    // Sent once: a second revoke reaches the API, which says it is done.
    let again = run(&sandbox, &["revoke", &number, "--event", &event, "--yes"]).await;
    assert_eq!(again.status.code(), Some(3), "{}", stderr(&again));
    assert!(stderr(&again).contains("1007"), "{}", stderr(&again));
}

#[tokio::test]
async fn an_unknown_number_exits_3_and_says_what_was_read() {
    let (sandbox, _client) = start().await;
    let event = CONFERENCE.to_string();
    for args in [
        &["ticket", "TK-999999", "--event", &event][..],
        &["revoke", "TK-999999", "--event", &event, "--yes"][..],
    ] {
        let command = args[0];
        let out = run(&sandbox, args).await;
        assert_eq!(out.status.code(), Some(3), "{command}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.starts_with("boxoffice: no ticket TK-999999 in event 101 (read "),
            "{err}"
        );
        assert!(
            err.contains(" tickets of ") && err.contains(" editions)"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[tokio::test]
async fn a_number_without_event_is_a_usage_error() {
    let (sandbox, _client) = start().await;
    for args in [
        &["ticket", "TK-000041"][..],
        &["revoke", "TK-000041", "--yes"][..],
    ] {
        let out = run(&sandbox, args).await;
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("add --event <id|hash>"), "{err}");
        assert!(err.contains("no look-up by number"), "{err}");
    }
}

#[tokio::test]
async fn an_id_with_event_must_belong_to_that_event() {
    let (sandbox, client) = start().await;
    let ticket = ticket_beyond_the_main_list(&client).await;
    let id = ticket.id.to_string();
    let edition = edition_of(&ticket).to_string();
    let conference = CONFERENCE.to_string();
    for event in [&conference, &edition] {
        let out = run(
            &sandbox,
            &["ticket", &id, "--event", event, "--format", "json"],
        )
        .await;
        assert_eq!(printed(&out)["id"], ticket.id, "in {event}");
    }
    let elsewhere = NO_EDITIONS.to_string();
    for command in ["ticket", "revoke"] {
        let mut args = vec![command, &id, "--event", &elsewhere];
        if command == "revoke" {
            args.push("--yes");
        }
        let out = run(&sandbox, &args).await;
        assert_eq!(out.status.code(), Some(3), "{command}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("is not in event {NO_EDITIONS}")),
            "{}",
            stderr(&out)
        );
    }
    let (after, _) = client.ticket(ticket.id).await.unwrap();
    assert_eq!(after.status, ticket.status, "nothing revoked");
}

#[test]
fn help_says_a_number_needs_event() {
    let home = tempfile::tempdir().unwrap();
    for command in ["ticket", "revoke"] {
        let out = common::binary::boxoffice(home.path())
            .args([command, "--help"])
            .output()
            .unwrap();
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(help.contains("no look-up by ticket number"), "{help}");
        assert!(help.contains("--event <ID|HASH>"), "{help}");
    }
}
