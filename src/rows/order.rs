//! An order as the orders list keeps it.

use crate::api::model::Order;
use crate::rows::with_search_text;
use crate::rows::{Field, ListRow, Packed};

use super::format::money;

const NUMBER: usize = 0;
const DATE: usize = 1;
const STATUS: usize = 2;
const TYPE: usize = 3;
const NAME: usize = 4;
const EMAIL: usize = 5;
const TOTAL: usize = 6;
/// Folded number, name and e-mail, separated by U+001F.
const SEARCH: usize = 7;
const CREATED: usize = 8;
const CURRENCY: usize = 9;
const AMOUNT: usize = 10;

/// An order as the list keeps it: the shown fields packed in one allocation.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderRow {
    pub id: u64,
    pub items: u32,
    /// Numeric total, for sorting.
    total: f64,
    text: Packed<11>,
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
        // The date part of "2026-11-25 10:00:00".
        let date = o.creation_date.split(' ').next().unwrap_or_default();
        let row = Self {
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
                "",
                &o.creation_date,
                o.currency.as_deref().unwrap_or_default(),
                amount,
            ]),
        };
        with_search_text(row, SEARCH, |r| &mut r.text)
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
    /// The total with its currency ("€120.00").
    pub fn total(&self) -> &str {
        self.text.get(TOTAL)
    }
}

/// An order's fields: the CSV's columns and what the list shows.
impl OrderRow {
    pub const ID: Field<Self> = Field::number("id", |o| o.id);
    pub const NUMBER: Field<Self> = Field::text("number", Self::number);
    pub const TYPE: Field<Self> = Field::text("type", |o| o.text.get(TYPE));
    pub const STATUS: Field<Self> = Field::text("status", Self::status);
    pub const CREATED: Field<Self> = Field::text("creation_date", |o| o.text.get(CREATED));
    pub const CURRENCY: Field<Self> = Field::text("currency", |o| o.text.get(CURRENCY));
    /// As sent, sorted as the amount it is.
    pub const AMOUNT: Field<Self> =
        Field::amount("total_amount", |o| o.text.get(AMOUNT), |o| o.total);
    pub const EMAIL: Field<Self> = Field::text("customer_email", Self::email);
    pub const ITEMS: Field<Self> = Field::number("items", |o| u64::from(o.items));
    /// The day it was made.
    pub const DATE: Field<Self> = Field::<Self>::text("date", |o| o.text.get(DATE)).shown_only();
    /// The customer's full name.
    pub const CUSTOMER: Field<Self> = Field::<Self>::text("customer", Self::customer).shown_only();
    /// With its currency, sorted as the amount it is.
    pub const TOTAL: Field<Self> =
        Field::<Self>::amount("total", Self::total, |o| o.total).shown_only();
}

impl ListRow for OrderRow {
    const FIELDS: &'static [Field<Self>] = &[
        Self::ID,
        Self::NUMBER,
        Self::TYPE,
        Self::STATUS,
        Self::CREATED,
        Self::CURRENCY,
        Self::AMOUNT,
        Self::EMAIL,
        Self::ITEMS,
        Self::DATE,
        Self::CUSTOMER,
        Self::TOTAL,
    ];
    const SEARCHED: &'static [&'static Field<Self>] =
        &[&Self::NUMBER, &Self::CUSTOMER, &Self::EMAIL];

    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
}
