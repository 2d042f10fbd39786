//! A door's lanes on one shared desk log: `cargo bench --bench lanes`.
//!
//! 40 lanes, each its own connection, scan distinct tickets of a 100,000
//! ticket list on a PostgreSQL of the bench's own on loopback (the tests'
//! throwaway server, but with `fsync` on, as a real one). Each scan is one
//! `admit` (the event's lock, the insert, the history row, the NOTIFY, the
//! commit); its time is scan → recorded, as the lane's desk waits for it.
//! Three runs: every lane scanning as fast as it can (the log's ceiling),
//! every lane scanning every 100 ms (400 scans a second at the door, some
//! thirty times a busy door's 40 lanes at one scan each 3 s), and every
//! lane scanning once a second (a busy door). `LANES_SCANS=N` shortens them.
//! Figures, never assertions.

#![allow(clippy::unwrap_used, clippy::expect_used)]
// Figures: counts and durations as floats, quantiles back to an index.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss
)]

#[path = "../tests/common/postgres.rs"]
#[allow(dead_code)]
mod postgres;

use std::time::{Duration, Instant};

use boxoffice::store::{Admission, DeskDb, PgDeskLog, Recorded, ScanId, pg};

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

/// Scans `tickets` (each lane its share, `pace` apart); the latencies.
async fn run(
    db: &DeskDb,
    event: u64,
    tickets: u64,
    pace: Option<Duration>,
) -> (Duration, Vec<Duration>) {
    let lanes: Vec<PgDeskLog> = (1..=LANES)
        .map(|i| PgDeskLog::open(db, "bench", &format!("lane {i}"), 1))
        .collect();
    // A lane's first scan of the day also connects and compiles
    // `desk_admit` in its new connection: made here, one lane at a time,
    // off the run's figures (the slowest is printed).
    let mut first = Duration::ZERO;
    for (i, lane) in lanes.iter().enumerate() {
        let mut a = ticket(i as u64 + 1, lane.lane());
        a.event_id = event + 1000;
        let t = Instant::now();
        lane.admit_async(&a, ScanId::new(), false).await.unwrap();
        first = first.max(t.elapsed());
    }
    println!(
        "  (a lane's first scan, connecting: at most {:.1} ms)",
        first.as_secs_f64() * 1000.0
    );
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(lanes.len()));
    let started = Instant::now();
    let tasks: Vec<_> = lanes
        .into_iter()
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
                    let mut a = ticket(id, lane.lane());
                    a.event_id = event;
                    let t = Instant::now();
                    let r = lane.admit_async(&a, ScanId::new(), false).await.unwrap();
                    times.push(t.elapsed());
                    assert!(matches!(r, Recorded::Admitted(_)));
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

fn report(what: &str, wall: Duration, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| {
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        times[i].as_secs_f64() * 1000.0
    };
    println!(
        "{what:<38} {:>6} scans  {:>7.0} scans/s   p50 {:>6.2} ms   p99 {:>6.2} ms   max {:>7.2} ms",
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
        let (wall, times) = run(&db, EVENT, scans, None).await;
        report("40 lanes, as fast as they can", wall, times);
        let paced = Some(Duration::from_millis(100));
        let (wall, times) = run(&db, EVENT + 1, (scans / 5).max(LANES), paced).await;
        report("40 lanes, one scan each 100 ms", wall, times);
        let door = Some(Duration::from_secs(1));
        let (wall, times) = run(&db, EVENT + 2, (scans / 50).max(LANES), door).await;
        report("40 lanes, one scan each second", wall, times);
    });
}
