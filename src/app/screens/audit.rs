//! `:audit`: the audit log of this machine — every enroll and revoke sent,
//! from the TUI or headless, newest first, with its outcome and latency;
//! `/` filters, `s` sorts, like every list.

use crate::app::keymap::{Action, MOVE, PAGE, Scope, Table, b, k};
use crate::app::list::Col;
use crate::app::list::rows::AuditRow;
use crate::ui::table::{Cell, Column};

use super::listing::{Listing, View};

/// The audit log screen.
pub type AuditScreen = Listing<Audit>;

/// The audit log, newest first.
#[derive(Debug, Clone)]
pub struct Audit;

impl View for Audit {
    type Row = AuditRow;
    const COLUMNS: &'static [Col<AuditRow>] = &[
        Col::new(Column::fixed("at (UTC)", 19, 0), &AuditRow::AT),
        Col::new(Column::fixed("operation", 6, 1), &AuditRow::OPERATION),
        Col::new(Column::grow("target", 12, 0), &AuditRow::TARGET),
        Col::new(Column::fixed("desk", 4, 3), &AuditRow::DESK),
        Col::new(Column::grow("outcome", 10, 0), &AuditRow::OUTCOME),
        Col::new(Column::fixed("ms", 2, 2).right(), &AuditRow::LATENCY),
    ];
    const NOUN: &'static str = "writes";
    const SCOPE: Scope = Scope::Audit;

    /// As its fields read, and `–` for a write whose answer never came.
    fn cells(row: &AuditRow) -> Vec<Cell> {
        let mut cells: Vec<Cell> = Self::COLUMNS[..5]
            .iter()
            .map(|c| Cell::new(c.field.value(row)))
            .collect();
        cells.push(Cell::new(
            row.latency_ms.map_or_else(|| "–".into(), |l| l.to_string()),
        ));
        cells
    }
}

/// The audit log's keys.
pub const KEYS: Table = &[
    &MOVE,
    &PAGE,
    &[
        b(
            &[k('/')],
            Action::Filter,
            "filter by operation, target, desk, outcome",
        ),
        b(&[k('s')], Action::SortNext, "sort by the next column"),
        b(&[k('S')], Action::SortReverse, "reverse the sort"),
    ],
];
