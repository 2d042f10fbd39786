//! The tickets of an edition or of the main event: status tabs, live filter,
//! sort, and a list that streams in page by page while already usable.

use std::collections::HashMap;

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use ratatui::layout::Rect;
use serde_json::Value;
use tui_input::Input;
use tui_input::backend::crossterm::to_input_request;

use crate::api::ApiError;
use crate::api::model::{Page, Ticket};
use crate::app::cmd::Cmd;
use crate::app::model::{Model, Nav, Progress};
use crate::app::msg::ReqId;

mod view;

pub use view::{progress_text, view};

use super::{below, rows_height};

/// Statuses in the order their tabs appear (others follow as found).
pub const STATUSES: [&str; 5] = ["confirmed", "unenrolled", "open", "pending", "cancelled"];

/// Whose tickets these are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketScope {
    /// The edition's id, or the main event's (then the API picks the edition).
    pub event_id: u64,
    pub title: String,
    pub edition: bool,
}

/// A loaded ticket, its raw JSON, and the lower-case text the filter searches.
#[derive(Debug, Clone)]
pub struct TicketRow {
    pub ticket: Ticket,
    pub raw: Value,
    search: String,
}

impl TicketRow {
    pub fn new(ticket: Ticket, raw: Value) -> Self {
        let mut row = Self {
            ticket,
            raw,
            search: String::new(),
        };
        row.reindex();
        row
    }

    /// Part `n` of the folded search text: 0 the attendee's name, 1 the
    /// e-mail, 2 the number (as `reindex` writes them).
    fn folded(&self, n: usize) -> &str {
        self.search.split('\u{1f}').nth(n).unwrap_or("")
    }

    fn reindex(&mut self) {
        let t = &self.ticket;
        let a = t.attendee.clone().unwrap_or_default();
        self.search = format!(
            "{}\u{1f}{}\u{1f}{}",
            a.full_name(),
            a.email.unwrap_or_default(),
            t.number.clone().unwrap_or_default()
        );
        self.search = crate::search::fold(&self.search);
    }

    pub fn status(&self) -> &str {
        self.ticket.status.as_deref().unwrap_or("")
    }
}

/// The columns a ticket table can sort by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortColumn {
    Number,
    Attendee,
    Email,
    Status,
    Type,
    Created,
    Price,
    Order,
}

impl SortColumn {
    pub const ALL: [SortColumn; 8] = [
        Self::Number,
        Self::Attendee,
        Self::Email,
        Self::Status,
        Self::Type,
        Self::Created,
        Self::Price,
        Self::Order,
    ];

    fn index(self) -> usize {
        Self::ALL.iter().position(|c| *c == self).unwrap_or(0)
    }

    /// Names and e-mails sort by the folded text the filter already keeps,
    /// so a sort over 100,000 rows folds nothing again.
    fn key(self, row: &TicketRow) -> String {
        let t = &row.ticket;
        match self {
            Self::Number => t.number.clone().unwrap_or_default(),
            Self::Attendee => row.folded(0).to_owned(),
            Self::Email => row.folded(1).to_owned(),
            Self::Status => t.status.clone().unwrap_or_default(),
            Self::Type => t.enrollment_type.clone().unwrap_or_default(),
            Self::Created => t.creation_date.clone().unwrap_or_default(),
            Self::Price => t.price.as_ref().map(|p| p.0.clone()).unwrap_or_default(),
            Self::Order => t
                .order
                .as_ref()
                .and_then(|o| o.number.clone())
                .unwrap_or_default(),
        }
    }

    /// The key rows are sorted by, computed once per row and sort: prices
    /// as fixed-width numbers so that text order is numeric order.
    fn sort_key(self, row: &TicketRow) -> String {
        if self == Self::Price {
            let price = row
                .ticket
                .price
                .as_ref()
                .and_then(|p| p.0.parse::<f64>().ok())
                .unwrap_or(0.0);
            return format!("{:020.4}", price.max(0.0));
        }
        self.key(row)
    }
}

/// The tickets screen state.
#[derive(Debug, Clone)]
pub struct TicketsScreen {
    pub scope: TicketScope,
    pub req: ReqId,
    pub rows: Vec<TicketRow>,
    index: HashMap<u64, usize>,
    pub progress: Progress,
    /// How many tickets the API says there are.
    pub total: Option<u64>,
    /// The status tab shown (`None`: all).
    pub tab: Option<String>,
    pub filter: Input,
    /// The filter line has the keys.
    pub filtering: bool,
    pub sort: Option<SortColumn>,
    pub descending: bool,
    /// Indices into `rows` after tab, filter and sort.
    pub visible: Vec<usize>,
    /// Tickets per status, as loaded.
    counts: Vec<(String, usize)>,
    /// The tabs shown, with counts (`None`: all).
    pub tabs: Vec<(Option<String>, usize)>,
    pub selected_id: Option<u64>,
    pub nav: Nav,
}

impl TicketsScreen {
    pub fn open(model: &mut Model, scope: TicketScope) -> (Self, Cmd) {
        let req = model.req();
        let event_id = scope.event_id;
        (
            Self {
                scope,
                req,
                rows: Vec::new(),
                index: HashMap::new(),
                progress: Progress::Loading { done: 0, total: 0 },
                total: None,
                tab: None,
                filter: Input::default(),
                filtering: false,
                sort: None,
                descending: false,
                visible: Vec::new(),
                counts: Vec::new(),
                tabs: vec![(None, 0)],
                selected_id: None,
                nav: Nav::default(),
            },
            Cmd::LoadTickets { req, event_id },
        )
    }

    /// Reads the list again; rows stay until the first page replaces them.
    pub fn refresh(&mut self, req: ReqId) -> Cmd {
        self.req = req;
        self.progress = Progress::Loading { done: 0, total: 0 };
        Cmd::LoadTickets {
            req,
            event_id: self.scope.event_id,
        }
    }

    /// A page of this list arrived.
    pub fn page_in(
        &mut self,
        page: u32,
        pages: u32,
        result: Result<Page<Ticket>, ApiError>,
        size: (u16, u16),
    ) -> Result<(), ApiError> {
        match result {
            Ok(p) => {
                if page <= 1 {
                    self.rows.clear();
                    self.index.clear();
                    self.visible.clear();
                    self.counts.clear();
                }
                if let Some(info) = p.info {
                    self.total = Some(info.count_filtered.0);
                }
                let start = self.rows.len();
                let mut replaced = false;
                for (ticket, raw) in p.items.into_iter().zip(p.raw) {
                    replaced |= self.upsert(ticket, raw);
                }
                self.progress.page_in(pages);
                // A page costs its own size, not the list's: a 100,000-ticket
                // list stays responsive while it streams in.
                if replaced {
                    self.recompute(size);
                } else {
                    self.extend(start, size);
                }
                Ok(())
            }
            Err(e) => {
                self.progress = Progress::Failed(e.clone());
                Err(e)
            }
        }
    }

    /// Adds a ticket, or replaces it when already loaded (then true).
    fn upsert(&mut self, ticket: Ticket, raw: Value) -> bool {
        if let Some(&i) = self.index.get(&ticket.id) {
            self.rows[i] = TicketRow::new(ticket, raw);
            true
        } else {
            self.index.insert(ticket.id, self.rows.len());
            self.rows.push(TicketRow::new(ticket, raw));
            false
        }
    }

    /// Replaces a loaded ticket in place (after a revoke or a re-read).
    /// Returns whether it was here.
    pub fn set_ticket(&mut self, ticket: &Ticket, raw: Option<&Value>, size: (u16, u16)) -> bool {
        let Some(&i) = self.index.get(&ticket.id) else {
            return false;
        };
        let raw = raw.cloned().unwrap_or_else(|| self.rows[i].raw.clone());
        self.rows[i] = TicketRow::new(ticket.clone(), raw);
        self.recompute(size);
        true
    }

    /// Marks a loaded ticket unenrolled (the API said OK to the revoke).
    pub fn mark_unenrolled(&mut self, ticket_id: u64, size: (u16, u16)) {
        if let Some(&i) = self.index.get(&ticket_id) {
            let row = &mut self.rows[i];
            row.ticket.status = Some("unenrolled".into());
            if let Some(obj) = row.raw.as_object_mut() {
                obj.insert("status".into(), Value::String("unenrolled".into()));
            }
            self.recompute(size);
        }
    }

    pub fn selected(&self) -> Option<&TicketRow> {
        self.visible.get(self.nav.selected).map(|&i| &self.rows[i])
    }

    pub fn height(size: (u16, u16)) -> usize {
        rows_height(table_area(size))
    }

    /// Moves the selection and remembers which ticket it is on.
    pub fn move_to(&mut self, index: usize, size: (u16, u16)) {
        self.nav
            .select(index, self.visible.len(), Self::height(size));
        self.selected_id = self.selected().map(|r| r.ticket.id);
    }

    pub fn move_by(&mut self, delta: isize, size: (u16, u16)) {
        let target = self.nav.selected.saturating_add_signed(delta);
        self.move_to(target, size);
    }

    /// Counts the statuses of rows `from..`.
    fn count_from(&mut self, from: usize) {
        for row in &self.rows[from..] {
            let st = row.status();
            if let Some(c) = self.counts.iter_mut().find(|(s, _)| s == st) {
                c.1 += 1;
            } else if !st.is_empty() {
                self.counts.push((st.to_string(), 1));
            }
        }
    }

    /// The tabs: all, then the statuses present (known ones first).
    fn rebuild_tabs(&mut self) {
        let known = STATUSES
            .iter()
            .filter_map(|k| self.counts.iter().find(|(s, _)| s == k));
        let other = self
            .counts
            .iter()
            .filter(|(s, _)| !STATUSES.contains(&s.as_str()));
        self.tabs = std::iter::once((None, self.rows.len()))
            .chain(
                known
                    .chain(other)
                    .filter(|(_, n)| *n > 0)
                    .map(|(s, n)| (Some(s.clone()), *n)),
            )
            .collect();
        if self.tab.is_some() && !self.tabs.iter().any(|(t, _)| *t == self.tab) {
            // The tab's last ticket went (e.g. revoked); keep the tab with 0.
            self.tabs.push((self.tab.clone(), 0));
        }
    }

    fn shown(&self, row: &TicketRow, needle: &str) -> bool {
        self.tab.as_deref().is_none_or(|t| row.status() == t)
            && (needle.is_empty() || row.search.contains(needle))
    }

    /// Rebuilds tab counts and the visible rows, keeping the selection on
    /// the same ticket when it is still shown.
    pub fn recompute(&mut self, size: (u16, u16)) {
        self.counts.clear();
        self.count_from(0);
        self.rebuild_tabs();
        let needle = crate::search::fold(self.filter.value());
        self.visible = (0..self.rows.len())
            .filter(|&i| self.shown(&self.rows[i], &needle))
            .collect();
        if let Some(col) = self.sort {
            let rows = &self.rows;
            self.visible.sort_by_cached_key(|&i| col.sort_key(&rows[i]));
            if self.descending {
                self.visible.reverse();
            }
        }
        self.reselect(size);
    }

    /// Takes in rows `from..` (just appended) at the cost of their number.
    fn extend(&mut self, from: usize, size: (u16, u16)) {
        self.count_from(from);
        self.rebuild_tabs();
        let needle = crate::search::fold(self.filter.value());
        for i in from..self.rows.len() {
            if !self.shown(&self.rows[i], &needle) {
                continue;
            }
            match self.sort {
                None => self.visible.push(i),
                Some(col) => {
                    let rows = &self.rows;
                    let key = col.sort_key(&rows[i]);
                    let pos = self.visible.partition_point(|&j| {
                        let other = col.sort_key(&rows[j]);
                        if self.descending {
                            other >= key
                        } else {
                            other <= key
                        }
                    });
                    self.visible.insert(pos, i);
                }
            }
        }
        self.reselect(size);
    }

    fn reselect(&mut self, size: (u16, u16)) {
        let found = self.selected_id.and_then(|id| {
            self.visible
                .iter()
                .position(|&i| self.rows[i].ticket.id == id)
        });
        if let Some(pos) = found {
            self.nav.select(pos, self.visible.len(), Self::height(size));
        } else {
            // The ticket is hidden (tab, filter): keep its id so the
            // selection comes back to it when it shows again.
            self.nav.fit(self.visible.len(), Self::height(size));
            if self.selected_id.is_none() {
                self.selected_id = self.selected().map(|r| r.ticket.id);
            }
        }
    }

    pub fn select_tab(&mut self, index: usize, size: (u16, u16)) {
        if let Some((tab, _)) = self.tabs.get(index) {
            self.tab = tab.clone();
            self.recompute(size);
        }
    }

    pub fn tab_index(&self) -> usize {
        self.tabs
            .iter()
            .position(|(t, _)| *t == self.tab)
            .unwrap_or(0)
    }

    pub fn cycle_tab(&mut self, forward: bool, size: (u16, u16)) {
        let n = self.tabs.len().max(1);
        let i = self.tab_index();
        let next = if forward {
            (i + 1) % n
        } else {
            (i + n - 1) % n
        };
        self.select_tab(next, size);
    }

    pub fn sort_next(&mut self, size: (u16, u16)) {
        self.sort = match self.sort {
            None => Some(SortColumn::ALL[0]),
            Some(c) => SortColumn::ALL.get(c.index() + 1).copied(),
        };
        self.recompute(size);
    }

    pub fn sort_reverse(&mut self, size: (u16, u16)) {
        if self.sort.is_none() {
            self.sort = Some(SortColumn::Number);
        }
        self.descending = !self.descending;
        self.recompute(size);
    }

    /// A key while the filter line is open.
    pub fn filter_key(&mut self, key: KeyEvent, size: (u16, u16)) {
        match key.code {
            KeyCode::Esc => {
                self.filter.reset();
                self.filtering = false;
                self.recompute(size);
            }
            KeyCode::Enter => self.filtering = false,
            KeyCode::Down => self.move_by(1, size),
            KeyCode::Up => self.move_by(-1, size),
            _ => {
                if let Some(req) = to_input_request(&TermEvent::Key(key)) {
                    self.filter.handle(req);
                    self.recompute(size);
                }
            }
        }
    }

    pub fn clear_filter(&mut self, size: (u16, u16)) {
        self.filter.reset();
        self.recompute(size);
    }
}

/// Where the table goes (below the tabs and the filter/progress line).
pub fn table_area(size: (u16, u16)) -> Rect {
    below(size, 2)
}
