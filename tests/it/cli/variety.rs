//! Spec-valid variety (issue 11, the must-hold row): hand-made bodies the
//! spec allows, served over loopback to the real binary. Every one exits 0,
//! every ticket with an id is in the door list, and `--format json` prints
//! numbers as they were sent.

use serde_json::{Value, json};

use super::{run, stderr};
use crate::common::json::{list, one, ticket};
use crate::common::mock::{MockServer, Seen, ok, ok_text};

/// A number with 17 significant digits: an `f64` would print it
/// `25844399.73399819`.
const PRECISE: &str = "25844399.733998194";

/// The tickets of event 7 on one page, as text: an attendee whose id is a
/// numeric string and whose phone is a number, one whose attendee is not an
/// object at all, one without a readable id, a price and a counter with 17
/// significant digits, a count that is not a number.
fn odd_tickets() -> String {
    let mut a = ticket(1);
    a["attendee"] = json!({"id": "17", "name": "Ana", "phone": 5_551_234});
    let mut b = ticket(2);
    b["attendee"] = json!("Bea as text");
    b["event"] = json!({"id": "12", "name": ["Day", 1]});
    b["source"] = json!(7);
    let mut c = ticket(3);
    c["id"] = json!("three");
    let mut d = ticket(4);
    d["price"] = json!("PRICE");
    d["total_tickets"] = json!({"n": 1});
    let mut body = list(&json!([a, b, c, d]), 1, 1, 4);
    body["count"] = json!("about 2");
    body["countFiltered"] = json!("about 2");
    body.to_string().replace("\"PRICE\"", PRECISE)
}

#[test]
fn the_door_list_has_every_ticket_with_an_id() {
    let server = MockServer::start(|_, _| ok_text(&odd_tickets()));
    let out = run(
        Some(server.base()),
        &["tickets", "7", "--all", "--format", "csv"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let ids: Vec<String> = rows.records().map(|r| r.unwrap()[0].to_string()).collect();
    assert_eq!(ids, ["1", "2", "4"], "{text}");
    // The attendee as sent: the phone is not a column, the name is.
    assert!(text.contains("Ana"), "{text}");
    assert!(text.contains(PRECISE), "the price as sent: {text}");
    let err = stderr(&out);
    assert!(err.contains("skipped ticket three: field `id`"), "{err}");
    assert!(err.contains("ticket 2: field `attendee`"), "{err}");
    assert!(err.contains("(kept;"), "{err}");
}

#[test]
fn raw_and_json_print_numbers_digit_for_digit() {
    let server = MockServer::start(|_, _| ok_text(&odd_tickets()));
    // JSON's columns keep a price as the text it came as.
    let out = run(Some(server.base()), &["tickets", "7", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(text.contains(&format!("\"price\":\"{PRECISE}\"")), "{text}");
    let out = run(Some(server.base()), &["tickets", "7", "--format", "raw"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(text.contains(&format!("\"price\": {PRECISE}")), "{text}");
    assert!(!text.contains("25844399.73399819,"), "{text}");
    let printed: Vec<Value> = serde_json::from_str(&text).unwrap();
    assert_eq!(printed.len(), 3);
    assert_eq!(printed[0]["attendee"]["id"], "17", "inner fields as sent");
    assert_eq!(printed[0]["attendee"]["phone"], 5_551_234);
    assert_eq!(printed[1]["attendee"], "Bea as text");
}

#[test]
fn a_single_event_takes_any_capacity_and_shows_it_as_sent() {
    for (capacity, shown) in [
        (json!({}), "{}"),
        (json!("unlimited"), "\"unlimited\""),
        (json!(1_700_000_000), "1700000000"),
        (json!([1, "x"]), "[1,\"x\"]"),
    ] {
        let event = json!({"id": 7, "name": "RustConf", "capacity": capacity,
            "sales_start": {"at": "soon"}, "sales_end": 12.5, "tickets_confirmed": "about 2"});
        let body = one(&event);
        let server = MockServer::start(move |_, _| ok(&body));
        let out = run(Some(server.base()), &["event", "7", "--format", "raw"]);
        assert!(out.status.success(), "{shown}: {}", stderr(&out));
        let text = String::from_utf8(out.stdout.clone()).unwrap();
        let compact: String = text.split_whitespace().collect();
        assert!(compact.contains(&format!("\"capacity\":{shown}")), "{text}");
    }
}

#[test]
fn a_lesson_lasting_twelve_and_a_half_seconds_reads() {
    let fixture: Value = serde_json::from_slice(
        &std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/fixtures/course.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let mut body = fixture;
    body["data"]["modules"][0]["lessons"][0]["content_duration"] = json!("12.5");
    let id = body["data"]["id"].as_u64().unwrap().to_string();
    let server = MockServer::start(move |_, _| ok(&body));
    let out = run(Some(server.base()), &["course", &id, "--format", "raw"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(text.contains("\"content_duration\": \"12.5\""), "{text}");
}

/// Pagination fields that cannot be read do not stop `--all`: the pages
/// are read until one is empty, every ticket printed once.
#[test]
fn unreadable_paging_fields_still_read_every_page() {
    let server = MockServer::start(|seen, _| {
        let page = seen.page();
        let data: Vec<Value> = match page {
            1..=3 => (1..=2).map(|i| ticket(u64::from(page) * 10 + i)).collect(),
            _ => Vec::new(),
        };
        let mut body = list(&Value::Array(data), page, 1, 6);
        body["pages"] = json!("several");
        body["next"] = json!({"page": page + 1});
        ok(&body)
    });
    let out = run(
        Some(server.base()),
        &["tickets", "7", "--all", "--format", "json"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let printed: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let ids: Vec<u64> = printed.iter().map(|t| t["id"].as_u64().unwrap()).collect();
    assert_eq!(ids, [11, 12, 21, 22, 31, 32]);
    let pages: Vec<u32> = server.seen().iter().map(Seen::page).collect();
    assert_eq!(pages, [1, 2, 3, 4]);
}
