//! A customer as the customers lists keep it: the picker and the customers
//! tab are two views over this one row, each with its columns (the tab
//! ranks the filter's matches).

use crate::api::model::CustomerSummary;
use crate::app::list::{Field, ListRow, Packed};
use crate::search::fold;

use super::Listable;

/// A customer as the picker lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerRow {
    pub id: u64,
    /// Full name, e-mail, folded search text, phone, folded first name,
    /// last name and e-mail (for ranking), first name and last name.
    text: Packed<9>,
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
                c.name.as_deref().unwrap_or_default(),
                c.last_name.as_deref().unwrap_or_default(),
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

/// A customer's fields: the CSV's columns and what the lists show.
impl CustomerRow {
    pub const ID: Field<Self> = Field::number("id", |c| c.id);
    pub const EMAIL: Field<Self> = Field::text("email", Self::email);
    pub const FIRST_NAME: Field<Self> = Field::text("name", |c| c.text.get(7));
    pub const LAST_NAME: Field<Self> = Field::text("last_name", |c| c.text.get(8));
    pub const PHONE: Field<Self> = Field::text("phone", Self::phone);
    /// The full name, sorted by the folded name, e-mail and phone.
    pub const NAME: Field<Self> =
        Field::<Self>::text_by("full_name", Self::name, |c| c.text.get(2)).shown_only();
}

impl ListRow for CustomerRow {
    const FIELDS: &'static [Field<Self>] = &[
        Self::ID,
        Self::EMAIL,
        Self::FIRST_NAME,
        Self::LAST_NAME,
        Self::PHONE,
        Self::NAME,
    ];

    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(2)
    }
    fn rank(&self, needle: &str) -> u8 {
        CustomerRow::rank(self, needle)
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
