//! Input from the terminal: global keys (quit, suspend, help, palette,
//! refresh, copy, root tabs), the rest routed to the open overlay or the
//! top screen; the mouse; a new size; the tick.

use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind};

use super::overlay::overlay_key;
use super::stack::{apply, refresh_top, switch_tab};
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

/// Time passed: the top screen may act on it (a scan ended by a quiet gap,
/// a verdict giving way).
pub(super) fn tick(model: &mut Model) -> Vec<Cmd> {
    let Some((top, mut ctx)) = model.top_and_ctx() else {
        return vec![];
    };
    let outcome = top.component_mut().tick(&mut ctx);
    apply(model, outcome)
}

pub(super) fn on_key(model: &mut Model, key: KeyEvent) -> Vec<Cmd> {
    if key.kind == KeyEventKind::Release {
        return vec![];
    }
    // The desk holds the door: quit there asks as leaving does (its own keys).
    let desk = model.top().is_some_and(|s| s.component().holds_door());
    if model.keymap().quits(&key) && !(desk && model.overlay.is_none()) {
        model.quit = true;
        return vec![];
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
        model.toast(
            ToastKind::Error,
            "read-only mode: enroll and revoke are turned off",
        );
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
        model.toast(ToastKind::Info, "nothing to copy here");
        return vec![];
    };
    model.toast(ToastKind::Info, format!("copied {text}"));
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
