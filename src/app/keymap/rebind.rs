//! config.toml's `[keys.*]`: rebinding the defaults, and refusing what
//! cannot be (fixed keys, printable desk keys, a quit a text field takes,
//! two actions on one key).

use crossterm::event::KeyCode;

use super::keys::{Key, ctrl};
use super::{Action, GLOBAL, Keymap, Scope};
use crate::i18n::Said;

/// A binding from config.toml: on `scope` (`None`: `[keys.global]`),
/// `action` gets `keys` instead of its defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rebind {
    pub scope: Option<Scope>,
    pub action: Action,
    pub keys: Vec<Key>,
    /// Its line in config.toml, for errors.
    pub line: usize,
}

/// A rebinding that cannot be: where, and why (said later, in the
/// reader's language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeymapError {
    pub line: usize,
    pub message: Said,
}

impl Keymap {
    /// The defaults with `rebinds` applied: `[keys.global]` first, then
    /// each screen's (which wins on its screen). Every problem is
    /// reported, each with its line.
    pub fn build(scopes: &[Scope], rebinds: &[Rebind]) -> Result<Self, Vec<KeymapError>> {
        let mut map = Self::new(scopes);
        let mut errors = Vec::new();
        let (global, screens): (Vec<&Rebind>, Vec<&Rebind>) =
            rebinds.iter().partition(|r| r.scope.is_none());
        for r in global.into_iter().chain(screens) {
            if let Err(message) = map.apply(r) {
                errors.push(KeymapError {
                    line: r.line,
                    message,
                });
            }
        }
        if errors.is_empty() {
            errors = map.clashes();
        }
        if errors.is_empty() {
            Ok(map)
        } else {
            errors.sort_by_key(|e| e.line);
            errors.dedup();
            Err(errors)
        }
    }

    fn apply(&mut self, r: &Rebind) -> Result<(), Said> {
        let action = r.action.name();
        let place = r.scope.map_or_else(
            || "[keys.global]".to_string(),
            |s| format!("[keys.{}]", s.name()),
        );
        let said = |id| Said::new(id).arg("place", &place).arg("action", action);
        if r.keys.is_empty() {
            return Err(said("rebind-no-key"));
        }
        if r.keys.contains(&ctrl('z')) {
            return Err(said("rebind-ctrl-z"));
        }
        if r.action.fixed_keys() {
            return Err(said("rebind-fixed"));
        }
        if r.action == Action::Quit {
            if r.scope.is_some() {
                return Err(Said::new("rebind-quit-scope").arg("place", &place));
            }
            if let Some(key) = r
                .keys
                .iter()
                .find(|k| !matches!(k.code, KeyCode::F(_)) && !k.ctrl)
            {
                return Err(Said::new("rebind-quit-key").arg("key", format!("{:?}", key.label())));
            }
        }
        if r.scope.is_some_and(Scope::takes_text)
            && let Some(key) = r.keys.iter().find(|k| k.printable())
        {
            return Err(Said::new("rebind-desk-printable")
                .arg("action", action)
                .arg("key", format!("{:?}", key.label())));
        }
        if r.scope.is_none() && !GLOBAL.iter().any(|b| b.action == r.action) {
            return Err(Said::new("rebind-not-global")
                .arg("action", action)
                .arg("actions", names(GLOBAL.iter().map(|b| b.action))));
        }
        let scopes: Vec<Scope> = r.scope.map_or_else(
            || self.tables.iter().map(|(s, _)| *s).collect(),
            |s| vec![s],
        );
        for scope in scopes {
            let table = self.table_mut(scope)?;
            let mut rows = table
                .iter()
                .enumerate()
                .filter(|(_, b)| {
                    b.action == r.action && !b.fixed && (r.scope.is_some() || b.global)
                })
                .map(|(i, _)| i);
            let Some(first) = rows.next() else {
                if r.scope.is_none() {
                    continue;
                }
                return Err(said("rebind-not-on-screen")
                    .arg("screen", scope.name())
                    .arg(
                        "actions",
                        names(table.iter().map(|b| b.action).filter(|a| !a.fixed_keys())),
                    ));
            };
            let rest: Vec<usize> = rows.collect();
            table[first].keys.clone_from(&r.keys);
            table[first].line = Some(r.line);
            for i in rest.into_iter().rev() {
                table.remove(i);
            }
        }
        Ok(())
    }

    /// Two actions on one key of one screen, where config.toml set one of them.
    fn clashes(&self) -> Vec<KeymapError> {
        let mut errors = Vec::new();
        for (scope, table) in &self.tables {
            for (i, a) in table.iter().enumerate() {
                for b in &table[i + 1..] {
                    // At the desk, quit asks as leaving does: one key may be both.
                    let same = a.action == b.action
                        || (*scope == Scope::Checkin
                            && matches!(
                                (a.action, b.action),
                                (Action::Quit, Action::Leave) | (Action::Leave, Action::Quit)
                            ));
                    if same || (a.line.is_none() && b.line.is_none()) {
                        continue;
                    }
                    let Some(key) = a.keys.iter().find(|k| b.keys.contains(k)) else {
                        continue;
                    };
                    let (set, other) = if a.line.is_some() { (a, b) } else { (b, a) };
                    let message = other.line.map_or_else(
                        || Said::new("rebind-clash-default"),
                        |l| Said::new("rebind-clash-line").arg("line", l),
                    );
                    errors.push(KeymapError {
                        line: set.line.unwrap_or_default(),
                        message: message
                            .arg("key", key.label())
                            .arg("screen", scope.name())
                            .arg("set", set.action.name())
                            .arg("other", other.action.name()),
                    });
                }
            }
        }
        errors
    }

    /// The rows of `scope`, to change them.
    fn table_mut(&mut self, scope: Scope) -> Result<&mut Vec<super::Bound>, Said> {
        self.tables
            .iter_mut()
            .find(|(s, _)| *s == scope)
            .map(|(_, t)| t)
            .ok_or_else(|| Said::new("rebind-no-screen").arg("screen", scope.name()))
    }
}

fn names(actions: impl Iterator<Item = Action>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for a in actions {
        if !seen.contains(&a.name()) {
            seen.push(a.name());
        }
    }
    seen.join(", ")
}
