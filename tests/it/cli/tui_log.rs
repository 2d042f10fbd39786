//! `RUST_LOG` while the TUI runs: the log goes to the state directory's
//! `boxoffice.log`, never to the terminal. The real binary in a
//! pseudo-terminal (`--demo`); waits are for a condition under a deadline.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const DEADLINE: Duration = Duration::from_secs(20);

/// Polls `done` until it holds or the deadline passes.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let end = Instant::now() + DEADLINE;
    while Instant::now() < end {
        if done() {
            return;
        }
        thread::sleep(Duration::from_millis(25));
    }
    panic!("{what} did not happen within {DEADLINE:?}");
}

#[test]
fn rust_log_in_the_tui_goes_to_the_state_dir_not_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let state = home.path().join("state");
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 30,
            cols: 100,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_boxoffice"));
    cmd.arg("--demo");
    cmd.env_clear();
    cmd.env("TERM", "xterm-256color");
    cmd.env("PATH", std::env::var("PATH").unwrap_or_default());
    cmd.env("HOME", home.path());
    cmd.env("XDG_CONFIG_HOME", home.path().join("config"));
    cmd.env("XDG_CACHE_HOME", home.path().join("cache"));
    cmd.env("XDG_STATE_HOME", &state);
    cmd.env("RUST_LOG", "boxoffice=info");
    cmd.cwd(home.path());
    let mut child = pair.slave.spawn_command(cmd).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let mut writer = pair.master.take_writer().unwrap();
    let raw = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&raw);
    let master = pair.master;
    thread::spawn(move || {
        let _master = master;
        let mut buf = [0u8; 8192];
        while let Ok(n @ 1..) = reader.read(&mut buf) {
            seen.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });

    let log = state.join("boxoffice").join("boxoffice.log");
    let logged = || std::fs::read_to_string(&log).unwrap_or_default();
    wait_until("the events request in the log", || {
        logged().contains("path=/events")
    });
    writer.write_all(b"\x03").unwrap();
    writer.flush().unwrap();
    assert!(child.wait().unwrap().success());

    let line = logged()
        .lines()
        .find(|l| l.contains("path=/events"))
        .unwrap()
        .to_owned();
    assert!(line.contains("status=200"), "{line}");
    let terminal = String::from_utf8_lossy(&raw.lock().unwrap()).into_owned();
    for word in ["answered", "INFO", "path=/events"] {
        assert!(!terminal.contains(word), "{word} reached the terminal");
    }
}
