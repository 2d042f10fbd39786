//! The real sandbox, started in-process on a free loopback port.

use std::net::{Ipv4Addr, SocketAddr};

use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::sandbox::{self, SandboxConfig, SandboxHandle};

/// The default sandbox (seed 1, small data) on `127.0.0.1:0` with its clock
/// pinned at `now` (`YYYY-MM-DD HH:mm:ss`), so dates, "ended" and "first
/// available edition" do not drift with the day the tests run.
pub fn pinned(now: &str) -> SandboxConfig {
    SandboxConfig {
        listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
        now: Some(now.to_owned()),
        ..SandboxConfig::default()
    }
}

/// Starts a sandbox; it serves until the handle is dropped or shut down.
pub async fn start(config: SandboxConfig) -> SandboxHandle {
    assert!(
        config.listen.ip().is_loopback(),
        "tests listen on loopback only"
    );
    sandbox::spawn(config).await.unwrap()
}

/// A pinned sandbox (see [`pinned`]) and the real client, holding its key.
pub async fn pinned_with_client(now: &str) -> (SandboxHandle, Client) {
    let sb = start(pinned(now)).await;
    let client = Client::new(ClientConfig::new(sb.base_url(), ApiKey::new(sb.api_key())))
        .expect("a client of the sandbox");
    (sb, client)
}
