//! A write of the audit log as its list keeps it.

use std::cmp::Ordering;

use crate::app::list::{ListRow, Packed, SortKey, number_key, prefix};
use crate::search::fold;
use crate::store::AuditEntry;

pub const AT: usize = 0;
pub const OPERATION: usize = 1;
pub const TARGET: usize = 2;
pub const DESK: usize = 3;
pub const OUTCOME: usize = 4;
pub const SEARCH: usize = 5;

/// One write as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditRow {
    /// The row's number in the log (newer is larger).
    pub seq: u64,
    pub latency_ms: Option<u64>,
    pub text: Packed<6>,
}

impl AuditRow {
    pub fn new(e: &AuditEntry) -> Self {
        let search = fold(&format!(
            "{}\u{1f}{}\u{1f}{}\u{1f}{}",
            e.operation, e.target, e.desk, e.outcome
        ));
        Self {
            seq: u64::try_from(e.seq).unwrap_or(0),
            latency_ms: e.latency_ms,
            text: Packed::new([&e.at, &e.operation, &e.target, &e.desk, &e.outcome, &search]),
        }
    }

    pub fn outcome(&self) -> &str {
        self.text.get(OUTCOME)
    }
}

impl ListRow for AuditRow {
    /// Newest first when unsorted: the id is the row's place from the end.
    fn id(&self) -> u64 {
        self.seq
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
    fn compare(&self, other: &Self, column: usize) -> Ordering {
        match column {
            5 => self.latency_ms.cmp(&other.latency_ms),
            c => {
                let f = [AT, OPERATION, TARGET, DESK, OUTCOME][c.min(4)];
                self.text.get(f).cmp(other.text.get(f))
            }
        }
    }
    fn sort_key(&self, column: usize) -> SortKey {
        match column {
            5 => number_key(self.latency_ms.map_or(0, |l| l + 1)),
            c => prefix(
                self.text
                    .get([AT, OPERATION, TARGET, DESK, OUTCOME][c.min(4)]),
            ),
        }
    }
}
