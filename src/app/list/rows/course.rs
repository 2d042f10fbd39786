//! A course as the courses list keeps it.

use std::cmp::Ordering;

use crate::api::model::Course;
use crate::app::list::{ListRow, Packed, SortKey, number_key, prefix};
use crate::search::fold;

use super::Listable;

pub const NAME: usize = 0;
pub const STATUS: usize = 1;
pub const ACCESS: usize = 2;
pub const SEARCH: usize = 3;

/// A course as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct CourseRow {
    pub id: u64,
    pub enrollments: u64,
    pub rating: u64,
    pub reviews: u64,
    pub text: Packed<4>,
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
}

impl Listable for Course {
    type Row = CourseRow;
    fn row(&self) -> CourseRow {
        CourseRow::new(self)
    }
}
