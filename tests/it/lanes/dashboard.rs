//! The door at a glance (issue 28) on the tests' PostgreSQL: three lanes
//! admit a scripted sequence at known times (the door's clock is the
//! admissions' own and `--at`), and `door stats` / `door report` read it
//! back exactly.

use boxoffice::store::{Admission, ChangeKind, DoorOp, Moving, PgDeskLog, ScanId};
use serde_json::Value;

use super::{BUSINESS, fresh, server};

/// The demo's edition "Day 1": `door stats 1002` is that door.
const DOOR: u64 = 1002;
const DAY: &str = "2026-11-25";

fn at(t: &str) -> String {
    format!("{DAY} {t}")
}

fn admission(ticket: u64, lane: &str, t: &str) -> Admission {
    Admission {
        ticket_id: ticket,
        number: format!("TK-{ticket:06}"),
        event_id: DOOR,
        edition_id: Some(DOOR),
        at: at(t),
        desk: lane.to_owned(),
    }
}

/// `boxoffice --demo <args> --desk-db url` headless: its stdout (it must
/// succeed).
fn run(url: &str, home: &std::path::Path, args: &[&str]) -> String {
    let out = super::common::binary::boxoffice(home)
        .arg("--demo")
        .args(args)
        .args(["--desk-db", url])
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The script: lane-1 admits 1–4 at 10:00–10:03 and 9 at 10:12, lane-2
/// admits 5–6 at 10:07 and 10:08 (6 forced), lane-3 admits 7 at 10:09
/// and 8 at 10:10 then undoes 8; ticket 1 leaves through lane-2 at
/// 10:11. Heartbeats: lane-1 and lane-2 a second before 10:14:00, lane-3
/// last at 10:10:00 (silent since: offline).
async fn script(url: &str) {
    let db = boxoffice::store::DeskDb::parse(url).unwrap();
    let lane = |name: &str| PgDeskLog::open(&db, BUSINESS, name, 1);
    let (one, two, three) = (lane("lane-1"), lane("lane-2"), lane("lane-3"));
    for (ticket, t) in [
        (1, "10:00:10"),
        (2, "10:01:10"),
        (3, "10:02:10"),
        (4, "10:03:10"),
    ] {
        one.admit_async(&admission(ticket, "lane-1", t), ScanId::new(), false)
            .await
            .unwrap();
    }
    two.admit_async(&admission(5, "lane-2", "10:07:00"), ScanId::new(), false)
        .await
        .unwrap();
    two.door_async(DoorOp::Forced {
        admission: admission(6, "lane-2", "10:08:00"),
        scan: ScanId::new(),
    })
    .await
    .unwrap();
    three
        .admit_async(&admission(7, "lane-3", "10:09:00"), ScanId::new(), false)
        .await
        .unwrap();
    three
        .admit_async(&admission(8, "lane-3", "10:10:00"), ScanId::new(), false)
        .await
        .unwrap();
    three.undo_async(DOOR, "lane-3", Some(8)).await.unwrap();
    let moved = two
        .door_async(DoorOp::Move(Moving {
            admission: admission(1, "lane-2", "10:11:00"),
            kind: ChangeKind::Exit,
            scan: ScanId::new(),
        }))
        .await
        .unwrap();
    assert!(format!("{moved:?}").contains("Done"), "{moved:?}");
    one.admit_async(&admission(9, "lane-1", "10:12:00"), ScanId::new(), false)
        .await
        .unwrap();
    one.heartbeat_async(DOOR, &at("10:13:59")).await.unwrap();
    two.heartbeat_async(DOOR, &at("10:13:59")).await.unwrap();
    three.heartbeat_async(DOOR, &at("10:10:00")).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn door_stats_reads_three_scripted_lanes_exactly() {
    let (name, _) = fresh().await;
    let url = server().url(&name);
    script(&url).await;
    let home = tempfile::tempdir().unwrap();
    let text = run(
        &url,
        home.path(),
        &[
            "door",
            "stats",
            "1002",
            "--format",
            "json",
            "--at",
            &at("10:14:00"),
        ],
    );
    let v: Value = serde_json::from_str(&text).unwrap();
    // 1–7 and 9 admitted (8 undone); 1 outside.
    assert_eq!(v["admitted"], 8, "{v:#}");
    assert_eq!(v["inside"], 7);
    assert_eq!(
        (&v["exits"], &v["conflicts"], &v["forced"]),
        (&1.into(), &0.into(), &1.into())
    );
    let valid = v["valid"].as_u64().unwrap();
    assert!(valid > 8, "{v:#}");
    assert_eq!(v["to_come"].as_u64(), Some(valid - 8));
    // Buckets of 5 minutes from 10:00 to the one 10:14 falls in.
    let buckets: Vec<(String, u64, u64)> = v["buckets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["start"].as_str().unwrap().to_owned(),
                b["arrivals"].as_u64().unwrap(),
                b["inside"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        buckets,
        [
            (at("10:00:00"), 4, 4),
            (at("10:05:00"), 3, 7),
            (at("10:10:00"), 1, 7),
        ]
    );
    assert_eq!(v["current"], 2);
    assert_eq!(
        v["buckets"][1]["lanes"],
        serde_json::json!({"lane-2": 2, "lane-3": 1})
    );
    assert_eq!(v["busiest"]["start"], at("10:00:00"));
    assert_eq!(v["busiest"]["arrivals"], 8);
    // Per lane: admissions, the rate over 10:09:01–10:14:00, the last
    // scan's age, the state.
    let lane = |n: &str| {
        v["lanes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["lane"] == n)
            .cloned()
            .unwrap_or_else(|| panic!("{n} in {v:#}"))
    };
    let (one, two, three) = (lane("lane-1"), lane("lane-2"), lane("lane-3"));
    assert_eq!((&one["admissions"], &one["rate"]), (&5.into(), &0.2.into()));
    assert_eq!(
        (&one["last_scan_age"], &one["state"]),
        (&120.into(), &"idle".into())
    );
    assert_eq!((&two["admissions"], &two["rate"]), (&2.into(), &0.0.into()));
    // Its last scan is the exit at 10:11.
    assert_eq!(
        (&two["last_scan_age"], &two["state"]),
        (&180.into(), &"idle".into())
    );
    assert_eq!(three["admissions"], 1);
    assert_eq!(three["state"], "offline", "{v:#}");
    // As at 10:10:03: lane-2's last scan 2 min 3 s old (idle), lane-3's 3 s
    // (scanning) and its heartbeat 3 s old: not offline yet; what came
    // later is not counted.
    let text = run(
        &url,
        home.path(),
        &[
            "door",
            "stats",
            "1002",
            "--format",
            "json",
            "--at",
            &at("10:10:03"),
        ],
    );
    let v: Value = serde_json::from_str(&text).unwrap();
    let states: Vec<(&str, &str)> = v["lanes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["lane"].as_str().unwrap(), l["state"].as_str().unwrap()))
        .collect();
    assert_eq!(
        states,
        [
            ("lane-1", "idle"),
            ("lane-2", "idle"),
            ("lane-3", "scanning")
        ]
    );
    assert_eq!(
        (&v["admitted"], &v["exits"]),
        (&7.into(), &0.into()),
        "{v:#}"
    );

    // The report: one bar per bucket, each as tall as its count times one
    // scale.
    let svg = home.path().join("report.svg");
    run(
        &url,
        home.path(),
        &[
            "door",
            "report",
            "1002",
            "--svg",
            svg.to_str().unwrap(),
            "--at",
            &at("10:14:00"),
            "--bucket",
            "1m",
        ],
    );
    let drawn = std::fs::read_to_string(&svg).unwrap();
    let bars: Vec<(u64, f64)> = drawn
        .lines()
        .filter(|l| l.contains("class=\"arrivals\""))
        .map(|l| {
            let attr = |name: &str| {
                let from = l.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
                l[from..from + l[from..].find('"').unwrap()].to_owned()
            };
            (
                attr("data-count").parse().unwrap(),
                attr("height").parse().unwrap(),
            )
        })
        .collect();
    // 10:00 to 10:14, a minute each.
    assert_eq!(bars.len(), 15, "{drawn}");
    let counts: Vec<u64> = bars.iter().map(|b| b.0).collect();
    assert_eq!(counts, [1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0]);
    let scale = bars[0].1;
    assert!(scale > 0.0);
    for (count, height) in &bars {
        let expected = f64::from(u32::try_from(*count).unwrap()) * scale;
        assert!(
            (height - expected).abs() < 0.01,
            "{count} → {height}, not {expected}"
        );
    }
}
