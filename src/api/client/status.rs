//! What an answer that is not a success, or no answer at all, means: the
//! status and body mapped to an `ApiError`, in one line, never with the URL
//! or a header.

use reqwest::Method;
use serde::Deserialize;
use serde_json::Value;

use super::Answer;
use crate::api::error::{ApiError, ErrorItem};
use crate::api::model::envelope::{self, BodyError};

/// One line describing a transport error, without the URL and without
/// anything from the request headers.
pub(super) fn transport(method: &Method, path: &str, e: reqwest::Error) -> ApiError {
    let timeout = e.is_timeout();
    let e = e.without_url();
    let mut message = e.to_string();
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        let text = s.to_string();
        if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
        source = s.source();
    }
    let message = message.replace(['\n', '\r'], " ");
    ApiError::Transport {
        message: format!("{method} {path}: {message}"),
        timeout,
    }
}

/// The error body of the spec (`{status: ERROR, message, errors}`).
#[derive(Deserialize)]
pub(super) struct ErrorBody {
    pub(super) message: String,
    #[serde(default)]
    pub(super) errors: Vec<ErrorItem>,
}

/// The `message` of a JSON value, on one line.
fn message_of(value: &Value) -> Option<String> {
    value
        .get("message")
        .and_then(Value::as_str)
        .map(|m| m.replace(['\n', '\r'], " "))
}

/// The `message` of a JSON body, if it is JSON and has one.
pub(super) fn body_message(body: &[u8]) -> Option<String> {
    message_of(&envelope::parse_json(body).ok()?)
}

/// Maps a response that is not a 2xx to its error.
pub(super) fn status_error(answer: &Answer) -> ApiError {
    let status = answer.status.as_u16();
    let body = answer.body.as_slice();
    match status {
        300..=399 => ApiError::Refused(match &answer.location {
            Some(to) => format!(
                "the server redirected to another origin ({to}); not followed, \
                 so the API key was not sent there"
            ),
            None => format!("the server answered a redirect (HTTP {status}) that was not followed"),
        }),
        400 => {
            let value = match envelope::parse_json(body) {
                Ok(v) => v,
                Err(error) => return ApiError::Body { status, error },
            };
            match crate::tree::read::<ErrorBody>(&value) {
                Ok(e) => ApiError::Api {
                    message: e.message.replace(['\n', '\r'], " "),
                    errors: e.errors,
                },
                Err(e) => ApiError::Body {
                    status,
                    error: BodyError::Envelope {
                        field: e.field(),
                        message: format!("not the error body: {}", e.message()),
                    },
                },
            }
        }
        401 | 403 => ApiError::Auth {
            status,
            message: body_message(body),
        },
        _ => {
            let message = if body.iter().all(u8::is_ascii_whitespace) {
                None
            } else {
                match envelope::parse_json(body) {
                    Ok(v) => message_of(&v),
                    Err(_) => Some(format!("not JSON: {:?}", envelope::snippet(body))),
                }
            };
            ApiError::Status { status, message }
        }
    }
}
