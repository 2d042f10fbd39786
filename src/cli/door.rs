//! The door's commands' arguments: a scan judged (`admit`), a lane that
//! runs (`lane`), the door's policy, figures and report (`door`), notes,
//! and the shared desk log (`desk-db`, `desk`).

// Doc comments here are the help text users read, not rustdoc: no backticks.
#![allow(clippy::doc_markdown)]

use clap::{Args, Subcommand};

/// `--desk-db`, kept so that its `Debug` never shows the password.
pub(super) fn desk_db_url(url: &str) -> Result<crate::config::DeskDbUrl, String> {
    if url.trim().is_empty() {
        return Err("an empty URL (postgres://user@host/db)".into());
    }
    Ok(crate::config::DeskDbUrl(url.to_owned()))
}

/// `boxoffice desk-db …`.
#[derive(Debug, Clone, Copy, Subcommand)]
pub enum DeskDbCommand {
    /// Create the shared desk log's tables, or migrate them (idempotent)
    Init,
    /// Say what a lane would need: the database reached, its schema, the
    /// privileges (exit 1 when a lane could not work)
    Check,
}

/// `boxoffice desk …`.
#[derive(Debug, Clone, Copy, Subcommand)]
pub enum DeskCommand {
    /// The tickets admitted twice by lanes cut off from the shared log
    /// (kept, never dropped), oldest first
    Conflicts {
        /// Only those of this event or edition
        #[arg(long)]
        event: Option<u64>,
    },
    /// Send this machine's admissions queued while the shared log was away
    /// (exit 0 when none is left queued; else the count, exit 1)
    Sync,
}

/// `admit <scan> --event <id|hash>`.
#[derive(Debug, Clone, Args)]
pub struct AdmitArgs {
    /// What was scanned: a ticket number, an id, or a URL or code carrying
    /// one; a scan that starts with `-` is a scan (scanners send such
    /// codes), not an option
    #[arg(value_name = "NUMBER|ID", allow_hyphen_values = true)]
    pub scan: String,

    /// The event or edition checked in (a main event: today's edition)
    #[arg(long, value_name = "ID|HASH")]
    pub event: String,

    /// An exit lane: a ticket inside leaves (EXIT)
    #[arg(long, conflicts_with_all = ["force", "order"])]
    pub exit: bool,

    /// Admit outside the door's hours (recorded as forced, with this desk)
    #[arg(long)]
    pub force: bool,

    /// Admit the rest of the ticket's order too (one line per ticket)
    #[arg(long)]
    pub order: bool,
}

/// `boxoffice lane`.
#[derive(Debug, Clone, Args)]
pub struct LaneArgs {
    /// The event or edition checked in (a main event: today's edition)
    #[arg(long, value_name = "ID|HASH")]
    pub event: String,

    /// An exit lane: a ticket inside leaves (EXIT)
    #[arg(long, conflicts_with = "order")]
    pub exit: bool,

    /// Admit the rest of a ticket's order with it (noted mates are held)
    #[arg(long)]
    pub order: bool,
}

/// `door set|show`.
#[derive(Debug, Clone, Subcommand)]
pub enum DoorCommand {
    /// Set the door's policy (options not given stay as they are)
    Set(DoorSetArgs),
    /// Print the door's policy
    Show {
        /// The event or edition (a main event: today's edition)
        #[arg(value_name = "EVENT|EDITION")]
        event: String,
    },
    /// Print the door's figures: inside, admitted of valid, per lane, arrivals per bucket
    Stats(DoorStatsArgs),
    /// Draw the day's report: arrivals per lane and inside over time, as one SVG
    Report {
        #[command(flatten)]
        stats: DoorStatsArgs,
        /// Where to write the SVG
        #[arg(long, value_name = "FILE")]
        svg: std::path::PathBuf,
    },
    /// The door's live dashboard alone (a screen on the wall): every lane, arrivals, inside
    Watch {
        /// The event or edition (a main event: today's edition)
        #[arg(value_name = "EVENT|EDITION")]
        event: String,
    },
}

/// `door stats <event>` (and `door report`).
#[derive(Debug, Clone, Args)]
pub struct DoorStatsArgs {
    /// The event or edition (a main event: today's edition)
    #[arg(value_name = "EVENT|EDITION")]
    pub event: String,
    /// The arrival series' bucket: 5m, 15m, 1h (1m to 24h)
    #[arg(long, value_name = "LENGTH", default_value = "5m")]
    pub bucket: String,
    /// The figures as at this time (UTC, YYYY-MM-DD HH:MM:SS; default now)
    #[arg(long, value_name = "TIME")]
    pub at: Option<String>,
}

/// `door set <event|edition> …`.
#[derive(Debug, Clone, Args)]
pub struct DoorSetArgs {
    /// The event or edition (a main event: today's edition)
    #[arg(value_name = "EVENT|EDITION")]
    pub event: String,
    /// Which editions are let in: this, all (every edition of the main event), or ids (12,13)
    #[arg(long, value_name = "this|all|ID,ID")]
    pub editions: Option<String>,
    /// Entries from: HH:MM (the edition's day) or YYYY-MM-DD HH:MM, in the event's time zone; "" for none
    #[arg(long, value_name = "TIME")]
    pub opens: Option<String>,
    /// Entries until: HH:MM or YYYY-MM-DD HH:MM, in the event's time zone (HH:MM at or before the opening: the next day); "" for none
    #[arg(long, value_name = "TIME")]
    pub closes: Option<String>,
    /// A ticket that left through an exit lane is let in again
    #[arg(long, value_name = "on|off", value_parser = ["on", "off"])]
    pub reentry: Option<String>,
    /// The most guests inside at once: an entry past it is FULL until one leaves; 0 for none
    #[arg(long, value_name = "N")]
    pub capacity: Option<u64>,
}

/// `note <ticket|customer:ID> "text"`, `--clear`, `--list`.
#[derive(Debug, Clone, Args)]
pub struct NoteArgs {
    /// The ticket's id or the number printed on it (with --event), or customer:ID for a customer (every ticket of theirs)
    #[arg(value_name = "TICKET|customer:ID", required_unless_present = "list")]
    pub on: Option<String>,
    /// The event or edition to find a ticket number in
    #[arg(long, value_name = "ID|HASH", conflicts_with = "list")]
    pub event: Option<String>,
    /// The note ("wheelchair: use gate B"); shown beside the verdict at every lane
    #[arg(value_name = "TEXT", required_unless_present_any = ["clear", "list"], conflicts_with = "clear")]
    pub text: Option<String>,
    /// Remove the note
    #[arg(long)]
    pub clear: bool,
    /// Print every note kept
    #[arg(long, conflicts_with_all = ["on", "clear"])]
    pub list: bool,
}
