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
            OverlayOutcome::CloseWith(
                ToastKind::Info,
                ctx.lang.tongue().t("toast-revoke-cancelled"),
            )
        }
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let t = theme.tongue();
        let title = t.t("revoke-title");
        let inner = widgets::popup(frame, layout.popup(60, 11), theme, &title);
        let labels = [
            t.t("revoke-ticket"),
            t.t("revoke-attendee"),
            t.t("revoke-email"),
            t.t("revoke-edition"),
        ];
        let label_w = labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0)
            .max(9);
        let field = |k: &str, v: String| {
            Line::from(vec![
                Span::styled(format!("{k:>label_w$}  "), theme.muted()),
                Span::styled(v, theme.header()),
            ])
        };
        let mut lines = vec![
            field(&labels[0], self.number.clone()),
            field(&labels[1], self.attendee.clone()),
            field(&labels[2], self.email.clone()),
            field(&labels[3], self.edition.clone()),
            Line::raw(""),
        ];
        if !self.status.is_empty() && self.status != "confirmed" {
            lines.push(Line::styled(
                t.ta(
                    "revoke-not-confirmed",
                    &[("status", &t.status(&self.status))],
                ),
                theme.error(),
            ));
        }
        lines.extend([Line::styled(t.t("revoke-cannot-undo"), theme.error())]);
        // The keys keep the bottom line, however small the window: nobody
        // should have to guess what confirms.
        let keys = Line::from(vec![
            Span::styled("y", theme.key()),
            Span::raw(format!(" {}    ", t.t("revoke-key-yes"))),
            Span::styled(t.t("revoke-key-other"), theme.key()),
            Span::raw(format!(" {}", t.t("revoke-key-cancel"))),
        ]);
        super::text_above_keys(frame, inner, lines, keys);
    }
}
