//! The door's report (`boxoffice door report --svg`) read back as a
//! manager would read it (issue 45): the SVG the app draws for a day of
//! two entry lanes and an exit lane is read for its axes, its texts and
//! its legend. Its picture in docs/desk.md (`assets/door-report.svg`) is
//! what the app draws today:
//!
//! ```text
//! BOXOFFICE_PICTURES=write cargo test --test it report::
//! ```
//!
//! draws it again.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use boxoffice::door::report::{CHAR_WIDTH, svg};
use boxoffice::door::stats::DoorStats;
use boxoffice::store::{Admission, Change, ChangeKind};
use proptest::prelude::*;

const W: f64 = 960.0;
const H: f64 = 460.0;

/// A text of the SVG: where, how big, anchored how, and what it says.
#[derive(Debug)]
struct Text {
    x: f64,
    y: f64,
    size: f64,
    anchor: String,
    class: String,
    body: String,
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = tag[at..].find('"')? + at;
    Some(tag[at..end].to_string())
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Every `<text>` of `svg`.
fn texts(svg: &str) -> Vec<Text> {
    svg.split("<text")
        .skip(1)
        .map(|rest| {
            let (tag, after) = rest.split_once('>').unwrap();
            let body = after.split("</text>").next().unwrap();
            Text {
                x: attr(tag, "x").unwrap().parse().unwrap(),
                y: attr(tag, "y").unwrap().parse().unwrap(),
                size: attr(tag, "font-size")
                    .expect("every text says its size")
                    .parse()
                    .unwrap(),
                anchor: attr(tag, "text-anchor").unwrap_or_else(|| "start".into()),
                class: attr(tag, "class").unwrap_or_default(),
                body: unescape(body),
            }
        })
        .collect()
}

/// Every element `<name …>` of `svg`, as its opening tag.
fn tags<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
    svg.split(&format!("<{name} "))
        .skip(1)
        .map(|rest| rest.split('>').next().unwrap())
        .collect()
}

fn change(seq: u64, kind: ChangeKind, ticket: u64, at: &str, desk: &str) -> Change {
    Change {
        seq,
        kind,
        admission: Admission {
            ticket_id: ticket,
            number: format!("TK-{ticket:06}"),
            event_id: 1002,
            edition_id: Some(1002),
            at: at.into(),
            desk: desk.into(),
        },
        scan: None,
    }
}

/// A door's day: `arrivals` per 15 minutes from 08:00 at two entry lanes,
/// in turn, and an exit lane letting out `leave` of every ten an hour later.
fn day(arrivals: &[u64], leave: u64) -> DoorStats {
    let mut stats = DoorStats::new(900);
    let mut seq = 0;
    let mut ticket = 0;
    for (slot, n) in arrivals.iter().enumerate() {
        for k in 0..*n {
            ticket += 1;
            seq += 1;
            let minute = 8 * 60 + slot as u64 * 15 + k % 15;
            let at = format!("2026-11-25 {:02}:{:02}:00", minute / 60, minute % 60);
            let lane = if ticket % 3 == 0 { "south" } else { "north" };
            stats.apply(&change(seq, ChangeKind::Admitted, ticket, &at, lane));
            if ticket % 10 < leave {
                seq += 1;
                let out = minute + 60;
                let at = format!("2026-11-25 {:02}:{:02}:30", out / 60, out % 60);
                stats.apply(&change(seq, ChangeKind::Exit, ticket, &at, "out1"));
            }
        }
    }
    stats.set_valid(Some(ticket + 40));
    stats
}

/// The 133-character title of the issue's report, and the SVG of `stats`.
fn draw(stats: &DoorStats, title: &str) -> String {
    let figures = stats.figures("2026-11-25 12:00:00");
    let lanes = stats.lane_series(&figures.buckets);
    let exits = stats.exit_series(&figures.buckets);
    svg(title, &figures, &lanes, &exits)
}

/// What a manager reads, held: at least three labels on the left axis in
/// round steps, at least three on the inside axis; no text past the
/// canvas; every series in the legend drawn, exits as exits.
fn readable(svg: &str) -> Result<(), TestCaseError> {
    let texts = texts(svg);
    for axis in ["y", "y-inside"] {
        let labels: Vec<u64> = texts
            .iter()
            .filter(|t| t.class == axis)
            .map(|t| t.body.parse().unwrap())
            .collect();
        prop_assert!(labels.len() >= 3, "{axis}: {labels:?}");
        let step = labels[1] - labels[0];
        prop_assert_eq!(labels[0], 0);
        prop_assert!(labels.windows(2).all(|w| w[1] - w[0] == step), "{labels:?}");
        let lead = step / 10u64.pow(step.ilog10());
        prop_assert!([1, 2, 5].contains(&lead), "{axis} step {step}");
    }
    for t in &texts {
        let width = f64::from(u32::try_from(t.body.chars().count()).unwrap()) * t.size * CHAR_WIDTH;
        let (from, to) = match t.anchor.as_str() {
            "middle" => (t.x - width / 2.0, t.x + width / 2.0),
            "end" => (t.x - width, t.x),
            _ => (t.x, t.x + width),
        };
        prop_assert!(from >= 0.0 && to <= W, "past the canvas: {t:?}");
        prop_assert!(t.y - t.size >= 0.0 && t.y <= H, "past the canvas: {t:?}");
    }
    let legend: Vec<String> = tags(svg, "rect")
        .into_iter()
        .filter(|t| t.contains("class=\"legend\""))
        .map(|t| attr(t, "data-series").unwrap())
        .collect();
    prop_assert!(legend.contains(&"inside".to_string()));
    for series in &legend {
        let drawn = match series.split_once(':') {
            Some((kind, k)) => tags(svg, "rect").iter().any(|t| {
                t.contains(&format!("class=\"{kind}\""))
                    && attr(t, "data-lane").as_deref() == Some(k)
                    && attr(t, "data-count").is_some_and(|c| c != "0")
            }),
            None => tags(svg, "polyline").iter().any(|t| {
                t.contains("class=\"inside\"")
                    && attr(t, "points").is_some_and(|p| p.split(' ').count() >= 2)
            }),
        };
        prop_assert!(drawn, "{series} is in the legend but not drawn");
    }
    Ok(())
}

const TITLE: &str = "Rust Belt Conference 2026 — Day 1 (Wed 25 Nov) · main hall, north and south doors and the garden exit · the day's report for the organisers and the venue";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the day (quiet or busy, few or many leaving), the report
    /// reads as it should.
    #[test]
    fn a_report_of_any_day_is_readable(
        arrivals in proptest::collection::vec(0u64..120, 1..17),
        leave in 0u64..10,
        title in "[A-Za-z0-9 ·—()]{1,180}",
    ) {
        readable(&draw(&day(&arrivals, leave), &title))?;
    }
}

/// The issue's report: a title of 133 characters is cut to fit, the exit
/// lane is drawn and named as exits (not "out1 (0)").
#[test]
fn the_issues_report_fits_and_names_its_exits() {
    assert!(TITLE.chars().count() >= 133);
    let svg = draw(&day(&[4, 12, 30, 44, 38, 20, 9, 3], 4), TITLE);
    readable(&svg).unwrap();
    assert!(svg.contains("…"), "the long title is cut");
    assert!(svg.contains("out1: "), "{svg}");
    assert!(svg.contains(" exits</text>"), "{svg}");
    assert!(!svg.contains("out1 (0)"), "{svg}");
    assert!(!svg.contains("out1: 0 in"), "an exit lane is not an entry");
}

/// docs/desk.md's picture of the report is what the app draws.
#[test]
fn the_report_in_the_docs_is_what_the_app_draws() {
    let svg = draw(&day(&[4, 12, 30, 44, 38, 20, 9, 3], 4), TITLE);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/door-report.svg");
    if std::env::var("BOXOFFICE_PICTURES").is_ok_and(|v| v == "write") {
        std::fs::write(&path, &svg).unwrap();
        return;
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == svg,
        "{} differs from what the app draws; draw it again with\n  BOXOFFICE_PICTURES=write cargo test --test it report::",
        path.display()
    );
    let doc =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/desk.md"))
            .unwrap();
    assert!(
        doc.contains("(../assets/door-report.svg)"),
        "docs/desk.md shows it"
    );
}
