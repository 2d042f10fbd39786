//! The door at a glance under load: `cargo bench --bench door`.
//!
//! A PostgreSQL of the bench's own on loopback (fsync on) holds 100,000
//! admissions of one door; 40 lanes keep admitting (each once per 100 ms:
//! 400 scans a second at the door) and write their heartbeats each second,
//! as lanes do. A dashboard follows it as the TUI's does: waits for the
//! log's hint (or a second), reads what is new since its cursor
//! (`door_read`: the history's new rows, the heartbeats, the forced
//! admissions counted), applies it to `door::DoorStats` and makes the
//! figures. Timed: each refresh, from the read to the figures made; and
//! the rows the log read and sent for it. The first read (the whole log,
//! as a dashboard opening) is printed apart. `DOOR_REFRESHES=N` (default
//! 300) sets the run's length. Figures, never assertions.

#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(
    clippy::cast_possible_wrap,
    clippy::format_collect,
    clippy::unchecked_time_subtraction,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss
)]

#[path = "../tests/it/common/postgres.rs"]
#[allow(dead_code)]
mod postgres;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use boxoffice::door::stats::{DoorStats, time_text};
use boxoffice::store::{Admission, Cursor, DeskDb, PgDeskLog, ScanId, pg};

const LANES: u64 = 40;
const KEPT: u64 = 100_000;
const EVENT: u64 = 7;
const BUSINESS: &str = "bench";

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let server = postgres::Server::start(true);
    let refreshes: usize = std::env::var("DOOR_REFRESHES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let name = server.database();
        let url = server.url(&name);
        let db = DeskDb::parse(&url).unwrap();
        pg::init(&db).await.unwrap();
        // 100,000 admissions of 40 lanes over four hours, as the history
        // and the admissions keep them.
        let started = Instant::now();
        // In transactions of 1,000, as lanes commit their scans one by one
        // (one transaction of 100,000 would be one step of the readers'
        // cursor: schema.rs, version 2).
        let batches: String = (0..KEPT / 1000)
            .map(|b| {
                let (from, to) = (b * 1000 + 1, b * 1000 + 1000);
                format!(
                    "WITH a AS (INSERT INTO desk_admissions
                         (business, event_id, ticket_id, number, lane, at, scan_id)
                     SELECT '{BUSINESS}', {EVENT}, i, 'TK-' || i, 'lane ' || (i % {LANES} + 1),
                        to_char(timestamp '2026-11-27 16:00:00'
                                + (i * 144 / 1000) * interval '1 second',
                                'YYYY-MM-DD HH24:MI:SS'),
                        gen_random_uuid()
                     FROM generate_series({from}, {to}) i
                     RETURNING business, event_id, ticket_id, number, lane, at, scan_id)
                     INSERT INTO desk_scans
                         (business, event_id, ticket_id, number, lane, at, scan_id, verdict)
                     SELECT business, event_id, ticket_id, number, lane, at, scan_id, 'admitted'
                     FROM a;\n"
                )
            })
            .collect();
        server.psql(&name, &format!("{batches} SELECT 1;"));
        println!(
            "door bench: {KEPT} admissions kept in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        // 40 lanes writing, each once per 100 ms, and their heartbeats.
        let writing = Instant::now();
        let stop = Arc::new(AtomicBool::new(false));
        let written = Arc::new(AtomicU64::new(0));
        let mut lanes = Vec::new();
        for l in 1..=LANES {
            let (db, stop, written) = (db.clone(), stop.clone(), written.clone());
            lanes.push(tokio::spawn(async move {
                let name = format!("lane {l}");
                let log = PgDeskLog::open(&db, BUSINESS, &name, 1);
                let mut beat = Instant::now() - Duration::from_secs(2);
                let mut tick = tokio::time::interval(Duration::from_millis(100));
                tick.tick().await;
                tokio::time::sleep(Duration::from_millis(l * 100 / LANES)).await;
                let mut n = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    tick.tick().await;
                    n += 1;
                    let now = time_text(
                        std::time::SystemTime::now()
                            .duration_since(std::time::UNIX_EPOCH)
                            .unwrap()
                            .as_secs() as i64,
                    );
                    let a = Admission {
                        ticket_id: KEPT + n * LANES + l,
                        number: format!("TK-{}", KEPT + n * LANES + l),
                        event_id: EVENT,
                        edition_id: None,
                        at: now.clone(),
                        desk: name.clone(),
                    };
                    if log.admit_async(&a, ScanId::new(), false).await.is_ok() {
                        written.fetch_add(1, Ordering::Relaxed);
                    }
                    if beat.elapsed() >= Duration::from_secs(1) {
                        beat = Instant::now();
                        let _ = log.heartbeat_async(EVENT, &now).await;
                    }
                }
            }));
        }
        // The dashboard.
        let dash = PgDeskLog::open(&db, BUSINESS, "dashboard", 2);
        let mut hints = dash.listen();
        let mut stats = DoorStats::new(300);
        let started = Instant::now();
        let mut cursor = Cursor::default();
        let mut first_rows = 0;
        loop {
            let read = dash.door_read_async(EVENT, &cursor, 5000).await.unwrap();
            first_rows += read.rows;
            let more = read.changes.len() == 5000;
            for c in &read.changes {
                stats.apply(c);
            }
            cursor = read.cursor;
            if !more {
                break;
            }
        }
        let now = || {
            time_text(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_secs() as i64,
            )
        };
        let figures = stats.figures(&now());
        println!(
            "first read (opening): {} rows in {:.0} ms; {} admitted, {} lanes",
            first_rows,
            started.elapsed().as_secs_f64() * 1000.0,
            figures.admitted,
            figures.lanes.len()
        );
        let (mut times, mut rows, mut changes) = (Vec::new(), Vec::new(), Vec::new());
        let run = Instant::now();
        for _ in 0..refreshes {
            let _ = tokio::time::timeout(Duration::from_secs(1), hints.changed()).await;
            let t = Instant::now();
            let read = dash.door_read_async(EVENT, &cursor, 5000).await.unwrap();
            for c in &read.changes {
                stats.apply(c);
            }
            if let Some(f) = read.forced {
                stats.set_forced(f);
            }
            for (lane, at) in &read.heartbeats {
                stats.heartbeat(lane, at);
            }
            cursor = read.cursor;
            let figures = stats.figures(&now());
            std::hint::black_box(&figures);
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            rows.push(read.rows as f64);
            changes.push(read.changes.len() as f64);
        }
        let elapsed = run.elapsed().as_secs_f64();
        let wrote_for = writing.elapsed().as_secs_f64();
        stop.store(true, Ordering::Relaxed);
        for l in lanes {
            let _ = l.await;
        }
        // What came after the last refresh, read once more.
        let read = dash.door_read_async(EVENT, &cursor, 5000).await.unwrap();
        for c in &read.changes {
            stats.apply(c);
        }
        let figures = stats.figures(&now());
        times.sort_by(f64::total_cmp);
        rows.sort_by(f64::total_cmp);
        changes.sort_by(f64::total_cmp);
        let scans = written.load(Ordering::Relaxed);
        println!(
            "{refreshes} refreshes in {elapsed:.0} s while 40 lanes wrote {scans} admissions \
             ({:.0}/s); the dashboard ends at {} admitted, {} lanes",
            scans as f64 / wrote_for,
            figures.admitted,
            figures.lanes.len()
        );
        println!(
            "refresh (read + apply + figures): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            quantile(&times, 0.5),
            quantile(&times, 0.99),
            times[times.len() - 1]
        );
        println!(
            "rows read per refresh: p50 {:.0}, p99 {:.0}, max {:.0} (changes: p50 {:.0}, max {:.0}); \
             3 queries each",
            quantile(&rows, 0.5),
            quantile(&rows, 0.99),
            rows[rows.len() - 1],
            quantile(&changes, 0.5),
            changes[changes.len() - 1]
        );
        assert_eq!(figures.admitted, KEPT + scans, "the dashboard missed an admission");
    });
}
