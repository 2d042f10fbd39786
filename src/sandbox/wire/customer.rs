//! Customers: the list item and the single record.

use serde::{Deserialize, Serialize};
use serde_json::Value;
#[cfg(test)]
use utoipa::ToSchema;

use super::{IntOrString, Order};

/// A customer in `GET /customers`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CustomerSummary {
    pub id: u64,
    #[cfg_attr(test, schema(format = Email))]
    pub email: String,
    #[serde(default)]
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub last_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub phone: Option<String>,
}

pub(super) fn empty_array() -> Value {
    Value::Array(Vec::new())
}

/// `GET /customers/{id}`: the list item's fields and the rest, all optional.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Customer {
    #[serde(flatten)]
    pub summary: CustomerSummary,
    #[serde(flatten)]
    pub more: CustomerMore,
}

/// What the single customer adds to the list item.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CustomerMore {
    #[serde(default)]
    pub identification: Option<String>,
    #[serde(default)]
    pub identification_type: Option<String>,
    #[serde(default)]
    pub company: Option<String>,
    #[serde(default)]
    pub tax_treatment: Option<String>,
    #[serde(default)]
    pub tax_id_type: Option<String>,
    #[serde(default)]
    pub tax_id_number: Option<String>,
    #[serde(default)]
    pub language: String,
    #[serde(default)]
    #[cfg_attr(test, schema(schema_with = super::int_or_string_or_null))]
    pub member_id: Option<IntOrString>,
    #[serde(default)]
    pub autologin_hash: Option<String>,
    #[serde(default)]
    pub is_seller: bool,
    #[serde(default)]
    pub contacts: Vec<Contact>,
    #[serde(default)]
    pub addresses: Vec<CustomerAddress>,
    /// The customer's orders, as the orders list writes them.
    #[serde(default)]
    pub orders: Vec<Order>,
    #[serde(default)]
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub categories: Vec<Value>,
    #[serde(default = "empty_array")]
    #[cfg_attr(test, schema(schema_with = super::array_or_object))]
    pub metafields: Value,
    #[serde(default)]
    #[cfg_attr(test, schema(schema_with = super::object_or_null))]
    pub seller: Value,
    #[serde(default)]
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub subscriptions: Vec<Value>,
}

/// A phone, an e-mail, …
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Contact {
    pub id: u64,
    #[serde(rename = "type")]
    pub kind: ContactType,
    pub value: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct ContactType {
    #[cfg_attr(test, schema(schema_with = super::int_or_string))]
    pub id: IntOrString,
    /// `phone`, `email`, …
    pub key: String,
    pub name: String,
}

/// One of a customer's addresses.
#[allow(clippy::struct_field_names)]
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct CustomerAddress {
    pub id: u64,
    pub label: String,
    pub street: String,
    pub number: String,
    pub city: String,
    pub zip_code: String,
    pub is_billing_address: bool,
    pub is_shipping_address: bool,
    #[serde(default)]
    pub city_id: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub state: Option<AddressState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub country: Option<AddressCountry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub latitude: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub longitude: Option<f64>,
    #[serde(default)]
    pub floor: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intersections: Option<String>,
    #[serde(default)]
    pub observations: Option<String>,
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identification_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identification: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub company: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    #[serde(default = "empty_array")]
    #[cfg_attr(test, schema(schema_with = super::array_or_object))]
    pub metafields: Value,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct AddressState {
    pub id: u64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct AddressCountry {
    pub id: u64,
    pub name: String,
    pub code: String,
}
