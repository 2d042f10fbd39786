//! Page loaders over any list operation: sequential ([`all_pages`]) and
//! bounded-concurrent in page order ([`stream_pages`]).
//!
//! Both take a `fetch(page)` closure (for example
//! `|p| client.tickets(id, p, PAGE_SIZE)`), start at page 1, trust the
//! `pages` / `next` fields the server sends, and keep each record only the
//! first time its id is seen: a list that shifts while it is read (a ticket
//! added on page 1 pushes one onto page 2) never shows a record twice.
//!
//! Each GET already retries a 429 after the server's `Retry-After` (see
//! `client`); the stream halves its concurrency only when a page still fails
//! with 429 after those retries.

use std::collections::HashSet;
use std::future::Future;
use std::hash::BuildHasher;

use futures::stream::FuturesOrdered;
use futures::{Stream, StreamExt, stream};

use super::error::ApiError;
use super::model::{Page, Record};

/// Drops from `page` every record whose id is in `seen`, and adds the rest's
/// ids to `seen`. `items` and `raw` stay aligned.
pub fn dedupe<T: Record, S: BuildHasher>(seen: &mut HashSet<u64, S>, page: Page<T>) -> Page<T> {
    let Page {
        items,
        raw,
        skipped,
        info,
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
/// reading to give up. A page that still fails with HTTP 429 after the
/// client's own retries halves the number of requests in flight.
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
        last: 1,
        limit: concurrency.max(1),
        in_flight: FuturesOrdered::new(),
        seen: HashSet::new(),
    };
    stream::unfold(state, |mut st| async move {
        let result = if st.next == 1 {
            st.next = 2;
            let first = (st.fetch)(1).await;
            st.last = first.as_ref().map_or(1, Page::pages);
            first
        } else {
            while st.in_flight.len() < st.limit && st.next <= st.last {
                st.in_flight.push_back((st.fetch)(st.next));
                st.next += 1;
            }
            let result = st.in_flight.next().await?;
            if matches!(result, Err(ApiError::Status { status: 429, .. })) {
                st.limit = (st.limit / 2).max(1);
            }
            result
        };
        let result = result.map(|page| dedupe(&mut st.seen, page));
        Some((result, st))
    })
}

/// The state of [`stream_pages`].
struct Loader<F, Fut: Future> {
    fetch: F,
    /// The next page to request (1 until page 1 is read).
    next: u32,
    /// The last page, as page 1 said.
    last: u32,
    /// Requests allowed in flight.
    limit: usize,
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
        }
    }
}
