//! `enroll`: one person by e-mail, or an existing customer, into an event
//! or edition; its event read first (one that has ended is refused, saying
//! which and when: [`crate::api::settle::before`]), sent once and recorded
//! in the audit log.

use crate::api::settle::{Unsettled, Who};
use crate::api::{Client, NewAttendee};
use crate::cli::EnrollArgs;

use super::{Failure, audit};

pub(crate) async fn enroll(
    client: &Client,
    args: &EnrollArgs,
    audit: &mut audit::Audit,
) -> Result<(), Failure> {
    let kind = &args.enrollment_type;
    if let Some(customer) = args.customer {
        let what = Unsettled::Enroll {
            event_id: args.event,
            who: Who::Customer(customer),
        };
        let sent = audit
            .write_settled(
                client,
                &what,
                client.enroll_customer(args.event, customer, kind),
            )
            .await;
        let learnt = sent.learnt();
        let place = place(sent.named.as_deref(), args.event);
        let check = format!(
            "boxoffice tickets {} --all --format csv | grep <their e-mail>",
            args.event
        );
        if let Some(failure) = sent.failure("enrollment", &check) {
            return Err(failure);
        }
        eprintln!("enrolled customer {customer} in {place} ({kind}){learnt}");
        return Ok(());
    }
    let person = NewAttendee {
        email: args.email.clone().unwrap_or_default(),
        name: args.name.clone().unwrap_or_default(),
        last_name: args.last_name.clone().unwrap_or_default(),
    };
    if !person.email.contains('@') || person.email.trim() != person.email {
        return Err(Failure::Usage(format!(
            "{:?} is not an e-mail address",
            person.email
        )));
    }
    let what = Unsettled::Enroll {
        event_id: args.event,
        who: Who::Email(person.email.clone()),
    };
    let sent = audit
        .write_settled(
            client,
            &what,
            client.enroll_by_email(args.event, &person, kind),
        )
        .await;
    let learnt = sent.learnt();
    let place = place(sent.named.as_deref(), args.event);
    let check = format!(
        "boxoffice tickets {} --all --format csv | grep '{}'",
        args.event, person.email
    );
    if let Some(failure) = sent.failure("enrollment", &check) {
        return Err(failure);
    }
    eprintln!(
        "enrolled {} ({} {}) in {place} ({kind}){learnt}",
        person.email, person.name, person.last_name
    );
    Ok(())
}

/// "Day 2 (Sat 14 Mar), event 1003", as read before sending; "event 1003"
/// when it was not (the same write's earlier outcome learnt).
fn place(named: Option<&str>, event: u64) -> String {
    named.map_or_else(
        || format!("event {event}"),
        |n| format!("{n}, event {event}"),
    )
}
