//! One ticket: every field, its objects as a tree, and the raw JSON.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use serde_json::Value;

use crossterm::event::KeyEvent;

use crate::api::model::Ticket;
use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::msg::Reply;
use crate::app::state::{Remote, ReqId, ToastKind, error_text};
use crate::ui::Theme;

use super::tickets::{TicketRow, revoke_ask};
use super::{Component, Ctx, Outcome, TicketChange};

/// Width from which fields and raw JSON are shown side by side.
pub const SPLIT_WIDTH: u16 = 140;

/// The ticket screen state.
#[derive(Debug, Clone)]
pub struct TicketScreen {
    pub ticket_id: u64,
    /// The number shown until the ticket is in (known when opened from a list).
    pub number: Option<String>,
    pub req: ReqId,
    pub ticket: Remote<(Ticket, Value)>,
    /// Show the raw JSON instead of the fields.
    pub raw: bool,
    pub scroll: usize,
    /// Lines the body shows, for scrolling.
    height: usize,
}

impl TicketScreen {
    /// A ticket by id, read from the API (its full record: lists keep only
    /// what they show).
    pub fn open(ctx: &mut Ctx, ticket_id: u64, number: Option<&str>) -> (Self, Cmd) {
        let req = ctx.ids.take();
        (
            Self {
                ticket_id,
                number: number.map(str::to_string),
                req,
                ticket: Remote::Loading,
                raw: false,
                scroll: 0,
                height: text_height(ctx.body),
            },
            Cmd::LoadTicket { req, ticket_id },
        )
    }

    /// Lines in the longest column shown, for scrolling.
    pub fn line_count(&self) -> usize {
        match &self.ticket {
            Remote::Loaded((t, raw)) => field_lines(t, raw, Theme::new(true))
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

impl Component for TicketScreen {
    fn scope(&self) -> Scope {
        Scope::Ticket
    }

    fn crumb(&self) -> String {
        match (self.ticket.loaded(), &self.number) {
            (Some((t, _)), _) => format!("Ticket {}", t.number.as_deref().unwrap_or("")),
            (None, Some(n)) => format!("Ticket {n}"),
            (None, None) => format!("Ticket {}", self.ticket_id),
        }
    }

    fn action(&mut self, action: Action, _key: KeyEvent, _ctx: &mut Ctx) -> Outcome {
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
            Action::Revoke => {
                if let Some((t, _)) = self.ticket.loaded() {
                    return revoke_ask(&TicketRow::new(t));
                }
            }
            _ => {}
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
        match reply {
            Reply::Ticket(Ok(pair)) => {
                self.ticket = Remote::Loaded(pair);
                self.scroll_by(0);
                Outcome::Stay
            }
            Reply::Ticket(Err(e)) => {
                let text = format!("ticket: {}", error_text(&e));
                self.ticket = Remote::Failed(e);
                Outcome::Toast(ToastKind::Error, text)
            }
            _ => Outcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        vec![]
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        self.req = ctx.ids.take();
        vec![Cmd::LoadTicket {
            req: self.req,
            ticket_id: self.ticket_id,
        }]
    }

    fn fit(&mut self, body: Rect) {
        self.height = text_height(body);
        self.scroll_by(0);
    }

    fn copy_text(&self) -> Option<String> {
        self.ticket_number(self.ticket_id)
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        view(frame, self, theme, area);
    }

    fn ticket_changed(&mut self, change: TicketChange<'_>) {
        match change {
            TicketChange::Revoked(id) if id == self.ticket_id => {
                if let Remote::Loaded((ticket, raw)) = &mut self.ticket {
                    ticket.status = Some("unenrolled".into());
                    if let Some(obj) = raw.as_object_mut() {
                        obj.insert("status".into(), "unenrolled".into());
                    }
                }
            }
            TicketChange::Read(ticket, raw) if ticket.id == self.ticket_id => {
                self.ticket = Remote::Loaded((ticket.clone(), raw.clone()));
            }
            TicketChange::Revoked(_) | TicketChange::Read(..) => {}
        }
    }

    fn ticket_number(&self, id: u64) -> Option<String> {
        (id == self.ticket_id)
            .then(|| self.ticket.loaded().and_then(|(t, _)| t.number.clone()))
            .flatten()
            .or_else(|| self.number.clone().filter(|_| id == self.ticket_id))
    }
}

/// Every field of the ticket as sent, objects as an indented tree.
pub fn field_lines(ticket: &Ticket, raw: &Value, theme: Theme) -> Vec<Line<'static>> {
    if raw.is_object() {
        tree_lines(raw, theme)
    } else {
        tree_lines(&serde_json::to_value(ticket).unwrap_or(Value::Null), theme)
    }
}

/// Every field of a JSON object: scalars first, then the objects and
/// arrays as an indented tree.
pub fn tree_lines(value: &Value, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let Value::Object(map) = value else {
        return lines;
    };
    for (k, v) in map.iter().filter(|(_, v)| !v.is_object() && !v.is_array()) {
        lines.push(Line::from(vec![
            Span::styled(format!("{k:>16}  "), theme.muted()),
            scalar_span(v, theme),
        ]));
    }
    for (k, v) in map.iter().filter(|(_, v)| v.is_object() || v.is_array()) {
        lines.push(Line::raw(""));
        lines.push(Line::styled(k.clone(), theme.header()));
        tree(v, "", &mut lines, theme);
    }
    lines
}

fn scalar_span(v: &Value, theme: Theme) -> Span<'static> {
    match v {
        Value::String(s) if s.is_empty() => Span::styled("\"\"", theme.muted()),
        Value::String(s) => Span::raw(s.clone()),
        Value::Null => Span::styled("null", theme.muted()),
        other => Span::raw(other.to_string()),
    }
}

fn tree(v: &Value, indent: &str, out: &mut Vec<Line<'static>>, theme: Theme) {
    let entries: Vec<(String, &Value)> = match v {
        Value::Object(m) => m.iter().map(|(k, v)| (k.clone(), v)).collect(),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .map(|(i, v)| (format!("[{i}]"), v))
            .collect(),
        _ => return,
    };
    if entries.is_empty() {
        out.push(Line::styled(format!("{indent}└─ (empty)"), theme.muted()));
    }
    let n = entries.len();
    for (i, (k, child)) in entries.into_iter().enumerate() {
        let last = i + 1 == n;
        let branch = if last { "└─ " } else { "├─ " };
        if child.is_object() || child.is_array() {
            out.push(Line::from(vec![
                Span::styled(format!("{indent}{branch}"), theme.muted()),
                Span::styled(k, theme.header()),
            ]));
            let next = format!("{indent}{}", if last { "   " } else { "│  " });
            tree(child, &next, out, theme);
        } else {
            out.push(Line::from(vec![
                Span::styled(format!("{indent}{branch}"), theme.muted()),
                Span::styled(format!("{k}: "), theme.muted()),
                scalar_span(child, theme),
            ]));
        }
    }
}

/// The raw JSON, pretty-printed.
pub fn raw_lines(raw: &Value) -> Vec<Line<'static>> {
    serde_json::to_string_pretty(raw)
        .unwrap_or_default()
        .lines()
        .map(|l| Line::raw(l.to_string()))
        .collect()
}

fn view(frame: &mut Frame, s: &TicketScreen, theme: Theme, area: Rect) {
    let (ticket, raw) = match &s.ticket {
        Remote::Loading => {
            frame.render_widget(
                Line::styled(
                    format!(
                        "loading ticket {}…",
                        s.number.clone().unwrap_or_else(|| s.ticket_id.to_string())
                    ),
                    theme.muted(),
                ),
                area,
            );
            return;
        }
        Remote::Failed(e) => {
            frame.render_widget(
                Paragraph::new(format!(
                    "could not load ticket {}: {}",
                    s.ticket_id,
                    error_text(e)
                ))
                .style(theme.error()),
                area,
            );
            return;
        }
        Remote::Loaded(pair) => pair,
    };
    let scroll = u16::try_from(s.scroll).unwrap_or(u16::MAX);
    let fields_title = format!(
        " Ticket {} · fields (r: raw JSON) ",
        ticket.number.as_deref().unwrap_or("")
    );
    if s.raw {
        let block = Block::new()
            .borders(Borders::TOP)
            .title(Span::styled(" raw JSON (r: fields) ", theme.title()));
        frame.render_widget(
            Paragraph::new(raw_lines(raw))
                .block(block)
                .scroll((scroll, 0)),
            area,
        );
    } else if area.width >= SPLIT_WIDTH {
        let half = area.width / 2;
        let left = Rect {
            width: half,
            ..area
        };
        let right = Rect {
            x: area.x + half,
            width: area.width - half,
            ..area
        };
        let block = Block::new()
            .borders(Borders::TOP)
            .title(Span::styled(fields_title, theme.title()));
        frame.render_widget(
            Paragraph::new(field_lines(ticket, raw, theme))
                .block(block)
                .scroll((scroll, 0)),
            left,
        );
        let block = Block::new()
            .borders(Borders::TOP | Borders::LEFT)
            .title(Span::styled(" raw JSON ", theme.title()));
        frame.render_widget(
            Paragraph::new(raw_lines(raw))
                .block(block)
                .scroll((scroll, 0)),
            right,
        );
    } else {
        let block = Block::new()
            .borders(Borders::TOP)
            .title(Span::styled(fields_title, theme.title()));
        frame.render_widget(
            Paragraph::new(field_lines(ticket, raw, theme))
                .block(block)
                .scroll((scroll, 0)),
            area,
        );
    }
}
