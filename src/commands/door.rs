//! `boxoffice door set|show` (a door's policy, shared by every lane) and
//! `boxoffice note` (notes that stop the door): kept in the desk log — the
//! shared log with `--desk-db`, else this machine's (docs/desk.md, "A
//! door's policy", "Notes that stop the door").

use std::io::{self, Write as _};
use std::process::ExitCode;

use serde_json::json;

use super::Failure;
use super::served::{Served, blocking, find_door, open_log};
use crate::cli::{DoorCommand, DoorSetArgs, Format, GlobalArgs, NoteArgs};
use crate::clock;
use crate::door::{Admits, Policy, Target};
use crate::store::{ChangeKind, KeptNote, KeptPolicy, LaneUse};
use crate::zone::Zone;

/// The longest note kept (a line beside a verdict).
pub use crate::door::notes::NOTE_MAX;

/// `door set` and `door show`.
pub async fn run(global: &GlobalArgs, demo: bool, command: &DoorCommand) -> ExitCode {
    let asked = match command {
        DoorCommand::Stats(args) => return super::door_stats::run(global, demo, args, None).await,
        DoorCommand::Report { stats, svg } => {
            return super::door_stats::run(global, demo, stats, Some(svg)).await;
        }
        // `main` runs the dashboard (a TUI).
        DoorCommand::Watch { .. } => return ExitCode::SUCCESS,
        DoorCommand::Set(args) => &args.event,
        DoorCommand::Show { event } => event,
    };
    Served::run(global, demo, async |client, business, pinned| {
        let wall = clock::now_utc(pinned.as_deref());
        let target = find_door(&client, asked.trim(), &wall).await?;
        let zone = match command {
            DoorCommand::Set(_) => zone_of(&client, &target).await?,
            DoorCommand::Show { .. }
            | DoorCommand::Stats(_)
            | DoorCommand::Report { .. }
            | DoorCommand::Watch { .. } => Zone::utc(),
        };
        let log = open_log(global, &business, demo, LaneUse::Reader).await?;
        let event_id = target.event_id;
        let (log, (state, counts)) = blocking(log, "", move |l| {
            Ok((l.door(event_id)?, l.counts(event_id, "")?))
        })
        .await?;
        // Inside now: entries less exits, from every lane.
        let inside = Inside {
            admitted: counts.admitted,
            outside: state
                .moves
                .iter()
                .filter(|m| m.kind == ChangeKind::Exit)
                .count() as u64,
        };
        let kept = match command {
            DoorCommand::Show { .. }
            | DoorCommand::Stats(_)
            | DoorCommand::Report { .. }
            | DoorCommand::Watch { .. } => state.policy.unwrap_or_default(),
            DoorCommand::Set(args) => {
                let lane = global.desk.clone().unwrap_or_else(crate::config::host_name);
                let policy = set(
                    state.policy.unwrap_or_default(),
                    args,
                    &target,
                    &Clock {
                        wall: &wall,
                        zone: &zone,
                    },
                    &lane,
                )
                .map_err(|e| Failure::Usage(e.into()))?;
                let to_keep = policy.clone();
                blocking(log, "not kept: ", move |l| l.set_policy(event_id, &to_keep)).await?;
                policy
            }
        };
        show(global.format, &target, &kept, inside)
    })
    .await
}

/// The event's time zone (the edition's, else its main event's): the
/// door's hours are read in it. An event that names none, or one not
/// known, is read in UTC (said by `door show`).
async fn zone_of(client: &crate::api::Client, target: &Target) -> Result<Zone, Failure> {
    let (event, _) = client.event(&target.event_id.to_string()).await?;
    let mut name = event.timezone.unwrap_or_default();
    if name.trim().is_empty()
        && let Some(parent) = target.parent_id
    {
        name = client
            .event(&parent.to_string())
            .await?
            .0
            .timezone
            .unwrap_or_default();
    }
    Ok(Zone::named(&name))
}

/// Now (UTC) and the zone the door's hours are read in.
struct Clock<'a> {
    wall: &'a str,
    zone: &'a Zone,
}

/// The policy `kept` with what `door set` gives changed.
fn set(
    mut kept: KeptPolicy,
    args: &DoorSetArgs,
    target: &Target,
    clock: &Clock<'_>,
    lane: &str,
) -> Result<KeptPolicy, String> {
    let Clock { wall, zone } = *clock;
    if kept.editions.is_empty() {
        kept.editions = "this".into();
    }
    if let Some(editions) = &args.editions {
        let admits = Admits::parse(editions)?;
        if let Admits::Editions(ids) = &admits
            && let Some(unknown) = ids.iter().find(|id| target.edition(**id).is_none())
        {
            return Err(format!(
                "{unknown} is not an edition of {} (its editions: {})",
                target.title,
                target
                    .editions
                    .iter()
                    .map(|e| format!("{} {}", e.id, e.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        kept.editions = admits.word();
    }
    // "HH:MM" is on the edition's first day (else today, in the event's
    // time zone).
    let today = zone.civil_text(wall).unwrap_or_else(|| wall.to_string());
    let day = target
        .edition(target.event_id)
        .map(|e| e.start.clone())
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| today.get(..10).unwrap_or(&today).to_string());
    // Hours read in another zone (or before zones were real) are read
    // again in this one, as they were typed.
    let rezoned = kept.timezone != zone.name();
    if rezoned && !kept.opens.is_empty() {
        kept.opens_at = moment(&kept.opens, &day, zone)?.1;
    }
    if let Some(opens) = &args.opens {
        (kept.opens, kept.opens_at) = moment(opens, &day, zone)?;
    }
    if let Some(closes) = &args.closes {
        kept.closes = closes.trim().to_string();
    }
    if rezoned || args.opens.is_some() || args.closes.is_some() {
        kept.closes_at = closes_at(&kept.closes, &kept.opens_at, &day, zone)?;
    }
    if !kept.opens_at.is_empty() && !kept.closes_at.is_empty() && kept.opens_at >= kept.closes_at {
        return Err(format!(
            "the door would close ({}) before it opens ({})",
            kept.closes, kept.opens
        ));
    }
    if let Some(reentry) = &args.reentry {
        kept.reentry = reentry == "on";
    }
    if let Some(capacity) = args.capacity {
        kept.capacity = capacity;
    }
    kept.timezone = zone.name().to_string();
    kept.set_by = lane.to_string();
    kept.set_at = wall.to_string();
    Ok(kept)
}

/// The closing time typed, in UTC: as `moment` reads it, but a time of
/// day (no date) at or before the opening is the next day's — 22:00 to
/// 04:00 is one night.
fn closes_at(closes: &str, opens_at: &str, day: &str, zone: &Zone) -> Result<String, String> {
    let at = moment(closes, day, zone)?.1;
    if closes.contains(' ') || opens_at.is_empty() || at.is_empty() || at.as_str() > opens_at {
        return Ok(at);
    }
    let next = clock::days_from_date(day)
        .map(|d| clock::civil_date(d + 1))
        .ok_or_else(|| format!("{day:?} is not a day"))?;
    Ok(moment(closes, &next, zone)?.1)
}

/// A time of the door's hours as typed ("09:00" on `day`, or "2026-12-01
/// 09:00"; empty: none), read in `zone` (a time that does not exist or
/// exists twice: `zone`'s rule), and in UTC ("YYYY-MM-DD HH:MM:SS").
fn moment(text: &str, day: &str, zone: &Zone) -> Result<(String, String), String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok((String::new(), String::new()));
    }
    let bad = || {
        format!(
            "{text:?} is not a time: HH:MM or YYYY-MM-DD HH:MM ({})",
            zone.name()
        )
    };
    let (date, time) = match text.split_once(' ') {
        Some((date, time)) => (date.trim(), time.trim()),
        None => (day, text),
    };
    let month = date.get(5..7).and_then(|m| m.parse::<u32>().ok());
    let mday = date.get(8..10).and_then(|d| d.parse::<u32>().ok());
    if date.len() != 10
        || clock::days_from_date(date).is_none()
        || !month.is_some_and(|m| (1..=12).contains(&m))
        || !mday.is_some_and(|d| (1..=31).contains(&d))
    {
        return Err(bad());
    }
    let (h, m) = time.split_once(':').ok_or_else(bad)?;
    let (h, m): (u32, u32) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    if h > 23 || m > 59 || time.len() != 5 {
        return Err(bad());
    }
    let utc = zone
        .utc_text(&format!("{date} {h:02}:{m:02}"))
        .ok_or_else(bad)?;
    Ok((text.to_string(), utc))
}

/// The tickets admitted at a door, and those outside now.
#[derive(Clone, Copy)]
struct Inside {
    admitted: u64,
    outside: u64,
}

fn show(
    format: Option<Format>,
    target: &Target,
    kept: &KeptPolicy,
    inside: Inside,
) -> Result<(), Failure> {
    let now_inside = inside.admitted.saturating_sub(inside.outside);
    let policy = Policy::of(kept);
    // English whatever the locale: the JSON's `policy` is read by scripts.
    let line = crate::i18n::Tongue::english().policy_line(&policy, target);
    let editions = if kept.editions.is_empty() {
        "this"
    } else {
        &kept.editions
    };
    let mut out = io::stdout().lock();
    let written = if matches!(format, Some(Format::Json | Format::Raw)) {
        let value = json!({
            "event_id": target.event_id,
            "event": target.title,
            "policy": line,
            "editions": editions,
            "opens": kept.opens,
            "opens_at": kept.opens_at,
            "closes": kept.closes,
            "closes_at": kept.closes_at,
            "reentry": kept.reentry,
            "capacity": (kept.capacity > 0).then_some(kept.capacity),
            "timezone": zone_name(kept),
            "set_by": kept.set_by,
            "set_at": kept.set_at,
            "admitted": inside.admitted,
            "inside": now_inside,
        });
        writeln!(out, "{value:#}")
    } else {
        let at = |shown: &str, utc: &str| {
            if shown.is_empty() {
                "—".to_string()
            } else {
                format!(
                    "{shown} {} ({} UTC)",
                    zone_name(kept),
                    utc.get(..16).unwrap_or(utc)
                )
            }
        };
        let set = if kept.set_by.is_empty() {
            "never set: today's defaults".to_string()
        } else {
            format!(
                "{} at {} UTC",
                crate::sanitize::clean(&kept.set_by),
                kept.set_at
            )
        };
        writeln!(
            out,
            "door      {} ({})\npolicy    {line}\neditions  {editions}\nopens     {}\ncloses    {}\nre-entry  {}\ncapacity  {}\nset by    {set}\ninside    {now_inside} of {} admitted",
            crate::sanitize::clean(&target.title),
            target.event_id,
            at(&kept.opens, &kept.opens_at),
            at(&kept.closes, &kept.closes_at),
            if kept.reentry { "on" } else { "off" },
            if kept.capacity > 0 {
                kept.capacity.to_string()
            } else {
                "—".into()
            },
            inside.admitted,
        )
    };
    super::written(written.and_then(|()| out.flush())).map(drop)
}

/// The zone a kept policy's hours were read in ("UTC" before zones were
/// real).
fn zone_name(kept: &KeptPolicy) -> &str {
    if kept.timezone.is_empty() {
        "UTC"
    } else {
        &kept.timezone
    }
}

/// `note`.
pub async fn note(global: &GlobalArgs, demo: bool, args: &NoteArgs) -> ExitCode {
    let t = super::words(global);
    Served::run(global, demo, async |client, business, pinned| {
        let log = open_log(global, &business, demo, LaneUse::Reader).await?;
        if args.list {
            let (_, state) = blocking(log, "", |l| l.door(0)).await?;
            return list(global.format, &state.notes);
        }
        // What the note is on, as the API has it: a ticket or customer that
        // does not exist is refused (the API's error), and the guest named.
        let (on, id, who) = noted(&client, args, t).await?;
        let (log, state) = blocking(log, "", |l| l.door(0)).await?;
        if args.clear && !state.notes.iter().any(|n| n.on == on && n.id == id) {
            let mut out = io::stdout().lock();
            return super::written(
                writeln!(
                    out,
                    "{}",
                    t.ta("cmd-note-nothing-to-clear", &[("who", &who)])
                )
                .and_then(|()| out.flush()),
            )
            .map(drop);
        }
        let text = if args.clear {
            String::new()
        } else {
            let text = args.text.clone().unwrap_or_default();
            let text = text.trim();
            if text.is_empty() {
                return Err(Failure::Usage(
                    crate::i18n::Said::new("cmd-note-empty").into(),
                ));
            }
            if text.chars().count() > NOTE_MAX {
                return Err(Failure::Usage(
                    crate::i18n::Said::new("cmd-note-too-long")
                        .arg("max", NOTE_MAX)
                        .into(),
                ));
            }
            text.to_string()
        };
        let note = KeptNote {
            on: on.into(),
            id,
            text,
            by: global.desk.clone().unwrap_or_else(crate::config::host_name),
            at: clock::now_utc(pinned.as_deref()),
        };
        let said = if note.text.is_empty() {
            t.ta("cmd-note-cleared", &[("who", &who)])
        } else {
            let text = crate::sanitize::clean(&note.text);
            t.ta("cmd-note-noted", &[("who", &who), ("text", &text)])
        };
        blocking(log, "not kept: ", move |l| l.set_note(&note)).await?;
        let mut out = io::stdout().lock();
        super::written(writeln!(out, "{said}").and_then(|()| out.flush())).map(drop)
    })
    .await
}

/// What a note is on, found as the API has it: a ticket (its id, or the
/// number printed on it with `--event`, as `ticket` and `revoke` take it)
/// or `customer:ID`; and how it is named ("TK-000045 Ana García").
async fn noted(
    client: &crate::api::Client,
    args: &NoteArgs,
    words: &'static crate::i18n::Tongue,
) -> Result<(&'static str, u64, String), Failure> {
    let text = args.on.as_deref().unwrap_or_default().trim();
    let clean = |s: &str| crate::sanitize::clean(s).into_owned();
    match text.split_once(':') {
        Some((on, id)) if on.eq_ignore_ascii_case("customer") => {
            let id = id.trim().parse().map_err(|_| {
                Failure::Usage(
                    crate::i18n::Said::new("failure-customer-id")
                        .arg("text", format!("{text:?}"))
                        .into(),
                )
            })?;
            let (customer, _) = client.customer(id).await?;
            let name = [customer.name, customer.last_name]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" ");
            Ok((
                "customer",
                id,
                clean(format!("customer {id} {name}").trim_end()),
            ))
        }
        Some((on, _)) if !on.eq_ignore_ascii_case("ticket") => Err(Failure::Usage(
            crate::i18n::Said::new("cmd-note-on")
                .arg("text", format!("{text:?}"))
                .into(),
        )),
        split => {
            let ticket = split.map_or(text, |(_, t)| t.trim());
            let target = super::lookup::Target::parse(&crate::cli::TicketArgs {
                ticket: ticket.to_owned(),
                event: args.event.clone(),
            })?;
            let concurrency = client.config().concurrency;
            let (found, _) = super::lookup::find(client, &target, concurrency, words).await?;
            let t = crate::door::Ticket::of(&found);
            Ok((
                "ticket",
                t.id,
                clean(&format!("{} {}", t.number, t.attendee)),
            ))
        }
    }
}

fn list(format: Option<Format>, notes: &[KeptNote]) -> Result<(), Failure> {
    let clean = |s: &str| crate::sanitize::clean(s).into_owned();
    let mut out = io::stdout().lock();
    let written = if matches!(format, Some(Format::Json | Format::Raw)) {
        let value: Vec<_> = notes
            .iter()
            .map(|n| json!({"on": n.on, "id": n.id, "text": clean(&n.text), "by": clean(&n.by), "at": n.at}))
            .collect();
        writeln!(out, "{:#}", json!(value))
    } else if notes.is_empty() {
        writeln!(out, "no notes")
    } else {
        notes.iter().try_for_each(|n| {
            writeln!(
                out,
                "⚑ {} {}  {}  ({}, {} UTC)",
                n.on,
                n.id,
                clean(&n.text),
                clean(&n.by),
                n.at
            )
        })
    };
    super::written(written.and_then(|()| out.flush())).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Any two times of day: the door is open for less than a day, and
    /// closes after it opens — the next day when the closing time comes
    /// first on the clock (22:00 to 04:00), in every zone.
    #[test]
    fn hours_given_as_times_of_day_always_close_after_they_open() {
        use proptest::prelude::*;
        let zones = ["UTC", "Asia/Tokyo", "America/Chicago", "Europe/Madrid"];
        proptest!(|(oh in 0u32..24, om in 0u32..60, ch in 0u32..24, cm in 0u32..60, z in 0..zones.len())| {
            let zone = Zone::named(zones[z]);
            let day = "2026-12-01";
            let opens = moment(&format!("{oh:02}:{om:02}"), day, &zone).unwrap().1;
            let closes = closes_at(&format!("{ch:02}:{cm:02}"), &opens, day, &zone).unwrap();
            prop_assert!(closes > opens, "{opens} {closes}");
            let (o, c) = (
                crate::door::epoch_seconds(&opens).unwrap(),
                crate::door::epoch_seconds(&closes).unwrap(),
            );
            // A day at most (a day and the hour a clock change adds).
            prop_assert!(c - o <= 25 * 3600, "{opens} {closes}");
            // The same day when the closing time comes later on the clock.
            if (ch, cm) > (oh, om) && zones[z] == "UTC" {
                prop_assert_eq!(closes.get(..10), opens.get(..10));
            }
        });
        // A date given is taken as given.
        let utc = Zone::utc();
        assert_eq!(
            closes_at(
                "2026-12-01 04:00",
                "2026-12-01 22:00:00",
                "2026-12-01",
                &utc
            )
            .unwrap(),
            "2026-12-01 04:00:00"
        );
    }

    #[test]
    fn a_time_is_a_clock_time_on_the_editions_day_or_a_date_and_time() {
        let utc = Zone::utc();
        let tokyo = Zone::named("Asia/Tokyo");
        assert_eq!(
            moment("09:00", "2026-12-01", &utc).unwrap(),
            ("09:00".into(), "2026-12-01 09:00:00".into())
        );
        assert_eq!(
            moment("09:00", "2026-12-01", &tokyo).unwrap(),
            ("09:00".into(), "2026-12-01 00:00:00".into())
        );
        assert_eq!(
            moment(
                "2026-12-02 18:30",
                "2026-12-01",
                &Zone::named("America/Chicago")
            )
            .unwrap()
            .1,
            "2026-12-03 00:30:00"
        );
        assert_eq!(
            moment(" ", "2026-12-01", &tokyo).unwrap(),
            (String::new(), String::new())
        );
        for bad in [
            "9",
            "24:00",
            "09:60",
            "9:5",
            "2026-13-01 09:00",
            "tomorrow 09:00",
        ] {
            assert!(moment(bad, "2026-12-01", &utc).is_err(), "{bad}");
        }
    }
}
