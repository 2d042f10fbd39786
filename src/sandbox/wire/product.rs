//! Products: the list item and the single record.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
#[cfg(test)]
use utoipa::ToSchema;

use super::FalseOr;

/// A product image (also a course's).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Image {
    pub id: u64,
    pub file_name: String,
    /// A URL.
    pub source: String,
    pub order: u64,
}

/// One sales channel of a product, keyed by its id in `sales_channel`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct SalesChannel {
    pub id: u64,
    pub name: String,
    pub is_buyable: bool,
}

/// A product in `GET /products`.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Product {
    pub id: u64,
    pub business_id: u64,
    pub name: String,
    pub price: String,
    pub currency: String,
    /// `retail`, …
    pub ecommerce_type: String,
    pub active: bool,
    #[serde(default)]
    pub hash: String,
    #[serde(default)]
    pub slug: String,
    #[serde(default)]
    pub base_price: String,
    #[serde(default)]
    pub tags: String,
    #[serde(default)]
    pub short_description: Option<String>,
    #[serde(default)]
    pub price_min: Option<String>,
    #[serde(default)]
    pub price_max: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prices_list_key: Option<String>,
    #[serde(default)]
    pub compare_at_price: Option<String>,
    #[serde(default)]
    pub sku: Option<String>,
    #[serde(default)]
    pub vendor: Option<String>,
    #[serde(default)]
    pub price_varies: bool,
    #[serde(default)]
    pub price_visible: bool,
    #[serde(default)]
    pub is_variant: bool,
    #[serde(default)]
    pub has_variants: bool,
    #[serde(default)]
    pub subscription_only: bool,
    #[serde(default)]
    pub requires_shipping: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub volume_pricing_enabled: Option<bool>,
    #[serde(default)]
    pub free_shipping: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub require_login: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub double_opt_in: Option<bool>,
    #[serde(default)]
    pub stock_management: bool,
    #[serde(default)]
    pub is_buyable: bool,
    #[serde(default)]
    pub published: bool,
    #[serde(default)]
    pub rating: u64,
    #[serde(default)]
    pub reviews: u64,
    #[serde(default)]
    pub sales: u64,
    #[serde(default)]
    pub weight: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub length: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub width: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, schema(nullable = false))]
    pub height: Option<f64>,
    #[serde(default)]
    pub weight_unit: String,
    #[serde(default)]
    #[cfg_attr(test, schema(schema_with = image_or_false))]
    pub image: FalseOr<Image>,
    /// Keyed by the channel's id.
    #[serde(default)]
    pub sales_channel: BTreeMap<String, SalesChannel>,
    #[serde(default)]
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub categories: Vec<Value>,
}

#[cfg(test)]
fn image_or_false() -> utoipa::openapi::schema::Schema {
    super::false_or(<Image as utoipa::PartialSchema>::schema())
}

/// `GET /products/{id}`: the list item's fields and the rest, all optional.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct ProductDetail {
    #[serde(flatten)]
    pub product: Product,
    #[serde(flatten)]
    pub more: ProductMore,
}

/// What the single product adds to the list item.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(default)]
pub struct ProductMore {
    /// HTML.
    pub description: Option<String>,
    pub images: Vec<Image>,
    #[cfg_attr(test, schema(schema_with = super::object_or_null))]
    pub category: Value,
    #[cfg_attr(test, schema(schema_with = super::object_or_null))]
    pub seller: Value,
    #[cfg_attr(test, schema(schema_with = variants_or_false))]
    pub variants: FalseOr<Vec<Value>>,
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub related_products: Vec<Value>,
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub stock_warehouses: Vec<Value>,
    #[cfg_attr(test, schema(value_type = Vec<Object>))]
    pub customers_permissions: Vec<Value>,
    #[cfg_attr(test, schema(schema_with = super::boolean_or_object))]
    pub default_variant: Value,
    #[cfg_attr(test, schema(schema_with = super::object_or_null))]
    pub metafields: Value,
    #[cfg_attr(test, schema(schema_with = super::boolean_or_object))]
    pub by_business_gateways: Value,
    #[cfg_attr(test, schema(schema_with = super::boolean_or_object))]
    pub promotional_video: Value,
    pub welcome_email_message: Option<String>,
}

impl Default for ProductMore {
    fn default() -> Self {
        Self {
            description: None,
            images: Vec::new(),
            category: Value::Null,
            seller: Value::Null,
            variants: FalseOr::False,
            related_products: Vec::new(),
            stock_warehouses: Vec::new(),
            customers_permissions: Vec::new(),
            default_variant: Value::Bool(false),
            metafields: Value::Null,
            by_business_gateways: Value::Bool(false),
            promotional_video: Value::Bool(false),
            welcome_email_message: None,
        }
    }
}

#[cfg(test)]
fn variants_or_false() -> utoipa::openapi::schema::Schema {
    super::false_or(super::array())
}
