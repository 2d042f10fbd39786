//! What a door checks in: an event or one of its editions, found from the
//! id (or hash) it was opened with. A main event checks in the edition
//! running today (several: a choice; none: the next). An edition opened by
//! its own id checks in that edition and knows its main event's other
//! editions all the same — a door is the same door whichever id opened it.
//!
//! [`Finding`] is the steps, pure: it says what it needs read ([`Need`]),
//! takes the answers, and says what was opened. The desk and `admit` read
//! for it.

use serde_json::Value;

use crate::api::model::{Edition, Event, lenient};

use super::verdict::relative_day;

/// An edition the door knows of: its id, name and days.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditionInfo {
    pub id: u64,
    pub name: String,
    /// First and last day, "YYYY-MM-DD" (empty when unknown).
    pub start: String,
    pub end: String,
}

impl EditionInfo {
    /// From its first and last day as the API writes them (a date or a
    /// date and time; the last day is the first when not given).
    pub fn new(id: u64, name: &str, start: Option<&str>, end: Option<&str>) -> Self {
        let day = |s: &str| s.get(..10).unwrap_or(s).to_string();
        let start = start.map(day).unwrap_or_default();
        let end = end.map_or_else(|| start.clone(), day);
        Self {
            id,
            name: name.to_string(),
            start,
            end,
        }
    }

    /// An edition record as the API sends it.
    pub fn of(e: &Edition) -> Self {
        let name = e
            .name
            .clone()
            .unwrap_or_else(|| format!("edition {}", e.id));
        Self::new(
            e.id,
            &name,
            e.start_date.as_deref().or(e.start_datetime.as_deref()),
            e.end_date.as_deref().or(e.end_datetime.as_deref()),
        )
    }
}

/// What a door checks in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The edition's id (or the event's, when it has none).
    pub event_id: u64,
    pub title: String,
    /// The main event, when this is one of its editions.
    pub parent_id: Option<u64>,
    /// The main event's editions (this one included).
    pub editions: Vec<EditionInfo>,
}

impl Target {
    /// The edition `id` of the main event, if the door knows it.
    pub fn edition(&self, id: u64) -> Option<&EditionInfo> {
        self.editions.iter().find(|e| e.id == id)
    }

    /// Whether a ticket of edition `id` (whose main event is `parent`,
    /// when known) is of another edition of this door's main event.
    pub fn is_sibling(&self, id: u64, parent: Option<u64>) -> bool {
        id != self.event_id
            && (self.edition(id).is_some()
                || (self.parent_id.is_some() && parent == self.parent_id))
    }

    /// The other editions, the nearest days to come first, then the past
    /// ones (at most `max`): the lists a door reads behind its own.
    pub fn siblings(&self, today: &str, max: usize) -> Vec<u64> {
        let today = today.get(..10).unwrap_or(today);
        let mut others: Vec<&EditionInfo> = self
            .editions
            .iter()
            .filter(|e| e.id != self.event_id)
            .collect();
        others.sort_by_key(|e| (e.end.as_str() < today, e.start.clone()));
        others.into_iter().take(max).map(|e| e.id).collect()
    }

    /// The tests' door: day 1 of a two-day conference (event 1).
    #[cfg(test)]
    pub(crate) fn conf_day_one() -> Self {
        Target {
            event_id: 11,
            title: "Conf — Day 1".into(),
            parent_id: Some(1),
            editions: vec![
                EditionInfo::new(11, "Day 1", Some("2026-12-01"), None),
                EditionInfo::new(12, "Day 2", Some("2026-12-02"), None),
            ],
        }
    }
}

/// What the door reads of an event record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventFacts {
    pub id: u64,
    pub name: Option<String>,
    /// Its main event, when it is an edition.
    pub parent_id: Option<u64>,
    /// Whether it has editions (false: it is checked in itself; None: not
    /// said, they are read).
    pub has_editions: Option<bool>,
}

impl EventFacts {
    /// An event or edition record (its raw JSON holds an edition's
    /// `parent_id`).
    pub fn of(e: &Event, raw: &Value) -> Self {
        let parent = raw
            .get("parent_id")
            .and_then(lenient::whole)
            .filter(|p| *p != e.id);
        Self {
            id: e.id,
            name: e.name.clone(),
            parent_id: parent,
            has_editions: if parent.is_some() || e.is_variant == Some(true) {
                Some(false)
            } else {
                e.has_variants
            },
        }
    }
}

/// What a [`Finding`] needs read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Need {
    /// An event or edition, by id or hash.
    Event(String),
    /// The editions of main event `id`.
    Editions(u64),
}

/// What was opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opened {
    /// The door, and what to tell about it: no edition today, the next
    /// one is checked in.
    Door(Target, Option<NextEdition>),
    /// Several editions run today: which one? (`all`: every edition.)
    Choose {
        title: String,
        event_id: u64,
        options: Vec<EditionInfo>,
        all: Vec<EditionInfo>,
    },
    /// No edition of this main event (its title) today or later.
    NoneToday(String),
}

/// No edition runs today: the next one is checked in (its name, and when
/// as the door says a day in English: "tomorrow", "in 4 days"; words in
/// the staff's language are `i18n`'s).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextEdition {
    pub name: String,
    pub when: String,
}

/// Finding a door from the id or hash it was opened with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub asked: String,
    /// The record asked for.
    pub event: Option<EventFacts>,
    /// Its main event, when it is an edition.
    pub parent: Option<EventFacts>,
    /// The main event's editions, and whose they are.
    pub editions: Option<(u64, Vec<EditionInfo>)>,
}

impl Finding {
    pub fn new(asked: &str) -> Self {
        Self {
            asked: asked.trim().to_string(),
            event: None,
            parent: None,
            editions: None,
        }
    }

    /// Opened on main event `id` whose name is known: only its editions
    /// are read.
    pub fn main_event(id: u64, name: &str) -> Self {
        Self {
            asked: id.to_string(),
            event: Some(EventFacts {
                id,
                name: Some(name.to_string()),
                parent_id: None,
                has_editions: None,
            }),
            parent: None,
            editions: None,
        }
    }

    /// What is still to read, in the order to ask (an id asked for reads
    /// its editions at once, beside the event: a main event's are needed).
    pub fn needs(&self) -> Vec<Need> {
        let Some(event) = &self.event else {
            let mut needs = vec![Need::Event(self.asked.clone())];
            if let Ok(id) = self.asked.parse::<u64>()
                && self.editions.is_none()
            {
                needs.push(Need::Editions(id));
            }
            return needs;
        };
        let main = event.parent_id.unwrap_or(event.id);
        let mut needs = Vec::new();
        if event.parent_id.is_some() && self.parent.is_none() {
            needs.push(Need::Event(main.to_string()));
        }
        let read = self.editions.as_ref().is_some_and(|(of, _)| *of == main);
        let wanted = event.parent_id.is_some() || event.has_editions != Some(false);
        if wanted && !read {
            needs.push(Need::Editions(main));
        }
        needs
    }

    /// The event or edition `facts` came (the one asked for, or its main
    /// event).
    pub fn event_read(&mut self, facts: EventFacts) {
        let is_parent = self
            .event
            .as_ref()
            .is_some_and(|e| e.parent_id == Some(facts.id));
        if is_parent {
            self.parent = Some(facts);
        } else {
            self.event = Some(facts);
        }
    }

    /// The editions of main event `of` came.
    pub fn editions_read(&mut self, of: u64, editions: Vec<EditionInfo>) {
        self.editions = Some((of, editions));
    }

    /// What was opened, once nothing is left to read.
    pub fn opened(&self, today: &str) -> Option<Opened> {
        if !self.needs().is_empty() {
            return None;
        }
        let event = self.event.as_ref()?;
        let title = event
            .name
            .clone()
            .unwrap_or_else(|| format!("event {}", event.id));
        if let Some(parent) = event.parent_id {
            let main = self
                .parent
                .as_ref()
                .and_then(|p| p.name.clone())
                .unwrap_or_else(|| format!("event {parent}"));
            let editions = self
                .editions
                .as_ref()
                .map(|(_, e)| e.clone())
                .unwrap_or_default();
            let name = editions
                .iter()
                .find(|e| e.id == event.id)
                .map_or(title, |e| e.name.clone());
            return Some(Opened::Door(
                Target {
                    event_id: event.id,
                    title: format!("{main} — {name}"),
                    parent_id: Some(parent),
                    editions,
                },
                None,
            ));
        }
        // An edition lists itself among its editions; a main event does not.
        let editions: Vec<EditionInfo> = self
            .editions
            .as_ref()
            .map(|(_, e)| e.iter().filter(|e| e.id != event.id).cloned().collect())
            .unwrap_or_default();
        if editions.is_empty() {
            return Some(Opened::Door(
                Target {
                    event_id: event.id,
                    title,
                    parent_id: None,
                    editions,
                },
                None,
            ));
        }
        let (found, running) = todays(&editions, |e| (e.start.as_str(), e.end.as_str()), today);
        match found.as_slice() {
            [] => Some(Opened::NoneToday(title)),
            [one] => {
                let note = (!running).then(|| NextEdition {
                    name: one.name.clone(),
                    when: relative_day(&one.start, today),
                });
                Some(Opened::Door(
                    Target {
                        event_id: one.id,
                        title: format!("{title} — {}", one.name),
                        parent_id: Some(event.id),
                        editions: editions.clone(),
                    },
                    note,
                ))
            }
            several => Some(Opened::Choose {
                title,
                event_id: event.id,
                options: several.iter().map(|e| (*e).clone()).collect(),
                all: editions.clone(),
            }),
        }
    }
}

/// Which of `editions` (id, first day, last day) to check in on `today`:
/// those running today, else the next to start (`false`: none today).
pub fn todays<'a, T>(
    editions: &'a [T],
    span: impl Fn(&T) -> (&str, &str),
    today: &str,
) -> (Vec<&'a T>, bool) {
    let day = |s: &str| s.get(..10).unwrap_or(s).to_string();
    let today = day(today);
    let running: Vec<&T> = editions
        .iter()
        .filter(|e| {
            let (start, end) = span(e);
            day(start) <= today && today <= day(end)
        })
        .collect();
    if !running.is_empty() {
        return (running, true);
    }
    let next = editions
        .iter()
        .filter(|e| day(span(e).0) > today)
        .min_by_key(|e| day(span(e).0));
    (next.into_iter().collect(), false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span<'a>(e: &'a (&str, &str)) -> (&'a str, &'a str) {
        (e.0, e.1)
    }

    #[test]
    fn today_picks_the_editions_running_else_the_next() {
        let eds = [
            ("2026-12-01", "2026-12-01"),
            ("2026-12-02", "2026-12-03"),
            ("2026-12-02", "2026-12-02"),
        ];
        assert_eq!(
            todays(&eds, span, "2026-12-01 08:00:00"),
            (vec![&eds[0]], true)
        );
        assert_eq!(
            todays(&eds, span, "2026-12-02 08:00:00"),
            (vec![&eds[1], &eds[2]], true)
        );
        assert_eq!(
            todays(&eds, span, "2026-11-20 08:00:00"),
            (vec![&eds[0]], false)
        );
        assert_eq!(todays(&eds, span, "2027-01-01 08:00:00"), (vec![], false));
    }

    fn editions() -> Vec<EditionInfo> {
        vec![
            EditionInfo::new(11, "Day 1", Some("2026-12-01"), None),
            EditionInfo::new(12, "Day 2", Some("2026-12-02 09:00:00"), None),
        ]
    }

    fn facts(id: u64, name: &str, parent: Option<u64>) -> EventFacts {
        EventFacts {
            id,
            name: Some(name.into()),
            parent_id: parent,
            has_editions: if parent.is_some() { Some(false) } else { None },
        }
    }

    #[test]
    fn a_door_opened_on_the_main_event_or_on_an_edition_is_the_same_door() {
        let today = "2026-12-01 10:00:00";
        // On the main event: its editions, today's checked in.
        let mut main = Finding::new("1");
        assert_eq!(main.needs(), [Need::Event("1".into()), Need::Editions(1)]);
        main.event_read(facts(1, "Conf", None));
        main.editions_read(1, editions());
        let Some(Opened::Door(by_event, None)) = main.opened(today) else {
            panic!("{:?}", main.opened(today));
        };
        // On Day 1's own id: the edition says its main event; that one's
        // name and editions are read.
        let mut edition = Finding::new("11");
        edition.event_read(facts(11, "Day 1", Some(1)));
        edition.editions_read(11, vec![editions()[0].clone()]);
        assert_eq!(
            edition.needs(),
            [Need::Event("1".into()), Need::Editions(1)]
        );
        edition.event_read(facts(1, "Conf", None));
        edition.editions_read(1, editions());
        assert_eq!(edition.opened(today), Some(Opened::Door(by_event, None)));
    }

    #[test]
    fn a_main_event_without_editions_is_its_own_door_and_several_today_ask() {
        let mut plain = Finding::new("abc");
        assert_eq!(plain.needs(), [Need::Event("abc".into())]);
        plain.event_read(EventFacts {
            has_editions: Some(false),
            ..facts(5, "Webinar", None)
        });
        assert!(plain.needs().is_empty());
        assert!(matches!(
            plain.opened("2026-12-01"),
            Some(Opened::Door(
                Target {
                    event_id: 5,
                    parent_id: None,
                    ..
                },
                None
            ))
        ));
        let mut two = Finding::main_event(1, "Conf");
        let mut both = editions();
        both[1].start = "2026-12-01".into();
        both[1].end = "2026-12-01".into();
        two.editions_read(1, both);
        assert!(matches!(
            two.opened("2026-12-01"),
            Some(Opened::Choose { .. })
        ));
        assert!(matches!(
            two.opened("2027-01-01"),
            Some(Opened::NoneToday(_))
        ));
    }
}
