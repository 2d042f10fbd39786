//! The executor: turns each `Cmd` into a tokio task that calls the client
//! and answers on the channel with `Msg::Reply`, and aborts the reads
//! `update` cancels. One helper streams any list into whoever asked for it,
//! turning records into compact rows in the task, off `update`.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use std::panic::AssertUnwindSafe;

use futures::{FutureExt, StreamExt};
use tokio::sync::mpsc::UnboundedSender;
use tokio::task::{AbortHandle, JoinHandle};

use crate::api::model::{Page, Record};
use crate::api::paging;
use crate::api::{ApiError, Client};
use crate::store::{AuditLog, Cursor, DeskLog, StoreError, TicketCache};

use super::cmd::{Cmd, RecordQuery};
use super::list::rows::{AuditRow, TicketRow};
use super::list::{ListQuery, Listable, PageIn, PageMeta, Rows};
use super::msg::{Msg, Reply};
use super::state::ReqId;

mod find;

/// A desk following the other lanes reads again at least this often (the
/// banner's `reach` too), hint or not.
pub const FOLLOW_POLL: std::time::Duration = std::time::Duration::from_secs(1);

/// The most changes one `Cmd::Follow` answers with.
const FOLLOW_LIMIT: usize = 1000;

/// Records asked for per page.
pub const PER_PAGE: u32 = 100;

/// Runs each `Cmd` as a tokio task whose answers come back on the channel,
/// then one `TaskDone`; and stops the reads `update` cancels, so a list the
/// user has left stops costing the API requests.
pub struct Executor {
    tx: UnboundedSender<Msg>,
    /// Reads still running, by request id. Writes never go in here: their
    /// outcome must be learned, so nothing can abort them.
    reads: HashMap<ReqId, AbortHandle>,
    /// The wall clock's date pinned (the demo's `BOXOFFICE_DEMO_NOW`), for
    /// what "current and upcoming" means.
    pinned_now: Option<String>,
    /// The desk log and the offline lists, when there are.
    local: Local,
}

/// The local stores the executor reads and writes on the blocking pool.
#[derive(Clone, Default)]
pub struct Local {
    pub desk: Option<Arc<Mutex<Box<dyn DeskLog>>>>,
    pub cache: Option<Arc<Mutex<Box<dyn TicketCache>>>>,
    /// Every write is recorded here, before it is sent and after.
    pub audit: Option<Arc<Mutex<Box<dyn AuditLog>>>>,
    /// This desk's name, for the audit log.
    pub desk_name: String,
    /// The saved filters' file of the business (`:save`, `:filters`).
    pub views: Option<std::path::PathBuf>,
}

impl Local {
    pub fn new(desk: Option<Box<dyn DeskLog>>, cache: Option<Box<dyn TicketCache>>) -> Self {
        Self {
            desk: desk.map(|d| Arc::new(Mutex::new(d))),
            cache: cache.map(|c| Arc::new(Mutex::new(c))),
            audit: None,
            desk_name: String::new(),
            views: None,
        }
    }

    /// The same with the saved filters' file.
    #[must_use]
    pub fn with_views(mut self, path: Option<std::path::PathBuf>) -> Self {
        self.views = path;
        self
    }

    /// The same with an audit log, writes recorded under `desk_name`.
    #[must_use]
    pub fn with_audit(mut self, audit: Option<Box<dyn AuditLog>>, desk_name: &str) -> Self {
        self.audit = audit.map(|a| Arc::new(Mutex::new(a)));
        desk_name.clone_into(&mut self.desk_name);
        self
    }
}

/// Sends `write`, recorded in the audit log (if any) before it is sent —
/// outcome unknown — and completed with its outcome and latency after. The
/// write is sent whatever the audit log says: it is a record, not a gate.
pub async fn audited(
    audit: Option<Arc<Mutex<Box<dyn AuditLog>>>>,
    desk: &str,
    operation: &'static str,
    target: String,
    write: impl Future<Output = Result<(), ApiError>>,
) -> Result<(), ApiError> {
    let desk = desk.to_string();
    let seq = on_store(audit.clone(), "audit log", move |a| {
        a.begin(operation, &target, &desk)
    })
    .await
    .ok();
    let started = std::time::Instant::now();
    let result = write.await;
    let latency = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    if let Some(seq) = seq {
        let outcome = ApiError::write_outcome(&result);
        let _ = on_store(audit, "audit log", move |a| {
            a.finish(seq, &outcome, latency)
        })
        .await;
    }
    result
}

/// Runs `f` on the store `store` on the blocking pool (SQLite blocks);
/// `what` names it when there is none.
async fn on_store<S: ?Sized + Send + 'static, T: Send + 'static>(
    store: Option<Arc<Mutex<Box<S>>>>,
    what: &str,
    f: impl FnOnce(&mut S) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    let Some(store) = store else {
        return Err(StoreError(format!("no {what} on this machine")));
    };
    tokio::task::spawn_blocking(move || {
        let mut guard = store
            .lock()
            .map_err(|_| StoreError("the local store failed earlier".into()))?;
        f(&mut guard)
    })
    .await
    .unwrap_or_else(|e| Err(StoreError(format!("the local store failed: {e}"))))
}

/// `Cmd::Follow`: waits for the desk log's hint (or [`FOLLOW_POLL`]) unless
/// starting, then reads what is newer and whether the shared log answers.
async fn follow(
    local: &Local,
    event_id: u64,
    after: Option<Cursor>,
) -> Result<Option<super::msg::Followed>, StoreError> {
    let hints = on_store(local.desk.clone(), "desk log", |d| Ok(d.hints())).await?;
    let Some(mut hints) = hints else {
        return Ok(None);
    };
    if after.is_some() {
        let _ = tokio::time::timeout(FOLLOW_POLL, hints.changed()).await;
    }
    on_store(local.desk.clone(), "desk log", move |d| {
        // Starting: the cursor first, then the admissions; what comes
        // between is in both, and applying it twice changes nothing.
        let (cursor, admitted) = if let Some(cursor) = after {
            (cursor, None)
        } else {
            let cursor = d.cursor(event_id).unwrap_or_default();
            (cursor, Some(d.admitted(event_id)?))
        };
        let (changes, cursor) = d.newer(event_id, &cursor, FOLLOW_LIMIT)?;
        Ok(Some(super::msg::Followed {
            cursor,
            changes,
            admitted,
            reach: d.reach(),
        }))
    })
    .await
}

impl Executor {
    pub fn new(tx: UnboundedSender<Msg>) -> Self {
        Self {
            tx,
            reads: HashMap::new(),
            pinned_now: None,
            local: Local::default(),
        }
    }

    /// Reads and writes the desk log and the offline lists in `local`.
    #[must_use]
    pub fn with_local(mut self, local: Local) -> Self {
        self.local = local;
        self
    }

    /// Reads the date as of `now` ("YYYY-MM-DD HH:mm:ss") instead of the
    /// wall clock.
    #[must_use]
    pub fn pinned(mut self, now: Option<String>) -> Self {
        self.pinned_now = now;
        self
    }

    /// Runs `cmd` against `client`; `Cancel` aborts the read it names.
    pub fn run(&mut self, cmd: Cmd, client: &Client) {
        let req = match cmd {
            Cmd::Cancel { req } => {
                self.cancel(req);
                return;
            }
            // The runtime writes them to the terminal; nothing to run.
            Cmd::Copy(_) | Cmd::Bell | Cmd::Suspend | Cmd::Redraw => return,
            // A timer, not a request: nothing counts it in flight.
            Cmd::Wake { after } => {
                let tx = self.tx.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(after).await;
                    let _ = tx.send(Msg::Tick(std::time::Instant::now()));
                });
                return;
            }
            ref cmd => cmd.req().unwrap_or_default(),
        };
        let write = cmd.is_write();
        let counted = cmd.is_task();
        let client = client.clone();
        let tx = self.tx.clone();
        let today = crate::clock::today(self.pinned_now.as_deref());
        let local = self.local.clone();
        let task = async move { execute(cmd, &today, &local, &client, &tx).await };
        if write {
            self.spawn_write(task);
        } else if counted {
            self.spawn_read(req, task);
        } else {
            // Not counted in flight: no `TaskDone` (a panic is still told).
            self.forget_finished();
            let tx = self.tx.clone();
            let handle = tokio::spawn(async move {
                if AssertUnwindSafe(task).catch_unwind().await.is_err() {
                    let _ = tx.send(Msg::TaskPanicked("following the other lanes".into()));
                }
            });
            self.reads.insert(req, handle.abort_handle());
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

    /// Spawns `task`; a panic in it is caught and told as
    /// `Msg::TaskPanicked` (the app goes on, the terminal stays as it is).
    fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) -> JoinHandle<()> {
        let done = DoneSignal(self.tx.clone());
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let _done = done;
            if let Err(panic) = AssertUnwindSafe(task).catch_unwind().await {
                let text = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into());
                let _ = tx.send(Msg::TaskPanicked(text));
            }
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

async fn execute(cmd: Cmd, today: &str, local: &Local, client: &Client, tx: &UnboundedSender<Msg>) {
    // A send fails only when the app has quit: nothing to do then.
    let reply = |req, reply| {
        let _ = tx.send(Msg::Reply { req, reply });
    };
    match cmd {
        // Read from the local store, not the API: one page, so a tail is all of it.
        Cmd::LoadList {
            req,
            list: ListQuery::Audit,
        }
        | Cmd::LoadTail {
            req,
            list: ListQuery::Audit,
            ..
        } => audit_list(req, local, tx).await,
        Cmd::LoadList { req, list } => stream_list(req, list, None, client, tx).await,
        Cmd::LoadTail { req, list, from } => {
            stream_list(req, list, Some(from), client, tx).await;
        }
        Cmd::LoadEvent { req, id } => reply(req, Reply::Event(client.event(&id).await)),
        Cmd::LoadTicket { req, ticket_id } => {
            reply(req, Reply::Ticket(client.ticket(ticket_id).await));
        }
        Cmd::LoadRecord { req, record } => {
            let answer = match record {
                RecordQuery::Customer(id) => Reply::Customer(client.customer(id).await),
                RecordQuery::Order(id) => Reply::Order(client.order(id).await),
                RecordQuery::Product(id) => Reply::Product(client.product(id).await),
                RecordQuery::Course(id) => Reply::Course(client.course(id).await),
            };
            reply(req, answer);
        }
        Cmd::EnrollByEmail {
            req,
            event_id,
            person,
            enrollment_type,
        } => {
            let target = format!("event {event_id} {}", person.email);
            let write = client.enroll_by_email(event_id, &person, &enrollment_type);
            let result = audited(
                local.audit.clone(),
                &local.desk_name,
                "enroll",
                target,
                write,
            );
            reply(req, Reply::Enrolled(result.await));
        }
        Cmd::EnrollCustomer {
            req,
            event_id,
            customer_id,
            enrollment_type,
        } => {
            let target = format!("event {event_id} customer {customer_id}");
            let write = client.enroll_customer(event_id, customer_id, &enrollment_type);
            let op = "enroll-customer";
            let result = audited(local.audit.clone(), &local.desk_name, op, target, write);
            reply(req, Reply::Enrolled(result.await));
        }
        Cmd::FindTickets { req, find } => find::run(req, find, today, client, tx).await,
        Cmd::Revoke { req, ticket_id } => {
            let target = format!("ticket {ticket_id}");
            let write = client.revoke(ticket_id);
            let result = audited(
                local.audit.clone(),
                &local.desk_name,
                "revoke",
                target,
                write,
            );
            reply(
                req,
                Reply::Revoked {
                    ticket_id,
                    result: result.await,
                },
            );
        }
        Cmd::LoadAdmissions { req, event_id } => {
            let r = on_store(local.desk.clone(), "desk log", move |d| {
                d.admitted(event_id)
            });
            reply(req, Reply::Admissions(r.await));
        }
        Cmd::Admit {
            req,
            admission,
            scan,
        } => {
            let r = on_store(local.desk.clone(), "desk log", move |d| {
                d.admit(&admission, scan)
            });
            reply(req, Reply::Admitted(r.await));
        }
        Cmd::Follow {
            req,
            event_id,
            after,
        } => reply(req, Reply::Followed(follow(local, event_id, after).await)),
        Cmd::LoadConflicts { req, event_id } => {
            let r = on_store(local.desk.clone(), "desk log", move |d| {
                d.conflicts(Some(event_id))
            });
            reply(req, Reply::Conflicts(r.await));
        }
        Cmd::Unadmit {
            req,
            event_id,
            desk,
            ticket_id,
        } => {
            let r = on_store(local.desk.clone(), "desk log", move |d| {
                d.undo(event_id, &desk, ticket_id)
            });
            reply(req, Reply::Unadmitted(r.await));
        }
        Cmd::SaveView {
            req,
            kind,
            name,
            view,
        } => {
            let path = local.views.clone();
            let saved = name.clone();
            let result = tokio::task::spawn_blocking(move || match path {
                Some(path) => crate::app::views::save(&path, kind, &name, view),
                None => Err("no state directory on this machine (HOME unset)".into()),
            })
            .await
            .unwrap_or_else(|e| Err(e.to_string()));
            reply(req, Reply::ViewSaved(result.map(|()| saved)));
        }
        Cmd::ReadFile { req, path } => {
            let result = tokio::task::spawn_blocking(move || {
                std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))
            })
            .await
            .unwrap_or_else(|e| Err(e.to_string()));
            reply(req, Reply::FileRead(result));
        }
        Cmd::LoadViews { req, kind } => {
            let path = local.views.clone();
            let result = tokio::task::spawn_blocking(move || match path {
                Some(path) => crate::app::views::load(&path, kind),
                None => Ok(Vec::new()),
            })
            .await
            .unwrap_or_else(|e| Err(e.to_string()));
            reply(req, Reply::Views(result));
        }
        Cmd::Export {
            req,
            path,
            overwrite,
            rows,
        } => {
            let to = path.clone();
            let result = tokio::task::spawn_blocking(move || {
                crate::app::export::to_file(&to, overwrite, rows.0.as_ref())
            })
            .await
            .unwrap_or_else(|e| Err(crate::app::export::ExportError::Io(e.to_string())));
            reply(req, Reply::Exported { path, result });
        }
        Cmd::LoadCached { req, event_id } => {
            let r = on_store(local.cache.clone(), "offline list", move |c| {
                let id = c.resolve(event_id)?.unwrap_or(event_id);
                Ok(c.load(id)?.map(|(tickets, at)| {
                    (id, tickets.iter().map(TicketRow::from_cached).collect(), at)
                }))
            });
            reply(req, Reply::Cached(r.await));
        }
        Cmd::FindNumber {
            req,
            number_key,
            except_event,
        } => {
            let r = on_store(local.cache.clone(), "offline list", move |c| {
                c.find_number(&number_key, except_event)
            });
            reply(req, Reply::FoundNumber(r.await));
        }
        Cmd::SaveCached {
            title,
            starts,
            event_id,
            asked,
            tickets,
        } => {
            // Best effort: a desk without a cache still works online.
            let _ = on_store(local.cache.clone(), "offline list", move |c| {
                c.save_each(event_id, &mut tickets.iter().map(TicketRow::cached), "")?;
                c.describe(event_id, &title, &starts)?;
                asked.map_or(Ok(()), |asked| c.alias(asked, event_id))
            })
            .await;
        }
        // Handled by `Executor::run` and the runtime; nothing to fetch.
        Cmd::Cancel { .. }
        | Cmd::Copy(_)
        | Cmd::Bell
        | Cmd::Suspend
        | Cmd::Wake { .. }
        | Cmd::Redraw => {}
    }
}

/// The rows of the audit log a list shows at most.
const AUDIT_ROWS: usize = 100_000;

/// The audit log as one page of a list, newest first.
async fn audit_list(req: ReqId, local: &Local, tx: &UnboundedSender<Msg>) {
    let read = on_store(local.audit.clone(), "audit log", |a| a.entries(AUDIT_ROWS));
    let page = read.await.map(|entries| {
        let rows: Vec<AuditRow> = entries.iter().map(AuditRow::new).collect();
        PageIn {
            meta: PageMeta {
                page: 1,
                pages: 1,
                total: Some(rows.len() as u64),
                skipped: Vec::new(),
            },
            rows: Rows::new(rows),
        }
    });
    let reply = Reply::LocalPage(page);
    let _ = tx.send(Msg::Reply { req, reply });
}

/// The one helper that streams any list into whoever asked for it: all of
/// it, or (`from`) its pages from `from` on.
async fn stream_list(
    req: ReqId,
    list: ListQuery,
    from: Option<u32>,
    client: &Client,
    tx: &UnboundedSender<Msg>,
) {
    match list {
        // `execute` reads it from the local store.
        ListQuery::Audit => {}
        ListQuery::Events => {
            read(req, from, |p| client.events(p, PER_PAGE), client, tx).await;
        }
        ListQuery::Editions { event_id } => {
            // The editions come in one answer (paginated or not).
            read(req, from, |_| client.editions(event_id), client, tx).await;
        }
        ListQuery::Tickets { event_id } => {
            let fetch = |p| client.tickets(event_id, p, PER_PAGE);
            read(req, from, fetch, client, tx).await;
        }
        ListQuery::Customers => {
            read(req, from, |p| client.customers(p, PER_PAGE), client, tx).await;
        }
        ListQuery::Orders => {
            read(req, from, |p| client.orders(p, PER_PAGE), client, tx).await;
        }
        ListQuery::Products => {
            read(req, from, |p| client.products(p, PER_PAGE), client, tx).await;
        }
        ListQuery::Courses => {
            read(req, from, |p| client.courses(p, PER_PAGE), client, tx).await;
        }
        ListQuery::CourseEnrollments { course_id } => {
            let fetch = |p| client.course_enrollments(course_id, p, PER_PAGE);
            read(req, from, fetch, client, tx).await;
        }
    }
}

async fn read<T, F, Fut>(
    req: ReqId,
    from: Option<u32>,
    fetch: F,
    client: &Client,
    tx: &UnboundedSender<Msg>,
) where
    T: Record + Listable,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    match from {
        None => pages(req, fetch, client, tx).await,
        Some(from) => tail(req, from, fetch, tx).await,
    }
}

/// Reads page `from`, then every page after it that the answers announce,
/// one after the other (a tail is a page or two). Each page goes on as it
/// comes; the first failure ends the read.
async fn tail<T, F, Fut>(req: ReqId, from: u32, fetch: F, tx: &UnboundedSender<Msg>)
where
    T: Record + Listable,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    let mut page = from.max(1);
    loop {
        let result = fetch(page).await;
        let last = result.as_ref().map_or(page, |p| p.pages().max(page));
        let failed = result.is_err();
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
async fn pages<T, F, Fut>(req: ReqId, fetch: F, client: &Client, tx: &UnboundedSender<Msg>)
where
    T: Record + Listable,
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
