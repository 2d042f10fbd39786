//! Events, their editions (variants) and tickets (enrollments).
//!
//! The spec gives the Event and Ticket fields without saying which are
//! required; we require only `id` and type-check the rest, so one odd field in
//! one record never hides a whole list. Edition and the ticket's inner objects
//! are "not shown" by the spec: their shapes here are our reading
//! (docs/wire-contract.md#records-where-the-spec-does-not-show-fields).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::envelope::Record;
use super::lenient::{self, Count, FalseOr, Loose, Money};

/// The event and edition counters (`tickets_*`, `stock_*`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Counters {
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub total_tickets: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub tickets_confirmed: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub tickets_open: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub tickets_cancelled: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub tickets_pending: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub stock_available: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub stock_quantity_warning: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub stock_onhand: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub stock_committed: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub stock_incoming: Option<Count>,
}

/// An event (the main record); its editions are [`Edition`]s.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub id: u64,
    pub hash: Option<String>,
    pub name: Option<String>,
    pub short_description: Option<String>,
    pub sku: Option<String>,
    pub slug: Option<String>,
    pub tags: Option<String>,
    pub vendor: Option<String>,
    pub instructions: Option<String>,
    pub attendee_emails: Option<String>,
    pub price: Option<Money>,
    pub price_min: Option<Money>,
    pub price_max: Option<Money>,
    pub base_price: Option<Money>,
    pub compare_at_price: Option<Money>,
    pub prices_list_key: Option<String>,
    pub currency: Option<String>,
    pub ecommerce_type: Option<String>,
    pub price_varies: Option<bool>,
    pub price_visible: Option<bool>,
    pub subscription_only: Option<bool>,
    pub active: Option<bool>,
    pub egift: Option<bool>,
    pub is_variant: Option<bool>,
    pub has_variants: Option<bool>,
    pub double_opt_in: Option<bool>,
    pub is_online: Option<bool>,
    pub schedule_visible: Option<bool>,
    pub has_different_schedules: Option<bool>,
    pub stock_management: Option<bool>,
    pub stock_overselling: Option<bool>,
    pub is_buyable: Option<bool>,
    pub published: Option<bool>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub rating: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub reviews: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub sales: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub min_purchase_quantity: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub max_purchase_quantity: Option<Count>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub total_days: Option<Count>,
    /// Inner fields not shown by the spec; `false` accepted for "none".
    #[serde(default)]
    pub image: FalseOr<Value>,
    pub location: Option<Value>,
    pub sales_channel: Option<Value>,
    pub location_type: Option<String>,
    pub schedule_type: Option<String>,
    pub timezone: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub from_time: Option<String>,
    pub to_time: Option<String>,
    pub start_datetime: Option<String>,
    pub end_datetime: Option<String>,
    #[serde(default)]
    pub sales_start: Loose<String>,
    #[serde(default)]
    pub sales_end: Loose<String>,
    #[serde(default)]
    pub capacity: Loose<Count>,
    pub weekdays: Option<Vec<Value>>,
    pub days: Option<Vec<Value>>,
    pub speakers: Option<Vec<Value>>,
    pub categories: Option<Vec<Value>>,
    pub internal_version: Option<String>,
    #[serde(flatten)]
    pub counters: Counters,
}

impl Record for Event {
    const NAME: &'static str = "event";
    fn id(&self) -> u64 {
        self.id
    }
}

/// An edition (variant) of an event: an event-like record in which every
/// field but `id` is optional (our reading; the spec does not show it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Edition {
    pub id: u64,
    pub hash: Option<String>,
    pub name: Option<String>,
    pub sku: Option<String>,
    pub price: Option<Money>,
    pub currency: Option<String>,
    pub active: Option<bool>,
    pub published: Option<bool>,
    pub timezone: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub from_time: Option<String>,
    pub to_time: Option<String>,
    pub start_datetime: Option<String>,
    pub end_datetime: Option<String>,
    #[serde(default)]
    pub capacity: Loose<Count>,
    #[serde(default)]
    pub sales_start: Loose<String>,
    #[serde(default)]
    pub sales_end: Loose<String>,
    #[serde(flatten)]
    pub counters: Counters,
}

impl Record for Edition {
    const NAME: &'static str = "edition";
    fn id(&self) -> u64 {
        self.id
    }
}

/// The person a ticket admits (inner fields not shown by the spec).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Attendee {
    #[serde(default, deserialize_with = "lenient::opt_id")]
    pub id: Option<u64>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub last_name: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub email: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub phone: Option<String>,
}

impl Attendee {
    /// "Name Last-name", whichever parts there are.
    pub fn full_name(&self) -> String {
        let parts = [self.name.as_deref(), self.last_name.as_deref()];
        parts
            .into_iter()
            .flatten()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The edition a ticket belongs to, as the ticket carries it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TicketEvent {
    #[serde(default, deserialize_with = "lenient::opt_id")]
    pub id: Option<u64>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub hash: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub name: Option<String>,
    /// The main event's id when the ticket's event is an edition.
    #[serde(default, deserialize_with = "lenient::opt_id")]
    pub parent_id: Option<u64>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub start_datetime: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub end_datetime: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub timezone: Option<String>,
}

/// The order a ticket came from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TicketOrder {
    #[serde(default, deserialize_with = "lenient::opt_id")]
    pub id: Option<u64>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub hash: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub number: Option<String>,
}

/// A ticket (an enrollment in an edition).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ticket {
    pub id: u64,
    pub number: Option<String>,
    pub enrollment_type: Option<String>,
    pub attendee: Option<Attendee>,
    pub creation_date: Option<String>,
    pub status: Option<String>,
    pub data_source_type: Option<String>,
    pub event: Option<TicketEvent>,
    /// Inner fields not shown by the spec.
    pub source: Option<Value>,
    pub order: Option<TicketOrder>,
    pub price: Option<Money>,
    pub base_price: Option<Money>,
    #[serde(default, deserialize_with = "lenient::opt_count")]
    pub total_tickets: Option<Count>,
}

impl Ticket {
    /// True once the ticket has been revoked.
    pub fn is_unenrolled(&self) -> bool {
        self.status.as_deref() == Some("unenrolled")
    }
}

impl Record for Ticket {
    const NAME: &'static str = "ticket";
    fn id(&self) -> u64 {
        self.id
    }
}
