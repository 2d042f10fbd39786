//! The terminal's keys, read byte by byte: a sequence the app cannot name
//! is handed on as what it is (an `Esc` and its characters), never dropped.
//!
//! A terminal library that meets an escape sequence it does not know drops
//! it whole; at the desk that turned `TK-00` ESC `[2J` `0031` (one scanner
//! burst, one write) into `TK-000031`, a ticket code, admitted. Here
//! [`parse`] turns every byte into an event: the keys a terminal sends (the
//! same events crossterm names, so every screen reads them as before), the
//! mouse, and for anything else the `Esc` and the characters it is made of
//! — a control byte in a scan, which the desk judges UNKNOWN and shows as
//! `TK-00^[[2J0031` (docs/desk.md).
//!
//! [`events`] is the app's event stream: on Unix the controlling terminal
//! (`/dev/tty`) read by a thread of its own, resizes from `SIGWINCH`;
//! elsewhere, or without a terminal, crossterm's stream.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use crossterm::event::{
    Event, EventStream, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use futures::Stream;

/// What [`parse`] found in the bytes: the events and how many bytes they
/// took (the rest is the start of a sequence still arriving).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    pub events: Vec<Event>,
    pub used: usize,
}

/// Longest escape sequence waited for; a longer unfinished one is handed
/// on as its characters.
const LONGEST: usize = 64;

/// Turns `bytes` into events. `more`: more bytes are already on their way
/// (read but not yet here), so a lone ESC at the end may be the start of a
/// sequence; without it a lone ESC at the end is the `Esc` key. An
/// unfinished sequence or character at the end is left unused (`used`
/// stops before it) to be parsed with the bytes that follow.
pub fn parse(bytes: &[u8], more: bool) -> Parsed {
    let mut out = Parsed::default();
    while out.used < bytes.len() {
        let rest = &bytes[out.used..];
        match one(rest, more) {
            Step::Events(events, n) => {
                out.events.extend(events);
                out.used += n;
            }
            Step::Wait if rest.len() > LONGEST => {
                // Never a sequence: what it is made of.
                out.events.extend(literal(&rest[..1]));
                out.used += 1;
            }
            Step::Wait => break,
        }
    }
    out
}

enum Step {
    /// These events, from this many bytes.
    Events(Vec<Event>, usize),
    /// The bytes so far begin a sequence or a character: wait for more.
    Wait,
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn plain(code: KeyCode) -> Event {
    key(code, KeyModifiers::NONE)
}

/// A character as a terminal types it: an upper-case letter carries Shift.
fn char_key(c: char) -> Event {
    let modifiers = if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    key(KeyCode::Char(c), modifiers)
}

/// A sequence with no name: `Esc`, then each following byte as its key.
fn literal(bytes: &[u8]) -> Vec<Event> {
    let mut events = Vec::with_capacity(bytes.len());
    for &b in bytes {
        match byte_key(b) {
            Some(ev) => events.push(ev),
            None => events.push(char_key(char::from(b))),
        }
    }
    events
}

/// A single byte's key, for the bytes that are keys alone (ESC included).
fn byte_key(b: u8) -> Option<Event> {
    Some(match b {
        0x1b => plain(KeyCode::Esc),
        b'\r' => plain(KeyCode::Enter),
        b'\t' => plain(KeyCode::Tab),
        0x7f => plain(KeyCode::Backspace),
        0 => key(KeyCode::Char(' '), KeyModifiers::CONTROL),
        c @ 0x01..=0x1a => key(
            KeyCode::Char(char::from(c - 1 + b'a')),
            KeyModifiers::CONTROL,
        ),
        c @ 0x1c..=0x1f => key(
            KeyCode::Char(char::from(c - 0x1c + b'4')),
            KeyModifiers::CONTROL,
        ),
        _ => return None,
    })
}

fn one(bytes: &[u8], more: bool) -> Step {
    let first = bytes[0];
    if first == 0x1b {
        return escape(bytes, more);
    }
    if let Some(ev) = byte_key(first) {
        return Step::Events(vec![ev], 1);
    }
    utf8(bytes)
}

/// One UTF-8 character; a byte that starts none is its own (replacement)
/// character, so nothing is lost and nothing waits for ever.
fn utf8(bytes: &[u8]) -> Step {
    let width = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Step::Events(vec![char_key(char::REPLACEMENT_CHARACTER)], 1),
    };
    if bytes.len() < width {
        // A continuation byte that cannot belong: not worth waiting for.
        if bytes[1..].iter().all(|b| b & 0xc0 == 0x80) {
            return Step::Wait;
        }
        return Step::Events(vec![char_key(char::REPLACEMENT_CHARACTER)], 1);
    }
    match std::str::from_utf8(&bytes[..width]) {
        Ok(s) => {
            let c = s.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER);
            Step::Events(vec![char_key(c)], width)
        }
        Err(_) => Step::Events(vec![char_key(char::REPLACEMENT_CHARACTER)], 1),
    }
}

fn escape(bytes: &[u8], more: bool) -> Step {
    let Some(&second) = bytes.get(1) else {
        return if more {
            Step::Wait
        } else {
            Step::Events(vec![plain(KeyCode::Esc)], 1)
        };
    };
    match second {
        b'[' => csi(bytes),
        b'O' => ss3(bytes),
        // ESC ESC: the first is the Esc key; the second starts again.
        0x1b => Step::Events(vec![plain(KeyCode::Esc)], 1),
        _ => match one(&bytes[1..], more) {
            // Alt and a key: ESC before it.
            Step::Events(mut events, n) if events.len() == 1 => {
                if let Event::Key(k) = &mut events[0] {
                    k.modifiers |= KeyModifiers::ALT;
                }
                Step::Events(events, n + 1)
            }
            Step::Events(_, _) => Step::Events(literal(&bytes[..1]), 1),
            Step::Wait => Step::Wait,
        },
    }
}

/// ESC O and a letter: the keypad's arrows and F1–F4.
fn ss3(bytes: &[u8]) -> Step {
    let Some(&third) = bytes.get(2) else {
        return Step::Wait;
    };
    let code = match third {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P'..=b'S' => KeyCode::F(1 + third - b'P'),
        _ => return Step::Events(literal(&bytes[..3]), 3),
    };
    Step::Events(vec![plain(code)], 3)
}

/// ESC [, parameters and a final byte (0x40–0x7e). A sequence that breaks
/// off (a byte that no CSI holds) is what it is made of so far.
fn csi(bytes: &[u8]) -> Step {
    // The old mouse: ESC [ M and three bytes.
    if bytes.get(2) == Some(&b'M') {
        if bytes.len() < 6 {
            return Step::Wait;
        }
        return match x10_mouse(bytes[3], bytes[4], bytes[5]) {
            Some(ev) => Step::Events(vec![ev], 6),
            None => Step::Events(literal(&bytes[..6]), 6),
        };
    }
    let mut end = 2;
    loop {
        let Some(&b) = bytes.get(end) else {
            return Step::Wait;
        };
        match b {
            0x20..=0x3f => end += 1,
            0x40..=0x7e => break,
            _ => return Step::Events(literal(&bytes[..end]), end),
        }
    }
    let whole = &bytes[..=end];
    let body = &bytes[2..end];
    let last = bytes[end];
    match named_csi(body, last) {
        Some(events) => Step::Events(events, whole.len()),
        None => Step::Events(literal(whole), whole.len()),
    }
}

/// The CSI sequences with a name: their event (none for a focus report,
/// which says nothing to the app); None for one unknown.
fn named_csi(body: &[u8], last: u8) -> Option<Vec<Event>> {
    let text = std::str::from_utf8(body).ok()?;
    if let Some(sgr) = text.strip_prefix('<') {
        return sgr_mouse(sgr, last).map(|ev| vec![ev]);
    }
    if !text.bytes().all(|b| b.is_ascii_digit() || b == b';') {
        return None;
    }
    let params: Vec<u16> = if text.is_empty() {
        Vec::new()
    } else {
        text.split(';')
            .map(|p| if p.is_empty() { Ok(1) } else { p.parse() })
            .collect::<Result<_, _>>()
            .ok()?
    };
    let modifiers = match params.get(1) {
        Some(&m) => modifiers(m)?,
        None => KeyModifiers::NONE,
    };
    if params.len() > 2 {
        return None;
    }
    let code = match (last, params.first().copied()) {
        (b'A', None | Some(1)) => KeyCode::Up,
        (b'B', None | Some(1)) => KeyCode::Down,
        (b'C', None | Some(1)) => KeyCode::Right,
        (b'D', None | Some(1)) => KeyCode::Left,
        (b'H', None | Some(1)) => KeyCode::Home,
        (b'F', None | Some(1)) => KeyCode::End,
        (b'P', None | Some(1)) => KeyCode::F(1),
        (b'Q', None | Some(1)) => KeyCode::F(2),
        (b'R', Some(1)) if params.len() == 2 => KeyCode::F(3),
        (b'S', None | Some(1)) => KeyCode::F(4),
        (b'Z', None) => return Some(vec![key(KeyCode::BackTab, KeyModifiers::SHIFT)]),
        (b'I' | b'O', None) => return Some(Vec::new()),
        (b'~', Some(n)) => tilde(n)?,
        _ => return None,
    };
    Some(vec![key(code, modifiers)])
}

/// `ESC [ n ~`: the editing keys and F5 on.
fn tilde(n: u16) -> Option<KeyCode> {
    Some(match n {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        11..=15 => KeyCode::F(u8::try_from(n - 10).ok()?),
        17..=21 => KeyCode::F(u8::try_from(n - 11).ok()?),
        23..=26 => KeyCode::F(u8::try_from(n - 12).ok()?),
        28 | 29 => KeyCode::F(u8::try_from(n - 13).ok()?),
        31..=34 => KeyCode::F(u8::try_from(n - 14).ok()?),
        _ => return None,
    })
}

/// The modifier parameter (1 + a bit mask): Shift, Alt, Control, Super.
fn modifiers(m: u16) -> Option<KeyModifiers> {
    let mask = m.checked_sub(1)?;
    if mask > 15 {
        return None;
    }
    let mut mods = KeyModifiers::NONE;
    for (bit, flag) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
        (8, KeyModifiers::SUPER),
    ] {
        if mask & bit != 0 {
            mods |= flag;
        }
    }
    Some(mods)
}

/// The mouse's button byte (low bits, wheel, motion) and its modifiers.
fn mouse(cb: u16, column: u16, row: u16, release: bool) -> Option<Event> {
    let button = match cb & 0b11 {
        1 => MouseButton::Middle,
        2 => MouseButton::Right,
        _ => MouseButton::Left,
    };
    let kind = if cb & 64 != 0 {
        match cb & 0b11 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        }
    } else if cb & 32 != 0 {
        if cb & 0b11 == 3 {
            MouseEventKind::Moved
        } else {
            MouseEventKind::Drag(button)
        }
    } else if release || cb & 0b11 == 3 {
        MouseEventKind::Up(button)
    } else {
        MouseEventKind::Down(button)
    };
    let mut modifiers = KeyModifiers::NONE;
    for (bit, flag) in [
        (4, KeyModifiers::SHIFT),
        (8, KeyModifiers::ALT),
        (16, KeyModifiers::CONTROL),
    ] {
        if cb & bit != 0 {
            modifiers |= flag;
        }
    }
    Some(Event::Mouse(MouseEvent {
        kind,
        column: column.checked_sub(1)?,
        row: row.checked_sub(1)?,
        modifiers,
    }))
}

/// `ESC [ < b ; x ; y (M|m)`.
fn sgr_mouse(text: &str, last: u8) -> Option<Event> {
    if last != b'M' && last != b'm' {
        return None;
    }
    let mut parts = text.split(';').map(str::parse::<u16>);
    let (Some(Ok(cb)), Some(Ok(x)), Some(Ok(y)), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    mouse(cb, x, y, last == b'm')
}

/// `ESC [ M` and three bytes, each 32 more than its number.
fn x10_mouse(cb: u8, x: u8, y: u8) -> Option<Event> {
    let cb = u16::from(cb.checked_sub(32)?);
    let x = u16::from(x.checked_sub(32)?);
    let y = u16::from(y.checked_sub(32)?);
    mouse(cb, x, y, false)
}

/// The app's event stream.
pub type Events = Pin<Box<dyn Stream<Item = io::Result<Event>> + Send>>;

/// The terminal's events: the controlling terminal read here where there
/// is one (Unix), crossterm's stream otherwise.
pub fn events() -> Events {
    #[cfg(unix)]
    if let Ok(tty) = unix::Tty::open() {
        return Box::pin(tty);
    }
    Box::pin(EventStream::new())
}

#[cfg(unix)]
mod unix {
    use std::fs::File;
    use std::io::Read;
    use std::os::fd::AsFd;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    use tokio::signal::unix::{Signal, SignalKind, signal};
    use tokio::sync::mpsc;

    use super::{Context, Event, Pin, Poll, Stream, io, parse};

    /// How long the reader waits for a byte before it looks whether the
    /// stream is still wanted.
    const LOOK: Timespec = Timespec {
        tv_sec: 0,
        tv_nsec: 100_000_000,
    };

    /// `/dev/tty`, read by a thread of its own (opened on its own: the
    /// shell's standard input is left as it was), and the window's size
    /// changes. Dropped, the thread stops within [`LOOK`].
    pub struct Tty {
        events: mpsc::UnboundedReceiver<io::Result<Event>>,
        winch: Signal,
        stop: Arc<AtomicBool>,
    }

    impl Tty {
        pub fn open() -> io::Result<Self> {
            let file = File::options().read(true).open("/dev/tty")?;
            let winch = signal(SignalKind::window_change())?;
            let (tx, events) = mpsc::unbounded_channel();
            let stop = Arc::new(AtomicBool::new(false));
            let stopped = Arc::clone(&stop);
            std::thread::Builder::new()
                .name("tty".into())
                .spawn(move || read(&file, &tx, &stopped))?;
            Ok(Self {
                events,
                winch,
                stop,
            })
        }
    }

    impl Drop for Tty {
        fn drop(&mut self) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Whether a byte can be read within `timeout`.
    fn readable(file: &File, timeout: &Timespec) -> io::Result<bool> {
        let fd = file.as_fd();
        let mut fds = [PollFd::new(&fd, PollFlags::IN)];
        match poll(&mut fds, Some(timeout)) {
            Ok(n) => Ok(n > 0),
            Err(rustix::io::Errno::INTR) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// The reading thread: bytes to events, until the stream is dropped or
    /// the terminal hangs up. A tail that begins a sequence waits for the
    /// next read while bytes keep coming; when none are waiting, it is
    /// what it is (a lone ESC is the Esc key).
    fn read(mut file: &File, tx: &mpsc::UnboundedSender<io::Result<Event>>, stop: &AtomicBool) {
        let now = Timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        let mut buf = Vec::new();
        let mut chunk = [0u8; 4096];
        while !stop.load(Ordering::Relaxed) {
            match readable(file, &LOOK) {
                Ok(false) => continue,
                Ok(true) => {}
                Err(e) => {
                    let _ = tx.send(Err(e));
                    return;
                }
            }
            let n = match file.read(&mut chunk) {
                // The terminal hung up: the stream ends.
                Ok(0) => return,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let _ = tx.send(Err(e));
                    return;
                }
            };
            buf.extend_from_slice(&chunk[..n]);
            let more = readable(file, &now).unwrap_or(false);
            let parsed = parse(&buf, more);
            buf.drain(..parsed.used);
            for ev in parsed.events {
                if tx.send(Ok(ev)).is_err() {
                    return;
                }
            }
        }
    }

    impl Stream for Tty {
        type Item = io::Result<Event>;

        fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
            let this = self.get_mut();
            if let Poll::Ready(ev) = this.events.poll_recv(cx) {
                return Poll::Ready(ev);
            }
            while let Poll::Ready(Some(())) = this.winch.poll_recv(cx) {
                if let Ok((w, h)) = crossterm::terminal::size() {
                    return Poll::Ready(Some(Ok(Event::Resize(w, h))));
                }
            }
            Poll::Pending
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use proptest::prelude::*;

    use super::*;

    fn keys(bytes: &[u8]) -> Vec<Event> {
        let parsed = parse(bytes, false);
        assert_eq!(parsed.used, bytes.len(), "{bytes:?}");
        parsed.events
    }

    fn k(code: KeyCode) -> Event {
        plain(code)
    }

    #[test]
    fn the_keys_a_terminal_sends_are_named() {
        let cases: &[(&[u8], Event)] = &[
            (b"a", k(KeyCode::Char('a'))),
            (b"A", key(KeyCode::Char('A'), KeyModifiers::SHIFT)),
            (b"\r", k(KeyCode::Enter)),
            (b"\t", k(KeyCode::Tab)),
            (b"\x7f", k(KeyCode::Backspace)),
            (b"\x1b", k(KeyCode::Esc)),
            (b"\x03", key(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            (b"\x1bx", key(KeyCode::Char('x'), KeyModifiers::ALT)),
            (b"\x1b[A", k(KeyCode::Up)),
            (b"\x1bOB", k(KeyCode::Down)),
            (b"\x1b[1;5C", key(KeyCode::Right, KeyModifiers::CONTROL)),
            (b"\x1b[Z", key(KeyCode::BackTab, KeyModifiers::SHIFT)),
            (b"\x1bOP", k(KeyCode::F(1))),
            (b"\x1bOQ", k(KeyCode::F(2))),
            (b"\x1b[15~", k(KeyCode::F(5))),
            (b"\x1b[19~", k(KeyCode::F(8))),
            (b"\x1b[24~", k(KeyCode::F(12))),
            (b"\x1b[3~", k(KeyCode::Delete)),
            (b"\x1b[5~", k(KeyCode::PageUp)),
            (b"\x1b[6;2~", key(KeyCode::PageDown, KeyModifiers::SHIFT)),
            ("é".as_bytes(), k(KeyCode::Char('é'))),
        ];
        for (bytes, want) in cases {
            assert_eq!(keys(bytes), vec![want.clone()], "{bytes:?}");
        }
    }

    #[test]
    fn the_mouse_is_read() {
        let got = keys(b"\x1b[<64;10;5M");
        assert_eq!(
            got,
            vec![Event::Mouse(MouseEvent {
                kind: MouseEventKind::ScrollUp,
                column: 9,
                row: 4,
                modifiers: KeyModifiers::NONE,
            })]
        );
        let got = keys(b"\x1b[M \x2a\x25");
        assert!(matches!(
            got.as_slice(),
            [Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: 9,
                row: 4,
                ..
            })]
        ));
    }

    #[test]
    fn an_unfinished_sequence_waits_for_its_end() {
        assert_eq!(parse(b"ab\x1b[1;", false).used, 2);
        assert_eq!(parse(b"\x1b", true).used, 0);
        assert_eq!(parse("é".as_bytes().get(..1).unwrap(), false).used, 0);
        // Over the longest sequence: handed on, not held for ever.
        let long = [b"\x1b[".as_slice(), &[b'1'; 80]].concat();
        assert!(parse(&long, false).used > 0);
    }

    /// A key and how a terminal types it: the keys the generator draws.
    fn typed() -> impl Strategy<Value = (Vec<u8>, Event)> {
        let printable = proptest::char::range(' ', '~')
            .prop_union(proptest::char::range('\u{a0}', '\u{2fff}'))
            .prop_map(|c| (c.to_string().into_bytes(), char_key(c)));
        let named = proptest::sample::select(vec![
            (b"\r".to_vec(), k(KeyCode::Enter)),
            (b"\t".to_vec(), k(KeyCode::Tab)),
            (b"\x7f".to_vec(), k(KeyCode::Backspace)),
            (b"\x1b[A".to_vec(), k(KeyCode::Up)),
            (b"\x1b[B".to_vec(), k(KeyCode::Down)),
            (b"\x1bOD".to_vec(), k(KeyCode::Left)),
            (b"\x1b[H".to_vec(), k(KeyCode::Home)),
            (b"\x1b[4~".to_vec(), k(KeyCode::End)),
            (b"\x1b[6~".to_vec(), k(KeyCode::PageDown)),
            (b"\x1bOR".to_vec(), k(KeyCode::F(3))),
            (b"\x1b[17~".to_vec(), k(KeyCode::F(6))),
            (
                b"\x1b[Z".to_vec(),
                key(KeyCode::BackTab, KeyModifiers::SHIFT),
            ),
            (b"\x1b[1;3D".to_vec(), key(KeyCode::Left, KeyModifiers::ALT)),
        ]);
        let control = (1u8..=26)
            .prop_filter("Tab and Enter have keys of their own", |c| {
                ![9, 13].contains(c)
            })
            .prop_map(|c| {
                (
                    vec![c],
                    key(
                        KeyCode::Char(char::from(c - 1 + b'a')),
                        KeyModifiers::CONTROL,
                    ),
                )
            });
        let alt = proptest::char::range('a', 'z')
            .prop_filter("ESC O is a keypad key", |c| *c != 'O')
            .prop_map(|c| {
                (
                    vec![0x1b, c as u8],
                    key(KeyCode::Char(c), KeyModifiers::ALT),
                )
            });
        prop_oneof![6 => printable, 2 => named, 1 => control, 1 => alt]
    }

    proptest! {
        /// Keys typed in one write come back as those keys, in order,
        /// however the write is cut into reads.
        #[test]
        fn typed_keys_are_read_back(
            typed in proptest::collection::vec(typed(), 0..24),
            cut in any::<proptest::sample::Index>(),
        ) {
            let bytes: Vec<u8> = typed.iter().flat_map(|(b, _)| b.clone()).collect();
            let want: Vec<Event> = typed.iter().map(|(_, e)| e.clone()).collect();
            prop_assert_eq!(keys(&bytes), want.clone());
            // Cut anywhere: the first read's tail waits for the second's.
            let at = if bytes.is_empty() { 0 } else { cut.index(bytes.len() + 1) };
            let first = parse(&bytes[..at], true);
            let second = parse(&bytes[first.used..], false);
            prop_assert_eq!(first.used + second.used, bytes.len());
            let mut got = first.events;
            got.extend(second.events);
            prop_assert_eq!(got, want);
        }

        /// The rule the desk needs: no byte is dropped. A sequence with no
        /// name inside a code is its ESC and its characters, so the code
        /// is never read without it.
        #[test]
        fn a_sequence_with_no_name_is_handed_on(
            before in "[A-Z0-9-]{0,8}",
            params in "[0-9;?]{0,6}",
            last in proptest::sample::select(b"JKLTXhlmnprstux@`{|}".to_vec()),
            after in "[A-Z0-9-]{0,8}",
        ) {
            let mut bytes = before.clone().into_bytes();
            bytes.extend_from_slice(b"\x1b[");
            bytes.extend_from_slice(params.as_bytes());
            bytes.push(last);
            bytes.extend_from_slice(after.as_bytes());
            let events = keys(&bytes);
            prop_assert!(events.contains(&k(KeyCode::Esc)), "{:?}", events);
            // Every character of the code, the sequence's too, is a key.
            let chars: String = events
                .iter()
                .filter_map(|e| match e {
                    Event::Key(KeyEvent { code: KeyCode::Char(c), .. }) => Some(*c),
                    _ => None,
                })
                .collect();
            let want = format!("{before}[{params}{}{after}", char::from(last));
            prop_assert_eq!(chars, want);
        }

        /// Any bytes at all: parsed without a panic, and all that is held
        /// back is an unfinished tail — an escape sequence or a character
        /// still arriving.
        #[test]
        fn any_bytes_are_read(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            let used = parse(&bytes, false).used;
            let held = &bytes[used..];
            prop_assert!(
                held.is_empty() || held[0] == 0x1b || (0xc2..=0xf4).contains(&held[0]),
                "{:?}", held
            );
            prop_assert!(held.len() <= LONGEST, "{}", held.len());
        }
    }
}
