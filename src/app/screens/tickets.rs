//! The tickets of an edition or of the main event: status tabs, live filter,
//! sort, and a list that streams in page by page while already usable.

use std::collections::HashSet;
use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::layout::{below, line};
use crate::app::list::{Kept, ListQuery, ListView, TableSpec, age, rows_height};
use crate::app::msg::Reply;
use crate::app::state::ReqId;
use crate::ui::Theme;
use crate::ui::table::{Cell, Column, width};
use crate::ui::widgets::thousands;

use crate::app::find::{Found, Wanted};

use super::shared::{enroll_overlay, found_in, revoke_ask, toast};
use super::ticket::TicketScreen;
use super::{Component, Ctx, Outcome, Screen, TicketChange, Write};
use crate::app::list::rows::{TicketRow, TicketScope};

/// Statuses in the order their tabs appear (others follow as found).
pub const STATUSES: [&str; 5] = ["confirmed", "unenrolled", "open", "pending", "cancelled"];

pub const COLUMNS: [Column; 8] = [
    Column::fixed("number", 6, 0),
    Column::grow("attendee", 14, 0),
    Column::grow("e-mail", 20, 1),
    Column::fixed("status", 6, 0),
    Column::fixed("type", 4, 3),
    Column::fixed("created", 7, 2),
    Column::fixed("price", 5, 4).right(),
    Column::fixed("order", 5, 5),
];

/// The tickets screen state.
#[derive(Debug, Clone)]
pub struct TicketsScreen {
    pub scope: TicketScope,
    pub list: ListView<TicketRow>,
    /// Tickets with a revoke in flight: their status reads "revoking…".
    pub revoking: HashSet<u64>,
}

impl TicketsScreen {
    /// Opens the tickets of `scope`: at once from a list kept from a visit
    /// before (read again behind it), else streamed in.
    pub fn open(ctx: &mut Ctx, scope: TicketScope) -> (Self, Cmd) {
        let req = ctx.ids.take();
        let event_id = scope.event_id;
        let mut list = match ctx.kept.tickets.take(event_id, ctx.now) {
            Some((mut list, old)) => {
                list.reload(req);
                list.note = Some(format!("list from {} ago", age(old)));
                list
            }
            None => ListView::new(req, &STATUSES),
        };
        list.set_height(rows_height(table_area(ctx.body)));
        (
            Self {
                scope,
                list,
                revoking: HashSet::new(),
            },
            Cmd::LoadList {
                req,
                list: ListQuery::Tickets { event_id },
            },
        )
    }

    pub fn selected(&self) -> Option<&TicketRow> {
        self.list.selected()
    }

    fn cells(t: &TicketRow, revoking: bool, theme: Theme) -> Vec<Cell> {
        let order = if t.order().is_empty() {
            "–"
        } else {
            t.order()
        };
        vec![
            Cell::new(t.number()),
            Cell::new(t.attendee()),
            Cell::new(t.email()),
            if revoking {
                Cell::styled("revoking…", theme.header())
            } else {
                Cell::styled(t.status(), theme.status(t.status()))
            },
            Cell::new(t.enrollment_type()),
            Cell::new(t.created()),
            Cell::new(t.price()),
            Cell::new(order),
        ]
    }

    fn render_tabs(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        // "1 all 120 │ 2 confirmed 100 …", the current one marked; tighter
        // separators when the full form does not fit.
        let current = self.list.tab_index();
        let labels: Vec<String> = self
            .list
            .tabs
            .iter()
            .enumerate()
            .map(|(i, (tab, n))| {
                let label = format!(
                    "{} {} {}",
                    i + 1,
                    tab.as_deref().unwrap_or("all"),
                    thousands(*n as u64)
                );
                if i == current {
                    format!("[{label}]")
                } else {
                    label
                }
            })
            .collect();
        let wide: usize = labels.iter().map(|l| width(l) + 3).sum();
        let sep = if wide <= usize::from(area.width) {
            " │ "
        } else {
            " "
        };
        let mut spans = Vec::new();
        for (i, label) in labels.into_iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(sep, theme.muted()));
            }
            let style = if i == current {
                theme.selected()
            } else {
                theme.base()
            };
            spans.push(Span::styled(label, style));
        }
        frame.render_widget(Line::from(spans), area);
    }
}

/// Where the table goes in the body (below the tabs and the info line).
fn table_area(body: Rect) -> Rect {
    below(body, 2)
}

impl Component for TicketsScreen {
    fn scope(&self) -> Scope {
        Scope::Tickets
    }

    fn crumb(&self) -> String {
        if self.scope.edition {
            format!("Tickets · {}", self.scope.title)
        } else {
            "Tickets · main event".into()
        }
    }

    fn action(&mut self, action: Action, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        if self.list.act(action, COLUMNS.len()) {
            return Outcome::Stay;
        }
        match action {
            Action::Back => {
                if key.code == KeyCode::Esc && self.list.clear_filter() {
                    Outcome::Stay
                } else {
                    Outcome::Pop { quit: false }
                }
            }
            Action::Open => match self.selected() {
                Some(row) => {
                    let (screen, cmd) = TicketScreen::open(ctx, row.id, Some(row.number()));
                    Outcome::Push(Box::new(Screen::Ticket(screen)), vec![cmd])
                }
                None => Outcome::Stay,
            },
            Action::Enroll | Action::EnrollCustomer => {
                enroll_overlay(action, self.scope.event_id, self.scope.title.clone(), ctx)
            }
            Action::Revoke => match self.selected() {
                Some(row) => revoke_ask(row),
                None => Outcome::Stay,
            },
            Action::NextTab | Action::PrevTab => {
                self.list.cycle_tab(action == Action::NextTab);
                Outcome::Stay
            }
            Action::JumpTab => {
                if let KeyCode::Char(c) = key.code
                    && let Some(d) = c.to_digit(10)
                {
                    self.list.select_tab((d as usize).saturating_sub(1));
                }
                Outcome::Stay
            }
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
            Reply::Page(page) => toast(self.list.reply(req, page, "tickets")),
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
            list: ListQuery::Tickets {
                event_id: self.scope.event_id,
            },
        }]
    }

    fn fit(&mut self, body: Rect) {
        self.list.set_height(rows_height(table_area(body)));
    }

    fn copy_text(&self) -> Option<String> {
        self.selected().map(|r| r.number().to_string())
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        self.render_tabs(frame, line(area, 0), theme);
        let mut info = self.list.info_line("tickets", &COLUMNS, theme);
        if !self.scope.edition
            && let Some(name) = self
                .list
                .list
                .rows()
                .first()
                .map(TicketRow::edition)
                .filter(|n| !n.is_empty())
        {
            // The API chose the edition; say which.
            info.spans
                .push(Span::styled(format!("edition: {name}  "), theme.muted()));
        }
        frame.render_widget(info, line(area, 1));
        self.list.render_table(
            frame,
            table_area(area),
            theme,
            &TableSpec {
                columns: &COLUMNS,
                noun: "tickets",
                empty: "no tickets yet (e enrolls someone)",
            },
            |t| Self::cells(t, self.revoking.contains(&t.id), theme),
        );
    }

    fn ticket_changed(&mut self, change: TicketChange<'_>) {
        match change {
            TicketChange::Revoking(id, true) => {
                self.revoking.insert(id);
            }
            TicketChange::Revoking(id, false) => {
                self.revoking.remove(&id);
            }
            TicketChange::Revoked(id) => {
                self.list.update_row(id, |r| r.set_status("unenrolled"));
            }
            TicketChange::Read(ticket, _) => {
                self.list
                    .update_row(ticket.id, |r| *r = TicketRow::new(ticket));
            }
        }
    }

    fn after_write(&mut self, write: Write, ctx: &mut Ctx) -> Vec<Cmd> {
        match write {
            // A new ticket: only the list's last pages are read again (all of
            // it when it was not complete).
            Write::Enrolled { .. } => {
                let req = ctx.ids.take();
                match self.list.read_tail(req) {
                    Some(from) => vec![Cmd::LoadTail {
                        req,
                        list: ListQuery::Tickets {
                            event_id: self.scope.event_id,
                        },
                        from,
                    }],
                    None => self.refresh(ctx),
                }
            }
            // The row was already updated in place.
            Write::Revoked => vec![],
        }
    }

    fn ticket_number(&self, id: u64) -> Option<String> {
        self.list.list.get(id).map(|r| r.number().to_string())
    }

    fn tickets_of(&self, wanted: &Wanted) -> Vec<Found> {
        found_in(&self.list, wanted, &self.scope)
    }

    fn leave(&mut self, kept: &mut Kept, now: Instant) {
        // Only a complete list is worth showing again; a read behind it was
        // cancelled with the screen.
        self.list.drop_reads();
        if self.list.complete() {
            let list = std::mem::replace(&mut self.list, ListView::new(0, &STATUSES));
            kept.tickets.put(self.scope.event_id, list, now);
        }
    }
}
