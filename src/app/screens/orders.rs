//! The orders list: a root tab.

use crate::app::keymap::{Action, Scope};
use crate::app::list::Col;
use crate::app::list::rows::OrderRow;
use crate::ui::table::Column;

use super::component::Outcome;
use super::listing::{Listing, View};
use crate::app::ctx::Ctx;
use crate::app::target::Target;

/// The orders list screen.
pub type OrdersScreen = Listing<Orders>;

/// The orders tab's view of the orders.
#[derive(Debug, Clone)]
pub struct Orders;

const COLUMNS: [Col<OrderRow>; 8] = [
    Col::new(Column::fixed("number", 6, 0), &OrderRow::NUMBER),
    Col::new(Column::fixed("date", 10, 1), &OrderRow::DATE),
    Col::new(Column::fixed("status", 6, 1), &OrderRow::STATUS),
    Col::new(Column::fixed("type", 4, 4), &OrderRow::TYPE),
    Col::new(Column::grow("customer", 12, 0), &OrderRow::CUSTOMER),
    Col::new(Column::grow("e-mail", 14, 3), &OrderRow::EMAIL),
    Col::new(Column::fixed("items", 5, 2).right(), &OrderRow::ITEMS),
    Col::new(Column::fixed("total", 7, 0).right(), &OrderRow::TOTAL),
];

impl View for Orders {
    type Row = OrderRow;
    const COLUMNS: &'static [Col<OrderRow>] = &COLUMNS;
    const NOUN: &'static str = "orders";
    const SCOPE: Scope = Scope::Orders;

    fn act(row: &OrderRow, action: Action, _ctx: &mut Ctx) -> Outcome {
        if action != Action::Open {
            return Outcome::Stay;
        }
        Outcome::Open(Target::Order {
            id: row.id,
            label: format!("Order {}", row.number()),
        })
    }

    fn copy_text(row: &OrderRow) -> Option<String> {
        Some(row.number().to_string())
    }
}
