//! `boxoffice admit <scan> --event <id|hash>`: one scan judged headless
//! exactly as the desk judges it (a headless lane, `lane::driver`, for one
//! scan), recorded in the same desk log, printed, and told by the exit
//! code (docs/desk.md#boxoffice-admit).

use std::io::{self, Write as _};
use std::process::ExitCode;

use super::Failure;
use super::lane::driver::Asked;
use super::lane::driving;
use super::lane::said::Judged;
use crate::cli::{AdmitArgs, Format, GlobalArgs};
use crate::door::{Target, Verdict};
use crate::store::LaneUse;

/// Runs `admit`, against the demo sandbox with `demo`; the exit code.
pub async fn run(global: &GlobalArgs, demo: bool, args: &AdmitArgs) -> ExitCode {
    let door = (args.event.as_str(), args.exit);
    driving(global, demo, door, LaneUse::OneShot, async |mut lane| {
        // The human line in the staff's language; JSON stays English.
        let tongue = crate::config::language_of(global.profile.as_deref())?.tongue();
        let asked = Asked {
            force: args.force,
            order: args.order,
        };
        let judged = lane.scan(&args.scan, asked).await?;
        if let Some(alone) = &judged.alone {
            // One line: what became of the admission, and what the verdict
            // was judged from.
            let t = super::words(global);
            let from = offline_words(t, alone.mirror_read_at.as_deref());
            let why = t.store_error(&alone.why);
            let said = match (&judged.verdict, &judged.ticket) {
                (Verdict::Valid, Some(ticket)) => t.ta(
                    "admit-alone-kept",
                    &[
                        ("why", &why),
                        ("number", &ticket.number),
                        ("lane", &lane.name()),
                        ("from", &from),
                    ],
                ),
                _ => t.ta("admit-alone", &[("why", &why), ("from", &from)]),
            };
            eprintln!("boxoffice: {said}");
        }
        let target = lane.target().clone();
        drop(lane.close());
        print(global.format, &args.scan, &target, &judged, tongue)?;
        Ok(ExitCode::from(judged.verdict.exit_code()))
    })
    .await
}

fn print(
    format: Option<Format>,
    scanned: &str,
    target: &Target,
    judged: &Judged,
    tongue: &crate::i18n::Tongue,
) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    let written = if matches!(format, Some(Format::Json | Format::Raw)) {
        writeln!(out, "{:#}", judged.json(scanned, target))
    } else {
        writeln!(out, "{}", judged.text(scanned, tongue))
    };
    super::written(written.and_then(|()| out.flush())).map(drop)
}

/// What a verdict judged offline was judged from, in `t`'s words.
fn offline_words(t: &crate::i18n::Tongue, read_at: Option<&str>) -> String {
    let Some(read_at) = read_at else {
        return t.t("admit-from-own");
    };
    let now = crate::door::epoch_seconds(&crate::clock::now_utc(None));
    let ago = match (crate::door::epoch_seconds(read_at), now) {
        (Some(then), Some(now)) => t.ta("admit-ago", &[("seconds", &(now - then).max(0))]),
        _ => String::new(),
    };
    t.ta(
        "admit-from-copy",
        &[
            ("time", &read_at.get(11..19).unwrap_or(read_at)),
            ("ago", &ago),
        ],
    )
}
