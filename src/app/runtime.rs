//! The one loop and the executor. The loop `select!`s over the terminal's
//! event stream, the results channel and a tick; it drains what is ready and
//! draws at most once per frame, only when something changed, inside a
//! synchronized update. The executor turns each `Cmd` into a tokio task that
//! calls the client and answers on the channel, and aborts the reads `update`
//! cancels. Nothing here blocks on the network.

use std::collections::HashMap;
use std::future::Future;
use std::time::{Duration, Instant};

use crossterm::event::{Event as TermEvent, EventStream};
use crossterm::execute;
use crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};
use futures::{FutureExt, StreamExt};
use tokio::sync::mpsc::{self, UnboundedSender};
use tokio::task::{AbortHandle, JoinHandle};

use crate::api::model::{Page, Record};
use crate::api::paging;
use crate::api::{ApiError, Client};

use super::AppOptions;
use super::cmd::Cmd;
use super::model::Model;
use super::msg::{Msg, ReqId};
use super::terminal::{self, Term};
use super::update::{start, update};
use super::view::view;

/// At most one draw per this long.
const FRAME: Duration = Duration::from_millis(16);
/// The tick (toasts expire, progress moves).
const TICK: Duration = Duration::from_millis(250);
/// Records asked for per page.
const PER_PAGE: u32 = 100;

/// Runs the TUI until the user quits. Restores the terminal on every way out.
pub async fn run(client: Client, options: AppOptions) -> color_eyre::Result<()> {
    terminal::install_hooks()?;
    let mut term = terminal::init()?;
    let result = run_loop(&mut term, client, options).await;
    terminal::restore();
    result
}

async fn run_loop(term: &mut Term, client: Client, options: AppOptions) -> color_eyre::Result<()> {
    let size = term.size()?;
    let mut model = Model::new(
        options,
        &client.config().base_url,
        Instant::now(),
        (size.width, size.height),
    );
    model.no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let test_panic = std::env::var("BOXOFFICE_TEST_PANIC").is_ok_and(|v| v == "1");

    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut executor = Executor::new(tx);
    for cmd in start(&mut model) {
        executor.run(cmd, &client);
    }
    let mut events = EventStream::new();
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut dirty = true;
    let mut last_draw: Option<Instant> = None;

    while !model.quit {
        if dirty {
            let now = Instant::now();
            if last_draw.is_none_or(|t| now >= t + FRAME) {
                draw(term, &model)?;
                dirty = false;
                last_draw = Some(now);
                assert!(
                    !test_panic,
                    "BOXOFFICE_TEST_PANIC: a panic right after the first draw"
                );
            }
        }
        let frame_due = last_draw.map_or_else(Instant::now, |t| t + FRAME);
        let first = tokio::select! {
            ev = events.next() => match ev {
                Some(Ok(ev)) => to_msg(&ev),
                Some(Err(e)) => return Err(e.into()),
                None => break,
            },
            Some(msg) = rx.recv() => Some(msg),
            _ = tick.tick() => Some(Msg::Tick(Instant::now())),
            () = tokio::time::sleep_until(frame_due.into()), if dirty => None,
        };
        // Drain what is ready, then draw once.
        let mut msgs: Vec<Msg> = first.into_iter().collect();
        while let Ok(msg) = rx.try_recv() {
            msgs.push(msg);
        }
        while let Some(Some(Ok(ev))) = events.next().now_or_never() {
            msgs.extend(to_msg(&ev));
        }
        for msg in msgs {
            let changes =
                !matches!(msg, Msg::Tick(_)) || !model.toasts.is_empty() || model.in_flight > 0;
            for cmd in update(&mut model, msg) {
                executor.run(cmd, &client);
            }
            dirty |= changes;
        }
    }
    Ok(())
}

fn draw(term: &mut Term, model: &Model) -> std::io::Result<()> {
    execute!(term.backend_mut(), BeginSynchronizedUpdate)?;
    let drawn = term.draw(|frame| view(model, frame)).map(|_| ());
    execute!(term.backend_mut(), EndSynchronizedUpdate)?;
    drawn
}

fn to_msg(ev: &TermEvent) -> Option<Msg> {
    match *ev {
        TermEvent::Key(k) => Some(Msg::Key(k)),
        TermEvent::Mouse(m) => Some(Msg::Mouse(m)),
        TermEvent::Resize(w, h) => Some(Msg::Resize(w, h)),
        _ => None,
    }
}

/// Runs each `Cmd` as a tokio task whose answers come back on the channel,
/// then one `TaskDone`; and stops the reads `update` cancels, so a list the
/// user has left stops costing the API requests.
pub struct Executor {
    tx: UnboundedSender<Msg>,
    /// Reads still running, by request id. Writes never go in here: their
    /// outcome must be learned, so nothing can abort them.
    reads: HashMap<ReqId, AbortHandle>,
}

impl Executor {
    pub fn new(tx: UnboundedSender<Msg>) -> Self {
        Self {
            tx,
            reads: HashMap::new(),
        }
    }

    /// Runs `cmd` against `client`; `Cancel` aborts the read it names.
    pub fn run(&mut self, cmd: Cmd, client: &Client) {
        if let Cmd::Cancel { req } = cmd {
            self.cancel(req);
            return;
        }
        let req = cmd.req();
        let write = cmd.is_write();
        let client = client.clone();
        let tx = self.tx.clone();
        let task = async move { execute_cmd(cmd, &client, &tx).await };
        if write {
            self.spawn_write(task);
        } else {
            self.spawn_read(req, task);
        }
    }

    /// Spawns a read that [`Self::cancel`] can stop.
    pub fn spawn_read(
        &mut self,
        req: ReqId,
        task: impl Future<Output = ()> + Send + 'static,
    ) -> JoinHandle<()> {
        self.forget_finished();
        let handle = self.spawn(task);
        self.reads.insert(req, handle.abort_handle());
        handle
    }

    /// Spawns a write: it runs to its end whatever is cancelled.
    pub fn spawn_write(&self, task: impl Future<Output = ()> + Send + 'static) -> JoinHandle<()> {
        self.spawn(task)
    }

    fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) -> JoinHandle<()> {
        let done = DoneSignal(self.tx.clone());
        tokio::spawn(async move {
            let _done = done;
            task.await;
        })
    }

    /// Aborts the read `req`; false when there is none running (it ended,
    /// was never spawned, or is a write).
    pub fn cancel(&mut self, req: ReqId) -> bool {
        self.forget_finished();
        let Some(handle) = self.reads.remove(&req) else {
            return false;
        };
        handle.abort();
        true
    }

    /// How many reads may still be running.
    pub fn reads(&self) -> usize {
        self.reads.len()
    }

    /// Keeps the map as small as the reads actually running.
    fn forget_finished(&mut self) {
        self.reads.retain(|_, handle| !handle.is_finished());
    }
}

/// Sends `TaskDone` when dropped, which happens exactly once per task
/// whether it returns, panics or is aborted (an aborted task's future is
/// dropped, even before its first poll): the in-flight count always comes
/// back down.
struct DoneSignal(UnboundedSender<Msg>);

impl Drop for DoneSignal {
    fn drop(&mut self) {
        // Fails only when the app has quit: nobody is counting then.
        let _ = self.0.send(Msg::TaskDone);
    }
}

async fn execute_cmd(cmd: Cmd, client: &Client, tx: &UnboundedSender<Msg>) {
    // A send fails only when the app has quit: nothing to do then.
    match cmd {
        Cmd::LoadEvents { req } => {
            let msg = |page, pages, result| Msg::EventsPage {
                req,
                page,
                pages,
                result,
            };
            stream_pages(|page| client.events(page, PER_PAGE), client, tx, msg).await;
        }
        Cmd::LoadEvent { req, id } => {
            let result = client.event(&id).await;
            let _ = tx.send(Msg::EventLoaded { req, result });
        }
        Cmd::LoadEditions { req, event_id } => {
            let result = client.editions(event_id).await;
            let _ = tx.send(Msg::EditionsLoaded { req, result });
        }
        Cmd::LoadTickets { req, event_id } => {
            let msg = |page, pages, result| Msg::TicketsPage {
                req,
                page,
                pages,
                result,
            };
            stream_pages(
                |page| client.tickets(event_id, page, PER_PAGE),
                client,
                tx,
                msg,
            )
            .await;
        }
        Cmd::LoadTicket { req, ticket_id } => {
            let result = client.ticket(ticket_id).await;
            let _ = tx.send(Msg::TicketLoaded { req, result });
        }
        Cmd::LoadCustomers { req } => {
            let msg = |page, pages, result| Msg::CustomersPage {
                req,
                page,
                pages,
                result,
            };
            stream_pages(|page| client.customers(page, PER_PAGE), client, tx, msg).await;
        }
        Cmd::EnrollByEmail {
            req,
            event_id,
            person,
            enrollment_type,
        } => {
            let result = client
                .enroll_by_email(event_id, &person, &enrollment_type)
                .await;
            let _ = tx.send(Msg::Enrolled { req, result });
        }
        Cmd::EnrollCustomer {
            req,
            event_id,
            customer_id,
            enrollment_type,
        } => {
            let result = client
                .enroll_customer(event_id, customer_id, &enrollment_type)
                .await;
            let _ = tx.send(Msg::Enrolled { req, result });
        }
        Cmd::Revoke { req, ticket_id } => {
            let result = client.revoke(ticket_id).await;
            let _ = tx.send(Msg::Revoked {
                req,
                ticket_id,
                result,
            });
        }
        // Handled by `Executor::run`; nothing to fetch.
        Cmd::Cancel { .. } => {}
    }
}

/// Streams every page through `api::paging::stream_pages` (page 1 first,
/// then the rest with bounded concurrency, in order, deduplicated), handing
/// each on with its number. Stops at the first failure (what loaded stays;
/// `R` retries) or when nobody is listening any more.
async fn stream_pages<T, F, Fut>(
    fetch: F,
    client: &Client,
    tx: &UnboundedSender<Msg>,
    msg: impl Fn(u32, u32, Result<Page<T>, ApiError>) -> Msg,
) where
    T: Record,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
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
        if tx.send(msg(n, pages, result)).is_err() || failed {
            return;
        }
    }
}
