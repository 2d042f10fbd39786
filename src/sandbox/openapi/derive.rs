//! The OpenAPI document derived again from the router's operation table
//! and the schemas of the types its handlers answer (`wire`, with
//! utoipa's `ToSchema`), and checked against the file the sandbox serves:
//! an operation or a field cannot be served without being described.

use utoipa::openapi::path::{
    HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem,
};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::schema::{
    AllOfBuilder, ArrayBuilder, ComponentsBuilder, ObjectBuilder, Ref, Schema, Type,
};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{
    Content, InfoBuilder, OpenApi, OpenApiBuilder, PathsBuilder, RefOr, Required,
};

use super::OPENAPI_PATH;
use crate::sandbox::operations::{
    self, Answer, DEFAULT_SIZE, MAX_SIZE, Operation, Schemas, schema_of,
};
use crate::sandbox::wire;

const KEY_SCHEME: &str = "apiKey";

fn integer(min: i64) -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(min))
        .build()
        .into()
}

fn integer_or_null() -> Schema {
    wire::typed_any(&[Type::Integer, Type::Null])
}

/// `{status: "OK", data: T}`.
fn one(data: RefOr<Schema>) -> Schema {
    ObjectBuilder::new()
        .property("status", wire::ok_status())
        .required("status")
        .property("data", data)
        .required("data")
        .build()
        .into()
}

/// `{status: "OK", data: [T], countFiltered, count, previous, current, pages, next}`.
fn list(item: RefOr<Schema>) -> Schema {
    let mut object = ObjectBuilder::new()
        .property("status", wire::ok_status())
        .property("data", ArrayBuilder::new().items(item).build())
        .property("countFiltered", wire::int_or_string())
        .property("count", wire::int_or_string())
        .property("previous", integer_or_null())
        .property("current", integer(1))
        .property("pages", integer(0))
        .property("next", integer_or_null());
    for field in [
        "status",
        "data",
        "countFiltered",
        "count",
        "previous",
        "current",
        "pages",
        "next",
    ] {
        object = object.required(field);
    }
    object.build().into()
}

/// `{status: "OK"}`.
fn done() -> Schema {
    ObjectBuilder::new()
        .property("status", wire::ok_status())
        .required("status")
        .build()
        .into()
}

/// The error body, its `errors[].code` one of `codes`.
fn error_with(codes: &[u32]) -> Schema {
    let code = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .enum_values(Some(codes.iter().copied()));
    let item = ObjectBuilder::new().property("code", code);
    let errors = ObjectBuilder::new().property("errors", ArrayBuilder::new().items(item));
    AllOfBuilder::new()
        .item(Ref::from_schema_name("ErrorBody"))
        .item(errors)
        .build()
        .into()
}

fn json_content(schema: impl Into<RefOr<Schema>>) -> Content {
    Content::new(Some(schema))
}

fn error_response(description: &str, codes: &[u32]) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", json_content(error_with(codes)))
        .build()
}

fn path_parameter(name: &str) -> ParameterBuilder {
    let (description, schema): (&str, Schema) = if name == "event_id" {
        (
            "A main event's or an edition's id, or a main event's hash",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .build()
                .into(),
        )
    } else {
        ("The record's id", integer(1))
    };
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .description(Some(description))
        .schema(Some(schema))
}

fn query_parameter(name: &str, description: &str, default: usize) -> ParameterBuilder {
    let schema = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(1))
        .default(Some(default.into()));
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .description(Some(description))
        .schema(Some(schema))
}

fn operation(op: &Operation, schemas: &mut Schemas) -> utoipa::openapi::path::Operation {
    let mut builder = OperationBuilder::new()
        .operation_id(Some(op.doc.id))
        .summary(Some(op.doc.summary))
        .tag(op.doc.path.split('/').nth(1).unwrap_or("events"));
    for part in op.doc.path.split('/') {
        if let Some(name) = part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
            builder = builder.parameter(path_parameter(name));
        }
    }
    if let Some(size) = op.doc.page_size {
        builder = builder.parameter(query_parameter("page", "The page, from 1", 1));
        if let Some(key) = size.key() {
            let what = format!(
                "Records per page; larger values are taken as {MAX_SIZE} (the most a page holds)"
            );
            builder = builder.parameter(query_parameter(key, &what, DEFAULT_SIZE));
        }
    }
    if let Some(body) = op.doc.body {
        builder = builder.request_body(Some(
            RequestBodyBuilder::new()
                .required(Some(Required::True))
                .content("application/json", json_content(body(schemas)))
                .build(),
        ));
    }
    let ok = match op.doc.answer {
        Answer::One(data) => one(data(schemas)),
        Answer::List(item) => list(item(schemas)),
        Answer::Done => done(),
    };
    builder = builder.response(
        "200",
        ResponseBuilder::new()
            .description("OK")
            .content("application/json", json_content(ok)),
    );
    if !op.doc.codes.is_empty() {
        let codes: Vec<String> = op.doc.codes.iter().map(u32::to_string).collect();
        let description = format!(
            "Refused (code {}; docs/sandbox.md, \"Error codes\")",
            codes.join(", ")
        );
        builder = builder.response("400", error_response(&description, op.doc.codes));
    }
    builder
        .response("401", error_response("No X-API-Key header", &[401]))
        .response("403", error_response("Wrong API key", &[403]))
        .response(
            "429",
            error_response("Rate limit fault (Retry-After: 1)", &[429]),
        )
        .response("500", error_response("Fail-rate fault", &[500]))
        .response("503", error_response("Fail-rate fault", &[503]))
        .build()
}

fn method(m: &axum::http::Method) -> HttpMethod {
    match *m {
        axum::http::Method::POST => HttpMethod::Post,
        axum::http::Method::PUT => HttpMethod::Put,
        axum::http::Method::DELETE => HttpMethod::Delete,
        _ => HttpMethod::Get,
    }
}

const DESCRIPTION: &str = "The boxoffice sandbox: the Storefront Public API served by an in-memory \
store (a seeded demo business, or the records of an export). Every operation needs the key in the \
X-API-Key header, except this document. A path that is not listed here answers 404, a listed path \
with another method 405 (with Allow), both with code 1000 in the error body. Lists take `page` \
(from 1) and a page size (default 25, at most 100: larger values are taken as 100); 0 or a \
non-number is refused with code 1005. The answers' quirks are on purpose: `count` and \
`countFiltered` may be strings, unset capacities and sales dates are `false`.";

/// The whole document.
pub fn document() -> OpenApi {
    let mut schemas: Schemas = Vec::new();
    schema_of::<wire::ErrorBody>(&mut schemas);
    let mut paths = PathsBuilder::new();
    let mut items: Vec<(&str, PathItem)> = Vec::new();
    for op in operations::operations() {
        let operation = operation(op, &mut schemas);
        match items.iter_mut().find(|(path, _)| *path == op.doc.path) {
            Some((_, item)) => item.merge_operations(PathItem::new(method(&op.method), operation)),
            None => items.push((op.doc.path, PathItem::new(method(&op.method), operation))),
        }
    }
    let describe_self = OperationBuilder::new()
        .operation_id(Some("getOpenApi"))
        .summary(Some("This document (no key needed)"))
        .tag("sandbox")
        .securities(Some(Vec::<SecurityRequirement>::new()))
        .response(
            "200",
            ResponseBuilder::new()
                .description("The OpenAPI document")
                .content(
                    "application/json",
                    json_content(ObjectBuilder::new().schema_type(Type::Object).build()),
                ),
        )
        .build();
    items.push((OPENAPI_PATH, PathItem::new(HttpMethod::Get, describe_self)));
    for (path, item) in items {
        paths = paths.path(path, item);
    }
    let mut components = ComponentsBuilder::new().security_scheme(
        KEY_SCHEME,
        SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
            "X-API-Key",
            "The business's API key (the sandbox prints the one it takes)",
        ))),
    );
    // A type used by several operations is registered once.
    let mut seen = std::collections::HashSet::new();
    for (name, schema) in schemas {
        if seen.insert(name.clone()) {
            components = components.schema(name, schema);
        }
    }
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("Storefront Public API (boxoffice sandbox)")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(DESCRIPTION))
                .build(),
        )
        .paths(paths.build())
        .components(Some(components.build()))
        .security(Some([SecurityRequirement::new(
            KEY_SCHEME,
            Vec::<String>::new(),
        )]))
        .build()
}

/// The document as pretty JSON, as `openapi.json` holds it.
pub fn json() -> Vec<u8> {
    let mut bytes = document().to_pretty_json().unwrap_or_default().into_bytes();
    bytes.push(b'\n');
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_is_described_once() {
        let doc: serde_json::Value = serde_json::from_slice(&json()).unwrap_or_default();
        let mut ids = std::collections::HashSet::new();
        for op in operations::operations() {
            let method = op.method.as_str().to_lowercase();
            let described = &doc["paths"][op.doc.path][&method];
            assert_eq!(
                described["operationId"], op.doc.id,
                "{} {}",
                op.method, op.doc.path
            );
            assert!(ids.insert(op.doc.id), "{} twice", op.doc.id);
        }
        assert_eq!(doc["openapi"], "3.1.0");
    }

    /// The served document (`openapi.json`, compiled in) is the derived one,
    /// byte for byte. `BOXOFFICE_BLESS=1` writes the derived one to the file
    /// instead, after a change to the types, the table or the crate's
    /// version (the document carries it); the next build serves it.
    #[test]
    fn the_checked_in_document_is_the_derived_one() {
        let derived = String::from_utf8(json()).unwrap();
        if std::env::var_os("BOXOFFICE_BLESS").is_some_and(|v| v == "1") {
            std::fs::write(super::super::FILE, &derived).unwrap();
            return;
        }
        let served = super::super::JSON;
        if served != derived {
            let line = served
                .lines()
                .zip(derived.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| served.lines().count().min(derived.lines().count()));
            panic!(
                "{} is not the document the types and the operations table derive \
                 (first difference at line {}: checked in {:?}, derived {:?}). Write it anew \
                 with `BOXOFFICE_BLESS=1 cargo test --bin boxoffice the_checked_in_document_is_the_derived_one`, \
                 look at the diff and commit it.",
                super::super::FILE,
                line + 1,
                served.lines().nth(line).unwrap_or("(end of file)"),
                derived.lines().nth(line).unwrap_or("(end of file)"),
            );
        }
    }
}
