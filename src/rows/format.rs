//! How rows and screens write counts, dates, money and states.

use crate::api::model::{Count, Counters, Loose};
use crate::ui::widgets::thousands;

/// A count or a dash.
pub fn count(c: Option<Count>) -> String {
    c.map_or_else(|| "–".into(), |c| thousands(c.0))
}

/// "confirmed / stock": seats sold against what there is. A capacity of
/// another type than a count is shown as it came (`12 / "unlimited"`).
pub fn sold(counters: &Counters, capacity: &Loose<Count>) -> String {
    let confirmed = count(counters.tickets_confirmed);
    if let Some(other) = capacity.other() {
        return format!("{confirmed} / {other}");
    }
    match (capacity.get(), counters.stock_onhand) {
        (Some(cap), _) => format!("{confirmed} / {}", thousands(cap.0)),
        (None, Some(onhand)) if onhand.0 > 0 => format!("{confirmed} / {}", thousands(onhand.0)),
        _ => format!("{confirmed} / unlimited"),
    }
}

/// "2026-11-25 → 2026-11-27", or one date when they are the same.
pub fn dates(start: Option<&str>, end: Option<&str>) -> String {
    match (start, end) {
        (Some(s), Some(e)) if s == e => s.to_string(),
        (Some(s), Some(e)) => format!("{s} → {e}"),
        (Some(s), None) => s.to_string(),
        (None, Some(e)) => format!("→ {e}"),
        (None, None) => "–".into(),
    }
}

/// "published", "draft", or "inactive" (published but switched off).
pub fn state(published: Option<bool>, active: Option<bool>) -> String {
    match (published, active) {
        (Some(false), _) => "draft",
        (_, Some(false)) => "inactive",
        (Some(true), _) => "published",
        (None, _) => "–",
    }
    .to_string()
}

/// Where something that runs from one day to another stands against today.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Past,
    Today,
    Upcoming,
}

impl When {
    pub fn word(self) -> &'static str {
        match self {
            Self::Past => "past",
            Self::Today => "today",
            Self::Upcoming => "later",
        }
    }
}

/// Where a run from `start` to `end` (dates or date-times; either may be
/// missing) stands against `today` ("YYYY-MM-DD"; empty: unknown).
pub fn when(start: Option<&str>, end: Option<&str>, today: &str) -> Option<When> {
    fn day(d: Option<&str>) -> Option<&str> {
        d.and_then(|d| d.get(..10))
    }
    let today = today.get(..10)?;
    let (first, last) = match (day(start), day(end)) {
        (None, None) => return None,
        (Some(a), None) => (a, a),
        (None, Some(b)) => (b, b),
        (Some(a), Some(b)) => (a, b),
    };
    Some(if last < today {
        When::Past
    } else if first > today {
        When::Upcoming
    } else {
        When::Today
    })
}

/// The cell of a "when" column: the word, styled by the table's caller.
pub fn when_word(w: Option<When>) -> &'static str {
    w.map_or("", When::word)
}

/// Where a list of editions (or events) opens: on the first running today,
/// else on the first still to come. `when_at(i)` is where row `i` stands;
/// `None` when none runs today or later (or the day is unknown). The Event
/// screen and the enroll picker both open here.
pub fn today_or_next(len: usize, when_at: impl Fn(usize) -> Option<When>) -> Option<usize> {
    let at = |w: When| (0..len).find(|&i| when_at(i) == Some(w));
    at(When::Today).or_else(|| at(When::Upcoming))
}

/// "€12.50", or "12.50 USD" when only the currency's code is known.
pub fn money(symbol: Option<&str>, amount: &str) -> String {
    match symbol.filter(|s| !s.is_empty()) {
        Some(code) if code.chars().all(|c| c.is_ascii_alphabetic()) => format!("{amount} {code}"),
        Some(s) => format!("{s}{amount}"),
        None => amount.to_string(),
    }
}

/// A text field, or a dash when there is none.
pub fn or_dash(v: Option<&String>) -> &str {
    v.map_or("–", String::as_str)
}
