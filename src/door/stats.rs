//! The door at a glance: the figures a dashboard and `door stats` show,
//! kept up to date from the log's changes one at a time (a refresh applies
//! what is new since the last, never the whole log) and read at a moment
//! (`figures(now)`: the door's clock is the caller's).
//!
//! What it counts: tickets admitted (the ticket's admission, undone ones
//! taken back), inside now (admitted less those outside: exits and
//! re-entries), exits, conflicts (a replay that found the ticket admitted
//! at another lane), forced admissions; per lane its admissions, its rate
//! per minute over the last five minutes, its last scan, and its state
//! from its last scan and heartbeat; arrivals (admissions) per bucket of
//! time, and inside at the end of each bucket (the report's second chart).

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use super::verdict::epoch_seconds;
use crate::store::{Change, ChangeKind, DoorRead};

/// A lane with no scan for this long is idle.
pub const IDLE_AFTER: i64 = 120;
/// The window of a lane's rate (seconds).
pub const RATE_WINDOW: i64 = 300;
const RATE_MINUTES: f64 = 5.0;
/// A running lane (the desk, `boxoffice lane`) whose heartbeat is this old
/// is offline: it writes one on each re-read of the shared log (every
/// second), so this is four re-reads missed (a loaded machine's late one
/// does not flap the state), and a lane that stops is shown offline within
/// 5 s. A lane that scans without beating (`admit`, one scan a process)
/// is never offline: it is shown by its last scan.
pub const OFFLINE_AFTER: i64 = 5;
/// The busiest window named (seconds).
pub const BUSIEST: i64 = 900;
/// The most buckets a series holds (the latest): a day of 5-minute ones.
pub const MAX_BUCKETS: i64 = 288;

/// A lane's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LaneState {
    /// A scan within the last two minutes.
    Scanning,
    /// No scan for two minutes (or none yet).
    Idle,
    /// A running lane with no contact with the shared log (its heartbeat)
    /// for [`OFFLINE_AFTER`].
    Offline,
}

impl LaneState {
    pub fn word(self) -> &'static str {
        match self {
            Self::Scanning => "scanning",
            Self::Idle => "idle",
            Self::Offline => "offline",
        }
    }
}

/// A ticket's admission as counted.
#[derive(Debug, Clone)]
struct Held {
    lane: String,
    at: i64,
    outside: bool,
}

#[derive(Debug, Clone, Default)]
struct Lane {
    admissions: u64,
    /// Its admissions' times (seconds → how many), for the rate.
    times: BTreeMap<i64, u32>,
    /// Its last scan, whatever its verdict (an admission, an exit or a
    /// re-entry in the history; any other as the lane wrote it).
    last: Option<i64>,
    /// Its last heartbeat.
    heartbeat: Option<i64>,
    /// Bucket start → its admissions in it.
    buckets: BTreeMap<i64, u64>,
    /// Bucket start → the exits it let out in it (an exit lane's).
    exits: BTreeMap<i64, u64>,
}

/// The door's figures, kept from its changes.
#[derive(Debug, Clone)]
pub struct DoorStats {
    bucket: i64,
    held: HashMap<u64, Held>,
    lanes: BTreeMap<String, Lane>,
    /// Bucket start → admissions in it.
    arrivals: BTreeMap<i64, u64>,
    /// Bucket start → entries less exits in it (admissions, re-entries,
    /// exits; an undone admission taken back).
    flow: BTreeMap<i64, i64>,
    exits: u64,
    conflicts: u64,
    forced: u64,
    valid: Option<u64>,
    /// The door's capacity, as last read (None: no limit).
    capacity: Option<u64>,
}

/// One lane's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LaneFigures {
    pub lane: String,
    pub admissions: u64,
    /// Admissions per minute over the last five minutes.
    pub rate: f64,
    /// Seconds since its last scan (None: none yet).
    pub last_scan_age: Option<i64>,
    pub state: LaneState,
}

/// One bucket of the series.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Bucket {
    /// Its start, UTC ("YYYY-MM-DD HH:MM:SS").
    pub start: String,
    pub arrivals: u64,
    /// Inside at its end.
    pub inside: u64,
}

/// The busiest window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Busiest {
    pub start: String,
    pub end: String,
    pub arrivals: u64,
}

/// The figures at a moment.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figures {
    /// The moment (UTC).
    pub at: String,
    pub inside: u64,
    /// The door's capacity (None: no limit).
    pub capacity: Option<u64>,
    pub admitted: u64,
    /// Valid tickets (None: the list is not known).
    pub valid: Option<u64>,
    /// admitted / valid, in percent.
    pub percent: Option<f64>,
    /// Still to come: valid less admitted.
    pub to_come: Option<u64>,
    pub exits: u64,
    pub conflicts: u64,
    pub forced: u64,
    pub lanes: Vec<LaneFigures>,
    /// Seconds per bucket.
    pub bucket_seconds: i64,
    pub buckets: Vec<Bucket>,
    /// The bucket `at` falls in (an index into `buckets`), if shown.
    pub current: Option<usize>,
    pub busiest: Option<Busiest>,
}

/// `part` of `whole` in percent, to a tenth.
fn percent(part: u64, whole: u64) -> f64 {
    let tenths = part.saturating_mul(1000) / whole.max(1);
    f64::from(u32::try_from(tenths).unwrap_or(u32::MAX)) / 10.0
}

/// "YYYY-MM-DD HH:MM:SS" of seconds since 1970.
pub fn time_text(secs: i64) -> String {
    let (day, s) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    format!(
        "{} {:02}:{:02}:{:02}",
        crate::clock::civil_date(day),
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

impl DoorStats {
    /// Empty, with buckets of `bucket_seconds` (at least one second).
    pub fn new(bucket_seconds: i64) -> Self {
        Self {
            bucket: bucket_seconds.max(1),
            held: HashMap::new(),
            lanes: BTreeMap::new(),
            arrivals: BTreeMap::new(),
            flow: BTreeMap::new(),
            exits: 0,
            conflicts: 0,
            forced: 0,
            valid: None,
            capacity: None,
        }
    }

    pub fn bucket_seconds(&self) -> i64 {
        self.bucket
    }

    fn start_of(&self, secs: i64) -> i64 {
        secs.div_euclid(self.bucket) * self.bucket
    }

    /// The valid tickets of the door (its list).
    pub fn set_valid(&mut self, valid: Option<u64>) {
        self.valid = valid;
    }

    /// The door's forced admissions, as the log counts them.
    pub fn set_forced(&mut self, forced: u64) {
        self.forced = forced;
    }

    /// One forced admission more (a log read change by change).
    pub fn add_forced(&mut self) {
        self.forced += 1;
    }

    /// A lane's heartbeat (UTC text); one that does not read is ignored.
    pub fn heartbeat(&mut self, lane: &str, at: &str) {
        if let Some(at) = epoch_seconds(at) {
            let l = self.lanes.entry(lane.to_owned()).or_default();
            l.heartbeat = Some(l.heartbeat.map_or(at, |h| h.max(at)));
        }
    }

    /// A lane's last scan as it wrote it (UTC text), whatever its verdict;
    /// one that does not read is ignored.
    pub fn scan(&mut self, lane: &str, at: &str) {
        if let Some(at) = epoch_seconds(at) {
            self.scanned(lane, at);
        }
    }

    fn scanned(&mut self, lane: &str, at: i64) {
        let l = self.lanes.entry(lane.to_owned()).or_default();
        l.last = Some(l.last.map_or(at, |t| t.max(at)));
    }

    fn flow(&mut self, at: i64, by: i64) {
        let b = self.start_of(at);
        *self.flow.entry(b).or_default() += by;
    }

    fn take_back(&mut self, ticket: u64) {
        let Some(h) = self.held.remove(&ticket) else {
            return;
        };
        let b = self.start_of(h.at);
        if let Some(n) = self.arrivals.get_mut(&b) {
            *n = n.saturating_sub(1);
        }
        // An admission outside now took itself out already.
        if !h.outside {
            self.flow(h.at, -1);
        }
        if let Some(l) = self.lanes.get_mut(&h.lane) {
            l.admissions = l.admissions.saturating_sub(1);
            if let Some(n) = l.buckets.get_mut(&b) {
                *n = n.saturating_sub(1);
            }
            if let Some(n) = l.times.get_mut(&h.at) {
                *n -= 1;
                if *n == 0 {
                    l.times.remove(&h.at);
                }
            }
        }
    }

    /// Applies one change of the log (a change whose time does not read is
    /// counted at time 0).
    pub fn apply(&mut self, c: &Change) {
        let a = &c.admission;
        let at = epoch_seconds(&a.at).unwrap_or(0);
        match c.kind {
            ChangeKind::Admitted => {
                if let Some(h) = self.held.get(&a.ticket_id)
                    && h.lane == a.desk
                    && h.at == at
                {
                    return;
                }
                self.take_back(a.ticket_id);
                self.held.insert(
                    a.ticket_id,
                    Held {
                        lane: a.desk.clone(),
                        at,
                        outside: false,
                    },
                );
                let b = self.start_of(at);
                *self.arrivals.entry(b).or_default() += 1;
                self.flow(at, 1);
                let l = self.lanes.entry(a.desk.clone()).or_default();
                l.admissions += 1;
                *l.buckets.entry(b).or_default() += 1;
                *l.times.entry(at).or_default() += 1;
                self.scanned(&a.desk, at);
            }
            ChangeKind::Undone => {
                if self
                    .held
                    .get(&a.ticket_id)
                    .is_some_and(|h| h.lane == a.desk)
                {
                    self.take_back(a.ticket_id);
                }
            }
            ChangeKind::Conflict => {
                self.conflicts += 1;
                self.scanned(&a.desk, at);
            }
            ChangeKind::Exit => {
                self.exits += 1;
                let b = self.start_of(at);
                let l = self.lanes.entry(a.desk.clone()).or_default();
                *l.exits.entry(b).or_default() += 1;
                self.scanned(&a.desk, at);
                if let Some(h) = self.held.get_mut(&a.ticket_id)
                    && !h.outside
                {
                    h.outside = true;
                    self.flow(at, -1);
                }
            }
            ChangeKind::Reentry => {
                self.scanned(&a.desk, at);
                if let Some(h) = self.held.get_mut(&a.ticket_id)
                    && h.outside
                {
                    h.outside = false;
                    self.flow(at, 1);
                }
            }
        }
    }

    /// Each lane's arrivals in `buckets` (a series of these figures'),
    /// lanes in name order.
    pub fn lane_series(&self, buckets: &[Bucket]) -> Vec<(String, Vec<u64>)> {
        self.per_lane(buckets, |l| &l.buckets)
    }

    /// Each lane's exits in `buckets`, lanes in name order (the report
    /// draws them as exits, apart from arrivals).
    pub fn exit_series(&self, buckets: &[Bucket]) -> Vec<(String, Vec<u64>)> {
        self.per_lane(buckets, |l| &l.exits)
    }

    /// Each lane's counts of `which` in `buckets`, lanes in name order.
    fn per_lane(
        &self,
        buckets: &[Bucket],
        which: impl Fn(&Lane) -> &BTreeMap<i64, u64>,
    ) -> Vec<(String, Vec<u64>)> {
        self.lanes
            .iter()
            .map(|(name, l)| {
                let counts = buckets
                    .iter()
                    .map(|b| {
                        epoch_seconds(&b.start)
                            .and_then(|s| which(l).get(&s).copied())
                            .unwrap_or(0)
                    })
                    .collect();
                (name.clone(), counts)
            })
            .collect()
    }

    /// Tickets admitted now.
    pub fn admitted(&self) -> u64 {
        self.held.len() as u64
    }

    /// Tickets inside now.
    pub fn inside(&self) -> u64 {
        self.held.values().filter(|h| !h.outside).count() as u64
    }

    /// The figures at `now` (UTC text; one that does not read: the latest
    /// change's time).
    pub fn figures(&self, now: &str) -> Figures {
        let latest = self
            .lanes
            .values()
            .filter_map(|l| l.last.max(l.heartbeat))
            .max()
            .unwrap_or(0);
        let now_s = epoch_seconds(now).unwrap_or(latest);
        let admitted = self.admitted();
        let lanes = self
            .lanes
            .iter()
            .map(|(name, l)| {
                let recent: u32 = l
                    .times
                    .range(now_s - RATE_WINDOW + 1..=now_s)
                    .map(|(_, n)| *n)
                    .sum();
                let age = l.last.map(|t| (now_s - t).max(0));
                let state = if offline(l.heartbeat, l.last, now_s) {
                    LaneState::Offline
                } else if age.is_some_and(|a| a < IDLE_AFTER) {
                    LaneState::Scanning
                } else {
                    LaneState::Idle
                };
                LaneFigures {
                    lane: name.clone(),
                    admissions: l.admissions,
                    rate: f64::from(recent) / RATE_MINUTES,
                    last_scan_age: age,
                    state,
                }
            })
            .collect();
        let (buckets, current) = self.series(now_s);
        Figures {
            at: time_text(now_s),
            inside: self.inside(),
            capacity: self.capacity,
            admitted,
            valid: self.valid,
            percent: self.valid.filter(|v| *v > 0).map(|v| percent(admitted, v)),
            to_come: self.valid.map(|v| v.saturating_sub(admitted)),
            exits: self.exits,
            conflicts: self.conflicts,
            forced: self.forced,
            lanes,
            bucket_seconds: self.bucket,
            busiest: self.busiest(),
            buckets,
            current,
        }
    }

    /// The series: every bucket from the first with a change to the one
    /// `now` falls in (or the last with a change, if later), at most
    /// [`MAX_BUCKETS`] (the latest); and the index of `now`'s.
    fn series(&self, now: i64) -> (Vec<Bucket>, Option<usize>) {
        let first = self.flow.keys().next().copied();
        let last = self.flow.keys().next_back().copied();
        let now_b = self.start_of(now);
        let (Some(first), Some(last)) = (first, last) else {
            return (
                vec![Bucket {
                    start: time_text(now_b),
                    arrivals: 0,
                    inside: 0,
                }],
                Some(0),
            );
        };
        let end = last.max(now_b);
        let span = (end - first) / self.bucket + 1;
        let start = if span > MAX_BUCKETS {
            end - (MAX_BUCKETS - 1) * self.bucket
        } else {
            first
        };
        // Inside before the first bucket shown.
        let mut inside: i64 = self.flow.range(..start).map(|(_, n)| *n).sum();
        let mut out = Vec::new();
        let mut b = start;
        while b <= end {
            inside += self.flow.get(&b).copied().unwrap_or(0);
            out.push(Bucket {
                start: time_text(b),
                arrivals: self.arrivals.get(&b).copied().unwrap_or(0),
                inside: u64::try_from(inside).unwrap_or(0),
            });
            b += self.bucket;
        }
        let current = (now_b >= start && now_b <= end)
            .then(|| usize::try_from((now_b - start) / self.bucket).unwrap_or(0));
        (out, current)
    }

    /// The busiest run of consecutive buckets covering [`BUSIEST`] seconds
    /// (the earliest of equals), if anyone arrived.
    fn busiest(&self) -> Option<Busiest> {
        let width = (BUSIEST + self.bucket - 1) / self.bucket * self.bucket;
        let mut best: Option<(i64, u64)> = None;
        // Only windows starting at a bucket with arrivals can be the
        // earliest busiest one.
        for (&b, &n) in &self.arrivals {
            if n == 0 {
                continue;
            }
            let sum: u64 = self.arrivals.range(b..b + width).map(|(_, n)| *n).sum();
            if best.is_none_or(|(_, s)| sum > s) {
                best = Some((b, sum));
            }
        }
        best.map(|(b, arrivals)| Busiest {
            start: time_text(b),
            end: time_text(b + width),
            arrivals,
        })
    }
}

impl DoorStats {
    /// Takes in one read of the log (a dashboard's refresh).
    pub fn take(&mut self, read: &DoorRead) {
        self.take_until(read, None);
    }

    /// The same, as at `until` (UTC text): what came later is left out (an
    /// undo is kept: the log does not say when it was made).
    pub fn take_until(&mut self, read: &DoorRead, until: Option<&str>) {
        let later = |at: &str| until.is_some_and(|u| at > u);
        for c in &read.changes {
            if c.kind != ChangeKind::Undone && later(&c.admission.at) {
                continue;
            }
            self.apply(c);
        }
        for _ in 0..read.forced_new {
            self.add_forced();
        }
        self.capacity = (read.capacity > 0).then_some(read.capacity);
        if let Some(n) = read.forced {
            self.set_forced(n);
        }
        for (lane, at) in &read.heartbeats {
            self.heartbeat(lane, if later(at) { until.unwrap_or(at) } else { at });
        }
        for (lane, at) in &read.scans {
            if !later(at) {
                self.scan(lane, at);
            }
        }
    }
}

/// Whether a lane with heartbeat `beat` and last scan `last` is offline at
/// `now`: a lane that beats (its heartbeat no more than [`OFFLINE_AFTER`]
/// behind its last scan) whose heartbeat is that old. A lane that scanned
/// well after its last heartbeat, or never beat, scans without beating
/// (`admit`): never offline for a heartbeat it does not send.
pub fn offline(beat: Option<i64>, last: Option<i64>, now: i64) -> bool {
    beat.is_some_and(|h| now - h >= OFFLINE_AFTER && last.is_none_or(|s| s <= h + OFFLINE_AFTER))
}

/// "1 h 05 min", "12 min", "40 s".
pub fn age_words(secs: i64) -> String {
    match secs {
        ..60 => format!("{} s", secs.max(0)),
        60..3600 => format!("{} min", secs / 60),
        _ => format!("{} h {:02} min", secs / 3600, secs / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Admission;
    use proptest::prelude::*;

    fn change(kind: ChangeKind, ticket: u64, lane: &str, secs: i64) -> Change {
        Change {
            seq: 0,
            kind,
            admission: Admission {
                ticket_id: ticket,
                number: format!("TK-{ticket}"),
                event_id: 1,
                edition_id: None,
                at: time_text(secs),
                desk: lane.into(),
            },
            scan: None,
        }
    }

    const T0: i64 = 1_795_000_000 / 300 * 300;

    #[test]
    fn a_scripted_door_counts_as_a_person_would() {
        let mut d = DoorStats::new(300);
        d.set_valid(Some(10));
        for (t, lane, s) in [(1, "a", 10), (2, "a", 20), (3, "b", 400), (4, "b", 410)] {
            d.apply(&change(ChangeKind::Admitted, t, lane, T0 + s));
        }
        d.apply(&change(ChangeKind::Exit, 1, "b", T0 + 500));
        d.apply(&change(ChangeKind::Undone, 4, "b", T0 + 410));
        d.apply(&change(ChangeKind::Conflict, 3, "c", T0 + 420));
        let f = d.figures(&time_text(T0 + 600));
        assert_eq!((f.admitted, f.inside, f.exits, f.conflicts), (3, 2, 1, 1));
        assert_eq!(f.to_come, Some(7));
        assert_eq!(
            f.buckets.iter().map(|b| b.arrivals).collect::<Vec<_>>(),
            [2, 1, 0]
        );
        assert_eq!(
            f.buckets.iter().map(|b| b.inside).collect::<Vec<_>>(),
            [2, 2, 2]
        );
        assert_eq!(f.current, Some(2));
        let b = f.lanes.iter().find(|l| l.lane == "b").unwrap();
        // One admission (the other undone) within the last 5 minutes.
        assert_eq!((b.admissions, b.rate), (1, 0.2));
        assert_eq!(b.last_scan_age, Some(100));
        assert_eq!(b.state, LaneState::Scanning);
        let a = f.lanes.iter().find(|l| l.lane == "a").unwrap();
        assert_eq!((a.rate, a.state), (0.0, LaneState::Idle));
        d.heartbeat("a", &time_text(T0 + 590));
        let f = d.figures(&time_text(T0 + 600));
        let a = f.lanes.iter().find(|l| l.lane == "a").unwrap();
        assert_eq!(a.state, LaneState::Offline);
    }

    /// A change as generated: (kind 0..5, ticket, lane, seconds).
    fn changes() -> impl Strategy<Value = Vec<(u8, u64, u8, i64)>> {
        prop::collection::vec((0u8..5, 0u64..12, 0u8..3, 0i64..3600), 0..60)
    }

    fn kind(k: u8) -> ChangeKind {
        [
            ChangeKind::Admitted,
            ChangeKind::Undone,
            ChangeKind::Conflict,
            ChangeKind::Exit,
            ChangeKind::Reentry,
        ][usize::from(k)]
    }

    proptest! {
        /// A lane's state and last scan from what it did: a running lane
        /// beats every second until it stops, and is offline from
        /// [`OFFLINE_AFTER`] after its last beat, never before; a lane that
        /// scans without beating (`admit`) is never offline; the last scan
        /// is any scan, a refused one too.
        #[test]
        fn a_lanes_state_follows_its_beats_and_any_scan(
            running in any::<bool>(),
            scans in prop::collection::vec((0i64..600, any::<bool>()), 1..20),
            stop in 0i64..600,
            after in 0i64..400,
        ) {
            let mut d = DoorStats::new(300);
            let mut last = i64::MIN;
            for (ticket, (t, admits)) in (1u64..).zip(&scans) {
                // A running lane scans only while it runs.
                let t = if running { (*t).min(stop) } else { *t };
                last = last.max(t);
                if *admits {
                    d.apply(&change(ChangeKind::Admitted, ticket, "gate", T0 + t));
                } else {
                    // Refused (a re-scan, NOT VALID): only the lane says it.
                    d.scan("gate", &time_text(T0 + t));
                }
            }
            if running {
                for beat in 0..=stop {
                    d.heartbeat("gate", &time_text(T0 + beat));
                }
            }
            let now = if running { stop } else { last } + after;
            let f = d.figures(&time_text(T0 + now));
            let gate = f.lanes.iter().find(|l| l.lane == "gate").unwrap();
            prop_assert_eq!(gate.last_scan_age, Some(now - last));
            let expected = if running && after >= OFFLINE_AFTER {
                LaneState::Offline
            } else if now - last < IDLE_AFTER {
                LaneState::Scanning
            } else {
                LaneState::Idle
            };
            prop_assert_eq!(gate.state, expected);
        }

        /// Applied one at a time, the figures are those of a plain replay
        /// of the whole list: who holds each ticket, then counts.
        #[test]
        fn figures_match_a_reference_replay(raw in changes(), now in 0i64..4000, bucket in 1i64..900) {
            let list: Vec<Change> = raw
                .iter()
                .map(|(k, t, l, s)| change(kind(*k), *t, ["a", "b", "c"][usize::from(*l)], T0 + s))
                .collect();
            let mut d = DoorStats::new(bucket);
            for c in &list {
                d.apply(c);
            }
            // The reference: ticket → (lane, time, outside).
            let mut held: HashMap<u64, (String, i64, bool)> = HashMap::new();
            let (mut exits, mut conflicts) = (0u64, 0u64);
            for c in &list {
                let a = &c.admission;
                let at = epoch_seconds(&a.at).unwrap();
                match c.kind {
                    ChangeKind::Admitted => {
                        held.insert(a.ticket_id, (a.desk.clone(), at, false));
                    }
                    ChangeKind::Undone => {
                        if held.get(&a.ticket_id).is_some_and(|h| h.0 == a.desk) {
                            held.remove(&a.ticket_id);
                        }
                    }
                    ChangeKind::Conflict => conflicts += 1,
                    ChangeKind::Exit => {
                        exits += 1;
                        if let Some(h) = held.get_mut(&a.ticket_id) { h.2 = true; }
                    }
                    ChangeKind::Reentry => {
                        if let Some(h) = held.get_mut(&a.ticket_id) { h.2 = false; }
                    }
                }
            }
            let now_s = T0 + now;
            let f = d.figures(&time_text(now_s));
            prop_assert_eq!(f.admitted, held.len() as u64);
            prop_assert_eq!(f.inside, held.values().filter(|h| !h.2).count() as u64);
            prop_assert_eq!((f.exits, f.conflicts), (exits, conflicts));
            for lane in &f.lanes {
                let mine: Vec<i64> = held.values().filter(|h| h.0 == lane.lane).map(|h| h.1).collect();
                prop_assert_eq!(lane.admissions, mine.len() as u64);
                let recent = mine.iter().filter(|t| **t > now_s - RATE_WINDOW && **t <= now_s).count();
                prop_assert!((lane.rate - f64::from(u32::try_from(recent).unwrap()) / 5.0).abs() < 1e-9);
            }
            // Arrivals per bucket: the held admissions in it.
            prop_assert_eq!(f.buckets.last().map(|b| b.inside), Some(f.inside));
            // Those shown: every one from the first bucket shown on.
            let from = epoch_seconds(&f.buckets[0].start).unwrap();
            let shown: u64 = f.buckets.iter().map(|b| b.arrivals).sum();
            prop_assert_eq!(shown, held.values().filter(|h| h.1 >= from).count() as u64);
            prop_assert!(f.buckets.len() <= 288);
            let lanes = d.lane_series(&f.buckets);
            for (i, b) in f.buckets.iter().enumerate() {
                prop_assert_eq!(lanes.iter().map(|l| l.1[i]).sum::<u64>(), b.arrivals);
            }
            for b in &f.buckets {
                let s = epoch_seconds(&b.start).unwrap();
                let n = held.values().filter(|h| h.1 >= s && h.1 < s + bucket).count() as u64;
                prop_assert_eq!(b.arrivals, n);
            }
            // The busiest window holds at least as many as any window of
            // buckets of its width.
            if let Some(best) = &f.busiest {
                let (s, e) = (epoch_seconds(&best.start).unwrap(), epoch_seconds(&best.end).unwrap());
                let width = e - s;
                let n = held.values().filter(|h| h.1 >= s && h.1 < e).count() as u64;
                prop_assert_eq!(best.arrivals, n);
                for h in held.values() {
                    let b = h.1.div_euclid(bucket) * bucket;
                    let m = held.values().filter(|x| x.1 >= b && x.1 < b + width).count() as u64;
                    prop_assert!(m <= best.arrivals);
                }
            } else {
                prop_assert!(held.is_empty());
            }
        }
    }
}
