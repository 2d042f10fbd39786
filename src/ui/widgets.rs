//! Widgets shared by the screens: tables that build only visible rows and
//! drop low-priority columns when narrow, centred popups, the status bar,
//! toasts and the help overlay.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Clear, Paragraph, Row, Table, Wrap};

use super::Theme;

/// A column of a table: its title, its width, and how much it matters
/// (0 = always shown; higher numbers are dropped first when narrow).
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub title: &'static str,
    pub width: u16,
    pub priority: u8,
    /// Takes the space left over.
    pub grow: bool,
}

impl Column {
    pub const fn new(title: &'static str, width: u16, priority: u8) -> Self {
        Self {
            title,
            width,
            priority,
            grow: false,
        }
    }
    pub const fn grow(title: &'static str, width: u16, priority: u8) -> Self {
        Self {
            title,
            width,
            priority,
            grow: true,
        }
    }
}

/// The columns that fit in `width` (indices into `columns`, in order): the
/// lowest-priority columns are dropped until the rest fit.
pub fn fit_columns(columns: &[Column], width: u16) -> Vec<usize> {
    let mut kept: Vec<usize> = (0..columns.len()).collect();
    loop {
        let need: u16 = kept.iter().map(|&i| columns[i].width + 1).sum::<u16>() + 2;
        if need <= width || kept.len() <= 1 {
            return kept;
        }
        let Some((pos, _)) = kept
            .iter()
            .enumerate()
            .filter(|(_, i)| columns[**i].priority > 0)
            .max_by_key(|(pos, i)| (columns[**i].priority, *pos))
        else {
            return kept;
        };
        kept.remove(pos);
    }
}

/// One table row to draw: its cells (already in column order) and styles.
pub struct TableRow<'a> {
    pub cells: Vec<Cell<'a>>,
    pub selected: bool,
}

/// Draws a table whose rows are only the visible ones. The first column is
/// a marker (`›`) on the selected row, so selection does not rest on colour.
pub fn table(
    frame: &mut Frame,
    area: Rect,
    theme: Theme,
    columns: &[Column],
    header: &[String],
    rows: Vec<TableRow<'_>>,
) {
    let mut widths = vec![Constraint::Length(1)];
    widths.extend(columns.iter().map(|c| {
        if c.grow {
            Constraint::Min(c.width)
        } else {
            Constraint::Length(c.width)
        }
    }));
    let header = Row::new(
        std::iter::once(Cell::from("")).chain(header.iter().map(|h| Cell::from(h.clone()))),
    )
    .style(theme.header());
    let rows = rows.into_iter().map(|r| {
        let marker = if r.selected { "›" } else { " " };
        let row = Row::new(std::iter::once(Cell::from(marker)).chain(r.cells));
        if r.selected {
            row.style(theme.selected())
        } else {
            row
        }
    });
    frame.render_widget(
        Table::new(rows, widths).header(header).column_spacing(1),
        area,
    );
}

/// A rectangle of at most `width`×`height` centred in `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

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
