//! Reusable widgets and the theme. Views only read the model.

pub mod theme;
pub mod widgets;

pub use theme::Theme;
