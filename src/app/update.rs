//! The pure update: `update(&mut Model, Msg) -> Vec<Cmd>`. No I/O, no
//! awaiting, no clock reads: time arrives as `Msg::Tick`.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind};

mod results;

use results::{enrolled, event_loaded, refresh_top, revoked, ticket_loaded};

use super::cmd::Cmd;
use super::keymap::{self, Action};
use super::model::{Model, Nav, Overlay, Remote, Screen, ToastKind};
use super::msg::{Msg, ReqId};
use super::screens::customer_picker::{CustomerPicker, PickerOutcome};
use super::screens::enroll::{EnrollForm, FormOutcome};
use super::screens::event::{self, EventScreen};
use super::screens::events::{self, EventsScreen};
use super::screens::palette::{Command, Palette, PaletteOutcome};
use super::screens::revoke::RevokeConfirm;
use super::screens::ticket::TicketScreen;
use super::screens::tickets::{self, TicketsScreen};
use super::screens::{row_at, rows_height};

/// Opens the root screen (the events list); returns the commands that load it.
pub fn start(model: &mut Model) -> Vec<Cmd> {
    let (screen, cmd) = EventsScreen::open(model);
    model.stack = vec![Screen::Events(screen)];
    model.in_flight += 1;
    vec![cmd]
}

/// Applies one message to the model and says what to do next.
pub fn update(model: &mut Model, msg: Msg) -> Vec<Cmd> {
    let cmds = match msg {
        Msg::Key(key) => on_key(model, key),
        Msg::Mouse(mouse) => on_mouse(model, mouse),
        Msg::Resize(w, h) => {
            model.size = (w, h);
            refit(model);
            vec![]
        }
        Msg::Tick(now) => {
            model.now = now;
            model.toasts.retain(|t| t.until > now);
            vec![]
        }
        Msg::TaskDone => {
            model.in_flight = model.in_flight.saturating_sub(1);
            vec![]
        }
        Msg::EventsPage {
            req,
            page,
            pages,
            result,
        } => {
            let size = model.size;
            let found = model.stack.iter_mut().find_map(|s| match s {
                Screen::Events(e) if e.req == req => Some(e),
                _ => None,
            });
            let found = found.map(|e| e.page_in(page, pages, result, size));
            if let Some(Err(e)) = found {
                model.error_toast("events", &e);
            }
            vec![]
        }
        Msg::EventLoaded { req, result } => event_loaded(model, req, &result),
        Msg::EditionsLoaded { req, result } => {
            let size = model.size;
            let mut failed = None;
            for s in &mut model.stack {
                if let Screen::Event(ev) = s
                    && ev.editions_req == req
                {
                    match &result {
                        Ok(page) => {
                            ev.editions = Remote::Loaded(page.items.clone());
                            ev.nav
                                .fit(page.items.len(), rows_height(event::table_area(size)));
                        }
                        Err(e) => {
                            ev.editions = Remote::Failed(e.clone());
                            failed = Some(e.clone());
                        }
                    }
                }
            }
            if let Some(e) = failed {
                model.error_toast("editions", &e);
            }
            vec![]
        }
        Msg::TicketsPage {
            req,
            page,
            pages,
            result,
        } => {
            let size = model.size;
            let found = model.stack.iter_mut().find_map(|s| match s {
                Screen::Tickets(t) if t.req == req => Some(t),
                _ => None,
            });
            let found = found.map(|t| t.page_in(page, pages, result, size));
            if let Some(Err(e)) = found {
                model.error_toast("tickets", &e);
            }
            vec![]
        }
        Msg::TicketLoaded { req, result } => ticket_loaded(model, req, result),
        Msg::CustomersPage {
            req,
            page,
            pages,
            result,
        } => {
            let size = model.size;
            if let Some(Overlay::Picker(p)) = &mut model.overlay
                && p.req == req
                && let Err(e) = p.page_in(page, pages, result, size)
            {
                model.error_toast("customers", &e);
            }
            vec![]
        }
        Msg::Enrolled { req, result } => enrolled(model, req, result),
        Msg::Revoked {
            req,
            ticket_id,
            result,
        } => revoked(model, req, ticket_id, result),
    };
    model.in_flight += cmds.iter().filter(|c| c.is_task()).count();
    cmds
}

/// The `Cancel` for a streamed list nobody will read any more.
fn cancel(streaming: Option<ReqId>) -> Option<Cmd> {
    streaming.map(|req| Cmd::Cancel { req })
}

fn on_key(model: &mut Model, key: KeyEvent) -> Vec<Cmd> {
    if key.kind == KeyEventKind::Release {
        return vec![];
    }
    if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
        model.quit = true;
        return vec![];
    }
    if let Some(overlay) = model.overlay.take() {
        return overlay_key(model, overlay, key);
    }
    let size = model.size;
    if let Some(Screen::Tickets(t)) = model.top_mut()
        && t.filtering
    {
        t.filter_key(key, size);
        return vec![];
    }
    let Some(scope) = model.top().map(Screen::scope) else {
        return vec![];
    };
    let Some(action) = keymap::lookup(scope, &key) else {
        return vec![];
    };
    if action.writes() && model.options.readonly {
        model.toast(
            ToastKind::Error,
            "read-only mode: enroll and revoke are turned off",
        );
        return vec![];
    }
    act(model, action, key)
}

fn act(model: &mut Model, action: Action, key: KeyEvent) -> Vec<Cmd> {
    let size = model.size;
    match action {
        Action::Quit => model.quit = true,
        Action::Back => return back(model, key),
        Action::Help => model.overlay = Some(Overlay::Help),
        Action::Palette => model.overlay = Some(Overlay::Palette(Palette::default())),
        Action::Refresh => return refresh_top(model),
        Action::Up
        | Action::Down
        | Action::Top
        | Action::Bottom
        | Action::PageUp
        | Action::PageDown => {
            navigate(model, action);
        }
        Action::Open => return open(model),
        Action::MainTickets => return event::open_tickets(model, false),
        Action::Enroll => {
            if let Some((id, target)) = enroll_target(model) {
                model.overlay = Some(Overlay::Enroll(EnrollForm::new(id, target)));
            }
        }
        Action::EnrollCustomer => {
            if let Some((id, target)) = enroll_target(model) {
                let req = model.req();
                let (picker, cmd) = CustomerPicker::open(id, target, req);
                model.overlay = Some(Overlay::Picker(picker));
                return vec![cmd];
            }
        }
        Action::Revoke => revoke_ask(model),
        Action::Filter => {
            if let Some(Screen::Tickets(t)) = model.top_mut() {
                t.filtering = true;
            }
        }
        Action::NextTab | Action::PrevTab => {
            if let Some(Screen::Tickets(t)) = model.top_mut() {
                t.cycle_tab(action == Action::NextTab, size);
            }
        }
        Action::JumpTab => {
            if let (Some(Screen::Tickets(t)), KeyCode::Char(c)) = (model.top_mut(), key.code)
                && let Some(d) = c.to_digit(10)
            {
                t.select_tab((d as usize).saturating_sub(1), size);
            }
        }
        Action::SortNext | Action::SortReverse => {
            if let Some(Screen::Tickets(t)) = model.top_mut() {
                if action == Action::SortNext {
                    t.sort_next(size);
                } else {
                    t.sort_reverse(size);
                }
            }
        }
        Action::ToggleRaw => {
            if let Some(Screen::Ticket(t)) = model.top_mut() {
                t.raw = !t.raw;
                t.scroll = 0;
            }
        }
    }
    vec![]
}

/// Leaves the screen; a list it was still streaming in is cancelled.
fn back(model: &mut Model, key: KeyEvent) -> Vec<Cmd> {
    let size = model.size;
    if let Some(Screen::Tickets(t)) = model.top_mut()
        && key.code == KeyCode::Esc
        && !t.filter.value().is_empty()
    {
        t.clear_filter(size);
        return vec![];
    }
    if model.stack.len() > 1 {
        let gone = model.stack.pop();
        return gone
            .and_then(|s| cancel(s.streaming()))
            .into_iter()
            .collect();
    }
    if key.code == KeyCode::Char('q') {
        model.quit = true;
    }
    vec![]
}

fn navigate(model: &mut Model, action: Action) {
    let size = model.size;
    let step = |height: usize, len: usize, sel: usize| -> usize {
        match action {
            Action::Up => sel.saturating_sub(1),
            Action::Down => sel + 1,
            Action::Top => 0,
            Action::Bottom => len.saturating_sub(1),
            Action::PageUp => sel.saturating_sub(height.max(1)),
            _ => sel + height.max(1),
        }
    };
    match model.top_mut() {
        Some(Screen::Events(s)) => {
            let h = rows_height(events::table_area(size));
            let len = s.events.len();
            s.nav.select(step(h, len, s.nav.selected), len, h);
        }
        Some(Screen::Event(s)) => {
            let h = rows_height(event::table_area(size));
            let len = s.editions_len();
            s.nav.select(step(h, len, s.nav.selected), len, h);
        }
        Some(Screen::Tickets(s)) => {
            let h = TicketsScreen::height(size);
            let target = step(h, s.visible.len(), s.nav.selected);
            s.move_to(target, size);
        }
        Some(Screen::Ticket(s)) => {
            let h = usize::from(size.1.saturating_sub(4)).max(1);
            match action {
                Action::Top => s.scroll = 0,
                Action::Bottom => s.scroll_by(isize::MAX / 2, size),
                _ => {
                    let target = step(h, usize::MAX, s.scroll);
                    s.scroll_by(target.cast_signed() - s.scroll.cast_signed(), size);
                }
            }
        }
        None => {}
    }
}

fn open(model: &mut Model) -> Vec<Cmd> {
    match model.top() {
        Some(Screen::Events(_)) => events::open_selected(model),
        Some(Screen::Event(_)) => event::open_tickets(model, true),
        Some(Screen::Tickets(t)) => {
            if let Some(row) = t.selected() {
                let screen = TicketScreen::from_row(row.ticket.clone(), row.raw.clone());
                model.stack.push(Screen::Ticket(screen));
            }
            vec![]
        }
        _ => vec![],
    }
}

/// Where `e` and `a` enroll from the current screen: id and name.
fn enroll_target(model: &Model) -> Option<(u64, String)> {
    match model.top()? {
        Screen::Events(s) => s.selected().map(|e| {
            let name = e.name.clone().unwrap_or_else(|| format!("event {}", e.id));
            (e.id, format!("{name} (first available edition)"))
        }),
        Screen::Event(e) => e.enroll_target(),
        Screen::Tickets(t) => Some((t.scope.event_id, t.scope.title.clone())),
        Screen::Ticket(_) => None,
    }
}

fn revoke_ask(model: &mut Model) {
    let ticket = match model.top() {
        Some(Screen::Tickets(t)) => t.selected().map(|r| r.ticket.clone()),
        Some(Screen::Ticket(t)) => t.ticket.loaded().map(|(t, _)| t.clone()),
        _ => None,
    };
    let Some(ticket) = ticket else {
        return;
    };
    if ticket.is_unenrolled() {
        model.toast(
            ToastKind::Error,
            format!(
                "{} is already unenrolled",
                ticket.number.as_deref().unwrap_or("the ticket")
            ),
        );
        return;
    }
    model.overlay = Some(Overlay::Revoke(RevokeConfirm::new(&ticket)));
}

fn overlay_key(model: &mut Model, overlay: Overlay, key: KeyEvent) -> Vec<Cmd> {
    let size = model.size;
    match overlay {
        Overlay::Help => vec![],
        Overlay::Revoke(confirm) => {
            if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                let req = model.req();
                vec![Cmd::Revoke {
                    req,
                    ticket_id: confirm.ticket_id,
                }]
            } else {
                model.toast(ToastKind::Info, "revoke cancelled");
                vec![]
            }
        }
        Overlay::Palette(mut p) => match p.key(key) {
            PaletteOutcome::Stay => {
                model.overlay = Some(Overlay::Palette(p));
                vec![]
            }
            PaletteOutcome::Cancel => vec![],
            PaletteOutcome::Run(Ok(cmd)) => run_command(model, cmd),
            PaletteOutcome::Run(Err(e)) => {
                model.toast(ToastKind::Error, e);
                vec![]
            }
        },
        Overlay::Enroll(mut form) => {
            let next = model.peek_req();
            match form.key(key, next) {
                FormOutcome::Stay => {
                    model.overlay = Some(Overlay::Enroll(form));
                    vec![]
                }
                FormOutcome::Cancel => vec![],
                FormOutcome::Send(cmd) => {
                    model.req();
                    model.overlay = Some(Overlay::Enroll(form));
                    vec![cmd]
                }
            }
        }
        Overlay::Picker(mut picker) => {
            let next = model.peek_req();
            match picker.key(key, next, size) {
                PickerOutcome::Stay => {
                    model.overlay = Some(Overlay::Picker(picker));
                    vec![]
                }
                PickerOutcome::Cancel => cancel(Overlay::Picker(picker).streaming())
                    .into_iter()
                    .collect(),
                PickerOutcome::Send(cmd) => {
                    model.req();
                    model.overlay = Some(Overlay::Picker(picker));
                    vec![cmd]
                }
            }
        }
    }
}

fn run_command(model: &mut Model, cmd: Command) -> Vec<Cmd> {
    match cmd {
        Command::Quit => {
            model.quit = true;
            vec![]
        }
        Command::Events => {
            let gone = model.stack.split_off(1.min(model.stack.len()));
            let mut cmds: Vec<Cmd> = gone.iter().filter_map(|s| cancel(s.streaming())).collect();
            cmds.extend(refresh_top(model));
            cmds
        }
        Command::Event(id) => {
            let (screen, cmds) = EventScreen::open_any(model, &id);
            model.stack.push(Screen::Event(screen));
            cmds
        }
        Command::Ticket(id) => {
            let (screen, cmd) = TicketScreen::open(model, id);
            model.stack.push(Screen::Ticket(screen));
            vec![cmd]
        }
    }
}

fn on_mouse(model: &mut Model, mouse: MouseEvent) -> Vec<Cmd> {
    if model.overlay.is_some() {
        return vec![];
    }
    let size = model.size;
    match mouse.kind {
        MouseEventKind::ScrollDown | MouseEventKind::ScrollUp => {
            let delta: isize = if mouse.kind == MouseEventKind::ScrollDown {
                3
            } else {
                -3
            };
            match model.top_mut() {
                Some(Screen::Events(s)) => {
                    s.nav
                        .move_by(delta, s.events.len(), rows_height(events::table_area(size)));
                }
                Some(Screen::Event(s)) => {
                    let len = s.editions_len();
                    s.nav
                        .move_by(delta, len, rows_height(event::table_area(size)));
                }
                Some(Screen::Tickets(s)) => s.move_by(delta, size),
                Some(Screen::Ticket(s)) => s.scroll_by(delta, size),
                None => {}
            }
        }
        MouseEventKind::Down(_) => {
            let y = mouse.row;
            match model.top_mut() {
                Some(Screen::Events(s)) => {
                    click(&mut s.nav, events::table_area(size), y, s.events.len());
                }
                Some(Screen::Event(s)) => {
                    let len = s.editions_len();
                    click(&mut s.nav, event::table_area(size), y, len);
                }
                Some(Screen::Tickets(s)) => {
                    if let Some(i) = row_at(tickets::table_area(size), s.nav.offset, y)
                        && i < s.visible.len()
                    {
                        s.move_to(i, size);
                    }
                }
                _ => {}
            }
        }
        _ => {}
    }
    vec![]
}

fn click(nav: &mut Nav, area: ratatui::layout::Rect, y: u16, len: usize) {
    if let Some(i) = row_at(area, nav.offset, y)
        && i < len
    {
        nav.select(i, len, rows_height(area));
    }
}

/// Keeps every selection visible after a resize.
fn refit(model: &mut Model) {
    let size = model.size;
    for s in &mut model.stack {
        match s {
            Screen::Events(e) => e
                .nav
                .fit(e.events.len(), rows_height(events::table_area(size))),
            Screen::Event(e) => {
                let len = e.editions_len();
                e.nav.fit(len, rows_height(event::table_area(size)));
            }
            Screen::Tickets(t) => t.recompute(size),
            Screen::Ticket(t) => t.scroll_by(0, size),
        }
    }
}
