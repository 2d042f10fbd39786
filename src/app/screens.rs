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
pub mod shared;
pub mod ticket;
pub mod tickets;

use std::time::Instant;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use serde_json::Value;

use crate::api::model::Ticket;
use crate::ui::Theme;

use super::cmd::Cmd;
pub use super::ctx::Ctx;
use super::find::{Found, Wanted};
use super::keymap::{Action, Scope};
use super::list::Kept;
use super::list::ListQuery;
use super::msg::Reply;
use super::overlays::Overlay;
use super::state::{ReqId, ToastKind};
use super::tab::Tab;

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
    /// Leave this screen; at the root, `quit` says whether the app quits
    /// (the key was `q`, not Esc).
    Pop { quit: bool },
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Write {
    /// Someone was enrolled into `event_id` (an event or edition; unknown
    /// when nobody waited for the answer), `customer_id` when an existing
    /// customer was.
    Enrolled {
        event_id: Option<u64>,
        customer_id: Option<u64>,
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

/// The root screen of `tab` and the command that loads it.
pub fn open_tab(tab: Tab, ctx: &mut Ctx) -> (Screen, Cmd) {
    match tab {
        Tab::Events => {
            let (s, cmd) = events::EventsScreen::open(ctx);
            (Screen::Events(s), cmd)
        }
        Tab::Customers => {
            let (s, cmd) =
                customers::CustomersScreen::open(ctx, ListQuery::Customers, "Customers".into());
            (Screen::Customers(s), cmd)
        }
        Tab::Orders => {
            let (s, cmd) = orders::OrdersScreen::open(ctx, ListQuery::Orders, "Orders".into());
            (Screen::Orders(s), cmd)
        }
        Tab::Products => {
            let (s, cmd) =
                products::ProductsScreen::open(ctx, ListQuery::Products, "Products".into());
            (Screen::Products(s), cmd)
        }
        Tab::Courses => {
            let (s, cmd) = courses::CoursesScreen::open(ctx, ListQuery::Courses, "Courses".into());
            (Screen::Courses(s), cmd)
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
