//! `!` on a ticket or a customer (the ticket's detail, the customer's, a
//! row of a tickets list): the note the door shows beside the verdict
//! (⚑, docs/desk.md "Notes that stop the door"), kept where `boxoffice
//! note` keeps it — the desk log, the shared log when there is one. The
//! note as kept is read first and filled in; Enter keeps what is typed;
//! an emptied note is cleared after a question; Esc keeps nothing.

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::text::{Line, Span};
use tui_input::Input;
use tui_input::backend::crossterm::to_input_request;

use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::layout::Layout;
use crate::app::list::rows::TicketRow;
use crate::app::msg::Reply;
use crate::app::state::{ReqId, ToastKind};
use crate::door::notes::NOTE_MAX;
use crate::store::{DoorDone, DoorOp, KeptNote};
use crate::ui::table::truncate;
use crate::ui::{Theme, widgets};

use super::{Overlay, OverlayComponent, OverlayOutcome};

/// The note form.
#[derive(Debug, Clone)]
pub struct NoteForm {
    /// `ticket` or `customer`, and its id.
    on: &'static str,
    id: u64,
    /// Who or what, as the title names it ("TK-000031 · Ana García").
    title: String,
    /// The note as kept (empty: none), once read.
    kept: Option<String>,
    text: Input,
    reading: Option<ReqId>,
    sending: Option<ReqId>,
    /// The text was emptied: `y` clears the note.
    clearing: bool,
    error: Option<crate::i18n::Said>,
    /// This desk's name and the wall clock, for the note's `by` and `at`.
    by: String,
    at: String,
    /// The language of its toasts (its answer comes without the context).
    lang: crate::i18n::Lang,
}

impl NoteForm {
    /// The form on `on` `id`, with the read of the note kept.
    pub fn open(ctx: &mut Ctx, on: &'static str, id: u64, title: String) -> (Self, Cmd) {
        let req = ctx.ids.take();
        let form = Self {
            on,
            id,
            title,
            kept: None,
            text: Input::default(),
            reading: Some(req),
            sending: None,
            clearing: false,
            error: None,
            by: ctx.desk.to_string(),
            at: ctx.wall.to_string(),
            lang: ctx.lang,
        };
        let read = Cmd::Door {
            req,
            op: DoorOp::Read { event_id: 0 },
        };
        (form, read)
    }

    /// The same as an overlay to open, with the read it needs: a screen
    /// opens it (`Outcome::Overlay`), and the overlay knows no screen.
    pub fn overlay(ctx: &mut Ctx, on: &'static str, id: u64, title: &str) -> (Overlay, Vec<Cmd>) {
        let title = crate::sanitize::clean(title).into_owned();
        let (form, read) = Self::open(ctx, on, id, title);
        (Overlay::Note(form), vec![read])
    }

    /// The form on the ticket of `row` ("TK-000031 · Ana García").
    pub fn on_ticket(ctx: &mut Ctx, row: &TicketRow) -> (Overlay, Vec<Cmd>) {
        let title = if row.attendee().is_empty() {
            row.number().to_string()
        } else {
            format!("{} · {}", row.number(), row.attendee())
        };
        Self::overlay(ctx, "ticket", row.id, &title)
    }

    /// What the note says now, as typed.
    pub fn typed(&self) -> &str {
        self.text.value()
    }

    /// Keeps `text` (empty: clears the note).
    fn send(&mut self, text: String, ctx: &mut Ctx) -> OverlayOutcome {
        let req = ctx.ids.take();
        self.sending = Some(req);
        self.clearing = false;
        self.error = None;
        OverlayOutcome::Run(vec![Cmd::Door {
            req,
            op: DoorOp::SetNote(KeptNote {
                on: self.on.into(),
                id: self.id,
                text,
                by: self.by.clone(),
                at: self.at.clone(),
            }),
        }])
    }

    /// Enter: the text typed kept, an emptied note cleared after a
    /// question, nothing sent when nothing changed.
    fn enter(&mut self, ctx: &mut Ctx) -> OverlayOutcome {
        let text = self.text.value().trim().to_string();
        let kept = self.kept.clone().unwrap_or_default();
        if text == kept {
            let said = ctx.lang.tongue().t(if kept.is_empty() {
                "toast-note-none-written"
            } else {
                "toast-note-unchanged"
            });
            return OverlayOutcome::CloseWith(ToastKind::Info, said);
        }
        if text.chars().count() > NOTE_MAX {
            self.error = Some(crate::i18n::Said::new("note-too-long").arg("max", NOTE_MAX));
            return OverlayOutcome::Stay;
        }
        if text.is_empty() {
            self.clearing = true;
            return OverlayOutcome::Stay;
        }
        self.send(text, ctx)
    }
}

impl OverlayComponent for NoteForm {
    fn asks(&self) -> bool {
        self.clearing
    }

    fn typing(&self) -> bool {
        self.reading.is_none() && self.sending.is_none() && !self.clearing
    }

    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        if key.code == KeyCode::Esc && !self.clearing {
            return OverlayOutcome::CloseWith(
                ToastKind::Info,
                ctx.lang.tongue().t("toast-note-not-changed"),
            );
        }
        if self.sending.is_some() || self.reading.is_some() {
            return OverlayOutcome::Stay;
        }
        if self.clearing {
            if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                return self.send(String::new(), ctx);
            }
            // Anything else: back to the text.
            self.clearing = false;
            return OverlayOutcome::Stay;
        }
        if key.code == KeyCode::Enter {
            return self.enter(ctx);
        }
        if let Some(req) = to_input_request(&TermEvent::Key(key)) {
            self.text.handle(req);
            self.error = None;
        }
        OverlayOutcome::Stay
    }

    fn owns(&self, req: ReqId) -> bool {
        self.reading == Some(req) || self.sending == Some(req)
    }

    fn reply(&mut self, req: ReqId, reply: Reply) -> OverlayOutcome {
        let Reply::Door(result) = reply else {
            return OverlayOutcome::Stay;
        };
        if self.reading == Some(req) {
            self.reading = None;
            match result {
                Ok(DoorDone::State(state)) => {
                    let kept = state
                        .notes
                        .iter()
                        .find(|n| n.on == self.on && n.id == self.id)
                        .map(|n| crate::sanitize::clean(&n.text).into_owned())
                        .unwrap_or_default();
                    self.text = Input::new(kept.clone());
                    self.kept = Some(kept);
                }
                Ok(_) => self.kept = Some(String::new()),
                Err(e) => {
                    self.kept = Some(String::new());
                    self.error = Some(crate::i18n::Said::new("note-read-failed").store("error", e));
                }
            }
            return OverlayOutcome::Stay;
        }
        self.sending = None;
        match result {
            Ok(_) => {
                let text = self.text.value().trim();
                let t = self.lang.tongue();
                let said = if text.is_empty() {
                    t.ta("toast-note-cleared", &[("title", &self.title)])
                } else {
                    t.ta("toast-noted", &[("title", &self.title), ("text", &text)])
                };
                OverlayOutcome::CloseWith(ToastKind::Info, said)
            }
            Err(e) => {
                self.error = Some(crate::i18n::Said::new("note-not-kept").store("error", e));
                OverlayOutcome::Stay
            }
        }
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let t = theme.tongue();
        let title = format!("⚑ {}", t.ta("note-title", &[("on", &self.title)]));
        let inner = widgets::popup(frame, layout.popup(64, 8), theme, &title);
        let room = usize::from(inner.width).saturating_sub(7);
        let value = self.text.value();
        // The end of a long note stays in sight while it is typed.
        let n = value.chars().count();
        let shown = if n > room {
            let tail: String = value.chars().skip(n + 1 - room).collect();
            format!("…{tail}")
        } else {
            value.to_string()
        };
        let mut lines = vec![
            if self.reading.is_some() {
                Line::styled(t.t("note-reading"), theme.muted())
            } else {
                Line::from(vec![
                    Span::styled(format!("{}  ", t.t("note-label")), theme.muted()),
                    Span::styled(truncate(&shown, room), theme.focus()),
                    Span::styled("▏", theme.focus()),
                ])
            },
            Line::styled(t.t("note-how"), theme.muted()),
        ];
        if self.clearing {
            lines.push(Line::styled(
                t.ta("note-ask-clear", &[("on", &self.title)]),
                theme.error(),
            ));
        }
        if let Some(e) = &self.error {
            lines.push(Line::styled(t.said(e), theme.error()));
        }
        if self.sending.is_some() {
            lines.push(Line::styled(t.t("note-keeping"), theme.muted()));
        }
        let keys = if self.clearing {
            Line::from(vec![
                Span::styled("y", theme.key()),
                Span::raw(format!(" {}    ", t.t("note-key-clear"))),
                Span::styled(t.t("revoke-key-other"), theme.key()),
                Span::raw(format!(" {}", t.t("ask-key-back"))),
            ])
        } else {
            Line::from(vec![
                Span::styled("Enter", theme.key()),
                Span::raw(format!(" {}    ", t.t("note-key-keep"))),
                Span::styled("Esc", theme.key()),
                Span::raw(format!(" {}", t.t("revoke-key-cancel"))),
            ])
        };
        super::text_above_keys(frame, inner, lines, keys);
    }
}
