//! F8 at the desk: asks, naming the guest and the time, then undoes this
//! desk's latest admission here (within the undo window), and says what
//! became of it (undone, or still admitted at another lane).

use crate::app::cmd::Cmd;
use crate::clock::seconds_before;
use crate::door::clock_time;
use crate::store::{Admission, StoreError, Undone};

use super::{CheckinScreen, Ctx, Face, Outcome, Panel, Shown};

impl CheckinScreen {
    /// F8: asks about this desk's latest admission here not yet undone,
    /// within the undo window, naming the guest and the time.
    pub(super) fn ask_undo(&mut self, ctx: &Ctx) {
        let window = ctx.desk_rules.undo_window;
        let minutes = window.as_secs() / 60;
        if let Some(exit) = self.exit_to_undo(ctx) {
            let name = self
                .row(exit.ticket_id)
                .map(|r| r.attendee().to_string())
                .unwrap_or_default();
            self.clear_input();
            self.panel = Some(Panel::UndoExit(exit, name));
            return;
        }
        let Some(a) = self.lane.admissions.latest_mine(&self.lane.name).cloned() else {
            self.note = Some(ctx.lang.tongue().t("note-nothing-to-undo"));
            return;
        };
        let since = seconds_before(ctx.wall, window.as_secs());
        if !a.at.is_empty() && !ctx.wall.is_empty() && a.at < since {
            self.note = Some(ctx.lang.tongue().ta(
                "note-undo-too-old",
                &[
                    ("number", &a.number),
                    ("time", &clock_time(&a.at)),
                    ("minutes", &minutes),
                ],
            ));
            return;
        }
        let name = self
            .row(a.ticket_id)
            .map(|r| r.attendee().to_string())
            .unwrap_or_default();
        self.clear_input();
        self.panel = Some(Panel::Undo(a, name));
    }

    /// The exit F8 undoes: this desk's last verdict was an EXIT and the
    /// guest is still outside by it, within the undo window.
    fn exit_to_undo(&self, ctx: &Ctx) -> Option<Admission> {
        let last = self.recent.front()?;
        if last.face != Face::Verdict(crate::door::Verdict::Exit) {
            return None;
        }
        let exit = self.lane.admissions.exit_of(&last.number)?;
        let since = seconds_before(ctx.wall, ctx.desk_rules.undo_window.as_secs());
        let recent = exit.at.is_empty() || ctx.wall.is_empty() || exit.at >= since;
        (exit.desk == self.lane.name && recent).then(|| exit.clone())
    }

    /// Undoes this desk's exit `exit`: the guest is recorded back inside
    /// (the history keeps both moves), and the desk says so.
    pub(super) fn undo_exit(&mut self, exit: &Admission, ctx: &mut Ctx) -> Vec<Cmd> {
        let Some(row) = self.row(exit.ticket_id).cloned() else {
            return Vec::new();
        };
        let cmds = self.door_move(&row, crate::store::ChangeKind::Reentry, ctx);
        let why = self.lang.tongue().ta(
            "undone-exit",
            &[("number", &exit.number), ("time", &clock_time(&exit.at))],
        );
        self.say_undone(exit, why, ctx);
        cmds
    }

    /// UNDONE on screen and in the last scans: what `a` was, and `why`.
    fn say_undone(&mut self, a: &Admission, why: String, ctx: &Ctx) {
        let shown = self.shown_about(Face::Undone, a.ticket_id, a.number.clone(), why, ctx);
        self.list(&shown, ctx);
        self.shown = Some(shown);
    }

    /// What is shown of ticket `ticket_id` (`number`) now, with `why`: a
    /// change the desk learned, not a scan of its own.
    pub(super) fn shown_about(
        &self,
        face: Face,
        ticket_id: u64,
        number: String,
        why: String,
        ctx: &Ctx,
    ) -> Shown {
        let row = self.row(ticket_id);
        Shown {
            face,
            scanned: number.clone(),
            ticket_id: Some(ticket_id),
            name: row.map(|r| r.attendee().to_string()).unwrap_or_default(),
            number,
            edition: row.map(|r| r.edition().to_string()).unwrap_or_default(),
            why: Some(why),
            at: ctx.now,
            scan: 0,
            flag: None,
            order: None,
            forced: false,
        }
    }

    /// Undoes this desk's admission `a` (asked, or a walk-in declined).
    pub(super) fn undo(&mut self, a: &Admission, ctx: &mut Ctx) -> Vec<Cmd> {
        let req = ctx.ids.take();
        self.inflight.unadmitting = Some(req);
        vec![Cmd::Unadmit {
            req,
            event_id: self.lane.target.event_id,
            desk: self.lane.name.clone(),
            ticket_id: a.ticket_id,
        }]
    }

    pub(super) fn unadmitted(
        &mut self,
        result: Result<Option<Undone>, StoreError>,
        ctx: &Ctx,
    ) -> Outcome {
        self.inflight.unadmitting = None;
        match result {
            Ok(Some(undone)) => {
                let kept = self.lane.admissions.undone(&undone);
                let a = &undone.admission;
                let t = self.lang.tongue();
                let why = match &kept {
                    Some(k) => t.ta(
                        "undone-here",
                        &[
                            ("number", &a.number),
                            ("time", &clock_time(&a.at)),
                            ("lane", &k.desk),
                            ("lane-time", &clock_time(&k.at)),
                        ],
                    ),
                    None => t.ta(
                        "undone-admission",
                        &[("number", &a.number), ("time", &clock_time(&a.at))],
                    ),
                };
                self.say_undone(a, why, ctx);
            }
            Ok(None) => {
                self.note = Some(self.lang.tongue().t("note-nothing-undone"));
            }
            Err(e) => {
                let t = self.lang.tongue();
                self.note = Some(t.ta("note-undo-failed", &[("error", &t.store_error(&e))]));
            }
        }
        Outcome::Stay
    }
}
