//! A scanner is a keyboard everywhere (docs/desk.md): outside the desk a
//! burst never answers a question, confirms a write or quits; it drives
//! nothing but its first key and says so in one line; in a text field its
//! characters are typed and its Enter is not taken; for a second after a
//! desk is left every key waits and a burst is dropped.

use std::time::Duration;

use boxoffice::app::overlays::Overlay;
use boxoffice::app::screens::Screen;
use boxoffice::app::{Cmd, Model, Msg, update};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::drive::{
    at_event, at_events, at_tickets, ch, press, scanner, select_confirmed, selected_ticket, toasted,
};

/// After a burst: the quiet gap a person's next key comes after, and the
/// tick that ends the burst (what it returned).
fn quiet(m: &mut Model) -> Vec<Cmd> {
    m.now += Duration::from_millis(200);
    update(m, Msg::Tick(m.now))
}

fn writes(cmds: &[Cmd]) -> Vec<&Cmd> {
    cmds.iter()
        .filter(|c| {
            matches!(
                c,
                Cmd::Revoke { .. } | Cmd::EnrollByEmail { .. } | Cmd::EnrollCustomer { .. }
            )
        })
        .collect()
}

#[test]
fn a_burst_on_a_list_drives_nothing_and_revokes_nothing() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    let selected = selected_ticket(&m).id;
    // `Q` alone does nothing here; `R` would read again, `x` ask to revoke,
    // `y` answer yes: as a burst, none of them is taken.
    let mut cmds = scanner(&mut m, "QRxy7");
    cmds.extend(quiet(&mut m));
    assert!(writes(&cmds).is_empty(), "{cmds:?}");
    assert!(
        !cmds.iter().any(|c| matches!(c, Cmd::LoadList { .. })),
        "{cmds:?}"
    );
    assert!(m.overlay.is_none());
    assert_eq!(selected_ticket(&m).id, selected);
    assert!(toasted(&m, "a scan arrived: nothing done"));
    // A person's keys after it work as ever.
    assert!(ch(&mut m, 'x').is_empty());
    assert!(matches!(m.overlay, Some(Overlay::Revoke(_))));
}

#[test]
fn a_burst_over_a_question_cancels_it_and_sends_nothing() {
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    // Asked by hand; answered by a scan that begins with `y`.
    ch(&mut m, 'x');
    assert!(matches!(m.overlay, Some(Overlay::Revoke(_))));
    let mut cmds = scanner(&mut m, "y1234");
    cmds.extend(quiet(&mut m));
    assert!(writes(&cmds).is_empty(), "{cmds:?}");
    assert!(m.overlay.is_none());
    assert!(toasted(&m, "a scan arrived: nothing was sent"));
    // The same question answered by hand: the `y` waits out a burst's gap,
    // then revokes.
    ch(&mut m, 'x');
    let cmds = ch(&mut m, 'y');
    assert!(matches!(&cmds[..], [Cmd::Revoke { .. }]), "{cmds:?}");

    // With marks, the bulk revoke's question too.
    let (mut m, _) = at_tickets(1);
    select_confirmed(&mut m);
    press(&mut m, KeyCode::Char(' '));
    ch(&mut m, 'x');
    assert!(matches!(m.overlay, Some(Overlay::BulkRevoke(_))));
    let mut cmds = scanner(&mut m, "yes-4242");
    cmds.extend(quiet(&mut m));
    assert!(writes(&cmds).is_empty(), "{cmds:?}");
    assert!(m.overlay.is_none());
    assert!(toasted(&m, "a scan arrived: nothing was sent"));
}

#[test]
fn a_scan_beginning_with_q_at_the_root_does_not_quit_a_q_by_hand_does() {
    let mut m = at_events();
    let mut cmds = scanner(&mut m, "q123456");
    cmds.extend(quiet(&mut m));
    assert!(!m.quit);
    assert!(toasted(&m, "a scan arrived"));
    ch(&mut m, 'q');
    assert!(m.quit);
}

#[test]
fn a_burst_in_a_text_field_is_typed_and_its_enter_is_not_taken() {
    let mut m = at_events();
    ch(&mut m, ':');
    let mut cmds = scanner(&mut m, "checkin 1002");
    cmds.extend(quiet(&mut m));
    // Nothing opened: the palette holds the text, waiting for a person's Enter.
    assert!(
        !cmds
            .iter()
            .any(|c| matches!(c, Cmd::LoadEvent { .. } | Cmd::LoadList { .. })),
        "{cmds:?}"
    );
    assert!(matches!(m.overlay, Some(Overlay::Palette(_))));
    assert!(toasted(&m, "typed here, its Enter not taken"));
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(
        cmds.iter().any(|c| matches!(c, Cmd::LoadEvent { .. })),
        "{cmds:?}"
    );
    assert!(matches!(m.top(), Some(Screen::Checkin(_))));
}

#[test]
fn for_a_second_after_leaving_a_desk_a_burst_drives_nothing() {
    let mut m = at_event();
    ch(&mut m, 'c');
    assert!(matches!(m.top(), Some(Screen::Checkin(_))));
    let ctrl_q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL);
    crate::drive::key(&mut m, ctrl_q);
    press(&mut m, KeyCode::Enter);
    assert!(matches!(m.top(), Some(Screen::Event(_))));
    // The next scan lands on the Event screen within the second: even its
    // first key waits, and the burst is dropped and said.
    let mut cmds = scanner(&mut m, ":R/c");
    cmds.extend(quiet(&mut m));
    assert!(m.overlay.is_none(), "{:?}", m.overlay);
    assert!(matches!(m.top(), Some(Screen::Event(_))));
    assert!(
        !cmds
            .iter()
            .any(|c| matches!(c, Cmd::LoadList { .. } | Cmd::LoadEvent { .. })),
        "{cmds:?}"
    );
    assert!(toasted(&m, "a scan arrived after the desk was left"));
    // A second later, a person's key is answered.
    m.now += Duration::from_secs(1);
    ch(&mut m, ':');
    assert!(matches!(m.overlay, Some(Overlay::Palette(_))));
}

/// `x` then `y` from a scanner over a tickets row: `x` asks, and a key
/// that comes within `READ_QUESTION` (30 ms) of the question is not its
/// answer, whatever the gap within it; a person's `y` after reading it is.
#[test]
fn a_question_is_never_answered_by_the_keys_that_opened_it() {
    use boxoffice::app::burst::READ_QUESTION;
    use proptest::prelude::*;
    let key = |c: char| Msg::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    let run = |gap_ms: u64, answer: char| {
        let (mut m, _) = at_tickets(1);
        select_confirmed(&mut m);
        m.now += Duration::from_secs(1);
        let mut cmds = update(&mut m, key('x'));
        assert!(matches!(m.overlay, Some(Overlay::Revoke(_))));
        m.now += Duration::from_millis(gap_ms);
        cmds.extend(update(&mut m, key(answer)));
        cmds.extend(quiet(&mut m));
        (m, cmds)
    };
    let unread = u64::try_from(READ_QUESTION.as_millis()).unwrap();
    proptest!(ProptestConfig::with_cases(64), |(gap in 0..unread, answer in prop::sample::select(vec!['y', 'Y', 'n']))| {
        let (m, cmds) = run(gap, answer);
        prop_assert!(writes(&cmds).is_empty(), "{:?}", cmds);
        prop_assert!(matches!(m.overlay, Some(Overlay::Revoke(_))), "still asked");
        prop_assert!(toasted(&m, "not taken as an answer"));
    });
    proptest!(ProptestConfig::with_cases(32), |(gap in unread..2000)| {
        let (_, cmds) = run(gap, 'y');
        prop_assert_eq!(writes(&cmds).len(), 1, "{:?}", cmds);
    });
}
