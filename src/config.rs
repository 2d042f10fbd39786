//! Where to connect and with which key (docs/configuration.md).
//!
//! Resolution is a plain function over an environment lookup and a config
//! file path, so tests run it with explicit maps and temporary files.
//!
//! Base URL, first match wins:
//! 1. `--base-url`;
//! 2. `--business SLUG` + `--api-host HOST` → `https://SLUG.HOST`;
//! 3. `BOXOFFICE_BASE_URL`;
//! 4. a profile of `config.toml` (`--profile NAME`, else `BOXOFFICE_PROFILE`,
//!    else the profile named by `default_profile`, one named `default`, or
//!    the only one).
//!
//! API key, first match wins: `BOXOFFICE_API_KEY`; the profile's
//! `api_key_command` (run with `sh -c`, stdout trimmed); the profile's
//! `api_key`, only when the file is private to its owner (0600 or 0400).
//! When the base URL came from a flag or the environment, a profile's key is
//! used only if that profile was named explicitly: a key meant for one
//! business is never sent to a URL typed for another.

pub mod desk;
mod explain;

pub use explain::{DeskDbUrl, Explained, FileState, KeySource, Source, explain};

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Deserialize;

use crate::api::ApiKey;
use crate::i18n::Said;

/// Connection choices from the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConnectionArgs {
    pub base_url: Option<String>,
    pub business: Option<String>,
    pub api_host: Option<String>,
    pub profile: Option<String>,
}

/// Where to connect and with which key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Connection {
    pub base_url: String,
    pub api_key: ApiKey,
    /// The profile used, if any (for a status bar).
    pub profile: Option<String>,
    /// The profile's `concurrency` (pages read at once), if it sets one.
    pub concurrency: Option<usize>,
    /// The profile's `concurrency_max` (the most pages read at once while
    /// the server allows), if it sets one.
    pub concurrency_max: Option<usize>,
    /// The profile's `bell` (ring on a bad scan), if it sets one.
    pub bell: Option<bool>,
}

/// Most pages read at once (`--concurrency`, a profile's `concurrency`):
/// far more than any server wants from one client, and a typo like `80000`
/// is caught.
pub const MAX_CONCURRENCY: usize = 64;

/// The config file: `[profiles.NAME]` tables and an optional default.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    pub default_profile: Option<String>,
    #[serde(default)]
    pub profiles: BTreeMap<String, Profile>,
    /// The TUI's colours: `dark`, `light`, `high-contrast` (checked, with
    /// its line, by `app::settings`).
    pub theme: Option<String>,
    /// `[keys.<screen>]` tables of the TUI (checked, with their lines, by
    /// `app::settings`).
    pub keys: Option<toml::Table>,
    /// The check-in desk's `[desk]` table (checked, with its lines, by
    /// [`desk`]).
    pub desk: Option<toml::Table>,
}

/// One business to connect to.
#[derive(Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub base_url: Option<String>,
    pub business: Option<String>,
    pub api_host: Option<String>,
    pub api_key_command: Option<String>,
    pub api_key: Option<String>,
    /// Pages read at once by a list (`--concurrency` wins).
    pub concurrency: Option<usize>,
    /// The most pages a list reads at once while the server answers
    /// without pushing back (default 16).
    pub concurrency_max: Option<usize>,
    /// `false`: no terminal bell on a bad scan at the check-in desk
    /// (`--no-bell` turns it off whatever this says).
    pub bell: Option<bool>,
    /// The door's shared desk log, a PostgreSQL URL (`--desk-db` wins);
    /// never printed with its password.
    pub desk_db: Option<String>,
    /// A command (`sh -c`) whose stdout's first line is `desk_db`'s
    /// password, when its address has none: run each time the log is
    /// opened, its output never printed nor kept.
    pub desk_db_password_command: Option<String>,
    /// The language the app speaks to people ("es"; else the locale's):
    /// `crate::i18n::choose`.
    pub language: Option<String>,
}

impl fmt::Debug for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Profile")
            .field("base_url", &self.base_url)
            .field("business", &self.business)
            .field("api_host", &self.api_host)
            .field("api_key_command", &self.api_key_command)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .field("concurrency", &self.concurrency)
            .field("concurrency_max", &self.concurrency_max)
            .field("bell", &self.bell)
            .field("language", &self.language)
            .field(
                "desk_db",
                &self.desk_db.as_deref().map(crate::store::pg::redact),
            )
            .field("desk_db_password_command", &self.desk_db_password_command)
            .finish()
    }
}

/// A configuration problem: the command exits with code 2. Its English
/// line (`.0`, its `Display`: logs, `--format json`) and, when the
/// catalogue has them, the messages that say it in the staff's language
/// where a person reads it ([`ConfigError::line`]): one, or one a line of
/// the file (config.toml's `[desk]`, `theme` and `[keys.*]`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(pub String, pub Vec<crate::i18n::Said>);

impl ConfigError {
    /// A problem as the code or a parser wrote it (a file's line, a TOML
    /// error): the same in every language.
    pub fn plain(text: impl Into<String>) -> Self {
        Self(text.into(), Vec::new())
    }

    /// A problem the catalogue's message `said` says.
    pub fn said(said: crate::i18n::Said) -> Self {
        Self(said.to_string(), vec![said])
    }

    /// Problems the catalogue's messages say, one a line.
    pub fn lines(lines: Vec<crate::i18n::Said>) -> Self {
        let english: Vec<String> = lines.iter().map(ToString::to_string).collect();
        Self(english.join("\n"), lines)
    }

    /// In `t`'s language (a plain one as it is).
    pub fn line(&self, t: &crate::i18n::Tongue) -> String {
        if self.1.is_empty() {
            return self.0.clone();
        }
        let lines: Vec<String> = self.1.iter().map(|said| t.said(said)).collect();
        lines.join("\n")
    }
}

/// A configuration problem said by the catalogue's message `said`.
fn said<T>(said: crate::i18n::Said) -> Result<T, ConfigError> {
    Err(ConfigError::said(said))
}

/// `$XDG_CONFIG_HOME/boxoffice/config.toml`, else `~/.config/boxoffice/config.toml`.
pub fn default_config_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let xdg = env("XDG_CONFIG_HOME")
        .filter(|p| Path::new(p).is_absolute())
        .map(PathBuf::from);
    let dir = xdg.or_else(|| {
        env("HOME")
            .filter(|h| !h.is_empty())
            .map(|h| Path::new(&h).join(".config"))
    })?;
    Some(dir.join("boxoffice").join("config.toml"))
}

/// Reads the config file; `None` when it does not exist.
pub fn load_file(path: &Path) -> Result<Option<ConfigFile>, ConfigError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return said(
                Said::new("config-cannot-read")
                    .arg("path", path.display())
                    .arg("error", e),
            );
        }
    };
    // What the parser said stays as it said it; the line around it is
    // in the reader's language.
    toml::from_str(&text).map(Some).map_err(|e| {
        ConfigError::said(
            Said::new("config-not-toml")
                .arg("path", path.display())
                .arg("error", one_line(&e.to_string())),
        )
    })
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn non_empty(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// `https://SLUG.HOST`, after checking both look like DNS labels.
pub fn business_url(business: &str, api_host: &str) -> Result<String, ConfigError> {
    let label_ok = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
            && !s.starts_with(['-', '.'])
            && !s.ends_with(['-', '.'])
    };
    if !label_ok(business) || business.contains('.') {
        return said(Said::new("config-business-slug").arg("slug", format!("{business:?}")));
    }
    if !label_ok(api_host) {
        return said(Said::new("config-api-host").arg("host", format!("{api_host:?}")));
    }
    Ok(format!(
        "https://{}.{}",
        business.to_ascii_lowercase(),
        api_host.to_ascii_lowercase()
    ))
}

/// The language to speak (`crate::i18n::choose`) for the profile that
/// `profile` (`--profile`), else `BOXOFFICE_PROFILE`, else the file's
/// default names, and the environment's locale; with `--demo` too. A file
/// or profile that cannot be read is said by whatever connects; here it
/// only leaves the locale to decide. A profile's language the app does not
/// speak is an error.
pub fn language(
    profile: Option<&str>,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<crate::i18n::Choice, ConfigError> {
    let path = default_config_path(env);
    let file = path.as_deref().and_then(|p| load_file(p).ok().flatten());
    let explicit =
        non_empty(profile.map(str::to_owned)).or_else(|| non_empty(env("BOXOFFICE_PROFILE")));
    let chosen = choose_profile(file.as_ref(), explicit.as_deref(), path.as_deref())
        .ok()
        .flatten();
    let named = chosen.and_then(|(name, p)| non_empty(p.language).map(|l| (name, l)));
    crate::i18n::choose(named.as_ref().map(|(n, l)| (n.as_str(), l.as_str())), env)
        .map_err(ConfigError::plain)
}

/// [`language`] in this process's environment: the language itself.
pub fn language_of(profile: Option<&str>) -> Result<crate::i18n::Lang, ConfigError> {
    let env = |k: &str| std::env::var(k).ok();
    language(profile, &env).map(|c| c.lang)
}

/// The profile chosen: explicitly (must exist) or by default.
fn choose_profile(
    file: Option<&ConfigFile>,
    explicit: Option<&str>,
    path: Option<&Path>,
) -> Result<Option<(String, Profile)>, ConfigError> {
    let shown = path.map_or_else(|| "config.toml".to_owned(), |p| p.display().to_string());
    if let Some(name) = explicit {
        let Some(file) = file else {
            return said(
                Said::new("config-profile-no-file")
                    .arg("name", format!("{name:?}"))
                    .arg("path", &shown),
            );
        };
        return match file.profiles.get(name) {
            Some(p) => Ok(Some((name.to_owned(), p.clone()))),
            None => said(
                Said::new("config-no-profile")
                    .arg("name", format!("{name:?}"))
                    .arg("path", &shown)
                    .arg("names", names(file)),
            ),
        };
    }
    let Some(file) = file else {
        return Ok(None);
    };
    if let Some(name) = &file.default_profile {
        return match file.profiles.get(name) {
            Some(p) => Ok(Some((name.clone(), p.clone()))),
            None => said(
                Said::new("config-default-profile")
                    .arg("name", format!("{name:?}"))
                    .arg("path", &shown),
            ),
        };
    }
    if let Some(p) = file.profiles.get("default") {
        return Ok(Some(("default".into(), p.clone())));
    }
    let mut all = file.profiles.iter();
    match (all.next(), all.next()) {
        (Some((name, p)), None) => Ok(Some((name.clone(), p.clone()))),
        _ => Ok(None),
    }
}

fn names(file: &ConfigFile) -> String {
    if file.profiles.is_empty() {
        return "none".into();
    }
    file.profiles.keys().cloned().collect::<Vec<_>>().join(", ")
}

/// True when group and others have no access to the file.
fn is_private(path: &Path) -> Result<bool, ConfigError> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(path).map_err(|e| {
        ConfigError::said(
            Said::new("config-cannot-read")
                .arg("path", path.display())
                .arg("error", e),
        )
    })?;
    let group_and_other = meta.permissions().mode() & 0o077;
    Ok(group_and_other == 0)
}

/// Runs `api_key_command` with `sh -c`; its trimmed stdout is the key. Its
/// stderr goes to ours (a password manager may ask something there).
fn run_key_command(command: &str) -> Result<ApiKey, ConfigError> {
    let output = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::inherit())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| ConfigError::said(Said::new("config-key-command-run").arg("error", e)))?;
    if !output.status.success() {
        let status = output.status.code().map_or_else(
            || Said::new("config-key-command-signal"),
            |c| Said::new("config-key-command-exit").arg("code", c),
        );
        return said(Said::new("config-key-command-failed").said("status", status));
    }
    let key = String::from_utf8(output.stdout)
        .map_err(|_| ConfigError::said(Said::new("config-key-command-utf8")))?;
    let key = key.trim();
    if key.is_empty() {
        return said(Said::new("config-key-command-empty"));
    }
    Ok(ApiKey::new(key))
}

fn profile_base_url(name: &str, profile: &Profile) -> Result<String, ConfigError> {
    if let Some(url) = non_empty(profile.base_url.clone()) {
        return Ok(url);
    }
    match (
        non_empty(profile.business.clone()),
        non_empty(profile.api_host.clone()),
    ) {
        (Some(b), Some(h)) => business_url(&b, &h),
        _ => said(Said::new("config-profile-url").arg("name", format!("{name:?}"))),
    }
}

/// The URL given without a profile, and by what. Flags beat the
/// environment: --base-url, then --business + --api-host, then
/// `BOXOFFICE_BASE_URL`.
fn direct_url(
    args: &ConnectionArgs,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<(String, Source)>, ConfigError> {
    match (
        non_empty(args.base_url.clone()),
        non_empty(args.business.clone()),
        non_empty(args.api_host.clone()),
    ) {
        (Some(url), _, _) => Ok(Some((url, Source::Flag("--base-url")))),
        (None, Some(b), Some(h)) => {
            business_url(&b, &h).map(|url| Some((url, Source::Flag("--business and --api-host"))))
        }
        (None, Some(_), None) => said(Said::new("config-business-needs-host")),
        (None, None, Some(_)) => said(Said::new("config-host-needs-business")),
        (None, None, None) => Ok(non_empty(env("BOXOFFICE_BASE_URL"))
            .map(|url| (url, Source::Env("BOXOFFICE_BASE_URL")))),
    }
}

/// What the arguments, the environment and the config file say before any
/// key is fetched: the part [`resolve`] and [`explain`] share, so both
/// choose alike and say so in the same words.
struct Plan {
    /// The profile named (`--profile`, `BOXOFFICE_PROFILE`), and by what.
    explicit: Option<(String, Source)>,
    /// The URL given without a profile, or why it cannot be.
    direct: Result<Option<(String, Source)>, ConfigError>,
    /// `BOXOFFICE_API_KEY` is set.
    env_key: bool,
    /// The profile in use.
    profile: Option<(String, Profile)>,
}

impl Plan {
    /// Reads the arguments and the environment; the file (through `load`)
    /// only when it is needed: for the URL, or for the key of a profile
    /// named.
    fn new(
        args: &ConnectionArgs,
        env: &dyn Fn(&str) -> Option<String>,
        config_path: Option<&Path>,
        load: impl FnOnce() -> Result<Option<ConfigFile>, ConfigError>,
    ) -> Result<Self, ConfigError> {
        let explicit = match (
            non_empty(args.profile.clone()),
            non_empty(env("BOXOFFICE_PROFILE")),
        ) {
            (Some(name), _) => Some((name, Source::Flag("--profile"))),
            (None, Some(name)) => Some((name, Source::Env("BOXOFFICE_PROFILE"))),
            (None, None) => None,
        };
        let direct = direct_url(args, env);
        let env_key = non_empty(env("BOXOFFICE_API_KEY")).is_some();
        let needs_file = !matches!(direct, Ok(Some(_))) || (!env_key && explicit.is_some());
        let profile = if needs_file {
            let file = match config_path {
                Some(_) => load()?,
                None => None,
            };
            let named = explicit.as_ref().map(|(n, _)| n.as_str());
            choose_profile(file.as_ref(), named, config_path)?
        } else {
            None
        };
        Ok(Self {
            explicit,
            direct,
            env_key,
            profile,
        })
    }

    /// The base URL and where it came from, or why there is none.
    fn base_url(&self, config_path: Option<&Path>) -> Result<(String, Source), ConfigError> {
        match (&self.direct, &self.profile) {
            (Err(e), _) => Err(e.clone()),
            (Ok(Some(found)), _) => Ok(found.clone()),
            (Ok(None), Some((name, p))) => {
                profile_base_url(name, p).map(|url| (url, Source::Profile(name.clone())))
            }
            (Ok(None), None) => {
                let no_api = Said::new("config-no-api");
                said(match config_path {
                    Some(p) => no_api.said(
                        "hint",
                        Said::new("config-no-api-profile").arg("path", p.display()),
                    ),
                    None => no_api.arg("hint", ""),
                })
            }
        }
    }

    /// The profile's `concurrency`, checked.
    fn concurrency(&self) -> Result<Option<usize>, ConfigError> {
        match &self.profile {
            Some((name, p)) => profile_concurrency(name, "concurrency", p.concurrency),
            None => Ok(None),
        }
    }

    /// The profile's `concurrency_max`, checked.
    fn concurrency_max(&self) -> Result<Option<usize>, ConfigError> {
        match &self.profile {
            Some((name, p)) => profile_concurrency(name, "concurrency_max", p.concurrency_max),
            None => Ok(None),
        }
    }

    fn bell(&self) -> Option<bool> {
        self.profile.as_ref().and_then(|(_, p)| p.bell)
    }

    /// The profile's shared desk log, if it names one.
    fn desk_db(&self) -> Option<DeskDbUrl> {
        self.profile
            .as_ref()
            .and_then(|(_, p)| non_empty(p.desk_db.clone()))
            .map(DeskDbUrl)
    }

    /// The profile's `desk_db_password_command`, if it sets one.
    fn desk_db_password_command(&self) -> Option<String> {
        self.profile
            .as_ref()
            .and_then(|(_, p)| non_empty(p.desk_db_password_command.clone()))
    }
}

/// Resolves the connection. `env` looks up an environment variable;
/// `config_path` is the config file (which need not exist).
pub fn resolve(
    args: &ConnectionArgs,
    env: &dyn Fn(&str) -> Option<String>,
    config_path: Option<&Path>,
) -> Result<Connection, ConfigError> {
    // A URL that cannot be is said before the file is read.
    direct_url(args, env)?;
    let load = || config_path.map_or(Ok(None), load_file);
    let plan = Plan::new(args, env, config_path, load)?;
    let (base_url, _) = plan.base_url(config_path)?;
    let env_key = non_empty(env("BOXOFFICE_API_KEY")).map(ApiKey::new);
    let api_key = match (env_key, &plan.profile) {
        (Some(key), _) => key,
        (None, Some((_, p))) => profile_key(p, config_path)?,
        (None, None) => {
            return said(Said::new("config-no-key"));
        }
    };
    let concurrency = plan.concurrency()?;
    Ok(Connection {
        base_url,
        api_key,
        bell: plan.bell(),
        concurrency_max: plan.concurrency_max()?,
        profile: plan.profile.map(|(name, _)| name),
        concurrency,
    })
}

fn profile_concurrency(
    name: &str,
    key: &str,
    value: Option<usize>,
) -> Result<Option<usize>, ConfigError> {
    match value {
        Some(n @ 1..=MAX_CONCURRENCY) => Ok(Some(n)),
        Some(n) => said(
            Said::new("config-concurrency")
                .arg("key", key)
                .arg("n", n)
                .arg("name", format!("{name:?}"))
                .arg("max", MAX_CONCURRENCY),
        ),
        None => Ok(None),
    }
}

fn profile_key(profile: &Profile, config_path: Option<&Path>) -> Result<ApiKey, ConfigError> {
    if let Some(command) = non_empty(profile.api_key_command.clone()) {
        return run_key_command(&command);
    }
    if let Some(key) = non_empty(profile.api_key.clone()) {
        let Some(path) = config_path else {
            return said(Said::new("config-key-no-file"));
        };
        if !is_private(path)? {
            return said(Said::new("config-readable").arg("path", path.display()));
        }
        return Ok(ApiKey::new(key));
    }
    said(Said::new("config-no-key-profile"))
}

/// The base URL alone, as [`resolve`] finds it, without getting the key:
/// no `api_key_command` is run (for `cache clear`, which sends nothing).
pub fn resolve_base_url(
    args: &ConnectionArgs,
    env: &dyn Fn(&str) -> Option<String>,
    config_path: Option<&Path>,
) -> Result<String, ConfigError> {
    // A stand-in key is never sent anywhere; with it, `resolve` reads the
    // file only for the URL, exactly as when the key is in the environment.
    let with_key = |k: &str| match k {
        "BOXOFFICE_API_KEY" => Some("unused".to_owned()),
        _ => env(k),
    };
    resolve(args, &with_key, config_path).map(|c| c.base_url)
}

/// This machine's name (a desk's default name in the desk log), or "desk".
pub fn host_name() -> String {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "desk".into())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::os::unix::fs::PermissionsExt;

    use super::*;

    use crate::store::paths::env_of as env;

    fn file(dir: &tempfile::TempDir, text: &str, mode: u32) -> PathBuf {
        let path = dir.path().join("config.toml");
        std::fs::write(&path, text).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        path
    }

    fn args() -> ConnectionArgs {
        ConnectionArgs::default()
    }

    #[test]
    fn base_url_flag_and_env_key() {
        let c = resolve(
            &ConnectionArgs {
                base_url: Some("http://127.0.0.1:8787".into()),
                ..args()
            },
            &env(&[("BOXOFFICE_API_KEY", "k1")]),
            None,
        )
        .unwrap();
        assert_eq!(c.base_url, "http://127.0.0.1:8787");
        assert_eq!(c.api_key.expose(), "k1");
    }

    #[test]
    fn flag_beats_env_and_business_builds_the_url() {
        let e = env(&[
            ("BOXOFFICE_BASE_URL", "https://env.example"),
            ("BOXOFFICE_API_KEY", "k"),
        ]);
        let c = resolve(
            &ConnectionArgs {
                base_url: Some("https://flag.example".into()),
                ..args()
            },
            &e,
            None,
        )
        .unwrap();
        assert_eq!(c.base_url, "https://flag.example");
        let c = resolve(&args(), &e, None).unwrap();
        assert_eq!(c.base_url, "https://env.example");
        let c = resolve(
            &ConnectionArgs {
                business: Some("Shop".into()),
                api_host: Some("api.example.com".into()),
                ..args()
            },
            &env(&[("BOXOFFICE_API_KEY", "k")]),
            None,
        )
        .unwrap();
        assert_eq!(c.base_url, "https://shop.api.example.com");
        assert!(
            resolve(
                &ConnectionArgs {
                    business: Some("shop".into()),
                    ..args()
                },
                &e,
                None
            )
            .is_err()
        );
        assert!(business_url("a/b", "x.com").is_err());
    }

    #[test]
    fn nothing_configured_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        let e = resolve(&args(), &env(&[]), Some(&path)).unwrap_err();
        assert!(e.0.contains("--base-url"), "{e}");
        let e = resolve(
            &ConnectionArgs {
                base_url: Some("https://x.example".into()),
                ..args()
            },
            &env(&[]),
            Some(&path),
        )
        .unwrap_err();
        assert!(e.0.contains("BOXOFFICE_API_KEY"), "{e}");
    }

    #[test]
    fn profiles_are_chosen_by_flag_env_default_or_the_only_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = file(
            &dir,
            r#"
[profiles.default]
business = "main"
api_host = "api.example.com"
api_key_command = "printf 'cmd-key\n'"

[profiles.other]
base_url = "https://other.example"
api_key = "file-key"
"#,
            0o600,
        );
        let e = env(&[]);
        let c = resolve(&args(), &e, Some(&path)).unwrap();
        assert_eq!(c.base_url, "https://main.api.example.com");
        assert_eq!(c.api_key.expose(), "cmd-key");
        assert_eq!(c.profile.as_deref(), Some("default"));

        let c = resolve(
            &ConnectionArgs {
                profile: Some("other".into()),
                ..args()
            },
            &e,
            Some(&path),
        )
        .unwrap();
        assert_eq!(
            (c.base_url.as_str(), c.api_key.expose()),
            ("https://other.example", "file-key")
        );
        let c = resolve(
            &args(),
            &env(&[("BOXOFFICE_PROFILE", "other")]),
            Some(&path),
        )
        .unwrap();
        assert_eq!(c.profile.as_deref(), Some("other"));

        let err = resolve(
            &ConnectionArgs {
                profile: Some("nope".into()),
                ..args()
            },
            &e,
            Some(&path),
        )
        .unwrap_err();
        assert!(err.0.contains("default, other"), "{err}");

        let only = tempfile::tempdir().unwrap();
        let path = file(
            &only,
            "[profiles.solo]\nbase_url = \"https://solo.example\"\n",
            0o644,
        );
        let c = resolve(&args(), &env(&[("BOXOFFICE_API_KEY", "k")]), Some(&path)).unwrap();
        assert_eq!(c.profile.as_deref(), Some("solo"));
    }

    #[test]
    fn a_key_in_a_readable_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let text = "[profiles.p]\nbase_url = \"https://p.example\"\napi_key = \"secret\"\n";
        let path = file(&dir, text, 0o644);
        let e = resolve(&args(), &env(&[]), Some(&path)).unwrap_err();
        assert!(e.0.contains("readable by others"), "{e}");
        assert!(e.0.contains("chmod 600"), "{e}");
        assert!(!e.0.contains("secret"));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o400)).unwrap();
        let c = resolve(&args(), &env(&[]), Some(&path)).unwrap();
        assert_eq!(c.api_key.expose(), "secret");
        // The environment's key wins and the file's mode is then irrelevant.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let c = resolve(&args(), &env(&[("BOXOFFICE_API_KEY", "envk")]), Some(&path)).unwrap();
        assert_eq!(c.api_key.expose(), "envk");
    }

    #[test]
    fn a_failing_key_command_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let text = "[profiles.p]\nbase_url = \"https://p.example\"\napi_key_command = \"exit 3\"\n";
        let path = file(&dir, text, 0o644);
        let e = resolve(&args(), &env(&[]), Some(&path)).unwrap_err();
        assert!(e.0.contains("api_key_command failed (exit code 3)"), "{e}");
    }

    #[test]
    fn a_typed_url_never_gets_an_implicit_profile_key() {
        let dir = tempfile::tempdir().unwrap();
        let text = "[profiles.default]\nbase_url = \"https://prod.example\"\napi_key = \"prod\"\n";
        let path = file(&dir, text, 0o600);
        let typed = ConnectionArgs {
            base_url: Some("http://127.0.0.1:1".into()),
            ..args()
        };
        assert!(resolve(&typed, &env(&[]), Some(&path)).is_err());
        let named = ConnectionArgs {
            profile: Some("default".into()),
            ..typed
        };
        let c = resolve(&named, &env(&[]), Some(&path)).unwrap();
        assert_eq!(
            (c.base_url.as_str(), c.api_key.expose()),
            ("http://127.0.0.1:1", "prod")
        );
    }

    #[test]
    fn a_profile_may_set_the_concurrency_within_bounds() {
        let dir = tempfile::tempdir().unwrap();
        let text = "[profiles.p]\nbase_url = \"https://p.example\"\nconcurrency = 3\n";
        let path = file(&dir, text, 0o600);
        let e = env(&[("BOXOFFICE_API_KEY", "k")]);
        let c = resolve(&args(), &e, Some(&path)).unwrap();
        assert_eq!(c.concurrency, Some(3));
        for bad in ["0", "65"] {
            let text =
                format!("[profiles.p]\nbase_url = \"https://p.example\"\nconcurrency = {bad}\n");
            let path = file(&dir, &text, 0o600);
            let err = resolve(&args(), &e, Some(&path)).unwrap_err();
            assert!(err.0.contains("concurrency"), "{err}");
        }
        let path = file(
            &dir,
            "[profiles.p]\nbase_url = \"https://p.example\"\nconcurrency = -3\n",
            0o600,
        );
        let err = resolve(&args(), &e, Some(&path)).unwrap_err();
        assert!(err.0.contains("concurrency"), "{err}");
        // Without a profile in use, nothing is set and the default applies.
        let c = resolve(
            &args(),
            &env(&[
                ("BOXOFFICE_API_KEY", "k"),
                ("BOXOFFICE_BASE_URL", "https://x.example"),
            ]),
            Some(&path),
        )
        .unwrap();
        assert_eq!(c.concurrency, None);
    }

    #[test]
    fn a_profile_may_turn_the_bell_off() {
        let dir = tempfile::tempdir().unwrap();
        let e = env(&[("BOXOFFICE_API_KEY", "k")]);
        let path = file(
            &dir,
            "[profiles.p]\nbase_url = \"https://p.example\"\nbell = false\n",
            0o600,
        );
        assert_eq!(resolve(&args(), &e, Some(&path)).unwrap().bell, Some(false));
        let path = file(
            &dir,
            "[profiles.p]\nbase_url = \"https://p.example\"\n",
            0o600,
        );
        assert_eq!(resolve(&args(), &e, Some(&path)).unwrap().bell, None);
        let path = file(
            &dir,
            "[profiles.p]\nbase_url = \"https://p.example\"\nbell = \"no\"\n",
            0o600,
        );
        assert!(
            resolve(&args(), &e, Some(&path))
                .unwrap_err()
                .0
                .contains("bell")
        );
    }

    #[test]
    fn the_base_url_alone_runs_no_key_command() {
        let dir = tempfile::tempdir().unwrap();
        let text = "[profiles.p]\nbase_url = \"https://p.example\"\napi_key_command = \"exit 3\"\n";
        let path = file(&dir, text, 0o600);
        assert!(resolve(&args(), &env(&[]), Some(&path)).is_err());
        let url = resolve_base_url(&args(), &env(&[]), Some(&path)).unwrap();
        assert_eq!(url, "https://p.example");
    }

    #[test]
    fn config_path_follows_xdg_then_home() {
        let p = default_config_path(&env(&[("XDG_CONFIG_HOME", "/x"), ("HOME", "/h")])).unwrap();
        assert_eq!(p, Path::new("/x/boxoffice/config.toml"));
        let p = default_config_path(&env(&[("XDG_CONFIG_HOME", "rel"), ("HOME", "/h")])).unwrap();
        assert_eq!(p, Path::new("/h/.config/boxoffice/config.toml"));
        assert!(default_config_path(&env(&[])).is_none());
    }

    /// `explain` (config show, doctor) says what `resolve` does, for every
    /// way of choosing the URL, the profile and the key.
    #[test]
    fn explain_agrees_with_resolve() {
        let dir = tempfile::tempdir().unwrap();
        let path = file(
            &dir,
            "default_profile = \"main\"\n\
             [profiles.main]\nbusiness = \"main\"\napi_host = \"api.example.com\"\napi_key_command = \"echo k\"\nconcurrency = 4\n\
             [profiles.filed]\nbase_url = \"https://filed.example\"\napi_key = \"f\"\nbell = false\n",
            0o600,
        );
        let flags = [
            args(),
            ConnectionArgs {
                profile: Some("filed".into()),
                ..args()
            },
            ConnectionArgs {
                base_url: Some("https://typed.example".into()),
                ..args()
            },
            ConnectionArgs {
                business: Some("b".into()),
                api_host: Some("h.example".into()),
                profile: Some("main".into()),
                ..args()
            },
            ConnectionArgs {
                profile: Some("nope".into()),
                ..args()
            },
        ];
        let envs = [
            env(&[]),
            env(&[("BOXOFFICE_API_KEY", "e")]),
            env(&[("BOXOFFICE_BASE_URL", "https://env.example")]),
            env(&[("BOXOFFICE_PROFILE", "filed"), ("BOXOFFICE_API_KEY", "e")]),
        ];
        for a in &flags {
            for e in &envs {
                let resolved = resolve(a, e, Some(&path));
                let explained = explain(a, e, Some(&path));
                let case = format!("{a:?}");
                match (&resolved, &explained) {
                    (Ok(c), Ok(x)) => {
                        assert_eq!(x.base_url.as_ref().unwrap().0, c.base_url, "{case}");
                        assert_eq!(
                            x.profile.as_ref().map(|p| &p.0),
                            c.profile.as_ref(),
                            "{case}"
                        );
                        assert_eq!((x.concurrency, x.bell), (c.concurrency, c.bell), "{case}");
                        let expected = match c.api_key.expose() {
                            "e" => KeySource::Env,
                            "k" => KeySource::Command("main".into()),
                            "f" => KeySource::File("filed".into()),
                            other => panic!("{other}"),
                        };
                        assert_eq!(x.key, expected, "{case}");
                    }
                    // No URL or no key: explain says so instead of failing.
                    (Err(_), Ok(x)) => {
                        assert!(
                            x.base_url.is_err() || x.key == KeySource::NotSet,
                            "{case}: {x:?}"
                        );
                    }
                    (Err(_), Err(_)) => {}
                    (Ok(_), Err(e)) => panic!("{case}: explain failed: {e}"),
                }
            }
        }
    }

    #[test]
    fn unknown_fields_and_bad_toml_are_reported_with_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = file(&dir, "[profiles.p]\nbase_ur = \"x\"\n", 0o600);
        let e = resolve(&args(), &env(&[]), Some(&path)).unwrap_err();
        assert!(
            e.0.contains("config.toml") && e.0.contains("base_ur"),
            "{e}"
        );
        assert!(!e.0.contains('\n'));
    }
}
