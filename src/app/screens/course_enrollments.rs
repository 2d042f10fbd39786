//! The enrollments of one course (`e` on a course).

use crate::app::cmd::Cmd;
use crate::app::keymap::Scope;
use crate::app::list::ListQuery;
use crate::app::list::rows::enrollment::{COMPLETED, EMAIL, EnrollmentRow, STATUS};
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
