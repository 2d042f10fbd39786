//! The log a door's lanes share, as a lane (`LaneLog`) calls it: PostgreSQL
//! for a real door (`PgDeskLog`), or one SQLite log in this process
//! ([`SqliteDoor`]: the door model's lanes, lanes on one machine). Both keep
//! the same contract — one admission per ticket, a replay that finds
//! another lane's recorded as a conflict, an undo that keeps a conflict's
//! other side, the history read by cursor, a hint on every change — and a
//! lane is written once over either.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::watch;

use super::{
    Admission, Change, Conflict, Counts, Cursor, DeskLog, DoorDone, DoorOp, DoorRead, Part,
    PgDeskLog, Recorded, ScanId, SqliteDeskLog, StoreError, Undone,
};

/// The shared log, as a lane calls it (each call may fail: the lane is then
/// cut off and judges alone).
pub trait SharedLog: Clone + Send + Sync + 'static {
    /// Reachable, with this build's schema: the log's identity (what a
    /// lane's queue is bound to).
    fn ping(&self) -> impl Future<Output = Result<String, StoreError>> + Send;
    /// Whether a connection to the log is open (a call then needs no
    /// connecting first). Default: always.
    fn connected(&self) -> bool {
        true
    }
    /// Where the log is, as shown (a password never): what a queue made
    /// before the log's identity was known is bound to.
    fn address(&self) -> String {
        String::new()
    }
    /// A scan (`replay`: made while cut off; another lane's admission found
    /// is recorded as a conflict).
    fn admit_async(
        &self,
        a: &Admission,
        scan: ScanId,
        replay: bool,
    ) -> impl Future<Output = Result<Recorded, StoreError>> + Send;
    /// `lane`'s admission of `ticket` (its last when none is named) undone.
    fn undo_async(
        &self,
        event_id: u64,
        lane: &str,
        ticket: Option<u64>,
    ) -> impl Future<Output = Result<Option<Undone>, StoreError>> + Send;
    /// A lane's queue (scans made while cut off, oldest first) replayed,
    /// the answers in order: one after the other unless the log can send
    /// them all at once.
    fn replay_async(
        &self,
        queue: &[(Admission, ScanId)],
    ) -> impl Future<Output = Result<Vec<Recorded>, StoreError>> + Send {
        async move {
            let mut told = Vec::with_capacity(queue.len());
            for (a, scan) in queue {
                told.push(self.admit_async(a, *scan, true).await?);
            }
            Ok(told)
        }
    }
    fn lookup_async(
        &self,
        event_id: u64,
        ticket_id: u64,
    ) -> impl Future<Output = Result<Option<Admission>, StoreError>> + Send;
    fn admitted_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<Vec<Admission>, StoreError>> + Send;
    fn counts_async(
        &self,
        event_id: u64,
        since: &str,
    ) -> impl Future<Output = Result<Counts, StoreError>> + Send;
    fn newer_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> impl Future<Output = Result<(Vec<Change>, Cursor), StoreError>> + Send;
    fn cursor_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<Cursor, StoreError>> + Send;
    fn last_seq_async(&self, event_id: u64)
    -> impl Future<Output = Result<u64, StoreError>> + Send;
    /// A lane's first read of an event: a cursor, the last change number
    /// and the admissions, read in that order (what came after the cursor
    /// is read again by `newer`, harmlessly). Default: one call each.
    fn first_read_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<(Cursor, u64, Vec<Admission>), StoreError>> + Send {
        async move {
            let cursor = self.cursor_async(event_id).await?;
            let last = self.last_seq_async(event_id).await?;
            let admitted = self.admitted_async(event_id).await?;
            Ok((cursor, last, admitted))
        }
    }
    fn conflicts_async(
        &self,
        event_id: Option<u64>,
    ) -> impl Future<Output = Result<Vec<Conflict>, StoreError>> + Send;
    /// Ticks when another lane may have changed something (a hint).
    fn listen(&self) -> watch::Receiver<u64>;
    /// A call about the door's rules (exits, forced admissions, the
    /// policy, notes).
    fn door_async(&self, op: DoorOp) -> impl Future<Output = Result<DoorDone, StoreError>> + Send;
    /// This lane's heartbeat at `event_id` (its clock, UTC text): what a
    /// dashboard calls offline when old. A log without lanes' names keeps
    /// none.
    fn heartbeat_async(
        &self,
        event_id: u64,
        at: &str,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        let _ = (event_id, at);
        async { Ok(()) }
    }
    /// This lane's heartbeat (`seen`) and its last scan (`scanned`) at
    /// `event_id`, either or both (UTC text). Default: the heartbeat only.
    fn lane_seen_async(
        &self,
        event_id: u64,
        seen: Option<String>,
        scanned: Option<String>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        let _ = scanned;
        let this = self.clone();
        async move {
            match seen {
                Some(at) => this.heartbeat_async(event_id, &at).await,
                None => Ok(()),
            }
        }
    }
    /// `DeskLog::door_read` (default: the history only).
    fn door_read_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> impl Future<Output = Result<DoorRead, StoreError>> + Send {
        let read = self.newer_async(event_id, after, limit);
        async move {
            let (changes, cursor) = read.await?;
            Ok(DoorRead {
                rows: changes.len(),
                changes,
                cursor,
                ..DoorRead::default()
            })
        }
    }
}

impl SharedLog for PgDeskLog {
    fn ping(&self) -> impl Future<Output = Result<String, StoreError>> + Send {
        PgDeskLog::ping(self)
    }
    fn address(&self) -> String {
        self.db().redacted().to_owned()
    }
    fn connected(&self) -> bool {
        PgDeskLog::connected(self)
    }
    fn lane_seen_async(
        &self,
        event_id: u64,
        seen: Option<String>,
        scanned: Option<String>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        let this = self.clone();
        async move {
            this.lane_seen_async(event_id, seen.as_deref(), scanned.as_deref())
                .await
        }
    }
    fn admit_async(
        &self,
        a: &Admission,
        scan: ScanId,
        replay: bool,
    ) -> impl Future<Output = Result<Recorded, StoreError>> + Send {
        PgDeskLog::admit_async(self, a, scan, replay)
    }
    fn replay_async(
        &self,
        queue: &[(Admission, ScanId)],
    ) -> impl Future<Output = Result<Vec<Recorded>, StoreError>> + Send {
        PgDeskLog::replay_async(self, queue)
    }
    fn undo_async(
        &self,
        event_id: u64,
        lane: &str,
        ticket: Option<u64>,
    ) -> impl Future<Output = Result<Option<Undone>, StoreError>> + Send {
        PgDeskLog::undo_async(self, event_id, lane, ticket)
    }
    fn lookup_async(
        &self,
        event_id: u64,
        ticket_id: u64,
    ) -> impl Future<Output = Result<Option<Admission>, StoreError>> + Send {
        PgDeskLog::lookup_async(self, event_id, ticket_id)
    }
    fn admitted_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<Vec<Admission>, StoreError>> + Send {
        PgDeskLog::admitted_async(self, event_id)
    }
    fn counts_async(
        &self,
        event_id: u64,
        since: &str,
    ) -> impl Future<Output = Result<Counts, StoreError>> + Send {
        PgDeskLog::counts_async(self, event_id, since)
    }
    fn newer_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> impl Future<Output = Result<(Vec<Change>, Cursor), StoreError>> + Send {
        PgDeskLog::newer_async(self, event_id, after, limit)
    }
    fn cursor_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<Cursor, StoreError>> + Send {
        PgDeskLog::cursor_async(self, event_id)
    }
    fn last_seq_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<u64, StoreError>> + Send {
        PgDeskLog::last_seq_async(self, event_id)
    }
    fn first_read_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<(Cursor, u64, Vec<Admission>), StoreError>> + Send {
        PgDeskLog::first_read_async(self, event_id)
    }
    fn conflicts_async(
        &self,
        event_id: Option<u64>,
    ) -> impl Future<Output = Result<Vec<Conflict>, StoreError>> + Send {
        PgDeskLog::conflicts_async(self, event_id)
    }
    fn listen(&self) -> watch::Receiver<u64> {
        PgDeskLog::listen(self)
    }
    fn door_async(&self, op: DoorOp) -> impl Future<Output = Result<DoorDone, StoreError>> + Send {
        PgDeskLog::door_async(self, op)
    }
    fn heartbeat_async(
        &self,
        event_id: u64,
        at: &str,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        PgDeskLog::heartbeat_async(self, event_id, at)
    }
    fn door_read_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> impl Future<Output = Result<DoorRead, StoreError>> + Send {
        PgDeskLog::door_read_async(self, event_id, after, limit)
    }
}

/// A door's shared log in one SQLite database of this process, for lanes
/// in this process: the door model's lanes (`tests/door.rs`). It can be
/// made unreachable and reachable again (`cut`), as a database server
/// going away and coming back, or made to hang (`hang`), as a server that
/// accepts no connection (its postmaster stopped by SIGSTOP): a call then
/// never answers — the lane waits out its deadline — and nothing it asked
/// is done.
#[derive(Clone)]
pub struct SqliteDoor {
    log: Arc<Mutex<SqliteDeskLog>>,
    up: Arc<AtomicBool>,
    hung: Arc<AtomicBool>,
    hints: Arc<watch::Sender<u64>>,
    /// Its identity (made with it).
    id: Arc<String>,
}

impl SqliteDoor {
    /// Over `log` (in memory, or a file).
    pub fn new(log: SqliteDeskLog) -> Self {
        Self {
            log: Arc::new(Mutex::new(log)),
            up: Arc::new(AtomicBool::new(true)),
            hung: Arc::new(AtomicBool::new(false)),
            hints: Arc::new(watch::channel(0).0),
            id: Arc::new(uuid::Uuid::new_v4().to_string()),
        }
    }

    /// Makes it unreachable (`true`) or reachable again.
    pub fn cut(&self, cut: bool) {
        self.up.store(!cut, Ordering::SeqCst);
    }

    /// Makes it hang (`true`: no call answers, none is done) or answer
    /// again.
    pub fn hang(&self, hung: bool) {
        self.hung.store(hung, Ordering::SeqCst);
    }

    /// Runs `f` on the log if it is reachable (None: it hangs).
    fn call<T>(
        &self,
        f: impl FnOnce(&mut SqliteDeskLog) -> Result<T, StoreError>,
    ) -> Option<Result<T, StoreError>> {
        if self.hung.load(Ordering::SeqCst) {
            return None;
        }
        if !self.up.load(Ordering::SeqCst) {
            return Some(Err(StoreError::Unreachable));
        }
        let Ok(mut log) = self.log.lock() else {
            return Some(Err(StoreError::FailedEarlier(Part::SharedLog)));
        };
        Some(f(&mut log))
    }

    /// `call`, then a hint for the lanes.
    fn write<T>(
        &self,
        f: impl FnOnce(&mut SqliteDeskLog) -> Result<T, StoreError>,
    ) -> Option<Result<T, StoreError>> {
        let done = self.call(f)?;
        if done.is_ok() {
            self.hints.send_modify(|n| *n += 1);
        }
        Some(done)
    }
}

/// The answer of a call: at once, or never (the log hangs).
async fn answer<T: Send>(r: Option<Result<T, StoreError>>) -> Result<T, StoreError> {
    match r {
        Some(r) => r,
        None => std::future::pending().await,
    }
}

impl SharedLog for SqliteDoor {
    fn ping(&self) -> impl Future<Output = Result<String, StoreError>> + Send {
        let id = self.id.as_str().to_owned();
        let r = self.call(|_| Ok(id));
        answer(r)
    }
    fn admit_async(
        &self,
        a: &Admission,
        scan: ScanId,
        replay: bool,
    ) -> impl Future<Output = Result<Recorded, StoreError>> + Send {
        let r = self.write(|log| log.admit_at_door(a, scan, replay));
        answer(r)
    }
    fn undo_async(
        &self,
        event_id: u64,
        lane: &str,
        ticket: Option<u64>,
    ) -> impl Future<Output = Result<Option<Undone>, StoreError>> + Send {
        let r = self.write(|log| log.undo_at_door(event_id, lane, ticket));
        answer(r)
    }
    fn lookup_async(
        &self,
        event_id: u64,
        ticket_id: u64,
    ) -> impl Future<Output = Result<Option<Admission>, StoreError>> + Send {
        let r = self.call(|log| log.lookup(event_id, ticket_id));
        answer(r)
    }
    fn admitted_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<Vec<Admission>, StoreError>> + Send {
        let r = self.call(|log| log.admitted(event_id));
        answer(r)
    }
    fn counts_async(
        &self,
        event_id: u64,
        since: &str,
    ) -> impl Future<Output = Result<Counts, StoreError>> + Send {
        let r = self.call(|log| log.counts(event_id, since));
        answer(r)
    }
    fn newer_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> impl Future<Output = Result<(Vec<Change>, Cursor), StoreError>> + Send {
        let r = self.call(|log| log.changes_at_door(event_id, after, limit));
        answer(r)
    }
    fn cursor_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<Cursor, StoreError>> + Send {
        let r = self.call(|log| {
            Ok(Cursor {
                horizon: log.last_at_door(event_id)?,
                seen: Vec::new(),
            })
        });
        answer(r)
    }
    fn last_seq_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<u64, StoreError>> + Send {
        let r = self.call(|log| log.last_at_door(event_id));
        answer(r)
    }
    fn conflicts_async(
        &self,
        event_id: Option<u64>,
    ) -> impl Future<Output = Result<Vec<Conflict>, StoreError>> + Send {
        let r = self.call(|log| log.conflicts_at_door(event_id));
        answer(r)
    }
    fn listen(&self) -> watch::Receiver<u64> {
        self.hints.subscribe()
    }
    fn door_read_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> impl Future<Output = Result<DoorRead, StoreError>> + Send {
        let r = self.call(|log| log.door_read(event_id, after, limit));
        answer(r)
    }
    fn door_async(&self, op: DoorOp) -> impl Future<Output = Result<DoorDone, StoreError>> + Send {
        let r = if matches!(op, DoorOp::Read { .. }) {
            self.call(|log| log.door_op(op))
        } else {
            self.write(|log| log.door_op(op))
        };
        answer(r)
    }
}
