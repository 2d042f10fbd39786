//! What the headless door commands (`admit`, `lane`, `door`) stand on:
//! the API they run against (the demo sandbox or the business), the door
//! they are given (`door::Finding`), the desk log and the lists kept on
//! this machine.

use std::process::{ExitCode, Termination};

use super::Failure;
use super::connect;
use crate::api::{ApiKey, Client, ClientConfig};
use crate::cli::GlobalArgs;
use crate::door::{EditionInfo, EventFacts, Finding, Need, Opened, Target};
use crate::sandbox::{self, SandboxConfig};
use crate::store::paths;
use crate::store::{DeskLog, LaneLog, LaneUse, SqliteDeskLog, SqliteTicketCache};

/// What a headless door command runs against: the demo sandbox (started
/// here, with `demo`) or the configured business; its name; the demo's
/// pinned clock.
pub(super) struct Served {
    pub sandbox: Option<sandbox::SandboxHandle>,
    pub client: Result<Client, Failure>,
    pub business: String,
    pub pinned: Option<String>,
}

impl Served {
    /// Starts what serves a command (the demo sandbox with `demo`), runs
    /// `body` on its client, business and pinned clock, stops the sandbox
    /// whatever `body` answered, and says the exit code: `body`'s, or its
    /// failure's (a client that could not be made is one).
    pub async fn run<T: Termination>(
        global: &GlobalArgs,
        demo: bool,
        body: impl AsyncFnOnce(Client, String, Option<String>) -> Result<T, Failure>,
    ) -> ExitCode {
        let Self {
            sandbox,
            client,
            business,
            pinned,
        } = match Self::start(global, demo).await {
            Ok(s) => s,
            Err(e) => return fail(global, &e),
        };
        let outcome = match client {
            Ok(client) => body(client, business, pinned).await,
            Err(e) => Err(e),
        };
        stop(sandbox).await;
        match outcome {
            Ok(done) => done.report(),
            Err(e) => fail(global, &e),
        }
    }

    pub async fn start(global: &GlobalArgs, demo: bool) -> Result<Self, Failure> {
        let pinned = demo
            .then(|| std::env::var("BOXOFFICE_DEMO_NOW").ok())
            .flatten();
        let sandbox = if demo {
            let config = SandboxConfig {
                now: pinned.clone(),
                ..SandboxConfig::default()
            };
            Some(sandbox::spawn(config).await.map_err(|e| {
                Failure::Other(
                    crate::i18n::Said::new("failure-demo-sandbox")
                        .arg("error", e)
                        .into(),
                )
            })?)
        } else {
            None
        };
        let client = match &sandbox {
            Some(s) => Client::new(ClientConfig::new(s.base_url(), ApiKey::new(s.api_key())))
                .map_err(|error| Failure::Api { error, hint: None }),
            None => connect(global).await,
        };
        let business = if demo {
            super::cache::DEMO.to_owned()
        } else {
            client
                .as_ref()
                .map(|c| c.host().to_owned())
                .unwrap_or_default()
        };
        Ok(Self {
            sandbox,
            client,
            business,
            pinned,
        })
    }
}

/// Stops the demo sandbox, if one was started.
async fn stop(sandbox: Option<sandbox::SandboxHandle>) {
    if let Some(s) = sandbox {
        s.shutdown().await;
    }
}

pub(super) fn fail(global: &GlobalArgs, e: &Failure) -> ExitCode {
    eprintln!("boxoffice: {}", e.line(super::words(global)));
    ExitCode::from(e.exit_code())
}

/// The door asked for (`door::Finding`): for a main event the edition
/// running today (else the next), as the desk picks it; an edition's id
/// is that edition, knowing its main event's other editions.
pub(super) async fn find_door(client: &Client, asked: &str, wall: &str) -> Result<Target, Failure> {
    let mut finding = Finding::new(asked);
    loop {
        if let Some(opened) = finding.opened(wall) {
            return match opened {
                Opened::Door(target, _) => Ok(target),
                Opened::NoneToday(title) => Err(Failure::Usage(
                    crate::i18n::Tongue::english().none_today(&title).into(),
                )),
                Opened::Choose { title, options, .. } => Err(Failure::Usage(
                    format!(
                        "several editions of {title} run today ({}): give --event the edition's id",
                        options
                            .iter()
                            .map(|e| format!("{} {}", e.id, e.name))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                    .into(),
                )),
            };
        }
        for need in finding.needs() {
            match need {
                Need::Event(id) => {
                    let (event, raw) = client.event(&id).await?;
                    finding.event_read(EventFacts::of(&event, &raw));
                }
                Need::Editions(of) => {
                    let page = client.editions(of).await?;
                    finding.editions_read(of, page.items.iter().map(EditionInfo::of).collect());
                }
            }
        }
    }
}

/// The lists this machine keeps for the business's events, if any, under
/// the cache directory `env` names (read only: `admit` never makes one).
pub(super) fn open_cache(
    env: &dyn Fn(&str) -> Option<String>,
    business: &str,
) -> Option<SqliteTicketCache> {
    let dir = paths::cache_dir(env, business)?;
    dir.join(SqliteTicketCache::FILE)
        .exists()
        .then(|| SqliteTicketCache::open(&dir).ok())
        .flatten()
}

/// The desk log: this machine's file, wrapped in a lane of the shared log
/// when `--desk-db` / `desk_db` is set (as the TUI's desk; the demo's takes
/// `--desk-db` only, never a profile's), opened for `use_`: `lane` and
/// `admit` hold one connection and no listener, a read command never sends
/// a queue.
pub(super) async fn open_log(
    global: &GlobalArgs,
    business: &str,
    demo: bool,
    use_: LaneUse,
) -> Result<Box<dyn DeskLog>, Failure> {
    open_log_in(&|k| std::env::var(k).ok(), global, business, demo, use_).await
}

/// `open_log` in the state directory `env` names.
pub(super) async fn open_log_in(
    env: &(dyn Fn(&str) -> Option<String> + Send + Sync),
    global: &GlobalArgs,
    business: &str,
    demo: bool,
    use_: LaneUse,
) -> Result<Box<dyn DeskLog>, Failure> {
    let dir = paths::state_dir(env, business)
        .ok_or_else(|| Failure::Config(crate::i18n::Said::new("failure-no-state-dir").into()))?;
    let shared = if demo {
        super::desk_db::given(global)?
    } else {
        super::desk_db::configured(global)?
    }
    .map(|(db, _)| db);
    let lane = global.desk.clone().unwrap_or_else(crate::config::host_name);
    let business = business.to_owned();
    crate::blocking::run(move || {
        let local = SqliteDeskLog::open(&dir).map_err(|e| Failure::Other(e.to_string().into()))?;
        Ok(match shared {
            Some(db) => {
                Box::new(LaneLog::open_as(&db, &business, &lane, local, use_)) as Box<dyn DeskLog>
            }
            None => Box::new(local),
        })
    })
    .await
    .unwrap_or_else(|e| Err(Failure::desk_log_failed("", e)))
}

/// Runs `f` on the desk log on the blocking pool (a lane's calls wait on
/// the runtime); gives the log back. A failure is said after `what`.
pub(super) async fn blocking<T: Send + 'static>(
    mut log: Box<dyn DeskLog>,
    what: &'static str,
    f: impl FnOnce(&mut dyn DeskLog) -> Result<T, crate::store::StoreError> + Send + 'static,
) -> Result<(Box<dyn DeskLog>, T), Failure> {
    crate::blocking::run(move || {
        let r = f(log.as_mut());
        (log, r)
    })
    .await
    .map_err(|e| Failure::desk_log_failed(what, e))
    .and_then(|(log, r)| r.map(|t| (log, t)).map_err(|e| Failure::desk_log(what, e)))
}
