//! The enrollments of one course (`e` on a course).

use crate::app::cmd::Cmd;
use crate::app::keymap::Scope;
use crate::app::list::rows::EnrollmentRow;
use crate::app::list::{Col, ListQuery};
use crate::ui::table::{Cell, Column};

use super::listing::{Listing, View};
use crate::app::ctx::Ctx;

/// The course enrollments screen.
pub type CourseEnrollmentsScreen = Listing<CourseEnrollments>;

/// A course's enrollments, as its screen shows them.
#[derive(Debug, Clone)]
pub struct CourseEnrollments;

impl CourseEnrollmentsScreen {
    /// The enrollments of course `course_id`, and the command that loads
    /// them; `crumb` names the course when the screen below does not.
    pub fn open_course(ctx: &mut Ctx, course_id: u64, crumb: String) -> (Self, Cmd) {
        Self::open(ctx, ListQuery::CourseEnrollments { course_id }, crumb)
    }
}

impl View for CourseEnrollments {
    type Row = EnrollmentRow;
    const COLUMNS: &'static [Col<EnrollmentRow>] = &[
        Col::new(Column::grow("name", 12, 0), &EnrollmentRow::NAME),
        Col::new(Column::grow("e-mail", 14, 1), &EnrollmentRow::EMAIL),
        Col::new(Column::fixed("progress", 8, 0).right(), &EnrollmentRow::PROGRESS),
        Col::new(Column::fixed("status", 6, 2), &EnrollmentRow::STATUS),
        Col::new(Column::fixed("completed", 10, 1), &EnrollmentRow::COMPLETED),
    ];
    const NOUN: &'static str = "enrollments";
    const SCOPE: Scope = Scope::CourseEnrollments;

    fn cells(row: &EnrollmentRow) -> Vec<Cell> {
        vec![
            Cell::new(row.name()),
            Cell::new(row.email()),
            Cell::new(row.progress.map_or_else(|| "–".into(), |p| format!("{p} %"))),
            Cell::new(row.status()),
            Cell::new(row.completed()),
        ]
    }
}
