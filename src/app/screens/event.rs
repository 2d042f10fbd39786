//! One event: its facts and its editions.

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use serde_json::Value;

use crate::api::model::{Event, Loose, lenient};
use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::layout::{below, line};
use crate::app::list::{Col, ListQuery, ListView, TableSpec, rows_height};
use crate::app::msg::Reply;
use crate::app::state::{Remote, ReqId, ToastKind, retry_hint};
use crate::ui::Theme;
use crate::ui::table::{self, Cell, Column, fit_line};
use crate::ui::widgets::flow;

use super::component::{Component, Outcome, Write};
use super::listing::read_again;
use super::shared::{enroll_overlay, toast};
use crate::app::ctx::Ctx;
use crate::app::target::Target;
use crate::app::list::rows::format::{
    count, dates, or_dash, sold, state, today_or_next, when_word,
};
use crate::app::list::rows::{EditionRow, TicketScope};

/// Lines the facts take above the editions table.
const FACTS: u16 = 8;
/// Lines kept for the editions on a short terminal: their title line, the
/// table's header and three rows. The facts give way first.
const MIN_EDITIONS: u16 = 5;

/// Lines the facts take in a body this tall.
fn facts_height(body: Rect) -> u16 {
    FACTS.min(body.height.saturating_sub(MIN_EDITIONS))
}

/// The editions table's columns ("when" sorts by the dates).
const COLUMNS: [Col<EditionRow>; 7] = [
    Col::new(Column::grow("edition", 16, 0), &EditionRow::NAME),
    Col::new(Column::fixed("dates", 10, 1), &EditionRow::DATES),
    Col::new(Column::fixed("when", 4, 2), &EditionRow::DATES),
    Col::new(Column::fixed("time", 11, 3), &EditionRow::TIME),
    Col::new(Column::fixed("sold/stock", 10, 1).right(), &EditionRow::SOLD),
    Col::new(Column::fixed("open/pend/canc", 14, 4).right(), &EditionRow::OTHERS),
    Col::new(Column::fixed("state", 5, 2), &EditionRow::STATE),
];

/// The cells of an edition's row, its "when" against `today`, its words
/// in `t`'s language.
fn cells(row: &EditionRow, now: &str, t: &crate::i18n::Tongue) -> Vec<Cell> {
    vec![
        Cell::new(row.name.clone()),
        Cell::new(row.dates.clone()),
        Cell::new(t.word(when_word(row.when(now)))),
        Cell::new(row.time.clone()),
        Cell::new(t.unlimited_in(&row.sold)),
        Cell::new(row.others.clone()),
        Cell::new(t.word(&row.state)),
    ]
}

/// The event screen state.
#[derive(Debug, Clone)]
pub struct EventScreen {
    /// What was asked for (id or hash), for the title until the event is in.
    pub asked: String,
    pub title: String,
    pub event_req: ReqId,
    pub event: Remote<(Event, Value)>,
    pub editions: ListView<EditionRow>,
    /// The wall clock (UTC "YYYY-MM-DD HH:MM:SS"; empty until told), for
    /// the marks: past / today / upcoming by day, past once an edition ended.
    pub now: String,
    /// The user moved the selection: it is no longer put on today's edition.
    pub moved: bool,
    /// An edition's id was asked for (`:event 1002`): the screen shows its
    /// parent event with this edition selected.
    pub focus: Option<u64>,
}

impl EventScreen {
    /// Opens an event by its numeric id: the event and its editions at once.
    pub fn open_id(ctx: &mut Ctx, id: u64, title: String) -> (Self, Vec<Cmd>) {
        let event_req = ctx.ids.take();
        let editions_req = ctx.ids.take();
        (
            Self::opening(ctx, id.to_string(), title, event_req, editions_req),
            vec![
                Cmd::LoadEvent {
                    req: event_req,
                    id: id.to_string(),
                },
                Cmd::LoadList {
                    req: editions_req,
                    list: ListQuery::Editions { event_id: id },
                },
            ],
        )
    }

    /// Opens an event by id or hash: the editions follow once its id is known.
    pub fn open_any(ctx: &mut Ctx, asked: &str) -> (Self, Vec<Cmd>) {
        if let Ok(id) = asked.parse::<u64>() {
            return Self::open_id(ctx, id, asked.to_string());
        }
        let event_req = ctx.ids.take();
        (
            Self::opening(ctx, asked.to_string(), asked.to_string(), event_req, 0),
            vec![Cmd::LoadEvent {
                req: event_req,
                id: asked.to_string(),
            }],
        )
    }

    /// The screen while its event is read under `event_req` and its
    /// editions listed under `editions_req` (0: not asked yet).
    fn opening(
        ctx: &Ctx,
        asked: String,
        title: String,
        event_req: ReqId,
        editions_req: ReqId,
    ) -> Self {
        let mut editions = ListView::new(editions_req, &COLUMNS);
        editions.set_height(rows_height(table_area(ctx.body)));
        Self {
            asked,
            title,
            event_req,
            event: Remote::Loading,
            editions,
            now: ctx.wall.to_string(),
            moved: false,
            focus: None,
        }
    }

    pub fn event_id(&self) -> Option<u64> {
        self.event
            .loaded()
            .map(|(e, _)| e.id)
            .or_else(|| self.asked.parse().ok())
    }

    /// Until the user moves: the selection on the edition asked for, else
    /// on today's edition, else the next one to come (else where it is).
    pub fn select_today(&mut self) {
        if let Some(id) = self.focus.filter(|_| !self.moved) {
            if let Some(pos) = (0..self.editions.visible_len())
                .find(|&i| self.editions.visible_row(i).is_some_and(|r| r.id == id))
            {
                self.editions.select(pos);
            }
            return;
        }
        if self.moved || self.now.is_empty() {
            return;
        }
        let at = today_or_next(self.editions.visible_len(), |i| {
            self.editions
                .visible_row(i)
                .and_then(|r| r.when(&self.now))
        });
        if let Some(pos) = at {
            self.editions.select(pos);
        }
    }

    pub fn selected_edition(&self) -> Option<&EditionRow> {
        self.editions.selected()
    }

    /// Where enroll goes from here: the selected edition (named with its
    /// dates, so a past one is recognisable), or the event itself when it
    /// has no editions. The main event is enrolled into from the events list
    /// or from its tickets (`t`).
    pub fn enroll_target(&self) -> Option<(u64, String)> {
        if let Some(ed) = self.selected_edition() {
            let when = ed
                .start
                .as_deref()
                .map(|d| format!(", {d}"))
                .unwrap_or_default();
            return Some((ed.id, format!("{} — {}{when}", self.title, ed.name)));
        }
        if !self.editions.list.is_empty() {
            return None;
        }
        self.event_id().map(|id| (id, self.title.clone()))
    }

    /// Tickets of the selected edition (`edition: true`) or of the main
    /// event (its title in `t`'s language).
    fn open_tickets(&self, edition: bool, t: &crate::i18n::Tongue) -> Outcome {
        let scope = if edition {
            let Some(ed) = self.selected_edition() else {
                return Outcome::Stay;
            };
            TicketScope {
                event_id: ed.id,
                title: ed.name.clone(),
                edition: true,
                ends: ed.last(),
            }
        } else {
            let Some(id) = self.event_id() else {
                return Outcome::Stay;
            };
            TicketScope {
                event_id: id,
                title: t.ta("event-main-tickets", &[("title", &self.title)]),
                edition: false,
                ends: None,
            }
        };
        Outcome::Open(Target::Tickets(scope))
    }

    /// `c`: the desk of the selected edition, else of the main event
    /// (today's edition is found).
    fn open_desk(&self) -> Outcome {
        match (self.selected_edition(), self.event_id()) {
            (Some(ed), parent) => Outcome::Open(Target::CheckinEdition {
                edition_id: ed.id,
                title: format!("{} — {}", self.title, ed.name),
                parent_id: parent,
                editions: self.editions.list.rows().to_vec(),
            }),
            (None, Some(id)) => Outcome::Open(Target::Checkin {
                asked: id.to_string(),
                title: Some(self.title.clone()),
            }),
            (None, None) => Outcome::Stay,
        }
    }

    /// The parent event of `e` when `e` is an edition opened by its own id
    /// (once: the parent itself is then shown).
    fn parent_of(&self, e: &Event, raw: &Value) -> Option<u64> {
        if self.focus.is_some() || e.is_variant != Some(true) {
            return None;
        }
        let parent = lenient::whole(raw.get("parent_id")?)?;
        (parent != e.id).then_some(parent)
    }

    fn event_reply(
        &mut self,
        result: Result<(Event, Value), crate::api::ApiError>,
        ctx: &mut Ctx,
    ) -> Outcome {
        match result {
            Ok((e, raw)) => {
                if let Some(parent) = self.parent_of(&e, &raw) {
                    // An edition: show it within its event.
                    self.focus = Some(e.id);
                    self.asked = parent.to_string();
                    self.event_req = ctx.ids.take();
                    let req = ctx.ids.take();
                    self.editions.reload(req);
                    return Outcome::Run(vec![
                        Cmd::LoadEvent {
                            req: self.event_req,
                            id: parent.to_string(),
                        },
                        Cmd::LoadList {
                            req,
                            list: ListQuery::Editions { event_id: parent },
                        },
                    ]);
                }
                if let Some(name) = &e.name {
                    self.title.clone_from(name);
                }
                let id = e.id;
                self.event = Remote::Loaded((e, raw));
                if self.editions.list.req == 0 {
                    // Opened by hash: now the id is known.
                    let req = ctx.ids.take();
                    self.editions.list.restart(req);
                    return Outcome::Run(vec![Cmd::LoadList {
                        req,
                        list: ListQuery::Editions { event_id: id },
                    }]);
                }
                Outcome::Stay
            }
            Err(e) => {
                let t = ctx.lang.tongue();
                let text = t.ta(
                    "detail-failed-toast",
                    &[("noun", &t.record_noun("event")), ("error", &t.api_error(&e))],
                );
                if self.editions.list.req == 0 {
                    self.editions.fail(0, e.clone());
                }
                if self.event.loaded().is_none() {
                    self.event = Remote::Failed(e);
                }
                Outcome::Toast(ToastKind::Error, text)
            }
        }
    }
}

/// Where the editions table goes in the body.
fn table_area(body: Rect) -> Rect {
    below(body, facts_height(body) + 1)
}

impl Component for EventScreen {
    fn scope(&self) -> Scope {
        Scope::Event
    }

    fn crumb(&self, _: &crate::i18n::Tongue) -> String {
        self.title.clone()
    }

    fn action(&mut self, action: Action, _key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        if let Some(step) = action.step() {
            self.editions.step(step);
            self.moved = true;
            return Outcome::Stay;
        }
        match action {
            Action::Back => Outcome::Pop { quit: false },
            Action::Open => self.open_tickets(true, ctx.lang.tongue()),
            Action::MainTickets => self.open_tickets(false, ctx.lang.tongue()),
            Action::Enroll | Action::EnrollCustomer => {
                // Refused before anything is typed, by the rule the send
                // asks again (`settle::before`).
                if let Some(ed) = self.selected_edition()
                    && let Some(when) = ed.ended(ctx.wall)
                {
                    let t = ctx.lang.tongue();
                    return Outcome::Toast(
                        ToastKind::Error,
                        t.ta(
                            "toast-edition-ended",
                            &[("name", &ed.name), ("when", &t.last_moment(when))],
                        ),
                    );
                }
                match self.enroll_target() {
                    Some((id, target)) => enroll_overlay(action, id, target, ctx),
                    None => Outcome::Stay,
                }
            }
            Action::CheckIn => self.open_desk(),
            _ => Outcome::Stay,
        }
    }

    fn scroll(&mut self, delta: isize) {
        self.editions.scroll(delta);
        self.moved = true;
    }

    fn selected_line(&self, body: Rect) -> Option<u16> {
        self.editions.selected_line(table_area(body))
    }

    fn click(&mut self, y: u16, body: Rect) {
        self.editions.click_in(y, table_area(body));
        self.moved = true;
    }

    fn tick(&mut self, ctx: &mut Ctx) -> Outcome {
        // The whole time, not only the day: a session of today that ends
        // while the screen is open turns past.
        if ctx.wall != self.now {
            ctx.wall.clone_into(&mut self.now);
        }
        Outcome::Stay
    }

    fn owns(&self, req: ReqId) -> bool {
        self.event_req == req || self.editions.owns(req)
    }

    fn reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        match reply {
            Reply::Event(result) if req == self.event_req => self.event_reply(result, ctx),
            Reply::Page(page) if self.editions.owns(req) => {
                let outcome = toast(
                    self.editions
                        .reply(req, page, ("editions", ctx.lang.tongue())),
                );
                self.select_today();
                outcome
            }
            _ => Outcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        self.editions.streaming()
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let id = self
            .event
            .loaded()
            .map_or_else(|| self.asked.clone(), |(e, _)| e.id.to_string());
        self.event_req = ctx.ids.take();
        let mut cmds = vec![Cmd::LoadEvent {
            req: self.event_req,
            id: id.clone(),
        }];
        if let Ok(event_id) = id.parse::<u64>() {
            let editions = ListQuery::Editions { event_id };
            cmds.extend(read_again(&mut self.editions, editions, ctx));
        }
        cmds
    }

    fn fit(&mut self, body: Rect) {
        self.editions.set_height(rows_height(table_area(body)));
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        let facts = Rect {
            height: facts_height(area),
            ..area
        };
        let mut lines = fact_lines(self, theme, area.width);
        if lines.len() > usize::from(facts.height) {
            // The facts that do not fit give way to a `…`, never silently.
            lines.truncate(usize::from(facts.height).saturating_sub(1));
            lines.push(Line::styled("…", theme.muted()));
        }
        frame.render_widget(Paragraph::new(lines), facts);
        let table = table_area(area);
        if table.y > area.y {
            let t = theme.tongue();
            let n = self.editions.list.len();
            let title = Line::from(vec![
                Span::styled(t.ta("event-editions", &[("count", &n)]), theme.header()),
                Span::styled(format!("  {}", t.t("event-editions-keys")), theme.muted()),
            ]);
            frame.render_widget(
                fit_line(title, usize::from(area.width)),
                line(area, facts_height(area)),
            );
        }
        self.editions.render_table(
            frame,
            table,
            theme,
            &TableSpec {
                noun: "editions",
                empty: &theme.tongue().t("empty-editions"),
            },
            |r| cells(r, &self.now, theme.tongue()),
        );
    }

    fn after_write(&mut self, _write: Write, ctx: &mut Ctx) -> Vec<Cmd> {
        // Counters changed.
        self.refresh(ctx)
    }
}

fn fact_lines(st: &EventScreen, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let t = theme.tongue();
    let noun = t.record_noun("event");
    let e = match &st.event {
        Remote::Loading => {
            return vec![Line::styled(
                t.ta("detail-loading", &[("noun", &noun), ("label", &st.asked)]),
                theme.muted(),
            )];
        }
        Remote::Failed(e) => {
            let hint = if retry_hint(e).is_empty() {
                String::new()
            } else {
                t.t("list-retries")
            };
            return vec![Line::styled(
                t.ta(
                    "detail-failed",
                    &[
                        ("noun", &noun),
                        ("id", &format!("{}{hint}", st.asked)),
                        ("error", &t.api_error(e)),
                    ],
                ),
                theme.error(),
            )];
        }
        Remote::Loaded((e, _)) => e,
    };
    let field = |name: &str, value: String| {
        Line::from(vec![
            Span::styled(format!("{:>9} ", t.label(name)), theme.muted()),
            Span::raw(t.grouped(&t.dates_in(&value))),
        ])
    };
    let c = &e.counters;
    let mut lines = vec![
        Line::from(vec![
            Span::styled(e.name.clone().unwrap_or_default(), theme.title()),
            Span::styled(
                format!("  #{} · {}", e.id, or_dash(e.hash.as_ref())),
                theme.muted(),
            ),
        ]),
        field(
            "dates",
            format!(
                "{}   {}–{}   {}",
                dates(e.start_date.as_deref(), e.end_date.as_deref()),
                or_dash(e.from_time.as_ref()),
                or_dash(e.to_time.as_ref()),
                or_dash(e.timezone.as_ref()),
            ),
        ),
        field(
            "location",
            format!(
                "{}{}",
                or_dash(e.location_type.as_ref()),
                e.location
                    .as_ref()
                    .and_then(location_text)
                    .map(|l| format!(" · {l}"))
                    .unwrap_or_default()
            ),
        ),
        field(
            "price",
            format!(
                "{} {}",
                e.price.as_ref().map_or("–", |p| p.0.as_str()),
                or_dash(e.currency.as_ref())
            ),
        ),
    ];
    // Counters flow onto more lines rather than be cut: full words when
    // they fit on one line, short ones when that makes them fit, else as
    // many lines as they need.
    let room = usize::from(width).saturating_sub(10);
    let mut flowed = |name: &str, long: Vec<String>, short: Vec<String>| {
        let parts = if table::width(&long.join(" · ")) <= room {
            long
        } else {
            short
        };
        for (i, text) in flow(&parts, " · ", room).into_iter().enumerate() {
            lines.push(field(if i == 0 { name } else { "" }, text));
        }
    };
    let tickets = |words: [String; 5]| -> Vec<String> {
        [
            c.tickets_confirmed,
            c.tickets_open,
            c.tickets_pending,
            c.tickets_cancelled,
            c.total_tickets,
        ]
        .iter()
        .zip(words)
        .map(|(n, w)| format!("{} {w}", count(*n)))
        .collect()
    };
    let words = |ids: [&str; 5]| ids.map(|id| t.t(id));
    flowed(
        "tickets",
        tickets(words([
            "tally-confirmed",
            "tally-open",
            "tally-pending",
            "tally-cancelled",
            "tally-total",
        ])),
        tickets(words([
            "tally-confirmed-short",
            "tally-open-short",
            "tally-pending-short",
            "tally-cancelled-short",
            "tally-total-short",
        ])),
    );
    let available = if e.capacity == Loose::Unset && c.stock_onhand.is_none_or(|o| o.0 == 0) {
        t.t("stock-unlimited")
    } else {
        count(c.stock_available)
    };
    let stock = vec![
        t.unlimited_in(&sold(c, &e.capacity)),
        t.ta("tally-available", &[("count", &available)]),
        t.ta(
            "tally-committed",
            &[("count", &count(c.stock_committed))],
        ),
    ];
    flowed("stock", stock.clone(), stock);
    lines.push(field("state", t.word(&state(e.published, e.active))));
    lines
        .into_iter()
        .map(|l| fit_line(l, usize::from(width)))
        .collect()
}

/// A location object in a few words (its inner fields are not in the spec).
fn location_text(v: &Value) -> Option<String> {
    let obj = v.as_object()?;
    let parts: Vec<String> = ["name", "address", "city", "country", "url"]
        .iter()
        .filter_map(|k| obj.get(*k).and_then(Value::as_str))
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}
