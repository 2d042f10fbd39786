//! One file per screen: its state, its update, its view.

pub mod customer_picker;
pub mod enroll;
pub mod event;
pub mod events;
pub mod palette;
pub mod revoke;
pub mod ticket;
pub mod tickets;

use ratatui::layout::Rect;

use crate::api::model::{Count, Counters, FalseOr};

/// The area between the title line and the status bar.
pub fn body(size: (u16, u16)) -> Rect {
    Rect::new(0, 1, size.0, size.1.saturating_sub(2))
}

/// The part of `body` from line `top` down: where a screen puts its table
/// (header on the first line, rows below).
pub fn below(size: (u16, u16), top: u16) -> Rect {
    let body = body(size);
    let top = top.min(body.height);
    Rect::new(body.x, body.y + top, body.width, body.height - top)
}

/// Rows of a table drawn in `area` (its first line is the header).
pub fn rows_height(area: Rect) -> usize {
    usize::from(area.height.saturating_sub(1))
}

/// The data row under a click at screen line `y`, given the table's area and
/// first shown row.
pub fn row_at(area: Rect, offset: usize, y: u16) -> Option<usize> {
    (y > area.y && y < area.y + area.height).then(|| offset + usize::from(y - area.y - 1))
}

/// A count or a dash.
pub fn count(c: Option<Count>) -> String {
    c.map_or_else(|| "–".into(), |c| crate::ui::widgets::thousands(c.0))
}

/// "confirmed / stock": seats sold against what there is.
pub fn sold(counters: &Counters, capacity: &FalseOr<Count>) -> String {
    let confirmed = count(counters.tickets_confirmed);
    match (capacity.get(), counters.stock_onhand) {
        (Some(cap), _) => format!("{confirmed} / {}", crate::ui::widgets::thousands(cap.0)),
        (None, Some(onhand)) if onhand.0 > 0 => {
            format!("{confirmed} / {}", crate::ui::widgets::thousands(onhand.0))
        }
        _ => format!("{confirmed} / unlimited"),
    }
}

/// "2026-11-25 → 2026-11-27", or one date when they are the same.
pub fn dates(start: Option<&str>, end: Option<&str>) -> String {
    match (start, end) {
        (Some(s), Some(e)) if s == e => s.to_string(),
        (Some(s), Some(e)) => format!("{s} → {e}"),
        (Some(s), None) => s.to_string(),
        (None, Some(e)) => format!("→ {e}"),
        (None, None) => "–".into(),
    }
}

/// "published", "draft", or "inactive" (published but switched off).
pub fn state(published: Option<bool>, active: Option<bool>) -> String {
    match (published, active) {
        (Some(false), _) => "draft",
        (_, Some(false)) => "inactive",
        (Some(true), _) => "published",
        (None, _) => "–",
    }
    .to_string()
}
