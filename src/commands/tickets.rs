//! `tickets <event> --status S[,S] --admitted`: the door list narrowed to
//! some statuses, and with when each ticket was admitted at this machine's
//! desks (the desk log), or at every lane of the door (the shared log, with
//! `--desk-db`).
//!
//! Both work record by record as the pages stream: nothing holds the list.
//! `--admitted` adds an `admitted` field to each record (JSON) and an
//! `admitted` column (CSV, table): the admission's time in UTC, empty when
//! not admitted.

use std::collections::HashMap;

use serde_json::Value;

use super::Failure;
use crate::store::{DeskDb, DeskLog, PgDeskLog, SqliteDeskLog, paths};

/// What `tickets` keeps of each record and what it adds.
pub struct Shape {
    /// Lower-cased statuses kept (empty: all).
    statuses: Vec<String>,
    admitted: Option<Admitted>,
}

/// The admissions of the desk log, by event asked (the list's and each
/// edition a ticket names), ticket id → when.
struct Admitted {
    log: Option<Box<dyn DeskLog>>,
    by_event: HashMap<u64, HashMap<u64, String>>,
}

impl Admitted {
    fn at(&mut self, event_id: u64, ticket_id: u64) -> Option<&str> {
        let log = self.log.as_deref();
        self.by_event
            .entry(event_id)
            .or_insert_with(|| {
                // The shared log answers through the runtime: wait for it
                // off the async task's thread.
                log.and_then(|l| tokio::task::block_in_place(|| l.admitted(event_id)).ok())
                    .unwrap_or_default()
                    .into_iter()
                    .map(|a| (a.ticket_id, a.at))
                    .collect()
            })
            .get(&ticket_id)
            .map(String::as_str)
    }
}

impl Shape {
    /// `statuses` as given (`--status confirmed,open`); with `admitted`, the
    /// door's shared log when `shared` names one, else the desk log of
    /// `business` on this machine (none: a warning, the column stays empty —
    /// the file is not created).
    pub fn new(
        statuses: &[String],
        admitted: bool,
        business: &str,
        (shared, t): (Option<&DeskDb>, &crate::i18n::Tongue),
    ) -> Result<Self, Failure> {
        let statuses: Vec<String> = statuses
            .iter()
            .map(|s| s.trim().to_lowercase())
            .filter(|s| !s.is_empty())
            .collect();
        if let Some(bad) = statuses.iter().find(|s| {
            !s.chars()
                .all(|c| c.is_ascii_lowercase() || c == '_' || c == '-')
        }) {
            return Err(Failure::Usage(
                crate::i18n::Said::new("cmd-tickets-bad-status")
                    .arg("status", format!("{bad:?}"))
                    .into(),
            ));
        }
        let admitted = admitted.then(|| {
            if let Some(db) = shared {
                let log = PgDeskLog::open(db, business, "", 1);
                return Admitted {
                    log: Some(Box::new(log) as Box<dyn DeskLog>),
                    by_event: HashMap::new(),
                };
            }
            let env = |k: &str| std::env::var(k).ok();
            let log = paths::state_dir(&env, business)
                .filter(|dir| dir.join(SqliteDeskLog::FILE).exists())
                .and_then(|dir| SqliteDeskLog::open(&dir).ok())
                .map(|l| Box::new(l) as Box<dyn DeskLog>);
            if log.is_none() {
                eprintln!(
                    "boxoffice: {}",
                    t.ta("warn-no-desk-log", &[("business", &business)])
                );
            }
            Admitted {
                log,
                by_event: HashMap::new(),
            }
        });
        Ok(Self { statuses, admitted })
    }

    /// Whether the columns include `admitted`.
    pub fn adds_admitted(&self) -> bool {
        self.admitted.is_some()
    }

    /// Whether to print `record` of the list of `event_id`, with the
    /// `admitted` field added when asked.
    pub fn keep(&mut self, event_id: u64, record: &mut Value) -> bool {
        if !self.statuses.is_empty() {
            let status = record
                .get("status")
                .and_then(Value::as_str)
                .map(str::to_lowercase)
                .unwrap_or_default();
            if !self.statuses.contains(&status) {
                return false;
            }
        }
        if let Some(admitted) = &mut self.admitted {
            let id = record.get("id").and_then(Value::as_u64);
            let edition = record
                .get("event")
                .and_then(|e| e.get("id"))
                .and_then(Value::as_u64);
            let at = id.and_then(|id| {
                admitted
                    .at(event_id, id)
                    .map(str::to_owned)
                    .or_else(|| edition.and_then(|e| admitted.at(e, id).map(str::to_owned)))
            });
            if let Value::Object(map) = record {
                map.insert("admitted".into(), at.map_or(Value::Null, Value::String));
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use serde_json::json;

    use super::*;
    use crate::store::Admission;

    #[test]
    fn statuses_narrow_and_admissions_are_added() {
        let dir = tempfile::tempdir().unwrap();
        let mut log = SqliteDeskLog::open(dir.path()).unwrap();
        log.record(&Admission {
            ticket_id: 2,
            number: "TK-2".into(),
            event_id: 1001,
            edition_id: Some(1001),
            at: "2026-03-14 10:00:00".into(),
            desk: "door".into(),
        })
        .unwrap();
        let mut shape = Shape::new(
            &["Confirmed".into(), " open".into()],
            false,
            "x",
            (None, crate::i18n::Tongue::english()),
        )
        .unwrap();
        assert!(shape.keep(101, &mut json!({"id": 1, "status": "confirmed"})));
        assert!(shape.keep(101, &mut json!({"id": 1, "status": "OPEN"})));
        assert!(!shape.keep(101, &mut json!({"id": 1, "status": "unenrolled"})));
        assert!(!shape.keep(101, &mut json!({"id": 1})));
        assert!(
            Shape::new(
                &["con firmed".into()],
                false,
                "x",
                (None, crate::i18n::Tongue::english())
            )
            .is_err()
        );
        let mut shape = Shape {
            statuses: vec![],
            admitted: Some(Admitted {
                log: Some(Box::new(log)),
                by_event: HashMap::new(),
            }),
        };
        // The list of main event 101; the admission was at its edition 1001.
        let mut r = json!({"id": 2, "status": "confirmed", "event": {"id": 1001}});
        assert!(shape.keep(101, &mut r));
        assert_eq!(r["admitted"], "2026-03-14 10:00:00");
        let mut r = json!({"id": 3, "status": "confirmed", "event": {"id": 1001}});
        shape.keep(101, &mut r);
        assert_eq!(r["admitted"], Value::Null);
    }
}
