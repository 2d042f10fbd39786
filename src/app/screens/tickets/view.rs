//! The tickets table: tabs with counts, the filter/sort/progress line, and
//! only the visible rows.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Cell;

use crate::app::model::{Progress, error_text};
use crate::ui::Theme;
use crate::ui::widgets::{self, Column, TableRow};

use super::{TicketsScreen, below, rows_height, table_area};

const COLUMNS: [Column; 8] = [
    Column::new("number", 10, 0),
    Column::grow("attendee", 20, 0),
    Column::grow("e-mail", 28, 1),
    Column::new("status", 10, 0),
    Column::new("type", 8, 3),
    Column::new("created", 19, 2),
    Column::new("price", 8, 4),
    Column::new("order", 10, 5),
];

/// "loading 3/12 pages · 1,200 of 4,800".
pub fn progress_text(s: &TicketsScreen) -> Option<String> {
    match &s.progress {
        Progress::Loading { done, total } => {
            let n = widgets::thousands(s.rows.len() as u64);
            Some(match (total, s.total) {
                (0, _) => "⟳ loading…".to_string(),
                (t, Some(all)) => format!(
                    "⟳ loading {done}/{t} pages · {n} of {}",
                    widgets::thousands(all)
                ),
                (t, None) => format!("⟳ loading {done}/{t} pages · {n}"),
            })
        }
        _ => None,
    }
}

pub fn view(frame: &mut Frame, s: &TicketsScreen, theme: Theme, size: (u16, u16)) {
    let top = below(size, 0);
    // Tabs: "1 all 120 │ 2 confirmed 100 …", the current one marked; tighter
    // separators when the full form does not fit.
    let current = s.tab_index();
    let labels: Vec<String> = s
        .tabs
        .iter()
        .enumerate()
        .map(|(i, (tab, n))| {
            let label = format!(
                "{} {} {}",
                i + 1,
                tab.as_deref().unwrap_or("all"),
                widgets::thousands(*n as u64)
            );
            if i == current {
                format!("[{label}]")
            } else {
                label
            }
        })
        .collect();
    let wide: usize = labels.iter().map(|l| l.chars().count() + 3).sum();
    let sep = if wide <= usize::from(top.width) {
        " │ "
    } else {
        " "
    };
    let mut spans = Vec::new();
    for (i, label) in labels.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(sep, theme.muted()));
        }
        if i == current {
            spans.push(Span::styled(label, theme.selected()));
        } else {
            spans.push(Span::raw(label));
        }
    }
    frame.render_widget(Line::from(spans), Rect { height: 1, ..top });

    // Filter, sort and progress.
    let mut spans = Vec::new();
    if s.filtering || !s.filter.value().is_empty() {
        spans.push(Span::styled("/", theme.key()));
        spans.push(Span::styled(s.filter.value().to_string(), theme.focus()));
        if s.filtering {
            spans.push(Span::styled("▏", theme.focus()));
        }
        spans.push(Span::styled(
            format!(
                "  {} match · Esc clears  ",
                widgets::thousands(s.visible.len() as u64)
            ),
            theme.muted(),
        ));
    } else {
        spans.push(Span::styled(
            format!("{} tickets  ", widgets::thousands(s.visible.len() as u64)),
            theme.muted(),
        ));
    }
    if let Some(p) = progress_text(s) {
        spans.push(Span::styled(format!("{p}  "), theme.muted()));
    }
    if !s.scope.edition
        && let Some(name) = s
            .rows
            .first()
            .and_then(|r| r.ticket.event.as_ref()?.name.clone())
    {
        // The API chose the edition; say which.
        spans.push(Span::styled(format!("edition: {name}  "), theme.muted()));
    }
    if let Some(col) = s.sort {
        spans.push(Span::styled(
            format!(
                "sort: {} {}  ",
                COLUMNS[col.index()].title,
                if s.descending { "▼" } else { "▲" }
            ),
            theme.muted(),
        ));
    }
    if let Progress::Failed(e) = &s.progress {
        spans.push(Span::styled(format!("✗ {}", error_text(e)), theme.error()));
    }
    frame.render_widget(
        Line::from(spans),
        Rect {
            y: top.y + 1,
            height: 1,
            ..top
        },
    );

    let area = table_area(size);
    if s.visible.is_empty() {
        let msg = if s.progress.is_loading() && s.rows.is_empty() {
            "loading tickets…"
        } else if let Progress::Failed(_) = s.progress {
            if s.rows.is_empty() {
                "could not load the tickets (R retries)"
            } else {
                "no tickets match"
            }
        } else if s.rows.is_empty() {
            "no tickets yet (e enrolls someone)"
        } else {
            "no tickets match"
        };
        frame.render_widget(
            Line::styled(format!("  {msg}"), theme.muted()),
            Rect {
                y: area.y + 1,
                height: 1,
                ..area
            },
        );
        return;
    }
    let kept = widgets::fit_columns(&COLUMNS, area.width);
    let columns: Vec<Column> = kept.iter().map(|&i| COLUMNS[i]).collect();
    let header: Vec<String> = kept
        .iter()
        .map(|&i| {
            let title = COLUMNS[i].title;
            match s.sort {
                Some(c) if c.index() == i => {
                    format!("{title} {}", if s.descending { "▼" } else { "▲" })
                }
                _ => title.to_string(),
            }
        })
        .collect();
    let rows = s
        .visible
        .iter()
        .enumerate()
        .skip(s.nav.offset)
        .take(rows_height(area))
        .map(|(pos, &i)| {
            let t = &s.rows[i].ticket;
            let a = t.attendee.clone().unwrap_or_default();
            let status = t.status.clone().unwrap_or_default();
            let all = [
                Cell::from(t.number.clone().unwrap_or_else(|| t.id.to_string())),
                Cell::from(a.full_name()),
                Cell::from(a.email.unwrap_or_default()),
                Cell::from(status.clone()).style(theme.status(&status)),
                Cell::from(t.enrollment_type.clone().unwrap_or_default()),
                Cell::from(t.creation_date.clone().unwrap_or_default()),
                Cell::from(t.price.as_ref().map(|p| p.0.clone()).unwrap_or_default()),
                Cell::from(
                    t.order
                        .as_ref()
                        .and_then(|o| o.number.clone())
                        .unwrap_or_else(|| "–".into()),
                ),
            ];
            TableRow {
                cells: kept.iter().map(|&c| all[c].clone()).collect(),
                selected: pos == s.nav.selected,
            }
        })
        .collect();
    widgets::table(frame, area, theme, &columns, &header, rows);
}
