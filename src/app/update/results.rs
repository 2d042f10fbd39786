//! API results that touch more than one screen: loaded events and tickets,
//! the answers to writes, and the re-reads a write asks for.

use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::{Event, Ticket};

use crate::app::cmd::Cmd;
use crate::app::model::{Model, Overlay, Remote, Screen, ToastKind, error_text};
use crate::app::msg::ReqId;
use crate::app::screens::customer_picker::PickerStage;

use super::cancel;

/// `R`: reads the current screen again.
pub(super) fn refresh_top(model: &mut Model) -> Vec<Cmd> {
    let Some(mut top) = model.stack.pop() else {
        return vec![];
    };
    let cmds = refresh_screen(model, &mut top);
    model.stack.push(top);
    cmds
}

/// Reads `screen` again; a list it was still streaming in is superseded, so
/// it is cancelled first.
pub(super) fn refresh_screen(model: &mut Model, screen: &mut Screen) -> Vec<Cmd> {
    let mut cmds: Vec<Cmd> = cancel(screen.streaming()).into_iter().collect();
    match screen {
        Screen::Events(s) => cmds.push(s.refresh(model.req())),
        Screen::Event(s) => cmds.extend(s.refresh(model)),
        Screen::Tickets(s) => cmds.push(s.refresh(model.req())),
        Screen::Ticket(s) => cmds.push(s.refresh(model.req())),
    }
    cmds
}

/// After a write: re-reads counters (events list, event screens) and, when
/// `tickets` is set, the ticket lists too.
pub(super) fn refresh_after_write(model: &mut Model, tickets: bool) -> Vec<Cmd> {
    let mut stack = std::mem::take(&mut model.stack);
    let mut cmds = Vec::new();
    for s in &mut stack {
        match s {
            Screen::Events(_) | Screen::Event(_) => cmds.extend(refresh_screen(model, s)),
            Screen::Tickets(_) if tickets => cmds.extend(refresh_screen(model, s)),
            _ => {}
        }
    }
    model.stack = stack;
    cmds
}

pub(super) fn event_loaded(
    model: &mut Model,
    req: ReqId,
    result: &Result<(Event, Value), ApiError>,
) -> Vec<Cmd> {
    let mut need_editions = None;
    let mut failed = None;
    for s in &mut model.stack {
        if let Screen::Event(ev) = s
            && ev.event_req == req
        {
            match result {
                Ok((e, raw)) => {
                    if let Some(name) = &e.name {
                        ev.title.clone_from(name);
                    }
                    if ev.editions_req == 0 {
                        need_editions = Some(e.id);
                    }
                    ev.event = Remote::Loaded((e.clone(), raw.clone()));
                }
                Err(e) => {
                    if ev.event.loaded().is_none() {
                        ev.event = Remote::Failed(e.clone());
                    }
                    if ev.editions_req == 0 {
                        ev.editions = Remote::Failed(e.clone());
                    }
                    failed = Some(e.clone());
                }
            }
        }
    }
    if let Some(e) = failed {
        model.error_toast("event", &e);
    }
    let Some(event_id) = need_editions else {
        return vec![];
    };
    let req = model.req();
    for s in &mut model.stack {
        if let Screen::Event(ev) = s
            && ev.editions_req == 0
            && ev.event.loaded().is_some_and(|(e, _)| e.id == event_id)
        {
            ev.editions_req = req;
        }
    }
    vec![Cmd::LoadEditions { req, event_id }]
}

pub(super) fn ticket_loaded(
    model: &mut Model,
    req: ReqId,
    result: Result<(Ticket, Value), ApiError>,
) -> Vec<Cmd> {
    let size = model.size;
    let reread = if let Some(pos) = model.rereads.iter().position(|r| *r == req) {
        model.rereads.remove(pos);
        true
    } else {
        false
    };
    let mut shown = false;
    for s in &mut model.stack {
        if let Screen::Ticket(t) = s
            && t.req == req
        {
            shown = true;
            t.ticket = match &result {
                Ok(pair) => Remote::Loaded(pair.clone()),
                Err(e) => Remote::Failed(e.clone()),
            };
        }
    }
    match result {
        Ok((ticket, raw)) => {
            if reread {
                set_ticket_everywhere(model, &ticket, Some(&raw), size);
                model.toast(
                    ToastKind::Info,
                    format!(
                        "{} is {}",
                        ticket.number.as_deref().unwrap_or("the ticket"),
                        ticket.status.as_deref().unwrap_or("of unknown status")
                    ),
                );
            }
        }
        Err(e) if reread || shown => model.error_toast("ticket", &e),
        Err(_) => {}
    }
    vec![]
}

pub(super) fn set_ticket_everywhere(
    model: &mut Model,
    ticket: &Ticket,
    raw: Option<&Value>,
    size: (u16, u16),
) {
    for s in &mut model.stack {
        match s {
            Screen::Tickets(t) => {
                t.set_ticket(ticket, raw, size);
            }
            Screen::Ticket(t) if t.ticket_id == ticket.id => {
                let raw = raw
                    .cloned()
                    .or_else(|| t.ticket.loaded().map(|(_, r)| r.clone()))
                    .unwrap_or_default();
                t.ticket = Remote::Loaded((ticket.clone(), raw));
            }
            _ => {}
        }
    }
}

/// True when a write may or may not have taken effect (no answer came).
pub(super) fn ambiguous(e: &ApiError) -> bool {
    matches!(e, ApiError::Transport { .. })
}

pub(super) fn enrolled(model: &mut Model, req: ReqId, result: Result<(), ApiError>) -> Vec<Cmd> {
    // Whose send this answers: the form's or the picker's.
    let (who, target) = match &model.overlay {
        Some(Overlay::Enroll(f)) if f.sending == Some(req) => {
            (f.value(0).to_string(), f.target.clone())
        }
        Some(Overlay::Picker(p)) => match &p.stage {
            PickerStage::Sending(r, c) if *r == req => (c.email.clone(), p.target.clone()),
            _ => return vec![],
        },
        _ => return vec![],
    };
    match result {
        Ok(()) => {
            // The picker may still be streaming customers in.
            let mut cmds: Vec<Cmd> = model
                .overlay
                .take()
                .and_then(|o| cancel(o.streaming()))
                .into_iter()
                .collect();
            model.toast(ToastKind::Info, format!("enrolled {who} in {target}"));
            cmds.extend(refresh_after_write(model, true));
            cmds
        }
        Err(e) => {
            let unclear = ambiguous(&e);
            let text = if unclear {
                format!(
                    "no answer ({e}); it may or may not have been enrolled — re-reading the tickets, check before sending again"
                )
            } else {
                error_text(&e)
            };
            match &mut model.overlay {
                Some(Overlay::Enroll(f)) => {
                    f.sending = None;
                    f.api_error = Some(text.clone());
                }
                Some(Overlay::Picker(p)) => {
                    if let PickerStage::Sending(_, c) = &p.stage {
                        p.stage = PickerStage::Confirm(c.clone());
                    }
                    p.error = Some(text.clone());
                }
                _ => {}
            }
            model.last_error = Some(text);
            if unclear {
                refresh_after_write(model, true)
            } else {
                vec![]
            }
        }
    }
}

pub(super) fn revoked(
    model: &mut Model,
    _req: ReqId,
    ticket_id: u64,
    result: Result<(), ApiError>,
) -> Vec<Cmd> {
    // A write's answer is never dropped: the write happened (or may have).
    let size = model.size;
    let number = find_number(model, ticket_id);
    match result {
        Ok(()) => {
            for s in &mut model.stack {
                match s {
                    Screen::Tickets(t) => t.mark_unenrolled(ticket_id, size),
                    Screen::Ticket(t) if t.ticket_id == ticket_id => {
                        if let Remote::Loaded((ticket, raw)) = &mut t.ticket {
                            ticket.status = Some("unenrolled".into());
                            if let Some(obj) = raw.as_object_mut() {
                                obj.insert("status".into(), "unenrolled".into());
                            }
                        }
                    }
                    _ => {}
                }
            }
            model.toast(ToastKind::Info, format!("{number} revoked: unenrolled"));
            refresh_after_write(model, false)
        }
        Err(e) => {
            if ambiguous(&e) || e.code() == Some(1007) {
                if ambiguous(&e) {
                    model.toast(ToastKind::Error, format!("revoke of {number}: no answer ({e}); re-reading the ticket to learn the outcome"));
                } else {
                    model.error_toast(&format!("revoke of {number}"), &e);
                }
                let req = model.req();
                model.rereads.push(req);
                vec![Cmd::LoadTicket { req, ticket_id }]
            } else {
                model.error_toast(&format!("revoke of {number}"), &e);
                vec![]
            }
        }
    }
}

pub(super) fn find_number(model: &Model, ticket_id: u64) -> String {
    model
        .stack
        .iter()
        .find_map(|s| match s {
            Screen::Tickets(t) => t
                .rows
                .iter()
                .find(|r| r.ticket.id == ticket_id)
                .and_then(|r| r.ticket.number.clone()),
            Screen::Ticket(t) if t.ticket_id == ticket_id => {
                t.ticket.loaded().and_then(|(t, _)| t.number.clone())
            }
            _ => None,
        })
        .unwrap_or_else(|| format!("ticket {ticket_id}"))
}
