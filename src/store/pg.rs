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

mod db;
mod rules;
mod schema;
mod stats;
mod tls;

use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use futures::StreamExt;
use tokio::runtime::Handle;
use tokio::sync::watch;
use tokio_postgres::{AsyncMessage, Row};

pub use db::{DeskDb, redact};
pub use schema::{Check, Migrated, TABLES, check, init, init_to, version};

use super::{
    Admission, Change, ChangeKind, Conflict, Counts, Cursor, DeskLog, DoorOp, DoorState, KeptNote,
    KeptPolicy, Moved, Recorded, ScanId, StoreError, Undone,
};
use crate::clock;

/// The NOTIFY channel; the payload is "business event".
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

    fn fail(&self, e: &dyn std::error::Error) -> StoreError {
        self.db.fail(e)
    }

    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(|e| self.fail(&e))
    }

    /// Reads the schema's version: the log is reachable and is one this
    /// build can work with (else an error saying to run `desk-db init`).
    pub async fn ping(&self) -> Result<(), StoreError> {
        let client = self.client().await?;
        let found: Option<i32> = client
            .query_opt("SELECT version FROM desk_schema", &[])
            .await
            .map_err(|e| self.fail(&e))?
            .map(|row| row.get(0));
        match found {
            Some(v) if v == version() => Ok(()),
            found => Err(StoreError(format!(
                "desk database {}: schema {}, this boxoffice needs {} \
                 (run `boxoffice desk-db init`)",
                self.db.redacted(),
                found.unwrap_or(0),
                version()
            ))),
        }
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
        // takes the ticket's lock, inserts, and when that inserted nothing
        // reads the earlier verdict or the winner in a second statement.
        // Behind it on the same connection, sent at once (one round trip
        // for both), the hint for the other lanes when this scan admitted
        // (or found a conflict): it runs once the scan has committed.
        let admit = client
            .prepare_cached(
                "SELECT o_verdict, o_lane, o_at
                 FROM desk_admit($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .await
            .map_err(fail)?;
        let hint = client
            .prepare_cached(
                "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)
                 FROM desk_scans WHERE scan_id = $3 AND verdict IN ('admitted', 'conflict')
                 LIMIT 1",
            )
            .await
            .map_err(fail)?;
        let payload = hint_payload(business, event);
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 9] = [
            business,
            &event,
            &ticket,
            &stored.number,
            &edition,
            &stored.desk,
            &stored.at,
            &scan.0,
            &replay,
        ];
        let hint_params: [&(dyn tokio_postgres::types::ToSql + Sync); 3] =
            [&CHANNEL, &payload, &scan.0];
        let (row, hinted) = tokio::join!(
            client.query_one(&admit, &params),
            client.execute(&hint, &hint_params)
        );
        let row = row.map_err(fail)?;
        hint_sent(hinted);
        Ok(told(&row, stored))
    }

    /// Replays `queue` (scans made while this lane was cut off), oldest
    /// first, pipelined on one connection: every scan sent at once, each
    /// its own transaction run in order by the server, one round trip for
    /// the whole queue; then one hint per event. The answers in order.
    pub async fn replay_async(
        &self,
        queue: &[(Admission, ScanId)],
    ) -> Result<Vec<Recorded>, StoreError> {
        if queue.is_empty() {
            return Ok(Vec::new());
        }
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let mut owned = Vec::with_capacity(queue.len());
        for (a, _) in queue {
            let mut stored = a.clone();
            if stored.at.is_empty() {
                stored.at = clock::now_utc(None);
            }
            let edition = stored.edition_id.map(id).transpose()?;
            owned.push((id(stored.event_id)?, id(stored.ticket_id)?, edition, stored));
        }
        let client = self.client().await?;
        let admit = client
            .prepare_cached(
                "SELECT o_verdict, o_lane, o_at
                 FROM desk_admit($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .await
            .map_err(fail)?;
        let (c, admit): (&tokio_postgres::Client, _) = (&client, &admit);
        let rows = futures::future::join_all(queue.iter().zip(&owned).map(
            |((_, scan), (event, ticket, edition, stored))| async move {
                let params: [&(dyn tokio_postgres::types::ToSql + Sync); 9] = [
                    business,
                    event,
                    ticket,
                    &stored.number,
                    edition,
                    &stored.desk,
                    &stored.at,
                    &scan.0,
                    &true,
                ];
                c.query_one(admit, &params).await
            },
        ))
        .await;
        let mut events: Vec<i64> = owned.iter().map(|o| o.0).collect();
        events.sort_unstable();
        events.dedup();
        for event in events {
            hint(&client, business, event).await;
        }
        rows.into_iter()
            .zip(owned)
            .map(|(row, (_, _, _, stored))| Ok(told(&row.map_err(fail)?, stored)))
            .collect()
    }

    /// `DeskLog::undo_last` and `undo`: deletes `lane`'s admission of
    /// `ticket` at the event, or its last one when no ticket is named (never
    /// another lane's), and appends the undo to the history. An undo never
    /// leaves a ticket un-admitted that another lane also admitted: when a
    /// replay found the ticket admitted (a conflict), undoing the kept side
    /// makes the replayed side the ticket's admission (in the history too,
    /// so the other lanes follow), and a lane undoing its replayed side
    /// undoes only that (in the history) and says which admission holds the
    /// ticket.
    pub async fn undo_async(
        &self,
        event_id: u64,
        lane: &str,
        ticket: Option<u64>,
    ) -> Result<Option<Undone>, StoreError> {
        let event = id(event_id)?;
        let ticket = ticket.map(id).transpose()?;
        let business = &self.business;
        let fail = |e: tokio_postgres::Error| self.fail(&e);
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(fail)?;
        // The ticket first (the lane's last admission when none is named),
        // then its lock, then the delete, which checks the lane again.
        let ticket = if let Some(ticket) = ticket {
            ticket
        } else {
            let last = tx
                .query_opt(
                    "SELECT ticket_id FROM desk_admissions
                     WHERE business = $1 AND event_id = $2 AND lane = $3
                     ORDER BY seq DESC LIMIT 1",
                    &[business, &event, &lane],
                )
                .await
                .map_err(fail)?;
            let Some(last) = last else {
                tx.commit().await.map_err(fail)?;
                return Ok(None);
            };
            last.get(0)
        };
        lock(&tx, business, event, ticket).await.map_err(fail)?;
        let history = "INSERT INTO desk_scans (business, event_id, ticket_id, number, edition_id,
                                               lane, at, scan_id, verdict)
                       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
        // The replayed admissions of this ticket found in conflicts and not
        // undone since, oldest first: (lane, number, at, scan, edition).
        let sides = tx
            .query(
                "SELECT c.replayed_lane, c.number, c.replayed_at, c.replayed_scan,
                        (SELECT s.edition_id FROM desk_scans s
                         WHERE s.scan_id = c.replayed_scan LIMIT 1)
                 FROM desk_conflicts c
                 WHERE c.business = $1 AND c.event_id = $2 AND c.ticket_id = $3
                   AND NOT EXISTS (SELECT 1 FROM desk_scans u
                                   WHERE u.scan_id = c.replayed_scan AND u.verdict = 'undone')
                 ORDER BY c.found_at, c.replayed_at",
                &[business, &event, &ticket],
            )
            .await
            .map_err(fail)?;
        let side_of = |row: &Row| -> (Admission, uuid::Uuid) {
            (
                Admission {
                    ticket_id: unsigned(ticket),
                    number: row.get(1),
                    event_id,
                    edition_id: row.get::<_, Option<i64>>(4).map(unsigned),
                    desk: row.get(0),
                    at: row.get(2),
                },
                row.get(3),
            )
        };
        let deleted = tx
            .query_opt(
                &format!(
                    "DELETE FROM desk_admissions
                     WHERE business = $1 AND event_id = $2 AND lane = $3 AND ticket_id = $4
                     RETURNING {ADMISSION}, scan_id"
                ),
                &[business, &event, &lane, &ticket],
            )
            .await
            .map_err(fail)?;
        let undone = if let Some(row) = deleted {
            let undone = admission_at(&row, 0, event_id);
            let scan: uuid::Uuid = row.get(5);
            let edition = undone.edition_id.map(id).transpose()?;
            tx.execute(
                history,
                &[
                    business,
                    &event,
                    &ticket,
                    &undone.number,
                    &edition,
                    &undone.desk,
                    &undone.at,
                    &scan,
                    &"undone",
                ],
            )
            .await
            .map_err(fail)?;
            // Another lane's replayed admission of it: the ticket's now.
            let other = sides.iter().map(side_of).find(|(a, _)| a.desk != lane);
            let kept = match other {
                Some((kept, scan)) => {
                    let edition = kept.edition_id.map(id).transpose()?;
                    tx.execute(
                        "INSERT INTO desk_admissions (business, event_id, ticket_id, number,
                                                      edition_id, lane, at, scan_id)
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                        &[
                            business,
                            &event,
                            &ticket,
                            &kept.number,
                            &edition,
                            &kept.desk,
                            &kept.at,
                            &scan,
                        ],
                    )
                    .await
                    .map_err(fail)?;
                    tx.execute(
                        history,
                        &[
                            business,
                            &event,
                            &ticket,
                            &kept.number,
                            &edition,
                            &kept.desk,
                            &kept.at,
                            &scan,
                            &"admitted",
                        ],
                    )
                    .await
                    .map_err(fail)?;
                    Some(kept)
                }
                None => None,
            };
            Some(Undone {
                admission: undone,
                kept,
            })
        } else if let Some((side, scan)) = sides.iter().map(side_of).rfind(|(a, _)| a.desk == lane)
        {
            // This lane's replayed side: undone in the history; the kept
            // admission holds the ticket.
            let edition = side.edition_id.map(id).transpose()?;
            tx.execute(
                history,
                &[
                    business,
                    &event,
                    &ticket,
                    &side.number,
                    &edition,
                    &side.desk,
                    &side.at,
                    &scan,
                    &"undone",
                ],
            )
            .await
            .map_err(fail)?;
            let kept = tx
                .query_opt(
                    &format!(
                        "SELECT {ADMISSION} FROM desk_admissions
                         WHERE business = $1 AND event_id = $2 AND ticket_id = $3"
                    ),
                    &[business, &event, &ticket],
                )
                .await
                .map_err(fail)?
                .map(|row| admission_at(&row, 0, event_id));
            Some(Undone {
                admission: side,
                kept,
            })
        } else {
            None
        };
        tx.commit().await.map_err(fail)?;
        if undone.is_some() {
            hint(&client, business, event).await;
        }
        Ok(undone)
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

    /// `DeskLog::newer`: the changes written by transactions at or after
    /// the cursor's horizon, less those it has seen, and the snapshot's
    /// xmin, read in the same statement (every change not visible to it was
    /// written by a transaction at or after that xmin).
    ///
    /// A page is the first `limit` of them by (`tx`, `seq`), so a full page
    /// moves the horizon too: every change by a transaction older than both
    /// the page's last one and the xmin has been read (such a transaction
    /// had ended when the page was read, and its changes come before the
    /// page's last). `seen` then keeps only the changes at or after the new
    /// horizon — the page's last transaction, and what committed past the
    /// xmin — not the whole history read so far: a cursor that kept every
    /// change of a long read made each page test every row against all of
    /// them (the opening read of 134,000 changes took 163 s; docs/
    /// performance.md, "The door at a glance"). The changes of one ticket
    /// still come in `seq` order across pages: every write of a ticket
    /// takes the ticket's lock before it writes, so their transactions get
    /// their ids in the same order as their rows get `seq`. Within a page
    /// they are handed on in `seq` order.
    pub async fn newer_async(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> Result<(Vec<Change>, Cursor), StoreError> {
        let client = self.client().await?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let seen: Vec<i64> = after
            .seen
            .iter()
            .map(|&(_, seq)| id(seq))
            .collect::<Result<_, _>>()?;
        // Prepared once per connection: a lane reads on every hint.
        let statement = client
            .prepare_cached(
                "WITH now AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
                 SELECT now.xmin::text::bigint, s.tx::text::bigint, s.seq, s.verdict,
                        s.ticket_id, s.number, s.edition_id, s.lane, s.at, s.scan_id
                 FROM now LEFT JOIN LATERAL (
                     SELECT * FROM desk_scans
                     WHERE business = $1 AND event_id = $2
                       AND tx >= $3::bigint::text::xid8
                       AND seq NOT IN (SELECT unnest($4::bigint[]))
                       AND verdict IN ('admitted', 'undone', 'conflict', 'exit', 'reentry')
                     ORDER BY tx, seq LIMIT $5) s ON true
                 ORDER BY s.seq",
            )
            .await
            .map_err(|e| self.fail(&e))?;
        let rows = client
            .query(
                &statement,
                &[
                    &self.business,
                    &id(event_id)?,
                    &id(after.horizon)?,
                    &seen,
                    &limit,
                ],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        let xmin = rows.first().map_or(after.horizon, |r| unsigned(r.get(0)));
        let mut changes = Vec::with_capacity(rows.len());
        let mut next = after.clone();
        let mut last_tx = None;
        for row in &rows {
            let Some(seq) = row.get::<_, Option<i64>>(2) else {
                continue;
            };
            let (tx, seq) = (unsigned(row.get(1)), unsigned(seq));
            last_tx = last_tx.max(Some(tx));
            next.seen.push((tx, seq));
            changes.push(Change {
                seq,
                kind: ChangeKind::from_word(row.get(3)).unwrap_or(ChangeKind::Admitted),
                admission: admission_at(row, 4, event_id),
                scan: row.get::<_, Option<uuid::Uuid>>(9).map(ScanId),
            });
        }
        // A full page: everything before its last transaction (or the
        // xmin, the older) has been read; a page that is not full: all
        // up to the xmin.
        let full = changes.len() >= usize::try_from(limit).unwrap_or(usize::MAX);
        let read_to = if full {
            last_tx.map(|t| t.min(xmin))
        } else {
            Some(xmin)
        };
        if let Some(read_to) = read_to {
            next.horizon = next.horizon.max(read_to);
            let horizon = next.horizon;
            next.seen.retain(|&(tx, _)| tx >= horizon);
        }
        Ok((changes, next))
    }

    /// `DeskLog::cursor`: the changes as they are now (those written at or
    /// after the snapshot's xmin, and visible, are seen).
    pub async fn cursor_async(&self, event_id: u64) -> Result<Cursor, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "WITH now AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
                 SELECT now.xmin::text::bigint, s.tx::text::bigint, s.seq
                 FROM now LEFT JOIN desk_scans s
                   ON s.business = $1 AND s.event_id = $2 AND s.tx >= now.xmin",
                &[&self.business, &id(event_id)?],
            )
            .await
            .map_err(|e| self.fail(&e))?;
        let mut cursor = Cursor::default();
        for row in &rows {
            cursor.horizon = unsigned(row.get(0));
            if let Some(seq) = row.get::<_, Option<i64>>(2) {
                cursor.seen.push((unsigned(row.get(1)), unsigned(seq)));
            }
        }
        Ok(cursor)
    }

    /// The log's last change number at `event_id` (0: none yet): what a
    /// lane that has read everything has seen.
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

/// Tells the other lanes (their listeners) that `event` changed, once the
/// change has committed: a statement of its own, committed without waiting
/// for the disk (a hint may be lost; a lane re-reads every second anyway).
async fn hint(client: &deadpool_postgres::Object, business: &str, event: i64) {
    let sent = client
        .execute(
            "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)",
            &[&CHANNEL, &hint_payload(business, event)],
        )
        .await;
    hint_sent(sent);
}

/// What `desk_admit` answered (`o_verdict, o_lane, o_at`) of the scan
/// `stored`.
fn told(row: &Row, stored: Admission) -> Recorded {
    let (verdict, lane, at): (String, Option<String>, Option<String>) =
        (row.get(0), row.get(1), row.get(2));
    let told = Admission {
        desk: lane.unwrap_or_default(),
        at: at.unwrap_or_default(),
        ..stored
    };
    if verdict == "admitted" {
        Recorded::Admitted(told)
    } else {
        Recorded::AlreadyAdmitted(told)
    }
}

/// A hint's payload: "business event" (listeners take their business's).
fn hint_payload(business: &str, event: i64) -> String {
    format!("{business} {event}")
}

/// A hint not sent costs a lane up to a second: said in the log only.
fn hint_sent(sent: Result<u64, tokio_postgres::Error>) {
    if let Err(e) = sent {
        tracing::debug!("desk log: the hint was not sent: {e}");
    }
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
