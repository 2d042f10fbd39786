//! The one model of the app: a stack of screens, at most one modal overlay,
//! toasts, and what the status bar shows.

use std::time::{Duration, Instant};

use crate::api::ApiError;

use super::AppOptions;
use super::keymap::Scope;
use super::msg::ReqId;
use super::screens::customer_picker::CustomerPicker;
use super::screens::enroll::EnrollForm;
use super::screens::event::EventScreen;
use super::screens::events::EventsScreen;
use super::screens::palette::Palette;
use super::screens::revoke::RevokeConfirm;
use super::screens::ticket::TicketScreen;
use super::screens::tickets::TicketsScreen;

/// How long a toast stays.
pub const TOAST_TTL: Duration = Duration::from_secs(5);

/// Data that comes from the API: loading, there, or failed.
#[derive(Debug, Clone)]
pub enum Remote<T> {
    Loading,
    Loaded(T),
    Failed(ApiError),
}

impl<T> Remote<T> {
    pub fn loaded(&self) -> Option<&T> {
        match self {
            Self::Loaded(v) => Some(v),
            _ => None,
        }
    }
}

/// How far a streamed list has come.
#[derive(Debug, Clone, PartialEq)]
pub enum Progress {
    /// `done` of `total` pages are in (`total` 0: not known yet).
    Loading { done: u32, total: u32 },
    /// Every page is in.
    Done,
    /// A page failed; what was loaded stays.
    Failed(ApiError),
}

impl Progress {
    pub fn is_loading(&self) -> bool {
        matches!(self, Self::Loading { .. })
    }
    /// Counts one more page in.
    pub fn page_in(&mut self, pages: u32) {
        let (done, total) = match self {
            Self::Loading { done, .. } => (*done + 1, pages.max(1)),
            _ => (1, pages.max(1)),
        };
        *self = if done >= total {
            Self::Done
        } else {
            Self::Loading { done, total }
        };
    }
}

/// A selection in a list and the first row shown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nav {
    pub selected: usize,
    pub offset: usize,
}

impl Nav {
    /// Moves the selection by `delta` rows in a list of `len`, keeping it
    /// within the `height` rows shown.
    pub fn move_by(&mut self, delta: isize, len: usize, height: usize) {
        let target = self.selected.saturating_add_signed(delta);
        self.select(target, len, height);
    }

    /// Selects row `index` (clamped) and scrolls it into view.
    pub fn select(&mut self, index: usize, len: usize, height: usize) {
        self.selected = index.min(len.saturating_sub(1));
        self.fit(len, height);
    }

    /// Keeps the selection inside the window after the list or window changed.
    pub fn fit(&mut self, len: usize, height: usize) {
        let height = height.max(1);
        self.selected = self.selected.min(len.saturating_sub(1));
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + height {
            self.offset = self.selected + 1 - height;
        }
        self.offset = self.offset.min(len.saturating_sub(height));
    }
}

/// One screen of the stack.
// The stack holds a handful of screens: boxing them would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Screen {
    Events(EventsScreen),
    Event(EventScreen),
    Tickets(TicketsScreen),
    Ticket(TicketScreen),
}

impl Screen {
    pub fn scope(&self) -> Scope {
        match self {
            Self::Events(_) => Scope::Events,
            Self::Event(_) => Scope::Event,
            Self::Tickets(_) => Scope::Tickets,
            Self::Ticket(_) => Scope::Ticket,
        }
    }

    /// The list this screen is still streaming in, if any: the request to
    /// cancel when the screen goes away or reads again.
    pub fn streaming(&self) -> Option<ReqId> {
        match self {
            Self::Events(s) => s.progress.is_loading().then_some(s.req),
            Self::Tickets(s) => s.progress.is_loading().then_some(s.req),
            Self::Event(_) | Self::Ticket(_) => None,
        }
    }
}

/// A modal window over the screens; it takes every key while open.
#[derive(Debug, Clone)]
pub enum Overlay {
    Help,
    Palette(Palette),
    Enroll(EnrollForm),
    Picker(CustomerPicker),
    Revoke(RevokeConfirm),
}

impl Overlay {
    /// The list this overlay is still streaming in (the picker's customers),
    /// if any. An enroll it is sending is a write and is never named here.
    pub fn streaming(&self) -> Option<ReqId> {
        match self {
            Self::Picker(p) => p.progress.is_loading().then_some(p.req),
            Self::Help | Self::Palette(_) | Self::Enroll(_) | Self::Revoke(_) => None,
        }
    }
}

/// Whether a toast reports success or trouble.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToastKind {
    Info,
    Error,
}

/// A short message in the corner that goes away by itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toast {
    pub kind: ToastKind,
    pub text: String,
    pub until: Instant,
}

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
    /// Terminal columns and rows.
    pub size: (u16, u16),
    pub stack: Vec<Screen>,
    pub overlay: Option<Overlay>,
    pub toasts: Vec<Toast>,
    /// Executor tasks not yet finished.
    pub in_flight: usize,
    pub last_error: Option<String>,
    /// Re-reads of single tickets after an unclear revoke.
    pub rereads: Vec<ReqId>,
    pub quit: bool,
    next_req: ReqId,
}

impl Model {
    /// A model showing the (not yet loaded) events list; `update::start`
    /// returns the commands that load it.
    pub fn new(options: AppOptions, base_url: &str, now: Instant, size: (u16, u16)) -> Self {
        Self {
            options,
            host: host_of(base_url),
            no_color: false,
            now,
            size,
            stack: Vec::new(),
            overlay: None,
            toasts: Vec::new(),
            in_flight: 0,
            last_error: None,
            rereads: Vec::new(),
            quit: false,
            next_req: 1,
        }
    }

    /// A fresh request id.
    pub fn req(&mut self) -> ReqId {
        let id = self.next_req;
        self.next_req += 1;
        id
    }

    /// The id the next request will get (taken with [`Self::req`]).
    pub fn peek_req(&self) -> ReqId {
        self.next_req
    }

    pub fn top(&self) -> Option<&Screen> {
        self.stack.last()
    }

    pub fn top_mut(&mut self) -> Option<&mut Screen> {
        self.stack.last_mut()
    }

    pub fn toast(&mut self, kind: ToastKind, text: impl Into<String>) {
        let text = text.into();
        if kind == ToastKind::Error {
            self.last_error = Some(text.clone());
        }
        self.toasts.push(Toast {
            kind,
            text,
            until: self.now + TOAST_TTL,
        });
        // A burst of errors must not fill the screen.
        if self.toasts.len() > 3 {
            self.toasts.remove(0);
        }
    }

    pub fn error_toast(&mut self, what: &str, err: &ApiError) {
        self.toast(ToastKind::Error, format!("{what}: {}", error_text(err)));
    }
}

/// An API error as the user reads it: the API's message and its code.
pub fn error_text(err: &ApiError) -> String {
    match (err, err.code()) {
        (ApiError::Api { message, errors }, Some(code)) => {
            let detail = errors
                .first()
                .map(|e| e.message.as_str())
                .filter(|m| *m != message.as_str());
            match detail {
                Some(d) => format!("{message}: {d} (code {code})"),
                None => format!("{message} (code {code})"),
            }
        }
        _ => err.to_string(),
    }
}

/// `https://shop.example.com:8443/x` → `shop.example.com:8443`.
pub fn host_of(base_url: &str) -> String {
    let rest = base_url
        .split_once("://")
        .map_or(base_url, |(_, rest)| rest);
    rest.split('/').next().unwrap_or(rest).to_string()
}
