//! The reference model of the door: plain data and the rules of
//! docs/desk.md ("What the desk reads as a ticket", "Verdicts", "Undo")
//! and docs/lanes.md ("When a lane loses the database"), written from the
//! documents, not from `src/door`. It says what every scan of a shift must
//! get and what every lane's counter must read.

use std::collections::{BTreeMap, BTreeSet};

use super::world::{
    CLOCKS, CLOSES, DOOR, Ev, Form, OPENS, OTHER_EVENT, Over, Rules, Shift, T, World, customer,
    order,
};

/// What the door must say: the verdict's word and, for ALREADY ADMITTED,
/// the lane named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Valid,
    Already(String),
    NotValid,
    OtherEdition,
    OtherEvent,
    Unknown,
    /// An exit lane let the ticket out.
    Exit,
    /// Back in after an exit (re-entry on).
    WelcomeBack,
    /// Re-entry off: ALREADY ADMITTED, left through this exit lane.
    Left(String),
    NotOpenYet,
    Closed,
    /// An exit lane: not inside (never admitted here, or out already).
    NotInside,
    /// The door holds its capacity: nothing recorded.
    Full,
    /// An exit or re-entry (or a forced admission) the lane could not
    /// record: the shared log is away, or it refused.
    NotRecorded,
}

/// How long a lane waited for the shared log (docs/lanes.md, "A log that
/// failed moments ago"): the whole deadline, or the short one within 30 s
/// of a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    Whole,
    Short,
}

/// How long a failure is remembered (seconds).
const RECENT: u64 = 30;

/// Which row of the verdict table a scan got (for counting the cases the
/// shifts reach).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Case {
    NotACode,
    Foreign,
    Held,
    NoSuchNumber,
    ReadById,
    NamesNoEvent,
    NotValid,
    /// Another edition's ticket, by number / by id, the door opened by the
    /// event's id / by the edition's.
    SiblingByNumberFromEvent,
    SiblingByNumberFromEdition,
    SiblingByIdFromEvent,
    SiblingByIdFromEdition,
    OtherEventKept,
    OtherEventRead,
    Already,
    LostRace,
    Valid,
    ValidOffline,
    /// Cut off, a ticket another lane admitted before, known from the
    /// lane's mirror of the shared log.
    AlreadyOffline,
    /// Lanes.
    Replayed,
    Conflict,
    ConflictedUndo,
    UndoRefused,
    /// A door's rules.
    Exit,
    ExitNotInside,
    ExitRaced,
    MoveOffline,
    ReentryRefused,
    WelcomeBack,
    LeftNoReentry,
    NotOpenYet,
    Closed,
    Forced,
    /// An entry refused at the door's capacity, and one forced past it.
    Full,
    ForcedFull,
    OrderAdmitted,
    AllEditionsValid,
    Noted,
    /// A lane's waits for the log: the whole deadline into a hang (its
    /// first failure), the short one into a hang (it failed moments ago),
    /// the short one answered (the whole one after it), the whole one
    /// again once the failure is 30 s old.
    HungWhole,
    HungShort,
    ShortAnswered,
    WholeAfterRecent,
    /// A `door set` and a note kept in the shared log during a shift.
    PolicySet,
    NoteSet,
    /// docs/desk.md, "The list follows the API": a ticket revoked since
    /// the lane's list was read, NOT VALID once the API is asked; a VALID
    /// from the list when the API did not answer in time, of a ticket
    /// revoked since or not; one from the list at once, the API known
    /// not to answer.
    Revoked,
    FromList,
    RevokedFromList,
    FromListAtOnce,
}

/// How the scan names a ticket, as the docs read it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Reading {
    Number(String),
    Id(u64),
    NotACode,
    Foreign,
}

/// A scan still waiting for the lists.
#[derive(Debug, Clone)]
struct Waiting {
    scan: usize,
    form: Form,
    force: bool,
}

/// One lane, as the docs say it knows the door.
#[derive(Debug, Clone, Default)]
#[allow(clippy::struct_excessive_bools)]
struct Lane {
    name: String,
    /// Pages of the own list read; the read failed (what came stays).
    pages: usize,
    failed: bool,
    siblings: bool,
    /// Walk-ins enrolled here (in this lane's list).
    walked_in: Vec<u64>,
    /// The admissions it knows: ticket → the lane holding it (the first
    /// known), and a second lane's, for a ticket admitted twice.
    known: BTreeMap<u64, String>,
    twice: BTreeMap<u64, BTreeSet<String>>,
    /// Its own admissions, oldest first.
    mine: Vec<u64>,
    /// Made while cut off, not yet replayed.
    queue: Vec<u64>,
    /// It failed to reach the shared log and has not synced since.
    down: bool,
    /// How far it has read the shared log's history.
    read: usize,
    /// Its mirror of the shared log (docs/lanes.md, "What a cut-off lane
    /// knows"): the log's admissions as of its last read — its first
    /// contact with the log at this event, or a sync — with its own
    /// admissions and undos made online since (None: not read yet).
    mirror: Option<BTreeMap<u64, String>>,
    waiting: Vec<Waiting>,
    /// Tickets it knows left (the exit's lane), admitted or not.
    left: BTreeMap<u64, String>,
    /// Tickets it knows came back in after an exit (the re-entry's lane):
    /// an ALREADY ADMITTED names the re-entry (docs/desk.md).
    back: BTreeMap<u64, String>,
    /// As read from the log, in its order: the lane of the admission that
    /// held each ticket, and of the one each followed move was made under
    /// (an undo of that admission takes the move with it, whatever this
    /// lane admitted meanwhile).
    held: BTreeMap<u64, String>,
    moved_under: BTreeMap<u64, String>,
    /// The ticket of its last scan that concluded VALID (an order's
    /// prompt), until another concludes otherwise or an undo is done; and
    /// whether it was forced (the rest of its order is forced too).
    last_valid: Option<u64>,
    last_forced: bool,
    /// An exit lane now (the shift's exit lanes, turned by `Turn`).
    exit: bool,
    /// Its latest scan: a scan held while a list was read that concludes
    /// after a later one does not take the order's prompt (the desk shows
    /// the later one).
    last_scan: usize,
    /// When it began to remember a failure to reach the log (the lanes'
    /// clock), until the log answers.
    log_failed: Option<u64>,
    /// Started again since its last contact: its next scan's contact sends
    /// its queue and reads the log into its mirror (docs/lanes.md, "The
    /// queue").
    fresh: bool,
    /// The door's policy and notes as this lane last read them (its exit
    /// lanes are the shift's): docs/lanes.md, "A door's rules in the
    /// shared log".
    rules: Rules,
    /// The status each ticket in its lists had when they were read (or
    /// when the API was last asked about it): docs/desk.md, "The list
    /// follows the API".
    listed: BTreeMap<u64, &'static str>,
    /// Tickets read by id (None: the API has none), as read, until the own
    /// list is next read whole.
    fetched: BTreeMap<u64, Option<T>>,
    /// A read before a VALID went unanswered and the own list has not been
    /// read whole since: VALIDs come from the list at once.
    api_down: bool,
}

/// A change in the shared log's history.
#[derive(Debug, Clone)]
enum Change {
    Admitted(u64, String),
    /// An admission undone; whether the log held the ticket under it (its
    /// moves go with it: an exit belongs to its admission, docs/desk.md,
    /// "Time zones").
    Undone(u64, String, bool),
    Conflict(u64, String),
    Exit(u64, String),
    Reentry(u64, String),
}

/// The model's state.
#[allow(clippy::struct_excessive_bools)]
pub struct Model {
    world: World,
    lanes: Vec<Lane>,
    up: bool,
    /// The log hangs: nothing answers, nothing is done.
    hung: bool,
    /// The lanes' clock (seconds; `CLOCKS` is the door's).
    clock: u64,
    /// Each wait of a lane for the log on a scan's path (the first of a
    /// call: a contact before a scan and the scan are one), in order.
    pub waits: Vec<(usize, Wait)>,
    /// The shared log: ticket → lane; conflicts (ticket, kept lane,
    /// replayed lane, the replayed side undone).
    shared: BTreeMap<u64, String>,
    conflicts: Vec<(u64, String, String, bool)>,
    history: Vec<Change>,
    /// The door's policy and notes as the shared log keeps them.
    rules: Rules,
    /// The latest move of each ticket's admission in the shared log (an
    /// exit: true), and its lane.
    moves: BTreeMap<u64, (bool, String)>,
    /// The door's clock: `CLOCKS[now]`.
    now: usize,
    /// The lane whose scan is being judged.
    at_lane: usize,
    scans: usize,
    /// Each scan's verdict, by scan number.
    pub said: BTreeMap<usize, Said>,
    /// The scans whose verdict showed a note.
    pub noted: BTreeSet<usize>,
    /// The cases reached.
    pub cases: BTreeSet<Case>,
    /// The API answers later than a read before a VALID waits.
    api_slow: bool,
    /// The list this machine keeps for the other event, as it was kept
    /// before the shift (a revoke at the office does not reach it).
    kept: Vec<T>,
    /// The scans whose VALID came from the list (the API not asked, or
    /// not answering in time).
    pub from_list: BTreeSet<usize>,
    /// The scan being judged is given VALID from the list.
    unanswered: bool,
    /// The ticket just read from the API for the scan judged (a walk-in's,
    /// one read by id): not read twice.
    just_read: Option<u64>,
}

/// The shared log after a shift: its admissions (ticket → lane) and its
/// conflicts (ticket, kept lane, replayed lane), sorted.
pub type AfterSync = (BTreeMap<u64, String>, Vec<(u64, String, String)>);

/// The lanes' clock at the start of a shift (seconds since 1970).
pub const CLOCK: u64 = 1_800_000_000;

pub fn lane_name(i: usize) -> String {
    format!("lane-{}", i + 1)
}

impl Model {
    pub fn new(shift: &Shift) -> Self {
        Self {
            world: shift.world.clone(),
            lanes: (0..shift.lanes)
                .map(|i| Lane {
                    name: lane_name(i),
                    exit: shift.world.rules.exit_lane(i),
                    rules: shift.world.rules.clone(),
                    ..Lane::default()
                })
                .collect(),
            up: true,
            rules: shift.world.rules.clone(),
            hung: false,
            clock: CLOCK,
            waits: Vec::new(),
            shared: BTreeMap::new(),
            conflicts: Vec::new(),
            history: Vec::new(),
            moves: BTreeMap::new(),
            now: 1,
            at_lane: 0,
            scans: 0,
            said: BTreeMap::new(),
            noted: BTreeSet::new(),
            cases: BTreeSet::new(),
            api_slow: false,
            kept: shift.world.kept().into_iter().cloned().collect(),
            from_list: BTreeSet::new(),
            unanswered: false,
            just_read: None,
        }
    }

    /// Tickets lane `l` counts admitted.
    pub fn admitted(&self, l: usize) -> usize {
        self.lanes[l].known.len()
    }

    /// Tickets lane `l` counts inside now: admitted, less those it knows
    /// left.
    pub fn inside(&self, l: usize) -> usize {
        let lane = &self.lanes[l];
        lane.known.len()
            - lane
                .left
                .keys()
                .filter(|t| lane.known.contains_key(t))
                .count()
    }

    /// One event of the shift.
    pub fn apply(&mut self, ev: &Ev) {
        match ev {
            Ev::Scan { lane, form, over } => {
                // F6 reads the conflicts from the shared log: a log away
                // cuts the lane off until its next contact (docs/lanes.md).
                if *over == Over::Conflicts {
                    self.attempt(*lane);
                }
                self.scans += 1;
                let scan = self.scans;
                self.lanes[*lane].last_scan = scan;
                self.scan(*lane, scan, form.clone(), false);
            }
            Ev::Force { lane, form } => {
                self.scans += 1;
                let scan = self.scans;
                self.lanes[*lane].last_scan = scan;
                self.scan(*lane, scan, form.clone(), true);
            }
            Ev::Clock(i) => self.now = *i,
            Ev::Order { lane } => self.order(*lane),
            Ev::Page { lane } => {
                let pages = self.world.pages();
                let own = self.world.own();
                let l = &mut self.lanes[*lane];
                if !l.failed && l.pages < pages {
                    let from = (l.pages * self.world.page).min(own.len());
                    let to = ((l.pages + 1) * self.world.page).min(own.len());
                    for t in &own[from..to] {
                        l.listed.insert(t.id, t.status);
                    }
                    l.pages += 1;
                    if l.pages == pages {
                        // Read whole: the API answered, and what was read
                        // by id is read again when asked.
                        l.api_down = false;
                        l.fetched.clear();
                    }
                }
                self.moved(*lane);
            }
            Ev::Siblings { lane } => {
                // They come once (the background read is the own list's).
                let l = &mut self.lanes[*lane];
                if !l.siblings {
                    l.siblings = true;
                    for t in self.world.siblings() {
                        l.listed.insert(t.id, t.status);
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
                let pages = self.world.pages();
                let l = &mut self.lanes[*lane];
                // A read under way is not begun again.
                if l.failed || l.pages >= pages {
                    l.failed = false;
                    l.pages = pages;
                    l.api_down = false;
                    l.fetched.clear();
                    // The list as the API has it now, walk-ins enrolled at
                    // any lane included.
                    l.walked_in.clear();
                    for t in &self.world.tickets {
                        if t.id >= 1000 {
                            l.walked_in.push(t.id);
                        }
                        if t.id >= 1000 || (t.edition == Some(DOOR)) {
                            l.listed.insert(t.id, t.status);
                        }
                    }
                }
                self.moved(*lane);
            }
            Ev::ListFails { lane } => {
                let l = &mut self.lanes[*lane];
                if l.pages < self.world.pages() {
                    // A read under way failed: the API does not answer, and
                    // VALIDs come from the list until it does.
                    l.api_down |= !l.failed;
                    l.failed = true;
                }
                self.moved(*lane);
            }
            Ev::WalkIn { lane } => {
                let id = 1000 + self.world.tickets.len() as u64;
                self.world.tickets.push(T {
                    id,
                    number: format!("TK-{id:06}"),
                    status: "confirmed",
                    edition: Some(DOOR),
                });
                // The list's tail, read after the enroll: the rows on it
                // the lane lists are as the API has them now (a revoke
                // since shows), and it holds the new ticket.
                let l = &mut self.lanes[*lane];
                for t in self.world.tail() {
                    if let Some(status) = l.listed.get_mut(&t.id) {
                        *status = t.status;
                    }
                }
                l.walked_in.push(id);
                l.listed.insert(id, "confirmed");
                self.scans += 1;
                let scan = self.scans;
                self.lanes[*lane].last_scan = scan;
                let i = self.world.tickets.len() - 1;
                self.just_read = Some(id);
                self.scan(*lane, scan, Form::Id { i, zeros: 0 }, false);
                self.just_read = None;
            }
            Ev::Undo { lane } => self.undo(*lane),
            Ev::Cut => self.up = false,
            Ev::Restore => self.up = true,
            Ev::Hang => self.hung = true,
            Ev::Wake => self.hung = false,
            Ev::Later(s) => self.clock += s,
            Ev::Reopen { lane } => {
                let l = &mut self.lanes[*lane];
                l.down = false;
                l.fresh = true;
            }
            Ev::SetPolicy {
                lane,
                all_editions,
                hours,
                reentry,
                capacity,
            } => {
                if self.attempt(*lane) {
                    self.cases.insert(Case::PolicySet);
                    self.rules.all_editions = *all_editions;
                    self.rules.hours = *hours;
                    self.rules.reentry = *reentry;
                    self.rules.capacity = *capacity;
                    self.lanes[*lane].rules = self.rules.clone();
                }
            }
            Ev::Note { lane, i, clear } => {
                let id = self.world.tickets[i % self.world.tickets.len()].id;
                if self.attempt(*lane) {
                    self.cases.insert(Case::NoteSet);
                    self.rules.noted.retain(|t| *t != id);
                    if !clear {
                        self.rules.noted.push(id);
                    }
                    self.lanes[*lane].rules = self.rules.clone();
                }
            }
            Ev::Sync { lane } => self.sync(*lane),
            // The verdict on screen goes (no order follows it).
            Ev::Turn { lane } => {
                let l = &mut self.lanes[*lane];
                l.exit = !l.exit;
                l.last_valid = None;
            }
        }
    }

    /// The log answers (neither away nor hung).
    fn reachable(&self) -> bool {
        self.up && !self.hung
    }

    /// docs/lanes.md, "A log that failed moments ago": a lane not cut off
    /// tries the log — with the short deadline within 30 s of the failure
    /// it remembers, else the whole one; a failure is remembered from the
    /// first one (not renewed while remembered), an answer forgets it. A
    /// lane cut off does not try until its next contact. True: it reached
    /// the log.
    fn attempt(&mut self, l: usize) -> bool {
        if self.lanes[l].down {
            return false;
        }
        let recent = self.lanes[l]
            .log_failed
            .is_some_and(|at| self.clock.saturating_sub(at) < RECENT);
        let wait = if recent { Wait::Short } else { Wait::Whole };
        self.waits.push((l, wait));
        let reached = self.reachable();
        let case = match (wait, reached, self.lanes[l].log_failed.is_some()) {
            (Wait::Whole, _, true) => Some(Case::WholeAfterRecent),
            (Wait::Whole, false, false) if self.hung => Some(Case::HungWhole),
            (Wait::Short, false, _) if self.hung => Some(Case::HungShort),
            (Wait::Short, true, _) => Some(Case::ShortAnswered),
            _ => None,
        };
        if let Some(case) = case {
            self.cases.insert(case);
        }
        if reached {
            self.lanes[l].log_failed = None;
        } else {
            self.lanes[l].down = true;
            self.failed_now(l);
        }
        reached
    }

    /// A failure at lane `l`, remembered unless one is already.
    fn failed_now(&mut self, l: usize) {
        let now = self.clock;
        let lane = &mut self.lanes[l];
        if lane
            .log_failed
            .is_none_or(|at| now.saturating_sub(at) >= RECENT)
        {
            lane.log_failed = Some(now);
        }
    }

    /// docs/desk.md, "What the desk reads as a ticket".
    fn reading(&self, form: &Form) -> Reading {
        let t = |i: usize| &self.world.tickets[i % self.world.tickets.len()];
        let compact = |n: &str| n.replace(['-', '_', ' '], "").to_uppercase();
        match form {
            Form::Link { trusted: false, .. } => Reading::Foreign,
            Form::Id { i, .. } | Form::Link { i, by_id: true, .. } => Reading::Id(t(*i).id),
            Form::Number { i, .. } | Form::Link { i, .. } => {
                Reading::Number(compact(&t(*i).number))
            }
            Form::NoSuchNumber(n) => Reading::Number(format!("ZZ{n:06}")),
            Form::NoSuchId(n) => Reading::Id(u64::from(*n)),
            Form::Code { .. } | Form::Control { .. } | Form::Garbage { .. } => Reading::NotACode,
        }
    }

    /// The tickets lane `l`'s lists hold: its own list as far as read (and
    /// its walk-ins), and the other editions' once read.
    /// Each as its lists say (its status when read).
    fn in_lists(&self, l: usize) -> Vec<T> {
        let lane = &self.lanes[l];
        let own = self.world.own();
        let read = (lane.pages * self.world.page).min(own.len());
        let mut all: Vec<&T> = own[..read].to_vec();
        all.extend(
            self.world
                .tickets
                .iter()
                .filter(|t| lane.walked_in.contains(&t.id)),
        );
        if lane.siblings {
            all.extend(self.world.siblings());
        }
        all.into_iter()
            .map(|t| T {
                status: lane.listed.get(&t.id).copied().unwrap_or(t.status),
                ..t.clone()
            })
            .collect()
    }

    /// Whether lane `l` still reads a list.
    fn reading_lists(&self, l: usize) -> bool {
        let lane = &self.lanes[l];
        let own_done = lane.failed || lane.pages >= self.world.pages();
        !own_done || !lane.siblings
    }

    fn scan(&mut self, l: usize, scan: usize, form: Form, force: bool) {
        self.at_lane = l;
        let compact = |n: &str| n.replace(['-', '_', ' '], "").to_uppercase();
        let found = match self.reading(&form) {
            Reading::NotACode => return self.say(scan, Said::Unknown, Case::NotACode),
            Reading::Foreign => return self.say(scan, Said::Unknown, Case::Foreign),
            Reading::Number(n) => {
                let listed = self
                    .in_lists(l)
                    .into_iter()
                    .find(|t| compact(&t.number) == n);
                match listed {
                    Some(t) => (t, false, None),
                    None if self.reading_lists(l) => {
                        // Row 2: held while a list is read.
                        self.cases.insert(Case::Held);
                        self.lanes[l].waiting.push(Waiting { scan, form, force });
                        return;
                    }
                    None => {
                        // Row 3: the lists kept for other events.
                        let kept = self.kept.iter().find(|t| compact(&t.number) == n).cloned();
                        match kept {
                            Some(t) => (t, false, Some(Case::OtherEventKept)),
                            None => return self.say(scan, Said::Unknown, Case::NoSuchNumber),
                        }
                    }
                }
            }
            Reading::Id(id) => {
                let listed = self.in_lists(l).into_iter().find(|t| t.id == id);
                if let Some(t) = listed {
                    (t, false, None)
                } else {
                    // Row 4: read from the API (once: kept until the own
                    // list is read whole again).
                    let fetched = self.lanes[l].fetched.get(&id).cloned();
                    let just = fetched.is_none();
                    let read = fetched.unwrap_or_else(|| self.world.by_id(id).cloned());
                    self.lanes[l].fetched.insert(id, read.clone());
                    match read {
                        None => return self.say(scan, Said::Unknown, Case::ReadById),
                        Some(t) if t.edition.is_none() => {
                            return self.say(scan, Said::Unknown, Case::NamesNoEvent);
                        }
                        Some(t) => {
                            if just {
                                // Read for this scan: not read twice.
                                self.just_read = Some(id);
                            }
                            (t, true, None)
                        }
                    }
                }
            }
        };
        let (t, read, kept) = found;
        self.judge(l, scan, &t, read, kept, &form, force);
        if read {
            self.just_read = None;
        }
    }

    /// Rows 6 to 10, and a door's rules: a note shown with any verdict on
    /// a ticket; an exit lane; the policy's editions, hours and re-entry.
    #[allow(clippy::too_many_arguments)]
    fn judge(
        &mut self,
        l: usize,
        scan: usize,
        t: &T,
        read: bool,
        kept: Option<Case>,
        form: &Form,
        force: bool,
    ) {
        let rules = &self.lanes[l].rules;
        if rules.noted.contains(&t.id) || rules.noted_customers.contains(&customer(t.id)) {
            self.noted.insert(scan);
            self.cases.insert(Case::Noted);
        }
        if self.lanes[l].exit {
            return self.exit(l, scan, t.id);
        }
        if t.status != "confirmed" {
            return self.say(scan, Said::NotValid, Case::NotValid);
        }
        let edition = t.edition.unwrap_or(DOOR);
        let all = self.lanes[l].rules.all_editions && edition != OTHER_EVENT;
        if edition != DOOR && !all {
            if edition == OTHER_EVENT {
                let case = kept.unwrap_or(Case::OtherEventRead);
                return self.say(scan, Said::OtherEvent, case);
            }
            let by_id = matches!(form, Form::Id { .. } | Form::Link { by_id: true, .. });
            let case = match (by_id || read, self.world.by_edition) {
                (false, false) => Case::SiblingByNumberFromEvent,
                (false, true) => Case::SiblingByNumberFromEdition,
                (true, false) => Case::SiblingByIdFromEvent,
                (true, true) => Case::SiblingByIdFromEdition,
            };
            return self.say(scan, Said::OtherEdition, case);
        }
        let now = CLOCKS[self.now];
        let outside = if !self.lanes[l].rules.hours {
            None
        } else if now < OPENS {
            Some((Said::NotOpenYet, Case::NotOpenYet))
        } else if now >= CLOSES {
            Some((Said::Closed, Case::Closed))
        } else {
            None
        };
        if let Some((said, case)) = outside.clone()
            && !force
        {
            self.say(scan, said, case);
            return;
        }
        // docs/desk.md, "Capacity": an entry (VALID, WELCOME BACK) when as
        // many are inside as the door holds, as this lane knows them.
        let full = self.lanes[l].rules.capacity.is_some_and(|c| {
            let lane = &self.lanes[l];
            let inside = lane
                .known
                .keys()
                .filter(|t| !lane.left.contains_key(t))
                .count();
            inside >= c
        });
        let forced = outside.is_some() || full;
        if let Some(lane) = self.lanes[l].known.get(&t.id).cloned() {
            if let Some(exit) = self.lanes[l].left.get(&t.id).cloned() {
                if self.lanes[l].rules.reentry {
                    if full && !force {
                        return self.say(scan, Said::Full, Case::Full);
                    }
                    return self.reenter(l, scan, t.id);
                }
                return self.say(scan, Said::Left(exit), Case::LeftNoReentry);
            }
            let named = self.lanes[l].back.get(&t.id).cloned().unwrap_or(lane);
            return self.say(scan, Said::Already(named), Case::Already);
        }
        if full {
            if !force {
                return self.say(scan, Said::Full, Case::Full);
            }
            self.cases.insert(Case::ForcedFull);
        }
        if !self.fresh(l, t.id) {
            return self.say(scan, Said::NotValid, Case::Revoked);
        }
        if edition != DOOR {
            self.cases.insert(Case::AllEditionsValid);
        }
        self.admit(l, scan, t.id, forced);
        self.unanswered = false;
    }

    /// docs/desk.md, "The list follows the API": before a VALID the lane
    /// reads the ticket as the API has it now (not one just read), unless
    /// the API is known not to answer; the list takes the answer. No answer
    /// in time: the VALID comes from the list, and so do the next ones at
    /// once until the own list is read whole again. False: the API says it
    /// is no longer confirmed.
    fn fresh(&mut self, l: usize, ticket: u64) -> bool {
        if self.just_read == Some(ticket) {
            return true;
        }
        let now = self.world.by_id(ticket).map_or("unenrolled", |t| t.status);
        let revoked = now != "confirmed";
        let lane = &mut self.lanes[l];
        if lane.api_down || self.api_slow {
            let case = if lane.api_down {
                Case::FromListAtOnce
            } else {
                Case::FromList
            };
            lane.api_down = true;
            self.unanswered = true;
            self.cases.insert(case);
            if revoked {
                self.cases.insert(Case::RevokedFromList);
            }
            return true;
        }
        if let Some(listed) = lane.listed.get_mut(&ticket) {
            *listed = now;
        } else if let Some(Some(t)) = lane.fetched.get_mut(&ticket) {
            t.status = now;
        }
        !revoked
    }

    /// docs/desk.md, "Exit lanes": a ticket this lane knows inside leaves,
    /// recorded in the shared log, which refuses an exit of a ticket it
    /// does not hold inside (its latest exit is learnt).
    fn exit(&mut self, l: usize, scan: usize, ticket: u64) {
        let lane = &self.lanes[l];
        if !lane.known.contains_key(&ticket) || lane.left.contains_key(&ticket) {
            return self.say(scan, Said::NotInside, Case::ExitNotInside);
        }
        if !self.attempt(l) {
            self.say(scan, Said::NotRecorded, Case::MoveOffline);
            return;
        }
        if !self.shared.contains_key(&ticket) {
            self.say(scan, Said::NotInside, Case::ExitRaced);
            return;
        }
        if let Some((true, who)) = self.moves.get(&ticket).cloned() {
            self.lanes[l].left.insert(ticket, who);
            self.say(scan, Said::NotInside, Case::ExitRaced);
            return;
        }
        let me = self.lanes[l].name.clone();
        self.moves.insert(ticket, (true, me.clone()));
        self.history.push(Change::Exit(ticket, me.clone()));
        self.lanes[l].left.insert(ticket, me);
        self.say(scan, Said::Exit, Case::Exit);
    }

    /// Re-entry on, a ticket this lane knows left comes back: recorded in
    /// the shared log from outside only.
    fn reenter(&mut self, l: usize, scan: usize, ticket: u64) {
        if !self.attempt(l) {
            return self.say(scan, Said::NotRecorded, Case::MoveOffline);
        }
        match self.moves.get(&ticket).cloned() {
            Some((true, _)) if self.shared.contains_key(&ticket) => {
                let me = self.lanes[l].name.clone();
                self.moves.insert(ticket, (false, me.clone()));
                self.history.push(Change::Reentry(ticket, me.clone()));
                self.lanes[l].left.remove(&ticket);
                self.lanes[l].back.insert(ticket, me);
                self.say(scan, Said::WelcomeBack, Case::WelcomeBack);
            }
            Some((false, who)) if self.shared.contains_key(&ticket) => {
                self.lanes[l].left.remove(&ticket);
                self.lanes[l].back.insert(ticket, who.clone());
                self.say(scan, Said::Already(who), Case::ReentryRefused);
            }
            _ => self.say(scan, Said::NotRecorded, Case::ReentryRefused),
        }
    }

    /// docs/desk.md, "A whole order": the rest of the order of the lane's
    /// last VALID scan — in its lists, confirmed, of an edition the door
    /// admits, not known admitted, without a note on it or its customer as
    /// this lane read them — each admitted as a scan of its own, by ticket
    /// id.
    fn order(&mut self, l: usize) {
        let Some(t) = self.lanes[l].last_valid.take() else {
            return;
        };
        let of = order(t);
        if of.is_empty() {
            return;
        }
        let all = self.lanes[l].rules.all_editions;
        let mut mates: Vec<u64> = self
            .in_lists(l)
            .into_iter()
            .filter(|m| {
                let edition = m.edition.unwrap_or(DOOR);
                m.id != t
                    && order(m.id) == of
                    && m.status == "confirmed"
                    && (edition == DOOR || (all && edition != OTHER_EVENT))
            })
            .map(|m| m.id)
            .filter(|id| !self.lanes[l].known.contains_key(id))
            .filter(|id| {
                let rules = &self.lanes[l].rules;
                !rules.noted.contains(id) && !rules.noted_customers.contains(&customer(*id))
            })
            .collect();
        mates.sort_unstable();
        mates.dedup();
        self.at_lane = l;
        for m in mates {
            self.scans += 1;
            let scan = self.scans;
            self.cases.insert(Case::OrderAdmitted);
            let forced = self.lanes[l].last_forced;
            self.admit(l, scan, m, forced);
        }
        self.lanes[l].last_valid = None;
    }

    /// Row 10: VALID, recorded now — in the shared log when this lane
    /// reaches it (another lane's admission found there: ALREADY ADMITTED
    /// naming it), else queued at this lane.
    fn admit(&mut self, l: usize, scan: usize, ticket: u64, forced: bool) {
        let me = self.lanes[l].name.clone();
        self.lanes[l].last_forced = forced;
        let reached = self.attempt(l);
        if reached && !forced && self.lanes[l].fresh {
            // The contact before the scan: the queue sent, the mirror read.
            self.replay(l);
            self.lanes[l].mirror = Some(self.shared.clone());
        }
        if forced {
            // Forced: kept in the shared log with its lane, never queued.
            self.cases.insert(Case::Forced);
            if self.lanes[l].down {
                return self.say(scan, Said::NotRecorded, Case::Forced);
            }
        }
        if !self.lanes[l].down && self.lanes[l].mirror.is_none() {
            // The first contact reads the log into the mirror.
            self.lanes[l].mirror = Some(self.shared.clone());
        }
        if self.lanes[l].down {
            let read = self.lanes[l].mirror.as_ref();
            if let Some(winner) = read.and_then(|m| m.get(&ticket)).cloned() {
                // The lane read it before the outage: never VALID again.
                self.lanes[l].known.insert(ticket, winner.clone());
                return self.say(scan, Said::Already(winner), Case::AlreadyOffline);
            }
            let lane = &mut self.lanes[l];
            lane.queue.push(ticket);
            lane.known.insert(ticket, me.clone());
            lane.mine.retain(|t| *t != ticket);
            lane.mine.push(ticket);
            return self.say(scan, Said::Valid, Case::ValidOffline);
        }
        if let Some(winner) = self.shared.get(&ticket).cloned() {
            self.lanes[l].known.insert(ticket, winner.clone());
            return self.say(scan, Said::Already(winner), Case::LostRace);
        }
        self.shared.insert(ticket, me.clone());
        self.history.push(Change::Admitted(ticket, me.clone()));
        let lane = &mut self.lanes[l];
        if let Some(mirror) = &mut lane.mirror {
            mirror.insert(ticket, me.clone());
        }
        lane.known.insert(ticket, me);
        lane.mine.retain(|t| *t != ticket);
        lane.mine.push(ticket);
        self.say(scan, Said::Valid, Case::Valid);
    }

    fn say(&mut self, scan: usize, said: Said, case: Case) {
        self.cases.insert(case);
        if said == Said::Valid && self.unanswered {
            self.from_list.insert(scan);
        }
        let l = self.at_lane;
        if scan != self.lanes[l].last_scan {
            self.said.insert(scan, said);
            return;
        }
        self.lanes[l].last_valid = None;
        if said == Said::Valid {
            // The ticket of a VALID scan is the one admitted last here.
            self.lanes[l].last_valid = self.lanes[l].mine.last().copied();
        }
        self.said.insert(scan, said);
    }

    /// A lane's lists moved: its held scans are judged again, in order.
    fn moved(&mut self, l: usize) {
        let waiting = std::mem::take(&mut self.lanes[l].waiting);
        for w in waiting {
            self.scan(l, w.scan, w.form, w.force);
        }
    }

    /// docs/lanes.md: a lane that reaches the log replays its queue oldest
    /// first (another lane's admission found: a conflict, never dropped),
    /// then reads what is newer.
    fn sync(&mut self, l: usize) {
        if !self.reachable() {
            self.lanes[l].down = true;
            self.failed_now(l);
            return;
        }
        self.lanes[l].down = false;
        self.lanes[l].log_failed = None;
        self.replay(l);
        // The door's policy and notes, read again.
        self.lanes[l].rules = self.rules.clone();
        // The mirror: the log as it is now.
        self.lanes[l].mirror = Some(self.shared.clone());
        let me = self.lanes[l].name.clone();
        let from = self.lanes[l].read;
        let changes: Vec<Change> = self.history[from..].to_vec();
        self.lanes[l].read = self.history.len();
        for c in changes {
            let lane = &mut self.lanes[l];
            match &c {
                Change::Admitted(t, who) => {
                    lane.held.entry(*t).or_insert_with(|| who.clone());
                }
                Change::Undone(t, who, _) => {
                    if lane.held.get(t) == Some(who) {
                        lane.held.remove(t);
                    }
                    if lane.moved_under.get(t) == Some(who) {
                        lane.moved_under.remove(t);
                        lane.left.remove(t);
                        lane.back.remove(t);
                    }
                }
                Change::Exit(t, _) | Change::Reentry(t, _) => {
                    if let Some(holder) = lane.held.get(t).cloned() {
                        lane.moved_under.insert(*t, holder);
                    }
                }
                Change::Conflict(..) => {}
            }
            // Its own changes, read back, it knows already.
            let (Change::Admitted(_, who)
            | Change::Conflict(_, who)
            | Change::Undone(_, who, _)
            | Change::Exit(_, who)
            | Change::Reentry(_, who)) = &c;
            if *who == me {
                continue;
            }
            match c {
                // The first admission known of a ticket is its admission; a
                // second one (another lane's, a replay that found it) is the
                // ticket's other one.
                Change::Admitted(t, who) | Change::Conflict(t, who) => match lane.known.get(&t) {
                    None => {
                        lane.known.insert(t, who);
                    }
                    Some(k) if *k != who => {
                        lane.twice.entry(t).or_default().insert(who);
                    }
                    Some(_) => {}
                },
                // Another lane's admission undone goes; if another one
                // holds the ticket, the log's next change says so.
                Change::Undone(t, who, held) => {
                    if lane.known.get(&t) == Some(&who) {
                        lane.known.remove(&t);
                    }
                    if let Some(others) = lane.twice.get_mut(&t) {
                        others.remove(&who);
                    }
                    // The admission the log held the ticket under: its
                    // exits and re-entries go with it (another kept starts
                    // inside).
                    if held || !lane.known.contains_key(&t) {
                        lane.left.remove(&t);
                        lane.back.remove(&t);
                    }
                }
                Change::Exit(t, who) => {
                    lane.left.insert(t, who);
                }
                Change::Reentry(t, who) => {
                    lane.left.remove(&t);
                    lane.back.insert(t, who);
                }
            }
        }
    }

    /// The lane's queue sent, oldest first (another lane's admission
    /// found: a conflict, never dropped); it is no longer fresh.
    fn replay(&mut self, l: usize) {
        let me = self.lanes[l].name.clone();
        self.lanes[l].fresh = false;
        for ticket in std::mem::take(&mut self.lanes[l].queue) {
            self.cases.insert(Case::Replayed);
            if let Some(kept) = self.shared.get(&ticket).cloned() {
                self.cases.insert(Case::Conflict);
                self.conflicts.push((ticket, kept, me.clone(), false));
                self.history.push(Change::Conflict(ticket, me.clone()));
            } else {
                self.shared.insert(ticket, me.clone());
                self.history.push(Change::Admitted(ticket, me.clone()));
            }
        }
    }

    /// The end of a shift: the log back, `desk sync` at every lane (its
    /// queue sent, docs/lanes.md); then the shared log's admissions (ticket
    /// → lane: one per ticket) and its conflicts (ticket, kept lane,
    /// replayed lane), sorted.
    pub fn finish(&mut self) -> AfterSync {
        self.up = true;
        self.hung = false;
        for l in 0..self.lanes.len() {
            self.sync(l);
        }
        let mut conflicts: Vec<(u64, String, String)> = self
            .conflicts
            .iter()
            .map(|(t, kept, replayed, _)| (*t, kept.clone(), replayed.clone()))
            .collect();
        conflicts.sort();
        (self.shared.clone(), conflicts)
    }

    /// docs/desk.md, "Undo": this lane's latest admission. Queued (made
    /// while cut off): taken back here. Else in the shared log, which keeps
    /// the ticket admitted under another lane's admission of it when there
    /// is one; cut off, refused.
    fn undo(&mut self, l: usize) {
        let me = self.lanes[l].name.clone();
        let latest = self.lanes[l]
            .mine
            .iter()
            .rev()
            .copied()
            .find(|t| self.lanes[l].known.get(t) == Some(&me));
        let Some(ticket) = latest else { return };
        if let Some(i) = self.lanes[l].queue.iter().position(|t| *t == ticket) {
            let lane = &mut self.lanes[l];
            // UNDONE takes the VALID's place (and its order's).
            lane.last_valid = None;
            lane.left.remove(&ticket);
            lane.back.remove(&ticket);
            lane.queue.remove(i);
            lane.mine.retain(|t| *t != ticket);
            lane.known.remove(&ticket);
            return;
        }
        if !self.attempt(l) {
            self.cases.insert(Case::UndoRefused);
            return;
        }
        let held = self.shared.get(&ticket) == Some(&me);
        let kept = if held {
            self.shared.remove(&ticket);
            // Its moves go with it.
            self.moves.remove(&ticket);
            self.history.push(Change::Undone(ticket, me.clone(), true));
            // Its admission may be a replayed side that took the ticket
            // over: that side is undone too.
            for side in self
                .conflicts
                .iter_mut()
                .filter(|(t, _, replayed, _)| *t == ticket && *replayed == me)
            {
                side.3 = true;
            }
            let other = self
                .conflicts
                .iter_mut()
                .find(|(t, _, replayed, undone)| *t == ticket && *replayed != me && !undone);
            match other {
                Some((_, _, replayed, _)) => {
                    let who = replayed.clone();
                    self.shared.insert(ticket, who.clone());
                    self.history.push(Change::Admitted(ticket, who.clone()));
                    self.cases.insert(Case::ConflictedUndo);
                    Some(who)
                }
                None => None,
            }
        } else if let Some(side) = self
            .conflicts
            .iter_mut()
            .rev()
            .find(|(t, _, replayed, undone)| *t == ticket && *replayed == me && !undone)
        {
            side.3 = true;
            self.history.push(Change::Undone(ticket, me.clone(), false));
            self.cases.insert(Case::ConflictedUndo);
            self.shared.get(&ticket).cloned()
        } else {
            return;
        };
        let lane = &mut self.lanes[l];
        lane.last_valid = None;
        lane.mine.retain(|t| *t != ticket);
        // The admission the log held the ticket under went, and its moves
        // with it; a replayed side undone leaves the kept one's.
        if held {
            lane.left.remove(&ticket);
            lane.back.remove(&ticket);
        }
        if let Some(mirror) = &mut lane.mirror {
            match &kept {
                Some(k) => mirror.insert(ticket, k.clone()),
                None => mirror.remove(&ticket),
            };
        }
        match kept {
            Some(k) => {
                lane.known.insert(ticket, k.clone());
                if let Some(o) = lane.twice.get_mut(&ticket) {
                    o.remove(&k);
                    o.remove(&me);
                }
            }
            None => {
                lane.known.remove(&ticket);
            }
        }
    }
}
