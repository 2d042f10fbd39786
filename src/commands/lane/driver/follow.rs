//! A running lane's follow: what the other lanes did and the door's rules,
//! read once a second — on a shared log beside the scans, on a handle of
//! its own (`DeskLog::reader`), its answer applied between two scans.

use std::time::Instant;

use super::Lane;
use crate::commands::Failure;
use crate::door::{Notes, Policy};
use crate::store::{Admission, Change, Cursor, DeskLog, DoorState, StoreError};

/// What a follow read of the log (`Lane::follow_apart`): applied to the
/// lane between two scans (`Lane::followed`).
pub struct Followed {
    /// The changes since the lane's cursor, and the cursor after them
    /// (None: the log did not answer).
    changes: Vec<Change>,
    cursor: Option<Cursor>,
    /// The door's rules (policy, notes, who is outside).
    door: DoorState,
    /// Every admission at the door, for a door with a capacity whose lane
    /// has not read them yet.
    all: Option<Vec<Admission>>,
    /// How many moves the lane had recorded when the follow began.
    moves: u64,
}

impl Lane {
    /// Follows the other lanes (what they admitted and moved since this
    /// lane last looked) and reads the door's rules, on this lane's log:
    /// a running lane on this machine's file calls it while idle.
    pub async fn follow(&mut self) -> Result<(), Failure> {
        let read = self.follow_read();
        let followed = self.log("", read).await?;
        self.followed(followed);
        Ok(())
    }

    /// `follow`'s reads on a handle of their own (`DeskLog::reader`): a
    /// running lane on a shared log runs them as a task while it goes on
    /// scanning, and applies their answer (`followed`) between two scans,
    /// so a scan never waits for their round trips. None: the log's reads
    /// are quick (this machine's file); `follow` does them.
    pub fn follow_apart(
        &self,
    ) -> Option<impl Future<Output = Result<Followed, Failure>> + Send + 'static> {
        let mut reader = self.log_ref()?.reader()?;
        let read = self.follow_read();
        Some(async move {
            crate::blocking::run(move || read(reader.as_mut()))
                .await
                .map_err(|e| Failure::desk_log_failed("", e))?
                .map_err(|e| Failure::Other(e.into()))
        })
    }

    /// What a follow reads, in order: the door's rules, a cursor (the first
    /// time) and what is newer than it, and every admission when the door
    /// has a capacity and the lane has not read them.
    fn follow_read(
        &self,
    ) -> impl FnOnce(&mut dyn DeskLog) -> Result<Followed, StoreError> + Send + 'static {
        let event_id = self.state.target.event_id;
        let cursor = self.cursor.clone();
        let here = self.here.clone();
        let all_known = self.all_known;
        let moves = self.moves;
        move |l| {
            // The door's rules first: a lane cut off reads them from this
            // machine's file, though it has no cursor to read on from.
            let door = l.door(event_id)?;
            let newer = match cursor {
                Some(c) => Ok(c),
                None => l.cursor(event_id),
            }
            .and_then(|c| l.newer(event_id, &c, 1000));
            let (changes, cursor) = match newer {
                Ok((changes, cursor)) => (changes, Some(cursor)),
                Err(_) => (Vec::new(), None),
            };
            let capacity = Policy::read(door.policy.as_ref(), &here).capacity;
            let all = if capacity.is_some() && !all_known {
                Some(l.admitted(event_id)?)
            } else {
                None
            };
            Ok(Followed {
                changes,
                cursor,
                door,
                all,
                moves,
            })
        }
    }

    /// A follow's answer, applied between two scans: the other lanes'
    /// changes, the door's rules, and who is outside unless this lane
    /// moved a guest since the follow began (its read is older than the
    /// move; the next one says it).
    pub fn followed(&mut self, followed: Followed) {
        for change in followed.changes {
            self.state.admissions.changed(change, &self.state.name);
        }
        if let Some(cursor) = followed.cursor {
            self.cursor = Some(cursor);
        }
        self.door_read_at = Some(Instant::now());
        self.state.policy = Policy::read(followed.door.policy.as_ref(), &self.here);
        self.state.notes = Notes::of(&followed.door.notes);
        if let Some(all) = followed.all
            && !self.all_known
        {
            for a in all {
                self.state.admissions.know(a, &self.state.name);
            }
            self.all_known = true;
        }
        if followed.moves == self.moves {
            self.state.admissions.know_moves(followed.door.moves);
        }
    }
}
