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

impl Tongue {
    /// What a detail screen is called until its record is in ("Customer
    /// 12", "Order #1001": the code's English), in the language.
    pub fn record_placeholder(&self, label: &str) -> String {
        if self.lang == super::Lang::EN {
            return label.to_owned();
        }
        if let Some(name) = label.strip_prefix("Customer ") {
            return self.ta("crumb-customer", &[("name", &name)]);
        }
        if let Some(number) = label.strip_prefix("Order ") {
            return self.ta("crumb-order", &[("number", &number)]);
        }
        label.to_owned()
    }

    /// An event named by its id until its name is read ("event 12"), in
    /// the language; a name is shown as it is.
    pub fn event_placeholder(&self, title: &str) -> String {
        match title
            .strip_prefix("event ")
            .filter(|id| id.parse::<u64>().is_ok())
        {
            Some(id) => self.ta("crumb-event-id", &[("id", &id)]),
            None => title.to_owned(),
        }
    }
}
