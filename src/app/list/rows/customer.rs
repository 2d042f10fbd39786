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

    /// 0: the folded query is the e-mail; 1: both the full name and the
    /// e-mail start with it (`arjun rossi` for Arjun Rossi
    /// <arjun.rossi147@…>: an e-mail's `.`, `_`, `-` and `+` read as
    /// spaces); 2: the first name, the last name, the full name or the
    /// e-mail starts with it; 3: it is found elsewhere. No allocation: it
    /// is asked of every match while a query is typed.
    pub fn rank(&self, needle: &str) -> u8 {
        let (first, last, email) = (self.text.get(4), self.text.get(5), self.text.get(6));
        if email == needle {
            return 0;
        }
        let name = name_starts_with(first, last, needle);
        let mail = spaced_starts_with(email, needle);
        if name && mail {
            1
        } else if name || mail || first.starts_with(needle) || last.starts_with(needle) {
            2
        } else {
            3
        }
    }

    pub fn name(&self) -> &str {
        self.text.get(0)
    }

    pub fn email(&self) -> &str {
        self.text.get(1)
    }
}

/// Whether "first last" starts with `needle`, without joining them.
fn name_starts_with(first: &str, last: &str, needle: &str) -> bool {
    if first.is_empty() {
        return last.starts_with(needle);
    }
    if needle.len() <= first.len() {
        return first.starts_with(needle);
    }
    needle
        .strip_prefix(first)
        .and_then(|rest| rest.strip_prefix(' '))
        .is_some_and(|rest| last.starts_with(rest))
}

/// Whether `text` starts with `needle`, the separators of an e-mail's
/// local part (`.`, `_`, `-`, `+`) read as spaces on both sides.
fn spaced_starts_with(text: &str, needle: &str) -> bool {
    let spaced = |c: char| {
        if matches!(c, '.' | '_' | '-' | '+') {
            ' '
        } else {
            c
        }
    };
    let mut text = text.chars().map(spaced);
    needle.chars().map(spaced).all(|n| text.next() == Some(n))
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    fn row(name: &str, last: &str, email: &str) -> CustomerRow {
        let c: CustomerSummary = serde_json::from_value(serde_json::json!({
            "id": 1, "email": email, "name": name, "last_name": last
        }))
        .unwrap();
        CustomerRow::new(&c)
    }

    #[test]
    fn the_exact_e_mail_then_name_and_e_mail_then_either_then_anywhere() {
        let named = row("Arjun", "Rossi", "arjun.rossi147@example.org");
        let fan = row("Arjun", "Rossi", "fan98051@stadium.example.com");
        let other = row("Bea", "Marjunez", "bea@example.org");
        for (needle, ranks) in [
            ("arjun.rossi147@example.org", [0, 3, 3]),
            ("arjun rossi", [1, 2, 3]),
            ("arj", [1, 2, 3]),
            ("rossi", [2, 2, 3]),
            ("arjun.r", [2, 3, 3]),
            ("fan9", [3, 2, 3]),
            ("jun", [3, 3, 3]),
        ] {
            let got = [named.rank(needle), fan.rank(needle), other.rank(needle)];
            assert_eq!(got, ranks, "{needle:?}");
        }
        assert!(name_starts_with("", "rossi", "ros"));
        assert!(!name_starts_with("arjun", "rossi", "arjunrossi"));
        assert!(spaced_starts_with("ana_maria-lopez", "ana maria l"));
    }
}
