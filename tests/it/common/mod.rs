//! Test plumbing shared by the integration tests' modules (declared once,
//! in main.rs): a recording mock server, JSON builders of the API's records and
//! envelopes, the sandbox and the binary started the way the tests want them,
//! and the `Msg`s the TUI's executor would send.
//! The benches take some of its files by `#[path]`, and not every item is
//! used by both, so unused items are allowed here.
#![allow(dead_code)]

pub mod binary;
pub mod client;
pub mod json;
pub mod mock;
pub mod msgs;
pub mod postgres;
pub mod proxy;
pub mod sandbox;
