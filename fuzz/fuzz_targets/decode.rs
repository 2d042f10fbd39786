//! Feeds arbitrary bytes to every record decoder, as a single record and as
//! a page of a list (paginated or not). None may panic; a page it reads
//! must keep `items` and `raw` aligned, and `follow` only without `info`.
#![no_main]

use boxoffice::api::model::envelope::{decode_one, decode_page};
use boxoffice::api::model::{
    Course, CourseDetail, CourseEnrollment, Customer, CustomerSummary, Edition, Event, Order,
    OrderDetail, Product, ProductDetail, Record, Ticket,
};
use libfuzzer_sys::fuzz_target;

fn page<T: Record>(body: &[u8]) {
    for paginated in [true, false] {
        if let Ok(page) = decode_page::<T>(body, paginated) {
            assert_eq!(page.items.len(), page.raw.len());
            assert!(page.info.is_none() || !page.follow);
        }
    }
}

fuzz_target!(|body: &[u8]| {
    let _ = decode_one::<Ticket>(body);
    let _ = decode_one::<Event>(body);
    let _ = decode_one::<OrderDetail>(body);
    let _ = decode_one::<Customer>(body);
    let _ = decode_one::<ProductDetail>(body);
    let _ = decode_one::<CourseDetail>(body);
    page::<Ticket>(body);
    page::<Event>(body);
    page::<Edition>(body);
    page::<Order>(body);
    page::<CustomerSummary>(body);
    page::<Product>(body);
    page::<Course>(body);
    page::<CourseEnrollment>(body);
});
