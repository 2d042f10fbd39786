//! A headless lane: the door's rules (`door::judge`) driven from a
//! terminal-less process — one scan for `admit`, a scan per line for
//! `lane`. It holds what a lane knows between scans (the door, its lists
//! and how far they are read, the policy and notes as the log keeps them,
//! the admissions known, the API's round trip) and does the I/O the
//! verdict asks for: a list's pages, a ticket by id, the lists kept on
//! this machine, the desk log.

use std::pin::Pin;
use std::time::{Duration, Instant};

use futures::{Stream, StreamExt};

use super::said::{Judged, Mate};
use crate::api::model::{Page, Ticket as ApiTicket};
use crate::api::paging::stream_pages;
use crate::api::paths::PAGE_SIZE;
use crate::api::{ApiError, Client};
use crate::cli::GlobalArgs;
use crate::clock;
use crate::commands::Failure;
use crate::commands::served::{find_door, open_cache, open_log_in};
use crate::door::admissions::Settled;
use crate::door::{
    self, Elsewhere, Fetched, Fresh, Judgement, LaneKind, Lists, Notes, Policy, Target, Ticket,
    Verdict,
};
use crate::store::{
    Admission, ChangeKind, Cursor, DeskLog, LaneUse, Moved, Reach, Recorded, ScanId,
    SqliteTicketCache, TicketCache,
};

mod follow;
mod once;

pub use follow::Followed;

/// The most other editions whose lists a lane reads, as the desk.
const MAX_SIBLINGS: usize = 31;

/// A list read this recently needs no read of a VALID's ticket before it
/// is given (`door::fresh`): what `admit` reads is read for this scan.
const LIST_FRESH: Duration = Duration::from_secs(5);

/// A list being read, page by page.
type Pages = Pin<Box<dyn Stream<Item = Result<Page<ApiTicket>, ApiError>> + Send>>;

/// How a scan is to be taken.
#[derive(Debug, Clone, Copy, Default)]
pub struct Asked {
    /// Admit outside the door's hours (recorded as forced).
    pub force: bool,
    /// Admit the rest of a VALID ticket's order too.
    pub order: bool,
}

/// A lane without a screen.
pub struct Lane {
    client: Client,
    /// What this lane knows: the door, its rules, lists and admissions.
    state: door::Lane<Ticket>,
    siblings: Vec<u64>,
    log: Option<Box<dyn DeskLog>>,
    cache: Option<SqliteTicketCache>,
    concurrency: usize,
    pinned: Option<String>,
    /// The zone this machine's clock is in (the door's hours name the
    /// event's when it differs).
    here: String,
    /// The lists still to read, and the one being read.
    to_read: Vec<u64>,
    reading: Option<(u64, Pages)>,
    /// When the door's own list was last read whole.
    read_at: Option<Instant>,
    /// Following the other lanes: how far this lane has read the log.
    cursor: Option<Cursor>,
    /// Every admission at the door was read (a door with a capacity).
    all_known: bool,
    /// A lane that runs (`boxoffice lane`): it follows the other lanes and
    /// reads the door's rules while idle, so a scan spends on the shared
    /// log only the round trip that records it (docs/lanes.md, "Round
    /// trips").
    running: bool,
    /// When the door's rules were last read.
    door_read_at: Option<Instant>,
    /// When a running lane's last scan was judged, not yet told to the log.
    unsaid: Option<String>,
    /// The exits and re-entries this lane recorded: a follow begun before
    /// the last one read who is outside before it.
    moves: u64,
    /// A one-shot lane whose log takes a scan in one round trip
    /// (`DeskLog::scan_once`): it judges from the door its file kept and
    /// sends the scan once (docs/lanes.md, "Round trips").
    once: bool,
    /// The log's stamp of the door judged from (a one-shot's).
    stamp: Option<String>,
    /// The ticket's scan, recorded by `scan_once` with its look-up.
    pre: Option<(u64, Recorded)>,
}

impl Lane {
    /// The lane of the door `event` asks for, on the desk log of the
    /// machine whose environment `env` reads (its config, state and cache
    /// directories: the process's own, or a test's machines, each a home of
    /// its own, in one process); a lane of the shared log with `--desk-db`.
    #[allow(clippy::too_many_arguments)]
    pub async fn open_in(
        env: &(dyn Fn(&str) -> Option<String> + Send + Sync),
        global: &GlobalArgs,
        client: Client,
        business: &str,
        (demo, pinned): (bool, Option<String>),
        event: &str,
        exit: bool,
        use_: LaneUse,
    ) -> Result<Self, Failure> {
        let mut rules = crate::config::desk::from(env).map_err(Failure::from)?.scan;
        rules.trust(client.host());
        let wall = clock::now_utc(pinned.as_deref());
        let target = find_door(&client, event.trim(), &wall).await?;
        let mut log = open_log_in(env, global, business, demo, use_).await?;
        let once = use_ == LaneUse::OneShot && log.once().is_some();
        let siblings = target.siblings(&wall, MAX_SIBLINGS);
        let mut lane = Self {
            concurrency: client.config().concurrency,
            client,
            state: door::Lane::new(
                target,
                rules,
                &global.desk.clone().unwrap_or_else(crate::config::host_name),
                if exit {
                    LaneKind::Exit
                } else {
                    LaneKind::Entry
                },
            ),
            log: Some(log),
            cache: open_cache(env, business),
            pinned,
            here: crate::zone::here(),
            to_read: Vec::new(),
            reading: None,
            read_at: None,
            cursor: None,
            all_known: false,
            running: use_ == LaneUse::Headless,
            door_read_at: None,
            moves: 0,
            unsaid: None,
            siblings,
            once,
            stamp: None,
            pre: None,
        };
        if once {
            lane.open_once().await?;
        } else {
            lane.read_door().await?;
        }
        lane.begin_lists();
        Ok(lane)
    }

    /// This lane's name, as its admissions are recorded.
    pub fn name(&self) -> &str {
        &self.state.name
    }

    /// The door this lane checks in.
    pub fn target(&self) -> &Target {
        &self.state.target
    }

    fn wall(&self) -> String {
        clock::now_utc(self.pinned.as_deref())
    }

    /// Runs `f` on the desk log (on the blocking pool).
    async fn log<T: Send + 'static>(
        &mut self,
        what: &'static str,
        f: impl FnOnce(&mut dyn DeskLog) -> Result<T, crate::store::StoreError> + Send + 'static,
    ) -> Result<T, Failure> {
        let mut log = self
            .log
            .take()
            .ok_or_else(|| Failure::Other("the desk log was lost".into()))?;
        // The log comes back whatever the call answered (a lane that was
        // refused something, a cursor while cut off, keeps its log).
        let (back, answer) = crate::blocking::run(move || {
            let r = f(log.as_mut());
            (log, r)
        })
        .await
        .map_err(|e| Failure::desk_log_failed(what, e))?;
        self.log = Some(back);
        answer.map_err(|e| Failure::desk_log(what, e))
    }

    fn log_ref(&self) -> Option<&dyn DeskLog> {
        self.log.as_deref()
    }

    /// The door's policy, its notes and who is outside, as the log keeps
    /// them (every lane's): read before each scan, so a `door set` or a
    /// note made elsewhere holds at the next one.
    async fn read_door(&mut self) -> Result<(), Failure> {
        let event_id = self.state.target.event_id;
        let door = self.log("", move |l| l.door(event_id)).await?;
        self.door_read_at = Some(Instant::now());
        self.state.policy = Policy::read(door.policy.as_ref(), &self.here);
        self.state.notes = Notes::of(&door.notes);
        if self.state.policy.capacity.is_some() && !self.all_known {
            // Who is inside, for a door with a capacity: every admission,
            // read once; `follow` keeps it current after.
            let all = self.log("", move |l| l.admitted(event_id)).await?;
            for a in all {
                self.state.admissions.know(a, &self.state.name);
            }
            self.all_known = true;
        }
        self.state.admissions.know_moves(door.moves);
        Ok(())
    }

    /// Whether the door's rules are to be read before a scan: always from
    /// this machine's file; from the shared log unless read within the
    /// last second (by `open` for an `admit`), and never by a scan at a
    /// running lane, whose follow reads them every second apart from its
    /// scans (a `door set` elsewhere holds within a second, and a scan
    /// never waits for a read).
    fn door_due(&self) -> bool {
        if self.once {
            // Judged from the door kept; the scan's stamp says if it moved.
            return false;
        }
        self.is_local()
            || self
                .door_read_at
                .is_none_or(|at| !self.running && at.elapsed() >= super::IDLE)
    }

    /// Whether a scan asks the log what it knows of its ticket before the
    /// verdict: not at a running entry lane, which follows the other
    /// lanes while idle and whose VALID the log answers as it records it
    /// (ALREADY ADMITTED, naming the lane, when another lane was first).
    fn looks_up(&self) -> bool {
        !(self.running && self.state.kind == LaneKind::Entry)
    }

    /// Guests inside, as this lane knows them.
    fn inside(&self) -> u64 {
        u64::try_from(self.state.admissions.inside()).unwrap_or(u64::MAX)
    }

    /// The lists are read again from the start, each only as far as a
    /// verdict needs it.
    fn begin_lists(&mut self) {
        self.state.lists = Lists::default();
        self.state.lists.begin_read();
        self.state.lists.begin_siblings(&self.siblings);
        self.to_read = std::iter::once(self.state.target.event_id)
            .chain(self.siblings.iter().copied())
            .rev()
            .collect();
        self.reading = None;
        self.read_at = None;
    }

    /// The next page of the list being read (the next list when one ends).
    async fn read_more(&mut self) -> Result<(), Failure> {
        if self.reading.is_none() {
            let Some(id) = self.to_read.pop() else {
                // Nothing left to read: every list ends here.
                self.state.lists.read_page(Vec::new(), 1, 1, None);
                for s in &self.siblings {
                    self.state.lists.sibling_page(*s, None, true);
                }
                return Ok(());
            };
            let client = self.client.clone();
            let pages: Pages = Box::pin(stream_pages(
                move |p| {
                    let client = client.clone();
                    async move { client.tickets(id, p, PAGE_SIZE).await }
                },
                self.concurrency,
            ));
            self.reading = Some((id, pages));
        }
        let Some((id, pages)) = self.reading.as_mut() else {
            return Ok(());
        };
        let id = *id;
        let page = pages.next().await.transpose()?;
        let own = id == self.state.target.event_id;
        let Some(page) = page else {
            self.reading = None;
            if own {
                self.state.lists.read_page(Vec::new(), 1, 1, None);
                self.read_at = Some(Instant::now());
                self.state.fresh.answered(None);
            } else {
                self.state.lists.sibling_page(id, Some(Vec::new()), true);
            }
            return Ok(());
        };
        let expected = page.info.as_ref().and_then(|i| i.count_filtered.0);
        let rows: Vec<Ticket> = page.items.iter().map(Ticket::of).collect();
        if own {
            self.state.lists.read_page(rows, 0, 1, expected);
        } else {
            self.state.lists.sibling_page(id, Some(rows), false);
        }
        Ok(())
    }

    /// Whether the lists are due to be read again (`door::fresh`).
    pub fn reread_due(&self) -> bool {
        self.read_at.is_some_and(|at| {
            at.elapsed() >= Fresh::reread_after(self.state.lists.shown.len())
                || (!self.state.fresh.checks() && at.elapsed() >= super::RETRY)
        })
    }

    /// Reads the lists again (a lane that ran a while): the next scans
    /// read them as far as they need.
    pub fn reread(&mut self) {
        self.begin_lists();
    }

    /// Reads a VALID's ticket as the API has it now, within the deadline
    /// its round trip sets: true when the list it was judged from may no
    /// longer say what the API does (it was changed, or no answer came).
    async fn check(&mut self, id: u64) -> bool {
        let started = Instant::now();
        let read = tokio::time::timeout(self.state.fresh.deadline(), self.client.ticket(id)).await;
        match read {
            Ok(Ok((t, _))) => {
                self.state.fresh.answered(Some(started.elapsed()));
                self.state.lists.refresh(Ticket::of(&t));
                true
            }
            Ok(Err(ApiError::Api { .. } | ApiError::Status { status: 404, .. })) => {
                self.state.fresh.answered(Some(started.elapsed()));
                self.state.lists.gone(id);
                true
            }
            Ok(Err(_)) | Err(_) => {
                self.state.fresh.failed(&self.wall());
                false
            }
        }
    }

    /// The lane's verdict on one scan, recorded: as the desk judges it.
    pub async fn scan(&mut self, scanned: &str, asked: Asked) -> Result<Judged, Failure> {
        if self.door_due() {
            self.read_door().await?;
        }
        let wall = self.wall();
        // --force bends the hours only.
        let bent = |p: &Policy| {
            if asked.force {
                p.always_open()
            } else {
                p.clone()
            }
        };
        let mut policy = bent(&self.state.policy);
        let mut looked_up: Option<u64> = None;
        let mut checked: Option<u64> = None;
        let mut from_list = false;
        let (verdict, ticket, why, note) = loop {
            let judging = self.state.judging_under(&policy, scanned, &wall);
            match crate::door::judge(&judging) {
                // What the log knows of this ticket, asked once before the
                // verdict is final.
                Judgement::Ticket {
                    ticket,
                    verdict,
                    source,
                    ..
                } if looked_up != Some(ticket.id) && self.looks_up() => {
                    let (event_id, ticket_id) = (self.state.target.event_id, ticket.id);
                    looked_up = Some(ticket_id);
                    if self.once {
                        let ticket = ticket.clone();
                        if self.look_up_once(&ticket, verdict, source, &wall).await? {
                            policy = bent(&self.state.policy);
                        }
                        continue;
                    }
                    let before = self.log("", move |l| l.lookup(event_id, ticket_id)).await?;
                    if let Some(a) = before {
                        self.state.admissions.know(a, &self.state.name);
                    }
                }
                // A VALID from a list read a while ago: the ticket as the
                // API has it now first.
                Judgement::Ticket {
                    verdict: Verdict::Valid,
                    ticket,
                    source,
                    ..
                } if checked != Some(ticket.id)
                    && source != crate::door::Source::Read
                    && self.read_at.is_some_and(|at| at.elapsed() >= LIST_FRESH) =>
                {
                    let id = ticket.id;
                    checked = Some(id);
                    if self.state.fresh.checks() {
                        from_list = !self.check(id).await;
                    } else {
                        from_list = true;
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
                Judgement::Held(_) => self.read_more().await?,
                Judgement::Read(id) => self.read_by_id(id).await?,
                Judgement::LookElsewhere(number_key) => self.look_elsewhere(number_key),
            }
        };
        let mut judged = Judged::new(verdict, why, ticket, note);
        judged.from_list = from_list && judged.verdict == Verdict::Valid;
        if let Some(t) = &judged.ticket {
            judged.admission = self.state.admissions.get(t.id).cloned();
        }
        if judged.verdict == Verdict::Valid
            && let Some(t) = judged.ticket.clone()
        {
            // Outside the hours or at capacity, --force admits, marked
            // forced with this lane.
            judged.past = self.state.policy.bars(&wall, self.inside());
            judged.forced = judged.past.is_some();
            self.admit(&mut judged, &t).await?;
        }
        if judged.ticket.is_some() {
            judged.alone = self
                .log_ref()
                .and_then(|l| l.alone(self.state.target.event_id));
        }
        if let (Verdict::Exit | Verdict::WelcomeBack { .. }, Some(t)) =
            (&judged.verdict, judged.ticket.clone())
        {
            self.moved(&mut judged, &t).await?;
        }
        if asked.order
            && judged.verdict == Verdict::Valid
            && let Some(t) = judged.ticket.clone()
        {
            self.order(&mut judged, &t, &policy, &wall).await?;
        }
        // Any scan, whatever its verdict: the lane's last scan on a
        // dashboard — at a running lane once its verdict is out (`said`).
        if self.running {
            self.unsaid = Some(clock::now_utc(None));
        } else {
            self.said().await;
        }
        Ok(judged)
    }

    /// The last scan told to the log (a dashboard shows it; a log that
    /// does not answer costs nothing more): a running lane calls it once
    /// the verdict is out, so its first scan's round trip (said at once)
    /// is not in front of the verdict.
    pub async fn said(&mut self) {
        let at = self.unsaid.take().unwrap_or_else(|| clock::now_utc(None));
        let event_id = self.state.target.event_id;
        let _ = self.log("", move |l| l.scanned(event_id, &at)).await;
    }

    fn admission(&self, t: &Ticket) -> Admission {
        Admission {
            ticket_id: t.id,
            number: t.number.clone(),
            event_id: self.state.target.event_id,
            edition_id: t.edition_id,
            at: String::new(),
            desk: self.state.name.clone(),
        }
    }

    /// A VALID recorded (forced outside the hours); a lost race turns it
    /// into ALREADY ADMITTED.
    async fn admit(&mut self, judged: &mut Judged, t: &Ticket) -> Result<(), Failure> {
        let a = self.admission(t);
        self.state.admissions.admit(a.clone());
        let (scan, forced) = (ScanId::new(), judged.forced);
        let pre = self.pre.take().filter(|(id, _)| *id == t.id && !forced);
        let recorded = match pre {
            Some((_, recorded)) => recorded,
            None => {
                self.log("not recorded: ", move |l| {
                    if forced {
                        l.admit_forced(&a, scan)
                    } else {
                        l.admit(&a, scan)
                    }
                })
                .await?
            }
        };
        if let Settled::Lost(winner) = self.state.admissions.settle(t.id, recorded) {
            // Another lane sharing the log admitted it first.
            judged.verdict = Verdict::admitted_by(&winner);
        }
        judged.admission = self.state.admissions.get(t.id).cloned();
        judged.shared = self.shared();
        Ok(())
    }

    /// Whether the shared log recorded what was just written (None: no
    /// shared log).
    fn shared(&self) -> Option<bool> {
        match self.log_ref().map(DeskLog::reach) {
            Some(Reach::Shared { .. }) => Some(true),
            Some(Reach::Unreachable { .. }) => Some(false),
            Some(Reach::Local) | None => None,
        }
    }

    /// EXIT or WELCOME BACK recorded as a move in the log, which refuses
    /// one from where the ticket is not (another lane moved it first).
    async fn moved(&mut self, judged: &mut Judged, t: &Ticket) -> Result<(), Failure> {
        let kind = if judged.verdict == Verdict::Exit {
            ChangeKind::Exit
        } else {
            ChangeKind::Reentry
        };
        let a = self.admission(t);
        let moved = self
            .log("not recorded: ", move |l| {
                l.door_move(&a, kind, ScanId::new())
            })
            .await?;
        // Who is outside, as the log answered: newer than a follow under way.
        self.moves += 1;
        match moved {
            Moved::Done(m) => {
                self.state.admissions.moved(kind, m.clone());
                judged.admission = Some(m);
                judged.shared = self.shared();
            }
            Moved::Refused(first) => {
                self.state.admissions.moved_first(first.as_ref());
                judged.verdict = crate::door::refused_move(kind, first).ok_or_else(|| {
                    Failure::Other(
                        format!(
                            "not recorded: the log holds no admission of {} to come back to",
                            t.number
                        )
                        .into(),
                    )
                })?;
            }
        }
        Ok(())
    }

    /// The rest of a VALID ticket's order: read whole (its tickets may be
    /// anywhere in the lists), each mate its own admission — forced when
    /// the ticket was — and a noted one held.
    async fn order(
        &mut self,
        judged: &mut Judged,
        t: &Ticket,
        policy: &Policy,
        wall: &str,
    ) -> Result<(), Failure> {
        while self.state.lists.reading() {
            self.read_more().await?;
        }
        let judging = self.state.judging_under(policy, "", wall);
        let mut mates = Vec::new();
        for m in crate::door::order_of(&judging, t) {
            if m.goes_with_order() || m.admitted.is_some() {
                // Recorded, or told as admitted already by the log.
                mates.push(m.ticket.clone());
            } else {
                // A note stops the door for this guest: scanned alone.
                judged.order.push(Mate {
                    ticket: m.ticket.clone(),
                    verdict: None,
                    note: m.note.map(|n| n.text.clone()),
                });
            }
        }
        let forced = judged.forced;
        for mate in mates {
            let a = self.admission(&mate);
            let recorded = self
                .log("not recorded: ", move |l| {
                    if forced {
                        l.admit_forced(&a, ScanId::new())
                    } else {
                        l.admit(&a, ScanId::new())
                    }
                })
                .await?;
            let verdict = match recorded {
                Recorded::Admitted(a) => {
                    self.state.admissions.know(a, &self.state.name);
                    Verdict::Valid
                }
                Recorded::AlreadyAdmitted(w) => Verdict::admitted_by(&w),
            };
            judged.order.push(Mate {
                ticket: mate,
                verdict: Some(verdict),
                note: None,
            });
        }
        Ok(())
    }

    /// A ticket read by id: into the lists, or that there is none.
    async fn read_by_id(&mut self, id: u64) -> Result<(), Failure> {
        let fetched = match self.client.ticket(id).await {
            Ok((t, _)) => {
                let event = t.event.as_ref();
                Fetched::Found {
                    date: event.and_then(|e| e.start_datetime.clone()),
                    parent: event.and_then(|e| e.parent_id),
                    ticket: Ticket::of(&t),
                }
            }
            // Not a ticket (the API's 400 "not found", or a 404).
            Err(ApiError::Api { .. } | ApiError::Status { status: 404, .. }) => Fetched::Missing,
            Err(error) => return Err(Failure::Api { error, hint: None }),
        };
        self.state.lists.fetched.insert(id, fetched);
        Ok(())
    }

    /// A number in none of the lists: looked for in the lists kept on this
    /// machine for other events.
    fn look_elsewhere(&mut self, number_key: String) {
        let found = self.cache.as_ref().and_then(|cache| {
            cache
                .find_number(&number_key, self.state.target.event_id)
                .ok()
                .and_then(|f| f.into_iter().next())
                .map(|f| Elsewhere {
                    event_id: f.event_id,
                    ticket: Ticket::cached(&f.ticket),
                    title: f.title,
                    starts: f.starts,
                })
        });
        self.state.lists.elsewhere.insert(number_key, found);
    }

    /// Why the shared log did not answer, when it did not, and what the
    /// verdict was judged from instead.
    pub fn is_local(&self) -> bool {
        self.log_ref().is_none_or(|l| l.reach() == Reach::Local)
    }

    /// The lane's log, given back (a lane closing: what it queued stays in
    /// this machine's file for the next run).
    pub fn close(mut self) -> Option<Box<dyn DeskLog>> {
        self.log.take()
    }
}

/// What a verdict judged without the shared log knew: this lane's copy of
/// the other lanes' admissions, and how old it is.
pub fn offline_text(read_at: Option<&str>) -> String {
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
