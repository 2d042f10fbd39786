//! The audit log for headless commands: `enroll` and `revoke` recorded
//! before they are sent and completed after, like the TUI's; and
//! `boxoffice audit`, which prints it.

use std::io::{self, Write as _};
use std::time::Instant;

use serde_json::Value;

use crate::api::ApiError;
use crate::cli::{Format, GlobalArgs};
use crate::config;
use crate::store::{AuditLog, SqliteAuditLog, paths};

use super::Failure;
use super::output::ListOut;
use crate::app::list::rows::AuditRow;
use crate::app::list::{cells, headers};

/// The rows `boxoffice audit` prints at most.
const MAX: usize = 100_000;

/// The audit log of business `host` (the API host), and this desk's name;
/// writes go on without it when it cannot be opened (it is a record, not a
/// gate).
pub struct Audit {
    log: Option<SqliteAuditLog>,
    desk: String,
}

impl Audit {
    pub fn open(global: &GlobalArgs, host: &str) -> Self {
        let env = |k: &str| std::env::var(k).ok();
        let log = paths::state_dir(&env, host).and_then(|dir| SqliteAuditLog::open(&dir).ok());
        Self {
            log,
            desk: global.desk.clone().unwrap_or_else(config::host_name),
        }
    }

    /// Sends `write`, recorded before (outcome unknown) and after.
    pub async fn write(
        &mut self,
        operation: &str,
        target: &str,
        write: impl Future<Output = Result<(), ApiError>>,
    ) -> Result<(), ApiError> {
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
        result
    }
}

/// `boxoffice audit`: the audit log of the business in use (`--demo`: the
/// demo's), newest first.
pub fn run(global: &GlobalArgs, demo: bool) -> Result<(), Failure> {
    let host = super::cache::business_key(global, demo)?;
    let format = global.format.unwrap_or_else(super::default_format);
    print(&host, format)
}

fn print(host: &str, format: Format) -> Result<(), Failure> {
    let env = |k: &str| std::env::var(k).ok();
    let dir = paths::state_dir(&env, host)
        .ok_or_else(|| Failure::Config("no state directory (set HOME or XDG_STATE_HOME)".into()))?;
    let path = dir.join(SqliteAuditLog::FILE);
    let entries = if path.exists() {
        SqliteAuditLog::open(&dir)
            .and_then(|log| log.entries(MAX))
            .map_err(|e| Failure::Other(e.to_string()))?
    } else {
        Vec::new()
    };
    // The JSON as the log keeps it; the CSV and table as `:audit` lists it.
    let records: Vec<Value> = entries
        .iter()
        .map(|e| serde_json::to_value(e).unwrap_or(Value::Null))
        .collect();
    let stdout = io::BufWriter::new(io::stdout().lock());
    ListOut::new(stdout, format, headers::<AuditRow>())
        .and_then(|mut out| {
            out.page(&records, |i| cells(&AuditRow::new(&entries[i])))?;
            out.finish()?.flush()
        })
        .map_err(|e| Failure::Other(format!("cannot write the output: {e}")))
}
