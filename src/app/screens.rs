//! The screens of the stack. Each is a component: it owns its state, answers
//! its actions with an [`Outcome`], takes the replies addressed to it, and
//! renders into the `Rect` it is given. [`Screen`] dispatches to them in one
//! place, without wildcard arms: a new screen that misses a method does not
//! compile.

pub mod audit;
pub mod checkin;
pub mod course;
pub mod course_enrollments;
pub mod courses;
pub mod customer;
pub mod customers;
pub mod detail;
pub mod event;
pub mod events;
pub mod listing;
pub mod order;
pub mod orders;
pub mod product;
pub mod products;
pub mod ticket;
pub mod tickets;

use std::sync::Arc;
use std::time::Instant;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use serde_json::Value;

use crate::api::model::{Count, Counters, Loose, Ticket};
use crate::ui::Theme;
use crate::ui::widgets::thousands;

use super::cmd::Cmd;
use super::find::{Found, Wanted};
use super::keymap::{Action, Keymap, Scope};
use super::list::Kept;
use super::msg::Reply;
use super::overlays::Overlay;
use super::state::{ReqId, RequestIds, ToastKind};

/// What a screen is given to answer a key or a reply: fresh request ids,
/// the area it draws in, and whether writes are allowed. Never the model.
#[derive(Debug)]
pub struct Ctx<'a> {
    pub ids: &'a mut RequestIds,
    /// Lists kept while the user is elsewhere: a screen leaving puts its
    /// list here, one opening takes it back.
    pub kept: &'a mut Kept,
    pub body: Rect,
    pub readonly: bool,
    /// The last time the runtime told.
    pub now: Instant,
    /// The wall clock as last told (UTC "YYYY-MM-DD HH:MM:SS"; empty
    /// until known): what "today" is.
    pub wall: &'a str,
    /// This desk's name, for the admissions it records.
    pub desk: &'a str,
    /// Ring the bell on a bad scan.
    pub bell: bool,
    /// The keys in effect, for screens that read keys themselves (the desk)
    /// and for help.
    pub keys: &'a Arc<Keymap>,
}

/// What a screen asks the app to do after a key or a reply.
// Made and consumed at once: boxing the overlay buys nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Outcome {
    /// Nothing more (the screen may have changed itself).
    Stay,
    /// Run these commands.
    Run(Vec<Cmd>),
    /// Open this screen on top, with the commands that load it.
    Push(Box<Screen>, Vec<Cmd>),
    /// Leave this screen (at the root: quit, when the key was `q`).
    Pop,
    /// Open an overlay, with the commands it needs.
    Open(Overlay, Vec<Cmd>),
    /// Tell the user something.
    Toast(ToastKind, String),
    /// The screen could not read what it shows (its first read failed):
    /// it goes, if it is on top, and the error is told — a failed jump
    /// leaves the user where they were.
    Failed(String),
}

/// A change to one ticket that every screen holding it must show.
#[derive(Debug, Clone, Copy)]
pub enum TicketChange<'a> {
    /// A revoke of it was sent (`true`) or answered (`false`).
    Revoking(u64, bool),
    /// The API said OK to revoking it.
    Revoked(u64),
    /// It was read again.
    Read(&'a Ticket, &'a Value),
}

/// A write that went through; lists and counters it touches read again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Write {
    /// Someone was enrolled into `event_id` (an event or edition; unknown
    /// when nobody waited for the answer), `customer_id` when an existing
    /// customer was; `target` names it as the confirmation did
    /// ("Conference · Day 1 · 2026-12-01"; empty when not known).
    Enrolled {
        event_id: Option<u64>,
        customer_id: Option<u64>,
        target: String,
    },
    Revoked,
}

/// What every screen answers for.
pub trait Component {
    /// Which keymap table applies.
    fn scope(&self) -> Scope;
    /// The screen's step in the title line's path.
    fn crumb(&self) -> String;
    /// Answers a mapped key.
    fn action(&mut self, action: Action, key: KeyEvent, ctx: &mut Ctx) -> Outcome;
    /// Takes a key before the keymap while the screen has a text line open
    /// (a filter); `None` when it does not.
    fn text_key(&mut self, _key: KeyEvent, _ctx: &mut Ctx) -> Option<Outcome> {
        None
    }
    /// The mouse wheel.
    fn scroll(&mut self, delta: isize);
    /// A click at terminal line `y`.
    fn click(&mut self, _y: u16, _body: Rect) {}

    /// The terminal line the selection (or the cursor) is drawn on, in a
    /// body of `body`: toasts keep off it.
    fn selected_line(&self, _body: Rect) -> Option<u16> {
        None
    }
    /// The terminal lines no toast may cover: the selection, and what else
    /// the screen must keep in sight (a row just added, its key line, the
    /// desk's scan line). Default: the selection.
    fn keep_clear(&self, body: Rect) -> Vec<u16> {
        self.selected_line(body).into_iter().collect()
    }
    /// Whether a reply to `req` is for this screen.
    fn owns(&self, req: ReqId) -> bool;
    /// Takes a reply it owns.
    fn reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome;
    /// The lists still streaming in: cancelled when the screen goes.
    fn streaming(&self) -> Vec<ReqId>;
    /// Reads the screen again (`R`).
    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd>;
    /// The body's size changed.
    fn fit(&mut self, body: Rect);
    /// Draws into `area`.
    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme);
    /// Shows a change to a ticket it may hold.
    fn ticket_changed(&mut self, _change: TicketChange<'_>) {}
    /// Reads again what a write made stale.
    fn after_write(&mut self, _write: Write, _ctx: &mut Ctx) -> Vec<Cmd> {
        vec![]
    }
    /// The number of ticket `id`, if this screen holds it.
    fn ticket_number(&self, _id: u64) -> Option<String> {
        None
    }
    /// The screen leaves the stack: what is worth keeping goes to `kept`.
    fn leave(&mut self, _kept: &mut Kept, _now: Instant) {}
    /// What `y` copies: the selected record's key value (a ticket or order
    /// number, an event's name), if any.
    fn copy_text(&self) -> Option<String> {
        None
    }
    /// Whose tickets this screen wants from the lists loaded elsewhere (a
    /// customer's), when it has not been given them for what it knows now.
    fn wants_tickets(&self) -> Option<Wanted> {
        None
    }
    /// The tickets loaded elsewhere that are `wanted`'s.
    fn found_tickets(&mut self, _wanted: Wanted, _found: Vec<Found>) {}
    /// What the status bar adds while this screen is on top (a desk that
    /// is offline, and how old its list is).
    fn status_note(&self) -> Option<String> {
        None
    }
    /// Time passed (`ctx.now`): a screen that waits for a quiet gap or lets
    /// something expire acts on it.
    fn tick(&mut self, _ctx: &mut Ctx) -> Outcome {
        Outcome::Stay
    }
    /// The tickets this screen holds that are `wanted`'s.
    fn tickets_of(&self, _wanted: &Wanted) -> Vec<Found> {
        vec![]
    }
}

/// One screen of the stack.
// The stack holds a handful of screens: boxing them would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Screen {
    Events(events::EventsScreen),
    Event(event::EventScreen),
    Tickets(tickets::TicketsScreen),
    Ticket(ticket::TicketScreen),
    Customers(customers::CustomersScreen),
    Customer(customer::CustomerScreen),
    Orders(orders::OrdersScreen),
    Order(order::OrderScreen),
    Products(products::ProductsScreen),
    Product(product::ProductScreen),
    Courses(courses::CoursesScreen),
    Course(course::CourseScreen),
    CourseEnrollments(course_enrollments::CourseEnrollmentsScreen),
    Checkin(checkin::CheckinScreen),
    Audit(audit::AuditScreen),
}

/// The top-level lists, in the order of the header's tabs. Each is a root:
/// switching to one replaces the stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Events,
    Customers,
    Orders,
    Products,
    Courses,
}

impl Tab {
    pub const ALL: [Tab; 5] = [
        Self::Events,
        Self::Customers,
        Self::Orders,
        Self::Products,
        Self::Courses,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Self::Events => "Events",
            Self::Customers => "Customers",
            Self::Orders => "Orders",
            Self::Products => "Products",
            Self::Courses => "Courses",
        }
    }

    /// The tab a digit picks (`1` is the first).
    pub fn from_digit(c: char) -> Option<Self> {
        let n = c.to_digit(10)? as usize;
        Self::ALL.get(n.checked_sub(1)?).copied()
    }

    /// Its root screen and the command that loads it.
    pub fn open(self, ctx: &mut Ctx) -> (Screen, Cmd) {
        use super::list::ListQuery;
        match self {
            Self::Events => {
                let (s, cmd) = events::EventsScreen::open(ctx);
                (Screen::Events(s), cmd)
            }
            Self::Customers => {
                let (s, cmd) =
                    customers::CustomersScreen::open(ctx, ListQuery::Customers, "Customers".into());
                (Screen::Customers(s), cmd)
            }
            Self::Orders => {
                let (s, cmd) = orders::OrdersScreen::open(ctx, ListQuery::Orders, "Orders".into());
                (Screen::Orders(s), cmd)
            }
            Self::Products => {
                let (s, cmd) =
                    products::ProductsScreen::open(ctx, ListQuery::Products, "Products".into());
                (Screen::Products(s), cmd)
            }
            Self::Courses => {
                let (s, cmd) =
                    courses::CoursesScreen::open(ctx, ListQuery::Courses, "Courses".into());
                (Screen::Courses(s), cmd)
            }
        }
    }
}

impl Screen {
    /// The screen as a component: the one dispatch over the enum.
    pub fn component(&self) -> &dyn Component {
        match self {
            Self::Events(s) => s,
            Self::Event(s) => s,
            Self::Tickets(s) => s,
            Self::Ticket(s) => s,
            Self::Customers(s) => s,
            Self::Customer(s) => s,
            Self::Orders(s) => s,
            Self::Order(s) => s,
            Self::Products(s) => s,
            Self::Product(s) => s,
            Self::Courses(s) => s,
            Self::Course(s) => s,
            Self::CourseEnrollments(s) => s,
            Self::Audit(s) => s,
            Self::Checkin(s) => s,
        }
    }

    /// The tab this screen is the root of, if it is one.
    pub fn tab(&self) -> Option<Tab> {
        match self {
            Self::Events(_) => Some(Tab::Events),
            Self::Customers(_) => Some(Tab::Customers),
            Self::Orders(_) => Some(Tab::Orders),
            Self::Products(_) => Some(Tab::Products),
            Self::Courses(_) => Some(Tab::Courses),
            Self::Event(_)
            | Self::Tickets(_)
            | Self::Ticket(_)
            | Self::Customer(_)
            | Self::Order(_)
            | Self::Product(_)
            | Self::Course(_)
            | Self::CourseEnrollments(_)
            | Self::Audit(_)
            | Self::Checkin(_) => None,
        }
    }

    /// The same, to change it.
    pub fn component_mut(&mut self) -> &mut dyn Component {
        match self {
            Self::Events(s) => s,
            Self::Event(s) => s,
            Self::Tickets(s) => s,
            Self::Ticket(s) => s,
            Self::Customers(s) => s,
            Self::Customer(s) => s,
            Self::Orders(s) => s,
            Self::Order(s) => s,
            Self::Products(s) => s,
            Self::Product(s) => s,
            Self::Courses(s) => s,
            Self::Course(s) => s,
            Self::CourseEnrollments(s) => s,
            Self::Audit(s) => s,
            Self::Checkin(s) => s,
        }
    }
}

/// A count or a dash.
pub fn count(c: Option<Count>) -> String {
    c.map_or_else(|| "–".into(), |c| thousands(c.0))
}

/// "confirmed / stock": seats sold against what there is. A capacity of
/// another type than a count is shown as it came (`12 / "unlimited"`).
pub fn sold(counters: &Counters, capacity: &Loose<Count>) -> String {
    let confirmed = count(counters.tickets_confirmed);
    if let Some(other) = capacity.other() {
        return format!("{confirmed} / {other}");
    }
    match (capacity.get(), counters.stock_onhand) {
        (Some(cap), _) => format!("{confirmed} / {}", thousands(cap.0)),
        (None, Some(onhand)) if onhand.0 > 0 => format!("{confirmed} / {}", thousands(onhand.0)),
        _ => format!("{confirmed} / unlimited"),
    }
}

/// "2026-11-25 → 2026-11-27", or one date when they are the same.
pub fn dates(start: Option<&str>, end: Option<&str>) -> String {
    match (start, end) {
        (Some(s), Some(e)) if s == e => s.to_string(),
        (Some(s), Some(e)) => format!("{s} → {e}"),
        (Some(s), None) => s.to_string(),
        (None, Some(e)) => format!("→ {e}"),
        (None, None) => "–".into(),
    }
}

/// "published", "draft", or "inactive" (published but switched off).
pub fn state(published: Option<bool>, active: Option<bool>) -> String {
    match (published, active) {
        (Some(false), _) => "draft",
        (_, Some(false)) => "inactive",
        (Some(true), _) => "published",
        (None, _) => "–",
    }
    .to_string()
}

/// Where something that runs from one day to another stands against today.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Past,
    Today,
    Upcoming,
}

impl When {
    pub fn word(self) -> &'static str {
        match self {
            Self::Past => "past",
            Self::Today => "today",
            Self::Upcoming => "upcoming",
        }
    }
}

/// Where a run from `start` to `end` (dates or date-times; either may be
/// missing) stands against `today` ("YYYY-MM-DD"; empty: unknown).
pub fn when(start: Option<&str>, end: Option<&str>, today: &str) -> Option<When> {
    fn day(d: Option<&str>) -> Option<&str> {
        d.and_then(|d| d.get(..10))
    }
    let today = today.get(..10)?;
    let (first, last) = match (day(start), day(end)) {
        (None, None) => return None,
        (Some(a), None) => (a, a),
        (None, Some(b)) => (b, b),
        (Some(a), Some(b)) => (a, b),
    };
    Some(if last < today {
        When::Past
    } else if first > today {
        When::Upcoming
    } else {
        When::Today
    })
}

/// Where a list of editions (or events) opens: on the first running today,
/// else on the first still to come. `when_at(i)` is where row `i` stands;
/// `None` when none runs today or later (or the day is unknown). The Event
/// screen and the enroll picker both open here.
pub fn today_or_next(len: usize, when_at: impl Fn(usize) -> Option<When>) -> Option<usize> {
    let at = |w: When| (0..len).find(|&i| when_at(i) == Some(w));
    at(When::Today).or_else(|| at(When::Upcoming))
}

/// The cell of a "when" column: the word, styled by the table's caller.
pub fn when_word(w: Option<When>) -> &'static str {
    w.map_or("", When::word)
}
