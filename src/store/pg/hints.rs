//! The hints between lanes: a NOTIFY on [`CHANNEL`] once a change has
//! committed, and the one connection a lane keeps listening on it. A hint
//! is only a hint: a lane re-reads every second anyway. A lane's scans hint
//! at most once each [`HINT_EVERY`] per event ([`Pacer`]): a burst's first
//! admission hints at once, the rest by one hint after them.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use futures::StreamExt;
use tokio::sync::watch;
use tokio_postgres::AsyncMessage;
use tokio_postgres::types::Type;

use super::PgDeskLog;

/// The NOTIFY channel; the payload is "business event".
pub const CHANNEL: &str = "boxoffice_desk";

impl PgDeskLog {
    /// Keeps one connection of its own listening on [`CHANNEL`]: the
    /// returned value ticks on each notification for this business and on
    /// each (re)connection (when one may have been missed). Reconnects
    /// after a failure, at most once a second. Ends when every receiver is
    /// gone.
    pub fn listen(&self) -> watch::Receiver<u64> {
        let (tx, rx) = watch::channel(0u64);
        let db = self.db.clone();
        let name = format!("boxoffice listen {}", self.lane);
        let prefix = format!("{} ", self.business);
        self.handle.spawn(async move {
            let mut retry = tokio::time::interval(Duration::from_secs(1));
            loop {
                retry.tick().await;
                if tx.is_closed() {
                    return;
                }
                let Ok((client, mut connection)) = db.connect(&name).await else {
                    continue;
                };
                let (notes_tx, mut notes) = tokio::sync::mpsc::unbounded_channel();
                let driver = tokio::spawn(async move {
                    let mut messages =
                        futures::stream::poll_fn(move |cx| connection.poll_message(cx));
                    while let Some(Ok(message)) = messages.next().await {
                        if let AsyncMessage::Notification(n) = message
                            && notes_tx.send(n.payload().to_owned()).is_err()
                        {
                            return;
                        }
                    }
                });
                if client
                    .batch_execute(&format!("LISTEN {CHANNEL}"))
                    .await
                    .is_err()
                {
                    driver.abort();
                    continue;
                }
                // Connected: whatever was sent while we were not is read now.
                tx.send_modify(|n| *n += 1);
                loop {
                    tokio::select! {
                        note = notes.recv() => match note {
                            Some(payload) if payload.starts_with(&prefix) => {
                                tx.send_modify(|n| *n += 1);
                            }
                            Some(_) => {}
                            None => break,
                        },
                        () = tx.closed() => {
                            driver.abort();
                            return;
                        }
                    }
                }
                driver.abort();
                // The connection is gone: tell, then connect again.
                tx.send_modify(|n| *n += 1);
            }
        });
        rx
    }
}

/// Tells the other lanes (their listeners) that `event` changed, once the
/// change has committed: a statement of its own, committed without waiting
/// for the disk (a hint may be lost; a lane re-reads every second anyway).
pub(super) async fn hint(client: &tokio_postgres::Client, business: &str, event: i64) {
    let payload = hint_payload(business, event);
    let sent = client
        .query_typed(
            "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)",
            &[(&CHANNEL, Type::TEXT), (&payload, Type::TEXT)],
        )
        .await;
    hint_sent(sent.map(|rows| rows.len() as u64));
}

/// A hint's payload: "business event" (listeners take their business's).
pub(super) fn hint_payload(business: &str, event: i64) -> String {
    format!("{business} {event}")
}

/// A hint not sent costs a lane up to a second: said in the log only.
pub(super) fn hint_sent(sent: Result<u64, tokio_postgres::Error>) {
    if let Err(e) = sent {
        tracing::debug!("desk log: the hint was not sent: {e}");
    }
}

/// The least time between two of a lane's scan hints for one event. A
/// NOTIFY's commit takes the server's one notify lock, so a hint per scan
/// made a third of the shared log's work at a lane's full speed; the
/// others read on hints at most each 100 ms anyway (lane/round.rs,
/// `HINT_GAP`), and a lane scanning at a guest's pace (one each 100 ms or
/// slower) hints every admission at once.
pub(super) const HINT_EVERY: Duration = Duration::from_millis(50);

/// When a lane's scan hints, per event: the first admission in
/// [`HINT_EVERY`] with the scan itself (pipelined behind it, sent only if
/// it admitted or found a conflict), the others by one hint owed after
/// them, sent when [`HINT_EVERY`] has passed since the last.
#[derive(Debug)]
pub(super) struct Pacer {
    every: Duration,
    events: HashMap<i64, Paced>,
}

#[derive(Debug, Default)]
struct Paced {
    /// When the last hint was sent (or went with a scan).
    last: Option<Instant>,
    /// A scan's hint under way: when it went, and `last` before it (kept
    /// again if the scan changed nothing, so its hint sent nothing).
    riding: Option<(Instant, Option<Instant>)>,
    /// A hint is owed and a task waits to send it.
    owed: bool,
}

impl Pacer {
    pub(super) fn new(every: Duration) -> Self {
        Self {
            every,
            events: HashMap::new(),
        }
    }

    /// Before a scan of `event` is sent at `now`: whether its hint goes
    /// with it (counted as sent until [`Pacer::rode`] says otherwise).
    pub(super) fn rides(&mut self, event: i64, now: Instant) -> bool {
        let paced = self.events.entry(event).or_default();
        let due = !paced.owed
            && paced
                .last
                .is_none_or(|last| now.saturating_duration_since(last) >= self.every);
        if due {
            paced.riding = Some((now, paced.last));
            paced.last = Some(now);
        }
        due
    }

    /// A scan whose hint went with it is answered: `sent`, whether it
    /// changed the log (so its hint was sent). A lost scan's hint sent
    /// nothing, and the next admission's hint may go at once.
    pub(super) fn rode(&mut self, event: i64, sent: bool) {
        let paced = self.events.entry(event).or_default();
        if let Some((went, before)) = paced.riding.take()
            && !sent
            && paced.last == Some(went)
        {
            paced.last = before;
        }
    }

    /// A scan of `event` whose hint did not go with it changed the log at
    /// `now`: when the owed hint is to be sent, if no task waits to send
    /// one already (which, sent after this scan committed, tells of it).
    pub(super) fn owe(&mut self, event: i64, now: Instant) -> Option<Instant> {
        let paced = self.events.entry(event).or_default();
        if paced.owed {
            return None;
        }
        paced.owed = true;
        Some(paced.last.map_or(now, |last| (last + self.every).max(now)))
    }

    /// The owed hint of `event` is sent at `now`: scans after this owe
    /// another.
    pub(super) fn paid(&mut self, event: i64, now: Instant) {
        let paced = self.events.entry(event).or_default();
        paced.owed = false;
        paced.last = Some(now);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// What a lane's pacer sends for scans of one event at the given
    /// offsets (ms, sorted; `true`: it admitted): when each hint is sent
    /// (an owed one, or one that rode with an admission), and the
    /// admissions' times.
    fn run(every: u64, scans: &[(u64, bool)]) -> (Vec<u64>, Vec<u64>) {
        let base = Instant::now();
        let at = |ms: u64| base + Duration::from_millis(ms);
        let mut pacer = Pacer::new(Duration::from_millis(every));
        let (mut sent, mut admitted) = (Vec::new(), Vec::new());
        let mut owed: Option<u64> = None;
        for &(t, admits) in scans {
            // An owed hint due by now is sent first.
            if let Some(due) = owed.filter(|&due| due <= t) {
                pacer.paid(1, at(due));
                sent.push(due);
                owed = None;
            }
            if admits {
                admitted.push(t);
            }
            if pacer.rides(1, at(t)) {
                pacer.rode(1, admits);
                if admits {
                    sent.push(t);
                }
            } else if admits && let Some(due) = pacer.owe(1, at(t)) {
                let due = u64::try_from(due.duration_since(base).as_millis()).unwrap_or(u64::MAX);
                assert!(due >= t, "owed before the scan: {due} < {t}");
                owed = Some(due);
            }
        }
        if let Some(due) = owed {
            pacer.paid(1, at(due));
            sent.push(due);
        }
        (sent, admitted)
    }

    proptest! {
        /// Hints are at least `every` apart, and every admission is told
        /// by a hint sent with it or within `every` after it.
        #[test]
        fn every_admission_is_hinted_within_the_gap_and_no_two_hints_closer(
            every in 1u64..200,
            gaps in proptest::collection::vec((0u64..300, any::<bool>()), 1..60),
        ) {
            let mut t = 0;
            let scans: Vec<(u64, bool)> = gaps
                .into_iter()
                .map(|(gap, admits)| {
                    t += gap;
                    (t, admits)
                })
                .collect();
            let (sent, admitted) = run(every, &scans);
            for pair in sent.windows(2) {
                prop_assert!(pair[1] >= pair[0] + every, "{sent:?}");
            }
            for a in admitted {
                prop_assert!(
                    sent.iter().any(|&s| s >= a && s <= a + every),
                    "the admission at {a} is not hinted: {sent:?}"
                );
            }
        }
    }

    #[test]
    fn a_burst_hints_its_first_admission_at_once_and_the_rest_once_after() {
        let (sent, _) = run(50, &[(0, true), (5, true), (10, true), (20, true)]);
        assert_eq!(sent, [0, 50]);
    }

    #[test]
    fn with_no_gap_every_admission_hints_with_its_scan() {
        let (sent, admitted) = run(0, &[(0, true), (0, true), (1, false), (1, true)]);
        assert_eq!(sent, admitted);
    }

    #[test]
    fn a_lost_scan_does_not_hold_back_the_next_admissions_hint() {
        let (sent, _) = run(50, &[(0, false), (5, true)]);
        assert_eq!(sent, [5]);
    }
}
