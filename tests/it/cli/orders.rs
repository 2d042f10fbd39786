//! `admit --order` in the real binary on the demo: a mate with a note is
//! held (named with its note, not admitted), and with `--force` outside
//! the hours every mate admitted is forced, as the ticket scanned was.

/// `boxoffice --demo …` in one home (one desk log): exit code, stdout and
/// stderr together.
fn demo(home: &std::path::Path) -> impl Fn(&[&str]) -> (i32, String) + '_ {
    move |args: &[&str]| {
        let out = crate::common::binary::boxoffice(home)
            .arg("--demo")
            .args(args)
            .env("XDG_STATE_HOME", home.join("state"))
            .env("XDG_CACHE_HOME", home.join("cache"))
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.code().unwrap(), text)
    }
}

#[test]
fn a_noted_mate_is_held_and_the_rest_of_the_order_goes_in() {
    let home = tempfile::tempdir().unwrap();
    let run = demo(home.path());
    // Order #10019 at Day 2 (1003): TK-000133 and TK-000138.
    let (code, text) = run(&["note", "138", "STOP: check ID"]);
    assert_eq!(code, 0, "{text}");
    let (code, text) = run(&["admit", "TK-000133", "--event", "1003", "--order"]);
    assert_eq!(code, 0, "{text}");
    let mate = text
        .lines()
        .find(|l| l.contains("TK-000138"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(mate.starts_with("HELD"), "{text}");
    assert!(mate.contains("⚑ STOP: check ID"), "{text}");
    // Not admitted with the order: its own scan shows the note.
    let (code, text) = run(&["admit", "TK-000138", "--event", "1003", "--format", "json"]);
    assert_eq!(code, 0, "{text}");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["verdict"], "VALID");
    assert_eq!(json["note"], "STOP: check ID");
}

#[test]
fn force_outside_the_hours_forces_the_whole_order() {
    let home = tempfile::tempdir().unwrap();
    let run = demo(home.path());
    let (code, text) = run(&["door", "set", "1003", "--opens", "2999-01-01 09:00"]);
    assert_eq!(code, 0, "{text}");
    let (code, text) = run(&[
        "admit",
        "TK-000133",
        "--event",
        "1003",
        "--order",
        "--force",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{text}");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["forced"], true, "{text}");
    let order = json["order"].as_array().unwrap();
    assert!(!order.is_empty(), "{text}");
    for mate in order {
        assert_eq!(mate["verdict"], "VALID", "{text}");
        assert_eq!(mate["forced"], true, "{text}");
    }
    // Each was recorded as forced: `door stats` counts them.
    let (_, stats) = run(&["door", "stats", "1003", "--format", "json"]);
    let stats: serde_json::Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(
        stats["forced"].as_u64(),
        Some(1 + order.len() as u64),
        "{stats:#}"
    );
}

/// `note` takes the number printed on a ticket (with `--event`, as
/// `ticket` and `revoke` do), names the guest, refuses a ticket or a
/// customer the API does not have (its error, exit 3, nothing kept), and
/// says so when `--clear` has nothing to clear.
#[test]
fn a_note_names_its_guest_and_is_kept_only_on_what_exists() {
    let home = tempfile::tempdir().unwrap();
    let run = demo(home.path());
    let (code, text) = run(&["note", "TK-000045", "check ID", "--event", "1002"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.starts_with("noted: TK-000045 "), "{text}");
    let (_, list) = run(&["note", "--list", "--format", "json"]);
    let notes: serde_json::Value = serde_json::from_str(&list).unwrap();
    assert_eq!(notes[0]["id"], 45, "{list}");
    for missing in [
        vec!["note", "999999", "x"],
        vec!["note", "customer:999999", "x"],
    ] {
        let (code, text) = run(&missing);
        assert_eq!(code, 3, "{missing:?}: {text}");
    }
    let (_, list) = run(&["note", "--list", "--format", "json"]);
    let notes: serde_json::Value = serde_json::from_str(&list).unwrap();
    assert_eq!(
        notes.as_array().unwrap().len(),
        1,
        "nothing else kept: {list}"
    );
    let (code, text) = run(&["note", "46", "--clear"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.starts_with("nothing to clear: no note on TK-000046"),
        "{text}"
    );
    let (code, text) = run(&["note", "45", "--clear"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.starts_with("cleared: the note on TK-000045 "),
        "{text}"
    );
}

/// A door's capacity through `admit`: FULL (exit 18) when as many are
/// inside as it holds, nothing recorded; an exit frees a place; `--force`
/// goes past it, recorded as forced; `door show` says it.
#[test]
fn at_capacity_admit_says_full_until_one_leaves() {
    let home = tempfile::tempdir().unwrap();
    let run = demo(home.path());
    let (code, text) = run(&["door", "set", "1002", "--capacity", "2"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("capacity  2"), "{text}");
    for t in ["TK-000031", "TK-000032"] {
        let (code, text) = run(&["admit", t, "--event", "1002"]);
        assert_eq!(code, 0, "{text}");
    }
    let (code, text) = run(&["admit", "TK-000036", "--event", "1002"]);
    assert_eq!(code, 18, "{text}");
    assert!(text.starts_with("FULL"), "{text}");
    assert!(
        text.contains("2 inside of 2 — next when one leaves"),
        "{text}"
    );
    let (code, text) = run(&["admit", "TK-000031", "--event", "1002", "--exit"]);
    assert_eq!(code, 0, "{text}");
    let (code, text) = run(&["admit", "TK-000036", "--event", "1002"]);
    assert_eq!((code, text.starts_with("VALID")), (0, true), "{text}");
    let (code, text) = run(&["admit", "TK-000037", "--event", "1002", "--force"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("past the door's capacity: forced by"),
        "{text}"
    );
    let (_, show) = run(&["door", "show", "1002", "--format", "json"]);
    let show: serde_json::Value = serde_json::from_str(&show).unwrap();
    assert_eq!(show["capacity"], 2);
    assert_eq!(show["inside"], 3, "{show:#}");
    let (_, stats) = run(&["door", "stats", "1002", "--format", "json"]);
    let stats: serde_json::Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(
        (stats["capacity"].as_u64(), stats["inside"].as_u64()),
        (Some(2), Some(3)),
        "{stats:#}"
    );
}

/// After a guest left and came back in, a scan of their ticket is ALREADY
/// ADMITTED naming the re-entry (its lane, "back in", "re-entry"), not the
/// first admission, at any lane; and the EXIT and WELCOME BACK are each
/// the lane's own answer.
#[test]
fn already_admitted_after_a_reentry_names_the_reentry() {
    let home = tempfile::tempdir().unwrap();
    let run = demo(home.path());
    let (code, text) = run(&["door", "set", "1002", "--reentry", "on"]);
    assert_eq!(code, 0, "{text}");
    let at = |lane: &str, extra: &[&str]| {
        let mut args = vec!["--desk", lane, "admit", "TK-000031", "--event", "1002"];
        args.extend_from_slice(extra);
        run(&args)
    };
    let (code, text) = at("gate-1", &[]);
    assert_eq!((code, text.starts_with("VALID")), (0, true), "{text}");
    let (code, text) = at("way-out", &["--exit"]);
    assert_eq!((code, text.starts_with("EXIT")), (0, true), "{text}");
    let (code, text) = at("gate-2", &[]);
    assert_eq!(
        (code, text.starts_with("WELCOME BACK")),
        (0, true),
        "{text}"
    );
    let (code, text) = at("gate-3", &["--format", "json"]);
    assert_eq!(code, 10, "{text}");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let why = json["meaning"].as_str().unwrap_or_default();
    assert!(
        why.starts_with("back in at ") && why.contains("at gate-2 (re-entry)"),
        "{json:#}"
    );
    let (_, text) = at("gate-1", &[]);
    assert!(text.contains("at gate-2 (re-entry)"), "{text}");
}
