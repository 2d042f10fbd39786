//! Enroll by e-mail and enroll a customer: validated, sent once, errors keep
//! what was typed, an unclear answer re-reads instead of resending.

use boxoffice::api::model::CustomerSummary;
use boxoffice::app::list::ListQuery;
use boxoffice::app::overlays::Overlay;
use boxoffice::app::overlays::customer_picker::PickerStage;
use boxoffice::app::{Cmd, Model, update};
use crossterm::event::KeyCode;

use crate::data::{api_error, customers, page, timeout};
use crate::drive::{at_event, at_events, at_tickets, ch, press, req_of, toasted, type_text};
use crate::msgs;

/// Fills the open enroll form and submits it; the event id it was sent to.
fn submit_enroll_form(m: &mut Model) -> u64 {
    type_text(m, "walk.in@example.com");
    press(m, KeyCode::Tab);
    type_text(m, "Wal");
    press(m, KeyCode::Tab);
    type_text(m, "Kin");
    let cmds = press(m, KeyCode::Enter);
    let [Cmd::EnrollByEmail { event_id, .. }] = cmds.as_slice() else {
        panic!("{cmds:?}")
    };
    *event_id
}

/// Opens the form, fills it and sends it: the request id of the send.
pub fn filled_form(m: &mut Model) -> u64 {
    ch(m, 'e');
    type_text(m, "ana.garcia@example.com");
    press(m, KeyCode::Tab);
    type_text(m, "Ana");
    press(m, KeyCode::Tab);
    type_text(m, "García");
    req_of(&press(m, KeyCode::Enter)[0])
}

#[test]
fn enroll_targets_the_selected_edition_or_from_the_events_list_the_main_event() {
    // On the event screen: the edition under the cursor, named in the form.
    let mut m = at_event();
    press(&mut m, KeyCode::Down);
    ch(&mut m, 'e');
    let Some(Overlay::Enroll(form)) = &m.overlay else {
        panic!("no form")
    };
    assert!(form.target.contains("Day 2"), "{}", form.target);
    assert_eq!(submit_enroll_form(&mut m), 12);

    // On the events list: the main event (the API picks the edition).
    let mut m = at_events();
    ch(&mut m, 'e');
    let Some(Overlay::Enroll(form)) = &m.overlay else {
        panic!("no form")
    };
    assert!(
        form.target.contains("first available edition"),
        "{}",
        form.target
    );
    assert_eq!(submit_enroll_form(&mut m), 1);
}

#[test]
fn enroll_is_sent_once_and_a_second_submit_sends_nothing() {
    let (mut m, _) = at_tickets(1);
    ch(&mut m, 'e');
    type_text(&mut m, "new.person@example.com");
    press(&mut m, KeyCode::Tab);
    type_text(&mut m, "Nina");
    press(&mut m, KeyCode::Tab);
    type_text(&mut m, "Novak");
    let cmds = press(&mut m, KeyCode::Enter);
    assert_eq!(cmds.len(), 1);
    let Cmd::EnrollByEmail {
        event_id,
        person,
        enrollment_type,
        ..
    } = &cmds[0]
    else {
        panic!("{cmds:?}")
    };
    assert_eq!(*event_id, 11);
    assert_eq!(person.email, "new.person@example.com");
    assert_eq!(
        (person.name.as_str(), person.last_name.as_str()),
        ("Nina", "Novak")
    );
    assert_eq!(enrollment_type, "paid");
    assert!(
        press(&mut m, KeyCode::Enter).is_empty(),
        "second submit while sending"
    );
    assert!(ch(&mut m, 'x').is_empty());
    let Some(Overlay::Enroll(form)) = &m.overlay else {
        panic!("form closed")
    };
    assert!(form.sending.is_some());
}

#[test]
fn enroll_validates_before_sending() {
    let (mut m, _) = at_tickets(1);
    ch(&mut m, 'e');
    type_text(&mut m, "not-an-email");
    assert!(press(&mut m, KeyCode::Enter).is_empty());
    let Some(Overlay::Enroll(form)) = &m.overlay else {
        panic!("form closed")
    };
    assert!(form.errors[0].as_deref().unwrap().contains("e-mail"));
    assert_eq!(form.errors[1].as_deref(), Some("required"));
    assert_eq!(form.errors[2].as_deref(), Some("required"));
    assert!(form.errors[3].is_none(), "type defaults to paid");
    assert!(form.sending.is_none());
}

#[test]
fn an_enroll_error_keeps_the_form_and_shows_the_message_and_code() {
    let (mut m, _) = at_tickets(1);
    let req = filled_form(&mut m);
    let cmds = update(
        &mut m,
        msgs::enrolled(req, Err(api_error(1006, "Already enrolled"))),
    );
    assert!(cmds.is_empty());
    let Some(Overlay::Enroll(form)) = &m.overlay else {
        panic!("form closed")
    };
    assert_eq!(form.fields[0].value(), "ana.garcia@example.com");
    assert_eq!(form.fields[1].value(), "Ana");
    assert_eq!(form.fields[2].value(), "García");
    assert_eq!(form.fields[3].value(), "paid");
    let msg = form.api_error.as_deref().unwrap();
    assert!(
        msg.contains("Already enrolled") && msg.contains("1006"),
        "{msg}"
    );
    assert!(form.sending.is_none(), "can send again after fixing");
}

#[test]
fn enroll_success_closes_the_form_and_rereads_tickets_and_counters() {
    let (mut m, _) = at_tickets(3);
    let req = filled_form(&mut m);
    let cmds = update(&mut m, msgs::enrolled(req, Ok(())));
    assert!(m.overlay.is_none());
    assert!(toasted(&m, "enrolled ana.garcia@example.com"));
    let lists: Vec<ListQuery> = cmds
        .iter()
        .filter_map(|c| match c {
            Cmd::LoadList { list, .. } => Some(*list),
            _ => None,
        })
        .collect();
    // The tickets list is complete: only its last page is read again.
    assert!(!lists.contains(&ListQuery::Tickets { event_id: 11 }));
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::LoadTail {
            list: ListQuery::Tickets { event_id: 11 },
            from: 3,
            ..
        }
    )));
    assert!(lists.contains(&ListQuery::Editions { event_id: 1 }));
    assert!(lists.contains(&ListQuery::Events));
    assert!(cmds.iter().any(|c| matches!(c, Cmd::LoadEvent { .. })));
}

/// An enroll whose answer was lost and whose outcome the executor's reads
/// did not learn (issue 32): the form says so, and Enter reads the tickets
/// again (`Cmd::Settle`) instead of sending it again; what that learns
/// closes the form with its verdict.
#[test]
fn an_unclear_enroll_says_so_and_rereads_instead_of_resending() {
    let (mut m, _) = at_tickets(1);
    let req = filled_form(&mut m);
    let cmds = update(&mut m, msgs::enrolled(req, Err(timeout())));
    assert!(cmds.iter().all(|c| !matches!(c, Cmd::EnrollByEmail { .. })));
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::LoadList {
            list: ListQuery::Tickets { .. },
            ..
        }
    )));
    let Some(Overlay::Enroll(form)) = &m.overlay else {
        panic!("form closed")
    };
    assert!(
        form.api_error
            .as_deref()
            .unwrap()
            .contains("not sent again; Enter reads the tickets again")
    );
    for _ in 0..2 {
        let cmds = press(&mut m, KeyCode::Enter);
        let [Cmd::Settle { req, write }] = cmds.as_slice() else {
            panic!("{cmds:?}")
        };
        assert_eq!(write.operation(), "enroll");
        let screen = crate::drive::render(&mut m, (80, 24));
        assert!(screen.contains("reading the tickets again"), "{screen}");
        let req = *req;
        update(&mut m, msgs::enrolled(req, Err(timeout())));
        assert!(matches!(m.overlay, Some(Overlay::Enroll(_))), "still open");
    }
    let cmds = press(&mut m, KeyCode::Enter);
    let [Cmd::Settle { req, .. }] = cmds.as_slice() else {
        panic!("{cmds:?}")
    };
    update(&mut m, msgs::enrolled(*req, Ok(())));
    assert!(m.overlay.is_none(), "applied: the form closes");
    assert!(toasted(&m, "enrolled"), "{:?}", m.toasts);
}

#[test]
fn customer_picker_filters_confirms_and_sends_once() {
    let mut m = at_event();
    let cmds = ch(&mut m, 'a');
    let [
        Cmd::LoadList {
            req,
            list: ListQuery::Customers,
        },
    ] = cmds.as_slice()
    else {
        panic!("{cmds:?}")
    };
    update(
        &mut m,
        msgs::page::<CustomerSummary>(*req, 1, 1, page(&customers(), 1, 1, 8)),
    );
    type_text(&mut m, "chen");
    assert!(press(&mut m, KeyCode::Enter).is_empty());
    let Some(Overlay::Picker(p)) = &m.overlay else {
        panic!()
    };
    assert!(matches!(&p.stage, PickerStage::Confirm(c) if c.email() == "chen@example.com"));
    let cmds = ch(&mut m, 'y');
    assert!(matches!(
        cmds.as_slice(),
        [Cmd::EnrollCustomer {
            event_id: 11,
            customer_id: 502,
            ..
        }]
    ));
    assert!(ch(&mut m, 'y').is_empty());
    let req = req_of(&cmds[0]);
    update(
        &mut m,
        msgs::enrolled(req, Err(api_error(1004, "No edition available"))),
    );
    let Some(Overlay::Picker(p)) = &m.overlay else {
        panic!()
    };
    assert!(p.error.as_deref().unwrap().contains("1004"));
}

#[test]
fn closing_the_customer_picker_cancels_the_customers_still_streaming() {
    let mut m = at_event();
    let req = req_of(&ch(&mut m, 'a')[0]);
    assert_eq!(press(&mut m, KeyCode::Esc), [Cmd::Cancel { req }]);
    assert!(m.overlay.is_none());
}

/// Issue 45: a form that cannot send says so before anything is typed, as
/// the Event screen does — `e` and `a` on the Events list on an event
/// whose every edition has ended, and on the tickets list of an edition
/// that has ended (the model's clock: 2026-11-25 10:00 UTC). An event or
/// edition still to come opens the form.
#[test]
fn an_enroll_that_cannot_be_sent_is_refused_before_the_form_opens() {
    use boxoffice::api::model::{Edition, Event};
    use boxoffice::app::Msg;

    let ended = |mut e: serde_json::Value, day: &str| {
        e["end_date"] = day.into();
        e["end_datetime"] = format!("{day} 18:00:00").into();
        e
    };
    let (mut m, cmds) = crate::drive::model(false);
    let events = vec![
        ended(
            crate::data::event_json(1, "Rust Belt Conference 2026"),
            "2026-11-20",
        ),
        crate::data::event_json(2, "Evening Jazz Series"),
    ];
    update(
        &mut m,
        msgs::page::<Event>(req_of(&cmds[0]), 1, 1, page(&events, 1, 1, 2)),
    );
    update(&mut m, Msg::TaskDone);
    for key in ['e', 'a'] {
        ch(&mut m, key);
        assert!(m.overlay.is_none(), "{key}: a form opened");
        assert!(
            toasted(
                &m,
                "Rust Belt Conference 2026 ended Fri 20 Nov 2026 18:00 Europe/Warsaw"
            ),
            "{:?}",
            m.toasts.shown
        );
    }
    press(&mut m, KeyCode::Down);
    ch(&mut m, 'e');
    assert!(
        matches!(m.overlay, Some(Overlay::Enroll(_))),
        "still to come"
    );
    press(&mut m, KeyCode::Esc);

    // An edition that ended, opened from its event: its tickets list
    // refuses `e` at once; an edition still to come does not.
    press(&mut m, KeyCode::Up);
    let cmds = press(&mut m, KeyCode::Enter);
    let raw = crate::data::event_json(1, "Rust Belt Conference 2026");
    let event: Event = serde_json::from_value(raw.clone()).unwrap();
    update(&mut m, msgs::event(req_of(&cmds[0]), Ok((event, raw))));
    let editions = vec![
        ended(crate::data::edition_json(11, "Warm-up", 1), "2026-11-18"),
        crate::data::edition_json(12, "Day 2", 2),
    ];
    update(
        &mut m,
        msgs::page::<Edition>(req_of(&cmds[1]), 1, 1, page(&editions, 1, 1, 2)),
    );
    update(&mut m, Msg::TaskDone);
    update(&mut m, Msg::TaskDone);
    press(&mut m, KeyCode::Home);
    let _ = press(&mut m, KeyCode::Enter);
    ch(&mut m, 'e');
    assert!(
        m.overlay.is_none(),
        "a form opened on an ended edition's tickets"
    );
    assert!(
        toasted(&m, "Warm-up ended Wed 18 Nov 2026 18:00 Europe/Warsaw"),
        "{:?}",
        m.toasts.shown
    );
    press(&mut m, KeyCode::Esc);
    press(&mut m, KeyCode::Down);
    let _ = press(&mut m, KeyCode::Enter);
    ch(&mut m, 'e');
    assert!(
        matches!(m.overlay, Some(Overlay::Enroll(_))),
        "Day 2 is still to come"
    );
}
