//! The Storefront Public API client. Every assumption where the spec is silent
//! (docs/wire-contract.md#assumptions-where-the-spec-is-silent) lives in this module:
//! paths and page sizes in
//! [`paths`], manners (timeouts, retries, redirects, body cap) in [`client`].

pub mod client;
pub mod ended;
pub mod error;
pub mod foreground;
pub mod model;
pub mod paging;
pub mod paths;
pub mod settle;

pub use client::{ApiKey, Client, ClientConfig, NewAttendee};
pub use error::{ApiError, ErrorItem};
pub use foreground::Foreground;
