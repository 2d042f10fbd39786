//! The one list loader. Every list the app shows (events, editions, tickets,
//! customers, and the lists to come) is a [`StreamedList`] of compact rows
//! ([`crate::rows`]) fed page by page through one intake, wrapped in a
//! [`ListView`] that filters, groups into tabs, sorts and keeps the
//! selection on its record.
//!
//! Rows are built from records by the executor's task, off `update`, and
//! keep only what the list shows plus the folded text the filter searches
//! (never a `serde_json::Value` each): a detail reads its full record when
//! it opens.

mod shelf;
mod stream;
mod view;

// The rows the lists are made of lie below the app, with the headless
// commands' tables: the list loader's names for them are theirs.
pub use crate::rows::{
    self, Col, Field, ListQuery, ListRow, Listable, Packed, Pages, PerPage, Rows, SEPARATOR,
    SortKey, cells, float_key, headers, number_key, prefix, search_text, text, values,
};
pub use shelf::{Shelf, age};
pub use stream::{Intake, PageIn, PageMeta, StreamedList};
pub use view::{FilterKey, ListView, Sort, TableSpec, rows_height};

use rows::TicketRow;

/// The lists kept while the user is elsewhere, by kind.
#[derive(Debug, Clone, Default)]
pub struct Kept {
    /// Tickets lists, by the id of the event or edition.
    pub tickets: Shelf<TicketRow>,
}
