//! A screen's title in a language, as the title line's path names it: the
//! lists a command opens by their English title in the code ("Orders",
//! "Enrollments · Yoga"). A title with no message is shown as it is.

use super::Tongue;

impl Tongue {
    /// A list screen's title (its English title in the code).
    pub fn screen_title(&self, title: &str) -> String {
        let id = match title {
            "Events" => "tab-events",
            "Customers" => "tab-customers",
            "Orders" => "tab-orders",
            "Products" => "tab-products",
            "Courses" => "tab-courses",
            "Audit log" => "crumb-audit",
            "Enrollments" => "crumb-enrollments",
            _ => {
                return match title.strip_prefix("Enrollments · ") {
                    Some(name) => self.ta("crumb-enrollments-of", &[("name", &name)]),
                    None => title.to_owned(),
                };
            }
        };
        self.t(id)
    }
}
