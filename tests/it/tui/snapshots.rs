//! Rendered screens as text snapshots (styles are checked in `styles`).

use boxoffice::api::model::{CustomerSummary, Ticket};
use boxoffice::app::list::rows::EditionRow;
use boxoffice::app::{Model, update};
use crossterm::event::KeyCode;

use crate::data::{api_error, customers, page};
use crate::demo;
use crate::drive::{
    at_event, at_events, at_tickets, ch, model, press, render, req_of, select_confirmed, type_text,
};
use crate::enroll::filled_form;
use crate::msgs;

/// Snapshots a model at 80×24 and at 160×45.
#[track_caller]
pub fn snap(name: &str, m: &mut Model) {
    snap_at(name, m, &[(80, 24), (160, 45)]);
}

#[track_caller]
fn snap_at(name: &str, m: &mut Model, sizes: &[(u16, u16)]) {
    for &size in sizes {
        let screen = render(m, size);
        insta::assert_snapshot!(format!("{name}_{}x{}", size.0, size.1), screen);
    }
}

#[test]
fn snapshot_events_list() {
    snap("events_list", &mut at_events());
}

#[test]
fn snapshot_loading_state() {
    let (mut m, _) = model(false);
    snap("events_loading", &mut m);
    let (mut m, _) = at_tickets(1);
    snap("tickets_loading_1_of_3", &mut m);
}

#[test]
fn snapshot_empty_list() {
    let mut m = at_event();
    let cmds = press(&mut m, KeyCode::Enter);
    update(
        &mut m,
        msgs::page::<Ticket>(req_of(&cmds[0]), 1, 0, page(&[], 0, 1, 0)),
    );
    snap("tickets_empty", &mut m);
}

#[test]
fn snapshot_error_state() {
    let (mut m, cmds) = model(false);
    update(
        &mut m,
        msgs::page_failed(req_of(&cmds[0]), api_error(401, "Missing API key")),
    );
    snap("events_error", &mut m);
    let mut m = at_events();
    let cmds = press(&mut m, KeyCode::Enter);
    update(
        &mut m,
        msgs::event(req_of(&cmds[0]), Err(api_error(1001, "Unknown event"))),
    );
    snap("event_error", &mut m);
}

#[test]
fn snapshot_event_with_editions() {
    snap("event_editions", &mut at_event());
}

#[test]
fn snapshot_tickets_with_tabs_and_filter() {
    let (mut m, _) = at_tickets(3);
    snap("tickets_all", &mut m);
    ch(&mut m, 's');
    ch(&mut m, 's');
    ch(&mut m, '2');
    ch(&mut m, '/');
    type_text(&mut m, "ana");
    snap("tickets_filtered", &mut m);
}

#[test]
fn snapshot_ticket_detail() {
    let (mut m, _) = at_tickets(1);
    let id = crate::drive::selected_ticket(&m).id;
    let cmds = press(&mut m, KeyCode::Enter);
    let raw = crate::data::ticket_json(id);
    let ticket: Ticket = serde_json::from_value(raw.clone()).unwrap();
    update(&mut m, msgs::ticket(req_of(&cmds[0]), Ok((ticket, raw))));
    update(&mut m, boxoffice::app::Msg::TaskDone);
    snap("ticket_detail", &mut m);
    ch(&mut m, 'r');
    snap("ticket_raw", &mut m);
}

#[test]
fn snapshot_revoke_confirmation() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    ch(&mut m, 'x');
    snap("revoke_confirm", &mut m);
}

#[test]
fn snapshot_enroll_form() {
    let (mut m, _) = at_tickets(1);
    ch(&mut m, 'e');
    type_text(&mut m, "nina@example");
    press(&mut m, KeyCode::Tab);
    type_text(&mut m, "Nina");
    press(&mut m, KeyCode::Enter);
    snap("enroll_form_invalid", &mut m);
    let (mut m, _) = at_tickets(1);
    let req = filled_form(&mut m);
    snap("enroll_form_sending", &mut m);
    update(
        &mut m,
        msgs::enrolled(req, Err(api_error(1006, "Already enrolled"))),
    );
    snap("enroll_form_api_error", &mut m);
}

#[test]
fn snapshot_customer_picker() {
    let mut m = at_event();
    let cmds = ch(&mut m, 'a');
    update(
        &mut m,
        msgs::page::<CustomerSummary>(req_of(&cmds[0]), 1, 2, page(&customers(), 2, 1, 16)),
    );
    snap("customer_picker", &mut m);
    type_text(&mut m, "a");
    press(&mut m, KeyCode::Down);
    press(&mut m, KeyCode::Enter);
    snap("customer_picker_confirm", &mut m);
}

#[test]
fn snapshot_help() {
    let (mut m, _) = at_tickets(3);
    ch(&mut m, '?');
    snap("help_tickets", &mut m);
}

#[test]
fn snapshot_palette() {
    let mut m = at_events();
    ch(&mut m, ':');
    type_text(&mut m, "ticket 12");
    snap("palette", &mut m);
}

#[test]
fn snapshot_toast_and_status_bar_error() {
    let (mut m, _) = at_tickets(1);
    ch(&mut m, ':');
    type_text(&mut m, "nope");
    press(&mut m, KeyCode::Enter);
    snap("toast_unknown_command", &mut m);
}

#[test]
fn snapshot_demo_screens() {
    let d = demo::load();
    let mut m = demo::model_at_tickets(&d);
    snap("demo_tickets", &mut m);
    ch(&mut m, '/');
    type_text(&mut m, "garcía");
    snap("demo_tickets_filtered", &mut m);
    // One Enter opens the best match. The detail reads the ticket; the
    // demo's first page holds it.
    let row = crate::drive::selected_ticket(&m);
    let cmds = press(&mut m, KeyCode::Enter);
    let (ticket, raw) = d.ticket(row.id);
    update(&mut m, msgs::ticket(req_of(&cmds[0]), Ok((ticket, raw))));
    update(&mut m, boxoffice::app::Msg::TaskDone);
    snap("demo_ticket_detail", &mut m);
    ch(&mut m, 'q');
    ch(&mut m, 'x');
    snap("demo_revoke_confirm", &mut m);
    press(&mut m, KeyCode::Esc);
    ch(&mut m, 'q');
    snap("demo_event", &mut m);
    let cmds = ch(&mut m, 'a');
    update(
        &mut m,
        msgs::page(req_of(&cmds[0]), 1, 3, d.customers.clone()),
    );
    snap("demo_customer_picker", &mut m);
    press(&mut m, KeyCode::Esc);
    ch(&mut m, 'q');
    snap("demo_events", &mut m);
}

const WIDTHS: [(u16, u16); 3] = [(40, 16), (80, 24), (160, 30)];

/// Every number in the editions and tickets tables is whole at every width.
#[test]
fn snapshot_tables_at_40_80_and_160_columns() {
    for (name, d) in [("demo", demo::load()), ("large", demo::large())] {
        let mut m = demo::model_at_tickets(&d);
        snap_at(&format!("{name}_tickets_table"), &mut m, &WIDTHS);
        let numbers: Vec<String> = d.tickets[0]
            .items
            .iter()
            .filter_map(|t| t.number.clone())
            .collect();
        for size in WIDTHS {
            let screen = render(&mut m, size);
            let shown: Vec<&str> = screen
                .split(|c: char| c.is_whitespace() || c == '│' || c == '"')
                .filter(|w| w.starts_with("TK-"))
                .collect();
            assert!(!shown.is_empty(), "{size:?}\n{screen}");
            for n in shown {
                assert!(
                    numbers.iter().any(|full| full == n),
                    "{n} is cut at {size:?}\n{screen}"
                );
            }
        }
        ch(&mut m, 'q');
        snap_at(&format!("{name}_editions_table"), &mut m, &WIDTHS);
    }
}

#[test]
fn large_counters_are_never_cut() {
    let d = demo::large();
    let mut m = demo::model_at_tickets(&d);
    ch(&mut m, 'q');
    let sold: Vec<String> = d
        .editions
        .items
        .iter()
        .map(|ed| EditionRow::new(ed).sold)
        .collect();
    assert!(sold.iter().any(|s| s.len() > 10), "{sold:?}");
    for size in WIDTHS {
        let screen = render(&mut m, size);
        let table: Vec<&str> = screen.lines().skip(10).collect();
        // Every thousands-grouped figure on screen is whole.
        for word in table
            .iter()
            .flat_map(|l| l.split(|c: char| c.is_whitespace() || c == '/'))
        {
            let word = word.trim_matches('"');
            if word.starts_with(|c: char| c.is_ascii_digit()) && word.contains(',') {
                let groups: Vec<&str> = word.split(',').collect();
                assert!(
                    groups[1..].iter().all(|g| g.len() == 3),
                    "{word} is cut at {size:?}\n{screen}"
                );
            }
        }
        if size.0 >= 80 {
            for s in &sold {
                assert!(
                    screen.contains(s.as_str()),
                    "{s} missing at {size:?}\n{screen}"
                );
            }
        }
    }
}

#[test]
fn snapshot_enroll_in() {
    let mut m = crate::enroll_in::with_events();
    snap("enroll_in_events", &mut m);
    let mut m = crate::enroll_in::at_editions();
    snap("enroll_in_editions", &mut m);
    press(&mut m, KeyCode::Down);
    press(&mut m, KeyCode::Enter);
    snap("enroll_in_confirm", &mut m);
    let req = crate::drive::req_of(&ch(&mut m, 'y')[0]);
    update(
        &mut m,
        msgs::enrolled(req, Err(api_error(1006, "Already enrolled"))),
    );
    update(&mut m, boxoffice::app::Msg::TaskDone);
    snap("enroll_in_send_failed", &mut m);
}

/// A title wider than its pane ends in `…`, never cut short in a word.
#[test]
fn a_detail_title_too_wide_for_its_pane_ends_in_an_ellipsis() {
    let (mut m, _) = at_tickets(1);
    let id = crate::drive::selected_ticket(&m).id;
    let cmds = press(&mut m, KeyCode::Enter);
    let raw = crate::data::ticket_json(id);
    let ticket: Ticket = serde_json::from_value(raw.clone()).unwrap();
    update(&mut m, msgs::ticket(req_of(&cmds[0]), Ok((ticket, raw))));
    let wide = render(&mut m, (160, 45));
    let whole = wide
        .lines()
        .find(|l| l.contains("Ticket TK-000001 · Enter: open customer Bruno Silva"))
        .unwrap_or_else(|| panic!("{wide}"));
    assert!(!whole.contains('…'), "{wide}");
    let narrow = render(&mut m, (40, 12));
    let title = narrow
        .lines()
        .find(|l| l.starts_with("\" Ticket TK-000001 ·"))
        .unwrap_or_else(|| panic!("{narrow}"));
    assert!(title.contains('…'), "{narrow}");
    assert!(!title.contains("Bruno Silva"), "{narrow}");
}
