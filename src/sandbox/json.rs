//! The answers' records, written from the store: each record's stored facts
//! with its live parts filled in (counters, a ticket's status, and every
//! person's name, e-mail and phone from the customer they belong to).

use serde_json::{Value, json};

use super::clock::timestamp;
use super::store::{
    Counters, Course, CourseEnrollment, Customer, MemberId, Order, Product, Store, Ticket,
    TicketStatus,
};
use super::wire::{self, IntOrString};

/// The ten counters of an event or an edition, from its tickets.
struct Live {
    total_tickets: u64,
    tickets_confirmed: u64,
    tickets_open: u64,
    tickets_cancelled: u64,
    tickets_pending: u64,
    stock_available: u64,
    stock_onhand: u64,
    stock_committed: u64,
}

/// Writes the live figures into a record that carries them (an event or
/// an edition: two wire types with the same fields).
macro_rules! set_live {
    ($record:ident, $live:ident) => {
        $record.total_tickets = $live.total_tickets;
        $record.tickets_confirmed = $live.tickets_confirmed;
        $record.tickets_open = $live.tickets_open;
        $record.tickets_cancelled = $live.tickets_cancelled;
        $record.tickets_pending = $live.tickets_pending;
        $record.stock_available = $live.stock_available;
        $record.stock_onhand = $live.stock_onhand;
        $record.stock_committed = $live.stock_committed;
    };
}

fn live(counters: &Counters, capacity: Option<u64>) -> Live {
    let committed = u64::from(counters.committed());
    Live {
        total_tickets: counters.total().into(),
        tickets_confirmed: counters.get(TicketStatus::Confirmed).into(),
        tickets_open: counters.get(TicketStatus::Open).into(),
        tickets_cancelled: u64::from(counters.get(TicketStatus::Cancelled))
            + u64::from(counters.get(TicketStatus::Unenrolled)),
        tickets_pending: counters.get(TicketStatus::Pending).into(),
        stock_available: capacity.map_or(0, |cap| cap.saturating_sub(committed)),
        stock_onhand: capacity.unwrap_or(0),
        stock_committed: committed,
    }
}

/// The main event's record (operations 1 and 2); its counters are the sums
/// of its editions', `sales` the seats taken.
pub fn event(store: &Store, index: usize) -> wire::Event {
    let counters = store.event_counters(index);
    let mut record = store.events[index].record.clone();
    let l = live(&counters, record.capacity.as_option().copied());
    record.sales = l.stock_committed;
    set_live!(record, l);
    record
}

/// An edition (variant): an event-like record, `is_variant: true`, with `parent_id`.
pub fn edition(store: &Store, index: usize) -> wire::Edition {
    let x = &store.editions[index];
    let mut record = x.record.clone();
    let l = live(&x.counters, x.capacity.map(u64::from));
    set_live!(record, l);
    record
}

pub fn ticket(store: &Store, t: &Ticket) -> wire::Ticket {
    let edition = &store.editions[t.edition];
    let event = &store.events[edition.event];
    let customer = &store.customers[t.customer];
    let (event_id, parent, name, hash) = if event.hidden_edition {
        (
            event.id(),
            None,
            event.record.name.clone(),
            &event.record.hash,
        )
    } else {
        (
            edition.id(),
            Some(event.id()),
            format!("{} — {}", event.record.name, edition.record.name),
            &edition.record.hash,
        )
    };
    let imported = t.imported.as_deref();
    let order = match (t.order, imported) {
        (Some(o), _) => {
            let order = &store.orders[o].list;
            Some(wire::TicketOrder {
                id: order.id,
                hash: order.hash.clone(),
                number: order.number.clone(),
            })
        }
        (None, Some(imported)) => imported.order.clone(),
        (None, None) => None,
    };
    wire::Ticket {
        id: t.id,
        number: t.number(),
        enrollment_type: t.enrollment_type.clone(),
        attendee: wire::TicketAttendee {
            id: customer.id,
            name: customer.name.clone(),
            last_name: customer.last_name.clone(),
            email: customer.email.clone(),
            phone: customer.phone.clone(),
        },
        creation_date: imported.map_or_else(|| timestamp(t.created), |i| i.creation_date.clone()),
        status: t.status.as_str().into(),
        data_source_type: imported
            .map_or(t.data_source_type, |i| &i.data_source_type)
            .into(),
        event: wire::TicketEvent {
            id: event_id,
            hash: hash.clone(),
            name,
            parent_id: parent,
            start_datetime: edition.record.start_datetime.clone(),
            end_datetime: edition.record.end_datetime.clone(),
            timezone: event.record.timezone.clone(),
        },
        source: match imported {
            Some(i) => i.source.clone(),
            None if t.data_source_type == "api" => wire::TicketSource {
                id: 2,
                name: "Public API".into(),
                kind: "api".into(),
            },
            None => wire::TicketSource {
                id: 1,
                name: "Online store".into(),
                kind: "web".into(),
            },
        },
        order,
        price: t.price.clone(),
        base_price: imported.map_or(&t.price, |i| &i.base_price).clone(),
        total_tickets: imported.map_or("1", |i| &i.total_tickets).into(),
    }
}

fn metafields(c: &Customer) -> Value {
    if c.metafields_object {
        json!({"loyalty_tier": "gold", "newsletter": true})
    } else {
        json!([])
    }
}

pub fn customer_summary(c: &Customer) -> wire::CustomerSummary {
    wire::CustomerSummary {
        id: c.id,
        email: c.email.clone(),
        name: c.name.clone(),
        last_name: c.last_name.clone(),
        phone: c.phone.clone(),
    }
}

/// The demo's contacts: its phone, then its e-mail.
fn contacts(c: &Customer) -> Vec<wire::Contact> {
    let phone = c.phone.iter().map(|phone| wire::Contact {
        id: c.id * 10 + 1,
        kind: wire::ContactType {
            id: IntOrString::Int(1),
            key: "phone".into(),
            name: "Phone".into(),
        },
        value: phone.clone(),
    });
    let email = wire::Contact {
        id: c.id * 10 + 2,
        kind: wire::ContactType {
            id: IntOrString::Text("2".into()),
            key: "email".into(),
            name: "E-mail".into(),
        },
        value: c.email.clone(),
    };
    phone.chain(std::iter::once(email)).collect()
}

/// The demo's addresses.
fn addresses(c: &Customer) -> Vec<wire::CustomerAddress> {
    c.addresses
        .iter()
        .map(|a| wire::CustomerAddress {
            id: a.id,
            label: a.label.clone(),
            street: a.street.clone(),
            number: a.number.clone(),
            city: a.city.clone(),
            zip_code: a.zip_code.clone(),
            is_billing_address: a.billing,
            is_shipping_address: a.shipping,
            city_id: None,
            state: Some(wire::AddressState {
                id: 1,
                name: "Central".into(),
            }),
            country: Some(wire::AddressCountry {
                id: a.country.0,
                name: a.country.1.into(),
                code: a.country.2.into(),
            }),
            latitude: None,
            longitude: None,
            floor: None,
            intersections: None,
            observations: None,
            first_name: Some(c.name.clone()),
            last_name: c.last_name.clone(),
            email: None,
            identification_type: None,
            identification: None,
            company: None,
            phone: None,
            metafields: if a.id.is_multiple_of(2) {
                json!([])
            } else {
                json!({})
            },
        })
        .collect()
}

pub fn customer_detail(store: &Store, c: &Customer) -> wire::Customer {
    let orders = c
        .orders
        .iter()
        .map(|&o| order(store, &store.orders[o]))
        .collect();
    let more = match c.imported.as_ref().and_then(|i| i.more.as_ref()) {
        Some(more) => wire::CustomerMore {
            orders,
            ..more.clone()
        },
        None => wire::CustomerMore {
            identification: None,
            identification_type: None,
            company: c.company.clone(),
            tax_treatment: None,
            tax_id_type: None,
            tax_id_number: None,
            language: c.language.into(),
            member_id: match &c.member_id {
                MemberId::Int(n) => Some(IntOrString::Int(*n)),
                MemberId::Text(s) => Some(IntOrString::Text(s.clone())),
                MemberId::Null => None,
            },
            autologin_hash: None,
            is_seller: false,
            contacts: contacts(c),
            addresses: addresses(c),
            orders,
            categories: Vec::new(),
            metafields: metafields(c),
            seller: Value::Null,
            subscriptions: Vec::new(),
        },
    };
    wire::Customer {
        summary: customer_summary(c),
        more,
    }
}

/// The customer as an order of the list shows them.
fn order_customer(c: &Customer) -> wire::OrderCustomer {
    let kept = c.imported.as_ref().and_then(|i| i.in_orders.clone());
    let base = kept.unwrap_or_else(|| wire::OrderCustomer {
        creation_date: timestamp(c.created),
        update_date: timestamp(c.created),
        active: true,
        is_guest: c.is_guest,
        has_password: !c.is_guest,
        stage: "customer".into(),
        avatar_filename: None,
        metafields: metafields(c),
        ..wire::OrderCustomer::default()
    });
    wire::OrderCustomer {
        id: c.id,
        name: c.name.clone(),
        email: c.email.clone(),
        last_name: c.last_name.clone().unwrap_or_default(),
        ..base
    }
}

pub fn order(store: &Store, o: &Order) -> wire::Order {
    wire::Order {
        customer: order_customer(&store.customers[o.customer]),
        ..o.list.clone()
    }
}

pub fn order_detail(store: &Store, o: &Order) -> wire::OrderDetail {
    let c = &store.customers[o.customer];
    let mut record = o.detail.clone();
    record.customer = wire::OrderDetailCustomer {
        id: c.id,
        email: c.email.clone(),
        name: Some(c.name.clone()),
        last_name: c.last_name.clone(),
        phone: c.phone.clone(),
        ..record.customer
    };
    record
}

pub fn product(p: &Product) -> wire::Product {
    p.record.clone()
}

pub fn product_detail(p: &Product) -> wire::ProductDetail {
    wire::ProductDetail {
        product: p.record.clone(),
        more: p.more.clone(),
    }
}

pub fn course(c: &Course) -> wire::Course {
    c.record.clone()
}

pub fn course_detail(store: &Store, c: &Course) -> wire::CourseDetail {
    let mut more = c.more.clone();
    for (discussion, &member) in more.discussions.iter_mut().zip(&c.discussion_members) {
        let m = &store.customers[member];
        discussion.member.id = m.id;
        discussion.member.name.clone_from(&m.name);
        discussion.member.last_name = m.last_name.clone().unwrap_or_default();
    }
    wire::CourseDetail {
        course: c.record.clone(),
        more,
    }
}

pub fn course_enrollment(store: &Store, e: &CourseEnrollment) -> wire::CourseEnrollment {
    let c = &store.customers[e.customer];
    wire::CourseEnrollment {
        customer_id: c.id,
        name: c.name.clone(),
        last_name: c.last_name.clone(),
        email: c.email.clone(),
        ..e.record.clone()
    }
}
