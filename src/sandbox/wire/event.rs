//! Events, editions and tickets. The spec marks none of their fields
//! required: only `id` is (docs/wire-contract.md), every other field is
//! typed where the spec or the wire contract types it.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
#[cfg(test)]
use utoipa::ToSchema;

use super::FalseOr;

/// Declares a record whose own fields are followed by the ticket and stock
/// counters events and editions both carry; `tickets_cancelled` takes the
/// doc the record gives it after the struct (it is part of the document).
macro_rules! counted {
    (
        $(#[$meta:meta])*
        pub struct $name:ident { $($own:tt)* }
        $(#[$cancelled:meta])*
        tickets_cancelled
    ) => {
        $(#[$meta])*
        pub struct $name {
            $($own)*
            pub total_tickets: u64,
            pub tickets_confirmed: u64,
            pub tickets_open: u64,
            $(#[$cancelled])*
            pub tickets_cancelled: u64,
            pub tickets_pending: u64,
            pub stock_available: u64,
            pub stock_quantity_warning: u64,
            pub stock_onhand: u64,
            pub stock_committed: u64,
            pub stock_incoming: u64,
        }
    };
}

counted! {
    /// A main event (`GET /events`, `GET /events/{id}`).
    #[allow(clippy::struct_excessive_bools)]
    #[derive(Debug, Clone, Default, Serialize, Deserialize)]
    #[cfg_attr(test, derive(ToSchema))]
    #[serde(default)]
    pub struct Event {
        #[cfg_attr(test, schema(required = true))]
        pub id: u64,
        pub hash: String,
        pub name: String,
        pub short_description: String,
        pub description: String,
        pub sku: String,
        pub slug: String,
        pub tags: String,
        pub vendor: String,
        pub instructions: String,
        pub attendee_emails: String,
        pub price: String,
        pub price_min: String,
        pub price_max: String,
        pub base_price: String,
        pub compare_at_price: String,
        pub prices_list_key: String,
        pub currency: String,
        /// `event`.
        pub ecommerce_type: String,
        pub price_varies: bool,
        pub price_visible: bool,
        pub subscription_only: bool,
        pub active: bool,
        pub egift: bool,
        /// `false`: a main event.
        #[cfg_attr(test, schema(schema_with = super::literal_false))]
        pub is_variant: bool,
        pub has_variants: bool,
        pub double_opt_in: bool,
        pub is_online: bool,
        pub schedule_visible: bool,
        pub has_different_schedules: bool,
        pub stock_management: bool,
        pub stock_overselling: bool,
        pub is_buyable: bool,
        pub published: bool,
        pub rating: u64,
        pub reviews: u64,
        pub sales: u64,
        pub min_purchase_quantity: u64,
        pub max_purchase_quantity: u64,
        pub total_days: u64,
        #[cfg_attr(test, schema(value_type = Object))]
        pub image: Map<String, Value>,
        #[cfg_attr(test, schema(value_type = Object))]
        pub location: Map<String, Value>,
        #[cfg_attr(test, schema(value_type = Object))]
        pub sales_channel: Map<String, Value>,
        /// `physical` or `online`.
        pub location_type: String,
        /// `daily`.
        pub schedule_type: String,
        /// An IANA time zone name.
        pub timezone: String,
        pub start_date: String,
        pub end_date: String,
        pub from_time: String,
        pub to_time: String,
        pub start_datetime: String,
        pub end_datetime: String,
        #[cfg_attr(test, schema(schema_with = super::timestamp_or_false))]
        pub sales_start: FalseOr<String>,
        #[cfg_attr(test, schema(schema_with = super::timestamp_or_false))]
        pub sales_end: FalseOr<String>,
        /// The sum of the editions' capacities, `false` when one is unlimited.
        #[cfg_attr(test, schema(schema_with = super::count_or_false))]
        pub capacity: FalseOr<u64>,
        #[cfg_attr(test, schema(value_type = Vec<Object>))]
        pub weekdays: Vec<Value>,
        #[cfg_attr(test, schema(value_type = Vec<Object>))]
        pub days: Vec<Value>,
        #[cfg_attr(test, schema(value_type = Vec<Object>))]
        pub speakers: Vec<Value>,
        #[cfg_attr(test, schema(value_type = Vec<Object>))]
        pub categories: Vec<Value>,
        pub internal_version: String,
    }
    /// Cancelled and unenrolled.
    tickets_cancelled
}

counted! {
    /// An edition (variant) of an event: an event-like record with
    /// `is_variant: true` and `parent_id` (`GET /events/{id}/variants`, and
    /// `GET /events/{edition_id}`).
    #[derive(Debug, Clone, Default, Serialize, Deserialize)]
    #[cfg_attr(test, derive(ToSchema))]
    #[serde(default)]
    pub struct Edition {
        #[cfg_attr(test, schema(required = true))]
        pub id: u64,
        pub hash: String,
        pub name: String,
        pub sku: String,
        pub price: String,
        pub currency: String,
        pub active: bool,
        pub published: bool,
        /// `true`: an edition.
        #[cfg_attr(test, schema(schema_with = super::literal_true))]
        pub is_variant: bool,
        /// The main event's id.
        pub parent_id: u64,
        pub timezone: String,
        pub start_date: String,
        pub end_date: String,
        pub from_time: String,
        pub to_time: String,
        pub start_datetime: String,
        pub end_datetime: String,
        #[cfg_attr(test, schema(schema_with = super::count_or_false))]
        pub capacity: FalseOr<u64>,
        #[cfg_attr(test, schema(schema_with = super::timestamp_or_false))]
        pub sales_start: FalseOr<String>,
        #[cfg_attr(test, schema(schema_with = super::timestamp_or_false))]
        pub sales_end: FalseOr<String>,
    }
    tickets_cancelled
}

/// A ticket (an enrollment): `GET /events/{id}/tickets`,
/// `GET /events/tickets/{ticket_id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct Ticket {
    #[cfg_attr(test, schema(required = true))]
    pub id: u64,
    /// `TK-000123`.
    pub number: String,
    /// `paid`, `free`, `courtesy`, …
    pub enrollment_type: String,
    pub attendee: TicketAttendee,
    pub creation_date: String,
    /// `confirmed`, `open`, `pending`, `cancelled` or `unenrolled`.
    pub status: String,
    /// `api`, `web`, …
    pub data_source_type: String,
    pub event: TicketEvent,
    pub source: TicketSource,
    /// The order that holds the ticket; `null` when none does (a ticket
    /// enrolled through the API).
    pub order: Option<TicketOrder>,
    pub price: String,
    pub base_price: String,
    pub total_tickets: String,
}

/// Who holds a ticket: its customer.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct TicketAttendee {
    /// The customer's id.
    #[cfg_attr(test, schema(required = true))]
    pub id: u64,
    pub name: String,
    pub last_name: Option<String>,
    pub email: String,
    pub phone: Option<String>,
}

/// The edition a ticket is for (the event itself when it has no editions).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct TicketEvent {
    /// The edition's id.
    #[cfg_attr(test, schema(required = true))]
    pub id: u64,
    pub hash: String,
    pub name: String,
    /// The main event's id; `null` for an event without editions.
    pub parent_id: Option<u64>,
    pub start_datetime: String,
    pub end_datetime: String,
    pub timezone: String,
}

/// Where a ticket came from.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct TicketSource {
    pub id: u64,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
}

/// The order that holds a ticket (`GET /orders/{id}` answers it).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct TicketOrder {
    pub id: u64,
    pub hash: String,
    pub number: String,
}
