//! The offline ticket lists in SQLite: `tickets.sqlite` in the business's
//! cache directory, one list per event or edition, replaced whole in one
//! transaction. A cache, so `synchronous=NORMAL`: a power cut may lose the
//! last save, never corrupt the file (the rollback journal sees to that).

use std::io;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};

use super::sqlite::{id_at, migrate, open_private, opt_id_at, sql_id};
use super::{CachedTicket, StoreError, TicketCache};
use crate::clock;

const SCHEMA: &str = r#"
CREATE TABLE lists (
    event_id INTEGER PRIMARY KEY,
    saved_at TEXT NOT NULL
);
CREATE TABLE tickets (
    event_id INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    id INTEGER NOT NULL,
    number TEXT NOT NULL,
    status TEXT NOT NULL,
    attendee_id INTEGER,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    edition_id INTEGER,
    edition TEXT NOT NULL,
    enrollment_type TEXT NOT NULL,
    created TEXT NOT NULL,
    price TEXT NOT NULL,
    "order" TEXT NOT NULL,
    PRIMARY KEY (event_id, pos)
) WITHOUT ROWID;
"#;

const COLUMNS: &str = r#"id, number, status, attendee_id, name, email, edition_id, edition,
    enrollment_type, created, price, "order""#;

/// The offline lists of one business, in one SQLite file.
pub struct SqliteTicketCache {
    conn: Connection,
    path: PathBuf,
}

impl SqliteTicketCache {
    /// The file's name in the cache directory.
    pub const FILE: &'static str = "tickets.sqlite";

    /// Opens (creating it if needed) the cache in `dir`: the directory
    /// 0700, the file 0600.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        let path = dir.join(Self::FILE);
        let conn = open_private(dir, &path, "NORMAL")?;
        migrate(&conn, &[SCHEMA], &path)?;
        // Which edition a main event's desk last checked in (a cache made
        // before this table existed gets it now).
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS aliases (
                asked INTEGER PRIMARY KEY,
                event_id INTEGER NOT NULL
            );",
        )
        .map_err(|e| StoreError(format!("offline list {}: {e}", path.display())))?;
        // A list of 100,000 is about 20 MB of pages: with SQLite's default
        // 2 MB cache the transaction would spill to the file half-way and
        // journal pages twice. The memory is handed back after each save.
        // 16 MB of page cache: a 100,000-ticket save costs a little more
        // time than with 64 MB, and a desk's memory stays in its budget.
        conn.execute_batch("PRAGMA cache_size = -16384;")
            .map_err(|e| StoreError(format!("offline list {}: {e}", path.display())))?;
        Ok(Self { conn, path })
    }

    /// Where the cache is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn fail(&self, e: &rusqlite::Error) -> StoreError {
        StoreError(format!("offline list {}: {e}", self.path.display()))
    }
}

impl TicketCache for SqliteTicketCache {
    fn save_each(
        &mut self,
        event_id: u64,
        tickets: &mut dyn Iterator<Item = CachedTicket>,
        at: &str,
    ) -> Result<(), StoreError> {
        let event = sql_id(event_id)?;
        let at = if at.is_empty() {
            clock::now_utc(None)
        } else {
            at.to_owned()
        };
        let id =
            |id: u64| sql_id(id).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)));
        let mut save = |conn: &mut Connection| -> rusqlite::Result<()> {
            let tx = conn.transaction()?;
            tx.execute("DELETE FROM tickets WHERE event_id = ?1", params![event])?;
            tx.execute(
                "INSERT OR REPLACE INTO lists (event_id, saved_at) VALUES (?1, ?2)",
                params![event, at],
            )?;
            {
                let mut insert = tx.prepare(&format!(
                    "INSERT INTO tickets (event_id, pos, {COLUMNS})
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"
                ))?;
                for (pos, t) in (&mut *tickets).enumerate() {
                    let attendee = t.attendee_id.map(id).transpose()?;
                    let edition = t.edition_id.map(id).transpose()?;
                    insert.execute(params![
                        event,
                        i64::try_from(pos).unwrap_or(i64::MAX),
                        id(t.id)?,
                        t.number,
                        t.status,
                        attendee,
                        t.name,
                        t.email,
                        edition,
                        t.edition,
                        t.enrollment_type,
                        t.created,
                        t.price,
                        t.order,
                    ])?;
                }
            }
            tx.commit()?;
            conn.execute_batch("PRAGMA shrink_memory;")
        };
        save(&mut self.conn).map_err(|e| self.fail(&e))
    }

    fn alias(&mut self, asked: u64, event_id: u64) -> Result<(), StoreError> {
        let (asked, event) = (sql_id(asked)?, sql_id(event_id)?);
        self.conn
            .execute(
                "INSERT OR REPLACE INTO aliases (asked, event_id) VALUES (?1, ?2)",
                params![asked, event],
            )
            .map(|_| ())
            .map_err(|e| self.fail(&e))
    }

    fn resolve(&self, asked: u64) -> Result<Option<u64>, StoreError> {
        let id = sql_id(asked)?;
        self.conn
            .query_row(
                "SELECT event_id FROM aliases WHERE asked = ?1",
                params![id],
                |r| id_at(r, 0),
            )
            .optional()
            .map_err(|e| self.fail(&e))
    }

    fn load(&self, event_id: u64) -> Result<Option<(Vec<CachedTicket>, String)>, StoreError> {
        let event = sql_id(event_id)?;
        let read = || -> rusqlite::Result<Option<(Vec<CachedTicket>, String)>> {
            // One read transaction: the list and its time from the same save.
            let tx = self.conn.unchecked_transaction()?;
            let Some(at) = tx
                .query_row(
                    "SELECT saved_at FROM lists WHERE event_id = ?1",
                    params![event],
                    |r| r.get::<_, String>(0),
                )
                .optional()?
            else {
                return Ok(None);
            };
            let mut select = tx.prepare(&format!(
                "SELECT {COLUMNS} FROM tickets WHERE event_id = ?1 ORDER BY pos"
            ))?;
            let tickets = select
                .query_map(params![event], |r| {
                    Ok(CachedTicket {
                        id: id_at(r, 0)?,
                        number: r.get(1)?,
                        status: r.get(2)?,
                        attendee_id: opt_id_at(r, 3)?,
                        name: r.get(4)?,
                        email: r.get(5)?,
                        edition_id: opt_id_at(r, 6)?,
                        edition: r.get(7)?,
                        enrollment_type: r.get(8)?,
                        created: r.get(9)?,
                        price: r.get(10)?,
                        order: r.get(11)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            drop(select);
            tx.commit()?;
            Ok(Some((tickets, at)))
        };
        read().map_err(|e| self.fail(&e))
    }
}

/// Removes the offline lists kept in `dir` (a business's cache directory,
/// as [`super::paths::cache_dir`] gives), then `dir` if that leaves it
/// empty. `Ok(false)` when there were none. Only the files this store
/// writes are removed: a mistaken `dir` loses nothing else.
pub fn clear_cache(dir: &Path) -> io::Result<bool> {
    let mut removed = false;
    for name in [
        SqliteTicketCache::FILE.to_owned(),
        format!("{}-journal", SqliteTicketCache::FILE),
    ] {
        match std::fs::remove_file(dir.join(name)) {
            Ok(()) => removed = true,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    match std::fs::remove_dir(dir) {
        Ok(()) => Ok(true),
        // Not there, or something else is in it: leave it.
        Err(_) => Ok(removed),
    }
}

/// Removes the offline lists of every business under `root` (the cache
/// root, as [`super::paths::cache_root`] gives); returns the directories
/// cleared, and `root` when it is left empty.
pub fn clear_all_caches(root: &Path) -> io::Result<Vec<PathBuf>> {
    let entries = match std::fs::read_dir(root) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut cleared = Vec::new();
    for entry in entries {
        let entry = entry?;
        if entry.file_type()?.is_dir() && clear_cache(&entry.path())? {
            cleared.push(entry.path());
        }
    }
    cleared.sort();
    if std::fs::remove_dir(root).is_ok() {
        cleared.push(root.to_path_buf());
    }
    Ok(cleared)
}
