//! `boxoffice door stats <event>` and `boxoffice door report <event> --svg
//! FILE`: the door's figures from the desk log (the shared log with
//! `--desk-db`, else this machine's), headless — the same figures the
//! dashboard shows (`door::stats`), as a table, JSON or CSV, or drawn as
//! the day's report (docs/desk.md#the-door-at-a-glance).

use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::process::ExitCode;

use futures::StreamExt;
use serde_json::json;

use super::Failure;
use super::served::{Served, blocking, fail, find_door, open_log};
use crate::api::Client;
use crate::api::paging::stream_pages;
use crate::api::paths::PAGE_SIZE;
use crate::cli::{DoorStatsArgs, Format, GlobalArgs};
use crate::clock;
use crate::door::stats::{DoorStats, Figures};
use crate::door::{Target, report};
use crate::i18n::Tongue;
use crate::store::{Cursor, DeskLog, LaneUse, StoreError};

/// The most changes one read asks for.
pub const PAGE: usize = 5000;

/// A bucket's length from "5m", "15m", "1h", "30s" or seconds.
pub fn bucket_seconds(s: &str) -> Result<i64, String> {
    let s = s.trim();
    let (n, unit) = match s.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => (&s[..i], &s[i..]),
        None => (s, "s"),
    };
    let n: i64 = n
        .parse()
        .map_err(|_| format!("{s:?} is not a bucket: give 5m, 15m, 1h or seconds"))?;
    let secs = match unit {
        "s" => n,
        "m" | "min" => n * 60,
        "h" => n * 3600,
        _ => {
            return Err(format!(
                "{s:?} is not a bucket: give 5m, 15m, 1h or seconds"
            ));
        }
    };
    if (60..=86_400).contains(&secs) {
        Ok(secs)
    } else {
        Err(format!("a bucket is from 1m to 24h, not {s}"))
    }
}

/// Reads the door of `event_id` from `cursor` until nothing more is new;
/// the cursor read on to.
pub fn read_all(
    log: &mut dyn DeskLog,
    event_id: u64,
    stats: &mut DoorStats,
    mut cursor: Cursor,
    until: Option<&str>,
) -> Result<Cursor, StoreError> {
    loop {
        let read = log.door_read(event_id, &cursor, PAGE)?;
        stats.take_until(&read, until);
        let more = read.changes.len() == PAGE;
        cursor = read.cursor;
        if !more {
            return Ok(cursor);
        }
    }
}

/// The valid (confirmed) tickets of the door's list, read from the API.
pub async fn valid_tickets(client: &Client, event_id: u64) -> Result<u64, Failure> {
    let concurrency = client.config().concurrency;
    let mut pages = Box::pin(stream_pages(
        move |p| client.tickets(event_id, p, PAGE_SIZE),
        concurrency,
    ));
    let mut valid = 0;
    while let Some(page) = pages.next().await {
        let page = page?;
        valid += page
            .items
            .iter()
            .filter(|t| t.status.as_deref() == Some("confirmed"))
            .count() as u64;
    }
    Ok(valid)
}

/// `door stats` (`svg`: None) and `door report` (`svg`: where to write it).
pub async fn run(
    global: &GlobalArgs,
    demo: bool,
    args: &DoorStatsArgs,
    svg: Option<&std::path::Path>,
) -> ExitCode {
    let bucket = match bucket_seconds(&args.bucket) {
        Ok(b) => b,
        Err(e) => return fail(global, &Failure::Usage(e.into())),
    };
    if let Some(at) = &args.at
        && crate::door::epoch_seconds(at).is_none()
    {
        return fail(
            global,
            &Failure::Usage(
                format!("--at {at:?}: give a time as YYYY-MM-DD HH:MM:SS (UTC)").into(),
            ),
        );
    }
    Served::run(global, demo, async |client, business, pinned| {
        let wall = clock::now_utc(pinned.as_deref());
        let target = find_door(&client, args.event.trim(), &wall).await?;
        let valid = valid_tickets(&client, target.event_id).await?;
        let log = open_log(global, &business, demo, LaneUse::Reader).await?;
        let event_id = target.event_id;
        let until = args.at.clone();
        let (_, stats) = blocking(log, "", move |l| {
            let mut stats = DoorStats::new(bucket);
            read_all(l, event_id, &mut stats, Cursor::default(), until.as_deref())?;
            Ok(stats)
        })
        .await?;
        let mut stats = stats;
        stats.set_valid(Some(valid));
        let at = args
            .at
            .clone()
            .unwrap_or_else(|| clock::now_utc(pinned.as_deref()));
        let figures = stats.figures(&at);
        match svg {
            Some(path) => {
                let lanes = stats.lane_series(&figures.buckets);
                let exits = stats.exit_series(&figures.buckets);
                let drawn = report::svg(&target.title, &figures, &lanes, &exits);
                std::fs::write(path, drawn).map_err(|e| {
                    Failure::Other(
                        crate::i18n::Said::new("failure-cannot-write-file")
                            .arg("path", path.display())
                            .arg("error", e)
                            .into(),
                    )
                })?;
                println!(
                    "{}: {} buckets, {} arrivals, {} lanes",
                    path.display(),
                    figures.buckets.len(),
                    figures.buckets.iter().map(|b| b.arrivals).sum::<u64>(),
                    lanes.len()
                );
                Ok(())
            }
            None => print(
                global.format,
                &target,
                &figures,
                &stats,
                super::words(global),
            ),
        }
    })
    .await
}

fn print(
    format: Option<Format>,
    target: &Target,
    f: &Figures,
    stats: &DoorStats,
    tongue: &Tongue,
) -> Result<(), Failure> {
    let clean = |s: &str| crate::sanitize::clean(s).into_owned();
    let lanes = stats.lane_series(&f.buckets);
    let mut out = io::stdout().lock();
    let written = match format {
        Some(Format::Json | Format::Raw) => {
            let mut v = serde_json::to_value(f).unwrap_or_default();
            v["event_id"] = json!(target.event_id);
            v["title"] = json!(clean(&target.title));
            for (i, b) in f.buckets.iter().enumerate() {
                let by: serde_json::Map<String, serde_json::Value> = lanes
                    .iter()
                    .filter(|l| l.1[i] > 0)
                    .map(|(lane, n)| (clean(lane), json!(n[i])))
                    .collect();
                v["buckets"][i]["lanes"] = serde_json::Value::Object(by);
                let _ = b;
            }
            writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&v).unwrap_or_default()
            )
        }
        Some(Format::Csv) => {
            let mut text = String::from("bucket_start,arrivals,inside");
            for (lane, _) in &lanes {
                text.push(',');
                text.push_str(&csv(&clean(lane)));
            }
            text.push('\n');
            for (i, b) in f.buckets.iter().enumerate() {
                let _ = write!(text, "{},{},{}", b.start, b.arrivals, b.inside);
                for (_, n) in &lanes {
                    let _ = write!(text, ",{}", n[i]);
                }
                text.push('\n');
            }
            write!(out, "{text}")
        }
        Some(Format::Table) | None => write!(out, "{}", table(target, f, tongue)),
    };
    written.map_err(|e| {
        Failure::Other(
            crate::i18n::Said::new("failure-cannot-write-bare")
                .arg("error", e)
                .into(),
        )
    })
}

fn csv(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// The figures as a person reads them, in `t`'s words (English as it
/// always read).
pub fn table(target: &Target, f: &Figures, t: &Tongue) -> String {
    let clean = |s: &str| crate::sanitize::clean(s).into_owned();
    let mut out = String::new();
    let time = |s: &str| s.get(11..16).unwrap_or(s).to_owned();
    let _ = writeln!(
        out,
        "{}",
        t.ta(
            "stats-title",
            &[
                ("title", &clean(&target.title)),
                ("id", &target.event_id),
                ("time", &time(&f.at)),
            ],
        )
    );
    // The labels in a column as wide as the widest and two spaces.
    let labels = [
        "stats-inside-now",
        "door-admitted",
        "stats-still-to-come",
        "door-busiest",
    ]
    .map(|id| t.t(id));
    let label_w = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 2;
    let [inside_now, admitted, to_come, busiest] = &labels;
    let inside = match f.capacity {
        Some(c) => t.ta(
            "stats-of-capacity",
            &[("inside", &f.inside), ("capacity", &c)],
        ),
        None => f.inside.to_string(),
    };
    let _ = writeln!(out, "{inside_now:label_w$}{inside}");
    let of = match (f.valid, f.percent) {
        (Some(v), Some(p)) => t.ta(
            "stats-of-valid-percent",
            &[
                ("admitted", &f.admitted),
                ("valid", &v),
                ("percent", &t.decimal(p)),
            ],
        ),
        (Some(v), None) => t.ta(
            "stats-of-valid",
            &[("admitted", &f.admitted), ("valid", &v)],
        ),
        _ => f.admitted.to_string(),
    };
    let _ = writeln!(out, "{admitted:label_w$}{of}");
    if let Some(c) = f.to_come {
        let _ = writeln!(out, "{to_come:label_w$}{c}");
    }
    let _ = writeln!(
        out,
        "{}",
        t.ta(
            "door-moves",
            &[
                ("exits", &f.exits),
                ("conflicts", &f.conflicts),
                ("forced", &f.forced),
            ],
        )
    );
    if let Some(b) = &f.busiest {
        let _ = writeln!(
            out,
            "{busiest:label_w$}{}–{}: {}",
            time(&b.start),
            time(&b.end),
            t.ta("door-arrived", &[("count", &b.arrivals)])
        );
    }
    out.push('\n');
    let width = f
        .lanes
        .iter()
        .map(|l| clean(&l.lane).chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let head = |id: &str| t.t(id).to_uppercase();
    let (lane, adm, rate, last, state) = (
        head("door-col-lane"),
        head("door-col-admitted"),
        head("door-col-rate"),
        head("door-col-last-scan"),
        head("door-col-state"),
    );
    let width = width.max(lane.chars().count());
    let aw = adm.chars().count().max(8);
    let rw = rate.chars().count().max(5);
    let lw = last.chars().count().max(10);
    let _ = writeln!(
        out,
        "{lane:width$}  {adm:>aw$}  {rate:>rw$}  {last:>lw$}  {state}"
    );
    for l in &f.lanes {
        let _ = writeln!(
            out,
            "{:width$}  {:>aw$}  {:>rw$}  {:>lw$}  {}",
            clean(&l.lane),
            l.admissions,
            t.decimal(l.rate),
            l.last_scan_age.map_or_else(|| "—".into(), |s| t.age(s)),
            t.lane_state(l.state)
        );
    }
    out.push('\n');
    let (from, arrivals, inside) = (
        head("stats-col-from"),
        head("stats-col-arrivals"),
        head("door-inside"),
    );
    let fw = from.chars().count().max(5);
    let arw = arrivals.chars().count().max(8);
    let iw = inside.chars().count().max(6);
    let _ = writeln!(
        out,
        "{from:<fw$}  {arrivals:>arw$}  {inside:>iw$}   {}",
        t.ta("stats-per", &[("minutes", &(f.bucket_seconds / 60))])
    );
    let now = format!("  ◂ {}", t.t("door-now"));
    for (i, b) in f.buckets.iter().enumerate() {
        let mark = if f.current == Some(i) {
            now.as_str()
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{:<fw$}  {:>arw$}  {:>iw$}{mark}",
            time(&b.start),
            b.arrivals,
            b.inside
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_read_as_a_person_writes_them() {
        assert_eq!(bucket_seconds("5m"), Ok(300));
        assert_eq!(bucket_seconds("1h"), Ok(3600));
        assert_eq!(bucket_seconds("600"), Ok(600));
        assert!(bucket_seconds("5x").is_err());
        assert!(bucket_seconds("10s").is_err());
        assert!(bucket_seconds("").is_err());
    }
}
