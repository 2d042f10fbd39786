//! Local state, kept on this machine: the desk log (who was admitted, when,
//! at which desk), the audit log (every write sent and its outcome) and the
//! offline ticket lists (the cache a check-in desk
//! starts from and falls back to). Both sit behind small traits so that the
//! screens never know where they live: SQLite files today
//! (`$XDG_STATE_HOME/boxoffice/<business>/desk.sqlite`,
//! `$XDG_CACHE_HOME/boxoffice/<business>/tickets.sqlite`), a store shared by
//! several desks at one door later. The API key is never written here.

mod audit_log;
mod desk_log;
pub mod paths;
mod sqlite;
mod ticket_cache;

use serde::{Deserialize, Serialize};

pub use audit_log::{SqliteAuditLog, UNKNOWN};
pub use desk_log::SqliteDeskLog;
pub use ticket_cache::{SqliteTicketCache, clear_all_caches, clear_cache};

/// One admission at the door.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Admission {
    pub ticket_id: u64,
    pub number: String,
    /// The event or edition the desk checks in (the check-in screen's).
    pub event_id: u64,
    /// The edition the ticket belongs to, as the ticket says.
    pub edition_id: Option<u64>,
    /// When, in UTC ("YYYY-MM-DD HH:MM:SS"); stamped by the store when
    /// recorded if empty.
    pub at: String,
    /// The desk's name (`--desk`, default the host name).
    pub desk: String,
}

/// The figures a desk shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Admissions not undone.
    pub admitted: u64,
    /// Of them, since the time asked for.
    pub recent: u64,
}

/// A failure of the local store, in words for a toast.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct StoreError(pub String);

/// The admissions of every desk using this store.
pub trait DeskLog: Send {
    /// Records an admission (one transaction: it survives a crash once this
    /// returns); returns it as recorded (`at` stamped).
    fn record(&mut self, admission: &Admission) -> Result<Admission, StoreError>;
    /// The admission of ticket `ticket_id` at event `event_id`, if any.
    fn lookup(&self, event_id: u64, ticket_id: u64) -> Result<Option<Admission>, StoreError>;
    /// Undoes the last admission `desk` made at `event_id`; returns it.
    fn undo_last(&mut self, event_id: u64, desk: &str) -> Result<Option<Admission>, StoreError>;
    /// Undoes `desk`'s admission of ticket `ticket_id` at `event_id`, if it
    /// is there and not undone; returns it. (The desk names the guest it
    /// asks about: what is undone is that admission, whatever came since.)
    fn undo(
        &mut self,
        event_id: u64,
        desk: &str,
        ticket_id: u64,
    ) -> Result<Option<Admission>, StoreError>;
    /// Every admission at `event_id` not undone, oldest first (a desk
    /// opening loads them into memory: verdicts never wait for the disk).
    fn admitted(&self, event_id: u64) -> Result<Vec<Admission>, StoreError>;
    /// Admissions at `event_id`, and those at or after `since` (UTC,
    /// "YYYY-MM-DD HH:MM:SS").
    fn counts(&self, event_id: u64, since: &str) -> Result<Counts, StoreError>;
}

/// A ticket as the offline list keeps it: what a desk needs for a verdict
/// and what the tickets table shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CachedTicket {
    pub id: u64,
    pub number: String,
    pub status: String,
    pub attendee_id: Option<u64>,
    pub name: String,
    pub email: String,
    pub edition_id: Option<u64>,
    pub edition: String,
    pub enrollment_type: String,
    pub created: String,
    pub price: String,
    pub order: String,
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
    /// The list of `event_id` and when it was saved, if there is one.
    fn load(&self, event_id: u64) -> Result<Option<(Vec<CachedTicket>, String)>, StoreError>;
}

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
}

/// Every write this machine sent, and what came of it.
pub trait AuditLog: Send {
    /// Records a write about to be sent (outcome unknown until finished);
    /// its row number.
    fn begin(&mut self, operation: &str, target: &str, desk: &str) -> Result<i64, StoreError>;
    /// Completes row `seq` with the write's outcome and latency.
    fn finish(&mut self, seq: i64, outcome: &str, latency_ms: u64) -> Result<(), StoreError>;
    /// The newest `limit` rows, newest first.
    fn entries(&self, limit: usize) -> Result<Vec<AuditEntry>, StoreError>;
}
