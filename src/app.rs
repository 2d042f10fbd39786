//! The Elm loop of the TUI: one `Model`, one `Msg`, a pure `update`, a pure
//! `view`, and effects as `Cmd`s run by the executor in `runtime`.

pub mod cmd;
pub mod keymap;
pub mod model;
pub mod msg;
pub mod runtime;
pub mod screens;
pub mod terminal;
pub mod update;
pub mod view;

pub use cmd::Cmd;
pub use model::Model;
pub use msg::Msg;
pub use runtime::run;
pub use update::{start, update};
pub use view::view;

/// How the TUI is started.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AppOptions {
    /// The business's name, for the status bar.
    pub business: String,
    /// Desk mode: enroll and revoke are hidden and refused.
    pub readonly: bool,
}
