//! The demo business, deterministic from the seed and from `now`: every date
//! is relative to `now`'s day, so the demo never goes stale.

use super::Scale;
use super::clock::{DAY, HOUR, Ts, midnight};
use super::rng::Rng;
use super::store::{
    Address, Course, CourseEnrollment, Customer, Discussion, Edition, Event, Lesson, Location,
    MemberId, Module, Order, OrderItem, Product, Store, Ticket, TicketStatus,
};

const FIRST_NAMES: &[&str] = &[
    "José",
    "Zoë",
    "Björn",
    "Łukasz",
    "Søren",
    "Amélie",
    "Chloé",
    "Mateo",
    "Olivia",
    "Liam",
    "Priya",
    "Arjun",
    "Aiko",
    "Hiroshi",
    "Mei",
    "Wei",
    "Jun",
    "Minji",
    "Seo-yeon",
    "Fatima",
    "Omar",
    "Yusuf",
    "Noa",
    "Yael",
    "Ivan",
    "Olga",
    "Dmitri",
    "Nia",
    "Kwame",
    "Ana",
    "Lucía",
    "João",
    "François",
    "Ingrid",
    "Aroha",
    "Tāne",
    "山田",
    "佐藤",
    "김",
    "محمد",
    "فاطمة",
    "דוד",
    "Σοφία",
    "Νίκος",
    "Анна",
    "Ngọc",
    "Thảo",
    "Ömer",
];
const LAST_NAMES: &[&str] = &[
    "Müller",
    "García",
    "Núñez",
    "Øster",
    "Kowalski",
    "Dubois",
    "Rossi",
    "Silva",
    "Smith",
    "O'Brien",
    "Nguyễn",
    "Tanaka",
    "Suzuki",
    "Kim",
    "Park",
    "Chen",
    "Li",
    "Patel",
    "Singh",
    "Haddad",
    "Cohen",
    "Levi",
    "Ivanova",
    "Petrov",
    "Mensah",
    "Okafor",
    "Hansen",
    "Jansen",
    "Van der Berg",
    "De la Cruz",
    "太郎",
    "花子",
    "민준",
    "الحسن",
    "כהן",
    "Παπαδόπουλος",
    "Смирнов",
    "Đặng",
    "Yılmaz",
    "",
];
const DOMAINS: &[&str] = &[
    "example.com",
    "example.org",
    "mail.example.net",
    "correo.example.es",
];
const CITIES: &[(&str, (u64, &str, &str))] = &[
    ("Madrid", (1, "Spain", "ES")),
    ("Pittsburgh", (2, "United States", "US")),
    ("東京", (3, "Japan", "JP")),
    ("Berlin", (4, "Germany", "DE")),
    ("Ciudad de México", (5, "Mexico", "MX")),
    ("Tel Aviv", (6, "Israel", "IL")),
];

/// The 100,000-ticket event of `Scale::Large`.
pub const STADIUM_EVENT: &str = "Stadium Tour Mega Show";
const STADIUM_TICKETS: usize = 100_000;

pub fn build(seed: u64, scale: Scale, now: Ts) -> Store {
    let mut rng = Rng::new(seed);
    let mut store = Store::default();
    let today = midnight(now);
    seed_customers(&mut store, &mut rng, today, 300);
    seed_products(&mut store, &mut rng);
    seed_orders(&mut store, &mut rng, today);
    seed_events(&mut store, &mut rng, today, now);
    seed_courses(&mut store, &mut rng, today);
    if scale == Scale::Large {
        seed_stadium(&mut store, &mut rng, today, now);
    }
    store.index();
    store
}

fn email_local(text: &str) -> String {
    let mut out: String = text
        .chars()
        .filter_map(|c| {
            let c = match c {
                'á' | 'à' | 'ä' | 'â' | 'ā' => 'a',
                'é' | 'è' | 'ë' | 'ê' => 'e',
                'í' | 'ï' => 'i',
                'ó' | 'ö' | 'ø' | 'ô' | 'Ø' => 'o',
                'ú' | 'ü' | 'ū' => 'u',
                'ñ' => 'n',
                'ç' => 'c',
                'ł' | 'Ł' => 'l',
                c => c.to_ascii_lowercase(),
            };
            c.is_ascii_alphanumeric().then_some(c)
        })
        .collect();
    if out.is_empty() {
        out.push_str("guest");
    }
    out
}

fn push_customer(
    store: &mut Store,
    rng: &mut Rng,
    today: Ts,
    name: &str,
    last: Option<&str>,
    email: Option<String>,
) {
    let index = store.customers.len();
    let id = index as u64 + 1;
    let email = email.unwrap_or_else(|| {
        format!(
            "{}.{}{}@{}",
            email_local(name),
            email_local(last.unwrap_or("x")),
            id,
            rng.pick(DOMAINS)
        )
    });
    let (city, country) = rng.pick(CITIES);
    let addresses = (0..rng.below(3))
        .map(|k| Address {
            id: id * 10 + k,
            label: if k == 0 { "Home".into() } else { "Work".into() },
            street: format!("{} Street", rng.pick(LAST_NAMES)),
            number: (1 + rng.below(300)).to_string(),
            city: city.into(),
            zip_code: format!("{:05}", rng.below(100_000)),
            country,
            billing: k == 0,
            shipping: true,
        })
        .collect();
    store.customers.push(Customer {
        id,
        email,
        name: name.to_owned(),
        last_name: last.map(str::to_owned),
        phone: rng
            .chance(0.7)
            .then(|| format!("+1 555 {:04}", rng.below(10_000))),
        created: today - i64::try_from(rng.below(700) + 1).unwrap_or(1) * DAY,
        language: rng.pick(&["en", "es", "de", "ja", "ar", "he"]),
        member_id: match id % 3 {
            0 => MemberId::Int(10_000 + id),
            1 => MemberId::Text(format!("M-{id:05}")),
            _ => MemberId::Null,
        },
        company: (id.is_multiple_of(7)).then(|| "Ferris & Co.".to_owned()),
        is_guest: id.is_multiple_of(11),
        metafields_object: id.is_multiple_of(2),
        addresses,
        orders: Vec::new(),
    });
}

fn seed_customers(store: &mut Store, rng: &mut Rng, today: Ts, count: usize) {
    let long_name = format!("Maximiliana{}", "x".repeat(2000 - 11));
    let fixed: [(&str, Option<&str>, &str); 12] = [
        ("Ana", Some("García"), "ana.garcia@example.com"),
        ("José", Some("Müller"), "jose.muller@example.com"),
        ("山田", Some("太郎"), "yamada.taro@example.jp"),
        ("فاطمة", Some("الحسن"), "fatima.alhassan@example.com"),
        ("דוד", Some("כהן"), "david.cohen@example.co.il"),
        (
            "\u{1b}]0;pwned\u{7}Mallory",
            Some("\u{1b}[2JTables"),
            "mallory@example.com",
        ),
        (
            "Eve\u{202E}gnp.exe",
            Some("Zero\u{200B}\u{200D}Width"),
            "eve@example.com",
        ),
        (long_name.as_str(), Some("Long"), "long.name@example.com"),
        ("", None, "no.name@example.com"),
        ("🎟 Fiesta", Some("Fan 🎉"), "fiesta.fan@example.com"),
        ("Zoë", Some("Núñez"), "zoe.nunez@example.com"),
        (
            "Bobby",
            Some("\u{1b}[31mRed\u{1b}[0m"),
            "bobby+tables@example.com",
        ),
    ];
    for (name, last, email) in fixed {
        push_customer(store, rng, today, name, last, Some(email.to_owned()));
    }
    while store.customers.len() < count {
        let name = rng.pick(FIRST_NAMES);
        let last = rng.pick(LAST_NAMES);
        let last = if rng.chance(0.05) { None } else { Some(last) };
        push_customer(store, rng, today, name, last, None);
    }
}

fn seed_products(store: &mut Store, rng: &mut Rng) {
    let names = [
        "Conference T-shirt",
        "Ferris plush",
        "Sticker pack",
        "Rust in Action (book)",
        "Hoodie",
        "Lanyard",
        "Coffee mug",
        "Poster: 山田 print",
        "Enamel pin",
        "Notebook",
        "USB-C cable",
        "Water bottle",
        "Tote bag",
        "Gift card",
        "Workshop recording",
        "Keyboard keycap",
        "Beanie",
        "Socks 🧦",
        "\u{1b}]0;pwned\u{7}Mystery box",
        "Signed programme",
    ];
    for (i, name) in names.iter().enumerate() {
        let id = 301 + i as u64;
        let cents = 500 + rng.below(60) * 100 + if i.is_multiple_of(4) { 99 } else { 0 };
        let variants = (i.is_multiple_of(3)).then(|| {
            ["S", "M", "L"]
                .iter()
                .enumerate()
                .map(|(k, size)| {
                    (
                        id * 10 + k as u64,
                        format!("{name} / {size}"),
                        cents + k as u64 * 100,
                    )
                })
                .collect()
        });
        store.products.push(Product {
            id,
            hash: rng.token(8),
            name: (*name).to_owned(),
            slug: email_local(name),
            description: (i % 5 != 0).then(|| format!("<p>{name}, made for the demo store.</p>")),
            price_cents: cents,
            currency: if i % 6 == 5 { "EUR" } else { "USD" },
            sku: (i % 4 != 3).then(|| format!("SKU-{id}")),
            active: i != 7,
            has_image: i % 3 != 1,
            variants,
            stock_management: i.is_multiple_of(2),
            requires_shipping: !matches!(i, 13 | 14),
        });
    }
}

fn seed_orders(store: &mut Store, rng: &mut Rng, today: Ts) {
    const KINDS: &[&str] = &[
        "common",
        "downloadable",
        "elearning",
        "event",
        "bundle",
        "session",
    ];
    const STATUSES: &[&str] = &["open", "paid", "shipped", "cancelled"];
    const GATEWAYS: &[(u64, &str, &str)] = &[
        (7, "card", "Card (Stripe)"),
        (8, "transfer", "Bank transfer"),
        (9, "cash", "Cash at the desk"),
    ];
    for i in 0..40u64 {
        let customer = if i < 3 {
            0
        } else {
            rng.index(store.customers.len())
        };
        let items = (0..=rng.below(3))
            .map(|k| OrderItem {
                id: 90_000 + i * 10 + k,
                product: rng.index(store.products.len()),
                quantity: u32::try_from(1 + rng.below(4)).unwrap_or(1),
            })
            .collect();
        let created = today - i64::try_from(1 + rng.below(120)).unwrap_or(1) * DAY + 10 * HOUR;
        let index = store.orders.len();
        store.orders.push(Order {
            id: 5001 + i,
            hash: rng.token(10),
            number: format!("#{}", 10_001 + i),
            kind: rng.pick(KINDS),
            status: if i.is_multiple_of(3) {
                "open"
            } else {
                rng.pick(STATUSES)
            },
            created,
            updated: created + HOUR,
            currency: if i % 5 == 4 { "EUR" } else { "USD" },
            customer,
            items,
            gateway: (i % 6 != 5).then(|| rng.pick(GATEWAYS)),
            shipping: i.is_multiple_of(2),
            source: if i.is_multiple_of(4) {
                (2, "Public API", "api")
            } else {
                (1, "Online store", "web")
            },
        });
        store.customers[customer].orders.push(index);
    }
}

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

#[allow(clippy::too_many_lines)]
fn seed_events(store: &mut Store, rng: &mut Rng, today: Ts, now: Ts) {
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
        for (name, start, duration, capacity, seeded) in editions {
            let edition_index = store.editions.len();
            let edition_id = if plan.hidden { id } else { next_edition_id };
            if !plan.hidden {
                next_edition_id += 1;
            }
            store.editions.push(Edition {
                id: edition_id,
                hash: rng.token(8),
                name,
                event: event_index,
                start: today + start,
                end: today + start + duration,
                capacity,
                price: plan.price.to_owned(),
                sales_start: (edition_id.is_multiple_of(2)).then(|| today + start - 30 * DAY),
                sales_end: (edition_id.is_multiple_of(4)).then_some(today + start),
                tickets: Vec::new(),
                counters: super::store::Counters::default(),
            });
            indices.push(edition_index);
            let sold_out = capacity.is_some_and(|c| c == seeded);
            seed_tickets(store, rng, edition_index, seeded, sold_out, now);
        }
        store.events.push(Event {
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
            location: (!plan.online).then(|| Location {
                name: format!("{} venue", plan.name),
                address: "1 Main Street".into(),
                city: "Pittsburgh".into(),
                country: "US".into(),
            }),
            speakers: vec!["Ferris Crab".into(), "José Müller".into()],
            categories: vec![if plan.online { "Online" } else { "In person" }],
            editions: indices,
            hidden_edition: plan.hidden,
            rating: u32::try_from(rng.below(6)).unwrap_or(0),
            reviews: u32::try_from(rng.below(40)).unwrap_or(0),
            sales: 0,
        });
    }
    // Ana García holds tickets of the conference's Day 1 and Day 2.
    for edition_name in ["Day 1", "Day 2"] {
        if let Some(edition) = store
            .editions
            .iter()
            .position(|e| e.event == 0 && e.name == edition_name)
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
    for event in &mut store.events {
        event.sales = event
            .editions
            .iter()
            .map(|&e| store.editions[e].counters.committed())
            .sum();
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
        let price = store.editions[edition].price.clone();
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
        });
    }
}

fn seed_courses(store: &mut Store, rng: &mut Rng, today: Ts) {
    let courses = [
        ("Rust from Zero", "published", "free", true),
        ("Async Rust in Depth", "published", "paid", true),
        ("Embedded Rust with Ferris", "published", "paid", false),
        ("Terminal UIs with ratatui", "draft", "paid", false),
        ("Programación en Rust (español)", "published", "free", true),
    ];
    let kinds = ["video", "pdf", "audio", "multimedia", "quiz"];
    for (i, (name, status, access, certificate)) in courses.into_iter().enumerate() {
        let id = 701 + i as u64;
        let modules = (0..2 + rng.below(2))
            .map(|m| Module {
                id: id * 100 + m,
                name: format!("Module {}", m + 1),
                lessons: (0..2 + rng.below(3))
                    .map(|l| Lesson {
                        id: id * 1000 + m * 10 + l,
                        name: format!("Lesson {}.{}", m + 1, l + 1),
                        content_type: rng.pick(&kinds),
                        seconds: u32::try_from(120 + rng.below(1800)).unwrap_or(600),
                        free_access: l == 0,
                    })
                    .collect(),
            })
            .collect();
        let discussions = (0..rng.below(4))
            .map(|d| Discussion {
                id: id * 10 + d,
                title: format!("Question about {name} #{}", d + 1),
                content: "Why does the borrow checker say no here?".into(),
                created: today - 3 * DAY,
                replies: u32::try_from(rng.below(9)).unwrap_or(0),
                member: rng.index(store.customers.len()),
            })
            .collect();
        let mut members: Vec<usize> = Vec::new();
        if i == 0 {
            members.push(0);
        }
        while members.len() < 5 + rng.index(11) {
            let c = rng.index(store.customers.len());
            if !members.contains(&c) {
                members.push(c);
            }
        }
        let enrollments = members
            .into_iter()
            .enumerate()
            .map(|(k, customer)| CourseEnrollment {
                id: id * 1000 + k as u64,
                customer,
                created: today - i64::try_from(10 + rng.below(200)).unwrap_or(10) * DAY,
                progress: u32::try_from(rng.below(101)).unwrap_or(0),
            })
            .collect();
        store.courses.push(Course {
            id,
            product_id: 301 + i as u64,
            name: name.to_owned(),
            slug: email_local(name),
            status,
            language: if i == 4 { "es" } else { "en" },
            access_type: access,
            created: today - 200 * DAY,
            description: (i != 3).then(|| format!("<p>{name}.</p>")),
            completion_certificate: certificate,
            forum_enabled: i.is_multiple_of(2),
            modules,
            discussions,
            enrollments,
        });
    }
}

/// `Scale::Large`: one edition with 100,000 tickets held by 100,000 new customers.
fn seed_stadium(store: &mut Store, rng: &mut Rng, today: Ts, now: Ts) {
    let first_customer = store.customers.len();
    store.customers.reserve(STADIUM_TICKETS);
    for k in 0..STADIUM_TICKETS {
        let name = rng.pick(FIRST_NAMES);
        let last = rng.pick(LAST_NAMES);
        let id = store.customers.len() as u64 + 1;
        store.customers.push(Customer {
            id,
            email: format!("fan{k}@stadium.example.com"),
            name: name.to_owned(),
            last_name: Some(last.to_owned()),
            phone: None,
            created: today - DAY,
            language: "en",
            member_id: MemberId::Null,
            company: None,
            is_guest: false,
            metafields_object: false,
            addresses: Vec::new(),
            orders: Vec::new(),
        });
    }
    let event_index = store.events.len();
    let edition_index = store.editions.len();
    let edition_id = 1001 + store.editions.len() as u64;
    store.editions.push(Edition {
        id: edition_id,
        hash: rng.token(8),
        name: "Stadium night".into(),
        event: event_index,
        start: today + 30 * DAY + 19 * HOUR,
        end: today + 30 * DAY + 23 * HOUR,
        capacity: Some(120_000),
        price: "89.00".into(),
        sales_start: None,
        sales_end: None,
        tickets: Vec::with_capacity(STADIUM_TICKETS),
        counters: super::store::Counters::default(),
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
        });
    }
    let sales = store.editions[edition_index].counters.committed();
    store.events.push(Event {
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
        location: Some(Location {
            name: "Mega Stadium".into(),
            address: "100 Arena Way".into(),
            city: "Pittsburgh".into(),
            country: "US".into(),
        }),
        speakers: Vec::new(),
        categories: vec!["In person"],
        editions: vec![edition_index],
        hidden_edition: false,
        rating: 5,
        reviews: 0,
        sales,
    });
}
