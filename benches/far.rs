//! `cargo bench --bench far`: a lane far from its shared log. A delaying
//! TCP proxy of our own (`tests/it/common/proxy.rs`) between the lane and a
//! PostgreSQL of the bench's own with TLS and a SCRAM password (`fsync`
//! on), each way held 0, 25 and 50 ms (a round trip of 0, 50 and 100 ms).
//! For each link:
//!
//! - a running lane (`LaneLog` as `boxoffice lane` opens it: one
//!   connection, its task reading once a second): scan → recorded (the
//!   call to the log's answer) p50 / p99, and round trips per scan as the
//!   proxy counts them (its reads while idle included);
//! - back online after an outage: the link cut, one scan judged alone,
//!   the link restored; from then until the lane says it reaches the log
//!   again, and the first scan after it recorded there.
//!
//! `FAR_SCANS=N` changes the scans per link (default 100). Figures, never
//! assertions (docs/lanes.md, "Round trips" and "Deadlines from the link").

#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss
)]

#[path = "../tests/it/common/postgres.rs"]
#[allow(dead_code)]
mod postgres;
#[path = "../tests/it/common/proxy.rs"]
#[allow(dead_code)]
mod proxy;

use std::time::{Duration, Instant};

use boxoffice::store::{
    Admission, DeskDb, DeskLog, LaneLog, LaneUse, Reach, Recorded, ScanId, SqliteDeskLog, pg,
};

const EVENT: u64 = 7;
const PASSWORD: &str = "far-bench-pw";

fn ticket(id: u64) -> Admission {
    Admission {
        ticket_id: id,
        number: format!("TK-{id:06}"),
        event_id: EVENT,
        edition_id: None,
        at: String::new(),
        desk: "gate".to_owned(),
    }
}

fn quantile(sorted: &[Duration], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// Runs `f` on the lane on a thread that may block (the lane waits on the
/// runtime), as the executor and `boxoffice lane` call it.
async fn on<T: Send + 'static>(
    lane: &std::sync::Arc<std::sync::Mutex<LaneLog>>,
    f: impl FnOnce(&mut LaneLog) -> T + Send + 'static,
) -> T {
    let lane = lane.clone();
    tokio::task::spawn_blocking(move || f(&mut lane.lock().unwrap()))
        .await
        .unwrap()
}

fn main() {
    let scans: u64 = std::env::var("FAR_SCANS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let server = postgres::Server::start(true);
    let authority = server.enable_tls("gate", PASSWORD);
    server.psql("postgres", "CREATE DATABASE door OWNER gate");
    let dir = tempfile::tempdir().unwrap();
    let roots = dir.path().join("ca.der");
    std::fs::write(&roots, &authority).unwrap();
    println!(
        "far: a lane through a delaying proxy to PostgreSQL with TLS 1.3 and SCRAM, {scans} scans per link"
    );
    println!(
        "| round trip | scan → recorded p50 | p99 | round trips a scan | back online after the log returns | first scan after it |"
    );
    println!("|---|---|---|---|---|---|");
    let mut next = 1u64;
    for each_way in [0u64, 25, 50] {
        let proxy = proxy::Proxy::start(server.port, Duration::from_millis(each_way));
        let url = format!(
            "postgres://gate@127.0.0.1:{}/door?sslmode=verify-full&sslrootcert={}",
            proxy.port,
            roots.display()
        );
        let env = |k: &str| (k == "PGPASSWORD").then(|| PASSWORD.to_owned());
        let db = DeskDb::parse_with(&url, &env).unwrap();
        runtime.block_on(async {
            pg::init(&db).await.unwrap();
            let home = tempfile::tempdir().unwrap();
            let local = SqliteDeskLog::open(home.path()).unwrap();
            let lane = std::sync::Arc::new(std::sync::Mutex::new(LaneLog::open_as(
                &db,
                "bench",
                "gate",
                local,
                LaneUse::Headless,
            )));
            // The first scan connects and reads the log: off the figures.
            let first = ticket(next);
            next += 1;
            on(&lane, move |l| l.admit(&first, ScanId::new()).unwrap()).await;
            let mut times = Vec::new();
            let turns = proxy.turns();
            for _ in 0..scans {
                let a = ticket(next);
                next += 1;
                let t = Instant::now();
                let recorded = on(&lane, move |l| {
                    let r = l.admit(&a, ScanId::new()).unwrap();
                    let at = boxoffice::clock::now_utc(None);
                    l.scanned(EVENT, &at).unwrap();
                    r
                })
                .await;
                times.push(t.elapsed());
                assert!(matches!(recorded, Recorded::Admitted(_)));
            }
            let per_scan = (proxy.turns() - turns) as f64 / scans as f64;
            times.sort();
            // An outage: the link cut, a scan judged alone, the link back.
            proxy.cut(true);
            let alone = ticket(next);
            next += 1;
            on(&lane, move |l| l.admit(&alone, ScanId::new()).unwrap()).await;
            proxy.cut(false);
            let back = Instant::now();
            loop {
                let reach = on(&lane, |l| l.reach()).await;
                if matches!(reach, Reach::Shared { .. }) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            let online = back.elapsed();
            let after = ticket(next);
            next += 1;
            let t = Instant::now();
            let shared = on(&lane, move |l| {
                l.admit(&after, ScanId::new()).unwrap();
                l.reach()
            })
            .await;
            let first_after = t.elapsed();
            println!(
                "| {} ms | {:.1} ms | {:.1} ms | {per_scan:.2} | {:.2} s | {:.1} ms{} |",
                each_way * 2,
                quantile(&times, 0.5),
                quantile(&times, 0.99),
                online.as_secs_f64(),
                first_after.as_secs_f64() * 1000.0,
                if matches!(shared, Reach::Shared { .. }) {
                    ", recorded"
                } else {
                    ", judged alone"
                }
            );
            drop(lane);
        });
    }
}
