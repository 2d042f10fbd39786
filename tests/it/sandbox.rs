#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The sandbox over real loopback HTTP, with reqwest directly (no boxoffice client).

use crate::common;
#[path = "sandbox/decisions.rs"]
mod decisions;

use std::time::Duration;

use boxoffice::sandbox::{self, DEMO_API_KEY, Faults, SandboxConfig, SandboxHandle, Scale};
use reqwest::StatusCode;
use serde_json::{Value, json};

const NOW: &str = "2026-03-14 10:00:00";

fn config(seed: u64) -> SandboxConfig {
    SandboxConfig {
        seed,
        ..common::sandbox::pinned(NOW)
    }
}

struct Api {
    sandbox: SandboxHandle,
    http: reqwest::Client,
}

impl Api {
    async fn start() -> Self {
        Self::with(config(1)).await
    }

    async fn with(config: SandboxConfig) -> Self {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let sandbox = common::sandbox::start(config).await;
        let http = reqwest::Client::builder().build().unwrap();
        Self { sandbox, http }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.sandbox.base_url())
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> (StatusCode, Value) {
        let response = request
            .header("X-API-Key", self.sandbox.api_key())
            .send()
            .await
            .unwrap();
        let status = response.status();
        let body = response.bytes().await.unwrap();
        let value = serde_json::from_slice(&body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&body)));
        (status, value)
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.send(self.http.get(self.url(path))).await
    }

    async fn ok(&self, path: &str) -> Value {
        let (status, body) = self.get(path).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        assert_eq!(body["status"], "OK", "{path}");
        body
    }

    async fn put(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        self.send(self.http.put(self.url(path)).json(body)).await
    }

    async fn post(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        self.send(self.http.post(self.url(path)).json(body)).await
    }

    async fn event_named(&self, name: &str) -> Value {
        let list = self.ok("/events?limit=100").await;
        list["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("no event {name}"))
            .clone()
    }

    async fn editions(&self, event_id: &Value) -> Vec<Value> {
        self.ok(&format!("/events/{event_id}/variants")).await["data"]
            .as_array()
            .unwrap()
            .clone()
    }

    async fn edition_named(&self, event: &str, edition: &str) -> Value {
        let event = self.event_named(event).await;
        self.editions(&event["id"])
            .await
            .into_iter()
            .find(|e| e["name"] == edition)
            .unwrap_or_else(|| panic!("no edition {edition}"))
    }

    async fn enroll(&self, event: &Value, email: &str) -> (StatusCode, Value) {
        let body = json!({"customer": {"email": email, "name": "Test", "last_name": "Person"}, "enrollment_type": "paid"});
        self.post(&format!("/events/{event}/enroll"), &body).await
    }

    async fn all_tickets(&self, event: &Value) -> Vec<Value> {
        let mut out = Vec::new();
        let mut page = 1;
        loop {
            let body = self
                .ok(&format!("/events/{event}/tickets?page={page}&per_page=100"))
                .await;
            out.extend(body["data"].as_array().unwrap().iter().cloned());
            if body["next"].is_null() {
                return out;
            }
            page += 1;
        }
    }
}

#[track_caller]
fn assert_error(status: StatusCode, body: &Value, want_status: u16, code: u64) {
    assert_eq!(status.as_u16(), want_status, "{body}");
    assert_eq!(body["status"], "ERROR", "{body}");
    assert!(body["message"].is_string(), "{body}");
    assert_eq!(body["errors"][0]["code"], code, "{body}");
    assert!(body["errors"][0]["message"].is_string(), "{body}");
    assert!(body["errors"][0]["extra_data"].is_array(), "{body}");
}

fn as_count(v: &Value) -> u64 {
    v.as_u64()
        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        .unwrap()
}

#[track_caller]
fn assert_list(body: &Value) {
    assert_eq!(body["status"], "OK");
    assert!(body["data"].is_array());
    for key in [
        "countFiltered",
        "count",
        "previous",
        "current",
        "pages",
        "next",
    ] {
        assert!(body.get(key).is_some(), "missing {key}: {body}");
    }
}

#[tokio::test]
async fn every_endpoint_answers_its_envelope() {
    let api = Api::start().await;
    let events = api.ok("/events").await;
    assert_list(&events);
    assert_eq!(events["count"], "12", "events list sends count as a string");
    let first = &events["data"][0];
    assert_eq!(first["name"], "Rust Belt Conference 2026");
    for key in [
        "id",
        "hash",
        "timezone",
        "start_datetime",
        "tickets_confirmed",
        "stock_available",
        "internal_version",
    ] {
        assert!(first.get(key).is_some(), "event lacks {key}");
    }
    let id = first["id"].clone();
    let by_id = api.ok(&format!("/events/{id}")).await;
    let by_hash = api
        .ok(&format!("/events/{}", first["hash"].as_str().unwrap()))
        .await;
    assert_eq!(by_id, by_hash);
    assert_eq!(by_id["data"]["has_variants"], true);

    let variants = api.ok(&format!("/events/{id}/variants")).await;
    assert_list(&variants);
    let editions = variants["data"].as_array().unwrap();
    assert_eq!(editions.len(), 4);
    assert_eq!(editions[0]["parent_id"], id);
    let edition = api.ok(&format!("/events/{}", editions[1]["id"])).await;
    assert_eq!(edition["data"]["is_variant"], true);
    let by_hash = api
        .ok(&format!(
            "/events/{}",
            editions[1]["hash"].as_str().unwrap()
        ))
        .await;
    assert_eq!(edition, by_hash);

    let tickets = api.ok(&format!("/events/{id}/tickets")).await;
    assert_list(&tickets);
    assert!(tickets["count"].is_string() && tickets["countFiltered"].is_u64());
    let ticket = &tickets["data"][0];
    assert!(ticket["number"].as_str().unwrap().starts_with("TK-"));
    let single = api.ok(&format!("/events/tickets/{}", ticket["id"])).await;
    assert_eq!(&single["data"], ticket);

    for (list, item) in [
        ("/orders", "items"),
        ("/customers", "email"),
        ("/products", "price"),
        ("/courses", "slug"),
    ] {
        let body = api.ok(list).await;
        assert_list(&body);
        let first = &body["data"][0];
        assert!(first.get(item).is_some(), "{list}");
        let one = api.ok(&format!("{list}/{}", first["id"])).await;
        assert_eq!(one["data"]["id"], first["id"]);
    }
    let courses = api.ok("/courses").await;
    let enrollments = api
        .ok(&format!(
            "/courses/{}/enrollments",
            courses["data"][0]["id"]
        ))
        .await;
    assert_list(&enrollments);
    assert!(enrollments["data"][0]["email"].is_string());
}

#[tokio::test]
async fn quirks_are_on_the_wire() {
    let api = Api::start().await;
    let products = api.ok("/products?limit=100").await;
    let products = products["data"].as_array().unwrap();
    assert!(products.iter().any(|p| p["image"] == false));
    assert!(products.iter().any(|p| p["image"].is_object()));
    let mut variants_false = false;
    let mut variants_array = false;
    for p in products {
        let d = api.ok(&format!("/products/{}", p["id"])).await;
        variants_false |= d["data"]["variants"] == false;
        variants_array |= d["data"]["variants"].is_array();
    }
    assert!(variants_false && variants_array);
    let webinar = api.event_named("Async Rust Webinar").await;
    assert_eq!(webinar["capacity"], false);
    assert_eq!(webinar["location_type"], "online");
    assert_eq!(webinar["sales_start"], false);
    let mut member_kinds = std::collections::HashSet::new();
    let mut metafield_kinds = std::collections::HashSet::new();
    for id in 1..=6 {
        let c = api.ok(&format!("/customers/{id}")).await;
        member_kinds.insert(match &c["data"]["member_id"] {
            Value::Number(_) => "int",
            Value::String(_) => "string",
            _ => "null",
        });
        metafield_kinds.insert(c["data"]["metafields"].is_array());
    }
    assert_eq!(member_kinds.len(), 3);
    assert_eq!(metafield_kinds.len(), 2);
    let ana = api.ok("/customers/1").await;
    assert_eq!(ana["data"]["name"], "Ana");
    assert_eq!(ana["data"]["last_name"], "García");
    assert_eq!(ana["data"]["email"], "ana.garcia@example.com");
    let hostile = api.ok("/customers?limit=20").await.to_string();
    assert!(hostile.contains("\\u001b]0;pwned\\u0007"));
    assert!(hostile.contains('\u{202E}'));
}

#[tokio::test]
async fn pagination_edges() {
    let api = Api::start().await;
    let customers = api.ok("/customers?page=2&limit=100").await;
    let total = as_count(&customers["count"]);
    assert!(total >= 300);
    assert_eq!(customers["current"], 2);
    assert_eq!(customers["previous"], 1);
    assert_eq!(customers["pages"], total.div_ceil(100));
    assert_eq!(customers["next"], 3);
    assert_eq!(customers["data"][0]["id"], 101);

    let clamped = api.ok("/customers?limit=1000").await;
    assert_eq!(clamped["data"].as_array().unwrap().len(), 100);
    assert_eq!(clamped["pages"], total.div_ceil(100));

    let past = api.ok("/customers?page=999").await;
    assert_eq!(past["data"], json!([]));
    assert_eq!(past["current"], 999);
    assert_eq!(past["next"], Value::Null);
    assert_eq!(as_count(&past["countFiltered"]), total);

    let default = api.ok("/orders").await;
    assert_eq!(default["data"].as_array().unwrap().len(), 25);
    assert_eq!(default["pages"], 2);
    assert_eq!(default["previous"], Value::Null);
    assert_eq!(default["next"], 2);

    for bad in [
        "/events?page=0",
        "/orders?limit=0",
        "/customers?page=abc",
        "/events/101/tickets?per_page=0",
        "/products?limit=-3",
    ] {
        let (status, body) = api.get(bad).await;
        assert_error(status, &body, 400, 1005);
        assert!(
            !body["errors"][0]["extra_data"]
                .as_array()
                .unwrap()
                .is_empty(),
            "{bad}"
        );
    }

    let event = api.event_named("Rust Belt Conference 2026").await;
    let page = api
        .ok(&format!(
            "/events/{}/tickets?per_page=7&page=2",
            event["id"]
        ))
        .await;
    assert_eq!(page["data"].as_array().unwrap().len(), 7);
    let n = as_count(&page["count"]);
    assert_eq!(page["pages"], n.div_ceil(7));
}

#[tokio::test]
async fn authentication_is_required() {
    let api = Api::start().await;
    let response = api.http.get(api.url("/events")).send().await.unwrap();
    let status = response.status();
    assert_error(status, &response.json().await.unwrap(), 401, 401);
    let response = api
        .http
        .get(api.url("/events"))
        .header("X-API-Key", "wrong")
        .send()
        .await
        .unwrap();
    let status = response.status();
    assert_error(status, &response.json().await.unwrap(), 403, 403);
    assert_eq!(api.sandbox.api_key(), DEMO_API_KEY);
}

#[tokio::test]
async fn every_error_code_has_a_cause() {
    let api = Api::start().await;
    let (s, b) = api.get("/events/999999").await;
    assert_error(s, &b, 400, 1001);
    let (s, b) = api.get("/events/tickets/999999").await;
    assert_error(s, &b, 400, 1002);
    let (s, b) = api
        .put("/events/enrollments/999999/revoke", &json!({}))
        .await;
    assert_error(s, &b, 400, 1002);
    let conference = api.event_named("Rust Belt Conference 2026").await;
    let id = &conference["id"];
    let (s, b) = api
        .put(
            &format!("/events/{id}/enrolled/999999"),
            &json!({"enrollment_type": "paid"}),
        )
        .await;
    assert_error(s, &b, 400, 1003);
    let (s, b) = api.get("/customers/999999").await;
    assert_error(s, &b, 400, 1003);
    let concert = api.event_named("Midnight Echoes — Live").await;
    let (s, b) = api.enroll(&concert["id"], "late.fan@example.com").await;
    assert_error(s, &b, 400, 1004);

    let (s, b) = api
        .post(
            &format!("/events/{id}/enroll"),
            &json!({"customer": {"email": "not-an-email", "name": ""}, "enrollment_type": ""}),
        )
        .await;
    assert_error(s, &b, 400, 1005);
    let fields: Vec<&str> = b["errors"][0]["extra_data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["field"].as_str().unwrap())
        .collect();
    assert_eq!(
        fields,
        ["enrollment_type", "customer.email", "customer.name"]
    );
    let response = api
        .http
        .post(api.url(&format!("/events/{id}/enroll")))
        .header("X-API-Key", DEMO_API_KEY)
        .header("Content-Type", "application/json")
        .body("{\"customer\": ")
        .send()
        .await
        .unwrap();
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_error(status, &body, 400, 1005);
    assert_eq!(body["errors"][0]["extra_data"][0]["field"], "body");
    let (s, b) = api
        .put(&format!("/events/{id}/enrolled/1"), &json!({}))
        .await;
    assert_error(s, &b, 400, 1005);

    let (s, b) = api
        .put(
            &format!("/events/{id}/enrolled/1"),
            &json!({"enrollment_type": "paid"}),
        )
        .await;
    assert_error(s, &b, 400, 1006);
    let (s, _) = api.enroll(id, "someone.new@example.com").await;
    assert_eq!(s, StatusCode::OK);
    let ticket = api
        .all_tickets(id)
        .await
        .into_iter()
        .find(|t| t["attendee"]["email"] == "someone.new@example.com")
        .unwrap();
    let revoke = format!("/events/enrollments/{}/revoke", ticket["id"]);
    assert_eq!(
        api.put(&revoke, &json!(null)).await,
        (StatusCode::OK, json!({"status": "OK"}))
    );
    let (s, b) = api.put(&revoke, &json!(null)).await;
    assert_error(s, &b, 400, 1007);
    for missing in [
        "/orders/1",
        "/products/1",
        "/courses/1",
        "/courses/1/enrollments",
    ] {
        let (s, b) = api.get(missing).await;
        assert_error(s, &b, 400, 1008);
    }
    let (s, b) = api.get("/events/999999/tickets").await;
    assert_error(s, &b, 400, 1001);
    let (s, b) = api.enroll(&json!("no-such-hash"), "x@example.com").await;
    assert_error(s, &b, 400, 1001);
    let (s, b) = api.get("/nowhere").await;
    assert_error(s, &b, 404, 1000);
    let (s, b) = api.send(api.http.delete(api.url("/events"))).await;
    assert_error(s, &b, 405, 1000);
}

#[tokio::test]
async fn enrollment_follows_the_rules() {
    let api = Api::start().await;
    let conference = api.event_named("Rust Belt Conference 2026").await;
    let id = conference["id"].clone();
    let editions = api.editions(&id).await;
    let names: Vec<&str> = editions
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Warm-up meetup (ended)", "Day 1", "Day 2", "Workshop day"]
    );
    let day1 = editions[1]["id"].clone();
    let day2 = editions[2]["id"].clone();

    // Tickets of the main event are those of its first edition that has not ended.
    let main_tickets = api.all_tickets(&id).await;
    assert!(main_tickets.iter().all(|t| t["event"]["id"] == day1));
    assert!(
        main_tickets
            .iter()
            .any(|t| t["attendee"]["email"] == "ana.garcia@example.com")
    );

    // Main id → the first available edition (Day 1, not the ended warm-up).
    assert_eq!(
        api.enroll(&id, "rule.one@example.com").await.0,
        StatusCode::OK
    );
    let t = api
        .all_tickets(&day1)
        .await
        .into_iter()
        .find(|t| t["attendee"]["email"] == "rule.one@example.com")
        .unwrap();
    assert_eq!(t["status"], "confirmed");
    assert_eq!(t["creation_date"], NOW);
    assert_eq!(t["data_source_type"], "api");

    // Edition id → that edition.
    assert_eq!(
        api.enroll(&day2, "rule.two@example.com").await.0,
        StatusCode::OK
    );
    assert!(
        api.all_tickets(&day2)
            .await
            .iter()
            .any(|t| t["attendee"]["email"] == "rule.two@example.com")
    );
    // By e-mail, case-insensitively the same customer → duplicate.
    let (s, b) = api.enroll(&day2, "RULE.TWO@example.com").await;
    assert_error(s, &b, 400, 1006);

    // Ended edition → 1004.
    let (s, b) = api.enroll(&editions[0]["id"], "too.late@example.com").await;
    assert_error(s, &b, 400, 1004);
    // Sold out, by edition and by main id → 1004.
    let concert = api.event_named("Midnight Echoes — Live").await;
    assert_eq!(concert["stock_available"], 0);
    let show = &api.editions(&concert["id"]).await[0];
    let (s, b) = api.enroll(&show["id"], "another.fan@example.com").await;
    assert_error(s, &b, 400, 1004);
    // Past event → 1004.
    let past = api.event_named("Retro Game Jam 2025").await;
    let (s, b) = api.enroll(&past["id"], "nostalgia@example.com").await;
    assert_error(s, &b, 400, 1004);

    // Enroll an existing customer by id; new ticket ids continue the sequence.
    let before = main_tickets
        .iter()
        .map(|t| t["id"].as_u64().unwrap())
        .max()
        .unwrap();
    assert_eq!(
        api.put(
            &format!("/events/{day2}/enrolled/3"),
            &json!({"enrollment_type": "courtesy"})
        )
        .await
        .0,
        StatusCode::OK
    );
    let t = api
        .all_tickets(&day2)
        .await
        .into_iter()
        .find(|t| t["attendee"]["id"] == 3)
        .unwrap();
    assert!(t["id"].as_u64().unwrap() > before);
    assert_eq!(t["number"], format!("TK-{:06}", t["id"].as_u64().unwrap()));
    assert_eq!(t["enrollment_type"], "courtesy");

    // An event without editions is its own single edition.
    let studio = api.event_named("Open Studio Day").await;
    assert_eq!(studio["has_variants"], false);
    assert_eq!(api.editions(&studio["id"]).await.len(), 0);
    assert_eq!(
        api.enroll(&studio["id"], "studio@example.com").await.0,
        StatusCode::OK
    );
    assert!(
        api.all_tickets(&studio["id"])
            .await
            .iter()
            .any(|t| t["attendee"]["email"] == "studio@example.com")
    );
}

fn counters(v: &Value) -> [u64; 5] {
    [
        "total_tickets",
        "tickets_confirmed",
        "tickets_cancelled",
        "stock_committed",
        "stock_available",
    ]
    .map(|k| v[k].as_u64().unwrap())
}

#[tokio::test]
async fn counters_follow_enroll_and_revoke() {
    let api = Api::start().await;
    let event = api.event_named("Rust Belt Conference 2026").await;
    let id = event["id"].clone();
    let day2 = api
        .edition_named("Rust Belt Conference 2026", "Day 2")
        .await;
    let [total, confirmed, cancelled, committed, available] = counters(&day2);
    let tickets = api.all_tickets(&day2["id"]).await;
    assert_eq!(tickets.len() as u64, total);
    assert_eq!(
        tickets
            .iter()
            .filter(|t| t["status"] == "confirmed")
            .count() as u64,
        confirmed
    );
    assert_eq!(available, day2["capacity"].as_u64().unwrap() - committed);
    let main_before = counters(&api.ok(&format!("/events/{id}")).await["data"]);

    assert_eq!(
        api.enroll(&day2["id"], "counted@example.com").await.0,
        StatusCode::OK
    );
    let after = api.ok(&format!("/events/{}", day2["id"])).await["data"].clone();
    assert_eq!(
        counters(&after),
        [
            total + 1,
            confirmed + 1,
            cancelled,
            committed + 1,
            available - 1
        ]
    );
    let main_record = api.ok(&format!("/events/{id}")).await["data"].clone();
    assert_eq!(main_record["sales"], main_record["stock_committed"]);
    let main_after = counters(&main_record);
    assert_eq!(main_after[0], main_before[0] + 1);
    assert_eq!(main_after[1], main_before[1] + 1);
    assert_eq!(main_after[4], main_before[4] - 1);

    let ticket = api
        .all_tickets(&day2["id"])
        .await
        .into_iter()
        .find(|t| t["attendee"]["email"] == "counted@example.com")
        .unwrap();
    assert_eq!(
        api.put(
            &format!("/events/enrollments/{}/revoke", ticket["id"]),
            &json!(null)
        )
        .await
        .0,
        StatusCode::OK
    );
    let revoked = api.ok(&format!("/events/tickets/{}", ticket["id"])).await;
    assert_eq!(revoked["data"]["status"], "unenrolled");
    let after = api.ok(&format!("/events/{}", day2["id"])).await["data"].clone();
    assert_eq!(
        counters(&after),
        [total + 1, confirmed, cancelled + 1, committed, available]
    );
    let main_end = counters(&api.ok(&format!("/events/{id}")).await["data"]);
    assert_eq!(
        main_end,
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
async fn exactly_one_wins_the_last_seat() {
    let api = Api::start().await;
    let edition = api
        .edition_named("Masterclass: Lock-free Rust", "Only date")
        .await;
    assert_eq!(edition["stock_available"], 1);
    let path = format!("/events/{}/enroll", edition["id"]);
    let api = &api;
    let requests = (0..10).map(|i| {
        let path = path.clone();
        async move {
            let body = json!({
                "customer": {"email": format!("racer{i}@example.com"), "name": "Racer"},
                "enrollment_type": "paid"
            });
            api.post(&path, &body).await
        }
    });
    let results = futures::future::join_all(requests).await;
    let wins = results.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    let sold_out = results
        .iter()
        .filter(|(_, b)| b["errors"][0]["code"] == 1004)
        .count();
    assert_eq!((wins, sold_out), (1, 9));
    let after = api.ok(&format!("/events/{}", edition["id"])).await;
    assert_eq!(after["data"]["stock_available"], 0);
}

fn faulty(faults: Faults) -> SandboxConfig {
    SandboxConfig {
        faults,
        ..config(1)
    }
}

#[tokio::test]
async fn fail_rate_one_fails_everything() {
    let api = Api::with(faulty(Faults {
        fail_rate: 1.0,
        ..Faults::default()
    }))
    .await;
    for _ in 0..10 {
        let (status, body) = api.get("/events").await;
        assert!(status.is_server_error(), "{status}");
        assert_eq!(body["status"], "ERROR");
    }
    api.sandbox.set_faults(Faults::default());
    api.ok("/events").await;
}

#[tokio::test]
async fn rate_limit_answers_429_with_retry_after() {
    let api = Api::with(faulty(Faults {
        rate_limit: Some(2),
        ..Faults::default()
    }))
    .await;
    let mut limited = 0;
    for _ in 0..10 {
        let response = api
            .http
            .get(api.url("/events"))
            .header("X-API-Key", DEMO_API_KEY)
            .send()
            .await
            .unwrap();
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(response.headers()["retry-after"], "1");
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["status"], "ERROR");
            limited += 1;
        }
    }
    // At most 2 per one-second window pass, so a burst of 10 is refused in part
    // (unless every request took over half a second).
    assert!(limited >= 1, "{limited} limited");
}

#[tokio::test]
async fn malformed_rate_one_breaks_every_body() {
    let api = Api::with(faulty(Faults {
        malformed_rate: 1.0,
        ..Faults::default()
    }))
    .await;
    for _ in 0..10 {
        let response = api
            .http
            .get(api.url("/events"))
            .header("X-API-Key", DEMO_API_KEY)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let body = response.bytes().await.unwrap();
        assert!(serde_json::from_slice::<Value>(&body).is_err());
    }
}

#[tokio::test]
async fn reset_rate_one_drops_every_connection() {
    let api = Api::with(faulty(Faults {
        reset_rate: 1.0,
        ..Faults::default()
    }))
    .await;
    for _ in 0..5 {
        let outcome = async {
            let response = api
                .http
                .get(api.url("/events"))
                .header("X-API-Key", DEMO_API_KEY)
                .send()
                .await?;
            response.bytes().await
        }
        .await;
        assert!(outcome.is_err(), "expected a transport error");
    }
}

#[tokio::test]
async fn latency_is_applied() {
    let api = Api::with(faulty(Faults {
        latency_ms: 5_000,
        ..Faults::default()
    }))
    .await;
    let outcome = api
        .http
        .get(api.url("/events"))
        .header("X-API-Key", DEMO_API_KEY)
        .timeout(Duration::from_millis(200))
        .send()
        .await;
    assert!(outcome.unwrap_err().is_timeout());
    api.sandbox.set_faults(Faults::default());
    api.ok("/events").await;
}

async fn raw(config: SandboxConfig, path: &str) -> Vec<u8> {
    let api = Api::with(config).await;
    let response = api
        .http
        .get(api.url(path))
        .header("X-API-Key", DEMO_API_KEY)
        .send()
        .await
        .unwrap();
    let bytes = response.bytes().await.unwrap().to_vec();
    api.sandbox.shutdown().await;
    bytes
}

#[tokio::test]
async fn same_seed_same_bytes_other_seed_other_data() {
    for path in [
        "/events?limit=100",
        "/customers?limit=100&page=2",
        "/events/101/tickets?per_page=100",
    ] {
        assert_eq!(
            raw(config(7), path).await,
            raw(config(7), path).await,
            "{path}"
        );
        assert_ne!(
            raw(config(7), path).await,
            raw(config(8), path).await,
            "{path}"
        );
    }
}

#[tokio::test]
async fn shutdown_stops_the_server() {
    let api = Api::start().await;
    let url = api.url("/events");
    api.ok("/events").await;
    let Api {
        sandbox,
        http: _http,
    } = api;
    sandbox.shutdown().await;
    assert!(reqwest::Client::new().get(&url).send().await.is_err());
}

#[tokio::test]
async fn dropping_the_handle_stops_the_server() {
    let api = Api::start().await;
    let addr = api.sandbox.addr();
    drop(api);
    // The server stops in its own task: poll until connecting fails, under a deadline.
    let refused = tokio::time::timeout(Duration::from_secs(10), async {
        while tokio::net::TcpStream::connect(addr).await.is_ok() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    assert!(
        refused.is_ok(),
        "still accepting connections after the handle was dropped"
    );
}

#[test]
fn scale_parses() {
    assert_eq!("small".parse::<Scale>(), Ok(Scale::Small));
    assert_eq!("LARGE".parse::<Scale>(), Ok(Scale::Large));
    assert!("huge".parse::<Scale>().is_err());
}

#[tokio::test]
async fn large_scale_has_a_100k_ticket_event() {
    let started = std::time::Instant::now();
    let api = Api::with(SandboxConfig {
        scale: Scale::Large,
        ..config(1)
    })
    .await;
    eprintln!("large sandbox built in {:?}", started.elapsed());
    let event = api.event_named(sandbox::STADIUM_EVENT).await;
    assert_eq!(event["total_tickets"], 100_000);
    let page = api
        .ok(&format!(
            "/events/{}/tickets?per_page=100&page=1000",
            event["id"]
        ))
        .await;
    assert_eq!(page["data"].as_array().unwrap().len(), 100);
    assert_eq!(page["pages"], 1000);
    assert_eq!(page["next"], Value::Null);
    let customers = api.ok("/customers?limit=1").await;
    assert!(as_count(&customers["count"]) >= 100_300);
}

#[tokio::test]
async fn small_scale_has_every_shape() {
    let api = Api::start().await;
    let events = api.ok("/events?limit=100").await;
    let events = events["data"].as_array().unwrap();
    assert_eq!(events.len(), 12);
    let mut statuses = std::collections::BTreeSet::new();
    let mut total = 0;
    for event in events {
        let editions = api.editions(&event["id"]).await;
        let ids: Vec<Value> = if editions.is_empty() {
            vec![event["id"].clone()]
        } else {
            editions.iter().map(|e| e["id"].clone()).collect()
        };
        for id in ids {
            let tickets = api.all_tickets(&id).await;
            total += tickets.len();
            statuses.extend(
                tickets
                    .iter()
                    .map(|t| t["status"].as_str().unwrap().to_owned()),
            );
        }
    }
    eprintln!("{total} tickets");
    assert!((300..1000).contains(&total), "{total} tickets");
    assert_eq!(
        statuses.into_iter().collect::<Vec<_>>(),
        ["cancelled", "confirmed", "open", "pending", "unenrolled"]
    );
    assert!(
        events
            .iter()
            .any(|e| e["published"] == false && e["active"] == false)
    );
    assert!(events.iter().any(|e| e["price"] == "0.00"));
    let currencies: std::collections::HashSet<&str> = events
        .iter()
        .map(|e| e["currency"].as_str().unwrap())
        .collect();
    assert!(currencies.len() >= 4);
    let customers = api.ok("/customers").await;
    assert_eq!(as_count(&customers["count"]), 300);
    assert_eq!(as_count(&api.ok("/orders").await["count"]), 40);
    assert_eq!(as_count(&api.ok("/products").await["count"]), 20);
    assert_eq!(as_count(&api.ok("/courses").await["count"]), 5);
    let long = api.ok("/customers/8").await;
    assert_eq!(long["data"]["name"].as_str().unwrap().chars().count(), 2000);
}
