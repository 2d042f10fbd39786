#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The sandbox wears a business: `boxoffice export` (the real binary)
//! against a sandbox, `sandbox --from` the file, export again; and
//! `--pseudonymise`, read through every list and record.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use boxoffice::sandbox::{SandboxConfig, SandboxHandle};
use serde_json::Value;

const NOW: &str = "2026-03-14 10:00:00";

/// `boxoffice export -o FILE ARGS` against `sb`; the file, read.
async fn export(sb: &SandboxHandle, dir: &Path, name: &str, args: &[&str]) -> Value {
    let path = dir.join(name);
    let mut command = common::binary::boxoffice(dir);
    command
        .env("BOXOFFICE_BASE_URL", sb.base_url())
        .env("BOXOFFICE_API_KEY", sb.api_key())
        .arg("export")
        .arg("-o")
        .arg(&path)
        .args(args);
    let output = tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "export failed: {stderr}");
    assert!(stderr.contains("boxoffice: exported "), "{stderr}");
    assert!(!dir.join(format!("{name}.partial")).exists());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "an export holds personal data");
    }
    serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap()
}

async fn from(path: PathBuf, pseudonymise: bool) -> SandboxHandle {
    common::sandbox::start(SandboxConfig {
        from: Some(path),
        pseudonymise,
        ..common::sandbox::pinned(NOW)
    })
    .await
}

/// Where `left` and `right` first differ, if they do.
fn difference(left: &Value, right: &Value, at: &str) -> Option<String> {
    match (left, right) {
        (Value::Object(l), Value::Object(r)) => {
            let keys: BTreeSet<&String> = l.keys().chain(r.keys()).collect();
            keys.into_iter().find_map(|k| match (l.get(k), r.get(k)) {
                (Some(lv), Some(rv)) => difference(lv, rv, &format!("{at}.{k}")),
                _ => Some(format!("{at}.{k}: only on one side")),
            })
        }
        (Value::Array(l), Value::Array(r)) => l
            .iter()
            .zip(r)
            .enumerate()
            .find_map(|(i, (lv, rv))| difference(lv, rv, &format!("{at}[{i}]")))
            .or_else(|| {
                (l.len() != r.len()).then(|| format!("{at}: {} vs {} items", l.len(), r.len()))
            }),
        _ if left == right => None,
        _ => {
            let short = |v: &Value| v.to_string().chars().take(120).collect::<String>();
            Some(format!("{at}: {} vs {}", short(left), short(right)))
        }
    }
}

#[track_caller]
fn assert_same(a: &Value, b: &Value) {
    if let Some(d) = difference(a, b, "") {
        panic!("differ at {d}");
    }
}

fn sections(file: &Value) -> Value {
    file.as_object()
        .unwrap()
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "exported_at" | "business"))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// Every record of a section (groups flattened).
fn records<'a>(file: &'a Value, section: &str) -> Vec<&'a Value> {
    file[section]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| match r.get("data") {
            Some(Value::Array(data)) => data.iter().collect(),
            _ => vec![r],
        })
        .collect()
}

/// Ids, numbers and counts, by section: what a round trip must keep.
fn ids_numbers_counts(file: &Value) -> BTreeMap<&'static str, Vec<String>> {
    let mut out = BTreeMap::new();
    for section in [
        "events",
        "editions",
        "tickets",
        "orders",
        "order_details",
        "customers",
        "customer_details",
        "products",
        "product_details",
        "courses",
        "course_details",
        "enrollments",
    ] {
        let keys = records(file, section)
            .into_iter()
            .map(|r| {
                let mut key = format!("{}", r["id"]);
                for field in [
                    "number",
                    "status",
                    "total_tickets",
                    "tickets_confirmed",
                    "tickets_cancelled",
                    "stock_available",
                    "total_enrollments",
                    "price",
                ] {
                    if let Some(v) = r.get(field) {
                        key = format!("{key} {field}={v}");
                    }
                }
                key
            })
            .collect();
        out.insert(section, keys);
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn demo_export_from_export_gives_the_same_records() {
    let dir = tempfile::tempdir().unwrap();
    let demo = common::sandbox::start(common::sandbox::pinned(NOW)).await;
    let first = export(&demo, dir.path(), "first.json", &[]).await;
    assert_eq!(first["format"], "boxoffice-export");
    // Every kind is there, hostile strings carried as JSON.
    for section in [
        "events",
        "editions",
        "tickets",
        "orders",
        "customers",
        "customer_details",
        "products",
        "courses",
        "course_details",
        "enrollments",
    ] {
        assert!(!records(&first, section).is_empty(), "{section}");
    }
    let names: Vec<&str> = records(&first, "customers")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert!(names.iter().any(|n| n.chars().count() == 2000));
    assert!(names.iter().any(|n| n.contains('🎟')));
    assert!(names.iter().any(|n| n.contains("pwned")));

    let worn = from(dir.path().join("first.json"), false).await;
    let second = export(&worn, dir.path(), "second.json", &[]).await;
    assert_eq!(ids_numbers_counts(&second), ids_numbers_counts(&first));
    // Not only those: every field of every record.
    assert_same(&sections(&second), &sections(&first));

    // Writes work on a worn business, and go on from its ids.
    let tickets = records(&first, "tickets").len();
    let client = boxoffice::api::Client::new(boxoffice::api::ClientConfig::new(
        worn.base_url(),
        boxoffice::api::ApiKey::new(worn.api_key()),
    ))
    .unwrap();
    let day2 = records(&first, "editions")
        .into_iter()
        .find(|e| e["name"] == "Day 2")
        .unwrap()["id"]
        .as_u64()
        .unwrap();
    let person = boxoffice::api::NewAttendee {
        email: "walk.in@example.org".into(),
        name: "Walk".into(),
        last_name: "In".into(),
    };
    client.enroll_by_email(day2, &person, "paid").await.unwrap();
    let third = export(&worn, dir.path(), "third.json", &["--lists-only"]).await;
    assert_eq!(records(&third, "tickets").len(), tickets + 1);
    let max = records(&first, "tickets")
        .iter()
        .map(|t| t["id"].as_u64().unwrap())
        .max()
        .unwrap();
    assert!(
        records(&third, "tickets")
            .iter()
            .any(|t| t["id"] == max + 1 && t["attendee"]["email"] == "walk.in@example.org")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn some_events_and_lists_only_round_trip_too() {
    let dir = tempfile::tempdir().unwrap();
    let demo = common::sandbox::start(common::sandbox::pinned(NOW)).await;
    // An edition's id stands for its event; an event without editions is its own.
    let some = ["--events", "1003,107"];
    let first = export(&demo, dir.path(), "some.json", &some).await;
    let events: Vec<u64> = records(&first, "events")
        .iter()
        .map(|e| e["id"].as_u64().unwrap())
        .collect();
    assert_eq!(events, [101, 107]);
    assert!(records(&first, "products").is_empty());
    // The customers and orders its tickets name, and no one else.
    let named: BTreeSet<u64> = records(&first, "tickets")
        .iter()
        .map(|t| t["attendee"]["id"].as_u64().unwrap())
        .chain(
            records(&first, "order_details")
                .iter()
                .map(|o| o["customer"]["id"].as_u64().unwrap()),
        )
        .collect();
    let read: BTreeSet<u64> = records(&first, "customer_details")
        .iter()
        .map(|c| c["id"].as_u64().unwrap())
        .collect();
    assert_eq!(read, named);
    let orders: BTreeSet<u64> = records(&first, "tickets")
        .iter()
        .filter_map(|t| t["order"]["id"].as_u64())
        .collect();
    assert!(!orders.is_empty());
    assert_eq!(
        orders,
        records(&first, "order_details")
            .iter()
            .map(|o| o["id"].as_u64().unwrap())
            .collect()
    );
    let worn = from(dir.path().join("some.json"), false).await;
    let second = export(&worn, dir.path(), "some2.json", &some).await;
    assert_same(&sections(&second), &sections(&first));

    let lists = export(&demo, dir.path(), "lists.json", &["--lists-only"]).await;
    assert!(records(&lists, "customer_details").is_empty());
    let worn = from(dir.path().join("lists.json"), false).await;
    let again = export(&worn, dir.path(), "lists2.json", &["--lists-only"]).await;
    assert_same(&sections(&again), &sections(&lists));
}

/// Keys of a person's fields, in the objects that are about a person.
const PERSONAL: &[&str] = &[
    "name",
    "last_name",
    "email",
    "phone",
    "first_name",
    "street",
    "number",
    "zip_code",
    "city",
    "value",
    "recipient_name",
    "recipient_phone",
    "identification",
    "company",
    "floor",
    "observations",
    "autologin_hash",
    "tax_id_number",
    "comment",
    "birthdate",
    "avatar_filename",
    "main_phone",
];
/// Keys under which an object (or each object of an array) is about a person.
const PEOPLE: &[&str] = &[
    "attendee",
    "customer",
    "member",
    "addresses",
    "contacts",
    "billing_address",
    "address",
];
/// Keys that are a person's wherever they are.
const ALWAYS: &[&str] = &["recipient_name", "recipient_phone"];

/// Whether the object or array under `key` is about a person (`data`: as
/// its envelope is).
fn about(key: &str, person: bool) -> bool {
    match key {
        "data" => person,
        "country" | "state" | "type" => false,
        k => PEOPLE.contains(&k),
    }
}

fn is_personal(key: &str, person: bool) -> bool {
    ALWAYS.contains(&key) || (person && PERSONAL.contains(&key))
}

/// Calls `f(value)` for every personal field's text in `v`; `person` when
/// `v` itself is about a person.
fn personal<'a>(v: &'a Value, person: bool, f: &mut impl FnMut(&'a str)) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                match x {
                    Value::String(s) if is_personal(k, person) => f(s),
                    Value::Object(_) | Value::Array(_) => personal(x, about(k, person), f),
                    _ => {}
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|x| personal(x, person, f)),
        _ => {}
    }
}

/// Masks every personal field (what pseudonymising may change).
fn masked(v: &Value, person: bool) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !matches!(k.as_str(), "latitude" | "longitude"))
                .map(|(k, x)| {
                    let x = match x {
                        Value::String(_) | Value::Null if is_personal(k, person) => {
                            Value::from("*")
                        }
                        Value::Object(_) | Value::Array(_) => masked(x, about(k, person)),
                        other => other.clone(),
                    };
                    (k.clone(), x)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|x| masked(x, person)).collect()),
        other => other.clone(),
    }
}

/// Every string anywhere in `v`.
fn strings<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) => out.push(s),
        Value::Array(items) => items.iter().for_each(|x| strings(x, out)),
        Value::Object(map) => map.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

async fn get(http: &reqwest::Client, sb: &SandboxHandle, path: &str) -> Value {
    let response = http
        .get(format!("{}{path}", sb.base_url()))
        .header("X-API-Key", sb.api_key())
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{path}");
    response.json().await.unwrap()
}

/// Every answer of a sandbox: every page of every list, every single record.
async fn every_answer(sb: &SandboxHandle) -> Vec<(String, Value)> {
    let http = reqwest::Client::new();
    let mut out = Vec::new();
    let mut lists = vec![
        "/events".to_owned(),
        "/customers".into(),
        "/orders".into(),
        "/products".into(),
        "/courses".into(),
    ];
    let mut i = 0;
    while i < lists.len() {
        let list = lists[i].clone();
        i += 1;
        for page in 1.. {
            let sep = if list.contains('?') { '&' } else { '?' };
            let path = format!("{list}{sep}limit=100&per_page=100&page={page}");
            let body = get(&http, sb, &path).await;
            for record in body["data"].as_array().unwrap() {
                let id = &record["id"];
                let one = match list.as_str() {
                    "/events" => {
                        lists.push(format!("/events/{id}/variants"));
                        lists.push(format!("/events/{id}/tickets"));
                        format!("/events/{id}")
                    }
                    l if l.ends_with("/variants") => {
                        lists.push(format!("/events/{id}/tickets"));
                        format!("/events/{id}")
                    }
                    l if l.ends_with("/tickets") => format!("/events/tickets/{id}"),
                    "/courses" => {
                        lists.push(format!("/courses/{id}/enrollments"));
                        format!("/courses/{id}")
                    }
                    l if l.ends_with("/enrollments") => continue,
                    l => format!("{l}/{id}"),
                };
                let body = get(&http, sb, &one).await;
                out.push((one, body));
            }
            let next = body["next"].is_null();
            out.push((path, body));
            if next {
                break;
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pseudonymised_business_shows_no_one_from_the_file() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let dir = tempfile::tempdir().unwrap();
    let demo = common::sandbox::start(common::sandbox::pinned(NOW)).await;
    let file = export(&demo, dir.path(), "real.json", &[]).await;

    // The originals: every person's texts as the file has them and as the
    // demo sent them (hostile bytes and all).
    let mut originals: BTreeSet<String> = BTreeSet::new();
    for section in [
        "tickets",
        "orders",
        "order_details",
        "customers",
        "customer_details",
        "enrollments",
        "course_details",
    ] {
        for record in records(&file, section) {
            let about = matches!(section, "customers" | "customer_details" | "enrollments");
            personal(record, about, &mut |s| {
                originals.insert(s.to_owned());
            });
        }
    }
    let real = every_answer(&demo).await;
    for (path, body) in &real {
        let about = path.starts_with("/customers") || path.contains("/enrollments");
        personal(body, about, &mut |s| {
            originals.insert(s.to_owned());
        });
    }
    // Texts too short or too common to be anyone's alone (an empty name, a
    // house number, a country-wide city) are not searched for.
    originals.retain(|s| s.chars().count() >= 4 && s.parse::<u64>().is_err());
    assert!(originals.len() > 600, "{} originals", originals.len());
    let contacts: Vec<&String> = originals
        .iter()
        .filter(|s| s.contains('@') || s.starts_with('+'))
        .collect();

    for seed in [1, 2] {
        let worn = common::sandbox::start(SandboxConfig {
            from: Some(dir.path().join("real.json")),
            pseudonymise: true,
            seed,
            ..common::sandbox::pinned(NOW)
        })
        .await;
        let answers = every_answer(&worn).await;
        assert_eq!(answers.len(), real.len());
        let mut people: BTreeMap<u64, BTreeMap<&str, String>> = BTreeMap::new();
        for (path, body) in &answers {
            // No person's text of the file, in any person's field.
            let about = path.starts_with("/customers") || path.contains("/enrollments");
            personal(body, about, &mut |s| {
                assert!(!originals.contains(s), "{path}: {s:?} is from the file");
                for o in &originals {
                    assert!(!s.contains(o.as_str()), "{path}: {s:?} holds {o:?}");
                }
            });
            // No e-mail or phone of the file anywhere.
            let mut all = Vec::new();
            strings(body, &mut all);
            for s in all {
                for c in &contacts {
                    assert!(!s.contains(c.as_str()), "{path}: {s:?} holds {c:?}");
                }
            }
            // The same customer id, the same made-up person, everywhere.
            let mut seen = |id: &Value, fields: &[(&'static str, &Value)]| {
                let Some(id) = id.as_u64() else { return };
                let person = people.entry(id).or_default();
                for (k, v) in fields {
                    if let Some(v) = v.as_str() {
                        let known = person.entry(k).or_insert_with(|| v.to_owned());
                        assert_eq!(known, v, "{path}: customer {id}'s {k}");
                    }
                }
            };
            walk_people(body, &mut seen);
        }
        assert!(people.len() >= 300, "{} people", people.len());

        // Everything else is kept: ids, numbers, dates, prices, counts.
        let worn_file = export(&worn, dir.path(), &format!("worn{seed}.json"), &[]).await;
        for (section, value) in sections(&file).as_object().unwrap() {
            let about = section.starts_with("customer") || section == "enrollments";
            assert_same(
                &masked(&sections(&worn_file)[section], about),
                &masked(value, about),
            );
        }
    }
}

/// Calls `seen(id, fields)` for every person with an id in `v`: an attendee,
/// a customer (a record of /customers too), an order's customer, a
/// discussion's member, a course enrollment (its `customer_id`).
fn walk_people<'a>(v: &'a Value, seen: &mut impl FnMut(&'a Value, &[(&'static str, &'a Value)])) {
    match v {
        Value::Object(map) => {
            let fields =
                |map: &'a serde_json::Map<String, Value>| -> Vec<(&'static str, &'a Value)> {
                    ["name", "last_name", "email", "phone"]
                        .into_iter()
                        .filter_map(|k| map.get(k).map(|v| (k, v)))
                        .collect()
                };
            if let Some(id) = map.get("customer_id") {
                seen(id, &fields(map));
            }
            for key in ["attendee", "customer", "member"] {
                if let Some(Value::Object(person)) = map.get(key) {
                    seen(&person["id"], &fields(person));
                }
            }
            if map.contains_key("email")
                && map.contains_key("id")
                && !map.contains_key("customer_id")
            {
                seen(&map["id"], &fields(map));
            }
            map.values().for_each(|x| walk_people(x, seen));
        }
        Value::Array(items) => items.iter().for_each(|x| walk_people(x, seen)),
        _ => {}
    }
}

/// A file whose people are hostile as they come from the API (escape
/// sequences, bidi overrides, zero-width characters, 2,000 characters,
/// emoji), in every place a person is kept: none of it survives
/// `--pseudonymise`, and every answer is still whole JSON.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_people_are_made_up_whole() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let dir = tempfile::tempdir().unwrap();
    let hostile = [
        "\u{1b}]0;pwned\u{7}Mallory".to_owned(),
        "\u{1b}[2J\u{1b}[31mRed".to_owned(),
        "Eve\u{202E}gnp.exe".to_owned(),
        "Zero\u{200B}\u{200D}Width".to_owned(),
        format!("Maximiliana{}", "x".repeat(1989)),
        "🎟 Fiesta 🎉".to_owned(),
    ];
    let person = |i: usize| -> Value {
        serde_json::json!({
            "id": 40 + i, "email": format!("{}@evil.example", hostile[i]), "name": hostile[i],
            "last_name": hostile[(i + 1) % hostile.len()], "phone": format!("+1 {}", hostile[i]),
        })
    };
    let detail = |i: usize| -> Value {
        let mut d = person(i);
        let more = serde_json::json!({
            "company": hostile[i], "identification": hostile[i], "autologin_hash": "s3cret",
            "contacts": [{"id": 1, "type": {"id": 1, "key": "whatsapp", "name": "WhatsApp"}, "value": hostile[i]}],
            "addresses": [{"id": 9, "label": "Home", "street": hostile[i], "number": "1", "city": hostile[i],
                "zip_code": "00000", "is_billing_address": true, "is_shipping_address": true,
                "first_name": hostile[i], "email": hostile[i], "observations": hostile[i]}],
            "metafields": {"nickname": {"name": hostile[i]}},
        });
        d.as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        d
    };
    let file = serde_json::json!({
        "format": "boxoffice-export", "version": 1,
        "events": [{"id": 7, "hash": "h7", "name": "Door rehearsal", "active": true,
            "start_datetime": "2026-03-14 09:00:00", "end_datetime": "2026-03-14 23:00:00", "capacity": 50}],
        "editions": [],
        "tickets": [{"event": 7, "data": (0..hostile.len()).map(|i| serde_json::json!({
            "id": 100 + i, "number": format!("DOOR-{i}"), "status": "confirmed", "attendee": person(i),
            "event": {"id": 7}, "order": if i == 0 { serde_json::json!({"id": 900, "hash": "o", "number": "#1"}) } else { Value::Null },
        })).collect::<Vec<_>>()}],
        "order_details": [{"id": 900, "hash": "o", "number": "#1", "type": "event", "status": "paid",
            "creation_date": "2026-03-01 10:00:00", "items": [],
            "customer": {"id": 40, "email": "x@evil.example", "billing_address": {"street": hostile[2], "country": {"name": "Spain"}}},
            "shipping": {"recipient_name": hostile[3], "recipient_phone": hostile[4], "address": {"street": hostile[5]}}}],
        "customer_details": (0..hostile.len()).map(detail).collect::<Vec<_>>(),
    });
    let path = dir.path().join("hostile.json");
    std::fs::write(&path, serde_json::to_vec(&file).unwrap()).unwrap();

    // As it is: the file's people are served as they came.
    let plain = from(path.clone(), false).await;
    let http = reqwest::Client::new();
    let ticket = get(&http, &plain, "/events/tickets/100").await;
    assert_eq!(ticket["data"]["attendee"]["name"], hostile[0].as_str());
    assert_eq!(ticket["data"]["number"], "DOOR-0");

    let worn = from(path, true).await;
    let answers = every_answer(&worn).await;
    assert!(answers.len() > 10);
    let mut tickets = 0;
    for (where_, body) in &answers {
        let text = body.to_string();
        for bad in [
            "\u{1b}",
            "\\u001b",
            "\u{7}",
            "\u{202E}",
            "\u{200B}",
            "\u{200D}",
            "🎟",
            "xxxxxxxxxx",
            "pwned",
            "Mallory",
            "evil.example",
            "s3cret",
        ] {
            assert!(!text.contains(bad), "{where_}: {bad:?} survived: {text}");
        }
        tickets += usize::from(
            body["data"]["number"]
                .as_str()
                .is_some_and(|n| n.starts_with("DOOR-")),
        );
    }
    assert_eq!(tickets, hostile.len(), "every ticket kept, by its number");
    let order = get(&http, &worn, "/orders/900").await;
    assert_eq!(
        order["data"]["customer"]["billing_address"]["country"]["name"],
        "Spain"
    );
    assert!(
        order["data"]["shipping"]["recipient_name"]
            .as_str()
            .unwrap()
            .contains(' ')
    );
}

/// What cannot be served is said, with where, before anything listens.
#[test]
fn a_file_that_is_not_an_export_is_refused_with_where() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = common::binary::boxoffice(dir.path())
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let write = |name: &str, value: Value| {
        let path = dir.path().join(name);
        std::fs::write(&path, value.to_string()).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let missing = dir.path().join("missing.json");
    let missing = missing.to_str().unwrap();
    let other = write(
        "other.json",
        serde_json::json!({"format": "other", "version": 1}),
    );
    let status = write(
        "status.json",
        serde_json::json!({"format": "boxoffice-export", "version": 1,
            "events": [{"id": 7, "end_datetime": "2026-03-14 23:00:00"}],
            "tickets": [{"event": 7, "data": [{"id": 1, "status": "weird", "attendee": {"id": 1}}]}]}),
    );
    let id = write(
        "id.json",
        serde_json::json!({"format": "boxoffice-export", "version": 1,
            "tickets": [{"event": 7, "data": [{"id": "one"}]}]}),
    );
    for (args, code, says) in [
        (vec!["sandbox", "--from", missing], Some(1), "missing.json"),
        (
            vec!["sandbox", "--from", &other],
            Some(1),
            "not a boxoffice export",
        ),
        (
            vec!["sandbox", "--from", &status],
            Some(1),
            "ticket 1: status \"weird\"",
        ),
        (
            vec!["sandbox", "--from", &id],
            Some(1),
            "tickets[0].data[0].id",
        ),
        (
            vec!["--demo-from", &id, "events"],
            Some(1),
            "tickets[0].data[0].id",
        ),
        (vec!["sandbox", "--pseudonymise"], Some(2), "--from"),
        (
            vec!["--demo-from", &other, "admit", "TK-1", "--event", "7"],
            Some(2),
            "sandbox --from",
        ),
        (
            vec!["--demo-from", &other, "sandbox"],
            Some(2),
            "--demo-from",
        ),
    ] {
        let (got, stderr) = run(&args);
        assert_eq!(got, code, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}
