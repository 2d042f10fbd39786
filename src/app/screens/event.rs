//! One event: its facts and its editions.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Paragraph};
use serde_json::Value;

use crate::api::model::{Edition, Event};
use crate::app::cmd::Cmd;
use crate::app::model::{Model, Nav, Remote, Screen, error_text};
use crate::app::msg::ReqId;
use crate::ui::Theme;
use crate::ui::widgets::{self, Column, TableRow};

use super::tickets::{TicketScope, TicketsScreen};
use super::{below, count, dates, rows_height, sold, state};

/// Lines the facts take above the editions table.
const FACTS: u16 = 8;

/// The event screen state.
#[derive(Debug, Clone)]
pub struct EventScreen {
    /// What was asked for (id or hash), for the title until the event is in.
    pub asked: String,
    pub title: String,
    pub event_req: ReqId,
    pub editions_req: ReqId,
    pub event: Remote<(Event, Value)>,
    pub editions: Remote<Vec<Edition>>,
    pub nav: Nav,
}

impl EventScreen {
    /// Opens an event by its numeric id: the event and its editions at once.
    pub fn open_id(model: &mut Model, id: u64, title: String) -> (Self, Vec<Cmd>) {
        let event_req = model.req();
        let editions_req = model.req();
        (
            Self {
                asked: id.to_string(),
                title,
                event_req,
                editions_req,
                event: Remote::Loading,
                editions: Remote::Loading,
                nav: Nav::default(),
            },
            vec![
                Cmd::LoadEvent {
                    req: event_req,
                    id: id.to_string(),
                },
                Cmd::LoadEditions {
                    req: editions_req,
                    event_id: id,
                },
            ],
        )
    }

    /// Opens an event by id or hash: the editions follow once its id is known.
    pub fn open_any(model: &mut Model, asked: &str) -> (Self, Vec<Cmd>) {
        if let Ok(id) = asked.parse::<u64>() {
            return Self::open_id(model, id, asked.to_string());
        }
        let event_req = model.req();
        (
            Self {
                asked: asked.to_string(),
                title: asked.to_string(),
                event_req,
                editions_req: 0,
                event: Remote::Loading,
                editions: Remote::Loading,
                nav: Nav::default(),
            },
            vec![Cmd::LoadEvent {
                req: event_req,
                id: asked.to_string(),
            }],
        )
    }

    /// Re-reads the event and its editions (after a write, or `R`).
    pub fn refresh(&mut self, model: &mut Model) -> Vec<Cmd> {
        let id = self
            .event
            .loaded()
            .map_or_else(|| self.asked.clone(), |(e, _)| e.id.to_string());
        self.event_req = model.req();
        let mut cmds = vec![Cmd::LoadEvent {
            req: self.event_req,
            id: id.clone(),
        }];
        if let Ok(event_id) = id.parse::<u64>() {
            self.editions_req = model.req();
            cmds.push(Cmd::LoadEditions {
                req: self.editions_req,
                event_id,
            });
        }
        cmds
    }

    pub fn event_id(&self) -> Option<u64> {
        self.event
            .loaded()
            .map(|(e, _)| e.id)
            .or_else(|| self.asked.parse().ok())
    }

    pub fn selected_edition(&self) -> Option<&Edition> {
        self.editions
            .loaded()
            .and_then(|e| e.get(self.nav.selected))
    }

    pub fn editions_len(&self) -> usize {
        self.editions.loaded().map_or(0, Vec::len)
    }

    /// Where enroll goes from here: the selected edition (named with its
    /// dates, so a past one is recognisable), or the event itself when it
    /// has no editions. The main event is enrolled into from the events list
    /// or from its tickets (`t`).
    pub fn enroll_target(&self) -> Option<(u64, String)> {
        if let Some(ed) = self.selected_edition() {
            let name = ed.name.as_deref().unwrap_or("edition");
            let when = ed
                .start_date
                .as_deref()
                .or(ed.start_datetime.as_deref())
                .map(|d| format!(", {d}"))
                .unwrap_or_default();
            return Some((ed.id, format!("{} — {name}{when}", self.title)));
        }
        if self.editions_len() > 0 {
            return None;
        }
        self.event_id().map(|id| (id, self.title.clone()))
    }
}

/// Where the editions table goes.
pub fn table_area(size: (u16, u16)) -> Rect {
    below(size, FACTS + 1)
}

/// Tickets of the selected edition (`edition: true`) or of the main event.
pub fn open_tickets(model: &mut Model, edition: bool) -> Vec<Cmd> {
    let Some(Screen::Event(s)) = model.top() else {
        return vec![];
    };
    let scope = if edition {
        let Some(ed) = s.selected_edition() else {
            return vec![];
        };
        TicketScope {
            event_id: ed.id,
            title: ed
                .name
                .clone()
                .unwrap_or_else(|| format!("edition {}", ed.id)),
            edition: true,
        }
    } else {
        let Some(id) = s.event_id() else {
            return vec![];
        };
        TicketScope {
            event_id: id,
            title: format!("{} (main event)", s.title),
            edition: false,
        }
    };
    let (screen, cmd) = TicketsScreen::open(model, scope);
    model.stack.push(Screen::Tickets(screen));
    vec![cmd]
}

const COLUMNS: [Column; 6] = [
    Column::grow("edition", 22, 0),
    Column::new("dates", 23, 1),
    Column::new("time", 11, 3),
    Column::new("sold/stock", 14, 1),
    Column::new("open/pend/canc", 14, 4),
    Column::new("state", 9, 2),
];

fn s(v: Option<&String>) -> &str {
    v.map_or("–", String::as_str)
}

pub fn view(frame: &mut Frame, st: &EventScreen, theme: Theme, size: (u16, u16)) {
    let facts = Rect {
        height: FACTS,
        ..below(size, 0)
    };
    let lines: Vec<Line> = match &st.event {
        Remote::Loading => vec![Line::styled(
            format!("loading event {}…", st.asked),
            theme.muted(),
        )],
        Remote::Failed(e) => vec![Line::styled(
            format!("could not load event {}: {}", st.asked, error_text(e)),
            theme.error(),
        )],
        Remote::Loaded((e, _)) => {
            let field = |name: &'static str, value: String| {
                Line::from(vec![
                    Span::styled(format!("{name:>9} "), theme.muted()),
                    Span::raw(value),
                ])
            };
            let c = &e.counters;
            vec![
                Line::from(vec![
                    Span::styled(e.name.clone().unwrap_or_default(), theme.title()),
                    Span::styled(
                        format!("  #{} · {}", e.id, s(e.hash.as_ref())),
                        theme.muted(),
                    ),
                ]),
                field(
                    "dates",
                    format!(
                        "{}   {}–{}   {}",
                        dates(e.start_date.as_deref(), e.end_date.as_deref()),
                        s(e.from_time.as_ref()),
                        s(e.to_time.as_ref()),
                        s(e.timezone.as_ref()),
                    ),
                ),
                field(
                    "location",
                    format!(
                        "{}{}",
                        s(e.location_type.as_ref()),
                        e.location
                            .as_ref()
                            .and_then(location_text)
                            .map(|l| format!(" · {l}"))
                            .unwrap_or_default()
                    ),
                ),
                field(
                    "price",
                    format!(
                        "{} {}",
                        e.price.as_ref().map_or("–", |p| p.0.as_str()),
                        s(e.currency.as_ref())
                    ),
                ),
                field(
                    "tickets",
                    format!(
                        "{} confirmed · {} open · {} pending · {} cancelled · {} total",
                        count(c.tickets_confirmed),
                        count(c.tickets_open),
                        count(c.tickets_pending),
                        count(c.tickets_cancelled),
                        count(c.total_tickets),
                    ),
                ),
                field(
                    "stock",
                    format!(
                        "{} · available {} · committed {}",
                        sold(c, &e.capacity),
                        if e.capacity.get().is_none() && c.stock_onhand.is_none_or(|o| o.0 == 0) {
                            "unlimited".to_string()
                        } else {
                            count(c.stock_available)
                        },
                        count(c.stock_committed),
                    ),
                ),
                field("state", state(e.published, e.active)),
            ]
        }
    };
    frame.render_widget(Paragraph::new(lines), facts);

    let area = table_area(size);
    let heading = Rect {
        y: area.y.saturating_sub(1),
        height: 1,
        ..area
    };
    let n = st.editions_len();
    frame.render_widget(
        Line::from(vec![
            Span::styled(format!("Editions ({n})"), theme.header()),
            Span::styled("  Enter tickets · t main event tickets", theme.muted()),
        ]),
        heading,
    );
    let rows_area = Rect {
        y: area.y + 1,
        height: 1,
        ..area
    };
    let editions = match &st.editions {
        Remote::Loading => {
            frame.render_widget(
                Line::styled("  loading editions…", theme.muted()),
                rows_area,
            );
            return;
        }
        Remote::Failed(e) => {
            frame.render_widget(
                Line::styled(
                    format!("  could not load the editions: {}", error_text(e)),
                    theme.error(),
                ),
                rows_area,
            );
            return;
        }
        Remote::Loaded(eds) => eds,
    };
    if editions.is_empty() {
        frame.render_widget(
            Line::styled(
                "  no editions: t shows the event's own tickets",
                theme.muted(),
            ),
            rows_area,
        );
        return;
    }
    let kept = widgets::fit_columns(&COLUMNS, area.width);
    let columns: Vec<Column> = kept.iter().map(|&i| COLUMNS[i]).collect();
    let header: Vec<String> = columns.iter().map(|c| c.title.to_string()).collect();
    let rows = editions
        .iter()
        .enumerate()
        .skip(st.nav.offset)
        .take(rows_height(area))
        .map(|(i, ed)| {
            let c = &ed.counters;
            let all = [
                ed.name
                    .clone()
                    .unwrap_or_else(|| format!("edition {}", ed.id)),
                dates(ed.start_date.as_deref(), ed.end_date.as_deref()),
                format!("{}–{}", s(ed.from_time.as_ref()), s(ed.to_time.as_ref())),
                sold(c, &ed.capacity),
                format!(
                    "{}/{}/{}",
                    count(c.tickets_open),
                    count(c.tickets_pending),
                    count(c.tickets_cancelled)
                ),
                state(ed.published, ed.active),
            ];
            TableRow {
                cells: kept.iter().map(|&c| Cell::from(all[c].clone())).collect(),
                selected: i == st.nav.selected,
            }
        })
        .collect();
    widgets::table(frame, area, theme, &columns, &header, rows);
}

/// A location object in a few words (its inner fields are not in the spec).
fn location_text(v: &Value) -> Option<String> {
    let obj = v.as_object()?;
    let parts: Vec<String> = ["name", "address", "city", "country", "url"]
        .iter()
        .filter_map(|k| obj.get(*k).and_then(Value::as_str))
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}
