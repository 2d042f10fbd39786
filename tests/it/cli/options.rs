//! Every command × every global option, walked from clap's own definitions:
//! an option a command does not take is neither listed in its help nor
//! accepted (exit 2 with a sentence). The TUI's options are taken only by
//! the TUI and `checkin`; a global option that says nothing of where it
//! applies fails here, so a new one cannot slip through.

use boxoffice::cli;

/// Every command path that runs something (a subcommand without
/// subcommands of its own), with its definition.
fn leaves(cmd: &clap::Command, path: &[String], out: &mut Vec<(Vec<String>, clap::Command)>) {
    for sub in cmd.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        let mut at = path.to_vec();
        at.push(sub.get_name().to_owned());
        if sub.has_subcommands() {
            leaves(sub, &at, out);
        } else {
            out.push((at, sub.clone()));
        }
    }
}

/// What a command needs to parse: its positionals, its required options,
/// and enroll's customer.
fn needs(leaf: &clap::Command) -> Vec<String> {
    let mut args = Vec::new();
    for arg in leaf.get_arguments() {
        // Every positional, optional ones too (`revoke`'s ticket is
        // required unless --from is given).
        if arg.is_positional() {
            let possible = arg.get_possible_values();
            args.push(
                possible
                    .first()
                    .map_or("1".to_owned(), |v| v.get_name().to_owned()),
            );
        }
    }
    for arg in leaf.get_arguments() {
        if !arg.is_positional()
            && arg.is_required_set()
            && let Some(long) = arg.get_long()
        {
            args.extend([format!("--{long}"), "1".to_owned()]);
        }
    }
    if leaf
        .get_arguments()
        .any(|a| a.get_id() == "customer" && !a.is_positional())
    {
        args.extend(["--customer".to_owned(), "1".to_owned()]);
    }
    args
}

/// The option as typed, with a value when it takes one.
fn typed(arg: &clap::Arg) -> Vec<String> {
    let flag = format!("--{}", arg.get_long().unwrap());
    if !arg.get_action().takes_values() {
        return vec![flag];
    }
    let value = match arg.get_possible_values().first() {
        Some(v) => v.get_name().to_owned(),
        None => match arg.get_id().as_str() {
            "timeout" | "concurrency" => "3".to_owned(),
            "base_url" => "https://shop.example.com".to_owned(),
            "log_file" => std::env::temp_dir().join("x.log").display().to_string(),
            _ => "x".to_owned(),
        },
    };
    vec![flag, value]
}

#[test]
fn every_command_lists_and_takes_only_the_global_options_it_uses() {
    let root = cli::command();
    let globals: Vec<clap::Arg> = root
        .get_arguments()
        .filter(|a| a.is_global_set() && a.get_long().is_some())
        .cloned()
        .collect();
    assert!(
        globals.len() >= 12,
        "{:?}",
        globals.iter().map(clap::Arg::get_id).collect::<Vec<_>>()
    );
    // Every global option says where it applies.
    for arg in &globals {
        let id = arg.get_id().as_str();
        assert!(
            cli::TUI_ONLY.contains(&id) || cli::HEADLESS.contains(&id),
            "--{id}: add it to cli::TUI_ONLY or cli::HEADLESS"
        );
    }
    let mut all = Vec::new();
    leaves(&root, &[], &mut all);
    assert!(all.len() >= 20, "{}", all.len());
    let mut checked = 0;
    for (path, leaf) in &all {
        let name = path.join(" ");
        let help = leaf.clone().render_long_help().to_string();
        for arg in &globals {
            let id = arg.get_id().as_str();
            let mut args = vec!["boxoffice".to_owned()];
            args.extend(path.iter().cloned());
            args.extend(needs(leaf));
            args.extend(typed(arg));
            let flag = format!("--{}", arg.get_long().unwrap());
            let listed = help.contains(&format!("{flag} ")) || help.contains(&format!("{flag}\n"));
            let parsed = cli::parse_from(&args);
            // Where the TUI's own options mean something besides the TUI:
            // the desk, `config show` (where the bell and the theme come
            // from), the writes' audit log (the desk that sent them), and
            // the door's shared log (its own commands, and where it is).
            let at: Vec<&str> = path.iter().map(String::as_str).collect();
            let takes = match at.as_slice() {
                ["checkin"] => true,
                ["enroll" | "revoke"] => id == "desk",
                ["admit" | "lane" | "note"] | ["door", "set"] | ["desk", "sync"] => {
                    matches!(id, "desk" | "desk_db")
                }
                ["desk-db", _]
                | ["desk", "conflicts"]
                | ["door", "show" | "stats" | "report"]
                | ["doctor" | "tickets"] => id == "desk_db",
                // The dashboard alone: a TUI on the door's log.
                ["door", "watch"] => {
                    matches!(id, "no_cache" | "no_bell" | "theme" | "desk_db")
                }
                ["config", "show"] => matches!(id, "no_bell" | "theme" | "desk_db"),
                _ => false,
            };
            if (cli::TUI_ONLY.contains(&id) || id == "desk" || id == "desk_db") && !takes {
                let e = parsed.as_ref().expect_err(&format!("{args:?} is taken"));
                assert_eq!(e.exit_code(), 2, "{args:?}");
                assert!(
                    e.to_string()
                        .contains(&format!("{flag} does not apply to 'boxoffice {name}'")),
                    "{args:?}: {e}"
                );
                assert!(!listed, "{flag} listed in `{name} --help`");
            }
            // Whatever the option: listed exactly when taken.
            match &parsed {
                Ok(_) => assert!(listed, "{args:?} is taken but {flag} is not in its help"),
                Err(e) => {
                    assert_eq!(e.exit_code(), 2, "{args:?}: {e}");
                    assert!(e.to_string().contains("does not apply"), "{args:?}: {e}");
                    assert!(!listed, "{args:?} is refused but listed in its help");
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 20 * 12);
}

/// `--demo` before or after any command runs it against the embedded demo
/// sandbox; what does not go with it is refused with a sentence.
#[test]
fn demo_runs_every_command_and_refuses_what_does_not_apply() {
    let home = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        crate::common::binary::boxoffice(home.path())
            .args(args)
            .env("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00")
            .output()
            .unwrap()
    };
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    for args in [
        &["--demo", "tickets", "1002", "--format", "csv"][..],
        &["tickets", "1002", "--demo", "--format", "csv"],
    ] {
        let out = run(args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let door = text(&out.stdout);
        let mut lines = door.lines();
        assert!(
            lines.next().unwrap().starts_with("id,number,status,"),
            "{door}"
        );
        assert!(lines.count() > 10, "{door}");
    }
    // A number as it is said, and a write, in the demo's own audit log.
    let out = run(&[
        "--demo",
        "ticket",
        "tk 000031",
        "--event",
        "1002",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("\"TK-000031\""));
    let out = run(&["revoke", "31", "--demo", "--yes"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&["--demo", "audit", "--format", "csv"]);
    assert!(
        text(&out.stdout).contains("revoke"),
        "{}",
        text(&out.stdout)
    );

    for (args, says) in [
        (
            &["--demo", "sandbox"][..],
            "--demo does not apply to 'boxoffice sandbox': the sandbox already serves the demo business",
        ),
        (
            &["sandbox", "--demo"],
            "--demo does not apply to 'boxoffice sandbox'",
        ),
        (
            &[
                "tickets",
                "1001",
                "--desk",
                "X",
                "--theme",
                "light",
                "--no-bell",
            ],
            "does not apply to 'boxoffice tickets': it is an option of the TUI",
        ),
        (
            &["tickets", "--theme", "light"],
            "--theme does not apply to 'boxoffice tickets'",
        ),
        (
            &[
                "--demo",
                "tickets",
                "1002",
                "--base-url",
                "https://shop.example.com",
            ],
            "--base-url does not go with --demo",
        ),
    ] {
        let out = run(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    let help = text(&run(&["tickets", "--help"]).stdout);
    // Whole options: `--desk` is not `--desk-db` (which `--admitted` reads).
    let listed: Vec<&str> = help
        .split_whitespace()
        .filter(|w| w.starts_with("--"))
        .collect();
    for flag in ["--desk", "--no-bell", "--theme", "--no-cache"] {
        assert!(!listed.contains(&flag), "{flag} in tickets --help:\n{help}");
    }
    assert!(help.contains("--demo"), "{help}");
}
