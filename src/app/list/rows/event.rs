//! An event as the events list keeps it.

use std::cmp::Ordering;

use crate::api::model::Event;
use crate::app::list::{ListRow, SortKey};
use crate::search::fold;

use super::Listable;
use super::format::{When, dates, sold, state, when};

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
}

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
}

impl Listable for Event {
    type Row = EventRow;
    fn row(&self) -> EventRow {
        EventRow::new(self)
    }
}
