//! The support call: a customer's tickets (from the lists loaded, then a
//! search of the current and upcoming events that can be stopped), revoke
//! from the customer, the lines of a detail leading to other records
//! (ticket → customer / order / edition, order → customer, customer →
//! order), and `:ticket <number>` searched for when no list holds it.

use boxoffice::api::model::{Customer, OrderDetail, Ticket};
use boxoffice::app::cmd::RecordQuery;
use boxoffice::app::find::{FindTickets, Found, FoundPage, Wanted, Within};
use boxoffice::app::list::rows::{TicketRow, TicketScope};
use boxoffice::app::overlays::Overlay;
use boxoffice::app::screens::customer::CustomerScreen;
use boxoffice::app::screens::detail::Link;
use boxoffice::app::screens::{Component, Screen};
use boxoffice::app::{Cmd, Model, Msg, Reply, update};
use boxoffice::ui::Theme;
use crossterm::event::KeyCode;
use serde_json::{Value, json};

use crate::data::ticket_json;
use crate::drive::{at_events, at_tickets, ch, press, render, req_of, selected_ticket, toasted};
use crate::msgs;

/// Types `:<line>` and Enter.
pub fn command(m: &mut Model, line: &str) -> Vec<Cmd> {
    ch(m, ':');
    crate::drive::type_text(m, line);
    press(m, KeyCode::Enter)
}

fn found(req: u64, page: FoundPage) -> Msg {
    Msg::Reply {
        req,
        reply: Reply::Found(Ok(page)),
    }
}

fn hit(id: u64) -> Found {
    let t: Ticket = serde_json::from_value(ticket_json(id)).unwrap();
    Found {
        row: TicketRow::new(&t),
        scope: TicketScope {
            event_id: 12,
            title: "Rust Belt 2026 · Day 2".into(),
            edition: true,
            ends: None,
        },
    }
}

fn customer_json(id: u64, email: &str) -> Value {
    json!({
        "id": id, "email": email, "name": "Bruno", "last_name": "Silva",
        "orders": [{"id": 7003, "hash": "o3", "number": "#1003", "type": "event",
                    "status": "paid", "creation_date": "2026-11-03 10:00:00",
                    "currency": "EUR", "currency_symbol": "€", "total_amount": "120.00",
                    "items": [],
                    "customer": {"id": id, "name": "Bruno", "email": email,
                                 "creation_date": "2026-01-01 00:00:00",
                                 "update_date": "2026-01-01 00:00:00", "active": true,
                                 "is_guest": false, "has_password": true, "stage": "customer"}}],
    })
}

fn customer_reply(req: u64, raw: Value) -> Msg {
    let c: Customer = serde_json::from_value(raw.clone()).unwrap();
    Msg::Reply {
        req,
        reply: Reply::Customer(Ok((c, raw))),
    }
}

pub fn customer(m: &Model) -> &CustomerScreen {
    match m.top() {
        Some(Screen::Customer(c)) => c,
        other => panic!("not a customer: {other:?}"),
    }
}

/// The command that reads the customer, from a push's commands.
fn customer_load(cmds: &[Cmd]) -> u64 {
    cmds.iter()
        .find_map(|c| match c {
            Cmd::LoadRecord {
                req,
                record: RecordQuery::Customer(_),
            } => Some(*req),
            _ => None,
        })
        .expect("the customer is read")
}

/// Moves the cursor down to the first line that leads to `want`.
fn cursor_to(m: &mut Model, want: impl Fn(&Link) -> bool) {
    let at = match m.top() {
        Some(Screen::Customer(c)) => c
            .doc(Theme::new(true))
            .links()
            .find(|(_, l)| want(l))
            .map(|(i, _)| *i),
        Some(Screen::Ticket(t)) => t
            .detail
            .doc(Theme::new(true))
            .links()
            .find(|(_, l)| want(l))
            .map(|(i, _)| *i),
        Some(Screen::Order(o)) => o
            .doc(Theme::new(true))
            .links()
            .find(|(_, l)| want(l))
            .map(|(i, _)| *i),
        other => panic!("no lines to move on: {other:?}"),
    }
    .expect("a line leading there");
    press(m, KeyCode::Home);
    for _ in 0..at {
        press(m, KeyCode::Down);
    }
}

/// The tickets list with one page in, then the customer who holds the
/// selected ticket, opened with `:customer <id>`, their record in.
fn at_customer_of_selected() -> (Model, TicketRow, u64) {
    let (m, row, _) = at_customer_with_other();
    (m.0, row, m.1)
}

/// The same, and another ticket of the list (another attendee).
fn at_customer_with_other() -> ((Model, u64), TicketRow, TicketRow) {
    let (mut m, _) = at_tickets(1);
    let row = selected_ticket(&m);
    let other = crate::drive::tickets_screen(&m)
        .list
        .list
        .rows()
        .iter()
        .find(|r| r.id != row.id && r.attendee_id != row.attendee_id)
        .unwrap()
        .clone();
    let id = row.attendee_id.unwrap();
    let cmds = command(&mut m, &format!("customer {id}"));
    let req = customer_load(&cmds);
    ((m, req), row, other)
}

#[test]
fn a_customer_shows_at_once_their_tickets_in_the_lists_loaded() {
    let ((mut m, req), row, other) = at_customer_with_other();
    // By the attendee's customer id, before the record is in.
    let ids: Vec<u64> = customer(&m).tickets.iter().map(|f| f.row.id).collect();
    assert_eq!(ids, [row.id]);
    assert_eq!(customer(&m).tickets[0].scope.event_id, 11);
    // Once the record says their e-mail, tickets under that e-mail join
    // (here another attendee's ticket, with another id but this e-mail).
    update(
        &mut m,
        customer_reply(req, customer_json(row.attendee_id.unwrap(), other.email())),
    );
    let mut ids: Vec<u64> = customer(&m).tickets.iter().map(|f| f.row.id).collect();
    ids.sort_unstable();
    let mut want = vec![row.id, other.id];
    want.sort_unstable();
    assert_eq!(ids, want);
    let screen = render(&mut m, (100, 60));
    assert!(screen.contains("tickets (2)"), "{screen}");
}

#[test]
fn f_searches_current_and_upcoming_events_shows_progress_and_f_again_stops() {
    let (mut m, row, req) = at_customer_of_selected();
    let email = "bruno@example.com";
    update(
        &mut m,
        customer_reply(req, customer_json(row.attendee_id.unwrap(), email)),
    );
    let cmds = ch(&mut m, 'f');
    let [Cmd::FindTickets { req: search, find }] = cmds.as_slice() else {
        panic!("{cmds:?}")
    };
    assert_eq!(
        *find,
        FindTickets {
            wanted: Wanted::customer(row.attendee_id.unwrap(), email),
            within: Within::Upcoming,
        }
    );
    let search = *search;
    update(
        &mut m,
        found(
            search,
            FoundPage {
                scopes: 3,
                scopes_done: 1,
                tickets: 250,
                hits: vec![hit(77)],
                ..FoundPage::default()
            },
        ),
    );
    assert!(customer(&m).tickets.iter().any(|f| f.row.id == 77));
    let mut m2 = m.clone();
    let screen = render(&mut m2, (120, 40));
    assert!(
        screen.contains("⟳ 1 of 3 events and editions · 250 tickets read · f stops"),
        "{screen}"
    );
    // `f` again stops it: the read is cancelled and nothing is lost.
    let cmds = ch(&mut m, 'f');
    assert_eq!(cmds, [Cmd::Cancel { req: search }]);
    assert!(customer(&m).search.is_none());
    assert!(
        customer(&m)
            .searched
            .as_deref()
            .unwrap()
            .contains("stopped")
    );
    assert!(customer(&m).tickets.iter().any(|f| f.row.id == 77));
    // A late answer of the stopped search is dropped.
    update(
        &mut m,
        found(
            search,
            FoundPage {
                hits: vec![hit(78)],
                ..FoundPage::default()
            },
        ),
    );
    assert!(!customer(&m).tickets.iter().any(|f| f.row.id == 78));
}

#[test]
fn a_finished_search_says_what_it_read_and_leaving_cancels_a_running_one() {
    let (mut m, row, req) = at_customer_of_selected();
    update(
        &mut m,
        customer_reply(req, customer_json(row.attendee_id.unwrap(), "b@x.org")),
    );
    let search = req_of(&ch(&mut m, 'f')[0]);
    let last = FoundPage {
        scopes: 2,
        scopes_done: 2,
        tickets: 10,
        done: true,
        ..FoundPage::default()
    };
    update(&mut m, found(search, last));
    assert!(customer(&m).search.is_none());
    let text = customer(&m).searched.clone().unwrap();
    assert!(
        text.contains("searched 2 of 2 events and editions · 10 tickets read"),
        "{text}"
    );
    // A new search, then Esc: it is cancelled with the screen.
    let search = req_of(&ch(&mut m, 'f')[0]);
    let cmds = press(&mut m, KeyCode::Esc);
    assert!(cmds.contains(&Cmd::Cancel { req: search }), "{cmds:?}");
}

#[test]
fn x_on_a_ticket_of_theirs_revokes_it_after_the_confirmation() {
    let (mut m, row, req) = at_customer_of_selected();
    update(
        &mut m,
        customer_reply(req, customer_json(row.attendee_id.unwrap(), "b@x.org")),
    );
    // Not on a ticket line: nothing to revoke.
    press(&mut m, KeyCode::Home);
    assert!(ch(&mut m, 'x').is_empty());
    assert!(m.overlay.is_none());
    cursor_to(
        &mut m,
        |l| matches!(l, Link::Ticket { id, .. } if *id == row.id),
    );
    assert!(ch(&mut m, 'x').is_empty());
    assert!(matches!(&m.overlay, Some(Overlay::Revoke(r)) if r.ticket_id == row.id));
    let cmds = ch(&mut m, 'y');
    let [Cmd::Revoke { req, ticket_id }] = cmds.as_slice() else {
        panic!("{cmds:?}")
    };
    assert_eq!(*ticket_id, row.id);
    // In flight: the line says so.
    let number = row.number().to_string();
    let screen = crate::drive::render(&mut m, (80, 24));
    let line = screen
        .lines()
        .find(|l| l.contains(&format!("  {number}  ")))
        .unwrap();
    assert!(line.contains("revoking…"), "{screen}");
    update(&mut m, msgs::revoked(*req, row.id, Ok(())));
    let screen = crate::drive::render(&mut m, (80, 24));
    let line = screen
        .lines()
        .find(|l| l.contains(&format!("  {number}  ")))
        .unwrap();
    assert!(
        line.contains("unenrolled") && !line.contains("revoking"),
        "{screen}"
    );
    let t = customer(&m)
        .tickets
        .iter()
        .find(|f| f.row.id == row.id)
        .unwrap();
    assert!(t.row.is_unenrolled());
    assert!(toasted(&m, "revoked"));
    // The list below shows it too.
    press(&mut m, KeyCode::Esc);
    let below = crate::drive::tickets_screen(&m)
        .list
        .list
        .get(row.id)
        .unwrap()
        .clone();
    assert!(below.is_unenrolled());
}

#[test]
fn a_customers_lines_lead_to_their_ticket_its_edition_and_their_order() {
    let (mut m, row, req) = at_customer_of_selected();
    update(
        &mut m,
        customer_reply(req, customer_json(row.attendee_id.unwrap(), "b@x.org")),
    );
    cursor_to(
        &mut m,
        |l| matches!(l, Link::Ticket { id, .. } if *id == row.id),
    );
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(
        matches!(cmds.as_slice(), [Cmd::LoadTicket { ticket_id, .. }] if *ticket_id == row.id),
        "{cmds:?}"
    );
    press(&mut m, KeyCode::Esc);
    // `t` on the same line: the tickets of the edition it was found in.
    let cmds = ch(&mut m, 't');
    assert!(matches!(m.top(), Some(Screen::Tickets(t)) if t.scope.event_id == 11));
    assert!(!cmds.is_empty());
    press(&mut m, KeyCode::Esc);
    cursor_to(&mut m, |l| matches!(l, Link::Order { id: 7003, .. }));
    let cmds = press(&mut m, KeyCode::Enter);
    assert_eq!(
        cmds,
        [Cmd::LoadRecord {
            req: req_of(&cmds[0]),
            record: RecordQuery::Order(7003)
        }]
    );
    assert!(matches!(m.top(), Some(Screen::Order(_))));
}

#[test]
fn a_ticket_leads_to_its_customer_its_order_and_its_editions_tickets() {
    let (mut m, _) = at_tickets(1);
    // Ticket 2 has an order (every fourth has none).
    let id = 2;
    let raw = ticket_json(id);
    let ticket: Ticket = serde_json::from_value(raw.clone()).unwrap();
    let cmds = command(&mut m, &format!("ticket {id}"));
    update(&mut m, msgs::ticket(req_of(&cmds[0]), Ok((ticket, raw))));
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("Enter: open customer"), "{screen}");
    let cmds = press(&mut m, KeyCode::Enter);
    assert_eq!(
        cmds,
        [Cmd::LoadRecord {
            req: req_of(&cmds[0]),
            record: RecordQuery::Customer(900 + id)
        }]
    );
    press(&mut m, KeyCode::Esc);
    cursor_to(&mut m, |l| matches!(l, Link::Order { .. }));
    let cmds = press(&mut m, KeyCode::Enter);
    let [
        Cmd::LoadRecord {
            req,
            record: RecordQuery::Order(order),
        },
    ] = cmds.as_slice()
    else {
        panic!("{cmds:?}")
    };
    assert_eq!(*order, 7000 + id);
    // The order leads on to its customer.
    let raw = json!({
        "id": order, "hash": "o2", "number": "#1002", "type": "event", "status": "paid",
        "creation_date": "2026-11-02 10:00:00", "items": [],
        "customer": {"id": 902, "email": "b@x.org", "name": "Bruno"},
    });
    let detail: OrderDetail = serde_json::from_value(raw.clone()).unwrap();
    update(
        &mut m,
        Msg::Reply {
            req: *req,
            reply: Reply::Order(Ok((detail, raw))),
        },
    );
    cursor_to(&mut m, |l| matches!(l, Link::Customer { id: 902, .. }));
    let cmds = press(&mut m, KeyCode::Enter);
    assert_eq!(customer_load(&cmds), req_of(&cmds[0]));
    assert!(matches!(m.top(), Some(Screen::Customer(_))));
    // And back to the ticket: its edition line opens that edition's tickets.
    press(&mut m, KeyCode::Esc);
    press(&mut m, KeyCode::Esc);
    cursor_to(&mut m, |l| matches!(l, Link::Tickets { .. }));
    press(&mut m, KeyCode::Enter);
    assert!(matches!(m.top(), Some(Screen::Tickets(t)) if t.scope.event_id == 11));
}

#[test]
fn a_number_no_list_holds_is_searched_for_and_opened_when_found() {
    let mut m = at_events();
    let cmds = command(&mut m, "ticket  tk-000077 ");
    let [Cmd::FindTickets { req, find }] = cmds.as_slice() else {
        panic!("{cmds:?}")
    };
    assert_eq!(find.wanted, Wanted::Number("TK-000077".into()));
    assert_eq!(find.within, Within::Upcoming);
    let req = *req;
    assert!(matches!(&m.overlay, Some(Overlay::FindTicket(_))));
    update(
        &mut m,
        found(
            req,
            FoundPage {
                scopes: 4,
                scopes_done: 2,
                tickets: 1234,
                ..FoundPage::default()
            },
        ),
    );
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("Finding TK-000077"), "{screen}");
    assert!(
        screen.contains("2 of 4 events and editions · 1,234 tickets read"),
        "{screen}"
    );
    let cmds = update(
        &mut m,
        found(
            req,
            FoundPage {
                hits: vec![hit(77)],
                ..FoundPage::default()
            },
        ),
    );
    assert!(m.overlay.is_none());
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::LoadTicket { ticket_id: 77, .. })),
        "{cmds:?}"
    );
    assert!(
        cmds.contains(&Cmd::Cancel { req }),
        "the rest of the search stops: {cmds:?}"
    );
    assert!(matches!(m.top(), Some(Screen::Ticket(_))));
}

#[test]
fn a_number_nowhere_says_where_it_looked_and_any_key_stops_a_search() {
    let mut m = at_events();
    let req = req_of(&command(&mut m, "ticket TK-999999")[0]);
    let last = FoundPage {
        scopes: 4,
        scopes_done: 4,
        tickets: 900,
        done: true,
        ..FoundPage::default()
    };
    update(&mut m, found(req, last));
    assert!(m.overlay.is_none());
    assert!(
        toasted(
            &m,
            "TK-999999 not found in the current and upcoming events (4 of 4 events and editions · 900 tickets read)"
        ),
        "{:?}",
        m.toasts
    );
    let req = req_of(&command(&mut m, "ticket TK-999998")[0]);
    let cmds = ch(&mut m, 'q');
    assert_eq!(cmds, [Cmd::Cancel { req }]);
    assert!(m.overlay.is_none());
    assert!(toasted(&m, "search for TK-999998 stopped"));
    assert_eq!(m.stack.len(), 1, "the key stopped the search, nothing else");
}

#[test]
fn n_enrolls_the_customer_and_their_new_ticket_is_read_back_into_the_list() {
    use boxoffice::api::model::{Edition, Event};

    use crate::data::{editions, events, page};

    let (mut m, row, req) = at_customer_of_selected();
    let id = row.attendee_id.unwrap();
    update(&mut m, customer_reply(req, customer_json(id, "b@x.org")));
    let cmds = ch(&mut m, 'n');
    let [
        Cmd::LoadList {
            req: events_req, ..
        },
    ] = cmds.as_slice()
    else {
        panic!("{cmds:?}")
    };
    assert!(matches!(&m.overlay, Some(Overlay::EnrollIn(o)) if o.customer_id == id));
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("Bruno Silva <b@x.org>"), "{screen}");
    update(
        &mut m,
        msgs::page::<Event>(*events_req, 1, 1, page(&events(), 1, 1, 3)),
    );
    crate::drive::type_text(&mut m, "rust");
    let cmds = press(&mut m, KeyCode::Enter);
    update(
        &mut m,
        msgs::page::<Edition>(req_of(&cmds[0]), 1, 1, page(&editions(), 1, 1, 3)),
    );
    press(&mut m, KeyCode::Down);
    press(&mut m, KeyCode::Enter);
    let cmds = ch(&mut m, 'y');
    let [
        Cmd::EnrollCustomer {
            req: sent,
            event_id: 12,
            customer_id,
            ..
        },
    ] = cmds.as_slice()
    else {
        panic!("{cmds:?}")
    };
    assert_eq!(*customer_id, id);
    let cmds = update(&mut m, msgs::enrolled(*sent, Ok(())));
    assert!(toasted(&m, "enrolled b@x.org in"), "{:?}", m.toasts);
    // Their screen reads that edition's tickets for theirs.
    let read = cmds
        .iter()
        .find_map(|c| match c {
            Cmd::FindTickets { req, find } => Some((*req, find.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{cmds:?}"));
    assert_eq!(read.1.wanted, Wanted::customer(id, "b@x.org"));
    let Within::One(scope) = &read.1.within else {
        panic!("{:?}", read.1.within)
    };
    assert_eq!(scope.event_id, 12);
    // The executor answers each hit with the scope it searched.
    let mut new = hit(99);
    new.scope = scope.clone();
    update(
        &mut m,
        found(
            read.0,
            FoundPage {
                hits: vec![new],
                done: true,
                ..FoundPage::default()
            },
        ),
    );
    let t = customer(&m)
        .tickets
        .iter()
        .find(|f| f.row.id == 99)
        .unwrap();
    // Named as the confirmation named it, with its date, as a search names
    // the editions of its neighbours.
    assert_eq!(
        t.scope.title,
        "Rust Belt Conference 2026 · Rust Belt 2026 · Day 2 · 2026-12-02"
    );
    assert!(customer(&m).streaming().is_empty());
}

/// Runs `cmds` and every command their answers lead to through the real
/// executor, until `until` holds of the model (each answer within 10 s).
pub async fn settle(
    m: &mut Model,
    cmds: Vec<Cmd>,
    exec: &mut boxoffice::app::executor::Executor,
    client: &boxoffice::api::Client,
    rx: &mut tokio::sync::mpsc::UnboundedReceiver<Msg>,
    until: impl Fn(&Model) -> bool,
) {
    for cmd in cmds {
        exec.run(cmd, client);
    }
    while !until(m) {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(10), rx.recv())
            .await
            .expect("an answer within 10 s")
            .expect("the channel open");
        for cmd in update(m, msg) {
            exec.run(cmd, client);
        }
    }
}

#[test]
fn demo_a_customers_tickets_and_a_ticket_number_are_found_across_the_real_events() {
    use boxoffice::app::executor::Executor;

    const NOW: &str = "2026-11-25 10:00:00";
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (_sb, client) = crate::common::sandbox::pinned_with_client(NOW).await;
        // A ticket of an event still to come, and its attendee.
        let events = client.events(1, 100).await.unwrap();
        let upcoming = events
            .items
            .iter()
            .find(|e| e.start_date.as_deref().is_some_and(|d| d > "2026-11-26"))
            .expect("an upcoming demo event");
        let tickets = client.tickets(upcoming.id, 1, 100).await.unwrap();
        let theirs = tickets
            .items
            .iter()
            .find(|t| t.attendee.as_ref().and_then(|a| a.id).is_some())
            .expect("a ticket with a customer");
        let who = theirs.attendee.as_ref().unwrap().id.unwrap();

        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let mut exec = Executor::new(tx).pinned(Some(NOW.into()));
        let (mut m, cmds) = crate::drive::model(false);
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            m.in_flight == 0
        })
        .await;

        let cmds = command(&mut m, &format!("customer {who}"));
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            customer(m).detail.record.loaded().is_some()
        })
        .await;
        let cmds = ch(&mut m, 'f');
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            customer(m).search.is_none()
        })
        .await;
        let c = customer(&m);
        let text = c.searched.clone().unwrap();
        assert!(text.starts_with("searched "), "{text}");
        assert!(
            c.tickets.iter().any(|f| f.row.id == theirs.id),
            "{text}: {:?}",
            c.tickets.iter().map(|f| f.row.number()).collect::<Vec<_>>()
        );
        let wanted = c.wanted();
        assert!(c.tickets.iter().all(|f| wanted.matches_row(&f.row)));
        // Every one found in an event or edition that has not ended.
        assert!(c.tickets.iter().all(|f| !f.scope.title.is_empty()));

        // A number no list holds: searched for, then opened.
        let number = theirs.number.clone().unwrap();
        while m.stack.len() > 1 {
            press(&mut m, KeyCode::Esc);
        }
        let cmds = command(&mut m, &format!("ticket {}", number.to_lowercase()));
        settle(
            &mut m,
            cmds,
            &mut exec,
            &client,
            &mut rx,
            |m| matches!(m.top(), Some(Screen::Ticket(t)) if t.ticket().is_some()),
        )
        .await;
        let Some(Screen::Ticket(t)) = m.top() else {
            unreachable!()
        };
        assert_eq!(t.ticket().unwrap().number.as_deref(), Some(number.as_str()));
        assert!(m.overlay.is_none());
    });
}

#[test]
fn snapshot_support_screens() {
    let (mut m, row, req) = at_customer_of_selected();
    update(
        &mut m,
        customer_reply(req, customer_json(row.attendee_id.unwrap(), "b@x.org")),
    );
    let search = req_of(&ch(&mut m, 'f')[0]);
    let page = FoundPage {
        scopes: 5,
        scopes_done: 2,
        tickets: 1234,
        hits: vec![hit(77)],
        ..FoundPage::default()
    };
    update(&mut m, found(search, page));
    // The cursor on their first ticket: the title says where Enter leads.
    cursor_to(&mut m, |l| matches!(l, Link::Ticket { .. }));
    crate::snapshots::snap("support_customer_searching", &mut m);
    while m.stack.len() > 1 {
        press(&mut m, KeyCode::Esc);
    }
    let req = req_of(&command(&mut m, "ticket TK-000123")[0]);
    let page = FoundPage {
        scopes: 31,
        scopes_done: 12,
        tickets: 4200,
        ..FoundPage::default()
    };
    update(&mut m, found(req, page));
    crate::snapshots::snap("support_finding_a_number", &mut m);
}

#[test]
fn a_click_puts_a_details_cursor_on_the_line_clicked() {
    use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

    let (mut m, row, req) = at_customer_of_selected();
    update(
        &mut m,
        customer_reply(req, customer_json(row.attendee_id.unwrap(), "b@x.org")),
    );
    let at = customer(&m)
        .doc(Theme::new(true))
        .links()
        .find(|(_, l)| matches!(l, Link::Order { .. }))
        .map(|(i, _)| *i)
        .unwrap();
    // The body starts below the title line, its first line is the block's title.
    let y = m.layout.body.y + 1 + u16::try_from(at).unwrap();
    update(
        &mut m,
        Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 3,
            row: y,
            modifiers: KeyModifiers::NONE,
        }),
    );
    assert_eq!(customer(&m).detail.cursor, at);
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(
        matches!(
            cmds.as_slice(),
            [Cmd::LoadRecord {
                record: RecordQuery::Order(7003),
                ..
            }]
        ),
        "{cmds:?}"
    );
}

#[test]
fn page_down_moves_a_details_view_a_page_and_its_cursor_with_it() {
    let (mut m, row, req) = at_customer_of_selected();
    update(
        &mut m,
        customer_reply(req, customer_json(row.attendee_id.unwrap(), "b@x.org")),
    );
    let height = usize::from(m.layout.body.height) - 1;
    let lines = customer(&m).doc(Theme::new(true)).len();
    assert!(lines > height + 3, "a detail longer than the screen");
    press(&mut m, KeyCode::Down);
    press(&mut m, KeyCode::PageDown);
    let c = &customer(&m).detail;
    assert_eq!(c.cursor, 1 + height, "a page down");
    assert!(c.scroll > 0 && c.scroll <= height && c.cursor < c.scroll + height);
    press(&mut m, KeyCode::PageUp);
    let c = &customer(&m).detail;
    assert_eq!((c.scroll, c.cursor), (0, 1));
    press(&mut m, KeyCode::PageUp);
    assert_eq!(
        customer(&m).detail.cursor,
        0,
        "at the top the cursor goes the rest"
    );
}
