#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The local state on disk: the desk log and the offline lists in SQLite,
//! where they live, and that they stay private whatever the umask.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use boxoffice::store::{
    Admission, CachedTicket, Counts, DeskLog, SqliteDeskLog, SqliteTicketCache, TicketCache,
    clear_all_caches, clear_cache, paths,
};

/// An environment whose state and cache homes are under `root`.
fn env_in(root: &Path) -> impl Fn(&str) -> Option<String> + use<> {
    let root = root.to_path_buf();
    move |k| match k {
        "XDG_STATE_HOME" => Some(root.join("state").display().to_string()),
        "XDG_CACHE_HOME" => Some(root.join("cache").display().to_string()),
        "HOME" => Some(root.join("home").display().to_string()),
        _ => None,
    }
}

fn admission(ticket_id: u64, event_id: u64, desk: &str, at: &str) -> Admission {
    Admission {
        ticket_id,
        number: format!("TK-{ticket_id:06}"),
        event_id,
        edition_id: Some(event_id + 1000),
        at: at.into(),
        desk: desk.into(),
    }
}

fn ticket(id: u64) -> CachedTicket {
    CachedTicket {
        id,
        number: format!("TK-{id:06}"),
        status: if id.is_multiple_of(7) {
            "unenrolled"
        } else {
            "confirmed"
        }
        .into(),
        attendee_id: (!id.is_multiple_of(5)).then_some(id * 3),
        name: format!("Ana Díaz {id}"),
        email: format!("ana{id}@example.com"),
        edition_id: id.is_multiple_of(2).then_some(44),
        edition: "Day 1".into(),
        enrollment_type: "paid".into(),
        created: "2026-03-01 10:00:00".into(),
        price: "12.50".into(),
        order: format!("ORD-{id}"),
    }
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn state_dir(root: &Path) -> PathBuf {
    paths::state_dir(&env_in(root), "shop.api.example.com").unwrap()
}

#[test]
fn a_desk_log_survives_reopening() {
    let root = tempfile::tempdir().unwrap();
    let dir = state_dir(root.path());
    {
        let mut log = SqliteDeskLog::open(&dir).unwrap();
        let stored = log
            .record(&admission(41, 7, "door-1", "2026-03-01 18:00:05"))
            .unwrap();
        assert_eq!(stored.at, "2026-03-01 18:00:05");
        // An empty time is stamped now.
        let stamped = log.record(&admission(42, 7, "door-2", "")).unwrap();
        assert_eq!(stamped.at.len(), 19, "{}", stamped.at);
        assert_eq!(log.path(), dir.join("desk.sqlite"));
    }
    let log = SqliteDeskLog::open(&dir).unwrap();
    let found = log.lookup(7, 41).unwrap().unwrap();
    assert_eq!(found, admission(41, 7, "door-1", "2026-03-01 18:00:05"));
    assert_eq!(log.lookup(7, 42).unwrap().unwrap().desk, "door-2");
    assert_eq!(log.lookup(8, 41).unwrap(), None);
    assert_eq!(log.lookup(7, 43).unwrap(), None);
    let admitted = log.admitted(7).unwrap();
    assert_eq!(
        admitted.iter().map(|a| a.ticket_id).collect::<Vec<_>>(),
        [41, 42]
    );
}

#[test]
fn undo_of_a_named_admission_takes_back_that_one_only() {
    let root = tempfile::tempdir().unwrap();
    let mut log = SqliteDeskLog::open(&state_dir(root.path())).unwrap();
    log.record(&admission(1, 7, "door-1", "2026-03-01 18:00:01"))
        .unwrap();
    log.record(&admission(2, 7, "door-1", "2026-03-01 18:00:02"))
        .unwrap();
    log.record(&admission(3, 7, "door-2", "2026-03-01 18:00:03"))
        .unwrap();
    // The desk asked about ticket 1: ticket 2, admitted since, stays.
    assert_eq!(
        log.undo(7, "door-1", 1)
            .unwrap()
            .unwrap()
            .admission
            .ticket_id,
        1
    );
    assert!(log.lookup(7, 2).unwrap().is_some());
    assert_eq!(log.lookup(7, 1).unwrap(), None);
    // Not this desk's, or already undone: nothing.
    assert_eq!(log.undo(7, "door-1", 3).unwrap(), None);
    assert_eq!(log.undo(7, "door-1", 1).unwrap(), None);
    assert!(log.lookup(7, 3).unwrap().is_some());
}

#[test]
fn undo_takes_back_only_that_desks_last_admission() {
    let root = tempfile::tempdir().unwrap();
    let mut log = SqliteDeskLog::open(&state_dir(root.path())).unwrap();
    log.record(&admission(1, 7, "door-1", "2026-03-01 18:00:01"))
        .unwrap();
    log.record(&admission(2, 7, "door-1", "2026-03-01 18:00:02"))
        .unwrap();
    log.record(&admission(3, 7, "door-2", "2026-03-01 18:00:03"))
        .unwrap();
    log.record(&admission(4, 8, "door-1", "2026-03-01 18:00:04"))
        .unwrap();

    let undone = log.undo_last(7, "door-1").unwrap().unwrap();
    assert_eq!(undone.admission.ticket_id, 2);
    assert_eq!(log.lookup(7, 2).unwrap(), None);
    for (event, ticket) in [(7, 1), (7, 3), (8, 4)] {
        assert!(log.lookup(event, ticket).unwrap().is_some(), "{ticket}");
    }
    // The next undo goes one further back, still that desk's only.
    assert_eq!(
        log.undo_last(7, "door-1")
            .unwrap()
            .unwrap()
            .admission
            .ticket_id,
        1
    );
    assert_eq!(log.undo_last(7, "door-1").unwrap(), None);
    assert_eq!(log.undo_last(7, "door-3").unwrap(), None);
    let left: Vec<u64> = log
        .admitted(7)
        .unwrap()
        .iter()
        .map(|a| a.ticket_id)
        .collect();
    assert_eq!(left, [3]);
    // Admitted again after an undo: found again.
    log.record(&admission(2, 7, "door-2", "2026-03-01 18:01:00"))
        .unwrap();
    assert_eq!(log.lookup(7, 2).unwrap().unwrap().desk, "door-2");
}

#[test]
fn counts_take_a_since() {
    let root = tempfile::tempdir().unwrap();
    let mut log = SqliteDeskLog::open(&state_dir(root.path())).unwrap();
    for (ticket, at) in [
        (1, "2026-03-01 17:50:00"),
        (2, "2026-03-01 17:59:59"),
        (3, "2026-03-01 18:00:00"),
        (4, "2026-03-01 18:04:00"),
    ] {
        log.record(&admission(ticket, 7, "door-1", at)).unwrap();
    }
    log.record(&admission(9, 8, "door-1", "2026-03-01 18:04:00"))
        .unwrap();
    assert_eq!(
        log.counts(7, "2026-03-01 18:00:00").unwrap(),
        Counts {
            admitted: 4,
            recent: 2
        }
    );
    log.undo_last(7, "door-1").unwrap();
    assert_eq!(
        log.counts(7, "2026-03-01 18:00:00").unwrap(),
        Counts {
            admitted: 3,
            recent: 1
        }
    );
    assert_eq!(log.counts(99, "").unwrap(), Counts::default());
}

#[test]
fn the_cache_round_trips_a_list_in_order_and_replaces_it() {
    let root = tempfile::tempdir().unwrap();
    let dir = paths::cache_dir(&env_in(root.path()), "shop.api.example.com").unwrap();
    let mut cache = SqliteTicketCache::open(&dir).unwrap();
    // Ids out of order: the list comes back as saved, not sorted.
    let tickets: Vec<CachedTicket> = (1..=1000).map(|i| ticket((i * 7919) % 1009)).collect();
    cache.save(7, &tickets, "2026-03-01 18:00:00").unwrap();
    cache.save(8, &tickets[..3], "").unwrap();
    drop(cache);

    let mut cache = SqliteTicketCache::open(&dir).unwrap();
    let (loaded, at) = cache.load(7).unwrap().unwrap();
    assert_eq!(at, "2026-03-01 18:00:00");
    assert_eq!(loaded, tickets);
    let (other, stamped) = cache.load(8).unwrap().unwrap();
    assert_eq!((other.len(), stamped.len()), (3, 19));

    let fewer: Vec<CachedTicket> = (5000..5010).map(ticket).collect();
    cache.save(7, &fewer, "2026-03-01 19:00:00").unwrap();
    assert_eq!(
        cache.load(7).unwrap().unwrap(),
        (fewer, "2026-03-01 19:00:00".to_owned())
    );
    assert_eq!(cache.load(8).unwrap().unwrap().0.len(), 3);
    // An empty list is a list: the event has no tickets.
    cache.save(9, &[], "2026-03-01 19:00:00").unwrap();
    assert_eq!(cache.load(9).unwrap().unwrap().0, []);
    assert_eq!(cache.load(10).unwrap(), None);
}

#[test]
fn a_number_is_found_in_the_other_lists_by_any_form_not_in_its_own() {
    let root = tempfile::tempdir().unwrap();
    let dir = paths::cache_dir(&env_in(root.path()), "shop.api.example.com").unwrap();
    let mut cache = SqliteTicketCache::open(&dir).unwrap();
    let tickets: Vec<CachedTicket> = (1..=50).map(ticket).collect();
    cache.save(7, &tickets, "2026-03-01 18:00:00").unwrap();
    cache
        .save(8, &tickets[..30], "2026-03-01 19:00:00")
        .unwrap();
    cache
        .describe(8, "Spring Fair — Day 2", "2026-03-02")
        .unwrap();
    drop(cache);
    let cache = SqliteTicketCache::open(&dir).unwrap();
    for typed in ["TK-000023", "tk000023", "tk 000023", " Tk-0000-23 "] {
        let key = boxoffice::ticket_number::key(typed);
        // The desk of 9 finds it in 8's list (saved last, first) and 7's.
        let found = cache.find_number(&key, 9).unwrap();
        assert_eq!(
            found.iter().map(|f| f.event_id).collect::<Vec<_>>(),
            [8, 7],
            "{typed}"
        );
        assert_eq!(found[0].ticket, ticket(23));
        assert_eq!(
            (found[0].title.as_str(), found[0].starts.as_str()),
            ("Spring Fair — Day 2", "2026-03-02")
        );
        assert_eq!(found[1].title, "");
        // Never the desk's own list.
        let found = cache.find_number(&key, 8).unwrap();
        assert_eq!(found.iter().map(|f| f.event_id).collect::<Vec<_>>(), [7]);
    }
    let key = boxoffice::ticket_number::key("TK-000040");
    assert_eq!(cache.find_number(&key, 7).unwrap(), []);
    assert_eq!(cache.find_number("", 9).unwrap(), []);
    // Saving a list again keeps its name.
    let mut cache = cache;
    cache.save(8, &tickets[..40], "").unwrap();
    assert_eq!(
        cache.find_number(&key, 7).unwrap()[0].title,
        "Spring Fair — Day 2"
    );
}

#[test]
fn a_cache_of_schema_1_gets_its_number_keys_on_opening() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("cache");
    std::fs::create_dir(&dir).unwrap();
    let conn = rusqlite::Connection::open(dir.join(SqliteTicketCache::FILE)).unwrap();
    conn.execute_batch(
        r#"CREATE TABLE lists (event_id INTEGER PRIMARY KEY, saved_at TEXT NOT NULL);
        CREATE TABLE tickets (event_id INTEGER NOT NULL, pos INTEGER NOT NULL,
            id INTEGER NOT NULL, number TEXT NOT NULL, status TEXT NOT NULL,
            attendee_id INTEGER, name TEXT NOT NULL, email TEXT NOT NULL,
            edition_id INTEGER, edition TEXT NOT NULL, enrollment_type TEXT NOT NULL,
            created TEXT NOT NULL, price TEXT NOT NULL, "order" TEXT NOT NULL,
            PRIMARY KEY (event_id, pos)) WITHOUT ROWID;
        INSERT INTO lists VALUES (7, '2026-03-01 18:00:00');
        INSERT INTO tickets VALUES (7, 0, 23, 'TK-000023', 'confirmed', NULL, 'Ana', 'a@x',
            NULL, 'Day 1', 'paid', '', '', '');
        PRAGMA user_version = 1;"#,
    )
    .unwrap();
    drop(conn);
    let cache = SqliteTicketCache::open(&dir).unwrap();
    let found = cache.find_number("TK000023", 9).unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].event_id, found[0].ticket.id), (7, 23));
    assert_eq!(cache.load(7).unwrap().unwrap().0.len(), 1);
}

#[test]
fn clearing_the_cache_removes_its_files_only() {
    let root = tempfile::tempdir().unwrap();
    let env = env_in(root.path());
    let shop = paths::cache_dir(&env, "shop.api.example.com").unwrap();
    let demo = paths::cache_dir(&env, "demo").unwrap();
    for dir in [&shop, &demo] {
        let mut cache = SqliteTicketCache::open(dir).unwrap();
        cache.save(7, &[ticket(1)], "").unwrap();
    }
    std::fs::write(demo.join("notes.txt"), "mine").unwrap();
    assert!(clear_cache(&shop).unwrap());
    assert!(!shop.exists());
    assert!(!clear_cache(&shop).unwrap());
    // Not the cache's own file: kept, and so the directory.
    assert!(clear_cache(&demo).unwrap());
    assert!(demo.join("notes.txt").exists());
    assert!(!demo.join(SqliteTicketCache::FILE).exists());

    let mut cache = SqliteTicketCache::open(&shop).unwrap();
    cache.save(7, &[ticket(1)], "").unwrap();
    drop(cache);
    let cleared = clear_all_caches(&paths::cache_root(&env).unwrap()).unwrap();
    // The demo's was cleared already; its directory and the root stay for
    // the file that is not the cache's.
    assert_eq!(cleared, std::slice::from_ref(&shop));
    assert!(!shop.exists() && demo.join("notes.txt").exists());
    std::fs::remove_file(demo.join("notes.txt")).unwrap();
    let root_dir = paths::cache_root(&env).unwrap();
    assert_eq!(
        clear_all_caches(&root_dir).unwrap(),
        [demo.clone(), root_dir.clone()]
    );
    assert!(!root_dir.exists());
    assert!(
        clear_all_caches(&root.path().join("nowhere"))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn business_keys_become_safe_directory_names_under_the_root() {
    let root = tempfile::tempdir().unwrap();
    let env = env_in(root.path());
    let state_root = paths::state_root(&env).unwrap();
    for key in [
        "a/b",
        "..",
        ".",
        "",
        "../../etc",
        "my shop",
        "café.example",
        "x\ny",
    ] {
        let dir = paths::state_dir(&env, key).unwrap();
        assert_eq!(dir.parent(), Some(state_root.as_path()), "{key:?}");
        let name = dir.file_name().unwrap().to_str().unwrap();
        assert!(
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')),
            "{key:?} → {name:?}"
        );
        assert!(!matches!(name, "" | "." | ".."), "{key:?}");
        SqliteDeskLog::open(&dir).unwrap();
        assert!(dir.join("desk.sqlite").is_file(), "{key:?}");
    }
    assert_eq!(paths::business_dir_name("café.example"), "caf_.example");
    assert_eq!(paths::business_dir_name("a/b c"), "a_b_c");
}

/// The files and directories made by a desk, in a child process whose
/// umask is `umask`: the umask is the whole process's, so it is not
/// changed under the other tests running in this one.
fn made_under_umask(umask: &str) {
    let root = tempfile::tempdir().unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg("umask \"$1\"; shift; exec \"$@\"")
        .arg("sh")
        .arg(umask)
        .arg(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "store::private_files_child",
            "--ignored",
            "--nocapture",
        ])
        .env("BOXOFFICE_TEST_ROOT", root.path())
        .env("BOXOFFICE_TEST_UMASK", umask)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("1 passed"), "{text}");
}

#[test]
fn files_are_0600_and_directories_0700_with_umask_022() {
    made_under_umask("022");
}

#[test]
fn files_are_0600_and_directories_0700_with_umask_000() {
    made_under_umask("000");
}

#[test]
#[ignore = "run by the umask tests, in a child process with its own umask"]
fn private_files_child() {
    let root = PathBuf::from(std::env::var("BOXOFFICE_TEST_ROOT").unwrap());
    let umask = std::env::var("BOXOFFICE_TEST_UMASK").unwrap();
    // The umask is in force: a plain file gets 0666 less it.
    let plain = root.join("plain");
    std::fs::write(&plain, "").unwrap();
    let expected = 0o666 & !u32::from_str_radix(&umask, 8).unwrap();
    assert_eq!(mode(&plain), expected, "umask {umask}");

    let env = env_in(&root);
    let state = paths::state_dir(&env, "shop").unwrap();
    let cache = paths::cache_dir(&env, "shop").unwrap();
    let mut log = SqliteDeskLog::open(&state).unwrap();
    log.record(&admission(1, 7, "door-1", "")).unwrap();
    let mut tickets = SqliteTicketCache::open(&cache).unwrap();
    tickets.save(7, &[ticket(1)], "").unwrap();
    for dir in [&state, &cache] {
        assert_eq!(mode(dir), 0o700, "{}", dir.display());
        assert_eq!(mode(dir.parent().unwrap()), 0o700, "{}", dir.display());
    }
    // The journal is kept between transactions (TRUNCATE), with the
    // database's mode.
    for file in [
        state.join("desk.sqlite"),
        state.join("desk.sqlite-journal"),
        cache.join("tickets.sqlite"),
        cache.join("tickets.sqlite-journal"),
    ] {
        assert_eq!(mode(&file), 0o600, "{}", file.display());
    }
    let entries: Vec<String> = std::fs::read_dir(&state)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(entries.len(), 2, "{entries:?}");
    // A file left readable (an older build, a copy) is made private again.
    drop(log);
    std::fs::set_permissions(
        state.join("desk.sqlite"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o755)).unwrap();
    SqliteDeskLog::open(&state).unwrap();
    assert_eq!(mode(&state.join("desk.sqlite")), 0o600);
    assert_eq!(mode(&state), 0o700);
}

#[test]
fn a_log_from_a_newer_build_is_refused_and_new_files_are_made_once() {
    let root = tempfile::tempdir().unwrap();
    let dir = state_dir(root.path());
    // Desks opening a new file at once: the schema is created once.
    let opened: Vec<bool> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| s.spawn(|| SqliteDeskLog::open(&dir).is_ok()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(opened, [true; 4]);
    let conn = rusqlite::Connection::open(dir.join(SqliteDeskLog::FILE)).unwrap();
    conn.execute_batch("PRAGMA user_version = 99;").unwrap();
    drop(conn);
    let Err(e) = SqliteDeskLog::open(&dir) else {
        panic!("a newer schema was opened")
    };
    assert!(e.to_string().contains("newer boxoffice"), "{e}");
}

/// A main event's desk remembers the edition it checked in, across a
/// reopening: a desk opened on the main event without a network finds it.
#[test]
fn the_cache_remembers_which_edition_a_main_events_desk_checked_in() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("shop");
    {
        let mut cache = SqliteTicketCache::open(&dir).unwrap();
        assert_eq!(cache.resolve(101).unwrap(), None);
        cache.save(1002, &[ticket(1)], "").unwrap();
        cache.alias(101, 1002).unwrap();
        cache.alias(101, 1003).unwrap();
        cache.alias(101, 1002).unwrap();
    }
    let cache = SqliteTicketCache::open(&dir).unwrap();
    assert_eq!(cache.resolve(101).unwrap(), Some(1002));
    assert_eq!(cache.resolve(1002).unwrap(), None);
    let (rows, _) = cache.load(1002).unwrap().unwrap();
    assert_eq!(rows, [ticket(1)]);
}

/// A write is recorded before it is sent: one begun and never finished
/// (a crash between) reads as unknown; finished ones say how they ended.
#[test]
fn the_audit_log_records_before_and_completes_after() {
    use boxoffice::store::{AuditLog, Sending, SqliteAuditLog, UNKNOWN};

    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("shop");
    {
        let mut log = SqliteAuditLog::open(&dir).unwrap();
        let a = log
            .begin(&Sending {
                operation: "revoke",
                target: "ticket 5",
                desk: "north",
                held: None,
            })
            .unwrap();
        log.finish(a, "ok", 120).unwrap();
        let _crashed = log
            .begin(&Sending {
                operation: "enroll",
                target: "event 7 ana@example.com",
                desk: "north",
                held: Some("715,802"),
            })
            .unwrap();
    }
    let log = SqliteAuditLog::open(&dir).unwrap();
    let rows = log.entries(10).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].operation, "enroll");
    assert_eq!(rows[0].outcome, UNKNOWN);
    assert_eq!(rows[0].latency_ms, None);
    // What the person held before it was sent is kept with it.
    assert_eq!(rows[0].held.as_deref(), Some("715,802"));
    assert_eq!(rows[1].held, None);
    assert_eq!(rows[1].outcome, "ok");
    assert_eq!(rows[1].latency_ms, Some(120));
    assert_eq!(rows[1].at.len(), 19);
}
