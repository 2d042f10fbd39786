//! "Has this edition ended" (issue 32 item 3, issue 27's time zones): the
//! app's one rule ([`boxoffice::api::ended`]) and the sandbox's refusal
//! (code 1004, "this edition has ended") agree at generated clocks, for
//! every seeded edition — Madrid's session of this morning, Tokyo's
//! evening, Chicago's days — and every enroll path refuses before sending,
//! saying which and when.

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
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains(&format!("({session}) ended {when}")),
            "{when}: {err}"
        );
        assert!(err.contains("nothing sent"), "{err}");
    }
    assert!(sandbox.requests().iter().all(|r| r.method == "GET"));
}
