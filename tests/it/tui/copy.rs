//! `y` copies the selected record's key value (OSC 52, written by the
//! runtime); a toast says what.

use boxoffice::api::model::Ticket;
use boxoffice::app::{Cmd, update};
use crossterm::event::KeyCode;

use crate::data::ticket_json;
use crate::drive::{at_events, at_tickets, ch, press, req_of, selected_ticket, toasted};
use crate::msgs;

#[test]
fn y_on_the_tickets_list_copies_the_ticket_number_and_toasts() {
    let (mut m, _) = at_tickets(1);
    let number = selected_ticket(&m).number().to_string();
    let in_flight = m.in_flight;
    let cmds = ch(&mut m, 'y');
    assert_eq!(cmds, vec![Cmd::Copy(number.clone())]);
    assert!(toasted(&m, &format!("copied {number}")), "{:?}", m.toasts);
    assert_eq!(m.in_flight, in_flight, "a copy is no task");
}

#[test]
fn y_on_the_ticket_detail_copies_its_number() {
    let (mut m, _) = at_tickets(1);
    let id = selected_ticket(&m).id;
    let cmds = press(&mut m, KeyCode::Enter);
    let raw = ticket_json(id);
    let ticket: Ticket = serde_json::from_value(raw.clone()).unwrap();
    let number = ticket.number.clone().unwrap();
    update(&mut m, msgs::ticket(req_of(&cmds[0]), Ok((ticket, raw))));
    assert_eq!(ch(&mut m, 'y'), vec![Cmd::Copy(number.clone())]);
    assert!(toasted(&m, &format!("copied {number}")));
}

#[test]
fn y_on_the_events_list_copies_the_event_name() {
    let mut m = at_events();
    let cmds = ch(&mut m, 'y');
    let [Cmd::Copy(name)] = cmds.as_slice() else {
        panic!("{cmds:?}")
    };
    assert!(!name.is_empty());
    assert!(toasted(&m, &format!("copied {name}")));
}

/// Types `:ticket <arg>` and Enter.
fn ticket_command(m: &mut boxoffice::app::Model, arg: &str) -> Vec<Cmd> {
    ch(m, ':');
    crate::drive::type_text(m, &format!("ticket {arg}"));
    press(m, KeyCode::Enter)
}

fn opened_ticket(cmds: &[Cmd]) -> Option<u64> {
    cmds.iter().find_map(|c| match c {
        Cmd::LoadTicket { ticket_id, .. } => Some(*ticket_id),
        _ => None,
    })
}

#[test]
fn ticket_by_number_is_found_in_the_tickets_on_the_stack() {
    let (mut m, _) = at_tickets(1);
    let row = selected_ticket(&m);
    let spaced = row.number().to_lowercase().replace('-', " - ");
    let cmds = ticket_command(&mut m, &spaced);
    assert_eq!(opened_ticket(&cmds), Some(row.id), "{cmds:?}");
    assert!(matches!(
        m.top(),
        Some(boxoffice::app::screens::Screen::Ticket(_))
    ));
}

#[test]
fn ticket_by_number_is_found_in_a_list_kept_on_the_shelf() {
    let (mut m, _) = at_tickets(3);
    let row = selected_ticket(&m);
    press(&mut m, KeyCode::Esc);
    assert!(!m.kept.tickets.is_empty(), "the complete list is kept");
    let cmds = ticket_command(&mut m, row.number());
    assert_eq!(opened_ticket(&cmds), Some(row.id), "{cmds:?}");
}

#[test]
fn a_ticket_id_still_opens_that_ticket() {
    let mut m = at_events();
    let cmds = ticket_command(&mut m, "41");
    assert_eq!(opened_ticket(&cmds), Some(41));
}
