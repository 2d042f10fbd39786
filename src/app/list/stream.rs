//! A list streamed in page by page: its request, progress, rows (one per
//! id), and the records the client could not read.

use std::collections::HashMap;

use crate::api::ApiError;
use crate::api::model::{Page, RecordError};
use crate::app::state::{Progress, ReqId};

use super::{ListRow, Rows};

/// One page of a list as the executor hands it over: its rows already compact.
#[derive(Debug, Clone)]
pub struct PageIn {
    /// This page's place in the stream (1 first) and how many there are.
    pub page: u32,
    pub pages: u32,
    /// How many records the API says the whole list has.
    pub total: Option<u64>,
    pub rows: Rows,
    /// Records of this page the client could not read.
    pub skipped: Vec<RecordError>,
}

impl PageIn {
    /// Makes the rows of a page of records (in the executor's task).
    pub fn new<T>(page: u32, pages: u32, records: Page<T>) -> Self
    where
        Rows: From<Vec<T>>,
    {
        Self {
            page,
            pages,
            total: records.info.map(|i| i.count_filtered.0),
            rows: Rows::from(records.items),
            skipped: records.skipped,
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
    pub progress: Progress,
    /// How many records the API says there are.
    pub total: Option<u64>,
    /// How many records could not be read, and the first of them.
    pub skipped: usize,
    pub first_skipped: Option<RecordError>,
}

impl<R: ListRow> StreamedList<R> {
    /// An empty list waiting for the pages of `req`.
    pub fn new(req: ReqId) -> Self {
        Self {
            req,
            rows: Vec::new(),
            index: HashMap::new(),
            progress: Progress::Loading { done: 0, total: 0 },
            total: None,
            skipped: 0,
            first_skipped: None,
        }
    }

    /// Reads the list again under `req`; the rows stay until page 1 replaces them.
    pub fn restart(&mut self, req: ReqId) {
        self.req = req;
        self.progress = Progress::Loading { done: 0, total: 0 };
    }

    /// Takes in one page. Returns what changed, and the first unreadable
    /// record when this page brought the list's first one.
    pub fn intake(
        &mut self,
        page: u32,
        pages: u32,
        total: Option<u64>,
        rows: Vec<R>,
        skipped: &[RecordError],
    ) -> (Intake, Option<RecordError>) {
        let mut replaced = false;
        if page <= 1 {
            replaced = !self.rows.is_empty();
            self.rows.clear();
            self.index.clear();
            self.skipped = 0;
            self.first_skipped = None;
        }
        if total.is_some() {
            self.total = total;
        }
        let from = self.rows.len();
        for row in rows {
            let id = row.id();
            if let Some(&i) = self.index.get(&id) {
                self.rows[i as usize] = row;
                replaced = true;
            } else {
                self.index
                    .insert(id, u32::try_from(self.rows.len()).unwrap_or(u32::MAX));
                self.rows.push(row);
            }
        }
        let first = skipped
            .first()
            .filter(|_| self.first_skipped.is_none())
            .cloned();
        if let Some(e) = &first {
            self.first_skipped = Some(e.clone());
        }
        self.skipped += skipped.len();
        self.progress.page_in(pages);
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

    pub fn rows(&self) -> &[R] {
        &self.rows
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
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
                true
            }
            None => false,
        }
    }

    /// The request still streaming, if any: the one to cancel when the list
    /// goes. Request 0 is a list not asked for yet.
    pub fn streaming(&self) -> Option<ReqId> {
        (self.req != 0 && self.progress.is_loading()).then_some(self.req)
    }
}
