//! The note form (`!` on a ticket row, a ticket, a customer): the note kept
//! is read and filled in, Enter keeps what is typed, an emptied note is
//! cleared only after a question, Esc keeps nothing.

use boxoffice::app::overlays::Overlay;
use boxoffice::app::{Cmd, Msg, update};
use boxoffice::store::{DoorDone, DoorOp, DoorState, KeptNote, StoreError};
use crossterm::event::KeyCode;

use crate::drive::{at_tickets, ch, press, render, select_confirmed, selected_ticket, toasted};

/// `!` on the selected row: the form open, and its read of the notes kept.
fn opened(m: &mut boxoffice::app::Model) -> u64 {
    let cmds = ch(m, '!');
    assert!(
        matches!(m.overlay, Some(Overlay::Note(_))),
        "! opens the form"
    );
    match cmds.as_slice() {
        [
            Cmd::Door {
                req,
                op: DoorOp::Read { .. },
            },
        ] => *req,
        other => panic!("the form reads the notes kept first: {other:?}"),
    }
}

fn answer(
    m: &mut boxoffice::app::Model,
    req: u64,
    result: Result<DoorDone, StoreError>,
) -> Vec<Cmd> {
    update(
        m,
        Msg::Reply {
            req,
            reply: boxoffice::app::Reply::Door(result),
        },
    )
}

fn kept(on: &str, id: u64, text: &str) -> DoorDone {
    DoorDone::State(DoorState {
        notes: vec![KeptNote {
            on: on.into(),
            id,
            text: text.into(),
            ..KeptNote::default()
        }],
        ..DoorState::default()
    })
}

fn typed(m: &boxoffice::app::Model) -> String {
    let Some(Overlay::Note(form)) = &m.overlay else {
        panic!("the form is open")
    };
    form.typed().to_string()
}

/// What the keys sent: the one note kept, if any.
fn note_sent(cmds: &[Cmd]) -> Option<(u64, KeptNote)> {
    cmds.iter().find_map(|c| match c {
        Cmd::Door {
            req,
            op: DoorOp::SetNote(n),
        } => Some((*req, n.clone())),
        _ => None,
    })
}

#[test]
fn the_note_kept_is_filled_in_and_enter_keeps_what_is_typed() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    let row = selected_ticket(&m);
    let read = opened(&mut m);
    // Another ticket's note and a customer's with the same id are not this
    // ticket's.
    answer(&mut m, read, Ok(kept("customer", row.id, "not this one")));
    assert_eq!(typed(&m), "");
    press(&mut m, KeyCode::Esc);
    let read = opened(&mut m);
    answer(
        &mut m,
        read,
        Ok(kept("ticket", row.id, "wheelchair: gate B")),
    );
    assert_eq!(typed(&m), "wheelchair: gate B");
    insta::assert_snapshot!("note_form_80x24", render(&mut m, (80, 24)));
    insta::assert_snapshot!("note_form_40x12", render(&mut m, (40, 12)));
    for c in " (ramp)".chars() {
        ch(&mut m, c);
    }
    let cmds = press(&mut m, KeyCode::Enter);
    let (req, note) = note_sent(&cmds).expect("Enter keeps the note");
    assert_eq!(
        (note.on.as_str(), note.id, note.text.as_str()),
        ("ticket", row.id, "wheelchair: gate B (ramp)")
    );
    answer(&mut m, req, Ok(DoorDone::Set));
    assert!(m.overlay.is_none());
    assert!(toasted(&m, "noted:"), "{:?}", m.toasts.shown);
}

#[test]
fn an_emptied_note_is_cleared_only_after_a_question() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    let read = opened(&mut m);
    let id = selected_ticket(&m).id;
    answer(&mut m, read, Ok(kept("ticket", id, "VIP")));
    for _ in 0.."VIP".len() {
        press(&mut m, KeyCode::Backspace);
    }
    assert!(note_sent(&press(&mut m, KeyCode::Enter)).is_none());
    insta::assert_snapshot!("note_form_clear_question_80x24", render(&mut m, (80, 24)));
    // Anything but y: back to the text, nothing sent.
    assert!(note_sent(&ch(&mut m, 'n')).is_none());
    assert!(matches!(m.overlay, Some(Overlay::Note(_))));
    assert!(note_sent(&press(&mut m, KeyCode::Enter)).is_none());
    let (req, note) = note_sent(&ch(&mut m, 'y')).expect("y clears it");
    assert_eq!((note.id, note.text.as_str()), (id, ""));
    answer(&mut m, req, Ok(DoorDone::Set));
    assert!(toasted(&m, "cleared: the note on"), "{:?}", m.toasts.shown);
}

#[test]
fn esc_keeps_nothing_whatever_was_typed_and_a_failed_write_keeps_the_form() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    for text in ["", "x", "a longer note"] {
        let read = opened(&mut m);
        answer(&mut m, read, Ok(kept("ticket", 0, "")));
        for c in text.chars() {
            ch(&mut m, c);
        }
        let cmds = press(&mut m, KeyCode::Esc);
        assert!(
            note_sent(&cmds).is_none(),
            "Esc after {text:?} sent {cmds:?}"
        );
        assert!(m.overlay.is_none());
    }
    // The log refuses (cut off from the shared log): the form stays with
    // what was typed, and says why.
    let read = opened(&mut m);
    answer(&mut m, read, Err(StoreError::Unreachable));
    for c in "gate C".chars() {
        ch(&mut m, c);
    }
    let (req, _) = note_sent(&press(&mut m, KeyCode::Enter)).unwrap();
    answer(&mut m, req, Err(StoreError::Unreachable));
    assert_eq!(typed(&m), "gate C");
    assert!(render(&mut m, (80, 24)).contains("not kept: the shared log is unreachable"));
}
