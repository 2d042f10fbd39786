//! Several lanes at one door: desks (the real `update`, the real executor)
//! over `LaneLog`s sharing one PostgreSQL of the test's own
//! (`common::postgres`), never a mock.

use std::time::Duration;

use boxoffice::api::model::Ticket;
use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::app::executor::{Executor, Local};
use boxoffice::app::screens::checkin::Face;
use boxoffice::app::{Cmd, Model, Msg, update};
use boxoffice::door::Verdict;
use boxoffice::store::{DeskDb, LaneLog, SqliteDeskLog, pg};
use tokio::sync::mpsc;

use super::{desk_opening_as, desk_tickets, face, scan, screen};
use crate::common::postgres::Server;
use crate::data::page;
use crate::msgs;
use std::sync::OnceLock;

/// The business the test models are of (`drive::model`).
const BUSINESS: &str = "Rust Belt Events";

/// The tests here share one server and one of them stops it: one at a time.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// One of these tests stops their server: a server of their own, not the one the
/// binary's other tests share (`common::postgres::server`).
fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| Server::start(false))
}

/// A fresh database with the schema.
async fn fresh() -> DeskDb {
    let name = server().database();
    let db = DeskDb::parse(&server().url(&name)).unwrap();
    pg::init(&db).await.unwrap();
    db
}

/// One lane: a desk of Day 1 (event 11), its executor over a `LaneLog`.
pub struct Lane {
    pub m: Model,
    exec: Executor,
    rx: mpsc::UnboundedReceiver<Msg>,
    client: Client,
    _home: tempfile::TempDir,
}

impl Lane {
    /// Opens the desk as lane `name`, its admissions read from the log and
    /// its tickets loaded.
    pub async fn open(db: &DeskDb, name: &str) -> Self {
        let home = tempfile::tempdir().unwrap();
        let local = SqliteDeskLog::open(home.path()).unwrap();
        let log = LaneLog::open(db, BUSINESS, name, local);
        let (tx, rx) = mpsc::unbounded_channel();
        let exec = Executor::new(tx).with_local(Local::new(Some(Box::new(log)), None));
        let client = Client::new(ClientConfig::new(
            "http://127.0.0.1:9",
            ApiKey::new("unused"),
        ))
        .unwrap();
        let (m, a) = desk_opening_as(|m| m.options.desk = name.into());
        let mut lane = Self {
            m,
            exec,
            rx,
            client,
            _home: home,
        };
        lane.run(vec![Cmd::LoadAdmissions {
            req: a.admissions,
            event_id: 11,
        }]);
        lane.until(|_, msg| matches!(msg, Msg::Reply { req, .. } if *req == a.admissions))
            .await;
        // The door's state (policy, notes, who is outside), as opening asks.
        lane.run(vec![Cmd::Door {
            req: a.door,
            op: boxoffice::store::DoorOp::Read { event_id: 11 },
        }]);
        lane.until(|_, msg| matches!(msg, Msg::Reply { req, .. } if *req == a.door))
            .await;
        // And its task done (counted out of flight) before the test counts.
        lane.until(|_, msg| matches!(msg, Msg::TaskDone)).await;
        let list = msgs::page::<Ticket>(a.list, 1, 1, page(&desk_tickets(), 1, 1, 41));
        let cmds = update(&mut lane.m, list);
        lane.run(cmds);
        lane
    }

    /// Runs what the desk asked for on the real executor (the store's
    /// commands; the API is not there and not needed).
    pub fn run(&mut self, cmds: Vec<Cmd>) {
        for cmd in cmds {
            if matches!(cmd, Cmd::LoadList { .. } | Cmd::SaveCached { .. }) {
                continue;
            }
            self.exec.run(cmd, &self.client);
        }
    }

    /// Feeds the executor's answers to `update` until `done` says so (or
    /// 10 s pass).
    pub async fn until(&mut self, mut done: impl FnMut(&Model, &Msg) -> bool) {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(10), self.rx.recv())
                .await
                .expect("an answer within 10 s")
                .expect("the channel open");
            let stop = done(&self.m, &msg);
            let cmds = update(&mut self.m, msg);
            self.run(cmds);
            if stop {
                return;
            }
        }
    }

    /// Feeds the executor's answers to `update` until the desk is as
    /// `want` says, within `within` (a wait for a condition, not a sleep).
    pub async fn becomes(&mut self, within: Duration, want: impl Fn(&Model) -> bool) {
        let waited = tokio::time::timeout(within, async {
            while !want(&self.m) {
                let msg = self.rx.recv().await.expect("the channel open");
                let cmds = update(&mut self.m, msg);
                self.run(cmds);
            }
        })
        .await;
        assert!(waited.is_ok(), "not so within {within:?}");
    }

    /// Scans `number` and waits for the store's answer to the admission.
    pub async fn scan(&mut self, number: &str) {
        let cmds = scan(&mut self.m, number);
        let admit = cmds.iter().find_map(|c| match c {
            Cmd::Admit { req, .. } => Some(*req),
            _ => None,
        });
        self.run(cmds);
        if let Some(admit) = admit {
            self.until(|_, msg| matches!(msg, Msg::Reply { req, .. } if *req == admit))
                .await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_desks_scan_one_ticket_one_valid_the_other_names_the_first_lane() {
    let _one = ONE_AT_A_TIME.lock().await;
    let db = fresh().await;
    let mut one = Lane::open(&db, "lane 1").await;
    let mut two = Lane::open(&db, "lane 2").await;
    one.scan("TK-000001").await;
    assert_eq!(face(&one.m), Face::Verdict(Verdict::Valid));
    two.scan("TK-000001").await;
    // Lane 2 judged VALID from memory, the shared log said lane 1 won: the
    // verdict is corrected at once, naming lane 1 and its time.
    let shown = screen(&two.m).shown.clone().unwrap();
    let Face::Verdict(Verdict::AlreadyAdmitted { lane: desk, .. }) = &shown.face else {
        panic!("lane 2 shows {:?}", shown.face);
    };
    assert_eq!(desk, "lane 1");
    let why = shown.why.unwrap();
    assert!(
        why.starts_with("lane 1 at ") && why.ends_with(" s ago)"),
        "{why}"
    );
    assert_eq!(
        screen(&two.m).recent.front().unwrap().face,
        shown.face,
        "the last scans say the same"
    );
    assert_eq!(screen(&one.m).counters("").0, 1);
    assert_eq!(screen(&two.m).counters("").0, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_desk_sees_another_lanes_admission_without_scanning() {
    let _one = ONE_AT_A_TIME.lock().await;
    let db = fresh().await;
    let mut one = Lane::open(&db, "lane 1").await;
    let mut two = Lane::open(&db, "lane 2").await;
    // Lane 2 follows the shared log before lane 1 scans.
    two.becomes(Duration::from_secs(5), |m| {
        screen(m).following.cursor.is_some()
    })
    .await;
    assert_eq!(screen(&two.m).counters("").0, 0);
    let in_flight = two.m.in_flight;
    one.scan("TK-000001").await;
    two.becomes(Duration::from_secs(2), |m| screen(m).counters("").0 == 1)
        .await;
    // Following is not a request in flight (no endless "⟳ 1 in flight").
    assert_eq!(two.m.in_flight, in_flight);
    let follow = Cmd::Follow {
        req: 1,
        event_id: 11,
        after: Some(boxoffice::store::Cursor::default()),
    };
    assert!(!follow.is_task());
    let last = screen(&two.m).recent.front().cloned().unwrap();
    assert_eq!(last.face, Face::Elsewhere("lane 1".into()));
    assert_eq!(last.number, "TK-000001");
    // The last scans name that lane; the status line names this one.
    let text = crate::drive::render(&mut two.m, (120, 30));
    assert!(text.contains("→ lane 1 TK-000001"), "{text}");
    assert!(text.contains("· lane lane 2"), "{text}");
    // And a scan of it at lane 2 is ALREADY ADMITTED from memory, at once.
    let cmds = scan(&mut two.m, "TK-000001");
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::Admit { .. })));
    assert!(matches!(
        face(&two.m),
        Face::Verdict(Verdict::AlreadyAdmitted { lane: desk, .. }) if desk == "lane 1"
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_banner_shows_while_the_shared_log_is_unreachable_and_goes_after() {
    let _one = ONE_AT_A_TIME.lock().await;
    let db = fresh().await;
    let mut lane = Lane::open(&db, "lane 1").await;
    lane.becomes(Duration::from_secs(5), |m| {
        screen(m).following.reach.is_some()
    })
    .await;
    assert_eq!(screen(&lane.m).lane_banner(), None);
    let server = server();
    tokio::task::spawn_blocking(move || server.stop())
        .await
        .unwrap();
    lane.becomes(Duration::from_secs(10), |m| {
        screen(m).lane_banner().is_some()
    })
    .await;
    let banner = screen(&lane.m).lane_banner().unwrap();
    assert!(
        banner.starts_with("SHARED LOG UNREACHABLE since ")
            && banner.contains(" — verdicts from this lane only"),
        "{banner}"
    );
    assert!(
        crate::drive::render(&mut lane.m, (100, 30)).contains("SHARED LOG UNREACHABLE"),
        "drawn on the desk"
    );
    // Narrow: its short form, never cut in a word.
    let narrow = crate::drive::render(&mut lane.m, (40, 12));
    let row = narrow
        .lines()
        .find(|l| l.contains("SHARED LOG UNREACHABLE since "))
        .unwrap_or_else(|| panic!("{narrow}"));
    assert!(!row.contains('—'), "{narrow}");
    let drawn = row.trim_end_matches('"').trim_end();
    assert!(drawn.ends_with(&banner[29..34]), "{narrow}");
    tokio::task::spawn_blocking(move || server.start_again())
        .await
        .unwrap();
    lane.becomes(Duration::from_secs(15), |m| {
        screen(m).lane_banner().is_none()
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn f6_shows_the_events_conflicts_read_from_the_shared_log() {
    let _one = ONE_AT_A_TIME.lock().await;
    let name = server().database();
    let db = DeskDb::parse(&server().url(&name)).unwrap();
    pg::init(&db).await.unwrap();
    // A conflict as a replay records it (the replay itself: tests/it/lanes_offline.rs).
    server().psql(
        &name,
        &format!(
            "INSERT INTO desk_conflicts (business, event_id, ticket_id, number, kept_lane, \
             kept_at, kept_scan, replayed_lane, replayed_at, replayed_scan) VALUES \
             ('{BUSINESS}', 11, 1, 'TK-000001', 'lane 3', '2026-12-01 19:02:10', \
             gen_random_uuid(), 'lane 7', '2026-12-01 19:04:55', gen_random_uuid())"
        ),
    );
    let mut lane = Lane::open(&db, "lane 1").await;
    let cmds = super::key(
        &mut lane.m,
        crossterm::event::KeyCode::F(6),
        crossterm::event::KeyModifiers::NONE,
    );
    assert!(cmds.iter().any(|c| matches!(c, Cmd::LoadConflicts { .. })));
    lane.run(cmds);
    lane.becomes(Duration::from_secs(5), |m| {
        screen(m).following.conflicts.is_some()
    })
    .await;
    let shown = screen(&lane.m)
        .following
        .conflicts
        .clone()
        .unwrap()
        .unwrap();
    assert_eq!(
        shown,
        vec!["TK-000001  admitted twice: lane 3 19:02:10, lane 7 19:04:55".to_string()]
    );
    let screen_text = crate::drive::render(&mut lane.m, (100, 30));
    assert!(
        screen_text.contains("admitted twice: lane 3 19:02:10, lane 7 19:04:55"),
        "{screen_text}"
    );
}

impl Lane {
    /// Feeds the executor's answers to `update` until the desk is as
    /// `want` says, within `within`, the desk's clock told as the runtime
    /// tells it (a tick before each answer).
    pub async fn follows(&mut self, within: Duration, want: impl Fn(&Model) -> bool) {
        let waited = tokio::time::timeout(within, async {
            while !want(&self.m) {
                let msg = self.rx.recv().await.expect("the channel open");
                self.m.now = std::time::Instant::now();
                let cmds = update(&mut self.m, msg);
                self.run(cmds);
            }
        })
        .await;
        assert!(waited.is_ok(), "not so within {within:?}");
    }

    /// Scans `number` and waits for the log's answer to what it recorded
    /// (an admission, an exit, a re-entry).
    pub async fn scan_door(&mut self, number: &str) {
        let cmds = scan(&mut self.m, number);
        let sent = cmds.iter().find_map(|c| match c {
            Cmd::Admit { req, .. } | Cmd::Door { req, .. } => Some(*req),
            _ => None,
        });
        self.run(cmds);
        if let Some(sent) = sent {
            self.until(|_, msg| matches!(msg, Msg::Reply { req, .. } if *req == sent))
                .await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_policy_set_at_one_lane_is_followed_and_exits_move_inside_at_both() {
    use boxoffice::store::{DoorOp, KeptPolicy};
    let _one = ONE_AT_A_TIME.lock().await;
    let db = fresh().await;
    let mut one = Lane::open(&db, "lane 1").await;
    let mut two = Lane::open(&db, "lane 2").await;
    let following = |m: &Model| screen(m).following.cursor.is_some();
    one.follows(Duration::from_secs(5), following).await;
    two.follows(Duration::from_secs(5), following).await;
    assert!(!screen(&two.m).lane.policy.reentry);
    // Lane 1 sets re-entry on (as `door set` does, through its log).
    one.run(vec![Cmd::Door {
        req: 9_000,
        op: DoorOp::SetPolicy {
            event_id: 11,
            policy: KeptPolicy {
                editions: "this".into(),
                reentry: true,
                set_by: "lane 1".into(),
                ..KeptPolicy::default()
            },
        },
    }]);
    one.until(|_, msg| matches!(msg, Msg::Reply { req: 9_000, .. }))
        .await;
    // Lane 2 follows it without a restart (the issue asks within 1 s;
    // waited for here with room for a loaded machine).
    two.follows(Duration::from_secs(3), |m| screen(m).lane.policy.reentry)
        .await;
    let text = crate::drive::render(&mut two.m, (120, 30));
    assert!(text.contains("· re-entry"), "{text}");
    // Lane 2 an exit lane (F9, answered).
    crate::drive::press(&mut two.m, crossterm::event::KeyCode::F(9));
    crate::drive::press(&mut two.m, crossterm::event::KeyCode::Enter);
    let inside = |n: usize| move |m: &Model| screen(m).lane.admissions.inside() == n;
    one.scan_door("TK-000001").await;
    assert_eq!(face(&one.m), Face::Verdict(Verdict::Valid));
    two.follows(Duration::from_secs(3), inside(1)).await;
    two.scan_door("TK-000001").await;
    assert_eq!(face(&two.m), Face::Verdict(Verdict::Exit));
    assert_eq!(screen(&two.m).lane.admissions.inside(), 0);
    one.follows(Duration::from_secs(3), inside(0)).await;
    one.scan_door("TK-000001").await;
    assert!(
        matches!(face(&one.m), Face::Verdict(Verdict::WelcomeBack { .. })),
        "{:?}",
        face(&one.m)
    );
    assert_eq!(screen(&one.m).lane.admissions.inside(), 1);
    two.follows(Duration::from_secs(3), inside(1)).await;
    let text = crate::drive::render(&mut two.m, (120, 30));
    assert!(text.contains("inside now 1"), "{text}");
    assert!(text.contains("EXIT LANE"), "{text}");
}
