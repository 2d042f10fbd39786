//! Whether the shared log answers: how long a wait on a scan's path lasts
//! (the whole deadline, or the short one after a failure moments ago,
//! remembered in the lane's file), a call made within it, and the lane cut
//! off when the log does not answer, reached again when it does. The calls
//! and the rounds wait; this says for how long and what a failure leaves.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::{CAP, CONNECT_TRIPS, Inner, LaneLog, RECENT, TRIPS, UNKNOWN_RTT, locked};
use crate::clock;
use crate::store::StoreError;
use crate::store::shared::SharedLog;

impl<S: SharedLog> LaneLog<S> {
    pub(super) fn unreachable(&self) -> bool {
        locked(&self.inner.state).is_ok_and(|s| s.unreachable_since.is_some())
    }

    pub(super) fn cut_off(&self, why: &StoreError) {
        self.inner.cut_off(why);
        self.inner.wake.notify_one();
    }

    /// Runs `f` on the shared log within the deadline; a failure or no
    /// answer cuts the lane off.
    pub(super) fn shared_call<T, F: Future<Output = Result<T, StoreError>>>(
        &self,
        f: impl FnOnce(S) -> F,
    ) -> Option<T> {
        if self.unreachable() {
            return None;
        }
        let deadline = self.inner.deadline(self.shared.connected());
        self.call_within(deadline, f)
    }

    /// `shared_call` on a scan's path: within what is left of the scan's
    /// budget (a real lane's calls of one scan share one deadline; the
    /// budget ends with `scanned`).
    pub(super) fn scan_call<T, F: Future<Output = Result<T, StoreError>>>(
        &self,
        f: impl FnOnce(S) -> F,
    ) -> Option<T> {
        if self.unreachable() {
            return None;
        }
        let deadline = self.inner.budget(self.shared.connected());
        self.call_within(deadline, f)
    }

    fn call_within<T, F: Future<Output = Result<T, StoreError>>>(
        &self,
        deadline: Duration,
        f: impl FnOnce(S) -> F,
    ) -> Option<T> {
        let connected = self.shared.connected();
        let call = f(self.shared.clone());
        let started = Instant::now();
        match self.handle.block_on(tokio::time::timeout(deadline, call)) {
            Ok(Ok(value)) => {
                if connected {
                    self.inner.sample(started.elapsed());
                }
                self.inner.answered();
                Some(value)
            }
            Ok(Err(e)) => {
                tracing::warn!("desk log: the shared log failed: {e}");
                self.cut_off(&e);
                None
            }
            Err(_) => {
                let why = StoreError::NoAnswer {
                    ms: deadline.as_millis(),
                };
                tracing::warn!("desk log: {why}");
                self.cut_off(&why);
                None
            }
        }
    }
}

impl Inner {
    /// How long to wait for the shared log: briefly if it failed moments
    /// ago, else the whole deadline; a real lane, at least a scan's trips
    /// ([`super::TRIPS`], more at a one-shot) of its smoothed round trips (and [`CONNECT_TRIPS`] more when it holds no
    /// open connection: `connected`), at most [`CAP`].
    pub(super) fn deadline(&self, connected: bool) -> Duration {
        let recent = self
            .failed
            .lock()
            .ok()
            .and_then(|f| *f)
            .is_some_and(|at| (self.timing.now)().saturating_sub(at) < RECENT);
        let floor = if recent {
            self.timing.short
        } else {
            self.timing.whole
        };
        let deadline = self.sized(floor, self.trips, connected);
        if self.timing.record
            && let Ok(mut waits) = self.waits.lock()
        {
            waits.push(deadline);
        }
        deadline
    }

    /// A round of the lane's task, off a scan's path: the whole deadline
    /// (never the short one), sized from the link as a scan's.
    pub(super) fn round_deadline(&self, connected: bool) -> Duration {
        self.sized(self.timing.whole, TRIPS, connected)
    }

    /// `trips` smoothed round trips ([`CONNECT_TRIPS`] more without an
    /// open connection), within `floor` and [`CAP`]. A link not yet
    /// measured (a lane's first contact from this machine) counts as
    /// [`UNKNOWN_RTT`]: TLS and SCRAM over a far link, and a one-shot's
    /// first reads, take more than the floor alone.
    fn sized(&self, floor: Duration, trips: u32, connected: bool) -> Duration {
        if !self.link {
            return floor;
        }
        let srtt = self.srtt.lock().ok().and_then(|s| *s);
        let trips = trips + if connected { 0 } else { CONNECT_TRIPS };
        srtt.unwrap_or(UNKNOWN_RTT)
            .saturating_mul(trips)
            .clamp(floor, CAP.max(floor))
    }

    /// What is left of the scan under way's budget, the budget begun if
    /// none is under way (a lane a model drives: `deadline`, per call).
    pub(super) fn budget(&self, connected: bool) -> Duration {
        if !self.link {
            return self.deadline(connected);
        }
        let now = Instant::now();
        let Ok(mut budget) = self.budget.lock() else {
            return self.deadline(connected);
        };
        if let Some(until) = *budget
            && until > now
        {
            return until - now;
        }
        let deadline = self.deadline(connected);
        *budget = Some(now + deadline);
        deadline
    }

    /// The scan under way is done: the next begins a budget of its own.
    pub(super) fn scan_done(&self) {
        if let Ok(mut budget) = self.budget.lock() {
            *budget = None;
        }
    }

    /// A round trip measured (a call answered on a connection already
    /// open): the smoothed round trip moves an eighth of the way to it, as
    /// TCP's; kept in the file when it moved by a quarter from what the
    /// file keeps.
    pub(super) fn sample(&self, took: Duration) {
        if !self.link {
            return;
        }
        let Ok(mut srtt) = self.srtt.lock() else {
            return;
        };
        let now = match *srtt {
            Some(s) => (s * 7 + took) / 8,
            None => took,
        };
        *srtt = Some(now);
        drop(srtt);
        let Ok(mut kept) = self.srtt_kept.lock() else {
            return;
        };
        let moved = kept.is_none_or(|k| now > k + k / 4 || now < k.saturating_sub(k / 4));
        if moved
            && let Ok(mut local) = self.local.lock()
            && local.set_link_rtt(now).is_ok()
        {
            *kept = Some(now);
        }
    }

    /// The log answered: the next failure waits the whole deadline.
    pub(super) fn answered(&self) {
        let was = self.failed.lock().ok().and_then(|mut f| f.take());
        if was.is_some()
            && let Ok(mut local) = self.local.lock()
        {
            let _ = local.set_failed_at(None);
        }
    }

    /// Remembers a failure (in the file too: the next process knows it),
    /// unless one within [`RECENT`] is remembered already.
    fn failed_now(&self) {
        let now = (self.timing.now)();
        let Ok(mut failed) = self.failed.lock() else {
            return;
        };
        if failed.is_some_and(|at| now.saturating_sub(at) < RECENT) {
            return;
        }
        *failed = Some(now);
        drop(failed);
        if let Ok(mut local) = self.local.lock() {
            let _ = local.set_failed_at(Some(now));
        }
    }

    pub(super) fn cut_off(&self, why: &StoreError) {
        if let Ok(mut last) = self.why.lock() {
            *last = Some(why.clone());
        }
        self.failed_now();
        self.checked.store(false, Ordering::SeqCst);
        if let Ok(mut state) = self.state.lock()
            && state.unreachable_since.is_none()
        {
            state.unreachable_since = Some(clock::now_utc(None));
            drop(state);
            self.hints.send_modify(|n| *n += 1);
        }
    }

    pub(super) fn reached(&self) {
        if let Ok(mut state) = self.state.lock()
            && state.unreachable_since.take().is_some()
        {
            drop(state);
            self.hints.send_modify(|n| *n += 1);
        }
    }
}

pub(super) async fn within<T>(
    deadline: Duration,
    f: impl Future<Output = Result<T, StoreError>>,
) -> Result<T, StoreError> {
    tokio::time::timeout(deadline, f).await.unwrap_or_else(|_| {
        Err(StoreError::NoAnswer {
            ms: deadline.as_millis(),
        })
    })
}
