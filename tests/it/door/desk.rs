//! A shift through the desk's real update loop: the app's `update` with
//! the check-in desk open (from the main event's id or Day 1's), keys typed
//! as a scanner types them (over what the shift has open: help, the undo or
//! leave question, the name search, the last scans, the conflicts, the
//! walk-in form), and this driver playing the executor: the API's answers
//! from the shift's world, the desk log's from a real lane of a shared log.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use boxoffice::api::ApiError;
use boxoffice::api::error::ErrorItem;
use boxoffice::api::model::envelope::decode_page;
use boxoffice::api::model::{Edition, Event, Page, Record, Ticket};
use boxoffice::app::list::{ListQuery, PageIn};
use boxoffice::app::msg::Followed;
use boxoffice::app::screens::Screen;
use boxoffice::app::screens::checkin::{CheckinScreen, Face, Waits};
use boxoffice::app::settings::Settings;
use boxoffice::app::{AppOptions, Cmd, Model, Msg, Reply, update};
use boxoffice::door::Verdict;
use boxoffice::store::{
    DeskLog, DoorDone, DoorOp, LaneLog, NumberFound, SharedLog, SqliteDeskLog, SqliteDoor,
};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::{Value, json};
use tokio::runtime::Runtime;

use super::model::{Said, lane_name};
use super::world::{
    CLOCKS, DOOR, EDITIONS, Ev, HOST, MAIN, OTHER_EVENT, Over, Shift, T, TODAY, World, customer,
    order, text,
};

fn ticket_json(t: &T) -> Value {
    let event = match t.edition {
        None => Value::Null,
        Some(e) => {
            let (name, day) = EDITIONS
                .iter()
                .find(|(id, ..)| *id == e)
                .map_or(("Other event", "2026-12-24"), |(_, n, d)| (*n, *d));
            json!({"id": e, "name": name, "parent_id": if e == OTHER_EVENT { Value::Null } else { json!(MAIN) },
                   "start_datetime": format!("{day} 09:00:00")})
        }
    };
    json!({
        "id": t.id, "number": t.number, "status": t.status, "enrollment_type": "paid",
        "attendee": {"id": customer(t.id), "name": "Guest", "last_name": format!("{}", t.id), "email": format!("g{}@example.com", t.id)},
        "event": event,
        "order": if order(t.id).is_empty() { Value::Null } else { json!({"id": 1, "number": order(t.id)}) },
    })
}

fn page<R: Record>(data: &[Value], pages: u32, current: u32) -> Page<R> {
    let body = json!({
        "status": "OK", "data": data, "countFiltered": data.len(), "count": data.len(),
        "previous": null, "current": current, "pages": pages, "next": null,
    });
    decode_page(&serde_json::to_vec(&body).unwrap(), true).unwrap()
}

fn not_found() -> ApiError {
    ApiError::Api {
        message: "Ticket not found".into(),
        errors: vec![ErrorItem {
            code: 1002,
            message: "Ticket not found".into(),
            extra_data: None,
        }],
    }
}

/// The keys a scanner sends for `text`, as the terminal reads them: an
/// ESC before a character is Alt and that character, a C0 byte a Ctrl key.
fn keys(text: &str) -> Vec<KeyEvent> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let key = match c {
            '\u{1b}' => match chars.next() {
                Some(n) => KeyEvent::new(KeyCode::Char(n), KeyModifiers::ALT),
                None => KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE),
            },
            '\u{7f}' => KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE),
            '\u{0}' => KeyEvent::new(KeyCode::Char(' '), KeyModifiers::CONTROL),
            c if (c as u32) < 0x20 => KeyEvent::new(
                KeyCode::Char(char::from(b'a' - 1 + c as u8)),
                KeyModifiers::CONTROL,
            ),
            c if c.is_uppercase() => KeyEvent::new(KeyCode::Char(c), KeyModifiers::SHIFT),
            c => KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
        };
        out.push(key);
    }
    out
}

/// An admission or a move stamped by the shift's clock, as the log would
/// by its own (the desk's undo window reads it).
fn stamp(a: &mut boxoffice::store::Admission) {
    if a.at.is_empty() {
        a.at = TODAY.into();
    }
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// The desk of a shift, and the executor it runs on.
pub struct Desk<'a> {
    rt: &'a Runtime,
    m: Model,
    world: World,
    shared: SqliteDoor,
    log: LaneLog<SqliteDoor>,
    own: Option<(u64, u32)>,
    own_asked: bool,
    siblings: Vec<(u64, u64)>,
    follow: Option<(u64, Option<boxoffice::store::Cursor>)>,
    scans: usize,
    /// Each scan's verdict, by scan number.
    pub said: BTreeMap<usize, Said>,
    /// What was open over the desk when each scan came, for scans the desk
    /// judged with it closed.
    pub overs: BTreeSet<Over>,
    /// The API answers later than a read before a VALID waits.
    api_slow: bool,
    /// The door's clock.
    wall: &'static str,
    /// The list this machine keeps for the other event (as before the
    /// shift).
    kept: Vec<T>,
    /// The scans whose VALID came from the list, and those whose read
    /// before a VALID went unanswered.
    pub from_list: BTreeSet<usize>,
    unanswered: BTreeSet<u64>,
    /// The scans whose ticket was read by id for them.
    read_by_id: BTreeSet<u64>,
    /// The lane's clock (its log's deadlines read it).
    clock: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl<'a> Desk<'a> {
    pub fn open(rt: &'a Runtime, shift: &Shift) -> Self {
        let _in = rt.enter();
        let shared = SqliteDoor::new(SqliteDeskLog::in_memory().unwrap());
        // A hang costs the drive's deadlines, not a real lane's.
        let clock = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(super::model::CLOCK));
        let log = LaneLog::timed(
            shared.clone(),
            SqliteDeskLog::in_memory().unwrap(),
            super::drive::timing(&clock, false),
        );
        let rules = &shift.world.rules;
        let kept = super::drive::policy(
            rules.all_editions,
            rules.hours,
            rules.reentry,
            rules.capacity,
        );
        rt.block_on(shared.door_async(DoorOp::SetPolicy {
            event_id: DOOR,
            policy: kept,
        }))
        .unwrap();
        let noted = (rules.noted.iter().map(|t| ("ticket", *t)))
            .chain(rules.noted_customers.iter().map(|c| ("customer", *c)));
        for (on, id) in noted {
            let op = DoorOp::SetNote(super::drive::note(on, id, false));
            rt.block_on(shared.door_async(op)).unwrap();
        }
        let mut settings = Settings::default();
        settings.desk.scan.trust(HOST);
        let options = AppOptions {
            business: "door".into(),
            readonly: false,
            pinned_now: Some(TODAY.into()),
            desk: lane_name(0),
            checkin: Some(if shift.world.by_edition { "11" } else { "1" }.into()),
            door: None,
            desk_only: false,
            bell: false,
            settings,
        };
        let mut m = Model::new(options, "http://127.0.0.1:9", Instant::now(), (100, 30));
        update(&mut m, Msg::Clock(TODAY.into()));
        let cmds = boxoffice::app::start(&mut m);
        let mut desk = Self {
            rt,
            m,
            world: shift.world.clone(),
            shared,
            log,
            own: None,
            own_asked: false,
            siblings: Vec::new(),
            follow: None,
            scans: 0,
            said: BTreeMap::new(),
            overs: BTreeSet::new(),
            api_slow: false,
            wall: TODAY,
            kept: shift.world.kept().into_iter().cloned().collect(),
            from_list: BTreeSet::new(),
            unanswered: BTreeSet::new(),
            read_by_id: BTreeSet::new(),
            clock,
        };
        desk.run(cmds);
        desk
    }

    fn screen(&self) -> &CheckinScreen {
        match self.m.top() {
            Some(Screen::Checkin(s)) => s,
            other => panic!("not at the desk: {other:?}"),
        }
    }

    /// Tickets the desk counts admitted.
    pub fn admitted(&self) -> usize {
        self.screen().counters(TODAY).0
    }

    fn reply(&mut self, req: u64, reply: Reply) -> Vec<Cmd> {
        update(&mut self.m, Msg::Reply { req, reply })
    }

    /// The executor: every command answered at once from the world and
    /// the lane, except the lists' pages and the follow, which the shift's
    /// events answer.
    fn run(&mut self, cmds: Vec<Cmd>) {
        let mut queue: Vec<Cmd> = cmds;
        while !queue.is_empty() {
            let cmd = queue.remove(0);
            let more = match cmd {
                Cmd::LoadEvent { req, id } => {
                    let raw = if id == MAIN.to_string() {
                        json!({"id": MAIN, "name": "Conf", "has_variants": true, "is_variant": false})
                    } else {
                        json!({"id": 11, "name": "Day 1", "is_variant": true, "parent_id": MAIN})
                    };
                    let event: Event = serde_json::from_value(raw.clone()).unwrap();
                    self.reply(req, Reply::Event(Ok((event, raw))))
                }
                Cmd::LoadList {
                    req,
                    list: ListQuery::Editions { event_id },
                } => {
                    let data: Vec<Value> = EDITIONS
                        .iter()
                        .filter(|(id, ..)| event_id == MAIN || *id == event_id)
                        .map(|(id, name, day)| json!({"id": id, "name": name, "parent_id": MAIN, "start_date": day, "end_date": day}))
                        .collect();
                    let p: Page<Edition> = page(&data, 1, 1);
                    self.reply(req, Reply::Page(Ok(PageIn::new(1, 1, p))))
                }
                Cmd::LoadList {
                    req,
                    list: ListQuery::Tickets { event_id },
                } => {
                    if event_id == DOOR {
                        // The first read only: the desk's background read
                        // and its retry after a failed read come on its own
                        // clock, which the model has not (the lanes'
                        // background read is the shift's `Reread`): never
                        // answered here.
                        if !std::mem::replace(&mut self.own_asked, true) {
                            self.own = Some((req, 0));
                        }
                    } else {
                        self.siblings.push((req, event_id));
                    }
                    vec![]
                }
                Cmd::LoadAdmissions { req, event_id } => {
                    let admitted = self.blocking(|log| log.admitted(event_id));
                    self.reply(req, Reply::Admissions(admitted))
                }
                Cmd::LoadCached { req, .. } => self.reply(req, Reply::Cached(Ok(None))),
                Cmd::Follow { req, after, .. } => {
                    self.follow = Some((req, after));
                    vec![]
                }
                Cmd::Admit {
                    req,
                    mut admission,
                    scan,
                } => {
                    // Stamped by the shift's clock, as the log would by its
                    // own (the desk's undo window reads it).
                    stamp(&mut admission);
                    let recorded = self.blocking(|log| log.admit(&admission, scan));
                    self.reply(req, Reply::Admitted(recorded))
                }
                Cmd::Unadmit {
                    req,
                    event_id,
                    desk,
                    ticket_id,
                } => {
                    let undone = self.blocking(|log| log.undo(event_id, &desk, ticket_id));
                    self.reply(req, Reply::Unadmitted(undone))
                }
                Cmd::LoadTicket { req, ticket_id } => {
                    let waiting = (self.screen().pending.iter())
                        .find(|p| matches!(p.waits, Waits::Read(r, _) if r == req));
                    self.read_by_id.extend(waiting.map(|p| p.scan));
                    let result = match self.world.by_id(ticket_id) {
                        Some(t) => {
                            let raw = ticket_json(t);
                            let ticket: Ticket = serde_json::from_value(raw.clone()).unwrap();
                            Ok((ticket, raw))
                        }
                        None => Err(not_found()),
                    };
                    self.reply(req, Reply::Ticket(result))
                }
                Cmd::CheckTicket { req, ticket_id, .. } => {
                    let checked = match self.world.by_id(ticket_id) {
                        // Its deadline passed: the scan waiting for it is
                        // judged from the list.
                        _ if self.api_slow => {
                            let waiting = (self.screen().pending.iter())
                                .find(|p| matches!(p.waits, Waits::Check(r, ..) if r == req));
                            self.unanswered.extend(waiting.map(|p| p.scan));
                            boxoffice::door::Checked::NoAnswer
                        }
                        Some(t) => {
                            let ticket: Ticket = serde_json::from_value(ticket_json(t)).unwrap();
                            boxoffice::door::Checked::Now(
                                boxoffice::app::list::rows::TicketRow::new(&ticket),
                            )
                        }
                        None => boxoffice::door::Checked::Gone,
                    };
                    let took = Duration::from_millis(1);
                    self.reply(req, Reply::Checked { checked, took })
                }
                Cmd::FindNumber {
                    req, number_key, ..
                } => {
                    let found = (self.kept.iter())
                        .find(|t| boxoffice::ticket_number::key(&t.number) == number_key)
                        .map(|t| NumberFound {
                            event_id: OTHER_EVENT,
                            ticket: t.kept_row(String::new()),
                            title: "Other event".into(),
                            starts: "2026-12-24".into(),
                            saved_at: TODAY.into(),
                        });
                    self.reply(req, Reply::FoundNumber(Ok(found.into_iter().collect())))
                }
                // What the desk records at the door: an exit, a re-entry,
                // a forced admission, stamped by the shift's clock.
                Cmd::Door { req, op } => {
                    let done = self.blocking(|log| match op {
                        DoorOp::Move(mut m) => {
                            stamp(&mut m.admission);
                            log.door_move(&m.admission, m.kind, m.scan)
                                .map(DoorDone::Moved)
                        }
                        DoorOp::Forced {
                            mut admission,
                            scan,
                        } => {
                            stamp(&mut admission);
                            log.admit_forced(&admission, scan).map(DoorDone::Recorded)
                        }
                        DoorOp::Read { event_id } => log.door(event_id).map(DoorDone::State),
                        DoorOp::SetPolicy { event_id, policy } => {
                            log.set_policy(event_id, &policy).map(|()| DoorDone::Set)
                        }
                        DoorOp::SetNote(note) => log.set_note(&note).map(|()| DoorDone::Set),
                    });
                    self.reply(req, Reply::Door(done))
                }
                // A walk-in's enroll: the world gains their ticket as a
                // lane's walk-in does (id 1000 and up, confirmed, Day 1).
                Cmd::EnrollByEmail {
                    req,
                    event_id,
                    person,
                    ..
                } => {
                    assert_eq!(event_id, DOOR, "a walk-in enrolled into {event_id}");
                    let id = 1000 + self.world.tickets.len() as u64;
                    assert_eq!(person.email, format!("g{id}@example.com"));
                    self.world.tickets.push(T {
                        id,
                        number: format!("TK-{id:06}"),
                        status: "confirmed",
                        edition: Some(DOOR),
                    });
                    self.reply(req, Reply::Enrolled(Ok(()), None))
                }
                // The own list's tail as the API has it now: its pages from
                // `from` on, the walk-ins enrolled since at its end.
                Cmd::LoadTail {
                    req,
                    list: ListQuery::Tickets { event_id },
                    from,
                } => {
                    assert_eq!(event_id, DOOR, "a tail read of {event_id}");
                    let walked_in = (self.world.tickets.iter())
                        .filter(|t| t.id >= 1000 && t.edition == Some(DOOR));
                    let rows: Vec<Value> = (self.world.own().into_iter())
                        .chain(walked_in)
                        .map(ticket_json)
                        .collect();
                    let per = self.world.page;
                    let pages = u32::try_from(rows.len().div_ceil(per).max(1)).unwrap();
                    let mut more = Vec::new();
                    for n in from.max(1)..=pages {
                        let at = (n as usize - 1) * per;
                        let data = &rows[at.min(rows.len())..(at + per).min(rows.len())];
                        let p: Page<Ticket> = page(data, pages, n);
                        more.extend(self.reply(req, Reply::Page(Ok(PageIn::new(n, pages, p)))));
                    }
                    more
                }
                Cmd::LoadConflicts { req, event_id } => {
                    let conflicts = self.blocking(|log| log.conflicts(Some(event_id)));
                    self.reply(req, Reply::Conflicts(conflicts))
                }
                // The app's own list (the events under the desk), timers,
                // the terminal's: nothing to answer.
                _ => vec![],
            };
            queue.extend(more);
        }
    }

    /// A call on the lane's log (it waits on the runtime).
    fn blocking<R>(&mut self, f: impl FnOnce(&mut LaneLog<SqliteDoor>) -> R) -> R {
        let _in = self.rt.enter();
        f(&mut self.log)
    }

    fn key(&mut self, key: KeyEvent, after: Duration) -> Vec<Cmd> {
        self.m.now += after;
        update(&mut self.m, Msg::Key(key))
    }

    pub fn apply(&mut self, ev: &Ev) {
        let down = self.api_down();
        match ev {
            Ev::Scan { form, over, .. } => self.scan(form, *over),
            // A scan, and Ctrl-F (answered) when the door said NOT OPEN
            // YET, CLOSED or FULL.
            Ev::Force { form, .. } => {
                self.scan(form, Over::Nothing);
                let barred = self.screen().shown.as_ref().is_some_and(|s| {
                    matches!(
                        s.face,
                        Face::Verdict(
                            Verdict::NotOpenYet { .. }
                                | Verdict::Closed { .. }
                                | Verdict::Full { .. }
                        )
                    )
                });
                if barred {
                    let mut cmds = self.key(
                        KeyEvent::new(KeyCode::Char('f'), KeyModifiers::CONTROL),
                        Duration::from_secs(1),
                    );
                    cmds.extend(self.key(key(KeyCode::Enter), Duration::from_secs(1)));
                    self.run(cmds);
                }
            }
            // Enter under a VALID naming the rest of its order: the order
            // question; Enter again admits what it picked.
            Ev::Order { .. } => {
                let cmds = self.key(key(KeyCode::Enter), Duration::from_secs(1));
                self.run(cmds);
                if matches!(
                    self.screen().panel,
                    Some(boxoffice::app::screens::checkin::Panel::Order(_))
                ) {
                    let cmds = self.key(key(KeyCode::Enter), Duration::from_secs(1));
                    self.run(cmds);
                }
                // The rest of an order is admitted as it was judged with the
                // ticket scanned: no VALID of it comes from the list.
                let mates: Vec<u64> = (self.screen().recent.iter())
                    .map(|e| e.scan)
                    .filter(|s| *s > 0 && !self.said.contains_key(&usize::try_from(*s).unwrap()))
                    .collect();
                self.read_by_id.extend(mates);
            }
            // `door set` and `note` on this machine (another process): the
            // desk reads the door again at its next look at the log.
            Ev::SetPolicy {
                all_editions,
                hours,
                reentry,
                capacity,
                ..
            } => {
                let kept = super::drive::policy(*all_editions, *hours, *reentry, *capacity);
                if self.blocking(|log| log.set_policy(DOOR, &kept)).is_ok() {
                    self.look();
                }
            }
            Ev::Note { i, clear, .. } => {
                let id = self.world.tickets[i % self.world.tickets.len()].id;
                let kept = super::drive::note("ticket", id, *clear);
                if self.blocking(|log| log.set_note(&kept)).is_ok() {
                    self.look();
                }
            }
            Ev::Page { .. } => {
                let own = self.world.own();
                let pages = self.world.pages();
                if let Some((req, read)) = self.own
                    && (read as usize) < pages
                {
                    let from = (read as usize * self.world.page).min(own.len());
                    let to = ((read as usize + 1) * self.world.page).min(own.len());
                    let data: Vec<Value> = own[from..to].iter().map(|t| ticket_json(t)).collect();
                    let n = u32::try_from(pages).unwrap();
                    let p: Page<Ticket> = page(&data, n, read + 1);
                    self.own = Some((req, read + 1));
                    let cmds = self.reply(req, Reply::Page(Ok(PageIn::new(read + 1, n, p))));
                    self.run(cmds);
                }
            }
            Ev::Siblings { .. } => {
                for (req, edition) in std::mem::take(&mut self.siblings) {
                    let data: Vec<Value> = self
                        .world
                        .siblings()
                        .into_iter()
                        .filter(|t| t.edition == Some(edition))
                        .map(ticket_json)
                        .collect();
                    let p: Page<Ticket> = page(&data, 1, 1);
                    let cmds = self.reply(req, Reply::Page(Ok(PageIn::new(1, 1, p))));
                    self.run(cmds);
                }
            }
            Ev::ListFails { .. } => {
                if let Some((req, read)) = self.own.take()
                    && (read as usize) < self.world.pages()
                {
                    let failed = ApiError::Transport {
                        message: "connection reset".into(),
                        timeout: false,
                    };
                    let cmds = self.reply(req, Reply::Page(Err(failed)));
                    self.run(cmds);
                }
            }
            Ev::Undo { .. } => {
                // Within the undo window: the log stamps the shift's
                // admissions at TODAY, and the desk's clock is there for
                // the undo (the model keeps no window).
                update(&mut self.m, Msg::Clock(TODAY.into()));
                let mut cmds = self.key(key(KeyCode::F(8)), Duration::from_secs(1));
                cmds.extend(self.key(key(KeyCode::Enter), Duration::from_secs(1)));
                self.run(cmds);
                update(&mut self.m, Msg::Clock(self.wall.into()));
            }
            Ev::Revoke { i } => {
                let n = self.world.tickets.len();
                self.world.tickets[i % n].status = "unenrolled";
            }
            Ev::ApiSlow => self.api_slow = true,
            Ev::ApiFast => self.api_slow = false,
            Ev::Cut => self.shared.cut(true),
            Ev::Restore => self.shared.cut(false),
            Ev::Hang => self.shared.hang(true),
            Ev::Wake => self.shared.hang(false),
            Ev::Clock(i) => {
                self.wall = CLOCKS[*i];
                let cmds = update(&mut self.m, Msg::Clock(self.wall.into()));
                self.run(cmds);
            }
            // Time passes at the lane: a failure it remembers is forgotten
            // after 30 s (its log's deadlines read the clock).
            Ev::Later(s) => {
                self.clock
                    .fetch_add(*s, std::sync::atomic::Ordering::SeqCst);
            }
            // The desk's log started again from its file (its queue, its
            // mirror and a failure it remembers come with it; it is not cut
            // off until a call fails again); the screen stays.
            Ev::Reopen { .. } => {
                let _in = self.rt.enter();
                self.log = self.log.reopened().unwrap();
                self.log.follow(DOOR);
            }
            // F9, answered: an exit lane, or an entry again.
            Ev::Turn { .. } => {
                let mut cmds = self.key(key(KeyCode::F(9)), Duration::from_secs(1));
                cmds.extend(self.key(key(KeyCode::Enter), Duration::from_secs(1)));
                self.run(cmds);
            }
            Ev::WalkIn { .. } => self.walk_in(),
            // world.rs leaves the background read out of a desk shift.
            Ev::Reread { .. } => {
                unreachable!("a desk shift has no {ev:?}")
            }
            Ev::Sync { .. } => {
                let _ = self.blocking(|log| log.sync_now());
                self.answer_follow();
            }
        }
        self.collect(down);
    }

    /// A scan typed over what the shift has open.
    fn scan(&mut self, form: &super::world::Form, over: Over) {
        self.scans += 1;
        let text = text(&self.world, form);
        let text = text.trim_end_matches(['\r', '\n']);
        // What the shift has open, opened by hand.
        let open = match over {
            Over::Nothing => None,
            Over::Help => Some(key(KeyCode::F(1))),
            Over::UndoQuestion => Some(key(KeyCode::F(8))),
            Over::LeaveQuestion => Some(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL)),
            Over::NameSearch => Some(key(KeyCode::F(3))),
            Over::LastScans => Some(key(KeyCode::F(4))),
            Over::Conflicts => Some(key(KeyCode::F(6))),
            Over::WalkInForm => Some(key(KeyCode::F(2))),
        };
        if let Some(k) = open {
            let cmds = self.key(k, Duration::from_secs(1));
            self.run(cmds);
        }
        let mut cmds = Vec::new();
        let mut gap = Duration::from_secs(1);
        for k in keys(text) {
            cmds.extend(self.key(k, gap));
            gap = Duration::from_millis(5);
        }
        cmds.extend(self.key(key(KeyCode::Enter), gap));
        self.run(cmds);
        // Whatever was open closed, and the scan was taken.
        if self.m.overlay.is_none() && self.screen().panel.is_none() {
            self.overs.insert(over);
        }
    }

    /// A walk-in: `F2` opens the enroll form, the e-mail, name and last
    /// name typed by hand (keys further apart than a scanner's), `Enter`
    /// sends it; the executor enrolls them into the world and answers the
    /// list's tail, and the desk admits their new ticket.
    fn walk_in(&mut self) {
        assert!(
            self.m.overlay.is_none() && self.screen().panel.is_none(),
            "a walk-in with {:?} open over the desk",
            self.m.overlay
        );
        let id = 1000 + self.world.tickets.len() as u64;
        let cmds = self.key(key(KeyCode::F(2)), Duration::from_secs(1));
        self.run(cmds);
        assert!(
            matches!(
                &self.m.overlay,
                Some(boxoffice::app::overlays::Overlay::Enroll(f)) if f.value(0).is_empty()
            ),
            "F2 opened no empty walk-in form: {:?}",
            self.m.overlay
        );
        let before = self.screen().shown.as_ref().map(|s| s.scan);
        let mut cmds = Vec::new();
        for c in format!("g{id}@example.com\tG\tW").chars() {
            let k = match c {
                '\t' => key(KeyCode::Tab),
                c => KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
            };
            cmds.extend(self.key(k, Duration::from_millis(200)));
        }
        cmds.extend(self.key(key(KeyCode::Enter), Duration::from_millis(200)));
        self.run(cmds);
        assert!(
            self.m.overlay.is_none(),
            "the walk-in form stayed open: {:?}",
            self.m.overlay
        );
        // Its ticket was just read from the API: a VALID of it is the
        // API's answer, never the list's.
        let scan = self.screen().shown.as_ref().map(|s| s.scan);
        assert_ne!(scan, before, "the walk-in {id} was not judged");
        self.read_by_id.extend(scan);
    }

    /// The desk looks at the log again (a second later): its follow is
    /// answered, and it reads the door's policy and notes.
    fn look(&mut self) {
        self.m.now += Duration::from_secs(2);
        self.answer_follow();
    }

    /// The desk's follow of the other lanes, answered from the lane.
    fn answer_follow(&mut self) {
        {
            {
                if let Some((req, after)) = self.follow.take() {
                    let followed = self.blocking(|log| -> Result<_, _> {
                        let (cursor, changes, admitted) = match after {
                            None => {
                                let cursor = log.cursor(DOOR)?;
                                (cursor, Vec::new(), Some(log.admitted(DOOR)?))
                            }
                            Some(after) => {
                                let (changes, cursor) = log.newer(DOOR, &after, 1000)?;
                                (cursor, changes, None)
                            }
                        };
                        Ok(Some(Followed {
                            cursor,
                            changes,
                            admitted,
                            reach: log.reach(),
                        }))
                    });
                    // Cut off, the first read fails: asked again.
                    let cmds = self.reply(req, Reply::Followed(followed));
                    self.run(cmds);
                }
            }
        }
    }

    /// After `desk sync` at the desk: the admissions its log holds (the
    /// ticket and the lane of each), none left queued.
    pub fn finish(&mut self) -> Result<BTreeMap<u64, String>, String> {
        self.shared.cut(false);
        self.shared.hang(false);
        self.blocking(|log| log.sync_now())
            .map_err(|e| format!("the desk: desk sync: {e}"))?;
        let queued = self
            .blocking(|log| log.queued_count())
            .map_err(|e| e.to_string())?;
        if queued != 0 {
            return Err(format!("the desk: {queued} still queued after desk sync"));
        }
        let admitted = self
            .blocking(|log| log.admitted(DOOR))
            .map_err(|e| e.to_string())?;
        Ok(admitted
            .into_iter()
            .map(|a| (a.ticket_id, a.desk))
            .collect())
    }

    /// Whether the desk takes the API as not answering (a VALID then comes
    /// from the list at once).
    fn api_down(&self) -> bool {
        let s = self.screen();
        s.lane.fresh.down_since.is_some() || s.listed.offline.is_some()
    }

    /// Whether the verdict on screen shows a note (⚑), and its scan.
    pub fn shown_note(&self) -> Option<(usize, bool)> {
        let shown = self.screen().shown.as_ref()?;
        let scan = usize::try_from(shown.scan).ok().filter(|s| *s > 0)?;
        Some((scan, shown.flag.is_some()))
    }

    /// The verdicts the desk listed, by scan (`down`: the API was taken as
    /// not answering through the whole event: a VALID listed in it came
    /// from the list, as did one whose read went unanswered).
    fn collect(&mut self, down: bool) {
        let down = down && self.api_down();
        let new_valid: Vec<u64> = (self.screen().recent.iter())
            .filter(|e| e.scan > 0 && e.face == Face::Verdict(Verdict::Valid))
            .map(|e| e.scan)
            .filter(|s| !self.said.contains_key(&usize::try_from(*s).unwrap()))
            .collect();
        for scan in new_valid {
            // A ticket read by id for its scan is the API's answer: no
            // list under it (the desk's `judged_from_list`).
            if (down && !self.read_by_id.contains(&scan)) || self.unanswered.contains(&scan) {
                self.from_list.insert(usize::try_from(scan).unwrap());
            }
        }
        let found: Vec<(u64, Face)> = self
            .screen()
            .recent
            .iter()
            .filter(|e| e.scan > 0)
            .map(|e| (e.scan, e.face.clone()))
            .collect();
        for (scan, face) in found {
            let said = match face {
                Face::Verdict(Verdict::Valid) => Said::Valid,
                Face::Verdict(Verdict::AlreadyAdmitted { lane, .. }) => Said::Already(lane),
                Face::Verdict(Verdict::NotValid { .. }) => Said::NotValid,
                Face::Verdict(Verdict::OtherEdition { .. }) => Said::OtherEdition,
                Face::Verdict(Verdict::OtherEvent { .. }) => Said::OtherEvent,
                Face::Verdict(Verdict::Unknown) => Said::Unknown,
                Face::Verdict(Verdict::NotOpenYet { .. }) => Said::NotOpenYet,
                Face::Verdict(Verdict::Closed { .. }) => Said::Closed,
                Face::Verdict(Verdict::Full { .. }) => Said::Full,
                Face::Verdict(Verdict::Exit) => Said::Exit,
                Face::Verdict(Verdict::WelcomeBack { .. }) => Said::WelcomeBack,
                Face::Verdict(Verdict::Left { lane, .. }) => Said::Left(lane),
                Face::Verdict(Verdict::NotInside { .. }) => Said::NotInside,
                Face::NotRecorded(_) => Said::NotRecorded,
                other => panic!("scan {scan} listed as {other:?}"),
            };
            self.said.insert(usize::try_from(scan).unwrap(), said);
        }
    }
}
