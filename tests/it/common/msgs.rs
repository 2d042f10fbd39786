//! `Msg` builders for the TUI's tests: the replies the executor would send,
//! built from records decoded by the real client code.

use boxoffice::api::ApiError;
use boxoffice::api::model::{Event, Page, Ticket};
use boxoffice::app::list::{Listable, PageIn};
use boxoffice::app::{Msg, Reply};
use serde_json::Value;

/// Page `page` of `pages` of a list, as compact rows.
pub fn page<T: Listable>(req: u64, page: u32, pages: u32, records: Page<T>) -> Msg {
    Msg::Reply {
        req,
        reply: Reply::Page(Ok(PageIn::new(page, pages, records))),
    }
}

/// The error that ended a list's stream.
pub fn page_failed(req: u64, e: ApiError) -> Msg {
    Msg::Reply {
        req,
        reply: Reply::Page(Err(e)),
    }
}

/// One event and its raw JSON, or the error reading it.
pub fn event(req: u64, result: Result<(Event, Value), ApiError>) -> Msg {
    Msg::Reply {
        req,
        reply: Reply::Event(result),
    }
}

/// One ticket and its raw JSON, or the error reading it.
pub fn ticket(req: u64, result: Result<(Ticket, Value), ApiError>) -> Msg {
    Msg::Reply {
        req,
        reply: Reply::Ticket(result),
    }
}

/// The answer to an enroll.
pub fn enrolled(req: u64, result: Result<(), ApiError>) -> Msg {
    enrolled_in(req, result, None)
}

/// The answer to an enroll whose edition was read as `named`.
pub fn enrolled_in(req: u64, result: Result<(), ApiError>, named: Option<&str>) -> Msg {
    Msg::Reply {
        req,
        reply: Reply::Enrolled(result, named.map(str::to_owned)),
    }
}

/// The answer to a revoke of `ticket_id`.
pub fn revoked(req: u64, ticket_id: u64, result: Result<(), ApiError>) -> Msg {
    Msg::Reply {
        req,
        reply: Reply::Revoked { ticket_id, result },
    }
}
