//! The response envelopes: `{status, data}` for one record, `{status, data,
//! <six pagination fields>}` for a list, and the error body.
//!
//! Decoding goes bytes → JSON value → sanitised value → record, so every string
//! is cleaned exactly once and the raw JSON a detail view or `--format json`
//! shows is the same clean text. A list item that cannot be read is set aside
//! as a [`RecordError`] naming its id and field; the rest of the page loads.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::lenient::{self, Tally};
use crate::sanitize;
use crate::tree::{self, Step};

/// A record type of the API. `Send + 'static` so a page can be decoded on
/// another thread (see `Client::get_page`).
pub trait Record: DeserializeOwned + Send + 'static {
    /// The record's name in the user's words, for error messages ("ticket").
    const NAME: &'static str;
    /// The record's id, used to deduplicate streamed pages.
    fn id(&self) -> u64;
}

/// The six pagination fields of every list response.
///
/// The counts and `previous` are only shown: one that cannot be read is
/// unknown. `current`, `pages` and `next` steer the reading; when one of
/// them cannot be read the page has no `PageInfo` and the reader follows
/// pages until one brings nothing new (see [`Page::follow`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageInfo {
    #[serde(rename = "countFiltered", default)]
    pub count_filtered: Tally,
    #[serde(default)]
    pub count: Tally,
    #[serde(default, deserialize_with = "lenient_page")]
    pub previous: Option<u32>,
    pub current: u32,
    pub pages: u32,
    pub next: Option<u32>,
}

/// One page of a list: the records that could be read, their raw (sanitised)
/// JSON in the same order, and the records that could not be read.
#[derive(Debug, Clone)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub raw: Vec<Value>,
    /// Records dropped: their `id` could not be read.
    pub skipped: Vec<RecordError>,
    /// Records kept although a field could not be read: the field is unset
    /// (or a placeholder) in the record and as it came in `raw`; one entry
    /// per such field.
    pub flawed: Vec<RecordError>,
    /// Absent when a list answered without pagination fields (the editions
    /// list may: the spec does not show its shape), or with `current`,
    /// `pages` or `next` unreadable (then `follow` is set).
    pub info: Option<PageInfo>,
    /// The pagination fields of a paginated list could not be read: the
    /// reader asks for the next page until one brings no new record.
    pub follow: bool,
    /// How many 429 / 503 answers the client retried before this page came
    /// (0 from [`decode_page`]): the server asking to slow down, which
    /// [`crate::api::paging::stream_pages`] answers by lowering its concurrency.
    pub pushback: u32,
}

impl<T> Page<T> {
    /// The page without its raw records (read for its items alone: the
    /// records' JSON trees, several times the items' size, go at once
    /// instead of waiting with the page for the pages before it).
    #[must_use]
    pub fn without_raw(mut self) -> Self {
        self.raw = Vec::new();
        self
    }

    /// The number of pages the server says there are (1 when it does not say).
    pub fn pages(&self) -> u32 {
        self.info.map_or(1, |i| i.pages.max(1))
    }
}

/// `previous`: a page number when it can be read, else none.
fn lenient_page<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    Ok(lenient::opt_count(d)?.and_then(|c| u32::try_from(c.0).ok()))
}

/// A record that could not be read: which one, which field, why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{record} {}: field `{field}`: {message}", Named(id.as_deref()))]
pub struct RecordError {
    pub record: &'static str,
    /// The record's `id` as sent, when it had one.
    pub id: Option<String>,
    /// The path of the offending field (`attendee.email`), or `.` for the record itself.
    pub field: String,
    pub message: String,
}

/// A record's id, or that it had none (`ticket without an id`).
struct Named<'a>(Option<&'a str>);

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(id) => f.write_str(id),
            None => f.write_str("without an id"),
        }
    }
}

/// Why a response body could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BodyError {
    /// Not JSON (an HTML error page from a proxy, a truncated body).
    #[error("the response is not JSON ({reason}); {}", Began(snippet))]
    NotJson { snippet: String, reason: String },
    /// JSON, but not the envelope expected (no `data`, bad pagination fields).
    #[error("the response envelope is malformed: field `{field}`: {message}")]
    Envelope { field: String, message: String },
    /// The single record in `data` could not be read.
    #[error(transparent)]
    Record(RecordError),
}

/// How a body that is not JSON began, so the user can tell a proxy's page
/// from a truncated answer.
struct Began<'a>(&'a str);

impl fmt::Display for Began<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("the body was empty")
        } else {
            write!(f, "it begins {:?}", self.0)
        }
    }
}

/// Parses a body into a sanitised JSON value.
pub fn parse_json(body: &[u8]) -> Result<Value, BodyError> {
    let mut value: Value = serde_json::from_slice(body).map_err(|e| BodyError::NotJson {
        snippet: snippet(body),
        reason: e.to_string(),
    })?;
    sanitize::clean_value(&mut value);
    Ok(value)
}

/// The first line of a body, cleaned and cut short, for error messages.
pub fn snippet(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(&body[..body.len().min(200)]);
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim();
    let cleaned = sanitize::clean(first);
    let mut out: String = cleaned.chars().take(80).collect();
    if cleaned.chars().count() > 80 {
        out.push('…');
    }
    out
}

/// Reads one record from an already sanitised value.
pub fn decode_record<T: Record>(value: &Value) -> Result<T, RecordError> {
    tree::read::<T>(value).map_err(|e| record_error::<T>(value, e).0)
}

/// Why `original` (or a patched copy of it) could not be read as a `T`: the
/// error, named by the original's id, and the path to the field.
fn record_error<T: Record>(original: &Value, e: tree::Error) -> (RecordError, Vec<Step>) {
    let steps = e.path().to_vec();
    let error = RecordError {
        record: T::NAME,
        id: raw_id(original),
        field: e.field(),
        message: e.into_message(),
    };
    (error, steps)
}

/// A record's `id` as sent.
fn raw_id(value: &Value) -> Option<String> {
    value.get("id").map(|id| match id {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    })
}

/// What an unreadable field is replaced with, in turn, until the record
/// reads: absent (an optional field), null, then an empty value of each
/// JSON type (a required field: its placeholder).
const STAND_INS: [fn() -> Option<Value>; 7] = [
    || None,
    || Some(Value::Null),
    || Some(Value::Bool(false)),
    || Some(Value::from(0)),
    || Some(Value::String(String::new())),
    || Some(Value::Array(Vec::new())),
    || Some(Value::Object(serde_json::Map::new())),
];

/// At most this many fields of one record are set aside before it is dropped.
const MAX_FLAWS: usize = 16;

/// Reads a list item, keeping it whenever its `id` can be read: each field
/// that cannot be read is set aside in turn (see [`STAND_INS`]) and
/// reported. Err when the record has no readable `id` (or too many bad
/// fields); Ok with the fields set aside otherwise.
pub fn decode_item<T: Record>(value: &Value) -> Result<(T, Vec<RecordError>), RecordError> {
    let (mut error, mut steps) = match tree::read::<T>(value) {
        Ok(record) => return Ok((record, Vec::new())),
        Err(e) => record_error::<T>(value, e),
    };
    let mut patched = value.clone();
    // Each field set aside, with the stand-ins tried for it so far.
    let mut flaws: Vec<(RecordError, usize)> = Vec::new();
    loop {
        let Some((parent, key)) = target_of(&error, &steps) else {
            return Err(first_of(flaws, error));
        };
        if parent.is_empty() && matches!(&key, Step::Key(k) if k == "id") {
            // The id itself: the record cannot be kept.
            return Err(error);
        }
        let mut path = parent.clone();
        path.push(key.clone());
        let field = tree::field_name(&path);
        let at = match flaws.iter().position(|(f, _)| f.field == field) {
            Some(at) => {
                flaws[at].1 += 1;
                at
            }
            None if flaws.len() >= MAX_FLAWS => return Err(first_of(flaws, error)),
            None => {
                error.field = field;
                flaws.push((error, 0));
                flaws.len() - 1
            }
        };
        let Some(stand_in) = STAND_INS.get(flaws[at].1) else {
            return Err(flaws.swap_remove(0).0);
        };
        if !replace(&mut patched, &parent, &key, stand_in()) {
            return Err(flaws.swap_remove(0).0);
        }
        (error, steps) = match tree::read::<T>(&patched) {
            Ok(record) => return Ok((record, flaws.into_iter().map(|(f, _)| f).collect())),
            Err(e) => record_error::<T>(value, e),
        };
    }
}

/// What to report for a record that is dropped after all: the first field
/// that could not be read.
fn first_of(flaws: Vec<(RecordError, usize)>, last: RecordError) -> RecordError {
    flaws.into_iter().next().map_or(last, |(f, _)| f)
}

/// The object or array holding the bad field, and the field in it. A
/// missing required field is reported at its object with serde's message
/// "missing field `name`".
fn target_of(error: &RecordError, steps: &[Step]) -> Option<(Vec<Step>, Step)> {
    if let Some(name) = error
        .message
        .strip_prefix("missing field `")
        .and_then(|m| m.strip_suffix('`'))
    {
        return Some((steps.to_vec(), Step::Key(name.to_owned())));
    }
    let (key, parent) = steps.split_last()?;
    Some((parent.to_vec(), key.clone()))
}

/// Sets (or with `None` removes) `key` in the container at `parent`.
/// False when there is no such container.
fn replace(root: &mut Value, parent: &[Step], key: &Step, with: Option<Value>) -> bool {
    let mut at = root;
    for step in parent {
        let next = match (step, at) {
            (Step::Key(k), Value::Object(map)) => map.get_mut(k),
            (Step::Index(i), Value::Array(items)) => items.get_mut(*i),
            _ => None,
        };
        let Some(next) = next else {
            return false;
        };
        at = next;
    }
    match (key, at, with) {
        (Step::Key(k), Value::Object(map), Some(v)) => {
            map.insert(k.clone(), v);
            true
        }
        (Step::Key(k), Value::Object(map), None) => {
            map.shift_remove(k);
            true
        }
        (Step::Index(i), Value::Array(items), with) if *i < items.len() => {
            items[*i] = with.unwrap_or(Value::Null);
            true
        }
        _ => false,
    }
}

fn take_data(value: &mut Value) -> Result<Value, BodyError> {
    match value.get_mut("data") {
        Some(data) => Ok(data.take()),
        None => Err(BodyError::Envelope {
            field: "data".into(),
            message: "missing".into(),
        }),
    }
}

/// Reads `{status, data: record}`: the record and its raw JSON.
pub fn decode_one<T: Record>(body: &[u8]) -> Result<(T, Value), BodyError> {
    let mut value = parse_json(body)?;
    let data = take_data(&mut value)?;
    let record = decode_record(&data).map_err(BodyError::Record)?;
    Ok((record, data))
}

/// Reads `{status, data: [records], <pagination>}`. Pagination fields are
/// required when `paginated` is true; otherwise read when present.
pub fn decode_page<T: Record>(body: &[u8], paginated: bool) -> Result<Page<T>, BodyError> {
    let mut value = parse_json(body)?;
    // The counts are lenient; when `current`, `pages` or `next` cannot be
    // read the list is still read, by following pages.
    let (info, follow) = if paginated || value.get("pages").is_some() {
        match tree::read::<PageInfo>(&value) {
            Ok(info) => (Some(info), false),
            Err(_) => (None, true),
        }
    } else {
        (None, false)
    };
    let Value::Array(rows) = take_data(&mut value)? else {
        return Err(BodyError::Envelope {
            field: "data".into(),
            message: "not an array".into(),
        });
    };
    let mut page = Page {
        items: Vec::with_capacity(rows.len()),
        raw: Vec::with_capacity(rows.len()),
        skipped: Vec::new(),
        flawed: Vec::new(),
        info,
        follow,
        pushback: 0,
    };
    for row in rows {
        match decode_item::<T>(&row) {
            Ok((record, mut flaws)) => {
                page.items.push(record);
                page.raw.push(row);
                page.flawed.append(&mut flaws);
            }
            Err(e) => page.skipped.push(e),
        }
    }
    Ok(page)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use serde_json::json;

    use super::*;
    use crate::api::model::{Count, Course, CourseDetail, Event, Loose, Order, Ticket};

    fn body(value: &Value) -> Vec<u8> {
        serde_json::to_vec(value).unwrap()
    }

    fn list(data: &Value) -> Value {
        json!({"status": "OK", "data": data, "countFiltered": 3, "count": "3",
               "previous": null, "current": 1, "pages": 1, "next": null})
    }

    #[test]
    #[allow(clippy::many_single_char_names)]
    fn spec_open_fields_take_any_value_and_keep_it() {
        let events = json!([
            {"id": 1, "capacity": {}, "sales_start": 1_700_000_000, "sales_end": false},
            {"id": 2, "capacity": "unlimited", "sales_start": "2026-11-01 00:00:00"},
            {"id": 3, "capacity": 1_700_000_000, "sales_end": [1]},
            {"id": 4, "capacity": "40", "tickets_confirmed": "about 2"},
        ]);
        let p = decode_page::<Event>(&body(&list(&events)), true).unwrap();
        assert!(p.skipped.is_empty() && p.flawed.is_empty(), "{p:?}");
        let [a, b, c, d] = &p.items[..] else {
            panic!("four events")
        };
        assert_eq!(a.capacity.other(), Some(&json!({})));
        assert_eq!(a.capacity.shown().as_deref(), Some("{}"));
        assert_eq!(a.sales_start.shown().as_deref(), Some("1700000000"));
        assert_eq!(a.sales_end, Loose::Unset);
        assert_eq!(b.capacity.shown().as_deref(), Some("unlimited"));
        assert_eq!(
            b.sales_start.get().map(String::as_str),
            Some("2026-11-01 00:00:00")
        );
        assert_eq!(c.capacity.get(), Some(&Count(1_700_000_000)));
        assert_eq!(c.sales_end.shown().as_deref(), Some("[1]"));
        assert_eq!(d.capacity.get(), Some(&Count(40)));
        assert_eq!(d.counters.tickets_confirmed, None, "shown as unknown");
    }

    /// Event flattens its counters; a bad field beside them is still found
    /// by its path and set aside.
    #[test]
    fn an_event_with_a_bad_field_is_kept() {
        let events = json!([{"id": 1, "name": 5, "active": "yes", "total_tickets": 3}]);
        let p = decode_page::<Event>(&body(&list(&events)), true).unwrap();
        assert_eq!(p.items.len(), 1, "{:?}", p.skipped);
        let fields: Vec<&str> = p.flawed.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["name", "active"]);
        assert_eq!(p.items[0].counters.total_tickets, Some(Count(3)));
    }

    #[test]
    fn display_counts_that_cannot_be_read_are_unknown() {
        let mut page = list(&json!([{"id": 1}]));
        page["count"] = json!("about 2");
        page["countFiltered"] = json!({"n": 1});
        page["previous"] = json!("first");
        let p = decode_page::<Ticket>(&body(&page), true).unwrap();
        let info = p.info.unwrap();
        assert_eq!(
            (info.count, info.count_filtered),
            (Tally(None), Tally(None))
        );
        assert_eq!(info.count.to_string(), "unknown");
        assert_eq!(info.previous, None);
        assert!(!p.follow);
        assert_eq!(p.items.len(), 1);
    }

    #[test]
    fn unreadable_paging_fields_mean_follow_the_pages() {
        for (field, value) in [
            ("pages", json!("many")),
            ("current", json!(null)),
            ("next", json!({})),
        ] {
            let mut page = list(&json!([{"id": 1}]));
            page[field] = value;
            let p = decode_page::<Ticket>(&body(&page), true).unwrap();
            assert!(p.info.is_none() && p.follow, "{field}");
            assert_eq!(p.items.len(), 1);
        }
        let mut page = list(&json!([]));
        page.as_object_mut().unwrap().remove("pages");
        let p = decode_page::<Ticket>(&body(&page), true).unwrap();
        assert!(p.follow);
        // An unpaginated list without the fields is just one page.
        let p = decode_page::<Ticket>(&body(&json!({"status": "OK", "data": []})), false).unwrap();
        assert!(!p.follow && p.info.is_none());
    }

    #[test]
    fn a_record_is_dropped_only_when_its_id_cannot_be_read() {
        let rows = json!([
            {"id": "x", "name": "no id"},
            {"name": "missing id"},
            7,
            {"id": 4, "number": 12, "attendee": "Ana", "price": [1], "status": {"a": 1}},
        ]);
        let p = decode_page::<Ticket>(&body(&list(&rows)), true).unwrap();
        assert_eq!(p.skipped.len(), 3, "{:?}", p.skipped);
        assert_eq!(p.items.len(), 1);
        let t = &p.items[0];
        assert_eq!(t.id, 4);
        assert_eq!((t.number.as_ref(), t.attendee.as_ref()), (None, None));
        let fields: Vec<&str> = p.flawed.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["number", "attendee", "price", "status"]);
        assert!(p.flawed.iter().all(|e| e.id.as_deref() == Some("4")));
        assert_eq!(p.raw[0]["number"], 12, "raw as it came");
    }

    #[test]
    fn required_fields_get_a_placeholder_and_nested_paths_are_named() {
        let course = json!({"id": 9, "business_id": 1, "type": "online", "product_id": 2,
            "status": "published", "language": "en", "name": 404, "creation_date": "x",
            "slug": "s", "images": [{"id": 1, "file_name": "f", "source": "s", "order": "?"}],
            "total_rating": 1, "total_reviews": 2, "total_enrollments": 3,
            "access_type": "free", "completion_certificate": true});
        let p = decode_page::<Course>(&body(&list(&json!([course]))), true).unwrap();
        assert_eq!(p.items.len(), 1, "{:?}", p.skipped);
        let fields: Vec<&str> = p.flawed.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["name", "images[0].order", "forum_enabled"]);
        assert_eq!(p.items[0].name, "");
        let order = json!({"id": 5, "hash": "h", "number": "A-1", "type": "common",
            "status": "open", "creation_date": "x", "customer": {"id": 1, "name": "n",
            "email": "e", "creation_date": "c", "update_date": "u", "active": true,
            "is_guest": false, "has_password": true, "stage": "s"},
            "items": [{"id": "one", "product_id": 1, "ecommerce_type": "retail",
            "name": "n", "quantity": 1, "price": "1.00"}]});
        let p = decode_page::<Order>(&body(&list(&json!([order]))), true).unwrap();
        assert_eq!(p.items.len(), 1);
        assert_eq!(p.flawed[0].field, "items[0].id");
    }

    #[test]
    fn a_lesson_duration_with_decimals_reads() {
        let mut course: Value =
            serde_json::from_slice(&std::fs::read("assets/fixtures/course.json").unwrap()).unwrap();
        course["data"]["modules"][0]["lessons"][0]["content_duration"] = json!("12.5");
        let (detail, _) = decode_one::<CourseDetail>(&body(&course)).unwrap();
        assert_eq!(detail.modules[0].lessons[0].content_duration, Count(12));
    }

    #[test]
    fn numbers_stay_digit_for_digit_in_the_raw_json() {
        let text = br#"{"status": "OK", "data": [{"id": 1, "price": 25844399.733998194,
            "total_tickets": 1e2, "big": 123456789012345678901234567890, "f": 1.10}],
            "countFiltered": 1, "count": 1, "previous": null, "current": 1, "pages": 1,
            "next": null}"#;
        let p = decode_page::<Ticket>(text, true).unwrap();
        assert!(p.flawed.is_empty(), "{:?}", p.flawed);
        let out = serde_json::to_string(&p.raw[0]).unwrap();
        for digits in [
            "25844399.733998194",
            // serde_json writes an exponent with its sign.
            "1e+2",
            "123456789012345678901234567890",
            "1.10",
        ] {
            assert!(out.contains(digits), "{digits} in {out}");
        }
        assert_eq!(
            p.items[0].price.as_ref().map(|m| m.0.as_str()),
            Some("25844399.733998194")
        );
        assert_eq!(p.items[0].total_tickets, Some(Count(100)));
    }
}
