//! The one model of the app: a stack of screens, at most one overlay,
//! toasts, and what the status bar shows.

use std::collections::HashMap;
use std::time::Instant;

use crate::api::ApiError;
use crate::ui::Theme;

use super::AppOptions;
use super::burst::{Gate, RunStart};
use super::keymap::Keymap;
use super::layout::Layout;
use super::list::Kept;
use super::overlays::Overlay;
use super::overlays::toasts::Toasts;
use super::screens::{Ctx, Screen};
use super::state::{ReqId, RequestIds, ToastKind};

/// The whole state of the app.
#[derive(Debug, Clone)]
pub struct Model {
    pub options: AppOptions,
    /// The API's host, for the status bar.
    pub host: String,
    /// Draw without colours (`NO_COLOR`).
    pub no_color: bool,
    /// The last time the runtime told us.
    pub now: Instant,
    /// The wall clock as last told (UTC "YYYY-MM-DD HH:MM:SS"; empty until
    /// the runtime tells it).
    pub wall: String,
    /// Where everything goes, from the terminal's size.
    pub layout: Layout,
    pub stack: Vec<Screen>,
    pub overlay: Option<Overlay>,
    pub toasts: Toasts,
    /// Executor tasks not yet finished.
    pub in_flight: usize,
    pub last_error: Option<String>,
    /// Depths of the stack whose screen a `:` command jumped to (not walked
    /// to from the screen below): the title line marks the jump, so the
    /// crumbs show the path actually walked.
    pub jumps: Vec<usize>,
    /// Re-reads of single tickets after an unclear revoke.
    pub rereads: Vec<ReqId>,
    /// Tickets with a revoke in flight, and their numbers: a second revoke
    /// of one is refused until the first is answered.
    pub revoking: HashMap<u64, String>,
    /// Tickets whose revoke's answer was lost and whose outcome reading
    /// again did not learn, and their numbers: not revoked again from
    /// anywhere in the app; `x` reads it again instead.
    pub unsettled: HashMap<u64, String>,
    pub quit: bool,
    pub ids: RequestIds,
    /// Lists kept while the user is elsewhere.
    pub kept: Kept,
    /// Keys on their way: a scanner's burst drives nothing outside the desk.
    pub gate: Gate,
    /// What was open when the current run of keys began.
    pub run_start: RunStart,
    /// When the question open (an overlay that `asks`) was opened: a key
    /// within `burst::READ_QUESTION` of it is not its answer.
    pub asked_at: Option<Instant>,
}

impl Model {
    /// A model with no screen yet; `update::start` opens the events list and
    /// returns the commands that load it.
    pub fn new(options: AppOptions, base_url: &str, now: Instant, size: (u16, u16)) -> Self {
        Self {
            options,
            host: host_of(base_url),
            no_color: false,
            now,
            wall: String::new(),
            layout: Layout::new(size),
            stack: Vec::new(),
            overlay: None,
            toasts: Toasts::default(),
            in_flight: 0,
            last_error: None,
            jumps: Vec::new(),
            rereads: Vec::new(),
            revoking: HashMap::new(),
            unsettled: HashMap::new(),
            quit: false,
            ids: RequestIds::default(),
            kept: Kept::default(),
            gate: Gate::default(),
            run_start: RunStart::default(),
            asked_at: None,
        }
    }

    /// Terminal columns and rows.
    pub fn size(&self) -> (u16, u16) {
        (self.layout.full.width, self.layout.full.height)
    }

    pub fn top(&self) -> Option<&Screen> {
        self.stack.last()
    }

    /// Whether the wall clock is told to the second (else when its minute
    /// changes): the door's dashboard moves every lane's age and state
    /// with it.
    pub fn clock_to_the_second(&self) -> bool {
        self.top()
            .is_some_and(|s| s.component().moves_with_the_second())
    }

    pub fn top_mut(&mut self) -> Option<&mut Screen> {
        self.stack.last_mut()
    }

    /// The keys in effect (config.toml's `[keys.*]` over the defaults).
    pub fn keymap(&self) -> &Keymap {
        &self.options.settings.keymap
    }

    /// The styles to draw with: the configured theme, none under `NO_COLOR`.
    pub fn theme(&self) -> Theme {
        Theme::named(self.options.settings.theme, self.no_color)
            .speaking(self.options.settings.lang)
    }

    /// What screens and overlays are handed instead of the model.
    pub fn ctx(&mut self) -> Ctx<'_> {
        self.stack_and_ctx().1
    }

    /// The screen stack and a context, borrowed together.
    pub fn stack_and_ctx(&mut self) -> (&mut Vec<Screen>, Ctx<'_>) {
        let ctx = Ctx {
            ids: &mut self.ids,
            kept: &mut self.kept,
            body: self.layout.body,
            readonly: self.options.readonly,
            now: self.now,
            wall: &self.wall,
            desk: &self.options.desk,
            bell: self.options.bell,
            keys: &self.options.settings.keymap,
            desk_rules: &self.options.settings.desk,
            lang: self.options.settings.lang,
        };
        (&mut self.stack, ctx)
    }

    /// The top screen and a context, borrowed together.
    pub fn top_and_ctx(&mut self) -> Option<(&mut Screen, Ctx<'_>)> {
        let (stack, ctx) = self.stack_and_ctx();
        stack.last_mut().map(|s| (s, ctx))
    }

    pub fn toast(&mut self, kind: ToastKind, text: impl Into<String>) {
        let text = text.into();
        if kind == ToastKind::Error {
            self.last_error = Some(text.clone());
        }
        self.toasts.push(kind, text, self.now);
    }

    /// A toast of the catalogue's message `id`, in the staff's language.
    pub fn toast_said(&mut self, kind: ToastKind, id: &str) {
        let text = self.tongue().t(id);
        self.toast(kind, text);
    }

    /// The staff's language's words.
    pub fn tongue(&self) -> &'static crate::i18n::Tongue {
        self.options.settings.lang.tongue()
    }

    /// An error toast: `what` failed (said by the caller in the staff's
    /// language), and the API's error in it too.
    pub fn error_toast(&mut self, what: &str, err: &ApiError) {
        let text = format!("{what}: {}", self.tongue().api_error(err));
        self.toast(ToastKind::Error, text);
    }
}

/// `https://shop.example.com:8443/x` → `shop.example.com:8443`.
pub fn host_of(base_url: &str) -> String {
    let rest = base_url
        .split_once("://")
        .map_or(base_url, |(_, rest)| rest);
    rest.split('/').next().unwrap_or(rest).to_string()
}
