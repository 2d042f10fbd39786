//! What a screen or an overlay is handed instead of the model.

use std::sync::Arc;
use std::time::Instant;

use ratatui::layout::Rect;

use super::keymap::Keymap;
use super::list::Kept;
use super::state::RequestIds;
use crate::config::desk::DeskRules;

/// What a screen is given to answer a key or a reply: fresh request ids,
/// the area it draws in, and whether writes are allowed. Never the model.
#[derive(Debug)]
pub struct Ctx<'a> {
    pub ids: &'a mut RequestIds,
    /// Lists kept while the user is elsewhere: a screen leaving puts its
    /// list here, one opening takes it back.
    pub kept: &'a mut Kept,
    pub body: Rect,
    pub readonly: bool,
    /// The last time the runtime told.
    pub now: Instant,
    /// The wall clock as last told (UTC "YYYY-MM-DD HH:MM:SS"; empty
    /// until known): what "today" is.
    pub wall: &'a str,
    /// This desk's name, for the admissions it records.
    pub desk: &'a str,
    /// Ring the bell on a bad scan.
    pub bell: bool,
    /// The keys in effect, for screens that read keys themselves (the desk)
    /// and for help.
    pub keys: &'a Arc<Keymap>,
    /// How the check-in desk behaves (config.toml's `[desk]`).
    pub desk_rules: &'a DeskRules,
    /// The language the app speaks (what a screen writes once, as the
    /// desk's key line, it writes in it).
    pub lang: crate::i18n::Lang,
}
