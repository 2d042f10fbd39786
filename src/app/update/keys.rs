//! Input from the terminal: every key through the burst gate first (a
//! scanner's burst drives nothing outside the desk: `burst::Gate`), then
//! global keys (quit, suspend, help, palette, refresh, copy, root tabs),
//! the rest routed to the open overlay or the top screen; the mouse; a new
//! size; the tick.

use std::sync::Arc;

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind};

use super::overlay::overlay_key;
use super::stack::{apply, refresh_top, switch_tab};
use crate::app::burst::{READ_QUESTION, RunStart, Step};
use crate::app::cmd::Cmd;
use crate::app::keymap::Action;
use crate::app::layout::Layout;
use crate::app::model::Model;
use crate::app::overlays::Overlay;
use crate::app::overlays::help::Help;
use crate::app::overlays::palette::Palette;
use crate::app::screens;
use crate::app::state::ToastKind;
use crate::app::tab::Tab;

/// Time passed: keys held by the gate whose run ended short of a burst go
/// on; the top screen may act on it (a scan ended by a quiet gap, a verdict
/// giving way).
pub(super) fn tick(model: &mut Model) -> Vec<Cmd> {
    let mut cmds = Vec::new();
    let released = model.gate.tick(model.now);
    if !released.is_empty() {
        // A tick is not drawn unless it says so.
        cmds.push(Cmd::Redraw);
    }
    let asked = asking(model);
    for key in released {
        cmds.extend(route(model, key));
    }
    if !asked && asking(model) {
        model.asked_at = Some(model.now);
    }
    let Some((top, mut ctx)) = model.top_and_ctx() else {
        return cmds;
    };
    let outcome = top.component_mut().tick(&mut ctx);
    cmds.extend(apply(model, outcome));
    cmds
}

/// How long after the last key held the gate asks to be woken.
const HELD_WAKE: Duration = Duration::from_millis(60);

/// A key from the terminal: the desk takes every key itself (its own
/// bursts are scans); anywhere else it goes through the gate, which holds
/// a key that may begin a burst, and a key that could answer a question or
/// quit, until it is known no burst follows.
pub(super) fn on_key(model: &mut Model, key: KeyEvent) -> Vec<Cmd> {
    if key.kind == KeyEventKind::Release {
        return vec![];
    }
    let now = model.now;
    let desk = model.top().is_some_and(|s| s.component().door().is_some());
    if desk && model.overlay.is_none() {
        model.gate.pass(key, now);
        return route(model, key);
    }
    if model.gate.starts_run(now) {
        model.run_start = RunStart {
            overlay: model.overlay.is_some(),
            over_desk: if desk { model.overlay.clone() } else { None },
        };
    }
    let wary =
        model.overlay.as_ref().is_some_and(|o| o.component().asks()) || would_quit(model, &key);
    let typing = match &model.overlay {
        Some(o) => o.component().typing(),
        None => model.top().is_some_and(|s| s.component().typing()),
    };
    let moves = model.overlay.is_none()
        && model.top().is_some_and(|s| {
            matches!(
                model.keymap().lookup(s.component().scope(), &key),
                Some(Action::Step(_))
            )
        });
    let asked = asking(model);
    // Too soon after the question opened to answer it: the rest of what
    // opened it, never taken (it still counts towards a burst).
    let unread = asked
        && model
            .asked_at
            .is_some_and(|at| now.saturating_duration_since(at) < READ_QUESTION);
    let steps = if unread {
        model.toast_said(ToastKind::Info, "toast-key-unread");
        model.gate.never_route(key, now)
    } else {
        model.gate.key(key, now, wary, typing, moves)
    };
    let mut cmds = Vec::new();
    for step in steps {
        match step {
            Step::Route(key) => cmds.extend(route(model, key)),
            Step::Burst(run) => cmds.extend(burst(model, run)),
        }
    }
    if !asked && asking(model) {
        model.asked_at = Some(now);
    }
    if model.gate.holding() {
        cmds.push(Cmd::Wake { after: HELD_WAKE });
    }
    cmds
}

/// Whether a question that a key answers is open.
fn asking(model: &Model) -> bool {
    model.overlay.as_ref().is_some_and(|o| o.component().asks())
}

/// Whether `key` would quit the app here (Ctrl-C, or `q` at the root).
fn would_quit(model: &Model, key: &KeyEvent) -> bool {
    if model.keymap().quits(key) {
        return true;
    }
    let Some(top) = model
        .top()
        .filter(|_| model.overlay.is_none() && model.stack.len() == 1)
    else {
        return false;
    };
    let scope = top.component().scope();
    model.keymap().lookup(scope, key) == Some(Action::Back)
        && model.keymap().quits_at_root(scope, key)
}

/// A burst, outside the desk: it drives nothing. A question open is
/// cancelled, an overlay its own first key opened closes (one that takes
/// text keeps the burst's characters, as a paste), and it is said in one
/// line. Over the desk it is a scan: the overlay (the walk-in form)
/// closes as it was before the burst, kept by the desk, and the burst's
/// keys go to the desk.
fn burst(model: &mut Model, run: Vec<(KeyEvent, bool)>) -> Vec<Cmd> {
    let desk = model.top().is_some_and(|s| s.component().door().is_some());
    let start = std::mem::take(&mut model.run_start);
    // A screen opened over the desk that steps aside (the door's
    // dashboard): left, and the scan goes to the desk, as a scan at the
    // desk. A guest at the door is judged, never dropped by a glance.
    let under = model
        .stack
        .len()
        .checked_sub(2)
        .and_then(|i| model.stack.get(i));
    if model.overlay.is_none()
        && model
            .top()
            .is_some_and(|s| s.component().steps_aside_for_scans())
        && under.is_some_and(|s| s.component().door().is_some())
    {
        let gone = model.stack.split_off(model.stack.len() - 1);
        let mut cmds = super::stack::leave(model, gone);
        model.gate.pass(run[0].0, model.now);
        for (key, _) in run {
            cmds.extend(route(model, key));
        }
        return cmds;
    }
    if desk && let Some(open) = model.overlay.take() {
        let mut cmds = super::stack::cancel(open.component().streaming());
        let before = start.over_desk.unwrap_or(open);
        if let Some(door) = model.top_mut().and_then(|s| s.component_mut().door_mut()) {
            door.burst_closed(before);
        }
        model.gate.pass(run[0].0, model.now);
        for (key, _) in run {
            cmds.extend(route(model, key));
        }
        return cmds;
    }
    let after_desk = model.gate.after_desk(model.now);
    let text = match model.overlay.take() {
        // A question, or a window the burst's own first key opened that
        // takes no text (help): closed. One that takes text (the `:` line,
        // a form) keeps the burst's characters.
        Some(open) if open.component().asks() || !(start.overlay || open.component().typing()) => {
            let asked = open.component().asks();
            let cmds = super::stack::cancel(open.component().streaming());
            model.toast_said(
                ToastKind::Info,
                if asked {
                    "toast-scan-not-sent"
                } else {
                    "toast-scan-at-desk"
                },
            );
            return cmds;
        }
        Some(open) => {
            let typing = open.component().typing();
            model.overlay = Some(open);
            if typing {
                "toast-scan-typed"
            } else {
                "toast-scan-nothing"
            }
        }
        None if after_desk => "toast-scan-after-desk",
        None if model.top().is_some_and(|s| s.component().typing()) => "toast-scan-typed",
        None => "toast-scan-at-desk",
    };
    model.toast_said(ToastKind::Info, text);
    vec![]
}

/// A key past the gate: global keys, then the open overlay or the top
/// screen.
fn route(model: &mut Model, key: KeyEvent) -> Vec<Cmd> {
    // The desk holds the door: quit there asks as leaving does (its own
    // keys), over the walk-in form too (the form kept as typed).
    let desk = model.top().is_some_and(|s| s.component().door().is_some());
    if model.keymap().quits(&key) {
        if !desk {
            model.quit = true;
            return vec![];
        }
        if let Some(open) = model.overlay.take() {
            let cmds = super::stack::cancel(open.component().streaming());
            if let Some(door) = model.top_mut().and_then(|s| s.component_mut().door_mut()) {
                door.burst_closed(open);
            }
            let mut more = route(model, key);
            more.extend(cmds);
            return more;
        }
    }
    // Everywhere, over a form too: what was typed stays for `fg`.
    if key.code == KeyCode::Char('z') && key.modifiers.contains(KeyModifiers::CONTROL) {
        return vec![Cmd::Suspend];
    }
    if model.overlay.is_some() {
        return overlay_key(model, key);
    }
    let Some((top, mut ctx)) = model.top_and_ctx() else {
        return vec![];
    };
    if let Some(outcome) = top.component_mut().text_key(key, &mut ctx) {
        return apply(model, outcome);
    }
    let scope = top.component().scope();
    let Some(action) = model.keymap().lookup(scope, &key) else {
        return vec![];
    };
    if action.writes() && model.options.readonly {
        model.toast_said(ToastKind::Error, "note-read-only");
        return vec![];
    }
    match action {
        Action::Quit => {
            model.quit = true;
            vec![]
        }
        Action::Help => {
            model.overlay = Some(Overlay::Help(Help::new(
                scope,
                model.options.readonly,
                Arc::clone(&model.options.settings.keymap),
            )));
            vec![]
        }
        Action::Palette => {
            model.overlay = Some(Overlay::Palette(Palette::new(screens::commands())));
            vec![]
        }
        Action::Refresh => refresh_top(model),
        Action::Copy => copy(model),
        Action::RootTab => match key.code {
            KeyCode::Char(c) if model.stack.len() == 1 => {
                Tab::from_digit(c).map_or_else(Vec::new, |tab| switch_tab(model, tab, false))
            }
            _ => vec![],
        },
        _ => {
            let Some((top, mut ctx)) = model.top_and_ctx() else {
                return vec![];
            };
            let outcome = top.component_mut().action(action, key, &mut ctx);
            apply(model, outcome)
        }
    }
}

/// `y`: the top screen's key value goes to the clipboard (the runtime writes
/// it), and a toast says what.
pub(super) fn copy(model: &mut Model) -> Vec<Cmd> {
    let Some(text) = model.top().and_then(|s| s.component().copy_text()) else {
        model.toast_said(ToastKind::Info, "toast-nothing-to-copy");
        return vec![];
    };
    let said = model.tongue().ta("toast-copied", &[("text", &text)]);
    model.toast(ToastKind::Info, said);
    vec![Cmd::Copy(text)]
}

pub(super) fn on_mouse(model: &mut Model, mouse: MouseEvent) -> Vec<Cmd> {
    if model.overlay.is_some() {
        return vec![];
    }
    let body = model.layout.body;
    let Some(top) = model.top_mut() else {
        return vec![];
    };
    match mouse.kind {
        MouseEventKind::ScrollDown => top.component_mut().scroll(3),
        MouseEventKind::ScrollUp => top.component_mut().scroll(-3),
        MouseEventKind::Down(_) => top.component_mut().click(mouse.row, body),
        _ => {}
    }
    vec![]
}

/// The terminal changed size: one new layout, every screen refitted.
pub(super) fn resize(model: &mut Model, size: (u16, u16)) {
    model.layout = Layout::new(size);
    let layout = model.layout;
    for s in &mut model.stack {
        s.component_mut().fit(layout.body);
    }
    if let Some(o) = &mut model.overlay {
        o.component_mut().fit(&layout);
    }
}
