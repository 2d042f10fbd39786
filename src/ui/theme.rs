//! Colours, or none at all (`NO_COLOR`). Meaning never rests on colour alone:
//! every status is also a word and selection is also a marker.
//!
//! Three palettes (`dark`, the default; `light`; `high-contrast`), chosen
//! by `theme = "…"` in config.toml or `--theme`. Every colour the views use
//! comes from here; without colour (`NO_COLOR`) the styles are only bold,
//! dim and reversed.

use crate::i18n::{Lang, Tongue};
use ratatui::style::{Color, Modifier, Style};

/// A colour scheme by name, as config.toml and `--theme` spell it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ThemeName {
    /// Today's colours, for a dark background.
    #[default]
    Dark,
    /// For a light background: dark text colours, a pale selection.
    Light,
    /// Black and white and the bright colours, nothing dim or grey.
    HighContrast,
}

impl ThemeName {
    pub const ALL: [ThemeName; 3] = [Self::Dark, Self::Light, Self::HighContrast];

    /// The name in config.toml and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::Dark => "dark",
            Self::Light => "light",
            Self::HighContrast => "high-contrast",
        }
    }

    /// A name as config.toml spells it (case-insensitive).
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(name.trim()))
    }

    fn palette(self) -> &'static Palette {
        match self {
            Self::Dark => &DARK,
            Self::Light => &LIGHT,
            Self::HighContrast => &HIGH_CONTRAST,
        }
    }
}

/// The colours of one theme. A foreground that is light is only ever used
/// with a background of its own (no white on the terminal's background).
#[derive(Debug, PartialEq, Eq)]
struct Palette {
    title: Color,
    header: Color,
    /// `None`: muted text is dimmed instead of grey.
    muted: Option<Color>,
    selected: (Color, Color),
    bar: (Color, Color),
    error: Color,
    ok: Color,
    warn: Color,
    bad: Color,
    key: Color,
    focus: Color,
    /// Verdicts at the desk (background, foreground) by tone.
    good_block: (Color, Color),
    warn_block: (Color, Color),
    bad_block: (Color, Color),
    unknown_block: (Color, Color),
    pending_block: (Color, Color),
}

const DARK: Palette = Palette {
    title: Color::Cyan,
    header: Color::Yellow,
    muted: Some(Color::DarkGray),
    selected: (Color::Blue, Color::White),
    bar: (Color::DarkGray, Color::White),
    error: Color::Red,
    ok: Color::Green,
    warn: Color::Yellow,
    bad: Color::Red,
    key: Color::Magenta,
    focus: Color::Cyan,
    good_block: (Color::Green, Color::Black),
    warn_block: (Color::Yellow, Color::Black),
    bad_block: (Color::Red, Color::White),
    unknown_block: (Color::Magenta, Color::White),
    pending_block: (Color::DarkGray, Color::White),
};

// Indexed colours of the 256-colour cube: dark enough to read on white,
// where the 16 ANSI yellows and cyans are not.
const LIGHT: Palette = Palette {
    title: Color::Indexed(25),
    header: Color::Indexed(94),
    muted: Some(Color::Indexed(242)),
    selected: (Color::Indexed(153), Color::Black),
    bar: (Color::Indexed(252), Color::Black),
    error: Color::Indexed(124),
    ok: Color::Indexed(28),
    warn: Color::Indexed(130),
    bad: Color::Indexed(124),
    key: Color::Indexed(90),
    focus: Color::Indexed(25),
    good_block: (Color::Indexed(28), Color::White),
    warn_block: (Color::Indexed(214), Color::Black),
    bad_block: (Color::Indexed(124), Color::White),
    unknown_block: (Color::Indexed(90), Color::White),
    pending_block: (Color::Indexed(250), Color::Black),
};

const HIGH_CONTRAST: Palette = Palette {
    title: Color::LightCyan,
    header: Color::LightYellow,
    muted: None,
    // Not white: a status cell keeps its bright colour on the selected row.
    selected: (Color::Blue, Color::White),
    bar: (Color::White, Color::Black),
    error: Color::LightRed,
    ok: Color::LightGreen,
    warn: Color::LightYellow,
    bad: Color::LightRed,
    key: Color::LightMagenta,
    focus: Color::LightCyan,
    good_block: (Color::LightGreen, Color::Black),
    warn_block: (Color::LightYellow, Color::Black),
    bad_block: (Color::LightRed, Color::Black),
    unknown_block: (Color::LightMagenta, Color::Black),
    pending_block: (Color::White, Color::Black),
};

/// What a verdict at the desk means, for its colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Let them in.
    Good,
    /// Look twice (already admitted, another edition).
    Warn,
    /// Do not let them in.
    Bad,
    /// No ticket matches.
    Unknown,
    /// Not known yet.
    Pending,
}

/// The styles the views use, and the language their words are in: what
/// every view is handed, so a view reads its words as it reads its
/// colours, with no global to set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// False under `NO_COLOR`: no colour at all, only bold, dim, reversed.
    pub color: bool,
    pub name: ThemeName,
    pub lang: Lang,
}

impl Theme {
    /// The default (`dark`) theme, or none with `no_color`.
    pub fn new(no_color: bool) -> Self {
        Self::named(ThemeName::Dark, no_color)
    }

    /// A theme by name; `no_color` wins over it.
    pub fn named(name: ThemeName, no_color: bool) -> Self {
        Self {
            color: !no_color,
            name,
            lang: Lang::EN,
        }
    }

    /// This theme, its words in `lang`.
    #[must_use]
    pub fn speaking(self, lang: Lang) -> Self {
        Self { lang, ..self }
    }

    /// The words of its language.
    pub fn tongue(self) -> &'static Tongue {
        self.lang.tongue()
    }

    fn palette(self) -> &'static Palette {
        self.name.palette()
    }

    fn fg(self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// Background and foreground, or reversed without colour.
    fn block(self, (bg, fg): (Color, Color)) -> Style {
        if self.color {
            Style::new().bg(bg).fg(fg)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    pub fn base(self) -> Style {
        Style::new()
    }
    pub fn title(self) -> Style {
        self.fg(self.palette().title).add_modifier(Modifier::BOLD)
    }
    pub fn header(self) -> Style {
        self.fg(self.palette().header).add_modifier(Modifier::BOLD)
    }
    pub fn muted(self) -> Style {
        match self.palette().muted {
            Some(c) if self.color => Style::new().fg(c),
            // High contrast dims nothing: muted text is plain.
            None if self.color => Style::new(),
            _ => Style::new().add_modifier(Modifier::DIM),
        }
    }
    pub fn selected(self) -> Style {
        if self.color {
            self.block(self.palette().selected)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }
    pub fn bar(self) -> Style {
        self.block(self.palette().bar)
    }
    pub fn error(self) -> Style {
        self.fg(self.palette().error).add_modifier(Modifier::BOLD)
    }
    pub fn ok(self) -> Style {
        self.fg(self.palette().ok)
    }
    pub fn key(self) -> Style {
        self.fg(self.palette().key).add_modifier(Modifier::BOLD)
    }
    pub fn focus(self) -> Style {
        self.fg(self.palette().focus).add_modifier(Modifier::BOLD)
    }

    /// A ticket status: green when it admits, red when it does not.
    pub fn status(self, status: &str) -> Style {
        match status {
            "confirmed" => self.ok(),
            "unenrolled" | "cancelled" => self.fg(self.palette().bad),
            "open" | "pending" => self.fg(self.palette().warn),
            _ => self.base(),
        }
    }

    /// The big block of a verdict at the desk (the word says it too).
    pub fn verdict(self, tone: Tone) -> Style {
        let p = self.palette();
        self.block(match tone {
            Tone::Good => p.good_block,
            Tone::Warn => p.warn_block,
            Tone::Bad => p.bad_block,
            Tone::Unknown => p.unknown_block,
            Tone::Pending => p.pending_block,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_case_insensitive() {
        for t in ThemeName::ALL {
            assert_eq!(ThemeName::parse(t.name()), Some(t));
            let v = <ThemeName as clap::ValueEnum>::to_possible_value(&t).unwrap();
            assert_eq!(v.get_name(), t.name(), "clap spells it as config.toml does");
        }
        assert_eq!(ThemeName::parse("Light"), Some(ThemeName::Light));
        assert_eq!(ThemeName::parse("solarized"), None);
    }

    #[test]
    fn no_color_wins_over_every_theme() {
        for t in ThemeName::ALL {
            let th = Theme::named(t, true);
            for s in [
                th.title(),
                th.header(),
                th.muted(),
                th.selected(),
                th.bar(),
                th.error(),
                th.ok(),
                th.key(),
                th.focus(),
                th.status("confirmed"),
                th.status("cancelled"),
                th.verdict(Tone::Good),
                th.verdict(Tone::Bad),
            ] {
                assert_eq!((s.fg, s.bg), (None, None), "{t:?}: {s:?}");
            }
        }
    }

    /// Colours that read badly on each other (all of them light).
    fn pale(c: Color) -> bool {
        matches!(
            c,
            Color::White
                | Color::Gray
                | Color::LightRed
                | Color::LightGreen
                | Color::LightYellow
                | Color::LightBlue
                | Color::LightMagenta
                | Color::LightCyan
                | Color::Indexed(150..=159 | 186..=195 | 214 | 250..=255)
        )
    }

    #[test]
    fn a_light_foreground_always_has_its_own_background() {
        let light = |c: Color| matches!(c, Color::White | Color::Gray | Color::LightYellow);
        for t in ThemeName::ALL {
            let th = Theme::named(t, false);
            for s in [
                th.title(),
                th.header(),
                th.muted(),
                th.error(),
                th.ok(),
                th.key(),
                th.focus(),
                th.status("confirmed"),
                th.status("pending"),
                th.status("cancelled"),
            ] {
                if t == ThemeName::Light {
                    assert!(
                        !s.fg.is_some_and(light),
                        "{t:?}: {s:?} on a light background"
                    );
                }
                assert!(s.bg.is_none(), "{t:?}: {s:?}");
            }
            // A status drawn on the selected row stays readable: not a
            // light colour on a light selection (nor the selection's own).
            let selected = th.selected().bg.unwrap();
            for status in ["confirmed", "pending", "cancelled"] {
                let fg = th.status(status).fg.unwrap();
                assert_ne!(fg, selected, "{t:?}: {status}");
                assert!(
                    !(pale(fg) && pale(selected)),
                    "{t:?}: {status} on the selection"
                );
            }
            for s in [th.selected(), th.bar(), th.verdict(Tone::Pending)] {
                assert!(
                    s.bg.is_some() && s.fg.is_some() && s.fg != s.bg,
                    "{t:?}: {s:?}"
                );
            }
        }
    }
}
