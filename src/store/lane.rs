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

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::runtime::Handle;
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use super::pg::{DeskDb, PgDeskLog};
use super::shared::SharedLog;
use super::{
    Admission, Alone, Change, ChangeKind, Conflict, Counts, Cursor, DeskLog, DoorDone, DoorOp,
    DoorRead, DoorState, KeptNote, KeptPolicy, Moved, Reach, Recorded, ScanId, SqliteDeskLog,
    StoreError, Undone,
};
use crate::clock;

/// How long a scan waits for the shared log before the lane judges alone
/// (the issue asks for a verdict within 1 s of a failed write).
pub const DEADLINE: Duration = Duration::from_millis(800);

/// How long a lane waits for a log that failed moments ago (within
/// [`RECENT`] of the failure that began the outage): a hung database costs
/// a scan this, not the whole deadline, each time.
pub const SHORT_DEADLINE: Duration = Duration::from_millis(100);

/// How long a failure is remembered (seconds): after it, one call waits the
/// whole deadline again (a log merely slow gets its chance), and a failure
/// then starts the count again.
const RECENT: u64 = 30;

/// How often a mirror read that changed nothing is kept in the file anyway
/// (its cursor and the time it was read: how old the mirror is).
const KEEP_READ: Duration = Duration::from_secs(10);

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

/// The most queued scans sent in one go (each go within the deadline).
const REPLAY_BATCH: usize = 200;

/// How often the lane re-reads the shared log (or tries it again) without a
/// hint.
const EVERY: Duration = Duration::from_secs(1);

/// The least time between two re-reads on hints: at a busy door a lane is
/// told of every other lane's scan, and reads them a tenth of a second's
/// worth at a time rather than one by one (40 lanes each reading on each of
/// 400 scans a second would be 16,000 reads a second).
const HINT_GAP: Duration = Duration::from_millis(100);

/// The most changes read at once.
const PAGE: usize = 1000;

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
    why: Mutex<String>,
    timing: Timing,
    /// The deadline of each wait for the log on a scan's path (a call, or
    /// the contact before a scan), oldest first, until `waited` takes them.
    waits: Mutex<Vec<Duration>>,
    /// Ticks on every hint from the log, and when the lane read something
    /// new: a dashboard's refresh (`door_hints`), the lane following or not.
    heard: watch::Sender<u64>,
    /// When the lane last wrote its heartbeat (at most once per [`EVERY`]).
    beat: Mutex<Option<std::time::Instant>>,
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
}

fn locked<T>(m: &Mutex<T>) -> Result<MutexGuard<'_, T>, StoreError> {
    m.lock()
        .map_err(|_| StoreError("the desk log failed earlier".into()))
}

impl LaneLog {
    /// The lane `lane` of `business` on the shared log `db`, with `local`
    /// as its own file. Starts the listener and the re-reading task on the
    /// current runtime; never waits for the network.
    pub fn open(db: &DeskDb, business: &str, lane: &str, local: SqliteDeskLog) -> Self {
        LaneLog::over(PgDeskLog::open(db, business, lane, 2), local)
    }
}

impl<S: SharedLog> LaneLog<S> {
    /// A lane over `shared`, with `local` as its own file; its task
    /// re-reads and replays on every hint and second.
    pub fn over(shared: S, local: SqliteDeskLog) -> Self {
        let mut lane = Self::manual(shared, local);
        let listener = lane.shared.listen();
        lane.task = Some(tokio::spawn(run(
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
        let failed = local.failed_at().ok().flatten();
        let inner = Arc::new(Inner {
            local: Mutex::new(local),
            state: Mutex::new(State::default()),
            hints: watch::channel(0).0,
            applied: watch::channel(0).0,
            wake: Notify::new(),
            checked: AtomicBool::new(false),
            maybe_queued: AtomicBool::new(true),
            undone_early: Mutex::new(HashSet::new()),
            syncing: tokio::sync::Mutex::new(()),
            failed: Mutex::new(failed),
            kept: Mutex::new(None),
            why: Mutex::new(String::new()),
            timing,
            waits: Mutex::new(Vec::new()),
            beat: Mutex::new(None),
            heard: watch::channel(0).0,
        });
        Self {
            shared,
            inner,
            handle: Handle::current(),
            task: None,
        }
    }

    /// One round of the lane's task, now: the queue replayed oldest first
    /// if the shared log answers, and what is newer read (else the lane is
    /// cut off). Call outside the runtime (it waits on it).
    pub fn sync_now(&self) -> Result<(), StoreError> {
        let (shared, inner) = (self.shared.clone(), self.inner.clone());
        let done = self
            .handle
            .block_on(async move { sync(&shared, &inner, Round::here(inner.timing.whole)).await });
        if let Err(e) = &done {
            tracing::debug!("desk log: the shared log is unreachable: {e}");
            self.inner.cut_off(&e.0);
        }
        done
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
            state.follow = Some(Follow {
                event_id,
                cursor: None,
                last: 0,
                admitted: HashMap::new(),
            });
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

    fn unreachable(&self) -> bool {
        locked(&self.inner.state).is_ok_and(|s| s.unreachable_since.is_some())
    }

    fn cut_off(&self, why: &str) {
        self.inner.cut_off(why);
        self.inner.wake.notify_one();
    }

    /// Runs `f` on the shared log within the deadline; a failure or no
    /// answer cuts the lane off.
    fn shared_call<T, F: Future<Output = Result<T, StoreError>>>(
        &self,
        f: impl FnOnce(S) -> F,
    ) -> Option<T> {
        if self.unreachable() {
            return None;
        }
        let call = f(self.shared.clone());
        let deadline = self.inner.deadline();
        match self.handle.block_on(tokio::time::timeout(deadline, call)) {
            Ok(Ok(value)) => {
                self.inner.answered();
                Some(value)
            }
            Ok(Err(e)) => {
                tracing::warn!("desk log: the shared log failed: {e}");
                self.cut_off(&e.0);
                None
            }
            Err(_) => {
                let why = did_not_answer(deadline);
                tracing::warn!("desk log: {why}");
                self.cut_off(&why);
                None
            }
        }
    }

    /// `f` of the followed event's mirror in memory, if it is `event_id`'s
    /// and loaded.
    fn loaded<T>(&self, event_id: u64, f: impl FnOnce(&Follow) -> T) -> Option<T> {
        let state = locked(&self.inner.state).ok()?;
        state
            .follow
            .as_ref()
            .filter(|f| f.event_id == event_id && f.cursor.is_some())
            .map(f)
    }

    /// The admissions of `event_id` as this lane's mirror of the shared log
    /// has them: the followed event's in memory, else from the file.
    fn seen_of(&self, event_id: u64) -> Vec<Admission> {
        if let Some(seen) = self.loaded(event_id, |f| f.admitted.values().cloned().collect()) {
            return seen;
        }
        locked(&self.inner.local)
            .and_then(|l| l.mirror_admitted(event_id))
            .unwrap_or_default()
    }

    /// The admission of `ticket_id` at `event_id` as this lane's mirror of
    /// the shared log has it (the followed event's in memory, else the
    /// file's).
    fn seen_ticket(&self, event_id: u64, ticket_id: u64) -> Option<Admission> {
        if let Some(seen) = self.loaded(event_id, |f| f.admitted.get(&ticket_id).cloned()) {
            return seen;
        }
        locked(&self.inner.local)
            .ok()?
            .mirror_lookup(event_id, ticket_id)
            .ok()
            .flatten()
    }

    /// A contact before a scan is judged: a lane following nothing follows
    /// `event_id` (an `admit`, a new process each scan); then, if the log
    /// may answer and the lane has a queue to send or a mirror not yet
    /// brought up to date, one round of `sync` now — the queue sent before
    /// the next scan is recorded, the mirror read up to the log.
    fn contact(&self, event_id: u64) {
        let due = {
            let Ok(mut state) = locked(&self.inner.state) else {
                return;
            };
            if state.unreachable_since.is_some() {
                return;
            }
            let follow = state.follow.get_or_insert_with(|| Follow {
                event_id,
                cursor: None,
                last: 0,
                admitted: HashMap::new(),
            });
            follow.event_id == event_id && follow.cursor.is_none()
        };
        if due || self.inner.maybe_queued.load(Ordering::SeqCst) {
            // On a scan's path: briefly, if the log failed moments ago.
            let (shared, inner) = (self.shared.clone(), self.inner.clone());
            let deadline = inner.deadline();
            let done = self
                .handle
                .block_on(async move { sync(&shared, &inner, Round::here(deadline)).await });
            if let Err(e) = done {
                tracing::warn!("desk log: the shared log failed: {e}");
                self.cut_off(&e.0);
            }
        }
    }

    /// How many of this lane's admissions wait for the shared log.
    pub fn queued_count(&self) -> Result<usize, StoreError> {
        locked(&self.inner.local)?.queued_count()
    }

    /// This lane's queued admissions at `event_id`.
    fn queued_at(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        Ok(locked(&self.inner.local)?
            .queued()?
            .into_iter()
            .map(|q| q.admission)
            .filter(|a| a.event_id == event_id)
            .collect())
    }
}

impl<S: SharedLog> Drop for LaneLog<S> {
    fn drop(&mut self) {
        if let Some(task) = &self.task {
            task.abort();
        }
    }
}

impl Inner {
    /// How long to wait for the shared log: briefly if it failed moments
    /// ago, else the whole deadline.
    fn deadline(&self) -> Duration {
        let recent = self
            .failed
            .lock()
            .ok()
            .and_then(|f| *f)
            .is_some_and(|at| (self.timing.now)().saturating_sub(at) < RECENT);
        let deadline = if recent {
            self.timing.short
        } else {
            self.timing.whole
        };
        if self.timing.record
            && let Ok(mut waits) = self.waits.lock()
        {
            waits.push(deadline);
        }
        deadline
    }

    /// The log answered: the next failure waits the whole deadline.
    fn answered(&self) {
        let was = self.failed.lock().ok().and_then(|mut f| f.take());
        if was.is_some()
            && let Ok(mut local) = self.local.lock()
        {
            let _ = local.set_failed_at(None);
        }
    }

    /// Remembers a failure (in the file too: the next process knows it),
    /// unless one within [`RECENT`] is remembered already.
    fn failed_now(&self) {
        let now = (self.timing.now)();
        let Ok(mut failed) = self.failed.lock() else {
            return;
        };
        if failed.is_some_and(|at| now.saturating_sub(at) < RECENT) {
            return;
        }
        *failed = Some(now);
        drop(failed);
        if let Ok(mut local) = self.local.lock() {
            let _ = local.set_failed_at(Some(now));
        }
    }

    fn cut_off(&self, why: &str) {
        if let Ok(mut last) = self.why.lock() {
            why.clone_into(&mut last);
        }
        self.failed_now();
        self.checked.store(false, Ordering::SeqCst);
        if let Ok(mut state) = self.state.lock()
            && state.unreachable_since.is_none()
        {
            state.unreachable_since = Some(clock::now_utc(None));
            drop(state);
            self.hints.send_modify(|n| *n += 1);
        }
    }

    fn reached(&self) {
        if let Ok(mut state) = self.state.lock()
            && state.unreachable_since.take().is_some()
        {
            drop(state);
            self.hints.send_modify(|n| *n += 1);
        }
    }

    /// Applies what `newer` read from `cursor` to the mirror, unless the
    /// lane follows another event (or the same one afresh) by now: true
    /// when it did.
    fn apply(&self, event_id: u64, from: &Cursor, changes: &[Change], next: Cursor) -> bool {
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        let Some(follow) = state
            .follow
            .as_mut()
            .filter(|f| f.event_id == event_id && f.cursor.as_ref() == Some(from))
        else {
            return false;
        };
        for change in changes {
            let ticket = change.admission.ticket_id;
            match change.kind {
                ChangeKind::Admitted => {
                    follow.admitted.insert(ticket, change.admission.clone());
                }
                ChangeKind::Undone => {
                    // Only the admission the mirror holds (an undo of a
                    // conflict's other side leaves it).
                    if follow
                        .admitted
                        .get(&ticket)
                        .is_some_and(|a| a.desk == change.admission.desk)
                    {
                        follow.admitted.remove(&ticket);
                    }
                }
                // The mirror keeps the admission the log keeps (a ticket
                // that left is still admitted).
                ChangeKind::Conflict | ChangeKind::Exit | ChangeKind::Reentry => {}
            }
            follow.last = follow.last.max(change.seq);
        }
        follow.cursor = Some(next);
        let last = follow.last;
        drop(state);
        self.publish(last);
        true
    }

    /// The mirror's read was just kept in the file.
    fn kept_now(&self) {
        if let Ok(mut kept) = self.kept.lock() {
            *kept = Some(std::time::Instant::now());
        }
    }

    /// Whether a read of `changes` is to be kept in the file now: always
    /// when it changed something, else every [`KEEP_READ`].
    fn keep(&self, changes: &[Change]) -> bool {
        let Ok(mut kept) = self.kept.lock() else {
            return true;
        };
        let now = std::time::Instant::now();
        let due = !changes.is_empty() || kept.is_none_or(|at| now.duration_since(at) >= KEEP_READ);
        if due {
            *kept = Some(now);
        }
        due
    }

    /// Tells `applied`'s watchers the largest change number applied.
    fn publish(&self, last: u64) {
        self.applied.send_if_modified(|applied| {
            let moved = *applied != last;
            *applied = last;
            moved
        });
    }
}

/// The lane's task: on each hint, reconnect or second, replay the queue and
/// read what is newer.
async fn run<S: SharedLog>(shared: S, inner: Arc<Inner>, mut listener: watch::Receiver<u64>) {
    // Not at once: whoever needs the log now (a follow, a scan) asks for it.
    let mut every = tokio::time::interval_at(tokio::time::Instant::now() + EVERY, EVERY);
    // A slow round (the log not answering) is not made up for by a burst.
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut listening = true;
    let mut last: Option<tokio::time::Instant> = None;
    loop {
        let hinted = tokio::select! {
            changed = listener.changed(), if listening => {
                listening = changed.is_ok();
                listening
            }
            _ = every.tick() => false,
            () = inner.wake.notified() => false,
        };
        if hinted {
            inner.heard.send_modify(|n| *n += 1);
        }
        if hinted && let Some(last) = last {
            // The hints that come meanwhile are read by this one read.
            tokio::time::sleep_until(last + HINT_GAP).await;
            listener.borrow_and_update();
        }
        last = Some(tokio::time::Instant::now());
        let round = Round {
            deadline: inner.timing.whole,
            inline: false,
        };
        if let Err(e) = sync(&shared, &inner, round).await {
            tracing::debug!("desk log: the shared log is unreachable: {e}");
            inner.cut_off(&e.0);
        }
    }
}

/// Seconds since 1970.
fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

async fn within<T>(
    deadline: Duration,
    f: impl Future<Output = Result<T, StoreError>>,
) -> Result<T, StoreError> {
    tokio::time::timeout(deadline, f)
        .await
        .unwrap_or_else(|_| Err(StoreError(did_not_answer(deadline))))
}

fn did_not_answer(deadline: Duration) -> String {
    format!(
        "the shared log did not answer within {} ms",
        deadline.as_millis()
    )
}

/// How a round of `sync` runs: how long to wait for the log to answer,
/// and whether it runs on a thread of its own that may block (`sync_now`,
/// a scan's contact: called off the runtime, which they wait on) or is a
/// task of the runtime (the lane's own), whose file work goes to the
/// blocking pool.
#[derive(Clone, Copy)]
struct Round {
    deadline: Duration,
    inline: bool,
}

impl Round {
    /// On a thread that may block, waiting `deadline` for the log.
    fn here(deadline: Duration) -> Self {
        Self {
            deadline,
            inline: true,
        }
    }
}

/// Runs `f` on the lane's file: here, or on the blocking pool.
async fn on_file<T: Send + 'static>(
    inner: &Arc<Inner>,
    round: Round,
    f: impl FnOnce(&mut SqliteDeskLog) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    if round.inline {
        return f(&mut *locked(&inner.local)?);
    }
    let inner = inner.clone();
    crate::blocking::run(move || f(&mut *locked(&inner.local)?))
        .await
        .map_err(|e| StoreError(format!("desk log: {e}")))?
}

/// Replays `queue` oldest first, all at once (in batches of
/// [`REPLAY_BATCH`], each sent pipelined; a replay that finds another
/// lane's admission is recorded there as a conflict), marking each batch
/// replayed in the file in one transaction. A crash between the send and
/// the mark leaves them queued: sent again, each is answered as the first
/// time (its scan id), and a read of the log marks them too.
async fn replay<S: SharedLog>(
    shared: &S,
    inner: &Arc<Inner>,
    round: Round,
    queue: Vec<super::Queued>,
) -> Result<(), StoreError> {
    for batch in queue.chunks(REPLAY_BATCH) {
        let sent: Vec<(Admission, ScanId)> = batch
            .iter()
            .map(|q| (q.admission.clone(), q.scan))
            .collect();
        let told = within(inner.timing.whole, shared.replay_async(&sent)).await?;
        for ((queued, _), recorded) in sent.iter().zip(&told) {
            if let Recorded::AlreadyAdmitted(winner) = recorded {
                tracing::warn!(
                    "desk log: ticket {} admitted twice: {} {} and {} {}",
                    queued.number,
                    winner.desk,
                    winner.at,
                    queued.desk,
                    queued.at
                );
            }
        }
        let scans: Vec<ScanId> = sent.iter().map(|(_, scan)| *scan).collect();
        on_file(inner, round, move |local| local.replayed_all(&scans)).await?;
    }
    Ok(())
}

/// One round: the log answers (within the round's deadline), the queue
/// sent, what is newer read into the mirror.
async fn sync<S: SharedLog>(
    shared: &S,
    inner: &Arc<Inner>,
    round: Round,
) -> Result<(), StoreError> {
    let _one = inner.syncing.lock().await;
    // Once per connection: the log answers, with this build's schema. After
    // that, a re-read is one query (the lanes' hints come many a second).
    // A lane that follows nothing asks anyway: nothing else in the round
    // may reach the log, and a round that reached nothing must not say
    // the log answered.
    let follows = locked(&inner.state)?.follow.is_some();
    if !inner.checked.load(Ordering::SeqCst) || !follows {
        within(round.deadline, shared.ping()).await?;
        inner.checked.store(true, Ordering::SeqCst);
    }
    inner.answered();
    // The queue, oldest first, when there may be one (cleared before it is
    // read: an admission queued meanwhile sets it again).
    let queue = if inner.maybe_queued.swap(false, Ordering::SeqCst) {
        on_file(inner, round, |local| local.queued()).await
    } else {
        Ok(Vec::new())
    };
    let replayed = match queue {
        Ok(queue) => replay(shared, inner, round, queue).await,
        Err(e) => Err(e),
    };
    if let Err(e) = replayed {
        // What was not read or not replayed is still in the file.
        inner.maybe_queued.store(true, Ordering::SeqCst);
        return Err(e);
    }
    inner.reached();
    // What is newer at the followed event.
    let follow = locked(&inner.state)?
        .follow
        .as_ref()
        .map(|f| (f.event_id, f.cursor.clone()));
    let Some((event_id, cursor)) = follow else {
        return Ok(());
    };
    let mut cursor = if let Some(cursor) = cursor {
        cursor
    } else if let Some((read, admitted)) = on_file(inner, round, move |local| {
        let Some(read) = local.mirror_read(event_id)? else {
            return Ok(None);
        };
        Ok(Some((read, local.mirror_admitted(event_id)?)))
    })
    .await?
    {
        // The mirror in the file: read on from where it was left.
        let mut state = locked(&inner.state)?;
        if let Some(follow) = state.follow.as_mut().filter(|f| f.event_id == event_id) {
            follow.admitted = admitted.into_iter().map(|a| (a.ticket_id, a)).collect();
            follow.cursor = Some(read.cursor.clone());
            follow.last = read.last;
        }
        read.cursor
    } else {
        // A first read: a cursor, the admissions as they are, then what
        // came since the cursor (applied again, harmlessly).
        let cursor = within(inner.timing.whole, shared.cursor_async(event_id)).await?;
        let last = within(inner.timing.whole, shared.last_seq_async(event_id)).await?;
        let admitted = within(inner.timing.whole, shared.admitted_async(event_id)).await?;
        let kept = (admitted.clone(), cursor.clone());
        on_file(inner, round, move |local| {
            local.mirror_load(event_id, &kept.0, &kept.1, last)
        })
        .await?;
        inner.kept_now();
        let mut state = locked(&inner.state)?;
        if let Some(follow) = state.follow.as_mut().filter(|f| f.event_id == event_id) {
            follow.admitted = admitted.into_iter().map(|a| (a.ticket_id, a)).collect();
            follow.cursor = Some(cursor.clone());
            follow.last = last;
        }
        cursor
    };
    let mut any = false;
    loop {
        let (changes, next) = within(
            inner.timing.whole,
            shared.newer_async(event_id, &cursor, PAGE),
        )
        .await?;
        let full = changes.len() == PAGE;
        any |= !changes.is_empty();
        if inner.apply(event_id, &cursor, &changes, next.clone()) && inner.keep(&changes) {
            // The file's mirror with it, and the cursor (also when nothing
            // changed, now and then: the time it was read).
            let kept = next.clone();
            on_file(inner, round, move |local| {
                local.mirror_apply(event_id, &changes, &kept).map(drop)
            })
            .await?;
        }
        cursor = next;
        if !full {
            break;
        }
    }
    let last = locked(&inner.state)?
        .follow
        .as_ref()
        .filter(|f| f.event_id == event_id)
        .map(|f| f.last);
    if let Some(last) = last {
        inner.publish(last);
    }
    if any {
        inner.hints.send_modify(|n| *n += 1);
        inner.heard.send_modify(|n| *n += 1);
    }
    // The heartbeat a dashboard reads (once a second however many hints).
    let due = {
        let mut beat = locked(&inner.beat)?;
        let due = beat.is_none_or(|b| b.elapsed() >= EVERY);
        if due {
            *beat = Some(std::time::Instant::now());
        }
        due
    };
    if due {
        let now = clock::now_utc(None);
        within(round.deadline, shared.heartbeat_async(event_id, &now)).await?;
    }
    Ok(())
}

impl<S: SharedLog> LaneLog<S> {
    /// Undoes `desk`'s admission of `ticket` (its last one when none is
    /// named): one still queued here, before it is replayed; else in the
    /// shared log, and this machine's copy with it.
    fn undo_one(
        &mut self,
        event_id: u64,
        desk: &str,
        ticket: Option<u64>,
    ) -> Result<Option<Undone>, StoreError> {
        let queued = {
            let mut local = locked(&self.inner.local)?;
            match ticket {
                None => local.undo_last_queued(event_id, desk)?,
                Some(ticket) => local.undo_queued_ticket(event_id, ticket, desk)?,
            }
        };
        if let Some(undone) = queued {
            // Queued: nobody else had it (the lane would have said so).
            return Ok(Some(Undone::alone(undone)));
        }
        let lane = desk.to_owned();
        match self.shared_call(move |shared| async move {
            shared.undo_async(event_id, &lane, ticket).await
        }) {
            Some(undone) => {
                if let Some(u) = &undone {
                    let ticket = u.admission.ticket_id;
                    {
                        // The file's lock first: a copy being written is
                        // undone after it, one not yet written is not written.
                        let mut local = locked(&self.inner.local)?;
                        if local.undo_ticket(event_id, ticket, desk)?.is_none()
                            && let Ok(mut early) = self.inner.undone_early.lock()
                        {
                            early.insert((event_id, ticket));
                        }
                        // The mirror in the file at once (a lane cut off
                        // next judges from it).
                        local.mirror_undone(&u.admission, u.kept.as_ref())?;
                    }
                    // This lane's own judging sees it at once, before the feed.
                    if let Ok(mut state) = locked(&self.inner.state)
                        && let Some(follow) =
                            state.follow.as_mut().filter(|f| f.event_id == event_id)
                    {
                        match &u.kept {
                            Some(kept) => {
                                follow.admitted.insert(ticket, kept.clone());
                            }
                            None => {
                                follow.admitted.remove(&ticket);
                            }
                        }
                    }
                }
                Ok(undone)
            }
            None => Err(StoreError(
                "the shared log is unreachable: only admissions made since can be undone".into(),
            )),
        }
    }
}

impl<S: SharedLog> DeskLog for LaneLog<S> {
    fn admit(&mut self, a: &Admission, scan: ScanId) -> Result<Recorded, StoreError> {
        let mut stored = a.clone();
        if stored.at.is_empty() {
            stored.at = clock::now_utc(None);
        }
        // The queue first, if there is one and the log may answer.
        self.contact(stored.event_id);
        let online = {
            let stored = stored.clone();
            self.shared_call(
                move |shared| async move { shared.admit_async(&stored, scan, false).await },
            )
        };
        if let Some(recorded) = online {
            if let Recorded::Admitted(admitted) = &recorded {
                // Seen at once by this lane's own judging, before the feed.
                if let Ok(mut state) = locked(&self.inner.state)
                    && let Some(follow) = state
                        .follow
                        .as_mut()
                        .filter(|f| f.event_id == admitted.event_id)
                {
                    follow
                        .admitted
                        .entry(admitted.ticket_id)
                        .or_insert_with(|| admitted.clone());
                }
                // A copy in this machine's file, off the scan's path: a lane
                // started again without the database still knows its own.
                let (inner, admitted) = (self.inner.clone(), admitted.clone());
                crate::blocking::detach(&self.handle, move || {
                    if let Ok(mut local) = inner.local.lock() {
                        let key = (admitted.event_id, admitted.ticket_id);
                        let undone = inner.undone_early.lock().is_ok_and(|mut u| u.remove(&key));
                        if !undone {
                            let _ = local.admit(&admitted, scan);
                        }
                    }
                });
            }
            return Ok(recorded);
        }
        // Cut off: the last shared admissions seen, then this machine's.
        if let Some(winner) = self.seen_ticket(stored.event_id, stored.ticket_id) {
            // Judged offline: a ticket another lane admitted before.
            return Ok(Recorded::AlreadyAdmitted(winner));
        }
        let recorded = locked(&self.inner.local)?.admit_queued(&stored, scan)?;
        self.inner.maybe_queued.store(true, Ordering::SeqCst);
        self.inner.hints.send_modify(|n| *n += 1);
        Ok(recorded)
    }

    fn lookup(&self, event_id: u64, ticket_id: u64) -> Result<Option<Admission>, StoreError> {
        self.contact(event_id);
        if let Some(found) =
            self.shared_call(
                move |shared| async move { shared.lookup_async(event_id, ticket_id).await },
            )
        {
            return Ok(found);
        }
        if let Some(seen) = self.seen_ticket(event_id, ticket_id) {
            return Ok(Some(seen));
        }
        locked(&self.inner.local)?.lookup(event_id, ticket_id)
    }

    fn undo_last(&mut self, event_id: u64, desk: &str) -> Result<Option<Undone>, StoreError> {
        self.undo_one(event_id, desk, None)
    }

    fn undo(
        &mut self,
        event_id: u64,
        desk: &str,
        ticket_id: u64,
    ) -> Result<Option<Undone>, StoreError> {
        self.undo_one(event_id, desk, Some(ticket_id))
    }

    fn admitted(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        let shared =
            self.shared_call(move |shared| async move { shared.admitted_async(event_id).await });
        let mut all = match shared {
            Some(admitted) => admitted,
            None => self.seen_of(event_id),
        };
        let queued = self.queued_at(event_id)?;
        all.extend(queued);
        all.sort_by(|a, b| a.at.cmp(&b.at));
        // Follow the event a desk has opened.
        if let Ok(state) = locked(&self.inner.state)
            && state.follow.as_ref().is_none_or(|f| f.event_id != event_id)
        {
            drop(state);
            self.follow(event_id);
        }
        Ok(all)
    }

    fn counts(&self, event_id: u64, since: &str) -> Result<Counts, StoreError> {
        let since_owned = since.to_owned();
        let shared = self.shared_call(move |shared| async move {
            shared.counts_async(event_id, &since_owned).await
        });
        let queued = self.queued_at(event_id)?;
        let mut counts = if let Some(counts) = shared {
            counts
        } else {
            let seen = self.seen_of(event_id);
            Counts {
                admitted: seen.len() as u64,
                recent: seen.iter().filter(|a| a.at.as_str() >= since).count() as u64,
            }
        };
        counts.admitted += queued.len() as u64;
        counts.recent += queued.iter().filter(|a| a.at.as_str() >= since).count() as u64;
        Ok(counts)
    }

    fn newer(
        &mut self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> Result<(Vec<Change>, Cursor), StoreError> {
        let from = after.clone();
        Ok(self
            .shared_call(
                move |shared| async move { shared.newer_async(event_id, &from, limit).await },
            )
            .unwrap_or_else(|| (Vec::new(), after.clone())))
    }

    fn cursor(&mut self, event_id: u64) -> Result<Cursor, StoreError> {
        self.shared_call(move |shared| async move { shared.cursor_async(event_id).await })
            .ok_or_else(|| StoreError("the shared log is unreachable".into()))
    }

    fn door_read(
        &mut self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> Result<DoorRead, StoreError> {
        let from = after.clone();
        self.shared_call(move |shared| async move {
            shared.door_read_async(event_id, &from, limit).await
        })
        .ok_or_else(|| StoreError("the shared log is unreachable".into()))
    }

    fn door_hints(&self) -> Option<watch::Receiver<u64>> {
        Some(self.inner.heard.subscribe())
    }

    fn hints(&self) -> Option<watch::Receiver<u64>> {
        Some(self.inner.hints.subscribe())
    }

    fn alone(&self, event_id: u64) -> Option<Alone> {
        if !self.unreachable() {
            return None;
        }
        let mirror_read_at = locked(&self.inner.local)
            .ok()?
            .mirror_read(event_id)
            .ok()
            .flatten()
            .map(|r| r.read_at);
        let why = self.inner.why.lock().map(|w| w.clone()).unwrap_or_default();
        Some(Alone {
            mirror_read_at,
            why,
        })
    }

    fn reach(&self) -> Reach {
        let queued = locked(&self.inner.local)
            .and_then(|l| l.queued_count())
            .unwrap_or(0);
        match locked(&self.inner.state).map(|s| s.unreachable_since.clone()) {
            Ok(Some(since)) => Reach::Unreachable { since, queued },
            _ => Reach::Shared { queued },
        }
    }

    fn conflicts(&mut self, event_id: Option<u64>) -> Result<Vec<Conflict>, StoreError> {
        self.shared_call(move |shared| async move { shared.conflicts_async(event_id).await })
            .ok_or_else(|| StoreError("the shared log is unreachable".into()))
    }

    fn admit_forced(&mut self, a: &Admission, scan: ScanId) -> Result<Recorded, StoreError> {
        let mut stored = a.clone();
        if stored.at.is_empty() {
            stored.at = clock::now_utc(None);
        }
        self.door_call(DoorOp::Forced {
            admission: stored,
            scan,
        })?
        .recorded()
    }

    fn door_move(
        &mut self,
        a: &Admission,
        kind: ChangeKind,
        scan: ScanId,
    ) -> Result<Moved, StoreError> {
        let mut stored = a.clone();
        if stored.at.is_empty() {
            stored.at = clock::now_utc(None);
        }
        self.door_call(DoorOp::Move {
            admission: stored,
            kind,
            scan,
        })?
        .moved()
    }

    /// The shared log's door; cut off, the policy this machine kept when it
    /// last read it (no notes, nobody outside).
    fn door(&self, event_id: u64) -> Result<DoorState, StoreError> {
        if let Ok(done) = self.door_call(DoorOp::Read { event_id }) {
            let state = done.state()?;
            if let Some(p) = &state.policy
                && let Ok(mut local) = locked(&self.inner.local)
            {
                let _ = local.set_policy(event_id, p);
            }
            return Ok(state);
        }
        let kept = locked(&self.inner.local)?.door(event_id)?;
        Ok(DoorState {
            policy: kept.policy,
            ..DoorState::default()
        })
    }

    fn set_policy(&mut self, event_id: u64, policy: &KeptPolicy) -> Result<(), StoreError> {
        self.door_call(DoorOp::SetPolicy {
            event_id,
            policy: policy.clone(),
        })?
        .set()?;
        locked(&self.inner.local)?.set_policy(event_id, policy)
    }

    fn set_note(&mut self, note: &KeptNote) -> Result<(), StoreError> {
        self.door_call(DoorOp::SetNote(note.clone()))?.set()
    }
}

impl<S: SharedLog> LaneLog<S> {
    /// A call about the door's rules: the shared log keeps them, so a lane
    /// cut off refuses (an exit, a forced admission, a policy or a note is
    /// not queued).
    fn door_call(&self, op: DoorOp) -> Result<DoorDone, StoreError> {
        self.shared_call(move |shared| async move { shared.door_async(op).await })
            .ok_or_else(|| {
                StoreError("the shared log is unreachable: exits, forced admissions, the door's policy and notes need it".into())
            })
    }
}
