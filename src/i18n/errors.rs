//! Errors as a person reads them: an API's and a store's, in the reader's
//! language (`api-*`, `store-*` in locales/*.ftl). What a server, SQLite,
//! PostgreSQL or the system said stays as it said it, an argument of the
//! message. English says exactly what the errors' `Display` says (the
//! logs', scripts' and `--format json`'s words, whatever the locale): the
//! catalogues' tests hold the two to each other.

use super::{Lang, Tongue};
use crate::api::ApiError;
use crate::api::settle::{Unknown, Unlearnt};
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
            ApiError::Unsettled(unknown) => self.unknown(unknown),
            _ => api_error_text(err),
        }
    }

    /// What is known of a write whose outcome is unknown, in this
    /// language; in English, its `Display` exactly.
    pub fn unknown(&self, unknown: &Unknown) -> String {
        if self.lang == Lang::EN {
            return unknown.to_string();
        }
        self.unknown_words(unknown)
    }

    /// [`Self::unknown`] through the catalogue, English's too (whose
    /// words the catalogues' tests hold to the `Display`).
    fn unknown_words(&self, unknown: &Unknown) -> String {
        match unknown {
            Unknown::Lost(None) => self.t("unsettled-lost"),
            Unknown::Lost(Some(e)) => {
                self.ta("unsettled-lost-error", &[("error", &self.api_error(e))])
            }
            Unknown::NotSentAgain { seq, at } => {
                self.ta("unsettled-not-sent-again", &[("seq", seq), ("at", at)])
            }
            Unknown::EarlierUnknown { seq, at, why } => self.ta(
                "unsettled-earlier-unknown",
                &[("seq", seq), ("at", at), ("why", &self.unlearnt_words(why))],
            ),
            Unknown::Unlearnt(lost, why) => self.ta(
                "unsettled-unlearnt",
                &[
                    ("lost", &self.unknown_words(lost)),
                    ("why", &self.unlearnt_words(why)),
                ],
            ),
        }
    }

    /// Why reading again did not learn a write's outcome, in this
    /// language; in English, its `Display` exactly.
    pub fn unlearnt(&self, why: &Unlearnt) -> String {
        if self.lang == Lang::EN {
            return why.to_string();
        }
        self.unlearnt_words(why)
    }

    /// [`Self::unlearnt`] through the catalogue, English's too.
    fn unlearnt_words(&self, why: &Unlearnt) -> String {
        let error = |e: &Option<Box<ApiError>>| match e {
            Some(e) => self.api_error(e),
            None => self.t("unlearnt-no-answer"),
        };
        match why {
            Unlearnt::Unreadable(e) => {
                self.ta("unlearnt-unreadable", &[("error", &self.api_error(e))])
            }
            Unlearnt::NotLearnt {
                within: Some(within),
                error: e,
            } => self.ta(
                "unlearnt-within",
                &[("secs", &within.as_secs_f64()), ("error", &error(e))],
            ),
            Unlearnt::NotLearnt {
                within: None,
                error: e,
            } => self.ta("unlearnt-once-more", &[("error", &error(e))]),
            Unlearnt::Said(text) => text.clone(),
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

#[cfg(test)]
mod tests {
    use super::super::{Lang, Tongue};

    /// What is known of a write whose outcome is unknown, each way it is
    /// composed, the errors inside it lost answers.
    fn unknowns() -> Vec<crate::api::settle::Unknown> {
        use crate::api::ApiError;
        use crate::api::settle::{Unknown, Unlearnt};
        let timed_out = || {
            Box::new(ApiError::Transport {
                message: "deadline has elapsed".into(),
                timeout: true,
            })
        };
        let status = || {
            Box::new(ApiError::Status {
                status: 502,
                message: None,
            })
        };
        let whys = [
            Unlearnt::NotLearnt {
                within: Some(std::time::Duration::from_secs(2)),
                error: Some(status()),
            },
            Unlearnt::NotLearnt {
                within: Some(std::time::Duration::from_millis(1500)),
                error: None,
            },
            Unlearnt::NotLearnt {
                within: None,
                error: Some(timed_out()),
            },
            Unlearnt::Unreadable(status()),
        ];
        let mut all = vec![
            Unknown::Lost(None),
            Unknown::Lost(Some(timed_out())),
            Unknown::NotSentAgain {
                seq: 7,
                at: "2026-11-25 10:00:00".into(),
            },
        ];
        for why in whys {
            all.push(Unknown::EarlierUnknown {
                seq: 1234,
                at: "2026-11-25 10:00:00".into(),
                why: why.clone(),
            });
            all.push(Unknown::Unlearnt(
                Box::new(Unknown::Lost(Some(status()))),
                why.clone(),
            ));
            all.push(Unknown::Unlearnt(Box::new(Unknown::Lost(None)), why));
        }
        all
    }

    #[test]
    fn english_says_an_unknown_outcome_as_its_display_and_every_language_in_its_own_words() {
        use crate::api::ApiError;
        for unknown in unknowns() {
            let english = unknown.to_string();
            let error = ApiError::Unsettled(unknown.clone());
            assert_eq!(error.to_string(), english);
            assert_eq!(Tongue::english().api_error(&error), english);
            // The English catalogue says the same words.
            assert_eq!(Tongue::english().unknown_words(&unknown), english);
            for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::EN) {
                let said = lang.tongue().api_error(&error);
                assert!(
                    !said.contains("unsettled-")
                        && !said.contains("unlearnt-")
                        && !said.contains('{'),
                    "{lang}: {said}"
                );
                assert_ne!(said, english, "{lang} says {unknown:?} in English");
                assert!(!said.contains("its answer was lost") && !said.contains("not learnt"));
                // The row's number and time stay as the audit log writes them.
                if let crate::api::settle::Unknown::EarlierUnknown { seq, at, .. } = &unknown {
                    assert!(
                        said.contains(&format!("{seq} ")) && said.contains(at.as_str()),
                        "{said}"
                    );
                }
            }
        }
        let earlier = crate::api::settle::Unknown::EarlierUnknown {
            seq: 3,
            at: "2026-11-25 10:00:00".into(),
            why: crate::api::settle::Unlearnt::NotLearnt {
                within: None,
                error: None,
            },
        };
        assert_eq!(
            Lang::ES.tongue().unknown(&earlier),
            "no se envía de nuevo: la misma escritura n.º 3 del 2026-11-25 10:00:00 tiene un \
             resultado desconocido (no se supo al leerlo una vez más: ninguna respuesta legible)"
        );
    }
}
