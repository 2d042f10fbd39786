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

use std::collections::HashSet;
use std::future::Future;
use std::hash::BuildHasher;

use futures::stream::FuturesOrdered;
use futures::{Stream, StreamExt, stream};

use super::error::ApiError;
use super::model::{Page, Record};
pub use throttle::Throttle;

/// Drops from `page` every record whose id is in `seen`, and adds the rest's
/// ids to `seen`. `items` and `raw` stay aligned.
pub fn dedupe<T: Record, S: BuildHasher>(seen: &mut HashSet<u64, S>, page: Page<T>) -> Page<T> {
    let Page {
        items,
        raw,
        skipped,
        info,
        pushback,
    } = page;
    let (items, raw) = items
        .into_iter()
        .zip(raw)
        .filter(|(item, _)| seen.insert(item.id()))
        .unzip();
    Page {
        items,
        raw,
        skipped,
        info,
        pushback,
    }
}

/// Reads every page one after the other: page 1, then `next` while it points
/// forward and within `pages`. The result holds every record once, in page
/// order, with the first page's pagination fields.
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
    loop {
        let next = page.info.and_then(|info| match info.next {
            Some(n) if n > info.current && n <= info.pages => Some(n),
            _ => None,
        });
        all.items.append(&mut page.items);
        all.raw.append(&mut page.raw);
        all.skipped.append(&mut page.skipped);
        let Some(n) = next else {
            return Ok(all);
        };
        page = dedupe(&mut seen, fetch(n).await?);
    }
}

/// Page 1 first, then pages `2..=pages` with at most `concurrency` requests
/// in flight, yielded in page order, each record once (by id). A failed page
/// is yielded as an error and the stream goes on with the next pages; stop
/// reading to give up.
///
/// The number in flight adapts to the server ([`Throttle`]): halved when a
/// page meets a 429 or a 503 (even one the client retried successfully),
/// grown back by one after each window of clean pages, never above
/// `concurrency`. `concurrency` 1 (or 0) reads one page after the other.
pub fn stream_pages<T, F, Fut>(
    fetch: F,
    concurrency: usize,
) -> impl Stream<Item = Result<Page<T>, ApiError>>
where
    T: Record,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    let state = Loader {
        fetch,
        next: 1,
        head: 2,
        last: 1,
        throttle: Throttle::new(concurrency),
        in_flight: FuturesOrdered::new(),
        seen: HashSet::new(),
    };
    stream::unfold(state, |mut st| async move {
        let (page, result) = if st.next == 1 {
            st.next = 2;
            let first = (st.fetch)(1).await;
            st.last = first.as_ref().map_or(1, Page::pages);
            (1, first)
        } else {
            while st.in_flight.len() < st.throttle.limit() && st.next <= st.last {
                st.in_flight.push_back((st.fetch)(st.next));
                st.next += 1;
            }
            let result = st.in_flight.next().await?;
            st.head += 1;
            (st.head - 1, result)
        };
        match &result {
            Ok(p) => st.throttle.observe(page, p.pushback > 0, st.next),
            Err(e) if e.is_pushback() => st.throttle.observe(page, true, st.next),
            Err(_) => st.throttle.failed(),
        }
        let result = result.map(|page| dedupe(&mut st.seen, page));
        Some((result, st))
    })
}

/// The state of [`stream_pages`].
struct Loader<F, Fut: Future> {
    fetch: F,
    /// The next page to request (1 until page 1 is read).
    next: u32,
    /// The page at the head of `in_flight`: the next one yielded.
    head: u32,
    /// The last page, as page 1 said.
    last: u32,
    /// Requests allowed in flight.
    throttle: Throttle,
    in_flight: FuturesOrdered<Fut>,
    seen: HashSet<u64>,
}

impl<T> Page<T> {
    /// An empty page with the same pagination fields.
    fn clone_shell(&self) -> Self {
        Self {
            items: Vec::new(),
            raw: Vec::new(),
            skipped: Vec::new(),
            info: self.info,
            pushback: 0,
        }
    }
}
