//! Headless triage against the real sandbox over loopback: `revoke --from`
//! (dry run, the writes, a partial failure), `tickets --status` and
//! `tickets --admitted` from the desk log.

use std::io::Write as _;
use std::path::Path;
use std::process::{Output, Stdio};

use boxoffice::api::Client;
use boxoffice::api::model::Ticket;
use boxoffice::sandbox::SandboxHandle;
use boxoffice::store::{Admission, DeskLog, SqliteDeskLog, paths};
use serde_json::Value;

use crate::common;

/// An edition of the conference: its own list.
const DAY1: u64 = 1002;

/// The sandbox on the system clock, as the binary is: `enroll-many` reads
/// its edition first and judges "has it ended" at now (Day 1 runs all of
/// today in New York, so it is open at any hour).
async fn start() -> (SandboxHandle, Client) {
    let sandbox = common::sandbox::start(boxoffice::sandbox::SandboxConfig {
        listen: std::net::SocketAddr::from((std::net::Ipv4Addr::LOCALHOST, 0)),
        ..boxoffice::sandbox::SandboxConfig::default()
    })
    .await;
    let config = common::client::quick_retries(sandbox.base_url(), sandbox.api_key());
    let client = Client::new(config).unwrap();
    (sandbox, client)
}

/// Runs the binary with `home` and `input` on stdin (a pipe), off the
/// test's runtime (the sandbox serves on it).
async fn run_in(sandbox: &SandboxHandle, home: &Path, args: &[&str], input: &str) -> Output {
    run_env(sandbox, home, &[], args, input).await
}

/// [`run_in`] with `env` set too (a locale).
async fn run_env(
    sandbox: &SandboxHandle,
    home: &Path,
    env: &[(&str, &str)],
    args: &[&str],
    input: &str,
) -> Output {
    let mut command = common::binary::boxoffice(home);
    command.envs(env.iter().copied());
    command
        .args(args)
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .env("BOXOFFICE_API_KEY", sandbox.api_key())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let input = input.to_string();
    tokio::task::spawn_blocking(move || {
        let mut child = command.spawn().unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

async fn run(sandbox: &SandboxHandle, args: &[&str], input: &str) -> Output {
    let home = tempfile::tempdir().unwrap();
    run_in(sandbox, home.path(), args, input).await
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

async fn tickets(client: &Client, event: u64) -> Vec<Ticket> {
    let mut all = Vec::new();
    for page in 1.. {
        let p = client.tickets(event, page, 100).await.unwrap();
        let n = p.items.len();
        all.extend(p.items);
        if n < 100 {
            break;
        }
    }
    all
}

async fn status(client: &Client, id: u64) -> String {
    client
        .ticket(id)
        .await
        .unwrap()
        .0
        .status
        .unwrap_or_default()
}

/// `count` confirmed tickets of Day 1.
async fn confirmed(client: &Client, count: usize) -> Vec<Ticket> {
    let found: Vec<Ticket> = tickets(client, DAY1)
        .await
        .into_iter()
        .filter(|t| t.status.as_deref() == Some("confirmed"))
        .take(count)
        .collect();
    assert_eq!(found.len(), count);
    found
}

#[tokio::test]
async fn a_dry_run_from_stdin_looks_up_and_writes_nothing() {
    let (sandbox, client) = start().await;
    let targets = confirmed(&client, 3).await;
    let number = targets[2].number.clone().unwrap();
    let input = format!(
        "{}\n{}\n{number}\nTK-999999\n",
        targets[0].id, targets[1].id
    );
    let out = run(
        &sandbox,
        &[
            "revoke",
            "--from",
            "-",
            "--dry-run",
            "--event",
            &DAY1.to_string(),
        ],
        &input,
    )
    .await;
    assert!(out.status.success(), "{}", stderr(&out));
    let printed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        printed.lines().filter(|l| l.starts_with("revoke ")).count(),
        3,
        "{printed}"
    );
    assert!(
        printed.contains("not found") && printed.contains("TK-999999"),
        "{printed}"
    );
    assert!(
        stderr(&out).contains("3 to revoke · 0 already unenrolled · 1 not found; nothing was sent")
    );
    for t in &targets {
        assert_eq!(status(&client, t.id).await, "confirmed", "nothing written");
    }
}

#[tokio::test]
async fn many_are_revoked_one_by_one_with_a_summary_and_audited() {
    let (sandbox, client) = start().await;
    let targets = confirmed(&client, 3).await;
    let already = tickets(&client, DAY1)
        .await
        .into_iter()
        .find(Ticket::is_unenrolled)
        .unwrap();
    let input = format!(
        "id\n{}\n{}\n{}\n{}\n",
        targets[0].id, targets[1].id, already.id, targets[2].id
    );
    let home = tempfile::tempdir().unwrap();
    let out = run_in(
        &sandbox,
        home.path(),
        &["revoke", "--from", "-", "--yes"],
        &input,
    )
    .await;
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("3 revoked · 1 skipped · 0 failed · 0 outcome unknown"),
        "{err}"
    );
    assert!(err.contains("[1/4]"), "progress: {err}");
    for t in &targets {
        assert_eq!(status(&client, t.id).await, "unenrolled");
    }
    let audit = common::binary::boxoffice(home.path())
        .args(["audit", "--format", "json"])
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .output()
        .unwrap();
    let rows: Vec<Value> = serde_json::from_slice(&audit.stdout).unwrap();
    assert_eq!(rows.len(), 3, "one audited write each: {rows:?}");
    assert!(rows.iter().all(|r| r["outcome"] == "ok"));
}

#[tokio::test]
async fn a_partial_failure_has_its_own_exit_code_and_says_what_is_left() {
    let (sandbox, client) = start().await;
    let targets = confirmed(&client, 2).await;
    let input = format!("{}\n987654321\n{}\n", targets[0].id, targets[1].id);
    let out = run(&sandbox, &["revoke", "--from", "-", "--yes"], &input).await;
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(7), "{err}");
    assert!(
        err.contains("2 revoked · 0 skipped · 1 failed · 0 outcome unknown"),
        "{err}"
    );
    assert!(err.contains("not revoked: line 2: 987654321"), "{err}");
    for t in &targets {
        assert_eq!(status(&client, t.id).await, "unenrolled");
    }
}

#[tokio::test]
async fn from_stdin_without_yes_is_refused_before_anything_is_read() {
    let (sandbox, client) = start().await;
    let targets = confirmed(&client, 1).await;
    let out = run(
        &sandbox,
        &["revoke", "--from", "-"],
        &format!("{}\n", targets[0].id),
    )
    .await;
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(status(&client, targets[0].id).await, "confirmed");
    // --dry-run needs --from; a ticket and --from are one or the other.
    let out = run(&sandbox, &["revoke", "5", "--dry-run"], "").await;
    assert_eq!(out.status.code(), Some(2));
    let out = run(&sandbox, &["revoke", "5", "--from", "-"], "").await;
    assert_eq!(out.status.code(), Some(2));
}

#[tokio::test]
async fn status_prints_only_those_statuses() {
    let (sandbox, client) = start().await;
    let all = tickets(&client, DAY1).await;
    let out = run(
        &sandbox,
        &[
            "tickets",
            &DAY1.to_string(),
            "--all",
            "--status",
            "confirmed",
            "--format",
            "json",
        ],
        "",
    )
    .await;
    assert!(out.status.success(), "{}", stderr(&out));
    let printed: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let want: Vec<u64> = all
        .iter()
        .filter(|t| t.status.as_deref() == Some("confirmed"))
        .map(|t| t.id)
        .collect();
    assert!(!want.is_empty());
    assert_eq!(
        printed
            .iter()
            .map(|t| t["id"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        want
    );
    let out = run(
        &sandbox,
        &[
            "tickets",
            &DAY1.to_string(),
            "--all",
            "--status",
            "open,pending",
            "--format",
            "csv",
        ],
        "",
    )
    .await;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let statuses: Vec<String> = rows.records().map(|r| r.unwrap()[2].to_string()).collect();
    assert!(!statuses.is_empty());
    assert!(
        statuses.iter().all(|s| s == "open" || s == "pending"),
        "{statuses:?}"
    );
}

#[tokio::test]
async fn admitted_comes_from_this_machines_desk_log() {
    let (sandbox, client) = start().await;
    let targets = confirmed(&client, 2).await;
    let home = tempfile::tempdir().unwrap();
    let home_text = home.path().to_string_lossy().into_owned();
    let env = |k: &str| (k == "HOME").then(|| home_text.clone());
    let dir = paths::state_dir(&env, client.host()).unwrap();
    let mut log = SqliteDeskLog::open(&dir).unwrap();
    log.record(&Admission {
        ticket_id: targets[0].id,
        number: targets[0].number.clone().unwrap(),
        event_id: DAY1,
        edition_id: Some(DAY1),
        at: "2026-11-25 09:30:00".into(),
        desk: "door 1".into(),
    })
    .unwrap();
    drop(log);
    let out = run_in(
        &sandbox,
        home.path(),
        &[
            "tickets",
            &DAY1.to_string(),
            "--all",
            "--admitted",
            "--format",
            "csv",
        ],
        "",
    )
    .await;
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(rows.headers().unwrap().iter().next_back(), Some("admitted"));
    let admitted: Vec<(String, String)> = rows
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[0].to_string(), r[11].to_string())
        })
        .filter(|(_, at)| !at.is_empty())
        .collect();
    assert_eq!(
        admitted,
        [(targets[0].id.to_string(), "2026-11-25 09:30:00".to_string())]
    );
}

#[tokio::test]
async fn enroll_many_dry_runs_then_enrolls_the_new_ones_once() {
    let (sandbox, client) = start().await;
    let existing = confirmed(&client, 1).await[0]
        .attendee
        .clone()
        .unwrap()
        .email
        .unwrap();
    let input = format!(
        "email,name,last_name\nnew.one@example.com,New,One\n{existing},Old,Timer\nnot-an-email,Bad,Line\nnew.two@example.com,New,Two\n"
    );
    let day1 = DAY1.to_string();
    let before = tickets(&client, DAY1).await.len();
    let out = run(
        &sandbox,
        &["enroll-many", &day1, "--from", "-", "--dry-run"],
        &input,
    )
    .await;
    assert!(out.status.success(), "{}", stderr(&out));
    let printed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        printed.lines().filter(|l| l.starts_with("enroll ")).count(),
        2,
        "{printed}"
    );
    assert!(
        printed.contains(&format!("skip       {existing}")),
        "{printed}"
    );
    assert!(
        printed.contains("line 4: \"not-an-email\" is not an e-mail address"),
        "{printed}"
    );
    assert_eq!(
        tickets(&client, DAY1).await.len(),
        before,
        "a dry run sends nothing"
    );
    // Under a Spanish locale: stdout (what a script reads) and the exit
    // the same, the counts on stderr in Spanish.
    let english = "dry run: 2 to enroll · 1 already enrolled · 1 invalid lines; nothing was sent";
    assert!(stderr(&out).contains(english), "{}", stderr(&out));
    let home = tempfile::tempdir().unwrap();
    let es = run_env(
        &sandbox,
        home.path(),
        &[("LANG", "es_ES.UTF-8")],
        &["enroll-many", &day1, "--from", "-", "--dry-run"],
        &input,
    )
    .await;
    assert_eq!(es.status.code(), out.status.code());
    assert_eq!(es.stdout, out.stdout);
    assert!(
        stderr(&es).contains(
            "simulación: 2 por inscribir · 1 ya inscritas · 1 líneas no válidas; no se envió nada"
        ),
        "{}",
        stderr(&es)
    );

    let home = tempfile::tempdir().unwrap();
    let out = run_in(
        &sandbox,
        home.path(),
        &["enroll-many", &day1, "--from", "-", "--yes"],
        &input,
    )
    .await;
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(7), "the invalid line failed: {err}");
    assert!(
        err.contains("2 enrolled · 1 skipped · 1 failed · 0 outcome unknown"),
        "{err}"
    );
    assert!(err.contains("not enrolled: line 4: not-an-email"), "{err}");
    // Each enrolled line names the ticket it landed as; the others do not.
    let progress: Vec<&str> = err.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(progress.len(), 4, "{err}");
    for line in progress {
        let enrolled = line.contains("new.one@") || line.contains("new.two@");
        assert_eq!(line.contains(": ticket TK-"), enrolled, "{line}");
    }
    let after = tickets(&client, DAY1).await;
    assert_eq!(after.len(), before + 2);
    for email in ["new.one@example.com", "new.two@example.com"] {
        assert!(
            after
                .iter()
                .any(|t| t.attendee.as_ref().and_then(|a| a.email.as_deref()) == Some(email))
        );
    }
}

/// Runs the binary with `input` on stdin against a sandbox answering in
/// 300 ms, and sends it Ctrl-C (SIGINT) once the first of six writes is
/// said on stderr (the second is then in flight); its exit and stderr.
async fn interrupted_after_the_first(
    sandbox: &SandboxHandle,
    args: &[&str],
    input: String,
) -> (std::process::ExitStatus, String) {
    use std::io::BufRead as _;
    sandbox.set_faults(boxoffice::sandbox::Faults {
        latency_ms: 300,
        ..boxoffice::sandbox::Faults::default()
    });
    let home = tempfile::tempdir().unwrap();
    let mut command = common::binary::boxoffice(home.path());
    command
        .args(args)
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .env("BOXOFFICE_API_KEY", sandbox.api_key())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let ended = tokio::task::spawn_blocking(move || {
        let mut child = command.spawn().unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
        let mut seen = Vec::new();
        for line in lines.by_ref() {
            let line = line.unwrap();
            let first = line.starts_with("[1/6]");
            seen.push(line);
            if first {
                break;
            }
        }
        let interrupted = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(interrupted.success());
        seen.extend(lines.map(Result::unwrap));
        (child.wait().unwrap(), seen.join("\n"))
    })
    .await
    .unwrap();
    sandbox.set_faults(boxoffice::sandbox::Faults::default());
    ended
}

/// The count before `verb` on the summary line of `err` ("boxoffice: 2
/// revoked · …"), checked to say some were not sent.
fn stopped_after(err: &str, verb: &str) -> usize {
    assert!(err.contains("stopping: the write in flight ends"), "{err}");
    assert!(err.contains("not sent (stopped)"), "{err}");
    err.lines()
        .find_map(|l| l.strip_prefix("boxoffice: "))
        .and_then(|l| l.split(&format!(" {verb} ")).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no summary: {err}"))
}

/// Ctrl-C while many are revoked: the write in flight ends, nothing more is
/// sent, the summary says how many were not (exit 7), and exactly as many
/// tickets as it says are revoked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_lets_the_write_in_flight_end_and_sends_nothing_more() {
    let (sandbox, client) = start().await;
    let targets = confirmed(&client, 6).await;
    let ids: Vec<String> = targets.iter().map(|t| t.id.to_string()).collect();
    let input = ids.join("\n") + "\n";
    let args = ["revoke", "--from", "-", "--yes"];
    let (ended, err) = interrupted_after_the_first(&sandbox, &args, input).await;
    assert_eq!(ended.code(), Some(7), "{err}");
    let revoked = stopped_after(&err, "revoked");
    let mut unenrolled = 0;
    for t in &targets {
        if status(&client, t.id).await == "unenrolled" {
            unenrolled += 1;
        }
    }
    assert!((1..6).contains(&revoked), "{err}");
    assert_eq!(unenrolled, revoked, "{err}");
    assert_eq!(err.matches("not revoked: ").count(), 6 - revoked, "{err}");
}

/// The same for `enroll-many`: as many people enrolled as it says, the
/// others named and never sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_stops_enroll_many_the_same_way() {
    let (sandbox, client) = start().await;
    let emails: Vec<String> = (1..=6).map(|i| format!("walk.in{i}@example.com")).collect();
    let rows: Vec<String> = emails
        .iter()
        .enumerate()
        .map(|(i, e)| format!("{e},Walk,In{i}"))
        .collect();
    let input = format!("email,name,last_name\n{}\n", rows.join("\n"));
    let day1 = DAY1.to_string();
    let args = ["enroll-many", day1.as_str(), "--from", "-", "--yes"];
    let (ended, err) = interrupted_after_the_first(&sandbox, &args, input).await;
    assert_eq!(ended.code(), Some(7), "{err}");
    let enrolled = stopped_after(&err, "enrolled");
    let on_server = tickets(&client, DAY1)
        .await
        .iter()
        .filter(|t| {
            t.attendee
                .as_ref()
                .and_then(|a| a.email.as_deref())
                .is_some_and(|e| emails.iter().any(|m| m == e))
        })
        .count();
    assert!((1..6).contains(&enrolled), "{err}");
    assert_eq!(on_server, enrolled, "{err}");
    assert_eq!(err.matches("not enrolled: ").count(), 6 - enrolled, "{err}");
}
