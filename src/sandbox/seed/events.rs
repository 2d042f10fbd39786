//! The demo events: one of every shape the TUI must handle, and their tickets.

use super::super::clock::{DAY, HOUR, Ts};
use super::super::rng::Rng;
use super::super::store::{Counters, Edition, Event, Store, Ticket, TicketStatus};
use super::super::wire;
use super::email_local;
use super::records::{self, EditionSeed, EventSeed};

/// One main event and its editions, described compactly.
struct EventPlan<'a> {
    name: &'a str,
    description: &'a str,
    currency: &'a str,
    price: &'a str,
    online: bool,
    published: bool,
    timezone: &'a str,
    /// (name, start offset from today's midnight in seconds, duration, capacity, tickets to seed)
    editions: Vec<(String, Ts, Ts, Option<u32>, u32)>,
    hidden: bool,
}

pub fn seed_events(store: &mut Store, rng: &mut Rng, today: Ts, now: Ts) {
    let day = |d: Ts, h: Ts| d * DAY + h * HOUR;
    let plans = vec![
        EventPlan {
            name: "Rust Belt Conference 2026",
            description: "Three days of Rust in the Rust Belt: talks, workshops and a hallway track.",
            currency: "USD",
            price: "149.00",
            online: false,
            published: true,
            timezone: "America/New_York",
            editions: vec![
                (
                    "Day 1".into(),
                    day(0, 0),
                    23 * HOUR + 59 * 60,
                    Some(120),
                    60,
                ),
                ("Day 2".into(), day(1, 9), 9 * HOUR, Some(120), 45),
                ("Workshop day".into(), day(2, 9), 8 * HOUR, Some(30), 20),
                (
                    "Warm-up meetup (ended)".into(),
                    day(-7, 18),
                    3 * HOUR,
                    Some(40),
                    25,
                ),
            ],
            hidden: false,
        },
        EventPlan {
            name: "Daily Rust Workshop",
            description: "A two-hour hands-on session, every day.",
            currency: "EUR",
            price: "35.00",
            online: false,
            published: true,
            timezone: "Europe/Madrid",
            editions: (-5..15)
                .map(|d| {
                    (
                        format!("Session {}", d + 6),
                        day(d, 10),
                        2 * HOUR,
                        Some(12),
                        8,
                    )
                })
                .collect(),
            hidden: false,
        },
        EventPlan {
            name: "Midnight Echoes — Live",
            description: "Sold out. Thank you!",
            currency: "GBP",
            price: "45.00",
            online: false,
            published: true,
            timezone: "Europe/London",
            editions: vec![("Main show".into(), day(10, 20), 3 * HOUR, Some(40), 40)],
            hidden: false,
        },
        EventPlan {
            name: "Async Rust Webinar",
            description: "Online, unlimited seats.",
            currency: "USD",
            price: "0.00",
            online: true,
            published: true,
            timezone: "UTC",
            editions: vec![
                ("Americas".into(), day(3, 16), 90 * 60, None, 30),
                ("Europe".into(), day(4, 9), 90 * 60, None, 25),
            ],
            hidden: false,
        },
        EventPlan {
            name: "Retro Game Jam 2025",
            description: "It was fun while it lasted.",
            currency: "USD",
            price: "20.00",
            online: false,
            published: true,
            timezone: "America/Chicago",
            editions: vec![
                ("Saturday".into(), day(-60, 9), 12 * HOUR, Some(50), 30),
                ("Sunday".into(), day(-59, 9), 8 * HOUR, Some(50), 20),
            ],
            hidden: false,
        },
        EventPlan {
            name: "Winter Gala (draft)",
            description: "Not announced yet.",
            currency: "USD",
            price: "250.00",
            online: false,
            published: false,
            timezone: "America/New_York",
            editions: vec![("Gala night".into(), day(40, 19), 5 * HOUR, Some(200), 0)],
            hidden: false,
        },
        EventPlan {
            name: "Open Studio Day",
            description: "Free entry, no editions: the event is its own single date.",
            currency: "USD",
            price: "0.00",
            online: false,
            published: true,
            timezone: "America/New_York",
            editions: vec![("Open Studio Day".into(), day(6, 11), 6 * HOUR, Some(80), 15)],
            hidden: true,
        },
        EventPlan {
            name: "🎟 Fiesta de Verano",
            description: "Música, comida y baile.",
            currency: "MXN",
            price: "350.00",
            online: false,
            published: true,
            timezone: "America/Mexico_City",
            editions: vec![
                ("Viernes".into(), day(12, 18), 6 * HOUR, Some(100), 25),
                ("Sábado".into(), day(13, 18), 6 * HOUR, Some(100), 20),
            ],
            hidden: false,
        },
        EventPlan {
            name: "山田 Tech Meetup Tokyo",
            description: "東京で Rust について話しましょう。",
            currency: "JPY",
            price: "0.00",
            online: false,
            published: true,
            timezone: "Asia/Tokyo",
            editions: vec![("第1回".into(), day(8, 19), 2 * HOUR, Some(60), 20)],
            hidden: false,
        },
        EventPlan {
            name: "Jazz im Park — José Müller Quartet",
            description: "Open-air jazz. Bring a blanket.",
            currency: "EUR",
            price: "28.50",
            online: false,
            published: true,
            timezone: "Europe/Berlin",
            editions: vec![
                ("Früh".into(), day(15, 16), 2 * HOUR, Some(150), 20),
                ("Spät".into(), day(15, 20), 2 * HOUR, Some(150), 15),
            ],
            hidden: false,
        },
        EventPlan {
            name: "Security Night \u{1b}]0;pwned\u{7}",
            description: "\u{1b}[2JWatch your terminal: \u{202E}txet desrever\u{202C} and zero\u{200B}width.",
            currency: "USD",
            price: "10.00",
            online: true,
            published: true,
            timezone: "UTC",
            editions: vec![(
                "\u{1b}[31mRed room\u{1b}[0m".into(),
                day(5, 21),
                2 * HOUR,
                Some(25),
                10,
            )],
            hidden: false,
        },
        EventPlan {
            name: "Masterclass: Lock-free Rust",
            description: "Twelve seats; one left.",
            currency: "USD",
            price: "499.00",
            online: false,
            published: true,
            timezone: "America/New_York",
            editions: vec![("Only date".into(), day(20, 9), 8 * HOUR, Some(12), 11)],
            hidden: false,
        },
    ];
    let mut next_edition_id = 1001;
    for (i, plan) in plans.into_iter().enumerate() {
        let event_index = store.events.len();
        let id = 101 + i as u64;
        let slug = email_local(plan.name);
        let mut editions: Vec<(String, Ts, Ts, Option<u32>, u32)> = plan.editions;
        editions.sort_by_key(|e| e.1);
        let mut indices = Vec::new();
        let mut seeds = Vec::new();
        for (name, start, duration, capacity, seeded) in editions {
            let edition_index = store.editions.len();
            let edition_id = if plan.hidden { id } else { next_edition_id };
            if !plan.hidden {
                next_edition_id += 1;
            }
            let seed = EditionSeed {
                id: edition_id,
                hash: rng.token(8),
                name,
                start: today + start,
                end: today + start + duration,
                capacity,
                price: plan.price.to_owned(),
                sales_start: (edition_id.is_multiple_of(2)).then(|| today + start - 30 * DAY),
                sales_end: (edition_id.is_multiple_of(4)).then_some(today + start),
            };
            store.editions.push(Edition {
                // The record needs the event's; written below.
                record: wire::Edition {
                    price: seed.price.clone(),
                    ..wire::Edition::default()
                },
                event: event_index,
                end: seed.end,
                capacity,
                tickets: Vec::new(),
                counters: Counters::default(),
            });
            indices.push(edition_index);
            let sold_out = capacity.is_some_and(|c| c == seeded);
            seed_tickets(store, rng, edition_index, seeded, sold_out, now);
            seeds.push(seed);
        }
        let event = EventSeed {
            id,
            hash: rng.token(8),
            name: plan.name.to_owned(),
            short_description: plan.description.to_owned(),
            description: format!("<p>{}</p>", plan.description),
            slug: slug.clone(),
            sku: format!("EV-{id}"),
            tags: if plan.online {
                "online,webinar".into()
            } else {
                "live".into()
            },
            vendor: "Boxoffice Demo".into(),
            instructions: "Bring your ticket number or QR code.".into(),
            price: plan.price.to_owned(),
            currency: plan.currency.to_owned(),
            is_online: plan.online,
            published: plan.published,
            active: plan.published,
            timezone: plan.timezone.to_owned(),
            location: (!plan.online).then(|| {
                [
                    format!("{} venue", plan.name),
                    "1 Main Street".into(),
                    "Pittsburgh".into(),
                    "US".into(),
                ]
            }),
            speakers: vec!["Ferris Crab".into(), "José Müller".into()],
            categories: vec![if plan.online { "Online" } else { "In person" }],
            hidden_edition: plan.hidden,
            rating: rng.below(6),
            reviews: rng.below(40),
        };
        for (&index, seed) in indices.iter().zip(&seeds) {
            store.editions[index].record = records::edition(&event, seed);
        }
        store.events.push(Event {
            record: records::event(&event, &seeds),
            editions: indices,
            hidden_edition: plan.hidden,
        });
    }
    // Ana García holds tickets of the conference's Day 1 and Day 2.
    for edition_name in ["Day 1", "Day 2"] {
        if let Some(edition) = store
            .editions
            .iter()
            .position(|e| e.event == 0 && e.record.name == edition_name)
        {
            let first = store.editions[edition].tickets[0];
            let previous = store.tickets[first].status;
            store.tickets[first].customer = 0;
            store.tickets[first].status = TicketStatus::Confirmed;
            let counters = &mut store.editions[edition].counters;
            counters.remove(previous);
            counters.add(TicketStatus::Confirmed);
        }
    }
}

/// `seeded` seat-holding tickets (exactly, so capacities are met), plus a few
/// that hold none (cancelled, unenrolled); statuses drawn from the PRNG.
fn seed_tickets(
    store: &mut Store,
    rng: &mut Rng,
    edition: usize,
    seeded: u32,
    sold_out: bool,
    now: Ts,
) {
    let mut holding = 0;
    let mut not_holding = 0;
    let extra = if seeded == 0 { 0 } else { 1 + seeded / 6 };
    let customers = store.customers.len();
    let mut used = std::collections::HashSet::new();
    while holding < seeded || not_holding < extra {
        let roll = rng.below(100);
        let status = if holding < seeded && (not_holding >= extra || roll < 85) {
            holding += 1;
            match roll {
                70..=77 if !sold_out => TicketStatus::Open,
                78..=84 if !sold_out => TicketStatus::Pending,
                _ => TicketStatus::Confirmed,
            }
        } else {
            not_holding += 1;
            if roll.is_multiple_of(2) {
                TicketStatus::Cancelled
            } else {
                TicketStatus::Unenrolled
            }
        };
        // Customer 1 (Ana García) is placed by hand; others at most once per edition.
        let mut customer = 1 + rng.index(customers - 1);
        while !used.insert(customer) {
            customer = 1 + rng.index(customers - 1);
        }
        let created = now - i64::try_from(1 + rng.below(2000)).unwrap_or(1) * HOUR;
        let order =
            (rng.chance(0.3) && !store.orders.is_empty()).then(|| rng.index(store.orders.len()));
        let price = store.editions[edition].record.price.clone();
        store.add_ticket(Ticket {
            id: 0,
            enrollment_type: if price == "0.00" {
                "free".into()
            } else {
                (rng.pick(&["paid", "paid", "paid", "courtesy"])).into()
            },
            customer,
            edition,
            status,
            created,
            data_source_type: if rng.chance(0.4) { "api" } else { "web" },
            price,
            order,
            imported: None,
        });
    }
}
