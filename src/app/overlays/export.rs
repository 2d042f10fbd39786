//! `:export [path]` (or `w`): asks where to write the rows shown — all of
//! them, filtered and sorted as shown — offering `<list>.csv` in the
//! working directory; a `.json` name writes JSON. A file that is there is
//! never overwritten without a `y`. A toast says where and how many.

use std::path::PathBuf;

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::text::{Line, Span};
use tui_input::Input;
use tui_input::backend::crossterm::to_input_request;

use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::export::{ExportError, Snapshot};
use crate::app::layout::Layout;
use crate::app::msg::Reply;
use crate::app::state::{ReqId, ToastKind};
use crate::ui::table::truncate;
use crate::ui::{Theme, widgets};

use super::{OverlayComponent, OverlayOutcome};

/// What a screen hands over to be exported.
#[derive(Debug, Clone)]
pub struct Export {
    /// The suggested file name without extension (`tickets-1002`).
    pub stem: String,
    /// What the rows are called in the toast ("tickets").
    pub noun: &'static str,
    pub rows: Snapshot,
}

/// The export prompt.
#[derive(Debug, Clone)]
pub struct ExportFile {
    export: Export,
    path: Input,
    sending: Option<ReqId>,
    /// The file is there: `y` overwrites it.
    exists: Option<PathBuf>,
    error: Option<String>,
    /// The language of the toast that says it is written (the one of the
    /// key that sent it).
    lang: crate::i18n::Lang,
}

impl ExportFile {
    /// The prompt, on `path` or the suggested name.
    pub fn new(export: Export, path: Option<String>) -> Self {
        let path = path.unwrap_or_else(|| {
            crate::app::export::default_path(&export.stem, |_| false)
                .to_string_lossy()
                .into_owned()
        });
        Self {
            export,
            path: Input::new(path),
            sending: None,
            exists: None,
            error: None,
            lang: crate::i18n::Lang::EN,
        }
    }

    /// Writes to the path typed (`overwrite`: even if it is there).
    pub fn send(&mut self, overwrite: bool, ctx: &mut Ctx) -> OverlayOutcome {
        self.lang = ctx.lang;
        let path = self.path.value().trim();
        if path.is_empty() {
            self.error = Some(ctx.lang.tongue().t("export-type-name"));
            return OverlayOutcome::Stay;
        }
        let req = ctx.ids.take();
        self.sending = Some(req);
        self.exists = None;
        self.error = None;
        OverlayOutcome::Run(vec![Cmd::Export {
            req,
            path: PathBuf::from(path),
            overwrite,
            rows: self.export.rows.clone(),
        }])
    }
}

impl OverlayComponent for ExportFile {
    fn asks(&self) -> bool {
        self.exists.is_some()
    }

    fn typing(&self) -> bool {
        self.sending.is_none() && self.exists.is_none()
    }

    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        if self.sending.is_some() {
            return OverlayOutcome::Stay;
        }
        if self.exists.is_some() {
            if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                return self.send(true, ctx);
            }
            // Anything else: back to the name, to change it.
            self.exists = None;
            return OverlayOutcome::Stay;
        }
        match key.code {
            KeyCode::Esc => OverlayOutcome::CloseWith(
                ToastKind::Info,
                ctx.lang.tongue().t("toast-export-cancelled"),
            ),
            KeyCode::Enter => self.send(false, ctx),
            _ => {
                if let Some(req) = to_input_request(&TermEvent::Key(key)) {
                    self.path.handle(req);
                    self.error = None;
                }
                OverlayOutcome::Stay
            }
        }
    }

    fn owns(&self, req: ReqId) -> bool {
        self.sending == Some(req)
    }

    fn reply(&mut self, _req: ReqId, reply: Reply) -> OverlayOutcome {
        let Reply::Exported { path, result } = reply else {
            return OverlayOutcome::Stay;
        };
        self.sending = None;
        match result {
            Ok(n) => {
                let t = self.lang.tongue();
                OverlayOutcome::CloseWith(
                    ToastKind::Info,
                    t.ta(
                        "export-done",
                        &[
                            ("count", &t.number(n as u64)),
                            ("noun", &t.list_noun(self.export.noun)),
                            ("path", &path.display()),
                        ],
                    ),
                )
            }
            Err(ExportError::Exists(p)) => {
                self.exists = Some(p);
                OverlayOutcome::Stay
            }
            Err(ExportError::Io(e)) => {
                self.error = Some(e);
                OverlayOutcome::Stay
            }
        }
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let t = theme.tongue();
        let n = self.export.rows.0.len();
        let title = t.ta(
            "export-title",
            &[
                ("count", &t.number(n as u64)),
                ("noun", &t.list_noun(self.export.noun)),
            ],
        );
        let inner = widgets::popup(frame, layout.popup(60, 8), theme, &title);
        let room = usize::from(inner.width).saturating_sub(7);
        let mut lines = vec![
            Line::from(vec![
                Span::styled(format!("{}  ", t.t("export-file")), theme.muted()),
                Span::styled(truncate(self.path.value(), room), theme.focus()),
                Span::styled("▏", theme.focus()),
            ]),
            Line::styled(t.t("export-how"), theme.muted()),
        ];
        if let Some(p) = &self.exists {
            lines.push(Line::styled(
                t.ta("export-exists", &[("path", &p.display())]),
                theme.error(),
            ));
        }
        if let Some(e) = &self.error {
            lines.push(Line::styled(cannot_write(e, t), theme.error()));
        }
        if self.sending.is_some() {
            lines.push(Line::styled(t.t("export-writing"), theme.muted()));
        }
        let keys = if self.exists.is_some() {
            Line::from(vec![
                Span::styled("y", theme.key()),
                Span::raw(format!(" {}    ", t.t("export-key-overwrite"))),
                Span::styled(t.t("revoke-key-other"), theme.key()),
                Span::raw(format!(" {}", t.t("export-key-rename"))),
            ])
        } else {
            Line::from(vec![
                Span::styled("Enter", theme.key()),
                Span::raw(format!(" {}    ", t.t("export-key-write"))),
                Span::styled("Esc", theme.key()),
                Span::raw(format!(" {}", t.t("revoke-key-cancel"))),
            ])
        };
        super::text_above_keys(frame, inner, lines, keys);
    }
}

/// A failed write ("cannot write PATH: why", the writer's English) in the
/// staff's language; the system's own reason stays as it said it.
fn cannot_write(e: &str, t: &crate::i18n::Tongue) -> String {
    match e
        .strip_prefix("cannot write ")
        .and_then(|r| r.split_once(": "))
    {
        Some((path, error)) => t.ta("export-cannot-write", &[("path", &path), ("error", &error)]),
        None => e.to_owned(),
    }
}
