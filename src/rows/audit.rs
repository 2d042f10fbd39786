//! A write of the audit log as its list keeps it.

use crate::rows::with_search_text;
use crate::rows::{Field, ListRow, Packed};
use crate::store::AuditEntry;

const AT: usize = 0;
const OPERATION: usize = 1;
const TARGET: usize = 2;
const DESK: usize = 3;
const OUTCOME: usize = 4;
const SEARCH: usize = 5;

/// One write as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditRow {
    /// The row's number in the log (newer is larger).
    pub seq: u64,
    pub latency_ms: Option<u64>,
    text: Packed<6>,
}

impl AuditRow {
    pub fn new(e: &AuditEntry) -> Self {
        // A settled write says when and how its outcome was learnt.
        let outcome = match (&e.settled_at, &e.settled_how) {
            (Some(at), Some(how)) => format!("{} (learnt {at}: {how})", e.outcome),
            _ => e.outcome.clone(),
        };
        // An applied enroll names where it landed, as the API returned it.
        let outcome = match &e.landed {
            Some(landed) => format!("{outcome}; {landed}"),
            None => outcome,
        };
        let row = Self {
            seq: u64::try_from(e.seq).unwrap_or(0),
            latency_ms: e.latency_ms,
            text: Packed::new([&e.at, &e.operation, &e.target, &e.desk, &outcome, ""]),
        };
        with_search_text(row, SEARCH, |r| &mut r.text)
    }

    pub fn outcome(&self) -> &str {
        self.text.get(OUTCOME)
    }
}

/// A write's fields: `boxoffice audit`'s columns and what `:audit` shows.
impl AuditRow {
    pub const SEQ: Field<Self> = Field::number("seq", |a| a.seq);
    /// UTC ("YYYY-MM-DD HH:MM:SS").
    pub const AT: Field<Self> = Field::text("at", |a| a.text.get(AT));
    pub const OPERATION: Field<Self> = Field::text("operation", |a| a.text.get(OPERATION));
    pub const TARGET: Field<Self> = Field::text("target", |a| a.text.get(TARGET));
    pub const DESK: Field<Self> = Field::text("desk", |a| a.text.get(DESK));
    pub const OUTCOME: Field<Self> = Field::text("outcome", Self::outcome);
    pub const LATENCY: Field<Self> = Field::maybe_number("latency_ms", |a| a.latency_ms);
}

impl ListRow for AuditRow {
    const FIELDS: &'static [Field<Self>] = &[
        Self::SEQ,
        Self::AT,
        Self::OPERATION,
        Self::TARGET,
        Self::DESK,
        Self::OUTCOME,
        Self::LATENCY,
    ];
    const SEARCHED: &'static [&'static Field<Self>] =
        &[&Self::OPERATION, &Self::TARGET, &Self::DESK, &Self::OUTCOME];

    /// Newest first when unsorted: the id is the row's place from the end.
    fn id(&self) -> u64 {
        self.seq
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
}
