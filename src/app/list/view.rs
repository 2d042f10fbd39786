//! A streamed list as the user sees it: status tabs with counts, the live
//! filter, the sort (stable: by key, then id), the selection that stays on
//! its record, and the table drawn through the one table renderer.

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use ratatui::layout::Rect;
use tui_input::Input;
use tui_input::backend::crossterm::to_input_request;

use crate::api::ApiError;
use crate::api::model::RecordError;
use crate::app::state::{Nav, Progress, ReqId, Step};
use crate::store::StoreError;

pub mod marks;
mod order;
mod render;

use super::{Col, Intake, ListRow, PageIn, PageMeta, StreamedList};
use crate::app::keymap::Action;

/// The column a list is sorted by, and the direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sort {
    pub column: usize,
    pub descending: bool,
}

/// A list with its filter, tabs, sort and selection.
#[derive(Debug, Clone)]
pub struct ListView<R: 'static> {
    pub list: StreamedList<R>,
    /// The columns its table shows; each sorts by its field.
    columns: &'static [Col<R>],
    /// Unsorted, the filter's matches are shown best first
    /// ([`ListRow::rank`]; the customers tab).
    ranked: bool,
    pub filter: Input,
    /// The filter line has the keys.
    pub filtering: bool,
    pub sort: Option<Sort>,
    /// The tab shown (`None`: all).
    pub tab: Option<String>,
    /// Groups whose tabs come first, in this order (others follow as found).
    group_order: &'static [&'static str],
    counts: Vec<(String, usize)>,
    /// The tabs, with counts (`None`: all).
    pub tabs: Vec<(Option<String>, usize)>,
    /// Indices of the rows in the current tab, in sort order.
    order: Vec<u32>,
    /// `order` narrowed by the filter: what the table shows.
    visible: Vec<u32>,
    /// The folded filter `visible` was made with.
    needle: String,
    /// `needle` read as a ticket number, when it has a digit.
    number: Option<crate::ticket_number::Wanted>,
    /// The selection follows the best match as the query changes and
    /// pages arrive, until the user moves it.
    following: bool,
    pub nav: Nav,
    /// The record the selection stays on while rows come and go.
    selected_id: Option<u64>,
    /// Rows the table shows at once.
    height: usize,
    /// A second read of the list (`R`, or coming back to a cached list):
    /// it loads behind the rows shown and replaces them when complete.
    pending: Option<StreamedList<R>>,
    /// A read of the list's last pages (after an enroll), merged in.
    tail: Option<ReqId>,
    /// Said next to the count while `pending` loads ("list from 2 min ago").
    pub note: Option<String>,
    /// The rows picked for a bulk action, by id (see `marks.rs`).
    pub marks: marks::Marks,
}

impl<R: ListRow> ListView<R> {
    /// An empty list of `columns`, waiting for the pages of `req`.
    pub fn new(req: ReqId, columns: &'static [Col<R>]) -> Self {
        Self {
            list: StreamedList::new(req),
            columns,
            ranked: false,
            filter: Input::default(),
            filtering: false,
            sort: None,
            tab: None,
            group_order: &[],
            counts: Vec::new(),
            tabs: vec![(None, 0)],
            order: Vec::new(),
            visible: Vec::new(),
            needle: String::new(),
            number: None,
            following: false,
            nav: Nav::default(),
            selected_id: None,
            height: 1,
            pending: None,
            tail: None,
            note: None,
            marks: marks::Marks::default(),
        }
    }

    /// The same, its rows in tabs by group, these groups' tabs first.
    #[must_use]
    pub fn grouped(mut self, order: &'static [&'static str]) -> Self {
        self.group_order = order;
        self
    }

    /// The same, showing the filter's matches best first when unsorted.
    #[must_use]
    pub fn ranked(mut self) -> Self {
        self.ranked = true;
        self
    }

    /// The columns its table shows.
    pub fn columns(&self) -> &'static [Col<R>] {
        self.columns
    }

    /// Whether a reply to `req` is for this list (its read, a second read
    /// behind it, or a read of its tail).
    pub fn owns(&self, req: ReqId) -> bool {
        self.list.req == req
            || self.pending.as_ref().is_some_and(|p| p.req == req)
            || self.tail == Some(req)
    }

    /// Takes in a page of request `req`; returns the first unreadable record
    /// when this page brought the list's first one.
    pub fn page(&mut self, req: ReqId, meta: &PageMeta, rows: Vec<R>) -> Option<RecordError> {
        let (change, first) = if self.tail == Some(req) {
            if meta.page >= meta.pages {
                self.tail = None;
            }
            self.list.merge(meta, rows)
        } else if let Some(pending) = self.pending.as_mut().filter(|p| p.req == req) {
            let (_, first) = pending.intake(meta, rows);
            if pending.progress.is_loading() {
                return first;
            }
            // Complete: it replaces the rows shown, the selection stays on
            // its record.
            if let Some(done) = self.pending.take() {
                self.list = done;
            }
            self.note = None;
            (Intake::Replaced, first)
        } else {
            self.list.intake(meta, rows)
        };
        // A page costs its own size, not the list's.
        match change {
            Intake::Appended { from } => self.extend(from),
            Intake::Replaced => self.recompute(),
        }
        first
    }

    /// Request `req` failed. The rows shown stay; a second read or a tail
    /// read that failed is given up (true), the list's own read is marked
    /// failed (false).
    pub fn fail(&mut self, req: ReqId, e: ApiError) -> bool {
        if self.pending.as_ref().is_some_and(|p| p.req == req) {
            self.pending = None;
            self.note = None;
            return true;
        }
        if self.tail == Some(req) {
            self.tail = None;
            return true;
        }
        self.list.fail(e);
        false
    }

    /// Takes a reply to `req` (a page, or the error that ended the read);
    /// returns what to tell the user in `t`'s language, if anything (the
    /// first unreadable record, a failed read).
    pub fn reply(
        &mut self,
        req: ReqId,
        page: Result<PageIn, ApiError>,
        (noun, t): (&str, &crate::i18n::Tongue),
    ) -> Option<String> {
        match page {
            Ok(p) => {
                let rows = R::take(p.rows)?;
                self.page(req, &p.meta, rows)
                    .map(|bad| t.ta("list-unreadable-record", &[("what", &bad)]))
            }
            Err(e) => Some(self.failed(req, e, (noun, t))),
        }
    }

    /// Takes the answer of a list read from the local store (one page, or
    /// why the store could not be read); returns what to tell the user.
    pub fn reply_local(
        &mut self,
        req: ReqId,
        page: Result<PageIn, StoreError>,
        (noun, t): (&str, &crate::i18n::Tongue),
    ) -> Option<String> {
        match page {
            Ok(p) => self.reply(req, Ok(p), (noun, t)),
            Err(e) => {
                let text = t.ta(
                    "detail-failed-toast",
                    &[("noun", &t.list_noun(noun)), ("error", &t.store_error(&e))],
                );
                self.list.store_failed(e);
                Some(text)
            }
        }
    }

    /// The keys every list answers the same way: movement, `/`, the sort
    /// (over its columns). False when `action` is none of them.
    pub fn act(&mut self, action: Action) -> bool {
        if let Some(step) = action.step() {
            self.step(step);
            return true;
        }
        match action {
            Action::Filter => self.filtering = true,
            Action::SortNext => self.sort_next(self.columns.len()),
            Action::SortReverse => self.sort_reverse(),
            _ => return false,
        }
        true
    }

    /// A key while the filter line is open. `Enter` once the query has
    /// narrowed the list to matches closes the line and asks to open the
    /// selected record (one `Enter`, as in fzf or k9s); on an empty query it
    /// only closes the line.
    pub fn text_key(&mut self, key: KeyEvent) -> FilterKey {
        if !self.filtering {
            return FilterKey::NotTaken;
        }
        let open = key.code == KeyCode::Enter && self.opens_on_enter();
        self.filter_key(key);
        if open {
            FilterKey::Open
        } else {
            FilterKey::Taken
        }
    }

    /// Whether `Enter` on the filter line opens the selection: the query
    /// narrowed the list and a match is selected (the filter line says so).
    pub fn opens_on_enter(&self) -> bool {
        !self.needle.is_empty() && self.selected().is_some()
    }

    /// A click at terminal line `y` of a table drawn in `area`.
    /// The terminal line of the selected row in a table drawn in `area`
    /// (its first line is the header), when it is on screen.
    pub fn selected_line(&self, area: Rect) -> Option<u16> {
        if self.visible.is_empty() {
            return None;
        }
        let row = self.nav.selected.checked_sub(self.nav.offset)?;
        let line = area
            .y
            .checked_add(1)?
            .checked_add(u16::try_from(row).ok()?)?;
        (row < self.height && line < area.y + area.height).then_some(line)
    }

    pub fn click_in(&mut self, y: u16, area: Rect) {
        if y >= area.y {
            self.click(usize::from(y - area.y));
        }
    }

    /// Request `req` of the `noun` failed: [`Self::fail`], and what to tell
    /// the user in `t`'s language.
    pub fn failed(
        &mut self,
        req: ReqId,
        e: ApiError,
        (noun, t): (&str, &crate::i18n::Tongue),
    ) -> String {
        let text = t.api_error(&e);
        let noun = t.list_noun(noun);
        if self.fail(req, e) {
            t.ta("list-reread-failed", &[("noun", &noun), ("error", &text)])
        } else {
            t.ta("detail-failed-toast", &[("noun", &noun), ("error", &text)])
        }
    }

    /// Reads the list again under `req`. With rows to show, they stay and
    /// the new read replaces them when it is complete; without, the new
    /// read fills the list as it streams in.
    pub fn reload(&mut self, req: ReqId) {
        if self.list.is_empty() || self.list.progress.is_loading() {
            self.list.restart(req);
        } else {
            self.pending = Some(StreamedList::new(req));
        }
    }

    /// Reads the list's last pages under `req` (a record was added): the
    /// page to start from, or `None` when the list is not complete (read it
    /// all again then).
    pub fn read_tail(&mut self, req: ReqId) -> Option<u32> {
        if self.list.progress != Progress::Done || self.pending.is_some() {
            return None;
        }
        self.tail = Some(req);
        Some(self.list.pages.max(1))
    }

    /// The reads still running: cancelled when the list goes away.
    pub fn streaming(&self) -> Vec<ReqId> {
        let pending = self.pending.as_ref().and_then(StreamedList::streaming);
        self.list
            .streaming()
            .into_iter()
            .chain(pending)
            .chain(self.tail)
            .collect()
    }

    /// Gives up the reads behind the list (the screen is going; they were
    /// cancelled): what is shown is what is kept.
    pub fn drop_reads(&mut self) {
        self.pending = None;
        self.tail = None;
        self.note = None;
    }

    /// Whether every page is in and no other read is running (a list worth
    /// keeping for later).
    pub fn complete(&self) -> bool {
        self.list.progress == Progress::Done && self.pending.is_none() && self.tail.is_none()
    }

    /// The rows the table shows at once (from the layout).
    pub fn set_height(&mut self, height: usize) {
        self.height = height.max(1);
        self.nav.fit(self.visible.len(), self.height);
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn visible_len(&self) -> usize {
        self.visible.len()
    }

    /// The visible row at position `pos`.
    pub fn visible_row(&self, pos: usize) -> Option<&R> {
        self.visible
            .get(pos)
            .map(|&i| &self.list.rows()[i as usize])
    }

    pub fn selected(&self) -> Option<&R> {
        self.visible_row(self.nav.selected)
    }

    /// Moves the selection and remembers which record it is on; it no
    /// longer follows the best match.
    pub fn select(&mut self, pos: usize) {
        self.following = false;
        self.nav.select(pos, self.visible.len(), self.height);
        self.selected_id = self.selected().map(ListRow::id);
    }

    pub fn step(&mut self, step: Step) {
        let target = self.nav.target(step, self.visible.len(), self.height);
        self.select(target);
    }

    pub fn scroll(&mut self, delta: isize) {
        self.select(self.nav.selected.saturating_add_signed(delta));
    }

    /// Selects the row drawn at `line` of the table (0 = header).
    pub fn click(&mut self, line: usize) {
        if line == 0 {
            return;
        }
        let pos = self.nav.offset + line - 1;
        if pos < self.visible.len() {
            self.select(pos);
        }
    }
    /// Changes record `id` in place and redraws the list around it.
    pub fn update_row(&mut self, id: u64, change: impl FnOnce(&mut R)) -> bool {
        let found = self.list.update(id, change);
        if found {
            self.recompute();
        }
        found
    }

    pub fn select_tab(&mut self, index: usize) {
        if let Some((tab, _)) = self.tabs.get(index) {
            self.tab = tab.clone();
            self.reorder();
        }
    }

    pub fn tab_index(&self) -> usize {
        self.tabs
            .iter()
            .position(|(t, _)| *t == self.tab)
            .unwrap_or(0)
    }

    pub fn cycle_tab(&mut self, forward: bool) {
        let n = self.tabs.len().max(1);
        let i = self.tab_index();
        let next = if forward {
            (i + 1) % n
        } else {
            (i + n - 1) % n
        };
        self.select_tab(next);
    }

    /// Sorts by the next of `columns` columns (after the last: unsorted).
    pub fn sort_next(&mut self, columns: usize) {
        self.sort = match self.sort {
            None => Some(Sort {
                column: 0,
                descending: false,
            }),
            Some(s) if s.column + 1 < columns => Some(Sort {
                column: s.column + 1,
                ..s
            }),
            Some(_) => None,
        };
        self.reorder();
    }

    pub fn sort_reverse(&mut self) {
        let sort = self.sort.unwrap_or(Sort {
            column: 0,
            descending: false,
        });
        self.sort = Some(Sort {
            descending: !sort.descending,
            ..sort
        });
        self.reorder();
    }

    /// A key while the filter line is open.
    pub fn filter_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Esc => {
                self.filter.reset();
                self.filtering = false;
                self.refilter();
            }
            // Tab leaves the line keeping the query, for the row's keys.
            KeyCode::Enter | KeyCode::Tab => self.filtering = false,
            KeyCode::Down => self.step(Step::Down),
            KeyCode::Up => self.step(Step::Up),
            _ => {
                if let Some(req) = to_input_request(&TermEvent::Key(key)) {
                    self.filter.handle(req);
                    self.refilter();
                }
            }
        }
    }

    /// Sets the filter to `text` (the filter line stays closed).
    pub fn set_filter(&mut self, text: &str) {
        self.filter = Input::new(text.to_string());
        self.refilter();
    }

    /// Clears a filter; false when there was none.
    pub fn clear_filter(&mut self) -> bool {
        if self.filter.value().is_empty() {
            return false;
        }
        self.filter.reset();
        self.refilter();
        true
    }
}

/// What a key on the filter line did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterKey {
    /// The filter line is closed: the key is the screen's.
    NotTaken,
    /// Typed into the filter (or moved, or closed it).
    Taken,
    /// `Enter` on matches: the screen opens the selected record.
    Open,
}

impl FilterKey {
    /// The screen's answer: none (not taken), `stay`, or what `open` (its
    /// `Enter`) does.
    pub fn outcome<O>(self, stay: O, open: impl FnOnce() -> O) -> Option<O> {
        match self {
            Self::NotTaken => None,
            Self::Taken => Some(stay),
            Self::Open => Some(open()),
        }
    }
}

/// What a list's records are called, and what it says when it has none
/// at all.
#[derive(Debug, Clone, Copy)]
pub struct TableSpec<'a> {
    /// "tickets", for "loading tickets…" and "no tickets match".
    pub noun: &'a str,
    /// Shown when the list loaded and is empty.
    pub empty: &'a str,
}

/// Rows a table in `area` shows (its first line is the header).
pub fn rows_height(area: Rect) -> usize {
    usize::from(area.height.saturating_sub(1)).max(1)
}
