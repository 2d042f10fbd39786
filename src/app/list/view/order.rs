//! The order of a list's rows: which match the filter, which fall under the
//! tab, how they sort (keys first, rows only on ties, on two threads for
//! large lists), and how a page is merged into what is shown.

use std::cmp::Ordering;

use crate::app::list::{Field, ListRow};
use crate::search::{Words, narrows};
use crate::ticket_number;

use super::{ListView, Sort};

impl<R: ListRow> ListView<R> {
    /// The field a sort sorts by (none: a column this list does not have).
    fn sorted_by(&self, sort: Sort) -> Option<&'static Field<R>> {
        self.columns.get(sort.column).map(|c| c.field)
    }

    pub(super) fn compare(&self, a: u32, b: u32, sort: Sort) -> Ordering {
        let rows = self.list.rows();
        let (ra, rb) = (&rows[a as usize], &rows[b as usize]);
        let by = self
            .sorted_by(sort)
            .map_or(Ordering::Equal, |f| f.compare(ra, rb));
        let order = by.then_with(|| ra.id().cmp(&rb.id()));
        if sort.descending {
            order.reverse()
        } else {
            order
        }
    }

    /// `indices` in sort order: by each row's number key first, the full
    /// comparison only where two keys tie.
    pub(super) fn sorted(&self, indices: &[u32], sort: Sort) -> Vec<u32> {
        /// Marks, in an index, a row whose key is whole.
        const WHOLE: u32 = 1 << 31;
        /// From this many rows the two halves are keyed and sorted on two threads.
        const SPLIT: usize = 20_000;
        type Entry = (u128, u64, u32);
        let rows = self.list.rows();
        let Some(field) = self.sorted_by(sort) else {
            return indices.to_vec();
        };
        // 32 bytes an entry: key, id, index (and the whole flag in its top bit).
        let key = |i: &u32| -> Entry {
            let row = &rows[*i as usize];
            let key = field.sort_key(row);
            (
                key.prefix,
                row.id(),
                if key.whole { *i | WHOLE } else { *i },
            )
        };
        let cmp = |a: &Entry, b: &Entry| {
            let order = a.0.cmp(&b.0).then_with(|| {
                if a.2 & b.2 & WHOLE == WHOLE {
                    Ordering::Equal
                } else {
                    let (ra, rb) = (
                        &rows[(a.2 & !WHOLE) as usize],
                        &rows[(b.2 & !WHOLE) as usize],
                    );
                    field.compare(ra, rb)
                }
            });
            let order = order.then(a.1.cmp(&b.1));
            if sort.descending {
                order.reverse()
            } else {
                order
            }
        };
        let keyed_sorted = |part: &[u32]| -> Vec<Entry> {
            let mut keyed: Vec<Entry> = part.iter().map(key).collect();
            keyed.sort_unstable_by(cmp);
            keyed
        };
        if indices.len() < SPLIT {
            return keyed_sorted(indices)
                .into_iter()
                .map(|(_, _, i)| i & !WHOLE)
                .collect();
        }
        // A large list: both cores key and sort a half each, then one merge.
        let (left, right) = indices.split_at(indices.len() / 2);
        let (left, right) = std::thread::scope(|s| {
            let other = s.spawn(|| keyed_sorted(left));
            let right = keyed_sorted(right);
            (other.join(), right)
        });
        // A panic on the other thread would be a bug in a comparison: sort
        // that half here instead of losing it.
        let left = left.unwrap_or_else(|_| keyed_sorted(&indices[..indices.len() / 2]));
        let mut merged = Vec::with_capacity(indices.len());
        let (mut i, mut j) = (0, 0);
        while i < left.len() && j < right.len() {
            if cmp(&right[j], &left[i]) == Ordering::Less {
                merged.push(right[j].2 & !WHOLE);
                j += 1;
            } else {
                merged.push(left[i].2 & !WHOLE);
                i += 1;
            }
        }
        merged.extend(left[i..].iter().map(|e| e.2 & !WHOLE));
        merged.extend(right[j..].iter().map(|e| e.2 & !WHOLE));
        merged
    }

    pub(super) fn in_tab(&self, row: &R) -> bool {
        self.tab.as_deref().is_none_or(|t| row.group() == t)
    }

    /// Counts the groups of rows `from..`.
    pub(super) fn count_from(&mut self, from: usize) {
        for row in &self.list.rows()[from..] {
            let g = row.group();
            if g.is_empty() {
                continue;
            }
            if let Some(c) = self.counts.iter_mut().find(|(s, _)| s == g) {
                c.1 += 1;
            } else {
                self.counts.push((g.to_string(), 1));
            }
        }
    }

    /// The tabs: all, then the groups present (the known ones first).
    pub(super) fn rebuild_tabs(&mut self) {
        let known = self
            .group_order
            .iter()
            .filter_map(|k| self.counts.iter().find(|(s, _)| s == k));
        let other = self
            .counts
            .iter()
            .filter(|(s, _)| !self.group_order.contains(&s.as_str()));
        self.tabs = std::iter::once((None, self.list.len()))
            .chain(
                known
                    .chain(other)
                    .filter(|(_, n)| *n > 0)
                    .map(|(s, n)| (Some(s.clone()), *n)),
            )
            .collect();
        if self.tab.is_some() && !self.tabs.iter().any(|(t, _)| *t == self.tab) {
            // The tab's last record went (e.g. revoked); keep the tab with 0.
            self.tabs.push((self.tab.clone(), 0));
        }
    }

    /// Rebuilds everything from the rows (after rows were replaced), keeping
    /// the selection on its record.
    pub fn recompute(&mut self) {
        self.counts.clear();
        self.count_from(0);
        self.rebuild_tabs();
        self.reorder();
    }

    /// Rebuilds the tab's order (after the tab or the sort changed) and what
    /// the filter shows of it.
    pub(super) fn reorder(&mut self) {
        let rows = self.list.rows();
        let mut order: Vec<u32> = (0..rows.len())
            .filter(|&i| self.in_tab(&rows[i]))
            .filter_map(|i| u32::try_from(i).ok())
            .collect();
        if let Some(sort) = self.sort {
            order = self.sorted(&order, sort);
        }
        self.order = order;
        self.set_needle(crate::search::fold(self.filter.value()));
        self.visible = self.matching(&self.order);
        self.rank_visible();
        self.reselect();
    }

    /// The folded filter, and the ticket number it reads as when it has a
    /// digit (a query without one is a name or an e-mail).
    fn set_needle(&mut self, needle: String) {
        self.number = if needle.bytes().any(|b| b.is_ascii_digit()) {
            ticket_number::read(&needle).map(|r| r.wanted())
        } else {
            None
        };
        self.needle = needle;
    }

    /// Whether row `i` passes the filter: its folded text holds each word
    /// of the query (in any order) — or, for a query that reads as a
    /// ticket number, the query whole —, or its ticket number is the query
    /// read as a number (`tk 7` is the number, not "tk" and "7"). Both
    /// read the list's contiguous blocks, not the row.
    fn passes(&self, words: &Words<'_>, i: u32) -> bool {
        words.found_in(self.list.haystack(i as usize))
            || self
                .number
                .as_ref()
                .is_some_and(|n| n.matches(self.list.number_form(i as usize)))
    }

    /// The query as the rows are matched with: its words, or itself whole
    /// when it reads as a ticket number.
    fn words(&self) -> Words<'_> {
        if self.number.is_some() {
            Words::whole(&self.needle)
        } else {
            Words::new(&self.needle)
        }
    }

    /// With a filter: how many rows of each tab (in `tabs` order) it lets
    /// through — by the same rule as the rows shown (`passes`); `None`
    /// without one.
    pub fn tab_matches(&self) -> Option<Vec<usize>> {
        if self.needle.is_empty() {
            return None;
        }
        let mut counts = vec![0; self.tabs.len()];
        let rows = self.list.rows();
        let mut count = |row: &R| {
            counts[0] += 1;
            let group = row.group();
            if let Some(t) = self
                .tabs
                .iter()
                .position(|(t, _)| t.as_deref() == Some(group))
            {
                counts[t] += 1;
            }
        };
        if self.tab.is_none() {
            // The "all" tab shows every match already: count those, not
            // every row again (a letter over 100,000 tickets paid twice).
            for &i in &self.visible {
                count(&rows[i as usize]);
            }
        } else {
            let words = self.words();
            for (i, row) in rows.iter().enumerate() {
                if u32::try_from(i).is_ok_and(|i| self.passes(&words, i)) {
                    count(row);
                }
            }
        }
        Some(counts)
    }

    /// The position of the best match shown: the first of a ranked list
    /// (its best come first); with a sort, the first of the best rank in
    /// the sort's order; else the first shown. Costs one rank per row shown
    /// only for a ranked list under a sort.
    pub(super) fn best(&self) -> usize {
        if !self.ranked || self.sort.is_none() || self.needle.is_empty() {
            return 0;
        }
        let rows = self.list.rows();
        let needle = self.needle.as_str();
        self.visible
            .iter()
            .enumerate()
            .min_by_key(|&(pos, &i)| (rows[i as usize].rank(needle), pos))
            .map_or(0, |(pos, _)| pos)
    }

    /// When a name is typed (two words or more) and the best match shares
    /// its name with other people the filter shows: how many people have that name (each counted once, however
    /// many rows they have), and the name as shown ("45 named Arjun
    /// Rossi"). One pass over the rows shown, most of them left at their
    /// first byte.
    pub fn namesakes(&self) -> Option<(usize, &str)> {
        // A name is two words at least: one word is a search, not a person.
        self.needle.split_whitespace().nth(1)?;
        let rows = self.list.rows();
        let best = &rows[*self.visible.get(self.best())? as usize];
        let (_, name) = best.person()?;
        let mut people = std::collections::HashSet::new();
        for &i in &self.visible {
            let row = &rows[i as usize];
            if !row.haystack().starts_with(name) {
                continue;
            }
            if let Some((id, _)) = row.person().filter(|(_, n)| *n == name) {
                people.insert(id);
            }
        }
        (people.len() > 1).then(|| (people.len(), best.person_name()))
    }

    /// While a query narrows the list and the user has not moved, the
    /// selection is on the best match (and so in view); otherwise on its
    /// record.
    pub(super) fn follow_best(&mut self) {
        if self.following && !self.needle.is_empty() && !self.visible.is_empty() {
            let best = self.best();
            self.nav.select(best, self.visible.len(), self.height);
            self.selected_id = self.selected().map(ListRow::id);
        } else {
            self.reselect();
        }
    }

    /// A ranked list without a sort: the best matches first, each rank in
    /// the list's order.
    pub(super) fn rank_visible(&mut self) {
        if !self.ranked || self.sort.is_some() || self.needle.is_empty() {
            return;
        }
        let rows = self.list.rows();
        let needle = self.needle.as_str();
        self.visible
            .sort_by_cached_key(|&i| (rows[i as usize].rank(needle), i));
    }

    /// Puts the rows `new` (just appended, so each after every row shown)
    /// into a ranked list's matches: each goes at the end of its rank.
    /// Costs the page's ranks and a few for the rank boundaries (binary
    /// searches), not a rank and a sort of every match per page — which,
    /// with a one-letter query over 100,000 customers loading, kept keys
    /// waiting behind the pages.
    fn rank_in(&mut self, new: &[u32]) {
        let rows = self.list.rows();
        let needle = self.needle.as_str();
        let rank = |i: u32| rows[i as usize].rank(needle);
        let mut new: Vec<(u8, u32)> = new.iter().map(|&i| (rank(i), i)).collect();
        new.sort_unstable();
        let old = std::mem::take(&mut self.visible);
        let mut merged = Vec::with_capacity(old.len() + new.len());
        let mut start = 0;
        for group in new.chunk_by(|a, b| a.0 == b.0) {
            let r = group[0].0;
            let end = start + old[start..].partition_point(|&i| rank(i) <= r);
            merged.extend_from_slice(&old[start..end]);
            merged.extend(group.iter().map(|&(_, i)| i));
            start = end;
        }
        merged.extend_from_slice(&old[start..]);
        self.visible = merged;
    }

    /// The rows of `from` (indices, in order) that the filter lets through.
    pub(super) fn matching(&self, from: &[u32]) -> Vec<u32> {
        if self.needle.is_empty() {
            return from.to_vec();
        }
        let words = self.words();
        from.iter()
            .copied()
            .filter(|&i| self.passes(&words, i))
            .collect()
    }

    /// The filter text changed. A longer query only narrows what is shown,
    /// so it looks at the rows shown, not at the whole list; a shorter one
    /// filters the tab's order again. Neither sorts. The selection goes to
    /// the best match, until the user moves it.
    ///
    /// A query that reads as a number matches in two ways: its text, which
    /// only narrows as it grows (the rows shown are looked at); and the
    /// number it reads as, which does not (`tk 0` is `TK-000000`, `tk 02`
    /// is `TK-000002`): that one is looked up in the list's block of
    /// numbers, one comparison of a short text a row, and added.
    pub(super) fn refilter(&mut self) {
        let needle = crate::search::fold(self.filter.value());
        if needle == self.needle {
            return;
        }
        // The text a number query matches is the query whole: it narrows
        // a previous query that is inside it. Without a number, each word
        // of the previous query inside a word of this one.
        let narrower = if self.number.is_some() {
            needle.contains(self.needle.as_str())
        } else {
            narrows(&needle, &self.needle)
        };
        self.set_needle(needle);
        self.following = true;
        self.visible = if narrower {
            let mut visible = std::mem::take(&mut self.visible);
            let words = self.words();
            visible.retain(|&i| words.found_in(self.list.haystack(i as usize)));
            self.with_numbered(visible)
        } else {
            self.matching(&self.order)
        };
        self.rank_visible();
        self.follow_best();
    }

    /// `visible` (rows of the tab, in its order) and the rows of the tab
    /// whose number the query reads as, each once, in the tab's order.
    fn with_numbered(&self, visible: Vec<u32>) -> Vec<u32> {
        let Some(number) = &self.number else {
            return visible;
        };
        let rows = self.list.rows();
        let mut found: Vec<u32> = self
            .list
            .numbered(number)
            .into_iter()
            .filter(|&i| self.in_tab(&rows[i as usize]))
            .collect();
        if found.is_empty() {
            return visible;
        }
        if self.ranked && self.sort.is_none() {
            // Ranked next (`rank_visible`): the union in any order.
            found.retain(|i| !visible.contains(i));
            let mut visible = visible;
            visible.extend(found);
            return visible;
        }
        // The tab's order: the sort's, or the rows' own (as `sorted` leaves
        // them for a column this list does not have).
        let cmp = |a: u32, b: u32| match self.sort {
            Some(sort) if self.sorted_by(sort).is_some() => self.compare(a, b, sort),
            _ => a.cmp(&b),
        };
        found.sort_by(|&a, &b| cmp(a, b));
        let mut merged = Vec::with_capacity(visible.len() + found.len());
        let (mut i, mut j) = (0, 0);
        while i < visible.len() && j < found.len() {
            match cmp(visible[i], found[j]) {
                Ordering::Less => {
                    merged.push(visible[i]);
                    i += 1;
                }
                Ordering::Greater => {
                    merged.push(found[j]);
                    j += 1;
                }
                Ordering::Equal => {
                    merged.push(visible[i]);
                    i += 1;
                    j += 1;
                }
            }
        }
        merged.extend_from_slice(&visible[i..]);
        merged.extend_from_slice(&found[j..]);
        merged
    }

    /// Merges `new` (indices already in sort order) into `into`.
    pub(super) fn merge(&self, into: &[u32], new: &[u32], sort: Sort) -> Vec<u32> {
        let mut merged = Vec::with_capacity(into.len() + new.len());
        let (mut i, mut j) = (0, 0);
        while i < into.len() && j < new.len() {
            if self.compare(new[j], into[i], sort) == Ordering::Less {
                merged.push(new[j]);
                j += 1;
            } else {
                merged.push(into[i]);
                i += 1;
            }
        }
        merged.extend_from_slice(&into[i..]);
        merged.extend_from_slice(&new[j..]);
        merged
    }

    /// Takes in rows `from..` (just appended) at the cost of their number
    /// (plus one merge when sorted).
    pub(super) fn extend(&mut self, from: usize) {
        self.count_from(from);
        self.rebuild_tabs();
        let rows = self.list.rows();
        let mut new: Vec<u32> = (from..rows.len())
            .filter(|&i| self.in_tab(&rows[i]))
            .filter_map(|i| u32::try_from(i).ok())
            .collect();
        if let Some(sort) = self.sort {
            new = self.sorted(&new, sort);
        }
        let shown = self.matching(&new);
        let order = std::mem::take(&mut self.order);
        let visible = std::mem::take(&mut self.visible);
        match self.sort {
            None => {
                self.order = order;
                self.order.extend_from_slice(&new);
                self.visible = visible;
                if self.ranked && !self.needle.is_empty() {
                    self.rank_in(&shown);
                } else {
                    self.visible.extend_from_slice(&shown);
                }
            }
            Some(sort) => {
                self.order = self.merge(&order, &new, sort);
                self.visible = self.merge(&visible, &shown, sort);
            }
        }
        // A better match may have come in with these rows.
        self.follow_best();
    }

    pub(super) fn reselect(&mut self) {
        // Through the id index: a scan of row numbers, not of the rows.
        let found = self
            .selected_id
            .and_then(|id| self.list.position(id))
            .and_then(|at| self.visible.iter().position(|&i| i == at));
        if let Some(pos) = found {
            self.nav.select(pos, self.visible.len(), self.height);
        } else {
            // The record is hidden (tab, filter): keep its id so the
            // selection comes back to it when it shows again.
            self.nav.fit(self.visible.len(), self.height);
            if self.selected_id.is_none() {
                self.selected_id = self.selected().map(ListRow::id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ListView, Sort};
    use crate::app::list::{Col, Field, ListRow, PageMeta, Rows};
    use crate::ui::table::Column;

    #[derive(Debug, Clone, PartialEq)]
    struct Row {
        id: u64,
        name: String,
    }

    impl ListRow for Row {
        const FIELDS: &'static [Field<Self>] = &[Field::text("name", |r| &r.name)];
        const SEARCHED: &'static [&'static Field<Self>] = &[&Self::FIELDS[0]];
        fn id(&self) -> u64 {
            self.id
        }
        fn haystack(&self) -> &str {
            &self.name
        }
        fn take(_rows: Rows) -> Option<Vec<Self>> {
            None
        }
    }

    const COLUMNS: [Col<Row>; 1] = [Col::new(Column::grow("name", 4, 0), &Row::FIELDS[0])];

    /// A row ranked by where the query starts in its name.
    #[derive(Debug, Clone, PartialEq)]
    struct Ranked(Row);

    impl ListRow for Ranked {
        const FIELDS: &'static [Field<Self>] = &[Field::text("name", |r| &r.0.name)];
        const SEARCHED: &'static [&'static Field<Self>] = &[&Self::FIELDS[0]];
        fn id(&self) -> u64 {
            self.0.id
        }
        fn haystack(&self) -> &str {
            &self.0.name
        }
        fn take(_rows: Rows) -> Option<Vec<Self>> {
            None
        }
        fn rank(&self, needle: &str) -> u8 {
            self.0
                .name
                .find(needle)
                .map_or(9, |at| u8::try_from(at.min(8)).unwrap_or(8))
        }
    }

    const RANKED: [Col<Ranked>; 1] = [Col::new(Column::grow("name", 4, 0), &Ranked::FIELDS[0])];

    /// A ticket-like row: a name, a number, a status for its tab.
    #[derive(Debug, Clone, PartialEq)]
    struct Numbered {
        id: u64,
        number: String,
        status: &'static str,
        hay: String,
    }

    impl ListRow for Numbered {
        const FIELDS: &'static [Field<Self>] = &[
            Field::text("number", |r| &r.number),
            Field::<Self>::text("text", |r| &r.hay).shown_only(),
        ];
        const SEARCHED: &'static [&'static Field<Self>] = &[&Self::FIELDS[1]];
        fn id(&self) -> u64 {
            self.id
        }
        fn haystack(&self) -> &str {
            &self.hay
        }
        fn group(&self) -> &str {
            self.status
        }
        fn ticket_number(&self) -> Option<&str> {
            Some(&self.number)
        }
        fn take(_rows: Rows) -> Option<Vec<Self>> {
            None
        }
    }

    const NUMBERED: [Col<Numbered>; 1] =
        [Col::new(Column::grow("number", 4, 0), &Numbered::FIELDS[0])];

    proptest::proptest! {
        /// The rule: a tab's count of matches is what that tab shows —
        /// one way of matching, words or a number as it is said alike.
        #[test]
        fn a_tabs_count_of_matches_is_what_it_shows(
            names in proptest::collection::vec("(ana|bo|tk|7) (li|ana|7)", 1..60),
            query in "(tk 7|tk-00000[1-9]|7|ana|li ana|bo tk|tk 00000[1-9])",
        ) {
            let mut view = numbered_view(&names, 0, None);
            view.set_filter(&query);
            let counts = view.tab_matches().unwrap_or_default();
            for (t, (tab, _)) in view.tabs.clone().into_iter().enumerate() {
                view.tab = tab;
                view.reorder();
                proptest::prop_assert_eq!(counts[t], view.visible_len(), "{:?}", view.tab);
            }
        }

        /// The rule: a query typed a letter at a time, and taken back with
        /// Backspace, shows what the same query set at once shows — the
        /// previous matches a growing query narrows, and the rows its
        /// number names, lose no row and keep none too many, in the tab's
        /// order.
        #[test]
        fn a_query_typed_letter_by_letter_shows_what_it_shows_at_once(
            names in proptest::collection::vec("(ana|bo|tk|7|0) (li|ana|7|0)", 1..60),
            typed in proptest::collection::vec("(tk|ana|bo|li| |0|7|-)", 1..7),
            back in 0usize..4,
            tab in 0usize..3,
            sort in proptest::option::of(proptest::bool::ANY),
        ) {
            let mut typing = numbered_view(&names, tab, sort);
            let mut text = String::new();
            for c in typed.concat().chars() {
                text.push(c);
                typing.set_filter(&text);
            }
            for _ in 0..back {
                text.pop();
                typing.set_filter(&text);
            }
            let mut at_once = numbered_view(&names, tab, sort);
            at_once.set_filter(&text);
            let ids = |v: &ListView<Numbered>| -> Vec<u64> {
                (0..v.visible_len()).map(|i| v.visible_row(i).map_or(0, |r| r.id)).collect()
            };
            proptest::prop_assert_eq!(ids(&typing), ids(&at_once), "{:?}", text);
        }

        /// The rule: a ranked list's matches, taken in page by page,
        /// are those of the whole list ranked at once (best first, each
        /// rank in the list's order), whatever the pages and the query.
        #[test]
        fn matches_ranked_page_by_page_are_those_ranked_at_once(
            names in proptest::collection::vec("[abc]{1,6}", 1..120),
            cuts in proptest::collection::vec(1usize..30, 1..10),
            query in "[abc]{1,2}",
        ) {
            let rows: Vec<Ranked> = names
                .iter()
                .enumerate()
                .map(|(i, n)| Ranked(Row { id: i as u64 + 1, name: n.clone() }))
                .collect();
            let mut paged: ListView<Ranked> = ListView::new(1, &RANKED).ranked();
            paged.set_filter(&query);
            let mut at = 0;
            let mut page = 1;
            let mut cuts = cuts.into_iter().cycle();
            while at < rows.len() {
                let end = (at + cuts.next().unwrap_or(1)).min(rows.len());
                let meta = PageMeta { page, pages: 1_000, total: None, skipped: vec![] };
                paged.page(1, &meta, rows[at..end].to_vec());
                at = end;
                page += 1;
            }
            let mut whole: ListView<Ranked> = ListView::new(1, &RANKED).ranked();
            let meta = PageMeta { page: 1, pages: 1, total: None, skipped: vec![] };
            whole.page(1, &meta, rows.clone());
            whole.set_filter(&query);
            let ids = |v: &ListView<Ranked>| -> Vec<u64> {
                (0..v.visible_len()).map(|i| v.visible_row(i).map_or(0, |r| r.0.id)).collect()
            };
            proptest::prop_assert_eq!(ids(&paged), ids(&whole));
        }
    }

    /// Ticket-like rows named `names`, numbered `TK-000001` on (every fifth
    /// `VIP-<n>`: another prefix, the same serials), in tabs by status; the
    /// `tab`th tab shown, sorted by number when `sort` says which way.
    fn numbered_view(names: &[String], tab: usize, sort: Option<bool>) -> ListView<Numbered> {
        let rows: Vec<Numbered> = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let number = if i % 5 == 4 {
                    format!("VIP-{}", i + 1)
                } else {
                    format!("TK-{:06}", i + 1)
                };
                Numbered {
                    id: i as u64 + 1,
                    hay: crate::search::fold(&format!("{n}\u{1f}{number}")),
                    number,
                    status: if i % 3 == 0 {
                        "confirmed"
                    } else {
                        "unenrolled"
                    },
                }
            })
            .collect();
        let mut view: ListView<Numbered> = ListView::new(1, &NUMBERED);
        let meta = PageMeta {
            page: 1,
            pages: 1,
            total: None,
            skipped: vec![],
        };
        view.page(1, &meta, rows);
        view.sort = sort.map(|descending| Sort {
            column: 0,
            descending,
        });
        view.recompute();
        view.select_tab(tab % view.tabs.len());
        view
    }

    /// Many rows, many alike, some longer than a key: the two-thread sort
    /// gives exactly the order of a plain sort by (value, id).
    #[test]
    fn a_large_sort_equals_a_plain_sort_by_value_then_id() {
        let names = [
            "ana",
            "bruno silva",
            "francois kowalski-nowak",
            "zoe",
            "francois kowalski-nowa",
        ];
        let mut state = 7u64;
        let rows: Vec<Row> = (0..30_000u64)
            .map(|i| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let id = (state >> 20) % 1_000_000 + i * 1_000_000;
                Row {
                    id,
                    name: names[usize::try_from(state >> 60).unwrap_or(0) % names.len()]
                        .to_string(),
                }
            })
            .collect();
        let mut view: ListView<Row> = ListView::new(1, &COLUMNS);
        let meta = PageMeta {
            page: 1,
            pages: 1,
            total: None,
            skipped: vec![],
        };
        view.page(1, &meta, rows.clone());
        for descending in [false, true] {
            view.sort = Some(Sort {
                column: 0,
                descending,
            });
            view.recompute();
            let mut expected = rows.clone();
            expected.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
            if descending {
                expected.reverse();
            }
            let got: Vec<u64> = (0..view.visible_len())
                .map(|i| view.visible_row(i).map_or(0, |r| r.id))
                .collect();
            let want: Vec<u64> = expected.iter().map(|r| r.id).collect();
            assert_eq!(got, want, "descending: {descending}");
        }
    }
}
