//! Enroll an existing customer: pick one from all customer pages (type to
//! filter by name or e-mail), confirm, send once.

use std::collections::HashSet;

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Cell;
use tui_input::Input;
use tui_input::backend::crossterm::to_input_request;

use crate::api::ApiError;
use crate::api::model::{CustomerSummary, Page};
use crate::app::cmd::Cmd;
use crate::app::model::{Nav, Progress};
use crate::app::msg::ReqId;
use crate::ui::Theme;
use crate::ui::widgets::{self, Column, TableRow};

/// Where the picker is.
#[derive(Debug, Clone, PartialEq)]
pub enum PickerStage {
    Picking,
    /// "Enroll this customer?"
    Confirm(CustomerSummary),
    /// Sent; waiting for `req`.
    Sending(ReqId, CustomerSummary),
}

/// The customer picker state.
#[derive(Debug, Clone)]
pub struct CustomerPicker {
    pub event_id: u64,
    pub target: String,
    pub req: ReqId,
    pub customers: Vec<CustomerSummary>,
    /// Lower-case name and e-mail of each customer, for the filter.
    search: Vec<String>,
    ids: HashSet<u64>,
    pub progress: Progress,
    pub filter: Input,
    pub visible: Vec<usize>,
    pub nav: Nav,
    pub stage: PickerStage,
    /// The API's message and code after a failed send.
    pub error: Option<String>,
}

/// What a key did in the picker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PickerOutcome {
    Stay,
    Cancel,
    Send(Cmd),
}

impl CustomerPicker {
    pub fn open(event_id: u64, target: String, req: ReqId) -> (Self, Cmd) {
        (
            Self {
                event_id,
                target,
                req,
                customers: Vec::new(),
                search: Vec::new(),
                ids: HashSet::new(),
                progress: Progress::Loading { done: 0, total: 0 },
                filter: Input::default(),
                visible: Vec::new(),
                nav: Nav::default(),
                stage: PickerStage::Picking,
                error: None,
            },
            Cmd::LoadCustomers { req },
        )
    }

    pub fn page_in(
        &mut self,
        page: u32,
        pages: u32,
        result: Result<Page<CustomerSummary>, ApiError>,
        size: (u16, u16),
    ) -> Result<(), ApiError> {
        match result {
            Ok(p) => {
                if page <= 1 {
                    self.customers.clear();
                    self.search.clear();
                    self.ids.clear();
                    self.visible.clear();
                }
                let needle = crate::search::fold(self.filter.value());
                for c in p.items {
                    if self.ids.insert(c.id) {
                        let text = haystack(&c);
                        if needle.is_empty() || text.contains(&needle) {
                            self.visible.push(self.customers.len());
                        }
                        self.customers.push(c);
                        self.search.push(text);
                    }
                }
                self.progress.page_in(pages);
                self.nav.fit(self.visible.len(), list_height(size));
                Ok(())
            }
            Err(e) => {
                self.progress = Progress::Failed(e.clone());
                Err(e)
            }
        }
    }

    fn recompute(&mut self, size: (u16, u16)) {
        let needle = crate::search::fold(self.filter.value());
        self.visible = self
            .search
            .iter()
            .enumerate()
            .filter(|(_, text)| needle.is_empty() || text.contains(&needle))
            .map(|(i, _)| i)
            .collect();
        self.nav.fit(self.visible.len(), list_height(size));
    }

    pub fn selected(&self) -> Option<&CustomerSummary> {
        self.visible
            .get(self.nav.selected)
            .map(|&i| &self.customers[i])
    }

    pub fn key(&mut self, key: KeyEvent, req: ReqId, size: (u16, u16)) -> PickerOutcome {
        let h = list_height(size);
        match self.stage.clone() {
            PickerStage::Sending(..) => PickerOutcome::Stay,
            PickerStage::Confirm(c) => match key.code {
                KeyCode::Char('y' | 'Y') | KeyCode::Enter => {
                    self.error = None;
                    self.stage = PickerStage::Sending(req, c.clone());
                    PickerOutcome::Send(Cmd::EnrollCustomer {
                        req,
                        event_id: self.event_id,
                        customer_id: c.id,
                        enrollment_type: "paid".into(),
                    })
                }
                KeyCode::Esc | KeyCode::Char('n' | 'N') => {
                    self.stage = PickerStage::Picking;
                    self.error = None;
                    PickerOutcome::Stay
                }
                _ => PickerOutcome::Stay,
            },
            PickerStage::Picking => {
                match key.code {
                    KeyCode::Esc => return PickerOutcome::Cancel,
                    KeyCode::Enter => {
                        if let Some(c) = self.selected() {
                            self.stage = PickerStage::Confirm(c.clone());
                        }
                    }
                    KeyCode::Down => self.nav.move_by(1, self.visible.len(), h),
                    KeyCode::Up => self.nav.move_by(-1, self.visible.len(), h),
                    KeyCode::PageDown => self.nav.move_by(h.cast_signed(), self.visible.len(), h),
                    KeyCode::PageUp => self.nav.move_by(-h.cast_signed(), self.visible.len(), h),
                    _ => {
                        if let Some(r) = to_input_request(&TermEvent::Key(key)) {
                            self.filter.handle(r);
                            self.nav = Nav::default();
                            self.recompute(size);
                        }
                    }
                }
                PickerOutcome::Stay
            }
        }
    }
}

fn haystack(c: &CustomerSummary) -> String {
    crate::search::fold(&format!(
        "{} {} {}",
        c.name.as_deref().unwrap_or(""),
        c.last_name.as_deref().unwrap_or(""),
        c.email
    ))
}

fn full_name(c: &CustomerSummary) -> String {
    [c.name.as_deref(), c.last_name.as_deref()]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The popup's area.
pub fn area(size: (u16, u16)) -> Rect {
    let full = Rect::new(0, 0, size.0, size.1);
    widgets::centered(
        full,
        size.0.saturating_sub(4).min(90),
        size.1.saturating_sub(2).min(24),
    )
}

/// Customer rows the popup shows.
pub fn list_height(size: (u16, u16)) -> usize {
    // Border (2), target and filter lines (2), table header (1), hint (1).
    usize::from(area(size).height.saturating_sub(6)).max(1)
}

const COLUMNS: [Column; 3] = [
    Column::grow("name", 16, 0),
    Column::grow("e-mail", 24, 0),
    Column::new("id", 7, 1),
];

pub fn view(frame: &mut Frame, p: &CustomerPicker, theme: Theme, size: (u16, u16)) {
    let inner = widgets::popup(frame, area(size), theme, "Enroll a customer");
    let line = |y: u16| Rect {
        y: inner.y + y,
        height: 1,
        ..inner
    };
    frame.render_widget(
        Line::from(vec![
            Span::styled("into ", theme.muted()),
            Span::styled(p.target.clone(), theme.header()),
        ]),
        line(0),
    );
    let mut spans = vec![
        Span::styled("filter ", theme.muted()),
        Span::styled(p.filter.value().to_string(), theme.focus()),
        Span::styled("▏", theme.focus()),
        Span::styled(
            format!(
                "  {} of {} customers",
                widgets::thousands(p.visible.len() as u64),
                widgets::thousands(p.customers.len() as u64)
            ),
            theme.muted(),
        ),
    ];
    spans.extend(super::events::progress_spans(&p.progress, theme));
    frame.render_widget(Line::from(spans), line(1));
    let table_area = Rect {
        y: inner.y + 2,
        height: inner.height.saturating_sub(3),
        ..inner
    };
    let kept = widgets::fit_columns(&COLUMNS, table_area.width);
    let columns: Vec<Column> = kept.iter().map(|&i| COLUMNS[i]).collect();
    let header: Vec<String> = columns.iter().map(|c| c.title.to_string()).collect();
    let rows = p
        .visible
        .iter()
        .enumerate()
        .skip(p.nav.offset)
        .take(list_height(size))
        .map(|(pos, &i)| {
            let c = &p.customers[i];
            let all = [full_name(c), c.email.clone(), c.id.to_string()];
            TableRow {
                cells: kept.iter().map(|&k| Cell::from(all[k].clone())).collect(),
                selected: pos == p.nav.selected,
            }
        })
        .collect();
    widgets::table(frame, table_area, theme, &columns, &header, rows);
    let bottom = line(inner.height.saturating_sub(1));
    let footer = match &p.stage {
        PickerStage::Picking => {
            let mut h = widgets::key_hint(theme, "type", "filter");
            h.extend(widgets::key_hint(theme, "↑↓", "move"));
            h.extend(widgets::key_hint(theme, "Enter", "pick"));
            h.extend(widgets::key_hint(theme, "Esc", "cancel"));
            Line::from(h)
        }
        PickerStage::Confirm(c) => Line::from(vec![
            Span::styled(
                format!("Enroll {} <{}> (paid)? ", full_name(c), c.email),
                theme.header(),
            ),
            Span::styled("y/Enter", theme.key()),
            Span::raw(" yes  "),
            Span::styled("n/Esc", theme.key()),
            Span::raw(" back"),
        ]),
        PickerStage::Sending(_, c) => Line::styled(
            format!("⟳ sending… enrolling {}", full_name(c)),
            theme.header(),
        ),
    };
    let footer = match (&p.error, &p.stage) {
        (Some(e), PickerStage::Confirm(_)) => {
            Line::styled(format!("✗ {e}  (y retries, Esc back)"), theme.error())
        }
        _ => footer,
    };
    frame.render_widget(footer, bottom);
}
