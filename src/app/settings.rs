//! What config.toml says about the TUI itself: `theme = "…"`, the
//! `[keys.<screen>]` tables (docs/configuration.md, "Keys and themes in
//! config.toml") and the desk's `[desk]` table ([`crate::config::desk`]).
//! Read once at start, for the business and for `--demo` alike; any problem
//! is a [`ConfigError`] naming the file and the line, and the app does not
//! start.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::config::desk::{self, DeskTable};
use crate::config::{ConfigError, default_config_path};
use crate::i18n::Said;
use crate::ui::theme::ThemeName;

use super::keymap::{Action, Key, Keymap, Rebind, Scope};

// The desk's table is the desk's own (`admit` reads it too).
pub use crate::config::desk::{DeskRules, pin_matches};

/// The theme and the keys the TUI runs with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    pub theme: ThemeName,
    pub keymap: Arc<Keymap>,
    /// config.toml's `[desk]` table.
    pub desk: DeskRules,
    /// The language the TUI speaks (`i18n::choose`, at start).
    pub lang: crate::i18n::Lang,
}

/// The part of config.toml read here; the rest is `config::ConfigFile`'s.
#[derive(Deserialize)]
struct File {
    theme: Option<Spanned<String>>,
    #[serde(default)]
    keys: BTreeMap<Spanned<String>, BTreeMap<Spanned<String>, Spanned<OneOrMany>>>,
    desk: Option<DeskTable>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

/// The settings from the config file in the usual place
/// (`$XDG_CONFIG_HOME/boxoffice/config.toml`, else under `~/.config`), with
/// `--theme` (`theme_flag`) winning over the file's theme.
pub fn from_env(theme_flag: Option<ThemeName>) -> Result<Settings, ConfigError> {
    let env = |k: &str| std::env::var(k).ok();
    load(default_config_path(&env).as_deref(), theme_flag)
}

/// The settings from `path` (the defaults when there is none or it does not
/// exist), `theme_flag` winning over the file's theme.
pub fn load(path: Option<&Path>, theme_flag: Option<ThemeName>) -> Result<Settings, ConfigError> {
    let mut settings = match desk::read(path)? {
        Some((text, origin)) => parse(&text, &origin)?,
        None => Settings::default(),
    };
    if let Some(theme) = theme_flag {
        settings.theme = theme;
    }
    Ok(settings)
}

/// Reads the theme and the keys from config.toml's text; `origin` (the
/// file's path) starts every message, `origin:line: what`.
pub fn parse(text: &str, origin: &str) -> Result<Settings, ConfigError> {
    let file: File = toml::from_str(text).map_err(|e| desk::syntax(text, origin, &e))?;
    let at = |span: std::ops::Range<usize>| desk::line_of(text, span.start);
    let mut errors: Vec<(usize, Said)> = Vec::new();

    let theme = match &file.theme {
        None => ThemeName::default(),
        Some(name) => ThemeName::parse(name.get_ref()).unwrap_or_else(|| {
            errors.push((
                at(name.span()),
                Said::new("config-theme-unknown")
                    .arg("name", format!("{:?}", name.get_ref()))
                    .arg("themes", ThemeName::ALL.map(ThemeName::name).join(", ")),
            ));
            ThemeName::default()
        }),
    };

    let mut rebinds = Vec::new();
    for (screen, actions) in &file.keys {
        let name = screen.get_ref().as_str();
        let scope = if name == "global" {
            None
        } else if let Some(scope) = Scope::from_name(name) {
            Some(scope)
        } else {
            errors.push((
                at(screen.span()),
                Said::new("config-keys-no-screen")
                    .arg("name", name)
                    .arg("screens", Scope::ALL.map(Scope::name).join(", ")),
            ));
            continue;
        };
        for (action_name, keys) in actions {
            let line = at(action_name.span());
            let Some(action) = Action::from_name(action_name.get_ref()) else {
                errors.push((
                    line,
                    Said::new("config-keys-no-action")
                        .arg("name", format!("{:?}", action_name.get_ref()))
                        .arg(
                            "actions",
                            Action::ALL
                                .into_iter()
                                .filter(|a| !a.fixed_keys())
                                .map(Action::name)
                                .collect::<Vec<_>>()
                                .join(", "),
                        ),
                ));
                continue;
            };
            let texts: Vec<&str> = match keys.get_ref() {
                OneOrMany::One(one) => vec![one.as_str()],
                OneOrMany::Many(many) => many.iter().map(String::as_str).collect(),
            };
            let mut parsed = Vec::new();
            for text in texts {
                match Key::parse(text) {
                    Ok(key) => parsed.push(key),
                    Err(message) => errors.push((line, message)),
                }
            }
            rebinds.push(Rebind {
                scope,
                action,
                keys: parsed,
                line,
            });
        }
    }
    let desk = file
        .desk
        .map_or_else(DeskRules::default, |t| t.rules(at, &mut errors));
    // Bindings are checked once every name and key could be read.
    let keymap = if errors.is_empty() {
        match Keymap::build(&Scope::ALL, &rebinds) {
            Ok(map) => map,
            Err(found) => {
                errors.extend(found.into_iter().map(|e| (e.line, e.message)));
                Keymap::default()
            }
        }
    } else {
        Keymap::default()
    };
    if !errors.is_empty() {
        return Err(desk::said(origin, errors));
    }
    Ok(Settings {
        theme,
        keymap: Arc::new(keymap),
        desk,
        lang: crate::i18n::Lang::EN,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;

    fn err(text: &str) -> String {
        parse(text, "config.toml").unwrap_err().0
    }

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    /// The desk's table is read as `admit` reads it, and its mistakes are
    /// said in the file's order with the others'.
    #[test]
    fn the_desk_table_is_the_desks_own_reading() {
        let text = "theme = \"light\"\n[desk]\nundo_minutes = 5\naccept_ids = false\n";
        assert_eq!(
            parse(text, "c").unwrap().desk,
            desk::parse(text, "c").unwrap()
        );
        let said = err("theme = \"nope\"\n[desk]\nverdict_seconds = 0\n[keys.nowhere]\n");
        let lines: Vec<&str> = said.lines().map(|l| &l[..l.find(": ").unwrap()]).collect();
        assert_eq!(
            lines,
            ["config.toml:1", "config.toml:3", "config.toml:4"],
            "{said}"
        );
    }

    #[test]
    fn no_keys_and_no_theme_are_the_defaults() {
        let s = parse(
            "default_profile = \"x\"\n[profiles.x]\nbase_url = \"https://a\"\n",
            "c",
        )
        .unwrap();
        assert_eq!(s, Settings::default());
        assert_eq!(*s.keymap, Keymap::default());
    }

    #[test]
    fn a_global_binding_replaces_the_default_everywhere_but_the_desk() {
        let s = parse("[keys.global]\nhelp = \"F1\"\n", "c").unwrap();
        let map = &s.keymap;
        for scope in Scope::ALL {
            if scope == Scope::Checkin {
                continue;
            }
            assert_eq!(map.lookup(scope, &press(KeyCode::F(1))), Some(Action::Help));
            assert_eq!(
                map.lookup(scope, &press(KeyCode::Char('?'))),
                None,
                "{scope:?}"
            );
        }
        assert_eq!(
            map.lookup(Scope::Checkin, &press(KeyCode::F(1))),
            Some(Action::Help)
        );
    }

    #[test]
    fn a_list_of_keys_and_key_names_in_any_case() {
        let s = parse(
            "theme = \"light\"\n[keys.global]\nhelp = [\"?\", \"f1\"]\n[keys.tickets]\nrevoke = \"Ctrl-D\"\nnext_tab = [\"n\", \"TAB\"]\nprev_tab = \"shift-tab\"\n",
            "c",
        )
        .unwrap();
        assert_eq!(s.theme, ThemeName::Light);
        let map = &s.keymap;
        assert_eq!(map.label(Scope::Events, Action::Help).unwrap(), "?/F1");
        let ctrl_d = KeyEvent::new(KeyCode::Char('d'), KeyModifiers::CONTROL);
        assert_eq!(map.lookup(Scope::Tickets, &ctrl_d), Some(Action::Revoke));
        assert_eq!(
            map.lookup(Scope::Tickets, &press(KeyCode::Char('n'))),
            Some(Action::NextTab)
        );
        // The defaults of a rebound action are gone.
        assert_eq!(map.lookup(Scope::Tickets, &press(KeyCode::Right)), None);
        assert_eq!(map.lookup(Scope::Tickets, &press(KeyCode::Left)), None);
        assert_eq!(
            map.lookup(Scope::Tickets, &press(KeyCode::BackTab)),
            Some(Action::PrevTab)
        );
    }

    #[test]
    fn unknown_action_screen_and_key_are_reported_with_their_lines() {
        let e = err("theme = \"dark\"\n\n[keys.tickets]\nrevoke = \"d\"\nexplode = \"e\"\n");
        assert!(
            e.starts_with("config.toml:5: \"explode\" is not an action"),
            "{e}"
        );
        let e = err("[keys.tickts]\nrevoke = \"d\"\n");
        assert!(
            e.starts_with("config.toml:1: [keys.tickts]: no such screen"),
            "{e}"
        );
        let e = err("[keys.tickets]\n\nrevoke = \"Hyper-d\"\n");
        assert!(
            e.starts_with("config.toml:3: \"Hyper-d\" is not a key"),
            "{e}"
        );
        let e = err("[keys.events]\nrevoke = \"d\"\n");
        assert!(
            e.starts_with(
                "config.toml:2: [keys.events] revoke: not an action of the events screen"
            ),
            "{e}"
        );
        // Every problem, each on its line.
        let e = err("[keys.events]\nfoo = \"d\"\nbar = \"e\"\n");
        assert_eq!(e.lines().count(), 2, "{e}");
        assert!(
            e.lines().nth(1).unwrap().starts_with("config.toml:3:"),
            "{e}"
        );
    }

    #[test]
    fn a_clash_with_a_default_or_another_binding_is_reported_with_the_line() {
        // `e` enrolls on the tickets screen and was not rebound.
        let e = err("[keys.tickets]\n# revoke where enroll is\nrevoke = \"e\"\n");
        assert!(e.starts_with("config.toml:3: e on the tickets screen is bound to both revoke and enroll (its default)"), "{e}");
        // Two bindings of the file on one key.
        let e = err("[keys.ticket]\nrevoke = \"z\"\ncopy = \"z\"\n");
        assert!(
            e.contains("config.toml:2:") || e.contains("config.toml:3:"),
            "{e}"
        );
        assert!(e.contains("z on the ticket screen"), "{e}");
        // A global key that a screen already uses.
        let e = err("[keys.global]\nrefresh = \"s\"\n");
        assert!(
            e.contains(
                "config.toml:2: s on the events screen is bound to both refresh and sort_next"
            ),
            "{e}"
        );
        // Moving the clashing default away makes it fine.
        parse("[keys.tickets]\nrevoke = \"e\"\nenroll = \"E\"\n", "c").unwrap();
    }

    #[test]
    fn the_desk_refuses_printable_keys_and_quit_must_be_a_control_key() {
        let e = err("[keys.desk]\nundo = \"u\"\n");
        assert!(
            e.starts_with(
                "config.toml:2: [keys.desk] undo = \"u\": the desk's input takes every letter"
            ),
            "{e}"
        );
        parse(
            "[keys.desk]\nundo = \"F10\"\nhelp = [\"F1\", \"Ctrl-h\"]\n",
            "c",
        )
        .unwrap();
        let e = err("[keys.global]\nquit = \"Q\"\n");
        assert!(e.contains("quit must be a Ctrl- or F-key"), "{e}");
        let e = err("[keys.events]\nquit = \"Ctrl-q\"\n");
        assert!(e.contains("set it under [keys.global]"), "{e}");
        let e = err("[keys.events]\nroot_tab = \"x\"\n");
        assert!(e.contains("cannot be changed"), "{e}");
        let e = err("[keys.global]\nquit = \"Ctrl-z\"\n");
        assert!(e.contains("Ctrl-z suspends"), "{e}");
        let e = err("[keys.global]\nrevoke = \"d\"\n");
        assert!(e.contains("not a global action"), "{e}");
    }

    #[test]
    fn an_unknown_theme_and_bad_types_are_reported_with_the_line() {
        let e = err("# mine\ntheme = \"solarized\"\n");
        assert!(
            e.starts_with(
                "config.toml:2: theme \"solarized\" is not one of dark, light, high-contrast"
            ),
            "{e}"
        );
        let e = err("[keys.tickets]\nrevoke = 4\n");
        assert!(e.starts_with("config.toml:2:"), "{e}");
        let e = err("[keys.tickets]\nrevoke = []\n");
        assert!(e.contains("give at least one key"), "{e}");
    }

    #[test]
    fn the_readme_example_is_read_as_it_says() {
        let readme = include_str!("../../docs/configuration.md");
        let start = readme
            .find("```toml\ntheme = ")
            .expect("the example in docs/configuration.md")
            + 8;
        let block = &readme[start..];
        let block = &block[..block.find("```").unwrap()];
        let s = parse(block, "docs/configuration.md").unwrap();
        assert_eq!(s.theme, ThemeName::Light);
        let map = &s.keymap;
        assert_eq!(map.label(Scope::Events, Action::Help).unwrap(), "?/F1");
        assert_eq!(map.label(Scope::Tickets, Action::Revoke).unwrap(), "d");
        assert_eq!(map.label(Scope::Ticket, Action::Revoke).unwrap(), "x");
        assert_eq!(map.label(Scope::Checkin, Action::Undo).unwrap(), "F10");
        assert!(map.quits(&KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL)));
        assert!(!map.quits(&KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)));
    }

    #[test]
    fn the_theme_flag_wins_and_a_missing_file_is_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        assert_eq!(load(Some(&path), None).unwrap(), Settings::default());
        std::fs::write(&path, "theme = \"light\"\n[keys.global]\nhelp = \"F1\"\n").unwrap();
        let s = load(Some(&path), None).unwrap();
        assert_eq!(s.theme, ThemeName::Light);
        let s = load(Some(&path), Some(ThemeName::HighContrast)).unwrap();
        assert_eq!(s.theme, ThemeName::HighContrast);
        assert_eq!(s.keymap.label(Scope::Events, Action::Help).unwrap(), "F1");
        std::fs::write(&path, "\n\ntheme = \"x\"\n").unwrap();
        let e = load(Some(&path), Some(ThemeName::Dark)).unwrap_err().0;
        assert!(
            e.starts_with(&format!("{}:3: theme", path.display())),
            "{e}"
        );
    }
}
