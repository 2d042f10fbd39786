//! The spec's JSON, written by hand from the sandbox's own records, quirks
//! included (`false` for unset sales dates and capacity, `image: false`,
//! `member_id` of three types, `metafields` as array or object).

use serde_json::{Value, json};

use super::clock::{Ts, date, time_of_day, timestamp};
use super::store::{
    Counters, Course, Customer, Edition, Event, MemberId, Order, Product, Store, Ticket,
    TicketStatus, money,
};

const BUSINESS_ID: u64 = 4242;

fn ts_or_false(ts: Option<Ts>) -> Value {
    ts.map_or(Value::Bool(false), |t| Value::String(timestamp(t)))
}

fn counters_json(counters: &Counters, capacity: Option<u32>) -> serde_json::Map<String, Value> {
    let committed = counters.committed();
    let onhand = capacity.unwrap_or(0);
    let available = capacity.map_or(0, |cap| cap.saturating_sub(committed));
    let fields = json!({
        "total_tickets": counters.total(),
        "tickets_confirmed": counters.get(TicketStatus::Confirmed),
        "tickets_open": counters.get(TicketStatus::Open),
        "tickets_cancelled": counters.get(TicketStatus::Cancelled) + counters.get(TicketStatus::Unenrolled),
        "tickets_pending": counters.get(TicketStatus::Pending),
        "stock_available": available,
        "stock_quantity_warning": 5,
        "stock_onhand": onhand,
        "stock_committed": committed,
        "stock_incoming": 0,
    });
    match fields {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    }
}

fn image_json(id: u64, name: &str) -> Value {
    json!({
        "id": id,
        "file_name": format!("{name}.jpg"),
        "source": format!("https://cdn.example.com/sandbox/{name}.jpg"),
        "order": 1,
    })
}

/// The main event's record (operations 1 and 2).
pub fn event(store: &Store, index: usize) -> Value {
    let e: &Event = &store.events[index];
    let editions: Vec<&Edition> = e.editions.iter().map(|&i| &store.editions[i]).collect();
    let counters = store.event_counters(index);
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
    let days: Vec<Value> = editions
        .iter()
        .map(|x| json!({"date": date(x.start), "from_time": time_of_day(x.start), "to_time": time_of_day(x.end)}))
        .collect();
    let different = editions
        .windows(2)
        .any(|w| time_of_day(w[0].start) != time_of_day(w[1].start));
    let mut record = json!({
        "id": e.id,
        "hash": e.hash,
        "name": e.name,
        "short_description": e.short_description,
        "description": e.description,
        "sku": e.sku,
        "slug": e.slug,
        "tags": e.tags,
        "vendor": e.vendor,
        "instructions": e.instructions,
        "attendee_emails": "",
        "price": e.price,
        "price_min": min,
        "price_max": max,
        "base_price": e.price,
        "compare_at_price": "0.00",
        "prices_list_key": "default",
        "currency": e.currency,
        "ecommerce_type": "event",
        "price_varies": min != max,
        "price_visible": true,
        "subscription_only": false,
        "active": e.active,
        "egift": false,
        "is_variant": false,
        "has_variants": !e.hidden_edition,
        "double_opt_in": false,
        "is_online": e.is_online,
        "schedule_visible": true,
        "has_different_schedules": different,
        "stock_management": capacity.is_some(),
        "stock_overselling": false,
        "is_buyable": e.published && e.active,
        "published": e.published,
    });
    let more = json!({
        "rating": e.rating,
        "reviews": e.reviews,
        "sales": counters.committed(),
        "min_purchase_quantity": 1,
        "max_purchase_quantity": 10,
        "total_days": editions.len(),
        "image": image_json(e.id, &e.slug),
        "location": e.location.as_ref().map_or_else(|| json!({}), |l| json!({
            "name": l.name, "address": l.address, "city": l.city, "country": l.country,
        })),
        "sales_channel": {"1": {"id": 1, "name": "Online store", "is_buyable": e.published}},
        "location_type": if e.is_online { "online" } else { "physical" },
        "schedule_type": "daily",
        "timezone": e.timezone,
        "start_date": date(start),
        "end_date": date(end),
        "from_time": time_of_day(start),
        "to_time": time_of_day(end),
        "start_datetime": timestamp(start),
        "end_datetime": timestamp(end),
        "sales_start": false,
        "sales_end": false,
        "capacity": capacity.map_or(Value::Bool(false), Value::from),
        "weekdays": [],
        "days": days,
        "speakers": e.speakers.iter().map(|s| json!({"name": s})).collect::<Vec<_>>(),
        "categories": e.categories.iter().map(|c| json!({"name": c})).collect::<Vec<_>>(),
        "internal_version": "2.14.0",
    });
    if let (Value::Object(map), Value::Object(more)) = (&mut record, more) {
        map.extend(more);
        map.extend(counters_json(&counters, capacity));
    }
    record
}

/// An edition (variant): an event-like record, `is_variant: true`, with `parent_id`.
pub fn edition(store: &Store, index: usize) -> Value {
    let x = &store.editions[index];
    let e = &store.events[x.event];
    let mut record = json!({
        "id": x.id,
        "hash": x.hash,
        "name": x.name,
        "sku": format!("{}-{}", e.sku, x.id),
        "price": x.price,
        "currency": e.currency,
        "active": e.active,
        "published": e.published,
        "is_variant": true,
        "parent_id": e.id,
        "timezone": e.timezone,
        "start_date": date(x.start),
        "end_date": date(x.end),
        "from_time": time_of_day(x.start),
        "to_time": time_of_day(x.end),
        "start_datetime": timestamp(x.start),
        "end_datetime": timestamp(x.end),
        "capacity": x.capacity.map_or(Value::Bool(false), Value::from),
        "sales_start": ts_or_false(x.sales_start),
        "sales_end": ts_or_false(x.sales_end),
    });
    if let Value::Object(map) = &mut record {
        map.extend(counters_json(&x.counters, x.capacity));
    }
    record
}

pub fn ticket(store: &Store, t: &Ticket) -> Value {
    let edition = &store.editions[t.edition];
    let event = &store.events[edition.event];
    let customer = &store.customers[t.customer];
    let (event_id, parent, name) = if event.hidden_edition {
        (event.id, Value::Null, event.name.clone())
    } else {
        (
            edition.id,
            Value::from(event.id),
            format!("{} — {}", event.name, edition.name),
        )
    };
    json!({
        "id": t.id,
        "number": t.number(),
        "enrollment_type": t.enrollment_type,
        "attendee": {
            "id": customer.id,
            "name": customer.name,
            "last_name": customer.last_name,
            "email": customer.email,
            "phone": customer.phone,
        },
        "creation_date": timestamp(t.created),
        "status": t.status.as_str(),
        "data_source_type": t.data_source_type,
        "event": {
            "id": event_id,
            "hash": if event.hidden_edition { &event.hash } else { &edition.hash },
            "name": name,
            "parent_id": parent,
            "start_datetime": timestamp(edition.start),
            "end_datetime": timestamp(edition.end),
            "timezone": event.timezone,
        },
        "source": if t.data_source_type == "api" {
            json!({"id": 2, "name": "Public API", "type": "api"})
        } else {
            json!({"id": 1, "name": "Online store", "type": "web"})
        },
        "order": t.order.map_or(Value::Null, |o| {
            let order = &store.orders[o];
            json!({"id": order.id, "hash": order.hash, "number": order.number})
        }),
        "price": t.price,
        "base_price": t.price,
        "total_tickets": "1",
    })
}

fn member_id(c: &Customer) -> Value {
    match &c.member_id {
        MemberId::Int(n) => Value::from(*n),
        MemberId::Text(s) => Value::from(s.as_str()),
        MemberId::Null => Value::Null,
    }
}

fn metafields(c: &Customer) -> Value {
    if c.metafields_object {
        json!({"loyalty_tier": "gold", "newsletter": true})
    } else {
        json!([])
    }
}

pub fn customer_summary(c: &Customer) -> Value {
    let mut record = json!({"id": c.id, "email": c.email, "name": c.name});
    if let Value::Object(map) = &mut record {
        if let Some(last) = &c.last_name {
            map.insert("last_name".into(), Value::from(last.as_str()));
        }
        if let Some(phone) = &c.phone {
            map.insert("phone".into(), Value::from(phone.as_str()));
        }
    }
    record
}

pub fn customer_detail(store: &Store, c: &Customer) -> Value {
    let mut record = customer_summary(c);
    let contacts: Vec<Value> = c
        .phone
        .iter()
        .map(|phone| json!({"id": c.id * 10 + 1, "type": {"id": 1, "key": "phone", "name": "Phone"}, "value": phone}))
        .chain(std::iter::once(
            json!({"id": c.id * 10 + 2, "type": {"id": "2", "key": "email", "name": "E-mail"}, "value": c.email}),
        ))
        .collect();
    let addresses: Vec<Value> = c
        .addresses
        .iter()
        .map(|a| {
            json!({
                "id": a.id, "label": a.label, "street": a.street, "number": a.number, "city": a.city,
                "zip_code": a.zip_code, "is_billing_address": a.billing, "is_shipping_address": a.shipping,
                "city_id": null, "state": {"id": 1, "name": "Central"},
                "country": {"id": a.country.0, "name": a.country.1, "code": a.country.2},
                "floor": null, "observations": null, "first_name": c.name, "last_name": c.last_name,
                "metafields": if a.id.is_multiple_of(2) { json!([]) } else { json!({}) },
            })
        })
        .collect();
    let extra = json!({
        "identification": null,
        "identification_type": null,
        "company": c.company,
        "tax_treatment": null,
        "tax_id_type": null,
        "tax_id_number": null,
        "language": c.language,
        "member_id": member_id(c),
        "autologin_hash": null,
        "is_seller": false,
        "contacts": contacts,
        "addresses": addresses,
        "orders": c.orders.iter().map(|&o| order(store, &store.orders[o])).collect::<Vec<_>>(),
        "categories": [],
        "metafields": metafields(c),
        "seller": null,
        "subscriptions": [],
    });
    if let (Value::Object(map), Value::Object(more)) = (&mut record, extra) {
        map.extend(more);
    }
    record
}

fn order_total(store: &Store, o: &Order) -> u64 {
    o.items
        .iter()
        .map(|i| store.products[i.product].price_cents * u64::from(i.quantity))
        .sum()
}

pub fn order(store: &Store, o: &Order) -> Value {
    let c = &store.customers[o.customer];
    json!({
        "id": o.id,
        "hash": o.hash,
        "number": o.number,
        "type": o.kind,
        "status": o.status,
        "language_iso": c.language,
        "creation_date": timestamp(o.created),
        "update_date": timestamp(o.updated),
        "currency": o.currency,
        "currency_symbol": currency_symbol(o.currency),
        "total_amount": money(order_total(store, o)),
        "pay_url": format!("https://pay.example.com/o/{}", o.hash),
        "items": o.items.iter().map(|i| {
            let p = &store.products[i.product];
            json!({
                "id": i.id, "product_id": p.id, "ecommerce_type": "retail", "name": p.name,
                "quantity": i.quantity, "price": money(p.price_cents * u64::from(i.quantity)),
                "sku": p.sku.clone().unwrap_or_default(), "unit_price": p.price(),
            })
        }).collect::<Vec<_>>(),
        "customer": {
            "id": c.id, "name": c.name, "email": c.email,
            "creation_date": timestamp(c.created), "update_date": timestamp(c.created),
            "active": true, "is_guest": c.is_guest, "has_password": !c.is_guest, "stage": "customer",
            "last_name": c.last_name.clone().unwrap_or_default(),
            "avatar_filename": null,
            "categories": [],
            "metafields": metafields(c),
        },
    })
}

pub fn order_detail(store: &Store, o: &Order) -> Value {
    let c = &store.customers[o.customer];
    let mut record = order(store, o);
    if let Value::Object(map) = &mut record {
        if o.status != "open" {
            map.insert("pay_url".into(), Value::Null);
        }
        map.insert(
            "items".into(),
            o.items
                .iter()
                .map(|i| {
                    let p = &store.products[i.product];
                    json!({
                        "id": i.id, "name": p.name, "quantity": i.quantity,
                        "price": money(p.price_cents * u64::from(i.quantity)), "ecommerce_type": "retail",
                        "product_id": p.id, "unit_price": p.price(), "sku": p.sku,
                        "image": if p.has_image { image_json(p.id, &p.slug) } else { Value::Bool(false) },
                    })
                })
                .collect(),
        );
        let billing = c.addresses.iter().find(|a| a.billing).map_or(Value::Null, |a| {
            json!({"street": a.street, "number": a.number, "city": a.city, "zip_code": a.zip_code})
        });
        map.insert(
            "customer".into(),
            json!({
                "id": c.id, "email": c.email, "name": c.name, "last_name": c.last_name, "phone": c.phone,
                "creation_date": timestamp(c.created), "update_date": null, "billing_address": billing,
            }),
        );
        map.insert(
            "source".into(),
            json!({"id": o.source.0, "business_id": BUSINESS_ID, "name": o.source.1, "type": o.source.2,
                   "slug": o.source.2, "domain": "sandbox.example.com"}),
        );
        if let Some((id, kind, name)) = o.gateway {
            let id = if id.is_multiple_of(2) {
                Value::from(id)
            } else {
                Value::from(id.to_string())
            };
            map.insert(
                "gateway".into(),
                json!({"id": id, "type": kind, "name": name,
                       "instructions": if kind == "transfer" { Value::from("Pay to IBAN XX00 0000") } else { Value::Null },
                       "configuration": null}),
            );
        }
        if o.shipping {
            let address = c.addresses.iter().find(|a| a.shipping).map_or(Value::Null, |a| {
                json!({"street": a.street, "number": a.number, "city": a.city, "zip_code": a.zip_code})
            });
            map.insert(
                "shipping".into(),
                json!({"status": "pending", "type": "delivery", "recipient_name": c.name, "recipient_phone": c.phone,
                       "address": address, "name": "Standard", "shipping_provider_key": "courier",
                       "is_branch_pickup": false}),
            );
        }
    }
    record
}

fn currency_symbol(code: &str) -> &'static str {
    match code {
        "EUR" => "€",
        "GBP" => "£",
        "JPY" => "¥",
        _ => "$",
    }
}

pub fn product(p: &Product) -> Value {
    json!({
        "id": p.id,
        "business_id": BUSINESS_ID,
        "name": p.name,
        "price": p.price(),
        "currency": p.currency,
        "ecommerce_type": "retail",
        "active": p.active,
        "hash": p.hash,
        "slug": p.slug,
        "base_price": p.price(),
        "tags": "",
        "short_description": null,
        "price_min": p.variants.as_ref().and_then(|v| v.iter().map(|x| x.2).min()).map(money),
        "price_max": p.variants.as_ref().and_then(|v| v.iter().map(|x| x.2).max()).map(money),
        "compare_at_price": null,
        "sku": p.sku,
        "vendor": null,
        "price_varies": p.variants.is_some(),
        "price_visible": true,
        "is_variant": false,
        "has_variants": p.variants.is_some(),
        "subscription_only": false,
        "requires_shipping": p.requires_shipping,
        "free_shipping": false,
        "stock_management": p.stock_management,
        "is_buyable": p.active,
        "published": p.active,
        "rating": p.id % 5,
        "reviews": p.id % 13,
        "sales": p.id * 7 % 101,
        "weight": 0.5,
        "weight_unit": "kg",
        "image": if p.has_image { image_json(p.id, &p.slug) } else { Value::Bool(false) },
        "sales_channel": {"1": {"id": 1, "name": "Online store", "is_buyable": p.active}},
        "categories": [],
    })
}

pub fn product_detail(p: &Product) -> Value {
    let mut record = product(p);
    let extra = json!({
        "description": p.description,
        "images": if p.has_image { vec![image_json(p.id, &p.slug)] } else { Vec::new() },
        "category": null,
        "seller": null,
        "variants": p.variants.as_ref().map_or(Value::Bool(false), |v| {
            v.iter().map(|(id, name, cents)| json!({"id": id, "name": name, "price": money(*cents), "is_variant": true})).collect()
        }),
        "related_products": [],
        "stock_warehouses": [],
        "customers_permissions": [],
        "default_variant": false,
        "metafields": if p.id.is_multiple_of(2) { Value::Null } else { json!({}) },
        "by_business_gateways": false,
        "promotional_video": false,
        "welcome_email_message": null,
    });
    if let (Value::Object(map), Value::Object(more)) = (&mut record, extra) {
        map.extend(more);
    }
    record
}

pub fn course(c: &Course) -> Value {
    json!({
        "id": c.id,
        "business_id": BUSINESS_ID,
        "type": "online",
        "product_id": c.product_id,
        "status": c.status,
        "language": c.language,
        "name": c.name,
        "creation_date": timestamp(c.created),
        "slug": c.slug,
        "images": [image_json(c.id, &c.slug)],
        "total_rating": 4,
        "total_reviews": c.enrollments.len() / 2,
        "total_enrollments": c.enrollments.len(),
        "access_type": c.access_type,
        "completion_certificate": c.completion_certificate,
        "forum_enabled": c.forum_enabled,
        "code": null,
        "description": c.description,
        "release_date": date(c.created),
        "categories": if c.id.is_multiple_of(2) { Value::Null } else { json!([{"id": 1, "name": "Programming", "slug": "programming"}]) },
        "image": image_json(c.id, &c.slug),
    })
}

pub fn course_detail(store: &Store, c: &Course) -> Value {
    let mut record = course(c);
    let extra = json!({
        "forum_category_id": c.id * 10,
        "sequential_progress": c.id % 2 == 1,
        "instructors": [{"id": 1, "name": "Ferris", "last_name": "Crab"}],
        "modules": c.modules.iter().enumerate().map(|(i, m)| json!({
            "id": m.id, "name": m.name, "order": i + 1, "completion_certificate": false,
            "lessons": m.lessons.iter().enumerate().map(|(j, l)| json!({
                "id": l.id, "name": l.name, "url": format!("/courses/{}/lessons/{}", c.slug, l.id),
                "content_type": l.content_type, "content_duration": l.seconds.to_string(),
                "free_access": l.free_access, "downloadable": l.content_type == "pdf", "order": j + 1,
                "promotional_description": null, "promotional_video": null,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "discussions": c.discussions.iter().map(|d| {
            let m = &store.customers[d.member];
            json!({
                "id": d.id, "title": d.title, "slug": format!("discussion-{}", d.id), "content": d.content,
                "creation_date": timestamp(d.created), "modification_date": timestamp(d.created),
                "total_replies": d.replies, "public": true, "answers_public": d.id.is_multiple_of(2),
                "member": {"id": m.id, "name": m.name, "last_name": m.last_name.clone().unwrap_or_default(), "avatar_filename": null},
            })
        }).collect::<Vec<_>>(),
        "subscriptions_billing_plans": [],
        "requeriments": [],
        "target_students": [],
        "learning_goals": [],
        "promotional_video": [],
        "certificate": if c.completion_certificate {
            json!({
                "id": c.id, "name": format!("{} certificate", c.name), "creation_date": timestamp(c.created),
                "config_data": "{\"orientation\":\"landscape\",\"signature\":true}",
                "template": {"id": 1, "business_id": BUSINESS_ID, "name": "Classic", "preview_image": "https://cdn.example.com/cert.png", "folder": "classic"},
            })
        } else { Value::Null },
    });
    if let (Value::Object(map), Value::Object(more)) = (&mut record, extra) {
        map.extend(more);
    }
    record
}

pub fn course_enrollment(store: &Store, e: &super::store::CourseEnrollment) -> Value {
    let c = &store.customers[e.customer];
    let done = e.progress >= 100;
    json!({
        "id": e.id,
        "customer_id": c.id,
        "name": c.name,
        "last_name": c.last_name,
        "email": c.email,
        "creation_date": timestamp(e.created),
        "completed_date": if done { Value::from(timestamp(e.created + 20 * 86_400)) } else { Value::Null },
        "is_completed": done,
        "progress": e.progress,
        "rating": if done { Value::from(5) } else { Value::Null },
        "status": "active",
        "activation_date": timestamp(e.created),
        "expiration_date": null,
        "data_source_type": "web",
    })
}
