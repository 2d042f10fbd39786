//! The desk's lists as their pages arrive, into the door's lists: its own
//! tickets (the offline list shown until a live read completes, then saved
//! again), the other editions' behind them, the tail read after a walk-in,
//! and what a failed read does: the list shown stays, as *offline*, and is
//! read again by itself every [`RETRY`]. Each page moves the scans held
//! while the lists are read.

use crate::api::ApiError;
use crate::app::cmd::Cmd;
use crate::app::list::PageIn;
use crate::app::state::{ReqId, error_line};
use crate::door::Target;
use crate::store::{Admission, StoreError};

use super::{CheckinScreen, Ctx, Outcome, RETRY, TicketRow};

/// What the offline list read answers: the edition it is of, its rows and
/// when it was saved.
type Cached = Option<(u64, Vec<TicketRow>, String)>;

impl CheckinScreen {
    pub(super) fn page(
        &mut self,
        req: ReqId,
        page: Result<PageIn, ApiError>,
        ctx: &mut Ctx,
    ) -> Outcome {
        if self.inflight.tail == Some(req) {
            return self.tail_page(req, page, ctx);
        }
        if let Some(&(_, edition)) = self.inflight.siblings.iter().find(|(r, _)| *r == req) {
            // Best effort: an edition that cannot be read is only not named.
            let last = if let Ok(p) = page {
                let last = p.meta.page >= p.meta.pages;
                let rows = p.rows.take::<TicketRow>().unwrap_or_default();
                self.lane.lists.sibling_page(edition, Some(rows), last);
                last
            } else {
                self.lane.lists.sibling_page(edition, None, true);
                true
            };
            if last {
                self.inflight.siblings.retain(|(r, _)| *r != req);
            }
            return Outcome::Run(self.lists_moved(ctx));
        }
        if self.inflight.list != Some(req) {
            return Outcome::Stay;
        }
        match page {
            Ok(p) => {
                let rows = p.rows.take::<TicketRow>().unwrap_or_default();
                if !self
                    .lane.lists
                    .read_page(rows, p.meta.page, p.meta.pages, p.meta.total)
                {
                    return Outcome::Run(self.lists_moved(ctx));
                }
                self.inflight.list = None;
                self.listed.live = true;
                self.listed.offline = None;
                self.lane.fresh.answered(None);
                // Read again in the background, the bigger the less often.
                self.listed.reread_at =
                    Some(ctx.now + crate::door::Fresh::reread_after(self.lane.lists.shown.len()));
                self.listed.cached_at = None;
                self.listed.read_at = Some(ctx.wall.to_string());
                let starts = self
                    .lane.target
                    .edition(self.lane.target.event_id)
                    .map(|e| e.start.clone())
                    .unwrap_or_default();
                let mut cmds = vec![Cmd::SaveCached {
                    title: self.lane.target.title.clone(),
                    starts,
                    event_id: self.lane.target.event_id,
                    asked: self.lane.target.parent_id,
                    tickets: self.lane.lists.shown.shared(),
                }];
                cmds.extend(self.lists_moved(ctx));
                Outcome::Run(cmds)
            }
            Err(e) => {
                let text = error_line(&e, self.lang.tongue());
                // What came in stays searchable when nothing else is shown.
                self.lane.lists.read_failed();
                self.inflight.list = None;
                // Said on the desk's own lines (the status line and the
                // status bar), not in a toast over its keys. Read again by
                // itself a while later (back online when it succeeds).
                self.listed.offline = Some(text);
                self.listed.retry_at = Some(ctx.now + RETRY);
                Outcome::Run(self.lists_moved(ctx))
            }
        }
    }

    /// The own list read again in the background (online, every
    /// `Fresh::reread_after`): what is shown stays, and the read writes
    /// into it; following the other lanes goes on untouched.
    pub(super) fn reread(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        self.listed.reread_at = None;
        let req = ctx.ids.take();
        self.inflight.list = Some(req);
        self.lane.lists.begin_read();
        vec![Cmd::LoadList {
            req,
            list: crate::app::list::ListQuery::Tickets {
                event_id: self.lane.target.event_id,
            },
        }]
    }

    fn tail_page(&mut self, req: ReqId, page: Result<PageIn, ApiError>, ctx: &mut Ctx) -> Outcome {
        match page {
            Ok(p) => {
                if p.meta.page >= p.meta.pages {
                    self.inflight.tail = None;
                }
                let Some(rows) = p.rows.take::<TicketRow>() else {
                    return Outcome::Stay;
                };
                self.lane.lists.shown.pages = self.lane.lists.shown.pages.max(p.meta.pages);
                let new = self.lane.lists.add_read(rows);
                let shown = &self.lane.lists.shown;
                let Some(row) = new.last().and_then(|&i| shown.rows().get(i)).cloned() else {
                    return Outcome::Stay;
                };
                if std::mem::take(&mut self.walk_in.reading) {
                    // A walk-in is admitted in one step; Esc declines.
                    return Outcome::Run(self.admit_walk_in(&row, ctx));
                }
                self.note = Some(self.lang.tongue().ta(
                    "note-new-ticket",
                    &[("number", &row.number()), ("name", &row.attendee())],
                ));
                Outcome::Stay
            }
            Err(e) => {
                if self.inflight.tail == Some(req) {
                    self.inflight.tail = None;
                }
                self.walk_in.reading = false;
                let t = self.lang.tongue();
                let error = crate::app::state::error_line(&e, t);
                self.note = Some(t.ta("note-new-ticket-failed", &[("error", &error)]));
                Outcome::Stay
            }
        }
    }

    /// Opened offline on main event `asked`, the offline list is that of
    /// its edition `id`: the desk checks that edition in (its admissions,
    /// its tickets when the network is back).
    fn retarget_offline(&mut self, id: u64, ctx: &mut Ctx) -> Outcome {
        let asked = self.lane.target.event_id;
        let edition = self
            .lane.lists
            .shown
            .rows()
            .first()
            .map(|r| r.edition().to_string())
            .filter(|e| !e.is_empty())
            .unwrap_or_else(|| self.lang.tongue().ta("policy-edition", &[("id", &id)]));
        self.lane.target = Target {
            event_id: id,
            title: edition.clone(),
            parent_id: Some(asked),
            editions: Vec::new(),
        };
        self.note = Some(self.lang.tongue().ta(
            "note-offline-edition",
            &[("edition", &edition), ("event", &asked)],
        ));
        let admissions = ctx.ids.take();
        self.inflight.admissions = Some(admissions);
        // The read under way was of the main event (dropped with the list
        // it wrote into: `Lists::replace`); read the edition when the
        // network is back.
        self.inflight.list = None;
        self.listed.offline
            .get_or_insert_with(|| self.lang.tongue().t("offline-no-event"));
        self.listed.retry_at = Some(ctx.now + RETRY);
        Outcome::Run(vec![Cmd::LoadAdmissions {
            req: admissions,
            event_id: id,
        }])
    }

    /// The offline list came: shown until the live read completes.
    pub(super) fn cached(&mut self, result: Result<Cached, StoreError>, ctx: &mut Ctx) -> Outcome {
        self.inflight.cached = None;
        match result {
            Ok(Some((id, rows, at))) if !self.listed.live => {
                self.listed.cached_at = Some(at);
                if id != self.lane.target.event_id {
                    // A main event opened offline: its desk last
                    // checked in edition `id`, and so does this one.
                    self.lane.lists.replace(rows);
                    return self.retarget_offline(id, ctx);
                }
                self.lane.lists.offline(rows);
                return Outcome::Run(self.lists_moved(ctx));
            }
            Ok(_) => {}
            Err(e) => {
                let t = self.lang.tongue();
                self.note = Some(t.ta("note-no-offline-list", &[("error", &t.store_error(&e))]));
            }
        }
        Outcome::Stay
    }

    /// The desk log's admissions here came (or could not be read).
    pub(super) fn loaded(&mut self, result: Result<Vec<Admission>, StoreError>) {
        self.inflight.admissions = None;
        match result {
            Ok(list) => {
                for a in list {
                    self.lane.admissions.know(a, &self.lane.name);
                }
            }
            Err(e) => {
                let t = self.lang.tongue();
                self.warning = Some(t.ta("warning-no-desk-log", &[("error", &t.store_error(&e))]));
            }
        }
    }
}
