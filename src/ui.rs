//! Reusable widgets and the theme. Widgets know no records.

pub mod svg;
pub mod table;
pub mod tabs;
pub mod theme;
pub mod widgets;

pub use theme::Theme;
