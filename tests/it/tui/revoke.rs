//! Revoke: only `y` confirms, the row shows `unenrolled` once the API says
//! OK, an unclear answer re-reads the ticket, and a write is never cancelled.

use boxoffice::api::model::{CustomerSummary, Ticket};
use boxoffice::app::list::ListQuery;
use boxoffice::app::overlays::Overlay;
use boxoffice::app::screens::Screen;
use boxoffice::app::{Cmd, update};
use crossterm::event::KeyCode;

use crate::data::{customers, page, ticket_json, timeout};
use crate::drive::{
    at_event, at_tickets, ch, press, req_of, select_confirmed, selected_ticket, tickets_screen,
    toasted,
};
use crate::enroll::filled_form;
use crate::msgs;

#[test]
fn revoke_needs_y_and_anything_else_cancels() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    for cancel in [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Char('n'),
        KeyCode::Char('q'),
        KeyCode::Char(' '),
    ] {
        assert!(ch(&mut m, 'x').is_empty());
        assert!(
            matches!(m.overlay, Some(Overlay::Revoke(_))),
            "x opens the confirmation"
        );
        assert!(
            press(&mut m, cancel).is_empty(),
            "{cancel:?} must not revoke"
        );
        assert!(m.overlay.is_none(), "{cancel:?} closes the confirmation");
        assert!(
            matches!(m.top(), Some(Screen::Tickets(_))),
            "{cancel:?} is not also a screen key"
        );
    }
    let id = selected_ticket(&m).id;
    ch(&mut m, 'x');
    let cmds = ch(&mut m, 'y');
    assert_eq!(cmds.len(), 1);
    assert!(matches!(cmds[0], Cmd::Revoke { ticket_id, .. } if ticket_id == id));
    assert!(m.overlay.is_none());
}

#[test]
fn capital_y_confirms_too() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    ch(&mut m, 'x');
    assert_eq!(ch(&mut m, 'Y').len(), 1);
}

#[test]
fn the_confirmation_names_the_ticket_attendee_e_mail_and_edition() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    let row = selected_ticket(&m);
    ch(&mut m, 'x');
    let Some(Overlay::Revoke(c)) = &m.overlay else {
        panic!()
    };
    assert_eq!(c.number, row.number());
    assert_eq!(c.attendee, row.attendee());
    assert_eq!(c.email, row.email());
    assert_eq!(c.edition, "Rust Belt 2026 · Day 1");
}

/// A ticket that is not confirmed (open, pending, cancelled) says so in the
/// question; a confirmed one does not (issue 32).
#[test]
fn the_question_names_a_status_that_is_not_confirmed() {
    let (mut m, _) = at_tickets(1);
    let mut seen = Vec::new();
    for _ in 0..40 {
        let status = selected_ticket(&m).status().to_string();
        if status != "unenrolled" && !seen.contains(&status) {
            ch(&mut m, 'x');
            let screen = crate::drive::render(&mut m, (100, 30));
            let said = screen.contains(&format!("This ticket is {status}, not confirmed."));
            assert_eq!(said, status != "confirmed", "{status}: {screen}");
            press(&mut m, KeyCode::Esc);
            seen.push(status);
        }
        press(&mut m, KeyCode::Down);
    }
    assert!(seen.len() >= 2, "statuses met: {seen:?}");
}

#[test]
fn an_unenrolled_ticket_gets_no_dialog() {
    let (mut m, _) = at_tickets(1);
    while selected_ticket(&m).status() != "unenrolled" {
        press(&mut m, KeyCode::Down);
    }
    assert!(ch(&mut m, 'x').is_empty());
    assert!(m.overlay.is_none());
    assert!(toasted(&m, "already unenrolled"));
}

#[test]
fn a_revoke_ok_marks_the_row_unenrolled_and_rereads_counters() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    let id = selected_ticket(&m).id;
    ch(&mut m, 'x');
    let req = req_of(&ch(&mut m, 'y')[0]);
    let cmds = update(&mut m, msgs::revoked(req, id, Ok(())));
    let row = tickets_screen(&m).list.list.get(id).unwrap();
    assert_eq!(row.status(), "unenrolled");
    assert_eq!(selected_ticket(&m).id, id, "selection stays on the ticket");
    assert!(toasted(&m, "revoked: unenrolled"));
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::LoadList {
            list: ListQuery::Editions { .. },
            ..
        }
    )));
    assert!(cmds.iter().all(|c| !matches!(c, Cmd::Revoke { .. })));
    assert!(
        !cmds.iter().any(|c| matches!(
            c,
            Cmd::LoadList {
                list: ListQuery::Tickets { .. },
                ..
            }
        )),
        "the row was updated in place: the list is not read again"
    );
    // And now it cannot be revoked again.
    assert!(ch(&mut m, 'x').is_empty());
    assert!(m.overlay.is_none());
}

#[test]
fn a_revoke_from_the_ticket_detail_updates_the_list_below_too() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    let id = selected_ticket(&m).id;
    let cmds = press(&mut m, KeyCode::Enter);
    let raw = ticket_json(id);
    let ticket: Ticket = serde_json::from_value(raw.clone()).unwrap();
    update(&mut m, msgs::ticket(req_of(&cmds[0]), Ok((ticket, raw))));
    ch(&mut m, 'x');
    let req = req_of(&ch(&mut m, 'y')[0]);
    update(&mut m, msgs::revoked(req, id, Ok(())));
    let Some(Screen::Ticket(t)) = m.top() else {
        panic!()
    };
    let (ticket, raw) = t.detail.record.loaded().unwrap();
    assert_eq!(ticket.status.as_deref(), Some("unenrolled"));
    assert_eq!(raw["status"], "unenrolled");
    press(&mut m, KeyCode::Esc);
    assert_eq!(
        tickets_screen(&m).list.list.get(id).unwrap().status(),
        "unenrolled"
    );
}

/// A revoke whose answer was lost and whose ticket the executor could not
/// read again within the deadline (issue 32): nothing is read or sent on
/// its own, and `x` `y` on it never sends it again — `x` reads the ticket
/// again (`Cmd::Settle`) and says so; what that learns is told.
#[test]
fn an_unsettled_revoke_is_never_sent_again_and_x_reads_it_again() {
    use boxoffice::api::settle::Unsettled;

    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    let id = selected_ticket(&m).id;
    ch(&mut m, 'x');
    let req = req_of(&ch(&mut m, 'y')[0]);
    let cmds = update(&mut m, msgs::revoked(req, id, Err(timeout())));
    assert!(cmds.is_empty(), "{cmds:?}");
    assert!(toasted(&m, "not sent again"), "{:?}", m.toasts);
    assert!(m.unsettled.contains_key(&id));
    for _ in 0..2 {
        let cmds = ch(&mut m, 'x');
        let [Cmd::Settle { req, write }] = cmds.as_slice() else {
            panic!("{cmds:?}")
        };
        assert_eq!(*write, Unsettled::Revoke { ticket_id: id });
        assert!(m.overlay.is_none(), "no question: nothing to confirm");
        assert!(toasted(&m, "it is not sent again"), "{:?}", m.toasts);
        // While it reads, a second x is refused as for a revoke in flight.
        assert!(ch(&mut m, 'x').is_empty());
        let cmds = ch(&mut m, 'y');
        assert!(
            !cmds.iter().any(|c| matches!(c, Cmd::Revoke { .. })),
            "{cmds:?}"
        );
        let req = *req;
        update(&mut m, msgs::revoked(req, id, Err(timeout())));
        assert!(m.unsettled.contains_key(&id), "still unknown");
    }
    let cmds = ch(&mut m, 'x');
    let [Cmd::Settle { req, .. }] = cmds.as_slice() else {
        panic!("{cmds:?}")
    };
    update(&mut m, msgs::revoked(*req, id, Ok(())));
    assert!(m.unsettled.is_empty() && m.revoking.is_empty());
    assert!(toasted(&m, "revoked: unenrolled"));
    assert!(selected_ticket(&m).is_unenrolled());
}

/// Asserts no `Cancel` in `cmds` names `write`.
#[track_caller]
fn spares(cmds: &[Cmd], write: u64) {
    assert!(
        !cmds.contains(&Cmd::Cancel { req: write }),
        "the write {write} was cancelled: {cmds:?}"
    );
}

#[test]
fn a_write_in_flight_is_never_cancelled() {
    // Enroll by e-mail from a list still streaming in: the form waits for
    // the answer, whatever is pressed.
    let (mut m, list) = at_tickets(1);
    let enroll = filled_form(&mut m);
    for key in [KeyCode::Esc, KeyCode::Char('q'), KeyCode::Char('R')] {
        assert!(press(&mut m, key).is_empty(), "{key:?}");
    }
    assert!(matches!(m.overlay, Some(Overlay::Enroll(_))));
    let cmds = update(&mut m, msgs::enrolled(enroll, Ok(())));
    assert!(m.overlay.is_none(), "the answer closes the form");
    spares(&cmds, enroll);
    assert!(
        cmds.contains(&Cmd::Cancel { req: list }),
        "re-read supersedes: {cmds:?}"
    );

    // Revoke: the dialog closes at once and the user leaves the list; only
    // the list's stream is cancelled, and the answer is still learned.
    let (mut m, list) = at_tickets(1);
    select_confirmed(&mut m);
    let ticket_id = selected_ticket(&m).id;
    ch(&mut m, 'x');
    let revoke = req_of(&ch(&mut m, 'y')[0]);
    let cmds = press(&mut m, KeyCode::Esc);
    assert_eq!(cmds, [Cmd::Cancel { req: list }]);
    spares(&press(&mut m, KeyCode::Esc), revoke);
    update(&mut m, msgs::revoked(revoke, ticket_id, Ok(())));
    assert!(toasted(&m, "revoked"), "{:?}", m.toasts);

    // Enroll a customer while the customers still stream in: the answer
    // closes the picker, which cancels the customers, never the enroll.
    let mut m = at_event();
    let customers_req = req_of(&ch(&mut m, 'a')[0]);
    update(
        &mut m,
        msgs::page::<CustomerSummary>(customers_req, 1, 2, page(&customers(), 2, 1, 16)),
    );
    press(&mut m, KeyCode::Enter);
    let enroll = req_of(&ch(&mut m, 'y')[0]);
    assert!(press(&mut m, KeyCode::Esc).is_empty(), "picker waits");
    let cmds = update(&mut m, msgs::enrolled(enroll, Ok(())));
    spares(&cmds, enroll);
    assert!(cmds.contains(&Cmd::Cancel { req: customers_req }));
}

/// A revoke in flight shows on its row and refuses a second one until it is
/// answered: one PUT, one success message.
#[test]
fn a_second_revoke_of_a_ticket_waits_for_the_first() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    let id = selected_ticket(&m).id;
    let number = selected_ticket(&m).number().to_string();
    ch(&mut m, 'x');
    let cmds = ch(&mut m, 'y');
    let [Cmd::Revoke { req, ticket_id }] = cmds.as_slice() else {
        panic!("{cmds:?}")
    };
    assert_eq!(*ticket_id, id);
    let req = *req;
    let screen = crate::drive::render(&mut m, (120, 30));
    assert!(
        screen
            .lines()
            .any(|l| l.contains(&number) && l.contains("revoking…")),
        "{screen}"
    );
    // `x` again: refused, nothing sent, no confirmation opened.
    assert!(ch(&mut m, 'x').is_empty());
    assert!(m.overlay.is_none());
    assert!(toasted(&m, "is being revoked: wait for the answer"));
    let cmds = ch(&mut m, 'y');
    assert!(
        !cmds.iter().any(|c| matches!(c, Cmd::Revoke { .. })),
        "{cmds:?}"
    );
    update(&mut m, msgs::revoked(req, id, Ok(())));
    assert_eq!(
        m.toasts
            .shown
            .iter()
            .filter(|t| t.text.contains("revoked: unenrolled"))
            .count(),
        1
    );
    let screen = crate::drive::render(&mut m, (120, 30));
    assert!(!screen.contains("revoking…"), "{screen}");
    assert!(m.revoking.is_empty());
}

/// A revoke whose answer was lost and which the executor's read found not
/// applied: told as such, and a later `x` asks again (it may be sent).
#[test]
fn a_revoke_read_again_and_found_not_applied_can_be_sent_again() {
    use boxoffice::api::ApiError;

    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    let id = selected_ticket(&m).id;
    ch(&mut m, 'x');
    let req = req_of(&ch(&mut m, 'y')[0]);
    let not_applied =
        ApiError::NotApplied("HTTP 502: Bad Gateway; read again: read ticket 1: confirmed".into());
    let cmds = update(&mut m, msgs::revoked(req, id, Err(not_applied)));
    assert!(cmds.is_empty(), "{cmds:?}");
    assert!(toasted(&m, "not applied"), "{:?}", m.toasts);
    assert!(m.unsettled.is_empty());
    assert!(ch(&mut m, 'x').is_empty(), "the question opens");
    assert!(matches!(m.overlay, Some(Overlay::Revoke(_))));
}

/// The questions that guard a write speak the desk's language; the key
/// that confirms stays `y`, and nothing is left in English.
#[test]
fn the_write_questions_speak_each_language() {
    use boxoffice::i18n::Lang;
    for lang in Lang::ALL {
        let t = lang.tongue();
        let (mut m, _) = at_tickets(1);
        m.options.settings.lang = lang;
        select_confirmed(&mut m);
        ch(&mut m, 'x');
        let screen = crate::drive::render(&mut m, (100, 30));
        for id in [
            "revoke-title",
            "revoke-attendee",
            "revoke-cannot-undo",
            "revoke-key-other",
        ] {
            assert!(screen.contains(&t.t(id)), "{lang}: no {id}\n{screen}");
        }
        if lang != Lang::EN {
            assert!(
                !screen.contains("cannot be undone"),
                "{lang}: English\n{screen}"
            );
        }
        press(&mut m, KeyCode::Esc);
        ch(&mut m, 'e');
        let screen = crate::drive::render(&mut m, (100, 30));
        for id in ["enroll-title", "enroll-last-name", "enroll-next"] {
            assert!(screen.contains(&t.t(id)), "{lang}: no {id}\n{screen}");
        }
        press(&mut m, KeyCode::Esc);
    }
}
