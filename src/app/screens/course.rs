//! One course: its modules and lessons, discussions, certificate and
//! instructors, every other field as a tree, and the raw JSON; `e` opens
//! its enrollments.

use ratatui::text::Line;
use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::CourseDetail;
use crate::app::cmd::{Cmd, RecordQuery};
use crate::app::keymap::{Action, Scope};
use crate::app::msg::Reply;
use crate::app::state::ReqId;
use crate::ui::Theme;
use crate::ui::widgets::thousands;

use super::component::Outcome;
use super::detail::{DetailScreen, Detailed, Doc, fact, heading, rest, yes_no};
use crate::app::ctx::Ctx;
use crate::app::target::Target;

/// The course screen.
pub type CourseScreen = DetailScreen<CourseDetail>;

/// The fields the sections above the tree already show.
const SHOWN: &[&str] = &[
    "id",
    "name",
    "status",
    "access_type",
    "language",
    "total_enrollments",
    "total_rating",
    "total_reviews",
    "completion_certificate",
    "modules",
    "discussions",
    "certificate",
    "instructors",
];

/// "m:ss" (or "h:mm:ss") from a number of seconds.
pub fn duration(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

impl Detailed for CourseDetail {
    const NOUN: &'static str = "course";
    const SCOPE: Scope = Scope::Course;

    fn load(req: ReqId, id: u64) -> Cmd {
        Cmd::LoadRecord {
            req,
            record: RecordQuery::Course(id),
        }
    }

    fn take(reply: Reply) -> Option<Result<(Self, Value), ApiError>> {
        match reply {
            Reply::Course(r) => Some(r),
            _ => None,
        }
    }

    fn crumb(&self, _: &crate::i18n::Tongue) -> String {
        self.name.clone()
    }

    fn act(id: u64, action: Action, _ctx: &mut Ctx) -> Outcome {
        if action != Action::Enrollments {
            return Outcome::Stay;
        }
        Outcome::Open(Target::CourseEnrollments {
            course_id: id,
            crumb: "Enrollments".into(),
        })
    }

    fn doc(&self, raw: &Value, theme: Theme) -> Doc {
        let mut l = vec![
            fact("name", self.name.clone(), theme),
            fact("status", self.status.clone(), theme),
            fact("access", self.access_type.clone(), theme),
            fact("language", self.language.clone(), theme),
            fact(
                "enrollments",
                format!("{} (e: list)", thousands(self.total_enrollments.0)),
                theme,
            ),
            fact(
                "rating",
                format!("{} ({} reviews)", self.total_rating, self.total_reviews),
                theme,
            ),
            Line::raw(""),
            heading(&format!("modules ({})", self.modules.len()), theme),
        ];
        for m in &self.modules {
            l.push(Line::raw(format!("  {}", m.name)));
            for lesson in &m.lessons {
                let free = if lesson.free_access { "  free" } else { "" };
                l.push(Line::raw(format!(
                    "    {}  {}  {}{free}",
                    lesson.name,
                    lesson.content_type,
                    duration(lesson.content_duration.0)
                )));
            }
        }
        l.extend([
            Line::raw(""),
            heading(&format!("discussions ({})", self.discussions.len()), theme),
        ]);
        for d in &self.discussions {
            l.push(Line::raw(format!(
                "  {}  ({} replies, {} {})",
                d.title, d.total_replies, d.member.name, d.member.last_name
            )));
        }
        l.extend([Line::raw(""), heading("certificate", theme)]);
        match &self.certificate {
            Some(c) => l.extend([
                fact("name", c.name.clone(), theme),
                fact("template", c.template.name.clone(), theme),
            ]),
            None => l.push(fact(
                "on completion",
                yes_no(Some(self.completion_certificate), theme),
                theme,
            )),
        }
        l.extend([
            Line::raw(""),
            heading(&format!("instructors ({})", self.instructors.len()), theme),
        ]);
        for i in &self.instructors {
            let name = ["name", "last_name"]
                .iter()
                .filter_map(|k| i.get(k).and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join(" ");
            l.push(Line::raw(format!(
                "  {}",
                if name.is_empty() { i.to_string() } else { name }
            )));
        }
        l.extend(rest(raw, SHOWN, theme));
        l.into()
    }
}

#[cfg(test)]
mod tests {
    use super::duration;

    #[test]
    fn durations_read_as_minutes_and_seconds() {
        assert_eq!(duration(0), "0:00");
        assert_eq!(duration(754), "12:34");
        assert_eq!(duration(3600 + 65), "1:01:05");
    }
}
