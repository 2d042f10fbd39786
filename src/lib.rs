//! boxoffice: a keyboard-first terminal box office for the Storefront API.

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
