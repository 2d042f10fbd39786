//! Notes that stop the door: a short note on a ticket ("wheelchair: use
//! gate B"), or on a customer (every ticket of theirs). A scan of such a
//! ticket shows ⚑ and the note beside the verdict, and a VALID then waits
//! for Enter. Kept in the desk log (the shared one when there is one).

use std::collections::HashMap;

use crate::store::KeptNote;

/// The longest note: a line beside a verdict (`boxoffice note`, the
/// note form).
pub const NOTE_MAX: usize = 200;

/// What a note is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NoteOn {
    Ticket,
    Customer,
}

/// A note, and what it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub on: NoteOn,
    pub id: u64,
    pub text: String,
}

/// The notes a door knows, by what they are on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notes {
    by: HashMap<(NoteOn, u64), Note>,
}

impl Notes {
    /// The notes as the log keeps them (a note on anything else is left
    /// out; text sanitised when read).
    pub fn of(kept: &[KeptNote]) -> Self {
        let by = kept
            .iter()
            .filter_map(|n| {
                let on = match n.on.as_str() {
                    "ticket" => NoteOn::Ticket,
                    "customer" => NoteOn::Customer,
                    _ => return None,
                };
                let text = crate::sanitize::clean(n.text.trim()).into_owned();
                (!text.is_empty()).then_some(((on, n.id), Note { on, id: n.id, text }))
            })
            .collect();
        Self { by }
    }

    /// The note of a ticket: its own, else its customer's.
    pub fn of_ticket(&self, ticket: u64, customer: Option<u64>) -> Option<&Note> {
        self.by
            .get(&(NoteOn::Ticket, ticket))
            .or_else(|| customer.and_then(|c| self.by.get(&(NoteOn::Customer, c))))
    }

    pub fn len(&self) -> usize {
        self.by.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by.is_empty()
    }
}

impl NoteOn {
    /// As the log keeps it.
    pub fn word(self) -> &'static str {
        match self {
            Self::Ticket => "ticket",
            Self::Customer => "customer",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tickets_own_note_comes_before_its_customers() {
        let kept = |on: &str, id, text: &str| KeptNote {
            on: on.into(),
            id,
            text: text.into(),
            ..KeptNote::default()
        };
        let notes = Notes::of(&[
            kept("customer", 7, "VIP: \u{1b}[2Jescort"),
            kept("ticket", 40, "wheelchair: use gate B"),
            kept("ticket", 41, "  "),
        ]);
        assert_eq!(notes.len(), 2);
        assert_eq!(
            notes.of_ticket(40, Some(7)).map(|n| n.text.as_str()),
            Some("wheelchair: use gate B")
        );
        assert_eq!(
            notes.of_ticket(42, Some(7)).map(|n| n.text.as_str()),
            Some("VIP: ^[[2Jescort")
        );
        assert_eq!(notes.of_ticket(41, None), None);
    }
}
