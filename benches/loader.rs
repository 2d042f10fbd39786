//! The ticket loader benchmark: `cargo bench --bench loader`.
//!
//! No criterion (a light build on a small machine): each step is timed with
//! `Instant` over a few runs and the median and minimum are printed.
//!
//! 1. Building the large sandbox (100,000 tickets) until it serves.
//! 2. Loading all 100,000 tickets of "Stadium Tour Mega Show" with the real
//!    client over loopback, 8 and 1 pages in flight; every ticket must arrive
//!    exactly once, so the bench is also a check.
//! 3. The TUI model taking in those 1,000 pages through the pure `update`, as
//!    the runtime feeds it, then a filter keystroke, a sort change and one
//!    render at 160×45 over the 100,000 rows; then `fan7771234` typed into
//!    the filter and taken back with Backspace, each key timed through
//!    `update` and one frame (`LOADER_TYPING_ONLY=1`: only this, once).
//! 4. Loading them again with 50 ms of latency per answer, at 1 and at the
//!    default concurrency, against the round-trip model (`loader/latency.rs`).
//! 5. The release binary's `tickets --all` (CSV, JSON) and `customers --all`
//!    against a `boxoffice sandbox --scale large --latency 50` process: time
//!    and peak RSS (`loader/latency.rs`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashSet;
use std::time::{Duration, Instant};

use boxoffice::api::model::envelope::decode_page;
use boxoffice::api::model::{Edition, Event, Page, Ticket};
use boxoffice::api::paging::stream_pages;
use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::app::list::{ListQuery, Listable, PageIn};
use boxoffice::app::screens::Screen;
use boxoffice::app::{AppOptions, Cmd, Model, Msg, Reply, update, view};
use boxoffice::sandbox::{self, SandboxConfig, SandboxHandle, Scale};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use futures::StreamExt;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use serde_json::Value;

#[path = "loader/latency.rs"]
mod latency;
#[path = "../tests/it/common/person.rs"]
mod person;

/// Runs of every step.
const RUNS: usize = 5;
/// Tickets of the large event.
const TICKETS: usize = 100_000;
/// Records per page, as the TUI asks.
const PER_PAGE: u32 = 100;
/// The terminal the model and the render are sized for.
const SIZE: (u16, u16) = (160, 45);

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(run());
}

/// Timings of one figure over the runs.
#[derive(Default)]
struct Figure {
    what: String,
    runs: Vec<Duration>,
}

impl Figure {
    fn new(what: &str) -> Self {
        Self {
            what: what.to_owned(),
            runs: Vec::new(),
        }
    }

    fn median(&self) -> Duration {
        let mut runs = self.runs.clone();
        runs.sort();
        runs[runs.len() / 2]
    }

    fn min(&self) -> Duration {
        self.runs.iter().copied().min().unwrap_or_default()
    }
}

fn show(d: Duration) -> String {
    let micros = d.as_secs_f64() * 1e6;
    if micros < 1_000.0 {
        format!("{micros:.1} µs")
    } else if micros < 1_000_000.0 {
        format!("{:.1} ms", micros / 1e3)
    } else {
        format!("{:.2} s", micros / 1e6)
    }
}

fn print_table(title: &str, figures: &[Figure]) {
    println!("\n{title}");
    println!("{:<52} {:>11} {:>11}", "", "median", "min");
    for f in figures {
        println!(
            "{:<52} {:>11} {:>11}",
            f.what,
            show(f.median()),
            show(f.min())
        );
    }
}

fn large_config() -> SandboxConfig {
    SandboxConfig {
        scale: Scale::Large,
        now: Some("2026-11-25 10:00:00".into()),
        ..Default::default()
    }
}

fn client_for(sandbox: &SandboxHandle) -> Client {
    Client::new(ClientConfig::new(
        sandbox.base_url(),
        ApiKey::new(sandbox.api_key()),
    ))
    .unwrap()
}

async fn run() {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    println!(
        "boxoffice loader bench: {RUNS} runs each, {cores} cores, {} build",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );

    if std::env::var("LOADER_TYPING_ONLY").is_ok_and(|v| v == "1") {
        typing_only().await;
        return;
    }

    // 1. The large sandbox, until it serves.
    let mut spawned = Figure::new("sandbox: spawn (seed 100k tickets, bind)");
    let mut served = Figure::new("sandbox: spawn until the first answer");
    let mut sandbox = None;
    for _ in 0..RUNS {
        drop(sandbox.take());
        let started = Instant::now();
        let handle = sandbox::spawn(large_config()).await.unwrap();
        spawned.runs.push(started.elapsed());
        let client = client_for(&handle);
        client.events(1, 1).await.unwrap();
        served.runs.push(started.elapsed());
        sandbox = Some(handle);
    }
    let sandbox = sandbox.unwrap();
    print_table("1. building the large sandbox", &[spawned, served]);

    // 2. Every ticket of the large event, with the real client.
    let client = client_for(&sandbox);
    let events = client.events(1, 100).await.unwrap();
    let stadium = events
        .items
        .iter()
        .find(|e| e.name.as_deref() == Some(sandbox::STADIUM_EVENT))
        .expect("the large sandbox has the stadium event");
    let event_id = stadium.id;
    let default_concurrency = client.config().concurrency;
    let mut figures = Vec::new();
    let mut pages = Vec::new();
    for concurrency in [default_concurrency, 1] {
        let mut figure = Figure::new(&format!(
            "load 100,000 tickets, {concurrency} page(s) in flight"
        ));
        for _ in 0..RUNS {
            let started = Instant::now();
            let loaded = load_tickets(&client, event_id, concurrency).await;
            figure.runs.push(started.elapsed());
            check_tickets(&loaded);
            pages = loaded;
        }
        figures.push(figure);
    }
    // The same pages split in two: the server and the wire (bodies fetched
    // and not read), then the client's decoding of those bodies.
    let http = reqwest::Client::new();
    let mut fetched = Figure::new(&format!(
        "  split: GETs only, bodies not decoded, {default_concurrency} in flight"
    ));
    let mut decoded = Figure::new("  split: decoding those 1,000 bodies, one thread");
    let mut body_bytes = 0;
    for _ in 0..RUNS {
        let started = Instant::now();
        let bodies = raw_bodies(&http, &sandbox, event_id, default_concurrency).await;
        fetched.runs.push(started.elapsed());
        body_bytes = bodies.iter().map(Vec::len).sum::<usize>();
        let started = Instant::now();
        let pages: Vec<Page<Ticket>> = bodies
            .iter()
            .map(|b| decode_page(b, true).unwrap())
            .collect();
        decoded.runs.push(started.elapsed());
        check_tickets(&pages);
    }
    figures.push(fetched);
    figures.push(decoded);
    print_table(
        &format!(
            "2. loading the tickets of {:?} over loopback",
            sandbox::STADIUM_EVENT
        ),
        &figures,
    );
    println!(
        "\n{} MB of JSON in 1,000 bodies",
        body_bytes.div_ceil(1_000_000)
    );

    // 3. The TUI model taking them in, then filter, sort and render.
    let facts = ScreenFacts {
        events,
        event: client.event(&event_id.to_string()).await.unwrap(),
        editions: client.editions(event_id).await.unwrap(),
        event_id,
    };
    let mut figures = vec![
        Figure::new("rows: records → compact rows, 1,000 pages (executor)"),
        Figure::new("model: take in 1,000 pages (whole stream)"),
        Figure::new("model: slowest single page"),
        Figure::new("filter: `/` (open the filter line)"),
        Figure::new("filter: `a` over 100,000 rows"),
        Figure::new("filter: `n` (\"an\")"),
        Figure::new("filter: `a` (\"ana\")"),
        Figure::new("filter: `Esc` (clear, back to 100,000 rows)"),
        Figure::new("sort: `s` (by number) over 100,000 rows"),
        Figure::new("sort: `s` again (by attendee)"),
        Figure::new("sort: `S` ×20 by attendee, CPU time per sort"),
        Figure::new("render: one frame at 160×45 (TestBackend)"),
    ];
    let mut matches = Vec::new();
    let mut slowest_pages = Vec::new();
    for _ in 0..RUNS {
        let (times, found, slowest) = tui_run(&facts, &pages);
        for (figure, t) in figures.iter_mut().zip(times) {
            figure.runs.push(t);
        }
        matches = found;
        slowest_pages.push(slowest);
    }
    print_table("3. the TUI model with 100,000 tickets", &figures);
    println!(
        "\nrows shown after \"a\", \"an\", \"ana\": {}",
        matches
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("slowest page of each run: {slowest_pages:?}");
    typing(&facts, &pages, RUNS);

    // Steps 4 and 5 read 1,000 pages at 50 ms each, sequentially too:
    // `LOADER_SKIP_LATENCY=1` leaves them out for a quick run of 1 to 3.
    if std::env::var("LOADER_SKIP_LATENCY").is_ok_and(|v| v == "1") {
        sandbox.shutdown().await;
        return;
    }
    latency::stream_with_latency(&client, &sandbox, event_id).await;
    sandbox.shutdown().await;
    latency::headless(env!("CARGO_BIN_EXE_boxoffice")).await;
}

/// `LOADER_TYPING_ONLY=1`: the sandbox, its 100,000 tickets read once, then
/// only the typing of step 3 (one run) — short enough to run under
/// `valgrind --tool=callgrind` for each key's instruction count. With
/// `LOADER_TYPING_WAIT=<file>` it waits for that file before typing (turn
/// the instrumentation on then, `callgrind_control -i on`).
async fn typing_only() {
    let sandbox = sandbox::spawn(large_config()).await.unwrap();
    let client = client_for(&sandbox);
    let events = client.events(1, 100).await.unwrap();
    let event_id = events
        .items
        .iter()
        .find(|e| e.name.as_deref() == Some(sandbox::STADIUM_EVENT))
        .expect("the large sandbox has the stadium event")
        .id;
    let pages = load_tickets(&client, event_id, client.config().concurrency).await;
    check_tickets(&pages);
    let facts = ScreenFacts {
        events,
        event: client.event(&event_id.to_string()).await.unwrap(),
        editions: client.editions(event_id).await.unwrap(),
        event_id,
    };
    sandbox.shutdown().await;
    typing(&facts, &pages, 1);
}

/// What is typed into the filter over the 100,000 tickets, key by key: a
/// name's letters, then a number's, which empty the list, then the
/// Backspaces that refill it (the issue's `fan7771234`).
const TYPED: &str = "fan7771234";

/// Step 3's typing: `/`, then [`TYPED`] letter by letter, then a Backspace
/// for each letter; each key timed through `update` and one frame at
/// 160×45 (the runtime draws after each key). Prints each key's median
/// over `runs` and the rows it left shown.
fn typing(facts: &ScreenFacts, pages: &[Page<Ticket>], runs: usize) {
    let keys: Vec<(String, KeyCode)> = TYPED
        .chars()
        .map(|c| (c.to_string(), KeyCode::Char(c)))
        .chain(
            TYPED
                .chars()
                .rev()
                .map(|c| (format!("⌫ {c}"), KeyCode::Backspace)),
        )
        .collect();
    let mut figures: Vec<Figure> = keys.iter().map(|(k, _)| Figure::new(k)).collect();
    let mut shown = Vec::new();
    for _ in 0..runs {
        let mut m = loaded_model(facts, pages);
        let mut terminal = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).unwrap();
        letter(&mut m, &mut terminal, KeyCode::Char('/'));
        if let Ok(wait) = std::env::var("LOADER_TYPING_WAIT") {
            println!("typing: waiting for {wait}");
            while !std::path::Path::new(&wait).exists() {
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        shown.clear();
        for ((_, code), figure) in keys.iter().zip(&mut figures) {
            figure.runs.push(letter(&mut m, &mut terminal, *code));
            shown.push(tickets_visible(&m));
        }
    }
    for (figure, n) in figures.iter_mut().zip(&shown) {
        figure.what = format!("key {} → {n} shown", figure.what);
    }
    let mut all: Vec<Duration> = figures.iter().flat_map(|f| f.runs.clone()).collect();
    all.sort();
    print_table(
        &format!("3b. typing {TYPED:?} over 100,000 tickets: key → update + one frame"),
        &figures,
    );
    println!(
        "all {} keys: p90 {}, p99 {}",
        all.len(),
        show(all[all.len() * 9 / 10]),
        show(all[(all.len() * 99 / 100).min(all.len() - 1)])
    );
}

/// One key through `update` and one frame drawn: a function of its own,
/// so that `callgrind --toggle-collect='*loader*letter*'
/// --dump-after='*loader*letter*'` counts each key apart.
#[inline(never)]
fn letter(m: &mut Model, terminal: &mut Terminal<TestBackend>, code: KeyCode) -> Duration {
    let started = Instant::now();
    let cmds = person::key(m, key(code));
    terminal.draw(|frame| view(m, frame)).unwrap();
    let took = started.elapsed();
    assert!(cmds.is_empty(), "{cmds:?}");
    took
}

/// A model on the tickets screen with every page taken in.
fn loaded_model(facts: &ScreenFacts, pages: &[Page<Ticket>]) -> Model {
    let mut m = Model::new(bench_options(), "http://127.0.0.1:1", Instant::now(), SIZE);
    let req = open_tickets(&mut m, facts);
    let total = u32::try_from(pages.len()).unwrap();
    for (p, n) in pages.iter().cloned().zip(1..) {
        update(&mut m, page_msg(req, n, total, p));
    }
    update(&mut m, Msg::TaskDone);
    assert_eq!(tickets_visible(&m), TICKETS);
    m
}

fn bench_options() -> AppOptions {
    AppOptions {
        business: "bench".into(),
        readonly: false,
        pinned_now: None,
        desk: "desk-1".into(),
        checkin: None,
        door: None,
        desk_only: false,
        bell: true,
        settings: boxoffice::app::settings::Settings::default(),
    }
}

/// Every page of the event's tickets, as `stream_pages` yields them.
async fn load_tickets(client: &Client, event_id: u64, concurrency: usize) -> Vec<Page<Ticket>> {
    let stream = stream_pages(|p| client.tickets(event_id, p, PER_PAGE), concurrency);
    let mut stream = std::pin::pin!(stream);
    let mut pages = Vec::new();
    while let Some(page) = stream.next().await {
        pages.push(page.expect("every page loads"));
    }
    pages
}

/// The bodies of every tickets page, fetched with plain reqwest and not read.
async fn raw_bodies(
    http: &reqwest::Client,
    sandbox: &SandboxHandle,
    event_id: u64,
    concurrency: usize,
) -> Vec<Vec<u8>> {
    let pages = u32::try_from(TICKETS.div_ceil(usize::try_from(PER_PAGE).unwrap())).unwrap();
    let url = format!("{}/events/{event_id}/tickets", sandbox.base_url());
    futures::stream::iter(1..=pages)
        .map(|page| {
            let request = http
                .get(&url)
                .header("X-API-Key", sandbox.api_key())
                .query(&[("page", page), ("per_page", PER_PAGE)]);
            async move {
                let response = request.send().await.unwrap().error_for_status().unwrap();
                Vec::from(response.bytes().await.unwrap())
            }
        })
        .buffered(concurrency)
        .collect()
        .await
}

/// Every ticket arrived exactly once, and nothing was skipped.
fn check_tickets(pages: &[Page<Ticket>]) {
    let expected_pages = TICKETS.div_ceil(usize::try_from(PER_PAGE).unwrap());
    assert_eq!(pages.len(), expected_pages, "pages");
    let mut ids = HashSet::with_capacity(TICKETS);
    let mut count = 0;
    for page in pages {
        assert!(
            page.skipped.is_empty(),
            "records skipped: {:?}",
            page.skipped
        );
        assert_eq!(page.items.len(), page.raw.len());
        for t in &page.items {
            count += 1;
            assert!(ids.insert(t.id), "ticket {} twice", t.id);
        }
    }
    assert_eq!(count, TICKETS, "tickets");
    assert_eq!(ids.len(), TICKETS, "unique tickets");
}

/// What the screens before the tickets need, read once from the sandbox.
struct ScreenFacts {
    events: Page<Event>,
    event: (Event, Value),
    editions: Page<Edition>,
    event_id: u64,
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn req_of(cmd: &Cmd) -> u64 {
    cmd.req().unwrap_or_default()
}

fn tickets_visible(m: &Model) -> usize {
    match m.top() {
        Some(Screen::Tickets(t)) => t.list.visible_len(),
        other => panic!("not on the tickets screen: {other:?}"),
    }
}

/// A page of a list as the executor sends it.
fn page_msg<T: Listable>(req: u64, page: u32, pages: u32, records: Page<T>) -> Msg {
    Msg::Reply {
        req,
        reply: Reply::Page(Ok(PageIn::new(page, pages, records))),
    }
}

/// Opens the stadium event's tickets the way a user does (events list,
/// `Enter`, `t`) and returns the tickets request.
fn open_tickets(m: &mut Model, facts: &ScreenFacts) -> u64 {
    let cmds = boxoffice::app::start(m);
    update(m, page_msg(req_of(&cmds[0]), 1, 1, facts.events.clone()));
    update(m, Msg::TaskDone);
    let index = facts
        .events
        .items
        .iter()
        .position(|e| e.id == facts.event_id)
        .unwrap();
    for _ in 0..index {
        person::key(m, key(KeyCode::Down));
    }
    let cmds = person::key(m, key(KeyCode::Enter));
    assert!(matches!(&cmds[0], Cmd::LoadEvent { id, .. } if *id == facts.event_id.to_string()));
    update(
        m,
        Msg::Reply {
            req: req_of(&cmds[0]),
            reply: Reply::Event(Ok(facts.event.clone())),
        },
    );
    update(m, page_msg(req_of(&cmds[1]), 1, 1, facts.editions.clone()));
    update(m, Msg::TaskDone);
    update(m, Msg::TaskDone);
    let cmds = person::key(m, key(KeyCode::Char('t')));
    match cmds.as_slice() {
        [
            Cmd::LoadList {
                req,
                list: ListQuery::Tickets { event_id },
            },
        ] if *event_id == facts.event_id => *req,
        other => panic!("expected the tickets request, got {other:?}"),
    }
}

/// This process's CPU time so far (user and system, all threads), from
/// `/proc/self/stat` in clock ticks of 10 ms.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

fn timed(m: &mut Model, msg: Msg) -> Duration {
    let started = Instant::now();
    let cmds = match msg {
        Msg::Key(k) => person::key(m, k),
        msg => update(m, msg),
    };
    let t = started.elapsed();
    assert!(cmds.is_empty());
    t
}

/// One run of step 3; returns the times in the order of the figures and the
/// rows shown after each filter letter.
fn tui_run(facts: &ScreenFacts, pages: &[Page<Ticket>]) -> (Vec<Duration>, Vec<usize>, u32) {
    let mut m = Model::new(bench_options(), "http://127.0.0.1:1", Instant::now(), SIZE);
    let req = open_tickets(&mut m, facts);
    let total = u32::try_from(pages.len()).unwrap();
    // The pages are cloned before the clock starts; turning records into
    // compact rows is the executor's work (its own figure), off `update`.
    let cloned: Vec<Page<Ticket>> = pages.to_vec();
    let started = Instant::now();
    let msgs: Vec<Msg> = cloned
        .into_iter()
        .zip(1..)
        .map(|(p, n)| page_msg(req, n, total, p))
        .collect();
    let rows_built = started.elapsed();
    let mut times = vec![rows_built];
    let mut slowest = (Duration::ZERO, 0);
    let started = Instant::now();
    for (msg, n) in msgs.into_iter().zip(1..) {
        slowest = slowest.max((timed(&mut m, msg), n));
    }
    times.push(started.elapsed());
    times.push(slowest.0);
    update(&mut m, Msg::TaskDone);
    assert_eq!(tickets_visible(&m), TICKETS);

    let mut found = Vec::new();
    times.push(timed(&mut m, Msg::Key(key(KeyCode::Char('/')))));
    for c in "ana".chars() {
        times.push(timed(&mut m, Msg::Key(key(KeyCode::Char(c)))));
        found.push(tickets_visible(&m));
    }
    times.push(timed(&mut m, Msg::Key(key(KeyCode::Esc))));
    assert_eq!(tickets_visible(&m), TICKETS);
    times.push(timed(&mut m, Msg::Key(key(KeyCode::Char('s')))));
    times.push(timed(&mut m, Msg::Key(key(KeyCode::Char('s')))));
    assert_eq!(tickets_visible(&m), TICKETS);
    // The process's CPU time (both sorting threads) over 20 sorts: a
    // figure a busy machine disturbs less than the clock on the wall.
    let before = cpu_time();
    let reverse = KeyEvent::new(KeyCode::Char('S'), KeyModifiers::SHIFT);
    for _ in 0..20 {
        timed(&mut m, Msg::Key(reverse));
    }
    times.push(cpu_time().saturating_sub(before) / 20);

    let mut terminal = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).unwrap();
    let started = Instant::now();
    terminal.draw(|frame| view(&m, frame)).unwrap();
    times.push(started.elapsed());
    (times, found, slowest.1)
}
