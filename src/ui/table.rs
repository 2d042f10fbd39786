//! The one table renderer every list uses. The caller builds only the rows
//! that are visible; this fits the columns to what those rows hold:
//!
//! - widths are display widths (CJK and emoji count two), never `chars()`;
//! - a column that does not grow is as wide as its widest visible value, so
//!   a number or a ticket number is never cut;
//! - growing columns (names, e-mails) share what is left, up to what their
//!   values need, and are the only ones cut (with `…`);
//! - when the columns do not fit, the lowest-priority column is dropped
//!   whole, then the next.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Cell as RCell, Row, Table};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::Theme;
use crate::i18n::Tongue;

/// How a column's values line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A column of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub title: &'static str,
    /// The narrowest the column is drawn.
    pub min: u16,
    /// 0 = always shown; higher numbers are dropped first when narrow.
    pub priority: u8,
    /// Takes the space left over (and may be cut).
    pub grow: bool,
    pub align: Align,
}

impl Column {
    /// A column as wide as its values.
    pub const fn fixed(title: &'static str, min: u16, priority: u8) -> Self {
        Self {
            title,
            min,
            priority,
            grow: false,
            align: Align::Left,
        }
    }

    /// A column that takes the slack (names, e-mails).
    pub const fn grow(title: &'static str, min: u16, priority: u8) -> Self {
        Self {
            grow: true,
            ..Self::fixed(title, min, priority)
        }
    }

    /// Right-aligned (amounts, counts).
    #[must_use]
    pub const fn right(self) -> Self {
        Self {
            align: Align::Right,
            ..self
        }
    }
}

/// One cell: its text and style.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub style: Style,
}

impl Cell {
    pub fn new(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            style: Style::new(),
        }
    }

    pub fn styled(text: impl Into<String>, style: Style) -> Self {
        Self {
            text: text.into(),
            style,
        }
    }
}

/// What to draw: the columns, the sort, and the visible rows.
#[derive(Debug, Clone)]
pub struct TableView<'a> {
    pub columns: &'a [Column],
    /// The column sorted by and whether descending.
    pub sort: Option<(usize, bool)>,
    /// The visible rows, one cell per column, in column order.
    pub rows: Vec<Vec<Cell>>,
    /// Which of `rows` is selected.
    pub selected: Option<usize>,
    /// Shown instead of the rows when there are none (loading, empty, error).
    pub placeholder: Line<'a>,
    /// Which of `rows` are marked; empty: the list has no marks, and no
    /// mark column is drawn.
    pub marked: Vec<bool>,
}

/// The mark column's sign for a marked row.
pub const MARK: &str = "✓";

/// Display width of `s`.
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// `s` cut to at most `max` columns, ending in `…` when cut: the one way
/// a value is cut on screen (every table's cells, every detail's lines
/// through [`fit_line`], the status bar).
pub fn truncate(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_string();
    }
    cut(s, max)
}

/// `s` cut to `max` columns with `…` as the last, whatever its width.
fn cut(s: &str, max: usize) -> String {
    if max == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > max - 1 {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// A line of styled spans cut to `max` columns, ending in `…` when cut
/// (in the style of the span it cuts); trailing blanks are not text and
/// are dropped before deciding.
pub fn fit_line(line: Line<'static>, max: usize) -> Line<'static> {
    let total: usize = line.spans.iter().map(|s| width(&s.content)).sum();
    if total <= max {
        return line;
    }
    let text_width = total - trailing_blanks(&line);
    if text_width <= max {
        return line;
    }
    let Line {
        spans,
        style,
        alignment,
    } = line;
    let mut budget = max;
    let mut kept = Vec::new();
    for span in spans {
        let w = width(&span.content);
        if w < budget {
            budget -= w;
            kept.push(span);
            continue;
        }
        let content = cut(&span.content, budget);
        kept.push(ratatui::text::Span::styled(content, span.style));
        break;
    }
    Line {
        spans: kept,
        style,
        alignment,
    }
}

/// Columns of blanks at the end of `line`.
fn trailing_blanks(line: &Line<'_>) -> usize {
    let mut n = 0;
    for span in line.spans.iter().rev() {
        let trimmed = span.content.trim_end_matches(' ');
        n += span.content.len() - trimmed.len();
        if !trimmed.is_empty() {
            break;
        }
    }
    n
}

/// The title of column `i` in `t`'s words, with the sort marker when it
/// is the sort column.
fn title(columns: &[Column], sort: Option<(usize, bool)>, i: usize, t: &Tongue) -> String {
    let words = t.column(columns[i].title);
    match sort {
        Some((c, desc)) if c == i => {
            format!("{words} {}", if desc { "▼" } else { "▲" })
        }
        _ => words,
    }
}

/// The columns kept (indices, in order) and their widths, for a table
/// `width` columns wide whose visible rows are `rows`, its titles in
/// English.
pub fn fit(
    columns: &[Column],
    sort: Option<(usize, bool)>,
    rows: &[Vec<Cell>],
    total: u16,
) -> Vec<(usize, u16)> {
    fit_in(columns, sort, rows, total, Tongue::english())
}

/// [`fit`], its titles in `t`'s words.
fn fit_in(
    columns: &[Column],
    sort: Option<(usize, bool)>,
    rows: &[Vec<Cell>],
    total: u16,
    t: &Tongue,
) -> Vec<(usize, u16)> {
    // The column sorted by is never dropped: the sort shown must be seen.
    let kept_sort: Vec<Column>;
    let columns = match sort {
        Some((s, _)) if s < columns.len() => {
            kept_sort = columns
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    if i == s {
                        Column { priority: 0, ..*c }
                    } else {
                        *c
                    }
                })
                .collect();
            kept_sort.as_slice()
        }
        _ => columns,
    };
    // The widest value of each column.
    let widest: Vec<usize> = (0..columns.len())
        .map(|i| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|c| width(&c.text))
                .max()
                .unwrap_or(0)
        })
        .collect();
    // What each column needs: fixed ones all of their widest value.
    let need: Vec<usize> = (0..columns.len())
        .map(|i| {
            let values = widest[i];
            let head = width(&title(columns, sort, i, t));
            let min = usize::from(columns[i].min);
            if columns[i].grow {
                min.max(head.min(min.max(1)))
            } else {
                min.max(values).max(head)
            }
        })
        .collect();
    let want: Vec<usize> = (0..columns.len())
        .map(|i| {
            need[i]
                .max(widest[i])
                .max(width(&title(columns, sort, i, t)))
        })
        .collect();
    let total = usize::from(total);
    // The selection marker and one space between columns.
    let used = |kept: &[usize]| 1 + kept.iter().map(|&i| need[i] + 1).sum::<usize>();
    // The kept columns' widths, what is left after their needs shared out.
    let shared = |kept: &[usize]| {
        share(
            columns,
            &need,
            &want,
            kept,
            total.saturating_sub(used(kept)),
        )
    };
    let mut kept: Vec<usize> = (0..columns.len()).collect();
    while used(&kept) > total {
        if !drop_lowest(columns, &mut kept, 0) {
            break;
        }
    }
    // A name cut short matters more than a column of less priority: drop
    // those while a growing column is starved (up to a sensible width, so
    // one 2,000-character name does not clear the table).
    loop {
        let widths = shared(&kept);
        let starved = kept
            .iter()
            .zip(&widths)
            .filter(|&(&i, &w)| columns[i].grow && w < want[i].min(need[i].max(STARVED)))
            .map(|(&i, _)| columns[i].priority)
            .min();
        match starved {
            Some(p) if drop_lowest(columns, &mut kept, p) => {}
            _ => break,
        }
    }
    // What is left after the growing columns had their fill takes back the
    // dropped columns that fit, the most important first.
    let widths = shared(&kept);
    let extra = widths.iter().sum::<usize>() - kept.iter().map(|&i| need[i]).sum::<usize>();
    let mut left = total.saturating_sub(used(&kept) + extra);
    let mut dropped: Vec<usize> = (0..columns.len()).filter(|i| !kept.contains(i)).collect();
    dropped.sort_by_key(|&i| (columns[i].priority, i));
    for i in dropped {
        if need[i] < left {
            left -= need[i] + 1;
            let at = kept.partition_point(|&k| k < i);
            kept.insert(at, i);
        }
    }
    let widths = shared(&kept);
    kept.into_iter()
        .zip(widths)
        .map(|(i, w)| (i, u16::try_from(w).unwrap_or(u16::MAX)))
        .collect()
}

/// Below this width a growing column counts as starved.
const STARVED: usize = 30;

/// Drops the kept column of the lowest priority (the highest number) above
/// `above`; false when there is none.
fn drop_lowest(columns: &[Column], kept: &mut Vec<usize>, above: u8) -> bool {
    let Some(pos) = kept
        .iter()
        .enumerate()
        .filter(|(_, i)| columns[**i].priority > above)
        .max_by_key(|(pos, i)| (columns[**i].priority, *pos))
        .map(|(pos, _)| pos)
    else {
        return false;
    };
    kept.remove(pos);
    true
}

/// The widths of the kept columns: each its need, and the growing ones
/// share `slack`, each up to what its values want.
fn share(
    columns: &[Column],
    need: &[usize],
    want: &[usize],
    kept: &[usize],
    mut slack: usize,
) -> Vec<usize> {
    let mut widths: Vec<usize> = kept.iter().map(|&i| need[i]).collect();
    loop {
        let hungry: Vec<usize> = (0..kept.len())
            .filter(|&k| columns[kept[k]].grow && widths[k] < want[kept[k]])
            .collect();
        if hungry.is_empty() || slack == 0 {
            return widths;
        }
        let each = (slack / hungry.len()).max(1);
        for k in hungry {
            let give = each.min(want[kept[k]] - widths[k]).min(slack);
            widths[k] += give;
            slack -= give;
        }
    }
}

/// Draws the table into `area`: header, then the rows (or the placeholder).
/// The selected row starts with `›`, so selection does not rest on colour.
pub fn render(frame: &mut Frame, area: Rect, theme: Theme, table: TableView<'_>) {
    if area.height == 0 {
        return;
    }
    // Marks take a column of one (and its space) after the selection's.
    let marks = !table.marked.is_empty();
    let room = if marks {
        area.width.saturating_sub(2)
    } else {
        area.width
    };
    let fitted = fit_in(table.columns, table.sort, &table.rows, room, theme.tongue());
    let mut widths = vec![Constraint::Length(1)];
    if marks {
        widths.push(Constraint::Length(1));
    }
    widths.extend(fitted.iter().map(|&(_, w)| Constraint::Length(w)));
    let lead = if marks { vec!["", ""] } else { vec![""] };
    let header = Row::new(
        lead.into_iter().map(RCell::from).chain(
            fitted
                .iter()
                .map(|&(i, _)| RCell::from(title(table.columns, table.sort, i, theme.tongue()))),
        ),
    )
    .style(theme.header());
    if table.rows.is_empty() {
        frame.render_widget(Table::new(Vec::<Row>::new(), widths).header(header), area);
        if area.height > 1 {
            let line = Rect {
                y: area.y + 1,
                height: 1,
                ..area
            };
            frame.render_widget(table.placeholder, line);
        }
        return;
    }
    let rows = table.rows.into_iter().enumerate().map(|(n, cells)| {
        let selected = table.selected == Some(n);
        let marker = if selected { "›" } else { " " };
        let mut lead = vec![RCell::from(marker)];
        if marks {
            let is_marked = table.marked.get(n).copied().unwrap_or(false);
            lead.push(RCell::from(if is_marked { MARK } else { " " }).style(theme.key()));
        }
        let row = Row::new(lead.into_iter().chain(fitted.iter().map(|&(i, w)| {
            let cell = cells.get(i).cloned().unwrap_or_default();
            let w = usize::from(w);
            let text = truncate(&cell.text, w);
            let text = match table.columns[i].align {
                Align::Right => format!("{}{text}", " ".repeat(w.saturating_sub(width(&text)))),
                Align::Left => text,
            };
            RCell::from(text).style(cell.style)
        })));
        if selected {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn row(cells: &[&str]) -> Vec<Cell> {
        cells.iter().map(|c| Cell::new(*c)).collect()
    }

    const COLS: [Column; 3] = [
        Column::fixed("number", 6, 0),
        Column::grow("name", 8, 0),
        Column::fixed("sold", 4, 1),
    ];

    #[test]
    fn a_line_cut_ends_in_an_ellipsis_in_the_style_of_what_it_cuts() {
        use ratatui::style::Stylize;
        use ratatui::text::Span;
        let line = || {
            Line::from(vec![
                Span::raw("  e-mail  "),
                Span::raw("arjun.rossi147@example.org").bold(),
                Span::raw("   "),
            ])
        };
        let text = |l: &Line<'_>| {
            l.spans
                .iter()
                .map(|s| s.content.as_ref())
                .collect::<String>()
        };
        // Fits, its trailing blanks aside: whole.
        assert_eq!(
            text(&fit_line(line(), 36)),
            "  e-mail  arjun.rossi147@example.org   "
        );
        let cut = fit_line(line(), 32);
        assert_eq!(text(&cut), "  e-mail  arjun.rossi147@exampl…");
        assert_eq!(width(&text(&cut)), 32);
        assert_eq!(cut.spans[1].style, Style::new().bold());
        // A cut at a span's end still ends in the ellipsis.
        assert_eq!(text(&fit_line(line(), 10)), "  e-mail …");
        assert_eq!(text(&fit_line(line(), 0)), "");
    }

    #[test]
    fn fixed_columns_are_as_wide_as_their_widest_value() {
        let rows = vec![row(&["TK-000041", "Ana", "79,870 / 120,000"])];
        let fitted = fit(&COLS, None, &rows, 160);
        assert_eq!(fitted[0], (0, 9));
        assert_eq!(fitted[2], (2, 16));
        // The name wants only its own width.
        assert_eq!(fitted[1], (1, 8));
    }

    #[test]
    fn a_column_that_does_not_fit_is_dropped_whole() {
        let rows = vec![row(&["TK-000041", "Ana García", "79,870 / 120,000"])];
        let fitted = fit(&COLS, None, &rows, 30);
        assert_eq!(
            fitted.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
            vec![0, 1]
        );
        assert_eq!(fitted[0].1, 9, "the number keeps its width");
    }

    #[test]
    fn growing_columns_share_the_slack_up_to_what_they_need() {
        let rows = vec![row(&["1", "a very long name indeed", "3"])];
        let fitted = fit(&COLS, None, &rows, 200);
        assert_eq!(fitted[1].1, 23);
        assert_eq!(fitted.len(), 3);
    }

    #[test]
    fn a_starved_name_pushes_out_a_column_of_less_priority() {
        let rows = vec![row(&["1", "a very long name indeed", "3"])];
        // With all three the name would get its minimum, 8: `sold` goes.
        let fitted = fit(&COLS, None, &rows, 20);
        assert_eq!(fitted, vec![(0, 6), (1, 11)]);
        // A name that fits at its minimum leaves every column in.
        let rows = vec![row(&["1", "Ana", "3"])];
        assert_eq!(fit(&COLS, None, &rows, 22).len(), 3);
    }

    #[test]
    fn widths_are_display_widths() {
        assert_eq!(width("山田太郎"), 8);
        assert_eq!(truncate("山田太郎", 5), "山田…");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("abcd", 3), "ab…");
        let rows = vec![row(&["山田太郎", "x", "y"])];
        assert_eq!(fit(&COLS, None, &rows, 80)[0].1, 8);
    }

    #[test]
    fn the_sort_marker_counts_in_the_header_width() {
        let rows = vec![row(&["1", "x", "2"])];
        assert_eq!(fit(&COLS, Some((2, true)), &rows, 80)[2].1, 6);
    }
}
