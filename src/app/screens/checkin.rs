//! The check-in desk of one event or edition: one input line that always
//! has the focus (a barcode scanner types into it), a verdict that fills
//! the screen, the last scans and the counters. The door's rules are not
//! here: what a scan is, the verdict, the lists and how far they are read,
//! the admissions known are `crate::door`'s, and every verdict comes from
//! `door::judge` (`admissions`). The desk reads what the door asks for (a
//! list's pages, a ticket by id, the lists kept for other events), records
//! and undoes admissions through `Cmd`s, follows the other lanes
//! (`lanes`), and holds the door: a scan is a burst of keys
//! (`burst::burst_start`) ending in Enter or a quiet gap, judged whatever
//! is open (`keys`); no key leaves it but the leave chord, answered.

mod admissions;
mod big;
mod fresh;
mod keys;
mod lanes;
mod lists;
mod rules;
mod shown;
mod today;
mod undo;
mod view;

pub use shown::{Entry, Face, Named, OrderShown, Panel, Pending, Shown, Waits};
pub use view::{DeskKeys, desk_key};

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::list::ListQuery;
use crate::app::list::rows::{EditionRow, TicketRow};
use crate::app::msg::Reply;
use crate::app::overlays::enroll::EnrollForm;
use crate::app::state::ReqId;
use crate::clock::seconds_before;
use crate::door::{Lane, 
    EditionInfo, Finding, Key, LaneKind, Pass, Target,
    Verdict, age_between,
};
use crate::ui::Theme;

use super::{Component, Ctx, HoldsDoor, Outcome, Write};

/// After each key the desk asks to be told the time again this much later.
pub const WAKE: Duration = Duration::from_millis(120);
/// No key for this long ends a scanner's burst.
pub const QUIET: Duration = Duration::from_millis(100);
/// Offline, the list is read again by itself this often.
pub const RETRY: Duration = Duration::from_secs(20);
/// A tickets list of the desk's own edition, kept for coming back and read
/// whole at most this long ago, is taken as the list shown while the desk
/// reads its own (instead of the offline list): its rows become the door's,
/// and the read writes into them (one list of 100,000 tickets, not three).
pub const KEPT_FRESH: Duration = Duration::from_secs(300);
/// The last scans shown.
pub const LAST_SCANS: usize = 10;
/// The verdicts kept: the last scans and, when held scans are judged
/// together (a page came), each of theirs too — the last ten are shown.
pub const KEPT_VERDICTS: usize = LAST_SCANS + MAX_PENDING;
/// The most other editions whose tickets a desk reads behind its own.
pub const MAX_SIBLINGS: usize = 31;
/// The most scans held at once (waiting for a list, a ticket read by id,
/// the lists kept for other events); the oldest gives way.
pub const MAX_PENDING: usize = 32;

impl Pass for TicketRow {
    fn id(&self) -> u64 {
        self.id
    }
    fn number(&self) -> &str {
        TicketRow::number(self)
    }
    fn status(&self) -> &str {
        TicketRow::status(self)
    }
    fn edition_id(&self) -> Option<u64> {
        self.edition_id
    }
    fn edition(&self) -> &str {
        TicketRow::edition(self)
    }
    fn attendee(&self) -> &str {
        TicketRow::attendee(self)
    }
    fn customer_id(&self) -> Option<u64> {
        self.attendee_id
    }
    fn order(&self) -> &str {
        TicketRow::order(self)
    }
}

/// An edition as the desk reads it from the editions list.
pub fn edition_info(row: &EditionRow) -> EditionInfo {
    EditionInfo::new(row.id, &row.name, row.start.as_deref(), row.end.as_deref())
}

/// Where the desk is before it can scan.
#[derive(Debug, Clone)]
pub enum Stage {
    /// Finding the door: the event or edition asked for, its main event
    /// and their editions (`door::Finding`), read by these requests.
    Finding {
        finding: Finding,
        asked: Vec<(ReqId, crate::door::Need)>,
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

/// The check-in screen state.
#[derive(Debug, Clone)]
pub struct CheckinScreen {
    pub stage: Stage,
    /// The lane this desk is: the door, its rules, lists, admissions.
    pub lane: Lane<TicketRow>,
    /// The input line.
    pub input: String,
    /// When each character of the input was typed.
    key_times: Vec<Instant>,
    /// A Backspace on the empty line, and when: a scanner's DEL if a burst
    /// follows at once.
    stray: Option<Instant>,
    pub shown: Option<Shown>,
    pub named: Option<Named>,
    /// What is open over the verdict.
    pub panel: Option<Panel>,
    /// The last verdicts, newest first (at most [`KEPT_VERDICTS`]; the
    /// first [`LAST_SCANS`] shown).
    pub recent: VecDeque<Entry>,
    /// The scans so far (each scan's number).
    scans: u64,
    /// Scans not judged yet, oldest first.
    pub pending: Vec<Pending>,
    /// A message for the whole room ("SHARED LOG UNREACHABLE"): a banner
    /// above everything, when set.
    pub banner: Option<String>,
    /// The PIN asked for leaving (`[desk] pin_hash`), if any.
    pin_hash: Option<String>,
    /// The desk log could not be read.
    pub warning: Option<String>,
    /// The requests under way.
    inflight: InFlight,
    /// Where the list shown comes from, and its age.
    pub listed: Listed,
    /// A walk-in being enrolled or just admitted.
    pub walk_in: WalkIn,
    /// Following the other lanes sharing the desk log.
    pub following: lanes::Following,
    /// What the desk says besides (today's edition, a new ticket); it
    /// lasts until the next scan.
    pub note: Option<String>,
    /// The wall clock as last told (for the list's age and the counters).
    pub wall: String,
    /// The desk's keys as it writes them.
    pub keys: DeskKeys,
    /// The language the desk speaks (its notes, said as they come).
    pub lang: crate::i18n::Lang,
}

/// The requests under way and what each is for: the desk's I/O, kept apart
/// from what the lane knows.
#[derive(Debug, Clone, Default)]
pub struct InFlight {
    /// The live read of the own list under way.
    pub list: Option<ReqId>,
    /// The scan being judged again after its ticket's read, and whether
    /// that read went unanswered (the verdict is then the list's).
    pub checked: Option<(u64, bool)>,
    /// The reads of the other editions under way, and whose.
    pub siblings: Vec<(ReqId, u64)>,
    /// A read of the list's tail (after a walk-in enroll).
    pub tail: Option<ReqId>,
    /// The door's state being read, and when it was last asked for.
    pub door: Option<ReqId>,
    pub door_read: Option<Instant>,
    /// Exits and re-entries being recorded, by request: the ticket, the
    /// move, and its exit before it (None: it was inside).
    pub moving: HashMap<ReqId, (u64, crate::store::ChangeKind, Option<crate::store::Admission>)>,
    /// Admissions being recorded, by request.
    pub admitting: HashMap<ReqId, u64>,
    pub unadmitting: Option<ReqId>,
    pub admissions: Option<ReqId>,
    pub cached: Option<ReqId>,
}

/// Where the list shown comes from and how old it is.
#[derive(Debug, Clone, Default)]
pub struct Listed {
    /// When the offline list shown was saved.
    pub cached_at: Option<String>,
    /// When the list shown was read (live), for its age once offline.
    pub read_at: Option<String>,
    /// The shown list comes from a live read.
    pub live: bool,
    /// The last live read failed: the offline list is shown.
    pub offline: Option<String>,
    /// Offline: when the list is read again by itself.
    pub retry_at: Option<Instant>,
    /// When the list is read again in the background (online).
    pub reread_at: Option<Instant>,
}

/// A walk-in enrolled at the desk.
#[derive(Debug, Clone, Default)]
pub struct WalkIn {
    /// A walk-in just admitted: Esc declines (undoes it) while its VALID
    /// shows, which is until the next scan.
    pub admitted: Option<u64>,
    /// A walk-in enrolled, its ticket still being read: admitted when it is.
    pub reading: bool,
    /// The walk-in form a scan closed, as it was typed: F2 opens it again.
    pub form: Option<EnrollForm>,
    /// A scan closed it just now (said with that scan).
    pub form_closed: bool,
}

impl CheckinScreen {
    fn new(stage: Stage, target: Target, ctx: &Ctx) -> Self {
        Self {
            keys: DeskKeys::new(ctx.keys, ctx.readonly, ctx.lang.tongue()),
            lang: ctx.lang,
            panel: None,
            recent: VecDeque::new(),
            scans: 0,
            pending: Vec::new(),
            banner: None,
            pin_hash: ctx.desk_rules.pin_hash.clone(),
            stage,
            lane: Lane::new(
                target,
                ctx.desk_rules.scan.clone(),
                ctx.desk,
                if ctx.desk_rules.exit_lane {
                    LaneKind::Exit
                } else {
                    LaneKind::Entry
                },
            ),
            input: String::new(),
            key_times: Vec::new(),
            stray: None,
            shown: None,
            named: None,
            warning: None,
            following: lanes::Following::default(),
            note: None,
            wall: String::new(),
            inflight: InFlight::default(),
            listed: Listed::default(),
            walk_in: WalkIn::default(),
        }
    }

    /// The desk's keys as its bottom line shows them (long, middle, short):
    /// F6 among them while there are conflicts.
    pub fn hints(&self) -> &[String; 3] {
        &self.keys.hints[usize::from(self.following.conflicts_known > 0)]
    }

    /// Opens the desk of event `asked` (id or hash): the door is found
    /// first (the event, its main event, their editions: today's edition).
    pub fn open(ctx: &mut Ctx, asked: &str, title: Option<String>) -> (Self, Vec<Cmd>) {
        let id = asked.trim().parse::<u64>().ok();
        let finding = match (id, &title) {
            (Some(id), Some(title)) => Finding::main_event(id, title),
            _ => Finding::new(asked),
        };
        let target = Target {
            event_id: id.unwrap_or(0),
            title: title.unwrap_or_else(|| {
                ctx.lang
                    .tongue()
                    .ta("desk-event", &[("id", &asked.trim())])
            }),
            parent_id: None,
            editions: Vec::new(),
        };
        let stage = Stage::Finding {
            finding,
            asked: Vec::new(),
            failed: None,
        };
        let mut screen = Self::new(stage, target, ctx);
        let cmds = screen.read_needs(ctx);
        (screen, cmds)
    }

    /// Opens the desk of a known event or edition: the tickets, the desk
    /// log's admissions and the offline list are asked for at once.
    pub fn ready(ctx: &mut Ctx, target: Target) -> (Self, Vec<Cmd>) {
        let mut screen = Self::new(Stage::Ready, target, ctx);
        let cmds = screen.begin(ctx);
        (screen, cmds)
    }

    /// The rows of the tickets list of this desk's edition kept for coming
    /// back, read whole at most [`KEPT_FRESH`] ago, and how long ago: kept
    /// under the edition, or under its main event when every row names the
    /// edition (the API gives a main event's first available edition).
    fn take_kept(&self, ctx: &mut Ctx) -> Option<(Vec<TicketRow>, Duration)> {
        let (event_id, now) = (self.lane.target.event_id, ctx.now);
        let (list, age) = ctx
            .kept
            .tickets
            .take_fresh(event_id, now, KEPT_FRESH, |_| true)
            .or_else(|| {
                let parent = self.lane.target.parent_id?;
                ctx.kept.tickets.take_fresh(parent, now, KEPT_FRESH, |l| {
                    let rows = l.list.rows();
                    !rows.is_empty() && rows.iter().all(|r| r.edition_id == Some(event_id))
                })
            })?;
        Some((list.list.into_rows(), age))
    }

    /// Starts scanning `self.lane.target`.
    fn begin(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        self.stage = Stage::Ready;
        // The desk holds its own list (up to 100,000 tickets and their
        // index): the lists kept for coming back to let go, so the TUI
        // stays within its memory (they are read again when reopened).
        // Its own edition's list read whole just before is taken instead,
        // shown as an offline list is while it is read again
        // ([`KEPT_FRESH`]).
        let kept = self.take_kept(ctx);
        ctx.kept.tickets.clear();
        let event_id = self.lane.target.event_id;
        let (list, admissions) = (ctx.ids.take(), ctx.ids.take());
        self.inflight.list = Some(list);
        self.lane.lists.begin_read();
        self.inflight.admissions = Some(admissions);
        let mut cmds = vec![
            Cmd::LoadList {
                req: list,
                list: ListQuery::Tickets { event_id },
            },
            Cmd::LoadAdmissions {
                req: admissions,
                event_id,
            },
        ];
        if let Some((rows, age)) = kept {
            self.lane.lists.offline(rows);
            self.listed.cached_at = Some(seconds_before(ctx.wall, age.as_secs()));
        } else {
            let cached = ctx.ids.take();
            self.inflight.cached = Some(cached);
            cmds.push(Cmd::LoadCached {
                req: cached,
                event_id,
            });
        }
        cmds.extend(self.read_siblings(ctx));
        cmds.extend(self.read_door(ctx));
        cmds
    }

    /// Reads the tickets of the main event's other editions (at most
    /// [`MAX_SIBLINGS`] of them, the nearest days first).
    fn read_siblings(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let ids = self.lane.target.siblings(ctx.wall, MAX_SIBLINGS);
        self.lane.lists.begin_siblings(&ids);
        self.inflight.siblings = ids.iter().map(|&id| (ctx.ids.take(), id)).collect();
        self.inflight.siblings
            .iter()
            .map(|&(req, event_id)| Cmd::LoadList {
                req,
                list: ListQuery::Tickets { event_id },
            })
            .collect()
    }

    /// The ticket of id `id` in the desk's lists, or read by id for a
    /// scan (a forced or an order's ticket may be one), if there.
    pub fn row(&self, id: u64) -> Option<&TicketRow> {
        self.lane.lists.ticket(id).or_else(|| {
            match self.lane.lists.find(&Key::Id(id))? {
                crate::door::lists::Found::Read(t, ..) => Some(t),
                _ => None,
            }
        })
    }

    /// Admitted, valid (confirmed) and total tickets, and admissions in the
    /// five minutes before `wall`: all from what the desk knows.
    pub fn counters(&self, wall: &str) -> (usize, usize, usize, usize) {
        let recent = self.lane.admissions.since(&seconds_before(wall, 300));
        let list = &self.lane.lists.shown;
        (self.lane.admissions.len(), list.confirmed(), list.len(), recent)
    }

    fn tell_wall(&mut self, ctx: &Ctx) {
        if self.wall != ctx.wall {
            self.wall = ctx.wall.to_string();
        }
    }

    /// The list's age as the status says it once offline: from when it
    /// was read, or saved as the offline list.
    pub fn list_age(&self) -> Option<String> {
        let at = self.listed.read_at.as_deref().or(self.listed.cached_at.as_deref())?;
        age_between(at, &self.wall)
    }

    /// A key the scan names, for finding its row (`ticket_number`).
    fn find_id(&self, id: u64) -> Option<&TicketRow> {
        match self.lane.lists.find(&Key::Id(id))? {
            crate::door::lists::Found::Own(t)
            | crate::door::lists::Found::Sibling(t, _)
            | crate::door::lists::Found::Read(t, ..) => Some(t),
            crate::door::lists::Found::Elsewhere(e) => Some(&e.ticket),
        }
    }
}

impl Component for CheckinScreen {
    fn scope(&self) -> Scope {
        Scope::Checkin
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        t.ta("desk-crumb", &[("title", &self.lane.target.title)])
    }

    fn door(&self) -> Option<&dyn HoldsDoor> {
        Some(self)
    }

    fn door_mut(&mut self) -> Option<&mut dyn HoldsDoor> {
        Some(self)
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
            Stage::Finding { asked, .. } => asked.iter().any(|(r, _)| *r == req),
            _ => false,
        };
        finding
            || self.inflight.list == Some(req)
            || self.inflight.siblings.iter().any(|(r, _)| *r == req)
            || self.inflight.tail == Some(req)
            || self.inflight.admissions == Some(req)
            || self.inflight.cached == Some(req)
            || self.inflight.unadmitting == Some(req)
            || self.pending.iter().any(|p| {
                matches!(p.waits, Waits::Read(r, _) | Waits::Elsewhere(r, _) | Waits::Check(r, ..) if r == req)
            })
            || self.inflight.admitting.contains_key(&req)
            || self.inflight.moving.contains_key(&req)
            || self.inflight.door == Some(req)
            || self.following.req == Some(req)
            || self.following.conflicts_req == Some(req)
    }

    fn reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        self.tell_wall(ctx);
        if matches!(self.stage, Stage::Finding { .. }) {
            return self.finding_reply(req, reply, ctx);
        }
        match reply {
            Reply::Page(page) => self.page(req, page, ctx),
            Reply::Ticket(result) => self.ticket_read(req, result, ctx),
            Reply::Checked { checked, took } => self.checked(req, checked, took, ctx),
            Reply::Admissions(result) => {
                self.loaded(result);
                Outcome::Run(self.follow(None, ctx))
            }
            Reply::Followed(result) => self.followed(req, result, ctx),
            Reply::Door(result) => self.door_reply(req, result, ctx),
            Reply::Conflicts(result) => self.conflicts_read(req, result),
            Reply::Admitted(result) => self.admitted(req, result, ctx),
            Reply::Unadmitted(result) => self.unadmitted(result, ctx),
            Reply::Cached(result) => self.cached(result, ctx),
            Reply::FoundNumber(result) => self.found_elsewhere(req, result, ctx),
            _ => Outcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        let finding: Vec<ReqId> = match &self.stage {
            Stage::Finding { asked, .. } => asked.iter().map(|(r, _)| *r).collect(),
            _ => Vec::new(),
        };
        self.inflight.list
            .into_iter()
            .chain(self.inflight.tail)
            .chain(finding)
            .chain(self.inflight.siblings.iter().map(|(r, _)| *r))
            .chain(self.following.req)
            .collect()
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        if !matches!(self.stage, Stage::Ready) {
            return vec![];
        }
        let req = ctx.ids.take();
        self.inflight.list = Some(req);
        self.lane.lists.begin_read();
        self.inflight.tail = None;
        let mut cmds = vec![Cmd::LoadList {
            req,
            list: ListQuery::Tickets {
                event_id: self.lane.target.event_id,
            },
        }];
        // Following the other lanes goes on (cancelled with what streams).
        if let Some(old) = self.following.req.take() {
            cmds.push(Cmd::Cancel { req: old });
            cmds.extend(self.follow(self.following.cursor.clone(), ctx));
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
        // A walk-in's VALID stays until the next scan (Esc declines it).
        if self.walk_in.admitted.is_none()
            && self.shown.as_ref().is_some_and(|s| {
                // A note or the rest of an order waits for Enter.
                s.face == Face::Verdict(Verdict::Valid)
                    && s.flag.is_none()
                    && s.order.is_none()
                    && ctx.now.duration_since(s.at) >= verdict
            })
        {
            // Back to "ready". A tick is not drawn unless it says so.
            self.shown = None;
            cmds.push(Cmd::Redraw);
        }
        let quiet = self
            .key_times
            .last()
            .is_some_and(|t| ctx.now.duration_since(*t) >= QUIET);
        if quiet && crate::app::burst::burst_start(&self.key_times).is_some() {
            // A scanner that sends no Enter: its burst ended (and is drawn).
            cmds.push(Cmd::Redraw);
            return match self.enter(ctx, false) {
                Outcome::Stay => Outcome::Run(cmds),
                Outcome::Run(more) => Outcome::Run(more.into_iter().chain(cmds).collect()),
                other => other,
            };
        }
        if self.listed.offline.is_some()
            && self.inflight.list.is_none()
            && self.listed.retry_at.is_some_and(|at| ctx.now >= at)
        {
            self.listed.retry_at = None;
            cmds.extend(self.refresh(ctx));
        }
        if self.listed.offline.is_none()
            && self.inflight.list.is_none()
            && self.listed.reread_at.is_some_and(|at| ctx.now >= at)
        {
            cmds.extend(self.reread(ctx));
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
            || event_id.is_some_and(|id| id != self.lane.target.event_id)
        {
            return vec![];
        }
        // A walk-in enrolled at this desk is admitted once their ticket
        // is read (`tail_page`); the form sent is done with.
        self.walk_in.reading = event_id.is_some();
        self.walk_in.form = None;
        if !self.listed.live || self.inflight.list.is_some() {
            self.walk_in.reading = false;
            return self.refresh(ctx);
        }
        let req = ctx.ids.take();
        self.inflight.tail = Some(req);
        vec![Cmd::LoadTail {
            req,
            list: ListQuery::Tickets {
                event_id: self.lane.target.event_id,
            },
            from: self.lane.lists.shown.pages.max(1),
        }]
    }

    fn ticket_number(&self, id: u64) -> Option<String> {
        self.find_id(id).map(|r| r.number().to_string())
    }
}

impl HoldsDoor for CheckinScreen {
    fn status_keys(&self, keys: &crate::app::keymap::Keymap) -> Option<String> {
        let key = |action| desk_key(keys, action);
        let keys = self.lang.tongue().ta(
            "status-keys",
            &[("help", &key(Action::Help)), ("leave", &key(Action::Leave))],
        );
        Some(format!("{keys} "))
    }

    fn already_enrolled(&mut self, who: &str, ctx: &mut Ctx) -> Option<Vec<Cmd>> {
        Some(CheckinScreen::already_enrolled(self, who, ctx))
    }

    fn burst_closed(&mut self, overlay: crate::app::overlays::Overlay) {
        // The walk-in form as typed before the scan: F2 brings it back.
        if let crate::app::overlays::Overlay::Enroll(form) = overlay {
            self.walk_in.form = Some(form);
            self.walk_in.form_closed = true;
        }
    }

    fn status_note(&self) -> Option<String> {
        let t = self.lang.tongue();
        if self.listed.offline.is_none()
            && let Some(since) = &self.lane.fresh.down_since
        {
            return Some(t.ta(
                "status-api-down",
                &[("time", &crate::door::clock_time(since))],
            ));
        }
        self.listed.offline.as_ref()?;
        let age = match (self.list_age(), self.lane.lists.shown.is_empty()) {
            (Some(a), _) => t.ta("status-list-age", &[("age", &crate::i18n::relative(t, &a))]),
            (None, true) => t.t("status-no-list"),
            (None, false) => t.t("status-list-unknown-age"),
        };
        Some(t.ta("status-offline", &[("age", &age)]))
    }
}
