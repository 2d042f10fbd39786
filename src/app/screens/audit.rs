//! `:audit`: the audit log of this machine — every enroll and revoke sent,
//! from the TUI or headless, newest first, with its outcome and latency;
//! `/` filters, `s` sorts, like every list.

use crate::app::keymap::{Action, Binding, MOVE, PAGE, Scope, b, k};
use crate::app::list::rows::audit::{AT, AuditRow, DESK, OPERATION, TARGET};
use crate::ui::table::{Cell, Column};

use super::listing::{Listed, Listing};

/// The audit log screen.
pub type AuditScreen = Listing<AuditRow>;

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

/// The audit log's keys.
pub const KEYS: &[Binding] = &[
    MOVE[0],
    MOVE[1],
    MOVE[2],
    MOVE[3],
    PAGE[0],
    PAGE[1],
    b(
        &[k('/')],
        Action::Filter,
        "filter by operation, target, desk, outcome",
    ),
    b(&[k('s')], Action::SortNext, "sort by the next column"),
    b(&[k('S')], Action::SortReverse, "reverse the sort"),
];
