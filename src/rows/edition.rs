//! An edition as an event's editions table keeps it.

use crate::api::ended::LastMoment;
use crate::api::model::Edition;
use crate::rows::search_text;
use crate::rows::{Field, ListRow};

use super::format::{When, count, dates, or_dash, sold, state, when};

/// An edition as the table shows it (a handful of them: plain strings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditionRow {
    pub id: u64,
    pub name: String,
    /// The first day (or moment) it runs, for naming it.
    pub start: Option<String>,
    /// The last day, for past / today / upcoming.
    pub end: Option<String>,
    /// Its last moment as an instant and as said ("Sat 14 Mar 2026 18:00
    /// Asia/Tokyo"), read by the one rule ([`crate::api::ended`]).
    last: Option<LastMoment>,
    pub dates: String,
    pub time: String,
    pub sold: String,
    pub others: String,
    pub state: String,
    search: String,
    /// As sent, for the CSV.
    raw_name: String,
    start_datetime: String,
    end_datetime: String,
    timezone: String,
    capacity: String,
    tickets_confirmed: Option<u64>,
    stock_available: Option<u64>,
    active: Option<bool>,
}

impl EditionRow {
    pub fn new(ed: &Edition) -> Self {
        let c = &ed.counters;
        let name = ed
            .name
            .clone()
            .unwrap_or_else(|| format!("edition {}", ed.id));
        let last = crate::api::ended::of_edition(ed).last();
        let mut row = Self {
            id: ed.id,
            last,
            search: String::new(),
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
            raw_name: ed.name.clone().unwrap_or_default(),
            start_datetime: ed.start_datetime.clone().unwrap_or_default(),
            end_datetime: ed.end_datetime.clone().unwrap_or_default(),
            timezone: ed.timezone.clone().unwrap_or_default(),
            capacity: ed.capacity.shown().unwrap_or_default(),
            tickets_confirmed: c.tickets_confirmed.map(|n| n.0),
            stock_available: c.stock_available.map(|n| n.0),
            active: ed.active,
        };
        row.search = search_text(&row);
        row
    }

    /// Past, today or upcoming, against `now` (UTC "YYYY-MM-DD HH:MM:SS",
    /// or only its day): by its days, and past once it has
    /// [`ended`](Self::ended) — a session of today that is over is not
    /// "today" any more.
    pub fn when(&self, now: &str) -> Option<When> {
        if self.ended(now).is_some() {
            return Some(When::Past);
        }
        when(self.start.as_deref(), self.end.as_deref(), now)
    }

    /// When it ended ("Sat 14 Mar 2026 18:00 Asia/Tokyo"), if it has at
    /// `now` (UTC, "YYYY-MM-DD HH:MM:SS"): the rule every enroll path
    /// asks ([`crate::api::ended`]), here before anything is typed.
    pub fn ended(&self, now: &str) -> Option<&LastMoment> {
        self.last.as_ref()?.ended(now)
    }

    /// Its last moment, for a list of its tickets to ask the same.
    pub fn last(&self) -> Option<LastMoment> {
        self.last.clone()
    }
}

/// An edition's fields: the CSV's columns and what the editions table shows.
impl EditionRow {
    pub const ID: Field<Self> = Field::number("id", |e| e.id);
    pub const RAW_NAME: Field<Self> = Field::text("name", |e| &e.raw_name);
    pub const START: Field<Self> = Field::text("start_datetime", |e| &e.start_datetime);
    pub const END: Field<Self> = Field::text("end_datetime", |e| &e.end_datetime);
    pub const TIMEZONE: Field<Self> = Field::text("timezone", |e| &e.timezone);
    /// A count, or any other value as sent (`false`: none, empty).
    pub const CAPACITY: Field<Self> = Field::text("capacity", |e| &e.capacity);
    pub const CONFIRMED: Field<Self> =
        Field::maybe_number("tickets_confirmed", |e| e.tickets_confirmed);
    pub const AVAILABLE: Field<Self> =
        Field::maybe_number("stock_available", |e| e.stock_available);
    pub const ACTIVE: Field<Self> = Field::flag("active", |e| e.active);
    /// Its name, or "edition 12"; sorted by its folded form.
    pub const NAME: Field<Self> =
        Field::<Self>::text_by("edition", |e| &e.name, |e| &e.search).shown_only();
    /// "2026-11-25 → 2026-11-27"; its "when" sorts by it too.
    pub const DATES: Field<Self> = Field::<Self>::text("dates", |e| &e.dates).shown_only();
    pub const TIME: Field<Self> = Field::<Self>::text("time", |e| &e.time).shown_only();
    pub const SOLD: Field<Self> = Field::<Self>::text("sold", |e| &e.sold).shown_only();
    /// Open, pending and cancelled tickets.
    pub const OTHERS: Field<Self> = Field::<Self>::text("others", |e| &e.others).shown_only();
    pub const STATE: Field<Self> = Field::<Self>::text("state", |e| &e.state).shown_only();
}

impl ListRow for EditionRow {
    const FIELDS: &'static [Field<Self>] = &[
        Self::ID,
        Self::RAW_NAME,
        Self::START,
        Self::END,
        Self::TIMEZONE,
        Self::CAPACITY,
        Self::CONFIRMED,
        Self::AVAILABLE,
        Self::ACTIVE,
        Self::NAME,
        Self::DATES,
        Self::TIME,
        Self::SOLD,
        Self::OTHERS,
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
