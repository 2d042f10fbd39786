//! The `:` command palette.

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Clear;
use tui_input::Input;
use tui_input::backend::crossterm::to_input_request;

use crate::app::command::{PaletteCommand, hint, parse};
use crate::app::ctx::Ctx;
use crate::app::layout::Layout;
use crate::app::state::ToastKind;
use crate::ui::Theme;

use super::{OverlayComponent, OverlayOutcome};

/// The palette: its input line, and the commands it knows (the
/// registered ones, `screens::commands`).
#[derive(Debug, Clone)]
pub struct Palette {
    pub input: Input,
    commands: Vec<&'static PaletteCommand>,
}

impl Palette {
    pub fn new(commands: Vec<&'static PaletteCommand>) -> Self {
        Self {
            input: Input::default(),
            commands,
        }
    }

    /// The hint under the input, in lines of at most `width` columns
    /// (broken between commands).
    fn hint_lines(&self, width: u16) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        for word in hint(&self.commands).split(' ') {
            match lines.last_mut() {
                Some(line) if line.len() + 1 + word.len() <= usize::from(width) => {
                    line.push(' ');
                    line.push_str(word);
                }
                _ => lines.push(word.to_string()),
            }
        }
        lines
    }
}

impl OverlayComponent for Palette {
    fn typing(&self) -> bool {
        true
    }

    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        match key.code {
            KeyCode::Esc => OverlayOutcome::Close(vec![]),
            KeyCode::Enter => match parse(&self.commands, self.input.value()) {
                Ok(cmd) => OverlayOutcome::Command(cmd),
                Err(e) => OverlayOutcome::CloseWith(ToastKind::Error, ctx.lang.tongue().said(&e)),
            },
            _ => {
                if let Some(r) = to_input_request(&TermEvent::Key(key)) {
                    self.input.handle(r);
                }
                OverlayOutcome::Stay
            }
        }
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let palette = layout.palette();
        // The hint takes the lines it needs above the status bar.
        let hint = self.hint_lines(palette.width);
        let more = u16::try_from(hint.len().saturating_sub(1)).unwrap_or(0);
        let more = more.min(palette.y);
        let area = Rect {
            y: palette.y - more,
            height: palette.height + more,
            ..palette
        };
        frame.render_widget(Clear, area);
        frame.render_widget(
            Line::from(vec![
                Span::styled(":", theme.key()),
                Span::raw(self.input.value().to_string()),
                Span::styled("▏", theme.focus()),
            ]),
            Rect { height: 1, ..area },
        );
        for (i, text) in (1..area.height).zip(hint) {
            frame.render_widget(
                Line::styled(text, theme.muted()),
                Rect {
                    y: area.y + i,
                    height: 1,
                    ..area
                },
            );
        }
        let x = 1 + u16::try_from(self.input.visual_cursor()).unwrap_or(0);
        frame.set_cursor_position((x.min(area.width.saturating_sub(1)), area.y));
    }
}
