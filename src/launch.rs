//! What the `boxoffice` binary does: parses the command line, then runs the
//! TUI (against the configured business or the embedded demo sandbox), the
//! sandbox alone, or a headless command. `main.rs` only calls [`main`]; the
//! tests drive the same code through the library.

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::api::{ApiKey, Client, ClientConfig};
use crate::app::executor::Local;
use crate::app::{self, AppOptions};
use crate::cli::{self, Command, GlobalArgs, SandboxArgs};
use crate::commands::{self, Failure, cache, diagnostics};
use crate::sandbox::{self, Faults, SandboxConfig, SandboxHandle};
use crate::store::{
    AuditLog, DeskDb, DeskLog, LaneLog, LaneUse, SqliteAuditLog, SqliteDeskLog, SqliteTicketCache,
    TicketCache, paths,
};

/// The binary's work: parses the command line, sets up the diagnostics log
/// and the async runtime, and runs what was asked; its exit code.
pub fn main() -> ExitCode {
    let cli = cli::parse();
    // The TUI owns the terminal: its log never goes there.
    let tui = matches!(
        cli.command,
        None | Some(Command::Checkin { .. } | Command::Door(cli::DoorCommand::Watch { .. }))
    );
    if let Err(e) = diagnostics::init(cli.log_file.as_deref(), tui) {
        eprintln!("boxoffice: {e}");
        return ExitCode::from(2);
    }
    // Pages are decoded on the blocking pool, one thread per core is all the
    // CPU there is; more threads would only each keep a malloc arena (about
    // 20 MB more with 100,000 tickets loaded, for no speed).
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(cores.max(2))
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("boxoffice: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    // --demo-from: the demo sandbox wearing that export.
    let from = cli.demo_from.clone();
    let demo = cli.demo || from.is_some();
    if from.is_some() && cli.command.as_ref().is_some_and(own_demo) {
        eprintln!(
            "boxoffice: --demo-from opens the TUI, checkin and the read commands on a file; for this command run `boxoffice sandbox --from FILE` and point BOXOFFICE_BASE_URL at it"
        );
        return ExitCode::from(2);
    }
    runtime.block_on(async {
        match cli.command {
            None if demo => run_demo(&cli.global, Tui::app(cli.readonly), from).await,
            None => run_tui(&cli.global, Tui::app(cli.readonly)).await,
            Some(Command::Checkin { event, admin, exit }) if demo => {
                let tui = Tui::desk(cli.readonly, event, admin).exit_lane(exit);
                run_demo(&cli.global, tui, from).await
            }
            Some(Command::Checkin { event, admin, exit }) => {
                let tui = Tui::desk(cli.readonly, event, admin).exit_lane(exit);
                run_tui(&cli.global, tui).await
            }
            Some(Command::Door(cli::DoorCommand::Watch { event })) => {
                let Ok(id) = event.trim().parse::<u64>() else {
                    let t = commands::words(&cli.global);
                    eprintln!(
                        "boxoffice: {}",
                        t.ta("failure-door-watch-id", &[("given", &format!("{event:?}"))])
                    );
                    return ExitCode::from(2);
                };
                // A screen on the wall needs one: without a terminal it
                // says so before touching anything (no terminal codes).
                if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
                    let t = commands::words(&cli.global);
                    eprintln!("boxoffice: {}", t.t("failure-door-watch-terminal"));
                    return ExitCode::from(2);
                }
                let tui = Tui::watch(cli.readonly, id);
                if demo {
                    run_demo(&cli.global, tui, from).await
                } else {
                    run_tui(&cli.global, tui).await
                }
            }
            Some(Command::Admit(args)) => commands::admit::run(&cli.global, cli.demo, &args).await,
            Some(Command::Lane(args)) => commands::lane::run(&cli.global, cli.demo, &args).await,
            Some(Command::Door(command)) => {
                commands::door::run(&cli.global, cli.demo, &command).await
            }
            Some(Command::Note(args)) => commands::door::note(&cli.global, cli.demo, &args).await,
            Some(Command::Audit {
                action: None,
                unsettled,
            }) => exit(
                &cli.global,
                commands::audit::run(&cli.global, cli.demo, unsettled),
            ),
            Some(Command::Cache(command)) => {
                exit(&cli.global, cache::run(&cli.global, cli.demo, command))
            }
            Some(Command::Sandbox(args)) => run_sandbox(&args).await,
            Some(Command::Completions { shell }) => {
                exit(&cli.global, commands::docs::completions(shell))
            }
            Some(Command::Man) => exit(&cli.global, commands::docs::man()),
            Some(Command::Config(command)) => {
                exit(&cli.global, commands::config::run(&cli.global, command))
            }
            Some(Command::DeskDb(command)) => exit(
                &cli.global,
                commands::desk_db::run(&cli.global, command).await,
            ),
            Some(Command::Desk(command)) => exit(
                &cli.global,
                commands::desk_db::desk(&cli.global, cli.demo, command).await,
            ),
            Some(Command::Doctor) if cli.demo => run_demo_doctor(&cli.global).await,
            Some(Command::Doctor) => commands::doctor::run(&cli.global, None).await,
            Some(command) if demo => {
                run_demo_command(&cli.global, cli.readonly, command, from).await
            }
            Some(command) => {
                let business = commands::Business::Configured;
                commands::run(&cli.global, cli.readonly, command, business).await
            }
        }
    })
}

/// The exit of a command that printed its own output: its failure on stderr.
fn exit(global: &cli::GlobalArgs, result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("boxoffice: {}", failure.line(commands::words(global)));
            ExitCode::from(failure.exit_code())
        }
    }
}

/// The commands that start their own demo sandbox (`--demo`), and so do
/// not take `--demo-from`.
fn own_demo(command: &Command) -> bool {
    matches!(
        command,
        Command::Admit(_)
            | Command::Lane(_)
            | Command::Door(_)
            | Command::Note(_)
            | Command::Audit { action: None, .. }
            | Command::Cache(_)
            | Command::Doctor
            | Command::Desk(_)
            | Command::DeskDb(_)
    )
}

/// The embedded demo sandbox, its clock pinned to `now` (else the wall
/// clock), serving the export `from` if given; a failure to start it is
/// told on stderr.
async fn demo_sandbox(
    global: &GlobalArgs,
    now: Option<String>,
    from: Option<PathBuf>,
) -> Option<SandboxHandle> {
    let config = SandboxConfig {
        now,
        from,
        ..SandboxConfig::default()
    };
    match sandbox::spawn(config).await {
        Ok(sandbox) => Some(sandbox),
        Err(e) => {
            let t = commands::words(global);
            eprintln!(
                "boxoffice: {}",
                t.ta("failure-demo-sandbox", &[("error", &e)])
            );
            None
        }
    }
}

/// `boxoffice --demo doctor`: the checks against the embedded sandbox.
async fn run_demo_doctor(global: &GlobalArgs) -> ExitCode {
    let Some(sandbox) = demo_sandbox(global, None, None).await else {
        return ExitCode::FAILURE;
    };
    let demo = commands::doctor::Demo {
        base_url: sandbox.base_url().to_owned(),
        api_key: ApiKey::new(sandbox.api_key()),
    };
    let code = commands::doctor::run(global, Some(demo)).await;
    sandbox.shutdown().await;
    code
}

/// A headless command against the embedded demo sandbox, started for it
/// (its clock pinned by `BOXOFFICE_DEMO_NOW`, as the TUI's demo) and shut
/// down after.
async fn run_demo_command(
    global: &GlobalArgs,
    readonly: bool,
    command: Command,
    from: Option<PathBuf>,
) -> ExitCode {
    let Some(sandbox) = demo_sandbox(global, std::env::var("BOXOFFICE_DEMO_NOW").ok(), from).await
    else {
        return ExitCode::FAILURE;
    };
    let key = ApiKey::new(sandbox.api_key());
    let code = match commands::client_for(global, sandbox.base_url().to_owned(), key, None) {
        Ok(client) => {
            let business = commands::Business::Demo(Box::new(client));
            commands::run(global, readonly, command, business).await
        }
        Err(failure) => exit(global, Err(failure)),
    };
    sandbox.shutdown().await;
    code
}

/// How the TUI is asked for: the whole app, or straight into a desk.
struct Tui {
    readonly: bool,
    /// `boxoffice checkin <id|hash>`: that event's desk on top.
    checkin: Option<String>,
    /// `boxoffice checkin` without `--admin`: leaving the desk quits.
    desk_only: bool,
    /// `boxoffice checkin --exit`: the desk opens as an exit lane.
    exit: bool,
    /// `boxoffice door watch <id>`: the dashboard alone.
    door: Option<u64>,
}

impl Tui {
    /// What its desk log is opened for: `door watch` only reads (it never
    /// sends a queue, nor beats as a lane); the app is a desk.
    fn lane_use(&self) -> LaneUse {
        if self.door.is_some() {
            LaneUse::Reader
        } else {
            LaneUse::Desk
        }
    }

    fn app(readonly: bool) -> Self {
        Self {
            readonly,
            checkin: None,
            desk_only: false,
            exit: false,
            door: None,
        }
    }

    fn watch(readonly: bool, event_id: u64) -> Self {
        Self {
            door: Some(event_id),
            ..Self::app(readonly)
        }
    }

    fn exit_lane(self, exit: bool) -> Self {
        Self { exit, ..self }
    }

    fn desk(readonly: bool, event: String, admin: bool) -> Self {
        Self {
            readonly,
            checkin: Some(event),
            desk_only: !admin,
            exit: false,
            door: None,
        }
    }

    /// config.toml's theme, keys and desk rules: read first, so that a
    /// mistake there stops the TUI before anything connects (exit 2).
    /// The language too: the profile's, else the locale's (`--demo`
    /// alike).
    fn settings(global: &GlobalArgs) -> Result<app::settings::Settings, ExitCode> {
        let mut settings =
            app::settings::from_env(global.theme).map_err(|e| config_error(&e, global))?;
        settings.lang = crate::config::language_of(global.profile.as_deref())
            .map_err(|e| config_error(&e, global))?;
        Ok(settings)
    }

    /// The app's options for `business` (the bell unless `--no-bell` or the
    /// profile says no).
    fn options(
        self,
        global: &GlobalArgs,
        mut settings: app::settings::Settings,
        business: String,
        pinned_now: Option<String>,
        bell: bool,
    ) -> AppOptions {
        settings.desk.exit_lane = self.exit;
        settings.desk.here = crate::zone::here();
        AppOptions {
            business,
            readonly: self.readonly,
            pinned_now,
            desk: desk(global),
            checkin: self.checkin,
            door: self.door,
            desk_only: self.desk_only,
            bell: bell && !global.no_bell,
            settings,
        }
    }
}

/// The TUI against the business of the config / environment.
async fn run_tui(global: &GlobalArgs, tui: Tui) -> ExitCode {
    let settings = match Tui::settings(global) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    let (client, profile) = match commands::connect_with_profile(global).await {
        Ok(connected) => connected,
        Err(failure) => return exit(global, Err(failure)),
    };
    let business = client.host().to_owned();
    // Links from the business's own host are read as ticket codes.
    let mut settings = settings;
    settings.desk.scan.trust(&business);
    // A door's shared desk log: a wrong address stops here, not at the
    // first scan.
    let desk_db = match commands::desk_db::configured(global) {
        Ok(found) => found.map(|(db, _)| db),
        Err(failure) => return exit(global, Err(failure)),
    };
    let local = local_stores(global, &business, desk_db, tui.lane_use()).await;
    let bell = profile.bell != Some(false);
    let options = tui.options(global, settings, business, None, bell);
    finish(app::run(client, options, local).await)
}

/// The TUI against an in-process sandbox on a free loopback port.
/// `BOXOFFICE_DEMO_NOW` ("YYYY-MM-DD HH:mm:ss") pins the demo's clock, so
/// training material and tests see the same business whatever the date.
async fn run_demo(global: &GlobalArgs, tui: Tui, from: Option<PathBuf>) -> ExitCode {
    let settings = match Tui::settings(global) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    let pinned_now = std::env::var("BOXOFFICE_DEMO_NOW").ok();
    // A worn business keeps its own desk log and offline lists, apart from
    // the demo's and from another file's.
    let (business, local_name) = match &from {
        Some(path) => {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let safe: String = stem
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' {
                        c
                    } else {
                        '-'
                    }
                })
                .collect();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            (
                format!("{name} (sandbox)"),
                format!("{}-from-{safe}", cache::DEMO),
            )
        }
        None => ("Demo business (sandbox)".to_owned(), cache::DEMO.to_owned()),
    };
    let Some(sandbox) = demo_sandbox(global, pinned_now.clone(), from).await else {
        return ExitCode::FAILURE;
    };
    let config = ClientConfig::new(sandbox.base_url(), ApiKey::new(sandbox.api_key()));
    let client = match Client::new(config) {
        Ok(client) => client,
        Err(e) => {
            eprintln!("boxoffice: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut settings = settings;
    settings.desk.scan.trust(client.host());
    let lane_use = tui.lane_use();
    let options = tui.options(global, settings, business, pinned_now, true);
    // Under "demo", not the sandbox's host and port: its port changes at
    // every start, its desk log and offline lists should not. A door's
    // shared log only when given for this run (`--desk-db`: try several
    // lanes with the demo), never a profile's.
    let desk_db = match commands::desk_db::given(global) {
        Ok(given) => given.map(|(db, _)| db),
        Err(failure) => return exit(global, Err(failure)),
    };
    let local = local_stores(global, &local_name, desk_db, lane_use).await;
    let outcome = app::run(client, options, local).await;
    sandbox.shutdown().await;
    finish(outcome)
}

/// config.toml's theme or keys cannot be used: exit 2, like other
/// configuration errors.
fn config_error(e: &crate::config::ConfigError, global: &GlobalArgs) -> ExitCode {
    eprintln!("boxoffice: {}", e.line(commands::words(global)));
    ExitCode::from(2)
}

/// `--desk`, else the host name.
fn desk(global: &GlobalArgs) -> String {
    global.desk.clone().unwrap_or_else(crate::config::host_name)
}

/// The desk log and (unless `--no-cache`) the offline lists of `business`.
/// One that cannot be opened is left out, silently: the terminal belongs to
/// the TUI, and the screens say "no desk log". With `desk_db`, the desk log
/// is a lane of the door's shared log, this machine's file its fallback.
async fn local_stores(
    global: &GlobalArgs,
    business: &str,
    desk_db: Option<DeskDb>,
    use_: LaneUse,
) -> Local {
    let business = business.to_owned();
    let no_cache = global.no_cache;
    let desk_name = desk(global);
    crate::blocking::run(move || {
        let env = |k: &str| std::env::var(k).ok();
        let desk = paths::state_dir(&env, &business)
            .and_then(|dir| SqliteDeskLog::open(&dir).ok())
            .map(|log| match &desk_db {
                Some(db) => Box::new(LaneLog::open_as(db, &business, &desk_name, log, use_))
                    as Box<dyn DeskLog>,
                None => Box::new(log) as Box<dyn DeskLog>,
            });
        let cache = paths::cache_dir(&env, &business)
            .filter(|_| !no_cache)
            .and_then(|dir| SqliteTicketCache::open(&dir).ok())
            .map(|cache| Box::new(cache) as Box<dyn TicketCache>);
        let audit = paths::state_dir(&env, &business)
            .and_then(|dir| SqliteAuditLog::open(&dir).ok())
            .map(|log| Box::new(log) as Box<dyn AuditLog>);
        let views = paths::state_dir(&env, &business).map(|dir| dir.join("filters.json"));
        Local::new(desk, cache)
            .with_audit(audit, &desk_name)
            .with_views(views)
    })
    .await
    .unwrap_or_default()
}

fn finish(outcome: eyre::Result<()>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(report) => {
            eprintln!("boxoffice: {report:?}");
            ExitCode::FAILURE
        }
    }
}

/// `boxoffice sandbox`: serve until Ctrl-C.
async fn run_sandbox(args: &SandboxArgs) -> ExitCode {
    if args.openapi {
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        return match out
            .write_all(sandbox::openapi_json().as_bytes())
            .and_then(|()| out.flush())
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("boxoffice: cannot write the document: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let defaults = SandboxConfig::default();
    let config = SandboxConfig {
        listen: args.listen,
        api_key: args.api_key.clone().unwrap_or(defaults.api_key),
        seed: args.seed,
        scale: args.scale,
        now: None,
        faults: Faults {
            latency_ms: args.latency,
            jitter_ms: args.jitter,
            fail_rate: args.fail_rate,
            rate_limit: args.rate_limit,
            malformed_rate: args.malformed_rate,
            reset_rate: args.reset_rate,
            from_first_write: false,
        },
        from: args.from.clone(),
        pseudonymise: args.pseudonymise,
    };
    match sandbox::run_cli(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("boxoffice: sandbox: {e}");
            ExitCode::FAILURE
        }
    }
}
