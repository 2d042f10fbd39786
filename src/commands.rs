//! The headless commands (README.md#headless-commands, docs/headless.md):
//! the same client and config as the TUI, data on stdout, one line per error
//! on stderr. This file is the dispatch: each command in one arm, its work in
//! its own file; why a command fails and its exit code are
//! `commands/failure.rs`'s.

pub mod admit;
pub mod audit;
pub mod cache;
pub mod columns;
pub mod config;
mod connect;
mod ctrl_c;
pub mod desk_db;
pub mod diagnostics;
pub mod docs;
pub mod doctor;
pub mod door;
pub mod door_stats;
mod enroll;
mod enroll_many;
mod export;
mod failure;
pub mod lane;
pub mod lookup;
pub mod output;
mod print;
mod revoke;
mod served;
mod tickets;

use std::process::ExitCode;

use crate::api::paths::PAGE_SIZE;
use crate::cli::{self, Command, GlobalArgs};
use crate::rows::ListQuery;

pub use connect::{Business, ProfileSettings, client_for, connect, connect_with_profile};
pub use ctrl_c::CtrlC;
pub use failure::Failure;
pub(crate) use print::{default_format, warn_skipped, written};

/// Runs one headless command and returns the process exit code. Errors are
/// printed on stderr as `boxoffice: <error>`.
pub async fn run(
    global: &GlobalArgs,
    readonly: bool,
    command: Command,
    business: Business,
) -> ExitCode {
    match execute(global, readonly, command, business).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("boxoffice: {}", failure.line(words(global)));
            ExitCode::from(failure.exit_code())
        }
    }
}

/// The words a person reads on stderr: the staff's language (the
/// profile's, else the locale's), or English where a script asked for
/// machine output (`--format json`, `csv`, `raw`): its errors stay the same
/// bytes whatever the locale.
pub fn words(global: &GlobalArgs) -> &'static crate::i18n::Tongue {
    if matches!(
        global.format,
        Some(cli::Format::Json | cli::Format::Raw | cli::Format::Csv)
    ) {
        return crate::i18n::Tongue::english();
    }
    crate::config::language_of(global.profile.as_deref())
        .unwrap_or_default()
        .tongue()
}

/// A list, read through the one table of lists (`ListQuery::read`) and
/// printed as `how` says.
async fn listed<'a>(
    client: &'a crate::api::Client,
    query: ListQuery,
    how: print::Listing<'a>,
) -> Result<(), Failure> {
    match query.read(client, PAGE_SIZE, how) {
        Some(printed) => printed.await,
        None => Err(Failure::Other("not a list of the API".into())),
    }
}

async fn execute(
    global: &GlobalArgs,
    readonly: bool,
    command: Command,
    business: Business,
) -> Result<(), Failure> {
    if readonly && command.writes() {
        return Err(Failure::Usage(
            crate::i18n::Said::new("failure-readonly").into(),
        ));
    }
    // `main` runs these itself: the sandbox, the TUI's check-in, and
    // those that need no connection or make their own.
    if matches!(
        command,
        Command::Sandbox(_)
            | Command::Checkin { .. }
            | Command::Admit(_)
            | Command::Lane(_)
            | Command::Door(_)
            | Command::Note(_)
            | Command::Cache(_)
            | Command::Audit { action: None, .. }
            | Command::Doctor
            | Command::Config(_)
            | Command::DeskDb(_)
            | Command::Desk(_)
            | Command::Completions { .. }
            | Command::Man
    ) {
        return Err(not_headless(&command));
    }
    let (client, audited_as) = match business {
        Business::Configured => {
            let client = connect(global).await?;
            let host = client.host().to_owned();
            (client, host)
        }
        Business::Demo(client) => (*client, cache::DEMO.to_owned()),
    };
    let format = global.format.unwrap_or_else(default_format);
    let concurrency = client.config().concurrency;
    let how = |all| print::Listing {
        format,
        all,
        concurrency: client.config().pages(),
        keep: None,
        extra: &[],
        words: words(global),
    };
    let listed = |query, how| listed(&client, query, how);
    match command {
        Command::Events(l) => listed(ListQuery::Events, how(l.all)).await,
        // One answer holds every edition.
        Command::Editions { event } => {
            listed(ListQuery::Editions { event_id: event }, how(false)).await
        }
        Command::Tickets {
            event,
            list: l,
            status,
            admitted,
        } => {
            let shared = if admitted {
                desk_db::configured(global)?.map(|(db, _)| db)
            } else {
                None
            };
            let mut shape = tickets::Shape::new(
                &status,
                admitted,
                &audited_as,
                (shared.as_ref(), words(global)),
            )?;
            let extra = if shape.adds_admitted() {
                columns::ADMITTED
            } else {
                &[]
            };
            let keep = &mut |r: &mut serde_json::Value| shape.keep(event, r);
            let how = print::Listing {
                keep: Some(keep),
                extra,
                ..how(l.all)
            };
            listed(ListQuery::Tickets { event_id: event }, how).await
        }
        Command::Customers(l) => listed(ListQuery::Customers, how(l.all)).await,
        Command::Orders(l) => listed(ListQuery::Orders, how(l.all)).await,
        Command::Products(l) => listed(ListQuery::Products, how(l.all)).await,
        Command::Courses(l) => listed(ListQuery::Courses, how(l.all)).await,
        Command::Enrollments { course, list: l } => {
            listed(
                ListQuery::CourseEnrollments { course_id: course },
                how(l.all),
            )
            .await
        }
        Command::Event { event } => {
            let (event, raw) = client.event(&event).await?;
            print::record(format, &event, &raw)
        }
        Command::Ticket(args) => {
            let target = lookup::Target::parse(&args)?;
            let (ticket, raw) =
                lookup::detail(&client, &target, concurrency, words(global)).await?;
            print::record(format, &ticket, &raw)
        }
        Command::Customer { customer } => print::detail(
            format,
            columns::CUSTOMER,
            client.customer(customer).await?.1,
        ),
        Command::Order { order } => {
            print::detail(format, columns::ORDER, client.order(order).await?.1)
        }
        Command::Product { product } => {
            print::detail(format, columns::PRODUCT, client.product(product).await?.1)
        }
        Command::Course { course } => {
            print::detail(format, columns::COURSE, client.course(course).await?.1)
        }
        Command::Export(args) => export::run(&client, &args, words(global)).await,
        Command::Enroll(args) => {
            let mut audit = audit::Audit::open(global, &audited_as);
            enroll::enroll(&client, &args, &mut audit, words(global)).await
        }
        Command::EnrollMany {
            event,
            from,
            enrollment_type,
            dry_run,
            yes,
        } => {
            let mut audit = audit::Audit::open(global, &audited_as);
            let how = enroll_many::Many {
                event,
                enrollment_type: &enrollment_type,
                dry_run,
                yes,
                concurrency: client.config().concurrency,
                words: words(global),
            };
            enroll_many::enroll_many(&client, &from, &how, &mut audit).await
        }
        Command::Revoke {
            ticket,
            event,
            from,
            dry_run,
            yes,
        } => {
            let mut audit = audit::Audit::open(global, &audited_as);
            let concurrency = client.config().concurrency;
            match (from, ticket) {
                (Some(from), _) => {
                    let how = revoke::Many {
                        event,
                        dry_run,
                        yes,
                        concurrency,
                        words: words(global),
                    };
                    revoke::revoke_from(&client, &from, &how, &mut audit, words(global)).await
                }
                (None, ticket) => {
                    let ticket = cli::TicketArgs {
                        ticket: ticket.unwrap_or_default(),
                        event,
                    };
                    revoke::revoke(
                        &client,
                        &ticket,
                        (yes, concurrency),
                        &mut audit,
                        words(global),
                    )
                    .await
                }
            }
        }
        Command::Audit {
            action: Some(cli::AuditCommand::Settle),
            ..
        } => audit::settle_all(global, &client, &audited_as).await,
        // Refused above, before connecting.
        other => Err(not_headless(&other)),
    }
}

fn not_headless(command: &Command) -> Failure {
    Failure::Other(format!("{command:?} is not a headless command").into())
}
