//! The courses list: a root tab.

use std::cmp::Ordering;

use crate::api::model::Course;
use crate::app::keymap::{Action, Scope};
use crate::app::list::{ListRow, Packed, Rows, SortKey, number_key, prefix};
use crate::search::fold;
use crate::ui::table::{Cell, Column};
use crate::ui::widgets::thousands;

use super::course_enrollments::CourseEnrollmentsScreen;
use super::detail::DetailScreen;
use super::listing::{Listed, Listing};
use super::{Ctx, Outcome, Screen};

/// The courses list screen.
pub type CoursesScreen = Listing<CourseRow>;

const NAME: usize = 0;
const STATUS: usize = 1;
const ACCESS: usize = 2;
const SEARCH: usize = 3;

/// A course as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct CourseRow {
    pub id: u64,
    enrollments: u64,
    rating: u64,
    reviews: u64,
    text: Packed<4>,
}

impl CourseRow {
    pub fn new(c: &Course) -> Self {
        Self {
            id: c.id,
            enrollments: c.total_enrollments.0,
            rating: c.total_rating.0,
            reviews: c.total_reviews.0,
            text: Packed::new([&c.name, &c.status, &c.access_type, &fold(&c.name)]),
        }
    }

    pub fn name(&self) -> &str {
        self.text.get(NAME)
    }
}

impl ListRow for CourseRow {
    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
    fn compare(&self, other: &Self, column: usize) -> Ordering {
        match column {
            1 => self.text.get(STATUS).cmp(other.text.get(STATUS)),
            2 => self.text.get(ACCESS).cmp(other.text.get(ACCESS)),
            3 => self.enrollments.cmp(&other.enrollments),
            4 => self.rating.cmp(&other.rating),
            _ => self.haystack().cmp(other.haystack()),
        }
    }
    fn sort_key(&self, column: usize) -> SortKey {
        match column {
            1 => prefix(self.text.get(STATUS)),
            2 => prefix(self.text.get(ACCESS)),
            3 => number_key(self.enrollments),
            4 => number_key(self.rating),
            _ => prefix(self.haystack()),
        }
    }
    fn take(rows: Rows) -> Option<Vec<Self>> {
        match rows {
            Rows::Courses(rows) => Some(rows),
            _ => None,
        }
    }
}

const COLUMNS: [Column; 5] = [
    Column::grow("name", 16, 0),
    Column::fixed("status", 6, 1),
    Column::fixed("access", 6, 2),
    Column::fixed("enrolled", 8, 0).right(),
    Column::fixed("rating", 6, 3).right(),
];

impl Listed for CourseRow {
    const COLUMNS: &'static [Column] = &COLUMNS;
    const NOUN: &'static str = "courses";
    const SCOPE: Scope = Scope::Courses;

    fn act(&self, action: Action, ctx: &mut Ctx) -> Outcome {
        match action {
            Action::Open => {
                let (screen, cmd) = DetailScreen::open(ctx, self.id, self.name().to_string());
                Outcome::Push(Box::new(Screen::Course(screen)), vec![cmd])
            }
            Action::Enrollments => {
                let (screen, cmd) = CourseEnrollmentsScreen::open_course(
                    ctx,
                    self.id,
                    format!("Enrollments · {}", self.name()),
                );
                Outcome::Push(Box::new(Screen::CourseEnrollments(screen)), vec![cmd])
            }
            _ => Outcome::Stay,
        }
    }

    fn cells(&self) -> Vec<Cell> {
        vec![
            Cell::new(self.name()),
            Cell::new(self.text.get(STATUS)),
            Cell::new(self.text.get(ACCESS)),
            Cell::new(thousands(self.enrollments)),
            Cell::new(format!("{} ({})", self.rating, thousands(self.reviews))),
        ]
    }
}
