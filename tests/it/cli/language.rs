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
    let mut command = crate::common::binary::boxoffice(home.path());
    command
        .args(["--demo", "admit", "TK-000031", "--event", "1002"])
        .args(extra)
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env("XDG_CACHE_HOME", home.path().join("cache"))
        .env("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00");
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
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
    let err = String::from_utf8(out.stderr).unwrap();
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
    // ("journal du contrôle"); what follows each as it is.
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
    let mut command = crate::common::binary::boxoffice(home.path());
    command
        .args(["--demo", "ticket", "TK-999999", "--event", "1002"])
        .args(extra)
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env("XDG_CACHE_HOME", home.path().join("cache"))
        .env("BOXOFFICE_DEMO_NOW", "2026-11-25 10:00:00");
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().unwrap()
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
