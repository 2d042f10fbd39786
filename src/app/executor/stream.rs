//! The paged stream: any list the API serves, read into whoever asked for
//! it as compact rows (made in the task, off `update`), page by page — all
//! of it, or its tail after a record was added. Which list reads how is
//! `ListQuery`'s one table; this is the one way the app reads them.

use std::future::Future;

use futures::StreamExt;
use futures::future::BoxFuture;
use tokio::sync::mpsc::UnboundedSender;

use crate::api::model::{Page, Record};
use crate::api::{ApiError, Client, paging};
use crate::app::list::{Listable, PageIn, Pages};
use crate::app::msg::{Msg, Reply};
use crate::app::state::ReqId;

/// Streams a list's pages to `tx` as `Reply::Page`s of request `req`:
/// every page, or (`from`) the pages from `from` on.
pub struct Stream<'a> {
    pub req: ReqId,
    pub from: Option<u32>,
    pub client: &'a Client,
    pub tx: &'a UnboundedSender<Msg>,
}

impl<'a> Pages<'a> for Stream<'a> {
    type Out = BoxFuture<'a, ()>;

    fn read<T, F, Fut>(self, fetch: F) -> Self::Out
    where
        T: Record + Listable,
        F: Fn(u32) -> Fut + Send + Sync + 'a,
        Fut: Future<Output = Result<Page<T>, ApiError>> + Send + 'a,
    {
        // Rows are made of the items alone: the raw records go as each
        // page comes, not after the pages it waits behind.
        let fetch = move |p| {
            let page = fetch(p);
            async move { page.await.map(Page::without_raw) }
        };
        Box::pin(async move {
            match self.from {
                None => all(self.req, fetch, self.client, self.tx).await,
                Some(from) => tail(self.req, from, fetch, self.client, self.tx).await,
            }
        })
    }
}

/// Reads page `from`, then every page after it that the answers announce,
/// one after the other (a tail is a page or two). Each page goes on as it
/// comes; the first failure ends the read.
async fn tail<T, F, Fut>(
    req: ReqId,
    from: u32,
    fetch: F,
    client: &Client,
    tx: &UnboundedSender<Msg>,
) where
    T: Record + Listable,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    let mut page = from.max(1);
    loop {
        let result = fetch(page).await;
        let last = result.as_ref().map_or(page, |p| p.pages().max(page));
        let failed = result.is_err();
        client.foreground().wait().await;
        let reply = Reply::Page(result.map(|p| PageIn::new(page, last, p)));
        if tx.send(Msg::Reply { req, reply }).is_err() || failed || page >= last {
            return;
        }
        page += 1;
    }
}

/// Streams every page through `api::paging::stream_pages` (page 1 first,
/// then the rest with bounded concurrency, in order, deduplicated), handing
/// each on as compact rows with its number. Stops at the first failure (what
/// loaded stays; `R` retries) or when nobody is listening any more.
async fn all<T, F, Fut>(req: ReqId, fetch: F, client: &Client, tx: &UnboundedSender<Msg>)
where
    T: Record + Listable,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    // The TUI keeps a fixed number in flight: growing to
    // `concurrency_max` here raised its peak RSS with 100,000 tickets
    // from 73–82 MB to 113 MB (docs/performance.md); the headless lists,
    // which print and drop each page, grow.
    let stream = paging::stream_pages(fetch, client.config().concurrency);
    let mut stream = std::pin::pin!(stream);
    let mut pages = 1;
    let mut n = 0;
    while let Some(result) = stream.next().await {
        n += 1;
        if n == 1
            && let Ok(p) = &result
        {
            pages = p.pages();
        }
        let failed = result.is_err();
        // Making the rows waits, like decoding, while a key is answered.
        client.foreground().wait().await;
        let page = result.map(|p| PageIn::new(n, pages, p));
        if tx
            .send(Msg::Reply {
                req,
                reply: Reply::Page(page),
            })
            .is_err()
            || failed
        {
            return;
        }
    }
}
