//! A tab bar that never loses the current tab: `1 all 120 │ [2 confirmed
//! 100] │ 3 unenrolled 20` when it fits; else tighter separators, then the
//! other tabs abbreviated (`6 canc 6`), then every tab abbreviated, and
//! last a window around the current tab with `…` where tabs are hidden.
//! The current tab is always drawn and always bracketed.

use super::table::{truncate, width};

/// One tab as the caller counts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabLabel {
    /// The key that selects it (`2`).
    pub key: String,
    /// What it holds (`confirmed`).
    pub name: String,
    /// How many it shows (`12`).
    pub count: String,
    /// Of how many, when a filter narrows it (`49`: `12 of 49`).
    pub of: Option<String>,
}

/// What a piece of the bar is, for its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// The current tab, bracketed.
    Current,
    /// Another tab.
    Other,
    /// Between two tabs.
    Gap,
    /// `…`: tabs hidden on that side.
    More,
}

/// How far a bar is shortened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    Full,
    Tight,
    OthersShort,
    AllShort,
}

const SHORT: usize = 4;

fn label(tab: &TabLabel, current: bool, level: Level) -> String {
    let short = match level {
        Level::Full | Level::Tight => false,
        Level::OthersShort => !current,
        Level::AllShort => true,
    };
    let name: String = if short {
        tab.name.chars().take(SHORT).collect()
    } else {
        tab.name.clone()
    };
    let count = match (&tab.of, short) {
        (Some(of), false) => format!("{} of {of}", tab.count),
        _ => tab.count.clone(),
    };
    let text = format!("{} {name} {count}", tab.key);
    if current { format!("[{text}]") } else { text }
}

fn gap(level: Level) -> &'static str {
    if level == Level::Full { " │ " } else { " " }
}

/// The bar for `tabs` with `current` selected, in `cols` terminal columns:
/// the pieces in order, each with what it is. Their widths add up to at
/// most `cols`.
pub fn tab_bar(tabs: &[TabLabel], current: usize, cols: usize) -> Vec<(String, Piece)> {
    if tabs.is_empty() {
        return Vec::new();
    }
    let current = current.min(tabs.len() - 1);
    for level in [Level::Full, Level::Tight, Level::OthersShort] {
        let labels: Vec<String> = tabs
            .iter()
            .enumerate()
            .map(|(i, t)| label(t, i == current, level))
            .collect();
        let total: usize =
            labels.iter().map(|l| width(l)).sum::<usize>() + width(gap(level)) * (labels.len() - 1);
        if total <= cols {
            return join(labels, current, 0, level);
        }
    }
    let whole = window(tabs, current, cols, Level::OthersShort);
    if whole
        .iter()
        .any(|(t, k)| *k == Piece::Current && t.ends_with(']'))
    {
        whole
    } else {
        window(tabs, current, cols, Level::AllShort)
    }
}

/// Every label, in order, `first` being the index of `labels[0]`.
fn join(labels: Vec<String>, current: usize, first: usize, level: Level) -> Vec<(String, Piece)> {
    let mut out = Vec::new();
    for (i, l) in labels.into_iter().enumerate() {
        if i > 0 {
            out.push((gap(level).to_string(), Piece::Gap));
        }
        let kind = if first + i == current {
            Piece::Current
        } else {
            Piece::Other
        };
        out.push((l, kind));
    }
    out
}

/// The widest run of abbreviated tabs around `current` that fits, with `…`
/// on each side that hides tabs.
fn window(tabs: &[TabLabel], current: usize, cols: usize, level: Level) -> Vec<(String, Piece)> {
    let labels: Vec<String> = tabs
        .iter()
        .enumerate()
        .map(|(i, t)| label(t, i == current, level))
        .collect();
    let cost = |lo: usize, hi: usize| -> usize {
        let inner: usize = labels[lo..=hi].iter().map(|l| width(l)).sum::<usize>() + (hi - lo);
        let left = if lo > 0 { 2 } else { 0 };
        let right = if hi + 1 < labels.len() { 2 } else { 0 };
        inner + left + right
    };
    let (mut lo, mut hi) = (current, current);
    loop {
        // Tabs after the current one first: the bar reads left to right.
        if hi + 1 < labels.len() && cost(lo, hi + 1) <= cols {
            hi += 1;
        } else if lo > 0 && cost(lo - 1, hi) <= cols {
            lo -= 1;
        } else {
            break;
        }
    }
    let mut out = Vec::new();
    if lo > 0 {
        out.push(("…".to_string(), Piece::More));
        out.push((" ".to_string(), Piece::Gap));
    }
    if lo == hi && cost(lo, hi) > cols {
        // Not even the current tab fits whole: cut it, brackets kept.
        let room = cols.saturating_sub(width(&out_text(&out)));
        let room = room.saturating_sub(if hi + 1 < labels.len() { 2 } else { 0 });
        let inner = labels[current]
            .trim_start_matches('[')
            .trim_end_matches(']');
        let text = if room >= 3 {
            format!("[{}]", truncate(inner, room - 2))
        } else {
            truncate("[", room)
        };
        out.push((text, Piece::Current));
    } else {
        out.extend(join(labels[lo..=hi].to_vec(), current, lo, level));
    }
    if hi + 1 < labels.len() {
        out.push((" ".to_string(), Piece::Gap));
        out.push(("…".to_string(), Piece::More));
    }
    out
}

fn out_text(pieces: &[(String, Piece)]) -> String {
    pieces.iter().map(|(t, _)| t.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tabs(of: bool) -> Vec<TabLabel> {
        [
            ("1", "all", "100,000", "100,000"),
            ("2", "confirmed", "60,012", "60,012"),
            ("3", "unenrolled", "10,011", "10,011"),
            ("4", "open", "9,990", "9,990"),
            ("5", "pending", "10,043", "10,043"),
            ("6", "cancelled", "9,944", "9,944"),
        ]
        .iter()
        .map(|(k, n, c, o)| TabLabel {
            key: (*k).into(),
            name: (*n).into(),
            count: if of { "67".into() } else { (*c).into() },
            of: of.then(|| (*o).into()),
        })
        .collect()
    }

    fn text(pieces: &[(String, Piece)]) -> String {
        out_text(pieces)
    }

    #[track_caller]
    fn check(tabs: &[TabLabel], current: usize, cols: usize) -> String {
        let pieces = tab_bar(tabs, current, cols);
        let line = text(&pieces);
        assert!(width(&line) <= cols, "{cols}: {line:?}");
        let marked: Vec<&String> = pieces
            .iter()
            .filter(|(_, k)| *k == Piece::Current)
            .map(|(t, _)| t)
            .collect();
        assert_eq!(marked.len(), 1, "{line}");
        assert!(marked[0].starts_with('['), "{line}");
        if cols >= 12 {
            assert!(marked[0].ends_with(']'), "{line}");
            assert!(
                marked[0].starts_with(&format!("[{}", tabs[current].key)),
                "{line}"
            );
        }
        line
    }

    #[test]
    fn wide_bars_show_every_tab_whole() {
        let t = tabs(false);
        assert_eq!(
            check(&t, 5, 160),
            "1 all 100,000 │ 2 confirmed 60,012 │ 3 unenrolled 10,011 │ 4 open 9,990 │ 5 pending 10,043 │ [6 cancelled 9,944]"
        );
    }

    #[test]
    fn at_80_columns_the_others_are_abbreviated_and_the_current_is_whole() {
        let t = tabs(false);
        assert_eq!(
            check(&t, 5, 80),
            "… 2 conf 60,012 3 unen 10,011 4 open 9,990 5 pend 10,043 [6 cancelled 9,944]"
        );
        assert_eq!(
            check(&t, 0, 80),
            "[1 all 100,000] 2 conf 60,012 3 unen 10,011 4 open 9,990 5 pend 10,043 …"
        );
    }

    #[test]
    fn at_40_columns_a_window_scrolls_to_the_current_tab() {
        let t = tabs(false);
        for current in 0..t.len() {
            let line = check(&t, current, 40);
            if current > 1 {
                assert!(line.starts_with('…'), "{line}");
            }
        }
        assert_eq!(check(&t, 5, 40), "… 5 pend 10,043 [6 cancelled 9,944]");
        assert_eq!(check(&t, 2, 12), "… [3 une…] …");
        let line = check(&t, 0, 40);
        assert!(
            line.starts_with("[1 all 100,000]") && line.ends_with('…'),
            "{line}"
        );
    }

    #[test]
    fn filtered_counts_say_of_how_many_while_there_is_room() {
        let t = tabs(true);
        let line = check(&t, 1, 160);
        assert!(line.contains("[2 confirmed 67 of 60,012]"), "{line}");
        check(&t, 1, 80);
        check(&t, 3, 40);
    }

    #[test]
    fn every_size_and_tab_keeps_the_current_one() {
        for of in [false, true] {
            let t = tabs(of);
            for cols in [8, 12, 20, 40, 60, 80, 100, 160] {
                for current in 0..t.len() {
                    check(&t, current, cols);
                }
            }
        }
        assert!(tab_bar(&[], 0, 80).is_empty());
    }
}
