//! The areas of the screen, computed in one place from the terminal size.
//! `update` (how many rows a page is, which row a click hits) and `view`
//! (where to draw) both read the same [`Layout`], so they cannot disagree.

use ratatui::layout::Rect;

use crate::ui::MIN_SIZE;

/// Where everything goes on a terminal of a given size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The whole terminal.
    pub full: Rect,
    /// The title line: where the user is (breadcrumbs).
    pub header: Rect,
    /// What the top screen draws into.
    pub body: Rect,
    /// The status bar.
    pub status: Rect,
}

impl Layout {
    pub fn new((width, height): (u16, u16)) -> Self {
        let full = Rect::new(0, 0, width, height);
        Self {
            full,
            header: Rect::new(0, 0, width, height.min(1)),
            body: Rect::new(0, 1, width, height.saturating_sub(2)),
            status: Rect::new(0, height.saturating_sub(1), width, height.min(1)),
        }
    }

    /// True when the terminal is too small to draw the app.
    pub fn too_small(&self) -> bool {
        self.full.width < MIN_SIZE.0 || self.full.height < MIN_SIZE.1
    }

    /// A popup of at most `width`×`height`, centred on the terminal.
    pub fn popup(&self, width: u16, height: u16) -> Rect {
        centered(self.full, width, height)
    }

    /// The command palette: its input and hint lines, just above the status bar.
    pub fn palette(&self) -> Rect {
        let h = 2.min(self.full.height);
        Rect::new(0, self.full.height.saturating_sub(3), self.full.width, h)
    }
}

/// A rectangle of at most `width`×`height` centred in `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// `area` without its first `lines` lines.
pub fn below(area: Rect, lines: u16) -> Rect {
    let top = lines.min(area.height);
    Rect {
        y: area.y + top,
        height: area.height - top,
        ..area
    }
}

/// Line `n` of `area` (clamped to the area).
pub fn line(area: Rect, n: u16) -> Rect {
    let n = n.min(area.height.saturating_sub(1));
    Rect {
        y: area.y + n,
        height: area.height.min(1),
        ..area
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_sits_between_the_title_and_the_status_bar() {
        let l = Layout::new((80, 24));
        assert_eq!(l.header, Rect::new(0, 0, 80, 1));
        assert_eq!(l.body, Rect::new(0, 1, 80, 22));
        assert_eq!(l.status, Rect::new(0, 23, 80, 1));
        assert!(!l.too_small());
        assert!(Layout::new((19, 24)).too_small());
    }

    #[test]
    fn below_and_line_stay_inside_the_area() {
        let a = Rect::new(0, 1, 80, 5);
        assert_eq!(below(a, 2), Rect::new(0, 3, 80, 3));
        assert_eq!(below(a, 9).height, 0);
        assert_eq!(line(a, 1), Rect::new(0, 2, 80, 1));
        assert_eq!(line(a, 99), Rect::new(0, 5, 80, 1));
    }
}
