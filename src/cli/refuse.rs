//! The global options where they mean nothing ([`NOT_TAKEN`], and the
//! TUI's own everywhere but the TUI): hidden from a command's help,
//! completions and man page, and refused when given, with a sentence
//! (`boxoffice sandbox --profile x` is a usage error, not silently
//! ignored). The definitions stay in `cli.rs`.

use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, FromArgMatches};

use super::{CONNECTION, Cli, DESK_COMMANDS, LANE_COMMANDS, NOT_TAKEN, TUI_COMMANDS, TUI_ONLY};

/// The global options the command at `path` does not take: its
/// [`NOT_TAKEN`] entry, and the TUI's own unless it is the TUI.
fn not_taken(path: &[&str]) -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = NOT_TAKEN
        .iter()
        .filter(|(p, _)| *p == path)
        .flat_map(|(_, groups)| groups.iter().flat_map(|ids| ids.iter().copied()))
        .collect();
    let mut refuse = |id: &'static str| {
        if !ids.contains(&id) {
            ids.push(id);
        }
    };
    if !TUI_COMMANDS.contains(&path) {
        for id in TUI_ONLY {
            refuse(id);
        }
    }
    if !DESK_COMMANDS.contains(&path) {
        refuse("desk");
    }
    if !LANE_COMMANDS.contains(&path) {
        refuse("desk_db");
    }
    ids
}

/// Why an option is refused, beyond "does not apply", where there is more
/// to say.
fn why_not(id: &str, path: &str) -> &'static str {
    match (id, path) {
        ("demo", "sandbox") => {
            ": the sandbox already serves the demo business (run `boxoffice sandbox`, then point a command at it, or use `boxoffice --demo <command>`)"
        }
        ("demo_from", "sandbox") => {
            ": the sandbox serves a file with `boxoffice sandbox --from FILE`"
        }
        (id, _) if TUI_ONLY.contains(&id) => ": it is an option of the TUI and the check-in desk",
        ("desk", _) => ": it names the desk in the TUI, and in the audit log of enroll and revoke",
        ("desk_db", _) => {
            ": it is the door's shared admissions log, for the desk, desk-db, desk conflicts and doctor"
        }
        _ => "",
    }
}

/// The command line's definition as users see it: [`Cli`] with the global
/// options hidden where they mean nothing ([`not_taken`]). Help,
/// completions and the man page are made from this.
pub fn command() -> clap::Command {
    let mut cmd = Cli::command();
    // Global options reach the subcommands when the command is built; only
    // then can a subcommand's copy be hidden.
    cmd.build();
    hide_in(cmd, &[])
}

/// Hides in every subcommand of `cmd` (at `path`) what it does not take.
fn hide_in(cmd: clap::Command, path: &[&str]) -> clap::Command {
    // In place: the built command finds its args and subcommands by
    // position, so none may move.
    cmd.mut_subcommands(|sub| {
        let name = sub.get_name().to_owned();
        let at: Vec<&str> = path.iter().copied().chain([name.as_str()]).collect();
        let hidden = not_taken(&at);
        let sub = sub.mut_args(|arg| {
            if hidden.contains(&arg.get_id().as_str()) {
                arg.hide(true)
            } else {
                arg
            }
        });
        hide_in(sub, &at)
    })
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
        let names: Vec<&str> = at.iter().map(String::as_str).collect();
        let not_taken = not_taken(&names);
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
    let args: Vec<T> = args.into_iter().collect();
    // An option the command does not take is said before anything else is
    // missing (`tickets --theme light` names --theme, not the event).
    let mut lenient = command().ignore_errors(true);
    if let Ok(matches) = lenient.try_get_matches_from_mut(args.clone())
        && let Some(message) = refused(&matches)
    {
        return Err(command().error(clap::error::ErrorKind::ArgumentConflict, message));
    }
    let mut cmd = command();
    let matches = cmd.try_get_matches_from_mut(args)?;
    if let Some(message) = refused(&matches) {
        return Err(cmd.error(clap::error::ErrorKind::ArgumentConflict, message));
    }
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))
}

/// The sentence refusing what was given, if anything: an option the
/// command does not take, or a connection option with `--demo`.
fn refused(matches: &ArgMatches) -> Option<String> {
    let (levels, names) = levels(matches);
    let given = |id: &str| given(&levels, id);
    if let Some(id) = misplaced(&levels, &names) {
        let path = names.join(" ");
        return Some(format!(
            "--{} does not apply to 'boxoffice {path}'{}",
            id.replace('_', "-"),
            why_not(id, &path)
        ));
    }
    for demo in ["demo", "demo_from"] {
        if given(demo)
            && let Some(id) = CONNECTION.iter().find(|id| given(id))
        {
            return Some(format!(
                "--{} does not go with --{}: it runs against the embedded sandbox",
                id.replace('_', "-"),
                demo.replace('_', "-")
            ));
        }
    }
    None
}

/// The matches at each level of the subcommands run, and their names.
fn levels(matches: &ArgMatches) -> (Vec<&ArgMatches>, Vec<&str>) {
    let mut levels = vec![matches];
    let mut names = Vec::new();
    while let Some((name, sub)) = levels.last().and_then(|m| m.subcommand()) {
        names.push(name);
        levels.push(sub);
    }
    (levels, names)
}

/// Whether option `id` was given on the command line, at any level.
fn given(levels: &[&ArgMatches], id: &str) -> bool {
    levels.iter().any(|m| {
        m.try_get_raw(id)
            .ok()
            .flatten()
            .is_some_and(|_| m.value_source(id) == Some(ValueSource::CommandLine))
    })
}

/// The first option given on the command line (before or after the command)
/// that the command run (`names`) does not take.
fn misplaced(levels: &[&ArgMatches], names: &[&str]) -> Option<&'static str> {
    not_taken(names).into_iter().find(|id| given(levels, id))
}
