//! The courses list: a root tab.

use crate::app::keymap::{Action, Scope};
use crate::app::list::Col;
use crate::app::list::rows::CourseRow;
use crate::ui::table::{Cell, Column};
use crate::ui::widgets::thousands;

use super::component::Outcome;
use super::listing::{Listing, View};
use crate::app::ctx::Ctx;
use crate::app::target::Target;

/// The courses list screen.
pub type CoursesScreen = Listing<Courses>;

/// The courses tab's view of the courses.
#[derive(Debug, Clone)]
pub struct Courses;

impl View for Courses {
    type Row = CourseRow;
    const COLUMNS: &'static [Col<CourseRow>] = &[
        Col::new(Column::grow("name", 16, 0), &CourseRow::NAME),
        Col::new(Column::fixed("status", 6, 1), &CourseRow::STATUS),
        Col::new(Column::fixed("access", 6, 2), &CourseRow::ACCESS),
        Col::new(Column::fixed("enrolled", 8, 0).right(), &CourseRow::ENROLLMENTS),
        Col::new(Column::fixed("rating", 6, 3).right(), &CourseRow::RATING),
    ];
    const NOUN: &'static str = "courses";
    const SCOPE: Scope = Scope::Courses;

    fn act(row: &CourseRow, action: Action, _ctx: &mut Ctx) -> Outcome {
        match action {
            Action::Open => Outcome::Open(Target::Course {
                id: row.id,
                label: row.name().to_string(),
            }),
            Action::Enrollments => Outcome::Open(Target::CourseEnrollments {
                course_id: row.id,
                crumb: format!("Enrollments · {}", row.name()),
            }),
            _ => Outcome::Stay,
        }
    }

    fn cells(row: &CourseRow) -> Vec<Cell> {
        vec![
            Cell::new(row.name()),
            Cell::new(CourseRow::STATUS.value(row)),
            Cell::new(CourseRow::ACCESS.value(row)),
            Cell::new(thousands(row.enrollments)),
            Cell::new(format!("{} ({})", row.rating, thousands(row.reviews))),
        ]
    }
}
