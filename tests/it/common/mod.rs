//! Test plumbing shared by the integration test crates (`mod common;` in
//! each): a recording mock server, JSON builders of the API's records and
//! envelopes, the sandbox and the binary started the way the tests want them,
//! and the `Msg`s the TUI's executor would send.
//! Each crate uses part of it, so unused items are allowed here.
#![allow(dead_code)]

pub mod binary;
pub mod client;
pub mod json;
pub mod mock;
pub mod msgs;
pub mod postgres;
pub mod sandbox;
