//! The headless commands (README, "Headless commands"): the same client and config
//! as the TUI, data on stdout, one line per error on stderr.
//!
//! Exit codes: 0 ok, 2 usage or configuration, 3 the API answered an error,
//! 4 authentication refused, 5 network or timeout, 1 anything else.

pub mod columns;
pub mod output;

use std::fmt;
use std::future::Future;
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use futures::StreamExt;
use serde_json::Value;

use crate::api::model::{Page, Record};
use crate::api::paging::{all_pages, stream_pages};
use crate::api::paths::PAGE_SIZE;
use crate::api::{ApiError, Client, ClientConfig, NewAttendee};
use crate::cli::{Command, EnrollArgs, Format, GlobalArgs};
use crate::config::{self, ConfigError};
use output::{Column, Records};

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
    /// Anything else (exit 1).
    #[error("{0}")]
    Other(String),
}

impl Failure {
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Usage(_) | Self::Config(_) => 2,
            Self::Api { error, .. } => u8::try_from(error.exit_code()).unwrap_or(1),
            Self::Other(_) => 1,
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

/// Runs one headless command and returns the process exit code. Errors are
/// printed on stderr as `boxoffice: <error>`.
pub async fn run(global: &GlobalArgs, readonly: bool, command: Command) -> ExitCode {
    match execute(global, readonly, command).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("boxoffice: {failure}");
            ExitCode::from(failure.exit_code())
        }
    }
}

/// Resolves the connection (flags, environment, config file) and builds the
/// client. Shared with the TUI.
pub async fn connect(global: &GlobalArgs) -> Result<Client, Failure> {
    let args = global.connection();
    // The key may come from a command (a password manager): run it off the runtime.
    let connection = tokio::task::spawn_blocking(move || {
        let env = |k: &str| std::env::var(k).ok();
        let path = config::default_config_path(&env);
        config::resolve(&args, &env, path.as_deref())
    })
    .await
    .map_err(|e| Failure::Other(format!("reading the configuration failed: {e}")))??;
    let mut client_config = ClientConfig::new(connection.base_url, connection.api_key);
    if let Some(n) = global.concurrency.or(connection.concurrency) {
        client_config.concurrency = n;
    }
    if let Some(secs) = global.timeout {
        client_config.timeout = Duration::from_secs(secs);
        client_config.connect_timeout = client_config.connect_timeout.min(client_config.timeout);
    }
    // A refused base URL (plain http to a remote host, …) is a config problem.
    Client::new(client_config).map_err(|e| Failure::Config(e.to_string()))
}

fn default_format() -> Format {
    if io::stdout().is_terminal() {
        Format::Table
    } else {
        Format::Json
    }
}

/// Prints records on stdout; a closed pipe (`| head`) is not an error.
fn emit(format: Format, columns: &[Column], records: &Records) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = output::print(&mut out, format, columns, records).and_then(|()| out.flush());
    match result {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(Failure::Other(format!("cannot write the output: {e}")))
        }
        _ => Ok(()),
    }
}

/// Warns on stderr about records that could not be read.
fn warn_skipped<T>(page: &Page<T>) {
    for skipped in &page.skipped {
        eprintln!("boxoffice: warning: skipped {skipped}");
    }
}

/// Page 1, or every page with `--all`.
async fn list<T, F, Fut>(mut fetch: F, all: bool) -> Result<Page<T>, Failure>
where
    T: Record,
    F: FnMut(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    let page = if all {
        all_pages(fetch).await?
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
        page
    };
    warn_skipped(&page);
    Ok(page)
}

async fn execute(global: &GlobalArgs, readonly: bool, command: Command) -> Result<(), Failure> {
    if readonly && command.writes() {
        return Err(Failure::Usage(
            "--readonly: enroll and revoke are refused in desk mode".into(),
        ));
    }
    if matches!(command, Command::Sandbox(_)) {
        return Err(Failure::Other(
            "the sandbox is not available yet in this build".into(),
        ));
    }
    let client = connect(global).await?;
    let format = global.format.unwrap_or_else(default_format);
    let show_list = |columns: &[Column], page: Page<Value>| -> Result<(), Failure> {
        emit(format, columns, &Records::Many(page_raw(page)))
    };
    let show_one = |columns: &[Column], raw: Value| emit(format, columns, &Records::One(raw));
    match command {
        Command::Events(l) => show_list(
            columns::EVENTS,
            erase(list(|p| client.events(p, PAGE_SIZE), l.all).await?),
        ),
        Command::Event { event } => show_one(columns::EVENTS, client.event(&event).await?.1),
        Command::Editions { event } => {
            let page = client.editions(event).await?;
            warn_skipped(&page);
            show_list(columns::EDITIONS, erase(page))
        }
        Command::Tickets { event, list: l } => {
            let page = if l.all {
                all_tickets(&client, event).await?
            } else {
                erase(list(|p| client.tickets(event, p, PAGE_SIZE), false).await?)
            };
            show_list(columns::TICKETS, page)
        }
        Command::Ticket { ticket } => show_one(columns::TICKETS, client.ticket(ticket).await?.1),
        Command::Customers(l) => show_list(
            columns::CUSTOMERS,
            erase(list(|p| client.customers(p, PAGE_SIZE), l.all).await?),
        ),
        Command::Customer { customer } => {
            show_one(columns::CUSTOMER, client.customer(customer).await?.1)
        }
        Command::Orders(l) => show_list(
            columns::ORDERS,
            erase(list(|p| client.orders(p, PAGE_SIZE), l.all).await?),
        ),
        Command::Order { order } => show_one(columns::ORDERS, client.order(order).await?.1),
        Command::Products(l) => show_list(
            columns::PRODUCTS,
            erase(list(|p| client.products(p, PAGE_SIZE), l.all).await?),
        ),
        Command::Product { product } => {
            show_one(columns::PRODUCTS, client.product(product).await?.1)
        }
        Command::Courses(l) => show_list(
            columns::COURSES,
            erase(list(|p| client.courses(p, PAGE_SIZE), l.all).await?),
        ),
        Command::Course { course } => show_one(columns::COURSE, client.course(course).await?.1),
        Command::Enrollments { course, list: l } => show_list(
            columns::ENROLLMENTS,
            erase(list(|p| client.course_enrollments(course, p, PAGE_SIZE), l.all).await?),
        ),
        Command::Enroll(args) => enroll(&client, &args).await,
        Command::Revoke { ticket, yes } => revoke(&client, ticket, yes).await,
        Command::Sandbox(_) => Ok(()),
    }
}

/// Every ticket of an event through the bounded-concurrent page stream.
async fn all_tickets(client: &Client, event: u64) -> Result<Page<Value>, Failure> {
    let concurrency = client.config().concurrency;
    let mut pages = std::pin::pin!(stream_pages(
        |p| client.tickets(event, p, PAGE_SIZE),
        concurrency
    ));
    let mut all: Page<Value> = Page {
        items: Vec::new(),
        raw: Vec::new(),
        skipped: Vec::new(),
        info: None,
        pushback: 0,
    };
    while let Some(page) = pages.next().await {
        let page = page?;
        warn_skipped(&page);
        all.info = all.info.or(page.info);
        all.raw.extend(page.raw);
    }
    Ok(all)
}

/// Keeps a page's raw JSON only: what the printers need.
fn erase<T>(page: Page<T>) -> Page<Value> {
    Page {
        items: Vec::new(),
        raw: page.raw,
        skipped: page.skipped,
        info: page.info,
        pushback: page.pushback,
    }
}

fn page_raw(page: Page<Value>) -> Vec<Value> {
    page.raw
}

/// The hint after a write whose outcome is unknown: it may have been applied.
fn unknown_outcome(error: ApiError, what: &str) -> Failure {
    let hint = matches!(error, ApiError::Transport { .. }).then(|| {
        format!(
            "the {what} may or may not have been applied; check the tickets before trying again"
        )
    });
    Failure::Api { error, hint }
}

async fn enroll(client: &Client, args: &EnrollArgs) -> Result<(), Failure> {
    let kind = &args.enrollment_type;
    if let Some(customer) = args.customer {
        client
            .enroll_customer(args.event, customer, kind)
            .await
            .map_err(|e| unknown_outcome(e, "enrollment"))?;
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
    client
        .enroll_by_email(args.event, &person, kind)
        .await
        .map_err(|e| unknown_outcome(e, "enrollment"))?;
    eprintln!(
        "enrolled {} ({} {}) in event {} ({kind})",
        person.email, person.name, person.last_name, args.event
    );
    Ok(())
}

async fn revoke(client: &Client, ticket_id: u64, yes: bool) -> Result<(), Failure> {
    if !yes {
        if !io::stdin().is_terminal() {
            return Err(Failure::Usage(
                "refusing to revoke without --yes when stdin is not a terminal".into(),
            ));
        }
        let (ticket, _) = client.ticket(ticket_id).await?;
        let number = ticket
            .number
            .clone()
            .unwrap_or_else(|| ticket_id.to_string());
        if ticket.is_unenrolled() {
            return Err(Failure::Other(format!(
                "ticket {number} is already unenrolled; nothing to revoke"
            )));
        }
        let attendee = ticket.attendee.clone().unwrap_or_default();
        let edition = ticket
            .event
            .as_ref()
            .and_then(|e| e.name.clone())
            .unwrap_or_default();
        let details = [
            attendee.full_name(),
            attendee.email.unwrap_or_default(),
            edition,
        ]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
        eprint!("Revoke ticket {number} ({details})? [y/N] ");
        let _ = io::stderr().flush();
        let mut answer = String::new();
        io::stdin()
            .lock()
            .read_line(&mut answer)
            .map_err(|e| Failure::Other(format!("cannot read the answer: {e}")))?;
        let answer = answer.trim().to_ascii_lowercase();
        if answer != "y" && answer != "yes" {
            return Err(Failure::Other(format!("ticket {number} not revoked")));
        }
    }
    client
        .revoke(ticket_id)
        .await
        .map_err(|e| unknown_outcome(e, "revocation"))?;
    eprintln!("revoked ticket {ticket_id}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_is_its_message_and_an_api_error_its_hint_after_a_semicolon() {
        let refused = || ApiError::Refused("a redirect to another origin".into());
        let cases = [
            (Failure::Usage("bad --limit".into()), "bad --limit"),
            (Failure::Config("no base URL".into()), "no base URL"),
            (Failure::Other("stdout closed".into()), "stdout closed"),
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
