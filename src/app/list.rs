//! The one list loader. Every list the app shows (events, editions, tickets,
//! customers, and the lists to come) is a [`StreamedList`] of compact rows fed
//! page by page through one intake, wrapped in a [`ListView`] that filters,
//! groups into tabs, sorts and keeps the selection on its record.
//!
//! Rows are built from records by the executor's task, off `update`, and
//! keep only what the list shows plus the folded text the filter searches
//! (never a `serde_json::Value` each): a detail reads its full record when
//! it opens.

pub mod marks;
mod packed;
mod query;
pub mod rows;
mod shelf;
mod stream;
mod view;

use std::cmp::Ordering;
use std::fmt::Debug;

pub use packed::Packed;
pub use query::{ListQuery, Pages, PerPage};
pub use shelf::{Shelf, age};

#[cfg(test)]
mod tests {
    use super::{float_key, prefix};

    #[test]
    fn keys_order_as_their_values() {
        let words = [
            "",
            "a",
            "ab",
            "abcdefgh",
            "abcdefghijklmnop",
            "abcdefgz",
            "b",
            "é",
        ];
        for w in words.windows(2) {
            assert!(prefix(w[0]).prefix <= prefix(w[1]).prefix, "{w:?}");
            assert!(w[0] < w[1]);
        }
        assert!(prefix("abcdefghijklmnop").whole);
        assert!(!prefix("abcdefghijklmnopq").whole);
        let nums = [-1e9, -2.5, -0.0, 0.0, 1.0, 9.5, 1000.0, f64::INFINITY];
        for n in nums.windows(2) {
            assert!(float_key(n[0]).prefix <= float_key(n[1]).prefix, "{n:?}");
        }
    }
}
pub use stream::{Intake, PageIn, PageMeta, StreamedList};
pub use view::{FilterKey, ListView, Sort, TableSpec, rows_height};

pub use rows::{Listable, Rows};

use rows::TicketRow;

/// A compact row of a list.
pub trait ListRow: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// The record's id: one row per id.
    fn id(&self) -> u64;
    /// The folded text (`search::fold`) the live filter looks in.
    fn haystack(&self) -> &str;
    /// The tab the row falls under (a ticket's status); empty for none.
    // The default borrows nothing, but implementations return their own text.
    #[allow(clippy::unnecessary_literal_bound)]
    fn group(&self) -> &str {
        ""
    }
    /// Orders two rows by sort column `column` (ties are broken by id by the caller).
    fn compare(&self, other: &Self, column: usize) -> Ordering;
    /// A key that orders as `compare` does wherever two keys differ: a
    /// sort of 100,000 rows settles most comparisons on it, and reads the
    /// rows only where two keys tie and one is not whole.
    fn sort_key(&self, column: usize) -> SortKey;
    /// This kind's rows out of a page's rows (`None`: another kind's page).
    fn take(rows: Rows) -> Option<Vec<Self>> {
        rows.take()
    }
    /// Whether an unsorted list shows its matches ranked by [`ListRow::rank`].
    const RANKED: bool = false;
    /// How well the row matches the folded filter `needle`: lower first
    /// (only read when `RANKED`).
    fn rank(&self, _needle: &str) -> u8 {
        0
    }
    /// The ticket number the row carries, if it is a ticket's: the filter
    /// then also finds it by the number as it is said (`tk 000230`, read
    /// through [`crate::ticket_number`]).
    fn ticket_number(&self) -> Option<&str> {
        None
    }
}

/// What a row sorts by, as a number: a text's first sixteen bytes, a
/// float's ordered bits, an id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SortKey {
    pub prefix: u128,
    /// The key is all of the value (a text of at most sixteen bytes): two
    /// whole keys that are equal mean equal values.
    pub whole: bool,
}

impl SortKey {
    /// No key: every comparison reads the rows (for short lists).
    pub const NONE: Self = Self {
        prefix: 0,
        whole: false,
    };
}

/// The first sixteen bytes of `s`, big-endian: orders as `s` does, up to ties.
pub fn prefix(s: &str) -> SortKey {
    let mut bytes = [0u8; 16];
    let n = s.len().min(16);
    bytes[..n].copy_from_slice(&s.as_bytes()[..n]);
    SortKey {
        prefix: u128::from_be_bytes(bytes),
        whole: s.len() <= 16,
    }
}

/// A float as a number that orders as `f64::total_cmp` does.
pub fn float_key(f: f64) -> SortKey {
    let bits = f.to_bits();
    let ordered = if bits >> 63 == 1 {
        !bits
    } else {
        bits | (1 << 63)
    };
    SortKey {
        prefix: u128::from(ordered),
        whole: true,
    }
}

/// A whole number as a key.
pub fn number_key(n: u64) -> SortKey {
    SortKey {
        prefix: u128::from(n),
        whole: true,
    }
}

/// The lists kept while the user is elsewhere, by kind.
#[derive(Debug, Clone, Default)]
pub struct Kept {
    /// Tickets lists, by the id of the event or edition.
    pub tickets: Shelf<TicketRow>,
}
