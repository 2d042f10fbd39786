//! The lane's mirror of the shared log: the followed event's admissions
//! as last read, in memory and in the lane's file. A lane cut off judges
//! from it; a round of the task advances it with what is newer.

use std::time::Duration;

use super::{Follow, Inner, LaneLog, locked};
use crate::store::shared::SharedLog;
use crate::store::{Admission, Change, ChangeKind, Cursor, ScanId};

/// How often a mirror read that changed nothing is kept in the file anyway
/// (its cursor and the time it was read: how old the mirror is).
const KEEP_READ: Duration = Duration::from_secs(10);

impl<S: SharedLog> LaneLog<S> {
    /// `f` of the followed event's mirror in memory, if it is `event_id`'s
    /// and loaded.
    pub(super) fn loaded<T>(&self, event_id: u64, f: impl FnOnce(&Follow) -> T) -> Option<T> {
        let state = locked(&self.inner.state).ok()?;
        state
            .follow
            .as_ref()
            .filter(|f| f.event_id == event_id && f.cursor.is_some())
            .map(f)
    }

    /// The admissions of `event_id` as this lane's mirror of the shared log
    /// has them: the followed event's in memory, else from the file.
    pub(super) fn seen_of(&self, event_id: u64) -> Vec<Admission> {
        if let Some(seen) = self.loaded(event_id, |f| f.admitted.values().cloned().collect()) {
            return seen;
        }
        locked(&self.inner.local)
            .and_then(|l| l.mirror_admitted(event_id))
            .unwrap_or_default()
    }

    /// The admission of `ticket_id` at `event_id` as this lane's mirror of
    /// the shared log has it (the followed event's in memory, else the
    /// file's).
    /// Whether the mirror read `ticket_id`'s admission as made by `scan`
    /// (among the latest admissions it read).
    pub(super) fn seen_scan(&self, event_id: u64, ticket_id: u64, scan: ScanId) -> bool {
        self.loaded(event_id, |f| f.scans.contains(&(ticket_id, scan)))
            .unwrap_or(false)
    }

    pub(super) fn seen_ticket(&self, event_id: u64, ticket_id: u64) -> Option<Admission> {
        if let Some(seen) = self.loaded(event_id, |f| f.admitted.get(&ticket_id).cloned()) {
            return seen;
        }
        locked(&self.inner.local)
            .ok()?
            .mirror_lookup(event_id, ticket_id)
            .ok()
            .flatten()
    }
}

impl Inner {
    /// Applies what `newer` read from `cursor` to the mirror, unless the
    /// lane follows another event (or the same one afresh) by now: true
    /// when it did.
    pub(super) fn apply(
        &self,
        event_id: u64,
        from: &Cursor,
        changes: &[Change],
        next: Cursor,
    ) -> bool {
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        let Some(follow) = state
            .follow
            .as_mut()
            .filter(|f| f.event_id == event_id && f.cursor.as_ref() == Some(from))
        else {
            return false;
        };
        for change in changes {
            let ticket = change.admission.ticket_id;
            match change.kind {
                ChangeKind::Admitted => {
                    follow.admitted.insert(ticket, change.admission.clone());
                    if let Some(scan) = change.scan {
                        if follow.scans.len() == super::RECENT_SCANS {
                            follow.scans.pop_front();
                        }
                        follow.scans.push_back((ticket, scan));
                    }
                }
                ChangeKind::Undone => {
                    // Only the admission the mirror holds (an undo of a
                    // conflict's other side leaves it).
                    if follow
                        .admitted
                        .get(&ticket)
                        .is_some_and(|a| a.desk == change.admission.desk)
                    {
                        follow.admitted.remove(&ticket);
                    }
                }
                // The mirror keeps the admission the log keeps (a ticket
                // that left is still admitted).
                ChangeKind::Conflict | ChangeKind::Exit | ChangeKind::Reentry => {}
            }
            follow.last = follow.last.max(change.seq);
        }
        follow.cursor = Some(next);
        let last = follow.last;
        drop(state);
        self.publish(last);
        true
    }

    /// The mirror's read was just kept in the file.
    pub(super) fn kept_now(&self) {
        if let Ok(mut kept) = self.kept.lock() {
            *kept = Some(std::time::Instant::now());
        }
    }

    /// Whether a read of `changes` is to be kept in the file now: always
    /// when it changed something, else every [`KEEP_READ`].
    pub(super) fn keep(&self, changes: &[Change]) -> bool {
        let Ok(mut kept) = self.kept.lock() else {
            return true;
        };
        let now = std::time::Instant::now();
        let due = !changes.is_empty() || kept.is_none_or(|at| now.duration_since(at) >= KEEP_READ);
        if due {
            *kept = Some(now);
        }
        due
    }

    /// Tells `applied`'s watchers the largest change number applied.
    pub(super) fn publish(&self, last: u64) {
        self.applied.send_if_modified(|applied| {
            let moved = *applied != last;
            *applied = last;
            moved
        });
    }
}
