//! How many page requests the stream keeps in flight: the configured number
//! to start with, twice as many after a window of clean pages until the
//! server first pushes back (TCP's slow start: the cap is reached in one
//! round trip, not in one per request added), up to the cap
//! (`concurrency_max`); half as many when it pushes back (429 or 503),
//! growing back by one after each window of clean pages from then on
//! (additive increase, multiplicative decrease, as TCP does). Never above
//! the cap, never below one.

/// The stream's concurrency, adapted to the server's pushback.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Throttle {
    /// The cap: never more in flight than this.
    max: usize,
    /// Requests allowed in flight now.
    limit: usize,
    /// Clean pages since the last change of `limit`.
    clean: usize,
    /// The first page requested after the last halving. Pages requested
    /// before it were sent at the old rate, so their pushback is the same
    /// burst and does not halve again (one decrease per burst).
    calm_from: u32,
    /// The server has pushed back: growth is by one from then on.
    pushed: bool,
}

impl Throttle {
    /// Starts at `start` (at least 1) and may grow to `max` (at least
    /// `start`).
    pub fn new(start: usize, max: usize) -> Self {
        let start = start.max(1);
        Self {
            max: max.max(start),
            limit: start,
            clean: 0,
            calm_from: 0,
            pushed: false,
        }
    }

    /// The cap: the most ever allowed.
    pub fn max(&self) -> usize {
        self.max
    }

    /// Requests allowed in flight now.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Page `page` came back; `pushed` when the server pushed back on it
    /// (retried or not). `next` is the next page the stream will request.
    pub fn observe(&mut self, page: u32, pushed: bool, next: u32) {
        if pushed {
            self.pushed = true;
            if page >= self.calm_from {
                self.limit = (self.limit / 2).max(1);
                self.calm_from = next;
            }
            self.clean = 0;
        } else {
            self.clean += 1;
            // After a whole window of clean pages: twice as many until the
            // first pushback, one more after it.
            if self.limit < self.max && self.clean >= self.limit {
                self.limit = if self.pushed {
                    self.limit + 1
                } else {
                    self.limit.saturating_mul(2).min(self.max)
                };
                self.clean = 0;
            }
        }
    }

    /// A page failed for another reason (network, bad body): it says nothing
    /// about the rate, but it is not a clean page either.
    pub fn failed(&mut self) {
        self.clean = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushback_halves_once_per_burst_and_clean_pages_grow_it_back() {
        let mut t = Throttle::new(8, 8);
        // Pages 2..=9 were in flight together; all pushed back: one halving.
        for page in 2..=9 {
            t.observe(page, true, 10);
        }
        assert_eq!(t.limit(), 4);
        // Page 10 was sent after the halving: its pushback halves again.
        t.observe(10, true, 14);
        assert_eq!(t.limit(), 2);
        t.observe(14, true, 16);
        t.observe(16, true, 17);
        t.observe(17, true, 18);
        assert_eq!(t.limit(), 1, "never below one");
        // One clean window of 1 → 2, of 2 → 3, …, back to 8 and no further.
        let mut page = 18;
        for expected in 2..=8 {
            for _ in 0..expected - 1 {
                page += 1;
                t.observe(page, false, page + 1);
            }
            assert_eq!(t.limit(), expected);
        }
        for _ in 0..100 {
            page += 1;
            t.observe(page, false, page + 1);
        }
        assert_eq!(t.limit(), 8);
    }

    #[test]
    fn a_failure_restarts_the_clean_run_and_zero_means_one() {
        assert_eq!(Throttle::new(0, 0).limit(), 1);
        let mut t = Throttle::new(4, 4);
        t.observe(1, true, 2);
        assert_eq!(t.limit(), 2);
        t.observe(2, false, 3);
        t.failed();
        t.observe(3, false, 4);
        assert_eq!(t.limit(), 2);
        t.observe(4, false, 5);
        assert_eq!(t.limit(), 3);
    }

    proptest::proptest! {
        /// The rule: whatever the server answers, the limit stays within
        /// one and the cap; it never grows on a pushback and never
        /// shrinks on a clean page.
        #[test]
        fn the_limit_stays_within_one_and_the_cap_and_backs_off(
            start in 0usize..20,
            max in 0usize..40,
            answers in proptest::collection::vec(proptest::bool::weighted(0.2), 0..300),
        ) {
            let mut t = Throttle::new(start, max);
            let cap = max.max(start).max(1);
            let mut next = 2u32;
            for (k, pushed) in answers.into_iter().enumerate() {
                let before = t.limit();
                let page = u32::try_from(k).unwrap_or(u32::MAX) + 2;
                next = next.max(page + 1);
                t.observe(page, pushed, next);
                proptest::prop_assert!((1..=cap).contains(&t.limit()));
                if pushed {
                    proptest::prop_assert!(t.limit() <= before);
                } else {
                    proptest::prop_assert!(t.limit() >= before);
                }
                next += 1;
            }
        }
    }

    #[test]
    fn before_any_pushback_a_clean_window_doubles_it() {
        let mut t = Throttle::new(8, 16);
        for page in 2..9 {
            t.observe(page, false, page + 1);
        }
        assert_eq!(t.limit(), 8, "not before the window is whole");
        t.observe(9, false, 10);
        assert_eq!(t.limit(), 16);
        let mut t = Throttle::new(3, 10);
        for (page, limit) in (2..).zip([3, 3, 6, 6, 6, 6, 6, 6, 10]) {
            t.observe(page, false, page + 1);
            assert_eq!(t.limit(), limit, "page {page}");
        }
    }

    #[test]
    fn clean_pages_grow_it_from_the_start_to_the_cap_and_no_further() {
        let mut t = Throttle::new(8, 12);
        assert_eq!(t.limit(), 8);
        let mut page = 1;
        for _ in 0..1_000 {
            page += 1;
            t.observe(page, false, page + 1);
        }
        assert_eq!(t.limit(), 12);
        t.observe(page + 1, true, page + 2);
        assert_eq!(t.limit(), 6);
    }
}
