//! One key: how config.toml writes it, how help shows it, whether a press is it.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::i18n::Said;

/// One key: a code, and whether Ctrl is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

pub const fn k(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: false,
    }
}
pub const fn code(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}
pub const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: true,
    }
}

impl Key {
    /// True when the pressed key is this one. Shift is part of the character
    /// (`S` is not `s`), so it is ignored for characters.
    pub fn matches(&self, ev: &KeyEvent) -> bool {
        let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl != self.ctrl {
            return false;
        }
        match (self.code, ev.code) {
            (KeyCode::BackTab, KeyCode::BackTab) => true,
            (KeyCode::Tab, KeyCode::Tab) => !ev.modifiers.contains(KeyModifiers::SHIFT),
            (a, b) => a == b,
        }
    }

    /// A key as config.toml writes it: one character (`d`, `?`, `S`),
    /// `Enter Esc Tab Shift-Tab Space Up Down Left Right PgUp PgDn Home End
    /// F1`..`F12`, `Ctrl-x`; names in any case, and the labels help shows
    /// (`↑`, `PgDn`) too. What is wrong is said later, in the reader's
    /// language.
    pub fn parse(text: &str) -> Result<Key, Said> {
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Ok(match c {
                '↑' => code(KeyCode::Up),
                '↓' => code(KeyCode::Down),
                '←' => code(KeyCode::Left),
                '→' => code(KeyCode::Right),
                c if c.is_control() => {
                    return Err(Said::new("key-not-a-key").arg("key", format!("{text:?}")));
                }
                c => k(c),
            });
        }
        let lower = text.to_ascii_lowercase();
        if let Some(rest) = lower
            .strip_prefix("ctrl-")
            .or_else(|| lower.strip_prefix("ctrl+"))
        {
            let mut chars = rest.chars();
            return match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_graphic() => Ok(ctrl(c)),
                _ => Err(Said::new("key-ctrl-one").arg("key", format!("{text:?}"))),
            };
        }
        let named = match lower.as_str() {
            "enter" | "return" => KeyCode::Enter,
            "esc" | "escape" => KeyCode::Esc,
            "tab" => KeyCode::Tab,
            "shift-tab" | "backtab" => KeyCode::BackTab,
            "space" => KeyCode::Char(' '),
            "up" => KeyCode::Up,
            "down" => KeyCode::Down,
            "left" => KeyCode::Left,
            "right" => KeyCode::Right,
            "pgup" | "pageup" => KeyCode::PageUp,
            "pgdn" | "pagedown" => KeyCode::PageDown,
            "home" => KeyCode::Home,
            "end" => KeyCode::End,
            f if f.starts_with('f') => match f[1..].parse::<u8>() {
                Ok(n @ 1..=12) => KeyCode::F(n),
                _ => return Err(unknown_key(text)),
            },
            _ => return Err(unknown_key(text)),
        };
        Ok(code(named))
    }

    /// A key a scanner or a text field could type: a character without Ctrl.
    pub fn printable(&self) -> bool {
        matches!(self.code, KeyCode::Char(_)) && !self.ctrl
    }

    /// The key as help shows it.
    pub fn label(&self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::Enter => "Enter".into(),
            KeyCode::Esc => "Esc".into(),
            KeyCode::Tab => "Tab".into(),
            KeyCode::BackTab => "Shift-Tab".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::Home => "Home".into(),
            KeyCode::End => "End".into(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        if self.ctrl {
            format!("Ctrl-{base}")
        } else {
            base
        }
    }
}

fn unknown_key(text: &str) -> Said {
    Said::new("key-unknown").arg("key", format!("{text:?}"))
}
