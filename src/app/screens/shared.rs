//! What several screens do alike: tell an error, open the enroll form or
//! the customer picker, ask before a revoke, hand over the tickets found,
//! show a record's JSON (`tree`).

use crate::app::find::{Found, Wanted};
use crate::app::keymap::Action;
use crate::app::list::ListView;
use crate::app::list::rows::{TicketRow, TicketScope};
use crate::app::overlays::Overlay;
use crate::app::overlays::customer_picker::CustomerPicker;
use crate::app::overlays::enroll::EnrollForm;
use crate::app::overlays::revoke::RevokeConfirm;
use crate::app::state::ToastKind;

use super::{Ctx, Outcome};

mod tree;
pub use tree::{raw_lines, tree_lines};

/// An error toast when there is something to say.
pub fn toast(text: Option<String>) -> Outcome {
    text.map_or(Outcome::Stay, |t| Outcome::Toast(ToastKind::Error, t))
}

/// The enroll form (`e`) or the customer picker (`a`) for `event_id`.
pub fn enroll_overlay(action: Action, event_id: u64, target: String, ctx: &mut Ctx) -> Outcome {
    if action == Action::EnrollCustomer {
        let req = ctx.ids.take();
        let (picker, cmd) = CustomerPicker::open(event_id, target, req, (ctx.body, ctx.lang));
        Outcome::Overlay(Overlay::Picker(picker), vec![cmd])
    } else {
        Outcome::Overlay(Overlay::Enroll(EnrollForm::new(event_id, target)), vec![])
    }
}

/// The rows of `list` that are `wanted`'s, found in `scope`.
pub fn found_in(list: &ListView<TicketRow>, wanted: &Wanted, scope: &TicketScope) -> Vec<Found> {
    list.list
        .rows()
        .iter()
        .filter(|r| wanted.matches_row(r))
        .map(|r| Found {
            row: r.clone(),
            scope: scope.clone(),
        })
        .collect()
}

/// The revoke confirmation for `row`, or why there is none (in `t`'s
/// language).
pub fn revoke_ask(row: &TicketRow, t: &crate::i18n::Tongue) -> Outcome {
    if row.is_unenrolled() {
        return Outcome::Toast(
            ToastKind::Error,
            t.ta("toast-already-unenrolled", &[("number", &row.number())]),
        );
    }
    Outcome::Overlay(Overlay::Revoke(RevokeConfirm::new(row)), vec![])
}
