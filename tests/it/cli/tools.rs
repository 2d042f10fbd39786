//! The tools around the commands (issue 12): completions, the man page,
//! `config init|show|path`, `doctor` against the real sandbox over loopback,
//! the diagnostics log, `--version`, and the global options shown and taken
//! only where they mean something. Each run has its own temporary HOME.

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use boxoffice::sandbox::SandboxHandle;

use crate::common;

const NOW: &str = "2026-11-25 10:00:00";

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{:?}: {}{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

fn boxoffice(home: &Path, args: &[&str]) -> Output {
    common::binary::boxoffice(home).args(args).output().unwrap()
}

/// Runs `command` with `input` on its stdin (a pipe, not a terminal).
fn with_input(mut command: Command, input: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn completions_generate_for_every_shell() {
    let home = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = ok(&boxoffice(home.path(), &["completions", shell]));
        assert!(script.contains("boxoffice"), "{shell}: {script}");
        // The commands and their own options are there.
        for word in ["tickets", "doctor", "all", "listen"] {
            assert!(script.contains(word), "{shell}: {word} missing");
        }
    }
    // The sandbox's options are offered for it, the client's are not.
    let bash = ok(&boxoffice(home.path(), &["completions", "bash"]));
    let sandbox = bash
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("boxoffice__subcmd__sandbox)"))
        .find(|l| l.contains("opts="))
        .unwrap();
    assert!(sandbox.contains("--listen"), "{sandbox}");
    assert!(
        !sandbox.contains("--profile") && !sandbox.contains("--format"),
        "{sandbox}"
    );
    let tickets = bash
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("boxoffice__subcmd__tickets)"))
        .find(|l| l.contains("opts="))
        .unwrap();
    assert!(
        tickets.contains("--profile") && tickets.contains("--all"),
        "{tickets}"
    );
    let out = boxoffice(home.path(), &["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn man_is_roff_from_the_definitions() {
    let home = tempfile::tempdir().unwrap();
    let page = ok(&boxoffice(home.path(), &["man"]));
    assert!(page.starts_with(".TH"), "{}", &page[..page.len().min(200)]);
    assert!(page.contains("boxoffice"));
    assert!(page.contains("doctor") && page.contains("\\-\\-base\\-url"));
}

#[test]
fn version_names_the_commit() {
    let home = tempfile::tempdir().unwrap();
    let out = ok(&boxoffice(home.path(), &["--version"]));
    let version = out.trim();
    let prefix = format!("boxoffice {} (commit ", env!("CARGO_PKG_VERSION"));
    assert!(version.starts_with(&prefix), "{version}");
    let commit = version
        .strip_prefix(&prefix)
        .and_then(|r| r.strip_suffix(')'))
        .unwrap();
    assert!(
        commit == "unknown" || (commit.len() >= 4 && commit.chars().all(|c| c.is_ascii_hexdigit())),
        "{version}"
    );
}

#[test]
fn sandbox_help_lists_no_client_options_and_refuses_them() {
    let home = tempfile::tempdir().unwrap();
    let help = ok(&boxoffice(home.path(), &["sandbox", "--help"]));
    assert!(help.contains("--listen"), "{help}");
    for flag in [
        "--profile",
        "--format",
        "--base-url",
        "--business",
        "--timeout",
        "--concurrency",
        "--desk",
        "--readonly",
        "--log-file",
    ] {
        assert!(!help.contains(flag), "{flag} in {help}");
    }
    for args in [
        &["sandbox", "--profile", "x"][..],
        &["--format", "json", "sandbox"],
        &["completions", "bash", "--base-url", "https://x.example"],
        &["config", "path", "--timeout", "3"],
    ] {
        let out = boxoffice(home.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("does not apply to"), "{args:?}");
    }
    // The commands that connect list them, before or after their name.
    let help = ok(&boxoffice(home.path(), &["tickets", "--help"]));
    for flag in ["--profile", "--format", "--base-url", "--concurrency"] {
        assert!(help.contains(flag), "{flag} not in {help}");
    }
    let help = ok(&boxoffice(home.path(), &["doctor", "--help"]));
    assert!(
        help.contains("--profile") && !help.contains("--format"),
        "{help}"
    );
}

fn config_path(home: &Path) -> std::path::PathBuf {
    home.join("boxoffice").join("config.toml")
}

#[test]
fn config_init_writes_a_private_file_and_never_overwrites_it() {
    let home = tempfile::tempdir().unwrap();
    let path = config_path(home.path());
    // No terminal: the answers are stdin's lines.
    let mut command = common::binary::boxoffice(home.path());
    command.args(["config", "init"]);
    let out = with_input(
        command,
        "Shop\napi.example.com\npass show storefront/shop\n",
    );
    let said = ok(&out);
    assert!(said.contains(&path.display().to_string()), "{said}");
    assert_eq!(mode(&path), 0o600);
    assert_eq!(mode(path.parent().unwrap()), 0o700);
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.contains("business = \"shop\""), "{written}");
    assert!(written.contains("api_key_command = \"pass show storefront/shop\""));
    // `config path` and `config show` find it.
    let shown = ok(&boxoffice(home.path(), &["config", "path"]));
    assert_eq!(shown.trim(), path.display().to_string());
    let shown = ok(&boxoffice(home.path(), &["config", "show"]));
    assert!(
        shown.contains("https://shop.api.example.com (from profile default)"),
        "{shown}"
    );

    // Again: refused, and the file is as it was.
    let again = boxoffice(
        home.path(),
        &[
            "config",
            "init",
            "--base-url",
            "https://other.example",
            "--api-key-command",
            "",
        ],
    );
    assert_eq!(again.status.code(), Some(2), "{}", text(&again.stderr));
    assert!(text(&again.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), written);

    // --force replaces it, still 0600, from flags alone.
    let forced = boxoffice(
        home.path(),
        &[
            "config",
            "init",
            "--force",
            "--profile",
            "sandbox",
            "--base-url",
            "http://127.0.0.1:8787",
            "--api-key-command",
            "",
        ],
    );
    ok(&forced);
    assert_eq!(mode(&path), 0o600);
    let replaced = std::fs::read_to_string(&path).unwrap();
    assert!(
        replaced.contains("[profiles.sandbox]")
            && replaced.contains("base_url = \"http://127.0.0.1:8787\"")
    );
    assert!(!replaced.contains("\nbusiness = "), "{replaced}");
}

#[test]
fn config_init_without_answers_writes_nothing() {
    let home = tempfile::tempdir().unwrap();
    let out = boxoffice(home.path(), &["config", "init"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--business"),
        "{}",
        text(&out.stderr)
    );
    assert!(!config_path(home.path()).exists());
    let out = boxoffice(
        home.path(),
        &[
            "config",
            "init",
            "--base-url",
            "http://shop.example.com",
            "--api-key-command",
            "",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!config_path(home.path()).exists());
}

#[test]
fn config_init_sets_the_desk_pin_as_a_hash_never_the_pin() {
    let home = tempfile::tempdir().unwrap();
    let path = config_path(home.path());
    // No terminal: the PIN is the last of stdin's lines (never a flag).
    let mut command = common::binary::boxoffice(home.path());
    command.args(["config", "init", "--base-url", "https://shop.example.com"]);
    let out = with_input(command, "\n2468\n");
    let said = ok(&out);
    assert!(said.contains("PIN"), "{said}");
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(!written.contains("2468"), "{written}");
    assert!(written.contains("[desk]\n"), "{written}");
    let settings = boxoffice::app::settings::load(Some(&path), None).unwrap();
    let hash = settings.desk.pin_hash.expect("a pin_hash");
    assert!(
        written.contains(&format!("pin_hash = \"{hash}\"")),
        "{written}"
    );
    assert!(boxoffice::app::settings::pin_matches(&hash, "2468"));
    assert!(!boxoffice::app::settings::pin_matches(&hash, "1357"));

    // Without a PIN line: none, and the file still reads.
    let mut command = common::binary::boxoffice(home.path());
    command.args([
        "config",
        "init",
        "--force",
        "--base-url",
        "https://shop.example.com",
    ]);
    ok(&with_input(command, "\n"));
    let settings = boxoffice::app::settings::load(Some(&path), None).unwrap();
    assert_eq!(settings.desk.pin_hash, None);
    // Too short: refused, the file as it was.
    let before = std::fs::read_to_string(&path).unwrap();
    let mut command = common::binary::boxoffice(home.path());
    command.args([
        "config",
        "init",
        "--force",
        "--base-url",
        "https://shop.example.com",
    ]);
    let out = with_input(command, "\n12\n");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
}

#[test]
fn config_show_names_sources_never_the_key() {
    let home = tempfile::tempdir().unwrap();
    let path = config_path(home.path());
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let marker = home.path().join("key-command-ran");
    std::fs::write(
        &path,
        format!(
            "default_profile = \"shop\"\ntheme = \"light\"\n\
             [keys.tickets]\nrevoke = \"d\"\n[keys.global]\nhelp = [\"?\", \"F1\"]\n\
             [profiles.shop]\nbase_url = \"https://shop.example.com\"\napi_key_command = \"touch {} && echo cmd-key-4411\"\n\
             [profiles.filed]\nbase_url = \"https://filed.example.com\"\napi_key = \"file-key-9932\"\nconcurrency = 3\n",
            marker.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();

    let shown = ok(&boxoffice(home.path(), &["config", "show"]));
    assert!(shown.contains("shop (from default_profile"), "{shown}");
    assert!(
        shown.contains("<set, from api_key_command of profile shop>"),
        "{shown}"
    );
    assert!(!marker.exists(), "config show ran api_key_command");
    assert!(shown.contains("light (from the config file)"), "{shown}");
    assert!(shown.contains("2 action(s) rebound"), "{shown}");
    let shown = ok(&boxoffice(
        home.path(),
        &["config", "show", "--theme", "high-contrast"],
    ));
    assert!(shown.contains("high-contrast (from --theme)"), "{shown}");

    let shown = ok(&boxoffice(
        home.path(),
        &["config", "show", "--profile", "filed"],
    ));
    assert!(shown.contains("filed (from --profile)"), "{shown}");
    assert!(
        shown.contains("<set, from api_key of profile filed>"),
        "{shown}"
    );
    assert!(shown.contains("3 (from profile filed)"), "{shown}");

    let out = common::binary::boxoffice(home.path())
        .args(["config", "show", "--timeout", "7"])
        .env("BOXOFFICE_API_KEY", "env-key-5150")
        .env("BOXOFFICE_BASE_URL", "https://env.example.com")
        .output()
        .unwrap();
    let shown = ok(&out);
    assert!(shown.contains("<set, from BOXOFFICE_API_KEY>"), "{shown}");
    assert!(
        shown.contains("https://env.example.com (from BOXOFFICE_BASE_URL)"),
        "{shown}"
    );
    assert!(shown.contains("7 s (from --timeout)"), "{shown}");
    for shown in [shown, text(&out.stderr)] {
        for key in ["cmd-key-4411", "file-key-9932", "env-key-5150"] {
            assert!(!shown.contains(key), "{key} in {shown}");
        }
    }
    let nothing = tempfile::tempdir().unwrap();
    let shown = ok(&boxoffice(nothing.path(), &["config", "show"]));
    assert!(
        shown.contains("<not set>") && shown.contains("config init"),
        "{shown}"
    );
}

/// `boxoffice doctor` against the sandbox with `key`, off the test's
/// runtime (the sandbox serves on it); `extra` before `doctor`.
async fn doctor(sandbox: &SandboxHandle, key: &str, extra: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    let mut command = common::binary::boxoffice(home.path());
    command
        .args(extra)
        .arg("doctor")
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .env("BOXOFFICE_API_KEY", key);
    tokio::task::spawn_blocking(move || command.output())
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test]
async fn doctor_passes_against_the_sandbox_and_names_a_refused_key() {
    let sandbox = common::sandbox::start(common::sandbox::pinned(NOW)).await;
    let good = sandbox.api_key().to_owned();
    let out = doctor(&sandbox, &good, &[]).await;
    let report = ok(&out);
    let lines: Vec<&str> = report.lines().collect();
    for name in [
        "config", "profile", "base URL", "DNS", "TCP", "TLS", "API key", "clock", "terminal",
    ] {
        assert!(
            lines.iter().any(|l| l[4..].starts_with(name)),
            "no {name} line in {report}"
        );
    }
    assert!(lines.iter().all(|l| !l.starts_with('✗')), "{report}");
    assert!(report.contains("✓ API key"), "{report}");
    assert!(report.contains("✓ clock"), "{report}");
    assert!(report.contains("not a terminal"), "{report}");

    let wrong = "wrong-key-8d1e";
    let out = doctor(&sandbox, wrong, &[]).await;
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let report = text(&out.stdout);
    let key_line = report.lines().find(|l| l.contains("API key")).unwrap();
    assert!(
        key_line.starts_with('✗') && key_line.contains("authentication"),
        "{report}"
    );
    for printed in [&report, &text(&out.stderr)] {
        assert!(
            !printed.contains(wrong) && !printed.contains(&good),
            "{printed}"
        );
    }
    sandbox.shutdown().await;
}

#[tokio::test]
async fn doctor_fails_without_an_api() {
    let home = tempfile::tempdir().unwrap();
    let mut command = common::binary::boxoffice(home.path());
    command.arg("doctor");
    let out = tokio::task::spawn_blocking(move || command.output())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(
        report.contains("✗ config") && report.contains("config init"),
        "{report}"
    );
    // A loopback port where nothing listens: TCP fails, the rest is skipped.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let closed = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let mut command = common::binary::boxoffice(home.path());
    command
        .args(["doctor", "--base-url", &closed])
        .env("BOXOFFICE_API_KEY", "k");
    let out = tokio::task::spawn_blocking(move || command.output())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(report.contains("✗ TCP"), "{report}");
    assert!(report.contains("– API key"), "{report}");
}

#[test]
fn demo_doctor_checks_the_embedded_sandbox() {
    let home = tempfile::tempdir().unwrap();
    let report = ok(&boxoffice(home.path(), &["--demo", "doctor"]));
    assert!(report.contains("✓ API key"), "{report}");
    assert!(report.contains("--demo"), "{report}");
}

#[tokio::test]
async fn the_log_file_records_requests_without_the_key() {
    let sandbox = common::sandbox::start(common::sandbox::pinned(NOW)).await;
    let home = tempfile::tempdir().unwrap();
    let log = home.path().join("boxoffice.log");
    let mut command = common::binary::boxoffice(home.path());
    command
        .args(["events", "--format", "json", "--log-file"])
        .arg(&log)
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .env("BOXOFFICE_API_KEY", sandbox.api_key());
    let out = tokio::task::spawn_blocking(move || command.output())
        .await
        .unwrap()
        .unwrap();
    ok(&out);
    // Nothing of the log on the terminal's streams.
    assert!(
        !text(&out.stderr).contains("answered"),
        "{}",
        text(&out.stderr)
    );
    let written = std::fs::read_to_string(&log).unwrap();
    let line = written
        .lines()
        .find(|l| l.contains("path=/events"))
        .unwrap_or_else(|| panic!("{written}"));
    for field in [
        "method=GET",
        "status=200",
        "latency_ms=",
        "query=page=1&limit=100",
    ] {
        assert!(line.contains(field), "{field} not in {line}");
    }
    assert!(!written.contains(sandbox.api_key()), "{written}");
    // No body: no event name of the answer.
    assert!(!written.contains("\"name\""), "{written}");
    assert_eq!(mode(&log), 0o600);
    sandbox.shutdown().await;
}

#[test]
fn a_retry_is_logged_with_its_reason_not_the_body() {
    use common::json::{error_body, event, list};
    use common::mock::{MockServer, json_response, ok as answer};
    let server = MockServer::start(|_, n| {
        if n == 0 {
            json_response(503, &error_body("busy-body-text-77", &[]))
        } else {
            answer(&list(&serde_json::json!([event(1)]), 1, 1, 1))
        }
    });
    let home = tempfile::tempdir().unwrap();
    let log = home.path().join("retries.log");
    let out = common::binary::boxoffice(home.path())
        .args(["events", "--format", "json", "--log-file"])
        .arg(&log)
        .env("BOXOFFICE_BASE_URL", server.base())
        .env("BOXOFFICE_API_KEY", "mock-key-6502")
        .output()
        .unwrap();
    ok(&out);
    let written = std::fs::read_to_string(&log).unwrap();
    let retry = written
        .lines()
        .find(|l| l.contains("retrying"))
        .unwrap_or_else(|| panic!("{written}"));
    for field in [
        "path=/events",
        "attempt=1",
        "next_attempt=2",
        "reason=HTTP 503",
        "wait_ms=",
    ] {
        assert!(retry.contains(field), "{field} not in {retry}");
    }
    assert_eq!(written.matches("answered").count(), 2, "{written}");
    assert!(written.contains("status=503") && written.contains("status=200"));
    assert!(!written.contains("busy-body-text-77") && !written.contains("mock-key-6502"));
    assert_eq!(server.seen().len(), 2);
}
