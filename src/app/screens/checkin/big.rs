//! Big letters for the verdict word, read from across the room: a 3×5
//! block font of our own (no crate: a few lines, and nothing to keep in
//! step with ratatui), drawn with full blocks two columns a pixel (5 rows)
//! where there is room, else with half blocks (3 rows).

/// The 3×5 glyph of an upper-case letter or a space: five rows of three
/// pixels, the high bit on the left.
fn glyph(c: char) -> [u8; 5] {
    match c {
        'A' => [0b010, 0b101, 0b111, 0b101, 0b101],
        'B' => [0b110, 0b101, 0b110, 0b101, 0b110],
        'C' => [0b011, 0b100, 0b100, 0b100, 0b011],
        'D' => [0b110, 0b101, 0b101, 0b101, 0b110],
        'E' => [0b111, 0b100, 0b110, 0b100, 0b111],
        'F' => [0b111, 0b100, 0b110, 0b100, 0b100],
        'G' => [0b011, 0b100, 0b101, 0b101, 0b011],
        'H' => [0b101, 0b101, 0b111, 0b101, 0b101],
        'I' => [0b111, 0b010, 0b010, 0b010, 0b111],
        'J' => [0b001, 0b001, 0b001, 0b101, 0b010],
        'K' => [0b101, 0b101, 0b110, 0b101, 0b101],
        'L' => [0b100, 0b100, 0b100, 0b100, 0b111],
        'M' => [0b101, 0b111, 0b111, 0b101, 0b101],
        'N' => [0b111, 0b101, 0b101, 0b101, 0b101],
        'O' => [0b010, 0b101, 0b101, 0b101, 0b010],
        'P' => [0b110, 0b101, 0b110, 0b100, 0b100],
        'Q' => [0b010, 0b101, 0b101, 0b110, 0b011],
        'R' => [0b110, 0b101, 0b110, 0b101, 0b101],
        'S' => [0b011, 0b100, 0b010, 0b001, 0b110],
        'T' => [0b111, 0b010, 0b010, 0b010, 0b010],
        'U' => [0b101, 0b101, 0b101, 0b101, 0b111],
        'V' => [0b101, 0b101, 0b101, 0b101, 0b010],
        'W' => [0b101, 0b101, 0b111, 0b111, 0b101],
        'X' => [0b101, 0b101, 0b010, 0b101, 0b101],
        'Y' => [0b101, 0b101, 0b010, 0b010, 0b010],
        'Z' => [0b111, 0b001, 0b010, 0b100, 0b111],
        _ => [0; 5],
    }
}

/// How big the letters are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// Full blocks, a pixel two columns wide: 5 rows, 8 columns a letter.
    Large,
    /// Half blocks: 3 rows, 4 columns a letter.
    Small,
}

impl Size {
    pub fn rows(self) -> u16 {
        match self {
            Self::Large => 5,
            Self::Small => 3,
        }
    }

    /// The columns `word` takes.
    pub fn width(self, word: &str) -> usize {
        let per = match self {
            Self::Large => 8,
            Self::Small => 4,
        };
        (word.chars().count() * per).saturating_sub(per / 4)
    }
}

/// `text` in the biggest letters that fit `width` × `height`: on one line,
/// else a word a line; `None` when even the small ones do not fit.
pub fn fit(text: &str, width: u16, height: u16) -> Option<Vec<String>> {
    let words: Vec<&str> = text.split(' ').collect();
    for size in [Size::Large, Size::Small] {
        if size.width(text) <= usize::from(width) && size.rows() <= height {
            return Some(lines(text, size));
        }
        let n = u16::try_from(words.len()).unwrap_or(u16::MAX);
        let tall = n * size.rows() + n.saturating_sub(1);
        if words.len() > 1
            && tall <= height
            && words.iter().all(|w| size.width(w) <= usize::from(width))
        {
            let mut out = Vec::new();
            for (i, w) in words.iter().enumerate() {
                if i > 0 {
                    out.push(String::new());
                }
                out.extend(lines(w, size));
            }
            return Some(out);
        }
    }
    None
}

/// The lines of `word` in big letters.
pub fn lines(word: &str, size: Size) -> Vec<String> {
    let glyphs: Vec<[u8; 5]> = word.chars().map(glyph).collect();
    let pixel = |g: &[u8; 5], row: usize, col: u8| row < 5 && g[row] & (0b100 >> col) != 0;
    match size {
        Size::Large => (0..5)
            .map(|row| {
                let letters: Vec<String> = glyphs
                    .iter()
                    .map(|g| {
                        (0..3)
                            .map(|col| if pixel(g, row, col) { "██" } else { "  " })
                            .collect()
                    })
                    .collect();
                letters.join("  ")
            })
            .collect(),
        Size::Small => (0..3)
            .map(|line| {
                let letters: Vec<String> = glyphs
                    .iter()
                    .map(|g| {
                        (0..3)
                            .map(|col| {
                                match (pixel(g, 2 * line, col), pixel(g, 2 * line + 1, col)) {
                                    (true, true) => '█',
                                    (true, false) => '▀',
                                    (false, true) => '▄',
                                    (false, false) => ' ',
                                }
                            })
                            .collect()
                    })
                    .collect();
                letters.join(" ")
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_drawn_in_blocks_and_fit_where_said() {
        let large = lines("VALID", Size::Large);
        assert_eq!(large.len(), 5);
        assert_eq!(large[0], "██  ██    ██    ██      ██████  ████  ");
        assert_eq!(large[4], "  ██    ██  ██  ██████  ██████  ████  ");
        // Every line as wide as the word: centred, the letters stay aligned.
        assert!(
            large
                .iter()
                .all(|l| l.chars().count() == Size::Large.width("VALID"))
        );
        let small = lines("OK", Size::Small);
        assert_eq!(small, vec!["▄▀▄ █ █", "█ █ █▀▄", " ▀  ▀ ▀"]);
        assert_eq!(fit("VALID", 80, 5), Some(lines("VALID", Size::Large)));
        assert_eq!(fit("VALID", 80, 4), Some(lines("VALID", Size::Small)));
        assert_eq!(fit("VALID", 80, 2), None);
        // Two words a line each where one line is too wide.
        let two = fit("ALREADY ADMITTED", 80, 11).unwrap();
        assert_eq!(two.len(), 11);
        assert_eq!(two[0].chars().count(), Size::Large.width("ALREADY"));
        assert_eq!(fit("ALREADY ADMITTED", 80, 10).unwrap().len(), 3);
        assert_eq!(fit("ALREADY ADMITTED", 32, 12).unwrap().len(), 7);
        assert_eq!(fit("ALREADY ADMITTED", 20, 12), None);
    }
}
