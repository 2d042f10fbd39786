//! A whole order at once: when a ticket is VALID and its order holds
//! other tickets for this door, the door names them — those not yet
//! admitted (one key admits them all, each its own admission) and those
//! admitted already (with their time). Found through the lists' order
//! index, never a walk over the list. A mate with a note (on the ticket
//! or its customer) is named with it and never goes in with the order: the
//! note stops the door for that guest as it would at their own scan.

use crate::store::Admission;

use super::judge::Judging;
use super::notes::Note;
use super::ticket::Pass;

/// Another ticket of the scanned ticket's order, for this door.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderMate<'a, T> {
    pub ticket: &'a T,
    /// Its admission here, if it was admitted.
    pub admitted: Option<&'a Admission>,
    /// The note on it or its customer, if any.
    pub note: Option<&'a Note>,
}

impl<T> OrderMate<'_, T> {
    /// Whether it goes in with the order: not admitted yet, and no note
    /// that stops the door (a noted mate is let in only at a scan of its
    /// own, or picked by hand after the note was read).
    pub fn goes_with_order(&self) -> bool {
        self.admitted.is_none() && self.note.is_none()
    }
}

/// The other tickets of `ticket`'s order this door lets in: in its lists
/// (its own edition's, and the other editions' its policy admits),
/// confirmed; not yet admitted first, then admitted, each in list order.
/// Empty when the ticket has no order.
pub fn order_of<'a, T: Pass>(j: &Judging<'a, T>, ticket: &T) -> Vec<OrderMate<'a, T>> {
    let mut mates: Vec<OrderMate<'a, T>> = j
        .lists
        .order_rows(ticket.order(), j.target.event_id)
        .into_iter()
        .filter(|(t, edition)| {
            t.id() != ticket.id()
                && t.status() == "confirmed"
                && j.policy.admits(
                    j.target,
                    t.edition_id().unwrap_or(*edition),
                    j.target.parent_id,
                )
        })
        .map(|(t, _)| OrderMate {
            ticket: t,
            admitted: j.admissions.get(t.id()),
            note: j.notes.of_ticket(t.id(), t.customer_id()),
        })
        .collect();
    mates.sort_by_key(|m| m.admitted.is_some());
    mates
}
