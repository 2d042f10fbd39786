#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The real client against the real sandbox over loopback: every operation
//! decodes into its typed record, the enrollment rules and error codes come
//! back as the client's `ApiError`s, counters follow writes, faults reach the
//! client as the errors it documents, and the binary serves and reads the
//! sandbox too.

use crate::common;

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use boxoffice::api::model::{Count, Counters, Edition, Event, Page, Record, Tally, Ticket};
use boxoffice::api::paging::{all_pages, stream_pages};
use boxoffice::api::{ApiError, ApiKey, Client, ClientConfig, NewAttendee, paths};
use boxoffice::sandbox::{self, Faults, SandboxConfig, SandboxHandle};
use common::binary::boxoffice;
use futures::StreamExt;
use serde_json::Value;

const NOW: &str = "2026-11-25 10:00:00";
const CONFERENCE: u64 = 101;
const WARM_UP: u64 = 1001;
const DAY_1: u64 = 1002;
const DAY_2: u64 = 1003;
const SOLD_OUT_EVENT: u64 = 103;
const LAST_SEAT_EVENT: u64 = 112;

fn config() -> SandboxConfig {
    common::sandbox::pinned(NOW)
}

async fn start() -> SandboxHandle {
    common::sandbox::start(config()).await
}

async fn start_with(faults: Faults) -> SandboxHandle {
    common::sandbox::start(SandboxConfig { faults, ..config() }).await
}

fn client_config(sandbox: &SandboxHandle, key: &str) -> ClientConfig {
    common::client::quick_retries(sandbox.base_url(), key)
}

fn client(sandbox: &SandboxHandle) -> Client {
    Client::new(client_config(sandbox, sandbox.api_key())).unwrap()
}

fn client_with(sandbox: &SandboxHandle, change: impl FnOnce(&mut ClientConfig)) -> Client {
    let mut config = client_config(sandbox, sandbox.api_key());
    change(&mut config);
    Client::new(config).unwrap()
}

fn n(count: Option<Count>) -> u64 {
    count.expect("counter present").0
}

/// `[total, confirmed, cancelled, committed, available]`.
fn counters(c: &Counters) -> [u64; 5] {
    [
        n(c.total_tickets),
        n(c.tickets_confirmed),
        n(c.tickets_cancelled),
        n(c.stock_committed),
        n(c.stock_available),
    ]
}

fn attendee(email: &str) -> NewAttendee {
    NewAttendee {
        email: email.into(),
        name: "Test".into(),
        last_name: "Person".into(),
    }
}

#[track_caller]
fn assert_clean<T>(page: &Page<T>) {
    assert!(page.skipped.is_empty(), "skipped: {:?}", page.skipped);
    assert_eq!(page.items.len(), page.raw.len());
}

#[track_caller]
fn assert_code<T: std::fmt::Debug>(result: Result<T, ApiError>, code: i64) -> ApiError {
    let error = result.expect_err("an API error");
    assert_eq!(error.code(), Some(code), "{error:?}");
    assert!(matches!(error, ApiError::Api { .. }), "{error:?}");
    assert_eq!(error.exit_code(), 3);
    error
}

async fn all_tickets(client: &Client, event: u64) -> Vec<Ticket> {
    let page = all_pages(|p| client.tickets(event, p, paths::PAGE_SIZE))
        .await
        .unwrap();
    assert_clean(&page);
    page.items
}

async fn ticket_of(client: &Client, event: u64, email: &str) -> Ticket {
    all_tickets(client, event)
        .await
        .into_iter()
        .find(|t| t.attendee.as_ref().and_then(|a| a.email.as_deref()) == Some(email))
        .unwrap_or_else(|| panic!("no ticket of {email} in {event}"))
}

async fn editions(client: &Client, event: u64) -> Vec<Edition> {
    let page = client.editions(event).await.unwrap();
    assert_clean(&page);
    page.items
}

async fn edition(client: &Client, id: u64) -> Event {
    let (record, _) = client.event(&id.to_string()).await.unwrap();
    assert_eq!(record.id, id);
    record
}

/// An edition's counters agree with each other.
#[track_caller]
fn assert_consistent(name: &str, c: &Counters, capacity: Option<u64>) {
    let confirmed = n(c.tickets_confirmed);
    let open = n(c.tickets_open);
    let pending = n(c.tickets_pending);
    let cancelled = n(c.tickets_cancelled);
    assert_eq!(
        n(c.total_tickets),
        confirmed + open + pending + cancelled,
        "{name}"
    );
    assert_eq!(n(c.stock_committed), confirmed + open + pending, "{name}");
    match capacity {
        Some(capacity) => {
            assert_eq!(n(c.stock_onhand), capacity, "{name}");
            assert_eq!(
                n(c.stock_available),
                capacity - n(c.stock_committed),
                "{name}"
            );
        }
        None => assert_eq!(n(c.stock_available), 0, "{name}: unlimited"),
    }
}

fn ids<T: Record>(items: &[T]) -> Vec<u64> {
    items.iter().map(Record::id).collect()
}

#[track_caller]
fn assert_unique(ids: &[u64]) {
    let set: HashSet<u64> = ids.iter().copied().collect();
    assert_eq!(set.len(), ids.len(), "duplicates in {ids:?}");
}

// ---------------------------------------------------------------------------
// Reads

#[tokio::test]
async fn events_load_whole_by_all_pages_and_by_stream_pages() {
    let sandbox = start().await;
    let client = client(&sandbox);

    let all = all_pages(|p| client.events(p, 100)).await.unwrap();
    assert_clean(&all);
    let info = all.info.unwrap();
    assert_eq!(info.count_filtered, Tally(Some(12)), "a string on the wire");
    assert_eq!(info.count, Tally(Some(12)));
    assert_eq!(ids(&all.items), (101..=112).collect::<Vec<_>>());
    let conference = &all.items[0];
    assert_eq!(
        conference.name.as_deref(),
        Some("Rust Belt Conference 2026")
    );
    assert_eq!(conference.has_variants, Some(true));
    assert!(all.items.iter().all(|e| e.is_variant != Some(true)));

    // Small pages: several requests, the same records once each.
    let paged = all_pages(|p| client.events(p, 5)).await.unwrap();
    assert_clean(&paged);
    assert_eq!(paged.info.unwrap().pages, 3);
    assert_eq!(ids(&paged.items), ids(&all.items));
    assert_eq!(paged.items, all.items);

    let streamed: Vec<_> = stream_pages(|p| client.events(p, 5), 2)
        .collect::<Vec<_>>()
        .await;
    assert_eq!(streamed.len(), 3);
    let mut stream_ids = Vec::new();
    for page in streamed {
        let page = page.unwrap();
        assert_clean(&page);
        assert!(!page.items.is_empty());
        stream_ids.extend(ids(&page.items));
    }
    assert_unique(&stream_ids);
    assert_eq!(stream_ids, ids(&all.items));
}

#[tokio::test]
async fn event_by_id_and_by_hash_and_its_editions() {
    let sandbox = start().await;
    let client = client(&sandbox);

    let (by_id, raw) = client.event(&CONFERENCE.to_string()).await.unwrap();
    assert_eq!(by_id.id, CONFERENCE);
    assert_eq!(raw["id"], CONFERENCE);
    assert_eq!(by_id.name.as_deref(), Some("Rust Belt Conference 2026"));
    assert_eq!(by_id.published, Some(true));
    let hash = by_id.hash.clone().unwrap();
    assert!(!hash.is_empty());
    let (by_hash, _) = client.event(&hash).await.unwrap();
    assert_eq!(by_hash, by_id);

    let list = editions(&client, CONFERENCE).await;
    assert_eq!(ids(&list), [WARM_UP, DAY_1, DAY_2, 1004]);
    let names: Vec<_> = list.iter().map(|e| e.name.clone().unwrap()).collect();
    assert_eq!(
        names,
        ["Warm-up meetup (ended)", "Day 1", "Day 2", "Workshop day"]
    );
    let mut sum = [0u64; 5];
    for e in &list {
        let name = e.name.as_deref().unwrap();
        assert_consistent(name, &e.counters, e.capacity.get().map(|c| c.0));
        for (s, v) in sum.iter_mut().zip(counters(&e.counters)) {
            *s += v;
        }
        // An edition read as an event says the same.
        let as_event = edition(&client, e.id).await;
        assert_eq!(as_event.is_variant, Some(true), "{name}");
        assert_eq!(as_event.counters, e.counters, "{name}");
        assert_eq!(as_event.name, e.name);
        // Editions by hash too.
        let (by_hash, _) = client.event(e.hash.as_deref().unwrap()).await.unwrap();
        assert_eq!(by_hash.id, e.id);
    }
    assert_eq!(counters(&by_id.counters), sum, "main = sum of editions");

    // Every event's editions decode and agree with themselves and their main event.
    for event in 101..=112 {
        let (main, _) = client.event(&event.to_string()).await.unwrap();
        let list = editions(&client, event).await;
        assert_eq!(main.has_variants, Some(!list.is_empty()), "{event}");
        if list.is_empty() {
            continue;
        }
        let mut sum = [0u64; 5];
        for e in &list {
            assert_consistent(
                &format!("{event}/{}", e.id),
                &e.counters,
                e.capacity.get().map(|c| c.0),
            );
            for (s, v) in sum.iter_mut().zip(counters(&e.counters)) {
                *s += v;
            }
        }
        assert_eq!(counters(&main.counters), sum, "event {event}");
    }
}

#[tokio::test]
async fn tickets_of_a_main_event_and_of_an_edition() {
    let sandbox = start().await;
    let client = client(&sandbox);

    // The main event's tickets are those of its first edition that has not ended.
    let main = all_tickets(&client, CONFERENCE).await;
    let day1 = all_tickets(&client, DAY_1).await;
    assert!(!day1.is_empty());
    assert_eq!(ids(&main), ids(&day1));
    assert_unique(&ids(&day1));
    let day1_record = edition(&client, DAY_1).await;
    assert_eq!(day1.len() as u64, n(day1_record.counters.total_tickets));
    for status in ["confirmed", "open", "pending"] {
        let counted = match status {
            "confirmed" => day1_record.counters.tickets_confirmed,
            "open" => day1_record.counters.tickets_open,
            _ => day1_record.counters.tickets_pending,
        };
        let listed = day1
            .iter()
            .filter(|t| t.status.as_deref() == Some(status))
            .count() as u64;
        assert_eq!(listed, n(counted), "{status}");
    }
    for t in &day1 {
        let event = t.event.as_ref().unwrap();
        assert_eq!(event.id, Some(DAY_1));
        assert_eq!(event.parent_id, Some(CONFERENCE));
        assert_eq!(t.number, Some(format!("TK-{:06}", t.id)));
    }
    let ana = day1
        .iter()
        .find(|t| t.attendee.as_ref().unwrap().email.as_deref() == Some("ana.garcia@example.com"))
        .expect("Ana holds a Day 1 ticket");
    assert_eq!(ana.attendee.as_ref().unwrap().id, Some(1));

    // One ticket by id is the same record as in the list.
    let (one, raw) = client.ticket(ana.id).await.unwrap();
    assert_eq!(&one, ana);
    assert_eq!(raw["id"], ana.id);

    // The ticket list sends `count` as a string.
    let page = client.tickets(DAY_1, 1, 100).await.unwrap();
    assert_eq!(
        page.info.unwrap().count,
        Tally(Some(n(day1_record.counters.total_tickets)))
    );
}

#[tokio::test]
async fn customers_orders_products_courses_decode() {
    let sandbox = start().await;
    let client = client(&sandbox);

    let customers = all_pages(|p| client.customers(p, 100)).await.unwrap();
    assert_clean(&customers);
    customers.raw.iter().for_each(assert_no_control);
    assert_eq!(customers.info.unwrap().count_filtered, Tally(Some(300)));
    assert_eq!(customers.items.len(), 300);
    assert_unique(&ids(&customers.items));
    let first = &customers.items[0];
    assert_eq!(first.id, 1);
    assert_eq!(first.email, "ana.garcia@example.com");
    let (ana, _) = client.customer(1).await.unwrap();
    assert_eq!(ana.name.as_deref(), Some("Ana"));
    assert_eq!(ana.last_name.as_deref(), Some("García"));
    assert_eq!(ana.email, "ana.garcia@example.com");
    assert!(!ana.orders.unwrap_or_default().is_empty(), "Ana has orders");
    for c in &customers.items {
        let (detail, _) = client.customer(c.id).await.unwrap();
        assert_eq!(detail.id, c.id);
        assert_eq!(detail.email, c.email);
    }

    let orders = all_pages(|p| client.orders(p, 100)).await.unwrap();
    assert_clean(&orders);
    orders.raw.iter().for_each(assert_no_control);
    assert_eq!(orders.items.len(), 40);
    assert_eq!(orders.items[0].id, 5001);
    for o in &orders.items {
        let (detail, _) = client.order(o.id).await.unwrap();
        assert_eq!((detail.id, &detail.number), (o.id, &o.number));
        assert_eq!(detail.items.len(), o.items.len());
        assert_eq!(detail.customer.id, o.customer.id);
    }

    let products = all_pages(|p| client.products(p, 100)).await.unwrap();
    assert_clean(&products);
    products.raw.iter().for_each(assert_no_control);
    assert_eq!(products.items.len(), 20);
    assert_eq!(products.items[0].id, 301);
    for p in &products.items {
        let (detail, _) = client.product(p.id).await.unwrap();
        assert_eq!((detail.id, &detail.name), (p.id, &p.name));
    }

    let courses = all_pages(|p| client.courses(p, 100)).await.unwrap();
    assert_clean(&courses);
    courses.raw.iter().for_each(assert_no_control);
    assert_eq!(courses.items.len(), 5);
    assert_eq!(courses.items[0].id, 701);
    let mut enrolled = 0;
    for c in &courses.items {
        let (detail, _) = client.course(c.id).await.unwrap();
        assert_eq!(detail.id, c.id);
        let list = all_pages(|p| client.course_enrollments(c.id, p, 100))
            .await
            .unwrap();
        assert_clean(&list);
        assert_unique(&ids(&list.items));
        enrolled += list.items.len();
    }
    assert!(enrolled > 0, "the demo courses have enrollments");
}

/// No string anywhere in a decoded value can move the cursor or reorder text.
#[track_caller]
fn assert_no_control(value: &Value) {
    match value {
        Value::String(s) => assert!(
            !s.chars().any(|c| c.is_control()
                || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}')),
            "{s:?}"
        ),
        Value::Array(a) => a.iter().for_each(assert_no_control),
        Value::Object(o) => o.values().for_each(assert_no_control),
        _ => {}
    }
}

#[tokio::test]
async fn every_ticket_of_every_edition_decodes() {
    let sandbox = start().await;
    let client = client(&sandbox);
    let mut seen = Vec::new();
    for event in 101..=112 {
        let list = editions(&client, event).await;
        let ids_here: Vec<u64> = if list.is_empty() {
            vec![event]
        } else {
            ids(&list)
        };
        for id in ids_here {
            let page = all_pages(|p| client.tickets(id, p, paths::PAGE_SIZE))
                .await
                .unwrap();
            assert_clean(&page);
            page.raw.iter().for_each(assert_no_control);
            let total = n(edition(&client, id).await.counters.total_tickets);
            assert_eq!(page.items.len() as u64, total, "edition {id}");
            for t in &page.items {
                assert_eq!(t.event.as_ref().unwrap().id, Some(id));
            }
            seen.extend(ids(&page.items));
        }
    }
    assert_unique(&seen);
    assert!(seen.len() > 500, "about 700 demo tickets: {}", seen.len());
    // Ticket ids start at 1 and every one of them is readable alone.
    for id in [1, seen.len() as u64 / 2, *seen.iter().max().unwrap()] {
        let (t, _) = client.ticket(id).await.unwrap();
        assert_eq!(t.id, id);
    }
}

#[tokio::test]
async fn the_demo_events_edge_cases_through_the_client() {
    let sandbox = start().await;
    let client = client(&sandbox);
    let (daily, _) = client.event("102").await.unwrap();
    assert_eq!(daily.name.as_deref(), Some("Daily Rust Workshop"));

    // 102: 20 daily editions; enrolling by the main id skips the 5 past ones.
    let series = editions(&client, 102).await;
    assert_eq!(series.len(), 20);
    let ended: Vec<&Edition> = series
        .iter()
        .filter(|e| e.end_datetime.as_deref().unwrap() < NOW)
        .collect();
    assert_eq!(ended.len(), 5);
    client
        .enroll_by_email(102, &attendee("daily@example.com"), "paid")
        .await
        .unwrap();
    let first_open = series
        .iter()
        .find(|e| e.end_datetime.as_deref().unwrap() >= NOW && n(e.counters.stock_available) > 0)
        .unwrap();
    let t = ticket_of(&client, first_open.id, "daily@example.com").await;
    assert_eq!(t.event.unwrap().parent_id, Some(102));
    assert_code(
        client
            .enroll_by_email(ended[0].id, &attendee("daily@example.com"), "paid")
            .await,
        1004,
    );

    // 104: unlimited capacity (`capacity: false`): no stock, enrolment always fits.
    let online = editions(&client, 104).await;
    let webinar = &online[0];
    assert_eq!(webinar.capacity.get(), None);
    assert_eq!(n(webinar.counters.stock_available), 0);
    client
        .enroll_by_email(104, &attendee("online@example.com"), "free")
        .await
        .unwrap();
    let after = edition(&client, webinar.id).await;
    assert_eq!(after.capacity.get(), None);
    assert_eq!(
        n(after.counters.total_tickets),
        n(webinar.counters.total_tickets) + 1
    );
    assert_eq!(n(after.counters.stock_available), 0);

    // 105: past; its tickets are those of its last edition; enrolling → 1004.
    let past = editions(&client, 105).await;
    assert_eq!(past.len(), 2);
    assert!(
        past.iter()
            .all(|e| e.end_datetime.as_deref().unwrap() < NOW)
    );
    assert_eq!(
        ids(&all_tickets(&client, 105).await),
        ids(&all_tickets(&client, past[1].id).await)
    );
    assert_code(
        client
            .enroll_by_email(105, &attendee("nostalgia@example.com"), "paid")
            .await,
        1004,
    );

    // 106: a draft without tickets: an empty list loads as one empty page.
    let (draft, _) = client.event("106").await.unwrap();
    assert_eq!((draft.published, draft.active), (Some(false), Some(false)));
    assert_eq!(n(draft.counters.total_tickets), 0);
    let empty = all_pages(|p| client.tickets(106, p, 100)).await.unwrap();
    assert!(empty.items.is_empty());
    let streamed: Vec<_> = stream_pages(|p| client.tickets(106, p, 100), 4)
        .collect::<Vec<_>>()
        .await;
    assert_eq!(streamed.len(), 1);
    assert!(streamed[0].as_ref().unwrap().items.is_empty());

    // 107: no editions; it is its own single edition.
    let (studio, _) = client.event("107").await.unwrap();
    assert_eq!(studio.has_variants, Some(false));
    let none = client.editions(107).await.unwrap();
    assert!(none.items.is_empty());
    client
        .enroll_by_email(107, &attendee("studio@example.com"), "free")
        .await
        .unwrap();
    let t = ticket_of(&client, 107, "studio@example.com").await;
    assert_eq!(t.event.unwrap().id, Some(107));

    // 108–111: names in many scripts survive; hostile ones arrive cleaned.
    let (fiesta, _) = client.event("108").await.unwrap();
    assert_eq!(fiesta.currency.as_deref(), Some("MXN"));
    assert!(fiesta.name.unwrap().contains("Fiesta de Verano"));
    let (tokyo, _) = client.event("109").await.unwrap();
    assert!(tokyo.name.unwrap().contains("山田"));
    let (jazz, _) = client.event("110").await.unwrap();
    assert!(jazz.name.unwrap().contains("José Müller"));
    let (hostile, raw) = client.event("111").await.unwrap();
    let name = hostile.name.unwrap();
    assert!(name.starts_with("Security Night"), "{name:?}");
    assert!(name.contains("^["), "escapes shown, not obeyed: {name:?}");
    assert_no_control(&raw);
}

// ---------------------------------------------------------------------------
// Writes and their rules

#[tokio::test]
async fn enrollment_rules_through_the_client() {
    let sandbox = start().await;
    let client = client(&sandbox);

    // Rule 1: by the main event's id → the first available edition (Day 1).
    client
        .enroll_by_email(CONFERENCE, &attendee("rule.one@example.com"), "paid")
        .await
        .unwrap();
    let t = ticket_of(&client, DAY_1, "rule.one@example.com").await;
    assert_eq!(t.status.as_deref(), Some("confirmed"));
    assert_eq!(t.creation_date.as_deref(), Some(NOW));
    assert_eq!(t.enrollment_type.as_deref(), Some("paid"));
    assert_eq!(t.data_source_type.as_deref(), Some("api"));
    let who = t.attendee.clone().unwrap();
    assert_eq!(
        (who.name.as_deref(), who.last_name.as_deref()),
        (Some("Test"), Some("Person"))
    );
    assert_eq!(t.event.as_ref().unwrap().parent_id, Some(CONFERENCE));
    assert!(
        !all_tickets(&client, WARM_UP)
            .await
            .iter()
            .any(|x| x.id == t.id)
    );

    // By an edition's id → that edition.
    client
        .enroll_by_email(DAY_2, &attendee("rule.two@example.com"), "paid")
        .await
        .unwrap();
    let t2 = ticket_of(&client, DAY_2, "rule.two@example.com").await;
    assert_eq!(t2.event.as_ref().unwrap().id, Some(DAY_2));
    assert!(t2.id > t.id);

    // Ended edition → 1004; sold out (main and edition) → 1004.
    assert_code(
        client
            .enroll_by_email(WARM_UP, &attendee("too.late@example.com"), "paid")
            .await,
        1004,
    );
    assert_code(
        client
            .enroll_by_email(SOLD_OUT_EVENT, &attendee("late.fan@example.com"), "paid")
            .await,
        1004,
    );
    let show = editions(&client, SOLD_OUT_EVENT).await[0].id;
    assert_code(
        client
            .enroll_by_email(show, &attendee("late.fan@example.com"), "paid")
            .await,
        1004,
    );

    // Duplicate (the same e-mail in another case is the same customer) → 1006.
    assert_code(
        client
            .enroll_by_email(DAY_2, &attendee("RULE.TWO@example.com"), "paid")
            .await,
        1006,
    );
    assert_code(client.enroll_customer(DAY_1, 1, "paid").await, 1006);

    // Enroll an existing customer by id.
    client.enroll_customer(DAY_2, 3, "courtesy").await.unwrap();
    let by_id = all_tickets(&client, DAY_2)
        .await
        .into_iter()
        .find(|x| x.attendee.as_ref().unwrap().id == Some(3) && x.id > t2.id)
        .expect("customer 3's new ticket");
    assert_eq!(by_id.enrollment_type.as_deref(), Some("courtesy"));
    let (three, _) = client.customer(3).await.unwrap();
    assert_eq!(by_id.attendee.unwrap().email, Some(three.email));

    // Unknown customer, event, ticket.
    assert_code(
        client.enroll_customer(CONFERENCE, 999_999, "paid").await,
        1003,
    );
    assert_code(client.customer(999_999).await, 1003);
    assert_code(client.event("999999").await, 1001);
    assert_code(client.event("no-such-hash").await, 1001);
    assert_code(client.tickets(999_999, 1, 100).await, 1001);
    assert_code(
        client
            .enroll_by_email(999_999, &attendee("x@example.com"), "paid")
            .await,
        1001,
    );
    assert_code(client.enroll_customer(999_999, 1, "paid").await, 1001);
    assert_code(client.ticket(999_999).await, 1002);
    assert_code(client.revoke(999_999).await, 1002);

    // Revoke, then revoke again.
    client.revoke(t.id).await.unwrap();
    let (revoked, _) = client.ticket(t.id).await.unwrap();
    assert_eq!(revoked.status.as_deref(), Some("unenrolled"));
    assert!(revoked.is_unenrolled());
    assert_code(client.revoke(t.id).await, 1007);
    // An unenrolled ticket no longer blocks enrolling again.
    client
        .enroll_by_email(DAY_1, &attendee("rule.one@example.com"), "paid")
        .await
        .unwrap();

    // Unknown order, product, course.
    assert_code(client.order(1).await, 1008);
    assert_code(client.product(1).await, 1008);
    assert_code(client.course(1).await, 1008);
    assert_code(client.course_enrollments(1, 1, 100).await, 1008);

    // An unknown path is a 404 Status (code 1000 in the body), exit code 1.
    let error = client
        .get_page::<Event>(&["nowhere".to_owned()], &[], false)
        .await
        .unwrap_err();
    assert!(
        matches!(
            error,
            ApiError::Status {
                status: 404,
                message: Some(_)
            }
        ),
        "{error:?}"
    );
    assert_eq!(error.exit_code(), 1);

    // Invalid bodies → 1005 with the problems in extra_data.
    let bad = NewAttendee {
        email: "not-an-email".into(),
        name: "Bad".into(),
        last_name: String::new(),
    };
    let error = assert_code(client.enroll_by_email(DAY_2, &bad, "paid").await, 1005);
    let ApiError::Api { errors, .. } = &error else {
        unreachable!()
    };
    let extra = errors[0].extra_data.clone().expect("extra_data");
    assert_eq!(extra[0]["field"], "customer.email", "{extra}");
    assert!(error.to_string().contains("customer.email"), "{error}");
    let error = assert_code(
        client
            .enroll_by_email(DAY_2, &attendee("fine@example.com"), "")
            .await,
        1005,
    );
    let ApiError::Api { errors, .. } = &error else {
        unreachable!()
    };
    assert_eq!(
        errors[0].extra_data.as_ref().unwrap()[0]["field"],
        "enrollment_type"
    );
    let error = assert_code(client.enroll_customer(DAY_2, 2, "").await, 1005);
    let ApiError::Api { errors, .. } = &error else {
        unreachable!()
    };
    assert_eq!(
        errors[0].extra_data.as_ref().unwrap()[0]["field"],
        "enrollment_type"
    );
    let nameless = NewAttendee {
        email: "nameless@example.com".into(),
        name: String::new(),
        last_name: String::new(),
    };
    let error = assert_code(client.enroll_by_email(DAY_2, &nameless, "paid").await, 1005);
    let ApiError::Api { errors, .. } = &error else {
        unreachable!()
    };
    assert_eq!(
        errors[0].extra_data.as_ref().unwrap()[0]["field"],
        "customer.name"
    );
    // Nothing was created by the refused writes.
    assert!(
        !all_tickets(&client, DAY_2).await.iter().any(|x| x
            .attendee
            .as_ref()
            .unwrap()
            .email
            .as_deref()
            == Some("fine@example.com"))
    );
}

#[tokio::test]
async fn enroll_reuses_or_creates_the_customer() {
    let sandbox = start().await;
    let client = client(&sandbox);
    let workshop = 1004;

    // Ana's e-mail (in another case) is Ana: no new customer.
    let ana = NewAttendee {
        email: "Ana.Garcia@Example.com".into(),
        name: "Someone".into(),
        last_name: "Else".into(),
    };
    assert_code(client.enroll_by_email(DAY_2, &ana, "paid").await, 1006);
    client
        .enroll_by_email(workshop, &ana, "paid")
        .await
        .unwrap();
    let t = all_tickets(&client, workshop)
        .await
        .into_iter()
        .find(|t| t.attendee.as_ref().unwrap().id == Some(1))
        .expect("Ana's workshop ticket");
    assert_eq!(
        t.attendee.unwrap().email.as_deref(),
        Some("ana.garcia@example.com")
    );
    let customers = all_pages(|p| client.customers(p, 100)).await.unwrap();
    assert_eq!(customers.items.len(), 300);

    // A new e-mail creates a customer, readable through the customer operations.
    client
        .enroll_by_email(workshop, &attendee("brand.new@example.com"), "paid")
        .await
        .unwrap();
    let t = ticket_of(&client, workshop, "brand.new@example.com").await;
    let id = t.attendee.unwrap().id.expect("the new customer's id");
    let customers = all_pages(|p| client.customers(p, 100)).await.unwrap();
    assert_clean(&customers);
    assert_eq!(customers.info.unwrap().count_filtered, Tally(Some(301)));
    assert!(customers.items.iter().any(|c| c.id == id));
    let (created, _) = client.customer(id).await.unwrap();
    assert_eq!(created.email, "brand.new@example.com");
    assert_eq!(
        (created.name.as_deref(), created.last_name.as_deref()),
        (Some("Test"), Some("Person"))
    );

    // By id into the main event → its first available edition.
    let in_day1: HashSet<u64> = all_tickets(&client, DAY_1)
        .await
        .iter()
        .filter_map(|t| t.attendee.as_ref().and_then(|a| a.id))
        .collect();
    let free = customers
        .items
        .iter()
        .map(|c| c.id)
        .find(|id| !in_day1.contains(id))
        .unwrap();
    client
        .enroll_customer(CONFERENCE, free, "courtesy")
        .await
        .unwrap();
    let t = all_tickets(&client, DAY_1)
        .await
        .into_iter()
        .find(|t| t.attendee.as_ref().unwrap().id == Some(free))
        .expect("the new Day 1 ticket");
    assert_eq!(t.enrollment_type.as_deref(), Some("courtesy"));
    assert_code(client.enroll_customer(CONFERENCE, free, "paid").await, 1006);
}

#[tokio::test]
async fn counters_follow_enroll_and_revoke() {
    let sandbox = start().await;
    let client = client(&sandbox);

    let before = edition(&client, DAY_2).await;
    let [total, confirmed, cancelled, committed, available] = counters(&before.counters);
    assert!(available > 0);
    let (main_before, _) = client.event(&CONFERENCE.to_string()).await.unwrap();
    let main_before = counters(&main_before.counters);

    client
        .enroll_by_email(DAY_2, &attendee("counted@example.com"), "paid")
        .await
        .unwrap();
    let after = edition(&client, DAY_2).await;
    assert_eq!(
        counters(&after.counters),
        [
            total + 1,
            confirmed + 1,
            cancelled,
            committed + 1,
            available - 1
        ]
    );
    // The editions list says the same as the edition read alone.
    let listed = editions(&client, CONFERENCE)
        .await
        .into_iter()
        .find(|e| e.id == DAY_2)
        .unwrap();
    assert_eq!(listed.counters, after.counters);
    let (main, _) = client.event(&CONFERENCE.to_string()).await.unwrap();
    let main_after = counters(&main.counters);
    assert_eq!(
        main_after,
        [
            main_before[0] + 1,
            main_before[1] + 1,
            main_before[2],
            main_before[3] + 1,
            main_before[4] - 1
        ]
    );
    let sum = editions(&client, CONFERENCE)
        .await
        .iter()
        .fold([0u64; 5], |mut acc, e| {
            for (a, v) in acc.iter_mut().zip(counters(&e.counters)) {
                *a += v;
            }
            acc
        });
    assert_eq!(main_after, sum);

    let ticket = ticket_of(&client, DAY_2, "counted@example.com").await;
    client.revoke(ticket.id).await.unwrap();
    let revoked = edition(&client, DAY_2).await;
    assert_eq!(
        counters(&revoked.counters),
        [total + 1, confirmed, cancelled + 1, committed, available]
    );
    let listed = editions(&client, CONFERENCE)
        .await
        .into_iter()
        .find(|e| e.id == DAY_2)
        .unwrap();
    assert_eq!(listed.counters, revoked.counters);
    let (main, _) = client.event(&CONFERENCE.to_string()).await.unwrap();
    assert_eq!(
        counters(&main.counters),
        [
            main_before[0] + 1,
            main_before[1],
            main_before[2] + 1,
            main_before[3],
            main_before[4]
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn exactly_one_client_wins_the_last_seat() {
    let sandbox = start().await;
    let client = client(&sandbox);
    let list = editions(&client, LAST_SEAT_EVENT).await;
    assert_eq!(list.len(), 1);
    let seat = list[0].id;
    assert_eq!(n(list[0].counters.stock_available), 1);

    let racers = (0..10).map(|i| {
        let client = client.clone();
        tokio::spawn(async move {
            client
                .enroll_by_email(seat, &attendee(&format!("racer{i}@example.com")), "paid")
                .await
        })
    });
    let results: Vec<_> = futures::future::join_all(racers)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let wins = results.iter().filter(|r| r.is_ok()).count();
    let sold_out = results
        .iter()
        .filter(|r| matches!(r, Err(e) if e.code() == Some(1004)))
        .count();
    assert_eq!((wins, sold_out), (1, 9), "{results:?}");

    let after = edition(&client, seat).await;
    assert_eq!(n(after.counters.stock_available), 0);
    assert_eq!(
        n(after.counters.stock_committed),
        after.capacity.get().unwrap().0
    );
    let racers_in = all_tickets(&client, seat)
        .await
        .into_iter()
        .filter(|t| {
            t.attendee
                .as_ref()
                .and_then(|a| a.email.as_deref())
                .is_some_and(|e| e.starts_with("racer"))
        })
        .count();
    assert_eq!(racers_in, 1);

    // Revoking the winner frees the seat for the next one, and only one.
    let winner = all_tickets(&client, seat)
        .await
        .into_iter()
        .find(|t| {
            t.attendee
                .as_ref()
                .and_then(|a| a.email.as_deref())
                .is_some_and(|e| e.starts_with("racer"))
        })
        .unwrap();
    client.revoke(winner.id).await.unwrap();
    assert_eq!(n(edition(&client, seat).await.counters.stock_available), 1);
    client
        .enroll_by_email(
            LAST_SEAT_EVENT,
            &attendee("next.in.line@example.com"),
            "paid",
        )
        .await
        .unwrap();
    assert_code(
        client
            .enroll_by_email(seat, &attendee("one.too.many@example.com"), "paid")
            .await,
        1004,
    );
}

#[tokio::test]
async fn revoking_a_ticket_of_any_status_keeps_the_counters_consistent() {
    let sandbox = start().await;
    let client = client(&sandbox);
    // Every seeded status that can be revoked, on every edition of the conference.
    let mut revoked = 0;
    for e in editions(&client, CONFERENCE).await {
        for status in ["confirmed", "open", "pending", "cancelled"] {
            let Some(t) = all_tickets(&client, e.id)
                .await
                .into_iter()
                .find(|t| t.status.as_deref() == Some(status))
            else {
                continue;
            };
            let before = edition(&client, e.id).await;
            client.revoke(t.id).await.unwrap();
            revoked += 1;
            let after = edition(&client, e.id).await;
            let (_, raw) = client.ticket(t.id).await.unwrap();
            assert_eq!(raw["status"], "unenrolled", "{status}");
            assert_consistent(
                &format!("{} after revoking a {status} ticket", e.id),
                &after.counters,
                after.capacity.get().map(|c| c.0),
            );
            let [total, _, cancelled, committed, _] = counters(&before.counters);
            let held = u64::from(status != "cancelled");
            assert_eq!(n(after.counters.total_tickets), total, "{status}");
            assert_eq!(
                n(after.counters.tickets_cancelled),
                cancelled + held,
                "{status}"
            );
            assert_eq!(
                n(after.counters.stock_committed),
                committed - held,
                "{status}"
            );
            assert_code(client.revoke(t.id).await, 1007);
        }
        let (main, _) = client.event(&CONFERENCE.to_string()).await.unwrap();
        let sum = editions(&client, CONFERENCE)
            .await
            .iter()
            .fold([0u64; 5], |mut acc, e| {
                for (a, v) in acc.iter_mut().zip(counters(&e.counters)) {
                    *a += v;
                }
                acc
            });
        assert_eq!(counters(&main.counters), sum);
    }
    assert!(revoked >= 8, "tickets of several statuses: {revoked}");
}

// ---------------------------------------------------------------------------
// Auth and pagination edges

#[tokio::test]
async fn a_wrong_or_missing_key_is_an_auth_error() {
    let sandbox = start().await;

    let wrong = Client::new(client_config(&sandbox, "not-the-key")).unwrap();
    let error = wrong.events(1, 10).await.unwrap_err();
    assert_eq!(
        error,
        ApiError::Auth {
            status: 403,
            message: Some("Invalid API key".into())
        }
    );
    assert_eq!(error.exit_code(), 4);
    assert!(error.to_string().contains("Invalid API key"), "{error}");
    // Writes too, and nothing is written.
    let error = wrong
        .enroll_by_email(DAY_2, &attendee("no.key@example.com"), "paid")
        .await
        .unwrap_err();
    assert!(
        matches!(error, ApiError::Auth { status: 403, .. }),
        "{error:?}"
    );

    // The client accepts an empty key and sends an empty header, which the
    // sandbox treats as a wrong key (403), not a missing one.
    let empty = Client::new(client_config(&sandbox, "")).unwrap();
    let error = empty.event("101").await.unwrap_err();
    assert!(
        matches!(error, ApiError::Auth { status: 403, .. }),
        "{error:?}"
    );
    assert_eq!(error.exit_code(), 4);

    // The client always sends the header; a request without one gets 401.
    let response = reqwest::Client::new()
        .get(format!("{}/events", sandbox.base_url()))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 401);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["errors"][0]["code"], 401);

    let right = client(&sandbox);
    assert!(
        !all_tickets(&right, DAY_2).await.iter().any(|t| t
            .attendee
            .as_ref()
            .unwrap()
            .email
            .as_deref()
            == Some("no.key@example.com"))
    );
}

#[tokio::test]
async fn pagination_edges() {
    let sandbox = start().await;
    let client = client(&sandbox);

    // Past the end: no records, the pagination fields still there and right.
    let past = client.events(99, 100).await.unwrap();
    assert_clean(&past);
    assert!(past.items.is_empty());
    let info = past.info.expect("pagination fields");
    assert_eq!(info.count_filtered, Tally(Some(12)));
    assert_eq!(info.pages, 1);
    assert_eq!(info.next, None);
    let past = client.tickets(DAY_1, 999, 100).await.unwrap();
    assert!(past.items.is_empty());
    assert!(past.info.is_some());
    let past = client.customers(50, 100).await.unwrap();
    assert!(past.items.is_empty());
    assert_eq!(past.info.unwrap().count, Tally(Some(300)));

    // The client never asks for page 0 or limit 0 (it clamps them to 1)...
    let clamped = client.events(0, 0).await.unwrap();
    assert_eq!(clamped.items.len(), 1);
    assert_eq!(clamped.info.unwrap().current, 1);
    // ...and a raw page 0 / limit 0 / per_page 0 through the client's GET is 1005.
    for query in [
        [(paths::PAGE, 0), (paths::LIMIT, 10)],
        [(paths::PAGE, 1), (paths::LIMIT, 0)],
    ] {
        let error = assert_code(
            client
                .get_page::<Event>(&paths::events(), &query, true)
                .await,
            1005,
        );
        assert!(matches!(error, ApiError::Api { .. }));
    }
    assert_code(
        client
            .get_page::<Ticket>(
                &paths::tickets(DAY_1),
                &[(paths::PAGE, 1), (paths::PER_PAGE, 0)],
                true,
            )
            .await,
        1005,
    );

    // A base URL with a trailing slash reads the same.
    let slash = Client::new(ClientConfig::new(
        format!("{}/", sandbox.base_url()),
        ApiKey::new(sandbox.api_key()),
    ))
    .unwrap();
    assert_eq!(
        slash.event("101").await.unwrap(),
        client.event("101").await.unwrap()
    );

    // Large limits are clamped to 100 by the server.
    let big = client.customers(1, 1000).await.unwrap();
    assert_eq!(big.items.len(), 100);
    assert_eq!(big.info.unwrap().pages, 3);

    // Count-as-string lists decode (events, customers: both; tickets: count;
    // courses: countFiltered).
    let courses = client.courses(1, 100).await.unwrap();
    assert_eq!(courses.info.unwrap().count_filtered, Tally(Some(5)));
    let events = client.events(1, 100).await.unwrap();
    assert_eq!(events.info.unwrap().count, Tally(Some(12)));
}

// ---------------------------------------------------------------------------
// Faults

#[tokio::test]
async fn fail_rate_one_get_is_retried_max_attempts_times() {
    // The rate limiter counts every request in a one-second window before the
    // fail-rate fault answers, so it doubles as a request counter: with a
    // limit of `max_attempts`, the client's attempts all get 5xx and the next
    // request is the first over the limit (429).
    let sandbox = start().await;
    let client = client(&sandbox);
    let attempts = client.config().max_attempts;
    assert_eq!(attempts, 3);
    sandbox.set_faults(Faults {
        fail_rate: 1.0,
        rate_limit: Some(attempts),
        ..Faults::default()
    });
    let error = client.events(1, 10).await.unwrap_err();
    match &error {
        ApiError::Status { status, message } => {
            assert!(*status == 500 || *status == 503, "{error:?}");
            assert!(message.is_some(), "the error body's message");
        }
        other => panic!("expected a 5xx Status, got {other:?}"),
    }
    assert_eq!(error.exit_code(), 1);
    let probe = reqwest::Client::new()
        .get(format!("{}/events", sandbox.base_url()))
        .header("X-API-Key", sandbox.api_key())
        .send()
        .await
        .unwrap();
    assert_eq!(
        probe.status().as_u16(),
        429,
        "the client sent exactly {attempts} requests"
    );

    sandbox.set_faults(Faults::default());
    assert_eq!(client.events(1, 10).await.unwrap().items.len(), 10);
}

#[tokio::test]
async fn occasional_failures_are_absorbed_by_get_retries() {
    // Which request fails is drawn from the sandbox's seeded PRNG, so for a
    // sequential read this is deterministic: with a 30% fail rate some pages
    // fail once or twice and their retries succeed.
    let sandbox = start().await;
    let client = client(&sandbox);
    let clean = all_pages(|p| client.events(p, 2)).await.unwrap();
    sandbox.set_faults(Faults {
        fail_rate: 0.3,
        ..Faults::default()
    });
    let flaky = all_pages(|p| client.events(p, 2)).await.unwrap();
    assert_eq!(flaky.items, clean.items);
    let customers = all_pages(|p| client.customers(p, 25)).await.unwrap();
    assert_eq!(customers.items.len(), 300);
    // The faults are real: without retries, some of 20 reads fail with a 5xx.
    let once = client_with(&sandbox, |c| c.max_attempts = 1);
    let mut failures = 0;
    for _ in 0..20 {
        match once.events(1, 2).await {
            Ok(_) => {}
            Err(ApiError::Status { status, .. }) if status >= 500 => failures += 1,
            Err(other) => panic!("{other:?}"),
        }
    }
    assert!(failures > 0);
}

#[tokio::test]
async fn fail_rate_one_write_is_sent_once() {
    let sandbox = start().await;
    let client = client(&sandbox);
    let (ticket_before, _) = client.ticket(1).await.unwrap();
    sandbox.set_faults(Faults {
        fail_rate: 1.0,
        rate_limit: Some(1),
        ..Faults::default()
    });
    let error = client
        .enroll_by_email(DAY_2, &attendee("once@example.com"), "paid")
        .await
        .unwrap_err();
    assert!(
        matches!(&error, ApiError::Status { status, .. } if *status >= 500),
        "a second attempt would have been rate limited: {error:?}"
    );
    // One request so far: the next one is the first over the limit of 1.
    let probe = reqwest::Client::new()
        .get(format!("{}/events", sandbox.base_url()))
        .header("X-API-Key", sandbox.api_key())
        .send()
        .await
        .unwrap();
    assert_eq!(probe.status().as_u16(), 429);

    let error = client.revoke(1).await.unwrap_err();
    assert!(
        matches!(error, ApiError::Status { status: 429, .. }),
        "{error:?}"
    );

    // Faults off: the failed enroll created nothing, and a fresh one works.
    sandbox.set_faults(Faults::default());
    assert!(
        !all_tickets(&client, DAY_2).await.iter().any(|t| t
            .attendee
            .as_ref()
            .unwrap()
            .email
            .as_deref()
            == Some("once@example.com"))
    );
    let (ticket_after, _) = client.ticket(1).await.unwrap();
    assert_eq!(
        ticket_after, ticket_before,
        "the refused revoke changed nothing"
    );
    client
        .enroll_by_email(DAY_2, &attendee("once@example.com"), "paid")
        .await
        .unwrap();
    ticket_of(&client, DAY_2, "once@example.com").await;
}

#[tokio::test]
async fn malformed_rate_one_is_a_one_line_body_error() {
    let sandbox = start_with(Faults {
        malformed_rate: 1.0,
        ..Faults::default()
    })
    .await;
    let client = client(&sandbox);
    for _ in 0..4 {
        let error = client.events(1, 10).await.unwrap_err();
        let ApiError::Body { status, .. } = &error else {
            panic!("expected a Body error, got {error:?}");
        };
        assert_eq!(*status, 200);
        let text = error.to_string();
        assert!(!text.contains('\n') && !text.contains('\r'), "{text:?}");
        assert!(text.contains("not JSON"), "{text}");
        assert_eq!(error.exit_code(), 1);
    }
    let error = client.ticket(1).await.unwrap_err();
    assert!(matches!(error, ApiError::Body { .. }), "{error:?}");

    // A write answered 200 with an unreadable body has an unknown outcome: a
    // Body error, never success. Here the sandbox refused it (sold out)...
    let error = client
        .enroll_by_email(SOLD_OUT_EVENT, &attendee("garbled@example.com"), "paid")
        .await
        .unwrap_err();
    assert!(
        matches!(error, ApiError::Body { status: 200, .. }),
        "a refused enroll must not read as success: {error:?}"
    );
    let error = client.revoke(999_999).await.unwrap_err();
    assert!(matches!(error, ApiError::Body { .. }), "{error:?}");
    // ...and here it served it: re-reading the tickets tells which.
    let error = client
        .enroll_by_email(DAY_2, &attendee("garbled@example.com"), "paid")
        .await
        .unwrap_err();
    assert!(matches!(error, ApiError::Body { .. }), "{error:?}");
    sandbox.set_faults(Faults::default());
    let t = ticket_of(&client, DAY_2, "garbled@example.com").await;
    assert_eq!(t.status.as_deref(), Some("confirmed"));
}

#[tokio::test]
async fn reset_rate_one_is_a_transport_error() {
    let sandbox = start_with(Faults {
        reset_rate: 1.0,
        ..Faults::default()
    })
    .await;
    let client = client(&sandbox);
    let error = client.events(1, 10).await.unwrap_err();
    assert!(
        matches!(error, ApiError::Transport { timeout: false, .. }),
        "{error:?}"
    );
    assert_eq!(error.exit_code(), 5);
    assert!(!error.to_string().contains('\n'));
    assert!(
        !error.to_string().contains(sandbox.api_key()),
        "no key in messages"
    );
    let error = client
        .enroll_by_email(DAY_2, &attendee("reset@example.com"), "paid")
        .await
        .unwrap_err();
    assert!(matches!(error, ApiError::Transport { .. }), "{error:?}");
    assert_eq!(error.exit_code(), 5);
    // The connection was dropped before the write was served: nothing was created.
    sandbox.set_faults(Faults::default());
    assert!(
        !all_tickets(&client, DAY_2).await.iter().any(|t| t
            .attendee
            .as_ref()
            .unwrap()
            .email
            .as_deref()
            == Some("reset@example.com"))
    );
}

#[tokio::test]
async fn rate_limit_is_absorbed_by_retry_after() {
    // A limit of one request per second and a burst of `max_attempts`
    // concurrent GETs: every window lets one through, every 429 carries
    // `Retry-After: 1`, which the client honours, so the k-th request in line
    // succeeds on its k-th attempt and none runs out of attempts.
    let sandbox = start_with(Faults {
        rate_limit: Some(1),
        ..Faults::default()
    })
    .await;
    let client = client(&sandbox);
    let burst = client.config().max_attempts;
    let results = futures::future::join_all((0..burst).map(|_| client.events(1, 5))).await;
    for r in &results {
        let page = r.as_ref().unwrap();
        assert_eq!(page.items.len(), 5);
    }

    // Without retries, the second of two concurrent GETs sees the 429 itself.
    let sandbox = start_with(Faults {
        rate_limit: Some(1),
        ..Faults::default()
    })
    .await;
    let once = client_with(&sandbox, |c| c.max_attempts = 1);
    let (a, b) = tokio::join!(once.events(1, 5), once.events(1, 5));
    let failures: Vec<_> = [a, b].into_iter().filter_map(Result::err).collect();
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        matches!(failures[0], ApiError::Status { status: 429, .. }),
        "{failures:?}"
    );
}

#[tokio::test]
async fn latency_over_the_timeout_is_a_timeout() {
    let sandbox = start_with(Faults {
        latency_ms: 3_000,
        ..Faults::default()
    })
    .await;
    let client = client_with(&sandbox, |c| {
        c.timeout = Duration::from_millis(200);
        c.max_attempts = 1;
    });
    let error = client.events(1, 10).await.unwrap_err();
    assert!(
        matches!(error, ApiError::Transport { timeout: true, .. }),
        "{error:?}"
    );
    assert_eq!(error.exit_code(), 5);
    assert!(error.to_string().starts_with("timed out"), "{error}");
}

// ---------------------------------------------------------------------------
// Determinism

#[tokio::test]
async fn the_same_seed_reads_the_same_events() {
    let a = start().await;
    let b = start().await;
    let read = |sandbox: &SandboxHandle| {
        let client = client(sandbox);
        async move {
            let page = all_pages(|p| client.events(p, 100)).await.unwrap();
            assert_clean(&page);
            page
        }
    };
    let (one, two) = (read(&a).await, read(&b).await);
    assert_eq!(one.items, two.items);
    assert_eq!(one.raw, two.raw);
    assert_eq!(one.info, two.info);
    let c = common::sandbox::start(SandboxConfig {
        seed: 2,
        ..config()
    })
    .await;
    let three = read(&c).await;
    assert_eq!(ids(&three.items), ids(&one.items), "same structure");
    assert_ne!(three.raw, one.raw, "another seed, other data");
}

// ---------------------------------------------------------------------------
// The binary

/// Kills the child when dropped, so a failing test leaves no server behind.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test]
async fn the_sandbox_command_serves_the_client() {
    let home = tempfile::tempdir().unwrap();
    let mut child = Child(
        boxoffice(home.path())
            .args(["sandbox", "--listen", "127.0.0.1:0", "--seed", "3"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let stdout = child.0.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let (mut base, mut key) = (None, None);
    while base.is_none() || key.is_none() {
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the sandbox prints its URL and key");
        if let Some(url) = line.strip_prefix("export BOXOFFICE_BASE_URL=") {
            base = Some(url.to_owned());
        } else if let Some(k) = line.strip_prefix("export BOXOFFICE_API_KEY=") {
            key = Some(k.to_owned());
        } else if line.starts_with("boxoffice sandbox:") {
            assert!(line.contains("seed 3"), "{line}");
        }
    }
    let (base, key) = (base.unwrap(), key.unwrap());
    assert!(base.starts_with("http://127.0.0.1:"), "{base}");
    let client = Client::new(ClientConfig::new(base, ApiKey::new(key))).unwrap();
    let events = all_pages(|p| client.events(p, 100)).await.unwrap();
    assert_clean(&events);
    assert_eq!(ids(&events.items), (101..=112).collect::<Vec<_>>());
    let (conference, _) = client.event("101").await.unwrap();
    assert_eq!(
        conference.name.as_deref(),
        Some("Rust Belt Conference 2026")
    );

    // Seed 3 is a different business from an in-process seed 1 sandbox.
    let seed1 = start().await;
    let other = self::client(&seed1).events(1, 100).await.unwrap();
    assert_ne!(other.raw, events.raw);
    // ...and the same business as an in-process seed 3 (the binary follows
    // the system clock, so dates are left out).
    let seed3 = common::sandbox::start(SandboxConfig {
        seed: 3,
        ..SandboxConfig::default()
    })
    .await;
    let same = self::client(&seed3).events(1, 100).await.unwrap();
    let key = |e: &Event| {
        (
            e.id,
            e.name.clone(),
            e.hash.clone(),
            e.counters.total_tickets,
        )
    };
    assert_eq!(
        same.items.iter().map(key).collect::<Vec<_>>(),
        events.items.iter().map(key).collect::<Vec<_>>()
    );
    drop(child);
}

#[test]
fn the_sandbox_command_refuses_a_fail_rate_over_one() {
    let home = tempfile::tempdir().unwrap();
    let out = boxoffice(home.path())
        .args(["sandbox", "--fail-rate", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "usage error");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("fail-rate"), "{stderr}");
}

#[tokio::test]
async fn headless_tickets_all_prints_each_ticket_of_an_edition_once() {
    let sandbox = start().await;
    let client = client(&sandbox);
    // Enough enrollments for a second page of 100.
    let seeded = n(edition(&client, DAY_1).await.counters.total_tickets);
    for i in seeded..=100 {
        client
            .enroll_by_email(
                DAY_1,
                &attendee(&format!("page.filler{i}@example.com")),
                "paid",
            )
            .await
            .unwrap();
    }
    let day1 = edition(&client, DAY_1).await;
    let total = n(day1.counters.total_tickets);
    assert!(total > 100, "more than one page: {total}");

    let home = tempfile::tempdir().unwrap();
    let mut command = boxoffice(home.path());
    command
        .args(["tickets", &DAY_1.to_string(), "--all", "--format", "json"])
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .env("BOXOFFICE_API_KEY", sandbox.api_key());
    let out = tokio::task::spawn_blocking(move || command.output())
        .await
        .unwrap()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let printed_ids: Vec<u64> = printed.iter().map(|t| t["id"].as_u64().unwrap()).collect();
    assert_unique(&printed_ids);
    assert_eq!(printed_ids.len() as u64, total);
    assert_eq!(printed_ids, ids(&all_tickets(&client, DAY_1).await));
    assert!(printed.iter().all(|t| t["edition_id"] == DAY_1));
}

async fn run_headless(base: &str, key: &str, args: &[&str]) -> std::process::Output {
    let home = tempfile::tempdir().unwrap();
    let mut command = boxoffice(home.path());
    command
        .args(args)
        .env("BOXOFFICE_BASE_URL", base)
        .env("BOXOFFICE_API_KEY", key);
    tokio::task::spawn_blocking(move || command.output())
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test]
async fn headless_writes_and_exit_codes_against_the_sandbox() {
    // On the system clock, as the binary is: an enroll reads its edition
    // first and judges "has it ended" at now (Day 2 is tomorrow in New York
    // at any hour).
    let sandbox = common::sandbox::start(SandboxConfig {
        now: None,
        ..config()
    })
    .await;
    let client = client(&sandbox);
    let (base, key) = (sandbox.base_url().to_owned(), sandbox.api_key().to_owned());
    let enroll = |event: u64, email: &str| {
        vec![
            "enroll".to_owned(),
            event.to_string(),
            "--email".into(),
            email.into(),
            "--name".into(),
            "Head".into(),
            "--last-name".into(),
            "Less".into(),
        ]
    };
    let run = |args: Vec<String>| {
        let (base, key) = (base.clone(), key.clone());
        async move {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            run_headless(&base, &key, &args).await
        }
    };

    let out = run(enroll(DAY_2, "headless@example.com")).await;
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let t = ticket_of(&client, DAY_2, "headless@example.com").await;
    assert_eq!(t.enrollment_type.as_deref(), Some("paid"));

    // Business errors exit 3.
    let out = run(enroll(DAY_2, "headless@example.com")).await;
    assert_eq!(out.status.code(), Some(3), "duplicate");
    let out = run(enroll(SOLD_OUT_EVENT, "late@example.com")).await;
    assert_eq!(out.status.code(), Some(3), "sold out");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("1004"), "{stderr}");

    let revoke = vec!["revoke".to_owned(), t.id.to_string(), "--yes".into()];
    assert_eq!(run(revoke.clone()).await.status.code(), Some(0));
    assert!(client.ticket(t.id).await.unwrap().0.is_unenrolled());
    assert_eq!(run(revoke).await.status.code(), Some(3), "already revoked");

    // A read as raw is the record the client reads.
    let out = run(vec![
        "ticket".into(),
        t.id.to_string(),
        "--format".into(),
        "raw".into(),
    ])
    .await;
    assert_eq!(out.status.code(), Some(0));
    let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed, client.ticket(t.id).await.unwrap().1);

    // A wrong key exits 4; nothing listening exits 5.
    let out = run_headless(&base, "wrong", &["events", "--format", "json"]).await;
    assert_eq!(out.status.code(), Some(4));
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap()
    };
    let out = run_headless(&format!("http://{closed}"), &key, &["events"]).await;
    assert_eq!(out.status.code(), Some(5));
}

/// About 18 s in a debug build (100,000 tickets decoded): run it with
/// `cargo test --test it contract:: -- --ignored`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "slow in debug builds; run with --ignored"]
async fn the_large_event_streams_every_ticket_once() {
    let sandbox = common::sandbox::start(SandboxConfig {
        scale: sandbox::Scale::Large,
        ..config()
    })
    .await;
    let client = client(&sandbox);
    let events = all_pages(|p| client.events(p, 100)).await.unwrap();
    let stadium = events
        .items
        .iter()
        .find(|e| e.name.as_deref() == Some(sandbox::STADIUM_EVENT))
        .unwrap();
    let only = editions(&client, stadium.id).await;
    assert_eq!(only.len(), 1);
    let total = n(only[0].counters.total_tickets);
    assert_eq!(total, 100_000);
    let mut stream = std::pin::pin!(stream_pages(
        |p| client.tickets(only[0].id, p, paths::PAGE_SIZE),
        client.config().concurrency
    ));
    let (mut count, mut last, mut pages) = (0u64, 0u64, 0);
    while let Some(page) = stream.next().await {
        let page = page.unwrap();
        assert!(page.skipped.is_empty());
        for t in &page.items {
            assert!(t.id > last, "in order, each once");
            last = t.id;
        }
        count += page.items.len() as u64;
        pages += 1;
    }
    assert_eq!((count, pages), (total, 1000));
}
