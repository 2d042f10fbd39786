//! An order as the orders list keeps it.

use std::cmp::Ordering;

use crate::api::model::Order;
use crate::app::list::{ListRow, Packed, SortKey, float_key, number_key, prefix};
use crate::search::fold;

use super::Listable;
use super::format::money;

pub const NUMBER: usize = 0;
pub const DATE: usize = 1;
pub const STATUS: usize = 2;
pub const TYPE: usize = 3;
pub const NAME: usize = 4;
pub const EMAIL: usize = 5;
pub const TOTAL: usize = 6;
/// Folded number, name and e-mail, separated by U+001F.
pub const SEARCH: usize = 7;

/// An order as the list keeps it: the shown fields packed in one allocation.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderRow {
    pub id: u64,
    pub items: u32,
    /// Numeric total, for sorting.
    total: f64,
    pub text: Packed<8>,
}

impl OrderRow {
    pub fn new(o: &Order) -> Self {
        let c = &o.customer;
        let name = match c.last_name.as_deref().filter(|l| !l.is_empty()) {
            Some(last) => format!("{} {last}", c.name),
            None => c.name.clone(),
        };
        let amount = o.total_amount.as_ref().map_or("", |m| m.0.as_str());
        let symbol = o.currency_symbol.as_deref().or(o.currency.as_deref());
        let search = [o.number.as_str(), &name, &c.email]
            .map(fold)
            .join("\u{1f}");
        // The date part of "2026-11-25 10:00:00".
        let date = o.creation_date.split(' ').next().unwrap_or_default();
        Self {
            id: o.id,
            items: u32::try_from(o.items.len()).unwrap_or(u32::MAX),
            total: amount.parse().unwrap_or(0.0),
            text: Packed::new([
                &o.number,
                date,
                &o.status,
                &o.kind,
                &name,
                &c.email,
                &money(symbol, amount),
                &search,
            ]),
        }
    }

    pub fn number(&self) -> &str {
        self.text.get(NUMBER)
    }
    pub fn customer(&self) -> &str {
        self.text.get(NAME)
    }
    pub fn email(&self) -> &str {
        self.text.get(EMAIL)
    }
    pub fn status(&self) -> &str {
        self.text.get(STATUS)
    }
    pub fn total(&self) -> &str {
        self.text.get(TOTAL)
    }
}

/// Column order: the fields the `compare` arms name.
const FIELDS: [usize; 8] = [NUMBER, DATE, STATUS, TYPE, NAME, EMAIL, 0, TOTAL];

impl ListRow for OrderRow {
    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
    fn compare(&self, other: &Self, column: usize) -> Ordering {
        match column {
            6 => self.items.cmp(&other.items),
            7 => self.total.total_cmp(&other.total),
            c => {
                let f = FIELDS.get(c).copied().unwrap_or(NUMBER);
                self.text.get(f).cmp(other.text.get(f))
            }
        }
    }
    fn sort_key(&self, column: usize) -> SortKey {
        match column {
            6 => number_key(u64::from(self.items)),
            7 => float_key(self.total),
            c => prefix(self.text.get(FIELDS.get(c).copied().unwrap_or(NUMBER))),
        }
    }
}

impl Listable for Order {
    type Row = OrderRow;
    fn row(&self) -> OrderRow {
        OrderRow::new(self)
    }
}
