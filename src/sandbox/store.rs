//! The sandbox's own records (never the client's) and the rules that change them.
//! Ids are dense where it pays: customer `id` = index + 1, ticket `id` = index + 1,
//! so look-ups and new ids are O(1) even at 100,000 tickets.

use std::collections::HashMap;

use super::clock::Ts;
use super::wire;

/// The states a ticket can be in; `Unenrolled` is what revoke leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TicketStatus {
    Confirmed,
    Open,
    Pending,
    Cancelled,
    Unenrolled,
}

impl TicketStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Confirmed => "confirmed",
            Self::Open => "open",
            Self::Pending => "pending",
            Self::Cancelled => "cancelled",
            Self::Unenrolled => "unenrolled",
        }
    }

    fn slot(self) -> usize {
        self as usize
    }
}

/// Tickets of one edition by status, kept up to date on every write.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counters {
    by_status: [u32; 5],
}

impl Counters {
    pub fn add(&mut self, status: TicketStatus) {
        self.by_status[status.slot()] += 1;
    }
    pub fn remove(&mut self, status: TicketStatus) {
        let slot = &mut self.by_status[status.slot()];
        *slot = slot.saturating_sub(1);
    }
    pub fn get(&self, status: TicketStatus) -> u32 {
        self.by_status[status.slot()]
    }
    pub fn total(&self) -> u32 {
        self.by_status.iter().sum()
    }
    /// confirmed + open + pending.
    pub fn committed(&self) -> u32 {
        self.get(TicketStatus::Confirmed)
            + self.get(TicketStatus::Open)
            + self.get(TicketStatus::Pending)
    }
    pub fn merge(&mut self, other: &Self) {
        for (a, b) in self.by_status.iter_mut().zip(other.by_status) {
            *a += b;
        }
    }
}

/// A main event: its record as the API writes it (the counters and
/// `sales` are filled in when written, from its editions'), and its editions.
#[derive(Debug, Clone)]
pub struct Event {
    pub record: wire::Event,
    /// Indices into `Store::editions`, ordered by start.
    pub editions: Vec<usize>,
    /// An event without editions: its single internal edition is not listed.
    pub hidden_edition: bool,
}

impl Event {
    pub fn id(&self) -> u64 {
        self.record.id
    }
}

/// An edition: its record (counters filled in when written), and what the
/// rules read: when it runs, how many seats, its tickets and their counts.
#[derive(Debug, Clone)]
pub struct Edition {
    pub record: wire::Edition,
    pub event: usize,
    pub end: Ts,
    /// `None` = unlimited (written `false`).
    pub capacity: Option<u32>,
    /// Indices into `Store::tickets`, in id order (so a page is a slice).
    pub tickets: Vec<usize>,
    pub counters: Counters,
}

impl Edition {
    pub fn has_seat(&self) -> bool {
        self.capacity
            .is_none_or(|cap| self.counters.committed() < cap)
    }

    pub fn id(&self) -> u64 {
        self.record.id
    }
}

/// A ticket. Its attendee is its customer, its event its edition, its
/// order an order of the store: all written from there.
#[derive(Debug, Clone)]
pub struct Ticket {
    pub id: u64,
    pub enrollment_type: String,
    pub customer: usize,
    pub edition: usize,
    pub status: TicketStatus,
    pub created: Ts,
    pub data_source_type: &'static str,
    pub price: String,
    pub order: Option<usize>,
    /// What an export said that the demo's own rules would not: set for
    /// tickets read from a file, `None` for the demo's.
    pub imported: Option<Box<ImportedTicket>>,
}

/// A ticket's facts as an export gave them.
#[derive(Debug, Clone)]
pub struct ImportedTicket {
    pub number: String,
    pub creation_date: String,
    pub data_source_type: String,
    pub source: wire::TicketSource,
    pub base_price: String,
    pub total_tickets: String,
    /// An order the export named but did not hold.
    pub order: Option<wire::TicketOrder>,
}

impl Ticket {
    pub fn number(&self) -> String {
        match &self.imported {
            Some(imported) => imported.number.clone(),
            None => format!("TK-{:06}", self.id),
        }
    }
}

/// A customer: the personal data of every answer lives here (a ticket's
/// attendee, an order's customer, a course enrollment are written from it).
#[derive(Debug, Clone)]
pub struct Customer {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub last_name: Option<String>,
    pub phone: Option<String>,
    pub created: Ts,
    pub language: &'static str,
    pub member_id: MemberId,
    pub company: Option<String>,
    pub is_guest: bool,
    /// `metafields` as an object (true) or an empty array (false): both are seen.
    pub metafields_object: bool,
    pub addresses: Vec<Address>,
    /// Indices into `Store::orders`.
    pub orders: Vec<usize>,
    /// The single record's fields as an export gave them, `None` for the
    /// demo's (whose are made from the fields above).
    pub imported: Option<Box<ImportedCustomer>>,
}

impl Customer {
    /// A customer of whom only the e-mail and names are known, created at
    /// `created`: no phone, company, address or order, English.
    pub fn plain(
        id: u64,
        email: String,
        name: String,
        last_name: Option<String>,
        created: Ts,
    ) -> Self {
        Self {
            id,
            email,
            name,
            last_name,
            phone: None,
            created,
            language: "en",
            member_id: MemberId::Null,
            company: None,
            is_guest: false,
            metafields_object: false,
            addresses: Vec::new(),
            orders: Vec::new(),
            imported: None,
        }
    }
}

/// What an export said about a customer beyond the list item.
#[derive(Debug, Clone)]
pub struct ImportedCustomer {
    /// The single record's extra fields (`orders` unused: written from the
    /// store); `None` when the file has only the list item.
    pub more: Option<wire::CustomerMore>,
    /// How an order of the list shows the customer (from the first order
    /// that named them), its `id`, `name`, `email`, `last_name` unused.
    pub in_orders: Option<wire::OrderCustomer>,
}

/// `member_id` arrives as an integer, a string or null.
#[derive(Debug, Clone)]
pub enum MemberId {
    Int(u64),
    Text(String),
    Null,
}

#[derive(Debug, Clone)]
pub struct Address {
    pub id: u64,
    pub label: String,
    pub street: String,
    pub number: String,
    pub city: String,
    pub zip_code: String,
    pub country: (u64, &'static str, &'static str),
    pub billing: bool,
    pub shipping: bool,
}

/// An order: its list item and its single record as the API writes them,
/// but for the customer's personal fields, written from the customer.
#[derive(Debug, Clone)]
pub struct Order {
    pub list: wire::Order,
    pub detail: wire::OrderDetail,
    pub customer: usize,
}

impl Order {
    pub fn id(&self) -> u64 {
        self.list.id
    }
}

/// A product: its list item and what the single record adds.
#[derive(Debug, Clone)]
pub struct Product {
    pub record: wire::Product,
    pub more: wire::ProductMore,
}

/// Cents as the API's decimal string.
pub fn money(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// A course: its list item, what the single record adds (a discussion's
/// member written from the customer), and its enrollments.
#[derive(Debug, Clone)]
pub struct Course {
    pub record: wire::Course,
    pub more: wire::CourseMore,
    /// The customer of each of `more.discussions`, in order.
    pub discussion_members: Vec<usize>,
    pub enrollments: Vec<CourseEnrollment>,
}

/// A course enrollment: its record (name, last name and e-mail written from
/// the customer).
#[derive(Debug, Clone)]
pub struct CourseEnrollment {
    pub record: wire::CourseEnrollment,
    pub customer: usize,
}

/// Which record an event id or hash names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventRef {
    Main(usize),
    Edition(usize),
}

/// A business rule said no; the codes are the sandbox's own, listed in
/// docs/sandbox.md#error-codes and `docs/wire-contract.md`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    UnknownEvent,
    UnknownTicket,
    UnknownCustomer,
    NoEdition(&'static str),
    AlreadyEnrolled,
    AlreadyRevoked,
    /// The event (or the edition's event) has `active: false`.
    NotActive,
    /// A request's body or parameters (code 1005).
    Invalid(Vec<wire::Problem>),
    /// An order, product or course (code 1008).
    UnknownRecord(&'static str),
}

/// Who is being enrolled.
#[derive(Debug, Clone)]
pub enum Enrollee {
    Customer(u64),
    Person {
        email: String,
        name: String,
        last_name: String,
    },
}

/// Record ids to indices: the demo's are dense (id = index + 1, found
/// without a map, so 100,000 tickets need none); an export's are whatever
/// the business had, and are kept in a map.
#[derive(Debug)]
pub struct Ids {
    map: HashMap<u64, usize>,
    dense: bool,
    max: u64,
}

impl Default for Ids {
    fn default() -> Self {
        Self {
            map: HashMap::new(),
            dense: true,
            max: 0,
        }
    }
}

impl Ids {
    fn build(ids: impl Iterator<Item = u64>) -> Self {
        let mut out = Self::default();
        let mut all = Vec::new();
        for (i, id) in ids.enumerate() {
            out.dense &= id == i as u64 + 1;
            out.max = out.max.max(id);
            all.push(id);
        }
        if !out.dense {
            out.map = all.into_iter().enumerate().map(|(i, id)| (id, i)).collect();
        }
        out
    }

    fn find(&self, id: u64, len: usize) -> Option<usize> {
        if self.dense {
            let index = usize::try_from(id.checked_sub(1)?).ok()?;
            (index < len).then_some(index)
        } else {
            self.map.get(&id).copied()
        }
    }

    /// The id of a record added at `index`: one past the largest.
    fn next(&mut self, index: usize) -> u64 {
        self.max += 1;
        if !self.dense || self.max != index as u64 + 1 {
            if self.dense {
                // Went sparse: from now on, look up by the map.
                self.map = (0..index).map(|i| (i as u64 + 1, i)).collect();
                self.dense = false;
            }
            self.map.insert(self.max, index);
        }
        self.max
    }
}

#[derive(Debug, Default)]
pub struct Store {
    pub events: Vec<Event>,
    pub editions: Vec<Edition>,
    pub tickets: Vec<Ticket>,
    pub customers: Vec<Customer>,
    pub orders: Vec<Order>,
    pub products: Vec<Product>,
    pub courses: Vec<Course>,
    pub event_ids: HashMap<String, EventRef>,
    pub customer_emails: HashMap<String, usize>,
    ticket_ids: Ids,
    customer_ids: Ids,
}

impl Store {
    /// An event id (main or edition) or a main event's hash.
    pub fn find_event(&self, key: &str) -> Option<EventRef> {
        self.event_ids.get(key).copied()
    }

    /// Registers ids and hashes after seeding.
    pub fn index(&mut self) {
        self.event_ids.clear();
        for (i, edition) in self.editions.iter().enumerate() {
            if !self.events[edition.event].hidden_edition {
                self.event_ids
                    .insert(edition.id().to_string(), EventRef::Edition(i));
                self.event_ids
                    .insert(edition.record.hash.clone(), EventRef::Edition(i));
            }
        }
        for (i, event) in self.events.iter().enumerate() {
            self.event_ids
                .insert(event.id().to_string(), EventRef::Main(i));
            self.event_ids
                .insert(event.record.hash.clone(), EventRef::Main(i));
        }
        self.customer_emails = self
            .customers
            .iter()
            .enumerate()
            .map(|(i, c)| (c.email.to_lowercase(), i))
            .collect();
        self.ticket_ids = Ids::build(self.tickets.iter().map(|t| t.id));
        self.customer_ids = Ids::build(self.customers.iter().map(|c| c.id));
    }

    pub fn customer_by_id(&self, id: u64) -> Option<usize> {
        self.customer_ids.find(id, self.customers.len())
    }

    pub fn ticket_by_id(&self, id: u64) -> Option<usize> {
        self.ticket_ids.find(id, self.tickets.len())
    }

    pub fn order_by_id(&self, id: u64) -> Option<usize> {
        self.orders.iter().position(|o| o.id() == id)
    }

    pub fn product_by_id(&self, id: u64) -> Option<usize> {
        self.products.iter().position(|p| p.record.id == id)
    }

    pub fn course_by_id(&self, id: u64) -> Option<usize> {
        self.courses.iter().position(|c| c.record.id == id)
    }

    /// The main event's counters: the sums of its editions'.
    pub fn event_counters(&self, event: usize) -> Counters {
        let mut sum = Counters::default();
        for &e in &self.events[event].editions {
            sum.merge(&self.editions[e].counters);
        }
        sum
    }

    /// Rule 1: the first edition by start that has not ended and has a seat.
    pub fn first_available(&self, event: usize, now: Ts) -> Option<usize> {
        self.events[event]
            .editions
            .iter()
            .copied()
            .find(|&e| !self.ended(e, now) && self.editions[e].has_seat())
    }

    /// Rule 3: the first edition that has not ended, seat or not; for an event
    /// whose editions have all ended, its last edition (so a past event still
    /// shows who came).
    pub fn tickets_edition(&self, event: usize, now: Ts) -> Option<usize> {
        let editions = &self.events[event].editions;
        editions
            .iter()
            .copied()
            .find(|&e| !self.ended(e, now))
            .or_else(|| editions.last().copied())
    }

    /// Whether edition `e` has ended at `now`: its end is a civil time in
    /// its event's time zone (the app judges the same way,
    /// [`crate::zone::ended`]).
    pub fn ended(&self, e: usize, now: Ts) -> bool {
        let edition = &self.editions[e];
        let zone = if edition.record.timezone.is_empty() {
            &self.events[edition.event].record.timezone
        } else {
            &edition.record.timezone
        };
        crate::zone::ended(&crate::zone::Zone::named(zone), edition.end, now)
    }

    /// Rules 1, 2 and 6, with the seat check and the insert under the caller's
    /// one lock, so two requests racing for the last seat cannot both win.
    /// An event that is not active takes no enrollment, whatever its seats.
    pub fn enroll(
        &mut self,
        target: EventRef,
        who: Enrollee,
        enrollment_type: &str,
        now: Ts,
    ) -> Result<u64, Refusal> {
        let customer = match &who {
            Enrollee::Customer(id) => {
                Some(self.customer_by_id(*id).ok_or(Refusal::UnknownCustomer)?)
            }
            Enrollee::Person { email, .. } => {
                self.customer_emails.get(&email.to_lowercase()).copied()
            }
        };
        let event = match target {
            EventRef::Main(event) => event,
            EventRef::Edition(edition) => self.editions[edition].event,
        };
        if !self.events[event].record.active {
            return Err(Refusal::NotActive);
        }
        let edition = match target {
            EventRef::Main(event) => self.first_available(event, now).ok_or(Refusal::NoEdition(
                "no edition of this event is open with a free seat",
            ))?,
            EventRef::Edition(edition) => {
                if self.ended(edition, now) {
                    return Err(Refusal::NoEdition("this edition has ended"));
                }
                edition
            }
        };
        if let Some(customer) = customer
            && self.editions[edition].tickets.iter().any(|&t| {
                self.tickets[t].customer == customer
                    && self.tickets[t].status != TicketStatus::Unenrolled
            })
        {
            return Err(Refusal::AlreadyEnrolled);
        }
        if !self.editions[edition].has_seat() {
            return Err(Refusal::NoEdition("this edition is sold out"));
        }
        let customer = match (customer, who) {
            (Some(customer), _) => customer,
            (
                None,
                Enrollee::Person {
                    email,
                    name,
                    last_name,
                },
            ) => self.add_customer(email, name, last_name, now),
            (None, Enrollee::Customer(_)) => return Err(Refusal::UnknownCustomer),
        };
        let price = self.editions[edition].record.price.clone();
        Ok(self.add_ticket(Ticket {
            id: 0,
            enrollment_type: enrollment_type.to_owned(),
            customer,
            edition,
            status: TicketStatus::Confirmed,
            created: now,
            data_source_type: "api",
            price,
            order: None,
            imported: None,
        }))
    }

    /// Rule 5: the ticket becomes `unenrolled` from any other status and
    /// its seat is freed; an unenrolled ticket is refused (1007) and stays
    /// as it is.
    pub fn revoke(&mut self, ticket_id: u64) -> Result<(), Refusal> {
        let index = self.ticket_by_id(ticket_id).ok_or(Refusal::UnknownTicket)?;
        let ticket = &mut self.tickets[index];
        if ticket.status == TicketStatus::Unenrolled {
            return Err(Refusal::AlreadyRevoked);
        }
        let old = ticket.status;
        ticket.status = TicketStatus::Unenrolled;
        let counters = &mut self.editions[ticket.edition].counters;
        counters.remove(old);
        counters.add(TicketStatus::Unenrolled);
        Ok(())
    }

    /// Appends a ticket with the next id and counts it; returns its id.
    pub fn add_ticket(&mut self, mut ticket: Ticket) -> u64 {
        let index = self.tickets.len();
        ticket.id = self.ticket_ids.next(index);
        let edition = &mut self.editions[ticket.edition];
        edition.tickets.push(index);
        edition.counters.add(ticket.status);
        let id = ticket.id;
        self.tickets.push(ticket);
        id
    }

    pub fn add_customer(
        &mut self,
        email: String,
        name: String,
        last_name: String,
        now: Ts,
    ) -> usize {
        let index = self.customers.len();
        self.customer_emails.insert(email.to_lowercase(), index);
        let id = self.customer_ids.next(index);
        self.customers
            .push(Customer::plain(id, email, name, Some(last_name), now));
        index
    }
}
