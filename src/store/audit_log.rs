//! The audit log in SQLite: `audit.sqlite` in the business's state
//! directory. Every write (enroll by e-mail, enroll a customer, revoke),
//! from the TUI or a headless command, is a row written *before* the
//! request is sent — its outcome "unknown" — and completed after it, so a
//! crash between the two leaves an honest "unknown". One statement per
//! change (a transaction each), `synchronous=FULL`, 0600 like the desk log.
//! The API key is never written here: a row names the operation, its
//! target, the desk, the outcome and the latency.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

use super::sqlite::{migrate, open_private};
use super::{Part, Result, StoreError};
use crate::clock;

/// One write as the audit log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditEntry {
    pub seq: i64,
    /// When it was sent, UTC ("YYYY-MM-DD HH:MM:SS").
    pub at: String,
    /// `enroll`, `enroll-customer` or `revoke`.
    pub operation: String,
    /// What it wrote to: "event 12 ana@example.com", "ticket 41".
    pub target: String,
    /// The desk (machine) that sent it.
    pub desk: String,
    /// `ok`, the API's error with its code, or "unknown …".
    pub outcome: String,
    pub latency_ms: Option<u64>,
    /// When a later read learnt the outcome of a write whose answer was
    /// lost (its outcome then `applied` or `not applied`).
    #[serde(default)]
    pub settled_at: Option<String>,
    /// How it was learnt: "read ticket 41: unenrolled".
    #[serde(default)]
    pub settled_how: Option<String>,
    /// An enroll's: the ids of the tickets the person held before it was
    /// sent ("715,802"; "" none; absent: not recorded).
    #[serde(default)]
    pub held: Option<String>,
    /// An applied enroll's ticket and edition, as the API returned them.
    #[serde(default)]
    pub landed: Option<String>,
}

impl AuditEntry {
    /// Whether its write's outcome is still unknown.
    pub fn unsettled(&self) -> bool {
        self.outcome.starts_with("unknown")
    }
}

/// Every write this machine sent, and what came of it.
/// A write about to be sent, as the audit log records it
/// ([`AuditLog::begin`]).
#[derive(Debug, Clone, Copy)]
pub struct Sending<'a> {
    /// What the write does ("revoke", "enroll").
    pub operation: &'a str,
    /// What it is done to ("ticket 5", "event 7 ana@example.com").
    pub target: &'a str,
    /// The desk that sends it.
    pub desk: &'a str,
    /// An enroll's tickets the person held before it was sent (ids,
    /// "715,802"; "" none).
    pub held: Option<&'a str>,
}

pub trait AuditLog: Send {
    /// Records a write about to be sent (outcome unknown until finished);
    /// its row number.
    fn begin(&mut self, write: &Sending<'_>) -> Result<i64>;
    /// Row `seq`'s enroll applied: where it landed ("ticket TK-000716 in
    /// Day 1 (Sat 28 Nov), event 1002").
    fn landed(&mut self, seq: i64, landed: &str) -> Result<(), StoreError>;
    /// Completes row `seq` with the write's outcome and latency.
    fn finish(&mut self, seq: i64, outcome: &str, latency_ms: u64) -> Result<(), StoreError>;
    /// The newest `limit` rows, newest first.
    fn entries(&self, limit: usize) -> Result<Vec<AuditEntry>, StoreError>;
    /// Completes row `seq`, whose outcome was unknown, with what a later
    /// read learnt (`applied`, `not applied`) and how; false when the row
    /// was not unknown (settled already, or answered).
    fn settle(&mut self, seq: i64, outcome: &str, how: &str) -> Result<bool, StoreError>;
    /// The newest `limit` rows whose outcome is still unknown, newest first.
    fn unsettled(&self, limit: usize) -> Result<Vec<AuditEntry>, StoreError>;
    /// The newest row of write `operation` on `target` whose outcome is
    /// still unknown: while there is one, that write is not sent again.
    fn unsettled_for(&self, operation: &str, target: &str) -> Result<Option<AuditEntry>>;
}

const SCHEMA: &str = "
CREATE TABLE writes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    operation TEXT NOT NULL,
    target TEXT NOT NULL,
    desk TEXT NOT NULL,
    outcome TEXT NOT NULL,
    latency_ms INTEGER
);
";

/// A write whose answer was lost and whose outcome a later read learnt:
/// when, and how (the row's outcome then says `applied` or `not applied`).
const SETTLED: &str = "
ALTER TABLE writes ADD COLUMN settled_at TEXT;
ALTER TABLE writes ADD COLUMN settled_how TEXT;
";

/// An enroll's row keeps the tickets the person held before it was sent
/// (ids, "715,802"; "" none; NULL not read: a revoke, an older row), so a
/// ticket found after a lost answer is counted as its work only when it
/// was not there before; and, once applied, where it landed ("ticket
/// TK-000716 in Day 1 (Sat 28 Nov), event 1002").
const HELD: &str = "
ALTER TABLE writes ADD COLUMN held TEXT;
ALTER TABLE writes ADD COLUMN landed TEXT;
";

/// What a row says until its write is answered (and forever after a crash).
pub const UNKNOWN: &str = "unknown (no answer recorded)";

/// The audit log of one business, in one SQLite file.
pub struct SqliteAuditLog {
    conn: Connection,
    path: PathBuf,
}

impl SqliteAuditLog {
    /// The file's name in the state directory.
    pub const FILE: &'static str = "audit.sqlite";

    /// Opens (creating it if needed) the audit log in `dir`: the directory
    /// 0700, the file 0600.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        let path = dir.join(Self::FILE);
        let conn = open_private(dir, &path, "FULL")?;
        migrate(&conn, &[SCHEMA, SETTLED, HELD], &path)?;
        Ok(Self { conn, path })
    }

    fn fail(&self, e: &rusqlite::Error) -> StoreError {
        StoreError::at(Part::AuditLog, self.path.display(), e)
    }
}

impl AuditLog for SqliteAuditLog {
    fn begin(&mut self, write: &Sending<'_>) -> Result<i64> {
        let Sending {
            operation,
            target,
            desk,
            held,
        } = write;
        self.conn
            .execute(
                "INSERT INTO writes (at, operation, target, desk, outcome, held)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![clock::now_utc(None), operation, target, desk, UNKNOWN, held],
            )
            .map_err(|e| self.fail(&e))?;
        Ok(self.conn.last_insert_rowid())
    }

    fn finish(&mut self, seq: i64, outcome: &str, latency_ms: u64) -> Result<(), StoreError> {
        let latency = i64::try_from(latency_ms).unwrap_or(i64::MAX);
        self.conn
            .execute(
                "UPDATE writes SET outcome = ?1, latency_ms = ?2 WHERE seq = ?3",
                params![outcome, latency, seq],
            )
            .map(|_| ())
            .map_err(|e| self.fail(&e))
    }

    fn settle(&mut self, seq: i64, outcome: &str, how: &str) -> Result<bool, StoreError> {
        self.conn
            .execute(
                "UPDATE writes SET outcome = ?1, settled_at = ?2, settled_how = ?3
                 WHERE seq = ?4 AND outcome LIKE 'unknown%'",
                params![outcome, clock::now_utc(None), how, seq],
            )
            .map(|n| n > 0)
            .map_err(|e| self.fail(&e))
    }

    fn landed(&mut self, seq: i64, landed: &str) -> Result<(), StoreError> {
        self.conn
            .execute(
                "UPDATE writes SET landed = ?1 WHERE seq = ?2",
                params![landed, seq],
            )
            .map(|_| ())
            .map_err(|e| self.fail(&e))
    }

    fn entries(&self, limit: usize) -> Result<Vec<AuditEntry>, StoreError> {
        self.select("", limit, &[])
    }

    fn unsettled(&self, limit: usize) -> Result<Vec<AuditEntry>, StoreError> {
        self.select("WHERE outcome LIKE 'unknown%'", limit, &[])
    }

    fn unsettled_for(&self, operation: &str, target: &str) -> Result<Option<AuditEntry>> {
        let rows = self.select(
            "WHERE outcome LIKE 'unknown%' AND operation = ?2 AND target = ?3",
            1,
            &[operation, target],
        )?;
        Ok(rows.into_iter().next())
    }
}

impl SqliteAuditLog {
    /// The newest `limit` rows `filter` keeps (its parameters `?2`… are
    /// `args`), newest first.
    fn select(&self, filter: &str, limit: usize, args: &[&str]) -> Result<Vec<AuditEntry>> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let read = || -> rusqlite::Result<Vec<AuditEntry>> {
            let mut stmt = self.conn.prepare(&format!(
                "SELECT seq, at, operation, target, desk, outcome, latency_ms,
                        settled_at, settled_how, held, landed
                 FROM writes {filter} ORDER BY seq DESC LIMIT ?1"
            ))?;
            let mut values: Vec<&dyn rusqlite::ToSql> = vec![&limit];
            values.extend(args.iter().map(|a| a as &dyn rusqlite::ToSql));
            let rows = stmt.query_map(values.as_slice(), |r| {
                Ok(AuditEntry {
                    seq: r.get(0)?,
                    at: r.get(1)?,
                    operation: r.get(2)?,
                    target: r.get(3)?,
                    desk: r.get(4)?,
                    outcome: r.get(5)?,
                    latency_ms: r
                        .get::<_, Option<i64>>(6)?
                        .and_then(|l| u64::try_from(l).ok()),
                    settled_at: r.get(7)?,
                    settled_how: r.get(8)?,
                    held: r.get(9)?,
                    landed: r.get(10)?,
                })
            })?;
            rows.collect()
        };
        read().map_err(|e| self.fail(&e))
    }
}
