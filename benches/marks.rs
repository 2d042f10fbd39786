//! Marks at scale (issue 19): `cargo bench --bench marks`.
//!
//! The 100,000 tickets of the large sandbox's stadium event, read once with
//! the real client, are fed to the pure `update` as the runtime would; then
//! each figure is a key through `update` plus one draw of the frame at
//! 160×45 (the mark column included), timed with `Instant` — what a key
//! costs before it is seen. Target: p99 ≤ 16 ms (one frame).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use boxoffice::api::model::{Page, Ticket};
use boxoffice::api::paging::stream_pages;
use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::app::list::{ListQuery, Listable, PageIn};
use boxoffice::app::screens::Screen;
use boxoffice::app::{AppOptions, Cmd, Model, Msg, Reply, update, view};
use boxoffice::sandbox::{self, SandboxConfig, Scale};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use futures::StreamExt;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const TICKETS: usize = 100_000;
const SIZE: (u16, u16) = (160, 45);
const TARGET_P99: Duration = Duration::from_millis(16);

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let (m, req, pages) = rt.block_on(read());
    run(m, req, pages);
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Msg {
    Msg::Key(KeyEvent::new(code, modifiers))
}

fn plain(c: char) -> Msg {
    key(KeyCode::Char(c), KeyModifiers::NONE)
}

fn page_msg<T: Listable>(req: u64, page: u32, pages: u32, records: Page<T>) -> Msg {
    Msg::Reply {
        req,
        reply: Reply::Page(Ok(PageIn::new(page, pages, records))),
    }
}

/// The model on the stadium event's tickets (not yet loaded), its request,
/// and the pages to feed it.
async fn read() -> (Model, u64, Vec<Page<Ticket>>) {
    let sb = sandbox::spawn(SandboxConfig {
        scale: Scale::Large,
        now: Some("2026-11-25 10:00:00".into()),
        ..Default::default()
    })
    .await
    .unwrap();
    let client = Client::new(ClientConfig::new(sb.base_url(), ApiKey::new(sb.api_key()))).unwrap();
    let events = client.events(1, 100).await.unwrap();
    let event_id = events
        .items
        .iter()
        .find(|e| e.name.as_deref() == Some("Stadium Tour Mega Show"))
        .unwrap()
        .id;
    let event = client.event(&event_id.to_string()).await.unwrap();
    let editions = client.editions(event_id).await.unwrap();
    let mut pages = Vec::new();
    let mut stream = std::pin::pin!(stream_pages(|p| client.tickets(event_id, p, 100), 8));
    while let Some(page) = stream.next().await {
        pages.push(page.unwrap());
    }
    let options = AppOptions {
        desk_only: false,
        business: "bench".into(),
        readonly: false,
        pinned_now: None,
        desk: "desk-1".into(),
        checkin: None,
        door: None,
        bell: true,
        settings: boxoffice::app::settings::Settings::default(),
    };
    let mut m = Model::new(options, "http://127.0.0.1:1", Instant::now(), SIZE);
    let cmds = boxoffice::app::start(&mut m);
    update(
        &mut m,
        page_msg(cmds[0].req().unwrap(), 1, 1, events.clone()),
    );
    update(&mut m, Msg::TaskDone);
    let at = events.items.iter().position(|e| e.id == event_id).unwrap();
    for _ in 0..at {
        update(&mut m, plain('j'));
    }
    let cmds = update(&mut m, key(KeyCode::Enter, KeyModifiers::NONE));
    update(
        &mut m,
        Msg::Reply {
            req: cmds[0].req().unwrap(),
            reply: Reply::Event(Ok(event)),
        },
    );
    update(&mut m, page_msg(cmds[1].req().unwrap(), 1, 1, editions));
    update(&mut m, Msg::TaskDone);
    update(&mut m, Msg::TaskDone);
    let cmds = update(&mut m, plain('t'));
    let [
        Cmd::LoadList {
            req,
            list: ListQuery::Tickets { .. },
        },
    ] = cmds.as_slice()
    else {
        panic!("{cmds:?}")
    };
    (m, *req, pages)
}

fn marked(m: &Model) -> usize {
    match m.top() {
        Some(Screen::Tickets(t)) => t.list.marks.len(),
        other => panic!("not on the tickets: {other:?}"),
    }
}

/// A key through `update`, then one frame drawn: the time of both.
fn key_and_frame(m: &mut Model, term: &mut Terminal<TestBackend>, msg: Msg) -> Duration {
    let started = Instant::now();
    update(m, msg);
    term.draw(|f| view(m, f)).unwrap();
    started.elapsed()
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let last = sorted.len().saturating_sub(1);
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let i = ((last as f64) * q).round() as usize;
    sorted[i.min(last)]
}

fn row(name: &str, samples: &mut [Duration]) {
    samples.sort_unstable();
    let ms = |d: Duration| format!("{:.2}", d.as_secs_f64() * 1000.0);
    let p99 = quantile(samples, 0.99);
    println!(
        "{name:<58} {:>4}  {:>7} {:>7} {:>7} {:>7}  {}",
        samples.len(),
        ms(quantile(samples, 0.5)),
        ms(quantile(samples, 0.9)),
        ms(p99),
        ms(samples[samples.len() - 1]),
        if p99 <= TARGET_P99 { "ok" } else { "OVER" }
    );
}

fn run(mut m: Model, req: u64, pages: Vec<Page<Ticket>>) {
    let total = u32::try_from(pages.len()).unwrap();
    for (p, n) in pages.into_iter().zip(1..) {
        update(&mut m, page_msg(req, n, total, p));
    }
    update(&mut m, Msg::TaskDone);
    let mut term = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).unwrap();
    term.draw(|f| view(&m, f)).unwrap();
    println!(
        "boxoffice marks bench: {TICKETS} tickets, {}x{} frame, {} build",
        SIZE.0,
        SIZE.1,
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );
    println!(
        "{:<58} {:>4}  {:>7} {:>7} {:>7} {:>7}  target p99 16 ms",
        "key + frame (ms)", "n", "median", "p90", "p99", "max"
    );
    let (mut all, mut clear) = (Vec::new(), Vec::new());
    for _ in 0..30 {
        all.push(key_and_frame(
            &mut m,
            &mut term,
            key(KeyCode::Char('a'), KeyModifiers::CONTROL),
        ));
        assert_eq!(marked(&m), TICKETS);
        clear.push(key_and_frame(&mut m, &mut term, plain('u')));
        assert_eq!(marked(&m), 0);
    }
    // The toasts of those keys would cover the table: gone before the rest.
    update(&mut m, Msg::Tick(Instant::now() + Duration::from_secs(60)));
    row("Ctrl-a: mark all 100,000 shown", &mut all);
    row("u: unmark 100,000", &mut clear);
    update(&mut m, key(KeyCode::Char('a'), KeyModifiers::CONTROL));
    update(&mut m, Msg::Tick(Instant::now() + Duration::from_secs(120)));
    let mut space = Vec::new();
    for _ in 0..300 {
        space.push(key_and_frame(&mut m, &mut term, plain(' ')));
    }
    row(
        "Space: unmark/mark one, 100,000 marked, mark column",
        &mut space,
    );
    let mut moves = Vec::new();
    for i in 0..300 {
        let c = if i % 2 == 0 { 'j' } else { 'k' };
        moves.push(key_and_frame(&mut m, &mut term, plain(c)));
    }
    row("j/k: move, 100,000 marked, mark column", &mut moves);
    let mut frames = Vec::new();
    for _ in 0..300 {
        let started = Instant::now();
        term.draw(|f| view(&m, f)).unwrap();
        frames.push(started.elapsed());
    }
    row("frame alone: 160x45 with the mark column", &mut frames);
    let mut bulk = Vec::new();
    for _ in 0..10 {
        bulk.push(key_and_frame(&mut m, &mut term, plain('x')));
        update(&mut m, key(KeyCode::Esc, KeyModifiers::NONE));
    }
    row("x: the bulk confirmation over ~100,000 marked", &mut bulk);
}
