//! Orders: the list item ([`Order`]) and the single record ([`OrderDetail`]).
//!
//! Required fields follow the spec's R marks. Objects whose inner fields the
//! spec does not show (a billing address, a gateway's configuration) stay
//! JSON values, shown raw by the detail view.
//!
//! The fields both hold are declared once (`listed_and_single!`, in
//! `model.rs`); each then has its own items and customer.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::envelope::Record;
use super::lenient::{Count, IntOrString, Money};

listed_and_single! {
    name: "order",
    shared {
        pub id: u64,
        pub hash: String,
        pub number: String,
        /// Open-ended (common, downloadable, elearning, event, bundle, session, …).
        #[serde(rename = "type")]
        pub kind: String,
        pub status: String,
        pub language_iso: Option<String>,
        pub creation_date: String,
        pub update_date: Option<String>,
        pub currency: Option<String>,
        pub currency_symbol: Option<String>,
        pub total_amount: Option<Money>,
        pub pay_url: Option<String>,
    }
    /// An order as the orders list shows it.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct Order {
        pub items: Vec<OrderItem>,
        pub customer: CustomerSummaryOrder,
    }
    /// A single order, with its items, customer, gateway and shipping in full.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct OrderDetail {
        pub source: Option<OrderSourceSummary>,
        pub items: Vec<OrderItemDetail>,
        pub customer: CustomerDetail,
        pub gateway: Option<GatewayDetail>,
        pub shipping: Option<ShippingDetail>,
    }
}

/// A line of an order in the orders list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderItem {
    pub id: u64,
    pub product_id: u64,
    pub ecommerce_type: String,
    pub name: String,
    pub quantity: Count,
    pub price: Money,
    pub sku: Option<String>,
    pub unit_price: Option<Money>,
}

/// The customer inside an order of the orders list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CustomerSummaryOrder {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub creation_date: String,
    pub update_date: String,
    pub active: bool,
    pub is_guest: bool,
    pub has_password: bool,
    pub stage: String,
    pub last_name: Option<String>,
    pub comment: Option<String>,
    pub birthdate: Option<String>,
    pub avatar_filename: Option<String>,
    /// The spec says integer here, but the single customer record sends it
    /// as an integer, a string or null, so both are read the same way.
    pub member_id: Option<IntOrString>,
    pub main_phone: Option<String>,
    pub categories: Option<Vec<Value>>,
    /// An array or an object, depending on whether any are set.
    pub metafields: Option<Value>,
}

/// A line of a single order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderItemDetail {
    pub id: u64,
    pub name: String,
    pub quantity: Count,
    pub price: Money,
    pub ecommerce_type: String,
    pub product_id: Option<u64>,
    pub unit_price: Option<Money>,
    pub sku: Option<String>,
    /// An object, a boolean or null; the object's fields are not shown.
    pub image: Option<Value>,
}

/// The customer of a single order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CustomerDetail {
    pub id: u64,
    pub email: String,
    pub name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<String>,
    pub creation_date: Option<String>,
    pub update_date: Option<String>,
    pub billing_address: Option<Value>,
}

/// How a single order is paid.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GatewayDetail {
    pub id: Option<IntOrString>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub name: Option<String>,
    pub instructions: Option<String>,
    pub configuration: Option<Value>,
}

/// How a single order is delivered.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ShippingDetail {
    pub status: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub recipient_name: Option<String>,
    pub recipient_phone: Option<String>,
    pub address: Option<Value>,
    pub name: Option<String>,
    pub shipping_provider_key: Option<String>,
    pub is_branch_pickup: Option<bool>,
}

/// Where a single order came from (a store, a channel).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OrderSourceSummary {
    pub id: Option<u64>,
    pub business_id: Option<u64>,
    pub name: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub slug: Option<String>,
    pub domain: Option<String>,
}
