//! The real door driven through a shift: each lane is the door module's
//! state (`door::Lists`, `door::Admissions`), asked by `door::judge` and
//! given what the judgement asks for (a list's pages, a ticket by id, the
//! list kept for another event) as `admit` and the desk do, over a real
//! lane (`store::LaneLog`, driven step by step) of one shared log
//! (`store::SqliteDoor`, cut and restored as the shift says).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use boxoffice::door::admissions::Settled;
use boxoffice::door::{
    self, EditionInfo, Elsewhere, EventFacts, Fetched, Finding, Judgement, Key, LaneKind, Need,
    Notes, Opened, Policy, ScanRules, Target, Ticket, Verdict, judge, judge_key,
};
use boxoffice::store::SharedLog;
use boxoffice::store::{
    Admission, ChangeKind, Cursor, DeskLog, DoorOp, KeptNote, KeptPolicy, LaneLog, Moved, ScanId,
    SqliteDeskLog, SqliteDoor, StoreError, Timing,
};
use tokio::runtime::Runtime;

use super::model::{AfterSync, CLOCK, Said, Wait, lane_name};
use super::world::{
    CLOCKS, CLOSES, DOOR, EDITIONS, Ev, HOST, MAIN, OPENS, OTHER_EVENT, Over, Shift, T, TODAY,
    World, customer, order, text,
};

/// The door found as the desk and `admit` find it, from the id the shift
/// opened it with, reading the world.
pub fn target(by_edition: bool) -> Target {
    let mut finding = Finding::new(if by_edition { "11" } else { "1" });
    loop {
        match finding.opened(TODAY) {
            Some(Opened::Door(target, _)) => return target,
            Some(other) => panic!("the door did not open: {other:?}"),
            None => {}
        }
        for need in finding.needs() {
            match need {
                Need::Event(id) if id == MAIN.to_string() => finding.event_read(EventFacts {
                    id: MAIN,
                    name: Some("Conf".into()),
                    parent_id: None,
                    has_editions: Some(true),
                }),
                Need::Event(id) => {
                    let id: u64 = id.parse().unwrap();
                    finding.event_read(EventFacts {
                        id,
                        name: Some(format!("edition {id}")),
                        parent_id: Some(MAIN),
                        has_editions: Some(false),
                    });
                }
                Need::Editions(of) => {
                    let all: Vec<EditionInfo> = EDITIONS
                        .iter()
                        .filter(|(id, ..)| of == MAIN || *id == of)
                        .map(|(id, name, day)| EditionInfo::new(*id, name, Some(day), None))
                        .collect();
                    finding.editions_read(of, all);
                }
            }
        }
    }
}

/// A ticket of the world as the door reads it.
pub fn ticket(t: &T) -> Ticket {
    Ticket {
        id: t.id,
        number: t.number.clone(),
        status: t.status.into(),
        edition_id: t.edition,
        edition: t
            .edition
            .map(|e| format!("edition {e}"))
            .unwrap_or_default(),
        attendee: format!("guest {}", t.id),
        customer_id: Some(customer(t.id)),
        order: order(t.id),
    }
}

/// The door's policy as `boxoffice door set` keeps it, for the shift's
/// rules.
pub fn policy(
    all_editions: bool,
    hours: bool,
    reentry: bool,
    capacity: Option<usize>,
) -> KeptPolicy {
    let (opens, closes) = if hours {
        (("09:00", OPENS), ("18:00", CLOSES))
    } else {
        (("", ""), ("", ""))
    };
    KeptPolicy {
        editions: if all_editions { "all" } else { "this" }.into(),
        opens: opens.0.into(),
        opens_at: opens.1.into(),
        closes: closes.0.into(),
        closes_at: closes.1.into(),
        reentry,
        capacity: capacity.map_or(0, |c| c as u64),
        ..KeptPolicy::default()
    }
}

/// A note as `boxoffice note` keeps it (empty: cleared).
pub fn note(on: &str, id: u64, clear: bool) -> KeptNote {
    KeptNote {
        on: on.into(),
        id,
        text: if clear {
            String::new()
        } else {
            format!("note on {on} {id}")
        },
        ..KeptNote::default()
    }
}

/// The door's policy and notes as a lane reads them from its log.
fn read_door<S: SharedLog>(log: &LaneLog<S>, event: u64) -> (Policy, Notes) {
    let state = log.door(event).unwrap();
    (
        state.policy.as_ref().map(Policy::of).unwrap_or_default(),
        Notes::of(&state.notes),
    )
}

/// The deadlines of the model's lanes: a hung log answers no call, one
/// that answers does so at once (its answer is ready before the deadline
/// is looked at), so any deadline tells them apart; these keep a hang
/// cheap (the runtime's timer fires at its next millisecond: a wait of
/// 0–1 ms, where 2 ms waited 2–3). The rule held is which of the two a
/// lane chooses.
pub const WHOLE: Duration = Duration::from_micros(2);
pub const SHORT: Duration = Duration::from_micros(1);

/// The lanes' timing for a model: `WHOLE`, `SHORT`, and a clock the shift
/// moves.
pub fn timing(clock: &Arc<AtomicU64>, record: bool) -> Timing {
    timed(clock, record, WHOLE, SHORT)
}

/// `timing` with deadlines of its own (a log over the network answers in
/// its own time: its deadlines are no race with its answers).
pub fn timed(clock: &Arc<AtomicU64>, record: bool, whole: Duration, short: Duration) -> Timing {
    let clock = clock.clone();
    Timing {
        whole,
        short,
        now: Arc::new(move || clock.load(Ordering::SeqCst)),
        record,
    }
}

/// The shared log and the lanes' logs, made once for a run: each shift
/// is a door of its own event in them (a lane follows that event), so
/// thousands of shifts do not each build their databases.
pub struct Logs<S: Shared = SqliteDoor> {
    shared: S,
    lanes: Vec<LaneLog<S>>,
    /// The lanes' deadlines.
    whole: Duration,
    short: Duration,
    /// The lanes a shift cut off from the log (they sync before the next).
    cut_off: Vec<bool>,
    /// The event the next shift's door records under.
    next: u64,
    /// The lanes' clock.
    clock: Arc<AtomicU64>,
    /// The notes the last shift kept (cleared before the next: notes are
    /// the business's, not one event's).
    notes: Arc<std::sync::Mutex<BTreeSet<(String, u64)>>>,
}

/// A shared log the shift can take away (`cut`) or make hang.
pub trait Shared: SharedLog {
    /// Which log it is.
    const NAME: &'static str;
    /// Whether it can hang.
    const HANGS: bool = true;
    fn cut(&self, cut: bool);
    fn hang(&self, hung: bool);
}

impl Shared for SqliteDoor {
    const NAME: &'static str = "sqlite";
    fn cut(&self, cut: bool) {
        SqliteDoor::cut(self, cut);
    }
    fn hang(&self, hung: bool) {
        SqliteDoor::hang(self, hung);
    }
}

impl Logs {
    /// Over one SQLite log in this process.
    pub fn new(rt: &Runtime, lanes: usize) -> Self {
        let _in = rt.enter();
        let shared = SqliteDoor::new(SqliteDeskLog::in_memory().unwrap());
        Logs::over(rt, shared, lanes, WHOLE, SHORT)
    }
}

impl<S: Shared> Logs<S> {
    /// Over `shared`, its lanes waiting `whole` (or `short`).
    pub fn over(rt: &Runtime, shared: S, lanes: usize, whole: Duration, short: Duration) -> Self {
        let _in = rt.enter();
        let clock = Arc::new(AtomicU64::new(CLOCK));
        Self {
            lanes: (0..lanes)
                .map(|_| {
                    LaneLog::timed(
                        shared.clone(),
                        SqliteDeskLog::in_memory().unwrap(),
                        timed(&clock, true, whole, short),
                    )
                })
                .collect(),
            whole,
            short,
            cut_off: vec![false; lanes],
            shared,
            next: 1_000_000,
            clock,
            notes: Arc::default(),
        }
    }
}

/// One lane of the real door: the door module's lane (what it knows) and
/// what this driver keeps beside it (its log, its scans held).
struct Driven<'l, S: Shared> {
    lane: door::Lane<Ticket>,
    log: &'l mut LaneLog<S>,
    cursor: Cursor,
    pages: usize,
    /// Scans the door holds: (scan, text or the key picked, forced).
    pending: Vec<(usize, String, Option<Key>, bool)>,
    /// The ticket of its last scan that concluded VALID, and whether it
    /// was forced.
    last_valid: Option<u64>,
    last_forced: bool,
    /// Its latest scan (a held one concluding later leaves the prompt).
    last_scan: usize,
    /// The other editions' lists came.
    siblings_read: bool,
}

/// The real door of a shift.
pub struct Door<'a, S: Shared = SqliteDoor> {
    rt: &'a Runtime,
    world: World,
    shared: S,
    /// The lanes' deadlines.
    whole: Duration,
    short: Duration,
    /// The event the lanes' logs record this shift's admissions under.
    event: u64,
    lanes: Vec<Driven<'a, S>>,
    scans: usize,
    /// The door's clock.
    now: &'static str,
    /// Each scan's verdict, by scan number.
    pub said: BTreeMap<usize, Said>,
    /// The scans whose verdict showed a note.
    pub noted: BTreeSet<usize>,
    /// Each wait of a lane for the log on a scan's path (the first of a
    /// call), in order.
    pub waits: Vec<(usize, Wait)>,
    clock: Arc<AtomicU64>,
    /// The notes written (cleared before the next shift).
    written: Arc<std::sync::Mutex<BTreeSet<(String, u64)>>>,
    /// The API answers later than a read before a VALID waits.
    api_slow: bool,
    /// The list this machine keeps for the other event (as before the
    /// shift).
    kept: Vec<T>,
    /// The scans whose VALID came from the list.
    pub from_list: BTreeSet<usize>,
}

impl<'a, S: Shared> Door<'a, S> {
    pub fn open(rt: &'a Runtime, logs: &'a mut Logs<S>, shift: &Shift) -> Self {
        let _in = rt.enter();
        logs.next += 1;
        let event = logs.next;
        let shared = logs.shared.clone();
        shared.cut(false);
        shared.hang(false);
        logs.clock.store(CLOCK, Ordering::SeqCst);
        let target = target(shift.world.by_edition);
        let cut = shift.events.contains(&Ev::Cut) || shift.events.contains(&Ev::Hang);
        // The door's rules kept in the shared log, as `door set` and `note`
        // keep them; the last shift's notes cleared.
        let rules = &shift.world.rules;
        let mut ops = vec![DoorOp::SetPolicy {
            event_id: event,
            policy: policy(
                rules.all_editions,
                rules.hours,
                rules.reentry,
                rules.capacity,
            ),
        }];
        let mut written = logs.notes.lock().unwrap();
        for (on, id) in std::mem::take(&mut *written) {
            ops.push(DoorOp::SetNote(note(&on, id, true)));
        }
        let noted = (rules.noted.iter().map(|t| ("ticket", *t)))
            .chain(rules.noted_customers.iter().map(|c| ("customer", *c)));
        for (on, id) in noted {
            ops.push(DoorOp::SetNote(note(on, id, false)));
            written.insert((on.to_string(), id));
        }
        drop(written);
        for op in ops {
            rt.block_on(shared.door_async(op)).unwrap();
        }
        let lanes = logs
            .lanes
            .iter_mut()
            .zip(logs.cut_off.iter_mut())
            .take(shift.lanes)
            .enumerate()
            .map(|(i, (log, cut_off))| {
                // A shift before cut it off: the lane reaches the log again
                // (its queue, if any, is sent).
                if std::mem::replace(cut_off, cut) {
                    log.sync_now().unwrap();
                }
                let cursor = log.cursor(event).unwrap();
                let kind = if shift.world.rules.exit_lane(i) {
                    LaneKind::Exit
                } else {
                    LaneKind::Entry
                };
                let rules = ScanRules::new(true, [HOST]);
                let mut lane = door::Lane::new(target.clone(), rules, &lane_name(i), kind);
                for a in log.admitted(event).unwrap() {
                    lane.admissions.know(a, &lane.name);
                }
                (lane.policy, lane.notes) = read_door(log, event);
                log.waited();
                lane.lists.begin_read();
                lane.lists.begin_siblings(&target.siblings(TODAY, 31));
                Driven {
                    lane,
                    log,
                    cursor,
                    pages: 0,
                    pending: Vec::new(),
                    last_valid: None,
                    last_forced: false,
                    last_scan: 0,
                    siblings_read: false,
                }
            })
            .collect();
        Self {
            rt,
            world: shift.world.clone(),
            shared,
            whole: logs.whole,
            short: logs.short,
            event,
            lanes,
            scans: 0,
            now: TODAY,
            said: BTreeMap::new(),
            noted: BTreeSet::new(),
            waits: Vec::new(),
            clock: logs.clock.clone(),
            written: logs.notes.clone(),
            api_slow: false,
            kept: shift.world.kept().into_iter().cloned().collect(),
            from_list: BTreeSet::new(),
        }
    }

    /// A change of the door's rules at lane `l`, kept in the shared log
    /// (refused cut off); kept, the lane reads the door again.
    fn door_write(
        &mut self,
        l: usize,
        write: impl FnOnce(&mut LaneLog<S>, u64) -> Result<(), StoreError>,
    ) {
        let event = self.event;
        let lane = &mut self.lanes[l];
        if write(lane.log, event).is_ok() {
            (lane.lane.policy, lane.lane.notes) = read_door(lane.log, event);
        }
        self.waited(l);
    }

    /// The first wait of lane `l`'s last call, if it waited.
    fn waited(&mut self, l: usize) {
        if let Some(first) = self.lanes[l].log.waited().first() {
            let wait = match *first {
                w if w == self.whole => Wait::Whole,
                w if w == self.short => Wait::Short,
                other => panic!("lane {l} waited {other:?}"),
            };
            self.waits.push((l, wait));
        }
    }

    /// Tickets lane `l` counts admitted.
    pub fn admitted(&self, l: usize) -> usize {
        self.lanes[l].lane.admissions.len()
    }

    /// Tickets lane `l` counts inside now.
    pub fn inside(&self, l: usize) -> usize {
        self.lanes[l].lane.admissions.inside()
    }

    pub fn apply(&mut self, ev: &Ev) {
        let _in = self.rt.enter();
        match ev {
            Ev::Scan { lane, form, over } => {
                // The desk's F6 reads the conflicts from the shared log (a
                // call that cuts the lane off when the log is away).
                if *over == Over::Conflicts {
                    let _ = self.lanes[*lane].log.conflicts(Some(self.event));
                    self.waited(*lane);
                }
                self.scans += 1;
                self.lanes[*lane].last_scan = self.scans;
                let t = text(&self.world, form);
                self.scan(*lane, self.scans, &t, None, false);
            }
            Ev::Force { lane, form } => {
                self.scans += 1;
                self.lanes[*lane].last_scan = self.scans;
                let t = text(&self.world, form);
                self.scan(*lane, self.scans, &t, None, true);
            }
            Ev::Clock(i) => self.now = CLOCKS[*i],
            Ev::Order { lane } => self.order(*lane),
            Ev::Page { lane } => {
                let own = self.world.own();
                let pages = self.world.pages();
                let l = &mut self.lanes[*lane];
                if l.lane.lists.own_reading() {
                    let from = (l.pages * self.world.page).min(own.len());
                    let to = ((l.pages + 1) * self.world.page).min(own.len());
                    l.pages += 1;
                    let rows = own[from..to].iter().map(|t| ticket(t)).collect();
                    if l.lane.lists.read_page(
                        rows,
                        u32::try_from(l.pages).unwrap(),
                        u32::try_from(pages).unwrap(),
                        Some(own.len() as u64),
                    ) {
                        // Read whole: the API answers (as the desk takes it).
                        l.lane.fresh.answered(None);
                    }
                }
                self.moved(*lane);
            }
            Ev::Revoke { i } => {
                let n = self.world.tickets.len();
                self.world.tickets[i % n].status = "unenrolled";
            }
            Ev::ApiSlow => self.api_slow = true,
            Ev::ApiFast => self.api_slow = false,
            Ev::Reread { lane } => {
                // The background read: the own list again, whole, with the
                // walk-ins enrolled since (a read under way goes on).
                let rows: Vec<Ticket> = (self.world.tickets.iter())
                    .filter(|t| t.id >= 1000 || t.edition == Some(DOOR))
                    .map(ticket)
                    .collect();
                let l = &mut self.lanes[*lane];
                if !l.lane.lists.own_reading() {
                    l.lane.lists.begin_read();
                    let n = rows.len() as u64;
                    if l.lane.lists.read_page(rows, 1, 1, Some(n)) {
                        l.lane.fresh.answered(None);
                    }
                }
                self.moved(*lane);
            }
            Ev::Siblings { lane } => {
                let siblings = self.world.siblings();
                let l = &mut self.lanes[*lane];
                // They come once (the background read is the own list's).
                if std::mem::replace(&mut l.siblings_read, true) {
                    return self.moved(*lane);
                }
                for (edition, ..) in EDITIONS.iter().filter(|(e, ..)| *e != DOOR) {
                    let rows = siblings
                        .iter()
                        .filter(|t| t.edition == Some(*edition))
                        .map(|t| ticket(t))
                        .collect();
                    l.lane.lists.sibling_page(*edition, Some(rows), true);
                }
                self.moved(*lane);
            }
            Ev::ListFails { lane } => {
                let l = &mut self.lanes[*lane];
                if l.lane.lists.own_reading() {
                    l.lane.fresh.failed(self.now);
                }
                l.lane.lists.read_failed();
                self.moved(*lane);
            }
            Ev::WalkIn { lane } => {
                let id = 1000 + self.world.tickets.len() as u64;
                let t = T {
                    id,
                    number: format!("TK-{id:06}"),
                    status: "confirmed",
                    edition: Some(DOOR),
                };
                self.world.tickets.push(t.clone());
                // The list's tail, read after the enroll, holds it (and
                // the rows on it the lane lists, as the API has them now);
                // it is judged and admitted in one step.
                let shown = &mut self.lanes[*lane].lane.lists.shown;
                let tail = (self.world.tail().into_iter())
                    .filter(|r| r.id == id || shown.by_id(r.id).is_some())
                    .map(ticket)
                    .collect();
                shown.add(tail);
                self.scans += 1;
                self.lanes[*lane].last_scan = self.scans;
                self.scan(
                    *lane,
                    self.scans,
                    &t.number.clone(),
                    Some(Key::Id(id)),
                    false,
                );
            }
            Ev::Undo { lane } => {
                let l = &mut self.lanes[*lane];
                let Some(a) = l.lane.admissions.latest_mine(&l.lane.name).cloned() else {
                    return;
                };
                if let Ok(Some(undone)) = l.log.undo(self.event, &l.lane.name, a.ticket_id) {
                    l.lane.admissions.undone(&undone);
                    // UNDONE takes the VALID's place (and its order's).
                    l.last_valid = None;
                }
                self.waited(*lane);
            }
            Ev::Cut => self.shared.cut(true),
            Ev::Restore => self.shared.cut(false),
            Ev::Hang => self.shared.hang(true),
            Ev::Wake => self.shared.hang(false),
            Ev::Later(s) => {
                self.clock.fetch_add(*s, Ordering::SeqCst);
            }
            Ev::Reopen { lane } => {
                let l = &mut self.lanes[*lane];
                *l.log = l.log.reopened().unwrap();
                // A lane's process works at its event (an `admit --event`).
                l.log.follow(self.event);
            }
            Ev::SetPolicy {
                lane,
                all_editions,
                hours,
                reentry,
                capacity,
            } => {
                let kept = policy(*all_editions, *hours, *reentry, *capacity);
                self.door_write(*lane, |log, event| log.set_policy(event, &kept));
            }
            Ev::Note { lane, i, clear } => {
                let id = self.world.tickets[i % self.world.tickets.len()].id;
                let kept = note("ticket", id, *clear);
                self.door_write(*lane, |log, _| log.set_note(&kept));
                self.written.lock().unwrap().insert(("ticket".into(), id));
            }
            Ev::Turn { lane } => {
                let l = &mut self.lanes[*lane];
                l.lane.kind = match l.lane.kind {
                    LaneKind::Entry => LaneKind::Exit,
                    LaneKind::Exit => LaneKind::Entry,
                };
                l.last_valid = None;
            }
            Ev::Sync { lane } => {
                let l = &mut self.lanes[*lane];
                if l.log.sync_now().is_ok() {
                    let (changes, next) = l.log.newer(self.event, &l.cursor, 1000).unwrap();
                    l.cursor = next;
                    for change in changes {
                        l.lane.admissions.changed(change, &l.lane.name);
                    }
                    (l.lane.policy, l.lane.notes) = read_door(l.log, self.event);
                }
                // `desk sync` and the follower's read wait the whole
                // deadline: not a scan's path.
                l.log.waited();
            }
        }
    }

    /// The end of a shift: the log back, `desk sync` at every lane (each
    /// must reach it and be left with nothing queued); then the shared
    /// log's admissions (ticket → lane) and conflicts (ticket, kept lane,
    /// replayed lane), sorted. Err: what broke.
    pub fn finish(&mut self) -> Result<AfterSync, String> {
        let _in = self.rt.enter();
        self.shared.cut(false);
        self.shared.hang(false);
        for l in &mut self.lanes {
            l.log
                .sync_now()
                .map_err(|e| format!("{}: desk sync: {e}", l.lane.name))?;
            let queued = l.log.queued_count().map_err(|e| e.to_string())?;
            if queued != 0 {
                return Err(format!(
                    "{}: {queued} still queued after desk sync",
                    l.lane.name
                ));
            }
        }
        let Some(first) = self.lanes.first_mut() else {
            return Ok((BTreeMap::new(), Vec::new()));
        };
        let mut admitted = BTreeMap::new();
        for a in first.log.admitted(self.event).map_err(|e| e.to_string())? {
            if let Some(before) = admitted.insert(a.ticket_id, a.desk.clone()) {
                return Err(format!(
                    "ticket {} admitted twice: {before} and {}",
                    a.ticket_id, a.desk
                ));
            }
        }
        let mut conflicts: Vec<(u64, String, String)> = first
            .log
            .conflicts(Some(self.event))
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|c| (c.ticket_id, c.kept_lane, c.replayed_lane))
            .collect();
        conflicts.sort();
        Ok((admitted, conflicts))
    }

    /// The lists of lane `l` moved: the scans it holds are judged again,
    /// in order.
    fn moved(&mut self, l: usize) {
        for (scan, text, key, force) in std::mem::take(&mut self.lanes[l].pending) {
            self.scan(l, scan, &text, key, force);
        }
    }

    /// The verdict of scan `scan` at lane `l` (of ticket `valid` when it
    /// admitted it: the order prompt's ticket).
    fn say(&mut self, l: usize, scan: usize, said: Said, valid: Option<u64>) {
        if scan == self.lanes[l].last_scan {
            self.lanes[l].last_valid = valid.filter(|_| said == Said::Valid);
        }
        self.said.insert(scan, said);
    }

    /// A scan judged by the door, given what it asks for until it is final
    /// (`force`: admitted whatever the door's hours).
    fn scan(&mut self, l: usize, scan: usize, text: &str, key: Option<Key>, force: bool) {
        let open = self.lanes[l].lane.policy.always_open();
        // The ticket read from the API for this scan (a walk-in's is: its
        // key), and the one asked about before a VALID.
        let mut just_read = match key {
            Some(Key::Id(id)) => Some(id),
            _ => None,
        };
        let mut checked = None;
        let mut from_list = false;
        loop {
            let lane = &self.lanes[l];
            // Forced: judged under the door's policy bent open.
            let policy = if force { &open } else { &lane.lane.policy };
            let j = lane.lane.judging_under(policy, text, self.now);
            let judgement = match &key {
                Some(k) => judge_key(&j, k.clone()),
                None => judge(&j),
            };
            let (verdict, ticket) = match judgement {
                // Before a VALID, the ticket as the API has it now (not one
                // just read): `door::fresh`.
                Judgement::Ticket {
                    verdict: Verdict::Valid,
                    ticket: valid,
                    ..
                } if checked != Some(valid.id) && just_read != Some(valid.id) => {
                    let id = valid.id;
                    checked = Some(id);
                    let now = self.now;
                    let lane = &mut self.lanes[l];
                    if !lane.lane.fresh.checks() {
                        from_list = true;
                    } else if self.api_slow {
                        lane.lane.fresh.failed(now);
                        from_list = true;
                    } else {
                        lane.lane.fresh.answered(Some(Duration::from_millis(1)));
                        let t = self
                            .world
                            .by_id(id)
                            .expect("a ticket judged is in the world");
                        lane.lane.lists.refresh(ticket(t));
                    }
                    continue;
                }
                Judgement::Ticket {
                    verdict,
                    ticket,
                    note,
                    ..
                } => {
                    if note.is_some() {
                        self.noted.insert(scan);
                    }
                    (verdict, ticket.clone())
                }
                Judgement::Unknown { .. } => {
                    self.say(l, scan, Said::Unknown, None);
                    return;
                }
                Judgement::Held(_) => {
                    self.lanes[l]
                        .pending
                        .push((scan, text.to_string(), key, force));
                    return;
                }
                Judgement::Read(id) => {
                    just_read = Some(id);
                    let fetched = match self.world.by_id(id) {
                        Some(t) => Fetched::Found {
                            ticket: ticket(t),
                            date: None,
                            parent: t.edition.filter(|e| *e != OTHER_EVENT).map(|_| MAIN),
                        },
                        None => Fetched::Missing,
                    };
                    self.lanes[l].lane.lists.fetched.insert(id, fetched);
                    continue;
                }
                Judgement::LookElsewhere(number_key) => {
                    let found = (self.kept.iter())
                        .find(|t| boxoffice::ticket_number::key(&t.number) == number_key)
                        .map(|t| Elsewhere {
                            event_id: OTHER_EVENT,
                            ticket: ticket(t),
                            title: "Other event".into(),
                            starts: String::new(),
                        });
                    self.lanes[l].lane.lists.elsewhere.insert(number_key, found);
                    continue;
                }
            };
            let said = match verdict {
                Verdict::Valid => {
                    let lane = &self.lanes[l];
                    let inside = lane.lane.admissions.inside() as u64;
                    let forced = lane.lane.policy.bars(self.now, inside).is_some();
                    self.lanes[l].last_forced = forced;
                    self.admit(l, &ticket, forced)
                }
                Verdict::AlreadyAdmitted { lane, .. } => Said::Already(lane),
                Verdict::NotValid { .. } => Said::NotValid,
                Verdict::OtherEdition { .. } => Said::OtherEdition,
                Verdict::OtherEvent { .. } => Said::OtherEvent,
                Verdict::Unknown => Said::Unknown,
                Verdict::Left { lane, .. } => Said::Left(lane),
                Verdict::NotOpenYet { .. } => Said::NotOpenYet,
                Verdict::Closed { .. } => Said::Closed,
                Verdict::NotInside { .. } => Said::NotInside,
                Verdict::Full { .. } => Said::Full,
                Verdict::Exit => self.exit(l, &ticket),
                Verdict::WelcomeBack { .. } => self.reenter(l, &ticket),
            };
            if from_list && said == Said::Valid {
                self.from_list.insert(scan);
            }
            self.say(l, scan, said, Some(ticket.id));
            return;
        }
    }

    /// The admission of `ticket` as the lane's log records it.
    fn admission(&self, l: usize, ticket: &Ticket) -> Admission {
        Admission {
            ticket_id: ticket.id,
            number: ticket.number.clone(),
            event_id: self.event,
            edition_id: ticket.edition_id,
            at: String::new(),
            desk: self.lanes[l].lane.name.clone(),
        }
    }

    /// VALID: admitted at once, in memory and in the lane's log (forced:
    /// marked so in the shared log, which it needs).
    fn admit(&mut self, l: usize, ticket: &Ticket, forced: bool) -> Said {
        let a = self.admission(l, ticket);
        let lane = &mut self.lanes[l];
        let recorded = if forced {
            let r = lane.log.admit_forced(&a, ScanId::new());
            self.waited(l);
            match r {
                Ok(r) => r,
                Err(_) => return Said::NotRecorded,
            }
        } else {
            lane.lane.admissions.admit(a.clone());
            let r = lane.log.admit(&a, ScanId::new());
            self.waited(l);
            match r {
                Ok(r) => r,
                Err(e) => panic!("the lane's log failed: {e}"),
            }
        };
        let lane = &mut self.lanes[l];
        if forced {
            lane.lane.admissions.admit(a);
        }
        match lane.lane.admissions.settle(ticket.id, recorded) {
            Settled::Admitted => Said::Valid,
            Settled::Lost(winner) => Said::Already(winner.desk),
        }
    }

    /// EXIT: recorded in the shared log, which may say it left already.
    fn exit(&mut self, l: usize, ticket: &Ticket) -> Said {
        let a = self.admission(l, ticket);
        let moved = self.lanes[l]
            .log
            .door_move(&a, ChangeKind::Exit, ScanId::new());
        self.waited(l);
        let lane = &mut self.lanes[l];
        match moved {
            Ok(Moved::Done(m)) => {
                lane.lane.admissions.exited(m);
                Said::Exit
            }
            Ok(Moved::Refused(Some((ChangeKind::Exit, m)))) => {
                lane.lane.admissions.exited(m);
                Said::NotInside
            }
            Ok(Moved::Refused(None)) => Said::NotInside,
            Ok(other) => panic!("an exit refused as {other:?}"),
            Err(_) => Said::NotRecorded,
        }
    }

    /// WELCOME BACK: the re-entry recorded in the shared log, which may say
    /// another lane let it in already.
    fn reenter(&mut self, l: usize, ticket: &Ticket) -> Said {
        let a = self.admission(l, ticket);
        let moved = self.lanes[l]
            .log
            .door_move(&a, ChangeKind::Reentry, ScanId::new());
        self.waited(l);
        let lane = &mut self.lanes[l];
        match moved {
            Ok(Moved::Done(m)) => {
                lane.lane.admissions.moved(ChangeKind::Reentry, m);
                Said::WelcomeBack
            }
            Ok(Moved::Refused(Some((ChangeKind::Reentry, m)))) => {
                lane.lane.admissions.back_in(m.clone());
                Said::Already(m.desk)
            }
            Ok(Moved::Refused(None)) | Err(_) => Said::NotRecorded,
            Ok(other) => panic!("a re-entry refused as {other:?}"),
        }
    }

    /// The rest of the order of lane `l`'s last VALID scan, each admitted
    /// as a scan of its own (by ticket id).
    fn order(&mut self, l: usize) {
        let Some(valid) = self.lanes[l].last_valid.take() else {
            return;
        };
        let lane = &self.lanes[l];
        // The ticket as it was judged (from a list, or read by id).
        let Some(scanned) = self.world.by_id(valid).map(ticket) else {
            return;
        };
        let mut mates: Vec<Ticket> = (lane.lane.order_of(&scanned, self.now).into_iter())
            .filter(boxoffice::door::OrderMate::goes_with_order)
            .map(|m| m.ticket.clone())
            .collect();
        mates.sort_by_key(|m| m.id);
        // Forced as the ticket scanned was.
        let forced = self.lanes[l].last_forced;
        for mate in mates {
            self.scans += 1;
            let said = self.admit(l, &mate, forced);
            self.said.insert(self.scans, said);
        }
        self.lanes[l].last_valid = None;
    }
}
