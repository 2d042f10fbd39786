//! The top-level tabs of the header.

use crate::i18n::Tongue;

/// The top-level lists, in the order of the header's tabs. Each is a root:
/// switching to one replaces the stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Events,
    Customers,
    Orders,
    Products,
    Courses,
}

impl Tab {
    pub const ALL: [Tab; 5] = [
        Self::Events,
        Self::Customers,
        Self::Orders,
        Self::Products,
        Self::Courses,
    ];

    /// Its name in the header, in the staff's language.
    pub fn title(self, t: &Tongue) -> String {
        t.t(match self {
            Self::Events => "tab-events",
            Self::Customers => "tab-customers",
            Self::Orders => "tab-orders",
            Self::Products => "tab-products",
            Self::Courses => "tab-courses",
        })
    }

    /// The tab a digit picks (`1` is the first).
    pub fn from_digit(c: char) -> Option<Self> {
        let n = c.to_digit(10)? as usize;
        Self::ALL.get(n.checked_sub(1)?).copied()
    }
}
