//! The revoke confirmation: names what will be revoked; only `y` confirms,
//! anything else (Enter included) cancels.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::text::{Line, Span};

use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::layout::Layout;
use crate::app::list::rows::TicketRow;
use crate::app::state::ToastKind;
use crate::ui::{Theme, widgets};

use super::{OverlayComponent, OverlayOutcome};

/// What the confirmation shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevokeConfirm {
    pub ticket_id: u64,
    pub number: String,
    pub attendee: String,
    pub email: String,
    pub edition: String,
    /// The ticket's status as listed: named in the question when it is
    /// not `confirmed` ("this ticket is cancelled").
    pub status: String,
}

impl RevokeConfirm {
    pub fn new(t: &TicketRow) -> Self {
        let edition = if t.edition().is_empty() {
            "–"
        } else {
            t.edition()
        };
        Self {
            ticket_id: t.id,
            number: t.number().to_string(),
            attendee: t.attendee().to_string(),
            email: t.email().to_string(),
            edition: edition.to_string(),
            status: t.status().to_string(),
        }
    }
}

impl OverlayComponent for RevokeConfirm {
    fn asks(&self) -> bool {
        true
    }

    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        if matches!(key.code, KeyCode::Char('y' | 'Y')) {
            OverlayOutcome::Close(vec![Cmd::Revoke {
                req: ctx.ids.take(),
                ticket_id: self.ticket_id,
            }])
        } else {
            OverlayOutcome::CloseWith(ToastKind::Info, "revoke cancelled".into())
        }
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let inner = widgets::popup(frame, layout.popup(60, 11), theme, "Revoke ticket?");
        let field = |k: &'static str, v: String| {
            Line::from(vec![
                Span::styled(format!("{k:>9}  "), theme.muted()),
                Span::styled(v, theme.header()),
            ])
        };
        let mut lines = vec![
            field("ticket", self.number.clone()),
            field("attendee", self.attendee.clone()),
            field("e-mail", self.email.clone()),
            field("edition", self.edition.clone()),
            Line::raw(""),
        ];
        if !self.status.is_empty() && self.status != "confirmed" {
            lines.push(Line::styled(
                format!("This ticket is {}, not confirmed.", self.status),
                theme.error(),
            ));
        }
        lines.extend([Line::styled(
            "The ticket will be unenrolled; this cannot be undone.",
            theme.error(),
        )]);
        // The keys keep the bottom line, however small the window: nobody
        // should have to guess what confirms.
        let keys = Line::from(vec![
            Span::styled("y", theme.key()),
            Span::raw(" revoke    "),
            Span::styled("any other key", theme.key()),
            Span::raw(" cancel"),
        ]);
        super::text_above_keys(frame, inner, lines, keys);
    }
}
