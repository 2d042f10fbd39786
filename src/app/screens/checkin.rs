//! The check-in desk of one event or edition: one input line that always
//! has the focus (a barcode scanner types into it), a verdict that fills
//! the screen, and the counters. Tickets are looked up in an index built as
//! the list's pages arrive (`index`); the verdict is a pure function
//! (`verdict`); admissions live in memory and are recorded in the desk log
//! through `Cmd`s. A scan ends with Enter, or with a quiet gap after a
//! burst of keys (`Cmd::Wake`, then `tick`).

mod index;
mod verdict;
mod view;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::api::ApiError;
use crate::api::model::{Event, Ticket};
use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Keymap, Scope};
use crate::app::list::{ListQuery, PageIn};
use crate::app::msg::Reply;
use crate::app::overlays::Overlay;
use crate::app::overlays::enroll::EnrollForm;
use crate::app::overlays::help::Help;
use crate::app::state::{ReqId, ToastKind, error_text};
use crate::clock::seconds_before;
use crate::store::Admission;
use crate::ui::Theme;

pub use index::TicketIndex;
pub use verdict::{
    DeskFacts, Scan, TicketFacts, Verdict, age_between, hh_mm, judge, parse_scan, relative_day,
    status_words, todays,
};

use super::event::EventScreen;
use super::{Component, Ctx, Outcome, Screen, Write};
use crate::app::list::rows::EditionRow;
use crate::app::list::rows::TicketRow;

/// After each key the desk asks to be told the time again this much later.
pub const WAKE: Duration = Duration::from_millis(120);
/// No key for this long ends a scanner's burst.
pub const QUIET: Duration = Duration::from_millis(100);
/// A burst: at least this many characters…
pub const BURST_CHARS: usize = 4;
/// …typed at most this far apart on average.
pub const BURST_GAP: Duration = Duration::from_millis(30);
/// Offline, the list is read again by itself this often.
pub const RETRY: Duration = Duration::from_secs(20);
/// A VALID verdict gives way after this long.
pub const VALID_SHOWN: Duration = Duration::from_secs(3);
/// The most other editions whose tickets a desk reads behind its own.
pub const MAX_SIBLINGS: usize = 31;
/// The most attendees a typed name lists.
const NAMED: usize = 50;

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
    /// When it was shown (a VALID gives way after [`VALID_SHOWN`]).
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
    /// The desk log could not be read.
    pub warning: Option<String>,
    /// Offline: when the list is read again by itself.
    pub retry_at: Option<Instant>,
    /// What the desk says besides (today's edition, a new ticket).
    pub note: Option<String>,
    /// The wall clock as last told (for the list's age and the counters).
    pub wall: String,
    /// The desk's keys for its bottom line (long, short): the keys in effect.
    hints: [String; 2],
}

impl CheckinScreen {
    fn new(stage: Stage, target: Target, keys: &Keymap) -> Self {
        Self {
            hints: view::hints(keys),
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
            warning: None,
            retry_at: None,
            note: None,
            wall: String::new(),
        }
    }

    /// The desk's keys as its bottom line shows them (long, short).
    pub fn hints(&self) -> &[String; 2] {
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
        (Self::new(stage, target, ctx.keys), cmds)
    }

    /// Opens the desk of a known event or edition: the tickets, the desk
    /// log's admissions and the offline list are asked for at once.
    pub fn ready(ctx: &mut Ctx, target: Target) -> (Self, Vec<Cmd>) {
        let mut screen = Self::new(Stage::Ready, target, ctx.keys);
        let cmds = screen.begin(ctx);
        (screen, cmds)
    }

    /// `c` on the Event screen: the selected edition, else the main event
    /// (today's edition is found).
    pub fn from_event(event: &EventScreen, ctx: &mut Ctx) -> Outcome {
        let editions: Vec<EditionInfo> = event
            .editions
            .list
            .rows()
            .iter()
            .map(EditionInfo::of)
            .collect();
        let (screen, cmds) = match (event.selected_edition(), event.event_id()) {
            (Some(ed), parent) => Self::ready(
                ctx,
                Target {
                    event_id: ed.id,
                    title: format!("{} — {}", event.title, ed.name),
                    parent_id: parent,
                    editions,
                },
            ),
            (None, Some(id)) => Self::open(ctx, &id.to_string(), Some(event.title.clone())),
            (None, None) => return Outcome::Stay,
        };
        Outcome::Push(Box::new(Screen::Checkin(screen)), cmds)
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
    fn find(&self, scan: &Scan) -> Option<TicketRow> {
        let lists = self.incoming.iter().chain([&self.tickets, &self.siblings]);
        for list in lists {
            let row = match scan {
                Scan::Number(n) => list.by_number(n),
                Scan::Id(id) => list.by_id(*id),
                Scan::Name(_) => None,
            };
            if let Some(row) = row {
                return Some(row.clone());
            }
        }
        None
    }

    /// Admitted, valid (confirmed) and total tickets, and admissions in the
    /// five minutes before `wall`.
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

    // ---- keys ----

    fn help(ctx: &Ctx) -> Outcome {
        Outcome::Open(
            Overlay::Help(Help::new(
                Scope::Checkin,
                ctx.readonly,
                Arc::clone(ctx.keys),
            )),
            vec![],
        )
    }

    fn choosing_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        let Stage::Choosing {
            options,
            all,
            cursor,
            event_id,
            title,
        } = &mut self.stage
        else {
            return Outcome::Stay;
        };
        let action = ctx.keys.lookup(Scope::Checkin, &key);
        match key.code {
            _ if action == Some(Action::Help) => return Self::help(ctx),
            _ if action == Some(Action::Back) => return Outcome::Pop { quit: false },
            KeyCode::Up => *cursor = cursor.saturating_sub(1),
            KeyCode::Down => *cursor = (*cursor + 1).min(options.len().saturating_sub(1)),
            KeyCode::Enter => {
                let Some(ed) = options.get(*cursor).cloned() else {
                    return Outcome::Stay;
                };
                self.target = Target {
                    event_id: ed.id,
                    title: format!("{title} — {}", ed.name),
                    parent_id: Some(*event_id),
                    editions: std::mem::take(all),
                };
                return Outcome::Run(self.begin(ctx));
            }
            _ => {}
        }
        Outcome::Stay
    }

    /// A key at the desk: the desk's keys (never a printable one, see
    /// `keymap::CHECKIN`) first, then the input line.
    fn desk_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        if let Some(action) = ctx.keys.lookup(Scope::Checkin, &key) {
            return self.desk_action(action, key, ctx);
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char(_) if ctrl => Outcome::Stay,
            KeyCode::Char(c) => {
                if self.input.is_empty() {
                    // A key ends a verdict that stays; a VALID gives way by itself.
                    self.shown
                        .take_if(|s| !matches!(s.face, Face::Verdict(Verdict::Valid)));
                }
                self.named = None;
                self.input.push(c);
                self.key_times.push(ctx.now);
                Outcome::Run(vec![Cmd::Wake { after: WAKE }])
            }
            KeyCode::Backspace => {
                self.input.pop();
                self.key_times.pop();
                Outcome::Stay
            }
            _ => Outcome::Stay,
        }
    }

    fn desk_action(&mut self, action: Action, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        match action {
            Action::ClearVerdict => {
                self.shown = None;
                Outcome::Stay
            }
            Action::Scan => match self.named.take() {
                Some(named) => match named.rows.get(named.cursor) {
                    Some(row) => {
                        let row = row.clone();
                        Outcome::Run(self.decide(&row, None, None, &named.typed, ctx))
                    }
                    None => Outcome::Stay,
                },
                None => Outcome::Run(self.scan(ctx)),
            },
            Action::Pick => {
                if let Some(named) = &mut self.named {
                    named.cursor = if key.code == KeyCode::Up {
                        named.cursor.saturating_sub(1)
                    } else {
                        (named.cursor + 1).min(named.rows.len().saturating_sub(1))
                    };
                }
                Outcome::Stay
            }
            Action::Back => {
                if self.named.take().is_some() {
                } else if !self.input.is_empty() {
                    self.input.clear();
                    self.key_times.clear();
                } else if self.shown.take().is_none() {
                    return Outcome::Pop { quit: false };
                }
                Outcome::Stay
            }
            Action::Help => Self::help(ctx),
            Action::Enroll => self.walk_in(ctx),
            Action::Refresh => {
                let mut cmds: Vec<Cmd> = self
                    .streaming()
                    .into_iter()
                    .map(|req| Cmd::Cancel { req })
                    .collect();
                cmds.extend(self.refresh(ctx));
                Outcome::Run(cmds)
            }
            Action::Undo => {
                let req = ctx.ids.take();
                self.unadmitting = Some(req);
                Outcome::Run(vec![Cmd::Unadmit {
                    req,
                    event_id: self.target.event_id,
                    desk: ctx.desk.to_string(),
                }])
            }
            _ => Outcome::Stay,
        }
    }

    /// F2: a walk-in, enrolled by e-mail into this edition. Never while
    /// offline: a write is not queued for later.
    fn walk_in(&self, ctx: &Ctx) -> Outcome {
        if ctx.readonly {
            return Outcome::Toast(
                ToastKind::Error,
                "read-only mode: enroll and revoke are turned off".into(),
            );
        }
        if self.offline.is_some() {
            return Outcome::Toast(
                ToastKind::Error,
                "offline: a walk-in needs the network (nothing is queued); the desk reads the list again by itself"
                    .into(),
            );
        }
        Outcome::Open(
            Overlay::Enroll(EnrollForm::new(
                self.target.event_id,
                self.target.title.clone(),
            )),
            vec![],
        )
    }

    // ---- scans ----

    /// Reads the input and gives its verdict; the input clears.
    fn scan(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let typed = std::mem::take(&mut self.input);
        self.key_times.clear();
        self.named = None;
        let Some(scan) = parse_scan(&typed) else {
            return vec![];
        };
        let scanned = typed.trim().to_string();
        // A number in some other shape is looked up as it was typed first.
        let whole = Scan::Number(scanned.to_uppercase());
        if let Some(row) = self.find(&whole).or_else(|| self.find(&scan)) {
            return self.decide(&row, None, None, &scanned, ctx);
        }
        match scan {
            Scan::Id(ticket_id) => {
                let req = ctx.ids.take();
                self.lookup = Some((req, scanned.clone()));
                self.show(Face::Checking, &scanned, None, ctx.now);
                vec![Cmd::LoadTicket { req, ticket_id }]
            }
            Scan::Number(_) | Scan::Name(_) => {
                let rows = self.current().named(&scanned, NAMED);
                if rows.is_empty() {
                    self.show(Face::Verdict(Verdict::Unknown), &scanned, None, ctx.now);
                    ctx.bell.then_some(Cmd::Bell).into_iter().collect()
                } else {
                    self.named = Some(Named {
                        typed: scanned,
                        rows,
                        cursor: 0,
                    });
                    vec![]
                }
            }
        }
    }

    fn show(&mut self, face: Face, scanned: &str, row: Option<&TicketRow>, now: Instant) {
        self.shown = Some(Shown {
            face,
            scanned: scanned.to_string(),
            ticket_id: row.map(|r| r.id),
            name: row.map(|r| r.attendee().to_string()).unwrap_or_default(),
            number: row.map(|r| r.number().to_string()).unwrap_or_default(),
            edition: row.map(|r| r.edition().to_string()).unwrap_or_default(),
            at: now,
        });
    }

    /// The verdict on `row` (its edition's date and main event when read in
    /// full); a VALID one is admitted at once, in memory and in the desk log.
    fn decide(
        &mut self,
        row: &TicketRow,
        date: Option<&str>,
        parent: Option<u64>,
        scanned: &str,
        ctx: &mut Ctx,
    ) -> Vec<Cmd> {
        let known = row
            .edition_id
            .and_then(|id| self.target.editions.iter().find(|e| e.id == id));
        let date = date.or_else(|| known.map(|e| e.start.as_str()).filter(|s| !s.is_empty()));
        let editions: Vec<u64> = self.target.editions.iter().map(|e| e.id).collect();
        let verdict = judge(
            &TicketFacts {
                status: row.status(),
                edition_id: row.edition_id,
                edition: row.edition(),
                edition_date: date,
                parent_id: parent.or(known.and(self.target.parent_id)),
            },
            &DeskFacts {
                event_id: self.target.event_id,
                parent_id: self.target.parent_id,
                editions: &editions,
                today: ctx.wall,
            },
            self.admissions.get(&row.id),
        );
        let valid = verdict == Verdict::Valid;
        self.show(Face::Verdict(verdict), scanned, Some(row), ctx.now);
        if !valid {
            return ctx.bell.then_some(Cmd::Bell).into_iter().collect();
        }
        let admission = Admission {
            ticket_id: row.id,
            number: row.number().to_string(),
            event_id: self.target.event_id,
            edition_id: row.edition_id,
            at: String::new(),
            desk: ctx.desk.to_string(),
        };
        self.admissions.insert(row.id, admission.clone());
        let req = ctx.ids.take();
        self.admitting.insert(req, row.id);
        vec![Cmd::Admit { req, admission }]
    }

    /// Whether the input was typed as a scanner types: a burst.
    fn burst(&self) -> bool {
        let (Some(first), Some(last)) = (self.key_times.first(), self.key_times.last()) else {
            return false;
        };
        let n = self.key_times.len();
        if n < BURST_CHARS || self.input.chars().count() < BURST_CHARS {
            return false;
        }
        let gaps = u32::try_from(n - 1).unwrap_or(u32::MAX);
        last.duration_since(*first) / gaps <= BURST_GAP
    }

    // ---- replies ----

    fn page(&mut self, req: ReqId, page: Result<PageIn, ApiError>, ctx: &mut Ctx) -> Outcome {
        if self.tail == Some(req) {
            return self.tail_page(req, page);
        }
        if self.sibling_reqs.contains(&req) {
            // Best effort: an edition that cannot be read is only not named.
            match page {
                Ok(p) => {
                    let last = p.meta.page >= p.meta.pages;
                    if let Some(rows) = p.rows.take::<TicketRow>() {
                        self.siblings.add(rows);
                    }
                    if last {
                        self.sibling_reqs.retain(|r| *r != req);
                    }
                }
                Err(_) => self.sibling_reqs.retain(|r| *r != req),
            }
            return Outcome::Stay;
        }
        let Some(inc) = self.incoming.as_mut().filter(|i| i.req == req) else {
            return Outcome::Stay;
        };
        match page {
            Ok(p) => {
                let Some(rows) = p.rows.take::<TicketRow>() else {
                    return Outcome::Stay;
                };
                inc.add(rows);
                inc.pages = inc.pages.max(p.meta.pages);
                if p.meta.page < p.meta.pages {
                    return Outcome::Stay;
                }
                let Some(mut done) = self.incoming.take() else {
                    return Outcome::Stay;
                };
                done.complete = true;
                self.tickets = done;
                self.live = true;
                self.offline = None;
                self.cached_at = None;
                Outcome::Run(vec![Cmd::SaveCached {
                    event_id: self.target.event_id,
                    asked: self.target.parent_id,
                    tickets: self.tickets.shared(),
                }])
            }
            Err(e) => {
                let text = error_text(&e);
                // What came in stays searchable; the offline list is shown.
                if self.tickets.is_empty()
                    && let Some(inc) = self.incoming.take()
                {
                    self.tickets = inc;
                } else {
                    self.incoming = None;
                }
                let toast = self.offline.is_none();
                self.offline = Some(text.clone());
                // Read again by itself a while later (back online when it
                // succeeds); only the first failure is toasted.
                self.retry_at = Some(ctx.now + RETRY);
                if toast {
                    Outcome::Toast(ToastKind::Error, format!("tickets: {text}"))
                } else {
                    Outcome::Stay
                }
            }
        }
    }

    fn tail_page(&mut self, req: ReqId, page: Result<PageIn, ApiError>) -> Outcome {
        match page {
            Ok(p) => {
                if p.meta.page >= p.meta.pages {
                    self.tail = None;
                }
                let Some(rows) = p.rows.take::<TicketRow>() else {
                    return Outcome::Stay;
                };
                self.tickets.pages = self.tickets.pages.max(p.meta.pages);
                let new = self.tickets.add(rows);
                if let Some(row) = new.last().and_then(|&i| self.tickets.rows().get(i)) {
                    self.note = Some(format!(
                        "new ticket {} for {}: scan it or type it",
                        row.number(),
                        row.attendee()
                    ));
                }
                Outcome::Stay
            }
            Err(e) => {
                if self.tail == Some(req) {
                    self.tail = None;
                }
                Outcome::Toast(
                    ToastKind::Error,
                    format!("reading the new ticket: {}", error_text(&e)),
                )
            }
        }
    }

    fn finding_reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        let Stage::Finding {
            asked,
            title,
            event_req,
            event_id,
            editions_req,
            editions,
            failed,
        } = &mut self.stage
        else {
            return Outcome::Stay;
        };
        match reply {
            Reply::Event(result) if *event_req == Some(req) => {
                *event_req = None;
                match result {
                    Ok((event, _)) => {
                        let Event { id, name, .. } = event;
                        if let Some(name) = name {
                            *title = name;
                        }
                        *event_id = Some(id);
                        // Asked by hash: the editions are read now that the
                        // id is known (an id asked for read them at once).
                        if editions_req.is_none() && asked.parse::<u64>().is_err() {
                            let r = ctx.ids.take();
                            *editions_req = Some(r);
                            return Outcome::Run(vec![Cmd::LoadList {
                                req: r,
                                list: ListQuery::Editions { event_id: id },
                            }]);
                        }
                    }
                    Err(e) => {
                        let text = format!("event {asked}: {}", error_text(&e));
                        if let (Ok(id), true) = (asked.parse::<u64>(), e.is_transient()) {
                            let title = title.clone();
                            return self.open_offline(id, title, &text, ctx);
                        }
                        if editions_req.is_none() {
                            *failed = Some(text.clone());
                            return Outcome::Toast(ToastKind::Error, text);
                        }
                    }
                }
            }
            Reply::Page(page) if *editions_req == Some(req) => match page {
                Ok(p) => {
                    if let Some(rows) = p.rows.take::<EditionRow>() {
                        editions.extend(rows.iter().map(EditionInfo::of));
                    }
                    if p.meta.page < p.meta.pages {
                        return Outcome::Stay;
                    }
                    *editions_req = None;
                }
                Err(e) => {
                    let text = format!("editions: {}", error_text(&e));
                    if let (Ok(id), true) = (asked.parse::<u64>(), e.is_transient()) {
                        let title = title.clone();
                        return self.open_offline(id, title, &text, ctx);
                    }
                    *failed = Some(text.clone());
                    *editions_req = None;
                    return Outcome::Toast(ToastKind::Error, text);
                }
            },
            _ => return Outcome::Stay,
        }
        if event_req.is_some() || editions_req.is_some() {
            return Outcome::Stay;
        }
        let Some(id) = *event_id else {
            return Outcome::Stay;
        };
        let (title, editions) = (title.clone(), std::mem::take(editions));
        self.pick_edition(id, title, editions, ctx)
    }

    /// The event could not be read for want of a network (a transient
    /// error: an unknown event is said as such): the desk checks in `id` as
    /// asked, from its offline list, and says why.
    fn open_offline(&mut self, id: u64, title: String, why: &str, ctx: &mut Ctx) -> Outcome {
        self.target = Target {
            event_id: id,
            title,
            parent_id: None,
            editions: Vec::new(),
        };
        self.note = Some(format!("{why}: checking in {id} from the offline list"));
        Outcome::Run(self.begin(ctx))
    }

    /// Opened offline on main event `asked`, the offline list is that of
    /// its edition `id`: the desk checks that edition in (its admissions,
    /// its tickets when the network is back).
    fn retarget_offline(&mut self, id: u64, ctx: &mut Ctx) -> Outcome {
        let asked = self.target.event_id;
        let edition = self
            .tickets
            .rows()
            .first()
            .map(|r| r.edition().to_string())
            .filter(|e| !e.is_empty())
            .unwrap_or_else(|| format!("edition {id}"));
        self.target = Target {
            event_id: id,
            title: edition.clone(),
            parent_id: Some(asked),
            editions: Vec::new(),
        };
        self.note = Some(format!(
            "offline: checking in {edition}, the edition this desk last checked in for event {asked}"
        ));
        let admissions = ctx.ids.take();
        self.admissions_req = Some(admissions);
        // The read under way was of the main event; read the edition when
        // the network is back.
        self.incoming = None;
        self.offline
            .get_or_insert_with(|| "the event could not be read".into());
        self.retry_at = Some(ctx.now + RETRY);
        Outcome::Run(vec![Cmd::LoadAdmissions {
            req: admissions,
            event_id: id,
        }])
    }

    /// The main event `id` and its editions are known: today's edition is
    /// checked in (several: which?; none: the next, saying so).
    fn pick_edition(
        &mut self,
        id: u64,
        title: String,
        editions: Vec<EditionInfo>,
        ctx: &mut Ctx,
    ) -> Outcome {
        // An edition asked for by its id lists itself as its edition: it
        // is checked in as it is.
        let editions: Vec<EditionInfo> = editions.into_iter().filter(|e| e.id != id).collect();
        if editions.is_empty() {
            self.target = Target {
                event_id: id,
                title,
                parent_id: None,
                editions,
            };
            return Outcome::Run(self.begin(ctx));
        }
        let (found, today) = todays(&editions, |e| (e.start.as_str(), e.end.as_str()), ctx.wall);
        let found: Vec<EditionInfo> = found.into_iter().cloned().collect();
        match found.as_slice() {
            [] => {
                self.stage = Stage::Finding {
                    asked: id.to_string(),
                    title: title.clone(),
                    event_req: None,
                    event_id: Some(id),
                    editions_req: None,
                    editions: Vec::new(),
                    failed: Some(format!("{title}: no edition today or later")),
                };
                Outcome::Stay
            }
            [one] => {
                if !today {
                    self.note = Some(format!(
                        "no edition today: checking in the next, {} ({})",
                        one.name,
                        relative_day(&one.start, ctx.wall)
                    ));
                }
                self.target = Target {
                    event_id: one.id,
                    title: format!("{title} — {}", one.name),
                    parent_id: Some(id),
                    editions,
                };
                Outcome::Run(self.begin(ctx))
            }
            _ => {
                self.stage = Stage::Choosing {
                    title,
                    event_id: id,
                    options: found,
                    all: editions,
                    cursor: 0,
                };
                Outcome::Stay
            }
        }
    }

    fn ticket_read(
        &mut self,
        result: Result<(Ticket, serde_json::Value), ApiError>,
        ctx: &mut Ctx,
    ) -> Outcome {
        let Some((_, scanned)) = self.lookup.take() else {
            return Outcome::Stay;
        };
        match result {
            Ok((ticket, _)) => {
                let row = TicketRow::new(&ticket);
                let event = ticket.event.as_ref();
                let date = event.and_then(|e| e.start_datetime.clone());
                let parent = event.and_then(|e| e.parent_id);
                Outcome::Run(self.decide(&row, date.as_deref(), parent, &scanned, ctx))
            }
            Err(e) => {
                self.show(Face::Verdict(Verdict::Unknown), &scanned, None, ctx.now);
                if e.code().is_none() && !matches!(e, ApiError::Api { .. }) {
                    self.note = Some(format!(
                        "could not read ticket {scanned}: {}",
                        error_text(&e)
                    ));
                }
                Outcome::Run(ctx.bell.then_some(Cmd::Bell).into_iter().collect())
            }
        }
    }

    fn admitted(
        &mut self,
        req: ReqId,
        result: Result<Admission, crate::store::StoreError>,
    ) -> Outcome {
        let Some(ticket_id) = self.admitting.remove(&req) else {
            return Outcome::Stay;
        };
        match result {
            Ok(a) => {
                self.admissions.insert(a.ticket_id, a);
                Outcome::Stay
            }
            // No desk log at all (said on screen): the admission is kept in
            // memory, as the warning promises.
            Err(_) if self.warning.is_some() => Outcome::Stay,
            Err(e) => {
                self.admissions.remove(&ticket_id);
                let text = format!("not recorded: {e}");
                match self
                    .shown
                    .as_mut()
                    .filter(|s| s.ticket_id == Some(ticket_id))
                {
                    Some(shown) => shown.face = Face::NotRecorded(text),
                    None => {
                        return Outcome::Toast(
                            ToastKind::Error,
                            format!("ticket {ticket_id}: {text}"),
                        );
                    }
                }
                Outcome::Stay
            }
        }
    }

    fn unadmitted(
        &mut self,
        result: Result<Option<Admission>, crate::store::StoreError>,
    ) -> Outcome {
        self.unadmitting = None;
        match result {
            Ok(Some(a)) => {
                self.admissions.remove(&a.ticket_id);
                let name = self
                    .find(&Scan::Id(a.ticket_id))
                    .map(|r| format!(" ({})", r.attendee()))
                    .unwrap_or_default();
                Outcome::Toast(
                    ToastKind::Info,
                    format!("undone: admission of {}{name}", a.number),
                )
            }
            Ok(None) => Outcome::Toast(
                ToastKind::Info,
                "nothing to undo: this desk admitted nobody here".into(),
            ),
            Err(e) => Outcome::Toast(ToastKind::Error, format!("undo: {e}")),
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

    fn action(&mut self, _action: Action, _key: KeyEvent, _ctx: &mut Ctx) -> Outcome {
        // Every key goes through `text_key`.
        Outcome::Stay
    }

    fn text_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Option<Outcome> {
        self.tell_wall(ctx);
        Some(match self.stage {
            Stage::Ready => self.desk_key(key, ctx),
            Stage::Choosing { .. } => self.choosing_key(key, ctx),
            Stage::Finding { .. } => match ctx.keys.lookup(Scope::Checkin, &key) {
                Some(Action::Back) => Outcome::Pop { quit: false },
                Some(Action::Help) => Self::help(ctx),
                _ => Outcome::Stay,
            },
        })
    }

    fn scroll(&mut self, delta: isize) {
        if let Some(named) = &mut self.named {
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
            || self.admitting.contains_key(&req)
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
                self.admissions_req = None;
                match result {
                    Ok(list) => {
                        for a in list {
                            self.admissions.entry(a.ticket_id).or_insert(a);
                        }
                    }
                    Err(e) => {
                        self.warning = Some(format!(
                            "desk log unavailable ({e}): admissions kept in memory only"
                        ));
                    }
                }
                Outcome::Stay
            }
            Reply::Admitted(result) => self.admitted(req, result),
            Reply::Unadmitted(result) => self.unadmitted(result),
            Reply::Cached(result) => {
                self.cached_req = None;
                match result {
                    Ok(Some((id, rows, at))) if !self.live => {
                        self.tickets = TicketIndex::of(rows);
                        self.cached_at = Some(at);
                        if id != self.target.event_id {
                            // A main event opened offline: its desk last
                            // checked in edition `id`, and so does this one.
                            return self.retarget_offline(id, ctx);
                        }
                    }
                    Ok(_) => {}
                    Err(e) => self.note = Some(format!("no offline list: {e}")),
                }
                Outcome::Stay
            }
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
            .collect()
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        if !matches!(self.stage, Stage::Ready) {
            return vec![];
        }
        let req = ctx.ids.take();
        self.incoming = Some(TicketIndex::new(req));
        self.tail = None;
        vec![Cmd::LoadList {
            req,
            list: ListQuery::Tickets {
                event_id: self.target.event_id,
            },
        }]
    }

    fn fit(&mut self, _body: Rect) {}

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        view::render(self, frame, area, theme);
    }

    fn tick(&mut self, ctx: &mut Ctx) -> Outcome {
        self.tell_wall(ctx);
        if self.shown.as_ref().is_some_and(|s| {
            s.face == Face::Verdict(Verdict::Valid) && ctx.now.duration_since(s.at) >= VALID_SHOWN
        }) {
            self.shown = None;
        }
        let quiet = self
            .key_times
            .last()
            .is_some_and(|t| ctx.now.duration_since(*t) >= QUIET);
        if matches!(self.stage, Stage::Ready) && !self.input.is_empty() && quiet && self.burst() {
            return Outcome::Run(self.scan(ctx));
        }
        if self.offline.is_some()
            && self.incoming.is_none()
            && self.retry_at.is_some_and(|at| ctx.now >= at)
        {
            self.retry_at = None;
            return Outcome::Run(self.refresh(ctx));
        }
        Outcome::Stay
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
        if !self.live || self.incoming.is_some() {
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
        self.find(&Scan::Id(id)).map(|r| r.number().to_string())
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
