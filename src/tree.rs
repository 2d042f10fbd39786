//! Reading a typed record out of a parsed JSON tree (`serde_json::Value`),
//! with the path of the field that could not be read.
//!
//! Every record boxoffice reads is parsed into a tree first: the API's
//! answers (cleaned once, `api::model::envelope`) and the records of an
//! export the sandbox wears (`sandbox::import`). [`read`] is the one
//! deserializer they all go through. serde generates a record's reading
//! code once per deserializer it is read with, and that code was a fifth of
//! the binary (docs/performance.md#cold-build): `serde_json`'s reader over
//! `&Value` for the records that read, `serde_path_to_error`'s over it for
//! the ones that did not, `serde_json`'s over an owned `Value` in the
//! sandbox. One deserializer is one copy, and its error says where
//! (`attendee.email`, `items[1].price`) without reading the record again.
//!
//! It reads exactly as `serde_json`'s reader over `&Value` does, numbers
//! included (`arbitrary_precision`: `serde_json`'s own `Number` hands them
//! over), and its messages are `serde_json`'s.

use std::fmt;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{
    self, Deserialize, DeserializeSeed, EnumAccess, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};
use serde_json::{Map, Value};

/// Reads a `T` out of `value`; an error names the field that failed.
pub fn read<'de, T: Deserialize<'de>>(value: &'de Value) -> Result<T, Error> {
    T::deserialize(Tree(value)).map_err(|mut e| {
        // Steps were added on the way out, the innermost first.
        e.0.path.reverse();
        e
    })
}

/// One step of a field's path: a key of an object or an index of an array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// Why a record could not be read, and where.
pub struct Error(Box<Inner>);

struct Inner {
    message: String,
    path: Vec<Step>,
}

impl Error {
    fn new(message: String) -> Self {
        Self(Box::new(Inner {
            message,
            path: Vec::new(),
        }))
    }

    /// `serde_json`'s own error (a number it could not read) as ours.
    #[cold]
    #[inline(never)]
    fn json(e: &serde_json::Error) -> Self {
        Self::new(e.to_string())
    }

    /// The same error one step further out. (Cold and not generic, as
    /// every error path here: the reading code is compiled once per type
    /// read, and only its happy path needs to be.)
    #[cold]
    #[inline(never)]
    fn at(mut self, step: Step) -> Self {
        self.0.path.push(step);
        self
    }

    #[cold]
    #[inline(never)]
    fn at_key(self, key: &str) -> Self {
        self.at(Step::Key(key.to_owned()))
    }

    #[cold]
    #[inline(never)]
    fn at_index(self, index: usize) -> Self {
        self.at(Step::Index(index))
    }

    /// An array or object with more items than its reader took.
    #[cold]
    #[inline(never)]
    fn fewer(len: usize, what: &'static str) -> Self {
        de::Error::invalid_length(len, &what)
    }

    /// The path from the record to the field, outermost first; empty for
    /// the record itself.
    pub fn path(&self) -> &[Step] {
        &self.0.path
    }

    /// What went wrong, in serde's words ("missing field `id`").
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The path as text: `attendee.email`, `items[1].price`, `.` for the
    /// record itself.
    pub fn field(&self) -> String {
        field_name(self.path())
    }

    pub fn into_message(self) -> String {
        self.0.message
    }
}

/// `attendee.email`, `items[1].price`; `.` for no step at all.
pub fn field_name(path: &[Step]) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Step::Index(i) => {
                out.push('[');
                out.push_str(&i.to_string());
                out.push(']');
            }
        }
    }
    out
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.path.is_empty() {
            f.write_str(&self.0.message)
        } else {
            write!(f, "{}: {}", self.field(), self.0.message)
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self::new(msg.to_string())
    }

    // `serde_json`'s words for a wrong type or value ("null", "floating
    // point `1.5`"), so a message reads the same as it did.
    #[cold]
    fn invalid_type(unexp: Unexpected, exp: &dyn de::Expected) -> Self {
        Self::json(&<serde_json::Error as de::Error>::invalid_type(unexp, exp))
    }

    #[cold]
    fn invalid_value(unexp: Unexpected, exp: &dyn de::Expected) -> Self {
        Self::json(&<serde_json::Error as de::Error>::invalid_value(unexp, exp))
    }
}

/// What a value is, for "invalid type: …" (`serde_json`'s choice: with
/// `arbitrary_precision` every number is "number").
fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(_) => Unexpected::Other("number"),
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

/// The deserializer: a node of the tree.
#[derive(Clone, Copy)]
struct Tree<'de>(&'de Value);

impl<'de> Tree<'de> {
    /// A struct: its fields by name (an object) or in order (an array).
    fn fields<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(items) => seq(items, visitor),
            Value::Object(fields) => map(fields, visitor),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    /// An enum: a variant's name (a string), or an object of one field,
    /// the variant and what it holds.
    fn variant<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::String(variant) => visitor.visit_enum(Variant {
                name: variant,
                value: None,
            }),
            Value::Object(fields) => {
                let mut entries = fields.iter();
                match (entries.next(), entries.next()) {
                    (Some((name, value)), None) => visitor.visit_enum(Variant {
                        name,
                        value: Some(value),
                    }),
                    _ => Err(de::Error::invalid_value(
                        Unexpected::Map,
                        &"map with a single key",
                    )),
                }
            }
            other => Err(de::Error::invalid_type(unexpected(other), &"string or map")),
        }
    }

    #[cold]
    #[inline(never)]
    fn invalid_type(self, expected: &dyn de::Expected) -> Error {
        de::Error::invalid_type(unexpected(self.0), expected)
    }
}

/// A number read the way the caller asks (`u64`, `f64`, …), by
/// `serde_json`'s `Number`; anything else as it is.
macro_rules! number {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0 {
                Value::Number(n) => match n.$method(visitor) {
                    Ok(v) => Ok(v),
                    Err(e) => Err(Error::json(&e)),
                },
                _ => self.deserialize_any(visitor),
            }
        }
    )*};
}

/// A type read from one kind of value (`bool` from a boolean, …); any
/// other is of the wrong type.
macro_rules! only {
    ($($method:ident($visitor:ident): $kind:pat => $read:expr;)*) => {$(
        fn $method<V: Visitor<'de>>(self, $visitor: V) -> Result<V::Value, Error> {
            match self.0 {
                $kind => $read,
                _ => Err(self.invalid_type(&$visitor)),
            }
        }
    )*};
}

/// A type read as another is (`char` as `str`, a tuple as a sequence).
macro_rules! read_as {
    ($($method:ident($($arg:ident: $ty:ty),*) => $as:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Error> {
            self.$as(visitor)
        }
    )*};
}

/// A newtype struct: what it wraps, read from the same node (a `Tree`'s
/// and a `Key`'s).
macro_rules! newtype_struct {
    () => {
        fn deserialize_newtype_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            visitor: V,
        ) -> Result<V::Value, Error> {
            visitor.visit_newtype_struct(self)
        }
    };
}

impl<'de> de::Deserializer<'de> for Tree<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => match n.deserialize_any(visitor) {
                Ok(v) => Ok(v),
                Err(e) => Err(Error::json(&e)),
            },
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => seq(items, visitor),
            Value::Object(fields) => map(fields, visitor),
        }
    }

    number!(
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64
    );

    only! {
        deserialize_bool(visitor): Value::Bool(b) => visitor.visit_bool(*b);
        deserialize_str(visitor): Value::String(s) => visitor.visit_borrowed_str(s);
        deserialize_unit(visitor): Value::Null => visitor.visit_unit();
        deserialize_seq(visitor): Value::Array(items) => seq(items, visitor);
        deserialize_map(visitor): Value::Object(fields) => map(fields, visitor);
    }

    read_as! {
        deserialize_char() => deserialize_str;
        deserialize_string() => deserialize_str;
        deserialize_identifier() => deserialize_str;
        deserialize_byte_buf() => deserialize_bytes;
        deserialize_unit_struct(_name: &'static str) => deserialize_unit;
        deserialize_tuple(_len: usize) => deserialize_seq;
        deserialize_tuple_struct(_name: &'static str, _len: usize) => deserialize_seq;
        deserialize_struct(_name: &'static str, _fields: &'static [&'static str]) => fields;
        deserialize_enum(_name: &'static str, _variants: &'static [&'static str]) => variant;
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    newtype_struct!();

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => seq(items, visitor),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

/// An array's items, each read as a `Tree` and named by its index.
fn seq<'de, V: Visitor<'de>>(items: &'de [Value], visitor: V) -> Result<V::Value, Error> {
    let mut access = Items {
        items: items.iter().enumerate(),
    };
    let value = visitor.visit_seq(&mut access)?;
    all_read(
        value,
        access.items.len(),
        items.len(),
        "fewer elements in array",
    )
}

/// What a visitor read of `len` items, or the error when it left some.
fn all_read<T>(value: T, left: usize, len: usize, fewer: &'static str) -> Result<T, Error> {
    if left == 0 {
        Ok(value)
    } else {
        Err(Error::fewer(len, fewer))
    }
}

struct Items<'de> {
    items: std::iter::Enumerate<std::slice::Iter<'de, Value>>,
}

impl<'de> SeqAccess<'de> for Items<'de> {
    type Error = Error;

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let read = |(index, item)| seed.deserialize(Tree(item)).map_err(|e| e.at_index(index));
        self.items.next().map(read).transpose()
    }
}

/// An object's fields, each value read as a `Tree` and named by its key.
fn map<'de, V: Visitor<'de>>(
    fields: &'de Map<String, Value>,
    visitor: V,
) -> Result<V::Value, Error> {
    let mut access = Fields {
        fields: fields.iter(),
        value: None,
    };
    let value = visitor.visit_map(&mut access)?;
    all_read(
        value,
        access.fields.len(),
        fields.len(),
        "fewer elements in map",
    )
}

struct Fields<'de> {
    fields: serde_json::map::Iter<'de>,
    /// The value of the key just read, and the key.
    value: Option<(&'de str, &'de Value)>,
}

impl<'de> MapAccess<'de> for Fields<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.fields.next() else {
            return Ok(None);
        };
        self.value = Some((key, value));
        seed.deserialize(Key(key))
            .map(Some)
            .map_err(|e| e.at_key(key))
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        let Some((key, value)) = self.value.take() else {
            return Err(de::Error::custom("value is missing"));
        };
        seed.deserialize(Tree(value)).map_err(|e| e.at_key(key))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.fields.len())
    }
}

/// An object's key: a string, or a number or `true`/`false` written as one
/// (`{"12": …}` read as a map of numbers), as `serde_json` reads keys.
struct Key<'de>(&'de str);

/// A number written as a key, read by `serde_json` as it reads one.
macro_rules! numeric_key {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let not_a_number = || Error::new("invalid value: expected key to be a number in quotes".into());
            // Nothing but the number: no space before or after it.
            if !self.0.starts_with(|c: char| c.is_ascii_digit() || c == '-')
                || self.0.ends_with([' ', '\n', '\t', '\r'])
            {
                return Err(not_a_number());
            }
            let mut de = serde_json::Deserializer::from_str(self.0);
            let number = de::Deserializer::$method(&mut de, visitor).map_err(|e| Error::json(&e))?;
            de.end().map_err(|_| not_a_number())?;
            Ok(number)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Key<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_str(self.0)
    }

    numeric_key!(
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64
    );

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            other => Err(de::Error::invalid_type(Unexpected::Str(other), &visitor)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    newtype_struct!();

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(BorrowedStrDeserializer::<Error>::new(self.0))
    }

    serde::forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

/// An enum: its variant's name, and what the variant holds (none for a
/// variant written as a string).
struct Variant<'de> {
    name: &'de str,
    value: Option<&'de Value>,
}

impl<'de> EnumAccess<'de> for Variant<'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let name = seed.deserialize(BorrowedStrDeserializer::<Error>::new(self.name))?;
        Ok((name, self))
    }
}

impl<'de> Variant<'de> {
    /// What the variant holds, or the error for a variant that holds nothing.
    fn holding(&self, expected: &str) -> Result<Tree<'de>, Error> {
        self.value
            .map(Tree)
            .ok_or_else(|| de::Error::invalid_type(Unexpected::UnitVariant, &expected))
    }

    fn step(&self) -> Step {
        Step::Key(self.name.to_owned())
    }
}

impl<'de> VariantAccess<'de> for Variant<'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.value {
            Some(value) => Deserialize::deserialize(Tree(value)).map_err(|e| e.at(self.step())),
            None => Ok(()),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        let tree = self.holding("newtype variant")?;
        seed.deserialize(tree).map_err(|e| e.at(self.step()))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        let tree = self.holding("tuple variant")?;
        let read = match tree.0 {
            Value::Array(items) if items.is_empty() => visitor.visit_unit(),
            Value::Array(items) => seq(items, visitor),
            other => Err(de::Error::invalid_type(unexpected(other), &"tuple variant")),
        };
        read.map_err(|e| e.at(self.step()))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let tree = self.holding("struct variant")?;
        let read = match tree.0 {
            Value::Object(fields) => map(fields, visitor),
            other => Err(de::Error::invalid_type(
                unexpected(other),
                &"struct variant",
            )),
        };
        read.map_err(|e| e.at(self.step()))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::collections::BTreeMap;
    use std::fmt::Debug;

    use proptest::prelude::*;
    use serde::Deserialize;
    use serde_json::{Value, json};

    use super::*;

    /// Every kind of enum variant.
    #[derive(Debug, PartialEq, Deserialize)]
    enum Shape {
        Unit,
        Newtype(u8),
        Tuple(u8, String),
        Struct { x: f64, y: Option<Vec<u16>> },
    }

    /// A field of every kind serde reads.
    #[derive(Debug, PartialEq, Deserialize)]
    struct Sample {
        id: u64,
        #[serde(default)]
        name: Option<String>,
        shape: Option<Shape>,
        #[serde(default)]
        shapes: Vec<Shape>,
        #[serde(default)]
        pairs: Vec<(bool, char)>,
        #[serde(default)]
        by_id: BTreeMap<u32, i64>,
        big: Option<u128>,
        neg: Option<i128>,
        small: Option<f32>,
        raw: Option<Value>,
        unit: Option<()>,
    }

    /// `read` against `serde_json`'s reader over `&Value` and
    /// `serde_path_to_error`'s names for the same value.
    #[track_caller]
    fn reads_as_the_reference<T>(value: &Value)
    where
        T: for<'de> Deserialize<'de> + PartialEq + Debug,
    {
        match (read::<T>(value), T::deserialize(value)) {
            (Ok(ours), Ok(theirs)) => assert_eq!(ours, theirs, "{value}"),
            (Err(ours), Err(theirs)) => {
                assert_eq!(ours.message(), theirs.to_string(), "{value}");
                let named = serde_path_to_error::deserialize::<_, T>(value)
                    .expect_err("the reference fails as well");
                let theirs = named.path().to_string();
                if let Some(map) = theirs.strip_suffix('?') {
                    // A key serde_path_to_error could not capture: `?`; ours is
                    // named by the key itself, in the same map.
                    let map = map.strip_suffix('.').unwrap_or(map);
                    let (_, above) = ours.path().split_last().expect("the key is named");
                    let map = if map.is_empty() { "." } else { map };
                    assert_eq!(field_name(above), map, "{value}");
                } else {
                    assert_eq!(ours.field(), theirs, "{value}");
                }
            }
            (ours, theirs) => panic!(
                "read {:?}, serde_json {:?}: {value}",
                ours.map(|_| "read"),
                theirs.map(|_| "read")
            ),
        }
    }

    fn every_type(value: &Value) {
        reads_as_the_reference::<Sample>(value);
        reads_as_the_reference::<Vec<Sample>>(value);
        reads_as_the_reference::<Shape>(value);
        reads_as_the_reference::<BTreeMap<u32, i64>>(value);
        reads_as_the_reference::<BTreeMap<String, Option<Shape>>>(value);
        reads_as_the_reference::<Value>(value);
        reads_as_the_reference::<(bool, char)>(value);
        reads_as_the_reference::<Option<u128>>(value);
        reads_as_the_reference::<i8>(value);
        reads_as_the_reference::<f64>(value);
        reads_as_the_reference::<String>(value);
        reads_as_the_reference::<()>(value);
    }

    /// JSON trees made of the sample's own names, so that many of them are
    /// nearly a `Sample` and fail somewhere deep.
    fn sample_like() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            "[a-z]{0,2}".prop_map(Value::String),
            prop_oneof![
                Just("1e2"),
                Just("-0"),
                Just("0.1000000000000000001"),
                Just("340282366920938463463374607431768211456"),
                Just("-170141183460469231731687303715884105729"),
                Just("12.50"),
                Just("255"),
                Just("256"),
            ]
            .prop_map(|text| serde_json::from_str(text).unwrap()),
        ];
        let key = prop_oneof![
            prop::sample::select(&[
                "id",
                "name",
                "shape",
                "shapes",
                "pairs",
                "by_id",
                "big",
                "neg",
                "small",
                "raw",
                "unit",
                "Unit",
                "Newtype",
                "Tuple",
                "Struct",
                "x",
                "y",
                "12",
                "-3",
                "4294967296",
            ]),
            Just("other"),
        ];
        leaf.prop_recursive(4, 48, 6, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::btree_map(key.clone(), inner, 0..6).prop_map(|m| Value::Object(
                    m.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
                )),
            ]
        })
    }

    proptest! {
        #[test]
        fn any_tree_reads_as_the_reference(value in sample_like()) {
            every_type(&value);
        }

        /// A whole sample with one of its values replaced anywhere.
        #[test]
        fn a_sample_with_one_value_replaced_reads_as_the_reference(
            pick in any::<prop::sample::Index>(),
            replacement in sample_like(),
        ) {
            let mut value = whole();
            let mut slots = Vec::new();
            pointers(&value, String::new(), &mut slots);
            let at: &String = pick.get(&slots);
            if let Some(slot) = value.pointer_mut(at) {
                *slot = replacement;
            }
            every_type(&value);
        }
    }

    fn whole() -> Value {
        json!({
            "id": 7, "name": "Ada", "shape": {"Struct": {"x": 1.5, "y": [1, 2]}},
            "shapes": ["Unit", {"Newtype": 3}, {"Tuple": [4, "four"]}],
            "pairs": [[true, "a"], [false, "b"]], "by_id": {"12": -3, "4": 5},
            "big": 340_282_366_920_938_463_463_374_607_431_768_211_455_u128,
            "neg": -3, "small": 0.5, "raw": {"n": 1e2}, "unit": null
        })
    }

    fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
        match value {
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    pointers(v, format!("{at}/{i}"), out);
                }
            }
            Value::Object(map) => {
                for (k, v) in map {
                    pointers(v, format!("{at}/{k}"), out);
                }
            }
            _ => {}
        }
        out.push(at);
    }

    #[test]
    fn a_whole_sample_reads_and_a_deep_error_is_named() {
        let sample: Sample = read(&whole()).unwrap();
        assert_eq!(sample.by_id.get(&12), Some(&-3));
        assert_eq!(sample.shapes[2], Shape::Tuple(4, "four".into()));
        let mut bad = whole();
        bad["pairs"][1][1] = json!("two letters");
        let e = read::<Sample>(&bad).unwrap_err();
        assert_eq!(e.field(), "pairs[1][1]");
        assert_eq!(
            e.path().to_vec(),
            vec![Step::Key("pairs".into()), Step::Index(1), Step::Index(1)]
        );
        assert_eq!(
            e.to_string(),
            "pairs[1][1]: invalid value: string \"two letters\", expected a character"
        );
        let e = read::<Sample>(&json!({"name": "no id"})).unwrap_err();
        assert_eq!(
            (e.field().as_str(), e.message()),
            (".", "missing field `id`")
        );
    }
}
