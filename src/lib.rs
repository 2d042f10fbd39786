//! boxoffice: a keyboard-first terminal box office for the Storefront API.

pub mod api;
pub mod app;
pub mod sanitize;
pub mod ui;
