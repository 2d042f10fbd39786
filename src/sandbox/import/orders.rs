//! An export's orders: each as its list item and its single record, the
//! one the file lacks made of the other, and its customer found or made.

use std::collections::{HashMap, HashSet};

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
                let detail = wire::OrderDetail::of_listed(&list);
                (list, detail)
            }
            (None, Some(detail)) => (wire::Order::of_detail(&detail), detail),
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
