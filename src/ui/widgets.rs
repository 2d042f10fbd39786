//! Small widgets shared by screens and overlays: popups, bars, key hints,
//! numbers with thousands separators. Tables are in `table`.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::Theme;

/// Clears `area` and draws a titled box; returns the inside.
pub fn popup(frame: &mut Frame, area: Rect, theme: Theme, title: &str) -> Rect {
    frame.render_widget(Clear, area);
    let block = Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.title()))
        .border_style(theme.base());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    inner
}

/// The inside of a popup drawn in `area` (within its border).
pub fn inner(area: Rect) -> Rect {
    Block::bordered().inner(area)
}

/// Lines of text in a popup, wrapped.
pub fn text(frame: &mut Frame, area: Rect, lines: Vec<Line<'_>>) {
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

/// `1234567` → `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A key and what it does, for help lines and hints.
pub fn key_hint<'a>(theme: Theme, key: &'a str, what: &'a str) -> Vec<Span<'a>> {
    vec![
        Span::styled(key, theme.key()),
        Span::raw(" "),
        Span::styled(what, theme.muted()),
        Span::raw("  "),
    ]
}

/// A one-line bar filling `area` in `style`.
pub fn bar(frame: &mut Frame, area: Rect, line: Line<'_>, style: Style) {
    frame.render_widget(Paragraph::new(line).style(style), area);
}
