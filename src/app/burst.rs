//! A scanner's burst told from typing: keys milliseconds apart. The one
//! place that says what a burst is; the desk reads its input line's keys
//! with it, and `update` passes every other key through the [`Gate`]
//! before routing it (docs/desk.md, "A scanner is a keyboard everywhere").
//!
//! The gate cannot know at a key whether more will follow within a
//! burst's gap, so a key that comes within the gap of a different key
//! waits (at most [`BURST_GAP`] more) until it is known: a run of
//! [`BURST_CHARS`] is a burst and its waiting keys are never routed; a
//! shorter run's keys go on, late. A key alone is answered at once, unless
//! it could answer a question or quit (`wary`): that one waits too.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

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

/// A key this soon after a question opened is not its answer: nobody reads
/// a question that fast, so it is the rest of what opened it (a scanner's
/// `xy` over a tickets row).
pub const READ_QUESTION: Duration = Duration::from_millis(30);

/// How long after leaving a desk every key waits and a burst is dropped.
pub const AFTER_DESK: Duration = Duration::from_secs(1);

/// What the gate does with keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Route this key now.
    Route(KeyEvent),
    /// A burst: the keys of its run, in order, and whether each was routed
    /// already (the caller undoes or reports what it can; the rest are
    /// not routed).
    Burst(Vec<(KeyEvent, bool)>),
}

/// What was open when the current run of keys began: a burst closes an
/// overlay its own first key opened, and one over the desk goes back as it
/// was before the burst.
#[derive(Debug, Clone, Default)]
pub struct RunStart {
    /// An overlay was open.
    pub overlay: bool,
    /// The overlay over the desk, as it was (the walk-in form).
    pub over_desk: Option<crate::app::overlays::Overlay>,
}

/// The keys on their way to the app.
#[derive(Debug, Clone, Default)]
pub struct Gate {
    /// The last key and when it came.
    last: Option<(Instant, KeyEvent)>,
    /// The current run of quick keys: each, and whether it was routed.
    run: Vec<(KeyEvent, bool)>,
    /// A burst is on: its keys are dropped (or typed) until a quiet gap.
    bursting: bool,
    /// Keys dropped in the burst going on.
    pub dropped: usize,
    /// Every key waits until then (a desk was just left).
    wary_until: Option<Instant>,
}

/// Whether `key` types a character (no Ctrl, no Alt).
pub fn is_text(key: &KeyEvent) -> bool {
    matches!(key.code, KeyCode::Char(_))
        && !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
}

impl Gate {
    /// A key at `now`. `wary`: it could answer a question or quit (it waits
    /// to see that no burst follows); `typing`: a text field has the focus
    /// (a character is typed at once, a burst's too, as a paste would be);
    /// `moves`: it only moves the selection (answered at once: a person
    /// rolls `j` `k` faster than 50 ms, and a move sends nothing).
    pub fn key(
        &mut self,
        key: KeyEvent,
        now: Instant,
        wary: bool,
        typing: bool,
        moves: bool,
    ) -> Vec<Step> {
        let quick = self.last.is_some_and(|(t, _)| quick(t, now));
        let repeat = quick && self.last.is_some_and(|(_, k)| k == key);
        let mut steps = Vec::new();
        if !quick {
            // The run before ended short of a burst: its keys go on.
            steps.extend(self.release());
            self.bursting = false;
            self.dropped = 0;
            self.run.clear();
        }
        self.last = Some((now, key));
        let text = typing && is_text(&key);
        if self.bursting {
            if text {
                steps.push(Step::Route(key));
            } else {
                self.dropped += 1;
            }
            return steps;
        }
        let wary = wary || self.wary_until.is_some_and(|until| now < until);
        let held = self.run.iter().any(|(_, routed)| !routed);
        // A key held down repeats itself: not a scanner's, not counted.
        if repeat && !wary && !held && !text {
            steps.push(Step::Route(key));
            return steps;
        }
        // A key alone (the first of a run) is answered at once, a typed
        // character and a move too; any other waits.
        let routed = !wary && (text || moves || self.run.is_empty());
        self.run.push((key, routed));
        if routed {
            steps.push(Step::Route(key));
        }
        if self.run.len() >= BURST_CHARS {
            self.bursting = true;
            self.dropped = self.run.iter().filter(|(_, routed)| !routed).count();
            steps.push(Step::Burst(std::mem::take(&mut self.run)));
        }
        steps
    }

    /// A key at `now` that is never routed (it came right after a question
    /// opened, [`READ_QUESTION`]): it counts in its run, so a burst it
    /// belongs to is still told as one.
    pub fn never_route(&mut self, key: KeyEvent, now: Instant) -> Vec<Step> {
        let steps = self.key(key, now, true, false, false);
        if let Some(last) = self.run.last_mut()
            && last.0 == key
        {
            last.1 = true;
        }
        steps
    }

    /// Time passed: the keys of a run that ended short of a burst go on.
    pub fn tick(&mut self, now: Instant) -> Vec<KeyEvent> {
        if self.last.is_some_and(|(t, _)| quick(t, now)) {
            return Vec::new();
        }
        self.bursting = false;
        let keys = self
            .release()
            .into_iter()
            .filter_map(|s| match s {
                Step::Route(k) => Some(k),
                Step::Burst(_) => None,
            })
            .collect();
        self.run.clear();
        keys
    }

    fn release(&mut self) -> Vec<Step> {
        let steps = self
            .run
            .iter()
            .filter(|(_, routed)| !routed)
            .map(|(k, _)| Step::Route(*k))
            .collect();
        for (_, routed) in &mut self.run {
            *routed = true;
        }
        steps
    }

    /// Keys wait for a while: a desk was just left at `now`.
    pub fn left_desk(&mut self, now: Instant) {
        self.wary_until = Some(now + AFTER_DESK);
    }

    /// Whether keys wait at `now` (a desk was just left).
    pub fn after_desk(&self, now: Instant) -> bool {
        self.wary_until.is_some_and(|until| now < until)
    }

    /// Whether keys are waiting (the caller asks to be woken).
    pub fn holding(&self) -> bool {
        self.run.iter().any(|(_, routed)| !routed)
    }

    /// Whether a key at `now` begins a run (no key within a burst's gap).
    pub fn starts_run(&self, now: Instant) -> bool {
        !self.last.is_some_and(|(t, _)| quick(t, now))
    }

    /// Forgets the run (the desk takes every key itself).
    pub fn pass(&mut self, key: KeyEvent, now: Instant) {
        self.last = Some((now, key));
        self.run.clear();
        self.bursting = false;
    }
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

    fn k(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    fn routed(steps: &[Step]) -> Vec<char> {
        steps
            .iter()
            .filter_map(|s| match s {
                Step::Route(KeyEvent {
                    code: KeyCode::Char(c),
                    ..
                }) => Some(*c),
                _ => None,
            })
            .collect()
    }

    /// Feeds `keys` `gap` apart from `t0`; what was routed, and whether a
    /// burst was seen.
    fn feed(gate: &mut Gate, keys: &str, t0: Instant, gap: u64, wary: bool) -> (String, bool) {
        let mut out = String::new();
        let mut burst = false;
        for (i, c) in keys.chars().enumerate() {
            let at = t0 + Duration::from_millis(gap * i as u64);
            let steps = gate.key(k(c), at, wary, false, false);
            out.extend(routed(&steps));
            burst |= steps.iter().any(|s| matches!(s, Step::Burst(_)));
        }
        (out, burst)
    }

    #[test]
    fn a_burst_drives_nothing_but_its_first_key_and_hand_typing_goes_through() {
        let t0 = Instant::now();
        let mut gate = Gate::default();
        // A scanner: only the first key is routed; the burst is said once.
        let (out, burst) = feed(&mut gate, "QRxy7", t0, 5, false);
        assert_eq!((out.as_str(), burst), ("Q", true));
        assert_eq!(gate.dropped, 4);
        // After a quiet gap, a person's keys, 150 ms apart: each at once.
        let (out, burst) = feed(&mut gate, "jkjx", t0 + Duration::from_secs(1), 150, false);
        assert_eq!((out.as_str(), burst), ("jkjx", false));
        // Two keys rolled 30 ms apart: the second waits, then goes.
        let t1 = t0 + Duration::from_secs(3);
        let (out, _) = feed(&mut gate, "jk", t1, 30, false);
        assert_eq!(out, "j");
        assert!(gate.holding());
        assert!(gate.tick(t1 + Duration::from_millis(40)).is_empty());
        assert_eq!(gate.tick(t1 + Duration::from_millis(100)), vec![k('k')]);
        // A key held down repeats at 30 ms: never taken for a scanner.
        let (out, burst) = feed(
            &mut gate,
            "jjjjjjjj",
            t0 + Duration::from_secs(5),
            30,
            false,
        );
        assert_eq!((out.as_str(), burst), ("jjjjjjjj", false));
    }

    #[test]
    fn an_answer_waits_out_the_gap_and_a_burst_after_it_answers_nothing() {
        let t0 = Instant::now();
        let mut gate = Gate::default();
        // "y" alone at a question: held, then answered once no burst came.
        let (out, _) = feed(&mut gate, "y", t0, 5, true);
        assert_eq!(out, "");
        assert_eq!(gate.tick(t0 + Duration::from_millis(60)), vec![k('y')]);
        // "y1234" scanned at a question: nothing routed.
        let (out, burst) = feed(&mut gate, "y1234", t0 + Duration::from_secs(1), 5, true);
        assert_eq!((out.as_str(), burst), ("", true));
        assert!(gate.tick(t0 + Duration::from_secs(2)).is_empty());
        // Within a second of leaving a desk every key waits.
        let t2 = t0 + Duration::from_secs(3);
        gate.left_desk(t2);
        let (out, _) = feed(&mut gate, "R", t2 + Duration::from_millis(200), 5, false);
        assert_eq!(out, "");
        assert!(gate.after_desk(t2 + Duration::from_millis(500)));
        assert!(!gate.after_desk(t2 + Duration::from_secs(2)));
    }

    #[test]
    fn a_move_is_answered_at_once_and_still_counts_toward_a_burst() {
        let t0 = Instant::now();
        let mut gate = Gate::default();
        // `j` `k` rolled 20 ms apart: both at once.
        let first = gate.key(k('j'), t0, false, false, true);
        let second = gate.key(k('k'), t0 + Duration::from_millis(20), false, false, true);
        assert_eq!(routed(&first), ['j']);
        assert_eq!(routed(&second), ['k']);
        // A scan of moves and other keys is still a burst: the others wait.
        let t1 = t0 + Duration::from_secs(1);
        let mut out = Vec::new();
        let mut burst = false;
        for (i, (c, moves)) in [('j', true), ('R', false), ('x', false), ('y', false)]
            .into_iter()
            .enumerate()
        {
            let steps = gate.key(
                k(c),
                t1 + Duration::from_millis(5 * i as u64),
                false,
                false,
                moves,
            );
            out.extend(routed(&steps));
            burst |= steps.iter().any(|s| matches!(s, Step::Burst(_)));
        }
        assert_eq!((out, burst), (vec!['j'], true));
    }

    #[test]
    fn in_a_text_field_a_bursts_characters_are_typed_and_its_enter_is_not() {
        let t0 = Instant::now();
        let mut gate = Gate::default();
        let mut out = Vec::new();
        for (i, key) in "ana@x.io"
            .chars()
            .map(k)
            .chain([KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)])
            .enumerate()
        {
            for step in gate.key(
                key,
                t0 + Duration::from_millis(5 * i as u64),
                false,
                true,
                false,
            ) {
                if let Step::Route(key) = step {
                    out.push(key.code);
                }
            }
        }
        assert_eq!(out.len(), 8, "every character, not the Enter: {out:?}");
        assert!(!out.contains(&KeyCode::Enter));
    }
}
