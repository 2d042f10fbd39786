//! An export's orders: each as its list item and its single record, the
//! one the file lacks made of the other, and its customer found or made.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::super::store::{ImportedCustomer, Order};
use super::super::wire;
use super::{Builder, Named};

pub(super) fn orders(
    b: &mut Builder,
    list: Vec<wire::Order>,
    details: Vec<wire::OrderDetail>,
    listed: &HashMap<u64, wire::Order>,
) {
    let mut details: HashMap<u64, wire::OrderDetail> =
        details.into_iter().map(|d| (d.id, d)).collect();
    let mut pairs: Vec<(Option<wire::Order>, Option<wire::OrderDetail>)> = list
        .into_iter()
        .map(|o| {
            let detail = details.remove(&o.id);
            (Some(o), detail)
        })
        .collect();
    let mut rest: Vec<_> = details.into_values().collect();
    rest.sort_by_key(|d| d.id);
    pairs.extend(
        rest.into_iter()
            .map(|d| (listed.get(&d.id).cloned(), Some(d))),
    );
    // An order a customer's record names, the file holding it nowhere else
    // (`--events`): served from that list form, so the customer's orders
    // are all there and each answers `GET /orders/{id}`.
    let held: HashSet<u64> = pairs
        .iter()
        .filter_map(|(l, d)| l.as_ref().map(|l| l.id).or(d.as_ref().map(|d| d.id)))
        .collect();
    let mut more: Vec<&wire::Order> = listed.values().filter(|o| !held.contains(&o.id)).collect();
    more.sort_by_key(|o| o.id);
    pairs.extend(more.into_iter().map(|o| (Some(o.clone()), None)));
    for pair in pairs {
        let (list, detail) = match pair {
            (Some(list), Some(detail)) => (list, detail),
            (Some(list), None) => {
                let detail = detail_of(&list);
                (list, detail)
            }
            (None, Some(detail)) => (list_of(&detail), detail),
            (None, None) => continue,
        };
        let (id, in_orders) = (list.customer.id, list.customer.clone());
        let from_list = in_orders.id != 0 || detail.customer.id == 0;
        let customer = if from_list {
            b.customer(id, || Named {
                name: in_orders.name.clone(),
                last_name: Some(in_orders.last_name.clone()),
                email: Some(in_orders.email.clone()),
                phone: None,
            })
        } else {
            let c = &detail.customer;
            b.customer(c.id, || Named {
                name: c.name.clone().unwrap_or_default(),
                last_name: c.last_name.clone(),
                email: Some(c.email.clone()),
                phone: c.phone.clone(),
            })
        };
        let index = b.store.orders.len();
        let person = &mut b.store.customers[customer];
        person.orders.push(index);
        if from_list {
            let imported = person.imported.get_or_insert_with(|| {
                Box::new(ImportedCustomer {
                    more: None,
                    in_orders: None,
                })
            });
            imported.in_orders.get_or_insert(in_orders);
        }
        b.store.orders.push(Order {
            list,
            detail,
            customer,
        });
    }
}

/// An order's single record made of its list item (`--lists-only`).
fn detail_of(o: &wire::Order) -> wire::OrderDetail {
    wire::OrderDetail {
        id: o.id,
        hash: o.hash.clone(),
        number: o.number.clone(),
        kind: o.kind.clone(),
        status: o.status.clone(),
        language_iso: o.language_iso.clone(),
        creation_date: o.creation_date.clone(),
        update_date: o.update_date.clone(),
        currency: o.currency.clone(),
        currency_symbol: o.currency_symbol.clone(),
        total_amount: o.total_amount.clone(),
        pay_url: Some(o.pay_url.clone()),
        items: o
            .items
            .iter()
            .map(|i| wire::OrderItemDetail {
                id: i.id,
                name: i.name.clone(),
                quantity: i.quantity,
                price: i.price.clone(),
                ecommerce_type: i.ecommerce_type.clone(),
                product_id: i.product_id,
                unit_price: i.unit_price.clone(),
                sku: Some(i.sku.clone()),
                image: Value::Null,
            })
            .collect(),
        customer: wire::OrderDetailCustomer {
            creation_date: Some(o.customer.creation_date.clone()),
            update_date: Some(o.customer.update_date.clone()),
            ..wire::OrderDetailCustomer::default()
        },
        source: None,
        gateway: None,
        shipping: None,
    }
}

/// An order's list item made of its single record (an order only read one by one).
fn list_of(d: &wire::OrderDetail) -> wire::Order {
    wire::Order {
        id: d.id,
        hash: d.hash.clone(),
        number: d.number.clone(),
        kind: d.kind.clone(),
        status: d.status.clone(),
        language_iso: d.language_iso.clone(),
        creation_date: d.creation_date.clone(),
        update_date: d.update_date.clone(),
        currency: d.currency.clone(),
        currency_symbol: d.currency_symbol.clone(),
        total_amount: d.total_amount.clone(),
        pay_url: d.pay_url.clone().unwrap_or_default(),
        items: d
            .items
            .iter()
            .map(|i| wire::OrderItem {
                id: i.id,
                product_id: i.product_id,
                ecommerce_type: i.ecommerce_type.clone(),
                name: i.name.clone(),
                quantity: i.quantity,
                price: i.price.clone(),
                sku: i.sku.clone().unwrap_or_default(),
                unit_price: i.unit_price.clone(),
            })
            .collect(),
        customer: wire::OrderCustomer::default(),
    }
}
