//! Colours, or none at all (`NO_COLOR`). Meaning never rests on colour alone:
//! every status is also a word and selection is also a marker.

use ratatui::style::{Color, Modifier, Style};

/// The styles the views use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    pub fn new(no_color: bool) -> Self {
        Self { color: !no_color }
    }

    fn fg(self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    pub fn base(self) -> Style {
        Style::new()
    }
    pub fn title(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    pub fn header(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    pub fn muted(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }
    pub fn selected(self) -> Style {
        if self.color {
            Style::new()
                .bg(Color::Blue)
                .fg(Color::White)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }
    pub fn bar(self) -> Style {
        if self.color {
            Style::new().bg(Color::DarkGray).fg(Color::White)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }
    pub fn error(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
    pub fn ok(self) -> Style {
        self.fg(Color::Green)
    }
    pub fn key(self) -> Style {
        self.fg(Color::Magenta).add_modifier(Modifier::BOLD)
    }
    pub fn focus(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// A ticket status: green when it admits, red when it does not.
    pub fn status(self, status: &str) -> Style {
        match status {
            "confirmed" => self.ok(),
            "unenrolled" | "cancelled" => self.fg(Color::Red),
            "open" | "pending" => self.fg(Color::Yellow),
            _ => self.base(),
        }
    }
}
