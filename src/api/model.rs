//! Typed records of the Storefront API, with the lenient field types the real
//! service needs (docs/wire-contract.md#records: counts as numbers or
//! strings, `false` for "none", …).

pub mod course;
pub mod customer;
pub mod envelope;
pub mod event;
pub mod lenient;
pub mod order;
pub mod product;

pub use course::{
    CertificateTemplate, Course, CourseCategory, CourseCertificate, CourseDetail, CourseDiscussion,
    CourseEnrollment, CourseLesson, CourseModule, DiscussionMember,
};
pub use customer::{
    AddressCountry, AddressState, ContactType, Customer, CustomerAddress, CustomerContact,
    CustomerSummary,
};
pub use envelope::{BodyError, Page, PageInfo, Record, RecordError};
pub use event::{Attendee, Counters, Edition, Event, Ticket, TicketEvent, TicketOrder};
pub use lenient::{Count, FalseOr, IntOrString, Loose, Money, Tally};
pub use order::{
    CustomerDetail, CustomerSummaryOrder, GatewayDetail, Order, OrderDetail, OrderItem,
    OrderItemDetail, OrderSourceSummary, ShippingDetail,
};
pub use product::{Product, ProductDetail, ProductImage, SalesChannel};
