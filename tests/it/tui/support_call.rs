//! Issue 20, the support call without a wrong turn, against the demo
//! sandbox through the real executor: the enroll picker on today's edition,
//! the new ticket seen at once under the customer (with its date, no toast
//! over it) at every size.

use boxoffice::app::executor::Executor;
use boxoffice::app::overlays::Overlay;
use crossterm::event::KeyCode;

use crate::drive::{ch, press, render};
use crate::support::{command, customer, settle};

const NOW: &str = "2026-11-25 10:00:00";

/// `n` on a demo customer, the conference, today's edition picked as the
/// picker opens, `y`: the screen until the new ticket is listed.
#[test]
fn after_an_enroll_the_new_ticket_is_in_view_with_its_date_and_no_toast_over_it() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (_sb, client) = crate::common::sandbox::pinned_with_client(NOW).await;
        // A customer without orders: not enrolled in the conference yet.
        let customers = client.customers(1, 100).await.unwrap();
        let mut who = None;
        for c in customers.items.iter().rev() {
            let (full, _) = client.customer(c.id).await.unwrap();
            if full.orders.as_ref().is_none_or(Vec::is_empty) {
                who = Some(c.id);
                break;
            }
        }
        let who = who.expect("a demo customer without orders");

        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let mut exec = Executor::new(tx).pinned(Some(NOW.into()));
        let (mut m, cmds) = crate::drive::model(false);
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            m.in_flight == 0
        })
        .await;
        update_clock(&mut m);
        let cmds = command(&mut m, &format!("customer {who}"));
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            customer(m).detail.record.loaded().is_some()
        })
        .await;
        let before = customer(&m).tickets.len();

        let cmds = ch(&mut m, 'n');
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            m.in_flight == 0
        })
        .await;
        crate::drive::type_text(&mut m, "rust belt");
        let cmds = press(&mut m, KeyCode::Enter);
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            m.in_flight == 0
        })
        .await;
        let Some(Overlay::EnrollIn(o)) = &m.overlay else {
            panic!("{:?}", m.overlay)
        };
        let picked = o.editions.as_ref().unwrap().list.selected().unwrap();
        assert_eq!(picked.name, "Day 1", "the picker starts on today's edition");
        assert!(press(&mut m, KeyCode::Enter).is_empty());
        let cmds = ch(&mut m, 'y');
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            m.in_flight == 0 && customer(m).tickets.len() > before
        })
        .await;
        assert!(m.overlay.is_none());
        let c = customer(&m);
        let new = c
            .tickets
            .iter()
            .find(|f| f.scope.title.contains("Day 1"))
            .unwrap();
        let number = new.row.number().to_string();
        assert!(
            new.scope.title.ends_with("· 2026-11-25"),
            "{}",
            new.scope.title
        );
        assert!(!m.toasts.is_empty(), "the enroll's toast is still up");

        for size in [(40, 12), (80, 24), (160, 45)] {
            let screen = render(&mut m, size);
            let line = screen
                .lines()
                .find(|l| l.contains(&number) && !l.contains("Enter:"))
                .unwrap_or_else(|| panic!("{number} not in view at {size:?}:\n{screen}"));
            assert!(
                !line.contains('✓'),
                "a toast over the new row at {size:?}:\n{screen}"
            );
            // The date may be cut at 40 columns, but the row shows where
            // its date is: at least its start.
            if size.0 >= 80 {
                assert!(
                    line.contains("2026-11-25"),
                    "no date at {size:?}:\n{screen}"
                );
            }
            assert!(
                screen.contains("✓ enrolled"),
                "the toast moved, not gone:\n{screen}"
            );
            if size == (160, 45) {
                // Scrolled to the new row at 40×12; grown, the top is back.
                assert_eq!(customer(&m).detail.scroll, 0);
                assert!(
                    screen.lines().nth(2).unwrap().starts_with("\"who "),
                    "{screen}"
                );
            }
            insta::assert_snapshot!(
                format!("support_after_enroll_{}x{}", size.0, size.1),
                screen
            );
        }
    });
}

/// The executor's clock reaches the model as the runtime would tell it.
fn update_clock(m: &mut boxoffice::app::Model) {
    boxoffice::app::update(m, boxoffice::app::Msg::Clock(NOW.into()));
}

/// `:ticket` reads a number as it is said: `tk 000230`, `TK000230` and
/// `230` open the same ticket of the demo, through the real executor (the
/// first two search the current and upcoming events, `230` is its id).
#[test]
fn ticket_numbers_as_they_are_said_open_the_same_ticket() {
    use boxoffice::app::screens::Screen;

    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (_sb, client) = crate::common::sandbox::pinned_with_client(NOW).await;
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let mut exec = Executor::new(tx).pinned(Some(NOW.into()));
        let (mut m, cmds) = crate::drive::model(false);
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            m.in_flight == 0
        })
        .await;
        for said in ["tk 000230", "TK000230", "230", "tk-000230"] {
            let cmds = command(&mut m, &format!("ticket {said}"));
            settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
                m.overlay.is_none()
                    && matches!(m.top(), Some(Screen::Ticket(t)) if t.ticket().is_some())
            })
            .await;
            let Some(Screen::Ticket(t)) = m.top() else {
                unreachable!()
            };
            assert_eq!(
                t.ticket().unwrap().number.as_deref(),
                Some("TK-000230"),
                "{said}"
            );
            assert!(m.toasts.is_empty(), "{said}: {:?}", m.toasts);
            // Jumped to, not walked to from the list: the crumbs say so.
            let screen = render(&mut m, (80, 24));
            let title = screen.lines().next().unwrap();
            assert!(title.contains("Events · :"), "{title}");
            press(&mut m, KeyCode::Esc);
            assert_eq!(m.stack.len(), 1);
        }
    });
}

/// The 100,000-customer sandbox: `arjun rossi` typed letter by letter into
/// the Customers filter. After every letter the best match (the lowest rank
/// shown) is selected and in view; one Enter opens arjun.rossi147, not one
/// of the 44 fans of the same name.
#[test]
fn in_the_large_business_the_filter_keeps_the_best_match_and_enter_opens_it() {
    use boxoffice::app::screens::Screen;
    use boxoffice::sandbox::{SandboxConfig, Scale};

    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let sb = crate::common::sandbox::start(SandboxConfig {
            scale: Scale::Large,
            ..crate::common::sandbox::pinned(NOW)
        })
        .await;
        let client = boxoffice::api::Client::new(boxoffice::api::ClientConfig::new(
            sb.base_url(),
            boxoffice::api::ApiKey::new(sb.api_key()),
        ))
        .unwrap();
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let mut exec = Executor::new(tx).pinned(Some(NOW.into()));
        let (mut m, cmds) = crate::drive::model(false);
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            m.in_flight == 0
        })
        .await;
        let cmds = ch(&mut m, '2');
        settle(&mut m, cmds, &mut exec, &client, &mut rx, |m| {
            m.in_flight == 0
        })
        .await;
        let list = |m: &boxoffice::app::Model| match m.top() {
            Some(Screen::Customers(s)) => s.list.clone(),
            other => panic!("not the customers tab: {other:?}"),
        };
        assert!(list(&m).list.len() > 100_000, "{}", list(&m).list.len());

        ch(&mut m, '/');
        let mut typed = String::new();
        for c in "arjun rossi".chars() {
            ch(&mut m, c);
            typed.push(c);
            let l = list(&m);
            let needle = boxoffice::search::fold(&typed);
            let best = (0..l.visible_len())
                .map(|i| l.visible_row(i).unwrap().rank(&needle))
                .min()
                .unwrap();
            let selected = l.selected().unwrap();
            assert_eq!(
                selected.rank(&needle),
                best,
                "{typed:?}: {}",
                selected.email()
            );
            let shown = l.nav.offset..l.nav.offset + l.height();
            assert!(
                shown.contains(&l.nav.selected),
                "{typed:?}: selection out of view"
            );
            let screen = render(&mut m, (80, 24));
            assert!(screen.contains(selected.email()), "{typed:?}:\n{screen}");
        }
        assert_eq!(
            list(&m).selected().unwrap().email(),
            "arjun.rossi147@example.org"
        );
        let cmds = press(&mut m, KeyCode::Enter);
        settle(
            &mut m,
            cmds,
            &mut exec,
            &client,
            &mut rx,
            |m| matches!(m.top(), Some(Screen::Customer(c)) if c.detail.record.loaded().is_some()),
        )
        .await;
        let email = customer(&m).detail.record.loaded().unwrap().0.email.clone();
        assert_eq!(email, "arjun.rossi147@example.org");
    });
}
