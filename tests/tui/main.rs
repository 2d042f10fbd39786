//! The TUI's tests, by subject: update flows (pure: feed `Msg`s, assert on
//! the model and the returned `Cmd`s), streaming lists, enroll, revoke, the
//! runtime loop with an injected event source, and rendered screens as
//! snapshots (`TestBackend` + insta).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
mod common;

use common::msgs;

mod data;
mod demo;
mod drive;

mod burst;
mod catalog;
mod checkin;
mod copy;
mod customers;
mod enroll;
mod enroll_in;
mod faults;
mod fits;
mod flows;
mod keys_themes;
mod note;
mod pictures;
mod places;
mod refresh;
mod revoke;
mod runtime;
mod snapshots;
mod streaming;
mod styles;
mod support;
mod support_call;
mod triage;
