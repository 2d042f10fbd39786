//! The desk's lists: its own tickets as their pages arrive (the offline
//! list shown until a live read completes, then saved again), the other
//! editions' behind them, the tail read after a walk-in, and what a failed
//! read does: the offline list is shown as *offline* and read again by
//! itself every [`RETRY`].

use crate::api::ApiError;
use crate::app::cmd::Cmd;
use crate::app::list::PageIn;
use crate::app::state::{ReqId, error_text};
use crate::store::{Admission, StoreError};

use super::{CheckinScreen, Ctx, Outcome, RETRY, Target, TicketIndex, TicketRow};

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
        if self.sibling_reqs.contains(&req) {
            // Best effort: an edition that cannot be read is only not named.
            match page {
                Ok(p) => {
                    let last = p.meta.page >= p.meta.pages;
                    if let Some(rows) = p.rows.take::<TicketRow>() {
                        self.siblings.add(rows);
                    }
                    if last {
                        self.sibling_reqs.retain(|r| *r != req);
                    }
                }
                Err(_) => self.sibling_reqs.retain(|r| *r != req),
            }
            return Outcome::Stay;
        }
        let Some(inc) = self.incoming.as_mut().filter(|i| i.req == req) else {
            return Outcome::Stay;
        };
        match page {
            Ok(p) => {
                let Some(rows) = p.rows.take::<TicketRow>() else {
                    return Outcome::Stay;
                };
                inc.add(rows);
                inc.pages = inc.pages.max(p.meta.pages);
                if p.meta.page < p.meta.pages {
                    return Outcome::Stay;
                }
                let Some(mut done) = self.incoming.take() else {
                    return Outcome::Stay;
                };
                done.complete = true;
                self.tickets = done;
                self.live = true;
                self.offline = None;
                self.cached_at = None;
                let starts = (self.target.editions.iter())
                    .find(|e| e.id == self.target.event_id)
                    .map(|e| e.start.clone())
                    .unwrap_or_default();
                Outcome::Run(vec![Cmd::SaveCached {
                    title: self.target.title.clone(),
                    starts,
                    event_id: self.target.event_id,
                    asked: self.target.parent_id,
                    tickets: self.tickets.shared(),
                }])
            }
            Err(e) => {
                let text = error_text(&e);
                // What came in stays searchable; the offline list is shown.
                if self.tickets.is_empty()
                    && let Some(inc) = self.incoming.take()
                {
                    self.tickets = inc;
                } else {
                    self.incoming = None;
                }
                // Said on the desk's own lines (the status line and the
                // status bar), not in a toast over its keys. Read again by
                // itself a while later (back online when it succeeds).
                self.offline = Some(text);
                self.retry_at = Some(ctx.now + RETRY);
                Outcome::Stay
            }
        }
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
                self.tickets.pages = self.tickets.pages.max(p.meta.pages);
                let new = self.tickets.add(rows);
                let Some(row) = new
                    .last()
                    .and_then(|&i| self.tickets.rows().get(i))
                    .cloned()
                else {
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
            .tickets
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
        // The read under way was of the main event; read the edition when
        // the network is back.
        self.incoming = None;
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
                self.tickets = TicketIndex::of(rows);
                self.cached_at = Some(at);
                if id != self.target.event_id {
                    // A main event opened offline: its desk last
                    // checked in edition `id`, and so does this one.
                    return self.retarget_offline(id, ctx);
                }
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
                    self.know(a, ctx.desk);
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
