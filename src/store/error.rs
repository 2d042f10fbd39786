//! Why a store failed: its kind and what the file, the database or the
//! system said. `Display` is the English line the logs and machine output
//! keep; a person reads it in their language through the catalogue
//! (`Tongue::store_error`).

/// A failure of a store: its kind, with what the file or the database said
/// as it said it. `Display` is its English line, as the logs and machine
/// output keep it whatever the locale; a person reads it in their language
/// (`Tongue::store_error`, locales/*.ftl's `store-*`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The shared log is down or did not answer.
    #[error("the shared log is unreachable")]
    Unreachable,
    /// The shared log is down, and an undo of an admission made before
    /// needs it.
    #[error("the shared log is unreachable: only admissions made since can be undone")]
    UnreachableUndo,
    /// The shared log is down, and the door's rules need it.
    #[error(
        "the shared log is unreachable: exits, forced admissions, the door's policy and notes need it"
    )]
    UnreachableRules,
    /// The shared log did not answer within `ms`.
    #[error("the shared log did not answer within {ms} ms")]
    NoAnswer { ms: u128 },
    /// A store whose lock a failure left poisoned.
    #[error("the {0} failed earlier")]
    FailedEarlier(Part),
    /// No such store on this machine (none was opened).
    #[error("no {0} on this machine")]
    Absent(Part),
    /// The task running a local store's call failed.
    #[error("the local store failed: {0}")]
    Crashed(String),
    /// A store at `place` (a path, a redacted URL; may be empty) failed
    /// with `detail` (SQLite's, PostgreSQL's or the system's words).
    #[error("{}", at(*part, place, detail))]
    At {
        part: Part,
        place: String,
        detail: String,
    },
    /// A desk database's URL names no host.
    #[error("desk database {place}: no host")]
    NoHost { place: String },
    /// `sslmode=disable` to another machine.
    #[error(
        "desk database {place}: sslmode=disable to a host that is not this machine \
         would send the password in the clear; use sslmode=require"
    )]
    Cleartext { place: String },
    /// A desk database that did not answer a connection within `ms`.
    #[error("desk database {place}: no answer within {ms} ms")]
    DbNoAnswer { place: String, ms: u128 },
    /// A desk database's schema made by a newer boxoffice.
    #[error(
        "desk database {place}: schema {found} is from a newer boxoffice (this one knows {knows})"
    )]
    SchemaNewer {
        place: String,
        found: i32,
        knows: i32,
    },
    /// A desk database's schema older than this boxoffice needs.
    #[error(
        "desk database {place}: schema {found}, this boxoffice needs {needs} (run `boxoffice desk-db init`)"
    )]
    SchemaOlder {
        place: String,
        found: i32,
        needs: i32,
    },
    /// A desk log that keeps no such thing (a log of one machine).
    #[error("this desk log keeps no {0}")]
    NotKept(Kept),
    /// An id beyond the store's integers.
    #[error("id {0} is too large to keep")]
    TooLarge(u64),
    /// A change asked for as a move that is not one.
    #[error("{0} is not a move")]
    NotAMove(String),
    /// A move read back whose word is not known.
    #[error("a move {0:?}")]
    UnknownMove(String),
    /// A scan id that is not a UUID.
    #[error("scan id {text:?}: {detail}")]
    ScanId { text: String, detail: String },
    /// The desk log answered something other than what was asked.
    #[error("the desk log answered {0}")]
    Answered(String),
    /// Recorded already, by `desk` at `time`.
    #[error("already admitted: {desk} at {time}")]
    AlreadyAdmitted { desk: String, time: String },
}

fn at(part: Part, place: &str, detail: &str) -> String {
    match (part, place) {
        (Part::File, _) => format!("{place}: {detail}"),
        (_, "") => format!("{part}: {detail}"),
        _ => format!("{part} {place}: {detail}"),
    }
}

/// Which store failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    LocalStore,
    DeskLog,
    /// A desk log in memory (a door model's lanes, a test).
    MemoryLog,
    SharedLog,
    OfflineList,
    AuditLog,
    DeskDatabase,
    /// TLS for the desk database.
    Tls,
    /// A file, named by its path alone.
    File,
}

impl Part {
    pub const ALL: [Self; 9] = [
        Self::LocalStore,
        Self::DeskLog,
        Self::MemoryLog,
        Self::SharedLog,
        Self::OfflineList,
        Self::AuditLog,
        Self::DeskDatabase,
        Self::Tls,
        Self::File,
    ];
}

impl std::fmt::Display for Part {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::LocalStore => "local store",
            Self::DeskLog => "desk log",
            Self::MemoryLog => "desk log in memory",
            Self::SharedLog => "shared log",
            Self::OfflineList => "offline list",
            Self::AuditLog => "audit log",
            Self::DeskDatabase => "desk database",
            Self::Tls => "TLS for the desk database",
            Self::File => "file",
        })
    }
}

/// What a desk log of one machine does not keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kept {
    Forced,
    Exits,
    Policy,
    Notes,
}

impl Kept {
    pub const ALL: [Self; 4] = [Self::Forced, Self::Exits, Self::Policy, Self::Notes];
}

impl std::fmt::Display for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Forced => "forced admissions",
            Self::Exits => "exits",
            Self::Policy => "door policy",
            Self::Notes => "notes",
        })
    }
}

impl StoreError {
    /// A store at `place` failed with `detail`.
    pub fn at(part: Part, place: impl std::fmt::Display, detail: impl std::fmt::Display) -> Self {
        Self::At {
            part,
            place: place.to_string(),
            detail: detail.to_string(),
        }
    }
}
