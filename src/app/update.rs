//! The pure update: `update(&mut Model, Msg) -> Vec<Cmd>`. No I/O, no
//! awaiting, no clock reads: time arrives as `Msg::Tick`.
//!
//! Only what is global lives here: global keys, routing keys to the overlay
//! or the top screen and replies to whoever owns their request, the screen
//! stack, and the effects of writes that span screens. Everything else is
//! the screens' and overlays' own (`screens/`, `overlays/`).

mod bulk;
mod commands;
mod keys;
mod overlay;
mod stack;
mod writes;

use super::cmd::Cmd;
use super::list::rows::TicketScope;
use super::model::Model;
use super::msg::{Msg, Reply};
use super::overlays::Overlay;
use super::screens::shared::found_in;
use super::screens::{Outcome, TicketChange, Write};
use super::state::{ReqId, ToastKind};
use super::tab::Tab;
use super::target::Target;
use bulk::{bulk_owns, bulk_reread, bulk_revoked};
use keys::{on_key, on_mouse, resize, tick};
use overlay::apply_overlay;
use stack::{apply, back, switch_tab};
use writes::{after_write, enrolled, find_number, reread, revoked, ticket_changed};

/// Opens the root screen (the events list); returns the commands that load it.
/// With `options.checkin`, the check-in desk of that event opens on top.
pub fn start(model: &mut Model) -> Vec<Cmd> {
    let mut cmds = switch_tab(model, Tab::Events, false);
    if let Some(event_id) = model.options.door {
        cmds.extend(apply(
            model,
            Outcome::Open(Target::Door {
                event_id,
                title: format!("event {event_id}"),
                valid: None,
            }),
        ));
    }
    if let Some(asked) = model.options.checkin.clone() {
        let title = None;
        cmds.extend(apply(
            model,
            Outcome::Open(Target::Checkin { asked, title }),
        ));
    }
    model.in_flight += cmds.iter().filter(|c| c.is_task()).count();
    cmds
}

/// Applies one message to the model and says what to do next.
pub fn update(model: &mut Model, msg: Msg) -> Vec<Cmd> {
    let cmds = match msg {
        Msg::Key(key) => on_key(model, key),
        Msg::Mouse(mouse) => on_mouse(model, mouse),
        Msg::Resize(w, h) => {
            resize(model, (w, h));
            vec![]
        }
        Msg::Tick(now) => {
            model.now = now;
            model.toasts.expire(now);
            tick(model)
        }
        Msg::Clock(wall) => {
            model.wall = wall;
            vec![]
        }
        Msg::TaskDone => {
            model.in_flight = model.in_flight.saturating_sub(1);
            vec![]
        }
        Msg::TaskPanicked(text) => {
            model.toast(
                ToastKind::Error,
                model
                    .tongue()
                    .ta("toast-internal-error", &[("text", &text)]),
            );
            vec![]
        }
        Msg::Reply { req, reply } => on_reply(model, req, reply),
    };
    share_loaded_tickets(model);
    for cmd in &cmds {
        if let Cmd::Revoke { ticket_id, .. } = cmd {
            let number = find_number(model, *ticket_id);
            model.revoking.insert(*ticket_id, number);
            ticket_changed(model, TicketChange::Revoking(*ticket_id, true));
        }
    }
    model.in_flight += cmds.iter().filter(|c| c.is_task()).count();
    cmds
}

/// A screen that wants someone's tickets (a customer's) is given those in
/// the lists loaded: on the stack and on the shelf. Asked after every
/// message; a screen wants them only when it knows more than when it was
/// last given them (its record came in).
fn share_loaded_tickets(model: &mut Model) {
    for i in 0..model.stack.len() {
        let Some(wanted) = model.stack[i].component().wants_tickets() else {
            continue;
        };
        let mut found: Vec<_> = model
            .stack
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .flat_map(|(_, s)| {
                s.component()
                    .tickets_list()
                    .map(|t| t.tickets_of(&wanted))
                    .unwrap_or_default()
            })
            .collect();
        for (event_id, list) in model.kept.tickets.entries() {
            let title = list
                .list
                .rows()
                .first()
                .map_or_else(|| format!("event {event_id}"), |r| r.edition().to_string());
            let scope = TicketScope {
                event_id,
                title,
                edition: true,
                ends: None,
            };
            found.extend(found_in(list, &wanted, &scope));
        }
        model.stack[i].component_mut().found_tickets(wanted, found);
    }
}

fn on_reply(model: &mut Model, req: ReqId, reply: Reply) -> Vec<Cmd> {
    // A success clears the status bar's last error (its toast said it).
    if reply.is_success() {
        model.last_error = None;
    }
    match reply {
        Reply::Enrolled(result, _) if matches!(&model.overlay, Some(Overlay::BulkEnroll(b)) if b.holds(req)) =>
        {
            let Some(Overlay::BulkEnroll(mut bulk)) = model.overlay.take() else {
                return vec![];
            };
            let mut cmds = bulk.answered(req, &result, &mut model.ctx());
            let done = bulk.done().then_some(bulk.event_id);
            model.overlay = Some(Overlay::BulkEnroll(bulk));
            if let Some(event_id) = done {
                cmds.extend(after_write(
                    model,
                    &Write::Enrolled {
                        event_id: Some(event_id),
                        customer_id: None,
                        target: String::new(),
                    },
                ));
            }
            cmds
        }
        Reply::Enrolled(result, named) => enrolled(model, req, result, named),
        Reply::Revoked { ticket_id, result } if bulk_owns(model, req) => {
            bulk_revoked(model, req, ticket_id, &result)
        }
        Reply::Ticket(result) if bulk_owns(model, req) => bulk_reread(model, req, &result),
        Reply::Revoked { ticket_id, result } => revoked(model, ticket_id, result),
        Reply::ViewSaved(result) => {
            match result {
                Ok(name) => {
                    let said = model.tongue().ta("toast-view-saved", &[("name", &name)]);
                    model.toast(ToastKind::Info, said);
                }
                Err(e) => {
                    let t = model.tongue();
                    let said = t.ta("toast-view-not-saved", &[("error", &t.said(&e))]);
                    model.toast(ToastKind::Error, said);
                }
            }
            vec![]
        }
        Reply::Ticket(result) if model.rereads.contains(&req) => {
            model.rereads.retain(|r| *r != req);
            reread(model, result)
        }
        reply => route(model, req, reply),
    }
}

/// Hands a reply to the overlay or screen that owns its request; a reply
/// nobody owns any more (the screen was left, the list read again) is dropped.
fn route(model: &mut Model, req: ReqId, reply: Reply) -> Vec<Cmd> {
    if let Some(mut overlay) = model.overlay.take() {
        if overlay.component().owns(req) {
            let outcome = overlay.component_mut().reply(req, reply);
            return apply_overlay(model, overlay, outcome);
        }
        model.overlay = Some(overlay);
    }
    let Some(i) = model.stack.iter().rposition(|s| s.component().owns(req)) else {
        return vec![];
    };
    let (stack, mut ctx) = model.stack_and_ctx();
    let outcome = stack[i].component_mut().reply(req, reply, &mut ctx);
    // A screen that failed to load goes only if it is on top and not the
    // root. A jump that failed leaves no toast over the screen it returns
    // to: its error is told in the status bar (and the screen is gone from
    // the crumbs); one that failed below the top is toasted.
    if let Outcome::Failed(text) = outcome {
        let top = i + 1 == model.stack.len() && i > 0;
        if top {
            model.last_error = Some(text);
            return back(model, false);
        }
        model.toast(ToastKind::Error, text);
        return vec![];
    }
    apply(model, outcome)
}
