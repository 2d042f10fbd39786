//! The desk log in SQLite: `desk.sqlite` in the business's state directory.
//!
//! Every record and undo is its own transaction with `synchronous=FULL`, so
//! an admission the desk has shown is on the disk and survives a crash or a
//! power cut. The rollback journal is kept between transactions
//! (`journal_mode=TRUNCATE`): SQLite creates it with the database file's
//! permissions (0600), and a desk does not pay for creating and deleting a
//! file per scan. (WAL would add two side files, `-wal` and `-shm`, for a
//! log written one row at a time.)
//!
//! One admission per (event, ticket) not undone: `admit` reads and writes
//! in one `BEGIN IMMEDIATE` transaction, so two desks sharing the file
//! cannot both admit. A lane cut off from the shared log (`LaneLog`) keeps
//! its admissions here, `queued` until they are replayed there.

/// The columns of a scan of the shared history in a door's `scans` (and
/// its version 4) and in the `mirror`, as those versions made them.
macro_rules! scan_columns {
    () => {
        "    event_id INTEGER NOT NULL,
    ticket_id INTEGER NOT NULL,
    number TEXT NOT NULL,
    edition_id INTEGER,
    lane TEXT NOT NULL,
    at TEXT NOT NULL,
"
    };
}

mod door;
mod mirror;
mod queue;
mod rules;
mod stats;

pub use mirror::MirrorRead;
pub use queue::Bound;
pub use stats::Fed;

use std::path::{Path, PathBuf};

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OptionalExtension, Row, Transaction, TransactionBehavior, params};

use super::sqlite::{Cached, id_at, migrate, open_private, opt_id_at, sql_id};
use super::{
    Admission, Counts, Cursor, DeskLog, DoorDone, DoorOp, DoorRead, DoorState, Part, Recorded,
    Result, ScanId, StoreError, Undone,
};
use crate::clock;

const SCHEMA: &str = "
CREATE TABLE admissions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    ticket_id INTEGER NOT NULL,
    number TEXT NOT NULL,
    event_id INTEGER NOT NULL,
    edition_id INTEGER,
    at TEXT NOT NULL,
    desk TEXT NOT NULL,
    undone_at TEXT
);
CREATE INDEX admissions_by_ticket ON admissions (event_id, ticket_id);
CREATE INDEX admissions_by_desk ON admissions (event_id, desk);
";

/// Version 2: a scan id per admission (a retried scan is the same one), and
/// the queue of a lane cut off from the shared log (`queued`: still to be
/// replayed there).
const SCAN_IDS: &str = "
ALTER TABLE admissions ADD COLUMN scan_id TEXT;
ALTER TABLE admissions ADD COLUMN queued INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX admissions_by_scan ON admissions (scan_id);
CREATE INDEX admissions_queued ON admissions (queued) WHERE queued = 1;
";

/// Every step, in order: `STEPS[i]` takes a file from version `i` to `i + 1`.
const STEPS: [&str; 10] = [
    SCHEMA,
    SCAN_IDS,
    door::DOOR,
    rules::RULES,
    mirror::MIRROR,
    stats::FEED,
    rules::CAPACITY,
    queue::BOUND,
    mirror::LINK,
    mirror::DOOR_KEPT,
];

const COLUMNS: &str = "ticket_id, number, event_id, edition_id, at, desk";

/// Prepared statements kept per connection: every one a desk log runs.
const STATEMENTS: usize = 60;

/// A desk log's connection as every constructor leaves it: every
/// statement kept prepared, and planned once — SQLite plans again, on
/// each call, a statement whose plan may depend on a bound value (a
/// cursor read's `LIMIT ?`), unless the planner is held stable (QPSG).
/// The desk log's statements name their literals in the SQL (`queued =
/// 1`, matching the partial index), so their plans are the same either way.
fn settled(conn: Connection) -> rusqlite::Result<Connection> {
    conn.set_prepared_statement_cache_capacity(STATEMENTS);
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    Ok(conn)
}

/// The desk log of one business, in one SQLite file.
pub struct SqliteDeskLog {
    conn: Connection,
    path: PathBuf,
}

impl SqliteDeskLog {
    /// The file's name in the state directory.
    pub const FILE: &'static str = "desk.sqlite";

    /// Opens (creating it if needed) the desk log in `dir`: the directory
    /// 0700, the file 0600.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        let path = dir.join(Self::FILE);
        let conn = open_private(dir, &path, "FULL")?;
        migrate(&conn, &STEPS, &path)?;
        let conn = settled(conn).map_err(|e| StoreError::at(Part::File, path.display(), e))?;
        Ok(Self { conn, path })
    }

    /// A desk log in memory: nothing is kept once it is dropped (a door
    /// model's lanes, a test). Copied from one made once per thread: the
    /// schema is not built again for each (thousands of lanes a run).
    pub fn in_memory() -> Result<Self, StoreError> {
        thread_local! {
            static TEMPLATE: Result<Connection, String> = Connection::open_in_memory()
                .map_err(|e| e.to_string())
                .and_then(|conn| {
                    migrate(&conn, &STEPS, Path::new(":memory:"))
                        .map(|()| conn)
                        .map_err(|e| e.to_string())
                });
        }
        let fail = |e: &dyn std::fmt::Display| StoreError::at(Part::MemoryLog, "", e);
        let mut conn = Connection::open_in_memory().map_err(|e| fail(&e))?;
        TEMPLATE.with(|template| {
            let template = template.as_ref().map_err(|e| fail(e))?;
            rusqlite::backup::Backup::new(template, &mut conn)
                .and_then(|b| b.run_to_completion(64, std::time::Duration::ZERO, None))
                .map_err(|e| fail(&e))
        })?;
        Ok(Self {
            conn: settled(conn).map_err(|e| fail(&e))?,
            path: PathBuf::from(":memory:"),
        })
    }

    /// A copy of this log in memory, as it is now (a door model's lane
    /// started again from its file).
    pub fn copied(&self) -> Result<Self, StoreError> {
        let fail = |e: &dyn std::fmt::Display| StoreError::at(Part::MemoryLog, "", e);
        let mut conn = Connection::open_in_memory().map_err(|e| fail(&e))?;
        rusqlite::backup::Backup::new(&self.conn, &mut conn)
            .and_then(|b| b.run_to_completion(64, std::time::Duration::ZERO, None))
            .map_err(|e| fail(&e))?;
        Ok(Self {
            conn: settled(conn).map_err(|e| fail(&e))?,
            path: PathBuf::from(":memory:"),
        })
    }

    /// What a failed statement says (owning the path: the connection can
    /// be borrowed meanwhile).
    fn failing(&self) -> impl Fn(&rusqlite::Error) -> StoreError + use<> {
        let path = self.path.clone();
        move |e| StoreError::at(Part::DeskLog, path.display(), e)
    }

    /// Where the log is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn fail(&self, e: &rusqlite::Error) -> StoreError {
        StoreError::at(Part::DeskLog, self.path.display(), e)
    }

    /// `write` in one transaction, committed when it succeeds (`Immediate`:
    /// the file's write lock taken before the first read, so what is read
    /// still holds when it is written).
    pub(super) fn in_transaction<T>(
        &mut self,
        behavior: TransactionBehavior,
        write: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let fail = self.failing();
        let tx = self
            .conn
            .transaction_with_behavior(behavior)
            .map_err(|e| fail(&e))?;
        let done = write(&tx).map_err(|e| fail(&e))?;
        tx.commit().map_err(|e| fail(&e))?;
        Ok(done)
    }
}

/// An admission read as `COLUMNS` are listed.
fn admission(row: &Row<'_>) -> rusqlite::Result<Admission> {
    admission_at(row, 0)
}

/// An admission read as `COLUMNS` are listed, from column `first` on.
fn admission_at(row: &Row<'_>, first: usize) -> rusqlite::Result<Admission> {
    Ok(Admission {
        ticket_id: id_at(row, first)?,
        number: row.get(first + 1)?,
        event_id: id_at(row, first + 2)?,
        edition_id: opt_id_at(row, first + 3)?,
        at: row.get(first + 4)?,
        desk: row.get(first + 5)?,
    })
}

/// Ticket `ticket`'s admission at event 7 by `lane` at `at` (the tests'
/// admissions).
#[cfg(test)]
fn admission_of(ticket: u64, lane: &str, at: &str) -> Admission {
    Admission {
        ticket_id: ticket,
        number: format!("TK-{ticket:06}"),
        event_id: 7,
        edition_id: None,
        at: at.into(),
        desk: lane.into(),
    }
}

/// An admission kept while the shared log was unreachable, to replay there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queued {
    pub admission: Admission,
    pub scan: ScanId,
}

/// Where an admission is kept, and what is kept beside it.
#[derive(Clone, Copy)]
pub(super) enum Kept<'a> {
    /// A desk's own log: the admission alone; `queued` while it waits to
    /// be replayed in the shared log it is bound to.
    Desk { queued: Option<&'a Bound> },
    /// A door's log shared by its lanes: every change in its history; a
    /// `replay` (a scan made while a lane was cut off) that finds another
    /// scan's admission is recorded as a conflict.
    Door { replay: bool },
}

/// The ticket's admission not undone, and its key for its moves (its scan
/// id; an admission of version 1, without one, by its row).
pub(super) fn holder(
    tx: &Transaction<'_>,
    event: i64,
    ticket: i64,
) -> rusqlite::Result<Option<(Admission, String)>> {
    tx.row(
        &format!(
            "SELECT {COLUMNS}, {ADMISSION_KEY} FROM admissions
             WHERE event_id = ?1 AND ticket_id = ?2 AND undone_at IS NULL
             ORDER BY seq LIMIT 1"
        ),
        params![event, ticket],
        |row| Ok((admission(row)?, row.get::<_, String>(6)?)),
    )
    .optional()
}

/// An admission's key for its moves: its scan id (an admission of version
/// 1, without one, by its row).
pub(super) const ADMISSION_KEY: &str = "COALESCE(scan_id, 'seq:' || seq)";

impl SqliteDeskLog {
    /// The one rule of every SQLite log: one admission per (event, ticket)
    /// not undone, read and written in one `BEGIN IMMEDIATE` transaction;
    /// a scan id already recorded is answered as the first time. `forced`:
    /// the lane that forced it, marked in the same transaction when the
    /// scan admits (docs/desk.md: a forced admission is never kept
    /// unmarked).
    pub(super) fn admit_kept(
        &mut self,
        a: &Admission,
        scan: ScanId,
        kept: Kept<'_>,
        forced: Option<&str>,
    ) -> Result<Recorded, StoreError> {
        let stored = a.stamped_now();
        let ids = (
            sql_id(stored.event_id)?,
            sql_id(stored.ticket_id)?,
            stored.edition_id.map(sql_id).transpose()?,
        );
        let scan = scan.to_string();
        self.in_transaction(TransactionBehavior::Immediate, |tx| {
            let recorded = admit_in(tx, &stored, ids, &scan, kept)?;
            if let (Some(lane), Recorded::Admitted(made)) = (forced, &recorded) {
                mark_forced(tx, &scan, lane, &made.at)?;
            }
            Ok(recorded)
        })
    }

    /// `admit`, queued for the shared log (a lane cut off from it), bound
    /// to no log in particular (the first a lane sends it to).
    pub fn admit_queued(&mut self, a: &Admission, scan: ScanId) -> Result<Recorded, StoreError> {
        self.admit_kept(
            a,
            scan,
            Kept::Desk {
                queued: Some(&Bound::default()),
            },
            None,
        )
    }

    /// The admissions still to replay in the shared log, oldest first.
    pub fn queued(&self) -> Result<Vec<Queued>, StoreError> {
        self.queued_where("queued = 1 AND undone_at IS NULL", [])
    }

    /// The admissions `filter` (an SQL condition) keeps, oldest first.
    fn queued_where(&self, filter: &str, values: impl rusqlite::Params) -> Result<Vec<Queued>> {
        let run = || -> rusqlite::Result<Vec<(Admission, String)>> {
            let mut stmt = self.conn.prepare_cached(&format!(
                "SELECT {COLUMNS}, scan_id FROM admissions WHERE {filter} ORDER BY seq"
            ))?;
            stmt.query_map(values, |row| Ok((admission(row)?, row.get(6)?)))?
                .collect()
        };
        run()
            .map_err(|e| self.fail(&e))?
            .into_iter()
            .map(|(admission, scan)| {
                Ok(Queued {
                    admission,
                    scan: scan.parse()?,
                })
            })
            .collect()
    }

    /// How many admissions wait to be replayed.
    pub fn queued_count(&self) -> Result<usize, StoreError> {
        self.conn
            .row(
                "SELECT COUNT(*) FROM admissions WHERE queued = 1 AND undone_at IS NULL",
                [],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| usize::try_from(n).unwrap_or(0))
            .map_err(|e| self.fail(&e))
    }

    /// Scan `scan` reached the shared log: no longer queued.
    pub fn replayed(&mut self, scan: ScanId) -> Result<(), StoreError> {
        self.conn
            .run(
                "UPDATE admissions SET queued = 0 WHERE scan_id = ?1",
                params![scan.to_string()],
            )
            .map(|_| ())
            .map_err(|e| self.fail(&e))
    }

    /// Undoes the last admission `desk` made at `event_id` while cut off
    /// (still queued): the only ones a lane may undo without the shared log.
    pub fn undo_last_queued(&mut self, event_id: u64, desk: &str) -> Result<Option<Admission>> {
        self.undo_where(event_id, desk, None, true)
    }

    /// Undoes `desk`'s admission of `ticket_id` at `event_id` while cut off
    /// (still queued).
    pub fn undo_queued_ticket(
        &mut self,
        event_id: u64,
        ticket_id: u64,
        desk: &str,
    ) -> Result<Option<Admission>, StoreError> {
        self.undo_where(event_id, desk, Some(ticket_id), true)
    }

    /// Undoes `desk`'s admission of `ticket_id` at `event_id` (a lane
    /// keeping its copy of what the shared log undid).
    pub fn undo_ticket(
        &mut self,
        event_id: u64,
        ticket_id: u64,
        desk: &str,
    ) -> Result<Option<Admission>, StoreError> {
        self.undo_where(event_id, desk, Some(ticket_id), false)
    }

    /// Undoes `desk`'s last admission at `event_id`: of `ticket` when one
    /// is named, and only one still queued when `queued`.
    fn undo_where(
        &mut self,
        event_id: u64,
        desk: &str,
        ticket: Option<u64>,
        queued: bool,
    ) -> Result<Option<Admission>, StoreError> {
        let event = sql_id(event_id)?;
        let ticket = ticket.map(sql_id).transpose()?;
        let only = format!(
            "{} {}",
            if queued { "AND queued = 1" } else { "" },
            ticket.map_or(String::new(), |t| format!("AND ticket_id = {t}"))
        );
        self.in_transaction(TransactionBehavior::Deferred, |tx| {
            let last = tx
                .row(
                    &format!(
                        "SELECT {COLUMNS}, seq FROM admissions
                         WHERE event_id = ?1 AND desk = ?2 AND undone_at IS NULL {only}
                         ORDER BY seq DESC LIMIT 1"
                    ),
                    params![event, desk],
                    |row| Ok((row.get::<_, i64>(6)?, admission(row)?)),
                )
                .optional()?;
            if let Some((seq, _)) = &last {
                tx.run(
                    "UPDATE admissions SET undone_at = ?1, queued = 0 WHERE seq = ?2",
                    params![clock::now_utc(None), seq],
                )?;
            }
            Ok(last.map(|(_, a)| a))
        })
    }
}

impl DeskLog for SqliteDeskLog {
    fn admit(&mut self, a: &Admission, scan: ScanId) -> Result<Recorded, StoreError> {
        self.admit_kept(a, scan, Kept::Desk { queued: None }, None)
    }

    fn door_write(&mut self, op: DoorOp) -> Result<DoorDone, StoreError> {
        self.door_op(op)
    }

    fn door(&self, event_id: u64) -> Result<DoorState, StoreError> {
        self.door_state(event_id)
    }

    fn data_version(&self) -> Option<i64> {
        self.conn
            .query_row("PRAGMA data_version", [], |r| r.get(0))
            .ok()
    }

    fn door_read(&mut self, event_id: u64, after: &Cursor, limit: usize) -> Result<DoorRead> {
        SqliteDeskLog::door_read(self, event_id, after, limit)
    }

    fn lookup(&self, event_id: u64, ticket_id: u64) -> Result<Option<Admission>, StoreError> {
        self.conn
            .row(
                &format!(
                    "SELECT {COLUMNS} FROM admissions
                     WHERE event_id = ?1 AND ticket_id = ?2 AND undone_at IS NULL
                     ORDER BY seq DESC LIMIT 1"
                ),
                params![sql_id(event_id)?, sql_id(ticket_id)?],
                admission,
            )
            .optional()
            .map_err(|e| self.fail(&e))
    }

    fn undo_last(&mut self, event_id: u64, desk: &str) -> Result<Option<Undone>, StoreError> {
        Ok(self
            .undo_where(event_id, desk, None, false)?
            .map(Undone::alone))
    }

    fn undo(&mut self, event_id: u64, desk: &str, ticket_id: u64) -> Result<Option<Undone>> {
        Ok(self
            .undo_ticket(event_id, ticket_id, desk)?
            .map(Undone::alone))
    }

    fn admitted(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        let event = sql_id(event_id)?;
        let run = || -> rusqlite::Result<Vec<Admission>> {
            let mut stmt = self.conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM admissions
                 WHERE event_id = ?1 AND undone_at IS NULL ORDER BY at, seq"
            ))?;
            stmt.query_map(params![event], admission)?.collect()
        };
        run().map_err(|e| self.fail(&e))
    }

    fn counts(&self, event_id: u64, since: &str) -> Result<Counts, StoreError> {
        let (admitted, recent): (i64, i64) = self
            .conn
            .row(
                "SELECT COUNT(*), COALESCE(SUM(at >= ?2), 0) FROM admissions
                 WHERE event_id = ?1 AND undone_at IS NULL",
                params![sql_id(event_id)?, since],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(|e| self.fail(&e))?;
        Ok(Counts {
            admitted: u64::try_from(admitted).unwrap_or(0),
            recent: u64::try_from(recent).unwrap_or(0),
        })
    }
}

/// An admission's event, ticket and edition, as SQLite keeps them.
type Ids = (i64, i64, Option<i64>);

/// `a`'s ids as SQLite keeps them (an id past `i64::MAX`, which the API
/// never makes, as `i64::MAX`; such an edition as none).
pub(super) fn ids_of(a: &Admission) -> Ids {
    (
        i64::try_from(a.event_id).unwrap_or(i64::MAX),
        i64::try_from(a.ticket_id).unwrap_or(i64::MAX),
        a.edition_id.and_then(|e| i64::try_from(e).ok()),
    )
}

/// One admission per (event, ticket) not undone, in `tx` (`admit_kept`).
fn admit_in(
    tx: &Transaction<'_>,
    stored: &Admission,
    ids: Ids,
    scan: &str,
    kept: Kept<'_>,
) -> rusqlite::Result<Recorded> {
    let holder = holder(tx, ids.0, ids.1)?;
    // The same scan again (a retry, a replay sent twice).
    match kept {
        Kept::Desk { .. } => {
            let same = tx
                .row(
                    &format!("SELECT {COLUMNS} FROM admissions WHERE scan_id = ?1"),
                    params![scan],
                    admission,
                )
                .optional()?;
            if let Some(same) = same {
                return Ok(Recorded::Admitted(same));
            }
        }
        Kept::Door { .. } => {
            if let Some((held, key)) = &holder {
                if key == scan {
                    return Ok(Recorded::Admitted(held.clone()));
                }
                if door::scanned_before(tx, scan)? {
                    return Ok(Recorded::AlreadyAdmitted(held.clone()));
                }
            }
        }
    }
    if let Some((held, _)) = holder {
        if let Kept::Door { replay: true } = kept {
            door::conflict(tx, &held, stored, scan)?;
        }
        return Ok(Recorded::AlreadyAdmitted(held));
    }
    match kept {
        Kept::Desk { queued } => insert(tx, stored, ids, scan, queued)?,
        Kept::Door { .. } => {
            insert(tx, stored, ids, scan, None)?;
            door::history(tx, stored, scan, "admitted")?;
        }
    }
    Ok(Recorded::Admitted(stored.clone()))
}

/// Keeps admission `a` made by scan `scan`; `queued`: to replay in the
/// shared log it is bound to.
pub(super) fn insert(
    tx: &Transaction<'_>,
    a: &Admission,
    (event, ticket, edition): Ids,
    scan: &str,
    queued: Option<&Bound>,
) -> rusqlite::Result<()> {
    tx.run(
        &format!(
            "INSERT INTO admissions ({COLUMNS}, scan_id, queued, log_addr, log_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
        ),
        params![
            ticket,
            a.number,
            event,
            edition,
            a.at,
            a.desk,
            scan,
            i64::from(queued.is_some()),
            queued.map(|b| b.addr.as_str()).filter(|a| !a.is_empty()),
            queued.and_then(|b| b.id.as_deref()),
        ],
    )
    .map(drop)
}

/// Marks the admission made by scan `scan` forced by `lane`, in the
/// transaction that made it.
pub(super) fn mark_forced(
    tx: &Transaction<'_>,
    scan: &str,
    lane: &str,
    at: &str,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT OR IGNORE INTO forced (scan_id, lane, at)
         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM admissions WHERE scan_id = ?1)",
        params![scan, lane, at],
    )
    .map(drop)
}
