//! A lane's queue is bound to the shared log it was made for: each queued
//! admission keeps the log's address (redacted) and, when the lane knew
//! it, the log's identity (a random id the log keeps in its schema, read
//! at each connection). A lane sends only what is bound to the log it
//! reaches: a queue made for one database is never sent into another, even
//! one given the same address later (a log made again has a new identity).

use rusqlite::{OptionalExtension, params};

use super::{Kept, Queued, SqliteDeskLog};
use crate::store::sqlite::Cached;
use crate::store::{Admission, Recorded, ScanId, StoreError};

/// Version 8: what each queued admission is bound to, and the identity
/// each address of a shared log last answered with.
pub(super) const BOUND: &str = "
ALTER TABLE admissions ADD COLUMN log_addr TEXT;
ALTER TABLE admissions ADD COLUMN log_id TEXT;
CREATE TABLE shared_logs (
    addr TEXT PRIMARY KEY,
    log_id TEXT NOT NULL
);
";

/// The shared log a queued admission is for: its address (redacted; empty:
/// any) and its identity (None: not known when it was queued — the lane
/// had never reached that address; it goes to the log first reached there).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bound {
    pub addr: String,
    pub id: Option<String>,
}

/// The queued admissions a lane of the log `?1` (its identity) at `?2`
/// (its address) may send: bound to that identity, or to that address
/// with no identity, or (queued before queues were bound) to no log.
const FOR_LOG: &str = "queued = 1 AND undone_at IS NULL
     AND (log_id = ?1 OR (log_id IS NULL AND (log_addr IS NULL OR log_addr = ?2)))";

impl SqliteDeskLog {
    /// `admit`, queued for the shared log `to` (a lane cut off from it).
    pub fn admit_queued_for(
        &mut self,
        a: &Admission,
        scan: ScanId,
        to: &Bound,
    ) -> Result<Recorded, StoreError> {
        self.admit_kept(a, scan, Kept::Desk { queued: Some(to) }, None)
    }

    /// The admissions queued for the log `to`, oldest first.
    pub fn queued_for(&self, to: &Bound) -> Result<Vec<Queued>, StoreError> {
        self.queued_where(FOR_LOG, params![to.id, to.addr])
    }

    /// How many admissions are queued for the log `to`.
    pub fn queued_count_for(&self, to: &Bound) -> Result<usize, StoreError> {
        self.conn
            .row(
                &format!("SELECT COUNT(*) FROM admissions WHERE {FOR_LOG}"),
                params![to.id, to.addr],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| usize::try_from(n).unwrap_or(0))
            .map_err(|e| self.fail(&e))
    }

    /// Every queued admission counted by the log it is bound to (its
    /// address; empty: none), addresses in order.
    pub fn queued_by_log(&self) -> Result<Vec<(String, usize)>, StoreError> {
        let run = || -> rusqlite::Result<Vec<(String, usize)>> {
            let mut stmt = self.conn.prepare_cached(
                "SELECT COALESCE(log_addr, ''), COUNT(*) FROM admissions
                 WHERE queued = 1 AND undone_at IS NULL GROUP BY 1 ORDER BY 1",
            )?;
            stmt.query_map([], |r| {
                Ok((r.get(0)?, usize::try_from(r.get::<_, i64>(1)?).unwrap_or(0)))
            })?
            .collect()
        };
        run().map_err(|e| self.fail(&e))
    }

    /// The log at `addr` answered as `id`.
    pub fn remember_log(&mut self, addr: &str, id: &str) -> Result<(), StoreError> {
        self.conn
            .run(
                "INSERT OR REPLACE INTO shared_logs (addr, log_id) VALUES (?1, ?2)",
                params![addr, id],
            )
            .map(drop)
            .map_err(|e| self.fail(&e))
    }

    /// The identity the log at `addr` last answered with.
    pub fn known_log(&self, addr: &str) -> Result<Option<String>, StoreError> {
        self.conn
            .row(
                "SELECT log_id FROM shared_logs WHERE addr = ?1",
                params![addr],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.fail(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::super::admission_of;
    use super::*;

    fn a(ticket: u64) -> Admission {
        admission_of(ticket, "lane 1", &format!("2026-12-01 19:00:{ticket:02}"))
    }

    #[test]
    fn a_queue_goes_only_to_the_log_it_was_made_for() {
        let mut log = SqliteDeskLog::in_memory().unwrap();
        let at = |addr: &str, id: Option<&str>| Bound {
            addr: addr.into(),
            id: id.map(str::to_owned),
        };
        log.admit_queued_for(&a(1), ScanId::new(), &at("pg://a", Some("A")))
            .unwrap();
        log.admit_queued_for(&a(2), ScanId::new(), &at("pg://a", None))
            .unwrap();
        log.admit_queued_for(&a(3), ScanId::new(), &at("pg://b", Some("B")))
            .unwrap();
        let tickets = |b: &Bound| -> Vec<u64> {
            log.queued_for(b)
                .unwrap()
                .iter()
                .map(|q| q.admission.ticket_id)
                .collect()
        };
        // Log A at its address: its own, and the one queued there before
        // its identity was known.
        assert_eq!(tickets(&at("pg://a", Some("A"))), [1, 2]);
        // A log made again at A's address: only the one with no identity.
        assert_eq!(tickets(&at("pg://a", Some("A2"))), [2]);
        // Log A moved to another address: its own only.
        assert_eq!(tickets(&at("pg://c", Some("A"))), [1]);
        assert_eq!(tickets(&at("pg://b", Some("B"))), [3]);
        assert_eq!(log.queued_count_for(&at("pg://b", Some("X"))).unwrap(), 0);
        assert_eq!(
            log.queued_by_log().unwrap(),
            [("pg://a".to_owned(), 2), ("pg://b".to_owned(), 1)]
        );
        log.remember_log("pg://a", "A").unwrap();
        assert_eq!(log.known_log("pg://a").unwrap().as_deref(), Some("A"));
        assert_eq!(log.known_log("pg://b").unwrap(), None);
    }
}
