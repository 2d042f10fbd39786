//! The answers to writes and their effects across screens: an enroll or
//! a revoke answered, the counters read again (`after_write`), every screen
//! told about a ticket (`ticket_changed`).

use serde_json::Value;

use super::stack::cancel;
use crate::api::ApiError;
use crate::api::model::Ticket;
use crate::app::cmd::Cmd;
use crate::app::model::Model;
use crate::app::screens::{TicketChange, Write};
use crate::app::state::{ReqId, ToastKind, ambiguous};

/// Tells every screen about a write that went through; returns the reads
/// they start.
pub(super) fn after_write(model: &mut Model, write: &Write) -> Vec<Cmd> {
    let (stack, mut ctx) = model.stack_and_ctx();
    let mut cmds = Vec::new();
    for s in stack.iter_mut() {
        let before = s.component().streaming();
        let reads = s.component_mut().after_write(write.clone(), &mut ctx);
        // A read the screen replaced is cancelled; one it still owns goes on.
        let screen = s.component();
        cmds.extend(cancel(before.into_iter().filter(|r| !screen.owns(*r))));
        cmds.extend(reads);
    }
    cmds
}

pub(super) fn ticket_changed(model: &mut Model, change: TicketChange<'_>) {
    for s in &mut model.stack {
        s.component_mut().ticket_changed(change);
    }
}

/// The API's code for "already enrolled in this edition".
const ALREADY_ENROLLED: i64 = 1006;

/// The answer to an enroll sent by the form or a picker; `named`: where it
/// landed, read from its new ticket, which the line that says it was
/// enrolled names.
pub(super) fn enrolled(
    model: &mut Model,
    req: ReqId,
    result: Result<(), ApiError>,
    named: Option<String>,
) -> Vec<Cmd> {
    let Some(overlay) = model
        .overlay
        .take_if(|o| o.component().sending() == Some(req))
    else {
        // Nobody waits for it (cannot happen: a sending overlay stays open).
        let write = Write::Enrolled {
            event_id: None,
            customer_id: None,
            target: String::new(),
        };
        return match result {
            Ok(()) => after_write(model, &write),
            Err(_) => vec![],
        };
    };
    let sent = overlay.component().sent_what();
    let write = Write::Enrolled {
        event_id: sent.event_id,
        customer_id: sent.customer_id,
        target: sent.target.clone(),
    };
    match result {
        Ok(()) => {
            let mut cmds = cancel(overlay.component().streaming());
            // Where it landed, read from its new ticket ("Day 1 (Sat 28
            // Nov), event 1002: ticket TK-000716"): a main event's enroll
            // lands in one of its editions.
            let target = named.unwrap_or_else(|| sent.target.clone());
            let said = model
                .tongue()
                .ta("toast-enrolled", &[("who", &sent.who), ("target", &target)]);
            model.toast(ToastKind::Info, said);
            cmds.extend(after_write(model, &write));
            cmds
        }
        Err(e) => {
            // A walk-in already enrolled here: the desk shows their ticket
            // and its verdict (the form closes).
            if e.code() == Some(ALREADY_ENROLLED)
                && let Some((top, mut ctx)) = model.top_and_ctx()
                && let Some(door) = top.component_mut().door_mut()
                && let Some(cmds) = door.already_enrolled(&sent.who, &mut ctx)
            {
                return cmds;
            }
            // Its answer was lost and the tickets read again did not tell
            // within the deadline: the form keeps it and does not send it
            // again (Enter reads again).
            let unclear = ambiguous(&e);
            let t = model.tongue();
            let text = if unclear {
                t.ta("enroll-outcome-unknown", &[("error", &t.api_error(&e))])
            } else {
                t.api_error(&e)
            };
            let mut overlay = overlay;
            if unclear {
                overlay.component_mut().outcome_unknown(text.clone());
            } else {
                let refused = matches!(
                    e,
                    ApiError::Api { .. } | ApiError::Auth { .. } | ApiError::Refused(_)
                );
                overlay.component_mut().send_failed(text.clone(), refused);
            }
            model.overlay = Some(overlay);
            model.last_error = Some(text);
            if unclear {
                after_write(model, &write)
            } else {
                vec![]
            }
        }
    }
}

/// The number of ticket `id` as a screen holds it, or "ticket 12".
pub(super) fn find_number(model: &Model, id: u64) -> String {
    model
        .stack
        .iter()
        .find_map(|s| s.component().ticket_number(id))
        .unwrap_or_else(|| format!("ticket {id}"))
}

/// The answer to a revoke. A write's answer is never dropped: the write
/// happened (or may have).
pub(super) fn revoked(model: &mut Model, ticket_id: u64, result: Result<(), ApiError>) -> Vec<Cmd> {
    let number = model
        .revoking
        .remove(&ticket_id)
        .unwrap_or_else(|| find_number(model, ticket_id));
    ticket_changed(model, TicketChange::Revoking(ticket_id, false));
    match result {
        Ok(()) => {
            model.unsettled.remove(&ticket_id);
            ticket_changed(model, TicketChange::Revoked(ticket_id));
            let said = model.tongue().ta("toast-revoked", &[("number", &number)]);
            model.toast(ToastKind::Info, said);
            after_write(model, &Write::Revoked)
        }
        // Its answer was lost and reading the ticket again did not tell
        // within the deadline: never sent again; `x` reads it again.
        Err(e) if ambiguous(&e) => {
            let t = model.tongue();
            let what = t.ta("toast-revoke-of", &[("number", &number)]);
            let said = t.ta(
                "toast-revoke-outcome-unknown",
                &[("what", &what), ("error", &t.api_error(&e))],
            );
            model.toast(ToastKind::Error, said);
            model.last_error = Some(t.ta("toast-outcome-unknown", &[("what", &what)]));
            model.unsettled.insert(ticket_id, number);
            vec![]
        }
        Err(e) if e.code() == Some(1007) => {
            model.unsettled.remove(&ticket_id);
            let what = model.tongue().ta("toast-revoke-of", &[("number", &number)]);
            model.error_toast(&what, &e);
            let req = model.ids.take();
            model.rereads.push(req);
            vec![Cmd::LoadTicket { req, ticket_id }]
        }
        Err(e) => {
            // Refused, or read again and found not applied: known.
            model.unsettled.remove(&ticket_id);
            let what = model.tongue().ta("toast-revoke-of", &[("number", &number)]);
            model.error_toast(&what, &e);
            vec![]
        }
    }
}

/// A ticket read again after an unclear revoke: every screen shows what it is.
pub(super) fn reread(model: &mut Model, result: Result<(Ticket, Value), ApiError>) -> Vec<Cmd> {
    match result {
        Ok((ticket, raw)) => {
            ticket_changed(model, TicketChange::Read(&ticket, &raw));
            let t = model.tongue();
            let said = match (ticket.number.as_deref(), ticket.status.as_deref()) {
                (Some(number), Some(status)) => t.ta(
                    "toast-ticket-is",
                    &[("number", &number), ("status", &status)],
                ),
                (Some(number), None) => t.ta("toast-ticket-status-unknown", &[("number", &number)]),
                (None, Some(status)) => t.ta("toast-the-ticket-is", &[("status", &status)]),
                (None, None) => t.t("toast-the-ticket-status-unknown"),
            };
            model.toast(ToastKind::Info, said);
        }
        Err(e) => {
            let what = model.tongue().record_noun("ticket");
            model.error_toast(&what, &e);
        }
    }
    vec![]
}
