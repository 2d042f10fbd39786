//! Texts that many rows repeat — a ticket's status, its enrollment type,
//! its price, its edition's name — kept once for the whole process: a row
//! holds a two-byte code instead of its own copy (100,000 tickets of one
//! event carry the same edition name 100,000 times).
//!
//! The table only grows, and is bounded: past [`MAX`] texts, or for a text
//! longer than [`LONGEST`], [`code`] answers 0 and the row keeps the text
//! itself. Reading a code takes no lock.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

/// Texts kept at most (code 0 is "none").
pub const MAX: usize = 4096;
/// The longest text kept, in bytes.
pub const LONGEST: usize = 200;

static TEXTS: [OnceLock<Box<str>>; MAX] = [const { OnceLock::new() }; MAX];
static CODES: Mutex<Option<HashMap<&'static str, u16>>> = Mutex::new(None);

/// The code of `text`, made the first time it is asked for; 0 when it is
/// not kept (empty, too long, or the table is full).
pub fn code(text: &str) -> u16 {
    if text.is_empty() || text.len() > LONGEST {
        return 0;
    }
    let mut codes = CODES.lock().unwrap_or_else(PoisonError::into_inner);
    let codes = codes.get_or_insert_with(HashMap::new);
    if let Some(&c) = codes.get(text) {
        return c;
    }
    let next = codes.len() + 1;
    let Some((slot, c)) = TEXTS.get(next).zip(u16::try_from(next).ok()) else {
        return 0;
    };
    let _ = slot.set(text.into());
    let Some(kept) = slot.get() else {
        return 0;
    };
    codes.insert(kept, c);
    c
}

/// The text of `code` (empty for 0 or a code never made).
pub fn text(code: u16) -> &'static str {
    TEXTS
        .get(usize::from(code))
        .and_then(OnceLock::get)
        .map_or("", |t| t)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// A text kept reads back as itself, under one code whoever asks
        /// (few texts: the table is the whole process's).
        #[test]
        fn a_text_reads_back_from_its_code(
            texts in proptest::collection::vec("[aé€]{0,3}", 1..20),
        ) {
            for t in &texts {
                let c = code(t);
                proptest::prop_assert_eq!(c == 0, t.is_empty());
                proptest::prop_assert_eq!(text(c), t.as_str());
                proptest::prop_assert_eq!(code(t), c);
            }
        }
    }

    #[test]
    fn empty_and_long_texts_are_not_kept() {
        assert_eq!(code(""), 0);
        assert_eq!(code(&"x".repeat(LONGEST + 1)), 0);
        assert_eq!(text(0), "");
    }
}
