//! What each line of the executor's table does: the work of a job, made
//! with its own handles on the client and the stores ([`With`]), and
//! answering with the `Reply` its `Cmd` waits for.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc::UnboundedSender;

use crate::api::settle::{Unsettled, Who};
use crate::api::{ApiError, Client, NewAttendee};
use crate::app::list::rows::TicketRow;
use crate::door::Checked;
use crate::i18n::Said;
use crate::store::{Admission, Cursor, DeskLog, DoorDone, DoorOp, Part, ScanId, StoreError};

use super::super::cmd::RecordQuery;
use super::super::export::{ExportError, Snapshot, to_file};
use super::super::find::FindTickets;
use super::super::list::ListQuery;
use super::super::msg::{Msg, Reply};
use super::super::state::ReqId;
use super::super::views::{self, SavedView};
use super::local::{self, Local, call};
use super::{PER_PAGE, find, stream};

/// What a job is made with: its own handles on the client and the stores.
pub struct With {
    pub client: Client,
    pub local: Local,
    /// The date ("YYYY-MM-DD") a search means by current and upcoming.
    pub today: String,
    /// Now (UTC, "YYYY-MM-DD HH:MM:SS"; pinned in the demo): what a
    /// write's target is judged at ("has the edition ended").
    pub now: String,
    pub tx: UnboundedSender<Msg>,
}

/// Whom an enroll enrolls: a person by their e-mail and name, or a
/// customer the shop has.
pub enum Whom {
    Person(NewAttendee),
    Customer(u64),
}

/// A door's op (`Cmd::Door`) on the desk log, its writes at `now`: an
/// admission, an exit or a re-entry the screen left the time of to the log
/// is stamped at the executor's clock (the app's, pinned in the demo's tests
/// and the pictures, so what a desk writes lands where the dashboard's
/// figures are made).
/// What a file's task said, or that the task itself failed.
fn said_on_file<T>(done: Result<Result<T, Said>, String>) -> Result<T, Said> {
    done.unwrap_or_else(|e| Err(Said::new("toast-internal-error").arg("text", e)))
}

fn door_op(d: &mut dyn DeskLog, op: DoorOp, now: &str) -> Result<DoorDone, StoreError> {
    Ok(match op {
        DoorOp::Move(m) => {
            DoorDone::Moved(d.door_move(&m.admission.stamped(now), m.kind, m.scan)?)
        }
        DoorOp::Forced { admission, scan } => {
            DoorDone::Recorded(d.admit_forced(&admission.stamped(now), scan)?)
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

impl With {
    /// A list streamed page by page: the API's through `ListQuery`'s
    /// table; the audit log from this machine's store, in one page (so a
    /// tail of it is all of it).
    pub async fn list(self, req: ReqId, list: ListQuery, from: Option<u32>) {
        let stream = stream::Stream {
            req,
            from,
            client: &self.client,
            tx: &self.tx,
        };
        if let Some(pages) = list.read(&self.client, PER_PAGE, stream) {
            pages.await;
        } else {
            let reply = Reply::LocalPage(self.local.audit_page().await);
            let _ = self.tx.send(Msg::Reply { req, reply });
        }
    }

    /// A search for tickets through current and upcoming events.
    pub async fn find(self, req: ReqId, find: FindTickets) {
        find::run(req, find, &self.today, &self.client, &self.tx).await;
    }

    pub async fn event(self, id: String) -> Reply {
        Reply::Event(self.client.event(&id).await)
    }

    pub async fn ticket(self, id: u64) -> Reply {
        Reply::Ticket(self.client.ticket(id).await)
    }

    /// A ticket read before a VALID: once, answered by `deadline` (no
    /// answer by then is `Checked::NoAnswer`), with the time it took.
    pub async fn check_ticket(self, ticket_id: u64, deadline: Duration) -> Reply {
        let started = std::time::Instant::now();
        let read = tokio::time::timeout(deadline, self.client.ticket(ticket_id)).await;
        let checked = match read {
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

    /// The one table of the records a detail reads in full, by id.
    pub async fn detail(self, record: RecordQuery) -> Reply {
        let c = &self.client;
        match record {
            RecordQuery::Customer(id) => Reply::Customer(c.customer(id).await),
            RecordQuery::Order(id) => Reply::Order(c.order(id).await),
            RecordQuery::Product(id) => Reply::Product(c.product(id).await),
            RecordQuery::Course(id) => Reply::Course(c.course(id).await),
        }
    }

    /// Enrolls `whom` into `event_id`, its outcome learned and audited.
    pub async fn enroll(self, event_id: u64, whom: Whom, kind: String) -> Reply {
        let who = match &whom {
            Whom::Person(person) => Who::Email(person.email.clone()),
            Whom::Customer(id) => Who::Customer(*id),
        };
        let what = Unsettled::Enroll { event_id, who };
        let c = &self.client;
        let send = async move {
            match whom {
                Whom::Person(person) => c.enroll_by_email(event_id, &person, &kind).await,
                Whom::Customer(id) => c.enroll_customer(event_id, id, &kind).await,
            }
        };
        let (result, named) = self.local.written_named(c, what, &self.now, send).await;
        Reply::Enrolled(result, named)
    }

    /// Revokes a ticket, its outcome learned and audited.
    pub async fn revoke(self, ticket_id: u64) -> Reply {
        let c = &self.client;
        let what = Unsettled::Revoke { ticket_id };
        let result = self
            .local
            .written(c, what, &self.now, c.revoke(ticket_id))
            .await;
        Reply::Revoked { ticket_id, result }
    }

    /// A read that answers as the write would.
    pub async fn settle(self, what: Unsettled) -> Reply {
        let ticket = match &what {
            Unsettled::Revoke { ticket_id } => Some(*ticket_id),
            Unsettled::Enroll { .. } => None,
        };
        let result = self.local.settle_again(&self.client, what).await;
        match ticket {
            Some(ticket_id) => Reply::Revoked { ticket_id, result },
            None => Reply::Enrolled(result, None),
        }
    }

    /// The admissions of an event, as the desk log holds them.
    pub async fn admissions(self, event_id: u64) -> Reply {
        Reply::Admissions(self.desk(move |d| d.admitted(event_id)).await)
    }

    /// A scan judged at this desk, at the executor's clock (best effort:
    /// a dashboard's "last scan").
    pub async fn scanned(self, event_id: u64) {
        let at = if self.now.is_empty() {
            crate::clock::now_utc(None)
        } else {
            self.now.clone()
        };
        let _ = self.desk(move |d| d.scanned(event_id, &at)).await;
    }

    /// Undoes this desk's admission of a ticket (F8).
    pub async fn unadmit(self, event_id: u64, desk: String, ticket_id: u64) -> Reply {
        Reply::Unadmitted(self.desk(move |d| d.undo(event_id, &desk, ticket_id)).await)
    }

    /// The tickets two lanes admitted at once.
    pub async fn conflicts(self, event_id: u64) -> Reply {
        Reply::Conflicts(self.desk(move |d| d.conflicts(Some(event_id))).await)
    }

    /// `f` on the desk log.
    async fn desk<T: Send + 'static>(
        self,
        f: impl FnOnce(&mut (dyn DeskLog + 'static)) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        call(self.local.desk, Part::DeskLog, f).await
    }

    /// An admission, at the executor's clock when the screen left it.
    pub async fn admit(self, admission: Admission, scan: ScanId) -> Reply {
        let admission = admission.stamped(&self.now);
        Reply::Admitted(self.desk(move |d| d.admit(&admission, scan)).await)
    }

    /// A door's op on the desk log.
    pub async fn door(self, op: DoorOp) -> Reply {
        let now = self.now.clone();
        Reply::Door(self.desk(move |d| door_op(d, op, &now)).await)
    }

    /// The other lanes' admissions since `after`, waiting as long as there are none.
    pub async fn follow(self, event_id: u64, after: Option<Cursor>) -> Reply {
        Reply::Followed(self.local.follow(event_id, after).await)
    }

    /// The door's figures since `after`, waiting as long as nothing changed.
    pub async fn door_read(self, event_id: u64, after: Option<Cursor>) -> Reply {
        Reply::DoorRead(self.local.door_read(event_id, after).await)
    }

    /// The offline list of an event (or of the edition an alias names).
    pub async fn cached(self, event_id: u64) -> Reply {
        let read = call(self.local.cache, Part::OfflineList, move |c| {
            let id = c.resolve(event_id)?.unwrap_or(event_id);
            Ok(c.load(id)?.map(|(tickets, at)| {
                (id, tickets.iter().map(TicketRow::from_cached).collect(), at)
            }))
        });
        Reply::Cached(read.await)
    }

    /// The offline lists that hold ticket number `number_key`.
    pub async fn find_number(self, number_key: String, except_event: u64) -> Reply {
        let found = call(self.local.cache, Part::OfflineList, move |c| {
            c.find_number(&number_key, except_event)
        });
        Reply::FoundNumber(found.await)
    }

    /// Keeps an event's tickets as its offline list. Best effort, nobody
    /// waits: a desk without a cache still works online.
    pub async fn save_cached(
        self,
        event_id: u64,
        title: String,
        starts: String,
        asked: Option<u64>,
        tickets: Arc<Vec<TicketRow>>,
    ) {
        let _ = call(self.local.cache, Part::OfflineList, move |c| {
            c.save_each(event_id, &mut tickets.iter().map(TicketRow::cached), "")?;
            c.describe(event_id, &title, &starts)?;
            asked.map_or(Ok(()), |asked| c.alias(asked, event_id))
        })
        .await;
    }

    /// Keeps a list's filter, tab and sort as `name` (`:save`).
    pub async fn save_view(self, kind: &'static str, name: String, view: SavedView) -> Reply {
        let views = self.local.views;
        let saved = local::on_file(move || {
            Ok(views
                .ok_or_else(|| Said::new("views-no-state-dir"))
                .and_then(|path| views::save(&path, kind, &name, view).map(|()| name)))
        });
        Reply::ViewSaved(said_on_file(saved.await))
    }

    /// The saved filters of a kind of list (`:filters`).
    pub async fn views(self, kind: &'static str) -> Reply {
        let views = self.local.views;
        let read = local::on_file(move || {
            Ok(views.map_or(Ok(Vec::new()), |path| views::load(&path, kind)))
        });
        Reply::Views(said_on_file(read.await))
    }

    /// A file of this machine (`:enroll-from`).
    pub async fn read_file(self, path: PathBuf) -> Reply {
        let read = local::on_file(move || {
            Ok(std::fs::read_to_string(&path).map_err(|e| {
                Said::new("file-cannot-read")
                    .arg("path", path.display())
                    .arg("error", e)
            }))
        });
        Reply::FileRead(said_on_file(read.await))
    }

    /// A list's rows written to a file (`:export`).
    pub async fn export(self, path: PathBuf, overwrite: bool, rows: Snapshot) -> Reply {
        let to = path.clone();
        let result = crate::blocking::run(move || to_file(&to, overwrite, rows.0.as_ref()))
            .await
            .unwrap_or_else(|e| Err(ExportError::Io(e.to_string())));
        Reply::Exported { path, result }
    }
}
