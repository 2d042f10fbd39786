//! The rows of the lists, below both the TUI's lists and the headless
//! commands' tables: for each record a list streams, the compact row it
//! keeps (only what the list shows, plus the folded text the filter
//! searches), how a record becomes one ([`Listable`], off `update`), its
//! fields declared once ([`ListRow::FIELDS`]: the CSV's headers, the
//! columns, the sort), which list reads which records ([`ListQuery`]), and
//! the CSV and JSON they are written as ([`Csv`], [`JsonRows`]). The app's
//! list loader shows them and the headless commands print them; rows know
//! neither.

pub mod audit;
pub mod course;
pub mod customer;
pub mod edition;
pub mod enrollment;
pub mod event;
mod field;
pub mod format;
mod formats;
pub mod order;
mod packed;
pub mod product;
mod query;
mod shared_text;
pub mod ticket;

use std::any::Any;
use std::fmt::{self, Debug};

use crate::api::model::{
    Course, CourseEnrollment, CustomerSummary, Edition, Event, Order, Product, Ticket,
};

pub use field::{
    Col, Field, SEPARATOR, SortKey, cells, float_key, headers, number_key, prefix, search_text,
    text, values, with_search_text,
};
pub use formats::{Csv, JsonRows};
pub use packed::Packed;
pub use query::{ListQuery, Pages, PerPage};

pub use audit::AuditRow;
pub use course::CourseRow;
pub use customer::CustomerRow;
pub use edition::EditionRow;
pub use enrollment::EnrollmentRow;
pub use event::EventRow;
pub use order::OrderRow;
pub use product::ProductRow;
pub use ticket::{TicketRow, TicketScope};

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

/// A record a list streams, and the row the list keeps of it.
pub trait Listable {
    type Row: ListRow;
    /// The record's row (built in the executor's task, off `update`).
    fn row(&self) -> Self::Row;
}

/// Which record becomes which row: one line a record, the row made by its
/// `new` from the record.
macro_rules! listable {
    ($($record:ty => $row:ident,)*) => {
        $(impl Listable for $record {
            type Row = $row;
            fn row(&self) -> $row {
                $row::new(self)
            }
        })*
    };
}

listable! {
    Event => EventRow,
    Edition => EditionRow,
    Ticket => TicketRow,
    CustomerSummary => CustomerRow,
    Order => OrderRow,
    Product => ProductRow,
    Course => CourseRow,
    CourseEnrollment => EnrollmentRow,
}

/// The rows of one page, of whichever row type its list keeps: the list
/// takes them back as its own type ([`Rows::take`]), so a new kind of row
/// needs no variant here.
pub struct Rows {
    len: usize,
    rows: Box<dyn Any + Send>,
}

impl Rows {
    pub fn new<R: ListRow>(rows: Vec<R>) -> Self {
        Self {
            len: rows.len(),
            rows: Box::new(rows),
        }
    }

    /// The rows of a page of records.
    pub fn of<T: Listable>(records: &[T]) -> Self {
        Self::new(records.iter().map(T::row).collect())
    }

    /// The rows, when they are `R`s (`None`: another kind's page).
    pub fn take<R: ListRow>(self) -> Option<Vec<R>> {
        self.rows.downcast::<Vec<R>>().ok().map(|rows| *rows)
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Debug for Rows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rows({})", self.len)
    }
}

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
