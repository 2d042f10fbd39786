//! The events list: the root screen.

use std::cmp::Ordering;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::api::model::Event;
use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::layout::{below, line};
use crate::app::list::{ListQuery, ListRow, ListView, Rows, SortKey, TableSpec};
use crate::app::msg::Reply;
use crate::app::overlays::Overlay;
use crate::app::overlays::customer_picker::CustomerPicker;
use crate::app::overlays::enroll::EnrollForm;
use crate::app::state::{ReqId, ToastKind};
use crate::search::fold;
use crate::ui::Theme;
use crate::ui::table::{Cell, Column};

use super::checkin::CheckinScreen;
use super::event::EventScreen;
use super::{Component, Ctx, Outcome, Screen, When, Write, dates, sold, state, when, when_word};

/// An event as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    pub id: u64,
    pub name: String,
    /// The first and last day, for past / today / upcoming.
    pub first: Option<String>,
    pub last: Option<String>,
    pub dates: String,
    pub timezone: String,
    pub location: String,
    pub sold: String,
    pub state: String,
    search: String,
}

impl EventRow {
    pub fn new(e: &Event) -> Self {
        let name = e.name.clone().unwrap_or_default();
        Self {
            id: e.id,
            search: fold(&name),
            first: e.start_date.clone().or_else(|| e.start_datetime.clone()),
            last: e.end_date.clone().or_else(|| e.end_datetime.clone()),
            dates: dates(e.start_date.as_deref(), e.end_date.as_deref()),
            timezone: e.timezone.clone().unwrap_or_default(),
            location: e.location_type.clone().unwrap_or_default(),
            sold: sold(&e.counters, &e.capacity),
            state: state(e.published, e.active),
            name,
        }
    }

    /// The event's name, or "event 12" when it has none.
    pub fn title(&self) -> String {
        if self.name.is_empty() {
            format!("event {}", self.id)
        } else {
            self.name.clone()
        }
    }

    /// Past, today or upcoming, against `today`.
    pub fn when(&self, today: &str) -> Option<When> {
        when(self.first.as_deref(), self.last.as_deref(), today)
    }

    fn cells(&self, today: &str) -> Vec<Cell> {
        vec![
            Cell::new(self.name.clone()),
            Cell::new(self.dates.clone()),
            Cell::new(when_word(self.when(today))),
            Cell::new(self.timezone.clone()),
            Cell::new(self.location.clone()),
            Cell::new(self.sold.clone()),
            Cell::new(self.state.clone()),
        ]
    }
}

const COLUMNS: [Column; 7] = [
    Column::grow("name", 24, 0),
    Column::fixed("dates", 10, 1),
    Column::fixed("when", 4, 2),
    Column::fixed("time zone", 9, 4),
    Column::fixed("location", 8, 3),
    Column::fixed("sold/stock", 10, 1).right(),
    Column::fixed("state", 5, 2),
];

impl ListRow for EventRow {
    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        &self.search
    }
    fn compare(&self, other: &Self, column: usize) -> Ordering {
        match column {
            0 => self.search.cmp(&other.search),
            // "when" orders as the dates do.
            1 | 2 => self.dates.cmp(&other.dates),
            3 => self.timezone.cmp(&other.timezone),
            4 => self.location.cmp(&other.location),
            6 => self.state.cmp(&other.state),
            _ => self
                .sold
                .len()
                .cmp(&other.sold.len())
                .then(self.sold.cmp(&other.sold)),
        }
    }
    fn sort_key(&self, _column: usize) -> SortKey {
        // A handful of events: the full comparison is cheap enough.
        SortKey::NONE
    }
    fn take(rows: Rows) -> Option<Vec<Self>> {
        match rows {
            Rows::Events(rows) => Some(rows),
            _ => None,
        }
    }
}

/// The events list state.
#[derive(Debug, Clone)]
pub struct EventsScreen {
    pub list: ListView<EventRow>,
    /// Today ("YYYY-MM-DD"; empty until the clock is told), for the marks.
    pub today: String,
}

impl EventsScreen {
    /// A new list and the command that loads it.
    pub fn open(ctx: &mut Ctx) -> (Self, Cmd) {
        let req = ctx.ids.take();
        let mut list = ListView::new(req, &[]);
        list.set_height(table_height(ctx.body));
        (
            Self {
                list,
                today: ctx.wall.get(..10).unwrap_or_default().to_string(),
            },
            Cmd::LoadList {
                req,
                list: ListQuery::Events,
            },
        )
    }

    pub fn selected(&self) -> Option<&EventRow> {
        self.list.selected()
    }
}

/// Where the table goes in the body: below the info line.
fn table_area(body: Rect) -> Rect {
    below(body, 1)
}

fn table_height(body: Rect) -> usize {
    crate::app::list::rows_height(table_area(body))
}

impl Component for EventsScreen {
    fn scope(&self) -> Scope {
        Scope::Events
    }

    fn crumb(&self) -> String {
        "Events".into()
    }

    fn action(&mut self, action: Action, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        if self.list.act(action, COLUMNS.len()) {
            return Outcome::Stay;
        }
        match action {
            Action::Back => {
                if self.list.clear_filter() {
                    Outcome::Stay
                } else {
                    Outcome::Pop {
                        quit: ctx.keys.quits_at_root(Scope::Events, &key),
                    }
                }
            }
            Action::Open => match self.selected() {
                Some(e) => {
                    let (screen, cmds) = EventScreen::open_id(ctx, e.id, e.title());
                    Outcome::Push(Box::new(Screen::Event(screen)), cmds)
                }
                None => Outcome::Stay,
            },
            Action::Enroll | Action::EnrollCustomer => match self.selected() {
                Some(e) => {
                    let target = format!("{} (first available edition)", e.title());
                    enroll_overlay(action, e.id, target, ctx)
                }
                None => Outcome::Stay,
            },
            Action::CheckIn => match self.selected() {
                Some(e) => {
                    let (screen, cmds) =
                        CheckinScreen::open(ctx, &e.id.to_string(), Some(e.title()));
                    Outcome::Push(Box::new(Screen::Checkin(screen)), cmds)
                }
                None => Outcome::Stay,
            },
            _ => Outcome::Stay,
        }
    }

    fn text_key(&mut self, key: KeyEvent, _ctx: &mut Ctx) -> Option<Outcome> {
        self.list.text_key(key).then_some(Outcome::Stay)
    }

    fn scroll(&mut self, delta: isize) {
        self.list.scroll(delta);
    }

    fn selected_line(&self, body: Rect) -> Option<u16> {
        self.list.selected_line(table_area(body))
    }

    fn click(&mut self, y: u16, body: Rect) {
        self.list.click_in(y, table_area(body));
    }

    fn owns(&self, req: ReqId) -> bool {
        self.list.owns(req)
    }

    fn reply(&mut self, req: ReqId, reply: Reply, _ctx: &mut Ctx) -> Outcome {
        match reply {
            Reply::Page(page) => toast(self.list.reply(req, page, "events")),
            _ => Outcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        self.list.streaming()
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let req = ctx.ids.take();
        self.list.reload(req);
        vec![Cmd::LoadList {
            req,
            list: ListQuery::Events,
        }]
    }

    fn fit(&mut self, body: Rect) {
        self.list.set_height(table_height(body));
    }

    fn copy_text(&self) -> Option<String> {
        self.selected().map(|e| {
            if e.name.is_empty() {
                e.id.to_string()
            } else {
                e.name.clone()
            }
        })
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        frame.render_widget(
            self.list.info_line("events", &COLUMNS, theme),
            line(area, 0),
        );
        self.list.render_table(
            frame,
            table_area(area),
            theme,
            &TableSpec {
                columns: &COLUMNS,
                noun: "events",
                empty: "no events",
            },
            |r| r.cells(&self.today),
        );
    }

    fn after_write(&mut self, _write: Write, ctx: &mut Ctx) -> Vec<Cmd> {
        // Counters changed.
        self.refresh(ctx)
    }

    fn tick(&mut self, ctx: &mut Ctx) -> Outcome {
        if let Some(today) = ctx.wall.get(..10).filter(|t| *t != self.today) {
            self.today = today.to_string();
        }
        Outcome::Stay
    }
}

/// An error toast when there is something to say.
pub fn toast(text: Option<String>) -> Outcome {
    text.map_or(Outcome::Stay, |t| Outcome::Toast(ToastKind::Error, t))
}

/// The enroll form (`e`) or the customer picker (`a`) for `event_id`.
pub fn enroll_overlay(action: Action, event_id: u64, target: String, ctx: &mut Ctx) -> Outcome {
    if action == Action::EnrollCustomer {
        let req = ctx.ids.take();
        let (picker, cmd) = CustomerPicker::open(event_id, target, req, ctx.body);
        Outcome::Open(Overlay::Picker(picker), vec![cmd])
    } else {
        Outcome::Open(Overlay::Enroll(EnrollForm::new(event_id, target)), vec![])
    }
}
