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

use tracing_subscriber::EnvFilter;

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
        Some(directives) => EnvFilter::try_new(directives)
            .map_err(|e| format!("RUST_LOG={directives:?} is not a log filter: {e}"))?,
        None => EnvFilter::new(DEFAULT_FILTER),
    };
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(false)
        .with_target(false);
    let installed = match sink {
        Sink::File(path) => {
            let file = open_private(&path)
                .map_err(|e| format!("cannot write the log file {}: {e}", path.display()))?;
            builder.with_writer(Mutex::new(file)).try_init()
        }
        Sink::Stderr => builder.with_writer(std::io::stderr).try_init(),
    };
    installed.map_err(|e| format!("cannot start the diagnostics log: {e}"))
}

/// Opens `path` for appending, creating it 0600.
fn open_private(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(path)
}
