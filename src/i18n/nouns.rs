//! A list's nouns in a language ("tickets", "entradas"): its count and
//! what its placeholder says. An unknown noun is shown as it is.

use super::Tongue;

impl Tongue {
    /// A list's noun (its English plural in the code).
    pub fn list_noun(&self, noun: &str) -> String {
        let id = match noun {
            "tickets" => "noun-tickets",
            "events" => "noun-events",
            "editions" => "noun-editions",
            "customers" => "noun-customers",
            "orders" => "noun-orders",
            "products" => "noun-products",
            "courses" => "noun-courses",
            "enrollments" => "noun-enrollments",
            "order_details" => "noun-order-details",
            "customer_details" => "noun-customer-details",
            "product_details" => "noun-product-details",
            "course_details" => "noun-course-details",
            "writes" => "noun-writes",
            _ => return noun.to_owned(),
        };
        self.t(id)
    }
}
