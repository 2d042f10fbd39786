//! A ticket as the door needs it: [`Pass`] is what the verdict reads of a
//! ticket, whatever holds it (the desk's list rows, `admit`'s [`Ticket`]);
//! [`Ticket`] is a plain one, made from the API's record or an offline
//! list's.

use crate::api::model;
use crate::store::CachedTicket;

/// What the door reads of a ticket.
pub trait Pass: Clone + PartialEq {
    fn id(&self) -> u64;
    /// As printed on it ("TK-000041").
    fn number(&self) -> &str;
    /// The API's status ("confirmed", "unenrolled", …).
    fn status(&self) -> &str;
    /// The event or edition it names (its `event.id`).
    fn edition_id(&self) -> Option<u64>;
    /// That edition's name as the ticket carries it.
    fn edition(&self) -> &str;
    /// The attendee's name.
    fn attendee(&self) -> &str;
    /// The attendee's customer id (a note on the customer stops the door).
    fn customer_id(&self) -> Option<u64> {
        None
    }
    /// The number of the order it came from (empty: none): a whole order
    /// is admitted from one scan.
    fn order(&self) -> &str;
}

/// A ticket, plain.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ticket {
    pub id: u64,
    pub number: String,
    pub status: String,
    pub edition_id: Option<u64>,
    pub edition: String,
    pub attendee: String,
    pub customer_id: Option<u64>,
    /// The order's number (empty: none).
    pub order: String,
}

impl Ticket {
    /// The door's reading of an API ticket (as the desk's rows read it).
    pub fn of(t: &model::Ticket) -> Self {
        let attendee = t.attendee.clone().unwrap_or_default();
        Self {
            id: t.id,
            number: t.number.clone().unwrap_or_else(|| t.id.to_string()),
            status: t.status.clone().unwrap_or_default(),
            edition_id: t.event.as_ref().and_then(|e| e.id),
            edition: t
                .event
                .as_ref()
                .and_then(|e| e.name.clone())
                .unwrap_or_default(),
            customer_id: attendee.id,
            attendee: attendee.full_name(),
            order: t
                .order
                .as_ref()
                .and_then(|o| o.number.clone())
                .unwrap_or_default(),
        }
    }

    /// A ticket of an offline list.
    pub fn cached(t: &CachedTicket) -> Self {
        Self {
            id: t.id,
            number: t.number.clone(),
            status: t.status.clone(),
            edition_id: t.edition_id,
            edition: t.edition.clone(),
            attendee: t.name.clone(),
            customer_id: t.attendee_id,
            order: t.order.clone(),
        }
    }
}

impl Pass for Ticket {
    fn id(&self) -> u64 {
        self.id
    }
    fn number(&self) -> &str {
        &self.number
    }
    fn status(&self) -> &str {
        &self.status
    }
    fn edition_id(&self) -> Option<u64> {
        self.edition_id
    }
    fn edition(&self) -> &str {
        &self.edition
    }
    fn attendee(&self) -> &str {
        &self.attendee
    }
    fn customer_id(&self) -> Option<u64> {
        self.customer_id
    }
    fn order(&self) -> &str {
        &self.order
    }
}
