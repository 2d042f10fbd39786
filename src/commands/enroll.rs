//! `enroll`: one person by e-mail, or an existing customer, into an event
//! or edition; its event read first (one that has ended is refused, saying
//! which and when: [`crate::api::settle::before`]), sent once and recorded
//! in the audit log.

use crate::api::settle::{Landed, Unsettled, Who};
use crate::api::{Client, NewAttendee};
use crate::cli::EnrollArgs;

use super::{Failure, audit};

/// Its line on stderr in `t`'s language.
pub(crate) async fn enroll(
    client: &Client,
    args: &EnrollArgs,
    audit: &mut audit::Audit,
    t: &crate::i18n::Tongue,
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
        let check = format!(
            "boxoffice tickets {} --all --format csv | grep <their e-mail>",
            args.event
        );
        let who: [(&str, &dyn std::fmt::Display); 1] = [("customer", &customer)];
        return say(sent, (&check, "enrolled-customer", &who), args, t);
    }
    let person = NewAttendee {
        email: args.email.clone().unwrap_or_default(),
        name: args.name.clone().unwrap_or_default(),
        last_name: args.last_name.clone().unwrap_or_default(),
    };
    if !person.email.contains('@') || person.email.trim() != person.email {
        return Err(Failure::Usage(
            format!("{:?} is not an e-mail address", person.email).into(),
        ));
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
    let check = format!(
        "boxoffice tickets {} --all --format csv | grep '{}'",
        args.event, person.email
    );
    let name = format!("{} {}", person.name, person.last_name);
    let who: [(&str, &dyn std::fmt::Display); 2] = [("email", &person.email), ("name", &name)];
    say(sent, (&check, "enrolled-person", &who), args, t)
}

/// What became of an enroll, said: its failure (`check`: how to look
/// whether it landed), or the line `key` naming `who`, where it landed and
/// what was learnt on the way.
fn say(
    sent: audit::Sent,
    (check, key, who): (&str, &str, &[(&str, &dyn std::fmt::Display)]),
    args: &EnrollArgs,
    t: &crate::i18n::Tongue,
) -> Result<(), Failure> {
    let learnt = sent.learnt();
    let Place { edition, after } = place(sent.landed.as_ref(), args.event, t);
    if let Some(failure) = sent.failure("enrollment", check) {
        return Err(failure);
    }
    let mut said: Vec<(&str, &dyn std::fmt::Display)> = who.to_vec();
    said.extend([
        ("edition", &edition as &dyn std::fmt::Display),
        ("type", &args.enrollment_type),
        ("after", &after),
        ("learnt", &learnt),
    ]);
    eprintln!("{}", t.ta(key, &said));
    Ok(())
}

/// Where it landed, read from its new ticket as the API returns it: "Day
/// 1 (Sat 28 Nov), event 1002 (paid): ticket TK-000716" — the ticket's
/// edition, not the event it was sent to (a main event's enroll lands in
/// one of its editions). When the ticket cannot be read: "event 101",
/// and why. In `t`'s language (the edition's name as the API sends it).
fn place(landed: Option<&Result<Landed, String>>, event: u64, t: &crate::i18n::Tongue) -> Place {
    let event = || t.ta("enrolled-event", &[("id", &event)]);
    match landed {
        Some(Ok(l)) => Place {
            edition: l.edition.clone(),
            after: t.ta("enrolled-ticket", &[("number", &l.number)]),
        },
        Some(Err(why)) => Place {
            edition: event(),
            after: t.ta("enrolled-ticket-unread", &[("why", why)]),
        },
        None => Place {
            edition: event(),
            after: String::new(),
        },
    }
}

/// The edition, and what follows the enrollment type.
struct Place {
    edition: String,
    after: String,
}
