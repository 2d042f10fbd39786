//! Effects as data: what `update` asks the executor to do.

use crate::api::NewAttendee;

use super::msg::ReqId;

/// One request to the API; the executor answers each with a [`super::Msg`]
/// carrying the same `req`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cmd {
    /// Stream every page of the events list.
    LoadEvents { req: ReqId },
    /// Read one event by id or hash.
    LoadEvent { req: ReqId, id: String },
    /// Read the editions of an event.
    LoadEditions { req: ReqId, event_id: u64 },
    /// Stream every page of the tickets of an event or edition.
    LoadTickets { req: ReqId, event_id: u64 },
    /// Read one ticket.
    LoadTicket { req: ReqId, ticket_id: u64 },
    /// Stream every page of the customers list.
    LoadCustomers { req: ReqId },
    /// Enroll a person by e-mail (sent once).
    EnrollByEmail {
        req: ReqId,
        event_id: u64,
        person: NewAttendee,
        enrollment_type: String,
    },
    /// Enroll an existing customer (sent once).
    EnrollCustomer {
        req: ReqId,
        event_id: u64,
        customer_id: u64,
        enrollment_type: String,
    },
    /// Revoke a ticket (sent once).
    Revoke { req: ReqId, ticket_id: u64 },
}
