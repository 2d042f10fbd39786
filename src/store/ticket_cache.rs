//! The offline ticket lists in SQLite: `tickets.sqlite` in the business's
//! cache directory, one list per event or edition, replaced whole in one
//! transaction. A cache, so `synchronous=NORMAL`: a power cut may lose the
//! last save, never corrupt the file (the rollback journal sees to that).

use std::io;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};

use super::sqlite::{id_at, migrate, open_private, opt_id_at, sql_id};
use super::{CachedTicket, Part, StoreError};
use crate::clock;

/// A ticket found by number in the list kept for another event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberFound {
    /// The event or edition whose list holds it.
    pub event_id: u64,
    pub ticket: CachedTicket,
    /// That list's title and first day ("YYYY-MM-DD"), empty when unknown.
    pub title: String,
    pub starts: String,
    /// When that list was saved.
    pub saved_at: String,
}

/// Ticket lists kept per event or edition for when the network is gone.
pub trait TicketCache: Send {
    /// Replaces the list of `event_id` (one transaction) with `tickets`,
    /// taken one at a time (a list of 100,000 is never held twice), saved at
    /// `at` (UTC, "YYYY-MM-DD HH:MM:SS"; stamped now if empty).
    fn save_each(
        &mut self,
        event_id: u64,
        tickets: &mut dyn Iterator<Item = CachedTicket>,
        at: &str,
    ) -> Result<(), StoreError>;
    /// The same from a slice.
    fn save(
        &mut self,
        event_id: u64,
        tickets: &[CachedTicket],
        at: &str,
    ) -> Result<(), StoreError> {
        self.save_each(event_id, &mut tickets.iter().cloned(), at)
    }
    /// Remembers that the desk of main event `asked` checks in edition
    /// `event_id` (so a desk opened on `asked` without a network finds it).
    fn alias(&mut self, asked: u64, event_id: u64) -> Result<(), StoreError>;
    /// The edition the desk of `asked` last checked in, if any.
    fn resolve(&self, asked: u64) -> Result<Option<u64>, StoreError>;
    /// Names the list of `event_id` (its event's or edition's title and
    /// first day, "YYYY-MM-DD" or empty): what a desk elsewhere says of a
    /// number found in it. Nothing when the list is not kept.
    fn describe(&mut self, event_id: u64, title: &str, starts: &str) -> Result<(), StoreError>;
    /// The tickets whose number has the key `number_key`
    /// (`crate::ticket_number::key`) in the lists kept for events other than
    /// `except_event`, the most recently saved list first: one indexed
    /// look-up, not a scan of every list.
    fn find_number(
        &self,
        number_key: &str,
        except_event: u64,
    ) -> Result<Vec<NumberFound>, StoreError>;
    /// The list of `event_id` and when it was saved, if there is one.
    fn load(&self, event_id: u64) -> Result<Option<(Vec<CachedTicket>, String)>, StoreError>;
}

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

/// Version 2: each ticket's number as `ticket_number::key` reads it, indexed
/// (a number scanned at one desk is found in the lists kept for the others
/// in one look-up), and each list's title and first day (which event, and
/// when). Keys of rows kept before are filled in by `open`.
const NUMBER_KEYS: &str = "
ALTER TABLE tickets ADD COLUMN number_key TEXT NOT NULL DEFAULT '';
CREATE INDEX tickets_by_number ON tickets (number_key);
ALTER TABLE lists ADD COLUMN title TEXT NOT NULL DEFAULT '';
ALTER TABLE lists ADD COLUMN starts TEXT NOT NULL DEFAULT '';
";

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
        migrate(&conn, &[SCHEMA, NUMBER_KEYS], &path)?;
        fill_number_keys(&conn)
            .map_err(|e| StoreError::at(Part::OfflineList, path.display(), e))?;
        // Which edition a main event's desk last checked in (a cache made
        // before this table existed gets it now).
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS aliases (
                asked INTEGER PRIMARY KEY,
                event_id INTEGER NOT NULL
            );",
        )
        .map_err(|e| StoreError::at(Part::OfflineList, path.display(), e))?;
        // A list of 100,000 is about 20 MB of pages. 4 MB of page cache:
        // the save is written in the background as the desk's read ends,
        // when its memory is at its peak; a larger cache made the save a
        // little faster and the desk's peak 12 MB higher
        // (docs/performance.md). The memory is handed back after each save.
        conn.execute_batch("PRAGMA cache_size = -4096;")
            .map_err(|e| StoreError::at(Part::OfflineList, path.display(), e))?;
        Ok(Self { conn, path })
    }

    /// Where the cache is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn fail(&self, e: &rusqlite::Error) -> StoreError {
        StoreError::at(Part::OfflineList, self.path.display(), e)
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
                "INSERT INTO lists (event_id, saved_at) VALUES (?1, ?2)
                 ON CONFLICT (event_id) DO UPDATE SET saved_at = excluded.saved_at",
                params![event, at],
            )?;
            {
                let mut insert = tx.prepare(&format!(
                    "INSERT INTO tickets (event_id, pos, {COLUMNS}, number_key)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)"
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
                        crate::ticket_number::key(&t.number),
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

    fn describe(&mut self, event_id: u64, title: &str, starts: &str) -> Result<(), StoreError> {
        let event = sql_id(event_id)?;
        self.conn
            .execute(
                "UPDATE lists SET title = ?2, starts = ?3 WHERE event_id = ?1",
                params![event, title, starts],
            )
            .map(|_| ())
            .map_err(|e| self.fail(&e))
    }

    fn find_number(
        &self,
        number_key: &str,
        except_event: u64,
    ) -> Result<Vec<NumberFound>, StoreError> {
        let except = sql_id(except_event)?;
        if number_key.is_empty() {
            return Ok(Vec::new());
        }
        let read = || -> rusqlite::Result<Vec<NumberFound>> {
            let mut select = self.conn.prepare(&format!(
                "SELECT {COLUMNS}, t.event_id, l.title, l.starts, l.saved_at
                 FROM tickets t JOIN lists l ON l.event_id = t.event_id
                 WHERE t.number_key = ?1 AND t.event_id <> ?2
                 ORDER BY l.saved_at DESC, t.event_id"
            ))?;
            select
                .query_map(params![number_key, except], |r| {
                    Ok(NumberFound {
                        ticket: ticket_at(r)?,
                        event_id: id_at(r, 12)?,
                        title: r.get(13)?,
                        starts: r.get(14)?,
                        saved_at: r.get(15)?,
                    })
                })?
                .collect()
        };
        read().map_err(|e| self.fail(&e))
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
                .query_map(params![event], ticket_at)?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            drop(select);
            tx.commit()?;
            Ok(Some((tickets, at)))
        };
        read().map_err(|e| self.fail(&e))
    }
}

/// The ticket in the first columns of `COLUMNS`.
fn ticket_at(r: &rusqlite::Row<'_>) -> rusqlite::Result<CachedTicket> {
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
}

/// The number keys of rows kept before version 2 (once; a no-op after).
fn fill_number_keys(conn: &Connection) -> rusqlite::Result<()> {
    let mut select = conn.prepare(
        "SELECT event_id, pos, number FROM tickets WHERE number_key = '' AND number <> ''",
    )?;
    let rows = select
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    drop(select);
    if rows.is_empty() {
        return Ok(());
    }
    let tx = conn.unchecked_transaction()?;
    {
        let mut update =
            tx.prepare("UPDATE tickets SET number_key = ?3 WHERE event_id = ?1 AND pos = ?2")?;
        for (event, pos, number) in rows {
            update.execute(params![event, pos, crate::ticket_number::key(&number)])?;
        }
    }
    tx.commit()
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
