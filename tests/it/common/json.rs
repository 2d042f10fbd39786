//! The API's JSON as the mock server answers it: records and envelopes built
//! in one place, so every test speaks the same wire format.

use serde_json::{Value, json};

/// A confirmed paid ticket of edition 12 ("Day 1") of event 7, bought by
/// Zoë Ng in order A-1; its number is `TK-` and the id in six digits, the
/// attendee's e-mail `t{id}@example.com`.
pub fn ticket(id: u64) -> Value {
    json!({
        "id": id, "number": format!("TK-{id:06}"), "status": "confirmed",
        "enrollment_type": "paid",
        "attendee": {"id": 3, "name": "Zoë", "last_name": "Ng", "email": format!("t{id}@example.com")},
        "event": {"id": 12, "name": "Day 1", "parent_id": 7},
        "order": {"id": 1, "number": "A-1"}, "price": "10.00", "total_tickets": "1",
        "creation_date": "2026-01-02 10:00:00"
    })
}

/// A main event named `RustConf` with hash `abc`; `false` where the API sends it
/// for "none" (capacity, image).
pub fn event(id: u64) -> Value {
    json!({"id": id, "hash": "abc", "name": "RustConf", "capacity": false, "image": false})
}

/// The six pagination fields of page `current` of `pages`, `count` records in
/// all; `count` goes as a string, as the API sometimes sends it.
pub fn page_fields(current: u32, pages: u32, count: u32) -> Value {
    json!({
        "countFiltered": count,
        "count": count.to_string(),
        "previous": if current > 1 { json!(current - 1) } else { Value::Null },
        "current": current,
        "pages": pages,
        "next": if current < pages { json!(current + 1) } else { Value::Null },
    })
}

/// A list answer: `data` and the pagination fields.
pub fn list(data: &Value, current: u32, pages: u32, count: u32) -> Value {
    let mut body = page_fields(current, pages, count);
    body["status"] = json!("OK");
    body["data"] = data.clone();
    body
}

/// A single-record answer.
pub fn one(data: &Value) -> Value {
    json!({"status": "OK", "data": data})
}

/// The answer to a write that went through.
pub fn status_ok() -> Value {
    json!({"status": "OK"})
}

/// The error body: a message and `(code, message)` items.
pub fn error_body(message: &str, errors: &[(i64, &str)]) -> Value {
    let errors: Vec<Value> = errors
        .iter()
        .map(|(code, message)| json!({"code": code, "message": message}))
        .collect();
    json!({"status": "ERROR", "message": message, "errors": errors})
}
