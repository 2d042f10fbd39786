//! Several short strings in one allocation: a 100,000-row list pays one heap
//! block per row instead of one per field.

/// `N` strings stored back to back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packed<const N: usize> {
    text: Box<str>,
    ends: [u32; N],
}

impl<const N: usize> Packed<N> {
    pub fn new(parts: [&str; N]) -> Self {
        let mut text = String::with_capacity(parts.iter().map(|p| p.len()).sum());
        let mut ends = [0u32; N];
        for (end, part) in ends.iter_mut().zip(parts) {
            text.push_str(part);
            *end = u32::try_from(text.len()).unwrap_or(u32::MAX);
        }
        Self {
            text: text.into_boxed_str(),
            ends,
        }
    }

    /// The same parts with part `i` replaced by `part` (one new block).
    #[must_use]
    pub fn replaced(&self, i: usize, part: &str) -> Self {
        Self::new(std::array::from_fn(
            |j| if j == i { part } else { self.get(j) },
        ))
    }

    /// Part `i` (empty when out of range).
    pub fn get(&self, i: usize) -> &str {
        if i >= N {
            return "";
        }
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        self.text.get(start..self.ends[i] as usize).unwrap_or("")
    }
}

#[cfg(test)]
mod tests {
    use super::Packed;

    #[test]
    fn parts_come_back_as_given() {
        let p = Packed::new(["TK-1", "", "José 山田", "x"]);
        assert_eq!(p.get(0), "TK-1");
        assert_eq!(p.get(1), "");
        assert_eq!(p.get(2), "José 山田");
        assert_eq!(p.get(3), "x");
        assert_eq!(p.get(4), "");
        let q = p.replaced(1, "new");
        assert_eq!(
            [q.get(0), q.get(1), q.get(2), q.get(3)],
            ["TK-1", "new", "José 山田", "x"]
        );
    }
}
