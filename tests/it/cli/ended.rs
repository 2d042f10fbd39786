//! An event's time zone at work (issues 27 and 32). "Has this edition
//! ended": the app's one rule ([`boxoffice::api::ended`]) and the
//! sandbox's refusal (code 1004, "this edition has ended") agree at
//! generated clocks, for every seeded edition — Madrid's session of this
//! morning, Tokyo's evening, Chicago's days — and every enroll path
//! refuses before sending, saying which and when. A door's hours are read
//! in its event's zone.

use boxoffice::api::{ApiError, NewAttendee, ended};
use proptest::prelude::*;

use crate::common;

/// Whether the sandbox refused an enroll because the edition has ended.
fn refused_as_ended(result: &Result<(), ApiError>) -> bool {
    matches!(result, Err(e) if e.code() == Some(1004) && format!("{e:?}").contains("has ended"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// At a generated clock, every edition the app calls ended is refused
    /// as ended by the sandbox, and none it calls open is.
    #[test]
    fn the_app_and_the_sandbox_agree_on_which_editions_have_ended(
        // Half the clocks between 10:00 and 13:00 UTC, when Madrid's
        // morning session (10:00–12:00 there) has ended though its civil
        // end read as UTC has not.
        hour in prop_oneof![10u32..13, 0u32..24],
        minute in 0u32..60,
    ) {
        let now = format!("2026-11-25 {hour:02}:{minute:02}:30");
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async {
            let (_sandbox, client) = common::sandbox::pinned_with_client(&now).await;
            let events = client.events(1, 100).await.unwrap().items;
            let mut judged = 0;
            for event in events {
                for ed in client.editions(event.id).await.unwrap().items {
                    let app = ended::of_edition(&ed).ended(&now);
                    let person = NewAttendee {
                        email: format!("agree.{}@example.com", ed.id),
                        name: "Agree".into(),
                        last_name: "Test".into(),
                    };
                    let sent = client.enroll_by_email(ed.id, &person, "paid").await;
                    if matches!(&sent, Err(e) if e.code() == Some(1009)) {
                        // An event that takes no enrollment says so first.
                        continue;
                    }
                    assert_eq!(
                        app.is_some(),
                        refused_as_ended(&sent),
                        "edition {} ({:?}, ends {:?} {:?}) at {now}: app {app:?}, sandbox {sent:?}",
                        ed.id,
                        ed.name,
                        ed.end_datetime,
                        ed.timezone,
                    );
                    judged += 1;
                }
            }
            assert!(judged > 20, "{judged}");
        });
    }
}

/// An edition that has ended by its own zone's clock (the binary and the
/// sandbox both on the system clock): `enroll` and `enroll-many` refuse it
/// before sending, naming it and when it ended in its zone's time; exit 1;
/// nothing sent, nothing recorded.
#[tokio::test]
async fn headless_enrolls_refuse_an_edition_that_has_ended_before_sending() {
    let sandbox = common::sandbox::start(boxoffice::sandbox::SandboxConfig {
        listen: std::net::SocketAddr::from((std::net::Ipv4Addr::LOCALHOST, 0)),
        ..boxoffice::sandbox::SandboxConfig::default()
    })
    .await;
    let client = boxoffice::api::Client::new(boxoffice::api::ClientConfig::new(
        sandbox.base_url(),
        boxoffice::api::ApiKey::new(sandbox.api_key()),
    ))
    .unwrap();
    let now = boxoffice::clock::now_utc(None);
    let session = common::sandbox::ended_edition(&client, &now).await;
    let ed = client.event(&session.to_string()).await.unwrap().0;
    let when = ended::of_event(&ed).ended(&now).unwrap();
    let home = tempfile::tempdir().unwrap();
    let list = home.path().join("people.csv");
    std::fs::write(&list, "email,name,last_name\nlate@example.com,Late,Comer\n").unwrap();
    let id = session.to_string();
    let list = list.to_string_lossy().into_owned();
    for args in [
        vec![
            "enroll",
            &id,
            "--email",
            "late@example.com",
            "--name",
            "Late",
            "--last-name",
            "Comer",
        ],
        vec!["enroll-many", &id, "--from", &list, "--yes"],
    ] {
        let mut command = common::binary::boxoffice(home.path());
        command
            .args(&args)
            .env("BOXOFFICE_BASE_URL", sandbox.base_url())
            .env("BOXOFFICE_API_KEY", sandbox.api_key())
            .env("XDG_STATE_HOME", home.path().join("state"));
        let out = tokio::task::spawn_blocking(move || command.output().unwrap())
            .await
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        // Refused, as the API refuses it (code 1004): exit 3.
        assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
        assert!(err.contains("[code 1004"), "{err}");
        assert!(
            err.contains(&format!("({session}) ended {when}")),
            "{when}: {err}"
        );
        assert!(err.contains("nothing sent"), "{err}");
    }
    assert!(sandbox.requests().iter().all(|r| r.method == "GET"));
}

/// A door far from UTC (issue 27: hours "in the event's time zone"): the
/// demo's Tokyo meetup at the demo's pinned clock, 10:00 UTC = 19:00 in
/// Tokyo. Hours typed in Tokyo's time are kept as their UTC instants and
/// `admit` judges them so: open 18:00–23:00 Tokyo → VALID (read as UTC
/// it would not be open yet); closed at 18:59 Tokyo → CLOSED (exit 16);
/// "18:00" on the edition's own day, a week away → NOT OPEN YET (exit 15).
#[tokio::test]
async fn a_doors_hours_are_read_in_its_events_time_zone() {
    const NOW: &str = "2026-11-25 10:00:00";
    let (_sandbox, client) = common::sandbox::pinned_with_client(NOW).await;
    let tokyo = client
        .events(1, 100)
        .await
        .unwrap()
        .items
        .into_iter()
        .find(|e| e.timezone.as_deref() == Some("Asia/Tokyo"))
        .unwrap();
    let edition = client.editions(tokyo.id).await.unwrap().items[0].id;
    let numbers: Vec<String> = client
        .tickets(edition, 1, 100)
        .await
        .unwrap()
        .items
        .into_iter()
        .filter(|t| t.status.as_deref() == Some("confirmed"))
        .filter_map(|t| t.number)
        .take(3)
        .collect();
    assert_eq!(numbers.len(), 3);
    let home = tempfile::tempdir().unwrap();
    let run_in = |zone: &str, args: &[&str]| {
        let out = common::binary::boxoffice(home.path())
            .arg("--demo")
            .args(args)
            .env("TZ", zone)
            .env("BOXOFFICE_DEMO_NOW", NOW)
            .env("XDG_STATE_HOME", home.path().join("state"))
            .env("XDG_CACHE_HOME", home.path().join("cache"))
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.code().unwrap(), text)
    };
    let run = |args: &[&str]| run_in("UTC", args);
    let door = edition.to_string();
    let (code, text) = run(&[
        "door",
        "set",
        &door,
        "--opens",
        "2026-11-25 18:00",
        "--closes",
        "2026-11-25 23:00",
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("opens     2026-11-25 18:00 Asia/Tokyo (2026-11-25 09:00 UTC)"),
        "{text}"
    );
    let (code, text) = run(&["admit", &numbers[0], "--event", &door]);
    assert_eq!((code, text.starts_with("VALID")), (0, true), "{text}");

    run(&[
        "door",
        "set",
        &door,
        "--opens",
        "",
        "--closes",
        "2026-11-25 18:59",
    ]);
    let (code, text) = run(&["admit", &numbers[1], "--event", &door]);
    assert_eq!((code, text.starts_with("CLOSED")), (16, true), "{text}");
    assert!(text.contains("closed 2026-11-25 18:59"), "{text}");

    let (code, text) = run(&[
        "door", "set", &door, "--opens", "18:00", "--closes", "21:00",
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("(2026-12-03 09:00 UTC)"),
        "the edition's day: {text}"
    );
    let (code, text) = run(&["admit", &numbers[2], "--event", &door]);
    assert_eq!(
        (code, text.starts_with("NOT OPEN YET")),
        (15, true),
        "{text}"
    );
    // The hours are Tokyo's: a machine elsewhere names the zone, one in
    // Tokyo does not.
    assert!(text.contains("opens 18:00 Asia/Tokyo: "), "{text}");
    let (code, text) = run_in("Asia/Tokyo", &["admit", &numbers[2], "--event", &door]);
    assert_eq!(code, 15, "{text}");
    assert!(text.contains("opens 18:00: "), "{text}");
}
