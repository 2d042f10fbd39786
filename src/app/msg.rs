//! Everything that can happen to the app: keys, mouse, time, and API answers.

use std::time::Instant;

use crossterm::event::{KeyEvent, MouseEvent};
use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::{CourseDetail, Customer, Event, OrderDetail, ProductDetail, Ticket};

use crate::store::{Admission, StoreError};

use super::find::FoundPage;
use super::list::PageIn;
use super::list::rows::TicketRow;
pub use super::state::ReqId;

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
    /// The wall clock in UTC ("YYYY-MM-DD HH:MM:SS"; the demo's pinned
    /// time), told at start and then every tick.
    Clock(String),
    /// One executor task ended, done or aborted (for the in-flight count).
    TaskDone,
    /// A task panicked (caught; what it said): a bug, told, not a crash.
    TaskPanicked(String),
    /// The API answered request `req`.
    Reply { req: ReqId, reply: Reply },
}

/// The other lanes' changes since the desk last asked (`Cmd::Follow`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Followed {
    /// How far the desk has read (ask again from it).
    pub cursor: crate::store::Cursor,
    pub changes: Vec<crate::store::Change>,
    /// On the first answer, the event's admissions (read after `seq`).
    pub admitted: Option<Vec<Admission>>,
    /// Whether the shared log answers (the desk's banner).
    pub reach: crate::store::Reach,
}

/// An answer from the API, addressed by the request id it carries.
// Replies are moved once, from the executor to their screen: boxing buys nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Reply {
    /// A page of a streamed list (rows already compact), or the error that ended it.
    Page(Result<PageIn, ApiError>),
    /// A list read from the local store (the audit log), or why the store
    /// could not be read.
    LocalPage(Result<PageIn, StoreError>),
    /// One event and its raw JSON.
    Event(Result<(Event, Value), ApiError>),
    /// One ticket and its raw JSON (a detail, or a re-read after an unclear write).
    Ticket(Result<(Ticket, Value), ApiError>),
    /// A ticket read before a VALID (`Cmd::CheckTicket`): what the API
    /// has now, and how long it took to say (the round trip the next
    /// deadline is sized from).
    Checked {
        checked: crate::door::Checked<TicketRow>,
        took: std::time::Duration,
    },
    /// One order in full and its raw JSON.
    Customer(Result<(Customer, Value), ApiError>),
    Order(Result<(OrderDetail, Value), ApiError>),
    /// One product in full and its raw JSON.
    Product(Result<(ProductDetail, Value), ApiError>),
    /// One course in full and its raw JSON.
    Course(Result<(CourseDetail, Value), ApiError>),
    /// How a search for tickets across events is going (or why it ended).
    Found(Result<FoundPage, ApiError>),
    /// The admissions of an event, from the desk log.
    Admissions(Result<Vec<Admission>, StoreError>),
    /// An admission recorded (`at` stamped), another lane's that won
    /// (`Recorded::AlreadyAdmitted`), or why not.
    Admitted(Result<crate::store::Recorded, StoreError>),
    /// A door's state read, or an exit, re-entry or forced admission
    /// recorded (`Cmd::Door`), or why not.
    Door(Result<crate::store::DoorDone, StoreError>),
    /// What a dashboard read of its door (`Cmd::DoorRead`).
    DoorRead(Result<crate::store::DoorRead, StoreError>),
    /// What the other lanes did (none: this desk log has no other lanes).
    Followed(Result<Option<Followed>, StoreError>),
    /// The tickets admitted twice, or why they cannot be read.
    Conflicts(Result<Vec<crate::store::Conflict>, StoreError>),
    /// The admission undone (none: there was none to undo), or why not.
    Unadmitted(Result<Option<crate::store::Undone>, StoreError>),
    /// An event's offline list: whose it is (the edition, for a main
    /// event's desk), its rows and when it was saved (none: never saved),
    /// or why it could not be read.
    Cached(Result<Option<(u64, Vec<TicketRow>, String)>, StoreError>),
    /// The tickets with a scanned number in the lists kept for other events.
    FoundNumber(Result<Vec<crate::store::NumberFound>, StoreError>),
    /// The answer to an enroll (by e-mail or of a customer).
    /// An enroll's answer, and its edition as read before sending ("Day 2
    /// (Sat 14 Mar)") for the line that says so.
    Enrolled(Result<(), ApiError>, Option<String>),
    /// The answer to a revoke of this ticket.
    Revoked {
        ticket_id: u64,
        result: Result<(), ApiError>,
    },
    /// A text file's content, or why it cannot be read.
    FileRead(Result<String, crate::i18n::Said>),
    /// A filter saved under this name, or why not.
    ViewSaved(Result<String, crate::i18n::Said>),
    /// The saved filters of a kind of list, by name, or why they cannot be read.
    Views(Result<Vec<(String, crate::app::views::SavedView)>, crate::i18n::Said>),
    /// An export written: how many rows, to which file; or why not.
    Exported {
        path: std::path::PathBuf,
        result: Result<usize, crate::app::export::ExportError>,
    },
}

impl Reply {
    /// Whether the API (or the local store) answered as asked: the status
    /// bar's "last error" goes once things work again.
    pub fn is_success(&self) -> bool {
        match self {
            Self::Page(r) => r.is_ok(),
            Self::LocalPage(r) => r.is_ok(),
            Self::Event(r) => r.is_ok(),
            Self::Ticket(r) => r.is_ok(),
            Self::Checked { checked, .. } => *checked != crate::door::Checked::NoAnswer,
            Self::Customer(r) => r.is_ok(),
            Self::Order(r) => r.is_ok(),
            Self::Product(r) => r.is_ok(),
            Self::Course(r) => r.is_ok(),
            Self::Found(r) => r.is_ok(),
            Self::Admissions(r) => r.is_ok(),
            Self::Admitted(r) => r.is_ok(),
            Self::Unadmitted(r) => r.is_ok(),
            Self::Followed(r) => r.is_ok(),
            Self::DoorRead(r) => r.is_ok(),
            Self::Door(r) => r.is_ok(),
            Self::Conflicts(r) => r.is_ok(),
            Self::Cached(r) => r.is_ok(),
            Self::FoundNumber(r) => r.is_ok(),
            Self::Enrolled(r, _) | Self::Revoked { result: r, .. } => r.is_ok(),
            Self::Exported { result, .. } => result.is_ok(),
            Self::ViewSaved(r) | Self::FileRead(r) => r.is_ok(),
            Self::Views(r) => r.is_ok(),
        }
    }
}
