//! `Scale::Large`: the benchmark event.

use super::super::clock::{DAY, HOUR, Ts};
use super::super::rng::Rng;
use super::super::store::{Counters, Customer, Edition, Event, Store, Ticket, TicketStatus};
use super::records::{self, EditionSeed, EventSeed};
use super::{FIRST_NAMES, LAST_NAMES};

/// The 100,000-ticket event of `Scale::Large`.
pub const STADIUM_EVENT: &str = "Stadium Tour Mega Show";
const STADIUM_TICKETS: usize = 100_000;

/// `Scale::Large`: one edition with 100,000 tickets held by 100,000 new customers.
pub fn seed_stadium(store: &mut Store, rng: &mut Rng, today: Ts, now: Ts) {
    let first_customer = store.customers.len();
    store.customers.reserve(STADIUM_TICKETS);
    for k in 0..STADIUM_TICKETS {
        let name = rng.pick(FIRST_NAMES);
        let last = rng.pick(LAST_NAMES);
        let id = store.customers.len() as u64 + 1;
        store.customers.push(Customer::plain(
            id,
            format!("fan{k}@stadium.example.com"),
            name.to_owned(),
            Some(last.to_owned()),
            today - DAY,
        ));
    }
    let event_index = store.events.len();
    let edition_index = store.editions.len();
    let edition_id = 1001 + store.editions.len() as u64;
    let seed = EditionSeed {
        id: edition_id,
        hash: rng.token(8),
        name: "Stadium night".into(),
        start: today + 30 * DAY + 19 * HOUR,
        end: today + 30 * DAY + 23 * HOUR,
        capacity: Some(120_000),
        price: "89.00".into(),
        sales_start: None,
        sales_end: None,
    };
    store.editions.push(Edition {
        record: super::super::wire::Edition::default(),
        event: event_index,
        end: seed.end,
        capacity: seed.capacity,
        tickets: Vec::with_capacity(STADIUM_TICKETS),
        counters: Counters::default(),
    });
    store.tickets.reserve(STADIUM_TICKETS);
    for k in 0..STADIUM_TICKETS {
        let status = match rng.below(100) {
            0..=79 => TicketStatus::Confirmed,
            80..=84 => TicketStatus::Open,
            85..=89 => TicketStatus::Pending,
            90..=94 => TicketStatus::Cancelled,
            _ => TicketStatus::Unenrolled,
        };
        store.add_ticket(Ticket {
            id: 0,
            enrollment_type: "paid".into(),
            customer: first_customer + k,
            edition: edition_index,
            status,
            created: now - i64::try_from(1 + rng.below(5000)).unwrap_or(1) * 60,
            data_source_type: "web",
            price: "89.00".into(),
            order: None,
            imported: None,
        });
    }
    let event = EventSeed {
        id: 101 + event_index as u64,
        hash: rng.token(8),
        name: STADIUM_EVENT.into(),
        short_description: "One night, 100,000 tickets.".into(),
        description: "<p>Benchmark event.</p>".into(),
        slug: "stadium-tour-mega-show".into(),
        sku: "EV-STADIUM".into(),
        tags: "live".into(),
        vendor: "Boxoffice Demo".into(),
        instructions: "Gates open at 17:00.".into(),
        price: "89.00".into(),
        currency: "USD".into(),
        is_online: false,
        published: true,
        active: true,
        timezone: "America/New_York".into(),
        location: Some([
            "Mega Stadium".into(),
            "100 Arena Way".into(),
            "Pittsburgh".into(),
            "US".into(),
        ]),
        speakers: Vec::new(),
        categories: vec!["In person"],
        hidden_edition: false,
        rating: 5,
        reviews: 0,
    };
    store.editions[edition_index].record = records::edition(&event, &seed);
    store.events.push(Event {
        record: records::event(&event, std::slice::from_ref(&seed)),
        editions: vec![edition_index],
        hidden_edition: false,
    });
}
