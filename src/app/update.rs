//! The pure update: `update(&mut Model, Msg) -> Vec<Cmd>`. No I/O, no
//! awaiting, no clock reads: time arrives as `Msg::Tick`.
//!
//! Only what is global lives here: global keys, routing keys to the overlay
//! or the top screen and replies to whoever owns their request, the screen
//! stack, and the effects of writes that span screens. Everything else is
//! the screens' and overlays' own (`screens/`, `overlays/`).

use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind};
use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::Ticket;

use super::cmd::Cmd;
use super::command::Command;
use super::keymap::Action;
use super::layout::Layout;
use super::list::rows::TicketScope;
use super::model::Model;
use super::msg::{Msg, Reply};
use super::overlays::bulk_enroll::BulkEnroll;
use super::overlays::bulk_revoke::BulkRevoke;
use super::overlays::export::ExportFile;
use super::overlays::find_ticket::FindTicket;
use super::overlays::help::Help;
use super::overlays::palette::Palette;
use super::overlays::views::ViewsPicker;
use super::overlays::{Overlay, OverlayOutcome};
use super::screens;
use super::screens::checkin::CheckinScreen;
use super::screens::customer::CustomerScreen;
use super::screens::event::EventScreen;
use super::screens::events::EventsScreen;
use super::screens::shared::found_in;
use super::screens::ticket::TicketScreen;
use super::screens::{Outcome, Screen, TicketChange, Write, tab_opener};
use super::state::{ReqId, ToastKind, ambiguous, error_text};
use super::tab::Tab;
use crate::ticket_number::{self, Resolved};

/// Opens the root screen (the events list); returns the commands that load it.
/// With `options.checkin`, the check-in desk of that event opens on top.
pub fn start(model: &mut Model) -> Vec<Cmd> {
    let (screen, cmd) = EventsScreen::open(&mut model.ctx());
    model.stack = vec![Screen::Events(screen)];
    let mut cmds = vec![cmd];
    if let Some(asked) = model.options.checkin.clone() {
        let (desk, more) = CheckinScreen::open(&mut model.ctx(), &asked, None);
        cmds.extend(apply(
            model,
            Outcome::Push(Box::new(Screen::Checkin(desk)), more),
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
                format!("internal error in a background task: {text} (the app goes on)"),
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
            .flat_map(|(_, s)| s.component().tickets_of(&wanted))
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
            };
            found.extend(found_in(list, &wanted, &scope));
        }
        model.stack[i].component_mut().found_tickets(wanted, found);
    }
}

/// Time passed: the top screen may act on it (a scan ended by a quiet gap,
/// a verdict giving way).
fn tick(model: &mut Model) -> Vec<Cmd> {
    let Some((top, mut ctx)) = model.top_and_ctx() else {
        return vec![];
    };
    let outcome = top.component_mut().tick(&mut ctx);
    apply(model, outcome)
}

/// The `Cancel`s for lists nobody will read any more.
fn cancel(streaming: impl IntoIterator<Item = ReqId>) -> Vec<Cmd> {
    streaming
        .into_iter()
        .map(|req| Cmd::Cancel { req })
        .collect()
}

fn on_key(model: &mut Model, key: KeyEvent) -> Vec<Cmd> {
    if key.kind == KeyEventKind::Release {
        return vec![];
    }
    // The desk holds the door: quit there asks as leaving does (its own keys).
    let desk = matches!(model.top(), Some(Screen::Checkin(_)));
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
fn copy(model: &mut Model) -> Vec<Cmd> {
    let Some(text) = model.top().and_then(|s| s.component().copy_text()) else {
        model.toast(ToastKind::Info, "nothing to copy here");
        return vec![];
    };
    model.toast(ToastKind::Info, format!("copied {text}"));
    vec![Cmd::Copy(text)]
}

/// Carries out what a screen asked for.
fn apply(model: &mut Model, outcome: Outcome) -> Vec<Cmd> {
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
fn back(model: &mut Model, quit: bool) -> Vec<Cmd> {
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
fn leave(model: &mut Model, gone: Vec<Screen>) -> Vec<Cmd> {
    let mut cmds = Vec::new();
    for mut screen in gone {
        cmds.extend(cancel(screen.component().streaming()));
        screen.component_mut().leave(&mut model.kept, model.now);
    }
    cmds
}

/// `R`: reads the top screen again; a list it was still streaming in is
/// superseded, so it is cancelled first.
fn refresh_top(model: &mut Model) -> Vec<Cmd> {
    let Some((top, mut ctx)) = model.top_and_ctx() else {
        return vec![];
    };
    let mut cmds = cancel(top.component().streaming());
    cmds.extend(top.component_mut().refresh(&mut ctx));
    cmds
}

fn overlay_key(model: &mut Model, key: KeyEvent) -> Vec<Cmd> {
    let Some(mut overlay) = model.overlay.take() else {
        return vec![];
    };
    let outcome = overlay.component_mut().key(key, &mut model.ctx());
    apply_overlay(model, overlay, outcome)
}

/// Carries out what an overlay asked for; `overlay` is out of the model.
fn apply_overlay(model: &mut Model, overlay: Overlay, outcome: OverlayOutcome) -> Vec<Cmd> {
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

/// Runs a `:` command; a screen it pushes is marked as jumped to.
fn jump(model: &mut Model, command: Command) -> Vec<Cmd> {
    let before = model.stack.len();
    let cmds = run_command(model, command);
    if model.stack.len() == before + 1 {
        model.jumps.push(before);
    }
    cmds
}

fn run_command(model: &mut Model, command: Command) -> Vec<Cmd> {
    match command {
        Command::Quit => {
            model.quit = true;
            vec![]
        }
        Command::Tab(tab) => switch_tab(model, tab, true),
        Command::Event(id) => {
            let (screen, cmds) = EventScreen::open_any(&mut model.ctx(), &id);
            apply(model, Outcome::Push(Box::new(Screen::Event(screen)), cmds))
        }
        Command::TicketNumber(typed) => {
            let (id, number) = match ticket_by_number(model, &typed) {
                Resolved::One(found) => found,
                Resolved::Several(n) => {
                    model.toast(
                        ToastKind::Error,
                        format!("{n} tickets end in {typed}: type the whole number"),
                    );
                    return vec![];
                }
                Resolved::None => {
                    // Only digits, not a loaded number's serial: an id.
                    if let Ok(id) = typed.parse::<u64>() {
                        return run_command(model, Command::Ticket(id));
                    }
                    // Not loaded: the current and upcoming events are searched.
                    let (find, cmd) = FindTicket::open(&mut model.ctx(), &typed);
                    model.overlay = Some(Overlay::FindTicket(find));
                    return vec![cmd];
                }
            };
            let (screen, cmd) = TicketScreen::open(&mut model.ctx(), id, Some(&number));
            apply(
                model,
                Outcome::Push(Box::new(Screen::Ticket(screen)), vec![cmd]),
            )
        }
        Command::Customer(who) => open_customer(model, &who),
        Command::EnrollFrom(path) => {
            if model.options.readonly {
                model.toast(ToastKind::Error, "read-only: enrolling is refused");
                return vec![];
            }
            let Some(Screen::Tickets(t)) = model.top() else {
                model.toast(ToastKind::Info, "open a tickets list to enroll into it");
                return vec![];
            };
            let enrolled = t
                .list
                .list
                .rows()
                .iter()
                .filter(|r| !r.is_unenrolled())
                .map(|r| r.email().to_lowercase())
                .collect();
            let (event_id, target) = (t.scope.event_id, t.scope.title.clone());
            let req = model.ids.take();
            let bulk = BulkEnroll::reading(req, path.clone(), event_id, target, enrolled);
            model.overlay = Some(Overlay::BulkEnroll(bulk));
            vec![Cmd::ReadFile {
                req,
                path: path.into(),
            }]
        }
        Command::SaveView(name) => {
            let Some((kind, view)) = model.top().and_then(|s| s.component().saved_view()) else {
                model.toast(
                    ToastKind::Info,
                    "nothing to save here: open a list of tickets",
                );
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
            let Some((kind, _)) = model.top().and_then(|s| s.component().saved_view()) else {
                model.toast(
                    ToastKind::Info,
                    "no saved filters here: open a list of tickets",
                );
                return vec![];
            };
            let req = model.ids.take();
            let columns = crate::app::screens::tickets::COLUMNS
                .iter()
                .map(|c| c.title)
                .collect();
            model.overlay = Some(Overlay::Views(ViewsPicker::new(req, columns)));
            vec![Cmd::LoadViews { req, kind }]
        }
        Command::ApplyView(view) => {
            if let Some(top) = model.top_mut() {
                top.component_mut().apply_view(&view);
            }
            vec![]
        }
        Command::Export(path) => {
            let Some(export) = model.top().and_then(|s| s.component().export()) else {
                model.toast(
                    ToastKind::Info,
                    "nothing to export here: open a list of tickets",
                );
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
        Command::Open(word) => match screens::open_command(word, &mut model.ctx()) {
            Some((screen, cmds)) => apply(model, Outcome::Push(Box::new(screen), cmds)),
            None => vec![],
        },
        Command::Checkin(asked) => {
            let (screen, cmds) = CheckinScreen::open(&mut model.ctx(), &asked, None);
            apply(
                model,
                Outcome::Push(Box::new(Screen::Checkin(screen)), cmds),
            )
        }
        Command::Ticket(id) => {
            let (screen, cmd) = TicketScreen::open(&mut model.ctx(), id, None);
            apply(
                model,
                Outcome::Push(Box::new(Screen::Ticket(screen)), vec![cmd]),
            )
        }
    }
}

/// The id and number of the ticket `typed` names ([`ticket_number`]) in the
/// tickets lists loaded so far: on the stack, then on the shelf.
fn ticket_by_number(model: &Model, typed: &str) -> Resolved<(u64, String)> {
    let Some(reading) = ticket_number::read(typed) else {
        return Resolved::None;
    };
    let on_stack = model.stack.iter().filter_map(|s| match s {
        Screen::Tickets(t) => Some(&t.list),
        _ => None,
    });
    let mut hits: Vec<(u64, String)> = on_stack
        .chain(model.kept.tickets.lists())
        .flat_map(|l| l.list.rows())
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
fn open_customer(model: &mut Model, who: &str) -> Vec<Cmd> {
    if let Ok(id) = who.parse::<u64>() {
        let (screen, cmd) = CustomerScreen::open(&mut model.ctx(), id, format!("Customer {id}"));
        return apply(
            model,
            Outcome::Push(Box::new(Screen::Customer(screen)), vec![cmd]),
        );
    }
    let mut cmds = switch_tab(model, Tab::Customers, false);
    let (stack, mut ctx) = model.stack_and_ctx();
    let Some(Screen::Customers(list)) = stack.first_mut() else {
        return cmds;
    };
    list.list.set_filter(who);
    list.list.select(0);
    list.open_only_match = true;
    let outcome = list.open_if_only_match(&mut ctx);
    cmds.extend(apply(model, outcome));
    cmds
}

/// Goes to a top-level tab: the stack is replaced by its root screen, and
/// what the old stack still streamed is cancelled. When that root is
/// already at the bottom of the stack, the screens above it go and it is
/// read again (`again`, as `:events` does) or left as it is (its tab key).
fn switch_tab(model: &mut Model, tab: Tab, again: bool) -> Vec<Cmd> {
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

fn on_mouse(model: &mut Model, mouse: MouseEvent) -> Vec<Cmd> {
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
fn resize(model: &mut Model, size: (u16, u16)) {
    model.layout = Layout::new(size);
    let layout = model.layout;
    for s in &mut model.stack {
        s.component_mut().fit(layout.body);
    }
    if let Some(o) = &mut model.overlay {
        o.component_mut().fit(&layout);
    }
}

fn on_reply(model: &mut Model, req: ReqId, reply: Reply) -> Vec<Cmd> {
    // A success clears the status bar's last error (its toast said it).
    if reply.is_success() {
        model.last_error = None;
    }
    match reply {
        Reply::Enrolled(result) if matches!(&model.overlay, Some(Overlay::BulkEnroll(b)) if b.holds(req)) =>
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
        Reply::Enrolled(result) => enrolled(model, req, result),
        Reply::Revoked { ticket_id, result } if bulk_owns(model, req) => {
            bulk_revoked(model, req, ticket_id, &result)
        }
        Reply::Ticket(result) if bulk_owns(model, req) => bulk_reread(model, req, &result),
        Reply::Revoked { ticket_id, result } => revoked(model, ticket_id, result),
        Reply::ViewSaved(result) => {
            match result {
                Ok(name) => model.toast(
                    ToastKind::Info,
                    format!("saved as {name} (:filters lists them)"),
                ),
                Err(e) => model.toast(ToastKind::Error, format!("not saved: {e}")),
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

/// Whether `req` is a write (or a read after one) of the bulk revoke open.
fn bulk_owns(model: &Model, req: ReqId) -> bool {
    matches!(&model.overlay, Some(Overlay::BulkRevoke(b)) if b.component_owns(req))
}

/// The answer to one revoke of a bulk revoke: the screens learn it as for a
/// single revoke, then the bulk sends the next (or reads an unclear one
/// again).
fn bulk_revoked(
    model: &mut Model,
    req: ReqId,
    ticket_id: u64,
    result: &Result<(), ApiError>,
) -> Vec<Cmd> {
    model.revoking.remove(&ticket_id);
    ticket_changed(model, TicketChange::Revoking(ticket_id, false));
    let gone = match result {
        Ok(()) => true,
        Err(e) => e.code() == Some(1007),
    };
    if gone {
        ticket_changed(model, TicketChange::Revoked(ticket_id));
    }
    let Some(Overlay::BulkRevoke(mut bulk)) = model.overlay.take() else {
        return vec![];
    };
    let cmds = bulk.answered(req, result, &mut model.ctx());
    bulk_went_on(model, bulk, cmds)
}

/// A ticket read again after an unclear bulk revoke: every screen shows
/// what it is, and the bulk settles it.
fn bulk_reread(
    model: &mut Model,
    req: ReqId,
    result: &Result<(Ticket, Value), ApiError>,
) -> Vec<Cmd> {
    let unenrolled = match result {
        Ok((ticket, raw)) => {
            ticket_changed(model, TicketChange::Read(ticket, raw));
            Some(ticket.is_unenrolled())
        }
        Err(_) => None,
    };
    let Some(Overlay::BulkRevoke(mut bulk)) = model.overlay.take() else {
        return vec![];
    };
    let cmds = bulk.read_again(req, unenrolled, &mut model.ctx());
    bulk_went_on(model, bulk, cmds)
}

/// Puts the bulk revoke back; when it is done, what is left stays marked
/// (the rest is unmarked) and the screens read their counters again.
fn bulk_went_on(model: &mut Model, bulk: BulkRevoke, mut cmds: Vec<Cmd>) -> Vec<Cmd> {
    let done = bulk.done();
    if done {
        let left = bulk.left();
        if let Some(Screen::Tickets(t)) = model
            .stack
            .iter_mut()
            .rev()
            .find(|s| matches!(s, Screen::Tickets(_)))
        {
            t.list.marks.set(left);
        }
    }
    model.overlay = Some(Overlay::BulkRevoke(bulk));
    if done {
        cmds.extend(after_write(model, &Write::Revoked));
    }
    cmds
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

/// Tells every screen about a write that went through; returns the reads
/// they start.
fn after_write(model: &mut Model, write: &Write) -> Vec<Cmd> {
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

fn ticket_changed(model: &mut Model, change: TicketChange<'_>) {
    for s in &mut model.stack {
        s.component_mut().ticket_changed(change);
    }
}

/// The answer to an enroll sent by the form or a picker.
/// The API's code for "already enrolled in this edition".
const ALREADY_ENROLLED: i64 = 1006;

fn enrolled(model: &mut Model, req: ReqId, result: Result<(), ApiError>) -> Vec<Cmd> {
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
            model.toast(
                ToastKind::Info,
                format!("enrolled {} in {}", sent.who, sent.target),
            );
            cmds.extend(after_write(model, &write));
            cmds
        }
        Err(e) => {
            // A walk-in already enrolled here: the desk shows their ticket
            // and its verdict (the form closes).
            if e.code() == Some(ALREADY_ENROLLED)
                && let Some((Screen::Checkin(desk), mut ctx)) = model.top_and_ctx()
            {
                return desk.already_enrolled(&sent.who, &mut ctx);
            }
            let unclear = ambiguous(&e);
            let text = if unclear {
                format!(
                    "outcome unknown ({e}); it may or may not have been enrolled — re-reading the tickets, check before sending again"
                )
            } else {
                error_text(&e)
            };
            let mut overlay = overlay;
            overlay.component_mut().send_failed(text.clone());
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
fn find_number(model: &Model, id: u64) -> String {
    model
        .stack
        .iter()
        .find_map(|s| s.component().ticket_number(id))
        .unwrap_or_else(|| format!("ticket {id}"))
}

/// The answer to a revoke. A write's answer is never dropped: the write
/// happened (or may have).
fn revoked(model: &mut Model, ticket_id: u64, result: Result<(), ApiError>) -> Vec<Cmd> {
    let number = model
        .revoking
        .remove(&ticket_id)
        .unwrap_or_else(|| find_number(model, ticket_id));
    ticket_changed(model, TicketChange::Revoking(ticket_id, false));
    match result {
        Ok(()) => {
            ticket_changed(model, TicketChange::Revoked(ticket_id));
            model.toast(ToastKind::Info, format!("{number} revoked: unenrolled"));
            after_write(model, &Write::Revoked)
        }
        Err(e) if ambiguous(&e) || e.code() == Some(1007) => {
            if ambiguous(&e) {
                model.toast(
                    ToastKind::Error,
                    format!(
                        "revoke of {number}: outcome unknown ({e}); re-reading the ticket to learn it"
                    ),
                );
            } else {
                model.error_toast(&format!("revoke of {number}"), &e);
            }
            let req = model.ids.take();
            model.rereads.push(req);
            vec![Cmd::LoadTicket { req, ticket_id }]
        }
        Err(e) => {
            model.error_toast(&format!("revoke of {number}"), &e);
            vec![]
        }
    }
}

/// A ticket read again after an unclear revoke: every screen shows what it is.
fn reread(model: &mut Model, result: Result<(Ticket, Value), ApiError>) -> Vec<Cmd> {
    match result {
        Ok((ticket, raw)) => {
            ticket_changed(model, TicketChange::Read(&ticket, &raw));
            model.toast(
                ToastKind::Info,
                format!(
                    "{} is {}",
                    ticket.number.as_deref().unwrap_or("the ticket"),
                    ticket.status.as_deref().unwrap_or("of unknown status")
                ),
            );
        }
        Err(e) => model.error_toast("ticket", &e),
    }
    vec![]
}
