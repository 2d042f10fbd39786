//! The events list: the root screen.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Cell;

use crate::api::ApiError;
use crate::api::model::{Event, Page};
use crate::app::cmd::Cmd;
use crate::app::model::{Model, Nav, Progress, Screen};
use crate::app::msg::ReqId;
use crate::ui::Theme;
use crate::ui::widgets::{self, Column, TableRow};

use super::{below, dates, rows_height, sold, state};

/// The events list state.
#[derive(Debug, Clone)]
pub struct EventsScreen {
    pub req: ReqId,
    pub events: Vec<Event>,
    pub progress: Progress,
    pub nav: Nav,
}

impl EventsScreen {
    /// A new list and the command that loads it.
    pub fn open(model: &mut Model) -> (Self, Cmd) {
        let req = model.req();
        (
            Self {
                req,
                events: Vec::new(),
                progress: Progress::Loading { done: 0, total: 0 },
                nav: Nav::default(),
            },
            Cmd::LoadEvents { req },
        )
    }

    /// Reads the list again, keeping the selection by id.
    pub fn refresh(&mut self, model_req: ReqId) -> Cmd {
        self.req = model_req;
        self.progress = Progress::Loading { done: 0, total: 0 };
        Cmd::LoadEvents { req: model_req }
    }

    pub fn selected(&self) -> Option<&Event> {
        self.events.get(self.nav.selected)
    }

    /// A page arrived for this list.
    pub fn page_in(
        &mut self,
        page: u32,
        pages: u32,
        result: Result<Page<Event>, ApiError>,
        size: (u16, u16),
    ) -> Result<(), ApiError> {
        let keep = self.selected().map(|e| e.id);
        match result {
            Ok(p) => {
                if page <= 1 {
                    self.events.clear();
                }
                for e in p.items {
                    if let Some(old) = self.events.iter_mut().find(|o| o.id == e.id) {
                        *old = e;
                    } else {
                        self.events.push(e);
                    }
                }
                self.progress.page_in(pages);
                if let Some(i) = keep.and_then(|id| self.events.iter().position(|e| e.id == id)) {
                    self.nav.selected = i;
                }
                self.nav
                    .fit(self.events.len(), rows_height(table_area(size)));
                Ok(())
            }
            Err(e) => {
                self.progress = Progress::Failed(e.clone());
                Err(e)
            }
        }
    }
}

/// Where the table goes (header line first).
pub fn table_area(size: (u16, u16)) -> Rect {
    below(size, 1)
}

const COLUMNS: [Column; 6] = [
    Column::grow("name", 26, 0),
    Column::new("dates", 23, 1),
    Column::new("time zone", 16, 4),
    Column::new("location", 9, 3),
    Column::new("sold/stock", 14, 1),
    Column::new("state", 9, 2),
];

/// Opens the selected event.
pub fn open_selected(model: &mut Model) -> Vec<Cmd> {
    let Some(Screen::Events(s)) = model.top() else {
        return vec![];
    };
    let Some(event) = s.selected() else {
        return vec![];
    };
    let id = event.id;
    let title = event.name.clone().unwrap_or_default();
    let (screen, cmds) = super::event::EventScreen::open_id(model, id, title);
    model.stack.push(Screen::Event(screen));
    cmds
}

pub fn view(frame: &mut Frame, s: &EventsScreen, theme: Theme, size: (u16, u16)) {
    let info = below(size, 0);
    let mut spans = vec![Span::styled(
        format!("{} events", widgets::thousands(s.events.len() as u64)),
        theme.header(),
    )];
    spans.extend(progress_spans(&s.progress, theme));
    frame.render_widget(Line::from(spans), Rect { height: 1, ..info });

    let area = table_area(size);
    if s.events.is_empty() {
        let msg = match &s.progress {
            Progress::Loading { .. } => "loading events…".to_string(),
            Progress::Failed(e) => format!(
                "could not load the events: {}",
                crate::app::model::error_text(e)
            ),
            Progress::Done => "no events".to_string(),
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
    // "sold/stock" is as wide as its widest visible value (large venues).
    let mut all_columns = COLUMNS;
    all_columns[4].width = s
        .events
        .iter()
        .skip(s.nav.offset)
        .take(rows_height(area))
        .map(|e| sold(&e.counters, &e.capacity).chars().count())
        .max()
        .and_then(|w| u16::try_from(w).ok())
        .unwrap_or(10)
        .clamp(10, 21);
    let kept = widgets::fit_columns(&all_columns, area.width);
    let columns: Vec<Column> = kept.iter().map(|&i| all_columns[i]).collect();
    let header: Vec<String> = columns.iter().map(|c| c.title.to_string()).collect();
    let h = rows_height(area);
    let rows = s
        .events
        .iter()
        .enumerate()
        .skip(s.nav.offset)
        .take(h)
        .map(|(i, e)| {
            let all = [
                e.name.clone().unwrap_or_default(),
                dates(e.start_date.as_deref(), e.end_date.as_deref()),
                e.timezone.clone().unwrap_or_default(),
                e.location_type.clone().unwrap_or_default(),
                sold(&e.counters, &e.capacity),
                state(e.published, e.active),
            ];
            TableRow {
                cells: kept.iter().map(|&c| Cell::from(all[c].clone())).collect(),
                selected: i == s.nav.selected,
            }
        })
        .collect();
    widgets::table(frame, area, theme, &columns, &header, rows);
}

/// " · loading 3/12 pages" or " · failed: …".
pub fn progress_spans(p: &Progress, theme: Theme) -> Vec<Span<'static>> {
    match p {
        Progress::Loading { done, total } if *total > 0 => vec![Span::styled(
            format!("  ⟳ loading {done}/{total} pages"),
            theme.muted(),
        )],
        Progress::Loading { .. } => vec![Span::styled("  ⟳ loading…", theme.muted())],
        Progress::Done => vec![],
        Progress::Failed(e) => vec![Span::styled(
            format!("  ✗ {}", crate::app::model::error_text(e)),
            theme.error(),
        )],
    }
}
