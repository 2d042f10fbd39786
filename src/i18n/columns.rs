//! A list's column titles in a language (the TUI's tables). The CSV's and
//! JSON's field names are not these: they stay English.

use super::Tongue;

impl Tongue {
    /// The title of a table's column (its English title in the code); a
    /// title with no message is shown as it is.
    pub fn column(&self, title: &str) -> String {
        let id = match title {
            "access" => "col-access",
            "at (UTC)" => "col-at-utc",
            "attendee" => "col-attendee",
            "completed" => "col-completed",
            "created" => "col-created",
            "customer" => "col-customer",
            "date" => "col-date",
            "dates" => "col-dates",
            "desk" => "col-desk",
            "e-mail" => "col-email",
            "edition" => "col-edition",
            "enrolled" => "col-enrolled",
            "event" => "col-event",
            "id" => "col-id",
            "items" => "col-items",
            "location" => "col-location",
            "ms" => "col-ms",
            "name" => "col-name",
            "number" => "col-number",
            "open/pend/canc" => "col-open-pend-canc",
            "operation" => "col-operation",
            "order" => "col-order",
            "outcome" => "col-outcome",
            "phone" => "col-phone",
            "price" => "col-price",
            "progress" => "col-progress",
            "rating" => "col-rating",
            "sold" => "col-sold",
            "sold/stock" => "col-sold-stock",
            "state" => "col-state",
            "status" => "col-status",
            "stock" => "col-stock",
            "target" => "col-target",
            "time" => "col-time",
            "time zone" => "col-time-zone",
            "total" => "col-total",
            "type" => "col-type",
            "when" => "col-when",
            _ => return title.to_owned(),
        };
        self.t(id)
    }
}
