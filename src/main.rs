//! The `boxoffice` binary: parses the command line and runs a headless
//! command. The TUI and the sandbox are wired in by their own modules.

use std::process::ExitCode;

use boxoffice::cli::{Cli, Command};
use boxoffice::commands;
use clap::Parser;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => {
            // The TUI (with or without --demo) is wired here by the team lead.
            eprintln!("boxoffice: the TUI is not available yet in this build");
            ExitCode::FAILURE
        }
        Some(Command::Sandbox(_)) => {
            eprintln!("boxoffice: the sandbox is not available yet in this build");
            ExitCode::FAILURE
        }
        Some(command) => commands::run(&cli.global, cli.readonly, command).await,
    }
}
