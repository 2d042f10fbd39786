//! The shape every detail shares (a ticket, a customer, an order, a
//! product, a course): one record read in full when the screen opens, its
//! fields as text and a tree with a line cursor, the lines that name another
//! record leading to it (`Enter`), the raw JSON (`r`; side by side from 140
//! columns). Each record's own file says how it reads ([`Detailed`]);
//! [`DetailScreen`] is the one `Component` over them, and the pieces a
//! screen with more to it (a ticket, a customer) builds on.

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use serde_json::Value;

use crate::api::ApiError;
use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::msg::Reply;
use crate::app::state::{Remote, ReqId, Step, ToastKind};
use crate::ui::Theme;
use crate::ui::table::fit_line;

use super::component::{Component, Outcome};
use super::shared::{raw_lines, tree_lines};
use crate::app::ctx::Ctx;
use crate::app::list::rows::TicketScope;
use crate::app::target::Target;

/// Width from which fields and raw JSON are shown side by side.
pub const SPLIT_WIDTH: u16 = 140;

/// Where a line of a detail leads: `Enter` on it opens the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    Customer {
        id: u64,
        label: String,
    },
    Order {
        id: u64,
        label: String,
    },
    Ticket {
        id: u64,
        number: String,
    },
    /// The tickets of an event or of one edition.
    Tickets {
        scope: TicketScope,
    },
}

impl Link {
    /// What `Enter` does, for the title line ("open order #1001"), in
    /// `t`'s language.
    pub fn what(&self, t: &crate::i18n::Tongue) -> String {
        match self {
            Self::Customer { label, .. } => t.ta("link-customer", &[("label", label)]),
            Self::Order { label, .. } => t.ta("link-order", &[("label", label)]),
            Self::Ticket { number, .. } => t.ta("link-ticket", &[("number", number)]),
            Self::Tickets { scope } => t.ta(
                "link-tickets",
                &[("title", &t.event_placeholder(&scope.title))],
            ),
        }
    }

    /// The screen it leads to, asked for.
    pub fn target(&self) -> Target {
        match self {
            Self::Customer { id, label } => Target::Customer {
                id: *id,
                label: format!("Customer {label}"),
            },
            Self::Order { id, label } => Target::Order {
                id: *id,
                label: format!("Order {label}"),
            },
            Self::Ticket { id, number } => Target::Ticket {
                id: *id,
                number: Some(number.clone()),
            },
            Self::Tickets { scope } => Target::Tickets(scope.clone()),
        }
    }
}

/// A detail's text: its lines, and where those that lead somewhere lead.
#[derive(Debug, Clone, Default)]
pub struct Doc {
    pub lines: Vec<Line<'static>>,
    /// (line index, link), in line order.
    links: Vec<(usize, Link)>,
}

impl From<Vec<Line<'static>>> for Doc {
    fn from(lines: Vec<Line<'static>>) -> Self {
        Self {
            lines,
            links: Vec::new(),
        }
    }
}

impl Doc {
    pub fn push(&mut self, line: Line<'static>) {
        self.lines.push(line);
    }

    pub fn extend(&mut self, lines: impl IntoIterator<Item = Line<'static>>) {
        self.lines.extend(lines);
    }

    /// A line that leads to `link`, marked with `›` at its end.
    pub fn link(&mut self, mut text: Line<'static>, to: Link) {
        text.spans.push(Span::raw("  ›"));
        self.links.push((self.lines.len(), to));
        self.lines.push(text);
    }

    /// Where line `i` leads, if anywhere.
    pub fn link_at(&self, i: usize) -> Option<&Link> {
        self.links
            .binary_search_by_key(&i, |(at, _)| *at)
            .ok()
            .map(|k| &self.links[k].1)
    }

    /// The lines that lead somewhere, in order.
    pub fn links(&self) -> impl Iterator<Item = &(usize, Link)> {
        self.links.iter()
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

/// A record a detail screen shows.
pub trait Detailed: Clone + std::fmt::Debug + Sized {
    /// "order", for "loading order 12…".
    const NOUN: &'static str;
    const SCOPE: Scope;
    /// The command that reads record `id` (usually a `Cmd::LoadRecord`).
    fn load(req: ReqId, id: u64) -> Cmd;
    /// This record out of a reply (`None`: another kind's reply).
    fn take(reply: Reply) -> Option<Result<(Self, Value), ApiError>>;
    /// Its step in the title line ("Order #1001").
    fn crumb(&self, t: &crate::i18n::Tongue) -> String;
    /// The fields view: what matters first, then the rest as a tree; the
    /// lines that name another record lead to it.
    fn doc(&self, raw: &Value, theme: Theme) -> Doc;
    /// A key of the screen's own (beyond moving, `r` and `Enter`).
    fn act(_id: u64, _action: Action, _ctx: &mut Ctx) -> Outcome {
        Outcome::Stay
    }
    /// What `y` copies (an order's number); nothing by default.
    fn copy_text(&self) -> Option<String> {
        None
    }
}

/// A detail screen over records `T`: the fields with a line cursor (`Enter`
/// on a line that names another record opens it), or the raw JSON.
#[derive(Debug, Clone)]
pub struct DetailScreen<T> {
    pub id: u64,
    /// What the title line says until the record is in (from the list).
    pub label: String,
    pub req: ReqId,
    pub record: Remote<(T, Value)>,
    /// Show the raw JSON instead of the fields.
    pub raw: bool,
    pub scroll: usize,
    /// The line the cursor is on (fields view).
    pub cursor: usize,
    /// Lines the body shows, for scrolling.
    height: usize,
}

impl<T: Detailed> DetailScreen<T> {
    /// Record `id`, read from the API (lists keep only what they show).
    pub fn open(ctx: &mut Ctx, id: u64, label: String) -> (Self, Cmd) {
        let req = ctx.ids.take();
        (
            Self {
                id,
                label,
                req,
                record: Remote::Loading,
                raw: false,
                scroll: 0,
                cursor: 0,
                height: text_height(ctx.body),
            },
            T::load(req, id),
        )
    }

    /// The record's fields view (empty until it is in).
    pub fn doc(&self, theme: Theme) -> Doc {
        self.record
            .loaded()
            .map(|(r, raw)| r.doc(raw, theme))
            .unwrap_or_default()
    }

    /// Lines in the longest column shown, for scrolling.
    fn line_count(&self, doc: &Doc) -> usize {
        match &self.record {
            Remote::Loaded((_, raw)) => doc.len().max(raw_lines(raw).len()),
            Remote::Loading | Remote::Failed(_) => 1,
        }
    }

    /// Scrolls by `delta` lines; the cursor stays on a line shown.
    pub fn scroll_by(&mut self, delta: isize, doc: &Doc) {
        let max = self.line_count(doc).saturating_sub(self.height);
        self.scroll = self.scroll.saturating_add_signed(delta).min(max);
        let last_shown = self.scroll + self.height.saturating_sub(1);
        self.cursor = self.cursor.clamp(self.scroll, last_shown);
        self.cursor = self.cursor.min(doc.len().saturating_sub(1));
    }

    /// Moves the cursor by `delta` lines (the raw view only scrolls), and
    /// scrolls to keep it shown.
    pub fn move_by(&mut self, delta: isize, doc: &Doc) {
        if self.raw {
            self.scroll_by(delta, doc);
            return;
        }
        self.cursor = self
            .cursor
            .saturating_add_signed(delta)
            .min(doc.len().saturating_sub(1));
        if self.cursor < self.scroll {
            self.scroll = self.cursor;
        } else if self.cursor >= self.scroll + self.height {
            self.scroll = self.cursor + 1 - self.height;
        }
    }

    /// The terminal line of the cursor in `body`, when it is shown.
    pub fn cursor_line(&self, body: Rect) -> Option<u16> {
        if self.raw {
            return None;
        }
        let row = self.cursor.checked_sub(self.scroll)?;
        let line = body
            .y
            .checked_add(1)?
            .checked_add(u16::try_from(row).ok()?)?;
        (row < self.height && line < body.y + body.height).then_some(line)
    }

    /// A click on terminal line `y`: the cursor goes to the line shown there.
    pub fn click_at(&mut self, y: u16, body: Rect, doc: &Doc) {
        // The block's title line is the body's first.
        let Some(row) = y.checked_sub(body.y + 1) else {
            return;
        };
        let line = self.scroll + usize::from(row);
        if !self.raw && line < doc.len() {
            self.cursor = line;
        }
    }

    /// A page up or down: the view moves a page and the cursor with it;
    /// what the view cannot move (at an end), the cursor does.
    pub fn page_by(&mut self, delta: isize, doc: &Doc) {
        if self.raw {
            self.scroll_by(delta, doc);
            return;
        }
        let max = self.line_count(doc).saturating_sub(self.height);
        self.scroll = self.scroll.saturating_add_signed(delta).min(max);
        self.move_by(delta, doc);
    }

    /// Where the line under the cursor leads.
    pub fn link<'d>(&self, doc: &'d Doc) -> Option<&'d Link> {
        (!self.raw).then(|| doc.link_at(self.cursor)).flatten()
    }

    /// The keys every detail answers (moving, `r`, `Enter` on a link,
    /// back) over the fields view `doc`; `None` for the others.
    pub fn key(&mut self, action: Action, doc: &Doc) -> Option<Outcome> {
        let page = self.height.cast_signed();
        match action {
            Action::Back => return Some(Outcome::Pop { quit: false }),
            Action::Step(Step::Up) => self.move_by(-1, doc),
            Action::Step(Step::Down) => self.move_by(1, doc),
            Action::Step(Step::PageUp) => self.page_by(-page, doc),
            Action::Step(Step::PageDown) => self.page_by(page, doc),
            Action::Step(Step::Top) => self.move_by(isize::MIN / 2, doc),
            Action::Step(Step::Bottom) => self.move_by(isize::MAX / 2, doc),
            Action::ToggleRaw => {
                self.raw = !self.raw;
                self.scroll = 0;
                self.cursor = 0;
            }
            Action::Open => {
                return Some(
                    self.link(doc)
                        .map_or(Outcome::Stay, |l| Outcome::Open(l.target())),
                );
            }
            _ => return None,
        }
        Some(Outcome::Stay)
    }

    /// Takes its record's reply (a failure said in `t`'s language);
    /// `None`: the reply was another kind's.
    pub fn take_reply(&mut self, reply: Reply, t: &crate::i18n::Tongue) -> Option<Outcome> {
        match T::take(reply)? {
            Ok(pair) => {
                self.record = Remote::Loaded(pair);
                let doc = self.doc(Theme::new(true));
                self.scroll_by(0, &doc);
                Some(Outcome::Stay)
            }
            Err(e) => {
                let text = t.ta(
                    "detail-failed-toast",
                    &[
                        ("noun", &t.record_noun(T::NOUN)),
                        ("error", &t.api_error(&e)),
                    ],
                );
                let first = matches!(self.record, Remote::Loading);
                self.record = Remote::Failed(e);
                Some(if first {
                    Outcome::Failed(text)
                } else {
                    Outcome::Toast(ToastKind::Error, text)
                })
            }
        }
    }

    /// Reads the record again.
    pub fn reload(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        self.req = ctx.ids.take();
        vec![T::load(self.req, self.id)]
    }

    /// A new size: the view scrolls as little as keeps the cursor shown,
    /// so the top of the record is in view whenever the cursor's line fits
    /// below it (not left scrolled with space to spare below).
    pub fn resize(&mut self, body: Rect, doc: &Doc) {
        self.height = text_height(body);
        if !self.raw {
            let lowest = (self.cursor + 1).saturating_sub(self.height);
            self.scroll = self.scroll.min(self.cursor).max(lowest);
            if self.cursor < self.height {
                self.scroll = 0;
            }
        }
        self.scroll_by(0, doc);
    }

    /// Draws the record: `doc` (its fields view, perhaps with more
    /// sections than the record's own), the raw JSON beside it from 140
    /// columns, or instead of it (`r`).
    pub fn draw(&self, frame: &mut Frame, area: Rect, theme: Theme, doc: Doc) {
        let t = theme.tongue();
        let noun = t.record_noun(T::NOUN);
        let (record, raw) = match &self.record {
            Remote::Loading => {
                let text = t.ta(
                    "detail-loading",
                    &[
                        ("noun", &noun),
                        ("label", &t.record_placeholder(&self.label)),
                    ],
                );
                frame.render_widget(Line::styled(text, theme.muted()), area);
                return;
            }
            Remote::Failed(e) => {
                let text = t.ta(
                    "detail-failed",
                    &[
                        ("noun", &noun),
                        ("id", &self.id),
                        ("error", &t.api_error(e)),
                    ],
                );
                frame.render_widget(Paragraph::new(text).style(theme.error()), area);
                return;
            }
            Remote::Loaded(pair) => pair,
        };
        let scroll = (u16::try_from(self.scroll).unwrap_or(u16::MAX), 0);
        // A title wider than its pane ends in `…` (ratatui would cut it).
        let top = |title: String, width: u16| {
            let title = crate::ui::table::truncate(&title, usize::from(width));
            Block::new()
                .borders(Borders::TOP)
                .title(Span::styled(title, theme.title()))
        };
        // Lines wider than their pane end in `…` rather than stop short.
        let fit = |lines: Vec<Line<'static>>, width: u16| -> Vec<Line<'static>> {
            lines
                .into_iter()
                .map(|l| fit_line(l, usize::from(width)))
                .collect()
        };
        if self.raw {
            let block = top(format!(" {} ", t.t("detail-raw")), area.width);
            frame.render_widget(
                Paragraph::new(fit(raw_lines(raw), area.width))
                    .block(block)
                    .scroll(scroll),
                area,
            );
            return;
        }
        let crumb = record.crumb(t);
        let title = match self.link(&doc) {
            Some(link) => t.ta(
                "detail-enter",
                &[("crumb", &crumb), ("what", &link.what(t))],
            ),
            None => t.ta("detail-fields", &[("crumb", &crumb)]),
        };
        let title = format!(" {title} ");
        let mut lines = doc.lines;
        if let Some(line) = lines.get_mut(self.cursor) {
            *line = std::mem::take(line).patch_style(theme.selected());
        }
        let half = area.width / 2;
        let split = area.width >= SPLIT_WIDTH;
        let lines = fit(lines, if split { half } else { area.width });
        let pane = if split { half } else { area.width };
        let fields = Paragraph::new(lines).block(top(title, pane)).scroll(scroll);
        if !split {
            frame.render_widget(fields, area);
            return;
        }
        frame.render_widget(
            fields,
            Rect {
                width: half,
                ..area
            },
        );
        let block = Block::new()
            .borders(Borders::TOP | Borders::LEFT)
            .title(Span::styled(
                format!(" {} ", t.t("detail-raw-beside")),
                theme.title(),
            ));
        frame.render_widget(
            Paragraph::new(fit(raw_lines(raw), area.width - half - 1))
                .block(block)
                .scroll(scroll),
            Rect {
                x: area.x + half,
                width: area.width - half,
                ..area
            },
        );
    }
}

/// Lines of text the body shows (below the block's title line).
fn text_height(body: Rect) -> usize {
    usize::from(body.height.saturating_sub(1)).max(1)
}

impl<T: Detailed> Component for DetailScreen<T> {
    fn scope(&self) -> Scope {
        T::SCOPE
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        self.record
            .loaded()
            .map_or_else(|| t.record_placeholder(&self.label), |(r, _)| r.crumb(t))
    }

    fn action(&mut self, action: Action, _key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        let doc = self.doc(Theme::new(true));
        match self.key(action, &doc) {
            Some(outcome) => outcome,
            None => T::act(self.id, action, ctx),
        }
    }

    fn scroll(&mut self, delta: isize) {
        let doc = self.doc(Theme::new(true));
        self.scroll_by(delta, &doc);
    }

    fn click(&mut self, y: u16, body: Rect) {
        let doc = self.doc(Theme::new(true));
        self.click_at(y, body, &doc);
    }

    fn selected_line(&self, body: Rect) -> Option<u16> {
        self.cursor_line(body)
    }

    fn owns(&self, req: ReqId) -> bool {
        self.req == req
    }

    fn reply(&mut self, _req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        self.take_reply(reply, ctx.lang.tongue())
            .unwrap_or(Outcome::Stay)
    }

    fn streaming(&self) -> Vec<ReqId> {
        vec![]
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        self.reload(ctx)
    }

    fn fit(&mut self, body: Rect) {
        let doc = self.doc(Theme::new(true));
        self.resize(body, &doc);
    }

    fn copy_text(&self) -> Option<String> {
        self.record.loaded().and_then(|(r, _)| r.copy_text())
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        self.draw(frame, area, theme, self.doc(theme));
    }
}

/// A heading line of a detail's sections, in the staff's language.
pub fn heading(text: &str, theme: Theme) -> Line<'static> {
    Line::styled(theme.tongue().label(text), theme.header())
}

/// "        label  value": one fact, its label right-aligned.
pub fn fact(label: &str, value: impl Into<String>, theme: Theme) -> Line<'static> {
    let value = written(&value.into(), theme);
    Line::from(vec![
        Span::styled(
            format!("{:>16}  ", theme.tongue().label(label)),
            theme.muted(),
        ),
        if value.is_empty() {
            Span::styled("–", theme.muted())
        } else {
            Span::raw(value)
        },
    ])
}

/// A fact's value as the staff's language writes it: its dates, and its
/// counts where it is only figures ("1.886 / 79.870"); in English, as sent.
pub fn written(value: &str, theme: Theme) -> String {
    let t = theme.tongue();
    let value = t.dates_in(value);
    if value.chars().any(char::is_alphabetic) {
        value
    } else {
        t.grouped(&value)
    }
}

/// Every field of `raw` not in `skip`, scalars first, objects as a tree,
/// under an "all fields" heading.
pub fn rest(raw: &Value, skip: &[&str], theme: Theme) -> Vec<Line<'static>> {
    let mut value = raw.clone();
    if let Some(map) = value.as_object_mut() {
        map.retain(|k, _| !skip.contains(&k.as_str()));
        if map.is_empty() {
            return vec![];
        }
    }
    let mut lines = vec![Line::raw(""), heading("all fields", theme)];
    lines.extend(tree_lines(&value, theme));
    lines
}

/// "yes" / "no" / "–", in the staff's language.
pub fn yes_no(b: Option<bool>, theme: Theme) -> String {
    match b {
        Some(true) => theme.tongue().word("yes"),
        Some(false) => theme.tongue().word("no"),
        None => "–".to_owned(),
    }
}
