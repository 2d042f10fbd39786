//! `cargo bench --bench far`: a lane far from its shared log. A delaying
//! TCP proxy of our own (`tests/it/common/proxy.rs`) between the lane and a
//! PostgreSQL of the bench's own with TLS and a SCRAM password (`fsync`
//! on), each way held 0, 25 and 50 ms (a round trip of 0, 50 and 100 ms).
//! For each link:
//!
//! - a running lane (`LaneLog` as `boxoffice lane` opens it: one
//!   connection, its task reading once a second): scan → recorded (the
//!   call to the log's answer) p50 / p99, and round trips per scan as the
//!   proxy counts them (its reads while idle included);
//! - back online after an outage: the link cut, one scan judged alone,
//!   the link restored; from then until the lane says it reaches the log
//!   again, and the first scan after it recorded there.
//!
//! - failover: a running lane on a multi-host address, 100 ms to each of
//!   a primary and its standby; the primary stopped, the standby promoted:
//!   from the promotion until the lane records a scan there, and the
//!   standby's admissions against the lane's scans (one per ticket).
//!
//! - at the 100 ms link: scan → verdict at a running `boxoffice lane`
//!   (re-scans of tickets it admitted), and a one-shot `admit`'s round
//!   trips and time on a fresh machine and again (a VALID, and a ticket
//!   admitted).
//!
//! `FAR_SCANS=N` changes the scans per link (default 100), `FAR_LINKS=0,50`
//! the links (each way, ms), `FAR_NO_FAILOVER=1` leaves failover out,
//! `FAR_EACH=1` prints each scan, `FAR_TRACE=1` the lane's log. Figures,
//! never assertions (docs/lanes.md, "Round trips" and "Deadlines from the
//! link").

#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss
)]

#[path = "../tests/it/common/postgres.rs"]
#[allow(dead_code)]
mod postgres;
#[path = "../tests/it/common/proxy.rs"]
#[allow(dead_code)]
mod proxy;

use std::time::{Duration, Instant};

use boxoffice::store::{
    Admission, DeskDb, DeskLog, LaneLog, LaneUse, Reach, Recorded, ScanId, SqliteDeskLog, pg,
};

const EVENT: u64 = 7;
const PASSWORD: &str = "far-bench-pw";

fn ticket(id: u64) -> Admission {
    Admission {
        ticket_id: id,
        number: format!("TK-{id:06}"),
        event_id: EVENT,
        edition_id: None,
        at: String::new(),
        desk: "gate".to_owned(),
    }
}

fn quantile(sorted: &[Duration], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// Runs `f` on the lane on a thread that may block (the lane waits on the
/// runtime), as the executor and `boxoffice lane` call it.
async fn on<T: Send + 'static>(
    lane: &std::sync::Arc<std::sync::Mutex<LaneLog>>,
    f: impl FnOnce(&mut LaneLog) -> T + Send + 'static,
) -> T {
    let lane = lane.clone();
    tokio::task::spawn_blocking(move || f(&mut lane.lock().unwrap()))
        .await
        .unwrap()
}

fn main() {
    let scans: u64 = std::env::var("FAR_SCANS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    if std::env::var_os("FAR_TRACE").is_some() {
        tracing_subscriber::fmt()
            .with_max_level(tracing::Level::DEBUG)
            .with_writer(std::io::stderr)
            .init();
    }
    let links: Vec<u64> = std::env::var("FAR_LINKS").ok().map_or_else(
        || vec![0, 25, 50],
        |s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect(),
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let server = postgres::Server::start(true);
    let authority = server.enable_tls("gate", PASSWORD);
    server.psql("postgres", "CREATE DATABASE door OWNER gate");
    let dir = tempfile::tempdir().unwrap();
    let roots = dir.path().join("ca.der");
    std::fs::write(&roots, &authority).unwrap();
    println!(
        "far: a lane through a delaying proxy to PostgreSQL with TLS 1.3 and SCRAM, {scans} scans per link"
    );
    println!(
        "| round trip | scan → recorded p50 | p99 | round trips a scan | back online after the log returns | first scan after it |"
    );
    println!("|---|---|---|---|---|---|");
    let mut next = 1u64;
    for each_way in links {
        let proxy = proxy::Proxy::start(server.port, Duration::from_millis(each_way));
        let url = format!(
            "postgres://gate@127.0.0.1:{}/door?sslmode=verify-full&sslrootcert={}",
            proxy.port,
            roots.display()
        );
        let env = |k: &str| (k == "PGPASSWORD").then(|| PASSWORD.to_owned());
        let db = DeskDb::parse_with(&url, &env).unwrap();
        runtime.block_on(async {
            pg::init(&db).await.unwrap();
            let home = tempfile::tempdir().unwrap();
            let local = SqliteDeskLog::open(home.path()).unwrap();
            let lane = std::sync::Arc::new(std::sync::Mutex::new(LaneLog::open_as(
                &db,
                "bench",
                "gate",
                local,
                LaneUse::Headless,
            )));
            // The first scan connects and reads the log: off the figures.
            let first = ticket(next);
            next += 1;
            on(&lane, move |l| {
                l.admit(&first, ScanId::new()).unwrap();
                l.scanned(EVENT, &boxoffice::clock::now_utc(None)).unwrap();
            })
            .await;
            let mut times = Vec::new();
            let turns = proxy.turns();
            for _ in 0..scans {
                let a = ticket(next);
                next += 1;
                let t = Instant::now();
                let before = proxy.turns();
                let (recorded, reach) = on(&lane, move |l| {
                    let r = l.admit(&a, ScanId::new()).unwrap();
                    let at = boxoffice::clock::now_utc(None);
                    l.scanned(EVENT, &at).unwrap();
                    (r, l.reach())
                })
                .await;
                times.push(t.elapsed());
                if std::env::var_os("FAR_EACH").is_some() {
                    eprintln!(
                        "scan {:>4}: {:>7.1} ms, {} turns, {}",
                        times.len(),
                        t.elapsed().as_secs_f64() * 1000.0,
                        proxy.turns() - before,
                        if matches!(reach, Reach::Shared { .. }) {
                            "recorded"
                        } else {
                            "ALONE"
                        }
                    );
                }
                assert!(matches!(recorded, Recorded::Admitted(_)));
            }
            let per_scan = (proxy.turns() - turns) as f64 / scans as f64;
            times.sort();
            // An outage: the link cut, a scan judged alone, the link back.
            proxy.cut(true);
            let alone = ticket(next);
            next += 1;
            on(&lane, move |l| {
                l.admit(&alone, ScanId::new()).unwrap();
                l.scanned(EVENT, &boxoffice::clock::now_utc(None)).unwrap();
            })
            .await;
            proxy.cut(false);
            let back = Instant::now();
            loop {
                let reach = on(&lane, |l| l.reach()).await;
                if matches!(reach, Reach::Shared { .. }) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            let online = back.elapsed();
            let after = ticket(next);
            next += 1;
            let t = Instant::now();
            let shared = on(&lane, move |l| {
                l.admit(&after, ScanId::new()).unwrap();
                l.reach()
            })
            .await;
            let first_after = t.elapsed();
            println!(
                "| {} ms | {:.1} ms | {:.1} ms | {per_scan:.2} | {:.2} s | {:.1} ms{} |",
                each_way * 2,
                quantile(&times, 0.5),
                quantile(&times, 0.99),
                online.as_secs_f64(),
                first_after.as_secs_f64() * 1000.0,
                if matches!(shared, Reach::Shared { .. }) {
                    ", recorded"
                } else {
                    ", judged alone"
                }
            );
            drop(lane);
        });
        if each_way == 50 {
            verdicts(&url, scans);
            one_shot(&url, &proxy);
        }
    }
    if std::env::var_os("FAR_NO_FAILOVER").is_none() {
        failover(&runtime, scans.min(40));
    }
}

/// `boxoffice --demo` in `home`, as a lane far from its log runs it.
fn boxoffice(home: &std::path::Path) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_boxoffice"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home)
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("TZ", "UTC")
        .env("PGPASSWORD", PASSWORD)
        .arg("--demo");
    command
}

/// The numbers of `take` confirmed tickets of the demo's event 1002,
/// after the first `skip`, read as a user would (`tickets --all`).
fn confirmed(home: &std::path::Path, skip: usize, take: usize) -> Vec<String> {
    let out = boxoffice(home)
        .args(["tickets", "1002", "--all", "--format", "json"])
        .output()
        .unwrap();
    let all: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    all.iter()
        .filter(|t| t["status"] == "confirmed")
        .skip(skip)
        .take(take)
        .map(|t| t["number"].as_str().unwrap().to_owned())
        .collect()
}

/// Scan → verdict at a running `boxoffice lane` through `url`: re-scans of
/// tickets it admitted (judged from what the lane knows: no round trip),
/// from the line written to its verdict's line read.
fn verdicts(url: &str, scans: u64) {
    use std::io::{BufRead as _, Write as _};
    let home = tempfile::tempdir().unwrap();
    let tickets = confirmed(home.path(), 0, 10);
    let mut child = boxoffice(home.path())
        .args([
            "--desk",
            "gate-v",
            "lane",
            "--event",
            "1002",
            "--desk-db",
            url,
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut scan = |t: &str| {
        let started = Instant::now();
        writeln!(input, "{t}").unwrap();
        input.flush().unwrap();
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        (
            started.elapsed(),
            v["verdict"].as_str().unwrap_or("").to_owned(),
        )
    };
    for t in &tickets {
        scan(t);
    }
    let mut times = Vec::new();
    for i in 0..scans {
        let (took, verdict) = scan(&tickets[i as usize % tickets.len()]);
        assert_eq!(verdict, "ALREADY ADMITTED");
        times.push(took);
        // A guest every 50 ms or so: the lane's idle reads fall between.
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(input);
    let _ = child.wait();
    times.sort();
    println!(
        "verdicts at a running `boxoffice lane`, 100 ms round trip, {scans} re-scans: p50 {:.1} ms, p99 {:.1} ms",
        quantile(&times, 0.5),
        quantile(&times, 0.99)
    );
}

/// A one-shot `boxoffice admit` through `url`: its round trips as the
/// proxy counts them (TLS's and SCRAM's included) and its whole time, on
/// a machine that never read the log and again on it (a VALID, then the
/// first ticket again).
fn one_shot(url: &str, proxy: &proxy::Proxy) {
    let home = tempfile::tempdir().unwrap();
    let tickets = confirmed(home.path(), 20, 2);
    // The first ticket again: ALREADY ADMITTED, on the machine that read
    // the log.
    let scans = [
        (&tickets[0], "never read the log"),
        (&tickets[1], "read it before"),
        (&tickets[0], "read it before, a ticket admitted"),
    ];
    for (ticket, machine) in scans {
        let turns = proxy.turns();
        let started = Instant::now();
        let mut command = boxoffice(home.path());
        command
            .args(["--desk", "gate-o", "admit", ticket, "--event", "1002"])
            .args(["--format", "json", "--desk-db", url]);
        if let Ok(log) = std::env::var("FAR_ADMIT_LOG") {
            command.env("RUST_LOG", log);
        }
        let out = command.output().unwrap();
        let took = started.elapsed();
        if std::env::var_os("FAR_ADMIT_LOG").is_some() {
            eprintln!("{}", String::from_utf8_lossy(&out.stderr));
        }
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
        println!(
            "a one-shot admit, 100 ms round trip, TLS 1.3 and SCRAM, a machine that {machine}: {} {}, {} round trips, {:.2} s in all",
            v["verdict"].as_str().unwrap_or("?"),
            if v["offline"].is_null() {
                "online"
            } else {
                "judged alone"
            },
            proxy.turns() - turns,
            took.as_secs_f64()
        );
    }
}

/// Failover: a running lane on a multi-host address, a 100 ms link to each
/// server (no TLS: a standby made by `pg_basebackup` of the tests' own
/// PostgreSQL), scanning; the primary stopped, the standby promoted. From
/// the promotion until the lane records a scan on the standby; then one
/// admission per ticket recorded, the standby's count against the lane's.
fn failover(runtime: &tokio::runtime::Runtime, scans: u64) {
    let primary = postgres::Server::start(true);
    let name = primary.database();
    let standby = primary.standby();
    let link = Duration::from_millis(50);
    let (near, far) = (
        proxy::Proxy::start(primary.port, link),
        proxy::Proxy::start(standby.port, link),
    );
    let url = format!(
        "postgres://postgres@127.0.0.1:{},127.0.0.1:{}/{name}?target_session_attrs=read-write",
        near.port, far.port
    );
    let db = DeskDb::parse(&url).unwrap();
    runtime.block_on(async {
        pg::init(&db).await.unwrap();
        let home = tempfile::tempdir().unwrap();
        let local = SqliteDeskLog::open(home.path()).unwrap();
        let lane = std::sync::Arc::new(std::sync::Mutex::new(LaneLog::open_as(
            &db,
            "bench",
            "gate",
            local,
            LaneUse::Headless,
        )));
        let scan = |id: u64| {
            let lane = lane.clone();
            async move {
                on(&lane, move |l| {
                    l.admit(&ticket(id), ScanId::new()).unwrap();
                    l.scanned(EVENT, &boxoffice::clock::now_utc(None)).unwrap();
                    matches!(l.reach(), Reach::Shared { .. })
                })
                .await
            }
        };
        let mut next = 1_000_000u64;
        for _ in 0..scans {
            scan(next).await;
            next += 1;
        }
        // Replicated (asynchronously) before the primary goes.
        let count = |s: &postgres::Server| s.psql(&name, "SELECT COUNT(*) FROM desk_admissions");
        while count(&standby) != count(&primary) {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        primary.stop();
        for _ in 0..3 {
            scan(next).await;
            next += 1;
        }
        let promoted = Instant::now();
        standby.promote();
        let (mut on_standby, mut alone) = (None, 0u32);
        while promoted.elapsed() < Duration::from_secs(30) {
            let recorded = scan(next).await;
            next += 1;
            if recorded {
                on_standby = Some(promoted.elapsed());
                break;
            }
            alone += 1;
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // The queue sent (the lane's next round), then the count.
        while on(&lane, |l| l.queued_count().unwrap()).await > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let admitted = standby.psql(
            &name,
            "SELECT COUNT(*) || ' admissions, ' || COUNT(DISTINCT ticket_id) || ' tickets' FROM desk_admissions",
        );
        println!(
            "failover, 100 ms to each server: a scan recorded on the promoted standby {} after its promotion ({alone} judged alone meanwhile); {} scans made, the standby holds {admitted}",
            on_standby.map_or_else(|| "never (30 s)".to_owned(), |d| format!("{:.2} s", d.as_secs_f64())),
            next - 1_000_000,
        );
    });
}
