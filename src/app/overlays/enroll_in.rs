//! Enroll one customer in an event (from the customer's screen): pick an
//! event from all event pages (type to filter), then one of its editions —
//! or the event itself when it has none — confirm, send once.
//!
//! Both lists mark past / today / upcoming as the Events and Event screens
//! do, show what has ended dimmed, and refuse it on `Enter` with the reason,
//! before any confirmation. The editions open on today's edition, else the
//! next (as the Event screen does), until the user moves.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::layout::{Layout, line};
use crate::app::list::rows::format::{When, today_or_next, when_word};
use crate::app::list::rows::{EditionRow, EventRow};
use crate::app::list::{Col, ListQuery, ListRow, ListView, TableSpec, rows_height};
use crate::app::msg::Reply;
use crate::app::state::{Progress, ReqId, Step, ToastKind};
use crate::ui::table::{Cell, Column, fit_line, truncate};
use crate::ui::{Theme, widgets};

use super::{OverlayComponent, OverlayOutcome, Sent};

/// What the enroll goes into: an edition, or the event itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The id sent: the edition's, or the event's when it has no editions.
    pub id: u64,
    /// The event's name.
    pub event: String,
    /// The edition's name and first day ("Day 1 · 2026-12-01", as a search
    /// names an edition), or "the event itself".
    pub edition: String,
    /// The edition's dates, times and where it stands ("2026-12-01 ·
    /// 09:00–18:00 · today"), to tell editions of one day apart (empty for the
    /// event itself).
    pub detail: String,
}

impl Target {
    /// "Rust Belt Conference 2026 · Day 1 · 2026-12-01".
    pub fn label(&self) -> String {
        format!("{} · {}", self.event, self.edition)
    }

    /// The label as the staff reads it: "the event itself" in their language.
    pub fn label_in(&self, tongue: &crate::i18n::Tongue) -> String {
        if self.edition == ITSELF {
            format!("{} · {}", self.event, tongue.t("picker-itself"))
        } else {
            self.label()
        }
    }
}

/// Where the overlay is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    /// Picking an event.
    Events,
    /// Picking one of the chosen event's editions.
    Editions,
    /// "Enroll … in …?"
    Confirm(Target),
    /// Sent; waiting for `req`.
    Sending(ReqId, Target),
}

/// The editions of the event picked in stage 1.
#[derive(Debug, Clone)]
pub struct Editions {
    pub event: EventRow,
    pub list: ListView<EditionRow>,
    /// The user moved: the selection no longer follows today's edition as
    /// pages arrive.
    pub moved: bool,
}

/// The "enroll this customer in an event" overlay.
#[derive(Debug, Clone)]
pub struct EnrollIn {
    pub customer_id: u64,
    /// The customer as the user knows them: "Ana Pérez <ana@example.com>".
    pub who: String,
    pub events: ListView<EventRow>,
    /// Set once an event is picked; dropped (its read cancelled) on going back.
    pub editions: Option<Editions>,
    pub stage: Stage,
    /// The API's message and code after a failed send, or why the picked
    /// event or edition cannot be enrolled in (it has ended).
    pub error: Option<String>,
    /// That send was refused: the same one is not offered again.
    pub refused: bool,
    /// The wall clock (UTC "YYYY-MM-DD HH:MM:SS"; empty: not known yet),
    /// for past / today / upcoming by day, past once an edition ended.
    pub now: String,
    /// The language of what it tells (its answers come without the context).
    pub lang: crate::i18n::Lang,
}

/// The picker's view of the events ("when" sorts by the dates).
const EVENT_COLUMNS: [Col<EventRow>; 4] = [
    Col::new(Column::grow("event", 16, 0), &EventRow::NAME),
    Col::new(Column::fixed("dates", 10, 1), &EventRow::DATES),
    Col::new(Column::fixed("when", 4, 1), &EventRow::DATES),
    Col::new(Column::fixed("state", 5, 2), &EventRow::STATE),
];

/// The picker's view of an event's editions.
const EDITION_COLUMNS: [Col<EditionRow>; 5] = [
    Col::new(Column::grow("edition", 12, 0), &EditionRow::NAME),
    Col::new(Column::fixed("dates", 10, 1), &EditionRow::DATES),
    Col::new(Column::fixed("when", 4, 1), &EditionRow::DATES),
    Col::new(Column::fixed("time", 11, 3), &EditionRow::TIME),
    Col::new(Column::fixed("state", 5, 2), &EditionRow::STATE),
];

/// What the target is called when the event has no editions.
pub const ITSELF: &str = "the event itself";

impl EnrollIn {
    /// The overlay for `customer_id` and the command that streams the events into it.
    pub fn open(ctx: &mut Ctx, customer_id: u64, who: String, layout: &Layout) -> (Self, Cmd) {
        let req = ctx.ids.take();
        let mut events = ListView::new(req, &EVENT_COLUMNS);
        // The filter line always has the keys here.
        events.filtering = true;
        events.set_height(list_height(layout));
        (
            Self {
                customer_id,
                who,
                events,
                editions: None,
                stage: Stage::Events,
                error: None,
                refused: false,
                now: ctx.wall.to_string(),
                lang: ctx.lang,
            },
            Cmd::LoadList {
                req,
                list: ListQuery::Events,
            },
        )
    }

    /// The e-mail inside "Name <e-mail>", or `who` as given.
    pub fn email(&self) -> &str {
        self.who
            .rsplit_once('<')
            .and_then(|(_, rest)| rest.strip_suffix('>'))
            .filter(|e| !e.is_empty())
            .unwrap_or(&self.who)
    }

    /// What is being confirmed or sent.
    pub fn target(&self) -> Option<&Target> {
        match &self.stage {
            Stage::Confirm(t) | Stage::Sending(_, t) => Some(t),
            Stage::Events | Stage::Editions => None,
        }
    }

    /// Where the selected edition opens: on today's, else the next, until
    /// the user moves.
    fn select_today(&mut self) {
        let Some(eds) = self.editions.as_mut().filter(|e| !e.moved) else {
            return;
        };
        let at = today_or_next(eds.list.visible_len(), |i| {
            eds.list.visible_row(i).and_then(|r| r.when(&self.now))
        });
        if let Some(pos) = at {
            eds.list.select(pos);
        }
    }

    fn events_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        ctx.wall.clone_into(&mut self.now);
        match key.code {
            // The events still streaming are cancelled by the app.
            KeyCode::Esc => return OverlayOutcome::Close(vec![]),
            KeyCode::Enter => {
                if let Some(event) = self.events.selected().cloned() {
                    if event.when(&self.now) == Some(When::Past) {
                        // The reason first: on a narrow terminal the rest is cut.
                        self.error = Some(
                            ctx.lang
                                .tongue()
                                .ta("picker-event-ended", &[("dates", &event.dates)]),
                        );
                        return OverlayOutcome::Stay;
                    }
                    self.error = None;
                    let req = ctx.ids.take();
                    let mut list = ListView::new(req, &EDITION_COLUMNS);
                    list.set_height(self.events.height());
                    let event_id = event.id;
                    self.editions = Some(Editions {
                        event,
                        list,
                        moved: false,
                    });
                    self.stage = Stage::Editions;
                    return OverlayOutcome::Run(vec![Cmd::LoadList {
                        req,
                        list: ListQuery::Editions { event_id },
                    }]);
                }
            }
            KeyCode::PageDown => {
                self.error = None;
                self.events.step(Step::PageDown);
            }
            KeyCode::PageUp => {
                self.error = None;
                self.events.step(Step::PageUp);
            }
            _ => {
                self.error = None;
                let before = self.events.filter.value().to_string();
                self.events.filter_key(key);
                // The filter line never closes here.
                self.events.filtering = true;
                if self.events.filter.value() != before {
                    self.events.select(0);
                }
            }
        }
        OverlayOutcome::Stay
    }

    /// `now`: the wall clock (UTC), for "has it ended".
    fn editions_key(&mut self, key: KeyEvent, now: &str) -> OverlayOutcome {
        let Some(eds) = self.editions.as_mut() else {
            self.stage = Stage::Events;
            return OverlayOutcome::Stay;
        };
        match key.code {
            KeyCode::Esc => {
                // Back to the events, their filter and selection as they were;
                // the editions are no longer shown: their read goes.
                self.stage = Stage::Events;
                self.error = None;
                let cancels = self
                    .editions
                    .take()
                    .map(|e| e.list.streaming())
                    .unwrap_or_default();
                return if cancels.is_empty() {
                    OverlayOutcome::Stay
                } else {
                    OverlayOutcome::Run(
                        cancels.into_iter().map(|req| Cmd::Cancel { req }).collect(),
                    )
                };
            }
            KeyCode::Enter => {
                let event = eds.event.title();
                let target = if let Some(ed) = eds.list.selected() {
                    let when = ed.when(&self.now);
                    // Refused here, with the reason, rather than by the API
                    // after the confirmation: ended by the one rule (a
                    // session of today that is over too), or by its dates
                    // when its times are not known.
                    let ended = ed
                        .ended(now)
                        .map(|m| self.lang.tongue().last_moment(m))
                        .or_else(|| (when == Some(When::Past)).then(|| ed.dates.clone()));
                    if let Some(ended) = ended {
                        self.error = Some(
                            self.lang
                                .tongue()
                                .ta("picker-edition-ended", &[("ended", &ended)]),
                        );
                        return OverlayOutcome::Stay;
                    }
                    let day = ed.start.as_deref().and_then(|d| d.get(..10));
                    Some(Target {
                        id: ed.id,
                        event,
                        edition: match day {
                            Some(day) => format!("{} · {day}", ed.name),
                            None => ed.name.clone(),
                        },
                        detail: [ed.dates.as_str(), ed.time.as_str(), when_word(when)]
                            .into_iter()
                            .filter(|s| !s.is_empty())
                            .collect::<Vec<_>>()
                            .join(" · "),
                    })
                } else if eds.list.list.progress == Progress::Done && eds.list.list.is_empty() {
                    // A single event: the editions list came back empty.
                    Some(Target {
                        id: eds.event.id,
                        event,
                        edition: ITSELF.into(),
                        detail: String::new(),
                    })
                } else {
                    None
                };
                if let Some(t) = target {
                    self.error = None;
                    self.stage = Stage::Confirm(t);
                }
            }
            KeyCode::Down | KeyCode::Up | KeyCode::PageDown | KeyCode::PageUp => {
                eds.moved = true;
                self.error = None;
                eds.list.step(match key.code {
                    KeyCode::Down => Step::Down,
                    KeyCode::Up => Step::Up,
                    KeyCode::PageDown => Step::PageDown,
                    _ => Step::PageUp,
                });
            }
            _ => {}
        }
        OverlayOutcome::Stay
    }
}

/// The popup's area.
fn area(layout: &Layout) -> Rect {
    super::list_popup(layout, 100)
}

/// The table inside the popup (below the customer and filter lines, above the hint).
fn table_area(layout: &Layout) -> Rect {
    super::list_popup_table(area(layout))
}

/// Rows either table shows.
fn list_height(layout: &Layout) -> usize {
    rows_height(table_area(layout))
}

/// A row that has ended is dimmed: it cannot be picked.
fn row_style(when: Option<When>, theme: Theme) -> ratatui::style::Style {
    if when == Some(When::Past) {
        theme.muted()
    } else {
        ratatui::style::Style::new()
    }
}

fn event_cells(e: &EventRow, now: &str, theme: Theme) -> Vec<Cell> {
    let when = e.when(now);
    let style = row_style(when, theme);
    vec![
        Cell::styled(e.title(), style),
        Cell::styled(e.dates.clone(), style),
        Cell::styled(theme.tongue().word(when_word(when)), style),
        Cell::styled(theme.tongue().word(&e.state), style),
    ]
}

fn edition_cells(e: &EditionRow, now: &str, theme: Theme) -> Vec<Cell> {
    let when = e.when(now);
    let style = row_style(when, theme);
    vec![
        Cell::styled(e.name.clone(), style),
        Cell::styled(e.dates.clone(), style),
        Cell::styled(theme.tongue().word(when_word(when)), style),
        Cell::styled(e.time.clone(), style),
        Cell::styled(theme.tongue().word(&e.state), style),
    ]
}

/// "3 of 12 events  ⟳ loading 1/2 pages · 100 of 130".
fn count_spans<R: ListRow>(list: &ListView<R>, noun: &str, theme: Theme) -> Vec<Span<'static>> {
    let t = theme.tongue();
    let mut spans = vec![Span::styled(
        format!(
            "  {}  ",
            t.ta(
                "picker-count",
                &[
                    ("shown", &t.number(list.visible_len() as u64)),
                    ("total", &t.number(list.list.len() as u64)),
                    ("noun", &t.list_noun(noun)),
                ]
            )
        ),
        theme.muted(),
    )];
    if let Some(p) = list.progress_text(theme.tongue()) {
        spans.push(Span::styled(theme.tongue().grouped(&p), theme.muted()));
    }
    spans
}

impl OverlayComponent for EnrollIn {
    fn asks(&self) -> bool {
        matches!(self.stage, Stage::Confirm(_))
    }

    fn typing(&self) -> bool {
        matches!(self.stage, Stage::Events | Stage::Editions)
    }

    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        match self.stage.clone() {
            Stage::Sending(..) => OverlayOutcome::Stay,
            Stage::Confirm(t) => match key.code {
                KeyCode::Char('y' | 'Y') | KeyCode::Enter if !self.refused => {
                    self.error = None;
                    let req = ctx.ids.take();
                    let event_id = t.id;
                    self.stage = Stage::Sending(req, t);
                    OverlayOutcome::Run(vec![Cmd::EnrollCustomer {
                        req,
                        event_id,
                        customer_id: self.customer_id,
                        enrollment_type: "paid".into(),
                    }])
                }
                KeyCode::Esc | KeyCode::Char('n' | 'N') => {
                    self.stage = Stage::Editions;
                    self.error = None;
                    self.refused = false;
                    OverlayOutcome::Stay
                }
                _ => OverlayOutcome::Stay,
            },
            Stage::Editions => self.editions_key(key, ctx.wall),
            Stage::Events => self.events_key(key, ctx),
        }
    }

    fn owns(&self, req: ReqId) -> bool {
        self.events.owns(req) || self.editions.as_ref().is_some_and(|e| e.list.owns(req))
    }

    fn reply(&mut self, req: ReqId, reply: Reply) -> OverlayOutcome {
        let text = match reply {
            Reply::Page(page) => {
                if self.events.owns(req) {
                    self.events.reply(req, page, ("events", self.lang.tongue()))
                } else if let Some(eds) = self.editions.as_mut().filter(|e| e.list.owns(req)) {
                    let text = eds.list.reply(req, page, ("editions", self.lang.tongue()));
                    self.select_today();
                    text
                } else {
                    None
                }
            }
            _ => None,
        };
        match text {
            Some(t) => OverlayOutcome::Toast(ToastKind::Error, t),
            None => OverlayOutcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        let mut reqs = self.events.streaming();
        if let Some(e) = &self.editions {
            reqs.extend(e.list.streaming());
        }
        reqs
    }

    fn sending(&self) -> Option<ReqId> {
        match &self.stage {
            Stage::Sending(req, _) => Some(*req),
            Stage::Events | Stage::Editions | Stage::Confirm(_) => None,
        }
    }

    fn send_failed(&mut self, text: String, refused: bool) {
        if let Stage::Sending(_, t) = &self.stage {
            self.stage = Stage::Confirm(t.clone());
        }
        self.error = Some(text);
        self.refused = refused;
    }

    fn sent_what(&self) -> Sent {
        let target = self.target();
        Sent {
            who: self.email().to_string(),
            target: target.map(Target::label).unwrap_or_default(),
            event_id: target.map(|t| t.id),
            customer_id: Some(self.customer_id),
        }
    }

    fn fit(&mut self, layout: &Layout) {
        let height = list_height(layout);
        self.events.set_height(height);
        if let Some(e) = &mut self.editions {
            e.list.set_height(height);
        }
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let t = theme.tongue();
        let inner = widgets::popup(frame, area(layout), theme, &t.t("picker-event-title"));
        let fit = |l: Line<'static>| fit_line(l, usize::from(inner.width));
        frame.render_widget(
            fit(Line::from(vec![
                Span::styled(format!("{} ", t.t("picker-enroll")), theme.muted()),
                Span::styled(self.who.clone(), theme.header()),
            ])),
            line(inner, 0),
        );
        let table = table_area(layout);
        let hint = match (&self.stage, &self.editions) {
            (Stage::Events, _) | (Stage::Editions, None) => {
                let mut spans = vec![
                    Span::styled(format!("{} ", t.t("picker-filter")), theme.muted()),
                    Span::styled(self.events.filter.value().to_string(), theme.focus()),
                    Span::styled("▏", theme.focus()),
                ];
                spans.extend(count_spans(&self.events, "events", theme));
                frame.render_widget(fit(Line::from(spans)), line(inner, 1));
                self.events.render_table(
                    frame,
                    table,
                    theme,
                    &TableSpec {
                        noun: "events",
                        empty: &theme.tongue().t("empty-events"),
                    },
                    |e| event_cells(e, &self.now, theme),
                );
                Line::from(super::picking_hint(theme, true))
            }
            (Stage::Editions, Some(eds)) => {
                let mut spans = vec![
                    Span::styled(format!("{} ", t.t("picker-in")), theme.muted()),
                    Span::styled(eds.event.title(), theme.header()),
                ];
                spans.extend(count_spans(&eds.list, "editions", theme));
                frame.render_widget(fit(Line::from(spans)), line(inner, 1));
                eds.list.render_table(
                    frame,
                    table,
                    theme,
                    &TableSpec {
                        noun: "editions",
                        empty: &theme.tongue().t("empty-editions-enroll"),
                    },
                    |e| edition_cells(e, &self.now, theme),
                );
                Line::from(super::picking_hint(theme, false))
            }
            (Stage::Confirm(t), _) => {
                let words = theme.tongue();
                let mut lines = vec![Line::from(vec![Span::styled(
                    words.ta(
                        "enroll-in-ask",
                        &[("who", &self.who), ("into", &t.label_in(words))],
                    ),
                    theme.header(),
                )])];
                // The error before the detail: on a small terminal it is
                // what must not be cut.
                if let Some(e) = &self.error {
                    lines.push(Line::styled(format!("✗ {e}"), theme.error()));
                }
                if !t.detail.is_empty() {
                    lines.push(Line::styled(
                        words.ta("enroll-in-edition", &[("detail", &t.detail)]),
                        theme.muted(),
                    ));
                }
                widgets::text(frame, below_customer(inner), lines);
                // A refusal is not offered again: only the way back.
                let retry = words.t(if self.error.is_some() {
                    "ask-key-retry"
                } else {
                    "ask-key-yes"
                });
                let back = words.t("ask-key-back");
                let mut h = if self.refused {
                    Vec::new()
                } else {
                    widgets::key_hint(theme, "y/Enter", &retry)
                };
                h.extend(widgets::key_hint(theme, "n/Esc", &back));
                Line::from(
                    h.into_iter()
                        .map(|s| Span::styled(s.content.into_owned(), s.style))
                        .collect::<Vec<_>>(),
                )
            }
            (Stage::Sending(_, t), _) => {
                widgets::text(
                    frame,
                    below_customer(inner),
                    vec![Line::styled(
                        theme.tongue().ta(
                            "enroll-in-sending",
                            &[
                                ("who", &self.email()),
                                ("into", &t.label_in(theme.tongue())),
                            ],
                        ),
                        theme.header(),
                    )],
                );
                Line::styled(theme.tongue().t("enroll-in-waiting"), theme.muted())
            }
        };
        // A refusal while picking takes the hint's line: it is what the user
        // must read before the next key.
        let hint = match (&self.stage, &self.error) {
            (Stage::Events | Stage::Editions, Some(e)) => Line::styled(
                truncate(&format!("✗ {e}"), usize::from(inner.width)),
                theme.error(),
            ),
            _ => hint,
        };
        frame.render_widget(hint, line(inner, inner.height.saturating_sub(1)));
    }
}

/// The popup's inside below the customer line and above the hint.
fn below_customer(inner: Rect) -> Rect {
    Rect {
        y: inner.y + 2,
        height: inner.height.saturating_sub(3),
        ..inner
    }
}
