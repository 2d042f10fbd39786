//! Field types that accept every shape the API is known to send.
//!
//! The spec warns that counts arrive as numbers or numeric strings, that unset
//! `sales_start`/`sales_end`/`capacity` arrive as `false`, that `image` may be
//! `false`, and so on. Each quirk is one type here, so records stay plain.

use std::fmt;

use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A non-negative whole number sent as a JSON number or as a numeric string.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Count(pub u64);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CountVisitor;
        impl<'de> Visitor<'de> for CountVisitor {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a non-negative integer or a numeric string")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Count, E> {
                Ok(Count(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Count, E> {
                u64::try_from(v)
                    .map(Count)
                    .map_err(|_| E::custom(format!("negative count {v}")))
            }
            /// Whole seconds of a duration sent with decimals ("12.5"):
            /// the whole part.
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Count, E> {
                count_of_f64(v).ok_or_else(|| E::custom(format!("not a count: {v}")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Count, E> {
                count_of_str(v)
                    .ok_or_else(|| E::custom(format!("not a numeric string: {:?}", v.trim())))
            }
            /// A number an `f64` would not print as sent (`1e2`).
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Count, A::Error> {
                match precise_number(map)? {
                    Some(digits) => count_of_str(&digits)
                        .ok_or_else(|| de::Error::custom(format!("not a count: {digits}"))),
                    None => Err(de::Error::custom("expected a count, found an object")),
                }
            }
        }
        deserializer.deserialize_any(CountVisitor)
    }
}

impl From<Count> for u64 {
    fn from(c: Count) -> u64 {
        c.0
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A value the API sends as `false` when it is unset (`sales_start`,
/// `capacity`, `image`, `variants`, …). `None` means unset.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(transparent)]
pub struct FalseOr<T>(pub Option<T>);

impl<T> Default for FalseOr<T> {
    fn default() -> Self {
        Self(None)
    }
}

impl<T> FalseOr<T> {
    pub fn get(&self) -> Option<&T> {
        self.0.as_ref()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for FalseOr<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Shape<T> {
            // Tried first, so that `false` never reads as a `T`.
            Unset(#[allow(dead_code)] Option<bool>),
            Set(T),
        }
        match Shape::<T>::deserialize(deserializer) {
            Ok(Shape::Set(v)) => Ok(Self(Some(v))),
            // `false` or `null`; and — the spec: "observed as `false` when
            // unset; other types omitted" — any other value, read as unset
            // (the raw JSON still shows it as it came).
            Ok(Shape::Unset(_)) | Err(_) => Ok(Self(None)),
        }
    }
}

/// A field whose type the spec leaves open (`capacity`, `sales_start`,
/// `sales_end`: "observed as `false` when unset; other types omitted"):
/// unset (`false`, `null` or absent), a value of the expected type, or any
/// other JSON value, kept as it came so that it can be shown as it came.
///
/// The common cases cost nothing on the heap beyond `T` itself; only an
/// unexpected value is boxed.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Loose<T> {
    #[default]
    Unset,
    Set(T),
    /// A value of another type, as sent (already sanitised).
    Other(Box<Value>),
}

impl<T> Loose<T> {
    /// The value when it has the expected type.
    pub fn get(&self) -> Option<&T> {
        match self {
            Self::Set(v) => Some(v),
            Self::Unset | Self::Other(_) => None,
        }
    }

    /// A value of another type, as it came.
    pub fn other(&self) -> Option<&Value> {
        match self {
            Self::Other(v) => Some(v),
            Self::Unset | Self::Set(_) => None,
        }
    }
}

impl<T: fmt::Display> Loose<T> {
    /// The text to show: the value, or an unexpected value as it came (a
    /// string as its text, anything else as compact JSON); `None` when unset.
    pub fn shown(&self) -> Option<String> {
        match self {
            Self::Unset => None,
            Self::Set(v) => Some(v.to_string()),
            Self::Other(v) => Some(shown(v)),
        }
    }
}

/// A JSON value as a user reads it: a string as its text, anything else as
/// compact JSON (numbers digit for digit as sent).
pub fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl<T: Serialize> Serialize for Loose<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Unset => serializer.serialize_bool(false),
            Self::Set(v) => v.serialize(serializer),
            Self::Other(v) => v.serialize(serializer),
        }
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Loose<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Value::deserialize(deserializer)? {
            Value::Null | Value::Bool(false) => Self::Unset,
            other => match crate::tree::read::<T>(&other) {
                Ok(v) => Self::Set(v),
                Err(_) => Self::Other(Box::new(other)),
            },
        })
    }
}

/// A count that is only shown (`count`, `countFiltered` of a list): a
/// [`Count`] when it can be read, else unknown (`None`) — never an error.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Tally(pub Option<u64>);

impl<'de> Deserialize<'de> for Tally {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        opt_count(deserializer).map(|c| Self(c.map(u64::from)))
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => n.fmt(f),
            None => f.write_str("unknown"),
        }
    }
}

/// A count that is only shown (an event's counters, a ticket's
/// `total_tickets`): a [`Count`] when it can be read; any other value
/// (`"about 2"`, an object) is unknown, and the record is kept.
pub fn opt_count<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Count>, D::Error> {
    struct Lenient;
    impl<'de> Visitor<'de> for Lenient {
        type Value = Option<Count>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("any JSON value")
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok(Some(Count(v)))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            Ok(u64::try_from(v).ok().map(Count))
        }
        fn visit_u128<E: de::Error>(self, _: u128) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_i128<E: de::Error>(self, _: i128) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            Ok(count_of_f64(v))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok(count_of_str(v))
        }
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_any(self)
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            while seq.next_element::<de::IgnoredAny>()?.is_some() {}
            Ok(None)
        }
        fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            Ok(precise_number(map)?.as_deref().and_then(count_of_str))
        }
    }
    deserializer.deserialize_any(Lenient)
}

/// The text of a number that an `f64` would not print back as sent
/// (`1e2`, `0.1000000000000000001`): `serde_json` with `arbitrary_precision`
/// hands those over as a one-entry map. `None` for any other map.
fn precise_number<'de, A: de::MapAccess<'de>>(mut map: A) -> Result<Option<String>, A::Error> {
    const NUMBER_TOKEN: &str = "$serde_json::private::Number";
    let mut text = None;
    let mut entries = 0;
    while let Some((key, value)) = map.next_entry::<String, Value>()? {
        entries += 1;
        if let (NUMBER_TOKEN, Value::String(digits)) = (key.as_str(), value) {
            text = Some(digits);
        }
    }
    Ok(text.filter(|_| entries == 1))
}

/// The whole part of a non-negative number small enough to be exact.
fn count_of_f64(v: f64) -> Option<Count> {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    (0.0..9.0e15).contains(&v).then(|| Count(v.trunc() as u64))
}

/// A numeric string, with or without decimals ("12", " 12.5 ").
fn count_of_str(v: &str) -> Option<Count> {
    let v = v.trim();
    match v.parse::<u64>() {
        Ok(n) => Some(Count(n)),
        Err(_) => v
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .and_then(count_of_f64),
    }
}

/// An id inside an object whose fields the spec does not show (a ticket's
/// `attendee`, `event`, `order`): a number or a numeric string; anything
/// else is no id (the record is kept).
pub fn opt_id<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    Ok(whole(&Value::deserialize(deserializer)?))
}

/// A whole number sent as a number or a numeric string (an id, a
/// percentage); anything else is none.
pub fn whole(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A text inside such an object: a string as it is, a number or a boolean
/// as its text, null as none, an array or object as compact JSON.
pub fn opt_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(deserializer)? {
        Value::Null => None,
        Value::String(s) => Some(s),
        other => Some(other.to_string()),
    })
}

/// A decimal amount the spec carries as a string; a bare JSON number is
/// accepted and kept as its text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Money(pub String);

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Shape {
            Text(String),
            Number(serde_json::Number),
        }
        match Shape::deserialize(deserializer) {
            Ok(Shape::Text(s)) => Ok(Self(s)),
            Ok(Shape::Number(n)) => Ok(Self(n.to_string())),
            Err(_) => Err(de::Error::custom(
                "expected a decimal amount as a string or number",
            )),
        }
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An identifier that may arrive as an integer or a string (`member_id`,
/// a gateway's `id`, a contact type's `id`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum IntOrString {
    Int(i64),
    Text(String),
}

impl fmt::Display for IntOrString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Int(i) => i.fmt(f),
            Self::Text(s) => f.write_str(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn count_accepts_numbers_and_numeric_strings() {
        assert_eq!(
            serde_json::from_value::<Count>(json!(12)).unwrap(),
            Count(12)
        );
        assert_eq!(
            serde_json::from_value::<Count>(json!("12")).unwrap(),
            Count(12)
        );
        assert_eq!(
            serde_json::from_value::<Count>(json!(3.0)).unwrap(),
            Count(3)
        );
        assert!(serde_json::from_value::<Count>(json!("twelve")).is_err());
        assert!(serde_json::from_value::<Count>(json!(-1)).is_err());
        assert!(serde_json::from_value::<Count>(json!(null)).is_err());
    }

    #[test]
    fn false_or_reads_false_null_and_values() {
        let unset: FalseOr<u64> = serde_json::from_value(json!(false)).unwrap();
        assert_eq!(unset.get(), None);
        let null: FalseOr<u64> = serde_json::from_value(json!(null)).unwrap();
        assert_eq!(null.get(), None);
        let set: FalseOr<u64> = serde_json::from_value(json!(40)).unwrap();
        assert_eq!(set.get(), Some(&40));
        // Any other value (the spec: "other types omitted") reads as unset.
        for other in [json!(true), json!("x"), json!({}), json!([1])] {
            let v: FalseOr<u64> = serde_json::from_value(other).unwrap();
            assert_eq!(v.get(), None);
        }
    }

    #[test]
    fn inner_ids_and_texts_take_any_value() {
        #[derive(serde::Deserialize)]
        struct Inner {
            #[serde(default, deserialize_with = "super::opt_id")]
            id: Option<u64>,
            #[serde(default, deserialize_with = "super::opt_text")]
            phone: Option<String>,
        }
        let read = |v| serde_json::from_value::<Inner>(v).unwrap();
        let a = read(json!({"id": "17", "phone": 5_551_234}));
        assert_eq!((a.id, a.phone.as_deref()), (Some(17), Some("5551234")));
        let b = read(json!({"id": {"x": 1}, "phone": null}));
        assert_eq!((b.id, b.phone), (None, None));
        let c = read(json!({"phone": ["a"]}));
        assert_eq!((c.id, c.phone.as_deref()), (None, Some("[\"a\"]")));
    }

    #[test]
    fn a_count_with_decimals_is_its_whole_part() {
        assert_eq!(
            serde_json::from_value::<Count>(json!("12.5")).unwrap(),
            Count(12)
        );
        assert_eq!(
            serde_json::from_value::<Count>(json!(7.9)).unwrap(),
            Count(7)
        );
    }

    #[test]
    fn money_keeps_text_and_accepts_numbers() {
        assert_eq!(
            serde_json::from_value::<Money>(json!("12.50")).unwrap().0,
            "12.50"
        );
        assert_eq!(
            serde_json::from_value::<Money>(json!(12.5)).unwrap().0,
            "12.5"
        );
        assert!(serde_json::from_value::<Money>(json!([1])).is_err());
    }

    #[test]
    fn loose_keeps_values_of_another_type_as_they_came() {
        let read = |v| serde_json::from_value::<Loose<Count>>(v).unwrap();
        assert_eq!(read(json!(false)), Loose::Unset);
        assert_eq!(read(json!(null)), Loose::Unset);
        assert_eq!(read(json!(40)), Loose::Set(Count(40)));
        assert_eq!(read(json!("40")), Loose::Set(Count(40)));
        assert_eq!(
            read(json!("unlimited")).shown().as_deref(),
            Some("unlimited")
        );
        assert_eq!(read(json!({})).shown().as_deref(), Some("{}"));
        assert_eq!(read(json!(true)).other(), Some(&json!(true)));
        // And writes them back as they came.
        let other = read(json!({"a": [1]}));
        assert_eq!(serde_json::to_value(&other).unwrap(), json!({"a": [1]}));
        assert_eq!(
            serde_json::to_value(Loose::<Count>::Unset).unwrap(),
            json!(false)
        );
        assert!(
            std::mem::size_of::<Loose<Count>>() <= 16,
            "no bigger than Option<u64>"
        );
    }

    #[test]
    fn tallies_and_shown_counts_never_fail() {
        let tally = |v| serde_json::from_value::<Tally>(v).unwrap();
        assert_eq!(tally(json!("12")), Tally(Some(12)));
        assert_eq!(tally(json!("about 2")), Tally(None));
        assert_eq!(tally(json!([1, 2])), Tally(None));
        assert_eq!(tally(json!(-3)), Tally(None));
        assert_eq!(Tally(None).to_string(), "unknown");
        let precise: Value = serde_json::from_str("1e2").unwrap();
        assert_eq!(tally(precise.clone()), Tally(Some(100)));
        assert_eq!(
            serde_json::from_value::<Count>(precise).unwrap(),
            Count(100)
        );
    }
}
