#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Streamed lists against the real sandbox over loopback: the bounded-
//! concurrent page stream gives exactly what a sequential read gives (in
//! order, each record once), also while the sandbox throttles and fails
//! requests; and the binary's streamed `--all` output is byte for byte the
//! output of a sequential read (`--concurrency 1`).

use crate::common;

use std::process::Output;
use std::time::Duration;

use boxoffice::api::model::{Page, Record, Ticket};
use boxoffice::api::paging::{Concurrency, all_pages, stream_pages};
use boxoffice::api::{ApiError, Client, ClientConfig};
use boxoffice::sandbox::{Faults, SandboxConfig, SandboxHandle};
use futures::StreamExt;
use serde_json::Value;

const NOW: &str = "2026-11-25 10:00:00";
/// Records per page here: small, so the small sandbox gives many pages.
const PER_PAGE: u32 = 7;

async fn start(faults: Faults) -> SandboxHandle {
    common::sandbox::start(SandboxConfig {
        faults,
        ..common::sandbox::pinned(NOW)
    })
    .await
}

/// A client that outlasts the injected faults: many quick retries, and the
/// sandbox's `Retry-After: 1` cut short (the rate window still has to pass,
/// so retries go on until it does).
fn patient(sandbox: &SandboxHandle) -> Client {
    let mut config: ClientConfig =
        common::client::quick_retries(sandbox.base_url(), sandbox.api_key());
    config.max_attempts = 200;
    config.retry_after_cap = Duration::from_millis(20);
    Client::new(config).unwrap()
}

/// Every page the stream yields, unwrapped.
async fn streamed<T, F, Fut>(fetch: F, concurrency: impl Into<Concurrency>) -> Vec<Page<T>>
where
    T: Record,
    F: Fn(u32) -> Fut,
    Fut: Future<Output = Result<Page<T>, ApiError>>,
{
    stream_pages(fetch, concurrency)
        .map(|page| page.expect("every page loads"))
        .collect()
        .await
}

fn raw<T>(pages: &[Page<T>]) -> Vec<Value> {
    pages.iter().flat_map(|p| p.raw.iter().cloned()).collect()
}

fn ids(records: &[Value]) -> Vec<u64> {
    records.iter().map(|r| r["id"].as_u64().unwrap()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_concurrent_stream_gives_the_sequential_result() {
    let sandbox = start(Faults::default()).await;
    let client = patient(&sandbox);
    let sequential = all_pages(|p| client.customers(p, PER_PAGE)).await.unwrap();
    assert!(sequential.pages() > 20, "enough pages to overlap");
    for concurrency in [1, 3, 8] {
        let pages = streamed(|p| client.customers(p, PER_PAGE), concurrency).await;
        assert_eq!(pages.len(), sequential.pages() as usize);
        assert_eq!(raw(&pages), sequential.raw, "concurrency {concurrency}");
    }
    // Records in the same order as their raw JSON, each id once.
    let records = raw(&streamed(|p| client.customers(p, PER_PAGE), 8).await);
    let mut unique = ids(&records);
    unique.dedup();
    assert_eq!(unique.len(), records.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stream_under_throttling_and_failures_still_gives_the_sequential_result() {
    let sandbox = start(Faults::default()).await;
    let client = patient(&sandbox);
    let tickets = |p| client.tickets(101, p, PER_PAGE);
    let customers = |p| client.customers(p, PER_PAGE);
    let want_tickets = all_pages(tickets).await.unwrap().raw;
    let want_customers = all_pages(customers).await.unwrap().raw;

    // Jitter reorders the answers; 429s past 10 requests a second, and 500 /
    // 503 on a fifth of the rest.
    sandbox.set_faults(Faults {
        jitter_ms: 20,
        rate_limit: Some(10),
        fail_rate: 0.2,
        ..Faults::default()
    });
    let got_tickets: Vec<Page<Ticket>> = streamed(tickets, 8).await;
    let got_customers = streamed(customers, 8).await;
    sandbox.set_faults(Faults::default());

    assert_eq!(raw(&got_tickets), want_tickets);
    assert_eq!(raw(&got_customers), want_customers);
    let pushback: u32 = got_customers.iter().map(|p| p.pushback).sum();
    assert!(pushback > 0, "the sandbox pushed back and the pages say so");
}

/// The rule: a stream that adapts its concurrency never has more requests
/// in flight than its cap, grows past its start while the server answers
/// cleanly, and — whatever the server does (429s past a rate, 500/503 at a
/// rate, jitter; drawn from a seed per case) — gives exactly the sequential
/// read. `STREAM_CASES` sets the number of cases (8).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_adaptive_stream_stays_under_its_cap_and_gives_the_sequential_result() {
    let sandbox = start(Faults::default()).await;
    let client = patient(&sandbox);
    let want = all_pages(|p| client.customers(p, PER_PAGE))
        .await
        .unwrap()
        .raw;
    let cases: u64 = std::env::var("STREAM_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8);
    for seed in 1..=cases {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut draw = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let start_at = 1 + usize::try_from(draw(6)).unwrap();
        let cap = start_at + usize::try_from(draw(10)).unwrap();
        // Every other case clean: there the stream must grow.
        let clean = seed % 2 == 1;
        // Clean answers take a few milliseconds, so the requests the
        // stream keeps in flight are seen at the sandbox together.
        let faults = if clean {
            Faults {
                latency_ms: 5,
                ..Faults::default()
            }
        } else {
            Faults {
                jitter_ms: draw(20),
                rate_limit: (draw(3) > 0).then(|| 5 + u32::try_from(draw(30)).unwrap()),
                fail_rate: f64::from(u32::try_from(draw(30)).unwrap()) / 100.0,
                ..Faults::default()
            }
        };
        sandbox.set_faults(faults);
        // In flight: the requests the sandbox is answering at once (a page
        // being decoded after its answer no longer holds a place).
        sandbox.take_busy_peak();
        let pages = streamed(
            |p| client.customers(p, PER_PAGE),
            Concurrency::up_to(start_at, cap),
        )
        .await;
        sandbox.set_faults(Faults::default());
        let case = format!("seed {seed}: start {start_at}, cap {cap}, {faults:?}");
        assert_eq!(raw(&pages), want, "{case}");
        let peak = sandbox.take_busy_peak();
        assert!(peak <= cap, "{case}: {peak} in flight");
        if clean && start_at > 1 && cap > start_at {
            assert!(peak > start_at, "{case}: never grew past the start");
        }
    }
}

/// Runs the binary against the sandbox with the given arguments.
async fn run(sandbox: &SandboxHandle, args: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    let mut command = common::binary::boxoffice(home.path());
    command
        .args(args)
        .env("BOXOFFICE_BASE_URL", sandbox.base_url())
        .env("BOXOFFICE_API_KEY", sandbox.api_key());
    let output = tokio::task::spawn_blocking(move || command.output())
        .await
        .unwrap()
        .unwrap();
    drop(home);
    output
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn streamed_output_is_byte_for_byte_the_sequential_output() {
    // Jitter, so the concurrent answers arrive out of order.
    let sandbox = start(Faults {
        jitter_ms: 15,
        ..Faults::default()
    })
    .await;
    let lists: [&[&str]; 3] = [
        &["customers", "--all"],
        &["tickets", "101", "--all"],
        &["orders", "--all"],
    ];
    for list in lists {
        for format in ["csv", "json", "table"] {
            let args = |n: &'static str| {
                let mut args = list.to_vec();
                args.extend(["--format", format, "--concurrency", n]);
                args
            };
            let one = run(&sandbox, &args("1")).await;
            let eight = run(&sandbox, &args("8")).await;
            let what = format!("{list:?} {format}");
            assert!(one.status.success(), "{what}: {one:?}");
            assert!(eight.status.success(), "{what}: {eight:?}");
            assert!(
                one.stdout.len() > 1000,
                "{what}: {} bytes",
                one.stdout.len()
            );
            assert!(
                one.stdout == eight.stdout,
                "{what}: streamed output differs from the sequential one"
            );
            if format == "csv" {
                // The default: 8 in flight, doubling to `concurrency_max`.
                let mut args = list.to_vec();
                args.extend(["--format", format]);
                let default = run(&sandbox, &args).await;
                assert!(default.status.success(), "{what}: {default:?}");
                assert!(
                    one.stdout == default.stdout,
                    "{what}: the default stream's output differs from the sequential one"
                );
            }
        }
    }
    // Every customer once, in the API's order, as JSON.
    let json = run(&sandbox, &["customers", "--all", "--format", "json"]).await;
    let printed: Vec<Value> = serde_json::from_slice(&json.stdout).unwrap();
    let client = patient(&sandbox);
    let all = all_pages(|p| client.customers(p, 100)).await.unwrap();
    assert_eq!(ids(&printed), ids(&all.raw));
    assert!(printed.len() >= 300);
}
