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
