//! The list follows the API (docs/desk.md, "The list follows the API"): a
//! lane's lists are read once and then again now and then, so a ticket
//! revoked at the office since is still confirmed in them. Before a VALID
//! is given online, the lane reads that one ticket (one request) and judges
//! what the API says now; when the API does not answer within a deadline
//! sized from its round trip, the verdict comes from the list and says how
//! old the list is, and the lane says the API is unreachable until it
//! answers again. The lists themselves are read again in the background,
//! the bigger the less often ([`Fresh::reread_after`]).
//!
//! No I/O: the driver measures the round trip of each read it makes and
//! tells it here ([`Fresh::answered`], [`Fresh::failed`]).

use std::time::Duration;

/// The longest a scan waits for the API before it is judged from the list.
pub const CEILING: Duration = Duration::from_millis(300);
/// The shortest deadline, however fast the API has been: a read's own
/// scheduling and a garbage collection at the other end fit in it.
pub const FLOOR: Duration = Duration::from_millis(60);
/// A deadline is this many smoothed round trips.
pub const ROUND_TRIPS: u32 = 3;
/// Lists are read again at least this long after the last read ended.
pub const REREAD_MIN: Duration = Duration::from_secs(60);
/// And this much longer per 1,000 tickets they hold (reading them costs
/// the API about ten requests per 1,000).
pub const REREAD_PER_1000: Duration = Duration::from_secs(1);
/// And never longer apart than this.
pub const REREAD_MAX: Duration = Duration::from_secs(600);

/// What the lane knows about the API's answers: how fast it answers, and
/// since when it has not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fresh {
    /// The smoothed round trip of the reads made before a verdict (RFC
    /// 6298's 7/8 + 1/8): none measured yet.
    srtt: Option<Duration>,
    /// The wall time ("YYYY-MM-DD HH:MM:SS") since which the API has not
    /// answered: a read before a verdict ran out of time or failed, and
    /// nothing has answered since.
    pub down_since: Option<String>,
}

/// What the read before a VALID found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked<T> {
    /// The ticket as the API has it now: judge it.
    Now(T),
    /// The API has no such ticket any more.
    Gone,
    /// No answer within the deadline, or a failure: judge from the list.
    NoAnswer,
}

impl Fresh {
    /// Whether a VALID waits for the ticket's read: not while the API is
    /// known not to answer (a scan is then judged from the list at once,
    /// and the lists' background read finds out when it is back).
    pub fn checks(&self) -> bool {
        self.down_since.is_none()
    }

    /// How long the read before a VALID may take: [`ROUND_TRIPS`] smoothed
    /// round trips, within [`FLOOR`] and [`CEILING`] ([`CEILING`] until one
    /// was measured).
    pub fn deadline(&self) -> Duration {
        self.srtt
            .map_or(CEILING, |s| (s * ROUND_TRIPS).clamp(FLOOR, CEILING))
    }

    /// The smoothed round trip, once measured.
    pub fn round_trip(&self) -> Option<Duration> {
        self.srtt
    }

    /// The API answered (a read before a verdict, or a list's page) in
    /// `rtt` (None: a page, whose time says nothing of one request's).
    pub fn answered(&mut self, rtt: Option<Duration>) {
        self.down_since = None;
        if let Some(rtt) = rtt {
            self.srtt = Some(match self.srtt {
                None => rtt,
                Some(s) => (s * 7 + rtt) / 8,
            });
        }
    }

    /// The API did not answer (in time) at `wall`.
    pub fn failed(&mut self, wall: &str) {
        if self.down_since.is_none() {
            self.down_since = Some(wall.to_string());
        }
    }

    /// How long after a complete read of `tickets` tickets the lists are
    /// read again: [`REREAD_MIN`] plus [`REREAD_PER_1000`] per thousand,
    /// at most [`REREAD_MAX`].
    pub fn reread_after(tickets: usize) -> Duration {
        let thousands = u32::try_from(tickets / 1000).unwrap_or(u32::MAX);
        REREAD_MIN
            .saturating_add(REREAD_PER_1000.saturating_mul(thousands))
            .min(REREAD_MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deadline_is_three_round_trips_within_its_floor_and_ceiling() {
        let mut f = Fresh::default();
        assert_eq!(f.deadline(), CEILING);
        f.answered(Some(Duration::from_millis(50)));
        assert_eq!(f.deadline(), Duration::from_millis(150));
        f.answered(Some(Duration::from_millis(1)));
        // 7/8 of 50 + 1/8 of 1, times three.
        assert_eq!(f.round_trip(), Some(Duration::from_micros(43_875)));
        let mut fast = Fresh::default();
        fast.answered(Some(Duration::from_millis(1)));
        assert_eq!(fast.deadline(), FLOOR);
        let mut slow = Fresh::default();
        slow.answered(Some(Duration::from_secs(2)));
        assert_eq!(slow.deadline(), CEILING);
    }

    #[test]
    fn the_api_is_down_from_its_first_silence_until_it_answers() {
        let mut f = Fresh::default();
        assert!(f.checks());
        f.failed("2026-12-01 11:30:00");
        f.failed("2026-12-01 11:31:00");
        assert_eq!(f.down_since.as_deref(), Some("2026-12-01 11:30:00"));
        assert!(!f.checks());
        f.answered(None);
        assert!(f.checks());
        assert_eq!(f.round_trip(), None);
    }

    #[test]
    fn bigger_lists_are_read_again_less_often_within_bounds() {
        assert_eq!(Fresh::reread_after(0), REREAD_MIN);
        assert_eq!(Fresh::reread_after(49_999), Duration::from_secs(109));
        assert_eq!(Fresh::reread_after(100_000), Duration::from_secs(160));
        assert_eq!(Fresh::reread_after(usize::MAX), REREAD_MAX);
    }
}
