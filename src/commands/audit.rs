//! The audit log for headless commands: `enroll` and `revoke` recorded
//! before they are sent and completed after, like the TUI's; and
//! `boxoffice audit`, which prints it.

use std::io::{self, Write as _};
use std::time::Instant;

use serde_json::Value;

use crate::api::settle::{
    Landed, Outcome, Settled, Unknown, Unsettled, before_held, conclude, held_of, held_text,
    landed, settle_held,
};
use crate::api::{ApiError, Client};
use crate::cli::{Format, GlobalArgs};
use crate::config;
use crate::store::{AuditLog, SqliteAuditLog, paths};

use super::Failure;
use super::output::ListOut;
use crate::rows::AuditRow;
use crate::rows::{headers, values};

/// The rows `boxoffice audit` prints at most.
const MAX: usize = 100_000;

/// The audit log of business `host` (the API host), and this desk's name;
/// writes go on without it when it cannot be opened (it is a record, not a
/// gate).
pub struct Audit {
    log: Option<SqliteAuditLog>,
    desk: String,
    /// The clock pinned (the demo's `BOXOFFICE_DEMO_NOW`), for "has the
    /// edition ended" as the demo's sandbox judges it.
    pinned: Option<String>,
}

impl Audit {
    pub fn open(global: &GlobalArgs, host: &str) -> Self {
        let env = |k: &str| std::env::var(k).ok();
        let log = paths::state_dir(&env, host).and_then(|dir| SqliteAuditLog::open(&dir).ok());
        Self {
            log,
            desk: global.desk.clone().unwrap_or_else(config::host_name),
            pinned: (host == super::cache::DEMO)
                .then(|| std::env::var("BOXOFFICE_DEMO_NOW").ok())
                .flatten(),
        }
    }

    /// The same, judging "ended" at `now` ("YYYY-MM-DD HH:MM:SS", UTC)
    /// rather than the system clock: a test's sandbox's pinned clock.
    #[must_use]
    pub fn pinned(mut self, now: Option<String>) -> Self {
        self.pinned = now;
        self
    }

    /// The audit log in directory `dir` (a test's, a soak's), writes
    /// recorded under `desk`.
    pub fn at(dir: &std::path::Path, desk: &str) -> Self {
        Self {
            log: SqliteAuditLog::open(dir).ok(),
            desk: desk.to_owned(),
            pinned: None,
        }
    }

    /// Now (UTC, "YYYY-MM-DD HH:MM:SS"; pinned in the demo).
    pub fn now(&self) -> String {
        crate::clock::now_utc(self.pinned.as_deref())
    }

    /// Sends `write` once, recorded before (outcome unknown) and after;
    /// its target read first ([`before`]: nothing sent, nothing recorded,
    /// when that refuses); when its answer is lost, reads its target until
    /// the outcome is known or the client's deadline ends ([`settle_held`])
    /// and completes the row with what was learnt — a ticket the person
    /// held before it was sent is never counted as its work. Never sends it
    /// again. An enroll applied names where it landed, read from its new
    /// ticket.
    pub async fn write_settled(
        &mut self,
        client: &Client,
        what: &Unsettled,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> Sent {
        self.write_held(client, what, None, write).await
    }

    /// [`Self::write_settled`], the person's tickets before it known
    /// already (`held`: a run that read the event's tickets just before).
    pub async fn write_held(
        &mut self,
        client: &Client,
        what: &Unsettled,
        held: Option<Vec<u64>>,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> Sent {
        if let Some(earlier) = self.earlier(client, what).await {
            return earlier;
        }
        let before = match before_held(client, what, &self.now(), held).await {
            Ok(before) => before,
            Err(refused) => return Sent::ended(Err(refused), String::new()),
        };
        let held = before.held.as_deref();
        let (result, seq) = self
            .write_seq(
                what.operation(),
                &what.target(),
                held.map(held_text).as_deref(),
                write,
            )
            .await;
        let (settled, note) = match &result {
            Err(e) if e.outcome_unknown() => {
                let settled = settle_held(client, what, client.config().timeout, held).await;
                self.settled(seq, &settled);
                let note = format!(" (its answer was lost; {})", settled.how);
                (Some(settled), note)
            }
            _ => (None, String::new()),
        };
        let result = conclude(result, settled.as_ref());
        let mut sent = Sent::ended(result, note);
        if sent.result.is_ok() && matches!(what, Unsettled::Enroll { .. }) {
            let found = match settled.and_then(|s| s.ticket) {
                Some((ticket, _)) => Ok(Landed::of(&ticket)),
                None => landed(client, what, held).await,
            };
            if let (Ok(landed), Some(log), Some(seq)) = (&found, self.log.as_mut(), seq) {
                let _ = log.landed(seq, &landed.text());
            }
            sent.landed = Some(found);
        }
        sent
    }

    /// The same write sent before whose outcome is still unknown: read once
    /// more. Applied: it is not sent again (a success, said so); refused
    /// (the person held the ticket before it was sent) or still unknown:
    /// not sent again either; not applied: `None`, send it.
    async fn earlier(&mut self, client: &Client, what: &Unsettled) -> Option<Sent> {
        let row = self
            .log
            .as_ref()?
            .unsettled_for(what.operation(), &what.target())
            .ok()??;
        let held = held_of(row.held.as_deref());
        let settled = settle_held(client, what, std::time::Duration::ZERO, held.as_deref()).await;
        self.settled(Some(row.seq), &settled);
        let earlier = format!("the same write #{} of {}", row.seq, row.at);
        match settled.outcome {
            Outcome::NotApplied => None,
            Outcome::Applied => {
                let note = format!(" (not sent again: {earlier} was applied; {})", settled.how);
                let mut sent = Sent::ended(Ok(()), note);
                if let Some((ticket, _)) = &settled.ticket
                    && matches!(what, Unsettled::Enroll { .. })
                {
                    let landed = Landed::of(ticket);
                    if let Some(log) = self.log.as_mut() {
                        let _ = log.landed(row.seq, &landed.text());
                    }
                    sent.landed = Some(Ok(landed));
                }
                Some(sent)
            }
            Outcome::Refused => Some(Sent::ended(
                conclude(
                    Err(ApiError::Unsettled(Unknown::NotSentAgain {
                        seq: row.seq,
                        at: row.at.clone(),
                    })),
                    Some(&settled),
                ),
                String::new(),
            )),
            Outcome::Unknown => Some(Sent::ended(
                Err(ApiError::Unsettled(Unknown::earlier(
                    row.seq, &row.at, &settled,
                ))),
                String::new(),
            )),
        }
    }

    /// Completes row `seq` with what `settled` learnt, when it learnt.
    pub fn settled(&mut self, seq: Option<i64>, settled: &Settled) {
        if settled.outcome == Outcome::Unknown {
            return;
        }
        if let (Some(log), Some(seq)) = (self.log.as_mut(), seq) {
            let _ = log.settle(seq, settled.outcome.word(), &settled.how);
        }
    }

    /// Sends `write`, recorded before (outcome unknown) and after.
    pub async fn write(
        &mut self,
        operation: &str,
        target: &str,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> Result<(), ApiError> {
        self.write_seq(operation, target, None, write).await.0
    }

    /// [`Self::write`], and its row's number; `held`, an enroll's tickets
    /// before it, kept in its row.
    async fn write_seq(
        &mut self,
        operation: &str,
        target: &str,
        held: Option<&str>,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> (Result<(), ApiError>, Option<i64>) {
        let sending = crate::store::Sending {
            operation,
            target,
            desk: &self.desk,
            held,
        };
        let seq = self.log.as_mut().and_then(|log| log.begin(&sending).ok());
        let started = Instant::now();
        let result = write.await;
        let latency = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        if let (Some(log), Some(seq)) = (self.log.as_mut(), seq) {
            let outcome = ApiError::write_outcome(&result);
            let _ = log.finish(seq, &outcome, latency);
        }
        (result, seq)
    }
}

/// A write sent once (or not sent: refused, or an earlier same write's
/// outcome learnt), as what is known of it ([`conclude`]).
#[derive(Debug)]
pub struct Sent {
    /// `Ok`: applied. Else the API's refusal (exit 3), `NotApplied`
    /// (exit 5), `Unsettled` (exit 6), an authentication refusal (exit 4).
    pub result: Result<(), ApiError>,
    /// For the success line: how it is known to have been applied, when its
    /// answer was lost.
    pub note: String,
    /// An applied enroll's new ticket and its edition, as the API returns
    /// it; why not, when it could not be read.
    pub landed: Option<Result<Landed, String>>,
}

impl Sent {
    fn ended(result: Result<(), ApiError>, note: String) -> Self {
        Self {
            result,
            note,
            landed: None,
        }
    }

    /// Whether it took effect: `None` while that is unknown.
    pub fn applied(&self) -> Option<bool> {
        match &self.result {
            Ok(()) => Some(true),
            Err(e) if e.outcome_unknown() => None,
            Err(_) => Some(false),
        }
    }

    /// The failure a single write ends with (docs/headless.md#exit-codes):
    /// `None` when it was applied; exit 6 while unknown (with `check`, how
    /// to look); 5 when it is known not applied (safe to send again); the
    /// API's refusal, 3, with its code.
    pub fn failure(self, what: &str, check: &str) -> Option<Failure> {
        let error = self.result.err()?;
        Some(match error {
            e @ ApiError::Unsettled(_) => Failure::Unknown {
                error: e,
                hint: crate::i18n::Said::new(if what == "revocation" {
                    "failure-hint-unsettled-revocation"
                } else {
                    "failure-hint-unsettled-enrollment"
                })
                .arg("check", check)
                .into(),
            },
            e @ ApiError::NotApplied(_) => Failure::Api {
                error: e,
                hint: Some(crate::i18n::Said::new("failure-hint-safe").into()),
            },
            e => Failure::Api {
                error: e,
                hint: None,
            },
        })
    }

    /// For the success line: " (its answer was lost; read ticket 41:
    /// unenrolled)", or nothing.
    pub fn learnt(&self) -> String {
        self.note.clone()
    }
}

/// `boxoffice audit`: the audit log of the business in use (`--demo`: the
/// demo's), newest first; `--unsettled`: only the writes whose outcome is
/// still unknown.
pub fn run(global: &GlobalArgs, demo: bool, unsettled: bool) -> Result<(), Failure> {
    let host = super::cache::business_key(global, demo)?;
    let format = global.format.unwrap_or_else(super::default_format);
    print(&host, format, unsettled)
}

/// `boxoffice audit settle`: the target of each write whose outcome is
/// unknown read once more (one patient read, as a list page is read), its
/// row completed when that tells; oldest first, a line each on stderr and
/// a summary. Exit 6 while some stay unknown.
pub async fn settle_all(global: &GlobalArgs, client: &Client, host: &str) -> Result<(), Failure> {
    let mut audit = Audit::open(global, host);
    let t = super::words(global);
    let Some(log) = audit.log.as_ref() else {
        return Err(Failure::Config(
            crate::i18n::Said::new("settle-no-audit-log").into(),
        ));
    };
    let mut rows = log
        .unsettled(MAX)
        .map_err(|e| Failure::Other(e.to_string().into()))?;
    rows.reverse();
    let total = rows.len();
    let (mut applied, mut not_applied, mut refused, mut unknown) = (0, 0, 0, 0);
    for (i, row) in rows.iter().enumerate() {
        let named = format!("#{} {} {} ({})", row.seq, row.operation, row.target, row.at);
        let Some(what) = Unsettled::parse(&row.operation, &row.target) else {
            unknown += 1;
            eprintln!("[{}/{total}] {named}: {}", i + 1, t.t("settle-cannot-tell"));
            continue;
        };
        // One round: the read's own patience, no more; a ticket the
        // person held before it was sent is not its work.
        let held = held_of(row.held.as_deref());
        let settled = settle_held(client, &what, std::time::Duration::ZERO, held.as_deref()).await;
        audit.settled(Some(row.seq), &settled);
        match settled.outcome {
            Outcome::Applied => applied += 1,
            Outcome::NotApplied => not_applied += 1,
            Outcome::Refused => refused += 1,
            Outcome::Unknown => unknown += 1,
        }
        // The outcome in the reader's words; how it was learnt as the
        // audit log keeps it.
        let outcome = t.t(match settled.outcome {
            Outcome::Applied => "settle-applied",
            Outcome::NotApplied => "settle-not-applied",
            Outcome::Refused => "settle-refused",
            Outcome::Unknown => "settle-unknown",
        });
        eprintln!("[{}/{total}] {named}: {outcome} ({})", i + 1, settled.how);
    }
    let summary = t.ta(
        "settle-summary",
        &[
            ("applied", &applied),
            ("notapplied", &not_applied),
            ("unknown", &unknown),
        ],
    );
    // Refused: the person held the ticket found before the write was sent.
    let summary = if refused > 0 {
        t.ta(
            "settle-summary-refused",
            &[("summary", &summary), ("refused", &refused)],
        )
    } else {
        summary
    };
    if unknown > 0 {
        return Err(Failure::Partial {
            summary,
            unknown: true,
        });
    }
    eprintln!("{summary}");
    Ok(())
}

fn print(host: &str, format: Format, unsettled: bool) -> Result<(), Failure> {
    let env = |k: &str| std::env::var(k).ok();
    let dir = paths::state_dir(&env, host).ok_or_else(|| {
        Failure::Config(crate::i18n::Said::new("failure-no-state-dir-audit").into())
    })?;
    let path = dir.join(SqliteAuditLog::FILE);
    let entries = if path.exists() {
        SqliteAuditLog::open(&dir)
            .and_then(|log| {
                if unsettled {
                    log.unsettled(MAX)
                } else {
                    log.entries(MAX)
                }
            })
            .map_err(|e| Failure::Other(e.to_string().into()))?
    } else {
        Vec::new()
    };
    // Raw as the log keeps it; the CSV, table and JSON as `:audit` lists it.
    let records: Vec<Value> = entries
        .iter()
        .map(|e| serde_json::to_value(e).unwrap_or(Value::Null))
        .collect();
    let stdout = io::BufWriter::new(io::stdout().lock());
    ListOut::new(stdout, format, headers::<AuditRow>())
        .and_then(|mut out| {
            out.page(&records, |i| values(&AuditRow::new(&entries[i])))?;
            out.finish()?.flush()
        })
        .map_err(Failure::cannot_write)
}
