//! The door: what a scan is, what the door says about it, and what it
//! knows to say it — its lists and how far they are read, the admissions
//! it knows, its lanes' answers. It knows no screen: the desk
//! (`app::screens::checkin`) and `boxoffice admit` (`commands::admit`)
//! both call it, and a model of the door holds it (`tests/door.rs`).
//! docs/desk.md is its specification, row by row.
//!
//! One function decides a verdict: [`judge`], from a [`Judging`] (the
//! scanned text, the door, its policy and scan rules, its lists, the
//! admissions known, this lane, today). What it cannot decide yet it says
//! as a [`Judgement`] asking for what it needs (a list still read, a
//! ticket to read by id, the lists kept for other events); the caller
//! fetches it, puts it in the lists and asks again.

pub mod admissions;
pub mod index;
pub mod judge;
pub mod lists;
pub mod scan;
pub mod target;
pub mod ticket;
pub mod verdict;

pub use admissions::{Admissions, Undone};
pub use index::TicketIndex;
pub use judge::{Judgement, Judging, Source, judge, judge_key};
pub use lists::{Elsewhere, Fetched, Lists, Progress};
pub use scan::{Key, ScanRules, Scanned, compact, parse_scan};
pub use target::{EditionInfo, EventFacts, Finding, Need, Opened, Target, todays};
pub use ticket::{Pass, Ticket};
pub use verdict::{
    Verdict, Why, age_between, clock_time, epoch_seconds, relative_day, status_words,
};

/// What a door admits, shared by every lane of it. Today's doors admit the
/// tickets of their own edition, once; a door's policy is where more rules
/// will go (several editions, opening hours, re-entry).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Policy {
    pub admits: Admits,
}

/// Which tickets a door lets in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Admits {
    /// Those of the edition it checks in (or of the event, when it has no
    /// editions).
    #[default]
    ThisEdition,
}

impl Policy {
    /// Whether a ticket of `edition` gets in at `target`.
    pub fn admits(&self, target: &Target, edition: u64) -> bool {
        match self.admits {
            Admits::ThisEdition => edition == target.event_id,
        }
    }
}
