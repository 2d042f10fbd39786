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
//! through the desk's update loop, with the door's rules on there too: the
//! policy and notes read from its log, `door set` and notes written
//! mid-shift (read at the desk's next look at the log), the clock across
//! the hours and Ctrl-F past them and past the capacity (FULL), the order
//! question (a noted mate shown and not picked; forced with its ticket),
//! undo, its log started again from its file and time passing at it, and
//! `F9` turning it into an exit lane and back (EXIT, NOT INSIDE, WELCOME
//! BACK or left), and walk-ins (`F2`, the e-mail typed, `Enter`: enrolled,
//! their ticket read from the list's tail — the rows on it as the API has
//! them now — and admitted through its lane); after `desk sync` its log
//! holds the model's admissions. One in 256 also through
//! `admit`'s own driver (`commands::lane::driver::Lane`, opened from its
//! machine's files for each scan, `--force` and `--order` as the shift
//! says, closed: a process a scan) against the real sandbox serving the
//! shift's tickets and revoking them through the API: one lane on its own
//! file, its lists read afresh each scan, no outages, exits, walk-ins or
//! undos there (`world::for_admit`); every verdict, note shown and the
//! count its log holds must be the model's. The generator's share of each
//! kind — the driver (desk, lanes or admit) and the log — is printed with
//! the cases each reached. Proptest shrinks a failing shift to a small one
//! and prints it with the seed.
//!
//! `cargo test` runs the same shifts each time (`SEED`), each drawing up to
//! `world::EVENTS` random events after its opening scenes;
//! `DOOR_SEED=random DOOR_SHIFTS=1000000 cargo test --release --test it door::`
//! hunts with new ones (`DOOR_EVENTS=40` for longer shifts); `DOOR_SEED=<hex>`
//! replays one (the seed and `DOOR_EVENTS` are printed with `--nocapture`,
//! and with a failure always).

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

#[path = "door/admit.rs"]
mod admit;

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use model::{Case, Model};
use world::{Ev, Over, Shift, shift};

/// A share of the shifts: its driver and its log.
type Share = (&'static str, &'static str);

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
    /// Events by kind in the desk's shifts.
    desk_kinds: BTreeMap<&'static str, usize>,
    /// Shifts, and the cases they reached, by share: the driver (the
    /// lanes alone, or the desk too) and the log.
    shares: BTreeMap<Share, (usize, BTreeMap<Case, usize>)>,
}

/// The shifts of a `cargo test` run over the SQLite log, and over the
/// PostgreSQL one (fewer: each call crosses loopback to a server).
const SHIFTS: u32 = 9_800;
const PG_SHIFTS: u32 = 200;

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
    let mut admit = shift.admit.then(|| admit::Admit::open(rt, shift));
    for (n, ev) in shift.events.iter().enumerate() {
        model.apply(ev);
        door.apply(ev);
        if let Some(admit) = &mut admit {
            let next = shift.events.get(n + 1);
            admit.apply(ev, next);
            // A scan with `--order` is held to the model once the model
            // has admitted the order too (the next event).
            let ordered = matches!(next, Some(Ev::Order { .. }));
            if !ordered && admit.said != model.said {
                return Err(TestCaseError::fail(format!(
                    "after event {n} ({ev:?}): admit said {:?}, the model {:?}",
                    admit.said, model.said
                )));
            }
            if admit.noted != model.noted {
                return Err(TestCaseError::fail(format!(
                    "after event {n} ({ev:?}): admit showed a note at scans {:?}, the model {:?}",
                    admit.noted, model.noted
                )));
            }
            if !ordered
                && matches!(ev, Ev::Scan { .. } | Ev::Force { .. } | Ev::Order { .. })
                && admit.admitted() != model.admitted(0)
            {
                return Err(TestCaseError::fail(format!(
                    "after event {n} ({ev:?}): admit's log holds {} admitted, the model {} \
                     (admit said {:?}, the model {:?})",
                    admit.admitted(),
                    model.admitted(0),
                    admit.said,
                    model.said
                )));
            }
        }
        if let Some(desk) = &mut desk {
            desk.apply(ev);
            if desk.admitted() != model.admitted(0) {
                return Err(TestCaseError::fail(format!(
                    "after event {n} ({ev:?}): the desk counts {} admitted, the model {} \
                     (the desk said {:?}, the model {:?})",
                    desk.admitted(),
                    model.admitted(0),
                    desk.said,
                    model.said
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
                     note: {flag}, the model {} (the desk said {:?}, the model {:?})",
                    model.noted.contains(&scan),
                    desk.said,
                    model.said
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
                    "after event {n} ({ev:?}): lane {} counts {} inside, the model {} (the door said {:?}, the model {:?})",
                    lane + 1,
                    door.inside(lane),
                    model.inside(lane),
                    door.said,
                    model.said
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
    // So does the desk's, its walk-ins' admissions with the rest.
    if let Some(desk) = &mut desk {
        let held = desk.finish().map_err(TestCaseError::fail)?;
        if held != want_admitted {
            return Err(TestCaseError::fail(format!(
                "after desk sync at the desk: its log holds {held:?}, the model {want_admitted:?} \
                 (the desk said {:?}, the model {:?})",
                desk.said, model.said
            )));
        }
    }
    if let Some(admit) = &mut admit {
        let held = admit.finish();
        if held != want_admitted {
            return Err(TestCaseError::fail(format!(
                "after the shift: admit's log holds {held:?}, the model {want_admitted:?}"
            )));
        }
    }
    let mut reached = reached.lock().unwrap();
    *reached.logs.entry(S::NAME).or_default() += 1;
    for ev in &shift.events {
        *reached.kinds.entry(ev.kind()).or_default() += 1;
    }
    // The desk's share: the lanes over `S` and the desk (one lane) over a
    // SQLite shared log of its own.
    let share = if shift.desk {
        "desk"
    } else if shift.admit {
        "admit"
    } else {
        "lanes"
    };
    let (n, cases) = reached.shares.entry((share, S::NAME)).or_default();
    *n += 1;
    for case in &model.cases {
        *cases.entry(*case).or_default() += 1;
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
        for ev in &shift.events {
            *reached.desk_kinds.entry(ev.kind()).or_default() += 1;
        }
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

/// The most random events a shift draws: `DOOR_EVENTS`, or
/// [`world::EVENTS`].
fn events() -> usize {
    std::env::var("DOOR_EVENTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(world::EVENTS)
}

fn hex(seed: &[u8]) -> String {
    seed.iter().fold(String::new(), |mut s, b| {
        use std::fmt::Write as _;
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// The shifts `cargo test` runs, the same each run: a red run is a change's,
/// not the dice's. `DOOR_SEED=random` draws new ones (each run a new
/// 10,000), as a long hunt does.
const SEED: &str = "5eed0d00b0c5eed0d00b0c5eed0d00b0";

fn seed() -> [u8; 16] {
    let mut seed = [0u8; 16];
    let asked = std::env::var("DOOR_SEED").unwrap_or_else(|_| SEED.to_string());
    if asked == "random" {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        seed = now.to_le_bytes();
    } else {
        for (i, b) in seed.iter_mut().enumerate() {
            *b = u8::from_str_radix(asked.get(2 * i..2 * i + 2).unwrap_or("00"), 16).unwrap();
        }
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
    let outcome = runner.run(&shift(events()), |shift| {
        let shift = if hangs { shift } else { shift.without_hangs() };
        check(rt, &mut logs.lock().unwrap(), &shift, reached)
    });
    match outcome {
        Ok(()) => Ok(()),
        Err(TestError::Fail(why, shift)) => Err(format!(
            "DOOR_SEED={hex} DOOR_EVENTS={} ({} shifts over {}): {why}\nthe smallest shift found: {} lanes, world {:#?}\n{:#?}",
            events(),
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
    eprintln!(
        "door: {shifts} shifts over SQLite, {pg_shifts} over PostgreSQL, DOOR_SEED={hex}, \
         DOOR_EVENTS={}",
        events()
    );
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
        shares,
        desk_kinds,
    } = reached.into_inner().unwrap();
    for ((driver, log), (n, cases)) in &shares {
        let log = match *driver {
            "desk" => format!("{log} (the desk over sqlite)"),
            "admit" => format!("{log} (admit on its own file)"),
            _ => (*log).to_string(),
        };
        eprintln!("door: {n} shifts by {driver} over {log}, cases {cases:?}");
    }
    // The desk's share reaches every rule of the door.
    if shifts >= SHIFTS {
        let desk = shares
            .get(&("desk", "sqlite"))
            .map(|(_, c)| c.clone())
            .unwrap_or_default();
        let cases = [
            Case::NotOpenYet,
            Case::Closed,
            Case::Forced,
            Case::Full,
            Case::ForcedFull,
            Case::OrderAdmitted,
            Case::Noted,
            Case::PolicySet,
            Case::NoteSet,
            Case::AllEditionsValid,
            Case::Revoked,
            Case::FromList,
            Case::Exit,
            Case::ExitNotInside,
            Case::WelcomeBack,
            Case::LeftNoReentry,
        ];
        each_reached(
            &desk,
            &cases,
            &format!("DOOR_SEED={hex}: no shift through the desk reached"),
        );
    }
    // So does `admit`'s (what a door over one lane's file decides).
    if shifts >= SHIFTS {
        let admit = shares
            .get(&("admit", "sqlite"))
            .map(|(_, c)| c.clone())
            .unwrap_or_default();
        let cases = [
            Case::Valid,
            Case::Already,
            Case::NotValid,
            Case::Closed,
            Case::Forced,
            Case::Full,
            Case::OrderAdmitted,
            Case::Noted,
            Case::PolicySet,
            Case::NoteSet,
            Case::OtherEventKept,
            Case::AllEditionsValid,
        ];
        each_reached(
            &admit,
            &cases,
            &format!("DOOR_SEED={hex}: no shift through admit reached"),
        );
    }
    eprintln!("door: the desk said {desk_said:?}; {desk_flags} times with ⚑ on screen");
    // The desk's log started again, time passing at it, and walk-ins
    // through its enroll form.
    eprintln!("door: the desk's events by kind {desk_kinds:?}");
    each_reached(
        &desk_kinds,
        &["reopen", "later", "turn", "walk-in"],
        &format!("DOOR_SEED={hex}: no shift through the desk had"),
    );
    assert!(
        desk_flags > 0,
        "DOOR_SEED={hex}: the desk never showed a note"
    );
    // The desk follows the door's policy as the log keeps it.
    let words = ["Valid", "Full", "NotValid", "Already"].map(String::from);
    each_reached(
        &desk_said,
        &words,
        &format!("DOOR_SEED={hex}: the desk never said"),
    );
    eprintln!("door: shifts by log {logs:?}");
    eprintln!("door: the generator's events by kind {kinds:?}");
    eprintln!("door: cases reached {reached:?}");
    eprintln!("door: over PostgreSQL {pg_cases:?}");
    // What the shared log decides, reached over PostgreSQL too.
    if pg_shifts >= PG_SHIFTS {
        let cases = [
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
        ];
        each_reached(
            &pg_cases,
            &cases,
            &format!("DOOR_SEED={hex}: no shift over PostgreSQL reached"),
        );
    }
    eprintln!("door: {desks} shifts through the desk's update loop; scans over {overs:?}");
    let over = [
        Over::Nothing,
        Over::Help,
        Over::UndoQuestion,
        Over::LeaveQuestion,
        Over::NameSearch,
        Over::LastScans,
        Over::Conflicts,
        Over::WalkInForm,
    ];
    each_reached(
        &overs,
        &over,
        &format!("DOOR_SEED={hex}: no scan at the desk came over"),
    );
    let cases = [
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
    ];
    each_reached(
        &reached,
        &cases,
        &format!("DOOR_SEED={hex}: no shift reached"),
    );
}

/// Fails, saying `what`, on the first of `needed` that `counts` never saw.
fn each_reached<K: Ord + std::fmt::Debug>(counts: &BTreeMap<K, usize>, needed: &[K], what: &str) {
    for k in needed {
        assert!(
            counts.get(k).is_some_and(|n| *n > 0),
            "{what} {k:?}: {counts:?}"
        );
    }
}

/// Shifts the desk once disagreed with the model on (docs/desk.md): each
/// runs through the desk's update loop and the lanes, and every verdict
/// and counter must be the model's.
#[test]
fn the_desk_holds_the_shifts_it_once_failed() {
    use world::{DOOR, Ev, Form, Over, Rules, T, World};
    let tickets = |n: u64, other: &[(u64, &str, u64)]| -> Vec<T> {
        (100..100 + n)
            .map(|id| {
                let (number, edition) = other
                    .iter()
                    .find(|(i, ..)| *i == id)
                    .map_or((format!("TK-{id:06}"), DOOR), |(_, n, e)| {
                        ((*n).to_string(), *e)
                    });
                T {
                    id,
                    number,
                    status: "confirmed",
                    edition: Some(edition),
                }
            })
            .collect()
    };
    let number = |i, spelling| Form::Number { i, spelling };
    let scan = |form| Ev::Scan {
        lane: 0,
        form,
        over: Over::Nothing,
    };
    let page = Ev::Page { lane: 0 };
    let siblings = Ev::Siblings { lane: 0 };
    let shifts = [
        // Ctrl-F outside the hours on a ticket admitted before, cut off
        // from the log: ALREADY ADMITTED, its admission kept (the desk
        // forced it again and lost it when the log refused).
        (
            tickets(4, &[]),
            3,
            true,
            Rules {
                all_editions: true,
                hours: true,
                noted: vec![100],
                capacity: Some(1),
                ..Rules::default()
            },
            vec![
                page.clone(),
                page.clone(),
                Ev::Revoke { i: 0 },
                Ev::Revoke { i: 1 },
                scan(number(0, 0)),
                Ev::ApiSlow,
                scan(number(1, 0)),
                Ev::ApiFast,
                scan(number(0, 0)),
                Ev::Cut,
                Ev::Clock(0),
                page.clone(),
                page.clone(),
                siblings.clone(),
                Ev::Force {
                    lane: 0,
                    form: number(1, 1),
                },
            ],
        ),
        // The order question reads the order when asked: a mate read by a
        // page after the VALID goes in with it.
        (
            tickets(7, &[(101, "AB-101", DOOR)]),
            2,
            true,
            Rules {
                all_editions: true,
                hours: true,
                reentry: true,
                noted: vec![101],
                noted_customers: vec![902],
                ..Rules::default()
            },
            vec![
                page.clone(),
                page.clone(),
                Ev::Scan {
                    lane: 0,
                    form: Form::Id { i: 1, zeros: 1 },
                    over: Over::UndoQuestion,
                },
                page.clone(),
                Ev::Order { lane: 0 },
            ],
        ),
        // The order of a ticket read by id (not in a list yet), its mate
        // in another edition's list.
        (
            tickets(7, &[(105, "AB-105", 12)]),
            4,
            false,
            Rules {
                all_editions: true,
                noted: vec![101, 102, 104],
                capacity: Some(2),
                ..Rules::default()
            },
            vec![
                siblings.clone(),
                scan(Form::Id { i: 1, zeros: 1 }),
                Ev::Order { lane: 0 },
            ],
        ),
        // Ctrl-F on CLOSED for a ticket revoked since the list was read:
        // NOT VALID (the desk said CLOSED again).
        (
            tickets(8, &[]),
            3,
            true,
            Rules {
                all_editions: true,
                hours: true,
                reentry: true,
                noted: vec![103],
                noted_customers: vec![900, 902],
                capacity: Some(3),
                ..Rules::default()
            },
            vec![
                Ev::Scan {
                    lane: 0,
                    form: number(6, 2),
                    over: Over::NameSearch,
                },
                Ev::Clock(2),
                page.clone(),
                Ev::Revoke { i: 2 },
                page.clone(),
                page.clone(),
                page.clone(),
                siblings.clone(),
                Ev::Force {
                    lane: 0,
                    form: Form::Id { i: 2, zeros: 0 },
                },
            ],
        ),
        // The desk's log started again (from its file) while the log hangs:
        // the notes it read before are still shown, ⚑ on a noted VALID (a
        // lane started again read no notes until the log answered).
        (
            tickets(2, &[]),
            5,
            true,
            Rules {
                noted: vec![100],
                ..Rules::default()
            },
            vec![
                siblings.clone(),
                Ev::Sync { lane: 0 },
                Ev::Hang,
                Ev::Reopen { lane: 0 },
                page.clone(),
                siblings.clone(),
                scan(Form::NoSuchNumber(868)),
                Ev::Sync { lane: 0 },
                scan(number(0, 3)),
            ],
        ),
    ];
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let mut logs = drive::Logs::new(&rt, 1);
    let reached = Mutex::new(Reached::default());
    for (n, (tickets, page, by_edition, rules, events)) in shifts.into_iter().enumerate() {
        let shift = Shift {
            world: World {
                tickets,
                page,
                by_edition,
                rules,
            },
            lanes: 1,
            events,
            desk: true,
            admit: false,
        };
        if let Err(e) = check(&rt, &mut logs, &shift, &reached) {
            panic!("shift {n}: {e}");
        }
    }
}

/// A scan of the shift's one ticket by its number at `lane`.
fn scan_the_ticket(lane: usize) -> world::Ev {
    world::Ev::Scan {
        lane,
        form: world::Form::Number { i: 0, spelling: 0 },
        over: world::Over::Nothing,
    }
}

/// A shift of `lanes` lanes (no desk) at one ticket, TK-000100 of the
/// door's edition, under `rules`.
fn one_ticket(lanes: usize, rules: world::Rules, events: Vec<world::Ev>) -> Shift {
    Shift {
        world: world::World {
            tickets: vec![world::T {
                id: 100,
                number: "TK-000100".into(),
                status: "confirmed",
                edition: Some(world::DOOR),
            }],
            page: 5,
            by_edition: false,
            rules,
        },
        lanes,
        events,
        desk: false,
        admit: false,
    }
}

/// The model after `shift`, once the real door has held it step by step
/// (a difference fails the test).
fn held_by_the_door(shift: &Shift) -> Model {
    let mut model = Model::new(shift);
    for ev in &shift.events {
        model.apply(ev);
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let mut logs = drive::Logs::new(&rt, shift.lanes);
    let reached = Mutex::new(Reached::default());
    if let Err(e) = check(&rt, &mut logs, shift, &reached) {
        panic!("{e}");
    }
    model
}

/// An exit belongs to its admission (docs/lanes.md, "An undo never leaves
/// a conflicted ticket un-admitted"): a ticket admitted at
/// two lanes cut off (lane 2's replay first: the log's; lane 1's a
/// conflict) leaves through the exit lane; lane 2's admission undone, the
/// log holds the ticket under lane 1's, which starts inside — lane 1 counts
/// it inside and a scan there says ALREADY ADMITTED, not WELCOME BACK (the
/// exit once outlived the undo at the replayed lane, in the door and the
/// model alike).
#[test]
fn an_exit_goes_with_the_admission_undone() {
    use world::{Ev, Rules};
    let scan = scan_the_ticket;
    let mut events: Vec<Ev> = (0..3).map(|lane| Ev::Page { lane }).collect();
    events.extend([Ev::Cut, scan(0), scan(1), Ev::Restore]);
    events.extend([
        Ev::Sync { lane: 1 },
        Ev::Sync { lane: 0 },
        Ev::Sync { lane: 2 },
    ]);
    events.extend([scan(2), Ev::Sync { lane: 0 }, Ev::Undo { lane: 1 }]);
    events.extend([Ev::Sync { lane: 0 }, scan(0)]);
    let rules = Rules {
        reentry: true,
        exits: 0b100,
        ..Rules::default()
    };
    let model = held_by_the_door(&one_ticket(3, rules, events));
    assert_eq!(
        model.said.get(&3),
        Some(&model::Said::Exit),
        "{:?}",
        model.said
    );
    assert_eq!(
        model.said.get(&4),
        Some(&model::Said::Already("lane-1".into())),
        "{:?}",
        model.said
    );
}

/// A move goes with the admission the log held the ticket under when it
/// was made, whatever the lane that follows it admitted meanwhile: a lane
/// that admits a ticket again after an undo, or first after one, and then
/// reads the log's older exit and the undo, counts its guest inside (a
/// shift of two lanes and one of three once counted 0 inside at the lane
/// that read them, in the door and the model alike).
#[test]
fn a_followed_exit_goes_with_the_admission_it_was_made_under() {
    use world::{Ev, Rules};
    let scan = scan_the_ticket;
    let pages = |n: usize| (0..n).map(|lane| Ev::Page { lane }).collect::<Vec<_>>();
    // The lane that admitted undoes and admits again, then reads the exit
    // made under its first admission.
    let mut again = pages(2);
    again.extend([Ev::Cut, scan(0), scan(1), Ev::Restore]);
    again.extend([Ev::Sync { lane: 0 }, Ev::Sync { lane: 1 }, scan(1)]);
    again.extend([Ev::Undo { lane: 0 }, scan(0), Ev::Sync { lane: 0 }]);
    // A third lane admits after the undo, then reads what came before it.
    let mut third = pages(3);
    third.extend([Ev::Cut, scan(0), scan(1), Ev::Restore]);
    third.extend([Ev::Sync { lane: 1 }, Ev::Sync { lane: 0 }, scan(0)]);
    third.extend([Ev::Sync { lane: 1 }, scan(1), Ev::Sync { lane: 0 }]);
    third.extend([Ev::Undo { lane: 0 }, scan(2), Ev::Sync { lane: 2 }]);
    let exit_lane = || Rules {
        exits: 0b10,
        ..Rules::default()
    };
    for (lanes, events, lane) in [(2, again, 0), (3, third, 2)] {
        let model = held_by_the_door(&one_ticket(lanes, exit_lane(), events));
        assert_eq!(model.inside(lane), 1, "{:?}", model.said);
    }
}

/// A scan whose write the shared log made but whose answer never came (a
/// link that drops it after the commit): while the scan waits out its
/// deadline, the lane's own follower reads the admission into its mirror.
/// The scan is then this guest's admission, VALID: never ALREADY ADMITTED
/// by itself a moment ago; a ticket another lane admitted before stays
/// ALREADY ADMITTED.
#[test]
fn a_scan_whose_answer_was_lost_is_its_own_admission_not_an_earlier_one() {
    use boxoffice::store::{
        Admission, DeskLog, LaneLog, Recorded, ScanId, SqliteDeskLog, SqliteDoor,
    };

    const EVENT: u64 = 55;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let _in = rt.enter();
    let door = SqliteDoor::new(SqliteDeskLog::in_memory().unwrap());
    let admission = |id: u64, lane: usize| Admission {
        ticket_id: id,
        number: format!("TK-{id:06}"),
        event_id: EVENT,
        edition_id: None,
        at: String::new(),
        desk: format!("lane-{lane}"),
    };
    let mut lanes: Vec<LaneLog<SqliteDoor>> = (0..3)
        .map(|_| {
            let lane = LaneLog::over(door.clone(), SqliteDeskLog::in_memory().unwrap());
            lane.follow(EVENT);
            lane
        })
        .collect();
    // Answered: every lane has read the event.
    for (i, lane) in lanes.iter_mut().enumerate() {
        let id = 1 + i as u64;
        let r = lane.admit(&admission(id, i), ScanId::new()).unwrap();
        assert!(matches!(r, Recorded::Admitted(_)), "{r:?}");
    }
    door.lose_answers(true);
    let (last, lanes) = lanes.split_last_mut().unwrap();
    for (i, lane) in lanes.iter_mut().enumerate() {
        let id = 10 + i as u64;
        let r = lane.admit(&admission(id, i), ScanId::new()).unwrap();
        match r {
            Recorded::Admitted(a) => assert_eq!((a.ticket_id, a.desk), (id, format!("lane-{i}"))),
            Recorded::AlreadyAdmitted(a) => {
                panic!("lane {i}: ticket {id}'s first scan said ALREADY ADMITTED by {a:?}")
            }
        }
    }
    // A ticket another lane admitted before is still ALREADY ADMITTED
    // when the answer is lost: the mirror holds another scan's admission.
    let r = last.admit(&admission(1, 2), ScanId::new()).unwrap();
    assert!(
        matches!(&r, Recorded::AlreadyAdmitted(a) if a.ticket_id == 1 && a.desk == "lane-0"),
        "{r:?}"
    );
}
