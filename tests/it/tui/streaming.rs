//! Lists that stream in: cancelling what nobody reads, selection that stays
//! on its record, tabs, filter and sort while pages arrive, unreadable
//! records, and the executor that runs the reads.

use std::time::Duration;

use boxoffice::api::model::{Event, Ticket};
use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::app::executor::Executor;
use boxoffice::app::list::{ListQuery, Sort};
use boxoffice::app::screens::Screen;
use boxoffice::app::{Cmd, Msg, Reply, update};
use crossterm::event::KeyCode;
use serde_json::json;
use tokio::sync::{mpsc, oneshot};
use tokio::time::timeout;

use crate::data::{api_error, events, page, ticket_json, tickets};
use crate::drive::{
    at_tickets, ch, model, press, render, req_of, selected_ticket, tickets_screen,
    tickets_screen_mut, toasted, type_text, visible_ids,
};
use crate::msgs;

fn tickets_cmd(cmd: &Cmd) -> Option<u64> {
    match cmd {
        Cmd::LoadList {
            list: ListQuery::Tickets { event_id },
            ..
        } => Some(*event_id),
        _ => None,
    }
}

#[test]
fn r_on_a_loading_list_cancels_the_old_request_and_drops_its_late_pages() {
    let (mut m, old) = at_tickets(1);
    let cmds = ch(&mut m, 'R');
    let new = req_of(&cmds[1]);
    assert_ne!(old, new);
    assert_eq!(
        cmds,
        [
            Cmd::Cancel { req: old },
            Cmd::LoadList {
                req: new,
                list: ListQuery::Tickets { event_id: 11 }
            }
        ]
    );
    // A page the old task sent before it was stopped is still dropped.
    update(
        &mut m,
        msgs::page::<Ticket>(old, 2, 3, page(&tickets(500, 539), 3, 2, 120)),
    );
    assert!(
        visible_ids(&m).iter().all(|id| *id < 500),
        "old request's page was used"
    );
    update(
        &mut m,
        msgs::page::<Ticket>(new, 1, 1, page(&tickets(1, 5), 1, 1, 5)),
    );
    assert_eq!(tickets_screen(&m).list.list.len(), 5);
    // Loaded now: R has nothing to cancel.
    let cmds = ch(&mut m, 'R');
    assert!(
        matches!(cmds.as_slice(), [c] if tickets_cmd(c).is_some()),
        "{cmds:?}"
    );

    // The events list, still loading at start, likewise.
    let (mut m, cmds) = model(false);
    let old = req_of(&cmds[0]);
    let cmds = ch(&mut m, 'R');
    assert_eq!(
        cmds,
        [
            Cmd::Cancel { req: old },
            Cmd::LoadList {
                req: req_of(&cmds[1]),
                list: ListQuery::Events
            }
        ]
    );
}

#[test]
fn leaving_a_tickets_list_still_streaming_cancels_exactly_its_request() {
    for leave in [KeyCode::Esc, KeyCode::Char('q')] {
        let (mut m, req) = at_tickets(1);
        let in_flight = m.in_flight;
        let cmds = press(&mut m, leave);
        assert_eq!(cmds, [Cmd::Cancel { req }], "{leave:?}");
        assert!(matches!(m.top(), Some(Screen::Event(_))));
        assert_eq!(m.in_flight, in_flight, "a cancel is not a task");
    }
    // `:events` drops every screen above the root: the stream goes too.
    let (mut m, req) = at_tickets(2);
    ch(&mut m, ':');
    type_text(&mut m, "events");
    let cmds = press(&mut m, KeyCode::Enter);
    assert_eq!(m.stack.len(), 1);
    assert!(matches!(
        cmds.as_slice(),
        [Cmd::Cancel { req: r }, Cmd::LoadList { list: ListQuery::Events, .. }] if *r == req
    ));
}

#[test]
fn leaving_a_list_that_finished_loading_cancels_nothing() {
    let (mut m, _) = at_tickets(3);
    assert!(press(&mut m, KeyCode::Esc).is_empty());
    // Nor leaving a screen whose editions are in.
    assert!(press(&mut m, KeyCode::Esc).is_empty());
    assert_eq!(m.stack.len(), 1);
    // A failed page ends the stream: nothing left to cancel either.
    let (mut m, req) = at_tickets(1);
    update(
        &mut m,
        msgs::page_failed(req, api_error(1000, "Server trouble")),
    );
    assert!(toasted(&m, "Server trouble"));
    assert!(press(&mut m, KeyCode::Esc).is_empty());
}

#[test]
fn selection_stays_on_the_same_ticket_while_pages_arrive_and_while_filtering() {
    let (mut m, req) = at_tickets(1);
    ch(&mut m, 's'); // sort by number
    ch(&mut m, 'S'); // descending: new pages land above the selection
    for _ in 0..5 {
        press(&mut m, KeyCode::Down);
    }
    let id = selected_ticket(&m).id;
    update(
        &mut m,
        msgs::page::<Ticket>(req, 2, 3, page(&tickets(41, 80), 3, 2, 120)),
    );
    assert_eq!(selected_ticket(&m).id, id);
    assert_eq!(tickets_screen(&m).list.list.len(), 80);
    let name = selected_ticket(&m).attendee().to_string();
    ch(&mut m, '/');
    type_text(&mut m, &name.to_uppercase());
    // The filter selects the best match: the first shown (tickets are not
    // ranked), wherever the selection was.
    let list = &tickets_screen(&m).list;
    assert!(list.visible_len() < 80);
    assert_eq!(list.nav.selected, 0);
    let best = selected_ticket(&m).id;
    assert_eq!(best, list.visible_row(0).unwrap().id);
    // Moved, it stays on its ticket while pages arrive and the filter clears.
    press(&mut m, KeyCode::Down);
    let id = selected_ticket(&m).id;
    assert_ne!(id, best);
    update(
        &mut m,
        msgs::page::<Ticket>(req, 3, 3, page(&tickets(81, 120), 3, 3, 120)),
    );
    assert_eq!(selected_ticket(&m).id, id);
    press(&mut m, KeyCode::Esc);
    assert_eq!(tickets_screen(&m).list.visible_len(), 120);
    assert_eq!(selected_ticket(&m).id, id);
}

#[test]
fn tabs_show_only_present_statuses_with_counts_and_switch() {
    let (mut m, _) = at_tickets(3);
    let tabs: Vec<_> = tickets_screen(&m)
        .list
        .tabs
        .iter()
        .map(|(t, n)| (t.clone().unwrap_or_else(|| "all".into()), *n))
        .collect();
    assert_eq!(tabs[0], ("all".into(), 120));
    assert!(!tabs.iter().any(|(t, _)| t == "cancelled"), "{tabs:?}");
    ch(&mut m, '3');
    let list = &tickets_screen(&m).list;
    assert_eq!(list.tab.as_deref(), Some("unenrolled"));
    assert!((0..list.visible_len()).all(|i| list.visible_row(i).unwrap().status() == "unenrolled"));
    press(&mut m, KeyCode::Tab);
    assert_eq!(tickets_screen(&m).list.tab.as_deref(), Some("open"));
    press(&mut m, KeyCode::Left);
    press(&mut m, KeyCode::Left);
    assert_eq!(tickets_screen(&m).list.tab.as_deref(), Some("confirmed"));
}

#[test]
fn filter_matches_name_email_and_number_ignoring_case_and_accents() {
    let (mut m, _) = at_tickets(1);
    ch(&mut m, '/');
    type_text(&mut m, "tk-000007");
    assert_eq!(tickets_screen(&m).list.visible_len(), 1);
    for _ in 0..9 {
        press(&mut m, KeyCode::Backspace);
    }
    // A number as it is said (ticket_number): spaced, without the dash.
    for said in ["tk 000007", "TK000007", "tk 7"] {
        type_text(&mut m, said);
        let list = &tickets_screen(&m).list;
        assert_eq!(list.visible_len(), 1, "{said}");
        assert_eq!(list.selected().unwrap().number(), "TK-000007", "{said}");
        for _ in 0..said.len() {
            press(&mut m, KeyCode::Backspace);
        }
    }
    type_text(&mut m, "KOWALSKA");
    assert_eq!(tickets_screen(&m).list.visible_len(), 5);
    // Accents need not be typed: "garcia" finds "García".
    for _ in 0.."KOWALSKA".len() {
        press(&mut m, KeyCode::Backspace);
    }
    type_text(&mut m, "ana garcia");
    assert_eq!(tickets_screen(&m).list.visible_len(), 5);
    // One Enter opens the selected match; back, the filter is kept.
    press(&mut m, KeyCode::Enter);
    assert!(matches!(m.top(), Some(Screen::Ticket(_))));
    press(&mut m, KeyCode::Esc);
    assert!(!tickets_screen(&m).list.filtering);
    assert_eq!(tickets_screen(&m).list.visible_len(), 5);
    // Esc with a filter set clears it before going back.
    press(&mut m, KeyCode::Esc);
    assert_eq!(tickets_screen(&m).list.visible_len(), 40);
    press(&mut m, KeyCode::Esc);
    assert!(matches!(m.top(), Some(Screen::Event(_))));
}

#[test]
fn a_filter_with_no_match_while_loading_gives_no_verdict_yet() {
    let (mut m, req) = at_tickets(1);
    ch(&mut m, '/');
    type_text(&mut m, "zzz-nobody");
    let screen = render(&mut m, (80, 24));
    assert!(
        screen.contains("no match yet · loading 1/3 pages"),
        "{screen}"
    );
    for p in 2..=3 {
        let from = u64::from(p - 1) * 40 + 1;
        update(
            &mut m,
            msgs::page::<Ticket>(req, p, 3, page(&tickets(from, from + 39), 3, p, 120)),
        );
    }
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("no tickets match"), "{screen}");
}

#[test]
fn sorting_by_price_is_numeric_and_reversible() {
    let (mut m, req) = at_tickets(1);
    let mut cheap = ticket_json(900);
    cheap["price"] = json!("9.50");
    let mut dear = ticket_json(901);
    dear["price"] = json!("1000.00");
    update(
        &mut m,
        msgs::page::<Ticket>(req, 2, 3, page(&[cheap, dear], 3, 2, 120)),
    );
    for _ in 0..7 {
        ch(&mut m, 's');
    }
    assert_eq!(
        tickets_screen(&m).list.sort,
        Some(Sort {
            column: 6,
            descending: false
        }),
        "the price column"
    );
    ch(&mut m, 'g');
    assert_eq!(selected_ticket(&m).id, 900);
    ch(&mut m, 'S');
    ch(&mut m, 'g');
    assert_eq!(selected_ticket(&m).id, 901);
}

#[test]
fn sorting_by_attendee_ignores_accents_while_pages_arrive_and_after() {
    let (mut m, req) = at_tickets(1);
    ch(&mut m, 's');
    ch(&mut m, 's');
    assert_eq!(tickets_screen(&m).list.sort.map(|s| s.column), Some(1));
    // Arrives after the sort is set: placed by the streaming merge.
    let mut eric = ticket_json(950);
    eric["attendee"]["name"] = json!("Éric");
    eric["attendee"]["last_name"] = json!("Zed");
    update(
        &mut m,
        msgs::page::<Ticket>(req, 2, 2, page(&[eric], 2, 2, 41)),
    );
    let neighbours = |m: &boxoffice::app::Model| {
        let l = &tickets_screen(m).list;
        let name = |i: usize| l.visible_row(i).unwrap().attendee().to_string();
        let at = (0..l.visible_len())
            .find(|&i| l.visible_row(i).unwrap().id == 950)
            .unwrap();
        (name(at - 1), name(at + 1))
    };
    let (before, after) = neighbours(&m);
    assert!(
        before.starts_with("Emeka") && after.starts_with("Fatima"),
        "{before} | {after}"
    );
    // Re-sorted in full (reversed): still between them.
    ch(&mut m, 'S');
    let (before, after) = neighbours(&m);
    assert!(
        before.starts_with("Fatima") && after.starts_with("Emeka"),
        "{before} | {after}"
    );
}

#[test]
fn pages_taken_in_one_by_one_match_a_full_rebuild() {
    // Sorting is stable, by (key, id): streamed and rebuilt orders are equal.
    for (sort_presses, reverse, filter) in [
        (0, false, ""),
        (1, true, "a"),
        (2, false, "ko"),
        (4, true, ""),
        (6, true, ""),
        (7, false, "e"),
    ] {
        let (mut m, req) = at_tickets(1);
        for _ in 0..sort_presses {
            ch(&mut m, 's');
        }
        if reverse {
            ch(&mut m, 'S');
        }
        ch(&mut m, '/');
        type_text(&mut m, filter);
        for p in 2..=3 {
            let from = u64::from(p - 1) * 40 + 1;
            update(
                &mut m,
                msgs::page::<Ticket>(req, p, 3, page(&tickets(from, from + 39), 3, p, 120)),
            );
        }
        let streamed = visible_ids(&m);
        let tabs = tickets_screen(&m).list.tabs.clone();
        tickets_screen_mut(&mut m).list.recompute();
        let rebuilt = visible_ids(&m);
        assert_eq!(streamed, rebuilt, "sort {sort_presses} filter {filter:?}");
        assert_eq!(tabs, tickets_screen(&m).list.tabs);
    }
}

#[test]
fn unreadable_records_are_counted_in_the_header_and_the_first_is_toasted() {
    let (mut m, req) = at_tickets(1);
    // Kept (it has an id), its creation date reported as unreadable.
    let mut bad = ticket_json(77);
    bad["creation_date"] = json!({"not": "a date"});
    // Dropped: no readable id.
    let mut worse = ticket_json(78);
    worse["id"] = json!("seventy-eight");
    let p = page::<Ticket>(&[ticket_json(41), bad, worse], 3, 2, 120);
    assert_eq!(p.skipped.len(), 1, "the client set one aside");
    assert_eq!(
        p.flawed.len(),
        1,
        "and kept one with a field it could not read"
    );
    update(&mut m, msgs::page(req, 2, 3, p));
    assert!(toasted(&m, "ticket seventy-eight"), "{:?}", m.toasts);
    assert!(!toasted(&m, "ticket 77"), "only the first is toasted");
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("⚠ 2 unreadable"), "{screen}");
    assert_eq!(tickets_screen(&m).list.list.len(), 42);
}

#[test]
fn an_events_page_builds_compact_rows() {
    let (mut m, cmds) = model(false);
    update(
        &mut m,
        msgs::page::<Event>(req_of(&cmds[0]), 1, 1, page(&events(), 1, 1, 3)),
    );
    let Some(Screen::Events(s)) = m.top() else {
        panic!()
    };
    let row = s.selected().unwrap();
    assert_eq!(row.name, "Rust Belt Conference 2026");
    assert_eq!(row.sold, "180 / 500");
    assert_eq!(row.dates, "2026-12-01 → 2026-12-03");
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn the_executor_aborts_a_cancelled_read_and_still_counts_it_done() {
    runtime().block_on(async {
        let (tx, mut rx) = mpsc::unbounded_channel();
        let mut exec = Executor::new(tx);
        let done = async |rx: &mut mpsc::UnboundedReceiver<Msg>| {
            let msg = timeout(Duration::from_secs(5), rx.recv()).await;
            assert!(matches!(msg, Ok(Some(Msg::TaskDone))), "{msg:?}");
        };

        // A read that never ends, aborted while it runs.
        let (started, running) = oneshot::channel();
        let read = exec.spawn_read(7, async move {
            started.send(()).unwrap();
            std::future::pending::<()>().await;
        });
        running.await.unwrap();
        assert_eq!(exec.reads(), 1);
        assert!(exec.cancel(7));
        assert!(read.await.unwrap_err().is_cancelled());
        done(&mut rx).await;
        assert_eq!(exec.reads(), 0);
        assert!(!exec.cancel(7), "nothing left to cancel");

        // Aborted before it ever ran: still exactly one TaskDone.
        let read = exec.spawn_read(8, std::future::pending());
        assert!(exec.cancel(8));
        assert!(read.await.unwrap_err().is_cancelled());
        done(&mut rx).await;

        // A finished read leaves the map.
        exec.spawn_read(9, async {}).await.unwrap();
        done(&mut rx).await;
        let read = exec.spawn_read(10, std::future::pending());
        assert_eq!(exec.reads(), 1, "the finished read was forgotten");
        exec.cancel(10);
        assert!(read.await.unwrap_err().is_cancelled());
        done(&mut rx).await;
        assert!(rx.try_recv().is_err(), "one TaskDone per task");
    });
}

#[test]
fn the_executor_never_cancels_a_write() {
    runtime().block_on(async {
        // Nothing listens there: the revoke fails fast, but it must be tried
        // and its outcome reported even though a Cancel names it (after the
        // ticket is read again until the client's deadline, a short one).
        let mut config = ClientConfig::new("http://127.0.0.1:9", ApiKey::new("k"));
        config.timeout = Duration::from_millis(500);
        let client = Client::new(config).unwrap();
        let (tx, mut rx) = mpsc::unbounded_channel();
        let mut exec = Executor::new(tx);
        exec.run(
            Cmd::Revoke {
                req: 5,
                ticket_id: 42,
            },
            &client,
        );
        exec.run(Cmd::Cancel { req: 5 }, &client);
        assert_eq!(exec.reads(), 0, "a write is not abortable");
        let msg = timeout(Duration::from_secs(10), rx.recv()).await;
        assert!(
            matches!(
                msg,
                Ok(Some(Msg::Reply {
                    req: 5,
                    reply: Reply::Revoked { ticket_id: 42, .. },
                }))
            ),
            "{msg:?}"
        );
        let msg = timeout(Duration::from_secs(10), rx.recv()).await;
        assert!(matches!(msg, Ok(Some(Msg::TaskDone))), "{msg:?}");
    });
}
