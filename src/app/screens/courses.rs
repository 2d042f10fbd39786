//! The courses list: a root tab.

use crate::app::keymap::{Action, Scope};
use crate::app::list::rows::course::{ACCESS, CourseRow, STATUS};
use crate::ui::table::{Cell, Column};
use crate::ui::widgets::thousands;

use super::component::Outcome;
use super::listing::{Listed, Listing};
use crate::app::ctx::Ctx;
use crate::app::target::Target;

/// The courses list screen.
pub type CoursesScreen = Listing<CourseRow>;

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

    fn act(&self, action: Action, _ctx: &mut Ctx) -> Outcome {
        match action {
            Action::Open => Outcome::Open(Target::Course {
                id: self.id,
                label: self.name().to_string(),
            }),
            Action::Enrollments => Outcome::Open(Target::CourseEnrollments {
                course_id: self.id,
                crumb: format!("Enrollments · {}", self.name()),
            }),
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
