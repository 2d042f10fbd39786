//! What opens over the verdict: the questions (the order, the force, the
//! exit lane, leaving), the help panel, the attendees a typed name
//! matched, the last scans on a narrow terminal, and the conflicts (F6).

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::ui::Theme;

use super::super::{CheckinScreen, Face};
use super::face_look_in;
use crate::door::clock_time;

/// Enter on a VALID whose order has more: how many, each name picked or
/// not (Space), the one ↑/↓ are on.
pub(super) fn order_question(order: &super::super::OrderShown, frame: &mut Frame, area: Rect, theme: Theme) {
    let t = theme.tongue();
    let mut lines = vec![
        Line::raw(""),
        Line::styled(
            t.ta(
                "ask-order",
                &[
                    ("count", &order.count()),
                    ("order", &crate::sanitize::clean(&order.order)),
                ],
            ),
            theme.header(),
        ),
        Line::raw(""),
    ];
    for (i, ((_, name), picked)) in order.rest.iter().zip(&order.picked).enumerate() {
        let mark = if *picked { "[x]" } else { "[ ]" };
        let style = if i == order.cursor {
            theme.selected()
        } else {
            theme.base()
        };
        let note = order
            .notes
            .get(i)
            .and_then(Option::as_deref)
            .map(|n| format!(" ⚑ {n}"))
            .unwrap_or_default();
        lines.push(Line::styled(format!("{mark} {name}{note}"), style));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(t.t("ask-order-how"), theme.muted()));
    asked(lines, frame, area, theme);
}

pub(super) fn question(frame: &mut Frame, area: Rect, theme: Theme, ask: &str, how: &str) {
    let lines = vec![
        Line::raw(""),
        Line::styled(ask.to_string(), theme.header()),
        Line::raw(""),
        Line::styled(how.to_string(), theme.muted()),
    ];
    asked(lines, frame, area, theme);
}

/// A question's lines, centred in a box in the focus colour.
fn asked(lines: Vec<Line<'_>>, frame: &mut Frame, area: Rect, theme: Theme) {
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().border_style(theme.focus())),
        area,
    );
}

pub(super) fn help_panel(s: &CheckinScreen, scroll: usize, frame: &mut Frame, area: Rect, theme: Theme) {
    let key_w = s
        .keys.help_rows
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let mut lines = vec![Line::styled(theme.tongue().t("panel-help"), theme.header())];
    let room = usize::from(area.height).saturating_sub(1);
    let first = scroll.min(s.keys.help_rows.len().saturating_sub(room));
    for (k, what) in s.keys.help_rows.iter().skip(first).take(room) {
        lines.push(Line::from(vec![
            Span::styled(format!("{k:key_w$}  "), theme.key()),
            Span::raw(what.clone()),
        ]));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

pub(super) fn named_list(s: &CheckinScreen, named: &super::super::Named, frame: &mut Frame, area: Rect, theme: Theme) {
    let t = theme.tongue();
    let admitted = |id| s.lane.admissions.get(id);
    let mut lines = vec![Line::styled(
        t.ta(
            "panel-named",
            &[("count", &named.rows.len()), ("typed", &named.typed)],
        ),
        theme.muted(),
    )];
    let room = usize::from(area.height).saturating_sub(1).max(1);
    let first = named.cursor.saturating_sub(room - 1);
    for (i, row) in named.rows.iter().enumerate().skip(first).take(room) {
        let status = match admitted(row.id) {
            Some(a) => t.ta(
                "panel-named-admitted",
                &[("time", &clock_time(&a.at)), ("lane", &a.desk)],
            ),
            None => t.status(row.status()),
        };
        let text = format!(
            "{} {}  {}  {}  {status}",
            if i == named.cursor { "›" } else { " " },
            row.number(),
            row.attendee(),
            row.email(),
        );
        let style = if i == named.cursor {
            theme.selected()
        } else {
            theme.base()
        };
        lines.push(Line::styled(text, style));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

/// The last verdicts, newest first: time, number, name, verdict.
pub(super) fn last_scans(s: &CheckinScreen, frame: &mut Frame, area: Rect, theme: Theme) {
    let t = theme.tongue();
    let mut lines = vec![Line::styled(t.t("panel-last-scans"), theme.header())];
    if s.recent.is_empty() {
        lines.push(Line::styled(t.t("panel-none-yet"), theme.muted()));
    }
    for e in s.recent.iter().take(super::super::LAST_SCANS) {
        let (word, symbol, tone) = face_look_in(&e.face, t);
        // Another lane's admission names the lane.
        let word = match &e.face {
            Face::Elsewhere(lane) => crate::sanitize::clean(lane).into_owned(),
            _ => word,
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{} ", e.at), theme.muted()),
            Span::styled(format!("{symbol} {word}"), theme.verdict(tone)),
            Span::raw(format!(" {} {}", e.number, e.name)),
        ]));
    }
    frame.render_widget(
        Paragraph::new(lines).block(Block::new().borders(Borders::LEFT)),
        area,
    );
}

/// F6: the tickets admitted twice at this event.
pub(super) fn conflicts(s: &CheckinScreen, frame: &mut Frame, area: Rect, theme: Theme) {
    let t = theme.tongue();
    let mut lines = vec![Line::styled(t.t("panel-twice"), theme.header())];
    match &s.following.conflicts {
        None => lines.push(Line::styled(t.t("panel-reading"), theme.muted())),
        Some(Err(e)) => lines.push(Line::styled(
            t.ta("panel-cannot-read", &[("error", e)]),
            theme.error(),
        )),
        Some(Ok(all)) if all.is_empty() => lines.push(Line::styled(t.t("panel-none"), theme.muted())),
        Some(Ok(all)) => lines.extend(
            all.iter()
                .map(|c| Line::raw(crate::sanitize::clean(c).into_owned())),
        ),
    }
    lines.push(Line::styled(t.t("panel-twice-close"), theme.muted()));
    frame.render_widget(
        Paragraph::new(lines).block(Block::new().borders(Borders::LEFT)),
        area,
    );
}
