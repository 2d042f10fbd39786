//! Products: the list item ([`Product`]) and the single record
//! ([`ProductDetail`]).
//!
//! `ProductDetail` holds `Product`'s fields, declared once for both
//! (`listed_and_single!`, in `model.rs`), rather than flattening them, so that a
//! bad field is reported by its own path (serde's flatten loses it).

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use super::envelope::Record;
use super::lenient::{self, Count, FalseOr, Money};

listed_and_single! {
    name: "product",
    /// A product as the products list shows it.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct Product {
        pub id: u64,
        pub business_id: u64,
        pub name: String,
        pub price: Money,
        pub currency: String,
        pub ecommerce_type: String,
        pub active: bool,
        pub hash: Option<String>,
        pub slug: Option<String>,
        pub base_price: Option<Money>,
        pub tags: Option<String>,
        pub short_description: Option<String>,
        pub price_min: Option<Money>,
        pub price_max: Option<Money>,
        pub prices_list_key: Option<String>,
        pub compare_at_price: Option<Money>,
        pub sku: Option<String>,
        pub vendor: Option<String>,
        pub price_varies: Option<bool>,
        pub price_visible: Option<bool>,
        pub is_variant: Option<bool>,
        pub has_variants: Option<bool>,
        pub subscription_only: Option<bool>,
        pub requires_shipping: Option<bool>,
        pub volume_pricing_enabled: Option<bool>,
        pub free_shipping: Option<bool>,
        pub require_login: Option<bool>,
        pub double_opt_in: Option<bool>,
        pub stock_management: Option<bool>,
        pub is_buyable: Option<bool>,
        pub published: Option<bool>,
        #[serde(default, deserialize_with = "lenient::opt_count")]
        pub rating: Option<Count>,
        #[serde(default, deserialize_with = "lenient::opt_count")]
        pub reviews: Option<Count>,
        #[serde(default, deserialize_with = "lenient::opt_count")]
        pub sales: Option<Count>,
        pub weight: Option<f64>,
        pub length: Option<f64>,
        pub width: Option<f64>,
        pub height: Option<f64>,
        pub weight_unit: Option<String>,
        /// `false` when the product has no image.
        #[serde(default)]
        pub image: FalseOr<ProductImage>,
        /// Keyed by channel id.
        #[serde(default, deserialize_with = "channels_by_id")]
        pub sales_channel: Option<BTreeMap<String, SalesChannel>>,
        pub categories: Option<Vec<Value>>,
    }
    /// A single product: every [`Product`] field and the detail-only ones.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct ProductDetail: Product {
        pub description: Option<String>,
        pub images: Option<Vec<ProductImage>>,
        pub category: Option<Value>,
        pub seller: Option<Value>,
        /// `false` when the product has no variants.
        #[serde(default)]
        pub variants: FalseOr<Vec<Value>>,
        pub related_products: Option<Vec<Value>>,
        pub stock_warehouses: Option<Vec<Value>>,
        pub customers_permissions: Option<Vec<Value>>,
        /// A boolean or an object; kept as sent.
        pub default_variant: Option<Value>,
        pub metafields: Option<Value>,
        /// A boolean or an object; kept as sent.
        pub by_business_gateways: Option<Value>,
        /// A boolean or an object; kept as sent.
        pub promotional_video: Option<Value>,
        pub welcome_email_message: Option<String>,
    }
}

/// A product picture; courses use the same shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductImage {
    pub id: u64,
    pub file_name: String,
    /// The picture's URL.
    pub source: String,
    pub order: Count,
}

/// A sales channel a product is offered on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SalesChannel {
    pub id: u64,
    pub name: String,
    pub is_buyable: bool,
}

/// Reads `sales_channel` as a map keyed by channel id, also from an array:
/// `metafields` shows the service may send an empty map as `[]`, so we accept
/// that here too (our reading); a non-empty array is keyed by channel id.
fn channels_by_id<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<BTreeMap<String, SalesChannel>>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Shape {
        ById(BTreeMap<String, SalesChannel>),
        List(Vec<SalesChannel>),
    }
    match Option::<Shape>::deserialize(deserializer) {
        Ok(None) => Ok(None),
        Ok(Some(Shape::ById(map))) => Ok(Some(map)),
        Ok(Some(Shape::List(list))) => Ok(Some(
            list.into_iter().map(|c| (c.id.to_string(), c)).collect(),
        )),
        Err(_) => Err(serde::de::Error::custom(
            "expected an object of sales channels keyed by id, or an array of them",
        )),
    }
}
