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
}

impl Action {
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
    // Ctrl-Z is answered before any keymap, like Ctrl-C: told here.
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
        "check what is typed (a scanner needs no Enter)",
    ),
    b(
        &[code(KeyCode::Up), code(KeyCode::Down)],
        Action::Pick,
        "pick among the attendees a typed name lists",
    ),
    b(
        &[code(KeyCode::Esc)],
        Action::Back,
        "clear the input, then the verdict; then leave",
    ),
    b(&[code(KeyCode::F(1))], Action::Help, "help"),
    b(
        &[code(KeyCode::F(2))],
        Action::Enroll,
        "walk-in: enroll by e-mail into this edition",
    ),
    b(
        &[code(KeyCode::F(5))],
        Action::Refresh,
        "read the tickets again",
    ),
    b(
        &[code(KeyCode::F(8))],
        Action::Undo,
        "undo this desk's last admission",
    ),
    b(&[ctrl('l')], Action::ClearVerdict, "clear the verdict"),
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

/// The action of a key on a screen: the screen's table first, then the global one.
pub fn lookup(scope: Scope, ev: &KeyEvent) -> Option<Action> {
    scope
        .table()
        .iter()
        .chain(GLOBAL)
        .find(|bnd| bnd.keys.iter().any(|key| key.matches(ev)))
        .map(|bnd| bnd.action)
}

/// The keys of a binding as help shows them ("j/↓").
pub fn keys_label(binding: &Binding) -> String {
    match binding.action {
        Action::JumpTab => return "1..6".into(),
        Action::RootTab => return "1..5".into(),
        _ => {}
    }
    binding
        .keys
        .iter()
        .map(Key::label)
        .collect::<Vec<_>>()
        .join("/")
}

/// The help rows of a screen (its keys, then the global ones), without the
/// writing keys in read-only mode. The movement keys share one row so the
/// help fits a 24-line terminal.
pub fn help_rows(scope: Scope, readonly: bool) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    let moves: Vec<&Binding> = scope
        .table()
        .iter()
        .filter(|bnd| bnd.action.moves())
        .collect();
    let mut collapsed = false;
    for bnd in scope.table().iter().chain(GLOBAL) {
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
                    .flat_map(|m| m.keys.iter())
                    .filter(|k| !matches!(k.code, KeyCode::Char(_)))
                    .map(Key::label)
                    .collect();
                rows.push((first.join("/"), format!("move (also {})", rest.join(" "))));
            }
            continue;
        }
        rows.push((keys_label(bnd), bnd.help.to_string()));
    }
    rows
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
    (":event <id or hash>", "one event"),
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
