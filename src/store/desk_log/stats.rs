//! What a dashboard of a door kept in this file reads (`door watch`,
//! `door stats` on a single desk's log): every change to an event's door
//! — admitted, undone, conflict, exit, re-entry, forced — in one feed,
//! numbered in order, so that a refresh reads only what came after its
//! last number (`feed`), never the whole log.
//!
//! The feed is written by triggers on the tables the desk already writes
//! (admissions, their undo, conflicts, moves, forced), so every path that
//! records one — a single desk, a door's lanes in this file, a lane's
//! queue — feeds it in the same transaction, and none of them changed.

use rusqlite::OptionalExtension as _;
use rusqlite::params;

use super::SqliteDeskLog;
use crate::store::sqlite::{Cached, id_at, sql_id};
use crate::store::{Admission, Change, ChangeKind, Cursor, DoorRead, StoreError};

/// Version 6: the feed of every change to a door, and the lanes'
/// heartbeats (a door's lanes sharing this file write them as a lane of
/// PostgreSQL does). The changes kept before it are fed once, in order of
/// kind (admissions, undos, moves, conflicts, forced).
pub(super) const FEED: &str = "
CREATE TABLE feed (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    ticket_id INTEGER NOT NULL,
    number TEXT NOT NULL,
    lane TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX feed_by_event ON feed (event_id, seq);
CREATE TABLE heartbeats (
    event_id INTEGER NOT NULL,
    lane TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (event_id, lane)
);
INSERT INTO feed (event_id, kind, ticket_id, number, lane, at)
    SELECT event_id, 'admitted', ticket_id, number, desk, at FROM admissions ORDER BY seq;
INSERT INTO feed (event_id, kind, ticket_id, number, lane, at)
    SELECT event_id, 'undone', ticket_id, number, desk, at FROM admissions
    WHERE undone_at IS NOT NULL ORDER BY seq;
INSERT INTO feed (event_id, kind, ticket_id, number, lane, at)
    SELECT event_id, kind, ticket_id, '', lane, at FROM moves ORDER BY seq;
INSERT INTO feed (event_id, kind, ticket_id, number, lane, at)
    SELECT event_id, 'conflict', ticket_id, number, replayed_lane, replayed_at FROM conflicts;
INSERT INTO feed (event_id, kind, ticket_id, number, lane, at)
    SELECT a.event_id, 'forced', a.ticket_id, a.number, f.lane, f.at
    FROM forced f JOIN admissions a ON a.scan_id = f.scan_id;
CREATE TRIGGER feed_admitted AFTER INSERT ON admissions BEGIN
    INSERT INTO feed (event_id, kind, ticket_id, number, lane, at)
        VALUES (NEW.event_id, 'admitted', NEW.ticket_id, NEW.number, NEW.desk, NEW.at);
END;
CREATE TRIGGER feed_undone AFTER UPDATE OF undone_at ON admissions
    WHEN OLD.undone_at IS NULL AND NEW.undone_at IS NOT NULL BEGIN
    INSERT INTO feed (event_id, kind, ticket_id, number, lane, at)
        VALUES (NEW.event_id, 'undone', NEW.ticket_id, NEW.number, NEW.desk, NEW.at);
END;
CREATE TRIGGER feed_moved AFTER INSERT ON moves BEGIN
    INSERT INTO feed (event_id, kind, ticket_id, number, lane, at)
        VALUES (NEW.event_id, NEW.kind, NEW.ticket_id, '', NEW.lane, NEW.at);
END;
CREATE TRIGGER feed_conflict AFTER INSERT ON conflicts BEGIN
    INSERT INTO feed (event_id, kind, ticket_id, number, lane, at)
        VALUES (NEW.event_id, 'conflict', NEW.ticket_id, NEW.number, NEW.replayed_lane,
                NEW.replayed_at);
END;
CREATE TRIGGER feed_forced AFTER INSERT ON forced BEGIN
    INSERT INTO feed (event_id, kind, ticket_id, number, lane, at)
        SELECT a.event_id, 'forced', a.ticket_id, a.number, NEW.lane, NEW.at
        FROM admissions a WHERE a.scan_id = NEW.scan_id;
END;
";

/// One entry of the feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fed {
    Change(Change),
    /// An admission marked forced (its lane and time).
    Forced(Admission),
}

/// The feed of a door after a number, a page at a time.
pub(super) const FEED_AFTER: &str = "SELECT seq, kind, ticket_id, number, lane, at FROM feed
     WHERE event_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3";

impl SqliteDeskLog {
    /// The door of `event_id`'s changes after number `after` (0: from the
    /// start), at most `limit`, oldest first, and the number to ask with
    /// next.
    pub fn feed(
        &self,
        event_id: u64,
        after: u64,
        limit: usize,
    ) -> Result<(Vec<Fed>, u64), StoreError> {
        let fail = self.failing();
        let event = sql_id(event_id)?;
        let mut stmt = self.conn.prepare_cached(FEED_AFTER).map_err(|e| fail(&e))?;
        let rows: Vec<(u64, String, Admission)> = stmt
            .query_map(
                params![
                    event,
                    i64::try_from(after).unwrap_or(i64::MAX),
                    i64::try_from(limit).unwrap_or(i64::MAX)
                ],
                |row| {
                    Ok((
                        id_at(row, 0)?,
                        row.get(1)?,
                        Admission {
                            ticket_id: id_at(row, 2)?,
                            number: row.get(3)?,
                            event_id,
                            edition_id: None,
                            at: row.get(5)?,
                            desk: row.get(4)?,
                        },
                    ))
                },
            )
            .and_then(Iterator::collect)
            .map_err(|e| fail(&e))?;
        let next = rows.last().map_or(after, |r| r.0);
        let fed = rows
            .into_iter()
            .filter_map(|(seq, kind, admission)| {
                if kind == "forced" {
                    return Some(Fed::Forced(admission));
                }
                Some(Fed::Change(Change {
                    seq,
                    kind: ChangeKind::from_word(&kind)?,
                    admission,
                    scan: None,
                }))
            })
            .collect();
        Ok((fed, next))
    }

    /// `DeskLog::door_read`: the feed from `after.horizon` and the
    /// heartbeats.
    pub fn door_read(
        &self,
        event_id: u64,
        after: &Cursor,
        limit: usize,
    ) -> Result<DoorRead, StoreError> {
        let (fed, next) = self.feed(event_id, after.horizon, limit)?;
        let heartbeats = self.heartbeats(event_id)?;
        let capacity = self.capacity(event_id)?;
        let mut read = DoorRead {
            rows: fed.len() + heartbeats.len(),
            heartbeats,
            capacity,
            cursor: Cursor {
                horizon: next,
                seen: Vec::new(),
            },
            ..DoorRead::default()
        };
        for f in fed {
            match f {
                Fed::Change(c) => read.changes.push(c),
                Fed::Forced(_) => read.forced_new += 1,
            }
        }
        Ok(read)
    }

    /// The door's capacity (0: none).
    fn capacity(&self, event_id: u64) -> Result<u64, StoreError> {
        let event = super::sql_id(event_id)?;
        self.conn
            .row(
                "SELECT capacity FROM door_policy WHERE event_id = ?1",
                rusqlite::params![event],
                |r| r.get::<_, i64>(0),
            )
            .optional()
            .map(|c: Option<i64>| c.map_or(0, |c| u64::try_from(c).unwrap_or(0)))
            .map_err(|e| self.fail(&e))
    }

    /// A lane's heartbeat at the door of `event_id` (UTC text).
    pub fn heartbeat(&mut self, event_id: u64, lane: &str, at: &str) -> Result<(), StoreError> {
        let fail = self.failing();
        self.conn
            .run(
                "INSERT INTO heartbeats (event_id, lane, at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (event_id, lane) DO UPDATE SET at = excluded.at",
                params![sql_id(event_id)?, lane, at],
            )
            .map(drop)
            .map_err(|e| fail(&e))
    }

    /// The lanes' heartbeats at the door of `event_id`: (lane, UTC text).
    pub fn heartbeats(&self, event_id: u64) -> Result<Vec<(String, String)>, StoreError> {
        let fail = self.failing();
        let mut stmt = self
            .conn
            .prepare_cached("SELECT lane, at FROM heartbeats WHERE event_id = ?1 ORDER BY lane")
            .map_err(|e| fail(&e))?;
        stmt.query_map(params![sql_id(event_id)?], |r| Ok((r.get(0)?, r.get(1)?)))
            .and_then(Iterator::collect)
            .map_err(|e| fail(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::super::admission_of;
    use super::*;
    use crate::store::{DeskLog, ScanId};

    fn a(ticket: u64, lane: &str, at: &str) -> Admission {
        admission_of(ticket, lane, &format!("2026-11-27 {at}"))
    }

    /// Every desk log's connection (a file, in memory, a copy) plans a
    /// cursor read once: read again after other cursors and page sizes,
    /// its statement is never prepared again.
    #[test]
    fn a_read_after_a_cursor_is_planned_once_whatever_it_is_bound_to() {
        let dir = tempfile::tempdir().unwrap();
        let logs = [
            SqliteDeskLog::open(dir.path()).unwrap(),
            SqliteDeskLog::in_memory().unwrap(),
            SqliteDeskLog::in_memory().unwrap().copied().unwrap(),
        ];
        for mut log in logs {
            for t in 1..=5 {
                log.admit_at_door(&a(t, "d", "10:00:00"), ScanId::new(), false)
                    .unwrap();
                log.admit(&a(t + 10, "d", "10:00:01"), ScanId::new())
                    .unwrap();
            }
            for (after, limit) in [(0, 100), (1, 2), (3, 1), (0, 1000), (5, 7)] {
                let cursor = Cursor {
                    horizon: after,
                    seen: Vec::new(),
                };
                let (changes, _) = log.changes_at_door(7, &cursor, limit).unwrap();
                assert!(changes.len() <= limit);
                let (fed, _) = log.feed(7, after, limit).unwrap();
                assert!(fed.len() <= limit);
            }
            for sql in [super::super::door::HISTORY_AFTER, FEED_AFTER] {
                let stmt = log.conn.prepare_cached(sql).unwrap();
                assert_eq!(
                    stmt.get_status(rusqlite::StatementStatus::RePrepare),
                    0,
                    "{} prepared again",
                    log.path.display()
                );
            }
        }
    }

    #[test]
    fn every_way_a_desk_records_feeds_the_door_in_order_and_reads_on_from_a_number() {
        let mut log = SqliteDeskLog::in_memory().unwrap();
        log.admit(&a(1, "d", "10:00:00"), ScanId::new()).unwrap();
        log.admit_forced(&a(2, "d", "10:00:05"), ScanId::new())
            .unwrap();
        log.door_move(&a(1, "d", "10:01:00"), ChangeKind::Exit, ScanId::new())
            .unwrap();
        let (fed, next) = log.feed(7, 0, 100).unwrap();
        let kinds: Vec<String> = fed
            .iter()
            .map(|f| match f {
                Fed::Change(c) => c.kind.word().to_owned(),
                Fed::Forced(_) => "forced".into(),
            })
            .collect();
        assert_eq!(kinds, ["admitted", "admitted", "forced", "exit"]);
        // Read on: only what is new.
        log.undo_last(7, "d").unwrap();
        let (fed, after) = log.feed(7, next, 100).unwrap();
        assert_eq!(fed.len(), 1);
        assert!(
            matches!(&fed[0], Fed::Change(c) if c.kind == ChangeKind::Undone && c.admission.ticket_id == 2)
        );
        assert!(after > next);
        assert!(log.feed(7, after, 100).unwrap().0.is_empty());
        // Another event's door is not this one's.
        assert!(log.feed(8, 0, 100).unwrap().0.is_empty());
        log.heartbeat(7, "d", "2026-11-27 10:02:00").unwrap();
        log.heartbeat(7, "d", "2026-11-27 10:02:01").unwrap();
        assert_eq!(
            log.heartbeats(7).unwrap(),
            [("d".to_owned(), "2026-11-27 10:02:01".to_owned())]
        );
    }
}
