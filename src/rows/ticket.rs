//! A ticket as the tickets table keeps it: the shown fields packed in one
//! allocation, the folded search text, and the ids a later screen needs.
//! 100,000 of them stay well inside the TUI's memory budget.

use crate::api::model::Ticket;
use crate::rows::{Field, ListRow, Packed, SEPARATOR, SortKey, prefix, search_text, shared_text};
use crate::store::CachedTicket;

const NUMBER: usize = 0;
const NAME: usize = 1;
const EMAIL: usize = 2;
const STATUS: usize = 3;
const TYPE: usize = 4;
const CREATED: usize = 5;
const PRICE: usize = 6;
const ORDER: usize = 7;
const EDITION: usize = 8;
/// Folded name, e-mail and number, separated by U+001F.
const SEARCH: usize = 9;
/// The parts many rows repeat, kept once for all ([`shared_text`]): the
/// row holds their codes, and an empty text in their place.
const SHARED: [usize; 4] = [STATUS, TYPE, PRICE, EDITION];

/// A [`SHARED`] part's code, and the text the row keeps of it (none when
/// the code holds it).
fn share(text: &str) -> (u16, &str) {
    match shared_text::code(text) {
        0 => (0, text),
        code => (code, ""),
    }
}

/// A row's fields, borrowed: what [`TicketRow::build`] packs.
struct Parts<'a> {
    id: u64,
    edition_id: Option<u64>,
    attendee_id: Option<u64>,
    number: &'a str,
    name: &'a str,
    email: &'a str,
    status: &'a str,
    enrollment_type: &'a str,
    created: &'a str,
    price: &'a str,
    order: &'a str,
    edition: &'a str,
}

/// One loaded ticket.
#[derive(Debug, Clone)]
pub struct TicketRow {
    pub id: u64,
    /// The edition the ticket belongs to, as the ticket says.
    pub edition_id: Option<u64>,
    /// The attendee's customer id.
    pub attendee_id: Option<u64>,
    /// Numeric price, for sorting.
    price: f64,
    /// Where the folded name and e-mail end in the search text.
    folded_ends: [u16; 2],
    /// The codes of the [`SHARED`] parts (0: the text is in `text`).
    shared: [u16; 4],
    /// The sort keys of the folded name and e-mail, made once: a sort by
    /// them over 100,000 rows reads no text. Their prefixes as two halves
    /// each (a `u128` would align the row to 16 bytes), and which are
    /// whole (bit `n`).
    folded_prefixes: [[u64; 2]; 2],
    folded_whole: u8,
    text: Packed<10>,
}

impl TicketRow {
    pub fn new(t: &Ticket) -> Self {
        let a = t.attendee.clone().unwrap_or_default();
        let price = t.price.as_ref().map(|p| p.0.as_str()).unwrap_or_default();
        let order = t
            .order
            .as_ref()
            .and_then(|o| o.number.as_deref())
            .unwrap_or_default();
        let edition = t
            .event
            .as_ref()
            .and_then(|e| e.name.as_deref())
            .unwrap_or_default();
        Self::build(&Parts {
            id: t.id,
            edition_id: t.event.as_ref().and_then(|e| e.id),
            attendee_id: a.id,
            number: &t.number.clone().unwrap_or_else(|| t.id.to_string()),
            name: &a.full_name(),
            email: a.email.as_deref().unwrap_or_default(),
            status: t.status.as_deref().unwrap_or_default(),
            enrollment_type: t.enrollment_type.as_deref().unwrap_or_default(),
            created: t.creation_date.as_deref().unwrap_or_default(),
            price,
            order,
            edition,
        })
    }

    /// A row of an offline list.
    pub fn from_cached(t: &CachedTicket) -> Self {
        Self::build(&Parts {
            id: t.id,
            edition_id: t.edition_id,
            attendee_id: t.attendee_id,
            number: &t.number,
            name: &t.name,
            email: &t.email,
            status: &t.status,
            enrollment_type: &t.enrollment_type,
            created: &t.created,
            price: &t.price,
            order: &t.order,
            edition: &t.edition,
        })
    }

    /// The row as an offline list keeps it.
    pub fn cached(&self) -> CachedTicket {
        CachedTicket {
            id: self.id,
            number: self.number().to_string(),
            status: self.status().to_string(),
            attendee_id: self.attendee_id,
            name: self.attendee().to_string(),
            email: self.email().to_string(),
            edition_id: self.edition_id,
            edition: self.edition().to_string(),
            enrollment_type: self.enrollment_type().to_string(),
            created: self.created().to_string(),
            price: self.price().to_string(),
            order: self.order().to_string(),
        }
    }

    fn build(p: &Parts<'_>) -> Self {
        let mut parts = [
            p.number,
            p.name,
            p.email,
            p.status,
            p.enrollment_type,
            p.created,
            p.price,
            p.order,
            p.edition,
            "",
        ];
        let mut shared = [0; 4];
        for (code, part) in shared.iter_mut().zip(SHARED) {
            (*code, parts[part]) = share(parts[part]);
        }
        let row = Self {
            id: p.id,
            edition_id: p.edition_id,
            attendee_id: p.attendee_id,
            price: p.price.parse().unwrap_or(0.0),
            folded_ends: [0; 2],
            shared,
            folded_prefixes: [[0; 2]; 2],
            folded_whole: 0,
            text: Packed::new(parts),
        };
        row.searchable()
    }

    /// The `n`th of the [`SHARED`] parts.
    fn shared(&self, n: usize) -> &str {
        match self.shared[n] {
            0 => self.text.get(SHARED[n]),
            code => shared_text::text(code),
        }
    }

    /// Part `part`, wherever it is kept.
    fn part(&self, part: usize) -> &str {
        match SHARED.iter().position(|&p| p == part) {
            Some(n) => self.shared(n),
            None => self.text.get(part),
        }
    }

    /// The sort key of the folded name (0) or e-mail (1).
    fn folded_key(&self, n: usize) -> SortKey {
        let [high, low] = self.folded_prefixes[n];
        SortKey {
            prefix: (u128::from(high) << 64) | u128::from(low),
            whole: self.folded_whole & (1 << n) != 0,
        }
    }

    /// The row with its search text made from its fields
    /// ([`ListRow::SEARCHED`]: name, e-mail, number), and where the folded
    /// name and e-mail end in it.
    fn searchable(mut self) -> Self {
        let search = search_text(&self);
        let mut ends = search.match_indices(SEPARATOR).map(|(i, _)| i);
        let end = |n: Option<usize>| u16::try_from(n.unwrap_or(0)).unwrap_or(u16::MAX);
        self.folded_ends = [end(ends.next()), end(ends.next())];
        self.text = self.text.replaced(SEARCH, &search);
        for n in 0..2 {
            let key = prefix(self.folded(n));
            // The halves of the prefix (truncation meant).
            #[allow(clippy::cast_possible_truncation)]
            let halves = [(key.prefix >> 64) as u64, key.prefix as u64];
            self.folded_prefixes[n] = halves;
            self.folded_whole |= u8::from(key.whole) << n;
        }
        self
    }

    /// The number printed on the ticket (its id when it has none).
    pub fn number(&self) -> &str {
        self.text.get(NUMBER)
    }
    pub fn attendee(&self) -> &str {
        self.text.get(NAME)
    }
    pub fn email(&self) -> &str {
        self.text.get(EMAIL)
    }
    pub fn status(&self) -> &str {
        self.shared(0)
    }
    pub fn enrollment_type(&self) -> &str {
        self.shared(1)
    }
    pub fn created(&self) -> &str {
        self.text.get(CREATED)
    }
    pub fn price(&self) -> &str {
        self.shared(2)
    }
    /// The order's number, empty when the ticket has no order.
    pub fn order(&self) -> &str {
        self.text.get(ORDER)
    }
    /// The edition's name as the ticket carries it.
    pub fn edition(&self) -> &str {
        self.shared(3)
    }
    pub fn is_unenrolled(&self) -> bool {
        self.status() == "unenrolled"
    }

    /// The attendee's e-mail, folded (case and accents ignored).
    pub fn folded_email(&self) -> &str {
        self.folded(1)
    }

    /// Part `n` of the folded search text: 0 name, 1 e-mail.
    fn folded(&self, n: usize) -> &str {
        let hay = self.text.get(SEARCH);
        let [name, email] = self.folded_ends.map(usize::from);
        let range = if n == 0 { 0..name } else { name + 1..email };
        hay.get(range).unwrap_or("")
    }

    /// The same ticket with another status (a revoke the API said OK to).
    pub fn set_status(&mut self, status: &str) {
        let own;
        (self.shared[0], own) = share(status);
        self.text = self.text.replaced(STATUS, own);
    }
}

/// Rows are equal when their fields are: the price by its bits (so that
/// equality is total, and rows can travel in `Cmd`s, which are `Eq`); a
/// shared part by its text, wherever it is kept.
impl PartialEq for TicketRow {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
            && self.edition_id == other.edition_id
            && self.attendee_id == other.attendee_id
            && self.price.to_bits() == other.price.to_bits()
            && self.folded_ends == other.folded_ends
            && self.folded_prefixes == other.folded_prefixes
            && self.folded_whole == other.folded_whole
            && if self.shared == other.shared {
                self.text == other.text
            } else {
                (0..10).all(|part| self.part(part) == other.part(part))
            }
    }
}

impl Eq for TicketRow {}

/// A ticket's fields: the CSV's columns (docs/headless.md) and what the
/// tickets table shows and sorts by.
impl TicketRow {
    pub const ID: Field<Self> = Field::number("id", |t| t.id);
    /// The number printed on the ticket (its id when it has none).
    pub const NUMBER: Field<Self> = Field::text("number", Self::number);
    pub const STATUS: Field<Self> = Field::text("status", Self::status);
    pub const TYPE: Field<Self> = Field::text("enrollment_type", Self::enrollment_type);
    /// Sorted by its folded form (case and accents ignored), through the
    /// key made once per row.
    pub const ATTENDEE: Field<Self> = Field::text_keyed(
        "attendee_name",
        Self::attendee,
        |t| t.folded_key(0),
        |t| t.folded(0),
    );
    pub const EMAIL: Field<Self> = Field::text_keyed(
        "attendee_email",
        Self::email,
        |t| t.folded_key(1),
        |t| t.folded(1),
    );
    pub const EDITION_ID: Field<Self> = Field::maybe_number("edition_id", |t| t.edition_id);
    pub const EDITION: Field<Self> = Field::text("edition_name", Self::edition);
    pub const CREATED: Field<Self> = Field::text("creation_date", Self::created);
    /// As sent, sorted as the amount it is.
    pub const PRICE: Field<Self> = Field::amount("price", Self::price, |t| t.price);
    /// The order's number, empty when none.
    pub const ORDER: Field<Self> = Field::text("order_number", Self::order);
}

impl ListRow for TicketRow {
    const FIELDS: &'static [Field<Self>] = &[
        Self::ID,
        Self::NUMBER,
        Self::STATUS,
        Self::TYPE,
        Self::ATTENDEE,
        Self::EMAIL,
        Self::EDITION_ID,
        Self::EDITION,
        Self::CREATED,
        Self::PRICE,
        Self::ORDER,
    ];
    const SEARCHED: &'static [&'static Field<Self>] =
        &[&Self::ATTENDEE, &Self::EMAIL, &Self::NUMBER];

    fn id(&self) -> u64 {
        self.id
    }
    fn ticket_number(&self) -> Option<&str> {
        Some(self.number())
    }
    fn haystack(&self) -> &str {
        self.text.get(SEARCH)
    }
    fn group(&self) -> &str {
        self.status()
    }
    fn person(&self) -> Option<(u64, &str)> {
        let name = self.folded(0);
        (!name.is_empty()).then_some((self.attendee_id?, name))
    }
    fn person_name(&self) -> &str {
        self.attendee()
    }
}

/// Whose tickets these are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketScope {
    /// The edition's id, or the main event's (then the API picks the edition).
    pub event_id: u64,
    pub title: String,
    pub edition: bool,
    /// The edition's last moment when known: an enroll from its list is
    /// refused before anything is typed once it has passed.
    pub ends: Option<crate::api::ended::LastMoment>,
}
