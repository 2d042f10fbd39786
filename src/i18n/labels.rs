//! The words of the detail screens in a language: a fact's label and a
//! section's heading ("attendee", "items (3)"), a record's noun ("order",
//! for "loading order 12…"), the event screen's counters, and the words
//! a table's cells say ("past", "published"). Each is its English word in
//! the code; one with no message is shown as it is (a contact's kind, as
//! the API names it).

use super::Tongue;

impl Tongue {
    /// A detail's label or heading; a heading's count ("items (3)") kept.
    pub fn label(&self, label: &str) -> String {
        if let Some((word, count)) = label
            .strip_suffix(')')
            .and_then(|l| l.rsplit_once(" ("))
            .filter(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        {
            return format!("{} ({count})", self.label(word));
        }
        let id = match label {
            "access" => "label-access",
            "active" => "label-active",
            "addresses" => "label-addresses",
            "all fields" => "label-all-fields",
            "attendee" => "label-attendee",
            "branch pickup" => "label-branch-pickup",
            "categories" => "label-categories",
            "certificate" => "label-certificate",
            "company" => "label-company",
            "contacts" => "label-contacts",
            "created" => "label-created",
            "customer" => "label-customer",
            "dates" => "label-dates",
            "description" => "label-description",
            "discussions" => "label-discussions",
            "domain" => "label-domain",
            "e-mail" => "label-email",
            "edition" => "label-edition",
            "enrollments" => "label-enrollments",
            "gateway" => "label-gateway",
            "identification" => "label-identification",
            "images" => "label-images",
            "instructors" => "label-instructors",
            "items" => "label-items",
            "language" => "label-language",
            "location" => "label-location",
            "member id" => "label-member-id",
            "modules" => "label-modules",
            "name" => "label-name",
            "number" => "label-number",
            "on completion" => "label-on-completion",
            "order" => "label-order",
            "orders" => "label-orders",
            "pay URL" => "label-pay-url",
            "phone" => "label-phone",
            "price" => "label-price",
            "published" => "label-published",
            "rating" => "label-rating",
            "recipient" => "label-recipient",
            "seller" => "label-seller",
            "shipping" => "label-shipping",
            "sku" => "label-sku",
            "source" => "label-source",
            "state" => "label-state",
            "status" => "label-status",
            "stock" => "label-stock",
            "subscriptions" => "label-subscriptions",
            "tax" => "label-tax",
            "tax treatment" => "label-tax-treatment",
            "template" => "label-template",
            "tickets" => "label-tickets",
            "total" => "label-total",
            "type" => "label-type",
            "variants" => "label-variants",
            "who" => "label-who",
            _ => return label.to_owned(),
        };
        self.t(id)
    }

    /// A record's noun (its English word in the code: "order").
    pub fn record_noun(&self, noun: &str) -> String {
        let id = match noun {
            "course" => "record-course",
            "customer" => "record-customer",
            "event" => "record-event",
            "order" => "record-order",
            "product" => "record-product",
            "ticket" => "record-ticket",
            _ => return self.list_noun(noun),
        };
        self.t(id)
    }

    /// "12 / unlimited" (sold against stock, `rows::format::sold`) with
    /// its word in this language.
    pub fn unlimited_in(&self, sold: &str) -> String {
        match sold.strip_suffix(" / unlimited") {
            Some(count) => format!("{count} / {}", self.t("stock-unlimited")),
            None => sold.to_owned(),
        }
    }

    /// A word a table's cell or a fact's value says (its English word in
    /// the code: "past", "published", "yes"); any other text as it is.
    pub fn word(&self, word: &str) -> String {
        let id = match word {
            "past" => "word-past",
            "today" => "word-today",
            "later" => "word-later",
            "published" => "word-published",
            "draft" => "word-draft",
            "inactive" => "word-inactive",
            "yes" => "word-yes",
            "no" => "word-no",
            "none" => "word-none",
            "billing" => "word-billing",
            "shipping" => "word-shipping",
            _ => return word.to_owned(),
        };
        self.t(id)
    }
}
