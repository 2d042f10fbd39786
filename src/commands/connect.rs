//! Which business a headless command talks to, and its client: flags,
//! environment and the config file (docs/configuration.md).

use std::time::Duration;

use crate::api::{Client, ClientConfig};
use crate::cli::GlobalArgs;

use super::Failure;

/// Which business a headless command talks to.
#[derive(Debug, Clone)]
pub enum Business {
    /// The one of the flags, the environment and the config file.
    Configured,
    /// The embedded demo sandbox (`--demo`): this client, already on it.
    /// Its audit log is the demo's, whatever port the sandbox took.
    Demo(Box<Client>),
}

/// The client for `base_url` and `api_key` with the request options of
/// `global` (`--concurrency`, else the profile's; `--timeout`).
pub fn client_for(
    global: &GlobalArgs,
    base_url: String,
    api_key: crate::api::ApiKey,
    concurrency: Option<usize>,
) -> Result<Client, Failure> {
    client_with(global, base_url, api_key, concurrency, None)
}

/// [`client_for`], with the profile's `concurrency_max` too.
pub fn client_with(
    global: &GlobalArgs,
    base_url: String,
    api_key: crate::api::ApiKey,
    concurrency: Option<usize>,
    concurrency_max: Option<usize>,
) -> Result<Client, Failure> {
    let mut client_config = ClientConfig::new(base_url, api_key);
    if let Some(n) = global.concurrency.or(concurrency) {
        client_config.concurrency = n;
    }
    if let Some(n) = concurrency_max {
        client_config.concurrency_max = n;
    }
    if let Some(secs) = global.timeout {
        client_config.timeout = Duration::from_secs(secs);
        client_config.connect_timeout = client_config.connect_timeout.min(client_config.timeout);
    }
    // A refused base URL (plain http to a remote host, …) is a config problem.
    Client::new(client_config).map_err(|e| Failure::Config(e.to_string().into()))
}

/// Resolves the connection (flags, environment, config file) and builds the
/// client.
pub async fn connect(global: &GlobalArgs) -> Result<Client, Failure> {
    connect_with_profile(global).await.map(|(client, _)| client)
}

/// What the profile in use says beyond the connection, for the TUI.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ProfileSettings {
    /// `bell = true|false`, if the profile says.
    pub bell: Option<bool>,
}

/// [`connect`], and the profile's settings for the TUI.
pub async fn connect_with_profile(
    global: &GlobalArgs,
) -> Result<(Client, ProfileSettings), Failure> {
    let args = global.connection();
    // The key may come from a command (a password manager): run it off the runtime.
    let connection = crate::blocking::run(move || {
        let env = |k: &str| std::env::var(k).ok();
        let path = crate::config::default_config_path(&env);
        crate::config::resolve(&args, &env, path.as_deref())
    })
    .await
    .map_err(|e| {
        Failure::Other(
            crate::i18n::Said::new("failure-config-read-failed")
                .arg("error", e)
                .into(),
        )
    })??;
    let settings = ProfileSettings {
        bell: connection.bell,
    };
    let client = client_with(
        global,
        connection.base_url,
        connection.api_key,
        connection.concurrency,
        connection.concurrency_max,
    )?;
    Ok((client, settings))
}
