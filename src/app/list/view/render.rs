//! How a list draws: its info line (count or filter, progress, sort,
//! trouble), its table of the visible rows, and what it says when empty.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::app::list::ListRow;
use crate::app::state::{Progress, retry_hint};
use crate::ui::Theme;
use crate::ui::table::{self, Cell, Column, TableView};
use crate::ui::widgets::thousands;

use super::{ListView, TableSpec};

impl<R: ListRow> ListView<R> {
    /// "loading 3/12 pages · 1,200 of 4,800" while the list streams in;
    /// "refreshing 3/12 pages" while a second read loads behind it; in
    /// `t`'s words (its counts grouped as English groups them: the caller
    /// groups them as the language does, `Tongue::grouped`).
    pub fn progress_text(&self, t: &crate::i18n::Tongue) -> Option<String> {
        if let Some(p) = &self.pending {
            let pages = match p.progress {
                Progress::Loading { done, total } if total > 0 => {
                    t.ta("list-refresh-pages", &[("done", &done), ("total", &total)])
                }
                _ => String::new(),
            };
            let note = self
                .note
                .as_deref()
                .map(|n| format!("{n} · "))
                .unwrap_or_default();
            return Some(format!(
                "{note}{}",
                t.ta("list-refreshing", &[("pages", &pages)])
            ));
        }
        match &self.list.progress {
            Progress::Loading { done, total } => {
                let n = thousands(self.list.len() as u64);
                Some(match (total, self.list.total) {
                    (0, _) => t.t("list-progress-loading"),
                    (total, Some(all)) => t.ta(
                        "list-progress-pages-of",
                        &[
                            ("done", done),
                            ("total", total),
                            ("count", &n),
                            ("all", &thousands(all)),
                        ],
                    ),
                    (total, None) => t.ta(
                        "list-progress-pages",
                        &[("done", done), ("total", total), ("count", &n)],
                    ),
                })
            }
            Progress::Done | Progress::Failed(_) | Progress::StoreFailed(_) => None,
        }
    }

    /// The line above the table: filter or count, progress, sort, trouble.
    pub fn info_line(&self, noun: &str, theme: Theme) -> Line<'static> {
        let t = theme.tongue();
        let thousands = |n: u64| t.number(n);
        let mut spans = Vec::new();
        let shown = thousands(self.visible.len() as u64);
        if self.filtering || !self.filter.value().is_empty() {
            spans.push(Span::styled("/", theme.key()));
            spans.push(Span::styled(self.filter.value().to_string(), theme.focus()));
            if self.filtering {
                spans.push(Span::styled("▏", theme.focus()));
            }
            let matches = if self.visible.len() == 1 {
                "match"
            } else {
                "matches"
            };
            // What Enter does here is said where it is typed.
            let keys = if self.filtering && self.opens_on_enter() {
                " · Enter opens · Tab keeps"
            } else {
                ""
            };
            // The best match's name is shared: say so, the person on the
            // call may be another of them.
            let namesakes = self
                .namesakes()
                .map(|(n, name)| {
                    t.ta(
                        "list-namesakes",
                        &[("count", &thousands(n as u64)), ("name", &name)],
                    )
                })
                .unwrap_or_default();
            let said = if t.lang == crate::i18n::Lang::EN {
                format!("  {shown} {matches}{namesakes}{keys} · Esc clears  ")
            } else {
                let keys = if keys.is_empty() {
                    String::new()
                } else {
                    format!(" · {}", t.t("list-enter-tab"))
                };
                let count = self.visible.len().to_string();
                format!(
                    "  {}{namesakes}{keys} · {}  ",
                    t.ta("list-matches", &[("count", &count), ("shown", &shown)]),
                    t.t("list-esc-clears")
                )
            };
            spans.push(Span::styled(said, theme.muted()));
        } else {
            let noun = if self.visible.len() == 1 {
                noun.strip_suffix('s').unwrap_or(noun)
            } else {
                noun
            };
            let noun = if t.lang == crate::i18n::Lang::EN {
                noun.to_owned()
            } else {
                t.list_noun(noun)
            };
            spans.push(Span::styled(format!("{shown} {noun}  "), theme.muted()));
        }
        if !self.marks.is_empty() {
            spans.push(Span::styled(
                format!(
                    "{}  ",
                    t.ta(
                        "list-marked",
                        &[("count", &thousands(self.marks.len() as u64))]
                    )
                ),
                theme.key(),
            ));
        }
        if let Some(p) = self.progress_text(t) {
            spans.push(Span::styled(format!("{}  ", t.grouped(&p)), theme.muted()));
        }
        if let Some(sort) = self.sort
            && let Some(col) = self.columns.get(sort.column)
        {
            spans.push(Span::styled(
                format!(
                    "{} {} {}  ",
                    t.t("list-sort"),
                    t.column(col.column.title),
                    if sort.descending { "▼" } else { "▲" }
                ),
                theme.muted(),
            ));
        }
        if self.list.skipped > 0 {
            spans.push(Span::styled(
                format!(
                    "⚠ {}  ",
                    t.ta(
                        "list-unreadable",
                        &[("count", &thousands(self.list.skipped as u64))]
                    )
                ),
                theme.error(),
            ));
        }
        match &self.list.progress {
            Progress::Failed(e) => {
                let hint = if retry_hint(e).is_empty() {
                    String::new()
                } else {
                    t.t("list-retries")
                };
                spans.push(Span::styled(
                    format!("✗{hint} {}", t.api_error(e)),
                    theme.error(),
                ));
            }
            Progress::StoreFailed(e) => {
                spans.push(Span::styled(
                    format!("✗ {}", t.store_error(e)),
                    theme.error(),
                ));
            }
            Progress::Loading { .. } | Progress::Done => {}
        }
        Line::from(spans)
    }

    /// What the table says when it has no rows to show.
    pub(super) fn placeholder(&self, noun: &str, empty: &str, t: &crate::i18n::Tongue) -> String {
        let loading = self.list.progress.is_loading();
        if self.list.is_empty() {
            return match &self.list.progress {
                Progress::Loading { .. } => t.ta("list-loading", &[("noun", &t.list_noun(noun))]),
                Progress::Failed(e) => t.ta(
                    "list-load-failed",
                    &[
                        ("noun", &t.list_noun(noun)),
                        (
                            "hint",
                            &if retry_hint(e).is_empty() {
                                String::new()
                            } else {
                                t.t("list-retries")
                            },
                        ),
                        ("error", &t.api_error(e)),
                    ],
                ),
                Progress::StoreFailed(e) => t.ta(
                    "list-load-failed",
                    &[
                        ("noun", &t.list_noun(noun)),
                        ("hint", &""),
                        ("error", &t.store_error(e)),
                    ],
                ),
                Progress::Done => empty.to_string(),
            };
        }
        match (loading, self.progress_text(t)) {
            // Never a verdict before the list is complete.
            (true, Some(p)) => t.ta(
                "list-no-match-yet",
                &[("progress", &t.grouped(p.trim_start_matches("⟳ ")))],
            ),
            _ => t.ta("list-no-match", &[("noun", &t.list_noun(noun))]),
        }
    }

    /// The cells of `row` as its columns' fields write them (a screen with
    /// cells of its own, a styled status, passes its own to `render_table`).
    pub fn cells(&self, row: &R) -> Vec<Cell> {
        self.columns
            .iter()
            .map(|c| Cell::new(c.field.value(row)))
            .collect()
    }

    /// Draws the visible rows through the one table renderer.
    pub fn render_table(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: Theme,
        spec: &TableSpec<'_>,
        cells: impl Fn(&R) -> Vec<Cell>,
    ) {
        let TableSpec { noun, empty } = *spec;
        let columns: Vec<Column> = self.columns.iter().map(|c| c.column).collect();
        let shown: Vec<&R> = (self.nav.offset..self.visible.len())
            .take(self.height)
            .filter_map(|pos| self.visible_row(pos))
            .collect();
        let marked: Vec<bool> = if self.marks.is_empty() {
            Vec::new()
        } else {
            shown.iter().map(|r| self.marks.contains(r.id())).collect()
        };
        let mut rows: Vec<Vec<Cell>> = shown.into_iter().map(&cells).collect();
        // Dates and counts as the staff's language writes them (English:
        // as sent); sorting and exports read the fields, not these.
        let t = theme.tongue();
        if t.lang != crate::i18n::Lang::EN {
            for row in &mut rows {
                for (cell, col) in row.iter_mut().zip(self.columns.iter()) {
                    if matches!(col.field.name, "creation_date" | "date" | "dates") {
                        cell.text = t.dates_in(&cell.text);
                    }
                    if col.column.align == table::Align::Right {
                        cell.text = t.grouped(&cell.text);
                    }
                }
            }
        }
        let placeholder = Line::styled(
            format!("  {}", self.placeholder(noun, empty, t)),
            theme.muted(),
        );
        table::render(
            frame,
            area,
            theme,
            TableView {
                columns: &columns,
                sort: self.sort.map(|s| (s.column, s.descending)),
                rows,
                selected: self.nav.selected.checked_sub(self.nav.offset),
                placeholder,
                marked,
            },
        );
    }
}
