//! The list follows the API: a VALID's ticket is read before it is given
//! (`door::fresh`), within a deadline sized from the API's round trip; no
//! answer in time, and the verdict is the list's, saying so, until the API
//! answers again; the list is read again in the background.

use std::time::Duration;

use boxoffice::api::model::Ticket;
use boxoffice::app::list::rows::TicketRow;
use boxoffice::app::{Cmd, Msg, Reply, update};
use boxoffice::door::{Checked, Verdict, fresh};
use crossterm::event::KeyCode;

use super::{admits, desk, face, scan_raw, screen};
use crate::data::ticket_json;
use crate::drive::{press, render};
use boxoffice::app::screens::checkin::Face;

/// Ticket `id` as the API has it now, with status `status`.
fn now_as(id: u64, status: &str) -> TicketRow {
    let mut t = ticket_json(id);
    t["status"] = status.into();
    TicketRow::new(&serde_json::from_value::<Ticket>(t).unwrap())
}

/// The check a scan asked for: its request and deadline.
fn check_of(cmds: &[Cmd], id: u64) -> (u64, Duration) {
    match cmds {
        [
            Cmd::CheckTicket {
                req,
                ticket_id,
                deadline,
            },
        ] if *ticket_id == id => (*req, *deadline),
        other => panic!("no check of {id}: {other:?}"),
    }
}

fn answer(
    m: &mut boxoffice::app::Model,
    req: u64,
    checked: Checked<TicketRow>,
    ms: u64,
) -> Vec<Cmd> {
    let took = Duration::from_millis(ms);
    let cmds = update(
        m,
        Msg::Reply {
            req,
            reply: Reply::Checked { checked, took },
        },
    );
    update(m, Msg::TaskDone);
    cmds
}

#[test]
fn a_ticket_revoked_since_the_list_was_read_is_not_valid_and_never_admitted() {
    let mut m = desk();
    // TK-000001 is confirmed in the desk's list.
    let (req, deadline) = check_of(&scan_raw(&mut m, "TK-000001"), 1);
    assert_eq!(deadline, fresh::CEILING, "nothing measured yet");
    assert_eq!(face(&m), Face::Checking);
    let cmds = answer(&mut m, req, Checked::Now(now_as(1, "unenrolled")), 20);
    assert!(admits(&cmds).is_empty(), "{cmds:?}");
    assert!(cmds.contains(&Cmd::Bell));
    assert!(matches!(face(&m), Face::Verdict(Verdict::NotValid { .. })));
    // The list has it as the API does now: judged at once, no read.
    let cmds = scan_raw(&mut m, "TK-000001");
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::CheckTicket { .. })));
    assert!(matches!(face(&m), Face::Verdict(Verdict::NotValid { .. })));
    // The next deadline is sized from the round trip measured (20 ms).
    let (req, deadline) = check_of(&scan_raw(&mut m, "TK-000006"), 6);
    assert_eq!(deadline, Duration::from_millis(60));
    let cmds = answer(&mut m, req, Checked::Now(now_as(6, "confirmed")), 20);
    assert_eq!(admits(&cmds).len(), 1);
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert_eq!(screen(&m).shown.as_ref().unwrap().why, None);
}

#[test]
fn a_ticket_the_api_no_longer_has_is_not_admitted() {
    let mut m = desk();
    let (req, _) = check_of(&scan_raw(&mut m, "TK-000005"), 5);
    let cmds = answer(&mut m, req, Checked::Gone, 5);
    assert!(admits(&cmds).is_empty(), "{cmds:?}");
    assert_ne!(face(&m), Face::Verdict(Verdict::Valid));
}

#[test]
fn without_an_answer_in_time_the_list_decides_says_so_and_the_api_is_called_unreachable() {
    let mut m = desk();
    assert!(render(&mut m, (80, 24)).contains("● online"));
    let (req, _) = check_of(&scan_raw(&mut m, "TK-000001"), 1);
    let cmds = answer(&mut m, req, Checked::NoAnswer, 300);
    assert_eq!(admits(&cmds).len(), 1);
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    let why = screen(&m).shown.as_ref().unwrap().why.clone().unwrap();
    assert!(why.starts_with("from the list of 10:00"), "{why}");
    let text = render(&mut m, (80, 24));
    assert!(text.contains("API unreachable since 10:00"), "{text}");
    assert!(!text.contains("● online"), "{text}");
    // Known unreachable: the next VALID is the list's at once.
    let cmds = scan_raw(&mut m, "TK-000006");
    assert_eq!(admits(&cmds).len(), 1, "{cmds:?}");
    let why = screen(&m).shown.as_ref().unwrap().why.clone().unwrap();
    assert!(why.starts_with("from the list of"), "{why}");
    // The list is read again soon; when it comes, the API is back and a
    // VALID waits for its read again.
    let later = m.now + Duration::from_secs(21);
    let cmds = update(&mut m, Msg::Tick(later));
    let list = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadList { .. }))
        .and_then(Cmd::req)
        .expect("the list read again");
    update(
        &mut m,
        crate::msgs::page::<Ticket>(
            list,
            1,
            1,
            crate::data::page(&super::desk_tickets(), 1, 1, 41),
        ),
    );
    assert!(screen(&m).lane.fresh.down_since.is_none());
    assert!(render(&mut m, (80, 24)).contains("● online"));
    check_of(&scan_raw(&mut m, "TK-000007"), 7);
    press(&mut m, KeyCode::Esc);
}

#[test]
fn online_the_list_is_read_again_in_the_background_and_scans_go_on() {
    let mut m = desk();
    let due = m.now + fresh::Fresh::reread_after(41);
    let before = due.checked_sub(Duration::from_secs(1)).unwrap();
    assert!(
        !update(&mut m, Msg::Tick(before))
            .iter()
            .any(|c| matches!(c, Cmd::LoadList { .. }))
    );
    let cmds = update(&mut m, Msg::Tick(due));
    assert!(
        cmds.iter().any(|c| matches!(c, Cmd::LoadList { .. })),
        "{cmds:?}"
    );
    // The list shown stays while it is read: a scan is judged from it.
    check_of(&scan_raw(&mut m, "TK-000001"), 1);
}
