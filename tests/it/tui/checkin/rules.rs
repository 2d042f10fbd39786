//! The door's rules at the desk, through `update` and rendered: the
//! policy read on opening and said in the header, a note beside the
//! verdict holding a VALID until Enter, the hours (NOT OPEN YET with the
//! name, nothing recorded; Ctrl-F admits after a question, forced), the exit
//! lane (F9 asks; a burst never answers), a whole order after a question
//! naming how many.

use std::time::Duration;

use boxoffice::api::model::Ticket;
use boxoffice::app::screens::checkin::{Face, Panel};
use boxoffice::app::{Cmd, Model, Msg, Reply, update};
use boxoffice::door::{LaneKind, Verdict};
use boxoffice::store::{DoorDone, DoorOp, DoorState, KeptNote, KeptPolicy};
use crossterm::event::KeyCode;
use serde_json::Value;

use super::{admits, desk_opening_as, desk_tickets, face, render, scan, screen};
use crate::data::page;
use crate::drive::press;
use crate::msgs;

/// The desk of Day 1 with `tickets` loaded and the door's state `state`.
fn desk_with(tickets: &[Value], state: DoorState) -> Model {
    desk_in(tickets, state, "UTC")
}

/// As [`desk_with`], the machine's clock in zone `here`.
fn desk_in(tickets: &[Value], state: DoorState, here: &str) -> Model {
    let (mut m, a) = desk_opening_as(|m| m.options.settings.desk.here = here.into());
    for req in &a.siblings {
        update(&mut m, msgs::page::<Ticket>(*req, 1, 1, page(&[], 1, 1, 0)));
    }
    let n = tickets.len();
    update(
        &mut m,
        msgs::page::<Ticket>(a.list, 1, 1, page(tickets, 1, 1, n)),
    );
    update(
        &mut m,
        Msg::Reply {
            req: a.door,
            reply: Reply::Door(Ok(DoorDone::State(state))),
        },
    );
    m
}

/// The desk's clock moved on by `by`, told as a tick.
fn later(m: &mut Model, by: Duration) {
    m.now += by;
    let now = m.now;
    update(m, Msg::Tick(now));
}

fn policy(reentry: bool, opens: Option<(&str, &str)>) -> KeptPolicy {
    let (shown, at) = opens.unwrap_or_default();
    KeptPolicy {
        editions: "this".into(),
        opens: shown.into(),
        opens_at: at.into(),
        reentry,
        set_by: "lane 1".into(),
        ..KeptPolicy::default()
    }
}

/// Ctrl-F: admit anyway.
fn force(m: &mut Model) -> Vec<Cmd> {
    crate::drive::key(
        m,
        crossterm::event::KeyEvent::new(
            KeyCode::Char('f'),
            crossterm::event::KeyModifiers::CONTROL,
        ),
    )
}

fn door_ops(cmds: &[Cmd]) -> Vec<&DoorOp> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::Door { op, .. } => Some(op),
            _ => None,
        })
        .collect()
}

#[test]
fn the_header_says_the_policy_and_a_note_holds_a_valid_until_enter() {
    let note = KeptNote {
        on: "ticket".into(),
        id: 1,
        text: "wheelchair: use gate B".into(),
        ..KeptNote::default()
    };
    let mut m = desk_with(
        &desk_tickets(),
        DoorState {
            policy: Some(policy(true, None)),
            notes: vec![note],
            moves: Vec::new(),
        },
    );
    let text = render(&mut m, (80, 24));
    assert!(text.contains("· re-entry"), "{text}");
    assert!(text.contains("inside now 0"), "{text}");
    let cmds = scan(&mut m, "TK-000001");
    assert_eq!(admits(&cmds).len(), 1, "a VALID with a note is admitted");
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    let text = render(&mut m, (80, 24));
    assert!(
        text.contains("⚑ wheelchair: use gate B  (Enter: done)"),
        "{text}"
    );
    assert!(text.contains("inside now 1"), "{text}");
    // Long past the 3 s a VALID lasts: held for its note.
    later(&mut m, Duration::from_secs(10));
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    press(&mut m, KeyCode::Enter);
    assert!(screen(&m).shown.is_none(), "Enter lets it go");
    // A ticket without a note gives way by itself.
    scan(&mut m, "TK-000006");
    later(&mut m, Duration::from_secs(10));
    assert!(screen(&m).shown.is_none());
    // Narrow, the counters still say who is inside.
    let text = render(&mut m, (40, 12));
    assert!(text.contains("inside 2"), "{text}");
}

#[test]
fn before_the_door_opens_nothing_is_recorded_and_ctrl_f_forces_after_a_question() {
    // The desk's clock is 10:00 UTC; the door opens at 11:00.
    let mut m = desk_with(
        &desk_tickets(),
        DoorState {
            policy: Some(policy(false, Some(("11:00", "2026-12-01 11:00:00")))),
            ..DoorState::default()
        },
    );
    let cmds = scan(&mut m, "TK-000001");
    assert!(admits(&cmds).is_empty() && door_ops(&cmds).is_empty());
    assert_eq!(
        face(&m),
        Face::Verdict(Verdict::NotOpenYet {
            opens: "11:00".into()
        })
    );
    let text = render(&mut m, (80, 24));
    assert!(text.contains("NOT OPEN YET"), "{text}");
    assert!(
        text.contains(&screen(&m).shown.clone().unwrap().name),
        "{text}"
    );
    assert!(text.contains("Ctrl-F: admit anyway"), "{text}");
    assert!(text.contains("from 11:00"), "the header: {text}");
    assert_eq!(screen(&m).counters("").0, 0, "nothing recorded");
    // Ctrl-F asks, naming the guest and the lane; Esc says no.
    assert!(force(&mut m).is_empty());
    assert!(matches!(screen(&m).panel, Some(Panel::Force(1, _))));
    let text = render(&mut m, (80, 24));
    assert!(text.contains("anyway, outside the hours?"), "{text}");
    press(&mut m, KeyCode::Esc);
    assert_eq!(screen(&m).counters("").0, 0);
    // Asked again and answered: recorded as forced, with this desk.
    force(&mut m);
    let cmds = press(&mut m, KeyCode::Enter);
    let cmds = crate::drive::answer_checks(&mut m, cmds);
    let ops = door_ops(&cmds);
    let [DoorOp::Forced { admission, .. }] = &ops[..] else {
        panic!("{cmds:?}");
    };
    assert_eq!(admission.ticket_id, 1);
    assert_eq!(admission.desk, "desk-1");
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    let text = render(&mut m, (80, 24));
    assert!(text.contains("forced by desk-1"), "{text}");
    assert_eq!(screen(&m).counters("").0, 1);
    // Ctrl-F on anything else says what it is for.
    scan(&mut m, "TK-000006");
    press(&mut m, KeyCode::Esc);
    assert!(force(&mut m).is_empty());
    assert!(screen(&m).panel.is_none());
}

#[test]
fn f7_asks_before_an_exit_lane_where_a_scan_records_exit_and_a_burst_never_answers() {
    let mut m = desk_with(
        &desk_tickets(),
        DoorState {
            policy: Some(policy(true, None)),
            ..DoorState::default()
        },
    );
    scan(&mut m, "TK-000001");
    // A scanner's burst over the question: judged, the lane unchanged.
    press(&mut m, KeyCode::F(9));
    assert_eq!(screen(&m).panel, Some(Panel::ExitLane));
    let text = render(&mut m, (80, 24));
    assert!(text.contains("Make this lane an exit lane?"), "{text}");
    let cmds = crate::drive::scanner(&mut m, "TK-000007");
    let cmds = crate::drive::answer_checks(&mut m, cmds);
    assert_eq!(
        screen(&m).lane.kind,
        LaneKind::Entry,
        "a burst answers nothing"
    );
    assert!(screen(&m).panel.is_none());
    assert_eq!(admits(&cmds).len(), 1, "the burst was a scan: {cmds:?}");
    // Asked and answered: an exit lane, said on screen at every size.
    press(&mut m, KeyCode::F(9));
    press(&mut m, KeyCode::Enter);
    assert_eq!(screen(&m).lane.kind, LaneKind::Exit);
    for size in [(40, 12), (80, 24), (160, 45)] {
        let text = render(&mut m, size);
        assert!(text.contains("EXIT LANE"), "{size:?}: {text}");
    }
    let cmds = scan(&mut m, "TK-000001");
    assert_eq!(face(&m), Face::Verdict(Verdict::Exit));
    let ops = door_ops(&cmds);
    assert!(
        matches!(&ops[..], [DoorOp::Move(m)] if m.kind == boxoffice::store::ChangeKind::Exit && m.admission.ticket_id == 1),
        "{cmds:?}"
    );
    assert!(admits(&cmds).is_empty());
    let text = render(&mut m, (80, 24));
    assert!(text.contains("inside now 1"), "one of two left: {text}");
    // Out already: NOT INSIDE, nothing sent.
    let cmds = scan(&mut m, "TK-000001");
    assert!(matches!(face(&m), Face::Verdict(Verdict::NotInside { .. })));
    assert!(door_ops(&cmds).is_empty());
    // Back to entry: re-entry on lets them in again.
    press(&mut m, KeyCode::F(9));
    press(&mut m, KeyCode::Enter);
    let cmds = scan(&mut m, "TK-000001");
    assert!(matches!(
        face(&m),
        Face::Verdict(Verdict::WelcomeBack { .. })
    ));
    assert!(matches!(
        &door_ops(&cmds)[..],
        [DoorOp::Move(m)] if m.kind == boxoffice::store::ChangeKind::Reentry
    ));
    assert_eq!(screen(&m).lane.admissions.inside(), 2);
}

#[test]
fn a_valid_ticket_names_the_rest_of_its_order_and_enter_admits_them_after_a_question() {
    // Tickets 6, 7 and 12 (confirmed) are one order.
    let mut tickets = desk_tickets();
    let order = tickets[5]["order"].clone();
    tickets[6]["order"] = order.clone();
    tickets[11]["order"] = order;
    let mut m = desk_with(&tickets, DoorState::default());
    let cmds = scan(&mut m, "TK-000006");
    assert_eq!(admits(&cmds).len(), 1);
    let shown = screen(&m).shown.clone().unwrap();
    let order = shown.order.expect("the rest of the order");
    assert_eq!(
        order.rest.iter().map(|(id, _)| *id).collect::<Vec<_>>(),
        [7, 12]
    );
    let text = render(&mut m, (160, 45));
    assert!(text.contains("2 more —"), "{text}");
    assert!(text.contains("Enter admits all"), "{text}");
    // Held while it asks (not gone after 3 s).
    later(&mut m, Duration::from_secs(10));
    assert!(screen(&m).shown.is_some());
    assert!(press(&mut m, KeyCode::Enter).is_empty(), "Enter asks first");
    let text = render(&mut m, (80, 24));
    assert!(text.contains("Admit 2 more of order"), "{text}");
    let cmds = press(&mut m, KeyCode::Enter);
    let ids: Vec<u64> = admits(&cmds).iter().map(|a| a.ticket_id).collect();
    assert_eq!(ids, [7, 12], "each its own admission");
    let scans: std::collections::HashSet<_> = cmds
        .iter()
        .filter_map(|c| match c {
            Cmd::Admit { scan, .. } => Some(*scan),
            _ => None,
        })
        .collect();
    assert_eq!(scans.len(), 2, "each its own scan id");
    assert_eq!(screen(&m).counters("").0, 3);
    // Scanned again, the order has nobody left to admit.
    scan(&mut m, "TK-000007");
    assert!(screen(&m).shown.clone().unwrap().order.is_none());
}

#[test]
fn space_picks_which_of_an_order_enter_admits() {
    let mut tickets = desk_tickets();
    let order = tickets[5]["order"].clone();
    tickets[6]["order"] = order.clone();
    tickets[11]["order"] = order;
    let mut m = desk_with(&tickets, DoorState::default());
    scan(&mut m, "TK-000006");
    // Space under the verdict opens the question, every ticket picked.
    assert!(press(&mut m, KeyCode::Char(' ')).is_empty());
    assert!(matches!(&screen(&m).panel, Some(Panel::Order(o)) if o.count() == 2));
    // ↓ to the second, Space: not picked.
    press(&mut m, KeyCode::Down);
    press(&mut m, KeyCode::Char(' '));
    let text = render(&mut m, (80, 24));
    assert!(text.contains("Admit 1 more of order"), "{text}");
    assert!(text.contains("[ ] "), "{text}");
    assert!(screen(&m).input.is_empty(), "Space typed nothing");
    let cmds = press(&mut m, KeyCode::Enter);
    let ids: Vec<u64> = admits(&cmds).iter().map(|a| a.ticket_id).collect();
    assert_eq!(ids, [7]);
    assert_eq!(screen(&m).counters("").0, 2);
}

#[test]
fn an_exit_the_log_refuses_is_not_recorded_and_the_guest_stays_inside() {
    let mut m = desk_with(&desk_tickets(), DoorState::default());
    scan(&mut m, "TK-000001");
    press(&mut m, KeyCode::F(9));
    press(&mut m, KeyCode::Enter);
    let cmds = scan(&mut m, "TK-000001");
    let req = cmds
        .iter()
        .find_map(|c| match c {
            Cmd::Door { req, .. } => Some(*req),
            _ => None,
        })
        .expect("the exit sent");
    assert_eq!(screen(&m).lane.admissions.inside(), 0, "out at once");
    update(
        &mut m,
        Msg::Reply {
            req,
            reply: Reply::Door(Err(boxoffice::store::StoreError::Unreachable)),
        },
    );
    assert!(matches!(face(&m), Face::NotRecorded(t) if t.contains("unreachable")));
    assert_eq!(screen(&m).lane.admissions.inside(), 1, "inside again");
    // So a scan of them is an EXIT once more.
    scan(&mut m, "TK-000001");
    assert_eq!(face(&m), Face::Verdict(Verdict::Exit));
}

#[test]
fn a_noted_mate_of_an_order_is_shown_with_its_note_and_not_admitted_with_the_order() {
    // Tickets 6, 7 and 12 (confirmed) are one order; 7 carries a note.
    let mut tickets = desk_tickets();
    let order = tickets[5]["order"].clone();
    tickets[6]["order"] = order.clone();
    tickets[11]["order"] = order;
    let note = KeptNote {
        on: "ticket".into(),
        id: 7,
        text: "STOP: check ID".into(),
        ..KeptNote::default()
    };
    let mut m = desk_with(
        &tickets,
        DoorState {
            notes: vec![note],
            ..DoorState::default()
        },
    );
    scan(&mut m, "TK-000006");
    let order = screen(&m).shown.clone().unwrap().order.unwrap();
    assert_eq!(
        order.rest.iter().map(|(id, _)| *id).collect::<Vec<_>>(),
        [7, 12]
    );
    assert_eq!(order.picked, [false, true], "the noted mate is not picked");
    let text = render(&mut m, (160, 45));
    assert!(text.contains("Enter admits all but ⚑"), "{text}");
    assert!(press(&mut m, KeyCode::Enter).is_empty(), "Enter asks first");
    let text = render(&mut m, (80, 24));
    assert!(text.contains("Admit 1 more of order"), "{text}");
    assert!(text.contains("⚑ STOP: check ID"), "{text}");
    let cmds = press(&mut m, KeyCode::Enter);
    let ids: Vec<u64> = admits(&cmds).iter().map(|a| a.ticket_id).collect();
    assert_eq!(ids, [12]);
}

#[test]
fn ctrl_f_outside_the_hours_offers_the_order_and_forces_each_mate() {
    let mut tickets = desk_tickets();
    let order = tickets[5]["order"].clone();
    tickets[6]["order"] = order;
    let mut m = desk_with(
        &tickets,
        DoorState {
            policy: Some(policy(false, Some(("11:00", "2026-12-01 11:00:00")))),
            ..DoorState::default()
        },
    );
    scan(&mut m, "TK-000006");
    assert!(matches!(
        face(&m),
        Face::Verdict(Verdict::NotOpenYet { .. })
    ));
    force(&mut m);
    let cmds = press(&mut m, KeyCode::Enter);
    let cmds = crate::drive::answer_checks(&mut m, cmds);
    assert!(
        matches!(&door_ops(&cmds)[..], [DoorOp::Forced { admission, .. }] if admission.ticket_id == 6)
    );
    let order = screen(&m)
        .shown
        .clone()
        .unwrap()
        .order
        .expect("the order offered");
    assert!(order.forced);
    assert!(press(&mut m, KeyCode::Enter).is_empty(), "Enter asks first");
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(admits(&cmds).is_empty(), "not a plain admission: {cmds:?}");
    assert!(
        matches!(&door_ops(&cmds)[..], [DoorOp::Forced { admission, .. }] if admission.ticket_id == 7),
        "{cmds:?}"
    );
}

#[test]
fn ctrl_f_on_a_ticket_revoked_since_the_list_was_read_forces_nothing() {
    use boxoffice::app::list::rows::TicketRow;
    use boxoffice::door::Checked;
    let mut m = desk_with(
        &desk_tickets(),
        DoorState {
            policy: Some(policy(false, Some(("11:00", "2026-12-01 11:00:00")))),
            ..DoorState::default()
        },
    );
    scan(&mut m, "TK-000001");
    assert!(matches!(
        face(&m),
        Face::Verdict(Verdict::NotOpenYet { .. })
    ));
    force(&mut m);
    let cmds = press(&mut m, KeyCode::Enter);
    let [
        Cmd::CheckTicket {
            req, ticket_id: 1, ..
        },
    ] = &cmds[..]
    else {
        panic!("the ticket is read first: {cmds:?}");
    };
    let mut revoked = crate::data::ticket_json(1);
    revoked["status"] = "unenrolled".into();
    let row = TicketRow::new(&serde_json::from_value::<Ticket>(revoked).unwrap());
    let cmds = update(
        &mut m,
        Msg::Reply {
            req: *req,
            reply: Reply::Checked {
                checked: Checked::Now(row),
                took: Duration::from_millis(3),
            },
        },
    );
    assert!(
        door_ops(&cmds).is_empty() && admits(&cmds).is_empty(),
        "{cmds:?}"
    );
    assert!(matches!(face(&m), Face::Verdict(Verdict::NotValid { .. })));
    assert_eq!(screen(&m).counters("").0, 0, "nothing recorded");
}

#[test]
fn at_its_capacity_the_door_is_full_until_one_leaves_and_ctrl_f_goes_past_it() {
    let mut m = desk_with(
        &desk_tickets(),
        DoorState {
            policy: Some(KeptPolicy {
                capacity: 1,
                ..policy(true, None)
            }),
            ..DoorState::default()
        },
    );
    assert!(render(&mut m, (80, 24)).contains("1 max"));
    let cmds = scan(&mut m, "TK-000001");
    assert_eq!(admits(&cmds).len(), 1);
    let cmds = scan(&mut m, "TK-000006");
    assert!(
        admits(&cmds).is_empty() && door_ops(&cmds).is_empty(),
        "{cmds:?}"
    );
    assert_eq!(
        face(&m),
        Face::Verdict(Verdict::Full {
            inside: 1,
            capacity: 1
        })
    );
    for size in [(40, 12), (80, 24)] {
        let text = render(&mut m, size);
        assert!(text.contains("FULL"), "{size:?}: {text}");
    }
    // Ctrl-F asks, and goes past it: recorded as forced.
    force(&mut m);
    assert!(render(&mut m, (80, 24)).contains("past the door's capacity?"));
    let cmds = press(&mut m, KeyCode::Enter);
    let cmds = crate::drive::answer_checks(&mut m, cmds);
    assert!(
        matches!(&door_ops(&cmds)[..], [DoorOp::Forced { admission, .. }] if admission.ticket_id == 6),
        "{cmds:?}"
    );
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
}

/// F8 right after an EXIT offers to undo that exit, naming the guest:
/// answered, the guest is recorded back inside (a re-entry by this lane)
/// and the desk says UNDONE; a scan over the question keeps the exit.
#[test]
fn f8_right_after_an_exit_offers_to_undo_that_exit() {
    let mut m = desk_with(
        &desk_tickets(),
        DoorState {
            policy: Some(policy(false, None)),
            ..DoorState::default()
        },
    );
    scan(&mut m, "TK-000001");
    scan(&mut m, "TK-000007");
    press(&mut m, KeyCode::F(9));
    press(&mut m, KeyCode::Enter);
    assert_eq!(screen(&m).lane.kind, LaneKind::Exit);
    scan(&mut m, "TK-000001");
    assert_eq!(face(&m), Face::Verdict(Verdict::Exit));
    assert_eq!(screen(&m).lane.admissions.inside(), 1);
    press(&mut m, KeyCode::F(8));
    assert!(
        matches!(&screen(&m).panel, Some(Panel::UndoExit(exit, _)) if exit.ticket_id == 1),
        "{:?}",
        screen(&m).panel
    );
    let text = render(&mut m, (80, 24));
    assert!(text.contains("Undo the exit of"), "{text}");
    // A scan over the question keeps the exit, and is judged: TK-000007
    // leaves too.
    let cmds = crate::drive::scanner(&mut m, "TK-000007");
    assert!(
        matches!(&door_ops(&cmds)[..], [DoorOp::Move(m)] if m.kind == boxoffice::store::ChangeKind::Exit && m.admission.ticket_id == 7),
        "{cmds:?}"
    );
    assert!(screen(&m).panel.is_none());
    assert_eq!(
        screen(&m).lane.admissions.left(1).map(|e| e.ticket_id),
        Some(1)
    );
    // F8 now offers the latest exit; answered, back inside, recorded as
    // this lane's move.
    press(&mut m, KeyCode::F(8));
    assert!(
        matches!(&screen(&m).panel, Some(Panel::UndoExit(exit, _)) if exit.ticket_id == 7),
        "{:?}",
        screen(&m).panel
    );
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(
        matches!(&door_ops(&cmds)[..], [DoorOp::Move(m)] if m.kind == boxoffice::store::ChangeKind::Reentry && m.admission.ticket_id == 7),
        "{cmds:?}"
    );
    assert_eq!(face(&m), Face::Undone);
    assert_eq!(screen(&m).lane.admissions.inside(), 1, "TK-000007 back in");
    let text = render(&mut m, (80, 24));
    assert!(text.contains("undone: inside again"), "{text}");
    // After an admission, F8 is the admission's undo as before.
    press(&mut m, KeyCode::F(9));
    press(&mut m, KeyCode::Enter);
    scan(&mut m, "TK-000009");
    press(&mut m, KeyCode::F(8));
    assert!(matches!(screen(&m).panel, Some(Panel::Undo(..))));
}

/// The door's hours are in the event's zone: a desk whose clock is in
/// another names it in the header and on NOT OPEN YET ("12:00
/// Europe/Warsaw"), at every size; a desk in the event's zone does not.
#[test]
fn hours_name_the_events_zone_at_a_desk_in_another() {
    let warsaw = KeptPolicy {
        timezone: "Europe/Warsaw".into(),
        ..policy(false, Some(("12:00", "2026-12-01 11:00:00")))
    };
    for (here, named) in [
        ("UTC", true),
        ("America/Chicago", true),
        ("Europe/Warsaw", false),
    ] {
        let mut m = desk_in(
            &desk_tickets(),
            DoorState {
                policy: Some(warsaw.clone()),
                ..DoorState::default()
            },
            here,
        );
        scan(&mut m, "TK-000001");
        let opens = if named {
            "12:00 Europe/Warsaw"
        } else {
            "12:00"
        };
        assert_eq!(
            face(&m),
            Face::Verdict(Verdict::NotOpenYet {
                opens: opens.into()
            }),
            "{here}"
        );
        let text = render(&mut m, (100, 30));
        let header = if named {
            "from 12:00 Warsaw"
        } else {
            "from 12:00"
        };
        assert!(text.contains(header), "{here}: {text}");
        assert_eq!(text.contains("Europe/Warsaw"), named, "{here}: {text}");
        for size in [(40, 12), (80, 24)] {
            let text = render(&mut m, size);
            assert!(
                text.contains("NOT OPEN YET") || text.contains("NOT OPEN"),
                "{size:?}: {text}"
            );
        }
    }
}
