//! config.toml's `[keys.*]`: rebinding the defaults, and refusing what
//! cannot be (fixed keys, printable desk keys, a quit a text field takes,
//! two actions on one key).

use crossterm::event::KeyCode;

use super::keys::{Key, ctrl};
use super::{Action, GLOBAL, Keymap, Scope};

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

/// A rebinding that cannot be: where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeymapError {
    pub line: usize,
    pub message: String,
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

    fn apply(&mut self, r: &Rebind) -> Result<(), String> {
        let action = r.action.name();
        let place = r.scope.map_or_else(
            || "[keys.global]".to_string(),
            |s| format!("[keys.{}]", s.name()),
        );
        if r.keys.is_empty() {
            return Err(format!("{place} {action}: give at least one key"));
        }
        if r.keys.contains(&ctrl('z')) {
            return Err(format!(
                "{place} {action}: Ctrl-z suspends the app (fg resumes it) and cannot be bound"
            ));
        }
        if r.action.fixed_keys() {
            return Err(format!(
                "{place} {action}: its keys cannot be changed (the key itself says which)"
            ));
        }
        if r.action == Action::Quit {
            if r.scope.is_some() {
                return Err(format!(
                    "{place} quit: quit works everywhere, set it under [keys.global]"
                ));
            }
            if let Some(key) = r
                .keys
                .iter()
                .find(|k| !matches!(k.code, KeyCode::F(_)) && !k.ctrl)
            {
                return Err(format!(
                    "[keys.global] quit = {:?}: quit must be a Ctrl- or F-key, which no text field \
                     takes",
                    key.label()
                ));
            }
        }
        if r.scope.is_some_and(Scope::takes_text)
            && let Some(key) = r.keys.iter().find(|k| k.printable())
        {
            return Err(format!(
                "[keys.desk] {action} = {:?}: the desk's input takes every letter, digit and sign \
                 a scanner types; use an F-key, a Ctrl- key or Enter/Esc/arrows",
                key.label()
            ));
        }
        if r.scope.is_none() && !GLOBAL.iter().any(|b| b.action == r.action) {
            return Err(format!(
                "[keys.global] {action}: not a global action; set it under the screen it belongs \
                 to (global: {})",
                names(GLOBAL.iter().map(|b| b.action))
            ));
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
                return Err(format!(
                    "{place} {action}: not an action of the {} screen (its actions: {})",
                    scope.name(),
                    names(table.iter().map(|b| b.action).filter(|a| !a.fixed_keys()))
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
                    if a.action == b.action || (a.line.is_none() && b.line.is_none()) {
                        continue;
                    }
                    let Some(key) = a.keys.iter().find(|k| b.keys.contains(k)) else {
                        continue;
                    };
                    let (set, other) = if a.line.is_some() { (a, b) } else { (b, a) };
                    let also = other
                        .line
                        .map_or_else(|| " (its default)".to_string(), |l| format!(" (line {l})"));
                    errors.push(KeymapError {
                        line: set.line.unwrap_or_default(),
                        message: format!(
                            "{} on the {} screen is bound to both {} and {}{also}; give one of \
                             them another key",
                            key.label(),
                            scope.name(),
                            set.action.name(),
                            other.action.name(),
                        ),
                    });
                }
            }
        }
        errors
    }

    /// The rows of `scope`, to change them.
    fn table_mut(&mut self, scope: Scope) -> Result<&mut Vec<super::Bound>, String> {
        self.tables
            .iter_mut()
            .find(|(s, _)| *s == scope)
            .map(|(_, t)| t)
            .ok_or_else(|| format!("no [keys.{}] screen", scope.name()))
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
