//! Where the client sends each request: every path, query parameter and page
//! size the client uses, in one place.
//!
//! The eight event operations are the spec's. Everything else here is our
//! reading where the spec is silent
//! (docs/wire-contract.md#assumptions-where-the-spec-is-silent); change it here when the real
//! service says otherwise.

/// The page size the client asks for. The spec gives no maximum; the wire
/// contract says larger values are clamped to 100, and the client trusts the
/// `pages` / `next` fields it gets back whatever they say.
pub const PAGE_SIZE: u32 = 100;

/// Page-size parameter of every list but the tickets list (spec: `limit`).
pub const LIMIT: &str = "limit";
/// Page-size parameter of the tickets list (spec, operation 6: `per_page`).
pub const PER_PAGE: &str = "per_page";
/// Page-number parameter of every list (spec: `page`, from 1).
pub const PAGE: &str = "page";

/// The default `enrollment_type` of operations 4 and 5 (the only value the
/// spec names).
pub const DEFAULT_ENROLLMENT_TYPE: &str = "paid";

/// Operation 1: `GET /events` (query parameters not shown by the spec: we
/// send `page` + `limit`).
pub fn events() -> Vec<String> {
    segs(&["events"])
}

/// Operation 2: `GET /events/{event_id}` (an id or a hash).
pub fn event(id_or_hash: &str) -> Vec<String> {
    segs(&["events", id_or_hash])
}

/// Operation 3: `GET /events/{event_id}/variants`.
pub fn editions(event_id: u64) -> Vec<String> {
    segs(&["events", &event_id.to_string(), "variants"])
}

/// Operation 4: `PUT /events/{event_id}/enrolled/{customer_id}`.
pub fn enroll_customer(event_id: u64, customer_id: u64) -> Vec<String> {
    segs(&[
        "events",
        &event_id.to_string(),
        "enrolled",
        &customer_id.to_string(),
    ])
}

/// Operation 5: `POST /events/{event_id}/enroll`.
pub fn enroll_by_email(event_id: u64) -> Vec<String> {
    segs(&["events", &event_id.to_string(), "enroll"])
}

/// Operation 6: `GET /events/{event_id}/tickets` (with `page` + `per_page`).
pub fn tickets(event_id: u64) -> Vec<String> {
    segs(&["events", &event_id.to_string(), "tickets"])
}

/// Operation 7: `GET /events/tickets/{ticket_id}`.
pub fn ticket(ticket_id: u64) -> Vec<String> {
    segs(&["events", "tickets", &ticket_id.to_string()])
}

/// Operation 8: `PUT /events/enrollments/{enrollment_id}/revoke`. Our
/// reading: the enrollment id is the ticket's `id`.
pub fn revoke(enrollment_id: u64) -> Vec<String> {
    segs(&[
        "events",
        "enrollments",
        &enrollment_id.to_string(),
        "revoke",
    ])
}

/// Assumed: `GET /orders` (`page` + `limit`).
pub fn orders() -> Vec<String> {
    segs(&["orders"])
}

/// Assumed: `GET /orders/{order_id}`.
pub fn order(order_id: u64) -> Vec<String> {
    segs(&["orders", &order_id.to_string()])
}

/// Assumed: `GET /customers` (`page` + `limit`).
pub fn customers() -> Vec<String> {
    segs(&["customers"])
}

/// Assumed: `GET /customers/{customer_id}`.
pub fn customer(customer_id: u64) -> Vec<String> {
    segs(&["customers", &customer_id.to_string()])
}

/// Assumed: `GET /products` (`page` + `limit`).
pub fn products() -> Vec<String> {
    segs(&["products"])
}

/// Assumed: `GET /products/{product_id}`.
pub fn product(product_id: u64) -> Vec<String> {
    segs(&["products", &product_id.to_string()])
}

/// Assumed: `GET /courses` (`page` + `limit`).
pub fn courses() -> Vec<String> {
    segs(&["courses"])
}

/// Assumed: `GET /courses/{course_id}`.
pub fn course(course_id: u64) -> Vec<String> {
    segs(&["courses", &course_id.to_string()])
}

/// Assumed: `GET /courses/{course_id}/enrollments` (`page` + `limit`).
pub fn course_enrollments(course_id: u64) -> Vec<String> {
    segs(&["courses", &course_id.to_string(), "enrollments"])
}

fn segs(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|p| (*p).to_owned()).collect()
}
