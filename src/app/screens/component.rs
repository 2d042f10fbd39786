//! What every screen answers for, and what it asks the app to do.

use std::collections::HashSet;
use std::time::Instant;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use serde_json::Value;

use crate::api::model::Ticket;
use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::find::{Found, Wanted};
use crate::app::keymap::{Action, Keymap, Scope};
use crate::app::list::Kept;
use crate::app::list::rows::TicketRow;
use crate::app::msg::Reply;
use crate::app::overlays::Overlay;
use crate::app::state::{ReqId, ToastKind};
use crate::app::target::Target;
use crate::ui::Theme;

/// What a screen asks the app to do after a key or a reply.
// Made and consumed at once: boxing the overlay buys nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Outcome {
    /// Nothing more (the screen may have changed itself).
    Stay,
    /// Run these commands.
    Run(Vec<Cmd>),
    /// Open the screen `Target` names on top (the registry builds it:
    /// `screens::open`).
    Open(Target),
    /// Leave this screen; at the root, `quit` says whether the app quits
    /// (the key was `q`, not Esc).
    Pop { quit: bool },
    /// Open an overlay, with the commands it needs.
    Overlay(Overlay, Vec<Cmd>),
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
    fn crumb(&self, t: &crate::i18n::Tongue) -> String;
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
    /// Time passed (`ctx.now`): a screen that waits for a quiet gap or lets
    /// something expire acts on it.
    fn tick(&mut self, _ctx: &mut Ctx) -> Outcome {
        Outcome::Stay
    }
    /// Opened over the desk, it steps aside for a scan: a scanner's burst
    /// over it leaves it and goes to the desk under it (the door's
    /// dashboard, F7), instead of being dropped as on other screens.
    fn steps_aside_for_scans(&self) -> bool {
        false
    }
    /// What it shows moves with the clock's second (ages, states): the
    /// runtime tells it the time every second, not only when the minute
    /// changes.
    fn moves_with_the_second(&self) -> bool {
        false
    }
    /// Looks for `text` in its rows, and opens the only match once they are
    /// all in (`:customer <e-mail>` in the customers tab).
    fn look_for(&mut self, _text: &str, _ctx: &mut Ctx) -> Outcome {
        Outcome::Stay
    }
    /// Whether a text field of its own has the focus (a list's filter
    /// line): a burst's characters are typed there.
    fn typing(&self) -> bool {
        false
    }

    /// The door, when this screen holds it (the desk): quit asks there as
    /// leaving does, and with `AppOptions::desk_only` its going quits the
    /// app; it takes a scanner's bursts itself, every key (`update` routes
    /// keys to it without holding any, a burst over an overlay on it goes
    /// to it), and for a second after it leaves keys wait. `None`: it does
    /// not hold it.
    fn door(&self) -> Option<&dyn HoldsDoor> {
        None
    }
    /// The same, to change it.
    fn door_mut(&mut self) -> Option<&mut dyn HoldsDoor> {
        None
    }
    /// The tickets list the user works through, when this screen is one
    /// (saved filters, export, `:enroll-from`, marks). `None`: it is not.
    fn tickets_list(&self) -> Option<&dyn TicketsList> {
        None
    }
    /// The same, to change it.
    fn tickets_list_mut(&mut self) -> Option<&mut dyn TicketsList> {
        None
    }
}

/// What a screen that holds the door (the desk) answers for besides what
/// every screen does ([`Component::door`]).
pub trait HoldsDoor {
    /// What the status bar adds while it is on top (a desk that is
    /// offline, and how old its list is).
    fn status_note(&self) -> Option<String>;
    /// The status bar's keys while it is on top, instead of help and the
    /// palette (its help and its leave key).
    fn status_keys(&self, keys: &Keymap) -> Option<String>;
    /// A walk-in it enrolled was already enrolled (the API's code 1006):
    /// the commands it answers with, when it takes that (it shows their
    /// ticket and its verdict); `None`: the form says the error.
    fn already_enrolled(&mut self, who: &str, ctx: &mut Ctx) -> Option<Vec<Cmd>>;
    /// A burst closed the overlay over it (as typed before the burst):
    /// kept for later if it likes (the walk-in form).
    fn burst_closed(&mut self, overlay: Overlay);
}

/// What a tickets list the user works through answers for besides what
/// every screen does ([`Component::tickets_list`]).
pub trait TicketsList {
    /// The tickets list it shows, for `:ticket <number>`.
    fn loaded_tickets(&self) -> &[TicketRow];
    /// The tickets it holds that are `wanted`'s.
    fn tickets_of(&self, wanted: &Wanted) -> Vec<Found>;
    /// Its filter, tab and sort for `:save`, with the kind of list they
    /// apply to.
    fn saved_view(&self) -> Option<(&'static str, crate::app::views::SavedView)>;
    /// Applies a saved filter (`:filters`).
    fn apply_view(&mut self, view: &crate::app::views::SavedView);
    /// The titles of the columns its saved filters may sort by (`:filters`).
    fn column_titles(&self) -> Vec<&'static str>;
    /// The rows it shows, for `:export`.
    fn export(&self) -> Option<crate::app::overlays::export::Export>;
    /// What `:enroll-from` enrolls into from here: the edition or event,
    /// its name, and the e-mails (lower case) already holding a ticket that
    /// is not unenrolled.
    fn enroll_from(&self) -> Option<(u64, String, HashSet<String>)>;
    /// A bulk write ended: the rows left are to stay marked. False when it
    /// keeps no marks (then the next screen down is asked).
    fn keep_marked(&mut self, left: &[u64]) -> bool;
}
