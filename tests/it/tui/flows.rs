//! Navigation, the palette, quitting, read-only mode, the mouse, help.

use boxoffice::api::model::envelope::decode_page;
use boxoffice::api::model::{CustomerSummary, Edition, Event, Ticket};
use boxoffice::app::keymap::{self, Scope};
use boxoffice::app::list::ListQuery;
use boxoffice::app::screens::Screen;
use boxoffice::app::{Cmd, Model, Msg, update};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::data::{api_error, event_json, events, page};
use crate::drive::{
    at_event, at_events, at_tickets, ch, model, press, render, req_of, tickets_screen, toasted,
    type_text,
};
use crate::msgs;

#[test]
fn start_loads_the_events_list() {
    let (m, cmds) = model(false);
    assert!(matches!(
        cmds.as_slice(),
        [Cmd::LoadList {
            list: ListQuery::Events,
            ..
        }]
    ));
    assert_eq!(m.in_flight, 1);
}

#[test]
fn opening_an_event_requests_the_event_and_its_editions() {
    let mut m = at_events();
    let cmds = press(&mut m, KeyCode::Enter);
    assert_eq!(cmds.len(), 2);
    assert!(matches!(&cmds[0], Cmd::LoadEvent { id, .. } if id == "1"));
    assert!(matches!(
        &cmds[1],
        Cmd::LoadList {
            list: ListQuery::Editions { event_id: 1 },
            ..
        }
    ));
    assert!(matches!(m.top(), Some(Screen::Event(_))));
}

#[test]
fn enter_on_an_edition_and_t_open_tickets() {
    let mut m = at_event();
    press(&mut m, KeyCode::Down);
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(matches!(
        cmds.as_slice(),
        [Cmd::LoadList {
            list: ListQuery::Tickets { event_id: 12 },
            ..
        }]
    ));
    press(&mut m, KeyCode::Esc);
    let cmds = ch(&mut m, 't');
    assert!(matches!(
        cmds.as_slice(),
        [Cmd::LoadList {
            list: ListQuery::Tickets { event_id: 1 },
            ..
        }]
    ));
}

#[test]
fn opening_a_ticket_reads_its_full_record_and_shows_the_number_meanwhile() {
    let (mut m, _) = at_tickets(1);
    let number = crate::drive::selected_ticket(&m).number().to_string();
    let id = crate::drive::selected_ticket(&m).id;
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(matches!(cmds.as_slice(), [Cmd::LoadTicket { ticket_id, .. }] if *ticket_id == id));
    let screen = render(&mut m, (80, 24));
    assert!(
        screen.contains(&format!("loading ticket {number}")),
        "{screen}"
    );
    assert!(screen.contains(&format!("Ticket {number}")), "{screen}");
}

#[test]
fn a_result_for_a_screen_that_was_left_is_dropped() {
    let mut m = at_events();
    let cmds = press(&mut m, KeyCode::Enter);
    press(&mut m, KeyCode::Esc);
    let raw = event_json(1, "Rust Belt Conference 2026");
    let event: Event = serde_json::from_value(raw.clone()).unwrap();
    update(&mut m, msgs::event(req_of(&cmds[0]), Ok((event, raw))));
    update(
        &mut m,
        msgs::page_failed(req_of(&cmds[1]), api_error(1001, "Unknown event")),
    );
    assert_eq!(m.stack.len(), 1);
    assert!(
        m.toasts.is_empty(),
        "a late error for a left screen is not shown"
    );
}

#[test]
fn readonly_refuses_and_hides_the_writing_keys() {
    let (mut m, cmds) = model(true);
    update(
        &mut m,
        msgs::page::<Event>(req_of(&cmds[0]), 1, 1, page(&events(), 1, 1, 3)),
    );
    press(&mut m, KeyCode::Enter);
    for c in ['e', 'a'] {
        assert!(ch(&mut m, c).is_empty());
        assert!(m.overlay.is_none());
    }
    assert!(toasted(&m, "read-only"));
    let help: Vec<_> = keymap::help_rows(Scope::Tickets, true)
        .into_iter()
        .map(|(_, h)| h)
        .collect();
    assert!(
        !help
            .iter()
            .any(|h| h.contains("enroll") || h.contains("revoke")),
        "{help:?}"
    );
    let help: Vec<_> = keymap::help_rows(Scope::Tickets, false)
        .into_iter()
        .map(|(_, h)| h)
        .collect();
    assert!(help.iter().any(|h| h.contains("revoke")));
}

#[test]
fn palette_runs_commands_and_reports_unknown_ones() {
    let mut m = at_events();
    ch(&mut m, ':');
    type_text(&mut m, "ticket 42");
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(matches!(
        cmds.as_slice(),
        [Cmd::LoadTicket { ticket_id: 42, .. }]
    ));
    ch(&mut m, ':');
    type_text(&mut m, "event ev1");
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(matches!(&cmds[..], [Cmd::LoadEvent { id, .. }] if id == "ev1"));
    ch(&mut m, ':');
    type_text(&mut m, "frobnicate");
    assert!(press(&mut m, KeyCode::Enter).is_empty());
    assert!(toasted(&m, "unknown command: frobnicate"));
    ch(&mut m, ':');
    type_text(&mut m, "events");
    let cmds = press(&mut m, KeyCode::Enter);
    assert_eq!(m.stack.len(), 1);
    assert!(matches!(
        cmds.as_slice(),
        [Cmd::LoadList {
            list: ListQuery::Events,
            ..
        }]
    ));
    ch(&mut m, ':');
    type_text(&mut m, "q");
    press(&mut m, KeyCode::Enter);
    assert!(m.quit);
}

#[test]
fn an_event_opened_by_hash_reads_its_editions_once_its_id_is_known() {
    let mut m = at_events();
    ch(&mut m, ':');
    type_text(&mut m, "event ev1");
    let cmds = press(&mut m, KeyCode::Enter);
    let raw = event_json(1, "Rust Belt Conference 2026");
    let event: Event = serde_json::from_value(raw.clone()).unwrap();
    let cmds = update(&mut m, msgs::event(req_of(&cmds[0]), Ok((event, raw))));
    assert!(matches!(
        cmds.as_slice(),
        [Cmd::LoadList {
            list: ListQuery::Editions { event_id: 1 },
            ..
        }]
    ));
    update(
        &mut m,
        msgs::page::<Edition>(
            req_of(&cmds[0]),
            1,
            1,
            page(&crate::data::editions(), 1, 1, 3),
        ),
    );
    let screen = render(&mut m, (160, 45));
    assert!(screen.contains("Rust Belt 2026 · Day 3"), "{screen}");
}

#[test]
fn q_goes_back_and_quits_at_the_root_and_ctrl_c_quits_anywhere() {
    let (mut m, _) = at_tickets(1);
    ch(&mut m, 'q');
    assert!(matches!(m.top(), Some(Screen::Event(_))));
    ch(&mut m, 'q');
    assert!(!m.quit);
    ch(&mut m, 'q');
    assert!(m.quit);
    let (mut m, _) = at_tickets(1);
    ch(&mut m, 'e');
    crate::drive::key(
        &mut m,
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
    );
    assert!(m.quit);
}

#[test]
fn hostile_api_data_renders_without_escape_sequences_or_panics() {
    let events = decode_page::<Event>(
        include_bytes!("../../../assets/fixtures/events_list.json"),
        true,
    )
    .unwrap();
    let customers = decode_page::<CustomerSummary>(
        include_bytes!("../../../assets/fixtures/customers_list.json"),
        true,
    )
    .unwrap();
    let tickets = decode_page::<Ticket>(
        include_bytes!("../../../assets/fixtures/tickets_list.json"),
        true,
    )
    .unwrap();
    let (mut m, cmds) = model(false);
    update(&mut m, msgs::page(req_of(&cmds[0]), 1, 1, events));
    for size in [(80, 24), (160, 45), (30, 8)] {
        assert!(!render(&mut m, size).contains('\u{1b}'));
    }
    let cmds = press(&mut m, KeyCode::Enter);
    update(
        &mut m,
        msgs::page::<Edition>(req_of(&cmds[1]), 1, 1, page(&[], 0, 1, 0)),
    );
    let cmds = ch(&mut m, 't');
    update(&mut m, msgs::page(req_of(&cmds[0]), 1, 1, tickets));
    assert!(!tickets_screen(&m).list.list.is_empty());
    let cmds = ch(&mut m, 'a');
    update(&mut m, msgs::page(req_of(&cmds[0]), 1, 1, customers));
    for size in [(80, 24), (160, 45), (30, 8)] {
        assert!(!render(&mut m, size).contains('\u{1b}'));
    }
}

#[test]
fn readme_keys_table_matches_the_keymap() {
    const BEGIN: &str = "<!-- generated from the keymap: BOXOFFICE_KEYS=write cargo test --test it readme_keys -->\n";
    const END: &str = "<!-- end of the generated keys -->\n";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/keys.md");
    let text = std::fs::read_to_string(path).unwrap();
    let start = text.find(BEGIN).expect("docs/keys.md's begin marker") + BEGIN.len();
    let end = text.find(END).expect("docs/keys.md's end marker");
    let generated = boxoffice::app::screens::keys_markdown();
    if std::env::var_os("BOXOFFICE_KEYS").is_some_and(|v| v == "write") {
        let written = format!("{}{generated}{}", &text[..start], &text[end..]);
        std::fs::write(path, written).unwrap();
        return;
    }
    assert!(
        text[start..end] == generated,
        "docs/keys.md's keys table differs from screens::keys_markdown(): \
         BOXOFFICE_KEYS=write cargo test --test it readme_keys writes it"
    );
}

#[test]
fn help_comes_from_the_keymap_and_fits_80x24() {
    for scope in Scope::ALL {
        let rows = keymap::help_rows(scope, false);
        assert!(
            rows.len() + 4 <= 22,
            "{scope:?} help is {} rows",
            rows.len()
        );
        // The screen's keys and the global ones that work there (at the
        // desk, whose input takes every printable key, only quit).
        for bnd in keymap::Keymap::default().table(scope) {
            let shown = rows.iter().any(|(keys, what)| {
                (bnd.action.moves() || what.contains(bnd.help))
                    && bnd
                        .keys
                        .iter()
                        .all(|k| keys.contains(&k.label()) || what.contains(&k.label()))
            }) || (bnd.action == keymap::Action::JumpTab
                && rows.iter().any(|(k, _)| k == "1..6"))
                || (bnd.action == keymap::Action::RootTab && rows.iter().any(|(k, _)| k == "1..5"));
            assert!(shown, "{scope:?}: {} not in help {rows:?}", bnd.help);
        }
    }
}

#[test]
fn mouse_click_selects_a_row_and_the_wheel_scrolls() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let mouse = |kind, row| MouseEvent {
        kind,
        column: 10,
        row,
        modifiers: KeyModifiers::NONE,
    };
    let (mut m, _) = at_tickets(1);
    // Title line, tabs, filter line, table header: the 6th ticket is on line 9.
    update(
        &mut m,
        Msg::Mouse(mouse(MouseEventKind::Down(MouseButton::Left), 9)),
    );
    assert_eq!(tickets_screen(&m).list.nav.selected, 5);
    update(&mut m, Msg::Mouse(mouse(MouseEventKind::ScrollDown, 9)));
    assert_eq!(tickets_screen(&m).list.nav.selected, 8);
    update(&mut m, Msg::Mouse(mouse(MouseEventKind::ScrollUp, 9)));
    update(&mut m, Msg::Mouse(mouse(MouseEventKind::ScrollUp, 9)));
    assert_eq!(tickets_screen(&m).list.nav.selected, 2);
    // A click on the header or below the last row selects nothing new.
    update(
        &mut m,
        Msg::Mouse(mouse(MouseEventKind::Down(MouseButton::Left), 3)),
    );
    assert_eq!(tickets_screen(&m).list.nav.selected, 2);
    let mut m = at_events();
    update(
        &mut m,
        Msg::Mouse(mouse(MouseEventKind::Down(MouseButton::Left), 4)),
    );
    let Some(Screen::Events(e)) = m.top() else {
        panic!()
    };
    assert_eq!(e.list.nav.selected, 1);
}

#[test]
fn every_screen_renders_at_tiny_and_odd_sizes_without_panicking() {
    let sizes = [
        (20, 6),
        (21, 7),
        (33, 9),
        (45, 12),
        (79, 23),
        (81, 25),
        (250, 70),
    ];
    let mut models: Vec<Model> = vec![at_events(), at_event()];
    let (m, _) = at_tickets(2);
    models.push(m);
    let (mut m, _) = at_tickets(1);
    press(&mut m, KeyCode::Enter);
    models.push(m.clone());
    let (mut m, _) = at_tickets(1);
    crate::drive::select_confirmed(&mut m);
    ch(&mut m, 'x');
    models.push(m);
    for key in ['e', 'a', '?', ':'] {
        let (mut m, _) = at_tickets(1);
        ch(&mut m, key);
        models.push(m);
    }
    for m in &mut models {
        for size in sizes {
            render(m, size);
        }
    }
}

/// The Event screen opens on today's edition (else the next), marks each
/// edition past / today / later against the clock it is told, and stops
/// moving the selection once the user has.
#[test]
fn the_event_screen_opens_on_todays_edition_and_marks_the_others() {
    use boxoffice::api::model::{Edition, Event};
    use boxoffice::app::Msg;

    use crate::data::{editions, event_json, page};
    use crate::drive::{at_events, render, req_of};

    let mut m = at_events();
    update(&mut m, Msg::Clock("2026-12-02 08:00:00".into()));
    let cmds = press(&mut m, KeyCode::Enter);
    let raw = event_json(1, "Rust Belt Conference 2026");
    let event: Event = serde_json::from_value(raw.clone()).unwrap();
    update(&mut m, msgs::event(req_of(&cmds[0]), Ok((event, raw))));
    let editions_req = req_of(&cmds[1]);
    update(
        &mut m,
        msgs::page::<Edition>(editions_req, 1, 1, page(&editions(), 1, 1, 3)),
    );
    let Some(Screen::Event(e)) = m.top() else {
        panic!()
    };
    assert_eq!(e.selected_edition().unwrap().id, 12, "Day 2 is today");
    let screen = render(&mut m, (120, 30));
    for (day, word) in [("Day 1", "past"), ("Day 2", "today"), ("Day 3", "later")] {
        assert!(
            screen
                .lines()
                .any(|l| l.contains(day) && l.contains(&format!(" {word} "))),
            "{day} {word}: {screen}"
        );
    }
    // The user moves: a page read again leaves the selection where they put it.
    ch(&mut m, 'k');
    let cmds = ch(&mut m, 'R');
    let again = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadList { .. }))
        .map(req_of)
        .unwrap();
    update(
        &mut m,
        msgs::page::<Edition>(again, 1, 1, page(&editions(), 1, 1, 3)),
    );
    let Some(Screen::Event(e)) = m.top() else {
        panic!()
    };
    assert_eq!(e.selected_edition().unwrap().id, 11);
    // After the last edition: none today, none to come; it stays put.
    assert_eq!(
        boxoffice::app::list::rows::format::when(
            Some("2026-12-01"),
            Some("2026-12-03"),
            "2026-12-04"
        ),
        Some(boxoffice::app::list::rows::format::When::Past)
    );
    assert_eq!(
        boxoffice::app::list::rows::format::when(None, None, "2026-12-04"),
        None
    );
    assert_eq!(
        boxoffice::app::list::rows::format::when(Some("2026-12-01"), None, ""),
        None
    );
}

/// The status bar's last error goes with the next success.
#[test]
fn the_last_error_clears_on_the_next_success() {
    use crate::data::{event_json, timeout};
    use crate::drive::{at_events, req_of};

    let mut m = at_events();
    let cmds = press(&mut m, KeyCode::Enter);
    update(&mut m, msgs::event(req_of(&cmds[0]), Err(timeout())));
    assert!(m.last_error.is_some());
    let cmds = ch(&mut m, 'R');
    let again = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadEvent { .. }))
        .map(req_of)
        .unwrap();
    let raw = event_json(1, "Rust Belt Conference 2026");
    let event: Event = serde_json::from_value(raw.clone()).unwrap();
    update(&mut m, msgs::event(again, Ok((event, raw))));
    assert_eq!(m.last_error, None);
}

/// A jump to a record that cannot be read leaves the user where they were,
/// with the reason in the status bar: no error screen on the stack, no toast
/// over the screen returned to.
#[test]
fn a_failed_jump_stays_where_it_was() {
    use crate::data::api_error;
    use crate::drive::{at_events, req_of};

    let mut m = at_events();
    ch(&mut m, ':');
    for c in "ticket 99999".chars() {
        ch(&mut m, c);
    }
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(matches!(m.top(), Some(Screen::Ticket(_))));
    update(
        &mut m,
        msgs::ticket(req_of(&cmds[0]), Err(api_error(1002, "unknown ticket"))),
    );
    assert!(
        matches!(m.top(), Some(Screen::Events(_))),
        "back on the list"
    );
    assert_eq!(m.stack.len(), 1);
    assert!(m.toasts.is_empty(), "{:?}", m.toasts);
    assert_eq!(
        m.last_error.as_deref(),
        Some("ticket: unknown ticket (code 1002)")
    );
    let screen = crate::drive::render(&mut m, (80, 24));
    assert!(
        screen
            .lines()
            .last()
            .unwrap()
            .contains("last error: ticket: unknown"),
        "{screen}"
    );
}

/// Every registered `:` command is in the palette's hint (as drawn, at 80
/// and 160 columns), in help's table of commands, and parses; every
/// registered screen's keys are in that table too.
#[test]
fn every_registered_command_is_in_the_hint_and_the_help() {
    use boxoffice::app::screens::{REGISTERED, commands, keys_markdown, parse_command};
    let help = keys_markdown();
    for size in [(80, 24), (160, 45)] {
        let mut m = at_events();
        ch(&mut m, ':');
        let screen = render(&mut m, size);
        for c in commands() {
            let word = format!(":{}", c.word);
            assert!(
                screen
                    .split(|c: char| c.is_whitespace() || c == '"')
                    .any(|w| w == word),
                "{word} not in the palette's hint at {size:?}:\n{screen}"
            );
        }
    }
    for c in commands() {
        assert!(
            help.contains(&format!("| `{}` | {} |", c.usage(), c.help)),
            "{} not in help",
            c.usage()
        );
        let typed = if c.arg.is_empty() {
            c.word.to_string()
        } else {
            format!("{} 12", c.word)
        };
        assert!(parse_command(&typed).is_ok(), "{typed} does not parse");
    }
    for r in REGISTERED {
        assert!(
            help.contains(&format!("#### {}\n", r.scope.title())),
            "{:?}",
            r.scope
        );
    }
    assert!(
        REGISTERED
            .iter()
            .any(|r| r.commands.iter().any(|c| c.word == "checkin"))
    );
    assert!(
        REGISTERED
            .iter()
            .any(|r| r.commands.iter().any(|c| c.word == "audit"))
    );
}
