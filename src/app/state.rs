//! State types every screen and overlay shares: request ids, what remote data
//! looks like while it loads, a list's selection, and error wording. Kept
//! apart from `model` so that screens never see the whole model.

use crate::api::ApiError;
use crate::store::StoreError;

/// The id a request carries so that its answer can be matched (or dropped).
pub type ReqId = u64;

/// Hands out request ids; each answer names the id it answers.
#[derive(Debug, Clone)]
pub struct RequestIds {
    next: ReqId,
}

impl Default for RequestIds {
    fn default() -> Self {
        Self { next: 1 }
    }
}

impl RequestIds {
    /// A fresh request id.
    pub fn take(&mut self) -> ReqId {
        let id = self.next;
        self.next += 1;
        id
    }

    /// The id the next [`Self::take`] will return.
    pub fn peek(&self) -> ReqId {
        self.next
    }
}

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
            Self::Loading | Self::Failed(_) => None,
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
    /// The local store the list is read from (the audit log) failed.
    StoreFailed(StoreError),
}

impl Progress {
    pub fn is_loading(&self) -> bool {
        matches!(self, Self::Loading { .. })
    }

    /// Counts one more page in.
    pub fn page_in(&mut self, pages: u32) {
        let (done, total) = match self {
            Self::Loading { done, .. } => (*done + 1, pages.max(1)),
            Self::Done | Self::Failed(_) | Self::StoreFailed(_) => (1, pages.max(1)),
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

    /// The row a movement key lands on, in a list of `len` showing `height`.
    pub fn target(&self, step: Step, len: usize, height: usize) -> usize {
        let sel = self.selected;
        let page = height.max(1);
        match step {
            Step::Up => sel.saturating_sub(1),
            Step::Down => sel + 1,
            Step::Top => 0,
            Step::Bottom => len.saturating_sub(1),
            Step::PageUp => sel.saturating_sub(page),
            Step::PageDown => sel + page,
        }
    }
}

/// A movement of the selection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Up one row.
    Up,
    /// Down one row.
    Down,
    /// To the first row.
    Top,
    /// To the last row.
    Bottom,
    /// Up one page.
    PageUp,
    /// Down one page.
    PageDown,
}

impl Step {
    /// The step's name in config.toml's `[keys.<screen>]` tables.
    pub fn name(self) -> &'static str {
        match self {
            Self::Up => "up",
            Self::Down => "down",
            Self::Top => "top",
            Self::Bottom => "bottom",
            Self::PageUp => "page_up",
            Self::PageDown => "page_down",
        }
    }
}

/// Whether a toast reports success or trouble.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToastKind {
    Info,
    Error,
}

/// How a run of many writes is toasted when it ends: ✓ only when nothing
/// failed and nothing is unknown; else ✗, whatever went through.
pub fn summary_kind(summary: &crate::bulk::Summary) -> ToastKind {
    if summary.failed == 0 && summary.unknown == 0 {
        ToastKind::Info
    } else {
        ToastKind::Error
    }
}

/// An API error as the user reads it: the API's message and its code.
pub fn error_text(err: &ApiError) -> String {
    crate::i18n::api_error_text(err)
}

/// An API error's human line in `t`'s language (`Tongue::api_error`).
pub fn error_line(err: &ApiError, t: &crate::i18n::Tongue) -> String {
    t.api_error(err)
}

/// " (R retries)", put before a failed read's message (which may be cut
/// at the screen's edge) when reading again may mend it (no answer, a
/// server error, a body that could not be read, a rate limit); nothing
/// when it cannot (a wrong key, a missing record).
pub fn retry_hint(err: &ApiError) -> &'static str {
    let limited = matches!(err, ApiError::Status { status: 429, .. });
    if err.outcome_unknown() || limited {
        " (R retries)"
    } else {
        ""
    }
}

/// True when a write may or may not have taken effect (no answer came).
pub fn ambiguous(e: &ApiError) -> bool {
    e.outcome_unknown()
}
