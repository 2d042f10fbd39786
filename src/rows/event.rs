//! An event as the events list keeps it.

use std::cmp::Ordering;

use crate::api::model::Event;
use crate::rows::search_text;
use crate::rows::{Field, ListRow};

use super::format::{When, dates, sold, state, when};

/// An event as the list shows it (a handful of them: plain strings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    pub id: u64,
    pub name: String,
    /// The first and last day, for past / today / upcoming.
    pub first: Option<String>,
    pub last: Option<String>,
    pub dates: String,
    pub timezone: String,
    /// Its last moment (a main event's: its last edition's), by the rule
    /// every enroll asks ([`crate::api::ended`]).
    pub last_moment: Option<crate::api::ended::LastMoment>,
    pub location: String,
    pub sold: String,
    pub state: String,
    search: String,
    /// As sent, for the CSV.
    hash: String,
    start_date: String,
    end_date: String,
    total_tickets: Option<u64>,
    tickets_confirmed: Option<u64>,
    stock_available: Option<u64>,
    published: Option<bool>,
    active: Option<bool>,
}

impl EventRow {
    pub fn new(e: &Event) -> Self {
        let name = e.name.clone().unwrap_or_default();
        let c = &e.counters;
        let mut row = Self {
            id: e.id,
            search: String::new(),
            first: e.start_date.clone().or_else(|| e.start_datetime.clone()),
            last: e.end_date.clone().or_else(|| e.end_datetime.clone()),
            dates: dates(e.start_date.as_deref(), e.end_date.as_deref()),
            timezone: e.timezone.clone().unwrap_or_default(),
            last_moment: crate::api::ended::of_event(e).last(),
            location: e.location_type.clone().unwrap_or_default(),
            sold: sold(&e.counters, &e.capacity),
            state: state(e.published, e.active),
            name,
            hash: e.hash.clone().unwrap_or_default(),
            start_date: e.start_date.clone().unwrap_or_default(),
            end_date: e.end_date.clone().unwrap_or_default(),
            total_tickets: c.total_tickets.map(|n| n.0),
            tickets_confirmed: c.tickets_confirmed.map(|n| n.0),
            stock_available: c.stock_available.map(|n| n.0),
            published: e.published,
            active: e.active,
        };
        row.search = search_text(&row);
        row
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

/// An event's fields: the CSV's columns and what the events list shows.
impl EventRow {
    pub const ID: Field<Self> = Field::number("id", |e| e.id);
    pub const HASH: Field<Self> = Field::text("hash", |e| &e.hash);
    /// Sorted by its folded form.
    pub const NAME: Field<Self> = Field::text_by("name", |e| &e.name, |e| &e.search);
    pub const START: Field<Self> = Field::text("start_date", |e| &e.start_date);
    pub const END: Field<Self> = Field::text("end_date", |e| &e.end_date);
    pub const TIMEZONE: Field<Self> = Field::text("timezone", |e| &e.timezone);
    pub const LOCATION: Field<Self> = Field::text("location_type", |e| &e.location);
    pub const TOTAL: Field<Self> = Field::maybe_number("total_tickets", |e| e.total_tickets);
    pub const CONFIRMED: Field<Self> =
        Field::maybe_number("tickets_confirmed", |e| e.tickets_confirmed);
    pub const AVAILABLE: Field<Self> =
        Field::maybe_number("stock_available", |e| e.stock_available);
    pub const PUBLISHED: Field<Self> = Field::flag("published", |e| e.published);
    pub const ACTIVE: Field<Self> = Field::flag("active", |e| e.active);
    /// "2026-11-25 → 2026-11-27"; its "when" sorts by it too.
    pub const DATES: Field<Self> = Field::<Self>::text("dates", |e| &e.dates).shown_only();
    /// "confirmed / stock", the longer (more digits) after.
    pub const SOLD: Field<Self> =
        Field::<Self>::ordered("sold", |e| &e.sold, by_length).shown_only();
    pub const STATE: Field<Self> = Field::<Self>::text("state", |e| &e.state).shown_only();
}

/// Counts as text: more digits is more.
fn by_length(a: &EventRow, b: &EventRow) -> Ordering {
    a.sold.len().cmp(&b.sold.len()).then(a.sold.cmp(&b.sold))
}

impl ListRow for EventRow {
    const FIELDS: &'static [Field<Self>] = &[
        Self::ID,
        Self::HASH,
        Self::NAME,
        Self::START,
        Self::END,
        Self::TIMEZONE,
        Self::LOCATION,
        Self::TOTAL,
        Self::CONFIRMED,
        Self::AVAILABLE,
        Self::PUBLISHED,
        Self::ACTIVE,
        Self::DATES,
        Self::SOLD,
        Self::STATE,
    ];
    const SEARCHED: &'static [&'static Field<Self>] = &[&Self::NAME];

    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        &self.search
    }
}
