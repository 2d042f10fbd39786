//! Lists kept while the user is elsewhere, so coming back shows them at
//! once (and reads them again behind). Bounded: a few lists, and no more
//! rows in all than one very large list; the least recently left goes first.

use std::time::{Duration, Instant};

use super::{ListRow, ListView};

/// At most this many lists of a kind are kept.
const MAX_LISTS: usize = 4;
/// At most this many rows, all kept lists of a kind together.
const MAX_ROWS: usize = 120_000;

/// A kept list, by the key of its scope (the event id of a tickets list).
#[derive(Debug, Clone)]
struct Kept<R: 'static> {
    key: u64,
    list: ListView<R>,
    /// When it was put away: its age when it comes back.
    at: Instant,
    /// When its rows were read.
    read: Instant,
}

/// The kept lists of one kind, the least recently left first.
#[derive(Debug, Clone)]
pub struct Shelf<R: 'static> {
    kept: Vec<Kept<R>>,
}

impl<R: 'static> Default for Shelf<R> {
    fn default() -> Self {
        Self { kept: Vec::new() }
    }
}

impl<R: ListRow> Shelf<R> {
    /// Keeps `list` (its rows read at `read`) under `key`, dropping the
    /// oldest lists past the bounds. A list larger than the bound alone is
    /// not kept.
    pub fn put(&mut self, key: u64, list: ListView<R>, now: Instant, read: Instant) {
        self.kept.retain(|k| k.key != key);
        if list.list.len() > MAX_ROWS {
            return;
        }
        self.kept.push(Kept {
            key,
            list,
            at: now,
            read,
        });
        while self.kept.len() > MAX_LISTS || self.rows() > MAX_ROWS {
            self.kept.remove(0);
        }
    }

    /// Takes back the list kept under `key`, and how long ago it was put away.
    pub fn take(&mut self, key: u64, now: Instant) -> Option<(ListView<R>, Duration)> {
        let at = self.kept.iter().position(|k| k.key == key)?;
        let kept = self.kept.remove(at);
        Some((kept.list, now.saturating_duration_since(kept.at)))
    }

    /// Takes back the list kept under `key` when its rows were read at
    /// most `fresh` ago and it `fits` (left on the shelf otherwise), and
    /// how long ago they were read.
    pub fn take_fresh(
        &mut self,
        key: u64,
        now: Instant,
        fresh: Duration,
        fits: impl Fn(&ListView<R>) -> bool,
    ) -> Option<(ListView<R>, Duration)> {
        let at = self.kept.iter().position(|k| {
            k.key == key && now.saturating_duration_since(k.read) <= fresh && fits(&k.list)
        })?;
        let kept = self.kept.remove(at);
        Some((kept.list, now.saturating_duration_since(kept.read)))
    }

    /// Every kept list, the least recently left first.
    pub fn lists(&self) -> impl Iterator<Item = &ListView<R>> {
        self.kept.iter().map(|k| &k.list)
    }

    /// Every kept list with its key, the least recently left first.
    pub fn entries(&self) -> impl Iterator<Item = (u64, &ListView<R>)> {
        self.kept.iter().map(|k| (k.key, &k.list))
    }

    /// Lets every kept list go.
    pub fn clear(&mut self) {
        self.kept.clear();
    }

    /// Rows kept in all.
    pub fn rows(&self) -> usize {
        self.kept.iter().map(|k| k.list.list.len()).sum()
    }

    pub fn len(&self) -> usize {
        self.kept.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }
}

/// "12 s", "3 min", "2 h": how old a list is, in a few characters.
pub fn age(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min", s / 60),
        _ => format!("{} h", s / 3600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::list::rows::EventRow;

    #[test]
    fn the_least_recently_left_list_goes_first() {
        let now = Instant::now();
        let mut shelf: Shelf<EventRow> = Shelf::default();
        for key in 0..6 {
            shelf.put(key, ListView::new(key, &[]), now, now);
        }
        assert_eq!(shelf.len(), MAX_LISTS);
        assert!(shelf.take(0, now).is_none());
        assert!(shelf.take(1, now).is_none());
        let later = now + Duration::from_secs(90);
        let (list, old) = shelf.take(5, later).unwrap();
        assert_eq!(list.list.req, 5);
        assert_eq!(age(old), "1 min");
        assert!(shelf.take(5, later).is_none(), "taken means gone");
    }

    #[test]
    fn ages_read_short() {
        assert_eq!(age(Duration::from_secs(12)), "12 s");
        assert_eq!(age(Duration::from_secs(7300)), "2 h");
    }
}
