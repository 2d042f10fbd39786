//! `boxoffice doctor` (docs/configuration.md): one line per check, ✓ passed,
//! ✗ failed (with what to do), – skipped, and exit 0 only when nothing
//! failed. The key is resolved and sent once, never printed.

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use reqwest::Url;

use crate::api::client::check_base_url;
use crate::api::{ApiError, ApiKey, Client, ClientConfig};
use crate::cli::GlobalArgs;
use crate::config::{self, FileState, KeySource};
use crate::i18n::Tongue;
use crate::sanitize::clean;
use crate::store::SqliteDeskLog;

/// The embedded sandbox `--demo doctor` checks instead of the configuration.
#[derive(Debug)]
pub struct Demo {
    pub base_url: String,
    pub api_key: ApiKey,
}

/// How a check ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Pass,
    Fail,
    Skip,
}

/// One line of the report: its label in the staff's language, padded to
/// `width` (the language's longest label, at least 11), the value as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    pub mark: Mark,
    pub name: String,
    pub width: usize,
    pub text: String,
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = match self.mark {
            Mark::Pass => "✓",
            Mark::Fail => "✗",
            Mark::Skip => "–",
        };
        let pad = self.width.saturating_sub(self.name.chars().count());
        write!(
            f,
            "{mark} {}{} {}",
            self.name,
            " ".repeat(pad),
            clean(&self.text)
        )
    }
}

/// Each check's label (as the code names it) and its message.
const LABELS: [(&str, &str); 12] = [
    ("API key", "doctor-api-key"),
    ("DNS", "doctor-dns"),
    ("TCP", "doctor-tcp"),
    ("TLS", "doctor-tls"),
    ("base URL", "doctor-base-url"),
    ("clock", "doctor-clock"),
    ("config", "doctor-config"),
    ("desk log", "doctor-desk-log"),
    ("language", "doctor-language"),
    ("profile", "doctor-profile"),
    ("queued", "doctor-queued"),
    ("terminal", "doctor-terminal"),
];

/// A check's label in `t`'s language (one with no message as it is).
fn label(name: &str, t: &Tongue) -> String {
    LABELS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or_else(|| name.to_owned(), |(_, id)| t.t(id))
}

/// Largest difference from the server's clock that passes.
pub const MAX_SKEW: Duration = Duration::from_secs(60);

/// The report, printed line by line as the checks run.
struct Report {
    failed: bool,
    words: &'static Tongue,
    /// The labels' column: the language's longest label, at least 11.
    width: usize,
}

impl Report {
    fn new(words: &'static Tongue) -> Self {
        let width = LABELS
            .iter()
            .map(|(name, _)| label(name, words).chars().count())
            .fold(11, usize::max);
        Self {
            failed: false,
            words,
            width,
        }
    }

    /// The message `id` with `args`, in the report's language.
    fn say(&self, id: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
        self.words.ta(id, args)
    }

    /// An API error as the report's language says it (English: its
    /// `Display`, as it always read).
    fn api_error(&self, e: &ApiError) -> String {
        if self.words.lang == crate::i18n::Lang::EN {
            e.to_string()
        } else {
            self.words.api_error(e)
        }
    }

    fn line(&mut self, mark: Mark, name: &'static str, text: impl Into<String>) {
        self.failed |= mark == Mark::Fail;
        let check = Check {
            mark,
            name: label(name, self.words),
            width: self.width,
            text: text.into(),
        };
        let mut out = io::stdout().lock();
        // A closed stdout leaves only the exit code to tell.
        let _ = writeln!(out, "{check}").and_then(|()| out.flush());
    }
}

/// Runs every check; exit 0 when none failed, else 1.
pub async fn run(global: &GlobalArgs, demo: Option<Demo>) -> ExitCode {
    let mut report = Report::new(super::words(global));
    let env = |k: &str| std::env::var(k).ok();
    let is_demo = demo.is_some();
    let connection = match demo {
        Some(demo) => {
            let text = report.say("doc-demo-config", &[]);
            report.line(Mark::Skip, "config", text);
            let text = report.say("doc-demo-profile", &[]);
            report.line(Mark::Skip, "profile", text);
            Some((demo.base_url, Ok(demo.api_key)))
        }
        None => configured(global, &env, &mut report).await,
    };
    match connection {
        Some((base_url, key)) => connection_checks(global, &base_url, key, &mut report).await,
        None => {
            for name in ["DNS", "TCP", "TLS", "API key", "clock"] {
                let text = report.say("doc-skip-no-base-url", &[]);
                report.line(Mark::Skip, name, text);
            }
        }
    }
    desk_log(global, &mut report).await;
    queued(global, is_demo, &mut report);
    terminal(&env, &mut report);
    language(global, &env, &mut report);
    if report.failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The language people are spoken to in, and why (`config::language`).
fn language(global: &GlobalArgs, env: &dyn Fn(&str) -> Option<String>, report: &mut Report) {
    match config::language(global.profile.as_deref(), env) {
        Ok(choice) => report.line(
            Mark::Pass,
            "language",
            format!("{} ({})", choice.lang, choice.why),
        ),
        Err(e) => {
            let text = e.line(report.words);
            report.line(Mark::Fail, "language", text);
        }
    }
}

/// The door's shared desk log, when one is configured (`--desk-db`,
/// `desk_db`): what a lane needs of it, its address redacted.
async fn desk_log(global: &GlobalArgs, report: &mut Report) {
    let (db, source) = match super::desk_db::configured(global) {
        Ok(Some(found)) => found,
        Ok(None) => return,
        Err(e) => {
            let text = e.line(report.words);
            return report.line(Mark::Fail, "desk log", text);
        }
    };
    let found = crate::store::pg::check(&db).await;
    if found.ok() {
        let text = report.say(
            "doc-desk-log-ok",
            &[
                ("db", &db.redacted()),
                ("source", &source),
                ("schema", &found.expected),
            ],
        );
        report.line(Mark::Pass, "desk log", text);
    } else {
        let why = super::desk_db::check_text(&found, report.words)
            .lines()
            .filter(|l| l.starts_with('✗') || l.starts_with("  "))
            .map(|l| l.trim_start_matches('✗').trim().to_owned())
            .collect::<Vec<_>>()
            .join("; ");
        report.line(
            Mark::Fail,
            "desk log",
            format!("{} ({source}): {why}", db.redacted()),
        );
    }
}

/// The admissions this machine's desk log holds queued for the shared log
/// (made while it was away): none, or how many and how to send them. Only
/// with a shared log, and a desk log file already there.
fn queued(global: &GlobalArgs, demo: bool, report: &mut Report) {
    if !matches!(super::desk_db::configured(global), Ok(Some(_))) {
        return;
    }
    let env = |k: &str| std::env::var(k).ok();
    let Some(dir) = super::cache::business_key(global, demo)
        .ok()
        .and_then(|business| crate::store::paths::state_dir(&env, &business))
    else {
        return;
    };
    let none = report.say("doc-queued-none", &[]);
    if !dir.join(SqliteDeskLog::FILE).exists() {
        return report.line(Mark::Pass, "queued", none);
    }
    match SqliteDeskLog::open(&dir).and_then(|log| log.queued_by_log()) {
        Ok(by) if by.is_empty() => {
            report.line(Mark::Pass, "queued", none);
        }
        Ok(by) => {
            // Each log's own: a queue is sent only into the log it was
            // made for (docs/lanes.md, "A queue belongs to its log").
            let n: usize = by.iter().map(|(_, n)| n).sum();
            let logs: Vec<String> = by
                .iter()
                .map(|(addr, n)| {
                    let addr = if addr.is_empty() {
                        report.say("doc-queued-any", &[])
                    } else {
                        crate::sanitize::clean(addr).into_owned()
                    };
                    report.say("doc-queued-for", &[("count", n), ("log", &addr)])
                })
                .collect();
            let text = report.say("doc-queued", &[("count", &n), ("logs", &logs.join(", "))]);
            report.line(Mark::Fail, "queued", text);
        }
        Err(e) => {
            let text = report.words.store_error(&e);
            report.line(Mark::Fail, "queued", text);
        }
    }
}

/// The config file, the profile and the base URL; then the key (resolved as
/// every command does, `api_key_command` run). `None`: no base URL.
async fn configured(
    global: &GlobalArgs,
    env: &dyn Fn(&str) -> Option<String>,
    report: &mut Report,
) -> Option<(String, Result<ApiKey, String>)> {
    let path = config::default_config_path(env);
    let args = global.connection();
    let explained = match config::explain(&args, env, path.as_deref()) {
        Ok(explained) => explained,
        Err(e) => {
            let text = e.line(report.words);
            report.line(Mark::Fail, "config", text);
            let text = report.say("doc-not-checked", &[]);
            report.line(Mark::Skip, "profile", text.clone());
            report.line(Mark::Skip, "base URL", text);
            return None;
        }
    };
    let shown = path
        .as_ref()
        .map_or_else(|| "config.toml".to_owned(), |p| p.display().to_string());
    let not_needed = explained.base_url.is_ok() && explained.profile.is_none();
    let path_arg: [(&str, &dyn fmt::Display); 1] = [("path", &shown)];
    let (mark, text) = match &explained.file {
        FileState::Read { private: true } => {
            (Mark::Pass, report.say("doc-config-private", &path_arg))
        }
        FileState::Read { private: false } => {
            (Mark::Fail, report.say("doc-config-readable", &path_arg))
        }
        FileState::Invalid(e) if not_needed => (
            Mark::Fail,
            report.say(
                "doc-config-invalid-unused",
                &[("error", &e.line(report.words))],
            ),
        ),
        FileState::Invalid(e) => (Mark::Fail, e.line(report.words)),
        FileState::Missing | FileState::NoPath if not_needed => {
            (Mark::Pass, report.say("doc-config-none-needed", &path_arg))
        }
        FileState::Missing | FileState::NoPath => {
            (Mark::Fail, report.say("doc-config-none", &path_arg))
        }
    };
    report.line(mark, "config", text);
    let text = match &explained.profile {
        Some((name, source)) => format!("{name} ({})", super::config::source(source, report.words)),
        None => report.say("doc-profile-none", &[]),
    };
    report.line(Mark::Pass, "profile", text);
    let base_url = match &explained.base_url {
        Ok((url, _)) => url.clone(),
        Err(e) => {
            let text = e.line(report.words);
            report.line(Mark::Fail, "base URL", text);
            return None;
        }
    };
    let words = report.words;
    let key = match explained.key {
        KeySource::NotSet => Err(report.say("doc-no-key", &[])),
        KeySource::FileNotPrivate(_) => Err(report.say("doc-key-readable", &path_arg)),
        _ => {
            // As every command gets it: api_key_command is run here.
            let env_now = |k: &str| std::env::var(k).ok();
            let path = path.clone();
            crate::blocking::run(move || {
                config::resolve(&args, &env_now, path.as_deref()).map(|c| c.api_key)
            })
            .await
            .map_err(|e| e.to_string())
            .and_then(|r| r.map_err(|e| e.line(words)))
        }
    };
    Some((base_url, key))
}

/// Base URL, DNS, TCP, TLS, the key and the clock.
async fn connection_checks(
    global: &GlobalArgs,
    base_url: &str,
    key: Result<ApiKey, String>,
    report: &mut Report,
) {
    let url = match check_base_url(base_url) {
        Ok(url) => url,
        Err(e) => {
            let text = report.api_error(&e);
            report.line(Mark::Fail, "base URL", text);
            for name in ["DNS", "TCP", "TLS", "API key", "clock"] {
                let text = report.say("doc-skip-url-refused", &[]);
                report.line(Mark::Skip, name, text);
            }
            return;
        }
    };
    let https = url.scheme() == "https";
    let how = if https {
        "https".to_owned()
    } else {
        report.say("doc-url-plain", &[])
    };
    report.line(Mark::Pass, "base URL", format!("{url} ({how})"));
    let timeout = Duration::from_secs(global.timeout.unwrap_or(5).min(5));
    let Some(addrs) = dns(&url, timeout, report).await else {
        for name in ["TCP", "TLS", "API key", "clock"] {
            let text = report.say("doc-skip-no-host", &[]);
            report.line(Mark::Skip, name, text);
        }
        return;
    };
    if !tcp(&addrs, timeout, report).await {
        for name in ["TLS", "API key", "clock"] {
            let text = report.say("doc-skip-no-connection", &[]);
            report.line(Mark::Skip, name, text);
        }
        return;
    }
    let key = match key {
        Ok(key) => key,
        Err(problem) => {
            let id = if https {
                "doc-skip-no-key"
            } else {
                "doc-tls-plain"
            };
            let text = report.say(id, &[]);
            report.line(Mark::Skip, "TLS", text);
            report.line(Mark::Fail, "API key", problem);
            let text = report.say("doc-not-checked", &[]);
            report.line(Mark::Skip, "clock", text);
            return;
        }
    };
    let mut config = ClientConfig::new(url.as_str(), key);
    if let Some(secs) = global.timeout {
        config.timeout = Duration::from_secs(secs);
        config.connect_timeout = config.connect_timeout.min(config.timeout);
    }
    let client = match Client::new(config) {
        Ok(client) => client,
        Err(e) => {
            let text = report.api_error(&e);
            report.line(Mark::Fail, "API key", text);
            let text = report.say("doc-not-checked", &[]);
            report.line(Mark::Skip, "clock", text);
            return;
        }
    };
    let probe = client.probe().await;
    let (mark, text) = match (https, probe.answered) {
        (false, _) => (Mark::Skip, report.say("doc-tls-plain", &[])),
        (true, true) => (Mark::Pass, report.say("doc-tls-ok", &[])),
        (true, false) => {
            let why = probe
                .outcome
                .as_ref()
                .err()
                .map_or_else(String::new, |e| report.api_error(e));
            (Mark::Fail, report.say("doc-tls-none", &[("why", &why)]))
        }
    };
    report.line(mark, "TLS", text);
    let millis = probe.latency.as_millis();
    let (mark, text) = match &probe.outcome {
        Ok(()) => (Mark::Pass, report.say("doc-key-ok", &[("ms", &millis)])),
        Err(ApiError::Auth { status, .. }) => (
            Mark::Fail,
            report.say("doc-key-refused", &[("status", status)]),
        ),
        Err(e) if !probe.answered => (
            Mark::Fail,
            report.say("doc-key-no-answer", &[("error", &report.api_error(e))]),
        ),
        Err(e) => (
            Mark::Fail,
            report.say("doc-key-failed", &[("error", &report.api_error(e))]),
        ),
    };
    report.line(mark, "API key", text);
    clock(probe.server_time, report);
}

/// Resolves the base URL's host; the addresses, or `None` after a ✗ line.
async fn dns(
    url: &Url,
    timeout: Duration,
    report: &mut Report,
) -> Option<Vec<std::net::SocketAddr>> {
    let host = url
        .host_str()
        .unwrap_or_default()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_owned();
    let port = url.port_or_known_default().unwrap_or(443);
    let literal = host.parse::<std::net::IpAddr>().is_ok();
    let found = tokio::time::timeout(timeout, tokio::net::lookup_host((host.as_str(), port))).await;
    match found {
        Ok(Ok(addrs)) => {
            let addrs: Vec<_> = addrs.collect();
            if addrs.is_empty() {
                let text = report.say("doc-dns-no-address", &[("host", &host)]);
                report.line(Mark::Fail, "DNS", text);
                return None;
            }
            if literal {
                let text = report.say("doc-dns-literal", &[("host", &host)]);
                report.line(Mark::Skip, "DNS", text);
            } else {
                let first = addrs
                    .first()
                    .map(|a| a.ip().to_string())
                    .unwrap_or_default();
                let text = report.say(
                    "doc-dns-ok",
                    &[("host", &host), ("first", &first), ("count", &addrs.len())],
                );
                report.line(Mark::Pass, "DNS", text);
            }
            Some(addrs)
        }
        Ok(Err(e)) => {
            let text = report.say("doc-dns-failed", &[("host", &host), ("error", &e)]);
            report.line(Mark::Fail, "DNS", text);
            None
        }
        Err(_) => {
            let text = report.say(
                "doc-dns-timeout",
                &[("host", &host), ("secs", &timeout.as_secs())],
            );
            report.line(Mark::Fail, "DNS", text);
            None
        }
    }
}

/// Opens a TCP connection to the first address that takes one.
async fn tcp(addrs: &[std::net::SocketAddr], timeout: Duration, report: &mut Report) -> bool {
    let mut last = String::new();
    for addr in addrs {
        match tokio::time::timeout(timeout, tokio::net::TcpStream::connect(addr)).await {
            Ok(Ok(_)) => {
                let text = report.say("doc-tcp-ok", &[("addr", addr)]);
                report.line(Mark::Pass, "TCP", text);
                return true;
            }
            Ok(Err(e)) => last = format!("{addr}: {e}"),
            Err(_) => {
                last = report.say(
                    "doc-tcp-timeout",
                    &[("addr", addr), ("secs", &timeout.as_secs())],
                );
            }
        }
    }
    let text = report.say("doc-tcp-failed", &[("last", &last)]);
    report.line(Mark::Fail, "TCP", text);
    false
}

/// The clock against the server's `Date`.
fn clock(server_time: Option<u64>, report: &mut Report) {
    let Some(server) = server_time else {
        let text = report.say("doc-clock-no-date", &[]);
        report.line(Mark::Skip, "clock", text);
        return;
    };
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (mark, text) = skew(now, server, report.words);
    report.line(mark, "clock", text);
}

/// Judges the local clock `now` against the server's (seconds since the
/// epoch), said in `t`'s words.
pub fn skew(now: u64, server: u64, t: &Tongue) -> (Mark, String) {
    let off = now.abs_diff(server);
    if off <= MAX_SKEW.as_secs() {
        (Mark::Pass, t.ta("doc-clock-ok", &[("off", &off)]))
    } else {
        let id = if now > server {
            "doc-clock-ahead"
        } else {
            "doc-clock-behind"
        };
        (Mark::Fail, t.ta(id, &[("off", &off)]))
    }
}

/// The terminal the TUI would draw on.
fn terminal(env: &dyn Fn(&str) -> Option<String>, report: &mut Report) {
    if !io::stdout().is_terminal() {
        let text = report.say("doc-term-not", &[]);
        report.line(Mark::Skip, "terminal", text);
        return;
    }
    let size = crossterm::terminal::size().ok();
    let (mark, text) = judge_terminal(size, env, report.words);
    report.line(mark, "terminal", text);
}

/// Size, colours and UTF-8 of a terminal, said in `t`'s words.
pub fn judge_terminal(
    size: Option<(u16, u16)>,
    env: &dyn Fn(&str) -> Option<String>,
    t: &Tongue,
) -> (Mark, String) {
    let mut problems = Vec::new();
    let mut facts = Vec::new();
    match size {
        Some((w, h)) => {
            let (min_w, min_h) = crate::ui::MIN_SIZE;
            if w < min_w || h < min_h {
                facts.push(format!("{w}×{h}"));
                problems.push(t.ta("doc-term-small", &[("size", &format!("{min_w}×{min_h}"))]));
            } else if w < 80 || h < 24 {
                facts.push(t.ta("doc-term-size-hint", &[("size", &format!("{w}×{h}"))]));
            } else {
                facts.push(format!("{w}×{h}"));
            }
        }
        None => problems.push(t.t("doc-term-no-size")),
    }
    let term = env("TERM").unwrap_or_default();
    let colour = if env("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        "doc-term-no-colour"
    } else if env("COLORTERM").is_some_and(|v| v.contains("truecolor") || v.contains("24bit")) {
        "doc-term-24bit"
    } else if term.contains("256color") {
        "doc-term-256"
    } else {
        "doc-term-basic"
    };
    if term == "dumb" {
        problems.push(t.t("doc-term-dumb"));
    } else {
        facts.push(t.t(colour));
    }
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|k| env(k).filter(|v| !v.is_empty()))
        .unwrap_or_default();
    let lower = locale.to_ascii_lowercase();
    if lower.contains("utf-8") || lower.contains("utf8") {
        facts.push("UTF-8".into());
    } else {
        let shown = if locale.is_empty() {
            t.t("doc-term-locale-unset")
        } else {
            locale.clone()
        };
        problems.push(t.ta("doc-term-not-utf8", &[("locale", &shown)]));
    }
    let text = facts.join(", ");
    if problems.is_empty() {
        (Mark::Pass, text)
    } else {
        (Mark::Fail, format!("{text}; {}", problems.join("; ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::store::paths::env_of as env;

    #[test]
    fn the_clock_passes_within_a_minute_either_way() {
        let en = Tongue::english();
        assert_eq!(skew(1000, 1000, en).0, Mark::Pass);
        assert_eq!(skew(1060, 1000, en).0, Mark::Pass);
        let (mark, text) = skew(1061, 1000, en);
        assert_eq!(mark, Mark::Fail);
        assert!(text.starts_with("61 s ahead of"), "{text}");
        let (mark, text) = skew(1000, 1300, en);
        assert_eq!(mark, Mark::Fail);
        assert!(text.starts_with("300 s behind"), "{text}");
    }

    #[test]
    fn a_terminal_needs_room_a_term_and_utf8() {
        let good = env(&[("TERM", "xterm-256color"), ("LANG", "en_US.UTF-8")]);
        let (mark, text) = judge_terminal(Some((120, 40)), &good, Tongue::english());
        assert_eq!(
            (mark, text.as_str()),
            (Mark::Pass, "120×40, 256 colours, UTF-8")
        );
        assert_eq!(
            judge_terminal(Some((10, 3)), &good, Tongue::english()).0,
            Mark::Fail
        );
        assert_eq!(
            judge_terminal(Some((70, 20)), &good, Tongue::english()).0,
            Mark::Pass
        );
        let latin = env(&[("TERM", "xterm"), ("LC_ALL", "C"), ("LANG", "en_US.UTF-8")]);
        let (mark, text) = judge_terminal(Some((120, 40)), &latin, Tongue::english());
        assert_eq!(mark, Mark::Fail);
        assert!(text.contains("LANG=C.UTF-8"), "{text}");
        let dumb = env(&[("TERM", "dumb"), ("LANG", "C.UTF-8")]);
        assert_eq!(
            judge_terminal(Some((120, 40)), &dumb, Tongue::english()).0,
            Mark::Fail
        );
        let plain = env(&[("TERM", "xterm"), ("NO_COLOR", "1"), ("LANG", "C.UTF-8")]);
        assert!(
            judge_terminal(Some((80, 24)), &plain, Tongue::english())
                .1
                .contains("no colours (NO_COLOR)")
        );
    }
}
