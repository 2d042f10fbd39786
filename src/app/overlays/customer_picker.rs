//! Enroll an existing customer: pick one from all customer pages (type to
//! filter by name or e-mail), confirm, send once.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::layout::{Layout, line};
use crate::app::list::rows::CustomerRow;
use crate::app::list::{Col, ListQuery, ListView, TableSpec};
use crate::app::msg::Reply;
use crate::app::state::{ReqId, Step, ToastKind};
use crate::ui::table::Column;
use crate::ui::{Theme, widgets};

use super::{OverlayComponent, OverlayOutcome, Sent};

/// Where the picker is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PickerStage {
    Picking,
    /// "Enroll this customer?"
    Confirm(CustomerRow),
    /// Sent; waiting for `req`.
    Sending(ReqId, CustomerRow),
}

/// The customer picker state.
#[derive(Debug, Clone)]
pub struct CustomerPicker {
    pub event_id: u64,
    pub target: String,
    pub customers: ListView<CustomerRow>,
    pub stage: PickerStage,
    /// The API's message and code after a failed send.
    pub error: Option<String>,
    /// That send was refused: the same one is not offered again.
    pub refused: bool,
    /// The language of what it tells (its answers come without the context).
    pub lang: crate::i18n::Lang,
}

/// The picker's view of the customers (the customers tab is another).
const COLUMNS: [Col<CustomerRow>; 3] = [
    Col::new(Column::grow("name", 12, 0), &CustomerRow::NAME),
    Col::new(Column::grow("e-mail", 16, 0), &CustomerRow::EMAIL),
    Col::new(Column::fixed("id", 2, 1).right(), &CustomerRow::ID),
];

impl CustomerPicker {
    /// The picker for `event_id` in a body of `body`, speaking `lang`.
    pub fn open(
        event_id: u64,
        target: String,
        req: ReqId,
        (body, lang): (Rect, crate::i18n::Lang),
    ) -> (Self, Cmd) {
        let mut customers = ListView::new(req, &COLUMNS);
        // The filter line always has the keys here.
        customers.filtering = true;
        customers.set_height(list_height(&Layout::new((body.width, body.height + 2))));
        (
            Self {
                event_id,
                target,
                customers,
                stage: PickerStage::Picking,
                error: None,
                refused: false,
                lang,
            },
            Cmd::LoadList {
                req,
                list: ListQuery::Customers,
            },
        )
    }

    pub fn selected(&self) -> Option<&CustomerRow> {
        self.customers.selected()
    }
}

/// The popup's area.
fn area(layout: &Layout) -> Rect {
    super::list_popup(layout, 90)
}

/// The table inside the popup (below the target and filter lines, above the hint).
fn table_area(layout: &Layout) -> Rect {
    super::list_popup_table(area(layout))
}

/// Customer rows the popup shows.
fn list_height(layout: &Layout) -> usize {
    crate::app::list::rows_height(table_area(layout))
}

impl OverlayComponent for CustomerPicker {
    fn asks(&self) -> bool {
        matches!(self.stage, PickerStage::Confirm(_))
    }

    fn typing(&self) -> bool {
        matches!(self.stage, PickerStage::Picking)
    }

    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        match self.stage.clone() {
            PickerStage::Sending(..) => OverlayOutcome::Stay,
            PickerStage::Confirm(c) => match key.code {
                KeyCode::Char('y' | 'Y') | KeyCode::Enter if !self.refused => {
                    self.error = None;
                    let req = ctx.ids.take();
                    self.stage = PickerStage::Sending(req, c.clone());
                    OverlayOutcome::Run(vec![Cmd::EnrollCustomer {
                        req,
                        event_id: self.event_id,
                        customer_id: c.id,
                        enrollment_type: "paid".into(),
                    }])
                }
                KeyCode::Esc | KeyCode::Char('n' | 'N') => {
                    self.stage = PickerStage::Picking;
                    self.error = None;
                    self.refused = false;
                    OverlayOutcome::Stay
                }
                _ => OverlayOutcome::Stay,
            },
            PickerStage::Picking => {
                match key.code {
                    // The customers still streaming are cancelled by the app.
                    KeyCode::Esc => return OverlayOutcome::Close(vec![]),
                    KeyCode::Enter => {
                        if let Some(c) = self.selected() {
                            self.stage = PickerStage::Confirm(c.clone());
                        }
                    }
                    KeyCode::PageDown => self.customers.step(Step::PageDown),
                    KeyCode::PageUp => self.customers.step(Step::PageUp),
                    _ => {
                        let before = self.customers.filter.value().to_string();
                        self.customers.filter_key(key);
                        // The filter line never closes here.
                        self.customers.filtering = true;
                        if self.customers.filter.value() != before {
                            self.customers.select(0);
                        }
                    }
                }
                OverlayOutcome::Stay
            }
        }
    }

    fn owns(&self, req: ReqId) -> bool {
        self.customers.owns(req)
    }

    fn reply(&mut self, req: ReqId, reply: Reply) -> OverlayOutcome {
        match reply {
            Reply::Page(page) => {
                match self
                    .customers
                    .reply(req, page, ("customers", self.lang.tongue()))
                {
                    Some(text) => OverlayOutcome::Toast(ToastKind::Error, text),
                    None => OverlayOutcome::Stay,
                }
            }
            _ => OverlayOutcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        self.customers.streaming()
    }

    fn sending(&self) -> Option<ReqId> {
        match &self.stage {
            PickerStage::Sending(req, _) => Some(*req),
            PickerStage::Picking | PickerStage::Confirm(_) => None,
        }
    }

    fn send_failed(&mut self, text: String, refused: bool) {
        if let PickerStage::Sending(_, c) = &self.stage {
            self.stage = PickerStage::Confirm(c.clone());
        }
        self.error = Some(text);
        self.refused = refused;
    }

    fn sent_what(&self) -> Sent {
        let customer = match &self.stage {
            PickerStage::Sending(_, c) | PickerStage::Confirm(c) => Some(c),
            PickerStage::Picking => None,
        };
        Sent {
            who: customer.map(|c| c.email().to_string()).unwrap_or_default(),
            target: self.target.clone(),
            event_id: Some(self.event_id),
            customer_id: customer.map(|c| c.id),
        }
    }

    fn fit(&mut self, layout: &Layout) {
        self.customers.set_height(list_height(layout));
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let t = theme.tongue();
        let inner = widgets::popup(frame, area(layout), theme, &t.t("picker-customer-title"));
        frame.render_widget(
            Line::from(vec![
                Span::styled(format!("{} ", t.t("enroll-into")), theme.muted()),
                Span::styled(self.target.clone(), theme.header()),
            ]),
            line(inner, 0),
        );
        let mut spans = vec![
            Span::styled(format!("{} ", t.t("picker-filter")), theme.muted()),
            Span::styled(self.customers.filter.value().to_string(), theme.focus()),
            Span::styled("▏", theme.focus()),
            Span::styled(
                format!(
                    "  {}  ",
                    t.ta(
                        "picker-count",
                        &[
                            ("shown", &t.number(self.customers.visible_len() as u64)),
                            ("total", &t.number(self.customers.list.len() as u64)),
                            ("noun", &t.list_noun("customers")),
                        ]
                    )
                ),
                theme.muted(),
            ),
        ];
        if let Some(p) = self.customers.progress_text(theme.tongue()) {
            spans.push(Span::styled(theme.tongue().grouped(&p), theme.muted()));
        }
        frame.render_widget(Line::from(spans), line(inner, 1));
        self.customers.render_table(
            frame,
            table_area(layout),
            theme,
            &TableSpec {
                noun: "customers",
                empty: &theme.tongue().ta(
                    "empty-none",
                    &[("noun", &theme.tongue().list_noun("customers"))],
                ),
            },
            |c| self.customers.cells(c),
        );
        let footer = match (&self.error, &self.stage) {
            (Some(e), PickerStage::Confirm(_)) if self.refused => Line::styled(
                t.ta("picker-failed-refused", &[("error", e)]),
                theme.error(),
            ),
            (Some(e), PickerStage::Confirm(_)) => {
                Line::styled(t.ta("picker-failed", &[("error", e)]), theme.error())
            }
            (_, PickerStage::Picking) => Line::from(super::picking_hint(theme, true)),
            (_, PickerStage::Confirm(c)) => Line::from(vec![
                Span::styled(
                    format!(
                        "{} ",
                        t.ta(
                            "enroll-customer-ask",
                            &[("who", &c.name()), ("email", &c.email())]
                        )
                    ),
                    theme.header(),
                ),
                Span::styled("y/Enter", theme.key()),
                Span::raw(format!(" {}  ", t.t("ask-key-yes"))),
                Span::styled("n/Esc", theme.key()),
                Span::raw(format!(" {}", t.t("ask-key-back"))),
            ]),
            (_, PickerStage::Sending(_, c)) => Line::styled(
                t.ta("enroll-customer-sending", &[("who", &c.name())]),
                theme.header(),
            ),
        };
        frame.render_widget(footer, line(inner, inner.height.saturating_sub(1)));
    }
}
