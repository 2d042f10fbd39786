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
