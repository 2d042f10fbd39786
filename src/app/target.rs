//! What a screen, an overlay or `update` asks to open: a request, never a
//! screen. Only the registry (`screens::open`) turns a target into a
//! screen, so no screen imports another and `update` names none
//! (CONTRIBUTING.md, "Ask, don't build").

use super::list::rows::{EditionRow, TicketScope};

/// A screen asked for, with what it opens on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A registered screen that needs nothing more (`:audit`), by its
    /// command word: its registration says how it opens.
    Registered(&'static str),
    /// An event by id or hash, titled `title` until it is read (an
    /// edition's id: its event, that edition selected).
    Event {
        asked: String,
        title: String,
    },
    /// The tickets of an event or of one edition.
    Tickets(TicketScope),
    /// One ticket by id; its number, when known, titles it until it is read.
    Ticket {
        id: u64,
        number: Option<String>,
    },
    /// One customer, titled `label` until the record is in.
    Customer {
        id: u64,
        label: String,
    },
    Order {
        id: u64,
        label: String,
    },
    Product {
        id: u64,
        label: String,
    },
    Course {
        id: u64,
        label: String,
    },
    /// The enrollments of a course.
    CourseEnrollments {
        course_id: u64,
        crumb: String,
    },
    /// The check-in desk of an event (today's edition is found) or of an
    /// edition, by id or hash; `title` when the screen below knows it.
    Checkin {
        asked: String,
        title: Option<String>,
    },
    /// The door at a glance of an event or edition (`valid`: its valid
    /// tickets when known, else its list is read to count them).
    Door {
        event_id: u64,
        title: String,
        valid: Option<u64>,
    },
    /// The desk of one edition picked on its event's screen, with the
    /// event's editions (a scan of a sibling is named, not unknown).
    CheckinEdition {
        edition_id: u64,
        title: String,
        parent_id: Option<u64>,
        editions: Vec<EditionRow>,
    },
}
