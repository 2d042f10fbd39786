//! The records the TUI tests feed: a small conference with three editions,
//! tickets in every status, customers with accented names.

use boxoffice::api::model::Page;
use boxoffice::api::model::envelope::decode_page;
use boxoffice::api::{ApiError, ErrorItem};
use serde_json::{Value, json};

/// A page of records decoded by the client's own code.
pub fn page<T: boxoffice::api::model::Record>(
    data: &[Value],
    pages: u32,
    current: u32,
    count: usize,
) -> Page<T> {
    let body = json!({
        "status": "OK", "data": data, "countFiltered": count, "count": count.to_string(),
        "previous": null, "current": current, "pages": pages, "next": null,
    });
    decode_page(&serde_json::to_vec(&body).unwrap(), true).unwrap()
}

pub fn event_json(id: u64, name: &str) -> Value {
    json!({
        "id": id, "hash": format!("ev{id}"), "name": name, "currency": "EUR", "price": "120.00",
        "active": true, "published": id != 3, "has_variants": true, "location_type": "physical",
        "location": {"name": "Kraków Congress Centre", "city": "Kraków"},
        "timezone": "Europe/Warsaw", "start_date": "2026-12-01", "end_date": "2026-12-03",
        "from_time": "09:00", "to_time": "18:00", "start_datetime": "2026-12-01 09:00:00",
        "end_datetime": "2026-12-03 18:00:00", "capacity": if id == 2 { json!(false) } else { json!(500) },
        "sales_start": false, "sales_end": false, "total_tickets": 212, "tickets_confirmed": "180",
        "tickets_open": 12, "tickets_pending": 8, "tickets_cancelled": 12, "stock_available": 300,
        "stock_onhand": 500, "stock_committed": 200, "image": false,
    })
}

pub fn events() -> Vec<Value> {
    vec![
        event_json(1, "Rust Belt Conference 2026"),
        event_json(2, "Evening Jazz Series"),
        event_json(3, "Kubernetes Workshop (draft)"),
    ]
}

pub fn edition_json(id: u64, name: &str, day: u32) -> Value {
    json!({
        "id": id, "hash": format!("ed{id}"), "name": name, "parent_id": 1, "price": "120.00",
        "currency": "EUR", "active": true, "published": true, "timezone": "Europe/Warsaw",
        "start_date": format!("2026-12-0{day}"), "end_date": format!("2026-12-0{day}"),
        "from_time": "09:00", "to_time": "18:00", "capacity": 200, "total_tickets": 70,
        "tickets_confirmed": 60, "tickets_open": 4, "tickets_pending": 2, "tickets_cancelled": 4,
        "stock_available": 134, "stock_onhand": 200, "stock_committed": 66,
    })
}

pub fn editions() -> Vec<Value> {
    vec![
        edition_json(11, "Rust Belt 2026 · Day 1", 1),
        edition_json(12, "Rust Belt 2026 · Day 2", 2),
        edition_json(13, "Rust Belt 2026 · Day 3", 3),
    ]
}

const PEOPLE: [(&str, &str); 8] = [
    ("Ana", "García"),
    ("Bruno", "Silva"),
    ("Chen", "Wei"),
    ("Dana", "Kowalska"),
    ("Emeka", "Obi"),
    ("Fatima", "Zahra"),
    ("Gustav", "Berg"),
    ("Hana", "Sato"),
];
const STATUSES: [&str; 6] = [
    "confirmed",
    "confirmed",
    "unenrolled",
    "open",
    "pending",
    "confirmed",
];

pub fn ticket_json(id: u64) -> Value {
    let i = usize::try_from(id).unwrap();
    let (name, last) = PEOPLE[i % PEOPLE.len()];
    json!({
        "id": id, "number": format!("TK-{id:06}"), "enrollment_type": "paid",
        "attendee": {"id": 900 + id, "name": name, "last_name": last,
                     "email": format!("{}.{}{id}@example.com", name.to_lowercase(), last.to_lowercase()), "phone": "+48 600"},
        "creation_date": format!("2026-11-{:02} 10:{:02}:00", 1 + i % 20, i % 60),
        "status": STATUSES[i % STATUSES.len()], "data_source_type": "api",
        "event": {"id": 11, "hash": "ed11", "name": "Rust Belt 2026 · Day 1", "parent_id": 1,
                  "start_datetime": "2026-12-01 09:00:00", "end_datetime": "2026-12-01 18:00:00", "timezone": "Europe/Warsaw"},
        "source": {"id": 1, "name": "API", "type": "api"},
        "order": if i % 4 == 0 { Value::Null } else { json!({"id": 7000 + id, "hash": format!("o{id}"), "number": format!("#{}", 1000 + id)}) },
        "price": "120.00", "base_price": "120.00", "total_tickets": "1",
    })
}

pub fn tickets(from: u64, to: u64) -> Vec<Value> {
    (from..=to).map(ticket_json).collect()
}

pub fn customers() -> Vec<Value> {
    PEOPLE
        .iter()
        .enumerate()
        .map(|(i, (n, l))| json!({"id": 500 + i, "email": format!("{}@example.com", n.to_lowercase()), "name": n, "last_name": l}))
        .collect()
}

pub fn api_error(code: i64, message: &str) -> ApiError {
    ApiError::Api {
        message: message.into(),
        errors: vec![ErrorItem {
            code,
            message: message.into(),
            extra_data: None,
        }],
    }
}

pub fn timeout() -> ApiError {
    ApiError::Transport {
        message: "operation timed out".into(),
        timeout: true,
    }
}
