//! Terminal setup and restore: raw mode, alternate screen, mouse capture,
//! hidden cursor — undone on normal exit, on error and on panic.

use std::io::{self, Stdout, Write};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

pub type Term = Terminal<CrosstermBackend<Stdout>>;

/// Puts the terminal in TUI mode.
pub fn init() -> io::Result<Term> {
    enter()?;
    Terminal::new(CrosstermBackend::new(io::stdout()))
}

/// Raw mode, the alternate screen, the mouse, no cursor: at start, and
/// again after a suspend.
pub fn enter() -> io::Result<()> {
    enable_raw_mode()?;
    let mut out = io::stdout();
    if let Err(e) = execute!(out, EnterAlternateScreen, EnableMouseCapture, Hide) {
        restore();
        return Err(e);
    }
    Ok(())
}

/// Gives the terminal back. Safe to call twice and from a panic hook; errors
/// are ignored because there is nothing better to do with them here.
pub fn restore() {
    let mut out = io::stdout();
    let _ = execute!(out, DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// Installs color-eyre's hooks so that a panic or an error report restores
/// the terminal first and then prints the report.
pub fn install_hooks() -> color_eyre::Result<()> {
    let (panic_hook, eyre_hook) = color_eyre::config::HookBuilder::default().into_hooks();
    let eyre_hook = eyre_hook.into_eyre_hook();
    // A second install (tests, a second run) keeps the first hook.
    let _ = color_eyre::eyre::set_hook(Box::new(move |e| {
        restore();
        eyre_hook(e)
    }));
    std::panic::set_hook(Box::new(move |info| {
        // A panic in an executor task (a worker thread) is caught and told
        // in the TUI: the terminal stays as it is, nothing is printed over
        // it. The loop runs on the main thread: a panic there ends the app.
        if std::thread::current().name() != Some("main") {
            return;
        }
        restore();
        eprintln!("{}", panic_hook.panic_report(info));
    }));
    Ok(())
}
