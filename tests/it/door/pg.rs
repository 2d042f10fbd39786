//! The door's shared log on the tests' own PostgreSQL (`common::postgres`):
//! every call a lane makes runs the store's PostgreSQL functions
//! (`PgDeskLog`) on a real server over loopback. The shift takes the log
//! away as it takes the SQLite one away: cut, a call is refused before it
//! is sent (the server is shared by the test binary: it is not stopped).

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use boxoffice::store::{
    Admission, Change, Conflict, Counts, Cursor, DeskDb, DoorDone, DoorOp, DoorRead, PgDeskLog,
    Recorded, ScanId, SharedLog, StoreError, Undone, pg,
};
use tokio::sync::watch;

use super::drive::Shared;

/// `PgDeskLog` that a shift can cut off.
#[derive(Clone)]
pub struct PgDoor {
    pg: PgDeskLog,
    up: Arc<AtomicBool>,
}

impl PgDoor {
    /// A fresh database of the tests' server, with the schema.
    pub async fn fresh() -> Self {
        let server = crate::common::postgres::server();
        let db = DeskDb::parse(&server.url(&server.database())).unwrap();
        pg::init(&db).await.unwrap();
        Self {
            pg: PgDeskLog::open(&db, "demo", "door-model", 2),
            up: Arc::new(AtomicBool::new(true)),
        }
    }

    /// Runs `call` unless cut off.
    async fn call<T>(
        &self,
        call: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        if !self.up.load(Ordering::SeqCst) {
            return Err(StoreError::Unreachable);
        }
        call.await
    }
}

impl Shared for PgDoor {
    const NAME: &'static str = "postgres";
    const HANGS: bool = false;
    fn cut(&self, cut: bool) {
        self.up.store(!cut, Ordering::SeqCst);
    }
    /// A PostgreSQL shift has no hangs (`check` makes them outages): its
    /// lanes wait long enough for any answer of a loaded server.
    fn hang(&self, hung: bool) {
        assert!(!hung, "a PostgreSQL shift hangs no log");
    }
}

impl SharedLog for PgDoor {
    fn ping(&self) -> impl Future<Output = Result<String, StoreError>> + Send {
        self.call(self.pg.ping())
    }
    fn admit_async(
        &self,
        a: &Admission,
        scan: ScanId,
        replay: bool,
    ) -> impl Future<Output = Result<Recorded, StoreError>> + Send {
        self.call(self.pg.admit_async(a, scan, replay))
    }
    fn replay_async(
        &self,
        queue: &[(Admission, ScanId)],
    ) -> impl Future<Output = Result<Vec<Recorded>, StoreError>> + Send {
        self.call(self.pg.replay_async(queue))
    }
    fn undo_async(
        &self,
        event_id: u64,
        lane: &str,
        ticket: Option<u64>,
    ) -> impl Future<Output = Result<Option<Undone>, StoreError>> + Send {
        self.call(self.pg.undo_async(event_id, lane, ticket))
    }
    fn lookup_async(
        &self,
        event_id: u64,
        ticket_id: u64,
    ) -> impl Future<Output = Result<Option<Admission>, StoreError>> + Send {
        self.call(self.pg.lookup_async(event_id, ticket_id))
    }
    fn admitted_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<Vec<Admission>, StoreError>> + Send {
        self.call(self.pg.admitted_async(event_id))
    }
    fn counts_async(
        &self,
        event_id: u64,
        since: &str,
    ) -> impl Future<Output = Result<Counts, StoreError>> + Send {
        self.call(self.pg.counts_async(event_id, since))
    }
    fn newer_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> impl Future<Output = Result<(Vec<Change>, Cursor), StoreError>> + Send {
        self.call(self.pg.newer_async(event_id, after, limit))
    }
    fn cursor_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<Cursor, StoreError>> + Send {
        self.call(self.pg.cursor_async(event_id))
    }
    fn last_seq_async(
        &self,
        event_id: u64,
    ) -> impl Future<Output = Result<u64, StoreError>> + Send {
        self.call(self.pg.last_seq_async(event_id))
    }
    fn conflicts_async(
        &self,
        event_id: Option<u64>,
    ) -> impl Future<Output = Result<Vec<Conflict>, StoreError>> + Send {
        self.call(self.pg.conflicts_async(event_id))
    }
    fn listen(&self) -> watch::Receiver<u64> {
        self.pg.listen()
    }
    fn door_async(&self, op: DoorOp) -> impl Future<Output = Result<DoorDone, StoreError>> + Send {
        self.call(self.pg.door_async(op))
    }
    fn heartbeat_async(
        &self,
        event_id: u64,
        at: &str,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        self.call(self.pg.heartbeat_async(event_id, at))
    }
    fn door_read_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> impl Future<Output = Result<DoorRead, StoreError>> + Send {
        self.call(self.pg.door_read_async(event_id, after, limit))
    }
}
