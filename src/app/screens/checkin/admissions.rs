//! Verdicts and admissions: a ticket found is judged (`verdict::judge`),
//! shown, listed among the last scans, and a VALID one admitted at once, in
//! memory and in the desk log; F8 asks before it undoes this desk's latest
//! admission, and a walk-in enrolled here is admitted in one step.

use crate::api::ApiError;
use crate::api::model::Ticket;
use crate::app::cmd::Cmd;
use crate::app::state::{ReqId, error_text};
use crate::clock::seconds_before;
use crate::store::{Admission, NumberFound, Recorded, ScanId, StoreError};

use super::{
    CheckinScreen, Ctx, DeskFacts, Entry, Face, Key, LAST_SCANS, Outcome, Panel, Shown,
    TicketFacts, TicketRow, Verdict, hh_mm, judge, relative_day, verdict::epoch_seconds,
};

impl CheckinScreen {
    pub(super) fn show(&mut self, face: Face, scanned: &str, row: Option<&TicketRow>, ctx: &Ctx) {
        let shown = Shown {
            face,
            scanned: scanned.to_string(),
            ticket_id: row.map(|r| r.id),
            name: row.map(|r| r.attendee().to_string()).unwrap_or_default(),
            number: row.map(|r| r.number().to_string()).unwrap_or_default(),
            edition: row.map(|r| r.edition().to_string()).unwrap_or_default(),
            why: None,
            at: ctx.now,
        };
        if shown.face != Face::Checking {
            self.recent.push_front(Entry {
                at: ctx.wall.get(11..19).unwrap_or_default().to_string(),
                number: if shown.number.is_empty() {
                    shown.scanned.clone()
                } else {
                    shown.number.clone()
                },
                name: shown.name.clone(),
                face: shown.face.clone(),
            });
            self.recent.truncate(LAST_SCANS);
        }
        self.walk_in = None;
        self.shown = Some(shown);
    }

    /// UNKNOWN, and why ("not a ticket code").
    pub(super) fn unknown(&mut self, scanned: &str, why: &str, ctx: &Ctx) -> Vec<Cmd> {
        self.show(Face::Verdict(Verdict::Unknown), scanned, None, ctx);
        if let Some(s) = &mut self.shown {
            s.why = Some(format!("{why}: “{scanned}”"));
        }
        ctx.bell.then_some(Cmd::Bell).into_iter().collect()
    }

    /// An id not in the lists: read from the API (a ticket of another
    /// event is named as such).
    pub(super) fn read_ticket(&mut self, ticket_id: u64, scanned: &str, ctx: &mut Ctx) -> Vec<Cmd> {
        let req = ctx.ids.take();
        self.lookup = Some((req, scanned.to_string()));
        self.show(Face::Checking, scanned, None, ctx);
        vec![Cmd::LoadTicket { req, ticket_id }]
    }

    /// The answer about a number in no list of the desk: found in the list
    /// kept for another event, the UNKNOWN shown becomes OTHER EVENT (or
    /// OTHER EDITION, for one of the main event's editions) with its name
    /// and day; else it stays UNKNOWN. An answer for an earlier scan is
    /// dropped.
    pub(super) fn found_elsewhere(
        &mut self,
        req: ReqId,
        result: Result<Vec<NumberFound>, StoreError>,
        ctx: &mut Ctx,
    ) -> Outcome {
        let Some((_, scanned)) = self.elsewhere.take_if(|(r, _)| *r == req) else {
            return Outcome::Stay;
        };
        let still = self.shown.as_ref().is_some_and(|s| {
            s.face == Face::Verdict(Verdict::Unknown) && s.scanned == scanned
        });
        if !still {
            return Outcome::Stay;
        }
        let found = match result {
            Ok(found) => found.into_iter().next(),
            Err(_) => None,
        };
        let Some(found) = found else {
            if let Some(s) = &mut self.shown {
                s.why = Some(format!("no ticket here has that number: “{scanned}”"));
            }
            return Outcome::Run(vec![Cmd::Redraw]);
        };
        let name = [found.title.as_str(), found.ticket.edition.as_str()]
            .into_iter()
            .find(|n| !n.is_empty())
            .map_or_else(|| format!("event {}", found.event_id), str::to_string);
        let when = Some(found.starts.as_str())
            .filter(|d| !d.is_empty())
            .map(|d| relative_day(d, ctx.wall));
        let sibling = self.target.editions.iter().any(|e| e.id == found.event_id);
        let verdict = if sibling {
            Verdict::OtherEdition {
                edition: name,
                when,
            }
        } else {
            Verdict::OtherEvent { event: name, when }
        };
        // The UNKNOWN just listed among the last scans gives way.
        if self
            .recent
            .front()
            .is_some_and(|e| e.face == Face::Verdict(Verdict::Unknown) && e.number == scanned)
        {
            self.recent.pop_front();
        }
        let row = TicketRow::from_cached(&found.ticket);
        self.show(Face::Verdict(verdict), &scanned, Some(&row), ctx);
        Outcome::Run(vec![Cmd::Redraw])
    }

    /// The verdict on `row` (its edition's date and main event when read in
    /// full); a VALID one is admitted at once, in memory and in the desk log.
    pub(super) fn decide(
        &mut self,
        row: &TicketRow,
        date: Option<&str>,
        parent: Option<u64>,
        scanned: &str,
        ctx: &mut Ctx,
    ) -> Vec<Cmd> {
        let known = row
            .edition_id
            .and_then(|id| self.target.editions.iter().find(|e| e.id == id));
        let date = date.or_else(|| known.map(|e| e.start.as_str()).filter(|s| !s.is_empty()));
        let editions: Vec<u64> = self.target.editions.iter().map(|e| e.id).collect();
        let verdict = judge(
            &TicketFacts {
                status: row.status(),
                edition_id: row.edition_id,
                edition: row.edition(),
                edition_date: date,
                parent_id: parent.or(known.and(self.target.parent_id)),
            },
            &DeskFacts {
                event_id: self.target.event_id,
                parent_id: self.target.parent_id,
                editions: &editions,
                today: ctx.wall,
            },
            self.admissions.get(&row.id),
        );
        let valid = verdict == Verdict::Valid;
        self.show(Face::Verdict(verdict), scanned, Some(row), ctx);
        if !valid {
            return ctx.bell.then_some(Cmd::Bell).into_iter().collect();
        }
        let admission = Admission {
            ticket_id: row.id,
            number: row.number().to_string(),
            event_id: self.target.event_id,
            edition_id: row.edition_id,
            at: String::new(),
            desk: ctx.desk.to_string(),
        };
        self.admissions.insert(row.id, admission.clone());
        self.mine.retain(|t| *t != row.id);
        self.mine.push(row.id);
        let req = ctx.ids.take();
        self.admitting.insert(req, row.id);
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

    /// A walk-in's new ticket: judged and, VALID, admitted at once; Esc
    /// declines while it is shown.
    pub(super) fn admit_walk_in(&mut self, row: &TicketRow, ctx: &mut Ctx) -> Vec<Cmd> {
        let cmds = self.decide(row, None, None, row.number(), ctx);
        if let Some(shown) = &mut self.shown
            && shown.face == Face::Verdict(Verdict::Valid)
        {
            shown.why = Some("walk-in enrolled and admitted · Esc: not admitted".into());
            self.walk_in = Some(row.id);
        }
        cmds
    }

    /// A walk-in the API says is already enrolled here: their ticket (found
    /// by e-mail in the list) and its verdict, admitted when VALID.
    pub fn already_enrolled(&mut self, email: &str, ctx: &mut Ctx) -> Vec<Cmd> {
        let email = email.trim().to_lowercase();
        let row = self
            .current()
            .named(&email, 50)
            .into_iter()
            .find(|r| r.email().to_lowercase() == email);
        let Some(row) = row else {
            self.note = Some(format!(
                "{email} is already enrolled here, but their ticket is not in the list yet: F5 reads it again"
            ));
            return vec![];
        };
        let cmds = self.decide(&row, None, None, row.number(), ctx);
        if let Some(shown) = &mut self.shown {
            let meaning = match &shown.face {
                Face::Verdict(v) => v.meaning(),
                _ => String::new(),
            };
            shown.why = Some(format!("already enrolled, their ticket: {meaning}"));
        }
        cmds
    }

    pub(super) fn ticket_read(
        &mut self,
        result: Result<(Ticket, serde_json::Value), ApiError>,
        ctx: &mut Ctx,
    ) -> Outcome {
        let Some((_, scanned)) = self.lookup.take() else {
            return Outcome::Stay;
        };
        match result {
            Ok((ticket, _)) => {
                let row = TicketRow::new(&ticket);
                let event = ticket.event.as_ref();
                let date = event.and_then(|e| e.start_datetime.clone());
                let parent = event.and_then(|e| e.parent_id);
                Outcome::Run(self.decide(&row, date.as_deref(), parent, &scanned, ctx))
            }
            Err(e) => {
                let why = if e.code().is_none() && !matches!(e, ApiError::Api { .. }) {
                    format!("could not read the ticket ({})", error_text(&e))
                } else {
                    "no ticket has that id".into()
                };
                Outcome::Run(self.unknown(&scanned, &why, ctx))
            }
        }
    }

    pub(super) fn admitted(
        &mut self,
        req: ReqId,
        result: Result<Recorded, StoreError>,
        ctx: &Ctx,
    ) -> Outcome {
        let Some(ticket_id) = self.admitting.remove(&req) else {
            return Outcome::Stay;
        };
        match result {
            Ok(Recorded::Admitted(a)) => {
                self.admissions.insert(a.ticket_id, a);
            }
            Ok(Recorded::AlreadyAdmitted(winner)) => {
                return Outcome::Run(self.lost(ticket_id, winner, ctx));
            }
            // No desk log at all (said on screen): the admission is kept in
            // memory, as the warning promises.
            Err(_) if self.warning.is_some() => {}
            Err(e) => {
                self.admissions.remove(&ticket_id);
                self.mine.retain(|t| *t != ticket_id);
                let text = format!("not recorded: {e}");
                match self
                    .shown
                    .as_mut()
                    .filter(|s| s.ticket_id == Some(ticket_id))
                {
                    Some(shown) => shown.face = Face::NotRecorded(text),
                    None => self.note = Some(format!("ticket {ticket_id}: {text}")),
                }
            }
        }
        Outcome::Stay
    }

    /// The shared log says another lane admitted `ticket_id` first: the
    /// VALID just shown turns into ALREADY ADMITTED naming the winner's lane
    /// and time, at once and with the bell; the last scans say the same.
    fn lost(&mut self, ticket_id: u64, winner: Admission, ctx: &Ctx) -> Vec<Cmd> {
        self.mine.retain(|t| *t != ticket_id);
        let face = Face::Verdict(Verdict::AlreadyAdmitted {
            at: hh_mm(&winner.at),
            desk: winner.desk.clone(),
        });
        let time = winner.at.get(11..19).unwrap_or(&winner.at).to_string();
        let ago = match (epoch_seconds(&winner.at), epoch_seconds(ctx.wall)) {
            (Some(then), Some(now)) => format!(" ({} s ago)", (now - then).max(0)),
            _ => String::new(),
        };
        let why = format!("{} at {time}{ago}", winner.desk);
        let number = winner.number.clone();
        self.admissions.insert(ticket_id, winner);
        if let Some(entry) = self
            .recent
            .iter_mut()
            .find(|e| e.face == Face::Verdict(Verdict::Valid) && e.number == number)
        {
            entry.face = face.clone();
        }
        let mine = |s: &Shown| s.ticket_id == Some(ticket_id);
        match &mut self.shown {
            Some(shown) if mine(shown) => {
                shown.face = face;
                shown.why = Some(why);
                shown.at = ctx.now;
                self.walk_in = None;
            }
            // VALID has given way to "ready": the correction is shown anew.
            None => {
                let row = self.find(&Key::Id(ticket_id));
                self.shown = Some(Shown {
                    face,
                    scanned: number.clone(),
                    ticket_id: Some(ticket_id),
                    name: row
                        .as_ref()
                        .map(|r| r.attendee().to_string())
                        .unwrap_or_default(),
                    number,
                    edition: row
                        .as_ref()
                        .map(|r| r.edition().to_string())
                        .unwrap_or_default(),
                    why: Some(why),
                    at: ctx.now,
                });
            }
            Some(_) => {
                self.note = Some(format!("{number}: NOT admitted here — ALREADY ADMITTED, {why}"));
            }
        }
        let mut cmds = vec![Cmd::Redraw];
        if ctx.bell {
            cmds.push(Cmd::Bell);
        }
        cmds
    }

    /// F8: asks about this desk's latest admission here not yet undone,
    /// within the undo window, naming the guest and the time.
    pub(super) fn ask_undo(&mut self, ctx: &Ctx) {
        let window = ctx.desk_rules.undo_window;
        let minutes = window.as_secs() / 60;
        let latest = self
            .mine
            .iter()
            .rev()
            .filter_map(|id| self.admissions.get(id))
            .find(|a| a.desk == ctx.desk)
            .cloned();
        let Some(a) = latest else {
            self.note = Some("nothing to undo: this desk admitted nobody here".into());
            return;
        };
        let since = seconds_before(ctx.wall, window.as_secs());
        if !a.at.is_empty() && !ctx.wall.is_empty() && a.at < since {
            self.note = Some(format!(
                "nothing to undo: this desk's latest admission ({} at {}) is over {minutes} min old",
                a.number,
                hh_mm(&a.at)
            ));
            return;
        }
        let name = self
            .find(&Key::Id(a.ticket_id))
            .map(|r| r.attendee().to_string())
            .unwrap_or_default();
        self.clear_input();
        self.panel = Some(Panel::Undo(a, name));
    }

    /// Undoes this desk's admission `a` (asked, or a walk-in declined).
    pub(super) fn undo(&mut self, a: &Admission, ctx: &mut Ctx) -> Vec<Cmd> {
        let req = ctx.ids.take();
        self.unadmitting = Some(req);
        vec![Cmd::Unadmit {
            req,
            event_id: self.target.event_id,
            desk: ctx.desk.to_string(),
            ticket_id: a.ticket_id,
        }]
    }

    pub(super) fn unadmitted(
        &mut self,
        result: Result<Option<Admission>, StoreError>,
        ctx: &Ctx,
    ) -> Outcome {
        self.unadmitting = None;
        match result {
            Ok(Some(a)) => {
                self.admissions.remove(&a.ticket_id);
                self.mine.retain(|t| *t != a.ticket_id);
                let row = self.find(&Key::Id(a.ticket_id));
                self.show(Face::Undone, &a.number, row.as_ref(), ctx);
                if let Some(s) = &mut self.shown {
                    s.number.clone_from(&a.number);
                    s.why = Some(format!(
                        "admission of {} at {} undone: not admitted",
                        a.number,
                        hh_mm(&a.at)
                    ));
                }
            }
            Ok(None) => {
                self.note = Some("nothing undone: that admission was not in the desk log".into());
            }
            Err(e) => self.note = Some(format!("undo: {e}")),
        }
        Outcome::Stay
    }
}
