//! The one reading of a ticket number as a person types or says it: any
//! case, with or without the separator, with spaces (`tk 000230`,
//! `TK000230`, ` tk-000230 `), and without the prefix where the business's
//! numbers have one (`230` or `000230` is `TK-000230` when no other known
//! number ends in that serial). `:ticket`, the list filters, the headless
//! `ticket`/`revoke` look-up and the desk's manual entry all read numbers
//! through here, so a form accepted in one place is accepted in all.
//!
//! Pure: it knows no record and no screen; what numbers are known is passed
//! in as plain strings.

/// Characters a person may put between the parts of a number, or around
/// it: they are ignored.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '-' | '‐' | '‑' | '–' | '—' | '_' | '.' | '/' | '#')
}

/// What a typed text is, read as a ticket number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// A whole number (it has letters): its [`key`], e.g. `TK000230`.
    Whole(String),
    /// Only digits: the serial of a number whose prefix was left out
    /// (leading zeros dropped, `000230` → `230`). It may also be an id;
    /// the caller decides which it tries first.
    Serial(String),
}

/// Reads what was typed. `None` when nothing but separators (spaces, `-`,
/// `_`, `.`, `/`, `#`) was typed.
pub fn read(typed: &str) -> Option<Reading> {
    let key = key(typed);
    if key.is_empty() {
        None
    } else if key.bytes().all(|b| b.is_ascii_digit()) {
        Some(Reading::Serial(without_zeros(&key).to_owned()))
    } else {
        Some(Reading::Whole(key))
    }
}

/// The form numbers are compared in: upper case, separators left out
/// (`tk-000230` → `TK000230`). Two numbers are the same ticket's when their
/// keys are equal. Meant for a number as the API sent it, and for an index
/// keyed by number. Other characters are kept, so a number of another
/// shape (`TK:1`) is still found by itself, and `TK-000230?` is not
/// `TK-000230`.
pub fn key(number: &str) -> String {
    keyed(number).collect()
}

/// The characters of [`key`].
fn keyed(number: &str) -> impl Iterator<Item = char> + '_ {
    number
        .chars()
        .filter(|c| !is_separator(*c))
        .flat_map(char::to_uppercase)
}

/// The serial of a number shaped "letters, then digits" (`TK-000230` →
/// `230`, `TK-000000` → `0`): what a person says when they leave the prefix
/// out. `None` for a number of another shape, which is then matched only
/// whole.
pub fn serial(number: &str) -> Option<String> {
    split(&key(number)).map(|(_, serial)| serial.to_owned())
}

/// `000230` → `230`; `000` → `0`.
fn without_zeros(digits: &str) -> &str {
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() && !digits.is_empty() {
        "0"
    } else {
        trimmed
    }
}

impl Reading {
    /// Whether `number` (as the API sent it) is what was typed: the same
    /// key; or the same prefix and serial whatever the leading zeros
    /// (`tk 230` is `TK-000230`); or, for a serial alone, a number of the
    /// shape "letters, then digits" with that serial. A serial can match
    /// several numbers (`230` is `TK-000230` and `VIP-230`): [`resolve`]
    /// says when it is unique.
    pub fn matches(&self, number: &str) -> bool {
        match self {
            Self::Whole(wanted) => {
                keyed(number).eq(wanted.chars())
                    || split(wanted)
                        .is_some_and(|(prefix, serial)| shaped_as(number, Some(prefix), serial))
            }
            Self::Serial(wanted) => {
                keyed(number).eq(wanted.chars()) || shaped_as(number, None, wanted)
            }
        }
    }
}

/// The form a list keeps of each number for its filter, made once per row:
/// for a number of the shape "letters, then digits", its prefix and its
/// serial (`TK-000230` → `TK230`); any other number, its [`key`]. Whether a
/// reading names a number is then a comparison of short texts kept side by
/// side ([`Wanted::matches`]), not a reading of every row.
pub fn canonical(number: &str) -> String {
    let key = key(number);
    match split(&key) {
        Some((prefix, serial)) => format!("{prefix}{serial}"),
        None => key,
    }
}

/// A reading as a filter tests it against [`canonical`] forms: made once
/// per query. It names exactly the numbers [`Reading::matches`] names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wanted {
    /// The canonical form wanted (a serial alone: the serial).
    form: String,
    /// Only a serial was typed: any prefix of letters before it will do.
    serial: bool,
}

impl Reading {
    /// The reading as a filter compares it ([`Wanted::matches`]).
    pub fn wanted(&self) -> Wanted {
        match self {
            Self::Whole(key) => Wanted {
                form: split(key).map_or_else(|| key.clone(), |(p, s)| format!("{p}{s}")),
                serial: false,
            },
            Self::Serial(serial) => Wanted {
                form: serial.clone(),
                serial: true,
            },
        }
    }
}

impl Wanted {
    /// Whether the number whose [`canonical`] form is `form` is the one
    /// read: the same form; or, for a serial alone, letters and then it.
    pub fn matches(&self, form: &str) -> bool {
        if form == self.form {
            return true;
        }
        self.serial
            && form.strip_suffix(self.form.as_str()).is_some_and(|prefix| {
                !prefix.is_empty() && prefix.bytes().all(|b| b.is_ascii_alphabetic())
            })
    }
}

/// A key of the shape "letters, then digits" as its prefix and serial
/// (`TK000230` → `TK`, `230`).
fn split(key: &str) -> Option<(&str, &str)> {
    let at = key.find(|c: char| c.is_ascii_digit())?;
    let (prefix, digits) = key.split_at(at);
    let shaped = !prefix.is_empty()
        && prefix.bytes().all(|b| b.is_ascii_alphabetic())
        && digits.bytes().all(|b| b.is_ascii_digit());
    shaped.then(|| (prefix, without_zeros(digits)))
}

/// Whether `number` is of the shape "letters, then digits" with this
/// prefix (any prefix when `None`) and this serial; without allocating, as
/// a filter asks it of every row.
fn shaped_as(number: &str, prefix: Option<&str>, serial: &str) -> bool {
    let mut chars = keyed(number).peekable();
    if let Some(prefix) = prefix {
        for p in prefix.chars() {
            if chars.next() != Some(p) {
                return false;
            }
        }
    } else {
        let mut letters = 0;
        while chars.next_if(char::is_ascii_alphabetic).is_some() {
            letters += 1;
        }
        if letters == 0 {
            return false;
        }
    }
    let mut zeros = 0;
    while chars.next_if_eq(&'0').is_some() {
        zeros += 1;
    }
    if serial == "0" {
        return zeros > 0 && chars.next().is_none();
    }
    chars.eq(serial.chars())
}

/// Whether `number` is what `typed` reads as (see [`Reading::matches`]);
/// false when `typed` is not a number at all.
pub fn same(typed: &str, number: &str) -> bool {
    read(typed).is_some_and(|r| r.matches(number))
}

/// Which of the known numbers a typed text names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved<T> {
    /// Exactly one: this one.
    One(T),
    /// Several (a serial shared by numbers of different prefixes): how many.
    Several(usize),
    /// None of them (or the text is not a number).
    None,
}

/// Which of `known` the text `typed` names: a whole number by its key, a
/// serial only when exactly one known number has it. Each item is returned
/// with the number it is known by (`label`), e.g. a row and its number.
pub fn resolve<T, I, F>(typed: &str, known: I, label: F) -> Resolved<T>
where
    I: IntoIterator<Item = T>,
    F: Fn(&T) -> &str,
{
    let Some(reading) = read(typed) else {
        return Resolved::None;
    };
    let mut found = None;
    let mut count = 0_usize;
    for item in known {
        if reading.matches(label(&item)) {
            // A whole key names one ticket: the first is it.
            if matches!(reading, Reading::Whole(_)) {
                return Resolved::One(item);
            }
            count += 1;
            if found.is_none() {
                found = Some(item);
            }
        }
    }
    match (found, count) {
        (Some(item), 1) => Resolved::One(item),
        (Some(_), n) => Resolved::Several(n),
        (None, _) => Resolved::None,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    /// Every form a person types or says for `TK-000230`, and forms that are
    /// not it; the headless look-up, `:ticket`, the filters and the desk all
    /// read through `same`/`resolve`, so this table is what each accepts.
    #[test]
    fn the_forms_of_a_number() {
        let yes = [
            "TK-000230",
            "tk-000230",
            "TK000230",
            "tk000230",
            "tk 000230",
            "TK 000 230",
            " tk-000230\t",
            "Tk_000230",
            "TK.000230",
            "#TK-000230",
            "TK–000230",
            "230",
            "000230",
            " 230 ",
            "0230",
            "tk 230",
            "TK0230",
        ];
        for typed in yes {
            assert!(same(typed, "TK-000230"), "{typed:?} should be TK-000230");
        }
        let no = [
            "",
            "  ",
            "-",
            "TK-00023",
            "TK-0002300",
            "TK-000231",
            "XK-000230",
            "23",
            "2300",
            "TK-000230?",
            "TK-000230,",
            "tķ-000230",
            "https://t.example/TK-000230",
        ];
        for typed in no {
            assert!(
                !same(typed, "TK-000230"),
                "{typed:?} should not be TK-000230"
            );
        }
    }

    #[test]
    fn readings() {
        for (typed, reading) in [
            ("tk 000230", Some(Reading::Whole("TK000230".into()))),
            ("000230", Some(Reading::Serial("230".into()))),
            ("000", Some(Reading::Serial("0".into()))),
            ("A1-B2", Some(Reading::Whole("A1B2".into()))),
            (" - ", None),
            ("tk:1", Some(Reading::Whole("TK:1".into()))),
        ] {
            assert_eq!(read(typed), reading, "{typed:?}");
        }
        assert_eq!(key(" tk-000230 "), "TK000230");
        assert_eq!(serial("TK-000230").as_deref(), Some("230"));
        assert_eq!(serial("VIP 0007").as_deref(), Some("7"));
        assert_eq!(serial("TK-000000").as_deref(), Some("0"));
        // Numbers of another shape are matched only whole.
        for other in ["2024-17", "A1-B2", "17", ""] {
            assert_eq!(serial(other), None, "{other:?}");
        }
        assert!(same("2024 17", "2024-17"));
        assert!(!same("17", "2024-17"));
        assert!(same("tk:1", "TK:1"));
    }

    proptest::proptest! {
        /// The rule: a filter's comparison of canonical forms names exactly
        /// the numbers the reading names, whatever was typed and whatever
        /// the number's shape.
        #[test]
        fn canonical_forms_name_what_the_reading_names(
            typed in "[tkTK0-9 ß:-]{0,9}",
            number in "[tkTK0-9 ß:-]{0,9}",
        ) {
            if let Some(reading) = read(&typed) {
                proptest::prop_assert_eq!(
                    reading.matches(&number),
                    reading.wanted().matches(&canonical(&number)),
                    "{:?} {:?}", typed, number
                );
            }
        }
    }

    #[test]
    fn canonical_forms() {
        assert_eq!(canonical("TK-000230"), "TK230");
        assert_eq!(canonical("tk 000000"), "TK0");
        assert_eq!(canonical("2024-17"), "202417");
        let wanted = |t: &str| read(t).unwrap().wanted();
        assert!(wanted("tk 230").matches("TK230"));
        assert!(wanted("230").matches("VIP230"));
        assert!(!wanted("230").matches("1230"));
        assert!(!wanted("30").matches("TK230"));
    }

    #[test]
    fn a_serial_names_a_number_only_when_it_is_unique() {
        fn label<'a>(n: &'a &str) -> &'a str {
            n
        }
        let known = ["TK-000229", "TK-000230", "VIP-0231", "VIP-0229"];
        assert_eq!(resolve("230", known, label), Resolved::One("TK-000230"));
        assert_eq!(
            resolve("tk 000230", known, label),
            Resolved::One("TK-000230")
        );
        assert_eq!(resolve("231", known, label), Resolved::One("VIP-0231"));
        assert_eq!(resolve("229", known, label), Resolved::Several(2));
        assert_eq!(resolve("vip229", known, label), Resolved::One("VIP-0229"));
        assert_eq!(resolve("232", known, label), Resolved::None);
        assert_eq!(resolve("TK?", known, label), Resolved::None);
        assert_eq!(resolve(" ", known, label), Resolved::None);
    }
}
