#![allow(clippy::unwrap_used, clippy::expect_used)]
//! A lane that loses the shared desk log keeps working, and what two lanes
//! did while cut off is reconciled after: one admission, one conflict, shown
//! by `boxoffice desk conflicts`; an undo of either side of a conflict keeps
//! the other's admission. It stops and starts its PostgreSQL: a server of
//! its own, which the other tests' server must not see.

use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use boxoffice::store::{
    Admission, DeskDb, DeskLog, LaneLog, Reach, Recorded, ScanId, SqliteDeskLog, pg,
};
use common::binary::boxoffice;
use common::postgres::Server;

/// This test stops its server: a server of its own, not the one the
/// binary's other tests share (`common::postgres::server`).
fn server() -> &'static Server {
    static SERVER: std::sync::OnceLock<Server> = std::sync::OnceLock::new();
    SERVER.get_or_init(|| Server::start(false))
}

const BUSINESS: &str = "demo";
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

type Lane = Arc<Mutex<LaneLog>>;

async fn blocking<T: Send + 'static>(
    lane: &Lane,
    f: impl FnOnce(&mut LaneLog) -> T + Send + 'static,
) -> T {
    let lane = lane.clone();
    tokio::task::spawn_blocking(move || f(&mut lane.lock().unwrap()))
        .await
        .unwrap()
}

/// Waits until the lane's reach is what `want` says.
async fn reach(lane: &Lane, want: impl Fn(&Reach) -> bool, within: Duration) {
    let mut hints = lane.lock().unwrap().hints().unwrap();
    tokio::time::timeout(within, async {
        loop {
            let now = blocking(lane, |l| l.reach()).await;
            if want(&now) {
                return;
            }
            hints.changed().await.unwrap();
        }
    })
    .await
    .unwrap_or_else(|_| {
        let now = lane.lock().unwrap().reach();
        panic!("the lane's reach stayed {now:?} for {within:?}")
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn lanes_cut_off_keep_judging_then_one_admission_and_one_conflict() {
    let name = server().database();
    let url = server().url(&name);
    let db = DeskDb::parse(&url).unwrap();
    pg::init(&db).await.unwrap();
    let (home3, home7) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let open = |lane: &str, dir: &std::path::Path| -> Lane {
        let local = SqliteDeskLog::open(dir).unwrap();
        Arc::new(Mutex::new(LaneLog::open(&db, BUSINESS, lane, local)))
    };
    let three = open("lane 3", home3.path());
    let seven = open("lane 7", home7.path());
    for lane in [&three, &seven] {
        blocking(lane, |l| l.admitted(EVENT).unwrap()).await;
    }
    // Online: lane 3 admits ticket 1; lane 7 sees it.
    let first = blocking(&three, |l| l.admit(&ticket(1, "lane 3"), ScanId::new())).await;
    assert!(matches!(first, Ok(Recorded::Admitted(_))), "{first:?}");
    let mut applied = seven.lock().unwrap().applied();
    tokio::time::timeout(Duration::from_secs(5), applied.wait_for(|s| *s >= 1))
        .await
        .unwrap()
        .unwrap();

    // Lane 3 keeps a copy of its own admissions in its file (off the scan's
    // path): wait for it.
    tokio::time::timeout(Duration::from_secs(5), async {
        let local = SqliteDeskLog::open(home3.path()).unwrap();
        while local.lookup(EVENT, 1).unwrap().is_none() {
            tokio::task::yield_now().await;
        }
    })
    .await
    .unwrap();

    server().stop();

    // Headless, the log away: admitted on this lane only, said in one line
    // on stderr; the exit code is the verdict's, the JSON says so.
    let home = tempfile::tempdir().unwrap();
    let out = boxoffice(home.path())
        .args([
            "--demo",
            "admit",
            "TK-000031",
            "--event",
            "1002",
            "--desk",
            "lane 9",
            "--desk-db",
            &url,
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let said: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(said["verdict"], "VALID", "{said}");
    assert_eq!(said["shared"], false, "{said}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("the shared desk log is unreachable")
            && stderr.contains("TK-000031")
            && stderr.contains("on this lane only (lane 9)"),
        "{stderr}"
    );

    // Lane 3 started again without the database still knows its own.
    let restarted = open("lane 3", home3.path());
    let own = blocking(&restarted, |l| l.admit(&ticket(1, "lane 3"), ScanId::new())).await;
    assert!(
        matches!(&own, Ok(Recorded::AlreadyAdmitted(w)) if w.desk == "lane 3"),
        "{own:?}"
    );
    drop(restarted);

    // Mid-scan the database is gone: the lane answers within its deadline
    // (the 1 s, with room for a loaded machine), from what it has.
    let scan = tokio::time::timeout(
        Duration::from_secs(3),
        blocking(&three, |l| l.admit(&ticket(2, "lane 3"), ScanId::new())),
    )
    .await
    .expect("a scan hung while the shared log was down");
    assert!(matches!(scan, Ok(Recorded::Admitted(_))), "{scan:?}");
    reach(
        &three,
        |r| matches!(r, Reach::Unreachable { queued: 1, .. }),
        Duration::from_secs(5),
    )
    .await;
    // Ticket 1, admitted by lane 3 while online, is known to lane 7 offline.
    let known = tokio::time::timeout(
        Duration::from_secs(3),
        blocking(&seven, |l| l.admit(&ticket(1, "lane 7"), ScanId::new())),
    )
    .await
    .unwrap();
    assert!(
        matches!(&known, Ok(Recorded::AlreadyAdmitted(w)) if w.desk == "lane 3"),
        "{known:?}"
    );
    // Both lanes admit tickets 9 and 10 while cut off.
    for t in [9, 10] {
        let a = blocking(&three, move |l| {
            l.admit(&ticket(t, "lane 3"), ScanId::new())
        })
        .await;
        let b = blocking(&seven, move |l| {
            l.admit(&ticket(t, "lane 7"), ScanId::new())
        })
        .await;
        assert!(matches!(a, Ok(Recorded::Admitted(_))), "{a:?}");
        assert!(matches!(b, Ok(Recorded::Admitted(_))), "{b:?}");
    }
    // Scanned again at the same lane: already admitted, from its own file.
    let again = blocking(&three, |l| l.admit(&ticket(9, "lane 3"), ScanId::new())).await;
    assert!(
        matches!(again, Ok(Recorded::AlreadyAdmitted(_))),
        "{again:?}"
    );
    let counts = blocking(&three, |l| l.counts(EVENT, "").unwrap()).await;
    assert_eq!(counts.admitted, 4, "ticket 1 seen, 2, 9 and 10 queued");

    server().start_again();

    for lane in [&three, &seven] {
        reach(
            lane,
            |r| *r == Reach::Shared { queued: 0 },
            Duration::from_secs(20),
        )
        .await;
    }
    let admissions = server().psql(
        &name,
        "SELECT ticket_id || ' ' || lane FROM desk_admissions ORDER BY ticket_id",
    );
    let lines: Vec<&str> = admissions.lines().collect();
    assert_eq!(lines.len(), 4, "{admissions}");
    assert_eq!(&lines[..2], ["1 lane 3", "2 lane 3"]);
    assert!(lines[2].starts_with("9 lane "), "{admissions}");
    assert_eq!(
        server().psql(&name, "SELECT COUNT(*) FROM desk_conflicts"),
        "2"
    );
    let conflicts = blocking(&three, |l| l.conflicts(Some(EVENT)).unwrap()).await;
    assert_eq!(conflicts.len(), 2);
    let conflict = conflicts.iter().find(|c| c.ticket_id == 9).unwrap().clone();
    assert_eq!(conflict.ticket_id, 9);
    let mut both = [conflict.kept_lane.clone(), conflict.replayed_lane.clone()];
    both.sort();
    assert_eq!(both, ["lane 3", "lane 7"]);
    assert!(
        conflict.to_string().starts_with("admitted twice: lane "),
        "{conflict}"
    );

    // And from the command line, the password never printed.
    let home = tempfile::tempdir().unwrap();
    let out = boxoffice(home.path())
        .args([
            "--demo",
            "desk",
            "conflicts",
            "--format",
            "json",
            "--desk-db",
            &url,
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = printed.as_array().unwrap();
    assert_eq!(rows.len(), 2, "{printed}");
    let nine = rows.iter().find(|r| r["ticket"] == 9).unwrap();
    assert_eq!(nine["conflict"], conflict.to_string());
    let csv = boxoffice(home.path())
        .args([
            "--demo",
            "desk",
            "conflicts",
            "--format",
            "csv",
            "--desk-db",
            &url,
        ])
        .output()
        .unwrap();
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(csv.contains("TK-000009"), "{csv}");

    // Ticket 9: the kept side undoes its admission. The ticket stays
    // admitted, under the replayed side's admission, and the undo says so.
    let lane_of = |name: &str| {
        if name == "lane 3" {
            three.clone()
        } else {
            seven.clone()
        }
    };
    let (kept, replayed) = (conflict.kept_lane.clone(), conflict.replayed_lane.clone());
    let by = kept.clone();
    let undone = blocking(&lane_of(&kept), move |l| l.undo(EVENT, &by, 9).unwrap()).await;
    let undone = undone.expect("the kept side's admission is undone");
    assert_eq!(undone.admission.desk, kept);
    assert_eq!(
        undone.kept.as_ref().map(|a| a.desk.as_str()),
        Some(replayed.as_str())
    );
    let holder = |t: u64| {
        server().psql(
            &name,
            &format!("SELECT lane FROM desk_admissions WHERE ticket_id = {t}"),
        )
    };
    assert_eq!(holder(9), replayed);
    let looked_up = blocking(&lane_of(&kept), |l| l.lookup(EVENT, 9).unwrap()).await;
    assert_eq!(looked_up.map(|a| a.desk), Some(replayed.clone()));
    // Then the replayed side undoes it too: nobody holds it.
    let by = replayed.clone();
    let undone = blocking(&lane_of(&replayed), move |l| l.undo(EVENT, &by, 9).unwrap()).await;
    assert_eq!(
        undone.map(|u| (u.admission.desk, u.kept)),
        Some((replayed.clone(), None))
    );
    assert_eq!(holder(9), "");

    // Ticket 10: the replayed side undoes its side; the kept one holds it.
    let ten = conflicts.iter().find(|c| c.ticket_id == 10).unwrap();
    let by = ten.replayed_lane.clone();
    let undone = blocking(&lane_of(&ten.replayed_lane), move |l| {
        l.undo(EVENT, &by, 10).unwrap()
    })
    .await
    .expect("the replayed side is undone");
    assert_eq!(undone.admission.desk, ten.replayed_lane);
    assert_eq!(undone.kept.map(|a| a.desk), Some(ten.kept_lane.clone()));
    assert_eq!(holder(10), ten.kept_lane);
    // And a later undo of the kept side brings back nobody's.
    let by = ten.kept_lane.clone();
    let undone = blocking(&lane_of(&ten.kept_lane), move |l| {
        l.undo(EVENT, &by, 10).unwrap()
    })
    .await
    .expect("the kept side is undone");
    assert_eq!(undone.kept, None);
    assert_eq!(holder(10), "");
}
