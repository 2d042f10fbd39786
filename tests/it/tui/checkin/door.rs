//! The desk holds the door: Esc never leaves, leaving is a chord answered
//! (or the PIN), undo asks and undoes only the admission named, what is not
//! a ticket code is UNKNOWN, a walk-in already enrolled is shown with their
//! ticket.

use std::time::Duration;

use boxoffice::api::model::Ticket;
use boxoffice::app::overlays::Overlay;
use boxoffice::app::screens::Screen;
use boxoffice::app::screens::checkin::{Face, Panel};
use boxoffice::app::{Cmd, Msg, Reply, update};
use boxoffice::door::Verdict;
use boxoffice::store::{Admission, Undone};
use crossterm::event::{KeyCode, KeyModifiers};

use super::{
    TODAY, admits, desk, desk_opening, desk_tickets, face, key, reply, scan, screen, type_at,
};
use crate::data::page;
use crate::drive::{at_event, ch, press, render, req_of};
use crate::msgs;

#[test]
fn letters_typed_at_the_desk_open_nothing_and_send_nothing() {
    let mut m = desk();
    for c in "q?:R1y/jx".chars() {
        assert_eq!(
            ch(&mut m, c),
            vec![Cmd::Wake {
                after: Duration::from_millis(120)
            }]
        );
    }
    assert!(m.overlay.is_none());
    assert!(!m.quit);
    assert_eq!(screen(&m).input, "q?:R1y/jx");
    // By hand, a moment later: Backspace edits; Esc clears the input and
    // never leaves.
    m.now += Duration::from_secs(1);
    press(&mut m, KeyCode::Backspace);
    assert_eq!(screen(&m).input, "q?:R1y/j");
    for _ in 0..3 {
        m.now += Duration::from_secs(1);
        press(&mut m, KeyCode::Esc);
        assert_eq!(screen(&m).input, "");
        assert!(matches!(m.top(), Some(Screen::Checkin(_))));
    }
    assert!(
        screen(&m)
            .note
            .as_deref()
            .unwrap()
            .contains("Ctrl-Q leaves")
    );
}

#[test]
fn the_desk_is_left_only_by_the_chord_answered() {
    let mut m = desk();
    // Ctrl-Q (or quit's Ctrl-C) asks; Esc stays.
    key(&mut m, KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert_eq!(screen(&m).panel, Some(Panel::Leave));
    assert!(render(&mut m, (80, 24)).contains("Leave the check-in desk?"));
    press(&mut m, KeyCode::Esc);
    assert_eq!(screen(&m).panel, None);
    key(&mut m, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(!m.quit);
    assert_eq!(screen(&m).panel, Some(Panel::Leave));
    // A scan while it asks is judged, and the desk stays.
    scan(&mut m, "TK-000001");
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert_eq!(screen(&m).panel, None);
    // Asked, Enter leaves: back to the event it was opened from.
    key(&mut m, KeyCode::Char('q'), KeyModifiers::CONTROL);
    press(&mut m, KeyCode::Enter);
    assert!(matches!(m.top(), Some(Screen::Event(_))));
    assert!(!m.quit);
}

#[test]
fn a_desk_opened_by_boxoffice_checkin_quits_when_left() {
    let mut m = desk();
    m.options.desk_only = true;
    key(&mut m, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(!m.quit);
    key(&mut m, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(m.quit, "the chord twice leaves, and leaving quits");
}

#[test]
fn with_a_pin_set_leaving_takes_the_pin() {
    let mut m = at_event();
    m.options.settings.desk.pin_hash = Some(boxoffice::config::desk::pin_hash("2468", "s"));
    update(&mut m, Msg::Clock(TODAY.into()));
    ch(&mut m, 'c');
    let m = &mut m;
    key(m, KeyCode::Char('q'), KeyModifiers::CONTROL);
    key(m, KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert!(
        matches!(m.top(), Some(Screen::Checkin(_))),
        "the chord again is no PIN"
    );
    // Typed by hand (300 ms apart): a wrong PIN, then the right one.
    let last = type_at(m, "1357", m.now, Duration::from_millis(300));
    m.now = last + Duration::from_millis(300);
    press(m, KeyCode::Enter);
    assert!(matches!(m.top(), Some(Screen::Checkin(_))));
    assert!(screen(m).note.as_deref().unwrap().contains("wrong PIN"));
    key(m, KeyCode::Char('q'), KeyModifiers::CONTROL);
    let last = type_at(
        m,
        "2468",
        m.now + Duration::from_secs(1),
        Duration::from_millis(300),
    );
    let text = render(m, (80, 24));
    assert!(text.contains("PIN › ••••"), "{text}");
    assert!(!text.contains("2468"), "{text}");
    m.now = last + Duration::from_millis(300);
    press(m, KeyCode::Enter);
    assert!(matches!(m.top(), Some(Screen::Event(_))));
}

#[test]
fn a_pin_set_by_config_init_is_asked_to_leave() {
    use boxoffice::cli::{GlobalArgs, InitArgs};
    use boxoffice::commands::config::{ask, render};
    let global = GlobalArgs {
        base_url: Some("https://shop.example.com".into()),
        ..GlobalArgs::default()
    };
    let args = InitArgs {
        api_key_command: Some(String::new()),
        force: false,
    };
    // The answers as `config init` reads them from stdin.
    let answers = ask(
        &global,
        &args,
        &mut "2468\n".as_bytes(),
        &mut Vec::new(),
        false,
        boxoffice::i18n::Tongue::english(),
    )
    .unwrap();
    let text = render(&answers);
    assert!(!text.contains("2468"), "{text}");
    let settings = boxoffice::app::settings::parse(&text, "config.toml").unwrap();

    let mut m = at_event();
    m.options.settings.desk = settings.desk;
    update(&mut m, Msg::Clock(TODAY.into()));
    ch(&mut m, 'c');
    let m = &mut m;
    key(m, KeyCode::Char('q'), KeyModifiers::CONTROL);
    let last = type_at(m, "1357", m.now, Duration::from_millis(300));
    m.now = last + Duration::from_millis(300);
    press(m, KeyCode::Enter);
    assert!(
        matches!(m.top(), Some(Screen::Checkin(_))),
        "a wrong PIN keeps the desk"
    );
    key(m, KeyCode::Char('q'), KeyModifiers::CONTROL);
    let last = type_at(
        m,
        "2468",
        m.now + Duration::from_secs(1),
        Duration::from_millis(300),
    );
    m.now = last + Duration::from_millis(300);
    press(m, KeyCode::Enter);
    assert!(matches!(m.top(), Some(Screen::Event(_))));
}

#[test]
fn undo_asks_naming_the_guest_undoes_one_and_says_undone() {
    let mut m = desk();
    let mut recorded = Vec::new();
    for (number, at) in [("TK-000001", "09:58:00"), ("TK-000005", "09:59:00")] {
        let cmds = scan(&mut m, number);
        let admit = cmds
            .iter()
            .find(|c| matches!(c, Cmd::Admit { .. }))
            .unwrap();
        let mut a = admits(&cmds)[0].clone();
        a.at = format!("2026-12-01 {at}");
        reply(
            &mut m,
            req_of(admit),
            Reply::Admitted(Ok(boxoffice::store::Recorded::Admitted(a.clone()))),
        );
        recorded.push(a);
    }
    // F8 asks, naming the latest admission's guest and time; nothing is sent.
    assert!(press(&mut m, KeyCode::F(8)).is_empty());
    let Some(Panel::Undo(a, name)) = &screen(&m).panel else {
        panic!("{:?}", screen(&m).panel);
    };
    assert_eq!((a.ticket_id, name.is_empty()), (5, false));
    let text = render(&mut m, (100, 30));
    assert!(text.contains("Undo the admission of"), "{text}");
    assert!(text.contains("(TK-000005), at 09:59:00 UTC?"), "{text}");
    // Enter answers yes: that admission only.
    let cmds = press(&mut m, KeyCode::Enter);
    let [
        Cmd::Unadmit {
            req,
            event_id: 11,
            desk,
            ticket_id: 5,
        },
    ] = &cmds[..]
    else {
        panic!("{cmds:?}");
    };
    assert_eq!(desk, "desk-1");
    reply(
        &mut m,
        *req,
        Reply::Unadmitted(Ok(Some(Undone::alone(recorded[1].clone())))),
    );
    assert_eq!(face(&m), Face::Undone);
    assert_eq!(screen(&m).counters(TODAY).0, 1);
    assert!(render(&mut m, (100, 30)).contains("UNDONE"));
    // F8 again asks again, naming the one before; Esc keeps it.
    press(&mut m, KeyCode::F(8));
    assert!(matches!(&screen(&m).panel, Some(Panel::Undo(a, _)) if a.ticket_id == 1));
    assert!(press(&mut m, KeyCode::Esc).is_empty());
    assert_eq!(screen(&m).panel, None);
    let cmds = scan(&mut m, "TK-000005");
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert_eq!(admits(&cmds).len(), 1);
}

#[test]
fn undo_is_refused_past_its_window_and_for_another_desks_admission() {
    let (mut m, a) = desk_opening();
    update(
        &mut m,
        msgs::page::<Ticket>(a.list, 1, 1, page(&desk_tickets(), 1, 1, 41)),
    );
    let old = Admission {
        ticket_id: 2,
        number: "TK-000002".into(),
        event_id: 11,
        edition_id: Some(11),
        at: "2026-12-01 09:40:00".into(),
        desk: "desk-1".into(),
    };
    let other = Admission {
        ticket_id: 4,
        at: "2026-12-01 09:59:00".into(),
        desk: "door-2".into(),
        ..old.clone()
    };
    reply(
        &mut m,
        a.admissions,
        Reply::Admissions(Ok(vec![old, other])),
    );
    assert!(press(&mut m, KeyCode::F(8)).is_empty());
    assert_eq!(screen(&m).panel, None);
    assert!(
        screen(&m)
            .note
            .as_deref()
            .unwrap()
            .contains("over 10 min old"),
        "{:?}",
        screen(&m).note
    );
}

#[test]
fn garbage_is_unknown_not_a_ticket_code_shown_with_its_control_bytes_visible() {
    let mut m = desk();
    for text in ["Q9#x%zz-17", "EVT-12-TK-000017", "x\u{1b}[2J17"] {
        let cmds = scan(&mut m, text);
        assert_eq!(face(&m), Face::Verdict(Verdict::Unknown), "{text}");
        assert_eq!(cmds, vec![Cmd::Bell], "{text}");
    }
    let shown = render(&mut m, (80, 24));
    assert!(shown.contains("not a ticket code: “x^[[2J17”"), "{shown}");
    assert!(!shown.contains('\u{1b}'));
}

#[test]
fn a_walk_in_already_enrolled_is_shown_with_their_ticket_and_its_verdict() {
    let mut m = desk();
    let email = screen(&m)
        .lane
        .lists
        .shown
        .by_id(6)
        .map(|r| r.email().to_string())
        .unwrap();
    press(&mut m, KeyCode::F(2));
    for c in email.chars() {
        ch(&mut m, c);
    }
    for part in ["Someone", "Else"] {
        press(&mut m, KeyCode::Tab);
        for c in part.chars() {
            ch(&mut m, c);
        }
    }
    let cmds = press(&mut m, KeyCode::Enter);
    let err = crate::data::api_error(1006, "The customer is already enrolled in this edition");
    let cmds = update(&mut m, msgs::enrolled(req_of(&cmds[0]), Err(err)));
    assert!(m.overlay.is_none(), "the form closes");
    assert_eq!(admits(&cmds)[0].ticket_id, 6);
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert_eq!(screen(&m).shown.as_ref().unwrap().number, "TK-000006");
    assert!(render(&mut m, (80, 24)).contains("already enrolled, their ticket: admitted"));
}

/// A scan over the walk-in form: nobody is enrolled, the form closes
/// keeping what was typed before the scan (F2 brings it back), and the
/// scan is judged.
#[test]
fn a_burst_over_the_walk_in_form_enrolls_nobody_and_is_judged() {
    let mut m = desk();
    press(&mut m, KeyCode::F(2));
    for c in "w@x.io".chars() {
        ch(&mut m, c);
    }
    press(&mut m, KeyCode::Tab);
    for c in "Al".chars() {
        ch(&mut m, c);
    }
    press(&mut m, KeyCode::Tab);
    for c in "Bo".chars() {
        ch(&mut m, c);
    }
    assert!(matches!(m.overlay, Some(Overlay::Enroll(_))));
    let cmds = crate::drive::scanner(&mut m, "TK-000005");
    let cmds = crate::drive::answer_checks(&mut m, cmds);
    assert!(
        !cmds.iter().any(|c| matches!(c, Cmd::EnrollByEmail { .. })),
        "{cmds:?}"
    );
    assert!(m.overlay.is_none());
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert_eq!(screen(&m).shown.as_ref().unwrap().number, "TK-000005");
    assert_eq!(
        cmds.iter()
            .filter(|c| matches!(c, Cmd::Admit { admission, .. } if admission.ticket_id == 5))
            .count(),
        1
    );
    // F2: the form as it was typed, nothing of the scan in it.
    press(&mut m, KeyCode::F(2));
    let Some(Overlay::Enroll(form)) = &m.overlay else {
        panic!("{:?}", m.overlay);
    };
    assert_eq!(
        (form.value(0), form.value(1), form.value(2)),
        ("w@x.io", "Al", "Bo")
    );
    // Quit's key over the form asks to leave, as at the desk; it never quits.
    crate::drive::key(
        &mut m,
        crossterm::event::KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
    );
    assert!(!m.quit);
    assert_eq!(screen(&m).panel, Some(Panel::Leave));
    assert!(m.overlay.is_none());
}

/// A scan over the door's dashboard (F7 from the desk): the dashboard
/// steps aside and the scan is judged at the desk, once — never dropped
/// while someone glances at the chart. A person's keys there stay on it.
#[test]
fn a_burst_over_the_dashboard_opened_from_the_desk_is_judged_at_the_desk() {
    let mut m = desk();
    press(&mut m, KeyCode::F(7));
    assert!(matches!(m.top(), Some(Screen::Door(_))), "{:?}", m.top());
    // Typed by hand, a letter leaves nothing.
    m.now += Duration::from_secs(1);
    ch(&mut m, 'x');
    m.now += Duration::from_secs(1);
    let now = m.now;
    update(&mut m, Msg::Tick(now));
    assert!(matches!(m.top(), Some(Screen::Door(_))), "{:?}", m.top());
    let cmds = crate::drive::scanner(&mut m, "TK-000005");
    let cmds = crate::drive::answer_checks(&mut m, cmds);
    assert!(matches!(m.top(), Some(Screen::Checkin(_))), "{:?}", m.top());
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert_eq!(screen(&m).shown.as_ref().unwrap().number, "TK-000005");
    let admitted: Vec<u64> = admits(&cmds).iter().map(|a| a.ticket_id).collect();
    assert_eq!(admitted, [5]);
}
