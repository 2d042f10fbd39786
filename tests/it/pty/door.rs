//! The door at a glance in the real binary (issue 28): `door watch` on a
//! wall and a desk's `F7`, both following the shared log.

use std::process::Command;

use super::{ESC, Tui};

/// Two machines on the tests' PostgreSQL: a desk (lane-1) and `door
/// watch`. The desk's scan changes the dashboard with no key pressed (the
/// dashboard's own follower: the log's hint, or a second); F7 at the desk
/// shows the same door, Esc goes back to the desk; leaving `door watch`
/// quits it.
#[test]
fn the_dashboard_follows_another_lane_with_no_key_pressed() {
    let server = super::postgres::server();
    let name = server.database();
    let url = server.url(&name);
    let init = Command::new(env!("CARGO_BIN_EXE_boxoffice"))
        .args(["desk-db", "init", "--desk-db", &url])
        .output()
        .unwrap();
    assert!(init.status.success(), "{init:?}");
    let env = [("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")];
    let mut wall = Tui::run(
        &["--demo", "--desk-db", &url, "door", "watch", "1002"],
        &env,
        tempfile::tempdir().unwrap(),
    );
    wall.wait_for("Door · Day 1");
    wall.wait_for("inside 0  admitted 0 of 49");
    let mut desk = Tui::run(
        &[
            "--demo",
            "--desk",
            "lane-1",
            "--desk-db",
            &url,
            "checkin",
            "1002",
        ],
        &env,
        tempfile::tempdir().unwrap(),
    );
    desk.wait_for("● online ·");
    desk.scanner("TK-000031\r");
    desk.wait_for_word("✔VALID✔");
    // No key at the wall.
    wall.wait_for("inside 1  admitted 1 of 49 (2.0 %)");
    wall.wait_for("to come 48");
    wall.wait_for("lane-1");
    // F7 at the desk: the same door; Esc: the desk again.
    desk.send("\x1b[18~");
    desk.wait_for("inside 1  admitted 1 of 49");
    desk.send(ESC);
    desk.wait_for("● online ·");
    desk.leave_desk();
    // Leaving the wall's dashboard quits.
    wall.send(ESC);
    assert!(wall.wait_exit().success());
}

/// `door watch` moves every lane's last-scan age with the clock's second,
/// not only when the minute changes: three different ages of one lane
/// are seen within a few seconds, with no key pressed.
#[test]
fn the_dashboards_ages_move_with_the_second() {
    let home = tempfile::tempdir().unwrap();
    let mut admit = Command::new(env!("CARGO_BIN_EXE_boxoffice"));
    admit
        .args([
            "--demo",
            "--desk",
            "gate-7",
            "admit",
            "TK-000031",
            "--event",
            "1002",
        ])
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home.path());
    for dir in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"] {
        admit.env(dir, home.path().join(dir.to_lowercase()));
    }
    let out = admit.output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let wall = Tui::run(&["--demo", "door", "watch", "1002"], &[], home);
    wall.wait_for("gate-7");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    let mut seen = std::collections::BTreeSet::new();
    while seen.len() < 3 {
        assert!(
            std::time::Instant::now() < deadline,
            "the age did not move: {seen:?}\n{}",
            wall.screen()
        );
        if let Some(line) = wall.screen().lines().find(|l| l.contains("gate-7")) {
            seen.insert(line.trim().to_string());
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
