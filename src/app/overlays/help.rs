//! `?`: the keys of the current screen, generated from the keymap in effect
//! (config.toml's `[keys.*]` over the defaults) so help cannot drift from
//! behaviour.

use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::app::ctx::Ctx;
use crate::app::keymap::{Keymap, Scope};
use crate::app::layout::Layout;
use crate::ui::{Theme, widgets};

use super::{OverlayComponent, OverlayOutcome};

/// The help window of one screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Help {
    pub scope: Scope,
    pub readonly: bool,
    /// The keys in effect.
    pub keys: Arc<Keymap>,
    /// Lines scrolled past, when the keys do not fit the terminal.
    pub scroll: usize,
}

impl Help {
    pub fn new(scope: Scope, readonly: bool, keys: Arc<Keymap>) -> Self {
        Self {
            scope,
            readonly,
            keys,
            scroll: 0,
        }
    }

    /// The help's lines (the keys, and "everywhere" above the global
    /// ones) and how many of them a terminal `height` lines tall shows
    /// (the popup less its borders and its last line, which says how to
    /// scroll or close).
    fn lines_and_room(&self, height: u16) -> (usize, usize) {
        let rows = self.keys.help_rows(self.scope, self.readonly).len();
        let global = usize::from(self.keys.global_rows(self.scope) > 0);
        let popup = (rows + 4).min(usize::from(height));
        (rows + global, popup.saturating_sub(3))
    }

    /// How far a key scrolls, if it scrolls: the arrows and pages, and `j`
    /// `k` except at the desk (where a scanner may be typing).
    fn scroll_by(&self, key: &KeyEvent) -> Option<isize> {
        if key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return None;
        }
        // Where a scanner may type letters (the desk), only the arrows scroll.
        let letters = !self.scope.takes_text();
        match key.code {
            KeyCode::Down => Some(1),
            KeyCode::Char('j') if letters => Some(1),
            KeyCode::Up => Some(-1),
            KeyCode::Char('k') if letters => Some(-1),
            KeyCode::PageDown => Some(10),
            KeyCode::PageUp => Some(-10),
            _ => None,
        }
    }
}

impl OverlayComponent for Help {
    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        // The scrolling keys scroll (a no-op when all fits); any other key
        // closes. The terminal is the body and its title and status lines.
        match self.scroll_by(&key) {
            Some(delta) => {
                let (total, room) = self.lines_and_room(ctx.body.height.saturating_add(2));
                self.scroll = self
                    .scroll
                    .saturating_add_signed(delta)
                    .min(total.saturating_sub(room));
                OverlayOutcome::Stay
            }
            None => OverlayOutcome::Close(vec![]),
        }
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let t = theme.tongue();
        let rows = self.keys.help_rows(self.scope, self.readonly);
        let height = u16::try_from(rows.len() + 4).unwrap_or(u16::MAX);
        let rect = layout.popup(76, height);
        let inner = widgets::popup(
            frame,
            rect,
            theme,
            &t.ta("key-title", &[("screen", &self.scope.title())]),
        );
        // The key column: 16 wide, or on a narrow terminal as wide as its
        // widest label.
        let key_w = if inner.width >= 60 {
            16
        } else {
            rows.iter()
                .map(|(k, _)| crate::ui::table::width(k))
                .max()
                .unwrap_or(0)
                .min(16)
        };
        let global_from = rows.len() - self.keys.global_rows(self.scope);
        let mut lines = Vec::new();
        for (i, (keys, what)) in rows.into_iter().enumerate() {
            if i == global_from {
                lines.push(Line::styled(t.t("key-everywhere"), theme.muted()));
            }
            lines.push(Line::from(vec![
                Span::styled(format!("{keys:>key_w$}  "), theme.key()),
                Span::raw(said(&what, t)),
            ]));
        }
        // What does not fit scrolls; the last line says how.
        let (_, room) = self.lines_and_room(layout.full.height);
        let total = lines.len();
        let top = self.scroll.min(total.saturating_sub(room));
        let (above, below) = (top > 0, top + room < total);
        let mut shown: Vec<Line> = lines.into_iter().skip(top).take(room).collect();
        let footer = if above || below {
            let arrows = match (above, below) {
                (true, true) => "↑↓",
                (true, false) => "↑",
                _ => "↓",
            };
            let keys = if self.scope.takes_text() {
                "↑/↓"
            } else {
                "j/k"
            };
            t.ta("key-scroll", &[("arrows", &arrows), ("keys", &keys)])
        } else {
            t.t("key-any-closes")
        };
        shown.push(Line::styled(footer, theme.muted()));
        frame.render_widget(Paragraph::new(shown), inner);
    }
}

/// A help row's words in `t`'s language: each key's help (kin share a
/// row, joined by " · "), the moving keys' row its own.
fn said(what: &str, t: &crate::i18n::Tongue) -> String {
    if let Some(keys) = what
        .strip_prefix("move (also ")
        .and_then(|k| k.strip_suffix(')'))
    {
        return t.ta("key-move", &[("keys", &keys)]);
    }
    let whole = t.key_help(what);
    if whole != what {
        return whole;
    }
    what.split(" · ")
        .map(|part| t.key_help(part))
        .collect::<Vec<_>>()
        .join(" · ")
}
