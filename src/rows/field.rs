//! A row's fields, declared once per row type ([`ListRow::FIELDS`]): each
//! one's name — its CSV header and the JSON export's key, a contract
//! (docs/headless.md) — its value as text, and how it sorts. A view's
//! columns name fields ([`Col`]); the sort, the filter's columns, the CSV
//! and the export come from the declaration, so a sort key can never
//! disagree with its comparison and no second view needs a wrapper type.

use std::borrow::Cow;
use std::cmp::Ordering;

use serde_json::Value;

use crate::ui::table::Column;

use super::{ListRow, Packed};

/// What a row sorts by, as a number: a text's first sixteen bytes, a
/// float's ordered bits, an id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SortKey {
    pub prefix: u128,
    /// The key is all of the value (a text of at most sixteen bytes): two
    /// whole keys that are equal mean equal values.
    pub whole: bool,
}

impl SortKey {
    /// No key: every comparison reads the rows (for short lists).
    pub const NONE: Self = Self {
        prefix: 0,
        whole: false,
    };
}

/// The first sixteen bytes of `s`, big-endian: orders as `s` does, up to ties.
pub fn prefix(s: &str) -> SortKey {
    let mut bytes = [0u8; 16];
    let n = s.len().min(16);
    bytes[..n].copy_from_slice(&s.as_bytes()[..n]);
    SortKey {
        prefix: u128::from_be_bytes(bytes),
        whole: s.len() <= 16,
    }
}

/// A float as a number that orders as `f64::total_cmp` does.
pub fn float_key(f: f64) -> SortKey {
    let bits = f.to_bits();
    let ordered = if bits >> 63 == 1 {
        !bits
    } else {
        bits | (1 << 63)
    };
    SortKey {
        prefix: u128::from(ordered),
        whole: true,
    }
}

/// A whole number as a key.
pub fn number_key(n: u64) -> SortKey {
    SortKey {
        prefix: u128::from(n),
        whole: true,
    }
}

/// How a field reads, and so how it sorts.
enum Read<R: 'static> {
    /// Text, sorted as text.
    Text(fn(&R) -> &str),
    /// Text, sorted by another text (a name by its folded form).
    TextBy(fn(&R) -> &str, fn(&R) -> &str),
    /// Text, sorted by a key the row keeps, with the text it was made of
    /// for ties (a 100,000-row sort by name reads no text).
    TextKeyed(fn(&R) -> &str, fn(&R) -> SortKey, fn(&R) -> &str),
    /// A whole number, written in digits.
    Number(fn(&R) -> u64),
    /// A whole number that may be missing (written empty, sorted first).
    MaybeNumber(fn(&R) -> Option<u64>),
    /// Text as sent, sorted by the whole number it reads as (none first).
    TextNumber(fn(&R) -> &str, fn(&R) -> Option<u64>),
    /// Text, sorted as the amount it is (a price).
    Amount(fn(&R) -> &str, fn(&R) -> f64),
    /// Text with an order of its own (no key: for lists of a handful).
    Ordered(fn(&R) -> &str, fn(&R, &R) -> Ordering),
    /// Yes, no or not said: `true`, `false` or empty; sorted in that
    /// order reversed (not said first).
    Flag(fn(&R) -> Option<bool>),
}

impl<R> Clone for Read<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for Read<R> {}

/// One field of rows `R`.
pub struct Field<R: 'static> {
    /// Its name: the CSV header and the JSON export's key.
    pub name: &'static str,
    read: Read<R>,
    /// Whether the CSV and the export carry it (a field only shown — a
    /// formatted date, a full name — does not).
    pub exported: bool,
}

impl<R> Clone for Field<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for Field<R> {}

impl<R> std::fmt::Debug for Field<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl<R: 'static> Field<R> {
    const fn new(name: &'static str, read: Read<R>) -> Self {
        Self {
            name,
            read,
            exported: true,
        }
    }

    /// Text, sorted as text.
    pub const fn text(name: &'static str, get: fn(&R) -> &str) -> Self {
        Self::new(name, Read::Text(get))
    }

    /// Text, sorted by `by` (its folded form).
    pub const fn text_by(name: &'static str, get: fn(&R) -> &str, by: fn(&R) -> &str) -> Self {
        Self::new(name, Read::TextBy(get, by))
    }

    /// Text, sorted by `by` through the key `key` the row keeps of it
    /// (`key(r)` must be `prefix(by(r))`: a test holds every row type to it).
    pub const fn text_keyed(
        name: &'static str,
        get: fn(&R) -> &str,
        key: fn(&R) -> SortKey,
        by: fn(&R) -> &str,
    ) -> Self {
        Self::new(name, Read::TextKeyed(get, key, by))
    }

    /// A whole number.
    pub const fn number(name: &'static str, get: fn(&R) -> u64) -> Self {
        Self::new(name, Read::Number(get))
    }

    /// A whole number that may be missing.
    pub const fn maybe_number(name: &'static str, get: fn(&R) -> Option<u64>) -> Self {
        Self::new(name, Read::MaybeNumber(get))
    }

    /// Text as sent, sorted by the whole number it reads as (none first).
    pub const fn maybe_number_as(
        name: &'static str,
        get: fn(&R) -> &str,
        value: fn(&R) -> Option<u64>,
    ) -> Self {
        Self::new(name, Read::TextNumber(get, value))
    }

    /// An amount: text as sent, sorted as a number.
    pub const fn amount(name: &'static str, get: fn(&R) -> &str, value: fn(&R) -> f64) -> Self {
        Self::new(name, Read::Amount(get, value))
    }

    /// Yes or no, when the record says.
    pub const fn flag(name: &'static str, get: fn(&R) -> Option<bool>) -> Self {
        Self::new(name, Read::Flag(get))
    }

    /// Text with an order of its own.
    pub const fn ordered(
        name: &'static str,
        get: fn(&R) -> &str,
        order: fn(&R, &R) -> Ordering,
    ) -> Self {
        Self::new(name, Read::Ordered(get, order))
    }

    /// The same field, shown in lists but not exported.
    #[must_use]
    pub const fn shown_only(self) -> Self {
        Self {
            exported: false,
            ..self
        }
    }

    /// Its value in `row`, as the CSV writes it.
    pub fn value<'r>(&self, row: &'r R) -> Cow<'r, str> {
        match self.read {
            Read::Text(get)
            | Read::TextBy(get, _)
            | Read::TextKeyed(get, _, _)
            | Read::Amount(get, _)
            | Read::TextNumber(get, _)
            | Read::Ordered(get, _) => Cow::Borrowed(get(row)),
            Read::Number(get) => Cow::Owned(get(row).to_string()),
            Read::MaybeNumber(get) => get(row).map_or(Cow::Borrowed(""), |n| n.to_string().into()),
            Read::Flag(get) => Cow::Borrowed(match get(row) {
                Some(true) => "true",
                Some(false) => "false",
                None => "",
            }),
        }
    }

    /// Its value in `row` as the JSON output writes it: a whole number as
    /// a number (`null` when missing), anything else as the CSV's text.
    pub fn json(&self, row: &R) -> Value {
        match self.read {
            Read::Number(get) => Value::from(get(row)),
            Read::MaybeNumber(get) => get(row).map_or(Value::Null, Value::from),
            Read::Flag(get) => get(row).map_or(Value::Null, Value::Bool),
            _ => Value::String(self.value(row).into_owned()),
        }
    }

    /// Orders two rows by this field (ties are broken by id by the caller).
    pub fn compare(&self, a: &R, b: &R) -> Ordering {
        match self.read {
            Read::Text(get) => get(a).cmp(get(b)),
            Read::TextBy(_, by) | Read::TextKeyed(_, _, by) => by(a).cmp(by(b)),
            Read::Number(get) => get(a).cmp(&get(b)),
            Read::MaybeNumber(get) | Read::TextNumber(_, get) => get(a).cmp(&get(b)),
            Read::Amount(_, value) => value(a).total_cmp(&value(b)),
            Read::Ordered(_, order) => order(a, b),
            Read::Flag(get) => get(a).cmp(&get(b)),
        }
    }

    /// A key that orders as [`Self::compare`] does wherever two keys
    /// differ: a sort of 100,000 rows settles most comparisons on it.
    pub fn sort_key(&self, row: &R) -> SortKey {
        match self.read {
            Read::Text(get) => prefix(get(row)),
            Read::TextBy(_, by) => prefix(by(row)),
            Read::TextKeyed(_, key, _) => key(row),
            Read::Number(get) => number_key(get(row)),
            Read::MaybeNumber(get) | Read::TextNumber(_, get) => SortKey {
                prefix: get(row).map_or(0, |n| u128::from(n) + 1),
                whole: true,
            },
            Read::Amount(_, value) => float_key(value(row)),
            Read::Ordered(..) => SortKey::NONE,
            Read::Flag(get) => number_key(get(row).map_or(0, |b| u64::from(b) + 1)),
        }
    }
}

/// A column of a list's table: how it is drawn, and the field it shows
/// and sorts by.
#[derive(Debug)]
pub struct Col<R: 'static> {
    pub column: Column,
    pub field: &'static Field<R>,
}

impl<R> Clone for Col<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for Col<R> {}

impl<R: 'static> Col<R> {
    pub const fn new(column: Column, field: &'static Field<R>) -> Self {
        Self { column, field }
    }
}

/// The text the live filter looks in, derived from the declaration: the
/// folded values (`search::fold`) of [`ListRow::SEARCHED`], in order, each
/// ended by U+001F but the last. A field's own U+001F is read as a space,
/// so the separators are where the parts end and a word of a query is
/// never found across two fields.
pub fn search_text<R: ListRow>(row: &R) -> String {
    let mut text = String::new();
    for (i, field) in R::SEARCHED.iter().enumerate() {
        if i > 0 {
            text.push(SEPARATOR);
        }
        let folded = crate::search::fold(&field.value(row));
        text.extend(folded.chars().map(|c| if c == SEPARATOR { ' ' } else { c }));
    }
    text
}

/// `row` with [`search_text`] of it written into part `slot` of its
/// packed text (`text` names the field): the haystack, made once when the
/// row is.
pub fn with_search_text<R: ListRow, const N: usize>(
    mut row: R,
    slot: usize,
    text: fn(&mut R) -> &mut Packed<N>,
) -> R {
    let search = search_text(&row);
    let packed = text(&mut row);
    *packed = packed.replaced(slot, &search);
    row
}

/// What ends each part of [`search_text`] but the last.
pub const SEPARATOR: char = '\u{1f}';

/// The exported fields of rows `R`, in order: the CSV's header.
pub fn headers<R: ListRow>() -> Vec<&'static str> {
    R::FIELDS
        .iter()
        .filter(|f| f.exported)
        .map(|f| f.name)
        .collect()
}

/// The exported fields of `row`, in order, as JSON values ([`Field::json`]):
/// one JSON output's object, keyed by [`headers`].
pub fn values<R: ListRow>(row: &R) -> Vec<Value> {
    R::FIELDS
        .iter()
        .filter(|f| f.exported)
        .map(|f| f.json(row))
        .collect()
}

/// A JSON value as a CSV cell: text as it is, `null` empty, anything else
/// as JSON writes it (`12`, `true`). [`Field::json`]'s values read back as
/// [`Field::value`]'s text.
pub fn text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The exported fields of `row`, in order: one CSV record.
pub fn cells<R: ListRow>(row: &R) -> Vec<String> {
    R::FIELDS
        .iter()
        .filter(|f| f.exported)
        .map(|f| f.value(row).into_owned())
        .collect()
}
