//! A course as the courses list keeps it.

use crate::api::model::Course;
use crate::rows::with_search_text;
use crate::rows::{Field, ListRow, Packed};

const NAME: usize = 0;
const STATUS: usize = 1;
const ACCESS: usize = 2;
const SEARCH: usize = 3;
const TYPE: usize = 4;
const LANGUAGE: usize = 5;
const CREATED: usize = 6;

/// A course as the list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct CourseRow {
    pub id: u64,
    pub enrollments: u64,
    pub rating: u64,
    pub reviews: u64,
    text: Packed<7>,
}

impl CourseRow {
    pub fn new(c: &Course) -> Self {
        let row = Self {
            id: c.id,
            enrollments: c.total_enrollments.0,
            rating: c.total_rating.0,
            reviews: c.total_reviews.0,
            text: Packed::new([
                &c.name,
                &c.status,
                &c.access_type,
                "",
                &c.kind,
                &c.language,
                &c.creation_date,
            ]),
        };
        with_search_text(row, SEARCH, |r| &mut r.text)
    }

    pub fn name(&self) -> &str {
        self.text.get(NAME)
    }
}

/// A course's fields: the CSV's columns and what the list shows.
impl CourseRow {
    pub const ID: Field<Self> = Field::number("id", |c| c.id);
    /// Sorted by its folded form.
    pub const NAME: Field<Self> = Field::text_by("name", Self::name, |c| c.text.get(SEARCH));
    pub const STATUS: Field<Self> = Field::text("status", |c| c.text.get(STATUS));
    pub const TYPE: Field<Self> = Field::text("type", |c| c.text.get(TYPE));
    pub const ACCESS: Field<Self> = Field::text("access_type", |c| c.text.get(ACCESS));
    pub const LANGUAGE: Field<Self> = Field::text("language", |c| c.text.get(LANGUAGE));
    pub const ENROLLMENTS: Field<Self> = Field::number("total_enrollments", |c| c.enrollments);
    pub const CREATED: Field<Self> = Field::text("creation_date", |c| c.text.get(CREATED));
    pub const RATING: Field<Self> = Field::<Self>::number("rating", |c| c.rating).shown_only();
}

impl ListRow for CourseRow {
    const FIELDS: &'static [Field<Self>] = &[
        Self::ID,
        Self::NAME,
        Self::STATUS,
        Self::TYPE,
        Self::ACCESS,
        Self::LANGUAGE,
        Self::ENROLLMENTS,
        Self::CREATED,
        Self::RATING,
    ];
    const SEARCHED: &'static [&'static Field<Self>] = &[&Self::NAME];

    fn id(&self) -> u64 {
        self.id
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
}
