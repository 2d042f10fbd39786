//! The demo business, deterministic from the seed and from `now`: every date
//! is relative to `now`'s day, so the demo never goes stale.

mod events;
mod records;
mod stadium;

pub use stadium::STADIUM_EVENT;

use super::Scale;
use super::clock::{DAY, HOUR, Ts, midnight, timestamp};
use super::rng::Rng;
use super::store::{Address, Course, CourseEnrollment, Customer, MemberId, Order, Product, Store};
use super::wire;
use records::{CourseSeed, ItemSeed, OrderSeed, ProductSeed, Shipped};

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

pub fn build(seed: u64, scale: Scale, now: Ts) -> Store {
    let mut rng = Rng::new(seed);
    let mut store = Store::default();
    let today = midnight(now);
    seed_customers(&mut store, &mut rng, today, 300);
    let products = seed_products(&mut store, &mut rng);
    seed_orders(&mut store, &mut rng, today, &products);
    events::seed_events(&mut store, &mut rng, today, now);
    seed_courses(&mut store, &mut rng, today);
    if scale == Scale::Large {
        stadium::seed_stadium(&mut store, &mut rng, today, now);
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
        imported: None,
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

fn seed_products(store: &mut Store, rng: &mut Rng) -> Vec<ProductSeed> {
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
    let mut seeds = Vec::new();
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
        let seed = ProductSeed {
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
        };
        store.products.push(Product {
            record: records::product(&seed),
            more: records::product_more(&seed),
        });
        seeds.push(seed);
    }
    seeds
}

fn seed_orders(store: &mut Store, rng: &mut Rng, today: Ts, products: &[ProductSeed]) {
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
            .map(|k| ItemSeed {
                id: 90_000 + i * 10 + k,
                product: rng.index(products.len()),
                quantity: u32::try_from(1 + rng.below(4)).unwrap_or(1),
            })
            .collect();
        let created = today - i64::try_from(1 + rng.below(120)).unwrap_or(1) * DAY + 10 * HOUR;
        let index = store.orders.len();
        let c = &store.customers[customer];
        let postal = |a: &Address| {
            [
                a.street.clone(),
                a.number.clone(),
                a.city.clone(),
                a.zip_code.clone(),
            ]
        };
        let seed = OrderSeed {
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
            language: c.language,
            items,
            gateway: (i % 6 != 5).then(|| rng.pick(GATEWAYS)),
            shipping: if i.is_multiple_of(2) {
                Shipped::To(c.addresses.iter().find(|a| a.shipping).map(postal))
            } else {
                Shipped::No
            },
            billing: c.addresses.iter().find(|a| a.billing).map(postal),
            recipient: (c.name.clone(), c.phone.clone()),
            source: if i.is_multiple_of(4) {
                (2, "Public API", "api")
            } else {
                (1, "Online store", "web")
            },
            customer_created: c.created,
        };
        let (list, detail) = records::order(&seed, products);
        store.orders.push(Order {
            list,
            detail,
            customer,
        });
        store.customers[customer].orders.push(index);
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
        let slug = email_local(name);
        let modules: Vec<wire::Module> = (0..2 + rng.below(2))
            .enumerate()
            .map(|(order, m)| wire::Module {
                id: id * 100 + m,
                name: format!("Module {}", m + 1),
                order: order as u64 + 1,
                completion_certificate: false,
                lessons: (0..2 + rng.below(3))
                    .enumerate()
                    .map(|(order, l)| {
                        let lesson_id = id * 1000 + m * 10 + l;
                        let content_type = rng.pick(&kinds);
                        wire::Lesson {
                            id: lesson_id,
                            name: format!("Lesson {}.{}", m + 1, l + 1),
                            url: format!("/courses/{slug}/lessons/{lesson_id}"),
                            content_type: content_type.into(),
                            content_duration: (120 + rng.below(1800)).to_string(),
                            free_access: l == 0,
                            downloadable: content_type == "pdf",
                            order: order as u64 + 1,
                            promotional_description: None,
                            promotional_video: None,
                        }
                    })
                    .collect(),
            })
            .collect();
        let mut discussion_members = Vec::new();
        let discussions = (0..rng.below(4))
            .map(|d| {
                let discussion_id = id * 10 + d;
                let created = timestamp(today - 3 * DAY);
                let replies = rng.below(9);
                discussion_members.push(rng.index(store.customers.len()));
                wire::Discussion {
                    id: discussion_id,
                    title: format!("Question about {name} #{}", d + 1),
                    slug: format!("discussion-{discussion_id}"),
                    content: "Why does the borrow checker say no here?".into(),
                    creation_date: created.clone(),
                    modification_date: created,
                    total_replies: replies,
                    public: true,
                    answers_public: discussion_id.is_multiple_of(2),
                    member: wire::DiscussionMember::default(),
                }
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
        let enrollments: Vec<CourseEnrollment> = members
            .into_iter()
            .enumerate()
            .map(|(k, customer)| {
                let created = today - i64::try_from(10 + rng.below(200)).unwrap_or(10) * DAY;
                let progress = u32::try_from(rng.below(101)).unwrap_or(0);
                CourseEnrollment {
                    record: records::course_enrollment(
                        id * 1000 + k as u64,
                        store.customers[customer].id,
                        created,
                        progress,
                    ),
                    customer,
                }
            })
            .collect();
        let seed = CourseSeed {
            id,
            product_id: 301 + i as u64,
            name: name.to_owned(),
            slug,
            status,
            language: if i == 4 { "es" } else { "en" },
            access_type: access,
            created: today - 200 * DAY,
            description: (i != 3).then(|| format!("<p>{name}.</p>")),
            completion_certificate: certificate,
            forum_enabled: i.is_multiple_of(2),
            enrollments: enrollments.len(),
        };
        store.courses.push(Course {
            record: records::course(&seed),
            more: records::course_more(&seed, modules, discussions),
            discussion_members,
            enrollments,
        });
    }
}
