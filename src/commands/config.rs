//! `boxoffice config init|show|path|pin` (docs/configuration.md): write a
//! commented config.toml, show the effective configuration and where each
//! value came from, print where the file is. None of them gets or prints
//! the key.

use std::fs::{OpenOptions, Permissions};
use std::io::{self, BufRead, IsTerminal, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

use super::Failure;
use crate::api::client::check_base_url;
use crate::cli::{ConfigCommand, GlobalArgs, InitArgs};
use crate::config::{self, FileState, Source, desk};
use crate::i18n::Tongue;
use crate::sanitize::clean;
use crate::store::paths;
use crate::ui::theme::ThemeName;

/// Runs `boxoffice config …` with the process's environment, stdin and stdout.
pub fn run(global: &GlobalArgs, command: ConfigCommand) -> Result<(), Failure> {
    let env = |k: &str| std::env::var(k).ok();
    let path = config::default_config_path(&env)
        .ok_or_else(|| Failure::Config(crate::i18n::Said::new("config-no-place").into()))?;
    let t = super::words(global);
    let mut out = io::stdout().lock();
    let result = match command {
        ConfigCommand::Path => writeln!(out, "{}", path.display()),
        ConfigCommand::Pin => {
            let mut pin = String::new();
            let unechoed = Unechoed::stdin();
            if io::stdin().is_terminal() {
                eprint!(
                    "{} ",
                    t.ta("config-pin-ask", &[("shown", &unechoed.says(t))])
                );
            }
            io::stdin().read_line(&mut pin).map_err(|e| {
                Failure::Other(t.ta("config-pin-cannot-read", &[("error", &e)]).into())
            })?;
            drop(unechoed);
            let hash = pin_of(&pin, t)
                .and_then(|hash| hash.ok_or_else(|| pin_too_short(t)))
                .map_err(|e| Failure::Usage(e.into()))?;
            writeln!(
                out,
                "# under [desk] in {}:\npin_hash = \"{hash}\"",
                path.display()
            )
        }
        ConfigCommand::Show => {
            let text = show(global, &env, &path, t)?;
            out.write_all(text.as_bytes())
        }
        ConfigCommand::Init(args) => {
            // Before any question: an answer given for nothing is a waste.
            if path.exists() && !args.force {
                return Err(already_there(&path, t));
            }
            let stdin = io::stdin();
            let asking = stdin.is_terminal();
            // Questions are shown to a person; a script's lines need none.
            let mut prompt: Box<dyn Write> = if asking {
                Box::new(io::stderr())
            } else {
                Box::new(io::sink())
            };
            if asking {
                let _ = writeln!(
                    prompt,
                    "{}",
                    t.ta("config-init-writing", &[("path", &path.display())])
                );
            }
            let answers = ask(global, &args, &mut stdin.lock(), &mut prompt, asking, t)?;
            write_config(&path, &render(&answers), args.force, t)?;
            out.write_all(written_note(&path, &answers, t).as_bytes())
        }
    };
    super::written(result.and_then(|()| out.flush())).map(drop)
}

/// What `config init` writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answers {
    pub profile: String,
    pub place: Place,
    /// `None`: the key comes from `BOXOFFICE_API_KEY`.
    pub api_key_command: Option<String>,
    /// The desk's leaving PIN, as its hash (`[desk] pin_hash`); `None`:
    /// no PIN. The PIN itself is never kept.
    pub pin_hash: Option<String>,
}

/// Where the business's API is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Business { business: String, api_host: String },
    BaseUrl(String),
}

/// While it lives, what is typed on the terminal at stdin is not shown (a
/// PIN): its echo is off, the line still edited as usual; the terminal as it
/// was when it goes, even on a panic. Nothing when stdin is no terminal.
struct Unechoed(Option<rustix::termios::Termios>);

impl Unechoed {
    fn stdin() -> Self {
        let stdin = io::stdin();
        let Ok(was) = rustix::termios::tcgetattr(&stdin) else {
            return Self(None);
        };
        let mut quiet = was.clone();
        quiet.local_modes.remove(rustix::termios::LocalModes::ECHO);
        quiet
            .local_modes
            .insert(rustix::termios::LocalModes::ECHONL);
        let set = rustix::termios::tcsetattr(&stdin, rustix::termios::OptionalActions::Now, &quiet);
        Self(set.ok().map(|()| was))
    }

    /// What the prompt says of the echo, in `t`'s language.
    fn says(&self, t: &Tongue) -> String {
        if self.0.is_some() {
            t.t("config-echo-hidden")
        } else {
            t.t("config-echo-shown")
        }
    }
}

impl Drop for Unechoed {
    fn drop(&mut self) {
        if let Some(was) = &self.0 {
            let _ =
                rustix::termios::tcsetattr(io::stdin(), rustix::termios::OptionalActions::Now, was);
        }
    }
}

/// Reads one answer: `None` at the end of the input.
fn answer(
    question: &str,
    input: &mut dyn BufRead,
    prompt: &mut dyn Write,
    t: &Tongue,
) -> Result<Option<String>, Failure> {
    let io_failure =
        |e: io::Error| Failure::Other(t.ta("config-init-cannot-ask", &[("error", &e)]).into());
    write!(prompt, "{question} ").map_err(io_failure)?;
    prompt.flush().map_err(io_failure)?;
    let mut line = String::new();
    if input.read_line(&mut line).map_err(io_failure)? == 0 {
        writeln!(prompt).map_err(io_failure)?;
        return Ok(None);
    }
    Ok(Some(line.trim().to_owned()))
}

/// A wrong answer said, and the question asked again below it.
fn again(prompt: &mut dyn Write, problem: &str, t: &crate::i18n::Tongue) {
    let _ = writeln!(
        prompt,
        "{}",
        t.ta("config-init-again", &[("problem", &problem)])
    );
}

/// The answers of `config init`: from the flags, else asked one per line on
/// `input` (a person at a terminal, or a script's lines). A wrong answer is
/// explained and asked again when `asking` (a terminal), else an error; the
/// end of the input before the place is known is an error (exit 2). The
/// questions and problems in `t`'s language; the answers as typed.
pub fn ask(
    global: &GlobalArgs,
    args: &InitArgs,
    input: &mut dyn BufRead,
    prompt: &mut dyn Write,
    asking: bool,
    t: &Tongue,
) -> Result<Answers, Failure> {
    let profile = global
        .profile
        .clone()
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "default".into());
    if profile.chars().any(char::is_control) {
        return Err(Failure::Usage(t.t("config-init-profile-one-line").into()));
    }
    let usage = |m: String| Failure::Usage(m.into());
    let place = match (&global.base_url, &global.business, &global.api_host) {
        (Some(url), _, _) => Place::BaseUrl(checked_url(url, t).map_err(usage)?),
        (None, Some(business), Some(api_host)) => {
            checked_business(business, api_host, t).map_err(usage)?
        }
        (None, Some(_), None) => return Err(usage(t.t("config-init-business-needs-host"))),
        (None, None, Some(_)) => return Err(usage(t.t("config-init-host-needs-business"))),
        (None, None, None) => loop {
            let no_answer = || Failure::Usage(t.t("config-init-no-answer").into());
            let first = answer(&t.t("config-init-ask-business"), input, prompt, t)?
                .ok_or_else(no_answer)?;
            let found = if first.contains("://") {
                checked_url(&first, t).map(Place::BaseUrl)
            } else if let Err(e) = config::business_url(first.trim(), "example.com") {
                // The slug is wrong whatever the host: said before asking it.
                Err(e.line(t))
            } else {
                let host = answer(&t.t("config-init-ask-api-host"), input, prompt, t)?
                    .ok_or_else(no_answer)?;
                checked_business(&first, &host, t)
            };
            match found {
                Ok(place) => break place,
                Err(problem) if asking => again(prompt, &problem, t),
                Err(problem) => return Err(usage(problem)),
            }
        },
    };
    let api_key_command = match &args.api_key_command {
        Some(command) => Some(command.clone()),
        None => answer(
            &format!(
                "{}\n{}",
                t.t("config-init-ask-key-command"),
                t.t("config-init-ask-key-command-empty")
            ),
            input,
            prompt,
            t,
        )?,
    }
    .map(|c| c.trim().to_owned())
    .filter(|c| !c.is_empty());
    if api_key_command
        .as_deref()
        .is_some_and(|c| c.contains(['\n', '\r']))
    {
        return Err(usage(t.t("config-init-key-command-one-line")));
    }
    // The last question, so a script that gives no line for it sets none.
    // Never a flag: a PIN on the command line stays in the shell's history.
    let pin_hash = loop {
        // A person at the terminal: what they type is not shown.
        let unechoed = asking.then(Unechoed::stdin);
        let shown = unechoed
            .as_ref()
            .map_or_else(|| t.t("config-echo-shown"), |u| u.says(t));
        let pin = answer(
            &format!(
                "{}\n{}",
                t.ta("config-init-ask-pin", &[("min", &PIN_MIN)]),
                t.ta("config-init-ask-pin-how", &[("shown", &shown)])
            ),
            input,
            prompt,
            t,
        )?
        .unwrap_or_default();
        drop(unechoed);
        match pin_of(&pin, t) {
            Ok(hash) => break hash,
            Err(problem) if asking => again(prompt, &problem, t),
            Err(problem) => return Err(usage(problem)),
        }
    };
    Ok(Answers {
        profile,
        place,
        api_key_command,
        pin_hash,
    })
}

/// The fewest characters (not bytes: `ß` is one) a desk PIN has.
const PIN_MIN: usize = 4;

/// Why a PIN is refused, in `t`'s language.
fn pin_too_short(t: &Tongue) -> String {
    t.ta("config-pin-too-short", &[("min", &PIN_MIN)])
}

/// The `pin_hash` of a PIN as typed (trimmed): `None` for none, refused
/// when shorter than [`PIN_MIN`] characters. `config init` and `config
/// pin` both read a PIN through it.
fn pin_of(pin: &str, t: &Tongue) -> Result<Option<String>, String> {
    let pin = pin.trim();
    if pin.is_empty() {
        Ok(None)
    } else if pin.chars().count() < PIN_MIN {
        Err(pin_too_short(t))
    } else {
        let salt = desk::new_salt();
        Ok(Some(desk::pin_hash(pin, &salt)))
    }
}

fn checked_url(url: &str, t: &Tongue) -> Result<String, String> {
    check_base_url(url).map_err(|e| t.api_error(&e))?;
    Ok(url.trim().trim_end_matches('/').to_owned())
}

fn checked_business(business: &str, api_host: &str, t: &Tongue) -> Result<Place, String> {
    let (business, api_host) = (business.trim(), api_host.trim());
    config::business_url(business, api_host).map_err(|e| e.line(t))?;
    Ok(Place::Business {
        business: business.to_ascii_lowercase(),
        api_host: api_host.to_ascii_lowercase(),
    })
}

/// A TOML string (quoted and escaped).
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_owned()).to_string()
}

/// A TOML key: bare when it can be, else quoted.
fn key(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        s.to_owned()
    } else {
        quoted(s)
    }
}

/// The commented config.toml of `answers`.
pub fn render(answers: &Answers) -> String {
    let mut lines = vec![
        "# boxoffice configuration, written by `boxoffice config init`.".to_owned(),
        "# Reference: docs/configuration.md in boxoffice's source. Check it with `boxoffice doctor`;"
            .into(),
        "# `boxoffice config show` tells which value is used and why.".into(),
        String::new(),
        "# The profile used when --profile / BOXOFFICE_PROFILE name none.".into(),
        format!("default_profile = {}", quoted(&answers.profile)),
        String::new(),
        "# The TUI's colours: dark (default), light, high-contrast (--theme wins).".into(),
        "# theme = \"light\"".into(),
        String::new(),
        "# Keys, per screen: an action's keys replace its defaults there".into(),
        "# (docs/configuration.md, \"Keys and themes in config.toml\"). For example:".into(),
        "# [keys.global]".into(),
        "# help = [\"?\", \"F1\"]".into(),
        "# [keys.tickets]".into(),
        "# revoke = \"d\"".into(),
        String::new(),
        format!("[profiles.{}]", key(&answers.profile)),
    ];
    match &answers.place {
        Place::Business { business, api_host } => {
            let url = format!("https://{business}.{api_host}");
            lines.extend([
                format!("# The API is at {url}"),
                format!("business = {}", quoted(business)),
                format!("api_host = {}", quoted(api_host)),
                format!("# base_url = {}   # instead of business + api_host", quoted(&url)),
            ]);
        }
        Place::BaseUrl(url) => lines.extend([
            format!("base_url = {}", quoted(url)),
            "# or, instead: business = \"shop\" and api_host = \"api.example.com\" (https://shop.api.example.com)".into(),
        ]),
    }
    lines.extend([
        String::new(),
        "# The API key: BOXOFFICE_API_KEY when set, else the standard output of".into(),
        "# api_key_command (run with sh -c; a password manager can ask for its".into(),
        "# passphrase). api_key = \"...\" here also works, but only while this file".into(),
        "# is private (chmod 600): a command keeps the key out of files.".into(),
        match &answers.api_key_command {
            Some(command) => format!("api_key_command = {}", quoted(command)),
            None => "# api_key_command = \"pass show storefront/shop\"".into(),
        },
        String::new(),
        "# concurrency = 8   # pages a list reads at once (1 to 64)".into(),
        "# bell = false      # no terminal bell on a bad scan at the check-in desk".into(),
        String::new(),
        "# The check-in desk (docs/desk.md). pin_hash: leaving the desk asks for".into(),
        "# this PIN; only its hash is kept (`boxoffice config pin` makes another).".into(),
        "[desk]".into(),
        "# verdict_seconds = 3".into(),
        "# undo_minutes = 10".into(),
        match &answers.pin_hash {
            Some(hash) => format!("pin_hash = {}", quoted(hash)),
            None => "# pin_hash = \"sha256:20000:…\"".into(),
        },
        String::new(),
    ]);
    lines.join("\n")
}

/// Writes `text` to `path`, 0600, its directory 0700; an existing file only
/// with `force` (replaced whole, never half-written).
pub fn write_config(path: &Path, text: &str, force: bool, t: &Tongue) -> Result<(), Failure> {
    let shown = path.display();
    let failed = |e: io::Error| {
        Failure::Other(
            crate::i18n::Said::new("failure-cannot-write-file")
                .arg("path", &shown)
                .arg("error", e)
                .into(),
        )
    };
    if let Some(dir) = path.parent() {
        paths::create_private_dir(dir).map_err(failed)?;
    }
    let exists = || already_there(path, t);
    if !force {
        let mut file = match OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(path)
        {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(exists()),
            Err(e) => return Err(failed(e)),
        };
        std::fs::set_permissions(path, Permissions::from_mode(0o600)).map_err(failed)?;
        return file.write_all(text.as_bytes()).map_err(failed);
    }
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    let _ = std::fs::remove_file(&partial);
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&partial)
        .map_err(failed)?;
    std::fs::set_permissions(&partial, Permissions::from_mode(0o600)).map_err(failed)?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(failed)
}

fn already_there(path: &Path, t: &Tongue) -> Failure {
    Failure::Usage(
        t.ta("config-init-already-there", &[("path", &path.display())])
            .into(),
    )
}

fn written_note(path: &Path, answers: &Answers, t: &Tongue) -> String {
    let profile = clean(&answers.profile);
    let mut lines = vec![t.ta(
        "config-init-wrote",
        &[("path", &path.display()), ("profile", &profile)],
    )];
    if answers.api_key_command.is_none() {
        lines.push(t.t("config-init-wrote-no-key"));
    }
    if answers.pin_hash.is_some() {
        lines.push(t.t("config-init-wrote-pin"));
    }
    lines.push(t.t("config-init-next"));
    lines.join("\n") + "\n"
}

/// Where a value came from, in `t`'s words (a flag's, a variable's and a
/// profile's name as they are).
pub(super) fn source(src: &Source, t: &Tongue) -> String {
    match src {
        Source::Flag(name) | Source::Env(name) => t.ta("show-from", &[("name", name)]),
        Source::Profile(name) => t.ta("show-from-profile", &[("name", name)]),
        Source::DefaultProfile => t.t("show-from-default-profile"),
        Source::Implicit => t.t("show-implicit-profile"),
        Source::Default => t.t("show-default"),
    }
}

/// Where the key would come from, in `t`'s words.
fn key_source(key: &config::KeySource, t: &Tongue) -> String {
    use config::KeySource;
    match key {
        KeySource::Env => t.t("show-key-env"),
        KeySource::Command(p) => t.ta("show-key-command", &[("profile", p)]),
        KeySource::File(p) => t.ta("show-key-file", &[("profile", p)]),
        KeySource::FileNotPrivate(p) => t.ta("show-key-file-not-private", &[("profile", p)]),
        KeySource::NotSet => t.t("show-key-not-set"),
    }
}

/// The text of `config show`, in `t`'s words (names, paths and values as
/// they are).
pub fn show(
    global: &GlobalArgs,
    env: &dyn Fn(&str) -> Option<String>,
    path: &Path,
    t: &Tongue,
) -> Result<String, Failure> {
    let explained = config::explain(&global.connection(), env, Some(path))?;
    let mut lines: Vec<(String, String)> = Vec::new();
    let shown = path.display();
    let file = match &explained.file {
        FileState::NoPath => t.t("show-file-no-path"),
        FileState::Missing => t.ta("show-file-missing", &[("path", &shown)]),
        FileState::Read { private: true } => t.ta("show-file-private", &[("path", &shown)]),
        FileState::Read { private: false } => t.ta("show-file-readable", &[("path", &shown)]),
        FileState::Invalid(e) => t.ta(
            "show-file-invalid",
            &[("path", &shown), ("error", &e.line(t))],
        ),
    };
    lines.push((t.t("show-config-file"), file));
    lines.push((
        t.t("show-profile"),
        match &explained.profile {
            Some((name, src)) => format!("{name} ({})", source(src, t)),
            None => t.t("show-none"),
        },
    ));
    lines.push((
        t.t("show-base-url"),
        match &explained.base_url {
            Ok((url, src)) => format!("{url} ({})", source(src, t)),
            Err(e) => t.ta("show-no-base-url", &[("error", &e.line(t))]),
        },
    ));
    lines.push((t.t("show-api-key"), key_source(&explained.key, t)));
    let profile_name = || {
        explained
            .profile
            .as_ref()
            .map_or_else(String::new, |(n, _)| n.clone())
    };
    let concurrency = match (global.concurrency, explained.concurrency) {
        (Some(n), _) => (n, Source::Flag("--concurrency")),
        (None, Some(n)) => (n, Source::Profile(profile_name())),
        (None, None) => (8, Source::Default),
    };
    lines.push((
        t.t("show-concurrency"),
        format!("{} ({})", concurrency.0, source(&concurrency.1, t)),
    ));
    let timeout = match global.timeout {
        Some(secs) => (secs, Source::Flag("--timeout")),
        None => (20, Source::Default),
    };
    lines.push((
        t.t("show-timeout"),
        t.ta(
            "show-seconds",
            &[("seconds", &timeout.0), ("source", &source(&timeout.1, t))],
        ),
    ));
    let bell = match (global.no_bell, explained.bell) {
        (true, _) => (false, Source::Flag("--no-bell")),
        (false, Some(on)) => (on, Source::Profile(profile_name())),
        (false, None) => (true, Source::Default),
    };
    let on_off = t.t(if bell.0 { "show-on" } else { "show-off" });
    lines.push((
        t.t("show-bell"),
        format!("{on_off} ({})", source(&bell.1, t)),
    ));
    match super::desk_db::configured(global) {
        Ok(Some((db, src))) => {
            lines.push((t.t("show-desk-log"), format!("{} ({src})", db.redacted())));
        }
        Ok(None) => {}
        Err(e) => lines.push((
            t.t("show-desk-log"),
            t.ta("show-invalid", &[("error", &e.line(t))]),
        )),
    }
    // The TUI's look and keys: what the file asks for (the TUI checks it
    // whole at start, with the line of any mistake).
    let file = config::load_file(path).ok().flatten();
    let theme = match (global.theme, file.as_ref().and_then(|f| f.theme.clone())) {
        (Some(name), _) => t.ta("show-theme-flag", &[("name", &name.name())]),
        (None, Some(name)) => t.ta("show-theme-file", &[("name", &name)]),
        (None, None) => t.ta(
            "show-theme-default",
            &[("name", &ThemeName::default().name())],
        ),
    };
    lines.push((t.t("show-theme"), theme));
    let bindings: usize = file
        .as_ref()
        .and_then(|f| f.keys.as_ref())
        .map_or(0, |screens| {
            screens
                .values()
                .map(|t| t.as_table().map_or(0, toml::Table::len))
                .sum()
        });
    lines.push((
        t.t("show-keys"),
        if bindings == 0 {
            t.t("show-keys-default")
        } else {
            t.ta("show-keys-rebound", &[("count", &bindings)])
        },
    ));
    let width = lines
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    Ok(lines
        .into_iter()
        .map(|(k, v)| format!("{k:width$}  {}", clean(&v)))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    /// Characters, not bytes: `ß` is one character and two bytes.
    #[test]
    fn a_pins_length_is_its_characters() {
        let t = Tongue::english();
        assert_eq!(pin_of("  ", t), Ok(None));
        for short in ["123", "ßßß", "日本語"] {
            assert_eq!(
                pin_of(short, t),
                Err("a desk PIN has at least 4 characters".to_string()),
                "{short:?}"
            );
        }
        for long in ["1234", "ßßßß", " 2468 "] {
            let hash = pin_of(long, t).unwrap().unwrap();
            assert!(desk::pin_matches(&hash, long.trim()), "{long:?}");
        }
    }

    fn init_args(command: Option<&str>) -> InitArgs {
        InitArgs {
            api_key_command: command.map(str::to_owned),
            force: false,
        }
    }

    /// `config init`'s questions with no flags but `api_key_command`,
    /// answered from `input`.
    fn ask_with(
        command: Option<&str>,
        input: &mut dyn BufRead,
        prompt: &mut dyn Write,
        asking: bool,
    ) -> Result<Answers, Failure> {
        ask(
            &GlobalArgs::default(),
            &init_args(command),
            input,
            prompt,
            asking,
            Tongue::english(),
        )
    }

    #[test]
    fn answers_come_from_lines_and_a_url_needs_no_host() {
        let mut input = "Shop\napi.example.com\npass show shop\n".as_bytes();
        let mut prompt = Vec::new();
        let a = ask_with(None, &mut input, &mut prompt, false).unwrap();
        assert_eq!(
            a.place,
            Place::Business {
                business: "shop".into(),
                api_host: "api.example.com".into()
            }
        );
        assert_eq!(a.api_key_command.as_deref(), Some("pass show shop"));
        assert_eq!(a.profile, "default");
        let mut input = "https://x.example.com/\n\n".as_bytes();
        let a = ask_with(None, &mut input, &mut Vec::new(), false).unwrap();
        assert_eq!(a.place, Place::BaseUrl("https://x.example.com".into()));
        assert_eq!(a.api_key_command, None);
    }

    #[test]
    fn a_wrong_answer_is_refused_or_asked_again() {
        let mut input = "http://remote.example.com\n".as_bytes();
        let e = ask_with(Some(""), &mut input, &mut Vec::new(), false).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("plain http"), "{e}");
        let mut input = "bad/slug\nshop\nx.com\n".as_bytes();
        let mut prompt = Vec::new();
        let a = ask_with(Some(""), &mut input, &mut prompt, true).unwrap();
        assert!(matches!(a.place, Place::Business { ref business, .. } if business == "shop"));
        assert!(String::from_utf8(prompt).unwrap().contains("again"));
        let e = ask_with(None, &mut "".as_bytes(), &mut Vec::new(), false).unwrap_err();
        assert!(e.to_string().contains("--business"), "{e}");
    }

    #[test]
    fn the_desk_pin_is_the_last_answer_and_only_its_hash_is_kept() {
        let mut input = "https://x.example.com

12
2468
"
        .as_bytes();
        let mut prompt = Vec::new();
        let a = ask_with(None, &mut input, &mut prompt, true).unwrap();
        let hash = a.pin_hash.unwrap();
        assert!(!hash.contains("2468") && desk::pin_matches(&hash, "2468"));
        assert!(
            String::from_utf8(prompt)
                .unwrap()
                .contains("4 characters; again")
        );
        // A script: too short is refused; no line, or an empty one, is none.
        let e = ask_with(
            Some(""),
            &mut "https://x.example.com
12
"
            .as_bytes(),
            &mut Vec::new(),
            false,
        )
        .unwrap_err();
        assert_eq!(e.exit_code(), 2);
        for lines in [
            "https://x.example.com
",
            "https://x.example.com

",
        ] {
            let a = ask_with(Some(""), &mut lines.as_bytes(), &mut Vec::new(), false).unwrap();
            assert_eq!(a.pin_hash, None);
        }
    }

    /// The questions and a wrong answer's problem in the staff's language;
    /// the answers as typed, whatever the language.
    #[test]
    fn the_questions_are_asked_in_the_staffs_language() {
        let spanish = crate::i18n::Lang::ES.tongue();
        let mut input = "bad/slug\nShop\napi.example.com\npass show Shop\n12\n".as_bytes();
        let mut prompt = Vec::new();
        let a = ask(
            &GlobalArgs::default(),
            &init_args(None),
            &mut input,
            &mut prompt,
            true,
            spanish,
        )
        .unwrap();
        let asked = String::from_utf8(prompt).unwrap();
        for said in [
            "Slug del negocio (el SLUG de https://SLUG.host-de-la-api), o la URL base completa de la API: ",
            "; otra vez:\n",
            "Host de la API bajo el que viven los subdominios",
            "Comando que imprime la clave de la API",
            "\n(vacío: la clave viene de BOXOFFICE_API_KEY): ",
            "PIN del puesto, pedido para salir del puesto de control de entrada, al menos 4 caracteres\n(",
            "un PIN del puesto tiene al menos 4 caracteres; otra vez:",
        ] {
            assert!(asked.contains(said), "{said:?} in {asked}");
        }
        assert!(!asked.contains("Business slug"), "{asked}");
        assert_eq!(a.api_key_command.as_deref(), Some("pass show Shop"));
        assert_eq!(a.pin_hash, None);
        let e = ask(
            &GlobalArgs::default(),
            &init_args(None),
            &mut "".as_bytes(),
            &mut Vec::new(),
            false,
            spanish,
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("no se dio ningún negocio"), "{e}");
    }

    #[test]
    fn the_written_file_reads_back_as_the_answers() {
        let answers = Answers {
            profile: "my shop".into(),
            place: Place::Business {
                business: "shop".into(),
                api_host: "api.example.com".into(),
            },
            api_key_command: Some("pass show \"storefront\"/shop".into()),
            pin_hash: Some(desk::pin_hash("2468", "s")),
        };
        let text = render(&answers);
        assert!(!text.contains("2468"), "{text}");
        let rules = desk::parse(&text, "config.toml").unwrap();
        assert!(desk::pin_matches(
            rules.pin_hash.as_deref().unwrap(),
            "2468"
        ));
        let file: config::ConfigFile = toml::from_str(&text).unwrap();
        assert_eq!(file.default_profile.as_deref(), Some("my shop"));
        let p = &file.profiles["my shop"];
        assert_eq!(p.business.as_deref(), Some("shop"));
        assert_eq!(p.api_host.as_deref(), Some("api.example.com"));
        assert_eq!(
            p.api_key_command.as_deref(),
            Some("pass show \"storefront\"/shop")
        );
        assert!(p.api_key.is_none() && p.base_url.is_none());
        let url = render(&Answers {
            place: Place::BaseUrl("http://127.0.0.1:8787".into()),
            api_key_command: None,
            ..answers
        });
        let file: config::ConfigFile = toml::from_str(&url).unwrap();
        let p = &file.profiles["my shop"];
        assert_eq!(p.base_url.as_deref(), Some("http://127.0.0.1:8787"));
        assert!(p.api_key_command.is_none());
    }
}
