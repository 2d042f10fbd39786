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
    Admission, Change, Conflict, Counts, Cursor, DeskLog, DoorDone, DoorOp, DoorRead, OnceTold,
    OneScan, Part, PgDeskLog, Recorded, ScanId, SqliteDeskLog, StoreError, Undone,
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
    /// Whether `scan_once_async` is answered in one round trip. Default:
    /// no (a lane asks call by call).
    fn scans_once(&self) -> bool {
        false
    }
    /// A one-shot lane's scan in one round trip (`DeskLog::scan_once`):
    /// the schema, the identity, the door's stamp, what is newer after
    /// `after` (at most `limit`), the ticket's admission, and the scan
    /// recorded when asked and the stamp is unchanged. Only where
    /// `scans_once`.
    fn scan_once_async(
        &self,
        ask: &OneScan,
        after: Option<&Cursor>,
        limit: usize,
    ) -> impl Future<Output = Result<OnceTold, StoreError>> + Send {
        let _ = (ask, after, limit);
        async { Err(StoreError::Unreachable) }
    }
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

/// `SharedLog`'s calls answered by `PgDeskLog`'s own of the same name.
macro_rules! by_pg {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $out:ty;)*) => {$(
        fn $name(&self, $($arg: $ty),*) -> impl Future<Output = Result<$out, StoreError>> + Send {
            PgDeskLog::$name(self, $($arg),*)
        }
    )*};
}

impl SharedLog for PgDeskLog {
    by_pg! {
        ping() -> String;
        admit_async(a: &Admission, scan: ScanId, replay: bool) -> Recorded;
        replay_async(queue: &[(Admission, ScanId)]) -> Vec<Recorded>;
        undo_async(event_id: u64, lane: &str, ticket: Option<u64>) -> Option<Undone>;
        lookup_async(event_id: u64, ticket_id: u64) -> Option<Admission>;
        admitted_async(event_id: u64) -> Vec<Admission>;
        counts_async(event_id: u64, since: &str) -> Counts;
        newer_async(event_id: u64, after: &Cursor, limit: usize) -> (Vec<Change>, Cursor);
        cursor_async(event_id: u64) -> Cursor;
        last_seq_async(event_id: u64) -> u64;
        first_read_async(event_id: u64) -> (Cursor, u64, Vec<Admission>);
        conflicts_async(event_id: Option<u64>) -> Vec<Conflict>;
        heartbeat_async(event_id: u64, at: &str) -> ();
        lane_seen_async(event_id: u64, seen: Option<String>, scanned: Option<String>) -> ();
        door_read_async(event_id: u64, after: &Cursor, limit: usize) -> DoorRead;
        door_async(op: DoorOp) -> DoorDone;
        scan_once_async(ask: &OneScan, after: Option<&Cursor>, limit: usize) -> OnceTold;
    }
    fn address(&self) -> String {
        self.db().redacted().to_owned()
    }
    fn connected(&self) -> bool {
        PgDeskLog::connected(self)
    }
    fn scans_once(&self) -> bool {
        true
    }
    fn listen(&self) -> watch::Receiver<u64> {
        PgDeskLog::listen(self)
    }
}

/// A door's shared log in one SQLite database of this process, for lanes
/// in this process: the door model's lanes (`tests/it/door.rs`). It can be
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
    /// Its writes' answers are lost (each write done and hinted).
    lost: Arc<AtomicBool>,
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
            lost: Arc::new(AtomicBool::new(false)),
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

    /// Loses its writes' answers (`true`: each write is done and the lanes
    /// hinted, but no answer comes, as a link that drops the answer after
    /// the commit) or answers them again. Reads still answer.
    pub fn lose_answers(&self, lost: bool) {
        self.lost.store(lost, Ordering::SeqCst);
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
        (!self.lost.load(Ordering::SeqCst)).then_some(done)
    }
}

/// The answer of a call: at once, or never (the log hangs).
async fn answer<T: Send>(r: Option<Result<T, StoreError>>) -> Result<T, StoreError> {
    match r {
        Some(r) => r,
        None => std::future::pending().await,
    }
}

/// `SharedLog`'s calls answered by the SQLite log: a read (`call`) or a
/// write (`write`, which hints the lanes).
macro_rules! answered {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $out:ty = $how:ident(|$log:ident| $body:expr);)*) => {$(
        fn $name(&self, $($arg: $ty),*) -> impl Future<Output = Result<$out, StoreError>> + Send {
            answer(self.$how(|$log| $body))
        }
    )*};
}

impl SharedLog for SqliteDoor {
    answered! {
        admit_async(a: &Admission, scan: ScanId, replay: bool) -> Recorded =
            write(|log| log.admit_at_door(a, scan, replay));
        undo_async(event_id: u64, lane: &str, ticket: Option<u64>) -> Option<Undone> =
            write(|log| log.undo_at_door(event_id, lane, ticket));
        lookup_async(event_id: u64, ticket_id: u64) -> Option<Admission> =
            call(|log| log.lookup(event_id, ticket_id));
        admitted_async(event_id: u64) -> Vec<Admission> = call(|log| log.admitted(event_id));
        counts_async(event_id: u64, since: &str) -> Counts =
            call(|log| log.counts(event_id, since));
        newer_async(event_id: u64, after: &Cursor, limit: usize) -> (Vec<Change>, Cursor) =
            call(|log| log.changes_at_door(event_id, after, limit));
        last_seq_async(event_id: u64) -> u64 = call(|log| log.last_at_door(event_id));
        conflicts_async(event_id: Option<u64>) -> Vec<Conflict> =
            call(|log| log.conflicts_at_door(event_id));
        door_read_async(event_id: u64, after: &Cursor, limit: usize) -> DoorRead =
            call(|log| log.door_read(event_id, after, limit));
    }
    fn ping(&self) -> impl Future<Output = Result<String, StoreError>> + Send {
        let id = self.id.as_str().to_owned();
        let r = self.call(|_| Ok(id));
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
    fn listen(&self) -> watch::Receiver<u64> {
        self.hints.subscribe()
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
