//! `boxoffice completions SHELL` and `boxoffice man`: generated from the
//! command line's definition ([`crate::cli::command`]), so they never drift
//! from it, and offer only what the help shows (an option is not offered
//! where it does not apply).

use std::io::{self, Write};

use super::{Failure, written};
use crate::cli;

/// Prints the completion script for `shell` on stdout.
pub fn completions(shell: clap_complete::Shell) -> Result<(), Failure> {
    let mut cmd = cli::completion_command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "boxoffice", &mut script);
    print(&script)
}

/// Prints the manual page, in roff, on stdout, its `.TH` title first.
pub fn man() -> Result<(), Failure> {
    let mut page = Vec::new();
    clap_mangen::Man::new(cli::command())
        .render(&mut page)
        .map_err(|e| Failure::Other(format!("cannot render the manual page: {e}").into()))?;
    print(&title_first(&page))
}

/// The page with its `.TH` line moved before the string definitions
/// `clap_mangen` starts with: `man`, `file` and `whatis` look for it first,
/// and the definitions mean the same after it.
fn title_first(page: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(page);
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    if let Some(at) = lines.iter().position(|l| l.starts_with(".TH ")) {
        let title = lines.remove(at);
        lines.insert(0, title);
    }
    lines.concat().into_bytes()
}

fn print(bytes: &[u8]) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    written(out.write_all(bytes).and_then(|()| out.flush())).map(drop)
}
