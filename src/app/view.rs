//! The view: title line, the top screen, status bar, toasts, overlay.
//! Only reads the model.

use std::fmt::Write as _;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::ui::Theme;
use crate::ui::widgets;

use super::keymap;
use super::model::{Model, Overlay, Screen, ToastKind};
use super::screens::{customer_picker, enroll, event, events, palette, revoke, ticket, tickets};

/// Draws the whole app.
pub fn view(model: &Model, frame: &mut Frame) {
    let area = frame.area();
    if area.width < 20 || area.height < 6 {
        frame.render_widget(
            Paragraph::new("boxoffice: window too small").wrap(Wrap { trim: true }),
            area,
        );
        return;
    }
    let theme = Theme::new(model.no_color);
    let size = (area.width, area.height);

    title_line(frame, model, theme, area);
    match model.top() {
        Some(Screen::Events(s)) => events::view(frame, s, theme, size),
        Some(Screen::Event(s)) => event::view(frame, s, theme, size),
        Some(Screen::Tickets(s)) => tickets::view(frame, s, theme, size),
        Some(Screen::Ticket(s)) => ticket::view(frame, s, theme, size),
        None => {}
    }
    status_bar(frame, model, theme, area);
    toasts(frame, model, theme, area);
    match &model.overlay {
        None => {}
        Some(Overlay::Help) => help(frame, model, theme, area),
        Some(Overlay::Palette(p)) => palette::view(frame, p, theme, size),
        Some(Overlay::Enroll(f)) => enroll::view(frame, f, theme, size),
        Some(Overlay::Picker(p)) => customer_picker::view(frame, p, theme, size),
        Some(Overlay::Revoke(c)) => revoke::view(frame, c, theme, size),
    }
}

fn crumb(screen: &Screen) -> String {
    match screen {
        Screen::Events(_) => "Events".into(),
        Screen::Event(e) => e.title.clone(),
        Screen::Tickets(t) if t.scope.edition => format!("Tickets · {}", t.scope.title),
        Screen::Tickets(_) => "Tickets · main event".into(),
        Screen::Ticket(t) => match t.ticket.loaded() {
            Some((tk, _)) => format!("Ticket {}", tk.number.as_deref().unwrap_or("")),
            None => format!("Ticket {}", t.ticket_id),
        },
    }
}

fn title_line(frame: &mut Frame, model: &Model, theme: Theme, area: Rect) {
    let crumbs: Vec<String> = model.stack.iter().map(crumb).collect();
    // When the path does not fit, the oldest steps give way to "…".
    let room = usize::from(area.width).saturating_sub(16);
    let mut first = 0;
    while first + 1 < crumbs.len()
        && crumbs[first..]
            .iter()
            .map(|c| c.chars().count() + 3)
            .sum::<usize>()
            > room
    {
        first += 1;
    }
    let mut spans = vec![Span::styled(" boxoffice ", theme.title())];
    if first > 0 {
        spans.push(Span::styled(" › …", theme.muted()));
    }
    for (i, c) in crumbs.into_iter().enumerate().skip(first) {
        spans.push(Span::styled(" › ", theme.muted()));
        let style = if i + 1 == model.stack.len() {
            theme.header()
        } else {
            theme.base()
        };
        spans.push(Span::styled(c, style));
    }
    frame.render_widget(Line::from(spans), Rect { height: 1, ..area });
}

fn status_bar(frame: &mut Frame, model: &Model, theme: Theme, area: Rect) {
    let y = area.y + area.height - 1;
    let mut left = format!(" {} · {}", model.options.business, model.host);
    if model.options.readonly {
        left.push_str(" · read-only");
    }
    if model.in_flight > 0 {
        let _ = write!(left, " · ⟳ {} in flight", model.in_flight);
    }
    let right = match &model.last_error {
        Some(e) => format!("last error: {e} "),
        None => "? help · : commands ".to_string(),
    };
    let room = usize::from(area.width).saturating_sub(left.chars().count() + 2);
    let right: String = if right.chars().count() > room {
        let mut r: String = right.chars().take(room.saturating_sub(1)).collect();
        r.push('…');
        r
    } else {
        right
    };
    let pad = usize::from(area.width).saturating_sub(left.chars().count() + right.chars().count());
    let right_style = if model.last_error.is_some() {
        theme.bar().patch(theme.error())
    } else {
        theme.bar()
    };
    widgets::bar(
        frame,
        Rect {
            y,
            height: 1,
            ..area
        },
        Line::from(vec![
            Span::raw(left),
            Span::raw(" ".repeat(pad)),
            Span::styled(right, right_style),
        ]),
        theme.bar(),
    );
}

fn toasts(frame: &mut Frame, model: &Model, theme: Theme, area: Rect) {
    let max_w = usize::from(area.width.saturating_sub(2).min(70)).max(1);
    let mut y = area.y + area.height - 1;
    for t in model.toasts.iter().rev() {
        let (mark, style) = match t.kind {
            ToastKind::Info => ("✓", theme.ok()),
            ToastKind::Error => ("✗", theme.error()),
        };
        let text = format!(" {mark} {} ", t.text);
        let chars = text.chars().count();
        let width = chars.min(max_w);
        let lines = chars.div_ceil(width).min(3);
        let (Ok(width), Ok(lines)) = (u16::try_from(width), u16::try_from(lines)) else {
            break;
        };
        if y < area.y + 1 + lines {
            break;
        }
        y -= lines;
        let rect = Rect::new(area.x + area.width - width - 1, y, width, lines);
        frame.render_widget(Clear, rect);
        frame.render_widget(
            Paragraph::new(Span::styled(text, style))
                .wrap(Wrap { trim: false })
                .style(theme.bar()),
            rect,
        );
    }
}

fn help(frame: &mut Frame, model: &Model, theme: Theme, area: Rect) {
    let Some(scope) = model.top().map(Screen::scope) else {
        return;
    };
    let rows = keymap::help_rows(scope, model.options.readonly);
    let height = u16::try_from(rows.len() + 4).unwrap_or(u16::MAX);
    let rect = widgets::centered(area, 76, height);
    let inner = widgets::popup(frame, rect, theme, &format!("Keys · {}", scope.title()));
    let global_from = rows.len() - keymap::GLOBAL.len();
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
