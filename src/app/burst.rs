//! A scanner's burst told from typing: keys milliseconds apart. The one
//! place that says what a burst is; the desk reads its input line's keys
//! with it, and `update` consults it before routing any key elsewhere
//! (docs/desk.md, "A scanner is a keyboard everywhere").

use std::time::{Duration, Instant};

/// A scanner's keys come at most this far apart.
pub const BURST_GAP: Duration = Duration::from_millis(50);
/// A burst is at least this many keys.
pub const BURST_CHARS: usize = 4;

/// Where the scanner's burst begins in keys typed at `times`: the last run
/// of at least [`BURST_CHARS`] keys each at most [`BURST_GAP`] after the one
/// before. `None`: typed by hand.
pub fn burst_start(times: &[Instant]) -> Option<usize> {
    let mut start = times.len().checked_sub(1)?;
    while start > 0 && times[start].duration_since(times[start - 1]) <= BURST_GAP {
        start -= 1;
    }
    (times.len() - start >= BURST_CHARS).then_some(start)
}

/// Whether a key at `now` comes within a burst's gap of one at `before`.
pub fn quick(before: Instant, now: Instant) -> bool {
    now.saturating_duration_since(before) <= BURST_GAP
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_the_last_run_of_quick_keys() {
        let t0 = Instant::now();
        let at = |ms: &[u64]| {
            ms.iter()
                .map(|m| t0 + Duration::from_millis(*m))
                .collect::<Vec<_>>()
        };
        // "q" by hand 1.5 s before a scanner's nine keys 5 ms apart.
        let mut keys = vec![0];
        keys.extend((0..9).map(|i| 1500 + 5 * i));
        assert_eq!(burst_start(&at(&keys)), Some(1));
        // Typed by hand, 300 ms apart: no burst.
        assert_eq!(burst_start(&at(&[0, 300, 600, 900, 1200])), None);
        // Three quick keys are not a burst.
        assert_eq!(burst_start(&at(&[0, 5, 10])), None);
        assert_eq!(burst_start(&[]), None);
        assert_eq!(burst_start(&at(&[0, 5, 10, 15])), Some(0));
    }
}
