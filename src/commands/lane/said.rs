//! What a headless lane says of a scan: the verdict and what it recorded,
//! as one human line (or a few, for an order) or as JSON — the same
//! fields for `admit --format json` and each line `lane` writes.

use serde_json::{Value, json};

use crate::door::{Target, Ticket, Verdict, Why};
use crate::i18n::Tongue;
use crate::store::{Admission, Alone};

/// What `--order` says of a mate its note holds back.
pub const HELD: &str = "HELD";
const HELD_MEANING: &str = "a note stops the door: scan it alone";

/// What a lane found and said of one scan.
pub struct Judged {
    pub verdict: Verdict,
    pub why: Option<Why>,
    pub ticket: Option<Ticket>,
    pub admission: Option<Admission>,
    /// Whether the shared log recorded it (None: no shared log, or nothing
    /// recorded).
    pub shared: Option<bool>,
    /// The note on the ticket or its customer.
    pub note: Option<String>,
    /// Admitted past the door's hours or capacity (--force).
    pub forced: bool,
    /// What it was forced past (NOT OPEN YET, CLOSED, FULL).
    pub past: Option<Verdict>,
    /// With --order: the rest of the order, each as recorded.
    pub order: Vec<Mate>,
    /// Judged without the shared log (it did not answer): why, and how old
    /// the lane's copy of it is.
    pub alone: Option<Alone>,
    /// A VALID judged from a list the API could not confirm in time.
    pub from_list: bool,
}

/// Another ticket of the order admitted with `--order`.
pub struct Mate {
    pub ticket: Ticket,
    /// As recorded; None: held by its note (never admitted with the order).
    pub verdict: Option<Verdict>,
    pub note: Option<String>,
}

impl Judged {
    pub fn new(
        verdict: Verdict,
        why: Option<Why>,
        ticket: Option<Ticket>,
        note: Option<String>,
    ) -> Self {
        Self {
            verdict,
            why,
            ticket,
            admission: None,
            shared: None,
            note,
            forced: false,
            past: None,
            order: Vec::new(),
            alone: None,
            from_list: false,
        }
    }

    /// What the verdict means, in words ("admitted: let them in").
    pub fn meaning(&self, scanned: &str) -> String {
        let mut meaning = match (&self.verdict, &self.why) {
            (Verdict::Unknown, Some(why)) => format!("{why}: “{scanned}”"),
            (Verdict::Unknown, None) => format!("no ticket matches “{scanned}”"),
            (Verdict::Valid, _) if self.forced => {
                let by = self.admission.as_ref().map_or("", |a| a.desk.as_str());
                let past = match self.past {
                    Some(Verdict::Full { .. }) => "past the door's capacity",
                    _ => "outside the door's hours",
                };
                format!("admitted {past}: forced by {by}")
            }
            (v, _) => v.meaning(),
        };
        if self.from_list {
            meaning.push_str(" (from the list: the API did not answer)");
        }
        meaning
    }

    /// What the verdict means in `t`'s words, for a person (`meaning` is
    /// the English that JSON keeps whatever the language).
    pub fn meaning_in(&self, scanned: &str, t: &Tongue) -> String {
        let meaning = match (&self.verdict, &self.why) {
            (Verdict::Unknown, Some(why)) => t.ta(
                "meaning-why",
                &[("why", &t.why(why)), ("scanned", &scanned)],
            ),
            (Verdict::Unknown, None) => t.ta("meaning-no-match", &[("scanned", &scanned)]),
            (Verdict::Valid, _) if self.forced => {
                let by = self.admission.as_ref().map_or("", |a| a.desk.as_str());
                let past = match self.past {
                    Some(Verdict::Full { .. }) => "meaning-forced-capacity",
                    _ => "meaning-forced-hours",
                };
                t.ta(past, &[("lane", &by)])
            }
            (v, _) => t.meaning(v),
        };
        if self.from_list {
            return t.ta("meaning-from-list", &[("meaning", &meaning)]);
        }
        meaning
    }

    /// The verdict as JSON (`admit --format json`, a line of `lane`).
    pub fn json(&self, scanned: &str, target: &Target) -> Value {
        let scanned = crate::sanitize::clean(scanned.trim()).into_owned();
        let ticket = self.ticket.as_ref().map_or(Value::Null, |t| {
            json!({
                "id": t.id,
                "number": t.number,
                "attendee": t.attendee,
                "status": t.status,
                "edition": t.edition,
            })
        });
        let admission = self.admission.as_ref().map_or(
            Value::Null,
            |a| json!({"at": a.at, "desk": a.desk, "event_id": a.event_id}),
        );
        json!({
            "verdict": self.verdict.word(),
            "exit_code": self.verdict.exit_code(),
            "meaning": self.meaning(&scanned),
            "scanned": scanned,
            "event_id": target.event_id,
            "event": target.title,
            "ticket": ticket,
            "admission": admission,
            "shared": self.shared,
            "note": self.note,
            "forced": self.forced,
            "from_list": self.from_list,
            "order": self.order.iter().map(|m| json!({
                "id": m.ticket.id,
                "number": m.ticket.number,
                "attendee": m.ticket.attendee,
                "verdict": m.verdict.as_ref().map_or(HELD, Verdict::word),
                "meaning": m.verdict.as_ref().map_or_else(|| HELD_MEANING.to_string(), Verdict::meaning),
                "note": m.note,
                "forced": self.forced && m.verdict == Some(Verdict::Valid),
            })).collect::<Vec<_>>(),
            "offline": self.alone.as_ref().map(|a| json!({"mirror_read_at": a.mirror_read_at, "why": a.why.to_string()})),
        })
    }

    /// The verdict as a person reads it, in `t`'s words: the word and the
    /// ticket, what it means, the note, one line per ticket of the order.
    pub fn text(&self, scanned: &str, t: &Tongue) -> String {
        use std::fmt::Write as _;
        let scanned = crate::sanitize::clean(scanned.trim()).into_owned();
        let clean = |s: &str| crate::sanitize::clean(s).into_owned();
        // A ticket's fields were sanitised when the API was read; a note
        // comes from the desk log and is sanitised here.
        let who = self.ticket.as_ref().map_or_else(String::new, |t| {
            format!("  {}  {}  {}", t.number, t.attendee, t.edition)
        });
        let note = self
            .note
            .as_ref()
            .map(|n| format!("\n⚑ {}", clean(n)))
            .unwrap_or_default();
        let mut order = String::new();
        for m in &self.order {
            let (word, why) = match &m.verdict {
                Some(Verdict::Valid) => (t.verdict_word(&Verdict::Valid), String::new()),
                Some(other) => (t.verdict_word(other), format!(": {}", t.meaning(other))),
                None => (t.t("verdict-held"), format!(": {}", t.t("meaning-held"))),
            };
            let note = m
                .note
                .as_ref()
                .map(|n| format!("  ⚑ {}", clean(n)))
                .unwrap_or_default();
            let _ = write!(
                order,
                "\n{word}  {}  {}  {}{why}{note}",
                m.ticket.number,
                m.ticket.attendee,
                t.ta("admit-order-line", &[("order", &m.ticket.order)])
            );
        }
        format!(
            "{}{who}\n{}{note}{order}",
            t.verdict_word(&self.verdict),
            self.meaning_in(&scanned, t)
        )
    }
}
