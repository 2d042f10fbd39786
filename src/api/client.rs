//! The Storefront HTTP client: the only code in boxoffice that knows HTTP.
//!
//! SKELETON: signatures fixed for the other modules; bodies being written.

use std::fmt;
use std::time::Duration;

use serde_json::Value;

use super::error::ApiError;
use super::model::{CustomerSummary, Edition, Event, Page, Ticket};

/// The API key. Its `Debug` and `Display` never show it.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    pub fn new(key: impl Into<String>) -> Self {
        Self(key.into())
    }
    /// The key itself, for the one place that sends it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

/// How the client connects.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    /// `https://<slug>.<host>`, or `http://127.0.0.1:<port>` for the sandbox.
    pub base_url: String,
    pub api_key: ApiKey,
    pub connect_timeout: Duration,
    pub timeout: Duration,
    /// Largest response body read, in bytes.
    pub max_body_bytes: usize,
    /// Attempts for a GET (1 = no retry).
    pub max_attempts: u32,
    /// Pages fetched at once by [`super::paging::stream_pages`].
    pub concurrency: usize,
}

impl ClientConfig {
    /// The defaults of DESIGN.md section 7 for a base URL and key.
    pub fn new(base_url: impl Into<String>, api_key: ApiKey) -> Self {
        Self {
            base_url: base_url.into(),
            api_key,
            connect_timeout: Duration::from_secs(5),
            timeout: Duration::from_secs(20),
            max_body_bytes: 32 * 1024 * 1024,
            max_attempts: 3,
            concurrency: 8,
        }
    }
}

/// A person enrolled by e-mail (operation 5).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewAttendee {
    pub email: String,
    pub name: String,
    pub last_name: String,
}

/// A cheap-to-clone handle on one shared HTTP client.
#[derive(Debug, Clone)]
pub struct Client {
    config: ClientConfig,
}

#[allow(clippy::unused_async, unused_variables)]
impl Client {
    pub fn new(config: ClientConfig) -> Result<Self, ApiError> {
        Ok(Self { config })
    }

    pub fn config(&self) -> &ClientConfig {
        &self.config
    }

    /// Operation 1: `GET /events?page&limit`.
    pub async fn events(&self, page: u32, limit: u32) -> Result<Page<Event>, ApiError> {
        todo!()
    }
    /// Operation 2: `GET /events/{id|hash}`: the event and its raw JSON.
    pub async fn event(&self, id_or_hash: &str) -> Result<(Event, Value), ApiError> {
        todo!()
    }
    /// Operation 3: `GET /events/{id}/variants`.
    pub async fn editions(&self, event_id: u64) -> Result<Page<Edition>, ApiError> {
        todo!()
    }
    /// Operation 4: `PUT /events/{id}/enrolled/{customer_id}`. Sent once.
    pub async fn enroll_customer(
        &self,
        event_id: u64,
        customer_id: u64,
        enrollment_type: &str,
    ) -> Result<(), ApiError> {
        todo!()
    }
    /// Operation 5: `POST /events/{id}/enroll`. Sent once.
    pub async fn enroll_by_email(
        &self,
        event_id: u64,
        person: &NewAttendee,
        enrollment_type: &str,
    ) -> Result<(), ApiError> {
        todo!()
    }
    /// Operation 6: `GET /events/{id}/tickets?page&per_page`.
    pub async fn tickets(
        &self,
        event_id: u64,
        page: u32,
        per_page: u32,
    ) -> Result<Page<Ticket>, ApiError> {
        todo!()
    }
    /// Operation 7: `GET /events/tickets/{id}`: the ticket and its raw JSON.
    pub async fn ticket(&self, ticket_id: u64) -> Result<(Ticket, Value), ApiError> {
        todo!()
    }
    /// Operation 8: `PUT /events/enrollments/{ticket_id}/revoke`. Sent once.
    pub async fn revoke(&self, enrollment_id: u64) -> Result<(), ApiError> {
        todo!()
    }
    /// `GET /customers?page&limit`.
    pub async fn customers(
        &self,
        page: u32,
        limit: u32,
    ) -> Result<Page<CustomerSummary>, ApiError> {
        todo!()
    }
}
