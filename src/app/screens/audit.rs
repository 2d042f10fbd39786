//! `:audit`: the audit log of this machine — every enroll and revoke sent,
//! from the TUI or headless, newest first, with its outcome and latency;
//! `/` filters, `s` sorts, like every list.

use std::cmp::Ordering;

use crate::app::keymap::Scope;
use crate::app::list::{ListRow, Packed, Rows, SortKey, number_key, prefix};
use crate::search::fold;
use crate::store::AuditEntry;
use crate::ui::table::{Cell, Column};

use super::listing::{Listed, Listing};

/// The audit log screen.
pub type AuditScreen = Listing<AuditRow>;

const AT: usize = 0;
const OPERATION: usize = 1;
const TARGET: usize = 2;
const DESK: usize = 3;
const OUTCOME: usize = 4;
const SEARCH: usize = 5;

/// One write as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditRow {
    /// The row's number in the log (newer is larger).
    pub seq: u64,
    latency_ms: Option<u64>,
    text: Packed<6>,
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
    fn take(rows: Rows) -> Option<Vec<Self>> {
        match rows {
            Rows::Audit(rows) => Some(rows),
            _ => None,
        }
    }
}

const COLUMNS: [Column; 6] = [
    Column::fixed("at (UTC)", 19, 0),
    Column::fixed("operation", 6, 1),
    Column::grow("target", 12, 0),
    Column::fixed("desk", 4, 3),
    Column::grow("outcome", 10, 0),
    Column::fixed("ms", 2, 2).right(),
];

impl Listed for AuditRow {
    const COLUMNS: &'static [Column] = &COLUMNS;
    const NOUN: &'static str = "writes";
    const SCOPE: Scope = Scope::Audit;

    fn cells(&self) -> Vec<Cell> {
        vec![
            Cell::new(self.text.get(AT)),
            Cell::new(self.text.get(OPERATION)),
            Cell::new(self.text.get(TARGET)),
            Cell::new(self.text.get(DESK)),
            Cell::new(self.outcome()),
            Cell::new(
                self.latency_ms
                    .map_or_else(|| "–".into(), |l| l.to_string()),
            ),
        ]
    }
}
