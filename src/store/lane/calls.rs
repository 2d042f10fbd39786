//! The calls a desk makes on a lane (`DeskLog`): the shared log first,
//! within the deadline; cut off, the lane's mirror and its own file, where
//! an admission is queued for the shared log. The door's rules are the
//! shared log's only: a lane cut off refuses them.

use std::sync::atomic::Ordering;

use tokio::sync::watch;

use super::{LaneLog, locked};
use crate::store::shared::SharedLog;
use crate::store::{
    Admission, Alone, Conflict, Counts, Cursor, DeskLog, DoorDone, DoorOp, DoorRead, DoorState,
    KeptNote, KeptPolicy, NewerPage, OneShot, Reach, Recorded, Result, ScanId, StoreError, Undone,
};

impl<S: SharedLog> LaneLog<S> {
    /// The shared log admitted `admitted` (scan `scan`) at this lane: seen
    /// at once by its own judging, and a copy kept in this machine's file.
    pub(super) fn admitted_online(&self, admitted: &Admission, scan: ScanId) {
        // Seen at once by this lane's own judging, before the feed.
        if let Ok(mut state) = locked(&self.inner.state)
            && let Some(follow) = state
                .follow
                .as_mut()
                .filter(|f| f.event_id == admitted.event_id)
        {
            follow
                .admitted
                .entry(admitted.ticket_id)
                .or_insert_with(|| admitted.clone());
        }
        // A copy in this machine's file, off the scan's path: a lane
        // started again without the database still knows its own.
        let (inner, admitted) = (self.inner.clone(), admitted.clone());
        crate::blocking::detach(&self.handle, move || {
            if let Ok(mut local) = inner.local.lock() {
                let key = (admitted.event_id, admitted.ticket_id);
                let undone = inner.undone_early.lock().is_ok_and(|mut u| u.remove(&key));
                if !undone {
                    let _ = local.admit(&admitted, scan);
                }
            }
        });
    }

    /// Undoes `desk`'s admission of `ticket` (its last one when none is
    /// named): one still queued here, before it is replayed; else in the
    /// shared log, and this machine's copy with it.
    fn undo_one(
        &mut self,
        event_id: u64,
        desk: &str,
        ticket: Option<u64>,
    ) -> Result<Option<Undone>, StoreError> {
        let queued = {
            let mut local = locked(&self.inner.local)?;
            match ticket {
                None => local.undo_last_queued(event_id, desk)?,
                Some(ticket) => local.undo_queued_ticket(event_id, ticket, desk)?,
            }
        };
        if let Some(undone) = queued {
            // Queued: nobody else had it (the lane would have said so).
            return Ok(Some(Undone::alone(undone)));
        }
        let lane = desk.to_owned();
        match self.shared_call(move |shared| async move {
            shared.undo_async(event_id, &lane, ticket).await
        }) {
            Some(undone) => {
                if let Some(u) = &undone {
                    let ticket = u.admission.ticket_id;
                    {
                        // The file's lock first: a copy being written is
                        // undone after it, one not yet written is not written.
                        let mut local = locked(&self.inner.local)?;
                        if local.undo_ticket(event_id, ticket, desk)?.is_none()
                            && let Ok(mut early) = self.inner.undone_early.lock()
                        {
                            early.insert((event_id, ticket));
                        }
                        // The mirror in the file at once (a lane cut off
                        // next judges from it).
                        local.mirror_undone(&u.admission, u.kept.as_ref())?;
                    }
                    // This lane's own judging sees it at once, before the feed.
                    if let Ok(mut state) = locked(&self.inner.state)
                        && let Some(follow) =
                            state.follow.as_mut().filter(|f| f.event_id == event_id)
                    {
                        match &u.kept {
                            Some(kept) => {
                                follow.admitted.insert(ticket, kept.clone());
                            }
                            None => {
                                follow.admitted.remove(&ticket);
                            }
                        }
                    }
                }
                Ok(undone)
            }
            None => Err(StoreError::UnreachableUndo),
        }
    }
}

impl<S: SharedLog> DeskLog for LaneLog<S> {
    fn admit(&mut self, a: &Admission, scan: ScanId) -> Result<Recorded, StoreError> {
        let stored = a.stamped_now();
        // The queue first, if there is one and the log may answer.
        self.contact(stored.event_id);
        let online = {
            let stored = stored.clone();
            self.scan_call(
                move |shared| async move { shared.admit_async(&stored, scan, false).await },
            )
        };
        if let Some(recorded) = online {
            if let Recorded::Admitted(admitted) = &recorded {
                self.admitted_online(admitted, scan);
            }
            return Ok(recorded);
        }
        // Cut off: the last shared admissions seen, then this machine's.
        if let Some(winner) = self.seen_ticket(stored.event_id, stored.ticket_id) {
            // This very scan, its write done though its answer came too
            // late (the mirror read it meanwhile): admitted, not a guest
            // admitted before.
            if self.seen_scan(stored.event_id, stored.ticket_id, scan) {
                self.admitted_online(&winner, scan);
                return Ok(Recorded::Admitted(winner));
            }
            // Judged offline: a ticket another lane admitted before.
            return Ok(Recorded::AlreadyAdmitted(winner));
        }
        let bound = self.inner.bound()?;
        let recorded = locked(&self.inner.local)?.admit_queued_for(&stored, scan, &bound)?;
        self.inner.maybe_queued.store(true, Ordering::SeqCst);
        self.inner.hints.send_modify(|n| *n += 1);
        Ok(recorded)
    }

    fn lookup(&self, event_id: u64, ticket_id: u64) -> Result<Option<Admission>, StoreError> {
        self.contact(event_id);
        if let Some(found) = self
            .scan_call(move |shared| async move { shared.lookup_async(event_id, ticket_id).await })
        {
            return Ok(found);
        }
        if let Some(seen) = self.seen_ticket(event_id, ticket_id) {
            return Ok(Some(seen));
        }
        locked(&self.inner.local)?.lookup(event_id, ticket_id)
    }

    fn undo_last(&mut self, event_id: u64, desk: &str) -> Result<Option<Undone>, StoreError> {
        self.undo_one(event_id, desk, None)
    }

    fn undo(&mut self, event_id: u64, desk: &str, ticket_id: u64) -> Result<Option<Undone>> {
        self.undo_one(event_id, desk, Some(ticket_id))
    }

    fn admitted(&self, event_id: u64) -> Result<Vec<Admission>, StoreError> {
        let shared =
            self.shared_call(move |shared| async move { shared.admitted_async(event_id).await });
        let mut all = match shared {
            Some(admitted) => admitted,
            None => self.seen_of(event_id),
        };
        let queued = self.queued_at(event_id)?;
        all.extend(queued);
        all.sort_by(|a, b| a.at.cmp(&b.at));
        // Follow the event a desk has opened.
        if let Ok(state) = locked(&self.inner.state)
            && state.follow.as_ref().is_none_or(|f| f.event_id != event_id)
        {
            drop(state);
            self.follow(event_id);
        }
        Ok(all)
    }

    fn counts(&self, event_id: u64, since: &str) -> Result<Counts, StoreError> {
        let since_owned = since.to_owned();
        let shared = self.shared_call(move |shared| async move {
            shared.counts_async(event_id, &since_owned).await
        });
        let queued = self.queued_at(event_id)?;
        let mut counts = if let Some(counts) = shared {
            counts
        } else {
            let seen = self.seen_of(event_id);
            Counts {
                admitted: seen.len() as u64,
                recent: seen.iter().filter(|a| a.at.as_str() >= since).count() as u64,
            }
        };
        counts.admitted += queued.len() as u64;
        counts.recent += queued.iter().filter(|a| a.at.as_str() >= since).count() as u64;
        Ok(counts)
    }

    fn newer(&mut self, event_id: u64, after: &Cursor, limit: usize) -> Result<NewerPage> {
        let from = after.clone();
        Ok(self
            .shared_call(
                move |shared| async move { shared.newer_async(event_id, &from, limit).await },
            )
            .unwrap_or_else(|| (Vec::new(), after.clone())))
    }

    fn cursor(&mut self, event_id: u64) -> Result<Cursor, StoreError> {
        // Who follows an event from here on is a lane of it: its task
        // follows it too, and beats there.
        if locked(&self.inner.state)?.follow.is_none() {
            self.follow(event_id);
        }
        self.shared_call(move |shared| async move { shared.cursor_async(event_id).await })
            .ok_or(StoreError::Unreachable)
    }

    fn door_read(&mut self, event_id: u64, after: &Cursor, limit: usize) -> Result<DoorRead> {
        let from = after.clone();
        self.shared_call(move |shared| async move {
            shared.door_read_async(event_id, &from, limit).await
        })
        .ok_or(StoreError::Unreachable)
    }

    fn door_hints(&self) -> Option<watch::Receiver<u64>> {
        Some(self.inner.heard.subscribe())
    }

    /// A twin of this lane: the same shared log (its one connection) and
    /// the same state, with no task of its own.
    fn reader(&self) -> Option<Box<dyn DeskLog>> {
        Some(Box::new(Self {
            shared: self.shared.clone(),
            inner: self.inner.clone(),
            handle: self.handle.clone(),
            task: None,
        }))
    }

    fn hints(&self) -> Option<watch::Receiver<u64>> {
        Some(self.inner.hints.subscribe())
    }

    fn once(&mut self) -> Option<&mut dyn OneShot> {
        if self.shared.scans_once() {
            Some(self)
        } else {
            None
        }
    }

    fn alone(&self, event_id: u64) -> Option<Alone> {
        if !self.unreachable() {
            return None;
        }
        let mirror_read_at = locked(&self.inner.local)
            .ok()?
            .mirror_read(event_id)
            .ok()
            .flatten()
            .map(|r| r.read_at);
        let why = (self.inner.why.lock().ok())
            .and_then(|w| w.clone())
            .unwrap_or(StoreError::Unreachable);
        Some(Alone {
            mirror_read_at,
            why,
        })
    }

    fn reach(&self) -> Reach {
        let queued = self.queued_count().unwrap_or(0);
        match locked(&self.inner.state).map(|s| s.unreachable_since.clone()) {
            Ok(Some(since)) => Reach::Unreachable { since, queued },
            _ => Reach::Shared { queued },
        }
    }

    fn conflicts(&mut self, event_id: Option<u64>) -> Result<Vec<Conflict>, StoreError> {
        self.shared_call(move |shared| async move { shared.conflicts_async(event_id).await })
            .ok_or(StoreError::Unreachable)
    }

    fn door_write(&mut self, op: DoorOp) -> Result<DoorDone, StoreError> {
        self.door_call(op.stamped_now())
    }

    /// The shared log's door; cut off, the policy and the notes this
    /// machine kept when it last read them (a lane started again since
    /// knows nobody outside).
    fn door(&self, event_id: u64) -> Result<DoorState, StoreError> {
        if let Ok(done) = self.door_call(DoorOp::Read { event_id }) {
            let state = done.state()?;
            if let Ok(mut local) = locked(&self.inner.local) {
                let _ = keep_door(&mut *local, event_id, &state);
            }
            locked(&self.inner.door_seen)?.insert(event_id, state.clone());
            return Ok(state);
        }
        // Cut off: the notes and moves last told, the policy (and, started
        // again since, the notes) as kept here.
        let kept = locked(&self.inner.local)?.door(event_id)?;
        let seen = locked(&self.inner.door_seen)?.get(&event_id).cloned();
        Ok(match seen {
            Some(seen) => DoorState {
                policy: kept.policy,
                ..seen
            },
            None => DoorState {
                policy: kept.policy,
                notes: kept.notes,
                moves: Vec::new(),
            },
        })
    }

    fn set_policy(&mut self, event_id: u64, policy: &KeptPolicy) -> Result<(), StoreError> {
        self.door_write(DoorOp::SetPolicy {
            event_id,
            policy: policy.clone(),
        })?
        .set()?;
        locked(&self.inner.local)?.set_policy(event_id, policy)
    }

    /// Kept for the next heartbeat of a lane that beats (its first written
    /// now); written now by one that does not (`admit`: a dashboard shows
    /// it by this). A log that does not answer costs nothing more.
    fn scanned(&mut self, event_id: u64, at: &str) -> Result<(), StoreError> {
        let first = {
            let mut last = locked(&self.inner.last_scan)?;
            let first = last.is_none();
            if last.as_deref().is_none_or(|l| l < at) {
                *last = Some(at.to_owned());
            }
            first
        };
        // A real lane that beats says its first scan at once (a run shorter
        // than a beat says it too), the later ones with its next beat; a
        // one-shot's scan told it already.
        let noted = self.inner.noted.swap(false, Ordering::SeqCst);
        if !noted && (!self.inner.beats || (first && self.inner.link)) {
            let at = at.to_owned();
            let _ = self.scan_call(move |shared| async move {
                shared.lane_seen_async(event_id, None, Some(at)).await
            });
        }
        // The scan is done: the next has a budget of its own.
        self.inner.scan_done();
        Ok(())
    }
}

impl<S: SharedLog> LaneLog<S> {
    /// A call about the door's rules: the shared log keeps them, so a lane
    /// cut off refuses (an exit, a forced admission, a policy or a note is
    /// not queued).
    fn door_call(&self, op: DoorOp) -> Result<DoorDone, StoreError> {
        // A move or a forced admission is a scan's: within its budget.
        let scan = matches!(op, DoorOp::Move(_) | DoorOp::Forced { .. });
        let call = move |shared: S| async move { shared.door_async(op).await };
        let answer = if scan {
            self.scan_call(call)
        } else {
            self.shared_call(call)
        };
        answer.ok_or(StoreError::UnreachableRules)
    }
}

/// The door read from the shared log (its policy, the notes), kept in
/// this machine's file as the log has it (a lane started again while cut
/// off judges by it): read from the file once, written only where it
/// changed — a lane reads the door often, and the file is flushed on each
/// write.
fn keep_door(local: &mut dyn DeskLog, event_id: u64, state: &DoorState) -> Result<(), StoreError> {
    let before = local.door(event_id)?;
    if let Some(p) = &state.policy
        && before.policy.as_ref() != Some(p)
    {
        local.set_policy(event_id, p)?;
    }
    keep_notes(local, &before.notes, &state.notes)
}

/// The notes read from the shared log kept over `before`, the file's.
fn keep_notes(
    local: &mut dyn DeskLog,
    before: &[KeptNote],
    notes: &[KeptNote],
) -> Result<(), StoreError> {
    let sorted = |all: &[KeptNote]| {
        let mut keys: Vec<_> = (all.iter())
            .map(|n| {
                (
                    n.on.clone(),
                    n.id,
                    n.text.clone(),
                    n.by.clone(),
                    n.at.clone(),
                )
            })
            .collect();
        keys.sort();
        keys
    };
    if sorted(before) == sorted(notes) {
        return Ok(());
    }
    for gone in before
        .iter()
        .filter(|b| !notes.iter().any(|n| n.on == b.on && n.id == b.id))
    {
        local.set_note(&KeptNote {
            text: String::new(),
            ..gone.clone()
        })?;
    }
    for note in notes {
        local.set_note(note)?;
    }
    Ok(())
}
