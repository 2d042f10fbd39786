//! Injected faults, decided per request by the sandbox's own seeded PRNG so a
//! run with the same seed and the same requests misbehaves the same way.

use std::time::Duration;

use tokio::time::Instant;

use super::Faults;
use super::rng::Rng;

/// What to do to one request, decided before it is handled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Serve it normally.
    None,
    /// Answer 429 with `Retry-After: 1`.
    RateLimited,
    /// Drop the connection without a complete answer.
    Reset,
    /// Answer 500 (`false`) or 503 (`true`) with an error body.
    Fail { unavailable: bool },
    /// Answer 200 with a body that is not JSON: truncated (`false`) or HTML (`true`).
    Malformed { html: bool },
}

impl Fault {
    /// The fault as the request log names it.
    pub fn word(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::RateLimited => "rate-limited",
            Self::Reset => "reset",
            Self::Fail { .. } => "failed",
            Self::Malformed { .. } => "malformed",
        }
    }
}

#[derive(Debug)]
pub struct FaultState {
    faults: Faults,
    rng: Rng,
    window: Option<(Instant, u32)>,
    /// A write has been served (for [`Faults::from_first_write`]).
    written: bool,
}

impl FaultState {
    pub fn new(faults: Faults, seed: u64) -> Self {
        Self {
            faults,
            rng: Rng::new(seed.rotate_left(17) ^ 0xFA17),
            window: None,
            written: false,
        }
    }

    pub fn set(&mut self, faults: Faults) {
        self.faults = faults;
        self.window = None;
        self.written = false;
    }

    /// The delay before answering and the fault to inject into a request
    /// (`write`: not a GET).
    pub fn decide(&mut self, write: bool) -> (Duration, Fault) {
        let f = self.faults;
        self.written |= write;
        if f.from_first_write && !self.written {
            return (Duration::ZERO, Fault::None);
        }
        let jitter = if f.jitter_ms == 0 {
            0
        } else {
            self.rng.below(f.jitter_ms + 1)
        };
        let delay = Duration::from_millis(f.latency_ms.saturating_add(jitter));
        if let Some(limit) = f.rate_limit {
            let now = Instant::now();
            let count = match self.window {
                Some((start, count)) if now.duration_since(start) < Duration::from_secs(1) => {
                    count + 1
                }
                _ => {
                    self.window = Some((now, 0));
                    1
                }
            };
            if let Some((_, stored)) = &mut self.window {
                *stored = count;
            }
            if count > limit {
                return (delay, Fault::RateLimited);
            }
        }
        if self.rng.chance(f.reset_rate) {
            return (delay, Fault::Reset);
        }
        if self.rng.chance(f.fail_rate) {
            return (
                delay,
                Fault::Fail {
                    unavailable: self.rng.chance(0.5),
                },
            );
        }
        if self.rng.chance(f.malformed_rate) {
            return (
                delay,
                Fault::Malformed {
                    html: self.rng.chance(0.5),
                },
            );
        }
        (delay, Fault::None)
    }
}
