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
use crate::app::state::{ReqId, ToastKind};
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
    /// The language it speaks (its answers come without the context).
    pub lang: crate::i18n::Lang,
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
                lang: ctx.lang,
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
        let t = self.lang.tongue();
        let mut text = t.ta(
            "find-not-found",
            &[
                ("number", &self.number),
                ("progress", &self.progress.text(t)),
            ],
        );
        if let Some(e) = self.progress.error() {
            text.push_str(&t.ta("find-could-not-read", &[("error", &e)]));
        }
        OverlayOutcome::CloseWith(ToastKind::Error, text)
    }
}

impl OverlayComponent for FindTicket {
    /// Any key stops the search (the app cancels what it streams).
    fn key(&mut self, _key: KeyEvent, _ctx: &mut Ctx) -> OverlayOutcome {
        OverlayOutcome::CloseWith(
            ToastKind::Info,
            self.lang
                .tongue()
                .ta("find-stopped", &[("number", &self.number)]),
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
                self.lang.tongue().ta(
                    "find-failed",
                    &[
                        ("number", &self.number),
                        ("error", &self.lang.tongue().api_error(&e)),
                    ],
                ),
            ),
            _ => OverlayOutcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        vec![self.req]
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let t = theme.tongue();
        let title = t.ta("find-title", &[("number", &self.number)]);
        let inner = widgets::popup(frame, layout.popup(64, 6), theme, &title);
        let (any, stops) = (t.t("bulk-key-any"), t.t("find-key-stops"));
        let lines = [
            Line::styled(t.t("find-not-in-lists"), theme.muted()),
            Line::raw(format!("⟳ {}", self.progress.text(t))),
            Line::from(widgets::key_hint(theme, &any, &stops)),
        ];
        for (i, l) in (0u16..).zip(lines) {
            if i < inner.height {
                frame.render_widget(l, line(inner, i));
            }
        }
    }
}
