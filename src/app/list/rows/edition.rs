//! An edition as an event's editions table keeps it.

use std::cmp::Ordering;

use crate::api::model::Edition;
use crate::app::list::{ListRow, SortKey};
use crate::search::fold;

use super::Listable;
use super::format::{When, count, dates, or_dash, sold, state, when};

/// An edition as the table shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditionRow {
    pub id: u64,
    pub name: String,
    /// The first day (or moment) it runs, for naming it.
    pub start: Option<String>,
    /// The last day, for past / today / upcoming.
    pub end: Option<String>,
    pub dates: String,
    pub time: String,
    pub sold: String,
    pub others: String,
    pub state: String,
    search: String,
}

impl EditionRow {
    pub fn new(ed: &Edition) -> Self {
        let c = &ed.counters;
        let name = ed
            .name
            .clone()
            .unwrap_or_else(|| format!("edition {}", ed.id));
        Self {
            id: ed.id,
            search: fold(&name),
            start: ed.start_date.clone().or_else(|| ed.start_datetime.clone()),
            end: ed.end_date.clone().or_else(|| ed.end_datetime.clone()),
            dates: dates(ed.start_date.as_deref(), ed.end_date.as_deref()),
            time: format!(
                "{}–{}",
                or_dash(ed.from_time.as_ref()),
                or_dash(ed.to_time.as_ref())
            ),
            sold: sold(c, &ed.capacity),
            others: format!(
                "{}/{}/{}",
                count(c.tickets_open),
                count(c.tickets_pending),
                count(c.tickets_cancelled)
            ),
            state: state(ed.published, ed.active),
            name,
        }
    }

    /// Past, today or upcoming, against `today`.
    pub fn when(&self, today: &str) -> Option<When> {
        when(self.start.as_deref(), self.end.as_deref(), today)
    }
}

impl ListRow for EditionRow {
    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        &self.search
    }
    fn compare(&self, other: &Self, column: usize) -> Ordering {
        match column {
            0 => self.search.cmp(&other.search),
            3 => self.time.cmp(&other.time),
            4 => self.sold.cmp(&other.sold),
            5 => self.others.cmp(&other.others),
            6 => self.state.cmp(&other.state),
            _ => self.dates.cmp(&other.dates),
        }
    }
    fn sort_key(&self, _column: usize) -> SortKey {
        // A handful of editions: the full comparison is cheap enough.
        SortKey::NONE
    }
}

impl Listable for Edition {
    type Row = EditionRow;
    fn row(&self) -> EditionRow {
        EditionRow::new(self)
    }
}
