//! Customers: the list item ([`CustomerSummary`]) and the single record
//! ([`Customer`]) with its contacts and addresses.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::envelope::Record;
use super::lenient::IntOrString;
use super::order::Order;

/// A customer as the customers list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CustomerSummary {
    pub id: u64,
    pub email: String,
    pub name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<String>,
}

impl Record for CustomerSummary {
    const NAME: &'static str = "customer";
    fn id(&self) -> u64 {
        self.id
    }
}

/// A single customer: the summary's fields (repeated rather than flattened,
/// so a bad field is reported by its own path) and everything else.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Customer {
    pub id: u64,
    pub email: String,
    pub name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<String>,
    pub identification: Option<String>,
    pub identification_type: Option<String>,
    pub company: Option<String>,
    pub tax_treatment: Option<String>,
    pub tax_id_type: Option<String>,
    pub tax_id_number: Option<String>,
    pub language: Option<String>,
    pub member_id: Option<IntOrString>,
    pub autologin_hash: Option<String>,
    pub is_seller: Option<bool>,
    pub contacts: Option<Vec<CustomerContact>>,
    pub addresses: Option<Vec<CustomerAddress>>,
    pub orders: Option<Vec<Order>>,
    pub categories: Option<Vec<Value>>,
    /// An array or an object, depending on whether any are set.
    pub metafields: Option<Value>,
    pub seller: Option<Value>,
    pub subscriptions: Option<Vec<Value>>,
}

impl Record for Customer {
    const NAME: &'static str = "customer";
    fn id(&self) -> u64 {
        self.id
    }
}

/// One way to reach a customer (a phone, a messenger handle, …).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CustomerContact {
    pub id: u64,
    #[serde(rename = "type")]
    pub kind: ContactType,
    pub value: String,
}

/// The kind of a [`CustomerContact`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContactType {
    pub id: IntOrString,
    pub key: String,
    pub name: String,
}

/// A postal address of a customer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CustomerAddress {
    pub id: u64,
    pub city: String,
    pub zip_code: String,
    pub street: String,
    pub number: String,
    pub label: String,
    pub is_billing_address: bool,
    pub is_shipping_address: bool,
    pub city_id: Option<u64>,
    pub state: Option<AddressState>,
    pub country: Option<AddressCountry>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub floor: Option<String>,
    pub intersections: Option<String>,
    pub observations: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub identification_type: Option<String>,
    pub identification: Option<String>,
    pub company: Option<String>,
    pub phone: Option<String>,
    /// An array or an object, depending on whether any are set.
    pub metafields: Option<Value>,
}

/// The state or province of an address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AddressState {
    pub id: u64,
    pub name: String,
}

/// The country of an address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AddressCountry {
    pub id: u64,
    pub name: String,
    pub code: String,
}
