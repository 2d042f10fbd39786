//! Revoking the marked tickets: one confirmation naming how many and the
//! first few, then one revoke at a time (each sent once, exclusive and
//! audited like a single revoke) with a progress line and a stop key, and
//! a summary at the end — revoked / skipped / failed / outcome unknown.
//! What is left (failed, unknown, not sent) stays marked; `R` here tries
//! those again (after the same question).
//!
//! The writes' state is a [`BulkRun`]; `update` hands this overlay the
//! answers it owns after telling the screens what changed.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::text::{Line, Span};

use crate::api::ApiError;
use crate::api::settle::Unsettled;
use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::layout::Layout;
use crate::app::list::rows::TicketRow;
use crate::app::msg::Reply;
use crate::app::state::{ReqId, ToastKind};
use crate::bulk::{BulkRun, ItemEnd, Then};
use crate::ui::{Theme, widgets};

use super::{OverlayComponent, OverlayOutcome};

/// The API's code for "already revoked".
const ALREADY_REVOKED: i64 = 1007;
/// Tickets named in the confirmation.
const NAMED: usize = 5;

/// One marked ticket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marked {
    pub ticket_id: u64,
    pub number: String,
    pub attendee: String,
    /// Already unenrolled when marked: skipped.
    pub unenrolled: bool,
    /// Its status when not confirmed ("open", "pending", "cancelled"),
    /// named in the question; `None` when confirmed.
    pub unconfirmed: Option<&'static str>,
}

impl Marked {
    /// The ticket of `t`; the attendee's name only when `named` (the
    /// confirmation names the first few: 100,000 names copied would cost
    /// more than a frame).
    pub fn new(t: &TicketRow, named: bool) -> Self {
        Self {
            ticket_id: t.id,
            number: t.number().to_string(),
            attendee: if named {
                t.attendee().to_string()
            } else {
                String::new()
            },
            unenrolled: t.is_unenrolled(),
            unconfirmed: match t.status() {
                "confirmed" => None,
                "open" => Some("open"),
                "pending" => Some("pending"),
                "cancelled" => Some("cancelled"),
                _ => Some("not confirmed"),
            },
        }
    }
}

/// Tickets named in the confirmation.
pub const NAMED_FIRST: usize = NAMED;

/// The marked tickets that are not confirmed (and not unenrolled): each
/// status with its count, in the order first met.
fn unconfirmed_counts(items: &[Marked]) -> Vec<(&'static str, usize)> {
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    for status in items
        .iter()
        .filter(|m| !m.unenrolled)
        .filter_map(|m| m.unconfirmed)
    {
        match counts.iter_mut().find(|(s, _)| *s == status) {
            Some((_, n)) => *n += 1,
            None => counts.push((status, 1)),
        }
    }
    counts
}

/// The marked tickets that are not confirmed (and not unenrolled), counted
/// by status: "2 open, 1 cancelled"; empty when there are none.
pub fn unconfirmed(items: &[Marked]) -> String {
    unconfirmed_counts(items)
        .iter()
        .map(|(s, n)| format!("{n} {s}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// [`unconfirmed`] in `t`'s words ("2 abiertas, 1 pendiente").
fn unconfirmed_in(items: &[Marked], t: &crate::i18n::Tongue) -> String {
    if t.lang == crate::i18n::Lang::EN {
        return unconfirmed(items);
    }
    unconfirmed_counts(items)
        .iter()
        .map(|(s, n)| {
            t.ta(
                "bulk-status-count",
                &[("count", n), ("status", &t.status(s))],
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Confirm,
    Running,
    Done,
}

/// The bulk revoke of the marked tickets.
#[derive(Debug, Clone)]
pub struct BulkRevoke {
    run: BulkRun<Marked>,
    phase: Phase,
}

impl BulkRevoke {
    pub fn new(marked: Vec<Marked>) -> Self {
        let run = BulkRun::new(marked, ALREADY_REVOKED, |m| {
            m.unenrolled
                .then(|| ItemEnd::Skipped("already unenrolled".into()))
        });
        Self {
            run,
            phase: Phase::Confirm,
        }
    }

    /// The next write, if one is due; the run ends when none is.
    fn send_next(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let sent = self.run.write_next(ctx.ids.take(), |req, m| Cmd::Revoke {
            req,
            ticket_id: m.ticket_id,
        });
        if self.run.finished() {
            self.phase = Phase::Done;
        }
        sent.into_iter().collect()
    }

    /// Whether `req` is one of its writes or reads.
    pub fn component_owns(&self, req: ReqId) -> bool {
        self.run.owns(req)
    }

    /// Whether `req` reads an unclear revoke again (`Cmd::Settle`).
    pub fn settles(&self, req: ReqId) -> bool {
        self.run.rereads(req)
    }

    /// Whether every write has ended (the summary is shown).
    pub fn done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The tickets to keep marked: failed, unknown, never sent.
    pub fn left(&self) -> Vec<u64> {
        self.run.left().map(|m| m.ticket_id).collect()
    }

    /// The answer to one of its writes (`update` told the screens first).
    pub fn answered(
        &mut self,
        req: ReqId,
        result: &Result<(), ApiError>,
        ctx: &mut Ctx,
    ) -> Vec<Cmd> {
        match self.run.answered(req, result) {
            Some(Then::Reread(i)) => {
                // Sent once: learn what happened by reading the ticket as
                // a single revoke's is settled — the audit row completed
                // when that tells (`Cmd::Settle`, answered as a revoke).
                let read = ctx.ids.take();
                self.run.rereading(i, read);
                let ticket_id = self.run.items()[i].ticket_id;
                let mut cmds = vec![Cmd::Settle {
                    req: read,
                    write: Unsettled::Revoke { ticket_id },
                }];
                cmds.extend(self.send_next(ctx));
                cmds
            }
            Some(Then::Next) => self.send_next(ctx),
            None => vec![],
        }
    }

    /// A ticket read again after an unclear answer: `Some(unenrolled)`, or
    /// `None` when the read failed too; `how`, what the read found.
    pub fn read_again(
        &mut self,
        req: ReqId,
        unenrolled: Option<bool>,
        how: &str,
        ctx: &mut Ctx,
    ) -> Vec<Cmd> {
        if self.run.settle(req, unenrolled, how).is_none() {
            return vec![];
        }
        self.send_next(ctx)
    }
}

/// Whether `key` answers a bulk run's question yes.
pub(super) fn yes(key: &KeyEvent) -> bool {
    matches!(key.code, KeyCode::Char('y' | 'Y'))
}

/// A bulk run's question answered no: closed, the toast `said` saying so.
pub(super) fn cancelled(said: &str, ctx: &Ctx) -> OverlayOutcome {
    OverlayOutcome::CloseWith(ToastKind::Info, ctx.lang.tongue().t(said))
}

/// `s` or Esc stops a running bulk run (the write in flight is answered
/// first); whether it stopped now with nothing left in flight.
pub(super) fn stopped_by<T>(key: &KeyEvent, run: &mut BulkRun<T>) -> bool {
    if matches!(key.code, KeyCode::Char('s') | KeyCode::Esc) && !run.stopped() {
        run.stop();
        return run.finished();
    }
    false
}

impl OverlayComponent for BulkRevoke {
    fn asks(&self) -> bool {
        matches!(self.phase, Phase::Confirm)
    }

    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        match self.phase {
            Phase::Confirm => {
                if yes(&key) {
                    self.phase = Phase::Running;
                    OverlayOutcome::Run(self.send_next(ctx))
                } else {
                    cancelled("toast-bulk-revoke-cancelled", ctx)
                }
            }
            Phase::Running => {
                if stopped_by(&key, &mut self.run) {
                    self.phase = Phase::Done;
                }
                OverlayOutcome::Stay
            }
            Phase::Done => {
                let left: Vec<Marked> = self.run.left().cloned().collect();
                if key.code == KeyCode::Char('R') && !left.is_empty() {
                    *self = Self::new(left);
                    OverlayOutcome::Stay
                } else {
                    let kind = crate::app::state::summary_kind(&self.run.summary());
                    OverlayOutcome::CloseWith(
                        kind,
                        (ctx.lang.tongue()).bulk_summary(&self.run.summary(), "bulk-verb-revoked"),
                    )
                }
            }
        }
    }

    fn owns(&self, req: ReqId) -> bool {
        self.run.owns(req)
    }

    fn reply(&mut self, _req: ReqId, _reply: Reply) -> OverlayOutcome {
        // `update` hands the answers through `answered` and `read_again`.
        OverlayOutcome::Stay
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        let items = self.run.items();
        let (seen, total) = self.run.progress();
        let t = theme.tongue();
        let title = match self.phase {
            Phase::Confirm => t.ta("bulk-revoke-title", &[("count", &total)]),
            Phase::Running => t.ta("bulk-revoking", &[("seen", &seen), ("total", &total)]),
            Phase::Done => t.t("bulk-revoke-done"),
        };
        let inner = widgets::popup(frame, layout.popup(64, 14), theme, &title);
        let muted = |t: String| Line::styled(t, theme.muted());
        let mut lines = Vec::new();
        match self.phase {
            Phase::Confirm => {
                for m in items.iter().take(NAMED) {
                    let skip = if m.unenrolled {
                        format!("  ({})", t.t("bulk-skip-unenrolled"))
                    } else if let Some(status) = m.unconfirmed {
                        format!("  ({})", t.status(status))
                    } else {
                        String::new()
                    };
                    lines.push(Line::from(vec![
                        Span::styled(format!("{}  ", m.number), theme.header()),
                        Span::raw(m.attendee.clone()),
                        Span::styled(skip, theme.muted()),
                    ]));
                }
                if total > NAMED {
                    lines.push(muted(t.ta("bulk-more", &[("count", &(total - NAMED))])));
                }
                // Tickets that are not confirmed are said so, as a single
                // revoke's question does ("this ticket is cancelled").
                let unconfirmed = unconfirmed_in(items, t);
                if !unconfirmed.is_empty() {
                    lines.push(Line::styled(
                        t.ta("bulk-not-confirmed", &[("list", &unconfirmed)]),
                        theme.error(),
                    ));
                }
                lines.push(Line::raw(""));
                lines.push(Line::styled(t.t("bulk-revoke-cannot-undo"), theme.error()));
            }
            Phase::Running | Phase::Done => {
                if let Some(m) = self.run.current() {
                    lines.push(Line::from(vec![
                        Span::styled(format!("{}  ", t.t("bulk-now")), theme.muted()),
                        Span::styled(format!("{}  ", m.number), theme.header()),
                        Span::raw(m.attendee.clone()),
                    ]));
                }
                let parts = super::summary_parts(&self.run.summary(), "bulk-verb-revoked", t);
                for text in widgets::flow(&parts, " · ", usize::from(inner.width)) {
                    lines.push(Line::raw(text));
                }
                if self.run.stopped() {
                    lines.push(muted(t.t("bulk-stopped-revoke")));
                }
                if self.phase == Phase::Done {
                    let left = self.run.left().count();
                    if left > 0 {
                        lines.push(muted(t.ta("bulk-left-marked", &[("count", &left)])));
                    }
                }
            }
        }
        let keys = match self.phase {
            Phase::Confirm => Line::from(vec![
                Span::styled("y", theme.key()),
                Span::raw(format!(
                    " {}    ",
                    t.ta("bulk-key-revoke", &[("count", &total)])
                )),
                Span::styled(t.t("revoke-key-other"), theme.key()),
                Span::raw(format!(" {}", t.t("revoke-key-cancel"))),
            ]),
            Phase::Running => Line::from(vec![
                Span::styled("s", theme.key()),
                Span::raw(format!(" {}", t.t("bulk-key-stop"))),
            ]),
            Phase::Done if self.run.left().next().is_some() => Line::from(vec![
                Span::styled("R", theme.key()),
                Span::raw(format!(" {}    ", t.t("bulk-key-retry"))),
                Span::styled(t.t("revoke-key-other"), theme.key()),
                Span::raw(format!(" {}", t.t("bulk-key-close"))),
            ]),
            Phase::Done => Line::from(vec![
                Span::styled(t.t("bulk-key-any"), theme.key()),
                Span::raw(format!(" {}", t.t("bulk-key-close"))),
            ]),
        };
        super::text_above_keys(frame, inner, lines, keys);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The question counts every marked ticket that is not confirmed
        /// (and would be revoked) by its status, and none that is.
        #[test]
        fn the_question_counts_the_tickets_that_are_not_confirmed(
            marked in proptest::collection::vec(
                (
                    any::<bool>(),
                    proptest::sample::select(vec![None, Some("open"), Some("pending"), Some("cancelled")]),
                ),
                0..40,
            ),
        ) {
            let items: Vec<Marked> = marked
                .iter()
                .enumerate()
                .map(|(i, (unenrolled, unconfirmed))| Marked {
                    ticket_id: i as u64,
                    number: format!("TK-{i}"),
                    attendee: String::new(),
                    unenrolled: *unenrolled,
                    unconfirmed: *unconfirmed,
                })
                .collect();
            let said = unconfirmed(&items);
            for status in ["open", "pending", "cancelled"] {
                let n = items
                    .iter()
                    .filter(|m| !m.unenrolled && m.unconfirmed == Some(status))
                    .count();
                let named = said
                    .split(", ")
                    .find(|part| part.ends_with(status))
                    .map(|part| part.split(' ').next().unwrap().parse::<usize>().unwrap());
                prop_assert_eq!(named, (n > 0).then_some(n), "{}", said);
            }
        }
    }
}
