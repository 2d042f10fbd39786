//! Command-line definitions (clap derive). No flag takes the API key: it
//! comes from the environment or the config file, so it never shows in a
//! process list or a shell history.

// Doc comments here are the help text users read, not rustdoc: no backticks.
#![allow(clippy::doc_markdown)]

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::config::{ConnectionArgs, MAX_CONCURRENCY};

mod door;
mod refuse;
mod sandbox;

use door::desk_db_url;
pub use door::{
    AdmitArgs, DeskCommand, DeskDbCommand, DoorCommand, DoorSetArgs, DoorStatsArgs, LaneArgs,
    NoteArgs,
};
pub use refuse::{command, completion_command, parse, parse_from};
pub use sandbox::SandboxArgs;

/// A keyboard-first terminal box office for a business on the Storefront platform.
///
/// With no command, opens the TUI. The API key is read from BOXOFFICE_API_KEY,
/// or from a profile's api_key_command / api_key in
/// $XDG_CONFIG_HOME/boxoffice/config.toml; it is never taken as an argument.
#[derive(Debug, Parser)]
#[command(name = "boxoffice", version = VERSION, about, long_about)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    /// Run against an embedded demo sandbox (no network, no config): the TUI, or any command
    #[arg(long, global = true)]
    pub demo: bool,

    /// As --demo, the sandbox serving this export (boxoffice export) instead: rehearse a door on your own event, e.g. boxoffice --demo-from business.json checkin EDITION
    #[arg(long, global = true, value_name = "FILE")]
    pub demo_from: Option<std::path::PathBuf>,

    // The help is given as a string: clap drops the final period of a doc
    // comment, and `tests/it/cli/local.rs` quotes this sentence exactly.
    #[arg(
        long,
        global = true,
        help = "Desk mode: look-ups and check-in only; enroll and revoke are hidden and refused."
    )]
    pub readonly: bool,

    /// Write a diagnostics log (requests: method, path, status, latency, retries; never the key or a body) to this file [filter: RUST_LOG, default boxoffice=info]
    #[arg(long, global = true, value_name = "PATH")]
    pub log_file: Option<std::path::PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The version `--version` prints: the crate's, and the git commit it was
/// built from (`unknown` when built outside a git checkout; see build.rs).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("BOXOFFICE_COMMIT"),
    ")"
);

/// The global options that connect: where, which profile, how long.
pub(crate) const CONNECTION: &[&str] = &["base_url", "business", "api_host", "profile"];
/// How requests are made.
const REQUESTS: &[&str] = &["timeout", "concurrency"];
/// How reads print.
const OUTPUT: &[&str] = &["format"];
/// The TUI's and the desk's switches.
const DESK: &[&str] = &[
    "desk", "desk_db", "no_cache", "no_bell", "readonly", "theme",
];
/// The diagnostics log.
const LOG: &[&str] = &["log_file"];
/// The embedded demo business instead of a configured one.
const DEMO: &[&str] = &["demo", "demo_from"];

/// The global options only the TUI takes (`boxoffice` and `boxoffice
/// checkin`; `config show` says where their settings come from): every
/// other command neither lists nor accepts them.
pub const TUI_ONLY: &[&str] = &["no_cache", "no_bell", "theme"];
/// The commands that take [`TUI_ONLY`] options.
pub(crate) const TUI_COMMANDS: &[&[&str]] =
    &[&[], &["checkin"], &["door", "watch"], &["config", "show"]];
/// The commands that take `--desk`: the TUI and the desk, and the writes,
/// whose audit log names the desk that sent them.
pub(crate) const DESK_COMMANDS: &[&[&str]] = &[
    &[],
    &["checkin"],
    &["admit"],
    &["lane"],
    &["desk", "sync"],
    &["enroll"],
    &["revoke"],
    &["door", "set"],
    &["note"],
];
/// The commands that take `--desk-db` (the door's shared admissions log):
/// the TUI and the desk, the shared log's own commands, and those that
/// show where it is.
pub(crate) const LANE_COMMANDS: &[&[&str]] = &[
    &[],
    &["checkin"],
    &["desk-db", "init"],
    &["desk-db", "check"],
    &["desk", "conflicts"],
    &["desk", "sync"],
    &["tickets"],
    &["doctor"],
    &["config", "show"],
    &["lane"],
    &["admit"],
    &["door", "set"],
    &["door", "show"],
    &["door", "stats"],
    &["door", "report"],
    &["door", "watch"],
    &["note"],
];
/// The global options headless commands may take (each command as
/// [`NOT_TAKEN`] says). A global option is in this list or in [`TUI_ONLY`]:
/// a test walks them all.
pub const HEADLESS: &[&str] = &[
    "base_url",
    "business",
    "api_host",
    "profile",
    "format",
    "timeout",
    "concurrency",
    "readonly",
    "log_file",
    "demo",
    "demo_from",
    "desk",
    "desk_db",
];

/// The commands that take only some of the global options, and which
/// they do not take: those are hidden from their help, their completions
/// and the man page, and refused when given (`boxoffice sandbox --profile x`
/// is a usage error, not silently ignored).
pub(crate) const NOT_TAKEN: &[(&[&str], &[&[&str]])] = &[
    (
        &["sandbox"],
        &[CONNECTION, REQUESTS, OUTPUT, DESK, LOG, DEMO],
    ),
    (
        &["completions"],
        &[CONNECTION, REQUESTS, OUTPUT, DESK, LOG, DEMO],
    ),
    (&["man"], &[CONNECTION, REQUESTS, OUTPUT, DESK, LOG, DEMO]),
    (&["export"], &[OUTPUT]),
    (
        &["config", "path"],
        &[CONNECTION, REQUESTS, OUTPUT, DESK, LOG, DEMO],
    ),
    (&["config", "init"], &[REQUESTS, OUTPUT, DESK, LOG, DEMO]),
    (
        &["config", "pin"],
        &[CONNECTION, REQUESTS, OUTPUT, DESK, LOG],
    ),
    (
        &["config", "show"],
        &[OUTPUT, &["desk", "no_cache", "readonly"], DEMO],
    ),
    (
        &["doctor"],
        &[
            OUTPUT,
            &[
                "desk",
                "no_cache",
                "no_bell",
                "readonly",
                "theme",
                "concurrency",
            ],
        ],
    ),
];

/// Options every command accepts, before or after its name.
#[derive(Debug, Clone, Default, Args)]
pub struct GlobalArgs {
    /// Base URL of the API, e.g. https://shop.api.example.com [env: BOXOFFICE_BASE_URL]
    #[arg(long, global = true, value_name = "URL")]
    pub base_url: Option<String>,

    /// Business slug; with --api-host gives https://SLUG.HOST
    #[arg(long, global = true, value_name = "SLUG")]
    pub business: Option<String>,

    /// API host that business subdomains live under
    #[arg(long, global = true, value_name = "HOST")]
    pub api_host: Option<String>,

    /// Profile of config.toml to use [env: BOXOFFICE_PROFILE]
    #[arg(long, global = true, value_name = "NAME")]
    pub profile: Option<String>,

    /// Output format of reads (default: table on a terminal, json otherwise)
    #[arg(long, global = true, value_enum)]
    pub format: Option<Format>,

    /// Request timeout in seconds (default 20)
    #[arg(long, global = true, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub timeout: Option<u64>,

    /// Pages read at once by --all and by a ticket number look-up (default 8, or the profile's concurrency; 1 reads one after the other)
    // Hyphen values reach the parser, so `-3` gets its message instead of
    // being taken for a flag.
    #[arg(long, global = true, value_name = "N", allow_hyphen_values = true, value_parser = concurrency)]
    pub concurrency: Option<usize>,

    /// This desk's name in the desk log (default: the host name)
    #[arg(long, global = true, value_name = "NAME", value_parser = desk_name)]
    pub desk: Option<String>,

    /// Keep no offline ticket lists: none read at start, none written
    #[arg(long, global = true)]
    pub no_cache: bool,

    /// The door's shared desk log: a PostgreSQL URL (also: desk_db in a
    /// profile); its password is never printed (prefer the profile, or
    /// PGPASSWORD, to the command line)
    #[arg(
        long,
        global = true,
        value_name = "URL",
        env = "BOXOFFICE_DESK_DB",
        hide_env_values = true,
        value_parser = desk_db_url
    )]
    pub desk_db: Option<crate::config::DeskDbUrl>,

    /// No terminal bell on a bad scan (also: bell = false in a profile)
    #[arg(long, global = true)]
    pub no_bell: bool,

    /// Colours of the TUI (default: config.toml's theme, else dark; NO_COLOR turns colour off)
    #[arg(long, global = true, value_enum, value_name = "THEME")]
    pub theme: Option<crate::ui::theme::ThemeName>,
}

impl GlobalArgs {
    /// The connection choices for [`crate::config::resolve`].
    pub fn connection(&self) -> ConnectionArgs {
        ConnectionArgs {
            base_url: self.base_url.clone(),
            business: self.business.clone(),
            api_host: self.api_host.clone(),
            profile: self.profile.clone(),
        }
    }
}

/// How reads print their records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The CSV's columns as JSON: an array of objects (one per line), or one object.
    Json,
    /// The records as the API sent them (sanitised): one JSON array, or one object.
    Raw,
    /// A header row and one row per record.
    Csv,
    /// Aligned columns, cut to a readable width.
    Table,
}

/// The headless commands (README.md#headless-commands) and the sandbox.
#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// List events
    Events(ListArgs),
    /// Show one event by id or hash
    Event {
        /// Event id or hash
        event: String,
    },
    /// List the editions (variants) of an event
    Editions {
        /// Event id
        event: u64,
    },
    /// List the tickets of an event or edition
    Tickets {
        /// Event or edition id (a main event gives its first available edition)
        event: u64,
        #[command(flatten)]
        list: ListArgs,
        /// Only tickets of these statuses (confirmed, unenrolled, open, pending, cancelled)
        #[arg(long, value_name = "S[,S]", value_delimiter = ',')]
        status: Vec<String>,
        /// Add an `admitted` column: when the ticket was admitted, from this machine's desk log
        #[arg(long)]
        admitted: bool,
    },
    /// Show one ticket, by id or by the number printed on it
    ///
    /// The API has no look-up by ticket number, so a number (TK-000041) needs
    /// --event: boxoffice then reads that event's tickets (every edition of a
    /// main event) page by page until it finds the number, ignoring case and
    /// surrounding spaces. An id (only digits) needs no --event; with --event,
    /// the ticket must belong to that event.
    Ticket(TicketArgs),
    /// List customers
    Customers(ListArgs),
    /// Show one customer
    Customer {
        /// Customer id
        customer: u64,
    },
    /// List orders
    Orders(ListArgs),
    /// Show one order
    Order {
        /// Order id
        order: u64,
    },
    /// List products
    Products(ListArgs),
    /// Show one product
    Product {
        /// Product id
        product: u64,
    },
    /// List courses
    Courses(ListArgs),
    /// Show one course
    Course {
        /// Course id
        course: u64,
    },
    /// List the enrollments of a course
    Enrollments {
        /// Course id
        course: u64,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Enroll a person (by e-mail) or an existing customer (by id) in an event
    Enroll(EnrollArgs),
    /// Enroll many people from a CSV of e-mails and names (asks unless --yes)
    ///
    /// One person a line: e-mail,name,last name (a header line naming
    /// `email` is passed over, as are blank lines and lines starting with #).
    /// The event's tickets are read first: --dry-run then only tells who is
    /// new, who is already enrolled and which lines are not e-mails. The
    /// enrollments go one at a time, each sent once and recorded in the
    /// audit log, with progress on stderr and a summary at the end (exit 7
    /// when some failed, 6 when the outcome of some is unknown).
    EnrollMany {
        /// Event or edition id (a main event enrolls into its first available edition)
        event: u64,
        /// The CSV of people (- reads stdin)
        #[arg(long, value_name = "FILE|-")]
        from: String,
        /// Enrollment type
        #[arg(long = "type", value_name = "TYPE", default_value = crate::api::paths::DEFAULT_ENROLLMENT_TYPE)]
        enrollment_type: String,
        /// Read the list and the event's tickets and say what would be done; send nothing
        #[arg(long)]
        dry_run: bool,
        /// Do not ask for confirmation
        #[arg(long, short = 'y')]
        yes: bool,
    },
    /// Revoke a ticket, by id or by number (asks on a terminal unless --yes)
    ///
    /// The API has no look-up by ticket number, so a number (TK-000041) needs
    /// --event: boxoffice then reads that event's tickets (every edition of a
    /// main event) page by page until it finds the number, and revokes that
    /// ticket's id, sent once. An id (only digits) needs no --event; with
    /// --event, the ticket must belong to that event. Without --yes it asks on
    /// a terminal and refuses when stdin is not one.
    ///
    /// With --from FILE (or - for stdin), revokes many: one ticket id or
    /// number a line (the first field of a CSV line; blank lines and lines
    /// starting with # are passed over). Every ticket is looked up first;
    /// --dry-run then only tells what would be revoked, what is already
    /// unenrolled and what was not found. The writes go one at a time, each
    /// sent once and recorded in the audit log, with progress on stderr and
    /// a summary at the end (exit 7 when some failed, 6 when the outcome of
    /// some is unknown).
    Revoke {
        /// Ticket id (only digits), or the ticket number printed on it (needs --event)
        #[arg(value_name = "ID|NUMBER", required_unless_present = "from")]
        ticket: Option<String>,
        /// Event id or hash to find ticket numbers in (reads that event's tickets)
        #[arg(long, value_name = "ID|HASH")]
        event: Option<String>,
        /// Revoke the tickets listed in FILE, one a line (- reads stdin)
        #[arg(long, value_name = "FILE|-", conflicts_with = "ticket")]
        from: Option<String>,
        /// With --from: look every ticket up and say what would be done; write nothing
        #[arg(long, requires = "from")]
        dry_run: bool,
        /// Do not ask for confirmation
        #[arg(long, short = 'y')]
        yes: bool,
    },
    /// Open the TUI straight into the check-in desk of an event or edition
    ///
    /// A scanner-first check-in desk: letters never trigger actions, so
    /// what a scanner types is never taken for a command. Admissions are
    /// recorded in the local desk log of this machine (under this desk's
    /// name, see --desk) and kept across restarts. With --demo (before
    /// checkin): the desk of the demo business.
    Checkin {
        /// Event or edition id or hash
        #[arg(value_name = "ID|HASH")]
        event: String,
        /// Leaving the desk falls back into the full app (without it,
        /// leaving the desk quits)
        #[arg(long)]
        admin: bool,
        /// An exit lane: a scan lets a guest out (EXIT); F9 at the desk
        /// turns it back, asked first
        #[arg(long)]
        exit: bool,
    },
    /// Check one ticket in headless, exactly as the desk would
    ///
    /// Judges one scan (a ticket number in any case, with or without
    /// separators; an id; a URL or code carrying one) at the event's desk
    /// (a main event: today's edition), records a VALID one in this
    /// machine's desk log under this desk's name (--desk), prints the
    /// verdict (--format json too) and exits with its code: 0 VALID,
    /// 10 ALREADY ADMITTED, 11 NOT VALID, 12 OTHER EDITION, 13 OTHER EVENT,
    /// 14 UNKNOWN, 15 NOT OPEN YET, 16 CLOSED, 17 NOT INSIDE, 18 FULL (1 to 6 are
    /// errors, as for every command); EXIT and WELCOME BACK are 0. The
    /// door's policy (`door set`) and notes (`note`) hold. With --demo
    /// (before admit): at the demo's desk.
    Admit(AdmitArgs),
    /// A lane that runs until its input ends (a turnstile, a kiosk, a
    /// serial scanner: `lane --event 1002 < /dev/ttyACM0`): one scan per
    /// line on stdin, one JSON line per verdict on stdout (the fields of
    /// `admit --format json`), judged and recorded as `admit` does; while
    /// idle it follows the other lanes and beats. EOF, Ctrl-C or SIGTERM
    /// end it; what it queued stays for the next run.
    Lane(LaneArgs),
    /// A door's policy, shared by every lane: which editions, hours, re-entry
    #[command(subcommand)]
    Door(DoorCommand),
    /// Notes that stop the door at a ticket's scan (on a ticket, or every ticket of a customer)
    Note(NoteArgs),
    /// The offline ticket lists kept on this machine
    #[command(subcommand)]
    Cache(CacheCommand),
    /// Print the audit log: every enroll and revoke sent from this machine
    ///
    /// Every write, from the TUI or headless, newest first, with its outcome
    /// (ok, the API's error, or unknown) and latency; a write whose answer
    /// was lost and whose outcome a later read learnt says applied or not
    /// applied, when and how it was learnt. With --demo (before audit): the
    /// demo's. `audit settle` reads each unknown write's target once more.
    Audit {
        /// Only the writes whose outcome is still unknown
        #[arg(long)]
        unsettled: bool,
        #[command(subcommand)]
        action: Option<AuditCommand>,
    },
    /// Write a business's records to one JSON file, for boxoffice sandbox --from
    ///
    /// Events, editions, tickets, orders, customers, products, courses and
    /// course enrollments as read through the API: every page (--concurrency
    /// at once, retried as every read), and each order's, customer's,
    /// product's and course's own record; written as they arrive, with a
    /// progress line on stderr. With --events: only those events, their
    /// editions and tickets, and the orders and customers the tickets name.
    /// The file is private to you (0600): it holds people's names, e-mails
    /// and phones. Serve it with boxoffice sandbox --from FILE [--pseudonymise],
    /// or rehearse a door on it with boxoffice --demo-from FILE checkin EDITION.
    Export(ExportArgs),
    /// Serve the sandbox API alone (for integrators, training and benchmarks)
    Sandbox(SandboxArgs),
    /// Check the configuration, the connection, the key and the terminal
    ///
    /// One line per check, ✓ passed, ✗ failed (with what to do), – skipped:
    /// the config file (found, private), the profile, the base URL (https, or
    /// http to loopback), DNS, TCP, TLS, the key (one GET /events?limit=1),
    /// the clock against the server's Date header, and the terminal. Exit 0
    /// when nothing failed, 1 otherwise. The key itself is never printed.
    /// With --demo (before doctor): against the embedded demo sandbox.
    Doctor,
    /// Write, show or locate config.toml
    #[command(subcommand)]
    Config(ConfigCommand),
    /// The door's shared desk log in PostgreSQL (--desk-db): create, check
    #[command(subcommand, name = "desk-db")]
    DeskDb(DeskDbCommand),
    /// The check-in desk's log: tickets two lanes admitted
    #[command(subcommand)]
    Desk(DeskCommand),
    /// Print a shell completion script on stdout
    ///
    /// bash: boxoffice completions bash > ~/.local/share/bash-completion/completions/boxoffice
    /// zsh: boxoffice completions zsh > ~/.zfunc/_boxoffice (with fpath+=~/.zfunc)
    /// fish: boxoffice completions fish > ~/.config/fish/completions/boxoffice.fish
    Completions {
        /// The shell to complete in
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) on stdout
    ///
    /// boxoffice man > ~/.local/share/man/man1/boxoffice.1, then man boxoffice;
    /// or boxoffice man | man -l -
    Man,
}

/// `boxoffice config …`.
#[derive(Debug, Clone, Subcommand)]
pub enum ConfigCommand {
    /// Write a commented config.toml (0600, in a 0700 directory)
    ///
    /// Asks for what --business/--api-host (or --base-url) and
    /// --api-key-command do not give, one answer per line on stdin (so it
    /// can be scripted). The key itself is never asked for nor written:
    /// give a command that prints it (a password manager), or leave it empty
    /// and set BOXOFFICE_API_KEY. Never overwrites an existing file without
    /// --force. --profile names the profile written (default: default).
    Init(InitArgs),
    /// Print the effective configuration and where each value comes from
    ///
    /// From a flag, the environment, a profile of config.toml, or the
    /// default. The key is shown only as where it comes from, never itself,
    /// and api_key_command is not run.
    Show,
    /// Print the path of config.toml (whether or not it exists)
    Path,
    /// Print the [desk] pin_hash line for a PIN read from stdin
    ///
    /// Leaving the check-in desk then asks for that PIN. Only its salted
    /// hash is printed (paste it under [desk] in config.toml); the PIN
    /// itself is never written anywhere.
    Pin,
}

/// Options of `boxoffice config init`.
#[derive(Debug, Clone, Args)]
pub struct InitArgs {
    /// Command that prints the API key, e.g. "pass show storefront/shop" ("" for none: BOXOFFICE_API_KEY)
    #[arg(long, value_name = "COMMAND")]
    pub api_key_command: Option<String>,

    /// Replace an existing config.toml
    #[arg(long)]
    pub force: bool,
}

/// `boxoffice audit …`.
#[derive(Debug, Clone, Copy, Subcommand)]
pub enum AuditCommand {
    /// Read the target of each write whose outcome is unknown once more and
    /// complete its row with what that says (exit 6 while some stay unknown)
    Settle,
}

/// `boxoffice cache …`.
#[derive(Debug, Clone, Copy, Subcommand)]
pub enum CacheCommand {
    /// Remove the offline ticket lists of the business in use
    Clear {
        /// Those of every business
        #[arg(long)]
        all: bool,
    },
}

impl Command {
    /// True for the commands that change data (refused in --readonly).
    pub fn writes(&self) -> bool {
        match self {
            Self::Enroll(_) => true,
            // A dry run sends nothing.
            Self::EnrollMany { dry_run, .. } | Self::Revoke { dry_run, .. } => !dry_run,
            _ => false,
        }
    }
}

/// `boxoffice export`.
#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// Only these events (ids or hashes; an edition's id stands for its event)
    #[arg(long, value_name = "ID[,ID]", value_delimiter = ',')]
    pub events: Vec<String>,
    /// Only the lists, not each order's, customer's, product's and course's own record (one request each: faster on a large business; the sandbox then makes those from the lists)
    #[arg(long)]
    pub lists_only: bool,
    /// The file to write (- for stdout)
    #[arg(short = 'o', long, value_name = "FILE|-")]
    pub output: String,
}

/// Options of the list commands.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct ListArgs {
    /// Read every page (default: the first page of 100)
    #[arg(long)]
    pub all: bool,
}

/// `<id>`, or `<number> --event <id|hash>`: which ticket `ticket` and
/// `revoke` act on. Read by [`crate::commands::lookup`].
#[derive(Debug, Clone, Args)]
pub struct TicketArgs {
    /// Ticket id (only digits), or the ticket number printed on it (needs --event)
    #[arg(value_name = "ID|NUMBER")]
    pub ticket: String,

    /// Event id or hash to find a ticket number in (reads that event's tickets)
    #[arg(long, value_name = "ID|HASH")]
    pub event: Option<String>,
}

/// `enroll <event> --email E --name N --last-name L` or `enroll <event> --customer ID`.
#[derive(Debug, Clone, Args)]
pub struct EnrollArgs {
    /// Event or edition id (a main event enrolls into its first available edition)
    pub event: u64,

    /// Id of an existing customer to enroll
    #[arg(long, value_name = "ID", conflicts_with_all = ["email", "name", "last_name"], required_unless_present = "email")]
    pub customer: Option<u64>,

    /// E-mail of the person to enroll
    #[arg(long, value_name = "E", requires_all = ["name", "last_name"])]
    pub email: Option<String>,

    /// First name of the person to enroll
    #[arg(long, value_name = "N", requires = "email")]
    pub name: Option<String>,

    /// Last name of the person to enroll
    #[arg(long, value_name = "L", requires = "email")]
    pub last_name: Option<String>,

    /// Enrollment type
    #[arg(long = "type", value_name = "TYPE", default_value = crate::api::paths::DEFAULT_ENROLLMENT_TYPE)]
    pub enrollment_type: String,
}

/// A whole number of pages in flight, 1 to [`MAX_CONCURRENCY`].
pub fn concurrency(s: &str) -> Result<usize, String> {
    let n: i128 = s.trim().parse().map_err(|_| {
        format!(
            "{s:?} is not a number; give how many pages to read at once (1 to {MAX_CONCURRENCY})"
        )
    })?;
    match usize::try_from(n) {
        Ok(n @ 1..=MAX_CONCURRENCY) => Ok(n),
        _ => Err(format!(
            "{n} pages at once is not possible; give 1 to {MAX_CONCURRENCY} (1 reads one page after the other)"
        )),
    }
}

/// A desk's name: not empty, one line.
fn desk_name(s: &str) -> Result<String, String> {
    let name = s.trim();
    if name.is_empty() || name.chars().any(char::is_control) {
        return Err("give the desk a name (one line of text), e.g. --desk door-2".into());
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use clap::CommandFactory;

    use super::*;

    #[test]
    fn the_cli_is_consistent() {
        Cli::command().debug_assert();
        command().debug_assert();
        completion_command().debug_assert();
    }

    #[test]
    fn global_options_are_taken_where_they_apply_and_refused_elsewhere() {
        for args in [
            &["boxoffice", "tickets", "12", "--all", "--format", "csv"][..],
            &["boxoffice", "--format", "json", "events"],
            &["boxoffice", "--demo"],
            &["boxoffice", "--profile", "p", "doctor", "--timeout", "3"],
            &[
                "boxoffice",
                "config",
                "init",
                "--business",
                "s",
                "--api-host",
                "h.io",
            ],
            &["boxoffice", "sandbox", "--listen", "127.0.0.1:0"],
            &[
                "boxoffice",
                "config",
                "show",
                "--no-bell",
                "--concurrency",
                "3",
            ],
            &[
                "boxoffice",
                "--no-bell",
                "--desk",
                "door-2",
                "--demo",
                "checkin",
                "7",
            ],
            &["boxoffice", "cache", "clear", "--demo"],
            &["boxoffice", "revoke", "5", "--desk", "north", "--yes"],
        ] {
            assert!(parse_from(args).is_ok(), "{args:?}");
        }
        let cli = parse_from(["boxoffice", "events", "--format", "csv"]).unwrap();
        assert_eq!(cli.global.format, Some(Format::Csv));
        for (args, flag) in [
            (&["boxoffice", "sandbox", "--profile", "p"][..], "--profile"),
            (&["boxoffice", "--format", "json", "sandbox"], "--format"),
            (&["boxoffice", "man", "--readonly"], "--readonly"),
            (
                &["boxoffice", "config", "path", "--business", "b"],
                "--business",
            ),
            (&["boxoffice", "doctor", "--format", "csv"], "--format"),
            (&["boxoffice", "--no-bell", "cache", "clear"], "--no-bell"),
            (&["boxoffice", "tickets", "1", "--desk", "x"], "--desk"),
            (&["boxoffice", "--demo", "sandbox"], "--demo"),
        ] {
            let e = parse_from(args).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{args:?}");
            assert!(
                e.to_string().contains(&format!("{flag} does not apply")),
                "{e}"
            );
        }
    }

    #[test]
    fn globals_work_after_the_command() {
        let cli = Cli::try_parse_from([
            "boxoffice",
            "tickets",
            "7",
            "--all",
            "--format",
            "csv",
            "--timeout",
            "3",
        ])
        .unwrap();
        assert_eq!(cli.global.format, Some(Format::Csv));
        assert_eq!(cli.global.timeout, Some(3));
        assert!(matches!(
            cli.command,
            Some(Command::Tickets {
                event: 7,
                list: ListArgs { all: true },
                ..
            })
        ));
    }

    /// `line` parsed as the command line, its words split at spaces.
    fn parse(line: &str) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(line.split_whitespace())
    }

    #[test]
    fn enroll_takes_an_email_or_a_customer_not_both() {
        let ok = parse("boxoffice enroll 7 --email a@b.c --name A --last-name B").unwrap();
        let Some(Command::Enroll(e)) = ok.command else {
            panic!()
        };
        assert_eq!(e.enrollment_type, "paid");
        assert!(parse("boxoffice enroll 7 --customer 3 --type free").is_ok());
        assert!(parse("boxoffice enroll 7").is_err());
        assert!(parse("boxoffice enroll 7 --email a@b.c").is_err());
        assert!(
            parse("boxoffice enroll 7 --customer 3 --email a@b.c --name A --last-name B").is_err()
        );
    }

    #[test]
    fn concurrency_is_a_whole_number_from_one() {
        let cli = Cli::try_parse_from(["boxoffice", "customers", "--concurrency", "3"]).unwrap();
        assert_eq!(cli.global.concurrency, Some(3));
        let cli = Cli::try_parse_from(["boxoffice", "--concurrency=1", "events"]).unwrap();
        assert_eq!(cli.global.concurrency, Some(1));
        for bad in ["0", "-3", "abc", "", "65", "1.5"] {
            let e = Cli::try_parse_from(["boxoffice", "events", "--concurrency", bad]).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{bad}");
            assert!(e.to_string().contains("--concurrency"), "{e}");
        }
    }

    #[test]
    fn desk_flags_parse_anywhere() {
        let cli = Cli::try_parse_from(["boxoffice", "--desk", "door 2", "--no-bell"]).unwrap();
        assert_eq!(cli.global.desk.as_deref(), Some("door 2"));
        assert!(cli.global.no_bell && !cli.global.no_cache);
        let cli =
            Cli::try_parse_from(["boxoffice", "--demo", "checkin", "7f3a", "--no-cache"]).unwrap();
        assert!(cli.demo && cli.global.no_cache);
        assert!(matches!(cli.command, Some(Command::Checkin { ref event, .. }) if event == "7f3a"));
        assert!(Cli::try_parse_from(["boxoffice", "--desk", " "]).is_err());
        let cli = Cli::try_parse_from(["boxoffice", "cache", "clear", "--all"]).unwrap();
        assert!(matches!(
            cli.command,
            Some(Command::Cache(CacheCommand::Clear { all: true }))
        ));
    }

    #[test]
    fn sandbox_defaults_and_rates() {
        let cli = Cli::try_parse_from(["boxoffice", "sandbox"]).unwrap();
        let Some(Command::Sandbox(s)) = cli.command else {
            panic!()
        };
        assert_eq!(s.listen.to_string(), "127.0.0.1:8787");
        assert_eq!((s.seed, s.scale), (1, crate::sandbox::Scale::Small));
        assert!(Cli::try_parse_from(["boxoffice", "sandbox", "--fail-rate", "1.5"]).is_err());
    }
}
