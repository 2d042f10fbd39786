//! One lane of a door with several: the shared desk log (PostgreSQL) when
//! it answers, this machine's SQLite desk log when it does not.
//!
//! A write the shared log has not answered within [`DEADLINE`] makes the
//! lane unreachable from then on: it judges from its mirror of the log and
//! from its own file, where its admissions are kept `queued` with their
//! scan id and scan time. The mirror (every admission read there, per
//! event, with the cursor read up to) is kept in the lane's file, advanced
//! on every contact — the desk's follower, and the first call of an
//! `admit`, which is a new process each scan — so a lane cut off, even one
//! just started, knows what the other lanes admitted before. A task of its
//! own re-reads the shared log on every hint of the listener, on every
//! reconnect and every second; once the log answers again it replays the
//! whole queue at once (pipelined), oldest first, before the lane records
//! its next scan. A replay that finds another lane's admission is recorded
//! there as a conflict, never dropped. A lane that failed to reach the log
//! moments ago (remembered in its file, so across processes) tries it
//! again within [`SHORT_DEADLINE`] only.

//!
//! Here the lane itself, what it keeps and how it is opened; its parts:
//! whether the log answers in time (`reach.rs`), its mirror of the log
//! (`mirror.rs`), a round of its task (`round.rs`) and the calls a desk
//! makes on it (`calls.rs`), a one-shot's scan in one round trip
//! (`once.rs`).

mod calls;
mod mirror;
mod once;
mod reach;
mod round;

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::runtime::Handle;
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use super::pg::{DeskDb, PgDeskLog};
use super::shared::SharedLog;
use super::{Admission, Bound, Cursor, Part, ScanId, SqliteDeskLog, StoreError};

/// How long a scan waits for the shared log before the lane judges alone
/// (the issue asks for a verdict within 1 s of a failed write).
pub const DEADLINE: Duration = Duration::from_millis(800);

/// How long a lane waits for a log that failed moments ago (within
/// [`RECENT`] of the failure that began the outage): a hung database costs
/// a scan this, not the whole deadline, each time.
pub const SHORT_DEADLINE: Duration = Duration::from_millis(100);

/// A real lane sizes its deadlines from its link: a scan's budget is this
/// many smoothed round trips (its own, and room for a lost packet's
/// retransmission), never below [`DEADLINE`] (or [`SHORT_DEADLINE`] after
/// a failure moments ago)…
const TRIPS: u32 = 3;

/// …and these more at a one-shot `admit`, whose scan is one round trip
/// (`desk_scan`) but whose path may be up to 5 (a machine's first: the
/// door and the event's first read before it; the door changed since: the
/// scan again; a queue to send first)…
const ONE_SHOT_TRIPS: u32 = 5;

/// …and these more when the lane holds no open connection (TCP, TLS's
/// `SSLRequest` and handshake, SCRAM's three, one spare)…
const CONNECT_TRIPS: u32 = 7;

/// …and never above this, whatever the link.
const CAP: Duration = Duration::from_secs(3);

/// The round trip a lane assumes for a link it has not measured yet (its
/// first contact from this machine): the far end of a 4G or site link.
/// Connecting with TLS and SCRAM is 6 round trips, more than [`DEADLINE`]
/// through 100 ms.
const UNKNOWN_RTT: Duration = Duration::from_millis(150);

/// How long a failure is remembered (seconds): after it, one call waits the
/// whole deadline again (a log merely slow gets its chance), and a failure
/// then starts the count again.
const RECENT: u64 = 30;

/// How long a lane waits for the shared log, and its clock for
/// remembering a failure: [`DEADLINE`], [`SHORT_DEADLINE`] and the system's
/// clock for a real lane; a door model gives its own (a clock it moves, and
/// deadlines short enough for thousands of hangs).
#[derive(Clone)]
pub struct Timing {
    pub whole: Duration,
    pub short: Duration,
    /// Seconds since 1970.
    pub now: Arc<dyn Fn() -> u64 + Send + Sync>,
    /// Keeps the deadline of each wait for `LaneLog::waited` (a model
    /// checks them; a real lane keeps none).
    pub record: bool,
}

impl Default for Timing {
    fn default() -> Self {
        Self {
            whole: DEADLINE,
            short: SHORT_DEADLINE,
            now: Arc::new(unix_now),
            record: false,
        }
    }
}

/// How often the lane re-reads the shared log (or tries it again) without a
/// hint.
const EVERY: Duration = Duration::from_secs(1);

/// What a lane's log is opened for: how many connections to the shared
/// log it holds, whether it listens for the other lanes' hints, writes
/// heartbeats and sends its queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaneUse {
    /// A desk: two connections (a scan and a re-read at once) and one
    /// listening for hints; heartbeats; sends its queue.
    Desk,
    /// `boxoffice lane`: one connection for the whole run, polling every
    /// second (no listener); heartbeats; sends its queue.
    Headless,
    /// `admit`, one scan: one connection and no task of its own (the
    /// scan's contact replays and reads); no heartbeat (a dashboard shows
    /// it by its last scan); sends its queue.
    OneShot,
    /// A read command (`door show`, `door stats`): one connection; no
    /// heartbeat; never sends a queue (a lane of the log does).
    Reader,
}

impl LaneUse {
    fn beats(self) -> bool {
        matches!(self, Self::Desk | Self::Headless)
    }

    fn sends(self) -> bool {
        self != Self::Reader
    }
}

/// A lane's desk log: the shared one (PostgreSQL for a real door; any
/// [`SharedLog`]), and this machine's when it is gone.
pub struct LaneLog<S: SharedLog = PgDeskLog> {
    shared: S,
    inner: Arc<Inner>,
    handle: Handle,
    /// The task that re-reads and replays (none: `sync_now` does it).
    task: Option<JoinHandle<()>>,
}

struct Inner {
    local: Mutex<SqliteDeskLog>,
    state: Mutex<State>,
    /// Ticks for the desk: something newer, or the reach changed.
    hints: watch::Sender<u64>,
    /// The largest change number the followed event's mirror has applied
    /// (once it has read everything: the log's last).
    applied: watch::Sender<u64>,
    /// Wakes the task at once (a write just failed).
    wake: Notify,
    /// The shared log answered with this build's schema since the lane was
    /// last cut off: a re-read need not ask again.
    checked: AtomicBool,
    /// The file may hold queued admissions (true at start: a lane started
    /// again may have some from before): a re-read replays them.
    maybe_queued: AtomicBool,
    /// A round is sending the queue: a scan's contact waits for it (the
    /// queue goes before the next scan), though the lane is online again.
    replaying: watch::Sender<bool>,
    /// Tickets undone (event, ticket) before this machine's copy of their
    /// admission was written (the copy is written off the scan's path): the
    /// copy is then not written.
    undone_early: Mutex<HashSet<(u64, u64)>>,
    /// One round of `sync` at a time (the task's, a scan's, `desk sync`'s).
    syncing: tokio::sync::Mutex<()>,
    /// When the outage the lane is in began to be remembered (seconds since
    /// 1970; kept in the file): within [`RECENT`] of it the lane tries the
    /// log with the short deadline.
    failed: Mutex<Option<u64>>,
    /// When the mirror's read was last kept in the file.
    kept: Mutex<Option<std::time::Instant>>,
    /// Why the lane was last cut off.
    why: Mutex<Option<StoreError>>,
    timing: Timing,
    /// The deadline of each wait for the log on a scan's path (a call, or
    /// the contact before a scan), oldest first, until `waited` takes them.
    waits: Mutex<Vec<Duration>>,
    /// Ticks on every hint from the log, and when the lane read something
    /// new: a dashboard's refresh (`door_hints`), the lane following or not.
    heard: watch::Sender<u64>,
    /// When the lane last wrote its heartbeat (at most once per [`EVERY`]).
    beat: Mutex<Option<std::time::Instant>>,
    /// Whether it writes heartbeats, and sends its queue.
    beats: bool,
    sends: bool,
    /// The shared log's address and, once it answered, its identity: what
    /// this lane queues for and sends to.
    addr: String,
    log_id: Mutex<Option<String>>,
    /// This lane's last scan (UTC text), for its next heartbeat.
    last_scan: Mutex<Option<String>>,
    /// The scan under way told the log it was this lane's last (a
    /// one-shot's `scan_once`): `scanned` need not.
    noted: AtomicBool,
    /// The door's state as the shared log last told it, by event: what a
    /// lane cut off from it still knows (the notes, who is outside; the
    /// policy is kept in the local file too).
    door_seen: Mutex<std::collections::HashMap<u64, crate::store::DoorState>>,
    /// Queued admissions sent since the lane opened.
    sent: std::sync::atomic::AtomicUsize,
    /// Deadlines from the link (a real lane): sized from `srtt`, one
    /// budget per scan. A lane a model drives keeps `timing`'s, per call.
    link: bool,
    /// A scan's budget in smoothed round trips ([`TRIPS`], and more for a
    /// one-shot `admit`).
    trips: u32,
    /// The smoothed round trip to the shared log (kept in the file too: an
    /// `admit` is a new process each scan).
    srtt: Mutex<Option<Duration>>,
    /// The round trip as the file last kept it.
    srtt_kept: Mutex<Option<Duration>>,
    /// When the scan under way must be done by.
    budget: Mutex<Option<std::time::Instant>>,
}

#[derive(Default)]
struct State {
    unreachable_since: Option<String>,
    follow: Option<Follow>,
}

/// The admissions of the event this lane checks in, as last seen in the
/// shared log.
struct Follow {
    event_id: u64,
    /// How far it has read (None: not yet loaded).
    cursor: Option<Cursor>,
    /// The largest change number applied.
    last: u64,
    admitted: HashMap<u64, Admission>,
    /// The scans behind the latest admissions read ([`RECENT_SCANS`] at
    /// most, with their tickets): a scan whose answer came too late finds
    /// its own admission here, not another guest's.
    scans: VecDeque<(u64, ScanId)>,
}

/// How many of the latest admissions' scans a lane's mirror keeps.
const RECENT_SCANS: usize = 256;

impl Follow {
    /// `event_id`, not read yet.
    fn new(event_id: u64) -> Self {
        Self {
            event_id,
            cursor: None,
            last: 0,
            admitted: HashMap::new(),
            scans: VecDeque::new(),
        }
    }
}

fn locked<T>(m: &Mutex<T>) -> Result<MutexGuard<'_, T>, StoreError> {
    m.lock()
        .map_err(|_| StoreError::FailedEarlier(Part::DeskLog))
}

impl LaneLog {
    /// The lane `lane` of `business` on the shared log `db`, with `local`
    /// as its own file. Starts the listener and the re-reading task on the
    /// current runtime; never waits for the network.
    pub fn open(db: &DeskDb, business: &str, lane: &str, local: SqliteDeskLog) -> Self {
        Self::open_as(db, business, lane, local, LaneUse::Desk)
    }

    /// `open`, for `use_`: a desk's two connections and a listener, else
    /// one connection and no listener (the task polls every second).
    pub fn open_as(
        db: &DeskDb,
        business: &str,
        lane: &str,
        local: SqliteDeskLog,
        use_: LaneUse,
    ) -> Self {
        let connections = if use_ == LaneUse::Desk { 2 } else { 1 };
        let shared = PgDeskLog::open(db, business, lane, connections);
        // A process a scan ends before a hint it owes is sent.
        let shared = if use_ == LaneUse::OneShot {
            shared.hinting_every_scan()
        } else {
            shared
        };
        LaneLog::started(shared, local, use_)
    }
}

impl<S: SharedLog> LaneLog<S> {
    /// A lane over `shared`, with `local` as its own file; its task
    /// re-reads and replays on every hint and second.
    pub fn over(shared: S, local: SqliteDeskLog) -> Self {
        Self::started(shared, local, LaneUse::Desk)
    }

    /// `over`, for `use_` (a desk listens; the others poll).
    pub fn started(shared: S, local: SqliteDeskLog, use_: LaneUse) -> Self {
        let mut lane = Self::built(shared, local, Timing::default(), use_, true);
        if use_ == LaneUse::OneShot {
            // One scan: its contact replays and reads; a round of a task
            // of its own would be a round trip more.
            return lane;
        }
        let listener = if use_ == LaneUse::Desk {
            lane.shared.listen()
        } else {
            // A receiver whose sender is gone: the task polls only.
            watch::channel(0).1
        };
        lane.task = Some(tokio::spawn(round::run(
            lane.shared.clone(),
            lane.inner.clone(),
            listener,
        )));
        lane
    }

    /// A lane over `shared` with no task of its own: it re-reads and
    /// replays only when `sync_now` is called (a door model drives it step
    /// by step).
    pub fn manual(shared: S, local: SqliteDeskLog) -> Self {
        Self::timed(shared, local, Timing::default())
    }

    /// `manual`, waiting and remembering a failure as `timing` says.
    pub fn timed(shared: S, local: SqliteDeskLog, timing: Timing) -> Self {
        Self::built(shared, local, timing, LaneUse::Desk, false)
    }

    fn built(shared: S, local: SqliteDeskLog, timing: Timing, use_: LaneUse, link: bool) -> Self {
        let failed = local.failed_at().ok().flatten();
        let srtt = if link {
            local.link_rtt().ok().flatten()
        } else {
            None
        };
        let addr = shared.address();
        let inner = Arc::new(Inner {
            local: Mutex::new(local),
            state: Mutex::new(State::default()),
            hints: watch::channel(0).0,
            applied: watch::channel(0).0,
            wake: Notify::new(),
            checked: AtomicBool::new(false),
            maybe_queued: AtomicBool::new(use_.sends()),
            replaying: watch::channel(false).0,
            undone_early: Mutex::new(HashSet::new()),
            syncing: tokio::sync::Mutex::new(()),
            failed: Mutex::new(failed),
            kept: Mutex::new(None),
            why: Mutex::new(None),
            timing,
            waits: Mutex::new(Vec::new()),
            beat: Mutex::new(None),
            heard: watch::channel(0).0,
            beats: use_.beats(),
            sends: use_.sends(),
            addr,
            log_id: Mutex::new(None),
            last_scan: Mutex::new(None),
            noted: AtomicBool::new(false),
            door_seen: Mutex::new(std::collections::HashMap::new()),
            sent: std::sync::atomic::AtomicUsize::new(0),
            link,
            trips: TRIPS
                + if use_ == LaneUse::OneShot {
                    ONE_SHOT_TRIPS
                } else {
                    0
                },
            srtt: Mutex::new(srtt),
            srtt_kept: Mutex::new(srtt),
            budget: Mutex::new(None),
        });
        Self {
            shared,
            inner,
            handle: Handle::current(),
            task: None,
        }
    }

    /// The lane started again (a new process, as each `admit` is) from a
    /// copy of its file as it is now: what it remembers is what the file
    /// keeps — its queue, its mirror, a recent failure — and it is not cut
    /// off until a call fails again. With no task of its own, as `manual`.
    pub fn reopened(&self) -> Result<Self, StoreError> {
        let local = locked(&self.inner.local)?.copied()?;
        Ok(Self::timed(
            self.shared.clone(),
            local,
            self.inner.timing.clone(),
        ))
    }

    /// The deadlines the lane chose for its waits on a scan's path since
    /// the last call (the whole one, or the short one after a recent
    /// failure: docs/lanes.md, "A log that failed moments ago").
    pub fn waited(&self) -> Vec<Duration> {
        self.inner
            .waits
            .lock()
            .map(|mut w| std::mem::take(&mut *w))
            .unwrap_or_default()
    }

    /// The shared log.
    pub fn shared(&self) -> &S {
        &self.shared
    }

    /// Follows `event_id`: loads its admissions and number now if the log
    /// answers (else later, by the task), and from then on applies `newer`.
    pub fn follow(&self, event_id: u64) {
        {
            let Ok(mut state) = locked(&self.inner.state) else {
                return;
            };
            if state
                .follow
                .as_ref()
                .is_some_and(|f| f.event_id == event_id)
            {
                return;
            }
            state.follow = Some(Follow::new(event_id));
        }
        self.inner.applied.send_replace(0);
        self.inner.wake.notify_one();
    }

    /// The largest change number the followed event's mirror has applied: a
    /// test or a desk waits on it.
    pub fn applied(&self) -> watch::Receiver<u64> {
        self.inner.applied.subscribe()
    }

    /// The followed event's admissions as this lane last saw them in the
    /// shared log.
    pub fn seen(&self) -> usize {
        locked(&self.inner.state).map_or(0, |s| s.follow.as_ref().map_or(0, |f| f.admitted.len()))
    }

    /// How many admissions on this machine wait for this lane's shared
    /// log (those queued for another log are not counted).
    pub fn queued_count(&self) -> Result<usize, StoreError> {
        let bound = self.inner.bound()?;
        locked(&self.inner.local)?.queued_count_for(&bound)
    }

    /// The admissions on this machine queued for other logs than this
    /// lane's: (the log's address, empty when unknown; how many).
    pub fn queued_elsewhere(&self) -> Result<Vec<(String, usize)>, StoreError> {
        let bound = self.inner.bound()?;
        let local = locked(&self.inner.local)?;
        let mine = local.queued_count_for(&bound)?;
        let mut all = local.queued_by_log()?;
        // Those counted as this log's are taken from its address's row,
        // else from the rows with no address (queued before queues were
        // bound), which this log takes too.
        let mut left = mine;
        for row in all
            .iter_mut()
            .filter(|(a, _)| *a == bound.addr || a.is_empty())
        {
            let take = left.min(row.1);
            row.1 -= take;
            left -= take;
        }
        all.retain(|(_, n)| *n > 0);
        Ok(all)
    }

    /// The admissions this lane sent to the shared log since it opened.
    pub fn sent(&self) -> usize {
        self.inner.sent.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// This lane's queued admissions at `event_id`.
    fn queued_at(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        let bound = self.inner.bound()?;
        Ok(locked(&self.inner.local)?
            .queued_for(&bound)?
            .into_iter()
            .map(|q| q.admission)
            .filter(|a| a.event_id == event_id)
            .collect())
    }
}

impl Inner {
    /// The shared log this lane queues for: its address, and its identity
    /// as it last answered (this process, else this machine's file).
    fn bound(&self) -> Result<Bound, StoreError> {
        let known = locked(&self.log_id)?.clone();
        let id = match known {
            Some(id) => Some(id),
            None => locked(&self.local)?.known_log(&self.addr)?,
        };
        Ok(Bound {
            addr: self.addr.clone(),
            id,
        })
    }
}

impl<S: SharedLog> Drop for LaneLog<S> {
    fn drop(&mut self) {
        if let Some(task) = &self.task {
            task.abort();
        }
    }
}

/// Seconds since 1970.
fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
