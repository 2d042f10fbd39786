//! Finding tickets across events: a customer's tickets, or the ticket a
//! guest reads the number of. The API has no look-up by attendee or by
//! number, so the tickets of the current and upcoming events (each edition
//! of a multi-edition event) are read and matched as they come. What is
//! wanted and where are data (`FindTickets`, in `Cmd::FindTickets`); the
//! executor runs it (`executor::find::run`), which answers with [`FoundPage`]s as it goes and
//! stops when its task is aborted (the user pressed stop or left).

use crate::api::model::Ticket;
use crate::search::fold;
use crate::ticket_number;

use super::list::rows::{TicketRow, TicketScope};

/// Whose tickets are wanted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    /// A customer's: the attendee is this customer id, or has this e-mail
    /// (kept folded: case and accents ignored).
    Customer { id: u64, email: String },
    /// The ticket with this number, as typed (trimmed, upper case): read
    /// through [`crate::ticket_number`] (`tk 000230` is `TK-000230`).
    Number(String),
}

impl Wanted {
    pub fn customer(id: u64, email: &str) -> Self {
        Self::Customer {
            id,
            email: fold(email.trim()),
        }
    }

    pub fn number(number: &str) -> Self {
        Self::Number(number.trim().to_uppercase())
    }

    /// Whether a loaded row is one of them.
    pub fn matches_row(&self, row: &TicketRow) -> bool {
        match self {
            Self::Customer { id, email } => {
                row.attendee_id == Some(*id) || (!email.is_empty() && row.folded_email() == email)
            }
            Self::Number(n) => ticket_number::same(n, row.number()),
        }
    }

    /// Whether a ticket read from the API is one of them.
    pub fn matches(&self, t: &Ticket) -> bool {
        match self {
            Self::Customer { id, email } => {
                let a = t.attendee.as_ref();
                a.and_then(|a| a.id) == Some(*id)
                    || (!email.is_empty()
                        && a.and_then(|a| a.email.as_deref())
                            .is_some_and(|e| fold(e.trim()) == *email))
            }
            Self::Number(n) => t
                .number
                .as_deref()
                .is_some_and(|x| ticket_number::same(n, x)),
        }
    }

    /// One ticket is all there is to find.
    pub fn one(&self) -> bool {
        matches!(self, Self::Number(_))
    }
}

/// Where to look.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Within {
    /// Every event that has not ended (each edition of a multi-edition
    /// event that has not ended), as of the executor's today.
    Upcoming,
    /// One event or edition (after an enroll into it).
    One(TicketScope),
}

/// A search for tickets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindTickets {
    pub wanted: Wanted,
    pub within: Within,
}

/// A ticket found, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub row: TicketRow,
    /// The event or edition whose tickets it is among.
    pub scope: TicketScope,
}

/// What a search has come to, sent as it goes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FoundPage {
    /// Tickets found since the last answer.
    pub hits: Vec<Found>,
    /// Events and editions to read (known once the events are read).
    pub scopes: u32,
    /// Events and editions read to their end (or failed).
    pub scopes_done: u32,
    /// Tickets read since the last answer.
    pub tickets: u64,
    /// Events and editions that could not be read, and the first error.
    pub failed: u32,
    pub error: Option<String>,
    /// The search is over.
    pub done: bool,
}

/// Where a search stands, for a screen or overlay to show: its answers'
/// figures summed (their hits are not kept).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchProgress(FoundPage);

impl SearchProgress {
    /// Adds an answer's figures.
    pub fn add(&mut self, page: &FoundPage) {
        let sum = &mut self.0;
        sum.scopes = sum.scopes.max(page.scopes);
        sum.scopes_done += page.scopes_done;
        sum.tickets += page.tickets;
        sum.failed += page.failed;
        if sum.error.is_none() {
            sum.error.clone_from(&page.error);
        }
        sum.done |= page.done;
    }

    /// The search is over.
    pub fn done(&self) -> bool {
        self.0.done
    }

    /// The first error, when an event or edition could not be read.
    pub fn error(&self) -> Option<&str> {
        self.0.error.as_deref()
    }

    /// "3 of 7 events · 1,234 tickets read", in `t`'s language.
    pub fn text(&self, t: &crate::i18n::Tongue) -> String {
        let sum = &self.0;
        let events = if sum.scopes == 0 {
            t.t("find-finding-events")
        } else {
            t.ta(
                "find-events-read",
                &[("done", &sum.scopes_done), ("total", &sum.scopes)],
            )
        };
        let mut text = t.ta(
            "find-tickets-read",
            &[("events", &events), ("count", &t.number(sum.tickets))],
        );
        if sum.failed > 0 {
            text.push_str(&t.ta("find-unread", &[("count", &sum.failed)]));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_matches_whatever_its_case_and_spaces() {
        let w = Wanted::number("  tk-000041 ");
        assert_eq!(w, Wanted::Number("TK-000041".into()));
        for said in ["tk 000041", "TK000041", "tk 41"] {
            let t: Ticket =
                serde_json::from_value(serde_json::json!({"id": 41, "number": "TK-000041"}))
                    .unwrap();
            assert!(Wanted::number(said).matches(&t), "{said}");
        }
        let t: Ticket = serde_json::from_value(serde_json::json!({
            "id": 41, "number": "TK-000041",
            "attendee": {"id": 7, "email": "Ána@Example.com"}
        }))
        .unwrap();
        assert!(w.matches(&t));
        assert!(Wanted::customer(7, "").matches(&t));
        assert!(Wanted::customer(8, "ana@example.com").matches(&t));
        assert!(!Wanted::customer(8, "bob@example.com").matches(&t));
        assert!(!Wanted::customer(8, "").matches(&t));
        let row = TicketRow::new(&t);
        assert!(w.matches_row(&row));
        assert!(Wanted::customer(7, "x@y").matches_row(&row));
        assert!(Wanted::customer(9, "ana@example.com").matches_row(&row));
        assert!(!Wanted::customer(9, "").matches_row(&row));
    }
}
