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
#[derive(Debug, Clone, PartialEq)]
pub enum ApiError {
    /// No answer: connection refused or reset, DNS, TLS, or a timeout.
    Transport { message: String, timeout: bool },
    /// 401 or 403, with the body's message when there was one.
    Auth {
        status: u16,
        message: Option<String>,
    },
    /// HTTP 400 with the error envelope: a business or validation error.
    Api {
        message: String,
        errors: Vec<ErrorItem>,
    },
    /// Any other unsuccessful status (429, 5xx, an unexpected 404).
    Status {
        status: u16,
        message: Option<String>,
    },
    /// A body that could not be read (not JSON, wrong envelope, bad record).
    Body { status: u16, error: BodyError },
    /// The request was refused before sending (plain http to a remote host,
    /// a redirect to another origin, a body over the size cap).
    Refused(String),
}

impl ApiError {
    /// The exit code a headless command ends with (DESIGN.md section 1).
    pub fn exit_code(&self) -> i32 {
        match self {
            Self::Api { .. } => 3,
            Self::Auth { .. } => 4,
            Self::Transport { .. } => 5,
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

    /// The first error code of an API error, if any.
    pub fn code(&self) -> Option<i64> {
        match self {
            Self::Api { errors, .. } => errors.first().map(|e| e.code),
            _ => None,
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Transport {
                message,
                timeout: true,
            } => write!(f, "timed out: {message}"),
            Self::Transport { message, .. } => write!(f, "network error: {message}"),
            Self::Auth { status, message } => {
                write!(f, "authentication refused (HTTP {status})")?;
                if let Some(m) = message {
                    write!(f, ": {m}")?;
                }
                Ok(())
            }
            Self::Api { message, errors } => {
                f.write_str(message)?;
                for e in errors {
                    write!(f, " [code {}: {}", e.code, e.message)?;
                    if let Some(extra) = e.extra_data.as_ref().filter(|v| !is_empty(v)) {
                        write!(f, "; {extra}")?;
                    }
                    f.write_str("]")?;
                }
                Ok(())
            }
            Self::Status { status, message } => {
                write!(f, "the server answered HTTP {status}")?;
                if let Some(m) = message {
                    write!(f, ": {m}")?;
                }
                Ok(())
            }
            Self::Body { status, error } => write!(f, "HTTP {status}: {error}"),
            Self::Refused(why) => f.write_str(why),
        }
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

impl std::error::Error for ApiError {}
