//! What the spec leaves open, as docs/sandbox.md ("Decisions where the
//! spec is silent") and docs/wire-contract.md decide it: a ticket's order, revoking an
//! unenrolled ticket, enrolling into an event that is not active, and
//! paths and methods that are not operations.

use std::collections::BTreeMap;

use proptest::prelude::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{Api, assert_error};

/// Every ticket of every edition (and of every event without editions).
async fn every_ticket(api: &Api) -> Vec<Value> {
    let mut out = Vec::new();
    let events = api.ok("/events?limit=100").await;
    for event in events["data"].as_array().unwrap() {
        let editions = api.editions(&event["id"]).await;
        if editions.is_empty() {
            out.extend(api.all_tickets(&event["id"]).await);
        }
        for edition in editions {
            out.extend(api.all_tickets(&edition["id"]).await);
        }
    }
    out
}

/// `order` is `null` exactly for a ticket no order holds; otherwise it
/// names an order that `GET /orders/{id}` answers, with the same hash and
/// number. A ticket enrolled through the API has none.
#[tokio::test]
async fn a_tickets_order_is_null_or_an_order_that_exists() {
    let api = Api::start().await;
    let day2 = api
        .edition_named("Rust Belt Conference 2026", "Day 2")
        .await;
    assert_eq!(
        api.enroll(&day2["id"], "no.order@example.com").await.0,
        StatusCode::OK
    );
    let tickets = every_ticket(&api).await;
    let mut orders: BTreeMap<u64, Value> = BTreeMap::new();
    let (mut with, mut without) = (0, 0);
    for t in &tickets {
        let order = t.get("order").expect("order is always present");
        if order.is_null() {
            without += 1;
            continue;
        }
        with += 1;
        let id = order["id"].as_u64().unwrap_or_else(|| panic!("{t}"));
        if let std::collections::btree_map::Entry::Vacant(slot) = orders.entry(id) {
            slot.insert(api.ok(&format!("/orders/{id}")).await["data"].clone());
        }
        let real = &orders[&id];
        assert_eq!(order["hash"], real["hash"], "{t}");
        assert_eq!(order["number"], real["number"], "{t}");
        assert_eq!(order.as_object().unwrap().len(), 3, "{t}");
    }
    assert!(with > 0 && without > 0, "{with} with, {without} without");
    let enrolled = tickets
        .iter()
        .find(|t| t["attendee"]["email"] == "no.order@example.com")
        .unwrap();
    assert!(enrolled["order"].is_null());
}

/// Revoke from any status but `unenrolled` leaves the ticket unenrolled and
/// frees its seat; revoking an unenrolled ticket is refused (1007) and
/// changes nothing.
#[tokio::test]
async fn revoke_takes_any_status_but_unenrolled_and_a_refusal_changes_nothing() {
    let api = Api::start().await;
    let edition = api
        .edition_named("Rust Belt Conference 2026", "Day 1")
        .await;
    let tickets = api.all_tickets(&edition["id"]).await;
    for status in ["confirmed", "open", "pending", "cancelled", "unenrolled"] {
        let Some(t) = tickets.iter().find(|t| t["status"] == status) else {
            panic!("no {status} ticket in Day 1");
        };
        let path = format!("/events/{}", edition["id"]);
        let before = api.ok(&path).await["data"].clone();
        let revoke = format!("/events/enrollments/{}/revoke", t["id"]);
        let (s, b) = api.put(&revoke, &json!(null)).await;
        let after = api.ok(&path).await["data"].clone();
        let ticket = api.ok(&format!("/events/tickets/{}", t["id"])).await["data"].clone();
        assert_eq!(ticket["status"], "unenrolled", "{status}");
        let seat = u64::from(matches!(status, "confirmed" | "open" | "pending"));
        if status == "unenrolled" {
            assert_error(s, &b, 400, 1007);
            assert_eq!(after, before, "a refused revoke changed the edition");
        } else {
            assert_eq!(s, StatusCode::OK, "{status}: {b}");
            assert_eq!(b, json!({"status": "OK"}));
            let n = |v: &Value, k: &str| v[k].as_u64().unwrap();
            assert_eq!(n(&after, "total_tickets"), n(&before, "total_tickets"));
            assert_eq!(
                n(&after, "stock_committed"),
                n(&before, "stock_committed") - seat,
                "{status}"
            );
            assert_eq!(
                n(&after, "tickets_cancelled"),
                n(&before, "tickets_cancelled") + u64::from(status != "cancelled"),
                "{status}"
            );
        }
        // And a second revoke of the same ticket is always the refusal.
        let (s, b) = api.put(&revoke, &json!(null)).await;
        assert_error(s, &b, 400, 1007);
    }
}

/// An event with `active: false` takes no enrollment — by main id, hash or
/// edition id, by e-mail or by customer — whatever its seats (1009), and a
/// refusal creates no customer and no ticket. An active one never says 1009.
#[tokio::test]
async fn an_event_that_is_not_active_takes_no_enrollment() {
    let api = Api::start().await;
    let events = api.ok("/events?limit=100").await;
    let customers_before = api.ok("/customers").await["count"].clone();
    let mut inactive = 0;
    for event in events["data"].as_array().unwrap() {
        let mut targets = vec![event["id"].clone(), event["hash"].clone()];
        targets.extend(
            api.editions(&event["id"])
                .await
                .iter()
                .map(|x| x["id"].clone()),
        );
        for target in targets {
            let key = target
                .as_str()
                .map_or_else(|| target.to_string(), str::to_owned);
            let person = json!({"customer": {"email": "first.time@example.org", "name": "First"}, "enrollment_type": "paid"});
            let by_mail = api.post(&format!("/events/{key}/enroll"), &person).await;
            let by_id = api
                .put(
                    &format!("/events/{key}/enrolled/7"),
                    &json!({"enrollment_type": "paid"}),
                )
                .await;
            for (s, b) in [by_mail, by_id] {
                let code = b["errors"][0]["code"].as_u64();
                if event["active"] == false {
                    assert_error(s, &b, 400, 1009);
                } else {
                    assert_ne!(code, Some(1009), "{} {key}: {b}", event["name"]);
                }
            }
        }
        if event["active"] == false {
            inactive += 1;
            let after = api.ok(&format!("/events/{}", event["id"])).await;
            assert_eq!(after["data"]["total_tickets"], event["total_tickets"]);
        }
    }
    assert!(inactive > 0, "the demo has an event that is not active");
    // The address was new: only active events' enrollments made a customer (one).
    let customers_after = api.ok("/customers").await["count"].clone();
    let n = |v: &Value| v.as_str().unwrap().parse::<u64>().unwrap();
    assert_eq!(n(&customers_after), n(&customers_before) + 1);
}

/// The router's rule, from the document's paths: a path no operation has is
/// 404, a path an operation has with another method is 405 with `Allow`
/// naming its methods, both code 1000; a key is checked first.
#[test]
fn unknown_paths_and_methods_follow_one_rule() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let api = runtime.block_on(Api::start());
    let doc: Value = serde_json::from_str(boxoffice::sandbox::openapi_json()).unwrap();
    let templates: Vec<(Vec<String>, Vec<String>)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(path, _)| *path != "/openapi.json")
        .map(|(path, item)| {
            let segments = path[1..].split('/').map(str::to_owned).collect();
            let methods = item
                .as_object()
                .unwrap()
                .keys()
                .map(|m| m.to_uppercase())
                .collect();
            (segments, methods)
        })
        .collect();
    // The methods the model expects for a path: those of every template it fits.
    let expected = |segments: &[String]| -> Vec<String> {
        let mut methods: Vec<String> = templates
            .iter()
            .filter(|(t, _)| {
                t.len() == segments.len()
                    && t.iter().zip(segments).all(|(t, s)| {
                        if t.starts_with('{') {
                            !s.is_empty()
                        } else {
                            t == s
                        }
                    })
            })
            .flat_map(|(_, m)| m.clone())
            .collect();
        methods.sort();
        methods.dedup();
        methods
    };
    let words = prop::sample::select(vec![
        "events",
        "tickets",
        "enrollments",
        "revoke",
        "enroll",
        "enrolled",
        "variants",
        "orders",
        "customers",
        "products",
        "courses",
        "openapi.json",
        "101",
        "1001",
        "5",
        "x",
        "",
    ]);
    let methods = prop::sample::select(vec!["GET", "POST", "PUT", "DELETE", "PATCH"]);
    let mut runner = proptest::test_runner::TestRunner::new(proptest::test_runner::Config {
        cases: 400,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    });
    runner
        .run(
            &(prop::collection::vec(words, 1..5), methods, any::<bool>()),
            |(segments, method, keyed)| {
                let segments: Vec<String> = segments.into_iter().map(str::to_owned).collect();
                let path = format!("/{}", segments.join("/"));
                if path == "/openapi.json" {
                    return Ok(());
                }
                let request = api.http.request(
                    Method::from_bytes(method.as_bytes()).unwrap(),
                    api.url(&path),
                );
                let request = if keyed {
                    request.header("X-API-Key", api.sandbox.api_key())
                } else {
                    request
                };
                let (status, allow, body) = runtime.block_on(async {
                    let response = request.send().await.unwrap();
                    let status = response.status();
                    let allow = response
                        .headers()
                        .get("allow")
                        .map(|v| v.to_str().unwrap().to_owned());
                    let body: Value = response.json().await.unwrap();
                    (status, allow, body)
                });
                let methods = expected(&segments);
                let code = body["errors"][0]["code"].as_u64();
                if !keyed {
                    prop_assert_eq!(status, StatusCode::UNAUTHORIZED, "{} {}", method, path);
                } else if methods.is_empty() {
                    prop_assert_eq!(status, StatusCode::NOT_FOUND, "{} {}", method, path);
                    prop_assert_eq!(code, Some(1000));
                } else if !methods.iter().any(|m| m == method) {
                    prop_assert_eq!(
                        status,
                        StatusCode::METHOD_NOT_ALLOWED,
                        "{} {}",
                        method,
                        path
                    );
                    prop_assert_eq!(code, Some(1000));
                    let mut allowed: Vec<String> = allow
                        .unwrap_or_default()
                        .split(", ")
                        .map(str::to_owned)
                        .collect();
                    allowed.sort();
                    prop_assert_eq!(allowed, methods, "{} {}", method, path);
                } else {
                    // An operation: it answers, or refuses with one of its codes.
                    prop_assert!(
                        status == StatusCode::OK || status == StatusCode::BAD_REQUEST,
                        "{} {}: {} {}",
                        method,
                        path,
                        status,
                        body
                    );
                }
                Ok(())
            },
        )
        .unwrap();
}
