//! The tickets a door checks against, indexed by number and by id as the
//! pages arrive: a scan is two hash look-ups, never a walk over the rows.
//!
//! The index holds no text of its own: a number or an order is kept as its
//! hash and the row it leads to, and a look-up reads the row to make sure
//! (100,000 tickets cost their rows and a few bytes each, not a `String`
//! per row).

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher, RandomState};
use std::sync::Arc;

use super::scan::{compact, compacted};
use super::ticket::Pass;

/// The hasher of a key that is a hash already.
#[derive(Debug, Default, Clone, Copy)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A hash → a row.
type ByHash = HashMap<u64, u32, BuildHasherDefault<Prehashed>>;

/// No row (the end of an order's chain).
const NONE: u32 = u32::MAX;

/// Numbers ([`compact`]: upper case, no separators) → row, by the number's
/// hash; a number whose hash another number holds already (next to never)
/// is kept whole beside. Every entry leads to a row that bears its number.
#[derive(Debug, Clone, Default)]
struct Numbers {
    first: ByHash,
    more: HashMap<String, u32>,
}

fn same_number(a: &str, b: &str) -> bool {
    compacted(a).eq(compacted(b))
}

impl Numbers {
    fn get<T: Pass>(&self, rows: &[T], hash: u64, number: &str) -> Option<u32> {
        if let Some(&i) = self.first.get(&hash)
            && rows
                .get(i as usize)
                .is_some_and(|r| same_number(r.number(), number))
        {
            return Some(i);
        }
        if self.more.is_empty() {
            return None;
        }
        self.more.get(&compact(number)).copied()
    }

    /// `number` leads to row `i` (whichever row it led to before).
    fn insert<T: Pass>(&mut self, rows: &[T], hash: u64, number: &str, i: u32) {
        match self.first.get_mut(&hash) {
            None => {
                self.first.insert(hash, i);
                if !self.more.is_empty() {
                    self.more.remove(&compact(number));
                }
            }
            Some(j)
                if rows
                    .get(*j as usize)
                    .is_none_or(|r| same_number(r.number(), number)) =>
            {
                *j = i;
            }
            Some(_) => {
                self.more.insert(compact(number), i);
            }
        }
    }

    /// `number` leads nowhere.
    fn remove<T: Pass>(&mut self, rows: &[T], hash: u64, number: &str) {
        if let Some(&i) = self.first.get(&hash)
            && rows
                .get(i as usize)
                .is_some_and(|r| same_number(r.number(), number))
        {
            self.first.remove(&hash);
        } else if !self.more.is_empty() {
            self.more.remove(&compact(number));
        }
    }
}

/// One list of tickets (an offline one, or a read) and its index.
#[derive(Debug, Clone)]
pub struct TicketIndex<T> {
    /// Shared with the offline list being saved (no second copy of
    /// 100,000 rows); a change while it is saved copies them.
    rows: Arc<Vec<T>>,
    /// Hashes numbers and orders (one random key per index).
    hasher: RandomState,
    /// Bits of a hash kept (all; tests keep fewer so that numbers and
    /// orders share hashes).
    mask: u64,
    by_number: Numbers,
    by_id: HashMap<u64, u32>,
    /// An order number's hash → the last row added with it; `order_prev`
    /// links each row to the one added before it in that chain (only rows
    /// with an order: a whole order is found from one scan without a walk
    /// over the list).
    by_order: ByHash,
    order_prev: Vec<u32>,
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
            hasher: RandomState::new(),
            mask: u64::MAX,
            by_number: Numbers::default(),
            by_id: HashMap::new(),
            by_order: ByHash::default(),
            order_prev: Vec::new(),
            confirmed: 0,
            pages: 0,
            expected: None,
            complete: false,
        }
    }
}

impl<T: Pass> TicketIndex<T> {
    /// A complete index of `rows` (an offline list, a list read before):
    /// the rows are kept where they are (not copied), when no id comes
    /// twice.
    pub fn of(rows: Vec<T>) -> Self {
        Self::of_in(Self::default(), rows)
    }

    /// [`TicketIndex::of`] into `index` (empty; its hashing kept).
    fn of_in(mut index: Self, rows: Vec<T>) -> Self {
        index.by_id.reserve(rows.len());
        let unique = rows
            .iter()
            .zip(0u32..)
            .all(|(r, i)| index.by_id.insert(r.id(), i).is_none() && i < NONE);
        if !unique {
            let mut index = index.emptied();
            index.add(rows);
            index.complete = true;
            return index;
        }
        index.by_number.first.reserve(rows.len());
        index.order_prev = vec![NONE; rows.len()];
        for (row, i) in rows.iter().zip(0u32..) {
            let number = index.number_hash(row.number());
            index.by_number.insert(&rows, number, row.number(), i);
            if !row.order().is_empty() {
                let order = index.order_hash(row.order());
                index.chain(order, i);
            }
            index.confirmed += usize::from(row.status() == "confirmed");
        }
        index.rows = Arc::new(rows);
        index.complete = true;
        index
    }

    /// An empty index hashing as this one does.
    fn emptied(&self) -> Self {
        Self {
            hasher: self.hasher.clone(),
            mask: self.mask,
            ..Self::default()
        }
    }

    /// Room for `n` more rows at once (the read's size is known from its
    /// first page), rather than growing by doubling.
    pub fn reserve(&mut self, n: usize) {
        Arc::make_mut(&mut self.rows).reserve_exact(n);
        self.by_id.reserve(n);
        self.by_number.first.reserve(n);
        self.order_prev.reserve_exact(n);
    }

    fn number_hash(&self, number: &str) -> u64 {
        let mut h = self.hasher.build_hasher();
        for c in compacted(number) {
            h.write_u32(u32::from(c));
        }
        h.finish() & self.mask
    }

    fn order_hash(&self, order: &str) -> u64 {
        self.hasher.hash_one(order) & self.mask
    }

    /// Takes in rows: a new ticket is appended, one already here replaced.
    /// Returns the positions of the new ones. Costs the rows' own number.
    pub fn add(&mut self, rows: Vec<T>) -> Vec<usize> {
        let mut new = Vec::new();
        for row in rows {
            let confirmed = usize::from(row.status() == "confirmed");
            let number = self.number_hash(row.number());
            if let Some(&i) = self.by_id.get(&row.id()) {
                let old = &self.rows[i as usize];
                if *old == row {
                    // Read again unchanged (every row of a list read again):
                    // its number leads to it as the row read last; nothing
                    // else moves, and the rows are not copied while saved.
                    self.by_number.insert(&self.rows, number, row.number(), i);
                    continue;
                }
                self.confirmed -= usize::from(old.status() == "confirmed");
                let old_number = self.number_hash(old.number());
                let moved = old.order() != row.order();
                let old_order =
                    (moved && !old.order().is_empty()).then(|| self.order_hash(old.order()));
                self.by_number.remove(&self.rows, old_number, old.number());
                if let Some(h) = old_order {
                    self.unchain(h, i);
                }
                let order =
                    (moved && !row.order().is_empty()).then(|| self.order_hash(row.order()));
                Arc::make_mut(&mut self.rows)[i as usize] = row;
                self.by_number
                    .insert(&self.rows, number, self.rows[i as usize].number(), i);
                if let Some(h) = order {
                    self.chain(h, i);
                }
            } else {
                let order = (!row.order().is_empty()).then(|| self.order_hash(row.order()));
                let i = u32::try_from(self.rows.len()).unwrap_or(u32::MAX);
                self.by_id.insert(row.id(), i);
                self.by_number.insert(&self.rows, number, row.number(), i);
                self.order_prev.push(NONE);
                new.push(self.rows.len());
                Arc::make_mut(&mut self.rows).push(row);
                if let Some(h) = order {
                    self.chain(h, i);
                }
            }
            self.confirmed += confirmed;
        }
        new
    }

    /// Row `i` joins the chain of order hash `h`.
    fn chain(&mut self, h: u64, i: u32) {
        let prev = self.by_order.insert(h, i).unwrap_or(NONE);
        if let Some(p) = self.order_prev.get_mut(i as usize) {
            *p = prev;
        }
    }

    /// Row `i` leaves the chain of order hash `h`.
    fn unchain(&mut self, h: u64, i: u32) {
        let before = self.order_prev.get(i as usize).copied().unwrap_or(NONE);
        let Some(&head) = self.by_order.get(&h) else {
            return;
        };
        if head == i {
            if before == NONE {
                self.by_order.remove(&h);
            } else {
                self.by_order.insert(h, before);
            }
        } else {
            let mut at = head;
            while let Some(&p) = self.order_prev.get(at as usize) {
                if p == i {
                    self.order_prev[at as usize] = before;
                    break;
                }
                at = p;
            }
        }
        if let Some(p) = self.order_prev.get_mut(i as usize) {
            *p = NONE;
        }
    }

    /// The ticket numbered `number` (any case, with or without separators).
    pub fn by_number(&self, number: &str) -> Option<&T> {
        let i = self
            .by_number
            .get(&self.rows, self.number_hash(number), number)?;
        self.rows.get(i as usize)
    }

    pub fn by_id(&self, id: u64) -> Option<&T> {
        let i = *self.by_id.get(&id)?;
        self.rows.get(i as usize)
    }

    /// Where ticket `id` is in the rows.
    pub fn position(&self, id: u64) -> Option<usize> {
        self.by_id.get(&id).map(|&i| i as usize)
    }

    /// Only the rows `keep` marks stay (a row past its end goes): the
    /// index is made again when one goes (a read that no longer names a
    /// ticket; next to never), else nothing is touched.
    pub fn keep(&mut self, keep: &[bool]) {
        if (0..self.rows.len()).all(|i| keep.get(i).copied().unwrap_or(false)) {
            return;
        }
        let rows = Arc::try_unwrap(std::mem::take(&mut self.rows))
            .unwrap_or_else(|shared| shared.as_ref().clone());
        let rows = rows
            .into_iter()
            .zip(keep.iter().copied().chain(std::iter::repeat(false)))
            .filter_map(|(r, k)| k.then_some(r))
            .collect();
        let (pages, expected, complete) = (self.pages, self.expected, self.complete);
        *self = Self::of_in(self.emptied(), rows);
        (self.pages, self.expected, self.complete) = (pages, expected, complete);
    }

    /// The rows of order `order`, in list order (none for an empty number).
    pub fn by_order<'s>(&'s self, order: &str) -> impl Iterator<Item = &'s T> + 's {
        let mut at: Vec<u32> = Vec::new();
        if !order.is_empty() {
            let mut i = self
                .by_order
                .get(&self.order_hash(order))
                .copied()
                .unwrap_or(NONE);
            while let Some(row) = self.rows.get(i as usize) {
                if row.order() == order {
                    at.push(i);
                }
                i = self.order_prev.get(i as usize).copied().unwrap_or(NONE);
            }
            at.sort_unstable();
        }
        at.into_iter().filter_map(|i| self.rows.get(i as usize))
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

    /// The index as it was (a `String` per number, a `Vec` per order),
    /// for comparing.
    #[derive(Default)]
    struct Model {
        rows: Vec<Ticket>,
        by_number: HashMap<String, usize>,
        by_id: HashMap<u64, usize>,
    }

    impl Model {
        fn add(&mut self, rows: &[Ticket]) {
            for row in rows {
                if let Some(&i) = self.by_id.get(&row.id) {
                    self.by_number.remove(&compact(&self.rows[i].number));
                    self.by_number.insert(compact(&row.number), i);
                    self.rows[i] = row.clone();
                } else {
                    self.by_id.insert(row.id, self.rows.len());
                    self.by_number.insert(compact(&row.number), self.rows.len());
                    self.rows.push(row.clone());
                }
            }
        }
        fn order(&self, order: &str) -> Vec<u64> {
            let mut ids: Vec<u64> = self
                .rows
                .iter()
                .filter(|r| !order.is_empty() && r.order == order)
                .map(|r| r.id)
                .collect();
            ids.dedup();
            ids
        }
    }

    const NUMBERS: [&str; 8] = [
        "TK-1",
        "tk1",
        "TK-2",
        "T K 3",
        "TK-000004",
        "AB-5",
        "ab5x",
        "Z",
    ];
    const ORDERS: [&str; 4] = ["", "10001", "10002", "10003"];

    proptest::proptest! {
        /// Whatever hashes collide (`mask`), the index finds what a
        /// `String` per number and a list per order found: by number (any
        /// spelling), by id, an order's rows in list order, the counts,
        /// as rows come and are read again with other numbers and orders.
        #[test]
        fn the_index_finds_what_a_map_of_strings_found(
            mask in proptest::sample::select(vec![u64::MAX, 0, 1, 3]),
            pages in proptest::collection::vec(
                proptest::collection::vec((0u64..24, 0usize..8, 0usize..4, proptest::bool::ANY), 0..12),
                1..8,
            ),
        ) {
            let mut index = TicketIndex::<Ticket> { mask, ..TicketIndex::default() };
            let mut model = Model::default();
            for page in pages {
                let rows: Vec<Ticket> = page
                    .into_iter()
                    .map(|(id, n, o, ok)| Ticket {
                        number: NUMBERS[n].into(),
                        order: ORDERS[o].into(),
                        ..row(id, if ok { "confirmed" } else { "pending" })
                    })
                    .collect();
                model.add(&rows);
                index.add(rows);
                for n in NUMBERS.iter().chain(&["tk-000-004", "nothing"]) {
                    let want = model.by_number.get(&compact(n)).map(|&i| model.rows[i].id);
                    proptest::prop_assert_eq!(index.by_number(n).map(|r| r.id), want, "{}", n);
                }
                for id in 0..24 {
                    let want = model.by_id.get(&id).map(|&i| model.rows[i].number.clone());
                    proptest::prop_assert_eq!(index.by_id(id).map(|r| r.number.clone()), want);
                }
                for o in ORDERS {
                    let got: Vec<u64> = index.by_order(o).map(|r| r.id).collect();
                    proptest::prop_assert_eq!(got, model.order(o), "{}", o);
                }
                proptest::prop_assert_eq!(index.rows(), &model.rows[..]);
                // Made at once from the rows (no id twice), it finds what
                // the map made from them in one page found.
                let empty = TicketIndex::<Ticket> { mask, ..TicketIndex::default() };
                let whole = TicketIndex::of_in(empty, model.rows.clone());
                let mut fresh = Model::default();
                fresh.add(&model.rows);
                for n in NUMBERS {
                    let want = fresh.by_number.get(&compact(n)).map(|&i| fresh.rows[i].id);
                    proptest::prop_assert_eq!(whole.by_number(n).map(|r| r.id), want);
                }
                for o in ORDERS {
                    let got: Vec<u64> = whole.by_order(o).map(|r| r.id).collect();
                    proptest::prop_assert_eq!(got, model.order(o), "{}", o);
                }
                proptest::prop_assert_eq!(whole.confirmed(), index.confirmed());
                let confirmed = model.rows.iter().filter(|r| r.status == "confirmed").count();
                proptest::prop_assert_eq!(index.confirmed(), confirmed);
            }
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
        // An id twice in a whole list: the later row, once.
        let again = Ticket {
            number: "TK-9".into(),
            ..row(1, "confirmed")
        };
        let whole = TicketIndex::of(vec![row(1, "unenrolled"), row(2, "confirmed"), again]);
        assert_eq!((whole.len(), whole.confirmed()), (2, 2));
        assert_eq!(whole.by_number("tk9").map(|r| r.id), Some(1));
        assert!(whole.by_number("TK-000001").is_none());
        // Rows read again unchanged while saved are not copied; a change is.
        let saved = whole.shared();
        let mut whole = whole;
        assert!(whole.add(whole.rows().to_vec()).is_empty());
        assert!(Arc::ptr_eq(&saved, &whole.shared()));
        whole.add(vec![row(2, "unenrolled")]);
        assert!(!Arc::ptr_eq(&saved, &whole.shared()));
        assert_eq!(whole.confirmed(), 1);
    }
}
