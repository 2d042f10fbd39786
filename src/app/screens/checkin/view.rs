//! How the desk looks: status and counters on top, the input line, the
//! verdict as a coloured block filling the rest (its word and symbol say it
//! without colour too), the desk's keys at the bottom.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::app::keymap::{Action, Keymap, Scope};
use crate::app::layout::line;
use crate::ui::Theme;
use crate::ui::theme::Tone;
use crate::ui::widgets::thousands;

use super::{CheckinScreen, Face, Shown, Stage, Verdict, age_between, hh_mm};

/// The desk's keys in effect, as the bottom line shows them (long, short):
/// by default "Enter scan · F1 help · F2 walk-in · F5 refresh · F8 undo ·
/// Ctrl-L clear · Esc".
pub fn hints(keys: &Keymap) -> [String; 2] {
    let key = |action| {
        let label = keys.label(Scope::Checkin, action).unwrap_or_default();
        match label.strip_prefix("Ctrl-") {
            Some(rest) => format!("Ctrl-{}", rest.to_uppercase()),
            None => label,
        }
    };
    [
        format!(
            "{} scan · {} help · {} walk-in · {} refresh · {} undo · {} clear · {}",
            key(Action::Scan),
            key(Action::Help),
            key(Action::Enroll),
            key(Action::Refresh),
            key(Action::Undo),
            key(Action::ClearVerdict),
            key(Action::Back),
        ),
        format!(
            "{} help · {} walk-in · {} undo · {}",
            key(Action::Help),
            key(Action::Enroll),
            key(Action::Undo),
            key(Action::Back),
        ),
    ]
}

pub fn render(s: &CheckinScreen, frame: &mut Frame, area: Rect, theme: Theme) {
    if area.height == 0 {
        return;
    }
    match &s.stage {
        Stage::Finding { title, failed, .. } => {
            let text = failed
                .clone()
                .unwrap_or_else(|| format!("finding today's edition of {title}…"));
            let style = if failed.is_some() {
                theme.error()
            } else {
                theme.muted()
            };
            frame.render_widget(Line::styled(text, style), line(area, 0));
            frame.render_widget(Line::styled("Esc back", theme.muted()), line(area, 2));
            return;
        }
        Stage::Choosing {
            title,
            options,
            cursor,
            ..
        } => {
            let mut lines = vec![
                Line::styled(
                    format!("Several editions of {title} run today: which one?"),
                    theme.header(),
                ),
                Line::raw(""),
            ];
            for (i, ed) in options.iter().enumerate() {
                let text = format!(
                    "{} {}  {}",
                    if i == *cursor { "›" } else { " " },
                    ed.name,
                    ed.start
                );
                let style = if i == *cursor {
                    theme.selected()
                } else {
                    theme.base()
                };
                lines.push(Line::styled(text, style));
            }
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                "↑/↓ pick · Enter check in · Esc back",
                theme.muted(),
            ));
            frame.render_widget(Paragraph::new(lines), area);
            return;
        }
        Stage::Ready => {}
    }
    frame.render_widget(status_line(s, theme), line(area, 0));
    frame.render_widget(counters_line(s, theme, area.width), line(area, 1));
    if let Some(w) = &s.warning {
        frame.render_widget(Line::styled(format!("⚠ {w}"), theme.error()), line(area, 2));
    } else if let Some(n) = &s.note {
        frame.render_widget(Line::styled(n.clone(), theme.muted()), line(area, 2));
    }
    let input_y = 3.min(area.height - 1);
    frame.render_widget(
        Line::from(vec![
            Span::styled("scan › ", theme.key()),
            Span::raw(s.input.clone()),
            Span::styled("▏", theme.focus()),
        ]),
        line(area, input_y),
    );
    let x = area.x + 7 + u16::try_from(crate::ui::table::width(&s.input)).unwrap_or(0);
    frame.set_cursor_position((x.min(area.right().saturating_sub(1)), area.y + input_y));
    if area.height > 5 {
        let [long, short] = s.hints();
        let hints = if area.width as usize >= long.chars().count() {
            long
        } else {
            short
        };
        frame.render_widget(
            Line::styled(hints.as_str(), theme.muted()),
            line(area, area.height - 1),
        );
    }
    let rest = Rect {
        y: area.y + 4,
        height: area
            .height
            .saturating_sub(if area.height > 5 { 5 } else { 4 }),
        ..area
    };
    if rest.height == 0 {
        return;
    }
    if let Some(named) = &s.named {
        let mut lines = vec![Line::styled(
            format!(
                "{} attendees match “{}” — ↑/↓ pick, Enter check, Esc close",
                named.rows.len(),
                named.typed
            ),
            theme.muted(),
        )];
        let room = usize::from(rest.height).saturating_sub(1).max(1);
        let first = named.cursor.saturating_sub(room - 1);
        for (i, row) in named.rows.iter().enumerate().skip(first).take(room) {
            let text = format!(
                "{} {}  {}  {}  {}",
                if i == named.cursor { "›" } else { " " },
                row.number(),
                row.attendee(),
                row.email(),
                row.status()
            );
            let style = if i == named.cursor {
                theme.selected()
            } else {
                theme.base()
            };
            lines.push(Line::styled(text, style));
        }
        frame.render_widget(Paragraph::new(lines), rest);
    } else if let Some(shown) = &s.shown {
        verdict_block(shown, frame, rest, theme);
    }
}

fn status_line(s: &CheckinScreen, theme: Theme) -> Line<'static> {
    let n = thousands(s.current().len() as u64);
    let at = s.cached_at.as_deref().map(hh_mm);
    let (text, style) = if let Some(err) = &s.offline {
        let from = match &s.cached_at {
            Some(c) => format!(
                "list from {} UTC{}",
                hh_mm(c),
                age_between(c, &s.wall)
                    .map(|a| format!(" ({a} old)"))
                    .unwrap_or_default()
            ),
            None if s.tickets.is_empty() => "no offline list".into(),
            None => format!("{n} tickets read before it failed"),
        };
        (
            format!("✖ OFFLINE — {from} · {err} · F5 retries"),
            theme.error(),
        )
    } else if let Some(inc) = &s.incoming {
        match at {
            Some(at) => (
                format!(
                    "list from {at} UTC, refreshing… ({} read)",
                    thousands(inc.len() as u64)
                ),
                theme.muted(),
            ),
            None if s.live => (
                format!(
                    "{n} tickets · refreshing… ({} read)",
                    thousands(inc.len() as u64)
                ),
                theme.muted(),
            ),
            None => (format!("loading tickets… {n} read"), theme.muted()),
        }
    } else {
        (format!("● online · {n} tickets"), theme.ok())
    };
    Line::styled(text, style)
}

fn counters_line(s: &CheckinScreen, theme: Theme, width: u16) -> Line<'static> {
    let (admitted, valid, total, recent) = s.counters(&s.wall);
    if width < 50 {
        return Line::from(vec![
            Span::styled("admitted ", theme.muted()),
            Span::styled(thousands(admitted as u64), theme.title()),
            Span::raw(format!(
                "/{} valid/{} · 5 min {}",
                thousands(valid as u64),
                thousands(total as u64),
                thousands(recent as u64)
            )),
        ]);
    }
    Line::from(vec![
        Span::styled("admitted ", theme.muted()),
        Span::styled(thousands(admitted as u64), theme.title()),
        Span::styled(" / valid ", theme.muted()),
        Span::raw(thousands(valid as u64)),
        Span::styled(" / total ", theme.muted()),
        Span::raw(thousands(total as u64)),
        Span::styled(" · last 5 min ", theme.muted()),
        Span::styled(thousands(recent as u64), theme.title()),
    ])
}

/// The word, symbol and tone (for the theme's colours) of a face.
pub fn face_look(face: &Face) -> (&'static str, &'static str, Tone) {
    match face {
        Face::Verdict(Verdict::Valid) => ("VALID", "✔", Tone::Good),
        Face::Verdict(Verdict::AlreadyAdmitted { .. }) => ("ALREADY ADMITTED", "⚠", Tone::Warn),
        Face::Verdict(Verdict::NotValid { .. }) => ("NOT VALID", "✖", Tone::Bad),
        Face::Verdict(Verdict::OtherEdition { .. }) => ("OTHER EDITION", "⚠", Tone::Warn),
        Face::Verdict(Verdict::OtherEvent { .. }) => ("OTHER EVENT", "✖", Tone::Bad),
        Face::Verdict(Verdict::Unknown) => ("UNKNOWN", "?", Tone::Unknown),
        Face::Checking => ("CHECKING…", "…", Tone::Pending),
        Face::NotRecorded(_) => ("NOT RECORDED", "✖", Tone::Bad),
    }
}

/// The line under the name: what the verdict means.
fn detail(shown: &Shown) -> String {
    let when = |w: &Option<String>| w.as_ref().map(|w| format!(" — {w}")).unwrap_or_default();
    match &shown.face {
        Face::Verdict(Verdict::Valid) => "admitted: let them in".into(),
        Face::Verdict(Verdict::AlreadyAdmitted { at, desk }) if at.contains(':') => {
            format!("admitted at {at} UTC at {desk}")
        }
        Face::Verdict(Verdict::AlreadyAdmitted { at, desk }) => format!("admitted {at} at {desk}"),
        Face::Verdict(Verdict::NotValid { status }) => status.clone(),
        Face::Verdict(Verdict::OtherEdition { edition, when: w }) => {
            format!("ticket for {edition}{}", when(w))
        }
        Face::Verdict(Verdict::OtherEvent { event, when: w }) => {
            format!("ticket for {event}{}", when(w))
        }
        Face::Verdict(Verdict::Unknown) => format!("no ticket matches “{}”", shown.scanned),
        Face::Checking => format!("checking ticket {}…", shown.scanned),
        Face::NotRecorded(text) => text.clone(),
    }
}

fn verdict_block(shown: &Shown, frame: &mut Frame, area: Rect, theme: Theme) {
    let (word, symbol, tone) = face_look(&shown.face);
    let block_style = theme.verdict(tone);
    let bold = block_style.add_modifier(Modifier::BOLD);
    let wide = usize::from(area.width) >= 2 * (word.chars().count() + 4) && area.height >= 7;
    let big = if wide {
        word.chars()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        word.to_string()
    };
    let mut lines = vec![Line::styled(format!("{symbol}  {big}  {symbol}"), bold)];
    if wide {
        lines.push(Line::raw(""));
    }
    if !shown.name.is_empty() {
        lines.push(Line::styled(shown.name.clone(), bold));
    }
    // What it means comes before the number and edition: on a narrow
    // screen it is what must not be cut ("Day 2 — tomorrow"). Long lines
    // wrap rather than lose their end.
    lines.push(Line::styled(detail(shown), bold));
    if !shown.number.is_empty() {
        let what = if shown.edition.is_empty() {
            shown.number.clone()
        } else {
            format!("{} · {}", shown.number, shown.edition)
        };
        lines.push(Line::styled(what, block_style));
    }
    let width = usize::from(area.width.max(1));
    let rows: usize = lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
    let pad = usize::from(area.height).saturating_sub(rows) / 2;
    let mut all = vec![Line::raw(""); pad];
    all.extend(lines);
    frame.render_widget(
        Paragraph::new(all)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .block(Block::new().style(block_style)),
        area,
    );
}
