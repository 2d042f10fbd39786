//! `:filters`: the saved filters of this kind of list, read from the
//! business's file; `Enter` applies the one selected, `Esc` closes.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::text::{Line, Span};

use crate::app::command::Command;
use crate::app::ctx::Ctx;
use crate::app::layout::Layout;
use crate::app::msg::Reply;
use crate::app::state::{ReqId, ToastKind};
use crate::app::views::SavedView;
use crate::ui::table::truncate;
use crate::ui::{Theme, widgets};

use super::{OverlayComponent, OverlayOutcome};

/// The saved filters' picker.
#[derive(Debug, Clone)]
pub struct ViewsPicker {
    req: ReqId,
    /// The list's column titles, to name the sort.
    columns: Vec<&'static str>,
    /// `None` while the file is read.
    views: Option<Vec<(String, SavedView)>>,
    selected: usize,
    /// The language it opened in (a reply comes without the context).
    lang: crate::i18n::Lang,
}

impl ViewsPicker {
    pub fn new(req: ReqId, columns: Vec<&'static str>, lang: crate::i18n::Lang) -> Self {
        Self {
            req,
            columns,
            views: None,
            selected: 0,
            lang,
        }
    }
}

impl OverlayComponent for ViewsPicker {
    fn key(&mut self, key: KeyEvent, _ctx: &mut Ctx) -> OverlayOutcome {
        let n = self.views.as_ref().map_or(0, Vec::len);
        match key.code {
            KeyCode::Down | KeyCode::Char('j') => {
                self.selected = (self.selected + 1).min(n.saturating_sub(1));
                OverlayOutcome::Stay
            }
            KeyCode::Up | KeyCode::Char('k') => {
                self.selected = self.selected.saturating_sub(1);
                OverlayOutcome::Stay
            }
            KeyCode::Enter => match self.views.as_ref().and_then(|v| v.get(self.selected)) {
                Some((_, view)) => OverlayOutcome::Command(Command::ApplyView(view.clone())),
                None => OverlayOutcome::Close(vec![]),
            },
            _ => OverlayOutcome::Close(vec![]),
        }
    }

    fn owns(&self, req: ReqId) -> bool {
        self.req == req
    }

    fn reply(&mut self, _req: ReqId, reply: Reply) -> OverlayOutcome {
        let t = self.lang.tongue();
        match reply {
            Reply::Views(Ok(views)) if views.is_empty() => {
                OverlayOutcome::CloseWith(ToastKind::Info, t.t("views-none-yet"))
            }
            Reply::Views(Ok(views)) => {
                self.views = Some(views);
                OverlayOutcome::Stay
            }
            Reply::Views(Err(e)) => OverlayOutcome::CloseWith(ToastKind::Error, t.said(&e)),
            _ => OverlayOutcome::Stay,
        }
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let t = theme.tongue();
        let title = t.t("views-title");
        let inner = widgets::popup(frame, layout.popup(60, 12), theme, &title);
        let width = usize::from(inner.width);
        let mut lines = Vec::new();
        match &self.views {
            None => lines.push(Line::styled(t.t("views-reading"), theme.muted())),
            Some(views) => {
                for (i, (name, view)) in views.iter().enumerate() {
                    let marker = if i == self.selected { "› " } else { "  " };
                    let style = if i == self.selected {
                        theme.selected()
                    } else {
                        theme.base()
                    };
                    let text = format!("{marker}{name}  ");
                    let rest = width.saturating_sub(crate::ui::table::width(&text));
                    lines.push(Line::from(vec![
                        Span::styled(text, style),
                        Span::styled(
                            truncate(&view.describe(&self.columns, t), rest),
                            theme.muted(),
                        ),
                    ]));
                }
            }
        }
        let keys = Line::from(vec![
            Span::styled("Enter", theme.key()),
            Span::raw(format!(" {}    ", t.t("views-key-apply"))),
            Span::styled(t.t("views-key-other"), theme.key()),
            Span::raw(format!(" {}", t.t("views-key-close"))),
        ]);
        super::text_above_keys(frame, inner, lines, keys);
    }
}
