//! Why a headless command failed, and so its exit code (docs/headless.md#exit-codes):
//! 0 ok (a write applied), 2 usage or configuration, 3 refused (the API
//! answered an error, with its code), 4 authentication refused, 5 nothing
//! changed (a read's network error or timeout, a write not applied), 6 a
//! write's outcome unknown, 7 some of many writes failed, 1 anything else.

use std::fmt;

use crate::api::ApiError;
use crate::config::ConfigError;
use crate::i18n::{Said, Tongue};
use crate::store::StoreError;

/// A failure's words: as the code wrote them (a detail, a path, what a
/// server said), a message of the catalogue, or a store's error. Its
/// `Display` is English; [`Failure::line`] says it in a language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Text {
    Plain(String),
    Said(Box<Said>),
    /// Messages of the catalogue, one a line (config.toml's mistakes).
    Lines(Box<[Said]>),
    Store(Box<StoreError>),
}

impl Text {
    /// In `t`'s language (a plain text as it is).
    pub fn line(&self, t: &Tongue) -> String {
        match self {
            Self::Plain(s) => s.clone(),
            Self::Said(said) => t.said(said),
            Self::Lines(lines) => lines
                .iter()
                .map(|said| t.said(said))
                .collect::<Vec<_>>()
                .join("\n"),
            Self::Store(e) => t.store_error(e),
        }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Plain(s) => f.write_str(s),
            Self::Said(said) => said.fmt(f),
            Self::Lines(lines) => {
                for (i, said) in lines.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    said.fmt(f)?;
                }
                Ok(())
            }
            Self::Store(e) => e.fmt(f),
        }
    }
}

impl From<String> for Text {
    fn from(s: String) -> Self {
        Self::Plain(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Self::Plain(s.to_owned())
    }
}

impl From<Said> for Text {
    fn from(said: Said) -> Self {
        Self::Said(Box::new(said))
    }
}

impl From<StoreError> for Text {
    fn from(e: StoreError) -> Self {
        Self::Store(Box::new(e))
    }
}

impl Failure {
    /// The output could not be written (a full disk, a closed pipe).
    pub fn cannot_write(e: impl std::fmt::Display) -> Self {
        Self::Other(
            crate::i18n::Said::new("failure-cannot-write-output")
                .arg("error", e)
                .into(),
        )
    }

    /// The desk log refused a write or a read: `what` ("" or "not kept: ")
    /// says what it means for the write, the store's error in the
    /// reader's language.
    pub fn desk_log(what: &str, e: StoreError) -> Self {
        match what {
            "" => Self::Other(e.into()),
            "not kept: " => Self::Other(
                crate::i18n::Said::new("failure-not-kept")
                    .store("error", e)
                    .into(),
            ),
            _ => Self::Other(format!("{what}{e}").into()),
        }
    }

    /// The desk log's task died; `what` ("" or "not kept: ") says what it
    /// means for the write.
    pub fn desk_log_failed(what: &str, e: impl std::fmt::Display) -> Self {
        let id = match what {
            "" => "failure-desk-log",
            "not kept: " => "failure-desk-log-not-kept",
            _ => return Self::Other(format!("{what}the desk log failed: {e}").into()),
        };
        Self::Other(crate::i18n::Said::new(id).arg("error", e).into())
    }
}

/// Why a command failed, and so its exit code.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// A usage problem the parser could not catch (exit 2).
    #[error("{0}")]
    Usage(Text),
    /// No usable connection or key (exit 2).
    #[error("{0}")]
    Config(Text),
    /// The API call failed; `hint` adds what to do (exit 3, 4, 5 or 1).
    #[error("{error}{}", Hint(hint.as_ref()))]
    Api { error: ApiError, hint: Option<Text> },
    /// What was asked for is not there, found by us rather than said by the
    /// API: a ticket number not among the event's tickets, a ticket id not
    /// in the `--event` given. Exit 3, as the API's own "unknown ticket"
    /// (HTTP 400, code 1002) would be.
    #[error("{0}")]
    NotFound(Text),
    /// A write whose outcome is unknown: it may have been applied (exit 6).
    #[error("outcome unknown ({error}); {hint}")]
    Unknown { error: ApiError, hint: Text },
    /// Many writes (`revoke --from`) of which some failed (exit 7) or
    /// ended with no clear answer (exit 6); the summary says how many.
    #[error("{summary}")]
    Partial { summary: String, unknown: bool },
    /// Anything else (exit 1).
    #[error("{0}")]
    Other(Text),
}

impl Failure {
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Usage(_) | Self::Config(_) => 2,
            Self::NotFound(_) => 3,
            Self::Api { error, .. } => u8::try_from(error.exit_code()).unwrap_or(1),
            Self::Unknown { .. } | Self::Partial { unknown: true, .. } => 6,
            Self::Partial { unknown: false, .. } => 7,
            Self::Other(_) => 1,
        }
    }

    /// The line a person reads, in `t`'s language: what went wrong in its
    /// words, what a server or a file said as it said it. In English, the
    /// `Display` exactly (the line scripts and `--format json` get).
    pub fn line(&self, t: &Tongue) -> String {
        let hint = |h: Option<&Text>| h.map(|h| format!("; {}", h.line(t))).unwrap_or_default();
        match self {
            Self::Usage(text) | Self::Config(text) | Self::NotFound(text) | Self::Other(text) => {
                text.line(t)
            }
            Self::Api { error, hint: h } => {
                format!("{}{}", api_line(error, t), hint(h.as_ref()))
            }
            Self::Unknown { error, hint } => t.ta(
                "failure-unknown",
                &[("error", &t.api_error(error)), ("hint", &hint.line(t))],
            ),
            Self::Partial { summary, .. } => summary.clone(),
        }
    }
}

/// An API error on a command's line: what went wrong in `t`'s words
/// (no answer, refused, a status, not applied); what the API answered
/// (its message and codes) and any English line as its `Display` says it.
fn api_line(error: &ApiError, t: &Tongue) -> String {
    match error {
        ApiError::Transport { .. }
        | ApiError::Auth { .. }
        | ApiError::Status { .. }
        | ApiError::NotApplied(_)
            if t.lang != crate::i18n::Lang::EN =>
        {
            t.api_error(error)
        }
        _ => error.to_string(),
    }
}

/// `"; what to do"` after an API error, on the same line.
struct Hint<'a>(Option<&'a Text>);

impl fmt::Display for Hint<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(h) => write!(f, "; {h}"),
            None => Ok(()),
        }
    }
}

impl From<ApiError> for Failure {
    fn from(error: ApiError) -> Self {
        Self::Api { error, hint: None }
    }
}

impl From<ConfigError> for Failure {
    fn from(e: ConfigError) -> Self {
        let ConfigError(english, mut lines) = e;
        Self::Config(match lines.len() {
            0 => english.into(),
            1 => lines.remove(0).into(),
            _ => Text::Lines(lines.into_boxed_slice()),
        })
    }
}

/// A store's failure (exit 1).
impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        Self::Other(e.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/headless.md#exit-codes: a not-found of ours reads as the API's would (3).
    #[test]
    fn each_failure_has_its_exit_code() {
        let api = |error| Failure::from(error);
        // A write sent once whose answer was lost (and not read again) or
        // refused, as a single write ends.
        let sent = |error| {
            crate::commands::audit::Sent {
                result: crate::api::settle::conclude(Err(error), None),
                note: String::new(),
                landed: None,
            }
            .failure("revocation", "boxoffice ticket 5")
            .unwrap()
        };
        let cases = [
            (Failure::Usage(String::new().into()), 2),
            (Failure::Config(String::new().into()), 2),
            (Failure::NotFound(String::new().into()), 3),
            (
                api(ApiError::Api {
                    message: String::new(),
                    errors: vec![],
                }),
                3,
            ),
            (Failure::Other(String::new().into()), 1),
            (
                Failure::Partial {
                    summary: String::new(),
                    unknown: false,
                },
                7,
            ),
            (
                Failure::Partial {
                    summary: String::new(),
                    unknown: true,
                },
                6,
            ),
            (
                sent(ApiError::Status {
                    status: 502,
                    message: None,
                }),
                6,
            ),
            // Known not to have happened, whatever the cause: 5.
            (
                sent(ApiError::Status {
                    status: 429,
                    message: None,
                }),
                5,
            ),
            (sent(ApiError::NotApplied("nothing was sent".into())), 5),
            (
                sent(ApiError::Api {
                    message: String::new(),
                    errors: vec![],
                }),
                3,
            ),
        ];
        for (failure, code) in cases {
            assert_eq!(failure.exit_code(), code, "{failure:?}");
        }
    }

    #[test]
    fn a_failure_is_its_message_and_an_api_error_its_hint_after_a_semicolon() {
        let refused = || ApiError::Refused("a redirect to another origin".into());
        let cases = [
            (Failure::Usage("bad --limit".into()), "bad --limit"),
            (Failure::Config("no base URL".into()), "no base URL"),
            (Failure::Other("stdout closed".into()), "stdout closed"),
            (
                Failure::NotFound("no ticket TK-1 in event 7".into()),
                "no ticket TK-1 in event 7",
            ),
            (Failure::from(refused()), "a redirect to another origin"),
            (
                Failure::Api {
                    error: refused(),
                    hint: Some("check the base URL".into()),
                },
                "a redirect to another origin; check the base URL",
            ),
            (
                Failure::from(ConfigError::plain("plain http")),
                "plain http",
            ),
        ];
        for (failure, text) in cases {
            assert_eq!(failure.to_string(), text, "{failure:?}");
        }
    }

    /// What a person reads is in their language; English is the
    /// `Display` (scripts' and `--format json`'s words) exactly.
    #[test]
    fn a_failure_is_said_in_every_language_and_in_english_as_before() {
        use crate::i18n::Lang;
        let event = || Said::new("failure-event").arg("id", 101);
        let read = Said::new("failure-unreadable")
            .said(
                "read",
                Said::new("failure-read-editions")
                    .count("tickets", 1886)
                    .arg("editions", 2),
            )
            .arg("count", 3);
        let cases = [
            (
                Failure::NotFound(
                    Said::new("failure-no-ticket-read")
                        .arg("number", "TK-9")
                        .said("event", event())
                        .said("read", read)
                        .into(),
                ),
                "no ticket TK-9 in event 101 (read 1,886 tickets of 2 editions; 3 could not be read)",
            ),
            (
                Failure::NotFound(
                    Said::new("failure-not-in-but")
                        .said(
                            "not-in",
                            Said::new("failure-not-in")
                                .said(
                                    "ticket",
                                    Said::new("failure-ticket-numbered")
                                        .arg("id", 5)
                                        .arg("number", "TK-5"),
                                )
                                .said(
                                    "event",
                                    Said::new("failure-event-named")
                                        .arg("named", "ab12")
                                        .arg("id", 7),
                                ),
                        )
                        .arg("event", 9)
                        .into(),
                ),
                "ticket 5 (TK-5) is not in event ab12 (id 7); it is a ticket of event 9",
            ),
            (
                Failure::Usage(Said::new("failure-readonly").into()),
                "--readonly: enroll and revoke are refused in desk mode",
            ),
            (
                Failure::Other(StoreError::Unreachable.into()),
                "the shared log is unreachable",
            ),
            (
                Failure::Usage(Said::new("failure-revoke-needs-yes").into()),
                "refusing to revoke without --yes when stdin is not a terminal",
            ),
            (
                Failure::Unknown {
                    error: ApiError::Transport {
                        message: "reset".into(),
                        timeout: true,
                    },
                    hint: Said::new("failure-hint-unsettled-revocation")
                        .arg("check", "boxoffice ticket 5")
                        .into(),
                },
                "outcome unknown (timed out: reset); the revocation may or may not have been applied: do not send it again before checking with `boxoffice ticket 5`; `boxoffice audit settle` reads it again",
            ),
            (
                Failure::Api {
                    error: ApiError::NotApplied("nothing was sent".into()),
                    hint: Some(Said::new("failure-hint-safe").into()),
                },
                "not applied: nothing was sent; it is safe to send it again",
            ),
            (
                Failure::Api {
                    error: ApiError::Transport {
                        message: "connection refused".into(),
                        timeout: false,
                    },
                    hint: None,
                },
                "network error: connection refused",
            ),
        ];
        for (failure, english) in cases {
            assert_eq!(failure.to_string(), english);
            assert_eq!(failure.line(Tongue::english()), english);
            for lang in Lang::ALL.into_iter().skip(1) {
                let line = failure.line(lang.tongue());
                assert_ne!(line, english, "{lang} says it in English");
                assert!(
                    !line.contains("failure-") && !line.contains('{'),
                    "{lang}: {line}"
                );
            }
        }
        let es = Failure::NotFound(
            Said::new("failure-no-ticket")
                .arg("number", "TK-9")
                .said("event", event())
                .into(),
        );
        assert_eq!(
            es.line(Lang::ES.tongue()),
            "no hay ninguna entrada TK-9 en el evento 101"
        );
    }
}
