//! The executor: each `Cmd` is one of a few jobs — a read, a paged stream,
//! a write, a watch, a timer — and every job is spawned one way
//! ([`Executor::run`]), with its cancellation and whether it is counted in
//! flight said by its shape ([`Job`]). [`job`] is the table, one line per
//! `Cmd`; what each line does is in `jobs.rs`, and the list a stream reads
//! and the record a read reads are looked up in their own tables
//! (`ListQuery::read`, `With::detail`). Answers come back on the channel
//! as `Msg::Reply`s carrying the request id, then one `TaskDone`.

use std::collections::HashMap;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::time::Duration;

use futures::FutureExt;
use futures::future::BoxFuture;
use tokio::sync::mpsc::UnboundedSender;
use tokio::task::{AbortHandle, JoinHandle};

use crate::api::Client;
use crate::store::DoorOp;

use super::cmd::Cmd;
use super::msg::{Msg, Reply};
use super::state::ReqId;

mod find;
mod jobs;
mod local;
mod stream;

use jobs::{Whom, With};
pub use local::{FOLLOW_POLL, Local, Store, call};

/// Records asked for per page.
pub const PER_PAGE: u32 = 100;

/// What a `Cmd` is to the executor.
pub enum Job {
    /// One answer. Cancelled by `Cmd::Cancel` (its task is aborted); its
    /// deadline is the client's (a request's timeout; a GET tried three
    /// times) or, for a local store, the store's own.
    Read(BoxFuture<'static, Reply>),
    /// Answers as it goes (a list's pages, a search's progress) until it
    /// is whole, fails or is cancelled like a read; each request within
    /// the client's deadline.
    Stream(BoxFuture<'static, ()>),
    /// Sent once and never cancelled: its outcome must be learned (past
    /// the client's deadline it is told as unknown). Its answer, if anyone
    /// waits for one.
    Write(BoxFuture<'static, Option<Reply>>),
    /// A read that waits as long as its screen is open (following the other
    /// lanes): cancelled with the screen, not a request in flight.
    Watch(BoxFuture<'static, Reply>),
    /// `Msg::Tick` after this long: a timer, nothing in flight.
    Timer(Duration),
    /// A note to this machine's log nobody waits for and nobody counts
    /// (a scan's time, for the dashboards): not a request in flight.
    Note(BoxFuture<'static, ()>),
    /// Nothing to run: the runtime's own (`Copy`, `Bell`, `Suspend`,
    /// `Redraw`), or `Cancel`, which stops another.
    None,
}

impl Job {
    /// Whether `update` counts it in flight: its end is told (`TaskDone`).
    fn counted(&self) -> bool {
        matches!(self, Self::Read(_) | Self::Stream(_) | Self::Write(_))
    }

    /// Whether `Cmd::Cancel` stops it.
    fn cancellable(&self) -> bool {
        matches!(self, Self::Read(_) | Self::Stream(_) | Self::Watch(_))
    }
}

fn read(task: impl Future<Output = Reply> + Send + 'static) -> Job {
    Job::Read(Box::pin(task))
}

fn stream(task: impl Future<Output = ()> + Send + 'static) -> Job {
    Job::Stream(Box::pin(task))
}

fn write(task: impl Future<Output = Reply> + Send + 'static) -> Job {
    Job::Write(Box::pin(task.map(Some)))
}

/// A write nobody waits for the answer of.
fn unanswered(task: impl Future<Output = ()> + Send + 'static) -> Job {
    Job::Write(Box::pin(task.map(|()| None)))
}

fn watch(task: impl Future<Output = Reply> + Send + 'static) -> Job {
    Job::Watch(Box::pin(task))
}

/// The table: each `Cmd` as the job it is, one line each.
// Kept one line an arm, to read down as a table.
#[rustfmt::skip]
fn job(cmd: Cmd, w: With) -> Job {
    match cmd {
        Cmd::LoadList { req, list } => stream(w.list(req, list, None)),
        Cmd::LoadTail { req, list, from } => stream(w.list(req, list, Some(from))),
        Cmd::LoadEvent { id, .. } => read(w.event(id)),
        Cmd::LoadTicket { ticket_id, .. } => read(w.ticket(ticket_id)),
        Cmd::CheckTicket { ticket_id, deadline, .. } => read(w.check_ticket(ticket_id, deadline)),
        Cmd::LoadRecord { record, .. } => read(w.detail(record)),
        Cmd::FindTickets { req, find } => stream(w.find(req, find)),
        Cmd::EnrollByEmail { event_id, person, enrollment_type: t, .. } => write(w.enroll(event_id, Whom::Person(person), t)),
        Cmd::EnrollCustomer { event_id, customer_id: id, enrollment_type: t, .. } => write(w.enroll(event_id, Whom::Customer(id), t)),
        Cmd::Revoke { ticket_id, .. } => write(w.revoke(ticket_id)),
        // A read that answers as the write would: never cancelled.
        Cmd::Settle { write: what, .. } => write(w.settle(what)),
        Cmd::LoadAdmissions { event_id, .. } => read(w.admissions(event_id)),
        Cmd::Admit { admission, scan, .. } => write(w.admit(admission, scan)),
        Cmd::Unadmit { event_id, desk, ticket_id, .. } => write(w.unadmit(event_id, desk, ticket_id)),
        Cmd::Door { op: op @ DoorOp::Read { .. }, .. } => read(w.door(op)),
        Cmd::Door { op, .. } => write(w.door(op)),
        Cmd::Follow { event_id, after, .. } => watch(w.follow(event_id, after)),
        Cmd::DoorRead { event_id, after, .. } => watch(w.door_read(event_id, after)),
        Cmd::LoadConflicts { event_id, .. } => read(w.conflicts(event_id)),
        Cmd::LoadCached { event_id, .. } => read(w.cached(event_id)),
        Cmd::FindNumber { number_key, except_event, .. } => read(w.find_number(number_key, except_event)),
        // Best effort, nobody waits: a desk without a cache still works online.
        Cmd::SaveCached { title, starts, event_id, asked, tickets } => unanswered(w.save_cached(event_id, title, starts, asked, tickets)),
        Cmd::Scanned { event_id } => Job::Note(Box::pin(w.scanned(event_id))),
        Cmd::SaveView { kind, name, view, .. } => write(w.save_view(kind, name, view)),
        Cmd::LoadViews { kind, .. } => read(w.views(kind)),
        Cmd::ReadFile { path, .. } => read(w.read_file(path)),
        Cmd::Export { path, overwrite, rows, .. } => write(w.export(path, overwrite, rows)),
        Cmd::Wake { after } => Job::Timer(after),
        Cmd::Cancel { .. } | Cmd::Copy(_) | Cmd::Bell | Cmd::Suspend | Cmd::Redraw => Job::None,
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
    /// The wall clock's date pinned (the demo's `BOXOFFICE_DEMO_NOW`), for
    /// what "current and upcoming" means.
    pinned_now: Option<String>,
    /// The desk log and the offline lists, when there are.
    local: Local,
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

    /// Runs `cmd` against `client` as the job it is; `Cancel` aborts the
    /// read it names.
    pub fn run(&mut self, cmd: Cmd, client: &Client) {
        if let Cmd::Cancel { req } = cmd {
            self.cancel(req);
            return;
        }
        let req = cmd.req().unwrap_or_default();
        let with = With {
            client: client.clone(),
            local: self.local.clone(),
            today: crate::clock::today(self.pinned_now.as_deref()),
            now: crate::clock::now_utc(self.pinned_now.as_deref()),
            tx: self.tx.clone(),
        };
        let tx = self.tx.clone();
        let answer = move |reply| {
            // Fails only when the app has quit: nobody is listening then.
            let _ = tx.send(Msg::Reply { req, reply });
        };
        let job = job(cmd, with);
        let (counted, cancellable) = (job.counted(), job.cancellable());
        let task: BoxFuture<'static, ()> = match job {
            Job::Read(task) | Job::Watch(task) => Box::pin(task.map(answer)),
            Job::Stream(task) | Job::Note(task) => task,
            Job::Write(task) => Box::pin(task.map(|reply| reply.map_or((), answer))),
            Job::Timer(after) => {
                let tx = self.tx.clone();
                Box::pin(async move {
                    tokio::time::sleep(after).await;
                    let _ = tx.send(Msg::Tick(std::time::Instant::now()));
                })
            }
            Job::None => return,
        };
        self.spawn(task, counted, cancellable.then_some(req));
    }

    /// Spawns a read that [`Self::cancel`] can stop.
    pub fn spawn_read(
        &mut self,
        req: ReqId,
        task: impl Future<Output = ()> + Send + 'static,
    ) -> JoinHandle<()> {
        self.spawn(task, true, Some(req))
    }

    /// The one way a job is spawned: a panic in `task` is caught and told
    /// as `Msg::TaskPanicked` (the app goes on, the terminal stays as it
    /// is); `counted`, its end is told (`TaskDone`: `update` counts it in
    /// flight); with a `cancel` id, [`Self::cancel`] can stop it.
    fn spawn(
        &mut self,
        task: impl Future<Output = ()> + Send + 'static,
        counted: bool,
        cancel: Option<ReqId>,
    ) -> JoinHandle<()> {
        let done = counted.then(|| DoneSignal(self.tx.clone()));
        let tx = self.tx.clone();
        let handle = tokio::spawn(async move {
            let _done = done;
            if let Err(panic) = AssertUnwindSafe(task).catch_unwind().await {
                let text = crate::blocking::panic_text(panic.as_ref()).to_owned();
                let _ = tx.send(Msg::TaskPanicked(text));
            }
        });
        if let Some(req) = cancel {
            self.forget_finished();
            self.reads.insert(req, handle.abort_handle());
        }
        handle
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::sync::Arc;

    use super::*;
    use crate::api::{ApiKey, ClientConfig, NewAttendee};
    use crate::app::cmd::RecordQuery;
    use crate::app::export::Snapshot;
    use crate::app::find::{FindTickets, Wanted, Within};
    use crate::app::views;
    use crate::rows::{ListQuery, TicketRow};
    use crate::store::{Admission, ScanId};

    /// One `Cmd` of every variant.
    fn every_cmd() -> Vec<Cmd> {
        let req = 1;
        let admission = Admission {
            ticket_id: 1,
            number: "TK-1".into(),
            event_id: 2,
            edition_id: None,
            at: String::new(),
            desk: "d".into(),
        };
        vec![
            Cmd::Scanned { event_id: 2 },
            Cmd::LoadList {
                req,
                list: ListQuery::Events,
            },
            Cmd::LoadTail {
                req,
                list: ListQuery::Audit,
                from: 2,
            },
            Cmd::LoadEvent {
                req,
                id: "7".into(),
            },
            Cmd::LoadTicket { req, ticket_id: 1 },
            Cmd::LoadRecord {
                req,
                record: RecordQuery::Order(1),
            },
            Cmd::EnrollByEmail {
                req,
                event_id: 1,
                person: NewAttendee {
                    email: "a@b".into(),
                    name: "A".into(),
                    last_name: "B".into(),
                },
                enrollment_type: "paid".into(),
            },
            Cmd::EnrollCustomer {
                req,
                event_id: 1,
                customer_id: 2,
                enrollment_type: "paid".into(),
            },
            Cmd::Revoke { req, ticket_id: 1 },
            Cmd::Settle {
                req,
                write: crate::api::settle::Unsettled::Revoke { ticket_id: 1 },
            },
            Cmd::FindTickets {
                req,
                find: FindTickets {
                    wanted: Wanted::number("TK-1"),
                    within: Within::Upcoming,
                },
            },
            Cmd::LoadAdmissions { req, event_id: 2 },
            Cmd::Admit {
                req,
                admission,
                scan: ScanId::new(),
            },
            Cmd::Unadmit {
                req,
                event_id: 2,
                desk: "d".into(),
                ticket_id: 1,
            },
            Cmd::Follow {
                req,
                event_id: 2,
                after: None,
            },
            Cmd::DoorRead {
                req,
                event_id: 2,
                after: None,
            },
            Cmd::Door {
                req,
                op: DoorOp::Read { event_id: 2 },
            },
            Cmd::LoadConflicts { req, event_id: 2 },
            Cmd::LoadCached { req, event_id: 2 },
            Cmd::FindNumber {
                req,
                number_key: "1".into(),
                except_event: 2,
            },
            Cmd::SaveCached {
                title: "t".into(),
                starts: String::new(),
                event_id: 2,
                asked: None,
                tickets: Arc::new(Vec::new()),
            },
            Cmd::Bell,
            Cmd::Suspend,
            Cmd::Wake {
                after: Duration::from_millis(1),
            },
            Cmd::Redraw,
            Cmd::Cancel { req },
            Cmd::Copy("x".into()),
            Cmd::SaveView {
                req,
                kind: "tickets",
                name: "n".into(),
                view: views::SavedView::default(),
            },
            Cmd::ReadFile {
                req,
                path: "x.csv".into(),
            },
            Cmd::LoadViews {
                req,
                kind: "tickets",
            },
            Cmd::Export {
                req,
                path: "x.csv".into(),
                overwrite: false,
                rows: Snapshot(Arc::new(Vec::<TicketRow>::new())),
            },
        ]
    }

    /// What a job is made with, for the tables' tests.
    fn with(client: &Client, tx: &tokio::sync::mpsc::UnboundedSender<Msg>) -> With {
        With {
            client: client.clone(),
            local: Local::default(),
            today: "2026-01-01".into(),
            now: "2026-01-01 00:00:00".into(),
            tx: tx.clone(),
        }
    }

    /// What `update` counts in flight and what it never cancels (`Cmd`'s
    /// own account) is what the executor makes of it.
    #[test]
    fn every_cmd_is_the_job_update_counts_it_as() {
        let (tx, _rx) = tokio::sync::mpsc::unbounded_channel();
        let client =
            Client::new(ClientConfig::new("http://127.0.0.1:9", ApiKey::new("k"))).unwrap();
        for cmd in every_cmd() {
            let with = with(&client, &tx);
            let (write, task) = (cmd.is_write(), cmd.is_task());
            let job = job(cmd.clone(), with);
            let shape = (matches!(job, Job::Write(_)), job.counted());
            assert_eq!((write, task), shape, "{cmd:?}");
        }
    }

    /// A key's frame waits for the answer of every read it asked for (the
    /// answer is what the key shows) and never for an admission's record
    /// (its verdict is drawn before it) nor for what no one answers.
    #[test]
    fn a_keys_frame_waits_for_its_reads_and_never_for_an_admissions_record() {
        let (tx, _rx) = tokio::sync::mpsc::unbounded_channel();
        let client =
            Client::new(ClientConfig::new("http://127.0.0.1:9", ApiKey::new("k"))).unwrap();
        for cmd in every_cmd() {
            let with = with(&client, &tx);
            let job = job(cmd.clone(), with);
            if matches!(job, Job::Read(_)) {
                assert!(cmd.answers_key(), "{cmd:?}");
            }
            if matches!(cmd, Cmd::Admit { .. }) || !job.counted() {
                assert!(!cmd.answers_key(), "{cmd:?}");
            }
        }
    }
}
