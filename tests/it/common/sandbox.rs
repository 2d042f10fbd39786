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

/// An edition of the demo business that has ended at `now` (UTC) by the
/// app's rule, in its own time zone: one whose last day is `now`'s date
/// when there is one ("a session of today that is over"), else any.
pub async fn ended_edition(client: &Client, now: &str) -> u64 {
    use boxoffice::api::ended;
    let events = client.events(1, 100).await.unwrap().items;
    let mut any = None;
    for event in events {
        for ed in client.editions(event.id).await.unwrap().items {
            if ended::of_edition(&ed).ended(now).is_none() {
                continue;
            }
            if ed.end_date.as_deref() == now.get(..10) {
                return ed.id;
            }
            any.get_or_insert(ed.id);
        }
    }
    any.expect("an edition that has ended")
}
