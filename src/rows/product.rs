//! A product as the products list keeps it.

use crate::api::model::Product;
use crate::rows::with_search_text;
use crate::rows::{Field, ListRow, Packed};
use crate::ui::widgets::thousands;

const NAME: usize = 0;
const PRICE: usize = 1;
const TYPE: usize = 2;
const STATE: usize = 3;
const STOCK: usize = 4;
const SEARCH: usize = 5;
const SKU: usize = 6;
const AMOUNT: usize = 7;
const CURRENCY: usize = 8;

/// A product as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductRow {
    pub id: u64,
    /// Numeric price (the lowest of a range), for sorting.
    price: f64,
    active: bool,
    published: Option<bool>,
    text: Packed<9>,
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
        let row = Self {
            id: p.id,
            price: low.unwrap_or(&p.price).0.parse().unwrap_or(0.0),
            active: p.active,
            published: p.published,
            text: Packed::new([
                &p.name,
                &price,
                &p.ecommerce_type,
                state,
                &stock,
                "",
                p.sku.as_deref().unwrap_or_default(),
                &p.price.0,
                &p.currency,
            ]),
        };
        with_search_text(row, SEARCH, |r| &mut r.text)
    }

    pub fn name(&self) -> &str {
        self.text.get(NAME)
    }
    /// The price as the list shows it: with its currency, a range when it varies.
    pub fn price(&self) -> &str {
        self.text.get(PRICE)
    }
}

/// A product's fields: the CSV's columns and what the list shows.
impl ProductRow {
    pub const ID: Field<Self> = Field::number("id", |p| p.id);
    /// Sorted by its folded form.
    pub const NAME: Field<Self> = Field::text_by("name", Self::name, |p| p.text.get(SEARCH));
    pub const SKU: Field<Self> = Field::text("sku", |p| p.text.get(SKU));
    /// The price as sent.
    pub const AMOUNT: Field<Self> = Field::amount("price", |p| p.text.get(AMOUNT), |p| p.price);
    pub const CURRENCY: Field<Self> = Field::text("currency", |p| p.text.get(CURRENCY));
    pub const TYPE: Field<Self> = Field::text("ecommerce_type", |p| p.text.get(TYPE));
    pub const ACTIVE: Field<Self> = Field::flag("active", |p| Some(p.active));
    pub const PUBLISHED: Field<Self> = Field::flag("published", |p| p.published);
    /// With its currency, a range when it varies; sorted by its lowest.
    pub const PRICE: Field<Self> =
        Field::<Self>::amount("price_shown", Self::price, |p| p.price).shown_only();
    pub const STATE: Field<Self> = Field::<Self>::text("state", |p| p.text.get(STATE)).shown_only();
    pub const STOCK: Field<Self> = Field::<Self>::text("stock", |p| p.text.get(STOCK)).shown_only();
}

impl ListRow for ProductRow {
    const FIELDS: &'static [Field<Self>] = &[
        Self::ID,
        Self::NAME,
        Self::SKU,
        Self::AMOUNT,
        Self::CURRENCY,
        Self::TYPE,
        Self::ACTIVE,
        Self::PUBLISHED,
        Self::PRICE,
        Self::STATE,
        Self::STOCK,
    ];
    const SEARCHED: &'static [&'static Field<Self>] = &[&Self::NAME];

    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
}
