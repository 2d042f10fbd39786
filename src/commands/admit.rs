//! `boxoffice admit <scan> --event <id|hash>`: one scan judged headless
//! exactly as the desk judges it (the same `scan::parse_scan` and
//! `verdict::judge`), recorded in the same desk log, printed, and told by
//! the exit code (docs/desk.md#boxoffice-admit).

use std::io::{self, Write as _};
use std::pin::pin;
use std::process::ExitCode;

use futures::StreamExt;
use serde_json::{Value, json};

use super::{Failure, connect};
use crate::api::model::{Event, Ticket};
use crate::api::paging::stream_pages;
use crate::api::paths::PAGE_SIZE;
use crate::api::{ApiKey, Client, ClientConfig};
use crate::app::list::rows::{EditionRow, TicketRow};
use crate::app::screens::checkin::{
    DeskFacts, EditionInfo, Key, TicketFacts, Verdict, compact, hh_mm, judge, parse_scan, todays,
};
use crate::cli::{AdmitArgs, Format, GlobalArgs};
use crate::clock;
use crate::sandbox::{self, SandboxConfig};
use crate::store::paths;
use crate::store::{Admission, DeskLog, LaneLog, Recorded, ScanId, SqliteDeskLog};

/// The desk `admit` checks in: the event or edition, its main event and
/// that one's editions (as the TUI's desk finds them).
struct Desk {
    event_id: u64,
    title: String,
    parent_id: Option<u64>,
    editions: Vec<EditionInfo>,
}

/// What `admit` found and said.
struct Judged {
    verdict: Verdict,
    ticket: Option<Ticket>,
    admission: Option<Admission>,
}

/// Runs `admit`, against the demo sandbox with `demo`; the exit code.
pub async fn run(global: &GlobalArgs, demo: bool, args: &AdmitArgs) -> ExitCode {
    let pinned = demo
        .then(|| std::env::var("BOXOFFICE_DEMO_NOW").ok())
        .flatten();
    let served = if demo {
        let config = SandboxConfig {
            now: pinned.clone(),
            ..SandboxConfig::default()
        };
        match sandbox::spawn(config).await {
            Ok(s) => Some(s),
            Err(e) => {
                return fail(&Failure::Other(format!(
                    "cannot start the demo sandbox: {e}"
                )));
            }
        }
    } else {
        None
    };
    let client = match &served {
        Some(s) => Client::new(ClientConfig::new(s.base_url(), ApiKey::new(s.api_key())))
            .map_err(|error| Failure::Api { error, hint: None }),
        None => connect(global).await,
    };
    let business = if demo {
        super::cache::DEMO.to_owned()
    } else {
        client
            .as_ref()
            .map(|c| c.host().to_owned())
            .unwrap_or_default()
    };
    let outcome = match client {
        Ok(client) => admit(global, &client, &business, demo, pinned.as_deref(), args).await,
        Err(e) => Err(e),
    };
    if let Some(s) = served {
        s.shutdown().await;
    }
    match outcome {
        Ok(code) => ExitCode::from(code),
        Err(e) => fail(&e),
    }
}

fn fail(e: &Failure) -> ExitCode {
    eprintln!("boxoffice: {e}");
    ExitCode::from(e.exit_code())
}

async fn admit(
    global: &GlobalArgs,
    client: &Client,
    business: &str,
    demo: bool,
    pinned: Option<&str>,
    args: &AdmitArgs,
) -> Result<u8, Failure> {
    let rules = crate::app::settings::from_env(None)
        .map_err(|e| Failure::Config(e.0))?
        .desk;
    let wall = clock::now_utc(pinned);
    let desk_name = global.desk.clone().unwrap_or_else(crate::config::host_name);
    let desk = find_desk(client, args.event.trim(), &wall).await?;
    let log = open_log(global, business, demo).await?;
    let keys = parse_scan(&args.scan, rules.accept_ids);
    let concurrency = client.config().concurrency;
    let found = find_ticket(client, &desk, &keys, concurrency).await?;
    let judged = match found {
        None => Judged {
            verdict: Verdict::Unknown,
            ticket: None,
            admission: None,
        },
        Some(ticket) => {
            let row = TicketRow::new(&ticket);
            let known = row
                .edition_id
                .and_then(|id| desk.editions.iter().find(|e| e.id == id));
            let event = ticket.event.as_ref();
            let date = event
                .and_then(|e| e.start_datetime.clone())
                .or_else(|| known.map(|e| e.start.clone()).filter(|s| !s.is_empty()));
            let parent = event
                .and_then(|e| e.parent_id)
                .or(known.and(desk.parent_id));
            let (event_id, ticket_id) = (desk.event_id, ticket.id);
            let (log, before) = blocking(log, "", move |l| l.lookup(event_id, ticket_id)).await?;
            let editions: Vec<u64> = desk.editions.iter().map(|e| e.id).collect();
            let verdict = judge(
                &TicketFacts {
                    status: row.status(),
                    edition_id: row.edition_id,
                    edition: row.edition(),
                    edition_date: date.as_deref(),
                    parent_id: parent,
                },
                &DeskFacts {
                    event_id: desk.event_id,
                    parent_id: desk.parent_id,
                    editions: &editions,
                    today: &wall,
                },
                before.as_ref(),
            );
            let mut verdict = verdict;
            let admission = if verdict == Verdict::Valid {
                let a = Admission {
                    ticket_id: ticket.id,
                    number: row.number().to_string(),
                    event_id: desk.event_id,
                    edition_id: row.edition_id,
                    at: String::new(),
                    desk: desk_name.clone(),
                };
                let scan = ScanId::new();
                let (_, recorded) =
                    blocking(log, "not recorded: ", move |l| l.admit(&a, scan)).await?;
                match recorded {
                    Recorded::Admitted(a) => Some(a),
                    // Another lane sharing the log admitted it first.
                    Recorded::AlreadyAdmitted(winner) => {
                        verdict = Verdict::AlreadyAdmitted {
                            at: hh_mm(&winner.at),
                            desk: winner.desk.clone(),
                        };
                        Some(winner)
                    }
                }
            } else {
                before
            };
            Judged {
                verdict,
                ticket: Some(ticket),
                admission,
            }
        }
    };
    print(global.format, &args.scan, &desk, &judged, keys.is_empty())?;
    Ok(judged.verdict.exit_code())
}

/// The event asked for, and for a main event the edition running today
/// (else the next), as the desk picks it.
async fn find_desk(client: &Client, asked: &str, wall: &str) -> Result<Desk, Failure> {
    let (event, _) = client.event(asked).await?;
    let Event { id, name, .. } = &event;
    let title = name.clone().unwrap_or_else(|| format!("event {id}"));
    if event.is_variant == Some(true) || event.has_variants == Some(false) {
        return Ok(Desk {
            event_id: *id,
            title,
            parent_id: None,
            editions: Vec::new(),
        });
    }
    let page = client.editions(*id).await?;
    let editions: Vec<EditionInfo> = page
        .items
        .iter()
        .map(|e| EditionInfo::of(&EditionRow::new(e)))
        .filter(|e| e.id != *id)
        .collect();
    if editions.is_empty() {
        return Ok(Desk {
            event_id: *id,
            title,
            parent_id: None,
            editions,
        });
    }
    let (found, _) = todays(&editions, |e| (e.start.as_str(), e.end.as_str()), wall);
    match found.as_slice() {
        [] => Err(Failure::Usage(format!(
            "{title}: no edition today or later"
        ))),
        [one] => Ok(Desk {
            event_id: one.id,
            title: format!("{title} — {}", one.name),
            parent_id: Some(*id),
            editions: editions.clone(),
        }),
        several => Err(Failure::Usage(format!(
            "several editions of {title} run today ({}): give --event the edition's id",
            several
                .iter()
                .map(|e| format!("{} {}", e.id, e.name))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The ticket the scan names: a number among the desk's tickets (then the
/// other editions'), else an id read from the API.
async fn find_ticket(
    client: &Client,
    desk: &Desk,
    keys: &[Key],
    concurrency: usize,
) -> Result<Option<Ticket>, Failure> {
    let numbers: Vec<&str> = keys
        .iter()
        .filter_map(|k| match k {
            Key::Number(n) => Some(n.as_str()),
            Key::Id(_) => None,
        })
        .collect();
    if !numbers.is_empty() {
        let others = desk.editions.iter().map(|e| e.id);
        let lists = std::iter::once(desk.event_id).chain(others.filter(|&id| id != desk.event_id));
        for list in lists {
            let mut pages = pin!(stream_pages(
                |p| client.tickets(list, p, PAGE_SIZE),
                concurrency
            ));
            while let Some(page) = pages.next().await {
                let page = page?;
                if let Some(t) = page.items.into_iter().find(|t| {
                    t.number
                        .as_deref()
                        .is_some_and(|n| numbers.contains(&compact(n).as_str()))
                }) {
                    return Ok(Some(t));
                }
            }
        }
    }
    for key in keys {
        if let Key::Id(id) = key {
            match client.ticket(*id).await {
                Ok((ticket, _)) => return Ok(Some(ticket)),
                // Not a ticket (the API's 400 "not found", or a 404): unknown.
                Err(
                    crate::api::ApiError::Api { .. }
                    | crate::api::ApiError::Status { status: 404, .. },
                ) => {}
                Err(error) => return Err(Failure::Api { error, hint: None }),
            }
        }
    }
    Ok(None)
}

/// The desk log: this machine's file, wrapped in a lane of the shared log
/// when `--desk-db` / `desk_db` is set (as the TUI's desk; the demo's takes
/// `--desk-db` only, never a profile's).
async fn open_log(
    global: &GlobalArgs,
    business: &str,
    demo: bool,
) -> Result<Box<dyn DeskLog>, Failure> {
    let env = |k: &str| std::env::var(k).ok();
    let dir = paths::state_dir(&env, business)
        .ok_or_else(|| Failure::Config("no state directory: set XDG_STATE_HOME or HOME".into()))?;
    let shared = if demo {
        super::desk_db::given(global)?
    } else {
        super::desk_db::configured(global)?
    }
    .map(|(db, _)| db);
    let lane = global.desk.clone().unwrap_or_else(crate::config::host_name);
    let business = business.to_owned();
    tokio::task::spawn_blocking(move || {
        let local = SqliteDeskLog::open(&dir).map_err(|e| Failure::Other(e.to_string()))?;
        Ok(match shared {
            Some(db) => Box::new(LaneLog::open(&db, &business, &lane, local)) as Box<dyn DeskLog>,
            None => Box::new(local),
        })
    })
    .await
    .unwrap_or_else(|e| Err(Failure::Other(format!("the desk log failed: {e}"))))
}

/// Runs `f` on the desk log on the blocking pool (a lane's calls wait on
/// the runtime); gives the log back. A failure is said after `what`.
async fn blocking<T: Send + 'static>(
    mut log: Box<dyn DeskLog>,
    what: &'static str,
    f: impl FnOnce(&mut dyn DeskLog) -> Result<T, crate::store::StoreError> + Send + 'static,
) -> Result<(Box<dyn DeskLog>, T), Failure> {
    tokio::task::spawn_blocking(move || {
        let r = f(log.as_mut());
        (log, r)
    })
    .await
    .map_err(|e| Failure::Other(format!("{what}the desk log failed: {e}")))
    .and_then(|(log, r)| {
        r.map(|t| (log, t))
            .map_err(|e| Failure::Other(format!("{what}{e}")))
    })
}

fn print(
    format: Option<Format>,
    scanned: &str,
    desk: &Desk,
    judged: &Judged,
    not_a_code: bool,
) -> Result<(), Failure> {
    let scanned = crate::sanitize::clean(scanned.trim()).into_owned();
    let row = judged.ticket.as_ref().map(TicketRow::new);
    let meaning = match (&judged.verdict, not_a_code) {
        (Verdict::Unknown, true) => format!("not a ticket code: “{scanned}”"),
        (Verdict::Unknown, false) => format!("no ticket matches “{scanned}”"),
        (v, _) => v.meaning(),
    };
    let mut out = io::stdout().lock();
    let written = if format == Some(Format::Json) {
        let ticket = row.as_ref().map_or(Value::Null, |r| {
            json!({
                "id": r.id,
                "number": r.number(),
                "attendee": r.attendee(),
                "status": r.status(),
                "edition": r.edition(),
            })
        });
        let admission = judged.admission.as_ref().map_or(
            Value::Null,
            |a| json!({"at": a.at, "desk": a.desk, "event_id": a.event_id}),
        );
        let value = json!({
            "verdict": judged.verdict.word(),
            "exit_code": judged.verdict.exit_code(),
            "meaning": meaning,
            "scanned": scanned,
            "event_id": desk.event_id,
            "event": desk.title,
            "ticket": ticket,
            "admission": admission,
        });
        writeln!(out, "{value:#}")
    } else {
        let who = row.as_ref().map_or_else(String::new, |r| {
            format!("  {}  {}  {}", r.number(), r.attendee(), r.edition())
        });
        writeln!(out, "{}{who}\n{meaning}", judged.verdict.word())
    };
    super::written(written.and_then(|()| out.flush())).map(drop)
}
