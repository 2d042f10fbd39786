//! The `boxoffice` binary: parses the command line, then runs the TUI (against
//! the configured business or the embedded demo sandbox), the sandbox alone, or
//! a headless command.

use std::process::ExitCode;

use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::app::{self, AppOptions};
use boxoffice::cli::{Cli, Command, GlobalArgs, SandboxArgs};
use boxoffice::commands;
use boxoffice::sandbox::{self, Faults, SandboxConfig};
use clap::Parser;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
    runtime.block_on(async {
        match cli.command {
            None if cli.demo => run_demo(cli.readonly).await,
            None => run_tui(&cli.global, cli.readonly).await,
            Some(Command::Sandbox(args)) => run_sandbox(&args).await,
            Some(command) => commands::run(&cli.global, cli.readonly, command).await,
        }
    })
}

/// The TUI against the business of the config / environment.
async fn run_tui(global: &GlobalArgs, readonly: bool) -> ExitCode {
    let client = match commands::connect(global).await {
        Ok(client) => client,
        Err(failure) => {
            eprintln!("boxoffice: {failure}");
            return ExitCode::from(failure.exit_code());
        }
    };
    let business = client.host().to_owned();
    finish(
        app::run(
            client,
            AppOptions {
                business,
                readonly,
                pinned_now: None,
                desk: boxoffice::config::host_name(),
                checkin: None,
                bell: true,
            },
            app::executor::Local::default(),
        )
        .await,
    )
}

/// The TUI against an in-process sandbox on a free loopback port.
/// `BOXOFFICE_DEMO_NOW` ("YYYY-MM-DD HH:mm:ss") pins the demo's clock, so
/// training material and tests see the same business whatever the date.
async fn run_demo(readonly: bool) -> ExitCode {
    let pinned_now = std::env::var("BOXOFFICE_DEMO_NOW").ok();
    let config = SandboxConfig {
        now: pinned_now.clone(),
        ..SandboxConfig::default()
    };
    let sandbox = match sandbox::spawn(config).await {
        Ok(sandbox) => sandbox,
        Err(e) => {
            eprintln!("boxoffice: cannot start the demo sandbox: {e}");
            return ExitCode::FAILURE;
        }
    };
    let config = ClientConfig::new(sandbox.base_url(), ApiKey::new(sandbox.api_key()));
    let client = match Client::new(config) {
        Ok(client) => client,
        Err(e) => {
            eprintln!("boxoffice: {e}");
            return ExitCode::FAILURE;
        }
    };
    let options = AppOptions {
        business: "Demo business (sandbox)".into(),
        readonly,
        pinned_now,
        desk: boxoffice::config::host_name(),
        checkin: None,
        bell: true,
    };
    let outcome = app::run(client, options, app::executor::Local::default()).await;
    sandbox.shutdown().await;
    finish(outcome)
}

fn finish(outcome: color_eyre::Result<()>) -> ExitCode {
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
        },
    };
    match sandbox::run_cli(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("boxoffice: sandbox: {e}");
            ExitCode::FAILURE
        }
    }
}
