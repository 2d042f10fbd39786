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
    // Within the corners, with its spaces; longer ends in `…`.
    let room = usize::from(area.width.saturating_sub(4));
    let title = super::table::truncate(title, room);
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

/// `parts` joined by `sep` into lines at most `width` columns wide, a
/// part never split between two lines (one wider than `width` is cut with
/// `…`).
pub fn flow(parts: &[String], sep: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for part in parts {
        let part = super::table::truncate(part, width);
        if current.is_empty() {
            current = part;
        } else if super::table::width(&current)
            + super::table::width(sep)
            + super::table::width(&part)
            <= width
        {
            current.push_str(sep);
            current.push_str(&part);
        } else {
            lines.push(std::mem::replace(&mut current, part));
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// A one-line bar filling `area` in `style`.
pub fn bar(frame: &mut Frame, area: Rect, line: Line<'_>, style: Style) {
    frame.render_widget(Paragraph::new(line).style(style), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `1234567` → `1,234,567`: the app's and the headless commands' counts.
    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234), "1,234");
        assert_eq!(thousands(100_000), "100,000");
    }

    #[test]
    fn flow_keeps_parts_whole_and_lines_within_the_width() {
        let parts: Vec<String> = ["60,012 confirmed", "9,990 open", "100,000 total"]
            .iter()
            .map(|s| (*s).to_string())
            .collect();
        assert_eq!(
            flow(&parts, " · ", 80),
            ["60,012 confirmed · 9,990 open · 100,000 total"]
        );
        assert_eq!(
            flow(&parts, " · ", 30),
            ["60,012 confirmed · 9,990 open", "100,000 total"]
        );
        assert_eq!(flow(&parts, " · ", 8), ["60,012 …", "9,990 o…", "100,000…"]);
    }

    #[test]
    fn fit_line_ends_a_cut_line_with_an_ellipsis() {
        use super::super::table::fit_line;
        let line = Line::from(vec![Span::raw("  tickets "), Span::raw("60,012 confirmed")]);
        assert_eq!(fit_line(line.clone(), 80).width(), 26);
        let cut = fit_line(line.clone(), 14);
        assert_eq!(cut.width(), 14);
        assert_eq!(cut.to_string(), "  tickets 60,…");
        assert_eq!(fit_line(line, 10).to_string(), "  tickets…");
    }
}
