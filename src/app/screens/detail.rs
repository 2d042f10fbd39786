//! The shape the catalogue details share (an order, a product, a course):
//! one record read in full when the screen opens, its fields as text and a
//! tree, the raw JSON (`r`; side by side from 140 columns), scrolling.
//! Each record's own file says how it reads ([`Detailed`]); this is the one
//! `Component` over them.

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use serde_json::Value;

use crate::api::ApiError;
use crate::app::cmd::{Cmd, RecordQuery};
use crate::app::keymap::{Action, Scope};
use crate::app::msg::Reply;
use crate::app::state::{Remote, ReqId, ToastKind, error_text};
use crate::ui::Theme;

use super::ticket::{SPLIT_WIDTH, raw_lines, tree_lines};
use super::{Component, Ctx, Outcome};

/// A record a detail screen shows.
pub trait Detailed: Clone + std::fmt::Debug + Sized {
    /// "order", for "loading order 12…".
    const NOUN: &'static str;
    const SCOPE: Scope;
    /// The request that reads record `id`.
    fn query(id: u64) -> RecordQuery;
    /// This record out of a reply (`None`: another kind's reply).
    fn take(reply: Reply) -> Option<Result<(Self, Value), ApiError>>;
    /// Its step in the title line ("Order #1001").
    fn crumb(&self) -> String;
    /// The fields view: what matters first, then the rest as a tree.
    fn lines(&self, raw: &Value, theme: Theme) -> Vec<Line<'static>>;
    /// A key of the screen's own (beyond scrolling and `r`).
    fn act(_id: u64, _action: Action, _ctx: &mut Ctx) -> Outcome {
        Outcome::Stay
    }
    /// What `y` copies (an order's number); nothing by default.
    fn copy_text(&self) -> Option<String> {
        None
    }
}

/// A detail screen over records `T`.
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
                height: text_height(ctx.body),
            },
            Cmd::LoadRecord {
                req,
                record: T::query(id),
            },
        )
    }

    /// Lines in the longest column shown, for scrolling.
    pub fn line_count(&self) -> usize {
        match &self.record {
            Remote::Loaded((r, raw)) => r
                .lines(raw, Theme::new(true))
                .len()
                .max(raw_lines(raw).len()),
            Remote::Loading | Remote::Failed(_) => 1,
        }
    }

    pub fn scroll_by(&mut self, delta: isize) {
        let max = self.line_count().saturating_sub(self.height);
        self.scroll = self.scroll.saturating_add_signed(delta).min(max);
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

    fn crumb(&self) -> String {
        self.record
            .loaded()
            .map_or_else(|| self.label.clone(), |(r, _)| r.crumb())
    }

    fn action(&mut self, action: Action, _key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        let page = self.height.cast_signed();
        match action {
            Action::Back => return Outcome::Pop,
            Action::Up => self.scroll_by(-1),
            Action::Down => self.scroll_by(1),
            Action::PageUp => self.scroll_by(-page),
            Action::PageDown => self.scroll_by(page),
            Action::Top => self.scroll = 0,
            Action::Bottom => self.scroll_by(isize::MAX / 2),
            Action::ToggleRaw => {
                self.raw = !self.raw;
                self.scroll = 0;
            }
            other => return T::act(self.id, other, ctx),
        }
        Outcome::Stay
    }

    fn scroll(&mut self, delta: isize) {
        self.scroll_by(delta);
    }

    fn owns(&self, req: ReqId) -> bool {
        self.req == req
    }

    fn reply(&mut self, _req: ReqId, reply: Reply, _ctx: &mut Ctx) -> Outcome {
        match T::take(reply) {
            Some(Ok(pair)) => {
                self.record = Remote::Loaded(pair);
                self.scroll_by(0);
                Outcome::Stay
            }
            Some(Err(e)) => {
                let text = format!("{}: {}", T::NOUN, error_text(&e));
                self.record = Remote::Failed(e);
                Outcome::Toast(ToastKind::Error, text)
            }
            None => Outcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        vec![]
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        self.req = ctx.ids.take();
        vec![Cmd::LoadRecord {
            req: self.req,
            record: T::query(self.id),
        }]
    }

    fn fit(&mut self, body: Rect) {
        self.height = text_height(body);
        self.scroll_by(0);
    }

    fn copy_text(&self) -> Option<String> {
        self.record.loaded().and_then(|(r, _)| r.copy_text())
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        let (record, raw) = match &self.record {
            Remote::Loading => {
                let text = format!("loading {} {}…", T::NOUN, self.label);
                frame.render_widget(Line::styled(text, theme.muted()), area);
                return;
            }
            Remote::Failed(e) => {
                let text = format!("could not load {} {}: {}", T::NOUN, self.id, error_text(e));
                frame.render_widget(Paragraph::new(text).style(theme.error()), area);
                return;
            }
            Remote::Loaded(pair) => pair,
        };
        let scroll = (u16::try_from(self.scroll).unwrap_or(u16::MAX), 0);
        let top = |title: String| {
            Block::new()
                .borders(Borders::TOP)
                .title(Span::styled(title, theme.title()))
        };
        if self.raw {
            let block = top(" raw JSON (r: fields) ".into());
            frame.render_widget(
                Paragraph::new(raw_lines(raw)).block(block).scroll(scroll),
                area,
            );
            return;
        }
        let fields = Paragraph::new(record.lines(raw, theme))
            .block(top(format!(" {} · fields (r: raw JSON) ", record.crumb())))
            .scroll(scroll);
        if area.width < SPLIT_WIDTH {
            frame.render_widget(fields, area);
            return;
        }
        let half = area.width / 2;
        frame.render_widget(
            fields,
            Rect {
                width: half,
                ..area
            },
        );
        let block = Block::new()
            .borders(Borders::TOP | Borders::LEFT)
            .title(Span::styled(" raw JSON ", theme.title()));
        frame.render_widget(
            Paragraph::new(raw_lines(raw)).block(block).scroll(scroll),
            Rect {
                x: area.x + half,
                width: area.width - half,
                ..area
            },
        );
    }
}

/// A heading line of a detail's sections.
pub fn heading(text: &str, theme: Theme) -> Line<'static> {
    Line::styled(text.to_string(), theme.header())
}

/// "        label  value": one fact, its label right-aligned.
pub fn fact(label: &str, value: impl Into<String>, theme: Theme) -> Line<'static> {
    let value: String = value.into();
    Line::from(vec![
        Span::styled(format!("{label:>16}  "), theme.muted()),
        if value.is_empty() {
            Span::styled("–", theme.muted())
        } else {
            Span::raw(value)
        },
    ])
}

/// Every field of `raw` not in `skip`, scalars first, objects as a tree,
/// under an "all fields" heading.
pub fn rest(raw: &Value, skip: &[&str], theme: Theme) -> Vec<Line<'static>> {
    let mut value = raw.clone();
    if let Some(map) = value.as_object_mut() {
        map.retain(|k, _| !skip.contains(&k.as_str()));
    }
    let mut lines = vec![Line::raw(""), heading("all fields", theme)];
    lines.extend(tree_lines(&value, theme));
    lines
}

/// "yes" / "no" / "–".
pub fn yes_no(b: Option<bool>) -> &'static str {
    match b {
        Some(true) => "yes",
        Some(false) => "no",
        None => "–",
    }
}
