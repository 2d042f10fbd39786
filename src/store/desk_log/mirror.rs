//! A lane's mirror of the shared log, in its own file (version 5): every
//! admission it has read there (ticket, lane, time, scan id), per event,
//! with the cursor it has read up to and when; so a lane cut off — a desk,
//! or an `admit` that is a new process each scan — still knows what the
//! other lanes admitted before. Also what the lane remembers of the log
//! itself: when it last failed to reach it (a lane tries a log that failed
//! moments ago with a short deadline), and the verdicts it gave that admitted
//! nothing, while cut off, for the shared history.
//!
//! The mirror applies the log's changes by their kind (`apply`): an
//! admission is the ticket's (the log's latest word), an undo removes the
//! admission it undid, a conflict leaves the admission the log keeps. A
//! change of this lane's own queued scan, read back, marks it sent.

use rusqlite::{OptionalExtension, Transaction, TransactionBehavior, params};

use super::{SqliteDeskLog, admission, ids_of};
use crate::clock;
use crate::store::sqlite::{Cached, id_at, sql_id};
use crate::store::{Admission, Change, ChangeKind, Cursor, KeptDoor, ScanId, StoreError};

/// Version 5: the mirror, how far it is read, the log's last failure, and
/// the verdicts kept for the shared history while cut off.
pub(super) const MIRROR: &str = concat!(
    "
CREATE TABLE mirror (
",
    scan_columns!(),
    "    scan_id TEXT,
    seq INTEGER NOT NULL,
    PRIMARY KEY (event_id, ticket_id)
);
CREATE TABLE mirror_reads (
    event_id INTEGER PRIMARY KEY,
    horizon INTEGER NOT NULL,
    seen TEXT NOT NULL,
    last INTEGER NOT NULL,
    read_at TEXT NOT NULL
);
CREATE TABLE lane_reach (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    failed_unix INTEGER NOT NULL
);
"
);

/// Version 9: the lane's smoothed round trip to the shared log, in
/// microseconds (the next process sizes its deadlines from it).
pub(super) const LINK: &str = "
CREATE TABLE lane_link (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    srtt_us INTEGER NOT NULL
);
";

/// Version 10: the door of each event as a one-shot lane last had it from
/// the shared log (its policy and notes, as JSON, with the log's stamp of
/// them): the next `admit` judges from it (docs/lanes.md, "Round trips").
pub(super) const DOOR_KEPT: &str = "
CREATE TABLE door_kept (
    event_id INTEGER PRIMARY KEY,
    door TEXT NOT NULL
);
";

/// How far a lane's mirror of one event is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MirrorRead {
    pub cursor: Cursor,
    /// The largest change number applied.
    pub last: u64,
    /// When the lane last read the log (UTC, "YYYY-MM-DD HH:MM:SS").
    pub read_at: String,
}

fn seen_text(seen: &[(u64, u64)]) -> String {
    seen.iter()
        .map(|(tx, seq)| format!("{tx}:{seq}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn seen_of(text: &str) -> Vec<(u64, u64)> {
    text.split_whitespace()
        .filter_map(|pair| {
            let (tx, seq) = pair.split_once(':')?;
            Some((tx.parse().ok()?, seq.parse().ok()?))
        })
        .collect()
}

/// The mirror's admission of a ticket replaced by `a` (scan `scan`, change
/// `seq`).
fn put(
    tx: &Transaction<'_>,
    a: &Admission,
    scan: Option<ScanId>,
    seq: u64,
) -> rusqlite::Result<()> {
    let (event, ticket, edition) = ids_of(a);
    let (scan, seq) = (
        scan.map(|s| s.to_string()),
        i64::try_from(seq).unwrap_or(i64::MAX),
    );
    tx.run(
        "INSERT OR REPLACE INTO mirror
             (event_id, ticket_id, number, edition_id, lane, at, scan_id, seq)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![event, ticket, a.number, edition, a.desk, a.at, scan, seq],
    )
    .map(drop)
}

/// The mirror's admission of `a`'s ticket removed, if it is `a`'s lane's.
fn remove(tx: &Transaction<'_>, a: &Admission) -> rusqlite::Result<()> {
    tx.run(
        "DELETE FROM mirror WHERE event_id = ?1 AND ticket_id = ?2 AND lane = ?3",
        params![
            i64::try_from(a.event_id).unwrap_or(i64::MAX),
            i64::try_from(a.ticket_id).unwrap_or(i64::MAX),
            a.desk
        ],
    )
    .map(drop)
}

fn save_read(tx: &Transaction<'_>, event: i64, cursor: &Cursor, last: u64) -> rusqlite::Result<()> {
    tx.run(
        "INSERT INTO mirror_reads (event_id, horizon, seen, last, read_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (event_id) DO UPDATE SET horizon = excluded.horizon,
             seen = excluded.seen, last = max(last, excluded.last), read_at = excluded.read_at",
        params![
            event,
            i64::try_from(cursor.horizon).unwrap_or(i64::MAX),
            seen_text(&cursor.seen),
            i64::try_from(last).unwrap_or(i64::MAX),
            clock::now_utc(None)
        ],
    )
    .map(drop)
}

/// This lane's queued scan `scan` reached the log (read back there).
fn sent(tx: &Transaction<'_>, scan: ScanId) -> rusqlite::Result<()> {
    tx.run(
        "UPDATE admissions SET queued = 0 WHERE scan_id = ?1 AND queued = 1",
        params![scan.to_string()],
    )
    .map(drop)
}

impl SqliteDeskLog {
    /// How far the mirror of `event_id` is read (None: never).
    pub fn mirror_read(&self, event_id: u64) -> Result<Option<MirrorRead>, StoreError> {
        let fail = self.failing();
        self.conn
            .row(
                "SELECT horizon, seen, last, read_at FROM mirror_reads WHERE event_id = ?1",
                params![sql_id(event_id)?],
                |row| {
                    Ok(MirrorRead {
                        cursor: Cursor {
                            horizon: id_at(row, 0)?,
                            seen: seen_of(&row.get::<_, String>(1)?),
                        },
                        last: id_at(row, 2)?,
                        read_at: row.get(3)?,
                    })
                },
            )
            .optional()
            .map_err(|e| fail(&e))
    }

    /// The mirror of `event_id` as the log's admissions are now (`admitted`,
    /// read after `cursor` was taken; `last`: the log's last change number),
    /// replacing what it held: a lane's first read of an event.
    pub fn mirror_load(
        &mut self,
        event_id: u64,
        admitted: &[Admission],
        cursor: &Cursor,
        last: u64,
    ) -> Result<(), StoreError> {
        let event = sql_id(event_id)?;
        self.in_transaction(TransactionBehavior::Deferred, |tx| {
            tx.run("DELETE FROM mirror WHERE event_id = ?1", params![event])?;
            for a in admitted {
                put(tx, a, None, 0)?;
            }
            save_read(tx, event, cursor, last)
        })
    }

    /// Applies `changes` of `event_id`, read from the cursor the mirror
    /// keeps, and keeps `next`: one transaction. Returns the largest change
    /// number applied so far.
    pub fn mirror_apply(
        &mut self,
        event_id: u64,
        changes: &[Change],
        next: &Cursor,
    ) -> Result<u64, StoreError> {
        let event = sql_id(event_id)?;
        self.in_transaction(TransactionBehavior::Deferred, |tx| {
            let mut last: u64 = tx
                .row(
                    "SELECT last FROM mirror_reads WHERE event_id = ?1",
                    params![event],
                    |r| id_at(r, 0),
                )
                .optional()?
                .unwrap_or(0);
            for change in changes {
                let a = &change.admission;
                match change.kind {
                    ChangeKind::Admitted => put(tx, a, change.scan, change.seq)?,
                    // Only the admission it undid (an undo of a conflict's
                    // other side leaves the one the log keeps).
                    ChangeKind::Undone => remove(tx, a)?,
                    // The log keeps the admission it had; an exit or a
                    // re-entry moves the guest, not who admitted them.
                    ChangeKind::Conflict | ChangeKind::Exit | ChangeKind::Reentry => {}
                }
                if matches!(change.kind, ChangeKind::Admitted | ChangeKind::Conflict)
                    && let Some(scan) = change.scan
                {
                    sent(tx, scan)?;
                }
                last = last.max(change.seq);
            }
            save_read(tx, event, next, last)?;
            Ok(last)
        })
    }

    /// An undo the log answered, in the mirror at once: `undone` goes,
    /// `kept` (another lane's side of a conflict) holds the ticket.
    pub fn mirror_undone(
        &mut self,
        undone: &Admission,
        kept: Option<&Admission>,
    ) -> Result<(), StoreError> {
        self.in_transaction(TransactionBehavior::Deferred, |tx| {
            // The log's answer is who holds the ticket now (`kept`, or
            // nobody), whatever the mirror read before: an undo at another
            // lane this one has not read yet is in it too.
            let (event, ticket, _) = ids_of(undone);
            tx.run(
                "DELETE FROM mirror WHERE event_id = ?1 AND ticket_id = ?2",
                params![event, ticket],
            )?;
            if let Some(kept) = kept {
                put(tx, kept, None, 0)?;
            }
            Ok(())
        })
    }

    /// The mirror's admission of `ticket_id` at `event_id`.
    pub fn mirror_lookup(
        &self,
        event_id: u64,
        ticket_id: u64,
    ) -> Result<Option<Admission>, StoreError> {
        let fail = self.failing();
        self.conn
            .row(
                "SELECT ticket_id, number, event_id, edition_id, at, lane FROM mirror
                 WHERE event_id = ?1 AND ticket_id = ?2",
                params![sql_id(event_id)?, sql_id(ticket_id)?],
                admission,
            )
            .optional()
            .map_err(|e| fail(&e))
    }

    /// The mirror's admissions at `event_id`, oldest first.
    pub fn mirror_admitted(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        let fail = self.failing();
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT ticket_id, number, event_id, edition_id, at, lane FROM mirror
                 WHERE event_id = ?1 ORDER BY at, ticket_id",
            )
            .map_err(|e| fail(&e))?;
        stmt.query_map(params![sql_id(event_id)?], admission)
            .and_then(Iterator::collect)
            .map_err(|e| fail(&e))
    }

    /// When this lane last failed to reach the shared log (seconds since
    /// 1970), if it has not reached it since.
    pub fn failed_at(&self) -> Result<Option<u64>, StoreError> {
        let fail = self.failing();
        self.conn
            .row("SELECT failed_unix FROM lane_reach", [], |r| id_at(r, 0))
            .optional()
            .map_err(|e| fail(&e))
    }

    /// The lane's smoothed round trip to the shared log, as last kept.
    pub fn link_rtt(&self) -> Result<Option<std::time::Duration>, StoreError> {
        let fail = self.failing();
        self.conn
            .row("SELECT srtt_us FROM lane_link", [], |r| id_at(r, 0))
            .optional()
            .map(|us| us.map(std::time::Duration::from_micros))
            .map_err(|e| fail(&e))
    }

    /// Keeps the lane's smoothed round trip to the shared log.
    pub fn set_link_rtt(&mut self, rtt: std::time::Duration) -> Result<(), StoreError> {
        let fail = self.failing();
        let us = i64::try_from(rtt.as_micros()).unwrap_or(i64::MAX);
        self.conn
            .run(
                "INSERT OR REPLACE INTO lane_link (one, srtt_us) VALUES (1, ?1)",
                params![us],
            )
            .map(drop)
            .map_err(|e| fail(&e))
    }

    /// The door of `event_id` as the shared log last told it to a
    /// one-shot lane here (None: never, or kept by another build).
    pub fn kept_door(&self, event_id: u64) -> Result<Option<KeptDoor>, StoreError> {
        let fail = self.failing();
        let text: Option<String> = self
            .conn
            .row(
                "SELECT door FROM door_kept WHERE event_id = ?1",
                params![sql_id(event_id)?],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| fail(&e))?;
        Ok(text.and_then(|t| serde_json::from_str(&t).ok()))
    }

    /// Keeps `door` as the door of `event_id` (`kept_door`).
    pub fn keep_door(&mut self, event_id: u64, door: &KeptDoor) -> Result<(), StoreError> {
        let fail = self.failing();
        let text = serde_json::to_string(door)
            .map_err(|e| StoreError::at(crate::store::Part::DeskLog, self.path.display(), e))?;
        self.conn
            .run(
                "INSERT OR REPLACE INTO door_kept (event_id, door) VALUES (?1, ?2)",
                params![sql_id(event_id)?, text],
            )
            .map(drop)
            .map_err(|e| fail(&e))
    }

    /// Remembers that the shared log failed at `unix` (None: it answered).
    pub fn set_failed_at(&mut self, unix: Option<u64>) -> Result<(), StoreError> {
        let fail = self.failing();
        let done = match unix {
            Some(t) => self.conn.run(
                "INSERT OR REPLACE INTO lane_reach (one, failed_unix) VALUES (1, ?1)",
                params![i64::try_from(t).unwrap_or(i64::MAX)],
            ),
            None => self.conn.run("DELETE FROM lane_reach", []),
        };
        done.map(drop).map_err(|e| fail(&e))
    }

    /// Scans `scans` reached the shared log: no longer queued (one
    /// transaction).
    pub fn replayed_all(&mut self, scans: &[ScanId]) -> Result<(), StoreError> {
        self.in_transaction(TransactionBehavior::Deferred, |tx| {
            scans.iter().try_for_each(|scan| sent(tx, *scan))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::admission_of;
    use super::*;

    fn a(ticket: u64, lane: &str) -> Admission {
        admission_of(ticket, lane, &format!("2026-12-01 19:00:{ticket:02}"))
    }

    fn change(seq: u64, kind: ChangeKind, admission: Admission, scan: Option<ScanId>) -> Change {
        Change {
            seq,
            kind,
            admission,
            scan,
        }
    }

    #[test]
    fn a_queued_scan_read_back_from_the_log_is_sent_and_the_mirror_follows_the_log() {
        let mut log = SqliteDeskLog::in_memory().unwrap();
        let (mine, lost) = (ScanId::new(), ScanId::new());
        log.admit_queued(&a(1, "lane 1"), mine).unwrap();
        log.admit_queued(&a(2, "lane 1"), lost).unwrap();
        assert_eq!(log.queued_count().unwrap(), 2);
        let cursor = Cursor {
            horizon: 5,
            seen: vec![(5, 3)],
        };
        let applied = log
            .mirror_apply(
                7,
                &[
                    change(1, ChangeKind::Admitted, a(1, "lane 1"), Some(mine)),
                    change(2, ChangeKind::Admitted, a(2, "lane 2"), None),
                    change(3, ChangeKind::Conflict, a(2, "lane 1"), Some(lost)),
                    change(4, ChangeKind::Admitted, a(3, "lane 2"), None),
                    change(5, ChangeKind::Undone, a(3, "lane 2"), None),
                ],
                &cursor,
            )
            .unwrap();
        assert_eq!(applied, 5);
        // Both queued scans were recorded by the log: neither is queued.
        assert_eq!(log.queued_count().unwrap(), 0);
        // The mirror holds what the log holds: the conflict leaves lane 2's,
        // the undo took ticket 3 back.
        assert_eq!(log.mirror_lookup(7, 2).unwrap().unwrap().desk, "lane 2");
        assert_eq!(log.mirror_lookup(7, 1).unwrap().unwrap().desk, "lane 1");
        assert_eq!(log.mirror_lookup(7, 3).unwrap(), None);
        let read = log.mirror_read(7).unwrap().unwrap();
        assert_eq!((read.cursor, read.last), (cursor, 5));
    }
}
