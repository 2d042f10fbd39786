//! The `:` command palette.

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Clear;
use tui_input::Input;
use tui_input::backend::crossterm::to_input_request;

use crate::ui::Theme;

/// The palette's input line.
#[derive(Debug, Clone, Default)]
pub struct Palette {
    pub input: Input,
}

/// A command the palette understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Events,
    Event(String),
    Ticket(u64),
    Quit,
}

/// What a key did in the palette.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaletteOutcome {
    Stay,
    Cancel,
    Run(Result<Command, String>),
}

/// The commands, for the palette's hint line.
pub const COMMANDS: &str = ":events  :event <id|hash>  :ticket <id>  :q";

impl Palette {
    pub fn key(&mut self, key: KeyEvent) -> PaletteOutcome {
        match key.code {
            KeyCode::Esc => PaletteOutcome::Cancel,
            KeyCode::Enter => PaletteOutcome::Run(parse(self.input.value())),
            _ => {
                if let Some(r) = to_input_request(&TermEvent::Key(key)) {
                    self.input.handle(r);
                }
                PaletteOutcome::Stay
            }
        }
    }
}

/// Reads a command line (without the `:`).
pub fn parse(line: &str) -> Result<Command, String> {
    // A habitual leading `:` is the palette's own prompt.
    let mut words = line.trim_start().trim_start_matches(':').split_whitespace();
    let cmd = words.next().unwrap_or("");
    let arg = words.next();
    match (cmd, arg) {
        ("events", None) => Ok(Command::Events),
        ("event", Some(id)) => Ok(Command::Event(id.to_string())),
        ("ticket", Some(id)) => id
            .parse()
            .map(Command::Ticket)
            .map_err(|_| format!("not a ticket id: {id}")),
        ("q" | "quit", None) => Ok(Command::Quit),
        ("event" | "ticket", None) => Err(format!("usage: :{cmd} <id>")),
        ("", _) => Err("empty command".into()),
        _ => Err(format!("unknown command: {}", line.trim())),
    }
}

pub fn view(frame: &mut Frame, p: &Palette, theme: Theme, size: (u16, u16)) {
    let y = size.1.saturating_sub(3);
    let area = Rect::new(0, y, size.0, 2.min(size.1));
    frame.render_widget(Clear, area);
    frame.render_widget(
        Line::from(vec![
            Span::styled(":", theme.key()),
            Span::raw(p.input.value().to_string()),
            Span::styled("▏", theme.focus()),
        ]),
        Rect { height: 1, ..area },
    );
    frame.render_widget(
        Line::styled(COMMANDS, theme.muted()),
        Rect {
            y: area.y + 1,
            height: 1,
            ..area
        },
    );
    let x = 1 + u16::try_from(p.input.visual_cursor()).unwrap_or(0);
    frame.set_cursor_position((x.min(size.0.saturating_sub(1)), y));
}
