//! The desk log as a door's log: what the lanes of a door share, kept in
//! one SQLite file (or in memory) instead of PostgreSQL — the same contract
//! as `PgDeskLog` (single winner, a replay that finds another lane's
//! admission recorded as a conflict, the undo that keeps the other side of
//! a conflict, the history read by cursor), for lanes in one process
//! (`store::SqliteDoor`: the door model's lanes) or on one machine.
//!
//! SQLite runs one writer at a time, so the history's numbers (`seq`)
//! commit in order: a cursor is the last number read.

use rusqlite::{OptionalExtension, Transaction, TransactionBehavior, params};

use super::{COLUMNS, Kept, SqliteDeskLog, admission, admission_at, holder, ids_of, insert};
use crate::clock;
use crate::store::sqlite::{Cached, id_at, sql_id};
use crate::store::{
    Admission, Change, ChangeKind, Conflict, Cursor, Recorded, ScanId, StoreError, Undone,
};

/// Version 3: the history of every change (admitted, undone, conflict)
/// and the conflicts, for a desk log shared by a door's lanes.
pub(super) const DOOR: &str = concat!(
    "
CREATE TABLE scans (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
",
    scan_columns!(),
    "    scan_id TEXT NOT NULL,
    verdict TEXT NOT NULL CHECK (verdict IN ('admitted', 'undone', 'conflict'))
);
CREATE INDEX scans_by_event ON scans (event_id, seq);
CREATE INDEX scans_by_scan ON scans (scan_id);
CREATE TABLE conflicts (
    event_id INTEGER NOT NULL,
    ticket_id INTEGER NOT NULL,
    number TEXT NOT NULL,
    kept_lane TEXT NOT NULL,
    kept_at TEXT NOT NULL,
    replayed_lane TEXT NOT NULL,
    replayed_at TEXT NOT NULL,
    replayed_scan TEXT NOT NULL UNIQUE,
    edition_id INTEGER,
    found_at TEXT NOT NULL
);
CREATE INDEX conflicts_by_ticket ON conflicts (event_id, ticket_id);
"
);

pub(super) fn history(
    tx: &Transaction<'_>,
    a: &Admission,
    scan: &str,
    verdict: &str,
) -> rusqlite::Result<()> {
    let (event, ticket, edition) = ids_of(a);
    tx.run(
        "INSERT INTO scans (event_id, ticket_id, number, edition_id, lane, at, scan_id, verdict)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            event, ticket, a.number, edition, a.desk, a.at, scan, verdict
        ],
    )
    .map(drop)
}

/// Whether scan `scan` is in the history as other than undone (a scan
/// answered before).
pub(super) fn scanned_before(tx: &Transaction<'_>, scan: &str) -> rusqlite::Result<bool> {
    tx.row(
        "SELECT verdict FROM scans WHERE scan_id = ?1 AND verdict <> 'undone'
         ORDER BY seq LIMIT 1",
        params![scan],
        |r| r.get::<_, String>(0),
    )
    .optional()
    .map(|before| before.is_some())
}

/// A replay (`replayed`, scan `scan`) that found the ticket admitted by
/// another scan (`kept`): a conflict, and in the history.
pub(super) fn conflict(
    tx: &Transaction<'_>,
    kept: &Admission,
    replayed: &Admission,
    scan: &str,
) -> rusqlite::Result<()> {
    let (event, ticket, edition) = ids_of(replayed);
    tx.run(
        "INSERT OR IGNORE INTO conflicts (event_id, ticket_id, number, kept_lane,
             kept_at, replayed_lane, replayed_at, replayed_scan, edition_id,
             found_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            event,
            ticket,
            replayed.number,
            kept.desk,
            kept.at,
            replayed.desk,
            replayed.at,
            scan,
            edition,
            clock::now_utc(None)
        ],
    )?;
    history(tx, replayed, scan, "conflict")
}

/// The replayed admissions of a ticket found in conflicts and not undone
/// since, oldest first, with their scan ids.
fn sides(
    tx: &Transaction<'_>,
    event: i64,
    ticket: i64,
) -> rusqlite::Result<Vec<(Admission, String)>> {
    let mut stmt = tx.prepare_cached(
        "SELECT ticket_id, number, event_id, edition_id, replayed_at, replayed_lane,
                replayed_scan
         FROM conflicts c
         WHERE event_id = ?1 AND ticket_id = ?2
           AND NOT EXISTS (SELECT 1 FROM scans u
                           WHERE u.scan_id = c.replayed_scan AND u.verdict = 'undone')
         ORDER BY found_at, replayed_at, rowid",
    )?;
    stmt.query_map(params![event, ticket], |row| {
        Ok((admission(row)?, row.get(6)?))
    })?
    .collect()
}

/// The history of a door after a cursor, a page at a time.
pub(super) const HISTORY_AFTER: &str =
    "SELECT seq, verdict, ticket_id, number, event_id, edition_id, at, lane, scan_id
     FROM scans WHERE event_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3";

impl SqliteDeskLog {
    /// A scan at a door's log: one admission per (event, ticket) not undone;
    /// a scan id already recorded is answered as the first time; a
    /// `replay` (a scan made while a lane was cut off) that finds another
    /// scan's admission is recorded as a conflict.
    pub fn admit_at_door(
        &mut self,
        a: &Admission,
        scan: ScanId,
        replay: bool,
    ) -> Result<Recorded, StoreError> {
        self.admit_kept(a, scan, Kept::Door { replay }, None)
    }

    /// An undo at a door's log: `lane`'s admission of `ticket` (its last
    /// one when none is named); the other side of a conflict becomes the
    /// ticket's admission; a lane undoing its replayed side undoes only it.
    pub fn undo_at_door(
        &mut self,
        event_id: u64,
        lane: &str,
        ticket: Option<u64>,
    ) -> Result<Option<Undone>, StoreError> {
        let event = sql_id(event_id)?;
        let ticket = ticket.map(sql_id).transpose()?;
        self.in_transaction(TransactionBehavior::Immediate, |tx| {
            let mine = tx
                .row(
                    &format!(
                        "SELECT {COLUMNS}, scan_id, seq FROM admissions
                         WHERE event_id = ?1 AND desk = ?2 AND undone_at IS NULL
                           AND (?3 IS NULL OR ticket_id = ?3)
                         ORDER BY seq DESC LIMIT 1"
                    ),
                    params![event, lane, ticket],
                    |row| {
                        Ok((
                            admission(row)?,
                            row.get::<_, String>(6)?,
                            row.get::<_, i64>(7)?,
                        ))
                    },
                )
                .optional()?;
            if let Some((undone, scan, seq)) = mine {
                let t = sql_id(undone.ticket_id).unwrap_or(i64::MAX);
                tx.run(
                    "UPDATE admissions SET undone_at = ?1 WHERE seq = ?2",
                    params![clock::now_utc(None), seq],
                )?;
                history(tx, &undone, &scan, "undone")?;
                let other = sides(tx, event, t)?
                    .into_iter()
                    .find(|(a, _)| a.desk != lane);
                let kept = match other {
                    Some((kept, scan)) => {
                        insert(tx, &kept, ids_of(&kept), &scan, None)?;
                        history(tx, &kept, &scan, "admitted")?;
                        Some(kept)
                    }
                    None => None,
                };
                return Ok(Some(Undone {
                    admission: undone,
                    kept,
                }));
            }
            let Some(t) = ticket else {
                return Ok(None);
            };
            let side = sides(tx, event, t)?
                .into_iter()
                .rfind(|(a, _)| a.desk == lane);
            let Some((side, scan)) = side else {
                return Ok(None);
            };
            history(tx, &side, &scan, "undone")?;
            let kept = holder(tx, event, t)?.map(|(w, _)| w);
            Ok(Some(Undone {
                admission: side,
                kept,
            }))
        })
    }

    /// The changes at `event_id` after `after` (its horizon: the last
    /// number read), at most `limit`, oldest first, and the cursor to ask
    /// with next.
    pub fn changes_at_door(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> Result<(Vec<Change>, Cursor), StoreError> {
        let fail = self.failing();
        let mut stmt = self
            .conn
            .prepare_cached(HISTORY_AFTER)
            .map_err(|e| fail(&e))?;
        let changes: Vec<Change> = stmt
            .query_map(
                params![
                    sql_id(event_id)?,
                    i64::try_from(after.horizon).unwrap_or(i64::MAX),
                    i64::try_from(limit).unwrap_or(i64::MAX)
                ],
                |row| {
                    let verdict: String = row.get(1)?;
                    Ok(Change {
                        seq: id_at(row, 0)?,
                        kind: ChangeKind::from_word(&verdict).unwrap_or(ChangeKind::Admitted),
                        admission: admission_at(row, 2)?,
                        scan: row.get::<_, String>(8)?.parse().ok(),
                    })
                },
            )
            .and_then(Iterator::collect)
            .map_err(|e| fail(&e))?;
        let horizon = changes.last().map_or(after.horizon, |c| c.seq);
        Ok((
            changes,
            Cursor {
                horizon,
                seen: Vec::new(),
            },
        ))
    }

    /// The last change number at `event_id` (0: none): a cursor there.
    pub fn last_at_door(&self, event_id: u64) -> Result<u64, StoreError> {
        let fail = self.failing();
        self.conn
            .row(
                "SELECT COALESCE(MAX(seq), 0) FROM scans WHERE event_id = ?1",
                params![sql_id(event_id)?],
                |r| id_at(r, 0),
            )
            .map_err(|e| fail(&e))
    }

    /// The tickets admitted twice (`event_id`: at that event only).
    pub fn conflicts_at_door(&self, event_id: Option<u64>) -> Result<Vec<Conflict>, StoreError> {
        let fail = self.failing();
        let event = event_id.map(sql_id).transpose()?;
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT event_id, ticket_id, number, kept_lane, kept_at, replayed_lane,
                        replayed_at, found_at
                 FROM conflicts WHERE ?1 IS NULL OR event_id = ?1
                 ORDER BY found_at, replayed_at, rowid",
            )
            .map_err(|e| fail(&e))?;
        stmt.query_map(params![event], |row| {
            Ok(Conflict {
                event_id: id_at(row, 0)?,
                ticket_id: id_at(row, 1)?,
                number: row.get(2)?,
                kept_lane: row.get(3)?,
                kept_at: row.get(4)?,
                replayed_lane: row.get(5)?,
                replayed_at: row.get(6)?,
                found_at: row.get(7)?,
            })
        })
        .and_then(Iterator::collect)
        .map_err(|e| fail(&e))
    }
}
