//! A door's lanes on one shared desk log: `cargo bench --bench lanes`.
//!
//! 40 lanes, each its own connection, scan distinct tickets of a 100,000
//! ticket list on a PostgreSQL of the bench's own on loopback (the tests'
//! throwaway server, but with `fsync` on, as a real one). Each scan is one
//! `admit` (the ticket's lock, the insert, the history row, the commit, and
//! the hint pipelined behind it); its time is scan → recorded, as the lane's
//! desk waits for it. Four runs:
//!
//! - `log`, every lane as fast as it can: the log's ceiling;
//! - `log`, every lane once each 100 ms (400 scans a second at the door,
//!   some thirty times a busy door's 40 lanes at one scan each 3 s);
//! - `desks`, the same scans through 40 whole lanes as a desk runs them
//!   (`LaneLog`: each follows the others — a listener, a re-read on hints —
//!   and keeps a copy in its own SQLite file), once each second (three
//!   times a busy door) and once each 100 ms. All 40 lanes and the server
//!   share this machine's cores, where a door gives each lane a laptop.
//!
//! Then how soon the others know: one desk scans each 250 ms while 39
//! follow, timed from the scan until each holds it.
//!
//! Lanes scan when their guests come, not in step: each paced lane starts at
//! its own point of the beat. Each lane's first scan (connecting, compiling
//! `desk_admit` in its connection) is made before a run and printed apart,
//! and each desk has read its event once (as before the doors open). The
//! desks' own files are on a memory file system when there is one
//! (`/dev/shm`; `LANES_HOME=dir` puts them elsewhere): at a door each lane
//! syncs its own disk, not the server's.
//! `LANES_SCANS=N` shortens the runs; `LANES_ONLY=flat,paced,desks1s,desks,known`
//! runs only the runs named. Figures, never assertions.

#![allow(clippy::unwrap_used, clippy::expect_used)]
// Figures: counts and durations as floats, quantiles back to an index.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss
)]

#[path = "../tests/it/common/postgres.rs"]
#[allow(dead_code)]
mod postgres;

use std::time::{Duration, Instant};

use std::sync::{Arc, Mutex};

use boxoffice::store::{
    Admission, DeskDb, DeskLog, LaneLog, PgDeskLog, Recorded, ScanId, SqliteDeskLog, pg,
};

const LANES: u64 = 40;
const TICKETS: u64 = 100_000;
const EVENT: u64 = 7;

fn ticket(id: u64, lane: &str) -> Admission {
    Admission {
        ticket_id: id,
        number: format!("TK-{id:06}"),
        event_id: EVENT,
        edition_id: None,
        at: String::new(),
        desk: lane.to_owned(),
    }
}

/// A lane of the bench: the shared log alone, or a desk's whole lane.
#[derive(Clone)]
enum Lane {
    /// `PgDeskLog`: the scan's write and nothing else.
    Log(Box<PgDeskLog>),
    /// `LaneLog`, as a desk runs it: it follows the event (a listener of its
    /// own, a re-read on every hint and every second), keeps a copy of its
    /// admissions in its own SQLite file, and is called on the blocking
    /// pool, as the executor calls it.
    Desk(Arc<Mutex<LaneLog>>, String),
}

impl Lane {
    fn name(&self) -> &str {
        match self {
            Self::Log(log) => log.lane(),
            Self::Desk(_, name) => name,
        }
    }

    async fn scan(&self, a: Admission) -> Recorded {
        match self {
            Self::Log(log) => log.admit_async(&a, ScanId::new(), false).await.unwrap(),
            Self::Desk(lane, _) => {
                let lane = lane.clone();
                tokio::task::spawn_blocking(move || lane.lock().unwrap().admit(&a, ScanId::new()))
                    .await
                    .unwrap()
                    .unwrap()
            }
        }
    }
}

/// Scans `tickets` of `event` (each lane its share, `pace` apart); the
/// wall time and the latencies.
async fn run(
    lanes: &[Lane],
    event: u64,
    tickets: u64,
    pace: Option<Duration>,
) -> (Duration, Vec<Duration>) {
    // A lane's first scan of the day also connects and compiles
    // `desk_admit` in its new connection: made here, one lane at a time,
    // off the run's figures (the slowest is printed).
    let mut first = Duration::ZERO;
    for (i, lane) in lanes.iter().enumerate() {
        let mut a = ticket(i as u64 + 1, lane.name());
        a.event_id = event + 1000;
        let t = Instant::now();
        lane.scan(a).await;
        first = first.max(t.elapsed());
    }
    println!(
        "  (a lane's first scan, connecting: at most {:.1} ms)",
        first.as_secs_f64() * 1000.0
    );
    opened(lanes).await;
    let barrier = Arc::new(tokio::sync::Barrier::new(lanes.len()));
    let started = Instant::now();
    let tasks: Vec<_> = lanes
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, lane)| {
            let barrier = barrier.clone();
            tokio::spawn(async move {
                barrier.wait().await;
                let mut times = Vec::new();
                // Lanes at a door scan when their guests come, not in step:
                // each lane's beat starts at its own point of the pace.
                let mut every = pace.map(|pace| {
                    let phase = pace.mul_f64(i as f64 / LANES as f64);
                    tokio::time::interval_at(tokio::time::Instant::now() + phase, pace)
                });
                let mut id = i as u64 + 1;
                while id <= tickets {
                    if let Some(every) = every.as_mut() {
                        every.tick().await;
                    }
                    let mut a = ticket(id, lane.name());
                    a.event_id = event;
                    let t = Instant::now();
                    let r = lane.scan(a).await;
                    times.push(t.elapsed());
                    assert!(matches!(r, Recorded::Admitted(_)), "{r:?}");
                    id += LANES;
                }
                times
            })
        })
        .collect();
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    (started.elapsed(), all)
}

/// A desk's lane has read its event once before its first guest (its
/// mirror loaded), as a door's lanes have before the doors open.
async fn opened(lanes: &[Lane]) {
    for lane in lanes {
        if let Lane::Desk(lane, _) = lane {
            let lane = lane.clone();
            tokio::task::spawn_blocking(move || lane.lock().unwrap().sync_now())
                .await
                .unwrap()
                .unwrap();
        }
    }
}

/// Where the desks' own files go: a memory file system when there is one
/// (`LANES_HOME` names another). At a door each lane writes its file on
/// its own machine's disk; here the 40 lanes' syncs (a file each, every
/// admission and every read that changed something) would queue on the
/// server's one disk ahead of its own.
fn lanes_home() -> tempfile::TempDir {
    let dir = std::env::var_os("LANES_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| Some(std::path::PathBuf::from("/dev/shm")).filter(|d| d.is_dir()))
        .unwrap_or_else(std::env::temp_dir);
    println!("  (the desks' files under {})", dir.display());
    tempfile::tempdir_in(dir).unwrap()
}

/// 40 lanes on the shared log alone, each its own connection.
fn logs(db: &DeskDb) -> Vec<Lane> {
    (1..=LANES)
        .map(|i| {
            Lane::Log(Box::new(PgDeskLog::open(
                db,
                "bench",
                &format!("lane {i}"),
                1,
            )))
        })
        .collect()
}

/// 40 desks' lanes following `event`, each with its own file under `home`.
fn desks(db: &DeskDb, event: u64, home: &std::path::Path) -> Vec<Lane> {
    (1..=LANES)
        .map(|i| {
            let name = format!("desk {i}");
            let dir = home.join(&name);
            std::fs::create_dir_all(&dir).unwrap();
            let local = SqliteDeskLog::open(&dir).unwrap();
            let lane = LaneLog::open(db, "bench", &name, local);
            lane.follow(event);
            Lane::Desk(Arc::new(Mutex::new(lane)), name)
        })
        .collect()
}

/// How soon the other lanes know: one desk scans every 250 ms while 39
/// follow; for each scan, the time from the scan until each follower's
/// mirror holds it (the first scan, while they load, is not counted).
async fn propagation(
    db: &DeskDb,
    event: u64,
    home: &std::path::Path,
    rounds: u64,
) -> Vec<Duration> {
    let lanes = desks(db, event, home);
    opened(&lanes).await;
    let (scanner, followers) = lanes.split_first().unwrap();
    let mut times = Vec::new();
    let mut every = tokio::time::interval(Duration::from_millis(250));
    // A slow round is not made up for by a burst of scans.
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    for k in 0..=rounds {
        every.tick().await;
        let mut a = ticket(k + 1, scanner.name());
        a.event_id = event;
        let t0 = Instant::now();
        assert!(matches!(scanner.scan(a).await, Recorded::Admitted(_)));
        let waits = followers.iter().map(|lane| {
            let Lane::Desk(lane, _) = lane else {
                unreachable!("desks are desks")
            };
            let lane = lane.clone();
            async move {
                let mut applied = lane.lock().unwrap().applied();
                let held = applied.wait_for(|_| lane.lock().unwrap().seen() as u64 > k);
                tokio::time::timeout(Duration::from_secs(10), held)
                    .await
                    .expect("a follower knew within 10 s")
                    .unwrap();
                t0.elapsed()
            }
        });
        let known = futures::future::join_all(waits).await;
        if k > 0 {
            times.extend(known);
        }
    }
    times
}

fn report(what: &str, wall: Duration, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| {
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        times[i].as_secs_f64() * 1000.0
    };
    println!(
        "{what:<42} {:>6} scans  {:>7.0} scans/s   p50 {:>6.2} ms   p99 {:>6.2} ms   max {:>7.2} ms",
        times.len(),
        times.len() as f64 / wall.as_secs_f64(),
        at(0.5),
        at(0.99),
        at(1.0),
    );
}

fn main() {
    let server = postgres::Server::start(true);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let name = server.database();
        let db = DeskDb::parse(&server.url(&name)).unwrap();
        pg::init(&db).await.unwrap();
        // LANES_SCANS=N shortens both runs (a quick look on a busy machine).
        let scans = std::env::var("LANES_SCANS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(TICKETS);
        let only = std::env::var("LANES_ONLY").ok();
        let runs = |name: &str| {
            only.as_deref()
                .is_none_or(|o| o.split(',').any(|n| n == name))
        };
        let paced = Some(Duration::from_millis(100));
        if runs("flat") {
            let (wall, times) = run(&logs(&db), EVENT, scans, None).await;
            report("log: 40 lanes, as fast as they can", wall, times);
        }
        if runs("paced") {
            let (wall, times) = run(&logs(&db), EVENT + 1, (scans / 5).max(LANES), paced).await;
            report("log: 40 lanes, one scan each 100 ms", wall, times);
        }
        let home = lanes_home();
        let door = Some(Duration::from_secs(1));
        // Each run's desks go before the next run's come (they would
        // follow, and hold connections, beside them).
        if runs("desks1s") {
            let lanes = desks(&db, EVENT + 2, home.path());
            let (wall, times) = run(&lanes, EVENT + 2, (scans / 50).max(LANES), door).await;
            drop(lanes);
            report("desks: 40 following, one scan each 1 s", wall, times);
        }
        if runs("desks") {
            let lanes = desks(&db, EVENT + 3, home.path().join("fast").as_path());
            let (wall, times) = run(&lanes, EVENT + 3, (scans / 5).max(LANES), paced).await;
            drop(lanes);
            report("desks: 40 following, one each 100 ms", wall, times);
        }
        if !runs("known") {
            return;
        }
        let rounds = (scans / 1000).clamp(10, 100);
        let known = propagation(&db, EVENT + 4, home.path().join("known").as_path(), rounds).await;
        let mut known = known;
        known.sort();
        let at = |q: f64| {
            let i = ((known.len() as f64 - 1.0) * q).round() as usize;
            known[i].as_secs_f64() * 1000.0
        };
        println!(
            "{:<42} {:>6} seen   the others know: p50 {:>6.2} ms   p99 {:>6.2} ms   max {:>7.2} ms",
            "desks: one scans, 39 follow (each 250 ms)",
            known.len(),
            at(0.5),
            at(0.99),
            at(1.0),
        );
    });
}
