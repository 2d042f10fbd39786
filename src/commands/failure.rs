//! Why a headless command failed, and so its exit code (docs/headless.md#exit-codes):
//! 0 ok (a write applied), 2 usage or configuration, 3 refused (the API
//! answered an error, with its code), 4 authentication refused, 5 nothing
//! changed (a read's network error or timeout, a write not applied), 6 a
//! write's outcome unknown, 7 some of many writes failed, 1 anything else.

use std::fmt;

use crate::api::ApiError;
use crate::config::ConfigError;

/// Why a command failed, and so its exit code.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// A usage problem the parser could not catch (exit 2).
    #[error("{0}")]
    Usage(String),
    /// No usable connection or key (exit 2).
    #[error("{0}")]
    Config(String),
    /// The API call failed; `hint` adds what to do (exit 3, 4, 5 or 1).
    #[error("{error}{}", Hint(hint.as_deref()))]
    Api {
        error: ApiError,
        hint: Option<String>,
    },
    /// What was asked for is not there, found by us rather than said by the
    /// API: a ticket number not among the event's tickets, a ticket id not
    /// in the `--event` given. Exit 3, as the API's own "unknown ticket"
    /// (HTTP 400, code 1002) would be.
    #[error("{0}")]
    NotFound(String),
    /// A write whose outcome is unknown: it may have been applied (exit 6).
    #[error("outcome unknown ({error}); {hint}")]
    Unknown { error: ApiError, hint: String },
    /// Many writes (`revoke --from`) of which some failed (exit 7) or
    /// ended with no clear answer (exit 6); the summary says how many.
    #[error("{summary}")]
    Partial { summary: String, unknown: bool },
    /// Anything else (exit 1).
    #[error("{0}")]
    Other(String),
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
}

/// `"; what to do"` after an API error, on the same line.
struct Hint<'a>(Option<&'a str>);

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
        Self::Config(e.0)
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
            (Failure::Usage(String::new()), 2),
            (Failure::Config(String::new()), 2),
            (Failure::NotFound(String::new()), 3),
            (
                api(ApiError::Api {
                    message: String::new(),
                    errors: vec![],
                }),
                3,
            ),
            (Failure::Other(String::new()), 1),
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
                Failure::from(ConfigError("plain http".into())),
                "plain http",
            ),
        ];
        for (failure, text) in cases {
            assert_eq!(failure.to_string(), text, "{failure:?}");
        }
    }
}
