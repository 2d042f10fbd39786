//! The door's lists and how far they are read: its own edition's tickets
//! (the list shown — an offline one, or the last complete read — and a
//! read under way), the other editions' of its main event, the tickets read
//! by id, and those found by number in the lists kept for other events. A
//! number in none of them while any is still read is held, never UNKNOWN.

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

/// What the door looks tickets up in.
#[derive(Debug, Clone)]
pub struct Lists<T> {
    /// The list shown: the offline one, then the last complete read.
    pub shown: TicketIndex<T>,
    /// A read under way (looked in first).
    pub incoming: Option<TicketIndex<T>>,
    /// The main event's other editions.
    pub siblings: Vec<Sibling<T>>,
    /// Tickets read by id.
    pub fetched: HashMap<u64, Fetched<T>>,
    /// Numbers looked for in the lists kept for other events (by
    /// `ticket_number::key`), and what was found (None: nothing).
    pub elsewhere: HashMap<String, Option<Elsewhere<T>>>,
}

impl<T> Default for Lists<T> {
    fn default() -> Self {
        Self {
            shown: TicketIndex::default(),
            incoming: None,
            siblings: Vec::new(),
            fetched: HashMap::new(),
            elsewhere: HashMap::new(),
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
    /// superseded).
    pub fn begin_read(&mut self) {
        self.incoming = Some(TicketIndex::default());
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
        let Some(inc) = self.incoming.as_mut() else {
            return false;
        };
        if inc.is_empty()
            && let Some(n) = expected.and_then(|n| usize::try_from(n.min(1_000_000)).ok())
        {
            inc.reserve(n);
        }
        inc.add(rows);
        inc.pages = inc.pages.max(pages);
        inc.expected = expected.or(inc.expected);
        if page < pages {
            return false;
        }
        if let Some(mut done) = self.incoming.take() {
            done.complete = true;
            self.shown = done;
            // What was read or found before may have changed since.
            self.fetched.clear();
            self.elsewhere.clear();
        }
        true
    }

    /// The own read failed: what came in stays searchable — as the list
    /// shown when there was none, else added to it (an offline list, a
    /// walk-in's ticket: a ticket read is never forgotten).
    pub fn read_failed(&mut self) {
        let Some(inc) = self.incoming.take() else {
            return;
        };
        if self.shown.is_empty() {
            self.shown = inc;
        } else {
            self.shown.add(inc.rows().to_vec());
        }
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
        self.incoming.is_some() || self.siblings.iter().any(|s| s.reading)
    }

    /// How far they are read.
    pub fn progress(&self) -> Progress {
        let (read, of) = self
            .incoming
            .as_ref()
            .map_or((self.shown.len(), None), |i| (i.len(), i.expected));
        Progress {
            read,
            of,
            others: self.siblings.iter().filter(|s| s.reading).count(),
        }
    }

    /// The list counters read: the shown one, or the read under way while
    /// nothing is shown.
    pub fn current(&self) -> &TicketIndex<T> {
        match &self.incoming {
            Some(inc) if self.shown.is_empty() => inc,
            _ => &self.shown,
        }
    }

    /// The ticket `key` names: the read under way first, then the list
    /// shown, the other editions', those read by id, those found for other
    /// events.
    pub fn find(&self, key: &Key) -> Option<Found<'_, T>> {
        fn look<'b, T: Pass>(index: &'b TicketIndex<T>, key: &Key) -> Option<&'b T> {
            match key {
                Key::Number(n) => index.by_number(n),
                Key::Id(id) => index.by_id(*id),
            }
        }
        if let Some(t) = self
            .incoming
            .iter()
            .chain([&self.shown])
            .find_map(|i| look(i, key))
        {
            return Some(Found::Own(t));
        }
        if let Some((t, s)) = self
            .siblings
            .iter()
            .find_map(|s| look(&s.index, key).map(|t| (t, s.edition)))
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

    /// The tickets of order `order` in the door's own lists (the read under
    /// way first, each once) and the other editions', with the edition of
    /// each list.
    pub fn order_rows(&self, order: &str, own: u64) -> Vec<(&T, u64)> {
        let mut seen = std::collections::HashSet::new();
        let mut rows = Vec::new();
        if order.is_empty() {
            return rows;
        }
        for index in self.incoming.iter().chain([&self.shown]) {
            for t in index.by_order(order) {
                if seen.insert(t.id()) {
                    rows.push((t, own));
                }
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
        self.incoming
            .iter()
            .chain([&self.shown])
            .chain(self.siblings.iter().map(|s| &s.index))
            .find_map(|i| i.by_id(id))
    }
}
