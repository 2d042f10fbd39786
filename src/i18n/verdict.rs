//! The door's verdicts in a language: their words and what they mean.
//! `door::Verdict::word` and `meaning` stay the English that `admit
//! --format json` and the logs write; English here says the same (a test
//! holds them together).

use super::{Tongue, relative};
use crate::door::{Verdict, Why, clock_time};

impl Tongue {
    /// The verdict's word ("VALID", "VÁLIDO").
    pub fn verdict_word(&self, v: &Verdict) -> String {
        self.t(match v {
            Verdict::Valid => "verdict-valid",
            Verdict::AlreadyAdmitted { .. } | Verdict::Left { .. } => "verdict-already-admitted",
            Verdict::NotValid { .. } => "verdict-not-valid",
            Verdict::OtherEdition { .. } => "verdict-other-edition",
            Verdict::OtherEvent { .. } => "verdict-other-event",
            Verdict::Unknown => "verdict-unknown",
            Verdict::Exit => "verdict-exit",
            Verdict::WelcomeBack { .. } => "verdict-welcome-back",
            Verdict::NotOpenYet { .. } => "verdict-not-open-yet",
            Verdict::Closed { .. } => "verdict-closed",
            Verdict::NotInside { .. } => "verdict-not-inside",
            Verdict::Full { .. } => "verdict-full",
        })
    }

    /// The shorter word the big letters draw where the whole one does not
    /// fit ("ADMITTED" for "ALREADY ADMITTED").
    pub fn verdict_short(&self, v: &Verdict) -> String {
        self.t(match v {
            Verdict::Valid => "verdict-valid-short",
            Verdict::AlreadyAdmitted { .. } | Verdict::Left { .. } => {
                "verdict-already-admitted-short"
            }
            Verdict::NotValid { .. } => "verdict-not-valid-short",
            Verdict::OtherEdition { .. } => "verdict-other-edition-short",
            Verdict::OtherEvent { .. } => "verdict-other-event-short",
            Verdict::Unknown => "verdict-unknown-short",
            Verdict::Exit => "verdict-exit-short",
            Verdict::WelcomeBack { .. } => "verdict-welcome-back-short",
            Verdict::NotOpenYet { .. } => "verdict-not-open-yet-short",
            Verdict::Closed { .. } => "verdict-closed-short",
            Verdict::NotInside { .. } => "verdict-not-inside-short",
            Verdict::Full { .. } => "verdict-full-short",
        })
    }

    /// What the verdict means, in a line ("admitted at 09:41:07 UTC at
    /// lane-2").
    pub fn meaning(&self, v: &Verdict) -> String {
        let when = |w: &Option<String>| {
            w.as_ref()
                .map_or_else(String::new, |w| format!(" — {}", relative(self, w)))
        };
        match v {
            Verdict::Valid => self.t("meaning-valid"),
            Verdict::AlreadyAdmitted { at, lane, back } if at.is_empty() => {
                let id = if *back {
                    "meaning-back-just-now"
                } else {
                    "meaning-admitted-just-now"
                };
                self.ta(id, &[("lane", lane)])
            }
            Verdict::AlreadyAdmitted { at, lane, back } => {
                let id = if *back {
                    "meaning-back-at"
                } else {
                    "meaning-admitted-at"
                };
                self.ta(id, &[("time", &clock_time(at)), ("lane", lane)])
            }
            Verdict::NotValid { status } => self.status(status),
            Verdict::OtherEdition { edition, when: w } => self.ta(
                "meaning-ticket-for",
                &[("name", edition), ("when", &when(w))],
            ),
            Verdict::OtherEvent { event, when: w } => {
                self.ta("meaning-ticket-for", &[("name", event), ("when", &when(w))])
            }
            Verdict::Unknown => self.t("meaning-unknown"),
            Verdict::Exit => self.t("meaning-exit"),
            Verdict::WelcomeBack { left_at, lane } => self.ta(
                "meaning-welcome-back",
                &[("time", &clock_time(left_at)), ("lane", lane)],
            ),
            Verdict::Left { at, lane } => {
                self.ta("meaning-left", &[("time", &clock_time(at)), ("lane", lane)])
            }
            Verdict::NotOpenYet { opens } => self.ta("meaning-not-open-yet", &[("opens", opens)]),
            Verdict::Closed { closed } => self.ta("meaning-closed", &[("closed", closed)]),
            Verdict::NotInside { left: None } => self.t("meaning-not-inside"),
            Verdict::NotInside {
                left: Some((at, lane)),
            } => self.ta(
                "meaning-left-already",
                &[("time", &clock_time(at)), ("lane", lane)],
            ),
            Verdict::Full { inside, capacity } => self.ta(
                "meaning-full",
                &[
                    ("inside", &self.number(*inside)),
                    ("capacity", &self.number(*capacity)),
                ],
            ),
        }
    }

    /// A ticket's status as the door says it (`door::status_words`): the
    /// ones it knows in words, any other as the API names it.
    pub fn status(&self, status: &str) -> String {
        match status {
            "unenrolled" | "revoked (unenrolled)" => self.t("status-unenrolled"),
            "" | "unknown status" => self.t("status-unknown"),
            "cancelled" => self.t("status-cancelled"),
            "pending" => self.t("status-pending"),
            "open" => self.t("status-open"),
            "confirmed" => self.t("status-confirmed"),
            "not confirmed" => self.t("status-not-confirmed"),
            s => s.to_string(),
        }
    }

    /// A tickets list's status tab as its bar names it (`None`: all):
    /// the statuses it knows in words, any other as the API names it.
    pub fn tab(&self, tab: Option<&str>) -> String {
        match tab {
            None => self.t("tab-all"),
            Some("unenrolled") => self.t("tab-unenrolled"),
            Some(s @ ("cancelled" | "pending" | "open" | "confirmed" | "not confirmed")) => {
                self.status(s)
            }
            Some(s) => s.to_owned(),
        }
    }

    /// Why a scan is UNKNOWN.
    pub fn why(&self, why: &Why) -> String {
        match why {
            Why::NotACode => self.t("why-not-a-code"),
            Why::Foreign(host) => self.ta("why-foreign", &[("host", host)]),
            Why::NoSuchNumber => self.t("why-no-such-number"),
            Why::NoSuchId => self.t("why-no-such-id"),
            Why::CouldNotRead(why) => self.ta("why-could-not-read", &[("why", why)]),
            Why::NamesNoEvent => self.t("why-names-no-event"),
        }
    }
}
