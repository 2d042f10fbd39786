//! A shift through `boxoffice admit`'s driver: each scan a new
//! `commands::lane::driver::Lane` opened from its machine's files
//! (`LaneUse::OneShot`), asked for one verdict (`scan`, with `--force` and
//! `--order` as the shift says) and closed, as each `admit` process is.
//! The API is the real sandbox over loopback serving the shift's world
//! (an export of it: `sandbox --from`), revoked through the API as
//! `boxoffice revoke` does; the machine is a home of its own (its config
//! trusting the shift's links, its desk log, the list it keeps for the
//! other event); `door set` and `note` write its desk log. One lane, on its
//! own file (no shared log: `--desk-db` is PostgreSQL's, which the lanes'
//! PostgreSQL share drives).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::cli::GlobalArgs;
use boxoffice::commands::lane::driver::{Asked, Lane};
use boxoffice::door::Verdict;
use boxoffice::sandbox::{self, SandboxConfig, SandboxHandle};
use boxoffice::store::{
    CachedTicket, DeskLog, LaneUse, SqliteDeskLog, SqliteTicketCache, TicketCache, paths,
};
use serde_json::{Value, json};
use tokio::runtime::Runtime;

use super::model::{Said, lane_name};
use super::world::{
    CLOCKS, DOOR, EDITIONS, Ev, MAIN, OTHER_EVENT, Shift, TODAY, World, customer, order, text,
};

/// The shift's world as `boxoffice export` writes it (what `sandbox
/// --from` serves): the main event and its three editions, the other
/// event, and every ticket under its edition.
fn export(world: &World) -> Value {
    let day = |d: &str, name: &str, id: u64, parent: Option<u64>| {
        json!({
            "id": id, "name": name, "active": true, "published": true,
            "is_variant": parent.is_some(), "parent_id": parent.unwrap_or(0),
            "timezone": "UTC", "start_date": d, "end_date": d,
            "start_datetime": format!("{d} 00:00:00"), "end_datetime": format!("{d} 23:59:59"),
        })
    };
    let editions: Vec<Value> = EDITIONS
        .iter()
        .map(|(id, name, d)| day(d, name, *id, Some(MAIN)))
        .collect();
    let mut main = day("2026-12-01", "Conf", MAIN, None);
    main["has_variants"] = json!(true);
    main["end_date"] = json!("2026-12-03");
    main["end_datetime"] = json!("2026-12-03 23:59:59");
    let other = day("2026-12-24", "Other event", OTHER_EVENT, None);
    let mut groups: BTreeMap<u64, Vec<Value>> = BTreeMap::new();
    for t in &world.tickets {
        let edition = t
            .edition
            .expect("an admit shift's tickets each name an event");
        let o = order(t.id);
        groups.entry(edition).or_default().push(json!({
            "id": t.id, "number": t.number, "status": t.status, "enrollment_type": "paid",
            "attendee": {"id": customer(t.id), "name": "Guest", "last_name": t.id.to_string(),
                         "email": format!("g{}@example.com", t.id)},
            "event": {"id": edition},
            "order": if o.is_empty() { Value::Null } else { json!({"id": o.parse::<u64>().unwrap(), "hash": format!("o{o}"), "number": o}) },
            "creation_date": "2026-11-01 10:00:00", "data_source_type": "web",
            "price": "10.00", "base_price": "10.00", "total_tickets": "1",
        }));
    }
    json!({
        "format": "boxoffice-export", "version": 1,
        "events": [main, other],
        "editions": [{"event": MAIN, "data": editions}],
        "tickets": groups.into_iter().map(|(e, data)| json!({"event": e, "data": data})).collect::<Vec<_>>(),
    })
}

/// What a machine's environment answers.
type Env = dyn Fn(&str) -> Option<String> + Send + Sync;

/// The machine's environment: its home and the XDG directories in it.
fn env_of(home: PathBuf) -> impl Fn(&str) -> Option<String> + Send + Sync + 'static {
    move |k: &str| {
        let dir = match k {
            "HOME" | "XDG_CONFIG_HOME" => home.clone(),
            "XDG_STATE_HOME" => home.join("state"),
            "XDG_CACHE_HOME" => home.join("cache"),
            _ => return None,
        };
        Some(dir.display().to_string())
    }
}

/// The lane of an admit shift, and the sandbox it asks.
pub struct Admit<'a> {
    rt: &'a Runtime,
    _home: tempfile::TempDir,
    env: Box<Env>,
    sandbox: Option<SandboxHandle>,
    client: Client,
    world: World,
    global: GlobalArgs,
    /// The id the door is asked for (`--event`).
    event: &'static str,
    /// The door's clock.
    wall: &'static str,
    scans: usize,
    /// Each scan's verdict, by scan number (an order's mates after it).
    pub said: BTreeMap<usize, Said>,
    /// The scans whose verdict showed a note.
    pub noted: BTreeSet<usize>,
}

impl<'a> Admit<'a> {
    pub fn open(rt: &'a Runtime, shift: &Shift) -> Self {
        let _in = rt.enter();
        // On a memory filesystem where there is one: a lane's files are
        // made afresh each shift, and a disk's syncs would be most of it.
        let shm = std::path::Path::new("/dev/shm");
        let home = if shm.is_dir() {
            tempfile::tempdir_in(shm)
        } else {
            tempfile::tempdir()
        }
        .unwrap();
        let env = env_of(home.path().to_path_buf());
        // The sandbox serves the world.
        let file = home.path().join("world.json");
        std::fs::write(&file, export(&shift.world).to_string()).unwrap();
        let sandbox = rt
            .block_on(sandbox::spawn(SandboxConfig {
                from: Some(file),
                ..crate::common::sandbox::pinned(TODAY)
            }))
            .unwrap();
        let client = Client::new(ClientConfig::new(
            sandbox.base_url(),
            ApiKey::new(sandbox.api_key()),
        ))
        .unwrap();
        // Its config: links from the shift's host are scans.
        let config = home.path().join("boxoffice");
        std::fs::create_dir_all(&config).unwrap();
        std::fs::write(
            config.join("config.toml"),
            format!(
                "[desk]\naccept_ids = true\nscan_hosts = [\"{}\"]\n",
                super::world::HOST
            ),
        )
        .unwrap();
        // The list it keeps for the other event (none: no file).
        let business = client.host().to_owned();
        let other = shift.world.kept();
        if !other.is_empty() {
            let cache = paths::cache_dir(&env, &business).unwrap();
            std::fs::create_dir_all(&cache).unwrap();
            let mut kept = SqliteTicketCache::open(&cache).unwrap();
            let rows: Vec<CachedTicket> = (other.into_iter())
                .map(|t| t.kept_row(order(t.id)))
                .collect();
            kept.save(OTHER_EVENT, &rows, TODAY).unwrap();
            kept.describe(OTHER_EVENT, "Other event", "2026-12-24")
                .unwrap();
        }
        let admit = Self {
            rt,
            _home: home,
            env: Box::new(env),
            sandbox: Some(sandbox),
            client,
            world: shift.world.clone(),
            global: GlobalArgs {
                desk: Some(lane_name(0)),
                ..GlobalArgs::default()
            },
            event: if shift.world.by_edition { "11" } else { "1" },
            wall: TODAY,
            scans: 0,
            said: BTreeMap::new(),
            noted: BTreeSet::new(),
        };
        // The door's rules as `door set` and `note` keep them.
        let rules = &shift.world.rules;
        let kept = super::drive::policy(
            rules.all_editions,
            rules.hours,
            rules.reentry,
            rules.capacity,
        );
        let noted = (rules.noted.iter().map(|t| ("ticket", *t)))
            .chain(rules.noted_customers.iter().map(|c| ("customer", *c)));
        admit.log(|log| {
            log.set_policy(DOOR, &kept)?;
            for (on, id) in noted {
                log.set_note(&super::drive::note(on, id, false))?;
            }
            Ok(())
        });
        admit
    }

    /// A call on the machine's desk log file (`door set`, `note`, a count).
    fn log<R>(
        &self,
        f: impl FnOnce(&mut SqliteDeskLog) -> Result<R, boxoffice::store::StoreError>,
    ) -> R {
        let business = self.client.host().to_owned();
        let dir = paths::state_dir(&*self.env, &business).unwrap();
        std::fs::create_dir_all(&dir).unwrap();
        let mut log = SqliteDeskLog::open(&dir).unwrap();
        f(&mut log).unwrap()
    }

    /// Tickets admitted at the door, as the lane's log holds them.
    pub fn admitted(&self) -> usize {
        self.log(|log| log.admitted(DOOR)).len()
    }

    /// Event `ev` (`next`: the one after it, an `--order` for a scan).
    pub fn apply(&mut self, ev: &Ev, next: Option<&Ev>) {
        let order = matches!(next, Some(Ev::Order { .. }));
        match ev {
            Ev::Scan { form, .. } => self.scan(&text(&self.world, form), false, order),
            Ev::Force { form, .. } => self.scan(&text(&self.world, form), true, order),
            Ev::Clock(i) => self.wall = CLOCKS[*i],
            Ev::Revoke { i } => {
                let n = self.world.tickets.len();
                let t = &mut self.world.tickets[i % n];
                t.status = "unenrolled";
                // A ticket not confirmed may be refused a revoke: it is not
                // VALID either way.
                let _ = self.rt.block_on(self.client.revoke(t.id));
            }
            Ev::SetPolicy {
                all_editions,
                hours,
                reentry,
                capacity,
                ..
            } => {
                let kept = super::drive::policy(*all_editions, *hours, *reentry, *capacity);
                self.log(|log| log.set_policy(DOOR, &kept));
            }
            Ev::Note { i, clear, .. } => {
                let id = self.world.tickets[i % self.world.tickets.len()].id;
                self.log(|log| log.set_note(&super::drive::note("ticket", id, *clear)));
            }
            // The order went with its scan (`--order`); the lists are read
            // by each process as far as its verdict needs.
            Ev::Order { .. } | Ev::Page { .. } | Ev::Siblings { .. } | Ev::Reread { .. } => {}
            other => unreachable!("an admit shift has no {other:?}"),
        }
    }

    /// `boxoffice admit TEXT --event … [--force] [--order]`.
    fn scan(&mut self, text: &str, force: bool, order: bool) {
        self.scans += 1;
        let scan = self.scans;
        let asked = Asked { force, order };
        let judged = self.rt.block_on(async {
            let lane = Lane::open_in(
                &*self.env,
                &self.global,
                self.client.clone(),
                self.client.host(),
                (true, Some(self.wall.to_string())),
                self.event,
                false,
                LaneUse::OneShot,
            )
            .await
            .unwrap_or_else(|e| panic!("admit could not open its lane: {e:?}"));
            let mut lane = lane;
            let judged = lane.scan(text, asked).await;
            drop(lane.close());
            judged.unwrap_or_else(|e| panic!("admit {text:?}: {e:?}"))
        });
        if judged.note.is_some() {
            self.noted.insert(scan);
        }
        self.said.insert(scan, said(&judged.verdict));
        // The mates admitted with it, by ticket id, each a scan of its
        // own (the model's order); one told as admitted already, or held
        // by its note, is none.
        let mut mates: Vec<(u64, Said)> = (judged.order.iter())
            .filter_map(|m| Some((m.ticket.id, said(m.verdict.as_ref()?))))
            .filter(|(_, s)| *s == Said::Valid)
            .collect();
        mates.sort_by_key(|(id, _)| *id);
        for (_, s) in mates {
            self.scans += 1;
            self.said.insert(self.scans, s);
        }
    }

    /// The end of a shift: the lane's log's admissions (ticket → lane).
    pub fn finish(&mut self) -> BTreeMap<u64, String> {
        let admitted = self.log(|log| log.admitted(DOOR));
        let _in = self.rt.enter();
        drop(self.sandbox.take());
        admitted
            .into_iter()
            .map(|a| (a.ticket_id, a.desk))
            .collect()
    }
}

fn said(v: &Verdict) -> Said {
    match v {
        Verdict::Valid => Said::Valid,
        Verdict::AlreadyAdmitted { lane, .. } => Said::Already(lane.clone()),
        Verdict::NotValid { .. } => Said::NotValid,
        Verdict::OtherEdition { .. } => Said::OtherEdition,
        Verdict::OtherEvent { .. } => Said::OtherEvent,
        Verdict::Unknown => Said::Unknown,
        Verdict::Exit => Said::Exit,
        Verdict::WelcomeBack { .. } => Said::WelcomeBack,
        Verdict::Left { lane, .. } => Said::Left(lane.clone()),
        Verdict::NotOpenYet { .. } => Said::NotOpenYet,
        Verdict::Closed { .. } => Said::Closed,
        Verdict::NotInside { .. } => Said::NotInside,
        Verdict::Full { .. } => Said::Full,
    }
}
