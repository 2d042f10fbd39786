//! A one-shot lane (`admit`) on a log that takes a scan in one round trip
//! (`DeskLog::scan_once`): the door judged from as its file kept it, the
//! scan sent once with its look-up, and judged again when the door moved
//! (docs/lanes.md, "Round trips").

use std::time::Instant;

use super::Lane;
use crate::clock;
use crate::commands::Failure;
use crate::door::{LaneKind, Notes, Policy, Source, Ticket, Verdict};
use crate::store::{Admission, DeskLog, KeptDoor, OneScan, OneShot, ScanId, StoreError};

impl Lane {
    /// A one-shot lane's door: as its file kept it from the log's last
    /// answer, else (the first `admit` here) read with its stamp in one
    /// round trip. A door with a capacity (who is inside is read whole)
    /// or a log cut off: read as a lane reads it, call by call.
    pub(super) async fn open_once(&mut self) -> Result<(), Failure> {
        let event_id = self.state.target.event_id;
        let mut kept = self.log("", move |l| once(l)?.door_kept(event_id)).await?;
        if kept.is_none() {
            let ask = OneScan {
                event_id,
                ticket: None,
                scan: ScanId::new(),
                record: false,
                stamp: None,
                scanned: None,
            };
            kept = self.log("", move |l| once(l)?.scan_once(&ask)).await?.door;
        }
        match kept {
            Some(door) if door.policy.as_ref().is_none_or(|p| p.capacity == 0) => {
                self.door_is(door);
                Ok(())
            }
            _ => {
                self.once = false;
                self.read_door().await
            }
        }
    }

    /// The door's policy and notes as the log stamped them.
    fn door_is(&mut self, door: KeptDoor) {
        self.door_read_at = Some(Instant::now());
        self.state.policy = Policy::read(door.policy.as_ref(), &self.here);
        self.state.notes = Notes::of(&door.notes);
        self.stamp = Some(door.stamp);
    }

    /// A one-shot's scan sent once: the ticket's admission and its latest
    /// move learnt, the door as the log has it if it moved (the verdict is
    /// judged again from it), and the scan recorded when `record` (kept
    /// for `admit`). True when the door moved.
    pub(super) async fn scan_once(&mut self, a: Admission, record: bool) -> Result<bool, Failure> {
        let ticket_id = a.ticket_id;
        let ask = OneScan {
            event_id: self.state.target.event_id,
            ticket: Some(a),
            scan: ScanId::new(),
            record,
            stamp: self.stamp.clone(),
            scanned: Some(clock::now_utc(None)),
        };
        let told = self.log("", move |l| once(l)?.scan_once(&ask)).await?;
        let moved = told.door.is_some();
        if let Some(door) = told.door {
            let capacity = door.policy.as_ref().is_some_and(|p| p.capacity > 0);
            self.door_is(door);
            if capacity {
                // Who is inside, read whole: on as a lane reads call by call.
                self.once = false;
                self.read_door().await?;
            }
        }
        if let Some(recorded) = told.recorded {
            // Recorded: `admit` settles it (a lost race turns the verdict).
            self.pre = Some((ticket_id, recorded));
        } else {
            if let Some(held) = told.held {
                self.state.admissions.know(held, &self.state.name);
            }
            if let Some(m) = told.moved {
                self.state.admissions.know_moves(vec![m]);
            }
        }
        Ok(moved)
    }

    /// A one-shot's look-up of `ticket` (judged `verdict` from a list
    /// read as `source` says), and its scan recorded in the same round
    /// trip when this VALID needs nothing first (a check of the ticket, a
    /// forced admission, an exit lane's move). True when the door moved:
    /// the verdict is judged again from it.
    pub(super) async fn look_up_once(
        &mut self,
        ticket: &Ticket,
        verdict: Verdict,
        source: Source,
        wall: &str,
    ) -> Result<bool, Failure> {
        let record = verdict == Verdict::Valid
            && self.state.kind == LaneKind::Entry
            && (source == Source::Read
                || self
                    .read_at
                    .is_none_or(|at| at.elapsed() < super::LIST_FRESH))
            && self.state.policy.bars(wall, self.inside()).is_none();
        let a = self.admission(ticket);
        self.scan_once(a, record).await
    }
}

/// The log's one-shot scan (a lane is `once` only where it has one).
fn once(log: &mut dyn DeskLog) -> Result<&mut dyn OneShot, StoreError> {
    log.once().ok_or(StoreError::Unreachable)
}
