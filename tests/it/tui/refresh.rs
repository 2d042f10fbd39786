//! Reading a list again without losing the one shown: the tail after an
//! enroll, `R` behind the rows, and a list kept while the user is elsewhere.

use boxoffice::api::model::Ticket;
use boxoffice::app::list::ListQuery;
use boxoffice::app::{Cmd, Model, Msg, update};
use crossterm::event::KeyCode;

use crate::data::{api_error, page, ticket_json, tickets};
use crate::drive::{
    at_tickets, ch, press, render, req_of, selected_ticket, tickets_screen, toasted, visible_ids,
};
use crate::enroll::filled_form;
use crate::msgs;

/// The only `LoadList`/`LoadTail` of the tickets in `cmds`.
fn tickets_read(cmds: &[Cmd]) -> &Cmd {
    let reads: Vec<&Cmd> = cmds
        .iter()
        .filter(|c| {
            matches!(
                c,
                Cmd::LoadList {
                    list: ListQuery::Tickets { .. },
                    ..
                } | Cmd::LoadTail {
                    list: ListQuery::Tickets { .. },
                    ..
                }
            )
        })
        .collect();
    assert_eq!(reads.len(), 1, "{cmds:?}");
    reads[0]
}

/// Three pages of 40 tickets, then page `n` of them as a reply to `req`.
fn page_of(req: u64, n: u32, pages: u32, total: usize) -> Msg {
    let from = u64::from(n - 1) * 40 + 1;
    msgs::page::<Ticket>(
        req,
        n,
        pages,
        page(&tickets(from, from + 39), pages, n, total),
    )
}

#[test]
fn after_an_enroll_only_the_tail_is_read_and_the_rest_is_untouched() {
    let (mut m, _) = at_tickets(3);
    for _ in 0..7 {
        press(&mut m, KeyCode::Down);
    }
    let before = visible_ids(&m);
    let selected = selected_ticket(&m);
    let enroll = filled_form(&mut m);
    let cmds = update(&mut m, msgs::enrolled(enroll, Ok(())));
    let Cmd::LoadTail { req, from, .. } = tickets_read(&cmds) else {
        panic!("{cmds:?}")
    };
    assert_eq!(*from, 3, "the last page, where the new ticket is");
    // The last page comes back with the new ticket at its end.
    let mut last = tickets(81, 120);
    let mut new = ticket_json(121);
    new["attendee"]["email"] = "ana.garcia@example.com".into();
    last.push(new);
    update(
        &mut m,
        msgs::page::<Ticket>(*req, 3, 3, page(&last, 3, 3, 121)),
    );
    let after = visible_ids(&m);
    assert_eq!(after.len(), 121);
    assert_eq!(
        &after[..120],
        &before[..],
        "the rows before are as they were"
    );
    assert_eq!(after[120], 121);
    assert_eq!(selected_ticket(&m), selected, "the selection did not move");
    assert!(
        tickets_screen(&m).list.streaming().is_empty(),
        "the tail read is over"
    );
}

#[test]
fn a_tail_that_grew_a_page_reads_the_new_page_too() {
    // 3 pages of 40: the tail read of page 3 announces a 4th page.
    let (mut m, _) = at_tickets(3);
    let enroll = filled_form(&mut m);
    let cmds = update(&mut m, msgs::enrolled(enroll, Ok(())));
    let req = req_of(tickets_read(&cmds));
    update(&mut m, page_of(req, 3, 4, 121));
    assert!(
        tickets_screen(&m).list.streaming().contains(&req),
        "page 4 is still to come"
    );
    update(
        &mut m,
        msgs::page::<Ticket>(req, 4, 4, page(&[ticket_json(121)], 4, 4, 121)),
    );
    assert_eq!(tickets_screen(&m).list.list.len(), 121);
    assert!(tickets_screen(&m).list.streaming().is_empty());
}

#[test]
fn an_enroll_on_a_list_still_loading_reads_it_all_again() {
    let (mut m, _) = at_tickets(1);
    let enroll = filled_form(&mut m);
    let cmds = update(&mut m, msgs::enrolled(enroll, Ok(())));
    assert!(matches!(tickets_read(&cmds), Cmd::LoadList { .. }));
}

#[test]
fn r_reads_again_behind_the_rows_and_swaps_when_complete() {
    let (mut m, _) = at_tickets(3);
    for _ in 0..9 {
        press(&mut m, KeyCode::Down);
    }
    let selected = selected_ticket(&m).id;
    let cmds = ch(&mut m, 'R');
    let req = req_of(tickets_read(&cmds));
    let screen = render(&mut m, (100, 24));
    assert!(screen.contains("⟳ refreshing"), "{screen}");
    // The new read's first page does not replace the 120 rows shown.
    update(&mut m, page_of(req, 1, 3, 120));
    assert_eq!(visible_ids(&m).len(), 120);
    assert_eq!(selected_ticket(&m).id, selected);
    update(&mut m, page_of(req, 2, 3, 120));
    // Complete: swapped in, the selection on the same ticket.
    let mut last = tickets(81, 120);
    last.retain(|t| t["id"] != 100);
    update(
        &mut m,
        msgs::page::<Ticket>(req, 3, 3, page(&last, 3, 3, 119)),
    );
    assert_eq!(visible_ids(&m).len(), 119, "the new list is shown");
    assert!(!visible_ids(&m).contains(&100));
    assert_eq!(
        selected_ticket(&m).id,
        selected,
        "selection on the same ticket"
    );
    assert!(!render(&mut m, (100, 24)).contains("refreshing"));
}

#[test]
fn a_failed_read_behind_the_rows_keeps_them_and_says_so() {
    let (mut m, _) = at_tickets(3);
    let cmds = ch(&mut m, 'R');
    let req = req_of(tickets_read(&cmds));
    update(&mut m, page_of(req, 1, 3, 120));
    update(
        &mut m,
        msgs::page_failed(req, api_error(1000, "Server trouble")),
    );
    assert_eq!(visible_ids(&m).len(), 120);
    assert!(
        toasted(&m, "the list shown is from before"),
        "{:?}",
        m.toasts
    );
    assert!(tickets_screen(&m).list.streaming().is_empty());
}

#[test]
fn a_list_left_complete_comes_back_at_once_and_reads_again_behind() {
    let (mut m, _) = at_tickets(3);
    for _ in 0..4 {
        press(&mut m, KeyCode::Down);
    }
    let selected = selected_ticket(&m).id;
    assert!(press(&mut m, KeyCode::Esc).is_empty());
    let later = m.now + std::time::Duration::from_secs(75);
    update(&mut m, Msg::Tick(later));
    let cmds = press(&mut m, KeyCode::Enter);
    let Cmd::LoadList { req, .. } = tickets_read(&cmds) else {
        panic!("{cmds:?}")
    };
    assert_eq!(visible_ids(&m).len(), 120, "shown at once");
    assert_eq!(selected_ticket(&m).id, selected, "where the user left it");
    let screen = render(&mut m, (120, 24));
    assert!(
        screen.contains("list from 1 min ago · ⟳ refreshing"),
        "{screen}"
    );
    for n in 1..=3 {
        update(&mut m, page_of(*req, n, 3, 120));
    }
    assert!(!render(&mut m, (120, 24)).contains("list from"));
}

#[test]
fn a_list_left_while_loading_is_not_kept() {
    let (mut m, _) = at_tickets(1);
    press(&mut m, KeyCode::Esc);
    press(&mut m, KeyCode::Enter);
    assert!(tickets_screen(&m).list.list.is_empty());
    assert!(kept_rows(&m) == 0);
}

fn kept_rows(m: &Model) -> usize {
    m.kept.tickets.rows()
}

#[test]
fn a_list_left_while_it_reads_again_behind_is_kept_as_shown() {
    let (mut m, _) = at_tickets(3);
    let cmds = ch(&mut m, 'R');
    let req = req_of(tickets_read(&cmds));
    update(&mut m, page_of(req, 1, 3, 120));
    // Leaving cancels the read behind; the complete list shown is kept.
    assert_eq!(press(&mut m, KeyCode::Esc), [Cmd::Cancel { req }]);
    assert_eq!(kept_rows(&m), 120);
    press(&mut m, KeyCode::Enter);
    assert_eq!(visible_ids(&m).len(), 120);
}
