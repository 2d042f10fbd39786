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
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Count, E> {
                if v.fract() == 0.0 && (0.0..9.0e15).contains(&v) {
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    Ok(Count(v as u64))
                } else {
                    Err(E::custom(format!("not a count: {v}")))
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Count, E> {
                v.trim()
                    .parse::<u64>()
                    .map(Count)
                    .map_err(|_| E::custom(format!("not a numeric string: {v:?}")))
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
            Unset(Option<bool>),
            Set(T),
        }
        match Shape::<T>::deserialize(deserializer) {
            Ok(Shape::Unset(None | Some(false))) => Ok(Self(None)),
            Ok(Shape::Unset(Some(true))) => Err(de::Error::custom(
                "`true` where a value or `false` was expected",
            )),
            Ok(Shape::Set(v)) => Ok(Self(Some(v))),
            Err(_) => Err(de::Error::custom(
                "neither `false` nor a value of the expected type",
            )),
        }
    }
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
        assert!(serde_json::from_value::<FalseOr<u64>>(json!(true)).is_err());
        assert!(serde_json::from_value::<FalseOr<u64>>(json!("x")).is_err());
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
