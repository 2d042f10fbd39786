//! A scanner is a keyboard everywhere, in the real binary: a burst on a
//! list revokes nothing (the sandbox and the audit log agree), a burst over
//! the desk's walk-in form enrolls nobody and is judged, a burst right after
//! a desk is left drives nothing, and `boxoffice checkin` leaves no scan to
//! the shell.

use super::{ENTER, Sandbox, Tui, headless};

/// `QRxy7` + Enter scanned on a tickets list with a confirmed ticket
/// selected: nothing is revoked — not in the sandbox, not in the audit log
/// — and the app says a scan arrived.
#[test]
fn a_burst_on_a_tickets_list_revokes_nothing_and_says_so() {
    let sandbox = Sandbox::start();
    let (url, key) = (sandbox.base_url.clone(), sandbox.api_key.clone());
    let env = [
        ("BOXOFFICE_BASE_URL", url.as_str()),
        ("BOXOFFICE_API_KEY", key.as_str()),
    ];
    let mut tui = Tui::run(&[], &env, tempfile::tempdir().unwrap());
    tui.wait_for("Rust Belt Conference 2026");
    tui.type_text(&format!(":event 1002{ENTER}"));
    tui.wait_for_selected("Day 1");
    tui.send(ENTER);
    tui.wait_for("TK-000032");
    tui.type_text("/TK-000032\t");
    tui.wait_for_selected("TK-000032");
    tui.wait_for_selected("confirmed");
    tui.scanner("QRxy7\r");
    tui.wait_for("a scan arrived: nothing done");
    assert!(!tui.screen().contains("Revoke ticket?"), "{}", tui.screen());
    tui.wait_for_selected("confirmed");
    let home = tui.quit();
    // The sandbox still has it confirmed; the audit log holds no write.
    let ticket = headless(home.path(), &env, &["ticket", "32", "--format", "json"]);
    let ticket: serde_json::Value = serde_json::from_str(&ticket).unwrap();
    assert_eq!(ticket["status"], "confirmed", "{ticket:#}");
    let audit = headless(home.path(), &env, &["audit", "--format", "json"]);
    let rows: serde_json::Value = serde_json::from_str(&audit).unwrap();
    assert_eq!(rows.as_array().map(Vec::len), Some(0), "{rows:#}");
}

/// At the desk, a scan over the walk-in form: nobody is enrolled (the
/// audit log holds no write), the scan is judged, and F2 brings the form
/// back as it was typed.
#[test]
fn a_burst_over_the_walk_in_form_enrolls_nobody_and_judges_the_scan() {
    let mut tui = Tui::run(
        &["--demo", "checkin", "1002"],
        &[("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")],
        tempfile::tempdir().unwrap(),
    );
    tui.wait_for("● online ·");
    tui.send("\x1bOQ"); // F2
    tui.wait_for("Enroll by e-mail");
    // Typed by hand: at the desk, anything typed in a burst is a scan.
    tui.type_by_hand("w@x.io\tAl\tBo");
    tui.wait_for("Bo");
    tui.scanner("TK-000056\r");
    tui.wait_for_word("✔VALID✔");
    tui.wait_for("TK-000056");
    assert!(
        !tui.screen().contains("enrolled w@x.io"),
        "{}",
        tui.screen()
    );
    // The form comes back as typed, without the scan in it.
    tui.send("\x1bOQ");
    tui.wait_for("Enroll by e-mail");
    let screen = tui.screen();
    assert!(screen.contains("w@x.io"), "{screen}");
    assert!(
        !screen.contains("TK-000056Bo") && !screen.contains("BoTK"),
        "{screen}"
    );
    tui.send("\x1b"); // Esc closes the form
    let home = tui.leave_desk();
    let audit = headless(home.path(), &[], &["--demo", "audit", "--format", "json"]);
    let rows: serde_json::Value = serde_json::from_str(&audit).unwrap();
    assert_eq!(rows.as_array().map(Vec::len), Some(0), "{rows:#}");
}

/// Escape sequences inside a code, each code in one write (as a scanner's
/// burst arrives, or `tmux send-keys`): no byte of it is lost on the way
/// to the desk, so the code is UNKNOWN and shown with its `ESC` as `^[` —
/// never read as the ticket code the other bytes spell.
#[test]
fn a_code_with_an_escape_sequence_inside_is_unknown_and_shown_whole() {
    let mut tui = Tui::run(
        &["--demo", "checkin", "1002"],
        &[("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")],
        tempfile::tempdir().unwrap(),
    );
    tui.wait_for("● online ·");
    for (code, shown) in [
        ("TK-00\x1b[2J0031\r", "TK-00^[[2J0031"),
        ("\x1b]0;pwned\x07TK-000031\r", "^[]0;pwned^GTK-000031"),
        ("TK-0000\x1b[1;31m31\r", "TK-0000^[[1;31m31"),
    ] {
        tui.send(code);
        tui.wait_for_word("?UNKNOWN?");
        tui.wait_for(shown);
        let screen = tui.screen();
        assert!(!screen.contains("VALID✔"), "{code:?}: {screen}");
        assert!(!screen.contains("ALREADY"), "{code:?}: {screen}");
        tui.send("\x1b");
        tui.wait_for("ready");
    }
    tui.leave_desk();
}

/// A desk opened from the app (`c`), left, and a scan right after: the
/// Event screen under it sorts nothing, opens nothing, and says so.
#[test]
fn a_burst_right_after_leaving_a_desk_drives_nothing() {
    let mut tui = Tui::start(&[("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")]);
    tui.wait_for_selected("Rust Belt Conference 2026");
    tui.send(ENTER);
    tui.wait_for("Editions (4)");
    tui.send("c");
    tui.wait_for("● online ·");
    tui.send("\x11");
    tui.wait_for("Leave the check-in desk?");
    tui.send("\x11");
    tui.wait_for("Editions (4)");
    let before = tui.screen();
    // At once, a scan (as the issue saw it: re-sorting, the palette).
    tui.scanner(":sS/c\r");
    tui.wait_for("a scan arrived after the desk was left: nothing done");
    let after = tui.screen();
    assert!(!after.contains("Check-in ·"), "{after}");
    assert!(!after.contains("›:"), "no palette: {after}");
    let rows = |s: &str| -> Vec<String> {
        s.lines()
            .skip_while(|l| !l.starts_with("Editions"))
            .take(7)
            .map(str::to_string)
            .collect()
    };
    assert_eq!(rows(&before), rows(&after));
    tui.quit();
}

/// `boxoffice checkin` quits when the desk is left; a scan arriving as it
/// does is read by it, never by the shell.
#[test]
fn a_scan_as_the_desk_quits_never_reaches_the_shell() {
    let mut sh = Tui::spawn(
        "bash",
        &["--norc", "--noprofile", "-i"],
        &[("PS1", "shell$ ")],
        tempfile::tempdir().unwrap(),
    );
    sh.wait_for("shell$ ");
    let bin = env!("CARGO_BIN_EXE_boxoffice");
    sh.send(&format!(
        "BOXOFFICE_DEMO_NOW='2026-11-25 10:00:00' {bin} --demo checkin 1002; echo desk-ended{ENTER}"
    ));
    sh.wait_for("● online ·");
    sh.send("\x11");
    sh.wait_for("Leave the check-in desk?");
    // The chord and a scan right behind it, in one write: however late the
    // desk reads them, the scan's bytes are there when it quits.
    sh.send("\x11TK-000031\r");
    sh.wait_for("desk-ended");
    sh.send(&format!("echo shell-alive{ENTER}"));
    sh.wait_for("\nshell-alive\n");
    let screen = sh.screen();
    assert!(!screen.contains("command not found"), "{screen}");
    assert!(!screen.contains("TK-000031"), "{screen}");
    sh.send(&format!("exit{ENTER}"));
    assert!(sh.wait_exit().success());
}
