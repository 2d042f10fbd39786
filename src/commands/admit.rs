//! `boxoffice admit <scan> --event <id|hash>`: one scan judged headless
//! exactly as the desk judges it — the same door (`door::Finding`), the same
//! verdict function (`door::judge`), asked again with what it asks for (the
//! door's lists page by page, a ticket by id, the lists kept for other
//! events) until it is final —, recorded in the same desk log, printed, and
//! told by the exit code (docs/desk.md#boxoffice-admit).

use std::io::{self, Write as _};
use std::pin::Pin;
use std::process::{ExitCode, Termination};

use futures::{Stream, StreamExt};
use serde_json::{Value, json};

use super::{Failure, connect};
use crate::api::model::{Page, Ticket as ApiTicket};
use crate::api::paging::stream_pages;
use crate::api::paths::PAGE_SIZE;
use crate::api::{ApiError, ApiKey, Client, ClientConfig};
use crate::cli::{AdmitArgs, Format, GlobalArgs};
use crate::clock;
use crate::door::admissions::Settled;
use crate::door::{
    Admissions, EditionInfo, Elsewhere, EventFacts, Fetched, Finding, Judgement, Judging, LaneKind,
    Lists, Need, Notes, Opened, Policy, Target, Ticket, Verdict, Why,
};
use crate::sandbox::{self, SandboxConfig};
use crate::store::paths;
use crate::store::{
    Admission, Alone, ChangeKind, DeskLog, LaneLog, Moved, Reach, Recorded, ScanId, SqliteDeskLog,
    SqliteTicketCache, TicketCache,
};

/// The most other editions whose lists `admit` reads, as the desk.
const MAX_SIBLINGS: usize = 31;

/// What `admit` found and said.
struct Judged {
    verdict: Verdict,
    why: Option<Why>,
    ticket: Option<Ticket>,
    admission: Option<Admission>,
    /// Whether the shared log recorded it (None: no shared log, or nothing
    /// recorded).
    shared: Option<bool>,
    /// The note on the ticket or its customer.
    note: Option<String>,
    /// Admitted outside the door's hours (--force).
    forced: bool,
    /// With --order: the rest of the order, each as recorded.
    order: Vec<(Ticket, Verdict)>,
    /// Judged without the shared log (it did not answer): why, and how old
    /// the lane's copy of it is.
    alone: Option<Alone>,
}

/// What a headless door command runs against: the demo sandbox (started
/// here, with `demo`) or the configured business; its name; the demo's
/// pinned clock.
pub(super) struct Served {
    pub sandbox: Option<sandbox::SandboxHandle>,
    pub client: Result<Client, Failure>,
    pub business: String,
    pub pinned: Option<String>,
}

impl Served {
    /// Starts what serves a command (the demo sandbox with `demo`), runs
    /// `body` on its client, business and pinned clock, stops the sandbox
    /// whatever `body` answered, and says the exit code: `body`'s, or its
    /// failure's (a client that could not be made is one).
    pub async fn run<T: Termination>(
        global: &GlobalArgs,
        demo: bool,
        body: impl AsyncFnOnce(Client, String, Option<String>) -> Result<T, Failure>,
    ) -> ExitCode {
        let Self {
            sandbox,
            client,
            business,
            pinned,
        } = match Self::start(global, demo).await {
            Ok(s) => s,
            Err(e) => return fail(&e),
        };
        let outcome = match client {
            Ok(client) => body(client, business, pinned).await,
            Err(e) => Err(e),
        };
        stop(sandbox).await;
        match outcome {
            Ok(done) => done.report(),
            Err(e) => fail(&e),
        }
    }

    pub async fn start(global: &GlobalArgs, demo: bool) -> Result<Self, Failure> {
        let pinned = demo
            .then(|| std::env::var("BOXOFFICE_DEMO_NOW").ok())
            .flatten();
        let sandbox = if demo {
            let config = SandboxConfig {
                now: pinned.clone(),
                ..SandboxConfig::default()
            };
            Some(
                sandbox::spawn(config)
                    .await
                    .map_err(|e| Failure::Other(format!("cannot start the demo sandbox: {e}")))?,
            )
        } else {
            None
        };
        let client = match &sandbox {
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
        Ok(Self {
            sandbox,
            client,
            business,
            pinned,
        })
    }
}

/// Stops the demo sandbox, if one was started.
async fn stop(sandbox: Option<sandbox::SandboxHandle>) {
    if let Some(s) = sandbox {
        s.shutdown().await;
    }
}

/// Runs `admit`, against the demo sandbox with `demo`; the exit code.
pub async fn run(global: &GlobalArgs, demo: bool, args: &AdmitArgs) -> ExitCode {
    Served::run(global, demo, async |client, business, pinned| {
        admit(global, &client, &business, demo, pinned.as_deref(), args)
            .await
            .map(ExitCode::from)
    })
    .await
}

pub(super) fn fail(e: &Failure) -> ExitCode {
    eprintln!("boxoffice: {e}");
    ExitCode::from(e.exit_code())
}

/// A list being read, page by page.
type Pages<'a> = Pin<Box<dyn Stream<Item = Result<Page<ApiTicket>, ApiError>> + Send + 'a>>;

async fn admit(
    global: &GlobalArgs,
    client: &Client,
    business: &str,
    demo: bool,
    pinned: Option<&str>,
    args: &AdmitArgs,
) -> Result<u8, Failure> {
    let mut rules = crate::config::desk::from_env()
        .map_err(|e| Failure::Config(e.0))?
        .scan;
    rules.trust(client.host());
    let wall = clock::now_utc(pinned);
    let lane = global.desk.clone().unwrap_or_else(crate::config::host_name);
    let target = find_door(client, args.event.trim(), &wall).await?;
    let mut log = open_log(global, business, demo).await?;
    let cache = open_cache(business);
    let concurrency = client.config().concurrency;
    // The door's policy, its notes and who is outside, as the log keeps
    // them (every lane's).
    let event_id = target.event_id;
    let (back, door) = blocking(log, "", move |l| l.door(event_id)).await?;
    log = back;
    let kept = door.policy.as_ref().map(Policy::of).unwrap_or_default();
    // --force bends the hours only.
    let policy = if args.force {
        kept.always_open()
    } else {
        kept.clone()
    };
    let notes = Notes::of(&door.notes);
    let kind = if args.exit {
        LaneKind::Exit
    } else {
        LaneKind::Entry
    };
    let mut lists: Lists<Ticket> = Lists::default();
    lists.begin_read();
    let siblings = target.siblings(&wall, MAX_SIBLINGS);
    lists.begin_siblings(&siblings);
    let mut admissions = Admissions::default();
    admissions.know_moves(door.moves);
    let mut looked_up: Option<u64> = None;
    // The door's own list first, then the other editions', each read only
    // as far as the verdict needs it.
    let lists_to_read: Vec<u64> = std::iter::once(target.event_id)
        .chain(siblings.iter().copied())
        .collect();
    let mut reading: Option<(u64, Pages<'_>)> = None;
    let mut next_list = lists_to_read.into_iter();
    let (verdict, ticket, why, note) = loop {
        let judging = Judging {
            scanned: &args.scan,
            target: &target,
            policy: &policy,
            rules: &rules,
            lists: &lists,
            admissions: &admissions,
            lane: &lane,
            kind,
            notes: &notes,
            today: &wall,
        };
        match crate::door::judge(&judging) {
            // What the log knows of this ticket, asked once before the
            // verdict is final.
            Judgement::Ticket { ticket, .. } if looked_up != Some(ticket.id) => {
                let (event_id, ticket_id) = (target.event_id, ticket.id);
                looked_up = Some(ticket_id);
                let (back, before) =
                    blocking(log, "", move |l| l.lookup(event_id, ticket_id)).await?;
                log = back;
                if let Some(a) = before {
                    admissions.know(a, &lane);
                }
            }
            Judgement::Ticket {
                verdict,
                ticket,
                note,
                ..
            } => {
                break (
                    verdict,
                    Some(ticket.clone()),
                    None,
                    note.map(|n| n.text.clone()),
                );
            }
            Judgement::Unknown { why, ticket } => {
                break (Verdict::Unknown, ticket.cloned(), Some(why), None);
            }
            Judgement::Held(_) => {
                if reading.is_none() {
                    let Some(id) = next_list.next() else {
                        // Nothing left to read: every list ends here.
                        lists.read_page(Vec::new(), 1, 1, None);
                        for s in &siblings {
                            lists.sibling_page(*s, None, true);
                        }
                        continue;
                    };
                    let pages: Pages<'_> = Box::pin(stream_pages(
                        move |p| client.tickets(id, p, PAGE_SIZE),
                        concurrency,
                    ));
                    reading = Some((id, pages));
                }
                let Some((id, pages)) = reading.as_mut() else {
                    continue;
                };
                let id = *id;
                let page = pages.next().await.transpose()?;
                let own = id == target.event_id;
                if let Some(page) = page {
                    let expected = page.info.as_ref().and_then(|i| i.count_filtered.0);
                    let rows: Vec<Ticket> = page.items.iter().map(Ticket::of).collect();
                    if own {
                        lists.read_page(rows, 0, 1, expected);
                    } else {
                        lists.sibling_page(id, Some(rows), false);
                    }
                } else {
                    reading = None;
                    if own {
                        lists.read_page(Vec::new(), 1, 1, None);
                    } else {
                        lists.sibling_page(id, Some(Vec::new()), true);
                    }
                }
            }
            Judgement::Read(id) => {
                let fetched = match client.ticket(id).await {
                    Ok((t, _)) => {
                        let event = t.event.as_ref();
                        Fetched::Found {
                            date: event.and_then(|e| e.start_datetime.clone()),
                            parent: event.and_then(|e| e.parent_id),
                            ticket: Ticket::of(&t),
                        }
                    }
                    // Not a ticket (the API's 400 "not found", or a 404).
                    Err(ApiError::Api { .. } | ApiError::Status { status: 404, .. }) => {
                        Fetched::Missing
                    }
                    Err(error) => return Err(Failure::Api { error, hint: None }),
                };
                lists.fetched.insert(id, fetched);
            }
            Judgement::LookElsewhere(number_key) => {
                let found = match &cache {
                    Some(cache) => cache
                        .find_number(&number_key, target.event_id)
                        .ok()
                        .and_then(|f| f.into_iter().next())
                        .map(|f| Elsewhere {
                            event_id: f.event_id,
                            ticket: Ticket::cached(&f.ticket),
                            title: f.title,
                            starts: f.starts,
                        }),
                    None => None,
                };
                lists.elsewhere.insert(number_key, found);
            }
        }
    };
    drop(reading);
    let mut judged = Judged {
        verdict,
        why,
        admission: None,
        shared: None,
        alone: None,
        ticket,
        note,
        forced: false,
        order: Vec::new(),
    };
    if let Some(t) = &judged.ticket {
        judged.admission = admissions.get(t.id).cloned();
    }
    if judged.verdict == Verdict::Valid
        && let Some(t) = &judged.ticket
    {
        let a = Admission {
            ticket_id: t.id,
            number: t.number.clone(),
            event_id: target.event_id,
            edition_id: t.edition_id,
            at: String::new(),
            desk: lane.clone(),
        };
        admissions.admit(a.clone());
        let scan = ScanId::new();
        // Outside the hours, --force admits, marked forced with this desk.
        let forced = kept.outside(&wall).is_some();
        judged.forced = forced;
        let (back, recorded) = blocking(log, "not recorded: ", move |l| {
            if forced {
                l.admit_forced(&a, scan)
            } else {
                l.admit(&a, scan)
            }
        })
        .await?;
        log = back;
        let reach = log.reach();
        match admissions.settle(t.id, recorded) {
            Settled::Admitted => {}
            // Another lane sharing the log admitted it first.
            Settled::Lost(winner) => {
                judged.verdict = Verdict::AlreadyAdmitted {
                    at: winner.at.clone(),
                    lane: winner.desk.clone(),
                };
            }
        }
        judged.admission = admissions.get(t.id).cloned();
        judged.shared = match reach {
            Reach::Local => None,
            Reach::Shared { .. } => Some(true),
            Reach::Unreachable { .. } => Some(false),
        };
    }
    if judged.ticket.is_some() {
        judged.alone = log.alone(target.event_id);
    }
    if let Some(alone) = &judged.alone {
        // One line: what became of the admission, and what the verdict was
        // judged from.
        let kept = match (&judged.verdict, &judged.ticket) {
            (Verdict::Valid, Some(t)) => format!(
                "{} is admitted on this lane only ({lane}), and sent when the log answers again; ",
                t.number
            ),
            _ => String::new(),
        };
        eprintln!(
            "boxoffice: the shared desk log is unreachable ({}): {kept}judged offline {}",
            alone.why,
            offline_text(alone.mirror_read_at.as_deref())
        );
    }
    if let (Verdict::Exit | Verdict::WelcomeBack { .. }, Some(t)) =
        (&judged.verdict, judged.ticket.clone())
    {
        log = moved(log, &mut judged, t, target.event_id, &lane).await?;
    }
    if args.order
        && judged.verdict == Verdict::Valid
        && let Some(t) = judged.ticket.clone()
    {
        let lists = read_all(client, &target, &siblings, concurrency).await?;
        let judging = Judging {
            scanned: &args.scan,
            target: &target,
            policy: &policy,
            rules: &rules,
            lists: &lists,
            admissions: &admissions,
            lane: &lane,
            kind,
            notes: &notes,
            today: &wall,
        };
        let mates: Vec<Ticket> = crate::door::order_of(&judging, &t)
            .into_iter()
            .map(|m| m.ticket.clone())
            .collect();
        for mate in mates {
            let a = Admission {
                ticket_id: mate.id,
                number: mate.number.clone(),
                event_id: target.event_id,
                edition_id: mate.edition_id,
                at: String::new(),
                desk: lane.clone(),
            };
            let (back, recorded) =
                blocking(log, "not recorded: ", move |l| l.admit(&a, ScanId::new())).await?;
            log = back;
            let verdict = match recorded {
                Recorded::Admitted(_) => Verdict::Valid,
                Recorded::AlreadyAdmitted(w) => Verdict::AlreadyAdmitted {
                    at: w.at,
                    lane: w.desk,
                },
            };
            judged.order.push((mate, verdict));
        }
    }
    drop(log);
    print(global.format, &args.scan, &target, &judged)?;
    Ok(judged.verdict.exit_code())
}

/// EXIT or WELCOME BACK recorded as a move in the log, which refuses one
/// from where the ticket is not (another lane moved it first).
async fn moved(
    log: Box<dyn DeskLog>,
    judged: &mut Judged,
    t: Ticket,
    event_id: u64,
    lane: &str,
) -> Result<Box<dyn DeskLog>, Failure> {
    let kind = if judged.verdict == Verdict::Exit {
        ChangeKind::Exit
    } else {
        ChangeKind::Reentry
    };
    let a = Admission {
        ticket_id: t.id,
        number: t.number.clone(),
        event_id,
        edition_id: t.edition_id,
        at: String::new(),
        desk: lane.to_string(),
    };
    let (log, moved) = blocking(log, "not recorded: ", move |l| {
        l.door_move(&a, kind, ScanId::new())
    })
    .await?;
    match moved {
        Moved::Done(m) => judged.admission = Some(m),
        Moved::Refused(Some((ChangeKind::Exit, m))) => {
            judged.verdict = Verdict::NotInside {
                left: Some((m.at, m.desk)),
            };
        }
        Moved::Refused(Some((_, m))) => {
            judged.verdict = Verdict::AlreadyAdmitted {
                at: m.at,
                lane: m.desk,
            };
        }
        Moved::Refused(None) if kind == ChangeKind::Exit => {
            judged.verdict = Verdict::NotInside { left: None };
        }
        Moved::Refused(None) => {
            return Err(Failure::Other(format!(
                "not recorded: the log holds no admission of {} to come back to",
                t.number
            )));
        }
    }
    Ok(log)
}

/// The door's own list and the other editions', read whole (a whole
/// order's tickets may be anywhere in them).
async fn read_all(
    client: &Client,
    target: &Target,
    siblings: &[u64],
    concurrency: usize,
) -> Result<Lists<Ticket>, Failure> {
    let mut lists: Lists<Ticket> = Lists::default();
    lists.begin_read();
    lists.begin_siblings(siblings);
    for id in std::iter::once(target.event_id).chain(siblings.iter().copied()) {
        let own = id == target.event_id;
        let mut pages = Box::pin(stream_pages(
            move |p| client.tickets(id, p, PAGE_SIZE),
            concurrency,
        ));
        while let Some(page) = pages.next().await.transpose()? {
            let rows: Vec<Ticket> = page.items.iter().map(Ticket::of).collect();
            if own {
                lists.read_page(rows, 0, 1, None);
            } else {
                lists.sibling_page(id, Some(rows), false);
            }
        }
        if own {
            lists.read_page(Vec::new(), 1, 1, None);
        } else {
            lists.sibling_page(id, Some(Vec::new()), true);
        }
    }
    Ok(lists)
}

/// What a verdict judged without the shared log knew: this lane's copy of
/// the other lanes' admissions, and how old it is.
fn offline_text(read_at: Option<&str>) -> String {
    let Some(read_at) = read_at else {
        return "from this lane's own admissions only (it has never read the shared log at this event)".into();
    };
    let now = crate::door::epoch_seconds(&clock::now_utc(None));
    let ago = match (crate::door::epoch_seconds(read_at), now) {
        (Some(then), Some(now)) => format!(" ({} s ago)", (now - then).max(0)),
        _ => String::new(),
    };
    format!(
        "from this lane's copy of the shared log, read at {} UTC{ago}, and its own admissions",
        read_at.get(11..19).unwrap_or(read_at)
    )
}

/// The door asked for (`door::Finding`): for a main event the edition
/// running today (else the next), as the desk picks it; an edition's id
/// is that edition, knowing its main event's other editions.
pub(super) async fn find_door(client: &Client, asked: &str, wall: &str) -> Result<Target, Failure> {
    let mut finding = Finding::new(asked);
    loop {
        if let Some(opened) = finding.opened(wall) {
            return match opened {
                Opened::Door(target, _) => Ok(target),
                Opened::NoneToday(why) => Err(Failure::Usage(why)),
                Opened::Choose { title, options, .. } => Err(Failure::Usage(format!(
                    "several editions of {title} run today ({}): give --event the edition's id",
                    options
                        .iter()
                        .map(|e| format!("{} {}", e.id, e.name))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            };
        }
        for need in finding.needs() {
            match need {
                Need::Event(id) => {
                    let (event, raw) = client.event(&id).await?;
                    finding.event_read(EventFacts::of(&event, &raw));
                }
                Need::Editions(of) => {
                    let page = client.editions(of).await?;
                    finding.editions_read(of, page.items.iter().map(EditionInfo::of).collect());
                }
            }
        }
    }
}

/// The lists this machine keeps for the business's events, if any (read
/// only: `admit` never makes one).
fn open_cache(business: &str) -> Option<SqliteTicketCache> {
    let env = |k: &str| std::env::var(k).ok();
    let dir = paths::cache_dir(&env, business)?;
    dir.join(SqliteTicketCache::FILE)
        .exists()
        .then(|| SqliteTicketCache::open(&dir).ok())
        .flatten()
}

/// The desk log: this machine's file, wrapped in a lane of the shared log
/// when `--desk-db` / `desk_db` is set (as the TUI's desk; the demo's takes
/// `--desk-db` only, never a profile's).
pub(super) async fn open_log(
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
    crate::blocking::run(move || {
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
pub(super) async fn blocking<T: Send + 'static>(
    mut log: Box<dyn DeskLog>,
    what: &'static str,
    f: impl FnOnce(&mut dyn DeskLog) -> Result<T, crate::store::StoreError> + Send + 'static,
) -> Result<(Box<dyn DeskLog>, T), Failure> {
    crate::blocking::run(move || {
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
    target: &Target,
    judged: &Judged,
) -> Result<(), Failure> {
    let scanned = crate::sanitize::clean(scanned.trim()).into_owned();
    let meaning = match (&judged.verdict, &judged.why) {
        (Verdict::Unknown, Some(why)) => format!("{why}: “{scanned}”"),
        (Verdict::Unknown, None) => format!("no ticket matches “{scanned}”"),
        (Verdict::Valid, _) if judged.forced => {
            let by = judged.admission.as_ref().map_or("", |a| a.desk.as_str());
            format!("admitted outside the door's hours: forced by {by}")
        }
        (v, _) => v.meaning(),
    };
    let mut out = io::stdout().lock();
    let written = if matches!(format, Some(Format::Json | Format::Raw)) {
        let ticket = judged.ticket.as_ref().map_or(Value::Null, |t| {
            json!({
                "id": t.id,
                "number": t.number,
                "attendee": t.attendee,
                "status": t.status,
                "edition": t.edition,
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
            "event_id": target.event_id,
            "event": target.title,
            "ticket": ticket,
            "admission": admission,
            "shared": judged.shared,
            "note": judged.note,
            "forced": judged.forced,
            "order": judged.order.iter().map(|(t, v)| json!({
                "id": t.id,
                "number": t.number,
                "attendee": t.attendee,
                "verdict": v.word(),
                "meaning": v.meaning(),
            })).collect::<Vec<_>>(),
            "offline": judged.alone.as_ref().map(|a| json!({"mirror_read_at": a.mirror_read_at, "why": a.why})),
        });
        writeln!(out, "{value:#}")
    } else {
        let who = judged.ticket.as_ref().map_or_else(String::new, |t| {
            format!("  {}  {}  {}", t.number, t.attendee, t.edition)
        });
        let note = judged
            .note
            .as_ref()
            .map(|n| format!("\n⚑ {}", crate::sanitize::clean(n)))
            .unwrap_or_default();
        let mut order = String::new();
        for (t, v) in &judged.order {
            use std::fmt::Write as _;
            let why = match v {
                Verdict::Valid => String::new(),
                other => format!(": {}", other.meaning()),
            };
            let _ = write!(
                order,
                "\n{}  {}  {}  (order {}){why}",
                v.word(),
                t.number,
                t.attendee,
                t.order
            );
        }
        writeln!(
            out,
            "{}{who}\n{meaning}{note}{order}",
            judged.verdict.word()
        )
    };
    super::written(written.and_then(|()| out.flush())).map(drop)
}
