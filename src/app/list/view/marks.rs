//! Marks: the rows picked for a bulk action (revoke the marked), kept by
//! record id — so they stay across filter, sort and tab changes and a read
//! of the list again — and dropped for records that are no longer there.
//!
//! One `HashSet<u64>` for the list: 100,000 marks are ~2 MB, and no row
//! carries anything for them (the table asks for the ~40 rows it draws).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::{ListRow, ListView};

/// The ids of the marked records.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    ids: HashSet<u64, BuildHasherDefault<IdHasher>>,
}

/// A hasher for record ids: one multiplication (ids are the API's, not an
/// attacker's keys in a server; `SipHash` made marking 100,000 rows cost more
/// than a frame).
#[derive(Debug, Clone, Copy, Default)]
pub struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 =
                (self.0.rotate_left(5) ^ u64::from(*b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, id: u64) {
        // Fibonacci hashing: the high bits (which hashbrown uses) mix all of the id.
        self.0 = (self.0 ^ id).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

impl Marks {
    /// Marks `id`, or unmarks it when marked; true when now marked.
    pub fn toggle(&mut self, id: u64) -> bool {
        if self.ids.remove(&id) {
            false
        } else {
            self.ids.insert(id);
            true
        }
    }

    pub fn contains(&self, id: u64) -> bool {
        self.ids.contains(&id)
    }

    pub fn remove(&mut self, id: u64) {
        self.ids.remove(&id);
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Marks exactly `ids`.
    pub fn set(&mut self, ids: impl IntoIterator<Item = u64>) {
        self.ids.clear();
        self.ids.extend(ids);
    }
}

impl<R: ListRow> ListView<R> {
    /// Space: marks or unmarks the selected row and moves down one.
    pub fn toggle_mark(&mut self) {
        if let Some(id) = self.selected().map(ListRow::id) {
            self.marks.toggle(id);
            self.step(crate::app::state::Step::Down);
        }
    }

    /// Marks every row shown (the tab, through the filter); returns how many
    /// are marked now.
    pub fn mark_shown(&mut self) -> usize {
        let n = self.visible_len();
        self.marks.ids.reserve(n);
        for pos in 0..n {
            if let Some(row) = self.visible_row(pos) {
                self.marks.ids.insert(row.id());
            }
        }
        self.marks.len()
    }

    /// Unmarks everything; returns how many were marked.
    pub fn clear_marks(&mut self) -> usize {
        let n = self.marks.len();
        self.marks.ids.clear();
        n
    }

    /// Drops the marks of records no longer in the list (after it was read
    /// again whole).
    pub fn prune_marks(&mut self) {
        let list = &self.list;
        self.marks.ids.retain(|id| list.position(*id).is_some());
    }

    /// The marked rows, in the list's order.
    pub fn marked_rows(&self) -> Vec<&R> {
        if self.marks.is_empty() {
            return Vec::new();
        }
        self.list
            .rows()
            .iter()
            .filter(|r| self.marks.contains(r.id()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_toggle_and_are_set_by_id() {
        let mut m = Marks::default();
        assert!(m.toggle(7));
        assert!(m.contains(7));
        assert!(!m.toggle(7));
        assert!(m.is_empty());
        m.set([1, 2, 3]);
        m.remove(2);
        assert_eq!(m.len(), 2);
        assert!(m.contains(3) && !m.contains(2));
    }
}
