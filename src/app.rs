//! The Elm loop of the TUI: one `Model`, one `Msg`, a pure `update`, a pure
//! `view`, and effects as `Cmd`s run by the `executor`. Screens live in
//! `screens/`, overlays in `overlays/`; `docs/architecture.md` draws the map.

pub mod burst;
pub mod cmd;
pub mod command;
pub mod ctx;
pub mod executor;
pub mod export;
pub mod find;
pub mod keymap;
pub mod layout;
pub mod list;
pub mod model;
pub mod msg;
pub mod overlays;
pub mod runtime;
pub mod screens;
pub mod settings;
pub mod state;
pub mod tab;
pub mod target;
pub mod terminal;
pub mod tty;
pub mod update;
pub mod view;
pub mod views;

pub use cmd::Cmd;
pub use model::Model;
pub use msg::{Msg, Reply};
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
    /// The wall clock pinned ("YYYY-MM-DD HH:mm:ss"; the demo's
    /// `BOXOFFICE_DEMO_NOW`): what "today" is for the app as for the sandbox.
    pub pinned_now: Option<String>,
    /// This desk's name in the desk log (`--desk`, default the host name).
    pub desk: String,
    /// Open straight into the check-in of this event or edition (id or
    /// hash): `boxoffice checkin <id|hash>`.
    pub checkin: Option<String>,
    /// `boxoffice door watch <id>`: the door at a glance of this event or
    /// edition alone; leaving it quits.
    pub door: Option<u64>,
    /// `boxoffice checkin` without `--admin`: the desk is all there is, and
    /// leaving it quits (it never falls back into the full app).
    pub desk_only: bool,
    /// Ring the terminal bell on a bad scan (`--no-bell`, config `bell`).
    pub bell: bool,
    /// The theme and keys of config.toml (`settings::from_env`).
    pub settings: settings::Settings,
}
