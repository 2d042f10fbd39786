//! A lane: what one scanning point of a door knows between scans, owned in
//! one place. Every driver — the desk (`app::screens::checkin`), the
//! headless lane behind `boxoffice admit` and `boxoffice lane`
//! (`commands::lane`), and the door's model (`tests/it/door`) — holds one
//! [`Lane`] and does the I/O it asks for: a list's pages, a ticket by id,
//! the log's answers. The lane does none: what it knows changes only
//! through its fields' own methods (`Lists::read_page`,
//! `Admissions::changed`, `Fresh::answered`, …), and each verdict is
//! judged from all of it at once by [`Lane::judging`], so no driver can
//! judge from a part of it.

use super::judge::{Judgement, Judging, judge, judge_key};
use super::order::{OrderMate, order_of};
use super::{Admissions, Fresh, Key, LaneKind, Lists, Notes, Pass, Policy, ScanRules, Target};

/// One lane of a door: the door, its rules, its lists, what it knows.
#[derive(Debug, Clone)]
pub struct Lane<T> {
    /// What the door checks in.
    pub target: Target,
    /// The door's policy as the log keeps it (followed live).
    pub policy: Policy,
    /// What this lane reads as a scan.
    pub rules: ScanRules,
    /// This lane's name, as its admissions are recorded.
    pub name: String,
    /// Entry (the default) or exit.
    pub kind: LaneKind,
    /// The notes kept at this door (followed live, like the policy).
    pub notes: Notes,
    /// The door's lists and how far they are read.
    pub lists: Lists<T>,
    /// The admissions this lane knows (its own and the others' it read).
    pub admissions: Admissions,
    /// The API's round trip and since when it has not answered.
    pub fresh: Fresh,
}

impl<T: Pass> Lane<T> {
    /// A lane of `target` knowing nothing yet: no list, no admission, the
    /// door's default policy until the log's is read.
    pub fn new(target: Target, rules: ScanRules, name: &str, kind: LaneKind) -> Self {
        Self {
            target,
            policy: Policy::default(),
            rules,
            name: name.to_string(),
            kind,
            notes: Notes::default(),
            lists: Lists::default(),
            admissions: Admissions::default(),
            fresh: Fresh::default(),
        }
    }

    /// Everything a verdict on `scanned` is decided from at `today` (UTC
    /// "YYYY-MM-DD HH:MM:SS"), under the door's policy.
    pub fn judging<'a>(&'a self, scanned: &'a str, today: &'a str) -> Judging<'a, T> {
        self.judging_under(&self.policy, scanned, today)
    }

    /// As [`Lane::judging`], under `policy` instead of the door's (one bent
    /// by a force: `Policy::always_open`).
    pub fn judging_under<'a>(
        &'a self,
        policy: &'a Policy,
        scanned: &'a str,
        today: &'a str,
    ) -> Judging<'a, T> {
        Judging {
            scanned,
            target: &self.target,
            policy,
            rules: &self.rules,
            lists: &self.lists,
            admissions: &self.admissions,
            lane: &self.name,
            kind: self.kind,
            notes: &self.notes,
            today,
        }
    }

    /// The door's word on `scanned` (or, given, on the ticket `key`).
    pub fn judge<'a>(
        &'a self,
        scanned: &'a str,
        key: Option<Key>,
        today: &'a str,
    ) -> Judgement<'a, T> {
        let j = self.judging(scanned, today);
        match key {
            Some(key) => judge_key(&j, key),
            None => judge(&j),
        }
    }

    /// The rest of `ticket`'s order as this lane sees it.
    pub fn order_of<'a>(&'a self, ticket: &T, today: &'a str) -> Vec<OrderMate<'a, T>> {
        order_of(&self.judging("", today), ticket)
    }
}
