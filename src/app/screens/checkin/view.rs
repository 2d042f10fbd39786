//! How the desk looks: a banner when one is set, status and counters on
//! top, the input line, the verdict as a coloured block filling the rest
//! in big letters (its word and symbol say it without colour too), the
//! last scans beside it where there is room, what is open (help, a
//! question) over it, the desk's keys at the bottom.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::app::layout::line;
use crate::ui::Theme;
use crate::ui::theme::Tone;
use crate::ui::widgets::thousands;

mod key_line;
mod panels;

pub use key_line::{DeskKeys, desk_key};
use panels::{conflicts, help_panel, last_scans, named_list, order_question, question};

use super::{CheckinScreen, Face, Panel, Shown, Stage, Verdict, big};
use crate::door::LaneKind;
use crate::door::clock_time;

/// The last scans go beside the verdict from this width on (else F4).
pub const BESIDE: u16 = 110;
/// Their column's width there.
const LIST_WIDTH: u16 = 46;

pub fn render(s: &CheckinScreen, frame: &mut Frame, area: Rect, theme: Theme) {
    if area.height == 0 {
        return;
    }
    // Room for a message to the whole room (a shared log unreachable).
    let area = match &s.banner {
        Some(text) if area.height > 4 => {
            frame.render_widget(
                Line::styled(format!("⚠ {text}"), theme.verdict(Tone::Bad)),
                line(area, 0),
            );
            Rect {
                y: area.y + 1,
                height: area.height - 1,
                ..area
            }
        }
        _ => area,
    };
    match &s.stage {
        Stage::Finding { failed, .. } => {
            let text = failed.clone().unwrap_or_else(|| {
                format!("finding today's edition of {}…", s.lane.target.title)
            });
            let style = if failed.is_some() {
                theme.error()
            } else {
                theme.muted()
            };
            frame.render_widget(Line::styled(text, style), line(area, 0));
            leave_line(s, frame, area, theme, 2);
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
                format!("↑/↓ pick · Enter check in · {} leave", s.keys.leave),
                theme.muted(),
            ));
            let n = u16::try_from(lines.len()).unwrap_or(u16::MAX);
            frame.render_widget(Paragraph::new(lines), area);
            leave_line(s, frame, area, theme, n);
            return;
        }
        Stage::Ready => {}
    }
    frame.render_widget(status_line(s, theme), line(area, 0));
    frame.render_widget(counters_line(s, theme, area.width), line(area, 1));
    let width = usize::from(area.width);
    if let Some(b) = s.lane_banner_within(width.saturating_sub(2)) {
        let banner = Line::styled(format!("⚠ {b}"), theme.error());
        frame.render_widget(crate::ui::table::fit_line(banner, width), line(area, 2));
    } else if let Some(alert) = &s.following.alert {
        let alert = Line::styled(format!("⚠ {alert}"), theme.error());
        frame.render_widget(crate::ui::table::fit_line(alert, width), line(area, 2));
    } else if let Some(w) = &s.warning {
        frame.render_widget(Line::styled(format!("⚠ {w}"), theme.error()), line(area, 2));
    } else if let Some(n) = &s.note {
        frame.render_widget(Line::styled(n.clone(), theme.muted()), line(area, 2));
    }
    let input_y = 3.min(area.height - 1);
    let (prompt, typed) = match &s.panel {
        Some(Panel::Search) => ("name › ", s.input.clone()),
        Some(Panel::Leave) if s.pin_hash.is_some() => {
            ("PIN › ", "•".repeat(s.input.chars().count()))
        }
        _ => ("scan › ", s.input.clone()),
    };
    let prompt_w = u16::try_from(prompt.chars().count()).unwrap_or(0);
    frame.render_widget(
        Line::from(vec![
            Span::styled(prompt, theme.key()),
            Span::raw(crate::sanitize::clean(&typed).into_owned()),
            Span::styled("▏", theme.focus()),
        ]),
        line(area, input_y),
    );
    let x = area.x + prompt_w + u16::try_from(crate::ui::table::width(&typed)).unwrap_or(0);
    frame.set_cursor_position((x.min(area.right().saturating_sub(1)), area.y + input_y));
    if area.height > 5 {
        let hints = s
            .hints()
            .iter()
            .find(|h| usize::from(area.width) >= h.chars().count())
            .unwrap_or(&s.hints()[2]);
        frame.render_widget(
            Line::styled(hints.as_str(), theme.muted()),
            line(area, area.height - 1),
        );
    }
    let mut rest = Rect {
        y: area.y + 4,
        height: area
            .height
            .saturating_sub(if area.height > 5 { 5 } else { 4 }),
        ..area
    };
    if rest.height == 0 {
        return;
    }
    let beside = rest.width >= BESIDE;
    if beside {
        let list = Rect {
            x: rest.right() - LIST_WIDTH,
            width: LIST_WIDTH,
            ..rest
        };
        rest.width -= LIST_WIDTH + 1;
        last_scans(s, frame, list, theme);
    }
    // The last scans are beside already: not a second time.
    let panel = s
        .panel
        .as_ref()
        .filter(|p| !(beside && matches!(p, Panel::LastScans)));
    match panel {
        Some(Panel::Help(scroll)) => help_panel(s, *scroll, frame, rest, theme),
        Some(Panel::Undo(a, name)) => {
            let who = if name.is_empty() {
                a.number.clone()
            } else {
                format!("{name} ({})", a.number)
            };
            let at = if a.at.is_empty() {
                "just now".to_string()
            } else {
                format!("at {} UTC", clock_time(&a.at))
            };
            question(
                frame,
                rest,
                theme,
                &format!("Undo the admission of {who}, {at}?"),
                "Enter: undo · Esc: keep it (a scan keeps it too)",
            );
        }
        Some(Panel::UndoExit(exit, name)) => {
            let who = if name.is_empty() {
                exit.number.clone()
            } else {
                format!("{name} ({})", exit.number)
            };
            question(
                frame,
                rest,
                theme,
                &format!("Undo the exit of {who}, at {} UTC?", clock_time(&exit.at)),
                "Enter: back inside · Esc: keep it (a scan keeps it too)",
            );
        }
        Some(Panel::Leave) => {
            let how = if s.pin_hash.is_some() {
                "type the PIN, then Enter · Esc: stay".to_owned()
            } else {
                format!("Enter or {} again: leave · Esc: stay", s.keys.leave)
            };
            question(frame, rest, theme, "Leave the check-in desk?", &how);
        }
        Some(Panel::ExitLane) => {
            let ask = match s.lane.kind {
                LaneKind::Entry => "Make this lane an exit lane? A scan then lets a guest out (EXIT).",
                LaneKind::Exit => "Make this lane an entry lane again?",
            };
            question(frame, rest, theme, ask, "Enter: yes · Esc: no (a scan says no too)");
        }
        Some(Panel::Force(_, name)) => {
            let who = if name.is_empty() {
                "this ticket".to_string()
            } else {
                crate::sanitize::clean(name).into_owned()
            };
            question(
                frame,
                rest,
                theme,
                &format!(
                    "Admit {who} anyway, {}?",
                    if s.shown.as_ref().is_some_and(|s| matches!(s.face, Face::Verdict(Verdict::Full { .. }))) {
                        "past the door's capacity"
                    } else {
                        "outside the hours"
                    }
                ),
                &format!(
                    "Enter: admit, recorded as forced by lane {} · Esc: no",
                    crate::sanitize::clean(&s.lane.name)
                ),
            );
        }
        Some(Panel::Order(order)) => order_question(order, frame, rest, theme),
        Some(Panel::LastScans) => last_scans(s, frame, rest, theme),
        Some(Panel::Conflicts) => conflicts(s, frame, rest, theme),
        Some(Panel::Search) => question(
            frame,
            rest,
            theme,
            "Find an attendee by name",
            "type a name, then Enter · Esc: back to scanning (a scan is judged)",
        ),
        None => {
            if let Some(named) = &s.named {
                named_list(s, named, frame, rest, theme);
            } else if let Some(shown) = &s.shown {
                verdict_block(shown, frame, rest, theme, &s.keys.force);
            } else {
                let ready = match s.lane.kind {
                    LaneKind::Exit => Line::styled(
                        "EXIT LANE — ready: scan a ticket to let a guest out",
                        theme.verdict(Tone::Warn),
                    ),
                    LaneKind::Entry => Line::styled("ready: scan a ticket", theme.muted()),
                };
                frame.render_widget(
                    Paragraph::new(vec![Line::raw(""), ready])
                    .alignment(Alignment::Center),
                    rest,
                );
            }
        }
    }
}

/// Before the desk scans, the leave question where it is asked.
fn leave_line(s: &CheckinScreen, frame: &mut Frame, area: Rect, theme: Theme, y: u16) {
    if y >= area.height {
        return;
    }
    let text = match (&s.panel, s.pin_hash.is_some()) {
        (Some(Panel::Leave), true) => format!(
            "Leave the check-in desk? PIN › {}▏ (Enter · Esc: stay)",
            "•".repeat(s.input.chars().count())
        ),
        (Some(Panel::Leave), false) => format!(
            "Leave the check-in desk? Enter or {} again: leave · Esc: stay",
            s.keys.leave
        ),
        _ => format!("{} leave · {} help", s.keys.leave, s.keys.help),
    };
    frame.render_widget(Line::styled(text, theme.muted()), line(area, y));
}

fn status_line(s: &CheckinScreen, theme: Theme) -> Line<'static> {
    let n = thousands(s.lane.lists.shown.len() as u64);
    let at = s.listed.cached_at.as_deref().map(clock_time);
    let (text, style) = if let Some(err) = &s.listed.offline {
        let age = s
            .list_age()
            .map(|a| format!(" ({a} old)"))
            .unwrap_or_default();
        let from = match (&s.listed.cached_at, &s.listed.read_at) {
            (_, Some(r)) => format!("list read at {} UTC{age}", clock_time(r)),
            (Some(c), None) => format!("list from {} UTC{age}", clock_time(c)),
            (None, None) if s.lane.lists.shown.is_empty() => "no offline list".into(),
            (None, None) => format!("{n} tickets read before it failed"),
        };
        (
            format!("✖ OFFLINE — {from} · {err} · F5 retries"),
            theme.error(),
        )
    } else if let Some(since) = &s.lane.fresh.down_since {
        // The list is shown, but the API did not answer a ticket's read:
        // verdicts come from the list, and say so.
        let list = s
            .listed.read_at
            .as_deref()
            .or(s.listed.cached_at.as_deref())
            .map(|at| format!(" · list of {} UTC", clock_time(at)))
            .unwrap_or_default();
        (
            format!("✖ API unreachable since {} UTC{list}", clock_time(since)),
            theme.error(),
        )
    } else if let Some(read) = s.lane.lists.read_so_far() {
        match at {
            Some(at) => (
                format!(
                    "list from {at} UTC, refreshing… ({} read)",
                    thousands(read as u64)
                ),
                theme.muted(),
            ),
            None if s.listed.live => (
                format!(
                    "{n} tickets · refreshing… ({} read)",
                    thousands(read as u64)
                ),
                theme.muted(),
            ),
            None => (format!("loading tickets… {n} read"), theme.muted()),
        }
    } else {
        (format!("● online · {n} tickets"), theme.ok())
    };
    let lane = crate::sanitize::clean(&s.lane.name).into_owned();
    let mut spans = Vec::new();
    // An exit lane says so first, where it is never cut.
    if s.lane.kind == LaneKind::Exit {
        spans.push(Span::styled("↤ EXIT LANE ", theme.verdict(Tone::Warn)));
        spans.push(Span::raw(" "));
    }
    spans.push(Span::styled(text, style));
    spans.push(Span::styled(format!(" · lane {lane}"), theme.muted()));
    // The door's policy in one line.
    spans.push(Span::styled(
        format!(" · {}", crate::sanitize::clean(&s.policy_line())),
        theme.muted(),
    ));
    Line::from(spans)
}

fn counters_line(s: &CheckinScreen, theme: Theme, width: u16) -> Line<'static> {
    let (admitted, valid, total, recent) = s.counters(&s.wall);
    let inside = s.lane.admissions.inside();
    if width < 50 {
        return Line::from(vec![
            Span::styled("adm ", theme.muted()),
            Span::styled(thousands(admitted as u64), theme.title()),
            Span::styled(" · inside ", theme.muted()),
            Span::styled(thousands(inside as u64), theme.title()),
            Span::styled(" · valid ", theme.muted()),
            Span::raw(thousands(valid as u64)),
            Span::styled(" · total ", theme.muted()),
            Span::raw(thousands(total as u64)),
        ]);
    }
    Line::from(vec![
        Span::styled("admitted ", theme.muted()),
        Span::styled(thousands(admitted as u64), theme.title()),
        Span::styled(" / valid ", theme.muted()),
        Span::raw(thousands(valid as u64)),
        Span::styled(" / total ", theme.muted()),
        Span::raw(thousands(total as u64)),
        Span::styled(" · inside now ", theme.muted()),
        Span::styled(thousands(inside as u64), theme.title()),
        Span::styled(" · last 5 min ", theme.muted()),
        Span::styled(thousands(recent as u64), theme.title()),
    ])
}

/// The word, symbol and tone (for the theme's colours) of a face.
pub fn face_look(face: &Face) -> (&'static str, &'static str, Tone) {
    match face {
        Face::Verdict(Verdict::Valid) => ("VALID", "✔", Tone::Good),
        Face::Verdict(Verdict::AlreadyAdmitted { .. } | Verdict::Left { .. }) => {
            ("ALREADY ADMITTED", "⚠", Tone::Warn)
        }
        Face::Verdict(Verdict::NotValid { .. }) => ("NOT VALID", "✖", Tone::Bad),
        Face::Verdict(Verdict::OtherEdition { .. }) => ("OTHER EDITION", "⚠", Tone::Warn),
        Face::Verdict(Verdict::OtherEvent { .. }) => ("OTHER EVENT", "✖", Tone::Bad),
        Face::Verdict(Verdict::Unknown) => ("UNKNOWN", "?", Tone::Unknown),
        Face::Verdict(Verdict::Exit) => ("EXIT", "↤", Tone::Good),
        Face::Verdict(Verdict::WelcomeBack { .. }) => ("WELCOME BACK", "✔", Tone::Good),
        Face::Verdict(Verdict::NotOpenYet { .. }) => ("NOT OPEN YET", "◷", Tone::Warn),
        Face::Verdict(Verdict::Closed { .. }) => ("CLOSED", "◷", Tone::Bad),
        Face::Verdict(Verdict::NotInside { .. }) => ("NOT INSIDE", "⚠", Tone::Warn),
        Face::Verdict(Verdict::Full { .. }) => ("FULL", "■", Tone::Warn),
        Face::Checking => ("CHECKING", "…", Tone::Pending),
        Face::NotRecorded(_) => ("NOT RECORDED", "✖", Tone::Bad),
        Face::Undone => ("UNDONE", "↶", Tone::Warn),
        Face::Elsewhere(_) => ("OTHER LANE", "→", Tone::Pending),
    }
}

/// The rest of an order under its VALID: "order #10001: 2 more — Ana
/// García, Bo Li · Enter admits all", and those in already with their time.
fn order_line(order: &super::OrderShown) -> String {
    let names: Vec<String> = order
        .rest
        .iter()
        .zip(&order.notes)
        .map(|((_, n), note)| match note {
            Some(_) => format!("{n} ⚑"),
            None => n.clone(),
        })
        .collect();
    let enter = if order.notes.iter().any(Option::is_some) {
        "Enter admits all but ⚑"
    } else {
        "Enter admits all"
    };
    let mut text = format!(
        "order {}: {} more — {} · {enter} · Space picks",
        order.order,
        order.rest.len(),
        names.join(", ")
    );
    if !order.admitted.is_empty() {
        let ins: Vec<String> = order
            .admitted
            .iter()
            .map(|(n, at)| {
                if at.is_empty() {
                    n.clone()
                } else {
                    format!("{n} {at}")
                }
            })
            .collect();
        text.push_str(" · in already: ");
        text.push_str(&ins.join(", "));
    }
    text
}

/// The line under the name: what the verdict means.
fn detail(shown: &Shown) -> String {
    if let Some(why) = &shown.why {
        return why.clone();
    }
    match &shown.face {
        Face::Verdict(Verdict::Unknown) => format!("no ticket matches “{}”", shown.scanned),
        Face::Verdict(v) => v.meaning(),
        Face::Checking => format!("checking ticket {}…", shown.scanned),
        Face::NotRecorded(text) => text.clone(),
        Face::Undone => "undone: not admitted".into(),
        Face::Elsewhere(lane) => format!("admitted at {lane}"),
    }
}

fn verdict_block(shown: &Shown, frame: &mut Frame, area: Rect, theme: Theme, force_key: &str) {
    let (word, symbol, tone) = face_look(&shown.face);
    let block_style = theme.verdict(tone);
    let bold = block_style.add_modifier(Modifier::BOLD);
    // Big letters where the word and four lines of facts fit under them;
    // the word is said once more as plain text (screen readers, logs).
    let big = big::fit(
        word,
        area.width.saturating_sub(2),
        area.height.saturating_sub(5),
    );
    let mut lines: Vec<Line> = Vec::new();
    if let Some(big) = big {
        lines.extend(big.into_iter().map(|l| Line::styled(l, bold)));
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(format!("{symbol}  {word}  {symbol}"), bold));
    if !shown.name.is_empty() {
        lines.push(Line::styled(shown.name.clone(), bold));
    }
    // What it means comes before the number and edition: on a narrow
    // screen it is what must not be cut ("Day 2 — tomorrow"). Long lines
    // wrap rather than lose their end.
    lines.push(Line::styled(detail(shown), bold));
    // The note stops the door: beside the verdict, whatever it is.
    if let Some(flag) = &shown.flag {
        let wait = if shown.face == Face::Verdict(Verdict::Valid) {
            "  (Enter: done)"
        } else {
            ""
        };
        lines.push(Line::styled(format!("⚑ {flag}{wait}"), bold));
    }
    if let Some(order) = &shown.order {
        lines.push(Line::styled(order_line(order), bold));
    }
    if matches!(
        shown.face,
        Face::Verdict(
            Verdict::NotOpenYet { .. } | Verdict::Closed { .. } | Verdict::Full { .. }
        )
    ) {
        lines.push(Line::styled(format!("{force_key}: admit anyway (asks)"), block_style));
    }
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
            .wrap(Wrap { trim: false })
            .block(Block::new().style(block_style)),
        area,
    );
}
