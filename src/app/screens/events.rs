//! The events list: the root screen.

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::layout::line;
use crate::app::list::{Col, ListQuery, ListView, TableSpec, rows_height};
use crate::app::msg::Reply;
use crate::app::state::ReqId;
use crate::ui::Theme;
use crate::ui::table::{Cell, Column, fit_line};

use super::component::{Component, Outcome, Write};
use super::listing::{list_delegation, read_again, table_area};
use super::shared::{enroll_overlay, toast};
use crate::app::ctx::Ctx;
use crate::app::target::Target;
use crate::app::list::rows::EventRow;
use crate::app::list::rows::format::when_word;

/// The events list's columns ("when" sorts by the dates).
const COLUMNS: [Col<EventRow>; 7] = [
    Col::new(Column::grow("name", 24, 0), &EventRow::NAME),
    Col::new(Column::fixed("dates", 10, 1), &EventRow::DATES),
    Col::new(Column::fixed("when", 4, 2), &EventRow::DATES),
    Col::new(Column::fixed("time zone", 9, 4), &EventRow::TIMEZONE),
    Col::new(Column::fixed("location", 8, 3), &EventRow::LOCATION),
    Col::new(Column::fixed("sold/stock", 10, 1).right(), &EventRow::SOLD),
    Col::new(Column::fixed("state", 5, 2), &EventRow::STATE),
];

/// The cells of an event's row, its "when" against `today`, its words in
/// `t`'s language.
fn cells(row: &EventRow, today: &str, t: &crate::i18n::Tongue) -> Vec<Cell> {
    vec![
        Cell::new(row.name.clone()),
        Cell::new(row.dates.clone()),
        Cell::new(t.word(when_word(row.when(today)))),
        Cell::new(row.timezone.clone()),
        Cell::new(row.location.clone()),
        Cell::new(t.unlimited_in(&row.sold)),
        Cell::new(t.word(&row.state)),
    ]
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
        let mut list = ListView::new(req, &COLUMNS);
        list.set_height(rows_height(table_area(ctx.body)));
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

impl Component for EventsScreen {
    list_delegation!(list, table_area);
    fn scope(&self) -> Scope {
        Scope::Events
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        t.t("tab-events")
    }

    fn action(&mut self, action: Action, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        if self.list.act(action) {
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
                Some(e) => Outcome::Open(Target::Event {
                    asked: e.id.to_string(),
                    title: e.title(),
                }),
                None => Outcome::Stay,
            },
            Action::Enroll | Action::EnrollCustomer => match self.selected() {
                // Refused before anything is typed, by the rule the send
                // asks again (`settle::before`): every edition is over.
                Some(e) if let Some(when) = e.last_moment.as_ref().and_then(|l| l.ended(ctx.wall)) => {
                    Outcome::Toast(
                        crate::app::state::ToastKind::Error,
                        ctx.lang.tongue().ta(
                            "toast-event-ended",
                            &[("name", &e.title()), ("when", &ctx.lang.tongue().last_moment(when))],
                        ),
                    )
                }
                Some(e) => {
                    let target = ctx
                        .lang
                        .tongue()
                        .ta("enroll-first-available", &[("title", &e.title())]);
                    enroll_overlay(action, e.id, target, ctx)
                }
                None => Outcome::Stay,
            },
            Action::CheckIn => match self.selected() {
                Some(e) => Outcome::Open(Target::Checkin {
                    asked: e.id.to_string(),
                    title: Some(e.title()),
                }),
                None => Outcome::Stay,
            },
            _ => Outcome::Stay,
        }
    }

    fn text_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Option<Outcome> {
        self.list
            .text_key(key)
            .outcome(Outcome::Stay, || self.action(Action::Open, key, ctx))
    }





    fn reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        match reply {
            Reply::Page(page) => toast(self.list.reply(req, page, ("events", ctx.lang.tongue()))),
            _ => Outcome::Stay,
        }
    }


    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        read_again(&mut self.list, ListQuery::Events, ctx)
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
            fit_line(
                self.list.info_line("events", theme),
                usize::from(area.width),
            ),
            line(area, 0),
        );
        self.list.render_table(
            frame,
            table_area(area),
            theme,
            &TableSpec {
                noun: "events",
                empty: &theme.tongue().t("empty-events"),
            },
            |r| cells(r, &self.today, theme.tongue()),
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
