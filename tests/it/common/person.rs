//! A person at the keyboard of the pure `update`: a key [`HUMAN`] after
//! the last, and a key that waits for a scanner burst's gap answered by the
//! tick after it. Shared by `tests/it/tui` and the loader bench (by `#[path]`),
//! so both drive the model at the pace the runtime would see.

use std::time::Duration;

use boxoffice::app::{Cmd, Model, Msg, update};
use crossterm::event::KeyEvent;

/// A person's pace between keys: well past a scanner's burst gap.
pub const HUMAN: Duration = Duration::from_millis(150);

/// A key pressed by a person ([`HUMAN`] after the last). A key that waits
/// for a burst's gap (an answer to a question, quit, Enter on a list) is
/// answered by the tick after it, as the runtime's wake would.
pub fn key(m: &mut Model, key: KeyEvent) -> Vec<Cmd> {
    m.now += HUMAN;
    let mut cmds = update(m, Msg::Key(key));
    if m.gate.holding() {
        cmds.retain(|c| !matches!(c, Cmd::Wake { .. }));
        m.now += HUMAN;
        // The key's own answer: the tick's redraw is the runtime's business.
        let answered = update(m, Msg::Tick(m.now));
        cmds.extend(answered.into_iter().filter(|c| *c != Cmd::Redraw));
    }
    cmds
}
