//! Gates far from the database: a lane's round trips to the shared log,
//! counted by a proxy between the lane and the tests' PostgreSQL
//! (`common::proxy`: the server's answers to what the lane sent, one per
//! turn), against the figures docs/lanes.md gives ("Round trips").

use std::path::Path;
use std::time::Duration;

use super::common::proxy::Proxy;
use super::headless::{Running, confirmed};
use super::{fresh, server};

/// A one-shot `admit` of a ticket no lane admitted, on a machine that
/// never read the log, in all: connecting (PostgreSQL's start-up on
/// loopback with trust: one turn), the door with its stamp (and the
/// schema) and the mirror's first read sent at once, the scan
/// (`desk_scan`: what is newer, the ticket, the scan recorded, the lane's
/// last scan).
pub const ADMIT_VALID: u64 = 3;
/// The same of a ticket another lane admitted (the scan finds it held and
/// records nothing).
pub const ADMIT_AGAIN: u64 = 3;
/// The same on a machine that read the log before (its file keeps the
/// door and the mirror): connecting, and the scan.
pub const ADMIT_AGAIN_READ: u64 = 2;
/// A VALID on a machine that read the log before: connecting, and the
/// scan recorded.
pub const ADMIT_VALID_READ: u64 = 2;
/// The same when the door changed since (a note made at another lane):
/// the scan finds the stamp moved and records nothing, and is sent again.
pub const ADMIT_DOOR_MOVED: u64 = 3;
/// A running lane's VALID scan: the scan (its hint rides with it).
pub const LANE_VALID: u64 = 1;
/// A running lane's scan of a ticket it knows admitted: nothing.
pub const LANE_AGAIN: u64 = 0;

/// The counting tests' link, each way: a few milliseconds, so that what a
/// lane sends at once reaches the proxy before any answer does, as on a
/// real link (on none, a busy machine may let the server answer the first
/// of two writes sent together before the second is read, and the proxy
/// would count two turns).
const LINK: Duration = Duration::from_millis(10);

/// `boxoffice --demo admit <scan> --event 1002` as `lane` in `home`
/// through `url`: its verdict.
fn admit(home: &Path, lane: &str, url: &str, scanned: &str) -> String {
    admit_json(home, lane, url, scanned)["verdict"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// `admit`'s answer in JSON.
fn admit_json(home: &Path, lane: &str, url: &str, scanned: &str) -> serde_json::Value {
    let out = super::common::binary::boxoffice(home)
        .args([
            "--demo", "--desk", lane, "admit", scanned, "--event", "1002",
        ])
        .args(["--format", "json", "--desk-db", url])
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    })
}

/// A one-shot `admit` opens one connection and spends no more round trips
/// than documented, for a new ticket and for one another lane admitted, on
/// a machine that never read the log and on one that did, and when the
/// door changed between two scans (a note made at another lane holds).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_one_shot_admit_spends_the_round_trips_documented() {
    let (name, _) = fresh().await;
    let proxy = Proxy::start(server().port, LINK);
    let url = proxy.url(&server().url(&name), server().port);
    let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let tickets = confirmed(one.path());
    let mut counted = Vec::new();
    for (home, lane, want, most) in [
        (one.path(), "gate-1", "VALID", ADMIT_VALID),
        (two.path(), "gate-2", "ALREADY ADMITTED", ADMIT_AGAIN),
        (one.path(), "gate-1", "ALREADY ADMITTED", ADMIT_AGAIN_READ),
    ] {
        let (turns, connections) = (proxy.turns(), proxy.connections());
        assert_eq!(admit(home, lane, &url, &tickets[0]), want);
        counted.push((
            want,
            proxy.turns() - turns,
            most,
            proxy.connections() - connections,
        ));
    }
    // The machine that read the log: a VALID; then, a note made at the
    // other lane since (the door's stamp moved), a VALID sent twice; the
    // note itself holds at the next scan of its ticket, judged from the
    // door kept since.
    let turns = proxy.turns();
    assert_eq!(admit(one.path(), "gate-1", &url, &tickets[1]), "VALID");
    counted.push(("VALID", proxy.turns() - turns, ADMIT_VALID_READ, 1));
    let noted = &tickets[3];
    let id = noted.trim_start_matches("TK-").trim_start_matches('0');
    note(two.path(), "gate-2", &url, id, "see the manager");
    let (turns, connections) = (proxy.turns(), proxy.connections());
    assert_eq!(admit(one.path(), "gate-1", &url, &tickets[2]), "VALID");
    counted.push((
        "VALID, the door moved",
        proxy.turns() - turns,
        ADMIT_DOOR_MOVED,
        proxy.connections() - connections,
    ));
    let json = admit_json(one.path(), "gate-1", &url, noted);
    assert_eq!(json["note"], "see the manager", "{json}");
    eprintln!("admit: {counted:?}");
    for (verdict, turns, most, connections) in counted {
        assert_eq!(connections, 1, "{verdict}");
        assert!(
            turns <= most,
            "{verdict}: {turns} round trips, at most {most}"
        );
    }
}

/// `boxoffice --demo note <id> <text>` as `lane` in `home` through `url`.
fn note(home: &Path, lane: &str, url: &str, id: &str, text: &str) {
    let out = super::common::binary::boxoffice(home)
        .args(["--demo", "--desk", lane, "note", id, text, "--desk-db", url])
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A running lane's scan is as many round trips as documented: counted
/// from the proxy around each scan, the fewest of several (the lane's
/// reads while idle, once a second, may fall in a scan's count and only
/// add to it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_lanes_scan_spends_the_round_trips_documented() {
    let (name, _) = fresh().await;
    let proxy = Proxy::start(server().port, LINK);
    let url = proxy.url(&server().url(&name), server().port);
    let home = tempfile::tempdir().unwrap();
    let tickets = confirmed(home.path());
    let mut lane = Running::start(home.path(), "gate-1", &url);
    // The lane reads its lists and the log once, at its first scan.
    assert_eq!(lane.scan("zz-warm")["verdict"], "UNKNOWN");
    let mut counted = |scanned: &str, want: &str| {
        let before = proxy.turns();
        assert_eq!(lane.scan(scanned)["verdict"], want, "{scanned}");
        proxy.turns() - before
    };
    let valid: Vec<u64> = tickets[..8].iter().map(|t| counted(t, "VALID")).collect();
    let again: Vec<u64> = tickets[..8]
        .iter()
        .map(|t| counted(t, "ALREADY ADMITTED"))
        .collect();
    eprintln!("lane: VALID {valid:?}, again {again:?}");
    assert_eq!(lane.end(), 0);
    assert_eq!(proxy.connections(), 1);
    let fewest = |v: &[u64]| v.iter().copied().min().unwrap();
    assert!(fewest(&valid) <= LANE_VALID, "VALID: {valid:?}");
    assert_eq!(fewest(&again), LANE_AGAIN, "again: {again:?}");
}

/// The lane's heartbeat as the log keeps it (read on the server, not
/// through the link).
fn beat(name: &str) -> String {
    server().psql(
        name,
        "SELECT COALESCE(MAX(seen_at), '') FROM desk_lanes WHERE lane = 'gate-1'",
    )
}

/// Waits (reading the log, no sleep) until `lane`'s heartbeat is other
/// than `was`.
fn beat_after(name: &str, was: &str) -> String {
    for _ in 0..5000 {
        let now = beat(name);
        if now != was && !now.is_empty() {
            return now;
        }
    }
    panic!("no heartbeat after {was:?}");
}

/// Through a 100 ms link, a lane cut off is back online as soon as the log
/// answers again: a running lane's scans after its first round with the
/// log are all recorded there (none judged offline: a deadline below its
/// round trip would cut it off again), and a one-shot `admit`, a new
/// process that remembers the failure, records the first scan after the
/// log is back (its deadline sized from the round trip its machine
/// measured, not a tenth of a second).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn back_online_as_soon_as_the_log_answers_through_a_100_ms_link() {
    let (name, _) = fresh().await;
    let proxy = Proxy::start(server().port, Duration::from_millis(50));
    let url = proxy.url(&server().url(&name), server().port);
    let home = tempfile::tempdir().unwrap();
    let tickets = confirmed(home.path());
    let mut lane = Running::start(home.path(), "gate-1", &url);
    let first = lane.scan(&tickets[0]);
    assert_eq!(
        (first["verdict"].as_str(), first["shared"].as_bool()),
        (Some("VALID"), Some(true))
    );
    let was = beat_after(&name, "");
    proxy.cut(true);
    let alone: Vec<bool> = tickets[1..4]
        .iter()
        .map(|t| {
            let v = lane.scan(t);
            assert_eq!(v["verdict"], "VALID", "{t}");
            v["shared"] == false
        })
        .collect();
    assert!(alone.iter().any(|a| *a), "{alone:?}");
    proxy.cut(false);
    // The lane's next round: its queue sent, its heartbeat written.
    beat_after(&name, &was);
    let after: Vec<bool> = tickets[4..10]
        .iter()
        .map(|t| {
            let v = lane.scan(t);
            assert_eq!(v["verdict"], "VALID", "{t}");
            v["shared"] == true
        })
        .collect();
    assert_eq!(lane.end(), 0);
    let offline_after_return = after.iter().filter(|online| !**online).count();
    assert_eq!(offline_after_return, 0, "{after:?}");
    assert_eq!(
        server().psql(&name, "SELECT COUNT(*) FROM desk_admissions"),
        "10"
    );

    // One-shot: a scan recorded measures the link; cut off, one admitted
    // here only; back, the next is recorded.
    let other = tempfile::tempdir().unwrap();
    let shared = |scanned: &str| -> (String, bool) {
        let out = super::common::binary::boxoffice(other.path())
            .args([
                "--demo", "--desk", "gate-2", "admit", scanned, "--event", "1002",
            ])
            .args(["--format", "json", "--desk-db", &url])
            .env("XDG_STATE_HOME", other.path().join("state"))
            .env("XDG_CACHE_HOME", other.path().join("cache"))
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        eprintln!("{}", String::from_utf8_lossy(&out.stderr));
        (
            v["verdict"].as_str().unwrap().to_owned(),
            v["shared"] == true,
        )
    };
    assert_eq!(shared(&tickets[10]), ("VALID".to_owned(), true));
    assert_eq!(shared(&tickets[11]), ("VALID".to_owned(), true));
    proxy.cut(true);
    let alone = [shared(&tickets[12]), shared(&tickets[13])];
    assert!(alone.iter().any(|(_, s)| !s), "{alone:?}");
    proxy.cut(false);
    assert_eq!(shared(&tickets[14]), ("VALID".to_owned(), true));
    assert_eq!(
        server().psql(&name, "SELECT COUNT(*) FROM desk_admissions"),
        "15"
    );
}

/// `sslmode` as libpq means it, against a TLS server whose certificate no
/// system trusts (an authority of the test's own) and a SCRAM password
/// from `PGPASSWORD`: `require` encrypts without checking the certificate;
/// `verify-full` checks chain and name, `verify-ca` the chain only, both
/// against the roots `sslrootcert` names (`require` with one checks the
/// chain too). `desk-db check` says the round trip, the TLS version and
/// that the server is a primary, and never the password.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sslmode_means_what_libpq_says_and_check_says_the_link() {
    use boxoffice::store::{DeskDb, pg};
    let server = super::common::postgres::Server::start(false);
    let password = "s3cret-Pw-43";
    let authority = server.enable_tls("gate", password);
    server.psql("postgres", "CREATE DATABASE door OWNER gate");
    let dir = tempfile::tempdir().unwrap();
    let roots = dir.path().join("ca.der");
    std::fs::write(&roots, authority).unwrap();
    let roots = roots.display().to_string();
    let env = |k: &str| (k == "PGPASSWORD").then(|| password.to_owned());
    let at =
        |host: &str, query: &str| format!("postgres://gate@{host}:{}/door?{query}", server.port);
    let reached = async |url: String| -> Result<String, String> {
        let db = DeskDb::parse_with(&url, &env).map_err(|e| e.to_string())?;
        let found = pg::check(&db).await;
        match found.error {
            Some(e) => Err(e),
            None => Ok(found.tls_version.unwrap_or_default()),
        }
    };
    let ip = "127.0.0.1";
    assert_eq!(
        reached(at(ip, "sslmode=require")).await,
        Ok("TLSv1.3".into())
    );
    let unknown = reached(at(ip, "sslmode=verify-full")).await.unwrap_err();
    assert!(unknown.contains("certificate"), "{unknown}");
    let full = format!("sslmode=verify-full&sslrootcert={roots}");
    assert_eq!(reached(at(ip, &full)).await, Ok("TLSv1.3".into()));
    let ca = format!("sslmode=verify-ca&sslrootcert={roots}");
    assert_eq!(reached(at(ip, &ca)).await, Ok("TLSv1.3".into()));
    let chain = format!("sslmode=require&sslrootcert={roots}");
    assert_eq!(reached(at(ip, &chain)).await, Ok("TLSv1.3".into()));
    // The certificate names 127.0.0.1, not localhost: verify-full refuses
    // the name, verify-ca takes the chain.
    let misnamed = reached(at("localhost", &full)).await.unwrap_err();
    assert!(misnamed.contains("certificate"), "{misnamed}");
    assert_eq!(reached(at("localhost", &ca)).await, Ok("TLSv1.3".into()));
    // Without TLS this user is refused (pg_hba.conf).
    assert!(reached(at(ip, "sslmode=disable")).await.is_err());

    // `desk-db check`, the password from PGPASSWORD or in the address.
    let home = tempfile::tempdir().unwrap();
    let inline = format!(
        "postgres://gate:{password}@127.0.0.1:{}/door?sslmode=verify-full&sslrootcert={roots}",
        server.port
    );
    for (url, pgpassword) in [(at(ip, &full), Some(password)), (inline, None)] {
        let mut command = super::common::binary::boxoffice(home.path());
        command.args(["desk-db", "check", "--desk-db", &url]);
        if let Some(p) = pgpassword {
            command.env("PGPASSWORD", p);
        }
        let out = command.output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains("(TLSv1.3)"), "{text}");
        assert!(text.contains("✓ round trip"), "{text}");
        assert!(text.contains(", primary"), "{text}");
        assert!(!text.contains(password), "{text}");
    }

    // The profile's `desk_db`, its password the first line a
    // `desk_db_password_command` prints (it wins over PGPASSWORD); a
    // command that fails is named with its exit code, never its output.
    let profile = home.path().join("boxoffice");
    std::fs::create_dir_all(&profile).unwrap();
    let check_with = |command: &str| {
        std::fs::write(
            profile.join("config.toml"),
            format!(
                "[profiles.door]\nbase_url = \"https://door.example\"\n\
                 desk_db = \"{}\"\ndesk_db_password_command = \"{command}\"\n",
                at(ip, &full)
            ),
        )
        .unwrap();
        let out = super::common::binary::boxoffice(home.path())
            .args(["--profile", "door", "desk-db", "check"])
            .env("PGPASSWORD", "not-the-password")
            .output()
            .unwrap();
        (
            out.status.success(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        )
    };
    // (The database has no schema: `check` says so after the link.)
    let (_, text) = check_with(&format!("printf '%s\\n' {password} second-line"));
    assert!(text.contains("(TLSv1.3)"), "{text}");
    assert!(text.contains("✓ round trip"), "{text}");
    assert!(!text.contains(password), "{text}");
    let (ok, text) = check_with(&format!("echo {password}; exit 3"));
    assert!(!ok, "{text}");
    assert!(
        text.contains("desk_db_password_command failed (exit code 3)"),
        "{text}"
    );
    assert!(!text.contains(password), "{text}");
}

/// `boxoffice desk sync` in `home` against `url`: its exit code and words.
fn sync(home: &Path, url: &str) -> (i32, String) {
    let out = super::common::binary::boxoffice(home)
        .args(["--demo", "desk", "sync", "--desk-db", url])
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// `lane`'s heartbeat at `server` (read there, not through a lane).
fn beat_at(server: &super::common::postgres::Server, name: &str, lane: &str) -> String {
    server.psql(
        name,
        &format!("SELECT COALESCE(MAX(seen_at), '') FROM desk_lanes WHERE lane = '{lane}'"),
    )
}

/// Waits (reading `server`, no sleep) until `read` gives other than `was`.
fn changed(read: impl Fn() -> String, was: &str) -> String {
    for _ in 0..5000 {
        let now = read();
        if now != was && !now.is_empty() {
            return now;
        }
    }
    panic!("nothing changed from {was:?}");
}

/// A shared log that outlives its server: two lanes on a multi-host
/// address (`postgres://a,b/db?target_session_attrs=read-write`), the
/// primary in streaming replication to a standby. The primary stops while
/// the lanes scan (each scan judged alone and queued); the standby is
/// promoted; both lanes move to it, send their queues there, and a ticket
/// admitted on the old primary (replicated) is ALREADY ADMITTED, never VALID
/// again. Then one admission per ticket, and nothing queued anywhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lanes_move_to_a_promoted_standby_and_send_their_queues_there() {
    use boxoffice::store::{DeskDb, pg};
    let primary = super::common::postgres::Server::start(false);
    let name = primary.database();
    pg::init(&DeskDb::parse(&primary.url(&name)).unwrap())
        .await
        .unwrap();
    let standby = primary.standby();
    let url = format!(
        "postgres://postgres@127.0.0.1:{},127.0.0.1:{}/{name}?target_session_attrs=read-write",
        primary.port, standby.port
    );
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let tickets = confirmed(a.path());
    let mut one = Running::start(a.path(), "gate-1", &url);
    let mut two = Running::start(b.path(), "gate-2", &url);
    let verdict = |v: serde_json::Value| {
        (
            v["verdict"].as_str().unwrap().to_owned(),
            v["shared"] == true,
        )
    };
    let valid = |shared: bool| ("VALID".to_owned(), shared);
    for t in &tickets[..4] {
        assert_eq!(verdict(one.scan(t)), valid(true), "{t}");
    }
    for t in &tickets[4..8] {
        assert_eq!(verdict(two.scan(t)), valid(true), "{t}");
    }
    // Replicated (asynchronously: read on the standby until it has them).
    let count = |server: &super::common::postgres::Server| {
        server.psql(&name, "SELECT COUNT(*) FROM desk_admissions")
    };
    changed(
        || {
            if count(&standby) == "8" {
                "8".into()
            } else {
                String::new()
            }
        },
        "",
    );
    let beats = (
        beat_at(&standby, &name, "gate-1"),
        beat_at(&standby, &name, "gate-2"),
    );

    primary.stop();
    assert_eq!(verdict(one.scan(&tickets[8])), valid(false));
    assert_eq!(verdict(two.scan(&tickets[9])), valid(false));
    standby.promote();
    // Each lane's next round reaches the standby: its queue sent there,
    // its heartbeat written.
    changed(|| beat_at(&standby, &name, "gate-1"), &beats.0);
    changed(|| beat_at(&standby, &name, "gate-2"), &beats.1);
    assert_eq!(verdict(one.scan(&tickets[10])), valid(true));
    // Admitted at gate-1 on the old primary, replicated: never VALID again.
    let again = two.scan(&tickets[0]);
    assert_eq!(again["verdict"], "ALREADY ADMITTED", "{again}");
    let again = one.scan(&tickets[9]);
    assert_eq!(again["verdict"], "ALREADY ADMITTED", "{again}");
    assert_eq!((one.end(), two.end()), (0, 0));
    for home in [a.path(), b.path()] {
        let (code, text) = sync(home, &url);
        assert_eq!(code, 0, "{text}");
        assert_eq!(super::headless::queued(home), 0);
    }
    assert_eq!(
        standby.psql(
            &name,
            "SELECT COUNT(*), COUNT(DISTINCT ticket_id) FROM desk_admissions"
        ),
        "11|11"
    );
}
