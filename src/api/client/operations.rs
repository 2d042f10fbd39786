//! The API's operations by name: each a read, a list or a write sent once.

use reqwest::Method;
use serde_json::{Value, json};

use super::super::error::ApiError;
use super::super::model::{
    Course, CourseDetail, CourseEnrollment, Customer, CustomerSummary, Edition, Event, Order,
    OrderDetail, Page, Product, ProductDetail, Record, Ticket,
};
use super::super::paths;
use super::Client;

/// A person enrolled by e-mail (operation 5).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewAttendee {
    pub email: String,
    pub name: String,
    pub last_name: String,
}

impl Client {
    /// A `page` + `limit` list.
    async fn list<T: Record>(
        &self,
        segments: &[String],
        page: u32,
        limit: u32,
    ) -> Result<Page<T>, ApiError> {
        self.get_page(
            segments,
            &[(paths::PAGE, page.max(1)), (paths::LIMIT, limit.max(1))],
            true,
        )
        .await
    }

    /// Operation 1: `GET /events?page&limit`.
    pub async fn events(&self, page: u32, limit: u32) -> Result<Page<Event>, ApiError> {
        self.list(&paths::events(), page, limit).await
    }
    /// Operation 2: `GET /events/{id|hash}`: the event and its raw JSON.
    pub async fn event(&self, id_or_hash: &str) -> Result<(Event, Value), ApiError> {
        self.get_one(&paths::event(id_or_hash)).await
    }
    /// Operation 3: `GET /events/{id}/variants`.
    pub async fn editions(&self, event_id: u64) -> Result<Page<Edition>, ApiError> {
        self.get_page(&paths::editions(event_id), &[], false).await
    }
    /// Operation 4: `PUT /events/{id}/enrolled/{customer_id}`. Sent once.
    pub async fn enroll_customer(
        &self,
        event_id: u64,
        customer_id: u64,
        enrollment_type: &str,
    ) -> Result<(), ApiError> {
        let body = json!({ "enrollment_type": enrollment_type });
        self.write(
            Method::PUT,
            &paths::enroll_customer(event_id, customer_id),
            Some(&body),
        )
        .await
    }
    /// Operation 5: `POST /events/{id}/enroll`. Sent once.
    pub async fn enroll_by_email(
        &self,
        event_id: u64,
        person: &NewAttendee,
        enrollment_type: &str,
    ) -> Result<(), ApiError> {
        let body = json!({
            "customer": {
                "email": person.email,
                "name": person.name,
                "last_name": person.last_name,
            },
            "enrollment_type": enrollment_type,
        });
        self.write(Method::POST, &paths::enroll_by_email(event_id), Some(&body))
            .await
    }
    /// Operation 6: `GET /events/{id}/tickets?page&per_page`.
    pub async fn tickets(
        &self,
        event_id: u64,
        page: u32,
        per_page: u32,
    ) -> Result<Page<Ticket>, ApiError> {
        self.get_page(
            &paths::tickets(event_id),
            &[
                (paths::PAGE, page.max(1)),
                (paths::PER_PAGE, per_page.max(1)),
            ],
            true,
        )
        .await
    }
    /// Operation 7: `GET /events/tickets/{id}`: the ticket and its raw JSON.
    pub async fn ticket(&self, ticket_id: u64) -> Result<(Ticket, Value), ApiError> {
        self.get_one(&paths::ticket(ticket_id)).await
    }
    /// Operation 8: `PUT /events/enrollments/{ticket_id}/revoke`. Sent once.
    pub async fn revoke(&self, enrollment_id: u64) -> Result<(), ApiError> {
        self.write(Method::PUT, &paths::revoke(enrollment_id), None)
            .await
    }
    /// `GET /customers?page&limit`.
    pub async fn customers(
        &self,
        page: u32,
        limit: u32,
    ) -> Result<Page<CustomerSummary>, ApiError> {
        self.list(&paths::customers(), page, limit).await
    }
    /// `GET /customers/{id}`: the customer and its raw JSON.
    pub async fn customer(&self, customer_id: u64) -> Result<(Customer, Value), ApiError> {
        self.get_one(&paths::customer(customer_id)).await
    }
    /// `GET /orders?page&limit`.
    pub async fn orders(&self, page: u32, limit: u32) -> Result<Page<Order>, ApiError> {
        self.list(&paths::orders(), page, limit).await
    }
    /// `GET /orders/{id}`: the order and its raw JSON.
    pub async fn order(&self, order_id: u64) -> Result<(OrderDetail, Value), ApiError> {
        self.get_one(&paths::order(order_id)).await
    }
    /// `GET /products?page&limit`.
    pub async fn products(&self, page: u32, limit: u32) -> Result<Page<Product>, ApiError> {
        self.list(&paths::products(), page, limit).await
    }
    /// `GET /products/{id}`: the product and its raw JSON.
    pub async fn product(&self, product_id: u64) -> Result<(ProductDetail, Value), ApiError> {
        self.get_one(&paths::product(product_id)).await
    }
    /// `GET /courses?page&limit`.
    pub async fn courses(&self, page: u32, limit: u32) -> Result<Page<Course>, ApiError> {
        self.list(&paths::courses(), page, limit).await
    }
    /// `GET /courses/{id}`: the course and its raw JSON.
    pub async fn course(&self, course_id: u64) -> Result<(CourseDetail, Value), ApiError> {
        self.get_one(&paths::course(course_id)).await
    }
    /// `GET /courses/{id}/enrollments?page&limit`.
    pub async fn course_enrollments(
        &self,
        course_id: u64,
        page: u32,
        limit: u32,
    ) -> Result<Page<CourseEnrollment>, ApiError> {
        self.list(&paths::course_enrollments(course_id), page, limit)
            .await
    }
}
