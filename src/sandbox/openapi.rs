//! The sandbox's OpenAPI 3.1 document (`GET /openapi.json`, `boxoffice
//! sandbox --openapi`): a checked-in file, `openapi.json`, made from the
//! router's operation table and the schemas of the types its handlers
//! answer (`wire`). Test builds derive it again (`derive.rs`, with utoipa)
//! and fail while the file differs, so it cannot drift from the answers;
//! a file keeps utoipa and its proc macro out of the release build
//! (docs/performance.md#cold-build).

/// Where the sandbox describes itself; no key needed.
pub const OPENAPI_PATH: &str = "/openapi.json";

/// The document, pretty JSON.
pub const JSON: &str = include_str!("openapi.json");

/// Where the document is checked in, for the test that writes it anew.
#[cfg(test)]
const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/sandbox/openapi.json");

#[cfg(test)]
mod derive;
