//! `enroll`: one person by e-mail, or an existing customer, into an event
//! or edition; sent once and recorded in the audit log.

use crate::api::{Client, NewAttendee};
use crate::cli::EnrollArgs;

use super::{Failure, audit, unknown_outcome};

pub(crate) async fn enroll(
    client: &Client,
    args: &EnrollArgs,
    audit: &mut audit::Audit,
) -> Result<(), Failure> {
    let kind = &args.enrollment_type;
    if let Some(customer) = args.customer {
        let target = format!("event {} customer {customer}", args.event);
        audit
            .write(
                "enroll-customer",
                &target,
                client.enroll_customer(args.event, customer, kind),
            )
            .await
            .map_err(|e| {
                let check = format!(
                    "boxoffice tickets {} --all --format csv | grep <their e-mail>",
                    args.event
                );
                unknown_outcome(e, "enrollment", &check)
            })?;
        eprintln!(
            "enrolled customer {customer} in event {} ({kind})",
            args.event
        );
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
    let target = format!("event {} {}", args.event, person.email);
    audit
        .write(
            "enroll",
            &target,
            client.enroll_by_email(args.event, &person, kind),
        )
        .await
        .map_err(|e| {
            let check = format!(
                "boxoffice tickets {} --all --format csv | grep '{}'",
                args.event, person.email
            );
            unknown_outcome(e, "enrollment", &check)
        })?;
    eprintln!(
        "enrolled {} ({} {}) in event {} ({kind})",
        person.email, person.name, person.last_name, args.event
    );
    Ok(())
}
