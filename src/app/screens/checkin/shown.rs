//! What the desk shows and holds between keys: the verdict on screen and
//! whose it is (`Shown`, its `Face`), what is open over it (`Panel`), a
//! line of the last scans (`Entry`), the attendees a typed name matched,
//! and the scans the door could not judge yet with what each waits for.

use std::time::Instant;

use crate::app::list::rows::TicketRow;
use crate::app::state::ReqId;
use crate::door::{Key, Verdict};

/// What the big block shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Face {
    Verdict(Verdict),
    /// Not judged yet: the list is still read, a ticket read by id, the
    /// lists kept for other events looked in.
    Checking,
    /// The admission could not be recorded (rolled back).
    NotRecorded(String),
    /// An admission was undone (F8, answered).
    Undone,
    /// Admitted at another lane (its name), learned from the shared log:
    /// in the last scans only.
    Elsewhere(String),
}

/// What is open on the desk, over the verdict. A scanner's burst closes
/// any of them and is judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Panel {
    /// The desk's keys (F1), scrolled this far.
    Help(usize),
    /// F8 asks: undo this admission (the guest's name)?
    Undo(crate::store::Admission, String),
    /// F8 right after this desk's EXIT: undo that exit (its record, the
    /// guest's name), putting the guest back inside.
    UndoExit(crate::store::Admission, String),
    /// Leave the desk? (With a PIN set, what is typed is the PIN.)
    Leave,
    /// F3: what is typed is a name to look for.
    Search,
    /// F4: the last scans, where they are not beside the verdict.
    LastScans,
    /// F6: the tickets admitted twice (`lane.conflicts`).
    Conflicts,
    /// F9 asks: turn this lane into an exit lane (or back)?
    ExitLane,
    /// Ctrl-F asks: admit anyway outside the hours (the ticket, the name)?
    Force(u64, String),
    /// Enter asks: admit the rest of this order?
    Order(OrderShown),
}

/// One line of the last scans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// "HH:MM:SS" (UTC).
    pub at: String,
    pub number: String,
    pub name: String,
    pub face: Face,
    /// The scan it is of (0: not a scan of this desk).
    pub scan: u64,
}

/// The verdict on screen and whose it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    pub face: Face,
    /// What was scanned.
    pub scanned: String,
    pub ticket_id: Option<u64>,
    pub name: String,
    pub number: String,
    pub edition: String,
    /// What the verdict means, when more than the verdict says ("not a
    /// ticket code", a walk-in).
    pub why: Option<String>,
    /// When it was shown (a VALID gives way after `verdict_seconds`).
    pub at: Instant,
    /// The scan it is of (0: not a scan).
    pub scan: u64,
    /// The note on the ticket or its customer, shown with ⚑ beside the
    /// verdict (a VALID with one waits for Enter).
    pub flag: Option<String>,
    /// The rest of a VALID ticket's order (Enter admits it, asked first).
    pub order: Option<OrderShown>,
    /// A VALID forced past the door's hours or capacity (the rest of its
    /// order is forced too).
    pub forced: bool,
}

/// The attendees a typed name matched.
#[derive(Debug, Clone)]
pub struct Named {
    pub typed: String,
    pub rows: Vec<TicketRow>,
    pub cursor: usize,
}


/// A scan the door could not judge yet, and what it waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub scan: u64,
    /// As scanned (the door judges it again as it was).
    pub text: String,
    /// The ticket picked, when it was not scanned (a name searched).
    pub key: Option<Key>,
    pub waits: Waits,
}

/// What a pending scan waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Waits {
    /// The lists being read.
    Lists,
    /// The ticket of this id, read by this request.
    Read(ReqId, u64),
    /// This number key looked for in the lists kept for other events, by
    /// this request.
    Elsewhere(ReqId, String),
    /// A VALID's ticket read again from the API, by this request
    /// (`door::fresh`); true: an admission forced outside the hours, made
    /// once the ticket is still confirmed.
    Check(ReqId, u64, bool),
}

/// The other tickets of a VALID ticket's order this door lets in and has
/// not admitted, as the desk shows them under the verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderShown {
    /// The order's id, as the ticket names it.
    pub order: String,
    /// Not yet admitted: (ticket id, name).
    pub rest: Vec<(u64, String)>,
    /// The note on each of `rest` (⚑): a noted one is not picked.
    pub notes: Vec<Option<String>>,
    /// Admitted outside the hours (Ctrl-F): the rest is forced too.
    pub forced: bool,
    /// Admitted already: (name, "HH:MM:SS" or empty).
    pub admitted: Vec<(String, String)>,
    /// Which of `rest` Enter admits (all, until Space unpicks one), and
    /// the one ↑/↓ are on.
    pub picked: Vec<bool>,
    pub cursor: usize,
}

impl OrderShown {
    /// Space: the ticket under the cursor picked or not.
    pub fn toggle(&mut self) {
        if let Some(p) = self.picked.get_mut(self.cursor) {
            *p = !*p;
        }
    }

    /// ↑/↓ among the rest of the order.
    pub fn step(&mut self, up: bool) {
        self.cursor = if up {
            self.cursor.saturating_sub(1)
        } else {
            (self.cursor + 1).min(self.rest.len().saturating_sub(1))
        };
    }

    /// How many Enter admits.
    pub fn count(&self) -> usize {
        self.picked.iter().filter(|p| **p).count()
    }
}
