//! The screen stack: what a screen asked for carried out (open a screen
//! the registry makes, pop, open an overlay, toast), leaving screens (what
//! they stream cancelled, what they hold kept), refreshing the top, and the
//! root tabs.

use crate::api::settle::Unsettled;
use crate::app::cmd::Cmd;
use crate::app::model::Model;
use crate::app::overlays::Overlay;
use crate::app::screens::{self, Outcome, Screen, TicketChange, tab_opener};
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
        Outcome::Open(target) => match screens::open(target, &mut model.ctx()) {
            Some((screen, cmds)) => push(model, screen, cmds),
            None => vec![],
        },
        Outcome::Pop { quit } => back(model, quit),
        // One write at a time on a ticket: a second revoke waits for the
        // answer to the first.
        Outcome::Overlay(Overlay::Revoke(r), _) if model.revoking.contains_key(&r.ticket_id) => {
            let said = model
                .tongue()
                .ta("toast-being-revoked", &[("number", &r.number)]);
            model.toast(ToastKind::Error, said);
            vec![]
        }
        // A revoke whose outcome is unknown is never sent again: the key
        // reads the ticket again instead, and says so.
        Outcome::Overlay(Overlay::Revoke(r), _) if model.unsettled.contains_key(&r.ticket_id) => {
            let said = model
                .tongue()
                .ta("toast-revoke-unknown", &[("number", &r.number)]);
            model.toast(ToastKind::Error, said);
            let req = model.ids.take();
            model.revoking.insert(r.ticket_id, r.number.clone());
            for s in &mut model.stack {
                s.component_mut()
                    .ticket_changed(TicketChange::Revoking(r.ticket_id, true));
            }
            vec![Cmd::Settle {
                req,
                write: Unsettled::Revoke {
                    ticket_id: r.ticket_id,
                },
            }]
        }
        Outcome::Overlay(overlay, cmds) => {
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

/// Puts `screen` on top of the stack, fitted to the body.
fn push(model: &mut Model, mut screen: Screen, cmds: Vec<Cmd>) -> Vec<Cmd> {
    screen.component_mut().fit(model.layout.body);
    // Marks of screens gone from the stack go before it grows again.
    let depth = model.stack.len();
    model.jumps.retain(|&d| d < depth);
    model.stack.push(screen);
    // What went wrong before the jump was about the screen left (a
    // failed `:ticket` first try): it stays in the status bar, not
    // over the screen jumped to.
    model.toasts.shown.retain(|t| t.kind != ToastKind::Error);
    cmds
}

/// Leaves the top screen; a list it was still streaming in is cancelled.
/// At the root, `quit` (the key was `q`) quits.
pub(super) fn back(model: &mut Model, quit: bool) -> Vec<Cmd> {
    if model.stack.len() > 1 {
        let gone = model.stack.split_off(model.stack.len() - 1);
        // `boxoffice checkin` (no --admin): the desk is all there is.
        if model.options.desk_only && gone.first().is_some_and(|s| s.component().door().is_some()) {
            model.quit = true;
        }
        // `boxoffice door watch`: the dashboard is all there is over the
        // root (kiosk-safe: it opens nothing), so leaving it quits.
        if model.options.door.is_some() && model.stack.len() == 1 {
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
        if screen.component().door().is_some() {
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
