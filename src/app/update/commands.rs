//! `:` commands: the palette's jumps, and the lookups they need (a ticket
//! by its number, a customer by id or e-mail).

use super::stack::{apply, switch_tab};
use crate::app::cmd::Cmd;
use crate::app::command::Command;
use crate::app::model::Model;
use crate::app::overlays::bulk_enroll::BulkEnroll;
use crate::app::overlays::export::ExportFile;
use crate::app::overlays::find_ticket::FindTicket;
use crate::app::overlays::views::ViewsPicker;
use crate::app::overlays::{Overlay, OverlayOutcome};
use crate::app::screens::Outcome;
use crate::app::state::ToastKind;
use crate::app::tab::Tab;
use crate::app::target::Target;
use crate::ticket_number::{self, Resolved};

/// Runs a `:` command; a screen it pushes is marked as jumped to.
pub(super) fn jump(model: &mut Model, command: Command) -> Vec<Cmd> {
    let before = model.stack.len();
    let cmds = run_command(model, command);
    if model.stack.len() == before + 1 {
        model.jumps.push(before);
    }
    cmds
}

pub(super) fn run_command(model: &mut Model, command: Command) -> Vec<Cmd> {
    match command {
        Command::Quit => {
            model.quit = true;
            vec![]
        }
        Command::Tab(tab) => switch_tab(model, tab, true),
        Command::Open(target) => apply(model, Outcome::Open(target)),
        Command::TicketNumber(typed) => {
            let (id, number) = match ticket_by_number(model, &typed) {
                Resolved::One(found) => found,
                Resolved::Several(n) => {
                    let said = model
                        .tongue()
                        .ta("toast-tickets-end-in", &[("count", &n), ("typed", &typed)]);
                    model.toast(ToastKind::Error, said);
                    return vec![];
                }
                Resolved::None => {
                    // Only digits, not a loaded number's serial: an id.
                    if let Ok(id) = typed.parse::<u64>() {
                        let number = None;
                        return apply(model, Outcome::Open(Target::Ticket { id, number }));
                    }
                    // Not loaded: the current and upcoming events are searched.
                    let (find, cmd) = FindTicket::open(&mut model.ctx(), &typed);
                    model.overlay = Some(Overlay::FindTicket(find));
                    return vec![cmd];
                }
            };
            let number = Some(number);
            apply(model, Outcome::Open(Target::Ticket { id, number }))
        }
        Command::Customer(who) => open_customer(model, &who),
        Command::EnrollFrom(path) => {
            if model.options.readonly {
                model.toast_said(ToastKind::Error, "toast-read-only-enroll");
                return vec![];
            }
            let Some((event_id, target, enrolled)) = model
                .top()
                .and_then(|s| s.component().tickets_list()?.enroll_from())
            else {
                model.toast_said(ToastKind::Info, "toast-enroll-from-where");
                return vec![];
            };
            let req = model.ids.take();
            let bulk = BulkEnroll::reading(
                (req, model.options.settings.lang),
                path.clone(),
                event_id,
                target,
                enrolled,
            );
            model.overlay = Some(Overlay::BulkEnroll(bulk));
            vec![Cmd::ReadFile {
                req,
                path: path.into(),
            }]
        }
        Command::SaveView(name) => {
            let Some((kind, view)) = model
                .top()
                .and_then(|s| s.component().tickets_list()?.saved_view())
            else {
                model.toast_said(ToastKind::Info, "toast-nothing-to-save");
                return vec![];
            };
            let req = model.ids.take();
            vec![Cmd::SaveView {
                req,
                kind,
                name,
                view,
            }]
        }
        Command::Views => {
            let Some((kind, _)) = model
                .top()
                .and_then(|s| s.component().tickets_list()?.saved_view())
            else {
                model.toast_said(ToastKind::Info, "toast-no-saved-filters");
                return vec![];
            };
            let req = model.ids.take();
            let columns = model
                .top()
                .and_then(|s| Some(s.component().tickets_list()?.column_titles()))
                .unwrap_or_default();
            model.overlay = Some(Overlay::Views(ViewsPicker::new(
                req,
                columns,
                model.options.settings.lang,
            )));
            vec![Cmd::LoadViews { req, kind }]
        }
        Command::ApplyView(view) => {
            if let Some(list) = model
                .top_mut()
                .and_then(|s| s.component_mut().tickets_list_mut())
            {
                list.apply_view(&view);
            }
            vec![]
        }
        Command::Export(path) => {
            let Some(export) = model
                .top()
                .and_then(|s| s.component().tickets_list()?.export())
            else {
                model.toast_said(ToastKind::Info, "toast-nothing-to-export");
                return vec![];
            };
            let mut prompt = ExportFile::new(export, path.clone());
            let cmds = match path {
                Some(_) => match prompt.send(false, &mut model.ctx()) {
                    OverlayOutcome::Run(cmds) => cmds,
                    _ => vec![],
                },
                None => vec![],
            };
            model.overlay = Some(Overlay::Export(prompt));
            cmds
        }
    }
}

/// The id and number of the ticket `typed` names ([`ticket_number`]) in the
/// tickets lists loaded so far: on the stack, then on the shelf.
pub(super) fn ticket_by_number(model: &Model, typed: &str) -> Resolved<(u64, String)> {
    let Some(reading) = ticket_number::read(typed) else {
        return Resolved::None;
    };
    let on_stack = model
        .stack
        .iter()
        .filter_map(|s| Some(s.component().tickets_list()?.loaded_tickets()));
    let kept = model.kept.tickets.lists().map(|l| l.list.rows());
    let mut hits: Vec<(u64, String)> = on_stack
        .chain(kept)
        .flatten()
        .filter(|r| reading.matches(r.number()))
        .map(|r| (r.id, r.number().to_string()))
        .collect();
    // A ticket in two lists (its edition's and its main event's) is one.
    hits.sort_unstable();
    hits.dedup();
    match hits.len() {
        0 => Resolved::None,
        1 => hits.pop().map_or(Resolved::None, Resolved::One),
        n => Resolved::Several(n),
    }
}

/// `:customer <id|e-mail>`: an id opens the customer; anything else is
/// searched for in the customers tab (its filter set to it, the best match
/// first and selected), and opened when it is the only match once the list
/// is complete.
pub(super) fn open_customer(model: &mut Model, who: &str) -> Vec<Cmd> {
    if let Ok(id) = who.parse::<u64>() {
        let label = format!("Customer {id}");
        return apply(model, Outcome::Open(Target::Customer { id, label }));
    }
    let mut cmds = switch_tab(model, Tab::Customers, false);
    let (stack, mut ctx) = model.stack_and_ctx();
    let Some(tab) = stack.first_mut() else {
        return cmds;
    };
    let outcome = tab.component_mut().look_for(who, &mut ctx);
    cmds.extend(apply(model, outcome));
    cmds
}
