//! The door: what a scan is, what the door says about it, and what it
//! knows to say it — its lists and how far they are read, the admissions
//! it knows, its lanes' answers. It knows no screen: the desk
//! (`app::screens::checkin`) and `boxoffice admit` (`commands::admit`)
//! both call it, and a model of the door holds it (`tests/it/door.rs`).
//! docs/desk.md is its specification, row by row.
//!
//! One function decides a verdict: [`judge`], from a [`Judging`] (the
//! scanned text, the door, its policy (which editions, opening hours,
//! re-entry) and scan rules, its lists, the admissions known (entries and
//! exits), the notes kept, this lane and its kind, now). What it cannot decide yet it says
//! as a [`Judgement`] asking for what it needs (a list still read, a
//! ticket to read by id, the lists kept for other events); the caller
//! fetches it, puts it in the lists and asks again.

pub mod admissions;
pub mod fresh;
pub mod index;
pub mod judge;
pub mod lane;
pub mod lists;
pub mod notes;
pub mod order;
pub mod policy;
pub mod report;
pub mod scan;
pub mod stats;
pub mod target;
pub mod ticket;
pub mod verdict;

pub use admissions::{Admissions, Undone};
pub use fresh::{Checked, Fresh};
pub use index::TicketIndex;
pub use judge::{Judgement, Judging, Source, judge, judge_key};
pub use lane::Lane;
pub use lists::{Elsewhere, Fetched, Lists, Progress};
pub use notes::{Note, NoteOn, Notes};
pub use order::{OrderMate, order_of};
pub use policy::{Admits, LaneKind, Moment, Policy};
pub use scan::{Key, ScanRules, Scanned, compact, parse_scan};
pub use target::{EditionInfo, EventFacts, Finding, Need, NextEdition, Opened, Target, todays};
pub use ticket::{Pass, Ticket};
pub use verdict::{
    Verdict, Why, age_between, clock_time, epoch_seconds, refused_move, relative_day, status_words,
};
