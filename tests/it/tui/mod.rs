//! The TUI's tests, by subject: update flows (pure: feed `Msg`s, assert on
//! the model and the returned `Cmd`s), streaming lists, enroll, revoke, the
//! runtime loop with an injected event source, and rendered screens as
//! snapshots (`TestBackend` + insta).

#![allow(clippy::unwrap_used, clippy::expect_used)]

pub(crate) mod data;
pub(crate) mod demo;
pub(crate) mod drive;

mod burst;
mod catalog;
mod checkin;
mod copy;
mod customers;
pub(crate) mod enroll;
pub(crate) mod enroll_in;
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
pub(crate) mod snapshots;
mod streaming;
mod styles;
pub(crate) mod support;
mod support_call;
mod triage;
