//! The demo's records as the API writes them, made once at seed time from
//! the demo's compact plans (what does not change while the sandbox runs).

use serde_json::{Map, Value, json};

use super::super::clock::{Ts, date, time_of_day, timestamp};
use super::super::store::money;
use super::super::wire::{self, FalseOr, IntOrString};

pub const BUSINESS_ID: u64 = 4242;

fn image(id: u64, name: &str) -> wire::Image {
    wire::Image {
        id,
        file_name: format!("{name}.jpg"),
        source: format!("https://cdn.example.com/sandbox/{name}.jpg"),
        order: 1,
    }
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

fn ts_or_false(ts: Option<Ts>) -> FalseOr<String> {
    FalseOr::from_option(ts.map(timestamp))
}

/// What the demo says of an event beyond its editions.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone)]
pub struct EventSeed {
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
    /// name, address, city, country
    pub location: Option<[String; 4]>,
    pub speakers: Vec<String>,
    pub categories: Vec<&'static str>,
    pub hidden_edition: bool,
    pub rating: u64,
    pub reviews: u64,
}

/// What the demo says of an edition.
#[derive(Debug, Clone)]
pub struct EditionSeed {
    pub id: u64,
    pub hash: String,
    pub name: String,
    pub start: Ts,
    pub end: Ts,
    pub capacity: Option<u32>,
    pub price: String,
    pub sales_start: Option<Ts>,
    pub sales_end: Option<Ts>,
}

/// An edition's record (its counters are written live).
pub fn edition(e: &EventSeed, x: &EditionSeed) -> wire::Edition {
    wire::Edition {
        id: x.id,
        hash: x.hash.clone(),
        name: x.name.clone(),
        sku: format!("{}-{}", e.sku, x.id),
        price: x.price.clone(),
        currency: e.currency.clone(),
        active: e.active,
        published: e.published,
        is_variant: true,
        parent_id: e.id,
        timezone: e.timezone.clone(),
        start_date: date(x.start),
        end_date: date(x.end),
        from_time: time_of_day(x.start),
        to_time: time_of_day(x.end),
        start_datetime: timestamp(x.start),
        end_datetime: timestamp(x.end),
        capacity: FalseOr::from_option(x.capacity.map(u64::from)),
        sales_start: ts_or_false(x.sales_start),
        sales_end: ts_or_false(x.sales_end),
        stock_quantity_warning: 5,
        ..wire::Edition::default()
    }
}

/// A main event's record from its editions (its counters and `sales` are
/// written live).
pub fn event(e: &EventSeed, editions: &[EditionSeed]) -> wire::Event {
    let start = editions.iter().map(|x| x.start).min().unwrap_or(0);
    let end = editions.iter().map(|x| x.end).max().unwrap_or(0);
    let unlimited = editions.iter().any(|x| x.capacity.is_none());
    let capacity: Option<u32> = if unlimited {
        None
    } else {
        Some(editions.iter().filter_map(|x| x.capacity).sum())
    };
    let prices: Vec<&str> = editions.iter().map(|x| x.price.as_str()).collect();
    let min = prices.iter().min().copied().unwrap_or(e.price.as_str());
    let max = prices.iter().max().copied().unwrap_or(e.price.as_str());
    let days = editions
        .iter()
        .map(|x| json!({"date": date(x.start), "from_time": time_of_day(x.start), "to_time": time_of_day(x.end)}))
        .collect();
    let different = editions
        .windows(2)
        .any(|w| time_of_day(w[0].start) != time_of_day(w[1].start));
    wire::Event {
        id: e.id,
        hash: e.hash.clone(),
        name: e.name.clone(),
        short_description: e.short_description.clone(),
        description: e.description.clone(),
        sku: e.sku.clone(),
        slug: e.slug.clone(),
        tags: e.tags.clone(),
        vendor: e.vendor.clone(),
        instructions: e.instructions.clone(),
        attendee_emails: String::new(),
        price: e.price.clone(),
        price_min: min.to_owned(),
        price_max: max.to_owned(),
        base_price: e.price.clone(),
        compare_at_price: "0.00".into(),
        prices_list_key: "default".into(),
        currency: e.currency.clone(),
        ecommerce_type: "event".into(),
        price_varies: min != max,
        price_visible: true,
        subscription_only: false,
        active: e.active,
        egift: false,
        is_variant: false,
        has_variants: !e.hidden_edition,
        double_opt_in: false,
        is_online: e.is_online,
        schedule_visible: true,
        has_different_schedules: different,
        stock_management: capacity.is_some(),
        stock_overselling: false,
        is_buyable: e.published && e.active,
        published: e.published,
        rating: e.rating,
        reviews: e.reviews,
        sales: 0,
        min_purchase_quantity: 1,
        max_purchase_quantity: 10,
        total_days: editions.len() as u64,
        image: object(json!(image(e.id, &e.slug))),
        location: e
            .location
            .as_ref()
            .map_or_else(Map::new, |[name, address, city, country]| {
                object(json!({"name": name, "address": address, "city": city, "country": country}))
            }),
        sales_channel: object(
            json!({"1": {"id": 1, "name": "Online store", "is_buyable": e.published}}),
        ),
        location_type: if e.is_online { "online" } else { "physical" }.into(),
        schedule_type: "daily".into(),
        timezone: e.timezone.clone(),
        start_date: date(start),
        end_date: date(end),
        from_time: time_of_day(start),
        to_time: time_of_day(end),
        start_datetime: timestamp(start),
        end_datetime: timestamp(end),
        sales_start: FalseOr::False,
        sales_end: FalseOr::False,
        capacity: FalseOr::from_option(capacity.map(u64::from)),
        weekdays: Vec::new(),
        days,
        speakers: e.speakers.iter().map(|s| json!({"name": s})).collect(),
        categories: e.categories.iter().map(|c| json!({"name": c})).collect(),
        internal_version: "2.14.0".into(),
        stock_quantity_warning: 5,
        ..wire::Event::default()
    }
}

/// What the demo says of a product.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone)]
pub struct ProductSeed {
    pub id: u64,
    pub hash: String,
    pub name: String,
    pub slug: String,
    pub description: Option<String>,
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

impl ProductSeed {
    fn image(&self) -> FalseOr<wire::Image> {
        FalseOr::from_option(self.has_image.then(|| image(self.id, &self.slug)))
    }
}

pub fn product(p: &ProductSeed) -> wire::Product {
    let prices = p.variants.as_ref().map(|v| v.iter().map(|x| x.2));
    wire::Product {
        id: p.id,
        business_id: BUSINESS_ID,
        name: p.name.clone(),
        price: money(p.price_cents),
        currency: p.currency.into(),
        ecommerce_type: "retail".into(),
        active: p.active,
        hash: p.hash.clone(),
        slug: p.slug.clone(),
        base_price: money(p.price_cents),
        tags: String::new(),
        short_description: None,
        price_min: prices.clone().and_then(Iterator::min).map(money),
        price_max: prices.and_then(Iterator::max).map(money),
        prices_list_key: None,
        compare_at_price: None,
        sku: p.sku.clone(),
        vendor: None,
        price_varies: p.variants.is_some(),
        price_visible: true,
        is_variant: false,
        has_variants: p.variants.is_some(),
        subscription_only: false,
        requires_shipping: p.requires_shipping,
        volume_pricing_enabled: None,
        free_shipping: false,
        require_login: None,
        double_opt_in: None,
        stock_management: p.stock_management,
        is_buyable: p.active,
        published: p.active,
        rating: p.id % 5,
        reviews: p.id % 13,
        sales: p.id * 7 % 101,
        weight: 0.5,
        length: None,
        width: None,
        height: None,
        weight_unit: "kg".into(),
        image: p.image(),
        sales_channel: [(
            "1".to_owned(),
            wire::SalesChannel {
                id: 1,
                name: "Online store".into(),
                is_buyable: p.active,
            },
        )]
        .into_iter()
        .collect(),
        categories: Vec::new(),
    }
}

pub fn product_more(p: &ProductSeed) -> wire::ProductMore {
    wire::ProductMore {
        description: p.description.clone(),
        images: p.image().as_option().cloned().into_iter().collect(),
        variants: p.variants.as_ref().map_or(FalseOr::False, |v| {
            FalseOr::Value(
                v.iter()
                    .map(|(id, name, cents)| json!({"id": id, "name": name, "price": money(*cents), "is_variant": true}))
                    .collect(),
            )
        }),
        metafields: if p.id.is_multiple_of(2) {
            Value::Null
        } else {
            json!({})
        },
        ..wire::ProductMore::default()
    }
}

/// A line of a demo order.
#[derive(Debug, Clone)]
pub struct ItemSeed {
    pub id: u64,
    pub product: usize,
    pub quantity: u32,
}

/// Whether an order is shipped, and where to.
#[derive(Debug, Clone)]
pub enum Shipped {
    No,
    To(Option<[String; 4]>),
}

/// What the demo says of an order; its customer's fields are written live.
#[derive(Debug, Clone)]
pub struct OrderSeed {
    pub id: u64,
    pub hash: String,
    pub number: String,
    pub kind: &'static str,
    pub status: &'static str,
    pub created: Ts,
    pub updated: Ts,
    pub currency: &'static str,
    pub language: &'static str,
    pub items: Vec<ItemSeed>,
    pub gateway: Option<(u64, &'static str, &'static str)>,
    /// Shipped: to the customer's shipping address (street, number, city,
    /// zip), if they have one.
    pub shipping: Shipped,
    pub billing: Option<[String; 4]>,
    /// The customer's name and phone: who receives a shipment.
    pub recipient: (String, Option<String>),
    pub source: (u64, &'static str, &'static str),
    pub customer_created: Ts,
}

fn currency_symbol(code: &str) -> &'static str {
    match code {
        "EUR" => "€",
        "GBP" => "£",
        "JPY" => "¥",
        _ => "$",
    }
}

fn postal(address: Option<&[String; 4]>) -> Value {
    address.map_or(Value::Null, |[street, number, city, zip_code]| {
        json!({"street": street, "number": number, "city": city, "zip_code": zip_code})
    })
}

/// An order's list item and single record (customer fields left for the writer).
pub fn order(o: &OrderSeed, products: &[ProductSeed]) -> (wire::Order, wire::OrderDetail) {
    let line = |i: &ItemSeed| {
        let p = &products[i.product];
        (p, money(p.price_cents * u64::from(i.quantity)))
    };
    let total: u64 = o
        .items
        .iter()
        .map(|i| products[i.product].price_cents * u64::from(i.quantity))
        .sum();
    let pay_url = format!("https://pay.example.com/o/{}", o.hash);
    let detail = wire::OrderDetail {
        id: o.id,
        hash: o.hash.clone(),
        number: o.number.clone(),
        kind: o.kind.into(),
        status: o.status.into(),
        language_iso: o.language.into(),
        creation_date: timestamp(o.created),
        update_date: timestamp(o.updated),
        currency: o.currency.into(),
        currency_symbol: currency_symbol(o.currency).into(),
        total_amount: money(total),
        pay_url: (o.status == "open").then(|| pay_url.clone()),
        items: o
            .items
            .iter()
            .map(|i| {
                let (p, price) = line(i);
                wire::OrderItemDetail {
                    id: i.id,
                    name: p.name.clone(),
                    quantity: u64::from(i.quantity),
                    price,
                    ecommerce_type: "retail".into(),
                    product_id: p.id,
                    unit_price: money(p.price_cents),
                    sku: p.sku.clone(),
                    image: match p.image() {
                        FalseOr::Value(image) => json!(image),
                        FalseOr::False => Value::Bool(false),
                    },
                }
            })
            .collect(),
        customer: wire::OrderDetailCustomer {
            creation_date: Some(timestamp(o.customer_created)),
            update_date: None,
            billing_address: postal(o.billing.as_ref()),
            ..wire::OrderDetailCustomer::default()
        },
        source: Some(wire::OrderSource {
            id: o.source.0,
            business_id: BUSINESS_ID,
            name: o.source.1.into(),
            kind: o.source.2.into(),
            slug: o.source.2.into(),
            domain: "sandbox.example.com".into(),
        }),
        gateway: o.gateway.map(|(id, kind, name)| wire::Gateway {
            id: Some(if id.is_multiple_of(2) {
                IntOrString::Int(id)
            } else {
                IntOrString::Text(id.to_string())
            }),
            kind: kind.into(),
            name: name.into(),
            instructions: (kind == "transfer").then(|| "Pay to IBAN XX00 0000".into()),
            configuration: Value::Null,
        }),
        shipping: match &o.shipping {
            Shipped::No => None,
            Shipped::To(address) => Some(address),
        }
        .map(|address| wire::Shipping {
            status: "pending".into(),
            kind: "delivery".into(),
            recipient_name: Some(o.recipient.0.clone()),
            recipient_phone: o.recipient.1.clone(),
            address: postal(address.as_ref()),
            name: Some("Standard".into()),
            shipping_provider_key: "courier".into(),
            is_branch_pickup: false,
        }),
    };
    // The list item says what the single record says, and its pay link
    // whatever the status.
    let list = wire::Order {
        pay_url,
        ..wire::Order::of_detail(&detail)
    };
    (list, detail)
}

/// What the demo says of a course.
#[derive(Debug, Clone)]
pub struct CourseSeed {
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
    pub enrollments: usize,
}

pub fn course(c: &CourseSeed) -> wire::Course {
    wire::Course {
        id: c.id,
        business_id: BUSINESS_ID,
        kind: "online".into(),
        product_id: c.product_id,
        status: c.status.into(),
        language: c.language.into(),
        name: c.name.clone(),
        creation_date: timestamp(c.created),
        slug: c.slug.clone(),
        images: vec![image(c.id, &c.slug)],
        total_rating: 4,
        total_reviews: c.enrollments as u64 / 2,
        total_enrollments: c.enrollments as u64,
        access_type: c.access_type.into(),
        completion_certificate: c.completion_certificate,
        forum_enabled: c.forum_enabled,
        code: None,
        description: c.description.clone(),
        release_date: Some(date(c.created)),
        categories: (!c.id.is_multiple_of(2)).then(|| {
            vec![wire::CourseCategory {
                id: 1,
                name: "Programming".into(),
                slug: "programming".into(),
            }]
        }),
        image: Some(image(c.id, &c.slug)),
    }
}

/// The single course's content; each discussion's member is written live.
pub fn course_more(
    c: &CourseSeed,
    modules: Vec<wire::Module>,
    discussions: Vec<wire::Discussion>,
) -> wire::CourseMore {
    wire::CourseMore {
        forum_category_id: c.id * 10,
        sequential_progress: c.id % 2 == 1,
        instructors: vec![wire::Instructor {
            id: 1,
            name: "Ferris".into(),
            last_name: "Crab".into(),
        }],
        modules,
        discussions,
        certificate: c.completion_certificate.then(|| wire::Certificate {
            id: c.id,
            name: format!("{} certificate", c.name),
            creation_date: timestamp(c.created),
            config_data: "{\"orientation\":\"landscape\",\"signature\":true}".into(),
            template: wire::CertificateTemplate {
                id: 1,
                business_id: BUSINESS_ID,
                name: "Classic".into(),
                preview_image: "https://cdn.example.com/cert.png".into(),
                folder: "classic".into(),
            },
        }),
        ..wire::CourseMore::default()
    }
}

/// A course enrollment's record; name, last name and e-mail are written live.
pub fn course_enrollment(
    id: u64,
    customer_id: u64,
    created: Ts,
    progress: u32,
) -> wire::CourseEnrollment {
    let done = progress >= 100;
    wire::CourseEnrollment {
        id,
        customer_id,
        name: String::new(),
        last_name: None,
        email: String::new(),
        creation_date: timestamp(created),
        completed_date: done.then(|| timestamp(created + 20 * 86_400)),
        is_completed: Value::Bool(done),
        progress: Value::from(progress),
        rating: if done { Value::from(5) } else { Value::Null },
        status: Value::from("active"),
        activation_date: Value::from(timestamp(created)),
        expiration_date: Value::Null,
        data_source_type: Value::from("web"),
    }
}
