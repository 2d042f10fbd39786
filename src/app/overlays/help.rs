//! `?`: the keys of the current screen, generated from the keymap in effect
//! (config.toml's `[keys.*]` over the defaults) so help cannot drift from
//! behaviour.

use std::sync::Arc;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::app::keymap::{Keymap, Scope};
use crate::app::layout::Layout;
use crate::app::screens::Ctx;
use crate::ui::{Theme, widgets};

use super::{OverlayComponent, OverlayOutcome};

/// The help window of one screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Help {
    pub scope: Scope,
    pub readonly: bool,
    /// The keys in effect.
    pub keys: Arc<Keymap>,
}

impl OverlayComponent for Help {
    fn key(&mut self, _key: KeyEvent, _ctx: &mut Ctx) -> OverlayOutcome {
        // Any key closes.
        OverlayOutcome::Close(vec![])
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let rows = self.keys.help_rows(self.scope, self.readonly);
        let height = u16::try_from(rows.len() + 4).unwrap_or(u16::MAX);
        let rect = layout.popup(76, height);
        let inner = widgets::popup(
            frame,
            rect,
            theme,
            &format!("Keys · {}", self.scope.title()),
        );
        let global_from = rows.len() - self.keys.global_rows(self.scope);
        let mut lines = Vec::new();
        for (i, (keys, what)) in rows.into_iter().enumerate() {
            if i == global_from {
                lines.push(Line::styled("everywhere", theme.muted()));
            }
            lines.push(Line::from(vec![
                Span::styled(format!("{keys:>16}  "), theme.key()),
                Span::raw(what),
            ]));
        }
        lines.push(Line::styled("any key closes", theme.muted()));
        frame.render_widget(Paragraph::new(lines), inner);
    }
}
