//! Dates and days as the place writes them: "sáb 28 nov, 10:32",
//! "Sa. 28. Nov., 10:32"; "mañana", "en 3 días".

use super::Tongue;
use crate::clock::days_from_date;

impl Tongue {
    /// "YYYY-MM-DD HH:MM…" as the language writes a day and a time
    /// ("Sat 28 Nov, 10:32"); a day alone without its time; the text
    /// itself when it does not read as one.
    pub fn date_time(&self, at: &str) -> String {
        let Some(days) = at.get(..10).and_then(days_from_date) else {
            return at.to_string();
        };
        let part = |r: std::ops::Range<usize>| at.get(r).and_then(|s| s.parse::<u32>().ok());
        let (Some(month), Some(day)) = (part(5..7), part(8..10)) else {
            return at.to_string();
        };
        // 1970-01-01 was a Thursday: Monday is 0.
        let weekday = (days + 3).rem_euclid(7);
        match at
            .get(11..16)
            .filter(|t| t.as_bytes().get(2) == Some(&b':'))
        {
            Some(time) => self.ta(
                "date-time",
                &[
                    ("weekday", &weekday),
                    ("day", &day),
                    ("month", &month),
                    ("time", &time),
                ],
            ),
            None => self.ta(
                "date",
                &[("weekday", &weekday), ("day", &day), ("month", &month)],
            ),
        }
    }
}

impl Tongue {
    /// When an edition or event ended, with its zone: "Sat 14 Mar 2026
    /// 18:00 Asia/Tokyo" in English, else as the language writes a date
    /// ("14 mar 2026, 18:00 Asia/Tokyo").
    pub fn last_moment(&self, m: &crate::api::ended::LastMoment) -> String {
        if self.lang == super::Lang::EN {
            return m.said.clone();
        }
        format!("{} {}", self.date_long(&m.civil), m.zone)
    }

    /// "YYYY-MM-DD[ HH:MM…]" with its year, as a list or a detail screen
    /// writes it ("8 nov 2026, 03:00", "8. Nov. 2026"); the text itself
    /// when it does not read as one.
    pub fn date_long(&self, at: &str) -> String {
        let part = |r: std::ops::Range<usize>| at.get(r).and_then(|s| s.parse::<u32>().ok());
        let (Some(year), Some(month), Some(day)) = (part(0..4), part(5..7), part(8..10)) else {
            return at.to_string();
        };
        if !(1..=12).contains(&month)
            || !(1..=31).contains(&day)
            || at.get(..10).and_then(days_from_date).is_none()
        {
            return at.to_string();
        }
        let args: [(&str, &dyn std::fmt::Display); 3] =
            [("day", &day), ("month", &month), ("year", &year)];
        match time_of(at) {
            Some(time) => {
                let mut all = args.to_vec();
                all.push(("time", &time));
                self.ta("date-long-time", &all)
            }
            None => self.ta("date-long", &args),
        }
    }

    /// `text` with each date in it ("2026-11-25", "2026-11-25 10:00:00",
    /// "2026-11-25T10:00:00Z") written as [`Self::date_long`] writes one
    /// (its seconds left out; what follows them kept); in English, `text`
    /// as it is: machines and English read the dates as sent.
    pub fn dates_in(&self, text: &str) -> String {
        if self.lang == super::Lang::EN {
            return text.to_string();
        }
        let bytes = text.as_bytes();
        let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
        let digits = |from: usize, n: usize| (from..from + n).all(digit);
        let at = |i: usize, c: u8| bytes.get(i) == Some(&c);
        let mut out = String::with_capacity(text.len());
        let (mut i, mut copied) = (0, 0);
        while i + 10 <= bytes.len() {
            // A date alone, not a part of a code ("TK-2026-11-08").
            let apart = |j: usize| {
                bytes
                    .get(j)
                    .is_none_or(|b| !b.is_ascii_alphanumeric() && !b"-_/.".contains(b))
            };
            let date = (i == 0 || apart(i - 1))
                && digits(i, 4)
                && at(i + 4, b'-')
                && digits(i + 5, 2)
                && at(i + 7, b'-')
                && digits(i + 8, 2)
                && !digit(i + 10);
            if !date || !text.is_char_boundary(i) {
                i += 1;
                continue;
            }
            let mut end = i + 10;
            if (at(end, b' ') || at(end, b'T'))
                && digits(end + 1, 2)
                && at(end + 3, b':')
                && digits(end + 4, 2)
            {
                end += 6;
                if at(end, b':') && digits(end + 1, 2) {
                    end += 3;
                }
            }
            if end == i + 10 && !apart(end) && !at(end, b',') && !at(end, b':') {
                i += 1;
                continue;
            }
            out.push_str(&text[copied..i]);
            out.push_str(&self.date_long(&text[i..end].replace('T', " ")));
            copied = end;
            i = end;
        }
        out.push_str(&text[copied..]);
        out
    }

    /// `text` with each number grouped by commas in it ("79,870", as
    /// `ui::widgets::thousands` writes one) grouped as the language groups
    /// them ("79.870"); in English, `text` as it is.
    pub fn grouped(&self, text: &str) -> String {
        let sep = self.t("number-group");
        if sep == "," {
            return text.to_string();
        }
        let bytes = text.as_bytes();
        let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
        let mut out = String::with_capacity(text.len());
        for (i, c) in text.char_indices() {
            let group =
                c == ',' && i > 0 && digit(i - 1) && (1..=3).all(|k| digit(i + k)) && !digit(i + 4);
            if group {
                out.push_str(&sep);
            } else {
                out.push(c);
            }
        }
        out
    }
}

/// "HH:MM" of "YYYY-MM-DD HH:MM…", when it has a time.
fn time_of(at: &str) -> Option<&str> {
    at.get(11..16).filter(|t| {
        t.as_bytes().get(2) == Some(&b':') && t.bytes().filter(u8::is_ascii_digit).count() == 4
    })
}

/// A day or an age as the door writes it in English ("today", "tomorrow",
/// "yesterday", "in 3 days", "5 days ago", "4 days"; `door::relative_day`,
/// `door::age_between`) in `tongue`'s words; a date as the language
/// writes one; anything else as it is.
pub fn relative(tongue: &Tongue, english: &str) -> String {
    if tongue.lang == super::Lang::EN {
        return english.to_string();
    }
    let n = |s: &str| s.parse::<u64>().ok();
    match english {
        "today" => return tongue.t("day-today"),
        "tomorrow" => return tongue.t("day-tomorrow"),
        "yesterday" => return tongue.t("day-yesterday"),
        _ => {}
    }
    if let Some(count) = english
        .strip_prefix("in ")
        .and_then(|r| r.strip_suffix(" days"))
        .and_then(n)
    {
        return tongue.ta("day-in", &[("count", &count)]);
    }
    if let Some(count) = english.strip_suffix(" days ago").and_then(n) {
        return tongue.ta("day-ago", &[("count", &count)]);
    }
    if let Some(count) = english.strip_suffix(" days").and_then(n) {
        return tongue.ta("age-days", &[("count", &count)]);
    }
    if english.len() >= 10 && english.get(..10).and_then(days_from_date).is_some() {
        return tongue.date_time(english);
    }
    english.to_string()
}
