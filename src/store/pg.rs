//! The desk log shared by the lanes of one door, in PostgreSQL.
//!
//! Exactly one lane admits a ticket: the scan takes the ticket's lock
//! (`pg_advisory_xact_lock`, held to the end of its transaction: everything
//! about one ticket happens one at a time, scans of distinct tickets side
//! by side), tries `INSERT … ON CONFLICT DO NOTHING` on `desk_admissions`,
//! whose primary key is (business, event, ticket), and when that inserted
//! nothing, a second statement reads the winner, which the loser is told
//! (its lane and time). Every verdict is appended to `desk_scans`, numbered
//! by `seq` and marked with its transaction (`tx`); a lane reads what is
//! newer by a [`Cursor`] on `tx` (schema.rs, version 2, says why not by
//! `seq`). Once a scan or an undo has committed, the lane sends a NOTIFY on
//! [`CHANNEL`] as a hint only (not inside the transaction: schema.rs,
//! version 2, says why); `listen` keeps one connection of its own on it.
//!
//! Queries go through a small pool (deadpool-postgres); the trait's calls
//! are sync and run the async queries on the runtime's `Handle` (the
//! executor already calls every store on the blocking pool).
//!
//! Here the log itself, its pool and what its queries share; its parts: a
//! scan and a replay (`admit.rs`), a one-shot lane's scan in one round
//! trip (`once.rs`, its function `desk_scan.rs`), an undo (`undo.rs`),
//! reading what is newer (`newer.rs`), the other reads (`reads.rs`), the
//! hints (`hints.rs`), the door's rules (`rules.rs`), the dashboard's feed
//! (`stats.rs`), the schema (`schema.rs`), the address (`db.rs`) and TLS
//! (`tls.rs`).

mod admit;
mod db;
mod desk_scan;
mod hints;
mod newer;
mod once;
mod reads;
mod rules;
mod schema;
mod stats;
mod tls;
mod undo;

use std::time::Duration;

use std::sync::Arc;

use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod};
use tokio::runtime::Handle;
use tokio::sync::{RwLock, RwLockMappedWriteGuard, RwLockReadGuard, RwLockWriteGuard};
use tokio_postgres::Row;

pub use db::{DeskDb, redact};
pub use hints::CHANNEL;
pub use schema::{Check, Migrated, TABLES, check, init, init_to, version};

use super::{
    Admission, Conflict, Counts, Cursor, DeskLog, DoorDone, DoorOp, DoorState, NewerPage, Part,
    Recorded, Result, ScanId, StoreError, Undone,
};
// The door's rules (`rules.rs`) hint as a scan does.
use hints::hint;

/// How long a pool waits for a connection before failing.
const POOL_WAIT: Duration = Duration::from_millis(700);

/// How long a pool's new connection may take (TCP, TLS, SCRAM).
const CREATE_TIMEOUT: Duration = Duration::from_secs(3);

/// The shared desk log of one business, as one lane sees it.
#[derive(Clone)]
pub struct PgDeskLog {
    db: DeskDb,
    pool: Pool,
    /// A log of one connection keeps it here, shared by the calls under
    /// way at once: each statement is sent as it is asked, pipelined
    /// behind those in flight (a scan never waits for an idle read's round
    /// trip to end before it is sent); a transaction takes it alone.
    slot: Option<Arc<RwLock<Option<Object>>>>,
    business: String,
    lane: String,
    handle: Handle,
    /// When this lane's scans hint (hints.rs), shared by its clones.
    paced: Arc<std::sync::Mutex<hints::Pacer>>,
}

const ADMISSION: &str = "ticket_id, number, edition_id, lane, at";

fn id(n: u64) -> Result<i64, StoreError> {
    i64::try_from(n).map_err(|_| StoreError::TooLarge(n))
}

fn unsigned(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// An admission from columns `ticket_id, number, edition_id, lane, at`
/// starting at `i`.
fn admission_at(row: &Row, i: usize, event_id: u64) -> Admission {
    Admission {
        ticket_id: unsigned(row.get(i)),
        number: row.get(i + 1),
        event_id,
        edition_id: row.get::<_, Option<i64>>(i + 2).map(unsigned),
        desk: row.get(i + 3),
        at: row.get(i + 4),
    }
}

impl PgDeskLog {
    /// The log of `business` for lane `lane`, with a pool of at most
    /// `connections` (a lane needs 2: a scan and a re-read at once). Connects
    /// lazily: opening never waits for the network. Call within a runtime.
    pub fn open(db: &DeskDb, business: &str, lane: &str, connections: usize) -> Self {
        let manager = Manager::from_config(
            db.config_named(&format!("boxoffice lane {lane}")),
            db.connector(),
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(connections.max(1))
            .wait_timeout(Some(POOL_WAIT))
            // Connecting with TLS and SCRAM is 6 round trips: 0.9 s through
            // 150 ms. The lane's deadline, sized from its link, bounds it.
            .create_timeout(Some(CREATE_TIMEOUT))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build();
        let pool = match pool {
            Ok(pool) => pool,
            // Only a missing runtime fails the build, and we gave one.
            Err(_) => unreachable_pool(),
        };
        Self {
            db: db.clone(),
            pool,
            slot: (connections <= 1).then(|| Arc::new(RwLock::new(None))),
            business: business.to_owned(),
            lane: lane.to_owned(),
            handle: Handle::current(),
            paced: Arc::new(std::sync::Mutex::new(hints::Pacer::new(hints::HINT_EVERY))),
        }
    }

    /// This log hinting every scan that changed it with the scan itself,
    /// unpaced: a lane that ends with its scans (a one-shot `admit`, its
    /// order's mates in a row) would take a hint it owes with it.
    #[must_use]
    pub fn hinting_every_scan(mut self) -> Self {
        self.paced = Arc::new(std::sync::Mutex::new(hints::Pacer::new(Duration::ZERO)));
        self
    }

    /// The address, redacted.
    pub fn db(&self) -> &DeskDb {
        &self.db
    }

    /// The lane's name.
    pub fn lane(&self) -> &str {
        &self.lane
    }

    /// Whether the pool holds a connection (a call then needs no
    /// connecting first).
    pub fn connected(&self) -> bool {
        match &self.slot {
            Some(slot) => slot
                .try_read()
                .is_ok_and(|held| held.as_ref().is_some_and(|c| !c.is_closed())),
            None => self.pool.status().size > 0,
        }
    }

    fn fail(&self, e: &dyn std::error::Error) -> StoreError {
        self.db.fail(e)
    }

    async fn pooled(&self) -> Result<Object, StoreError> {
        self.pool.get().await.map_err(|e| self.fail(&e))
    }

    /// A connection for statements that need no transaction: shared with
    /// the other calls under way on a log of one connection.
    async fn client(&self) -> Result<Conn<'_>, StoreError> {
        let Some(slot) = &self.slot else {
            return Ok(Conn::Pooled(Box::new(self.pooled().await?)));
        };
        {
            let held = slot.read().await;
            if let Ok(open) =
                RwLockReadGuard::try_map(held, |c| c.as_ref().filter(|c| !c.is_closed()))
            {
                return Ok(Conn::Shared(open));
            }
        }
        let held = self.opened(slot).await?;
        RwLockWriteGuard::try_downgrade_map(held, Option::as_ref)
            .map(Conn::Shared)
            .map_err(|_| StoreError::At {
                part: Part::DeskDatabase,
                place: String::new(),
                detail: "no connection".into(),
            })
    }

    /// A connection of the call's own, for a transaction.
    async fn exclusive(&self) -> Result<Alone<'_>, StoreError> {
        let Some(slot) = &self.slot else {
            return Ok(Alone::Pooled(Box::new(self.pooled().await?)));
        };
        RwLockWriteGuard::try_map(self.opened(slot).await?, Option::as_mut)
            .map(Alone::Shared)
            .map_err(|_| StoreError::At {
                part: Part::DeskDatabase,
                place: String::new(),
                detail: "no connection".into(),
            })
    }

    /// The slot's connection, opened again if it is closed (or was never
    /// opened), held alone.
    async fn opened<'a>(
        &self,
        slot: &'a RwLock<Option<Object>>,
    ) -> Result<RwLockWriteGuard<'a, Option<Object>>, StoreError> {
        let mut held = slot.write().await;
        if held.as_ref().is_none_or(|c| c.is_closed()) {
            // The closed one goes back to the pool first (which drops it).
            *held = None;
            *held = Some(self.pooled().await?);
        }
        Ok(held)
    }

    /// Reads the schema's version and the log's identity: the log is
    /// reachable and is one this build can work with (else an error saying
    /// to run `desk-db init`); its identity (a lane's queue is bound to it).
    pub async fn ping(&self) -> Result<String, StoreError> {
        let client = self.client().await?;
        // The identity as JSON: a schema before version 7 has none, and is
        // refused below for its version, not for a missing column.
        let found: Option<(i32, Option<String>)> = client
            .query_typed_opt(
                "SELECT version, to_jsonb(s) ->> 'log_id' FROM desk_schema s",
                &[],
            )
            .await
            .map_err(|e| self.fail(&e))?
            .map(|row| (row.get(0), row.get(1)));
        match found {
            Some((v, Some(id))) if v == version() => Ok(id),
            found => Err(StoreError::SchemaOlder {
                place: self.db.redacted().to_owned(),
                found: found.map_or(0, |f| f.0),
                needs: version(),
            }),
        }
    }

    fn block_on<T>(&self, f: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
        self.handle.block_on(f)
    }
}

/// A connection for a call: the pool's, or the one a log of one
/// connection shares.
enum Conn<'a> {
    Pooled(Box<Object>),
    Shared(RwLockReadGuard<'a, Object>),
}

impl std::ops::Deref for Conn<'_> {
    type Target = Object;
    fn deref(&self) -> &Object {
        match self {
            Self::Pooled(c) => c,
            Self::Shared(c) => c,
        }
    }
}

/// A connection held by one call alone (a transaction).
enum Alone<'a> {
    Pooled(Box<Object>),
    Shared(RwLockMappedWriteGuard<'a, Object>),
}

impl std::ops::Deref for Alone<'_> {
    type Target = Object;
    fn deref(&self) -> &Object {
        match self {
            Self::Pooled(c) => c,
            Self::Shared(c) => c,
        }
    }
}

impl std::ops::DerefMut for Alone<'_> {
    fn deref_mut(&mut self) -> &mut Object {
        match self {
            Self::Pooled(c) => c,
            Self::Shared(c) => c,
        }
    }
}

/// Never: `Pool::builder` fails only without a runtime.
fn unreachable_pool() -> Pool {
    unreachable!("deadpool: a runtime was given")
}

/// Takes the lock of (business, event, ticket) to the end of the
/// transaction (the key `desk_admit` takes).
async fn lock(
    tx: &deadpool_postgres::Transaction<'_>,
    business: &str,
    event: i64,
    ticket: i64,
) -> Result<(), tokio_postgres::Error> {
    tx.execute(
        "SELECT pg_advisory_xact_lock(
             hashtextextended($1 || '/' || $2::bigint::text || '/' || $3::bigint::text, 0))",
        &[&business, &event, &ticket],
    )
    .await
    .map(|_| ())
}

impl DeskLog for PgDeskLog {
    fn door_write(&mut self, op: DoorOp) -> Result<DoorDone, StoreError> {
        self.block_on(self.door_async(op))
    }

    fn door(&self, event_id: u64) -> Result<DoorState, StoreError> {
        self.block_on(self.door_async(DoorOp::Read { event_id }))?
            .state()
    }

    fn admit(&mut self, a: &Admission, scan: ScanId) -> Result<Recorded, StoreError> {
        self.block_on(self.admit_async(a, scan, false))
    }

    fn lookup(&self, event_id: u64, ticket_id: u64) -> Result<Option<Admission>, StoreError> {
        self.block_on(self.lookup_async(event_id, ticket_id))
    }

    fn undo_last(&mut self, event_id: u64, desk: &str) -> Result<Option<Undone>, StoreError> {
        self.block_on(self.undo_async(event_id, desk, None))
    }

    fn undo(&mut self, event_id: u64, desk: &str, ticket_id: u64) -> Result<Option<Undone>> {
        self.block_on(self.undo_async(event_id, desk, Some(ticket_id)))
    }

    fn admitted(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        self.block_on(self.admitted_async(event_id))
    }

    fn counts(&self, event_id: u64, since: &str) -> Result<Counts, StoreError> {
        self.block_on(self.counts_async(event_id, since))
    }

    fn newer(&mut self, event_id: u64, after: &Cursor, limit: usize) -> Result<NewerPage> {
        self.block_on(self.newer_async(event_id, after, limit))
    }

    fn cursor(&mut self, event_id: u64) -> Result<Cursor, StoreError> {
        self.block_on(self.cursor_async(event_id))
    }

    fn conflicts(&mut self, event_id: Option<u64>) -> Result<Vec<Conflict>, StoreError> {
        self.block_on(self.conflicts_async(event_id))
    }
}
