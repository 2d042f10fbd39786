//! Effects as data: what `update` asks the executor to do.

use crate::api::NewAttendee;

use super::list::ListQuery;
use super::state::ReqId;

/// One request to the API, answered with [`super::Msg::Reply`]s carrying the
/// same `req`, or the order to stop one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cmd {
    /// Stream every page of a list.
    LoadList { req: ReqId, list: ListQuery },
    /// Read a list's pages from `from` to its last: the tail, where a record
    /// just added is (the rows before it are not read again).
    LoadTail {
        req: ReqId,
        list: ListQuery,
        from: u32,
    },
    /// Read one event by id or hash.
    LoadEvent { req: ReqId, id: String },
    /// Read one ticket.
    LoadTicket { req: ReqId, ticket_id: u64 },
    /// Read one order, product or course in full.
    LoadRecord { req: ReqId, record: RecordQuery },
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
    /// Stop the read `req`: nobody is waiting for its answers any more.
    Cancel { req: ReqId },
}

/// A single record a detail screen reads, by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordQuery {
    Customer(u64),
    Order(u64),
    Product(u64),
    Course(u64),
}

impl Cmd {
    /// The request this command starts, or stops for `Cancel`.
    pub fn req(&self) -> ReqId {
        match self {
            Self::LoadList { req, .. }
            | Self::LoadTail { req, .. }
            | Self::LoadEvent { req, .. }
            | Self::LoadTicket { req, .. }
            | Self::LoadRecord { req, .. }
            | Self::EnrollByEmail { req, .. }
            | Self::EnrollCustomer { req, .. }
            | Self::Revoke { req, .. }
            | Self::Cancel { req } => *req,
        }
    }

    /// Enroll and revoke change the shop: once sent, their outcome must be
    /// learned, so they are never cancelled.
    pub fn is_write(&self) -> bool {
        matches!(
            self,
            Self::EnrollByEmail { .. } | Self::EnrollCustomer { .. } | Self::Revoke { .. }
        )
    }

    /// Whether the executor runs this as a task (everything but `Cancel`).
    pub fn is_task(&self) -> bool {
        !matches!(self, Self::Cancel { .. })
    }
}
