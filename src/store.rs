//! Local state, kept on this machine: the desk log (who was admitted, when,
//! at which desk), the audit log (every write sent and its outcome) and the
//! offline ticket lists (the cache a check-in desk
//! starts from and falls back to). They sit behind small traits so that the
//! screens never know where they live: SQLite files
//! (`$XDG_STATE_HOME/boxoffice/<business>/desk.sqlite`,
//! `$XDG_CACHE_HOME/boxoffice/<business>/tickets.sqlite`), and for a door
//! with several lanes the desk log in PostgreSQL (`pg`), wrapped by
//! `LaneLog`, which falls back to the local file when the database is gone.
//! The API key is never written here, nor the database's password.

mod audit_log;
mod desk_log;
mod error;
mod lane;
mod once;
pub mod paths;
pub mod pg;
mod shared;
mod sqlite;
mod ticket_cache;

use serde::{Deserialize, Serialize};

pub use audit_log::{AuditEntry, AuditLog, Sending, SqliteAuditLog, UNKNOWN};
pub use desk_log::{Bound, Fed, MirrorRead, Queued, SqliteDeskLog};
pub use error::{Kept, Part, StoreError};

/// What a call to a log answers: its value, or why it could not (as
/// `std::io::Result`).
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// A page of the changes newer than a cursor, and the cursor to ask with
/// next (`DeskLog::newer`).
pub type NewerPage = (Vec<Change>, Cursor);
pub use lane::{LaneLog, LaneUse, Timing};
pub use once::{KeptDoor, OnceTold, OneScan, OneScanned, OneShot};
pub use pg::{DeskDb, PgDeskLog};
pub use shared::{SharedLog, SqliteDoor};
pub use ticket_cache::{
    NumberFound, SqliteTicketCache, TicketCache, clear_all_caches, clear_cache,
};

/// A ticket as the offline list keeps it: what a desk needs for a verdict
/// and what the tickets table shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CachedTicket {
    pub id: u64,
    pub number: String,
    pub status: String,
    pub attendee_id: Option<u64>,
    pub name: String,
    pub email: String,
    pub edition_id: Option<u64>,
    pub edition: String,
    pub enrollment_type: String,
    pub created: String,
    pub price: String,
    pub order: String,
}

/// One admission at the door.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Admission {
    pub ticket_id: u64,
    pub number: String,
    /// The event or edition the desk checks in (the check-in screen's).
    pub event_id: u64,
    /// The edition the ticket belongs to, as the ticket says.
    pub edition_id: Option<u64>,
    /// When, in UTC ("YYYY-MM-DD HH:MM:SS"); stamped by the store when
    /// recorded if empty.
    pub at: String,
    /// The desk's name (`--desk`, default the host name).
    pub desk: String,
}

impl Admission {
    /// This admission with its time: `now` when the caller left it to the
    /// log (`at` empty).
    #[must_use]
    pub fn stamped(mut self, now: &str) -> Self {
        if self.at.is_empty() {
            now.clone_into(&mut self.at);
        }
        self
    }

    /// `stamped` at the store's clock (read only when `at` is empty).
    #[must_use]
    pub fn stamped_now(&self) -> Self {
        if self.at.is_empty() {
            self.clone().stamped(&crate::clock::now_utc(None))
        } else {
            self.clone()
        }
    }
}

/// The figures a desk shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Admissions not undone.
    pub admitted: u64,
    /// Of them, since the time asked for.
    pub recent: u64,
}

/// The id of one scan (a UUID made by the lane that scanned): a scan sent
/// again (a retry after a timeout, a replay after an outage) is the same
/// admission, never a second one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScanId(pub uuid::Uuid);

impl ScanId {
    /// A new, random scan id.
    pub fn new() -> Self {
        Self(uuid::Uuid::new_v4())
    }
}

impl Default for ScanId {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Display for ScanId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::str::FromStr for ScanId {
    type Err = StoreError;
    fn from_str(s: &str) -> Result<Self, StoreError> {
        uuid::Uuid::parse_str(s)
            .map(Self)
            .map_err(|e| StoreError::ScanId {
                text: s.to_owned(),
                detail: e.to_string(),
            })
    }
}

/// What became of a scan sent to the desk log: exactly one lane admits a
/// ticket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    /// This scan admitted the ticket (or is a retry of the scan that did):
    /// the admission as recorded (`at` stamped).
    Admitted(Admission),
    /// Another scan admitted it first: the winner (its lane in `desk`, its
    /// time in `at`). Nothing was admitted.
    AlreadyAdmitted(Admission),
}

/// An admission undone, and the admission that still holds its ticket:
/// another lane's, when the ticket was admitted at two (a conflict) — an
/// undo never leaves such a ticket un-admitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undone {
    pub admission: Admission,
    pub kept: Option<Admission>,
}

impl Undone {
    /// An admission undone that nobody else held.
    pub fn alone(admission: Admission) -> Self {
        Self {
            admission,
            kept: None,
        }
    }
}

/// A change to an event's admissions: what the other lanes' counters and
/// last-scans lists follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Its number in the log: unique, and larger for a later change of the
    /// same ticket (across tickets neither gap-free nor in commit order).
    pub seq: u64,
    pub kind: ChangeKind,
    /// The admission made or undone (its lane in `desk`; for an undo, `at`
    /// is when the admission was made).
    pub admission: Admission,
    /// The scan that made the admission (None: a log that does not say):
    /// a lane that reads its own queued scan here knows it was recorded.
    pub scan: Option<ScanId>,
}

/// What a lane judging without the shared log knows of it (`DeskLog::alone`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alone {
    /// When the lane last read its copy of the log's admissions (UTC,
    /// "YYYY-MM-DD HH:MM:SS"; None: never).
    pub mirror_read_at: Option<String>,
    /// Why it is cut off (the log's error, or how long it waited).
    pub why: StoreError,
}

/// How far a reader of an event's changes has read (`DeskLog::newer`).
///
/// Changes are written side by side (scans of distinct tickets do not wait
/// for each other), so their numbers commit out of order and "the last
/// number I saw" would miss a change that commits late with a smaller one.
/// A cursor keeps instead a *horizon*: every change written by a
/// transaction older than it has been read. What was written at or after it
/// is read again on the next read, and the changes already read there
/// (`seen`) are skipped: none is missed, none is applied twice.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cursor {
    /// The oldest transaction that may still write a change not yet read
    /// (PostgreSQL: the xmin of the reading snapshot, an `xid8`).
    pub horizon: u64,
    /// The changes read that were written at or after `horizon`: (the
    /// writing transaction, `seq`).
    pub seen: Vec<(u64, u64)>,
}

/// What a dashboard of a door reads on a refresh (`DeskLog::door_read`):
/// the changes since its cursor, the forced admissions, the lanes'
/// heartbeats — a few rows whatever the log holds, past the first read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DoorRead {
    pub changes: Vec<Change>,
    /// Forced admissions among the changes read (a log read change by
    /// change).
    pub forced_new: u64,
    /// The door's forced admissions counted (a log that counts them).
    pub forced: Option<u64>,
    /// Each lane's last contact with the log: (lane, UTC text).
    pub heartbeats: Vec<(String, String)>,
    /// Each lane's last scan, whatever its verdict (a refused re-scan
    /// too): (lane, UTC text), as the lane wrote it.
    pub scans: Vec<(String, String)>,
    /// The door's capacity as its policy says now (0: none).
    pub capacity: u64,
    /// Where to read on from.
    pub cursor: Cursor,
    /// Rows the log read and sent (the bench's bound).
    pub rows: usize,
}

/// What a `Change` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    Admitted,
    Undone,
    /// A replayed admission that found the ticket admitted by another lane
    /// (the admission is the replayed one): the ticket was admitted twice.
    Conflict,
    /// The ticket left through an exit lane (the admission's lane and time
    /// are the exit's).
    Exit,
    /// The ticket came in again after an exit (re-entry on): an entry.
    Reentry,
}

impl ChangeKind {
    /// How the history writes it.
    pub fn word(self) -> &'static str {
        match self {
            Self::Admitted => "admitted",
            Self::Undone => "undone",
            Self::Conflict => "conflict",
            Self::Exit => "exit",
            Self::Reentry => "reentry",
        }
    }

    /// How the history writes a move (an exit or a re-entry); any other
    /// kind is not one.
    pub fn move_word(self) -> Result<&'static str, StoreError> {
        match self {
            Self::Exit | Self::Reentry => Ok(self.word()),
            other => Err(StoreError::NotAMove(other.word().to_owned())),
        }
    }

    /// A move's kind as a log's moves table writes it ('exit' or
    /// 'reentry', its CHECK).
    pub fn of_move(word: &str) -> Self {
        match Self::from_word(word) {
            Some(Self::Reentry) => Self::Reentry,
            _ => Self::Exit,
        }
    }

    /// The history's word read back (an unknown word: None).
    pub fn from_word(word: &str) -> Option<Self> {
        [
            Self::Admitted,
            Self::Undone,
            Self::Conflict,
            Self::Exit,
            Self::Reentry,
        ]
        .into_iter()
        .find(|k| k.word() == word)
    }
}

/// What became of an exit or a re-entry sent to the desk log: one lane
/// moves a ticket at a time, and only from where the log says it is (an
/// exit from inside, a re-entry from outside).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Moved {
    /// Recorded (`at` stamped), or a retry of the scan that was.
    Done(Admission),
    /// Not recorded: the ticket is not where the move starts from. Its
    /// latest move (another lane's exit, a re-entry), or None when it was
    /// never admitted or has only its admission.
    Refused(Option<(ChangeKind, Admission)>),
}

/// A door's policy as the log keeps it (`door::Policy` reads it): which
/// editions it admits, its opening hours (as set, and in UTC), re-entry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptPolicy {
    /// `this`, `all`, or edition ids (`12,13`).
    pub editions: String,
    /// Opening as set ("09:00", "2026-12-01 09:00"; empty: none) and in
    /// UTC ("YYYY-MM-DD HH:MM:SS").
    pub opens: String,
    pub opens_at: String,
    pub closes: String,
    pub closes_at: String,
    pub reentry: bool,
    /// The most guests inside at once (0: no limit).
    pub capacity: u64,
    /// The event's time zone the times were read in.
    pub timezone: String,
    /// Who set it (the lane or desk) and when (UTC).
    pub set_by: String,
    pub set_at: String,
}

/// A note that stops the door: on a ticket, or on a customer (every
/// ticket of theirs).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptNote {
    /// `ticket` or `customer`.
    pub on: String,
    pub id: u64,
    pub text: String,
    /// Who wrote it and when (UTC).
    pub by: String,
    pub at: String,
}

/// What a door keeps besides admissions: its policy, the notes, and each
/// ticket's latest exit or re-entry (who is outside).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DoorState {
    pub policy: Option<KeptPolicy>,
    pub notes: Vec<KeptNote>,
    /// The latest exit or re-entry of each ticket that has one (outside:
    /// those whose latest is an exit).
    pub moves: Vec<Change>,
}

/// An exit or a re-entry asked of a log: scan `scan` of `admission`
/// (`DoorOp::Move`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moving {
    pub admission: Admission,
    /// `ChangeKind::Exit` (from inside) or `ChangeKind::Reentry` (from
    /// outside).
    pub kind: ChangeKind,
    pub scan: ScanId,
}

impl Moving {
    /// What a log writes of it: the admission stamped now, the kind's
    /// word ("exit", "reentry") and the scan.
    pub fn into_row(self) -> Result<(Admission, &'static str, ScanId)> {
        let word = self.kind.move_word()?;
        Ok((self.admission.stamped_now(), word, self.scan))
    }
}

/// A call about a door's rules, as a lane sends it to the shared log (one
/// shape for the five: a lane forwards them alike).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DoorOp {
    /// `DeskLog::door_move`.
    Move(Moving),
    /// `DeskLog::admit_forced`.
    Forced { admission: Admission, scan: ScanId },
    /// `DeskLog::door`.
    Read { event_id: u64 },
    /// `DeskLog::set_policy`.
    SetPolicy { event_id: u64, policy: KeptPolicy },
    /// `DeskLog::set_note`.
    SetNote(KeptNote),
}

impl DoorOp {
    /// The op with its admission stamped now, if it carries one unstamped.
    #[must_use]
    pub fn stamped_now(self) -> Self {
        match self {
            Self::Move(m) => Self::Move(Moving {
                admission: m.admission.stamped_now(),
                ..m
            }),
            Self::Forced { admission, scan } => Self::Forced {
                admission: admission.stamped_now(),
                scan,
            },
            other => other,
        }
    }
}

/// The log's answer to a [`DoorOp`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DoorDone {
    Moved(Moved),
    Recorded(Recorded),
    State(DoorState),
    Set,
}

impl DoorDone {
    /// The answer the op asked for, or an error naming what came instead.
    fn expect<T>(self, pick: impl FnOnce(Self) -> Option<T>) -> Result<T, StoreError> {
        let said = format!("{self:?}");
        pick(self).ok_or(StoreError::Answered(said))
    }

    pub fn moved(self) -> Result<Moved, StoreError> {
        self.expect(|d| match d {
            Self::Moved(m) => Some(m),
            _ => None,
        })
    }

    pub fn recorded(self) -> Result<Recorded, StoreError> {
        self.expect(|d| match d {
            Self::Recorded(r) => Some(r),
            _ => None,
        })
    }

    pub fn state(self) -> Result<DoorState, StoreError> {
        self.expect(|d| match d {
            Self::State(s) => Some(s),
            _ => None,
        })
    }

    pub fn set(self) -> Result<(), StoreError> {
        self.expect(|d| matches!(d, Self::Set).then_some(()))
    }
}

/// Whether the desk log's shared part can be reached: what a lane's banner
/// says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reach {
    /// A log on this machine only (SQLite): no other lanes.
    Local,
    /// The shared log answers; `queued` admissions made while it did not
    /// are still to be replayed.
    Shared { queued: usize },
    /// The shared log has not answered since `since` (UTC, "YYYY-MM-DD
    /// HH:MM:SS"): verdicts from this lane only, its admissions queued
    /// (`queued` of them) for when it is back.
    Unreachable { since: String, queued: usize },
}

/// A ticket admitted by two lanes while one of them was cut off from the
/// shared log: found when the later one replayed its queue. The shared log
/// keeps the first one to reach it; the other is kept here, never dropped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conflict {
    pub event_id: u64,
    pub ticket_id: u64,
    pub number: String,
    /// The lane whose admission the shared log kept, and when it scanned.
    pub kept_lane: String,
    pub kept_at: String,
    /// The lane whose replayed admission found it there, and when it
    /// scanned (while cut off).
    pub replayed_lane: String,
    pub replayed_at: String,
    /// When the replay found it (UTC).
    pub found_at: String,
}

impl std::fmt::Display for Conflict {
    /// `admitted twice: lane 3 19:02:10, lane 7 19:04:55` (earlier first).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let time = |at: &str| at.get(11..19).unwrap_or(at).to_owned();
        let mut two = [
            (&self.kept_at, &self.kept_lane),
            (&self.replayed_at, &self.replayed_lane),
        ];
        two.sort();
        write!(
            f,
            "admitted twice: {} {}, {} {}",
            two[0].1,
            time(two[0].0),
            two[1].1,
            time(two[1].0)
        )
    }
}

/// The admissions of every desk using this store.
///
/// The screens call it on the blocking pool (`executor::call`): a
/// desk judges from memory and records after. For a door with several
/// lanes, the desk calls `admit` (a lost race comes back as
/// `Recorded::AlreadyAdmitted` with the winner), watches `hints` and reads
/// `newer` on each for the other lanes' admissions and undos, shows
/// `reach` (the banner) and `conflicts`.
pub trait DeskLog: Send {
    /// Records scan `scan` of `admission` (one transaction: it survives a
    /// crash once this returns) unless the ticket is already admitted at
    /// that event: one admission per (event, ticket) not undone. A scan id
    /// already recorded is answered as it was the first time, adding
    /// nothing.
    fn admit(&mut self, admission: &Admission, scan: ScanId) -> Result<Recorded, StoreError>;
    /// `admit` under a new scan id; a ticket already admitted is an error
    /// naming the winner. Returns the admission as recorded (`at` stamped).
    fn record(&mut self, admission: &Admission) -> Result<Admission, StoreError> {
        match self.admit(admission, ScanId::new())? {
            Recorded::Admitted(a) => Ok(a),
            Recorded::AlreadyAdmitted(w) => Err(StoreError::AlreadyAdmitted {
                time: w.at.get(11..19).unwrap_or(&w.at).to_owned(),
                desk: w.desk,
            }),
        }
    }
    /// The admission of ticket `ticket_id` at event `event_id`, if any.
    fn lookup(&self, event_id: u64, ticket_id: u64) -> Result<Option<Admission>, StoreError>;
    /// Undoes the last admission `desk` made at `event_id`; returns it.
    /// Only this desk's own: another lane's admission is never undone here.
    fn undo_last(&mut self, event_id: u64, desk: &str) -> Result<Option<Undone>, StoreError>;
    /// Undoes `desk`'s admission of ticket `ticket_id` at `event_id`, if it
    /// is there and not undone; returns it, and the admission that still
    /// holds the ticket when another lane admitted it too (a conflict: the
    /// other side becomes the ticket's admission). (The desk names the
    /// guest it asks about: what is undone is that admission, whatever came
    /// since.)
    fn undo(&mut self, event_id: u64, desk: &str, ticket_id: u64) -> Result<Option<Undone>>;
    /// Every admission at `event_id` not undone, oldest first (a desk
    /// opening loads them into memory: verdicts never wait for the disk).
    fn admitted(&self, event_id: u64) -> Result<Vec<Admission>, StoreError>;
    /// Admissions at `event_id`, and those at or after `since` (UTC,
    /// "YYYY-MM-DD HH:MM:SS").
    fn counts(&self, event_id: u64, since: &str) -> Result<Counts, StoreError>;
    /// The changes at `event_id` not yet read from `after` (the default
    /// cursor: from the start), oldest first per ticket, at most `limit`,
    /// and the cursor to ask with next; a desk keeps it and asks again on
    /// each hint. A log with no other lanes has none.
    fn newer(&mut self, event_id: u64, after: &Cursor, limit: usize) -> Result<NewerPage> {
        let _ = (event_id, limit);
        Ok((Vec::new(), after.clone()))
    }
    /// A cursor at the event's changes as they are now (where a desk that
    /// then loads `admitted` starts following `newer`).
    fn cursor(&mut self, event_id: u64) -> Result<Cursor, StoreError> {
        let _ = event_id;
        Ok(Cursor::default())
    }
    /// Ticks when there may be something `newer` (another lane's
    /// notification, a reconnect, every few seconds), and when `reach`
    /// changed: the desk's executor awaits `changed()` on it. None: nothing
    /// ever changes behind this desk's back.
    fn hints(&self) -> Option<tokio::sync::watch::Receiver<u64>> {
        None
    }
    /// For a log in a file of this machine: a number that moves when
    /// another process (a `door set`, a `note`, an `admit`) committed to it
    /// since this one last looked (SQLite's `PRAGMA data_version`): a desk
    /// on it polls this to follow them. None: not such a log.
    fn data_version(&self) -> Option<i64> {
        None
    }
    /// A lane cut off from the shared log: why, and how old its copy of
    /// the log's admissions at `event_id` is (None: not cut off, or no
    /// shared log).
    fn alone(&self, _event_id: u64) -> Option<Alone> {
        None
    }
    /// Whether the shared log answers (a lane's banner).
    fn reach(&self) -> Reach {
        Reach::Local
    }
    /// The tickets admitted twice (`event_id`: at that event only), oldest
    /// first.
    fn conflicts(&mut self, event_id: Option<u64>) -> Result<Vec<Conflict>, StoreError> {
        let _ = event_id;
        Ok(Vec::new())
    }
    /// A write at the door ([`DoorOp`]: a forced admission, a move, the
    /// policy, a note), answered by the log; the calls below are this one.
    /// A log without a door keeps none of them (and reads its door as
    /// `door` says).
    fn door_write(&mut self, op: DoorOp) -> Result<DoorDone, StoreError> {
        let kept = match op {
            DoorOp::Read { event_id } => return self.door(event_id).map(DoorDone::State),
            DoorOp::Move(_) => Kept::Exits,
            DoorOp::Forced { .. } => Kept::Forced,
            DoorOp::SetPolicy { .. } => Kept::Policy,
            DoorOp::SetNote(_) => Kept::Notes,
        };
        Err(StoreError::NotKept(kept))
    }
    /// `admit`, recorded as forced (outside the door's opening hours, by
    /// `admission.desk`): the history keeps a `forced` row beside it.
    fn admit_forced(&mut self, admission: &Admission, scan: ScanId) -> Result<Recorded> {
        self.door_write(DoorOp::Forced {
            admission: admission.clone(),
            scan,
        })?
        .recorded()
    }
    /// An exit (`ChangeKind::Exit`, from inside) or a re-entry
    /// (`ChangeKind::Reentry`, from outside) of `admission.ticket_id` at
    /// `admission.event_id` by lane `admission.desk`: one at a time per
    /// ticket, in the history every lane reads.
    fn door_move(
        &mut self,
        admission: &Admission,
        kind: ChangeKind,
        scan: ScanId,
    ) -> Result<Moved, StoreError> {
        self.door_write(DoorOp::Move(Moving {
            admission: admission.clone(),
            kind,
            scan,
        }))?
        .moved()
    }
    /// The door of `event_id`: its policy, the notes, who is outside.
    fn door(&self, event_id: u64) -> Result<DoorState, StoreError> {
        let _ = event_id;
        Ok(DoorState::default())
    }
    /// Sets the policy of the door of `event_id` (every lane follows it).
    fn set_policy(&mut self, event_id: u64, policy: &KeptPolicy) -> Result<(), StoreError> {
        self.door_write(DoorOp::SetPolicy {
            event_id,
            policy: policy.clone(),
        })?
        .set()
    }
    /// Keeps `note` (an empty text clears the note on its ticket or
    /// customer).
    fn set_note(&mut self, note: &KeptNote) -> Result<(), StoreError> {
        self.door_write(DoorOp::SetNote(note.clone()))?.set()
    }
    /// What a dashboard of the door of `event_id` reads from `after` (the
    /// default cursor: from the start), at most `limit` changes.
    fn door_read(&mut self, event_id: u64, after: &Cursor, limit: usize) -> Result<DoorRead> {
        let (changes, cursor) = self.newer(event_id, after, limit)?;
        Ok(DoorRead {
            rows: changes.len(),
            changes,
            cursor,
            ..DoorRead::default()
        })
    }
    /// A scan was judged at this lane at `at` (UTC text), whatever its
    /// verdict: the lane's "last scan" on a dashboard. A log without lanes
    /// keeps none.
    fn scanned(&mut self, event_id: u64, at: &str) -> Result<(), StoreError> {
        let _ = (event_id, at);
        Ok(())
    }
    /// Ticks when another lane may have changed the door (a dashboard
    /// waits on it, or a second). Default: `hints`.
    fn door_hints(&self) -> Option<tokio::sync::watch::Receiver<u64>> {
        self.hints()
    }
    /// A one-shot lane's scan in one round trip, where this log takes one
    /// (docs/lanes.md, "Round trips").
    fn once(&mut self) -> Option<&mut dyn OneShot> {
        None
    }
    /// Another handle on this log, for reads made while this one records
    /// (a running lane follows the others with it while it scans): the
    /// same connection and what the lane knows, its calls sent beside this
    /// one's. None: this log's reads are quick (this machine's file).
    fn reader(&self) -> Option<Box<dyn DeskLog>> {
        None
    }
}
