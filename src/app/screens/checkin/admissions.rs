//! Verdicts and admissions at the desk: every scan is judged by the door
//! (`door::judge`); what the door cannot judge yet waits (`Pending`) for
//! what it asked for — the lists still read, a ticket read by id, the lists
//! kept for other events — and is judged again when that comes. A final
//! verdict is shown (if it is still the latest scan), listed among the
//! last scans, and a VALID one admitted at once, in memory and in the desk
//! log; the log's answer settles it (a lost race names the winner). F8
//! asks before it undoes this desk's latest admission; a walk-in enrolled
//! here is admitted in one step.

use crate::api::ApiError;
use crate::api::model::Ticket;
use crate::app::cmd::Cmd;
use crate::app::list::rows::TicketRow;
use crate::app::state::{ReqId, error_line};
use crate::door::admissions::Settled;
use crate::door::{
    Elsewhere, Fetched, Judgement, Key, Progress, Verdict, clock_time, epoch_seconds,
};
use crate::sanitize::clean;
use crate::store::{Admission, NumberFound, Recorded, ScanId, StoreError};

use super::{
    CheckinScreen, Ctx, Entry, Face, KEPT_VERDICTS, MAX_PENDING, Outcome, Pending, Shown,
    Waits,
};

/// What the door said, owned (the desk changes itself after).
enum Said {
    Final {
        face: Face,
        row: Option<Box<TicketRow>>,
        why: Option<String>,
        /// The note on the ticket or its customer (⚑ beside the verdict).
        flag: Option<String>,
    },
    Held(Progress),
    Read(u64),
    LookElsewhere(String),
}

impl CheckinScreen {
    /// Judges one scan (or a number typed off a paper ticket).
    pub(super) fn scan(&mut self, text: &str, ctx: &mut Ctx) -> Vec<Cmd> {
        let scan = self.next_scan();
        let mut cmds = self.judge_scan(scan, text, None, ctx);
        cmds.push(self.scanned());
        if std::mem::take(&mut self.walk_in.form_closed) {
            let key = super::view::desk_key(ctx.keys, crate::app::keymap::Action::Enroll);
            self.note = Some(ctx.lang.tongue().ta("note-walk-in-closed", &[("key", &key)]));
        }
        cmds
    }

    /// An attendee picked after a name search: their ticket, judged.
    pub(super) fn pick_ticket(&mut self, id: u64, typed: &str, ctx: &mut Ctx) -> Vec<Cmd> {
        let scan = self.next_scan();
        let mut cmds = self.judge_scan(scan, typed, Some(Key::Id(id)), ctx);
        cmds.push(self.scanned());
        cmds
    }

    /// A scan was judged here, whatever its verdict: this lane's last scan
    /// on the dashboards (a refused re-scan too).
    fn scanned(&self) -> Cmd {
        Cmd::Scanned {
            event_id: self.lane.target.event_id,
        }
    }

    /// A new scan: what the last one left (a note, a walk-in's VALID) goes.
    pub(super) fn next_scan(&mut self) -> u64 {
        self.scans += 1;
        self.note = None;
        self.walk_in.admitted = None;
        self.scans
    }

    /// The door's word on scan `scan` of `text` (or on the ticket `key`).
    pub(super) fn judge_scan(
        &mut self,
        scan: u64,
        text: &str,
        key: Option<Key>,
        ctx: &mut Ctx,
    ) -> Vec<Cmd> {
        let said = {
            let judgement = self.lane.judge(text, key.clone(), ctx.wall);
            match judgement {
                Judgement::Ticket {
                    verdict, ticket, note, ..
                } => Said::Final {
                    face: Face::Verdict(verdict),
                    row: Some(Box::new(ticket.clone())),
                    why: None,
                    flag: note.map(|n| n.text.clone()),
                },
                Judgement::Unknown { why, ticket } => Said::Final {
                    face: Face::Verdict(Verdict::Unknown),
                    row: ticket.cloned().map(Box::new),
                    why: Some(ctx.lang.tongue().ta(
                        "meaning-why",
                        &[
                            ("why", &ctx.lang.tongue().why(&why)),
                            ("scanned", &clean(text.trim())),
                        ],
                    )),
                    flag: None,
                },
                Judgement::Held(p) => Said::Held(p),
                Judgement::Read(id) => Said::Read(id),
                Judgement::LookElsewhere(k) => Said::LookElsewhere(k),
            }
        };
        let scanned = clean(text.trim()).into_owned();
        // Before a VALID is given online, its ticket is read as the API
        // has it now: revoked at the office since the list was read, it
        // is NOT VALID (`door::fresh`).
        if let Said::Final {
            face: Face::Verdict(Verdict::Valid),
            row: Some(row),
            ..
        } = &said
            && self.listed.offline.is_none()
            && self.lane.fresh.checks()
            && self.inflight.checked.is_none_or(|(s, _)| s != scan)
        {
            let (req, ticket_id) = (ctx.ids.take(), row.id);
            self.wait(scan, text, key, Waits::Check(req, ticket_id, false));
            let why = ctx.lang.tongue().t("checking-api");
            self.checking(scan, &scanned, why, ctx);
            return vec![Cmd::CheckTicket {
                req,
                ticket_id,
                deadline: self.lane.fresh.deadline(),
            }];
        }
        let why_of = |why: Option<String>, face: &Face, s: &Self| match why {
            None if *face == Face::Verdict(Verdict::Valid) => s.judged_from_list(scan),
            why => why,
        };
        match said {
            Said::Final {
                face,
                row,
                why,
                flag,
                ..
            } => {
                let why = why_of(why, &face, self);
                self.conclude(scan, &scanned, (face, flag), row.map(|r| *r), why, ctx)
            }
            Said::Held(p) => {
                self.wait(scan, text, key, Waits::Lists);
                self.checking(scan, &scanned, held_text(p, ctx.lang.tongue()), ctx);
                vec![]
            }
            Said::Read(ticket_id) => {
                let req = ctx.ids.take();
                self.wait(scan, text, key, Waits::Read(req, ticket_id));
                let why = ctx.lang.tongue().ta("checking-id", &[("id", &ticket_id)]);
                self.checking(scan, &scanned, why, ctx);
                vec![Cmd::LoadTicket { req, ticket_id }]
            }
            Said::LookElsewhere(number_key) => {
                let req = ctx.ids.take();
                self.wait(scan, text, key, Waits::Elsewhere(req, number_key.clone()));
                let why = ctx.lang.tongue().t("checking-elsewhere");
                self.checking(scan, &scanned, why, ctx);
                vec![Cmd::FindNumber {
                    req,
                    number_key,
                    except_event: self.lane.target.event_id,
                }]
            }
        }
    }

    /// Scan `scan` waits; the oldest waiting gives way past [`MAX_PENDING`].
    fn wait(&mut self, scan: u64, text: &str, key: Option<Key>, waits: Waits) {
        self.pending.retain(|p| p.scan != scan);
        if self.pending.len() >= MAX_PENDING {
            self.pending.remove(0);
        }
        self.pending.push(Pending {
            scan,
            text: text.to_string(),
            key,
            waits,
        });
    }

    /// CHECKING on screen while scan `scan` waits (if it is the latest).
    fn checking(&mut self, scan: u64, scanned: &str, why: String, ctx: &Ctx) {
        if scan != self.scans {
            return;
        }
        self.shown = Some(Shown {
            face: Face::Checking,
            scanned: scanned.to_string(),
            ticket_id: None,
            name: String::new(),
            number: String::new(),
            edition: String::new(),
            why: Some(why),
            at: ctx.now,
            scan,
            flag: None,
            order: None,
            forced: false,
        });
    }

    /// The scans waiting for the lists, judged again (a page came, a read
    /// ended): in the order they were scanned.
    pub(super) fn lists_moved(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let waiting: Vec<Pending> = self
            .pending
            .iter()
            .filter(|p| p.waits == Waits::Lists)
            .cloned()
            .collect();
        let mut cmds = Vec::new();
        for p in waiting {
            self.pending.retain(|q| q.scan != p.scan);
            cmds.extend(self.judge_scan(p.scan, &p.text, None, ctx));
        }
        // Still held: say how far the lists are read.
        let progress = self.lane.lists.progress();
        if let Some(s) = &mut self.shown
            && s.face == Face::Checking
            && self
                .pending
                .iter()
                .any(|p| p.scan == s.scan && p.waits == Waits::Lists)
        {
            s.why = Some(held_text(progress, ctx.lang.tongue()));
        }
        cmds
    }

    /// A verdict: shown if it is of the latest scan (else said in the note
    /// line), listed, and what it records sent: a VALID admitted (the rest
    /// of its order shown), an EXIT or a WELCOME BACK moved.
    fn conclude(
        &mut self,
        scan: u64,
        scanned: &str,
        (face, flag): (Face, Option<String>),
        row: Option<TicketRow>,
        why: Option<String>,
        ctx: &mut Ctx,
    ) -> Vec<Cmd> {
        let valid = face == Face::Verdict(Verdict::Valid);
        let moves = match &face {
            Face::Verdict(Verdict::Exit) => Some(crate::store::ChangeKind::Exit),
            Face::Verdict(Verdict::WelcomeBack { .. }) => Some(crate::store::ChangeKind::Reentry),
            _ => None,
        };
        let order = row
            .as_ref()
            .filter(|_| valid)
            .and_then(|r| self.order_shown(r, ctx));
        let shown = Shown {
            flag: flag.map(|f| clean(&f).into_owned()),
            order,
            face,
            scanned: scanned.to_string(),
            ticket_id: row.as_ref().map(|r| r.id),
            name: row.as_ref().map(|r| r.attendee().to_string()).unwrap_or_default(),
            number: row.as_ref().map(|r| r.number().to_string()).unwrap_or_default(),
            edition: row.as_ref().map(|r| r.edition().to_string()).unwrap_or_default(),
            why,
            at: ctx.now,
            scan,
            forced: false,
        };
        self.list(&shown, ctx);
        if scan == self.scans {
            self.shown = Some(shown);
        } else {
            let (word, ..) = super::view::face_look_in(&shown.face, ctx.lang.tongue());
            let what = if shown.number.is_empty() {
                &shown.scanned
            } else {
                &shown.number
            };
            self.note = Some(
                ctx.lang
                    .tongue()
                    .ta("note-held", &[("what", what), ("word", &word)]),
            );
        }
        let mut cmds = Vec::new();
        match (row, moves) {
            (Some(row), _) if valid => cmds.extend(self.admit(&row, ctx)),
            (Some(row), Some(kind)) => cmds.extend(self.door_move(&row, kind, ctx)),
            _ => cmds.extend(ctx.bell.then_some(Cmd::Bell)),
        }
        cmds
    }

    /// One line of the last scans.
    pub(super) fn list(&mut self, shown: &Shown, ctx: &Ctx) {
        self.recent.push_front(Entry {
            at: ctx.wall.get(11..19).unwrap_or_default().to_string(),
            number: if shown.number.is_empty() {
                shown.scanned.clone()
            } else {
                shown.number.clone()
            },
            name: shown.name.clone(),
            face: shown.face.clone(),
            scan: shown.scan,
        });
        self.recent.truncate(KEPT_VERDICTS);
    }

    /// A VALID ticket admitted at once, in memory and in the desk log.
    pub(super) fn admit(&mut self, row: &TicketRow, ctx: &mut Ctx) -> Vec<Cmd> {
        let admission = self.admission_of(row);
        self.lane.admissions.admit(admission.clone());
        let req = ctx.ids.take();
        self.inflight.admitting.insert(req, row.id);
        vec![
            Cmd::Admit {
                req,
                admission,
                scan: ScanId::new(),
            },
            // VALID gives way to "ready" by itself.
            Cmd::Wake {
                after: ctx.desk_rules.verdict,
            },
        ]
    }

    /// The answer about a number looked for in the lists kept for other
    /// events: what was found goes to the door's lists, and the scan is
    /// judged again.
    pub(super) fn found_elsewhere(
        &mut self,
        req: ReqId,
        result: Result<Vec<NumberFound>, StoreError>,
        ctx: &mut Ctx,
    ) -> Outcome {
        let Some(i) = self
            .pending
            .iter()
            .position(|p| matches!(&p.waits, Waits::Elsewhere(r, _) if *r == req))
        else {
            return Outcome::Stay;
        };
        let p = self.pending.remove(i);
        let Waits::Elsewhere(_, key) = &p.waits else {
            return Outcome::Stay;
        };
        let found = result.ok().and_then(|f| f.into_iter().next()).map(|f| Elsewhere {
            event_id: f.event_id,
            ticket: TicketRow::from_cached(&f.ticket),
            title: f.title,
            starts: f.starts,
        });
        self.lane.lists.elsewhere.insert(key.clone(), found);
        let mut cmds = self.judge_scan(p.scan, &p.text, None, ctx);
        cmds.push(Cmd::Redraw);
        Outcome::Run(cmds)
    }

    /// A ticket read by id: it goes to the door's lists (or that there is
    /// none, or why it could not be read), and the scan is judged again.
    pub(super) fn ticket_read(
        &mut self,
        req: ReqId,
        result: Result<(Ticket, serde_json::Value), ApiError>,
        ctx: &mut Ctx,
    ) -> Outcome {
        let Some(i) = self
            .pending
            .iter()
            .position(|p| matches!(p.waits, Waits::Read(r, _) if r == req))
        else {
            return Outcome::Stay;
        };
        let p = self.pending.remove(i);
        let Waits::Read(_, id) = p.waits else {
            return Outcome::Stay;
        };
        let fetched = match result {
            Ok((ticket, _)) => {
                let event = ticket.event.as_ref();
                Fetched::Found {
                    date: event.and_then(|e| e.start_datetime.clone()),
                    parent: event.and_then(|e| e.parent_id),
                    ticket: TicketRow::new(&ticket),
                }
            }
            Err(e) if e.code().is_none() && !matches!(e, ApiError::Api { .. }) => {
                Fetched::Failed(error_line(&e, self.lang.tongue()))
            }
            Err(_) => Fetched::Missing,
        };
        // Asked under one id, answered with one: kept under the id asked.
        self.lane.lists.fetched.insert(id, fetched);
        // Read for this scan: not read again before its VALID (a later
        // scan of it is: the ticket may be revoked since).
        self.inflight.checked = Some((p.scan, false));
        let mut cmds = self.judge_scan(p.scan, &p.text, None, ctx);
        self.inflight.checked = None;
        cmds.push(Cmd::Redraw);
        Outcome::Run(cmds)
    }

    /// A walk-in's new ticket: judged and, VALID, admitted at once; its
    /// VALID stays until the next scan, and Esc declines it meanwhile.
    pub(super) fn admit_walk_in(&mut self, row: &TicketRow, ctx: &mut Ctx) -> Vec<Cmd> {
        let scan = self.next_scan();
        // Its ticket was just read from the API: as fresh as can be.
        self.inflight.checked = Some((scan, false));
        let cmds = self.judge_scan(scan, row.number(), Some(Key::Id(row.id)), ctx);
        self.inflight.checked = None;
        if let Some(shown) = &mut self.shown
            && shown.face == Face::Verdict(Verdict::Valid)
        {
            shown.why = Some(ctx.lang.tongue().t("walk-in-admitted"));
            self.walk_in.admitted = Some(row.id);
        }
        cmds
    }

    /// A walk-in the API says is already enrolled here: their ticket (found
    /// by e-mail in the list) and its verdict, admitted when VALID.
    pub fn already_enrolled(&mut self, email: &str, ctx: &mut Ctx) -> Vec<Cmd> {
        let email = email.trim().to_lowercase();
        let row = self
            .lane.lists
            .shown
            .rows()
            .iter()
            .find(|r| r.email().to_lowercase() == email)
            .cloned();
        let Some(row) = row else {
            self.note = Some(
                ctx.lang
                    .tongue()
                    .ta("note-enrolled-not-listed", &[("email", &email)]),
            );
            return vec![];
        };
        let scan = self.next_scan();
        // The API has just spoken of this ticket: judged from the list.
        self.inflight.checked = Some((scan, false));
        let cmds = self.judge_scan(scan, row.number(), Some(Key::Id(row.id)), ctx);
        self.inflight.checked = None;
        if let Some(shown) = &mut self.shown {
            let t = ctx.lang.tongue();
            let meaning = match &shown.face {
                Face::Verdict(v) => t.meaning(v),
                _ => String::new(),
            };
            shown.why = Some(t.ta("walk-in-enrolled-already", &[("meaning", &meaning)]));
        }
        cmds
    }

    pub(super) fn admitted(
        &mut self,
        req: ReqId,
        result: Result<Recorded, StoreError>,
        ctx: &Ctx,
    ) -> Outcome {
        let Some(ticket_id) = self.inflight.admitting.remove(&req) else {
            return Outcome::Stay;
        };
        match result {
            Ok(recorded) => {
                if let Settled::Lost(winner) = self.lane.admissions.settle(ticket_id, recorded) {
                    return Outcome::Run(self.lost(ticket_id, &winner, ctx));
                }
            }
            // No desk log at all (said on screen): the admission is kept in
            // memory, as the warning promises.
            Err(_) if self.warning.is_some() => {}
            Err(e) => {
                self.lane.admissions.roll_back(ticket_id);
                let t = ctx.lang.tongue();
                let text = t.ta("not-recorded", &[("error", &t.store_error(&e))]);
                let on_screen = self
                    .shown
                    .as_ref()
                    .is_some_and(|s| s.ticket_id == Some(ticket_id));
                if !on_screen {
                    self.note = Some(t.ta("note-ticket", &[("id", &ticket_id), ("text", &text)]));
                }
                // On screen and in the last scans.
                self.set_face(ticket_id, Face::NotRecorded(text));
            }
        }
        Outcome::Stay
    }

    /// The shared log says another lane admitted `ticket_id` first: the
    /// VALID just shown turns into ALREADY ADMITTED naming the winner's lane
    /// and time, at once and with the bell; the last scans say the same.
    fn lost(&mut self, ticket_id: u64, winner: &Admission, ctx: &Ctx) -> Vec<Cmd> {
        let face = Face::Verdict(Verdict::admitted_by(winner));
        let t = ctx.lang.tongue();
        let ago = match (epoch_seconds(&winner.at), epoch_seconds(ctx.wall)) {
            (Some(then), Some(now)) => {
                let seconds = (now - then).max(0);
                format!(" ({})", t.ta("lost-ago", &[("seconds", &seconds)]))
            }
            _ => String::new(),
        };
        let why = t.ta(
            "lost-why",
            &[
                ("lane", &winner.desk),
                ("time", &clock_time(&winner.at)),
                ("ago", &ago),
            ],
        );
        let number = winner.number.clone();
        if let Some(entry) = self
            .recent
            .iter_mut()
            .find(|e| e.face == Face::Verdict(Verdict::Valid) && e.number == number)
        {
            entry.face = face.clone();
        }
        if self.walk_in.admitted == Some(ticket_id) {
            self.walk_in.admitted = None;
        }
        let mine = |s: &Shown| s.ticket_id == Some(ticket_id);
        match &mut self.shown {
            Some(shown) if mine(shown) => {
                shown.face = face;
                shown.why = Some(why);
                shown.at = ctx.now;
                // Not admitted here: its order is not this scan's to admit.
                shown.order = None;
            }
            // VALID has given way to "ready": the correction is shown anew.
            None => {
                self.shown = Some(self.shown_about(face, ticket_id, number, why, ctx));
            }
            Some(_) => {
                let verdict = t.verdict_word(&Verdict::AlreadyAdmitted {
                    at: String::new(),
                    lane: String::new(),
                    back: false,
                });
                self.note = Some(t.ta(
                    "note-lost",
                    &[("number", &number), ("verdict", &verdict), ("why", &why)],
                ));
            }
        }
        let mut cmds = vec![Cmd::Redraw];
        if ctx.bell {
            cmds.push(Cmd::Bell);
        }
        cmds
    }

}

/// What a scan held while the lists are read says.
fn held_text(p: Progress, t: &crate::i18n::Tongue) -> String {
    let read = t.number(p.read as u64);
    match (p.of, p.others) {
        (Some(of), _) if (p.read as u64) < of => {
            t.ta("held-of", &[("read", &read), ("of", &t.number(of))])
        }
        (_, 0) => t.ta("held-read", &[("read", &read)]),
        (_, n) => t.ta("held-others", &[("count", &n)]),
    }
}
