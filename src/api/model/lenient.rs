//! Field types that accept every shape the API is known to send.
//!
//! The spec warns that counts arrive as numbers or numeric strings, that unset
//! `sales_start`/`sales_end`/`capacity` arrive as `false`, that `image` may be
//! `false`, and so on. Each quirk is one type here, so records stay plain.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

/// A non-negative whole number sent as a JSON number or as a numeric string.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Count(pub u64);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CountVisitor;
        impl Visitor<'_> for CountVisitor {
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
                if (0.0..9.0e15).contains(&v) {
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    Ok(Count(v.trunc() as u64))
                } else {
                    Err(E::custom(format!("not a count: {v}")))
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Count, E> {
                let v = v.trim();
                match v.parse::<u64>() {
                    Ok(n) => Ok(Count(n)),
                    Err(_) => match v.parse::<f64>() {
                        Ok(f) if f.is_finite() => self.visit_f64(f),
                        _ => Err(E::custom(format!("not a numeric string: {v:?}"))),
                    },
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

/// An id inside an object whose fields the spec does not show (a ticket's
/// `attendee`, `event`, `order`): a number or a numeric string; anything
/// else is no id (the record is kept).
pub fn opt_id<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    Ok(match serde_json::Value::deserialize(deserializer)? {
        serde_json::Value::Number(n) => n.as_u64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    })
}

/// A text inside such an object: a string as it is, a number or a boolean
/// as its text, null as none, an array or object as compact JSON.
pub fn opt_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    Ok(match serde_json::Value::deserialize(deserializer)? {
        serde_json::Value::Null => None,
        serde_json::Value::String(s) => Some(s),
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
}
