//! Text matching for the live filters: case- and accent-insensitive, so a
//! desk on a US keyboard finds "José Núñez" by typing "jose nunez"; and a
//! query's words in any order, so "nunez jose" finds him too — a name is
//! said both ways on a call.

use memchr::memmem::Finder;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The form both the haystack and the needle are compared in: lowercase,
/// accents removed, and the few Latin letters that do not decompose
/// (ß, ø, đ, ł, æ, œ, ı) spelled the way people type them; Greek's final
/// ς as σ, so a name typed in capitals finds it.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    // Lowered after the decomposition, and the marks dropped after it: a
    // capital's small letter may be one of the spelled-out ones (ẞ → ß)
    // or carry a mark of its own (İ → i and a dot).
    for c in s.nfkd().flat_map(char::to_lowercase) {
        match c {
            c if is_combining_mark(c) => {}
            'ß' => out.push_str("ss"),
            'æ' => out.push_str("ae"),
            'œ' => out.push_str("oe"),
            'ø' => out.push('o'),
            'đ' | 'ð' => out.push('d'),
            'ł' => out.push('l'),
            'ı' => out.push('i'),
            // Upper-case Σ lowers to σ wherever it stands: a final ς
            // is the same letter.
            'ς' => out.push('σ'),
            _ => out.push(c),
        }
    }
    out
}

/// A folded query as every list reads it: each of its words is found
/// somewhere in a row's folded text, in any order (`rossi arjun` finds
/// Arjun Rossi). No word: everything passes.
pub struct Words<'a> {
    finders: Vec<Finder<'a>>,
}

impl<'a> Words<'a> {
    pub fn new(needle: &'a str) -> Self {
        Self {
            finders: needle
                .split_whitespace()
                .map(|w| Finder::new(w.as_bytes()))
                .collect(),
        }
    }

    /// The query as one word, spaces and all.
    pub fn whole(needle: &'a str) -> Self {
        Self {
            finders: if needle.is_empty() {
                Vec::new()
            } else {
                vec![Finder::new(needle.as_bytes())]
            },
        }
    }

    /// Whether every word is in `hay` (folded text).
    pub fn found_in(&self, hay: &str) -> bool {
        self.finders
            .iter()
            .all(|f| f.find(hay.as_bytes()).is_some())
    }
}

/// Whether the query `new` lets through only rows `old` lets through:
/// each word of `old` lies inside some word of `new` (typing on, or a
/// word added). A filter then narrows what it showed, not the whole list.
pub fn narrows(new: &str, old: &str) -> bool {
    old.split_whitespace()
        .all(|o| new.split_whitespace().any(|n| n.contains(o)))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{Words, fold, narrows};

    #[test]
    fn words_are_found_in_any_order() {
        let hay = fold("Arjun Rossi arjun.rossi147@example.com");
        for q in [
            "arjun rossi",
            "rossi arjun",
            "ROSSI  Arjun",
            "ross arj",
            "147 rossi",
        ] {
            assert!(Words::new(&fold(q)).found_in(&hay), "{q}");
        }
        for q in ["arjun rossa", "rossi bob"] {
            assert!(!Words::new(&fold(q)).found_in(&hay), "{q}");
        }
    }

    proptest! {
        /// The rule: case is ignored — a name typed in capitals or in
        /// small letters folds the same as it is written.
        #[test]
        fn case_never_matters(
            s in proptest::collection::vec(
                prop_oneof![
                    proptest::char::range('A', 'z'),
                    proptest::char::range('\u{c0}', '\u{24f}'),
                    proptest::char::range('\u{370}', '\u{3ff}'),
                    proptest::char::range('\u{400}', '\u{4ff}'),
                    proptest::char::range('\u{1e00}', '\u{1eff}'),
                ],
                0..12,
            ).prop_map(|v| v.into_iter().collect::<String>()),
        ) {
            prop_assert_eq!(fold(&s.to_uppercase()), fold(&s.to_lowercase()), "{:?}", s);
        }

        /// The rule: the order of a query's words never changes what it
        /// finds; and a query that narrows another finds a subset of it.
        #[test]
        fn order_never_matters_and_narrowing_narrows(
            words in proptest::collection::vec("[a-eé ]{1,4}", 1..4),
            hay in "[a-eéA-E .@]{0,30}",
            extra in "[a-e]{0,2}",
        ) {
            let hay = fold(&hay);
            let query = fold(&words.join(" "));
            let mut reversed: Vec<&str> = query.split_whitespace().collect();
            reversed.reverse();
            let reversed = reversed.join(" ");
            prop_assert_eq!(
                Words::new(&query).found_in(&hay),
                Words::new(&reversed).found_in(&hay)
            );
            let longer = format!("{query}{extra}");
            if narrows(&longer, &query) && Words::new(&longer).found_in(&hay) {
                prop_assert!(Words::new(&query).found_in(&hay));
            }
        }
    }

    #[test]
    fn folds_case_and_accents() {
        assert_eq!(fold("José Núñez"), "jose nunez");
        assert_eq!(fold("FRANÇOIS"), "francois");
        assert_eq!(fold("Ærøskøbing Straße"), "aeroskobing strasse");
        assert_eq!(fold("Arjun Đặng"), "arjun dang");
        assert_eq!(fold("Ivan Yılmaz"), "ivan yilmaz");
        assert_eq!(fold("ΠΑΠΑΔΌΠΟΥΛΟΣ"), fold("Παπαδόπουλος"));
    }

    #[test]
    fn leaves_other_scripts_searchable() {
        assert_eq!(fold("山田太郎"), "山田太郎");
        assert_eq!(fold("דוד כהן"), "דוד כהן");
        assert!(fold("ＡＢＣ").contains("abc"));
    }
}
