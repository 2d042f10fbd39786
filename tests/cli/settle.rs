//! Every write settled (issue 32), on the real binary against the real
//! sandbox whose every answer is garbled (`--malformed-rate 1`: the write
//! is applied, its answer and every read after it unreadable): the write is
//! sent once, stays unknown (exit 6) while nothing can be read, is never
//! sent again while unknown, and `audit settle` learns what happened once
//! the faults stop.

use std::path::Path;
use std::process::Output;

use boxoffice::api::Client;
use boxoffice::sandbox::{Faults, SandboxHandle};
use serde_json::Value;

use crate::common;

const NOW: &str = "2026-11-25 10:00:00";
/// An edition of the conference, open at `NOW`.
const DAY1: u64 = 1002;

async fn start() -> (SandboxHandle, Client) {
    let sandbox = common::sandbox::start(common::sandbox::pinned(NOW)).await;
    let config = common::client::quick_retries(sandbox.base_url(), sandbox.api_key());
    (sandbox, Client::new(config).unwrap())
}

/// The binary with `home`, off the test's runtime (the sandbox serves on it).
async fn run(sandbox: &SandboxHandle, home: &Path, args: &[&str]) -> Output {
    let mut command = common::binary::boxoffice(home);
    command
        .args(args)
        .args(["--timeout", "1"])
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .env("BOXOFFICE_API_KEY", sandbox.api_key())
        .env("XDG_STATE_HOME", home.join("state"));
    tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The audit log as `audit --format json` prints it (`extra`: more flags).
async fn audit(sandbox: &SandboxHandle, home: &Path, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["audit", "--format", "json"];
    args.extend(extra);
    let out = run(sandbox, home, &args).await;
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// How many requests `method` `path` reached the sandbox.
fn sent(sandbox: &SandboxHandle, method: &str, path: &str) -> usize {
    sandbox
        .requests()
        .iter()
        .filter(|r| r.method == method && r.path == path)
        .count()
}

fn garbled() -> Faults {
    Faults {
        malformed_rate: 1.0,
        ..Faults::default()
    }
}

#[tokio::test]
async fn a_revoke_whose_answer_is_lost_is_sent_once_and_settled_once_the_faults_stop() {
    let (sandbox, client) = start().await;
    let ticket = client
        .tickets(DAY1, 1, 100)
        .await
        .unwrap()
        .items
        .into_iter()
        .find(|t| t.status.as_deref() == Some("confirmed"))
        .unwrap();
    let (id, put) = (
        ticket.id.to_string(),
        format!("/events/enrollments/{}/revoke", ticket.id),
    );
    let home = tempfile::tempdir().unwrap();
    sandbox.set_faults(garbled());

    let out = run(&sandbox, home.path(), &["revoke", &id, "--yes"]).await;
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(6), "{err}");
    assert!(err.contains("outcome unknown"), "{err}");
    assert!(err.contains("audit settle"), "{err}");
    assert_eq!(sent(&sandbox, "PUT", &put), 1);

    // Sent again while unknown: read once more, still unreadable, not sent.
    let out = run(&sandbox, home.path(), &["revoke", &id, "--yes"]).await;
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(6), "{err}");
    assert!(err.contains("not sent again"), "{err}");
    assert_eq!(sent(&sandbox, "PUT", &put), 1, "never sent twice");
    let out = run(&sandbox, home.path(), &["audit", "settle"]).await;
    assert_eq!(out.status.code(), Some(6), "{}", stderr(&out));
    assert!(stderr(&out).contains("0 applied · 0 not applied · 1 still unknown"));

    let unsettled = audit(&sandbox, home.path(), &["--unsettled"]).await;
    assert_eq!(unsettled.len(), 1, "{unsettled:?}");
    assert_eq!(unsettled[0]["target"], format!("ticket {id}"));

    sandbox.set_faults(Faults::default());
    let out = run(&sandbox, home.path(), &["audit", "settle"]).await;
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("1 applied · 0 not applied · 0 still unknown"),
        "{err}"
    );
    let rows = audit(&sandbox, home.path(), &[]).await;
    assert_eq!(rows.len(), 1, "one write, one row: {rows:?}");
    assert_eq!(rows[0]["outcome"], "applied");
    assert!(rows[0]["settled_at"].is_string(), "{rows:?}");
    assert!(
        rows[0]["settled_how"]
            .as_str()
            .unwrap()
            .contains("unenrolled"),
        "{rows:?}"
    );
    assert!(
        audit(&sandbox, home.path(), &["--unsettled"])
            .await
            .is_empty()
    );
    assert_eq!(sent(&sandbox, "PUT", &put), 1);
    let (now, _) = client.ticket(ticket.id).await.unwrap();
    assert!(now.is_unenrolled());
}

#[tokio::test]
async fn an_enroll_whose_answer_is_lost_is_never_sent_again_and_is_found_applied() {
    let (sandbox, _client) = start().await;
    let home = tempfile::tempdir().unwrap();
    let day1 = DAY1.to_string();
    let args = [
        "enroll",
        day1.as_str(),
        "--email",
        "lost.answer@example.com",
        "--name",
        "Lost",
        "--last-name",
        "Answer",
    ];
    let post = format!("/events/{DAY1}/enroll");
    sandbox.set_faults(garbled());
    let out = run(&sandbox, home.path(), &args).await;
    assert_eq!(out.status.code(), Some(6), "{}", stderr(&out));
    assert_eq!(sent(&sandbox, "POST", &post), 1);

    // Once the faults stop, the same command learns the first was applied
    // and does not send it again.
    sandbox.set_faults(Faults::default());
    let out = run(&sandbox, home.path(), &args).await;
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("not sent again"), "{err}");
    assert_eq!(sent(&sandbox, "POST", &post), 1, "never sent twice");
    let rows = audit(&sandbox, home.path(), &[]).await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["outcome"], "applied");
}
