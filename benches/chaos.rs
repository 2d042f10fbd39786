//! Lanes through outages, as a door script runs them: `cargo bench --bench
//! chaos`.
//!
//! `CHAOS_LANES` lanes (default 4), each its own home (its own desk log,
//! mirror and queue), scan tickets of the demo's event 1002 at random, each
//! scan a new `boxoffice --demo admit` process on the release binary, for
//! `CHAOS_SECONDS` (default 60) against a PostgreSQL of the bench's own. A
//! conductor stops the server four times (5–10 s each) and hangs its
//! postmaster once (SIGSTOP, 5 s). Then the log comes back, `desk sync`
//! runs at every lane, and the bench checks and prints:
//!
//! - no lane left anything queued (`desk sync` exit 0 at each);
//! - no lost admission: every ticket a lane said VALID for is admitted in
//!   the log, by that lane or with that lane's admission a conflict;
//! - one admission per ticket, and every ticket admitted at two lanes in
//!   `desk conflicts`;
//! - during an outage, no VALID for a ticket whose admission the lane had
//!   already read (another lane's VALID recorded in the log before that
//!   lane's last scan the log answered);
//! - how long each scan took (the whole process), with the log up, down and
//!   hung.
//!
//! Figures and checks, printed; a broken check exits 1. docs/lanes.md has
//! the figures.

#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss
)]

#[path = "../tests/it/common/postgres.rs"]
#[allow(dead_code)]
mod postgres;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The log's state while a scan ran (the conductor's word).
const UP: u8 = 0;
const DOWN: u8 = 1;
const HUNG: u8 = 2;

/// One scan as the bench saw it.
#[derive(Debug, Clone)]
struct Scan {
    lane: usize,
    number: String,
    started: Instant,
    ended: Instant,
    /// The log's state when it started and when it ended.
    state: (u8, u8),
    code: i32,
    /// Recorded in the shared log (`"shared": true`), judged offline.
    shared: bool,
    offline: bool,
    winner: Option<String>,
}

fn env_or(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn boxoffice(home: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boxoffice"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home)
        .stdin(std::process::Stdio::null());
    command
}

/// A tiny random source (xorshift), seeded per lane.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let lanes = env_or("CHAOS_LANES", 4) as usize;
    let seconds = env_or("CHAOS_SECONDS", 60);
    let tickets = env_or("CHAOS_TICKETS", 40);
    let server = Arc::new(postgres::Server::start(true));
    let name = server.database();
    let url = server.url(&name);
    let homes: Vec<tempfile::TempDir> = (0..lanes).map(|_| tempfile::tempdir().unwrap()).collect();
    let init = boxoffice(homes[0].path())
        .args(["desk-db", "init", "--desk-db", &url])
        .output()
        .unwrap();
    assert!(init.status.success(), "{init:?}");
    let state = Arc::new(AtomicU8::new(UP));
    let scans: Arc<Mutex<Vec<Scan>>> = Arc::default();
    let start = Instant::now();
    let end = start + Duration::from_secs(seconds);
    eprintln!("chaos: {lanes} lanes, {seconds} s, {tickets} tickets, four outages and a hang");

    // The conductor: outages at 1/6, 2/6, 3/6 and 5/6 of the run, a hang at
    // 4/6 (5 s each, the outages 5 to 10 s).
    let conductor = {
        let (server, state) = (server.clone(), state.clone());
        std::thread::spawn(move || {
            let at = |sixth: u64| start + Duration::from_secs(seconds * sixth / 6);
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
            for sixth in 1..6 {
                let when = at(sixth);
                std::thread::sleep(when.saturating_duration_since(Instant::now()));
                if sixth == 4 {
                    let pidfile =
                        std::fs::read_to_string(server.dir().join("data/postmaster.pid")).unwrap();
                    let pid = pidfile.lines().next().unwrap().trim().to_owned();
                    state.store(HUNG, Ordering::SeqCst);
                    Command::new("kill").args(["-STOP", &pid]).status().unwrap();
                    std::thread::sleep(Duration::from_secs(5));
                    Command::new("kill").args(["-CONT", &pid]).status().unwrap();
                    state.store(UP, Ordering::SeqCst);
                } else {
                    let down = Duration::from_millis(5_000 + rng.next() % 5_000);
                    state.store(DOWN, Ordering::SeqCst);
                    server.stop();
                    std::thread::sleep(down);
                    server.start_again();
                    state.store(UP, Ordering::SeqCst);
                }
            }
        })
    };

    let workers: Vec<_> = (0..lanes)
        .map(|lane| {
            let (home, url) = (homes[lane].path().to_owned(), url.clone());
            let (state, scans) = (state.clone(), scans.clone());
            std::thread::spawn(move || {
                let mut rng = Rng(0x2545_f491_4f6c_dd1d ^ ((lane as u64 + 1) * 0x9e37));
                let name = format!("lane-{}", lane + 1);
                while Instant::now() < end {
                    // The event 1002 tickets of the demo start at TK-000031.
                    let number = format!("TK-{:06}", 31 + rng.next() % tickets);
                    let before = state.load(Ordering::SeqCst);
                    let started = Instant::now();
                    let out = boxoffice(&home)
                        .args([
                            "--demo",
                            "admit",
                            &number,
                            "--event",
                            "1002",
                            "--desk",
                            &name,
                            "--desk-db",
                            &url,
                            "--format",
                            "json",
                        ])
                        .output()
                        .unwrap();
                    let ended = Instant::now();
                    let said: serde_json::Value =
                        serde_json::from_slice(&out.stdout).unwrap_or_default();
                    scans.lock().unwrap().push(Scan {
                        lane,
                        number,
                        started,
                        ended,
                        state: (before, state.load(Ordering::SeqCst)),
                        code: out.status.code().unwrap_or(-1),
                        shared: said["shared"] == true,
                        offline: !said["offline"].is_null(),
                        winner: said["admission"]["desk"].as_str().map(str::to_owned),
                    });
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    conductor.join().unwrap();
    let scans = std::mem::take(&mut *scans.lock().unwrap());
    let mut broken = Vec::new();

    // The log back: desk sync at every lane.
    let mut syncs = Vec::new();
    for (lane, home) in homes.iter().enumerate() {
        let started = Instant::now();
        let out = boxoffice(home.path())
            .args(["--demo", "desk", "sync", "--desk-db", &url])
            .output()
            .unwrap();
        syncs.push(started.elapsed());
        if !out.status.success() {
            broken.push(format!(
                "lane-{}: desk sync exit {:?}: {}",
                lane + 1,
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }

    // The log's admissions and conflicts.
    let rows = server.psql(
        &name,
        "SELECT number || ' ' || lane FROM desk_admissions WHERE event_id = 1002",
    );
    let admitted: BTreeMap<String, String> = rows
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(n, l)| (n.to_owned(), l.to_owned()))
        .collect();
    let rows = server.psql(
        &name,
        "SELECT number || ' ' || kept_lane || ' ' || replayed_lane FROM desk_conflicts",
    );
    let conflicts: BTreeSet<(String, String)> = rows
        .lines()
        .filter_map(|l| {
            let mut w = l.split(' ');
            let n = w.next()?;
            let (a, b) = (w.next()?, w.next()?);
            Some([(n.to_owned(), a.to_owned()), (n.to_owned(), b.to_owned())])
        })
        .flatten()
        .collect();
    // Every VALID kept: admitted by that lane, or its side of a conflict.
    let mut valid_at: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for s in scans.iter().filter(|s| s.code == 0) {
        let lane = format!("lane-{}", s.lane + 1);
        valid_at
            .entry(s.number.clone())
            .or_default()
            .insert(lane.clone());
        let kept = admitted.get(&s.number) == Some(&lane);
        if !kept && !conflicts.contains(&(s.number.clone(), lane.clone())) {
            broken.push(format!("{} VALID at {lane}: lost", s.number));
        }
    }
    let twice = valid_at.values().filter(|l| l.len() > 1).count();
    // During an outage, no VALID for an admission the lane had read: one
    // recorded (another lane's VALID with the log answering, ended) before
    // the start of this lane's last scan the log answered.
    let mut read_before_valid = 0;
    for s in scans.iter().filter(|s| s.code == 0 && s.offline) {
        let last_contact = scans
            .iter()
            .filter(|o| o.lane == s.lane && !o.offline && o.ended <= s.started)
            .map(|o| o.started)
            .max();
        let Some(last_contact) = last_contact else {
            continue;
        };
        let read = scans.iter().any(|o| {
            o.lane != s.lane
                && o.number == s.number
                && o.code == 0
                && o.shared
                && o.ended < last_contact
        });
        if read {
            read_before_valid += 1;
            broken.push(format!(
                "{} VALID offline at lane-{} though its admission was read before",
                s.number,
                s.lane + 1
            ));
        }
    }

    let mut codes: BTreeMap<i32, usize> = BTreeMap::new();
    for s in &scans {
        *codes.entry(s.code).or_default() += 1;
    }
    println!(
        "chaos: {} scans by {lanes} lanes in {seconds} s; {} VALID, {} ALREADY ADMITTED; by exit code {codes:?}",
        scans.len(),
        scans.iter().filter(|s| s.code == 0).count(),
        scans.iter().filter(|s| s.code == 10).count(),
    );
    for (label, want) in [("log up", UP), ("log down", DOWN), ("log hung", HUNG)] {
        let mut took: Vec<Duration> = scans
            .iter()
            .filter(|s| s.state == (want, want))
            .map(|s| s.ended - s.started)
            .collect();
        took.sort();
        let during: Vec<&Scan> = scans.iter().filter(|s| s.state == (want, want)).collect();
        let offline_already = during
            .iter()
            .filter(|s| s.code == 10 && s.offline && s.winner.as_deref().is_some())
            .count();
        println!(
            "  {label}: {} scans ({} VALID, {} ALREADY ADMITTED offline), a whole admit p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
            took.len(),
            during.iter().filter(|s| s.code == 0).count(),
            offline_already,
            quantile(&took, 0.5).as_secs_f64() * 1e3,
            quantile(&took, 0.99).as_secs_f64() * 1e3,
            took.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        );
    }
    println!(
        "  after: desk sync at each lane {:?}; {} tickets admitted, {} at two lanes while cut off, {} conflicts",
        syncs
            .iter()
            .map(|d| format!("{:.0} ms", d.as_secs_f64() * 1e3))
            .collect::<Vec<_>>(),
        admitted.len(),
        twice,
        conflicts.len() / 2
    );
    println!("  VALID offline for an admission already read: {read_before_valid}");
    if broken.is_empty() {
        println!("  every check held");
    } else {
        for b in &broken {
            println!("  BROKEN: {b}");
        }
        std::process::exit(1);
    }
}
