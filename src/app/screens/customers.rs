//! The customers list: a root tab. Search as you type over name, last name,
//! e-mail and phone (case and accents ignored), ranked: the exact e-mail
//! first, then names and e-mails that start with the query, then the rest —
//! over what has loaded so far while the pages keep arriving.

use crate::app::keymap::{Action, Scope};
use crate::app::list::rows::CustomerEntry;
use crate::ui::table::{Cell, Column};

use super::component::Outcome;
use super::listing::{Listed, Listing};
use crate::app::ctx::Ctx;
use crate::app::target::Target;

/// The customers list screen.
pub type CustomersScreen = Listing<CustomerEntry>;

const COLUMNS: [Column; 4] = [
    Column::grow("name", 12, 0),
    Column::grow("e-mail", 16, 0),
    Column::fixed("phone", 5, 1),
    Column::fixed("id", 2, 2).right(),
];

impl Listed for CustomerEntry {
    const COLUMNS: &'static [Column] = &COLUMNS;
    const NOUN: &'static str = "customers";
    const SCOPE: Scope = Scope::Customers;

    fn act(&self, action: Action, _ctx: &mut Ctx) -> Outcome {
        if action != Action::Open {
            return Outcome::Stay;
        }
        let label = match self.0.name() {
            "" => self.0.email().to_string(),
            name => name.to_string(),
        };
        Outcome::Open(Target::Customer {
            id: self.0.id,
            label,
        })
    }

    fn copy_text(&self) -> Option<String> {
        Some(self.0.email().to_string())
    }

    fn cells(&self) -> Vec<Cell> {
        let r = &self.0;
        vec![
            Cell::new(r.name()),
            Cell::new(r.email()),
            Cell::new(r.phone()),
            Cell::new(r.id.to_string()),
        ]
    }
}
