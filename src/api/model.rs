//! Typed records of the Storefront API, with the lenient field types the real
//! service needs (docs/wire-contract.md#records: counts as numbers or
//! strings, `false` for "none", …).

/// Declares the record a list holds and the single record that holds every
/// field of it and its own after them (`pub struct Single: Listed { .. }`),
/// the fields they share written once (serde's `flatten` would lose a bad
/// field's path), and both as [`Record`]s named `$name`.
///
/// Where the list item has fields of its own that the single record holds
/// in another form, the shared ones come first in a `shared { .. }` block
/// and each record's own follow them (`pub struct Listed { .. }`,
/// `pub struct Single { .. }`).
macro_rules! listed_and_single {
    (
        name: $name:literal,
        $(#[$listed_meta:meta])*
        pub struct $listed:ident { $($shared:tt)* }
        $(#[$single_meta:meta])*
        pub struct $single:ident: $base:ident { $($own:tt)* }
    ) => {
        $(#[$listed_meta])*
        pub struct $listed { $($shared)* }

        $(#[$single_meta])*
        pub struct $single { $($shared)* $($own)* }

        // `$base` names the listed record.
        const _: fn($base) -> $listed = |listed| listed;

        listed_and_single!(@record $name, $listed);
        listed_and_single!(@record $name, $single);
    };
    (
        name: $name:literal,
        shared { $($shared:tt)* }
        $(#[$listed_meta:meta])*
        pub struct $listed:ident { $($listed_own:tt)* }
        $(#[$single_meta:meta])*
        pub struct $single:ident { $($own:tt)* }
    ) => {
        $(#[$listed_meta])*
        pub struct $listed { $($shared)* $($listed_own)* }

        $(#[$single_meta])*
        pub struct $single { $($shared)* $($own)* }

        listed_and_single!(@record $name, $listed);
        listed_and_single!(@record $name, $single);
    };
    (@record $name:literal, $record:ident) => {
        impl Record for $record {
            const NAME: &'static str = $name;
            fn id(&self) -> u64 {
                self.id
            }
        }
    };
}

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
