//! The door's rules at the desk: its policy and notes read from the desk
//! log on opening and again while the desk follows the other lanes (at
//! most once a second: a change is followed within one), an exit lane
//! (`checkin --exit`, or F9 after a question), what a verdict records —
//! an exit, a re-entry, an admission forced outside the hours (Ctrl-F after a
//! question, recorded with the desk's name) — and a whole order admitted
//! with Enter after a question naming how many, each ticket its own scan.
//! The verdicts themselves are `door::judge`'s (`admissions`); the writes
//! go through the executor as a `Cmd::Door`.

use crate::store::Moving;
use std::time::Duration;

use crate::app::cmd::Cmd;
use crate::app::list::rows::TicketRow;
use crate::app::state::ReqId;
use crate::door::{LaneKind, Notes, Policy, Verdict};
use crate::store::{Admission, ChangeKind, DoorDone, DoorOp, Moved, ScanId, StoreError};

use super::{CheckinScreen, Ctx, Face, OrderShown, Outcome, Panel};

/// The door's state is read again at most this often while the desk
/// follows the other lanes.
pub const DOOR_READ: Duration = Duration::from_secs(1);

impl CheckinScreen {
    /// Asks for the door's state (policy, notes, who is outside).
    pub(super) fn read_door(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        if self.inflight.door.is_some() {
            return vec![];
        }
        let req = ctx.ids.take();
        self.inflight.door = Some(req);
        self.inflight.door_read = Some(ctx.now);
        vec![Cmd::Door {
            req,
            op: DoorOp::Read {
                event_id: self.lane.target.event_id,
            },
        }]
    }

    /// While following the other lanes: the door's state again when it
    /// was last read a second ago or more.
    pub(super) fn follow_door(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        match self.inflight.door_read {
            Some(at) if ctx.now.duration_since(at) < DOOR_READ => vec![],
            _ => self.read_door(ctx),
        }
    }

    /// The policy line the header shows ("Day 1 + Day 2 · 09:00–18:00 ·
    /// re-entry").
    pub fn policy_line(&self) -> String {
        self.lang
            .tongue()
            .policy_line(&self.lane.policy, &self.lane.target)
    }

    /// An answer about the door: its state, or a write's outcome.
    pub(super) fn door_reply(
        &mut self,
        req: ReqId,
        result: Result<DoorDone, StoreError>,
        ctx: &mut Ctx,
    ) -> Outcome {
        if self.inflight.door == Some(req) {
            self.inflight.door = None;
            let Ok(DoorDone::State(state)) = result else {
                // A log that keeps no rules: the door of old.
                return Outcome::Stay;
            };
            let policy = Policy::read(state.policy.as_ref(), &ctx.desk_rules.here);
            let notes = Notes::of(&state.notes);
            let inside = self.lane.admissions.inside();
            self.lane.admissions.know_moves(state.moves);
            let changed = policy != self.lane.policy || notes != self.lane.notes;
            self.lane.policy = policy;
            self.lane.notes = notes;
            if changed || inside != self.lane.admissions.inside() {
                return Outcome::Run(vec![Cmd::Redraw]);
            }
            return Outcome::Stay;
        }
        if self.inflight.admitting.contains_key(&req) {
            let recorded = result.and_then(DoorDone::recorded);
            return self.admitted(req, recorded, ctx);
        }
        let Some((ticket_id, kind, before)) = self.inflight.moving.remove(&req) else {
            return Outcome::Stay;
        };
        // Not moved: where the desk had the ticket before it sent the move.
        let restore = |s: &mut Self| match before {
            Some(exit) => s.lane.admissions.exited(exit),
            None => s.lane.admissions.reentered(ticket_id),
        };
        let verdict = match result.and_then(DoorDone::moved) {
            Ok(Moved::Done(a)) => {
                self.lane.admissions.moved(kind, a);
                return Outcome::Run(vec![Cmd::Redraw]);
            }
            Ok(Moved::Refused(first)) => {
                // Where the other lane's move left it (out, or in).
                if !self.lane.admissions.moved_first(first.as_ref()) {
                    restore(self);
                }
                let Some(verdict) = crate::door::refused_move(kind, first) else {
                    let text = self.lang.tongue().t("not-recorded-no-admission");
                    self.set_face(ticket_id, Face::NotRecorded(text));
                    return Outcome::Run(vec![Cmd::Redraw]);
                };
                verdict
            }
            Err(e) => {
                restore(self);
                let t = self.lang.tongue();
                let text = t.ta("not-recorded", &[("error", &t.store_error(&e))]);
                self.set_face(ticket_id, Face::NotRecorded(text));
                return Outcome::Run(vec![Cmd::Redraw]);
            }
        };
        self.set_face(ticket_id, Face::Verdict(verdict));
        let mut cmds = vec![Cmd::Redraw];
        cmds.extend(ctx.bell.then_some(Cmd::Bell));
        Outcome::Run(cmds)
    }

    /// The verdict on screen (and in the last scans) of `ticket_id` turns
    /// into `face`: the log refused what the desk sent.
    pub(super) fn set_face(&mut self, ticket_id: u64, face: Face) {
        if let Some(s) = self
            .shown
            .as_mut()
            .filter(|s| s.ticket_id == Some(ticket_id))
        {
            s.face = face.clone();
            s.order = None;
        }
        let number = self.row(ticket_id).map(|r| r.number().to_string());
        if let Some(e) = self
            .recent
            .iter_mut()
            .find(|e| Some(&e.number) == number.as_ref())
        {
            e.face = face;
        }
    }

    /// EXIT or WELCOME BACK: sent to the log as a move (one lane moves a
    /// ticket at a time, and only from where it is).
    pub(super) fn door_move(
        &mut self,
        row: &TicketRow,
        kind: ChangeKind,
        ctx: &mut Ctx,
    ) -> Vec<Cmd> {
        let admission = self.admission_of(row);
        // Moved at once (inside now follows); put back if the log refuses.
        let before = self.lane.admissions.left(row.id).cloned();
        self.lane.admissions.moved(kind, admission.clone());
        let req = ctx.ids.take();
        self.inflight.moving.insert(req, (row.id, kind, before));
        vec![Cmd::Door {
            req,
            op: DoorOp::Move(Moving {
                admission,
                kind,
                scan: ScanId::new(),
            }),
        }]
    }

    /// `row`'s admission at this lane, its time left to the log.
    pub(super) fn admission_of(&self, row: &TicketRow) -> Admission {
        Admission {
            ticket_id: row.id,
            number: row.number().to_string(),
            event_id: self.lane.target.event_id,
            edition_id: row.edition_id,
            at: String::new(),
            desk: self.lane.name.clone(),
        }
    }

    /// F9: asks before this lane turns into an exit lane (or back).
    pub(super) fn ask_exit_lane(&mut self) -> Outcome {
        self.panel = Some(Panel::ExitLane);
        self.clear_input();
        Outcome::Stay
    }

    /// The lane's kind changed (answered).
    pub(super) fn turn_lane(&mut self) {
        self.lane.kind = match self.lane.kind {
            LaneKind::Entry => LaneKind::Exit,
            LaneKind::Exit => LaneKind::Entry,
        };
        self.shown = None;
        self.note = Some(self.lang.tongue().t(match self.lane.kind {
            LaneKind::Exit => "note-exit-lane",
            LaneKind::Entry => "note-entry-lane",
        }));
    }

    /// Ctrl-F (force) on NOT OPEN YET, CLOSED or FULL: asks before admitting
    /// anyway.
    pub(super) fn ask_force(&mut self) -> Outcome {
        let outside = self.shown.as_ref().filter(|s| {
            matches!(
                s.face,
                Face::Verdict(
                    Verdict::NotOpenYet { .. } | Verdict::Closed { .. } | Verdict::Full { .. }
                )
            )
        });
        match outside.and_then(|s| s.ticket_id.map(|id| (id, s.name.clone()))) {
            Some((id, name)) => {
                self.panel = Some(Panel::Force(id, name));
                self.clear_input();
            }
            None => {
                self.note = Some(self.lang.tongue().t("note-nothing-to-force"));
            }
        }
        Outcome::Stay
    }

    /// Admitted anyway outside the hours (answered): online, the ticket is
    /// read from the API first (`door::fresh`): revoked since the list was
    /// read, it is NOT VALID and nothing is forced.
    pub(super) fn force(&mut self, ticket_id: u64, ctx: &mut Ctx) -> Vec<Cmd> {
        let shown = self
            .shown
            .as_ref()
            .filter(|s| s.ticket_id == Some(ticket_id))
            .map(|s| (s.scan, s.scanned.clone()));
        if let Some((scan, scanned)) = shown
            && self.listed.offline.is_none()
            && self.lane.fresh.checks()
        {
            let req = ctx.ids.take();
            self.pending.push(super::Pending {
                scan,
                text: scanned.clone(),
                key: Some(crate::door::Key::Id(ticket_id)),
                waits: super::Waits::Check(req, ticket_id, true),
            });
            if let Some(s) = &mut self.shown {
                s.face = Face::Checking;
                s.why = Some(self.lang.tongue().t("checking-api"));
            }
            return vec![Cmd::CheckTicket {
                req,
                ticket_id,
                deadline: self.lane.fresh.deadline(),
            }];
        }
        self.force_now(ticket_id, ctx)
    }

    /// VALID outside the hours, recorded as forced with this desk's name;
    /// the rest of its order is offered, forced as well when admitted.
    pub(super) fn force_now(&mut self, ticket_id: u64, ctx: &mut Ctx) -> Vec<Cmd> {
        let Some(row) = self.row(ticket_id).cloned() else {
            return vec![];
        };
        // Judged again with the door's hours and capacity bent open (as
        // `admit --force`): a force admits only what they alone barred — a
        // ticket admitted since, or left, says so and nothing is recorded.
        let open = self.lane.policy.always_open();
        let judging = self.lane.judging_under(&open, "", ctx.wall);
        let verdict = match crate::door::judge_key(&judging, crate::door::Key::Id(ticket_id)) {
            crate::door::Judgement::Ticket { verdict, .. } => verdict,
            _ => Verdict::Valid,
        };
        if verdict != Verdict::Valid {
            self.set_face(ticket_id, Face::Verdict(verdict.clone()));
            if let Some(s) = self.shown.as_mut().filter(|s| s.ticket_id == Some(ticket_id)) {
                s.why = None;
                s.at = ctx.now;
            }
            return match verdict {
                Verdict::WelcomeBack { .. } => {
                    self.door_move(&row, crate::store::ChangeKind::Reentry, ctx)
                }
                _ => vec![],
            };
        }
        let order = self.order_shown(&row, ctx).map(|mut o| {
            o.forced = true;
            o
        });
        let cmds = self.admit_forced(&row, ctx);
        if let Some(s) = self
            .shown
            .as_mut()
            .filter(|s| s.ticket_id == Some(ticket_id))
        {
            s.face = Face::Verdict(Verdict::Valid);
            let forced = if self.lane.policy.outside(ctx.wall).is_some() {
                "meaning-forced-hours"
            } else {
                "meaning-forced-capacity"
            };
            s.why = Some(self.lang.tongue().ta(
                forced,
                &[("lane", &crate::sanitize::clean(&self.lane.name))],
            ));
            s.at = ctx.now;
            s.order = order;
            s.forced = true;
            // The last scans say what became of the scan: admitted.
            let scan = s.scan;
            if let Some(e) = self.recent.iter_mut().find(|e| e.scan == scan) {
                e.face = Face::Verdict(Verdict::Valid);
            }
        }
        cmds
    }

    /// An admission outside the hours, recorded as forced with this desk.
    fn admit_forced(&mut self, row: &TicketRow, ctx: &mut Ctx) -> Vec<Cmd> {
        let admission = self.admission_of(row);
        self.lane.admissions.admit(admission.clone());
        let req = ctx.ids.take();
        self.inflight.admitting.insert(req, row.id);
        vec![
            Cmd::Door {
                req,
                op: DoorOp::Forced {
                    admission,
                    scan: ScanId::new(),
                },
            },
            Cmd::Wake {
                after: ctx.desk_rules.verdict,
            },
        ]
    }

    /// The rest of a VALID ticket's order this door lets in: none when it
    /// has no order or all of it is in.
    pub(super) fn order_shown(&self, row: &TicketRow, ctx: &Ctx) -> Option<OrderShown> {
        if row.order().is_empty() {
            return None;
        }
        let mates = self.lane.order_of(row, ctx.wall);
        let mut shown = OrderShown {
            order: crate::sanitize::clean(row.order()).into_owned(),
            rest: Vec::new(),
            notes: Vec::new(),
            forced: false,
            admitted: Vec::new(),
            picked: Vec::new(),
            cursor: 0,
        };
        for m in mates {
            let name = crate::sanitize::clean(m.ticket.attendee()).into_owned();
            match m.admitted {
                None => {
                    // A noted mate is shown with its note and not picked.
                    shown.picked.push(m.goes_with_order());
                    shown.rest.push((m.ticket.id, name));
                    shown
                        .notes
                        .push(m.note.map(|n| crate::sanitize::clean(&n.text).into_owned()));
                }
                Some(a) => shown
                    .admitted
                    .push((name, a.at.get(11..19).unwrap_or_default().to_string())),
            }
        }
        (!shown.rest.is_empty()).then_some(shown)
    }

    /// Enter on a VALID whose order has more: asks, naming how many —
    /// the order as the lists and the admissions have it now (a page read
    /// since the VALID may hold more of it; another lane may have let one
    /// in).
    pub(super) fn ask_order(&mut self, ctx: &Ctx) -> bool {
        let Some(shown) = self
            .shown
            .as_ref()
            .filter(|s| s.face == Face::Verdict(Verdict::Valid))
        else {
            return false;
        };
        let forced = shown.forced;
        let order = shown
            .ticket_id
            .and_then(|id| self.row(id))
            .cloned()
            .and_then(|row| self.order_shown(&row, ctx))
            .map(|mut o| {
                o.forced = forced;
                o
            });
        if let Some(s) = &mut self.shown {
            s.order.clone_from(&order);
        }
        let Some(order) = order else {
            return false;
        };
        self.panel = Some(Panel::Order(order));
        true
    }

    /// The rest of the order admitted (answered): each ticket its own scan
    /// and admission, judged again first (another lane may have let one in).
    pub(super) fn admit_order(&mut self, order: &OrderShown, ctx: &mut Ctx) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        let mut admitted = 0;
        let picked = order.rest.iter().zip(&order.picked).filter(|(_, p)| **p);
        for ((id, _), _) in picked {
            if self.lane.admissions.get(*id).is_some() {
                continue;
            }
            let Some(row) = self.row(*id).cloned() else {
                continue;
            };
            let scan = self.next_scan();
            let shown = super::Shown {
                face: Face::Verdict(Verdict::Valid),
                scanned: row.number().to_string(),
                ticket_id: Some(row.id),
                name: row.attendee().to_string(),
                number: row.number().to_string(),
                edition: row.edition().to_string(),
                why: Some(self.lang.tongue().ta("why-order", &[("order", &order.order)])),
                at: ctx.now,
                scan,
                flag: None,
                order: None,
                forced: false,
            };
            self.list(&shown, ctx);
            if order.forced {
                cmds.extend(self.admit_forced(&row, ctx));
            } else {
                cmds.extend(self.admit(&row, ctx));
            }
            admitted += 1;
        }
        if let Some(s) = &mut self.shown {
            s.order = None;
            s.at = ctx.now;
        }
        let t = ctx.lang.tongue();
        self.note = Some(match admitted {
            0 => t.ta("note-order-none", &[("order", &order.order)]),
            n => t.ta("note-order-admitted", &[("order", &order.order), ("count", &n)]),
        });
        cmds
    }
}
