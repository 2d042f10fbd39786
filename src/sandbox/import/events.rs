//! An export's events, their editions and the editions' tickets: a
//! ticket names its edition, attendee and order by id.

use std::collections::{HashMap, HashSet};

use super::super::clock::{Ts, parse_timestamp};
use super::super::store::{Counters, Edition, Event, ImportedTicket, Store, Ticket, TicketStatus};
use super::super::wire;
use super::{Builder, Group, Named};

fn status(text: &str) -> Option<TicketStatus> {
    Some(match text {
        "confirmed" => TicketStatus::Confirmed,
        "open" => TicketStatus::Open,
        "pending" => TicketStatus::Pending,
        "cancelled" => TicketStatus::Cancelled,
        "unenrolled" => TicketStatus::Unenrolled,
        _ => return None,
    })
}

fn ts(text: &str, what: impl FnOnce() -> String) -> Result<Ts, String> {
    parse_timestamp(text)
        .ok_or_else(|| format!("{}: {text:?} is not a YYYY-MM-DD HH:mm:ss time", what()))
}

fn edition(record: wire::Edition, event: usize) -> Result<Edition, String> {
    let end = ts(&record.end_datetime, || {
        format!("edition {}: end_datetime", record.id)
    })?;
    let capacity = record
        .capacity
        .as_option()
        .map(|&c| u32::try_from(c).unwrap_or(u32::MAX));
    Ok(Edition {
        record,
        event,
        end,
        capacity,
        tickets: Vec::new(),
        counters: Counters::default(),
    })
}

/// An event without editions is its own single edition, made of its record.
fn own_edition(e: &wire::Event) -> wire::Edition {
    wire::Edition {
        id: e.id,
        hash: e.hash.clone(),
        name: e.name.clone(),
        sku: e.sku.clone(),
        price: e.price.clone(),
        currency: e.currency.clone(),
        active: e.active,
        published: e.published,
        is_variant: false,
        parent_id: e.id,
        timezone: e.timezone.clone(),
        start_date: e.start_date.clone(),
        end_date: e.end_date.clone(),
        from_time: e.from_time.clone(),
        to_time: e.to_time.clone(),
        start_datetime: e.start_datetime.clone(),
        end_datetime: e.end_datetime.clone(),
        capacity: e.capacity.clone(),
        sales_start: e.sales_start.clone(),
        sales_end: e.sales_end.clone(),
        stock_quantity_warning: e.stock_quantity_warning,
        stock_incoming: e.stock_incoming,
        ..wire::Edition::default()
    }
}

pub(super) fn events(
    store: &mut Store,
    events: Vec<wire::Event>,
    groups: Vec<Group<wire::Edition>>,
) -> Result<(), String> {
    let mut editions: HashMap<u64, Vec<wire::Edition>> = HashMap::new();
    for group in groups {
        editions.entry(group.parent).or_default().extend(group.data);
    }
    let mut seen = HashSet::new();
    for record in events {
        if !seen.insert(record.id) {
            continue;
        }
        let index = store.events.len();
        let mut own = editions.remove(&record.id).unwrap_or_default();
        // Ordered by start, as the rules read them ("first … that has not ended").
        own.sort_by(|a, b| a.start_datetime.cmp(&b.start_datetime));
        let hidden = own.is_empty();
        if hidden {
            own.push(own_edition(&record));
        }
        let mut indices = Vec::new();
        for x in own {
            indices.push(store.editions.len());
            store.editions.push(edition(x, index)?);
        }
        store.events.push(Event {
            record,
            editions: indices,
            hidden_edition: hidden,
        });
    }
    if let Some(event) = editions.keys().min() {
        return Err(format!(
            "editions of event {event}, which the file does not hold"
        ));
    }
    Ok(())
}

pub(super) fn tickets(b: &mut Builder, groups: Vec<Group<wire::Ticket>>) -> Result<(), String> {
    let editions: HashMap<u64, usize> = b
        .store
        .editions
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id(), i))
        .collect();
    let orders: HashMap<u64, usize> = b
        .store
        .orders
        .iter()
        .enumerate()
        .map(|(i, o)| (o.id(), i))
        .collect();
    let mut seen = HashSet::new();
    for group in groups {
        for t in group.data {
            if !seen.insert(t.id) {
                continue;
            }
            let target = if t.event.id == 0 {
                group.parent
            } else {
                t.event.id
            };
            let edition = *editions
                .get(&target)
                .ok_or_else(|| format!("ticket {}: its event {target} is not in the file", t.id))?;
            let status = status(&t.status).ok_or_else(|| {
                format!(
                    "ticket {}: status {:?} is none of confirmed, open, pending, cancelled, unenrolled",
                    t.id, t.status
                )
            })?;
            let a = &t.attendee;
            let customer = b.customer(a.id, || Named {
                name: a.name.clone(),
                last_name: a.last_name.clone(),
                email: Some(a.email.clone()),
                phone: a.phone.clone(),
            });
            let order = t.order.as_ref().and_then(|o| orders.get(&o.id).copied());
            let index = b.store.tickets.len();
            let x = &mut b.store.editions[edition];
            x.tickets.push(index);
            x.counters.add(status);
            b.store.tickets.push(Ticket {
                id: t.id,
                enrollment_type: t.enrollment_type,
                customer,
                edition,
                status,
                created: parse_timestamp(&t.creation_date).unwrap_or(b.now),
                data_source_type: "web",
                price: t.price,
                order,
                imported: Some(Box::new(ImportedTicket {
                    number: t.number,
                    creation_date: t.creation_date,
                    data_source_type: t.data_source_type,
                    source: t.source,
                    base_price: t.base_price,
                    total_tickets: t.total_tickets,
                    // An order the file names but does not hold keeps its name.
                    order: if order.is_some() { None } else { t.order },
                })),
            });
        }
    }
    Ok(())
}
