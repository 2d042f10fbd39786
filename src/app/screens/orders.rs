//! The orders list: a root tab.

use crate::app::keymap::{Action, Scope};
use crate::app::list::rows::OrderRow;
use crate::ui::table::{Cell, Column};

use super::component::Outcome;
use super::listing::{Listed, Listing};
use crate::app::ctx::Ctx;
use crate::app::target::Target;

/// The orders list screen.
pub type OrdersScreen = Listing<OrderRow>;

const COLUMNS: [Column; 8] = [
    Column::fixed("number", 6, 0),
    Column::fixed("date", 10, 1),
    Column::fixed("status", 6, 1),
    Column::fixed("type", 4, 4),
    Column::grow("customer", 12, 0),
    Column::grow("e-mail", 14, 3),
    Column::fixed("items", 5, 2).right(),
    Column::fixed("total", 7, 0).right(),
];

impl Listed for OrderRow {
    const COLUMNS: &'static [Column] = &COLUMNS;
    const NOUN: &'static str = "orders";
    const SCOPE: Scope = Scope::Orders;

    fn act(&self, action: Action, _ctx: &mut Ctx) -> Outcome {
        if action != Action::Open {
            return Outcome::Stay;
        }
        Outcome::Open(Target::Order {
            id: self.id,
            label: format!("Order {}", self.number()),
        })
    }

    fn copy_text(&self) -> Option<String> {
        Some(self.number().to_string())
    }

    fn cells(&self) -> Vec<Cell> {
        let mut cells: Vec<Cell> = (0..6).map(|i| Cell::new(self.text.get(i))).collect();
        cells.push(Cell::new(self.items.to_string()));
        cells.push(Cell::new(self.total()));
        cells
    }
}
