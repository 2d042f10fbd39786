//! A course's enrollment as its list keeps it.

use serde_json::Value;

use crate::api::model::{CourseEnrollment, lenient};
use crate::rows::with_search_text;
use crate::rows::{Field, ListRow, Packed};

const NAME: usize = 0;
const EMAIL: usize = 1;
const STATUS: usize = 2;
const COMPLETED: usize = 3;
const SEARCH: usize = 4;
const FIRST: usize = 5;
const LAST: usize = 6;
const PROGRESS: usize = 7;
const CREATED: usize = 8;
const COMPLETED_AT: usize = 9;

/// An enrollment as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct EnrollmentRow {
    pub id: u64,
    pub customer_id: u64,
    /// Per cent, when sent as a number (or a numeric string).
    pub progress: Option<u64>,
    text: Packed<10>,
}

/// A JSON scalar as text ("" for null).
fn text(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl EnrollmentRow {
    pub fn new(e: &CourseEnrollment) -> Self {
        let name = match e.last_name.as_deref().filter(|l| !l.is_empty()) {
            Some(last) => format!("{} {last}", e.name),
            None => e.name.clone(),
        };
        let progress = lenient::whole(&e.progress);
        let completed = match (&e.is_completed, e.completed_date.as_deref()) {
            (_, Some(date)) => date.split(' ').next().unwrap_or(date).to_string(),
            (Value::Bool(true), None) => "yes".into(),
            _ => String::new(),
        };
        let row = Self {
            id: e.id,
            customer_id: e.customer_id,
            progress,
            text: Packed::new([
                &name,
                &e.email,
                &text(&e.status),
                &completed,
                "",
                &e.name,
                e.last_name.as_deref().unwrap_or_default(),
                &text(&e.progress),
                &e.creation_date,
                e.completed_date.as_deref().unwrap_or_default(),
            ]),
        };
        with_search_text(row, SEARCH, |r| &mut r.text)
    }

    /// The full name.
    pub fn name(&self) -> &str {
        self.text.get(NAME)
    }
    pub fn email(&self) -> &str {
        self.text.get(EMAIL)
    }
    pub fn status(&self) -> &str {
        self.text.get(STATUS)
    }
    /// The day it was completed, or `yes` when only that is known.
    pub fn completed(&self) -> &str {
        self.text.get(COMPLETED)
    }
}

/// An enrollment's fields: the CSV's columns and what the list shows.
impl EnrollmentRow {
    pub const ID: Field<Self> = Field::number("id", |e| e.id);
    pub const CUSTOMER_ID: Field<Self> = Field::number("customer_id", |e| e.customer_id);
    pub const FIRST_NAME: Field<Self> = Field::text("name", |e| e.text.get(FIRST));
    pub const LAST_NAME: Field<Self> = Field::text("last_name", |e| e.text.get(LAST));
    pub const EMAIL: Field<Self> = Field::text("email", Self::email);
    pub const STATUS: Field<Self> = Field::text("status", Self::status);
    /// As sent; sorted by the whole number it reads as (none first).
    pub const PROGRESS: Field<Self> =
        Field::maybe_number_as("progress", |e| e.text.get(PROGRESS), |e| e.progress);
    pub const CREATED: Field<Self> = Field::text("creation_date", |e| e.text.get(CREATED));
    pub const COMPLETED_AT: Field<Self> =
        Field::text("completed_date", |e| e.text.get(COMPLETED_AT));
    pub const NAME: Field<Self> = Field::<Self>::text("full_name", Self::name).shown_only();
    pub const COMPLETED: Field<Self> =
        Field::<Self>::text("completed", Self::completed).shown_only();
}

impl ListRow for EnrollmentRow {
    const FIELDS: &'static [Field<Self>] = &[
        Self::ID,
        Self::CUSTOMER_ID,
        Self::FIRST_NAME,
        Self::LAST_NAME,
        Self::EMAIL,
        Self::STATUS,
        Self::PROGRESS,
        Self::CREATED,
        Self::COMPLETED_AT,
        Self::NAME,
        Self::COMPLETED,
    ];
    const SEARCHED: &'static [&'static Field<Self>] = &[&Self::NAME, &Self::EMAIL];

    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
}
