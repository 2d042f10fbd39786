//! The bulk revoke's replies: each answer learned by the screens as for
//! a single revoke, then the bulk goes on.

use serde_json::Value;

use super::writes::{after_write, ticket_changed};
use crate::api::ApiError;
use crate::api::model::Ticket;
use crate::app::cmd::Cmd;
use crate::app::model::Model;
use crate::app::overlays::Overlay;
use crate::app::overlays::bulk_revoke::BulkRevoke;
use crate::app::screens::{TicketChange, Write};
use crate::app::state::ReqId;

/// Whether `req` is a write (or a read after one) of the bulk revoke open.
pub(super) fn bulk_owns(model: &Model, req: ReqId) -> bool {
    matches!(&model.overlay, Some(Overlay::BulkRevoke(b)) if b.component_owns(req))
}

/// The answer to one revoke of a bulk revoke: the screens learn it as for a
/// single revoke, then the bulk sends the next (or reads an unclear one
/// again).
pub(super) fn bulk_revoked(
    model: &mut Model,
    req: ReqId,
    ticket_id: u64,
    result: &Result<(), ApiError>,
) -> Vec<Cmd> {
    if matches!(&model.overlay, Some(Overlay::BulkRevoke(b)) if b.settles(req)) {
        return bulk_settled(model, req, ticket_id, result);
    }
    model.revoking.remove(&ticket_id);
    ticket_changed(model, TicketChange::Revoking(ticket_id, false));
    let gone = match result {
        Ok(()) => true,
        Err(e) => e.code() == Some(1007),
    };
    if gone {
        model.unsettled.remove(&ticket_id);
        ticket_changed(model, TicketChange::Revoked(ticket_id));
    }
    if let Err(e) = result
        && e.outcome_unknown()
    {
        // Not revoked again from anywhere until its outcome is known.
        let number = super::writes::find_number(model, ticket_id);
        model.unsettled.insert(ticket_id, number);
    }
    let Some(Overlay::BulkRevoke(mut bulk)) = model.overlay.take() else {
        return vec![];
    };
    let cmds = bulk.answered(req, result, &mut model.ctx());
    bulk_went_on(model, bulk, cmds)
}

/// An unclear revoke of the bulk read again (`Cmd::Settle`, its audit row
/// completed by the executor when the read told): every screen learns
/// what was learnt, and the bulk settles it — applied, not applied, or
/// still unknown (then not revoked again from anywhere until known).
fn bulk_settled(
    model: &mut Model,
    req: ReqId,
    ticket_id: u64,
    result: &Result<(), ApiError>,
) -> Vec<Cmd> {
    let applied = match result {
        Ok(()) => Some(true),
        Err(e) if e.outcome_unknown() => None,
        Err(_) => Some(false),
    };
    if applied.is_some() {
        model.unsettled.remove(&ticket_id);
    }
    if applied == Some(true) {
        ticket_changed(model, TicketChange::Revoked(ticket_id));
    }
    let Some(Overlay::BulkRevoke(mut bulk)) = model.overlay.take() else {
        return vec![];
    };
    let how = match result {
        Err(e) => e.to_string(),
        Ok(()) => String::new(),
    };
    let cmds = bulk.read_again(req, applied, &how, &mut model.ctx());
    bulk_went_on(model, bulk, cmds)
}

/// A ticket read again after an unclear bulk revoke: every screen shows
/// what it is, and the bulk settles it.
pub(super) fn bulk_reread(
    model: &mut Model,
    req: ReqId,
    result: &Result<(Ticket, Value), ApiError>,
) -> Vec<Cmd> {
    let how = match result {
        Ok((ticket, _)) => format!(
            "read {}: {}",
            ticket.number.as_deref().unwrap_or("the ticket"),
            ticket.status.as_deref().unwrap_or("no status")
        ),
        Err(e) => e.to_string(),
    };
    let unenrolled = match result {
        Ok((ticket, raw)) => {
            model.unsettled.remove(&ticket.id);
            ticket_changed(model, TicketChange::Read(ticket, raw));
            Some(ticket.is_unenrolled())
        }
        Err(_) => None,
    };
    let Some(Overlay::BulkRevoke(mut bulk)) = model.overlay.take() else {
        return vec![];
    };
    let cmds = bulk.read_again(req, unenrolled, &how, &mut model.ctx());
    bulk_went_on(model, bulk, cmds)
}

/// Puts the bulk revoke back; when it is done, what is left stays marked
/// (the rest is unmarked) and the screens read their counters again.
pub(super) fn bulk_went_on(model: &mut Model, bulk: BulkRevoke, mut cmds: Vec<Cmd>) -> Vec<Cmd> {
    let done = bulk.done();
    if done {
        let left = bulk.left();
        // The list the marks were made on: the topmost that keeps marks.
        let _ = model.stack.iter_mut().rev().any(|s| {
            s.component_mut()
                .tickets_list_mut()
                .is_some_and(|t| t.keep_marked(&left))
        });
    }
    model.overlay = Some(Overlay::BulkRevoke(bulk));
    if done {
        cmds.extend(after_write(model, &Write::Revoked));
    }
    cmds
}
