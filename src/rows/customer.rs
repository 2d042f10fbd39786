//! A customer as the customers lists keep it: the picker and the customers
//! tab are two views over this one row, each with its columns (the tab
//! ranks the filter's matches).

use crate::api::model::CustomerSummary;
use crate::rows::{Field, ListRow, Packed, SEPARATOR, with_search_text};
use crate::search::fold;

/// Where the search text is among a row's parts.
const SEARCH: usize = 2;

/// A customer as the picker lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerRow {
    pub id: u64,
    /// Full name, e-mail, search text ([`ListRow::SEARCHED`]), phone, folded first name,
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
        let row = Self {
            id: c.id,
            text: Packed::new([
                &name,
                &c.email,
                "",
                phone,
                &fold(c.name.as_deref().unwrap_or_default()),
                &fold(c.last_name.as_deref().unwrap_or_default()),
                &fold(&c.email),
                c.name.as_deref().unwrap_or_default(),
                c.last_name.as_deref().unwrap_or_default(),
            ]),
        };
        with_search_text(row, SEARCH, |r| &mut r.text)
    }

    pub fn phone(&self) -> &str {
        self.text.get(3)
    }

    /// 0: the folded query is the e-mail; 1: both the name and the e-mail
    /// start with it; 2: the name, the first name, the last name or the
    /// e-mail starts with it; 3: it is found elsewhere. "Starts with" reads
    /// words: each word of the query starts a word of the name (`arj ros`
    /// for Arjun Rossi), in either order (`rossi arjun`: a name is said
    /// both ways); an e-mail's words are split at `.`, `_`, `-` and `+`
    /// (`arjun rossi` for arjun.rossi147@…). A query ranks the same with
    /// its words reversed. No allocation: it is asked of every match while
    /// a query is typed.
    pub fn rank(&self, needle: &str) -> u8 {
        let (first, last, email) = (self.text.get(4), self.text.get(5), self.text.get(6));
        if email == needle {
            return 0;
        }
        let name = either_way(
            needle,
            first.split_whitespace().chain(last.split_whitespace()),
        ) || either_way(needle, first.split_whitespace())
            || either_way(needle, last.split_whitespace());
        let mail = starts_words(mail_words(needle), mail_words(email))
            || starts_words(mail_words(needle).rev(), mail_words(email));
        match (name, mail) {
            (true, true) => 1,
            (true, false) | (false, true) => 2,
            (false, false) => 3,
        }
    }

    pub fn name(&self) -> &str {
        self.text.get(0)
    }

    pub fn email(&self) -> &str {
        self.text.get(1)
    }
}

/// Whether each of `words` starts the next word of `hay`, in order (at
/// least one word).
fn starts_words<'a>(
    words: impl Iterator<Item = &'a str>,
    mut hay: impl Iterator<Item = &'a str>,
) -> bool {
    let mut any = false;
    for w in words {
        any = true;
        if !hay.next().is_some_and(|h| h.starts_with(w)) {
            return false;
        }
    }
    any
}

/// Whether the words of `needle`, in order or reversed, start the words
/// of `hay`.
fn either_way<'a>(needle: &'a str, hay: impl Iterator<Item = &'a str> + Clone) -> bool {
    starts_words(needle.split_whitespace(), hay.clone())
        || starts_words(needle.split_whitespace().rev(), hay)
}

/// Words as an e-mail's local part has them: split at spaces and at `.`,
/// `_`, `-` and `+`.
fn mail_words(text: &str) -> impl DoubleEndedIterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '.' | '_' | '-' | '+'))
        .filter(|w| !w.is_empty())
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
        Field::<Self>::text_by("full_name", Self::name, |c| c.text.get(SEARCH)).shown_only();
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
    const SEARCHED: &'static [&'static Field<Self>] = &[&Self::NAME, &Self::EMAIL, &Self::PHONE];

    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
    fn rank(&self, needle: &str) -> u8 {
        CustomerRow::rank(self, needle)
    }
    fn person(&self) -> Option<(u64, &str)> {
        // The search text begins with the folded full name.
        let name = self.haystack().split(SEPARATOR).next()?;
        (!name.is_empty()).then_some((self.id, name))
    }
    fn person_name(&self) -> &str {
        self.name()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use proptest::prelude::*;

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
        // Said the other way round: the same ranks.
        for (needle, ranks) in [
            ("rossi arjun", [1, 2, 3]),
            ("rossi ar", [1, 2, 3]),
            ("arj ross", [1, 2, 3]),
        ] {
            let got = [named.rank(needle), fan.rank(needle), other.rank(needle)];
            assert_eq!(got, ranks, "{needle:?}");
        }
        assert_eq!(named.person(), Some((1, "arjun rossi")));
        assert_eq!(row("", "Rossi", "x@y.z").rank("ros"), 2);
        assert_eq!(named.rank("arjunrossi"), 3);
        assert_eq!(
            row("Ana", "Lopez", "ana_maria-lopez@y.z").rank("ana maria l"),
            2
        );
    }

    proptest! {
        /// The rule: a name said the other way round ranks the same.
        #[test]
        fn a_name_ranks_the_same_both_ways(
            first in "[a-z]{1,6}",
            last in "[a-z]{1,6}",
            tail in "[0-9]{0,3}",
            other in "[a-z]{1,6}",
        ) {
            let email = format!("{first}.{last}{tail}@example.org");
            let rows = [
                row(&first, &last, &email),
                row(&first, &last, &format!("{other}@example.org")),
                row(&other, &last, &email),
            ];
            for r in &rows {
                prop_assert_eq!(
                    r.rank(&format!("{first} {last}")),
                    r.rank(&format!("{last} {first}")),
                    "{:?}", r
                );
            }
        }
    }
}
