//! Every kind of row, from records of every shape: each of its fields'
//! sort key agrees with its comparison (a sort of 100,000 rows settles most
//! comparisons on the keys and reads the rows only where two keys tie), and
//! each row writes one CSV cell per header, and its search text is made
//! of the fields it declares searched. The rows come from the
//! fixtures' records with their text and numbers replaced by generated
//! ones: accents, scripts, emoji, texts longer than a key, texts alike for
//! their first sixteen bytes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::cmp::Ordering;

use boxoffice::api::model::envelope::decode_page;
use boxoffice::api::model::{
    Course, CourseEnrollment, CustomerSummary, Edition, Event, Order, Product, Record, Ticket,
};
use boxoffice::app::list::{ListRow, Listable, SEPARATOR, cells, headers, search_text};
use boxoffice::search::{Words, fold};
use proptest::prelude::*;
use serde_json::Value;

/// A list fixture's records with their string and number leaves replaced,
/// in turn, by `texts` and `numbers` (ids kept: a row is one per id).
fn records(fixture: &str, texts: &[String], numbers: &[(u64, bool)]) -> Value {
    fn walk(v: &mut Value, key: &str, texts: &[String], numbers: &[(u64, bool)], at: &mut usize) {
        match v {
            Value::Object(map) => {
                for (k, v) in map.iter_mut() {
                    walk(v, k, texts, numbers, at);
                }
            }
            Value::Array(items) => {
                for v in items {
                    walk(v, key, texts, numbers, at);
                }
            }
            Value::String(s) if key != "id" => {
                *at += 1;
                s.clone_from(&texts[*at % texts.len()]);
            }
            Value::Number(_) if key != "id" => {
                *at += 1;
                let (n, as_text) = numbers[*at % numbers.len()];
                *v = if as_text {
                    Value::String(format!("{}.{}", n / 100, n % 100))
                } else {
                    Value::from(n)
                };
            }
            _ => {}
        }
    }
    let path = format!(
        "{}/assets/fixtures/{fixture}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut page: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut at = 0;
    if let Some(data) = page.get_mut("data") {
        walk(data, "", texts, numbers, &mut at);
    }
    page
}

/// The rows of `page`'s records.
fn rows<T: Record + Listable>(page: &Value) -> Vec<T::Row> {
    let body = serde_json::to_vec(page).unwrap();
    let page = decode_page::<T>(&body, true).unwrap();
    page.items.iter().map(Listable::row).collect()
}

/// Each field of `R` over every pair of `rows`: keys that differ order as
/// the comparison does, whole keys that are equal mean equal values, and
/// the comparison is antisymmetric.
fn agree<R: ListRow>(rows: &[R]) -> Result<(), TestCaseError> {
    for field in R::FIELDS {
        for a in rows {
            for b in rows {
                let (ka, kb) = (field.sort_key(a), field.sort_key(b));
                let order = field.compare(a, b);
                let what = format!(
                    "{}: {:?} vs {:?}",
                    field.name,
                    field.value(a),
                    field.value(b)
                );
                match ka.prefix.cmp(&kb.prefix) {
                    Ordering::Equal if ka.whole && kb.whole => {
                        prop_assert_eq!(order, Ordering::Equal, "{}", what);
                    }
                    Ordering::Equal => {}
                    by_key => prop_assert_eq!(order, by_key, "{}", what),
                }
                prop_assert_eq!(field.compare(b, a), order.reverse(), "{}", what);
            }
        }
    }
    let width = headers::<R>().len();
    for row in rows {
        prop_assert_eq!(cells(row).len(), width);
        // What the filter looks in is what the declaration names: the
        // search text is made of the searched fields, and each word of
        // each of them is found in it.
        prop_assert_eq!(row.haystack(), search_text(row));
        for field in R::SEARCHED {
            let folded = fold(&field.value(row));
            for word in folded.split(|c: char| c.is_whitespace() || c == SEPARATOR) {
                prop_assert!(
                    Words::new(word).found_in(row.haystack()),
                    "{}: {:?} not found in {:?}",
                    field.name,
                    word,
                    row.haystack()
                );
            }
        }
    }
    Ok(())
}

fn texts() -> impl Strategy<Value = Vec<String>> {
    let alike = prop::sample::select(vec![
        "",
        "Ana",
        "ana",
        "Ána",
        "francois kowalski-nowak",
        "francois kowalski-nowa",
        "francois kowalski-nowaz",
        "山田太郎",
        "Zoë 🎫",
        "2026-11-25 10:00:00",
        "12.50",
        "confirmed",
    ])
    .prop_map(String::from);
    prop::collection::vec(prop_oneof![alike, "\\PC{0,24}"], 1..12)
}

fn numbers() -> impl Strategy<Value = Vec<(u64, bool)>> {
    prop::collection::vec((0u64..2_000_000, any::<bool>()), 1..8)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_rows_sort_key_agrees_with_its_comparison(texts in texts(), numbers in numbers()) {
        agree(&rows::<Ticket>(&records("tickets_list", &texts, &numbers)))?;
        agree(&rows::<CustomerSummary>(&records("customers_list", &texts, &numbers)))?;
        agree(&rows::<Order>(&records("orders_list", &texts, &numbers)))?;
        agree(&rows::<Product>(&records("products_list", &texts, &numbers)))?;
        agree(&rows::<Course>(&records("courses_list", &texts, &numbers)))?;
        agree(&rows::<CourseEnrollment>(&records("course_enrollments", &texts, &numbers)))?;
        agree(&rows::<Edition>(&records("editions", &texts, &numbers)))?;
        agree(&rows::<Event>(&records("events_list", &texts, &numbers)))?;
    }
}

/// The generated records are read (a walk that broke every record would
/// make the property above say nothing).
#[test]
fn the_generated_records_are_read() {
    let texts = vec!["Ana".to_string(), "francois kowalski-nowak".to_string()];
    let numbers = vec![(1250, true), (7, false)];
    assert!(rows::<Ticket>(&records("tickets_list", &texts, &numbers)).len() >= 4);
    assert!(rows::<Order>(&records("orders_list", &texts, &numbers)).len() >= 2);
    assert!(rows::<Event>(&records("events_list", &texts, &numbers)).len() >= 2);
    assert!(rows::<Product>(&records("products_list", &texts, &numbers)).len() >= 2);
}

/// docs/headless.md's "CSV columns: a contract": each list's columns as the
/// rows write them, in the documented order.
#[test]
fn the_csv_columns_are_the_documented_contract() {
    use boxoffice::app::list::rows::{
        AuditRow, CourseRow, CustomerRow, EditionRow, EnrollmentRow, EventRow, OrderRow,
        ProductRow, TicketRow,
    };
    let doc = std::fs::read_to_string(format!("{}/docs/headless.md", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let table = doc
        .split("### CSV columns: a contract")
        .nth(1)
        .and_then(|t| t.split("\n\n").nth(2))
        .unwrap();
    let documented = |list: &str| -> Vec<String> {
        let line = table
            .lines()
            .find(|l| l.starts_with(&format!("| `{list}` |")))
            .unwrap_or_else(|| panic!("{list} is not in the table"));
        line.split('`')
            .nth(3)
            .unwrap()
            .split(',')
            .map(String::from)
            .collect()
    };
    let cases = [
        ("tickets", headers::<TicketRow>()),
        ("events", headers::<EventRow>()),
        ("editions", headers::<EditionRow>()),
        ("customers", headers::<CustomerRow>()),
        ("orders", headers::<OrderRow>()),
        ("products", headers::<ProductRow>()),
        ("courses", headers::<CourseRow>()),
        ("enrollments", headers::<EnrollmentRow>()),
        ("audit", headers::<AuditRow>()),
    ];
    for (list, headers) in cases {
        assert_eq!(documented(list), headers, "{list}");
    }
}
