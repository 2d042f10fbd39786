//! The desk's keys as it writes them: one key for an action ("Ctrl-Q",
//! "F8"), the bottom line's hints at three widths, and the help panel's
//! rows — all from the keymap in effect, so what is shown is what works.

use crate::app::keymap::{Action, Keymap, Scope};

/// The desk's keys as it writes them, read once from the keymap in effect.
#[derive(Debug, Clone)]
pub struct DeskKeys {
    /// The bottom line (long, middle, short), without and with F6.
    pub hints: [[String; 3]; 2],
    /// The keys that leave, open help and admit anyway outside the hours.
    pub leave: String,
    pub help: String,
    pub force: String,
    /// The help panel's rows (keys, what).
    pub help_rows: Vec<(String, String)>,
}

impl DeskKeys {
    pub fn new(keys: &Keymap, readonly: bool) -> Self {
        Self {
            hints: [hints(keys, false), hints(keys, true)],
            leave: desk_key(keys, Action::Leave),
            help: desk_key(keys, Action::Help),
            force: desk_key(keys, Action::Force),
            help_rows: help_rows(keys, readonly),
        }
    }
}

/// The desk's key for `action` as the desk writes it ("Ctrl-Q", "F8"):
/// the bottom line, the status bar and the leave question agree.
pub fn desk_key(keys: &Keymap, action: Action) -> String {
    let label = keys.label(Scope::Checkin, action).unwrap_or_default();
    match label.strip_prefix("Ctrl-") {
        Some(rest) => format!("Ctrl-{}", rest.to_uppercase()),
        None => label,
    }
}

/// The desk's keys in effect, as the bottom line shows them (long, middle,
/// short): by default "Enter scan · F1 help · F2 walk-in · F3 name · F4 last
/// scans · F5 refresh · F8 undo · Ctrl-Q leave"; with `conflicts` (tickets
/// admitted at two lanes) the conflicts key too.
pub fn hints(keys: &Keymap, conflicts: bool) -> [String; 3] {
    let key = |action| desk_key(keys, action);
    let f6 = if conflicts {
        format!(" · {} admitted twice", key(Action::Conflicts))
    } else {
        String::new()
    };
    [
        format!(
            "{} scan · {} help · {} walk-in · {} name · {} last scans · {} refresh · {} door · {} undo · {} exit lane{f6} · {} leave",
            key(Action::Scan),
            key(Action::Help),
            key(Action::Enroll),
            key(Action::Filter),
            key(Action::LastScans),
            key(Action::Refresh),
            key(Action::Dashboard),
            key(Action::Undo),
            key(Action::ExitLane),
            key(Action::Leave),
        ),
        format!(
            "{} help · {} walk-in · {} name · {} last scans · {} undo{f6} · {} leave",
            key(Action::Help),
            key(Action::Enroll),
            key(Action::Filter),
            key(Action::LastScans),
            key(Action::Undo),
            key(Action::Leave),
        ),
        format!(
            "{} help · {} last scans{f6} · {} leave",
            key(Action::Help),
            key(Action::LastScans),
            key(Action::Leave),
        ),
    ]
}

/// The desk's keys for its help panel (keys, what): at the desk quit asks
/// as leaving does, and says so.
pub fn help_rows(keys: &Keymap, readonly: bool) -> Vec<(String, String)> {
    keys.table(Scope::Checkin)
        .iter()
        .filter(|b| !(readonly && b.action.writes()))
        .map(|b| {
            let label = b
                .keys
                .iter()
                .map(crate::app::keymap::Key::label)
                .collect::<Vec<_>>()
                .join("/");
            let what = if b.action == Action::Quit {
                "leave the desk, as the leave key (asks)".to_string()
            } else {
                b.help.to_string()
            };
            (label, what)
        })
        .collect()
}
