//! This machine's stores as the executor reaches them: the desk log, the
//! offline lists, the audit log and the saved filters ([`Local`]), the one
//! way to call them (on tokio's blocking pool: SQLite blocks), and the two
//! jobs built on them that are more than one call (a write recorded in
//! the audit log around it; following the other lanes).

use std::future::Future;
use std::sync::{Arc, Mutex};

use crate::api::settle::{
    Landed, Outcome, Settled, Unknown, Unsettled, before, conclude, held_of, held_text, landed,
    settle_held,
};
use crate::api::{ApiError, Client};
use crate::app::list::rows::AuditRow;
use crate::app::list::{PageIn, PageMeta, Rows};
use crate::app::msg::Followed;
use crate::store::{AuditLog, Cursor, DeskLog, Part, StoreError, TicketCache};

/// A desk following the other lanes reads again at least this often (the
/// banner's `reach` too), hint or not.
pub const FOLLOW_POLL: std::time::Duration = std::time::Duration::from_secs(1);

/// The most changes one `Cmd::Follow` answers with.
const FOLLOW_LIMIT: usize = 1000;

/// The most changes one read of a dashboard asks for at a time.
const DOOR_PAGE: usize = 5000;

/// The rows of the audit log a list shows at most.
const AUDIT_ROWS: usize = 100_000;

/// One local store, shared with the tasks that call it.
pub type Store<S> = Option<Arc<Mutex<Box<S>>>>;

/// The local stores the executor reads and writes on the blocking pool.
#[derive(Clone, Default)]
pub struct Local {
    pub desk: Store<dyn DeskLog>,
    pub cache: Store<dyn TicketCache>,
    /// Every write is recorded here, before it is sent and after.
    pub audit: Store<dyn AuditLog>,
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

    /// Sends `write`, recorded in the audit log (if any) before it is sent
    /// — outcome unknown — and completed with its outcome and latency
    /// after. The write is sent whatever the audit log says: it is a
    /// record, not a gate.
    pub async fn audited(
        &self,
        operation: &'static str,
        target: String,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> Result<(), ApiError> {
        self.audited_seq(operation, target, write).await.0
    }

    /// [`Self::audited`], and the row's number.
    async fn audited_seq(
        &self,
        operation: &'static str,
        target: String,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> (Result<(), ApiError>, Option<i64>) {
        self.audited_held(operation, target, None, write).await
    }

    /// [`Self::audited_seq`], an enroll's tickets before it (`held`) kept
    /// in its row.
    async fn audited_held(
        &self,
        operation: &'static str,
        target: String,
        held: Option<String>,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> (Result<(), ApiError>, Option<i64>) {
        let desk = self.desk_name.clone();
        let seq = call(self.audit.clone(), Part::AuditLog, move |a| {
            a.begin(&crate::store::Sending {
                operation,
                target: &target,
                desk: &desk,
                held: held.as_deref(),
            })
        })
        .await
        .ok();
        let started = std::time::Instant::now();
        let result = write.await;
        let latency = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        if let Some(seq) = seq {
            let outcome = ApiError::write_outcome(&result);
            let _ = call(self.audit.clone(), Part::AuditLog, move |a| {
                a.finish(seq, &outcome, latency)
            })
            .await;
        }
        (result, seq)
    }

    /// The one rule for a write from the TUI (docs/safety.md): sent once,
    /// recorded around it ([`Self::audited`]); when its answer is lost,
    /// its target read until the outcome is known or the client's deadline
    /// ends, the row completed. The answer is what was learnt: `Ok` when
    /// it was applied, [`ApiError::NotApplied`] when not, and
    /// [`ApiError::Unsettled`] while unknown. A write whose same earlier
    /// write has no known outcome is read once more first and not sent
    /// unless that shows it was not applied. Every write's target is read
    /// before it is sent ([`before`], judged at `now`, UTC): a ticket
    /// already unenrolled, an edition that has ended, a target that cannot
    /// be read — nothing is sent.
    pub async fn written(
        &self,
        client: &Client,
        what: Unsettled,
        now: &str,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> Result<(), ApiError> {
        self.written_named(client, what, now, write).await.0
    }

    /// [`Self::written`], and where an enroll landed, read from its new
    /// ticket ("Day 1 (Sat 28 Nov), event 1002: ticket TK-000716"), or
    /// why that could not be read. A ticket the person held before it was
    /// sent is never counted as its work ([`settle_held`]).
    pub async fn written_named(
        &self,
        client: &Client,
        what: Unsettled,
        now: &str,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> (Result<(), ApiError>, Option<String>) {
        let (operation, target) = (what.operation(), what.target());
        let (op, t) = (operation.to_owned(), target.clone());
        let earlier = call(self.audit.clone(), Part::AuditLog, move |a| {
            a.unsettled_for(&op, &t)
        })
        .await
        .ok()
        .flatten();
        if let Some(row) = earlier {
            let held = held_of(row.held.as_deref());
            let settled =
                settle_held(client, &what, std::time::Duration::ZERO, held.as_deref()).await;
            self.record(row.seq, &settled).await;
            match settled.outcome {
                Outcome::Applied => {
                    let landed = settled.ticket.as_ref().map(|(t, _)| Landed::of(t));
                    if let Some(landed) = &landed {
                        self.landed(row.seq, &landed.text()).await;
                    }
                    let text = landed.map(|l| format!("{}: ticket {}", l.edition, l.number));
                    return (Ok(()), text);
                }
                Outcome::Refused => {
                    let lost = ApiError::Unsettled(Unknown::NotSentAgain {
                        seq: row.seq,
                        at: row.at.clone(),
                    });
                    return (conclude(Err(lost), Some(&settled)), None);
                }
                Outcome::Unknown => {
                    let unknown = Unknown::earlier(row.seq, &row.at, &settled);
                    return (Err(ApiError::Unsettled(unknown)), None);
                }
                Outcome::NotApplied => {}
            }
        }
        // Its target read first: nothing sent (nor recorded) when that
        // refuses.
        let before = match before(client, &what, now).await {
            Ok(before) => before,
            Err(refused) => return (Err(refused), None),
        };
        let held = before.held.as_deref();
        let (result, seq) = self
            .audited_held(operation, target, held.map(held_text), write)
            .await;
        let settled = match &result {
            Err(e) if e.outcome_unknown() => {
                let settled = settle_held(client, &what, client.config().timeout, held).await;
                if let Some(seq) = seq {
                    self.record(seq, &settled).await;
                }
                Some(settled)
            }
            _ => None,
        };
        let result = conclude(result, settled.as_ref());
        if result.is_err() || !matches!(what, Unsettled::Enroll { .. }) {
            return (result, None);
        }
        let found = match settled.and_then(|s| s.ticket) {
            Some((ticket, _)) => Ok(Landed::of(&ticket)),
            None => landed(client, &what, held).await,
        };
        let text = match found {
            Ok(landed) => {
                if let Some(seq) = seq {
                    self.landed(seq, &landed.text()).await;
                }
                format!("{}: ticket {}", landed.edition, landed.number)
            }
            Err(why) => format!("event {} (its ticket not read: {why})", what_event(&what)),
        };
        (result, Some(text))
    }

    /// Row `seq`'s enroll landed as `text` says.
    async fn landed(&self, seq: i64, text: &str) {
        let text = text.to_owned();
        let _ = call(self.audit.clone(), Part::AuditLog, move |a| {
            a.landed(seq, &text)
        })
        .await;
    }

    /// `Cmd::Settle`: the newest write `what` whose outcome is unknown, its
    /// target read again until known or the deadline (never sent).
    pub async fn settle_again(&self, client: &Client, what: Unsettled) -> Result<(), ApiError> {
        let (op, t) = (what.operation().to_owned(), what.target());
        let row = call(self.audit.clone(), Part::AuditLog, move |a| {
            a.unsettled_for(&op, &t)
        })
        .await
        .ok()
        .flatten();
        let held = row.as_ref().and_then(|r| held_of(r.held.as_deref()));
        let settled = settle_held(client, &what, client.config().timeout, held.as_deref()).await;
        if let Some(row) = row {
            self.record(row.seq, &settled).await;
        }
        let lost = ApiError::Unsettled(Unknown::Lost(None));
        conclude(Err(lost), Some(&settled))
    }

    /// Row `seq` completed with what was learnt (nothing while unknown).
    async fn record(&self, seq: i64, settled: &Settled) {
        if settled.outcome == Outcome::Unknown {
            return;
        }
        let (outcome, how) = (settled.outcome.word(), settled.how.clone());
        let _ = call(self.audit.clone(), Part::AuditLog, move |a| {
            a.settle(seq, outcome, &how)
        })
        .await;
    }

    /// `Cmd::Follow`: waits for the desk log's hint (or [`FOLLOW_POLL`])
    /// unless starting, then reads what is newer and whether the shared
    /// log answers.
    pub async fn follow(
        &self,
        event_id: u64,
        after: Option<Cursor>,
    ) -> Result<Option<Followed>, StoreError> {
        let hints = call(self.desk.clone(), Part::DeskLog, |d| Ok(d.hints())).await?;
        let Some(mut hints) = hints else {
            return self.follow_file().await;
        };
        if after.is_some() {
            let _ = tokio::time::timeout(FOLLOW_POLL, hints.changed()).await;
        }
        call(self.desk.clone(), Part::DeskLog, move |d| {
            // Starting: the cursor first, then the admissions; what comes
            // between is in both, and applying it twice changes nothing.
            let (cursor, admitted) = if let Some(cursor) = after {
                (cursor, None)
            } else {
                let cursor = d.cursor(event_id).unwrap_or_default();
                (cursor, Some(d.admitted(event_id)?))
            };
            let (changes, cursor) = d.newer(event_id, &cursor, FOLLOW_LIMIT)?;
            Ok(Some(Followed {
                cursor,
                changes,
                admitted,
                reach: d.reach(),
            }))
        })
        .await
    }

    /// `follow` on a log of this machine only (no other lanes): waits,
    /// looking every [`FOLLOW_POLL`], until another process wrote to the
    /// file (`door set`, `note`), then says so with nothing newer — the
    /// desk reads the door's rules again. None: the log cannot tell.
    async fn follow_file(&self) -> Result<Option<Followed>, StoreError> {
        let version = || call(self.desk.clone(), Part::DeskLog, |d| Ok(d.data_version()));
        let Some(was) = version().await? else {
            return Ok(None);
        };
        loop {
            tokio::time::sleep(FOLLOW_POLL).await;
            if version().await? != Some(was) {
                return Ok(Some(Followed {
                    cursor: Cursor::default(),
                    changes: Vec::new(),
                    admitted: None,
                    reach: crate::store::Reach::Local,
                }));
            }
        }
    }

    /// `Cmd::DoorRead`: waits for the desk log's hint (or [`FOLLOW_POLL`])
    /// unless starting, then reads what is new at the door (every page of
    /// it: a first read is the whole log).
    pub async fn door_read(
        &self,
        event_id: u64,
        after: Option<Cursor>,
    ) -> Result<crate::store::DoorRead, StoreError> {
        if after.is_some() {
            let hints = call(self.desk.clone(), Part::DeskLog, |d| Ok(d.door_hints())).await?;
            match hints {
                Some(mut hints) => {
                    let _ = tokio::time::timeout(FOLLOW_POLL, hints.changed()).await;
                }
                None => tokio::time::sleep(FOLLOW_POLL).await,
            }
        }
        call(self.desk.clone(), Part::DeskLog, move |d| {
            let mut cursor = after.unwrap_or_default();
            let mut all = crate::store::DoorRead::default();
            loop {
                let read = d.door_read(event_id, &cursor, DOOR_PAGE)?;
                let more = read.changes.len() == DOOR_PAGE;
                all.rows += read.rows;
                all.forced_new += read.forced_new;
                all.forced = read.forced.or(all.forced);
                all.heartbeats = read.heartbeats;
                all.scans = read.scans;
                all.capacity = read.capacity;
                all.changes.extend(read.changes);
                cursor = read.cursor;
                if !more {
                    all.cursor = cursor;
                    return Ok(all);
                }
            }
        })
        .await
    }

    /// The audit log as one page of a list, newest first.
    pub async fn audit_page(&self) -> Result<PageIn, StoreError> {
        let entries = call(self.audit.clone(), Part::AuditLog, |a| {
            a.entries(AUDIT_ROWS)
        })
        .await?;
        let rows: Vec<AuditRow> = entries.iter().map(AuditRow::new).collect();
        Ok(PageIn {
            meta: PageMeta {
                page: 1,
                pages: 1,
                total: Some(rows.len() as u64),
                skipped: Vec::new(),
            },
            rows: Rows::new(rows),
        })
    }
}

/// The event an enroll was sent to.
fn what_event(what: &Unsettled) -> u64 {
    match what {
        Unsettled::Enroll { event_id, .. } => *event_id,
        Unsettled::Revoke { .. } => 0,
    }
}

/// The one way to call a local store: `f` on `store` on the blocking pool
/// (SQLite blocks; the shared log keeps its own deadline, `LaneLog`'s);
/// `what` names it when there is none on this machine. Aborting the task
/// that awaits it lets the call finish and drops its answer.
pub async fn call<S: ?Sized + Send + 'static, T: Send + 'static>(
    store: Store<S>,
    what: Part,
    f: impl FnOnce(&mut S) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    let Some(store) = store else {
        return Err(StoreError::Absent(what));
    };
    crate::blocking::run(move || {
        let mut guard = store
            .lock()
            .map_err(|_| StoreError::FailedEarlier(Part::LocalStore))?;
        f(&mut guard)
    })
    .await
    .unwrap_or_else(|e| Err(StoreError::Crashed(e.to_string())))
}

/// A file of this machine read or written on the blocking pool (`:save`,
/// `:filters`, `:enroll-from`, an export): `f`'s answer, or why the task
/// failed.
pub async fn on_file<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, String> {
    crate::blocking::run(f)
        .await
        .unwrap_or_else(|e| Err(e.to_string()))
}
