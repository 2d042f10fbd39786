//! Which list to read, and the one table of the lists: for each, the
//! records it streams and how a page of them is read. The executor streams
//! them into the app as rows; the headless commands print them; neither
//! repeats an arm per record kind.

use std::future::Future;

use crate::api::model::{Page, Record};
use crate::api::{ApiError, Client};

use super::Listable;

/// Which list to stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListQuery {
    /// Every event.
    Events,
    /// The editions of an event.
    Editions { event_id: u64 },
    /// The tickets of an edition, or of the main event (the API picks the edition).
    Tickets { event_id: u64 },
    /// Every customer.
    Customers,
    /// Every order.
    Orders,
    /// Every product.
    Products,
    /// Every course.
    Courses,
    /// The enrollments of a course.
    CourseEnrollments { course_id: u64 },
    /// This machine's audit log (read from the local store, not the API).
    Audit,
}

/// Records asked for per page.
pub type PerPage = u32;

/// What reads a list's pages: given how a page of its records is read,
/// does its work with them (streams them as rows, prints them).
pub trait Pages<'a> {
    type Out;
    /// Reads with `fetch` (page number → that page).
    fn read<T, F, Fut>(self, fetch: F) -> Self::Out
    where
        T: Record + Listable,
        F: Fn(u32) -> Fut + Send + Sync + 'a,
        Fut: Future<Output = Result<Page<T>, ApiError>> + Send + 'a;
}

impl ListQuery {
    /// The one table: the list's records and page reader, handed to `pages`
    /// (`per_page` records a page). `None` for the audit log, which this
    /// machine's store answers, not the API.
    pub fn read<'a, P: Pages<'a>>(
        self,
        client: &'a Client,
        per_page: PerPage,
        pages: P,
    ) -> Option<P::Out> {
        Some(match self {
            Self::Events => pages.read(move |p| client.events(p, per_page)),
            // One answer holds every edition (paginated or not).
            Self::Editions { event_id } => pages.read(move |_| client.editions(event_id)),
            Self::Tickets { event_id } => {
                pages.read(move |p| client.tickets(event_id, p, per_page))
            }
            Self::Customers => pages.read(move |p| client.customers(p, per_page)),
            Self::Orders => pages.read(move |p| client.orders(p, per_page)),
            Self::Products => pages.read(move |p| client.products(p, per_page)),
            Self::Courses => pages.read(move |p| client.courses(p, per_page)),
            Self::CourseEnrollments { course_id } => {
                pages.read(move |p| client.course_enrollments(course_id, p, per_page))
            }
            Self::Audit => return None,
        })
    }
}
