//! The one error type of the client.

use std::fmt;

use serde::Deserialize;
use serde_json::Value;

use super::model::BodyError;

/// One `{code, message, extra_data}` item of an error body.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ErrorItem {
    pub code: i64,
    pub message: String,
    #[serde(default)]
    pub extra_data: Option<Value>,
}

/// Everything that can go wrong talking to the API.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ApiError {
    /// No answer: connection refused or reset, DNS, TLS, or a timeout.
    #[error("{}: {message}", if *timeout { "timed out" } else { "network error" })]
    Transport { message: String, timeout: bool },
    /// 401 or 403, with the body's message when there was one.
    #[error("authentication refused (HTTP {status}){}", Detail(message.as_deref()))]
    Auth {
        status: u16,
        message: Option<String>,
    },
    /// HTTP 400 with the error envelope: a business or validation error.
    #[error("{message}{}", Items(errors))]
    Api {
        message: String,
        errors: Vec<ErrorItem>,
    },
    /// Any other unsuccessful status (429, 5xx, an unexpected 404).
    #[error("the server answered HTTP {status}{}", Detail(message.as_deref()))]
    Status {
        status: u16,
        message: Option<String>,
    },
    /// A body that could not be read (not JSON, wrong envelope, bad record).
    #[error("HTTP {status}: {error}")]
    Body { status: u16, error: BodyError },
    /// The request was refused before sending (plain http to a remote host,
    /// a redirect to another origin, a body over the size cap).
    #[error("{0}")]
    Refused(String),
    /// A write whose answer was lost, its target read again: it was not
    /// applied (the text says what was lost and how it was learnt).
    #[error("not applied: {0}")]
    NotApplied(String),
    /// A write whose answer was lost and whose outcome reading again did
    /// not learn within the deadline — or one not sent because the same
    /// write sent before has no known outcome. Never sent again blindly.
    /// What is known of it, as parts a language says (`Display`: English).
    #[error("{0}")]
    Unsettled(Unknown),
}

/// Why reading again did not learn a write's outcome. `Display` says it
/// in English, as the audit log and `--format json` keep it; a person
/// reads it in their language (`Tongue::api_error`).
#[derive(Debug, Clone, PartialEq)]
pub enum Unlearnt {
    /// "cannot read it: …": an answer reading again will not change.
    Unreadable(Box<ApiError>),
    /// "not learnt within 2 s: …" (`within` `None`: "by reading it once
    /// more"); `error` the last read's (`None`: "no readable answer").
    NotLearnt {
        within: Option<std::time::Duration>,
        error: Option<Box<ApiError>>,
    },
    /// Any other words, as they are.
    Said(String),
}

impl fmt::Display for Unlearnt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(e) => write!(f, "cannot read it: {e}"),
            Self::NotLearnt { within, error } => {
                match within {
                    Some(within) => write!(f, "not learnt within {} s: ", within.as_secs_f64())?,
                    None => f.write_str("not learnt by reading it once more: ")?,
                }
                match error {
                    Some(e) => write!(f, "{e}"),
                    None => f.write_str("no readable answer"),
                }
            }
            Self::Said(text) => f.write_str(text),
        }
    }
}

/// What is known of a write whose outcome is unknown
/// ([`ApiError::Unsettled`]). `Display` says it in English, as the audit
/// log, the shared log and `--format json` keep it; a person reads it in
/// their language (`Tongue::api_error`).
#[derive(Debug, Clone, PartialEq)]
pub enum Unknown {
    /// "its answer was lost", with the error that lost it: "its answer
    /// was lost (timed out: …)".
    Lost(Option<Box<ApiError>>),
    /// "not sent again: the same write #7 of 2026-11-25 10:00:00" (its
    /// outcome then learnt as refused).
    NotSentAgain { seq: i64, at: String },
    /// "not sent again: the same write #7 of … has no known outcome (…)".
    EarlierUnknown { seq: i64, at: String, why: Unlearnt },
    /// "…; not learnt within 2 s: …": what was lost, then why reading
    /// again did not learn it.
    Unlearnt(Box<Unknown>, Unlearnt),
}

impl fmt::Display for Unknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Lost(None) => f.write_str("its answer was lost"),
            Self::Lost(Some(e)) => write!(f, "its answer was lost ({e})"),
            Self::NotSentAgain { seq, at } => {
                write!(f, "not sent again: the same write #{seq} of {at}")
            }
            Self::EarlierUnknown { seq, at, why } => write!(
                f,
                "not sent again: the same write #{seq} of {at} has no known outcome ({why})"
            ),
            Self::Unlearnt(lost, why) => write!(f, "{lost}; {why}"),
        }
    }
}

impl ApiError {
    /// The exit code a headless command ends with (docs/headless.md#exit-codes).
    pub fn exit_code(&self) -> i32 {
        match self {
            Self::Api { .. } => 3,
            Self::Auth { .. } => 4,
            // Nothing changed: a read that got no answer, a write known not
            // to have happened (whatever the cause).
            Self::Transport { .. } | Self::NotApplied(_) => 5,
            Self::Unsettled(_) => 6,
            Self::Status { .. } | Self::Body { .. } | Self::Refused(_) => 1,
        }
    }

    /// True when a GET may be tried again (connect errors, 5xx, 429).
    pub fn is_transient(&self) -> bool {
        match self {
            Self::Transport { .. } => true,
            Self::Status { status, .. } | Self::Body { status, .. } => {
                *status == 429 || *status >= 500
            }
            _ => false,
        }
    }

    /// True for the answers that ask the client to slow down: 429 (rate
    /// limit) and 503 (unavailable, usually overloaded). The page stream
    /// lowers its concurrency on them.
    pub fn is_pushback(&self) -> bool {
        matches!(
            self,
            Self::Status {
                status: 429 | 503,
                ..
            }
        )
    }

    /// True when this answered a write whose outcome is unknown: no answer
    /// (a timeout, a dropped connection), a 5xx after the request was sent
    /// (a proxy's HTML 502 included), or a success whose body could not be
    /// read. The write may have been applied: it must be checked, never
    /// sent again blindly.
    pub fn outcome_unknown(&self) -> bool {
        match self {
            Self::Transport { .. } | Self::Unsettled(_) => true,
            Self::Status { status, .. } => *status >= 500,
            Self::Body { status, .. } => *status >= 500 || (200..300).contains(status),
            Self::Auth { .. } | Self::Api { .. } | Self::Refused(_) | Self::NotApplied(_) => false,
        }
    }

    /// How a write ended, as the audit log says it: `ok`, `unknown: …`
    /// (see [`ApiError::outcome_unknown`]) or `error: …` (the API's message
    /// and code).
    pub fn write_outcome(result: &Result<(), ApiError>) -> String {
        match result {
            Ok(()) => "ok".to_string(),
            Err(e) if e.outcome_unknown() => format!("unknown: {e}"),
            Err(e) => format!("error: {e}"),
        }
    }

    /// The first error code of an API error, if any.
    pub fn code(&self) -> Option<i64> {
        match self {
            Self::Api { errors, .. } => errors.first().map(|e| e.code),
            _ => None,
        }
    }
}

/// `": message"` after a status line, or nothing when the server gave none.
struct Detail<'a>(Option<&'a str>);

impl fmt::Display for Detail<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(m) => write!(f, ": {m}"),
            None => Ok(()),
        }
    }
}

/// The error items of an API error on the same line: ` [code N: text; extra]` each.
struct Items<'a>(&'a [ErrorItem]);

impl fmt::Display for Items<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in self.0 {
            write!(f, " [code {}: {}", e.code, e.message)?;
            if let Some(extra) = e.extra_data.as_ref().filter(|v| !is_empty(v)) {
                write!(f, "; {extra}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::api::model::RecordError;

    /// The CLI prints these after `boxoffice: ` and scripts may match on them.
    #[test]
    fn every_variant_reads_as_one_exact_line() {
        let item = |code, message: &str, extra_data| ErrorItem {
            code,
            message: message.into(),
            extra_data,
        };
        let cases = [
            (
                ApiError::Transport {
                    message: "deadline".into(),
                    timeout: true,
                },
                "timed out: deadline",
            ),
            (
                ApiError::Transport {
                    message: "connection refused".into(),
                    timeout: false,
                },
                "network error: connection refused",
            ),
            (
                ApiError::Auth {
                    status: 403,
                    message: Some("Invalid API key".into()),
                },
                "authentication refused (HTTP 403): Invalid API key",
            ),
            (
                ApiError::Auth {
                    status: 401,
                    message: None,
                },
                "authentication refused (HTTP 401)",
            ),
            (
                ApiError::Api {
                    message: "Invalid body".into(),
                    errors: vec![
                        item(
                            1005,
                            "bad e-mail",
                            Some(json!([{"field": "customer.email"}])),
                        ),
                        item(1006, "already enrolled", Some(json!([]))),
                        item(1007, "x", None),
                    ],
                },
                r#"Invalid body [code 1005: bad e-mail; [{"field":"customer.email"}]] [code 1006: already enrolled] [code 1007: x]"#,
            ),
            (
                ApiError::Api {
                    message: "no items".into(),
                    errors: vec![],
                },
                "no items",
            ),
            (
                ApiError::Status {
                    status: 503,
                    message: Some("busy".into()),
                },
                "the server answered HTTP 503: busy",
            ),
            (
                ApiError::Status {
                    status: 429,
                    message: None,
                },
                "the server answered HTTP 429",
            ),
            (
                ApiError::Body {
                    status: 502,
                    error: BodyError::NotJson {
                        snippet: "<html>".into(),
                        reason: "expected value".into(),
                    },
                },
                r#"HTTP 502: the response is not JSON (expected value); it begins "<html>""#,
            ),
            (
                ApiError::Body {
                    status: 200,
                    error: BodyError::NotJson {
                        snippet: String::new(),
                        reason: "EOF".into(),
                    },
                },
                "HTTP 200: the response is not JSON (EOF); the body was empty",
            ),
            (
                ApiError::Body {
                    status: 200,
                    error: BodyError::Envelope {
                        field: "data".into(),
                        message: "missing".into(),
                    },
                },
                "HTTP 200: the response envelope is malformed: field `data`: missing",
            ),
            (
                ApiError::Body {
                    status: 200,
                    error: BodyError::Record(RecordError {
                        record: "ticket",
                        id: Some("7".into()),
                        field: "attendee.email".into(),
                        message: "invalid type".into(),
                    }),
                },
                "HTTP 200: ticket 7: field `attendee.email`: invalid type",
            ),
            (
                ApiError::Body {
                    status: 200,
                    error: BodyError::Record(RecordError {
                        record: "event",
                        id: None,
                        field: ".".into(),
                        message: "missing field `id`".into(),
                    }),
                },
                "HTTP 200: event without an id: field `.`: missing field `id`",
            ),
            (
                ApiError::Refused("refusing plain http".into()),
                "refusing plain http",
            ),
        ];
        for (error, text) in cases {
            assert_eq!(error.to_string(), text, "{error:?}");
        }
    }

    /// Nothing chains below an `ApiError`: its one line says it all, and an
    /// error report must not print the record error twice.
    #[test]
    fn errors_have_no_source() {
        use std::error::Error;
        let record = RecordError {
            record: "ticket",
            id: None,
            field: ".".into(),
            message: "x".into(),
        };
        assert!(BodyError::Record(record.clone()).source().is_none());
        let body = ApiError::Body {
            status: 200,
            error: BodyError::Record(record),
        };
        assert!(body.source().is_none());
    }
}
