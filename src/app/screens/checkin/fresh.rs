//! The desk's side of `door::fresh`: before a VALID is given online, its
//! ticket is read as the API has it now (`Cmd::CheckTicket`); the answer
//! (or its deadline) settles the scan — judged again on the ticket as it
//! is now, or from the list, said so — and an admission forced outside
//! the hours waits for it too.

use crate::app::cmd::Cmd;
use crate::app::list::rows::TicketRow;
use crate::app::state::ReqId;
use crate::door::{Checked, clock_time};

use super::{CheckinScreen, Ctx, Outcome, Waits};

impl CheckinScreen {
    /// What a VALID judged from the list alone says of it ("from the list
    /// of 11:26"): the API did not answer its read, or is known not to.
    pub(super) fn judged_from_list(&self, scan: u64) -> Option<String> {
        let unanswered = self.inflight.checked == Some((scan, true));
        let answered = self.inflight.checked == Some((scan, false));
        let down = self.listed.offline.is_some() || self.lane.fresh.down_since.is_some();
        if answered || !(unanswered || down) {
            return None;
        }
        let at = self.listed.read_at.as_deref().or(self.listed.cached_at.as_deref());
        // Short: it fits under the verdict at 40 columns; the header says
        // the API is unreachable.
        let t = self.lang.tongue();
        Some(match at {
            Some(at) => t.ta("valid-from-list-of", &[("time", &clock_time(at))]),
            None => t.t("valid-from-list"),
        })
    }

    /// The read of a VALID's ticket answered (or its deadline passed): the
    /// list takes what the API has now, and the scan is judged again —
    /// from the list alone when nothing answered in time.
    pub(super) fn checked(
        &mut self,
        req: ReqId,
        checked: Checked<TicketRow>,
        took: std::time::Duration,
        ctx: &mut Ctx,
    ) -> Outcome {
        let Some(i) = self
            .pending
            .iter()
            .position(|p| matches!(p.waits, Waits::Check(r, ..) if r == req))
        else {
            return Outcome::Stay;
        };
        let p = self.pending.remove(i);
        let unanswered = match checked {
            Checked::Now(row) => {
                self.lane.fresh.answered(Some(took));
                self.lane.lists.refresh(row);
                false
            }
            Checked::Gone => {
                self.lane.fresh.answered(Some(took));
                if let Waits::Check(_, id, _) = p.waits {
                    self.lane.lists.gone(id);
                }
                false
            }
            Checked::NoAnswer => {
                self.lane.fresh.failed(ctx.wall);
                // The list is read again soon: when it comes, the API is
                // back (or the desk says it is offline).
                let soon = ctx.now + super::RETRY;
                self.listed.reread_at = Some(self.listed.reread_at.map_or(soon, |at| at.min(soon)));
                true
            }
        };
        // Forced outside the hours: judged again on the ticket as the API
        // has it now (or the list, unanswered) with the hours bent open —
        // made if it is still confirmed, else NOT VALID and nothing
        // recorded.
        let mut cmds = if let Waits::Check(_, id, true) = p.waits {
            self.force_now(id, ctx)
        } else {
            self.inflight.checked = Some((p.scan, unanswered));
            let cmds = self.judge_scan(p.scan, &p.text, p.key, ctx);
            self.inflight.checked = None;
            cmds
        };
        cmds.push(Cmd::Redraw);
        Outcome::Run(cmds)
    }
}
