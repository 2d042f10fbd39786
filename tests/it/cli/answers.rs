//! Every answer true (issue 45), on the real binary: a write names what it
//! did from what the server holds.

use std::path::Path;

use serde_json::Value;

use crate::common;

/// The demo's pinned clock: Day 1 of the conference (event 101) runs
/// today, its warm-up edition ended a week ago.
const NOW: &str = "2026-11-25 10:00:00";

/// `boxoffice --demo ARGS` with `home`'s state: (exit code, stderr).
fn demo(home: &Path, args: &[&str]) -> (i32, String, String) {
    let out = common::binary::boxoffice(home)
        .arg("--demo")
        .args(args)
        .env("BOXOFFICE_DEMO_NOW", NOW)
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// An enroll in the main event lands in its first edition still to come
/// (Day 1, edition 1002), not the ended warm-up whose date is the main
/// event's start: the line, `enroll-many`'s lines and the audit log name
/// the edition of the new ticket as the API returns it, with its day in
/// the event's zone.
#[test]
fn an_enroll_in_a_main_event_names_the_edition_its_ticket_landed_in() {
    let home = tempfile::tempdir().unwrap();
    let (code, _, err) = demo(
        home.path(),
        &[
            "enroll",
            "101",
            "--email",
            "landed@example.com",
            "--name",
            "Lan",
            "--last-name",
            "Ded",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("Day 1 (Wed 25 Nov), event 1002 (paid): ticket TK-"),
        "{err}"
    );
    assert!(!err.contains("Wed 18 Nov"), "the warm-up's day: {err}");

    let list = home.path().join("people.csv");
    std::fs::write(&list, "email,name,last_name\nmany@example.com,Ma,Ny\n").unwrap();
    let (code, _, err) = demo(
        home.path(),
        &[
            "enroll-many",
            "101",
            "--from",
            list.to_str().unwrap(),
            "--yes",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("many@example.com: enrolled: ticket TK-")
            && err.contains(" in Rust Belt Conference 2026 — Day 1 (Wed 25 Nov), event 1002"),
        "{err}"
    );

    let (code, out, err) = demo(home.path(), &["audit", "--format", "raw"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Value> = serde_json::from_str(&out).unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    for row in &rows {
        let landed = row["landed"].as_str().unwrap_or_default();
        assert!(
            landed.starts_with("ticket TK-") && landed.contains("Day 1 (Wed 25 Nov), event 1002"),
            "{row}"
        );
        // Nothing held before: the person had no ticket.
        assert_eq!(row["held"], "", "{row}");
    }
    // The audit list (`audit`, `:audit`) says it with the outcome.
    let (code, out, err) = demo(home.path(), &["audit", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Value> = serde_json::from_str(&out).unwrap();
    for row in &rows {
        let outcome = row["outcome"].as_str().unwrap_or_default();
        assert!(
            outcome.starts_with("ok; ticket TK-")
                && outcome.contains("Day 1 (Wed 25 Nov), event 1002"),
            "{row}"
        );
    }
}

/// The edition of the conference open today.
const DAY1: u64 = 1002;

/// One write of every kind the headless commands send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Write {
    Email,
    Customer,
    Revoke,
    EnrollMany,
    RevokeFrom,
}

/// docs/headless.md#exit-codes, for writes: one code per outcome, and what
/// the server holds after each, with the faults stopped.
/// - 0 applied: every effect is there;
/// - 3 refused (the API's error, its code printed): none is;
/// - 5 not applied, whatever the cause: none is, and it says why once
///   ("not applied: …", never "not applied: not sent: …") and that it is
///   safe to send again;
/// - 6 unknown: an audit row still unknown;
/// - 7 (many writes) some failed: the lines it names as not done are not
///   there, the others are, each failure with its cause.
#[tokio::test]
async fn every_write_under_every_fault_ends_with_the_code_of_its_outcome() {
    use boxoffice::sandbox::Faults;

    let faults = [
        (
            "fail-rate",
            Faults {
                fail_rate: 0.5,
                ..Faults::default()
            },
        ),
        (
            "malformed-rate",
            Faults {
                malformed_rate: 0.5,
                ..Faults::default()
            },
        ),
        (
            "reset-rate",
            Faults {
                reset_rate: 0.5,
                ..Faults::default()
            },
        ),
        (
            "rate-limit",
            Faults {
                rate_limit: Some(3),
                ..Faults::default()
            },
        ),
    ];
    let writes = [
        Write::Email,
        Write::Customer,
        Write::Revoke,
        Write::EnrollMany,
        Write::RevokeFrom,
    ];
    let mut codes = std::collections::BTreeMap::new();
    for (name, fault) in faults {
        for seed in [1u64, 2] {
            // The binary judges "ended" by the system clock: the sandbox
            // keeps the same clock (its Day 1 runs all of today).
            let sandbox = common::sandbox::start(boxoffice::sandbox::SandboxConfig {
                seed,
                listen: std::net::SocketAddr::from((std::net::Ipv4Addr::LOCALHOST, 0)),
                ..boxoffice::sandbox::SandboxConfig::default()
            })
            .await;
            let client = boxoffice::api::Client::new(boxoffice::api::ClientConfig::new(
                sandbox.base_url(),
                boxoffice::api::ApiKey::new(sandbox.api_key()),
            ))
            .unwrap();
            let day1 = all_tickets(&client).await;
            let confirmed: Vec<u64> = day1
                .iter()
                .filter(|t| t.status.as_deref() == Some("confirmed"))
                .map(|t| t.id)
                .take(3)
                .collect();
            let holders: Vec<u64> = day1
                .iter()
                .filter_map(|t| t.attendee.as_ref().and_then(|a| a.id))
                .collect();
            let customer = client
                .customers(1, 100)
                .await
                .unwrap()
                .items
                .into_iter()
                .map(|c| c.id)
                .find(|id| !holders.contains(id))
                .unwrap();
            let home = tempfile::tempdir().unwrap();
            for write in writes {
                let email = format!("{name}.{seed}.{write:?}@example.com").to_lowercase();
                let list = home.path().join(format!("{write:?}.csv"));
                let many = [format!("a.{email}"), format!("b.{email}")];
                let args: Vec<String> = match write {
                    Write::Email => [
                        "enroll",
                        "1002",
                        "--email",
                        &email,
                        "--name",
                        "F",
                        "--last-name",
                        "T",
                    ]
                    .map(String::from)
                    .to_vec(),
                    Write::Customer => vec![
                        "enroll".into(),
                        DAY1.to_string(),
                        "--customer".into(),
                        customer.to_string(),
                    ],
                    Write::Revoke => {
                        vec!["revoke".into(), confirmed[0].to_string(), "--yes".into()]
                    }
                    Write::EnrollMany => {
                        std::fs::write(&list, format!("{},A,B\n{},C,D\n", many[0], many[1]))
                            .unwrap();
                        vec![
                            "enroll-many".into(),
                            DAY1.to_string(),
                            "--from".into(),
                            list.to_string_lossy().into_owned(),
                            "--yes".into(),
                        ]
                    }
                    Write::RevokeFrom => {
                        std::fs::write(&list, format!("{}\n{}\n", confirmed[1], confirmed[2]))
                            .unwrap();
                        vec![
                            "revoke".into(),
                            "--from".into(),
                            list.to_string_lossy().into_owned(),
                            "--yes".into(),
                        ]
                    }
                };
                sandbox.set_faults(fault);
                let (code, err) = run(&sandbox, home.path(), &args).await;
                sandbox.set_faults(Faults::default());
                *codes.entry(code).or_insert(0) += 1;
                let said = format!("{name} seed {seed} {write:?} → {code}: {err}");
                assert!(!err.contains("not applied: not sent"), "{said}");
                assert!(
                    err.matches("not applied:").count() <= 1
                        || matches!(write, Write::EnrollMany | Write::RevokeFrom),
                    "{said}"
                );
                // What the server holds now, for each of the write's effects.
                let now = all_tickets(&client).await;
                let live = |pred: &dyn Fn(&boxoffice::api::model::Ticket) -> bool| {
                    now.iter().any(|t| !t.is_unenrolled() && pred(t))
                };
                let email_of = |t: &boxoffice::api::model::Ticket, e: &str| {
                    t.attendee.as_ref().and_then(|a| a.email.as_deref()) == Some(e)
                };
                let effects: Vec<(String, bool)> = match write {
                    Write::Email => vec![(email.clone(), live(&|t| email_of(t, &email)))],
                    Write::Customer => vec![(
                        customer.to_string(),
                        live(&|t| t.attendee.as_ref().and_then(|a| a.id) == Some(customer)),
                    )],
                    Write::Revoke => {
                        vec![(confirmed[0].to_string(), !live(&|t| t.id == confirmed[0]))]
                    }
                    Write::EnrollMany => many
                        .iter()
                        .map(|m| (m.clone(), live(&|t| email_of(t, m))))
                        .collect(),
                    Write::RevokeFrom => confirmed[1..]
                        .iter()
                        .map(|id| (id.to_string(), !live(&|t| t.id == *id)))
                        .collect(),
                };
                let rows = audit(&sandbox, home.path()).await;
                let unknown_rows = rows
                    .iter()
                    .filter(|r| {
                        r["outcome"]
                            .as_str()
                            .unwrap_or_default()
                            .starts_with("unknown")
                    })
                    .count();
                match code {
                    0 => assert!(effects.iter().all(|(_, done)| *done), "{said}"),
                    3 => {
                        assert!(effects.iter().all(|(_, done)| !*done), "{said}");
                        assert!(err.contains("[code "), "{said}");
                    }
                    5 => {
                        assert!(effects.iter().all(|(_, done)| !*done), "{said}");
                        assert!(err.contains("not applied: "), "{said}");
                        assert!(
                            err.contains("it is safe to send it again")
                                || !matches!(write, Write::Email | Write::Customer | Write::Revoke),
                            "{said}"
                        );
                    }
                    6 => assert!(unknown_rows > 0, "{said}"),
                    7 => {
                        assert!(
                            matches!(write, Write::EnrollMany | Write::RevokeFrom),
                            "{said}"
                        );
                        for (what, done) in &effects {
                            let left = err.lines().any(|l| {
                                l.starts_with("not ") && l.ends_with(&format!(": {what}"))
                            });
                            assert_eq!(left, !*done, "{what}: {said}");
                        }
                        for line in err.lines().filter(|l| l.contains(": failed: ")) {
                            let cause = line.split(": failed: ").nth(1).unwrap_or_default();
                            assert!(
                                cause.len() > 12 && !cause.starts_with("not applied (read again"),
                                "{said}"
                            );
                        }
                    }
                    other => panic!("exit {other} is no outcome of a write: {said}"),
                }
                // Written again with the faults stopped, so the next write
                // starts from a known state: settle what stayed unknown.
                let (code, err) =
                    run(&sandbox, home.path(), &["audit".into(), "settle".into()]).await;
                assert_eq!(code, 0, "{err}");
            }
        }
    }
    eprintln!("exit codes seen: {codes:?}");
    // The faults met the writes: more than one outcome was seen.
    assert!(codes.len() >= 3, "{codes:?}");
}

/// Every ticket of [`DAY1`].
async fn all_tickets(client: &boxoffice::api::Client) -> Vec<boxoffice::api::model::Ticket> {
    let mut all = Vec::new();
    for page in 1.. {
        let p = client.tickets(DAY1, page, 100).await.unwrap();
        let n = p.items.len();
        all.extend(p.items);
        if n < 100 {
            break;
        }
    }
    all
}

/// The binary against `sandbox` with `home`'s audit log, off the test's
/// runtime: (exit code, stderr).
async fn run(
    sandbox: &boxoffice::sandbox::SandboxHandle,
    home: &Path,
    args: &[String],
) -> (i32, String) {
    let mut command = common::binary::boxoffice(home);
    command
        .args(args)
        .args(["--timeout", "2"])
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .env("BOXOFFICE_API_KEY", sandbox.api_key())
        .env("XDG_STATE_HOME", home.join("state"));
    let out = tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The audit log as `audit --format raw` prints it.
async fn audit(sandbox: &boxoffice::sandbox::SandboxHandle, home: &Path) -> Vec<Value> {
    let mut command = common::binary::boxoffice(home);
    command
        .args(["audit", "--format", "raw"])
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .env("BOXOFFICE_API_KEY", sandbox.api_key())
        .env("XDG_STATE_HOME", home.join("state"));
    let out = tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Issue 45: files read as docs/headless.md says — a comment, then a
/// header, then records, with blank lines and comments between — by
/// `revoke --from` and `enroll-many` alike (the reader's own property
/// test is `bulk::tests`); `--dry-run` reads them and sends nothing.
#[test]
fn a_list_with_comments_before_its_header_is_read_by_both_commands() {
    let home = tempfile::tempdir().unwrap();
    let tickets = home.path().join("tickets.txt");
    std::fs::write(&tickets, "# door 2\nid\n31\n\n# walk-ins\n32\n").unwrap();
    let (code, out, err) = demo(
        home.path(),
        &["revoke", "--from", tickets.to_str().unwrap(), "--dry-run"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("revoke ")).count(),
        2,
        "{out}"
    );
    assert!(err.contains("2 to revoke"), "{err}");

    let people = home.path().join("people.csv");
    std::fs::write(
        &people,
        "# Saturday's guests\n\nemail,name,last_name\nann@example.com,Ann,Lee\n# more\nbo@example.com,Bo,Li\n",
    )
    .unwrap();
    let (code, out, err) = demo(
        home.path(),
        &[
            "enroll-many",
            "1002",
            "--from",
            people.to_str().unwrap(),
            "--dry-run",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("enroll ")).count(),
        2,
        "{out}"
    );
    assert!(
        err.contains("2 to enroll · 0 already enrolled · 0 invalid"),
        "{err}"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(8))]

    /// Issue 45: `admit` takes a scan that starts with `-` as a scan
    /// (scanners send such codes), before or after `--event`: a verdict
    /// and its exit code, never a usage error (2).
    #[test]
    fn a_scan_that_starts_with_a_hyphen_is_judged_not_refused_as_an_option(
        scan in "-{1,2}[A-Z0-9][A-Z0-9-]{0,10}",
        first in proptest::prelude::any::<bool>(),
    ) {
        let home = tempfile::tempdir().unwrap();
        let args: Vec<&str> = if first {
            vec!["admit", &scan, "--event", "1002"]
        } else {
            vec!["admit", "--event", "1002", &scan]
        };
        let (code, out, err) = demo(home.path(), &args);
        proptest::prop_assert!(code != 2, "{code}: {out}{err}");
        proptest::prop_assert!((10..=17).contains(&code) || code == 0, "{code}: {out}{err}");
        proptest::prop_assert!(!err.contains("unexpected argument"), "{err}");
    }
}

/// Issue 45: `door watch` without a terminal (stdin and stdout not one)
/// says what to use instead, exit 2, and writes no terminal codes.
#[test]
fn door_watch_without_a_terminal_says_so_and_writes_no_codes() {
    let home = tempfile::tempdir().unwrap();
    let out = common::binary::boxoffice(home.path())
        .args(["--demo", "door", "watch", "1002"])
        .env("BOXOFFICE_DEMO_NOW", NOW)
        .env("XDG_STATE_HOME", home.path().join("state"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(
        err,
        "boxoffice: door watch needs a terminal; use door stats\n"
    );
    assert!(out.stdout.is_empty(), "{:?}", out.stdout);
    assert!(!out.stderr.contains(&0x1b), "{err:?}");
}
