//! Enroll one customer in an event (the customer screen's `n`): pick the
//! event, then its edition or the event itself, confirm, send once.

use std::time::Duration;

use boxoffice::api::Client;
use boxoffice::api::model::{Edition, Event};
use boxoffice::app::executor::Executor;
use boxoffice::app::list::ListQuery;
use boxoffice::app::overlays::enroll_in::{EnrollIn, ITSELF, Stage};
use boxoffice::app::overlays::{Overlay, OverlayComponent, Sent};
use boxoffice::app::{Cmd, Model, Msg, Reply, update};
use crossterm::event::KeyCode;
use tokio::sync::mpsc;

use crate::data::{api_error, editions, events, page};
use crate::drive::{at_events, ch, press, render, req_of, toasted, type_text};
use crate::msgs;

pub const WHO: &str = "Ana Pérez <ana@example.com>";
const CUSTOMER: u64 = 777;

/// The events list with the overlay open over it: the events' request.
pub fn opened(m: &mut Model, customer_id: u64) -> u64 {
    let layout = m.layout;
    let (overlay, cmd) = EnrollIn::open(&mut m.ctx(), customer_id, WHO.into(), &layout);
    assert!(
        matches!(
            cmd,
            Cmd::LoadList {
                list: ListQuery::Events,
                ..
            }
        ),
        "{cmd:?}"
    );
    m.overlay = Some(Overlay::EnrollIn(overlay));
    req_of(&cmd)
}

/// The overlay open with the test events in.
pub fn with_events() -> Model {
    let mut m = at_events();
    let req = opened(&mut m, CUSTOMER);
    update(
        &mut m,
        msgs::page::<Event>(req, 1, 1, page(&events(), 1, 1, 3)),
    );
    update(&mut m, Msg::TaskDone);
    m
}

pub fn overlay(m: &Model) -> &EnrollIn {
    match &m.overlay {
        Some(Overlay::EnrollIn(o)) => o,
        other => panic!("not enrolling: {other:?}"),
    }
}

/// Filters on `text`, presses Enter: the editions' request for `event_id`.
pub fn pick_event(m: &mut Model, text: &str, event_id: u64) -> u64 {
    type_text(m, text);
    let cmds = press(m, KeyCode::Enter);
    let [Cmd::LoadList { req, list }] = cmds.as_slice() else {
        panic!("{cmds:?}")
    };
    assert_eq!(*list, ListQuery::Editions { event_id });
    *req
}

/// The conference's three editions, in.
pub fn at_editions() -> Model {
    let mut m = with_events();
    let req = pick_event(&mut m, "rust", 1);
    update(
        &mut m,
        msgs::page::<Edition>(req, 1, 1, page(&editions(), 1, 1, 3)),
    );
    update(&mut m, Msg::TaskDone);
    m
}

/// Day 2 confirmed: the request of the one send.
fn sent_day_2(m: &mut Model) -> u64 {
    press(m, KeyCode::Down);
    assert!(press(m, KeyCode::Enter).is_empty());
    let cmds = ch(m, 'y');
    let [
        Cmd::EnrollCustomer {
            req,
            event_id: 12,
            customer_id: CUSTOMER,
            enrollment_type,
        },
    ] = cmds.as_slice()
    else {
        panic!("{cmds:?}")
    };
    assert_eq!(enrollment_type, "paid");
    *req
}

#[test]
fn typing_filters_the_events_and_progress_shows_while_pages_stream() {
    let mut m = at_events();
    let req = opened(&mut m, CUSTOMER);
    assert_eq!(overlay(&m).streaming(), vec![req]);
    update(
        &mut m,
        msgs::page::<Event>(req, 1, 2, page(&events()[..2], 2, 1, 3)),
    );
    assert!(render(&mut m, (80, 24)).contains("loading 1/2 pages"));
    update(
        &mut m,
        msgs::page::<Event>(req, 2, 2, page(&events()[2..], 2, 2, 3)),
    );
    assert!(overlay(&m).streaming().is_empty());
    type_text(&mut m, "jazz");
    let o = overlay(&m);
    assert_eq!(o.events.visible_len(), 1);
    assert_eq!(o.events.selected().unwrap().id, 2);
    press(&mut m, KeyCode::Backspace);
    press(&mut m, KeyCode::Backspace);
    press(&mut m, KeyCode::Backspace);
    press(&mut m, KeyCode::Backspace);
    assert_eq!(overlay(&m).events.visible_len(), 3);
    press(&mut m, KeyCode::Down);
    assert_eq!(overlay(&m).events.selected().unwrap().id, 2);
}

#[test]
fn enter_on_an_event_asks_for_its_editions_and_esc_goes_back_with_the_filter_kept() {
    let mut m = with_events();
    let req = pick_event(&mut m, "rust", 1);
    let o = overlay(&m);
    assert_eq!(o.stage, Stage::Editions);
    assert!(o.owns(req));
    assert!(o.streaming().contains(&req));
    // Back while the editions still stream: their read is cancelled, and a
    // late page is nobody's.
    assert_eq!(press(&mut m, KeyCode::Esc), [Cmd::Cancel { req }]);
    let o = overlay(&m);
    assert_eq!(o.stage, Stage::Events);
    assert_eq!(o.events.filter.value(), "rust");
    assert_eq!(o.events.selected().unwrap().id, 1);
    assert!(!o.owns(req));
    update(
        &mut m,
        msgs::page::<Edition>(req, 1, 1, page(&editions(), 1, 1, 3)),
    );
    assert!(overlay(&m).editions.is_none());
    // Esc on the events closes.
    press(&mut m, KeyCode::Esc);
    assert!(m.overlay.is_none());
}

#[test]
fn an_event_without_editions_targets_the_event_itself() {
    let mut m = with_events();
    let req = pick_event(&mut m, "jazz", 2);
    assert!(
        press(&mut m, KeyCode::Enter).is_empty(),
        "not before the editions are known"
    );
    assert_eq!(overlay(&m).stage, Stage::Editions);
    update(&mut m, msgs::page::<Edition>(req, 1, 0, page(&[], 0, 1, 0)));
    assert!(render(&mut m, (80, 24)).contains("the event itself"));
    press(&mut m, KeyCode::Enter);
    let target = overlay(&m).target().unwrap().clone();
    assert_eq!(target.id, 2);
    assert_eq!(target.edition, ITSELF);
    assert_eq!(target.label(), "Evening Jazz Series · the event itself");
    let cmds = ch(&mut m, 'y');
    assert!(
        matches!(
            cmds.as_slice(),
            [Cmd::EnrollCustomer {
                event_id: 2,
                customer_id: CUSTOMER,
                ..
            }]
        ),
        "{cmds:?}"
    );
}

#[test]
fn confirm_sends_one_enroll_and_keys_while_sending_send_nothing() {
    let mut m = at_editions();
    assert_eq!(
        overlay(&m)
            .editions
            .as_ref()
            .unwrap()
            .list
            .selected()
            .unwrap()
            .id,
        11
    );
    // n goes back to the editions, the selection kept.
    press(&mut m, KeyCode::Down);
    press(&mut m, KeyCode::Enter);
    assert!(matches!(overlay(&m).stage, Stage::Confirm(_)));
    assert!(ch(&mut m, 'n').is_empty());
    assert_eq!(overlay(&m).stage, Stage::Editions);
    press(&mut m, KeyCode::Up);

    let req = sent_day_2(&mut m);
    let o = overlay(&m);
    assert_eq!(o.sending(), Some(req));
    assert_eq!(
        o.sent_what(),
        Sent {
            who: "ana@example.com".into(),
            target: "Rust Belt Conference 2026 · Rust Belt 2026 · Day 2 · 2026-12-02".into(),
            event_id: Some(12),
            customer_id: Some(CUSTOMER),
        }
    );
    for code in [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Char('y'),
        KeyCode::Char('n'),
    ] {
        assert!(press(&mut m, code).is_empty(), "{code:?} while sending");
    }
    assert!(matches!(overlay(&m).stage, Stage::Sending(r, _) if r == req));
}

/// After a failed send the confirmation stays with the error. What `y`
/// offers follows the error's kind, for every kind: a refusal (the API's
/// business error, authentication, the app's own refusal before sending)
/// would be refused again, so it is not offered — only the way back; a
/// write checked and not applied, or pushed back, is offered again.
#[test]
fn a_failed_send_offers_y_again_unless_it_was_refused() {
    use boxoffice::api::ApiError;
    let refused = [
        api_error(1006, "Already enrolled"),
        ApiError::Auth {
            status: 403,
            message: Some("Forbidden".into()),
        },
        ApiError::Refused("the edition ended".into()),
    ];
    let retried = [
        ApiError::NotApplied("the enrollment was read again: not there".into()),
        ApiError::Status {
            status: 429,
            message: None,
        },
    ];
    let cases = refused
        .into_iter()
        .map(|e| (e, true))
        .chain(retried.into_iter().map(|e| (e, false)));
    for (error, is_refusal) in cases {
        let mut m = at_editions();
        let req = sent_day_2(&mut m);
        let said = error.to_string();
        let cmds = update(
            &mut m,
            Msg::Reply {
                req,
                reply: Reply::Enrolled(Err(error), None),
            },
        );
        assert!(cmds.is_empty(), "{cmds:?}");
        let o = overlay(&m);
        assert!(
            matches!(&o.stage, Stage::Confirm(t) if t.id == 12),
            "{said}"
        );
        assert_eq!(o.sending(), None);
        let shown = render(&mut m, (80, 24));
        assert!(
            shown.contains(said.chars().take(12).collect::<String>().as_str()),
            "{said}\n{shown}"
        );
        assert_eq!(shown.contains("retry"), !is_refusal, "{said}\n{shown}");
        let cmds = ch(&mut m, 'y');
        if is_refusal {
            assert!(cmds.is_empty(), "{said}: sent again {cmds:?}");
            assert!(overlay(&m).error.is_some(), "{said}");
        } else {
            let [
                Cmd::EnrollCustomer {
                    req: again,
                    event_id: 12,
                    ..
                },
            ] = cmds.as_slice()
            else {
                panic!("{said}: {cmds:?}")
            };
            assert_ne!(*again, req);
            assert!(overlay(&m).error.is_none());
        }
    }
    // Back from a refusal, the next edition's confirmation offers `y` again.
    let mut m = at_editions();
    let req = sent_day_2(&mut m);
    update(
        &mut m,
        Msg::Reply {
            req,
            reply: Reply::Enrolled(Err(api_error(1006, "Already enrolled")), None),
        },
    );
    press(&mut m, KeyCode::Esc);
    assert!(matches!(overlay(&m).stage, Stage::Editions));
    assert!(!overlay(&m).refused);
}

#[test]
fn a_success_closes_toasts_and_reads_again_what_changed() {
    let mut m = at_editions();
    let req = sent_day_2(&mut m);
    let cmds = update(&mut m, msgs::enrolled(req, Ok(())));
    assert!(m.overlay.is_none());
    assert!(toasted(
        &m,
        "enrolled ana@example.com in Rust Belt Conference 2026 · Rust Belt 2026 · Day 2 · 2026-12-02"
    ));
    // The events list under it re-reads its counters.
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::LoadList {
            list: ListQuery::Events,
            ..
        }
    )));
}

#[test]
fn a_page_error_toasts_and_leaves_the_overlay_open() {
    let mut m = at_events();
    let req = opened(&mut m, CUSTOMER);
    update(
        &mut m,
        msgs::page_failed(req, api_error(500, "Events unavailable")),
    );
    assert!(toasted(&m, "Events unavailable"));
    assert!(overlay(&m).streaming().is_empty());
}

#[test]
fn it_draws_at_40x12_in_every_stage() {
    let mut m = at_editions();
    for screen in [
        render(&mut m, (40, 12)),
        {
            press(&mut m, KeyCode::Enter);
            render(&mut m, (40, 12))
        },
        {
            ch(&mut m, 'y');
            render(&mut m, (40, 12))
        },
    ] {
        assert!(screen.contains("Enroll in an event"), "{screen}");
    }
    let mut m = with_events();
    let screen = render(&mut m, (40, 12));
    assert!(screen.contains("Rust Belt"), "{screen}");
}

/// Runs the commands through the real executor and feeds its answers to
/// `update` until `done` says so (or 10 s pass).
async fn run_until(
    m: &mut Model,
    cmds: Vec<Cmd>,
    exec: &mut Executor,
    client: &Client,
    rx: &mut mpsc::UnboundedReceiver<Msg>,
    mut done: impl FnMut(&Model, &Msg) -> bool,
) {
    for cmd in cmds {
        exec.run(cmd, client);
    }
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), rx.recv())
            .await
            .expect("an answer within 10 s")
            .expect("the channel open");
        let stop = done(m, &msg);
        for cmd in update(m, msg) {
            exec.run(cmd, client);
        }
        if stop {
            return;
        }
    }
}

/// A customer of the demo with no ticket in the conference's Day 2.
async fn not_in_day_2(client: &Client) -> u64 {
    let events = client.events(1, 100).await.unwrap();
    let conference = events
        .items
        .iter()
        .find(|e| e.name.as_deref() == Some("Rust Belt Conference 2026"))
        .unwrap()
        .id;
    let day_2 = client
        .editions(conference)
        .await
        .unwrap()
        .items
        .iter()
        .find(|e| e.name.as_deref() == Some("Day 2"))
        .unwrap()
        .id;
    let mut taken = Vec::new();
    let mut page = 1;
    loop {
        let tickets = client.tickets(day_2, page, 100).await.unwrap();
        taken.extend(
            tickets
                .items
                .iter()
                .filter_map(|t| t.attendee.as_ref()?.email.clone()),
        );
        if page >= tickets.pages() {
            break;
        }
        page += 1;
    }
    client
        .customers(1, 100)
        .await
        .unwrap()
        .items
        .iter()
        .find(|c| !taken.contains(&c.email))
        .expect("a customer not in Day 2")
        .id
}

#[test]
fn demo_a_customer_is_enrolled_in_an_edition_of_the_conference() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (sb, client) = crate::common::sandbox::pinned_with_client("2026-11-25 10:00:00").await;
        let customer = not_in_day_2(&client).await;
        let (tx, mut rx) = mpsc::unbounded_channel();
        // The app's clock is the sandbox's: "has it ended" is judged at it.
        let mut exec = Executor::new(tx).pinned(Some("2026-11-25 10:00:00".into()));

        let (mut m, _) = crate::drive::model(false);
        let layout = m.layout;
        let (o, cmd) = EnrollIn::open(&mut m.ctx(), customer, WHO.into(), &layout);
        m.overlay = Some(Overlay::EnrollIn(o));
        run_until(&mut m, vec![cmd], &mut exec, &client, &mut rx, |m, msg| {
            matches!(msg, Msg::TaskDone) && overlay(m).streaming().is_empty()
        })
        .await;
        assert!(overlay(&m).events.complete());

        type_text(&mut m, "rust belt conference");
        let cmds = press(&mut m, KeyCode::Enter);
        assert_eq!(
            overlay(&m).editions.as_ref().unwrap().event.name,
            "Rust Belt Conference 2026"
        );
        run_until(&mut m, cmds, &mut exec, &client, &mut rx, |m, msg| {
            matches!(msg, Msg::TaskDone) && overlay(m).streaming().is_empty()
        })
        .await;
        let eds = &overlay(&m).editions.as_ref().unwrap().list;
        assert!(eds.list.len() > 1, "a multi-edition conference");
        // Day 2, an edition still to come at the pinned clock.
        while overlay(&m)
            .editions
            .as_ref()
            .unwrap()
            .list
            .selected()
            .unwrap()
            .name
            != "Day 2"
        {
            press(&mut m, KeyCode::Down);
        }
        let edition = overlay(&m)
            .editions
            .as_ref()
            .unwrap()
            .list
            .selected()
            .unwrap()
            .id;
        press(&mut m, KeyCode::Enter);
        let cmds = ch(&mut m, 'y');
        assert!(
            matches!(cmds.as_slice(), [Cmd::EnrollCustomer { event_id, customer_id, .. }]
                if *event_id == edition && *customer_id == customer),
            "{cmds:?}"
        );
        let sent = req_of(&cmds[0]);
        let mut answer = None;
        run_until(&mut m, cmds, &mut exec, &client, &mut rx, |_, msg| {
            if let Msg::Reply {
                req,
                reply: Reply::Enrolled(result, _),
            } = msg
                && *req == sent
            {
                answer = Some(result.clone());
                return true;
            }
            false
        })
        .await;
        assert_eq!(answer, Some(Ok(())), "the API answered OK");
        assert!(m.overlay.is_none());
        // Named by the edition its new ticket belongs to, as the API
        // returns it (issue 45): its name and its day, not its id.
        let toasts: Vec<&str> = m.toasts.shown.iter().map(|t| t.text.as_str()).collect();
        assert!(
            toasted(&m, "enrolled ana@example.com in ")
                && toasted(
                    &m,
                    &format!("Day 2 (Thu 26 Nov), event {edition}: ticket TK-")
                ),
            "{toasts:?}"
        );
        sb.shutdown().await;
    });
}

/// The demo's conference (pinned to 2026-11-25): the edition picker opens on
/// today's edition, marks each edition, and refuses the ended one on
/// `Enter` with the reason, before any confirmation.
#[test]
fn over_the_demo_the_editions_open_on_today_and_an_ended_one_is_refused() {
    let d = crate::demo::load();
    let mut m = at_events();
    update(&mut m, Msg::Clock("2026-11-25 10:00:00".into()));
    let req = opened(&mut m, CUSTOMER);
    update(&mut m, msgs::page(req, 1, 1, d.events.clone()));
    update(&mut m, Msg::TaskDone);
    let conference = d.event.0.id;
    let req = pick_event(&mut m, "rust belt", conference);
    update(&mut m, msgs::page(req, 1, 1, d.editions.clone()));
    update(&mut m, Msg::TaskDone);
    let eds = overlay(&m).editions.as_ref().unwrap();
    assert_eq!(eds.list.selected().unwrap().name, "Day 1");
    let position = |name: &str| {
        (0..eds.list.visible_len())
            .find(|&i| eds.list.visible_row(i).unwrap().name.contains(name))
            .unwrap()
    };
    let (ended, at) = (position("Warm-up"), position("Day 1"));
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("today"), "{screen}");
    assert!(screen.contains("past"), "{screen}");

    // To the warm-up that has ended: Enter refuses it, sends nothing.
    let key = if ended > at {
        KeyCode::Down
    } else {
        KeyCode::Up
    };
    for _ in 0..ended.abs_diff(at) {
        press(&mut m, key);
    }
    assert!(press(&mut m, KeyCode::Enter).is_empty());
    let o = overlay(&m);
    assert_eq!(
        o.stage,
        Stage::Editions,
        "an ended edition is not confirmed"
    );
    assert!(o.error.as_deref().unwrap().contains("has ended"));
    assert!(render(&mut m, (80, 24)).contains("has ended"));

    // Back on today's edition: the confirmation names it and its date.
    let key = if ended > at {
        KeyCode::Up
    } else {
        KeyCode::Down
    };
    for _ in 0..ended.abs_diff(at) {
        press(&mut m, key);
    }
    assert!(press(&mut m, KeyCode::Enter).is_empty());
    let Stage::Confirm(target) = &overlay(&m).stage else {
        panic!("{:?}", overlay(&m).stage)
    };
    assert_eq!(target.edition, "Day 1 · 2026-11-25");
    assert!(target.detail.ends_with("today"), "{}", target.detail);
    let screen = render(&mut m, (80, 24));
    assert!(
        screen.contains("· Day 1 ·") && screen.contains("2026-11-25 (paid)?"),
        "{screen}"
    );
}

/// Issue 32 item 3 on the screens, with the real executor against the
/// sandbox at 11:30 UTC: Madrid's 10:00–12:00 session of today ended at
/// 11:00 UTC. The e-mail form and the customer picker's confirmation both
/// send nothing: the form stays open with everything typed and says which
/// edition and when it ended, in Madrid's time (at 80×24 and 40×12); the
/// picker stays at its confirmation with the reason.
#[test]
fn the_forms_refuse_an_edition_that_ended_today_and_keep_what_was_typed() {
    use boxoffice::app::list::rows::CustomerRow;
    use boxoffice::app::overlays::customer_picker::{CustomerPicker, PickerStage};
    use boxoffice::app::overlays::enroll::EnrollForm;
    const NOW: &str = "2026-11-25 11:30:00";
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let (sb, client) = crate::common::sandbox::pinned_with_client(NOW).await;
        let session = crate::common::sandbox::ended_edition(&client, NOW).await;
        let (tx, mut rx) = mpsc::unbounded_channel();
        let mut exec = Executor::new(tx).pinned(Some(NOW.into()));
        let (mut m, _) = crate::drive::model(false);
        m.overlay = Some(Overlay::Enroll(EnrollForm::new(
            session,
            "Daily Rust Workshop — Session 6".into(),
        )));
        type_text(&mut m, "late.comer@example.com");
        press(&mut m, KeyCode::Tab);
        type_text(&mut m, "Late");
        press(&mut m, KeyCode::Tab);
        type_text(&mut m, "Comer");
        let cmds = press(&mut m, KeyCode::Enter);
        assert!(
            matches!(cmds.as_slice(), [Cmd::EnrollByEmail { .. }]),
            "{cmds:?}"
        );
        run_until(&mut m, cmds, &mut exec, &client, &mut rx, |_, msg| {
            matches!(
                msg,
                Msg::Reply {
                    reply: Reply::Enrolled(..),
                    ..
                }
            )
        })
        .await;
        let Some(Overlay::Enroll(form)) = &m.overlay else {
            panic!("the form stays open: {:?}", m.overlay.is_some())
        };
        assert_eq!(
            (form.value(0), form.value(1), form.value(2)),
            ("late.comer@example.com", "Late", "Comer"),
            "everything typed is kept"
        );
        let said = form.api_error.clone().unwrap_or_default();
        assert!(
            said.contains(&format!(
                "({session}) ended Wed 25 Nov 2026 12:00 Europe/Madrid"
            )),
            "{said}"
        );
        let wide = render(&mut m, (80, 24));
        assert!(wide.contains("ended Wed 25 Nov"), "{wide}");
        let narrow = render(&mut m, (40, 12));
        assert!(narrow.contains("ended"), "{narrow}");
        assert!(narrow.contains("late.comer@"), "{narrow}");

        // The customer picker, at its confirmation: Enter refuses the same.
        let req = m.ids.take();
        let (mut picker, _) = CustomerPicker::open(
            session,
            "Session 6".into(),
            req,
            (m.layout.body, m.options.settings.lang),
        );
        let customer = client.customers(1, 1).await.unwrap().items.remove(0);
        picker.stage = PickerStage::Confirm(CustomerRow::new(&customer));
        m.overlay = Some(Overlay::Picker(picker));
        let cmds = press(&mut m, KeyCode::Enter);
        assert!(
            matches!(cmds.as_slice(), [Cmd::EnrollCustomer { .. }]),
            "{cmds:?}"
        );
        run_until(&mut m, cmds, &mut exec, &client, &mut rx, |_, msg| {
            matches!(
                msg,
                Msg::Reply {
                    reply: Reply::Enrolled(..),
                    ..
                }
            )
        })
        .await;
        let shown = render(&mut m, (80, 24));
        assert!(shown.contains("ended Wed 25 Nov"), "{shown}");
        // Refused: `y` is not offered again, and Enter sends nothing.
        assert!(!shown.contains("retries"), "{shown}");
        assert!(press(&mut m, KeyCode::Enter).is_empty());
        assert!(
            sb.requests().iter().all(|r| r.method != "POST"),
            "nothing sent"
        );
        sb.shutdown().await;
    });
}

/// The mark an edition wears follows the one rule of "ended": over the
/// demo's editions, at every hour of each one's days and the days around
/// them, an edition the rule calls ended is `past` (never `today`), and one
/// it does not call ended is marked by its days. A session of today that
/// is over was once still "today".
#[test]
fn an_edition_is_past_once_it_has_ended_by_the_rule_not_only_by_its_day() {
    use boxoffice::api::ended;
    use boxoffice::app::list::rows::EditionRow;
    use boxoffice::app::list::rows::format::{When, when};
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let (sb, client) = crate::common::sandbox::pinned_with_client("2026-11-25 11:30:00").await;
        let mut checked = 0;
        let mut ended_today = 0;
        for event in client.events(1, 100).await.unwrap().items {
            for ed in client.editions(event.id).await.unwrap().items {
                let row = EditionRow::new(&ed);
                let Some(first) = ed.start_date.as_deref().and_then(|d| d.get(..10)) else {
                    continue;
                };
                let part =
                    |r: std::ops::Range<usize>| first.get(r).and_then(|p| p.parse::<u32>().ok());
                let (Some(y), Some(mo), Some(d)) = (part(0..4), part(5..7), part(8..10)) else {
                    panic!("the sandbox's dates are dates: {first}")
                };
                let days = boxoffice::civil::to_days(i64::from(y), mo, d);
                for day in days - 1..=days + 3 {
                    for hour in 0..24 {
                        let (y, mo, d) = boxoffice::civil::from_days(day);
                        let now = format!("{y:04}-{mo:02}-{d:02} {hour:02}:30:00");
                        let by_days = when(ed.start_date.as_deref(), ed.end_date.as_deref(), &now);
                        let over = ended::of_edition(&ed).ended(&now).is_some();
                        let mark = row.when(&now);
                        if over {
                            assert_eq!(mark, Some(When::Past), "{} at {now}", ed.id);
                            ended_today += usize::from(by_days == Some(When::Today));
                        } else {
                            assert_eq!(mark, by_days, "{} at {now}", ed.id);
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "only {checked} marks checked");
        assert!(ended_today > 0, "no edition ended on one of its own days");
        sb.shutdown().await;
    });
}
