//! How the headless commands print. A list is read page by page through the
//! one table of lists (`ListQuery::read`) and printed as each page comes:
//! `--format csv`, `table` and `json` its rows' exported fields
//! (`ListRow::FIELDS`: the layout the TUI's `:export` writes too,
//! docs/headless.md), `raw` the records as the API sent them. A record printed alone reads the same
//! way; a record no list shows (a customer's or an order's detail) through
//! its own columns, paths into its JSON.

use std::future::Future;
use std::io::{self, IsTerminal, Write};

use futures::StreamExt;
use futures::future::LocalBoxFuture;
use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::{Page, Record};
use crate::api::paging::stream_pages;
use crate::cli::Format;
use crate::rows::{Listable, Pages, headers, values};

use super::Failure;
use super::output::{self, Column, ListOut, Records, cell_value};

/// The format on stdout when none is asked: a table on a terminal, JSON
/// in a pipe.
pub(crate) fn default_format() -> Format {
    if io::stdout().is_terminal() {
        Format::Table
    } else {
        Format::Json
    }
}

/// `Ok(true)` when written, `Ok(false)` when the reader went away (`| head`:
/// not an error, but nothing more needs reading), else the failure.
pub(crate) fn written(result: io::Result<()>) -> Result<bool, Failure> {
    match result {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(Failure::Other(
            format!("cannot write the output: {e}").into(),
        )),
    }
}

/// Warns on stderr about records that could not be read, and about fields
/// of kept records that could not be read.
pub(crate) fn warn_skipped<T>(page: &Page<T>, t: &crate::i18n::Tongue) {
    for skipped in &page.skipped {
        eprintln!("boxoffice: {}", t.ta("warn-skipped", &[("what", skipped)]));
    }
    for flawed in &page.flawed {
        eprintln!("boxoffice: {}", t.ta("warn-flawed", &[("what", flawed)]));
    }
}

/// A record of a kind the lists show, alone: its row's fields (the list's
/// layout), or as sent.
pub(crate) fn record<T: Listable>(format: Format, record: &T, raw: &Value) -> Result<(), Failure> {
    let row = record.row();
    stdout(|out| output::print_one(out, format, headers::<T::Row>(), raw, &values(&row)))
}

/// A record no list shows, alone, through its own `columns`.
pub(crate) fn detail(format: Format, columns: &[Column], raw: Value) -> Result<(), Failure> {
    stdout(|out| output::print(out, format, columns, &Records::One(raw)))
}

/// Runs `print` on stdout and flushes; a closed pipe is not an error.
fn stdout(print: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    written(print(&mut out).and_then(|()| out.flush())).map(drop)
}

/// How a list command reads and prints: what `ListQuery::read` is handed.
pub(crate) struct Listing<'k> {
    pub format: Format,
    /// Every page (`--all`), or page 1.
    pub all: bool,
    /// Pages in flight with `--all`.
    pub concurrency: crate::api::paging::Concurrency,
    /// Whether to print a record, which it may add to (`tickets
    /// --admitted`); `None`: every record as it is.
    pub keep: Option<&'k mut dyn FnMut(&mut Value) -> bool>,
    /// Columns after the row's, read from the kept record (`admitted`).
    pub extra: &'static [Column],
    /// The words of its warnings on stderr.
    pub words: &'static crate::i18n::Tongue,
}

impl<'a> Pages<'a> for Listing<'a> {
    type Out = LocalBoxFuture<'a, Result<(), Failure>>;

    fn read<T, F, Fut>(self, fetch: F) -> Self::Out
    where
        T: Record + Listable,
        F: Fn(u32) -> Fut + Send + Sync + 'a,
        Fut: Future<Output = Result<Page<T>, ApiError>> + Send + 'a,
    {
        Box::pin(list(fetch, self))
    }
}

/// Prints page 1, or with `--all` every page through the bounded-concurrent
/// page stream, each page as it arrives, in page order, each record once.
/// Nothing holds the whole list. A page that fails ends the command with
/// its error; what was printed before stays (a JSON array is then left
/// open, so it does not parse as a complete list).
async fn list<T, F, Fut>(fetch: F, mut how: Listing<'_>) -> Result<(), Failure>
where
    T: Record + Listable,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    let mut columns = headers::<T::Row>();
    columns.extend(how.extra.iter().map(|c| c.header));
    let out = io::BufWriter::new(io::stdout());
    let mut out = match ListOut::new(out, how.format, columns) {
        Ok(out) => out,
        Err(e) => return written(Err(e)).map(drop),
    };
    let extra = how.extra;
    let mut print = |page: Page<T>| -> Result<bool, Failure> {
        warn_skipped(&page, how.words);
        let (items, raw): (Vec<T>, Vec<Value>) = page
            .items
            .into_iter()
            .zip(page.raw)
            .filter_map(|(item, mut raw)| {
                let kept = how.keep.as_mut().is_none_or(|keep| keep(&mut raw));
                kept.then_some((item, raw))
            })
            .unzip();
        written(out.page(&raw, |i| {
            let mut row = values(&items[i].row());
            row.extend(extra.iter().map(|c| cell_value(&raw[i], c.path)));
            row
        }))
    };
    if how.all {
        let mut pages = std::pin::pin!(stream_pages(fetch, how.concurrency));
        while let Some(page) = pages.next().await {
            if !print(page?)? {
                return Ok(());
            }
        }
    } else {
        let page = fetch(1).await?;
        if let Some(info) = page.info.filter(|i| i.pages > 1)
            && io::stderr().is_terminal()
        {
            eprintln!(
                "boxoffice: page 1 of {} ({} records); --all reads every page",
                info.pages, info.count_filtered
            );
        }
        if !print(page)? {
            return Ok(());
        }
    }
    written(out.finish().map(drop)).map(drop)
}
