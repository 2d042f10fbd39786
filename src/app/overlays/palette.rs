//! The `:` command palette.

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Clear;
use tui_input::Input;
use tui_input::backend::crossterm::to_input_request;

use crate::app::ctx::Ctx;
use crate::app::layout::Layout;
use crate::app::state::ToastKind;
use crate::app::tab::Tab;
use crate::ui::Theme;

use super::{OverlayComponent, OverlayOutcome};

/// The palette's input line.
#[derive(Debug, Clone, Default)]
pub struct Palette {
    pub input: Input,
}

/// A command the palette understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Switch to a top-level tab (`:events`, `:orders`, …).
    Tab(Tab),
    Event(String),
    Ticket(u64),
    /// A ticket by number ("TK-000041"): upper case, without spaces.
    TicketNumber(String),
    /// A customer by id, or by e-mail through the customers list.
    Customer(String),
    /// The check-in desk of an event or edition, by id or hash.
    Checkin(String),
    /// The audit log.
    Audit,
    Quit,
}

/// The commands, for the palette's hint line.
pub const COMMANDS: &str =
    ":events :customers :orders :products :courses :event :ticket :customer <id> :q";

/// Reads a command line (without the `:`).
pub fn parse(line: &str) -> Result<Command, String> {
    // A habitual leading `:` is the palette's own prompt.
    let mut words = line.trim_start().trim_start_matches(':').split_whitespace();
    let cmd = words.next().unwrap_or("");
    let arg = words.next();
    match (cmd, arg) {
        ("events", None) => Ok(Command::Tab(Tab::Events)),
        ("customers", None) => Ok(Command::Tab(Tab::Customers)),
        ("orders", None) => Ok(Command::Tab(Tab::Orders)),
        ("products", None) => Ok(Command::Tab(Tab::Products)),
        ("courses", None) => Ok(Command::Tab(Tab::Courses)),
        ("event", Some(id)) => Ok(Command::Event(id.to_string())),
        ("ticket", Some(first)) => {
            let arg: String = std::iter::once(first).chain(words).collect();
            Ok(if arg.bytes().all(|b| b.is_ascii_digit()) {
                arg.parse()
                    .map(Command::Ticket)
                    .map_err(|_| format!("not a ticket id: {arg}"))?
            } else {
                Command::TicketNumber(arg.to_uppercase())
            })
        }
        ("customer", Some(who)) => Ok(Command::Customer(who.to_string())),
        ("checkin", Some(id)) => Ok(Command::Checkin(id.to_string())),
        ("checkin", None) => Err("usage: :checkin <id|hash>".into()),
        ("audit", None) => Ok(Command::Audit),
        ("q" | "quit", None) => Ok(Command::Quit),
        ("event" | "ticket", None) => Err(format!("usage: :{cmd} <id>")),
        ("customer", None) => Err("usage: :customer <id|e-mail>".into()),
        ("", _) => Err("empty command".into()),
        _ => Err(format!("unknown command: {}", line.trim())),
    }
}

impl OverlayComponent for Palette {
    fn key(&mut self, key: KeyEvent, _ctx: &mut Ctx) -> OverlayOutcome {
        match key.code {
            KeyCode::Esc => OverlayOutcome::Close(vec![]),
            KeyCode::Enter => match parse(self.input.value()) {
                Ok(cmd) => OverlayOutcome::Command(cmd),
                Err(e) => OverlayOutcome::CloseWith(ToastKind::Error, e),
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
        let area = layout.palette();
        frame.render_widget(Clear, area);
        frame.render_widget(
            Line::from(vec![
                Span::styled(":", theme.key()),
                Span::raw(self.input.value().to_string()),
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
        let x = 1 + u16::try_from(self.input.visual_cursor()).unwrap_or(0);
        frame.set_cursor_position((x.min(area.width.saturating_sub(1)), area.y));
    }
}
