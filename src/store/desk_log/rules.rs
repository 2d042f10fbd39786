//! A door's rules in the desk log (version 4): its policy, the notes that
//! stop it, each ticket's exits and re-entries, the admissions forced
//! outside its hours. The same contract as PostgreSQL's (`pg/schema.rs`,
//! version 3), for a desk alone and for `SqliteDoor`'s lanes.
//!
//! A move (exit, re-entry) belongs to the admission it was made under
//! (`admission_scan`): an admission undone and made again starts inside.
//! A ticket is outside when its admission's latest move is an exit.

use crate::store::Moving;
use rusqlite::{OptionalExtension, Transaction, TransactionBehavior, params};

use super::{Kept, SqliteDeskLog, holder};
use crate::store::sqlite::{Cached, id_at, opt_id_at, sql_id};
use crate::store::{
    Admission, Change, ChangeKind, DoorDone, DoorOp, DoorState, KeptNote, KeptPolicy, Moved,
    Recorded, ScanId, StoreError,
};

/// Version 4: the history learns exits and re-entries (SQLite cannot widen
/// a CHECK: the table is built again, rows and numbers kept); moves,
/// forced admissions, the doors' policies and the notes.
pub(super) const RULES: &str = concat!(
    "
CREATE TABLE scans_v4 (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
",
    scan_columns!(),
    "    scan_id TEXT NOT NULL,
    verdict TEXT NOT NULL
        CHECK (verdict IN ('admitted', 'undone', 'conflict', 'exit', 'reentry'))
);
INSERT INTO scans_v4 (seq, event_id, ticket_id, number, edition_id, lane, at, scan_id, verdict)
    SELECT seq, event_id, ticket_id, number, edition_id, lane, at, scan_id, verdict FROM scans;
DROP TABLE scans;
ALTER TABLE scans_v4 RENAME TO scans;
CREATE INDEX scans_by_event ON scans (event_id, seq);
CREATE INDEX scans_by_scan ON scans (scan_id);
CREATE TABLE moves (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL,
    ticket_id INTEGER NOT NULL,
    admission_scan TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('exit', 'reentry')),
    lane TEXT NOT NULL,
    at TEXT NOT NULL,
    scan_id TEXT NOT NULL UNIQUE
);
CREATE INDEX moves_by_ticket ON moves (event_id, ticket_id, admission_scan, seq);
CREATE TABLE forced (
    scan_id TEXT PRIMARY KEY,
    lane TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE TABLE door_policy (
    event_id INTEGER PRIMARY KEY,
    editions TEXT NOT NULL,
    opens TEXT NOT NULL,
    opens_at TEXT NOT NULL,
    closes TEXT NOT NULL,
    closes_at TEXT NOT NULL,
    reentry INTEGER NOT NULL,
    timezone TEXT NOT NULL,
    set_by TEXT NOT NULL,
    set_at TEXT NOT NULL
);
CREATE TABLE notes (
    on_what TEXT NOT NULL CHECK (on_what IN ('ticket', 'customer')),
    id INTEGER NOT NULL,
    text TEXT NOT NULL,
    by TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (on_what, id)
);
"
);

/// Version 7: a door's capacity (0: none).
pub(super) const CAPACITY: &str = "
ALTER TABLE door_policy ADD COLUMN capacity INTEGER NOT NULL DEFAULT 0;
";

/// An admission's key for its moves (`super::ADMISSION_KEY`), of
/// `admissions a` in a join.
const ADMISSION_KEY_A: &str = "COALESCE(a.scan_id, 'seq:' || a.seq)";

fn db_error(e: &StoreError) -> rusqlite::Error {
    rusqlite::Error::ToSqlConversionFailure(Box::new(e.clone()))
}

impl SqliteDeskLog {
    /// A call about a door's rules (`DeskLog::door_move` and the others).
    pub fn door_op(&mut self, op: DoorOp) -> Result<DoorDone, StoreError> {
        match op {
            DoorOp::Move(moving) => self.move_at_door(moving).map(DoorDone::Moved),
            DoorOp::Forced { admission, scan } => self
                .forced_at_door(&admission, scan)
                .map(DoorDone::Recorded),
            DoorOp::Read { event_id } => self.door_state(event_id).map(DoorDone::State),
            DoorOp::SetPolicy { event_id, policy } => {
                self.keep_policy(event_id, &policy).map(|()| DoorDone::Set)
            }
            DoorOp::SetNote(note) => self.keep_note(&note).map(|()| DoorDone::Set),
        }
    }

    /// An exit (from inside) or a re-entry (from outside), one at a time
    /// per ticket; a scan id already recorded is answered as the first time.
    fn move_at_door(&mut self, moving: Moving) -> Result<Moved, StoreError> {
        let kind = moving.kind;
        let (stored, word, scan) = moving.into_row()?;
        let (event, ticket) = (sql_id(stored.event_id)?, sql_id(stored.ticket_id)?);
        let scan = scan.to_string();
        self.in_transaction(TransactionBehavior::Immediate, |tx| {
            let again = tx
                .row(
                    "SELECT lane, at FROM moves WHERE scan_id = ?1",
                    params![scan],
                    |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)),
                )
                .optional()?;
            let held = holder(tx, event, ticket)?;
            let Some((held, key)) = held else {
                return Ok(Moved::Refused(None));
            };
            if let Some((lane, at)) = again {
                return Ok(Moved::Done(Admission {
                    desk: lane,
                    at,
                    ..held
                }));
            }
            let latest = latest_move(tx, event, ticket, &key)?;
            let outside = latest.as_ref().is_some_and(|(k, _)| *k == ChangeKind::Exit);
            if outside != (kind == ChangeKind::Reentry) {
                return Ok(Moved::Refused(latest));
            }
            tx.run(
                "INSERT INTO moves (event_id, ticket_id, admission_scan, kind, lane, at, scan_id)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![event, ticket, key, word, stored.desk, stored.at, scan],
            )?;
            let moved = Admission {
                desk: stored.desk.clone(),
                at: stored.at.clone(),
                ..held
            };
            super::door::history(tx, &moved, &scan, word)?;
            Ok(Moved::Done(moved))
        })
    }

    /// An admission forced outside the door's hours: admitted as any scan
    /// (a door's log: as its lanes'), and marked forced by its lane in the
    /// same transaction — a crash never keeps it unmarked.
    fn forced_at_door(&mut self, a: &Admission, scan: ScanId) -> Result<Recorded, StoreError> {
        let door: bool = self
            .conn
            .row("SELECT EXISTS (SELECT 1 FROM scans)", [], |r| r.get(0))
            .map_err(|e| self.fail(&e))?;
        if door {
            self.admit_kept(a, scan, Kept::Door { replay: false }, Some(&a.desk))
        } else {
            self.admit_kept(a, scan, Kept::Desk { queued: None }, Some(&a.desk))
        }
    }

    /// Whether the admission made by scan `scan` was forced, and by whom.
    pub fn forced_by(&self, scan: ScanId) -> Result<Option<String>, StoreError> {
        self.conn
            .row(
                "SELECT lane FROM forced WHERE scan_id = ?1",
                params![scan.to_string()],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.fail(&e))
    }

    /// The door of `event_id`: its policy, every note, who is outside.
    pub(super) fn door_state(&self, event_id: u64) -> Result<DoorState, StoreError> {
        let event = sql_id(event_id)?;
        let run = || -> rusqlite::Result<DoorState> {
            let policy = self
                .conn
                .row(
                    "SELECT editions, opens, opens_at, closes, closes_at, reentry, timezone,
                            set_by, set_at, capacity
                     FROM door_policy WHERE event_id = ?1",
                    params![event],
                    |r| {
                        Ok(KeptPolicy {
                            editions: r.get(0)?,
                            opens: r.get(1)?,
                            opens_at: r.get(2)?,
                            closes: r.get(3)?,
                            closes_at: r.get(4)?,
                            reentry: r.get::<_, i64>(5)? != 0,
                            timezone: r.get(6)?,
                            set_by: r.get(7)?,
                            set_at: r.get(8)?,
                            capacity: u64::try_from(r.get::<_, i64>(9)?).unwrap_or(0),
                        })
                    },
                )
                .optional()?;
            let mut stmt = self
                .conn
                .prepare_cached("SELECT on_what, id, text, by, at FROM notes ORDER BY at, id")?;
            let notes = stmt
                .query_map([], |r| {
                    Ok(KeptNote {
                        on: r.get(0)?,
                        id: id_at(r, 1)?,
                        text: r.get(2)?,
                        by: r.get(3)?,
                        at: r.get(4)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let mut stmt = self.conn.prepare_cached(&format!(
                "SELECT m.seq, m.ticket_id, a.number, a.edition_id, m.at, m.lane, m.kind
                 FROM moves m JOIN admissions a
                   ON a.event_id = m.event_id AND a.ticket_id = m.ticket_id
                  AND a.undone_at IS NULL AND {ADMISSION_KEY_A} = m.admission_scan
                 WHERE m.event_id = ?1
                   AND NOT EXISTS (SELECT 1 FROM moves l
                                   WHERE l.event_id = m.event_id AND l.ticket_id = m.ticket_id
                                     AND l.admission_scan = m.admission_scan AND l.seq > m.seq)
                 ORDER BY m.seq"
            ))?;
            let moves = stmt
                .query_map(params![event], |r| {
                    Ok(Change {
                        seq: id_at(r, 0)?,
                        kind: ChangeKind::of_move(&r.get::<_, String>(6)?),
                        admission: Admission {
                            ticket_id: id_at(r, 1)?,
                            number: r.get(2)?,
                            event_id,
                            edition_id: opt_id_at(r, 3)?,
                            at: r.get(4)?,
                            desk: r.get(5)?,
                        },
                        scan: None,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(DoorState {
                policy,
                notes,
                moves,
            })
        };
        run().map_err(|e| self.fail(&e))
    }

    fn keep_policy(&mut self, event_id: u64, p: &KeptPolicy) -> Result<(), StoreError> {
        let event = sql_id(event_id)?;
        self.conn
            .run(
                "INSERT OR REPLACE INTO door_policy (event_id, editions, opens, opens_at, closes,
                     closes_at, reentry, timezone, set_by, set_at, capacity)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![
                    event,
                    p.editions,
                    p.opens,
                    p.opens_at,
                    p.closes,
                    p.closes_at,
                    i64::from(p.reentry),
                    p.timezone,
                    p.set_by,
                    p.set_at,
                    i64::try_from(p.capacity).unwrap_or(i64::MAX)
                ],
            )
            .map(drop)
            .map_err(|e| self.fail(&e))
    }

    fn keep_note(&mut self, n: &KeptNote) -> Result<(), StoreError> {
        let id = sql_id(n.id)?;
        let sql = if n.text.trim().is_empty() {
            "DELETE FROM notes WHERE on_what = ?1 AND id = ?2 AND ?3 = ?3 AND ?4 = ?4 AND ?5 = ?5"
        } else {
            "INSERT OR REPLACE INTO notes (on_what, id, text, by, at) VALUES (?1, ?2, ?3, ?4, ?5)"
        };
        self.conn
            .run(sql, params![n.on, id, n.text.trim(), n.by, n.at])
            .map(drop)
            .map_err(|e| self.fail(&e))
    }
}

/// The latest move of the admission keyed `key`: its kind and when and
/// where.
fn latest_move(
    tx: &Transaction<'_>,
    event: i64,
    ticket: i64,
    key: &str,
) -> rusqlite::Result<Option<(ChangeKind, Admission)>> {
    tx.row(
        &format!(
            "SELECT m.kind, a.ticket_id, a.number, a.event_id, a.edition_id, m.at, m.lane
             FROM moves m
             JOIN admissions a ON a.event_id = m.event_id AND a.ticket_id = m.ticket_id
                              AND a.undone_at IS NULL AND {ADMISSION_KEY_A} = m.admission_scan
             WHERE m.event_id = ?1 AND m.ticket_id = ?2 AND m.admission_scan = ?3
             ORDER BY m.seq DESC LIMIT 1"
        ),
        params![event, ticket, key],
        |row| {
            let word: String = row.get(0)?;
            let kind = ChangeKind::from_word(&word)
                .ok_or_else(|| db_error(&StoreError::UnknownMove(word.clone())))?;
            let a = Admission {
                ticket_id: id_at(row, 1)?,
                number: row.get(2)?,
                event_id: id_at(row, 3)?,
                edition_id: opt_id_at(row, 4)?,
                at: row.get(5)?,
                desk: row.get(6)?,
            };
            Ok((kind, a))
        },
    )
    .optional()
}

#[cfg(test)]
mod tests {
    use super::super::admission_of as a;
    use super::*;
    use crate::store::DeskLog;

    #[test]
    fn a_ticket_moves_only_from_where_it_is_and_an_undo_starts_it_inside() {
        let mut log = SqliteDeskLog::in_memory().unwrap();
        let exit = |log: &mut SqliteDeskLog, at: &str, scan| {
            log.door_move(&a(1, "exit-1", at), ChangeKind::Exit, scan)
                .unwrap()
        };
        // Never admitted: nothing to leave.
        assert_eq!(exit(&mut log, "10:00", ScanId::new()), Moved::Refused(None));
        log.admit(&a(1, "lane-1", "09:00"), ScanId::new()).unwrap();
        let out = ScanId::new();
        assert!(matches!(exit(&mut log, "10:01", out), Moved::Done(m) if m.desk == "exit-1"));
        // The same scan again is answered as the first time; another exit
        // is refused naming the first.
        assert!(matches!(exit(&mut log, "10:09", out), Moved::Done(m) if m.at == "10:01"));
        match exit(&mut log, "10:02", ScanId::new()) {
            Moved::Refused(Some((ChangeKind::Exit, m))) => assert_eq!(m.at, "10:01"),
            other => panic!("{other:?}"),
        }
        let state = log.door(7).unwrap();
        assert_eq!(state.moves.len(), 1);
        assert_eq!(state.moves[0].admission.desk, "exit-1");
        // Back in; a second re-entry is refused.
        let back = log
            .door_move(&a(1, "lane-2", "10:05"), ChangeKind::Reentry, ScanId::new())
            .unwrap();
        assert!(matches!(back, Moved::Done(_)));
        let moves = log.door(7).unwrap().moves;
        assert_eq!(moves.len(), 1, "its latest move: the re-entry");
        assert_eq!(
            (moves[0].kind, moves[0].admission.desk.as_str()),
            (ChangeKind::Reentry, "lane-2")
        );
        let again = log
            .door_move(&a(1, "lane-2", "10:06"), ChangeKind::Reentry, ScanId::new())
            .unwrap();
        assert!(matches!(
            again,
            Moved::Refused(Some((ChangeKind::Reentry, _)))
        ));
        // Out again, then the admission undone and made again: inside.
        assert!(matches!(
            exit(&mut log, "10:07", ScanId::new()),
            Moved::Done(_)
        ));
        log.undo(7, "lane-1", 1).unwrap();
        log.admit(&a(1, "lane-1", "10:08"), ScanId::new()).unwrap();
        assert!(log.door(7).unwrap().moves.is_empty());
        assert!(matches!(
            exit(&mut log, "10:09", ScanId::new()),
            Moved::Done(_)
        ));
    }

    #[test]
    fn a_policy_and_notes_are_kept_replaced_and_cleared() {
        let mut log = SqliteDeskLog::in_memory().unwrap();
        assert_eq!(log.door(7).unwrap(), DoorState::default());
        let mut p = KeptPolicy {
            editions: "all".into(),
            opens: "09:00".into(),
            opens_at: "2026-12-01 08:00:00".into(),
            reentry: true,
            set_by: "lane-1".into(),
            ..KeptPolicy::default()
        };
        log.set_policy(7, &p).unwrap();
        p.reentry = false;
        log.set_policy(7, &p).unwrap();
        assert_eq!(log.door(7).unwrap().policy, Some(p));
        assert_eq!(log.door(8).unwrap().policy, None);
        let note = |on: &str, id, text: &str| KeptNote {
            on: on.into(),
            id,
            text: text.into(),
            by: "lane-1".into(),
            at: "2026-12-01 09:00:00".into(),
        };
        log.set_note(&note("ticket", 1, "wheelchair: gate B"))
            .unwrap();
        log.set_note(&note("customer", 1, "VIP")).unwrap();
        log.set_note(&note("ticket", 1, "  gate C ")).unwrap();
        let texts: Vec<String> = log
            .door(7)
            .unwrap()
            .notes
            .into_iter()
            .map(|n| n.text)
            .collect();
        assert_eq!(texts, ["VIP", "gate C"]);
        log.set_note(&note("ticket", 1, "")).unwrap();
        assert_eq!(log.door(7).unwrap().notes.len(), 1);
        assert!(log.set_note(&note("order", 1, "x")).is_err());
    }

    #[test]
    fn version_4_keeps_a_doors_history_and_its_numbers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(SqliteDeskLog::FILE);
        let conn = rusqlite::Connection::open(&path).unwrap();
        let v3 = [
            super::super::SCHEMA,
            super::super::SCAN_IDS,
            super::super::door::DOOR,
        ];
        crate::store::sqlite::migrate(&conn, &v3, &path).unwrap();
        conn.execute_batch(
            "INSERT INTO scans (event_id, ticket_id, number, lane, at, scan_id, verdict)
             VALUES (7, 1, 'TK-1', 'lane-1', '09:00', 's1', 'admitted'),
                    (7, 1, 'TK-1', 'lane-1', '09:01', 's1', 'undone');",
        )
        .unwrap();
        drop(conn);
        let mut log = SqliteDeskLog::open(dir.path()).unwrap();
        let (changes, _) = log
            .changes_at_door(7, &crate::store::Cursor::default(), 10)
            .unwrap();
        let kinds: Vec<(u64, ChangeKind)> = changes.iter().map(|c| (c.seq, c.kind)).collect();
        assert_eq!(kinds, [(1, ChangeKind::Admitted), (2, ChangeKind::Undone)]);
        // The next change is numbered after them, and an exit is history.
        log.admit_at_door(&a(2, "lane-1", "09:02"), ScanId::new(), false)
            .unwrap();
        log.door_move(&a(2, "exit-1", "09:03"), ChangeKind::Exit, ScanId::new())
            .unwrap();
        let (changes, _) = log
            .changes_at_door(7, &crate::store::Cursor::default(), 10)
            .unwrap();
        let kinds: Vec<(u64, ChangeKind)> = changes.iter().map(|c| (c.seq, c.kind)).collect();
        assert_eq!(
            kinds[2..],
            [(3, ChangeKind::Admitted), (4, ChangeKind::Exit)]
        );
    }

    #[test]
    fn a_forced_admission_names_its_lane() {
        let mut log = SqliteDeskLog::in_memory().unwrap();
        let scan = ScanId::new();
        let made = log.admit_forced(&a(3, "lane-1", "07:00"), scan).unwrap();
        assert!(matches!(made, Recorded::Admitted(_)));
        assert_eq!(log.forced_by(scan).unwrap().as_deref(), Some("lane-1"));
        // A forced scan that found the ticket admitted marks nothing.
        let late = ScanId::new();
        let lost = log.admit_forced(&a(3, "lane-2", "07:01"), late).unwrap();
        assert!(matches!(lost, Recorded::AlreadyAdmitted(_)));
        assert_eq!(log.forced_by(late).unwrap(), None);
    }
    /// The rule: an admission forced is kept with its mark or not at all —
    /// at a lane's own log and at a door's, whatever came before it, and
    /// when the mark fails (a crash between the two: the mark's insert
    /// made to fail) nothing of the scan is kept.
    #[test]
    fn a_forced_admission_is_never_kept_unmarked() {
        use proptest::prelude::*;
        let scans =
            prop::collection::vec((0u64..4, 0usize..3, any::<bool>(), any::<bool>()), 1..12);
        proptest!(ProptestConfig::with_cases(64), |(door in any::<bool>(), scans in scans)| {
            let mut log = SqliteDeskLog::in_memory().unwrap();
            if door {
                // A door's log (it holds scans): the lanes' path.
                log.admit_at_door(&a(99, "lane-0", "06:00"), ScanId::new(), false).unwrap();
            }
            for (i, (ticket, lane, forced, crash)) in scans.into_iter().enumerate() {
                let lane = format!("lane-{lane}");
                let at = format!("07:{i:02}");
                log.conn
                    .execute_batch(if crash && forced {
                        "CREATE TRIGGER IF NOT EXISTS crash BEFORE INSERT ON forced
                         BEGIN SELECT RAISE(ABORT, 'crash'); END;"
                    } else {
                        "DROP TRIGGER IF EXISTS crash;"
                    })
                    .unwrap();
                let scan = ScanId::new();
                let before = log.lookup(7, ticket).unwrap();
                let made = if forced {
                    log.admit_forced(&a(ticket, &lane, &at), scan)
                } else {
                    log.admit(&a(ticket, &lane, &at), scan)
                };
                let kept: bool = log
                    .conn
                    .row(
                        "SELECT EXISTS (SELECT 1 FROM admissions WHERE scan_id = ?1)",
                        params![scan.to_string()],
                        |r| r.get(0),
                    )
                    .unwrap();
                let marked = log.forced_by(scan).unwrap();
                if forced && crash {
                    // The mark failed: the scan kept nothing.
                    prop_assert!(!kept && marked.is_none(), "kept {kept} marked {marked:?} {made:?}");
                    prop_assert_eq!(log.lookup(7, ticket).unwrap(), before);
                } else {
                    let admitted = matches!(made.unwrap(), Recorded::Admitted(_));
                    prop_assert_eq!(kept, admitted);
                    prop_assert_eq!(marked, (forced && admitted).then_some(lane));
                }
            }
        });
    }
}
