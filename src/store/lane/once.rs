//! A one-shot lane's scan (`admit`, a new process each scan) in one round
//! trip to the shared log (`SharedLog::scan_once_async`): the schema, the
//! log's identity, the door's stamp, what is newer after the mirror's
//! cursor as this machine's file keeps it, the ticket's admission, and the
//! scan recorded when the lane's verdict was judged from the door the log
//! still has. A machine whose file never read the event reads it with the
//! door (`Lane::open_in`'s call, the same flight); one that holds a queue for
//! the log runs a contact's round first (the queue sent before the scan). Cut off, the lane answers from what it
//! knows — its mirror, its own admissions — and queues the scan, as its
//! calls one by one do.

use std::sync::atomic::Ordering;

use super::{Follow, LaneLog, locked};
use crate::store::shared::SharedLog;
use crate::store::{DeskLog as _, KeptDoor, OneScan, OneScanned, OneShot, Recorded, StoreError};

/// The most changes read in the scan's round trip (the rest by the next
/// process, from the cursor this one keeps).
const PAGE: usize = 1000;

impl<S: SharedLog> OneShot for LaneLog<S> {
    fn scan_once(&mut self, ask: &OneScan) -> Result<OneScanned, StoreError> {
        self.scanned_once(ask)
    }

    fn door_kept(&self, event_id: u64) -> Result<Option<KeptDoor>, StoreError> {
        locked(&self.inner.local)?.kept_door(event_id)
    }
}

impl<S: SharedLog> LaneLog<S> {
    /// `OneShot::scan_once`.
    fn scanned_once(&self, ask: &OneScan) -> Result<OneScanned, StoreError> {
        let event_id = ask.event_id;
        let loaded = self.mirror_from_file(event_id)?;
        let bound = self.inner.bound()?;
        let queued = locked(&self.inner.local)?.queued_count_for(&bound)? > 0;
        self.inner.maybe_queued.store(queued, Ordering::SeqCst);
        // The event's first read here goes with the door's (the same
        // flight); a queue is sent before the scan, by a contact's round
        // as a scan's calls make it.
        let read_first = !loaded && !queued && ask.ticket.is_none();
        let cursor = if ask.ticket.is_some() {
            if queued {
                self.contact(event_id);
            } else if !loaded {
                self.first_read(event_id)?;
            }
            self.loaded(event_id, |f| f.cursor.clone()).flatten()
        } else {
            None
        };
        let ticket = ask
            .ticket
            .as_ref()
            .map(crate::store::Admission::stamped_now);
        let asked = OneScan {
            ticket: ticket.clone(),
            ..ask.clone()
        };
        let told = {
            let (asked, from) = (asked.clone(), cursor.clone());
            self.scan_call(move |shared| async move {
                let first = async {
                    if read_first {
                        shared.first_read_async(event_id).await.map(Some)
                    } else {
                        Ok(None)
                    }
                };
                tokio::try_join!(shared.scan_once_async(&asked, from.as_ref(), PAGE), first)
            })
        };
        let Some((told, first)) = told else {
            return self.once_alone(&asked);
        };
        if let Some(first) = first {
            self.first_loaded(event_id, first)?;
        }
        // The log's identity: what this lane queues for.
        let known = locked(&self.inner.log_id)?.replace(told.log_id.clone());
        if known.as_ref() != Some(&told.log_id) {
            locked(&self.inner.local)?.remember_log(&self.inner.addr, &told.log_id)?;
        }
        self.inner.checked.store(true, Ordering::SeqCst);
        if let Some(door) = &told.door {
            // The door as the log has it, for the next process too.
            let mut local = locked(&self.inner.local)?;
            local.keep_door(event_id, door)?;
            if let Some(p) = &door.policy {
                local.set_policy(event_id, p)?;
            }
            drop(local);
            let mut seen = locked(&self.inner.door_seen)?;
            let state = seen.entry(event_id).or_default();
            state.policy.clone_from(&door.policy);
            state.notes.clone_from(&door.notes);
        }
        if let (Some((changes, next)), Some(from)) = (told.newer, cursor)
            && self.inner.apply(event_id, &from, &changes, next.clone())
            && self.inner.keep(&changes)
        {
            locked(&self.inner.local)?.mirror_apply(event_id, &changes, &next)?;
        }
        if let Some(Recorded::Admitted(admitted)) = &told.told {
            self.admitted_online(admitted, ask.scan);
        }
        if ask.scanned.is_some() {
            // The lane's last scan is told: `scanned` need not tell it.
            self.inner.noted.store(true, Ordering::SeqCst);
        }
        Ok(OneScanned {
            door: told.door,
            held: told.held,
            moved: told.moved,
            recorded: told.told,
        })
    }

    /// A one-shot scan cut off: the ticket's admission as this lane knows
    /// it (its mirror, then its own), and the scan queued when asked and
    /// nobody holds it — as `lookup` and `admit` answer cut off.
    fn once_alone(&self, ask: &OneScan) -> Result<OneScanned, StoreError> {
        let Some(a) = &ask.ticket else {
            return Ok(OneScanned::default());
        };
        let held = match self.seen_ticket(a.event_id, a.ticket_id) {
            Some(seen) => Some(seen),
            None => locked(&self.inner.local)?.lookup(a.event_id, a.ticket_id)?,
        };
        let recorded = if ask.record && held.is_none() {
            let bound = self.inner.bound()?;
            let recorded = locked(&self.inner.local)?.admit_queued_for(a, ask.scan, &bound)?;
            self.inner.maybe_queued.store(true, Ordering::SeqCst);
            self.inner.hints.send_modify(|n| *n += 1);
            Some(recorded)
        } else {
            None
        };
        Ok(OneScanned {
            held,
            recorded,
            ..OneScanned::default()
        })
    }

    /// The event's first read on this machine (a cursor, the last change
    /// number and the admissions, in one round trip), into the mirror and
    /// the file; what came since is read by the scan. Cut off: nothing.
    fn first_read(&self, event_id: u64) -> Result<(), StoreError> {
        let read =
            self.scan_call(move |shared| async move { shared.first_read_async(event_id).await });
        match read {
            Some(read) => self.first_loaded(event_id, read),
            None => Ok(()),
        }
    }

    /// The event's first read, into the mirror and the file.
    fn first_loaded(
        &self,
        event_id: u64,
        (cursor, last, admitted): (crate::store::Cursor, u64, Vec<crate::store::Admission>),
    ) -> Result<(), StoreError> {
        locked(&self.inner.local)?.mirror_load(event_id, &admitted, &cursor, last)?;
        self.inner.kept_now();
        let mut state = locked(&self.inner.state)?;
        if let Some(follow) = state.follow.as_mut().filter(|f| f.event_id == event_id) {
            follow.admitted = admitted.into_iter().map(|a| (a.ticket_id, a)).collect();
            follow.cursor = Some(cursor);
            follow.last = last;
        }
        Ok(())
    }

    /// Follows `event_id` from the mirror this machine's file keeps, if
    /// the lane follows nothing yet: true when its cursor is known.
    fn mirror_from_file(&self, event_id: u64) -> Result<bool, StoreError> {
        {
            let mut state = locked(&self.inner.state)?;
            let follow = state.follow.get_or_insert_with(|| Follow::new(event_id));
            if follow.event_id != event_id {
                return Ok(false);
            }
            if follow.cursor.is_some() {
                return Ok(true);
            }
        }
        let read = {
            let local = locked(&self.inner.local)?;
            match local.mirror_read(event_id)? {
                Some(read) => Some((read, local.mirror_admitted(event_id)?)),
                None => None,
            }
        };
        let Some((read, admitted)) = read else {
            return Ok(false);
        };
        let mut state = locked(&self.inner.state)?;
        if let Some(follow) = state.follow.as_mut().filter(|f| f.event_id == event_id) {
            follow.admitted = admitted.into_iter().map(|a| (a.ticket_id, a)).collect();
            follow.cursor = Some(read.cursor);
            follow.last = read.last;
        }
        Ok(true)
    }
}
