//! `boxoffice lane` and `admit` on the tests' PostgreSQL, in the real
//! binary against the demo: one connection for a whole run, a queue kept
//! on EOF and sent only into the log it was made for (never by a read
//! command, marked sent once it is), the lanes' heartbeats and last scans
//! as `door stats` reads them, and `"shared"` for an exit and a re-entry.

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Stdio};

use boxoffice::store::{SqliteDeskLog, paths};
use serde_json::Value;

use super::{count, fresh, server};

/// `boxoffice --demo --desk <lane> <args> --desk-db url` in `home` (no
/// `--desk` when `lane` is empty: a read command): exit code, stdout,
/// stderr.
fn run(home: &Path, lane: &str, url: &str, args: &[&str]) -> (i32, String, String) {
    let desk = if lane.is_empty() {
        vec![]
    } else {
        vec!["--desk", lane]
    };
    let out = super::common::binary::boxoffice(home)
        .arg("--demo")
        .args(desk)
        .args(args)
        .args(["--desk-db", url])
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

/// A running `lane --event 1002` in `home`, its stdin and stdout held.
pub(super) struct Running {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Running {
    pub(super) fn start(home: &Path, lane: &str, url: &str) -> Self {
        let mut child = super::common::binary::boxoffice(home)
            .args(["--demo", "--desk", lane, "lane", "--event", "1002"])
            .args(["--desk-db", url])
            .env("XDG_STATE_HOME", home.join("state"))
            .env("XDG_CACHE_HOME", home.join("cache"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let input = child.stdin.take();
        let output = BufReader::new(child.stdout.take().unwrap());
        Self {
            child,
            input,
            output,
        }
    }

    /// One scan, and its verdict's line.
    pub(super) fn scan(&mut self, scanned: &str) -> Value {
        let input = self.input.as_mut().unwrap();
        writeln!(input, "{scanned}").unwrap();
        input.flush().unwrap();
        let mut line = String::new();
        self.output.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    }

    /// EOF: the lane ends; its exit code.
    pub(super) fn end(mut self) -> i32 {
        drop(self.input.take());
        self.child.wait().unwrap().code().unwrap()
    }
}

/// The demo's confirmed tickets of Day 1 (edition 1002), by number.
pub(super) fn confirmed(home: &Path) -> Vec<String> {
    let out = super::common::binary::boxoffice(home)
        .args(["--demo", "tickets", "1002", "--all", "--format", "json"])
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let all: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    all.iter()
        .filter(|t| t["status"] == "confirmed")
        .map(|t| t["number"].as_str().unwrap().to_owned())
        .collect()
}

/// The admissions queued on the machine of `home` (every log's).
pub(super) fn queued(home: &Path) -> usize {
    let state = home.join("state");
    let env = |k: &str| (k == "XDG_STATE_HOME").then(|| state.display().to_string());
    let dir = paths::state_dir(&env, "demo").unwrap();
    SqliteDeskLog::open(&dir).unwrap().queued_count().unwrap()
}

/// Makes database `name` refuse connections and cuts those it has (as a
/// database server gone, for that database only), or takes them again.
fn cut(name: &str, cut: bool) {
    server().psql(
        "postgres",
        &format!("ALTER DATABASE {name} ALLOW_CONNECTIONS {}", !cut),
    );
    if cut {
        server().psql(
            "postgres",
            &format!(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity \
                 WHERE datname = '{name}'"
            ),
        );
    }
}

/// The connections the server's log says were made to database `name`
/// since byte `from` of the log.
fn connections(name: &str, from: usize) -> Vec<String> {
    let log = std::fs::read_to_string(server().dir().join("log")).unwrap();
    log[from.min(log.len())..]
        .lines()
        .filter(|l| l.contains("connection authorized") && l.contains(&format!("database={name} ")))
        .map(str::to_owned)
        .collect()
}

/// The server logs every connection from now on (new sessions read the
/// setting once the server has reloaded: one is asked until it says so).
fn log_connections() {
    server().psql("postgres", "ALTER SYSTEM SET log_connections = on");
    server().psql("postgres", "SELECT pg_reload_conf()");
    for _ in 0..1000 {
        if server().psql("postgres", "SHOW log_connections") == "on" {
            return;
        }
    }
    panic!("log_connections stayed off");
}

/// A headless lane holds one connection to PostgreSQL for the whole run:
/// 1,000 scans, 1,000 verdicts, one connection in the server's log (no
/// pool of two, no listener). It beats and says its last scan while it
/// runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_scans_one_connection() {
    let (name, _) = fresh().await;
    let url = server().url(&name);
    let home = tempfile::tempdir().unwrap();
    let tickets = confirmed(home.path());
    let input: String = (0..1000)
        .map(|i| match i % 10 {
            // Some not tickets at all.
            9 => format!("zz{i}\n"),
            _ => format!("{}\n", tickets[i % tickets.len()]),
        })
        .collect();
    log_connections();
    let from = std::fs::metadata(server().dir().join("log"))
        .map_or(0, |m| usize::try_from(m.len()).unwrap());
    let mut child = super::common::binary::boxoffice(home.path())
        .args(["--demo", "--desk", "gate-1", "lane", "--event", "1002"])
        .args(["--desk-db", &url])
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env("XDG_CACHE_HOME", home.path().join("cache"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(lines.len(), 1000, "{err}");
    // Each confirmed ticket VALID once (each is scanned, not only as the
    // tenth line).
    let valid = lines.iter().filter(|v| v["verdict"] == "VALID").count();
    assert_eq!(valid, tickets.len(), "{err}");
    assert!(
        lines
            .iter()
            .all(|v| v["verdict"] != "VALID" || v["shared"] == true)
    );
    let made = connections(&name, from);
    assert_eq!(made.len(), 1, "{made:#?}");
    assert!(
        made[0].contains("application_name=boxoffice lane gate-1"),
        "{made:?}"
    );
    // It beat, and said its last scan.
    let seen = server().psql(
        &name,
        "SELECT lane, seen_at IS NOT NULL, scanned_at IS NOT NULL FROM desk_lanes",
    );
    assert_eq!(seen, "gate-1|t|t");
}

/// EOF while the shared log is gone and scans are queued: the queue is
/// kept on this machine, bound to the log it was made for. A lane or
/// `desk sync` of another log never sends it there; a read command
/// (`door show`, `door stats`) never sends it; `desk sync` of its own log
/// sends it once and marks it sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queue_is_kept_at_eof_and_sent_only_into_its_own_log() {
    let (a, _) = fresh().await;
    let (b, _) = fresh().await;
    let (url_a, url_b) = (server().url(&a), server().url(&b));
    let home = tempfile::tempdir().unwrap();
    let tickets = confirmed(home.path());
    let mut lane = Running::start(home.path(), "gate-1", &url_a);
    let said = lane.scan(&tickets[0]);
    assert_eq!(
        (&said["verdict"], &said["shared"]),
        (&"VALID".into(), &true.into())
    );
    cut(&a, true);
    for t in &tickets[1..3] {
        let said = lane.scan(t);
        assert_eq!(said["verdict"], "VALID", "{said}");
        assert_eq!(said["shared"], false, "{said}");
    }
    assert_eq!(lane.end(), 0);
    assert_eq!(queued(home.path()), 2);
    // Log B, reachable: nothing of A's queue goes there, by `desk sync` or
    // by a lane of B.
    let (code, out, err) = run(home.path(), "gate-1", &url_b, &["desk", "sync"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("nothing queued for this log"), "{out}");
    assert!(
        out.contains("2 admissions queued on this machine for another log"),
        "{out}"
    );
    let mut lane = Running::start(home.path(), "gate-1", &url_b);
    let said = lane.scan(&tickets[3]);
    assert_eq!(
        (&said["verdict"], &said["shared"]),
        (&"VALID".into(), &true.into())
    );
    assert_eq!(lane.end(), 0);
    assert_eq!(count(&b, "SELECT COUNT(*) FROM desk_admissions"), 1);
    // A back: read commands leave the queue where it is.
    cut(&a, false);
    let (code, out, err) = run(home.path(), "", &url_a, &["door", "show", "1002"]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(
        home.path(),
        "",
        &url_a,
        &["door", "stats", "1002", "--format", "json"],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(count(&a, "SELECT COUNT(*) FROM desk_admissions"), 1);
    assert_eq!(queued(home.path()), 2);
    let (_, out, _) = run(home.path(), "", &url_a, &["doctor"]);
    assert!(
        out.contains(&format!(
            "2 admissions queued on this machine for the shared log (2 for {url_a})"
        )),
        "{out}"
    );
    // Its own log's `desk sync` sends it, once.
    let (code, out, err) = run(home.path(), "gate-1", &url_a, &["desk", "sync"]);
    assert_eq!((code, out.trim()), (0, "2 sent, nothing queued"), "{err}");
    assert_eq!(count(&a, "SELECT COUNT(*) FROM desk_admissions"), 3);
    assert_eq!(queued(home.path()), 0);
    let (code, out, err) = run(home.path(), "gate-1", &url_a, &["desk", "sync"]);
    assert_eq!(
        (code, out.trim()),
        (0, "nothing queued for this log"),
        "{err}"
    );
    assert_eq!(count(&b, "SELECT COUNT(*) FROM desk_admissions"), 1);
    let (_, out, _) = run(home.path(), "", &url_a, &["doctor"]);
    assert!(out.contains("no admission queued on this machine"), "{out}");
}

/// EOF with a queue: the next run of the lane on that log sends it (before
/// it records its own first scan).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_next_lane_on_its_log_sends_the_queue_kept_at_eof() {
    let (a, _) = fresh().await;
    let url = server().url(&a);
    let home = tempfile::tempdir().unwrap();
    let tickets = confirmed(home.path());
    let mut lane = Running::start(home.path(), "gate-1", &url);
    assert_eq!(lane.scan(&tickets[0])["shared"], true);
    cut(&a, true);
    assert_eq!(lane.scan(&tickets[1])["shared"], false);
    assert_eq!(lane.end(), 0);
    assert_eq!(queued(home.path()), 1);
    cut(&a, false);
    let mut lane = Running::start(home.path(), "gate-1", &url);
    assert_eq!(lane.scan(&tickets[2])["shared"], true);
    assert_eq!(lane.end(), 0);
    assert_eq!(count(&a, "SELECT COUNT(*) FROM desk_admissions"), 3);
    assert_eq!(queued(home.path()), 0);
}

/// A queue is bound to its log's identity, not its address: a database
/// made again at the same address is another log, and is not sent a queue
/// made for the one before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_made_again_at_the_same_address_is_not_sent_the_old_queue() {
    let (a, _) = fresh().await;
    let url = server().url(&a);
    let home = tempfile::tempdir().unwrap();
    let tickets = confirmed(home.path());
    let mut lane = Running::start(home.path(), "gate-1", &url);
    assert_eq!(lane.scan(&tickets[0])["shared"], true);
    cut(&a, true);
    assert_eq!(lane.scan(&tickets[1])["shared"], false);
    assert_eq!(lane.end(), 0);
    server().psql("postgres", &format!("DROP DATABASE {a} WITH (FORCE)"));
    server().psql("postgres", &format!("CREATE DATABASE {a}"));
    let db = boxoffice::store::DeskDb::parse(&url).unwrap();
    boxoffice::store::pg::init(&db).await.unwrap();
    let (code, out, err) = run(home.path(), "gate-1", &url, &["desk", "sync"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("nothing queued for this log"), "{out}");
    assert_eq!(count(&a, "SELECT COUNT(*) FROM desk_admissions"), 0);
    assert_eq!(queued(home.path()), 1);
}

/// `door stats` shows a one-shot `admit` by its last scan, never offline
/// for a heartbeat it does not send; a refused re-scan is a scan.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn door_stats_shows_a_one_shot_lane_by_its_last_scan() {
    let (name, _) = fresh().await;
    let url = server().url(&name);
    let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let ticket = &confirmed(one.path())[0];
    let admit = ["admit", ticket.as_str(), "--event", "1002"];
    let (code, out, err) = run(one.path(), "gate-1", &url, &admit);
    assert_eq!(code, 0, "{out}{err}");
    // Another machine scans it again: refused, and a scan all the same.
    let (code, out, err) = run(two.path(), "gate-2", &url, &admit);
    assert_eq!(code, 10, "{out}{err}");
    let rows = server().psql(
        &name,
        "SELECT lane, seen_at IS NULL, scanned_at FROM desk_lanes ORDER BY lane",
    );
    let rows: Vec<Vec<&str>> = rows.lines().map(|l| l.split('|').collect()).collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    // No heartbeat from a one-shot lane.
    assert!(rows.iter().all(|r| r[1] == "t"), "{rows:?}");
    let scanned = |i: usize| boxoffice::door::epoch_seconds(rows[i][2]).unwrap();
    let at = scanned(1) + 20;
    let at_text = boxoffice::door::stats::time_text(at);
    let (code, out, err) = run(
        one.path(),
        "",
        &url,
        &[
            "door", "stats", "1002", "--format", "json", "--at", &at_text,
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let lane = |n: &str| {
        v["lanes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["lane"] == n)
            .cloned()
            .unwrap_or_else(|| panic!("{n} in {v:#}"))
    };
    let (g1, g2) = (lane("gate-1"), lane("gate-2"));
    assert_eq!(g2["admissions"], 0);
    assert_eq!(
        (&g2["last_scan_age"], &g2["state"]),
        (&20.into(), &"scanning".into())
    );
    assert_eq!(g1["last_scan_age"], at - scanned(0));
    assert_eq!(g1["state"], "scanning");
}

/// `"shared": true` for an EXIT and a WELCOME BACK the shared log recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exit_and_a_reentry_recorded_in_the_shared_log_say_shared() {
    let (name, _) = fresh().await;
    let url = server().url(&name);
    let home = tempfile::tempdir().unwrap();
    let ticket = &confirmed(home.path())[0];
    let (code, _, err) = run(
        home.path(),
        "",
        &url,
        &["door", "set", "1002", "--reentry", "on"],
    );
    assert_eq!(code, 0, "{err}");
    let json = |args: &[&str]| -> Value {
        let mut all = vec![
            "admit",
            ticket.as_str(),
            "--event",
            "1002",
            "--format",
            "json",
        ];
        all.extend_from_slice(args);
        let (code, out, err) = run(home.path(), "gate-1", &url, &all);
        assert_eq!(code, 0, "{out}{err}");
        serde_json::from_str(&out).unwrap()
    };
    for (args, verdict) in [
        (&[][..], "VALID"),
        (&["--exit"][..], "EXIT"),
        (&[][..], "WELCOME BACK"),
    ] {
        let said = json(args);
        assert_eq!(said["verdict"], verdict, "{said}");
        assert_eq!(said["shared"], true, "{said}");
    }
}
