#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Every fixture in assets/fixtures parses into its record type, every quirk
//! decodes to the right value, hostile strings come out clean, unknown fields
//! change nothing, and no input makes the decoders panic.

use std::fmt::Debug;
use std::path::PathBuf;

use boxoffice::api::model::envelope::{
    BodyError, Page, PageInfo, RecordError, decode_item, decode_one, decode_page, parse_json,
};
use boxoffice::api::model::{
    Count, Course, CourseDetail, CourseEnrollment, Customer, CustomerSummary, Edition, Event,
    IntOrString, Money, Order, OrderDetail, Product, ProductDetail, Record, Tally, Ticket,
};
use boxoffice::tree;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

const UNKNOWN_KEY: &str = "zz_field_from_the_future";

fn bytes(name: &str) -> Vec<u8> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "assets", "fixtures", name]
        .iter()
        .collect();
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[track_caller]
fn one<T: Record>(name: &str) -> T {
    decode_one::<T>(&bytes(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .0
}

#[track_caller]
fn page<T: Record>(name: &str) -> Page<T> {
    decode_page::<T>(&bytes(name), true).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Characters that must never reach the terminal.
fn is_hostile(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{061C}'
                | '\u{FEFF}'
        )
}

#[track_caller]
fn assert_clean(s: &str) {
    assert!(!s.chars().any(is_hostile), "not sanitised: {s:?}");
}

fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                strings(v, out);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

const FIXTURES: &[&str] = &[
    "course.json",
    "course_enrollments.json",
    "courses_list.json",
    "customer.json",
    "customers_list.json",
    "editions.json",
    "error.json",
    "event.json",
    "events_list.json",
    "order.json",
    "orders_list.json",
    "product.json",
    "product_no_variants.json",
    "products_list.json",
    "ticket.json",
    "tickets_list.json",
];

#[test]
fn every_fixture_is_listed_here() {
    let dir: PathBuf = [env!("CARGO_MANIFEST_DIR"), "assets", "fixtures"]
        .iter()
        .collect();
    let mut found: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    assert_eq!(found, FIXTURES);
}

#[test]
fn every_string_of_every_fixture_comes_out_clean() {
    let mut hostile_seen = 0;
    for name in FIXTURES {
        let raw = String::from_utf8(bytes(name)).unwrap();
        let original: Value = serde_json::from_str(&raw).unwrap();
        let mut before = Vec::new();
        strings(&original, &mut before);
        hostile_seen += before.iter().filter(|s| s.chars().any(is_hostile)).count();
        let mut after = Vec::new();
        strings(&parse_json(raw.as_bytes()).unwrap(), &mut after);
        for s in &after {
            assert_clean(s);
        }
    }
    assert!(hostile_seen >= 10, "fixtures lost their hostile strings");
}

#[test]
fn events_list_reads_every_quirk() {
    let p = page::<Event>("events_list.json");
    assert!(p.skipped.is_empty(), "{:?}", p.skipped);
    let info = p.info.unwrap();
    assert_eq!(
        (info.count, info.count_filtered),
        (Tally(Some(3)), Tally(Some(3)))
    );
    let [a, b, c] = &p.items[..] else {
        panic!("three events expected")
    };
    assert_eq!(a.name.as_deref(), Some("🎟️ Gala night 🎉"));
    assert!(a.image.get().is_some());
    assert_eq!(
        (a.capacity.get(), a.sales_start.get(), a.sales_end.get()),
        (None, None, None)
    );
    assert_eq!(a.reviews, Some(Count(12)));
    assert!(b.image.get().is_none());
    assert_eq!(b.capacity.get(), Some(&Count(40)));
    assert_eq!(
        b.sales_start.get().map(String::as_str),
        Some("2026-11-01 00:00:00")
    );
    let rtl = b.name.as_deref().unwrap();
    assert_eq!(rtl, "مرحبا gnp.exe שלום");
    assert_eq!(c.name.as_deref().unwrap().chars().count(), 2000);
    assert_eq!(c.location, None);
    assert_eq!(c.tags.as_deref(), Some(""));
    assert_eq!(c.counters.stock_onhand, Some(Count(40)));
}

#[test]
fn event_escape_sequences_become_caret_notation() {
    let e = one::<Event>("event.json");
    assert_eq!(e.name.as_deref(), Some("Title ^[]0;pwned^G end"));
    assert_eq!(
        e.short_description.as_deref(),
        Some("^[[2JCleared ^[[31mred^[[0m")
    );
    assert_eq!(e.vendor.as_deref(), Some("C1 ^[[31m csi"));
    assert_eq!(e.price, Some(Money("25.00".into())));
}

#[test]
fn editions_read_capacity_and_sales_dates_as_false_or_value() {
    let p = page::<Edition>("editions.json");
    assert!(p.skipped.is_empty());
    assert_eq!(p.items[0].capacity.get(), Some(&Count(40)));
    assert_eq!(p.items[0].sales_end.get(), None);
    assert_eq!(p.items[1].capacity.get(), None);
    assert_eq!(p.items[1].sales_start.get(), None);
    assert_eq!(p.items[1].name.as_deref(), Some("東京コンサート 2026"));
}

/// A ticket is dropped only when its id cannot be read; one with another
/// unreadable field (`attendee: 42`) is kept, the field unset, and reported.
#[test]
fn an_unreadable_ticket_is_reported_and_the_rest_load() {
    let p = page::<Ticket>("tickets_list.json");
    let ids: Vec<u64> = p.items.iter().map(Record::id).collect();
    assert_eq!(ids, [1, 3, 4, 5]);
    assert_eq!(p.raw.len(), 4);
    assert_eq!(p.info.unwrap().count, Tally(Some(5)));
    let named = |errors: &[RecordError]| -> Vec<(Option<String>, String)> {
        errors
            .iter()
            .map(|e| (e.id.clone(), e.field.clone()))
            .collect()
    };
    assert_eq!(named(&p.skipped), [(Some("abc".into()), "id".into())]);
    assert!(p.skipped[0].to_string().contains("ticket abc"));
    assert_eq!(named(&p.flawed), [(Some("4".into()), "attendee".into())]);
    assert!(p.flawed[0].message.contains("Attendee"), "{}", p.flawed[0]);
    let four = &p.items[2];
    assert_eq!(four.attendee, None);
    assert_eq!(four.number.as_deref(), Some("TK-000004"));
    assert_eq!(p.raw[2]["attendee"], 42, "the raw record as it came");
    let five = &p.items[3];
    assert_eq!(five.price, Some(Money("25.5".into())));
    assert_eq!(five.total_tickets, Some(Count(1)));
    assert!(p.items[1].is_unenrolled());
    assert_eq!(p.items[1].order, None);
    assert_eq!(p.items[1].attendee.as_ref().unwrap().phone, None);
}

#[test]
fn ticket_loses_invisible_characters() {
    let t = one::<Ticket>("ticket.json");
    let a = t.attendee.unwrap();
    assert_eq!(a.name.as_deref(), Some("Zerowidthjoin"));
    assert!(!a.full_name().contains('\u{202E}'));
    assert_eq!(t.event.unwrap().parent_id, Some(100));
}

#[test]
fn orders_list_reads_member_id_metafields_and_amounts() {
    let p = page::<Order>("orders_list.json");
    assert!(p.skipped.is_empty(), "{:?}", p.skipped);
    assert_eq!(p.info.unwrap().count_filtered, Tally(Some(3)));
    let members: Vec<_> = p
        .items
        .iter()
        .map(|o| o.customer.member_id.clone())
        .collect();
    assert_eq!(
        members,
        [
            Some(IntOrString::Int(77)),
            Some(IntOrString::Text("M-0002".into())),
            None
        ]
    );
    assert_eq!(p.items[0].customer.metafields, Some(json!([])));
    assert_eq!(p.items[1].customer.metafields, Some(json!({"vip": "yes"})));
    assert_eq!(p.items[1].customer.name, "Title ^[]0;pwned^G end");
    assert_eq!(p.items[1].items[0].quantity, Count(3));
    assert_eq!(p.items[1].kind, "elearning");
    assert_eq!(p.items[2].kind, "a-kind-not-named");
    assert_eq!(p.items[2].total_amount, Some(Money("12.5".into())));
    assert!(p.items[2].items.is_empty());
    assert_eq!(p.items[0].items[0].unit_price, Some(Money("20.00".into())));
}

#[test]
fn order_detail_reads_nulls_gateway_and_item_images() {
    let o = one::<OrderDetail>("order.json");
    assert_eq!(o.pay_url, None);
    assert_eq!(o.source.unwrap().business_id, Some(42));
    let images: Vec<_> = o.items.iter().map(|i| i.image.clone()).collect();
    assert_eq!(images[0], Some(json!(false)));
    assert_eq!(images[1].as_ref().unwrap()["file_name"], "poster.png");
    assert_eq!(images[2], None);
    assert_eq!(o.items[1].quantity, Count(2));
    assert_eq!(o.items[0].sku, None);
    assert_eq!(o.items[2].name, "");
    assert_eq!(o.customer.last_name, None);
    assert_eq!(o.customer.name.as_deref(), Some("مرحبا gnp.exe שלום"));
    let gateway = o.gateway.unwrap();
    assert_eq!(gateway.id, Some(IntOrString::Text("paypal".into())));
    assert_eq!(gateway.configuration, None);
    let shipping = o.shipping.unwrap();
    assert_eq!(shipping.is_branch_pickup, Some(false));
    assert_eq!(shipping.address, None);
}

#[test]
fn customers_list_keeps_long_names_whole() {
    let p = page::<CustomerSummary>("customers_list.json");
    assert!(p.skipped.is_empty());
    assert_eq!(p.info.unwrap().count, Tally(Some(3)));
    assert_eq!(p.items[1].last_name, None);
    assert_eq!(p.items[2].name.as_deref().unwrap().chars().count(), 2000);
    assert_eq!(p.items[2].phone.as_deref(), Some(""));
    assert_clean(p.items[2].last_name.as_deref().unwrap());
}

#[test]
fn customer_reads_contacts_addresses_and_orders() {
    let c = one::<Customer>("customer.json");
    assert_eq!(c.member_id, Some(IntOrString::Text("M-0005".into())));
    assert_eq!(c.metafields, Some(json!({"tier": "gold"})));
    let contacts = c.contacts.unwrap();
    assert_eq!(contacts[0].kind.id, IntOrString::Int(2));
    assert_eq!(contacts[1].kind.id, IntOrString::Text("tg".into()));
    assert_eq!(contacts[1].value, "Zerowidthjoin");
    let addresses = c.addresses.unwrap();
    assert_eq!(addresses[0].country.as_ref().unwrap().code, "CO");
    assert_eq!(addresses[0].state.as_ref().unwrap().name, "Cundinamarca");
    assert_eq!(addresses[0].city_id, None);
    assert_eq!(addresses[0].latitude, Some(4.711));
    assert_eq!(
        addresses[0].observations.as_deref(),
        Some("Title ^[]0;pwned^G end")
    );
    assert_eq!(addresses[0].metafields, Some(json!([])));
    assert_eq!(addresses[1].state, None);
    assert_eq!(addresses[1].city_id, Some(8));
    assert_eq!(addresses[1].metafields, Some(json!({"door": "B"})));
    assert_eq!(c.orders.unwrap()[0].number, "1001");
    assert_eq!(c.seller, None);
}

#[test]
fn products_list_reads_image_false_and_sales_channels() {
    let p = page::<Product>("products_list.json");
    assert!(p.skipped.is_empty(), "{:?}", p.skipped);
    assert_eq!(p.items[0].image.get().unwrap().order, Count(1));
    assert_eq!(p.items[1].image.get(), None);
    assert_eq!(p.items[0].sales, Some(Count(9)));
    let channels = p.items[0].sales_channel.as_ref().unwrap();
    assert_eq!(channels.len(), 2);
    assert!(!channels["2"].is_buyable);
    let listed = p.items[1].sales_channel.as_ref().unwrap();
    assert_eq!(listed["3"].name, "Market");
    assert_eq!(p.items[2].name, "");
    assert_eq!(
        p.items[2].short_description.as_deref(),
        Some("Title ^[]0;pwned^G end")
    );
    assert_eq!(p.items[0].price_min, None);
    assert_eq!(p.items[0].weight, Some(0.5));
}

#[test]
fn product_detail_reads_variants_and_boolean_or_object_fields() {
    let p = one::<ProductDetail>("product.json");
    assert_eq!(p.variants.get().unwrap().len(), 1);
    assert_eq!(p.default_variant, Some(json!({"id": 311})));
    assert_eq!(p.by_business_gateways, Some(json!(true)));
    assert_eq!(
        p.promotional_video.as_ref().unwrap()["url"],
        "https://v.example.com/1"
    );
    assert_eq!(p.metafields, None);
    assert_eq!(p.images.unwrap().len(), 1);
    assert_eq!(p.name, "東京コンサート 2026 🎟️ Gala night 🎉");

    let q = one::<ProductDetail>("product_no_variants.json");
    assert_eq!(q.variants.get(), None);
    assert_eq!(q.default_variant, Some(json!(false)));
    assert_eq!(q.promotional_video, Some(json!(false)));
    assert_eq!(q.by_business_gateways, Some(json!({"1": true})));
    assert_eq!(q.metafields, Some(json!({"a": 1})));
    assert_eq!(q.image.get(), None);
    assert_eq!(q.description, None);
    assert_eq!(q.sales_channel, Some(std::collections::BTreeMap::new()));
}

#[test]
fn courses_list_reads_null_image_and_categories() {
    let p = page::<Course>("courses_list.json");
    assert!(p.skipped.is_empty(), "{:?}", p.skipped);
    assert_eq!(
        p.items[0].categories.as_ref().unwrap()[0].slug,
        "programming"
    );
    assert_eq!(p.items[0].total_reviews, Count(3));
    assert!(p.items[0].image.get().is_some());
    assert_eq!(p.items[1].image.get(), None);
    assert_eq!(p.items[1].categories, None);
    assert!(p.items[1].images.is_empty());
    assert_eq!(p.items[2].code, None);
    assert_eq!(p.items[2].total_enrollments, Count(0));
    assert_eq!(p.items[2].name, "^[[2JCleared ^[[31mred^[[0m");
}

#[test]
fn course_detail_reads_modules_forum_and_certificate() {
    let c = one::<CourseDetail>("course.json");
    assert_eq!(c.name.chars().count(), 2000);
    assert_eq!(c.forum_category_id, 9);
    let lessons = &c.modules[0].lessons;
    assert_eq!(lessons[0].content_duration, Count(300));
    assert_eq!(lessons[1].content_type, "quiz");
    assert_eq!(lessons[1].name, "Title ^[]0;pwned^G end");
    assert_eq!(lessons[1].promotional_video.as_deref(), Some("https://v/1"));
    assert_eq!(c.discussions[0].member.avatar_filename, None);
    assert_eq!(c.discussions[0].content, "Zerowidthjoin");
    let cert = c.certificate.unwrap();
    assert_eq!(cert.template.folder, "classic");
    let config: Value = serde_json::from_str(&cert.config_data).unwrap();
    assert_eq!(config["color"], "blue");
    assert_eq!(c.requeriments, Some(vec![json!("A laptop")]));
}

#[test]
fn course_enrollments_keep_untyped_fields_as_sent() {
    let p = page::<CourseEnrollment>("course_enrollments.json");
    assert!(p.skipped.is_empty(), "{:?}", p.skipped);
    let [a, b] = &p.items[..] else {
        panic!("two enrollments expected")
    };
    assert_eq!(
        (&a.is_completed, &a.progress, &a.rating),
        (&json!(false), &json!("45.5"), &Value::Null)
    );
    assert_eq!(a.expiration_date, Value::Null);
    assert_eq!(b.last_name, None);
    assert_eq!(b.status, json!({"key": "done"}));
    assert_eq!(b.completed_date.as_deref(), Some("2026-04-01 10:00:00"));
}

/// The six untyped fields are required: one missing is reported, and the
/// enrollment is kept (it has an id) with the field null.
#[test]
fn course_enrollment_missing_an_untyped_field_is_kept_and_reported() {
    let mut body: Value = serde_json::from_slice(&bytes("course_enrollments.json")).unwrap();
    body["data"][1].as_object_mut().unwrap().remove("rating");
    let p = decode_page::<CourseEnrollment>(&serde_json::to_vec(&body).unwrap(), true).unwrap();
    assert_eq!(p.items.len(), 2);
    assert!(p.skipped.is_empty());
    assert_eq!(p.flawed.len(), 1);
    assert_eq!(p.flawed[0].id.as_deref(), Some("2"));
    assert_eq!(p.flawed[0].field, "rating");
    assert!(p.flawed[0].message.contains("rating"), "{}", p.flawed[0]);
    assert_eq!(p.items[1].rating, Value::Null);
    assert!(p.raw[1].get("rating").is_none(), "raw stays as it came");
}

#[test]
fn a_required_field_missing_is_named() {
    let mut body: Value = serde_json::from_slice(&bytes("order.json")).unwrap();
    body["data"]["items"][1]["price"] = json!(["not", "money"]);
    let err = decode_one::<OrderDetail>(&serde_json::to_vec(&body).unwrap()).unwrap_err();
    let BodyError::Record(e) = err else {
        panic!("record error expected, got {err:?}")
    };
    assert_eq!(
        (e.id.as_deref(), e.field.as_str()),
        (Some("9"), "items[1].price")
    );
}

#[test]
fn the_error_body_is_not_a_record() {
    let err = decode_one::<Ticket>(&bytes("error.json")).unwrap_err();
    assert!(matches!(err, BodyError::Envelope { ref field, .. } if field == "data"));
    let body = parse_json(&bytes("error.json")).unwrap();
    assert_eq!(body["status"], "ERROR");
    assert_eq!(body["errors"][0]["code"], 1001);
}

/// Adds an unknown field to every object, except inside `sales_channel`,
/// whose keys are channel ids rather than field names.
fn add_unknown(value: &mut Value, keyed_by_id: bool) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(|v| add_unknown(v, false)),
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                add_unknown(v, k == "sales_channel");
            }
            if !keyed_by_id {
                map.insert(UNKNOWN_KEY.into(), json!({"nested": [1, "two", null]}));
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
    }
}

fn remove_unknown(value: &mut Value) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(remove_unknown),
        Value::Object(map) => {
            map.shift_remove(UNKNOWN_KEY);
            map.values_mut().for_each(remove_unknown);
        }
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
    }
}

/// The record read from the fixture with unknown fields everywhere, minus
/// what fields typed as raw JSON kept of them.
fn without_unknown<T: Record + Serialize>(record: &T) -> T {
    let mut value = serde_json::to_value(record).unwrap();
    remove_unknown(&mut value);
    serde_json::from_value(value).unwrap()
}

#[track_caller]
fn unknown_fields_change_nothing<T: Record + Serialize + PartialEq + Debug>(
    name: &str,
    list: bool,
) {
    let mut body: Value = serde_json::from_slice(&bytes(name)).unwrap();
    add_unknown(&mut body, false);
    let extended = serde_json::to_vec(&body).unwrap();
    if list {
        let plain = page::<T>(name);
        let wide = decode_page::<T>(&extended, true).unwrap();
        assert_eq!(plain.info, wide.info, "{name}");
        assert_eq!(plain.skipped.len(), wide.skipped.len(), "{name}");
        let wide: Vec<T> = wide.items.iter().map(without_unknown).collect();
        assert_eq!(plain.items, wide, "{name}");
    } else {
        let plain = one::<T>(name);
        let (wide, _) = decode_one::<T>(&extended).unwrap();
        assert_eq!(plain, without_unknown(&wide), "{name}");
    }
}

#[test]
fn unknown_fields_in_every_object_change_nothing() {
    unknown_fields_change_nothing::<Event>("event.json", false);
    unknown_fields_change_nothing::<Event>("events_list.json", true);
    unknown_fields_change_nothing::<Edition>("editions.json", true);
    unknown_fields_change_nothing::<Ticket>("ticket.json", false);
    unknown_fields_change_nothing::<Ticket>("tickets_list.json", true);
    unknown_fields_change_nothing::<OrderDetail>("order.json", false);
    unknown_fields_change_nothing::<Order>("orders_list.json", true);
    unknown_fields_change_nothing::<Customer>("customer.json", false);
    unknown_fields_change_nothing::<CustomerSummary>("customers_list.json", true);
    unknown_fields_change_nothing::<ProductDetail>("product.json", false);
    unknown_fields_change_nothing::<ProductDetail>("product_no_variants.json", false);
    unknown_fields_change_nothing::<Product>("products_list.json", true);
    unknown_fields_change_nothing::<CourseDetail>("course.json", false);
    unknown_fields_change_nothing::<Course>("courses_list.json", true);
    unknown_fields_change_nothing::<CourseEnrollment>("course_enrollments.json", true);
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        any::<String>().prop_map(Value::String),
        "[0-9]{1,3}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    "(id|name|email|image|items|customer|data|count|pages|next)".boxed(),
                    any::<String>().boxed()
                ],
                inner,
                0..8
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn feed_everything(body: &[u8]) {
    let _ = decode_one::<Ticket>(body);
    let _ = decode_one::<Event>(body);
    let _ = decode_one::<OrderDetail>(body);
    let _ = decode_one::<Customer>(body);
    let _ = decode_one::<ProductDetail>(body);
    let _ = decode_one::<CourseDetail>(body);
    for paginated in [true, false] {
        let _ = decode_page::<Ticket>(body, paginated);
        let _ = decode_page::<Edition>(body, paginated);
        let _ = decode_page::<Order>(body, paginated);
        let _ = decode_page::<CustomerSummary>(body, paginated);
        let _ = decode_page::<Product>(body, paginated);
        let _ = decode_page::<Course>(body, paginated);
        let _ = decode_page::<CourseEnrollment>(body, paginated);
    }
}

proptest! {
    #[test]
    fn arbitrary_json_never_panics(v in any_json(), count in any_json()) {
        feed_everything(&serde_json::to_vec(&v).unwrap());
        let single = json!({"status": "OK", "data": v.clone()});
        feed_everything(&serde_json::to_vec(&single).unwrap());
        let list = json!({"status": "OK", "data": [v.clone(), v], "count": count,
            "countFiltered": "1", "previous": null, "current": 1, "pages": 1, "next": null});
        feed_everything(&serde_json::to_vec(&list).unwrap());
    }

    #[test]
    fn arbitrary_bytes_never_panic(body in prop::collection::vec(any::<u8>(), 0..512)) {
        feed_everything(&body);
    }

    #[test]
    fn one_field_replaced_anywhere_never_panics(
        fixture in prop::sample::select(FIXTURES),
        pick in any::<prop::sample::Index>(),
        replacement in any_json(),
    ) {
        let mut body: Value = serde_json::from_slice(&bytes(fixture)).unwrap();
        let mut slots = Vec::new();
        collect_pointers(&body, String::new(), &mut slots);
        let pointer = pick.get(&slots).clone();
        if let Some(slot) = body.pointer_mut(&pointer) {
            *slot = replacement;
        }
        feed_everything(&serde_json::to_vec(&body).unwrap());
    }
}

fn collect_pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                collect_pointers(v, format!("{at}/{i}"), out);
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                let key = k.replace('~', "~0").replace('/', "~1");
                collect_pointers(v, format!("{at}/{key}"), out);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
    }
    out.push(at);
}

/// The reference for `tree::read`, the one deserializer every record goes
/// through: it reads what `serde_json`'s reader over `&Value` reads and
/// fails where it fails, with the same message; and its error's path leads
/// to the field that failed (the object that lacks it, for a missing one).
///
/// Not held to `serde_path_to_error`'s paths here (src/tree.rs is, on types
/// of its own): that one keeps the place of the *first* error, also when a
/// lenient field caught it (`FalseOr`, `Loose`) and a later field failed.
#[track_caller]
fn reads_as_the_reference<T>(value: &Value)
where
    T: for<'de> Deserialize<'de> + PartialEq + Debug,
{
    match (tree::read::<T>(value), T::deserialize(value)) {
        (Ok(ours), Ok(theirs)) => assert_eq!(ours, theirs, "{value}"),
        (Err(ours), Err(theirs)) => {
            assert_eq!(ours.message(), theirs.to_string(), "{value}");
            let at = node(value, ours.path())
                .unwrap_or_else(|| panic!("{} is not in {value}", ours.field()));
            if let Some(name) = ours
                .message()
                .strip_prefix("missing field `")
                .and_then(|m| m.strip_suffix('`'))
            {
                assert!(at.get(name).is_none(), "{}: {name} is there", ours.field());
            }
        }
        (ours, theirs) => panic!(
            "tree::read {:?}, serde_json {:?}: {value}",
            ours.map(|_| "read"),
            theirs.map(|_| "read")
        ),
    }
}

/// The value a path leads to.
fn node<'a>(mut at: &'a Value, path: &[tree::Step]) -> Option<&'a Value> {
    for step in path {
        at = match step {
            tree::Step::Key(k) => at.get(k)?,
            tree::Step::Index(i) => at.get(i)?,
        };
    }
    Some(at)
}

/// Every record type, and a list of each, read out of `value`.
fn every_type_reads_as_the_reference(value: &Value) {
    macro_rules! each {
        ($($t:ty)*) => {$(
            reads_as_the_reference::<$t>(value);
            reads_as_the_reference::<Vec<$t>>(value);
        )*};
    }
    each!(Ticket Event Edition OrderDetail Order Customer CustomerSummary ProductDetail
          Product CourseDetail Course CourseEnrollment PageInfo);
}

/// JSON numbers as a server may write them, beyond what an `f64` prints
/// back (`arbitrary_precision` keeps their text).
fn any_number_text() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just("1e2"),
        Just("-0"),
        Just("0.1000000000000000001"),
        Just("18446744073709551616"),
        Just("-9223372036854775809"),
        Just("12.50"),
        Just("3.0"),
    ]
    .prop_map(|text| serde_json::from_str(text).unwrap())
}

proptest! {
    #[test]
    fn a_record_with_one_field_replaced_reads_as_the_reference(
        fixture in prop::sample::select(FIXTURES),
        pick in any::<prop::sample::Index>(),
        replacement in prop_oneof![any_json(), any_number_text()],
    ) {
        let mut body: Value = serde_json::from_slice(&bytes(fixture)).unwrap();
        let mut slots = Vec::new();
        collect_pointers(&body, String::new(), &mut slots);
        let pointer = pick.get(&slots).clone();
        if let Some(slot) = body.pointer_mut(&pointer) {
            *slot = replacement;
        }
        every_type_reads_as_the_reference(&body);
        if let Some(data) = body.get("data") {
            every_type_reads_as_the_reference(data);
            for item in data.as_array().into_iter().flatten() {
                every_type_reads_as_the_reference(item);
            }
        }
    }

    #[test]
    fn any_json_reads_as_the_reference(v in any_json()) {
        every_type_reads_as_the_reference(&v);
    }
}

/// A list item whose one fault is a missing required field `key`, with a
/// value elsewhere replaced by one its field reads anyway (a lenient field
/// catching the error): `decode_item` keeps it and sets aside `key` (and,
/// for an object, the fields of its stand-in), nothing else. The field set
/// aside is the one that failed, not one whose error was caught.
fn the_missing_field_is_the_one_set_aside<T: Record>(
    item: &Value,
    key: &str,
    slot: &str,
    replacement: Value,
) {
    let mut harmless = item.clone();
    if let Some(at) = harmless.pointer_mut(slot) {
        *at = replacement;
    }
    if tree::read::<T>(&harmless).is_err() {
        return; // the replacement itself breaks the record
    }
    let mut faulty = harmless.clone();
    if faulty
        .as_object_mut()
        .and_then(|m| m.shift_remove(key))
        .is_none()
    {
        return;
    }
    let missing = format!("missing field `{key}`");
    match tree::read::<T>(&faulty) {
        Err(e) if e.message() == missing && e.path().is_empty() => {}
        _ => return, // `key` is optional, or its absence is not the first fault
    }
    let (_, flawed) = decode_item::<T>(&faulty)
        .unwrap_or_else(|e| panic!("{e}: dropped, {key} missing in {faulty}"));
    // A missing object is stood in for by `{}`, whose own required fields
    // are then set aside too: all of them under `key`.
    let fields: Vec<&str> = flawed.iter().map(|f| f.field.as_str()).collect();
    assert_eq!(fields.first(), Some(&key), "{faulty}");
    let under = |f: &&str| {
        f.strip_prefix(key)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
    };
    assert!(fields.iter().all(under), "{fields:?} in {faulty}");
}

proptest! {
    #[test]
    fn a_list_item_missing_a_field_keeps_it_and_names_that_field(
        pick in any::<prop::sample::Index>(),
        key in any::<prop::sample::Index>(),
        slot in any::<prop::sample::Index>(),
        replacement in prop_oneof![any_json(), any_number_text()],
    ) {
        macro_rules! each {
            ($($name:literal => $t:ty),*) => {$({
                let body: Value = serde_json::from_slice(&bytes($name)).unwrap();
                let items = body["data"].as_array().unwrap();
                let item = pick.get(items);
                let keys: Vec<&String> =
                    item.as_object().unwrap().keys().filter(|k| *k != "id").collect();
                let mut slots = Vec::new();
                collect_pointers(item, String::new(), &mut slots);
                let key: &str = key.get(&keys).as_str();
                let slot: &String = slot.get(&slots);
                the_missing_field_is_the_one_set_aside::<$t>(item, key, slot, replacement.clone());
            })*};
        }
        each!("events_list.json" => Event, "editions.json" => Edition,
              "tickets_list.json" => Ticket, "orders_list.json" => Order,
              "customers_list.json" => CustomerSummary, "products_list.json" => Product,
              "courses_list.json" => Course, "course_enrollments.json" => CourseEnrollment);
    }
}
