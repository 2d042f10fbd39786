//! Page loaders over any list operation: sequential ([`all_pages`]) and
//! bounded-concurrent in page order ([`stream_pages`]).
//!
//! Both take a `fetch(page)` closure (for example
//! `|p| client.tickets(id, p, PAGE_SIZE)`), start at page 1, trust the
//! `pages` / `next` fields the server sends, and keep each record only the
//! first time its id is seen: a list that shifts while it is read (a ticket
//! added on page 1 pushes one onto page 2) never shows a record twice.
//!
//! Each GET already retries a 429 or a 5xx (after the server's `Retry-After`,
//! see `client`); the stream also lowers its concurrency when the server
//! pushes back ([`throttle`]).

mod throttle;

use std::collections::{BTreeMap, HashSet};
use std::future::Future;
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex, PoisonError};

use futures::future::{self, Join, Ready};
use futures::stream::FuturesUnordered;
use futures::task::AtomicWaker;
use futures::{Stream, StreamExt, stream};
use tokio::task::futures::TaskLocalFuture;

use super::error::ApiError;
use super::model::{Page, Record};
pub use throttle::Throttle;

/// Drops from `page` every record whose id is in `seen` (and the fields it
/// reported unreadable: they were reported the first time), and adds the
/// rest's ids to `seen`. `items` and `raw` stay aligned.
pub fn dedupe<T: Record, S: BuildHasher>(seen: &mut HashSet<u64, S>, page: Page<T>) -> Page<T> {
    let Page {
        items, raw, flawed, ..
    } = page;
    let mut repeated = Vec::new();
    // A page read for rows only comes without its raw records
    // ([`Page::without_raw`]): its items are kept alone.
    let with_raw = raw.len() == items.len();
    let mut raws = raw.into_iter();
    let (mut kept, mut raw) = (Vec::with_capacity(items.len()), Vec::new());
    for item in items {
        let record = raws.next().filter(|_| with_raw);
        if seen.insert(item.id()) {
            raw.extend(record);
            kept.push(item);
        } else {
            repeated.push(item.id());
        }
    }
    let items = kept;
    // A record seen before had its unreadable fields reported then.
    let flawed = if repeated.is_empty() {
        flawed
    } else {
        flawed
            .into_iter()
            .filter(|f| {
                let id = f.id.as_deref().and_then(|id| id.trim().parse::<u64>().ok());
                !id.is_some_and(|id| repeated.contains(&id))
            })
            .collect()
    };
    Page {
        items,
        raw,
        flawed,
        ..page
    }
}

/// The page to read after page `n`, if any: `next` while it points forward
/// and within `pages`; when the pagination fields could not be read
/// ([`Page::follow`]), page `n + 1` as long as page `n` brought a new record.
fn after<T>(n: u32, page: &Page<T>) -> Option<u32> {
    if page.follow {
        return (!page.items.is_empty()).then(|| n.checked_add(1)).flatten();
    }
    page.info.and_then(|info| match info.next {
        Some(next) if next > info.current && next <= info.pages => Some(next),
        _ => None,
    })
}

/// Reads every page one after the other: page 1, then `next` while it points
/// forward and within `pages` (or, when the pagination fields cannot be
/// read, the next page until one brings no new record). The result holds
/// every record once, in page order, with the first page's pagination fields.
pub async fn all_pages<T, F, Fut>(mut fetch: F) -> Result<Page<T>, ApiError>
where
    T: Record,
    F: FnMut(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    let mut seen = HashSet::new();
    let first = dedupe(&mut seen, fetch(1).await?);
    let mut all = first.clone_shell();
    let mut page = first;
    let mut at = 1;
    loop {
        let next = after(at, &page);
        all.items.append(&mut page.items);
        all.raw.append(&mut page.raw);
        all.skipped.append(&mut page.skipped);
        all.flawed.append(&mut page.flawed);
        let Some(n) = next else {
            return Ok(all);
        };
        at = n;
        page = dedupe(&mut seen, fetch(n).await?);
    }
}

/// Page 1 first, then pages `2..=pages` with at most `concurrency` requests
/// in flight, yielded in page order, each record once (by id). A failed page
/// is yielded as an error and the stream goes on with the next pages; stop
/// reading to give up.
///
/// A request goes out as soon as any other comes back, not only when the
/// oldest one does: a slow page does not hold up the pages behind it, and
/// the time the reader spends on a page is not added to every round trip.
/// Pages that come back early wait for their turn; at most
/// [`REORDER_WINDOW`] × `concurrency` pages are requested ahead of the one
/// the reader waits for, so memory stays bounded behind a stalled page.
///
/// When a page's pagination fields cannot be read ([`Page::follow`]), the
/// stream goes on one page past it as long as it brought a new record.
///
/// The number in flight adapts to the server ([`Throttle`]): it starts at
/// `concurrency`'s start, grows by one after each window of clean pages up
/// to its cap, and is halved when a page meets a 429 or a 503 (even one the
/// client retried successfully). A plain number is both the start and the
/// cap; 1 (or 0) reads one page after the other.
///
/// Before a page is handed to the reader, the answers already back are
/// taken in and the requests they free go out: the window stays full while
/// the reader decodes or prints the page in hand. A fetch that says when
/// its answer is in ([`answered`]; the client's pages do, before they are
/// decoded) frees its place then: the window counts requests waiting for
/// the server, not pages waiting for a core to decode them.
pub fn stream_pages<T, F, Fut>(
    fetch: F,
    concurrency: impl Into<Concurrency>,
) -> impl Stream<Item = Result<Page<T>, ApiError>>
where
    T: Record,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    let concurrency = concurrency.into();
    let throttle = Throttle::new(concurrency.start, concurrency.max);
    let ahead = u32::try_from(throttle.max().saturating_mul(REORDER_WINDOW)).unwrap_or(u32::MAX);
    let state = Loader {
        fetch,
        next: 1,
        head: 1,
        last: 1,
        ahead,
        throttle,
        in_flight: FuturesUnordered::new(),
        wire: Arc::default(),
        overlap: concurrency.overlap,
        arrived: BTreeMap::new(),
        seen: HashSet::new(),
    };
    stream::unfold(state, |mut st| async move {
        let result = if st.next == 1 {
            st.next = 2;
            st.head = 2;
            let first = (st.fetch)(1).await;
            st.last = first.as_ref().map_or(1, Page::pages);
            st.observe(1, &first);
            first
        } else {
            loop {
                st.refill();
                if let Some(result) = st.arrived.remove(&st.head) {
                    st.head += 1;
                    st.take_ready();
                    break result;
                }
                // Nothing in flight and the next page not here: the end.
                let (page, result) = future::poll_fn(|cx| {
                    // Woken when an answer is in, to send the request it frees.
                    st.wire.waker.register(cx.waker());
                    st.refill();
                    st.in_flight.poll_next_unpin(cx)
                })
                .await?;
                st.landed(page, &result);
                st.arrived.insert(page, result);
            }
        };
        let result = result.map(|page| dedupe(&mut st.seen, page));
        if let Ok(page) = &result
            && page.follow
            && let Some(n) = after(st.head - 1, page)
        {
            st.last = st.last.max(n);
        }
        Some((result, st))
    })
}

/// How many times the concurrency pages may be requested ahead of the one
/// the reader waits for.
pub const REORDER_WINDOW: usize = 4;

/// How many page requests a stream keeps in flight: `start` at first, at
/// most `max` (see [`Throttle`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Concurrency {
    pub start: usize,
    pub max: usize,
    /// A page's place goes to the next request as soon as its answer is in
    /// ([`answered`]), while it is decoded: for a reader that prints and
    /// drops each page (the headless lists). Without it a page holds its
    /// place until it is read, so the pages held at once stay at the
    /// window: the TUI keeps every row, and its memory is the limit.
    pub overlap: bool,
}

impl Concurrency {
    /// Starts at `start` and may grow to `max`, a page's place freed when
    /// its answer is in; a start of 1 (or 0) stays one page after the
    /// other.
    pub fn up_to(start: usize, max: usize) -> Self {
        let start = start.max(1);
        Self {
            start,
            max: if start == 1 { 1 } else { max.max(start) },
            overlap: start > 1,
        }
    }
}

impl From<usize> for Concurrency {
    /// Exactly `n` at most: the start and the cap, each page holding its
    /// place until it is read.
    fn from(n: usize) -> Self {
        Self {
            start: n,
            max: n,
            overlap: false,
        }
    }
}

/// The state of [`stream_pages`].
struct Loader<T, F, Fut: Future> {
    fetch: F,
    /// The next page to request (1 until page 1 is read).
    next: u32,
    /// The next page to yield.
    head: u32,
    /// The last page, as page 1 said.
    last: u32,
    /// How far past `head` requests may go.
    ahead: u32,
    /// Requests allowed in flight.
    throttle: Throttle,
    /// The requests in flight, each with its page number.
    in_flight: FuturesUnordered<Join<Ready<u32>, TaskLocalFuture<Slot, Fut>>>,
    /// Which of them have their answer in (only decoding left).
    wire: Arc<Wire>,
    /// Those free their place ([`Concurrency::overlap`]).
    overlap: bool,
    /// Pages back before their turn.
    arrived: BTreeMap<u32, Result<Page<T>, ApiError>>,
    seen: HashSet<u64>,
}

impl<T, F, Fut> Loader<T, F, Fut>
where
    T: Record,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    /// Sends requests while the throttle and the reorder window allow:
    /// the throttle's limit counts the requests still waiting for their
    /// answer.
    fn refill(&mut self) {
        let decoding = if self.overlap {
            self.wire.answered()
        } else {
            0
        };
        while self.in_flight.len().saturating_sub(decoding) < self.throttle.limit()
            && self.next <= self.last
            && self.next < self.head.saturating_add(self.ahead)
        {
            let page = self.next;
            let slot = Slot {
                wire: Arc::clone(&self.wire),
                page,
            };
            self.in_flight.push(future::join(
                future::ready(page),
                SLOT.scope(slot, (self.fetch)(page)),
            ));
            self.next += 1;
        }
    }

    /// Takes in the answers already back (without waiting for any) and
    /// sends the requests they free.
    fn take_ready(&mut self) {
        use futures::FutureExt;
        while let Some(Some((page, result))) = self.in_flight.next().now_or_never() {
            self.landed(page, &result);
            self.arrived.insert(page, result);
            self.refill();
        }
    }

    /// Page `page` is read (or failed): out of flight, waiting for its turn.
    fn landed(&mut self, page: u32, result: &Result<Page<T>, ApiError>) {
        self.wire.done(page);
        self.observe(page, result);
    }

    /// Tells the throttle how page `page` went.
    fn observe(&mut self, page: u32, result: &Result<Page<T>, ApiError>) {
        match result {
            Ok(p) => self.throttle.observe(page, p.pushback > 0, self.next),
            Err(e) if e.is_pushback() => self.throttle.observe(page, true, self.next),
            Err(_) => self.throttle.failed(),
        }
    }
}

tokio::task_local! {
    /// The request a fetch future of [`stream_pages`] is for, while it runs.
    static SLOT: Slot;
}

/// A request of a stream: whose, and which page.
struct Slot {
    wire: Arc<Wire>,
    page: u32,
}

/// The pages of a stream whose answers are in but which are still being
/// read, and the stream's waker, to send the requests they free.
#[derive(Default)]
struct Wire {
    answered: Mutex<Vec<u32>>,
    waker: AtomicWaker,
}

impl Wire {
    fn answered(&self) -> usize {
        self.answered
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Page `page`'s future ended: it is no longer counted either way.
    fn done(&self, page: u32) {
        self.answered
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|&p| p != page);
    }
}

/// Tells the stream this future is a request of (if any) that its answer is
/// in and only reading it is left: its place goes to the next request, which
/// goes out while this page is decoded. A page read again after this (an
/// unreadable body) is one request more than the limit, for its round trip.
pub fn answered() {
    let _ = SLOT.try_with(|slot| {
        let mut answered = slot
            .wire
            .answered
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if !answered.contains(&slot.page) {
            answered.push(slot.page);
        }
        drop(answered);
        slot.wire.waker.wake();
    });
}

impl<T> Page<T> {
    /// An empty page with the same pagination fields.
    fn clone_shell(&self) -> Self {
        Self {
            items: Vec::new(),
            raw: Vec::new(),
            skipped: Vec::new(),
            flawed: Vec::new(),
            info: self.info,
            follow: self.follow,
            pushback: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::future::poll_fn;
    use std::sync::{Arc, Mutex};
    use std::task::{Poll, Waker};

    use serde::Deserialize;

    use super::*;
    use crate::api::model::PageInfo;

    #[derive(Debug, PartialEq, Deserialize)]
    struct Rec {
        id: u64,
    }

    impl Record for Rec {
        const NAME: &'static str = "record";
        fn id(&self) -> u64 {
            self.id
        }
    }

    /// Page `n` of `pages`, holding record `n`.
    fn page(n: u32, pages: u32, pushback: u32) -> Page<Rec> {
        Page {
            items: vec![Rec { id: u64::from(n) }],
            raw: vec![serde_json::json!({ "id": n })],
            skipped: Vec::new(),
            flawed: Vec::new(),
            follow: false,
            info: Some(PageInfo {
                count_filtered: crate::api::model::Tally(Some(u64::from(pages))),
                count: crate::api::model::Tally(Some(u64::from(pages))),
                previous: None,
                current: n,
                pages,
                next: (n < pages).then_some(n + 1),
            }),
            pushback,
        }
    }

    /// The requests in flight, counted as they are sent and answered, and
    /// how many there were as each was sent.
    #[derive(Default, Clone)]
    struct InFlight(Arc<Mutex<(usize, Vec<usize>)>>);

    impl InFlight {
        /// A request is sent: counted, and a handle to count its answer.
        fn sent(&self) -> Self {
            let mut f = self.0.lock().unwrap();
            f.0 += 1;
            let now = f.0;
            f.1.push(now);
            self.clone()
        }
        fn answered(&self) {
            self.0.lock().unwrap().0 -= 1;
        }
        /// A list of `pages` pages that pushes back on page 1, each request
        /// counted.
        fn pages(
            &self,
            pages: u32,
        ) -> impl Fn(u32) -> futures::future::BoxFuture<'static, Result<Page<Rec>, ApiError>> + '_
        {
            move |n| {
                let in_flight = self.sent();
                Box::pin(async move {
                    in_flight.answered();
                    Ok(page(n, pages, u32::from(n == 1)))
                })
            }
        }
        /// How many were in flight as each request was sent.
        fn seen(&self) -> Vec<usize> {
            self.0.lock().unwrap().1.clone()
        }
    }

    fn ids(pages: &[Result<Page<Rec>, ApiError>]) -> Vec<u64> {
        pages
            .iter()
            .flat_map(|p| p.as_ref().unwrap().items.iter().map(|r| r.id))
            .collect()
    }

    /// Page 2 answers only once page 4 has been asked for: with two in
    /// flight, that happens only if page 3's answer frees its slot while
    /// page 2 is still out (no head-of-line blocking).
    #[test]
    fn a_slow_page_does_not_hold_up_the_requests_behind_it() {
        let asked = Arc::new(Mutex::new(Vec::new()));
        let waiting: Arc<Mutex<Option<Waker>>> = Arc::default();
        let fetch = |n: u32| {
            asked.lock().unwrap().push(n);
            if n == 4
                && let Some(w) = waiting.lock().unwrap().take()
            {
                w.wake();
            }
            let (asked, waiting) = (Arc::clone(&asked), Arc::clone(&waiting));
            async move {
                poll_fn(|cx| {
                    if n != 2 || asked.lock().unwrap().contains(&4) {
                        Poll::Ready(Ok(page(n, 6, 0)))
                    } else {
                        *waiting.lock().unwrap() = Some(cx.waker().clone());
                        Poll::Pending
                    }
                })
                .await
            }
        };
        let pages: Vec<_> = futures::executor::block_on(stream_pages(fetch, 2).collect());
        assert_eq!(ids(&pages), [1, 2, 3, 4, 5, 6]);
    }

    /// Pushback on page 1 halves the requests in flight; clean pages bring
    /// them back up to the configured number and never past it.
    #[test]
    fn pushback_lowers_the_requests_in_flight() {
        let in_flight = InFlight::default();
        let fetch = in_flight.pages(40);
        let pages: Vec<_> = futures::executor::block_on(stream_pages(fetch, 4).collect());
        assert_eq!(ids(&pages), (1..=40).collect::<Vec<_>>());
        let seen = in_flight.seen();
        // Page 1 alone, then 2 at once after the pushback, later 4, never 5.
        assert_eq!(&seen[..3], [1, 1, 2]);
        assert_eq!(seen.iter().max(), Some(&4));
    }

    /// Started at 4 with a cap of 8: pushback on page 1 halves it to 2,
    /// clean pages grow it past the start and never past the cap.
    #[test]
    fn clean_pages_grow_the_requests_in_flight_past_the_start() {
        let in_flight = InFlight::default();
        let fetch = in_flight.pages(200);
        let pages: Vec<_> =
            futures::executor::block_on(stream_pages(fetch, Concurrency::up_to(4, 8)).collect());
        assert_eq!(ids(&pages), (1..=200).collect::<Vec<_>>());
        let seen = in_flight.seen();
        assert_eq!(&seen[..3], [1, 1, 2]);
        // Past the start, never past the cap. (These answers come back at
        // once, so the reorder window, not the throttle, bounds the
        // requests near the end; the throttle's own test sees it reach 8.)
        let most = seen.iter().max().copied().unwrap_or(0);
        assert!((5..=8).contains(&most), "{most} in flight at most");
        // One page after the other stays so.
        assert_eq!(Concurrency::up_to(1, 16), Concurrency::from(1));
        assert_eq!(
            Concurrency::up_to(20, 16),
            Concurrency {
                overlap: true,
                ..Concurrency::from(20)
            }
        );
    }

    /// Wakes by setting a flag: whether the stream asked to be polled again.
    struct Flag(std::sync::atomic::AtomicBool);

    impl futures::task::ArcWake for Flag {
        fn wake_by_ref(arc_self: &Arc<Self>) {
            arc_self.0.store(true, std::sync::atomic::Ordering::SeqCst);
        }
    }

    /// How many round trips a stream takes to read a list of `pages` pages
    /// when every answer takes one: a request sent in round `r` is answered
    /// when round `r + 1` begins, and the page is read `decode` rounds
    /// after that (the fetch says [`answered`] when its answer is in). A
    /// round ends when the stream can do nothing more without an answer.
    /// Also the most pages held at once (sent and not yet read).
    fn rounds(pages: u32, concurrency: Concurrency, decode: usize) -> (usize, usize) {
        let round = Arc::new(Mutex::new((0usize, Vec::<Waker>::new())));
        let held = Arc::new(Mutex::new((0usize, 0usize)));
        let fetch = |n: u32| {
            let round = Arc::clone(&round);
            let sent = round.lock().unwrap().0;
            let held = Arc::clone(&held);
            {
                let mut h = held.lock().unwrap();
                h.0 += 1;
                h.1 = h.1.max(h.0);
            }
            let mut answered_at = None;
            poll_fn(move |cx| {
                let now = round.lock().unwrap().0;
                if answered_at.is_none() && now > sent {
                    answered_at = Some(now);
                    super::answered();
                }
                match answered_at {
                    Some(at) if now >= at + decode => {
                        held.lock().unwrap().0 -= 1;
                        Poll::Ready(Ok(page(n, pages, 0)))
                    }
                    _ => {
                        round.lock().unwrap().1.push(cx.waker().clone());
                        Poll::Pending
                    }
                }
            })
        };
        let mut stream = std::pin::pin!(stream_pages(fetch, concurrency));
        let flag = Arc::new(Flag(std::sync::atomic::AtomicBool::new(false)));
        let waker = futures::task::waker(Arc::clone(&flag));
        let mut cx = std::task::Context::from_waker(&waker);
        let mut read = 0;
        loop {
            flag.0.store(false, std::sync::atomic::Ordering::SeqCst);
            match stream.as_mut().poll_next(&mut cx) {
                Poll::Ready(Some(p)) => {
                    p.unwrap();
                    read += 1;
                }
                Poll::Ready(None) => break,
                // Woken while polled: more to do in this round.
                Poll::Pending if flag.0.load(std::sync::atomic::Ordering::SeqCst) => {}
                Poll::Pending => {
                    let wakers = {
                        let mut r = round.lock().unwrap();
                        r.0 += 1;
                        std::mem::take(&mut r.1)
                    };
                    wakers.into_iter().for_each(Waker::wake);
                }
            }
        }
        assert_eq!(read, pages);
        let most = held.lock().unwrap().1;
        (round.lock().unwrap().0, most)
    }

    /// The rule: a stream that starts below its cap and meets no pushback
    /// reads a list within one round trip of the bound at its cap (page 1,
    /// then `ceil((pages − 1) / cap)` full windows), and the time a page
    /// takes to decode after its answer is in adds to page 1, to the first
    /// window (the window grows on pages read) and to the last page, not
    /// to every round trip.
    #[test]
    fn a_stream_growing_to_its_cap_reads_within_a_round_of_the_caps_bound() {
        for (pages, start, max) in [
            (1_000_u32, 8, 16_u32),
            (200, 4, 8),
            (40, 8, 16),
            (100, 3, 6),
            (60, 1, 1),
        ] {
            let bound = 1 + usize::try_from((pages - 1).div_ceil(max)).unwrap();
            let cap = usize::try_from(max).unwrap();
            // One page after the other decodes each in turn.
            let decodes: &[usize] = if start > 1 { &[0, 1, 3] } else { &[0] };
            for &decode in decodes {
                let (took, _) = rounds(pages, Concurrency::up_to(start, cap), decode);
                assert!(
                    took <= bound + 1 + 3 * decode,
                    "{pages} pages from {start} to {max}, decoded in {decode}: \
                     {took} rounds, the bound {bound}"
                );
            }
        }
    }

    /// The rule: a fixed window (the TUI's) holds no more pages at once than
    /// its size, however long they take to decode; an overlapping one holds
    /// the pages being decoded besides.
    #[test]
    fn a_fixed_window_holds_no_more_pages_than_its_size() {
        for decode in [0, 1, 3] {
            let (_, most) = rounds(100, Concurrency::from(4), decode);
            assert!(most <= 4, "decoded in {decode}: {most} pages held");
        }
        let (_, most) = rounds(100, Concurrency::up_to(4, 4), 3);
        assert!(most > 4, "overlapping: {most} pages held");
    }

    /// Page `n` of a list whose pagination fields cannot be read, holding
    /// `ids`.
    fn unpaged(ids: &[u64]) -> Page<Rec> {
        Page {
            items: ids.iter().map(|&id| Rec { id }).collect(),
            raw: ids
                .iter()
                .map(|id| serde_json::json!({ "id": id }))
                .collect(),
            skipped: Vec::new(),
            flawed: Vec::new(),
            info: None,
            follow: true,
            pushback: 0,
        }
    }

    /// Pages 1..=3 hold records; page 4 repeats page 3 (a server that
    /// ignores `page` past the end), page 5 onwards are empty.
    fn follow_fetch(asked: &Arc<Mutex<Vec<u32>>>, n: u32) -> Page<Rec> {
        asked.lock().unwrap().push(n);
        match n {
            1..=3 => unpaged(&[u64::from(n) * 10, u64::from(n) * 10 + 1]),
            4 => unpaged(&[30, 31]),
            _ => unpaged(&[]),
        }
    }

    /// Unreadable `current` / `pages` / `next`: the list is still read
    /// whole, page after page, until a page brings nothing new.
    #[test]
    fn without_paging_fields_pages_are_followed_until_nothing_new() {
        let asked = Arc::new(Mutex::new(Vec::new()));
        let all = futures::executor::block_on(all_pages(|n| {
            let r = follow_fetch(&asked, n);
            async move { Ok(r) }
        }))
        .unwrap();
        let read: Vec<u64> = all.items.iter().map(|r| r.id).collect();
        assert_eq!(read, [10, 11, 20, 21, 30, 31]);
        assert_eq!(*asked.lock().unwrap(), [1, 2, 3, 4]);

        let asked = Arc::new(Mutex::new(Vec::new()));
        let pages: Vec<_> = futures::executor::block_on(
            stream_pages(
                |n| {
                    let r = follow_fetch(&asked, n);
                    async move { Ok(r) }
                },
                4,
            )
            .collect(),
        );
        assert_eq!(ids(&pages), [10, 11, 20, 21, 30, 31]);
        assert_eq!(*asked.lock().unwrap(), [1, 2, 3, 4]);
    }

    /// A list whose page 2 (of 2) lost its fields goes on past it.
    #[test]
    fn a_page_that_lost_its_fields_midway_is_followed() {
        let fetch = |n: u32| async move {
            Ok(match n {
                1 => page(1, 2, 0),
                2 => unpaged(&[2]),
                3 => unpaged(&[3]),
                _ => unpaged(&[]),
            })
        };
        let pages: Vec<_> = futures::executor::block_on(stream_pages(fetch, 2).collect());
        assert_eq!(ids(&pages), [1, 2, 3]);
        let all = futures::executor::block_on(all_pages(fetch)).unwrap();
        assert_eq!(all.items.len(), 3);
    }

    /// A record repeated on a later page is dropped with what it reported.
    #[test]
    fn a_repeated_record_reports_its_unreadable_fields_once() {
        let flaw = |id: &str| crate::api::model::RecordError {
            record: "record",
            id: Some(id.into()),
            field: "name".into(),
            message: "invalid type".into(),
        };
        let mut seen = HashSet::new();
        let mut first = unpaged(&[1, 2]);
        first.flawed = vec![flaw("2")];
        assert_eq!(dedupe(&mut seen, first).flawed.len(), 1);
        let mut again = unpaged(&[2, 3]);
        again.flawed = vec![flaw("2"), flaw("3")];
        let again = dedupe(&mut seen, again);
        let ids: Vec<Option<&str>> = again.flawed.iter().map(|f| f.id.as_deref()).collect();
        assert_eq!(ids, [Some("3")]);
        assert_eq!(again.items.len(), 1);
    }

    proptest::proptest! {
        /// A page read for its items alone (no raw records) keeps the same
        /// items as with them; with them, each item keeps its own record.
        #[test]
        fn a_page_without_its_raw_records_keeps_the_same_items(
            pages in proptest::collection::vec(proptest::collection::vec(0u64..30, 0..12), 0..6),
        ) {
            let (mut with, mut without) = (HashSet::new(), HashSet::new());
            for ids in &pages {
                let a = dedupe(&mut with, unpaged(ids));
                let b = dedupe(&mut without, unpaged(ids).without_raw());
                proptest::prop_assert_eq!(&a.items, &b.items);
                proptest::prop_assert!(b.raw.is_empty());
                let records: Vec<u64> = a.raw.iter().filter_map(|r| r["id"].as_u64()).collect();
                let items: Vec<u64> = a.items.iter().map(|r| r.id).collect();
                proptest::prop_assert_eq!(records, items);
            }
        }
    }
}
