//! A drawn screen as an SVG picture: the README's screenshots are the app's
//! own buffer, drawn by the same `view` as on a terminal, so they cannot
//! drift from it (`tests/it/tui/pictures.rs` checks them).
//!
//! Each line is one `<text>`; each run of cells with one style is a
//! `<tspan>` placed at its column and stretched to its cells
//! (`textLength`), so columns line up whatever the viewer's monospace font.
//! Colours are a terminal's: the named ones from one dark palette, indexed
//! and RGB ones as they are.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

/// One cell, in pixels.
const CELL_W: f32 = 9.0;
const CELL_H: f32 = 19.0;
/// From a line's top to its text's baseline.
const BASELINE: f32 = 14.5;
const FONT: &str = "'DejaVu Sans Mono','Menlo','Consolas','Liberation Mono',monospace";
/// The terminal's own colours (`Color::Reset`).
const DEFAULT_FG: &str = "#d4d4d4";
const DEFAULT_BG: &str = "#1e1e1e";

/// The buffer as an SVG document with `title` (its accessible name).
pub fn buffer_to_svg(buffer: &Buffer, title: &str) -> String {
    let area = buffer.area;
    let (w, h) = (
        f32::from(area.width) * CELL_W,
        f32::from(area.height) * CELL_H,
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{}\">",
        escape(title)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" rx=\"6\" fill=\"{DEFAULT_BG}\"/>"
    );
    let _ = writeln!(
        out,
        "<g font-family=\"{FONT}\" font-size=\"15px\" xml:space=\"preserve\">"
    );
    for y in 0..area.height {
        let runs = line_runs(buffer, area.x, area.y + y, area.width);
        backgrounds(&mut out, &runs, y);
        text(&mut out, &runs, y);
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// A run of cells of one look on one line.
struct Run {
    col: u16,
    cells: u16,
    text: String,
    fg: String,
    bg: Option<String>,
    /// Bold, italic, underlined, dim (reversed is already in the colours).
    look: Modifier,
    /// A character wider than a cell: never joined, so it is stretched to
    /// exactly its cells.
    wide: bool,
}

impl Run {
    fn same_look(&self, other: &Self) -> bool {
        self.fg == other.fg && self.bg == other.bg && self.look == other.look
    }
}

/// The runs of line `y`, cell by cell: a wide character takes its cells,
/// the cells it hides are not drawn.
fn line_runs(buffer: &Buffer, x0: u16, y: u16, width: u16) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    let mut x = 0;
    while x < width {
        let cell = &buffer[(x0 + x, y)];
        let symbol = cell.symbol();
        let cells = u16::try_from(symbol.width().max(1))
            .unwrap_or(1)
            .min(width - x);
        let reversed = cell.modifier.contains(Modifier::REVERSED);
        let mut fg = color(cell.fg, true).unwrap_or_else(|| DEFAULT_FG.to_string());
        let mut bg = color(cell.bg, false);
        if reversed {
            (fg, bg) = (bg.unwrap_or_else(|| DEFAULT_BG.to_string()), Some(fg));
        }
        let run = Run {
            col: x,
            cells,
            text: symbol.to_string(),
            fg,
            bg,
            look: cell.modifier
                & (Modifier::BOLD | Modifier::ITALIC | Modifier::UNDERLINED | Modifier::DIM),
            wide: cells > 1,
        };
        match runs.last_mut() {
            Some(last) if !last.wide && !run.wide && last.same_look(&run) => {
                last.cells += 1;
                last.text.push_str(symbol);
            }
            _ => runs.push(run),
        }
        x += cells;
    }
    runs
}

fn backgrounds(out: &mut String, runs: &[Run], y: u16) {
    for run in runs {
        if let Some(bg) = &run.bg {
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{CELL_H}\" fill=\"{bg}\"/>",
                f32::from(run.col) * CELL_W,
                f32::from(y) * CELL_H,
                f32::from(run.cells) * CELL_W,
            );
        }
    }
}

fn text(out: &mut String, runs: &[Run], y: u16) {
    let shown: Vec<&Run> = runs.iter().filter(|r| !r.text.trim().is_empty()).collect();
    if shown.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<text y=\"{}\" fill=\"{DEFAULT_FG}\">",
        f32::from(y) * CELL_H + BASELINE
    );
    for run in shown {
        // Spaces around the text are the background's: not drawn (they are
        // one byte and one cell each).
        let text = run.text.trim_matches(' ');
        let lead = run.text.len() - run.text.trim_start_matches(' ').len();
        let lead = u16::try_from(lead).unwrap_or(0);
        let cells = run
            .cells
            .saturating_sub(u16::try_from(run.text.len() - text.len()).unwrap_or(0));
        let _ = write!(
            out,
            "<tspan x=\"{}\" textLength=\"{}\" lengthAdjust=\"spacingAndGlyphs\"",
            f32::from(run.col + lead) * CELL_W,
            f32::from(cells) * CELL_W,
        );
        if run.fg != DEFAULT_FG {
            let _ = write!(out, " fill=\"{}\"", run.fg);
        }
        if run.look.contains(Modifier::BOLD) {
            out.push_str(" font-weight=\"bold\"");
        }
        if run.look.contains(Modifier::ITALIC) {
            out.push_str(" font-style=\"italic\"");
        }
        if run.look.contains(Modifier::UNDERLINED) {
            out.push_str(" text-decoration=\"underline\"");
        }
        if run.look.contains(Modifier::DIM) {
            out.push_str(" opacity=\"0.6\"");
        }
        let _ = write!(out, ">{}</tspan>", escape(text));
    }
    out.push_str("</text>\n");
}

/// A colour as SVG; `None` for the default background.
fn color(c: Color, foreground: bool) -> Option<String> {
    let hex = |s: &str| Some(s.to_string());
    match c {
        Color::Reset if foreground => hex(DEFAULT_FG),
        Color::Reset => None,
        Color::Black => hex("#000000"),
        Color::Red => hex("#f14c4c"),
        Color::Green => hex("#23d18b"),
        Color::Yellow => hex("#e5e510"),
        Color::Blue => hex("#3b8eea"),
        Color::Magenta => hex("#d670d6"),
        Color::Cyan => hex("#29b8db"),
        Color::Gray => hex("#cccccc"),
        Color::DarkGray => hex("#767676"),
        Color::LightRed => hex("#ff6e6e"),
        Color::LightGreen => hex("#5af78e"),
        Color::LightYellow => hex("#f4f99d"),
        Color::LightBlue => hex("#6cb6ff"),
        Color::LightMagenta => hex("#ff92d0"),
        Color::LightCyan => hex("#9aedfe"),
        Color::White => hex("#ffffff"),
        Color::Rgb(r, g, b) => Some(format!("#{r:02x}{g:02x}{b:02x}")),
        Color::Indexed(i) => Some(indexed(i)),
    }
}

/// The xterm 256-colour palette.
fn indexed(i: u8) -> String {
    const BASE: [&str; 16] = [
        "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
        "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
    ];
    match i {
        0..=15 => BASE[usize::from(i)].to_string(),
        16..=231 => {
            let i = i - 16;
            let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            let (r, g, b) = (level(i / 36), level(i / 6 % 6), level(i % 6));
            format!("#{r:02x}{g:02x}{b:02x}")
        }
        _ => {
            let v = 8 + (i - 232) * 10;
            format!("#{v:02x}{v:02x}{v:02x}")
        }
    }
}

/// Text as XML character data or an attribute value.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Not allowed in XML 1.0 at all; the buffer holds none, but a
            // picture must stay a valid document.
            c if c.is_control() => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Style};

    use super::buffer_to_svg;

    #[test]
    fn cells_become_placed_runs_with_their_colours_and_escaped_text() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 12, 2));
        buffer.set_string(0, 0, "a<b", Style::new().fg(Color::Red));
        buffer.set_string(4, 0, "ok", Style::new().bg(Color::Rgb(1, 2, 3)));
        buffer.set_string(0, 1, "漢x", Style::new());
        let svg = buffer_to_svg(&buffer, "t & t");
        assert!(svg.starts_with("<svg "), "{svg}");
        assert!(svg.contains("aria-label=\"t &amp; t\""), "{svg}");
        assert!(svg.contains("fill=\"#f14c4c\">a&lt;b</tspan>"), "{svg}");
        assert!(
            svg.contains("<rect x=\"36\" y=\"0\" width=\"18\" height=\"19\" fill=\"#010203\"/>"),
            "{svg}"
        );
        // The wide character takes two cells; the next starts at column 2.
        assert!(
            svg.contains(
                "<tspan x=\"0\" textLength=\"18\" lengthAdjust=\"spacingAndGlyphs\">漢</tspan>"
            ),
            "{svg}"
        );
        assert!(svg.contains("<tspan x=\"18\" textLength=\"9\""), "{svg}");
        assert!(svg.trim_end().ends_with("</svg>"));
    }
}
