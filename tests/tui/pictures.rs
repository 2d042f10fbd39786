//! The README's pictures (`assets/screens/*.svg`) are the app's own
//! screens: the real `update`, the real executor and client against a
//! demo sandbox with a pinned clock, drawn by the real `view` and turned
//! into SVG from the buffer. This test fails when a picture differs from
//! what the app draws today;
//!
//! ```text
//! BOXOFFICE_PICTURES=write cargo test --test tui pictures
//! ```
//!
//! draws them again.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use boxoffice::api::{ApiKey, Client, ClientConfig};
use boxoffice::app::executor::{Executor, Local};
use boxoffice::app::settings::Settings;
use boxoffice::app::{AppOptions, Cmd, Model, Msg, start, update, view};
use boxoffice::sandbox::SandboxHandle;
use boxoffice::store::{DeskLog, SqliteDeskLog, SqliteTicketCache, TicketCache};
use boxoffice::ui::svg::buffer_to_svg;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

/// The size of every picture: a common terminal, a little wider than 80.
const SIZE: (u16, u16) = (100, 28);

/// The app as it runs, with its effects carried out for real, one key at a
/// time, each answered fully before the next.
struct App {
    rt: tokio::runtime::Runtime,
    _sandbox: SandboxHandle,
    client: Client,
    executor: Executor,
    rx: UnboundedReceiver<Msg>,
    m: Model,
    _state: tempfile::TempDir,
}

impl App {
    fn start() -> Self {
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
            settings: Settings::default(),
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
            _state: state,
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
        let mut term = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).unwrap();
        term.draw(|f| view(&self.m, f)).unwrap();
        term
    }

    /// The screen now, as SVG.
    fn picture(&mut self, title: &str) -> String {
        update(&mut self.m, Msg::Resize(SIZE.0, SIZE.1));
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
    shots
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
         BOXOFFICE_PICTURES=write cargo test --test tui pictures"
    );
}
