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

use super::sqlite::{migrate, open_private};
use super::{AuditEntry, AuditLog, StoreError};
use crate::clock;

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
        migrate(&conn, &[SCHEMA], &path)?;
        Ok(Self { conn, path })
    }

    fn fail(&self, e: &rusqlite::Error) -> StoreError {
        StoreError(format!("audit log {}: {e}", self.path.display()))
    }
}

impl AuditLog for SqliteAuditLog {
    fn begin(&mut self, operation: &str, target: &str, desk: &str) -> Result<i64, StoreError> {
        self.conn
            .execute(
                "INSERT INTO writes (at, operation, target, desk, outcome)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![clock::now_utc(None), operation, target, desk, UNKNOWN],
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

    fn entries(&self, limit: usize) -> Result<Vec<AuditEntry>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let read = || -> rusqlite::Result<Vec<AuditEntry>> {
            let mut stmt = self.conn.prepare(
                "SELECT seq, at, operation, target, desk, outcome, latency_ms
                 FROM writes ORDER BY seq DESC LIMIT ?1",
            )?;
            let rows = stmt.query_map(params![limit], |r| {
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
                })
            })?;
            rows.collect()
        };
        read().map_err(|e| self.fail(&e))
    }
}
