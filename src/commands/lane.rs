//! `boxoffice lane --event <id|hash> [--exit]`: a lane that runs until its
//! input ends — a turnstile's, a kiosk's, a serial scanner's (`lane … <
//! /dev/ttyACM0`). One scan per line on stdin, one JSON line per verdict
//! on stdout (the fields of `admit --format json`), judged as the desk
//! judges (`driver::Lane`); every second it follows the other lanes —
//! on a shared log as a task beside the scans, its answer applied between
//! two (`Lane::follow_apart`) — and beats, and reads its lists again now
//! and then. EOF,
//! Ctrl-C or SIGTERM end it after the scan in hand: what it queued for a
//! shared log that did not answer stays in this machine's log for the
//! next run (docs/lanes.md, "A lane without a screen").

pub mod driver;
pub mod said;

use std::io::{BufRead as _, Write as _};
use std::process::ExitCode;
use std::time::Duration;

use tokio::sync::mpsc;

use super::Failure;
use super::served::Served;
use crate::cli::{GlobalArgs, LaneArgs};
use crate::store::LaneUse;
use driver::{Asked, Lane};

/// While idle, a lane follows the others and beats this often.
pub const IDLE: Duration = Duration::from_secs(1);
/// A lane whose API does not answer reads its lists again this often.
pub const RETRY: Duration = Duration::from_secs(20);

/// Runs `lane`, against the demo sandbox with `demo`; the exit code.
pub async fn run(global: &GlobalArgs, demo: bool, args: &LaneArgs) -> ExitCode {
    let door = (args.event.as_str(), args.exit);
    driving(global, demo, door, LaneUse::Headless, async |lane| {
        serve(lane, args).await.map(|()| ExitCode::SUCCESS)
    })
    .await
}

/// Runs a command that drives one lane of a door (`lane`, `admit`): the
/// lane of `event` (an exit lane with `exit`) opened as `use_`, against
/// the demo sandbox with `demo`, then `body`; the exit code.
pub async fn driving(
    global: &GlobalArgs,
    demo: bool,
    (event, exit): (&str, bool),
    use_: LaneUse,
    body: impl AsyncFnOnce(Lane) -> Result<ExitCode, Failure>,
) -> ExitCode {
    Served::run(global, demo, async |client, business, pinned| {
        let env = |k: &str| std::env::var(k).ok();
        let at = (demo, pinned);
        let lane = Lane::open_in(&env, global, client, &business, at, event, exit, use_).await?;
        body(lane).await
    })
    .await
}

/// What ends a lane besides its input.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The lines of stdin, read on a thread of their own (a serial port or a
/// pipe blocks): None at their end.
fn lines() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel(64);
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.blocking_send(line).is_err() {
                break;
            }
        }
    });
    rx
}

async fn serve(mut lane: Lane, args: &LaneArgs) -> Result<(), Failure> {
    let mut input = lines();
    let asked = Asked {
        force: false,
        order: args.order,
    };
    let stop = stopped();
    tokio::pin!(stop);
    let mut idle = tokio::time::interval(IDLE);
    idle.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut following: Option<tokio::task::JoinHandle<Result<driver::Followed, Failure>>> = None;
    eprintln!(
        "boxoffice: lane {} at {} (event {}): one scan per line; EOF ends it",
        crate::sanitize::clean(lane.name()),
        crate::sanitize::clean(&lane.target().title),
        lane.target().event_id
    );
    loop {
        tokio::select! {
            biased;
            () = &mut stop => break,
            scan = input.recv() => {
                let Some(text) = scan else { break };
                let scanned = text.trim_end_matches(['\r', '\n']);
                if scanned.trim().is_empty() {
                    continue;
                }
                let judged = lane.scan(scanned, asked).await?;
                let json = judged.json(scanned, lane.target());
                let mut out = std::io::stdout().lock();
                super::written(writeln!(out, "{json}").and_then(|()| out.flush()))?;
                drop(out);
                lane.said().await;
            }
            // A follow read apart from the scans: applied between two.
            done = async { following.as_mut()?.await.ok() }, if following.is_some() => {
                following = None;
                // A log that does not answer is said in the next verdict,
                // not here.
                if let Some(Ok(followed)) = done {
                    lane.followed(followed);
                }
            }
            _ = idle.tick(), if following.is_none() => {
                // Followed (the lane's log beats on its own): on a shared
                // log apart from the scans, on this machine's file at once.
                if let Some(read) = lane.follow_apart() {
                    following = Some(tokio::spawn(read));
                } else {
                    let _ = lane.follow().await;
                }
                if lane.reread_due() {
                    lane.reread();
                }
            }
        }
    }
    // What was queued stays in this machine's log (its file) for the next
    // run; the log closes with the lane, after a follow under way (its
    // calls end within their deadline).
    if let Some(read) = following {
        let _ = read.await;
    }
    drop(lane.close());
    Ok(())
}
