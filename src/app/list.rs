//! The one list loader. Every list the app shows (events, editions, tickets,
//! customers, and the lists to come) is a [`StreamedList`] of compact rows fed
//! page by page through one intake, wrapped in a [`ListView`] that filters,
//! groups into tabs, sorts and keeps the selection on its record.
//!
//! Rows are built from records by the executor's task, off `update`, and
//! keep only what the list shows plus the folded text the filter searches
//! (never a `serde_json::Value` each): a detail reads its full record when
//! it opens.

mod field;
pub mod marks;
mod packed;
mod query;
pub mod rows;
mod shared_text;
mod shelf;
mod stream;
mod view;

use std::fmt::Debug;

pub use field::{
    Col, Field, SEPARATOR, SortKey, cells, float_key, headers, number_key, prefix, search_text,
    text, values,
};
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
    /// Its fields, declared once, in the order the CSV writes them: what
    /// each is called, its value, how it sorts. A view's columns name them.
    const FIELDS: &'static [Field<Self>];
    /// The fields the live filter looks in, in this order, named from
    /// [`Self::FIELDS`]'s declarations: [`Self::haystack`] is made of them
    /// ([`field::search_text`]), so what a filter finds is declared once.
    const SEARCHED: &'static [&'static Field<Self>];
    /// The record's id: one row per id.
    fn id(&self) -> u64;
    /// The folded text the live filter looks in: [`field::search_text`]
    /// of the row, made once when the row is.
    fn haystack(&self) -> &str;
    /// The tab the row falls under (a ticket's status); empty for none.
    // The default borrows nothing, but implementations return their own text.
    #[allow(clippy::unnecessary_literal_bound)]
    fn group(&self) -> &str {
        ""
    }
    /// This kind's rows out of a page's rows (`None`: another kind's page).
    fn take(rows: Rows) -> Option<Vec<Self>> {
        rows.take()
    }
    /// How well the row matches the folded filter `needle`: lower first
    /// (read only by a view that ranks, `ListView::ranked`).
    fn rank(&self, _needle: &str) -> u8 {
        0
    }
    /// The person the row is of, for the filter's namesakes line: an id
    /// (one person is counted once, however many rows) and the folded full
    /// name namesakes share — a prefix of [`Self::haystack`].
    fn person(&self) -> Option<(u64, &str)> {
        None
    }
    /// That person's name as shown.
    // The default borrows nothing, but implementations return their own text.
    #[allow(clippy::unnecessary_literal_bound)]
    fn person_name(&self) -> &str {
        ""
    }
    /// The ticket number the row carries, if it is a ticket's: the filter
    /// then also finds it by the number as it is said (`tk 000230`, read
    /// through [`crate::ticket_number`]).
    fn ticket_number(&self) -> Option<&str> {
        None
    }
}

/// The lists kept while the user is elsewhere, by kind.
#[derive(Debug, Clone, Default)]
pub struct Kept {
    /// Tickets lists, by the id of the event or edition.
    pub tickets: Shelf<TicketRow>,
}
