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
            report.line(
                Mark::Skip,
                "config",
                "not used (--demo: the embedded sandbox)",
            );
            report.line(Mark::Skip, "profile", "not used (--demo)");
            Some((demo.base_url, Ok(demo.api_key)))
        }
        None => configured(global, &env, &mut report).await,
    };
    match connection {
        Some((base_url, key)) => connection_checks(global, &base_url, key, &mut report).await,
        None => {
            for name in ["DNS", "TCP", "TLS", "API key", "clock"] {
                report.line(Mark::Skip, name, "not checked: no base URL");
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
        Err(e) => report.line(Mark::Fail, "language", e.0),
    }
}

/// The door's shared desk log, when one is configured (`--desk-db`,
/// `desk_db`): what a lane needs of it, its address redacted.
async fn desk_log(global: &GlobalArgs, report: &mut Report) {
    let (db, source) = match super::desk_db::configured(global) {
        Ok(Some(found)) => found,
        Ok(None) => return,
        Err(e) => return report.line(Mark::Fail, "desk log", e.to_string()),
    };
    let found = crate::store::pg::check(&db).await;
    if found.ok() {
        let text = format!(
            "{} ({source}): schema {}, a lane's privileges",
            db.redacted(),
            found.expected
        );
        report.line(Mark::Pass, "desk log", text);
    } else {
        let why = super::desk_db::check_text(&found, crate::i18n::Tongue::english())
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
    if !dir.join(SqliteDeskLog::FILE).exists() {
        return report.line(Mark::Pass, "queued", "no admission queued on this machine");
    }
    match SqliteDeskLog::open(&dir).and_then(|log| log.queued_by_log()) {
        Ok(by) if by.is_empty() => {
            report.line(Mark::Pass, "queued", "no admission queued on this machine");
        }
        Ok(by) => {
            // Each log's own: a queue is sent only into the log it was
            // made for (docs/lanes.md, "A queue belongs to its log").
            let n: usize = by.iter().map(|(_, n)| n).sum();
            let logs: Vec<String> = by
                .iter()
                .map(|(addr, n)| {
                    let addr = if addr.is_empty() {
                        "any"
                    } else {
                        addr.as_str()
                    };
                    format!("{n} for {}", crate::sanitize::clean(addr))
                })
                .collect();
            report.line(
                Mark::Fail,
                "queued",
                format!(
                    "{n} admission{} queued on this machine for the shared log ({}): \
                     `boxoffice desk sync` of that log sends them",
                    if n == 1 { "" } else { "s" },
                    logs.join(", ")
                ),
            );
        }
        Err(e) => report.line(Mark::Fail, "queued", e.to_string()),
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
            report.line(Mark::Fail, "config", e.0);
            report.line(Mark::Skip, "profile", "not checked");
            report.line(Mark::Skip, "base URL", "not checked");
            return None;
        }
    };
    let shown = path
        .as_ref()
        .map_or_else(|| "config.toml".to_owned(), |p| p.display().to_string());
    let not_needed = explained.base_url.is_ok() && explained.profile.is_none();
    match &explained.file {
        FileState::Read { private: true } => {
            report.line(Mark::Pass, "config", format!("{shown}, private (0600)"));
        }
        FileState::Read { private: false } => report.line(
            Mark::Fail,
            "config",
            format!("{shown} is readable by others; run chmod 600 {shown}"),
        ),
        FileState::Invalid(e) if not_needed => report.line(
            Mark::Fail,
            "config",
            format!("{e} (not used now, but every run without BOXOFFICE_BASE_URL reads it)"),
        ),
        FileState::Invalid(e) => report.line(Mark::Fail, "config", e.clone()),
        FileState::Missing | FileState::NoPath if not_needed => report.line(
            Mark::Pass,
            "config",
            format!("no {shown}; not needed, the base URL and key come from flags or the environment"),
        ),
        FileState::Missing | FileState::NoPath => report.line(
            Mark::Fail,
            "config",
            format!("no {shown}; run `boxoffice config init`, or set BOXOFFICE_BASE_URL and BOXOFFICE_API_KEY"),
        ),
    }
    match &explained.profile {
        Some((name, source)) => {
            report.line(Mark::Pass, "profile", format!("{name} ({source})"));
        }
        None => report.line(Mark::Pass, "profile", "none in use"),
    }
    let base_url = match &explained.base_url {
        Ok((url, _)) => url.clone(),
        Err(e) => {
            report.line(Mark::Fail, "base URL", e.0.clone());
            return None;
        }
    };
    let key = match explained.key {
        KeySource::NotSet => Err(
            "no API key: set BOXOFFICE_API_KEY, or api_key_command in the profile (boxoffice config init)"
                .to_owned(),
        ),
        KeySource::FileNotPrivate(_) => Err(format!(
            "{shown} holds api_key and is readable by others; run chmod 600 {shown}"
        )),
        _ => {
            // As every command gets it: api_key_command is run here.
            let env_now = |k: &str| std::env::var(k).ok();
            let path = path.clone();
            crate::blocking::run(move || {
                config::resolve(&args, &env_now, path.as_deref()).map(|c| c.api_key)
            })
            .await
            .map_err(|e| e.to_string())
            .and_then(|r| r.map_err(|e| e.0))
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
            report.line(Mark::Fail, "base URL", e.to_string());
            for name in ["DNS", "TCP", "TLS", "API key", "clock"] {
                report.line(Mark::Skip, name, "not checked: the base URL is refused");
            }
            return;
        }
    };
    let https = url.scheme() == "https";
    report.line(
        Mark::Pass,
        "base URL",
        format!(
            "{url} ({})",
            if https {
                "https"
            } else {
                "plain http, allowed to loopback only"
            }
        ),
    );
    let timeout = Duration::from_secs(global.timeout.unwrap_or(5).min(5));
    let Some(addrs) = dns(&url, timeout, report).await else {
        for name in ["TCP", "TLS", "API key", "clock"] {
            report.line(Mark::Skip, name, "not checked: the host was not found");
        }
        return;
    };
    if !tcp(&addrs, timeout, report).await {
        for name in ["TLS", "API key", "clock"] {
            report.line(Mark::Skip, name, "not checked: no connection");
        }
        return;
    }
    let key = match key {
        Ok(key) => key,
        Err(problem) => {
            if https {
                report.line(Mark::Skip, "TLS", "not checked: no API key to ask with");
            } else {
                report.line(Mark::Skip, "TLS", "plain http to loopback");
            }
            report.line(Mark::Fail, "API key", problem);
            report.line(Mark::Skip, "clock", "not checked");
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
            report.line(Mark::Fail, "API key", e.to_string());
            report.line(Mark::Skip, "clock", "not checked");
            return;
        }
    };
    let probe = client.probe().await;
    match (https, probe.answered) {
        (false, _) => report.line(Mark::Skip, "TLS", "plain http to loopback"),
        (true, true) => report.line(Mark::Pass, "TLS", "handshake and certificate accepted"),
        (true, false) => {
            let why = probe
                .outcome
                .as_ref()
                .err()
                .map_or_else(String::new, ToString::to_string);
            report.line(
                Mark::Fail,
                "TLS",
                format!("no HTTPS answer: {why}; check the host name, the certificate, or a proxy"),
            );
        }
    }
    let millis = probe.latency.as_millis();
    match &probe.outcome {
        Ok(()) => report.line(
            Mark::Pass,
            "API key",
            format!("accepted (GET /events?limit=1 answered in {millis} ms)"),
        ),
        Err(ApiError::Auth { status, .. }) => report.line(
            Mark::Fail,
            "API key",
            format!(
                "authentication refused (HTTP {status}): the API key was not accepted; \
                 check BOXOFFICE_API_KEY or the profile's api_key_command (boxoffice config show)"
            ),
        ),
        Err(e) if !probe.answered => {
            report.line(
                Mark::Fail,
                "API key",
                format!("not checked, no answer: {e}"),
            );
        }
        Err(e) => report.line(
            Mark::Fail,
            "API key",
            format!("GET /events?limit=1 failed: {e}"),
        ),
    }
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
                report.line(Mark::Fail, "DNS", format!("{host} has no address"));
                return None;
            }
            if literal {
                report.line(
                    Mark::Skip,
                    "DNS",
                    format!("not needed: {host} is an address"),
                );
            } else {
                let first = addrs
                    .first()
                    .map(|a| a.ip().to_string())
                    .unwrap_or_default();
                report.line(
                    Mark::Pass,
                    "DNS",
                    format!("{host} → {first} ({} address(es))", addrs.len()),
                );
            }
            Some(addrs)
        }
        Ok(Err(e)) => {
            report.line(
                Mark::Fail,
                "DNS",
                format!(
                    "cannot find {host} ({e}); check the business slug and API host, or the network"
                ),
            );
            None
        }
        Err(_) => {
            report.line(
                Mark::Fail,
                "DNS",
                format!(
                    "no answer for {host} within {} s; check the network",
                    timeout.as_secs()
                ),
            );
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
                report.line(Mark::Pass, "TCP", format!("connected to {addr}"));
                return true;
            }
            Ok(Err(e)) => last = format!("{addr}: {e}"),
            Err(_) => last = format!("{addr}: no answer within {} s", timeout.as_secs()),
        }
    }
    report.line(
        Mark::Fail,
        "TCP",
        format!("cannot connect ({last}); check the network, a firewall or a proxy"),
    );
    false
}

/// The clock against the server's `Date`.
fn clock(server_time: Option<u64>, report: &mut Report) {
    let Some(server) = server_time else {
        report.line(Mark::Skip, "clock", "the server sent no Date header");
        return;
    };
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (mark, text) = skew(now, server);
    report.line(mark, "clock", text);
}

/// Judges the local clock `now` against the server's (seconds since the epoch).
pub fn skew(now: u64, server: u64) -> (Mark, String) {
    let off = now.abs_diff(server);
    let side = if now > server { "ahead of" } else { "behind" };
    if off <= MAX_SKEW.as_secs() {
        (Mark::Pass, format!("within {off} s of the server's"))
    } else {
        (
            Mark::Fail,
            format!(
                "{off} s {side} the server's; set this machine's time (NTP): \
                 today, past and upcoming at the desk depend on it"
            ),
        )
    }
}

/// The terminal the TUI would draw on.
fn terminal(env: &dyn Fn(&str) -> Option<String>, report: &mut Report) {
    if !io::stdout().is_terminal() {
        report.line(
            Mark::Skip,
            "terminal",
            "not a terminal (stdout is redirected); run doctor in the terminal the TUI will use",
        );
        return;
    }
    let size = crossterm::terminal::size().ok();
    let (mark, text) = judge_terminal(size, env);
    report.line(mark, "terminal", text);
}

/// Size, colours and UTF-8 of a terminal.
pub fn judge_terminal(
    size: Option<(u16, u16)>,
    env: &dyn Fn(&str) -> Option<String>,
) -> (Mark, String) {
    let mut problems = Vec::new();
    let mut facts = Vec::new();
    match size {
        Some((w, h)) => {
            let (min_w, min_h) = crate::ui::MIN_SIZE;
            if w < min_w || h < min_h {
                facts.push(format!("{w}×{h}"));
                problems.push(format!("smaller than {min_w}×{min_h}: enlarge the window"));
            } else if w < 80 || h < 24 {
                facts.push(format!("{w}×{h} (80×24 or more shows every column)"));
            } else {
                facts.push(format!("{w}×{h}"));
            }
        }
        None => problems.push("its size cannot be read".into()),
    }
    let term = env("TERM").unwrap_or_default();
    let colour = if env("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        "no colours (NO_COLOR)"
    } else if env("COLORTERM").is_some_and(|v| v.contains("truecolor") || v.contains("24bit")) {
        "24-bit colour"
    } else if term.contains("256color") {
        "256 colours"
    } else {
        "basic colours"
    };
    if term == "dumb" {
        problems.push("TERM=dumb cannot draw the TUI: set TERM (e.g. xterm-256color)".into());
    } else {
        facts.push(colour.into());
    }
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|k| env(k).filter(|v| !v.is_empty()))
        .unwrap_or_default();
    let lower = locale.to_ascii_lowercase();
    if lower.contains("utf-8") || lower.contains("utf8") {
        facts.push("UTF-8".into());
    } else {
        problems.push(format!(
            "the locale ({}) is not UTF-8: names in other scripts will not show; set LANG=C.UTF-8",
            if locale.is_empty() { "unset" } else { &locale }
        ));
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
        assert_eq!(skew(1000, 1000).0, Mark::Pass);
        assert_eq!(skew(1060, 1000).0, Mark::Pass);
        let (mark, text) = skew(1061, 1000);
        assert_eq!(mark, Mark::Fail);
        assert!(text.starts_with("61 s ahead of"), "{text}");
        let (mark, text) = skew(1000, 1300);
        assert_eq!(mark, Mark::Fail);
        assert!(text.starts_with("300 s behind"), "{text}");
    }

    #[test]
    fn a_terminal_needs_room_a_term_and_utf8() {
        let good = env(&[("TERM", "xterm-256color"), ("LANG", "en_US.UTF-8")]);
        let (mark, text) = judge_terminal(Some((120, 40)), &good);
        assert_eq!(
            (mark, text.as_str()),
            (Mark::Pass, "120×40, 256 colours, UTF-8")
        );
        assert_eq!(judge_terminal(Some((10, 3)), &good).0, Mark::Fail);
        assert_eq!(judge_terminal(Some((70, 20)), &good).0, Mark::Pass);
        let latin = env(&[("TERM", "xterm"), ("LC_ALL", "C"), ("LANG", "en_US.UTF-8")]);
        let (mark, text) = judge_terminal(Some((120, 40)), &latin);
        assert_eq!(mark, Mark::Fail);
        assert!(text.contains("LANG=C.UTF-8"), "{text}");
        let dumb = env(&[("TERM", "dumb"), ("LANG", "C.UTF-8")]);
        assert_eq!(judge_terminal(Some((120, 40)), &dumb).0, Mark::Fail);
        let plain = env(&[("TERM", "xterm"), ("NO_COLOR", "1"), ("LANG", "C.UTF-8")]);
        assert!(
            judge_terminal(Some((80, 24)), &plain)
                .1
                .contains("no colours (NO_COLOR)")
        );
    }
}
