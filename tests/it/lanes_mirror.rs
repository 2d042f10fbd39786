#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Lanes that remember through an outage, as a door script runs them: each
//! scan a new `boxoffice admit` process. A lane cut off judges from its
//! mirror of the shared log (a ticket another lane admitted before is
//! ALREADY ADMITTED, offline too); `desk sync` sends its whole queue once
//! the log is back; a hung log costs the next scan a tenth of a second.
//! Its own test binary: it stops (and hangs) its PostgreSQL.

use crate::common;

use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::time::Instant;

use boxoffice::store::{SqliteDeskLog, paths};
use common::binary::boxoffice;
use common::postgres::Server;
use std::sync::OnceLock;

/// These tests stop their server: a server of their own, not the one the
/// binary's other tests share (`common::postgres::server`).
fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| Server::start(false))
}

/// The tests stop the one server: one at a time.
static ONE: Mutex<()> = Mutex::new(());

/// `boxoffice --demo admit <scan> --event 1002` at lane `lane` (its own
/// home): exit code, the JSON said, stderr.
fn admit(home: &Path, lane: &str, url: &str, scan: &str) -> (i32, serde_json::Value, String) {
    let out = boxoffice(home)
        .args([
            "--demo",
            "admit",
            scan,
            "--event",
            "1002",
            "--desk",
            lane,
            "--desk-db",
            url,
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let said = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{stderr}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code().unwrap(), said, stderr)
}

/// `boxoffice --demo desk sync` at the lane of `home`: exit code, stdout
/// and stderr.
fn sync(home: &Path, url: &str) -> (i32, String) {
    let out = boxoffice(home)
        .args(["--demo", "desk", "sync", "--desk-db", url])
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap(), text)
}

/// The admissions the lane of `home` holds queued, read from its file.
fn queued(home: &Path) -> usize {
    let env = |k: &str| (k == "HOME").then(|| home.display().to_string());
    let dir = paths::state_dir(&env, "demo").unwrap();
    SqliteDeskLog::open(&dir).unwrap().queued_count().unwrap()
}

fn init(url: &str) {
    let home = tempfile::tempdir().unwrap();
    let out = boxoffice(home.path())
        .args(["desk-db", "init", "--desk-db", url])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
}

#[test]
fn a_lane_cut_off_remembers_the_other_lanes_and_sends_its_queue_when_the_log_is_back() {
    let _one = ONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let url = server().url(&server().database());
    init(&url);
    let homes: Vec<_> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    let (a, b, c) = (homes[0].path(), homes[1].path(), homes[2].path());

    // The log up: A and B admit; C reads the log with one scan of its own.
    for (home, lane, scan) in [
        (a, "lane-a", "TK-000031"),
        (b, "lane-b", "TK-000032"),
        (c, "lane-c", "TK-000033"),
    ] {
        let (code, said, stderr) = admit(home, lane, &url, scan);
        assert_eq!(code, 0, "{said} {stderr}");
        assert_eq!(said["shared"], true, "{said}");
        assert_eq!(said["offline"], serde_json::Value::Null, "{said}");
    }

    server().stop();

    // Cut off, C still knows what A and B admitted before: ALREADY
    // ADMITTED naming them, judged offline, saying how old its mirror is.
    for (scan, lane) in [("TK-000031", "lane-a"), ("TK-000032", "lane-b")] {
        let (code, said, stderr) = admit(c, "lane-c", &url, scan);
        assert_eq!(code, 10, "{said} {stderr}");
        assert_eq!(said["verdict"], "ALREADY ADMITTED", "{said}");
        assert_eq!(said["admission"]["desk"], lane, "{said}");
        assert!(said["offline"]["mirror_read_at"].is_string(), "{said}");
        assert!(
            stderr.contains("judged offline from this lane's copy of the shared log, read at"),
            "{stderr}"
        );
    }
    // A new ticket at A and at C: both VALID, each queued at its lane.
    for (home, lane) in [(a, "lane-a"), (c, "lane-c")] {
        let (code, said, stderr) = admit(home, lane, &url, "TK-000034");
        assert_eq!(code, 0, "{said} {stderr}");
        assert_eq!(said["shared"], false, "{said}");
        assert!(stderr.contains("on this lane only"), "{stderr}");
    }
    assert_eq!((queued(a), queued(b), queued(c)), (1, 0, 1));
    // doctor says what the lane holds queued.
    let out = boxoffice(a)
        .args(["--demo", "doctor", "--desk-db", &url])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("1 admission queued on this machine for the shared log"),
        "{report}"
    );
    // While the log is away, `desk sync` says what is left and fails.
    let (code, text) = sync(a, &url);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1 admission still queued"), "{text}");

    server().start_again();

    for home in [a, b, c] {
        let (code, text) = sync(home, &url);
        assert_eq!(code, 0, "{text}");
        assert!(text.contains("nothing queued"), "{text}");
    }
    assert_eq!((queued(a), queued(b), queued(c)), (0, 0, 0));
    // The ticket admitted at two lanes is a conflict, never dropped.
    let out = boxoffice(a)
        .args([
            "--demo",
            "desk",
            "conflicts",
            "--desk-db",
            &url,
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let conflicts: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let conflicts = conflicts.as_array().unwrap();
    assert_eq!(conflicts.len(), 1, "{conflicts:?}");
    assert_eq!(conflicts[0]["number"], "TK-000034", "{conflicts:?}");
    let lanes = [&conflicts[0]["kept_lane"], &conflicts[0]["replayed_lane"]];
    assert!(
        lanes.contains(&&serde_json::json!("lane-a"))
            && lanes.contains(&&serde_json::json!("lane-c")),
        "{conflicts:?}"
    );
    // Every lane now says ALREADY ADMITTED for it, from the log.
    let (code, said, _) = admit(b, "lane-b", &url, "TK-000034");
    assert_eq!(code, 10, "{said}");
}

/// Continues a stopped process when dropped (a failing test leaves no
/// server hung behind it).
struct Stopped(String);

impl Stopped {
    fn stop(pid: &str) -> Self {
        assert!(
            Command::new("kill")
                .args(["-STOP", pid])
                .status()
                .unwrap()
                .success()
        );
        Self(pid.to_owned())
    }
}

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-CONT", &self.0]).status();
    }
}

#[test]
fn a_hung_log_costs_the_first_scan_the_deadline_and_the_next_the_short_one() {
    let _one = ONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let url = server().url(&server().database());
    init(&url);
    let home = tempfile::tempdir().unwrap();
    let (code, said, stderr) = admit(home.path(), "lane-a", &url, "TK-000037");
    assert_eq!(code, 0, "{said} {stderr}");

    let pidfile = std::fs::read_to_string(server().dir().join("data/postmaster.pid")).unwrap();
    let postmaster = pidfile.lines().next().unwrap().trim().to_owned();
    let hung = Stopped::stop(&postmaster);

    // The first scan waits up to the whole deadline, then judges alone; the lane
    // remembers the failure, so the next waits only the short deadline.
    let started = Instant::now();
    let (code, said, stderr) = admit(home.path(), "lane-a", &url, "TK-000038");
    let first = started.elapsed();
    assert_eq!(code, 0, "{said} {stderr}");
    // (The connection's own timeout may end the wait first.)
    assert!(
        stderr.contains("the shared desk log is unreachable") && !stderr.contains("within 100 ms"),
        "{stderr}"
    );
    let started = Instant::now();
    let (code, said, stderr) = admit(home.path(), "lane-a", &url, "TK-000037");
    let next = started.elapsed();
    // Its own earlier admission: ALREADY ADMITTED offline too.
    assert_eq!(code, 10, "{said} {stderr}");
    // The short deadline: sized from the lane's round trip, never the
    // whole one (the figure grows with a loaded machine's round trip).
    let waited: u64 = stderr
        .split("did not answer within ")
        .nth(1)
        .and_then(|rest| rest.split(" ms").next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no short deadline in {stderr}"));
    // (The whole deadline's floor is 0.8 s.)
    assert!(waited < 800, "{stderr}");
    eprintln!("hung log: the first admit took {first:?}, the next {next:?} (whole processes)");

    drop(hung);
    let (code, text) = sync(home.path(), &url);
    assert_eq!(code, 0, "{text}");
    assert_eq!(queued(home.path()), 0);
}

mod flags {
    use boxoffice::store::{
        Admission, DeskDb, LaneLog, PgDeskLog, Recorded, ScanId, SqliteDeskLog, pg,
    };

    use super::{ONE, server};

    const BUSINESS: &str = "flags";
    const EVENT: u64 = 9;

    fn ticket(id: u64, lane: &str) -> Admission {
        Admission {
            ticket_id: id,
            number: format!("TK-{id:06}"),
            event_id: EVENT,
            edition_id: None,
            at: format!("2026-12-01 19:0{id}:00"),
            desk: lane.to_owned(),
        }
    }

    /// Every way a queued admission can meet the log: sent and recorded
    /// but the lane stopped before marking it (a crash); sent while the log
    /// hung and run late, losing to another lane's admission; never sent.
    /// One sync after, nothing is left queued, and the log holds each as
    /// the docs say: the admission once, the lost one a conflict, the last
    /// admitted. Sent again, nothing changes.
    #[test]
    fn a_queued_admission_the_log_recorded_is_never_left_queued() {
        let _one = ONE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(4)
            .enable_all()
            .build()
            .unwrap()
            .block_on(every_outcome());
    }

    async fn every_outcome() {
        let name = server().database();
        let db = DeskDb::parse(&server().url(&name)).unwrap();
        pg::init(&db).await.unwrap();
        let home = tempfile::tempdir().unwrap();
        let (s1, s2, s3) = (ScanId::new(), ScanId::new(), ScanId::new());
        let (a1, a2, a3) = (
            ticket(1, "lane 1"),
            ticket(2, "lane 1"),
            ticket(3, "lane 1"),
        );
        {
            let mut local = SqliteDeskLog::open(home.path()).unwrap();
            for (a, s) in [(&a1, s1), (&a2, s2), (&a3, s3)] {
                local.admit_queued(a, s).unwrap();
            }
            assert_eq!(local.queued_count().unwrap(), 3);
        }
        let one = PgDeskLog::open(&db, BUSINESS, "lane 1", 1);
        let two = PgDeskLog::open(&db, BUSINESS, "lane 2", 1);
        // s1 reached the log; the lane stopped before it marked it.
        let sent = one.replay_async(&[(a1.clone(), s1)]).await.unwrap();
        assert!(matches!(&sent[..], [Recorded::Admitted(_)]), "{sent:?}");
        // s2 was sent while the log hung, and ran after lane 2 admitted.
        let won = two
            .admit_async(&ticket(2, "lane 2"), ScanId::new(), false)
            .await;
        assert!(matches!(won, Ok(Recorded::Admitted(_))), "{won:?}");
        let hung = one.admit_async(&a2, s2, false).await;
        assert!(matches!(hung, Ok(Recorded::AlreadyAdmitted(_))), "{hung:?}");

        let restarted = LaneLog::manual(
            PgDeskLog::open(&db, BUSINESS, "lane 1", 2),
            SqliteDeskLog::open(home.path()).unwrap(),
        );
        let restarted = tokio::task::spawn_blocking(move || {
            restarted.sync_now().unwrap();
            restarted
        })
        .await
        .unwrap();
        assert_eq!(restarted.queued_count().unwrap(), 0);
        let held = server().psql(
            &name,
            "SELECT string_agg(number || ' ' || lane, ', ' ORDER BY number) FROM desk_admissions",
        );
        assert_eq!(held, "TK-000001 lane 1, TK-000002 lane 2, TK-000003 lane 1");
        let conflicts = "SELECT string_agg(number || ' ' || kept_lane || ' ' || replayed_lane, ', ') \
                         FROM desk_conflicts";
        assert_eq!(server().psql(&name, conflicts), "TK-000002 lane 2 lane 1");
        let admitted_s1 = format!(
            "SELECT count(*) FROM desk_scans WHERE scan_id = '{s1}' AND verdict = 'admitted'"
        );
        assert_eq!(server().psql(&name, &admitted_s1), "1");
        // The whole queue sent again (a crash before the marks): the same.
        let again = one
            .replay_async(&[(a1, s1), (a2, s2), (a3, s3)])
            .await
            .unwrap();
        assert!(
            matches!(
                &again[..],
                [Recorded::Admitted(_), Recorded::AlreadyAdmitted(w), Recorded::Admitted(_)]
                    if w.desk == "lane 2"
            ),
            "{again:?}"
        );
        assert_eq!(server().psql(&name, conflicts), "TK-000002 lane 2 lane 1");
        assert_eq!(server().psql(&name, &admitted_s1), "1");
        drop(restarted);
    }
}
