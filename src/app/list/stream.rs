//! A list streamed in page by page: its request, progress, rows (one per
//! id), and the records the client could not read.

use std::collections::HashMap;

use crate::api::ApiError;
use crate::api::model::{Page, RecordError};
use crate::app::state::{Progress, ReqId};
use crate::store::StoreError;

use super::{ListRow, Listable, Rows};

/// Where a page stands in its list, and what the client could not read of it.
#[derive(Debug, Clone)]
pub struct PageMeta {
    /// This page's place in the stream (1 first) and how many there are.
    pub page: u32,
    pub pages: u32,
    /// How many records the API says the whole list has.
    pub total: Option<u64>,
    /// Records of this page the client could not read.
    pub skipped: Vec<RecordError>,
}

/// One page of a list as the executor hands it over: its rows already compact.
#[derive(Debug)]
pub struct PageIn {
    pub meta: PageMeta,
    pub rows: Rows,
}

impl PageIn {
    /// Makes the rows of a page of records (in the executor's task).
    pub fn new<T: Listable>(page: u32, pages: u32, records: Page<T>) -> Self {
        Self {
            meta: PageMeta {
                page,
                pages,
                total: records.info.and_then(|i| i.count_filtered.0),
                // Dropped records and fields set aside in kept ones alike.
                skipped: records.skipped.into_iter().chain(records.flawed).collect(),
            },
            rows: Rows::of(&records.items),
        }
    }
}

/// What a page did to the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intake {
    /// Rows `from..` are new at the end.
    Appended { from: usize },
    /// Rows already there were replaced (or the list restarted): rebuild.
    Replaced,
}

/// The rows of a list as they stream in.
#[derive(Debug, Clone)]
pub struct StreamedList<R> {
    /// The request whose pages are taken; any other is dropped.
    pub req: ReqId,
    rows: Vec<R>,
    index: HashMap<u64, u32>,
    /// Every row's folded search text, back to back in row order: the
    /// filter reads one contiguous block instead of 100,000 allocations.
    hay: String,
    /// Where each row's text ends in `hay`.
    hay_ends: Vec<u32>,
    /// Every row's ticket number in its canonical form
    /// ([`crate::ticket_number::canonical`]; empty for a row without one),
    /// back to back: a filter that reads as a number compares these
    /// instead of reading each row.
    numbers: String,
    /// Where each row's number ends in `numbers`.
    number_ends: Vec<u32>,
    pub progress: Progress,
    /// How many records the API says there are.
    pub total: Option<u64>,
    /// How many records could not be read, and the first of them.
    pub skipped: usize,
    pub first_skipped: Option<RecordError>,
    /// How many pages the list had when last read (where its tail is).
    pub pages: u32,
}

impl<R: ListRow> StreamedList<R> {
    /// An empty list waiting for the pages of `req`.
    pub fn new(req: ReqId) -> Self {
        Self {
            req,
            rows: Vec::new(),
            index: HashMap::new(),
            hay: String::new(),
            hay_ends: Vec::new(),
            numbers: String::new(),
            number_ends: Vec::new(),
            progress: Progress::Loading { done: 0, total: 0 },
            total: None,
            skipped: 0,
            first_skipped: None,
            pages: 0,
        }
    }

    /// Reads the list again under `req`; the rows stay until page 1 replaces them.
    pub fn restart(&mut self, req: ReqId) {
        self.req = req;
        self.progress = Progress::Loading { done: 0, total: 0 };
    }

    /// Takes in one page. Returns what changed, and the first unreadable
    /// record when this page brought the list's first one.
    pub fn intake(&mut self, meta: &PageMeta, rows: Vec<R>) -> (Intake, Option<RecordError>) {
        let mut cleared = false;
        if meta.page <= 1 {
            cleared = !self.rows.is_empty();
            self.rows.clear();
            self.index.clear();
            self.hay.clear();
            self.hay_ends.clear();
            self.numbers.clear();
            self.number_ends.clear();
            self.skipped = 0;
            self.first_skipped = None;
            self.pages = 0;
            // The list's size is known from page 1: room for all of it at
            // once, rather than growing by doubling (and copying) 17 times.
            if let Some(total) = meta
                .total
                .and_then(|t| usize::try_from(t.min(1_000_000)).ok())
            {
                self.rows.reserve(total);
                self.index.reserve(total);
                self.hay_ends.reserve(total);
                self.number_ends.reserve(total);
            }
        }
        let (change, first) = self.merge(meta, rows);
        self.progress.page_in(meta.pages);
        let change = if cleared { Intake::Replaced } else { change };
        (change, first)
    }

    /// Takes in rows read again (the list's tail after an enroll) without
    /// starting over: a new record is appended, a changed one replaced in
    /// place, an unchanged one left alone.
    pub fn merge(&mut self, meta: &PageMeta, rows: Vec<R>) -> (Intake, Option<RecordError>) {
        if meta.total.is_some() {
            self.total = meta.total;
        }
        self.pages = self.pages.max(meta.pages);
        let from = self.rows.len();
        let mut replaced = false;
        for row in rows {
            let id = row.id();
            if let Some(&i) = self.index.get(&id) {
                if self.rows[i as usize] != row {
                    self.rows[i as usize] = row;
                    replaced = true;
                }
            } else {
                self.index
                    .insert(id, u32::try_from(self.rows.len()).unwrap_or(u32::MAX));
                self.push_hay(&row);
                self.rows.push(row);
            }
        }
        if replaced {
            self.rebuild_hay();
        }
        let first = meta
            .skipped
            .first()
            .filter(|_| self.first_skipped.is_none())
            .cloned();
        if let Some(e) = &first {
            self.first_skipped = Some(e.clone());
        }
        self.skipped += meta.skipped.len();
        let change = if replaced {
            Intake::Replaced
        } else {
            Intake::Appended { from }
        };
        (change, first)
    }

    /// A page failed: what was loaded stays.
    pub fn fail(&mut self, e: ApiError) {
        self.progress = Progress::Failed(e);
    }

    /// The local store it is read from failed.
    pub fn store_failed(&mut self, e: StoreError) {
        self.progress = Progress::StoreFailed(e);
    }

    pub fn rows(&self) -> &[R] {
        &self.rows
    }

    /// The rows themselves (the list is done with: the desk takes a list
    /// read just before as its own, without a copy).
    pub fn into_rows(self) -> Vec<R> {
        self.rows
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Where record `id` is among the rows.
    pub fn position(&self, id: u64) -> Option<u32> {
        self.index.get(&id).copied()
    }

    /// The row of record `id`.
    pub fn get(&self, id: u64) -> Option<&R> {
        self.index.get(&id).map(|&i| &self.rows[i as usize])
    }

    /// Changes the row of record `id` in place; false when it is not here.
    pub fn update(&mut self, id: u64, change: impl FnOnce(&mut R)) -> bool {
        match self.index.get(&id) {
            Some(&i) => {
                change(&mut self.rows[i as usize]);
                self.rebuild_hay();
                true
            }
            None => false,
        }
    }

    /// Row `i`'s folded search text, from the contiguous block.
    pub fn haystack(&self, i: usize) -> &str {
        let start = if i == 0 {
            0
        } else {
            self.hay_ends[i - 1] as usize
        };
        self.hay.get(start..self.hay_ends[i] as usize).unwrap_or("")
    }

    /// Row `i`'s ticket number in its canonical form (empty: none).
    pub fn number_form(&self, i: usize) -> &str {
        let start = if i == 0 {
            0
        } else {
            self.number_ends[i - 1] as usize
        };
        self.numbers
            .get(start..self.number_ends[i] as usize)
            .unwrap_or("")
    }

    /// The rows whose ticket number `wanted` names, in row order: one
    /// pass over the numbers' block, no row read.
    pub fn numbered(&self, wanted: &crate::ticket_number::Wanted) -> Vec<u32> {
        let mut start = 0;
        let mut found = Vec::new();
        for (i, &end) in self.number_ends.iter().enumerate() {
            let form = self.numbers.get(start..end as usize).unwrap_or("");
            if wanted.matches(form) {
                found.extend(u32::try_from(i).ok());
            }
            start = end as usize;
        }
        found
    }

    fn push_hay(&mut self, row: &R) {
        self.hay.push_str(row.haystack());
        self.hay_ends
            .push(u32::try_from(self.hay.len()).unwrap_or(u32::MAX));
        if let Some(number) = row.ticket_number() {
            self.numbers
                .push_str(&crate::ticket_number::canonical(number));
        }
        self.number_ends
            .push(u32::try_from(self.numbers.len()).unwrap_or(u32::MAX));
    }

    /// Lays the search texts out again (a row's text changed).
    fn rebuild_hay(&mut self) {
        self.hay.clear();
        self.hay_ends.clear();
        self.numbers.clear();
        self.number_ends.clear();
        let rows = std::mem::take(&mut self.rows);
        for row in &rows {
            self.push_hay(row);
        }
        self.rows = rows;
    }

    /// The request still streaming, if any: the one to cancel when the list
    /// goes. Request 0 is a list not asked for yet.
    pub fn streaming(&self) -> Option<ReqId> {
        (self.req != 0 && self.progress.is_loading()).then_some(self.req)
    }
}
