//! A list's pages: the page asked for (`page` and its size parameter),
//! the records on it, and the answer with its counts and neighbours.

use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;

use super::super::respond::json_response;
use super::super::store::{Refusal, Store};
use super::super::wire::{self, Problem};

/// A page of a list.
#[allow(clippy::struct_field_names)]
pub struct Page<T> {
    pub(super) data: Vec<T>,
    pub(super) total: usize,
    pub(super) page: usize,
    pub(super) size: usize,
    pub(super) counting: Counting,
}

/// How `count` / `countFiltered` are written: the spec says either may be a string.
#[derive(Debug, Clone, Copy)]
pub(super) enum Counting {
    Ints,
    BothStrings,
    CountString,
    FilteredString,
}

#[derive(Debug, Clone, Copy)]
pub struct PageParams {
    pub(super) page: usize,
    pub(super) size: usize,
}

pub const DEFAULT_SIZE: usize = 25;
pub const MAX_SIZE: usize = 100;

/// `page` and the size parameter `size_key` (none: one page of everything).
pub(super) fn page_params(query: &str, size_key: Option<&str>) -> Result<PageParams, Refusal> {
    let mut params = PageParams {
        page: 1,
        size: DEFAULT_SIZE,
    };
    let mut problems = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let slot = if key == "page" {
            &mut params.page
        } else if Some(key) == size_key {
            &mut params.size
        } else {
            continue;
        };
        match value.parse::<usize>() {
            Ok(0) => problems.push(Problem::new(key, "must be at least 1")),
            Ok(n) => *slot = n,
            Err(_) => problems.push(Problem::new(
                key,
                format!("not a positive integer: {value:?}"),
            )),
        }
    }
    params.size = params.size.min(MAX_SIZE);
    if problems.is_empty() {
        Ok(params)
    } else {
        Err(Refusal::Invalid(problems))
    }
}

/// The indices of one page of a list of `len` items: O(page), not O(len).
pub(super) fn page_slice(len: usize, params: PageParams) -> std::ops::Range<usize> {
    let start = params
        .page
        .saturating_sub(1)
        .saturating_mul(params.size)
        .min(len);
    start..start.saturating_add(params.size).min(len)
}

/// One page of a list of `total` records, `item` writing record `i`.
pub(super) fn slice<T>(
    store: &Store,
    total: usize,
    params: PageParams,
    counting: Counting,
    item: impl Fn(&Store, usize) -> T,
) -> Page<T> {
    Page {
        data: page_slice(total, params).map(|i| item(store, i)).collect(),
        total,
        page: params.page,
        size: params.size,
        counting,
    }
}

pub(super) fn paged<T: Serialize>(page: Page<T>) -> Response {
    let Page {
        data,
        total,
        page,
        size,
        counting,
    } = page;
    let pages = total.div_ceil(size.max(1));
    let int = || wire::IntOrString::Int(total as u64);
    let text = || wire::IntOrString::Text(total.to_string());
    let (count, count_filtered) = match counting {
        Counting::Ints => (int(), int()),
        Counting::BothStrings => (text(), text()),
        Counting::CountString => (text(), int()),
        Counting::FilteredString => (int(), text()),
    };
    let body = wire::List {
        status: wire::StatusOk,
        data,
        count_filtered,
        count,
        previous: (page > 1).then(|| page - 1),
        current: page,
        pages,
        next: (page < pages).then(|| page + 1),
    };
    json_response(StatusCode::OK, &body)
}
