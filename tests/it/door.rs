//! The door held against a model of it (docs/desk.md is the model's
//! source): thousands of random shifts — scans of every form (numbers in
//! all spellings, ids, links from trusted and foreign hosts with path
//! segments and query values, codes holding an id, control bytes, garbage
//! with digit tails) of tickets of this edition, of the other editions, of
//! another event and of none; scans while the lists load; walk-ins; undos;
//! lanes losing and regaining the shared log — away (refused at once) or
//! hung (no answer: the lane waits out its deadline) —, lanes started
//! again from their files as each `admit` process is, time passing at the
//! lanes, replays and conflicts; a
//! door's rules (docs/desk.md, "A door's policy"): editions admitted, the
//! door's hours and a clock that moves across them, scans forced outside
//! them, re-entry, exit lanes, whole orders admitted from one scan, notes
//! on tickets and customers, and a `door set` or a note made at one lane
//! during the shift (kept in the shared log, refused cut off, read by the
//! others at their next contact) — drive the real door module over real
//! lanes of one shared log, and every verdict, every note shown and every counter
//! (admitted, inside now) must be the model's, and so must each lane's
//! choice of deadline for each call on a scan's path (the whole one, or the
//! short one within 30 s of a failure it remembers: docs/lanes.md). After
//! `desk sync` at every lane the shared log holds the model's admissions —
//! none lost, one per ticket — and every ticket admitted at two lanes is a
//! conflict. Tickets are revoked at the office mid-shift and the API
//! turns slow (docs/desk.md, "The list follows the API"): a VALID reads its
//! ticket first (NOT VALID when revoked since), or comes from the list,
//! said so, and so must each lane's and the desk's. Most shifts run over
//! the shared log in SQLite, a share over the real PostgreSQL functions
//! (`PgDeskLog` on the tests' server: outages, no hangs); one in six also
//! through the desk's update loop, which reads the door's policy and notes
//! from its log (no exits, hours, forced or whole-order admissions or
//! `door set` mid-shift there yet: world.rs). Proptest shrinks a
//! failing shift to a small one and prints it with the seed.
//!
//! `DOOR_SHIFTS=1000000 cargo test --release --test it door::` runs a long
//! shift; `DOOR_SEED=<hex>` replays one (the seed is printed with
//! `--nocapture`, and with a failure always).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "door/world.rs"]
// Genes are read as small numbers, each taken modulo a small bound.
#[allow(clippy::cast_possible_truncation)]
mod world;

#[path = "door/model.rs"]
mod model;

#[path = "door/drive.rs"]
mod drive;

#[path = "door/desk.rs"]
mod desk;

#[path = "door/pg.rs"]
mod pg;

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use model::{Case, Model};
use world::{Over, Shift, shift};

/// What a shift reached: the verdict table's cases, and what was open
/// over the desk when its scans came.
#[derive(Default)]
struct Reached {
    cases: BTreeMap<Case, usize>,
    overs: BTreeMap<Over, usize>,
    desks: usize,
    /// Shifts by the log they ran on; events by kind; the cases reached
    /// over PostgreSQL.
    logs: BTreeMap<&'static str, usize>,
    pg_cases: BTreeMap<Case, usize>,
    /// The verdicts the desk gave, by word; those on screen with ⚑.
    desk_said: BTreeMap<String, usize>,
    desk_flags: usize,
    kinds: BTreeMap<&'static str, usize>,
}

/// The shifts of a `cargo test` run over the SQLite log, and over the
/// PostgreSQL one (fewer: each call crosses loopback to a server).
const SHIFTS: u32 = 9_600;
const PG_SHIFTS: u32 = 400;

/// Runs `shift` through the model and the real door; the cases it reached.
fn check<S: drive::Shared>(
    rt: &tokio::runtime::Runtime,
    logs: &mut drive::Logs<S>,
    shift: &Shift,
    reached: &Mutex<Reached>,
) -> Result<(), TestCaseError> {
    let mut model = Model::new(shift);
    let mut door = drive::Door::open(rt, logs, shift);
    let mut flags = 0;
    let mut desk = shift.desk.then(|| desk::Desk::open(rt, shift));
    for (n, ev) in shift.events.iter().enumerate() {
        model.apply(ev);
        door.apply(ev);
        if let Some(desk) = &mut desk {
            desk.apply(ev);
            if desk.admitted() != model.admitted(0) {
                return Err(TestCaseError::fail(format!(
                    "after event {n} ({ev:?}): the desk counts {} admitted, the model {}",
                    desk.admitted(),
                    model.admitted(0)
                )));
            }
            if desk.from_list != model.from_list {
                return Err(TestCaseError::fail(format!(
                    "after event {n} ({ev:?}): the desk gave VALID from the list at scans {:?}, \
                     the model {:?}",
                    desk.from_list, model.from_list
                )));
            }
            // The verdict on screen shows a note as the model says.
            let shown = desk.shown_note();
            flags += usize::from(shown.is_some_and(|(_, flag)| flag));
            if let Some((scan, flag)) = shown
                && flag != model.noted.contains(&scan)
            {
                return Err(TestCaseError::fail(format!(
                    "after event {n} ({ev:?}): the desk's verdict on scan {scan} shows a \
                     note: {flag}, the model {}",
                    model.noted.contains(&scan)
                )));
            }
            if desk.said != model.said {
                return Err(TestCaseError::fail(format!(
                    "after event {n} ({ev:?}): the desk said {:?}, the model {:?}",
                    desk.said, model.said
                )));
            }
        }
        for lane in 0..shift.lanes {
            if door.admitted(lane) != model.admitted(lane) {
                return Err(TestCaseError::fail(format!(
                    "after event {n} ({ev:?}): lane {} counts {} admitted, the model {}",
                    lane + 1,
                    door.admitted(lane),
                    model.admitted(lane)
                )));
            }
        }
        if door.said != model.said {
            return Err(TestCaseError::fail(format!(
                "after event {n} ({ev:?}): the door said {:?}, the model {:?}",
                door.said, model.said
            )));
        }
        if door.waits != model.waits {
            return Err(TestCaseError::fail(format!(
                "after event {n} ({ev:?}): the lanes waited for the log {:?}, the model {:?}",
                door.waits, model.waits
            )));
        }
        if door.from_list != model.from_list {
            return Err(TestCaseError::fail(format!(
                "after event {n} ({ev:?}): the door gave VALID from the list at scans {:?}, \
                 the model {:?}",
                door.from_list, model.from_list
            )));
        }
        if door.noted != model.noted {
            return Err(TestCaseError::fail(format!(
                "after event {n} ({ev:?}): the door showed a note at scans {:?}, the model {:?}",
                door.noted, model.noted
            )));
        }
        for lane in 0..shift.lanes {
            if door.inside(lane) != model.inside(lane) {
                return Err(TestCaseError::fail(format!(
                    "after event {n} ({ev:?}): lane {} counts {} inside, the model {}",
                    lane + 1,
                    door.inside(lane),
                    model.inside(lane)
                )));
            }
        }
    }
    // After `desk sync` at every lane: no admission lost, one per ticket,
    // every ticket admitted at two lanes a conflict — as the model says.
    let (admitted, conflicts) = door.finish().map_err(TestCaseError::fail)?;
    let (want_admitted, want_conflicts) = model.finish();
    if admitted != want_admitted || conflicts != want_conflicts {
        return Err(TestCaseError::fail(format!(
            "after desk sync at every lane: the log holds {admitted:?} with conflicts \
             {conflicts:?}, the model {want_admitted:?} with {want_conflicts:?}"
        )));
    }
    let mut reached = reached.lock().unwrap();
    *reached.logs.entry(S::NAME).or_default() += 1;
    for ev in &shift.events {
        *reached.kinds.entry(ev.kind()).or_default() += 1;
    }
    if S::NAME == "postgres" {
        for case in &model.cases {
            *reached.pg_cases.entry(*case).or_default() += 1;
        }
    }
    for case in model.cases {
        *reached.cases.entry(case).or_default() += 1;
    }
    if let Some(desk) = desk {
        reached.desks += 1;
        reached.desk_flags += flags;
        for said in desk.said.values() {
            let word = format!("{said:?}");
            let word = word.split('(').next().unwrap_or_default().to_string();
            *reached.desk_said.entry(word).or_default() += 1;
        }
        for over in desk.overs {
            *reached.overs.entry(over).or_default() += 1;
        }
    }
    Ok(())
}

fn hex(seed: &[u8]) -> String {
    seed.iter().fold(String::new(), |mut s, b| {
        use std::fmt::Write as _;
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn seed() -> [u8; 16] {
    let mut seed = [0u8; 16];
    if let Ok(hex) = std::env::var("DOOR_SEED") {
        for (i, b) in seed.iter_mut().enumerate() {
            *b = u8::from_str_radix(hex.get(2 * i..2 * i + 2).unwrap_or("00"), 16).unwrap();
        }
    } else {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        seed = now.to_le_bytes();
    }
    seed
}

/// Which log a run's shifts are held over.
#[derive(Clone, Copy)]
enum Log {
    Sqlite,
    Postgres,
}

/// `shifts` shifts from `seed` on this thread over `log`: a failure's
/// text, with the smallest shift found.
fn run(shifts: u32, seed: [u8; 16], log: Log, reached: &Mutex<Reached>) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    match log {
        Log::Sqlite => run_over(shifts, seed, &rt, drive::Logs::new(&rt, 3), reached),
        Log::Postgres => {
            let shared = rt.block_on(pg::PgDoor::fresh());
            // A server over loopback on a loaded machine answers in its own
            // time: deadlines no answer misses (a hang would wait them out,
            // so PostgreSQL shifts have outages instead).
            let (whole, short) = (Duration::from_secs(20), Duration::from_secs(10));
            let logs = drive::Logs::over(&rt, shared, 3, whole, short);
            run_over(shifts, seed, &rt, logs, reached)
        }
    }
}

fn run_over<S: drive::Shared>(
    shifts: u32,
    seed: [u8; 16],
    rt: &tokio::runtime::Runtime,
    logs: drive::Logs<S>,
    reached: &Mutex<Reached>,
) -> Result<(), String> {
    let hex = hex(&seed);
    let hangs = S::HANGS;
    let logs = Mutex::new(logs);
    let config = Config {
        cases: shifts,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::from_seed(RngAlgorithm::XorShift, &seed);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let outcome = runner.run(&shift(), |shift| {
        let shift = if hangs { shift } else { shift.without_hangs() };
        check(rt, &mut logs.lock().unwrap(), &shift, reached)
    });
    match outcome {
        Ok(()) => Ok(()),
        Err(TestError::Fail(why, shift)) => Err(format!(
            "DOOR_SEED={hex} ({} shifts over {}): {why}\nthe smallest shift found: {} lanes, world {:#?}\n{:#?}",
            shifts,
            S::NAME,
            shift.lanes,
            shift.world,
            shift.events
        )),
        Err(e) => Err(format!("DOOR_SEED={hex}: {e}")),
    }
}

#[test]
fn every_verdict_and_counter_of_random_shifts_is_the_models() {
    let number = |var: &str, or: u32| {
        std::env::var(var)
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(or)
    };
    let shifts = number("DOOR_SHIFTS", SHIFTS);
    let pg_shifts = number("DOOR_PG_SHIFTS", PG_SHIFTS);
    let seed = seed();
    let hex = hex(&seed);
    eprintln!("door: {shifts} shifts over SQLite, {pg_shifts} over PostgreSQL, DOOR_SEED={hex}");
    let reached = Mutex::new(Reached::default());
    // Runs side by side (the machine's cores), each its own seed: the
    // first is the one given, the others the same with its last byte
    // turned (DOOR_SEED replays each).
    let turned = |by: u8| {
        let mut s = seed;
        s[15] ^= by;
        s
    };
    let runs = [
        (shifts.div_ceil(2), seed, Log::Sqlite),
        (shifts / 2, turned(0xff), Log::Sqlite),
        (pg_shifts, turned(0x0f), Log::Postgres),
    ];
    let failures: Vec<String> = std::thread::scope(|s| {
        let runs: Vec<_> = runs
            .iter()
            .filter(|(n, ..)| *n > 0)
            .map(|&(n, seed, log)| {
                let reached = &reached;
                s.spawn(move || run(n, seed, log, reached))
            })
            .collect();
        runs.into_iter()
            .filter_map(|r| r.join().unwrap().err())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // Every case the issue names was reached, counted (a change of the
    // generator that loses one fails here).
    let Reached {
        cases: reached,
        overs,
        desks,
        logs,
        kinds,
        pg_cases,
        desk_said,
        desk_flags,
    } = reached.into_inner().unwrap();
    eprintln!("door: the desk said {desk_said:?}; {desk_flags} times with ⚑ on screen");
    assert!(
        desk_flags > 0,
        "DOOR_SEED={hex}: the desk never showed a note"
    );
    // The desk follows the door's policy as the log keeps it.
    for word in ["Valid", "Full", "NotValid", "Already"] {
        assert!(
            desk_said.get(word).is_some_and(|n| *n > 0),
            "DOOR_SEED={hex}: the desk never said {word}: {desk_said:?}"
        );
    }
    eprintln!("door: shifts by log {logs:?}");
    eprintln!("door: the generator's events by kind {kinds:?}");
    eprintln!("door: cases reached {reached:?}");
    eprintln!("door: over PostgreSQL {pg_cases:?}");
    // What the shared log decides, reached over PostgreSQL too.
    if pg_shifts >= PG_SHIFTS {
        for case in [
            Case::Valid,
            Case::ValidOffline,
            Case::Replayed,
            Case::Conflict,
            Case::ConflictedUndo,
            Case::UndoRefused,
            Case::Exit,
            Case::WelcomeBack,
            Case::Full,
            Case::PolicySet,
            Case::NoteSet,
            Case::Revoked,
        ] {
            assert!(
                pg_cases.get(&case).is_some_and(|n| *n > 0),
                "DOOR_SEED={hex}: no shift over PostgreSQL reached {case:?}: {pg_cases:?}"
            );
        }
    }
    eprintln!("door: {desks} shifts through the desk's update loop; scans over {overs:?}");
    for over in [
        Over::Nothing,
        Over::Help,
        Over::UndoQuestion,
        Over::LeaveQuestion,
        Over::NameSearch,
        Over::LastScans,
        Over::Conflicts,
        Over::WalkInForm,
    ] {
        assert!(
            overs.get(&over).is_some_and(|n| *n > 0),
            "DOOR_SEED={hex}: no scan at the desk came over {over:?}: {overs:?}"
        );
    }
    for case in [
        Case::SiblingByNumberFromEvent,
        Case::SiblingByNumberFromEdition,
        Case::SiblingByIdFromEvent,
        Case::SiblingByIdFromEdition,
        Case::Held,
        Case::ConflictedUndo,
        Case::Replayed,
        Case::Conflict,
        Case::LostRace,
        Case::ValidOffline,
        Case::AlreadyOffline,
        Case::NotACode,
        Case::Foreign,
        Case::NamesNoEvent,
        Case::OtherEventKept,
        Case::UndoRefused,
        Case::Exit,
        Case::ExitNotInside,
        Case::WelcomeBack,
        Case::LeftNoReentry,
        Case::NotOpenYet,
        Case::Closed,
        Case::Forced,
        Case::Full,
        Case::ForcedFull,
        Case::OrderAdmitted,
        Case::AllEditionsValid,
        Case::Noted,
        Case::HungWhole,
        Case::HungShort,
        Case::ShortAnswered,
        Case::WholeAfterRecent,
        Case::PolicySet,
        Case::NoteSet,
        Case::Revoked,
        Case::FromList,
        Case::RevokedFromList,
        Case::FromListAtOnce,
    ] {
        assert!(
            reached.get(&case).is_some_and(|n| *n > 0),
            "DOOR_SEED={hex}: no shift reached {case:?}: {reached:?}"
        );
    }
}
