//! The README's pictures (`assets/screens/*.svg`) are the app's own
//! screens: the real `update`, the real executor and client against a
//! demo sandbox with a pinned clock, drawn by the real `view` and turned
//! into SVG from the buffer. This test fails when a picture differs from
//! what the app draws today;
//!
//! ```text
//! BOXOFFICE_PICTURES=write cargo test --test it tui::pictures
//! ```
//!
//! draws them again.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::app::executor::{Executor, Local};
use boxoffice::app::settings::Settings;
use boxoffice::app::{AppOptions, Cmd, Model, Msg, start, update, view};
use boxoffice::i18n::Lang;
use boxoffice::sandbox::SandboxHandle;
use boxoffice::store::{DeskLog, SqliteDeskLog, SqliteTicketCache, TicketCache};
use boxoffice::ui::svg::buffer_to_svg;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

/// The size of every picture: a common terminal, a little wider than 80.
const SIZE: (u16, u16) = (100, 28);
/// The door at a glance, on a screen on the wall: its chart, every lane,
/// the busiest window.
const WIDE: (u16, u16) = (160, 45);

/// The app as it runs, with its effects carried out for real, one key at a
/// time, each answered fully before the next.
struct App {
    rt: tokio::runtime::Runtime,
    _sandbox: SandboxHandle,
    client: Client,
    executor: Executor,
    rx: UnboundedReceiver<Msg>,
    m: Model,
    state: tempfile::TempDir,
    size: (u16, u16),
}

impl App {
    fn start() -> Self {
        Self::start_in(Lang::EN)
    }

    /// The app speaking `lang`.
    fn start_in(lang: Lang) -> Self {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let now = "2026-11-25 10:00:00";
        let sandbox = rt.block_on(crate::common::sandbox::start(
            crate::common::sandbox::pinned(now),
        ));
        let client = Client::new(ClientConfig::new(
            sandbox.base_url(),
            ApiKey::new(sandbox.api_key()),
        ))
        .unwrap();
        let state = tempfile::tempdir().unwrap();
        let desk = SqliteDeskLog::open(state.path()).unwrap();
        let cache = SqliteTicketCache::open(state.path()).unwrap();
        let local = Local::new(
            Some(Box::new(desk) as Box<dyn DeskLog>),
            Some(Box::new(cache) as Box<dyn TicketCache>),
        );
        let (tx, rx) = unbounded_channel();
        let executor = Executor::new(tx).pinned(Some(now.into())).with_local(local);
        let options = AppOptions {
            business: "Demo business (sandbox)".into(),
            readonly: false,
            pinned_now: Some(now.into()),
            desk: "front-desk".into(),
            checkin: None,
            door: None,
            desk_only: false,
            bell: false,
            settings: Settings {
                lang,
                ..Settings::default()
            },
        };
        // A fixed address in the status bar: the sandbox's port changes
        // at every run, the pictures must not.
        let m = Model::new(options, "http://127.0.0.1:4000", Instant::now(), SIZE);
        let mut app = Self {
            rt,
            _sandbox: sandbox,
            client,
            executor,
            rx,
            m,
            state,
            size: SIZE,
        };
        update(&mut app.m, Msg::Clock(now.into()));
        let cmds = start(&mut app.m);
        app.run(cmds);
        app
    }

    /// Carries out `cmds`, then every message they bring, until nothing is
    /// in flight.
    fn run(&mut self, cmds: Vec<Cmd>) {
        let mut cmds = cmds;
        loop {
            {
                let _inside = self.rt.enter();
                for cmd in cmds {
                    match cmd {
                        // The terminal's own, and timers: nothing to draw.
                        Cmd::Copy(_) | Cmd::Bell | Cmd::Suspend | Cmd::Wake { .. } => {}
                        cmd => self.executor.run(cmd, &self.client),
                    }
                }
            }
            if self.m.in_flight == 0 {
                return;
            }
            let rx = &mut self.rx;
            let msg = self
                .rt
                .block_on(async { tokio::time::timeout(Duration::from_secs(30), rx.recv()).await })
                .expect("an answer in time")
                .expect("the executor is there");
            cmds = update(&mut self.m, msg);
        }
    }

    /// Takes the app's messages until the screen shows `what`: a watch
    /// (the dashboard's read of the desk log) is not counted in flight.
    fn until_shown(&mut self, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !self.screen().contains(what) {
            let left = deadline.saturating_duration_since(Instant::now());
            let rx = &mut self.rx;
            let msg = self
                .rt
                .block_on(async { tokio::time::timeout(left, rx.recv()).await });
            let Ok(msg) = msg else {
                panic!("{what:?} not shown in time: {}", self.screen());
            };
            let msg = msg.expect("the executor is there");
            let cmds = update(&mut self.m, msg);
            self.run(cmds);
        }
    }

    fn key(&mut self, code: KeyCode) {
        let mods = match code {
            KeyCode::Char(c) if c.is_uppercase() => KeyModifiers::SHIFT,
            _ => KeyModifiers::NONE,
        };
        let cmds = crate::drive::key(&mut self.m, KeyEvent::new(code, mods));
        self.run(cmds);
    }

    fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            self.key(if c == '\t' {
                KeyCode::Tab
            } else {
                KeyCode::Char(c)
            });
        }
    }

    /// The screen drawn by the real `view`.
    fn draw(&self) -> Terminal<TestBackend> {
        let mut term = Terminal::new(TestBackend::new(self.size.0, self.size.1)).unwrap();
        term.draw(|f| view(&self.m, f)).unwrap();
        term
    }

    /// The screen now, as SVG.
    fn picture(&mut self, title: &str) -> String {
        update(&mut self.m, Msg::Resize(self.size.0, self.size.1));
        // No toasts in a picture: they are timing, not the screen.
        self.m.toasts.shown.clear();
        buffer_to_svg(self.draw().backend().buffer(), title)
    }

    /// The text on screen, to check the walk is where it means to be.
    fn screen(&self) -> String {
        self.draw().backend().to_string()
    }
}

/// The pictures, by file name, walking the demo as a user would.
fn pictures() -> Vec<(&'static str, String)> {
    let mut app = App::start();
    let mut shots = Vec::new();
    assert!(app.screen().contains("Rust Belt Conference 2026"));
    shots.push(("events", app.picture("boxoffice: the events list")));

    // The conference's tickets, filtered by a name.
    app.key(KeyCode::Enter);
    app.key(KeyCode::Char('t'));
    app.key(KeyCode::Char('/'));
    app.type_text("garcía");
    assert!(app.screen().contains("Ana García"), "{}", app.screen());
    shots.push((
        "tickets",
        app.picture("boxoffice: an event's tickets, filtered by a name"),
    ));

    // Enroll a walk-in by e-mail: the form, filled in (Tab leaves the
    // filter line keeping the query).
    app.key(KeyCode::Tab);
    app.key(KeyCode::Char('e'));
    app.type_text("walk.in@example.com\tWalker\tInn");
    assert!(
        app.screen().contains("Enroll by e-mail"),
        "{}",
        app.screen()
    );
    shots.push((
        "enroll",
        app.picture("boxoffice: the enroll-by-e-mail form"),
    ));
    app.key(KeyCode::Esc);

    // Revoke: the confirmation names the ticket and the person.
    app.key(KeyCode::Char('x'));
    assert!(app.screen().contains("Revoke"), "{}", app.screen());
    shots.push(("revoke", app.picture("boxoffice: the revoke confirmation")));
    app.key(KeyCode::Char('n'));

    // A customer on the phone, found by e-mail.
    app.key(KeyCode::Char(':'));
    app.type_text("customer ana.garcia@example.com");
    app.key(KeyCode::Enter);
    assert!(
        app.screen().contains("ana.garcia@example.com"),
        "{}",
        app.screen()
    );
    shots.push(("customer", app.picture("boxoffice: a customer's record")));

    // The check-in desk of Conference Day 1: a ticket scanned.
    app.key(KeyCode::Char(':'));
    app.type_text("checkin 1002");
    app.key(KeyCode::Enter);
    app.type_text("TK-000031");
    app.key(KeyCode::Enter);
    let screen = app.screen();
    assert!(screen.contains("let them in"), "{screen}");
    shots.push((
        "checkin",
        app.picture("boxoffice: the check-in desk, a valid ticket scanned"),
    ));

    // A ticket whose order has two more for this door: named under the
    // verdict; Enter asks, naming how many.
    app.type_text("TK-000039");
    app.key(KeyCode::Enter);
    app.key(KeyCode::Enter);
    let screen = app.screen();
    assert!(screen.contains("Admit 2 more of order"), "{screen}");
    shots.push((
        "checkin-order",
        app.picture("boxoffice: the check-in desk asks before admitting the rest of an order"),
    ));
    app.key(KeyCode::Esc);

    // An exit lane (F9, answered): a scan of a guest inside is EXIT.
    app.key(KeyCode::F(9));
    app.key(KeyCode::Enter);
    app.type_text("TK-000031");
    app.key(KeyCode::Enter);
    let screen = app.screen();
    assert!(
        screen.contains("EXIT LANE") && screen.contains("leaves: recorded"),
        "{screen}"
    );
    shots.push((
        "checkin-exit",
        app.picture("boxoffice: an exit lane, a guest let out"),
    ));

    // The door at a glance (F7 at the desk), on a wall's screen: the
    // morning the other lanes wrote into the same desk log, at known times
    // before the pinned 10:00, and their heartbeats (south's stopped).
    morning(app.state.path());
    app.size = WIDE;
    update(&mut app.m, Msg::Resize(WIDE.0, WIDE.1));
    app.key(KeyCode::F(7));
    app.until_shown("busiest");
    let screen = app.screen();
    assert!(
        screen.contains("busiest") && screen.contains("offline") && screen.contains("north 2"),
        "{screen}"
    );
    shots.push((
        "door",
        app.picture("boxoffice: the door at a glance, every lane of a door"),
    ));
    shots.extend(spanish());
    shots
}

/// The desk in Spanish (`language = "es"`, or `LANG=es_ES.UTF-8`): the
/// same scans as the English pictures.
fn spanish() -> Vec<(&'static str, String)> {
    let mut app = App::start_in(Lang::ES);
    let mut shots = Vec::new();
    app.key(KeyCode::Char(':'));
    app.type_text("checkin 1002");
    app.key(KeyCode::Enter);
    app.type_text("TK-000031");
    app.key(KeyCode::Enter);
    let screen = app.screen();
    assert!(screen.contains("admitido: que pase"), "{screen}");
    shots.push((
        "checkin-es",
        app.picture("boxoffice: el puesto de control, una entrada válida escaneada"),
    ));
    app.type_text("TK-000039");
    app.key(KeyCode::Enter);
    app.key(KeyCode::Enter);
    let screen = app.screen();
    assert!(screen.contains("¿Admitir 2 más del pedido"), "{screen}");
    shots.push((
        "checkin-order-es",
        app.picture("boxoffice: el puesto pregunta antes de admitir el resto de un pedido"),
    ));
    shots
}

/// Three more lanes' morning at the door of 1002 in the desk log in `dir`:
/// a trickle from 08:40, a rush at a quarter past nine, one guest gone out;
/// the lanes' last contacts with the log.
fn morning(dir: &std::path::Path) {
    use boxoffice::store::{Admission, ChangeKind, ScanId};
    let mut log = SqliteDeskLog::open(dir).unwrap();
    let lanes = ["north 1", "north 2", "south"];
    // Minutes after 08:40 of each arrival, tickets 40… in turn.
    let minutes = [
        0, 4, 9, 13, 18, 21, 24, 27, 29, 31, 33, 34, 35, 35, 36, 36, 37, 37, 38, 38, 39, 40, 41,
        42, 44, 46, 49, 53, 58, 63, 66, 69, 71, 74, 76, 77, 78, 79,
    ];
    let at = |minute: u32, second: u32| {
        let t = 8 * 60 + 40 + minute;
        format!("2026-11-25 {:02}:{:02}:{second:02}", t / 60, t % 60)
    };
    for (i, &m) in (0u32..).zip(&minutes) {
        let ticket = 40 + u64::from(i);
        // South stops after its eleventh admission: its lane went down.
        let lane = if ticket >= 51 && i % 3 == 2 {
            lanes[(i % 2) as usize]
        } else {
            lanes[(i % 3) as usize]
        };
        let a = Admission {
            ticket_id: ticket,
            number: format!("TK-{ticket:06}"),
            event_id: 1002,
            edition_id: None,
            at: at(m, i * 17 % 60),
            desk: lane.into(),
        };
        log.admit(&a, ScanId::new()).unwrap();
        if ticket == 44 {
            let out = Admission {
                at: at(m + 30, 5),
                ..a
            };
            log.door_move(&out, ChangeKind::Exit, ScanId::new())
                .unwrap();
        }
    }
    for (lane, seen) in [
        ("north 1", "2026-11-25 10:00:00"),
        ("north 2", "2026-11-25 09:59:59"),
        ("south", "2026-11-25 09:21:40"),
    ] {
        log.heartbeat(1002, lane, seen).unwrap();
    }
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/screens")
}

#[test]
fn pictures_in_assets_are_what_the_app_draws() {
    let write = std::env::var("BOXOFFICE_PICTURES").is_ok_and(|v| v == "write");
    let mut stale = Vec::new();
    for (name, svg) in pictures() {
        let path = dir().join(format!("{name}.svg"));
        if write {
            std::fs::create_dir_all(dir()).unwrap();
            std::fs::write(&path, &svg).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "pictures differ from the app: {stale:?}; draw them again with \
         BOXOFFICE_PICTURES=write cargo test --test it tui::pictures"
    );
}

#[test]
fn a_pinned_app_writes_its_admissions_and_exits_at_its_clock() {
    // The door's clock is the app's: what a desk leaves the time of to the
    // log is written at the executor's clock (pinned here, as in the
    // pictures), so the dashboard's ages, rates and buckets are made on
    // one clock.
    use boxoffice::store::{Admission, ChangeKind, DoorOp, ScanId};
    let rt = tokio::runtime::Runtime::new().unwrap();
    let _inside = rt.enter();
    let now = "2026-11-25 10:00:00";
    let state = tempfile::tempdir().unwrap();
    let desk = SqliteDeskLog::open(state.path()).unwrap();
    let local = Local::new(Some(Box::new(desk) as Box<dyn DeskLog>), None);
    let (tx, mut rx) = unbounded_channel();
    let mut executor = Executor::new(tx).pinned(Some(now.into())).with_local(local);
    // Never asked: these are the desk log's.
    let client = Client::new(ClientConfig::new("http://127.0.0.1:9", ApiKey::new("k"))).unwrap();
    let admission = Admission {
        ticket_id: 31,
        number: "TK-000031".into(),
        event_id: 1002,
        edition_id: None,
        at: String::new(),
        desk: "front-desk".into(),
    };
    let mut wait = || {
        rt.block_on(async { tokio::time::timeout(Duration::from_secs(10), rx.recv()).await })
            .unwrap()
            .unwrap()
    };
    executor.run(
        Cmd::Admit {
            req: 1,
            admission: admission.clone(),
            scan: ScanId::new(),
        },
        &client,
    );
    assert!(matches!(
        wait(),
        Msg::Reply {
            reply: boxoffice::app::msg::Reply::Admitted(Ok(_)),
            ..
        }
    ));
    executor.run(
        Cmd::Door {
            req: 2,
            op: DoorOp::Move(boxoffice::store::Moving {
                admission,
                kind: ChangeKind::Exit,
                scan: ScanId::new(),
            }),
        },
        &client,
    );
    while !matches!(
        wait(),
        Msg::Reply {
            reply: boxoffice::app::msg::Reply::Door(Ok(_)),
            ..
        }
    ) {}
    let log = SqliteDeskLog::open(state.path()).unwrap();
    let changes = log
        .door_read(1002, &boxoffice::store::Cursor::default(), 100)
        .unwrap()
        .changes;
    let times: Vec<(ChangeKind, &str)> = changes
        .iter()
        .map(|c| (c.kind, c.admission.at.as_str()))
        .collect();
    assert_eq!(
        times,
        [(ChangeKind::Admitted, now), (ChangeKind::Exit, now)],
        "{changes:?}"
    );
}
