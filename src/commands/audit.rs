//! The audit log for headless commands: `enroll` and `revoke` recorded
//! before they are sent and completed after, like the TUI's; and
//! `boxoffice audit`, which prints it.

use std::io::{self, Write as _};
use std::time::Instant;

use serde_json::Value;

use crate::api::settle::{Outcome, Settled, Unsettled, before, settle};
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
    /// the outcome is known or the client's deadline ends ([`settle`]) and
    /// completes the row with what was learnt. Never sends it again.
    pub async fn write_settled(
        &mut self,
        client: &Client,
        what: &Unsettled,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> Sent {
        if let Some(held) = self.earlier(client, what).await {
            return held;
        }
        let named = match before(client, what, &self.now()).await {
            Ok(named) => named,
            Err(refused) => {
                return Sent {
                    result: Err(refused),
                    settled: None,
                    note: String::new(),
                    named: None,
                };
            }
        };

        let (result, seq) = self
            .write_seq(what.operation(), &what.target(), write)
            .await;
        let settled = match &result {
            Err(e) if e.outcome_unknown() => {
                let settled = settle(client, what, client.config().timeout).await;
                self.settled(seq, &settled);
                Some(settled)
            }
            _ => None,
        };
        let note = settled
            .as_ref()
            .map(|s| format!(" (its answer was lost; {})", s.how))
            .unwrap_or_default();
        Sent {
            result,
            settled,
            note,
            named,
        }
    }

    /// The same write sent before whose outcome is still unknown: read once
    /// more. Applied: it is not sent again (a success, said so); still
    /// unknown: not sent again either (exit 6); not applied: `None`, send it.
    async fn earlier(&mut self, client: &Client, what: &Unsettled) -> Option<Sent> {
        let row = self
            .log
            .as_ref()?
            .unsettled_for(what.operation(), &what.target())
            .ok()??;
        let settled = settle(client, what, std::time::Duration::ZERO).await;
        self.settled(Some(row.seq), &settled);
        let note = format!(
            " (not sent again: the same write #{} of {} was applied; {})",
            row.seq, row.at, settled.how
        );
        match settled.outcome {
            Outcome::NotApplied => None,
            Outcome::Applied => Some(Sent {
                result: Ok(()),
                settled: Some(settled),
                note,
                named: None,
            }),
            Outcome::Unknown => Some(Sent {
                result: Err(ApiError::Unsettled(format!(
                    "not sent again: the same write #{} of {} has no known outcome",
                    row.seq, row.at
                ))),
                settled: Some(settled),
                note: String::new(),
                named: None,
            }),
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
        self.write_seq(operation, target, write).await.0
    }

    /// [`Self::write`], and its row's number.
    async fn write_seq(
        &mut self,
        operation: &str,
        target: &str,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> (Result<(), ApiError>, Option<i64>) {
        let seq = self
            .log
            .as_mut()
            .and_then(|log| log.begin(operation, target, &self.desk).ok());
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

/// A write sent once, and what reading its target learnt when its answer
/// was lost.
#[derive(Debug)]
pub struct Sent {
    pub result: Result<(), ApiError>,
    /// Only when the answer was lost (or an earlier same write's was).
    pub settled: Option<Settled>,
    /// For the success line: how it is known to have been applied.
    pub note: String,
    /// Its target as read before sending ("Day 2 (Sat 14 Mar)").
    pub named: Option<String>,
}

impl Sent {
    /// Whether it took effect: `None` while that is unknown.
    pub fn applied(&self) -> Option<bool> {
        match (&self.result, &self.settled) {
            (Ok(()), _) => Some(true),
            (Err(_), Some(s)) => match s.outcome {
                Outcome::Applied => Some(true),
                Outcome::NotApplied => Some(false),
                Outcome::Unknown => None,
            },
            (Err(e), None) => (!e.outcome_unknown()).then_some(false),
        }
    }

    /// The failure a single write ends with: `None` when it was applied;
    /// exit 6 while unknown (with `check`, how to look); the API's error
    /// when it was refused or read as not applied.
    pub fn failure(self, what: &str, check: &str) -> Option<Failure> {
        let applied = self.applied();
        let Err(error) = self.result else {
            return None;
        };
        match (applied, self.settled) {
            (Some(true), _) => None,
            (Some(false), Some(s)) => Some(Failure::Api {
                error,
                hint: Some(format!(
                    "the {what} was not applied ({}); it is safe to send it again",
                    s.how
                )),
            }),
            (Some(false), None) => Some(Failure::Api { error, hint: None }),
            (None, s) => {
                let how = s.map(|s| format!(" ({})", s.how)).unwrap_or_default();
                Some(Failure::Unknown {
                    error,
                    hint: format!(
                        "the {what} may or may not have been applied{how}: do not send it again before checking with `{check}`; `boxoffice audit settle` reads it again"
                    ),
                })
            }
        }
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
    let Some(log) = audit.log.as_ref() else {
        return Err(Failure::Config(
            "no audit log on this machine (set HOME or XDG_STATE_HOME)".into(),
        ));
    };
    let mut rows = log
        .unsettled(MAX)
        .map_err(|e| Failure::Other(e.to_string()))?;
    rows.reverse();
    let total = rows.len();
    let (mut applied, mut not_applied, mut unknown) = (0, 0, 0);
    for (i, row) in rows.iter().enumerate() {
        let named = format!("#{} {} {} ({})", row.seq, row.operation, row.target, row.at);
        let Some(what) = Unsettled::parse(&row.operation, &row.target) else {
            unknown += 1;
            eprintln!("[{}/{total}] {named}: cannot tell what it wrote", i + 1);
            continue;
        };
        // One round: the read's own patience, no more.
        let settled = settle(client, &what, std::time::Duration::ZERO).await;
        audit.settled(Some(row.seq), &settled);
        match settled.outcome {
            Outcome::Applied => applied += 1,
            Outcome::NotApplied => not_applied += 1,
            Outcome::Unknown => unknown += 1,
        }
        eprintln!(
            "[{}/{total}] {named}: {} ({})",
            i + 1,
            settled.outcome.word(),
            settled.how
        );
    }
    let summary =
        format!("{applied} applied · {not_applied} not applied · {unknown} still unknown");
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
    let dir = paths::state_dir(&env, host)
        .ok_or_else(|| Failure::Config("no state directory (set HOME or XDG_STATE_HOME)".into()))?;
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
            .map_err(|e| Failure::Other(e.to_string()))?
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
        .map_err(|e| Failure::Other(format!("cannot write the output: {e}")))
}
