//! A door's policy, shared by every lane of it (kept in the desk log):
//! which editions it admits, its opening hours, re-entry. And a lane's
//! kind: entry (the default) or exit. Defaults keep the door of old: its
//! own edition, always open, each ticket once.

use crate::store::KeptPolicy;

use super::target::Target;
use super::verdict::Verdict;

/// What a door admits, shared by every lane of it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Policy {
    pub admits: Admits,
    /// Entries from, and until (the door's clock, UTC).
    pub opens: Option<Moment>,
    pub closes: Option<Moment>,
    /// A ticket that left through an exit lane is let in again.
    pub reentry: bool,
    /// The most guests inside at once (the venue's limit).
    pub capacity: Option<u64>,
    /// The event's zone, named after the hours where the lane's clock is
    /// in another (`Policy::read`).
    pub zone: Option<String>,
}

/// Which tickets a door lets in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Admits {
    /// Those of the edition it checks in (or of the event, when it has no
    /// editions).
    #[default]
    ThisEdition,
    /// Those of every edition of its main event (a festival pass).
    All,
    /// Those of its own edition and of these.
    Editions(Vec<u64>),
}

/// A time of the door's opening hours: as set ("09:00", the edition's day
/// in the event's time zone; or "2026-12-01 09:00"), and the same in UTC
/// ("YYYY-MM-DD HH:MM:SS"), which the door's clock is compared with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moment {
    pub shown: String,
    pub utc: String,
}

/// An entry lane (the default) lets tickets in; an exit lane lets them
/// out (EXIT), which re-entry needs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LaneKind {
    #[default]
    Entry,
    Exit,
}

impl Policy {
    /// Whether a ticket of `edition` (whose main event is `parent`, when
    /// known) gets in at `target`.
    pub fn admits(&self, target: &Target, edition: u64, parent: Option<u64>) -> bool {
        if edition == target.event_id {
            return true;
        }
        match &self.admits {
            Admits::ThisEdition => false,
            Admits::All => target.is_sibling(edition, parent),
            Admits::Editions(ids) => ids.contains(&edition),
        }
    }

    /// Outside the opening hours at `now` (UTC, "YYYY-MM-DD HH:MM:SS"):
    /// NOT OPEN YET or CLOSED; inside them, None.
    pub fn outside(&self, now: &str) -> Option<Verdict> {
        if let Some(o) = &self.opens
            && now < o.utc.as_str()
        {
            return Some(Verdict::NotOpenYet {
                opens: self.zoned(&o.shown),
            });
        }
        if let Some(c) = &self.closes
            && now >= c.utc.as_str()
        {
            return Some(Verdict::Closed {
                closed: self.zoned(&c.shown),
            });
        }
        None
    }

    /// A time of the hours as said here: with the event's zone when named.
    fn zoned(&self, shown: &str) -> String {
        match &self.zone {
            Some(zone) => format!("{shown} {zone}"),
            None => shown.to_string(),
        }
    }

    /// Full at `inside` guests inside: FULL; else None.
    pub fn full(&self, inside: u64) -> Option<Verdict> {
        self.capacity
            .filter(|c| inside >= *c)
            .map(|capacity| Verdict::Full { inside, capacity })
    }

    /// What keeps a ticket this door admits out, at `now` with `inside`
    /// guests inside: its hours, then its capacity; None: nothing.
    pub fn bars(&self, now: &str, inside: u64) -> Option<Verdict> {
        self.outside(now).or_else(|| self.full(inside))
    }

    /// The same policy without opening hours or capacity (an admission
    /// forced past them).
    #[must_use]
    pub fn always_open(&self) -> Self {
        Self {
            opens: None,
            closes: None,
            capacity: None,
            ..self.clone()
        }
    }

    /// The policy as the log keeps it (`editions`: `this`, `all`, ids).
    /// The door's policy as a lane whose clock is in zone `here` (IANA;
    /// empty: not known) says it: none kept, the default; its hours name
    /// the event's zone ("09:00 Europe/Madrid") when `here` is another, so
    /// a desk in another zone never reads them as its own.
    pub fn read(kept: Option<&KeptPolicy>, here: &str) -> Self {
        let Some(kept) = kept else {
            return Self::default();
        };
        let zone = kept.timezone.trim();
        let named = !zone.is_empty() && (here.is_empty() || !crate::zone::same_zone(zone, here));
        Self {
            zone: named.then(|| zone.to_string()),
            ..Self::of(kept)
        }
    }

    pub fn of(kept: &KeptPolicy) -> Self {
        let moment = |shown: &str, utc: &str| {
            (!utc.is_empty()).then(|| Moment {
                shown: shown.to_string(),
                utc: utc.to_string(),
            })
        };
        Self {
            admits: Admits::parse(&kept.editions).unwrap_or_default(),
            opens: moment(&kept.opens, &kept.opens_at),
            closes: moment(&kept.closes, &kept.closes_at),
            reentry: kept.reentry,
            capacity: (kept.capacity > 0).then_some(kept.capacity),
            zone: None,
        }
    }
}

/// A zone by its place, as a short line names it: `America/New_York` →
/// "New York".
pub fn place(zone: &str) -> String {
    zone.rsplit('/').next().unwrap_or(zone).replace('_', " ")
}

impl Admits {
    /// `this`, `all`, or edition ids separated by commas.
    pub fn parse(text: &str) -> Result<Self, String> {
        match text.trim() {
            "" | "this" => Ok(Self::ThisEdition),
            "all" => Ok(Self::All),
            list => list
                .split(',')
                .map(|id| {
                    id.trim().parse::<u64>().map_err(|_| {
                        format!("{id:?} is not an edition id (this, all, or ids: 12,13)")
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Self::Editions),
        }
    }

    /// As the log keeps it.
    pub fn word(&self) -> String {
        match self {
            Self::ThisEdition => "this".into(),
            Self::All => "all".into(),
            Self::Editions(ids) => ids.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lane names the event's zone beside the hours exactly when its own
    /// clock is in another zone (or in none known); UTC's names are one.
    #[test]
    fn hours_name_the_zone_only_where_the_clock_is_elsewhere() {
        let zones = [
            "",
            "UTC",
            "Etc/UTC",
            "Europe/Madrid",
            "Asia/Tokyo",
            "America/Chicago",
        ];
        for zone in zones {
            for here in zones {
                let kept = KeptPolicy {
                    opens: "09:00".into(),
                    opens_at: "2026-12-01 08:00:00".into(),
                    closes: "18:00".into(),
                    closes_at: "2026-12-01 17:00:00".into(),
                    timezone: zone.into(),
                    ..KeptPolicy::default()
                };
                let p = Policy::read(Some(&kept), here);
                let utc = |z: &str| ["", "UTC", "Etc/UTC"].contains(&z);
                let named = !zone.is_empty()
                    && (here.is_empty() || !(zone == here || utc(zone) && utc(here)));
                let want = |t: &str| {
                    if named {
                        format!("{t} {zone}")
                    } else {
                        t.to_string()
                    }
                };
                let before = p.outside("2026-12-01 07:00:00");
                let opens = Verdict::NotOpenYet {
                    opens: want("09:00"),
                };
                assert_eq!(before, Some(opens), "{zone:?} at {here:?}");
                let after = p.outside("2026-12-01 17:00:00");
                let closed = Verdict::Closed {
                    closed: want("18:00"),
                };
                assert_eq!(after, Some(closed), "{zone:?} at {here:?}");
                assert_eq!(
                    p.outside("2026-12-01 08:00:00"),
                    None,
                    "the instants unchanged"
                );
                // Named by its place in the header's line (`i18n`'s tests).
                assert_eq!(p.zone.is_some(), named, "{zone:?} at {here:?}");
            }
        }
        assert_eq!(Policy::read(None, "UTC"), Policy::default());
    }

    #[test]
    fn a_policy_admits_its_editions_within_its_hours() {
        let t = Target::conf_day_one();
        let mut p = Policy::default();
        assert!(p.admits(&t, 11, None) && !p.admits(&t, 12, Some(1)));
        p.admits = Admits::All;
        assert!(p.admits(&t, 12, None) && !p.admits(&t, 99, Some(5)));
        p.admits = Admits::parse("12").unwrap();
        p.opens = Some(Moment {
            shown: "09:00".into(),
            utc: "2026-12-01 08:00:00".into(),
        });
        p.closes = Some(Moment {
            shown: "18:00".into(),
            utc: "2026-12-01 17:00:00".into(),
        });
        p.reentry = true;
        assert_eq!(
            p.outside("2026-12-01 07:59:59"),
            Some(Verdict::NotOpenYet {
                opens: "09:00".into()
            })
        );
        assert_eq!(p.outside("2026-12-01 08:00:00"), None);
        assert_eq!(
            p.outside("2026-12-01 17:00:00"),
            Some(Verdict::Closed {
                closed: "18:00".into()
            })
        );
        assert_eq!(p.always_open().outside("2026-12-02 00:00:00"), None);
        assert!(Admits::parse("12,x").is_err());
        assert_eq!(Admits::parse(" 12, 13").unwrap().word(), "12,13");
    }
}
