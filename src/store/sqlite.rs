//! What the SQLite stores share: opening a file made private first, the
//! journal and durability, the schema version.

use std::path::Path;

use rusqlite::Error::FromSqlConversionFailure;
use rusqlite::types::Type;
use rusqlite::{Connection, Row};

use super::{Part, StoreError, paths};

/// Makes `dir` and `path` private, opens `path` and sets the durability:
/// `synchronous` is `FULL` for the desk log, `NORMAL` for a cache.
pub(super) fn open_private(
    dir: &Path,
    path: &Path,
    synchronous: &str,
) -> Result<Connection, StoreError> {
    let fail = |e: &dyn std::fmt::Display| StoreError::at(Part::File, path.display(), e);
    paths::create_private_dir(dir).map_err(|e| fail(&e))?;
    paths::create_private_file(path).map_err(|e| fail(&e))?;
    let conn = Connection::open(path).map_err(|e| fail(&e))?;
    conn.busy_timeout(std::time::Duration::from_secs(5))
        .map_err(|e| fail(&e))?;
    let mode: String = conn
        .query_row("PRAGMA journal_mode = TRUNCATE", [], |r| r.get(0))
        .map_err(|e| fail(&e))?;
    if !mode.eq_ignore_ascii_case("truncate") {
        return Err(fail(&format!("journal mode {mode}, not truncate")));
    }
    conn.execute_batch(&format!("PRAGMA synchronous = {synchronous};"))
        .map_err(|e| fail(&e))?;
    Ok(conn)
}

/// Brings the schema to the version this build writes (`PRAGMA
/// user_version`): `steps[i]` takes a file from version `i` to `i + 1`, so a
/// new file runs them all and an older one the rest. Refuses a file from a
/// newer build. The version is read inside the write transaction: two desks
/// opening a file at once migrate it once.
pub(super) fn migrate(conn: &Connection, steps: &[&str], path: &Path) -> Result<(), StoreError> {
    let fail = |e: &dyn std::fmt::Display| StoreError::at(Part::File, path.display(), e);
    let target = i64::try_from(steps.len()).unwrap_or(i64::MAX);
    let version = |conn: &Connection| -> Result<i64, StoreError> {
        conn.query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| fail(&e))
    };
    if version(conn)? == target {
        return Ok(());
    }
    conn.execute_batch("BEGIN IMMEDIATE;")
        .map_err(|e| fail(&e))?;
    let outcome = match version(conn)? {
        v if v > target => Err(fail(&format!(
            "written by a newer boxoffice (schema {v}; this one knows {target})"
        ))),
        v => {
            let from = usize::try_from(v).unwrap_or(0);
            let sql: String = steps[from..].concat();
            conn.execute_batch(&format!("{sql} PRAGMA user_version = {target};"))
                .map_err(|e| fail(&e))
        }
    };
    let end = if outcome.is_ok() {
        "COMMIT;"
    } else {
        "ROLLBACK;"
    };
    conn.execute_batch(end).map_err(|e| fail(&e))?;
    outcome
}

/// A u64 as SQLite's integer.
pub(super) fn sql_id(id: u64) -> Result<i64, StoreError> {
    i64::try_from(id).map_err(|_| StoreError::TooLarge(id))
}

/// The id in column `i`, read back as the u64 it was.
pub(super) fn id_at(row: &Row<'_>, i: usize) -> rusqlite::Result<u64> {
    let id: i64 = row.get(i)?;
    u64::try_from(id).map_err(|e| FromSqlConversionFailure(i, Type::Integer, Box::new(e)))
}

/// The id in column `i`, if there is one.
pub(super) fn opt_id_at(row: &Row<'_>, i: usize) -> rusqlite::Result<Option<u64>> {
    let id: Option<i64> = row.get(i)?;
    id.map(|id| {
        u64::try_from(id).map_err(|e| FromSqlConversionFailure(i, Type::Integer, Box::new(e)))
    })
    .transpose()
}

/// A statement run through the connection's cache of prepared statements:
/// a desk log runs the same few statements at every scan, and preparing
/// one costs more than running it.
pub(super) trait Cached {
    fn row<T, P: rusqlite::Params, F: FnOnce(&Row<'_>) -> rusqlite::Result<T>>(
        &self,
        sql: &str,
        params: P,
        f: F,
    ) -> rusqlite::Result<T>;
    fn run<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize>;
}

impl Cached for Connection {
    fn row<T, P: rusqlite::Params, F: FnOnce(&Row<'_>) -> rusqlite::Result<T>>(
        &self,
        sql: &str,
        params: P,
        f: F,
    ) -> rusqlite::Result<T> {
        self.prepare_cached(sql)?.query_row(params, f)
    }

    fn run<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize> {
        self.prepare_cached(sql)?.execute(params)
    }
}
