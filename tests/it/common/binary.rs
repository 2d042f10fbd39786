//! The real binary, run as a user would with nothing of the tester's
//! environment leaking in.

use std::path::Path;
use std::process::{Command, Stdio};

/// A `boxoffice` command with a clean environment: `home` as both `HOME` and
/// `XDG_CONFIG_HOME` (so no config file unless the test writes one), and no
/// terminal on stdin.
pub fn boxoffice(home: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boxoffice"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home)
        // The machine's zone as CI's: UTC (a test in another names it).
        .env("TZ", "UTC")
        .stdin(Stdio::null());
    command
}
