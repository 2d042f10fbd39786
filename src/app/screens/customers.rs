//! The customers list: a root tab. Search as you type over name, last name,
//! e-mail and phone (case and accents ignored), ranked: the exact e-mail
//! first, then names and e-mails that start with the query, then the rest —
//! over what has loaded so far while the pages keep arriving.

use crate::app::keymap::{Action, Scope};
use crate::app::list::Col;
use crate::app::list::rows::CustomerRow;
use crate::ui::table::Column;

use super::component::Outcome;
use super::listing::{Listing, View};
use crate::app::ctx::Ctx;
use crate::app::target::Target;

/// The customers list screen.
pub type CustomersScreen = Listing<Customers>;

/// The customers tab's view of the customers (the customer picker is
/// another, over the same rows).
#[derive(Debug, Clone)]
pub struct Customers;

impl View for Customers {
    type Row = CustomerRow;
    const COLUMNS: &'static [Col<CustomerRow>] = &[
        Col::new(Column::grow("name", 12, 0), &CustomerRow::NAME),
        Col::new(Column::grow("e-mail", 16, 0), &CustomerRow::EMAIL),
        Col::new(Column::fixed("phone", 5, 1), &CustomerRow::PHONE),
        Col::new(Column::fixed("id", 2, 2).right(), &CustomerRow::ID),
    ];
    const NOUN: &'static str = "customers";
    const SCOPE: Scope = Scope::Customers;
    const RANKED: bool = true;

    fn act(row: &CustomerRow, action: Action, _ctx: &mut Ctx) -> Outcome {
        if action != Action::Open {
            return Outcome::Stay;
        }
        let label = match row.name() {
            "" => row.email().to_string(),
            name => name.to_string(),
        };
        Outcome::Open(Target::Customer { id: row.id, label })
    }

    fn copy_text(row: &CustomerRow) -> Option<String> {
        Some(row.email().to_string())
    }
}
