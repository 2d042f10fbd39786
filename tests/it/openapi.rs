#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The sandbox's OpenAPI document: read back by an OpenAPI 3.1 parser (oas3)
//! and a JSON Schema 2020-12 compiler (boon); then every operation it lists
//! called on a live sandbox over loopback, every answer — successes and
//! refusals, each refusal code it documents — checked against the schema
//! the document gives for that operation and status.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use boxoffice::sandbox::{self, Faults, SandboxConfig};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const NOW: &str = "2026-03-14 10:00:00";

fn document() -> Value {
    serde_json::from_str(sandbox::openapi_json()).unwrap()
}

/// Every `$ref` in `value`.
fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("$ref", Value::String(r)) => out.push(r),
                    _ => refs(v, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

/// A JSON pointer token.
fn token(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}

fn compiler(doc: &Value) -> boon::Compiler {
    let mut compiler = boon::Compiler::new();
    compiler.set_default_draft(boon::Draft::V2020_12);
    compiler.enable_format_assertions();
    compiler.add_resource("urn:openapi", doc.clone()).unwrap();
    compiler
}

#[test]
fn the_document_is_valid_openapi_3_1() {
    let spec = oas3::from_json(sandbox::openapi_json()).expect("an OpenAPI 3.1 document");
    let version = spec.validate_version().expect("a supported version");
    assert_eq!((version.major, version.minor), (3, 1));

    // Every operation has a unique id, and declares each of its path's parameters.
    let mut ids = BTreeSet::new();
    let mut count = 0;
    for (path, method, op) in spec.operations() {
        count += 1;
        let id = op.operation_id.clone().expect("an operationId");
        assert!(ids.insert(id.clone()), "{id} twice");
        let declared: BTreeSet<String> = op
            .parameters
            .iter()
            .map(|p| p.resolve(&spec).expect("a parameter").name)
            .collect();
        for part in path.split('/') {
            if let Some(name) = part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                assert!(
                    declared.contains(name),
                    "{method} {path}: {name} not declared"
                );
            }
        }
        assert!(
            op.responses.as_ref().is_some_and(|r| r.contains_key("200")),
            "{id}"
        );
    }
    // The 17 operations of the API (docs/wire-contract.md) and this document.
    assert_eq!(count, 18, "{ids:?}");

    // Every reference points into the document, and every schema is a valid
    // JSON Schema 2020-12 (boon checks each against the meta-schema).
    let doc = document();
    let mut found = Vec::new();
    refs(&doc, &mut found);
    assert!(!found.is_empty());
    for r in found {
        let pointer = r.strip_prefix('#').expect("a local reference");
        assert!(doc.pointer(pointer).is_some(), "{r} points nowhere");
    }
    let mut compiler = compiler(&doc);
    let mut schemas = boon::Schemas::new();
    for name in doc["components"]["schemas"].as_object().unwrap().keys() {
        let loc = format!("urn:openapi#/components/schemas/{}", token(name));
        compiler
            .compile(&loc, &mut schemas)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    // The schemas say no where an answer is wrong: a ticket's order without
    // its fields, a count that is neither a number nor a string.
    let ticket = "urn:openapi#/paths/~1events~1tickets~1{ticket_id}/get/responses/200/content/application~1json/schema";
    let tickets = "urn:openapi#/paths/~1events~1{event_id}~1tickets/get/responses/200/content/application~1json/schema";
    let ticket = compiler.compile(ticket, &mut schemas).unwrap();
    let tickets = compiler.compile(tickets, &mut schemas).unwrap();
    let good = json!({"status": "OK", "data": {"id": 1, "order": null}});
    schemas.validate(&good, ticket).unwrap();
    for bad in [
        json!({"status": "OK", "data": {"id": 1, "order": {}}}),
        json!({"status": "OK", "data": {"number": "TK-1"}}),
        json!({"status": "ERROR", "data": {"id": 1}}),
    ] {
        assert!(schemas.validate(&bad, ticket).is_err(), "{bad}");
    }
    let page = |count: Value| json!({"status": "OK", "data": [], "countFiltered": 0, "count": count, "previous": null, "current": 1, "pages": 0, "next": null});
    schemas.validate(&page(json!("0")), tickets).unwrap();
    assert!(schemas.validate(&page(json!(true)), tickets).is_err());
    // No key for the document; every other operation needs one.
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let open = op.get("security").is_some_and(|s| s == &json!([]));
            assert_eq!(open, path == "/openapi.json", "{method} {path}");
        }
    }
}

/// The schemas of the document, compiled once, by operation and status.
struct Checker {
    doc: Value,
    compiler: boon::Compiler,
    schemas: boon::Schemas,
    compiled: BTreeMap<String, boon::SchemaIndex>,
    /// (operationId, status, refusal code) seen.
    seen: BTreeSet<(String, u16, Option<u64>)>,
}

impl Checker {
    fn new(doc: Value) -> Self {
        let compiler = compiler(&doc);
        Self {
            doc,
            compiler,
            schemas: boon::Schemas::new(),
            compiled: BTreeMap::new(),
            seen: BTreeSet::new(),
        }
    }

    /// The documented (path, method) that `path` is an instance of.
    fn template(&self, method: &Method, path: &str) -> String {
        let segments: Vec<&str> = path.split('?').next().unwrap().split('/').collect();
        let method = method.as_str().to_lowercase();
        let mut matches = self.doc["paths"]
            .as_object()
            .unwrap()
            .iter()
            .filter(|(t, item)| {
                let ts: Vec<&str> = t.split('/').collect();
                item.get(&method).is_some()
                    && ts.len() == segments.len()
                    && ts
                        .iter()
                        .zip(&segments)
                        .all(|(t, s)| t.starts_with('{') || t == s)
            });
        // A literal beats a parameter, as the router matches.
        let mut best: Vec<&String> = matches.by_ref().map(|(t, _)| t).collect();
        best.sort_by_key(|t| t.matches('{').count());
        best.first()
            .copied()
            .cloned()
            .unwrap_or_else(|| panic!("{method} {path} is not documented"))
    }

    /// Checks an answer against the document; returns the body.
    fn check(&mut self, method: &Method, path: &str, status: StatusCode, body: &Value) {
        let template = self.template(method, path);
        let m = method.as_str().to_lowercase();
        let op = &self.doc["paths"][&template][&m];
        let id = op["operationId"].as_str().unwrap().to_owned();
        let code = status.as_u16().to_string();
        assert!(
            op["responses"].get(&code).is_some(),
            "{id}: {method} {path} answered {status}, which the document does not list: {body}"
        );
        let loc = format!(
            "urn:openapi#/paths/{}/{m}/responses/{code}/content/application~1json/schema",
            token(&template)
        );
        let index = if let Some(&index) = self.compiled.get(&loc) {
            index
        } else {
            let index = self
                .compiler
                .compile(&loc, &mut self.schemas)
                .unwrap_or_else(|e| panic!("{loc}: {e}"));
            self.compiled.insert(loc.clone(), index);
            index
        };
        if let Err(e) = self.schemas.validate(body, index) {
            panic!("{id}: {method} {path} ({status}) does not match its schema: {e:#}\n{body}");
        }
        let refusal = body["errors"][0]["code"].as_u64();
        self.seen.insert((id, status.as_u16(), refusal));
    }
}

struct Live {
    base: String,
    key: String,
    http: reqwest::Client,
}

impl Live {
    async fn send(
        &self,
        checker: &mut Checker,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        self.send_with(checker, method, path, body, Some(&self.key.clone()))
            .await
    }

    async fn send_with(
        &self,
        checker: &mut Checker,
        method: Method,
        path: &str,
        body: Option<Value>,
        key: Option<&str>,
    ) -> (StatusCode, Value) {
        let mut request = self
            .http
            .request(method.clone(), format!("{}{path}", self.base));
        if let Some(key) = key {
            request = request.header("X-API-Key", key);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status();
        let bytes = response.bytes().await.unwrap();
        let value: Value =
            serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{path}: not JSON ({e})"));
        checker.check(&method, path, status, &value);
        (status, value)
    }

    async fn get(&self, checker: &mut Checker, path: &str) -> Value {
        let (status, body) = self.send(checker, Method::GET, path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        body
    }

    /// Every page of a list, each checked.
    async fn all(&self, checker: &mut Checker, path: &str) -> Vec<Value> {
        let mut out = Vec::new();
        let sep = if path.contains('?') { '&' } else { '?' };
        for page in 1.. {
            let body = self.get(checker, &format!("{path}{sep}page={page}")).await;
            out.extend(body["data"].as_array().unwrap().iter().cloned());
            if body["next"].is_null() {
                break;
            }
        }
        out
    }
}

fn person(email: &str) -> Value {
    json!({"customer": {"email": email, "name": "Ada", "last_name": "Lovelace"}, "enrollment_type": "paid"})
}

#[tokio::test]
async fn every_operation_answers_as_its_document_says() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let sb = common::sandbox::start(common::sandbox::pinned(NOW)).await;
    let http = reqwest::Client::new();
    // The document itself, without a key, is the one the library makes.
    let served = http
        .get(format!("{}/openapi.json", sb.base_url()))
        .send()
        .await
        .unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    let doc: Value = served.json().await.unwrap();
    assert_eq!(doc, document());
    let mut c = Checker::new(doc.clone());
    let live = Live {
        base: sb.base_url().to_owned(),
        key: sb.api_key().to_owned(),
        http,
    };
    let (get, put, post) = (Method::GET, Method::PUT, Method::POST);

    // Every record of every list, and each single record.
    let events = live.all(&mut c, "/events?limit=5").await;
    let mut editions = Vec::new();
    for e in &events {
        let id = &e["id"];
        live.get(&mut c, &format!("/events/{id}")).await;
        live.get(&mut c, &format!("/events/{}", e["hash"].as_str().unwrap()))
            .await;
        live.all(&mut c, &format!("/events/{id}/tickets?per_page=100"))
            .await;
        for x in live.get(&mut c, &format!("/events/{id}/variants")).await["data"]
            .as_array()
            .unwrap()
        {
            live.get(&mut c, &format!("/events/{}", x["id"])).await;
            live.get(&mut c, &format!("/events/{}/variants", x["id"]))
                .await;
            let tickets = live
                .all(&mut c, &format!("/events/{}/tickets?per_page=100", x["id"]))
                .await;
            for t in tickets.iter().take(3) {
                live.get(&mut c, &format!("/events/tickets/{}", t["id"]))
                    .await;
            }
            editions.push((e.clone(), x.clone(), tickets));
        }
    }
    for c_ in live.all(&mut c, "/customers?limit=100").await {
        live.get(&mut c, &format!("/customers/{}", c_["id"])).await;
    }
    for o in live.all(&mut c, "/orders").await {
        live.get(&mut c, &format!("/orders/{}", o["id"])).await;
    }
    for p in live.all(&mut c, "/products").await {
        live.get(&mut c, &format!("/products/{}", p["id"])).await;
    }
    for course in live.all(&mut c, "/courses").await {
        live.get(&mut c, &format!("/courses/{}", course["id"]))
            .await;
        live.all(&mut c, &format!("/courses/{}/enrollments", course["id"]))
            .await;
    }

    // Writes, and every refusal each operation documents.
    let named = |event: &str, edition: &str| {
        editions
            .iter()
            .find(|(e, x, _)| e["name"] == event && (edition.is_empty() || x["name"] == edition))
            .unwrap_or_else(|| panic!("{event} {edition}"))
    };
    let conference = named("Rust Belt Conference 2026", "Day 2");
    let ended = named("Rust Belt Conference 2026", "Warm-up meetup (ended)");
    let sold_out = named("Midnight Echoes — Live", "");
    let draft = named("Winter Gala (draft)", "");
    let revocable = conference
        .2
        .iter()
        .find(|t| t["status"] == "confirmed")
        .unwrap();
    let paid = json!({"enrollment_type": "paid"});
    let calls: Vec<(Method, String, Option<Value>, u16)> = vec![
        (get.clone(), "/events?limit=0".into(), None, 400),
        (get.clone(), "/events/no-such-hash".into(), None, 400),
        (get.clone(), "/events/999999/variants".into(), None, 400),
        (get.clone(), "/events/999999/tickets".into(), None, 400),
        (
            get.clone(),
            format!("/events/{}/tickets?per_page=x", conference.1["id"]),
            None,
            400,
        ),
        (get.clone(), "/events/tickets/999999".into(), None, 400),
        (
            put.clone(),
            format!("/events/enrollments/{}/revoke", revocable["id"]),
            None,
            200,
        ),
        (
            put.clone(),
            format!("/events/enrollments/{}/revoke", revocable["id"]),
            None,
            400,
        ),
        (
            put.clone(),
            "/events/enrollments/999999/revoke".into(),
            None,
            400,
        ),
        // By e-mail: new, again (1006), sold out (1004), draft (1009), unknown, invalid.
        (
            post.clone(),
            format!("/events/{}/enroll", conference.1["id"]),
            Some(person("ada@example.com")),
            200,
        ),
        (
            post.clone(),
            format!("/events/{}/enroll", conference.1["id"]),
            Some(person("ADA@example.com")),
            400,
        ),
        (
            post.clone(),
            format!("/events/{}/enroll", sold_out.0["id"]),
            Some(person("ada@example.com")),
            400,
        ),
        (
            post.clone(),
            format!("/events/{}/enroll", draft.0["id"]),
            Some(person("ada@example.com")),
            400,
        ),
        (
            post.clone(),
            "/events/999999/enroll".into(),
            Some(person("ada@example.com")),
            400,
        ),
        (
            post.clone(),
            format!("/events/{}/enroll", conference.1["id"]),
            Some(json!({"customer": {"email": "not an e-mail"}})),
            400,
        ),
        // A customer: new, again, ended (1004), draft, unknown customer, unknown event, invalid.
        (
            put.clone(),
            format!("/events/{}/enrolled/5", conference.1["id"]),
            Some(paid.clone()),
            200,
        ),
        (
            put.clone(),
            format!("/events/{}/enrolled/5", conference.1["id"]),
            Some(paid.clone()),
            400,
        ),
        (
            put.clone(),
            format!("/events/{}/enrolled/5", ended.1["id"]),
            Some(paid.clone()),
            400,
        ),
        (
            put.clone(),
            format!("/events/{}/enrolled/5", draft.1["id"]),
            Some(paid.clone()),
            400,
        ),
        (
            put.clone(),
            format!("/events/{}/enrolled/999999", conference.1["id"]),
            Some(paid.clone()),
            400,
        ),
        (
            put.clone(),
            "/events/999999/enrolled/5".into(),
            Some(paid.clone()),
            400,
        ),
        (
            put.clone(),
            format!("/events/{}/enrolled/5", conference.1["id"]),
            Some(json!({})),
            400,
        ),
        (get.clone(), "/orders?page=0".into(), None, 400),
        (get.clone(), "/orders/1".into(), None, 400),
        (get.clone(), "/customers?limit=-1".into(), None, 400),
        (get.clone(), "/customers/999999".into(), None, 400),
        (get.clone(), "/products?page=x".into(), None, 400),
        (get.clone(), "/products/1".into(), None, 400),
        (get.clone(), "/courses?limit=0".into(), None, 400),
        (get.clone(), "/courses/1".into(), None, 400),
        (
            get.clone(),
            "/courses/701/enrollments?limit=0".into(),
            None,
            400,
        ),
        (get.clone(), "/courses/1/enrollments".into(), None, 400),
    ];
    for (method, path, body, want) in calls {
        let (status, answer) = live.send(&mut c, method.clone(), &path, body).await;
        assert_eq!(status.as_u16(), want, "{method} {path}: {answer}");
    }

    // Every operation without a key (401) and with a wrong one (403).
    let ops: Vec<(Method, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(path, _)| *path != "/openapi.json")
        .flat_map(|(path, item)| {
            item.as_object().unwrap().keys().map(move |m| {
                let concrete = path
                    .replace("{event_id}", "101")
                    .replace("{ticket_id}", "1")
                    .replace("{enrollment_id}", "1")
                    .replace("{customer_id}", "1")
                    .replace("{order_id}", "5001")
                    .replace("{product_id}", "301")
                    .replace("{course_id}", "701");
                (m.to_uppercase().parse().unwrap(), concrete)
            })
        })
        .collect();
    for (method, path) in &ops {
        let (s, _) = live
            .send_with(&mut c, method.clone(), path, None, None)
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        let (s, _) = live
            .send_with(&mut c, method.clone(), path, None, Some("wrong"))
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN);
    }

    // Each operation was answered with success, and with every refusal code
    // it documents, and with 401 and 403.
    for (path, item) in doc["paths"].as_object().unwrap() {
        if path == "/openapi.json" {
            continue;
        }
        for op in item.as_object().unwrap().values() {
            let id = op["operationId"].as_str().unwrap();
            let mut want: BTreeSet<(u16, Option<u64>)> =
                [(200, None), (401, Some(401)), (403, Some(403))].into();
            if let Some(codes) = op["responses"]["400"]["content"]["application/json"]["schema"]
                ["allOf"][1]["properties"]["errors"]["items"]["properties"]["code"]["enum"]
                .as_array()
            {
                want.extend(codes.iter().map(|code| (400, code.as_u64())));
            }
            let seen: BTreeSet<(u16, Option<u64>)> = c
                .seen
                .iter()
                .filter(|(op, _, _)| op == id)
                .map(|(_, s, code)| (*s, *code))
                .collect();
            assert_eq!(seen, want, "{id}: answers seen vs documented");
        }
    }
    drop(sb);

    // The faults' answers (every operation documents them) match too.
    for faults in [
        Faults {
            fail_rate: 1.0,
            ..Faults::default()
        },
        Faults {
            rate_limit: Some(0),
            ..Faults::default()
        },
    ] {
        let sb = common::sandbox::start(SandboxConfig {
            faults,
            ..common::sandbox::pinned(NOW)
        })
        .await;
        let live = Live {
            base: sb.base_url().to_owned(),
            key: sb.api_key().to_owned(),
            http: reqwest::Client::new(),
        };
        for (method, path) in &ops {
            let (s, _) = live.send(&mut c, method.clone(), path, None).await;
            assert!(
                [429, 500, 503].contains(&s.as_u16()),
                "{method} {path}: {s}"
            );
        }
    }
}
