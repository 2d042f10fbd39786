//! Overlays: windows over the screens that take every key while open (help,
//! the command palette, the enroll form, the customer picker, enrolling a
//! customer in an event, the revoke confirmation, the search for a ticket
//! number), and the toasts in the corner. [`Overlay`] dispatches to
//! them in one place, without wildcard arms.

pub mod bulk_enroll;
pub mod bulk_revoke;
pub mod customer_picker;
pub mod enroll;
pub mod enroll_in;
pub mod export;
pub mod find_ticket;
pub mod help;
pub mod note;
pub mod palette;
pub mod revoke;
pub mod toasts;
pub mod views;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;

use ratatui::text::Line;

use crate::ui::{Theme, widgets};

use super::cmd::Cmd;
use super::ctx::Ctx;
use super::layout::{Layout, line};
use super::msg::Reply;
use super::state::{ReqId, ToastKind};

/// Draws `lines` in `inner` above `keys`, which keep its bottom line
/// however small the window: nobody should have to guess what confirms.
pub fn text_above_keys(frame: &mut Frame, inner: Rect, lines: Vec<Line<'_>>, keys: Line<'_>) {
    frame.render_widget(keys, line(inner, inner.height.saturating_sub(1)));
    let inner = Rect {
        height: inner.height.saturating_sub(1),
        ..inner
    };
    widgets::text(frame, inner, lines);
}

/// A picker popup over a list (the customer picker, enrolling in an event):
/// at most `max_width` columns and 24 rows, inside the screen.
pub fn list_popup(layout: &Layout, max_width: u16) -> Rect {
    let (w, h) = (layout.full.width, layout.full.height);
    layout.popup(
        w.saturating_sub(4).min(max_width),
        h.saturating_sub(2).min(24),
    )
}

/// The table inside a picker popup: below its two heading lines (what and
/// the filter), above its hint line.
pub fn list_popup_table(popup: Rect) -> Rect {
    let inner = crate::ui::widgets::inner(popup);
    Rect {
        y: inner.y + 2,
        height: inner.height.saturating_sub(3),
        ..inner
    }
}

/// A picker's key line in the staff's language: with `filter` the typed
/// filter first and Esc cancels; without, Esc goes back.
pub fn picking_hint(theme: Theme, filter: bool) -> Vec<ratatui::text::Span<'static>> {
    let t = theme.tongue();
    let own = |key: &str, what: &str| -> Vec<ratatui::text::Span<'static>> {
        widgets::key_hint(theme, key, &t.t(what))
            .into_iter()
            .map(|s| ratatui::text::Span::styled(s.content.into_owned(), s.style))
            .collect()
    };
    let mut h = Vec::new();
    if filter {
        h.extend(own(&t.t("picker-key-type"), "picker-key-filter"));
    }
    h.extend(own("↑↓", "picker-key-move"));
    h.extend(own("Enter", "picker-key-pick"));
    h.extend(own(
        "Esc",
        if filter {
            "picker-key-cancel"
        } else {
            "picker-key-back"
        },
    ));
    h
}

/// A bulk run's counts in parts, in the staff's language
/// ([`crate::bulk::Summary::parts`] in English); `verb` is the message
/// of the done word ("bulk-verb-enrolled").
pub fn summary_parts(s: &crate::bulk::Summary, verb: &str, t: &crate::i18n::Tongue) -> Vec<String> {
    let part = |id: &str, count: usize| t.ta(id, &[("count", &count)]);
    let mut parts = vec![
        t.ta(
            "bulk-part-done",
            &[("count", &s.done), ("verb", &t.t(verb))],
        ),
        part("bulk-part-skipped", s.skipped),
        part("bulk-part-failed", s.failed),
        part("bulk-part-unknown", s.unknown),
    ];
    if s.not_sent > 0 {
        parts.push(part("bulk-part-not-sent", s.not_sent));
    }
    if s.waiting > 0 {
        parts.push(part("bulk-part-waiting", s.waiting));
    }
    parts
}

/// What an overlay asks the app to do after a key or a reply.
#[derive(Debug)]
pub enum OverlayOutcome {
    /// Stay open.
    Stay,
    /// Stay open and run these commands (a send).
    Run(Vec<Cmd>),
    /// Close, running these commands.
    Close(Vec<Cmd>),
    /// Close and tell the user why.
    CloseWith(ToastKind, String),
    /// Stay open and tell the user something.
    Toast(ToastKind, String),
    /// Close and run a palette command.
    Command(crate::app::command::Command),
}

/// An enroll an overlay sent: who, into what, and the ids the screens
/// holding that event's tickets or that customer need.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sent {
    /// The person as the toast names them (an e-mail).
    pub who: String,
    /// The event or edition as the toast names it.
    pub target: String,
    pub event_id: Option<u64>,
    pub customer_id: Option<u64>,
}

/// What every overlay answers for.
pub trait OverlayComponent {
    /// Answers a key (every key goes to the open overlay).
    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome;
    /// Whether a reply to `req` is for this overlay (one that reads a list).
    fn owns(&self, _req: ReqId) -> bool {
        false
    }
    /// Takes a reply it owns (not the answer to its own write: see `sending`).
    fn reply(&mut self, _req: ReqId, _reply: Reply) -> OverlayOutcome {
        OverlayOutcome::Stay
    }
    /// The lists still streaming in: cancelled when the overlay closes.
    fn streaming(&self) -> Vec<ReqId> {
        vec![]
    }
    /// The write it sent and waits for, if any (an overlay that writes).
    fn sending(&self) -> Option<ReqId> {
        None
    }
    /// Its write failed: show why and let the user try again or leave.
    /// `refused`: the API (or the app, before sending) said no; the same
    /// write sent again would be refused again, so it is not offered.
    fn send_failed(&mut self, _text: String, _refused: bool) {}
    /// Its write's answer was lost and reading again did not tell: show
    /// why; it must not be sent again (the executor refuses a write whose
    /// same earlier write has no known outcome; a form reads again).
    fn outcome_unknown(&mut self, text: String) {
        self.send_failed(text, false);
    }
    /// What its write sent: for the toast after it succeeded, and for the
    /// screens that read again what it changed.
    fn sent_what(&self) -> Sent {
        Sent::default()
    }
    /// Whether it asks a question a key answers (yes to a write): keys wait
    /// out a burst's gap before they answer, and a burst cancels it.
    fn asks(&self) -> bool {
        false
    }
    /// Whether a text field has the focus: a burst's characters are typed
    /// there (its Enter, Tab and Esc are not taken).
    fn typing(&self) -> bool {
        false
    }
    /// The terminal's size changed.
    fn fit(&mut self, _layout: &Layout) {}
    /// Draws over the screen.
    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme);
}

/// Declares [`Overlay`], one variant per overlay, and its one dispatch
/// over them (`component`, `component_mut`): no wildcard arms, no twin
/// matches to keep in step.
macro_rules! overlays {
    ($($variant:ident($ty:ty),)*) => {
        /// The overlay open over the screens.
        // At most one is open: boxing the larger ones would buy nothing.
        #[allow(clippy::large_enum_variant)]
        #[derive(Debug, Clone)]
        pub enum Overlay {
            $($variant($ty),)*
        }

        impl Overlay {
            /// The overlay as a component: the one dispatch over the enum.
            pub fn component(&self) -> &dyn OverlayComponent {
                match self {
                    $(Self::$variant(o) => o,)*
                }
            }

            /// The same, to change it.
            pub fn component_mut(&mut self) -> &mut dyn OverlayComponent {
                match self {
                    $(Self::$variant(o) => o,)*
                }
            }
        }
    };
}

overlays! {
    Help(help::Help),
    Palette(palette::Palette),
    Enroll(enroll::EnrollForm),
    Picker(customer_picker::CustomerPicker),
    EnrollIn(enroll_in::EnrollIn),
    Revoke(revoke::RevokeConfirm),
    BulkRevoke(bulk_revoke::BulkRevoke),
    BulkEnroll(bulk_enroll::BulkEnroll),
    Export(export::ExportFile),
    Views(views::ViewsPicker),
    FindTicket(find_ticket::FindTicket),
    Note(note::NoteForm),
}
