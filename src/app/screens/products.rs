//! The products list: a root tab.

use crate::app::keymap::{Action, Scope};
use crate::app::list::Col;
use crate::app::list::rows::ProductRow;
use crate::ui::table::Column;

use super::component::Outcome;
use super::listing::{Listing, View};
use crate::app::ctx::Ctx;
use crate::app::target::Target;

/// The products list screen.
pub type ProductsScreen = Listing<Products>;

/// The products tab's view of the products.
#[derive(Debug, Clone)]
pub struct Products;

impl View for Products {
    type Row = ProductRow;
    const COLUMNS: &'static [Col<ProductRow>] = &[
        Col::new(Column::grow("name", 16, 0), &ProductRow::NAME),
        Col::new(Column::fixed("price", 8, 0).right(), &ProductRow::PRICE),
        Col::new(Column::fixed("type", 6, 3), &ProductRow::TYPE),
        Col::new(Column::fixed("state", 6, 1), &ProductRow::STATE),
        Col::new(Column::fixed("stock", 6, 2), &ProductRow::STOCK),
    ];
    const NOUN: &'static str = "products";
    const SCOPE: Scope = Scope::Products;

    fn act(row: &ProductRow, action: Action, _ctx: &mut Ctx) -> Outcome {
        if action != Action::Open {
            return Outcome::Stay;
        }
        Outcome::Open(Target::Product {
            id: row.id,
            label: row.name().to_string(),
        })
    }
}
