//! The one loop. It `select!`s over the terminal's event stream, the results
//! channel, a tick and the next frame; drains what is ready; and draws
//! only when something changed, inside a synchronized update: what streams
//! in at most once per frame, a key's change at once.
//! Nothing here blocks on the network.
//!
//! The event stream (`tty::events`: every byte the terminal sends, as keys)
//! is drained with the loop task's own context (`futures::poll!`), never
//! with a foreign waker: a stream keeps the waker of the poll that found it
//! empty, and a no-op waker there leaves every next key waiting for the
//! tick.

use std::io;
use std::task::Poll;
use std::time::{Duration, Instant};

use crossterm::event::Event as TermEvent;
use crossterm::execute;
use crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};
use eyre::Report;
use futures::{Stream, StreamExt};
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType};
use ratatui::widgets::Clear;
use tokio::sync::mpsc;

use crate::api::Client;
use crate::clock::now_utc;

use super::AppOptions;
use super::cmd::{Cmd, osc52};
use super::executor::{Executor, Local};
use super::model::Model;
use super::msg::Msg;
use super::terminal;
use super::update::{start, update};
use super::view::view;

/// At most one draw per this long.
pub const FRAME: Duration = Duration::from_millis(16);

/// How long a key's frame waits for the answer to what the key asked (a
/// scan's read of its ticket) before it is drawn without it: well within
/// the frame a key must be drawn in.
const HOLD: Duration = Duration::from_millis(4);

/// The most requests started by keys whose first answer is drawn at once.
const AWAITED: usize = 8;
/// The tick (toasts expire, progress moves).
pub const TICK: Duration = Duration::from_millis(250);

/// Runs the TUI until the user quits. Restores the terminal on every way out.
pub async fn run(client: Client, options: AppOptions, local: Local) -> eyre::Result<()> {
    terminal::install_hooks()?;
    let mut term = terminal::init()?;
    #[cfg(debug_assertions)]
    test_panic();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let result = run_loop(
        &mut term,
        super::tty::events(),
        client,
        options,
        local,
        no_color,
        TICK,
    )
    .await;
    // `boxoffice checkin` quits when the desk is left: a scan arriving as
    // it does is read here, never by the shell.
    if result.as_ref().is_ok_and(|m| m.options.desk_only) {
        drain();
    }
    terminal::restore();
    result.map(|_| ())
}

/// How long the terminal must stay quiet before the desk quits, and the
/// most it waits for that.
const DRAIN_QUIET: Duration = Duration::from_millis(300);
const DRAIN_MOST: Duration = Duration::from_secs(1);

/// Reads and drops what the terminal sends until it has been quiet for
/// [`DRAIN_QUIET`] (at most [`DRAIN_MOST`]), then discards what its input
/// still holds.
fn drain() {
    let end = Instant::now() + DRAIN_MOST;
    while Instant::now() < end {
        match crossterm::event::poll(DRAIN_QUIET) {
            Ok(true) => {
                let _ = crossterm::event::read();
            }
            Ok(false) | Err(_) => break,
        }
    }
    #[cfg(unix)]
    let _ = rustix::termios::tcflush(io::stdin(), rustix::termios::QueueSelector::IFlush);
}

/// `BOXOFFICE_TEST_PANIC=1`: a panic once the terminal is in TUI mode, for
/// the test that it is restored. Only in debug builds (what `cargo test`
/// runs); a release build has no such switch.
#[cfg(debug_assertions)]
fn test_panic() {
    let on = std::env::var("BOXOFFICE_TEST_PANIC").is_ok_and(|v| v == "1");
    assert!(!on, "BOXOFFICE_TEST_PANIC: a panic inside the TUI");
}

/// The loop over any terminal backend and event source (tests inject both);
/// returns the model when the user quits.
pub async fn run_loop<B, E>(
    term: &mut Terminal<B>,
    mut events: E,
    client: Client,
    options: AppOptions,
    local: Local,
    no_color: bool,
    tick_every: Duration,
) -> eyre::Result<Model>
where
    B: Backend + io::Write,
    B::Error: std::error::Error + Send + Sync + 'static,
    E: Stream<Item = io::Result<TermEvent>> + Unpin,
{
    let size = term.size().map_err(Report::new)?;
    let mut model = Model::new(
        options,
        &client.config().base_url,
        Instant::now(),
        (size.width, size.height),
    );
    model.no_color = no_color;

    let (tx, mut rx) = mpsc::unbounded_channel();
    let pinned = model.options.pinned_now.clone();
    let mut executor = Executor::new(tx).pinned(pinned.clone()).with_local(local);
    let mut wall = now_utc(pinned.as_deref());
    update(&mut model, Msg::Clock(wall.clone()));
    for cmd in start(&mut model) {
        executor.run(cmd, &client);
    }
    let foreground = client.foreground().clone();
    let mut tick = tokio::time::interval(tick_every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut dirty = true;
    // A key is waiting for its frame: drawn at once, not at the next frame
    // slot. The slot paces what streams in (progress, pages), so a key
    // typed just after a page's frame would otherwise wait up to `FRAME`.
    let mut key_owed = false;
    // The requests keys started (a scan's read of its ticket, a record
    // opened): their first answer is the key's answer, drawn at once too.
    let mut awaited: Vec<crate::app::state::ReqId> = Vec::new();
    let mut last_draw: Option<Instant> = None;
    // A key that asked for something (a scan's read of its ticket) waits
    // this long for the answer before its frame is drawn without it: a
    // quick answer is drawn in the key's own frame, not in a second one.
    let mut hold_until: Option<Instant> = None;

    while !model.quit {
        let holding = hold_until.is_some_and(|t| Instant::now() < t);
        if dirty && !holding {
            hold_until = None;
            let now = Instant::now();
            if key_owed || last_draw.is_none_or(|t| now >= t + FRAME) {
                draw(term, &model)?;
                dirty = false;
                key_owed = false;
                last_draw = Some(now);
            }
        }
        // A key's frame is out (or it changed nothing): page work goes on.
        if !dirty {
            foreground.release();
        }
        let frame_due = last_draw.map_or_else(Instant::now, |t| t + FRAME);
        let first = tokio::select! {
            ev = events.next() => match ev {
                Some(Ok(ev)) => to_msg(&ev),
                Some(Err(e)) => return Err(e.into()),
                None => break,
            },
            Some(msg) = rx.recv() => Some(msg),
            _ = tick.tick() => Some(Msg::Tick(Instant::now())),
            () = tokio::time::sleep_until(frame_due.into()), if dirty && !holding => None,
            () = tokio::time::sleep_until(hold_until.unwrap_or(frame_due).into()), if holding => None,
        };
        // Drain what is ready, then draw once. The event stream is polled
        // with this task's context, so its next key wakes this loop.
        let mut msgs: Vec<Msg> = first.into_iter().collect();
        while let Ok(msg) = rx.try_recv() {
            msgs.push(msg);
        }
        loop {
            match futures::poll!(events.next()) {
                Poll::Ready(Some(Ok(ev))) => msgs.extend(to_msg(&ev)),
                Poll::Ready(Some(Err(e))) => return Err(e.into()),
                Poll::Ready(None) | Poll::Pending => break,
            }
        }
        // The wall clock, told when its minute changes, and before keys to
        // the second (the desk's last scans and "40 s ago" are the time of
        // the scan's keys), without a redraw a second of its own; to the
        // second under the door's dashboard (ages and lanes' states move).
        let keyed = msgs.iter().any(|m| matches!(m, Msg::Key(_)));
        if keyed {
            // Until its frame is drawn, decoding and row-making wait: on two
            // cores they would otherwise take the loop's CPU.
            foreground.hold();
        }
        if keyed || msgs.iter().any(|m| matches!(m, Msg::Tick(_))) {
            let now = now_utc(pinned.as_deref());
            let told = if keyed || model.clock_to_the_second() {
                now == wall
            } else {
                now.get(..16) == wall.get(..16)
            };
            if !told {
                wall.clone_from(&now);
                msgs.insert(0, Msg::Clock(now));
            }
        }
        let mut answered = false;
        let mut asked = false;
        for msg in msgs {
            let changes =
                !matches!(msg, Msg::Tick(_)) || !model.toasts.is_empty() || model.in_flight > 0;
            let by_key = matches!(msg, Msg::Key(_));
            if by_key {
                // When each key came: a scanner's burst is told from typing by it.
                model.now = Instant::now();
            }
            if let Msg::Reply { req, .. } = &msg
                && let Some(at) = awaited.iter().position(|r| r == req)
            {
                awaited.swap_remove(at);
                answered = true;
            }
            for cmd in update(&mut model, msg) {
                if by_key
                    && cmd.answers_key()
                    && let Some(req) = cmd.req()
                {
                    if awaited.len() == AWAITED {
                        awaited.remove(0);
                    }
                    awaited.push(req);
                    asked = true;
                }
                match cmd {
                    Cmd::Copy(text) => copy(term, &text)?,
                    Cmd::Bell => bell(term)?,
                    // A tick changed the screen (a VALID gave way): draw it.
                    Cmd::Redraw => dirty = true,
                    Cmd::Suspend => {
                        suspend(term)?;
                        let size = term.size().map_err(Report::new)?;
                        update(&mut model, Msg::Resize(size.width, size.height));
                        dirty = true;
                    }
                    cmd => executor.run(cmd, &client),
                }
            }
            dirty |= changes;
        }
        // Owed until drawn (a hold keeps it owed past its own batch).
        key_owed = (key_owed || keyed || answered) && dirty;
        if answered {
            hold_until = None;
        } else if keyed && asked {
            hold_until = Some(Instant::now() + HOLD);
        }
    }
    foreground.release();
    Ok(model)
}

fn draw<B>(term: &mut Terminal<B>, model: &Model) -> eyre::Result<()>
where
    B: Backend + io::Write,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    execute!(term.backend_mut(), BeginSynchronizedUpdate)?;
    let drawn = term.draw(|frame| view(model, frame)).map(|_| ());
    execute!(term.backend_mut(), EndSynchronizedUpdate)?;
    drawn.map_err(Report::new)
}

/// Puts `text` on the clipboard through the terminal (OSC 52): works over
/// SSH, where the terminal, not this machine, owns the clipboard.
fn copy<B>(term: &mut Terminal<B>, text: &str) -> io::Result<()>
where
    B: Backend + io::Write,
{
    let backend = term.backend_mut();
    backend.write_all(osc52(text).as_bytes())?;
    io::Write::flush(backend)
}

/// Ctrl-Z: the terminal as it was before the app, the process stopped
/// (SIGTSTP to the whole process group, as the terminal's own Ctrl-Z sends
/// it: under `cargo run`, cargo stops too and the shell gets the terminal
/// back), and on `fg` the app's terminal again, drawn whole. Where no shell
/// manages jobs (a process group that is orphaned), the kernel ignores the
/// stop and the app simply comes back.
fn suspend<B>(term: &mut Terminal<B>) -> eyre::Result<()>
where
    B: Backend + io::Write,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    terminal::restore();
    #[cfg(unix)]
    rustix::process::kill_current_process_group(rustix::process::Signal::TSTP)?;
    terminal::enter()?;
    // The screen is blank again. `Terminal::clear` would ask the terminal
    // for the cursor's position, whose answer the event stream takes; a
    // blank frame instead makes the next draw write every cell.
    term.backend_mut().clear_region(ClearType::All)?;
    term.draw(|frame| frame.render_widget(Clear, frame.area()))
        .map_err(Report::new)?;
    Ok(())
}

/// Rings the terminal's bell (BEL).
fn bell<B>(term: &mut Terminal<B>) -> io::Result<()>
where
    B: Backend + io::Write,
{
    let backend = term.backend_mut();
    backend.write_all(b"\x07")?;
    io::Write::flush(backend)
}

fn to_msg(ev: &TermEvent) -> Option<Msg> {
    match *ev {
        TermEvent::Key(k) => Some(Msg::Key(k)),
        TermEvent::Mouse(m) => Some(Msg::Mouse(m)),
        TermEvent::Resize(w, h) => Some(Msg::Resize(w, h)),
        _ => None,
    }
}
