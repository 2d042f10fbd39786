//! The screen stack: what a screen or an overlay asked for carried out
//! (push, pop, open, toast), leaving screens (what they stream cancelled,
//! what they hold kept), refreshing the top, and the root tabs.

use crossterm::event::KeyEvent;

use super::commands::jump;
use crate::app::cmd::Cmd;
use crate::app::model::Model;
use crate::app::overlays::{Overlay, OverlayOutcome};
use crate::app::screens::{Outcome, Screen, tab_opener};
use crate::app::state::{ReqId, ToastKind};
use crate::app::tab::Tab;

/// The `Cancel`s for lists nobody will read any more.
pub(super) fn cancel(streaming: impl IntoIterator<Item = ReqId>) -> Vec<Cmd> {
    streaming
        .into_iter()
        .map(|req| Cmd::Cancel { req })
        .collect()
}

/// Carries out what a screen asked for.
pub(super) fn apply(model: &mut Model, outcome: Outcome) -> Vec<Cmd> {
    match outcome {
        Outcome::Stay => vec![],
        Outcome::Run(cmds) => cmds,
        Outcome::Push(mut screen, cmds) => {
            screen.component_mut().fit(model.layout.body);
            // Marks of screens gone from the stack go before it grows again.
            let depth = model.stack.len();
            model.jumps.retain(|&d| d < depth);
            model.stack.push(*screen);
            // What went wrong before the jump was about the screen left (a
            // failed `:ticket` first try): it stays in the status bar, not
            // over the screen jumped to.
            model.toasts.shown.retain(|t| t.kind != ToastKind::Error);
            cmds
        }
        Outcome::Pop { quit } => back(model, quit),
        // One write at a time on a ticket: a second revoke waits for the
        // answer to the first.
        Outcome::Open(Overlay::Revoke(r), _) if model.revoking.contains_key(&r.ticket_id) => {
            model.toast(
                ToastKind::Error,
                format!("{} is being revoked: wait for the answer", r.number),
            );
            vec![]
        }
        Outcome::Open(overlay, cmds) => {
            model.overlay = Some(overlay);
            cmds
        }
        Outcome::Toast(kind, text) => {
            model.toast(kind, text);
            vec![]
        }
        // Replies carry it (`route`); elsewhere it is only told.
        Outcome::Failed(text) => {
            model.toast(ToastKind::Error, text);
            vec![]
        }
    }
}

/// Leaves the top screen; a list it was still streaming in is cancelled.
/// At the root, `quit` (the key was `q`) quits.
pub(super) fn back(model: &mut Model, quit: bool) -> Vec<Cmd> {
    if model.stack.len() > 1 {
        let gone = model.stack.split_off(model.stack.len() - 1);
        // `boxoffice checkin` (no --admin): the desk is all there is.
        if model.options.desk_only && matches!(gone.first(), Some(Screen::Checkin(_))) {
            model.quit = true;
        }
        return leave(model, gone);
    }
    if quit {
        model.quit = true;
    }
    vec![]
}

/// Screens taken off the stack: what they still stream is cancelled, what
/// they hold worth keeping is kept.
pub(super) fn leave(model: &mut Model, gone: Vec<Screen>) -> Vec<Cmd> {
    let mut cmds = Vec::new();
    for mut screen in gone {
        // A scan arriving as a desk closes must not drive what is under it.
        if screen.component().takes_bursts() {
            model.gate.left_desk(model.now);
        }
        cmds.extend(cancel(screen.component().streaming()));
        screen.component_mut().leave(&mut model.kept, model.now);
    }
    cmds
}

/// `R`: reads the top screen again; a list it was still streaming in is
/// superseded, so it is cancelled first.
pub(super) fn refresh_top(model: &mut Model) -> Vec<Cmd> {
    let Some((top, mut ctx)) = model.top_and_ctx() else {
        return vec![];
    };
    let mut cmds = cancel(top.component().streaming());
    cmds.extend(top.component_mut().refresh(&mut ctx));
    cmds
}

pub(super) fn overlay_key(model: &mut Model, key: KeyEvent) -> Vec<Cmd> {
    let Some(mut overlay) = model.overlay.take() else {
        return vec![];
    };
    let outcome = overlay.component_mut().key(key, &mut model.ctx());
    apply_overlay(model, overlay, outcome)
}

/// Carries out what an overlay asked for; `overlay` is out of the model.
pub(super) fn apply_overlay(
    model: &mut Model,
    overlay: Overlay,
    outcome: OverlayOutcome,
) -> Vec<Cmd> {
    match outcome {
        OverlayOutcome::Stay => {
            model.overlay = Some(overlay);
            vec![]
        }
        OverlayOutcome::Run(cmds) => {
            model.overlay = Some(overlay);
            cmds
        }
        OverlayOutcome::Toast(kind, text) => {
            model.overlay = Some(overlay);
            model.toast(kind, text);
            vec![]
        }
        OverlayOutcome::Close(mut cmds) => {
            cmds.extend(cancel(overlay.component().streaming()));
            cmds
        }
        OverlayOutcome::CloseWith(kind, text) => {
            model.toast(kind, text);
            cancel(overlay.component().streaming())
        }
        OverlayOutcome::Command(command) => {
            let mut cmds = cancel(overlay.component().streaming());
            cmds.extend(jump(model, command));
            cmds
        }
    }
}

/// Goes to a top-level tab: the stack is replaced by its root screen, and
/// what the old stack still streamed is cancelled. When that root is
/// already at the bottom of the stack, the screens above it go and it is
/// read again (`again`, as `:events` does) or left as it is (its tab key).
pub(super) fn switch_tab(model: &mut Model, tab: Tab, again: bool) -> Vec<Cmd> {
    if model.stack.first().and_then(Screen::tab) == Some(tab) {
        let gone = model.stack.split_off(1);
        let mut cmds = leave(model, gone);
        if again {
            cmds.extend(refresh_top(model));
        }
        return cmds;
    }
    let Some(open) = tab_opener(tab) else {
        return vec![];
    };
    let gone = std::mem::take(&mut model.stack);
    let mut cmds = leave(model, gone);
    let (screen, more) = open(&mut model.ctx());
    model.stack.push(screen);
    cmds.extend(more);
    cmds
}
