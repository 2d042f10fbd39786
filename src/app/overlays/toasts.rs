//! Toasts: short messages in the bottom-right corner that go away by
//! themselves, errors with the API's own message and code.

use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::app::layout::Layout;
use crate::app::state::ToastKind;
use crate::ui::Theme;
use crate::ui::table::width;

/// How long a toast stays.
pub const TOAST_TTL: Duration = Duration::from_secs(5);

/// At most this many at once: a burst of errors must not fill the screen.
const MAX: usize = 3;

/// A short message in the corner that goes away by itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toast {
    pub kind: ToastKind,
    pub text: String,
    pub until: Instant,
}

/// The toasts shown, oldest first.
#[derive(Debug, Clone, Default)]
pub struct Toasts {
    pub shown: Vec<Toast>,
}

impl Toasts {
    pub fn push(&mut self, kind: ToastKind, text: String, now: Instant) {
        self.shown.push(Toast {
            kind,
            text,
            until: now + TOAST_TTL,
        });
        if self.shown.len() > MAX {
            self.shown.remove(0);
        }
    }

    /// Drops the toasts whose time is up.
    pub fn expire(&mut self, now: Instant) {
        self.shown.retain(|t| t.until > now);
    }

    pub fn is_empty(&self) -> bool {
        self.shown.is_empty()
    }

    /// Draws the toasts stacked up from the status bar, newest lowest —
    /// or, when that would cover one of the terminal lines in `avoid` (the
    /// selection, a new row, a key or scan line), down from under the title
    /// line, newest highest, or else in the lowest gap between those lines
    /// where they fit. When no place keeps off them, the oldest give way;
    /// when not even the newest fits, it waits (drawn once there is room).
    pub fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme, avoid: &[u16]) {
        let area = layout.full;
        let max_w = usize::from(area.width.saturating_sub(2).min(70)).max(1);
        // Newest first: (text, style, width, lines).
        let mut shown = Vec::new();
        for t in self.shown.iter().rev() {
            let (mark, style) = match t.kind {
                ToastKind::Info => ("✓", theme.ok()),
                ToastKind::Error => ("✗", theme.error()),
            };
            let text = format!(" {mark} {} ", t.text);
            let w = width(&text).max(1);
            let cols = w.min(max_w);
            let lines = w.div_ceil(cols).min(3);
            let (Ok(cols), Ok(lines)) = (u16::try_from(cols), u16::try_from(lines)) else {
                break;
            };
            shown.push((text, style, cols, lines));
        }
        let (top, bottom) = (layout.body.y, layout.status.y);
        let covers = |from: u16, to: u16| avoid.iter().any(|y| (from..to).contains(y));
        while !shown.is_empty() {
            let total: u16 = shown.iter().map(|s| s.3).sum();
            if total <= bottom.saturating_sub(top) {
                if !covers(bottom - total, bottom) {
                    let mut y = bottom;
                    for (text, style, cols, lines) in shown {
                        y -= lines;
                        draw(frame, area, y, (text, style, cols, lines), theme);
                    }
                    return;
                }
                // Under the title line, else the lowest gap that holds them.
                let gap = std::iter::once(top)
                    .chain((top..=bottom - total).rev())
                    .find(|&y| !covers(y, y + total));
                if let Some(mut y) = gap {
                    for (text, style, cols, lines) in shown {
                        draw(frame, area, y, (text, style, cols, lines), theme);
                        y += lines;
                    }
                    return;
                }
            }
            shown.pop();
        }
    }
}

/// One toast, its first line at `y`, against the right edge.
fn draw(
    frame: &mut Frame,
    area: Rect,
    y: u16,
    (text, style, cols, lines): (String, Style, u16, u16),
    theme: Theme,
) {
    let rect = Rect::new(area.x + area.width - cols - 1, y, cols, lines);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(Span::styled(text, style))
            .wrap(Wrap { trim: false })
            .style(theme.bar()),
        rect,
    );
}
