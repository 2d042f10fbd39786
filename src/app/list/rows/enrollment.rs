//! A course's enrollment as its list keeps it.

use std::cmp::Ordering;

use serde_json::Value;

use crate::api::model::{CourseEnrollment, lenient};
use crate::app::list::{ListRow, Packed, SortKey, number_key, prefix};
use crate::search::fold;

use super::Listable;

pub const NAME: usize = 0;
pub const EMAIL: usize = 1;
pub const STATUS: usize = 2;
pub const COMPLETED: usize = 3;
pub const SEARCH: usize = 4;

/// An enrollment as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct EnrollmentRow {
    pub id: u64,
    /// Per cent, when sent as a number (or a numeric string).
    pub progress: Option<u64>,
    pub text: Packed<5>,
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
        let search = format!("{}\u{1f}{}", fold(&name), fold(&e.email));
        Self {
            id: e.id,
            progress,
            text: Packed::new([&name, &e.email, &text(&e.status), &completed, &search]),
        }
    }

    pub fn name(&self) -> &str {
        self.text.get(NAME)
    }
}

impl ListRow for EnrollmentRow {
    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
    fn compare(&self, other: &Self, column: usize) -> Ordering {
        match column {
            2 => self.progress.cmp(&other.progress),
            c => {
                let f = [NAME, EMAIL, 0, STATUS, COMPLETED].get(c).copied();
                let f = f.unwrap_or(NAME);
                self.text.get(f).cmp(other.text.get(f))
            }
        }
    }
    fn sort_key(&self, column: usize) -> SortKey {
        match column {
            2 => number_key(self.progress.map_or(0, |p| p + 1)),
            c => prefix(self.text.get([NAME, EMAIL, 0, STATUS, COMPLETED][c.min(4)])),
        }
    }
}

impl Listable for CourseEnrollment {
    type Row = EnrollmentRow;
    fn row(&self) -> EnrollmentRow {
        EnrollmentRow::new(self)
    }
}
