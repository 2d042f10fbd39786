//! Orders, products and courses: the root tabs, their lists and details,
//! as flows over `update` and as snapshots of the demo's data.

use boxoffice::app::cmd::RecordQuery;
use boxoffice::app::command::Command;
use boxoffice::app::list::ListQuery;
use boxoffice::app::screens::Screen;
use boxoffice::app::screens::parse_command as parse;
use boxoffice::app::tab::Tab;
use boxoffice::app::{Cmd, Model, Msg, Reply, update};
use crossterm::event::KeyCode;

use crate::demo::{self, Catalog};
use crate::drive::{at_events, at_tickets, ch, model, press, render, req_of, type_text};
use crate::msgs;
use crate::snapshots::snap;

fn loads(cmds: &[Cmd], list: ListQuery) -> bool {
    cmds.iter()
        .any(|c| matches!(c, Cmd::LoadList { list: l, .. } if *l == list))
}

fn cancels(cmds: &[Cmd], req: u64) -> bool {
    cmds.contains(&Cmd::Cancel { req })
}

fn root_tabs(m: &Model) -> Vec<Option<Tab>> {
    m.stack.iter().map(Screen::tab).collect()
}

#[test]
fn a_digit_at_a_root_switches_tab_and_cancels_the_old_stream() {
    // The events list is still streaming.
    let (mut m, start) = model(false);
    let cmds = ch(&mut m, '3');
    assert!(cancels(&cmds, req_of(&start[0])), "{cmds:?}");
    assert!(loads(&cmds, ListQuery::Orders), "{cmds:?}");
    assert_eq!(root_tabs(&m), [Some(Tab::Orders)]);
    let orders = req_of(&cmds[cmds.len() - 1]);
    let cmds = ch(&mut m, '4');
    assert!(cancels(&cmds, orders));
    assert!(loads(&cmds, ListQuery::Products));
    let cmds = ch(&mut m, '5');
    assert!(loads(&cmds, ListQuery::Courses));
    let cmds = ch(&mut m, '1');
    assert!(loads(&cmds, ListQuery::Events));
    assert_eq!(root_tabs(&m), [Some(Tab::Events)]);
    // The tab shown already: nothing to do.
    update(&mut m, Msg::TaskDone);
    assert!(ch(&mut m, '1').is_empty());
    assert_eq!(m.stack.len(), 1);
}

#[test]
fn the_palette_switches_tab_from_deep_in_the_stack() {
    for (word, tab, list) in [
        ("orders", Tab::Orders, ListQuery::Orders),
        ("products", Tab::Products, ListQuery::Products),
        ("courses", Tab::Courses, ListQuery::Courses),
    ] {
        assert_eq!(parse(word), Ok(Command::Tab(tab)));
        // Tickets still streaming, three screens deep.
        let (mut m, tickets) = at_tickets(1);
        ch(&mut m, ':');
        type_text(&mut m, word);
        let cmds = press(&mut m, KeyCode::Enter);
        assert!(cancels(&cmds, tickets), "{word}: {cmds:?}");
        assert!(loads(&cmds, list), "{word}: {cmds:?}");
        assert_eq!(root_tabs(&m), [Some(tab)]);
        // `:events` goes back to the events list, read again.
        ch(&mut m, ':');
        type_text(&mut m, "events");
        let cmds = press(&mut m, KeyCode::Enter);
        assert!(loads(&cmds, ListQuery::Events));
        assert_eq!(root_tabs(&m), [Some(Tab::Events)]);
    }
}

#[test]
fn digits_are_tabs_only_at_a_root() {
    let mut m = at_events();
    press(&mut m, KeyCode::Enter);
    assert!(ch(&mut m, '3').is_empty());
    assert_eq!(m.stack.len(), 2);
}

/// The model at root tab `digit` with the demo's list of it loaded.
fn at_tab(c: &Catalog, digit: char) -> Model {
    let (mut m, _) = model(false);
    update(&mut m, Msg::Resize(80, 24));
    let cmds = ch(&mut m, digit);
    let req = req_of(cmds.last().unwrap());
    let msg = match digit {
        '3' => msgs::page(req, 1, 1, c.orders.clone()),
        '4' => msgs::page(req, 1, 1, c.products.clone()),
        _ => msgs::page(req, 1, 1, c.courses.clone()),
    };
    update(&mut m, msg);
    update(&mut m, Msg::TaskDone);
    update(&mut m, Msg::TaskDone);
    m
}

/// Selects the row whose id is `id` (the lists are in the API's order).
fn select(m: &mut Model, ids: impl Iterator<Item = u64>, id: u64) {
    for other in ids {
        if other == id {
            return;
        }
        press(m, KeyCode::Down);
    }
}

/// Opens the selected row: the detail's read, answered with `reply`.
fn open_detail(m: &mut Model, expect: RecordQuery, reply: Reply) {
    let cmds = press(m, KeyCode::Enter);
    let [Cmd::LoadRecord { req, record }] = cmds.as_slice() else {
        panic!("{cmds:?}");
    };
    assert_eq!(*record, expect);
    update(m, Msg::Reply { req: *req, reply });
    update(m, Msg::TaskDone);
}

#[test]
fn snapshot_catalog_screens() {
    let d = demo::load();
    let c = &d.catalog;

    let mut m = at_tab(c, '3');
    snap("orders", &mut m);
    ch(&mut m, '/');
    type_text(&mut m, "10003");
    snap("orders_filtered", &mut m);
    press(&mut m, KeyCode::Esc);
    press(&mut m, KeyCode::Esc);
    // The filter left the selection on its best match: back to the top.
    press(&mut m, KeyCode::Home);
    let id = c.order.0.id;
    select(&mut m, c.orders.items.iter().map(|o| o.id), id);
    open_detail(
        &mut m,
        RecordQuery::Order(id),
        Reply::Order(Ok(c.order.clone())),
    );
    snap("order", &mut m);
    ch(&mut m, 'r');
    snap("order_raw", &mut m);

    let mut m = at_tab(c, '4');
    snap("products", &mut m);
    let id = c.product.0.id;
    select(&mut m, c.products.items.iter().map(|p| p.id), id);
    open_detail(
        &mut m,
        RecordQuery::Product(id),
        Reply::Product(Ok(c.product.clone())),
    );
    snap("product_without_image", &mut m);

    let mut m = at_tab(c, '5');
    snap("courses", &mut m);
    let id = c.course.0.id;
    open_detail(
        &mut m,
        RecordQuery::Course(id),
        Reply::Course(Ok(c.course.clone())),
    );
    snap("course", &mut m);
    let cmds = ch(&mut m, 'e');
    assert!(loads(&cmds, ListQuery::CourseEnrollments { course_id: id }));
    update(
        &mut m,
        msgs::page(req_of(&cmds[0]), 1, 1, c.enrollments.clone()),
    );
    update(&mut m, Msg::TaskDone);
    snap("course_enrollments", &mut m);
}

#[test]
fn e_on_a_course_row_opens_its_enrollments() {
    let d = demo::load();
    let mut m = at_tab(&d.catalog, '5');
    let id = d.catalog.courses.items[0].id;
    let cmds = ch(&mut m, 'e');
    assert!(loads(&cmds, ListQuery::CourseEnrollments { course_id: id }));
    assert!(matches!(m.top(), Some(Screen::CourseEnrollments(_))));
    // Back, and the list's read is cancelled with it.
    let back = ch(&mut m, 'q');
    assert!(cancels(&back, req_of(&cmds[0])));
    assert!(matches!(m.top(), Some(Screen::Courses(_))));
    assert!(!render(&mut m, (80, 24)).is_empty());
}

#[test]
fn orders_filter_over_number_customer_and_e_mail() {
    let d = demo::load();
    let c = &d.catalog;
    let mut m = at_tab(c, '3');
    let shown = |m: &Model| match m.top() {
        Some(Screen::Orders(s)) => s.list.visible_len(),
        other => panic!("not on orders: {other:?}"),
    };
    let all = shown(&m);
    assert_eq!(all, c.orders.items.len());
    let first = &c.orders.items[0];
    for query in [
        first.number.as_str(),
        first.customer.email.as_str(),
        // Case and accents ignored: "Ana García" is found as "ana garcia".
        "ana garcia",
    ] {
        ch(&mut m, '/');
        type_text(&mut m, query);
        let n = shown(&m);
        assert!(n >= 1 && n < all, "{query}: {n} of {all}");
        press(&mut m, KeyCode::Esc);
        press(&mut m, KeyCode::Esc);
        assert_eq!(shown(&m), all);
    }
}

#[test]
fn r_reads_a_list_and_a_detail_again() {
    let d = demo::load();
    let c = &d.catalog;
    let mut m = at_tab(c, '4');
    let cmds = ch(&mut m, 'R');
    assert!(loads(&cmds, ListQuery::Products), "{cmds:?}");
    let id = c.products.items[0].id;
    let cmds = press(&mut m, KeyCode::Enter);
    assert_eq!(
        cmds,
        [Cmd::LoadRecord {
            req: req_of(&cmds[0]),
            record: RecordQuery::Product(id)
        }]
    );
    let cmds = ch(&mut m, 'R');
    assert!(matches!(
        cmds.as_slice(),
        [Cmd::LoadRecord { record: RecordQuery::Product(p), .. }] if *p == id
    ));
}

/// A detail whose record cannot be read says why and leaves the user on
/// the list it was opened from.
#[test]
fn a_detail_that_cannot_be_read_says_so() {
    let d = demo::load();
    let mut m = at_tab(&d.catalog, '3');
    let cmds = press(&mut m, KeyCode::Enter);
    update(
        &mut m,
        Msg::Reply {
            req: req_of(&cmds[0]),
            reply: Reply::Order(Err(crate::data::api_error(404, "Order not found"))),
        },
    );
    assert_eq!(
        m.last_error.as_deref(),
        Some("order: Order not found (code 404)")
    );
    assert_eq!(m.stack.len(), 1, "back on the orders list");
    assert!(render(&mut m, (80, 24)).contains("last error: order: Order"));
}

#[test]
fn the_tabs_fit_a_narrow_header() {
    let d = demo::load();
    let mut m = at_tab(&d.catalog, '5');
    let screen = render(&mut m, (40, 12));
    assert!(screen.contains("[5 Courses]"), "{screen}");
    assert!(
        render(&mut m, (80, 24)).contains("1 Events 2 Customers 3 Orders 4 Products [5 Courses]")
    );
}
