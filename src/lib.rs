//! boxoffice: a keyboard-first terminal box office for the Storefront API.

pub mod api;
pub mod sandbox;
pub mod sanitize;
