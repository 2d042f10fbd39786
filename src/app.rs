//! Placeholder for the TUI, replaced wholesale by the `tui` branch: it keeps
//! `main.rs` wired to the final entry point while the screens are built.

use crate::api::Client;

/// How the TUI is started.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    /// Label of the business for the status bar.
    pub business: String,
    /// Desk mode: look-ups only, enroll and revoke refused.
    pub readonly: bool,
}

/// Runs the TUI until the user quits.
#[allow(clippy::unused_async)]
pub async fn run(_client: Client, _options: AppOptions) -> color_eyre::Result<()> {
    Err(color_eyre::eyre::eyre!(
        "the TUI is not available in this build"
    ))
}
