//! The tickets a desk checks against, indexed by number and by id as the
//! pages arrive: a scan is two hash look-ups, never a walk over the rows.

use std::collections::HashMap;
use std::sync::Arc;

use crate::app::list::rows::TicketRow;
use crate::app::state::ReqId;
use crate::search::fold;

/// One list of tickets (the offline one, or a live read) and its index.
#[derive(Debug, Clone, Default)]
pub struct TicketIndex {
    /// The read that fills it (0: the offline list).
    pub req: ReqId,
    /// Shared with the offline list being saved (no second copy of
    /// 100,000 rows); a change while it is saved copies them.
    rows: Arc<Vec<TicketRow>>,
    /// Upper-case number → row.
    by_number: HashMap<String, u32>,
    by_id: HashMap<u64, u32>,
    /// Rows whose status is "confirmed".
    confirmed: usize,
    /// How many pages the read had (where its tail is).
    pub pages: u32,
    /// Every page is in.
    pub complete: bool,
}

impl TicketIndex {
    /// An empty index waiting for the pages of `req`.
    pub fn new(req: ReqId) -> Self {
        Self {
            req,
            ..Self::default()
        }
    }

    /// A complete index of `rows` (an offline list).
    pub fn of(rows: Vec<TicketRow>) -> Self {
        let mut index = Self::new(0);
        index.add(rows);
        index.complete = true;
        index
    }

    /// Takes in rows: a new ticket is appended, one already here replaced.
    /// Returns the positions of the new ones. Costs the rows' own number.
    pub fn add(&mut self, rows: Vec<TicketRow>) -> Vec<usize> {
        let mut new = Vec::new();
        let list = Arc::make_mut(&mut self.rows);
        for row in rows {
            let confirmed = usize::from(row.status() == "confirmed");
            if let Some(&i) = self.by_id.get(&row.id) {
                let old = &mut list[i as usize];
                self.confirmed -= usize::from(old.status() == "confirmed");
                self.by_number.remove(&old.number().to_uppercase());
                self.by_number.insert(row.number().to_uppercase(), i);
                *old = row;
            } else {
                let i = u32::try_from(list.len()).unwrap_or(u32::MAX);
                self.by_id.insert(row.id, i);
                self.by_number.insert(row.number().to_uppercase(), i);
                new.push(list.len());
                list.push(row);
            }
            self.confirmed += confirmed;
        }
        new
    }

    /// The ticket numbered `number` (any case).
    pub fn by_number(&self, number: &str) -> Option<&TicketRow> {
        let i = *self.by_number.get(&number.to_uppercase())?;
        self.rows.get(i as usize)
    }

    pub fn by_id(&self, id: u64) -> Option<&TicketRow> {
        let i = *self.by_id.get(&id)?;
        self.rows.get(i as usize)
    }

    /// The rows, shared (for saving them as the offline list).
    pub fn shared(&self) -> Arc<Vec<TicketRow>> {
        Arc::clone(&self.rows)
    }

    pub fn rows(&self) -> &[TicketRow] {
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

    /// The tickets whose attendee's name, e-mail or number holds `text`
    /// (case and accents ignored), at most `limit`, in list order.
    pub fn named(&self, text: &str, limit: usize) -> Vec<TicketRow> {
        let needle = fold(text.trim());
        if needle.is_empty() {
            return vec![];
        }
        self.rows
            .iter()
            .filter(|r| {
                use crate::app::list::ListRow;
                r.haystack().contains(&needle)
            })
            .take(limit)
            .cloned()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::CachedTicket;

    fn row(id: u64, status: &str, name: &str) -> TicketRow {
        TicketRow::from_cached(&CachedTicket {
            id,
            number: format!("TK-{id:06}"),
            status: status.into(),
            attendee_id: None,
            name: name.into(),
            email: format!("p{id}@example.com"),
            edition_id: Some(11),
            edition: "Day 1".into(),
            enrollment_type: "paid".into(),
            created: String::new(),
            price: "1".into(),
            order: String::new(),
        })
    }

    #[test]
    fn the_index_grows_by_page_and_finds_by_number_and_id() {
        let mut index = TicketIndex::new(3);
        assert_eq!(index.add(vec![row(1, "confirmed", "Ana García")]), vec![0]);
        assert_eq!(
            index.add(vec![
                row(2, "unenrolled", "Bruno"),
                row(3, "confirmed", "Chen")
            ]),
            vec![1, 2]
        );
        assert_eq!(index.by_number("tk-000002").map(|r| r.id), Some(2));
        assert_eq!(index.by_id(3).map(TicketRow::attendee), Some("Chen"));
        assert_eq!(index.confirmed(), 2);
        // Read again: replaced in place, counted once.
        assert!(index.add(vec![row(2, "confirmed", "Bruno")]).is_empty());
        assert_eq!((index.len(), index.confirmed()), (3, 3));
        assert_eq!(index.named("garcia", 10).len(), 1);
        assert_eq!(index.named("  ", 10).len(), 0);
    }
}
