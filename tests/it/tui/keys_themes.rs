//! Keys and themes from config.toml: a rebinding changes what `update` does
//! and what help shows; each theme renders (snapshots with styles); under
//! `NO_COLOR` the bytes sent to the terminal carry no colour at all.

use std::fmt::Write as _;
use std::io;
use std::sync::{Arc, Mutex};

use boxoffice::app::overlays::Overlay;
use boxoffice::app::settings::{self, Settings};
use boxoffice::app::{Cmd, Model, Msg, update, view};
use boxoffice::ui::theme::ThemeName;
use crossterm::event::KeyCode;
use ratatui::backend::{CrosstermBackend, TestBackend};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::{Terminal, TerminalOptions, Viewport};

use crate::drive::{at_event, at_events, at_tickets, ch, press, render, select_confirmed};

fn settings(toml: &str) -> Settings {
    settings::parse(toml, "config.toml").unwrap()
}

fn with(mut m: Model, toml: &str) -> Model {
    m.options.settings = settings(toml);
    m
}

fn help_open(m: &Model) -> bool {
    matches!(m.overlay, Some(Overlay::Help(_)))
}

#[test]
fn f1_opens_help_when_the_config_binds_it_and_question_mark_no_longer_does() {
    let mut m = with(at_events(), "[keys.global]\nhelp = \"F1\"\n");
    let screen = render(&mut m, (80, 24));
    assert!(
        screen.lines().last().unwrap().contains("F1 help"),
        "the status bar names the key: {screen}"
    );
    ch(&mut m, '?');
    assert!(!help_open(&m), "? is no longer help");
    press(&mut m, KeyCode::F(1));
    assert!(help_open(&m), "F1 opens help");
    // Help shows the keys in effect.
    let screen = render(&mut m, (80, 24));
    let row = screen
        .lines()
        .find(|l| l.contains("help") && l.contains("F1"))
        .unwrap_or_else(|| panic!("no F1 help row in\n{screen}"));
    assert!(!row.contains('?'), "{row}");
    press(&mut m, KeyCode::Esc);
    assert!(!help_open(&m));

    // Without the config, F1 does nothing there and ? is help.
    let mut m = at_events();
    press(&mut m, KeyCode::F(1));
    assert!(!help_open(&m));
    ch(&mut m, '?');
    assert!(help_open(&m));
}

#[test]
fn revoke_on_d_when_the_config_says_so_and_x_no_longer_revokes() {
    let (m, _) = at_tickets(1);
    let mut m = with(m, "[keys.tickets]\nrevoke = \"d\"\n");
    select_confirmed(&mut m);
    assert!(ch(&mut m, 'x').is_empty());
    assert!(m.overlay.is_none(), "x no longer revokes");
    ch(&mut m, 'd');
    assert!(
        matches!(m.overlay, Some(Overlay::Revoke(_))),
        "d asks to revoke"
    );
    press(&mut m, KeyCode::Esc);
    // The help of the tickets screen says d.
    ch(&mut m, '?');
    let screen = render(&mut m, (80, 24));
    assert!(
        screen
            .lines()
            .any(|l| l.contains("revoke the ticket") && l.contains(" d ")),
        "{screen}"
    );
    // Another screen keeps its own keys: x still revokes on a ticket.
    assert_eq!(
        m.keymap()
            .label(
                boxoffice::app::keymap::Scope::Ticket,
                boxoffice::app::keymap::Action::Revoke
            )
            .unwrap(),
        "x"
    );
}

#[test]
fn a_rebound_back_key_quits_at_the_root_and_esc_still_goes_back() {
    let mut m = with(at_event(), "[keys.global]\nback = \"h\"\n");
    ch(&mut m, 'q');
    assert_eq!(m.stack.len(), 2, "q is no longer back");
    ch(&mut m, 'h');
    assert_eq!(m.stack.len(), 1, "h goes back");
    press(&mut m, KeyCode::Esc);
    assert!(!m.quit, "Esc never quits");
    ch(&mut m, 'h');
    assert!(m.quit, "h quits at the root");
}

#[test]
fn the_desk_takes_its_rebound_f_key_and_ctrl_c_can_be_moved() {
    let mut m = with(
        at_event(),
        "[keys.desk]\nundo = \"F10\"\n[keys.global]\nquit = \"Ctrl-q\"\n",
    );
    update(&mut m, Msg::Clock("2026-12-01 10:00:00".into()));
    ch(&mut m, 'c');
    let screen = render(&mut m, (120, 30));
    assert!(
        screen.contains("F10 undo") && !screen.contains("F8"),
        "the desk's bottom line names the keys in effect: {screen}"
    );
    // Nobody admitted yet: undo answers "nothing to undo".
    let undo_asked = |m: &Model| {
        matches!(
            m.top(),
            Some(boxoffice::app::screens::Screen::Checkin(s))
                if s.note.as_deref().is_some_and(|n| n.starts_with("nothing to undo"))
        )
    };
    press(&mut m, KeyCode::F(8));
    assert!(!undo_asked(&m), "F8 is no longer undo");
    press(&mut m, KeyCode::F(10));
    assert!(undo_asked(&m), "F10 undoes (asks)");
    assert!(
        !press(&mut m, KeyCode::Esc)
            .iter()
            .any(|c| matches!(c, Cmd::Unadmit { .. }))
    );
    let ctrl = |c| {
        crossterm::event::KeyEvent::new(KeyCode::Char(c), crossterm::event::KeyModifiers::CONTROL)
    };
    crate::drive::key(&mut m, ctrl('c'));
    assert!(!m.quit, "Ctrl-c is no longer quit");
    // At the desk quit asks, as leaving does; the chord again leaves.
    crate::drive::key(&mut m, ctrl('q'));
    assert!(!m.quit);
    crate::drive::key(&mut m, ctrl('q'));
    assert!(matches!(
        m.top(),
        Some(boxoffice::app::screens::Screen::Event(_))
    ));
    crate::drive::key(&mut m, ctrl('q'));
    assert!(m.quit, "Ctrl-q quits away from the desk");
}

/// The buffer as text, then every run of cells of one style that is not
/// the default: `y x..x fg bg modifiers`.
fn styled(buf: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buf.area.height {
        let line: String = (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push_str("--- styles (row columns fg bg modifiers) ---\n");
    for y in 0..buf.area.height {
        let mut x = 0;
        while x < buf.area.width {
            let cell = &buf[(x, y)];
            let look = (cell.fg, cell.bg, cell.modifier);
            let mut end = x + 1;
            while end < buf.area.width {
                let c = &buf[(end, y)];
                if (c.fg, c.bg, c.modifier) != look {
                    break;
                }
                end += 1;
            }
            if look != (Color::Reset, Color::Reset, Modifier::empty()) {
                let _ = writeln!(
                    out,
                    "{y:>2} {x:>2}..{:<2} {:?} {:?} {:?}",
                    end - 1,
                    look.0,
                    look.1,
                    look.2
                );
            }
            x = end;
        }
    }
    out
}

fn buffer(m: &mut Model, (w, h): (u16, u16)) -> Buffer {
    update(m, Msg::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| view(m, f)).unwrap();
    term.backend().buffer().clone()
}

#[test]
fn each_theme_renders_the_tickets_with_its_colours() {
    for theme in ThemeName::ALL {
        let (mut m, _) = at_tickets(1);
        m.no_color = false;
        m.options.settings.theme = theme;
        select_confirmed(&mut m);
        let buf = buffer(&mut m, (80, 24));
        insta::assert_snapshot!(format!("theme_{}_tickets", theme.name()), styled(&buf));
    }
}

#[test]
fn each_theme_renders_help() {
    for theme in ThemeName::ALL {
        let (mut m, _) = at_tickets(1);
        m.no_color = false;
        m.options.settings.theme = theme;
        ch(&mut m, '?');
        let buf = buffer(&mut m, (80, 24));
        insta::assert_snapshot!(format!("theme_{}_help", theme.name()), styled(&buf));
    }
}

#[test]
fn themes_differ_and_keep_meaning_in_words() {
    let mut seen = Vec::new();
    for theme in ThemeName::ALL {
        let (mut m, _) = at_tickets(1);
        m.no_color = false;
        m.options.settings.theme = theme;
        let buf = buffer(&mut m, (120, 30));
        let text = styled(&buf);
        // The words are the same whatever the colours.
        let words = text.split("--- styles").next().unwrap().to_string();
        for status in ["confirmed", "unenrolled", "pending"] {
            assert!(words.contains(status), "{theme:?}: {status}");
        }
        assert!(words.contains('›'), "{theme:?}: the selection has a marker");
        seen.push((words, text));
    }
    assert!(seen.windows(2).all(|w| w[0].0 == w[1].0), "same words");
    assert!(
        seen.windows(2).all(|w| w[0].1 != w[1].1),
        "each theme its own styles"
    );
}

/// A writer whose bytes the test keeps.
#[derive(Clone, Default)]
struct Sent(Arc<Mutex<Vec<u8>>>);

impl io::Write for Sent {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What a real terminal is sent for the tickets screen and the help.
fn terminal_bytes(m: &mut Model) -> Vec<u8> {
    update(m, Msg::Resize(100, 30));
    let sent = Sent::default();
    let backend = CrosstermBackend::new(sent.clone());
    let options = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, 100, 30)),
    };
    let mut term = Terminal::with_options(backend, options).unwrap();
    term.draw(|f| view(m, f)).unwrap();
    ch(m, '?');
    term.draw(|f| view(m, f)).unwrap();
    drop(term);
    sent.0.lock().unwrap().clone()
}

/// The SGR parameters that set a colour: 30–38, 40–48, 90–97, 100–107
/// (39 and 49 only reset to the terminal's own).
fn colour_codes(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut found = Vec::new();
    let mut rest = text.as_ref();
    while let Some(start) = rest.find("\u{1b}[") {
        rest = &rest[start + 2..];
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(rest.len());
        if rest[end..].starts_with('m') {
            let params = &rest[..end];
            let mut parts = params.split(';');
            while let Some(p) = parts.next() {
                let Ok(n) = p.parse::<u16>() else { continue };
                if matches!(n, 30..=37 | 40..=47 | 90..=97 | 100..=107) {
                    found.push(params.to_string());
                } else if n == 38 || n == 48 {
                    found.push(params.to_string());
                    // 5;N or 2;R;G;B follow: not SGR codes of their own.
                    let skip = if parts.next() == Some("5") { 1 } else { 3 };
                    for _ in 0..skip {
                        parts.next();
                    }
                }
            }
        }
    }
    found
}

#[test]
fn no_color_sends_no_colour_codes_whatever_the_theme() {
    for theme in ThemeName::ALL {
        let (mut m, _) = at_tickets(1);
        m.options.settings.theme = theme;
        m.no_color = true;
        let bytes = terminal_bytes(&mut m);
        assert!(
            String::from_utf8_lossy(&bytes).contains("unenrolled"),
            "the screen was drawn"
        );
        let codes = colour_codes(&bytes);
        assert!(codes.is_empty(), "{theme:?} under NO_COLOR: {codes:?}");

        // The same screen in colour does send them: the check can fail.
        let (mut m, _) = at_tickets(1);
        m.options.settings.theme = theme;
        m.no_color = false;
        assert!(
            !colour_codes(&terminal_bytes(&mut m)).is_empty(),
            "{theme:?}"
        );
    }
}

#[test]
fn the_desk_names_its_rebound_leave_key_everywhere_it_says_how_to_leave() {
    let mut m = with(at_event(), "[keys.desk]\nleave = \"Ctrl-x\"\n");
    update(&mut m, Msg::Clock("2026-12-01 10:00:00".into()));
    ch(&mut m, 'c');
    for size in [(120, 30), (80, 24), (40, 12)] {
        let screen = render(&mut m, size);
        assert!(screen.contains("Ctrl-X leave"), "{screen}");
        assert!(
            !screen.contains("Ctrl-Q") && !screen.contains("Ctrl-q"),
            "{screen}"
        );
    }
    press(&mut m, KeyCode::Esc);
    let note = match m.top() {
        Some(boxoffice::app::screens::Screen::Checkin(s)) => s.note.clone(),
        _ => None,
    };
    assert_eq!(
        note.as_deref(),
        Some("nothing to close: Ctrl-X leaves the desk")
    );
    crate::drive::key(
        &mut m,
        crossterm::event::KeyEvent::new(
            KeyCode::Char('x'),
            crossterm::event::KeyModifiers::CONTROL,
        ),
    );
    let screen = render(&mut m, (80, 24));
    assert!(screen.contains("Enter or Ctrl-X again: leave"), "{screen}");
}
