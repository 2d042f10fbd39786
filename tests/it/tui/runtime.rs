//! The real loop, with an injected event source and a test backend, against
//! the real sandbox: a key is answered and drawn at once, not at the next
//! tick. The tick is set to an hour, so a key that waited for it would never
//! be drawn within the deadline.
//!
//! The event source behaves as crossterm's `EventStream` does: the poll that
//! finds it empty leaves its waker with the wake-up, and that waker alone is
//! woken when the next key comes. A loop that drains it with a foreign
//! (no-op) waker never hears of the next key.

use std::collections::VecDeque;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use boxoffice::app::AppOptions;
use boxoffice::app::runtime::run_loop;
use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent, KeyModifiers};
use futures::Stream;
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, TestBackend, WindowSize};
use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::{Position, Size};
use tokio::sync::mpsc;
use tokio::time::timeout;

/// Keys typed by the test, delivered the way crossterm delivers them.
#[derive(Clone, Default)]
struct Keys {
    queue: Arc<Mutex<VecDeque<TermEvent>>>,
    /// The waker of the poll that found the queue empty, until a key wakes it.
    waker: Arc<Mutex<Option<Waker>>>,
}

impl Keys {
    fn press(&self, code: KeyCode, modifiers: KeyModifiers) {
        self.queue
            .lock()
            .unwrap()
            .push_back(TermEvent::Key(KeyEvent::new(code, modifiers)));
        if let Some(w) = self.waker.lock().unwrap().take() {
            w.wake();
        }
    }
}

impl Stream for Keys {
    type Item = io::Result<TermEvent>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if let Some(ev) = self.queue.lock().unwrap().pop_front() {
            return Poll::Ready(Some(Ok(ev)));
        }
        // Like crossterm's wake-up thread: started once, with this waker.
        let mut waker = self.waker.lock().unwrap();
        if waker.is_none() {
            *waker = Some(cx.waker().clone());
        }
        Poll::Pending
    }
}

/// A test backend that hands every finished frame to the test, and keeps
/// what the program wrote to the terminal besides the cells (escape
/// sequences such as the clipboard's).
struct Screen {
    inner: TestBackend,
    frames: mpsc::UnboundedSender<Vec<String>>,
    written: Arc<Mutex<Vec<u8>>>,
}

fn lines(buf: &Buffer) -> Vec<String> {
    let a = buf.area;
    (a.y..a.y + a.height)
        .map(|y| {
            (a.x..a.x + a.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

impl Backend for Screen {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content).map_err(io::Error::other)
    }
    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor().map_err(io::Error::other)
    }
    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor().map_err(io::Error::other)
    }
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        self.inner.get_cursor_position().map_err(io::Error::other)
    }
    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.inner
            .set_cursor_position(position)
            .map_err(io::Error::other)
    }
    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear().map_err(io::Error::other)
    }
    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner
            .clear_region(clear_type)
            .map_err(io::Error::other)
    }
    fn size(&self) -> io::Result<Size> {
        self.inner.size().map_err(io::Error::other)
    }
    fn window_size(&mut self) -> io::Result<WindowSize> {
        self.inner.window_size().map_err(io::Error::other)
    }
    fn flush(&mut self) -> io::Result<()> {
        // The frame is complete: show it to the test.
        let _ = self.frames.send(lines(self.inner.buffer()));
        Ok(())
    }
}

impl io::Write for Screen {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.written.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Waits for a frame whose selected row (marked `›`) contains `text`.
async fn selected(frames: &mut mpsc::UnboundedReceiver<Vec<String>>, text: &str) {
    let mut last = Vec::new();
    let found = timeout(Duration::from_secs(20), async {
        while let Some(frame) = frames.recv().await {
            if frame.iter().any(|l| l.starts_with('›') && l.contains(text)) {
                return true;
            }
            last = frame;
        }
        false
    })
    .await;
    assert!(
        found == Ok(true),
        "no frame with {text:?} selected (frames ended: {:?}); the last frame:\n{}",
        found,
        last.join("\n")
    );
}

/// Waits until the loop lets page work go on again after a key's frame.
async fn released(foreground: &boxoffice::api::Foreground) {
    for _ in 0..400 {
        if !foreground.held() {
            return;
        }
        foreground.wait().await;
    }
    panic!("the loop held page work after the key's frame was drawn");
}

#[test]
fn every_key_is_drawn_at_once_without_waiting_for_the_tick() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (sb, client) = crate::common::sandbox::pinned_with_client("2026-11-25 10:00:00").await;
        let keys = Keys::default();
        let (tx, mut frames) = mpsc::unbounded_channel();
        let written = Arc::new(Mutex::new(Vec::new()));
        let screen = Screen {
            inner: TestBackend::new(100, 30),
            frames: tx,
            written: Arc::clone(&written),
        };
        let source = keys.clone();
        let foreground = client.foreground().clone();
        let app = tokio::spawn(async move {
            let mut term = Terminal::new(screen).unwrap();
            run_loop(
                &mut term,
                source,
                client,
                AppOptions::default(),
                boxoffice::app::executor::Local::default(),
                true,
                Duration::from_secs(3600),
            )
            .await
        });

        // The events list loads (the first row is selected).
        selected(&mut frames, "Rust Belt Conf").await;
        // Each key is drawn before the next is typed: the second and third
        // keys are the ones a loop that lost its waker would never draw.
        let names = ["Daily Rust Workshop", "Midnight Echoes"];
        for name in names {
            keys.press(KeyCode::Char('j'), KeyModifiers::NONE);
            selected(&mut frames, name).await;
            // Page work waited for that key's frame; once it is drawn, the
            // loop lets it go (a wait ends on the release or after its
            // bound: held after many bounds means it was never released).
            released(&foreground).await;
        }
        keys.press(KeyCode::Char('k'), KeyModifiers::NONE);
        selected(&mut frames, names[0]).await;
        // `y` copies the selected event's name: the clipboard's escape
        // sequence reaches the terminal, and the toast is drawn.
        keys.press(KeyCode::Char('y'), KeyModifiers::NONE);
        let shown = timeout(Duration::from_secs(20), async {
            while let Some(frame) = frames.recv().await {
                if frame
                    .iter()
                    .any(|l| l.contains("copied Daily Rust Workshop"))
                {
                    return true;
                }
            }
            false
        })
        .await;
        assert_eq!(shown, Ok(true), "no toast for the copy");
        let sequence = boxoffice::app::cmd::osc52("Daily Rust Workshop");
        let written = String::from_utf8_lossy(&written.lock().unwrap()).into_owned();
        assert!(
            written.contains(&sequence),
            "{sequence:?} not written; the terminal got {} bytes",
            written.len()
        );
        keys.press(KeyCode::Char('c'), KeyModifiers::CONTROL);
        let model = timeout(Duration::from_secs(20), app)
            .await
            .expect("the loop ends on Ctrl-C")
            .unwrap()
            .unwrap();
        assert!(model.quit);
        sb.shutdown().await;
    });
}

/// A panic in an executor task is caught and told as a message: the app
/// goes on (the in-flight count comes back down too).
#[tokio::test]
async fn a_panic_in_a_task_is_told_not_a_crash() {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let mut exec = boxoffice::app::executor::Executor::new(tx);
    exec.spawn_read(1, async { panic!("boom in a task") });
    let mut got = Vec::new();
    while let Some(msg) = rx.recv().await {
        let done = matches!(msg, boxoffice::app::Msg::TaskDone);
        got.push(msg);
        if done {
            break;
        }
    }
    assert!(
        got.iter()
            .any(|m| matches!(m, boxoffice::app::Msg::TaskPanicked(t) if t == "boom in a task")),
        "{got:?}"
    );
    let (mut m, _) = crate::drive::model(false);
    let before = m.stack.len();
    for msg in got {
        boxoffice::app::update(&mut m, msg);
    }
    assert!(crate::drive::toasted(
        &m,
        "internal error in a background task: boom in a task"
    ));
    assert_eq!(m.stack.len(), before);
}

/// The TUI's writes go through the audit log too: their target read first,
/// recorded before they are sent, completed before their answer reaches
/// the app; an enroll in an edition that has ended (in its own time zone)
/// is refused with which and when, nothing sent, nothing recorded.
#[tokio::test]
async fn the_tuis_writes_are_read_first_and_audited() {
    use boxoffice::api::{ApiError, Client};
    use boxoffice::app::executor::{Executor, Local};
    use boxoffice::app::{Cmd, Msg, Reply};
    use boxoffice::store::{AuditLog, SqliteAuditLog};

    let now = "2026-11-25 10:00:00";
    let sandbox = crate::common::sandbox::start(crate::common::sandbox::pinned(now)).await;
    let config = crate::common::client::quick_retries(sandbox.base_url(), sandbox.api_key());
    let client = Client::new(config).unwrap();
    let ticket = client
        .tickets(1002, 1, 100)
        .await
        .unwrap()
        .items
        .into_iter()
        .find(|t| t.status.as_deref() == Some("confirmed"))
        .unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let log = SqliteAuditLog::open(tmp.path()).unwrap();
    let local = Local::default().with_audit(Some(Box::new(log)), "desk-9");
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let mut exec = Executor::new(tx).with_local(local).pinned(Some(now.into()));
    exec.run(
        Cmd::Revoke {
            req: 1,
            ticket_id: ticket.id,
        },
        &client,
    );
    loop {
        match rx.recv().await {
            Some(Msg::Reply {
                reply: Reply::Revoked { result, .. },
                ..
            }) => {
                assert!(result.is_ok(), "{result:?}");
                break;
            }
            Some(_) => {}
            None => panic!("the channel closed"),
        }
    }
    let seen: Vec<_> = sandbox
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with(&ticket.id.to_string()) || r.path.contains("/revoke"))
        .map(|r| r.method)
        .collect();
    assert_eq!(seen, ["GET", "PUT"], "read, then sent once");
    let rows = SqliteAuditLog::open(tmp.path())
        .unwrap()
        .entries(5)
        .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].operation.as_str(), rows[0].target.as_str()),
        ("revoke", &*format!("ticket {}", ticket.id))
    );
    assert_eq!(
        (rows[0].outcome.as_str(), rows[0].desk.as_str()),
        ("ok", "desk-9")
    );

    // An edition that has ended by its own zone's clock.
    let ended = crate::common::sandbox::ended_edition(&client, now).await;
    let person = boxoffice::api::NewAttendee {
        email: "late@example.com".into(),
        name: "Late".into(),
        last_name: "Comer".into(),
    };
    exec.run(
        Cmd::EnrollByEmail {
            req: 2,
            event_id: ended,
            person,
            enrollment_type: "paid".into(),
        },
        &client,
    );
    let result = loop {
        match rx.recv().await {
            Some(Msg::Reply {
                reply: Reply::Enrolled(result, _),
                ..
            }) => break result,
            Some(_) => {}
            None => panic!("the channel closed"),
        }
    };
    assert!(
        matches!(&result, Err(e @ ApiError::Api { .. }) if e.code() == Some(1004) && e.to_string().contains("ended") && e.to_string().contains("nothing sent")),
        "{result:?}"
    );
    assert!(
        sandbox.requests().iter().all(|r| r.method != "POST"),
        "nothing sent"
    );
    assert_eq!(
        SqliteAuditLog::open(tmp.path())
            .unwrap()
            .entries(5)
            .unwrap()
            .len(),
        1,
        "nothing recorded"
    );
}

/// The TUI's one rule for a write whose answer is lost (issue 32), with
/// the real executor against the real sandbox whose every answer is garbled
/// (`malformed_rate` 1: the revoke is applied, its answer and every read
/// of the ticket unreadable): the executor reads the ticket again until its
/// deadline and answers "outcome unknown"; the same revoke asked again is
/// not sent (the audit log's row is still unknown); once the faults stop,
/// `Cmd::Settle` learns it was applied and completes the row. One PUT.
#[tokio::test]
async fn a_revoke_whose_answer_is_lost_is_settled_by_reading_never_by_resending() {
    use boxoffice::api::settle::Unsettled;
    use boxoffice::api::{ApiError, Client};
    use boxoffice::app::executor::{Executor, Local};
    use boxoffice::app::{Cmd, Msg, Reply};
    use boxoffice::sandbox::Faults;
    use boxoffice::store::{AuditLog, SqliteAuditLog};

    let sandbox =
        crate::common::sandbox::start(crate::common::sandbox::pinned("2026-11-25 10:00:00")).await;
    let mut config = crate::common::client::quick_retries(sandbox.base_url(), sandbox.api_key());
    config.timeout = std::time::Duration::from_millis(500);
    let client = Client::new(config).unwrap();
    let ticket = client
        .tickets(1002, 1, 100)
        .await
        .unwrap()
        .items
        .into_iter()
        .find(|t| t.status.as_deref() == Some("confirmed"))
        .unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let log = SqliteAuditLog::open(tmp.path()).unwrap();
    let local = Local::default().with_audit(Some(Box::new(log)), "desk-1");
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let mut exec = Executor::new(tx).with_local(local);
    let mut answer = async |exec: &mut Executor, cmd: Cmd| {
        exec.run(cmd, &client);
        loop {
            match rx.recv().await {
                Some(Msg::Reply {
                    reply: Reply::Revoked { result, .. },
                    ..
                }) => return result,
                Some(_) => {}
                None => panic!("the channel closed"),
            }
        }
    };
    let puts = || {
        let path = format!("/events/enrollments/{}/revoke", ticket.id);
        sandbox
            .requests()
            .iter()
            .filter(|r| r.method == "PUT" && r.path == path)
            .count()
    };
    let unsettled = || {
        SqliteAuditLog::open(tmp.path())
            .unwrap()
            .unsettled(9)
            .unwrap()
    };

    sandbox.set_faults(Faults {
        malformed_rate: 1.0,
        from_first_write: true,
        ..Faults::default()
    });
    let revoke = Cmd::Revoke {
        req: 1,
        ticket_id: ticket.id,
    };
    let result = answer(&mut exec, revoke.clone()).await;
    assert!(matches!(result, Err(ApiError::Unsettled(_))), "{result:?}");
    assert_eq!((puts(), unsettled().len()), (1, 1));
    let reads = sandbox
        .requests()
        .iter()
        .filter(|r| r.method == "GET")
        .count();
    assert!(reads >= 1, "the ticket was read again");

    // The same revoke again (another screen, a restart): not sent.
    let result = answer(&mut exec, revoke).await;
    assert!(
        matches!(&result, Err(ApiError::Unsettled(t)) if t.to_string().contains("not sent again")),
        "{result:?}"
    );
    assert_eq!(puts(), 1, "never sent twice");

    sandbox.set_faults(Faults::default());
    let settle = Cmd::Settle {
        req: 3,
        write: Unsettled::Revoke {
            ticket_id: ticket.id,
        },
    };
    let result = answer(&mut exec, settle).await;
    assert!(result.is_ok(), "{result:?}");
    assert_eq!(puts(), 1);
    assert!(unsettled().is_empty());
    let rows = SqliteAuditLog::open(tmp.path())
        .unwrap()
        .entries(9)
        .unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].outcome, "applied");
    assert!(
        rows[0]
            .settled_how
            .as_deref()
            .is_some_and(|h| h.contains("unenrolled")),
        "{rows:?}"
    );
}

/// Issue 45: the TUI's enroll in a main event (`e` on the Events list)
/// answers with the edition its new ticket landed in, as the API returns
/// it — the demo conference (101) spans editions: Day 1 (edition 1002,
/// today at the pinned clock), not the ended warm-up whose day is the main
/// event's start — and its audit row keeps it.
#[tokio::test]
async fn an_enroll_in_a_main_event_is_toasted_with_the_edition_it_landed_in() {
    use boxoffice::api::Client;
    use boxoffice::app::executor::{Executor, Local};
    use boxoffice::app::{Cmd, Msg, Reply};
    use boxoffice::store::{AuditLog, SqliteAuditLog};

    let now = "2026-11-25 10:00:00";
    let sandbox = crate::common::sandbox::start(crate::common::sandbox::pinned(now)).await;
    let config = crate::common::client::quick_retries(sandbox.base_url(), sandbox.api_key());
    let client = Client::new(config).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let log = SqliteAuditLog::open(tmp.path()).unwrap();
    let local = Local::default().with_audit(Some(Box::new(log)), "desk-9");
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let mut exec = Executor::new(tx).with_local(local).pinned(Some(now.into()));
    exec.run(
        Cmd::EnrollByEmail {
            req: 1,
            event_id: 101,
            person: boxoffice::api::NewAttendee {
                email: "main.event@example.com".into(),
                name: "Main".into(),
                last_name: "Event".into(),
            },
            enrollment_type: "paid".into(),
        },
        &client,
    );
    let (result, named) = loop {
        match rx.recv().await {
            Some(Msg::Reply {
                reply: Reply::Enrolled(result, named),
                ..
            }) => break (result, named),
            Some(_) => {}
            None => panic!("the channel closed"),
        }
    };
    assert!(result.is_ok(), "{result:?}");
    let named = named.unwrap();
    assert!(
        named.contains("Day 1 (Wed 25 Nov), event 1002: ticket TK-"),
        "{named}"
    );
    assert!(!named.contains("Wed 18 Nov"), "the warm-up's day: {named}");
    let rows = SqliteAuditLog::open(tmp.path())
        .unwrap()
        .entries(5)
        .unwrap();
    assert_eq!(rows.len(), 1);
    assert!(
        rows[0]
            .landed
            .as_deref()
            .is_some_and(|l| l.contains("Day 1 (Wed 25 Nov), event 1002")),
        "{rows:?}"
    );
}
