//! Keys are data: one table per screen, named by the screen's registration
//! (`screens::REGISTERED`). The same tables drive the keys in `update` and
//! generate the `?` help and docs/keys.md's keys table, so help can never
//! drift from behaviour. `actions`: what a key asks for; `keys`: one key;
//! `tables`: the defaults; `rebind`: config.toml's changes; `help`: help
//! and docs/keys.md.

mod actions;
mod help;
mod keys;
mod rebind;
mod scope;
mod tables;

use crossterm::event::{KeyCode, KeyEvent};

pub use actions::Action;
use help::label_of;
pub use help::{
    CONFIRM_KEYS, ENROLL_IN_KEYS, FORM_KEYS, PICKER_KEYS, help_rows, keys_label, markdown,
};
pub use keys::{Key, code, ctrl, k};
pub use rebind::{KeymapError, Rebind};
pub use scope::{Scope, ScreenKeys};
pub use tables::*;

/// One row of the effective keymap of a screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bound {
    pub keys: Vec<Key>,
    pub action: Action,
    pub help: &'static str,
    /// From the global table (help lists it under "everywhere").
    pub global: bool,
    /// Not changed by a rebinding of its action: Esc going back.
    pub fixed: bool,
    /// The config.toml line that set these keys; `None`: the default.
    pub line: Option<usize>,
}

impl Bound {
    pub(super) fn of(bnd: &Binding, global: bool) -> Self {
        Self {
            keys: bnd.keys.to_vec(),
            action: bnd.action,
            help: bnd.help,
            global,
            fixed: global && bnd.action == Action::Back && bnd.keys == [code(KeyCode::Esc)],
            line: None,
        }
    }

    pub(super) fn hit(&self, ev: &KeyEvent) -> bool {
        self.keys.iter().any(|key| key.matches(ev))
    }
}

/// The keys in effect: each screen's table with the global keys after it,
/// the defaults changed by config.toml's `[keys.*]`. Built once at start
/// and kept in the model, so `update` stays pure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    tables: Vec<(Scope, Vec<Bound>)>,
}

impl Keymap {
    /// The default keys of `scopes`: each screen's table, then the global
    /// keys (where a screen's input takes every printable key, the desk's,
    /// only quit, which is never one).
    pub fn new(scopes: &[Scope]) -> Self {
        let tables = scopes
            .iter()
            .map(|&scope| {
                let own = scope.table().map(|b| Bound::of(b, false));
                let global = GLOBAL
                    .iter()
                    .filter(|b| !scope.takes_text() || b.action == Action::Quit)
                    .map(|b| Bound::of(b, true));
                (scope, own.chain(global).collect())
            })
            .collect();
        Self { tables }
    }

    /// The effective rows of a screen (its own, then the global ones).
    pub fn table(&self, scope: Scope) -> &[Bound] {
        self.tables
            .iter()
            .find(|(s, _)| *s == scope)
            .map_or(&[], |(_, t)| t.as_slice())
    }

    /// The action of a key on a screen.
    pub fn lookup(&self, scope: Scope, ev: &KeyEvent) -> Option<Action> {
        self.table(scope)
            .iter()
            .find(|b| b.hit(ev))
            .map(|b| b.action)
    }

    /// The key quits from anywhere (Ctrl-c unless rebound): asked before
    /// any overlay or text line sees it.
    pub fn quits(&self, ev: &KeyEvent) -> bool {
        // Quit is global (config.toml sets it under [keys.global] only), so
        // every screen's rows say the same: the first screen's are read.
        self.tables
            .first()
            .is_some_and(|(_, t)| t.iter().any(|b| b.action == Action::Quit && b.hit(ev)))
    }

    /// The key goes back and, at the root, quits (`q` unless rebound; Esc
    /// goes back but never quits).
    pub fn quits_at_root(&self, scope: Scope, ev: &KeyEvent) -> bool {
        self.table(scope)
            .iter()
            .any(|b| b.action == Action::Back && !b.fixed && b.hit(ev))
    }

    /// The keys of `action` on a screen as help shows them (`?`, or `F1`).
    pub fn label(&self, scope: Scope, action: Action) -> Option<String> {
        self.table(scope)
            .iter()
            .find(|b| b.action == action)
            .map(|b| label_of(action, &b.keys))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::keys::ctrl;
    use super::*;

    #[test]
    fn the_defaults_give_no_key_two_actions_on_a_screen() {
        let map = Keymap::default();
        for scope in Scope::ALL {
            let table = map.table(scope);
            for (i, a) in table.iter().enumerate() {
                for b in &table[i + 1..] {
                    if a.action != b.action {
                        assert!(
                            !a.keys.iter().any(|k| b.keys.contains(k)),
                            "{scope:?}: {:?} and {:?}",
                            a.action,
                            b.action
                        );
                    }
                }
            }
        }
        assert_eq!(Keymap::build(&Scope::ALL, &[]).unwrap(), map);
    }

    #[test]
    fn every_label_help_shows_parses_back_to_its_key() {
        for scope in Scope::ALL {
            for bnd in scope.table().chain(GLOBAL) {
                for key in bnd.keys {
                    assert_eq!(Key::parse(&key.label()).unwrap(), *key, "{}", key.label());
                }
            }
        }
        assert_eq!(Key::parse("pgdn").unwrap(), code(KeyCode::PageDown));
        assert_eq!(Key::parse("F12").unwrap(), code(KeyCode::F(12)));
        assert_eq!(Key::parse("ctrl-L").unwrap(), ctrl('l'));
        assert!(Key::parse("F13").is_err());
        assert!(Key::parse("Ctrl-").is_err());
        assert!(Key::parse("").is_err());
        assert!(Key::parse("qq").is_err());
    }

    #[test]
    fn names_of_actions_and_screens_are_unique_and_round_trip() {
        for a in Action::ALL {
            assert_eq!(Action::from_name(a.name()), Some(a));
        }
        for s in Scope::ALL {
            assert_eq!(Scope::from_name(s.name()), Some(s));
            assert_eq!(Scope::ALL.iter().filter(|t| **t == s).count(), 1);
        }
    }
}
