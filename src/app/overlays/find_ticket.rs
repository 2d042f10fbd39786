//! `:ticket <number>` when no list loaded holds it: the tickets of the
//! current and upcoming events are searched for the number, with progress;
//! the ticket opens when found. Any key stops the search.

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::text::Line;

use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::find::{FindTickets, FoundPage, SearchProgress, Wanted, Within};
use crate::app::layout::{Layout, line};
use crate::app::msg::Reply;
use crate::app::state::{ReqId, ToastKind, error_text};
use crate::ui::{Theme, widgets};

use super::{OverlayComponent, OverlayOutcome};
use crate::app::command::Command;
use crate::app::target::Target;

/// The search for one ticket number.
#[derive(Debug, Clone, PartialEq)]
pub struct FindTicket {
    /// As asked, upper case.
    pub number: String,
    pub req: ReqId,
    pub progress: SearchProgress,
}

impl FindTicket {
    /// Starts the search for `number`.
    pub fn open(ctx: &mut Ctx, number: &str) -> (Self, Cmd) {
        let req = ctx.ids.take();
        let wanted = Wanted::number(number);
        let Wanted::Number(number) = wanted.clone() else {
            unreachable!("Wanted::number makes a number")
        };
        (
            Self {
                number,
                req,
                progress: SearchProgress::default(),
            },
            Cmd::FindTickets {
                req,
                find: FindTickets {
                    wanted,
                    within: Within::Upcoming,
                },
            },
        )
    }

    fn answer(&mut self, page: &FoundPage) -> OverlayOutcome {
        if let Some(found) = page.hits.first() {
            return OverlayOutcome::Command(Command::Open(Target::Ticket {
                id: found.row.id,
                number: None,
            }));
        }
        self.progress.add(page);
        if !self.progress.done() {
            return OverlayOutcome::Stay;
        }
        let mut text = format!(
            "{} not found in the current and upcoming events ({})",
            self.number,
            self.progress.text()
        );
        if let Some(e) = self.progress.error() {
            text.push_str("; could not read ");
            text.push_str(e);
        }
        OverlayOutcome::CloseWith(ToastKind::Error, text)
    }
}

impl OverlayComponent for FindTicket {
    /// Any key stops the search (the app cancels what it streams).
    fn key(&mut self, _key: KeyEvent, _ctx: &mut Ctx) -> OverlayOutcome {
        OverlayOutcome::CloseWith(
            ToastKind::Info,
            format!("search for {} stopped", self.number),
        )
    }

    fn owns(&self, req: ReqId) -> bool {
        req == self.req
    }

    fn reply(&mut self, _req: ReqId, reply: Reply) -> OverlayOutcome {
        match reply {
            Reply::Found(Ok(page)) => self.answer(&page),
            Reply::Found(Err(e)) => OverlayOutcome::CloseWith(
                ToastKind::Error,
                format!("finding {}: {}", self.number, error_text(&e)),
            ),
            _ => OverlayOutcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        vec![self.req]
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let title = format!("Finding {}", self.number);
        let inner = widgets::popup(frame, layout.popup(64, 6), theme, &title);
        let lines = [
            Line::styled(
                "not in the lists loaded: reading current and upcoming events",
                theme.muted(),
            ),
            Line::raw(format!("⟳ {}", self.progress.text())),
            Line::from(widgets::key_hint(theme, "any key", "stops the search")),
        ];
        for (i, l) in (0u16..).zip(lines) {
            if i < inner.height {
                frame.render_widget(l, line(inner, i));
            }
        }
    }
}
