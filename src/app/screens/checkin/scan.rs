//! What a scan is: the forms a ticket really has
//! (docs/desk.md#what-the-desk-reads-as-a-ticket), and a scanner's burst told from hand typing. Pure
//! functions, shared with `boxoffice admit`.
//!
//! A scan is judged only when the whole scanned text (trimmed) is one of:
//! - a ticket's number, any case, with or without separators (`-`, `_`,
//!   a space): `TK-000036`, `tk000036`, `tk 000036`;
//! - a ticket's id (only digits), where the desk accepts ids;
//! - a URL (`http://`, `https://`) or a code (`ticket:TK-000036`) that
//!   carries one of those as a whole component (between `/ ? & = # : ;`).
//!
//! Everything else is not a ticket code.

use std::time::{Duration, Instant};

/// One way a scan may name a ticket.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    /// A number, compacted ([`compact`]): "TK000036".
    Number(String),
    /// An id.
    Id(u64),
}

/// What a scan names: the ways to find its ticket, the likeliest first
/// (the whole text, then a URL's or code's components from the last).
/// Empty: not a ticket code.
pub fn parse_scan(input: &str, accept_ids: bool) -> Vec<Key> {
    let text = input.trim();
    if let Some(key) = whole(text, accept_ids) {
        return vec![key];
    }
    if !text.contains(DELIMITERS) || !text.bytes().all(|b| b.is_ascii_graphic()) {
        return vec![];
    }
    let mut rest = text;
    for scheme in ["https://", "http://"] {
        if text.len() > scheme.len() && text[..scheme.len()].eq_ignore_ascii_case(scheme) {
            // The host is not a component a ticket is carried in.
            rest = text[scheme.len()..]
                .split_once('/')
                .map_or("", |(_, path)| path);
        }
    }
    let mut keys: Vec<Key> = Vec::new();
    for part in rest.rsplit(DELIMITERS) {
        if let Some(key) = whole(part, accept_ids)
            && !keys.contains(&key)
        {
            keys.push(key);
        }
    }
    // A number is likelier than digits (a port, a page, an event id).
    keys.sort_by_key(|k| matches!(k, Key::Id(_)));
    keys
}

/// The characters between a URL's or code's components.
const DELIMITERS: [char; 7] = ['/', '?', '&', '=', '#', ':', ';'];

/// The separators a number may be written with or without.
fn separator(c: char) -> bool {
    matches!(c, '-' | '_' | ' ')
}

/// A whole text as a number (letters, an optional separator, digits) or an id.
fn whole(text: &str, accept_ids: bool) -> Option<Key> {
    if text.is_empty() || text.len() > 64 {
        return None;
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return if accept_ids {
            text.parse().ok().map(Key::Id)
        } else {
            None
        };
    }
    let letters = text.find(|c: char| !c.is_ascii_alphabetic())?;
    let (prefix, rest) = text.split_at(letters);
    let digits = rest.strip_prefix(separator).unwrap_or(rest);
    let number =
        !prefix.is_empty() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    number.then(|| Key::Number(compact(text)))
}

/// A number as the desk compares it: upper case, separators left out.
pub fn compact(number: &str) -> String {
    number
        .chars()
        .filter(|c| !separator(*c))
        .flat_map(char::to_uppercase)
        .collect()
}

/// A scanner's keys come at most this far apart.
pub const BURST_GAP: Duration = Duration::from_millis(50);
/// A burst is at least this many characters.
pub const BURST_CHARS: usize = 4;

/// Where the scanner's burst begins in keys typed at `times`: the last run
/// of at least [`BURST_CHARS`] keys each at most [`BURST_GAP`] after the one
/// before. `None`: typed by hand.
pub fn burst_start(times: &[Instant]) -> Option<usize> {
    let mut start = times.len().checked_sub(1)?;
    while start > 0 && times[start].duration_since(times[start - 1]) <= BURST_GAP {
        start -= 1;
    }
    (times.len() - start >= BURST_CHARS).then_some(start)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn n(s: &str) -> Vec<Key> {
        vec![Key::Number(s.into())]
    }

    #[test]
    fn numbers_in_any_case_with_or_without_separators() {
        for text in [
            "TK-000036",
            "tk000036",
            "tk 000036",
            " Tk_000036\n",
            "TK000036",
        ] {
            assert_eq!(parse_scan(text, true), n("TK000036"), "{text:?}");
        }
    }

    #[test]
    fn ids_only_where_the_desk_accepts_them() {
        assert_eq!(parse_scan("41", true), vec![Key::Id(41)]);
        assert!(parse_scan("41", false).is_empty());
        assert!(parse_scan("99999999999999999999999", true).is_empty());
    }

    #[test]
    fn urls_and_codes_carry_a_number_or_id_as_a_whole_component() {
        assert_eq!(
            parse_scan("https://x.example/t/TK-000041", true),
            n("TK000041")
        );
        assert_eq!(
            parse_scan("https://x.example/t/TK-000041/", true),
            n("TK000041")
        );
        assert_eq!(
            parse_scan("https://x.example/check?ticket=41", true),
            vec![Key::Id(41)]
        );
        assert_eq!(parse_scan("ticket:TK-000041", true), n("TK000041"));
        // The host is no component; a number comes before digits.
        assert_eq!(
            parse_scan("https://tk1.example:8080/e/7/TK-000041", true),
            vec![Key::Number("TK000041".into()), Key::Id(7)]
        );
    }

    #[test]
    fn garbage_ending_in_digits_is_not_a_ticket_code() {
        for text in [
            "Q9#x%zz-17",
            "qTK-000036",
            "EVT-12-TK-000041",
            "TK--000041",
            "TK-0000-41",
            "jean-luc",
            "Ana García",
            "   ",
            "TK-\u{1b}000041",
            "-17",
            "17-",
        ] {
            let keys = parse_scan(text, true);
            assert!(
                keys.iter()
                    .all(|k| k != &Key::Id(17) && k != &Key::Number("TK000036".into())),
                "{text:?} → {keys:?}"
            );
        }
        assert!(parse_scan("qTK-000036", true) == n("QTK000036"));
        // Its one whole component that reads as a number is "Q9": a ticket
        // numbered Q9 only (none is: UNKNOWN), never ticket 17.
        assert_eq!(parse_scan("Q9#x%zz-17", true), n("Q9"));
        assert!(parse_scan("EVT-12-TK-000041", true).is_empty());
    }

    #[test]
    fn a_burst_is_the_last_run_of_quick_keys() {
        let t0 = Instant::now();
        let at = |ms: &[u64]| {
            ms.iter()
                .map(|m| t0 + Duration::from_millis(*m))
                .collect::<Vec<_>>()
        };
        // "q" by hand 1.5 s before a scanner's nine keys 5 ms apart.
        let mut keys = vec![0];
        keys.extend((0..9).map(|i| 1500 + 5 * i));
        assert_eq!(burst_start(&at(&keys)), Some(1));
        // Typed by hand, 300 ms apart: no burst.
        assert_eq!(burst_start(&at(&[0, 300, 600, 900, 1200])), None);
        // Three quick keys are not a burst.
        assert_eq!(burst_start(&at(&[0, 5, 10])), None);
        assert_eq!(burst_start(&[]), None);
        assert_eq!(burst_start(&at(&[0, 5, 10, 15])), Some(0));
    }

    /// A documented form of one of `tickets` (number, id): the oracle the
    /// property checks against, written from the docs, not from the parser.
    fn is_form_of(text: &str, tickets: &[(&str, u64)]) -> bool {
        let text = text.trim();
        let number_form = |s: &str, number: &str| {
            let squeeze = |s: &str| {
                s.chars()
                    .filter(|c| !matches!(c, '-' | '_' | ' '))
                    .collect::<String>()
                    .to_ascii_uppercase()
            };
            s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ' '))
                && squeeze(s) == squeeze(number)
                && s.chars().filter(|c| matches!(c, '-' | '_' | ' ')).count() <= 1
        };
        let one = |s: &str| {
            tickets.iter().any(|(number, id)| {
                number_form(s, number)
                    || (s.bytes().all(|b| b.is_ascii_digit()) && s.parse::<u64>() == Ok(*id))
            })
        };
        if one(text) {
            return true;
        }
        text.bytes().all(|b| b.is_ascii_graphic())
            && text.split(['/', '?', '&', '=', '#', ':', ';']).any(one)
    }

    const TICKETS: [(&str, u64); 3] = [("TK-000017", 17), ("TK-000036", 36), ("AB-9", 1017)];

    /// Finds what `keys` name among `TICKETS`, as the desk's index does.
    fn found(keys: &[Key]) -> bool {
        keys.iter().any(|k| {
            TICKETS.iter().any(|(number, id)| match k {
                Key::Number(n) => *n == compact(number),
                Key::Id(i) => i == id,
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        /// Random text (digit tails, punctuation, control bytes, ticket
        /// numbers glued to garbage) names a ticket only when it is one of
        /// the documented forms of one.
        #[test]
        fn only_a_documented_form_names_a_ticket(
            head in "[ -~\\x00-\\x1f\\x7f]{0,6}",
            core in prop::sample::select(vec![
                "TK-000017", "tk000017", "tk 000036", "TK_000036", "17", "36", "1017",
                "ab9", "AB-9", "000017", "TK-17", "Q9#x%zz-17", "", "TK-0000-36",
            ]),
            sep in prop::sample::select(vec!["", "/", "?t=", "#", ":", "-", " ", "%", "\u{1b}"]),
            tail in "[0-9A-Za-z\\-/#:%]{0,4}",
        ) {
            let text = format!("{head}{sep}{core}{tail}");
            let keys = parse_scan(&text, true);
            if found(&keys) {
                prop_assert!(is_form_of(&text, &TICKETS), "{text:?} → {keys:?}");
            }
        }
    }
}
