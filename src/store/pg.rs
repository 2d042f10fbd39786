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
//! scan and a replay (`admit.rs`), an undo (`undo.rs`), reading what is
//! newer (`newer.rs`), the other reads (`reads.rs`), the hints
//! (`hints.rs`), the door's rules (`rules.rs`), the dashboard's feed
//! (`stats.rs`), the schema (`schema.rs`), the address (`db.rs`) and TLS
//! (`tls.rs`).

mod admit;
mod db;
mod hints;
mod newer;
mod reads;
mod rules;
mod schema;
mod stats;
mod tls;
mod undo;

use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio::runtime::Handle;
use tokio_postgres::Row;

pub use db::{DeskDb, redact};
pub use hints::CHANNEL;
pub use schema::{Check, Migrated, TABLES, check, init, init_to, version};

use super::{
    Admission, Change, ChangeKind, Conflict, Counts, Cursor, DeskLog, DoorOp, DoorState, KeptNote,
    KeptPolicy, Moved, Recorded, ScanId, StoreError, Undone,
};
// The door's rules (`rules.rs`) hint as a scan does.
use hints::hint;

/// How long a pool waits for a connection before failing.
const POOL_WAIT: Duration = Duration::from_millis(700);

/// The shared desk log of one business, as one lane sees it.
#[derive(Clone)]
pub struct PgDeskLog {
    db: DeskDb,
    pool: Pool,
    business: String,
    lane: String,
    handle: Handle,
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
            .create_timeout(Some(db::CONNECT_TIMEOUT))
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
            business: business.to_owned(),
            lane: lane.to_owned(),
            handle: Handle::current(),
        }
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
        self.pool.status().size > 0
    }

    fn fail(&self, e: &dyn std::error::Error) -> StoreError {
        self.db.fail(e)
    }

    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(|e| self.fail(&e))
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
    fn admit_forced(&mut self, a: &Admission, scan: ScanId) -> Result<Recorded, StoreError> {
        self.block_on(self.door_async(DoorOp::Forced {
            admission: a.clone(),
            scan,
        }))?
        .recorded()
    }

    fn door_move(
        &mut self,
        a: &Admission,
        kind: ChangeKind,
        scan: ScanId,
    ) -> Result<Moved, StoreError> {
        self.block_on(self.door_async(DoorOp::Move {
            admission: a.clone(),
            kind,
            scan,
        }))?
        .moved()
    }

    fn door(&self, event_id: u64) -> Result<DoorState, StoreError> {
        self.block_on(self.door_async(DoorOp::Read { event_id }))?
            .state()
    }

    fn set_policy(&mut self, event_id: u64, policy: &KeptPolicy) -> Result<(), StoreError> {
        self.block_on(self.door_async(DoorOp::SetPolicy {
            event_id,
            policy: policy.clone(),
        }))?
        .set()
    }

    fn set_note(&mut self, note: &KeptNote) -> Result<(), StoreError> {
        self.block_on(self.door_async(DoorOp::SetNote(note.clone())))?
            .set()
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

    fn undo(
        &mut self,
        event_id: u64,
        desk: &str,
        ticket_id: u64,
    ) -> Result<Option<Undone>, StoreError> {
        self.block_on(self.undo_async(event_id, desk, Some(ticket_id)))
    }

    fn admitted(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        self.block_on(self.admitted_async(event_id))
    }

    fn counts(&self, event_id: u64, since: &str) -> Result<Counts, StoreError> {
        self.block_on(self.counts_async(event_id, since))
    }

    fn newer(
        &mut self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> Result<(Vec<Change>, Cursor), StoreError> {
        self.block_on(self.newer_async(event_id, after, limit))
    }

    fn cursor(&mut self, event_id: u64) -> Result<Cursor, StoreError> {
        self.block_on(self.cursor_async(event_id))
    }

    fn conflicts(&mut self, event_id: Option<u64>) -> Result<Vec<Conflict>, StoreError> {
        self.block_on(self.conflicts_async(event_id))
    }
}
