//! The staff's language in the real binary: `admit`'s line in the
//! language of the profile or the locale, and what scripts read (`--format
//! json`, the exit code) the same in every language.

use std::process::Output;

use boxoffice::i18n::Lang;

/// `boxoffice --demo admit TK-000031 --event 1002 [extra]` in a fresh
/// home, with `env` set (and the demo's clock pinned).
fn admit(env: &[(&str, &str)], extra: &[&str], config: Option<&str>) -> Output {
    let home = tempfile::tempdir().unwrap();
    if let Some(text) = config {
        let dir = home.path().join("boxoffice");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("config.toml"), text).unwrap();
    }
    let args = ["admit", "TK-000031", "--event", "1002"];
    demo_run(home.path(), env, &[&args[..], extra].concat())
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// Its exit code and what it said on stderr.
fn said(out: &Output) -> (Option<i32>, String) {
    (out.status.code(), stderr(out))
}

/// `--format json`'s bytes but the admission's stamp (the wall clock's
/// second it was made at).
fn unstamped(out: &Output) -> String {
    stdout(out)
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("\"at\": ") {
                "    \"at\": …"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn admit_speaks_spanish_under_a_spanish_locale_and_its_json_stays_english() {
    let out = admit(&[("LANG", "es_ES.UTF-8")], &[], None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = stdout(&out);
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("VÁLIDO  TK-000031"), "{text}");
    assert_eq!(text.lines().nth(1), Some("admitido: que pase"), "{text}");

    let english = admit(&[], &["--format", "json"], None);
    assert_eq!(english.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&english.stdout).unwrap();
    assert_eq!(json["verdict"], "VALID");
    assert_eq!(json["meaning"], "admitted: let them in");
    assert!(
        unstamped(&english).contains("\"at\": …"),
        "{}",
        unstamped(&english)
    );
    // Whatever the locale, scripts read the same bytes and exit code.
    for lang in Lang::ALL {
        let locale = format!("{}_XX.UTF-8", lang.code());
        for var in ["LANG", "LC_ALL", "LC_MESSAGES"] {
            let theirs = admit(&[(var, locale.as_str())], &["--format", "json"], None);
            assert_eq!(
                theirs.status.code(),
                english.status.code(),
                "{var}={locale}"
            );
            assert_eq!(
                unstamped(&theirs),
                unstamped(&english),
                "{var}={locale}: --format json differs"
            );
            if var == "LANG" && lang != Lang::EN {
                break;
            }
        }
    }
}

#[test]
fn a_profiles_language_beats_the_locale_and_one_it_does_not_speak_is_an_error() {
    let config = "[profiles.door]\nbase_url = \"http://127.0.0.1:9\"\nlanguage = \"de\"\n";
    let out = admit(&[("LANG", "es_ES.UTF-8")], &[], Some(config));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        stdout(&out).starts_with("GÜLTIG  TK-000031"),
        "{}",
        stdout(&out)
    );

    let wrong = "[profiles.door]\nbase_url = \"http://127.0.0.1:9\"\nlanguage = \"tlh\"\n";
    let out = admit(&[], &[], Some(wrong));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = stderr(&out);
    assert!(
        err.contains("language \"tlh\" is not one of en, es, de, fr, pt"),
        "{err}"
    );
}

#[test]
fn doctor_says_which_language_and_why() {
    let home = tempfile::tempdir().unwrap();
    let out = crate::common::binary::boxoffice(home.path())
        .args(["--demo", "doctor"])
        .env("LC_ALL", "fr_FR.UTF-8")
        .env("LANG", "de_DE.UTF-8")
        .output()
        .unwrap();
    let text = stdout(&out);
    // Its labels in French, in one column as wide as the longest
    // ("journal du contrôle"); what follows each in French too (names,
    // addresses and what a server said as they are).
    assert!(
        text.lines()
            .any(|l| l == "✓ langue              fr (LC_ALL=fr_FR.UTF-8)"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("– configuration       ")),
        "{text}"
    );
    // English as it always read.
    let out = crate::common::binary::boxoffice(home.path())
        .args(["--demo", "doctor"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.lines().any(|l| l.starts_with("✓ language    en ")),
        "{text}"
    );
}

/// `boxoffice --demo ticket TK-999999 --event 1002 [extra]` with `env`.
fn unknown_ticket(env: &[(&str, &str)], extra: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    let args = ["ticket", "TK-999999", "--event", "1002"];
    demo_run(home.path(), env, &[&args[..], extra].concat())
}

#[test]
fn an_error_is_said_in_the_staffs_language_with_the_same_exit_code_and_json_stays_english() {
    let english = unknown_ticket(&[], &[]);
    let spanish = unknown_ticket(&[("LANG", "es_ES.UTF-8")], &[]);
    let err = |o: &Output| String::from_utf8(o.stderr.clone()).unwrap();
    assert_eq!(english.status.code(), Some(3), "{english:?}");
    assert_eq!(spanish.status.code(), english.status.code());
    assert!(
        err(&english).starts_with("boxoffice: no ticket TK-999999 in event 1002 (read "),
        "{}",
        err(&english)
    );
    assert!(
        err(&spanish)
            .starts_with("boxoffice: no hay ninguna entrada TK-999999 en el evento 1002 (leídas "),
        "{}",
        err(&spanish)
    );
    // Asked for machine output, the error is the same bytes in every
    // language.
    let json = unknown_ticket(&[], &["--format", "json"]);
    assert_eq!(err(&json), err(&english));
    for lang in Lang::ALL {
        let locale = format!("{}_XX.UTF-8", lang.code());
        let theirs = unknown_ticket(&[("LANG", locale.as_str())], &["--format", "json"]);
        assert_eq!(theirs.status.code(), json.status.code(), "{locale}");
        assert_eq!(err(&theirs), err(&json), "{locale}");
        assert_eq!(theirs.stdout, json.stdout, "{locale}");
    }
}

/// `boxoffice [args] events` in a fresh home with `env`: a configuration
/// problem before anything is sent.
fn misconfigured(env: &[(&str, &str)], args: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    let mut command = crate::common::binary::boxoffice(home.path());
    command.args(args).arg("events");
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().unwrap()
}

#[test]
fn a_configuration_problem_is_said_in_the_staffs_language_with_exit_2_and_json_stays_english() {
    let err = |o: &Output| String::from_utf8(o.stderr.clone()).unwrap();
    let cases = [
        (
            &["--business", "shop"][..],
            "boxoffice: --business needs --api-host\n",
            "boxoffice: --business necesita --api-host\n",
        ),
        (
            &["--base-url", "http://127.0.0.1:9"][..],
            "boxoffice: no API key: set BOXOFFICE_API_KEY, or api_key_command in a profile of config.toml\n",
            "boxoffice: no hay clave de API: defina BOXOFFICE_API_KEY, o api_key_command en un perfil de config.toml\n",
        ),
    ];
    for (args, english_line, spanish_line) in cases {
        let english = misconfigured(&[], args);
        let spanish = misconfigured(&[("LANG", "es_ES.UTF-8")], args);
        assert_eq!(english.status.code(), Some(2), "{english:?}");
        assert_eq!(spanish.status.code(), Some(2), "{spanish:?}");
        assert_eq!(err(&english), english_line);
        assert_eq!(err(&spanish), spanish_line);
        let json: Vec<&str> = args.iter().copied().chain(["--format", "json"]).collect();
        let spanish_json = misconfigured(&[("LANG", "es_ES.UTF-8")], &json);
        assert_eq!(spanish_json.status.code(), Some(2));
        assert_eq!(err(&spanish_json), english_line);
    }
}

/// `boxoffice --demo [args]` in `home` with the demo's clock pinned and
/// `env` set: its exit code, stdout and stderr.
fn demo_run(home: &std::path::Path, env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut command = crate::common::binary::boxoffice(home);
    command
        .arg("--demo")
        .args(args)
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00");
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().unwrap()
}

/// `boxoffice --demo [args]` in a pseudo-terminal of a fresh home with
/// `env`: waits for the question (`[y/N]`), answers `answer`; the exit
/// code and all the terminal showed.
fn asked_in_a_terminal(env: &[(&str, &str)], args: &[&str], answer: &str) -> (u32, String) {
    let home = tempfile::tempdir().unwrap();
    let state = home.path().join("state");
    let cache = home.path().join("cache");
    let (state, cache) = (state.to_str().unwrap(), cache.to_str().unwrap());
    let mut all = vec![
        ("XDG_STATE_HOME", state),
        ("XDG_CACHE_HOME", cache),
        ("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00"),
    ];
    all.extend_from_slice(env);
    let args: Vec<&str> = std::iter::once("--demo")
        .chain(args.iter().copied())
        .collect();
    crate::common::binary::in_a_terminal(home.path(), (&args, 200), &all, &[("[y/N]", answer)])
}

#[test]
fn revoke_asks_and_answers_in_spanish_with_the_same_exit_codes_and_json_stays_english() {
    let spanish = [("LANG", "es_ES.UTF-8")];
    let one = ["revoke", "TK-000031", "--event", "1002"];
    // The question before one ticket's revoke, and the line after it.
    let (code, screen) = asked_in_a_terminal(&spanish, &one, "y");
    assert_eq!(code, 0, "{screen}");
    assert!(
        screen.contains("¿Revocar la entrada TK-000031 ("),
        "{screen}"
    );
    assert!(
        screen.contains("entrada TK-000031 revocada (id "),
        "{screen}"
    );
    let (english_code, english) = asked_in_a_terminal(&[], &one, "y");
    assert_eq!(english_code, code, "{english}");
    assert!(english.contains("Revoke ticket TK-000031 ("), "{english}");
    assert!(
        english.contains("revoked ticket TK-000031 (id "),
        "{english}"
    );
    // Refused: said in the language, the same exit code as English's.
    let (code, screen) = asked_in_a_terminal(&spanish, &one, "n");
    let (english_code, english) = asked_in_a_terminal(&[], &one, "n");
    assert_eq!(code, 1, "{screen}");
    assert_eq!(english_code, code, "{english}");
    assert!(screen.contains("entrada TK-000031 no revocada"), "{screen}");
    assert!(
        english.contains("ticket TK-000031 not revoked"),
        "{english}"
    );

    // The one question of a revoke of many (a write question: complete
    // in every language).
    let list = tempfile::tempdir().unwrap();
    let from = list.path().join("tickets.csv");
    std::fs::write(&from, "TK-000031\n").unwrap();
    let from = from.to_str().unwrap();
    let many = ["revoke", "--from", from, "--event", "1002"];
    let (code, screen) = asked_in_a_terminal(&spanish, &many, "n");
    let (english_code, english) = asked_in_a_terminal(&[], &many, "n");
    assert!(
        screen.contains("¿Revocar 1 entrada (TK-000031 ("),
        "{screen}"
    );
    assert!(screen.contains("nada revocado"), "{screen}");
    assert!(
        english.contains("Revoke 1 tickets (TK-000031 ("),
        "{english}"
    );
    assert!(english.contains("nothing revoked"), "{english}");
    assert_eq!(code, 1, "{screen}");
    assert_eq!(english_code, code, "{english}");

    // With --yes, no question: the line in Spanish; asked for JSON, the
    // same bytes as English's.
    let err = |o: &Output| String::from_utf8(o.stderr.clone()).unwrap();
    let yes = ["revoke", "TK-000031", "--event", "1002", "--yes"];
    let home = tempfile::tempdir().unwrap();
    let out = demo_run(home.path(), &spanish, &yes);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        err(&out).starts_with("entrada TK-000031 revocada (id "),
        "{}",
        err(&out)
    );
    let json: Vec<&str> = yes.iter().copied().chain(["--format", "json"]).collect();
    let home = tempfile::tempdir().unwrap();
    let english = demo_run(home.path(), &[], &json);
    let home = tempfile::tempdir().unwrap();
    let theirs = demo_run(home.path(), &spanish, &json);
    assert_eq!(theirs.status.code(), english.status.code());
    assert_eq!(err(&theirs), err(&english));
    assert_eq!(theirs.stdout, english.stdout);
    assert!(
        err(&english).starts_with("revoked ticket TK-000031 (id "),
        "{}",
        err(&english)
    );
}

#[test]
fn a_config_that_is_not_toml_and_a_failed_key_command_are_said_in_spanish_with_exit_2() {
    let err = |o: &Output| String::from_utf8(o.stderr.clone()).unwrap();
    let run = |config: &str, env: &[(&str, &str)], json: bool| {
        let home = tempfile::tempdir().unwrap();
        let dir = home.path().join("boxoffice");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        std::fs::write(&path, config).unwrap();
        let mut command = crate::common::binary::boxoffice(home.path());
        if json {
            command.args(["--format", "json"]);
        }
        command.arg("events");
        for (k, v) in env {
            command.env(k, v);
        }
        let out = command.output().unwrap();
        // The home's path, as the line names it, made the same in each.
        let text = err(&out).replace(&path.display().to_string(), "CONFIG");
        (out.status.code(), text)
    };
    let spanish = [("LANG", "es_ES.UTF-8")];
    let not_toml = "[profiles.door\nbase_url = 1\n";
    let (code, english) = run(not_toml, &[], false);
    assert_eq!(code, Some(2), "{english}");
    assert!(
        english.starts_with("boxoffice: CONFIG: TOML parse error at line 1"),
        "{english}"
    );
    let (code, theirs) = run(not_toml, &spanish, false);
    assert_eq!(code, Some(2), "{theirs}");
    // The parser's words stay as it said them, the line around them is
    // Spanish.
    assert!(
        theirs.starts_with("boxoffice: CONFIG no es TOML válido: TOML parse error at line 1"),
        "{theirs}"
    );
    assert_eq!(run(not_toml, &spanish, true), (Some(2), english));

    let failing = "default_profile = \"door\"\n[profiles.door]\nbase_url = \"http://127.0.0.1:9\"\napi_key_command = \"exit 3\"\n";
    let (code, english) = run(failing, &[], false);
    assert_eq!(code, Some(2), "{english}");
    assert_eq!(english, "boxoffice: api_key_command failed (exit code 3)\n");
    let (code, theirs) = run(failing, &spanish, false);
    assert_eq!(code, Some(2), "{theirs}");
    assert_eq!(
        theirs,
        "boxoffice: api_key_command falló (código de salida 3)\n"
    );
}

#[test]
fn desk_db_check_says_its_lines_in_spanish_with_the_same_exit_code() {
    let db = crate::common::postgres::server();
    let url = db.url(&db.database());
    let check = |env: &[(&str, &str)], json: bool| {
        let home = tempfile::tempdir().unwrap();
        let mut command = crate::common::binary::boxoffice(home.path());
        if json {
            command.args(["--format", "json"]);
        }
        command.args(["desk-db", "check", "--desk-db", &url]);
        for (k, v) in env {
            command.env(k, v);
        }
        let out = command.output().unwrap();
        // The round trip's figure is the machine's, not the language's.
        let lines: Vec<String> = stdout(&out)
            .lines()
            .filter(|l| !l.contains(" ms"))
            .map(str::to_owned)
            .collect();
        (out.status.code(), lines)
    };
    // An empty database: reached, no schema yet.
    let (code, english) = check(&[], false);
    assert_eq!(code, Some(1), "{english:?}");
    assert!(english[0].starts_with("✓ database    "), "{english:?}");
    assert!(
        english.contains(
            &"✗ schema      none: run boxoffice desk-db init (as the database's owner)".to_owned()
        ),
        "{english:?}"
    );
    let (code, spanish) = check(&[("LANG", "es_ES.UTF-8")], false);
    assert_eq!(code, Some(1), "{spanish:?}");
    // The labels in one column, two spaces past the longest.
    assert!(spanish[0].starts_with("✓ base de datos  "), "{spanish:?}");
    assert!(
        spanish.contains(
            &"✗ esquema        ninguno: ejecute boxoffice desk-db init (como propietario de la base de datos)"
                .to_owned()
        ),
        "{spanish:?}"
    );
    assert_eq!(check(&[("LANG", "es_ES.UTF-8")], true), (Some(1), english));
}

#[test]
fn enrolls_line_is_spanish_and_its_json_run_says_english_bytes() {
    let err = |o: &Output| String::from_utf8(o.stderr.clone()).unwrap();
    let args = [
        "enroll",
        "1002",
        "--email",
        "nueva@example.com",
        "--name",
        "Nu",
        "--last-name",
        "Eva",
    ];
    let home = tempfile::tempdir().unwrap();
    let spanish = demo_run(home.path(), &[("LANG", "es_ES.UTF-8")], &args);
    assert_eq!(spanish.status.code(), Some(0), "{spanish:?}");
    assert!(
        err(&spanish).starts_with("nueva@example.com (Nu Eva) inscrito en ")
            && err(&spanish).contains(" (paid): entrada TK-"),
        "{}",
        err(&spanish)
    );
    let json: Vec<&str> = args.iter().copied().chain(["--format", "json"]).collect();
    let home = tempfile::tempdir().unwrap();
    let english = demo_run(home.path(), &[], &json);
    let home = tempfile::tempdir().unwrap();
    let theirs = demo_run(home.path(), &[("LANG", "es_ES.UTF-8")], &json);
    assert_eq!(english.status.code(), Some(0), "{english:?}");
    assert_eq!(theirs.status.code(), english.status.code());
    assert!(
        err(&english).starts_with("enrolled nueva@example.com (Nu Eva) in "),
        "{}",
        err(&english)
    );
    // The ticket's number is the sandbox's next one in each run alike.
    assert_eq!(err(&theirs), err(&english));
    assert_eq!(theirs.stdout, english.stdout);
}

/// Output that cannot be written (stdout on /dev/full) is said in the
/// staff's language, with the same exit code; under `--format json` the
/// line stays English.
#[test]
fn output_that_cannot_be_written_is_said_in_spanish_with_the_same_exit_code() {
    let run = |env: &[(&str, &str)], extra: &[&str]| {
        let home = tempfile::tempdir().unwrap();
        let mut command = crate::common::binary::boxoffice(home.path());
        command
            .arg("--demo")
            .arg("audit")
            .args(extra)
            .env("XDG_STATE_HOME", home.path().join("state"))
            .env("XDG_CACHE_HOME", home.path().join("cache"))
            .stdout(std::fs::File::create("/dev/full").unwrap());
        for (k, v) in env {
            command.env(k, v);
        }
        let out = command.output().unwrap();
        said(&out)
    };
    let spanish = [("LANG", "es_ES.UTF-8")];
    let (code, english) = run(&[], &[]);
    assert!(
        english.starts_with("boxoffice: cannot write the output: "),
        "{english}"
    );
    let (theirs_code, theirs) = run(&spanish, &[]);
    assert_eq!(theirs_code, code, "{theirs}");
    assert!(
        theirs.starts_with("boxoffice: no se puede escribir la salida: "),
        "{theirs}"
    );
    let (json_code, json) = run(&spanish, &["--format", "json"]);
    assert_eq!(json_code, code, "{json}");
    assert!(
        json.starts_with("boxoffice: cannot write the output: "),
        "{json}"
    );
}

/// `boxoffice config init` in a fresh home with `env`, the answers `lines`
/// on stdin (a script: no questions shown); its output and the file.
fn config_init(env: &[(&str, &str)], lines: &str) -> (Output, String) {
    use std::io::Write;
    let home = tempfile::tempdir().unwrap();
    let mut command = crate::common::binary::boxoffice(home.path());
    command
        .args(["config", "init"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lines.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let file =
        std::fs::read_to_string(home.path().join("boxoffice/config.toml")).unwrap_or_default();
    (out, file)
}

#[test]
fn config_init_speaks_spanish_and_writes_the_same_file_as_in_english() {
    let answers = "Shop\napi.example.com\npass show shop\n";
    let spanish = [("LANG", "es_ES.UTF-8")];
    let (out, file) = config_init(&spanish, answers);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = stdout(&out);
    assert!(text.starts_with("escrito "), "{text}");
    assert!(text.contains("(perfil default, modo 0600)\n"), "{text}");
    assert!(text.ends_with("siguiente: boxoffice doctor\n"), "{text}");
    let (english_out, english_file) = config_init(&[], answers);
    assert_eq!(english_out.status.code(), Some(0), "{english_out:?}");
    assert!(stdout(&english_out).starts_with("wrote "));
    // The answers as typed: the file is byte for byte the English one.
    assert!(file.contains("business = \"shop\"\n"), "{file}");
    assert_eq!(file, english_file);

    // No answer: the usage error in Spanish, the same exit code.
    let (none, _) = config_init(&spanish, "");
    assert_eq!(none.status.code(), Some(2), "{none:?}");
    assert_eq!(
        String::from_utf8(none.stderr).unwrap(),
        "boxoffice: no se dio ningún negocio: responda a las preguntas, o dé --business y --api-host (o --base-url)\n"
    );
}

/// On a terminal `config init` asks in the staff's language: each question
/// is waited for and answered; the file is the one the same answers give
/// in English.
#[test]
fn config_init_asks_in_spanish_on_a_terminal() {
    let home = tempfile::tempdir().unwrap();
    let (code, screen) = crate::common::binary::in_a_terminal(
        home.path(),
        (&["config", "init"], 200),
        &[("LANG", "es_ES.UTF-8")],
        &[
            (
                "Slug del negocio (el SLUG de https://SLUG.host-de-la-api)",
                "Shop",
            ),
            (
                "Host de la API bajo el que viven los subdominios",
                "api.example.com",
            ),
            (
                "(vacío: la clave viene de BOXOFFICE_API_KEY):",
                "pass show shop",
            ),
            ("PIN del puesto, pedido para salir del puesto", ""),
        ],
    );
    assert_eq!(code, 0, "{screen}");
    assert!(screen.contains("Escribiendo "), "{screen}");
    assert!(screen.contains("siguiente: boxoffice doctor"), "{screen}");
    assert!(!screen.contains("Business slug"), "{screen}");
    let file = std::fs::read_to_string(home.path().join("boxoffice/config.toml")).unwrap();
    let (_, english) = config_init(&[], "Shop\napi.example.com\npass show shop\n");
    assert_eq!(file, english);
}

/// `boxoffice --demo [args]` in a fresh home whose config.toml is `config`,
/// with `env` set: its exit code and stderr, the file's path written
/// CONFIG.
fn with_config(config: &str, env: &[(&str, &str)], args: &[&str]) -> (Option<i32>, String) {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("boxoffice");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    std::fs::write(&path, config).unwrap();
    let out = demo_run(home.path(), env, args);
    let err = stderr(&out);
    (
        out.status.code(),
        err.replace(&path.display().to_string(), "CONFIG"),
    )
}

/// config.toml's mistakes (a `[desk]` rule, a key binding, an unknown
/// theme and screen) are said one a line in the staff's language where
/// the TUI refuses to start and where `admit` reads the desk's rules, with
/// exit 2; English as before, and `--format json` keeps English.
#[test]
fn config_tomls_mistakes_are_said_in_spanish_line_by_line_with_exit_2() {
    let config = "theme = \"solarized\"\n[keys.tickets]\nrevoke = \"Hyper-d\"\n[keys.tickts]\nrevoke = \"d\"\n[keys.global]\nquit = \"Q\"\n[desk]\nverdict_seconds = 0\npin_hash = \"2468\"\n";
    let spanish = [("LANG", "es_ES.UTF-8")];
    // The TUI reads the whole file before anything starts.
    let (code, english) = with_config(config, &[], &[]);
    assert_eq!(code, Some(2), "{english}");
    assert_eq!(
        english,
        "boxoffice: CONFIG:1: theme \"solarized\" is not one of dark, light, high-contrast\n\
         CONFIG:3: \"Hyper-d\" is not a key (one character, or Enter Esc Tab Shift-Tab Space Up \
         Down Left Right PgUp PgDn Home End F1..F12 Ctrl-x)\n\
         CONFIG:4: [keys.tickts]: no such screen (screens: global, events, event, tickets, \
         ticket, customers, customer, orders, order, products, product, courses, course, \
         course_enrollments, desk, door, audit)\n\
         CONFIG:9: [desk] verdict_seconds = 0: give 1 to 60\n\
         CONFIG:10: [desk] pin_hash: not a hash `boxoffice config pin` wrote (the PIN itself is \
         never written here)\n"
    );
    let (code, theirs) = with_config(config, &spanish, &[]);
    assert_eq!(code, Some(2), "{theirs}");
    let lines: Vec<&str> = theirs.lines().collect();
    assert_eq!(lines.len(), 5, "{theirs}");
    assert_eq!(
        lines[0],
        "boxoffice: CONFIG:1: el tema \"solarized\" no es ninguno de dark, light, high-contrast"
    );
    assert!(
        lines[1].starts_with("CONFIG:3: \"Hyper-d\" no es una tecla (un carácter, o Enter"),
        "{theirs}"
    );
    assert!(
        lines[2].starts_with("CONFIG:4: [keys.tickts]: no existe esa pantalla (pantallas: global,"),
        "{theirs}"
    );
    assert_eq!(
        lines[3],
        "CONFIG:9: [desk] verdict_seconds = 0: indique de 1 a 60"
    );
    assert!(
        lines[4].starts_with("CONFIG:10: [desk] pin_hash: no es un hash escrito por"),
        "{theirs}"
    );
    // A binding read, refused when the keymap is built.
    let quit = "[keys.global]\nquit = \"Q\"\n";
    let (code, theirs) = with_config(quit, &spanish, &[]);
    assert_eq!(code, Some(2), "{theirs}");
    assert_eq!(
        theirs,
        "boxoffice: CONFIG:2: [keys.global] quit = \"Q\": quit debe ser una tecla Ctrl- o F, que \
         ningún campo de texto recoge\n"
    );
    // `admit` reads the `[desk]` table: its line is Spanish, English under
    // --format json.
    let admit = ["admit", "TK-000031", "--event", "1002"];
    let (code, theirs) = with_config(config, &spanish, &admit);
    assert_eq!(code, Some(2), "{theirs}");
    assert_eq!(
        theirs,
        "boxoffice: CONFIG:9: [desk] verdict_seconds = 0: indique de 1 a 60\n\
         CONFIG:10: [desk] pin_hash: no es un hash escrito por `boxoffice config pin` (el PIN \
         mismo nunca se escribe aquí)\n"
    );
    let json = [&["--format", "json"][..], &admit[..]].concat();
    let (code, theirs) = with_config(config, &spanish, &json);
    let (english_code, english) = with_config(config, &[], &json);
    assert_eq!((code, &theirs), (english_code, &english));
    assert!(
        english.starts_with("boxoffice: CONFIG:9: [desk] verdict_seconds = 0: give 1 to 60\n"),
        "{english}"
    );
}

/// `export`'s lines on stderr are said in the staff's language (its counts
/// with the lists' nouns); the file written is the same in every language.
#[test]
fn exports_lines_are_spanish_and_its_file_the_same_bytes() {
    let run = |env: &[(&str, &str)]| {
        let home = tempfile::tempdir().unwrap();
        let file = home.path().join("x.json");
        let args = ["export", "--lists-only", "--events", "1002", "-o"];
        let out = demo_run(
            home.path(),
            env,
            &[&args[..], &[file.to_str().unwrap()]].concat(),
        );
        let err = stderr(&out).replace(&file.display().to_string(), "FILE");
        let text = std::fs::read_to_string(&file).unwrap();
        // The moment it was written, the only line that differs.
        let text: Vec<String> = text
            .lines()
            .map(|l| match l.find("\"exported_at\":") {
                Some(at) => l[..at].to_string(),
                None => l.to_string(),
            })
            .collect();
        (out.status.code(), err, text)
    };
    let (code, english, file) = run(&[]);
    assert_eq!(code, Some(0), "{english}");
    assert!(
        english.ends_with("boxoffice: exported 1 events, 4 editions, 178 tickets to FILE\n"),
        "{english}"
    );
    assert!(
        english.contains("boxoffice: export: 4 editions\n"),
        "{english}"
    );
    let (code, theirs, their_file) = run(&[("LANG", "es_ES.UTF-8")]);
    assert_eq!(code, Some(0), "{theirs}");
    assert!(
        theirs.ends_with("boxoffice: exportado a FILE: 1 evento, 4 ediciones, 178 entradas\n"),
        "{theirs}"
    );
    assert!(
        theirs.contains("boxoffice: exportación: 4 ediciones\n"),
        "{theirs}"
    );
    assert_eq!(their_file, file);
}

/// `config show`'s labels and their words are Spanish (names, paths and
/// values as they are); `config path` prints the bare path in every
/// language, and no place for the file is said in the language.
#[test]
fn config_show_speaks_spanish_and_config_path_stays_a_bare_path() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("boxoffice");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    std::fs::write(
        &path,
        "default_profile = \"door\"\n[profiles.door]\nbase_url = \"http://127.0.0.1:9\"\nbell = false\n[keys.global]\nhelp = \"F1\"\n",
    )
    .unwrap();
    let run = |env: &[(&str, &str)], args: &[&str]| {
        let mut command = crate::common::binary::boxoffice(home.path());
        command.args(args);
        for (k, v) in env {
            command.env(k, v);
        }
        let out = command.output().unwrap();
        (
            out.status.code(),
            stdout(&out).replace(&path.display().to_string(), "CONFIG"),
            stderr(&out),
        )
    };
    let spanish = [("LANG", "es_ES.UTF-8")];
    let (code, shown, err) = run(&spanish, &["config", "show", "--timeout", "7"]);
    assert_eq!(code, Some(0), "{err}");
    for line in [
        "perfil                    door (de default_profile en el archivo de configuración)",
        "URL base                  http://127.0.0.1:9 (del perfil door)",
        "tiempo de espera          7 s (de --timeout)",
        "timbre                    no (del perfil door)",
        "teclas                    1 acción reasignada en el archivo de configuración ([keys.*])",
    ] {
        assert!(shown.lines().any(|l| l == line), "{line:?} in\n{shown}");
    }
    let (_, english, _) = run(&[], &["config", "show", "--timeout", "7"]);
    assert!(
        english
            .lines()
            .any(|l| l == "keys         1 action(s) rebound in the config file ([keys.*])"),
        "{english}"
    );
    assert_eq!(
        run(&spanish, &["config", "path"]),
        run(&[], &["config", "path"])
    );
    let mut nowhere = crate::common::binary::boxoffice(home.path());
    nowhere
        .args(["config", "path"])
        .env_remove("HOME")
        .env_remove("XDG_CONFIG_HOME")
        .env("LANG", "es_ES.UTF-8");
    let out = nowhere.output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "boxoffice: no hay sitio para config.toml: defina XDG_CONFIG_HOME o HOME\n"
    );
}

/// A headless command's rarer lines — a list's unreadable line, a file
/// that is not there, an empty `--event`, `door watch`'s bad id — are said
/// in the staff's language with the same exit code, English as before.
#[test]
fn a_commands_rarer_lines_are_said_in_spanish_with_the_same_exit_code() {
    let home = tempfile::tempdir().unwrap();
    let list = home.path().join("list.txt");
    std::fs::write(&list, "TK-000031\n99999999999999999999999\n").unwrap();
    let list = list.to_str().unwrap();
    let missing = home.path().join("missing.txt");
    let missing = missing.to_str().unwrap();
    let none = home.path().join("none.txt");
    std::fs::write(&none, "# nothing\n").unwrap();
    let none = none.to_str().unwrap();
    let run = |env: &[(&str, &str)], args: &[&str]| {
        let out = demo_run(home.path(), env, args);
        (
            out.status.code(),
            stderr(&out).replace(home.path().to_str().unwrap(), "HOME"),
        )
    };
    let spanish = [("LANG", "es_ES.UTF-8")];
    for (args, english, theirs) in [
        (
            vec!["revoke", "--from", list, "--dry-run", "--event", "1002"],
            "boxoffice: line 2: 99999999999999999999999 is too large for a ticket id\n",
            "boxoffice: línea 2: 99999999999999999999999 es demasiado grande para el id de una entrada\n",
        ),
        (
            vec!["revoke", "--from", missing, "--dry-run", "--event", "1002"],
            "boxoffice: cannot read HOME/missing.txt: No such file or directory (os error 2)\n",
            "boxoffice: no se puede leer HOME/missing.txt: No such file or directory (os error 2)\n",
        ),
        (
            vec!["ticket", "5", "--event", " "],
            "boxoffice: --event needs an event id or hash\n",
            "boxoffice: --event necesita el id o el hash de un evento\n",
        ),
        (
            vec!["revoke", "--from", none, "--dry-run", "--event", "1002"],
            "boxoffice: no ticket ids or numbers in HOME/none.txt\n",
            "boxoffice: no hay ids ni números de entrada en HOME/none.txt\n",
        ),
        (
            vec!["note", "order:5", "x"],
            "boxoffice: \"order:5\": a note is on a ticket (its id or number) or customer:ID\n",
            "boxoffice: \"order:5\": una nota va sobre una entrada (su id o su número) o sobre customer:ID\n",
        ),
        (
            vec!["door", "watch", "12x"],
            "boxoffice: door watch takes the edition's (or event's) id, not \"12x\"\n",
            "boxoffice: door watch necesita el id de la edición (o del evento), no \"12x\"\n",
        ),
    ] {
        let (code, said) = run(&[], &args);
        assert_eq!(said, english, "{args:?}");
        assert_eq!(run(&spanish, &args), (code, theirs.to_string()), "{args:?}");
        assert_eq!(code, Some(2), "{args:?}");
    }
}

/// `doctor`'s findings are said in the staff's language (addresses, paths
/// and figures as they are); English reads as it always did.
#[test]
fn doctors_findings_are_said_in_spanish() {
    let home = tempfile::tempdir().unwrap();
    let run = |env: &[(&str, &str)]| {
        let out = demo_run(home.path(), env, &["doctor"]);
        (out.status.code(), stdout(&out))
    };
    let (code, english) = run(&[]);
    let (their_code, theirs) = run(&[("LANG", "es_ES.UTF-8")]);
    assert_eq!(their_code, code, "{theirs}");
    for line in [
        "– config      not used (--demo: the embedded sandbox)",
        "– TLS         plain http to loopback",
        "– terminal    not a terminal (stdout is redirected); run doctor in the terminal the TUI will use",
    ] {
        assert!(english.lines().any(|l| l == line), "{line:?} in\n{english}");
    }
    for line in [
        "– configuración       no se usa (--demo: el sandbox integrado)",
        "– TLS                 http simple hacia loopback",
        "– terminal            no es un terminal (stdout está redirigida); ejecute doctor en el terminal que usará la TUI",
    ] {
        assert!(theirs.lines().any(|l| l == line), "{line:?} in\n{theirs}");
    }
    assert!(
        theirs
            .lines()
            .any(|l| l
                .starts_with("✓ clave de API        aceptada (GET /events?limit=1 respondió en ")),
        "{theirs}"
    );
    // The clock's second may turn between the two runs: its words only.
    assert!(
        english
            .lines()
            .any(|l| l.starts_with("✓ clock       within ")),
        "{english}"
    );
    assert!(
        theirs
            .lines()
            .any(|l| l.starts_with("✓ reloj               a menos de ")),
        "{theirs}"
    );
}

/// `note`'s lines are said in the staff's language (the guest and the note
/// as they are); English as before.
#[test]
fn notes_lines_are_said_in_spanish() {
    let run = |env: &[(&str, &str)]| {
        let home = tempfile::tempdir().unwrap();
        let note = |args: &[&str]| {
            let all = [&["note", "TK-000031", "--event", "1002"][..], args].concat();
            let out = demo_run(home.path(), env, &all);
            assert_eq!(out.status.code(), Some(0), "{out:?}");
            stdout(&out)
        };
        [note(&["VIP guest"]), note(&["--clear"]), note(&["--clear"])]
    };
    assert_eq!(
        run(&[]),
        [
            "noted: TK-000031 Ana García: VIP guest\n",
            "cleared: the note on TK-000031 Ana García\n",
            "nothing to clear: no note on TK-000031 Ana García\n",
        ]
    );
    assert_eq!(
        run(&[("LANG", "es_ES.UTF-8")]),
        [
            "anotado: TK-000031 Ana García: VIP guest\n",
            "borrada: la nota sobre TK-000031 Ana García\n",
            "nada que borrar: no hay nota sobre TK-000031 Ana García\n",
        ]
    );
}

/// `tickets --admitted` without a desk log here warns in the staff's
/// language; its rows (stdout) are the same bytes in every language.
#[test]
fn tickets_admitted_warns_in_spanish_and_prints_the_same_rows() {
    let run = |env: &[(&str, &str)]| {
        let home = tempfile::tempdir().unwrap();
        let out = demo_run(
            home.path(),
            env,
            &["--format", "csv", "tickets", "1002", "--admitted"],
        );
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let err = stderr(&out);
        (stdout(&out), err)
    };
    let (rows, english) = run(&[]);
    assert_eq!(
        english,
        "boxoffice: warning: no desk log on this machine for demo; the admitted column is empty\n"
    );
    let (their_rows, _) = run(&[("LANG", "es_ES.UTF-8")]);
    assert_eq!(their_rows, rows);
    // Without --format, a person reads it: in Spanish.
    let home = tempfile::tempdir().unwrap();
    let out = demo_run(
        home.path(),
        &[("LANG", "es_ES.UTF-8")],
        &["tickets", "1002", "--admitted"],
    );
    assert_eq!(
        stderr(&out),
        "boxoffice: aviso: no hay registro del puesto en esta máquina para demo; la columna de admitidas queda vacía\n"
    );
}

/// A note the shared log cannot keep (it does not answer) is refused in
/// the staff's language, what the store said included, with the same exit
/// code.
#[test]
fn a_note_the_shared_log_cannot_keep_is_refused_in_spanish() {
    let run = |env: &[(&str, &str)]| {
        let home = tempfile::tempdir().unwrap();
        let args = [
            "--desk-db",
            "postgres://door@127.0.0.1:9/door",
            "note",
            "TK-000031",
            "--event",
            "1002",
            "hi",
        ];
        let out = demo_run(home.path(), env, &args);
        said(&out)
    };
    let (code, english) = run(&[]);
    assert!(
        english.starts_with("boxoffice: not kept: the shared log is unreachable"),
        "{english}"
    );
    let (their_code, theirs) = run(&[("LANG", "es_ES.UTF-8")]);
    assert_eq!(their_code, code);
    assert!(
        theirs.starts_with("boxoffice: no guardado: el registro compartido no responde"),
        "{theirs}"
    );
}

/// A write whose answer is lost (every answer garbled from the write on,
/// as `cli::settle` drives it): exit 6 in every language, what is known of
/// it said in Spanish — its answer lost, not learnt within the deadline;
/// sent again while unknown, not sent, said so — and in English the same
/// words as the audit log's; `--format json` keeps English.
#[tokio::test]
async fn an_outcome_unknown_is_said_in_spanish_with_exit_6() {
    use boxoffice::sandbox::Faults;

    use crate::common;

    let sandbox = common::sandbox::start(common::sandbox::pinned("2026-11-25 10:00:00")).await;
    let client = boxoffice::api::Client::new(common::client::quick_retries(
        sandbox.base_url(),
        sandbox.api_key(),
    ))
    .unwrap();
    let confirmed: Vec<String> = client
        .tickets(1002, 1, 100)
        .await
        .unwrap()
        .items
        .into_iter()
        .filter(|t| t.status.as_deref() == Some("confirmed"))
        .map(|t| t.id.to_string())
        .take(2)
        .collect();
    let run =
        |home: std::path::PathBuf, env: Vec<(&'static str, &'static str)>, args: Vec<String>| {
            let mut command = common::binary::boxoffice(&home);
            command
                .args(args)
                .args(["--timeout", "1"])
                .env("BOXOFFICE_BASE_URL", sandbox.base_url())
                .env("BOXOFFICE_API_KEY", sandbox.api_key())
                .env("XDG_STATE_HOME", home.join("state"))
                .envs(env);
            tokio::task::spawn_blocking(move || {
                let out = command.output().unwrap();
                said(&out)
            })
        };
    let revoke = |id: &str, more: &[&str]| {
        let mut args = vec!["revoke".to_string(), id.to_string(), "--yes".into()];
        args.extend(more.iter().map(|s| (*s).to_string()));
        args
    };
    // A revoke of `id` that ends with exit 6: what it said.
    let unknown = |home: &tempfile::TempDir, env: &[(&'static str, &'static str)], id: &str| {
        let done = run(home.path().into(), env.to_vec(), revoke(id, &[]));
        async move {
            let (code, said) = done.await.unwrap();
            assert_eq!(code, Some(6), "{said}");
            said
        }
    };
    let spanish = [("LANG", "es_ES.UTF-8")];
    let garbled = || Faults {
        malformed_rate: 1.0,
        from_first_write: true,
        ..Faults::default()
    };
    sandbox.set_faults(garbled());

    let english_home = tempfile::tempdir().unwrap();
    let english = unknown(&english_home, &[], &confirmed[0]).await;
    assert!(
        english.starts_with("boxoffice: outcome unknown (its answer was lost (HTTP ")
            && english.contains("; not learnt within 1 s: "),
        "{english}"
    );
    let again = unknown(&english_home, &[], &confirmed[0]).await;
    assert!(
        again.starts_with("boxoffice: outcome unknown (not sent again: the same write #1 of ")
            && again.contains(" has no known outcome (not learnt by reading it once more: "),
        "{again}"
    );

    // Garbled again from the next write on.
    sandbox.set_faults(garbled());
    let spanish_home = tempfile::tempdir().unwrap();
    let said = unknown(&spanish_home, &spanish, &confirmed[1]).await;
    assert!(
        said.starts_with("boxoffice: resultado desconocido (su respuesta se perdió (HTTP ")
            && said.contains("; no se supo en 1 s: "),
        "{said}"
    );
    let said = unknown(&spanish_home, &spanish, &confirmed[1]).await;
    assert!(
        said.starts_with(
            "boxoffice: resultado desconocido (no se envía de nuevo: la misma escritura n.º 1 del "
        ) && said.contains(" tiene un resultado desconocido (no se supo al leerlo una vez más: "),
        "{said}"
    );
    assert!(
        !said.contains("not sent again") && !said.contains("not learnt"),
        "{said}"
    );
    // Asked for machine output: English's words, the same exit code.
    let (code, json) = run(
        spanish_home.path().into(),
        spanish.to_vec(),
        revoke(&confirmed[1], &["--format", "json"]),
    )
    .await
    .unwrap();
    assert_eq!(code, Some(6), "{json}");
    assert!(
        json.starts_with("boxoffice: outcome unknown (not sent again: the same write #1 of "),
        "{json}"
    );
    sandbox.set_faults(Faults::default());
}
