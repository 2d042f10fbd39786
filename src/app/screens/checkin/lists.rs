//! The desk's lists as their pages arrive, into the door's lists: its own
//! tickets (the offline list shown until a live read completes, then saved
//! again), the other editions' behind them, the tail read after a walk-in,
//! and what a failed read does: the list shown stays, as *offline*, and is
//! read again by itself every [`RETRY`]. Each page moves the scans held
//! while the lists are read.

use crate::api::ApiError;
use crate::app::cmd::Cmd;
use crate::app::list::PageIn;
use crate::app::state::{ReqId, error_text};
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
        if self.tail == Some(req) {
            return self.tail_page(req, page, ctx);
        }
        if let Some(&(_, edition)) = self.sibling_reqs.iter().find(|(r, _)| *r == req) {
            // Best effort: an edition that cannot be read is only not named.
            let last = if let Ok(p) = page {
                let last = p.meta.page >= p.meta.pages;
                let rows = p.rows.take::<TicketRow>().unwrap_or_default();
                self.lists.sibling_page(edition, Some(rows), last);
                last
            } else {
                self.lists.sibling_page(edition, None, true);
                true
            };
            if last {
                self.sibling_reqs.retain(|(r, _)| *r != req);
            }
            return Outcome::Run(self.lists_moved(ctx));
        }
        if self.list_req != Some(req) {
            return Outcome::Stay;
        }
        match page {
            Ok(p) => {
                let rows = p.rows.take::<TicketRow>().unwrap_or_default();
                if !self
                    .lists
                    .read_page(rows, p.meta.page, p.meta.pages, p.meta.total)
                {
                    return Outcome::Run(self.lists_moved(ctx));
                }
                self.list_req = None;
                self.live = true;
                self.offline = None;
                self.fresh.answered(None);
                // Read again in the background, the bigger the less often.
                self.reread_at =
                    Some(ctx.now + crate::door::Fresh::reread_after(self.lists.shown.len()));
                self.cached_at = None;
                self.read_at = Some(ctx.wall.to_string());
                let starts = self
                    .target
                    .edition(self.target.event_id)
                    .map(|e| e.start.clone())
                    .unwrap_or_default();
                let mut cmds = vec![Cmd::SaveCached {
                    title: self.target.title.clone(),
                    starts,
                    event_id: self.target.event_id,
                    asked: self.target.parent_id,
                    tickets: self.lists.shown.shared(),
                }];
                cmds.extend(self.lists_moved(ctx));
                Outcome::Run(cmds)
            }
            Err(e) => {
                let text = error_text(&e);
                // What came in stays searchable when nothing else is shown.
                self.lists.read_failed();
                self.list_req = None;
                // Said on the desk's own lines (the status line and the
                // status bar), not in a toast over its keys. Read again by
                // itself a while later (back online when it succeeds).
                self.offline = Some(text);
                self.retry_at = Some(ctx.now + RETRY);
                Outcome::Run(self.lists_moved(ctx))
            }
        }
    }

    /// The own list read again in the background (online, every
    /// `Fresh::reread_after`): what is shown stays, and the read writes
    /// into it; following the other lanes goes on untouched.
    pub(super) fn reread(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        self.reread_at = None;
        let req = ctx.ids.take();
        self.list_req = Some(req);
        self.lists.begin_read();
        vec![Cmd::LoadList {
            req,
            list: crate::app::list::ListQuery::Tickets {
                event_id: self.target.event_id,
            },
        }]
    }

    fn tail_page(&mut self, req: ReqId, page: Result<PageIn, ApiError>, ctx: &mut Ctx) -> Outcome {
        match page {
            Ok(p) => {
                if p.meta.page >= p.meta.pages {
                    self.tail = None;
                }
                let Some(rows) = p.rows.take::<TicketRow>() else {
                    return Outcome::Stay;
                };
                self.lists.shown.pages = self.lists.shown.pages.max(p.meta.pages);
                let new = self.lists.add_read(rows);
                let shown = &self.lists.shown;
                let Some(row) = new.last().and_then(|&i| shown.rows().get(i)).cloned() else {
                    return Outcome::Stay;
                };
                if std::mem::take(&mut self.walk_in_reading) {
                    // A walk-in is admitted in one step; Esc declines.
                    return Outcome::Run(self.admit_walk_in(&row, ctx));
                }
                self.note = Some(format!(
                    "new ticket {} for {}: scan it or type it",
                    row.number(),
                    row.attendee()
                ));
                Outcome::Stay
            }
            Err(e) => {
                if self.tail == Some(req) {
                    self.tail = None;
                }
                self.walk_in_reading = false;
                self.note = Some(format!("reading the new ticket: {}", error_text(&e)));
                Outcome::Stay
            }
        }
    }

    /// Opened offline on main event `asked`, the offline list is that of
    /// its edition `id`: the desk checks that edition in (its admissions,
    /// its tickets when the network is back).
    fn retarget_offline(&mut self, id: u64, ctx: &mut Ctx) -> Outcome {
        let asked = self.target.event_id;
        let edition = self
            .lists
            .shown
            .rows()
            .first()
            .map(|r| r.edition().to_string())
            .filter(|e| !e.is_empty())
            .unwrap_or_else(|| format!("edition {id}"));
        self.target = Target {
            event_id: id,
            title: edition.clone(),
            parent_id: Some(asked),
            editions: Vec::new(),
        };
        self.note = Some(format!(
            "offline: checking in {edition}, the edition this desk last checked in for event {asked}"
        ));
        let admissions = ctx.ids.take();
        self.admissions_req = Some(admissions);
        // The read under way was of the main event (dropped with the list
        // it wrote into: `Lists::replace`); read the edition when the
        // network is back.
        self.list_req = None;
        self.offline
            .get_or_insert_with(|| "the event could not be read".into());
        self.retry_at = Some(ctx.now + RETRY);
        Outcome::Run(vec![Cmd::LoadAdmissions {
            req: admissions,
            event_id: id,
        }])
    }

    /// The offline list came: shown until the live read completes.
    pub(super) fn cached(&mut self, result: Result<Cached, StoreError>, ctx: &mut Ctx) -> Outcome {
        self.cached_req = None;
        match result {
            Ok(Some((id, rows, at))) if !self.live => {
                self.cached_at = Some(at);
                if id != self.target.event_id {
                    // A main event opened offline: its desk last
                    // checked in edition `id`, and so does this one.
                    self.lists.replace(rows);
                    return self.retarget_offline(id, ctx);
                }
                self.lists.offline(rows);
                return Outcome::Run(self.lists_moved(ctx));
            }
            Ok(_) => {}
            Err(e) => self.note = Some(format!("no offline list: {e}")),
        }
        Outcome::Stay
    }

    /// The desk log's admissions here came (or could not be read).
    pub(super) fn loaded(&mut self, result: Result<Vec<Admission>, StoreError>, ctx: &Ctx) {
        self.admissions_req = None;
        match result {
            Ok(list) => {
                for a in list {
                    self.admissions.know(a, ctx.desk);
                }
            }
            Err(e) => {
                self.warning = Some(format!(
                    "desk log unavailable ({e}): admissions kept in memory only"
                ));
            }
        }
    }
}
