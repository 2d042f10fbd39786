//! The desk's keys as it writes them: one key for an action ("Ctrl-Q",
//! "F8"), the bottom line's hints at three widths, and the help panel's
//! rows — all from the keymap in effect, so what is shown is what works.

use crate::app::keymap::{Action, Keymap, Scope};
use crate::i18n::Tongue;

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
    /// The keys in effect, their words in `t`'s language.
    pub fn new(keys: &Keymap, readonly: bool, t: &Tongue) -> Self {
        Self {
            hints: [hints(keys, false, t), hints(keys, true, t)],
            leave: desk_key(keys, Action::Leave),
            help: desk_key(keys, Action::Help),
            force: desk_key(keys, Action::Force),
            help_rows: help_rows(keys, readonly, t),
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
/// admitted at two lanes) the conflicts key too; in `t`'s words.
pub fn hints(keys: &Keymap, conflicts: bool, t: &Tongue) -> [String; 3] {
    let hint = |action, id: &str| format!("{} {}", desk_key(keys, action), t.t(id));
    let join = |parts: &[(Action, &str)]| {
        let mut all: Vec<String> = parts.iter().map(|(a, id)| hint(*a, id)).collect();
        if conflicts {
            // Before the leave key, which ends the line.
            all.insert(all.len() - 1, hint(Action::Conflicts, "hint-twice"));
        }
        all.join(" · ")
    };
    [
        join(&[
            (Action::Scan, "hint-scan"),
            (Action::Help, "hint-help"),
            (Action::Enroll, "hint-walk-in"),
            (Action::Filter, "hint-name"),
            (Action::LastScans, "hint-last-scans"),
            (Action::Refresh, "hint-refresh"),
            (Action::Dashboard, "hint-door"),
            (Action::Undo, "hint-undo"),
            (Action::ExitLane, "hint-exit-lane"),
            (Action::Leave, "hint-leave"),
        ]),
        join(&[
            (Action::Help, "hint-help"),
            (Action::Enroll, "hint-walk-in"),
            (Action::Filter, "hint-name"),
            (Action::LastScans, "hint-last-scans"),
            (Action::Undo, "hint-undo"),
            (Action::Leave, "hint-leave"),
        ]),
        join(&[
            (Action::Help, "hint-help"),
            (Action::LastScans, "hint-last-scans"),
            (Action::Leave, "hint-leave"),
        ]),
    ]
}

/// The desk's keys for its help panel (keys, what): at the desk quit asks
/// as leaving does, and says so.
pub fn help_rows(keys: &Keymap, readonly: bool, t: &Tongue) -> Vec<(String, String)> {
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
            let what = help_id(b.action).map_or_else(|| b.help.to_string(), |id| t.t(id));
            (label, what)
        })
        .collect()
}

/// The catalogue's words for what a desk key does (the keymap's `help`
/// says the same in English); None: the keymap's.
fn help_id(action: Action) -> Option<&'static str> {
    Some(match action {
        Action::Scan => "help-scan",
        Action::Pick => "help-pick",
        Action::Back => "help-back",
        Action::Help => "help-help",
        Action::Enroll => "help-walk-in",
        Action::Filter => "help-name",
        Action::LastScans => "help-last-scans",
        Action::Conflicts => "help-twice",
        Action::Refresh => "help-refresh",
        Action::Dashboard => "help-door",
        Action::ExitLane => "help-exit-lane",
        Action::Undo => "help-undo",
        Action::Force => "help-force",
        Action::ClearVerdict => "help-clear",
        Action::Leave => "help-leave",
        Action::Quit => "help-quit",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Tongue;

    /// English says what each desk key does as the keymap does (`:keys`,
    /// the full app's help): the catalogue and the table never drift.
    #[test]
    fn english_says_what_each_desk_key_does_as_the_keymap_does() {
        for b in Scope::Checkin.table() {
            let id = help_id(b.action).expect("every desk key has its words");
            assert_eq!(Tongue::english().t(id), b.help, "{:?}", b.action);
        }
    }
}
