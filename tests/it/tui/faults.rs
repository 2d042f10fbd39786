//! The TUI stays honest under faults and odd requests (issue 11): an
//! edition opened as an event, toasts that never hide the selection, bytes
//! from the API that never reach the terminal as control sequences.

use boxoffice::api::model::{Edition, Event, Page};
use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::app::list::ListQuery;
use boxoffice::app::screens::{Component, Screen};
use boxoffice::app::{Cmd, Msg, update};
use std::time::Instant;

use boxoffice::app::state::ToastKind;
use crossterm::event::KeyCode;
use serde_json::Value;

use crate::drive::{
    at_events, at_tickets, ch, press, render, selected_ticket, tickets_screen, type_text,
};
use crate::msgs;

/// An edition of the demo, as `GET /events/{edition}` answers it, and its
/// parent event and editions, read by the real client from a sandbox.
struct EditionOfDemo {
    edition: (Event, Value),
    parent: (Event, Value),
    editions: Page<Edition>,
}

fn demo_edition() -> EditionOfDemo {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (_sb, client) = crate::common::sandbox::pinned_with_client("2026-11-25 10:00:00").await;
        let events = client.events(1, 100).await.unwrap();
        let parent_id = events
            .items
            .iter()
            .find(|e| e.has_variants == Some(true))
            .unwrap()
            .id;
        let editions = client.editions(parent_id).await.unwrap();
        // Not the first: the selection must be put on it, not left at the top.
        let edition_id = editions.items.last().unwrap().id;
        assert!(editions.items.len() > 1);
        EditionOfDemo {
            edition: client.event(&edition_id.to_string()).await.unwrap(),
            parent: client.event(&parent_id.to_string()).await.unwrap(),
            editions,
        }
    })
}

fn load_event(cmds: &[Cmd]) -> (u64, String) {
    cmds.iter()
        .find_map(|c| match c {
            Cmd::LoadEvent { req, id } => Some((*req, id.clone())),
            _ => None,
        })
        .expect("the event is read")
}

fn load_editions(cmds: &[Cmd]) -> (u64, u64) {
    cmds.iter()
        .find_map(|c| match c {
            Cmd::LoadList {
                req,
                list: ListQuery::Editions { event_id },
            } => Some((*req, *event_id)),
            _ => None,
        })
        .expect("the editions are read")
}

#[test]
fn an_edition_opened_as_an_event_shows_within_its_parent() {
    let demo = demo_edition();
    let edition_id = demo.edition.0.id;
    let parent_id = demo.parent.0.id;
    let mut m = at_events();
    ch(&mut m, ':');
    type_text(&mut m, &format!("event {edition_id}"));
    let cmds = press(&mut m, KeyCode::Enter);
    let (event_req, asked) = load_event(&cmds);
    assert_eq!(asked, edition_id.to_string());
    // The edition's own (empty) editions list answers first.
    let (first_list, _) = load_editions(&cmds);
    update(
        &mut m,
        msgs::page::<Edition>(first_list, 1, 1, crate::data::page(&[], 1, 1, 0)),
    );
    // The edition answers: its parent is read, with the parent's editions.
    let cmds = update(&mut m, msgs::event(event_req, Ok(demo.edition.clone())));
    let (parent_req, asked) = load_event(&cmds);
    assert_eq!(asked, parent_id.to_string());
    let (list_req, listed) = load_editions(&cmds);
    assert_eq!(listed, parent_id);
    update(&mut m, msgs::event(parent_req, Ok(demo.parent.clone())));
    update(
        &mut m,
        msgs::page::<Edition>(list_req, 1, 1, demo.editions.clone()),
    );
    let Some(Screen::Event(screen)) = m.top() else {
        panic!("not on the event screen");
    };
    assert_eq!(screen.event_id(), Some(parent_id));
    assert_eq!(
        screen.selected_edition().map(|e| e.id),
        Some(edition_id),
        "the edition asked for is selected"
    );
    assert_eq!(
        Some(screen.crumb(boxoffice::i18n::Tongue::english())),
        demo.parent.0.name.clone(),
        "titled by the parent event"
    );
    assert!(m.toasts.shown.is_empty(), "{:?}", m.toasts.shown);
}

#[test]
fn an_event_opened_by_its_id_is_not_redirected() {
    let demo = demo_edition();
    let parent_id = demo.parent.0.id;
    let mut m = at_events();
    ch(&mut m, ':');
    type_text(&mut m, &format!("event {parent_id}"));
    let cmds = press(&mut m, KeyCode::Enter);
    let (event_req, _) = load_event(&cmds);
    let cmds = update(&mut m, msgs::event(event_req, Ok(demo.parent.clone())));
    assert!(cmds.is_empty(), "{cmds:?}");
}

/// The line of `screen` that shows `number`, and whether every toast is shown.
fn row_and_toasts(screen: &str, number: &str, toasts: &[&str]) -> (bool, bool) {
    let row = screen.lines().any(|l| l.contains(number));
    let all = toasts.iter().all(|t| screen.contains(t));
    (row, all)
}

#[test]
fn toasts_never_cover_the_selected_row_at_80x24() {
    let texts = [
        "first problem worth reading",
        "second problem",
        "third, a longer message that takes more of the line",
    ];
    // The selection at the bottom of the table, then at its top.
    for to_bottom in [true, false] {
        let (mut m, _) = at_tickets(3);
        if to_bottom {
            // The last row of the first screenful: the view does not scroll.
            let rows = tickets_screen(&m).list.height();
            for _ in 1..rows {
                press(&mut m, KeyCode::Down);
            }
        }
        for t in texts {
            m.toasts.push(ToastKind::Error, t.into(), Instant::now());
        }
        let number = selected_ticket(&m).number().to_string();
        let screen = render(&mut m, (80, 24));
        let (row, all) = row_and_toasts(&screen, &number, &texts);
        assert!(row, "the selected {number} is covered:\n{screen}");
        let selected = screen.lines().find(|l| l.contains(&number)).unwrap();
        assert!(
            texts.iter().all(|t| !selected.contains(&t[..8])),
            "a toast on the selected row:\n{screen}"
        );
        assert!(all, "a toast is missing:\n{screen}");
        let line = screen.lines().position(|l| l.contains(&number)).unwrap();
        let first_toast = screen.lines().position(|l| l.contains(texts[2])).unwrap();
        assert_eq!(
            to_bottom,
            first_toast < line,
            "toasts keep to the other end of the screen:\n{screen}"
        );
    }
}

#[test]
fn the_detail_cursor_is_not_covered_either() {
    let (mut m, _) = at_tickets(3);
    let cmds = press(&mut m, KeyCode::Enter);
    let ticket = crate::data::tickets(1, 1).remove(0);
    let parsed: boxoffice::api::model::Ticket = serde_json::from_value(ticket.clone()).unwrap();
    update(
        &mut m,
        msgs::ticket(crate::drive::req_of(&cmds[0]), Ok((parsed, ticket))),
    );
    // The cursor to the last line the screen shows.
    for _ in 0..18 {
        press(&mut m, KeyCode::Down);
    }
    let texts = ["alpha notice", "bravo notice", "charlie notice, the newest"];
    for t in texts {
        m.toasts.push(ToastKind::Info, t.into(), Instant::now());
    }
    let Some(top) = m.top() else { panic!() };
    let line = top
        .component()
        .selected_line(m.layout.body)
        .expect("the cursor is on screen");
    assert!(
        line > 14,
        "the cursor is low, where toasts would go: {line}"
    );
    let screen = render(&mut m, (80, 24));
    let cursor_line = screen.lines().nth(usize::from(line)).unwrap();
    for t in texts {
        assert!(
            !cursor_line.contains(t),
            "a toast on the cursor's line {line}:\n{screen}"
        );
        assert!(screen.contains(t), "{screen}");
    }
}

#[test]
fn a_failed_list_says_r_retries_when_reading_again_may_mend_it() {
    use boxoffice::api::ApiError;
    use boxoffice::api::model::BodyError;
    let malformed = ApiError::Body {
        status: 200,
        error: BodyError::NotJson {
            snippet: "{\"status\":\"OK\",\"data\":[{\"id\":1".into(),
            reason: "EOF while parsing a list".into(),
        },
    };
    // Failed before any row came, and after some rows were in.
    for rows_in in [false, true] {
        let (mut m, req) = if rows_in {
            at_tickets(1)
        } else {
            let mut m = crate::drive::at_event();
            let cmds = press(&mut m, KeyCode::Enter);
            let req = crate::drive::req_of(&cmds[0]);
            (m, req)
        };
        update(&mut m, msgs::page_failed(req, malformed.clone()));
        let screen = render(&mut m, (80, 24));
        assert!(screen.contains("(R retries)"), "{screen}");
    }
    // A wrong key is not mended by reading again.
    let (mut m, req) = at_tickets(1);
    let auth = ApiError::Auth {
        status: 401,
        message: Some("Missing API key".into()),
    };
    update(&mut m, msgs::page_failed(req, auth));
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("Missing API key"), "{screen}");
    assert!(!screen.contains("R retries"), "{screen}");
}

#[test]
fn ctrl_z_suspends_from_anywhere_and_keeps_what_was_typed() {
    use crossterm::event::{KeyEvent, KeyModifiers};
    let ctrl_z = || KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
    let (mut m, _) = at_tickets(3);
    assert!(matches!(
        crate::drive::key(&mut m, ctrl_z()).as_slice(),
        [Cmd::Suspend]
    ));
    // Over the enroll form, half typed: the form and its text stay.
    ch(&mut m, 'e');
    type_text(&mut m, "walk.in@exa");
    assert!(matches!(
        crate::drive::key(&mut m, ctrl_z()).as_slice(),
        [Cmd::Suspend]
    ));
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("walk.in@exa"), "{screen}");
    assert!(!m.quit);
}

/// Every kind of control a name, an e-mail, a description or an error
/// message may carry: CSI, OSC 52 (clipboard), OSC 0 (title), C1 CSI, BEL,
/// CR, backspace, a right-to-left override, a zero-width space.
const HOSTILE: &str = "Eve\u{1b}[2J\u{1b}]52;c;cm0gLXJmIC8=\u{7}\u{1b}]0;pwned\u{7}\u{9b}31m\u{7}\rX\u{8}\u{202e}gnp.exe\u{200b}!";

/// The bytes a real crossterm backend writes for the model's screen.
fn terminal_bytes(m: &mut boxoffice::app::Model, (w, h): (u16, u16)) -> Vec<u8> {
    use ratatui::backend::CrosstermBackend;
    update(m, Msg::Resize(w, h));
    // The crossterm backend asks the terminal its size; a viewport fixes it.
    let area = ratatui::layout::Rect::new(0, 0, w, h);
    let bytes = Shared::default();
    let mut term = ratatui::Terminal::with_options(
        CrosstermBackend::new(bytes.clone()),
        ratatui::TerminalOptions {
            viewport: ratatui::Viewport::Fixed(area),
        },
    )
    .unwrap();
    term.draw(|f| boxoffice::app::view(m, f)).unwrap();
    drop(term);
    bytes.0.lock().unwrap().clone()
}

/// A writer whose bytes stay readable after the terminal is gone.
#[derive(Clone, Default)]
struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Panics when `bytes` hold a control sequence crossterm would not write
/// for a screen: anything but `ESC [ params letter`, and every C0/C1
/// control, bidirectional override or zero-width character.
fn assert_no_control_from_data(bytes: &[u8], when: &str) {
    let text = String::from_utf8(bytes.to_vec()).expect("UTF-8 out");
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\u{1b}' {
            assert_eq!(
                chars.get(i + 1),
                Some(&'['),
                "{when}: ESC not starting a CSI at {i}: {:?}",
                chars[i..].iter().take(20).collect::<String>()
            );
            let mut j = i + 2;
            while chars
                .get(j)
                .is_some_and(|c| c.is_ascii_digit() || *c == ';' || *c == '?')
            {
                j += 1;
            }
            let last = chars.get(j).copied().unwrap_or(' ');
            assert!(
                "HmJKlhGABCD".contains(last),
                "{when}: an unexpected CSI ending {last:?}"
            );
            i = j + 1;
            continue;
        }
        assert!(
            !(c.is_control()
                || ('\u{202a}'..='\u{202e}').contains(&c)
                || ('\u{2066}'..='\u{2069}').contains(&c)
                || c == '\u{200b}'),
            "{when}: control {c:?} reached the terminal"
        );
        i += 1;
    }
    assert!(!text.contains("pwned\u{7}"), "{when}");
}

#[test]
fn hostile_bytes_from_the_api_never_reach_the_terminal() {
    use crate::common::json;
    use crate::common::mock::{MockServer, json_response, ok};
    let hostile_ticket = |id: u64| {
        let mut t = json::ticket(id);
        t["attendee"]["name"] = HOSTILE.into();
        t["attendee"]["last_name"] = HOSTILE.into();
        t["attendee"]["email"] = format!("{HOSTILE}@example.com").into();
        t["number"] = format!("TK{HOSTILE}{id}").into();
        t
    };
    let mut event = json::event(7);
    event["name"] = HOSTILE.into();
    event["description"] = HOSTILE.into();
    event["location"] = serde_json::json!({"name": HOSTILE, "city": HOSTILE});
    let server =
        MockServer::start(
            move |seen, _| match (seen.method.as_str(), seen.path.as_str()) {
                ("GET", "/events") => ok(&json::list(&serde_json::json!([event.clone()]), 1, 1, 1)),
                ("GET", "/events/7") => ok(&json::one(&event)),
                ("GET", "/events/7/variants") => ok(&json::list(&serde_json::json!([]), 1, 1, 0)),
                ("GET", "/events/7/tickets") => ok(&json::list(
                    &serde_json::json!([hostile_ticket(1), hostile_ticket(2)]),
                    1,
                    1,
                    2,
                )),
                ("GET", "/events/tickets/1") => ok(&json::one(&hostile_ticket(1))),
                _ => json_response(400, &json::error_body(HOSTILE, &[(1005, HOSTILE)])),
            },
        );
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let client = Client::new(ClientConfig::new(server.base(), ApiKey::new("k"))).unwrap();
    let mut out = Vec::new();
    let (mut m, cmds) = crate::drive::model(false);
    let events = rt.block_on(client.events(1, 100)).unwrap();
    update(
        &mut m,
        msgs::page(crate::drive::req_of(&cmds[0]), 1, 1, events),
    );
    out.push(("events", terminal_bytes(&mut m, (80, 24))));
    let cmds = press(&mut m, KeyCode::Enter);
    let (event_req, _) = load_event(&cmds);
    let (editions_req, _) = load_editions(&cmds);
    update(
        &mut m,
        msgs::event(event_req, Ok(rt.block_on(client.event("7")).unwrap())),
    );
    update(
        &mut m,
        msgs::page(editions_req, 1, 1, rt.block_on(client.editions(7)).unwrap()),
    );
    out.push(("event", terminal_bytes(&mut m, (160, 45))));
    let cmds = ch(&mut m, 't');
    let tickets = rt.block_on(client.tickets(7, 1, 100)).unwrap();
    assert_eq!(tickets.items.len(), 2, "no hostile ticket dropped");
    update(
        &mut m,
        msgs::page(crate::drive::req_of(&cmds[0]), 1, 1, tickets),
    );
    out.push(("tickets", terminal_bytes(&mut m, (80, 24))));
    out.push(("tickets wide", terminal_bytes(&mut m, (160, 45))));
    // The ticket's detail, its raw fields included.
    let cmds = press(&mut m, KeyCode::Enter);
    update(
        &mut m,
        msgs::ticket(
            crate::drive::req_of(&cmds[0]),
            Ok(rt.block_on(client.ticket(1)).unwrap()),
        ),
    );
    out.push(("ticket", terminal_bytes(&mut m, (80, 24))));
    ch(&mut m, 'r');
    out.push(("ticket raw", terminal_bytes(&mut m, (80, 24))));
    press(&mut m, KeyCode::Esc);
    // An enroll answered with a hostile error message.
    ch(&mut m, 'e');
    type_text(&mut m, "walk.in@example.com");
    press(&mut m, KeyCode::Tab);
    type_text(&mut m, "Wal");
    press(&mut m, KeyCode::Tab);
    type_text(&mut m, "Kin");
    let cmds = press(&mut m, KeyCode::Enter);
    let Some(Cmd::EnrollByEmail {
        req,
        event_id,
        person,
        enrollment_type,
    }) = cmds.first()
    else {
        panic!("{cmds:?}")
    };
    let err = rt
        .block_on(client.enroll_by_email(*event_id, person, enrollment_type))
        .unwrap_err();
    update(&mut m, msgs::enrolled(*req, Err(err)));
    // The form says it, keeping what was typed.
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("Eve^["), "{screen}");
    out.push(("enroll error", terminal_bytes(&mut m, (80, 24))));
    for (when, bytes) in &out {
        assert!(!bytes.is_empty());
        assert_no_control_from_data(bytes, when);
    }
    // The data was drawn (as caret notation), not dropped.
    let all: String = out
        .iter()
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .collect();
    assert!(all.contains("^["), "escapes shown as ^[");
    // And the check itself catches each thing it looks for.
    for bad in [
        "\u{1b}]52;c;eA==\u{7}",
        "\u{9b}2J",
        "a\rb",
        "\u{202e}x",
        "\u{1b}P1$r",
    ] {
        let caught = std::panic::catch_unwind(|| assert_no_control_from_data(bad.as_bytes(), "t"));
        assert!(caught.is_err(), "{bad:?} passed the check");
    }
}

/// On a short terminal the event's facts give way to its editions: the
/// selected one is always on screen.
#[test]
fn an_event_at_40x12_still_shows_its_selected_edition() {
    let mut m = crate::drive::at_event();
    for size in [(40, 12), (80, 24), (30, 10)] {
        let screen = render(&mut m, size);
        assert!(
            screen.lines().any(|l| l.starts_with("\"› ")),
            "{size:?}: no selected edition:\n{screen}"
        );
    }
}

/// At 40×12 the tickets' keys do not fit: the help scrolls to the last of
/// them (the keys of every screen), and says so; another key closes it.
#[test]
fn help_scrolls_when_the_keys_do_not_fit() {
    let (mut m, _) = at_tickets(3);
    update(&mut m, Msg::Resize(40, 12));
    ch(&mut m, '?');
    let screen = render(&mut m, (40, 12));
    assert!(screen.contains("↓ more"), "{screen}");
    assert!(!screen.contains("Ctrl-c"), "{screen}");
    for _ in 0..30 {
        press(&mut m, KeyCode::Down);
    }
    let screen = render(&mut m, (40, 12));
    assert!(screen.contains("Ctrl-c"), "the last keys:\n{screen}");
    assert!(screen.contains("↑ more"), "{screen}");
    assert!(m.overlay.is_some());
    ch(&mut m, 'k');
    assert!(render(&mut m, (40, 12)).contains("↑↓ more"));
    ch(&mut m, 'x');
    assert!(m.overlay.is_none(), "any other key closes");
    // Where it all fits, nothing scrolls and the footer is the old one.
    ch(&mut m, '?');
    let screen = render(&mut m, (100, 40));
    assert!(
        screen.contains("any key closes") && !screen.contains("more"),
        "{screen}"
    );
}
