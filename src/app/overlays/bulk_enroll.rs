//! `:enroll-from <file>` on a tickets list: a CSV of e-mails and names
//! (`email,name,last name`), read, then a dry run — who is new, who is
//! already enrolled (in the list loaded), which lines are not e-mails —
//! and, after `y`, one enrollment at a time (each sent once and audited)
//! with progress, a stop key and the summary, as the bulk revoke.

use std::collections::HashSet;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::text::{Line, Span};

use crate::api::ApiError;
use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::layout::Layout;
use crate::app::msg::Reply;
use crate::app::state::{ReqId, ToastKind};
use crate::bulk::{BulkRun, ItemEnd, Person, Then, people};
use crate::ui::{Theme, widgets};

use super::{OverlayComponent, OverlayOutcome};

/// The API's code for "already enrolled in that edition".
const ALREADY_ENROLLED: i64 = 1006;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Reading,
    Confirm,
    Running,
    Done,
}

/// Enrolling a file of people into the list's edition.
#[derive(Debug, Clone)]
pub struct BulkEnroll {
    /// The read of the file.
    read: ReqId,
    path: String,
    pub event_id: u64,
    target: String,
    /// E-mails (lower case) already holding a ticket that is not unenrolled.
    enrolled: HashSet<String>,
    run: BulkRun<Person>,
    phase: Phase,
    /// The language of what it tells before a key is pressed.
    lang: crate::i18n::Lang,
}

impl BulkEnroll {
    /// Waits for the file `path` (read as `read`), speaking `lang`.
    pub fn reading(
        (read, lang): (ReqId, crate::i18n::Lang),
        path: String,
        event_id: u64,
        target: String,
        enrolled: HashSet<String>,
    ) -> Self {
        Self {
            read,
            path,
            event_id,
            target,
            enrolled,
            run: BulkRun::new(Vec::new(), ALREADY_ENROLLED, |_| None),
            phase: Phase::Reading,
            lang,
        }
    }

    /// Whether `req` is its read or one of its enrollments.
    pub fn holds(&self, req: ReqId) -> bool {
        self.read == req || self.run.owns(req)
    }

    pub fn done(&self) -> bool {
        self.phase == Phase::Done
    }

    fn send_next(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let event_id = self.event_id;
        let sent = self
            .run
            .write_next(ctx.ids.take(), |req, p| Cmd::EnrollByEmail {
                req,
                event_id,
                person: p.attendee.clone(),
                enrollment_type: crate::api::paths::DEFAULT_ENROLLMENT_TYPE.into(),
            });
        if self.run.finished() {
            self.phase = Phase::Done;
        }
        sent.into_iter().collect()
    }

    /// The answer to one of its enrollments.
    pub fn answered(
        &mut self,
        req: ReqId,
        result: &Result<(), ApiError>,
        ctx: &mut Ctx,
    ) -> Vec<Cmd> {
        if let Some(Then::Reread(i)) = self.run.answered(req, result) {
            // Never sent again: it stays "outcome unknown"; the list is read
            // again at the end, and the summary says to look.
            let read = ctx.ids.take();
            self.run.rereading(i, read);
            self.run.settle(read, None, "");
        }
        self.send_next(ctx)
    }

    fn counts(&self) -> (usize, usize, usize) {
        let (mut new, mut skip, mut bad) = (0, 0, 0);
        for i in 0..self.run.items().len() {
            match self.run.end(i) {
                None => new += 1,
                Some(ItemEnd::Skipped(_)) => skip += 1,
                Some(_) => bad += 1,
            }
        }
        (new, skip, bad)
    }
}

impl OverlayComponent for BulkEnroll {
    fn asks(&self) -> bool {
        matches!(self.phase, Phase::Confirm)
    }

    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        match self.phase {
            Phase::Reading => OverlayOutcome::Stay,
            Phase::Confirm => {
                if super::bulk_revoke::yes(&key) && self.counts().0 > 0 {
                    self.phase = Phase::Running;
                    OverlayOutcome::Run(self.send_next(ctx))
                } else {
                    super::bulk_revoke::cancelled("toast-bulk-enroll-cancelled", ctx)
                }
            }
            Phase::Running => {
                if super::bulk_revoke::stopped_by(&key, &mut self.run) {
                    self.phase = Phase::Done;
                }
                OverlayOutcome::Stay
            }
            Phase::Done => {
                let summary = self.run.summary();
                OverlayOutcome::CloseWith(
                    crate::app::state::summary_kind(&summary),
                    ctx.lang
                        .tongue()
                        .bulk_summary(&summary, "bulk-verb-enrolled"),
                )
            }
        }
    }

    fn owns(&self, req: ReqId) -> bool {
        self.read == req
    }

    fn reply(&mut self, _req: ReqId, reply: Reply) -> OverlayOutcome {
        let Reply::FileRead(result) = reply else {
            return OverlayOutcome::Stay;
        };
        let text = match result {
            Ok(text) => text,
            Err(e) => {
                return OverlayOutcome::CloseWith(ToastKind::Error, self.lang.tongue().said(&e));
            }
        };
        let mut list = people(&text);
        if list.is_empty() {
            return OverlayOutcome::CloseWith(
                ToastKind::Error,
                self.lang
                    .tongue()
                    .ta("bulk-no-people", &[("path", &self.path)]),
            );
        }
        let mut seen = HashSet::new();
        for p in &mut list {
            if p.invalid.is_none() && !seen.insert(p.attendee.email.to_lowercase()) {
                p.invalid = Some("listed twice".into());
            }
        }
        let enrolled = &self.enrolled;
        self.run = BulkRun::new(list, ALREADY_ENROLLED, |p| {
            if let Some(why) = &p.invalid {
                return Some(ItemEnd::Failed(format!("line {}: {why}", p.line)));
            }
            enrolled
                .contains(&p.attendee.email.to_lowercase())
                .then(|| ItemEnd::Skipped("already enrolled".into()))
        });
        self.phase = Phase::Confirm;
        OverlayOutcome::Stay
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let (seen, total) = self.run.progress();
        let t = theme.tongue();
        let title = match self.phase {
            Phase::Reading | Phase::Confirm => t.ta("bulk-enroll-title", &[("path", &self.path)]),
            Phase::Running => t.ta("bulk-enrolling", &[("seen", &seen), ("total", &total)]),
            Phase::Done => t.t("bulk-enroll-done"),
        };
        let inner = widgets::popup(frame, layout.popup(64, 14), theme, &title);
        let width = usize::from(inner.width);
        let mut lines = Vec::new();
        match self.phase {
            Phase::Reading => lines.push(Line::styled(t.t("panel-reading"), theme.muted())),
            Phase::Confirm => {
                let (new, skip, bad) = self.counts();
                lines.push(Line::raw(format!("{} {}", t.t("enroll-into"), self.target)));
                lines.push(Line::raw(t.ta(
                    "bulk-enroll-counts",
                    &[("new", &new), ("skip", &skip), ("bad", &bad)],
                )));
                let items = self.run.items();
                for (i, p) in items.iter().enumerate().take(6) {
                    let what = match self.run.end(i) {
                        None => t.t("bulk-enroll-new"),
                        Some(
                            ItemEnd::Skipped(why) | ItemEnd::Failed(why) | ItemEnd::Unknown(why),
                        ) => t.bulk_why(why),
                        Some(ItemEnd::Done) => String::new(),
                    };
                    lines.push(Line::from(vec![
                        Span::styled(
                            crate::ui::table::truncate(&p.attendee.email, width / 2),
                            theme.header(),
                        ),
                        Span::styled(format!("  {what}"), theme.muted()),
                    ]));
                }
                if items.len() > 6 {
                    lines.push(Line::styled(
                        t.ta("bulk-more", &[("count", &(items.len() - 6))]),
                        theme.muted(),
                    ));
                }
            }
            Phase::Running | Phase::Done => {
                if let Some(p) = self.run.current() {
                    lines.push(Line::raw(format!(
                        "{}  {}",
                        t.t("bulk-now"),
                        p.attendee.email
                    )));
                }
                let parts = super::summary_parts(&self.run.summary(), "bulk-verb-enrolled", t);
                for text in widgets::flow(&parts, " · ", width) {
                    lines.push(Line::raw(text));
                }
                if self.run.stopped() {
                    lines.push(Line::styled(t.t("bulk-stopped"), theme.muted()));
                }
            }
        }
        let keys = match self.phase {
            Phase::Confirm if self.counts().0 > 0 => Line::from(vec![
                Span::styled("y", theme.key()),
                Span::raw(format!(
                    " {}    ",
                    t.ta("bulk-key-enroll", &[("count", &self.counts().0)])
                )),
                Span::styled(t.t("revoke-key-other"), theme.key()),
                Span::raw(format!(" {}", t.t("revoke-key-cancel"))),
            ]),
            Phase::Running => Line::from(vec![
                Span::styled("s", theme.key()),
                Span::raw(format!(" {}", t.t("bulk-key-stop"))),
            ]),
            _ => Line::from(vec![
                Span::styled(t.t("bulk-key-any"), theme.key()),
                Span::raw(format!(" {}", t.t("bulk-key-close"))),
            ]),
        };
        super::text_above_keys(frame, inner, lines, keys);
    }
}
