//! One ticket: every field, its objects as a tree, and the raw JSON.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use serde_json::Value;

use crate::api::model::Ticket;
use crate::app::cmd::Cmd;
use crate::app::model::{Model, Remote, error_text};
use crate::app::msg::ReqId;
use crate::ui::Theme;

use super::below;

/// Width from which fields and raw JSON are shown side by side.
pub const SPLIT_WIDTH: u16 = 140;

/// The ticket screen state.
#[derive(Debug, Clone)]
pub struct TicketScreen {
    pub ticket_id: u64,
    pub req: ReqId,
    pub ticket: Remote<(Ticket, Value)>,
    /// Show the raw JSON instead of the fields.
    pub raw: bool,
    pub scroll: usize,
}

impl TicketScreen {
    /// A ticket already loaded in a list: no request needed.
    pub fn from_row(ticket: Ticket, raw: Value) -> Self {
        Self {
            ticket_id: ticket.id,
            req: 0,
            ticket: Remote::Loaded((ticket, raw)),
            raw: false,
            scroll: 0,
        }
    }

    /// A ticket by id, read from the API.
    pub fn open(model: &mut Model, ticket_id: u64) -> (Self, Cmd) {
        let req = model.req();
        (
            Self {
                ticket_id,
                req,
                ticket: Remote::Loading,
                raw: false,
                scroll: 0,
            },
            Cmd::LoadTicket { req, ticket_id },
        )
    }

    pub fn refresh(&mut self, req: ReqId) -> Cmd {
        self.req = req;
        Cmd::LoadTicket {
            req,
            ticket_id: self.ticket_id,
        }
    }

    /// Lines in the longest column shown, for scrolling.
    pub fn line_count(&self) -> usize {
        match &self.ticket {
            Remote::Loaded((t, raw)) => field_lines(t, raw, Theme::new(true))
                .len()
                .max(raw_lines(raw).len()),
            _ => 1,
        }
    }

    pub fn scroll_by(&mut self, delta: isize, size: (u16, u16)) {
        let height = usize::from(below(size, 0).height.saturating_sub(2));
        let max = self.line_count().saturating_sub(height);
        self.scroll = self.scroll.saturating_add_signed(delta).min(max);
    }
}

/// Every field of the ticket as sent, objects as an indented tree.
pub fn field_lines(ticket: &Ticket, raw: &Value, theme: Theme) -> Vec<Line<'static>> {
    let value = if raw.is_object() {
        raw.clone()
    } else {
        serde_json::to_value(ticket).unwrap_or(Value::Null)
    };
    let mut lines = Vec::new();
    let Value::Object(map) = &value else {
        return lines;
    };
    // Scalars first, then the objects (attendee, event, order, source…).
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

pub fn view(frame: &mut Frame, s: &TicketScreen, theme: Theme, size: (u16, u16)) {
    let area = below(size, 0);
    let (ticket, raw) = match &s.ticket {
        Remote::Loading => {
            frame.render_widget(
                Line::styled(format!("loading ticket {}…", s.ticket_id), theme.muted()),
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
