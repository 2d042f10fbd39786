//! The headless commands (README, "Headless commands"): the same client and config
//! as the TUI, data on stdout, one line per error on stderr.
//!
//! Exit codes: 0 ok, 2 usage or configuration, 3 the API answered an error,
//! 4 authentication refused, 5 network or timeout, 6 a write's outcome unknown,
//! 7 some of many writes failed (`revoke --from`), 1 anything else.

pub mod admit;
pub mod audit;
pub mod cache;
pub mod columns;
pub mod config;
pub mod desk_db;
pub mod diagnostics;
pub mod docs;
pub mod doctor;
mod enroll_many;
mod export;
pub mod lookup;
pub mod output;
mod revoke;
mod tickets;

use std::fmt;
use std::future::Future;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use futures::StreamExt;
use serde_json::Value;

use crate::api::model::{Page, Record};
use crate::api::paging::stream_pages;
use crate::api::paths::PAGE_SIZE;
use crate::api::{ApiError, Client, ClientConfig, NewAttendee};
use crate::cli::{self, Command, EnrollArgs, Format, GlobalArgs};
use crate::config::ConfigError;
use output::{Column, ListOut, Records};

/// Why a command failed, and so its exit code.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// A usage problem the parser could not catch (exit 2).
    #[error("{0}")]
    Usage(String),
    /// No usable connection or key (exit 2).
    #[error("{0}")]
    Config(String),
    /// The API call failed; `hint` adds what to do (exit 3, 4, 5 or 1).
    #[error("{error}{}", Hint(hint.as_deref()))]
    Api {
        error: ApiError,
        hint: Option<String>,
    },
    /// What was asked for is not there, found by us rather than said by the
    /// API: a ticket number not among the event's tickets, a ticket id not
    /// in the `--event` given. Exit 3, as the API's own "unknown ticket"
    /// (HTTP 400, code 1002) would be.
    #[error("{0}")]
    NotFound(String),
    /// A write whose outcome is unknown: it may have been applied (exit 6).
    #[error("outcome unknown ({error}); {hint}")]
    Unknown { error: ApiError, hint: String },
    /// Many writes (`revoke --from`) of which some failed (exit 7) or
    /// ended with no clear answer (exit 6); the summary says how many.
    #[error("{summary}")]
    Partial { summary: String, unknown: bool },
    /// Anything else (exit 1).
    #[error("{0}")]
    Other(String),
}

impl Failure {
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Usage(_) | Self::Config(_) => 2,
            Self::NotFound(_) => 3,
            Self::Api { error, .. } => u8::try_from(error.exit_code()).unwrap_or(1),
            Self::Unknown { .. } | Self::Partial { unknown: true, .. } => 6,
            Self::Partial { unknown: false, .. } => 7,
            Self::Other(_) => 1,
        }
    }
}

/// Ctrl-C during a run of many writes (`revoke --from`, `enroll-many`):
/// the write in flight ends, nothing more is sent, and the summary says what
/// was not (exit 7, as any run that left some). A second Ctrl-C quits at
/// once. Made once the writes are about to start: before, Ctrl-C stops the
/// command as usual, nothing having been sent.
pub struct CtrlC(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl CtrlC {
    pub fn watch() -> Self {
        use std::sync::atomic::{AtomicBool, Ordering};
        let came = std::sync::Arc::new(AtomicBool::new(false));
        let flag = came.clone();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_err() {
                return;
            }
            flag.store(true, Ordering::SeqCst);
            eprintln!(
                "stopping: the write in flight ends, nothing more is sent (Ctrl-C again: now)"
            );
            if tokio::signal::ctrl_c().await.is_ok() {
                std::process::exit(130);
            }
        });
        Self(came)
    }

    /// Stops `run` once Ctrl-C came (`BulkRun::stop`: nothing more sent).
    pub fn stops<T>(&self, run: &mut crate::bulk::BulkRun<T>) {
        if self.0.load(std::sync::atomic::Ordering::SeqCst) {
            run.stop();
        }
    }
}

/// `"; what to do"` after an API error, on the same line.
struct Hint<'a>(Option<&'a str>);

impl fmt::Display for Hint<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(h) => write!(f, "; {h}"),
            None => Ok(()),
        }
    }
}

impl From<ApiError> for Failure {
    fn from(error: ApiError) -> Self {
        Self::Api { error, hint: None }
    }
}

impl From<ConfigError> for Failure {
    fn from(e: ConfigError) -> Self {
        Self::Config(e.0)
    }
}

/// Which business a headless command talks to.
#[derive(Debug, Clone)]
pub enum Business {
    /// The one of the flags, the environment and the config file.
    Configured,
    /// The embedded demo sandbox (`--demo`): this client, already on it.
    /// Its audit log is the demo's, whatever port the sandbox took.
    Demo(Box<Client>),
}

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
            eprintln!("boxoffice: {failure}");
            ExitCode::from(failure.exit_code())
        }
    }
}

/// The client for `base_url` and `api_key` with the request options of
/// `global` (`--concurrency`, else the profile's; `--timeout`).
pub fn client_for(
    global: &GlobalArgs,
    base_url: String,
    api_key: crate::api::ApiKey,
    concurrency: Option<usize>,
) -> Result<Client, Failure> {
    let mut client_config = ClientConfig::new(base_url, api_key);
    if let Some(n) = global.concurrency.or(concurrency) {
        client_config.concurrency = n;
    }
    if let Some(secs) = global.timeout {
        client_config.timeout = Duration::from_secs(secs);
        client_config.connect_timeout = client_config.connect_timeout.min(client_config.timeout);
    }
    // A refused base URL (plain http to a remote host, …) is a config problem.
    Client::new(client_config).map_err(|e| Failure::Config(e.to_string()))
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
    let connection = tokio::task::spawn_blocking(move || {
        let env = |k: &str| std::env::var(k).ok();
        let path = crate::config::default_config_path(&env);
        crate::config::resolve(&args, &env, path.as_deref())
    })
    .await
    .map_err(|e| Failure::Other(format!("reading the configuration failed: {e}")))??;
    let settings = ProfileSettings {
        bell: connection.bell,
    };
    let client = client_for(
        global,
        connection.base_url,
        connection.api_key,
        connection.concurrency,
    )?;
    Ok((client, settings))
}

pub(crate) fn default_format() -> Format {
    if io::stdout().is_terminal() {
        Format::Table
    } else {
        Format::Json
    }
}

/// Prints one record on stdout; a closed pipe (`| head`) is not an error.
fn emit_one(format: Format, columns: &[Column], record: Value) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result =
        output::print(&mut out, format, columns, &Records::One(record)).and_then(|()| out.flush());
    written(result).map(drop)
}

/// `Ok(true)` when written, `Ok(false)` when the reader went away (`| head`:
/// not an error, but nothing more needs reading), else the failure.
fn written(result: io::Result<()>) -> Result<bool, Failure> {
    match result {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(Failure::Other(format!("cannot write the output: {e}"))),
    }
}

/// Warns on stderr about records that could not be read, and about fields
/// of kept records that could not be read.
fn warn_skipped<T>(page: &Page<T>) {
    for skipped in &page.skipped {
        eprintln!("boxoffice: warning: skipped {skipped}");
    }
    for flawed in &page.flawed {
        eprintln!("boxoffice: warning: {flawed} (kept; the field is printed as sent)");
    }
}

/// How a list command reads and prints.
#[derive(Clone, Copy)]
struct Listing<'a> {
    format: Format,
    columns: &'a [Column],
    /// Every page (`--all`), or page 1.
    all: bool,
    /// Pages in flight with `--all`.
    concurrency: usize,
}

/// Prints page 1, or with `--all` every page through the bounded-concurrent
/// page stream, each page as it arrives, in page order, each record once.
/// Nothing holds the whole list. A page that fails ends the command with
/// its error; what was printed before stays (a JSON array is then left
/// open, so it does not parse as a complete list).
async fn list<T, F, Fut>(fetch: F, how: Listing<'_>) -> Result<(), Failure>
where
    T: Record,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    list_kept(fetch, how, |_| true).await
}

/// [`list`], printing only the records `keep` keeps (and as it leaves them).
async fn list_kept<T, F, Fut>(
    fetch: F,
    how: Listing<'_>,
    mut keep: impl FnMut(&mut Value) -> bool,
) -> Result<(), Failure>
where
    T: Record,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    let mut kept = |raw: Vec<Value>| -> Vec<Value> {
        raw.into_iter()
            .filter_map(|mut r| keep(&mut r).then_some(r))
            .collect()
    };
    let out = io::BufWriter::new(io::stdout());
    let mut out = match ListOut::new(out, how.format, how.columns) {
        Ok(out) => out,
        Err(e) => return written(Err(e)).map(drop),
    };
    if how.all {
        let mut pages = std::pin::pin!(stream_pages(fetch, how.concurrency));
        while let Some(page) = pages.next().await {
            let page = page?;
            warn_skipped(&page);
            if !written(out.page(&kept(page.raw)))? {
                return Ok(());
            }
        }
    } else {
        let page = fetch(1).await?;
        if let Some(info) = page.info.filter(|i| i.pages > 1)
            && io::stderr().is_terminal()
        {
            eprintln!(
                "boxoffice: page 1 of {} ({} records); --all reads every page",
                info.pages, info.count_filtered
            );
        }
        warn_skipped(&page);
        if !written(out.page(&kept(page.raw)))? {
            return Ok(());
        }
    }
    written(out.finish().map(drop)).map(drop)
}

async fn execute(
    global: &GlobalArgs,
    readonly: bool,
    command: Command,
    business: Business,
) -> Result<(), Failure> {
    if readonly && command.writes() {
        return Err(Failure::Usage(
            "--readonly: enroll and revoke are refused in desk mode".into(),
        ));
    }
    // `main` runs these itself: the sandbox, the TUI's check-in, and
    // those that need no connection or make their own.
    if matches!(
        command,
        Command::Sandbox(_)
            | Command::Checkin { .. }
            | Command::Admit(_)
            | Command::Cache(_)
            | Command::Audit
            | Command::Doctor
            | Command::Config(_)
            | Command::DeskDb(_)
            | Command::Desk(_)
            | Command::Completions { .. }
            | Command::Man
    ) {
        return Err(Failure::Other(format!(
            "{command:?} is not a headless command"
        )));
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
    let how = |columns, all| Listing {
        format,
        columns,
        all,
        concurrency: client.config().concurrency,
    };
    let show_one = |columns: &[Column], raw: Value| emit_one(format, columns, raw);
    match command {
        Command::Events(l) => {
            list(|p| client.events(p, PAGE_SIZE), how(columns::EVENTS, l.all)).await
        }
        Command::Event { event } => show_one(columns::EVENTS, client.event(&event).await?.1),
        Command::Editions { event } => {
            // One answer holds every edition.
            list(|_| client.editions(event), how(columns::EDITIONS, false)).await
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
            let mut shape = tickets::Shape::new(&status, admitted, &audited_as, shared.as_ref())?;
            let columns = if shape.adds_admitted() {
                columns::TICKETS_ADMITTED
            } else {
                columns::TICKETS
            };
            let fetch = |p| client.tickets(event, p, PAGE_SIZE);
            list_kept(fetch, how(columns, l.all), |r| shape.keep(event, r)).await
        }
        Command::Ticket(args) => {
            let target = lookup::Target::parse(&args)?;
            let concurrency = client.config().concurrency;
            show_one(
                columns::TICKETS,
                lookup::detail(&client, &target, concurrency).await?.1,
            )
        }
        Command::Customers(l) => {
            list(
                |p| client.customers(p, PAGE_SIZE),
                how(columns::CUSTOMERS, l.all),
            )
            .await
        }
        Command::Customer { customer } => {
            show_one(columns::CUSTOMER, client.customer(customer).await?.1)
        }
        Command::Orders(l) => {
            list(|p| client.orders(p, PAGE_SIZE), how(columns::ORDERS, l.all)).await
        }
        Command::Order { order } => show_one(columns::ORDERS, client.order(order).await?.1),
        Command::Products(l) => {
            list(
                |p| client.products(p, PAGE_SIZE),
                how(columns::PRODUCTS, l.all),
            )
            .await
        }
        Command::Product { product } => {
            show_one(columns::PRODUCTS, client.product(product).await?.1)
        }
        Command::Courses(l) => {
            list(
                |p| client.courses(p, PAGE_SIZE),
                how(columns::COURSES, l.all),
            )
            .await
        }
        Command::Course { course } => show_one(columns::COURSE, client.course(course).await?.1),
        Command::Enrollments { course, list: l } => {
            let how = how(columns::ENROLLMENTS, l.all);
            list(|p| client.course_enrollments(course, p, PAGE_SIZE), how).await
        }
        Command::Export(args) => export::run(&client, &args).await,
        Command::Enroll(args) => {
            let mut audit = audit::Audit::open(global, &audited_as);
            enroll(&client, &args, &mut audit).await
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
                    };
                    revoke::revoke_from(&client, &from, &how, &mut audit).await
                }
                (None, ticket) => {
                    let ticket = cli::TicketArgs {
                        ticket: ticket.unwrap_or_default(),
                        event,
                    };
                    revoke::revoke(&client, &ticket, yes, concurrency, &mut audit).await
                }
            }
        }
        Command::Sandbox(_)
        | Command::Checkin { .. }
        | Command::Admit(_)
        | Command::Cache(_)
        | Command::Audit
        | Command::Doctor
        | Command::Config(_)
        | Command::DeskDb(_)
        | Command::Desk(_)
        | Command::Completions { .. }
        | Command::Man => Ok(()),
    }
}

/// A failed write: an API error as it is, or — when it may have been
/// applied (no answer, a 5xx) — outcome unknown (exit 6) with how to check.
fn unknown_outcome(error: ApiError, what: &str, check: &str) -> Failure {
    if error.outcome_unknown() {
        Failure::Unknown {
            error,
            hint: format!(
                "the {what} may or may not have been applied: do not send it again before checking with `{check}`"
            ),
        }
    } else {
        Failure::Api { error, hint: None }
    }
}

async fn enroll(
    client: &Client,
    args: &EnrollArgs,
    audit: &mut audit::Audit,
) -> Result<(), Failure> {
    let kind = &args.enrollment_type;
    if let Some(customer) = args.customer {
        let target = format!("event {} customer {customer}", args.event);
        audit
            .write(
                "enroll-customer",
                &target,
                client.enroll_customer(args.event, customer, kind),
            )
            .await
            .map_err(|e| {
                let check = format!(
                    "boxoffice tickets {} --all --format csv | grep <their e-mail>",
                    args.event
                );
                unknown_outcome(e, "enrollment", &check)
            })?;
        eprintln!(
            "enrolled customer {customer} in event {} ({kind})",
            args.event
        );
        return Ok(());
    }
    let person = NewAttendee {
        email: args.email.clone().unwrap_or_default(),
        name: args.name.clone().unwrap_or_default(),
        last_name: args.last_name.clone().unwrap_or_default(),
    };
    if !person.email.contains('@') || person.email.trim() != person.email {
        return Err(Failure::Usage(format!(
            "{:?} is not an e-mail address",
            person.email
        )));
    }
    let target = format!("event {} {}", args.event, person.email);
    audit
        .write(
            "enroll",
            &target,
            client.enroll_by_email(args.event, &person, kind),
        )
        .await
        .map_err(|e| {
            let check = format!(
                "boxoffice tickets {} --all --format csv | grep '{}'",
                args.event, person.email
            );
            unknown_outcome(e, "enrollment", &check)
        })?;
    eprintln!(
        "enrolled {} ({} {}) in event {} ({kind})",
        person.email, person.name, person.last_name, args.event
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// README, "Exit codes": a not-found of ours reads as the API's would (3).
    #[test]
    fn each_failure_has_its_exit_code() {
        let api = |error| Failure::from(error);
        let cases = [
            (Failure::Usage(String::new()), 2),
            (Failure::Config(String::new()), 2),
            (Failure::NotFound(String::new()), 3),
            (
                api(ApiError::Api {
                    message: String::new(),
                    errors: vec![],
                }),
                3,
            ),
            (Failure::Other(String::new()), 1),
            (
                Failure::Partial {
                    summary: String::new(),
                    unknown: false,
                },
                7,
            ),
            (
                Failure::Partial {
                    summary: String::new(),
                    unknown: true,
                },
                6,
            ),
            (
                unknown_outcome(
                    ApiError::Status {
                        status: 502,
                        message: None,
                    },
                    "revocation",
                    "boxoffice ticket 5",
                ),
                6,
            ),
            (
                unknown_outcome(
                    ApiError::Api {
                        message: String::new(),
                        errors: vec![],
                    },
                    "revocation",
                    "boxoffice ticket 5",
                ),
                3,
            ),
        ];
        for (failure, code) in cases {
            assert_eq!(failure.exit_code(), code, "{failure:?}");
        }
    }

    #[test]
    fn a_failure_is_its_message_and_an_api_error_its_hint_after_a_semicolon() {
        let refused = || ApiError::Refused("a redirect to another origin".into());
        let cases = [
            (Failure::Usage("bad --limit".into()), "bad --limit"),
            (Failure::Config("no base URL".into()), "no base URL"),
            (Failure::Other("stdout closed".into()), "stdout closed"),
            (
                Failure::NotFound("no ticket TK-1 in event 7".into()),
                "no ticket TK-1 in event 7",
            ),
            (Failure::from(refused()), "a redirect to another origin"),
            (
                Failure::Api {
                    error: refused(),
                    hint: Some("check the base URL".into()),
                },
                "a redirect to another origin; check the base URL",
            ),
            (
                Failure::from(ConfigError("plain http".into())),
                "plain http",
            ),
        ];
        for (failure, text) in cases {
            assert_eq!(failure.to_string(), text, "{failure:?}");
        }
    }
}
