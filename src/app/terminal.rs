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

/// Installs the hooks that restore the terminal first when a panic or an
/// error report is printed, then print it as Rust does. (eyre's own report
/// and the standard panic message: color-eyre's prettier ones pulled a
/// backtrace symboliser — backtrace, object, gimli — into the build,
/// docs/performance.md#cold-build.)
pub fn install_hooks() -> eyre::Result<()> {
    // A second install (tests, a second run) keeps the first hook.
    let _ = eyre::set_hook(Box::new(|e| {
        restore();
        eyre::DefaultHandler::default_with(e)
    }));
    let print = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A panic in an executor task (a worker thread) is caught and told
        // in the TUI: the terminal stays as it is, nothing is printed over
        // it. The loop runs on the main thread: a panic there ends the app.
        if std::thread::current().name() != Some("main") {
            return;
        }
        restore();
        print(info);
    }));
    Ok(())
}
