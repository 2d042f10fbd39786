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
        let sb =
            crate::common::sandbox::start(crate::common::sandbox::pinned("2026-11-25 10:00:00"))
                .await;
        let client =
            Client::new(ClientConfig::new(sb.base_url(), ApiKey::new(sb.api_key()))).unwrap();
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
        Some(screen.crumb()),
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
    let ctrl_z = || Msg::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    let (mut m, _) = at_tickets(3);
    assert!(matches!(
        update(&mut m, ctrl_z()).as_slice(),
        [Cmd::Suspend]
    ));
    // Over the enroll form, half typed: the form and its text stay.
    ch(&mut m, 'e');
    type_text(&mut m, "walk.in@exa");
    assert!(matches!(
        update(&mut m, ctrl_z()).as_slice(),
        [Cmd::Suspend]
    ));
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("walk.in@exa"), "{screen}");
    assert!(!m.quit);
}
