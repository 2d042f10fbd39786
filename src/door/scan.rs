//! What a scan is: the forms a ticket really has (docs/desk.md, "What the
//! desk reads as a ticket"). Pure, shared by the desk and `admit`.
//!
//! The whole scanned text (spaces, tabs and line ends around it trimmed)
//! is one of:
//! - a ticket's number: letters, at most one separator (`-`, `_`, a
//!   space), digits, in any case: `TK-000036`, `tk000036`;
//! - a ticket's id (digits only), where the door accepts ids;
//! - a link (`http://`, `https://`) to a host the door trusts, carrying a
//!   number or an id as its `ticket=` (else `id=`) query value, else as its
//!   last path segment.
//!
//! Anything else is not a ticket code; a control byte anywhere makes it
//! none; a link to a host not trusted is a link to another site.

/// One way a scan names a ticket.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    /// A number, compacted ([`compact`]): "TK000036".
    Number(String),
    /// An id.
    Id(u64),
}

/// What a scanned text is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scanned {
    /// A form a ticket has: the ticket it names.
    Ticket(Key),
    /// None of the forms (a control byte in it, a code that merely holds
    /// digits, a link that carries no number or id).
    NotACode,
    /// A link to a host the door does not trust (the host, lower case).
    Foreign(String),
}

/// What the door reads as a scan: ids alone or not, and the hosts whose
/// links it reads (each with its subdomains).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScanRules {
    pub accept_ids: bool,
    hosts: Vec<String>,
}

impl Default for ScanRules {
    fn default() -> Self {
        Self::new(true, Vec::<String>::new())
    }
}

impl ScanRules {
    /// `hosts` as written ("Shop.Example", "shop.example:443", ".shop.example"
    /// are one host); empty ones are left out.
    pub fn new<S: AsRef<str>>(accept_ids: bool, hosts: impl IntoIterator<Item = S>) -> Self {
        let mut rules = Self {
            accept_ids,
            hosts: Vec::new(),
        };
        for h in hosts {
            rules.trust(h.as_ref());
        }
        rules
    }

    /// Trusts `host` (and its subdomains) too.
    pub fn trust(&mut self, host: &str) {
        let host = host_only(host.trim())
            .trim_matches('.')
            .to_ascii_lowercase();
        if !host.is_empty() && !self.hosts.contains(&host) {
            self.hosts.push(host);
        }
    }

    /// The hosts trusted, as kept.
    pub fn hosts(&self) -> &[String] {
        &self.hosts
    }

    /// Whether links from `host` (lower case, no port) are read.
    pub fn trusts(&self, host: &str) -> bool {
        self.hosts.iter().any(|h| {
            host == h
                || host
                    .strip_suffix(h.as_str())
                    .is_some_and(|sub| sub.ends_with('.'))
        })
    }
}

/// The host of `authority` without its port (`[::1]:8080` → `::1`).
fn host_only(authority: &str) -> &str {
    if let Some(rest) = authority.strip_prefix('[') {
        return rest.split(']').next().unwrap_or_default();
    }
    authority.split(':').next().unwrap_or_default()
}

/// Longest number a ticket has, and longest link read.
const MAX_NUMBER: usize = 64;
const MAX_LINK: usize = 2048;

/// What `input` is as a scan at a door with `rules`.
pub fn parse_scan(input: &str, rules: &ScanRules) -> Scanned {
    let text = input.trim_matches([' ', '\t', '\r', '\n']);
    if text.is_empty() || text.chars().any(char::is_control) {
        return Scanned::NotACode;
    }
    if let Some(key) = whole(text, rules.accept_ids) {
        return Scanned::Ticket(key);
    }
    link(text, rules)
}

/// A link's ticket: its `ticket=` (else `id=`) query value, else its last
/// path segment, from a host the door trusts.
fn link(text: &str, rules: &ScanRules) -> Scanned {
    let scheme = ["https://", "http://"].into_iter().find(|s| {
        text.len() > s.len() && text.as_bytes()[..s.len()].eq_ignore_ascii_case(s.as_bytes())
    });
    let Some(scheme) = scheme else {
        return Scanned::NotACode;
    };
    if text.len() > MAX_LINK || !text.bytes().all(|b| b.is_ascii_graphic()) {
        return Scanned::NotACode;
    }
    let rest = &text[scheme.len()..];
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, rest) = rest.split_at(end);
    // A user name before the host ("shop.example@evil.example") only
    // dresses a link up as another.
    if authority.contains('@') {
        return Scanned::NotACode;
    }
    let host = host_only(authority).to_ascii_lowercase();
    if host.is_empty() {
        return Scanned::NotACode;
    }
    if !rules.trusts(&host) {
        return Scanned::Foreign(host);
    }
    let rest = rest.split('#').next().unwrap_or_default();
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let value = |name: &str| {
        query.split('&').find_map(|pair| {
            let (k, v) = pair.split_once('=')?;
            k.eq_ignore_ascii_case(name).then_some(v)
        })
    };
    let carried = value("ticket")
        .or_else(|| value("id"))
        .or_else(|| path.rsplit('/').find(|s| !s.is_empty()));
    carried
        .and_then(|c| whole(c, rules.accept_ids))
        .map_or(Scanned::NotACode, Scanned::Ticket)
}

/// The separators a number may be written with or without.
fn separator(c: char) -> bool {
    matches!(c, '-' | '_' | ' ')
}

/// A whole text as a number (letters, an optional separator, digits) or an id.
fn whole(text: &str, accept_ids: bool) -> Option<Key> {
    if text.is_empty() || text.len() > MAX_NUMBER {
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

/// A number as the door compares it: upper case, separators left out.
pub fn compact(number: &str) -> String {
    compacted(number).collect()
}

/// [`compact`]'s characters, one by one (no allocation: the index hashes
/// and compares numbers this way).
pub fn compacted(number: &str) -> impl Iterator<Item = char> + '_ {
    number
        .chars()
        .filter(|c| !separator(*c))
        .flat_map(char::to_uppercase)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn rules() -> ScanRules {
        ScanRules::new(true, ["shop.example", "Tickets.Example:443"])
    }

    fn n(s: &str) -> Scanned {
        Scanned::Ticket(Key::Number(s.into()))
    }

    fn id(i: u64) -> Scanned {
        Scanned::Ticket(Key::Id(i))
    }

    #[test]
    fn numbers_in_any_case_with_or_without_one_separator() {
        for text in [
            "TK-000036",
            "tk000036",
            "tk 000036",
            " Tk_000036\r\n",
            "TK000036",
        ] {
            assert_eq!(parse_scan(text, &rules()), n("TK000036"), "{text:?}");
        }
    }

    #[test]
    fn ids_only_where_the_door_accepts_them() {
        assert_eq!(parse_scan("41", &rules()), id(41));
        assert_eq!(parse_scan("000041", &rules()), id(41));
        let no_ids = ScanRules::new(false, ["shop.example"]);
        assert_eq!(parse_scan("41", &no_ids), Scanned::NotACode);
        assert_eq!(
            parse_scan("99999999999999999999999", &rules()),
            Scanned::NotACode
        );
    }

    #[test]
    fn links_from_trusted_hosts_carry_a_query_value_or_their_last_segment() {
        let r = rules();
        for (text, read) in [
            ("https://shop.example/t/TK-000041", n("TK000041")),
            ("HTTPS://SHOP.EXAMPLE/t/41/", id(41)),
            (
                "https://www.shop.example:8443/e/7/t/TK-000041#top",
                n("TK000041"),
            ),
            ("https://tickets.example/check?lang=en&ticket=41", id(41)),
            ("http://shop.example/e/7?id=TK-000041", n("TK000041")),
            // ticket= comes before id=, and a present value is the only one read.
            ("https://shop.example/t/41?id=42&ticket=43", id(43)),
            ("https://shop.example/t/41?ticket=x", Scanned::NotACode),
            ("https://shop.example/t/41/edit", Scanned::NotACode),
        ] {
            assert_eq!(parse_scan(text, &r), read, "{text}");
        }
    }

    #[test]
    fn links_from_other_hosts_are_links_to_another_site() {
        let r = rules();
        for (text, host) in [
            ("https://evil.example/t/TK-000041", "evil.example"),
            (
                "https://shop.example.evil.example/t/41",
                "shop.example.evil.example",
            ),
            ("https://notshop.example/t/41", "notshop.example"),
            ("http://127.0.0.1:9/t/41", "127.0.0.1"),
        ] {
            assert_eq!(
                parse_scan(text, &r),
                Scanned::Foreign(host.into()),
                "{text}"
            );
        }
        // A user name before the host dresses a link up as another's.
        assert_eq!(
            parse_scan("https://shop.example@evil.example/t/41", &r),
            Scanned::NotACode
        );
    }

    #[test]
    fn codes_that_hold_digits_and_control_bytes_are_not_ticket_codes() {
        for text in [
            "43#a3f",
            "Q9#x%zz-17",
            "qTK-000036x",
            "EVT-12-TK-000041",
            "TK--000041",
            "TK-0000-41",
            "ticket:TK-000041",
            "jean-luc",
            "Ana García",
            "   ",
            "TK-\u{1b}000041",
            "TK-00\u{1b}[2J0031",
            "\u{1b}]0;pwned\u{7}TK-000031",
            "TK-000\t031",
            "TK-0000\u{85}31",
            "-17",
            "17-",
            "shop.example/t/41",
        ] {
            assert_eq!(parse_scan(text, &rules()), Scanned::NotACode, "{text:?}");
        }
    }

    #[test]
    fn hosts_are_kept_once_without_port_or_case() {
        let mut r = ScanRules::new(true, ["Shop.Example:443", ".shop.example", ""]);
        r.trust("[::1]:8080");
        assert_eq!(r.hosts(), ["shop.example", "::1"]);
        assert!(r.trusts("a.b.shop.example"));
        assert!(!r.trusts("shop.example.org"));
    }

    /// The documented forms, written from docs/desk.md and not from the
    /// parser: `text` names `key` at a door trusting `shop.example`.
    fn documented(text: &str, key: &Key) -> bool {
        let text = text.trim_matches([' ', '\t', '\r', '\n']);
        if text.chars().any(char::is_control) {
            return false;
        }
        let bare = |s: &str| match key {
            Key::Id(i) => {
                !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && s.parse() == Ok(*i)
            }
            Key::Number(n) => {
                let seps = s.chars().filter(|c| matches!(c, '-' | '_' | ' ')).count();
                let letters = s.chars().take_while(char::is_ascii_alphabetic).count();
                let rest: String = s.chars().skip(letters).collect();
                let digits = rest.trim_start_matches(['-', '_', ' ']);
                seps <= 1
                    && letters > 0
                    && !digits.is_empty()
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && s.replace(['-', '_', ' '], "").to_ascii_uppercase() == *n
            }
        };
        if bare(text) {
            return true;
        }
        let lower = text.to_ascii_lowercase();
        let Some(rest) = lower
            .strip_prefix("https://")
            .or_else(|| lower.strip_prefix("http://"))
        else {
            return false;
        };
        let original = &text[text.len() - rest.len()..];
        let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let host = rest[..host_end].split(':').next().unwrap_or_default();
        if !(host == "shop.example" || host.ends_with(".shop.example"))
            || rest[..host_end].contains('@')
            || !text.bytes().all(|b| b.is_ascii_graphic())
        {
            return false;
        }
        let tail = original[host_end..].split('#').next().unwrap_or_default();
        let (path, query) = tail.split_once('?').unwrap_or((tail, ""));
        let param = |name: &str| {
            query
                .split('&')
                .filter_map(|p| p.split_once('='))
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v)
        };
        match param("ticket").or_else(|| param("id")) {
            Some(v) => bare(v),
            None => path.split('/').rfind(|s| !s.is_empty()).is_some_and(bare),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        /// Random text (digit tails, punctuation, control bytes, numbers
        /// glued to garbage, links to trusted and foreign hosts with path
        /// segments and query values) names a ticket only in a documented
        /// form.
        #[test]
        fn only_a_documented_form_names_a_ticket(
            head in prop::sample::select(vec![
                "", "", "https://shop.example/", "http://a.shop.example:80/t/",
                "https://evil.example/", "https://shop.example@evil.example/",
                "https://shop.example/c?ticket=", "https://shop.example/c?id=",
                "https://shop.example/c?lang=en&id=", " ", "\u{1b}", "ticket:",
            ]),
            noise in "[ -~\\x00-\\x1f\\x7f]{0,3}",
            core in prop::sample::select(vec![
                "TK-000017", "tk000017", "tk 000036", "TK_000036", "17", "36", "1017",
                "ab9", "AB-9", "000017", "TK-17", "Q9#x%zz-17", "", "TK-0000-36", "43#a3f",
            ]),
            sep in prop::sample::select(vec!["", "/", "?ticket=", "#", ":", "-", " ", "%", "\u{1b}", "&id="]),
            tail in "[0-9A-Za-z\\-/#:%?=&]{0,4}",
        ) {
            let text = format!("{head}{noise}{sep}{core}{tail}");
            if let Scanned::Ticket(key) = parse_scan(&text, &ScanRules::new(true, ["shop.example"])) {
                prop_assert!(documented(&text, &key), "{text:?} → {key:?}");
            }
        }

        /// And every documented form is read: a ticket's number in any
        /// spelling, its id, in a link's last segment or query value.
        #[test]
        fn every_documented_form_is_read(
            serial in 1u64..999_999,
            prefix in "[A-Za-z]{1,3}",
            sep in prop::sample::select(vec!["", "-", "_", " "]),
            zeros in 0usize..4,
            how in 0usize..5,
            sub in prop::sample::select(vec!["", "www.", "a.b."]),
        ) {
            let number = format!("{prefix}{sep}{}{serial}", "0".repeat(zeros));
            let key = Key::Number(compact(&number));
            let (text, want) = match how {
                0 => (number.clone(), key),
                1 => (format!("{}{serial}", "0".repeat(zeros)), Key::Id(serial)),
                2 => (format!("https://{sub}shop.example/t/{}", number.replace(' ', "_")), Key::Number(compact(&number.replace(' ', "_")))),
                3 => (format!("https://{sub}shop.example/x/1/?lang=en&ticket={serial}#a"), Key::Id(serial)),
                _ => (format!("http://{sub}shop.example:8080/t?id={serial}"), Key::Id(serial)),
            };
            prop_assert_eq!(
                parse_scan(&text, &ScanRules::new(true, ["shop.example"])),
                Scanned::Ticket(want)
            );
        }
    }
}
