//! A door's policy in a language: the header's line ("Day 1 + Day 2 ·
//! 09:00–18:00 · re-entry · 500 max"). The door gives the policy; its line
//! is said here only, English included (the desk's header in English,
//! `door show` and its JSON's `policy`, which stays English whatever the
//! locale).

use super::Tongue;
use crate::door::{Admits, NextEdition, Policy, Target};

impl Tongue {
    /// A main event with no edition today or later (its title).
    pub fn none_today(&self, title: &str) -> String {
        self.ta("door-none-today", &[("title", &title)])
    }

    /// No edition today: the next one is checked in.
    pub fn next_edition(&self, next: &NextEdition) -> String {
        self.ta(
            "door-next-edition",
            &[
                ("name", &next.name),
                ("when", &super::dates::relative(self, &next.when)),
            ],
        )
    }

    /// The policy's line at `target`.
    pub fn policy_line(&self, policy: &Policy, target: &Target) -> String {
        let name = |id: u64| {
            target.edition(id).map_or_else(
                || self.ta("policy-edition", &[("id", &id)]),
                |e| e.name.clone(),
            )
        };
        let own = target
            .edition(target.event_id)
            .map_or_else(|| self.t("policy-this-edition"), |e| e.name.clone());
        let mut parts = vec![match &policy.admits {
            Admits::All if target.editions.len() > 1 => self.t("policy-every-edition"),
            Admits::ThisEdition | Admits::All => own,
            Admits::Editions(ids) => std::iter::once(own)
                .chain(
                    ids.iter()
                        .filter(|id| **id != target.event_id)
                        .map(|id| name(*id)),
                )
                .collect::<Vec<_>>()
                .join(" + "),
        }];
        let hours = match (&policy.opens, &policy.closes) {
            (Some(o), Some(c)) => Some(format!("{}–{}", o.shown, c.shown)),
            (Some(o), None) => Some(self.ta("policy-from", &[("time", &o.shown)])),
            (None, Some(c)) => Some(self.ta("policy-until", &[("time", &c.shown)])),
            (None, None) => None,
        };
        // The event's zone after the hours, by its place, where the
        // lane's is another.
        parts.extend(hours.map(|h| match &policy.zone {
            Some(zone) => format!("{h} {}", crate::door::policy::place(zone)),
            None => h,
        }));
        if policy.reentry {
            parts.push(self.t("policy-reentry"));
        }
        if let Some(c) = policy.capacity {
            // English as scripts read it in `door show --format json`
            // ("1000 max"); another language groups it ("1.000").
            let capacity = if self.lang == super::Lang::EN {
                c.to_string()
            } else {
                self.number(c)
            };
            parts.push(self.ta("policy-max", &[("capacity", &capacity)]));
        }
        parts.join(" · ")
    }
}
