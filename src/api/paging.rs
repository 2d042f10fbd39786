//! Page loaders over any list operation: sequential ([`all_pages`]) and
//! bounded-concurrent in page order ([`stream_pages`]).
//!
//! Both take a `fetch(page)` closure (for example
//! `|p| client.tickets(id, p, PAGE_SIZE)`), start at page 1, trust the
//! `pages` / `next` fields the server sends, and keep each record only the
//! first time its id is seen: a list that shifts while it is read (a ticket
//! added on page 1 pushes one onto page 2) never shows a record twice.
//!
//! Not done: halving the concurrency on HTTP 429 (DESIGN.md section 7). The
//! stream keeps its concurrency; each GET already retries a 429 after the
//! server's `Retry-After` (see `client`).

use std::collections::HashSet;
use std::future::{Future, ready};
use std::hash::BuildHasher;
use std::sync::Arc;

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
/// reading to give up.
pub fn stream_pages<T, F, Fut>(
    fetch: F,
    concurrency: usize,
) -> impl Stream<Item = Result<Page<T>, ApiError>>
where
    T: Record,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    let fetch = Arc::new(fetch);
    let first_fetch = Arc::clone(&fetch);
    let concurrency = concurrency.max(1);
    stream::once(async move { first_fetch(1).await })
        .flat_map(move |first| {
            let last = first.as_ref().map_or(1, Page::pages);
            let fetch = Arc::clone(&fetch);
            stream::once(ready(first)).chain(
                stream::iter(2..=last)
                    .map(move |n| fetch(n))
                    .buffered(concurrency),
            )
        })
        .scan(HashSet::new(), |seen, result| {
            ready(Some(result.map(|page| dedupe(seen, page))))
        })
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
