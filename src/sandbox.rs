//! The embedded sandbox: a real HTTP server of the Storefront Public API over an
//! in-memory, seeded demo business (docs/sandbox.md). Used by `--demo`, by
//! `boxoffice sandbox`, by tests and by benchmarks. It keeps its own records and
//! writes the spec's JSON itself; it knows no client.

mod clock;
mod enroll;
mod faults;
mod import;
mod json;
mod openapi;
mod operations;
mod pseudonym;
mod respond;
mod rng;
mod router;
mod seed;
mod store;
mod wire;

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub use respond::Served;
pub use seed::STADIUM_EVENT;

/// The key the sandbox accepts unless told otherwise.
pub const DEMO_API_KEY: &str = "sandbox-demo-key";

/// How much demo data to seed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Scale {
    /// ~12 events, a few hundred tickets, ~300 customers.
    #[default]
    Small,
    /// The small data plus one event with 100,000 tickets and 100,000 customers.
    Large,
}

impl FromStr for Scale {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "small" => Ok(Self::Small),
            "large" => Ok(Self::Large),
            other => Err(format!("unknown scale {other:?} (expected small or large)")),
        }
    }
}

/// Misbehaviour to inject; all off by default. Rates are probabilities in [0, 1].
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Faults {
    /// Added before every answer.
    pub latency_ms: u64,
    /// Uniform extra delay in `0..=jitter_ms`.
    pub jitter_ms: u64,
    /// Share of requests answered 500 or 503.
    pub fail_rate: f64,
    /// Requests allowed per one-second window; more get 429 + `Retry-After: 1`.
    pub rate_limit: Option<u32>,
    /// Share of requests answered 200 with truncated JSON or an HTML page.
    pub malformed_rate: f64,
    /// Share of requests whose connection is dropped without a complete answer.
    pub reset_rate: f64,
    /// Faults begin with the first write (a request that is not a GET):
    /// reads before it are answered as asked. A test's "the write's answer
    /// and every read after it are lost", with the read before sending
    /// (docs/safety.md) answered.
    pub from_first_write: bool,
}

/// How to start a sandbox.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    pub listen: SocketAddr,
    pub api_key: String,
    pub seed: u64,
    pub scale: Scale,
    /// `YYYY-MM-DD HH:mm:ss` (UTC); `None` follows the system clock. Pinned, it
    /// also stamps every write, so data and snapshots are stable.
    pub now: Option<String>,
    pub faults: Faults,
    /// Serve the records of this export (`boxoffice export`) instead of the
    /// demo business (`seed` and `scale` then unused for data).
    pub from: Option<PathBuf>,
    /// With `from`: replace every customer's personal data by a made-up
    /// person, the same for one customer everywhere (keyed by `seed`).
    pub pseudonymise: bool,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            api_key: DEMO_API_KEY.to_owned(),
            seed: 1,
            scale: Scale::Small,
            now: None,
            faults: Faults::default(),
            from: None,
            pseudonymise: false,
        }
    }
}

/// A running sandbox. Dropping it stops the server too.
#[derive(Debug)]
pub struct SandboxHandle {
    base_url: String,
    addr: SocketAddr,
    api_key: String,
    shared: Arc<respond::Shared>,
    stop: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

impl SandboxHandle {
    /// `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn api_key(&self) -> &str {
        &self.api_key
    }

    /// Changes the injected faults from the next request on.
    pub fn set_faults(&self, faults: Faults) {
        self.shared
            .faults
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .set(faults);
    }

    /// Every request it was sent so far (but the OpenAPI document's), in
    /// order, with the fault it met: how many writes reached it, and which
    /// were answered.
    pub fn requests(&self) -> Vec<Served> {
        self.shared
            .seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The most requests it was answering at once since the last call (its
    /// answers' latency included), and starts counting again.
    pub fn take_busy_peak(&self) -> usize {
        self.shared
            .busy
            .peak
            .swap(0, std::sync::atomic::Ordering::SeqCst)
    }

    /// "12 events, 714 tickets, 300 customers": what it serves.
    pub fn counts(&self) -> String {
        let store = self
            .shared
            .store
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        format!(
            "{} events, {} tickets, {} customers",
            store.events.len(),
            store.tickets.len(),
            store.customers.len()
        )
    }

    /// Stops accepting, lets requests in flight finish, and waits for the server.
    pub async fn shutdown(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
    }
}

/// Seeds the store, binds `config.listen` and serves in a background task.
pub async fn spawn(config: SandboxConfig) -> std::io::Result<SandboxHandle> {
    let clock = clock::Clock::new(config.now.as_deref())?;
    let (seed_value, scale, now) = (config.seed, config.scale, clock.now());
    let (from, pseudonymise) = (config.from.clone(), config.pseudonymise);
    let store = crate::blocking::run(move || match from {
        Some(path) => {
            let mut store = import::load(&path, now)?;
            if pseudonymise {
                pseudonym::apply(&mut store, seed_value);
            }
            Ok::<_, std::io::Error>(store)
        }
        None => Ok(seed::build(seed_value, scale, now)),
    })
    .await
    .map_err(|e| std::io::Error::other(e.to_string()))??;
    let shared = Arc::new(respond::Shared {
        store: Mutex::new(store),
        faults: Mutex::new(faults::FaultState::new(config.faults, config.seed)),
        clock,
        api_key: config.api_key.clone(),
        seen: Mutex::new(Vec::new()),
        busy: respond::Busy::default(),
    });
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    let addr = listener.local_addr()?;
    let shown = if addr.ip().is_unspecified() {
        SocketAddr::from((Ipv4Addr::LOCALHOST, addr.port()))
    } else {
        addr
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let server = axum::serve(listener, router::router(Arc::clone(&shared))).with_graceful_shutdown(
        async move {
            // A send or a dropped handle both end the server.
            let _ = stopped.await;
        },
    );
    let task = tokio::spawn(async move { server.await });
    Ok(SandboxHandle {
        base_url: format!("http://{shown}"),
        addr,
        api_key: config.api_key,
        shared,
        stop,
        task,
    })
}

/// The sandbox's OpenAPI 3.1 document (what `GET /openapi.json` answers), as
/// pretty JSON.
pub fn openapi_json() -> &'static str {
    openapi::JSON
}

/// `boxoffice sandbox`: serve until Ctrl-C, after printing how to point a client at it.
pub async fn run_cli(config: SandboxConfig) -> std::io::Result<()> {
    let what = match &config.from {
        Some(path) => format!(
            "{}{}",
            path.display(),
            if config.pseudonymise {
                ", pseudonymised"
            } else {
                ""
            }
        ),
        None => format!(
            "demo business (seed {}, scale {:?})",
            config.seed, config.scale
        ),
    };
    let handle = spawn(config).await?;
    println!(
        "boxoffice sandbox: {what} ({}) at {}",
        handle.counts(),
        handle.base_url()
    );
    println!("export BOXOFFICE_BASE_URL={}", handle.base_url());
    println!("export BOXOFFICE_API_KEY={}", handle.api_key());
    println!("Press Ctrl-C to stop.");
    tokio::signal::ctrl_c().await?;
    handle.shutdown().await;
    Ok(())
}
