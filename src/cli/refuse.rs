//! The global options where they mean nothing ([`NOT_TAKEN`]): hidden from
//! a command's help, completions and man page, and refused when given
//! (`boxoffice sandbox --profile x` is a usage error, not silently
//! ignored). The definitions stay in `cli.rs`.

use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, FromArgMatches};

use super::{Cli, NOT_TAKEN};

/// The command line's definition as users see it: [`Cli`] with the global
/// options hidden where they mean nothing ([`NOT_TAKEN`]). Help,
/// completions and the man page are made from this.
pub fn command() -> clap::Command {
    let mut cmd = Cli::command();
    // Global options reach the subcommands when the command is built; only
    // then can a subcommand's copy be hidden.
    cmd.build();
    for (path, groups) in NOT_TAKEN {
        cmd = hide_in(cmd, path, groups);
    }
    cmd
}

fn hide_in(cmd: clap::Command, path: &[&str], groups: &[&[&str]]) -> clap::Command {
    // In place: the built command finds its args and subcommands by
    // position, so none may move.
    match path.split_first() {
        Some((name, rest)) => cmd.mut_subcommands(|sub| {
            if sub.get_name() == *name {
                hide_in(sub, rest, groups)
            } else {
                sub
            }
        }),
        None => cmd.mut_args(|arg| {
            let id = arg.get_id().as_str();
            if groups.iter().any(|ids| ids.contains(&id)) {
                arg.hide(true)
            } else {
                arg
            }
        }),
    }
}

/// The command line for completion scripts: as [`command`], but with each
/// global option copied into the subcommands that take it instead of
/// hidden in those that do not (the completion generators offer hidden
/// options too, so hiding is not enough for them).
pub fn completion_command() -> clap::Command {
    let cmd = Cli::command();
    let globals: Vec<clap::Arg> = cmd
        .get_arguments()
        .filter(|arg| arg.is_global_set())
        .map(|arg| arg.clone().global(false))
        .collect();
    let cmd = cmd.mut_args(|arg| arg.global(false));
    distribute(cmd, &globals, &[])
}

/// Gives every subcommand of `cmd` (at `path`) the `globals` it takes.
fn distribute(cmd: clap::Command, globals: &[clap::Arg], path: &[String]) -> clap::Command {
    cmd.mut_subcommands(|mut sub| {
        let mut at = path.to_vec();
        at.push(sub.get_name().to_owned());
        let not_taken: Vec<&str> = NOT_TAKEN
            .iter()
            .find(|(p, _)| p.iter().eq(at.iter()))
            .map(|(_, groups)| groups.iter().flat_map(|ids| ids.iter().copied()).collect())
            .unwrap_or_default();
        for arg in globals {
            let id = arg.get_id().as_str();
            let defined = sub.get_arguments().any(|a| a.get_id() == id);
            if !defined && !not_taken.contains(&id) {
                sub = sub.arg(arg.clone());
            }
        }
        distribute(sub, globals, &at)
    })
}

/// Parses the process's arguments with [`command`]; on a usage error prints
/// it and exits 2, as clap does.
pub fn parse() -> Cli {
    parse_from(std::env::args_os()).unwrap_or_else(|e| e.exit())
}

/// Parses `args` with [`command`], refusing a global option given to a
/// command that does not take it.
pub fn parse_from<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let mut cmd = command();
    let matches = cmd.try_get_matches_from_mut(args)?;
    if let Some((flag, name)) = misplaced(&matches) {
        let message = format!(
            "--{} does not apply to 'boxoffice {name}'",
            flag.replace('_', "-")
        );
        return Err(cmd.error(clap::error::ErrorKind::ArgumentConflict, message));
    }
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))
}

/// The first option given on the command line (before or after the command)
/// that the command run does not take, and that command's name.
fn misplaced(matches: &ArgMatches) -> Option<(&'static str, String)> {
    // The chain of subcommands run, and the matches at each level.
    let mut levels = vec![matches];
    let mut names = Vec::new();
    while let Some((name, sub)) = levels.last().and_then(|m| m.subcommand()) {
        names.push(name);
        levels.push(sub);
    }
    let (_, groups) = NOT_TAKEN
        .iter()
        .find(|(path, _)| *path == names.as_slice())?;
    let given = |id: &str| {
        levels.iter().any(|m| {
            m.try_get_raw(id)
                .ok()
                .flatten()
                .is_some_and(|_| m.value_source(id) == Some(ValueSource::CommandLine))
        })
    };
    groups
        .iter()
        .flat_map(|ids| ids.iter())
        .find(|id| given(id))
        .map(|id| (*id, names.join(" ")))
}
