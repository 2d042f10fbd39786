//! The view: title line, the top screen, status bar, toasts, overlay. Only
//! reads the model; every area comes from the model's one [`Layout`].
//!
//! [`Layout`]: super::layout::Layout

use std::fmt::Write as _;

use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::ui::Theme;
use crate::ui::table::{truncate, width};
use crate::ui::widgets;

use super::keymap::{Action, Scope};
use super::layout::Layout;
use super::model::Model;
use super::tab::Tab;

/// Draws the whole app.
pub fn view(model: &Model, frame: &mut Frame) {
    // The frame is the truth about the size; the model's layout follows it
    // through `Msg::Resize`, and both agree outside the instant between.
    let layout = if frame.area() == model.layout.full {
        model.layout
    } else {
        Layout::new((frame.area().width, frame.area().height))
    };
    if layout.too_small() {
        frame.render_widget(
            Paragraph::new("boxoffice: window too small").wrap(Wrap { trim: true }),
            layout.full,
        );
        return;
    }
    let theme = model.theme();
    title_line(frame, model, theme, &layout);
    if let Some(top) = model.top() {
        top.component().render(frame, layout.body, theme);
    }
    status_bar(frame, model, theme, &layout);
    let keep_clear = model
        .top()
        .map(|top| top.component().keep_clear(layout.body))
        .unwrap_or_default();
    model.toasts.render(frame, &layout, theme, &keep_clear);
    if let Some(overlay) = &model.overlay {
        overlay.component().render(frame, &layout, theme);
    }
}

fn title_line(frame: &mut Frame, model: &Model, theme: Theme, layout: &Layout) {
    if let [root] = model.stack.as_slice()
        && let Some(current) = root.tab()
    {
        frame.render_widget(tabs_line(current, theme, layout), layout.header);
        return;
    }
    let t = theme.tongue();
    let crumbs: Vec<String> = model.stack.iter().map(|s| s.component().crumb(t)).collect();
    // When the path does not fit, the oldest steps give way to "…".
    let room = usize::from(layout.header.width).saturating_sub(16);
    let mut first = 0;
    while first + 1 < crumbs.len()
        && crumbs[first..].iter().map(|c| width(c) + 3).sum::<usize>() > room
    {
        first += 1;
    }
    let mut spans = vec![Span::styled(" boxoffice ", theme.title())];
    if first > 0 {
        spans.push(Span::styled(" › …", theme.muted()));
    }
    for (i, c) in crumbs.into_iter().enumerate().skip(first) {
        // A screen a `:` command jumped to is not under the one before it.
        let step = if model.jumps.contains(&i) {
            " · :"
        } else {
            " › "
        };
        spans.push(Span::styled(step, theme.muted()));
        let style = if i + 1 == model.stack.len() {
            theme.header()
        } else {
            theme.base()
        };
        spans.push(Span::styled(c, style));
    }
    frame.render_widget(Line::from(spans), layout.header);
}

/// At a root screen: the top-level tabs with their keys, the current one
/// in brackets (so it does not rest on colour alone). Narrow, the other
/// tabs show only their keys.
fn tabs_line(current: Tab, theme: Theme, layout: &Layout) -> Line<'static> {
    let t = theme.tongue();
    let label = |i: usize, tab: Tab, short: bool| {
        let n = i + 1;
        if tab == current {
            format!("[{n} {}]", tab.title(t))
        } else if short {
            n.to_string()
        } else {
            format!("{n} {}", tab.title(t))
        }
    };
    let full: Vec<String> = Tab::ALL
        .iter()
        .enumerate()
        .map(|(i, &t)| label(i, t, false))
        .collect();
    let room = usize::from(layout.header.width).saturating_sub(width(" boxoffice  "));
    let short = full.iter().map(|l| width(l) + 1).sum::<usize>() > room;
    let mut spans = vec![Span::styled(" boxoffice ", theme.title()), Span::raw(" ")];
    for (i, &tab) in Tab::ALL.iter().enumerate() {
        let style = if tab == current {
            theme.header()
        } else {
            theme.muted()
        };
        spans.push(Span::styled(label(i, tab, short), style));
        spans.push(Span::raw(" "));
    }
    Line::from(spans)
}

fn status_bar(frame: &mut Frame, model: &Model, theme: Theme, layout: &Layout) {
    let t = theme.tongue();
    let total = usize::from(layout.status.width);
    let mut left = format!(" {} · {}", model.options.business, model.host);
    if model.options.readonly {
        let _ = write!(left, " · {}", t.t("bar-read-only"));
    }
    if let Some(note) = model
        .top()
        .and_then(|s| s.component().door()?.status_note())
    {
        let _ = write!(left, " · {note}");
    }
    if model.in_flight > 0 {
        let _ = write!(
            left,
            " · {}",
            t.ta("bar-in-flight", &[("count", &model.in_flight)])
        );
    }
    let scope = model.top().map_or(Scope::Events, |s| s.component().scope());
    let key = |action| model.keymap().label(scope, action).unwrap_or_default();
    let right = match &model.last_error {
        Some(e) => format!("{} ", t.ta("bar-last-error", &[("error", e)])),
        // The desk takes every key: it names its own (help on F1, no palette).
        None if let Some(keys) = model
            .top()
            .and_then(|s| s.component().door()?.status_keys(model.keymap())) =>
        {
            keys
        }
        None => format!(
            "{} ",
            t.ta(
                "bar-keys",
                &[
                    ("help", &key(Action::Help)),
                    ("palette", &key(Action::Palette))
                ]
            )
        ),
    };
    // Too long for the bar (a narrow terminal): cut with `…` like any value.
    let left = truncate(&left, total);
    let room = total.saturating_sub(width(&left) + 2);
    let right = truncate(&right, room);
    let pad = total.saturating_sub(width(&left) + width(&right));
    let right_style = if model.last_error.is_some() {
        theme.bar().patch(theme.error())
    } else {
        theme.bar()
    };
    widgets::bar(
        frame,
        layout.status,
        Line::from(vec![
            Span::raw(left),
            Span::raw(" ".repeat(pad)),
            Span::styled(right, right_style),
        ]),
        theme.bar(),
    );
}
