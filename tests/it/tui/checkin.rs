//! The check-in desk through `update`: every verdict, the scanner's burst
//! ended by a quiet gap, undo, the offline list, the desk log; and the
//! verdicts rendered.

use std::time::{Duration, Instant};

use boxoffice::api::model::{Edition, Ticket};
use boxoffice::app::list::ListQuery;
use boxoffice::app::list::rows::TicketRow;
use boxoffice::app::screens::Screen;
use boxoffice::app::screens::checkin::{CheckinScreen, Face, KEPT_FRESH, Panel, Stage};
use boxoffice::app::{Cmd, Model, Msg, Reply, update};
use boxoffice::door::Verdict;
use boxoffice::store::{Admission, CachedTicket, SqliteTicketCache, StoreError, TicketCache};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::Value;

use crate::data::{editions, page, ticket_json, tickets, timeout};
use crate::drive::{answer_checks, at_event, at_events, ch, model, press, render, req_of};
use crate::msgs;

/// The desk holding the door: leaving, the PIN, undo, what is not a ticket.
#[path = "checkin/door.rs"]
mod door;

/// The door's rules at the desk: policy, hours, exit lane, orders, notes.
#[path = "checkin/rules.rs"]
mod rules;

/// Several lanes over one PostgreSQL.
#[path = "checkin/lanes.rs"]
mod lanes;

/// The list follows the API: a VALID's ticket read before it is given.
#[path = "checkin/fresh.rs"]
mod fresh;

/// The desk in Spanish, German, French and Portuguese.
#[path = "checkin/languages.rs"]
mod languages;

const TODAY: &str = "2026-12-01 10:00:00";

/// Ticket 41 is of Day 2; the others of Day 1 (every status, see `data`).
fn desk_tickets() -> Vec<Value> {
    let mut list = tickets(1, 40);
    let mut other = ticket_json(41);
    other["status"] = "confirmed".into();
    other["event"]["id"] = 12.into();
    other["event"]["name"] = "Rust Belt 2026 · Day 2".into();
    list.push(other);
    list
}

/// What opening a desk asked for: (tickets, admissions, offline list).
struct Asked {
    list: u64,
    admissions: u64,
    cached: u64,
    /// The other editions' lists.
    siblings: Vec<u64>,
    /// The door's state (policy, notes, who is outside).
    door: u64,
}

fn asked(cmds: &[Cmd]) -> Asked {
    let find = |f: fn(&Cmd) -> bool| cmds.iter().find(|c| f(c)).map(req_of).unwrap();
    Asked {
        list: find(|c| matches!(c, Cmd::LoadList { .. })),
        admissions: find(|c| matches!(c, Cmd::LoadAdmissions { .. })),
        cached: find(|c| matches!(c, Cmd::LoadCached { .. })),
        siblings: cmds
            .iter()
            .filter(|c| matches!(c, Cmd::LoadList { .. }))
            .skip(1)
            .map(req_of)
            .collect(),
        door: find(|c| matches!(c, Cmd::Door { .. })),
    }
}

/// `:checkin <arg>` typed in the palette: the requests for the event and
/// its editions (the latter only for an id).
fn palette_checkin(m: &mut Model, arg: &str) -> (u64, Option<u64>, Vec<Cmd>) {
    ch(m, ':');
    for c in format!("checkin {arg}").chars() {
        ch(m, c);
    }
    let cmds = press(m, KeyCode::Enter);
    let event = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadEvent { .. }))
        .map(req_of)
        .unwrap();
    let editions = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadList { .. }))
        .map(req_of);
    (event, editions, cmds)
}

/// The desk of Day 1 (`c` on the Event screen), nothing loaded yet.
fn desk_opening() -> (Model, Asked) {
    desk_opening_as(|_| {})
}

/// As [`desk_opening`], the app set up by `configure` before the desk opens
/// (its name, its scan rules: a desk reads them as it opens).
fn desk_opening_as(configure: impl FnOnce(&mut Model)) -> (Model, Asked) {
    let mut m = at_event();
    configure(&mut m);
    update(&mut m, Msg::Clock(TODAY.into()));
    let cmds = ch(&mut m, 'c');
    assert!(cmds.contains(&Cmd::LoadAdmissions {
        req: asked(&cmds).admissions,
        event_id: 11
    }));
    (m, asked(&cmds))
}

/// The desk of Day 1 with its tickets loaded, and the other editions'
/// lists (empty).
fn desk() -> Model {
    desk_as(|_| {})
}

/// As [`desk`], the app set up by `configure` before the desk opens.
fn desk_as(configure: impl FnOnce(&mut Model)) -> Model {
    let (mut m, a) = desk_opening_as(configure);
    for req in &a.siblings {
        update(&mut m, msgs::page::<Ticket>(*req, 1, 1, page(&[], 1, 1, 0)));
    }
    let cmds = update(
        &mut m,
        msgs::page::<Ticket>(a.list, 1, 1, page(&desk_tickets(), 1, 1, 41)),
    );
    assert!(
        matches!(&cmds[..], [Cmd::SaveCached { event_id: 11, asked: Some(1), tickets, .. }] if tickets.len() == 41)
    );
    // The door as of old: no policy set, no notes.
    reply(
        &mut m,
        a.door,
        Reply::Door(Ok(boxoffice::store::DoorDone::State(
            boxoffice::store::DoorState::default(),
        ))),
    );
    m
}

fn screen(m: &Model) -> &CheckinScreen {
    match m.top() {
        Some(Screen::Checkin(s)) => s,
        other => panic!("not at the desk: {other:?}"),
    }
}

fn face(m: &Model) -> Face {
    screen(m).shown.as_ref().expect("a verdict").face.clone()
}

/// Types `text` and presses Enter; returns what Enter asked for, a VALID's
/// ticket read (`Cmd::CheckTicket`) answered as the list has it.
fn scan(m: &mut Model, text: &str) -> Vec<Cmd> {
    let cmds = scan_raw(m, text);
    answer_checks(m, cmds)
}

/// Types `text` and presses Enter; returns what Enter asked for.
fn scan_raw(m: &mut Model, text: &str) -> Vec<Cmd> {
    for c in text.chars() {
        assert_eq!(
            ch(m, c),
            vec![Cmd::Wake {
                after: Duration::from_millis(120)
            }]
        );
    }
    let cmds = press(m, KeyCode::Enter);
    assert!(screen(m).input.is_empty(), "the input clears after a scan");
    reported(m, cmds)
}

/// A scan's commands but the one every scan sends, whatever its verdict:
/// `Cmd::Scanned`, this lane's last scan on the dashboards — exactly one.
fn reported(m: &Model, mut cmds: Vec<Cmd>) -> Vec<Cmd> {
    let event_id = screen(m).lane.target.event_id;
    let before = cmds.len();
    cmds.retain(|c| *c != Cmd::Scanned { event_id });
    assert_eq!(before - cmds.len(), 1, "one Scanned a scan: {cmds:?}");
    cmds
}

fn admits(cmds: &[Cmd]) -> Vec<&Admission> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::Admit { admission, .. } => Some(admission),
            _ => None,
        })
        .collect()
}

fn reply(m: &mut Model, req: u64, reply: Reply) -> Vec<Cmd> {
    update(m, Msg::Reply { req, reply })
}

fn key(m: &mut Model, code: KeyCode, mods: KeyModifiers) -> Vec<Cmd> {
    crate::drive::key(m, KeyEvent::new(code, mods))
}

#[test]
fn a_valid_ticket_is_admitted_once_and_a_second_scan_says_already_admitted() {
    let mut m = desk();
    let cmds = scan(&mut m, "TK-000001");
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    let a = admits(&cmds);
    assert_eq!(a.len(), 1);
    assert_eq!(
        *a[0],
        Admission {
            ticket_id: 1,
            number: "TK-000001".into(),
            event_id: 11,
            edition_id: Some(11),
            at: String::new(),
            desk: "desk-1".into(),
        }
    );
    assert!(!cmds.contains(&Cmd::Bell));
    // Before the desk log answers: already admitted, just now.
    let again = scan(&mut m, "tk-000001");
    assert!(admits(&again).is_empty());
    assert!(again.contains(&Cmd::Bell));
    assert_eq!(
        face(&m),
        Face::Verdict(Verdict::AlreadyAdmitted {
            at: String::new(),
            lane: "desk-1".into(),
            back: false,
        })
    );
    assert_eq!(screen(&m).counters(TODAY), (1, 20, 41, 1));
}

#[test]
fn a_revoked_ticket_is_not_valid_and_names_its_status() {
    let mut m = desk();
    let cmds = scan(&mut m, "TK-000002");
    assert!(admits(&cmds).is_empty());
    assert!(cmds.contains(&Cmd::Bell));
    assert_eq!(
        face(&m),
        Face::Verdict(Verdict::NotValid {
            status: "revoked (unenrolled)".into()
        })
    );
    scan(&mut m, "TK-000004");
    assert_eq!(
        face(&m),
        Face::Verdict(Verdict::NotValid {
            status: "pending".into()
        })
    );
}

#[test]
fn a_ticket_of_another_edition_says_which_and_when() {
    let mut m = desk();
    let cmds = scan(&mut m, "TK-000041");
    assert!(admits(&cmds).is_empty());
    assert_eq!(
        face(&m),
        Face::Verdict(Verdict::OtherEdition {
            edition: "Rust Belt 2026 · Day 2".into(),
            when: Some("tomorrow".into())
        })
    );
}

#[test]
fn an_unknown_scan_never_jams_the_next_good_one() {
    let mut m = desk();
    let cmds = scan(&mut m, "TK-999999");
    // In none of the door's lists, all read: the lists kept for other
    // events are looked in, and nothing is there.
    assert_eq!(face(&m), Face::Checking);
    let [
        Cmd::FindNumber {
            req,
            number_key,
            except_event: 11,
        },
    ] = &cmds[..]
    else {
        panic!("{cmds:?}");
    };
    assert_eq!(number_key, "TK999999");
    let cmds = reply(&mut m, *req, Reply::FoundNumber(Ok(vec![])));
    assert_eq!(face(&m), Face::Verdict(Verdict::Unknown));
    assert!(cmds.contains(&Cmd::Bell));
    let cmds = scan(&mut m, "TK-000005");
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert_eq!(admits(&cmds).len(), 1);
}

/// The offline lists kept for other events, with `TK-000123` in event 99's.
fn other_lists(dir: &std::path::Path) -> SqliteTicketCache {
    let mut cache = SqliteTicketCache::open(dir).unwrap();
    let mut t = TicketRow::from_cached(&CachedTicket {
        id: 9123,
        number: "TK-000123".into(),
        status: "confirmed".into(),
        attendee_id: Some(5),
        name: "Bea Ruiz".into(),
        email: "bea@example.com".into(),
        edition_id: None,
        edition: String::new(),
        enrollment_type: "paid".into(),
        created: "2026-11-01 10:00:00".into(),
        price: "10.00".into(),
        order: "ORD-9".into(),
    })
    .cached();
    cache.save(99, std::slice::from_ref(&t), "").unwrap();
    cache.describe(99, "Winter Gala", "2026-12-24").unwrap();
    // The desk's own list holds another TK-000123: never an answer.
    t.id = 1;
    cache.save(11, &[t], "").unwrap();
    cache
}

/// What a scan asked of the lists kept for other events, answered by `cache`.
fn answer_elsewhere(m: &mut Model, cmds: &[Cmd], cache: &SqliteTicketCache) -> Vec<Cmd> {
    let (req, found) = cmds
        .iter()
        .find_map(|c| match c {
            Cmd::FindNumber {
                req,
                number_key,
                except_event,
            } => Some((*req, cache.find_number(number_key, *except_event))),
            _ => None,
        })
        .expect("a look-up in the other lists");
    reply(m, req, Reply::FoundNumber(found))
}

#[test]
fn a_number_of_another_event_kept_offline_says_which_and_when() {
    let dir = tempfile::tempdir().unwrap();
    let cache = other_lists(dir.path());
    let mut m = desk();
    let cmds = scan(&mut m, "tk 000123");
    // At once: CHECKING, the other lists looked in.
    assert_eq!(face(&m), Face::Checking);
    let why = screen(&m).shown.as_ref().unwrap().why.clone().unwrap();
    assert!(why.contains("checking other events"), "{why}");
    answer_elsewhere(&mut m, &cmds, &cache);
    assert_eq!(
        face(&m),
        Face::Verdict(Verdict::OtherEvent {
            event: "Winter Gala".into(),
            when: Some("in 23 days".into()),
        })
    );
    assert_eq!(screen(&m).shown.as_ref().unwrap().name, "Bea Ruiz");
    assert_eq!(screen(&m).recent.len(), 1, "one line among the last scans");

    // A number in no list stays UNKNOWN.
    let cmds = scan(&mut m, "TK-424242");
    answer_elsewhere(&mut m, &cmds, &cache);
    assert_eq!(face(&m), Face::Verdict(Verdict::Unknown));
    let why = screen(&m).shown.as_ref().unwrap().why.clone().unwrap();
    assert!(!why.contains("checking"), "{why}");

    // A number found before is known at once.
    let cmds = scan(&mut m, "TK-000123");
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::FindNumber { .. })));
    assert!(matches!(
        face(&m),
        Face::Verdict(Verdict::OtherEvent { .. })
    ));

    // A late answer for an earlier scan judges that scan among the last
    // scans; the scan shown stays the latest's.
    let mut m = desk();
    let first = scan(&mut m, "TK-000123");
    let second = scan(&mut m, "TK-777777");
    answer_elsewhere(&mut m, &first, &cache);
    assert_eq!(face(&m), Face::Checking);
    assert_eq!(screen(&m).shown.as_ref().unwrap().scanned, "TK-777777");
    assert!(matches!(
        &screen(&m).recent[0].face,
        Face::Verdict(Verdict::OtherEvent { .. })
    ));
    assert!(
        screen(&m).note.as_deref().unwrap().contains("TK-000123"),
        "{:?}",
        screen(&m).note
    );
    answer_elsewhere(&mut m, &second, &cache);
    assert_eq!(face(&m), Face::Verdict(Verdict::Unknown));
}

/// Types `text` by hand (300 ms between keys) and presses Enter.
fn by_hand(m: &mut Model, text: &str) -> Vec<Cmd> {
    let t0 = m.now + Duration::from_secs(1);
    let last = type_at(m, text, t0, Duration::from_millis(300));
    m.now = last + Duration::from_millis(300);
    press(m, KeyCode::Enter)
}

/// Types `text` with `gap` between keys from `t0`; returns when the last came.
fn type_at(m: &mut Model, text: &str, t0: Instant, gap: Duration) -> Instant {
    let mut t = t0;
    for (i, c) in text.chars().enumerate() {
        t = t0 + gap * u32::try_from(i).unwrap();
        m.now = t;
        let mods = if c.is_uppercase() {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        update(m, Msg::Key(KeyEvent::new(KeyCode::Char(c), mods)));
    }
    t
}

#[test]
fn a_burst_without_enter_is_scanned_after_the_quiet_gap_a_typed_name_is_not() {
    let mut m = desk();
    let t0 = m.now;
    let last = type_at(&mut m, "TK-000006", t0, Duration::from_millis(8));
    // Not quiet yet.
    assert!(update(&mut m, Msg::Tick(last + Duration::from_millis(50))).is_empty());
    assert_eq!(screen(&m).input, "TK-000006");
    let cmds = update(&mut m, Msg::Tick(last + Duration::from_millis(100)));
    let cmds = answer_checks(&mut m, cmds);
    assert_eq!(admits(&cmds).len(), 1);
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert!(screen(&m).input.is_empty());

    let t1 = last + Duration::from_secs(1);
    let last = type_at(&mut m, "Chen", t1, Duration::from_millis(180));
    assert!(update(&mut m, Msg::Tick(last + Duration::from_millis(500))).is_empty());
    assert_eq!(screen(&m).input, "Chen");
}

#[test]
fn a_valid_verdict_gives_way_after_three_seconds_others_stay() {
    let mut m = desk();
    scan(&mut m, "TK-000001");
    let at = screen(&m).shown.as_ref().unwrap().at;
    update(&mut m, Msg::Tick(at + Duration::from_millis(2900)));
    assert!(screen(&m).shown.is_some());
    // It gives way, and says the screen must be drawn (ticks are not).
    assert_eq!(
        update(&mut m, Msg::Tick(at + Duration::from_secs(3))),
        vec![Cmd::Redraw]
    );
    assert!(screen(&m).shown.is_none());
    scan(&mut m, "TK-000002");
    let later = m.now + Duration::from_secs(60);
    update(&mut m, Msg::Tick(later));
    assert!(screen(&m).shown.is_some());
    key(&mut m, KeyCode::Char('l'), KeyModifiers::CONTROL);
    assert!(screen(&m).shown.is_none());
}

#[test]
fn links_from_trusted_hosts_numbers_and_ids_are_read_and_nothing_else() {
    let mut m = desk_as(|m| m.options.settings.desk.scan.trust("shop.example"));
    for (code, id) in [
        ("https://shop.example/t/TK-000005", 5),
        ("https://tickets.shop.example/check?ticket=6", 6),
        ("HTTP://SHOP.EXAMPLE:8080/t/1/", 1),
        ("  12  ", 12),
        ("tk 000018", 18),
    ] {
        let cmds = scan(&mut m, code);
        assert_eq!(face(&m), Face::Verdict(Verdict::Valid), "{code}");
        assert_eq!(admits(&cmds)[0].ticket_id, id, "{code}");
    }
    for (code, why) in [
        (
            "https://evil.example/t/TK-000007",
            "a link to another site (evil.example)",
        ),
        ("ticket:tk000007", "not a ticket code"),
        ("7#a3f", "not a ticket code"),
    ] {
        let cmds = scan(&mut m, code);
        assert_eq!(face(&m), Face::Verdict(Verdict::Unknown), "{code}");
        assert!(admits(&cmds).is_empty());
        let said = screen(&m).shown.as_ref().unwrap().why.clone().unwrap();
        assert!(said.starts_with(why), "{code}: {said}");
    }
}

#[test]
fn an_id_not_in_the_list_is_read_from_the_api() {
    let mut m = desk();
    let cmds = scan(&mut m, "77");
    let [Cmd::LoadTicket { req, ticket_id: 77 }] = &cmds[..] else {
        panic!("{cmds:?}");
    };
    assert_eq!(face(&m), Face::Checking);
    let raw = ticket_json(77);
    let ticket: Ticket = serde_json::from_value(raw.clone()).unwrap();
    let cmds = update(&mut m, msgs::ticket(*req, Ok((ticket, raw))));
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert_eq!(admits(&cmds)[0].ticket_id, 77);
    // Not there at all.
    let cmds = scan(&mut m, "999");
    let err = crate::data::api_error(1004, "Ticket not found");
    update(&mut m, msgs::ticket(req_of(&cmds[0]), Err(err)));
    assert_eq!(face(&m), Face::Verdict(Verdict::Unknown));
}

fn cached_rows() -> Vec<TicketRow> {
    let list: Vec<Ticket> = tickets(1, 10)
        .into_iter()
        .map(|v| serde_json::from_value(v).unwrap())
        .collect();
    list.iter().map(TicketRow::new).collect()
}

#[test]
fn the_offline_list_shows_at_once_and_stays_when_the_live_read_fails() {
    let (mut m, a) = desk_opening();
    reply(
        &mut m,
        a.cached,
        Reply::Cached(Ok(Some((11, cached_rows(), "2026-12-01 09:32:00".into())))),
    );
    assert!(render(&mut m, (80, 24)).contains("list from 09:32:00 UTC, refreshing"));
    update(&mut m, msgs::page_failed(a.list, timeout()));
    let text = render(&mut m, (80, 24));
    assert!(text.contains("OFFLINE"), "{text}");
    assert!(
        text.contains("list from 09:32:00 UTC (28 min old)"),
        "{text}"
    );
    // The status bar says so too.
    assert!(
        text.lines()
            .last()
            .unwrap()
            .contains("✖ offline · list 28 min old"),
        "{text}"
    );
    // Check-in goes on from the offline list.
    let cmds = scan(&mut m, "TK-000001");
    assert_eq!(admits(&cmds).len(), 1);
    // A walk-in is refused while offline: nothing is queued.
    assert!(press(&mut m, KeyCode::F(2)).is_empty());
    assert!(m.overlay.is_none());
    assert!(
        screen(&m)
            .note
            .as_deref()
            .unwrap()
            .contains("offline: a walk-in needs the network")
    );
    // The desk reads the list again by itself a while later.
    let now = m.now;
    // (5 s on: the VALID gives way and is drawn; nothing is read yet.)
    assert_eq!(
        update(&mut m, Msg::Tick(now + Duration::from_secs(5))),
        vec![Cmd::Redraw]
    );
    let cmds = update(&mut m, Msg::Tick(now + Duration::from_secs(21)));
    let again = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadList { .. }))
        .map(req_of)
        .expect("read again by itself");
    update(&mut m, msgs::page_failed(again, timeout()));
    assert!(screen(&m).listed.offline.is_some(), "still offline");
    // F5: a later read that completes goes back online.
    let cmds = press(&mut m, KeyCode::F(5));
    let list = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadList { .. }))
        .unwrap();
    update(
        &mut m,
        msgs::page::<Ticket>(req_of(list), 1, 1, page(&desk_tickets(), 1, 1, 41)),
    );
    assert!(screen(&m).listed.offline.is_none());
    assert!(render(&mut m, (80, 24)).contains("online · 41 tickets"));
}

#[test]
fn offline_after_a_live_read_the_status_says_how_old_the_list_read_is() {
    let mut m = desk();
    // Read completely at 10:00:00; a minute later, read again, and it fails.
    update(&mut m, Msg::Clock("2026-12-01 10:12:00".into()));
    let cmds = press(&mut m, KeyCode::F(5));
    let list = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadList { .. }))
        .map(req_of)
        .unwrap();
    update(&mut m, msgs::page_failed(list, timeout()));
    let text = render(&mut m, (80, 24));
    assert!(
        text.contains("OFFLINE — list read at 10:00:00 UTC (12 min old)"),
        "{text}"
    );
    assert!(
        text.lines()
            .last()
            .unwrap()
            .contains("✖ offline · list 12 min old"),
        "{text}"
    );
    // Still judged from it.
    assert_eq!(admits(&scan(&mut m, "TK-000001")).len(), 1);
}

#[test]
fn a_note_lasts_until_the_next_scan() {
    let mut m = desk();
    m.now += Duration::from_secs(1);
    press(&mut m, KeyCode::Esc);
    assert!(
        screen(&m)
            .note
            .as_deref()
            .unwrap()
            .contains("nothing to close")
    );
    scan(&mut m, "TK-000001");
    assert_eq!(screen(&m).note, None);
}

#[test]
fn a_replay_that_found_a_ticket_admitted_twice_is_said_with_the_bell_and_f6_joins_the_keys() {
    use boxoffice::app::msg::Followed;
    use boxoffice::store::{Change, ChangeKind, Cursor, Reach};
    let (mut m, a) = desk_opening();
    for req in &a.siblings {
        update(&mut m, msgs::page::<Ticket>(*req, 1, 1, page(&[], 1, 1, 0)));
    }
    update(
        &mut m,
        msgs::page::<Ticket>(a.list, 1, 1, page(&desk_tickets(), 1, 1, 41)),
    );
    let cmds = reply(&mut m, a.admissions, Reply::Admissions(Ok(vec![])));
    let follow = cmds
        .iter()
        .find(|c| matches!(c, Cmd::Follow { .. }))
        .map(req_of)
        .unwrap();
    scan(&mut m, "TK-000001");
    assert!(!render(&mut m, (120, 30)).contains("admitted twice"));
    let theirs = Admission {
        ticket_id: 1,
        number: "TK-000001".into(),
        event_id: 11,
        edition_id: Some(11),
        at: "2026-12-01 09:59:00".into(),
        desk: "lane 7".into(),
    };
    let cmds = reply(
        &mut m,
        follow,
        Reply::Followed(Ok(Some(Followed {
            cursor: Cursor::default(),
            changes: vec![Change {
                seq: 3,
                kind: ChangeKind::Conflict,
                admission: theirs,
                scan: None,
            }],
            admitted: None,
            reach: Reach::Shared { queued: 0 },
        }))),
    );
    assert!(cmds.contains(&Cmd::Bell), "{cmds:?}");
    let text = render(&mut m, (120, 30));
    assert!(
        text.contains("a ticket was admitted at two lanes"),
        "{text}"
    );
    assert!(text.contains("F6 admitted twice"), "{text}");
    // Still one admission counted.
    assert_eq!(screen(&m).counters(TODAY).0, 1);
    // A second replay finds another: the alert counts both, as F6 lists
    // them, not only the new one.
    scan(&mut m, "TK-000006");
    let follow = cmds
        .iter()
        .find(|c| matches!(c, Cmd::Follow { .. }))
        .map(req_of)
        .unwrap();
    let mut second = theirs_of(6);
    second.at = "2026-12-01 09:59:30".into();
    reply(
        &mut m,
        follow,
        Reply::Followed(Ok(Some(Followed {
            cursor: Cursor::default(),
            changes: vec![Change {
                seq: 4,
                kind: ChangeKind::Conflict,
                admission: second,
                scan: None,
            }],
            admitted: None,
            reach: Reach::Shared { queued: 0 },
        }))),
    );
    let text = render(&mut m, (120, 30));
    assert!(
        text.contains("2 tickets were admitted at two lanes"),
        "{text}"
    );
}

/// Another lane's admission of ticket `id` (lane 7).
fn theirs_of(id: u64) -> Admission {
    Admission {
        ticket_id: id,
        number: format!("TK-{id:06}"),
        event_id: 11,
        edition_id: Some(11),
        at: "2026-12-01 09:59:00".into(),
        desk: "lane 7".into(),
    }
}

#[test]
fn a_lane_back_online_says_how_many_admissions_are_still_queued() {
    use boxoffice::app::msg::Followed;
    use boxoffice::store::{Cursor, Reach};
    let (mut m, a) = desk_opening();
    for req in &a.siblings {
        update(&mut m, msgs::page::<Ticket>(*req, 1, 1, page(&[], 1, 1, 0)));
    }
    update(
        &mut m,
        msgs::page::<Ticket>(a.list, 1, 1, page(&desk_tickets(), 1, 1, 41)),
    );
    let cmds = reply(&mut m, a.admissions, Reply::Admissions(Ok(vec![])));
    let follow = |cmds: &[Cmd]| {
        cmds.iter()
            .find(|c| matches!(c, Cmd::Follow { .. }))
            .map(req_of)
            .unwrap()
    };
    let req = follow(&cmds);
    let followed = |queued| {
        Reply::Followed(Ok(Some(Followed {
            cursor: Cursor::default(),
            changes: vec![],
            admitted: None,
            reach: Reach::Shared { queued },
        })))
    };
    reply(&mut m, req, followed(3));
    assert!(render(&mut m, (120, 30)).contains("3 queued · sending to the shared log"));
    assert!(render(&mut m, (40, 12)).contains("3 queued · sending"));
}

#[test]
fn admissions_from_the_desk_log_make_a_scan_already_admitted() {
    let (mut m, a) = desk_opening();
    reply(
        &mut m,
        a.admissions,
        Reply::Admissions(Ok(vec![Admission {
            ticket_id: 1,
            number: "TK-000001".into(),
            event_id: 11,
            edition_id: Some(11),
            at: "2026-12-01 09:12:44".into(),
            desk: "desk-2".into(),
        }])),
    );
    update(
        &mut m,
        msgs::page::<Ticket>(a.list, 1, 1, page(&desk_tickets(), 1, 1, 41)),
    );
    let cmds = scan(&mut m, "TK-000001");
    assert!(admits(&cmds).is_empty());
    assert_eq!(
        face(&m),
        Face::Verdict(Verdict::AlreadyAdmitted {
            at: "2026-12-01 09:12:44".into(),
            lane: "desk-2".into(),
            back: false,
        })
    );
}

#[test]
fn a_desk_log_failure_rolls_back_and_without_a_log_check_in_works_in_memory() {
    // A desk log that was read, then a write that fails: rolled back.
    let (mut m, a) = desk_opening();
    reply(&mut m, a.admissions, Reply::Admissions(Ok(vec![])));
    update(
        &mut m,
        msgs::page::<Ticket>(a.list, 1, 1, page(&desk_tickets(), 1, 1, 41)),
    );
    let cmds = scan(&mut m, "TK-000001");
    let admit = cmds
        .iter()
        .find(|c| matches!(c, Cmd::Admit { .. }))
        .unwrap();
    reply(
        &mut m,
        req_of(admit),
        Reply::Admitted(Err(StoreError::at(
            boxoffice::store::Part::File,
            "/var/desk.db",
            "disk full",
        ))),
    );
    assert_eq!(
        face(&m),
        Face::NotRecorded("not recorded: /var/desk.db: disk full".into())
    );
    let cmds = scan(&mut m, "TK-000001");
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert_eq!(admits(&cmds).len(), 1);

    // No desk log at all: said on screen, and admissions kept in memory.
    let (mut m, a) = desk_opening();
    reply(
        &mut m,
        a.admissions,
        Reply::Admissions(Err(StoreError::Absent(boxoffice::store::Part::DeskLog))),
    );
    update(
        &mut m,
        msgs::page::<Ticket>(a.list, 1, 1, page(&desk_tickets(), 1, 1, 41)),
    );
    assert!(render(&mut m, (80, 24)).contains("desk log unavailable"));
    let cmds = scan(&mut m, "TK-000001");
    let admit = cmds
        .iter()
        .find(|c| matches!(c, Cmd::Admit { .. }))
        .unwrap();
    reply(
        &mut m,
        req_of(admit),
        Reply::Admitted(Err(StoreError::Absent(boxoffice::store::Part::DeskLog))),
    );
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    scan(&mut m, "TK-000001");
    assert!(
        matches!(face(&m), Face::Verdict(Verdict::AlreadyAdmitted { .. })),
        "{:?}",
        face(&m)
    );
}

#[test]
fn a_typed_name_lists_the_attendees_and_enter_checks_the_one_picked() {
    let mut m = desk();
    // Letters are no name search: F3 is.
    scan(&mut m, "chen wei");
    assert_eq!(face(&m), Face::Verdict(Verdict::Unknown));
    assert!(screen(&m).named.is_none());
    press(&mut m, KeyCode::F(3));
    let cmds = by_hand(&mut m, "chen wei");
    assert!(cmds.is_empty());
    let named = screen(&m).named.as_ref().expect("a list of attendees");
    assert!(named.rows.len() > 1);
    assert!(named.rows.iter().all(|r| r.attendee() == "Chen Wei"));
    let second = named.rows[1].clone();
    press(&mut m, KeyCode::Down);
    let cmds = press(&mut m, KeyCode::Enter);
    let shown = screen(&m).shown.clone().unwrap();
    assert_eq!(shown.number, second.number());
    assert_eq!(
        admits(&cmds).len(),
        usize::from(second.status() == "confirmed")
    );
    // Looked up again, one admitted says so, not "confirmed".
    if second.status() == "confirmed" {
        press(&mut m, KeyCode::F(3));
        by_hand(&mut m, "chen wei");
        let text = render(&mut m, (120, 30));
        let line = text
            .lines()
            .find(|l| l.contains(second.number()))
            .unwrap_or_default()
            .to_string();
        assert!(line.contains("admitted just now at desk-1"), "{text}");
        press(&mut m, KeyCode::Esc);
    }
    // Esc closes a list.
    press(&mut m, KeyCode::F(3));
    by_hand(&mut m, "Chen");
    assert!(screen(&m).named.is_some());
    press(&mut m, KeyCode::Esc);
    assert!(screen(&m).named.is_none());
}

#[test]
fn f2_enrolls_a_walk_in_except_read_only_and_f1_is_help() {
    let mut m = desk();
    press(&mut m, KeyCode::F(2));
    assert!(matches!(
        m.overlay,
        Some(boxoffice::app::overlays::Overlay::Enroll(_))
    ));
    press(&mut m, KeyCode::Esc);
    m.options.readonly = true;
    press(&mut m, KeyCode::F(2));
    assert!(m.overlay.is_none());
    assert!(screen(&m).note.as_deref().unwrap().contains("read-only"));
    // Help is the desk's own: a scan still reaches the desk.
    press(&mut m, KeyCode::F(1));
    assert!(m.overlay.is_none());
    assert_eq!(screen(&m).panel, Some(Panel::Help(0)));
    let text = render(&mut m, (80, 24));
    assert!(text.contains("leave the desk"), "{text}");
    scan(&mut m, "TK-000001");
    assert_eq!(screen(&m).panel, None);
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
}

#[test]
fn a_main_event_checks_in_the_edition_running_today() {
    let mut m = at_events();
    update(&mut m, Msg::Clock("2026-12-02 08:00:00".into()));
    let cmds = ch(&mut m, 'c');
    let list = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadList { .. }))
        .unwrap();
    assert!(matches!(screen(&m).stage, Stage::Finding { .. }));
    let cmds = update(
        &mut m,
        msgs::page::<Edition>(req_of(list), 1, 1, page(&editions(), 1, 1, 3)),
    );
    assert_eq!(screen(&m).lane.target.event_id, 12);
    assert!(cmds.contains(&Cmd::LoadCached {
        req: asked(&cmds).cached,
        event_id: 12
    }));
    // Before the first edition: the next, saying so.
    let mut m = at_events();
    update(&mut m, Msg::Clock("2026-11-20 08:00:00".into()));
    let cmds = ch(&mut m, 'c');
    update(
        &mut m,
        msgs::page::<Edition>(req_of(&cmds[0]), 1, 1, page(&editions(), 1, 1, 3)),
    );
    assert_eq!(screen(&m).lane.target.event_id, 11);
    assert!(
        screen(&m)
            .note
            .as_deref()
            .unwrap()
            .contains("no edition today")
    );
}

#[test]
fn the_palette_and_the_start_option_open_the_desk() {
    let mut m = at_events();
    ch(&mut m, ':');
    for c in "checkin 11".chars() {
        ch(&mut m, c);
    }
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(matches!(screen(&m).stage, Stage::Finding { .. }));
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::LoadEvent { id, .. } if id == "11"))
    );

    let (mut m, _) = model(false);
    m.options.checkin = Some("ev1".into());
    m.stack.clear();
    let cmds = boxoffice::app::start(&mut m);
    assert_eq!(m.stack.len(), 2);
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::LoadEvent { id, .. } if id == "ev1"))
    );
}

/// No network when the desk opens: it checks in the id asked from its
/// offline list and says why; an unknown event is said as such instead.
#[test]
fn a_desk_opened_without_a_network_checks_in_from_its_offline_list() {
    let mut m = at_events();
    let (event, _, _) = palette_checkin(&mut m, "11");
    let cmds = update(&mut m, msgs::event(event, Err(timeout())));
    assert!(matches!(screen(&m).stage, Stage::Ready));
    assert_eq!(screen(&m).lane.target.event_id, 11);
    let cached = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadCached { event_id: 11, .. }))
        .map(req_of)
        .unwrap();
    assert!(screen(&m).note.as_deref().unwrap().contains("offline list"));
    let rows: Vec<TicketRow> = desk_tickets()
        .iter()
        .map(|t| TicketRow::new(&serde_json::from_value::<Ticket>(t.clone()).unwrap()))
        .collect();
    reply(
        &mut m,
        cached,
        Reply::Cached(Ok(Some((11, rows, "2026-12-01 09:00:00".into())))),
    );
    scan(&mut m, "TK-000001");
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));

    // An event the API does not know: said, not opened offline.
    let mut m = at_events();
    let (event, _, _) = palette_checkin(&mut m, "99");
    update(
        &mut m,
        msgs::event(event, Err(crate::data::api_error(1001, "unknown event"))),
    );
    assert!(matches!(screen(&m).stage, Stage::Finding { .. }));
}

/// `checkin <main event>` with no network: the desk finds in its offline
/// lists the edition it last checked in for that event, and checks it in.
#[test]
fn a_main_event_opened_offline_checks_in_the_edition_its_desk_last_did() {
    let mut m = at_events();
    let (event, _, _) = palette_checkin(&mut m, "1");
    let cmds = update(&mut m, msgs::event(event, Err(timeout())));
    let cached = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadCached { event_id: 1, .. }))
        .map(req_of)
        .unwrap();
    // Day 2's list, kept when a desk checked it in for event 1.
    let mut day2 = ticket_json(77);
    day2["status"] = "confirmed".into();
    day2["event"]["id"] = 12.into();
    day2["event"]["name"] = "Rust Belt 2026 · Day 2".into();
    let rows = vec![TicketRow::new(
        &serde_json::from_value::<Ticket>(day2).unwrap(),
    )];
    let cmds = update(
        &mut m,
        Msg::Reply {
            req: cached,
            reply: Reply::Cached(Ok(Some((12, rows, "2026-12-02 08:00:00".into())))),
        },
    );
    assert_eq!(screen(&m).lane.target.event_id, 12);
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::LoadAdmissions { event_id: 12, .. })),
        "{cmds:?}"
    );
    assert!(screen(&m).listed.offline.is_some());
    let cmds = scan(&mut m, "TK-000077");
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert!(matches!(
        admits(&cmds).as_slice(),
        [Admission { event_id: 12, .. }]
    ));
}

/// Two editions of a main event run today: the desk asks which, and checks
/// in the one picked.
#[test]
fn several_editions_today_are_offered_to_pick_from() {
    let mut m = at_events();
    update(&mut m, Msg::Clock("2026-12-02 08:00:00".into()));
    let (event, eds, _) = palette_checkin(&mut m, "1");
    let eds = eds.unwrap();
    let raw = crate::data::event_json(1, "Rust Belt Conference 2026");
    let ev: boxoffice::api::model::Event = serde_json::from_value(raw.clone()).unwrap();
    update(&mut m, msgs::event(event, Ok((ev, raw))));
    let two_today = vec![
        crate::data::edition_json(11, "Day 1", 1),
        crate::data::edition_json(21, "Day 2 · morning", 2),
        crate::data::edition_json(22, "Day 2 · evening", 2),
    ];
    update(
        &mut m,
        msgs::page::<Edition>(eds, 1, 1, page(&two_today, 1, 1, 3)),
    );
    assert!(matches!(screen(&m).stage, Stage::Choosing { .. }));
    let text = render(&mut m, (80, 24));
    assert!(
        text.contains("Day 2 · morning") && text.contains("Day 2 · evening"),
        "{text}"
    );
    assert!(!text.contains("Day 1 "), "only today's: {text}");
    press(&mut m, KeyCode::Down);
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(matches!(screen(&m).stage, Stage::Ready));
    assert_eq!(screen(&m).lane.target.event_id, 22);
    assert!(cmds.contains(&Cmd::LoadList {
        req: asked(&cmds).list,
        list: ListQuery::Tickets { event_id: 22 }
    }));
}

// ---- snapshots ----

#[track_caller]
fn snap(name: &str, m: &mut Model) {
    for size in [(80, 24), (40, 12), (160, 45)] {
        let screen = render(m, size);
        insta::assert_snapshot!(format!("checkin_{name}_{}x{}", size.0, size.1), screen);
    }
}

#[test]
fn snapshot_checkin_verdicts() {
    let mut m = desk();
    scan(&mut m, "TK-000001");
    snap("valid", &mut m);
    scan(&mut m, "TK-000001");
    snap("already_admitted", &mut m);
    scan(&mut m, "TK-000002");
    snap("not_valid", &mut m);
    let cmds = scan(&mut m, "TK-999999");
    snap("checking", &mut m);
    reply(&mut m, req_of(&cmds[0]), Reply::FoundNumber(Ok(vec![])));
    snap("unknown", &mut m);
}

#[test]
fn a_walk_in_enrolled_with_f2_is_read_from_the_tail_and_then_scans_valid() {
    let mut m = desk();
    press(&mut m, KeyCode::F(2));
    for c in "ana.garcia@example.com".chars() {
        ch(&mut m, c);
    }
    press(&mut m, KeyCode::Tab);
    for c in "Ana".chars() {
        ch(&mut m, c);
    }
    press(&mut m, KeyCode::Tab);
    for c in "García".chars() {
        ch(&mut m, c);
    }
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(matches!(
        &cmds[..],
        [Cmd::EnrollByEmail { event_id: 11, .. }]
    ));
    let cmds = update(&mut m, msgs::enrolled(req_of(&cmds[0]), Ok(())));
    let tail = cmds
        .iter()
        .find(|c| matches!(c, Cmd::LoadTail { from: 1, .. }))
        .expect("the list's tail is read");
    let mut new = ticket_json(42);
    new["status"] = "confirmed".into();
    let mut rows = desk_tickets();
    rows.push(new);
    // Admitted in one step.
    let cmds = update(
        &mut m,
        msgs::page::<Ticket>(req_of(tail), 1, 1, page(&rows, 1, 1, 42)),
    );
    assert_eq!(admits(&cmds)[0].ticket_id, 42);
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    assert!(render(&mut m, (80, 24)).contains("walk-in enrolled and admitted · Esc: not admitted"));
    // It does not give way after 3 s: Esc declines as long as it says so.
    let later = m.now + Duration::from_secs(30);
    update(&mut m, Msg::Tick(later));
    assert_eq!(face(&m), Face::Verdict(Verdict::Valid));
    // Esc declines: that admission is undone.
    let cmds = press(&mut m, KeyCode::Esc);
    assert!(
        matches!(&cmds[..], [Cmd::Unadmit { ticket_id: 42, .. }]),
        "{cmds:?}"
    );
}

/// The background of the verdict block (line 15 of an 80×24 screen).
fn verdict_bg(m: &mut Model) -> ratatui::style::Color {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    update(m, Msg::Resize(80, 24));
    let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
    term.draw(|f| boxoffice::app::view(m, f)).unwrap();
    term.backend().buffer()[(2, 15)].bg
}

#[test]
fn verdicts_have_their_own_colours_and_without_colour_their_own_words() {
    use ratatui::style::Color;
    let mut m = desk();
    m.no_color = false;
    scan(&mut m, "TK-000001");
    assert_eq!(verdict_bg(&mut m), Color::Green);
    scan(&mut m, "TK-000001");
    assert_eq!(verdict_bg(&mut m), Color::Yellow);
    scan(&mut m, "TK-000002");
    assert_eq!(verdict_bg(&mut m), Color::Red);
    scan(&mut m, "nobody at all");
    assert_eq!(verdict_bg(&mut m), Color::Magenta);
    m.no_color = true;
    let text = render(&mut m, (80, 24));
    assert!(text.contains("?  UNKNOWN  ?"), "{text}");
    // Big letters too, as wide as the word and aligned.
    assert!(
        text.contains("██  ██  ██████  ██  ██  ██████    ██    ██  ██  ██████"),
        "{text}"
    );
}

/// A number of the main event's other edition, not in the desk's own list:
/// the other editions' tickets are read behind it, so the desk names the
/// edition and its day instead of saying unknown.
#[test]
fn a_number_from_another_edition_not_in_the_desks_list_is_named() {
    let mut m = at_event();
    update(&mut m, Msg::Clock(TODAY.into()));
    let cmds = ch(&mut m, 'c');
    // Opening asked for the other editions' tickets too, the nearest first.
    let siblings: Vec<(u64, u64)> = cmds
        .iter()
        .filter_map(|c| match c {
            Cmd::LoadList {
                req,
                list: ListQuery::Tickets { event_id },
            } if *event_id != 11 => Some((*req, *event_id)),
            _ => None,
        })
        .collect();
    assert_eq!(
        siblings.iter().map(|(_, e)| *e).collect::<Vec<_>>(),
        [12, 13]
    );
    let mut day2 = ticket_json(77);
    day2["status"] = "confirmed".into();
    day2["event"]["id"] = 12.into();
    day2["event"]["name"] = "Rust Belt 2026 · Day 2".into();
    update(
        &mut m,
        msgs::page::<Ticket>(siblings[0].0, 1, 1, page(&[day2], 1, 1, 1)),
    );
    let cmds = scan(&mut m, "TK-000077");
    assert!(admits(&cmds).is_empty());
    assert_eq!(
        face(&m),
        Face::Verdict(Verdict::OtherEdition {
            edition: "Rust Belt 2026 · Day 2".into(),
            when: Some("tomorrow".into())
        })
    );
    // Leaving cancels the other editions' reads still under way.
    key(&mut m, KeyCode::Char('q'), KeyModifiers::CONTROL);
    let cmds = press(&mut m, KeyCode::Enter);
    assert!(
        cmds.contains(&Cmd::Cancel { req: siblings[1].0 }),
        "{cmds:?}"
    );
}

/// The editions of an event asked for by id may answer before the event:
/// they are read once, not again when the event comes.
#[test]
fn editions_answering_before_the_event_are_read_once() {
    let mut m = at_events();
    let (event, eds, _) = palette_checkin(&mut m, "1");
    let eds = eds.unwrap();
    update(
        &mut m,
        msgs::page::<Edition>(eds, 1, 1, page(&editions(), 1, 1, 3)),
    );
    let raw = crate::data::event_json(1, "Rust Belt Conference 2026");
    let ev: boxoffice::api::model::Event = serde_json::from_value(raw.clone()).unwrap();
    let cmds = update(&mut m, msgs::event(event, Ok((ev, raw))));
    assert!(
        !cmds.iter().any(|c| matches!(
            c,
            Cmd::LoadList {
                list: ListQuery::Editions { .. },
                ..
            }
        )),
        "{cmds:?}"
    );
    assert_eq!(
        screen(&m).lane.target.editions.len(),
        3,
        "each edition once"
    );
}

/// The desk holds its own list: the lists kept for coming back let go, so
/// a 100,000-ticket list and a 100,000-ticket desk are never held at once.
#[test]
fn opening_the_desk_lets_the_kept_lists_go() {
    let (mut m, _) = crate::drive::at_tickets(3);
    ch(&mut m, 'q');
    assert!(!m.kept.tickets.is_empty(), "the complete list is kept");
    update(&mut m, Msg::Clock(TODAY.into()));
    ch(&mut m, 'c');
    assert!(matches!(m.top(), Some(Screen::Checkin(_))));
    assert!(m.kept.tickets.is_empty());
}

/// The desk opened on the edition whose list was just read shows that
/// list (not the offline list: 100,000 tickets are held once) while it
/// reads its own, and the read writes into it: a ticket revoked since is
/// as read once its page is in, a ticket no longer sold is gone when the
/// read is whole, a new one is there, and the whole is saved.
#[test]
fn the_desk_shows_the_list_just_read_while_it_reads_it_again() {
    let (mut m, _) = crate::drive::at_tickets(3);
    ch(&mut m, 'q');
    update(&mut m, Msg::Clock(TODAY.into()));
    let cmds = ch(&mut m, 'c');
    assert!(m.kept.tickets.is_empty(), "taken, not kept beside");
    assert!(
        !cmds.iter().any(|c| matches!(c, Cmd::LoadCached { .. })),
        "{cmds:?}"
    );
    let req = req_of(
        cmds.iter()
            .find(|c| {
                matches!(
                    c,
                    Cmd::LoadList {
                        list: ListQuery::Tickets { event_id: 11 },
                        ..
                    }
                )
            })
            .expect("its own read"),
    );
    let status = |m: &Model, n: &str| {
        screen(m)
            .lane
            .lists
            .shown
            .by_number(n)
            .map(|t| t.status().to_string())
    };
    let s = screen(&m);
    assert_eq!(s.lane.lists.shown.len(), 120);
    assert!(!s.listed.live && s.lane.lists.own_reading());
    assert_eq!(s.listed.cached_at.as_deref(), Some(TODAY), "read just now");
    assert_eq!(status(&m, "TK-000006").as_deref(), Some("confirmed"));
    assert!(render(&mut m, (80, 24)).contains("refreshing"));

    // Since the list was read: 6 revoked, 120 no longer sold, 121 sold.
    let mut first = tickets(1, 40);
    first[5]["status"] = "unenrolled".into();
    update(
        &mut m,
        msgs::page::<Ticket>(req, 1, 3, page(&first, 3, 1, 120)),
    );
    assert_eq!(status(&m, "TK-000006").as_deref(), Some("unenrolled"));
    assert_eq!(screen(&m).lane.lists.read_so_far(), Some(40));
    assert!(status(&m, "TK-000120").is_some(), "not read yet: as shown");
    update(
        &mut m,
        msgs::page::<Ticket>(req, 2, 3, page(&tickets(41, 80), 3, 2, 120)),
    );
    let mut last = tickets(81, 119);
    last.push(ticket_json(121));
    let cmds = update(
        &mut m,
        msgs::page::<Ticket>(req, 3, 3, page(&last, 3, 3, 120)),
    );
    assert!(
        cmds.iter().any(
            |c| matches!(c, Cmd::SaveCached { event_id: 11, tickets, .. } if tickets.len() == 120)
        ),
        "{cmds:?}"
    );
    let s = screen(&m);
    assert!(s.listed.live && !s.lane.lists.own_reading());
    assert_eq!(status(&m, "TK-000120"), None, "gone with the read");
    assert!(status(&m, "TK-000121").is_some());
    assert_eq!(status(&m, "TK-000006").as_deref(), Some("unenrolled"));
}

/// A list read longer ago than [`KEPT_FRESH`] is not taken: the desk
/// shows its offline list while it reads (and still lets the kept lists
/// go).
#[test]
fn the_desk_does_not_take_a_list_read_long_ago() {
    let (mut m, _) = crate::drive::at_tickets(3);
    ch(&mut m, 'q');
    let later = m.now + KEPT_FRESH + Duration::from_secs(1);
    update(&mut m, Msg::Tick(later));
    update(&mut m, Msg::Clock(TODAY.into()));
    let cmds = ch(&mut m, 'c');
    assert!(m.kept.tickets.is_empty());
    assert!(screen(&m).lane.lists.shown.is_empty());
    assert!(
        cmds.iter().any(|c| matches!(c, Cmd::LoadCached { .. })),
        "{cmds:?}"
    );
}

/// Wide, the last scans stand beside the verdict: F4 does not open them a
/// second time (it says where they are); narrow, F4 opens and closes them.
#[test]
fn f4_opens_the_last_scans_only_where_they_are_not_beside() {
    let mut m = desk();
    scan(&mut m, "TK-000001");
    render(&mut m, (160, 45));
    press(&mut m, KeyCode::F(4));
    assert_eq!(screen(&m).panel, None);
    assert_eq!(
        screen(&m).note.as_deref(),
        Some("the last scans are on the right")
    );
    let wide = render(&mut m, (160, 45));
    assert_eq!(wide.matches("Last scans").count(), 1, "{wide}");
    render(&mut m, (80, 24));
    press(&mut m, KeyCode::F(4));
    assert_eq!(screen(&m).panel, Some(Panel::LastScans));
    let narrow = render(&mut m, (80, 24));
    assert_eq!(narrow.matches("Last scans").count(), 1, "{narrow}");
    // Made wide while open: one list still.
    let widened = render(&mut m, (160, 45));
    assert_eq!(widened.matches("Last scans").count(), 1, "{widened}");
    press(&mut m, KeyCode::F(4));
    assert_eq!(screen(&m).panel, None);
}
