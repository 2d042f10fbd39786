//! The admissions a door knows, and the lanes' protocol as far as it
//! decides verdicts: one admission per ticket is the ticket's (the first
//! known: the one the shared log keeps), this lane's own in order (what an
//! undo takes back), and the second admission of a ticket admitted at two
//! lanes (a conflict), which an undo of the first leaves as the ticket's.
//!
//! What comes in: the log's admissions when the door opens, this lane's
//! VALID scans at once, the log's answer to each (stamped, or another
//! lane's that won the race), the other lanes' changes as followed, and
//! the answers to undos.

use std::collections::HashMap;

use crate::store::{Admission, Change, ChangeKind, Recorded};

pub use crate::store::Undone;

/// The admissions a door knows.
#[derive(Debug, Clone, Default)]
pub struct Admissions {
    known: HashMap<u64, Admission>,
    /// This lane's admissions, oldest first (by ticket).
    mine: Vec<u64>,
    /// A ticket's other admissions (admitted at two lanes).
    twice: HashMap<u64, Vec<Admission>>,
    /// Tickets outside now: their latest exit (its lane and time).
    left: HashMap<u64, Admission>,
    /// Tickets that came back in after an exit: their latest re-entry (an
    /// ALREADY ADMITTED names it, not the first admission).
    back: HashMap<u64, Admission>,
    /// Tickets this lane admitted while cut off whose replay found another
    /// lane's admission (its own conflict, read back): the log holds the
    /// ticket under the other one, and that one's moves.
    replayed: std::collections::HashSet<u64>,
    /// The admission the log held each ticket under as this lane followed
    /// it (its lane), in the log's order: a lane's own admission is known
    /// before the log's older changes of the ticket are read.
    held: HashMap<u64, String>,
    /// The lane of the admission a followed exit or re-entry was made
    /// under: its undo takes the move with it, whatever admission this
    /// lane holds the ticket under meanwhile.
    moved_under: HashMap<u64, String>,
}

/// What the log's answer to a VALID scan did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// Recorded as this lane's (stamped).
    Admitted,
    /// Another lane admitted the ticket first: that one (the verdict is
    /// ALREADY ADMITTED naming it; nothing was admitted here).
    Lost(Admission),
}

impl Admissions {
    /// The ticket's admission, if any.
    pub fn get(&self, ticket: u64) -> Option<&Admission> {
        self.known.get(&ticket)
    }

    /// Tickets admitted.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// Admissions stamped at or after `since` ("YYYY-MM-DD HH:MM:SS"), or
    /// not yet stamped.
    pub fn since(&self, since: &str) -> usize {
        self.known
            .values()
            .filter(|a| a.at.is_empty() || a.at.as_str() >= since)
            .count()
    }

    /// Every admission known (the ticket's).
    pub fn all(&self) -> impl Iterator<Item = &Admission> {
        self.known.values()
    }

    /// The exit of a ticket admitted here that is outside now.
    pub fn left(&self, ticket: u64) -> Option<&Admission> {
        self.left
            .get(&ticket)
            .filter(|_| self.known.contains_key(&ticket))
    }

    /// Tickets inside now: admitted, less those outside (entries less
    /// exits, from every lane this door has heard of).
    pub fn inside(&self) -> usize {
        let out = self
            .left
            .keys()
            .filter(|t| self.known.contains_key(t))
            .count();
        self.known.len() - out
    }

    /// A ticket left (this lane's exit, or another's read from the log).
    pub fn exited(&mut self, exit: Admission) {
        self.left.insert(exit.ticket_id, exit);
    }

    /// A ticket that left is inside again (a move put back, or one sent
    /// and not yet answered).
    pub fn reentered(&mut self, ticket: u64) {
        self.left.remove(&ticket);
    }

    /// A ticket that left came back in: `reentry` (its lane and time).
    pub fn back_in(&mut self, reentry: Admission) {
        self.left.remove(&reentry.ticket_id);
        self.back.insert(reentry.ticket_id, reentry);
    }

    /// The log recorded this lane's move of a ticket: `m`, its exit or
    /// its re-entry (stamped).
    pub fn moved(&mut self, kind: ChangeKind, m: Admission) {
        match kind {
            ChangeKind::Exit => self.exited(m),
            _ => self.back_in(m),
        }
    }

    /// The log refused this lane's move: another lane moved the ticket
    /// first (`first`, which it now follows: out or back in). False when
    /// the log named no such move (the lane keeps what it knew before).
    pub fn moved_first(&mut self, first: Option<&(ChangeKind, Admission)>) -> bool {
        match first {
            Some((ChangeKind::Exit, m)) => self.exited(m.clone()),
            Some((ChangeKind::Reentry, m)) => self.back_in(m.clone()),
            Some((_, m)) => self.reentered(m.ticket_id),
            None => return false,
        }
        true
    }

    /// The exit that holds the ticket numbered `number` outside, if any.
    pub fn exit_of(&self, number: &str) -> Option<&Admission> {
        self.left.values().find(|a| a.number == number)
    }

    /// The ticket's latest re-entry, while it is inside after one.
    pub fn came_back(&self, ticket: u64) -> Option<&Admission> {
        self.back
            .get(&ticket)
            .filter(|_| !self.left.contains_key(&ticket))
    }

    /// The latest exits and re-entries as the log keeps them (a door
    /// opening): who is outside.
    pub fn know_moves(&mut self, moves: Vec<Change>) {
        for m in moves {
            match m.kind {
                ChangeKind::Exit => self.exited(m.admission),
                ChangeKind::Reentry => self.back_in(m.admission),
                _ => {}
            }
        }
    }

    /// An admission learnt from the log (opening, another lane): the first
    /// known of a ticket is its admission; another lane's second one is
    /// kept as the ticket's other admission.
    pub fn know(&mut self, a: Admission, lane: &str) {
        self.held
            .entry(a.ticket_id)
            .or_insert_with(|| a.desk.clone());
        if a.desk == lane && !self.mine.contains(&a.ticket_id) {
            self.mine.push(a.ticket_id);
        }
        match self.known.get(&a.ticket_id) {
            None => {
                self.known.insert(a.ticket_id, a);
            }
            Some(k) if k.desk == a.desk => {}
            Some(_) => self.also(a),
        }
    }

    fn also(&mut self, a: Admission) {
        let others = self.twice.entry(a.ticket_id).or_default();
        if !others.iter().any(|o| o.desk == a.desk) {
            others.push(a);
        }
    }

    /// This lane admits a ticket now (VALID), before the log answers.
    pub fn admit(&mut self, a: Admission) {
        self.mine.retain(|t| *t != a.ticket_id);
        self.mine.push(a.ticket_id);
        self.known.insert(a.ticket_id, a);
    }

    /// The log's answer to this lane's admission of `ticket`.
    pub fn settle(&mut self, ticket: u64, recorded: Recorded) -> Settled {
        match recorded {
            Recorded::Admitted(a) => {
                self.known.insert(ticket, a);
                Settled::Admitted
            }
            Recorded::AlreadyAdmitted(winner) => {
                self.mine.retain(|t| *t != ticket);
                self.known.insert(ticket, winner.clone());
                Settled::Lost(winner)
            }
        }
    }

    /// This lane's admission of `ticket` could not be recorded: taken back.
    pub fn roll_back(&mut self, ticket: u64) {
        self.mine.retain(|t| *t != ticket);
        self.known.remove(&ticket);
    }

    /// An undo answered by the log: the admission goes; the ticket stays
    /// admitted under the admission the log says holds it now (another
    /// lane's, when the ticket was admitted twice), and only that — what
    /// this door heard of the other side before may be stale.
    pub fn undone(&mut self, undone: &Undone) -> Option<Admission> {
        let a = &undone.admission;
        self.mine.retain(|t| *t != a.ticket_id);
        // The admission the log held the ticket under goes: its exits go
        // with it (an admission made again, or the other side kept, starts
        // inside). This lane's replayed side was not that one: the moves
        // stay with the admission the log kept.
        let replayed = self.replayed.remove(&a.ticket_id);
        if !replayed
            && self
                .known
                .get(&a.ticket_id)
                .is_some_and(|known| known.desk == a.desk)
        {
            self.left.remove(&a.ticket_id);
            self.back.remove(&a.ticket_id);
        }
        if let Some(k) = &undone.kept {
            self.known.insert(a.ticket_id, k.clone());
            if let Some(others) = self.twice.get_mut(&a.ticket_id) {
                others.retain(|o| o.desk != a.desk && o.desk != k.desk);
            }
        } else {
            if self
                .known
                .get(&a.ticket_id)
                .is_some_and(|known| known.desk == a.desk)
            {
                self.known.remove(&a.ticket_id);
            }
            self.twice.remove(&a.ticket_id);
        }
        self.twice.retain(|_, o| !o.is_empty());
        undone.kept.clone()
    }

    /// Another lane's change, as followed: an admission (returned when it
    /// is new to this door, for the last scans), an undo (its admission
    /// goes, another kept), a replay that found the ticket admitted (the
    /// ticket's second admission). This lane's own changes, read back, are
    /// known already (and may be older than what it did since).
    pub fn changed(&mut self, change: Change, lane: &str) -> Option<Admission> {
        let a = change.admission;
        match change.kind {
            ChangeKind::Admitted => {
                self.held
                    .entry(a.ticket_id)
                    .or_insert_with(|| a.desk.clone());
            }
            ChangeKind::Undone => {
                if self.held.get(&a.ticket_id) == Some(&a.desk) {
                    self.held.remove(&a.ticket_id);
                }
                // The admission undone takes the moves made under it.
                if self.moved_under.get(&a.ticket_id) == Some(&a.desk) {
                    self.moved_under.remove(&a.ticket_id);
                    self.left.remove(&a.ticket_id);
                    self.back.remove(&a.ticket_id);
                }
            }
            ChangeKind::Exit | ChangeKind::Reentry => {
                if let Some(holder) = self.held.get(&a.ticket_id) {
                    self.moved_under.insert(a.ticket_id, holder.clone());
                }
            }
            ChangeKind::Conflict => {}
        }
        if a.desk == lane {
            // Its own replay found the ticket admitted at another lane: the
            // log holds it under that one.
            if change.kind == ChangeKind::Conflict {
                self.replayed.insert(a.ticket_id);
            }
            return None;
        }
        match change.kind {
            ChangeKind::Admitted => {
                let fresh = !self.known.contains_key(&a.ticket_id);
                self.know(a.clone(), lane);
                (fresh && a.desk != lane).then_some(a)
            }
            // Another lane's admission undone: gone (if the ticket stays
            // admitted under another, the log's next change says so).
            ChangeKind::Undone => {
                if self
                    .known
                    .get(&a.ticket_id)
                    .is_some_and(|k| k.desk == a.desk)
                {
                    self.known.remove(&a.ticket_id);
                }
                // The admission the log held the ticket under, when this
                // lane's own is the replayed side: its moves go with it, and
                // this lane's admission (the log's now) starts inside.
                if self.replayed.remove(&a.ticket_id) {
                    self.left.remove(&a.ticket_id);
                    self.back.remove(&a.ticket_id);
                }
                if let Some(others) = self.twice.get_mut(&a.ticket_id) {
                    others.retain(|o| o.desk != a.desk);
                    if others.is_empty() {
                        self.twice.remove(&a.ticket_id);
                    }
                }
                if !self.known.contains_key(&a.ticket_id) {
                    self.left.remove(&a.ticket_id);
                    self.back.remove(&a.ticket_id);
                }
                None
            }
            ChangeKind::Exit => {
                self.exited(a);
                None
            }
            ChangeKind::Reentry => {
                self.back_in(a);
                None
            }
            ChangeKind::Conflict => {
                if self
                    .known
                    .get(&a.ticket_id)
                    .is_some_and(|k| k.desk != a.desk)
                {
                    self.also(a);
                } else if !self.known.contains_key(&a.ticket_id) {
                    self.know(a, lane);
                }
                None
            }
        }
    }

    /// This lane's latest admission, if any.
    pub fn latest_mine(&self, lane: &str) -> Option<&Admission> {
        self.mine
            .iter()
            .rev()
            .filter_map(|t| self.known.get(t))
            .find(|a| a.desk == lane)
    }

    /// The other admission of a ticket admitted twice, if this door knows one.
    pub fn other(&self, ticket: u64) -> Option<&Admission> {
        self.twice.get(&ticket).and_then(|o| o.first())
    }

    /// Tickets this door knows were admitted at two lanes.
    pub fn conflicts(&self) -> usize {
        self.twice.values().filter(|o| !o.is_empty()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(ticket: u64, lane: &str, at: &str) -> Admission {
        Admission {
            ticket_id: ticket,
            number: format!("TK-{ticket:06}"),
            event_id: 11,
            edition_id: Some(11),
            at: at.into(),
            desk: lane.into(),
        }
    }

    #[test]
    fn a_lost_race_leaves_the_winners_admission_and_nothing_of_mine() {
        let mut door = Admissions::default();
        door.admit(a(1, "lane-1", ""));
        let winner = a(1, "lane-2", "2026-12-01 10:00:01");
        assert_eq!(
            door.settle(1, Recorded::AlreadyAdmitted(winner.clone())),
            Settled::Lost(winner.clone())
        );
        assert_eq!(door.get(1), Some(&winner));
        assert_eq!(door.latest_mine("lane-1"), None);
    }

    #[test]
    fn exits_and_reentries_from_every_lane_make_inside_now() {
        let mut door = Admissions::default();
        door.know(a(1, "lane-1", "2026-12-01 10:00:01"), "exit-1");
        door.know(a(2, "lane-2", "2026-12-01 10:00:02"), "exit-1");
        assert_eq!(door.inside(), 2);
        door.exited(a(1, "exit-1", "2026-12-01 10:05:00"));
        assert_eq!((door.inside(), door.len()), (1, 2));
        assert_eq!(door.left(1).map(|l| l.desk.as_str()), Some("exit-1"));
        door.changed(
            Change {
                seq: 7,
                kind: ChangeKind::Reentry,
                admission: a(1, "lane-2", "2026-12-01 10:09:00"),
                scan: None,
            },
            "exit-1",
        );
        assert_eq!((door.inside(), door.left(1)), (2, None));
        // An exit of a ticket this door never admitted counts nothing.
        door.exited(a(9, "exit-1", "2026-12-01 10:10:00"));
        assert_eq!(door.inside(), 2);
    }

    #[test]
    fn undoing_one_side_of_a_conflict_keeps_the_other() {
        let mut door = Admissions::default();
        let mine = a(40, "lane-1", "2026-12-01 10:00:01");
        let theirs = a(40, "lane-2", "2026-12-01 10:00:05");
        door.know(mine.clone(), "lane-1");
        door.changed(
            Change {
                seq: 9,
                kind: ChangeKind::Conflict,
                admission: theirs.clone(),
                scan: None,
            },
            "lane-1",
        );
        assert_eq!(door.conflicts(), 1);
        // The log says the other side holds it now.
        let kept = door.undone(&Undone {
            admission: mine.clone(),
            kept: Some(theirs.clone()),
        });
        assert_eq!(kept, Some(theirs.clone()));
        assert_eq!(door.get(40), Some(&theirs));
        assert_eq!(door.len(), 1);
        assert_eq!(door.conflicts(), 0);
        // The other lane undoes its side too (read from the log): nobody
        // holds it.
        door.changed(
            Change {
                seq: 10,
                kind: ChangeKind::Undone,
                admission: theirs,
                scan: None,
            },
            "lane-1",
        );
        assert!(door.is_empty());
        // An undo the log says left nobody holding it: gone, whatever this
        // door heard of another side before.
        let mut door = Admissions::default();
        door.know(mine.clone(), "lane-1");
        door.changed(
            Change {
                seq: 11,
                kind: ChangeKind::Conflict,
                admission: a(40, "lane-2", "2026-12-01 10:00:05"),
                scan: None,
            },
            "lane-1",
        );
        assert_eq!(door.undone(&Undone::alone(mine)), None);
        assert!(door.is_empty());
    }
}
