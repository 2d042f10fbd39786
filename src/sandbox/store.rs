//! The sandbox's own records (never the client's) and the rules that change them.
//! Ids are dense where it pays: customer `id` = index + 1, ticket `id` = index + 1,
//! so look-ups and new ids are O(1) even at 100,000 tickets.

use std::collections::HashMap;

use super::clock::Ts;

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

/// Flags mirror the API's own boolean fields.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone)]
pub struct Event {
    pub id: u64,
    pub hash: String,
    pub name: String,
    pub short_description: String,
    pub description: String,
    pub slug: String,
    pub sku: String,
    pub tags: String,
    pub vendor: String,
    pub instructions: String,
    pub price: String,
    pub currency: String,
    pub is_online: bool,
    pub published: bool,
    pub active: bool,
    pub timezone: String,
    pub location: Option<Location>,
    pub speakers: Vec<String>,
    pub categories: Vec<&'static str>,
    /// Indices into `Store::editions`, ordered by start.
    pub editions: Vec<usize>,
    /// An event without editions: its single internal edition is not listed.
    pub hidden_edition: bool,
    pub rating: u32,
    pub reviews: u32,
}

#[derive(Debug, Clone)]
pub struct Location {
    pub name: String,
    pub address: String,
    pub city: String,
    pub country: String,
}

#[derive(Debug, Clone)]
pub struct Edition {
    pub id: u64,
    pub hash: String,
    pub name: String,
    pub event: usize,
    pub start: Ts,
    pub end: Ts,
    /// `None` = unlimited (written `false`).
    pub capacity: Option<u32>,
    pub price: String,
    pub sales_start: Option<Ts>,
    pub sales_end: Option<Ts>,
    /// Indices into `Store::tickets`, in id order (so a page is a slice).
    pub tickets: Vec<usize>,
    pub counters: Counters,
}

impl Edition {
    pub fn has_seat(&self) -> bool {
        self.capacity
            .is_none_or(|cap| self.counters.committed() < cap)
    }
}

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
}

impl Ticket {
    pub fn number(&self) -> String {
        format!("TK-{:06}", self.id)
    }
}

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

#[derive(Debug, Clone)]
pub struct Order {
    pub id: u64,
    pub hash: String,
    pub number: String,
    pub kind: &'static str,
    pub status: &'static str,
    pub created: Ts,
    pub updated: Ts,
    pub currency: &'static str,
    pub customer: usize,
    pub items: Vec<OrderItem>,
    pub gateway: Option<(u64, &'static str, &'static str)>,
    pub shipping: bool,
    pub source: (u64, &'static str, &'static str),
}

#[derive(Debug, Clone)]
pub struct OrderItem {
    pub id: u64,
    pub product: usize,
    pub quantity: u32,
}

/// Flags mirror the API's own boolean fields.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone)]
pub struct Product {
    pub id: u64,
    pub hash: String,
    pub name: String,
    pub slug: String,
    pub description: Option<String>,
    /// Cents.
    pub price_cents: u64,
    pub currency: &'static str,
    pub sku: Option<String>,
    pub active: bool,
    pub has_image: bool,
    /// `None` = `variants: false`.
    pub variants: Option<Vec<(u64, String, u64)>>,
    pub stock_management: bool,
    pub requires_shipping: bool,
}

impl Product {
    pub fn price(&self) -> String {
        money(self.price_cents)
    }
}

/// Cents as the API's decimal string.
pub fn money(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

#[derive(Debug, Clone)]
pub struct Course {
    pub id: u64,
    pub product_id: u64,
    pub name: String,
    pub slug: String,
    pub status: &'static str,
    pub language: &'static str,
    pub access_type: &'static str,
    pub created: Ts,
    pub description: Option<String>,
    pub completion_certificate: bool,
    pub forum_enabled: bool,
    pub modules: Vec<Module>,
    pub discussions: Vec<Discussion>,
    pub enrollments: Vec<CourseEnrollment>,
}

#[derive(Debug, Clone)]
pub struct Module {
    pub id: u64,
    pub name: String,
    pub lessons: Vec<Lesson>,
}

#[derive(Debug, Clone)]
pub struct Lesson {
    pub id: u64,
    pub name: String,
    pub content_type: &'static str,
    pub seconds: u32,
    pub free_access: bool,
}

#[derive(Debug, Clone)]
pub struct Discussion {
    pub id: u64,
    pub title: String,
    pub content: String,
    pub created: Ts,
    pub replies: u32,
    pub member: usize,
}

#[derive(Debug, Clone)]
pub struct CourseEnrollment {
    pub id: u64,
    pub customer: usize,
    pub created: Ts,
    pub progress: u32,
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
                    .insert(edition.id.to_string(), EventRef::Edition(i));
                self.event_ids
                    .insert(edition.hash.clone(), EventRef::Edition(i));
            }
        }
        for (i, event) in self.events.iter().enumerate() {
            self.event_ids
                .insert(event.id.to_string(), EventRef::Main(i));
            self.event_ids.insert(event.hash.clone(), EventRef::Main(i));
        }
        self.customer_emails = self
            .customers
            .iter()
            .enumerate()
            .map(|(i, c)| (c.email.to_lowercase(), i))
            .collect();
    }

    pub fn customer_by_id(&self, id: u64) -> Option<usize> {
        let index = usize::try_from(id.checked_sub(1)?).ok()?;
        (index < self.customers.len()).then_some(index)
    }

    pub fn ticket_by_id(&self, id: u64) -> Option<usize> {
        let index = usize::try_from(id.checked_sub(1)?).ok()?;
        (index < self.tickets.len()).then_some(index)
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
            .find(|&e| self.editions[e].end >= now && self.editions[e].has_seat())
    }

    /// Rule 3: the first edition that has not ended, seat or not; for an event
    /// whose editions have all ended, its last edition (so a past event still
    /// shows who came).
    pub fn tickets_edition(&self, event: usize, now: Ts) -> Option<usize> {
        let editions = &self.events[event].editions;
        editions
            .iter()
            .copied()
            .find(|&e| self.editions[e].end >= now)
            .or_else(|| editions.last().copied())
    }

    /// Rules 1, 2 and 6, with the seat check and the insert under the caller's
    /// one lock, so two requests racing for the last seat cannot both win.
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
        let edition = match target {
            EventRef::Main(event) => self.first_available(event, now).ok_or(Refusal::NoEdition(
                "no edition of this event is open with a free seat",
            ))?,
            EventRef::Edition(edition) => {
                if self.editions[edition].end < now {
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
        let price = self.editions[edition].price.clone();
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
        }))
    }

    /// Rule 5: the ticket becomes `unenrolled`; its seat is freed.
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
        ticket.id = index as u64 + 1;
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
        self.customers.push(Customer {
            id: index as u64 + 1,
            email,
            name,
            last_name: Some(last_name),
            phone: None,
            created: now,
            language: "en",
            member_id: MemberId::Null,
            company: None,
            is_guest: false,
            metafields_object: false,
            addresses: Vec::new(),
            orders: Vec::new(),
        });
        index
    }
}
