//! Several lanes at one door: the desk follows the other lanes sharing its
//! desk log (`Cmd::Follow`, asked again after each answer, cancelled when
//! the desk leaves), learns their admissions, undos and conflicts through
//! the door's `Admissions::changed` (counters and the last scans follow),
//! shows a banner while the shared log is unreachable, and an alert (with
//! the bell) when a replay found a ticket admitted at two lanes.

use crate::app::cmd::Cmd;
use crate::app::msg::Followed;
use crate::app::state::ReqId;
use crate::store::{Conflict, Cursor, Reach, StoreError};

use super::{CheckinScreen, Ctx, Entry, Face, KEPT_VERDICTS, Outcome, Panel};

/// What the desk knows of the other lanes.
#[derive(Debug, Clone, Default)]
pub struct Following {
    /// The `Cmd::Follow` under way.
    pub req: Option<ReqId>,
    /// How far the desk has read the other lanes' changes (None: not yet).
    pub cursor: Option<Cursor>,
    /// Whether the shared log answers, as last told (None: no shared log).
    pub reach: Option<Reach>,
    /// The conflicts being read (F6).
    pub conflicts_req: Option<ReqId>,
    /// The conflicts as read: `admitted twice: lane 3 19:02:10, lane 7
    /// 19:04:55` with the ticket's number, or why not (None: reading).
    pub conflicts: Option<Result<Vec<String>, String>>,
    /// Tickets this desk knows were admitted at two lanes: F6 is on the
    /// key line while there are any.
    pub conflicts_known: usize,
    /// The alert line: a replay found tickets admitted twice.
    pub alert: Option<String>,
}

impl CheckinScreen {
    /// F6: the conflicts view, read from the desk log (F6 again closes it).
    pub(super) fn show_conflicts(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        if matches!(self.panel, Some(Panel::Conflicts)) {
            self.panel = None;
            return vec![];
        }
        self.panel = Some(Panel::Conflicts);
        self.following.conflicts = None;
        self.following.alert = None;
        let req = ctx.ids.take();
        self.following.conflicts_req = Some(req);
        vec![Cmd::LoadConflicts {
            req,
            event_id: self.lane.target.event_id,
        }]
    }

    pub(super) fn conflicts_read(
        &mut self,
        req: ReqId,
        result: Result<Vec<Conflict>, StoreError>,
    ) -> Outcome {
        if self.following.conflicts_req != Some(req) {
            return Outcome::Stay;
        }
        self.following.conflicts_req = None;
        let t = self.lang.tongue();
        self.following.conflicts = Some(
            result
                .map(|all| all.iter().map(|c| conflict_line(c, t)).collect())
                .map_err(|e| t.store_error(&e)),
        );
        Outcome::Run(vec![Cmd::Redraw])
    }

    /// Asks what the other lanes did after `after` (None: from now).
    pub(super) fn follow(&mut self, after: Option<Cursor>, ctx: &mut Ctx) -> Vec<Cmd> {
        let req = ctx.ids.take();
        self.following.req = Some(req);
        vec![Cmd::Follow {
            req,
            event_id: self.lane.target.event_id,
            after,
        }]
    }

    pub(super) fn followed(
        &mut self,
        req: ReqId,
        result: Result<Option<Followed>, StoreError>,
        ctx: &mut Ctx,
    ) -> Outcome {
        if self.following.req != Some(req) {
            return Outcome::Stay;
        }
        self.following.req = None;
        let followed = match result {
            // No other lanes: nothing to follow.
            Ok(None) => return Outcome::Stay,
            Ok(Some(f)) => f,
            // Asked again; the banner says whether the log answers.
            Err(_) => return Outcome::Run(self.follow(self.following.cursor.clone(), ctx)),
        };
        let before = (self.lane.admissions.len(), self.following.reach.clone());
        for a in followed.admitted.into_iter().flatten() {
            self.lane.admissions.know(a, &self.lane.name);
        }
        for change in followed.changes {
            if let Some(a) = self.lane.admissions.changed(change, &self.lane.name) {
                self.seen_elsewhere(&a);
            }
        }
        let mut cmds = Vec::new();
        let conflicts = self.lane.admissions.conflicts();
        if conflicts > self.following.conflicts_known {
            // Every double admission not resolved, not only the new ones:
            // the alert and F6 give the same count.
            self.following.alert = Some(
                self.lang
                    .tongue()
                    .ta("alert-admitted-twice", &[("count", &conflicts)]),
            );
            cmds.extend(ctx.bell.then_some(Cmd::Bell));
            cmds.push(Cmd::Redraw);
        }
        self.following.conflicts_known = conflicts;
        self.following.cursor = Some(followed.cursor);
        // A log of this machine only answers when another process wrote to
        // it (a `door set`, a `note`): the door is read again at once.
        let file_changed = followed.reach == Reach::Local;
        self.following.reach = Some(followed.reach);
        cmds.extend(self.follow(self.following.cursor.clone(), ctx));
        // The door's policy and notes, as another lane may have set them.
        cmds.extend(if file_changed {
            self.read_door(ctx)
        } else {
            self.follow_door(ctx)
        });
        if before != (self.lane.admissions.len(), self.following.reach.clone()) {
            cmds.push(Cmd::Redraw);
        }
        Outcome::Run(cmds)
    }

    /// Another lane's admission, in the last scans, naming the lane.
    fn seen_elsewhere(&mut self, a: &crate::store::Admission) {
        let name = self
            .row(a.ticket_id)
            .map(|r| r.attendee().to_string())
            .unwrap_or_default();
        self.recent.push_front(Entry {
            at: a.at.get(11..19).unwrap_or_default().to_string(),
            number: a.number.clone(),
            name,
            face: Face::Elsewhere(a.desk.clone()),
            scan: 0,
        });
        self.recent.truncate(KEPT_VERDICTS);
    }

    /// The banner while the shared log does not answer: `SHARED LOG
    /// UNREACHABLE since 19:02 — verdicts from this lane only` and the
    /// admissions queued (in English; the view says it in the desk's
    /// language, `lane_banner_within`).
    pub fn lane_banner(&self) -> Option<String> {
        self.banner(false, crate::i18n::Tongue::english())
    }

    /// The banner in `width` columns: whole when it fits, else its short
    /// form (`SHARED LOG UNREACHABLE since 19:02 · 3 queued`), which the
    /// view cuts with `…` if it must; in `t`'s words.
    pub fn lane_banner_within(&self, width: usize, t: &crate::i18n::Tongue) -> Option<String> {
        let whole = self.banner(false, t)?;
        if unicode_width::UnicodeWidthStr::width(whole.as_str()) <= width {
            return Some(whole);
        }
        self.banner(true, t)
    }

    fn banner(&self, short: bool, t: &crate::i18n::Tongue) -> Option<String> {
        // The log is back and the queue is on its way: said until it is
        // all there.
        if let Some(Reach::Shared { queued }) = &self.following.reach
            && *queued > 0
        {
            let id = if short { "banner-sending-short" } else { "banner-sending" };
            return Some(t.ta(id, &[("count", queued)]));
        }
        let Some(Reach::Unreachable { since, queued }) = &self.following.reach else {
            return None;
        };
        let since = since.get(11..16).unwrap_or(since);
        Some(match (short, queued) {
            (true, 0) => t.ta("banner-unreachable-short", &[("since", &since)]),
            (true, n) => t.ta(
                "banner-unreachable-short-queued",
                &[("since", &since), ("count", n)],
            ),
            (false, 0) => t.ta("banner-unreachable", &[("since", &since)]),
            (false, n) => t.ta(
                "banner-unreachable-queued",
                &[("since", &since), ("count", n)],
            ),
        })
    }
}

/// A ticket admitted twice as the F6 panel lists it: "TK-000031  admitted
/// twice: lane 3 19:02:10, lane 7 19:04:55" (earlier first; in English what
/// `Conflict` writes), in `t`'s words.
fn conflict_line(c: &Conflict, t: &crate::i18n::Tongue) -> String {
    let time = |at: &str| at.get(11..19).unwrap_or(at).to_owned();
    let mut two = [
        (&c.kept_at, &c.kept_lane),
        (&c.replayed_at, &c.replayed_lane),
    ];
    two.sort();
    t.ta(
        "conflict-line",
        &[
            ("number", &c.number),
            ("first", two[0].1),
            ("first-time", &time(two[0].0)),
            ("second", two[1].1),
            ("second-time", &time(two[1].0)),
        ],
    )
}
