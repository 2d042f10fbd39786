//! Keys are data: one table per screen. The same tables drive the keys in
//! `update` and generate the `?` help and the README's keys table, so help can
//! never drift from behaviour.

use std::fmt::Write as _;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::state::Step;

/// What a key asks for, in the user's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Leave the program.
    Quit,
    /// Go back one screen (quit at the root).
    Back,
    /// Show the keys of this screen.
    Help,
    /// Open the command palette.
    Palette,
    /// Re-read the current screen from the API.
    Refresh,
    /// Move up one row.
    Up,
    /// Move down one row.
    Down,
    /// Go to the first row.
    Top,
    /// Go to the last row.
    Bottom,
    /// Move up one page.
    PageUp,
    /// Move down one page.
    PageDown,
    /// Open the selected row.
    Open,
    /// Tickets of the main event (the first available edition).
    MainTickets,
    /// Enroll a person by e-mail.
    Enroll,
    /// Enroll an existing customer.
    EnrollCustomer,
    /// Revoke the selected ticket.
    Revoke,
    /// Start the live filter.
    Filter,
    /// The next status tab.
    NextTab,
    /// The previous status tab.
    PrevTab,
    /// Jump to status tab 1..6 (the digit says which).
    JumpTab,
    /// Sort by the next column.
    SortNext,
    /// Reverse the sort.
    SortReverse,
    /// Switch between the fields view and the raw JSON.
    ToggleRaw,
    /// At a root screen: switch to top-level tab 1..5 (the digit says which).
    RootTab,
    /// The enrollments of the course.
    Enrollments,
    /// Copy the selected record's key value to the clipboard.
    Copy,
    /// Find the customer's tickets in the current and upcoming events (or
    /// stop the search).
    FindTickets,
    /// Open the check-in desk of the event or edition.
    CheckIn,
    /// At the desk: check what is typed (or the attendee picked).
    Scan,
    /// At the desk: pick among the attendees a typed name listed.
    Pick,
    /// At the desk: undo this desk's last admission.
    Undo,
    /// At the desk: clear the verdict.
    ClearVerdict,
    /// At the desk: the last scans (where they are not beside the verdict).
    LastScans,
    /// At the desk: leave it (asks; the PIN when one is set).
    Leave,
}

impl Action {
    /// Every action, in the order of the enum.
    pub const ALL: [Action; 34] = [
        Self::Quit,
        Self::Back,
        Self::Help,
        Self::Palette,
        Self::Refresh,
        Self::Up,
        Self::Down,
        Self::Top,
        Self::Bottom,
        Self::PageUp,
        Self::PageDown,
        Self::Open,
        Self::MainTickets,
        Self::Enroll,
        Self::EnrollCustomer,
        Self::Revoke,
        Self::Filter,
        Self::NextTab,
        Self::PrevTab,
        Self::JumpTab,
        Self::SortNext,
        Self::SortReverse,
        Self::ToggleRaw,
        Self::RootTab,
        Self::Enrollments,
        Self::Copy,
        Self::FindTickets,
        Self::CheckIn,
        Self::Scan,
        Self::Pick,
        Self::Undo,
        Self::ClearVerdict,
        Self::LastScans,
        Self::Leave,
    ];

    /// The action's name in config.toml's `[keys.<screen>]` tables: the
    /// variant in `snake_case`. A new action gets its name here.
    pub fn name(self) -> &'static str {
        match self {
            Self::Quit => "quit",
            Self::Back => "back",
            Self::Help => "help",
            Self::Palette => "palette",
            Self::Refresh => "refresh",
            Self::Up => "up",
            Self::Down => "down",
            Self::Top => "top",
            Self::Bottom => "bottom",
            Self::PageUp => "page_up",
            Self::PageDown => "page_down",
            Self::Open => "open",
            Self::MainTickets => "main_tickets",
            Self::Enroll => "enroll",
            Self::EnrollCustomer => "enroll_customer",
            Self::Revoke => "revoke",
            Self::Filter => "filter",
            Self::NextTab => "next_tab",
            Self::PrevTab => "prev_tab",
            Self::JumpTab => "jump_tab",
            Self::SortNext => "sort_next",
            Self::SortReverse => "sort_reverse",
            Self::ToggleRaw => "toggle_raw",
            Self::RootTab => "root_tab",
            Self::Enrollments => "enrollments",
            Self::Copy => "copy",
            Self::FindTickets => "find_tickets",
            Self::CheckIn => "check_in",
            Self::Scan => "scan",
            Self::Pick => "pick",
            Self::Undo => "undo",
            Self::ClearVerdict => "clear_verdict",
            Self::LastScans => "last_scans",
            Self::Leave => "leave",
        }
    }

    /// An action by its config name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Actions whose key says more than which action (the digit of a tab,
    /// the arrow of a pick): their keys are fixed.
    pub fn fixed_keys(self) -> bool {
        matches!(self, Self::JumpTab | Self::RootTab | Self::Pick)
    }

    /// Actions that move the selection or scroll.
    pub fn moves(self) -> bool {
        matches!(
            self,
            Self::Up | Self::Down | Self::Top | Self::Bottom | Self::PageUp | Self::PageDown
        )
    }

    /// The movement of the selection this action asks for, if it is one.
    pub fn step(self) -> Option<Step> {
        Some(match self {
            Self::Up => Step::Up,
            Self::Down => Step::Down,
            Self::Top => Step::Top,
            Self::Bottom => Step::Bottom,
            Self::PageUp => Step::PageUp,
            Self::PageDown => Step::PageDown,
            _ => return None,
        })
    }

    /// Actions that write to the API: hidden and refused in read-only mode.
    pub fn writes(self) -> bool {
        matches!(self, Self::Enroll | Self::EnrollCustomer | Self::Revoke)
    }
}

/// One key: a code, and whether Ctrl is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

const fn k(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: false,
    }
}
const fn code(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}
const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: true,
    }
}

impl Key {
    /// True when the pressed key is this one. Shift is part of the character
    /// (`S` is not `s`), so it is ignored for characters.
    pub fn matches(&self, ev: &KeyEvent) -> bool {
        let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl != self.ctrl {
            return false;
        }
        match (self.code, ev.code) {
            (KeyCode::BackTab, KeyCode::BackTab) => true,
            (KeyCode::Tab, KeyCode::Tab) => !ev.modifiers.contains(KeyModifiers::SHIFT),
            (a, b) => a == b,
        }
    }

    /// A key as config.toml writes it: one character (`d`, `?`, `S`),
    /// `Enter Esc Tab Shift-Tab Space Up Down Left Right PgUp PgDn Home End
    /// F1`..`F12`, `Ctrl-x`; names in any case, and the labels help shows
    /// (`↑`, `PgDn`) too.
    pub fn parse(text: &str) -> Result<Key, String> {
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Ok(match c {
                '↑' => code(KeyCode::Up),
                '↓' => code(KeyCode::Down),
                '←' => code(KeyCode::Left),
                '→' => code(KeyCode::Right),
                c if c.is_control() => return Err(format!("{text:?} is not a key")),
                c => k(c),
            });
        }
        let lower = text.to_ascii_lowercase();
        if let Some(rest) = lower
            .strip_prefix("ctrl-")
            .or_else(|| lower.strip_prefix("ctrl+"))
        {
            let mut chars = rest.chars();
            return match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_graphic() => Ok(ctrl(c)),
                _ => Err(format!(
                    "{text:?}: Ctrl- takes one letter or sign, as in Ctrl-l"
                )),
            };
        }
        let named = match lower.as_str() {
            "enter" | "return" => KeyCode::Enter,
            "esc" | "escape" => KeyCode::Esc,
            "tab" => KeyCode::Tab,
            "shift-tab" | "backtab" => KeyCode::BackTab,
            "space" => KeyCode::Char(' '),
            "up" => KeyCode::Up,
            "down" => KeyCode::Down,
            "left" => KeyCode::Left,
            "right" => KeyCode::Right,
            "pgup" | "pageup" => KeyCode::PageUp,
            "pgdn" | "pagedown" => KeyCode::PageDown,
            "home" => KeyCode::Home,
            "end" => KeyCode::End,
            f if f.starts_with('f') => match f[1..].parse::<u8>() {
                Ok(n @ 1..=12) => KeyCode::F(n),
                _ => return Err(unknown_key(text)),
            },
            _ => return Err(unknown_key(text)),
        };
        Ok(code(named))
    }

    /// A key a scanner or a text field could type: a character without Ctrl.
    pub fn printable(&self) -> bool {
        matches!(self.code, KeyCode::Char(_)) && !self.ctrl
    }

    /// The key as help shows it.
    pub fn label(&self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::Enter => "Enter".into(),
            KeyCode::Esc => "Esc".into(),
            KeyCode::Tab => "Tab".into(),
            KeyCode::BackTab => "Shift-Tab".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::Home => "Home".into(),
            KeyCode::End => "End".into(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        if self.ctrl {
            format!("Ctrl-{base}")
        } else {
            base
        }
    }
}

fn unknown_key(text: &str) -> String {
    format!(
        "{text:?} is not a key (one character, or Enter Esc Tab Shift-Tab Space Up Down Left \
         Right PgUp PgDn Home End F1..F12 Ctrl-x)"
    )
}

/// A row of a keymap: the keys, what they do, and the help text.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    pub keys: &'static [Key],
    pub action: Action,
    pub help: &'static str,
}

const fn b(keys: &'static [Key], action: Action, help: &'static str) -> Binding {
    Binding { keys, action, help }
}

/// Keys that work on every screen.
pub const GLOBAL: &[Binding] = &[
    // Ctrl-Z is answered before any keymap and cannot be bound: told here.
    b(
        &[ctrl('c')],
        Action::Quit,
        "quit (Ctrl-z suspends, fg resumes)",
    ),
    b(&[k('q')], Action::Back, "back (quit at the root)"),
    b(
        &[code(KeyCode::Esc)],
        Action::Back,
        "back (first clears a filter)",
    ),
    b(&[k('?')], Action::Help, "help"),
    b(&[k(':')], Action::Palette, "command palette"),
    b(&[k('R')], Action::Refresh, "refresh this screen"),
];

const MOVE: [Binding; 4] = [
    b(&[k('j'), code(KeyCode::Down)], Action::Down, "down"),
    b(&[k('k'), code(KeyCode::Up)], Action::Up, "up"),
    b(&[k('g'), code(KeyCode::Home)], Action::Top, "first row"),
    b(&[k('G'), code(KeyCode::End)], Action::Bottom, "last row"),
];
const PAGE: [Binding; 2] = [
    b(&[code(KeyCode::PageDown)], Action::PageDown, "page down"),
    b(&[code(KeyCode::PageUp)], Action::PageUp, "page up"),
];

/// The tab keys of the root screens.
const ROOT_TAB: Binding = b(
    &[k('1'), k('2'), k('3'), k('4'), k('5')],
    Action::RootTab,
    "tab: Events · Customers · Orders · Products · Courses",
);

/// The events list.
pub const EVENTS: &[Binding] = &[
    MOVE[0],
    MOVE[1],
    MOVE[2],
    MOVE[3],
    PAGE[0],
    PAGE[1],
    b(&[code(KeyCode::Enter)], Action::Open, "open the event"),
    b(&[k('/')], Action::Filter, "filter by name"),
    b(&[k('s')], Action::SortNext, "sort by the next column"),
    b(&[k('S')], Action::SortReverse, "reverse the sort"),
    b(
        &[k('e')],
        Action::Enroll,
        "enroll by e-mail (first available edition)",
    ),
    b(
        &[k('a')],
        Action::EnrollCustomer,
        "enroll a customer (first available edition)",
    ),
    b(&[k('y')], Action::Copy, "copy the event's name"),
    b(
        &[k('c')],
        Action::CheckIn,
        "check-in desk (today's edition)",
    ),
    ROOT_TAB,
];

/// One event and its editions.
pub const EVENT: &[Binding] = &[
    MOVE[0],
    MOVE[1],
    MOVE[2],
    MOVE[3],
    PAGE[0],
    PAGE[1],
    b(
        &[code(KeyCode::Enter)],
        Action::Open,
        "tickets of the edition",
    ),
    b(&[k('t')], Action::MainTickets, "tickets of the main event"),
    b(
        &[k('e')],
        Action::Enroll,
        "enroll by e-mail into the selected edition",
    ),
    b(
        &[k('a')],
        Action::EnrollCustomer,
        "enroll a customer into the selected edition",
    ),
    b(
        &[k('c')],
        Action::CheckIn,
        "check-in desk of the selected edition",
    ),
];

/// The tickets of an edition or of the main event.
pub const TICKETS: &[Binding] = &[
    MOVE[0],
    MOVE[1],
    MOVE[2],
    MOVE[3],
    PAGE[0],
    PAGE[1],
    b(&[code(KeyCode::Enter)], Action::Open, "ticket detail"),
    b(&[k('/')], Action::Filter, "filter by name, e-mail, number"),
    b(
        &[code(KeyCode::Tab), code(KeyCode::Right)],
        Action::NextTab,
        "next status tab",
    ),
    b(
        &[code(KeyCode::BackTab), code(KeyCode::Left)],
        Action::PrevTab,
        "previous status tab",
    ),
    b(
        &[k('1'), k('2'), k('3'), k('4'), k('5'), k('6')],
        Action::JumpTab,
        "status tab 1..6",
    ),
    b(&[k('s')], Action::SortNext, "sort by the next column"),
    b(&[k('S')], Action::SortReverse, "reverse the sort"),
    b(
        &[k('e')],
        Action::Enroll,
        "enroll by e-mail (into these tickets' edition)",
    ),
    b(
        &[k('a')],
        Action::EnrollCustomer,
        "enroll a customer (same)",
    ),
    b(&[k('x')], Action::Revoke, "revoke the ticket"),
    b(&[k('y')], Action::Copy, "copy the ticket number"),
];

/// One ticket.
pub const TICKET: &[Binding] = &[
    DETAIL_MOVES[0],
    DETAIL_MOVES[1],
    DETAIL_MOVES[2],
    DETAIL_MOVES[3],
    DETAIL_MOVES[4],
    DETAIL_MOVES[5],
    DETAIL_MOVES[6],
    OPEN_LINE,
    b(&[k('x')], Action::Revoke, "revoke the ticket"),
    b(&[k('y')], Action::Copy, "copy the ticket number"),
];

/// `Enter` on a detail's line that names another record.
const OPEN_LINE: Binding = b(
    &[code(KeyCode::Enter)],
    Action::Open,
    "open what the line names (marked ›)",
);

const DETAIL_MOVES: [Binding; 7] = [
    b(&[k('j'), code(KeyCode::Down)], Action::Down, "next line"),
    b(&[k('k'), code(KeyCode::Up)], Action::Up, "previous line"),
    b(&[k('g'), code(KeyCode::Home)], Action::Top, "top"),
    b(&[k('G'), code(KeyCode::End)], Action::Bottom, "bottom"),
    PAGE[0],
    PAGE[1],
    b(&[k('r')], Action::ToggleRaw, "fields / raw JSON"),
];

/// The customers list.
pub const CUSTOMERS: &[Binding] = &[
    MOVE[0],
    MOVE[1],
    MOVE[2],
    MOVE[3],
    PAGE[0],
    PAGE[1],
    b(&[code(KeyCode::Enter)], Action::Open, "open the customer"),
    b(
        &[k('/')],
        Action::Filter,
        "search name, e-mail, phone (best first)",
    ),
    b(&[k('s')], Action::SortNext, "sort by the next column"),
    b(&[k('S')], Action::SortReverse, "reverse the sort"),
    b(&[k('y')], Action::Copy, "copy the e-mail"),
    ROOT_TAB,
];

/// One customer.
pub const CUSTOMER: &[Binding] = &[
    DETAIL_MOVES[0],
    DETAIL_MOVES[1],
    DETAIL_MOVES[2],
    DETAIL_MOVES[3],
    DETAIL_MOVES[4],
    DETAIL_MOVES[5],
    DETAIL_MOVES[6],
    OPEN_LINE,
    b(
        &[k('f')],
        Action::FindTickets,
        "find their tickets in current and upcoming events (again: stop)",
    ),
    b(&[k('x')], Action::Revoke, "revoke the ticket on the line"),
    b(
        &[k('t')],
        Action::MainTickets,
        "tickets of that ticket's event or edition",
    ),
    b(
        &[k('n')],
        Action::EnrollCustomer,
        "enroll them in an event (pick event, then edition)",
    ),
    b(
        &[k('y')],
        Action::Copy,
        "copy the ticket number on the line, else the e-mail",
    ),
];

/// The orders list.
pub const ORDERS: &[Binding] = &[
    MOVE[0],
    MOVE[1],
    MOVE[2],
    MOVE[3],
    PAGE[0],
    PAGE[1],
    b(&[code(KeyCode::Enter)], Action::Open, "open the order"),
    b(
        &[k('/')],
        Action::Filter,
        "filter by number, customer, e-mail",
    ),
    b(&[k('s')], Action::SortNext, "sort by the next column"),
    b(&[k('S')], Action::SortReverse, "reverse the sort"),
    COPY_ORDER,
    ROOT_TAB,
];

const COPY_ORDER: Binding = b(&[k('y')], Action::Copy, "copy the order number");

/// One order.
pub const ORDER: &[Binding] = &[
    DETAIL_MOVES[0],
    DETAIL_MOVES[1],
    DETAIL_MOVES[2],
    DETAIL_MOVES[3],
    DETAIL_MOVES[4],
    DETAIL_MOVES[5],
    DETAIL_MOVES[6],
    OPEN_LINE,
    COPY_ORDER,
];

/// The products list.
pub const PRODUCTS: &[Binding] = &[
    MOVE[0],
    MOVE[1],
    MOVE[2],
    MOVE[3],
    PAGE[0],
    PAGE[1],
    b(&[code(KeyCode::Enter)], Action::Open, "open the product"),
    b(&[k('/')], Action::Filter, "filter by name"),
    b(&[k('s')], Action::SortNext, "sort by the next column"),
    b(&[k('S')], Action::SortReverse, "reverse the sort"),
    ROOT_TAB,
];

/// One product.
pub const PRODUCT: &[Binding] = &DETAIL_MOVES;

/// The courses list.
pub const COURSES: &[Binding] = &[
    MOVE[0],
    MOVE[1],
    MOVE[2],
    MOVE[3],
    PAGE[0],
    PAGE[1],
    b(&[code(KeyCode::Enter)], Action::Open, "open the course"),
    b(&[k('e')], Action::Enrollments, "the course's enrollments"),
    b(&[k('/')], Action::Filter, "filter by name"),
    b(&[k('s')], Action::SortNext, "sort by the next column"),
    b(&[k('S')], Action::SortReverse, "reverse the sort"),
    ROOT_TAB,
];

/// One course.
pub const COURSE: &[Binding] = &[
    DETAIL_MOVES[0],
    DETAIL_MOVES[1],
    DETAIL_MOVES[2],
    DETAIL_MOVES[3],
    DETAIL_MOVES[4],
    DETAIL_MOVES[5],
    DETAIL_MOVES[6],
    b(&[k('e')], Action::Enrollments, "the course's enrollments"),
];

/// The enrollments of a course.
pub const COURSE_ENROLLMENTS: &[Binding] = &[
    MOVE[0],
    MOVE[1],
    MOVE[2],
    MOVE[3],
    PAGE[0],
    PAGE[1],
    b(&[k('/')], Action::Filter, "filter by name, e-mail"),
    b(&[k('s')], Action::SortNext, "sort by the next column"),
    b(&[k('S')], Action::SortReverse, "reverse the sort"),
];

/// The check-in desk. Its input line takes every key (a scanner types
/// letters and digits), so the desk's own keys are ones a scanner cannot
/// type: function keys and Ctrl-combinations.
pub const CHECKIN: &[Binding] = &[
    b(
        &[code(KeyCode::Enter)],
        Action::Scan,
        "check what is typed; answer yes to a question",
    ),
    b(
        &[code(KeyCode::Up), code(KeyCode::Down)],
        Action::Pick,
        "pick among the attendees a name search lists",
    ),
    b(
        &[code(KeyCode::Esc)],
        Action::Back,
        "close what is open, clear the input, then the verdict (never leaves)",
    ),
    b(&[code(KeyCode::F(1))], Action::Help, "help"),
    b(
        &[code(KeyCode::F(2))],
        Action::Enroll,
        "walk-in: enroll by e-mail into this edition, then admit",
    ),
    b(
        &[code(KeyCode::F(3))],
        Action::Filter,
        "find an attendee by name",
    ),
    b(&[code(KeyCode::F(4))], Action::LastScans, "the last scans"),
    b(
        &[code(KeyCode::F(5))],
        Action::Refresh,
        "read the tickets again",
    ),
    b(
        &[code(KeyCode::F(8))],
        Action::Undo,
        "undo this desk's latest admission (asks)",
    ),
    b(&[ctrl('l')], Action::ClearVerdict, "clear the verdict"),
    b(
        &[ctrl('q')],
        Action::Leave,
        "leave the desk (asks; the PIN when one is set)",
    ),
];

/// The audit log (`:audit`).
pub const AUDIT: &[Binding] = &[
    MOVE[0],
    MOVE[1],
    MOVE[2],
    MOVE[3],
    PAGE[0],
    PAGE[1],
    b(
        &[k('/')],
        Action::Filter,
        "filter by operation, target, desk, outcome",
    ),
    b(&[k('s')], Action::SortNext, "sort by the next column"),
    b(&[k('S')], Action::SortReverse, "reverse the sort"),
];

/// Where the keys of a screen are looked up, for help and the README.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Events,
    Event,
    Tickets,
    Ticket,
    Customers,
    Customer,
    Orders,
    Order,
    Products,
    Product,
    Courses,
    Course,
    CourseEnrollments,
    Checkin,
    Audit,
}

impl Scope {
    pub const ALL: [Scope; 15] = [
        Self::Events,
        Self::Event,
        Self::Tickets,
        Self::Ticket,
        Self::Customers,
        Self::Customer,
        Self::Orders,
        Self::Order,
        Self::Products,
        Self::Product,
        Self::Courses,
        Self::Course,
        Self::CourseEnrollments,
        Self::Checkin,
        Self::Audit,
    ];

    pub fn table(self) -> &'static [Binding] {
        match self {
            Self::Events => EVENTS,
            Self::Event => EVENT,
            Self::Tickets => TICKETS,
            Self::Ticket => TICKET,
            Self::Customers => CUSTOMERS,
            Self::Customer => CUSTOMER,
            Self::Orders => ORDERS,
            Self::Order => ORDER,
            Self::Products => PRODUCTS,
            Self::Product => PRODUCT,
            Self::Courses => COURSES,
            Self::Course => COURSE,
            Self::CourseEnrollments => COURSE_ENROLLMENTS,
            Self::Checkin => CHECKIN,
            Self::Audit => AUDIT,
        }
    }

    /// The screen's name in config.toml (`[keys.<name>]`). A new screen
    /// gets its name here.
    pub fn name(self) -> &'static str {
        match self {
            Self::Events => "events",
            Self::Event => "event",
            Self::Tickets => "tickets",
            Self::Ticket => "ticket",
            Self::Customers => "customers",
            Self::Customer => "customer",
            Self::Orders => "orders",
            Self::Order => "order",
            Self::Products => "products",
            Self::Product => "product",
            Self::Courses => "courses",
            Self::Course => "course",
            Self::CourseEnrollments => "course_enrollments",
            Self::Checkin => "desk",
            Self::Audit => "audit",
        }
    }

    /// A screen by its config name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }

    fn index(self) -> usize {
        self as usize
    }

    pub fn title(self) -> &'static str {
        match self {
            Self::Events => "Events",
            Self::Event => "Event",
            Self::Tickets => "Tickets",
            Self::Ticket => "Ticket",
            Self::Customers => "Customers",
            Self::Customer => "Customer",
            Self::Orders => "Orders",
            Self::Order => "Order",
            Self::Products => "Products",
            Self::Product => "Product",
            Self::Courses => "Courses",
            Self::Course => "Course",
            Self::CourseEnrollments => "Course enrollments",
            Self::Checkin => "Check-in",
            Self::Audit => "Audit log",
        }
    }
}

/// The keys of a binding as help shows them ("j/↓").
pub fn keys_label(binding: &Binding) -> String {
    label_of(binding.action, binding.keys)
}

fn label_of(action: Action, keys: &[Key]) -> String {
    match action {
        Action::JumpTab => return "1..6".into(),
        Action::RootTab => return "1..5".into(),
        _ => {}
    }
    keys.iter().map(Key::label).collect::<Vec<_>>().join("/")
}

/// The help rows of a screen with the default keys (see
/// [`Keymap::help_rows`]).
pub fn help_rows(scope: Scope, readonly: bool) -> Vec<(String, String)> {
    Keymap::default().help_rows(scope, readonly)
}

/// One row of the effective keymap of a screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bound {
    pub keys: Vec<Key>,
    pub action: Action,
    pub help: &'static str,
    /// From the global table (help lists it under "everywhere").
    pub global: bool,
    /// Not changed by a rebinding of its action: Esc going back.
    pub fixed: bool,
    /// The config.toml line that set these keys; `None`: the default.
    pub line: Option<usize>,
}

impl Bound {
    fn of(bnd: &Binding, global: bool) -> Self {
        Self {
            keys: bnd.keys.to_vec(),
            action: bnd.action,
            help: bnd.help,
            global,
            fixed: global && bnd.action == Action::Back && bnd.keys == [code(KeyCode::Esc)],
            line: None,
        }
    }

    fn hit(&self, ev: &KeyEvent) -> bool {
        self.keys.iter().any(|key| key.matches(ev))
    }
}

/// A binding from config.toml: on `scope` (`None`: `[keys.global]`),
/// `action` gets `keys` instead of its defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rebind {
    pub scope: Option<Scope>,
    pub action: Action,
    pub keys: Vec<Key>,
    /// Its line in config.toml, for errors.
    pub line: usize,
}

/// A rebinding that cannot be: where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeymapError {
    pub line: usize,
    pub message: String,
}

/// The keys in effect: each screen's table with the global keys after it,
/// the defaults changed by config.toml's `[keys.*]`. Built once at start
/// and kept in the model, so `update` stays pure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    tables: Vec<Vec<Bound>>,
}

impl Default for Keymap {
    fn default() -> Self {
        let tables = Scope::ALL
            .into_iter()
            .map(|scope| {
                let own = scope.table().iter().map(|b| Bound::of(b, false));
                // The desk's input line takes every key a scanner types; of
                // the global keys only quit (never a printable key) works there.
                let global = GLOBAL
                    .iter()
                    .filter(|b| scope != Scope::Checkin || b.action == Action::Quit)
                    .map(|b| Bound::of(b, true));
                own.chain(global).collect()
            })
            .collect();
        Self { tables }
    }
}

impl Keymap {
    /// The defaults with `rebinds` applied: `[keys.global]` first, then
    /// each screen's (which wins on its screen). Every problem is
    /// reported, each with its line.
    pub fn build(rebinds: &[Rebind]) -> Result<Self, Vec<KeymapError>> {
        let mut map = Self::default();
        let mut errors = Vec::new();
        let (global, screens): (Vec<&Rebind>, Vec<&Rebind>) =
            rebinds.iter().partition(|r| r.scope.is_none());
        for r in global.into_iter().chain(screens) {
            if let Err(message) = map.apply(r) {
                errors.push(KeymapError {
                    line: r.line,
                    message,
                });
            }
        }
        if errors.is_empty() {
            errors = map.clashes();
        }
        if errors.is_empty() {
            Ok(map)
        } else {
            errors.sort_by_key(|e| e.line);
            errors.dedup();
            Err(errors)
        }
    }

    fn apply(&mut self, r: &Rebind) -> Result<(), String> {
        let action = r.action.name();
        let place = r.scope.map_or_else(
            || "[keys.global]".to_string(),
            |s| format!("[keys.{}]", s.name()),
        );
        if r.keys.is_empty() {
            return Err(format!("{place} {action}: give at least one key"));
        }
        if r.keys.contains(&ctrl('z')) {
            return Err(format!(
                "{place} {action}: Ctrl-z suspends the app (fg resumes it) and cannot be bound"
            ));
        }
        if r.action.fixed_keys() {
            return Err(format!(
                "{place} {action}: its keys cannot be changed (the key itself says which)"
            ));
        }
        if r.action == Action::Quit {
            if r.scope.is_some() {
                return Err(format!(
                    "{place} quit: quit works everywhere, set it under [keys.global]"
                ));
            }
            if let Some(key) = r
                .keys
                .iter()
                .find(|k| !matches!(k.code, KeyCode::F(_)) && !k.ctrl)
            {
                return Err(format!(
                    "[keys.global] quit = {:?}: quit must be a Ctrl- or F-key, which no text field \
                     takes",
                    key.label()
                ));
            }
        }
        if r.scope == Some(Scope::Checkin)
            && let Some(key) = r.keys.iter().find(|k| k.printable())
        {
            return Err(format!(
                "[keys.desk] {action} = {:?}: the desk's input takes every letter, digit and sign \
                 a scanner types; use an F-key, a Ctrl- key or Enter/Esc/arrows",
                key.label()
            ));
        }
        if r.scope.is_none() && !GLOBAL.iter().any(|b| b.action == r.action) {
            return Err(format!(
                "[keys.global] {action}: not a global action; set it under the screen it belongs \
                 to (global: {})",
                names(GLOBAL.iter().map(|b| b.action))
            ));
        }
        let scopes: Vec<Scope> = r
            .scope
            .map_or_else(|| Scope::ALL.to_vec(), |scope| vec![scope]);
        for scope in scopes {
            let table = &mut self.tables[scope.index()];
            let mut rows = table
                .iter()
                .enumerate()
                .filter(|(_, b)| {
                    b.action == r.action && !b.fixed && (r.scope.is_some() || b.global)
                })
                .map(|(i, _)| i);
            let Some(first) = rows.next() else {
                if r.scope.is_none() {
                    continue;
                }
                return Err(format!(
                    "{place} {action}: not an action of the {} screen (its actions: {})",
                    scope.name(),
                    names(table.iter().map(|b| b.action).filter(|a| !a.fixed_keys()))
                ));
            };
            let rest: Vec<usize> = rows.collect();
            table[first].keys.clone_from(&r.keys);
            table[first].line = Some(r.line);
            for i in rest.into_iter().rev() {
                table.remove(i);
            }
        }
        Ok(())
    }

    /// Two actions on one key of one screen, where config.toml set one of them.
    fn clashes(&self) -> Vec<KeymapError> {
        let mut errors = Vec::new();
        for scope in Scope::ALL {
            let table = &self.tables[scope.index()];
            for (i, a) in table.iter().enumerate() {
                for b in &table[i + 1..] {
                    // At the desk, quit asks as leaving does: one key may be both.
                    let same = a.action == b.action
                        || (scope == Scope::Checkin
                            && matches!(
                                (a.action, b.action),
                                (Action::Quit, Action::Leave) | (Action::Leave, Action::Quit)
                            ));
                    if same || (a.line.is_none() && b.line.is_none()) {
                        continue;
                    }
                    let Some(key) = a.keys.iter().find(|k| b.keys.contains(k)) else {
                        continue;
                    };
                    let (set, other) = if a.line.is_some() { (a, b) } else { (b, a) };
                    let also = other
                        .line
                        .map_or_else(|| " (its default)".to_string(), |l| format!(" (line {l})"));
                    errors.push(KeymapError {
                        line: set.line.unwrap_or_default(),
                        message: format!(
                            "{} on the {} screen is bound to both {} and {}{also}; give one of \
                             them another key",
                            key.label(),
                            scope.name(),
                            set.action.name(),
                            other.action.name(),
                        ),
                    });
                }
            }
        }
        errors
    }

    /// The effective rows of a screen (its own, then the global ones).
    pub fn table(&self, scope: Scope) -> &[Bound] {
        &self.tables[scope.index()]
    }

    /// The action of a key on a screen.
    pub fn lookup(&self, scope: Scope, ev: &KeyEvent) -> Option<Action> {
        self.table(scope)
            .iter()
            .find(|b| b.hit(ev))
            .map(|b| b.action)
    }

    /// The key quits from anywhere (Ctrl-c unless rebound): asked before
    /// any overlay or text line sees it.
    pub fn quits(&self, ev: &KeyEvent) -> bool {
        self.table(Scope::Events)
            .iter()
            .any(|b| b.action == Action::Quit && b.hit(ev))
    }

    /// The key goes back and, at the root, quits (`q` unless rebound; Esc
    /// goes back but never quits).
    pub fn quits_at_root(&self, scope: Scope, ev: &KeyEvent) -> bool {
        self.table(scope)
            .iter()
            .any(|b| b.action == Action::Back && !b.fixed && b.hit(ev))
    }

    /// The keys of `action` on a screen as help shows them (`?`, or `F1`).
    pub fn label(&self, scope: Scope, action: Action) -> Option<String> {
        self.table(scope)
            .iter()
            .find(|b| b.action == action)
            .map(|b| label_of(action, &b.keys))
    }

    /// The help rows of a screen: its keys, then the global ones (from
    /// [`Keymap::global_rows`] on), without the writing keys in read-only
    /// mode. The movement keys share one row so the help fits a 24-line
    /// terminal.
    pub fn help_rows(&self, scope: Scope, readonly: bool) -> Vec<(String, String)> {
        let table = self.table(scope);
        let mut rows = Vec::new();
        let moves: Vec<&Bound> = table.iter().filter(|b| b.action.moves()).collect();
        let mut collapsed = false;
        for bnd in table {
            if readonly && bnd.action.writes() {
                continue;
            }
            if bnd.action.moves() {
                if !collapsed {
                    collapsed = true;
                    let first: Vec<String> = moves
                        .iter()
                        .filter_map(|m| m.keys.first())
                        .filter(|k| matches!(k.code, KeyCode::Char(_)))
                        .map(Key::label)
                        .collect();
                    let rest: Vec<String> = moves
                        .iter()
                        .flat_map(|m| {
                            m.keys.iter().skip(usize::from(
                                m.keys
                                    .first()
                                    .is_some_and(|k| matches!(k.code, KeyCode::Char(_))),
                            ))
                        })
                        .map(Key::label)
                        .collect();
                    rows.push((first.join("/"), format!("move (also {})", rest.join(" "))));
                }
                continue;
            }
            rows.push((label_of(bnd.action, &bnd.keys), bnd.help.to_string()));
        }
        rows
    }

    /// How many of [`Keymap::help_rows`] are the global keys (the last ones).
    pub fn global_rows(&self, scope: Scope) -> usize {
        self.table(scope).iter().filter(|b| b.global).count()
    }
}

fn names(actions: impl Iterator<Item = Action>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for a in actions {
        if !seen.contains(&a.name()) {
            seen.push(a.name());
        }
    }
    seen.join(", ")
}

/// Keys of the modal forms, which take text and so are not in the tables above.
pub const FORM_KEYS: &[(&str, &str)] = &[
    ("Tab/↓", "next field"),
    ("Shift-Tab/↑", "previous field"),
    ("Enter", "send"),
    ("Esc", "cancel"),
];

/// Keys of the customer picker.
pub const PICKER_KEYS: &[(&str, &str)] = &[
    ("type", "filter by name or e-mail"),
    ("↑/↓ PgUp/PgDn", "move"),
    ("Enter", "pick, then y/Enter to enroll, n/Esc back"),
    ("Esc", "cancel"),
];

/// Keys of the command palette.
pub const PALETTE_KEYS: &[(&str, &str)] = &[
    (":events", "the events list (tab 1)"),
    (":customers", "the customers list (tab 2)"),
    (":orders", "the orders list (tab 3)"),
    (":products", "the products list (tab 4)"),
    (":courses", "the courses list (tab 5)"),
    (
        ":event <id or hash>",
        "one event (an edition's id: its event, that edition selected)",
    ),
    (
        ":ticket <id or number>",
        "one ticket (a number: the lists loaded, else current and upcoming events are searched; any key stops)",
    ),
    (
        ":customer <id or e-mail>",
        "one customer (an e-mail: searched in tab 2)",
    ),
    (
        ":checkin <id or hash>",
        "the check-in desk of an event (today's edition) or edition",
    ),
    (
        ":audit",
        "the audit log: every enroll and revoke sent from here",
    ),
    (":q", "quit"),
    ("Esc", "cancel"),
];

/// Keys of the revoke confirmation.
pub const CONFIRM_KEYS: &[(&str, &str)] = &[("y", "revoke"), ("any other key", "cancel")];

/// Keys of enrolling a customer in an event (from the customer's screen).
pub const ENROLL_IN_KEYS: &[(&str, &str)] = &[
    ("type", "filter the events by name"),
    ("↑/↓ PgUp/PgDn", "move"),
    ("Enter", "pick the event, then its edition"),
    ("y/Enter", "enroll (paid)"),
    ("Esc", "back a step; on the events, cancel"),
];

/// The README's keys section, generated from the tables.
pub fn markdown() -> String {
    let mut out = String::new();
    for scope in Scope::ALL {
        let _ = writeln!(out, "#### {}\n\n| key | action |\n|---|---|", scope.title());
        for bnd in scope.table() {
            let _ = writeln!(out, "| `{}` | {} |", keys_label(bnd), bnd.help);
        }
        out.push('\n');
    }
    out.push_str("#### Everywhere\n\n| key | action |\n|---|---|\n");
    for bnd in GLOBAL {
        let _ = writeln!(out, "| `{}` | {} |", keys_label(bnd), bnd.help);
    }
    out.push_str("\n#### Enroll form\n\n| key | action |\n|---|---|\n");
    for (key, help) in FORM_KEYS {
        let _ = writeln!(out, "| `{key}` | {help} |");
    }
    out.push_str("\n#### Customer picker\n\n| key | action |\n|---|---|\n");
    for (key, help) in PICKER_KEYS {
        let _ = writeln!(out, "| `{key}` | {help} |");
    }
    out.push_str("\n#### Enroll a customer in an event\n\n| key | action |\n|---|---|\n");
    for (key, help) in ENROLL_IN_KEYS {
        let _ = writeln!(out, "| `{key}` | {help} |");
    }
    out.push_str("\n#### Command palette\n\n| command | action |\n|---|---|\n");
    for (key, help) in PALETTE_KEYS {
        let _ = writeln!(out, "| `{key}` | {help} |");
    }
    out.push_str("\n#### Revoke confirmation\n\n| key | action |\n|---|---|\n");
    for (key, help) in CONFIRM_KEYS {
        let _ = writeln!(out, "| `{key}` | {help} |");
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_give_no_key_two_actions_on_a_screen() {
        let map = Keymap::default();
        for scope in Scope::ALL {
            let table = map.table(scope);
            for (i, a) in table.iter().enumerate() {
                for b in &table[i + 1..] {
                    if a.action != b.action {
                        assert!(
                            !a.keys.iter().any(|k| b.keys.contains(k)),
                            "{scope:?}: {:?} and {:?}",
                            a.action,
                            b.action
                        );
                    }
                }
            }
        }
        assert_eq!(Keymap::build(&[]).unwrap(), map);
    }

    #[test]
    fn every_label_help_shows_parses_back_to_its_key() {
        for scope in Scope::ALL {
            for bnd in scope.table().iter().chain(GLOBAL) {
                for key in bnd.keys {
                    assert_eq!(Key::parse(&key.label()).unwrap(), *key, "{}", key.label());
                }
            }
        }
        assert_eq!(Key::parse("pgdn").unwrap(), code(KeyCode::PageDown));
        assert_eq!(Key::parse("F12").unwrap(), code(KeyCode::F(12)));
        assert_eq!(Key::parse("ctrl-L").unwrap(), ctrl('l'));
        assert!(Key::parse("F13").is_err());
        assert!(Key::parse("Ctrl-").is_err());
        assert!(Key::parse("").is_err());
        assert!(Key::parse("qq").is_err());
    }

    #[test]
    fn names_of_actions_and_screens_are_unique_and_round_trip() {
        for a in Action::ALL {
            assert_eq!(Action::from_name(a.name()), Some(a));
        }
        for s in Scope::ALL {
            assert_eq!(Scope::from_name(s.name()), Some(s));
            assert_eq!(Scope::ALL[s.index()], s);
        }
    }
}
