//! The schemas the derive cannot say: literals, "integer or string", `false`
//! or a value, untyped JSON. Test builds only (`openapi.rs`).

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type,
};

fn typed(t: Type) -> Schema {
    ObjectBuilder::new().schema_type(t).build().into()
}

/// A value of any of `types` (`"type": [..]`).
pub fn typed_any(types: &[Type]) -> Schema {
    ObjectBuilder::new()
        .schema_type(types.iter().cloned().collect::<SchemaType>())
        .build()
        .into()
}

/// `integer` or `string`.
pub fn int_or_string() -> Schema {
    OneOfBuilder::new()
        .item(typed(Type::Integer))
        .item(typed(Type::String))
        .build()
        .into()
}

/// `integer`, `string` or `null`.
pub fn int_or_string_or_null() -> Schema {
    OneOfBuilder::new()
        .item(typed(Type::Integer))
        .item(typed(Type::String))
        .item(typed(Type::Null))
        .build()
        .into()
}

/// The literal `false`.
pub fn literal_false() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Boolean)
        .enum_values(Some([false]))
        .build()
        .into()
}

/// The literal `true`.
pub fn literal_true() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Boolean)
        .enum_values(Some([true]))
        .build()
        .into()
}

/// `false` (unset) or `schema`.
pub fn false_or(schema: impl Into<RefOr<Schema>>) -> Schema {
    OneOfBuilder::new()
        .item(literal_false())
        .item(schema)
        .build()
        .into()
}

/// A count, or `false` when unlimited.
pub fn count_or_false() -> Schema {
    false_or(
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(0))
            .build(),
    )
}

/// A timestamp, or `false` when unset.
pub fn timestamp_or_false() -> Schema {
    false_or(typed(Type::String))
}

/// Any object.
pub fn object() -> Schema {
    typed(Type::Object)
}

/// Any object, or `null`.
pub fn object_or_null() -> Schema {
    typed_any(&[Type::Object, Type::Null])
}

/// An object, a boolean or `null` (an order line's image).
pub fn object_boolean_or_null() -> Schema {
    typed_any(&[Type::Object, Type::Boolean, Type::Null])
}

/// A boolean or an object.
pub fn boolean_or_object() -> Schema {
    typed_any(&[Type::Boolean, Type::Object])
}

/// An array of anything.
pub fn array() -> Schema {
    ArrayBuilder::new().build().into()
}

/// An array or an object (`metafields`).
pub fn array_or_object() -> Schema {
    OneOfBuilder::new()
        .item(array())
        .item(object())
        .build()
        .into()
}

/// The literal `ERROR`.
pub fn error_status() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(["ERROR"]))
        .build()
        .into()
}

/// The literal `OK`.
pub fn ok_status() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(["OK"]))
        .build()
        .into()
}
