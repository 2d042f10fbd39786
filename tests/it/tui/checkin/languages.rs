//! The desk in each language it speaks: every verdict rendered at 40×12
//! and 80×24 says its word, what it means, the ticket and the keys whole;
//! nothing is cut and nothing is left in English.

use boxoffice::api::model::Ticket;
use boxoffice::app::screens::Screen;
use boxoffice::app::screens::checkin::Face;
use boxoffice::app::{Model, Msg, Reply, update};
use boxoffice::door::Verdict;
use boxoffice::i18n::{Lang, Tongue};

use super::{TODAY, asked, desk_tickets, render, scan};
use crate::data::page;
use crate::drive::{at_event, ch};
use crate::msgs;

/// The desk of Day 1 in `lang`, its tickets loaded and TK-000001 scanned.
fn desk_in(lang: Lang) -> Model {
    let mut m = at_event();
    m.options.settings.lang = lang;
    update(&mut m, Msg::Clock(TODAY.into()));
    let a = asked(&ch(&mut m, 'c'));
    for req in &a.siblings {
        update(&mut m, msgs::page::<Ticket>(*req, 1, 1, page(&[], 1, 1, 0)));
    }
    update(
        &mut m,
        msgs::page::<Ticket>(a.list, 1, 1, page(&desk_tickets(), 1, 1, 41)),
    );
    update(
        &mut m,
        Msg::Reply {
            req: a.door,
            reply: Reply::Door(Ok(boxoffice::store::DoorDone::State(
                boxoffice::store::DoorState::default(),
            ))),
        },
    );
    scan(&mut m, "TK-000001");
    m
}

/// Every verdict, with what each one names filled in.
fn verdicts() -> Vec<Verdict> {
    let at = || "2026-12-01 09:41:07".to_string();
    vec![
        Verdict::Valid,
        Verdict::AlreadyAdmitted {
            at: at(),
            lane: "lane-2".into(),
            back: false,
        },
        Verdict::AlreadyAdmitted {
            at: at(),
            lane: "lane-3".into(),
            back: true,
        },
        Verdict::NotValid {
            status: "revoked (unenrolled)".into(),
        },
        Verdict::OtherEdition {
            edition: "Rust Belt 2026 · Day 2".into(),
            when: Some("tomorrow".into()),
        },
        Verdict::OtherEvent {
            event: "Winter Gala".into(),
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
            opens: "18:00".into(),
        },
        Verdict::Closed {
            closed: "09:00".into(),
        },
        Verdict::NotInside { left: None },
        Verdict::NotInside {
            left: Some((at(), "lane-1".into())),
        },
        Verdict::Full {
            inside: 1_886,
            capacity: 79_870,
        },
    ]
}

fn show(m: &mut Model, face: Face) {
    let Some(Screen::Checkin(s)) = m.top_mut() else {
        panic!("not at the desk")
    };
    s.shown.as_mut().expect("a verdict").face = face;
}

/// The screen's text, its lines joined, without the buffer's quotes.
fn text(screen: &str) -> String {
    screen
        .lines()
        .map(|l| l.trim_matches('"').trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_desk_says_every_verdict_whole_in_every_language_at_40x12_and_80x24() {
    for lang in Lang::ALL {
        let t = lang.tongue();
        let mut m = desk_in(lang);
        for v in verdicts() {
            show(&mut m, Face::Verdict(v.clone()));
            for size in [(40, 12), (80, 24)] {
                let screen = text(&render(&mut m, size));
                let word = t.verdict_word(&v);
                assert!(
                    screen.contains(&word),
                    "{lang} {size:?}: no {word}\n{screen}"
                );
                // What it means, every word of it on screen (wrapped, not cut).
                let flat = screen.split_whitespace().collect::<Vec<_>>().join(" ");
                for part in t.meaning(&v).split_whitespace() {
                    assert!(
                        flat.contains(part),
                        "{lang} {size:?}: {part:?} of {:?} cut\n{screen}",
                        t.meaning(&v)
                    );
                }
                // The ticket's number, under it.
                assert!(
                    screen.contains("TK-000001"),
                    "{lang} {size:?}: no number\n{screen}"
                );
                // The desk's bottom line (above the app's status bar): one
                // of its key lines, whole.
                let lines: Vec<&str> = screen.lines().collect();
                let bottom = lines[lines.len() - 2];
                assert!(
                    bottom.ends_with(&t.t("hint-leave"))
                        && bottom.chars().count() <= usize::from(size.0),
                    "{lang} {size:?}: the keys cut: {bottom:?}\n{screen}"
                );
                if lang != Lang::EN {
                    let english = Tongue::english();
                    assert!(
                        !screen.contains(&english.meaning(&v)),
                        "{lang} {size:?}: English on screen\n{screen}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_desk_writes_numbers_as_the_place_does() {
    let mut m = desk_in(Lang::ES);
    show(
        &mut m,
        Face::Verdict(Verdict::Full {
            inside: 1_886,
            capacity: 79_870,
        }),
    );
    let screen = text(&render(&mut m, (80, 24)));
    assert!(screen.contains("1.886 dentro de 79.870"), "{screen}");
    assert!(screen.contains("COMPLETO"), "{screen}");
    assert!(screen.contains("F1 ayuda"), "{screen}");
}

#[test]
fn why_a_scan_is_unknown_is_said_in_the_desks_language() {
    let mut m = desk_in(Lang::ES);
    scan(&mut m, "https://evil.example/t/TK-000007");
    let screen = text(&render(&mut m, (80, 24)));
    assert!(screen.contains("DESCONOCIDO"), "{screen}");
    assert!(
        screen
            .contains("un enlace a otro sitio (evil.example): “https://evil.example/t/TK-000007”"),
        "{screen}"
    );
    scan(&mut m, "ticket:tk000007");
    let screen = text(&render(&mut m, (80, 24)));
    assert!(
        screen.contains("no es un código de entrada: “ticket:tk000007”"),
        "{screen}"
    );
}

#[test]
fn the_desks_notes_are_in_its_language() {
    let mut m = desk_in(Lang::DE);
    for _ in 0..3 {
        crate::drive::press(&mut m, crossterm::event::KeyCode::Esc);
    }
    let screen = text(&render(&mut m, (80, 24)));
    assert!(
        screen.contains("nichts zu schließen: Ctrl-Q verlässt den Einlass"),
        "{screen}"
    );
}

#[test]
fn the_desks_status_bar_help_and_lane_note_are_in_its_language() {
    let mut m = desk_in(Lang::ES);
    let screen = text(&render(&mut m, (80, 24)));
    let status = screen.lines().last().unwrap_or_default();
    assert!(status.ends_with("F1 ayuda · Ctrl-Q salir"), "{status:?}");
    crate::drive::press(&mut m, crossterm::event::KeyCode::F(1));
    let screen = text(&render(&mut m, (80, 24)));
    assert!(
        screen.contains("comprobar lo tecleado; responder sí a una pregunta"),
        "{screen}"
    );
    assert!(!screen.contains("check what is typed"), "{screen}");
    crate::drive::press(&mut m, crossterm::event::KeyCode::Esc);
    crate::drive::press(&mut m, crossterm::event::KeyCode::F(9));
    crate::drive::press(&mut m, crossterm::event::KeyCode::Enter);
    let screen = text(&render(&mut m, (80, 24)));
    assert!(
        screen.contains("ahora es una fila de salida: un escaneo deja salir (SALIDA)"),
        "{screen}"
    );
}

#[test]
fn the_desk_writes_a_day_as_the_place_does() {
    for (lang, day) in [
        (Lang::ES, "sáb 28 nov, 10:32"),
        (Lang::DE, "Sa. 28. Nov. 10:32"),
        (Lang::EN, "2026-11-28 10:32"),
    ] {
        let mut m = desk_in(lang);
        show(
            &mut m,
            Face::Verdict(Verdict::OtherEvent {
                event: "Winter Gala".into(),
                when: Some("2026-11-28 10:32".into()),
            }),
        );
        let screen = text(&render(&mut m, (80, 24)));
        assert!(screen.contains(day), "{lang}: no {day}\n{screen}");
    }
}
