//! The customers tab: search as you type (ranked, over what has loaded so
//! far), the customer detail, `:customer <id|e-mail>`, and snapshots of the
//! demo's customers.

use boxoffice::api::model::CustomerSummary;
use boxoffice::app::cmd::RecordQuery;
use boxoffice::app::command::Command;
use boxoffice::app::list::ListQuery;
use boxoffice::app::screens::Screen;
use boxoffice::app::screens::customers::CustomersScreen;
use boxoffice::app::screens::parse_command as parse;
use boxoffice::app::tab::Tab;
use boxoffice::app::{Cmd, Model, Msg, Reply, update};
use crossterm::event::KeyCode;
use serde_json::{Value, json};

use crate::data::page;
use crate::demo;
use crate::drive::{ch, model, press, render, req_of, type_text};
use crate::msgs;
use crate::snapshots::snap;

fn person(id: u64, name: &str, last: &str, email: &str, phone: &str) -> Value {
    json!({"id": id, "email": email, "name": name, "last_name": last, "phone": phone})
}

/// Two pages of customers; "ana" is in every one of the first page's.
fn first_page() -> Vec<Value> {
    vec![
        person(
            1,
            "Mariana",
            "López",
            "mlopez@example.com",
            "+34 600 111 111",
        ),
        person(
            2,
            "Ána",
            "Pérez",
            "ana.perez@example.com",
            "+34 600 222 222",
        ),
        person(3, "Zoe", "Anaya", "zoe@example.com", "+34 600 333 333"),
        person(4, "Bob", "Stone", "ana@example.com", "+44 7700 900123"),
        person(5, "Juana", "Díaz", "juana@example.com", "+34 600 555 555"),
    ]
}

fn second_page() -> Vec<Value> {
    vec![
        person(6, "Anabel", "Ruiz", "anabel@example.com", "+34 600 666 666"),
        person(7, "Carl", "Berg", "carl@example.com", "+46 70 777 77 77"),
    ]
}

/// The customers tab with `pages` of the two in.
fn at_customers(pages: u32) -> (Model, u64) {
    let (mut m, _) = model(false);
    let cmds = ch(&mut m, '2');
    assert!(
        cmds.iter().any(|c| matches!(
            c,
            Cmd::LoadList {
                list: ListQuery::Customers,
                ..
            }
        )),
        "{cmds:?}"
    );
    let req = req_of(cmds.last().unwrap());
    let all = [first_page(), second_page()];
    for (i, rows) in all.iter().take(pages as usize).enumerate() {
        let n = u32::try_from(i).unwrap() + 1;
        let p = page::<CustomerSummary>(rows, 2, n, 7);
        update(&mut m, msgs::page(req, n, 2, p));
    }
    (m, req)
}

fn screen(m: &Model) -> &CustomersScreen {
    match &m.stack[0] {
        Screen::Customers(s) => s,
        other => panic!("not the customers tab: {other:?}"),
    }
}

fn shown(m: &Model) -> Vec<u64> {
    let list = &screen(m).list;
    (0..list.visible_len())
        .map(|i| list.visible_row(i).unwrap().id)
        .collect()
}

fn selected(m: &Model) -> Option<u64> {
    screen(m).selected().map(|r| r.id)
}

#[test]
fn the_customers_tab_is_second() {
    assert_eq!(Tab::ALL[1], Tab::Customers);
    assert_eq!(parse("customers"), Ok(Command::Tab(Tab::Customers)));
    let (m, _) = at_customers(2);
    assert_eq!(m.stack.len(), 1);
    assert_eq!(shown(&m), [1, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn typing_narrows_ranked_and_deleting_widens() {
    let (mut m, _) = at_customers(1);
    ch(&mut m, '/');
    // Case and accents ignored ("Ána"); prefixes of name, last name or
    // e-mail first, in the list's order, then the rest.
    type_text(&mut m, "ANA");
    assert_eq!(shown(&m), [2, 3, 4, 1, 5]);
    type_text(&mut m, "@example.com");
    // The exact e-mail first, then where it is only found inside.
    assert_eq!(shown(&m), [4, 5]);
    for _ in 0.."@example.com".len() {
        press(&mut m, KeyCode::Backspace);
    }
    assert_eq!(shown(&m), [2, 3, 4, 1, 5]);
    for _ in 0..3 {
        press(&mut m, KeyCode::Backspace);
    }
    assert_eq!(shown(&m), [1, 2, 3, 4, 5]);
}

#[test]
fn the_phone_is_searched_too() {
    let (mut m, _) = at_customers(2);
    ch(&mut m, '/');
    type_text(&mut m, "7700 900");
    assert_eq!(shown(&m), [4]);
}

#[test]
fn the_selection_stays_on_its_customer_while_pages_arrive() {
    let (mut m, req) = at_customers(1);
    ch(&mut m, '/');
    type_text(&mut m, "ana");
    // Mariana, fourth: only found inside her name. The selection starts on
    // the best match and the user moves it there.
    for _ in 0..3 {
        press(&mut m, KeyCode::Down);
    }
    assert_eq!(selected(&m), Some(1));
    assert!(render(&mut m, (80, 24)).contains("loading"));
    // Anabel arrives, a prefix match: ranked above Mariana.
    let p = page::<CustomerSummary>(&second_page(), 2, 2, 7);
    update(&mut m, msgs::page(req, 2, 2, p));
    assert_eq!(shown(&m), [2, 6, 3, 4, 1, 5]);
    assert_eq!(selected(&m), Some(1));
    update(&mut m, Msg::TaskDone);
    assert!(!render(&mut m, (80, 24)).contains("loading"));
}

#[test]
fn enter_opens_the_customer() {
    let (mut m, _) = at_customers(2);
    press(&mut m, KeyCode::Down);
    let cmds = press(&mut m, KeyCode::Enter);
    let [Cmd::LoadRecord { record, .. }] = cmds.as_slice() else {
        panic!("{cmds:?}");
    };
    assert_eq!(*record, RecordQuery::Customer(2));
    assert!(matches!(m.stack.last(), Some(Screen::Customer(_))));
}

#[test]
fn the_palette_opens_a_customer_by_id_or_finds_one_by_e_mail() {
    assert_eq!(parse("customer 42"), Ok(Command::Customer("42".into())));
    assert!(parse("customer").is_err());
    let (mut m, _) = model(false);
    ch(&mut m, ':');
    type_text(&mut m, "customer 42");
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(
        cmds.iter().any(|c| matches!(
            c,
            Cmd::LoadRecord {
                record: RecordQuery::Customer(42),
                ..
            }
        )),
        "{cmds:?}"
    );
    assert!(matches!(m.stack.last(), Some(Screen::Customer(_))));

    // An e-mail: the customers tab, searching for it; the match is selected
    // when its page arrives.
    ch(&mut m, ':');
    type_text(&mut m, "customer ana@example.com");
    let cmds = press(&mut m, KeyCode::Enter);
    assert_eq!(m.stack.len(), 1);
    assert_eq!(screen(&m).list.filter.value(), "ana@example.com");
    let req = req_of(cmds.last().unwrap());
    let p = page::<CustomerSummary>(&first_page(), 1, 1, 5);
    update(&mut m, msgs::page(req, 1, 1, p));
    assert_eq!(shown(&m), [4, 5]);
    assert_eq!(selected(&m), Some(4));
    // Two matches: the list stays. The only match opens once the list is in.
    update(&mut m, Msg::TaskDone);
    assert_eq!(m.stack.len(), 1);
    ch(&mut m, ':');
    type_text(&mut m, "customer ZOE@example.com");
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(
        cmds.iter().any(|c| matches!(
            c,
            Cmd::LoadRecord {
                record: RecordQuery::Customer(3),
                ..
            }
        )),
        "{cmds:?}"
    );
    assert!(matches!(m.stack.last(), Some(Screen::Customer(_))));
}

#[test]
fn the_only_match_of_an_e_mail_opens_when_its_page_arrives() {
    let (mut m, _) = model(false);
    ch(&mut m, ':');
    type_text(&mut m, "customer carl@example.com");
    let cmds = press(&mut m, KeyCode::Enter);
    let req = req_of(cmds.last().unwrap());
    let p = page::<CustomerSummary>(&first_page(), 2, 1, 7);
    update(&mut m, msgs::page(req, 1, 2, p));
    assert_eq!(m.stack.len(), 1, "still loading: not yet");
    let p = page::<CustomerSummary>(&second_page(), 2, 2, 7);
    let cmds = update(&mut m, msgs::page(req, 2, 2, p));
    assert!(
        cmds.iter().any(|c| matches!(
            c,
            Cmd::LoadRecord {
                record: RecordQuery::Customer(7),
                ..
            }
        )),
        "{cmds:?}"
    );
    assert!(matches!(m.stack.last(), Some(Screen::Customer(_))));
}

/// Opens the selected customer, answered with `record`.
fn open(m: &mut Model, record: (boxoffice::api::model::Customer, Value)) {
    let cmds = press(m, KeyCode::Enter);
    let [Cmd::LoadRecord { req, record: q }] = cmds.as_slice() else {
        panic!("{cmds:?}");
    };
    assert_eq!(*q, RecordQuery::Customer(record.0.id));
    update(
        m,
        Msg::Reply {
            req: *req,
            reply: Reply::Customer(Ok(record)),
        },
    );
    update(m, Msg::TaskDone);
}

#[test]
fn snapshot_demo_customers() {
    let d = demo::load();
    let (mut m, _) = model(false);
    let cmds = ch(&mut m, '2');
    update(
        &mut m,
        msgs::page(req_of(cmds.last().unwrap()), 1, 1, d.customers.clone()),
    );
    update(&mut m, Msg::TaskDone);
    update(&mut m, Msg::TaskDone);
    snap("demo_customers", &mut m);
    for (name, record) in [
        ("demo_customer", d.customer.clone()),
        ("demo_customer_no_orders", d.customer_no_orders.clone()),
    ] {
        ch(&mut m, '/');
        type_text(&mut m, &record.0.email);
        // One Enter on the filter line opens the best match.
        open(&mut m, record);
        snap(name, &mut m);
        ch(&mut m, 'q');
        press(&mut m, KeyCode::Esc);
    }
}
