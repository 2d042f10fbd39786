//! The demo business (and the large one) as the real client reads it from
//! a sandbox with a pinned clock, fed to `update` as the executor would.

use std::time::Instant;

use boxoffice::api::model::{
    Course, CourseDetail, CourseEnrollment, Customer, CustomerSummary, Edition, Event, Order,
    OrderDetail, Page, Product, ProductDetail, Ticket,
};
use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::app::settings::Settings;
use boxoffice::app::{AppOptions, Model, Msg, update};
use boxoffice::sandbox::{SandboxConfig, Scale};
use crossterm::event::KeyCode;
use serde_json::Value;

use crate::drive::{ch, press, req_of};
use crate::msgs;

/// What the TUI reads of one event of a sandbox.
pub struct Demo {
    pub events: Page<Event>,
    pub event: (Event, Value),
    pub editions: Page<Edition>,
    pub tickets: Vec<Page<Ticket>>,
    pub customers: Page<CustomerSummary>,
    /// The first customer (of the first page) with orders, and the first without.
    pub customer: (Customer, Value),
    pub customer_no_orders: (Customer, Value),
    pub catalog: Catalog,
}

impl Demo {
    /// Ticket `id` of the pages read, with its raw JSON, as the API
    /// answers its read.
    pub fn ticket(&self, id: u64) -> (Ticket, Value) {
        self.tickets
            .iter()
            .flat_map(|p| p.items.iter().zip(&p.raw))
            .find(|(t, _)| t.id == id)
            .map_or_else(
                || panic!("ticket {id} not in the pages read"),
                |(t, r)| (t.clone(), r.clone()),
            )
    }
}

/// The orders, products and courses of a sandbox, and one of each in full.
pub struct Catalog {
    pub orders: Page<Order>,
    /// The first order.
    pub order: (OrderDetail, Value),
    pub products: Page<Product>,
    /// The first product with `image: false`.
    pub product: (ProductDetail, Value),
    pub courses: Page<Course>,
    /// The first course, and its enrollments.
    pub course: (CourseDetail, Value),
    pub enrollments: Page<CourseEnrollment>,
}

/// The demo's "Rust Belt Conference 2026", all its main-event tickets.
pub fn load() -> Demo {
    read(Scale::Small, "Rust Belt Conference 2026", usize::MAX)
}

/// The large sandbox's stadium event: its counters in the hundred
/// thousands, and the first page of its tickets.
pub fn large() -> Demo {
    read(Scale::Large, "Stadium Tour Mega Show", 1)
}

fn read(scale: Scale, name: &str, max_pages: usize) -> Demo {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let sb = crate::common::sandbox::start(SandboxConfig {
            scale,
            ..crate::common::sandbox::pinned("2026-11-25 10:00:00")
        })
        .await;
        let client =
            Client::new(ClientConfig::new(sb.base_url(), ApiKey::new(sb.api_key()))).unwrap();
        let events = client.events(1, 100).await.unwrap();
        let first = events
            .items
            .iter()
            .find(|e| e.name.as_deref() == Some(name))
            .unwrap()
            .id;
        let event = client.event(&first.to_string()).await.unwrap();
        let editions = client.editions(first).await.unwrap();
        let mut tickets = vec![client.tickets(first, 1, 25).await.unwrap()];
        let last = tickets[0]
            .pages()
            .min(u32::try_from(max_pages).unwrap_or(u32::MAX));
        for page in 2..=last {
            tickets.push(client.tickets(first, page, 25).await.unwrap());
        }
        let customers = client.customers(1, 100).await.unwrap();
        let (mut customer, mut customer_no_orders) = (None, None);
        for c in &customers.items {
            let read = client.customer(c.id).await.unwrap();
            let has = read.0.orders.as_ref().is_some_and(|o| !o.is_empty());
            if has && customer.is_none() {
                customer = Some(read);
            } else if !has && customer_no_orders.is_none() {
                customer_no_orders = Some(read);
            }
            if customer.is_some() && customer_no_orders.is_some() {
                break;
            }
        }
        let customer = customer.expect("a customer with orders");
        let customer_no_orders = customer_no_orders.expect("a customer without orders");
        let orders = client.orders(1, 100).await.unwrap();
        let order = client.order(orders.items[0].id).await.unwrap();
        let products = client.products(1, 100).await.unwrap();
        let bare = products
            .items
            .iter()
            .find(|p| p.image.get().is_none())
            .expect("a product with image: false")
            .id;
        let product = client.product(bare).await.unwrap();
        let courses = client.courses(1, 100).await.unwrap();
        let course = client.course(courses.items[0].id).await.unwrap();
        let enrollments = client
            .course_enrollments(courses.items[0].id, 1, 100)
            .await
            .unwrap();
        sb.shutdown().await;
        Demo {
            events,
            event,
            editions,
            tickets,
            customers,
            customer,
            customer_no_orders,
            catalog: Catalog {
                orders,
                order,
                products,
                product,
                courses,
                course,
                enrollments,
            },
        }
    })
}

/// The model after the user opened the event and its main event's tickets.
pub fn model_at_tickets(d: &Demo) -> Model {
    let options = AppOptions {
        business: "Demo business (sandbox)".into(),
        readonly: false,
        pinned_now: None,
        desk: "desk-1".into(),
        checkin: None,
        door: None,
        desk_only: false,
        bell: true,
        settings: Settings::default(),
    };
    let mut m = Model::new(options, "127.0.0.1:sandbox", Instant::now(), (80, 24));
    m.no_color = true;
    // The sandbox's pinned clock.
    update(&mut m, Msg::Clock("2026-11-25 10:00:00".into()));
    let cmds = boxoffice::app::start(&mut m);
    update(&mut m, msgs::page(req_of(&cmds[0]), 1, 1, d.events.clone()));
    update(&mut m, Msg::TaskDone);
    let at = d
        .events
        .items
        .iter()
        .position(|e| e.id == d.event.0.id)
        .unwrap();
    for _ in 0..at {
        press(&mut m, KeyCode::Down);
    }
    let cmds = press(&mut m, KeyCode::Enter);
    update(&mut m, msgs::event(req_of(&cmds[0]), Ok(d.event.clone())));
    update(
        &mut m,
        msgs::page(req_of(&cmds[1]), 1, 1, d.editions.clone()),
    );
    update(&mut m, Msg::TaskDone);
    update(&mut m, Msg::TaskDone);
    let cmds = ch(&mut m, 't');
    let pages = u32::try_from(d.tickets.len()).unwrap();
    for (i, p) in d.tickets.iter().enumerate() {
        let page = u32::try_from(i).unwrap() + 1;
        update(&mut m, msgs::page(req_of(&cmds[0]), page, pages, p.clone()));
    }
    update(&mut m, Msg::TaskDone);
    m
}
