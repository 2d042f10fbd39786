//! `boxoffice export`: a business's records, read through the API, written
//! to one JSON file that `boxoffice sandbox --from` serves (docs/sandbox.md,
//! "Wearing your business").
//!
//! Streaming: each page and each single record is written as it arrives
//! and dropped; what is kept is ids (to read each record's own answer, and
//! with `--events` the customers and orders the tickets name). Lists are
//! read as every list is (page 1, then the rest `--concurrency` at once, in
//! order, retried), single records `--concurrency` at once, in order.
//!
//! The file (`"format": "boxoffice-export"`, version 1) is one object of
//! sections, one record per line, in this order: `events`, `editions` and
//! `tickets` (groups `{"event": id, "data": [...]}`), `orders`,
//! `order_details`, `customers`, `customer_details`, `products`,
//! `product_details`, `courses`, `course_details`, `enrollments` (groups
//! `{"course": id, "data": [...]}`). Records are as the client reads them:
//! strings sanitised (docs/wire-contract.md), everything else as sent.

use std::collections::BTreeSet;
use std::future::Future;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use futures::StreamExt;
use serde::Deserialize;
use serde_json::Value;

use super::Failure;
use crate::api::model::{Page, Record};
use crate::api::paging::stream_pages;
use crate::api::paths::{self, PAGE_SIZE};
use crate::api::{ApiError, Client};
use crate::cli::ExportArgs;
use crate::i18n::Tongue;

/// The sections of the file, in its order (the progress line counts by them).
const SECTIONS: [&str; 12] = [
    "events",
    "editions",
    "tickets",
    "orders",
    "order_details",
    "customers",
    "customer_details",
    "products",
    "product_details",
    "courses",
    "course_details",
    "enrollments",
];

/// Runs `export`; its lines on stderr in `t`'s language (the file is the
/// same in every language).
pub async fn run(client: &Client, args: &ExportArgs, t: &'static Tongue) -> Result<(), Failure> {
    let mut output = Output::create(&args.output)?;
    let mut export = Export {
        client,
        t,
        concurrency: client.config().pages(),
        file: Writer::new(output.writer()?),
        progress: Progress::new(t),
        only: !args.events.is_empty(),
        lists_only: args.lists_only,
        customers: BTreeSet::new(),
        orders: BTreeSet::new(),
    };
    // Ctrl-C: nothing more is read, and no file is left that looks whole.
    let result = tokio::select! {
        result = export.all(args) => result,
        _ = tokio::signal::ctrl_c() => Err(Failure::Other(
            crate::i18n::Said::new("export-cmd-interrupted").arg("path", &args.output).into(),
        )),
    };
    let counts = export.progress.clear();
    let result = result.and_then(|()| export.file.finish());
    drop(export);
    match result.and_then(|()| output.keep()) {
        Ok(()) => {
            eprintln!(
                "boxoffice: {}",
                t.ta(
                    "export-cmd-done",
                    &[
                        ("counts", &Progress::line(&counts, t)),
                        ("path", &args.output)
                    ]
                )
            );
            Ok(())
        }
        Err(failure) => {
            output.discard();
            Err(failure)
        }
    }
}

/// A record whose id is all that is read (the rest is written as sent).
#[derive(Debug, Deserialize)]
struct Raw {
    #[serde(deserialize_with = "id")]
    id: u64,
}

impl Record for Raw {
    const NAME: &'static str = "record";
    fn id(&self) -> u64 {
        self.id
    }
}

/// An id: a number or a numeric string.
fn id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let value = Value::deserialize(d)?;
    number(&value).ok_or_else(|| serde::de::Error::custom(format!("not an id: {value}")))
}

fn number(value: &Value) -> Option<u64> {
    value
        .as_u64()
        .or_else(|| value.as_str().and_then(|s| s.trim().parse().ok()))
}

struct Export<'a> {
    client: &'a Client,
    /// The staff's words, for the warnings.
    t: &'static Tongue,
    concurrency: crate::api::paging::Concurrency,
    file: Writer<Box<dyn Write + Send>>,
    progress: Progress,
    /// `--events`: only those events, and what their tickets name.
    only: bool,
    /// `--lists-only`: no single records.
    lists_only: bool,
    /// The customers and orders to read one by one: every one listed, or
    /// with `--events` those the tickets (and their orders) name.
    customers: BTreeSet<u64>,
    orders: BTreeSet<u64>,
}

impl Export<'_> {
    async fn all(&mut self, args: &ExportArgs) -> Result<(), Failure> {
        let client = self.client;
        self.file
            .header(client.host(), &crate::clock::now_utc(None))?;
        let events = self.events(&args.events).await?;
        // Each event's editions; then every edition's tickets (an event
        // without editions is its own single edition).
        self.file.section("editions")?;
        let mut targets = Vec::new();
        for &event in &events {
            let page = client.editions(event).await?;
            warn(&page, self.t);
            self.file.group("event", event)?;
            for (item, raw) in page.items.iter().zip(&page.raw) {
                targets.push(item.id());
                self.record("editions", raw)?;
            }
            self.file.end_group()?;
            if page.items.is_empty() {
                targets.push(event);
            }
        }
        self.file.section("tickets")?;
        for target in targets {
            self.file.group("event", target)?;
            self.pages("tickets", |p| client.tickets(target, p, PAGE_SIZE))
                .await?;
            self.file.end_group()?;
        }
        self.file.section("orders")?;
        if !self.only {
            self.orders = self
                .pages("orders", |p| client.orders(p, PAGE_SIZE))
                .await?;
        }
        let orders = std::mem::take(&mut self.orders);
        self.read_each("order_details", paths::order, &orders)
            .await?;
        self.file.section("customers")?;
        if !self.only {
            self.customers = self
                .pages("customers", |p| client.customers(p, PAGE_SIZE))
                .await?;
        }
        let customers = std::mem::take(&mut self.customers);
        self.read_each("customer_details", paths::customer, &customers)
            .await?;
        let (mut products, mut courses) = (BTreeSet::new(), BTreeSet::new());
        self.file.section("products")?;
        if !self.only {
            products = self
                .pages("products", |p| client.products(p, PAGE_SIZE))
                .await?;
        }
        self.read_each("product_details", paths::product, &products)
            .await?;
        self.file.section("courses")?;
        if !self.only {
            courses = self
                .pages("courses", |p| client.courses(p, PAGE_SIZE))
                .await?;
        }
        self.read_each("course_details", paths::course, &courses)
            .await?;
        self.file.section("enrollments")?;
        for &course in &courses {
            self.file.group("course", course)?;
            self.pages("enrollments", |p| {
                client.course_enrollments(course, p, PAGE_SIZE)
            })
            .await?;
            self.file.end_group()?;
        }
        Ok(())
    }

    /// The main events: those given (an edition's id stands for its
    /// event), or every one listed. Their ids, in order.
    async fn events(&mut self, given: &[String]) -> Result<Vec<u64>, Failure> {
        let client = self.client;
        self.file.section("events")?;
        if given.is_empty() {
            let mut ids = Vec::new();
            let mut pages = std::pin::pin!(stream_pages(
                |p| client.events(p, PAGE_SIZE),
                self.concurrency
            ));
            while let Some(page) = pages.next().await {
                let page = page?;
                warn(&page, self.t);
                for (item, raw) in page.items.iter().zip(&page.raw) {
                    ids.push(item.id());
                    self.record("events", raw)?;
                }
            }
            return Ok(ids);
        }
        let mut ids = Vec::new();
        for key in given {
            let (mut event, mut raw) = client.get_one::<Raw>(&paths::event(key.trim())).await?;
            if raw["is_variant"] == true
                && let Some(parent) = number(&raw["parent_id"])
            {
                (event, raw) = client
                    .get_one::<Raw>(&paths::event(&parent.to_string()))
                    .await?;
            }
            if !ids.contains(&event.id) {
                ids.push(event.id);
                self.record("events", &raw)?;
            }
        }
        Ok(ids)
    }

    fn record(&mut self, section: &str, raw: &Value) -> Result<(), Failure> {
        self.file.record(raw)?;
        self.progress.add(section);
        Ok(())
    }

    /// Every page of a list into the open section or group; the records'
    /// ids. With `--events`, a ticket's customer and order are noted.
    async fn pages<T, F, Fut>(&mut self, section: &str, fetch: F) -> Result<BTreeSet<u64>, Failure>
    where
        T: Record,
        F: Fn(u32) -> Fut,
        Fut: Future<Output = Result<Page<T>, ApiError>>,
    {
        let mut ids = BTreeSet::new();
        let note = self.only && section == "tickets";
        let mut pages = std::pin::pin!(stream_pages(fetch, self.concurrency));
        while let Some(page) = pages.next().await {
            let page = page?;
            warn(&page, self.t);
            for (item, raw) in page.items.iter().zip(&page.raw) {
                ids.insert(item.id());
                if note {
                    self.customers.extend(number(&raw["attendee"]["id"]));
                    self.orders.extend(number(&raw["order"]["id"]));
                }
                self.record(section, raw)?;
            }
        }
        Ok(ids)
    }

    /// `GET` each of `ids` at `path` (`--concurrency` at once, in order)
    /// into `section`, unless `--lists-only`. A record the API refuses
    /// (gone since it was named) is left out with a warning.
    async fn read_each(
        &mut self,
        section: &str,
        path: fn(u64) -> Vec<String>,
        ids: &BTreeSet<u64>,
    ) -> Result<(), Failure> {
        self.file.section(section)?;
        if self.lists_only {
            return Ok(());
        }
        let client = self.client;
        let mut answers = futures::stream::iter(ids.iter().copied())
            .map(|id| async move { (id, client.get_one::<Raw>(&path(id)).await) })
            .buffered(self.concurrency.start);
        while let Some((id, answer)) = answers.next().await {
            match answer {
                Ok((_, raw)) => {
                    // With `--events`, an order's customer is read too.
                    if self.only && section == "order_details" {
                        self.customers.extend(number(&raw["customer"]["id"]));
                    }
                    self.record(section, &raw)?;
                }
                Err(ApiError::Api { message, .. }) => {
                    eprintln!(
                        "boxoffice: {}",
                        self.t.ta(
                            "export-cmd-left-out",
                            &[
                                ("section", &self.t.list_noun(section)),
                                ("id", &id),
                                ("message", &message)
                            ]
                        )
                    );
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }
}

/// Records that could not be read are left out, and said (what was
/// wrong as the reading said it).
fn warn<T>(page: &Page<T>, t: &Tongue) {
    for skipped in &page.skipped {
        eprintln!(
            "boxoffice: {}",
            t.ta("export-cmd-skipped", &[("what", &skipped)])
        );
    }
}

fn write_failure(e: &io::Error) -> Failure {
    Failure::Other(
        crate::i18n::Said::new("export-cmd-cannot-write")
            .arg("error", e)
            .into(),
    )
}

/// The file as it is written: one object of sections of records (or of
/// groups of records), one record per line.
struct Writer<W: Write> {
    out: W,
    /// A section is open; nothing is in it yet.
    section: Option<bool>,
    /// A group is open; nothing is in it yet.
    group: Option<bool>,
}

impl<W: Write> Writer<W> {
    fn new(out: W) -> Self {
        Self {
            out,
            section: None,
            group: None,
        }
    }

    fn write(&mut self, text: &[u8]) -> Result<(), Failure> {
        self.out.write_all(text).map_err(|e| write_failure(&e))
    }

    /// The header fields, the object left open for the sections.
    fn header(&mut self, business: &str, at: &str) -> Result<(), Failure> {
        let header = serde_json::json!({
            "format": "boxoffice-export",
            "version": 1,
            "exported_at": at,
            "business": business,
        })
        .to_string();
        self.write(&header.as_bytes()[..header.len() - 1])
    }

    fn close_section(&mut self) -> Result<(), Failure> {
        match self.section.take() {
            Some(true) => self.write(b"]"),
            Some(false) => self.write(b"\n]"),
            None => Ok(()),
        }
    }

    fn section(&mut self, name: &str) -> Result<(), Failure> {
        self.close_section()?;
        self.write(format!(",\n\"{name}\":[").as_bytes())?;
        self.section = Some(true);
        Ok(())
    }

    /// A separator before an element of the open section.
    fn element(&mut self) -> Result<(), Failure> {
        let first = self.section.replace(false).unwrap_or(true);
        self.write(if first { b"\n" } else { b",\n" })
    }

    fn group(&mut self, key: &str, id: u64) -> Result<(), Failure> {
        self.element()?;
        self.write(format!("{{\"{key}\":{id},\"data\":[").as_bytes())?;
        self.group = Some(true);
        Ok(())
    }

    fn end_group(&mut self) -> Result<(), Failure> {
        match self.group.take() {
            Some(true) => self.write(b"]}"),
            _ => self.write(b"\n]}"),
        }
    }

    fn record(&mut self, value: &Value) -> Result<(), Failure> {
        match self.group {
            Some(first) => {
                self.group = Some(false);
                self.write(if first { b"\n" } else { b",\n" })?;
            }
            None => self.element()?,
        }
        serde_json::to_writer(&mut self.out, value).map_err(|e| write_failure(&e.into()))
    }

    fn finish(&mut self) -> Result<(), Failure> {
        self.close_section()?;
        self.write(b"\n}\n")?;
        self.out.flush().map_err(|e| write_failure(&e))
    }
}

/// Where the file goes: stdout (`-`), or a file written beside its final
/// name and renamed over it when complete, so a failed export leaves no
/// file that looks whole. Private to its owner (0600): it holds people's
/// names, e-mails and phones.
enum Output {
    Stdout,
    File { partial: PathBuf, path: PathBuf },
}

impl Output {
    fn create(name: &str) -> Result<Self, Failure> {
        if name == "-" {
            return Ok(Self::Stdout);
        }
        let path = PathBuf::from(name);
        let Some(file_name) = path.file_name() else {
            return Err(Failure::Usage(
                crate::i18n::Said::new("export-cmd-not-a-file-name")
                    .arg("name", format!("{name:?}"))
                    .into(),
            ));
        };
        let mut partial = file_name.to_os_string();
        partial.push(".partial");
        Ok(Self::File {
            partial: path.with_file_name(partial),
            path,
        })
    }

    fn writer(&mut self) -> Result<Box<dyn Write + Send>, Failure> {
        match self {
            Self::Stdout => Ok(Box::new(io::BufWriter::new(io::stdout()))),
            Self::File { partial, .. } => {
                let mut options = std::fs::OpenOptions::new();
                options.write(true).create(true).truncate(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
                let file = options
                    .open(&*partial)
                    .map_err(|e| Failure::Other(cannot_write(partial, &e)))?;
                Ok(Box::new(io::BufWriter::with_capacity(1 << 16, file)))
            }
        }
    }

    fn keep(&self) -> Result<(), Failure> {
        match self {
            Self::Stdout => Ok(()),
            Self::File { partial, path } => {
                std::fs::rename(partial, path).map_err(|e| Failure::Other(cannot_write(path, &e)))
            }
        }
    }

    fn discard(&self) {
        if let Self::File { partial, .. } = self {
            let _ = std::fs::remove_file(partial);
        }
    }
}

/// `path` cannot be written: `e`.
fn cannot_write(path: &std::path::Path, e: &io::Error) -> super::failure::Text {
    crate::i18n::Said::new("export-cannot-write")
        .arg("path", path.display())
        .arg("error", e)
        .into()
}

/// The progress line on stderr: redrawn in place on a terminal (at most
/// ten times a second), one line per section otherwise.
struct Progress {
    counts: [u64; SECTIONS.len()],
    tty: bool,
    drawn: Option<Instant>,
    at: usize,
    t: &'static Tongue,
}

impl Progress {
    fn new(t: &'static Tongue) -> Self {
        Self {
            counts: [0; SECTIONS.len()],
            tty: io::stderr().is_terminal(),
            drawn: None,
            at: 0,
            t,
        }
    }

    /// "12 events, 27 editions, 700 tickets, …" (sections with records),
    /// in `t`'s words.
    fn line(counts: &[u64], t: &Tongue) -> String {
        let parts: Vec<String> = SECTIONS
            .iter()
            .zip(counts)
            .filter(|(_, n)| **n > 0)
            .map(|(name, n)| Self::count(t, *n, name))
            .collect();
        if parts.is_empty() {
            t.t("export-cmd-no-records")
        } else {
            parts.join(", ")
        }
    }

    /// "700 tickets": a section's count and noun (a language may choose
    /// the noun's singular by the section's name).
    fn count(t: &Tongue, n: u64, section: &str) -> String {
        t.ta(
            "export-cmd-count",
            &[
                ("count", &n),
                ("section", &section),
                ("noun", &t.list_noun(section)),
            ],
        )
    }

    /// The line "export: 700 tickets" of the section at `i`.
    fn section_line(&self, i: usize) -> String {
        let count = Self::count(self.t, self.counts[i], SECTIONS[i]);
        self.t.ta("export-cmd-progress", &[("count", &count)])
    }

    fn add(&mut self, section: &str) {
        let Some(i) = SECTIONS.iter().position(|s| *s == section) else {
            return;
        };
        if !self.tty && i != self.at && self.counts[self.at] > 0 {
            eprintln!("boxoffice: {}", self.section_line(self.at));
        }
        self.at = i;
        self.counts[i] += 1;
        if self.tty
            && self
                .drawn
                .is_none_or(|t| t.elapsed() >= Duration::from_millis(100))
        {
            self.drawn = Some(Instant::now());
            // Short, so it never wraps: a wrapped line is not redrawn in place.
            let total: u64 = self.counts.iter().sum();
            let line = format!(
                "boxoffice: {}",
                self.t.ta(
                    "export-cmd-progress-total",
                    &[
                        ("count", &Self::count(self.t, self.counts[i], SECTIONS[i])),
                        ("total", &total)
                    ]
                )
            );
            let width = crossterm::terminal::size().map_or(80, |(w, _)| usize::from(w));
            let line: String = line.chars().take(width.saturating_sub(1)).collect();
            eprint!("\r{line}\x1b[K");
        }
    }

    /// Ends the line; the counts.
    fn clear(&mut self) -> [u64; SECTIONS.len()] {
        if self.tty && self.drawn.is_some() {
            eprint!("\r\x1b[K");
        } else if !self.tty && self.counts[self.at] > 0 {
            eprintln!("boxoffice: {}", self.section_line(self.at));
        }
        self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_writer_makes_one_json_object_of_sections_and_groups() {
        let mut w = Writer::new(Vec::new());
        let run = |w: &mut Writer<Vec<u8>>| -> Result<(), Failure> {
            w.header("shop.example.com", "2026-03-14 10:00:00")?;
            w.section("events")?;
            w.record(&serde_json::json!({"id": 1}))?;
            w.record(&serde_json::json!({"id": 2, "name": "\u{1b}x"}))?;
            w.section("editions")?;
            w.group("event", 1)?;
            w.end_group()?;
            w.group("event", 2)?;
            w.record(&serde_json::json!({"id": 3}))?;
            w.record(&serde_json::json!({"id": 4}))?;
            w.end_group()?;
            w.section("tickets")?;
            w.finish()
        };
        assert!(run(&mut w).is_ok());
        let text = String::from_utf8(w.out).unwrap_or_default();
        let value: Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(value["format"], "boxoffice-export");
        assert_eq!(value["events"][1]["name"], "\u{1b}x");
        assert_eq!(value["editions"][0]["data"], serde_json::json!([]));
        assert_eq!(value["editions"][1]["data"][1]["id"], 4);
        assert_eq!(value["tickets"], serde_json::json!([]));
        // One record per line.
        assert!(text.lines().any(|l| l == "{\"id\":3},"));
    }
}
