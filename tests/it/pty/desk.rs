//! The check-in desk in the real binary: a simulated scanner and a human
//! at the keys, and `boxoffice admit` against `boxoffice sandbox` with the
//! desk opened after it agreeing.

use std::process::Command;
use std::thread;
use std::time::Duration;

use super::{ENTER, ESC, Sandbox, Tui};

/// A simulated scanner (keys 5 ms apart) and a human (300 ms and more
/// apart) at a desk opened with `boxoffice checkin`: a letter typed 1.5 s
/// before a scan, a scan while help is open, one while the undo question
/// is open, Esc then a scan, a burst of digits at an idle desk — each judged
/// as it should be, and nothing reaches the app behind the desk. VALID
/// gives way to "ready" by itself (`verdict_seconds = 1`); undo asks, undoes
/// one and says UNDONE.
#[test]
fn a_scanners_bursts_are_judged_whatever_is_open_and_nothing_leaves_the_desk() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("xdg_config_home/boxoffice");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "[desk]\nverdict_seconds = 1\n").unwrap();
    let mut tui = Tui::run(
        &["--demo", "checkin", "1002"],
        &[("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")],
        home,
    );
    tui.wait_for("● online ·");
    tui.wait_for("ready");

    // A letter by hand, 1.5 s later a scan: the letter is dropped, and said.
    tui.send("q");
    tui.wait_for("scan › q");
    thread::sleep(Duration::from_millis(1500));
    tui.scanner("TK-000031\r");
    tui.wait_for_word("✔VALID✔");
    tui.wait_for("Ana García");
    tui.wait_for("dropped “q”, typed by hand before the scan");
    // VALID gives way to "ready" by itself, within verdict_seconds and a margin.
    tui.wait_for_within("ready", Duration::from_secs(6));

    // A scan while help is open: help closes, the scan is judged.
    tui.send("\x1bOP");
    tui.wait_for("Keys · the desk");
    tui.scanner("TK-000032\r");
    tui.wait_for_word("✔VALID✔");
    assert!(
        !tui.screen().contains("Keys · the desk"),
        "{}",
        tui.screen()
    );
    tui.wait_for_within("ready", Duration::from_secs(6));

    // A scan while the undo question is open: judged, and nothing undone.
    tui.send("\x1b[19~");
    tui.wait_for("Undo the admission of");
    tui.scanner("TK-000031\r");
    tui.wait_for_word("ALREADYADMITTED");
    assert!(
        !tui.screen().contains("Undo the admission"),
        "{}",
        tui.screen()
    );
    tui.wait_for("admitted 2 /");

    // Undo asks, naming the guest; Enter undoes that one and says UNDONE.
    tui.send("\x1b[19~");
    tui.wait_for("Undo the admission of");
    tui.wait_for("(TK-000032)");
    tui.send(ENTER);
    tui.wait_for_word("UNDONE");
    tui.wait_for("admitted 1 /");

    // Esc on an idle desk leaves nothing; the scan after it is judged.
    tui.escape_until_gone("UNDONE");
    tui.send(ESC);
    tui.wait_for("nothing to close: Ctrl-Q leaves the desk");
    tui.scanner("TK-000035\r");
    tui.wait_for_word("NOTVALID");

    // Digits at an idle desk: a ticket id, judged (the demo has no such
    // ticket), never a tab of the app.
    tui.send(ESC);
    tui.wait_for("ready");
    tui.scanner("4242424\r");
    tui.wait_for_word("?UNKNOWN?");
    let screen = tui.screen();
    assert!(screen.contains("Check-in ·"), "{screen}");
    assert!(screen.contains("scan › "), "{screen}");
    tui.leave_desk();
}

/// `boxoffice admit` against `boxoffice sandbox`: each verdict its exit
/// code, `--format json` too; a ticket of another edition is OTHER EDITION
/// whether the door was given as the event's id or the edition's, by
/// number and by id; a code that merely holds an id is UNKNOWN; a link from
/// the business's own host is read; the TUI desk opened afterwards says
/// ALREADY ADMITTED for the ticket admitted headless, naming the desk.
#[test]
fn admit_gives_each_verdict_its_exit_code_and_the_desk_opened_after_agrees() {
    let sandbox = Sandbox::start();
    let (url, key) = (sandbox.base_url.clone(), sandbox.api_key.clone());
    let env = [
        ("BOXOFFICE_BASE_URL", url.as_str()),
        ("BOXOFFICE_API_KEY", key.as_str()),
    ];
    let home = tempfile::tempdir().unwrap();
    let admit_at = |event: &str, scan: &str, more: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_boxoffice"));
        cmd.args(["admit", scan, "--event", event, "--desk", "door-9"])
            .args(more)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", home.path())
            .stdin(std::process::Stdio::null());
        for dir in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"] {
            cmd.env(dir, home.path().join(dir.to_lowercase()));
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        (out.status.code().unwrap(), text)
    };
    let admit = |scan: &str, more: &[&str]| admit_at("101", scan, more);
    // Day 2's ticket TK-000102 (id 102) at Day 1's door, opened by the
    // main event's id or by Day 1's own: the same door, the same verdict.
    for event in ["101", "1002"] {
        for scan in ["TK-000102", "102"] {
            let (got, text) = admit_at(event, scan, &[]);
            assert_eq!(got, 12, "--event {event} {scan}: {text}");
            assert!(text.starts_with("OTHER EDITION"), "{text}");
            assert!(text.contains("Day 2 — tomorrow"), "{text}");
        }
    }
    // An id inside a code is no id.
    let (got, text) = admit("43#a3f", &[]);
    assert_eq!(got, 14, "{text}");
    assert!(text.contains("not a ticket code"), "{text}");
    // Event 101 is a main event: today's edition, Day 1 (1002), is checked in.
    for (scan, code, word, says) in [
        ("TK-000031", 0, "VALID", "let them in"),
        ("tk 000031", 10, "ALREADY ADMITTED", "at door-9"),
        ("TK-000035", 11, "NOT VALID", "revoked (unenrolled)"),
        ("TK-000102", 12, "OTHER EDITION", "Day 2 — tomorrow"),
        ("379", 13, "OTHER EVENT", "Midnight Echoes"),
        ("Q9#x%zz-17", 14, "UNKNOWN", "Q9#x%zz-17"),
    ] {
        let (got, text) = admit(scan, &[]);
        assert_eq!(got, code, "{scan}: {text}");
        assert!(text.starts_with(word), "{scan}: {text}");
        assert!(text.contains(says), "{scan}: {text}");
    }
    let (got, text) = admit(&format!("{url}/t/TK-000032"), &["--format", "json"]);
    assert_eq!(got, 0, "{text}");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["verdict"], "VALID");
    assert_eq!(json["ticket"]["number"], "TK-000032");
    assert_eq!(json["admission"]["desk"], "door-9");
    assert_eq!(json["shared"], serde_json::Value::Null);
    // A link from another host is not read.
    let (got, text) = admit("https://evil.example/t/TK-000033", &[]);
    assert_eq!(got, 14, "{text}");
    assert!(
        text.contains("a link to another site (evil.example)"),
        "{text}"
    );

    let mut tui = Tui::run(&["checkin", "1002"], &env, home);
    tui.wait_for("● online ·");
    tui.scanner("TK-000031\r");
    tui.wait_for_word("ALREADYADMITTED");
    tui.wait_for("at door-9");
    tui.scanner("TK-000032\r");
    tui.wait_for_word("ALREADYADMITTED");
    tui.leave_desk();
}

/// A desk on this machine's desk log only (no shared log) follows a `door
/// set` made by another process, without a restart, as desks on a shared
/// log do: the header's policy line changes while it stays open.
#[test]
fn a_desk_on_a_local_log_follows_a_door_set_made_by_another_process() {
    let sandbox = Sandbox::start();
    let (url, key) = (sandbox.base_url.clone(), sandbox.api_key.clone());
    let env = [
        ("BOXOFFICE_BASE_URL", url.as_str()),
        ("BOXOFFICE_API_KEY", key.as_str()),
    ];
    let home = tempfile::tempdir().unwrap();
    let at = home.path().to_owned();
    let door_set = |args: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_boxoffice"));
        cmd.args(["door", "set", "1002"])
            .args(args)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", &at)
            .stdin(std::process::Stdio::null());
        for dir in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"] {
            cmd.env(dir, at.join(dir.to_lowercase()));
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let err = String::from_utf8_lossy(&out.stderr);
        (out.status.code().unwrap(), format!("{text}{err}"))
    };
    let tui = Tui::run(&["checkin", "1002", "--desk", "door-9"], &env, home);
    tui.wait_for("● online ·");
    assert!(!tui.screen().contains("re-entry"), "{}", tui.screen());
    let (code, text) = door_set(&["--reentry", "on"]);
    assert_eq!(code, 0, "{text}");
    tui.wait_for("re-entry");
    let (code, text) = door_set(&["--reentry", "off", "--editions", "all"]);
    assert_eq!(code, 0, "{text}");
    tui.wait_for("every edition");
    assert!(!tui.screen().contains("re-entry"), "{}", tui.screen());
    tui.leave_desk();
}

/// `!` on a ticket's detail writes the door's note (the demo's desk log):
/// the form fills in the note kept, Enter keeps it, and the desk opened
/// after shows it beside the verdict with ⚑ (issue 27).
#[test]
fn a_note_written_with_a_key_stops_the_door() {
    let mut tui = Tui::start_with(&[], &[]);
    tui.wait_for("Rust Belt Conference");
    tui.type_text(":ticket TK-000031\r");
    tui.wait_for("open customer");
    tui.send("!");
    tui.wait_for("Note on TK-000031");
    tui.type_text("wheelchair: use gate B\r");
    tui.wait_for("noted: TK-000031");
    // Again: the note kept is filled in.
    tui.send("!");
    tui.wait_for("note  wheelchair: use gate B");
    tui.escape_until_gone("Note on TK-000031");
    let home = tui.quit();
    let mut desk = Tui::run(&["--demo", "checkin", "1002"], &[], home);
    desk.wait_for("● online ·");
    desk.scanner("TK-000031\r");
    desk.wait_for("⚑ wheelchair: use gate B");
    desk.leave_desk();
}

/// Two lanes of the demo on one shared desk log (the tests' own
/// PostgreSQL): what lane 1 admits, lane 2 counts without a scan and calls
/// ALREADY ADMITTED naming lane 1; the shared log holds one admission, the
/// demo's. (`--desk-db` given to the demo is used, never a profile's.)
#[test]
fn two_demo_lanes_on_one_shared_log_admit_a_ticket_once() {
    let server = super::postgres::server();
    let name = server.database();
    let url = server.url(&name);
    let init = Command::new(env!("CARGO_BIN_EXE_boxoffice"))
        .args(["desk-db", "init", "--desk-db", &url])
        .output()
        .unwrap();
    assert!(init.status.success(), "{init:?}");
    let env = [("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")];
    let lane = |name: &str| {
        let args = [
            "--demo",
            "--desk",
            name,
            "--desk-db",
            &url,
            "checkin",
            "1002",
        ];
        Tui::run(&args, &env, tempfile::tempdir().unwrap())
    };
    let (mut one, mut two) = (lane("lane-1"), lane("lane-2"));
    for tui in [&one, &two] {
        tui.wait_for("● online ·");
        tui.wait_for("admitted 0 /");
    }
    one.scanner("TK-000031\r");
    one.wait_for_word("✔VALID✔");
    // Lane 2 learns of it from the shared log, without a scan.
    two.wait_for("admitted 1 /");
    two.scanner("TK-000031\r");
    two.wait_for_word("ALREADYADMITTED");
    two.wait_for("lane-1");
    let kept = server.psql(
        &name,
        "SELECT COUNT(*) || ' ' || MIN(lane) || ' ' || MIN(business) FROM desk_admissions",
    );
    assert_eq!(kept, "1 lane-1 demo");
    one.leave_desk();
    two.leave_desk();
}

/// The desk's last scans give the time of the scan to the second (the wall
/// clock is told before keys, not only when its minute changes), on the
/// real clock.
#[test]
fn the_last_scans_give_the_time_of_the_scan_to_the_second() {
    let mut tui = Tui::run(
        &["--demo", "checkin", "1002"],
        &[],
        tempfile::tempdir().unwrap(),
    );
    tui.wait_for("● online ·");
    tui.wait_for("ready");
    // The clock the app read at its start is behind by a second or more.
    let started = boxoffice::clock::now_utc(None);
    let before = loop {
        let now = boxoffice::clock::now_utc(None);
        if boxoffice::clock::seconds_before(&now, 1) > started {
            break now;
        }
        thread::sleep(Duration::from_millis(20));
    };
    tui.scanner("TK-000031\r");
    tui.wait_for_word("✔VALID✔");
    let after = boxoffice::clock::now_utc(None);
    tui.send("\x1bOS"); // F4: the last scans
    tui.wait_for("VALID TK-000031");
    let screen = tui.screen();
    let shown = screen
        .lines()
        .find_map(|l| {
            let at = l.find("VALID TK-000031")?;
            l[..at]
                .split(|c: char| c.is_whitespace() || c == '│')
                .find(|w| w.len() == 8 && w.contains(':'))
        })
        .unwrap_or_else(|| panic!("{screen}"))
        .to_owned();
    // Around midnight the day turns between the two reads: nothing to say.
    if before.get(..10) == after.get(..10) {
        assert!(
            before[11..19] <= *shown && *shown <= after[11..19],
            "{before} ≤ {shown} ≤ {after}?\n{screen}"
        );
    }
    tui.leave_desk();
}

/// F9 at the real desk: a scanner's burst over its question is judged at
/// the entry lane and answers nothing; answered by hand, the lane is an
/// exit lane (said on screen) where a scan records EXIT and "inside now"
/// drops; F9 answered again makes it an entry lane.
#[test]
fn f9_makes_an_exit_lane_after_a_question_a_burst_never_answers() {
    let mut tui = Tui::run(
        &["--demo", "checkin", "1002"],
        &[("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")],
        tempfile::tempdir().unwrap(),
    );
    tui.wait_for("● online ·");
    tui.wait_for("ready");
    tui.send("\x1b[20~"); // F9
    tui.wait_for("Make this lane an exit lane?");
    tui.scanner("TK-000031\r");
    tui.wait_for_word("✔VALID✔");
    tui.wait_for("inside now 1");
    assert!(
        !tui.screen().contains("EXIT LANE") && !tui.screen().contains("Make this lane"),
        "{}",
        tui.screen()
    );
    tui.send("\x1b[20~");
    tui.wait_for("Make this lane an exit lane?");
    tui.send(ENTER);
    tui.wait_for("↤ EXIT LANE");
    tui.scanner("TK-000031\r");
    tui.wait_for_word("↤EXIT↤");
    tui.wait_for("inside now 0");
    tui.send("\x1b[20~");
    tui.wait_for("Make this lane an entry lane again?");
    tui.send(ENTER);
    tui.wait_for("an entry lane: a scan lets a guest in");
    assert!(!tui.screen().contains("EXIT LANE"), "{}", tui.screen());
    tui.leave_desk();
}

/// A desk open on Day 1; the office revokes TK-000033 with `boxoffice
/// revoke` meanwhile: the desk's list still says confirmed, yet its next
/// scan is NOT VALID (the ticket is read before a VALID). With the API
/// gone, a scan is judged from the list, says the list's age, and the
/// header says the API is unreachable instead of online.
#[test]
fn a_ticket_revoked_at_the_office_while_a_desk_is_open_is_refused_at_its_next_scan() {
    let sandbox = Sandbox::start();
    let (url, key) = (sandbox.base_url.clone(), sandbox.api_key.clone());
    let env = [
        ("BOXOFFICE_BASE_URL", url.as_str()),
        ("BOXOFFICE_API_KEY", key.as_str()),
    ];
    let home = tempfile::tempdir().unwrap();
    let office = tempfile::tempdir().unwrap();
    let mut tui = Tui::run(&["checkin", "1002"], &env, home);
    tui.wait_for("● online ·");
    tui.wait_for("ready");

    let mut revoke = Command::new(env!("CARGO_BIN_EXE_boxoffice"));
    revoke
        .args(["revoke", "33", "--yes"])
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", office.path())
        .stdin(std::process::Stdio::null());
    for dir in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"] {
        revoke.env(dir, office.path().join(dir.to_lowercase()));
    }
    for (k, v) in env {
        revoke.env(k, v);
    }
    let out = revoke.output().unwrap();
    assert!(out.status.success(), "{out:?}");

    tui.scanner("TK-000033\r");
    tui.wait_for_word("NOTVALID");
    tui.wait_for("revoked");
    assert!(tui.screen().contains("● online"), "{}", tui.screen());

    // The API gone: judged from the list, which says how old it is.
    drop(sandbox);
    tui.scanner("TK-000031\r");
    tui.wait_for_word("✔VALID✔");
    tui.wait_for("from the list of");
    tui.wait_for("API unreachable since");
    assert!(!tui.screen().contains("● online"), "{}", tui.screen());
    tui.leave_desk();
}
