//! Everything that can happen to the app: keys, mouse, time, and API results.

use std::time::Instant;

use crossterm::event::{KeyEvent, MouseEvent};
use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::{CustomerSummary, Edition, Event, Page, Ticket};

/// The id a request carries so that its answer can be matched (or dropped).
pub type ReqId = u64;

/// One message into `update`.
// Messages are moved once, from the executor to `update`: boxing buys nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Msg {
    /// A key was pressed.
    Key(KeyEvent),
    /// The mouse clicked or scrolled.
    Mouse(MouseEvent),
    /// The terminal is now this many columns and rows.
    Resize(u16, u16),
    /// Time passed; the time is read by the runtime, never by `update`.
    Tick(Instant),
    /// One executor task ended, done or aborted (for the in-flight count).
    TaskDone,
    /// A page of the events list (`page` of `pages`).
    EventsPage {
        req: ReqId,
        page: u32,
        pages: u32,
        result: Result<Page<Event>, ApiError>,
    },
    /// One event and its raw JSON.
    EventLoaded {
        req: ReqId,
        result: Result<(Event, Value), ApiError>,
    },
    /// The editions of an event.
    EditionsLoaded {
        req: ReqId,
        result: Result<Page<Edition>, ApiError>,
    },
    /// A page of a tickets list (`page` of `pages`).
    TicketsPage {
        req: ReqId,
        page: u32,
        pages: u32,
        result: Result<Page<Ticket>, ApiError>,
    },
    /// One ticket and its raw JSON (detail, or a re-read after an unclear write).
    TicketLoaded {
        req: ReqId,
        result: Result<(Ticket, Value), ApiError>,
    },
    /// A page of the customers list, for the picker.
    CustomersPage {
        req: ReqId,
        page: u32,
        pages: u32,
        result: Result<Page<CustomerSummary>, ApiError>,
    },
    /// The answer to an enroll (by e-mail or of a customer).
    Enrolled {
        req: ReqId,
        result: Result<(), ApiError>,
    },
    /// The answer to a revoke of this ticket.
    Revoked {
        req: ReqId,
        ticket_id: u64,
        result: Result<(), ApiError>,
    },
}
