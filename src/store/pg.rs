//! The desk log shared by the lanes of one door, in PostgreSQL.
//!
//! Exactly one lane admits a ticket: the scan takes the event's lock
//! (`pg_advisory_xact_lock`, held to the end of its transaction), tries
//! `INSERT … ON CONFLICT DO NOTHING` on `desk_admissions`, whose primary key
//! is (business, event, ticket), and when that inserted nothing, a second
//! statement reads the winner, which the loser is told (its lane and time).
//! Every verdict is appended to `desk_scans` with the event's next sequence
//! number, given under the same lock, so the numbers have no gaps and follow
//! the commit order: a lane that re-reads "newer than the last I saw" never
//! misses one. The admitting transaction sends a NOTIFY on
//! [`CHANNEL`] as a hint only; `listen` keeps one connection of its own on
//! it.
//!
//! Queries go through a small pool (deadpool-postgres); the trait's calls
//! are sync and run the async queries on the runtime's `Handle` (the
//! executor already calls every store on the blocking pool).

mod db;
mod schema;

use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use futures::StreamExt;
use tokio::runtime::Handle;
use tokio::sync::watch;
use tokio_postgres::{AsyncMessage, Row};

pub use db::{DeskDb, redact};
pub use schema::{Check, Migrated, TABLES, check, init, version};

use super::{
    Admission, Change, ChangeKind, Conflict, Counts, DeskLog, Recorded, ScanId, StoreError,
};
use crate::clock;

/// The NOTIFY channel; the payload is "business event seq".
pub const CHANNEL: &str = "boxoffice_desk";

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
    i64::try_from(n).map_err(|_| StoreError(format!("id {n} is too large to keep")))
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

    fn fail(&self, e: &dyn std::fmt::Display) -> StoreError {
        self.db.fail(e)
    }

    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(|e| self.fail(&e))
    }

    /// Answers a trivial query: the log is reachable.
    pub async fn ping(&self) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .simple_query("SELECT 1")
            .await
            .map(|_| ())
            .map_err(|e| self.fail(&e))
    }

    /// `DeskLog::admit`; `replay`: a scan made while this lane was cut off,
    /// which, when it finds another scan's admission, is recorded as a
    /// conflict.
    pub async fn admit_async(
        &self,
        a: &Admission,
        scan: ScanId,
        replay: bool,
    ) -> Result<Recorded, StoreError> {
        let mut stored = a.clone();
        if stored.at.is_empty() {
            stored.at = clock::now_utc(None);
        }
        let (event, ticket) = (id(stored.event_id)?, id(stored.ticket_id)?);
        let edition = stored.edition_id.map(id).transpose()?;
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let client = self.client().await?;
        // One statement, its own transaction: `desk_admit` (pg/schema.rs)
        // takes the event's lock, inserts, and when that inserted nothing
        // reads the earlier verdict or the winner in a second statement.
        let row = client
            .query_one(
                "SELECT o_verdict, o_lane, o_at
                 FROM desk_admit($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                &[
                    business,
                    &event,
                    &ticket,
                    &stored.number,
                    &edition,
                    &stored.desk,
                    &stored.at,
                    &scan.0,
                    &replay,
                ],
            )
            .await
            .map_err(fail)?;
        let (verdict, lane, at): (String, Option<String>, Option<String>) =
            (row.get(0), row.get(1), row.get(2));
        let told = Admission {
            desk: lane.unwrap_or_default(),
            at: at.unwrap_or_default(),
            ..stored
        };
        Ok(if verdict == "admitted" {
            Recorded::Admitted(told)
        } else {
            Recorded::AlreadyAdmitted(told)
        })
    }

    /// `DeskLog::undo_last` and `undo`: deletes `lane`'s admission of
    /// `ticket` at the event, or its last one when no ticket is named (never
    /// another lane's), and appends the undo to the history.
    pub async fn undo_async(
        &self,
        event_id: u64,
        lane: &str,
        ticket: Option<u64>,
    ) -> Result<Option<Admission>, StoreError> {
        let event = id(event_id)?;
        let ticket = ticket.map(id).transpose()?;
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(fail)?;
        lock(&tx, business, event).await.map_err(fail)?;
        let row = tx
            .query_opt(
                &format!(
                    "DELETE FROM desk_admissions
                     WHERE business = $1 AND event_id = $2 AND lane = $3 AND ticket_id =
                         COALESCE($4::bigint, (
                             SELECT ticket_id FROM desk_admissions
                             WHERE business = $1 AND event_id = $2 AND lane = $3
                             ORDER BY seq DESC LIMIT 1))
                     RETURNING {ADMISSION}, scan_id,
                        (SELECT COALESCE(MAX(seq), 0) + 1 FROM desk_scans
                         WHERE business = $1 AND event_id = $2)"
                ),
                &[business, &event, &lane, &ticket],
            )
            .await
            .map_err(fail)?;
        let Some(row) = row else {
            tx.commit().await.map_err(fail)?;
            return Ok(None);
        };
        let undone = admission_at(&row, 0, event_id);
        let scan: uuid::Uuid = row.get(5);
        let seq: i64 = row.get(6);
        let edition = undone.edition_id.map(id).transpose()?;
        tx.execute(
            "INSERT INTO desk_scans (business, event_id, seq, ticket_id, number, edition_id,
                                     lane, at, scan_id, verdict)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'undone')",
            &[
                business,
                &event,
                &seq,
                &id(undone.ticket_id)?,
                &undone.number,
                &edition,
                &undone.desk,
                &undone.at,
                &scan,
            ],
        )
        .await
        .map_err(fail)?;
        notify(&tx, business, event, seq).await.map_err(fail)?;
        tx.commit().await.map_err(fail)?;
        Ok(Some(undone))
    }

    /// `DeskLog::lookup`.
    pub async fn lookup_async(
        &self,
        event_id: u64,
        ticket_id: u64,
    ) -> Result<Option<Admission>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                &format!(
                    "SELECT {ADMISSION} FROM desk_admissions
                     WHERE business = $1 AND event_id = $2 AND ticket_id = $3"
                ),
                &[&self.business, &id(event_id)?, &id(ticket_id)?],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(row.map(|row| admission_at(&row, 0, event_id)))
    }

    /// `DeskLog::admitted`.
    pub async fn admitted_async(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                &format!(
                    "SELECT {ADMISSION} FROM desk_admissions
                     WHERE business = $1 AND event_id = $2 ORDER BY at, seq"
                ),
                &[&self.business, &id(event_id)?],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(rows.iter().map(|r| admission_at(r, 0, event_id)).collect())
    }

    /// `DeskLog::counts`.
    pub async fn counts_async(&self, event_id: u64, since: &str) -> Result<Counts, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_one(
                "SELECT COUNT(*), COUNT(*) FILTER (WHERE at >= $3) FROM desk_admissions
                 WHERE business = $1 AND event_id = $2",
                &[&self.business, &id(event_id)?, &since],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(Counts {
            admitted: unsigned(row.get(0)),
            recent: unsigned(row.get(1)),
        })
    }

    /// `DeskLog::newer`.
    pub async fn newer_async(
        &self,
        event_id: u64,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Change>, StoreError> {
        let client = self.client().await?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = client
            .query(
                &format!(
                    "SELECT seq, verdict, {ADMISSION} FROM desk_scans
                     WHERE business = $1 AND event_id = $2 AND seq > $3
                       AND verdict IN ('admitted', 'undone')
                     ORDER BY seq LIMIT $4"
                ),
                &[&self.business, &id(event_id)?, &id(after)?, &limit],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(rows
            .iter()
            .map(|row| Change {
                seq: unsigned(row.get(0)),
                kind: if row.get::<_, &str>(1) == "undone" {
                    ChangeKind::Undone
                } else {
                    ChangeKind::Admitted
                },
                admission: admission_at(row, 2, event_id),
            })
            .collect())
    }

    /// `DeskLog::last_seq`.
    pub async fn last_seq_async(&self, event_id: u64) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_one(
                "SELECT COALESCE(MAX(seq), 0) FROM desk_scans WHERE business = $1 AND event_id = $2",
                &[&self.business, &id(event_id)?],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(unsigned(row.get(0)))
    }

    /// `DeskLog::conflicts`.
    pub async fn conflicts_async(
        &self,
        event_id: Option<u64>,
    ) -> Result<Vec<Conflict>, StoreError> {
        let client = self.client().await?;
        let event = event_id.map(id).transpose()?;
        let rows = client
            .query(
                "SELECT event_id, ticket_id, number, kept_lane, kept_at, replayed_lane,
                        replayed_at, to_char(found_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')
                 FROM desk_conflicts
                 WHERE business = $1 AND ($2::bigint IS NULL OR event_id = $2)
                 ORDER BY found_at, replayed_at",
                &[&self.business, &event],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        Ok(rows
            .iter()
            .map(|row| Conflict {
                event_id: unsigned(row.get(0)),
                ticket_id: unsigned(row.get(1)),
                number: row.get(2),
                kept_lane: row.get(3),
                kept_at: row.get(4),
                replayed_lane: row.get(5),
                replayed_at: row.get(6),
                found_at: row.get(7),
            })
            .collect())
    }

    /// Keeps one connection of its own listening on [`CHANNEL`]: the
    /// returned value ticks on each notification for this business and on
    /// each (re)connection (when one may have been missed). Reconnects
    /// after a failure, at most once a second. Ends when every receiver is
    /// gone.
    pub fn listen(&self) -> watch::Receiver<u64> {
        let (tx, rx) = watch::channel(0u64);
        let db = self.db.clone();
        let name = format!("boxoffice listen {}", self.lane);
        let prefix = format!("{} ", self.business);
        self.handle.spawn(async move {
            let mut retry = tokio::time::interval(Duration::from_secs(1));
            loop {
                retry.tick().await;
                if tx.is_closed() {
                    return;
                }
                let Ok((client, mut connection)) = db.connect(&name).await else {
                    continue;
                };
                let (notes_tx, mut notes) = tokio::sync::mpsc::unbounded_channel();
                let driver = tokio::spawn(async move {
                    let mut messages =
                        futures::stream::poll_fn(move |cx| connection.poll_message(cx));
                    while let Some(Ok(message)) = messages.next().await {
                        if let AsyncMessage::Notification(n) = message
                            && notes_tx.send(n.payload().to_owned()).is_err()
                        {
                            return;
                        }
                    }
                });
                if client
                    .batch_execute(&format!("LISTEN {CHANNEL}"))
                    .await
                    .is_err()
                {
                    driver.abort();
                    continue;
                }
                // Connected: whatever was sent while we were not is read now.
                tx.send_modify(|n| *n += 1);
                loop {
                    tokio::select! {
                        note = notes.recv() => match note {
                            Some(payload) if payload.starts_with(&prefix) => {
                                tx.send_modify(|n| *n += 1);
                            }
                            Some(_) => {}
                            None => break,
                        },
                        () = tx.closed() => {
                            driver.abort();
                            return;
                        }
                    }
                }
                driver.abort();
                // The connection is gone: tell, then connect again.
                tx.send_modify(|n| *n += 1);
            }
        });
        rx
    }

    fn block_on<T>(&self, f: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
        self.handle.block_on(f)
    }
}

/// Never: `Pool::builder` fails only without a runtime.
fn unreachable_pool() -> Pool {
    unreachable!("deadpool: a runtime was given")
}

/// Takes the lock of (business, event) to the end of the transaction.
async fn lock(
    tx: &deadpool_postgres::Transaction<'_>,
    business: &str,
    event: i64,
) -> Result<(), tokio_postgres::Error> {
    tx.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended($1 || '/' || $2::bigint::text, 0))",
        &[&business, &event],
    )
    .await
    .map(|_| ())
}

async fn notify(
    tx: &deadpool_postgres::Transaction<'_>,
    business: &str,
    event: i64,
    seq: i64,
) -> Result<(), tokio_postgres::Error> {
    let payload = format!("{business} {event} {seq}");
    tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
        .await
        .map(|_| ())
}

impl DeskLog for PgDeskLog {
    fn admit(&mut self, a: &Admission, scan: ScanId) -> Result<Recorded, StoreError> {
        self.block_on(self.admit_async(a, scan, false))
    }

    fn lookup(&self, event_id: u64, ticket_id: u64) -> Result<Option<Admission>, StoreError> {
        self.block_on(self.lookup_async(event_id, ticket_id))
    }

    fn undo_last(&mut self, event_id: u64, desk: &str) -> Result<Option<Admission>, StoreError> {
        self.block_on(self.undo_async(event_id, desk, None))
    }

    fn undo(
        &mut self,
        event_id: u64,
        desk: &str,
        ticket_id: u64,
    ) -> Result<Option<Admission>, StoreError> {
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
        after: u64,
        limit: usize,
    ) -> Result<Vec<Change>, StoreError> {
        self.block_on(self.newer_async(event_id, after, limit))
    }

    fn last_seq(&mut self, event_id: u64) -> Result<u64, StoreError> {
        self.block_on(self.last_seq_async(event_id))
    }

    fn conflicts(&mut self, event_id: Option<u64>) -> Result<Vec<Conflict>, StoreError> {
        self.block_on(self.conflicts_async(event_id))
    }
}
