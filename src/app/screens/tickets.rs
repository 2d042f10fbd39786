//! The tickets of an edition or of the main event: status tabs, live filter,
//! sort, and a list that streams in page by page while already usable.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::layout::{below, line};
use crate::app::list::{Col, FilterKey, Kept, ListQuery, ListView, TableSpec, age, rows_height};
use crate::app::msg::Reply;
use crate::app::export::Snapshot;
use crate::app::views::SavedView;
use crate::app::list::Sort;
use crate::app::overlays::Overlay;
use crate::app::overlays::bulk_revoke::{BulkRevoke, Marked, NAMED_FIRST};
use crate::app::overlays::export::{Export, ExportFile};
use crate::app::overlays::note::NoteForm;
use crate::app::state::{ReqId, ToastKind};
use crate::ui::Theme;
use crate::ui::table::{Cell, Column, fit_line};
use crate::ui::tabs::{Piece, TabLabel, tab_bar};

use crate::app::find::{Found, Wanted};

use super::component::{Component, Outcome, TicketChange, TicketsList, Write};
use super::listing::{list_delegation, read_again};
use super::shared::{enroll_overlay, found_in, revoke_ask, toast};
use crate::app::ctx::Ctx;
use crate::app::target::Target;
use crate::app::list::rows::{TicketRow, TicketScope};

/// Statuses in the order their tabs appear (others follow as found).
pub const STATUSES: [&str; 5] = ["confirmed", "unenrolled", "open", "pending", "cancelled"];

/// The tickets table's columns.
pub const COLUMNS: [Col<TicketRow>; 8] = [
    Col::new(Column::fixed("number", 6, 0), &TicketRow::NUMBER),
    Col::new(Column::grow("attendee", 14, 0), &TicketRow::ATTENDEE),
    Col::new(Column::grow("e-mail", 20, 1), &TicketRow::EMAIL),
    Col::new(Column::fixed("status", 6, 0), &TicketRow::STATUS),
    Col::new(Column::fixed("type", 4, 3), &TicketRow::TYPE),
    Col::new(Column::fixed("created", 7, 2), &TicketRow::CREATED),
    Col::new(Column::fixed("price", 5, 4).right(), &TicketRow::PRICE),
    Col::new(Column::fixed("order", 5, 5), &TicketRow::ORDER),
];

/// The tickets screen state.
#[derive(Debug, Clone)]
pub struct TicketsScreen {
    pub scope: TicketScope,
    pub list: ListView<TicketRow>,
    /// Tickets with a revoke in flight: their status reads "revoking…".
    pub revoking: HashSet<u64>,
    /// With a filter: the matches in each tab (`confirmed 12 of 49`).
    matches: Option<Vec<usize>>,
    /// When the list was last read whole (kept with it when it is put
    /// away: a desk opened on the same event takes a fresh one).
    read_at: Option<Instant>,
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
                list.note = Some(ctx.lang.tongue().ta(
                    "list-from-ago",
                    &[("age", &age(old))],
                ));
                list
            }
            None => ListView::new(req, &COLUMNS).grouped(&STATUSES),
        };
        list.set_height(rows_height(table_area(ctx.body)));
        (
            Self {
                scope,
                list,
                revoking: HashSet::new(),
                matches: None,
                read_at: None,
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
                Cell::styled(theme.tongue().t("tickets-revoking"), theme.header())
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
        let thousands = |n: u64| theme.tongue().number(n);
        // The tab bar never loses the current tab (`ui::tabs`); each tab's
        // key is its status's, the same in every list.
        let labels: Vec<TabLabel> = self
            .list
            .tabs
            .iter()
            .enumerate()
            .map(|(i, (tab, n))| {
                let total = thousands(*n as u64);
                let (count, of) = match self.matches.as_ref().and_then(|m| m.get(i)) {
                    Some(m) => (thousands(*m as u64), Some(total)),
                    None => (total, None),
                };
                TabLabel {
                    key: self.tab_key(tab.as_deref()),
                    name: theme.tongue().tab(tab.as_deref()),
                    count,
                    of,
                }
            })
            .collect();
        let pieces = tab_bar(&labels, self.list.tab_index(), usize::from(area.width));
        let spans: Vec<Span> = pieces
            .into_iter()
            .map(|(text, piece)| {
                let style = match piece {
                    Piece::Current => theme.selected(),
                    Piece::Other => theme.base(),
                    Piece::Gap | Piece::More => theme.muted(),
                };
                Span::styled(text, style)
            })
            .collect();
        frame.render_widget(Line::from(spans), area);
    }

    /// The key of the tab of `status` (`None`: all): `1` for all, then the
    /// known statuses in order, then the others as found.
    fn tab_key(&self, status: Option<&str>) -> String {
        let Some(status) = status else {
            return "1".into();
        };
        if let Some(i) = STATUSES.iter().position(|s| *s == status) {
            return (i + 2).to_string();
        }
        let other = self
            .list
            .tabs
            .iter()
            .filter_map(|(t, _)| t.as_deref())
            .filter(|t| !STATUSES.contains(t))
            .position(|t| t == status)
            .unwrap_or(0);
        (other + STATUSES.len() + 2).to_string()
    }

    /// Selects the tab whose key is `digit` (the same status in every list).
    fn jump_tab(&mut self, digit: char, t: &crate::i18n::Tongue) -> Outcome {
        let key = digit.to_string();
        let found = self
            .list
            .tabs
            .iter()
            .position(|(t, _)| self.tab_key(t.as_deref()) == key);
        if let Some(i) = found {
            self.list.select_tab(i);
            return Outcome::Stay;
        }
        let said = match digit
            .to_digit(10)
            .and_then(|d| STATUSES.get((d as usize).saturating_sub(2)))
        {
            Some(status) => t.ta("toast-no-status-tickets", &[("status", status)]),
            None => t.t("toast-no-such-tickets"),
        };
        Outcome::Toast(ToastKind::Info, said)
    }

    /// Reads the filter's matches per tab again (only with a filter; while
    /// the list streams in, only when asked for by a key).
    fn count_matches(&mut self, streaming: bool) {
        if streaming && self.list.list.progress.is_loading() && self.matches.is_some() {
            return;
        }
        self.matches = self.list.tab_matches();
    }

    /// `N`, `A`, `M`, `T`, `C`, `P`, `O`: sort by that column; again: the
    /// other way.
    fn sort_by(&mut self, key: char) {
        let column = match key {
            'N' => 0,
            'A' => 1,
            'M' => 2,
            'T' => 3,
            'C' => 5,
            'P' => 6,
            'O' => 7,
            _ => return,
        };
        self.list.sort = Some(match self.list.sort {
            Some(s) if s.column == column => Sort {
                descending: !s.descending,
                ..s
            },
            _ => Sort {
                column,
                descending: false,
            },
        });
        self.list.recompute();
    }

    /// A mapped key (see `Component::action`).
    fn act(&mut self, action: Action, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        if self.list.act(action) {
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
                Some(row) => Outcome::Open(Target::Ticket {
                    id: row.id,
                    number: Some(row.number().to_string()),
                }),
                None => Outcome::Stay,
            },
            Action::Enroll | Action::EnrollCustomer => {
                // Refused before anything is typed, by the rule the send
                // asks again (`settle::before`).
                if let Some(when) = self.scope.ends.as_ref().and_then(|l| l.ended(ctx.wall)) {
                    return Outcome::Toast(
                        ToastKind::Error,
                        ctx.lang.tongue().ta(
                            "toast-edition-ended",
                            &[
                                ("name", &self.scope.title),
                                ("when", &ctx.lang.tongue().last_moment(when)),
                            ],
                        ),
                    );
                }
                enroll_overlay(action, self.scope.event_id, self.scope.title.clone(), ctx)
            }
            Action::Revoke => self.revoke(ctx.lang.tongue()),
            Action::Note => match self.selected() {
                Some(row) => {
                    let (overlay, cmds) = NoteForm::on_ticket(ctx, row);
                    Outcome::Overlay(overlay, cmds)
                }
                None => Outcome::Stay,
            },
            Action::Mark => {
                self.list.toggle_mark();
                Outcome::Stay
            }
            Action::MarkAll => {
                let n = self.list.mark_shown();
                Outcome::Toast(
                    ToastKind::Info,
                    ctx.lang
                        .tongue()
                        .ta("list-marked", &[("count", &ctx.lang.tongue().number(n as u64))]),
                )
            }
            Action::ClearMarks => {
                let n = self.list.clear_marks();
                Outcome::Toast(
                    ToastKind::Info,
                    ctx.lang
                        .tongue()
                        .ta("toast-unmarked", &[("count", &ctx.lang.tongue().number(n as u64))]),
                )
            }
            Action::Export => match self.export() {
                Some(export) => Outcome::Overlay(Overlay::Export(ExportFile::new(export, None)), vec![]),
                None => Outcome::Stay,
            },
            Action::SortBy => {
                if let KeyCode::Char(c) = key.code {
                    self.sort_by(c);
                }
                Outcome::Stay
            }
            Action::NextTab | Action::PrevTab => {
                self.list.cycle_tab(action == Action::NextTab);
                Outcome::Stay
            }
            Action::JumpTab => match key.code {
                KeyCode::Char(c) => self.jump_tab(c, ctx.lang.tongue()),
                _ => Outcome::Stay,
            },
            _ => Outcome::Stay,
        }
    }

    /// `x`: the marked tickets one by one, or the selected one.
    fn revoke(&self, t: &crate::i18n::Tongue) -> Outcome {
        if self.list.marks.is_empty() {
            return match self.selected() {
                Some(row) => revoke_ask(row, t),
                None => Outcome::Stay,
            };
        }
        let marked: Vec<Marked> = self
            .list
            .marked_rows()
            .into_iter()
            .enumerate()
            .map(|(i, row)| Marked::new(row, i < NAMED_FIRST))
            .collect();
        Outcome::Overlay(Overlay::BulkRevoke(BulkRevoke::new(marked)), vec![])
    }
}

/// Where the table goes in the body (below the tabs and the info line).
fn table_area(body: Rect) -> Rect {
    below(body, 2)
}

impl Component for TicketsScreen {
    list_delegation!(list, table_area);
    fn scope(&self) -> Scope {
        Scope::Tickets
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        if self.scope.edition {
            t.ta(
                "crumb-tickets",
                &[("title", &t.event_placeholder(&self.scope.title))],
            )
        } else {
            t.t("crumb-tickets-main")
        }
    }

    fn action(&mut self, action: Action, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        let outcome = self.act(action, key, ctx);
        if matches!(action, Action::Back | Action::Filter) {
            self.count_matches(false);
        }
        outcome
    }

    fn text_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Option<Outcome> {
        let taken = self.list.text_key(key);
        if taken != FilterKey::NotTaken {
            self.count_matches(false);
        }
        taken.outcome(Outcome::Stay, || self.action(Action::Open, key, ctx))
    }

    fn reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        match reply {
            Reply::Page(page) => {
                let was = self.list.complete();
                let outcome = toast(self.list.reply(req, page, ("tickets", ctx.lang.tongue())));
                if self.list.complete() {
                    if !was {
                        self.read_at = Some(ctx.now);
                    }
                    // Read whole: marks of tickets no longer there go.
                    self.list.prune_marks();
                }
                self.count_matches(true);
                outcome
            }
            _ => Outcome::Stay,
        }
    }


    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let event_id = self.scope.event_id;
        read_again(&mut self.list, ListQuery::Tickets { event_id }, ctx)
    }


    fn copy_text(&self) -> Option<String> {
        self.selected().map(|r| r.number().to_string())
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        self.render_tabs(frame, line(area, 0), theme);
        let mut info = self.list.info_line("tickets", theme);
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
        frame.render_widget(fit_line(info, usize::from(area.width)), line(area, 1));
        self.list.render_table(
            frame,
            table_area(area),
            theme,
            &TableSpec {
                noun: "tickets",
                empty: &theme.tongue().t("empty-tickets"),
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
                self.count_matches(false);
            }
            TicketChange::Read(ticket, _) => {
                self.list
                    .update_row(ticket.id, |r| *r = TicketRow::new(ticket));
                self.count_matches(false);
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

    fn tickets_list(&self) -> Option<&dyn TicketsList> {
        Some(self)
    }

    fn tickets_list_mut(&mut self) -> Option<&mut dyn TicketsList> {
        Some(self)
    }

    fn leave(&mut self, kept: &mut Kept, now: Instant) {
        // Only a complete list is worth showing again; a read behind it was
        // cancelled with the screen.
        self.list.drop_reads();
        if self.list.complete() {
            let empty = ListView::new(0, &COLUMNS).grouped(&STATUSES);
            let list = std::mem::replace(&mut self.list, empty);
            kept.tickets
                .put(self.scope.event_id, list, now, self.read_at.unwrap_or(now));
        }
    }
}

impl TicketsList for TicketsScreen {
    fn tickets_of(&self, wanted: &Wanted) -> Vec<Found> {
        found_in(&self.list, wanted, &self.scope)
    }

    fn saved_view(&self) -> Option<(&'static str, SavedView)> {
        Some((
            "tickets",
            SavedView {
                filter: self.list.filter.value().to_string(),
                tab: self.list.tab.clone(),
                sort: self.list.sort.map(|s| (s.column, s.descending)),
            },
        ))
    }

    fn apply_view(&mut self, view: &SavedView) {
        self.list.sort = view.sort.map(|(column, descending)| Sort { column, descending });
        self.list.tab = view
            .tab
            .clone()
            .filter(|t| self.list.tabs.iter().any(|(tab, _)| tab.as_deref() == Some(t.as_str())));
        self.list.filtering = false;
        self.list.recompute();
        self.list.set_filter(&view.filter);
        self.count_matches(false);
    }

    fn column_titles(&self) -> Vec<&'static str> {
        COLUMNS.iter().map(|c| c.column.title).collect()
    }

    fn loaded_tickets(&self) -> &[TicketRow] {
        self.list.list.rows()
    }

    fn enroll_from(&self) -> Option<(u64, String, HashSet<String>)> {
        let enrolled = self
            .list
            .list
            .rows()
            .iter()
            .filter(|r| !r.is_unenrolled())
            .map(|r| r.email().to_lowercase())
            .collect();
        Some((self.scope.event_id, self.scope.title.clone(), enrolled))
    }

    fn keep_marked(&mut self, left: &[u64]) -> bool {
        self.list.marks.set(left.iter().copied());
        true
    }

    fn export(&self) -> Option<Export> {
        let rows: Vec<TicketRow> = (0..self.list.visible_len())
            .filter_map(|pos| self.list.visible_row(pos))
            .cloned()
            .collect();
        Some(Export {
            stem: format!("tickets-{}", self.scope.event_id),
            noun: "tickets",
            rows: Snapshot(Arc::new(rows)),
        })
    }
}
