//! The overlay open over the screens: a key handed to it, and what it asked
//! for carried out (stay, send, close, toast, or a `:` command).

use crossterm::event::KeyEvent;

use super::commands::jump;
use super::stack::cancel;
use crate::app::cmd::Cmd;
use crate::app::model::Model;
use crate::app::overlays::{Overlay, OverlayOutcome};

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
