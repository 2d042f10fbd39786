//! The Storefront Public API client. Every assumption where the spec is silent
//! (DESIGN.md section 2) lives in this module.

pub mod client;
pub mod error;
pub mod model;

pub use client::{ApiKey, Client, ClientConfig, NewAttendee};
pub use error::{ApiError, ErrorItem};
