//! The desk log in SQLite: `desk.sqlite` in the business's state directory.
//!
//! Every record and undo is its own transaction with `synchronous=FULL`, so
//! an admission the desk has shown is on the disk and survives a crash or a
//! power cut. The rollback journal is kept between transactions
//! (`journal_mode=TRUNCATE`): SQLite creates it with the database file's
//! permissions (0600), and a desk does not pay for creating and deleting a
//! file per scan. (WAL would add two side files, `-wal` and `-shm`, for a
//! log written one row at a time.)

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::sqlite::{id_at, migrate, open_private, opt_id_at, sql_id};
use super::{Admission, Counts, DeskLog, StoreError};
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

const COLUMNS: &str = "ticket_id, number, event_id, edition_id, at, desk";

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
        migrate(&conn, SCHEMA, &path)?;
        Ok(Self { conn, path })
    }

    /// Where the log is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn fail(&self, e: &rusqlite::Error) -> StoreError {
        StoreError(format!("desk log {}: {e}", self.path.display()))
    }
}

impl SqliteDeskLog {
    /// Undoes `desk`'s latest admission at `event_id` not undone (of ticket
    /// `ticket`, when given), in one transaction.
    fn undo_where(
        &mut self,
        event_id: u64,
        desk: &str,
        ticket: Option<u64>,
    ) -> Result<Option<Admission>, StoreError> {
        let event = sql_id(event_id)?;
        let ticket = ticket.map(sql_id).transpose()?;
        let path = &self.path;
        let tx = self
            .conn
            .transaction()
            .map_err(|e| StoreError(format!("desk log {}: {e}", path.display())))?;
        let last = tx
            .query_row(
                &format!(
                    "SELECT {COLUMNS}, seq FROM admissions
                     WHERE event_id = ?1 AND desk = ?2 AND undone_at IS NULL
                       AND (?3 IS NULL OR ticket_id = ?3)
                     ORDER BY seq DESC LIMIT 1"
                ),
                params![event, desk, ticket],
                |row| Ok((row.get::<_, i64>(6)?, admission(row)?)),
            )
            .optional();
        let result = last.and_then(|last| {
            if let Some((seq, _)) = &last {
                tx.execute(
                    "UPDATE admissions SET undone_at = ?1 WHERE seq = ?2",
                    params![clock::now_utc(None), seq],
                )?;
            }
            tx.commit()?;
            Ok(last.map(|(_, a)| a))
        });
        result.map_err(|e| self.fail(&e))
    }
}

fn admission(row: &Row<'_>) -> rusqlite::Result<Admission> {
    Ok(Admission {
        ticket_id: id_at(row, 0)?,
        number: row.get(1)?,
        event_id: id_at(row, 2)?,
        edition_id: opt_id_at(row, 3)?,
        at: row.get(4)?,
        desk: row.get(5)?,
    })
}

impl DeskLog for SqliteDeskLog {
    fn record(&mut self, a: &Admission) -> Result<Admission, StoreError> {
        let mut stored = a.clone();
        if stored.at.is_empty() {
            stored.at = clock::now_utc(None);
        }
        let edition = stored.edition_id.map(sql_id).transpose()?;
        let (ticket, event) = (sql_id(stored.ticket_id)?, sql_id(stored.event_id)?);
        // One statement in autocommit mode is one transaction.
        self.conn
            .execute(
                &format!("INSERT INTO admissions ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"),
                params![
                    ticket,
                    stored.number,
                    event,
                    edition,
                    stored.at,
                    stored.desk
                ],
            )
            .map_err(|e| self.fail(&e))?;
        Ok(stored)
    }

    fn lookup(&self, event_id: u64, ticket_id: u64) -> Result<Option<Admission>, StoreError> {
        self.conn
            .query_row(
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

    fn undo_last(&mut self, event_id: u64, desk: &str) -> Result<Option<Admission>, StoreError> {
        self.undo_where(event_id, desk, None)
    }

    fn undo(
        &mut self,
        event_id: u64,
        desk: &str,
        ticket_id: u64,
    ) -> Result<Option<Admission>, StoreError> {
        self.undo_where(event_id, desk, Some(ticket_id))
    }

    fn admitted(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        let event = sql_id(event_id)?;
        let run = || -> rusqlite::Result<Vec<Admission>> {
            let mut stmt = self.conn.prepare(&format!(
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
            .query_row(
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
