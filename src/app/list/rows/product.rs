//! A product as the products list keeps it.

use std::cmp::Ordering;

use crate::api::model::Product;
use crate::app::list::{ListRow, Packed, SortKey, float_key, prefix};
use crate::search::fold;
use crate::ui::widgets::thousands;

use super::Listable;

pub const NAME: usize = 0;
pub const PRICE: usize = 1;
pub const TYPE: usize = 2;
pub const STATE: usize = 3;
pub const STOCK: usize = 4;
pub const SEARCH: usize = 5;

/// A product as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductRow {
    pub id: u64,
    /// Numeric price (the lowest of a range), for sorting.
    price: f64,
    pub text: Packed<6>,
}

impl ProductRow {
    pub fn new(p: &Product) -> Self {
        let amount = |m: &crate::api::model::Money| format!("{} {}", m.0, p.currency);
        let price = match (&p.price_min, &p.price_max) {
            (Some(min), Some(max)) if p.price_varies == Some(true) && min != max => {
                format!("{}–{} {}", min.0, max.0, p.currency)
            }
            _ => amount(&p.price),
        };
        let low = p
            .price_min
            .as_ref()
            .filter(|_| p.price_varies == Some(true));
        let state = match (p.active, p.published) {
            (false, _) => "inactive",
            (true, Some(false)) => "unpublished",
            (true, _) => "active",
        };
        let stock = if p.stock_management == Some(true) {
            let sold = p.sales.map_or_else(|| "–".into(), |s| thousands(s.0));
            format!("managed · {sold} sold")
        } else {
            p.sales
                .map(|s| format!("{} sold", thousands(s.0)))
                .unwrap_or_default()
        };
        Self {
            id: p.id,
            price: low.unwrap_or(&p.price).0.parse().unwrap_or(0.0),
            text: Packed::new([
                &p.name,
                &price,
                &p.ecommerce_type,
                state,
                &stock,
                &fold(&p.name),
            ]),
        }
    }

    pub fn name(&self) -> &str {
        self.text.get(NAME)
    }
    pub fn price(&self) -> &str {
        self.text.get(PRICE)
    }
}

impl ListRow for ProductRow {
    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
    fn compare(&self, other: &Self, column: usize) -> Ordering {
        match column {
            0 => self.haystack().cmp(other.haystack()),
            1 => self.price.total_cmp(&other.price),
            c => {
                let f = [NAME, PRICE, TYPE, STATE, STOCK].get(c).copied();
                let f = f.unwrap_or(NAME);
                self.text.get(f).cmp(other.text.get(f))
            }
        }
    }
    fn sort_key(&self, column: usize) -> SortKey {
        match column {
            0 => prefix(self.haystack()),
            1 => float_key(self.price),
            c => prefix(self.text.get([NAME, PRICE, TYPE, STATE, STOCK][c.min(4)])),
        }
    }
}

impl Listable for Product {
    type Row = ProductRow;
    fn row(&self) -> ProductRow {
        ProductRow::new(self)
    }
}
