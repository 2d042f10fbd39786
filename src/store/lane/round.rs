//! A round of the lane's task: the shared log asked whether it answers, the
//! queue replayed oldest first, what is newer read into the mirror, and the
//! heartbeat a dashboard reads. The lane's own task runs one on every hint,
//! reconnect and second; a scan's contact and `sync_now` run one at once.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::sync::watch;

use super::reach::within;
use super::{EVERY, Follow, Inner, LaneLog, locked};
use crate::clock;
use crate::store::shared::SharedLog;
use crate::store::{Admission, Part, Queued, Recorded, ScanId, SqliteDeskLog, StoreError};

/// The most queued scans sent in one go (each go within the deadline).
const REPLAY_BATCH: usize = 200;

/// The least time between two re-reads on hints: at a busy door a lane is
/// told of every other lane's scan, and reads them a tenth of a second's
/// worth at a time rather than one by one (40 lanes each reading on each of
/// 400 scans a second would be 16,000 reads a second).
const HINT_GAP: Duration = Duration::from_millis(100);

/// How often a lane cut off tries the log again (its task; scans stay
/// instant meanwhile).
const RETRY: Duration = Duration::from_millis(100);

/// The most changes read at once.
const PAGE: usize = 1000;

impl<S: SharedLog> LaneLog<S> {
    /// One round of the lane's task, now: the queue replayed oldest first
    /// if the shared log answers, and what is newer read (else the lane is
    /// cut off). Call outside the runtime (it waits on it).
    pub fn sync_now(&self) -> Result<(), StoreError> {
        let (shared, inner) = (self.shared.clone(), self.inner.clone());
        let done = self.handle.block_on(async move {
            let deadline = inner.round_deadline(shared.connected());
            sync(&shared, &inner, Round::here(deadline)).await
        });
        if let Err(e) = &done {
            tracing::debug!("desk log: the shared log is unreachable: {e}");
            self.inner.cut_off(e);
        }
        done
    }

    /// A contact before a scan is judged: a lane following nothing follows
    /// `event_id` (an `admit`, a new process each scan); then, if the log
    /// may answer and the lane has a queue to send or a mirror not yet
    /// brought up to date, one round of `sync` now — the queue sent before
    /// the next scan is recorded, the mirror read up to the log.
    pub(super) fn contact(&self, event_id: u64) {
        // A round sending the queue: this scan goes after it (its reads
        // after the queue are not waited for).
        let mut replaying = self.inner.replaying.subscribe();
        if *replaying.borrow() {
            let deadline = self.inner.budget(self.shared.connected());
            let _ = self.handle.block_on(tokio::time::timeout(
                deadline,
                replaying.wait_for(|sending| !sending),
            ));
        }
        let due = {
            let Ok(mut state) = locked(&self.inner.state) else {
                return;
            };
            if state.unreachable_since.is_some() {
                return;
            }
            let follow = state.follow.get_or_insert_with(|| Follow::new(event_id));
            follow.event_id == event_id && follow.cursor.is_none()
        };
        if due || self.inner.maybe_queued.load(Ordering::SeqCst) {
            // On a scan's path, within its budget: briefly, if the log
            // failed moments ago.
            let (shared, inner) = (self.shared.clone(), self.inner.clone());
            let deadline = inner.budget(shared.connected());
            let done = self.handle.block_on(async move {
                let round = Round {
                    scan: true,
                    ..Round::here(deadline)
                };
                within(deadline, sync(&shared, &inner, round)).await
            });
            if let Err(e) = done {
                tracing::warn!("desk log: the shared log failed: {e}");
                self.cut_off(&e);
            }
        }
    }
}

/// The lane's task: on each hint, reconnect or second, replay the queue and
/// read what is newer.
pub(super) async fn run<S: SharedLog>(
    shared: S,
    inner: Arc<Inner>,
    mut listener: watch::Receiver<u64>,
) {
    // Not at once: whoever needs the log now (a follow, a scan) asks for it.
    let mut every = tokio::time::interval_at(tokio::time::Instant::now() + EVERY, EVERY);
    // A slow round (the log not answering) is not made up for by a burst.
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut listening = true;
    let mut gate = HintGate::default();
    loop {
        // Cut off, the log is tried again every [`RETRY`]: back online
        // within a second of its return, a connection's set-up included.
        let cut = locked(&inner.state).is_ok_and(|s| s.unreachable_since.is_some());
        let hinted = tokio::select! {
            changed = listener.changed(), if listening => {
                listening = changed.is_ok();
                listening
            }
            _ = every.tick() => false,
            () = tokio::time::sleep(RETRY), if cut => false,
            () = inner.wake.notified() => false,
        };
        if hinted {
            inner.heard.send_modify(|n| *n += 1);
        }
        if let Some(at) = gate.read_at(hinted, tokio::time::Instant::now()) {
            // The hints that come meanwhile are read by this one read.
            tokio::time::sleep_until(at).await;
            listener.borrow_and_update();
        }
        let round = Round {
            deadline: inner.round_deadline(shared.connected()),
            inline: false,
            scan: false,
        };
        if let Err(e) = sync(&shared, &inner, round).await {
            tracing::debug!("desk log: the shared log is unreachable: {e}");
            inner.cut_off(&e);
        }
    }
}

/// When a lane's read on a hint starts: at most one each [`HINT_GAP`],
/// counted from reads on hints only (a second's read just before a hint
/// does not hold the hint back).
#[derive(Default)]
struct HintGate {
    last: Option<tokio::time::Instant>,
}

impl HintGate {
    /// A wake-up at `now`, on a hint or not: when a read on a hint after
    /// another must wait until (None: it reads now).
    fn read_at(&mut self, hinted: bool, now: tokio::time::Instant) -> Option<tokio::time::Instant> {
        if !hinted {
            return None;
        }
        let at = self.last.map(|last| (last + HINT_GAP).max(now));
        self.last = Some(at.unwrap_or(now));
        at
    }
}

/// How a round of `sync` runs: how long to wait for the log to answer,
/// and whether it runs on a thread of its own that may block (`sync_now`,
/// a scan's contact: called off the runtime, which they wait on) or is a
/// task of the runtime (the lane's own), whose file work goes to the
/// blocking pool.
#[derive(Clone, Copy)]
struct Round {
    deadline: Duration,
    inline: bool,
    /// A scan's contact: nothing to do when the log was checked, the
    /// mirror loaded and no queue waits (the task's round, which the
    /// contact waited for, may have done it).
    scan: bool,
}

impl Round {
    /// On a thread that may block, waiting `deadline` for the log.
    fn here(deadline: Duration) -> Self {
        Self {
            deadline,
            inline: true,
            scan: false,
        }
    }
}

/// Runs `f` on the lane's file: here, or on the blocking pool.
async fn on_file<T: Send + 'static>(
    inner: &Arc<Inner>,
    round: Round,
    f: impl FnOnce(&mut SqliteDeskLog) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    if round.inline {
        return f(&mut *locked(&inner.local)?);
    }
    let inner = inner.clone();
    crate::blocking::run(move || f(&mut *locked(&inner.local)?))
        .await
        .map_err(|e| StoreError::at(Part::DeskLog, "", e))?
}

/// Replays `queue` oldest first, all at once (in batches of
/// [`REPLAY_BATCH`], each sent pipelined; a replay that finds another
/// lane's admission is recorded there as a conflict), marking each batch
/// replayed in the file in one transaction. A crash between the send and
/// the mark leaves them queued: sent again, each is answered as the first
/// time (its scan id), and a read of the log marks them too.
async fn replay<S: SharedLog>(
    shared: &S,
    inner: &Arc<Inner>,
    round: Round,
    queue: Vec<Queued>,
) -> Result<(), StoreError> {
    for batch in queue.chunks(REPLAY_BATCH) {
        let sent: Vec<(Admission, ScanId)> = batch
            .iter()
            .map(|q| (q.admission.clone(), q.scan))
            .collect();
        let told = within(round.deadline, shared.replay_async(&sent)).await?;
        for ((queued, _), recorded) in sent.iter().zip(&told) {
            if let Recorded::AlreadyAdmitted(winner) = recorded {
                tracing::warn!(
                    "desk log: ticket {} admitted twice: {} {} and {} {}",
                    queued.number,
                    winner.desk,
                    winner.at,
                    queued.desk,
                    queued.at
                );
            }
        }
        let scans: Vec<ScanId> = sent.iter().map(|(_, scan)| *scan).collect();
        let count = scans.len();
        on_file(inner, round, move |local| local.replayed_all(&scans)).await?;
        inner.sent.fetch_add(count, Ordering::SeqCst);
    }
    Ok(())
}

/// One round: the log answers (within the round's deadline), the queue
/// sent, what is newer read into the mirror.
async fn sync<S: SharedLog>(
    shared: &S,
    inner: &Arc<Inner>,
    round: Round,
) -> Result<(), StoreError> {
    let _one = inner.syncing.lock().await;
    if round.scan
        && inner.checked.load(Ordering::SeqCst)
        && !inner.maybe_queued.load(Ordering::SeqCst)
        && locked(&inner.state)?
            .follow
            .as_ref()
            .is_some_and(|f| f.cursor.is_some())
    {
        return Ok(());
    }
    // Once per connection: the log answers, with this build's schema. After
    // that, a re-read is one query (the lanes' hints come many a second).
    // A lane that follows nothing asks anyway: nothing else in the round
    // may reach the log, and a round that reached nothing must not say
    // the log answered.
    let follows = locked(&inner.state)?.follow.is_some();
    if !inner.checked.load(Ordering::SeqCst) || !follows {
        // One round trip on a connection already open: measured.
        let connected = shared.connected();
        let started = std::time::Instant::now();
        let id = within(round.deadline, shared.ping()).await?;
        if connected {
            inner.sample(started.elapsed());
        }
        identified(inner, round, id).await?;
        inner.checked.store(true, Ordering::SeqCst);
    }
    inner.answered();
    // Online again as soon as the log answers; a scan's contact still
    // waits for the queue (`replaying`).
    inner.reached();
    // The queue made for this log, oldest first, when there may be one
    // (cleared before it is read: an admission queued meanwhile sets it
    // again). A reader never sends one.
    let sending = inner.sends && inner.maybe_queued.load(Ordering::SeqCst);
    // Cleared however the round ends (a deadline drops it mid-way).
    let replaying = Replaying::now(inner, sending);
    let queue = if sending {
        inner.maybe_queued.store(false, Ordering::SeqCst);
        match inner.bound() {
            Ok(bound) => on_file(inner, round, move |local| local.queued_for(&bound)).await,
            Err(e) => Err(e),
        }
    } else {
        Ok(Vec::new())
    };
    let replayed = match queue {
        Ok(queue) => replay(shared, inner, round, queue).await,
        Err(e) => Err(e),
    };
    drop(replaying);
    if let Err(e) = replayed {
        // What was not read or not replayed is still in the file.
        inner.maybe_queued.store(true, Ordering::SeqCst);
        return Err(e);
    }
    // What is newer at the followed event.
    let follow = locked(&inner.state)?
        .follow
        .as_ref()
        .map(|f| (f.event_id, f.cursor.clone()));
    let Some((event_id, cursor)) = follow else {
        return Ok(());
    };
    let mut cursor = if let Some(cursor) = cursor {
        cursor
    } else if let Some((read, admitted)) = on_file(inner, round, move |local| {
        let Some(read) = local.mirror_read(event_id)? else {
            return Ok(None);
        };
        Ok(Some((read, local.mirror_admitted(event_id)?)))
    })
    .await?
    {
        // The mirror in the file: read on from where it was left.
        let mut state = locked(&inner.state)?;
        if let Some(follow) = state.follow.as_mut().filter(|f| f.event_id == event_id) {
            follow.admitted = admitted.into_iter().map(|a| (a.ticket_id, a)).collect();
            follow.cursor = Some(read.cursor.clone());
            follow.last = read.last;
        }
        read.cursor
    } else {
        // A first read: a cursor, the admissions as they are, then what
        // came since the cursor (applied again, harmlessly).
        let (cursor, last, admitted) =
            within(round.deadline, shared.first_read_async(event_id)).await?;
        let kept = (admitted.clone(), cursor.clone());
        on_file(inner, round, move |local| {
            local.mirror_load(event_id, &kept.0, &kept.1, last)
        })
        .await?;
        inner.kept_now();
        let mut state = locked(&inner.state)?;
        if let Some(follow) = state.follow.as_mut().filter(|f| f.event_id == event_id) {
            follow.admitted = admitted.into_iter().map(|a| (a.ticket_id, a)).collect();
            follow.cursor = Some(cursor.clone());
            follow.last = last;
        }
        cursor
    };
    loop {
        let (changes, next) =
            within(round.deadline, shared.newer_async(event_id, &cursor, PAGE)).await?;
        let full = changes.len() == PAGE;
        let applied = inner.apply(event_id, &cursor, &changes, next.clone());
        if !changes.is_empty() {
            // Known at once (this lane judges from its memory; whoever
            // waits on it reads the log or the memory, not the file), and
            // the file's copy written after.
            if applied && let Some(last) = followed_last(inner, event_id)? {
                inner.publish(last);
            }
            inner.hints.send_modify(|n| *n += 1);
            inner.heard.send_modify(|n| *n += 1);
        }
        if applied && inner.keep(&changes) {
            // The file's mirror with it, and the cursor (also when nothing
            // changed, now and then: the time it was read).
            let kept = next.clone();
            on_file(inner, round, move |local| {
                local.mirror_apply(event_id, &changes, &kept).map(drop)
            })
            .await?;
        }
        cursor = next;
        if !full {
            break;
        }
    }
    if let Some(last) = followed_last(inner, event_id)? {
        inner.publish(last);
    }
    // The heartbeat a dashboard reads (once a second however many hints).
    let due = {
        let mut beat = locked(&inner.beat)?;
        let due = beat.is_none_or(|b| b.elapsed() >= EVERY);
        if due {
            *beat = Some(std::time::Instant::now());
        }
        due
    };
    if due && inner.beats {
        let now = clock::now_utc(None);
        let scanned = locked(&inner.last_scan)?.clone();
        within(
            round.deadline,
            shared.lane_seen_async(event_id, Some(now), scanned),
        )
        .await?;
    }
    Ok(())
}

/// The largest change number applied at `event_id`, if the lane still
/// follows it.
fn followed_last(inner: &Inner, event_id: u64) -> Result<Option<u64>, StoreError> {
    Ok(locked(&inner.state)?
        .follow
        .as_ref()
        .filter(|f| f.event_id == event_id)
        .map(|f| f.last))
}

/// `Inner::replaying` set while a round sends the queue.
struct Replaying<'a>(&'a Inner, bool);

impl<'a> Replaying<'a> {
    fn now(inner: &'a Inner, sending: bool) -> Self {
        if sending {
            inner.replaying.send_replace(true);
        }
        Self(inner, sending)
    }
}

impl Drop for Replaying<'_> {
    fn drop(&mut self) {
        if self.1 {
            self.0.replaying.send_replace(false);
        }
    }
}

/// The log answered as `id`: kept in memory, and in the file when new (a
/// lane started again without the log queues for it).
async fn identified(inner: &Arc<Inner>, round: Round, id: String) -> Result<(), StoreError> {
    let known = locked(&inner.log_id)?.replace(id.clone());
    if known.as_ref() != Some(&id) {
        let addr = inner.addr.clone();
        on_file(inner, round, move |local| local.remember_log(&addr, &id)).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// When each read on a hint starts, for wake-ups at the given offsets
    /// (ms from the last one; `true`: a hint), as the task meets them (one
    /// after the other: a wake-up waits for the read before it to start).
    fn hinted_reads(wakes: &[(u64, bool)]) -> Vec<(u64, u64)> {
        let base = tokio::time::Instant::now();
        let ms =
            |at: tokio::time::Instant| u64::try_from((at - base).as_millis()).unwrap_or(u64::MAX);
        let mut gate = HintGate::default();
        let (mut t, mut reads) = (base, Vec::new());
        for &(gap, hinted) in wakes {
            t += Duration::from_millis(gap);
            let starts = gate.read_at(hinted, t).unwrap_or(t);
            if hinted {
                reads.push((ms(t), ms(starts)));
            }
            t = t.max(starts);
        }
        reads
    }

    proptest! {
        /// Reads on hints start at least `HINT_GAP` apart and within
        /// `HINT_GAP` of their hint, and the second's reads between them
        /// change none of them.
        #[test]
        fn a_hint_is_read_within_the_gap_whatever_the_seconds_reads_did(
            wakes in proptest::collection::vec((0u64..300, any::<bool>()), 1..60),
        ) {
            let gap = u64::try_from(HINT_GAP.as_millis()).unwrap_or(u64::MAX);
            let reads = hinted_reads(&wakes);
            for pair in reads.windows(2) {
                prop_assert!(pair[1].1 >= pair[0].1 + gap, "{reads:?}");
            }
            for &(hint, starts) in &reads {
                prop_assert!(starts >= hint && starts <= hint + gap, "{reads:?}");
            }
            // The same hints with the other wake-ups' time kept, but no
            // other wake-ups: the same reads.
            let mut only = Vec::new();
            let mut carried = 0;
            for &(gap, hinted) in &wakes {
                carried += gap;
                if hinted {
                    only.push((std::mem::take(&mut carried), true));
                }
            }
            prop_assert_eq!(hinted_reads(&only), reads);
        }
    }
}
