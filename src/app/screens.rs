//! The screens of the stack, registered once. Each is a component: it owns
//! its state, answers its actions with an [`Outcome`], takes the replies
//! addressed to it, and renders into the `Rect` it is given.
//!
//! [`register!`] below is the one place a screen is named: from its line
//! come its module, its [`Screen`] variant and the one dispatch over them
//! (without wildcard arms: a screen that misses a method does not compile),
//! its keymap scope (`Scope::Events`…, `Scope::ALL`, its config.toml name
//! and help title), its `:` commands (the palette's parse, hint and the
//! docs/keys.md) and how a command opens it.

pub mod component;
pub mod detail;
pub mod listing;
pub mod shared;

use crate::app::command::{self, Command, PaletteCommand, QUIT};
use crate::app::keymap::{self, Keymap, Scope, ScreenKeys};
use crate::app::list::ListQuery;
use crate::app::tab::Tab;

use super::cmd::Cmd;
pub use super::ctx::Ctx;
pub use super::target::Target;
pub use component::{Component, HoldsDoor, Outcome, TicketChange, TicketsList, Write};

/// How a registered command opens its screen (see [`Command::Open`]).
pub type Opener = fn(&mut Ctx) -> (Screen, Vec<Cmd>);

/// What a screen registers beyond its type: its keys and its commands.
#[derive(Debug)]
pub struct Registered {
    pub scope: Scope,
    pub commands: &'static [PaletteCommand],
    /// The top-level tab it is the root of, if any.
    pub tab: Option<Tab>,
    /// How it opens without more to go on: for [`Command::Open`] of its
    /// command, or as its tab's root.
    pub open: Option<Opener>,
}

/// One line per screen: `Variant(module::Type) { name, title, keys,
/// [takes_text,] [tab,] commands: [..], [list: query, "crumb",] [opens:
/// path,] }`. `name` is its
/// `[keys.<name>]` in config.toml, `keys` its default table, `list` the
/// list a `Listing` screen opens on when a command opens it.
macro_rules! register {
    ($(
        $variant:ident($module:ident::$ty:ident) {
            name: $name:literal,
            title: $title:literal,
            keys: $keys:expr,
            $(takes_text: $takes_text:literal,)?
            $(tab: $tab:expr,)?
            commands: [$($command:expr),* $(,)?],
            $(list: $query:expr, $crumb:literal,)?
            $(opens: $opener:path,)?
        }
    ),* $(,)?) => {
        $(pub mod $module;)*

        /// One screen of the stack.
        // The stack holds a handful of screens: boxing them would buy nothing.
        #[allow(clippy::large_enum_variant)]
        #[derive(Debug, Clone)]
        pub enum Screen {
            $($variant($module::$ty),)*
        }

        impl Screen {
            /// The screen as a component: the one dispatch over the enum.
            pub fn component(&self) -> &dyn Component {
                match self {
                    $(Self::$variant(s) => s,)*
                }
            }

            /// The same, to change it.
            pub fn component_mut(&mut self) -> &mut dyn Component {
                match self {
                    $(Self::$variant(s) => s,)*
                }
            }

            /// The tab this screen is the root of, if it is one.
            pub fn tab(&self) -> Option<Tab> {
                match self {
                    $(Self::$variant(_) => register!(@tab $($tab)?),)*
                }
            }
        }

        // The scopes read as the screens they are (`Scope::Tickets`).
        #[allow(non_upper_case_globals)]
        impl Scope {
            $(pub const $variant: Scope = Scope::new(&ScreenKeys {
                name: $name,
                title: $title,
                table: $keys,
                takes_text: register!(@or $($takes_text)? false),
            });)*

            /// Every screen's scope, in the order registered (help, docs/keys.md).
            pub const ALL: [Scope; register!(@count $($variant)*)] = [$(Self::$variant,)*];

            /// A screen's scope by its config.toml name.
            pub fn from_name(name: &str) -> Option<Scope> {
                Self::ALL.iter().copied().find(|s| s.name() == name)
            }
        }

        /// Every screen's registration, in the order registered.
        pub const REGISTERED: &[Registered] = &[$(Registered {
            scope: Scope::$variant,
            commands: &[$($command),*],
            tab: register!(@tab $($tab)?),
            open: register!(@open $variant [$($query, $crumb)?] [$($opener)?]),
        },)*];
    };
    (@tab $tab:expr) => { Some($tab) };
    (@tab) => { None };
    (@count) => { 0 };
    (@count $first:ident $($rest:ident)*) => { 1 + register!(@count $($rest)*) };
    (@or $value:literal $default:literal) => { $value };
    (@or $default:literal) => { $default };
    (@open $variant:ident [$query:expr, $crumb:literal] []) => {
        Some(|ctx: &mut Ctx| {
            let (screen, cmd) = listing::Listing::open(ctx, $query, $crumb.into());
            (Screen::$variant(screen), vec![cmd])
        })
    };
    (@open $variant:ident [] [$opener:path]) => {
        Some(|ctx: &mut Ctx| {
            let (screen, cmd) = $opener(ctx);
            (Screen::$variant(screen), vec![cmd])
        })
    };
    (@open $variant:ident [] []) => { None };
}

register! {
    Events(events::EventsScreen) { name: "events", title: "Events", keys: keymap::EVENTS, tab: Tab::Events, commands: [PaletteCommand::tab("events", "the events list (tab 1)", Tab::Events)], opens: events::EventsScreen::open, },
    Event(event::EventScreen) { name: "event", title: "Event", keys: keymap::EVENT, commands: [PaletteCommand::with_arg("event", "<id or hash>", "one event (an edition's id: its event, that edition selected)", command::event)], },
    Tickets(tickets::TicketsScreen) { name: "tickets", title: "Tickets", keys: keymap::TICKETS, commands: [PaletteCommand::with_arg("export", "[path]", "write the tickets shown, all of them, to CSV (a .json path: JSON)", command::export), PaletteCommand::with_arg("enroll-from", "<file>", "enroll a CSV of people (email,name,last name) into this edition, after a dry run", command::enroll_from), PaletteCommand::with_arg("save", "<name>", "keep the filter, tab and sort of the tickets shown as <name>", command::save), PaletteCommand::with_arg("filters", "", "the saved filters: pick one to apply", command::views)], },
    Ticket(ticket::TicketScreen) { name: "ticket", title: "Ticket", keys: keymap::TICKET, commands: [PaletteCommand::with_arg("ticket", "<id or number>", "one ticket (a number: the lists loaded, else current and upcoming events are searched; any key stops)", command::ticket)], },
    Customers(customers::CustomersScreen) { name: "customers", title: "Customers", keys: keymap::CUSTOMERS, tab: Tab::Customers, commands: [PaletteCommand::tab("customers", "the customers list (tab 2)", Tab::Customers)], list: ListQuery::Customers, "Customers", },
    Customer(customer::CustomerScreen) { name: "customer", title: "Customer", keys: keymap::CUSTOMER, commands: [PaletteCommand::with_arg("customer", "<id or e-mail>", "one customer (an e-mail: searched in tab 2)", command::customer)], },
    Orders(orders::OrdersScreen) { name: "orders", title: "Orders", keys: keymap::ORDERS, tab: Tab::Orders, commands: [PaletteCommand::tab("orders", "the orders list (tab 3)", Tab::Orders)], list: ListQuery::Orders, "Orders", },
    Order(order::OrderScreen) { name: "order", title: "Order", keys: keymap::ORDER, commands: [], },
    Products(products::ProductsScreen) { name: "products", title: "Products", keys: keymap::PRODUCTS, tab: Tab::Products, commands: [PaletteCommand::tab("products", "the products list (tab 4)", Tab::Products)], list: ListQuery::Products, "Products", },
    Product(product::ProductScreen) { name: "product", title: "Product", keys: keymap::PRODUCT, commands: [], },
    Courses(courses::CoursesScreen) { name: "courses", title: "Courses", keys: keymap::COURSES, tab: Tab::Courses, commands: [PaletteCommand::tab("courses", "the courses list (tab 5)", Tab::Courses)], list: ListQuery::Courses, "Courses", },
    Course(course::CourseScreen) { name: "course", title: "Course", keys: keymap::COURSE, commands: [], },
    CourseEnrollments(course_enrollments::CourseEnrollmentsScreen) { name: "course_enrollments", title: "Course enrollments", keys: keymap::COURSE_ENROLLMENTS, commands: [], },
    Checkin(checkin::CheckinScreen) { name: "desk", title: "Check-in", keys: keymap::CHECKIN, takes_text: true, commands: [PaletteCommand::with_arg("checkin", "<id or hash>", "the check-in desk of an event (today's edition) or edition", command::checkin)], },
    Door(door::DoorScreen) { name: "door", title: "Door", keys: door::KEYS, commands: [PaletteCommand::with_arg("door", "<id>", "the door at a glance: every lane, arrivals, inside (an edition's id)", command::door)], },
    Audit(audit::AuditScreen) { name: "audit", title: "Audit log", keys: audit::KEYS, commands: [PaletteCommand::open("audit", "the audit log: every enroll and revoke sent from here")], list: ListQuery::Audit, "Audit log", },
}

/// The default keys: every registered screen's table.
impl Default for Keymap {
    fn default() -> Self {
        Keymap::new(&Scope::ALL)
    }
}

/// Every registered `:` command, the tabs' first, then `:q`.
pub fn commands() -> Vec<&'static PaletteCommand> {
    let mut all: Vec<&PaletteCommand> = REGISTERED.iter().flat_map(|r| r.commands).collect();
    all.sort_by_key(|c| !c.tab);
    all.push(&QUIT);
    all
}

/// Reads a `:` command line against the registered commands (an error in
/// English).
pub fn parse_command(line: &str) -> Result<Command, String> {
    command::parse(&commands(), line).map_err(|e| e.to_string())
}

/// The screen `target` asks for, opened: the one place a screen is made
/// from a request (`Outcome::Open`, `Command::Open`). `None`: no screen is
/// registered by that command word.
pub fn open(target: Target, ctx: &mut Ctx) -> Option<(Screen, Vec<Cmd>)> {
    let one = |screen, cmd| (screen, vec![cmd]);
    Some(match target {
        Target::Registered(word) => {
            let r = REGISTERED
                .iter()
                .find(|r| r.commands.iter().any(|c| c.word == word))?;
            (r.open?)(ctx)
        }
        Target::Event { asked, title } => {
            let (screen, cmds) = match asked.parse::<u64>() {
                Ok(id) => event::EventScreen::open_id(ctx, id, title),
                Err(_) => event::EventScreen::open_any(ctx, &asked),
            };
            (Screen::Event(screen), cmds)
        }
        Target::Tickets(scope) => {
            let (screen, cmd) = tickets::TicketsScreen::open(ctx, scope);
            one(Screen::Tickets(screen), cmd)
        }
        Target::Ticket { id, number } => {
            let (screen, cmd) = ticket::TicketScreen::open(ctx, id, number.as_deref());
            one(Screen::Ticket(screen), cmd)
        }
        Target::Customer { id, label } => {
            let (screen, cmd) = customer::CustomerScreen::open(ctx, id, label);
            one(Screen::Customer(screen), cmd)
        }
        Target::Order { id, label } => {
            let (screen, cmd) = order::OrderScreen::open(ctx, id, label);
            one(Screen::Order(screen), cmd)
        }
        Target::Product { id, label } => {
            let (screen, cmd) = product::ProductScreen::open(ctx, id, label);
            one(Screen::Product(screen), cmd)
        }
        Target::Course { id, label } => {
            let (screen, cmd) = course::CourseScreen::open(ctx, id, label);
            one(Screen::Course(screen), cmd)
        }
        Target::CourseEnrollments { course_id, crumb } => {
            let (screen, cmd) =
                course_enrollments::CourseEnrollmentsScreen::open_course(ctx, course_id, crumb);
            one(Screen::CourseEnrollments(screen), cmd)
        }
        Target::Checkin { asked, title } => {
            let (screen, cmds) = checkin::CheckinScreen::open(ctx, &asked, title);
            (Screen::Checkin(screen), cmds)
        }
        Target::Door {
            event_id,
            title,
            valid,
        } => {
            let (screen, cmds) = door::DoorScreen::open(ctx, event_id, title, valid);
            (Screen::Door(screen), cmds)
        }
        Target::CheckinEdition {
            edition_id,
            title,
            parent_id,
            editions,
        } => {
            let target = crate::door::Target {
                event_id: edition_id,
                title,
                parent_id,
                editions: editions.iter().map(checkin::edition_info).collect(),
            };
            let (screen, cmds) = checkin::CheckinScreen::ready(ctx, target);
            (Screen::Checkin(screen), cmds)
        }
    })
}

/// docs/keys.md's keys section: the registered screens' tables and commands.
pub fn keys_markdown() -> String {
    keymap::markdown(&Scope::ALL, &commands())
}

/// How the root screen of `tab` opens (its registration says).
pub fn tab_opener(tab: Tab) -> Option<Opener> {
    REGISTERED.iter().find(|r| r.tab == Some(tab))?.open
}
