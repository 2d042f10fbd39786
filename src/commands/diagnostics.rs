//! The diagnostics log (docs/headless.md#diagnostics-log): `tracing` events of the
//! client (each request's method, path, status, latency and retries; never
//! the key, never a body) written to `--log-file PATH`, or, with `RUST_LOG`
//! alone, to stderr for a headless command and to
//! `$XDG_STATE_HOME/boxoffice/boxoffice.log` for the TUI, which owns the
//! terminal. With neither, nothing is recorded.

use std::fs::{File, OpenOptions};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt::writer::BoxMakeWriter;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;

use crate::store::paths;

/// The filter when `RUST_LOG` is not set: boxoffice's own events, requests
/// included.
pub const DEFAULT_FILTER: &str = "boxoffice=info";

/// The file the TUI logs to with `RUST_LOG` and no `--log-file`.
pub fn tui_log_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    paths::state_root(env).map(|root| root.join("boxoffice.log"))
}

/// Where the log goes.
enum Sink {
    File(PathBuf),
    Stderr,
}

/// Sets up the log for this run. `log_file`: `--log-file`; `tui`: the run
/// draws the TUI. An error (an unwritable file, a bad `RUST_LOG`) is a
/// usage error, reported before anything else happens.
pub fn init(log_file: Option<&Path>, tui: bool) -> Result<(), String> {
    let env = |k: &str| std::env::var(k).ok();
    let rust_log = env("RUST_LOG").filter(|v| !v.trim().is_empty());
    let sink = match (log_file, &rust_log) {
        (Some(path), _) => Sink::File(path.to_owned()),
        (None, Some(_)) if tui => match tui_log_path(&env) {
            Some(path) => {
                if let Some(dir) = path.parent() {
                    paths::create_private_dir(dir)
                        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                }
                Sink::File(path)
            }
            // No place for it: nothing is logged rather than the terminal.
            None => return Ok(()),
        },
        (None, Some(_)) => Sink::Stderr,
        (None, None) => return Ok(()),
    };
    let filter = match &rust_log {
        Some(directives) => filter(directives)
            .map_err(|e| format!("RUST_LOG={directives:?} is not a log filter: {e}"))?,
        None => filter(DEFAULT_FILTER)?,
    };
    let writer = match sink {
        Sink::File(path) => {
            let file = open_private(&path)
                .map_err(|e| format!("cannot write the log file {}: {e}", path.display()))?;
            BoxMakeWriter::new(Mutex::new(file))
        }
        Sink::Stderr => BoxMakeWriter::new(std::io::stderr),
    };
    let layer = tracing_subscriber::fmt::layer()
        .with_ansi(false)
        .with_target(false)
        .with_writer(writer);
    let installed = tracing_subscriber::registry()
        .with(layer)
        .with(filter)
        .try_init();
    installed.map_err(|e| format!("cannot start the diagnostics log: {e}"))
}

/// `RUST_LOG`'s directives, comma-separated: `target=level` (the target and
/// every module under it; the longest target that matches decides), a bare
/// `level` for everything else, a bare `target` for all of its levels.
/// Spaces around a directive and empty ones are ignored. (tracing-subscriber's
/// `Targets`, not its `EnvFilter`: the same syntax without span and field
/// filters, which this log has no use for, and without the regex engine they
/// cost to build.)
pub fn filter(directives: &str) -> Result<Targets, String> {
    let cleaned: Vec<&str> = directives
        .split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .collect();
    if cleaned.is_empty() {
        return Ok(Targets::new());
    }
    cleaned.join(",").parse().map_err(|e| format!("{e}"))
}

/// Opens `path` for appending, creating it 0600.
fn open_private(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(path)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use tracing::Level;

    use super::{DEFAULT_FILTER, filter};

    const LEVELS: [Level; 5] = [
        Level::ERROR,
        Level::WARN,
        Level::INFO,
        Level::DEBUG,
        Level::TRACE,
    ];

    #[test]
    fn the_documented_filters_mean_what_the_docs_say() {
        let default = filter(DEFAULT_FILTER).unwrap_or_default();
        assert!(default.would_enable("boxoffice::api::client", &Level::INFO));
        assert!(default.would_enable("boxoffice::api::client", &Level::WARN));
        assert!(!default.would_enable("boxoffice::api::client", &Level::DEBUG));
        assert!(!default.would_enable("hyper::proto", &Level::INFO));

        let warn = filter("boxoffice=warn").unwrap_or_default();
        assert!(warn.would_enable("boxoffice::api::client", &Level::WARN));
        assert!(!warn.would_enable("boxoffice::api::client", &Level::INFO));

        let debug = filter("debug").unwrap_or_default();
        assert!(debug.would_enable("h2::codec", &Level::DEBUG));
        assert!(debug.would_enable("boxoffice::api", &Level::DEBUG));
        assert!(!debug.would_enable("h2::codec", &Level::TRACE));

        let spaced = filter(" boxoffice=info , h2=debug ,").unwrap_or_default();
        assert!(spaced.would_enable("boxoffice::app", &Level::INFO));
        assert!(spaced.would_enable("h2::codec", &Level::DEBUG));
        assert!(!spaced.would_enable("hyper", &Level::ERROR));
    }

    #[test]
    fn a_filter_that_cannot_be_read_is_refused() {
        for bad in ["boxoffice=loud", "boxoffice=info=debug", "a[{x]=info"] {
            assert!(filter(bad).is_err(), "{bad}");
        }
    }

    /// A directive as written, and what it means: a target (None for a bare
    /// level) and the most verbose level it lets through (None: off).
    fn directive() -> impl Strategy<Value = (String, Option<&'static str>, Option<usize>)> {
        let target = prop::sample::select(vec![
            "boxoffice",
            "boxoffice::api",
            "boxoffice::api::client",
            "box",
            "h2",
            "hyper",
        ]);
        let level = 0..6usize;
        (prop::option::of(target), level, any::<bool>()).prop_map(|(target, level, upper)| {
            let name = ["off", "error", "warn", "info", "debug", "trace"][level];
            let name = if upper {
                name.to_uppercase()
            } else {
                name.to_owned()
            };
            let text = match target {
                Some(t) => format!("{t}={name}"),
                None => name,
            };
            (text, target, level.checked_sub(1))
        })
    }

    proptest! {
        /// The rule: an event is let through when the directive with the
        /// longest target that is a prefix of its target (a bare level
        /// being the shortest) allows its level; none matching, it is not.
        #[test]
        fn the_longest_matching_target_decides(
            directives in prop::collection::vec(directive(), 1..5),
            event_target in prop::sample::select(vec![
                "boxoffice", "boxoffice::api::client", "boxoffice::app", "boxer",
                "h2::codec", "hyper", "tokio_postgres::query", "box",
            ]),
        ) {
            // Two directives for the same target: the later one stands.
            let mut model: Vec<(Option<&str>, Option<usize>)> = Vec::new();
            for (_, target, level) in &directives {
                model.retain(|(t, _)| t != target);
                model.push((*target, *level));
            }
            let text: Vec<&str> = directives.iter().map(|(t, _, _)| t.as_str()).collect();
            let text = text.join(",");
            let parsed = filter(&text);
            prop_assert!(parsed.is_ok(), "{text}: {parsed:?}");
            let parsed = parsed.unwrap_or_default();
            let decider = model
                .iter()
                .filter(|(t, _)| t.is_none_or(|t| event_target.starts_with(t)))
                .max_by_key(|(t, _)| t.map_or(0, |t| t.len() + 1));
            for (i, level) in LEVELS.iter().enumerate() {
                let expected = decider.is_some_and(|(_, most)| most.is_some_and(|m| i <= m));
                prop_assert_eq!(
                    parsed.would_enable(event_target, level),
                    expected,
                    "{} at {} under {}", event_target, level, text
                );
            }
        }
    }
}
