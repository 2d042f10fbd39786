//! The tickets a door checks against, indexed by number and by id as the
//! pages arrive: a scan is two hash look-ups, never a walk over the rows.

use std::collections::HashMap;
use std::sync::Arc;

use super::scan::compact;
use super::ticket::Pass;

/// One list of tickets (an offline one, or a read) and its index.
#[derive(Debug, Clone)]
pub struct TicketIndex<T> {
    /// Shared with the offline list being saved (no second copy of
    /// 100,000 rows); a change while it is saved copies them.
    rows: Arc<Vec<T>>,
    /// Number ([`compact`]: upper case, no separators) → row.
    by_number: HashMap<String, u32>,
    by_id: HashMap<u64, u32>,
    /// Order number → its rows (only rows with an order: a whole order is
    /// found from one scan without a walk over the list).
    by_order: HashMap<String, Vec<u32>>,
    /// Rows whose status is "confirmed".
    confirmed: usize,
    /// How many pages the read had (where its tail is).
    pub pages: u32,
    /// How many tickets the read will have, as the API says (while read).
    pub expected: Option<u64>,
    /// Every page is in.
    pub complete: bool,
}

impl<T> Default for TicketIndex<T> {
    fn default() -> Self {
        Self {
            rows: Arc::new(Vec::new()),
            by_number: HashMap::new(),
            by_id: HashMap::new(),
            by_order: HashMap::new(),
            confirmed: 0,
            pages: 0,
            expected: None,
            complete: false,
        }
    }
}

impl<T: Pass> TicketIndex<T> {
    /// A complete index of `rows` (an offline list).
    pub fn of(rows: Vec<T>) -> Self {
        let mut index = Self::default();
        index.add(rows);
        index.complete = true;
        index
    }

    /// Takes in rows: a new ticket is appended, one already here replaced.
    /// Returns the positions of the new ones. Costs the rows' own number.
    pub fn add(&mut self, rows: Vec<T>) -> Vec<usize> {
        let mut new = Vec::new();
        let list = Arc::make_mut(&mut self.rows);
        for row in rows {
            let confirmed = usize::from(row.status() == "confirmed");
            if let Some(&i) = self.by_id.get(&row.id()) {
                let old = &mut list[i as usize];
                self.confirmed -= usize::from(old.status() == "confirmed");
                self.by_number.remove(&compact(old.number()));
                self.by_number.insert(compact(row.number()), i);
                if old.order() != row.order() {
                    if let Some(rows) = self.by_order.get_mut(old.order()) {
                        rows.retain(|r| *r != i);
                    }
                    if !row.order().is_empty() {
                        self.by_order
                            .entry(row.order().to_string())
                            .or_default()
                            .push(i);
                    }
                }
                *old = row;
            } else {
                let i = u32::try_from(list.len()).unwrap_or(u32::MAX);
                self.by_id.insert(row.id(), i);
                self.by_number.insert(compact(row.number()), i);
                if !row.order().is_empty() {
                    self.by_order
                        .entry(row.order().to_string())
                        .or_default()
                        .push(i);
                }
                new.push(list.len());
                list.push(row);
            }
            self.confirmed += confirmed;
        }
        new
    }

    /// The ticket numbered `number` (any case, with or without separators).
    pub fn by_number(&self, number: &str) -> Option<&T> {
        let i = *self.by_number.get(&compact(number))?;
        self.rows.get(i as usize)
    }

    pub fn by_id(&self, id: u64) -> Option<&T> {
        let i = *self.by_id.get(&id)?;
        self.rows.get(i as usize)
    }

    /// The rows of order `order` (none for an empty number).
    pub fn by_order<'s>(&'s self, order: &str) -> impl Iterator<Item = &'s T> + 's {
        self.by_order
            .get(order)
            .into_iter()
            .flatten()
            .filter_map(|&i| self.rows.get(i as usize))
    }
}

impl<T> TicketIndex<T> {
    /// The rows, shared (for saving them as the offline list).
    pub fn shared(&self) -> Arc<Vec<T>> {
        Arc::clone(&self.rows)
    }

    pub fn rows(&self) -> &[T] {
        &self.rows
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn confirmed(&self) -> usize {
        self.confirmed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::door::Ticket;

    fn row(id: u64, status: &str) -> Ticket {
        Ticket {
            id,
            number: format!("TK-{id:06}"),
            status: status.into(),
            edition_id: Some(11),
            edition: "Day 1".into(),
            attendee: format!("guest {id}"),
            customer_id: None,
            order: if id < 3 {
                "10001".into()
            } else {
                String::new()
            },
        }
    }

    #[test]
    fn the_index_grows_by_page_and_finds_by_number_and_id() {
        let mut index = TicketIndex::default();
        assert_eq!(index.add(vec![row(1, "confirmed")]), vec![0]);
        assert_eq!(
            index.add(vec![row(2, "unenrolled"), row(3, "confirmed")]),
            vec![1, 2]
        );
        assert_eq!(index.by_number("tk-000002").map(|r| r.id), Some(2));
        assert_eq!(index.by_id(3).map(|r| r.attendee.as_str()), Some("guest 3"));
        assert_eq!(index.confirmed(), 2);
        // Read again: replaced in place, counted once.
        assert!(index.add(vec![row(2, "confirmed")]).is_empty());
        assert_eq!((index.len(), index.confirmed()), (3, 3));
        let order: Vec<u64> = index.by_order("10001").map(|r| r.id).collect();
        assert_eq!(order, vec![1, 2]);
        assert_eq!(index.by_order("").count(), 0);
    }
}
