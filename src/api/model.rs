//! Typed records of the Storefront API, with the lenient field types the real
//! service needs (DESIGN.md section 2).

pub mod customer;
pub mod envelope;
pub mod event;
pub mod lenient;

pub use customer::CustomerSummary;
pub use envelope::{BodyError, Page, PageInfo, Record, RecordError};
pub use event::{Attendee, Counters, Edition, Event, Ticket, TicketEvent, TicketOrder};
pub use lenient::{Count, FalseOr, IntOrString, Money};
