//! config.toml's `[desk]` table (docs/desk.md#settings-desk-in-configtoml):
//! how long a verdict shows, how old an admission F8 may undo, what a scan
//! is read as, and the hash of the PIN leaving the desk asks for. The TUI's
//! settings and the headless commands (`admit`, `config pin`) read it here.

use std::ops::Range;
use std::path::Path;
use std::time::Duration;

use serde::Deserialize;
use toml::Spanned;

use crate::door::ScanRules;
use crate::i18n::Said;

use super::{ConfigError, default_config_path};

/// How the check-in desk behaves: config.toml's `[desk]` table.
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
    /// The zone the machine's clock is in (`crate::zone::here`; not a
    /// setting): the door's hours name the event's zone when it differs.
    pub here: String,
}

impl Default for DeskRules {
    fn default() -> Self {
        Self {
            verdict: Duration::from_secs(3),
            undo_window: Duration::from_secs(600),
            scan: ScanRules::default(),
            pin_hash: None,
            exit_lane: false,
            here: "UTC".into(),
        }
    }
}

/// config.toml's `[desk]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeskTable {
    verdict_seconds: Option<Spanned<u64>>,
    undo_minutes: Option<Spanned<u64>>,
    accept_ids: Option<bool>,
    scan_hosts: Option<Vec<String>>,
    pin_hash: Option<Spanned<String>>,
}

impl DeskTable {
    /// The rules it sets; what is wrong goes to `errors` with its line
    /// (`at`: a span's line in the file).
    pub fn rules(
        &self,
        at: impl Fn(Range<usize>) -> usize,
        errors: &mut Vec<(usize, Said)>,
    ) -> DeskRules {
        let mut desk = DeskRules::default();
        match &self.verdict_seconds {
            Some(v) if !(1..=60).contains(v.get_ref()) => errors.push((
                at(v.span()),
                Said::new("config-desk-verdict-seconds").arg("value", v.get_ref()),
            )),
            Some(v) => desk.verdict = Duration::from_secs(*v.get_ref()),
            None => {}
        }
        match &self.undo_minutes {
            Some(v) if !(1..=240).contains(v.get_ref()) => errors.push((
                at(v.span()),
                Said::new("config-desk-undo-minutes").arg("value", v.get_ref()),
            )),
            Some(v) => desk.undo_window = Duration::from_secs(60 * v.get_ref()),
            None => {}
        }
        desk.scan = ScanRules::new(
            self.accept_ids.unwrap_or(true),
            self.scan_hosts.iter().flatten(),
        );
        match &self.pin_hash {
            Some(h) if !pin_hash_reads(h.get_ref()) => {
                errors.push((at(h.span()), Said::new("config-desk-pin-hash")));
            }
            Some(h) => desk.pin_hash = Some(h.get_ref().clone()),
            None => {}
        }
        desk
    }
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

/// The text of config.toml at `path`, with the name its messages start
/// with: `None` when there is no path or no file there.
pub fn read(path: Option<&Path>) -> Result<Option<(String, String)>, ConfigError> {
    let Some(path) = path else { return Ok(None) };
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some((text, path.display().to_string()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(ConfigError::said(
            crate::i18n::Said::new("config-cannot-read")
                .arg("path", path.display())
                .arg("error", e),
        )),
    }
}

/// The `[desk]` table of the config file in the usual place (the defaults
/// when there is none): what `admit` reads a scan by.
pub fn from_env() -> Result<DeskRules, ConfigError> {
    from(&|k| std::env::var(k).ok())
}

/// `from_env` with the config file `env` names.
pub fn from(env: &dyn Fn(&str) -> Option<String>) -> Result<DeskRules, ConfigError> {
    match read(default_config_path(env).as_deref())? {
        Some((text, origin)) => parse(&text, &origin),
        None => Ok(DeskRules::default()),
    }
}

/// The `[desk]` table of config.toml's text; the rest of the file is
/// others' to read. `origin` (the file's path) starts every message,
/// `origin:line: what`.
pub fn parse(text: &str, origin: &str) -> Result<DeskRules, ConfigError> {
    /// The part of the file read here.
    #[derive(Deserialize)]
    struct File {
        desk: Option<DeskTable>,
    }
    let file: File = toml::from_str(text).map_err(|e| syntax(text, origin, &e))?;
    let mut errors = Vec::new();
    let rules = file.desk.map_or_else(DeskRules::default, |t| {
        t.rules(|span| line_of(text, span.start), &mut errors)
    });
    if errors.is_empty() {
        Ok(rules)
    } else {
        Err(said(origin, errors))
    }
}

/// A file that does not read as TOML (or as the tables expected), said
/// `origin:line: what`.
pub fn syntax(text: &str, origin: &str, e: &toml::de::Error) -> ConfigError {
    let line = e
        .span()
        .map_or(String::new(), |s| format!("{}:", line_of(text, s.start)));
    // What the parser said stays as it said it.
    ConfigError::said(
        crate::i18n::Said::new("config-toml-at")
            .arg("place", format!("{origin}:{line}"))
            .arg("error", e.message().trim()),
    )
}

/// What is wrong in a file, one `origin:line: what` a line, in the file's
/// order; each said in the reader's language where a person reads it.
pub fn said(origin: &str, mut errors: Vec<(usize, Said)>) -> ConfigError {
    errors.sort_by_key(|(line, _)| *line);
    ConfigError::lines(
        errors
            .into_iter()
            .map(|(line, message)| {
                Said::new("config-file-line")
                    .arg("place", format!("{origin}:{line}"))
                    .said("what", message)
            })
            .collect(),
    )
}

/// The 1-based line of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(0, |before| before.matches('\n').count())
        + 1
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse(text, "config.toml").unwrap_err().0
    }

    #[test]
    fn the_desk_table_sets_verdict_seconds_undo_minutes_and_a_pin_hash() {
        let hash = pin_hash("2468", "salt");
        let desk = parse(
            &format!(
                "theme = \"mono\"\n[keys.global]\nquit = \"x\"\n[desk]\nverdict_seconds = 1\nundo_minutes = 5\naccept_ids = false\npin_hash = {hash:?}\nscan_hosts = [\"Tickets.Example\"]\n"
            ),
            "c",
        )
        .unwrap();
        assert_eq!(desk.verdict, Duration::from_secs(1));
        assert_eq!(desk.undo_window, Duration::from_secs(300));
        assert!(!desk.scan.accept_ids);
        assert_eq!(desk.scan.hosts(), ["tickets.example"]);
        assert!(pin_matches(desk.pin_hash.as_deref().unwrap(), "2468"));
        assert!(!pin_matches(&hash, "2469"));
        assert!(!hash.contains("2468"));
        assert_eq!(parse("", "c").unwrap(), DeskRules::default());
        assert_eq!(
            err("[desk]\nverdict_seconds = 0\n"),
            "config.toml:2: [desk] verdict_seconds = 0: give 1 to 60"
        );
        assert!(err("[desk]\npin_hash = \"2468\"\n").contains("config.toml:2: [desk] pin_hash"));
        assert!(err("[desk]\nverdict = 3\n").contains("verdict"));
    }
}
