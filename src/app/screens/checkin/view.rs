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
use crate::i18n::Tongue;

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
    let t = theme.tongue();
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
                t.ta("desk-finding", &[("title", &s.lane.target.title)])
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
                    t.ta("desk-choosing", &[("title", title)]),
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
                t.ta("desk-choosing-keys", &[("leave", &s.keys.leave)]),
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
    if let Some(b) = s.lane_banner_within(width.saturating_sub(2), t) {
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
        Some(Panel::Search) => (t.t("desk-prompt-name"), s.input.clone()),
        Some(Panel::Leave) if s.pin_hash.is_some() => {
            (t.t("desk-prompt-pin"), "•".repeat(s.input.chars().count()))
        }
        _ => (t.t("desk-prompt-scan"), s.input.clone()),
    };
    let prompt = format!("{prompt} › ");
    let prompt_w = u16::try_from(crate::ui::table::width(&prompt)).unwrap_or(0);
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
            .find(|h| usize::from(area.width) >= crate::ui::table::width(h))
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
            let ask = if a.at.is_empty() {
                t.ta("ask-undo-just-now", &[("who", &who)])
            } else {
                t.ta("ask-undo-at", &[("who", &who), ("time", &clock_time(&a.at))])
            };
            question(frame, rest, theme, &ask, &t.t("ask-undo-how"));
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
                &t.ta(
                    "ask-undo-exit",
                    &[("who", &who), ("time", &clock_time(&exit.at))],
                ),
                &t.t("ask-undo-exit-how"),
            );
        }
        Some(Panel::Leave) => {
            let how = if s.pin_hash.is_some() {
                t.t("ask-leave-pin-how")
            } else {
                t.ta("ask-leave-how", &[("key", &s.keys.leave)])
            };
            question(frame, rest, theme, &t.t("ask-leave"), &how);
        }
        Some(Panel::ExitLane) => {
            let ask = match s.lane.kind {
                LaneKind::Entry => t.t("ask-exit-lane"),
                LaneKind::Exit => t.t("ask-entry-lane"),
            };
            question(frame, rest, theme, &ask, &t.t("ask-yes-no"));
        }
        Some(Panel::Force(_, name)) => {
            let who = if name.is_empty() {
                t.t("ask-force-this-ticket")
            } else {
                crate::sanitize::clean(name).into_owned()
            };
            let full = s
                .shown
                .as_ref()
                .is_some_and(|s| matches!(s.face, Face::Verdict(Verdict::Full { .. })));
            let ask = if full { "ask-force-capacity" } else { "ask-force-hours" };
            question(
                frame,
                rest,
                theme,
                &t.ta(ask, &[("who", &who)]),
                &t.ta(
                    "ask-force-how",
                    &[("lane", &crate::sanitize::clean(&s.lane.name))],
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
            &t.t("ask-search"),
            &t.t("ask-search-how"),
        ),
        None => {
            if let Some(named) = &s.named {
                named_list(s, named, frame, rest, theme);
            } else if let Some(shown) = &s.shown {
                verdict_block(shown, frame, rest, theme, &s.keys.force);
            } else {
                let ready = match s.lane.kind {
                    LaneKind::Exit => {
                        Line::styled(t.t("desk-ready-exit"), theme.verdict(Tone::Warn))
                    }
                    LaneKind::Entry => Line::styled(t.t("desk-ready"), theme.muted()),
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
    let t = theme.tongue();
    let text = match (&s.panel, s.pin_hash.is_some()) {
        (Some(Panel::Leave), true) => t.ta(
            "ask-leave-line-pin",
            &[("dots", &"•".repeat(s.input.chars().count()))],
        ),
        (Some(Panel::Leave), false) => t.ta("ask-leave-line", &[("key", &s.keys.leave)]),
        _ => t.ta(
            "ask-leave-help",
            &[("leave", &s.keys.leave), ("help", &s.keys.help)],
        ),
    };
    frame.render_widget(Line::styled(text, theme.muted()), line(area, y));
}

fn status_line(s: &CheckinScreen, theme: Theme) -> Line<'static> {
    let t = theme.tongue();
    let n = t.number(s.lane.lists.shown.len() as u64);
    let at = s.listed.cached_at.as_deref().map(clock_time);
    let (text, style) = if let Some(err) = &s.listed.offline {
        let age = s
            .list_age()
            .map(|a| {
                let age = crate::i18n::relative(t, &a);
                format!(" ({})", t.ta("desk-list-age", &[("age", &age)]))
            })
            .unwrap_or_default();
        let from = match (&s.listed.cached_at, &s.listed.read_at) {
            (_, Some(r)) => t.ta("desk-list-read-at", &[("time", &clock_time(r)), ("age", &age)]),
            (Some(c), None) => t.ta("desk-list-from", &[("time", &clock_time(c)), ("age", &age)]),
            (None, None) if s.lane.lists.shown.is_empty() => t.t("desk-no-offline-list"),
            (None, None) => t.ta("desk-read-before-failed", &[("n", &n)]),
        };
        (
            t.ta("desk-offline", &[("from", &from), ("error", err)]),
            theme.error(),
        )
    } else if let Some(since) = &s.lane.fresh.down_since {
        // The list is shown, but the API did not answer a ticket's read:
        // verdicts come from the list, and say so.
        let list = s
            .listed.read_at
            .as_deref()
            .or(s.listed.cached_at.as_deref())
            .map(|at| format!(" · {}", t.ta("desk-list-of", &[("time", &clock_time(at))])))
            .unwrap_or_default();
        (
            t.ta("desk-api-down", &[("time", &clock_time(since)), ("list", &list)]),
            theme.error(),
        )
    } else if let Some(read) = s.lane.lists.read_so_far() {
        let read = t.number(read as u64);
        match at {
            Some(at) => (
                t.ta("desk-refreshing-from", &[("time", &at), ("read", &read)]),
                theme.muted(),
            ),
            None if s.listed.live => (
                t.ta("desk-refreshing", &[("n", &n), ("read", &read)]),
                theme.muted(),
            ),
            None => (t.ta("desk-loading", &[("n", &n)]), theme.muted()),
        }
    } else {
        (t.ta("desk-online", &[("n", &n)]), theme.ok())
    };
    let lane = crate::sanitize::clean(&s.lane.name).into_owned();
    let mut spans = Vec::new();
    // An exit lane says so first, where it is never cut.
    if s.lane.kind == LaneKind::Exit {
        spans.push(Span::styled(
            format!("{} ", t.t("desk-exit-lane-tag")),
            theme.verdict(Tone::Warn),
        ));
        spans.push(Span::raw(" "));
    }
    spans.push(Span::styled(text, style));
    spans.push(Span::styled(
        format!(" · {}", t.ta("desk-lane", &[("lane", &lane)])),
        theme.muted(),
    ));
    // The door's policy in one line.
    spans.push(Span::styled(
        format!(
            " · {}",
            crate::sanitize::clean(&t.policy_line(&s.lane.policy, &s.lane.target))
        ),
        theme.muted(),
    ));
    Line::from(spans)
}

fn counters_line(s: &CheckinScreen, theme: Theme, width: u16) -> Line<'static> {
    let t = theme.tongue();
    let (admitted, valid, total, recent) = s.counters(&s.wall);
    let inside = s.lane.admissions.inside();
    let num = |n: usize| t.number(n as u64);
    let word = |id: &str, before: &str| format!("{before}{} ", t.t(id));
    if width < 50 {
        return Line::from(vec![
            Span::styled(word("counter-adm", ""), theme.muted()),
            Span::styled(num(admitted), theme.title()),
            Span::styled(word("counter-inside", " · "), theme.muted()),
            Span::styled(num(inside), theme.title()),
            Span::styled(word("counter-valid", " · "), theme.muted()),
            Span::raw(num(valid)),
            Span::styled(word("counter-total", " · "), theme.muted()),
            Span::raw(num(total)),
        ]);
    }
    Line::from(vec![
        Span::styled(word("counter-admitted", ""), theme.muted()),
        Span::styled(num(admitted), theme.title()),
        Span::styled(word("counter-valid", " / "), theme.muted()),
        Span::raw(num(valid)),
        Span::styled(word("counter-total", " / "), theme.muted()),
        Span::raw(num(total)),
        Span::styled(word("counter-inside-now", " · "), theme.muted()),
        Span::styled(num(inside), theme.title()),
        Span::styled(word("counter-last-5-min", " · "), theme.muted()),
        Span::styled(num(recent), theme.title()),
    ])
}

/// The word, symbol and tone of a face, its word in `t`'s language.
pub fn face_look_in(face: &Face, t: &Tongue) -> (String, &'static str, Tone) {
    let (symbol, tone) = match face {
        Face::Verdict(Verdict::Valid | Verdict::WelcomeBack { .. }) => ("✔", Tone::Good),
        Face::Verdict(
            Verdict::AlreadyAdmitted { .. }
            | Verdict::Left { .. }
            | Verdict::OtherEdition { .. }
            | Verdict::NotInside { .. },
        ) => ("⚠", Tone::Warn),
        Face::Verdict(Verdict::NotValid { .. } | Verdict::OtherEvent { .. })
        | Face::NotRecorded(_) => ("✖", Tone::Bad),
        Face::Verdict(Verdict::Unknown) => ("?", Tone::Unknown),
        Face::Verdict(Verdict::Exit) => ("↤", Tone::Good),
        Face::Verdict(Verdict::NotOpenYet { .. }) => ("◷", Tone::Warn),
        Face::Verdict(Verdict::Closed { .. }) => ("◷", Tone::Bad),
        Face::Verdict(Verdict::Full { .. }) => ("■", Tone::Warn),
        Face::Checking => ("…", Tone::Pending),
        Face::Undone => ("↶", Tone::Warn),
        Face::Elsewhere(_) => ("→", Tone::Pending),
    };
    let word = match face {
        Face::Verdict(v) => t.verdict_word(v),
        Face::Checking => t.t("face-checking"),
        Face::NotRecorded(_) => t.t("face-not-recorded"),
        Face::Undone => t.t("face-undone"),
        Face::Elsewhere(_) => t.t("face-other-lane"),
    };
    (word, symbol, tone)
}

/// The rest of an order under its VALID: "order #10001: 2 more — Ana
/// García, Bo Li · Enter admits all", and those in already with their time.
fn order_line(order: &super::OrderShown, t: &Tongue) -> String {
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
        t.t("desk-order-enter-but")
    } else {
        t.t("desk-order-enter")
    };
    let mut text = t.ta(
        "desk-order",
        &[
            ("order", &order.order),
            ("count", &order.rest.len()),
            ("names", &names.join(", ")),
            ("enter", &enter),
        ],
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
        text.push_str(" · ");
        text.push_str(&t.ta("desk-order-in-already", &[("names", &ins.join(", "))]));
    }
    text
}

/// The line under the name: what the verdict means.
fn detail(shown: &Shown, t: &Tongue) -> String {
    if let Some(why) = &shown.why {
        return why.clone();
    }
    match &shown.face {
        Face::Verdict(Verdict::Unknown) => t.ta("meaning-no-match", &[("scanned", &shown.scanned)]),
        Face::Verdict(v) => t.meaning(v),
        Face::Checking => t.ta("meaning-checking", &[("scanned", &shown.scanned)]),
        Face::NotRecorded(text) => text.clone(),
        Face::Undone => t.t("meaning-undone"),
        Face::Elsewhere(lane) => t.ta("meaning-elsewhere", &[("lane", lane)]),
    }
}

fn verdict_block(shown: &Shown, frame: &mut Frame, area: Rect, theme: Theme, force_key: &str) {
    let width = usize::from(area.width.max(1));
    let rows = |lines: &[Line]| -> usize { lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum() };
    // Where all of it does not fit (a small terminal, a long language),
    // the number joins the name, then the force key's reminder gives way:
    // the word, the name and what it means are never cut.
    let mut lines = verdict_lines(shown, area, theme, force_key, 0);
    for tight in 1..=2 {
        if rows(&lines) <= usize::from(area.height) {
            break;
        }
        lines = verdict_lines(shown, area, theme, force_key, tight);
    }
    let pad = usize::from(area.height).saturating_sub(rows(&lines)) / 2;
    let mut all = vec![Line::raw(""); pad];
    all.extend(lines);
    let (_, _, tone) = face_look_in(&shown.face, theme.tongue());
    frame.render_widget(
        Paragraph::new(all)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: false })
            .block(Block::new().style(theme.verdict(tone))),
        area,
    );
}

/// The verdict's lines; `tight` 1: the number on the name's line, 2: and
/// no reminder of the force key.
fn verdict_lines(
    shown: &Shown,
    area: Rect,
    theme: Theme,
    force_key: &str,
    tight: u8,
) -> Vec<Line<'static>> {
    let t = theme.tongue();
    let (word, symbol, tone) = face_look_in(&shown.face, t);
    let block_style = theme.verdict(tone);
    let bold = block_style.add_modifier(Modifier::BOLD);
    // Big letters where the word and four lines of facts fit under them,
    // else the language's shorter word where that fits; the word is said
    // once more as plain text (screen readers, logs).
    let (w, h) = (area.width.saturating_sub(2), area.height.saturating_sub(5));
    let big = big::fit(&word, w, h).or_else(|| match &shown.face {
        Face::Verdict(v) => big::fit(&t.verdict_short(v), w, h),
        _ => None,
    });
    let mut lines: Vec<Line> = Vec::new();
    if let Some(big) = big {
        lines.extend(big.into_iter().map(|l| Line::styled(l, bold)));
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(format!("{symbol}  {word}  {symbol}"), bold));
    let number_beside = tight >= 1 && !shown.number.is_empty();
    match (shown.name.is_empty(), number_beside) {
        (false, true) => lines.push(Line::styled(
            format!("{} · {}", shown.name, shown.number),
            bold,
        )),
        (false, false) => lines.push(Line::styled(shown.name.clone(), bold)),
        (true, true) => lines.push(Line::styled(shown.number.clone(), bold)),
        (true, false) => {}
    }
    // What it means comes before the number and edition: on a narrow
    // screen it is what must not be cut ("Day 2 — tomorrow"). Long lines
    // wrap rather than lose their end.
    lines.push(Line::styled(detail(shown, t), bold));
    // The note stops the door: beside the verdict, whatever it is.
    if let Some(flag) = &shown.flag {
        let wait = if shown.face == Face::Verdict(Verdict::Valid) {
            format!("  {}", t.t("desk-note-done"))
        } else {
            String::new()
        };
        lines.push(Line::styled(format!("⚑ {flag}{wait}"), bold));
    }
    if let Some(order) = &shown.order {
        lines.push(Line::styled(order_line(order, t), bold));
    }
    if tight < 2
        && matches!(
            shown.face,
            Face::Verdict(
                Verdict::NotOpenYet { .. } | Verdict::Closed { .. } | Verdict::Full { .. }
            )
        )
    {
        lines.push(Line::styled(
            t.ta("desk-force-hint", &[("key", &force_key)]),
            block_style,
        ));
    }
    if !shown.number.is_empty() && !number_beside {
        let what = if shown.edition.is_empty() {
            shown.number.clone()
        } else {
            format!("{} · {}", shown.number, shown.edition)
        };
        lines.push(Line::styled(what, block_style));
    }
    lines
}
