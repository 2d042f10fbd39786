//! Big letters for the verdict word, read from across the room: a 3×5
//! block font of our own (no crate: a few lines, and nothing to keep in
//! step with ratatui), drawn with full blocks two columns a pixel (5 rows)
//! where there is room, else with half blocks (3 rows).

/// The 3×5 glyph of an upper-case letter or a space: five rows of three
/// pixels, the high bit on the left.
fn plain(c: char) -> Option<[u8; 5]> {
    Some(match c {
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
        // Ç: a C a row shorter over its cedilla.
        'Ç' => [0b011, 0b100, 0b100, 0b011, 0b010],
        'ß' => [0b010, 0b101, 0b110, 0b101, 0b110],
        '-' => [0, 0, 0b111, 0, 0],
        '\'' | '’' => [0b010, 0b010, 0, 0, 0],
        '.' => [0, 0, 0, 0, 0b010],
        ' ' => [0; 5],
        _ => return None,
    })
}

/// The glyph of a letter the four languages write, its mark in the row
/// above (0: none): a letter of [`plain`] under an acute (right), grave
/// (left), circumflex (middle), diaeresis (both sides) or tilde (the
/// whole row). `None`: no glyph (the word is then said in plain letters).
fn glyph(c: char) -> Option<[u8; 6]> {
    let (base, mark) = match c {
        'Á' => ('A', 0b001),
        'À' => ('A', 0b100),
        'Â' => ('A', 0b010),
        'Ã' => ('A', 0b111),
        'Ä' => ('A', 0b101),
        'É' => ('E', 0b001),
        'È' => ('E', 0b100),
        'Ê' => ('E', 0b010),
        'Ë' => ('E', 0b101),
        'Í' => ('I', 0b001),
        'Ì' => ('I', 0b100),
        'Î' => ('I', 0b010),
        'Ï' => ('I', 0b101),
        'Ó' => ('O', 0b001),
        'Ò' => ('O', 0b100),
        'Ô' => ('O', 0b010),
        'Õ' => ('O', 0b111),
        'Ö' => ('O', 0b101),
        'Ú' => ('U', 0b001),
        'Ù' => ('U', 0b100),
        'Û' => ('U', 0b010),
        'Ü' => ('U', 0b101),
        'Ñ' => ('N', 0b111),
        c => (c, 0),
    };
    let g = plain(base)?;
    Some([mark, g[0], g[1], g[2], g[3], g[4]])
}

/// Whether any letter of `word` carries a mark (a sixth row above).
fn marked(word: &str) -> bool {
    word.chars().any(|c| glyph(c).is_some_and(|g| g[0] != 0))
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
    /// The rows `word` takes: a sixth in large letters for a mark.
    pub fn rows(self, word: &str) -> u16 {
        match self {
            Self::Large if marked(word) => 6,
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
/// else a word a line; `None` when even the small ones do not fit, or a
/// letter has no glyph (the word is said in plain letters then).
pub fn fit(text: &str, width: u16, height: u16) -> Option<Vec<String>> {
    if !text.chars().all(|c| glyph(c).is_some()) {
        return None;
    }
    let words: Vec<&str> = text.split(' ').collect();
    for size in [Size::Large, Size::Small] {
        if size.width(text) <= usize::from(width) && size.rows(text) <= height {
            return Some(lines(text, size));
        }
        let n = u16::try_from(words.len()).unwrap_or(u16::MAX);
        let tall: u16 = words.iter().map(|w| size.rows(w)).sum::<u16>() + n.saturating_sub(1);
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

/// The lines of `word` in big letters (a letter without a glyph blank).
pub fn lines(word: &str, size: Size) -> Vec<String> {
    let glyphs: Vec<[u8; 6]> = word.chars().map(|c| glyph(c).unwrap_or([0; 6])).collect();
    // The mark row only where a letter has a mark.
    let top = usize::from(!marked(word));
    let pixel = |g: &[u8; 6], row: usize, col: u8| {
        let row = row + top;
        row < 6 && g[row] & (0b100 >> col) != 0
    };
    match size {
        Size::Large => (0..usize::from(size.rows(word)))
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

    #[test]
    fn a_marked_letter_is_its_letter_under_its_mark() {
        let a = lines("A", Size::Large);
        let marked = lines("Á", Size::Large);
        assert_eq!(marked.len(), 6);
        assert_eq!(marked[0], "    ██");
        assert_eq!(marked[1..], a[..]);
        assert_eq!(lines("Ñ", Size::Large)[0], "██████");
        // A word with a mark anywhere is a row taller, its letters aligned.
        assert_eq!(fit("VÁLIDO", 80, 6).unwrap().len(), 6);
        assert_eq!(fit("VÁLIDO", 80, 5).unwrap().len(), 3);
        // No glyph: no big letters (the word is said plainly).
        assert_eq!(fit("ОК", 80, 12), None);
    }

    #[test]
    fn every_languages_verdict_words_have_glyphs() {
        use crate::door::Verdict;
        let all = [
            Verdict::Valid,
            Verdict::AlreadyAdmitted {
                at: String::new(),
                lane: String::new(),
                back: false,
            },
            Verdict::NotValid { status: String::new() },
            Verdict::OtherEdition { edition: String::new(), when: None },
            Verdict::OtherEvent { event: String::new(), when: None },
            Verdict::Unknown,
            Verdict::Exit,
            Verdict::WelcomeBack { left_at: String::new(), lane: String::new() },
            Verdict::NotOpenYet { opens: String::new() },
            Verdict::Closed { closed: String::new() },
            Verdict::NotInside { left: None },
            Verdict::Full { inside: 0, capacity: 0 },
        ];
        for lang in crate::i18n::Lang::ALL {
            let t = lang.tongue();
            for v in &all {
                for word in [t.verdict_word(v), t.verdict_short(v)] {
                    assert!(word.chars().all(|c| glyph(c).is_some()), "{lang}: {word}");
                }
            }
        }
    }
}
