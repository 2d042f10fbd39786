//! The integration tests, one binary: one link of the library and its
//! dependencies instead of one per file (docs/performance.md#tests). Each
//! module is a subject (`cargo test --test it door::` runs the door's);
//! `common` is the plumbing they share.
//!
//! The tests run as threads of one process: what is process-wide is shared.
//! No test sets an environment variable or the current directory; the
//! PostgreSQL of `common::postgres::server()` serves every module, so the
//! tests that stop theirs or look at the whole server start one of their own.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

mod api_http;
mod architecture;
mod cli;
mod contract;
mod door;
mod fixtures;
mod lanes;
mod lanes_mirror;
mod lanes_offline;
mod openapi;
mod pointers;
mod pty;
mod recipes;
mod report;
mod rows;
mod sandbox;
mod store;
mod streaming;
mod tui;
mod wear;

// The names files written for a crate root of their own reach through
// `crate::`: the TUI tests' helpers and the recipe's `crate::app` and
// `crate::ui` (as from a file under src/app/screens/).
use common::msgs;
use recipes::{app, ui};
use tui::{data, demo, drive, enroll, enroll_in, snapshots, support};
