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
}
