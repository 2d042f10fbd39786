//! Steps 4 and 5 of the loader bench: every ticket of the stadium event with
//! 50 ms of latency on every answer (the issue's "fast and lean at 100,000
//! records"), through the stream and through the real headless command.
//!
//! Each figure is one run: a sequential read at 50 ms a page is 50 s, and
//! the point is the ratio of the two reads of the same run, and how close
//! each comes to the round-trip model `(1 + ceil((pages − 1) / c)) × 50 ms`
//! (page 1 alone, then the rest `c` at a time).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::sandbox::{self, Faults, SandboxHandle};

use super::{TICKETS, load_tickets, show};

/// Latency added to every answer.
pub const LATENCY_MS: u64 = 50;

/// The most pages the headless commands keep in flight by default (they
/// start at 8): the bound their reads are held to.
const MAX: usize = boxoffice::api::client::DEFAULT_CONCURRENCY_MAX;

/// The round-trip model: page 1, then the other pages `concurrency` at a time.
fn model(pages: u32, concurrency: usize) -> Duration {
    let concurrency = u32::try_from(concurrency.max(1)).unwrap_or(u32::MAX);
    let rounds = 1 + (pages - 1).div_ceil(concurrency);
    Duration::from_millis(LATENCY_MS) * rounds
}

fn against_model(took: Duration, pages: u32, concurrency: usize) -> String {
    let model = model(pages, concurrency);
    format!(
        "{:>9}  model {:>8}  {:.2}× the model",
        show(took),
        show(model),
        took.as_secs_f64() / model.as_secs_f64()
    )
}

/// Step 4: `stream_pages` over the in-process large sandbox with 50 ms of
/// latency, at 1 and at the default concurrency, in one run.
pub async fn stream_with_latency(client: &Client, sandbox: &SandboxHandle, event_id: u64) {
    sandbox.set_faults(Faults {
        latency_ms: LATENCY_MS,
        ..Faults::default()
    });
    let pages = u32::try_from(TICKETS / 100).unwrap_or(u32::MAX);
    let default = client.config().concurrency;
    println!("\n4. the same 100,000 tickets with {LATENCY_MS} ms of latency per answer (one run)");
    let mut took = Vec::new();
    for concurrency in [1, default] {
        let started = Instant::now();
        let loaded = load_tickets(client, event_id, concurrency).await;
        let elapsed = started.elapsed();
        super::check_tickets(&loaded);
        drop(loaded);
        println!(
            "{:<36} {}",
            format!("stream_pages, {concurrency} in flight"),
            against_model(elapsed, pages, concurrency)
        );
        took.push(elapsed);
    }
    sandbox.set_faults(Faults::default());
    println!(
        "speed-up of {default} in flight over 1: {:.2}× (target ≥ 7×; the model's ceiling {:.2}×)",
        took[0].as_secs_f64() / took[1].as_secs_f64(),
        model(pages, 1).as_secs_f64() / model(pages, default).as_secs_f64()
    );
}

/// A `boxoffice sandbox` process: killed when dropped.
struct SandboxProcess {
    child: Child,
    base_url: String,
}

impl SandboxProcess {
    fn start(binary: &str) -> Self {
        let latency = LATENCY_MS.to_string();
        let mut child = Command::new(binary)
            .args(["sandbox", "--scale", "large", "--latency", &latency])
            .args(["--listen", "127.0.0.1:0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the sandbox starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut lines = BufReader::new(stdout).lines();
        let base_url = lines
            .by_ref()
            .map_while(Result::ok)
            .find_map(|line| {
                line.strip_prefix("export BOXOFFICE_BASE_URL=")
                    .map(str::to_owned)
            })
            .expect("the sandbox prints its base URL");
        // The rest of what it prints is read too: a pipe closed under it
        // would end it at its next line.
        std::thread::spawn(move || lines.for_each(drop));
        Self { child, base_url }
    }
}

impl Drop for SandboxProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What one run of the binary took, and its peak resident set.
struct Run {
    took: Duration,
    peak_kib: Option<u64>,
    bytes: u64,
    /// A hash of what it printed, to compare two runs' output.
    printed: u64,
}

/// Runs `boxoffice <args> > out` with a clean environment pointed at
/// `base_url`; the peak RSS from `/usr/bin/time -f %M` when it exists, else
/// from `VmHWM` in `/proc/<pid>/status` read until the process ends (a high
/// water mark, so the last reading is the peak up to then).
fn run_binary(binary: &str, base_url: &str, args: &[&str]) -> Run {
    let home = tempfile::tempdir().unwrap();
    let out = home.path().join("out");
    let peak_file = home.path().join("peak");
    let gnu_time = Path::new("/usr/bin/time").exists();
    let mut command = if gnu_time {
        let mut c = Command::new("/usr/bin/time");
        c.arg("-f").arg("%M").arg("-o").arg(&peak_file).arg(binary);
        c
    } else {
        Command::new(binary)
    };
    command
        .args(args)
        .env_clear()
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path())
        .env("BOXOFFICE_BASE_URL", base_url)
        .env("BOXOFFICE_API_KEY", sandbox::DEMO_API_KEY)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap());
    let started = Instant::now();
    let mut child = command.spawn().unwrap();
    let mut hwm = None;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if !gnu_time {
            hwm = vm_hwm(child.id()).or(hwm);
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = started.elapsed();
    assert!(status.success(), "boxoffice {args:?} failed: {status}");
    let peak_kib = if gnu_time {
        std::fs::read_to_string(&peak_file)
            .ok()
            .and_then(|t| t.trim().lines().last()?.trim().parse().ok())
    } else {
        hwm
    };
    let bytes = std::fs::metadata(&out).map_or(0, |m| m.len());
    let printed = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        std::fs::read(&out).unwrap().hash(&mut h);
        h.finish()
    };
    Run {
        took,
        peak_kib,
        bytes,
        printed,
    }
}

fn vm_hwm(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Step 5: the real headless command, built with this bench's profile
/// (release), against a `boxoffice sandbox --scale large --latency 50`
/// process.
pub async fn headless(binary: &str) {
    let sandbox = tokio::task::spawn_blocking({
        let binary = binary.to_owned();
        move || SandboxProcess::start(&binary)
    })
    .await
    .unwrap();
    let client = Client::new(ClientConfig::new(
        sandbox.base_url.clone(),
        ApiKey::new(sandbox::DEMO_API_KEY),
    ))
    .unwrap();
    let events = client.events(1, 100).await.unwrap();
    let stadium = events
        .items
        .iter()
        .find(|e| e.name.as_deref() == Some(sandbox::STADIUM_EVENT))
        .expect("the large sandbox has the stadium event")
        .id
        .to_string();
    let customer_pages = client.customers(1, 100).await.unwrap().pages();
    println!(
        "\n5. the release binary against `boxoffice sandbox --scale large --latency {LATENCY_MS}` (one run each)"
    );
    let pages = u32::try_from(TICKETS / 100).unwrap_or(u32::MAX);
    let runs: [(&str, Vec<&str>, usize); 4] = [
        (
            "tickets --all --format csv",
            vec!["tickets", &stadium, "--all", "--format", "csv"],
            MAX,
        ),
        (
            "tickets --all --format csv --concurrency 1",
            vec![
                "tickets",
                &stadium,
                "--all",
                "--format",
                "csv",
                "--concurrency",
                "1",
            ],
            1,
        ),
        (
            "tickets --all --format json",
            vec!["tickets", &stadium, "--all", "--format", "json"],
            MAX,
        ),
        (
            "customers --all --format csv",
            vec!["customers", "--all", "--format", "csv"],
            MAX,
        ),
    ];
    let mut csv_times = Vec::new();
    let mut csv_printed = Vec::new();
    for (what, args, concurrency) in runs {
        let base_url = sandbox.base_url.clone();
        let binary = binary.to_owned();
        let args: Vec<String> = args.into_iter().map(str::to_owned).collect();
        let run = tokio::task::spawn_blocking(move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            run_binary(&binary, &base_url, &args)
        })
        .await
        .unwrap();
        let pages = if what.starts_with("customers") {
            customer_pages
        } else {
            pages
        };
        println!(
            "{what:<44} {}  peak RSS {}  ({} MB out)",
            against_model(run.took, pages, concurrency),
            run.peak_kib.map_or_else(
                || "unknown".to_owned(),
                |k| format!("{} MB", k.div_ceil(1024))
            ),
            run.bytes.div_ceil(1_000_000)
        );
        if what.starts_with("tickets --all --format csv") {
            csv_times.push(run.took);
            csv_printed.push(run.printed);
        }
    }
    assert_eq!(
        csv_printed[0], csv_printed[1],
        "the CSV read 8 growing to {MAX} in flight differs from the one read page after page"
    );
    let speedup = csv_times[1].as_secs_f64() / csv_times[0].as_secs_f64();
    println!(
        "tickets csv: speed-up of 8 growing to {MAX} in flight over 1: {speedup:.2}× \
         (target ≥ 15×: {}; the bound at {MAX} in flight {:.2}×, reached at {:.0} %); \
         the two outputs byte for byte the same",
        if speedup >= 15.0 { "ok" } else { "OVER" },
        model(pages, 1).as_secs_f64() / model(pages, MAX).as_secs_f64(),
        100.0 * speedup / (model(pages, 1).as_secs_f64() / model(pages, MAX).as_secs_f64())
    );
    drop(sandbox);
}
