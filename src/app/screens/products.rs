//! The products list: a root tab.

use crate::app::keymap::{Action, Scope};
use crate::app::list::rows::ProductRow;
use crate::ui::table::{Cell, Column};

use super::component::Outcome;
use super::listing::{Listed, Listing};
use crate::app::ctx::Ctx;
use crate::app::target::Target;

/// The products list screen.
pub type ProductsScreen = Listing<ProductRow>;

const COLUMNS: [Column; 5] = [
    Column::grow("name", 16, 0),
    Column::fixed("price", 8, 0).right(),
    Column::fixed("type", 6, 3),
    Column::fixed("state", 6, 1),
    Column::fixed("stock", 6, 2),
];

impl Listed for ProductRow {
    const COLUMNS: &'static [Column] = &COLUMNS;
    const NOUN: &'static str = "products";
    const SCOPE: Scope = Scope::Products;

    fn act(&self, action: Action, _ctx: &mut Ctx) -> Outcome {
        if action != Action::Open {
            return Outcome::Stay;
        }
        Outcome::Open(Target::Product {
            id: self.id,
            label: self.name().to_string(),
        })
    }

    fn cells(&self) -> Vec<Cell> {
        (0..5).map(|i| Cell::new(self.text.get(i))).collect()
    }
}
