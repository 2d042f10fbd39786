#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The client against small axum servers on loopback: what goes on the wire,
//! how answers map to errors, the client's manners, and the page loaders.

use crate::common;

use std::time::Duration;

use axum::body::Bytes;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use boxoffice::api::model::{Page, Ticket};
use boxoffice::api::paging::{all_pages, stream_pages};
use boxoffice::api::{ApiError, ApiKey, Client, ClientConfig, NewAttendee};
use common::json::{error_body, event, list, one, status_ok, ticket};
use common::mock::{MockServer, Seen, SilentServer, json_response, ok, ok_text};
use futures::StreamExt;
use serde_json::{Value, json};

const KEY: &str = "test-key-3f9a1c";

fn client_for(base: &str) -> Client {
    Client::new(config_for(base)).unwrap()
}

fn config_for(base: &str) -> ClientConfig {
    common::client::quick_retries(base, KEY)
}

/// The canned answers of the eight event operations.
fn events_api(seen: &Seen, _: usize) -> Response {
    match (seen.method.as_str(), seen.path.as_str()) {
        ("GET", "/events") => ok(&list(&json!([event(7), event(8)]), 1, 1, 2)),
        ("GET", "/events/abc" | "/events/7") => ok(&one(&event(7))),
        ("GET", "/events/7/variants") => ok(&one(&json!([
            {"id": 12, "name": "Day 1", "capacity": 40},
            {"id": 13, "name": "Day 2", "capacity": false}
        ]))),
        ("GET", "/events/7/tickets") => ok(&list(&json!([ticket(1), ticket(2)]), 1, 1, 2)),
        ("GET", "/events/tickets/5") => ok(&one(&ticket(5))),
        ("PUT" | "POST", _) => ok(&status_ok()),
        _ => json_response(404, &error_body("no route", &[(1000, "no route")])),
    }
}

fn assert_keyed(seen: &Seen) {
    assert_eq!(seen.key(), Some(KEY), "X-API-Key sent");
    assert!(seen.headers.get(header::REFERER).is_none());
}

#[tokio::test]
async fn event_operations_send_the_spec_requests() {
    let server = MockServer::start(events_api);
    let client = client_for(server.base());

    let events = client.events(1, 100).await.unwrap();
    assert_eq!(
        events.items.iter().map(|e| e.id).collect::<Vec<_>>(),
        [7, 8]
    );
    let (event, raw) = client.event("abc").await.unwrap();
    assert_eq!((event.id, raw["name"].as_str()), (7, Some("RustConf")));
    let editions = client.editions(7).await.unwrap();
    assert_eq!(editions.items.len(), 2);
    assert!(editions.info.is_none());
    client.enroll_customer(7, 42, "paid").await.unwrap();
    let person = NewAttendee {
        email: "ana@example.com".into(),
        name: "Ana".into(),
        last_name: "Díaz".into(),
    };
    client.enroll_by_email(12, &person, "paid").await.unwrap();
    let tickets = client.tickets(7, 2, 100).await.unwrap();
    assert_eq!(tickets.items.len(), 2);
    let (ticket, _) = client.ticket(5).await.unwrap();
    assert_eq!(ticket.number.as_deref(), Some("TK-000005"));
    client.revoke(5).await.unwrap();

    let seen = server.seen();
    let lines: Vec<(&str, &str, Option<&str>)> = seen
        .iter()
        .map(|s| (s.method.as_str(), s.path.as_str(), s.query.as_deref()))
        .collect();
    assert_eq!(
        lines,
        [
            ("GET", "/events", Some("page=1&limit=100")),
            ("GET", "/events/abc", None),
            ("GET", "/events/7/variants", None),
            ("PUT", "/events/7/enrolled/42", None),
            ("POST", "/events/12/enroll", None),
            ("GET", "/events/7/tickets", Some("page=2&per_page=100")),
            ("GET", "/events/tickets/5", None),
            ("PUT", "/events/enrollments/5/revoke", None),
        ]
    );
    seen.iter().for_each(assert_keyed);
    assert_eq!(seen[3].body, Some(json!({"enrollment_type": "paid"})));
    assert_eq!(
        seen[4].body,
        Some(json!({
            "customer": {"email": "ana@example.com", "name": "Ana", "last_name": "Díaz"},
            "enrollment_type": "paid"
        }))
    );
    assert_eq!(
        seen[4].headers.get(header::CONTENT_TYPE).unwrap(),
        "application/json"
    );
    assert_eq!(seen[7].body, None);
}

#[tokio::test]
async fn other_areas_use_the_assumed_paths() {
    let server = MockServer::start(|s, _| match s.path.as_str() {
        "/orders" | "/customers" | "/products" | "/courses" | "/courses/3/enrollments" => {
            ok(&list(&json!([]), 1, 0, 0))
        }
        _ => json_response(400, &error_body("x", &[])),
    });
    let client = client_for(server.base());
    assert!(client.orders(1, 100).await.unwrap().items.is_empty());
    assert!(client.customers(2, 50).await.unwrap().items.is_empty());
    assert!(client.products(1, 100).await.unwrap().items.is_empty());
    assert!(client.courses(1, 100).await.unwrap().items.is_empty());
    assert!(
        client
            .course_enrollments(3, 1, 100)
            .await
            .unwrap()
            .items
            .is_empty()
    );
    assert!(matches!(client.order(1).await, Err(ApiError::Api { .. })));
    let seen = server.seen();
    let lines: Vec<(&str, Option<&str>)> = seen
        .iter()
        .map(|s| (s.path.as_str(), s.query.as_deref()))
        .collect();
    assert_eq!(
        lines,
        [
            ("/orders", Some("page=1&limit=100")),
            ("/customers", Some("page=2&limit=50")),
            ("/products", Some("page=1&limit=100")),
            ("/courses", Some("page=1&limit=100")),
            ("/courses/3/enrollments", Some("page=1&limit=100")),
            ("/orders/1", None),
        ]
    );
}

#[tokio::test]
async fn a_hash_with_slashes_stays_one_path_segment() {
    let server = MockServer::start(events_api);
    let client = client_for(server.base());
    let _ = client.event("a/../b?c").await;
    let path = server.seen()[0].path.clone();
    assert_eq!(path, "/events/a%2F..%2Fb%3Fc");
}

#[tokio::test]
async fn a_400_error_body_is_an_api_error_with_its_code() {
    let server = MockServer::start(|_, _| {
        json_response(
            400,
            &json!({"status": "ERROR", "message": "Unknown event", "errors": [
                {"code": 1001, "message": "event 99 does not exist", "extra_data": []}
            ]}),
        )
    });
    let err = client_for(server.base()).event("99").await.unwrap_err();
    assert_eq!(err.code(), Some(1001));
    assert_eq!(err.exit_code(), 3);
    let text = err.to_string();
    assert!(
        text.contains("Unknown event") && text.contains("1001"),
        "{text}"
    );
    assert!(!text.contains('\n'));
}

#[tokio::test]
async fn a_400_that_is_not_the_error_body_is_a_body_error() {
    let server = MockServer::start(|_, _| json_response(400, &json!({"oops": true})));
    let err = client_for(server.base()).event("1").await.unwrap_err();
    assert!(matches!(err, ApiError::Body { status: 400, .. }), "{err:?}");
}

#[tokio::test]
async fn a_401_and_a_403_are_auth_errors() {
    for status in [401u16, 403] {
        let server = MockServer::start(move |_, _| {
            json_response(
                status,
                &error_body("Invalid API key", &[(i64::from(status), "no")]),
            )
        });
        let err = client_for(server.base()).events(1, 100).await.unwrap_err();
        assert_eq!(
            err,
            ApiError::Auth {
                status,
                message: Some("Invalid API key".into())
            }
        );
        assert_eq!(err.exit_code(), 4);
        assert!(!err.to_string().contains(KEY));
    }
}

#[tokio::test]
async fn a_non_json_502_is_one_line_naming_the_status() {
    let server = MockServer::start(|_, _| {
        (
            StatusCode::BAD_GATEWAY,
            [(header::CONTENT_TYPE, "text/html")],
            "<html>\n<head><title>502 Bad Gateway</title></head>\n<body>nginx</body></html>\n",
        )
            .into_response()
    });
    let err = client_for(server.base()).events(1, 100).await.unwrap_err();
    let text = err.to_string();
    assert!(
        matches!(err, ApiError::Status { status: 502, .. }),
        "{err:?}"
    );
    assert!(text.contains("502") && text.contains("not JSON"), "{text}");
    assert!(!text.contains('\n'), "{text}");
    // A 502 is transient: the GET was tried max_attempts times.
    assert_eq!(server.seen().len(), 3);
}

/// `--timeout` bounds a read with all its retries: a silent server uses the
/// whole deadline on the first attempt, and no second is sent after it.
#[tokio::test]
async fn one_deadline_bounds_a_read_and_all_its_retries() {
    let silent = SilentServer::start();
    let mut config = config_for(silent.base());
    config.timeout = Duration::from_millis(400);
    config.max_attempts = 3;
    let err = Client::new(config)
        .unwrap()
        .events(1, 100)
        .await
        .unwrap_err();
    assert!(
        matches!(err, ApiError::Transport { timeout: true, .. }),
        "{err:?}"
    );
    assert_eq!(err.exit_code(), 5);
    assert_eq!(silent.accepted(), 1, "no attempt after the deadline");
}

#[tokio::test]
async fn a_redirect_to_another_origin_is_not_followed() {
    let other = MockServer::start(events_api);
    let target = format!("{}/events", other.base());
    let server = MockServer::start(move |_, _| {
        (StatusCode::FOUND, [(header::LOCATION, target.clone())]).into_response()
    });
    let err = client_for(server.base()).events(1, 100).await.unwrap_err();
    assert!(matches!(err, ApiError::Refused(_)), "{err:?}");
    assert!(err.to_string().contains("another origin"), "{err}");
    assert!(!err.to_string().contains(KEY));
    assert_eq!(server.seen().len(), 1);
    assert!(other.seen().is_empty());
}

#[tokio::test]
async fn a_same_origin_redirect_is_followed() {
    let server = MockServer::start(|s, _| {
        if s.path == "/events" {
            (StatusCode::FOUND, [(header::LOCATION, "/v2/events")]).into_response()
        } else {
            ok(&list(&json!([event(1)]), 1, 1, 1))
        }
    });
    let events = client_for(server.base()).events(1, 100).await.unwrap();
    assert_eq!(events.items.len(), 1);
    let seen = server.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[1].path, "/v2/events");
    assert_keyed(&seen[1]);
}

#[test]
fn plain_http_is_refused_except_to_loopback() {
    for url in [
        "http://shop.example.com",
        "http://10.0.0.1:8080",
        "ftp://x.example",
    ] {
        let err = Client::new(ClientConfig::new(url, ApiKey::new(KEY))).unwrap_err();
        assert!(matches!(err, ApiError::Refused(_)), "{url}: {err:?}");
    }
    for url in [
        "http://127.0.0.1:8787",
        "http://127.1.2.3",
        "http://localhost:1",
        "http://[::1]:9",
        "https://shop.example.com",
    ] {
        assert!(
            Client::new(ClientConfig::new(url, ApiKey::new(KEY))).is_ok(),
            "{url}"
        );
    }
}

#[test]
fn the_key_never_shows_in_debug() {
    let client = client_for("https://shop.example.com");
    assert!(!format!("{client:?}").contains(KEY));
    assert!(!format!("{:?}", client.config()).contains(KEY));
}

#[tokio::test]
async fn gets_retry_transient_failures_and_writes_do_not() {
    let server = MockServer::start(|s, n| {
        if s.method == "GET" && n >= 2 {
            ok(&list(&json!([event(1)]), 1, 1, 1))
        } else {
            json_response(503, &error_body("busy", &[]))
        }
    });
    let client = client_for(server.base());
    assert_eq!(client.events(1, 100).await.unwrap().items.len(), 1);
    assert_eq!(server.seen().len(), 3);

    let person = NewAttendee {
        email: "a@b.c".into(),
        name: "A".into(),
        last_name: "B".into(),
    };
    let err = client
        .enroll_by_email(7, &person, "paid")
        .await
        .unwrap_err();
    assert!(
        matches!(err, ApiError::Status { status: 503, .. }),
        "{err:?}"
    );
    let err = client.revoke(5).await.unwrap_err();
    assert!(
        matches!(err, ApiError::Status { status: 503, .. }),
        "{err:?}"
    );
    let writes = server.seen().iter().filter(|s| s.method != "GET").count();
    assert_eq!(writes, 2);
}

#[tokio::test]
async fn retry_after_is_honoured() {
    let server = MockServer::start(|_, n| {
        if n == 0 {
            (
                StatusCode::TOO_MANY_REQUESTS,
                [(header::RETRY_AFTER, "0")],
                "slow down",
            )
                .into_response()
        } else {
            ok(&list(&json!([]), 1, 0, 0))
        }
    });
    assert!(client_for(server.base()).events(1, 100).await.is_ok());
    assert_eq!(server.seen().len(), 2);
}

#[tokio::test]
async fn bodies_over_the_cap_are_refused() {
    let server = MockServer::start(|_, _| {
        let big: Vec<Value> = (0..200).map(ticket).collect();
        ok(&list(&Value::Array(big), 1, 1, 200))
    });
    let mut config = config_for(server.base());
    config.max_body_bytes = 4096;
    let err = Client::new(config)
        .unwrap()
        .tickets(7, 1, 100)
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::Refused(_)), "{err:?}");
    assert!(err.to_string().contains("4096"), "{err}");
}

/// Three pages of 4 tickets, where page 2 repeats the last id of page 1 and
/// page 3 the last of page 2 (a list that shifted while it was read).
fn overlapping_pages(seen: &Seen, _: usize) -> Response {
    let page = seen.page();
    let ids: Vec<u64> = match page {
        1 => vec![1, 2, 3, 4],
        2 => vec![4, 5, 6, 7],
        3 => vec![7, 8, 9],
        _ => vec![],
    };
    let data: Vec<Value> = ids.into_iter().map(ticket).collect();
    ok(&list(&Value::Array(data), page, 3, 9))
}

fn ids(page: &Page<Ticket>) -> Vec<u64> {
    page.items.iter().map(|t| t.id).collect()
}

#[tokio::test]
async fn all_pages_reads_every_record_once_in_order() {
    let server = MockServer::start(overlapping_pages);
    let client = client_for(server.base());
    let all = all_pages(|p| client.tickets(7, p, 4)).await.unwrap();
    assert_eq!(ids(&all), (1..=9).collect::<Vec<_>>());
    let raw_ids: Vec<u64> = all.raw.iter().map(|v| v["id"].as_u64().unwrap()).collect();
    assert_eq!(raw_ids, ids(&all));
    assert_eq!(server.seen().len(), 3);
}

#[tokio::test]
async fn the_page_stream_yields_pages_in_order_without_duplicates() {
    let server = MockServer::start(overlapping_pages);
    let client = client_for(server.base());
    let pages: Vec<Page<Ticket>> = stream_pages(|p| client.tickets(7, p, 4), 2)
        .map(Result::unwrap)
        .collect()
        .await;
    let per_page: Vec<Vec<u64>> = pages.iter().map(ids).collect();
    assert_eq!(per_page, [vec![1, 2, 3, 4], vec![5, 6, 7], vec![8, 9]]);
    for page in &pages {
        let raw: Vec<u64> = page.raw.iter().map(|v| v["id"].as_u64().unwrap()).collect();
        assert_eq!(raw, ids(page));
    }
    assert_eq!(server.seen().len(), 3);
}

#[tokio::test]
async fn the_page_stream_reports_a_failed_first_page() {
    let server = MockServer::start(|_, _| json_response(403, &error_body("no", &[])));
    let client = client_for(server.base());
    let results: Vec<_> = stream_pages(|p| client.tickets(7, p, 4), 4).collect().await;
    assert_eq!(results.len(), 1);
    assert!(matches!(
        results[0],
        Err(ApiError::Auth { status: 403, .. })
    ));
}

#[tokio::test]
async fn an_empty_list_is_one_empty_page() {
    let server = MockServer::start(|_, _| ok(&list(&json!([]), 1, 0, 0)));
    let client = client_for(server.base());
    let all = all_pages(|p| client.tickets(7, p, 100)).await.unwrap();
    assert!(all.items.is_empty());
    let pages: Vec<_> = stream_pages(|p| client.tickets(7, p, 100), 8)
        .collect()
        .await;
    assert_eq!(pages.len(), 1);
}

#[tokio::test]
async fn a_streamed_body_over_the_cap_is_refused_while_reading() {
    let server = MockServer::start(|_, _| {
        let chunks = (0..64).map(|_| Ok::<_, std::io::Error>(Bytes::from(vec![b' '; 1024])));
        Response::new(axum::body::Body::from_stream(futures::stream::iter(chunks)))
    });
    let mut config = config_for(server.base());
    config.max_body_bytes = 8 * 1024;
    let err = Client::new(config)
        .unwrap()
        .events(1, 100)
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::Refused(_)), "{err:?}");
}

#[tokio::test]
async fn a_malformed_success_body_is_read_again_then_a_body_error() {
    let server = MockServer::start(|_, _| ok(&json!({"status": "OK", "data": {"no": "list"}})));
    let err = client_for(server.base()).events(1, 100).await.unwrap_err();
    assert!(matches!(err, ApiError::Body { status: 200, .. }), "{err:?}");
    assert!(!err.to_string().contains('\n'));
    // Read again like a transient failure, as many times as a GET is tried.
    assert_eq!(server.seen().len(), 3);
}

/// A malformed page once (a proxy's hiccup) and a good one next: the list
/// loads.
#[tokio::test]
async fn a_malformed_page_once_is_read_again_and_loads() {
    let server = MockServer::start(|_, n| {
        if n == 0 {
            ok(&json!({"status": "OK", "data": {"no": "list"}}))
        } else {
            ok(&list(&json!([{"id": 1, "name": "RustConf"}]), 1, 1, 1))
        }
    });
    let page = client_for(server.base()).events(1, 100).await.unwrap();
    assert_eq!(page.items.len(), 1);
    assert_eq!(server.seen().len(), 2);
}

/// A single record is read as patiently as a page: a success it cannot read
/// is read again (as often as a GET is tried), then it is a body error.
#[tokio::test]
async fn a_malformed_single_record_is_read_again_like_a_page() {
    let server = MockServer::start(|_, n| {
        if n == 0 {
            ok_text("<html>502 Bad Gateway</html>")
        } else {
            ok(&json!({"status": "OK", "data": {"id": 7, "number": "TK-7"}}))
        }
    });
    let (ticket, _) = client_for(server.base()).ticket(7).await.unwrap();
    assert_eq!(ticket.id, 7);
    assert_eq!(server.seen().len(), 2);

    let server = MockServer::start(|_, _| ok_text("{\"status\":\"OK\",\"da"));
    let err = client_for(server.base()).event("7").await.unwrap_err();
    assert!(matches!(err, ApiError::Body { status: 200, .. }), "{err:?}");
    assert_eq!(server.seen().len(), 3);
}

/// A record without a readable id is skipped; one with another unreadable
/// field is kept and that field reported; the rest of the page loads.
#[tokio::test]
async fn an_unreadable_record_is_skipped_and_the_page_loads() {
    let server = MockServer::start(|_, _| {
        ok(&list(
            &json!([ticket(1), {"id": 2, "status": 5}, {"id": "three"}, ticket(4)]),
            1,
            1,
            4,
        ))
    });
    let page = client_for(server.base()).tickets(7, 1, 100).await.unwrap();
    assert_eq!(ids(&page), [1, 2, 4]);
    assert_eq!(page.raw.len(), 3);
    assert_eq!(page.skipped.len(), 1);
    assert_eq!(page.skipped[0].id.as_deref(), Some("three"));
    assert_eq!(page.flawed.len(), 1);
    assert_eq!(
        (page.flawed[0].id.as_deref(), page.flawed[0].field.as_str()),
        (Some("2"), "status")
    );
    assert_eq!(page.items[1].status, None);
    assert_eq!(page.raw[1]["status"], 5);
}

#[tokio::test]
async fn a_write_answered_with_status_error_is_an_api_error() {
    let server = MockServer::start(|_, _| ok(&error_body("already revoked", &[(1007, "x")])));
    let err = client_for(server.base()).revoke(5).await.unwrap_err();
    assert_eq!(err.code(), Some(1007));
}

/// The TUI spawns these futures and streams on a multi-thread runtime.
#[test]
fn client_futures_and_page_streams_are_send() {
    fn assert_send<T: Send>(_: &T) {}
    let client = client_for("https://shop.example.com");
    assert_send(&client.tickets(1, 1, 100));
    assert_send(&client.enroll_by_email(1, &NewAttendee::default(), "paid"));
    assert_send(&client.revoke(1));
    let stream = stream_pages(|p| client.tickets(1, p, 100), 4);
    assert_send(&stream);
    assert_send(&all_pages(|p| client.customers(p, 100)));
}

#[tokio::test]
async fn a_throttled_page_is_reported_in_place_and_the_rest_still_load() {
    let server = MockServer::start(|s, _| {
        let page = s.page();
        if page == 3 {
            (StatusCode::TOO_MANY_REQUESTS, "slow down").into_response()
        } else {
            let id = u64::from(page);
            ok(&list(&json!([ticket(id)]), page, 5, 5))
        }
    });
    let mut config = config_for(server.base());
    config.max_attempts = 1;
    let client = Client::new(config).unwrap();
    let results: Vec<_> = stream_pages(|p| client.tickets(7, p, 1), 4).collect().await;
    let shape: Vec<Result<Vec<u64>, u16>> = results
        .iter()
        .map(|r| match r {
            Ok(page) => Ok(ids(page)),
            Err(ApiError::Status { status, .. }) => Err(*status),
            Err(other) => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        shape,
        [Ok(vec![1]), Ok(vec![2]), Err(429), Ok(vec![4]), Ok(vec![5])]
    );
}
