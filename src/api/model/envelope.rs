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

use super::lenient::Count;
use crate::sanitize;

/// A record type of the API. `Send + 'static` so a page can be decoded on
/// another thread (see `Client::get_page`).
pub trait Record: DeserializeOwned + Send + 'static {
    /// The record's name in the user's words, for error messages ("ticket").
    const NAME: &'static str;
    /// The record's id, used to deduplicate streamed pages.
    fn id(&self) -> u64;
}

/// The six pagination fields of every list response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageInfo {
    #[serde(rename = "countFiltered")]
    pub count_filtered: Count,
    pub count: Count,
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
    pub skipped: Vec<RecordError>,
    /// Absent when a list answered without pagination fields (the editions
    /// list may: the spec does not show its shape).
    pub info: Option<PageInfo>,
    /// How many 429 / 503 answers the client retried before this page came
    /// (0 from [`decode_page`]): the server asking to slow down, which
    /// [`crate::api::paging::stream_pages`] answers by lowering its concurrency.
    pub pushback: u32,
}

impl<T> Page<T> {
    /// The number of pages the server says there are (1 when it does not say).
    pub fn pages(&self) -> u32 {
        self.info.map_or(1, |i| i.pages.max(1))
    }
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
    // Plain serde first: tracking the path of every field costs time on
    // every record, and only a record that fails needs it (read again).
    if let Ok(record) = T::deserialize(value) {
        return Ok(record);
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        RecordError {
            record: T::NAME,
            id: value.get("id").map(|id| match id {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            }),
            field: path,
            message: e.into_inner().to_string(),
        }
    })
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
    let info = if paginated || value.get("pages").is_some() {
        Some(
            serde_path_to_error::deserialize::<_, PageInfo>(&value).map_err(|e| {
                BodyError::Envelope {
                    field: e.path().to_string(),
                    message: e.into_inner().to_string(),
                }
            })?,
        )
    } else {
        None
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
        info,
        pushback: 0,
    };
    for row in rows {
        match decode_record::<T>(&row) {
            Ok(record) => {
                page.items.push(record);
                page.raw.push(row);
            }
            Err(e) => page.skipped.push(e),
        }
    }
    Ok(page)
}
