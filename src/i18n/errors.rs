//! Errors as a person reads them: an API's and a store's, in the reader's
//! language (`api-*`, `store-*` in locales/*.ftl). What a server, SQLite,
//! PostgreSQL or the system said stays as it said it, an argument of the
//! message. English says exactly what the errors' `Display` says (the
//! logs', scripts' and `--format json`'s words, whatever the locale): the
//! catalogues' tests hold the two to each other.

use super::{Lang, Tongue};
use crate::api::ApiError;
use crate::store::{Kept, Part, StoreError};

/// An API error as the user reads it in English: the API's message and
/// its code.
pub fn api_error_text(err: &ApiError) -> String {
    match (err, err.code()) {
        (ApiError::Api { message, errors }, Some(code)) => {
            let detail = errors
                .first()
                .map(|e| e.message.as_str())
                .filter(|m| *m != message.as_str());
            match detail {
                Some(d) => format!("{message}: {d} (code {code})"),
                None => format!("{message} (code {code})"),
            }
        }
        _ => err.to_string(),
    }
}

impl Tongue {
    /// An API error's human line: what went wrong in this language's
    /// words, what the server said as it said it; in English,
    /// [`api_error_text`] exactly.
    pub fn api_error(&self, err: &ApiError) -> String {
        if self.lang == Lang::EN {
            return api_error_text(err);
        }
        let detail = |m: &Option<String>| {
            m.as_deref()
                .map(str::trim)
                .filter(|m| !m.is_empty())
                .map(|m| format!(": {m}"))
                .unwrap_or_default()
        };
        match err {
            ApiError::Transport { message, timeout } => self.ta(
                if *timeout {
                    "api-timed-out"
                } else {
                    "api-network"
                },
                &[("detail", message)],
            ),
            ApiError::Auth { status, message } => self.ta(
                "api-auth",
                &[("status", status), ("detail", &detail(message))],
            ),
            ApiError::Status { status, message } => self.ta(
                "api-status",
                &[("status", status), ("detail", &detail(message))],
            ),
            ApiError::NotApplied(why) => self.ta("api-not-applied", &[("why", why)]),
            _ => api_error_text(err),
        }
    }

    /// A store's part, as this language names it ("desk log").
    pub fn store_part(&self, part: Part) -> String {
        self.t(match part {
            Part::LocalStore => "store-part-local-store",
            Part::DeskLog => "store-part-desk-log",
            Part::MemoryLog => "store-part-memory-log",
            Part::SharedLog => "store-part-shared-log",
            Part::OfflineList => "store-part-offline-list",
            Part::AuditLog => "store-part-audit-log",
            Part::DeskDatabase => "store-part-desk-database",
            Part::Tls => "store-part-tls",
            Part::File => "store-part-file",
        })
    }

    /// A store's error as a person reads it: its kind in this language,
    /// the path or URL and what the store said as they are. In English,
    /// the error's `Display` exactly.
    pub fn store_error(&self, e: &StoreError) -> String {
        let db = |id, place: &str, more: &[(&str, &dyn std::fmt::Display)]| {
            let mut args: Vec<(&str, &dyn std::fmt::Display)> = vec![("place", &place)];
            args.extend_from_slice(more);
            self.ta(id, &args)
        };
        match e {
            StoreError::Unreachable => self.t("store-unreachable"),
            StoreError::UnreachableUndo => self.t("store-unreachable-undo"),
            StoreError::UnreachableRules => self.t("store-unreachable-rules"),
            StoreError::NoAnswer { ms } => self.ta("store-no-answer", &[("ms", ms)]),
            StoreError::FailedEarlier(part) => {
                self.ta("store-failed-earlier", &[("part", &self.store_part(*part))])
            }
            StoreError::Absent(part) => {
                self.ta("store-absent", &[("part", &self.store_part(*part))])
            }
            StoreError::Crashed(detail) => self.ta("store-crashed", &[("detail", detail)]),
            StoreError::At {
                part,
                place,
                detail,
            } => {
                let name = self.store_part(*part);
                let at = match (part, place.as_str()) {
                    (Part::File, _) => place.clone(),
                    (_, "") => name,
                    _ => format!("{name} {place}"),
                };
                self.ta("store-at", &[("at", &at), ("detail", detail)])
            }
            StoreError::NoHost { place } => db("store-no-host", place, &[]),
            StoreError::Cleartext { place } => db("store-cleartext", place, &[]),
            StoreError::DbNoAnswer { place, ms } => db("store-db-no-answer", place, &[("ms", ms)]),
            StoreError::SchemaNewer {
                place,
                found,
                knows,
            } => db(
                "store-schema-newer",
                place,
                &[("found", found), ("knows", knows)],
            ),
            StoreError::SchemaOlder {
                place,
                found,
                needs,
            } => db(
                "store-schema-older",
                place,
                &[("found", found), ("needs", needs)],
            ),
            StoreError::NotKept(kept) => self.t(match kept {
                Kept::Forced => "store-keeps-no-forced",
                Kept::Exits => "store-keeps-no-exits",
                Kept::Policy => "store-keeps-no-policy",
                Kept::Notes => "store-keeps-no-notes",
            }),
            StoreError::TooLarge(id) => self.ta("store-too-large", &[("id", id)]),
            StoreError::NotAMove(word) => self.ta("store-not-a-move", &[("word", word)]),
            StoreError::UnknownMove(word) => {
                self.ta("store-unknown-move", &[("word", &format!("{word:?}"))])
            }
            StoreError::ScanId { text, detail } => self.ta(
                "store-scan-id",
                &[("text", &format!("{text:?}")), ("detail", detail)],
            ),
            StoreError::Answered(said) => self.ta("store-answered", &[("said", said)]),
            StoreError::AlreadyAdmitted { desk, time } => {
                self.ta("store-already-admitted", &[("desk", desk), ("time", time)])
            }
        }
    }
}
