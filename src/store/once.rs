//! What a one-shot lane (`admit`, a new process each scan) and the shared
//! log say to each other to take a scan in one round trip: the door as
//! the lane keeps it between processes, the scan asked, and the answers
//! (docs/lanes.md, "Round trips").

use serde::{Deserialize, Serialize};

use super::{Admission, Change, Cursor, KeptNote, KeptPolicy, Recorded, ScanId, StoreError};

/// A door's policy and notes as a one-shot lane keeps them in its file
/// between processes, with the shared log's stamp of them: its next scan
/// is judged from them and recorded only if the log's stamp is the same
/// (docs/lanes.md, "Round trips").
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptDoor {
    pub stamp: String,
    pub policy: Option<KeptPolicy>,
    pub notes: Vec<KeptNote>,
}

/// A one-shot lane's scan, asked of the shared log at once
/// (`DeskLog::scan_once`).
#[derive(Debug, Clone)]
pub struct OneScan {
    pub event_id: u64,
    /// The ticket scanned, as its admission would be recorded (None: the
    /// door only).
    pub ticket: Option<Admission>,
    pub scan: ScanId,
    /// Record it, if the door is as `stamp` says and nobody holds the
    /// ticket.
    pub record: bool,
    /// The stamp of the door the verdict was judged from (None: none kept).
    pub stamp: Option<String>,
    /// When the scan was judged (the lane's last scan; None: not a scan).
    pub scanned: Option<String>,
}

/// What the shared log answered a [`OneScan`] (cut off: what the lane
/// knows, and the scan queued).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OneScanned {
    /// The door as the log keeps it, when its stamp is not the one asked
    /// with (kept in the lane's file too).
    pub door: Option<KeptDoor>,
    /// The ticket's admission.
    pub held: Option<Admission>,
    /// Its latest exit or re-entry under that admission.
    pub moved: Option<Change>,
    /// The scan recorded (asked to and the door's stamp unchanged).
    pub recorded: Option<Recorded>,
}

/// What the shared log answered a one-shot lane's scan in one round trip
/// (`SharedLog::scan_once_async`).
#[derive(Debug, Clone, Default)]
pub struct OnceTold {
    /// The log's identity (its schema is this build's: else an error).
    pub log_id: String,
    /// The door's stamp, and the door itself when it is not the one asked
    /// with.
    pub door: Option<KeptDoor>,
    /// What is newer after the cursor given, and the cursor to read on
    /// from (None: no cursor was given).
    pub newer: Option<(Vec<Change>, Cursor)>,
    pub held: Option<Admission>,
    pub moved: Option<Change>,
    /// What became of the scan, when it was sent to `desk_admit`.
    pub told: Option<Recorded>,
}

/// A log that takes a one-shot lane's scan in one round trip
/// (`DeskLog::once`).
pub trait OneShot {
    /// The scan: the log's door if it moved, the ticket's admission, the
    /// scan recorded when asked.
    fn scan_once(&mut self, ask: &OneScan) -> Result<OneScanned, StoreError>;
    /// The door of `event_id` as this machine's file kept it from the
    /// shared log's last answer to `scan_once` (None: none kept).
    fn door_kept(&self, event_id: u64) -> Result<Option<KeptDoor>, StoreError>;
}
