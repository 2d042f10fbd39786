//! Everything the sandbox answers, as types: the records, the envelopes and
//! the error body. Serialising them is the only way the sandbox writes JSON,
//! and its OpenAPI document (`openapi.rs`) is derived from the same types
//! (`utoipa::ToSchema`), so the document cannot drift from the answers. The
//! derives and the `schema` attributes are for test builds only: they
//! derive the document to check the file the sandbox serves.
//!
//! Required and optional as the spec reads them: a field the spec marks
//! optional is not `required` in the schema even where the sandbox always
//! writes it; "nullable" only where the spec says so (or
//! docs/wire-contract.md, for the records the spec does not show); "integer
//! or string" is a `oneOf`. Field order is the order on the wire.
//!
//! The records also read an export (`import.rs`): absent optional fields
//! take their defaults there.

mod course;
mod customer;
mod event;
mod order;
mod product;

pub use course::*;
pub use customer::*;
pub use event::*;
pub use order::*;
pub use product::*;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
#[cfg(test)]
use utoipa::ToSchema;

/// "Integer or string" on the wire: `count`, `countFiltered`, `member_id`,
/// a gateway's id, a contact type's id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntOrString {
    Int(u64),
    Text(String),
}

impl Serialize for IntOrString {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Int(n) => s.serialize_u64(*n),
            Self::Text(t) => s.serialize_str(t),
        }
    }
}

// Through `Value`: serde_json's `arbitrary_precision` hands a number to an
// untagged enum as a map, which only `Value` reads back.
impl<'de> Deserialize<'de> for IntOrString {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Number(n) => n
                .as_u64()
                .map(Self::Int)
                .ok_or_else(|| serde::de::Error::custom(format!("{n} is not a whole number"))),
            Value::String(s) => Ok(Self::Text(s)),
            other => Err(serde::de::Error::custom(format!(
                "expected an integer or a string, got {other}"
            ))),
        }
    }
}

/// `false` when unset, else a value: capacity, sales dates, a product's
/// image and variants. `null` reads as unset too.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum FalseOr<T> {
    #[default]
    False,
    Value(T),
}

impl<T> FalseOr<T> {
    pub fn from_option(value: Option<T>) -> Self {
        value.map_or(Self::False, Self::Value)
    }

    pub fn as_option(&self) -> Option<&T> {
        match self {
            Self::False => None,
            Self::Value(v) => Some(v),
        }
    }
}

impl<T: Serialize> Serialize for FalseOr<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::False => s.serialize_bool(false),
            Self::Value(v) => v.serialize(s),
        }
    }
}

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for FalseOr<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Bool(false) | Value::Null => Ok(Self::False),
            other => crate::tree::read(&other)
                .map(Self::Value)
                .map_err(serde::de::Error::custom),
        }
    }
}

/// The string `"OK"`, and nothing else.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StatusOk;

impl Serialize for StatusOk {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str("OK")
    }
}

/// A single record: `{"status": "OK", "data": {...}}`.
#[derive(Debug, Clone, Serialize)]
pub struct One<T> {
    pub status: StatusOk,
    pub data: T,
}

impl<T> One<T> {
    pub fn new(data: T) -> Self {
        Self {
            status: StatusOk,
            data,
        }
    }
}

/// A write's success: `{"status": "OK"}`.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Done {
    pub status: StatusOk,
}

/// A list page and the six pagination fields.
#[derive(Debug, Clone, Serialize)]
pub struct List<T> {
    pub status: StatusOk,
    pub data: Vec<T>,
    #[serde(rename = "countFiltered")]
    pub count_filtered: IntOrString,
    pub count: IntOrString,
    pub previous: Option<usize>,
    pub current: usize,
    pub pages: usize,
    pub next: Option<usize>,
}

/// The error body of every failure (HTTP 400, 401, 403, 404, 405, 429, 5xx).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct ErrorBody {
    /// Always `ERROR`.
    #[cfg_attr(test, schema(schema_with = error_status))]
    pub status: &'static str,
    pub message: String,
    pub errors: Vec<ErrorItem>,
}

/// One error: the sandbox's code (docs/sandbox.md, "Error codes").
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct ErrorItem {
    pub code: u32,
    pub message: String,
    /// Validation details (`{field, problem}`); may be empty.
    #[serde(default)]
    pub extra_data: Vec<Problem>,
}

/// What is wrong with one field of a request (code 1005).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Problem {
    pub field: String,
    pub problem: String,
}

impl Problem {
    pub fn new(field: &str, problem: impl Into<String>) -> Self {
        Self {
            field: field.to_owned(),
            problem: problem.into(),
        }
    }
}

/// The body of `PUT /events/{event_id}/enrolled/{customer_id}`.
#[derive(Debug, Clone)]
#[cfg_attr(test, derive(ToSchema))]
#[allow(dead_code)]
pub struct EnrollCustomerBody {
    pub enrollment_type: String,
}

/// The body of `POST /events/{event_id}/enroll`.
#[derive(Debug, Clone)]
#[cfg_attr(test, derive(ToSchema))]
#[allow(dead_code)]
pub struct EnrollPersonBody {
    pub customer: EnrollPerson,
    pub enrollment_type: String,
}

/// Who is enrolled by e-mail; `last_name` may be empty or absent.
#[derive(Debug, Clone)]
#[cfg_attr(test, derive(ToSchema))]
#[allow(dead_code)]
pub struct EnrollPerson {
    pub email: String,
    pub name: String,
    pub last_name: Option<String>,
}

// The schemas the derive cannot say, for test builds (`openapi.rs`).
#[cfg(test)]
mod schemas;
#[cfg(test)]
pub use schemas::*;
