//! Products by type: a second view over the products list's rows, sorted
//! by their type. One file and one `register!` line; the row needs no
//! wrapper.

use crate::app::keymap::Scope;
use crate::app::list::rows::ProductRow;
use crate::app::list::{Col, Sort};
use crate::ui::table::Column;

use super::listing::{Listing, View};

/// The products-by-type screen.
pub type ProductsByTypeScreen = Listing<ProductsByType>;

/// The products, by type.
#[derive(Debug, Clone)]
pub struct ProductsByType;

impl View for ProductsByType {
    type Row = ProductRow;
    const COLUMNS: &'static [Col<ProductRow>] = &[
        Col::new(Column::fixed("type", 6, 0), &ProductRow::TYPE),
        Col::new(Column::grow("name", 16, 0), &ProductRow::NAME),
        Col::new(Column::fixed("price", 8, 1).right(), &ProductRow::PRICE),
    ];
    const NOUN: &'static str = "products";
    // The products tab's keys; its own (`Scope::ProductsByType`, made by
    // its `register!` line) once it has keys of its own.
    const SCOPE: Scope = Scope::Products;
    const SORT: Option<Sort> = Some(Sort {
        column: 0,
        descending: false,
    });
}
