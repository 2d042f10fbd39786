//! The door's figures in a language: a lane's state, a time since, a
//! rate with its decimal mark (the dashboard, `door watch`, `door stats`'s
//! table). Their JSON and CSV stay as `door::stats` writes them.

use super::Tongue;
use crate::door::stats::LaneState;

impl Tongue {
    /// A lane's state ("scanning", "idle", "offline").
    pub fn lane_state(&self, state: LaneState) -> String {
        self.t(match state {
            LaneState::Scanning => "door-lane-scanning",
            LaneState::Idle => "door-lane-idle",
            LaneState::Offline => "door-lane-offline",
        })
    }

    /// How long ago, short: "45 s", "12 min", "2 h 05 min" (English as
    /// `door::stats::age_words` writes it).
    pub fn age(&self, secs: i64) -> String {
        match secs {
            ..60 => self.ta("age-seconds", &[("n", &secs.max(0))]),
            60..3600 => self.ta("age-minutes", &[("n", &(secs / 60))]),
            _ => self.ta(
                "age-hours",
                &[
                    ("h", &(secs / 3600)),
                    ("min", &format!("{:02}", secs / 60 % 60)),
                ],
            ),
        }
    }

    /// `x` with one decimal, with the language's decimal mark ("1.5",
    /// "1,5").
    pub fn decimal(&self, x: f64) -> String {
        format!("{x:.1}").replace('.', &self.t("number-decimal"))
    }
}
