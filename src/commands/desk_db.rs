//! The door's shared desk log from the command line: `desk-db init`,
//! `desk-db check`, `desk conflicts`, `desk sync`; and where `--desk-db`
//! comes from.
//! The URL's password is never printed: every line shows it redacted.

use std::io::{self, Write as _};

use serde_json::Value;

use crate::cli::{DeskCommand, DeskDbCommand, Format, GlobalArgs};
use crate::config;
use crate::i18n::Said;
use crate::store::pg::{self, DeskDb, PgDeskLog};
use crate::store::{LaneLog, SqliteDeskLog};

use super::Failure;
use super::output::{self, Column, Records, col};

/// The columns of `desk conflicts`.
pub const COLUMNS: &[Column] = &[
    col("event", "event_id"),
    col("ticket", "ticket_id"),
    col("number", "number"),
    col("kept_lane", "kept_lane"),
    col("kept_at", "kept_at"),
    col("replayed_lane", "replayed_lane"),
    col("replayed_at", "replayed_at"),
    col("found_at", "found_at"),
    col("conflict", "conflict"),
];

/// The shared desk log in use, and where its address came from: `--desk-db`
/// (or `BOXOFFICE_DESK_DB`), else the profile's `desk_db`; None when
/// neither is set.
pub fn configured(global: &GlobalArgs) -> Result<Option<(DeskDb, String)>, Failure> {
    if let Some(found) = given(global)? {
        return Ok(Some(found));
    }
    let env = |k: &str| std::env::var(k).ok();
    let parse = |url: &str| DeskDb::parse(url).map_err(|e| Failure::Config(e.into()));
    let path = config::default_config_path(&env);
    let Ok(explained) = config::explain(&global.connection(), &env, path.as_deref()) else {
        return Ok(None);
    };
    match (explained.desk_db, explained.profile) {
        (Some(url), Some((name, _))) => {
            let mut db = parse(&url.0)?;
            // The profile's own address only: its password command is
            // never run for an address typed for this run.
            if let Some(command) = explained.desk_db_password_command {
                db = db
                    .password_command(&command)
                    .map_err(|e| Failure::Config(e.into()))?;
            }
            Ok(Some((db, format!("profile {name}"))))
        }
        _ => Ok(None),
    }
}

/// The shared desk log given for this run only (`--desk-db` or
/// `BOXOFFICE_DESK_DB`), never the profile's: what the demo's desk and
/// `admit --demo` write to (a demo never writes into a real door's log by
/// way of a profile).
pub fn given(global: &GlobalArgs) -> Result<Option<(DeskDb, String)>, Failure> {
    let Some(url) = global
        .desk_db
        .as_ref()
        .map(|u| u.0.as_str())
        .filter(|u| !u.trim().is_empty())
    else {
        return Ok(None);
    };
    let db = DeskDb::parse(url).map_err(|e| Failure::Config(e.into()))?;
    Ok(Some((db, "--desk-db or BOXOFFICE_DESK_DB".into())))
}

fn required(global: &GlobalArgs) -> Result<DeskDb, Failure> {
    configured(global)?
        .map(|(db, _)| db)
        .ok_or_else(|| Failure::Usage(Said::new("desk-db-none").into()))
}

/// `boxoffice desk-db init` and `check`.
pub async fn run(global: &GlobalArgs, command: DeskDbCommand) -> Result<(), Failure> {
    let db = required(global)?;
    match command {
        DeskDbCommand::Init => {
            let migrated = pg::init(&db).await.map_err(|e| Failure::Other(e.into()))?;
            let t = super::words(global);
            let what = match (migrated.from, migrated.to) {
                (0, to) => t.ta("desk-db-created", &[("to", &to)]),
                (from, to) if from == to => t.ta("desk-db-there", &[("to", &to)]),
                (from, to) => t.ta("desk-db-migrated", &[("from", &from), ("to", &to)]),
            };
            println!("{}: {what}", db.redacted());
            Ok(())
        }
        DeskDbCommand::Check => {
            let found = pg::check(&db).await;
            print!("{}", check_text(&found, super::words(global)));
            if found.ok() {
                Ok(())
            } else {
                Err(Failure::Other(Said::new("desk-db-unusable").into()))
            }
        }
    }
}

/// The lines of `desk-db check`: ✓ or ✗, what was checked and what to do,
/// in `t`'s language (what PostgreSQL said as it said it).
pub fn check_text(found: &pg::Check, t: &crate::i18n::Tongue) -> String {
    let ids = [
        "dbcheck-database",
        "dbcheck-round-trip",
        "dbcheck-server",
        "dbcheck-schema",
        "dbcheck-privileges",
    ];
    // The labels in one column, two spaces past the longest.
    let width = ids
        .iter()
        .map(|id| crate::ui::table::width(&t.t(id)))
        .max()
        .unwrap_or(0)
        + 2;
    let line = |ok: bool, id: &str, what: String| {
        let label = t.t(id);
        let pad = width.saturating_sub(crate::ui::table::width(&label));
        format!("{} {label}{:pad$}{what}", if ok { "✓" } else { "✗" }, "")
    };
    let tls = match (&found.tls_version, found.tls) {
        (Some(version), _) => version.clone(),
        (None, true) => "TLS".into(),
        (None, false) => t.t("dbcheck-plain"),
    };
    let mut lines = vec![line(
        found.error.is_none(),
        "dbcheck-database",
        format!("{} ({tls})", found.database),
    )];
    if let Some(e) = &found.error {
        lines.push(format!("  {e}"));
        return lines.join("\n") + "\n";
    }
    if let Some(rtt) = found.rtt {
        let ms = format!("{:.1}", rtt.as_secs_f64() * 1000.0).replace('.', &t.t("number-decimal"));
        lines.push(line(
            true,
            "dbcheck-round-trip",
            t.ta("dbcheck-ms", &[("ms", &ms)]),
        ));
    }
    if let Some(server) = &found.server {
        lines.push(match found.primary {
            Some(false) => line(
                false,
                "dbcheck-server",
                t.ta("dbcheck-standby", &[("version", server)]),
            ),
            _ => line(
                true,
                "dbcheck-server",
                t.ta("dbcheck-primary", &[("version", server)]),
            ),
        });
    }
    match found.schema {
        Some(v) if v == found.expected => lines.push(line(true, "dbcheck-schema", v.to_string())),
        Some(0) => lines.push(line(false, "dbcheck-schema", t.t("dbcheck-schema-none"))),
        Some(v) => lines.push(line(
            false,
            "dbcheck-schema",
            t.ta(
                "dbcheck-schema-other",
                &[("found", &v), ("knows", &found.expected)],
            ),
        )),
        None => {}
    }
    if found.schema == Some(found.expected) {
        lines.push(if found.missing.is_empty() {
            line(
                true,
                "dbcheck-privileges",
                t.ta(
                    "dbcheck-privileges-ok",
                    &[("tables", &pg::TABLES.join(", "))],
                ),
            )
        } else {
            line(
                false,
                "dbcheck-privileges",
                t.ta(
                    "dbcheck-privileges-missing",
                    &[("missing", &found.missing.join(", "))],
                ),
            )
        });
    }
    lines.join("\n") + "\n"
}

/// `boxoffice desk conflicts` and `desk sync`.
pub async fn desk(global: &GlobalArgs, demo: bool, command: DeskCommand) -> Result<(), Failure> {
    let event = match command {
        DeskCommand::Conflicts { event } => event,
        DeskCommand::Sync => return sync(global, demo).await,
    };
    let db = required(global)?;
    let business = super::cache::business_key(global, demo)?;
    let log = PgDeskLog::open(&db, &business, "desk conflicts", 1);
    let conflicts = log
        .conflicts_async(event)
        .await
        .map_err(|e| Failure::Other(e.into()))?;
    let records: Vec<Value> = conflicts
        .iter()
        .map(|c| {
            let mut v = serde_json::to_value(c).unwrap_or(Value::Null);
            if let Value::Object(map) = &mut v {
                map.insert("conflict".into(), Value::String(c.to_string()));
            }
            v
        })
        .collect();
    let format = global.format.unwrap_or_else(super::default_format);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if conflicts.is_empty() && format == Format::Table {
        return writeln!(out, "{}", super::words(global).t("desk-db-no-conflicts"))
            .and_then(|()| out.flush())
            .map_err(Failure::cannot_write);
    }
    output::print(&mut out, format, COLUMNS, &Records::Many(records))
        .and_then(|()| out.flush())
        .map_err(Failure::cannot_write)
}

/// `boxoffice desk sync`: sends this machine's queued admissions (made
/// while the shared log was away) to the shared log, all at once, and says
/// how many are left: none (exit 0), or the count and why (exit 1).
async fn sync(global: &GlobalArgs, demo: bool) -> Result<(), Failure> {
    let db = required(global)?;
    let business = super::cache::business_key(global, demo)?;
    let env = |k: &str| std::env::var(k).ok();
    let dir = crate::store::paths::state_dir(&env, &business)
        .ok_or_else(|| Failure::Config(Said::new("desk-sync-no-state").into()))?;
    // The queue is this machine's whatever lane made it; `--desk` names
    // the connection (the lane's, as its desk does).
    let name = global.desk.clone().unwrap_or_else(|| "desk sync".into());
    let (sent, left, elsewhere) = crate::blocking::run(move || {
        let local = SqliteDeskLog::open(&dir).map_err(|e| Failure::Other(e.into()))?;
        let lane = LaneLog::manual(PgDeskLog::open(&db, &business, &name, 1), local);
        let synced = lane.sync_now();
        // Counted once the log said who it is: only what was made for it.
        let left = lane.queued_count().map_err(|e| Failure::Other(e.into()))?;
        let elsewhere = lane
            .queued_elsewhere()
            .map_err(|e| Failure::Other(e.into()))?;
        Ok::<_, Failure>((synced.map(|()| lane.sent()), left, elsewhere))
    })
    .await
    .map_err(|e| Failure::desk_log_failed("", e))??;
    let t = super::words(global);
    let queued = |n: usize| t.ta("desk-sync-queued", &[("count", &n)]);
    if !elsewhere.is_empty() {
        // Never sent here: a queue goes only into the log it was made for.
        let n: usize = elsewhere.iter().map(|(_, n)| n).sum();
        let unknown = t.t("desk-sync-log-unknown");
        let logs: Vec<&str> = elsewhere
            .iter()
            .map(|(addr, _)| {
                if addr.is_empty() {
                    unknown.as_str()
                } else {
                    addr.as_str()
                }
            })
            .collect();
        println!(
            "{}",
            t.ta(
                "desk-sync-elsewhere",
                &[("count", &n), ("logs", &logs.join(", "))]
            )
        );
    }
    match (sent, left) {
        (Ok(0), 0) => {
            println!("{}", t.t("desk-sync-nothing"));
            Ok(())
        }
        (Ok(sent), 0) => {
            println!("{}", t.ta("desk-sync-sent", &[("count", &sent)]));
            Ok(())
        }
        // Nothing to send: done, whether the log answers or not.
        (Err(e), 0) => {
            println!("{}", t.t("desk-sync-nothing"));
            eprintln!(
                "boxoffice: {}",
                t.ta("desk-sync-no-answer", &[("error", &t.store_error(&e))])
            );
            Ok(())
        }
        (Ok(_), left) => Err(Failure::Other(queued(left).into())),
        (Err(e), left) => Err(Failure::Other(
            format!("{}: {}", queued(left), t.store_error(&e)).into(),
        )),
    }
}
