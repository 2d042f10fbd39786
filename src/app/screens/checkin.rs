//! The check-in desk of one event or edition: one input line that always
//! has the focus (a barcode scanner types into it), a verdict that fills
//! the screen, the last scans and the counters. Tickets are looked up in an
//! index built as the list's pages arrive (`index`); what a scan is and the
//! verdict are pure functions (`scan`, `verdict`), shared with `boxoffice
//! admit`; admissions live in memory and are recorded in the desk log
//! through `Cmd`s. A scan is a burst of keys (`scan::burst_start`) ending in
//! Enter or a quiet gap (`Cmd::Wake`, then `tick`), judged whatever is open
//! (`keys`). The desk holds the door: no key leaves it but the leave chord,
//! answered (`Panel::Leave`).

mod admissions;
mod big;
mod index;
mod keys;
mod lanes;
mod lists;
pub mod scan;
mod today;
pub mod verdict;
mod view;

pub use view::desk_key;

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::list::ListQuery;
use crate::app::msg::Reply;
use crate::app::state::ReqId;
use crate::clock::seconds_before;
use crate::store::Admission;
use crate::ui::Theme;

pub use index::TicketIndex;
pub use scan::{BURST_CHARS, BURST_GAP, Key, burst_start, compact, parse_scan};
pub use verdict::{
    DeskFacts, TicketFacts, Verdict, age_between, hh_mm, judge, relative_day, status_words, todays,
};

use crate::app::list::rows::{EditionRow, TicketRow};
use super::{Component, Ctx, Outcome, Write};

/// After each key the desk asks to be told the time again this much later.
pub const WAKE: Duration = Duration::from_millis(120);
/// No key for this long ends a scanner's burst.
pub const QUIET: Duration = Duration::from_millis(100);
/// Offline, the list is read again by itself this often.
pub const RETRY: Duration = Duration::from_secs(20);
/// The last scans kept on screen.
pub const LAST_SCANS: usize = 10;
/// The most other editions whose tickets a desk reads behind its own.
pub const MAX_SIBLINGS: usize = 31;

/// An edition the desk knows of: its id, name and days.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditionInfo {
    pub id: u64,
    pub name: String,
    /// First and last day, "YYYY-MM-DD" (empty when unknown).
    pub start: String,
    pub end: String,
}

impl EditionInfo {
    pub fn of(row: &EditionRow) -> Self {
        let start = row.start.clone().unwrap_or_default();
        let end = row
            .dates
            .split_once(" → ")
            .map_or_else(|| start.clone(), |(_, e)| e.to_string());
        Self {
            id: row.id,
            name: row.name.clone(),
            start: start.get(..10).unwrap_or(&start).to_string(),
            end: end.get(..10).unwrap_or(&end).to_string(),
        }
    }
}

/// What the desk checks in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The edition's id (or the event's, when it has none).
    pub event_id: u64,
    pub title: String,
    /// The main event, when this is one of its editions.
    pub parent_id: Option<u64>,
    /// The main event's editions (this one included).
    pub editions: Vec<EditionInfo>,
}

/// Where the desk is before it can scan.
#[derive(Debug, Clone)]
pub enum Stage {
    /// Reading the event (`event_req`, when asked by hash or for its name)
    /// and its editions, to pick today's.
    Finding {
        asked: String,
        title: String,
        event_req: Option<ReqId>,
        event_id: Option<u64>,
        editions_req: Option<ReqId>,
        editions: Vec<EditionInfo>,
        failed: Option<String>,
    },
    /// Several editions run today: which one?
    Choosing {
        title: String,
        event_id: u64,
        options: Vec<EditionInfo>,
        all: Vec<EditionInfo>,
        cursor: usize,
    },
    /// Scanning.
    Ready,
}

/// What the big block shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Face {
    Verdict(Verdict),
    /// A ticket id not in the list is being read.
    Checking,
    /// The admission could not be recorded (rolled back).
    NotRecorded(String),
    /// An admission was undone (F8, answered).
    Undone,
    /// Admitted at another lane (its name), learned from the shared log:
    /// in the last scans only.
    Elsewhere(String),
}

/// What is open on the desk, over the verdict. A scanner's burst closes
/// any of them and is judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Panel {
    /// The desk's keys (F1), scrolled this far.
    Help(usize),
    /// F8 asks: undo this admission (the guest's name)?
    Undo(Admission, String),
    /// Leave the desk? (With a PIN set, what is typed is the PIN.)
    Leave,
    /// F3: what is typed is a name to look for.
    Search,
    /// F4: the last scans, where they are not beside the verdict.
    LastScans,
    /// F6: the tickets admitted twice (`lane.conflicts`).
    Conflicts,
}

/// One line of the last scans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// "HH:MM:SS" (UTC).
    pub at: String,
    pub number: String,
    pub name: String,
    pub face: Face,
}

/// The verdict on screen and whose it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    pub face: Face,
    /// What was scanned.
    pub scanned: String,
    pub ticket_id: Option<u64>,
    pub name: String,
    pub number: String,
    pub edition: String,
    /// What the verdict means, when more than the verdict says ("not a
    /// ticket code", a walk-in).
    pub why: Option<String>,
    /// When it was shown (a VALID gives way after `verdict_seconds`).
    pub at: Instant,
}

/// The attendees a typed name matched.
#[derive(Debug, Clone)]
pub struct Named {
    pub typed: String,
    pub rows: Vec<TicketRow>,
    pub cursor: usize,
}

/// The check-in screen state.
#[derive(Debug, Clone)]
pub struct CheckinScreen {
    pub stage: Stage,
    pub target: Target,
    /// The input line.
    pub input: String,
    /// When each character of the input was typed.
    key_times: Vec<Instant>,
    pub shown: Option<Shown>,
    pub named: Option<Named>,
    /// What is open over the verdict.
    pub panel: Option<Panel>,
    /// The last verdicts, newest first (at most [`LAST_SCANS`]).
    pub recent: VecDeque<Entry>,
    /// The tickets this desk admitted here, oldest first (what F8 undoes).
    mine: Vec<u64>,
    /// A walk-in just admitted: Esc declines (undoes it).
    walk_in: Option<u64>,
    /// A walk-in enrolled, its ticket still being read: admitted when it is.
    walk_in_reading: bool,
    /// A message for the whole room ("SHARED LOG UNREACHABLE"): a banner
    /// above everything, when set.
    pub banner: Option<String>,
    /// The PIN asked for leaving (`[desk] pin_hash`), if any.
    pin_hash: Option<String>,
    /// The list verdicts use: the offline one, then the last complete read.
    pub tickets: TicketIndex,
    /// A live read under way (looked in first).
    pub incoming: Option<TicketIndex>,
    /// The tickets of the main event's other editions (read behind the
    /// desk's own list): a number scanned there is named as another edition
    /// with its day, not as unknown.
    pub siblings: TicketIndex,
    /// The reads of the other editions still under way.
    sibling_reqs: Vec<ReqId>,
    /// A read of the list's tail (after a walk-in enroll).
    tail: Option<ReqId>,
    /// When the offline list shown was saved.
    pub cached_at: Option<String>,
    /// The shown list comes from a live read.
    pub live: bool,
    /// The last live read failed: the offline list is shown.
    pub offline: Option<String>,
    /// Admissions at this event, by ticket id.
    pub admissions: HashMap<u64, Admission>,
    /// Admissions being recorded, by request.
    admitting: HashMap<ReqId, u64>,
    unadmitting: Option<ReqId>,
    admissions_req: Option<ReqId>,
    cached_req: Option<ReqId>,
    /// A ticket id read because it is not in the list.
    lookup: Option<(ReqId, String)>,
    /// A number in none of the desk's lists, looked for in the lists kept
    /// for other events (what was scanned): only the latest scan's answer
    /// is taken.
    elsewhere: Option<(ReqId, String)>,
    /// The desk log could not be read.
    pub warning: Option<String>,
    /// Following the other lanes sharing the desk log.
    pub lane: lanes::Following,
    /// Offline: when the list is read again by itself.
    pub retry_at: Option<Instant>,
    /// What the desk says besides (today's edition, a new ticket).
    pub note: Option<String>,
    /// The wall clock as last told (for the list's age and the counters).
    pub wall: String,
    /// The desk's keys for its bottom line (long, middle, short): the keys
    /// in effect.
    hints: [String; 3],
    /// The keys that leave and that open help, as the desk writes them.
    leave_key: String,
    help_key: String,
    /// The desk's keys for its help panel (keys, what).
    pub help_rows: Vec<(String, String)>,
}

impl CheckinScreen {
    fn new(stage: Stage, target: Target, ctx: &Ctx) -> Self {
        Self {
            hints: view::hints(ctx.keys),
            leave_key: view::desk_key(ctx.keys, Action::Leave),
            help_key: view::desk_key(ctx.keys, Action::Help),
            help_rows: view::help_rows(ctx.keys, ctx.readonly),
            panel: None,
            recent: VecDeque::new(),
            mine: Vec::new(),
            walk_in: None,
            walk_in_reading: false,
            banner: None,
            pin_hash: ctx.desk_rules.pin_hash.clone(),
            stage,
            target,
            input: String::new(),
            key_times: Vec::new(),
            shown: None,
            named: None,
            tickets: TicketIndex::default(),
            incoming: None,
            siblings: TicketIndex::default(),
            sibling_reqs: Vec::new(),
            tail: None,
            cached_at: None,
            live: false,
            offline: None,
            admissions: HashMap::new(),
            admitting: HashMap::new(),
            unadmitting: None,
            admissions_req: None,
            cached_req: None,
            lookup: None,
            elsewhere: None,
            warning: None,
            lane: lanes::Following::default(),
            retry_at: None,
            note: None,
            wall: String::new(),
        }
    }

    /// The desk's keys as its bottom line shows them (long, middle, short).
    pub fn hints(&self) -> &[String; 3] {
        &self.hints
    }

    /// Opens the desk of event `asked` (id or hash): the event and its
    /// editions are read first, to check in the one running today.
    pub fn open(ctx: &mut Ctx, asked: &str, title: Option<String>) -> (Self, Vec<Cmd>) {
        let id = asked.parse::<u64>().ok();
        let event_req = (id.is_none() || title.is_none()).then(|| ctx.ids.take());
        let editions_req = id.map(|_| ctx.ids.take());
        let mut cmds: Vec<Cmd> = event_req
            .map(|req| Cmd::LoadEvent {
                req,
                id: asked.to_string(),
            })
            .into_iter()
            .collect();
        if let (Some(req), Some(event_id)) = (editions_req, id) {
            cmds.push(Cmd::LoadList {
                req,
                list: ListQuery::Editions { event_id },
            });
        }
        let title = title.unwrap_or_else(|| format!("event {asked}"));
        let stage = Stage::Finding {
            asked: asked.to_string(),
            title: title.clone(),
            event_req,
            event_id: id,
            editions_req,
            editions: Vec::new(),
            failed: None,
        };
        let target = Target {
            event_id: id.unwrap_or(0),
            title,
            parent_id: None,
            editions: Vec::new(),
        };
        (Self::new(stage, target, ctx), cmds)
    }

    /// Opens the desk of a known event or edition: the tickets, the desk
    /// log's admissions and the offline list are asked for at once.
    pub fn ready(ctx: &mut Ctx, target: Target) -> (Self, Vec<Cmd>) {
        let mut screen = Self::new(Stage::Ready, target, ctx);
        let cmds = screen.begin(ctx);
        (screen, cmds)
    }

    /// Starts scanning `self.target`.
    fn begin(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        self.stage = Stage::Ready;
        // The desk holds its own list (up to 100,000 tickets and their
        // index): the lists kept for coming back to let go, so the TUI
        // stays within its memory (they are read again when reopened).
        ctx.kept.tickets.clear();
        let event_id = self.target.event_id;
        let (list, admissions, cached) = (ctx.ids.take(), ctx.ids.take(), ctx.ids.take());
        self.incoming = Some(TicketIndex::new(list));
        self.admissions_req = Some(admissions);
        self.cached_req = Some(cached);
        let mut cmds = vec![
            Cmd::LoadList {
                req: list,
                list: ListQuery::Tickets { event_id },
            },
            Cmd::LoadAdmissions {
                req: admissions,
                event_id,
            },
            Cmd::LoadCached {
                req: cached,
                event_id,
            },
        ];
        cmds.extend(self.read_siblings(ctx));
        cmds
    }

    /// Reads the tickets of the main event's other editions (at most
    /// [`MAX_SIBLINGS`] of them, the nearest days first).
    fn read_siblings(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        self.siblings = TicketIndex::default();
        let own = self.target.event_id;
        let mut others: Vec<&EditionInfo> = self
            .target
            .editions
            .iter()
            .filter(|e| e.id != own)
            .collect();
        let today = ctx.wall.get(..10).unwrap_or_default().to_string();
        // Days still to come first, nearest first; then the past ones.
        others.sort_by_key(|e| (e.end.as_str() < today.as_str(), e.start.clone()));
        let ids: Vec<u64> = others.iter().take(MAX_SIBLINGS).map(|e| e.id).collect();
        self.sibling_reqs = ids.iter().map(|_| ctx.ids.take()).collect();
        ids.into_iter()
            .zip(self.sibling_reqs.iter())
            .map(|(event_id, &req)| Cmd::LoadList {
                req,
                list: ListQuery::Tickets { event_id },
            })
            .collect()
    }

    /// The list counters read: the shown one, or the read under way while
    /// nothing is shown.
    pub fn current(&self) -> &TicketIndex {
        match &self.incoming {
            Some(inc) if self.tickets.is_empty() => inc,
            _ => &self.tickets,
        }
    }

    /// The ticket a scan names, from the index (the read under way first,
    /// the other editions' last).
    fn find(&self, key: &Key) -> Option<TicketRow> {
        let lists = self.incoming.iter().chain([&self.tickets, &self.siblings]);
        for list in lists {
            let row = match key {
                Key::Number(n) => list.by_number(n),
                Key::Id(id) => list.by_id(*id),
            };
            if let Some(row) = row {
                return Some(row.clone());
            }
        }
        None
    }

    /// An admission the desk learns of (from its log, or from another lane
    /// sharing it): counters and the last scans are made of these.
    pub fn know(&mut self, a: Admission, desk: &str) {
        if a.desk == desk && !self.mine.contains(&a.ticket_id) {
            self.mine.push(a.ticket_id);
        }
        self.admissions.entry(a.ticket_id).or_insert(a);
    }

    /// Admitted, valid (confirmed) and total tickets, and admissions in the
    /// five minutes before `wall`: all from the admissions the desk knows.
    pub fn counters(&self, wall: &str) -> (usize, usize, usize, usize) {
        let since = seconds_before(wall, 300);
        let recent = self
            .admissions
            .values()
            .filter(|a| a.at.is_empty() || a.at >= since)
            .count();
        let list = self.current();
        (self.admissions.len(), list.confirmed(), list.len(), recent)
    }

    fn tell_wall(&mut self, ctx: &Ctx) {
        if self.wall != ctx.wall {
            self.wall = ctx.wall.to_string();
        }
    }
}

impl Component for CheckinScreen {
    fn scope(&self) -> Scope {
        Scope::Checkin
    }

    fn crumb(&self) -> String {
        format!("Check-in · {}", self.target.title)
    }

    fn holds_door(&self) -> bool {
        true
    }

    fn status_keys(&self, keys: &crate::app::keymap::Keymap) -> Option<String> {
        let key = |action| desk_key(keys, action);
        Some(format!("{} help · {} leave ", key(Action::Help), key(Action::Leave)))
    }

    fn already_enrolled(&mut self, who: &str, ctx: &mut Ctx) -> Option<Vec<Cmd>> {
        Some(CheckinScreen::already_enrolled(self, who, ctx))
    }

    fn action(&mut self, _action: Action, _key: KeyEvent, _ctx: &mut Ctx) -> Outcome {
        // Every key goes through `text_key`.
        Outcome::Stay
    }

    fn text_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Option<Outcome> {
        self.tell_wall(ctx);
        Some(self.key(key, ctx))
    }

    fn scroll(&mut self, delta: isize) {
        if let Some(Panel::Help(scroll)) = &mut self.panel {
            *scroll = scroll.saturating_add_signed(delta);
        } else if let Some(named) = &mut self.named {
            named.cursor = named
                .cursor
                .saturating_add_signed(delta)
                .min(named.rows.len().saturating_sub(1));
        }
    }

    fn owns(&self, req: ReqId) -> bool {
        let finding = match &self.stage {
            Stage::Finding {
                event_req,
                editions_req,
                ..
            } => *event_req == Some(req) || *editions_req == Some(req),
            _ => false,
        };
        finding
            || self.incoming.as_ref().is_some_and(|i| i.req == req)
            || self.sibling_reqs.contains(&req)
            || self.tail == Some(req)
            || self.admissions_req == Some(req)
            || self.cached_req == Some(req)
            || self.unadmitting == Some(req)
            || self.lookup.as_ref().is_some_and(|(r, _)| *r == req)
            || self.elsewhere.as_ref().is_some_and(|(r, _)| *r == req)
            || self.admitting.contains_key(&req)
            || self.lane.req == Some(req)
            || self.lane.conflicts_req == Some(req)
    }

    fn reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        self.tell_wall(ctx);
        if matches!(self.stage, Stage::Finding { .. }) {
            return self.finding_reply(req, reply, ctx);
        }
        match reply {
            Reply::Page(page) => self.page(req, page, ctx),
            Reply::Ticket(result) => self.ticket_read(result, ctx),
            Reply::Admissions(result) => {
                self.loaded(result, ctx);
                Outcome::Run(self.follow(None, ctx))
            }
            Reply::Followed(result) => self.followed(req, result, ctx),
            Reply::Conflicts(result) => self.conflicts_read(req, result),
            Reply::Admitted(result) => self.admitted(req, result, ctx),
            Reply::Unadmitted(result) => self.unadmitted(result, ctx),
            Reply::Cached(result) => self.cached(result, ctx),
            Reply::FoundNumber(result) => self.found_elsewhere(req, result, ctx),
            _ => Outcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        let finding = match &self.stage {
            Stage::Finding { editions_req, .. } => *editions_req,
            _ => None,
        };
        self.incoming
            .as_ref()
            .map(|i| i.req)
            .into_iter()
            .chain(self.tail)
            .chain(finding)
            .chain(self.sibling_reqs.iter().copied())
            .chain(self.lane.req)
            .collect()
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        if !matches!(self.stage, Stage::Ready) {
            return vec![];
        }
        let req = ctx.ids.take();
        self.incoming = Some(TicketIndex::new(req));
        self.tail = None;
        let mut cmds = vec![Cmd::LoadList {
            req,
            list: ListQuery::Tickets {
                event_id: self.target.event_id,
            },
        }];
        // Following the other lanes goes on (cancelled with what streams).
        if let Some(old) = self.lane.req.take() {
            cmds.push(Cmd::Cancel { req: old });
            cmds.extend(self.follow(self.lane.cursor.clone(), ctx));
        }
        cmds
    }

    fn fit(&mut self, _body: Rect) {}

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        view::render(self, frame, area, theme);
    }

    fn tick(&mut self, ctx: &mut Ctx) -> Outcome {
        self.tell_wall(ctx);
        let verdict = ctx.desk_rules.verdict;
        let mut cmds = Vec::new();
        if self.shown.as_ref().is_some_and(|s| {
            s.face == Face::Verdict(Verdict::Valid) && ctx.now.duration_since(s.at) >= verdict
        }) {
            // Back to "ready"; a walk-in can no longer be declined with Esc.
            // A tick is not drawn unless it says so.
            self.shown = None;
            self.walk_in = None;
            cmds.push(Cmd::Redraw);
        }
        let quiet = self
            .key_times
            .last()
            .is_some_and(|t| ctx.now.duration_since(*t) >= QUIET);
        if quiet && burst_start(&self.key_times).is_some() {
            // A scanner that sends no Enter: its burst ended (and is drawn).
            cmds.push(Cmd::Redraw);
            return match self.enter(ctx) {
                Outcome::Stay => Outcome::Run(cmds),
                Outcome::Run(more) => Outcome::Run(more.into_iter().chain(cmds).collect()),
                other => other,
            };
        }
        if self.offline.is_some()
            && self.incoming.is_none()
            && self.retry_at.is_some_and(|at| ctx.now >= at)
        {
            self.retry_at = None;
            cmds.extend(self.refresh(ctx));
        }
        if cmds.is_empty() {
            Outcome::Stay
        } else {
            Outcome::Run(cmds)
        }
    }

    fn after_write(&mut self, write: Write, ctx: &mut Ctx) -> Vec<Cmd> {
        let Write::Enrolled { event_id, .. } = write else {
            return vec![];
        };
        if !matches!(self.stage, Stage::Ready)
            || event_id.is_some_and(|id| id != self.target.event_id)
        {
            return vec![];
        }
        // A walk-in enrolled at this desk is admitted once their ticket
        // is read (`tail_page`).
        self.walk_in_reading = event_id.is_some();
        if !self.live || self.incoming.is_some() {
            self.walk_in_reading = false;
            return self.refresh(ctx);
        }
        let req = ctx.ids.take();
        self.tail = Some(req);
        vec![Cmd::LoadTail {
            req,
            list: ListQuery::Tickets {
                event_id: self.target.event_id,
            },
            from: self.tickets.pages.max(1),
        }]
    }

    fn ticket_number(&self, id: u64) -> Option<String> {
        self.find(&Key::Id(id)).map(|r| r.number().to_string())
    }

    fn status_note(&self) -> Option<String> {
        self.offline.as_ref()?;
        let age = self
            .cached_at
            .as_deref()
            .and_then(|c| age_between(c, &self.wall))
            .map_or_else(|| "no offline list".into(), |a| format!("list {a} old"));
        Some(format!("✖ offline · {age}"))
    }
}
