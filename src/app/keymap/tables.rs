//! The default keys of every screen, one table each, and the global ones.
//! A screen's registration (`screens::REGISTERED`) names its table.

use crossterm::event::KeyCode;

use super::Action;
use super::keys::{Key, code, ctrl, k};
use crate::app::state::Step;

/// A row of a keymap: the keys, what they do, and the help text.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    pub keys: &'static [Key],
    pub action: Action,
    pub help: &'static str,
}

/// A screen's keys: groups of rows, shared ones (moving, paging) and its
/// own, read one after the other.
pub type Table = &'static [&'static [Binding]];

pub const fn b(keys: &'static [Key], action: Action, help: &'static str) -> Binding {
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

/// Moving in a list, for the tables of lists.
pub const MOVE: [Binding; 4] = [
    b(
        &[k('j'), code(KeyCode::Down)],
        Action::Step(Step::Down),
        "down",
    ),
    b(&[k('k'), code(KeyCode::Up)], Action::Step(Step::Up), "up"),
    b(
        &[k('g'), code(KeyCode::Home)],
        Action::Step(Step::Top),
        "first row",
    ),
    b(
        &[k('G'), code(KeyCode::End)],
        Action::Step(Step::Bottom),
        "last row",
    ),
];
/// Paging in a list or a detail.
pub const PAGE: [Binding; 2] = [
    b(
        &[code(KeyCode::PageDown)],
        Action::Step(Step::PageDown),
        "page down",
    ),
    b(
        &[code(KeyCode::PageUp)],
        Action::Step(Step::PageUp),
        "page up",
    ),
];

/// The tab keys of the root screens.
const ROOT_TAB: Binding = b(
    &[k('1'), k('2'), k('3'), k('4'), k('5')],
    Action::RootTab,
    "tab: Events · Customers · Orders · Products · Courses",
);

/// The events list.
pub const EVENTS: Table = &[
    &MOVE,
    &PAGE,
    &[
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
    ],
];

/// One event and its editions.
pub const EVENT: Table = &[
    &MOVE,
    &PAGE,
    &[
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
    ],
];

/// The tickets of an edition or of the main event.
pub const TICKETS: Table = &[
    &MOVE,
    &PAGE,
    &[
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
            "status tab: 1 all 2 conf 3 unen 4 open 5 pend 6 canc",
        ),
        b(&[k('s')], Action::SortNext, "sort by the next column"),
        b(&[k('S')], Action::SortReverse, "reverse the sort"),
        b(&[k('e')], Action::Enroll, "enroll by e-mail"),
        b(&[k('a')], Action::EnrollCustomer, "enroll a customer"),
        b(
            &[k('N'), k('A'), k('M'), k('T'), k('C'), k('P'), k('O')],
            Action::SortBy,
            "sort by Number Attendee Mail sTatus Created Price Order",
        ),
        b(&[k(' ')], Action::Mark, "mark/unmark, then down"),
        b(&[ctrl('a'), k('V')], Action::MarkAll, "mark all shown"),
        b(&[k('u')], Action::ClearMarks, "unmark all"),
        b(
            &[k('x')],
            Action::Revoke,
            "revoke the ticket (or all marked)",
        ),
        b(
            &[k('w')],
            Action::Export,
            "export the tickets shown (:export)",
        ),
        b(&[k('y')], Action::Copy, "copy the ticket number"),
        b(&[k('!')], Action::Note, "the door's note (⚑)"),
    ],
];

/// One ticket.
pub const TICKET: Table = &[
    &DETAIL_MOVES,
    &[
        OPEN_LINE,
        b(&[k('x')], Action::Revoke, "revoke the ticket"),
        b(&[k('y')], Action::Copy, "copy the ticket number"),
        b(&[k('!')], Action::Note, "the door's note (⚑)"),
    ],
];

/// `Enter` on a detail's line that names another record.
const OPEN_LINE: Binding = b(
    &[code(KeyCode::Enter)],
    Action::Open,
    "open what the line names (marked ›)",
);

const DETAIL_MOVES: [Binding; 7] = [
    b(
        &[k('j'), code(KeyCode::Down)],
        Action::Step(Step::Down),
        "next line",
    ),
    b(
        &[k('k'), code(KeyCode::Up)],
        Action::Step(Step::Up),
        "previous line",
    ),
    b(
        &[k('g'), code(KeyCode::Home)],
        Action::Step(Step::Top),
        "top",
    ),
    b(
        &[k('G'), code(KeyCode::End)],
        Action::Step(Step::Bottom),
        "bottom",
    ),
    PAGE[0],
    PAGE[1],
    b(&[k('r')], Action::ToggleRaw, "fields / raw JSON"),
];

/// The customers list.
pub const CUSTOMERS: Table = &[
    &MOVE,
    &PAGE,
    &[
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
    ],
];

/// One customer.
pub const CUSTOMER: Table = &[
    &DETAIL_MOVES,
    &[
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
        b(&[k('!')], Action::Note, "their door note (⚑)"),
    ],
];

/// The orders list.
pub const ORDERS: Table = &[
    &MOVE,
    &PAGE,
    &[
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
    ],
];

const COPY_ORDER: Binding = b(&[k('y')], Action::Copy, "copy the order number");

/// One order.
pub const ORDER: Table = &[&DETAIL_MOVES, &[OPEN_LINE, COPY_ORDER]];

/// The products list.
pub const PRODUCTS: Table = &[
    &MOVE,
    &PAGE,
    &[
        b(&[code(KeyCode::Enter)], Action::Open, "open the product"),
        b(&[k('/')], Action::Filter, "filter by name"),
        b(&[k('s')], Action::SortNext, "sort by the next column"),
        b(&[k('S')], Action::SortReverse, "reverse the sort"),
        ROOT_TAB,
    ],
];

/// One product.
pub const PRODUCT: Table = &[&DETAIL_MOVES];

/// The courses list.
pub const COURSES: Table = &[
    &MOVE,
    &PAGE,
    &[
        b(&[code(KeyCode::Enter)], Action::Open, "open the course"),
        b(&[k('e')], Action::Enrollments, "the course's enrollments"),
        b(&[k('/')], Action::Filter, "filter by name"),
        b(&[k('s')], Action::SortNext, "sort by the next column"),
        b(&[k('S')], Action::SortReverse, "reverse the sort"),
        ROOT_TAB,
    ],
];

/// One course.
pub const COURSE: Table = &[
    &DETAIL_MOVES,
    &[b(
        &[k('e')],
        Action::Enrollments,
        "the course's enrollments",
    )],
];

/// The enrollments of a course.
pub const COURSE_ENROLLMENTS: Table = &[
    &MOVE,
    &PAGE,
    &[
        b(&[k('/')], Action::Filter, "filter by name, e-mail"),
        b(&[k('s')], Action::SortNext, "sort by the next column"),
        b(&[k('S')], Action::SortReverse, "reverse the sort"),
    ],
];

/// The check-in desk. Its input line takes every key (a scanner types
/// letters and digits), so the desk's own keys are ones a scanner cannot
/// type: function keys and Ctrl-combinations.
pub const CHECKIN: Table = &[&[
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
        &[code(KeyCode::F(6))],
        Action::Conflicts,
        "the tickets admitted twice (several lanes)",
    ),
    b(
        &[code(KeyCode::F(5))],
        Action::Refresh,
        "read the tickets again",
    ),
    b(
        &[code(KeyCode::F(7))],
        Action::Dashboard,
        "the door at a glance: every lane, arrivals, inside (Esc back)",
    ),
    b(
        &[code(KeyCode::F(9))],
        Action::ExitLane,
        "exit lane on or off (asks): a scan there lets a guest out",
    ),
    b(
        &[code(KeyCode::F(8))],
        Action::Undo,
        "undo this desk's latest admission (asks)",
    ),
    b(
        &[ctrl('f')],
        Action::Force,
        "admit anyway outside the door's hours (asks; recorded as forced)",
    ),
    b(&[ctrl('l')], Action::ClearVerdict, "clear the verdict"),
    b(
        &[ctrl('q')],
        Action::Leave,
        "leave the desk (asks; the PIN when one is set)",
    ),
]];
