//! The revoke confirmation: names what will be revoked; only `y` confirms.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::api::model::Ticket;
use crate::ui::Theme;
use crate::ui::widgets;

/// What the confirmation shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevokeConfirm {
    pub ticket_id: u64,
    pub number: String,
    pub attendee: String,
    pub email: String,
    pub edition: String,
}

impl RevokeConfirm {
    pub fn new(t: &Ticket) -> Self {
        let a = t.attendee.clone().unwrap_or_default();
        Self {
            ticket_id: t.id,
            number: t.number.clone().unwrap_or_else(|| t.id.to_string()),
            attendee: a.full_name(),
            email: a.email.unwrap_or_default(),
            edition: t
                .event
                .as_ref()
                .and_then(|e| e.name.clone())
                .unwrap_or_else(|| "–".into()),
        }
    }
}

pub fn view(frame: &mut Frame, c: &RevokeConfirm, theme: Theme, size: (u16, u16)) {
    let area = widgets::centered(Rect::new(0, 0, size.0, size.1), 60, 11);
    let inner = widgets::popup(frame, area, theme, "Revoke ticket?");
    let field = |k: &'static str, v: String| {
        Line::from(vec![
            Span::styled(format!("{k:>9}  "), theme.muted()),
            Span::styled(v, theme.header()),
        ])
    };
    let lines = vec![
        field("ticket", c.number.clone()),
        field("attendee", c.attendee.clone()),
        field("e-mail", c.email.clone()),
        field("edition", c.edition.clone()),
        Line::raw(""),
        Line::styled(
            "The ticket will be unenrolled; this cannot be undone.",
            theme.error(),
        ),
        Line::raw(""),
        Line::from(vec![
            Span::styled("y", theme.key()),
            Span::raw(" revoke    "),
            Span::styled("any other key", theme.key()),
            Span::raw(" cancel"),
        ]),
    ];
    widgets::text(frame, inner, lines);
}
