//! The reference model of the door: plain data and the rules of
//! docs/desk.md ("What the desk reads as a ticket", "Verdicts", "Undo")
//! and docs/lanes.md ("When a lane loses the database"), written from the
//! documents, not from `src/door`. It says what every scan of a shift must
//! get and what every lane's counter must read.

use std::collections::{BTreeMap, BTreeSet};

use super::world::{DOOR, Ev, Form, OTHER_EVENT, Over, Shift, T, World};

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
}

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
}

/// One lane, as the docs say it knows the door.
#[derive(Debug, Clone, Default)]
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
}

/// A change in the shared log's history.
#[derive(Debug, Clone)]
enum Change {
    Admitted(u64, String),
    Undone(u64, String),
    Conflict(u64, String),
}

/// The model's state.
pub struct Model {
    world: World,
    lanes: Vec<Lane>,
    up: bool,
    /// The shared log: ticket → lane; conflicts (ticket, kept lane,
    /// replayed lane, the replayed side undone).
    shared: BTreeMap<u64, String>,
    conflicts: Vec<(u64, String, String, bool)>,
    history: Vec<Change>,
    scans: usize,
    /// Each scan's verdict, by scan number.
    pub said: BTreeMap<usize, Said>,
    /// The cases reached.
    pub cases: BTreeSet<Case>,
}

/// The shared log after a shift: its admissions (ticket → lane) and its
/// conflicts (ticket, kept lane, replayed lane), sorted.
pub type AfterSync = (BTreeMap<u64, String>, Vec<(u64, String, String)>);

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
                    ..Lane::default()
                })
                .collect(),
            up: true,
            shared: BTreeMap::new(),
            conflicts: Vec::new(),
            history: Vec::new(),
            scans: 0,
            said: BTreeMap::new(),
            cases: BTreeSet::new(),
        }
    }

    /// Tickets lane `l` counts admitted.
    pub fn admitted(&self, l: usize) -> usize {
        self.lanes[l].known.len()
    }

    /// One event of the shift.
    pub fn apply(&mut self, ev: &Ev) {
        match ev {
            Ev::Scan { lane, form, over } => {
                // F6 reads the conflicts from the shared log: a log away
                // cuts the lane off until its next contact (docs/lanes.md).
                if *over == Over::Conflicts && !self.up {
                    self.lanes[*lane].down = true;
                }
                self.scans += 1;
                let scan = self.scans;
                self.scan(*lane, scan, form.clone());
            }
            Ev::Page { lane } => {
                let l = &mut self.lanes[*lane];
                if !l.failed && l.pages < self.world.pages() {
                    l.pages += 1;
                }
                self.moved(*lane);
            }
            Ev::Siblings { lane } => {
                self.lanes[*lane].siblings = true;
                self.moved(*lane);
            }
            Ev::ListFails { lane } => {
                let l = &mut self.lanes[*lane];
                if l.pages < self.world.pages() {
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
                self.lanes[*lane].walked_in.push(id);
                self.scans += 1;
                let scan = self.scans;
                let i = self.world.tickets.len() - 1;
                self.scan(*lane, scan, Form::Id { i, zeros: 0 });
            }
            Ev::Undo { lane } => self.undo(*lane),
            Ev::Cut => self.up = false,
            Ev::Restore => self.up = true,
            Ev::Sync { lane } => self.sync(*lane),
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
    fn in_lists(&self, l: usize) -> Vec<&T> {
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
        all
    }

    /// Whether lane `l` still reads a list.
    fn reading_lists(&self, l: usize) -> bool {
        let lane = &self.lanes[l];
        let own_done = lane.failed || lane.pages >= self.world.pages();
        !own_done || !lane.siblings
    }

    fn scan(&mut self, l: usize, scan: usize, form: Form) {
        let compact = |n: &str| n.replace(['-', '_', ' '], "").to_uppercase();
        let found = match self.reading(&form) {
            Reading::NotACode => return self.say(scan, Said::Unknown, Case::NotACode),
            Reading::Foreign => return self.say(scan, Said::Unknown, Case::Foreign),
            Reading::Number(n) => {
                let listed = self
                    .in_lists(l)
                    .into_iter()
                    .find(|t| compact(&t.number) == n)
                    .cloned();
                match listed {
                    Some(t) => (t, false, None),
                    None if self.reading_lists(l) => {
                        // Row 2: held while a list is read.
                        self.cases.insert(Case::Held);
                        self.lanes[l].waiting.push(Waiting { scan, form });
                        return;
                    }
                    None => {
                        // Row 3: the lists kept for other events.
                        let kept = self
                            .world
                            .kept()
                            .into_iter()
                            .find(|t| compact(&t.number) == n)
                            .cloned();
                        match kept {
                            Some(t) => (t, false, Some(Case::OtherEventKept)),
                            None => return self.say(scan, Said::Unknown, Case::NoSuchNumber),
                        }
                    }
                }
            }
            Reading::Id(id) => {
                let listed = self.in_lists(l).into_iter().find(|t| t.id == id).cloned();
                match listed {
                    Some(t) => (t, false, None),
                    // Row 4: read from the API.
                    None => match self.world.by_id(id).cloned() {
                        None => return self.say(scan, Said::Unknown, Case::ReadById),
                        Some(t) if t.edition.is_none() => {
                            return self.say(scan, Said::Unknown, Case::NamesNoEvent);
                        }
                        Some(t) => (t, true, None),
                    },
                }
            }
        };
        let (t, read, kept) = found;
        self.judge(l, scan, &t, read, kept, &form);
    }

    /// Rows 6 to 10.
    fn judge(&mut self, l: usize, scan: usize, t: &T, read: bool, kept: Option<Case>, form: &Form) {
        if t.status != "confirmed" {
            return self.say(scan, Said::NotValid, Case::NotValid);
        }
        let edition = t.edition.unwrap_or(DOOR);
        if edition != DOOR {
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
        if let Some(lane) = self.lanes[l].known.get(&t.id).cloned() {
            return self.say(scan, Said::Already(lane), Case::Already);
        }
        self.admit(l, scan, t.id);
    }

    /// Row 10: VALID, recorded now — in the shared log when this lane
    /// reaches it (another lane's admission found there: ALREADY ADMITTED
    /// naming it), else queued at this lane.
    fn admit(&mut self, l: usize, scan: usize, ticket: u64) {
        let me = self.lanes[l].name.clone();
        if !self.up {
            self.lanes[l].down = true;
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
        self.said.insert(scan, said);
    }

    /// A lane's lists moved: its held scans are judged again, in order.
    fn moved(&mut self, l: usize) {
        let waiting = std::mem::take(&mut self.lanes[l].waiting);
        for w in waiting {
            self.scan(l, w.scan, w.form);
        }
    }

    /// docs/lanes.md: a lane that reaches the log replays its queue oldest
    /// first (another lane's admission found: a conflict, never dropped),
    /// then reads what is newer.
    fn sync(&mut self, l: usize) {
        if !self.up {
            self.lanes[l].down = true;
            return;
        }
        self.lanes[l].down = false;
        let me = self.lanes[l].name.clone();
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
        // The mirror: the log as it is now.
        self.lanes[l].mirror = Some(self.shared.clone());
        let from = self.lanes[l].read;
        let changes: Vec<Change> = self.history[from..].to_vec();
        self.lanes[l].read = self.history.len();
        for c in changes {
            let lane = &mut self.lanes[l];
            // Its own changes, read back, it knows already.
            let (Change::Admitted(_, who) | Change::Conflict(_, who) | Change::Undone(_, who)) = &c;
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
                Change::Undone(t, who) => {
                    if lane.known.get(&t) == Some(&who) {
                        lane.known.remove(&t);
                    }
                    if let Some(others) = lane.twice.get_mut(&t) {
                        others.remove(&who);
                    }
                }
            }
        }
    }

    /// The end of a shift: the log back, `desk sync` at every lane (its
    /// queue sent, docs/lanes.md); then the shared log's admissions (ticket
    /// → lane: one per ticket) and its conflicts (ticket, kept lane,
    /// replayed lane), sorted.
    pub fn finish(&mut self) -> AfterSync {
        self.up = true;
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
            lane.queue.remove(i);
            lane.mine.retain(|t| *t != ticket);
            lane.known.remove(&ticket);
            return;
        }
        if !self.up {
            self.lanes[l].down = true;
        }
        if self.lanes[l].down {
            self.cases.insert(Case::UndoRefused);
            return;
        }
        let kept = if self.shared.get(&ticket) == Some(&me) {
            self.shared.remove(&ticket);
            self.history.push(Change::Undone(ticket, me.clone()));
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
            self.history.push(Change::Undone(ticket, me.clone()));
            self.cases.insert(Case::ConflictedUndo);
            self.shared.get(&ticket).cloned()
        } else {
            return;
        };
        let lane = &mut self.lanes[l];
        lane.mine.retain(|t| *t != ticket);
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
