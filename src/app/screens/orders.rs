//! The orders list: a root tab.

use std::cmp::Ordering;

use crate::api::model::Order;
use crate::app::keymap::{Action, Scope};
use crate::app::list::{ListRow, Packed, Rows, SortKey, float_key, number_key, prefix};
use crate::search::fold;
use crate::ui::table::{Cell, Column};

use super::detail::DetailScreen;
use super::listing::{Listed, Listing, money};
use super::{Ctx, Outcome, Screen};

/// The orders list screen.
pub type OrdersScreen = Listing<OrderRow>;

const NUMBER: usize = 0;
const DATE: usize = 1;
const STATUS: usize = 2;
const TYPE: usize = 3;
const NAME: usize = 4;
const EMAIL: usize = 5;
const TOTAL: usize = 6;
/// Folded number, name and e-mail, separated by U+001F.
const SEARCH: usize = 7;

/// An order as the list keeps it: the shown fields packed in one allocation.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderRow {
    pub id: u64,
    items: u32,
    /// Numeric total, for sorting.
    total: f64,
    text: Packed<8>,
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
    fn take(rows: Rows) -> Option<Vec<Self>> {
        match rows {
            Rows::Orders(rows) => Some(rows),
            _ => None,
        }
    }
}

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

    fn act(&self, action: Action, ctx: &mut Ctx) -> Outcome {
        if action != Action::Open {
            return Outcome::Stay;
        }
        let label = format!("Order {}", self.number());
        let (screen, cmd) = DetailScreen::open(ctx, self.id, label);
        Outcome::Push(Box::new(Screen::Order(screen)), vec![cmd])
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
