//! The local store's figures: `cargo bench --bench store`.
//!
//! Saving and loading an offline list of 100,000 tickets (one transaction,
//! one prepared insert), and recording admissions in the desk log (one
//! transaction each, `synchronous=FULL`: each waits for the disk). Each step
//! is timed with `Instant` over a few runs; the median and minimum are
//! printed. Figures, never assertions.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use boxoffice::store::{
    Admission, CachedTicket, DeskLog, SqliteDeskLog, SqliteTicketCache, TicketCache,
};

const TICKETS: u64 = 100_000;
const RUNS: usize = 5;

fn ticket(id: u64) -> CachedTicket {
    CachedTicket {
        id,
        number: format!("TK-{id:06}"),
        status: "confirmed".into(),
        attendee_id: Some(id + 500_000),
        name: format!("Attendee Number {id}"),
        email: format!("attendee{id}@example.com"),
        edition_id: Some(1002),
        edition: "Stadium Tour Mega Show — Night 2".into(),
        enrollment_type: "paid".into(),
        created: "2026-03-01 10:00:00".into(),
        price: "49.90".into(),
        order: format!("ORD-{:07}", id / 2),
    }
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{what:<44} median {:>8.1} ms   min {:>8.1} ms",
        times[times.len() / 2].as_secs_f64() * 1000.0,
        times[0].as_secs_f64() * 1000.0
    );
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let tickets: Vec<CachedTicket> = (1..=TICKETS).map(ticket).collect();
    let mut cache = SqliteTicketCache::open(&dir.path().join("cache")).unwrap();
    let (mut saves, mut loads) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let start = Instant::now();
        cache.save(1002, &tickets, "").unwrap();
        saves.push(start.elapsed());
        let start = Instant::now();
        let (loaded, _) = cache.load(1002).unwrap().unwrap();
        loads.push(start.elapsed());
        assert_eq!(loaded.len(), tickets.len());
    }
    report("save 100,000 tickets (replacing them)", saves);
    report("load 100,000 tickets", loads);
    let size = std::fs::metadata(cache.path()).unwrap().len();
    println!("tickets.sqlite: {} KB", size / 1000);

    let mut log = SqliteDeskLog::open(&dir.path().join("state")).unwrap();
    let mut records = Vec::new();
    for id in 0..200 {
        let admission = Admission {
            ticket_id: id,
            number: format!("TK-{id:06}"),
            event_id: 1002,
            edition_id: Some(1002),
            at: String::new(),
            desk: "door-1".into(),
        };
        let start = Instant::now();
        log.record(&admission).unwrap();
        records.push(start.elapsed());
    }
    report("record one admission (synchronous=FULL)", records);
    let start = Instant::now();
    let admitted = log.admitted(1002).unwrap();
    report("read the 200 admissions back", vec![start.elapsed()]);
    assert_eq!(admitted.len(), 200);
}
