//! A streamed list as the user sees it: status tabs with counts, the live
//! filter, the sort (stable: by key, then id), the selection that stays on
//! its record, and the table drawn through the one table renderer.

use std::cmp::Ordering;

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use memchr::memmem::Finder;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use tui_input::Input;
use tui_input::backend::crossterm::to_input_request;

use crate::api::ApiError;
use crate::api::model::RecordError;
use crate::app::state::{Nav, Progress, ReqId, Step, error_text, retry_hint};
use crate::store::StoreError;
use crate::ui::Theme;
use crate::ui::table::{self, Cell, Column, TableView};
use crate::ui::widgets::thousands;

use super::{Intake, ListRow, PageIn, PageMeta, StreamedList};
use crate::app::keymap::Action;

/// The column a list is sorted by, and the direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sort {
    pub column: usize,
    pub descending: bool,
}

/// A list with its filter, tabs, sort and selection.
#[derive(Debug, Clone)]
pub struct ListView<R> {
    pub list: StreamedList<R>,
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
    pub marks: super::marks::Marks,
}

impl<R: ListRow> ListView<R> {
    pub fn new(req: ReqId, group_order: &'static [&'static str]) -> Self {
        Self {
            list: StreamedList::new(req),
            filter: Input::default(),
            filtering: false,
            sort: None,
            tab: None,
            group_order,
            counts: Vec::new(),
            tabs: vec![(None, 0)],
            order: Vec::new(),
            visible: Vec::new(),
            needle: String::new(),
            nav: Nav::default(),
            selected_id: None,
            height: 1,
            pending: None,
            tail: None,
            note: None,
            marks: super::marks::Marks::default(),
        }
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
    /// returns what to tell the user, if anything (the first unreadable
    /// record, a failed read).
    pub fn reply(
        &mut self,
        req: ReqId,
        page: Result<PageIn, ApiError>,
        noun: &str,
    ) -> Option<String> {
        match page {
            Ok(p) => {
                let rows = R::take(p.rows)?;
                self.page(req, &p.meta, rows)
                    .map(|bad| format!("unreadable: {bad}"))
            }
            Err(e) => Some(self.failed(req, e, noun)),
        }
    }

    /// Takes the answer of a list read from the local store (one page, or
    /// why the store could not be read); returns what to tell the user.
    pub fn reply_local(
        &mut self,
        req: ReqId,
        page: Result<PageIn, StoreError>,
        noun: &str,
    ) -> Option<String> {
        match page {
            Ok(p) => self.reply(req, Ok(p), noun),
            Err(e) => {
                let text = format!("{noun}: {e}");
                self.list.store_failed(e);
                Some(text)
            }
        }
    }

    /// The keys every list answers the same way: movement, `/`, the sort
    /// (over `columns` columns). False when `action` is none of them.
    pub fn act(&mut self, action: Action, columns: usize) -> bool {
        if let Some(step) = action.step() {
            self.step(step);
            return true;
        }
        match action {
            Action::Filter => self.filtering = true,
            Action::SortNext => self.sort_next(columns),
            Action::SortReverse => self.sort_reverse(),
            _ => return false,
        }
        true
    }

    /// A key while the filter line is open (true: it was taken).
    pub fn text_key(&mut self, key: KeyEvent) -> bool {
        if !self.filtering {
            return false;
        }
        self.filter_key(key);
        true
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
    /// the user.
    pub fn failed(&mut self, req: ReqId, e: ApiError, noun: &str) -> String {
        let text = error_text(&e);
        if self.fail(req, e) {
            format!("reading the {noun} again failed: {text}; the list shown is from before")
        } else {
            format!("{noun}: {text}")
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

    /// Moves the selection and remembers which record it is on.
    pub fn select(&mut self, pos: usize) {
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

    fn compare(&self, a: u32, b: u32, sort: Sort) -> Ordering {
        let rows = self.list.rows();
        let (ra, rb) = (&rows[a as usize], &rows[b as usize]);
        let order = ra
            .compare(rb, sort.column)
            .then_with(|| ra.id().cmp(&rb.id()));
        if sort.descending {
            order.reverse()
        } else {
            order
        }
    }

    /// `indices` in sort order: by each row's number key first, the full
    /// comparison only where two keys tie.
    fn sorted(&self, indices: &[u32], sort: Sort) -> Vec<u32> {
        /// Marks, in an index, a row whose key is whole.
        const WHOLE: u32 = 1 << 31;
        /// From this many rows the two halves are keyed and sorted on two threads.
        const SPLIT: usize = 20_000;
        type Entry = (u128, u64, u32);
        let rows = self.list.rows();
        // 32 bytes an entry: key, id, index (and the whole flag in its top bit).
        let key = |i: &u32| -> Entry {
            let row = &rows[*i as usize];
            let key = row.sort_key(sort.column);
            (
                key.prefix,
                row.id(),
                if key.whole { *i | WHOLE } else { *i },
            )
        };
        let cmp = |a: &Entry, b: &Entry| {
            let order = a.0.cmp(&b.0).then_with(|| {
                if a.2 & b.2 & WHOLE == WHOLE {
                    Ordering::Equal
                } else {
                    let (ra, rb) = (
                        &rows[(a.2 & !WHOLE) as usize],
                        &rows[(b.2 & !WHOLE) as usize],
                    );
                    ra.compare(rb, sort.column)
                }
            });
            let order = order.then(a.1.cmp(&b.1));
            if sort.descending {
                order.reverse()
            } else {
                order
            }
        };
        let keyed_sorted = |part: &[u32]| -> Vec<Entry> {
            let mut keyed: Vec<Entry> = part.iter().map(key).collect();
            keyed.sort_unstable_by(cmp);
            keyed
        };
        if indices.len() < SPLIT {
            return keyed_sorted(indices)
                .into_iter()
                .map(|(_, _, i)| i & !WHOLE)
                .collect();
        }
        // A large list: both cores key and sort a half each, then one merge.
        let (left, right) = indices.split_at(indices.len() / 2);
        let (left, right) = std::thread::scope(|s| {
            let other = s.spawn(|| keyed_sorted(left));
            let right = keyed_sorted(right);
            (other.join(), right)
        });
        // A panic on the other thread would be a bug in a comparison: sort
        // that half here instead of losing it.
        let left = left.unwrap_or_else(|_| keyed_sorted(&indices[..indices.len() / 2]));
        let mut merged = Vec::with_capacity(indices.len());
        let (mut i, mut j) = (0, 0);
        while i < left.len() && j < right.len() {
            if cmp(&right[j], &left[i]) == Ordering::Less {
                merged.push(right[j].2 & !WHOLE);
                j += 1;
            } else {
                merged.push(left[i].2 & !WHOLE);
                i += 1;
            }
        }
        merged.extend(left[i..].iter().map(|e| e.2 & !WHOLE));
        merged.extend(right[j..].iter().map(|e| e.2 & !WHOLE));
        merged
    }

    fn in_tab(&self, row: &R) -> bool {
        self.tab.as_deref().is_none_or(|t| row.group() == t)
    }

    /// Counts the groups of rows `from..`.
    fn count_from(&mut self, from: usize) {
        for row in &self.list.rows()[from..] {
            let g = row.group();
            if g.is_empty() {
                continue;
            }
            if let Some(c) = self.counts.iter_mut().find(|(s, _)| s == g) {
                c.1 += 1;
            } else {
                self.counts.push((g.to_string(), 1));
            }
        }
    }

    /// The tabs: all, then the groups present (the known ones first).
    fn rebuild_tabs(&mut self) {
        let known = self
            .group_order
            .iter()
            .filter_map(|k| self.counts.iter().find(|(s, _)| s == k));
        let other = self
            .counts
            .iter()
            .filter(|(s, _)| !self.group_order.contains(&s.as_str()));
        self.tabs = std::iter::once((None, self.list.len()))
            .chain(
                known
                    .chain(other)
                    .filter(|(_, n)| *n > 0)
                    .map(|(s, n)| (Some(s.clone()), *n)),
            )
            .collect();
        if self.tab.is_some() && !self.tabs.iter().any(|(t, _)| *t == self.tab) {
            // The tab's last record went (e.g. revoked); keep the tab with 0.
            self.tabs.push((self.tab.clone(), 0));
        }
    }

    /// Rebuilds everything from the rows (after rows were replaced), keeping
    /// the selection on its record.
    pub fn recompute(&mut self) {
        self.counts.clear();
        self.count_from(0);
        self.rebuild_tabs();
        self.reorder();
    }

    /// Rebuilds the tab's order (after the tab or the sort changed) and what
    /// the filter shows of it.
    fn reorder(&mut self) {
        let rows = self.list.rows();
        let mut order: Vec<u32> = (0..rows.len())
            .filter(|&i| self.in_tab(&rows[i]))
            .filter_map(|i| u32::try_from(i).ok())
            .collect();
        if let Some(sort) = self.sort {
            order = self.sorted(&order, sort);
        }
        self.order = order;
        self.needle = crate::search::fold(self.filter.value());
        self.visible = self.matching(&self.order);
        self.rank_visible();
        self.reselect();
    }

    /// A ranked list without a sort: the best matches first, each rank in
    /// the list's order.
    fn rank_visible(&mut self) {
        if !R::RANKED || self.sort.is_some() || self.needle.is_empty() {
            return;
        }
        let rows = self.list.rows();
        let needle = self.needle.as_str();
        self.visible
            .sort_by_cached_key(|&i| (rows[i as usize].rank(needle), i));
    }

    /// The rows of `from` (indices, in order) that the filter lets through.
    fn matching(&self, from: &[u32]) -> Vec<u32> {
        if self.needle.is_empty() {
            return from.to_vec();
        }
        let list = &self.list;
        let finder = Finder::new(self.needle.as_bytes());
        from.iter()
            .copied()
            .filter(|&i| finder.find(list.haystack(i as usize).as_bytes()).is_some())
            .collect()
    }

    /// The filter text changed. A longer query only narrows what is shown,
    /// so it looks at the rows shown, not at the whole list; a shorter one
    /// filters the tab's order again. Neither sorts.
    fn refilter(&mut self) {
        let needle = crate::search::fold(self.filter.value());
        if needle == self.needle {
            return;
        }
        let narrower = needle.contains(self.needle.as_str());
        self.needle = needle;
        self.visible = if narrower {
            let mut visible = std::mem::take(&mut self.visible);
            let list = &self.list;
            let finder = Finder::new(self.needle.as_bytes());
            visible.retain(|&i| finder.find(list.haystack(i as usize).as_bytes()).is_some());
            visible
        } else {
            self.matching(&self.order)
        };
        self.rank_visible();
        self.reselect();
    }

    /// Merges `new` (indices already in sort order) into `into`.
    fn merge(&self, into: &[u32], new: &[u32], sort: Sort) -> Vec<u32> {
        let mut merged = Vec::with_capacity(into.len() + new.len());
        let (mut i, mut j) = (0, 0);
        while i < into.len() && j < new.len() {
            if self.compare(new[j], into[i], sort) == Ordering::Less {
                merged.push(new[j]);
                j += 1;
            } else {
                merged.push(into[i]);
                i += 1;
            }
        }
        merged.extend_from_slice(&into[i..]);
        merged.extend_from_slice(&new[j..]);
        merged
    }

    /// Takes in rows `from..` (just appended) at the cost of their number
    /// (plus one merge when sorted).
    fn extend(&mut self, from: usize) {
        self.count_from(from);
        self.rebuild_tabs();
        let rows = self.list.rows();
        let mut new: Vec<u32> = (from..rows.len())
            .filter(|&i| self.in_tab(&rows[i]))
            .filter_map(|i| u32::try_from(i).ok())
            .collect();
        if let Some(sort) = self.sort {
            new = self.sorted(&new, sort);
        }
        let shown = self.matching(&new);
        let order = std::mem::take(&mut self.order);
        let visible = std::mem::take(&mut self.visible);
        match self.sort {
            None => {
                self.order = order;
                self.order.extend_from_slice(&new);
                self.visible = visible;
                self.visible.extend_from_slice(&shown);
                self.rank_visible();
            }
            Some(sort) => {
                self.order = self.merge(&order, &new, sort);
                self.visible = self.merge(&visible, &shown, sort);
            }
        }
        self.reselect();
    }

    fn reselect(&mut self) {
        // Through the id index: a scan of row numbers, not of the rows.
        let found = self
            .selected_id
            .and_then(|id| self.list.position(id))
            .and_then(|at| self.visible.iter().position(|&i| i == at));
        if let Some(pos) = found {
            self.nav.select(pos, self.visible.len(), self.height);
        } else {
            // The record is hidden (tab, filter): keep its id so the
            // selection comes back to it when it shows again.
            self.nav.fit(self.visible.len(), self.height);
            if self.selected_id.is_none() {
                self.selected_id = self.selected().map(ListRow::id);
            }
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
            KeyCode::Enter => self.filtering = false,
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

    /// "loading 3/12 pages · 1,200 of 4,800" while the list streams in;
    /// "refreshing 3/12 pages" while a second read loads behind it.
    pub fn progress_text(&self) -> Option<String> {
        if let Some(p) = &self.pending {
            let pages = match p.progress {
                Progress::Loading { done, total } if total > 0 => format!(" {done}/{total} pages"),
                _ => String::new(),
            };
            let note = self
                .note
                .as_deref()
                .map(|n| format!("{n} · "))
                .unwrap_or_default();
            return Some(format!("{note}⟳ refreshing{pages}"));
        }
        match &self.list.progress {
            Progress::Loading { done, total } => {
                let n = thousands(self.list.len() as u64);
                Some(match (total, self.list.total) {
                    (0, _) => "⟳ loading…".to_string(),
                    (t, Some(all)) => {
                        format!("⟳ loading {done}/{t} pages · {n} of {}", thousands(all))
                    }
                    (t, None) => format!("⟳ loading {done}/{t} pages · {n}"),
                })
            }
            Progress::Done | Progress::Failed(_) | Progress::StoreFailed(_) => None,
        }
    }

    /// The line above the table: filter or count, progress, sort, trouble.
    pub fn info_line(&self, noun: &str, columns: &[Column], theme: Theme) -> Line<'static> {
        let mut spans = Vec::new();
        let shown = thousands(self.visible.len() as u64);
        if self.filtering || !self.filter.value().is_empty() {
            spans.push(Span::styled("/", theme.key()));
            spans.push(Span::styled(self.filter.value().to_string(), theme.focus()));
            if self.filtering {
                spans.push(Span::styled("▏", theme.focus()));
            }
            let matches = if self.visible.len() == 1 {
                "match"
            } else {
                "matches"
            };
            spans.push(Span::styled(
                format!("  {shown} {matches} · Esc clears  "),
                theme.muted(),
            ));
        } else {
            let noun = if self.visible.len() == 1 {
                noun.strip_suffix('s').unwrap_or(noun)
            } else {
                noun
            };
            spans.push(Span::styled(format!("{shown} {noun}  "), theme.muted()));
        }
        if !self.marks.is_empty() {
            spans.push(Span::styled(
                format!("{} marked  ", thousands(self.marks.len() as u64)),
                theme.key(),
            ));
        }
        if let Some(p) = self.progress_text() {
            spans.push(Span::styled(format!("{p}  "), theme.muted()));
        }
        if let Some(sort) = self.sort
            && let Some(col) = columns.get(sort.column)
        {
            spans.push(Span::styled(
                format!(
                    "sort: {} {}  ",
                    col.title,
                    if sort.descending { "▼" } else { "▲" }
                ),
                theme.muted(),
            ));
        }
        if self.list.skipped > 0 {
            spans.push(Span::styled(
                format!("⚠ {} unreadable  ", thousands(self.list.skipped as u64)),
                theme.error(),
            ));
        }
        match &self.list.progress {
            Progress::Failed(e) => spans.push(Span::styled(
                format!("✗{} {}", retry_hint(e), error_text(e)),
                theme.error(),
            )),
            Progress::StoreFailed(e) => {
                spans.push(Span::styled(format!("✗ {e}"), theme.error()));
            }
            Progress::Loading { .. } | Progress::Done => {}
        }
        Line::from(spans)
    }

    /// What the table says when it has no rows to show.
    fn placeholder(&self, noun: &str, empty: &str) -> String {
        let loading = self.list.progress.is_loading();
        if self.list.is_empty() {
            return match &self.list.progress {
                Progress::Loading { .. } => format!("loading {noun}…"),
                Progress::Failed(e) => {
                    format!(
                        "could not load the {noun}{}: {}",
                        retry_hint(e),
                        error_text(e)
                    )
                }
                Progress::StoreFailed(e) => format!("could not load the {noun}: {e}"),
                Progress::Done => empty.to_string(),
            };
        }
        match (loading, self.progress_text()) {
            // Never a verdict before the list is complete.
            (true, Some(p)) => format!("no match yet · {}", p.trim_start_matches("⟳ ")),
            _ => format!("no {noun} match"),
        }
    }

    /// Draws the visible rows through the one table renderer.
    pub fn render_table(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: Theme,
        spec: &TableSpec<'_>,
        cells: impl Fn(&R) -> Vec<Cell>,
    ) {
        let TableSpec {
            columns,
            noun,
            empty,
        } = *spec;
        let shown: Vec<&R> = (self.nav.offset..self.visible.len())
            .take(self.height)
            .filter_map(|pos| self.visible_row(pos))
            .collect();
        let marked: Vec<bool> = if self.marks.is_empty() {
            Vec::new()
        } else {
            shown.iter().map(|r| self.marks.contains(r.id())).collect()
        };
        let rows: Vec<Vec<Cell>> = shown.into_iter().map(&cells).collect();
        let placeholder = Line::styled(
            format!("  {}", self.placeholder(noun, empty)),
            theme.muted(),
        );
        table::render(
            frame,
            area,
            theme,
            TableView {
                columns,
                sort: self.sort.map(|s| (s.column, s.descending)),
                rows,
                selected: self.nav.selected.checked_sub(self.nav.offset),
                placeholder,
                marked,
            },
        );
    }
}

/// What a list's table is: its columns, what its records are called, and
/// what it says when it has none at all.
#[derive(Debug, Clone, Copy)]
pub struct TableSpec<'a> {
    pub columns: &'a [Column],
    /// "tickets", for "loading tickets…" and "no tickets match".
    pub noun: &'a str,
    /// Shown when the list loaded and is empty.
    pub empty: &'a str,
}

/// Rows a table in `area` shows (its first line is the header).
pub fn rows_height(area: Rect) -> usize {
    usize::from(area.height.saturating_sub(1)).max(1)
}

#[cfg(test)]
mod tests {
    use std::cmp::Ordering;

    use super::{ListView, Sort};
    use crate::app::list::{ListRow, PageMeta, Rows, SortKey, prefix};

    #[derive(Debug, Clone, PartialEq)]
    struct Row {
        id: u64,
        name: String,
    }

    impl ListRow for Row {
        fn id(&self) -> u64 {
            self.id
        }
        fn haystack(&self) -> &str {
            &self.name
        }
        fn compare(&self, other: &Self, _column: usize) -> Ordering {
            self.name.cmp(&other.name)
        }
        fn sort_key(&self, _column: usize) -> SortKey {
            prefix(&self.name)
        }
        fn take(_rows: Rows) -> Option<Vec<Self>> {
            None
        }
    }

    /// Many rows, many alike, some longer than a key: the two-thread sort
    /// gives exactly the order of a plain sort by (value, id).
    #[test]
    fn a_large_sort_equals_a_plain_sort_by_value_then_id() {
        let names = [
            "ana",
            "bruno silva",
            "francois kowalski-nowak",
            "zoe",
            "francois kowalski-nowa",
        ];
        let mut state = 7u64;
        let rows: Vec<Row> = (0..30_000u64)
            .map(|i| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let id = (state >> 20) % 1_000_000 + i * 1_000_000;
                Row {
                    id,
                    name: names[usize::try_from(state >> 60).unwrap_or(0) % names.len()]
                        .to_string(),
                }
            })
            .collect();
        let mut view: ListView<Row> = ListView::new(1, &[]);
        let meta = PageMeta {
            page: 1,
            pages: 1,
            total: None,
            skipped: vec![],
        };
        view.page(1, &meta, rows.clone());
        for descending in [false, true] {
            view.sort = Some(Sort {
                column: 0,
                descending,
            });
            view.recompute();
            let mut expected = rows.clone();
            expected.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
            if descending {
                expected.reverse();
            }
            let got: Vec<u64> = (0..view.visible_len())
                .map(|i| view.visible_row(i).map_or(0, |r| r.id))
                .collect();
            let want: Vec<u64> = expected.iter().map(|r| r.id).collect();
            assert_eq!(got, want, "descending: {descending}");
        }
    }
}
