//! Reusable widgets and the theme. Widgets know no records.

pub mod svg;
pub mod table;
pub mod tabs;
pub mod theme;
pub mod widgets;

pub use theme::Theme;

/// The smallest terminal, columns × lines, anything is drawn in: below it
/// the app shows only "window too small", and `doctor` says so.
pub const MIN_SIZE: (u16, u16) = (20, 6);
