//! A customer as the customers lists keep it: the picker's row, and the
//! customers tab's (the same row, with that tab's columns and its ranking).

use std::cmp::Ordering;

use crate::api::model::CustomerSummary;
use crate::app::list::{ListRow, Packed, Rows, SortKey, number_key, prefix};
use crate::search::fold;

use super::Listable;

/// A customer as the picker lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerRow {
    pub id: u64,
    /// Full name, e-mail, folded search text, phone, folded first name,
    /// last name and e-mail (for ranking).
    text: Packed<7>,
}

impl CustomerRow {
    pub fn new(c: &CustomerSummary) -> Self {
        let name = [c.name.as_deref(), c.last_name.as_deref()]
            .into_iter()
            .flatten()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let phone = c.phone.as_deref().unwrap_or_default();
        let search = fold(&format!("{name} {}\u{1f}{phone}", c.email));
        Self {
            id: c.id,
            text: Packed::new([
                &name,
                &c.email,
                &search,
                phone,
                &fold(c.name.as_deref().unwrap_or_default()),
                &fold(c.last_name.as_deref().unwrap_or_default()),
                &fold(&c.email),
            ]),
        }
    }

    pub fn phone(&self) -> &str {
        self.text.get(3)
    }

    /// 0: the folded query is the e-mail; 1: the first name, last name or
    /// e-mail starts with it; 2: it is found elsewhere.
    pub fn rank(&self, needle: &str) -> u8 {
        let email = self.text.get(6);
        if email == needle {
            0
        } else if [self.text.get(4), self.text.get(5), email]
            .iter()
            .any(|s| s.starts_with(needle))
        {
            1
        } else {
            2
        }
    }

    pub fn name(&self) -> &str {
        self.text.get(0)
    }

    pub fn email(&self) -> &str {
        self.text.get(1)
    }
}

impl ListRow for CustomerRow {
    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(2)
    }
    fn compare(&self, other: &Self, column: usize) -> Ordering {
        match column {
            1 => self.email().cmp(other.email()),
            2 => self.id.cmp(&other.id),
            _ => self.haystack().cmp(other.haystack()),
        }
    }
    fn sort_key(&self, column: usize) -> SortKey {
        match column {
            1 => prefix(self.email()),
            2 => number_key(self.id),
            _ => prefix(self.haystack()),
        }
    }
}

/// A customer as the customers tab lists it (the picker's row, with this
/// tab's columns and its ranking).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerEntry(pub CustomerRow);

impl ListRow for CustomerEntry {
    const RANKED: bool = true;

    fn id(&self) -> u64 {
        self.0.id
    }
    fn haystack(&self) -> &str {
        self.0.haystack()
    }
    fn compare(&self, other: &Self, column: usize) -> Ordering {
        let (a, b) = (&self.0, &other.0);
        match column {
            1 => a.email().cmp(b.email()),
            2 => a.phone().cmp(b.phone()),
            3 => a.id.cmp(&b.id),
            _ => a.haystack().cmp(b.haystack()),
        }
    }
    fn sort_key(&self, column: usize) -> SortKey {
        let a = &self.0;
        match column {
            1 => prefix(a.email()),
            2 => prefix(a.phone()),
            3 => number_key(a.id),
            _ => prefix(a.haystack()),
        }
    }
    fn take(rows: Rows) -> Option<Vec<Self>> {
        rows.take::<CustomerRow>()
            .map(|rows| rows.into_iter().map(Self).collect())
    }
    fn rank(&self, needle: &str) -> u8 {
        self.0.rank(needle)
    }
}

impl Listable for CustomerSummary {
    type Row = CustomerRow;
    fn row(&self) -> CustomerRow {
        CustomerRow::new(self)
    }
}
