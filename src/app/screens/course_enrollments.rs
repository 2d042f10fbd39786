//! The enrollments of one course (`e` on a course).

use std::cmp::Ordering;

use serde_json::Value;

use crate::api::model::{CourseEnrollment, lenient};
use crate::app::cmd::Cmd;
use crate::app::keymap::Scope;
use crate::app::list::{ListQuery, ListRow, Packed, Rows, SortKey, number_key, prefix};
use crate::search::fold;
use crate::ui::table::{Cell, Column};

use super::Ctx;
use super::listing::{Listed, Listing};

/// The course enrollments screen.
pub type CourseEnrollmentsScreen = Listing<EnrollmentRow>;

impl CourseEnrollmentsScreen {
    /// The enrollments of course `course_id`, and the command that loads
    /// them; `crumb` names the course when the screen below does not.
    pub fn open_course(ctx: &mut Ctx, course_id: u64, crumb: String) -> (Self, Cmd) {
        Self::open(ctx, ListQuery::CourseEnrollments { course_id }, crumb)
    }
}

const NAME: usize = 0;
const EMAIL: usize = 1;
const STATUS: usize = 2;
const COMPLETED: usize = 3;
const SEARCH: usize = 4;

/// An enrollment as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct EnrollmentRow {
    pub id: u64,
    /// Per cent, when sent as a number (or a numeric string).
    progress: Option<u64>,
    text: Packed<5>,
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
    fn take(rows: Rows) -> Option<Vec<Self>> {
        match rows {
            Rows::CourseEnrollments(rows) => Some(rows),
            _ => None,
        }
    }
}

const COLUMNS: [Column; 5] = [
    Column::grow("name", 12, 0),
    Column::grow("e-mail", 14, 1),
    Column::fixed("progress", 8, 0).right(),
    Column::fixed("status", 6, 2),
    Column::fixed("completed", 10, 1),
];

impl Listed for EnrollmentRow {
    const COLUMNS: &'static [Column] = &COLUMNS;
    const NOUN: &'static str = "enrollments";
    const SCOPE: Scope = Scope::CourseEnrollments;

    fn cells(&self) -> Vec<Cell> {
        vec![
            Cell::new(self.name()),
            Cell::new(self.text.get(EMAIL)),
            Cell::new(
                self.progress
                    .map_or_else(|| "–".into(), |p| format!("{p} %")),
            ),
            Cell::new(self.text.get(STATUS)),
            Cell::new(self.text.get(COMPLETED)),
        ]
    }
}
