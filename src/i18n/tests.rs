//! The catalogues kept whole: every language has every English message,
//! no other, with English's arguments; every message the code asks for
//! is in English, and every English one is asked for somewhere.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentResource;
use fluent_syntax::ast;

use super::*;
use crate::door::{Verdict, Why};

/// Each message of a catalogue and the arguments it names (`$x`),
/// selectors and variants included; with the parser's errors.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let resource = match FluentResource::try_new(lang.source().to_owned()) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{lang}: {errors:?}"),
    };
    let mut out = BTreeMap::new();
    for entry in resource.entries() {
        match entry {
            ast::Entry::Message(m) => {
                assert!(
                    m.attributes.is_empty(),
                    "{lang}: {} has attributes",
                    m.id.name
                );
                let mut args = BTreeSet::new();
                if let Some(p) = &m.value {
                    pattern_args(p, &mut args);
                }
                let fresh = out.insert(m.id.name.to_string(), args).is_none();
                assert!(fresh, "{lang}: {} twice", m.id.name);
            }
            ast::Entry::Term(t) => {
                panic!("{lang}: term -{} (the code never asks for one)", t.id.name)
            }
            _ => {}
        }
    }
    out
}

fn pattern_args(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expression_args(expression, out);
        }
    }
}

fn expression_args(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_args(selector, out);
            for v in variants {
                pattern_args(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => inline_args(i, out),
    }
}

fn inline_args(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_args(expression, out),
        ast::InlineExpression::MessageReference { id, .. } => {
            panic!("message reference {}: each message says it all", id.name)
        }
        _ => {}
    }
}

#[test]
fn every_catalogue_has_englishs_messages_and_arguments_and_no_other() {
    let english = messages(Lang::EN);
    assert!(english.len() > 100, "{} messages", english.len());
    for lang in Lang::ALL {
        let theirs = messages(lang);
        let missing: Vec<_> = english
            .keys()
            .filter(|k| !theirs.contains_key(*k))
            .collect();
        let unused: Vec<_> = theirs
            .keys()
            .filter(|k| !english.contains_key(*k))
            .collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        assert!(
            unused.is_empty(),
            "{lang} has messages English has not: {unused:?}"
        );
        for (id, args) in &english {
            assert_eq!(&theirs[id], args, "{lang}: the arguments of {id}");
        }
    }
}

/// Every `.rs` file under `dir`, but this one.
fn sources(dir: &std::path::Path, out: &mut Vec<(std::path::PathBuf, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("i18n/tests.rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path, text));
        }
    }
}

#[test]
fn every_message_asked_for_is_in_english_and_every_english_one_is_asked_for() {
    let english = messages(Lang::EN);
    let mut files = Vec::new();
    sources(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut asked = BTreeSet::new();
    for (path, text) in &files {
        // `.t("id")` and `.ta("id", …)`, rustfmt's line breaks or not.
        for call in [".t(", ".ta("] {
            for (at, _) in text.match_indices(call) {
                let rest = text[at + call.len()..].trim_start();
                if let Some(lit) = rest.strip_prefix('"') {
                    let id = &lit[..lit.find('"').unwrap()];
                    assert!(
                        english.contains_key(id),
                        "{}: {id:?} is not in en.ftl",
                        path.display()
                    );
                    asked.insert(id.to_string());
                }
            }
        }
        // An id chosen first (in a `match`, a table) and then asked for:
        // every quoted word of the file, read once.
        asked.extend(
            quoted_words(text)
                .filter(|w| english.contains_key(*w))
                .map(str::to_string),
        );
    }
    let unasked: Vec<_> = english.keys().filter(|k| !asked.contains(*k)).collect();
    assert!(
        unasked.is_empty(),
        "in en.ftl, asked for nowhere: {unasked:?}"
    );
}

/// Every `"word"` in `text` (letters, digits, `-`, `_`, `.`), wherever a
/// quote starts one: what `text.contains("\"word\"")` finds, in one pass.
fn quoted_words(text: &str) -> impl Iterator<Item = &str> {
    let word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    text.match_indices('"').filter_map(move |(at, _)| {
        let rest = &text[at + 1..];
        let end = rest.find(|c: char| !word(c))?;
        (end > 0 && rest[end..].starts_with('"')).then(|| &rest[..end])
    })
}

#[test]
fn a_quoted_word_is_found_wherever_a_quote_starts_it() {
    let text = r#"t("desk-valid") match x { 1 => "a.b", _ => "" } "two words" '"' "x-1""#;
    let found: Vec<&str> = quoted_words(text).collect();
    assert_eq!(found, ["desk-valid", "a.b", "x-1"]);
    // Every id of the catalogue is such a word, so none is missed.
    for id in messages(Lang::EN).keys() {
        assert_eq!(
            quoted_words(&format!("\"{id}\"")).collect::<Vec<_>>(),
            [id.as_str()]
        );
    }
}

/// The verdicts with each field filled.
fn verdicts() -> Vec<Verdict> {
    let at = || "2026-11-28 10:32:05".to_string();
    vec![
        Verdict::Valid,
        Verdict::AlreadyAdmitted {
            at: at(),
            lane: "lane-2".into(),
            back: false,
        },
        Verdict::AlreadyAdmitted {
            at: String::new(),
            lane: "lane-2".into(),
            back: false,
        },
        Verdict::AlreadyAdmitted {
            at: at(),
            lane: "lane-3".into(),
            back: true,
        },
        Verdict::AlreadyAdmitted {
            at: String::new(),
            lane: "lane-3".into(),
            back: true,
        },
        Verdict::NotValid {
            status: "revoked (unenrolled)".into(),
        },
        Verdict::OtherEdition {
            edition: "Day 2".into(),
            when: Some("tomorrow".into()),
        },
        Verdict::OtherEdition {
            edition: "Day 2".into(),
            when: None,
        },
        Verdict::OtherEvent {
            event: "Gala".into(),
            when: Some("in 3 days".into()),
        },
        Verdict::Unknown,
        Verdict::Exit,
        Verdict::WelcomeBack {
            left_at: at(),
            lane: "lane-1".into(),
        },
        Verdict::Left {
            at: at(),
            lane: "lane-1".into(),
        },
        Verdict::NotOpenYet {
            opens: "09:00".into(),
        },
        Verdict::Closed {
            closed: "18:00".into(),
        },
        Verdict::NotInside { left: None },
        Verdict::NotInside {
            left: Some((at(), "lane-1".into())),
        },
        Verdict::Full {
            inside: 500,
            capacity: 500,
        },
    ]
}

#[test]
fn english_says_what_the_door_writes_for_machines() {
    let en = Tongue::english();
    for v in verdicts() {
        assert_eq!(en.verdict_word(&v), v.word(), "{v:?}");
        assert_eq!(en.meaning(&v), v.meaning(), "{v:?}");
    }
    for why in [
        Why::NotACode,
        Why::Foreign("evil.example".into()),
        Why::NoSuchNumber,
        Why::NoSuchId,
        Why::CouldNotRead("timed out".into()),
        Why::NamesNoEvent,
    ] {
        assert_eq!(en.why(&why), why.to_string());
    }
}

#[test]
fn english_says_a_doors_policy_as_door_show_does() {
    use crate::door::{Admits, Moment, Policy, Target};
    let target = Target {
        event_id: 11,
        title: "Day 1".into(),
        parent_id: Some(1),
        editions: Vec::new(),
    };
    let at = |t: &str| Moment {
        shown: t.into(),
        utc: format!("2026-12-01 {t}:00"),
    };
    let policies = [
        Policy::default(),
        Policy {
            admits: Admits::Editions(vec![12]),
            opens: Some(at("09:00")),
            closes: Some(at("18:00")),
            reentry: true,
            capacity: Some(500),
            zone: None,
        },
        Policy {
            admits: Admits::All,
            opens: Some(at("09:00")),
            closes: None,
            reentry: false,
            capacity: None,
            zone: Some("Europe/Madrid".into()),
        },
        Policy {
            closes: Some(at("18:00")),
            ..Policy::default()
        },
    ];
    // What `door show` wrote before the line was said here only.
    let english = [
        "this edition",
        "this edition + edition 12 · 09:00–18:00 · re-entry · 500 max",
        "this edition · from 09:00 Madrid",
        "this edition · until 18:00",
    ];
    for (p, line) in policies.iter().zip(english) {
        assert_eq!(Tongue::english().policy_line(p, &target), line);
        for lang in Lang::ALL {
            let line = lang.tongue().policy_line(p, &target);
            assert!(!line.is_empty() && !line.contains('{'), "{lang}: {line}");
        }
    }
    let es = Lang::ES.tongue().policy_line(&policies[1], &target);
    assert_eq!(
        es,
        "esta edición + edición 12 · 09:00–18:00 · reingreso · aforo 500"
    );
    // The editions by name; the zone by its place; a capacity as scripts
    // read it in English, grouped in another language.
    let named = Target {
        editions: vec![
            crate::door::EditionInfo::new(11, "Day 1", Some("2026-12-01"), None),
            crate::door::EditionInfo::new(12, "Day 2", Some("2026-12-02"), None),
        ],
        ..target
    };
    let p = Policy {
        capacity: Some(1000),
        zone: Some("America/New_York".into()),
        ..policies[1].clone()
    };
    assert_eq!(
        Tongue::english().policy_line(&Policy::default(), &named),
        "Day 1"
    );
    assert_eq!(
        Tongue::english().policy_line(&p, &named),
        "Day 1 + Day 2 · 09:00–18:00 New York · re-entry · 1000 max"
    );
    assert_eq!(
        Lang::DE.tongue().policy_line(&p, &named),
        format!(
            "Day 1 + Day 2 · 09:00–18:00 New York · {} · {}",
            Lang::DE.tongue().t("policy-reentry"),
            Lang::DE
                .tongue()
                .ta("policy-max", &[("capacity", &"1.000")])
        )
    );
}

#[test]
fn every_language_says_every_verdict_in_its_own_words() {
    for lang in Lang::ALL {
        let t = lang.tongue();
        for v in verdicts() {
            let (word, meaning) = (t.verdict_word(&v), t.meaning(&v));
            assert!(!word.is_empty() && !meaning.is_empty(), "{lang}: {v:?}");
            // No key name, no argument left unfilled.
            assert!(
                !word.contains("verdict-") && !meaning.contains('{'),
                "{lang}: {meaning}"
            );
            if lang != Lang::EN && !matches!(v, Verdict::Full { .. }) {
                assert_ne!(meaning, v.meaning(), "{lang} says {v:?} in English");
            }
        }
    }
    let es = Lang::ES.tongue();
    assert_eq!(es.verdict_word(&Verdict::Valid), "VÁLIDO");
    assert_eq!(
        es.meaning(&Verdict::OtherEdition {
            edition: "Día 2".into(),
            when: Some("in 3 days".into())
        }),
        "entrada para Día 2 — en 3 días"
    );
}

#[test]
fn numbers_and_dates_are_written_as_the_place_writes_them() {
    assert_eq!(Lang::EN.tongue().number(79_870), "79,870");
    assert_eq!(Lang::ES.tongue().number(1_886), "1.886");
    assert_eq!(Lang::DE.tongue().number(1_234_567), "1.234.567");
    assert_eq!(Lang::FR.tongue().number(79_870), "79\u{202f}870");
    assert_eq!(Lang::PT.tongue().number(999), "999");
    let at = "2026-11-28 10:32:05";
    assert_eq!(Lang::EN.tongue().date_time(at), "Sat 28 Nov, 10:32");
    assert_eq!(Lang::ES.tongue().date_time(at), "sáb 28 nov, 10:32");
    assert_eq!(Lang::DE.tongue().date_time(at), "Sa. 28. Nov. 10:32");
    assert_eq!(Lang::FR.tongue().date_time(at), "sam. 28 nov., 10:32");
    assert_eq!(Lang::PT.tongue().date_time("2026-11-30"), "seg 30 nov");
    assert_eq!(relative(Lang::ES.tongue(), "in 1 days"), "en 1 día");
    assert_eq!(relative(Lang::DE.tongue(), "5 days ago"), "vor 5 Tagen");
    assert_eq!(relative(Lang::EN.tongue(), "in 5 days"), "in 5 days");
}

#[test]
fn lists_and_details_write_dates_with_their_year_and_regroup_counts() {
    let at = "2026-11-08 03:00:00";
    assert_eq!(Lang::ES.tongue().date_long(at), "8 nov 2026, 03:00");
    assert_eq!(Lang::DE.tongue().date_long(at), "8. Nov. 2026, 03:00");
    assert_eq!(Lang::FR.tongue().date_long(at), "8 nov. 2026, 03:00");
    assert_eq!(Lang::PT.tongue().date_long("2026-11-08"), "8 nov 2026");
    // Every date in a text, a range's both ends; what is no date stays.
    assert_eq!(
        Lang::ES.tongue().dates_in("2026-11-25 → 2026-11-27"),
        "25 nov 2026 → 27 nov 2026"
    );
    assert_eq!(
        Lang::DE.tongue().dates_in("ab 2026-12-01T09:00:00Z"),
        "ab 1. Dez. 2026, 09:00Z"
    );
    for kept in [
        "TK-2026-11-08",
        "12026-11-081",
        "2026-13-45",
        "née 1999",
        "–",
    ] {
        assert_eq!(Lang::ES.tongue().dates_in(kept), kept);
    }
    // English keeps the dates as sent.
    assert_eq!(Lang::EN.tongue().dates_in(at), at);
    // A count grouped by `thousands` regrouped; a price, an id kept.
    let es = Lang::ES.tongue();
    assert_eq!(es.grouped("79,870 / 120,000"), "79.870 / 120.000");
    assert_eq!(es.grouped("1,234,567 total"), "1.234.567 total");
    assert_eq!(es.grouped("149.00 · 12,13 · a,b"), "149.00 · 12,13 · a,b");
    assert_eq!(Lang::FR.tongue().grouped("5,159"), "5\u{202f}159");
    assert_eq!(Lang::EN.tongue().grouped("79,870"), "79,870");
}

proptest::proptest! {
    /// Any count: each language groups it in threes, and reads back as it.
    #[test]
    fn grouped_numbers_read_back(n in 0u64..u64::MAX) {
        for lang in Lang::ALL {
            let text = lang.tongue().number(n);
            let digits: String = text.chars().filter(char::is_ascii_digit).collect();
            proptest::prop_assert_eq!(digits, n.to_string());
            let groups: Vec<&str> = text.split(|c: char| !c.is_ascii_digit()).collect();
            proptest::prop_assert!(groups[0].len() <= 3 && groups[1..].iter().all(|g| g.len() == 3));
        }
    }

    /// Any day of 1970–2199: a weekday and a month in every language,
    /// never a key or a hole.
    #[test]
    fn every_day_has_its_words(days in 0i64..84_000) {
        let day = crate::clock::civil_date(days);
        for lang in Lang::ALL {
            let text = lang.tongue().date_time(&format!("{day} 07:05:00"));
            proptest::prop_assert!(text.ends_with("07:05") && !text.contains('{') && !text.contains("date"), "{}", text);
        }
    }
}

#[test]
fn the_language_comes_from_the_profile_else_the_locale_else_english() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |k: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| (*v).to_string())
        }
    };
    let lang = |p, pairs| choose(p, &env(pairs)).unwrap().lang;
    assert_eq!(
        lang(Some(("door", "es")), &[("LANG", "de_DE.UTF-8")]),
        Lang::ES
    );
    assert_eq!(lang(None, &[("LANG", "de_DE.UTF-8")]), Lang::DE);
    assert_eq!(
        lang(None, &[("LC_ALL", "fr_FR.UTF-8"), ("LANG", "de_DE")]),
        Lang::FR
    );
    assert_eq!(
        lang(None, &[("LC_MESSAGES", "pt_BR"), ("LANG", "de_DE")]),
        Lang::PT
    );
    // The first one set decides, even a language without a catalogue.
    assert_eq!(
        lang(None, &[("LC_ALL", "ja_JP.UTF-8"), ("LANG", "de_DE")]),
        Lang::EN
    );
    assert_eq!(lang(None, &[("LANG", "C")]), Lang::EN);
    assert_eq!(lang(None, &[]), Lang::EN);
    let why = choose(None, &env(&[("LANG", "es_ES.UTF-8")])).unwrap().why;
    assert_eq!(why, "LANG=es_ES.UTF-8");
    assert!(
        choose(Some(("door", "xx")), &env(&[]))
            .unwrap_err()
            .contains("not one of en, es, de, fr, pt")
    );
}

#[test]
fn plurals_follow_each_languages_rules() {
    let say = |lang: Lang, n: u64| {
        lang.tongue().ta(
            "banner-unreachable-queued",
            &[("since", &"19:02"), ("count", &n)],
        )
    };
    assert_eq!(
        say(Lang::EN, 1),
        "SHARED LOG UNREACHABLE since 19:02 — verdicts from this lane only · 1 admission queued"
    );
    assert_eq!(
        say(Lang::EN, 3),
        "SHARED LOG UNREACHABLE since 19:02 — verdicts from this lane only · 3 admissions queued"
    );
    assert!(say(Lang::ES, 1).ends_with("· 1 admisión en cola"));
    assert!(say(Lang::ES, 2).ends_with("· 2 admisiones en cola"));
    // French counts 0 and 1 as one; English 0 as other.
    assert_eq!(relative(Lang::FR.tongue(), "in 0 days"), "dans 0 jour");
    assert_eq!(relative(Lang::PT.tongue(), "2 days ago"), "há 2 dias");
}

#[test]
fn the_next_edition_and_none_today_are_said_in_every_language() {
    let next = crate::door::NextEdition {
        name: "Día 2".into(),
        when: "in 4 days".into(),
    };
    assert_eq!(
        Lang::EN.tongue().next_edition(&next),
        "no edition today: checking in the next, Día 2 (in 4 days)"
    );
    assert_eq!(
        Lang::ES.tongue().next_edition(&next),
        format!(
            "ninguna edición hoy: se registra la siguiente, Día 2 ({})",
            Lang::ES.tongue().ta("day-in", &[("count", &4)])
        )
    );
    assert_eq!(
        Lang::EN.tongue().none_today("Conf"),
        "Conf: no edition today or later"
    );
    for lang in Lang::ALL {
        let t = lang.tongue();
        let said = t.next_edition(&next);
        assert!(said.contains("Día 2"), "{said}");
        assert!(t.none_today("Conf").contains("Conf"));
        if lang != Lang::EN {
            assert!(!said.contains("in 4 days"), "{lang:?}: {said}");
        }
    }
}

/// Every kind of store error, each part and each thing a log keeps not.
fn store_errors() -> Vec<crate::store::StoreError> {
    use crate::store::{Kept, Part, StoreError as E};
    let place = || "postgres://door@db.example/boxoffice".to_string();
    let mut all = vec![
        E::Unreachable,
        E::UnreachableUndo,
        E::UnreachableRules,
        E::NoAnswer { ms: 1500 },
        E::Crashed("task 7 panicked".into()),
        E::NoHost { place: place() },
        E::Cleartext { place: place() },
        E::DbNoAnswer {
            place: place(),
            ms: 10_000,
        },
        E::SchemaNewer {
            place: place(),
            found: 9,
            knows: 4,
        },
        E::SchemaOlder {
            place: place(),
            found: 1,
            needs: 4,
        },
        E::TooLarge(u64::MAX),
        E::NotAMove("admission".into()),
        E::UnknownMove("teleport".into()),
        E::ScanId {
            text: "x-1".into(),
            detail: "invalid character".into(),
        },
        E::Answered("Moved(..)".into()),
        E::AlreadyAdmitted {
            desk: "lane-2".into(),
            time: "10:32:00".into(),
        },
    ];
    for part in Part::ALL {
        all.push(E::FailedEarlier(part));
        all.push(E::Absent(part));
        all.push(E::at(part, "/var/lib/boxoffice/desk.db", "disk I/O error"));
        all.push(E::at(part, "", "disk I/O error"));
    }
    all.extend(Kept::ALL.map(E::NotKept));
    all
}

#[test]
fn english_says_every_store_error_as_its_display_and_every_language_in_its_own_words() {
    use crate::store::{Part, StoreError};
    for e in store_errors() {
        let english = Tongue::english().store_error(&e);
        assert_eq!(english, e.to_string(), "{e:?}");
        for lang in Lang::ALL {
            let said = lang.tongue().store_error(&e);
            assert!(!said.is_empty(), "{lang}: {e:?}");
            // No key name, no argument left unfilled.
            assert!(
                !said.contains("store-") && !said.contains('{'),
                "{lang}: {said}"
            );
            // A path and what the store said stay as they are.
            if let StoreError::At { place, detail, .. } = &e {
                assert!(said.contains(place.as_str()) && said.contains(detail.as_str()));
            }
            // Not English (a file's error is its path and its detail
            // alone, in every language).
            let file = matches!(
                e,
                StoreError::At {
                    part: Part::File,
                    ..
                }
            );
            if lang != Lang::EN && !file {
                assert_ne!(said, english, "{lang} says {e:?} in English");
            }
        }
    }
    assert_eq!(
        Lang::ES.tongue().store_error(&StoreError::Unreachable),
        "el registro compartido no responde"
    );
    assert_eq!(
        Lang::DE
            .tongue()
            .store_error(&StoreError::at(Part::DeskLog, "/d.db", "disk full")),
        "Einlassprotokoll /d.db: disk full"
    );
}

/// "confirmed" is a status each language says; the tickets list's tabs
/// name theirs as the statuses are said (English as the API names them);
/// an ended edition's date is written as the language writes dates, in
/// English as before.
#[test]
fn confirmed_the_status_tabs_and_an_ended_date_are_said_in_each_language() {
    let es = Lang::ES.tongue();
    let en = Tongue::english();
    assert_eq!(en.status("confirmed"), "confirmed");
    assert_eq!(es.status("confirmed"), "confirmada");
    for lang in Lang::ALL {
        assert_ne!(lang.tongue().status("confirmed"), "", "{lang}");
    }
    assert_eq!(
        [None, Some("confirmed"), Some("unenrolled"), Some("weird")].map(|t| en.tab(t)),
        ["all", "confirmed", "unenrolled", "weird"]
    );
    assert_eq!(
        [None, Some("confirmed"), Some("unenrolled"), Some("weird")].map(|t| es.tab(t)),
        ["todas", "confirmada", "dada de baja", "weird"]
    );
    let end = crate::api::ended::End {
        end_datetime: Some("2026-03-14 18:00:00"),
        timezone: Some("Asia/Tokyo"),
        ..Default::default()
    };
    let last = end.last().unwrap();
    assert_eq!(en.last_moment(&last), "Sat 14 Mar 2026 18:00 Asia/Tokyo");
    assert_eq!(es.last_moment(&last), "14 mar 2026, 18:00 Asia/Tokyo");
}
