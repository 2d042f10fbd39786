//! The executor: each `Cmd` is one of a few jobs — a read, a paged stream,
//! a write, a watch, a timer — and each job is spawned one way, written
//! once with its cancellation and its deadline ([`Job`]). [`job`] is the
//! table, one line per `Cmd`; the list a stream reads and the record a read
//! reads are looked up in their own tables (`ListQuery::read`, [`detail`]).
//! Answers come back on the channel as `Msg::Reply`s carrying the request
//! id, then one `TaskDone`.

use std::collections::HashMap;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::time::Duration;

use futures::FutureExt;
use futures::future::BoxFuture;
use tokio::sync::mpsc::UnboundedSender;
use tokio::task::{AbortHandle, JoinHandle};

use crate::api::Client;
use crate::api::settle::{Unsettled, Who};
use crate::app::list::rows::TicketRow;

use crate::store::{Admission, DeskLog, DoorDone, DoorOp, StoreError};

use super::cmd::{Cmd, RecordQuery};
use super::export::{ExportError, to_file};
use super::list::ListQuery;
use super::msg::{Msg, Reply};
use super::state::ReqId;
use super::views;

mod find;
mod local;
mod stream;

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
    /// Nothing to run: the runtime's own (`Copy`, `Bell`, `Suspend`,
    /// `Redraw`), or `Cancel`, which stops another.
    None,
}

/// What a job is made with: its own handles on the client and the stores.
struct With {
    client: Client,
    local: Local,
    /// The date ("YYYY-MM-DD") a search means by current and upcoming.
    today: String,
    /// Now (UTC, "YYYY-MM-DD HH:MM:SS"; pinned in the demo): what a
    /// write's target is judged at ("has the edition ended").
    now: String,
    tx: UnboundedSender<Msg>,
}

/// An admission, an exit or a re-entry the screen left the time of to the
/// log, at the executor's clock: the door's clock is the app's (pinned in
/// the demo's tests and the pictures, so what a desk writes lands where the
/// dashboard's figures are made).
fn stamped(mut a: Admission, now: &str) -> Admission {
    if a.at.is_empty() {
        now.clone_into(&mut a.at);
    }
    a
}

/// A door's op (`Cmd::Door`) on the desk log, its writes at `now`.
fn door_op(d: &mut dyn DeskLog, op: DoorOp, now: &str) -> Result<DoorDone, StoreError> {
    Ok(match op {
        DoorOp::Move {
            admission,
            kind,
            scan,
        } => DoorDone::Moved(d.door_move(&stamped(admission, now), kind, scan)?),
        DoorOp::Forced { admission, scan } => {
            DoorDone::Recorded(d.admit_forced(&stamped(admission, now), scan)?)
        }
        DoorOp::Read { event_id } => DoorDone::State(d.door(event_id)?),
        DoorOp::SetPolicy { event_id, policy } => {
            d.set_policy(event_id, &policy)?;
            DoorDone::Set
        }
        DoorOp::SetNote(note) => {
            d.set_note(&note)?;
            DoorDone::Set
        }
    })
}

fn read(task: impl Future<Output = Reply> + Send + 'static) -> Job {
    Job::Read(Box::pin(task))
}

fn write(task: impl Future<Output = Reply> + Send + 'static) -> Job {
    Job::Write(Box::pin(task.map(Some)))
}

/// A ticket read before a VALID: once, answered by `deadline` (no answer by
/// then is `Checked::NoAnswer`), with the time it took.
async fn check_ticket(c: Client, ticket_id: u64, deadline: Duration) -> Reply {
    use crate::api::ApiError;
    use crate::door::Checked;
    let started = std::time::Instant::now();
    let checked = match tokio::time::timeout(deadline, c.ticket(ticket_id)).await {
        Ok(Ok((t, _))) => Checked::Now(TicketRow::new(&t)),
        // The API answered that it has no such ticket.
        Ok(Err(ApiError::Api { .. } | ApiError::Status { status: 404, .. })) => Checked::Gone,
        Ok(Err(_)) | Err(_) => Checked::NoAnswer,
    };
    Reply::Checked {
        checked,
        took: started.elapsed(),
    }
}

/// The table: each `Cmd` as the job it is.
fn job(cmd: Cmd, with: With) -> Job {
    let With {
        client: c,
        local: l,
        today,
        now,
        tx,
    } = with;
    let (desk, cache) = (l.desk.clone(), l.cache.clone());
    match cmd {
        Cmd::LoadList { req, list } => stream_list(req, list, None, c, l, tx),
        Cmd::LoadTail { req, list, from } => stream_list(req, list, Some(from), c, l, tx),
        Cmd::LoadEvent { id, .. } => read(async move { Reply::Event(c.event(&id).await) }),
        Cmd::LoadTicket { ticket_id, .. } => {
            read(async move { Reply::Ticket(c.ticket(ticket_id).await) })
        }
        Cmd::CheckTicket {
            ticket_id,
            deadline,
            ..
        } => read(check_ticket(c, ticket_id, deadline)),
        Cmd::LoadRecord { record, .. } => read(async move { detail(&c, record).await }),
        Cmd::FindTickets { req, find } => Job::Stream(Box::pin(async move {
            find::run(req, find, &today, &c, &tx).await;
        })),
        Cmd::EnrollByEmail {
            event_id,
            person,
            enrollment_type: kind,
            ..
        } => {
            let what = Unsettled::Enroll {
                event_id,
                who: Who::Email(person.email.clone()),
            };
            let sender = c.clone();
            let send = async move { sender.enroll_by_email(event_id, &person, &kind).await };
            write(async move {
                let (result, named) = l.written_named(&c, what, &now, send).await;
                Reply::Enrolled(result, named)
            })
        }
        Cmd::EnrollCustomer {
            event_id,
            customer_id,
            enrollment_type: kind,
            ..
        } => {
            let what = Unsettled::Enroll {
                event_id,
                who: Who::Customer(customer_id),
            };
            let sender = c.clone();
            let send = async move { sender.enroll_customer(event_id, customer_id, &kind).await };
            write(async move {
                let (result, named) = l.written_named(&c, what, &now, send).await;
                Reply::Enrolled(result, named)
            })
        }
        Cmd::Revoke { ticket_id, .. } => {
            let sender = c.clone();
            let send = async move { sender.revoke(ticket_id).await };
            let what = Unsettled::Revoke { ticket_id };
            write(async move {
                let result = l.written(&c, what, &now, send).await;
                Reply::Revoked { ticket_id, result }
            })
        }
        // A read that answers as the write would: never cancelled.
        Cmd::Settle { write: what, .. } => write(async move {
            let ticket = match &what {
                Unsettled::Revoke { ticket_id } => Some(*ticket_id),
                Unsettled::Enroll { .. } => None,
            };
            let result = l.settle_again(&c, what).await;
            match ticket {
                Some(ticket_id) => Reply::Revoked { ticket_id, result },
                None => Reply::Enrolled(result, None),
            }
        }),
        Cmd::LoadAdmissions { event_id, .. } => {
            read(call(desk, "desk log", move |d| d.admitted(event_id)).map(Reply::Admissions))
        }
        Cmd::Admit {
            admission, scan, ..
        } => {
            let admission = stamped(admission, &now);
            write(call(desk, "desk log", move |d| d.admit(&admission, scan)).map(Reply::Admitted))
        }
        Cmd::Unadmit {
            event_id,
            desk: name,
            ticket_id,
            ..
        } => write(
            call(desk, "desk log", move |d| {
                d.undo(event_id, &name, ticket_id)
            })
            .map(Reply::Unadmitted),
        ),
        Cmd::Door { op, .. } => {
            let reads = matches!(op, DoorOp::Read { .. });
            let done = call(desk, "desk log", move |d| door_op(d, op, &now)).map(Reply::Door);
            if reads { read(done) } else { write(done) }
        }
        Cmd::Follow {
            event_id, after, ..
        } => Job::Watch(Box::pin(async move {
            Reply::Followed(l.follow(event_id, after).await)
        })),
        Cmd::DoorRead {
            event_id, after, ..
        } => Job::Watch(Box::pin(async move {
            Reply::DoorRead(l.door_read(event_id, after).await)
        })),
        Cmd::LoadConflicts { event_id, .. } => {
            read(call(desk, "desk log", move |d| d.conflicts(Some(event_id))).map(Reply::Conflicts))
        }
        Cmd::LoadCached { event_id, .. } => read(
            call(cache, "offline list", move |c| {
                let id = c.resolve(event_id)?.unwrap_or(event_id);
                Ok(c.load(id)?.map(|(tickets, at)| {
                    (id, tickets.iter().map(TicketRow::from_cached).collect(), at)
                }))
            })
            .map(Reply::Cached),
        ),
        Cmd::FindNumber {
            number_key,
            except_event,
            ..
        } => read(
            call(cache, "offline list", move |c| {
                c.find_number(&number_key, except_event)
            })
            .map(Reply::FoundNumber),
        ),
        // Best effort, nobody waits: a desk without a cache still works online.
        Cmd::SaveCached {
            title,
            starts,
            event_id,
            asked,
            tickets,
        } => Job::Write(Box::pin(async move {
            let _ = call(cache, "offline list", move |c| {
                c.save_each(event_id, &mut tickets.iter().map(TicketRow::cached), "")?;
                c.describe(event_id, &title, &starts)?;
                asked.map_or(Ok(()), |asked| c.alias(asked, event_id))
            })
            .await;
            None
        })),
        Cmd::SaveView {
            kind, name, view, ..
        } => write(
            local::on_file(move || {
                let path = l
                    .views
                    .ok_or("no state directory on this machine (HOME unset)")?;
                views::save(&path, kind, &name, view).map(|()| name)
            })
            .map(Reply::ViewSaved),
        ),
        Cmd::LoadViews { kind, .. } => read(
            local::on_file(move || {
                l.views
                    .map_or(Ok(Vec::new()), |path| views::load(&path, kind))
            })
            .map(Reply::Views),
        ),
        Cmd::ReadFile { path, .. } => read(
            local::on_file(move || {
                std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))
            })
            .map(Reply::FileRead),
        ),
        Cmd::Export {
            path,
            overwrite,
            rows,
            ..
        } => write(async move {
            let to = path.clone();
            let result = crate::blocking::run(move || to_file(&to, overwrite, rows.0.as_ref()))
                .await
                .unwrap_or_else(|e| Err(ExportError::Io(e.to_string())));
            Reply::Exported { path, result }
        }),
        Cmd::Wake { after } => Job::Timer(after),
        Cmd::Cancel { .. } | Cmd::Copy(_) | Cmd::Bell | Cmd::Suspend | Cmd::Redraw => Job::None,
    }
}

/// A list streamed page by page: the API's through `ListQuery`'s table;
/// the audit log from this machine's store, in one page (so a tail of it
/// is all of it).
fn stream_list(
    req: ReqId,
    list: ListQuery,
    from: Option<u32>,
    client: Client,
    local: Local,
    tx: UnboundedSender<Msg>,
) -> Job {
    Job::Stream(Box::pin(async move {
        let stream = stream::Stream {
            req,
            from,
            client: &client,
            tx: &tx,
        };
        if let Some(pages) = list.read(&client, PER_PAGE, stream) {
            pages.await;
        } else {
            let reply = Reply::LocalPage(local.audit_page().await);
            let _ = tx.send(Msg::Reply { req, reply });
        }
    }))
}

/// The one table of the records a detail reads in full, by id.
async fn detail(client: &Client, record: RecordQuery) -> Reply {
    match record {
        RecordQuery::Customer(id) => Reply::Customer(client.customer(id).await),
        RecordQuery::Order(id) => Reply::Order(client.order(id).await),
        RecordQuery::Product(id) => Reply::Product(client.product(id).await),
        RecordQuery::Course(id) => Reply::Course(client.course(id).await),
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
        match job(cmd, with) {
            Job::Read(task) => {
                self.spawn_read(req, task.map(answer));
            }
            Job::Stream(task) => {
                self.spawn_read(req, task);
            }
            Job::Write(task) => {
                self.spawn_write(task.map(|reply| reply.map_or((), answer)));
            }
            Job::Watch(task) => {
                // Not counted in flight: no `TaskDone` (a panic is still told).
                self.forget_finished();
                let tx = self.tx.clone();
                let handle = tokio::spawn(async move {
                    match AssertUnwindSafe(task).catch_unwind().await {
                        Ok(reply) => answer(reply),
                        Err(_) => {
                            let _ = tx.send(Msg::TaskPanicked("following the other lanes".into()));
                        }
                    }
                });
                self.reads.insert(req, handle.abort_handle());
            }
            Job::Timer(after) => {
                let tx = self.tx.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(after).await;
                    let _ = tx.send(Msg::Tick(std::time::Instant::now()));
                });
            }
            Job::None => {}
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
                let text = crate::blocking::panic_text(panic.as_ref()).to_owned();
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::sync::Arc;

    use super::*;
    use crate::api::{ApiKey, ClientConfig, NewAttendee};
    use crate::app::export::Snapshot;
    use crate::app::find::{FindTickets, Wanted, Within};
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

    /// What `update` counts in flight and what it never cancels (`Cmd`'s
    /// own account) is what the executor makes of it.
    #[test]
    fn every_cmd_is_the_job_update_counts_it_as() {
        let (tx, _rx) = tokio::sync::mpsc::unbounded_channel();
        let client =
            Client::new(ClientConfig::new("http://127.0.0.1:9", ApiKey::new("k"))).unwrap();
        for cmd in every_cmd() {
            let with = With {
                client: client.clone(),
                local: Local::default(),
                today: "2026-01-01".into(),
                now: "2026-01-01 00:00:00".into(),
                tx: tx.clone(),
            };
            let (write, task) = (cmd.is_write(), cmd.is_task());
            let shape = match job(cmd.clone(), with) {
                Job::Read(_) | Job::Stream(_) => (false, true),
                Job::Write(_) => (true, true),
                Job::Watch(_) | Job::Timer(_) | Job::None => (false, false),
            };
            assert_eq!((write, task), shape, "{cmd:?}");
        }
    }
}
