//! How an export is read: key by key, each record of a list as a tree of
//! its own (`crate::tree`: one deserializer for every record type), so a
//! record's error is named by its place in the file and no tree of the
//! whole file is built.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::{Both, File, Group};
use crate::tree::{self, Step};

/// How one record of a list is read out of its tree.
type ReadFn<T> = fn(&Value) -> Result<T, tree::Error>;

fn record<T: DeserializeOwned>(value: &Value) -> Result<T, tree::Error> {
    tree::read(value)
}

fn both<A: DeserializeOwned, B: DeserializeOwned>(
    value: &Value,
) -> Result<Both<A, B>, tree::Error> {
    Ok(Both(tree::read(value)?, tree::read(value)?))
}

impl<'de> Deserialize<'de> for File {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(FileVisitor)
    }
}

struct FileVisitor;

impl<'de> Visitor<'de> for FileVisitor {
    type Value = File;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a boxoffice export (an object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<File, A::Error> {
        let mut file = File::default();
        let (mut format, mut version) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            let at = || vec![Step::Key(key.clone())];
            match key.as_str() {
                "format" => format = Some(map.next_value()?),
                "version" => version = Some(map.next_value()?),
                "events" => file.events = map.next_value_seed(List::new(at(), record))?,
                "editions" => file.editions = map.next_value_seed(Groups::new(at(), "event"))?,
                "tickets" => file.tickets = map.next_value_seed(Groups::new(at(), "event"))?,
                "orders" => file.orders = map.next_value_seed(List::new(at(), record))?,
                "order_details" => {
                    file.order_details = map.next_value_seed(List::new(at(), record))?;
                }
                "customers" => file.customers = map.next_value_seed(List::new(at(), record))?,
                "customer_details" => {
                    file.customer_details = map.next_value_seed(List::new(at(), both))?;
                }
                "products" => file.products = map.next_value_seed(List::new(at(), record))?,
                "product_details" => {
                    file.product_details = map.next_value_seed(List::new(at(), both))?;
                }
                "courses" => file.courses = map.next_value_seed(List::new(at(), record))?,
                "course_details" => {
                    file.course_details = map.next_value_seed(List::new(at(), both))?;
                }
                "enrollments" => {
                    file.enrollments = map.next_value_seed(Groups::new(at(), "course"))?;
                }
                _ => {
                    map.next_value::<de::IgnoredAny>()?;
                }
            }
        }
        file.format = format.ok_or_else(|| de::Error::missing_field("format"))?;
        file.version = version.ok_or_else(|| de::Error::missing_field("version"))?;
        Ok(file)
    }
}

/// `at` one step further.
fn then(at: &[Step], step: Step) -> Vec<Step> {
    let mut path = at.to_vec();
    path.push(step);
    path
}

/// An error at `path` in the file (`tickets[3].data[0].id: …`).
fn error_at<E: de::Error>(path: &[Step], message: impl fmt::Display) -> E {
    E::custom(format!("{}: {message}", tree::field_name(path)))
}

/// A list of records at `at` in the file (`tickets[3].data`).
struct List<T> {
    at: Vec<Step>,
    read: ReadFn<T>,
}

impl<T> List<T> {
    fn new(at: Vec<Step>, read: ReadFn<T>) -> Self {
        Self { at, read }
    }
}

impl<'de, T> DeserializeSeed<'de> for List<T> {
    type Value = Vec<T>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Vec<T>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T> Visitor<'de> for List<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a list of records at {}", tree::field_name(&self.at))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(value) = seq.next_element::<Value>()? {
            let read = (self.read)(&value).map_err(|e| {
                let mut path = then(&self.at, Step::Index(out.len()));
                path.extend_from_slice(e.path());
                error_at(&path, e.message())
            })?;
            out.push(read);
        }
        Ok(out)
    }
}

/// A list of groups at `at` (`tickets`), each `{<parent>: id, "data": [...]}`.
struct Groups<T> {
    at: Vec<Step>,
    parent: &'static str,
    records: std::marker::PhantomData<T>,
}

impl<T> Groups<T> {
    fn new(at: Vec<Step>, parent: &'static str) -> Self {
        Self {
            at,
            parent,
            records: std::marker::PhantomData,
        }
    }
}

impl<'de, T: DeserializeOwned> DeserializeSeed<'de> for Groups<T> {
    type Value = Vec<Group<T>>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Vec<Group<T>>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: DeserializeOwned> Visitor<'de> for Groups<T> {
    type Value = Vec<Group<T>>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "a list of groups of records at {}",
            tree::field_name(&self.at)
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Group<T>>, A::Error> {
        let mut out = Vec::new();
        loop {
            let one = OneGroup {
                at: then(&self.at, Step::Index(out.len())),
                parent: self.parent,
                records: std::marker::PhantomData,
            };
            match seq.next_element_seed(one)? {
                Some(group) => out.push(group),
                None => return Ok(out),
            }
        }
    }
}

struct OneGroup<T> {
    at: Vec<Step>,
    parent: &'static str,
    records: std::marker::PhantomData<T>,
}

impl<'de, T: DeserializeOwned> DeserializeSeed<'de> for OneGroup<T> {
    type Value = Group<T>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Group<T>, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, T: DeserializeOwned> Visitor<'de> for OneGroup<T> {
    type Value = Group<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{{\"{}\": id, \"data\": [...]}} at {}",
            self.parent,
            tree::field_name(&self.at)
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Group<T>, A::Error> {
        let (mut parent, mut data) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            if key == self.parent {
                let id = map.next_value::<u64>().map_err(|e| {
                    error_at::<A::Error>(&then(&self.at, Step::Key(key.clone())), e)
                })?;
                parent = Some(id);
            } else if key == "data" {
                let at = then(&self.at, Step::Key(key));
                data = Some(map.next_value_seed(List::new(at, record::<T>))?);
            } else {
                map.next_value::<de::IgnoredAny>()?;
            }
        }
        let missing = |field: &str| error_at(&self.at, format!("missing field `{field}`"));
        Ok(Group {
            parent: parent.ok_or_else(|| missing(self.parent))?,
            data: data.ok_or_else(|| missing("data"))?,
        })
    }
}
