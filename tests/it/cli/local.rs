//! The local state's switches on the real binary: `cache clear`, `checkin`,
//! `--desk`, `--no-bell`, `--no-cache`. The XDG directories are in a
//! temporary home, and nothing is sent to any API.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use boxoffice::store::{SqliteTicketCache, TicketCache, paths};

use crate::common;

/// The binary in a clean environment whose state and cache homes are under
/// `home`.
fn boxoffice(home: &Path) -> Command {
    let mut command = common::binary::boxoffice(home);
    command
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"));
    command
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A cache with one list for `business`, as the TUI would leave it.
fn cached(home: &Path, business: &str) -> PathBuf {
    let env = |k: &str| match k {
        "XDG_CACHE_HOME" => Some(home.join("cache").display().to_string()),
        _ => None,
    };
    let dir = paths::cache_dir(&env, business).unwrap();
    let mut cache = SqliteTicketCache::open(&dir).unwrap();
    cache.save(7, &[], "").unwrap();
    dir
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{:?}: {}",
        out.status,
        text(&out.stderr)
    );
    text(&out.stdout)
}

#[test]
fn cache_clear_removes_the_cache_of_the_business_in_use() {
    let home = tempfile::tempdir().unwrap();
    let shop = cached(home.path(), "shop.example.com");
    let other = cached(home.path(), "other.example.com");
    // No key: clearing sends nothing, so it needs none.
    let clear = || {
        boxoffice(home.path())
            .env("BOXOFFICE_BASE_URL", "https://shop.example.com")
            .args(["cache", "clear"])
            .output()
            .unwrap()
    };
    let said = ok(&clear());
    assert!(
        said.contains(&format!("removed {}", shop.display())),
        "{said}"
    );
    assert!(!shop.join(SqliteTicketCache::FILE).exists());
    assert!(!shop.exists());
    assert!(other.join(SqliteTicketCache::FILE).exists());
    let said = ok(&clear());
    assert!(said.contains("no offline lists"), "{said}");
    // Under a Spanish locale, said in Spanish, the same exit.
    let said = ok(&boxoffice(home.path())
        .env("BOXOFFICE_BASE_URL", "https://shop.example.com")
        .env("LANG", "es_ES.UTF-8")
        .args(["cache", "clear"])
        .output()
        .unwrap());
    assert!(
        said.starts_with("no hay listas sin conexión que borrar para "),
        "{said}"
    );
}

#[test]
fn cache_clear_of_the_demo_and_of_every_business() {
    let home = tempfile::tempdir().unwrap();
    let demo = cached(home.path(), "demo");
    let shop = cached(home.path(), "shop.example.com");
    let out = boxoffice(home.path())
        .args(["--demo", "cache", "clear"])
        .output()
        .unwrap();
    assert!(ok(&out).contains(&demo.display().to_string()));
    assert!(!demo.exists() && shop.exists());
    let out = boxoffice(home.path())
        .args(["cache", "clear", "--all"])
        .output()
        .unwrap();
    assert!(ok(&out).contains(&shop.display().to_string()));
    assert!(!shop.exists());
}

#[test]
fn cache_clear_without_a_business_is_a_configuration_error() {
    let home = tempfile::tempdir().unwrap();
    let out = boxoffice(home.path())
        .args(["cache", "clear"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

#[test]
fn checkin_help_tells_what_the_desk_is() {
    let home = tempfile::tempdir().unwrap();
    let out = boxoffice(home.path())
        .args(["checkin", "--help"])
        .output()
        .unwrap();
    let help = ok(&out).split_whitespace().collect::<Vec<_>>().join(" ");
    for words in [
        "scanner-first check-in desk",
        "letters never trigger actions",
        "local desk log",
    ] {
        assert!(help.contains(words), "{words:?} not in {help}");
    }
}

#[test]
fn the_desk_switches_parse_and_readonly_says_what_it_hides() {
    let home = tempfile::tempdir().unwrap();
    let out = boxoffice(home.path()).args(["--help"]).output().unwrap();
    let help = ok(&out).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains(
            "Desk mode: look-ups and check-in only; enroll and revoke are hidden and refused."
        ),
        "{help}"
    );
    for flag in ["--desk <NAME> This desk's name", "--no-cache", "--no-bell"] {
        assert!(help.contains(flag), "{flag} not in {help}");
    }
    // The TUI's switches, given to a command that is not the TUI (before
    // or after it): refused with a sentence, never silently taken.
    for args in [
        &["--no-bell", "--desk", "door-2", "--demo", "cache", "clear"][..],
        &["cache", "clear", "--demo", "--no-cache", "--desk=door 3"],
    ] {
        let out = boxoffice(home.path()).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = text(&out.stderr);
        assert!(
            said.contains("does not apply to 'boxoffice cache clear'"),
            "{said}"
        );
    }
    // --demo is global now: after the command too.
    ok(&boxoffice(home.path())
        .args(["cache", "clear", "--demo"])
        .output()
        .unwrap());
    let out = boxoffice(home.path())
        .args(["--desk", "", "checkin", "7"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--desk"));
}

/// `config pin` prints a line config.toml's `[desk]` reads, whose hash the
/// PIN matches; the PIN itself is printed nowhere.
#[test]
fn config_pin_prints_a_hash_the_desk_reads_never_the_pin() {
    let home = tempfile::tempdir().unwrap();
    let out = config_pin(home.path(), "2468");
    let printed = ok(&out);
    assert!(!printed.contains("2468"), "{printed}");
    let line = printed.lines().find(|l| l.starts_with("pin_hash")).unwrap();
    let settings = boxoffice::app::settings::parse(&format!("[desk]\n{line}\n"), "c").unwrap();
    let hash = settings.desk.pin_hash.unwrap();
    assert!(boxoffice::app::settings::pin_matches(&hash, "2468"));
    assert!(!boxoffice::app::settings::pin_matches(&hash, "2469"));
}

/// A PIN's length is counted in characters wherever one is given: `config
/// pin` refuses three (six bytes of `ß`) and takes four, as `config init`
/// does.
#[test]
fn config_pin_counts_characters_not_bytes() {
    let home = tempfile::tempdir().unwrap();
    for short in ["ßßß", "123", ""] {
        let out = config_pin(home.path(), short);
        assert_eq!(out.status.code(), Some(2), "{short:?}");
        assert!(
            text(&out.stderr).contains("at least 4 characters"),
            "{short:?}"
        );
    }
    let out = config_pin(home.path(), "ßßßß");
    assert!(ok(&out).contains("pin_hash"));
}

/// `config pin` with `typed` and Enter on its stdin.
fn config_pin(home: &std::path::Path, typed: &str) -> std::process::Output {
    use std::io::Write as _;
    let mut child = boxoffice(home)
        .args(["config", "pin"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let line = format!("{typed}\n");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(line.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
