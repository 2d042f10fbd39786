#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Several lanes, one door: the shared desk log on a real PostgreSQL of the
//! test's own (`common::postgres`), never a mock.

use crate::common;

/// The door at a glance (issue 28).
#[path = "lanes/dashboard.rs"]
mod dashboard;

/// `boxoffice lane` and `admit` on the shared log (issue 42).
#[path = "lanes/headless.rs"]
mod headless;

/// Gates far from the database: round trips counted through a slow link
/// (issue 43).
#[path = "lanes/far.rs"]
mod far;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use boxoffice::store::{
    Admission, ChangeKind, DeskDb, DeskLog, DoorOp, KeptNote, KeptPolicy, LaneLog, LaneUse, Moved,
    Moving, PgDeskLog, Recorded, ScanId, SqliteDeskLog, pg,
};
use common::postgres::Server;
use std::sync::OnceLock;

/// These tests look at the whole server (its sessions by name, its log,
/// its roles, `ALTER SYSTEM`): a server of their own, not the one the
/// binary's other tests share (`common::postgres::server`).
fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| Server::start(false))
}

const BUSINESS: &str = "demo";
const EVENT: u64 = 7;

/// A fresh database with the schema: its address.
async fn fresh() -> (String, DeskDb) {
    let name = server().database();
    let url = server().url(&name);
    let db = DeskDb::parse(&url).unwrap();
    let migrated = pg::init(&db).await.unwrap();
    assert_eq!((migrated.from, migrated.to), (0, pg::version()));
    (name, db)
}

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

fn count(db: &str, sql: &str) -> u64 {
    server().psql(db, sql).parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn forty_lanes_one_ticket_exactly_one_winner_every_round() {
    let (name, db) = fresh().await;
    let lanes: Vec<PgDeskLog> = (1..=40)
        .map(|i| PgDeskLog::open(&db, BUSINESS, &format!("lane {i}"), 1))
        .collect();
    // Each lane its own connection, made before the first round.
    for lane in &lanes {
        lane.ping().await.unwrap();
    }
    for round in 1..=200u64 {
        let barrier = Arc::new(tokio::sync::Barrier::new(lanes.len()));
        let scans: Vec<_> = lanes
            .iter()
            .map(|lane| {
                let (lane, barrier) = (lane.clone(), barrier.clone());
                tokio::spawn(async move {
                    let admission = ticket(round, lane.lane());
                    barrier.wait().await;
                    lane.admit_async(&admission, ScanId::new(), false).await
                })
            })
            .collect();
        let mut verdicts = Vec::new();
        for scan in scans {
            verdicts.push(scan.await.unwrap().unwrap());
        }
        let winners: Vec<&Admission> = verdicts
            .iter()
            .filter_map(|v| match v {
                Recorded::Admitted(a) => Some(a),
                Recorded::AlreadyAdmitted(_) => None,
            })
            .collect();
        assert_eq!(winners.len(), 1, "round {round}: {verdicts:?}");
        let winner = winners[0];
        for verdict in &verdicts {
            if let Recorded::AlreadyAdmitted(w) = verdict {
                assert_eq!(
                    (&w.desk, &w.at),
                    (&winner.desk, &winner.at),
                    "round {round}"
                );
            }
        }
    }
    assert_eq!(count(&name, "SELECT COUNT(*) FROM desk_admissions"), 200);
    assert_eq!(count(&name, "SELECT COUNT(*) FROM desk_scans"), 200 * 40);
    assert_eq!(
        count(
            &name,
            "SELECT COUNT(*) FROM desk_scans WHERE verdict = 'admitted'"
        ),
        200
    );
}

#[tokio::test]
async fn a_retried_scan_adds_nothing() {
    let (name, db) = fresh().await;
    let one = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
    let two = PgDeskLog::open(&db, BUSINESS, "lane 2", 1);
    let scan = ScanId::new();
    let first = one
        .admit_async(&ticket(1, "lane 1"), scan, false)
        .await
        .unwrap();
    let Recorded::Admitted(admitted) = &first else {
        panic!("{first:?}")
    };
    // The same scan again (a timeout's retry): the same admission.
    let again = one
        .admit_async(&ticket(1, "lane 1"), scan, false)
        .await
        .unwrap();
    assert_eq!(again, Recorded::Admitted(admitted.clone()));
    // Another lane's scan loses; its retry is the same loss.
    let lost_scan = ScanId::new();
    let lost = two
        .admit_async(&ticket(1, "lane 2"), lost_scan, false)
        .await
        .unwrap();
    assert_eq!(lost, Recorded::AlreadyAdmitted(admitted.clone()));
    let lost_again = two
        .admit_async(&ticket(1, "lane 2"), lost_scan, false)
        .await
        .unwrap();
    assert!(matches!(lost_again, Recorded::AlreadyAdmitted(w) if w.desk == "lane 1"));
    assert_eq!(count(&name, "SELECT COUNT(*) FROM desk_admissions"), 1);
    assert_eq!(count(&name, "SELECT COUNT(*) FROM desk_scans"), 2);
}

#[tokio::test]
async fn undo_removes_only_the_lanes_own_admission() {
    let (name, db) = fresh().await;
    let one = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
    let two = PgDeskLog::open(&db, BUSINESS, "lane 2", 1);
    one.admit_async(&ticket(1, "lane 1"), ScanId::new(), false)
        .await
        .unwrap();
    two.admit_async(&ticket(2, "lane 2"), ScanId::new(), false)
        .await
        .unwrap();
    let undone = one
        .undo_async(EVENT, "lane 1", None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(undone.admission.ticket_id, 1);
    assert_eq!(one.undo_async(EVENT, "lane 1", None).await.unwrap(), None);
    assert_eq!(count(&name, "SELECT COUNT(*) FROM desk_admissions"), 1);
    assert_eq!(
        server().psql(&name, "SELECT verdict FROM desk_scans ORDER BY seq"),
        "admitted\nadmitted\nundone"
    );
}

/// Runs a sync store call on the blocking pool, as the executor does.
async fn blocking<T: Send + 'static>(
    lane: &Arc<Mutex<LaneLog>>,
    f: impl FnOnce(&mut LaneLog) -> T + Send + 'static,
) -> T {
    let lane = lane.clone();
    tokio::task::spawn_blocking(move || f(&mut lane.lock().unwrap()))
        .await
        .unwrap()
}

fn lane(db: &DeskDb, name: &str, dir: &std::path::Path) -> Arc<Mutex<LaneLog>> {
    let local = SqliteDeskLog::open(dir).unwrap();
    Arc::new(Mutex::new(LaneLog::open(db, BUSINESS, name, local)))
}

/// Waits for the lane's mirror to reach `seq`.
async fn applied(lane: &Arc<Mutex<LaneLog>>, seq: u64, within: Duration) {
    let mut rx = lane.lock().unwrap().applied();
    tokio::time::timeout(within, rx.wait_for(|s| *s >= seq))
        .await
        .unwrap_or_else(|_| panic!("the lane did not reach seq {seq} within {within:?}"))
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_lane_sees_an_undo_within_a_second() {
    let (name, db) = fresh().await;
    let home = tempfile::tempdir().unwrap();
    let one = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
    let two = lane(&db, "lane 2", home.path());
    blocking(&two, |l| l.admitted(EVENT).unwrap()).await;
    one.admit_async(&ticket(1, "lane 1"), ScanId::new(), false)
        .await
        .unwrap();
    applied(&two, 1, Duration::from_secs(5)).await;
    assert_eq!(two.lock().unwrap().seen(), 1);
    // The listener is connected by now (it was what told of seq 1, or the
    // next read will be): the undo comes as a notification.
    one.undo_async(EVENT, "lane 1", None)
        .await
        .unwrap()
        .unwrap();
    applied(&two, 2, Duration::from_secs(1)).await;
    assert_eq!(two.lock().unwrap().seen(), 0);
    assert_eq!(count(&name, "SELECT COUNT(*) FROM desk_admissions"), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lane_whose_listener_is_killed_catches_up_from_the_sequence() {
    let (name, db) = fresh().await;
    let home = tempfile::tempdir().unwrap();
    let one = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
    let two = lane(&db, "lane 2", home.path());
    blocking(&two, |l| l.admitted(EVENT).unwrap()).await;
    // Wait for its listener, then kill it.
    let listening = "SELECT COUNT(*) FROM pg_stat_activity \
                     WHERE application_name = 'boxoffice listen lane 2'";
    tokio::time::timeout(Duration::from_secs(10), async {
        while count(&name, listening) == 0 {
            tokio::task::yield_now().await;
        }
    })
    .await
    .unwrap();
    let killed = server().psql(
        &name,
        "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity \
         WHERE application_name = 'boxoffice listen lane 2'",
    );
    assert_eq!(killed, "1");
    for id in 1..=50 {
        one.admit_async(&ticket(id, "lane 1"), ScanId::new(), false)
            .await
            .unwrap();
    }
    one.undo_async(EVENT, "lane 1", None).await.unwrap();
    let last = count(&name, "SELECT MAX(seq) FROM desk_scans");
    applied(&two, last, Duration::from_secs(10)).await;
    let table = count(&name, "SELECT COUNT(*) FROM desk_admissions");
    assert_eq!(table, 49);
    assert_eq!(two.lock().unwrap().seen() as u64, table);
    let counts = blocking(&two, |l| l.counts(EVENT, "").unwrap()).await;
    assert_eq!(counts.admitted, table);
}

/// The tickets of `changes`, in order.
fn tickets(changes: &[boxoffice::store::Change]) -> Vec<u64> {
    changes.iter().map(|c| c.admission.ticket_id).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scan_that_commits_late_with_a_smaller_number_is_read_once() {
    let (name, db) = fresh().await;
    let two = PgDeskLog::open(&db, BUSINESS, "lane 2", 1);
    let reader = PgDeskLog::open(&db, BUSINESS, "lane 3", 1);
    let start = reader.cursor_async(EVENT).await.unwrap();
    // Lane 1's scan of ticket 1 is written but not committed yet.
    let (held, connection) = tokio_postgres::connect(&server().url(&name), tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    held.batch_execute(&format!(
        "BEGIN; SELECT * FROM desk_admit('{BUSINESS}', {EVENT}, 1, 'TK-000001', NULL, \
         'lane 1', '2026-11-26 19:02:10', gen_random_uuid(), false)"
    ))
    .await
    .unwrap();
    // Lane 2 scans ticket 2 after it, and commits first.
    two.admit_async(&ticket(2, "lane 2"), ScanId::new(), false)
        .await
        .unwrap();
    let (first, cursor) = reader.newer_async(EVENT, &start, 100).await.unwrap();
    assert_eq!(tickets(&first), [2]);
    held.batch_execute("COMMIT").await.unwrap();
    let (second, cursor) = reader.newer_async(EVENT, &cursor, 100).await.unwrap();
    assert_eq!(tickets(&second), [1], "the late one is read");
    assert!(second[0].seq < first[0].seq, "{second:?} {first:?}");
    let (third, _) = reader.newer_async(EVENT, &cursor, 100).await.unwrap();
    assert!(third.is_empty(), "read twice: {third:?}");
}

/// A listener of the lanes' channel: its notifications (the sending
/// backend, the payload), in the order they were committed.
async fn listener(name: &str) -> tokio::sync::mpsc::UnboundedReceiver<(i32, String)> {
    use futures::StreamExt;
    let (client, mut connection) =
        tokio_postgres::connect(&server().url(name), tokio_postgres::NoTls)
            .await
            .unwrap();
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut messages = futures::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(Ok(message)) = messages.next().await {
            if let tokio_postgres::AsyncMessage::Notification(n) = message {
                let _ = tx.send((n.process_id(), n.payload().to_owned()));
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {}", pg::CHANNEL))
        .await
        .unwrap();
    // The connection lives as long as its client: to the test's end.
    std::mem::forget(client);
    rx
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admission_and_an_undo_hint_the_other_lanes_a_lost_scan_does_not() {
    let (name, db) = fresh().await;
    let mut hints = listener(&name).await;
    let mut next = async || {
        tokio::time::timeout(Duration::from_secs(5), hints.recv())
            .await
            .expect("a hint within 5 s")
            .unwrap()
    };
    let one = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
    let two = PgDeskLog::open(&db, BUSINESS, "lane 2", 1);
    one.admit_async(&ticket(1, "lane 1"), ScanId::new(), false)
        .await
        .unwrap();
    let (lane_1, payload) = next().await;
    assert_eq!(payload, format!("{BUSINESS} {EVENT}"));
    // Lane 2 loses ticket 1 (nothing changed: no hint), then admits ticket
    // 2 (a hint), then lane 1 undoes ticket 1 (a hint). Hints come in
    // commit order: had the lost scan hinted, lane 2 would come twice.
    let lost = two
        .admit_async(&ticket(1, "lane 2"), ScanId::new(), false)
        .await
        .unwrap();
    assert!(matches!(lost, Recorded::AlreadyAdmitted(_)));
    two.admit_async(&ticket(2, "lane 2"), ScanId::new(), false)
        .await
        .unwrap();
    one.undo_async(EVENT, "lane 1", Some(1))
        .await
        .unwrap()
        .unwrap();
    let (lane_2, _) = next().await;
    assert_ne!(lane_2, lane_1);
    assert_eq!(next().await.0, lane_1, "lane 2 hinted a lost scan");
}

/// A lane's scans hint at most once each 50 ms per event (pg/hints.rs):
/// a burst's first admission rides with its scan, the others are told by
/// one hint owed after them (without it, the others would learn of them
/// only at their next second's read).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_admissions_hints_at_once_and_again_after_the_last() {
    let (name, db) = fresh().await;
    let mut hints = listener(&name).await;
    let one = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
    for id in 1..=5 {
        let told = one
            .admit_async(&ticket(id, "lane 1"), ScanId::new(), false)
            .await
            .unwrap();
        assert!(matches!(told, Recorded::Admitted(_)), "{told:?}");
    }
    for n in ["the first admission's", "the owed"] {
        let (_, payload) = tokio::time::timeout(Duration::from_secs(5), hints.recv())
            .await
            .unwrap_or_else(|_| panic!("{n} hint within 5 s"))
            .unwrap();
        assert_eq!(payload, format!("{BUSINESS} {EVENT}"));
    }
}

/// A one-shot lane (`admit`: a process a scan, its order's mates admitted
/// in a row) ends before a hint it owes would be sent: each admission
/// hints with its scan.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_one_shot_lane_hints_every_admission_with_its_scan() {
    let (name, db) = fresh().await;
    let mut hints = listener(&name).await;
    let home = tempfile::tempdir().unwrap();
    let local = SqliteDeskLog::open(home.path()).unwrap();
    let lane = LaneLog::open_as(&db, BUSINESS, "lane 1", local, LaneUse::OneShot);
    let lane = Arc::new(Mutex::new(lane));
    for id in 1..=3 {
        let told = blocking(&lane, move |l| {
            l.admit(&ticket(id, "lane 1"), ScanId::new())
        })
        .await;
        assert!(matches!(told, Ok(Recorded::Admitted(_))), "{told:?}");
    }
    for n in 1..=3 {
        tokio::time::timeout(Duration::from_secs(5), hints.recv())
            .await
            .unwrap_or_else(|_| panic!("hint {n} of 3 within 5 s"))
            .unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn newer_in_small_pages_reads_every_change_once_in_order() {
    let (_name, db) = fresh().await;
    let one = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
    let reader = PgDeskLog::open(&db, BUSINESS, "lane 2", 1);
    let mut cursor = reader.cursor_async(EVENT).await.unwrap();
    for id in 1..=7 {
        one.admit_async(&ticket(id, "lane 1"), ScanId::new(), false)
            .await
            .unwrap();
    }
    one.undo_async(EVENT, "lane 1", Some(3)).await.unwrap();
    let mut read = Vec::new();
    loop {
        let (page, next) = reader.newer_async(EVENT, &cursor, 3).await.unwrap();
        assert!(page.len() <= 3);
        cursor = next;
        if page.is_empty() {
            break;
        }
        read.extend(page);
    }
    assert_eq!(tickets(&read), [1, 2, 3, 4, 5, 6, 7, 3]);
    assert_eq!(
        read.last().map(|c| c.kind),
        Some(boxoffice::store::ChangeKind::Undone)
    );
    assert!(read.windows(2).all(|w| w[0].seq < w[1].seq));
}

/// The oldest transaction still running anywhere on the server: a
/// reader's snapshot taken after this has an xmin at least this.
async fn xmin_now(log: &PgDeskLog) -> u64 {
    log.cursor_async(EVENT + 1000).await.unwrap().horizon
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_page_moves_the_horizon_and_forgets_what_it_passed() {
    // A long read (a lane or a dashboard opening on a door's whole day)
    // used to keep every change it read in `seen` until it reached the
    // end, and each page tested every row against all of them.
    let (_name, db) = fresh().await;
    let one = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
    let reader = PgDeskLog::open(&db, BUSINESS, "lane 2", 1);
    for id in 1..=40 {
        one.admit_async(&ticket(id, "lane 1"), ScanId::new(), false)
            .await
            .unwrap();
    }
    let mut cursor = boxoffice::store::Cursor::default();
    let mut read = Vec::new();
    loop {
        let before = xmin_now(&reader).await;
        let (page, next) = reader.newer_async(EVENT, &cursor, 6).await.unwrap();
        assert!(
            next.seen.iter().all(|&(tx, _)| tx >= next.horizon),
            "seen below the horizon: {next:?}"
        );
        if page.len() == 6 {
            // Every change of a transaction older than the page's last
            // one and than the oldest running is behind the horizon (the
            // last one's changes stay in `seen`: they are at the horizon
            // or after it).
            let last = next
                .seen
                .iter()
                .filter(|(_, seq)| page.iter().any(|c| c.seq == *seq))
                .map(|&(tx, _)| tx)
                .max()
                .unwrap();
            assert!(next.horizon >= last.min(before), "{next:?} before {before}");
        }
        cursor = next;
        if page.is_empty() {
            break;
        }
        read.extend(page);
    }
    assert_eq!(tickets(&read), (1..=40).collect::<Vec<_>>());
}

/// A step of a generated history (`pages_read_every_change_once_...`).
#[derive(Debug, Clone)]
enum Step {
    /// A lane admits a ticket and commits.
    Admit(u64),
    /// A lane admits a ticket and holds its transaction open (at most
    /// three held at once).
    Hold(u64),
    /// The held transaction `n % held` commits.
    Commit(usize),
    /// A lane undoes its admission of a ticket (when it holds one).
    Undo(u64),
    /// The reader reads a page of this size.
    Read(usize),
}

fn step() -> impl proptest::strategy::Strategy<Value = Step> {
    use proptest::prelude::*;
    prop_oneof![
        4 => (1..25u64).prop_map(Step::Admit),
        2 => (1..25u64).prop_map(Step::Hold),
        2 => (0..3usize).prop_map(Step::Commit),
        1 => (1..25u64).prop_map(Step::Undo),
        3 => (1..5usize).prop_map(Step::Read),
    ]
}

#[test]
fn pages_read_every_change_once_whatever_commits_late() {
    // The rule of the cursor (store::Cursor): whatever order transactions
    // commit in and however the reads are cut into pages, every change is
    // read exactly once, and a ticket's changes in the order they were
    // made. Generated histories on the real log, a fresh event each.
    use proptest::test_runner::{Config, TestCaseError, TestRunner};
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (name, db) = runtime.block_on(fresh());
    let url = server().url(&name);
    let _inside = runtime.enter();
    let writer = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
    let reader = PgDeskLog::open(&db, BUSINESS, "lane 2", 1);
    let next_event = std::sync::atomic::AtomicU64::new(100);
    let mut runner = TestRunner::new(Config {
        cases: 24,
        failure_persistence: None,
        ..Config::default()
    });
    let steps = proptest::collection::vec(step(), 1..40);
    runner
        .run(&steps, |steps| {
            let event = next_event.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            runtime.block_on(async {
                let mut held: Vec<tokio_postgres::Client> = Vec::new();
                let mut holds = 0;
                let mut cursor = reader.cursor_async(event).await.unwrap();
                let mut read = Vec::new();
                let admission = |id: u64| Admission {
                    event_id: event,
                    ..ticket(id, "lane 1")
                };
                for s in &steps {
                    match *s {
                        Step::Admit(id) => {
                            writer
                                .admit_async(&admission(id), ScanId::new(), false)
                                .await
                                .unwrap();
                        }
                        Step::Hold(id) if held.len() < 3 => {
                            let (client, connection) =
                                tokio_postgres::connect(&url, tokio_postgres::NoTls)
                                    .await
                                    .unwrap();
                            tokio::spawn(connection);
                            // A ticket held by another open transaction
                            // would wait for it: hold only fresh tickets.
                            holds += 1;
                            let id = 1000 * holds + id;
                            client
                                .batch_execute(&format!(
                                    "BEGIN; SELECT * FROM desk_admit('{BUSINESS}', {event}, \
                                     {id}, 'TK-{id}', NULL, 'lane 1', '2026-11-26 19:02:10', \
                                     gen_random_uuid(), false)"
                                ))
                                .await
                                .unwrap();
                            held.push(client);
                        }
                        Step::Commit(n) if !held.is_empty() => {
                            let client = held.remove(n % held.len());
                            client.batch_execute("COMMIT").await.unwrap();
                        }
                        Step::Undo(id) => {
                            writer.undo_async(event, "lane 1", Some(id)).await.unwrap();
                        }
                        Step::Read(limit) => {
                            let (page, next) =
                                reader.newer_async(event, &cursor, limit).await.unwrap();
                            assert!(page.len() <= limit);
                            read.extend(page);
                            cursor = next;
                        }
                        Step::Hold(_) | Step::Commit(_) => {}
                    }
                }
                for client in held.drain(..) {
                    client.batch_execute("COMMIT").await.unwrap();
                }
                loop {
                    let (page, next) = reader.newer_async(event, &cursor, 2).await.unwrap();
                    cursor = next;
                    if page.is_empty() {
                        break;
                    }
                    read.extend(page);
                }
                let mut seqs: Vec<u64> = read.iter().map(|c| c.seq).collect();
                seqs.sort_unstable();
                let all: Vec<u64> = server()
                    .psql(
                        &name,
                        &format!(
                            "SELECT string_agg(seq::text, ',' ORDER BY seq) FROM desk_scans \
                             WHERE event_id = {event} AND verdict <> 'already admitted'"
                        ),
                    )
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().unwrap())
                    .collect();
                if seqs != all {
                    return Err(TestCaseError::fail(format!(
                        "read {seqs:?}, the log holds {all:?}"
                    )));
                }
                for t in read.iter().map(|c| c.admission.ticket_id) {
                    let of: Vec<u64> = read
                        .iter()
                        .filter(|c| c.admission.ticket_id == t)
                        .map(|c| c.seq)
                        .collect();
                    if !of.windows(2).all(|w| w[0] < w[1]) {
                        return Err(TestCaseError::fail(format!(
                            "ticket {t}'s changes out of order: {of:?}"
                        )));
                    }
                }
                Ok(())
            })
        })
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_log_migrates_and_keeps_its_admissions() {
    let name = server().database();
    let db = DeskDb::parse(&server().url(&name)).unwrap();
    let first = pg::init_to(&db, 1).await.unwrap();
    assert_eq!((first.from, first.to), (0, 1));
    // Two scans as version 1 numbered them: per event, from 1.
    server().psql(
        &name,
        &format!(
            "SELECT * FROM desk_admit('{BUSINESS}', {EVENT}, 1, 'TK-000001', NULL, 'lane 1', \
                 '2026-11-26 19:02:10', gen_random_uuid(), false); \
             SELECT * FROM desk_admit('{BUSINESS}', {EVENT}, 2, 'TK-000002', NULL, 'lane 1', \
                 '2026-11-26 19:02:11', gen_random_uuid(), false);"
        ),
    );
    // A lane of this build does not work with it until it is migrated.
    let lane = PgDeskLog::open(&db, BUSINESS, "lane 2", 1);
    let refused = lane.ping().await.unwrap_err();
    assert!(refused.to_string().contains("schema 1"), "{refused}");
    assert!(refused.to_string().contains("desk-db init"), "{refused}");
    let migrated = pg::init(&db).await.unwrap();
    assert_eq!((migrated.from, migrated.to), (1, pg::version()));
    lane.ping().await.unwrap();
    assert_eq!(lane.admitted_async(EVENT).await.unwrap().len(), 2);
    let cursor = lane.cursor_async(EVENT).await.unwrap();
    // Ticket 2 again: its winner is still known; ticket 3 comes after.
    let again = lane
        .admit_async(&ticket(2, "lane 2"), ScanId::new(), false)
        .await
        .unwrap();
    assert!(
        matches!(&again, Recorded::AlreadyAdmitted(w) if w.desk == "lane 1"),
        "{again:?}"
    );
    lane.admit_async(&ticket(3, "lane 2"), ScanId::new(), false)
        .await
        .unwrap();
    let (changes, _) = lane.newer_async(EVENT, &cursor, 100).await.unwrap();
    assert_eq!(tickets(&changes), [3]);
    assert!(changes[0].seq > 2, "{changes:?}");
    assert_eq!(count(&name, "SELECT COUNT(*) FROM desk_admissions"), 3);
}

#[tokio::test]
async fn init_is_idempotent_and_check_says_what_a_lane_needs() {
    let (name, db) = fresh().await;
    let again = pg::init(&db).await.unwrap();
    assert_eq!((again.from, again.to), (pg::version(), pg::version()));
    let check = pg::check(&db).await;
    assert!(check.ok(), "{check:?}");
    // A lane's role, as docs/lanes.md gives it.
    server().psql(
        &name,
        "CREATE ROLE lane LOGIN; \
         GRANT SELECT, INSERT, DELETE ON desk_admissions, desk_scans, desk_conflicts, \
             desk_moves, desk_forced, desk_policy, desk_notes, desk_lanes TO lane; \
         GRANT SELECT ON desk_schema TO lane;",
    );
    let as_lane = DeskDb::parse(&server().url_as("lane", &name)).unwrap();
    assert!(pg::check(&as_lane).await.ok());
    let log = PgDeskLog::open(&as_lane, BUSINESS, "lane 1", 1);
    log.admit_async(&ticket(1, "lane 1"), ScanId::new(), false)
        .await
        .unwrap();
    assert!(
        log.undo_async(EVENT, "lane 1", None)
            .await
            .unwrap()
            .is_some()
    );
    // The door's rules with the same role: an exit, a policy, a note.
    let mut lane = PgDeskLog::open(&as_lane, BUSINESS, "lane 1", 1);
    let l2 = ticket(2, "lane 1");
    log.admit_async(&l2, ScanId::new(), false).await.unwrap();
    let moved = tokio::task::spawn_blocking(move || {
        let exit = lane.door_move(&l2, ChangeKind::Exit, ScanId::new());
        let policy = lane.set_policy(EVENT, &KeptPolicy::default());
        let note = lane.set_note(&KeptNote {
            on: "ticket".into(),
            id: 2,
            text: "gate B".into(),
            ..KeptNote::default()
        });
        (exit, policy, note)
    })
    .await
    .unwrap();
    assert!(matches!(moved.0, Ok(Moved::Done(_))), "{moved:?}");
    assert!(moved.1.is_ok() && moved.2.is_ok(), "{moved:?}");
    // A role without DELETE is told.
    server().psql(&name, "REVOKE DELETE ON desk_admissions FROM lane");
    let check = pg::check(&as_lane).await;
    assert_eq!(check.missing, ["DELETE on desk_admissions"]);
}

/// TLS to the shared log, as to a real server elsewhere: a server whose
/// certificate a private authority issued, a role that may log in only over
/// TLS by SCRAM, `channel_binding=require` (SCRAM-SHA-256-PLUS: the login
/// fails unless our end-point hash of the server's certificate, SHA-384 here,
/// is the server's).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lane_reaches_the_log_over_tls_bound_to_the_channel() {
    let server = common::postgres::Server::start(false);
    let authority = server.enable_tls("lane", "s3cret");
    let name = server.database();
    let owner = DeskDb::parse(&server.url(&name)).unwrap();
    assert!(!owner.tls());
    pg::init(&owner).await.unwrap();
    server.psql(
        &name,
        "GRANT SELECT, INSERT, DELETE ON desk_admissions, desk_scans, desk_conflicts, \
             desk_moves, desk_forced, desk_policy, desk_notes, desk_lanes TO lane; \
         GRANT SELECT ON desk_schema TO lane;",
    );
    let url = format!(
        "postgres://lane:s3cret@127.0.0.1:{}/{name}?sslmode=verify-full&channel_binding=require",
        server.port
    );
    // The platform's roots do not know the authority: refused, and said so.
    let untrusted = pg::check(&DeskDb::parse(&url).unwrap()).await;
    let error = untrusted.error.unwrap_or_default();
    assert!(error.contains("certificate"), "{error}");
    assert!(!error.contains("s3cret"), "{error}");
    // Trusting it: the lane works, over TLS.
    let db = DeskDb::parse(&url)
        .unwrap()
        .trusting(authority.clone())
        .unwrap();
    assert!(db.tls());
    let check = pg::check(&db).await;
    assert!(check.ok(), "{check:?}");
    let lane = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
    lane.admit_async(&ticket(1, "lane 1"), ScanId::new(), false)
        .await
        .unwrap();
    assert_eq!(lane.admitted_async(EVENT).await.unwrap().len(), 1);
    // The pool's connection is the lane's, and it is encrypted.
    assert_eq!(
        server.psql(
            "postgres",
            "SELECT bool_and(s.ssl), count(*) FROM pg_stat_ssl s \
             JOIN pg_stat_activity a USING (pid) \
             WHERE a.application_name = 'boxoffice lane lane 1'"
        ),
        "t|1"
    );
    // Without TLS the role is refused by the server (the rule is its, not ours).
    let plain = DeskDb::parse(&format!(
        "postgres://lane:s3cret@127.0.0.1:{}/{name}?sslmode=disable",
        server.port
    ))
    .unwrap()
    .trusting(authority)
    .unwrap();
    assert!(pg::check(&plain).await.error.is_some());
}

#[test]
fn the_password_is_never_shown() {
    let url = "postgres://lane:s3cret@db.example:5432/door?sslmode=require";
    let db = DeskDb::parse(url).unwrap();
    assert_eq!(
        db.redacted(),
        "postgres://lane:***@db.example:5432/door?sslmode=require"
    );
    assert!(!format!("{db:?}").contains("s3cret"));
    assert!(db.tls());
    assert_eq!(
        pg::redact("host=db user=lane password='a b' dbname=door"),
        "host=db user=lane password=*** dbname=door"
    );
    let refused =
        DeskDb::parse("postgres://lane:s3cret@db.example/door?sslmode=disable").unwrap_err();
    assert!(!refused.to_string().contains("s3cret"), "{refused}");
    assert!(refused.to_string().contains("sslmode"), "{refused}");
    // Loopback: plain unless asked.
    assert!(
        !DeskDb::parse("postgres://lane:x@127.0.0.1/door")
            .unwrap()
            .tls()
    );
}

#[test]
fn the_local_file_has_the_same_rule_one_admission_per_ticket() {
    let home = tempfile::tempdir().unwrap();
    let mut log = SqliteDeskLog::open(home.path()).unwrap();
    let scan = ScanId::new();
    let Recorded::Admitted(first) = log.admit(&ticket(1, "desk a"), scan).unwrap() else {
        panic!("not admitted")
    };
    assert_eq!(
        log.admit(&ticket(1, "desk a"), scan).unwrap(),
        Recorded::Admitted(first.clone())
    );
    assert_eq!(
        log.admit(&ticket(1, "desk b"), ScanId::new()).unwrap(),
        Recorded::AlreadyAdmitted(first.clone())
    );
    // `record`, the old call, says who won.
    let e = log.record(&ticket(1, "desk b")).unwrap_err();
    assert!(e.to_string().contains("already admitted: desk a"), "{e}");
    assert_eq!(log.admitted(EVENT).unwrap(), [first]);
    // Undone, the ticket can be admitted again.
    log.undo_last(EVENT, "desk a").unwrap().unwrap();
    assert!(matches!(
        log.admit(&ticket(1, "desk b"), ScanId::new()).unwrap(),
        Recorded::Admitted(_)
    ));
}

#[test]
fn a_desk_log_of_the_first_schema_is_migrated_and_keeps_its_admissions() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join(SqliteDeskLog::FILE);
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "CREATE TABLE admissions (
                 seq INTEGER PRIMARY KEY AUTOINCREMENT, ticket_id INTEGER NOT NULL,
                 number TEXT NOT NULL, event_id INTEGER NOT NULL, edition_id INTEGER,
                 at TEXT NOT NULL, desk TEXT NOT NULL, undone_at TEXT);
             CREATE INDEX admissions_by_ticket ON admissions (event_id, ticket_id);
             CREATE INDEX admissions_by_desk ON admissions (event_id, desk);
             INSERT INTO admissions (ticket_id, number, event_id, at, desk)
                 VALUES (1, 'TK-000001', 7, '2026-11-26 19:02:10', 'desk a');
             PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let mut log = SqliteDeskLog::open(home.path()).unwrap();
    assert_eq!(log.admitted(EVENT).unwrap().len(), 1);
    let again = log.admit(&ticket(1, "desk b"), ScanId::new()).unwrap();
    assert!(matches!(again, Recorded::AlreadyAdmitted(w) if w.desk == "desk a"));
}

#[tokio::test]
async fn config_show_doctor_and_check_show_the_address_without_its_password() {
    let (name, _) = fresh().await;
    let url = format!(
        "postgres://postgres:s3cret@127.0.0.1:{}/{name}",
        server().port
    );
    let home = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = common::binary::boxoffice(home.path())
            .args(args)
            .args(["--desk-db", &url])
            .env("BOXOFFICE_BASE_URL", "http://127.0.0.1:9")
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!text.contains("s3cret"), "{text}");
        (out.status.success(), text)
    };
    let (_, shown) = run(&["config", "show"]);
    assert!(shown.contains("desk log"), "{shown}");
    assert!(
        shown.contains("postgres://postgres:***@127.0.0.1"),
        "{shown}"
    );
    let (ok, checked) = run(&["desk-db", "check"]);
    assert!(ok, "{checked}");
    let schema = format!("✓ schema      {}", pg::version());
    assert!(checked.contains(&schema), "{checked}");
    let (_, doctor) = run(&["doctor"]);
    assert!(
        doctor
            .lines()
            .any(|l| l.contains("desk log") && l.contains(":***@")),
        "{doctor}"
    );
    let (ok, init) = run(&["desk-db", "init"]);
    assert!(ok && init.contains("already there"), "{init}");
}

/// `boxoffice admit` as lane `lane` (a machine of its own: its own home),
/// recording through the shared log at `url`: exit code and what it printed.
fn admit_as(lane: &str, url: &str, home: &std::path::Path) -> (i32, String) {
    let out = common::binary::boxoffice(home)
        .args([
            "--demo",
            "admit",
            "TK-000031",
            "--event",
            "101",
            "--desk",
            lane,
            "--desk-db",
            url,
        ])
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap(), format!("{text}{err}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admit_with_desk_db_shares_the_log_and_names_the_winner() {
    let (name, _) = fresh().await;
    let url = server().url(&name);
    let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (code, text) = admit_as("lane 1", &url, one.path());
    assert_eq!(code, 0, "{text}");
    assert!(text.starts_with("VALID"), "{text}");
    // Another machine, another lane: its own file knows nothing, the shared
    // log names lane 1.
    let (code, text) = admit_as("lane 2", &url, two.path());
    assert_eq!(code, 10, "{text}");
    assert!(text.starts_with("ALREADY ADMITTED"), "{text}");
    assert!(text.contains("at lane 1"), "{text}");
    assert_eq!(count(&name, "SELECT COUNT(*) FROM desk_admissions"), 1);
    // A third machine, no desk of its own: the door list's admitted column
    // comes from the shared log.
    let three = tempfile::tempdir().unwrap();
    let out = common::binary::boxoffice(three.path())
        .args([
            "--demo",
            "tickets",
            "1002",
            "--all",
            "--admitted",
            "--format",
            "csv",
            "--desk-db",
            &url,
        ])
        .env("XDG_STATE_HOME", three.path().join("state"))
        .env("XDG_CACHE_HOME", three.path().join("cache"))
        .output()
        .unwrap();
    let csv = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let admitted: Vec<&str> = csv.lines().skip(1).filter(|l| !l.ends_with(',')).collect();
    assert_eq!(admitted.len(), 1, "{csv}");
    assert!(admitted[0].contains("TK-000031"), "{csv}");
}

/// Issue 27 through the shared log: an exit at one lane is read by the
/// other (who is outside, by the history and by the door's state); a
/// re-entry from outside only; the policy set at one lane is read at the
/// other; a note kept once is read by every lane; a forced admission is
/// marked with its lane.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exits_policies_notes_and_forced_admissions_are_shared() {
    let (_, db) = fresh().await;
    let one = PgDeskLog::open(&db, BUSINESS, "lane 1", 2);
    let two = PgDeskLog::open(&db, BUSINESS, "exit 1", 2);
    let cursor = two.cursor_async(EVENT).await.unwrap();
    one.admit_async(&ticket(1, "lane 1"), ScanId::new(), false)
        .await
        .unwrap();
    let exit = DoorOp::Move(Moving {
        admission: ticket(1, "exit 1"),
        kind: ChangeKind::Exit,
        scan: ScanId::new(),
    });
    let out = two.door_async(exit.clone()).await.unwrap().moved().unwrap();
    assert!(
        matches!(&out, Moved::Done(m) if m.desk == "exit 1"),
        "{out:?}"
    );
    // The same scan again: answered as the first time; a second exit of a
    // ticket outside is refused, naming the first.
    assert_eq!(two.door_async(exit).await.unwrap().moved().unwrap(), out);
    let twice = two
        .door_async(DoorOp::Move(Moving {
            admission: ticket(1, "exit 1"),
            kind: ChangeKind::Exit,
            scan: ScanId::new(),
        }))
        .await
        .unwrap()
        .moved()
        .unwrap();
    assert!(
        matches!(twice, Moved::Refused(Some((ChangeKind::Exit, _)))),
        "{twice:?}"
    );
    // The entry lane reads the exit in the history and in the door.
    let (changes, _) = one.newer_async(EVENT, &cursor, 100).await.unwrap();
    let kinds: Vec<ChangeKind> = changes.iter().map(|c| c.kind).collect();
    assert_eq!(kinds, [ChangeKind::Admitted, ChangeKind::Exit]);
    let state = one
        .door_async(DoorOp::Read { event_id: EVENT })
        .await
        .unwrap()
        .state()
        .unwrap();
    assert_eq!(state.moves.len(), 1);
    assert_eq!(state.moves[0].admission.desk, "exit 1");
    // Back in: nobody outside.
    let back = one
        .door_async(DoorOp::Move(Moving {
            admission: ticket(1, "lane 1"),
            kind: ChangeKind::Reentry,
            scan: ScanId::new(),
        }))
        .await
        .unwrap()
        .moved()
        .unwrap();
    assert!(matches!(back, Moved::Done(_)));
    let state = two
        .door_async(DoorOp::Read { event_id: EVENT })
        .await
        .unwrap()
        .state()
        .unwrap();
    assert!(
        state.moves.iter().all(|m| m.kind == ChangeKind::Reentry),
        "{:?}",
        state.moves
    );
    assert_eq!(state.moves.len(), 1, "its latest move, the re-entry");
    // Never admitted: nothing to leave.
    let never = two
        .door_async(DoorOp::Move(Moving {
            admission: ticket(9, "exit 1"),
            kind: ChangeKind::Exit,
            scan: ScanId::new(),
        }))
        .await
        .unwrap()
        .moved()
        .unwrap();
    assert_eq!(never, Moved::Refused(None));
    // The policy and a note, set at one lane, read at the other.
    let policy = KeptPolicy {
        editions: "all".into(),
        closes: "18:00".into(),
        closes_at: "2026-12-01 17:00:00".into(),
        reentry: true,
        set_by: "lane 1".into(),
        ..KeptPolicy::default()
    };
    one.door_async(DoorOp::SetPolicy {
        event_id: EVENT,
        policy: policy.clone(),
    })
    .await
    .unwrap();
    one.door_async(DoorOp::SetNote(KeptNote {
        on: "customer".into(),
        id: 40,
        text: "wheelchair: use gate B".into(),
        by: "lane 1".into(),
        at: "2026-12-01 09:00:00".into(),
    }))
    .await
    .unwrap();
    let state = two
        .door_async(DoorOp::Read { event_id: EVENT })
        .await
        .unwrap()
        .state()
        .unwrap();
    assert_eq!(state.policy, Some(policy));
    assert_eq!(state.notes.len(), 1);
    assert_eq!(state.notes[0].text, "wheelchair: use gate B");
    // A forced admission names its lane.
    let scan = ScanId::new();
    let forced = two
        .door_async(DoorOp::Forced {
            admission: ticket(5, "exit 1"),
            scan,
        })
        .await
        .unwrap()
        .recorded()
        .unwrap();
    assert!(matches!(forced, Recorded::Admitted(_)));
    assert_eq!(
        one.forced_by_async(scan).await.unwrap().as_deref(),
        Some("exit 1")
    );
}

/// `boxoffice <args>` as lane `lane` (a machine of its own: its own home)
/// of the door whose shared log is at `url`, against the demo: exit code
/// and what it printed.
fn lane_runs(lane: &str, url: &str, home: &std::path::Path, args: &[&str]) -> (i32, String) {
    let out = common::binary::boxoffice(home)
        .arg("--demo")
        .args(args)
        .args(["--desk-db", url])
        .args(if args.starts_with(&["door", "show"]) {
            vec![]
        } else {
            vec!["--desk", lane]
        })
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap(), format!("{text}{err}"))
}

/// Issue 27 headless, two machines sharing the tests' PostgreSQL: a policy
/// set at one lane holds at the other; entry, exit, re-entry and who is
/// inside; re-entry off names the exit; the door's hours with nothing
/// recorded, and a forced admission recorded with its desk; every edition
/// at one door; a whole order from one scan; a note shown at both lanes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_doors_rules_hold_at_every_lane_headless() {
    let (name, _) = fresh().await;
    let url = server().url(&name);
    let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let entry = |args: &[&str]| lane_runs("lane 1", &url, one.path(), args);
    let exit = |args: &[&str]| lane_runs("exit 1", &url, two.path(), args);
    let inside = |run: &dyn Fn(&[&str]) -> (i32, String)| -> u64 {
        let (code, text) = run(&["door", "show", "101", "--format", "json"]);
        assert_eq!(code, 0, "{text}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["inside"].as_u64().unwrap()
    };
    let (code, text) = entry(&["door", "set", "101", "--reentry", "on"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("policy    Day 1 · re-entry"), "{text}");
    // The other lane reads it.
    let (_, text) = exit(&["door", "show", "101"]);
    assert!(
        text.contains("re-entry  on") && text.contains("lane 1"),
        "{text}"
    );
    // Entry, exit, entry again: VALID, EXIT, WELCOME BACK; inside 1, 0, 1
    // at both lanes.
    let (code, text) = entry(&["admit", "TK-000031", "--event", "101"]);
    assert_eq!((code, text.starts_with("VALID")), (0, true), "{text}");
    assert_eq!((inside(&entry), inside(&exit)), (1, 1));
    let (code, text) = exit(&["admit", "TK-000031", "--event", "101", "--exit"]);
    assert_eq!((code, text.starts_with("EXIT")), (0, true), "{text}");
    assert_eq!((inside(&entry), inside(&exit)), (0, 0));
    let (code, text) = exit(&["admit", "TK-000031", "--event", "101", "--exit"]);
    assert_eq!((code, text.starts_with("NOT INSIDE")), (17, true), "{text}");
    let (code, text) = entry(&["admit", "TK-000031", "--event", "101"]);
    assert_eq!(
        (code, text.starts_with("WELCOME BACK")),
        (0, true),
        "{text}"
    );
    assert!(text.contains("at exit 1"), "{text}");
    assert_eq!((inside(&entry), inside(&exit)), (1, 1));
    // Re-entry off: ALREADY ADMITTED, naming when and where it left.
    entry(&["door", "set", "101", "--reentry", "off"]);
    exit(&["admit", "TK-000031", "--event", "101", "--exit"]);
    let (code, text) = entry(&["admit", "TK-000031", "--event", "101"]);
    assert_eq!(
        (code, text.starts_with("ALREADY ADMITTED")),
        (10, true),
        "{text}"
    );
    assert!(
        text.contains("left at") && text.contains("at exit 1"),
        "{text}"
    );
    // Not open yet: nothing recorded; forced: recorded, with the desk.
    let admitted = count(&name, "SELECT COUNT(*) FROM desk_admissions");
    let (code, _) = entry(&["door", "set", "101", "--opens", "2999-01-01 09:00"]);
    assert_eq!(code, 0);
    let (code, text) = exit(&["admit", "TK-000032", "--event", "101"]);
    assert_eq!(
        (code, text.starts_with("NOT OPEN YET")),
        (15, true),
        "{text}"
    );
    assert!(text.contains("Zoë"), "the guest's name: {text}");
    assert_eq!(
        count(&name, "SELECT COUNT(*) FROM desk_admissions"),
        admitted
    );
    let (code, text) = exit(&["admit", "TK-000032", "--event", "101", "--force"]);
    assert_eq!((code, text.starts_with("VALID")), (0, true), "{text}");
    assert!(text.contains("forced by exit 1"), "{text}");
    assert_eq!(
        server().psql(&name, "SELECT lane FROM desk_forced"),
        "exit 1"
    );
    // Closed.
    entry(&[
        "door",
        "set",
        "101",
        "--opens",
        "",
        "--closes",
        "2000-01-01 09:00",
    ]);
    let (code, text) = entry(&["admit", "TK-000033", "--event", "101"]);
    assert_eq!((code, text.starts_with("CLOSED")), (16, true), "{text}");
    entry(&["door", "set", "101", "--closes", ""]);
    // A Day 2 ticket at the Day 1 door: OTHER EDITION, then VALID with
    // every edition let in.
    let (code, text) = entry(&["admit", "TK-000130", "--event", "101"]);
    assert_eq!(
        (code, text.starts_with("OTHER EDITION")),
        (12, true),
        "{text}"
    );
    entry(&["door", "set", "101", "--editions", "all"]);
    let (code, text) = exit(&["admit", "TK-000130", "--event", "101"]);
    assert_eq!((code, text.starts_with("VALID")), (0, true), "{text}");
    // An order of 3 at Day 1 (5 with every edition; TK-000130 is in): one
    // scan admits the rest, one line each.
    entry(&["door", "set", "101", "--editions", "this"]);
    let (code, text) = entry(&["admit", "TK-000039", "--event", "101", "--order"]);
    assert_eq!(code, 0, "{text}");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("(order #10015)"))
        .collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines.iter().all(|l| l.starts_with("VALID")), "{text}");
    assert!(
        text.contains("TK-000057") && text.contains("TK-000088"),
        "{text}"
    );
    assert_eq!(
        count(
            &name,
            "SELECT COUNT(*) FROM desk_admissions WHERE number IN ('TK-000039', 'TK-000057', 'TK-000088')"
        ),
        3
    );
    // A note kept at one lane is shown at both.
    let (code, text) = entry(&["note", "34", "wheelchair: use gate B"]);
    assert_eq!(code, 0, "{text}");
    let (_, text) = exit(&["admit", "TK-000034", "--event", "101", "--format", "json"]);
    assert!(
        text.contains("\"note\": \"wheelchair: use gate B\""),
        "{text}"
    );
    let (_, text) = entry(&["admit", "TK-000034", "--event", "101"]);
    assert!(text.contains("⚑ wheelchair: use gate B"), "{text}");
    let (_, text) = exit(&["note", "--list"]);
    assert!(text.contains("ticket 34  wheelchair: use gate B"), "{text}");
}
