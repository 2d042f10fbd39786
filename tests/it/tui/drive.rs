//! Driving the pure `update` like a user: keys in, model and `Cmd`s out.

use std::time::{Duration, Instant};

use boxoffice::api::model::{Edition, Event, Ticket};
use boxoffice::app::list::rows::TicketRow;
use boxoffice::app::screens::Screen;
use boxoffice::app::screens::tickets::TicketsScreen;
use boxoffice::app::settings::Settings;
use boxoffice::app::{AppOptions, Cmd, Model, Msg, update, view};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::data::{editions, event_json, events, page, tickets};
use crate::msgs;

/// The wall clock the tests' model is told.
pub const CLOCK: &str = "2026-11-25 10:00:00";

pub fn model(readonly: bool) -> (Model, Vec<Cmd>) {
    let options = AppOptions {
        business: "Rust Belt Events".into(),
        readonly,
        pinned_now: None,
        desk: "desk-1".into(),
        checkin: None,
        door: None,
        desk_only: false,
        bell: true,
        settings: Settings::default(),
    };
    let mut m = Model::new(options, "127.0.0.1:4000", Instant::now(), (80, 24));
    m.no_color = true;
    // The test events run 2026-12-01 to 12-03: all to come.
    update(&mut m, Msg::Clock(CLOCK.into()));
    let cmds = boxoffice::app::start(&mut m);
    (m, cmds)
}

#[path = "../common/person.rs"]
mod person;
pub use person::{HUMAN, key};

pub fn press(m: &mut Model, code: KeyCode) -> Vec<Cmd> {
    key(m, KeyEvent::new(code, KeyModifiers::NONE))
}

pub fn ch(m: &mut Model, c: char) -> Vec<Cmd> {
    let mods = if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    key(m, KeyEvent::new(KeyCode::Char(c), mods))
}

/// A scanner's keys (`text`, then Enter), 5 ms apart, from [`HUMAN`]
/// after the last key: what each returned, flattened.
pub fn scanner(m: &mut Model, text: &str) -> Vec<Cmd> {
    m.now += HUMAN;
    let mut cmds = Vec::new();
    for c in text.chars() {
        let mods = if c.is_uppercase() {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        cmds.extend(update(m, Msg::Key(KeyEvent::new(KeyCode::Char(c), mods))));
        m.now += Duration::from_millis(5);
    }
    cmds.extend(update(
        m,
        Msg::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)),
    ));
    cmds
}

/// Answers every `Cmd::CheckTicket` in `cmds` (a VALID's ticket read
/// before it is given) as an API whose tickets are as the desk's lists
/// have them, and returns `cmds` with each check replaced by what its
/// answer asked for.
pub fn answer_checks(m: &mut Model, cmds: Vec<Cmd>) -> Vec<Cmd> {
    let mut out = Vec::new();
    for cmd in cmds {
        let Cmd::CheckTicket { req, ticket_id, .. } = cmd else {
            out.push(cmd);
            continue;
        };
        let row = match m.top() {
            Some(Screen::Checkin(s)) => s.lane.lists.ticket(ticket_id).cloned(),
            _ => None,
        };
        let checked = row.map_or(
            boxoffice::door::Checked::Gone,
            boxoffice::door::Checked::Now,
        );
        let more = update(
            m,
            Msg::Reply {
                req,
                reply: boxoffice::app::Reply::Checked {
                    checked,
                    took: Duration::from_millis(1),
                },
            },
        );
        update(m, Msg::TaskDone);
        out.extend(answer_checks(m, more));
    }
    out
}

pub fn type_text(m: &mut Model, s: &str) {
    for c in s.chars() {
        assert!(ch(m, c).is_empty());
    }
}

pub fn req_of(cmd: &Cmd) -> u64 {
    cmd.req().expect("a command with a request")
}

/// The events list, loaded.
pub fn at_events() -> Model {
    let (mut m, cmds) = model(false);
    update(
        &mut m,
        msgs::page::<Event>(req_of(&cmds[0]), 1, 1, page(&events(), 1, 1, 3)),
    );
    update(&mut m, Msg::TaskDone);
    m
}

/// The first event with its editions, loaded.
pub fn at_event() -> Model {
    let mut m = at_events();
    let cmds = press(&mut m, KeyCode::Enter);
    let raw = event_json(1, "Rust Belt Conference 2026");
    let event: Event = serde_json::from_value(raw.clone()).unwrap();
    update(&mut m, msgs::event(req_of(&cmds[0]), Ok((event, raw))));
    update(
        &mut m,
        msgs::page::<Edition>(req_of(&cmds[1]), 1, 1, page(&editions(), 1, 1, 3)),
    );
    update(&mut m, Msg::TaskDone);
    update(&mut m, Msg::TaskDone);
    m
}

/// Tickets of the first edition: `pages_in` of 3 pages loaded (40 tickets a page).
pub fn at_tickets(pages_in: u32) -> (Model, u64) {
    let mut m = at_event();
    let cmds = press(&mut m, KeyCode::Enter);
    let req = req_of(&cmds[0]);
    for p in 1..=pages_in {
        let from = u64::from(p - 1) * 40 + 1;
        update(
            &mut m,
            msgs::page::<Ticket>(req, p, 3, page(&tickets(from, from + 39), 3, p, 120)),
        );
    }
    if pages_in == 3 {
        update(&mut m, Msg::TaskDone);
    }
    (m, req)
}

pub fn tickets_screen(m: &Model) -> &TicketsScreen {
    match m.top() {
        Some(Screen::Tickets(t)) => t,
        other => panic!("not on tickets: {other:?}"),
    }
}

pub fn tickets_screen_mut(m: &mut Model) -> &mut TicketsScreen {
    match m.top_mut() {
        Some(Screen::Tickets(t)) => t,
        other => panic!("not on tickets: {other:?}"),
    }
}

pub fn selected_ticket(m: &Model) -> TicketRow {
    tickets_screen(m).selected().unwrap().clone()
}

/// The ids of the visible tickets, in order.
pub fn visible_ids(m: &Model) -> Vec<u64> {
    let l = &tickets_screen(m).list;
    (0..l.visible_len())
        .map(|i| l.visible_row(i).unwrap().id)
        .collect()
}

/// Moves the selection to the first confirmed ticket.
pub fn select_confirmed(m: &mut Model) {
    while selected_ticket(m).status() != "confirmed" {
        press(m, KeyCode::Down);
    }
}

/// Whether a toast says `text`.
pub fn toasted(m: &Model, text: &str) -> bool {
    m.toasts.shown.iter().any(|t| t.text.contains(text))
}

/// The screen as text at `w`×`h`.
pub fn render(m: &mut Model, (w, h): (u16, u16)) -> String {
    update(m, Msg::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| view(m, f)).unwrap();
    term.backend().to_string()
}
