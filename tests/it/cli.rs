#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The real binary against small axum servers on loopback: output formats,
//! exit codes, and the revoke safety rules.

#[path = "cli/answers.rs"]
mod answers;
#[path = "cli/bulk.rs"]
mod bulk;
use crate::common;
#[path = "cli/ended.rs"]
mod ended;
#[path = "cli/lane.rs"]
mod lane;
#[path = "cli/language.rs"]
mod language;
#[path = "cli/local.rs"]
mod local;
#[path = "cli/numbers.rs"]
mod numbers;
#[path = "cli/options.rs"]
mod options;
#[path = "cli/orders.rs"]
mod orders;
#[path = "cli/outcome.rs"]
mod outcome;
#[path = "cli/settle.rs"]
mod settle;
#[path = "cli/tools.rs"]
mod tools;
#[path = "cli/tui_log.rs"]
mod tui_log;
#[path = "cli/variety.rs"]
mod variety;

use std::process::Output;

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use common::json::{error_body, list, one, status_ok, ticket};
use common::mock::{MockServer, Seen, SilentServer, json_response, ok, read_first};
use serde_json::{Value, json};

const KEY: &str = "cli-test-key-77aa";

/// Runs the binary with a clean environment: no config file, the given base
/// URL and the test key; stdin is not a terminal.
fn run(base: Option<&str>, args: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    let mut command = common::binary::boxoffice(home.path());
    command.args(args).env("BOXOFFICE_API_KEY", KEY);
    if let Some(base) = base {
        command.env("BOXOFFICE_BASE_URL", base);
    }
    command.output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// Three pages of tickets (100, 100, 50), the second repeating the first's
/// last ticket.
fn three_pages(seen: &Seen, _: usize) -> Response {
    let page = seen.page();
    let ids: Vec<u64> = match page {
        1 => (1..=100).collect(),
        2 => (100..=199).collect(),
        3 => (200..=250).collect(),
        _ => vec![],
    };
    let data: Vec<Value> = ids.into_iter().map(ticket).collect();
    ok(&list(&Value::Array(data), page, 3, 250))
}

#[test]
fn tickets_all_as_json_prints_every_ticket_once() {
    let server = MockServer::start(three_pages);
    let out = run(
        Some(server.base()),
        &["tickets", "7", "--all", "--format", "json"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let printed: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let ids: Vec<u64> = printed.iter().map(|t| t["id"].as_u64().unwrap()).collect();
    assert_eq!(ids, (1..=250).collect::<Vec<_>>());
    let seen = server.seen();
    assert_eq!(seen.len(), 3);
    assert!(seen.iter().all(|s| s.path == "/events/7/tickets"));
    assert!(seen.iter().all(|s| {
        s.query
            .as_deref()
            .is_some_and(|q| q.contains("per_page=100"))
    }));
    assert!(seen.iter().all(|s| s.key() == Some(KEY)));
}

#[test]
fn tickets_without_all_print_the_first_page() {
    let server = MockServer::start(three_pages);
    let out = run(Some(server.base()), &["tickets", "7", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let printed: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed.len(), 100);
    assert_eq!(server.seen().len(), 1);
}

#[test]
fn csv_has_a_header_and_one_row_per_ticket() {
    let server = MockServer::start(three_pages);
    let out = run(Some(server.base()), &["tickets", "7", "--format", "csv"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "id,number,status,enrollment_type,attendee_name,attendee_email,edition_id,edition_name,creation_date,price,order_number"
    );
    assert_eq!(lines.len(), 101);
    assert_eq!(
        lines[1],
        "1,TK-000001,confirmed,paid,Zoë Ng,t1@example.com,12,Day 1,2026-01-02 10:00:00,10.00,A-1"
    );
}

#[test]
fn a_single_record_table_lists_its_fields() {
    let server = MockServer::start(|s, _| ok(&one(&ticket(query_id(&s.path)))));
    let out = run(Some(server.base()), &["ticket", "5", "--format", "table"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines()
            .any(|l| l.starts_with("number ") && l.ends_with("  TK-000005")),
        "{text}"
    );
    assert_eq!(server.seen()[0].path, "/events/tickets/5");
}

fn query_id(path: &str) -> u64 {
    path.rsplit('/')
        .next()
        .and_then(|id| id.parse().ok())
        .unwrap_or(0)
}

#[test]
fn an_api_error_exits_3_with_message_and_code() {
    let server = MockServer::start(|_, _| {
        json_response(400, &error_body("Unknown event", &[(1001, "no event 99")]))
    });
    let out = run(Some(server.base()), &["event", "99"]);
    assert_eq!(out.status.code(), Some(3));
    let err = stderr(&out);
    assert!(err.starts_with("boxoffice: "), "{err}");
    assert!(
        err.contains("Unknown event") && err.contains("1001"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    assert!(out.stdout.is_empty());
}

#[test]
fn refused_authentication_exits_4() {
    for status in [401u16, 403] {
        let server = MockServer::start(move |_, _| {
            json_response(
                status,
                &error_body("bad key", &[(i64::from(status), "bad key")]),
            )
        });
        let out = run(Some(server.base()), &["events"]);
        assert_eq!(out.status.code(), Some(4), "{status}");
        let err = stderr(&out);
        assert!(
            err.contains(&status.to_string()) && !err.contains(KEY),
            "{err}"
        );
    }
}

#[test]
fn a_server_that_never_answers_exits_5() {
    let silent = SilentServer::start();
    let out = run(Some(silent.base()), &["events", "--timeout", "1"]);
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(stderr(&out).contains("timed out"), "{}", stderr(&out));
}

#[test]
fn a_non_json_502_exits_1_with_one_line() {
    let server = MockServer::start(|_, _| {
        (
            StatusCode::BAD_GATEWAY,
            [(header::CONTENT_TYPE, "text/html")],
            "<html>\r\n<body><h1>502 Bad Gateway</h1></body>\r\n</html>",
        )
            .into_response()
    });
    let out = run(Some(server.base()), &["events"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("502") && err.contains("not JSON"), "{err}");
}

#[test]
fn revoke_without_yes_and_no_terminal_is_refused() {
    let server = MockServer::start(|_, _| ok(&status_ok()));
    let out = run(Some(server.base()), &["revoke", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("refusing to revoke without --yes when stdin is not a terminal"));
    assert!(server.seen().is_empty());
}

/// By id with `--yes`: the ticket read just before (as every write), then
/// one PUT.
#[test]
fn revoke_with_yes_reads_the_ticket_then_sends_one_put() {
    let server = MockServer::start(|s, _| read_first(s).unwrap_or_else(|| ok(&status_ok())));
    let out = run(Some(server.base()), &["revoke", "5", "--yes"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let calls: Vec<(String, String)> = server
        .seen()
        .into_iter()
        .map(|s| (s.method, s.path))
        .collect();
    assert_eq!(
        calls,
        [
            ("GET".to_string(), "/events/tickets/5".to_string()),
            ("PUT".into(), "/events/enrollments/5/revoke".into())
        ]
    );
}

/// A write answered by a 5xx (a JSON 500, a proxy's HTML 502, a 504) may
/// have been applied: sent once, its target read again (answered the same
/// way) until the deadline, exit 6, and the command says how to check.
#[test]
fn a_write_answered_by_a_5xx_is_outcome_unknown_exit_6() {
    let writes = |server: &MockServer| server.seen().iter().filter(|s| s.method != "GET").count();
    for (status, body) in [
        (500, "{\"status\":\"ERROR\"}"),
        (502, "<html><body>Bad Gateway</body></html>"),
        (504, ""),
    ] {
        // The reads before each write are answered (the ticket until the
        // first write, the event always, what the person holds until the
        // enroll); the write and every read after it meet the 5xx.
        let written = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let posted = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let server = MockServer::start(move |s, _| {
            use std::sync::atomic::Ordering::SeqCst;
            if s.method != "GET" {
                written.store(true, SeqCst);
            }
            if s.method == "POST" {
                posted.store(true, SeqCst);
            }
            let event_read = s.path.trim_matches('/').split('/').count() == 2;
            // What the person holds, read before the enroll: answered
            // until the enroll is sent.
            let holds_read = s.path.starts_with("/events/4") && !posted.load(SeqCst);
            if let Some(read) =
                read_first(s).filter(|_| event_read || holds_read || !written.load(SeqCst))
            {
                return read;
            }
            (StatusCode::from_u16(status).unwrap(), body.to_string()).into_response()
        });
        let out = run(
            Some(server.base()),
            &["revoke", "5", "--yes", "--timeout", "1"],
        );
        assert_eq!(out.status.code(), Some(6), "{status}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("outcome unknown"), "{err}");
        assert!(err.contains("boxoffice ticket 5"), "{err}");
        assert_eq!(writes(&server), 1, "sent once");
        assert!(server.seen().len() > 1, "the ticket was read again");

        let out = run(
            Some(server.base()),
            &[
                "enroll",
                "43",
                "--email",
                "ana@example.com",
                "--name",
                "Ana",
                "--last-name",
                "García",
                "--timeout",
                "1",
            ],
        );
        assert_eq!(out.status.code(), Some(6), "{status}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("grep 'ana@example.com'"),
            "{}",
            stderr(&out)
        );
        assert_eq!(writes(&server), 2, "sent once");
    }
    // An API error is known not to have been applied: exit 3, as before.
    let server = MockServer::start(|s, _| {
        read_first(s).unwrap_or_else(|| {
            json_response(
                400,
                &error_body("already revoked", &[(1007, "already revoked")]),
            )
        })
    });
    let out = run(Some(server.base()), &["revoke", "5", "--yes"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
}

#[test]
fn readonly_refuses_writes() {
    let server = MockServer::start(|_, _| ok(&status_ok()));
    let out = run(Some(server.base()), &["--readonly", "revoke", "5", "--yes"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(server.seen().is_empty());
}

/// The line names the edition the new ticket belongs to, as the API
/// returns it with the ticket (Day 1, edition 12), not the event it was
/// sent to (`RustConf`, event 7).
#[test]
fn enroll_by_email_posts_the_person() {
    let posted = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let server = MockServer::start(move |s, _| {
        use std::sync::atomic::Ordering::SeqCst;
        if s.method == "POST" {
            posted.store(true, SeqCst);
            return ok(&status_ok());
        }
        if posted.load(SeqCst) && s.path == "/events/7/tickets" {
            let mut ticket = common::json::ticket(9);
            ticket["attendee"]["email"] = "ana@example.com".into();
            return ok(&common::json::list(&serde_json::json!([ticket]), 1, 1, 1));
        }
        read_first(s).unwrap_or_else(|| ok(&status_ok()))
    });
    let out = run(
        Some(server.base()),
        &[
            "enroll",
            "7",
            "--email",
            "ana@example.com",
            "--name",
            "Ana",
            "--last-name",
            "Díaz",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(
            "enrolled ana@example.com (Ana Díaz) in Day 1, event 12 (paid): ticket TK-000009"
        ),
        "{}",
        stderr(&out)
    );
    let seen = server.seen();
    // The event and what the person holds read first, then one POST, then
    // their tickets read to find the new one.
    assert_eq!(
        (seen[0].method.as_str(), seen[0].path.as_str()),
        ("GET", "/events/7")
    );
    let post = seen.iter().position(|s| s.method == "POST").unwrap();
    assert!(
        seen[..post].iter().any(|s| s.path == "/events/7/tickets"),
        "{seen:?}"
    );
    assert_eq!(seen.iter().filter(|s| s.method != "GET").count(), 1);
    assert_eq!(
        (seen[post].method.as_str(), seen[post].path.as_str()),
        ("POST", "/events/7/enroll")
    );
    assert_eq!(
        seen[post].body,
        Some(json!({
            "customer": {"email": "ana@example.com", "name": "Ana", "last_name": "Díaz"},
            "enrollment_type": "paid"
        }))
    );
}

#[test]
fn no_configured_api_exits_2() {
    let out = run(None, &["events"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("--base-url"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn plain_http_to_a_remote_host_exits_2() {
    let out = run(Some("http://shop.example.com"), &["events"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("plain http"), "{}", stderr(&out));
}

#[test]
fn a_concurrency_that_is_not_a_whole_number_from_one_exits_2_and_sends_nothing() {
    let server = MockServer::start(three_pages);
    for (value, says) in [
        ("0", "give 1 to 64"),
        ("-3", "give 1 to 64"),
        ("abc", "is not a number"),
    ] {
        let out = run(
            Some(server.base()),
            &["tickets", "7", "--all", "--concurrency", value],
        );
        assert_eq!(out.status.code(), Some(2), "{value}");
        let err = stderr(&out);
        assert!(err.contains("--concurrency"), "{value}: {err}");
        assert!(err.contains(says), "{value}: {err}");
        assert!(out.stdout.is_empty());
    }
    assert!(server.seen().is_empty());
    let out = run(
        Some(server.base()),
        &[
            "tickets",
            "7",
            "--all",
            "--concurrency",
            "1",
            "--format",
            "csv",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 251);
}

#[test]
fn a_page_that_fails_midway_ends_with_its_error_after_what_was_printed() {
    let server = MockServer::start(|seen: &Seen, n| {
        if seen.page() == 2 {
            json_response(400, &error_body("Unknown event", &[(1001, "gone")]))
        } else {
            three_pages(seen, n)
        }
    });
    let out = run(
        Some(server.base()),
        &["tickets", "7", "--all", "--format", "csv"],
    );
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 101, "the header and page 1");
    assert!(stderr(&out).contains("code 1001"));
}

/// Runs `revoke 5` in a pseudo-terminal, waits for the prompt, answers it;
/// returns the exit code, the screen text and what the server saw.
fn revoke_in_a_terminal(answer: &str) -> (u32, String, Vec<Seen>) {
    let server = MockServer::start(|s, _| {
        if s.method == "GET" {
            ok(&one(&ticket(5)))
        } else {
            ok(&status_ok())
        }
    });
    let home = tempfile::tempdir().unwrap();
    let base = server.base();
    let (code, screen) = common::binary::in_a_terminal(
        home.path(),
        (&["revoke", "5"], 120),
        &[("BOXOFFICE_BASE_URL", base), ("BOXOFFICE_API_KEY", KEY)],
        &[("[y/N]", answer)],
    );
    let seen = server.seen();
    (code, screen, seen)
}

#[test]
fn revoke_on_a_terminal_asks_and_y_confirms() {
    let (code, screen, seen) = revoke_in_a_terminal("y");
    assert_eq!(code, 0, "{screen}");
    assert!(
        screen.contains("Revoke ticket TK-000005 (Zoë Ng, t5@example.com, Day 1)? [y/N]"),
        "{screen}"
    );
    let calls: Vec<(&str, &str)> = seen
        .iter()
        .map(|s| (s.method.as_str(), s.path.as_str()))
        .collect();
    assert_eq!(
        calls,
        [
            // Found and asked about, then read again just before sending.
            ("GET", "/events/tickets/5"),
            ("GET", "/events/tickets/5"),
            ("PUT", "/events/enrollments/5/revoke")
        ]
    );
}

#[test]
fn revoke_on_a_terminal_anything_but_y_cancels() {
    for answer in ["", "n", "yep"] {
        let (code, screen, seen) = revoke_in_a_terminal(answer);
        assert_eq!(code, 1, "{answer:?}: {screen}");
        assert!(screen.contains("not revoked"), "{screen}");
        assert!(seen.iter().all(|s| s.method == "GET"), "{answer:?}");
    }
}

/// Inner fields the spec does not show take any value: a ticket whose
/// attendee id is a numeric string and whose phone is a number is in the
/// door list like the others; an event's capacity may be anything.
#[test]
fn spec_valid_variety_is_read_not_dropped() {
    let server = MockServer::start(|s, _| {
        if s.path.starts_with("/events/7/tickets") {
            let mut odd = ticket(2);
            odd["attendee"] = json!({"id": "17", "name": "Ana", "phone": 5_551_234});
            odd["event"]["id"] = json!("12");
            ok(&list(&json!([ticket(1), odd, ticket(3)]), 1, 1, 3))
        } else {
            let mut event =
                json!({"id": 7, "name": "RustConf", "capacity": {}, "sales_start": "soon"});
            event["sales_end"] = json!(1_700_000_000);
            ok(&one(&event))
        }
    });
    let out = run(
        Some(server.base()),
        &["tickets", "7", "--all", "--format", "csv"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 4, "a header and every ticket: {text}");
    assert!(text.contains("TK-000002"), "{text}");
    let out = run(Some(server.base()), &["event", "7", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// Every write is in the audit log, recorded before it is sent and
/// completed after; `boxoffice audit` prints it newest first; the key is
/// never in it.
#[test]
fn writes_are_audited_and_audit_prints_them() {
    // Ticket 6 is read before its revoke; the revoke and every read of it
    // after meet a proxy's 502.
    let lost = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let server = MockServer::start(move |s, _| {
        use std::sync::atomic::Ordering::SeqCst;
        let six = s.path.contains("/enrollments/6/") || s.path.ends_with("/tickets/6");
        if s.path.contains("/enrollments/6/") {
            lost.store(true, SeqCst);
        }
        if six && lost.load(SeqCst) {
            (StatusCode::BAD_GATEWAY, "<html>Bad Gateway</html>").into_response()
        } else if let Some(read) = read_first(s) {
            read
        } else {
            ok(&status_ok())
        }
    });
    let home = tempfile::tempdir().unwrap();
    let state = home.path().join("state");
    let run_here = |args: &[&str]| {
        let mut command = common::binary::boxoffice(home.path());
        command
            .args(args)
            .env("BOXOFFICE_API_KEY", KEY)
            .env("BOXOFFICE_BASE_URL", server.base())
            .env("XDG_STATE_HOME", &state)
            .output()
            .unwrap()
    };
    assert!(
        run_here(&["revoke", "5", "--yes", "--desk", "north"])
            .status
            .success()
    );
    // Two seconds of patience: its outcome is not learnt within them.
    let unknown = run_here(&["revoke", "6", "--yes", "--timeout", "2"]);
    assert_eq!(unknown.status.code(), Some(6));
    let out = run_here(&[
        "enroll",
        "43",
        "--email",
        "ana@example.com",
        "--name",
        "Ana",
        "--last-name",
        "García",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));

    let out = run_here(&["audit", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let brief: Vec<(String, String, String)> = rows
        .iter()
        .map(|r| {
            (
                r["operation"].as_str().unwrap().to_string(),
                r["target"].as_str().unwrap().to_string(),
                r["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(brief.len(), 3, "{brief:?}");
    assert_eq!(brief[0].0, "enroll");
    assert_eq!(brief[0].1, "event 43 ana@example.com");
    assert_eq!(brief[0].2, "ok");
    assert_eq!(
        (brief[1].0.as_str(), brief[1].1.as_str()),
        ("revoke", "ticket 6")
    );
    assert!(brief[1].2.starts_with("unknown: "), "{brief:?}");
    assert_eq!(brief[2], ("revoke".into(), "ticket 5".into(), "ok".into()));
    assert_eq!(rows[2]["desk"], "north");
    assert!(rows.iter().all(|r| r["latency_ms"].is_u64()));

    // The file: private, and no key in it.
    let file = std::fs::read_dir(state.join("boxoffice"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
        .join("audit.sqlite");
    let bytes = std::fs::read(&file).unwrap();
    assert!(!bytes.windows(KEY.len()).any(|w| w == KEY.as_bytes()));
    let mode =
        std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&file).unwrap().permissions())
            & 0o777;
    assert_eq!(mode, 0o600);
}
