//! What config.toml says about the TUI itself: `theme = "…"` and the
//! `[keys.<screen>]` tables (docs/configuration.md, "Keys and themes in config.toml").
//! Read once at start, for the business and for `--demo` alike; any problem
//! is a [`ConfigError`] naming the file and the line, and the app does not
//! start.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use toml::Spanned;

use crate::config::{ConfigError, default_config_path};
use crate::door::ScanRules;
use crate::ui::theme::ThemeName;

use super::keymap::{Action, Key, Keymap, Rebind, Scope};

/// The theme and the keys the TUI runs with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    pub theme: ThemeName,
    pub keymap: Arc<Keymap>,
    /// config.toml's `[desk]` table.
    pub desk: DeskRules,
}

/// How the check-in desk behaves: config.toml's `[desk]` table
/// (docs/desk.md#settings-desk-in-configtoml).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeskRules {
    /// A VALID verdict gives way to "ready" after this long
    /// (`verdict_seconds`, default 3).
    pub verdict: Duration,
    /// F8 undoes an admission at most this old (`undo_minutes`, default 10).
    pub undo_window: Duration,
    /// What a scan is read as: digits alone an id (`accept_ids`, default
    /// true), links from which hosts (`scan_hosts`; `main` adds the
    /// business's own).
    pub scan: ScanRules,
    /// Leaving the desk asks for the PIN whose hash this is (`pin_hash`,
    /// written by `boxoffice config pin`).
    pub pin_hash: Option<String>,
    /// The desk opens as an exit lane (`checkin --exit`; not a setting).
    pub exit_lane: bool,
}

impl Default for DeskRules {
    fn default() -> Self {
        Self {
            verdict: Duration::from_secs(3),
            undo_window: Duration::from_secs(600),
            scan: ScanRules::default(),
            pin_hash: None,
            exit_lane: false,
        }
    }
}

/// config.toml's `[desk]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeskTable {
    verdict_seconds: Option<Spanned<u64>>,
    undo_minutes: Option<Spanned<u64>>,
    accept_ids: Option<bool>,
    scan_hosts: Option<Vec<String>>,
    pin_hash: Option<Spanned<String>>,
}

const PIN_ROUNDS: u32 = 20_000;

/// The `pin_hash` of `pin` with `salt`: "sha256:<rounds>:<salt>:<hex>" (a
/// door PIN is short: the hash keeps it out of the file, no more).
pub fn pin_hash(pin: &str, salt: &str) -> String {
    format!(
        "sha256:{PIN_ROUNDS}:{salt}:{}",
        pin_digest(pin, salt, PIN_ROUNDS)
    )
}

fn pin_digest(pin: &str, salt: &str, rounds: u32) -> String {
    use sha2::{Digest, Sha256};
    use std::fmt::Write as _;
    let mut d = Sha256::digest(format!("{salt}:{pin}").as_bytes());
    for _ in 1..rounds {
        d = Sha256::digest(d);
    }
    d.iter().fold(String::with_capacity(64), |mut hex, b| {
        let _ = write!(hex, "{b:02x}");
        hex
    })
}

/// A salt for [`pin_hash`]: 16 hex digits from the clock and the process.
pub fn new_salt() -> String {
    use sha2::{Digest, Sha256};
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let d = Sha256::digest(format!("{nanos}:{}", std::process::id()).as_bytes());
    d.iter().take(8).fold(String::new(), |mut hex, b| {
        use std::fmt::Write as _;
        let _ = write!(hex, "{b:02x}");
        hex
    })
}

/// Whether `pin` is the one `hash` was made of.
pub fn pin_matches(hash: &str, pin: &str) -> bool {
    let mut parts = hash.splitn(4, ':');
    let (Some("sha256"), Some(rounds), Some(salt), Some(hex)) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    rounds
        .parse()
        .is_ok_and(|r| pin_digest(pin, salt, r) == hex)
}

fn pin_hash_reads(hash: &str) -> bool {
    let parts: Vec<&str> = hash.splitn(4, ':').collect();
    matches!(parts.as_slice(), ["sha256", rounds, _, hex]
        if rounds.parse::<u32>().is_ok_and(|r| r > 0) && hex.len() == 64)
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
    let text = match path.map(std::fs::read_to_string) {
        None => None,
        Some(Ok(text)) => Some(text),
        Some(Err(e)) if e.kind() == std::io::ErrorKind::NotFound => None,
        Some(Err(e)) => {
            let shown = path.map(Path::display);
            return Err(ConfigError(format!(
                "cannot read {}: {e}",
                shown.map(|p| p.to_string()).unwrap_or_default()
            )));
        }
    };
    let mut settings = match (path, text) {
        (Some(path), Some(text)) => parse(&text, &path.display().to_string())?,
        _ => Settings::default(),
    };
    if let Some(theme) = theme_flag {
        settings.theme = theme;
    }
    Ok(settings)
}

/// Reads the theme and the keys from config.toml's text; `origin` (the
/// file's path) starts every message, `origin:line: what`.
pub fn parse(text: &str, origin: &str) -> Result<Settings, ConfigError> {
    let file: File = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map_or(String::new(), |s| format!("{}:", line_of(text, s.start)));
        ConfigError(format!("{origin}:{line} {}", e.message().trim()))
    })?;
    let at = |span: std::ops::Range<usize>| line_of(text, span.start);
    let mut errors: Vec<(usize, String)> = Vec::new();

    let theme = match &file.theme {
        None => ThemeName::default(),
        Some(name) => ThemeName::parse(name.get_ref()).unwrap_or_else(|| {
            errors.push((
                at(name.span()),
                format!(
                    "theme {:?} is not one of {}",
                    name.get_ref(),
                    ThemeName::ALL.map(ThemeName::name).join(", ")
                ),
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
                format!(
                    "[keys.{name}]: no such screen (screens: global, {})",
                    Scope::ALL.map(Scope::name).join(", ")
                ),
            ));
            continue;
        };
        for (action_name, keys) in actions {
            let line = at(action_name.span());
            let Some(action) = Action::from_name(action_name.get_ref()) else {
                errors.push((
                    line,
                    format!(
                        "{:?} is not an action (actions: {})",
                        action_name.get_ref(),
                        Action::ALL
                            .into_iter()
                            .filter(|a| !a.fixed_keys())
                            .map(Action::name)
                            .collect::<Vec<_>>()
                            .join(", ")
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
    let mut desk = DeskRules::default();
    if let Some(t) = &file.desk {
        match &t.verdict_seconds {
            Some(v) if !(1..=60).contains(v.get_ref()) => errors.push((
                at(v.span()),
                format!("[desk] verdict_seconds = {}: give 1 to 60", v.get_ref()),
            )),
            Some(v) => desk.verdict = Duration::from_secs(*v.get_ref()),
            None => {}
        }
        match &t.undo_minutes {
            Some(v) if !(1..=240).contains(v.get_ref()) => errors.push((
                at(v.span()),
                format!("[desk] undo_minutes = {}: give 1 to 240", v.get_ref()),
            )),
            Some(v) => desk.undo_window = Duration::from_secs(60 * v.get_ref()),
            None => {}
        }
        desk.scan = ScanRules::new(t.accept_ids.unwrap_or(true), t.scan_hosts.iter().flatten());
        match &t.pin_hash {
            Some(h) if !pin_hash_reads(h.get_ref()) => errors.push((
                at(h.span()),
                "[desk] pin_hash: not a hash `boxoffice config pin` wrote (the PIN itself is \
                 never written here)"
                    .into(),
            )),
            Some(h) => desk.pin_hash = Some(h.get_ref().clone()),
            None => {}
        }
    }
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
        errors.sort_by_key(|(line, _)| *line);
        let lines: Vec<String> = errors
            .into_iter()
            .map(|(line, message)| format!("{origin}:{line}: {message}"))
            .collect();
        return Err(ConfigError(lines.join("\n")));
    }
    Ok(Settings {
        theme,
        keymap: Arc::new(keymap),
        desk,
    })
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(0, |before| before.matches('\n').count())
        + 1
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

    #[test]
    fn the_desk_table_sets_verdict_seconds_undo_minutes_and_a_pin_hash() {
        let hash = pin_hash("2468", "salt");
        let s = parse(
            &format!(
                "[desk]\nverdict_seconds = 1\nundo_minutes = 5\naccept_ids = false\npin_hash = {hash:?}\nscan_hosts = [\"Tickets.Example\"]\n"
            ),
            "c",
        )
        .unwrap();
        assert_eq!(s.desk.verdict, Duration::from_secs(1));
        assert_eq!(s.desk.undo_window, Duration::from_secs(300));
        assert!(!s.desk.scan.accept_ids);
        assert_eq!(s.desk.scan.hosts(), ["tickets.example"]);
        assert!(pin_matches(s.desk.pin_hash.as_deref().unwrap(), "2468"));
        assert!(!pin_matches(&hash, "2469"));
        assert!(!hash.contains("2468"));
        assert_eq!(
            err("[desk]\nverdict_seconds = 0\n"),
            "config.toml:2: [desk] verdict_seconds = 0: give 1 to 60"
        );
        assert!(err("[desk]\npin_hash = \"2468\"\n").contains("config.toml:2: [desk] pin_hash"));
        assert!(err("[desk]\nverdict = 3\n").contains("verdict"));
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
