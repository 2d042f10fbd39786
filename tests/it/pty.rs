//! The real binary in a pseudo-terminal: `boxoffice --demo` at 100×30, the
//! screen read back through a vt100 parser. Waits are for a condition on the
//! parsed screen under a generous deadline, never a sleep.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};

const DEADLINE: Duration = Duration::from_secs(20);
const ROWS: u16 = 30;
const COLS: u16 = 100;

/// A running `boxoffice` in a pseudo-terminal.
struct Tui {
    parser: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    home: tempfile::TempDir,
    /// When the last keys were sent: a person's next keys come later.
    sent: Instant,
    /// When a wait last saw what it waited for: a person scans after
    /// seeing the screen, however late the program drew it.
    shown: std::cell::Cell<Instant>,
}

/// How long a person takes between two keys at least (a scanner's burst
/// comes 50 ms apart at most: docs/desk.md).
const HUMAN: Duration = Duration::from_millis(120);

impl Tui {
    fn start(extra_env: &[(&str, &str)]) -> Self {
        Self::start_with(&[], extra_env)
    }

    /// `boxoffice --demo` with `args` after it.
    fn start_with(args: &[&str], extra_env: &[(&str, &str)]) -> Self {
        let mut all = vec!["--demo"];
        all.extend_from_slice(args);
        Self::run(&all, extra_env, tempfile::tempdir().unwrap())
    }

    /// `boxoffice <args>` with `extra_env`, its HOME and XDG directories in
    /// `home` (a second run may share the first's, to find its state).
    fn run(args: &[&str], extra_env: &[(&str, &str)], home: tempfile::TempDir) -> Self {
        Self::spawn(env!("CARGO_BIN_EXE_boxoffice"), args, extra_env, home)
    }

    /// `program <args>` in the pseudo-terminal, as [`Self::run`].
    fn spawn(
        program: &str,
        args: &[&str],
        extra_env: &[(&str, &str)],
        home: tempfile::TempDir,
    ) -> Self {
        let pty = native_pty_system();
        let pair = pty
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut cmd = CommandBuilder::new(program);
        cmd.args(args);
        cmd.env_clear();
        cmd.env("TERM", "xterm-256color");
        cmd.env("PATH", std::env::var("PATH").unwrap_or_default());
        cmd.env("HOME", home.path());
        for dir in [
            "XDG_CONFIG_HOME",
            "XDG_CACHE_HOME",
            "XDG_STATE_HOME",
            "XDG_DATA_HOME",
        ] {
            cmd.env(dir, home.path().join(dir.to_lowercase()));
        }
        cmd.env("RUST_BACKTRACE", "0");
        for (k, v) in extra_env {
            cmd.env(k, v);
        }
        cmd.cwd(home.path());
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let parser = Arc::new(Mutex::new(vt100::Parser::new(ROWS, COLS, 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let (p, r) = (Arc::clone(&parser), Arc::clone(&raw));
        // The master must stay open while the child runs: the thread owns it.
        let master = pair.master;
        thread::spawn(move || {
            let _master = master;
            let mut buf = [0u8; 8192];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        p.lock().unwrap().process(&buf[..n]);
                        r.lock().unwrap().extend_from_slice(&buf[..n]);
                    }
                }
            }
        });
        Self {
            parser,
            raw,
            writer,
            child,
            home,
            sent: Instant::now(),
            shown: std::cell::Cell::new(Instant::now()),
        }
    }

    /// The home (and XDG directories, lower-cased names) it runs in.
    fn home(&self) -> &std::path::Path {
        self.home.path()
    }

    fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Waits until the screen, spaces left out, shows `text` (a verdict is
    /// drawn letter-spaced when there is room).
    #[track_caller]
    fn wait_for_word(&self, text: &str) {
        let end = Instant::now() + DEADLINE;
        let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        let want = squeeze(text);
        while Instant::now() < end {
            if squeeze(&self.screen()).contains(&want) {
                self.shown.set(Instant::now());
                return;
            }
            thread::sleep(Duration::from_millis(25));
        }
        panic!(
            "{text:?} did not appear within {DEADLINE:?}; the screen:\n{}",
            self.screen()
        );
    }

    /// Ends the program with Ctrl-C; its HOME, for a next run.
    #[track_caller]
    fn quit(mut self) -> tempfile::TempDir {
        self.send("\x03");
        assert!(self.wait_exit().success());
        std::mem::replace(&mut self.home, tempfile::tempdir().unwrap())
    }

    /// Leaves a desk opened by `boxoffice checkin` (no --admin): the leave
    /// chord asks, the chord again leaves, and leaving quits; its HOME.
    #[track_caller]
    fn leave_desk(mut self) -> tempfile::TempDir {
        self.send("\x11");
        self.wait_for("Leave the check-in desk?");
        self.send("\x11");
        assert!(self.wait_exit().success());
        std::mem::replace(&mut self.home, tempfile::tempdir().unwrap())
    }

    /// Waits until the screen shows `text`; panics with the screen if not.
    #[track_caller]
    fn wait_for(&self, text: &str) {
        self.wait_for_within(text, DEADLINE);
    }

    /// Waits until the selected row (marked `›`) contains `text`.
    #[track_caller]
    fn wait_for_selected(&self, text: &str) {
        let end = Instant::now() + DEADLINE;
        while Instant::now() < end {
            if self
                .screen()
                .lines()
                .any(|l| l.starts_with('›') && l.contains(text))
            {
                self.shown.set(Instant::now());
                return;
            }
            thread::sleep(Duration::from_millis(25));
        }
        panic!(
            "no selected row with {text:?}; the screen:\n{}",
            self.screen()
        );
    }

    /// Waits until the screen shows one of `texts`; which. A read that
    /// failed for good (the list says "R retries") is read again with `R`.
    #[track_caller]
    fn wait_any(&mut self, texts: &[&str]) -> usize {
        let end = Instant::now() + DEADLINE;
        let mut retried = Instant::now();
        while Instant::now() < end {
            let screen = self.screen();
            if let Some(i) = texts.iter().position(|t| screen.contains(t)) {
                self.shown.set(Instant::now());
                return i;
            }
            if screen.contains("R retries") && retried.elapsed() > Duration::from_secs(1) {
                self.send("R");
                retried = Instant::now();
            }
            thread::sleep(Duration::from_millis(25));
        }
        panic!(
            "none of {texts:?} appeared within {DEADLINE:?}; the screen:\n{}",
            self.screen()
        );
    }

    /// The loop answers: `?` opens the help, `Esc` closes it.
    #[track_caller]
    fn answers(&mut self) {
        self.send("?");
        self.wait_for("Keys ·");
        self.escape_until_gone("Keys ·");
    }

    /// `Esc`, then waits until `text` is gone from the screen (a key sent
    /// right after an `Esc` would be read with it as Alt-key).
    #[track_caller]
    fn escape_until_gone(&mut self, text: &str) {
        self.send(ESC);
        let end = Instant::now() + DEADLINE;
        while self.screen().contains(text) {
            assert!(Instant::now() < end, "{text:?} stayed:\n{}", self.screen());
            thread::sleep(Duration::from_millis(25));
        }
    }

    /// Types `keys` as a barcode scanner does: 5 ms apart (the pauses are
    /// the input's timing, not a wait for the program).
    /// No sooner than [`HUMAN`] after the last keys and after the screen
    /// last showed what a wait looked for: on a loaded machine the program
    /// may read a key typed by hand late, and a scan right behind it would
    /// come within a burst's gap of it.
    fn scanner(&mut self, keys: &str) {
        let next = self.sent.max(self.shown.get()) + HUMAN;
        if Instant::now() < next {
            thread::sleep(next - Instant::now());
        }
        self.scanner_now(keys);
    }

    /// A scanner's keys right now, however soon after the last keys.
    fn scanner_now(&mut self, keys: &str) {
        for c in keys.chars() {
            self.write_now(c.encode_utf8(&mut [0; 4]));
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits until the screen shows `text`, within `within`.
    #[track_caller]
    fn wait_for_within(&self, text: &str, within: Duration) {
        let end = Instant::now() + within;
        while Instant::now() < end {
            if self.screen().contains(text) {
                self.shown.set(Instant::now());
                return;
            }
            thread::sleep(Duration::from_millis(25));
        }
        panic!(
            "{text:?} did not appear within {within:?}; the screen:\n{}",
            self.screen()
        );
    }

    /// Sends `keys` in one write, as a person pressing one key (or a
    /// terminal pasting) would, no sooner than [`HUMAN`] after the last.
    fn send(&mut self, keys: &str) {
        let next = self.sent + HUMAN;
        let now = Instant::now();
        if now < next {
            // A person's pace, not a wait for the program.
            thread::sleep(next - now);
        }
        self.write_now(keys);
    }

    /// Types `text` as a person would: its words as they come (a burst in
    /// a text field is typed), each Tab and Enter a key of its own.
    fn type_text(&mut self, text: &str) {
        let mut word = String::new();
        for c in text.chars() {
            if matches!(c, '\t' | '\r') {
                if !word.is_empty() {
                    self.send(&std::mem::take(&mut word));
                }
                self.send(c.encode_utf8(&mut [0; 4]));
            } else {
                word.push(c);
            }
        }
        if !word.is_empty() {
            self.send(&word);
        }
    }

    /// Types `text` a key at a time, at a person's pace.
    fn type_by_hand(&mut self, text: &str) {
        for c in text.chars() {
            self.send(c.encode_utf8(&mut [0; 4]));
        }
    }

    fn write_now(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        self.sent = Instant::now();
    }

    /// Waits for the process to end; its exit status.
    #[track_caller]
    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let end = Instant::now() + DEADLINE;
        while Instant::now() < end {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            thread::sleep(Duration::from_millis(25));
        }
        let _ = self.child.kill();
        panic!("the process did not exit; the screen:\n{}", self.screen());
    }

    /// Everything the process wrote, once its output has ended.
    fn raw_output(&self) -> String {
        let end = Instant::now() + DEADLINE;
        let mut last = usize::MAX;
        // The reader thread drains the last bytes after exit; wait until quiet.
        while Instant::now() < end {
            let n = self.raw.lock().unwrap().len();
            if n == last {
                break;
            }
            last = n;
            thread::sleep(Duration::from_millis(100));
        }
        String::from_utf8_lossy(&self.raw.lock().unwrap()).into_owned()
    }
}

impl Drop for Tui {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

const ENTER: &str = "\r";
const ESC: &str = "\x1b";

/// The check-in desk: a scanner's bursts, `admit` and the desk agreeing.
#[path = "pty/desk.rs"]
mod desk;

#[path = "pty/burst.rs"]
mod burst;

/// The door at a glance: `door watch` and a desk's F7.
#[path = "pty/door.rs"]
mod door;

/// A throwaway PostgreSQL of the tests' own (the door's shared desk log).
use crate::common::postgres;

#[test]
fn demo_walkthrough_revoke_enroll_and_quit() {
    // A pinned clock: the same editions are "available" whatever the time of day.
    let mut tui = Tui::start(&[("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")]);
    tui.wait_for("Rust Belt Conference 2026");
    tui.wait_for_selected("Rust Belt Conference 2026");
    tui.send(ENTER);
    tui.wait_for("Editions (");
    tui.send("t");
    tui.wait_for("Tickets ·");
    tui.wait_for("[1 all");

    // Filter by a name and revoke the ticket found.
    tui.send("/García");
    tui.wait_for("· Esc clears");
    tui.send("\t"); // Tab leaves the filter line keeping the query
    tui.send("2"); // the confirmed tab: a ticket that can be revoked
    tui.wait_for("[2 confirmed");
    tui.wait_for_selected("confirmed");
    tui.send("x");
    tui.wait_for("Revoke ticket?");
    tui.send("y");
    tui.wait_for("revoked: unenrolled");
    tui.send("1");
    tui.wait_for_selected("unenrolled");

    // Enroll a new person by e-mail and find the new ticket.
    tui.send(ESC); // clear the filter
    tui.wait_for("tickets  ");
    tui.send("e");
    tui.wait_for("Enroll by e-mail");
    tui.type_text("pty.tester@example.com\tPty\tTester\r");
    tui.wait_for("enrolled pty.tester@example.com");
    tui.send("/pty.tester");
    tui.wait_for_selected("pty.tester@example.com");
    tui.send(ENTER); // one Enter on the filter line opens the best match
    tui.wait_for("attendee  Pty Tester <pty.tester@example.com>");

    // Back to the root, one screen at a time, and out.
    for screen in ["[1 all", "Editions (", "[1 Events] 2 Customers"] {
        tui.send("q");
        tui.wait_for(screen);
    }
    tui.send("q");
    let status = tui.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    let out = tui.raw_output();
    let leave = out.rfind("\x1b[?1049l").expect("left the alternate screen");
    let tail = &out[leave..];
    assert!(
        tail.contains("\x1b[?25h"),
        "cursor shown after leaving: {tail:?}"
    );
    assert!(
        tail.trim_end_matches(['\r', '\n']).ends_with("\x1b[?25h"),
        "nothing drawn after the terminal was restored: {tail:?}"
    );
}

/// The support call: a customer found by e-mail with an order and a
/// ticket of theirs, enrolled in an event from their screen (the new ticket
/// listed under them), then a ticket opened by the number a guest reads out.
#[test]
fn demo_support_call_customer_enroll_and_ticket_by_number() {
    let mut tui = Tui::start(&[("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")]);
    tui.wait_for("[1 Events] 2 Customers");
    tui.type_text(":customer ana.garcia@example.com\r");
    tui.wait_for("Customer Ana García");
    tui.wait_for("#10001  2026-11-11"); // an order of hers
    tui.send("f"); // her tickets in the current and upcoming events
    tui.wait_for("searched ");
    tui.wait_for("TK-000031  2026-11-25  confirmed  Rust Belt Conference 2026 · Day 1");

    tui.send("n");
    tui.wait_for("Enroll in an event");
    tui.wait_for("Open Studio Day");
    tui.send("open studio");
    tui.wait_for("│› Open Studio Day");
    tui.send(ENTER);
    tui.wait_for("Enter enrolls in the event itself");
    tui.send(ENTER);
    tui.wait_for("(paid)?");
    tui.send("y");
    tui.wait_for("enrolled ana.garcia@example.com in Open Studio Day");
    let listed = |screen: &str| {
        screen
            .lines()
            .any(|l| l.contains("TK-") && l.contains("confirmed  Open Studio Day"))
    };
    let end = Instant::now() + DEADLINE;
    while !listed(&tui.screen()) && Instant::now() < end {
        thread::sleep(Duration::from_millis(25));
    }
    assert!(
        listed(&tui.screen()),
        "the new ticket is not listed:\n{}",
        tui.screen()
    );

    // A number no list holds: searched for in the events, then opened.
    tui.type_text(":ticket tk-000552\r");
    tui.wait_for("Ticket TK-000552");
    tui.wait_for("attendee  Amélie Cohen");
    tui.send("\x03");
    assert!(tui.wait_exit().success());
}

/// The desk as a scanner drives it: each scan a burst of characters and
/// Enter in one write.
#[test]
fn demo_checkin_desk_verdicts_from_a_scanner() {
    let mut tui = Tui::run(
        &["--demo", "checkin", "1002"],
        &[("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")],
        tempfile::tempdir().unwrap(),
    );
    tui.wait_for("Check-in");
    tui.wait_for("● online ·");
    tui.send("TK-000031\r");
    tui.wait_for_word("✔VALID✔");
    tui.wait_for("Ana García");
    tui.send("TK-000031\r");
    tui.wait_for_word("ALREADYADMITTED");
    tui.send("TK-000035\r"); // revoked
    tui.wait_for_word("NOTVALID");
    tui.wait_for("revoked (unenrolled)");
    tui.send("garbage123\r");
    tui.wait_for_word("UNKNOWN");
    tui.send("TK-000032\r");
    tui.wait_for_word("✔VALID✔");
    // Letters are text here: no form opens, nothing is enrolled or revoked.
    tui.send("eax?:q");
    tui.wait_for("scan › eax?:q");
    assert!(!tui.screen().contains("Enroll"), "{}", tui.screen());
    tui.leave_desk();
}

/// The desk in the locale's language (`LANG=es_ES.UTF-8`, `--demo` as any
/// run): the verdicts, what they mean and the leave question in Spanish.
#[test]
fn demo_checkin_desk_speaks_the_locales_language() {
    let mut tui = Tui::run(
        &["--demo", "checkin", "1002"],
        &[
            ("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00"),
            ("LANG", "es_ES.UTF-8"),
        ],
        tempfile::tempdir().unwrap(),
    );
    tui.wait_for("● en línea ·");
    tui.send("TK-000031\r");
    tui.wait_for_word("✔VÁLIDO✔");
    tui.wait_for("admitido: que pase");
    tui.send("TK-000031\r");
    tui.wait_for_word("YAADMITIDO");
    tui.send("\x11");
    tui.wait_for("¿Salir del puesto de control?");
    tui.send("\x11");
    assert!(tui.wait_exit().success());
}

/// A desk restarted with the network gone: verdicts from the offline list,
/// "offline" said, and the desk log remembers who came in before.
#[test]
fn a_desk_restarted_offline_gives_verdicts_from_its_offline_list_and_log() {
    let sandbox = Sandbox::start();
    let (url, key) = (sandbox.base_url.clone(), sandbox.api_key.clone());
    let env = [
        ("BOXOFFICE_BASE_URL", url.as_str()),
        ("BOXOFFICE_API_KEY", key.as_str()),
    ];
    let mut tui = Tui::run(&["checkin", "1002"], &env, tempfile::tempdir().unwrap());
    tui.wait_for("● online ·");
    tui.send("TK-000031\r");
    tui.wait_for_word("✔VALID✔");
    let home = tui.leave_desk();
    drop(sandbox);

    let mut tui = Tui::run(&["checkin", "1002"], &env, home);
    tui.wait_for("OFFLINE");
    tui.send("TK-000031\r");
    tui.wait_for_word("ALREADYADMITTED");
    tui.wait_for("Ana García");
    tui.send("TK-000032\r");
    tui.wait_for_word("✔VALID✔");
    tui.leave_desk();
}

/// `boxoffice sandbox` in its own process (the demo data), on a free
/// loopback port; killed when dropped.
struct Sandbox {
    child: std::process::Child,
    base_url: String,
    api_key: String,
}

impl Sandbox {
    fn start() -> Self {
        Self::start_with(&[])
    }

    /// With more arguments: its faults (`--latency 2000`, …).
    fn start_with(faults: &[&str]) -> Self {
        use std::io::BufRead;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_boxoffice"))
            .args(["sandbox", "--listen", "127.0.0.1:0"])
            .args(faults)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Every line is read to the end, by a thread of its own: a sandbox
        // whose stdout is closed dies on its next line.
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let _ = tx.send(line);
            }
        });
        let (mut base_url, mut api_key) = (String::new(), String::new());
        while let Ok(line) = rx.recv_timeout(DEADLINE) {
            if let Some(url) = line.strip_prefix("export BOXOFFICE_BASE_URL=") {
                base_url = url.trim().to_string();
            } else if let Some(key) = line.strip_prefix("export BOXOFFICE_API_KEY=") {
                api_key = key.trim().to_string();
            }
            if !base_url.is_empty() && !api_key.is_empty() {
                break;
            }
        }
        assert!(base_url.starts_with("http://127.0.0.1:"), "{base_url}");
        assert!(!api_key.is_empty());
        Self {
            child,
            base_url,
            api_key,
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_panic_restores_the_terminal_before_the_report() {
    let mut tui = Tui::start(&[("BOXOFFICE_TEST_PANIC", "1")]);
    let status = tui.wait_exit();
    assert!(!status.success(), "a panic must exit non-zero");
    let out = tui.raw_output();
    let leave = out
        .find("\x1b[?1049l")
        .unwrap_or_else(|| panic!("never left the alternate screen: {out:?}"));
    let report = out
        .find("BOXOFFICE_TEST_PANIC")
        .unwrap_or_else(|| panic!("no report: {out:?}"));
    assert!(
        leave < report,
        "the report came before the terminal was restored"
    );
    assert!(out[leave..].contains("\x1b[?25h"));
}

/// The demo keeps its desk log and offline lists under "demo" (its port
/// changes at every start), private; `--no-cache` keeps no lists.
#[test]
fn demo_opens_its_desk_log_and_cache_under_demo() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let mut tui = Tui::start_with(&["--desk", "door-1"], &[]);
    tui.wait_for("[1 Events] 2 Customers");
    let state = tui.home().join("xdg_state_home/boxoffice/demo");
    let cache = tui.home().join("xdg_cache_home/boxoffice/demo");
    assert_eq!(mode(&state.join("desk.sqlite")), 0o600);
    assert_eq!(mode(&cache.join("tickets.sqlite")), 0o600);
    assert_eq!((mode(&state), mode(&cache)), (0o700, 0o700));
    tui.send("q");
    assert!(tui.wait_exit().success());

    let mut tui = Tui::start_with(&["--no-cache"], &[]);
    tui.wait_for("[1 Events] 2 Customers");
    assert!(
        tui.home()
            .join("xdg_state_home/boxoffice/demo/desk.sqlite")
            .is_file()
    );
    assert!(!tui.home().join("xdg_cache_home/boxoffice").exists());
    tui.send("q");
    assert!(tui.wait_exit().success());
}

#[test]
fn ctrl_z_suspends_to_the_shell_and_fg_brings_the_app_back() {
    // An interactive shell that manages jobs, as a user's would.
    let mut sh = Tui::spawn(
        "bash",
        &["--norc", "--noprofile", "-i"],
        &[("PS1", "shell$ ")],
        tempfile::tempdir().unwrap(),
    );
    sh.wait_for("shell$ ");
    let bin = env!("CARGO_BIN_EXE_boxoffice");
    // Under a parent in the same job, as `cargo run` runs it: the parent
    // must stop too, or the shell would never get the terminal back.
    sh.send(&format!(
        "sh -c \"BOXOFFICE_DEMO_NOW='2026-11-25 10:00:00' {bin} --demo; echo app-ended\"{ENTER}"
    ));
    sh.wait_for_selected("Rust Belt Conference 2026");
    // A filter half typed: it must be there after fg.
    sh.send("/rust");
    sh.wait_for("/rust");
    sh.send("\x1a");
    // The shell's own screen again, the job stopped, its prompt answering.
    sh.wait_for("Stopped");
    assert!(
        !sh.screen().contains("Rust Belt Conference"),
        "{}",
        sh.screen()
    );
    sh.send(&format!("echo still-$((40+2)){ENTER}"));
    sh.wait_for("still-42");
    sh.send(&format!("fg{ENTER}"));
    sh.wait_for_selected("Rust Belt Conference 2026");
    sh.wait_for("/rust");
    // Keys are the app's again.
    sh.send(ESC);
    sh.send(ESC);
    sh.send("q");
    sh.wait_for("app-ended");
    sh.send(&format!("exit{ENTER}"));
    assert!(sh.wait_exit().success());
}

/// Two revokes of one ticket before the first is answered (a server that
/// takes 1 s a request: the read before the PUT and the PUT keep the first
/// in flight for 2 s): one PUT is sent, the row says so while it is in
/// flight, the second is refused, one success is told.
#[test]
fn a_second_revoke_in_flight_is_refused_and_one_put_is_sent() {
    let sandbox = Sandbox::start_with(&["--latency", "1000"]);
    let (url, key) = (sandbox.base_url.clone(), sandbox.api_key.clone());
    let env = [
        ("BOXOFFICE_BASE_URL", url.as_str()),
        ("BOXOFFICE_API_KEY", key.as_str()),
    ];
    let mut tui = Tui::run(&[], &env, tempfile::tempdir().unwrap());
    tui.wait_for("Rust Belt Conference 2026");
    // The edition of Conference Day 1, by its id, then its tickets.
    tui.type_text(&format!(":event 1002{ENTER}"));
    tui.wait_for_selected("Day 1");
    tui.send(ENTER);
    tui.wait_for("TK-000032");
    tui.type_text("/TK-000032\t");
    tui.wait_for_selected("TK-000032");
    tui.send("x");
    tui.wait_for("Revoke");
    tui.send("y");
    tui.wait_for("revoking…");
    // Again, at once: refused while the first is in flight.
    tui.send("x");
    tui.wait_for("is being revoked: wait for the answer");
    tui.send("y");
    tui.wait_for("TK-000032 revoked");
    tui.wait_for_selected("unenrolled");
    assert!(!tui.screen().contains("already"), "{}", tui.screen());
    let home = tui.quit();
    // The audit log holds every write sent: exactly one.
    let out = headless(home.path(), &env, &["audit", "--format", "json"]);
    let rows: serde_json::Value = serde_json::from_str(&out).unwrap();
    let revokes: Vec<_> = rows
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["operation"] == "revoke")
        .collect();
    assert_eq!(revokes.len(), 1, "{rows:#}");
    assert_eq!(revokes[0]["outcome"], "ok", "{rows:#}");
}

/// `boxoffice <args>` headless with the pty tests' HOME layout; its stdout.
fn headless(home: &std::path::Path, env: &[(&str, &str)], args: &[&str]) -> String {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_boxoffice"));
    cmd.args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home)
        .stdin(std::process::Stdio::null());
    for dir in [
        "XDG_CONFIG_HOME",
        "XDG_CACHE_HOME",
        "XDG_STATE_HOME",
        "XDG_DATA_HOME",
    ] {
        cmd.env(dir, home.join(dir.to_lowercase()));
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// A bounded walk through lists, filters, a revoke and an enroll against a
/// server that is slow, fails 30 % of answers, rate-limits, garbles and
/// drops some: the app never dies or hangs (every key answered), every
/// failure is shown, and what it finally shows of each write is what the
/// server holds.
#[test]
fn soak_a_faulty_server_through_lists_filters_a_revoke_and_an_enroll() {
    use boxoffice::api::{ApiKey, Client, ClientConfig};
    use boxoffice::sandbox::{self, Faults, SandboxConfig};
    let rt = tokio::runtime::Runtime::new().unwrap();
    let faults = Faults {
        latency_ms: 300,
        jitter_ms: 200,
        fail_rate: 0.3,
        rate_limit: Some(5),
        malformed_rate: 0.05,
        reset_rate: 0.05,
        from_first_write: false,
    };
    let sb = rt
        .block_on(sandbox::spawn(SandboxConfig {
            faults,
            seed: 11,
            ..SandboxConfig::default()
        }))
        .unwrap();
    let (url, key) = (sb.base_url().to_string(), sb.api_key().to_string());
    let env = [
        ("BOXOFFICE_BASE_URL", url.as_str()),
        ("BOXOFFICE_API_KEY", key.as_str()),
    ];
    let mut tui = Tui::run(&[], &env, tempfile::tempdir().unwrap());
    tui.wait_any(&["Rust Belt Conference 2026"]);
    tui.answers();
    tui.send("/conf");
    tui.wait_for("/conf");
    tui.escape_until_gone("/conf");
    tui.answers();
    // Customers, filtered.
    tui.send("2");
    tui.wait_any(&["ana.garcia@example.com"]);
    tui.send("/garcia");
    tui.wait_for("/garcia");
    tui.escape_until_gone("/garcia");
    tui.answers();
    // The tickets of Conference Day 1.
    tui.send("1");
    tui.wait_any(&["Rust Belt Conference 2026"]);
    tui.type_text(&format!(":event 1002{ENTER}"));
    tui.wait_any(&["Editions ("]);
    tui.wait_for_selected("Day 1");
    tui.send(ENTER);
    tui.wait_any(&["TK-000032"]);
    tui.answers();
    tui.type_text("/TK-000032\t");
    tui.wait_for_selected("TK-000032");
    // The revoke: told, one way or the other, then settled.
    tui.send("x");
    tui.wait_for("Revoke");
    tui.send("y");
    tui.wait_any(&["revoked: unenrolled", "revoke of TK-000032"]);
    let end = Instant::now() + DEADLINE;
    while tui.screen().contains("revoking…") || tui.screen().contains("outcome unknown") {
        assert!(Instant::now() < end, "never settled:\n{}", tui.screen());
        thread::sleep(Duration::from_millis(50));
    }
    tui.answers();
    let shown_status = |tui: &Tui| {
        let screen = tui.screen();
        let row = screen
            .lines()
            .find(|l| l.starts_with('›') && l.contains("TK-000032"))
            .unwrap_or_else(|| panic!("no TK-000032 row:\n{screen}"))
            .to_string();
        if row.contains("unenrolled") {
            "unenrolled"
        } else {
            "confirmed"
        }
    };
    let revoke_shown = shown_status(&tui);
    // The enroll of a walk-in.
    tui.escape_until_gone("/TK-000032");
    tui.send("e");
    tui.wait_for("Enroll by e-mail");
    tui.type_text("soak.walkin@example.com\tSoak\tWalkin\r");
    tui.wait_any(&["⟳ sending…", "enrolled soak.walkin"]);
    let end = Instant::now() + DEADLINE;
    while tui.screen().contains("⟳ sending…") {
        assert!(Instant::now() < end, "never answered:\n{}", tui.screen());
        thread::sleep(Duration::from_millis(25));
    }
    // Sent: the form closed with a toast, or stayed with what was typed and why.
    let failed = tui.screen().contains("Enroll by e-mail");
    let unclear = failed && tui.screen().contains("outcome unknown");
    if failed {
        let screen = tui.screen();
        assert!(screen.contains("soak.walkin@example.com"), "{screen}");
        assert!(screen.contains("✗ "), "a failure not told:\n{screen}");
        tui.escape_until_gone("Enroll by e-mail");
    }
    tui.answers();
    tui.type_text("/soak.walkin\t");
    // What the list shows of the walk-in once it has settled.
    let end = Instant::now() + DEADLINE;
    while tui.screen().contains("loading") || tui.screen().contains("⟳") {
        assert!(Instant::now() < end, "never settled:\n{}", tui.screen());
        thread::sleep(Duration::from_millis(50));
    }
    let enrolled_shown = tui.screen().contains("soak.walkin@example.com");
    tui.send("\x03");
    assert!(tui.wait_exit().success(), "{}", tui.screen());

    // The truth, read without faults.
    sb.set_faults(Faults::default());
    let client = Client::new(ClientConfig::new(url.clone(), ApiKey::new(&key))).unwrap();
    let truth = rt.block_on(async {
        let mut tickets = Vec::new();
        let mut page = 1;
        loop {
            let p = client.tickets(1002, page, 100).await.unwrap();
            let done = p.items.is_empty() || p.info.is_none_or(|i| i.next.is_none());
            tickets.extend(p.items);
            if done {
                break;
            }
            page += 1;
        }
        tickets
    });
    let t32 = truth
        .iter()
        .find(|t| t.number.as_deref() == Some("TK-000032"))
        .unwrap();
    assert_eq!(
        Some(revoke_shown),
        t32.status.as_deref(),
        "the revoke shown is not the server's"
    );
    let walkin = truth.iter().any(|t| {
        t.attendee
            .as_ref()
            .and_then(|a| a.email.as_deref())
            .is_some_and(|e| e == "soak.walkin@example.com")
    });
    if !failed {
        assert!(walkin, "told enrolled, but the server has no such ticket");
    } else if !unclear {
        assert!(!walkin, "told it failed, but the server enrolled it");
    }
    if unclear || !failed {
        assert_eq!(
            enrolled_shown, walkin,
            "the list shown after the enroll is not the server's"
        );
    }
}

/// config.toml's `[keys.global] help = "F1"` reaches `--demo`: F1 opens
/// help, `?` does not (sent first, it would have opened help for F1 to
/// close), and the status bar says F1. A clash in the file stops the start
/// with exit 2, naming the file and the line.
#[test]
fn demo_takes_its_keys_from_the_config_file() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("xdg_config_home/boxoffice");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("config.toml"),
        "theme = \"high-contrast\"\n\n[keys.global]\nhelp = \"F1\"\n",
    )
    .unwrap();
    let mut tui = Tui::run(&["--demo"], &[], home);
    tui.wait_for("[1 Events] 2 Customers");
    tui.wait_for("F1 help");
    tui.send("?");
    tui.send("\x1bOP");
    tui.wait_for("Keys · Events");
    assert!(
        tui.screen()
            .lines()
            .any(|l| l.contains("F1") && l.contains("help")),
        "{}",
        tui.screen()
    );
    tui.send("q");
    tui.send("q");
    assert!(tui.wait_exit().success());

    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("xdg_config_home/boxoffice");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.toml"), "[keys.tickets]\nrevoke = \"e\"\n").unwrap();
    let mut tui = Tui::run(&["--demo"], &[], home);
    let status = tui.wait_exit();
    assert_eq!(status.exit_code(), 2);
    let out = tui.raw_output();
    assert!(
        out.contains("config.toml:2: e on the tickets screen is bound to both revoke and enroll"),
        "{out}"
    );
}

/// `config pin` at a terminal: the PIN is not shown as it is typed (echo
/// off, the newline still shown), only its hash is printed.
#[test]
fn config_pin_does_not_show_the_pin_as_it_is_typed() {
    let mut tui = Tui::run(&["config", "pin"], &[], tempfile::tempdir().unwrap());
    tui.wait_for("not shown as typed");
    tui.send("4321\r");
    tui.wait_for("pin_hash = \"");
    assert!(tui.wait_exit().success());
    let screen = tui.screen();
    assert!(!screen.contains("4321"), "{screen}");
}

/// A door rehearsed on an export (`--demo-from FILE checkin EDITION`, as
/// docs/sandbox.md says): the file written by `--demo export`, the desk
/// opened on one of its editions judges its tickets, and keeps its desk
/// log apart from the demo's (`demo-from-<file>`).
#[test]
fn a_door_rehearsed_on_an_export() {
    let home = tempfile::tempdir().unwrap();
    let now = [("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")];
    let file = home.path().join("business.json");
    let path = file.to_str().unwrap();
    headless(home.path(), &now, &["--demo", "export", "-o", path]);
    let mut tui = Tui::run(&["--demo-from", path, "checkin", "1002"], &now, home);
    tui.wait_for("Check-in");
    tui.wait_for("● online ·");
    tui.wait_for("business.json (sandbox)");
    tui.send("TK-000031\r");
    tui.wait_for_word("✔VALID✔");
    tui.wait_for("Ana García");
    tui.send("TK-000031\r");
    tui.wait_for_word("ALREADYADMITTED");
    let state = tui.home().join("xdg_state_home/boxoffice");
    assert!(state.join("demo-from-business/desk.sqlite").is_file());
    assert!(!state.join("demo").exists());
    tui.leave_desk();
}
