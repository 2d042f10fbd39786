//! The columns of what the headless commands print that no list shows: a
//! record read alone in full (a customer, an order, a product, a course:
//! paths into its JSON, see [`super::output::Column`]), and what a list
//! adds to its rows' own (`tickets --admitted`). A list's columns are its
//! rows' fields (`ListRow::FIELDS`).

use super::output::{Column, col};

/// After a ticket's fields with `tickets --admitted`: when the desk log
/// says it was admitted.
pub const ADMITTED: &[Column] = &[col("admitted", "admitted")];

pub const CUSTOMER: &[Column] = &[
    col("id", "id"),
    col("email", "email"),
    col("name", "name"),
    col("last_name", "last_name"),
    col("phone", "phone"),
    col("company", "company"),
    col("language", "language"),
    col("contacts", "contacts#"),
    col("addresses", "addresses#"),
    col("orders", "orders#"),
];

pub const ORDER: &[Column] = &[
    col("id", "id"),
    col("number", "number"),
    col("type", "type"),
    col("status", "status"),
    col("creation_date", "creation_date"),
    col("currency", "currency"),
    col("total_amount", "total_amount"),
    col("customer_email", "customer.email"),
    col("items", "items#"),
];

pub const PRODUCT: &[Column] = &[
    col("id", "id"),
    col("name", "name"),
    col("sku", "sku"),
    col("price", "price"),
    col("currency", "currency"),
    col("ecommerce_type", "ecommerce_type"),
    col("active", "active"),
    col("published", "published"),
];

pub const COURSE: &[Column] = &[
    col("id", "id"),
    col("name", "name"),
    col("status", "status"),
    col("type", "type"),
    col("access_type", "access_type"),
    col("language", "language"),
    col("total_enrollments", "total_enrollments"),
    col("creation_date", "creation_date"),
    col("modules", "modules#"),
    col("instructors", "instructors#"),
];
