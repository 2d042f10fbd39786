//! Which keymap table applies: a screen's name, title and table, as its
//! registration declares them.

use std::fmt;

use super::{Binding, Table};

/// What a screen declares of its keys.
#[derive(Debug)]
pub struct ScreenKeys {
    /// Its name in config.toml (`[keys.<name>]`).
    pub name: &'static str,
    /// Its title in help and docs/keys.md.
    pub title: &'static str,
    pub table: Table,
    /// Its input line takes every printable key (the desk: a scanner
    /// types letters and digits): of the global keys only quit works there,
    /// and config.toml may not give it printable keys.
    pub takes_text: bool,
}

/// Where the keys of a screen are looked up, for help and docs/keys.md:
/// one per registered screen (`Scope::ALL`, in `screens`).
#[derive(Clone, Copy)]
pub struct Scope(&'static ScreenKeys);

impl Scope {
    pub const fn new(keys: &'static ScreenKeys) -> Self {
        Self(keys)
    }

    /// The screen's own keys, its table's groups one after the other.
    pub fn table(self) -> impl Iterator<Item = &'static Binding> {
        self.0.table.iter().flat_map(|group| group.iter())
    }

    /// The screen's name in config.toml (`[keys.<name>]`).
    pub fn name(self) -> &'static str {
        self.0.name
    }

    pub fn title(self) -> &'static str {
        self.0.title
    }

    pub fn takes_text(self) -> bool {
        self.0.takes_text
    }
}

/// Names are unique (a test says so): a scope is its name.
impl PartialEq for Scope {
    fn eq(&self, other: &Self) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for Scope {}

impl fmt::Debug for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Scope({})", self.0.name)
    }
}
