//! Orders: the list item and the single record, with their parts.

use serde::{Deserialize, Serialize};
use serde_json::Value;
#[cfg(test)]
use utoipa::ToSchema;

use super::IntOrString;
use super::customer::empty_array;

/// The fields an order's list item and its single record share, in the
/// order the API writes them; `pay_url` first among each one's own, typed
/// by each.
macro_rules! order_head {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(#[$pay_doc:meta])*
            pub pay_url: $pay:ty,
            $($own:tt)*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            pub id: u64,
            /// A short public identifier.
            pub hash: String,
            /// The number the business shows (`#10001`).
            pub number: String,
            /// `common`, `downloadable`, `elearning`, `event`, `bundle`, `session`, …
            #[serde(rename = "type")]
            pub kind: String,
            /// `open`, …
            pub status: String,
            #[serde(default)]
            pub language_iso: String,
            pub creation_date: String,
            #[serde(default)]
            pub update_date: String,
            #[serde(default)]
            pub currency: String,
            #[serde(default)]
            pub currency_symbol: String,
            /// A decimal as a string.
            #[serde(default)]
            pub total_amount: String,
            $(#[$pay_doc])*
            #[serde(default)]
            pub pay_url: $pay,
            $($own)*
        }
    };
}

order_head! {
    /// An order in `GET /orders` and in a customer's `orders`.
    #[derive(Debug, Clone, Default, Serialize, Deserialize)]
    #[cfg_attr(test, derive(ToSchema))]
    pub struct Order {
        pub pay_url: String,
        pub items: Vec<OrderItem>,
        pub customer: OrderCustomer,
    }
}

/// A line of an order in the list.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct OrderItem {
    pub id: u64,
    pub product_id: u64,
    /// `retail`, …
    pub ecommerce_type: String,
    pub name: String,
    pub quantity: u64,
    pub price: String,
    #[serde(default)]
    pub sku: String,
    #[serde(default)]
    pub unit_price: String,
}

/// The customer inside an order of the list (the spec's
/// `CustomerSummaryOrder`).
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct OrderCustomer {
    pub id: u64,
    pub name: String,
    #[cfg_attr(test, schema(format = Email))]
    pub email: String,
    pub creation_date: String,
    pub update_date: String,
    pub active: bool,
    pub is_guest: bool,
    pub has_password: bool,
    pub stage: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub comment: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub birthdate: Option<String>,
    #[serde(default)]
    pub avatar_filename: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub member_id: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub main_phone: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub categories: Vec<Value>,
    #[serde(default = "empty_array")]
    #[cfg_attr(test, schema(schema_with = super::array_or_object))]
    pub metafields: Value,
}

order_head! {
    /// `GET /orders/{id}`: the list item's required fields, with detailed
    /// items, the customer's details, and where it came from, how it is paid
    /// and shipped.
    #[derive(Debug, Clone, Default, Serialize, Deserialize)]
    #[cfg_attr(test, derive(ToSchema))]
    pub struct OrderDetail {
        /// `null` once the order is paid.
        pub pay_url: Option<String>,
        pub items: Vec<OrderItemDetail>,
        pub customer: OrderDetailCustomer,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, schema(nullable = false))]
        pub source: Option<OrderSource>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, schema(nullable = false))]
        pub gateway: Option<Gateway>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, schema(nullable = false))]
        pub shipping: Option<Shipping>,
    }
}

/// A line of a single order.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct OrderItemDetail {
    pub id: u64,
    pub name: String,
    pub quantity: u64,
    pub price: String,
    pub ecommerce_type: String,
    #[serde(default)]
    pub product_id: u64,
    #[serde(default)]
    pub unit_price: String,
    #[serde(default)]
    pub sku: Option<String>,
    /// A product image, `false` or `null`.
    #[serde(default)]
    #[cfg_attr(test, schema(schema_with = super::object_boolean_or_null))]
    pub image: Value,
}

/// The customer of a single order (the spec's `CustomerDetail`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct OrderDetailCustomer {
    pub id: u64,
    #[cfg_attr(test, schema(format = Email))]
    pub email: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub creation_date: Option<String>,
    #[serde(default)]
    pub update_date: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, schema(schema_with = super::object_or_null))]
    pub billing_address: Value,
}

/// Where an order was placed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct OrderSource {
    pub id: u64,
    pub business_id: u64,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub slug: String,
    pub domain: String,
}

/// How an order is paid.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Gateway {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(schema_with = super::int_or_string))]
    pub id: Option<IntOrString>,
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub instructions: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, schema(schema_with = super::object_or_null))]
    pub configuration: Value,
}

/// How an order is shipped.
#[allow(clippy::struct_field_names)]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct Shipping {
    pub status: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub recipient_name: Option<String>,
    pub recipient_phone: Option<String>,
    #[cfg_attr(test, schema(schema_with = super::object_or_null))]
    pub address: Value,
    pub name: Option<String>,
    pub shipping_provider_key: String,
    pub is_branch_pickup: bool,
}

impl OrderDetail {
    /// An order's single record made of its list item (an export made
    /// `--lists-only`).
    pub fn of_listed(o: &Order) -> Self {
        Self {
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
                .map(|i| OrderItemDetail {
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
            customer: OrderDetailCustomer {
                creation_date: Some(o.customer.creation_date.clone()),
                update_date: Some(o.customer.update_date.clone()),
                ..OrderDetailCustomer::default()
            },
            source: None,
            gateway: None,
            shipping: None,
        }
    }
}

impl Order {
    /// An order's list item made of its single record.
    pub fn of_detail(d: &OrderDetail) -> Self {
        Self {
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
                .map(|i| OrderItem {
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
            customer: OrderCustomer::default(),
        }
    }
}
