//! The CSV and table columns of each record kind (paths into the raw JSON;
//! see [`super::output::Column`]).

use super::output::{Column, col};

pub const EVENTS: &[Column] = &[
    col("id", "id"),
    col("hash", "hash"),
    col("name", "name"),
    col("start_date", "start_date"),
    col("end_date", "end_date"),
    col("timezone", "timezone"),
    col("location_type", "location_type"),
    col("total_tickets", "total_tickets"),
    col("tickets_confirmed", "tickets_confirmed"),
    col("stock_available", "stock_available"),
    col("published", "published"),
    col("active", "active"),
];

pub const EDITIONS: &[Column] = &[
    col("id", "id"),
    col("name", "name"),
    col("start_datetime", "start_datetime"),
    col("end_datetime", "end_datetime"),
    col("timezone", "timezone"),
    col("capacity", "capacity"),
    col("tickets_confirmed", "tickets_confirmed"),
    col("stock_available", "stock_available"),
    col("active", "active"),
];

pub const TICKETS: &[Column] = &[
    col("id", "id"),
    col("number", "number"),
    col("status", "status"),
    col("enrollment_type", "enrollment_type"),
    col("attendee_name", "attendee.name+attendee.last_name"),
    col("attendee_email", "attendee.email"),
    col("edition_id", "event.id"),
    col("edition_name", "event.name"),
    col("creation_date", "creation_date"),
    col("price", "price"),
    col("order_number", "order.number"),
];

/// The tickets with `--admitted`: when the desk log says each was admitted.
pub const TICKETS_ADMITTED: &[Column] = &[
    col("id", "id"),
    col("number", "number"),
    col("status", "status"),
    col("enrollment_type", "enrollment_type"),
    col("attendee_name", "attendee.name+attendee.last_name"),
    col("attendee_email", "attendee.email"),
    col("edition_id", "event.id"),
    col("edition_name", "event.name"),
    col("creation_date", "creation_date"),
    col("price", "price"),
    col("order_number", "order.number"),
    col("admitted", "admitted"),
];

pub const CUSTOMERS: &[Column] = &[
    col("id", "id"),
    col("email", "email"),
    col("name", "name"),
    col("last_name", "last_name"),
    col("phone", "phone"),
];

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

pub const ORDERS: &[Column] = &[
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

pub const PRODUCTS: &[Column] = &[
    col("id", "id"),
    col("name", "name"),
    col("sku", "sku"),
    col("price", "price"),
    col("currency", "currency"),
    col("ecommerce_type", "ecommerce_type"),
    col("active", "active"),
    col("published", "published"),
];

pub const COURSES: &[Column] = &[
    col("id", "id"),
    col("name", "name"),
    col("status", "status"),
    col("type", "type"),
    col("access_type", "access_type"),
    col("language", "language"),
    col("total_enrollments", "total_enrollments"),
    col("creation_date", "creation_date"),
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

pub const ENROLLMENTS: &[Column] = &[
    col("id", "id"),
    col("customer_id", "customer_id"),
    col("name", "name"),
    col("last_name", "last_name"),
    col("email", "email"),
    col("status", "status"),
    col("progress", "progress"),
    col("creation_date", "creation_date"),
    col("completed_date", "completed_date"),
];
