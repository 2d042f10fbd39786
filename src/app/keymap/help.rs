//! The keys as help and docs/keys.md show them, from the tables in effect.

use std::fmt::Write as _;

use crossterm::event::KeyCode;

use crate::app::command::PaletteCommand;

use super::{Action, Binding, Bound, GLOBAL, Key, Keymap, Scope};

/// The keys of a binding as help shows them ("j/↓").
pub fn keys_label(binding: &Binding) -> String {
    label_of(binding.action, binding.keys)
}

pub(super) fn label_of(action: Action, keys: &[Key]) -> String {
    match action {
        Action::JumpTab => return "1..6".into(),
        Action::RootTab => return "1..5".into(),
        _ => {}
    }
    keys.iter().map(Key::label).collect::<Vec<_>>().join("/")
}

/// The help rows of a screen with the default keys (see
/// [`Keymap::help_rows`]).
pub fn help_rows(scope: Scope, readonly: bool) -> Vec<(String, String)> {
    Keymap::new(&[scope]).help_rows(scope, readonly)
}

impl Keymap {
    /// The help rows of a screen: its keys, then the global ones (from
    /// [`Keymap::global_rows`] on), without the writing keys in read-only
    /// mode. The movement keys share one row so the help fits a 24-line
    /// terminal.
    pub fn help_rows(&self, scope: Scope, readonly: bool) -> Vec<(String, String)> {
        let table = self.table(scope);
        let mut rows = Vec::new();
        let moves: Vec<&Bound> = table.iter().filter(|b| b.action.moves()).collect();
        let mut collapsed = false;
        let mut previous: Option<Action> = None;
        for bnd in table {
            if readonly && bnd.action.writes() {
                continue;
            }
            if bnd.action.moves() {
                if !collapsed {
                    collapsed = true;
                    let first: Vec<String> = moves
                        .iter()
                        .filter_map(|m| m.keys.first())
                        .filter(|k| matches!(k.code, KeyCode::Char(_)))
                        .map(Key::label)
                        .collect();
                    let rest: Vec<String> = moves
                        .iter()
                        .flat_map(|m| {
                            m.keys.iter().skip(usize::from(
                                m.keys
                                    .first()
                                    .is_some_and(|k| matches!(k.code, KeyCode::Char(_))),
                            ))
                        })
                        .map(Key::label)
                        .collect();
                    rows.push((first.join("/"), format!("move (also {})", rest.join(" "))));
                }
                continue;
            }
            let keys = label_of(bnd.action, &bnd.keys);
            // Kin of the row before share its row, so the help of a busy
            // screen (the tickets) still fits a 24-line terminal.
            if let (Some(before), Some(last)) = (previous, rows.last_mut())
                && Self::kin(before) == Self::kin(bnd.action)
                && Self::kin(bnd.action).is_some()
            {
                last.0 = format!("{} · {keys}", last.0);
                last.1 = format!("{} · {}", last.1, bnd.help);
                previous = Some(bnd.action);
                continue;
            }
            previous = Some(bnd.action);
            rows.push((keys, bnd.help.to_string()));
        }
        rows
    }

    /// Actions that share a help row when their bindings follow each other.
    fn kin(action: Action) -> Option<u8> {
        match action {
            Action::NextTab | Action::PrevTab => Some(1),
            Action::SortNext | Action::SortReverse => Some(2),
            Action::Mark | Action::MarkAll | Action::ClearMarks => Some(3),
            Action::Enroll | Action::EnrollCustomer => Some(4),
            Action::Copy | Action::Note => Some(5),
            _ => None,
        }
    }

    /// How many of [`Keymap::help_rows`] are the global keys (the last ones).
    pub fn global_rows(&self, scope: Scope) -> usize {
        self.table(scope).iter().filter(|b| b.global).count()
    }
}

/// Keys of the modal forms, which take text and so are not in the tables above.
pub const FORM_KEYS: &[(&str, &str)] = &[
    ("Tab/↓", "next field"),
    ("Shift-Tab/↑", "previous field"),
    ("Enter", "send"),
    ("Esc", "cancel"),
];

/// Keys of the customer picker.
pub const PICKER_KEYS: &[(&str, &str)] = &[
    ("type", "filter by name or e-mail"),
    ("↑/↓ PgUp/PgDn", "move"),
    ("Enter", "pick, then y/Enter to enroll, n/Esc back"),
    ("Esc", "cancel"),
];

/// Keys of the revoke confirmation.
pub const CONFIRM_KEYS: &[(&str, &str)] = &[("y", "revoke"), ("any other key", "cancel")];

/// Keys of enrolling a customer in an event (from the customer's screen).
pub const ENROLL_IN_KEYS: &[(&str, &str)] = &[
    ("type", "filter the events by name"),
    ("↑/↓ PgUp/PgDn", "move"),
    ("Enter", "pick the event, then its edition"),
    ("y/Enter", "enroll (paid)"),
    ("Esc", "back a step; on the events, cancel"),
];

/// docs/keys.md's keys section, generated from the screens' tables and
/// palette commands (`screens::keys_markdown` passes the registered ones).
pub fn markdown(scopes: &[Scope], commands: &[&PaletteCommand]) -> String {
    let mut out = String::new();
    for scope in scopes {
        let _ = writeln!(out, "#### {}\n\n| key | action |\n|---|---|", scope.title());
        for bnd in scope.table() {
            let _ = writeln!(out, "| `{}` | {} |", keys_label(bnd), bnd.help);
        }
        out.push('\n');
    }
    out.push_str("#### Everywhere\n\n| key | action |\n|---|---|\n");
    for bnd in GLOBAL {
        let _ = writeln!(out, "| `{}` | {} |", keys_label(bnd), bnd.help);
    }
    out.push_str("\n#### Enroll form\n\n| key | action |\n|---|---|\n");
    for (key, help) in FORM_KEYS {
        let _ = writeln!(out, "| `{key}` | {help} |");
    }
    out.push_str("\n#### Customer picker\n\n| key | action |\n|---|---|\n");
    for (key, help) in PICKER_KEYS {
        let _ = writeln!(out, "| `{key}` | {help} |");
    }
    out.push_str("\n#### Enroll a customer in an event\n\n| key | action |\n|---|---|\n");
    for (key, help) in ENROLL_IN_KEYS {
        let _ = writeln!(out, "| `{key}` | {help} |");
    }
    out.push_str("\n#### Command palette\n\n| command | action |\n|---|---|\n");
    for c in commands {
        let _ = writeln!(out, "| `{}` | {} |", c.usage(), c.help);
    }
    let _ = writeln!(out, "| `Esc` | cancel |");
    out.push_str("\n#### Revoke confirmation\n\n| key | action |\n|---|---|\n");
    for (key, help) in CONFIRM_KEYS {
        let _ = writeln!(out, "| `{key}` | {help} |");
    }
    out.push_str("\n#### Note form\n\n| key | action |\n|---|---|\n");
    for (key, help) in NOTE_KEYS {
        let _ = writeln!(out, "| `{key}` | {help} |");
    }
    out
}

/// The note form's keys (`!` on a ticket or a customer).
pub const NOTE_KEYS: &[(&str, &str)] = &[
    ("type", "the note, the one kept filled in"),
    ("Enter", "keep it (emptied: y clears it after a question)"),
    ("Esc", "cancel: nothing kept"),
];
