//! The door's lists and how far they are read: its own edition's tickets
//! (one list: an offline one, or the last complete read, into which a read
//! under way writes its pages), the other editions' of its main event, the
//! tickets read by id, and those found by number in the lists kept for other
//! events. A number in none of them while any is still read is held, never
//! UNKNOWN.
//!
//! The own list is held once. A read's pages replace, ticket by ticket, the
//! rows shown (a ticket read is looked up as read, one not read yet as it
//! was), and when its last page is in, the tickets it did not name are gone:
//! 100,000 tickets read again cost their changed rows, not a second list.

use std::collections::HashMap;

use super::index::TicketIndex;
use super::scan::Key;
use super::ticket::Pass;

/// A ticket read by id from the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fetched<T> {
    /// The ticket, its edition's first day and its main event (as the
    /// ticket's `event` says).
    Found {
        ticket: T,
        date: Option<String>,
        parent: Option<u64>,
    },
    /// The API has no such ticket.
    Missing,
    /// It could not be read (why).
    Failed(String),
}

/// A ticket found by number in the list this machine keeps for another
/// event or edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Elsewhere<T> {
    /// The event or edition whose list holds it.
    pub event_id: u64,
    pub ticket: T,
    /// That list's title and first day ("YYYY-MM-DD"; empty when unknown).
    pub title: String,
    pub starts: String,
}

/// The tickets of one other edition, as read.
#[derive(Debug, Clone)]
pub struct Sibling<T> {
    pub edition: u64,
    pub index: TicketIndex<T>,
    /// Still being read.
    pub reading: bool,
}

/// How far the door's lists are read (a held scan says it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Tickets of the door's own list read, and how many there will be
    /// (when the API said).
    pub read: usize,
    pub of: Option<u64>,
    /// Other editions' lists still read (the own one is in).
    pub others: usize,
}

/// A read of the own list under way: what it has named so far.
#[derive(Debug, Clone, Default)]
struct Reading {
    /// The rows of the list shown that this read has named, by position.
    named: Vec<bool>,
    /// How many.
    read: usize,
    /// Its pages, and the tickets it will have (as the API says).
    pages: u32,
    expected: Option<u64>,
}

/// What the door looks tickets up in.
#[derive(Debug, Clone)]
pub struct Lists<T> {
    /// The own list: the offline one, then the last complete read, with the
    /// pages of a read under way written in.
    pub shown: TicketIndex<T>,
    /// A read under way (its pages are in `shown`).
    reading: Option<Reading>,
    /// The main event's other editions.
    pub siblings: Vec<Sibling<T>>,
    /// Tickets read by id.
    pub fetched: HashMap<u64, Fetched<T>>,
    /// Numbers looked for in the lists kept for other events (by
    /// `ticket_number::key`), and what was found (None: nothing).
    pub elsewhere: HashMap<String, Option<Elsewhere<T>>>,
    /// Tickets the API no longer has (read before a verdict): not found in
    /// any list until the next complete read.
    gone: std::collections::HashSet<u64>,
}

impl<T> Default for Lists<T> {
    fn default() -> Self {
        Self {
            shown: TicketIndex::default(),
            reading: None,
            siblings: Vec::new(),
            fetched: HashMap::new(),
            elsewhere: HashMap::new(),
            gone: std::collections::HashSet::new(),
        }
    }
}

/// Where a ticket was found.
#[derive(Debug, PartialEq, Eq)]
pub enum Found<'a, T> {
    /// The door's own list (shown or being read).
    Own(&'a T),
    /// The list of other edition `edition`.
    Sibling(&'a T, u64),
    /// Read by id: its edition's first day and main event.
    Read(&'a T, Option<&'a str>, Option<u64>),
    /// In the list kept for another event.
    Elsewhere(&'a Elsewhere<T>),
}

impl<T> Clone for Found<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

// Only references: copied whatever `T` is.
impl<T> Copy for Found<'_, T> {}

impl<T: Pass> Lists<T> {
    /// A read of the own list starts (the one under way, if any, is
    /// superseded; what it read stays, as read).
    pub fn begin_read(&mut self) {
        self.reading = Some(Reading::default());
    }

    /// A read of the own list is under way.
    pub fn own_reading(&self) -> bool {
        self.reading.is_some()
    }

    /// The offline list came: shown, where it names a ticket nothing read
    /// has (a ticket read since is fresher than the list saved).
    pub fn offline(&mut self, rows: Vec<T>) {
        if self.shown.is_empty() {
            self.shown = TicketIndex::of(rows);
        } else {
            let rows = rows
                .into_iter()
                .filter(|r| self.shown.by_id(r.id()).is_none())
                .collect();
            self.shown.add(rows);
        }
    }

    /// The list shown is `rows` alone (an offline list of another edition
    /// than the one read: the read is dropped with what it read).
    pub fn replace(&mut self, rows: Vec<T>) {
        self.reading = None;
        self.shown = TicketIndex::of(rows);
    }

    /// A page of the own read: `pages` in all, `expected` tickets as the
    /// API says. True when it was the last.
    pub fn read_page(
        &mut self,
        rows: Vec<T>,
        page: u32,
        pages: u32,
        expected: Option<u64>,
    ) -> bool {
        let Some(read) = self.reading.as_mut() else {
            return false;
        };
        read.pages = read.pages.max(pages);
        read.expected = expected.or(read.expected);
        self.add_read(rows);
        if page < pages {
            return false;
        }
        if let Some(done) = self.reading.take() {
            // What the read did not name is gone.
            self.shown.keep(&done.named);
            self.shown.complete = true;
            self.shown.pages = done.pages;
            self.shown.expected = done.expected;
            // What was read or found before may have changed since.
            self.fetched.clear();
            self.elsewhere.clear();
            self.gone.clear();
        }
        true
    }

    /// Tickets read apart from the read under way (the list's tail after a
    /// walk-in): into the list shown, and counted as read by the read under
    /// way if there is one (it may have passed their page already), so its
    /// end keeps them. Returns the positions of the new ones.
    pub fn add_read(&mut self, rows: Vec<T>) -> Vec<usize> {
        let ids: Vec<u64> = rows.iter().map(Pass::id).collect();
        let new = self.shown.add(rows);
        if let Some(read) = self.reading.as_mut() {
            read.named.resize(self.shown.len(), false);
            for id in ids {
                if let Some(i) = self.shown.position(id)
                    && !std::mem::replace(&mut read.named[i], true)
                {
                    read.read += 1;
                }
            }
        }
        new
    }

    /// A ticket as the API has it now (read before a verdict,
    /// `door::fresh`): its row, wherever the lists hold it, becomes it (a
    /// read under way counts it as read).
    pub fn refresh(&mut self, row: T) {
        let id = row.id();
        if self.shown.by_id(id).is_some() {
            self.add_read(vec![row]);
        } else if let Some(s) = self
            .siblings
            .iter_mut()
            .find(|s| s.index.by_id(id).is_some())
        {
            s.index.add(vec![row]);
        } else if let Some(Fetched::Found { ticket, .. }) = self.fetched.get_mut(&id) {
            *ticket = row;
        }
    }

    /// The API no longer has ticket `id` (read before a verdict): no list
    /// finds it until the next complete read.
    pub fn gone(&mut self, id: u64) {
        self.gone.insert(id);
        self.fetched.insert(id, Fetched::Missing);
    }

    /// The own read failed: what came in stays searchable, with the list
    /// shown (an offline list, a walk-in's ticket: a ticket read is never
    /// forgotten).
    pub fn read_failed(&mut self) {
        self.reading = None;
    }

    /// The other editions `editions` are read (in that order).
    pub fn begin_siblings(&mut self, editions: &[u64]) {
        self.siblings = editions
            .iter()
            .map(|&edition| Sibling {
                edition,
                index: TicketIndex::default(),
                reading: true,
            })
            .collect();
    }

    /// A page of other edition `edition`'s list, or (None) its read ended
    /// early: an edition that cannot be read is only not named.
    pub fn sibling_page(&mut self, edition: u64, rows: Option<Vec<T>>, last: bool) {
        if let Some(s) = self.siblings.iter_mut().find(|s| s.edition == edition) {
            match rows {
                Some(rows) => {
                    s.index.add(rows);
                    s.reading &= !last;
                }
                None => s.reading = false,
            }
        }
    }

    /// Whether a number not found may still come: a read under way.
    pub fn reading(&self) -> bool {
        self.reading.is_some() || self.siblings.iter().any(|s| s.reading)
    }

    /// How far they are read.
    pub fn progress(&self) -> Progress {
        let (read, of) = self
            .reading
            .as_ref()
            .map_or((self.shown.len(), None), |r| (r.read, r.expected));
        Progress {
            read,
            of,
            others: self.siblings.iter().filter(|s| s.reading).count(),
        }
    }

    /// Tickets the read under way has read, if one is.
    pub fn read_so_far(&self) -> Option<usize> {
        self.reading.as_ref().map(|r| r.read)
    }

    /// The ticket `key` names: the own list (as read, where the read under
    /// way has it), the other editions', those read by id, those found for
    /// other events.
    pub fn find(&self, key: &Key) -> Option<Found<'_, T>> {
        fn look<'b, T: Pass>(index: &'b TicketIndex<T>, key: &Key) -> Option<&'b T> {
            match key {
                Key::Number(n) => index.by_number(n),
                Key::Id(id) => index.by_id(*id),
            }
        }
        let here = |t: &&T| self.gone.is_empty() || !self.gone.contains(&t.id());
        if let Some(t) = look(&self.shown, key).filter(here) {
            return Some(Found::Own(t));
        }
        if let Some((t, s)) = self
            .siblings
            .iter()
            .find_map(|s| look(&s.index, key).filter(here).map(|t| (t, s.edition)))
        {
            return Some(Found::Sibling(t, s));
        }
        match key {
            Key::Id(id) => match self.fetched.get(id) {
                Some(Fetched::Found {
                    ticket,
                    date,
                    parent,
                }) => Some(Found::Read(ticket, date.as_deref(), *parent)),
                _ => None,
            },
            Key::Number(n) => self
                .elsewhere
                .get(&crate::ticket_number::key(n))
                .and_then(Option::as_ref)
                .map(Found::Elsewhere),
        }
    }

    /// The tickets of order `order` in the door's own list and the other
    /// editions' (each once), with the edition of each list.
    pub fn order_rows(&self, order: &str, own: u64) -> Vec<(&T, u64)> {
        let mut seen = std::collections::HashSet::new();
        let mut rows = Vec::new();
        if order.is_empty() {
            return rows;
        }
        for t in self.shown.by_order(order) {
            if seen.insert(t.id()) {
                rows.push((t, own));
            }
        }
        for s in &self.siblings {
            for t in s.index.by_order(order) {
                if seen.insert(t.id()) {
                    rows.push((t, s.edition));
                }
            }
        }
        rows
    }

    /// A ticket by id in the door's own lists or the other editions' (for
    /// naming an admission).
    pub fn ticket(&self, id: u64) -> Option<&T> {
        [&self.shown]
            .into_iter()
            .chain(self.siblings.iter().map(|s| &s.index))
            .find_map(|i| i.by_id(id))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use proptest::prelude::*;

    use super::*;
    use crate::door::Ticket;

    /// A ticket: its id, whether it is confirmed, and its order (0: none).
    type Spec = (u64, bool, u8);

    fn ticket((id, confirmed, order): Spec) -> Ticket {
        Ticket {
            id,
            number: format!("TK-{id:06}"),
            status: if confirmed { "confirmed" } else { "unenrolled" }.into(),
            edition_id: Some(11),
            edition: "Day 1".into(),
            attendee: format!("guest {id}"),
            customer_id: None,
            order: if order == 0 {
                String::new()
            } else {
                format!("#{order}")
            },
        }
    }

    #[derive(Debug, Clone)]
    enum Op {
        Offline(Vec<Spec>),
        Begin,
        Page(Vec<Spec>, bool),
        /// Tickets read apart (a list's tail after a walk-in).
        Tail(Vec<Spec>),
        Fail,
    }

    fn spec() -> impl Strategy<Value = Spec> {
        (0u64..24, any::<bool>(), 0u8..3)
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            proptest::collection::vec(spec(), 0..12).prop_map(Op::Offline),
            Just(Op::Begin),
            (proptest::collection::vec(spec(), 0..12), any::<bool>())
                .prop_map(|(rows, last)| Op::Page(rows, last)),
            proptest::collection::vec(spec(), 0..3).prop_map(Op::Tail),
            Just(Op::Fail),
        ]
    }

    /// What the desk knows, plainly: every ticket as last read (or as the
    /// offline list had it, when nothing read it), and what the read under
    /// way has named (its pages, and tickets read apart meanwhile); a
    /// complete read leaves only what it named.
    #[derive(Default)]
    struct Model {
        known: BTreeMap<u64, Ticket>,
        reading: Option<BTreeSet<u64>>,
    }

    impl Model {
        fn apply(&mut self, op: &Op) {
            match op {
                Op::Offline(rows) => {
                    let new: Vec<Ticket> = rows
                        .iter()
                        .map(|&s| ticket(s))
                        .filter(|t| !self.known.contains_key(&t.id))
                        .collect();
                    for t in new {
                        self.known.insert(t.id, t);
                    }
                }
                Op::Begin => self.reading = Some(BTreeSet::new()),
                Op::Page(rows, last) => {
                    let Some(named) = self.reading.as_mut() else {
                        return;
                    };
                    for &s in rows {
                        named.insert(s.0);
                        self.known.insert(s.0, ticket(s));
                    }
                    if *last {
                        let named = self.reading.take().unwrap_or_default();
                        self.known.retain(|id, _| named.contains(id));
                    }
                }
                Op::Tail(rows) => {
                    for &s in rows {
                        if let Some(named) = self.reading.as_mut() {
                            named.insert(s.0);
                        }
                        self.known.insert(s.0, ticket(s));
                    }
                }
                Op::Fail => self.reading = None,
            }
        }
    }

    fn apply(lists: &mut Lists<Ticket>, op: &Op) {
        match op {
            Op::Offline(rows) => lists.offline(rows.iter().map(|&s| ticket(s)).collect()),
            Op::Begin => lists.begin_read(),
            Op::Page(rows, last) => {
                let (page, pages) = if *last { (2, 2) } else { (1, 2) };
                lists.read_page(rows.iter().map(|&s| ticket(s)).collect(), page, pages, None);
            }
            Op::Tail(rows) => {
                lists.add_read(rows.iter().map(|&s| ticket(s)).collect());
            }
            Op::Fail => lists.read_failed(),
        }
    }

    proptest! {
        /// The own list, held once with a read written into it, finds
        /// every ticket as the read under way has it, else as it was shown,
        /// by id, by number and by order; a complete read leaves exactly
        /// what it named, and the progress counts what the read named.
        #[test]
        fn a_read_written_into_the_list_shown_finds_the_freshest_ticket(
            ops in proptest::collection::vec(op(), 0..24),
        ) {
            let mut lists = Lists::<Ticket>::default();
            let mut model = Model::default();
            for op in &ops {
                apply(&mut lists, op);
                model.apply(op);
                for id in 0..24 {
                    let want = model.known.get(&id);
                    let by_id = match lists.find(&Key::Id(id)) {
                        Some(Found::Own(t)) => Some(t),
                        _ => None,
                    };
                    prop_assert_eq!(by_id, want, "id {} after {:?}", id, op);
                    let by_number = match lists.find(&Key::Number(format!("TK{id:06}"))) {
                        Some(Found::Own(t)) => Some(t),
                        _ => None,
                    };
                    prop_assert_eq!(by_number, want, "number {} after {:?}", id, op);
                }
                prop_assert_eq!(lists.shown.len(), model.known.len());
                prop_assert_eq!(
                    lists.shown.confirmed(),
                    model.known.values().filter(|t| t.status == "confirmed").count()
                );
                for order in ["#1", "#2"] {
                    let got: BTreeSet<u64> =
                        lists.order_rows(order, 11).iter().map(|(t, _)| t.id).collect();
                    let want: BTreeSet<u64> = model
                        .known
                        .values()
                        .filter(|t| t.order == order)
                        .map(|t| t.id)
                        .collect();
                    prop_assert_eq!(got, want, "order {} after {:?}", order, op);
                }
                prop_assert_eq!(lists.own_reading(), model.reading.is_some());
                if let Some(named) = &model.reading {
                    prop_assert_eq!(lists.read_so_far(), Some(named.len()));
                    prop_assert_eq!(lists.progress().read, named.len());
                }
            }
        }
    }
}
