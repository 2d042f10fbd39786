//! The rows of the lists: for each record a list streams, the compact row
//! it keeps (only what the list shows, plus the folded text the filter
//! searches), how a record becomes one ([`Listable`], in the executor's
//! task), and how rows sort ([`ListRow`](super::ListRow)). Screens show
//! them; they know no screen.

pub mod audit;
pub mod course;
pub mod customer;
pub mod edition;
pub mod enrollment;
pub mod event;
pub mod format;
pub mod order;
pub mod product;
pub mod ticket;

use std::any::Any;
use std::fmt;

use super::ListRow;

pub use audit::AuditRow;
pub use course::CourseRow;
pub use customer::CustomerRow;
pub use edition::EditionRow;
pub use enrollment::EnrollmentRow;
pub use event::EventRow;
pub use order::OrderRow;
pub use product::ProductRow;
pub use ticket::{TicketRow, TicketScope};

/// A record a list streams, and the row the list keeps of it.
pub trait Listable {
    type Row: ListRow;
    /// The record's row (built in the executor's task, off `update`).
    fn row(&self) -> Self::Row;
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
