//! Writes whose outcome cannot be known, on the real binary: a connection
//! dropped after the request was read, and a process killed between the
//! send and the answer (issue 11's "unknown outcome" and "audit" rows).

use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpListener};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;

const KEY: &str = "outcome-test-key-0123456789";

/// A server that reads each request whole (headers and body) and then
/// drops the connection without a word: the write may have been applied.
/// It counts the writes it was sent. The reads a write makes first are
/// answered (docs/safety.md, "Read before sending"): an event's record
/// always, a ticket's until the first write; every read after is dropped
/// too. `hold`: a write's connection is kept open, never answered.
struct DropAfterRead {
    base: String,
    requests: Arc<AtomicUsize>,
}

/// The answer to a read before a write, if `request` is one: a ticket
/// until something was `written`, what a person holds until an enroll was
/// `posted`.
fn read_first(request: &[u8], written: bool, posted: bool) -> Option<String> {
    let line = String::from_utf8_lossy(request.split(|b| *b == b'\r').next()?).into_owned();
    let path = line
        .strip_prefix("GET ")?
        .split([' ', '?'])
        .next()?
        .to_string();
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let body = match parts.as_slice() {
        ["events", "tickets", id] if !written => {
            common::json::one(&common::json::ticket(id.parse().ok()?))
        }
        ["events", id] => common::json::one(&common::json::event(id.parse().ok()?)),
        // What the person holds, read before an enroll: nothing.
        ["events", _, "tickets" | "variants"] if !posted => {
            common::json::list(&serde_json::json!([]), 1, 1, 0)
        }
        _ => return None,
    }
    .to_string();
    Some(format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    ))
}

impl DropAfterRead {
    fn start() -> Self {
        Self::serve(false)
    }

    fn serve(hold: bool) -> Self {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let requests = Arc::new(AtomicUsize::new(0));
        let seen = Arc::clone(&requests);
        let mut posted = false;
        std::thread::spawn(move || {
            let mut kept_open = Vec::new();
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { break };
                let mut got = Vec::new();
                let mut buf = [0u8; 4096];
                // Headers, then as many body bytes as Content-Length says.
                while let Ok(n) = stream.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    got.extend_from_slice(&buf[..n]);
                    if let Some(end) = find(&got, b"\r\n\r\n") {
                        let head = String::from_utf8_lossy(&got[..end]).to_lowercase();
                        let length = head
                            .lines()
                            .find_map(|l| l.strip_prefix("content-length:"))
                            .and_then(|v| v.trim().parse::<usize>().ok())
                            .unwrap_or(0);
                        if got.len() >= end + 4 + length {
                            break;
                        }
                    }
                }
                if let Some(answer) = read_first(&got, seen.load(Ordering::SeqCst) > 0, posted) {
                    let _ = stream.write_all(answer.as_bytes());
                    let _ = stream.flush();
                    continue;
                }
                // Writes only: the reads of the target after it are
                // dropped the same way.
                if !got.starts_with(b"GET ") {
                    posted |= got.starts_with(b"POST ");
                    seen.fetch_add(1, Ordering::SeqCst);
                    if hold {
                        kept_open.push(stream);
                        continue;
                    }
                }
                let _ = stream.flush();
                drop(stream);
            }
        });
        Self { base, requests }
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn boxoffice(home: &Path, base: &str) -> Command {
    let mut command = common::binary::boxoffice(home);
    command
        .env("BOXOFFICE_API_KEY", KEY)
        .env("BOXOFFICE_BASE_URL", base)
        .env("XDG_STATE_HOME", home.join("state"));
    command
}

#[test]
fn a_connection_dropped_after_the_write_was_read_is_outcome_unknown_exit_6() {
    let server = DropAfterRead::start();
    let home = tempfile::tempdir().unwrap();
    let out = boxoffice(home.path(), &server.base)
        .args(["revoke", "5", "--yes", "--timeout", "1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(6), "{err}");
    assert!(err.contains("outcome unknown"), "{err}");
    assert!(err.contains("boxoffice ticket 5"), "{err}");
    let out = boxoffice(home.path(), &server.base)
        .args([
            "enroll",
            "43",
            "--email",
            "ana@example.com",
            "--name",
            "Ana",
            "--last-name",
            "G",
            "--timeout",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(6),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(server.requests.load(Ordering::SeqCst), 2, "each sent once");
}

/// The process dies between the send and the answer: the audit log keeps
/// the write, its outcome "unknown".
#[test]
fn a_write_killed_in_flight_stays_unknown_in_the_audit_log() {
    let server = DropAfterRead::serve(true);
    let home = tempfile::tempdir().unwrap();
    let mut child = boxoffice(home.path(), &server.base)
        .args(["revoke", "9", "--yes", "--timeout", "3600"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The ticket read first; the write is on the wire once the server has
    // read it whole.
    let end = Instant::now() + Duration::from_secs(20);
    while server.requests.load(Ordering::SeqCst) == 0 {
        assert!(Instant::now() < end, "the revoke never arrived");
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let out = boxoffice(home.path(), &server.base)
        .args(["audit", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let rows: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["operation"], "revoke");
    assert_eq!(rows[0]["target"], "ticket 9");
    assert!(
        rows[0]["outcome"].as_str().unwrap().starts_with("unknown"),
        "{rows:?}"
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains(KEY));
}
