//! The `boxoffice` binary. It compiles the modules of `src/` as its own
//! crate, not through the library `boxoffice` (lib.rs, which the tests and
//! benches import): a release build then compiles the code once, writes no
//! library metadata, and leaves out what `main` never reaches — the
//! longest unit of a cold build (docs/performance.md#cold-build). The two
//! roots declare the same modules (`tests/it/architecture.rs` holds them
//! together).

// What only the tests and benches call is `pub` in the library and unused
// here; the library's build still warns about code nothing uses.
#![allow(dead_code)]

pub mod api;
pub mod app;
pub mod blocking;
pub mod bulk;
pub mod civil;
pub mod cli;
pub mod clock;
pub mod commands;
pub mod config;
pub mod door;
pub mod i18n;
pub mod launch;
pub mod rows;
pub mod sandbox;
pub mod sanitize;
pub mod search;
pub mod store;
pub mod ticket_number;
pub mod tree;
pub mod ui;
pub mod zone;

fn main() -> std::process::ExitCode {
    crate::launch::main()
}
