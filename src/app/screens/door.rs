//! `:door <id>`, `F7` at a desk, `boxoffice door watch <id>`: the door at a
//! glance — inside now, admitted of valid, exits, conflicts, forced; every
//! lane's admissions, rate, last scan and state; arrivals per bucket as a
//! chart with the current one marked, the busiest 15 minutes, still to
//! come. It follows the desk log as a desk does (`Cmd::DoorRead`: the
//! log's hint or a second, then only what is new since its cursor) and
//! keeps the figures in `door::DoorStats`; the wall clock's second moves
//! the ages and states without a read.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Bar, BarChart, BarGroup, Paragraph, Sparkline};

use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::keymap::{Action, Scope, Table, b, code};
use crate::app::list::ListQuery;
use crate::app::list::rows::TicketRow;
use crate::app::msg::Reply;
use crate::app::state::ReqId;
use crate::door::stats::{DoorStats, Figures, LaneState};
use crate::store::{Cursor, DoorRead, StoreError};
use crate::ui::Theme;

use super::{Component, Outcome};

/// The buckets of the chart (seconds).
pub const BUCKET: i64 = 300;

/// The dashboard's keys.
pub const KEYS: Table = &[&[b(
    &[code(KeyCode::F(5))],
    Action::Refresh,
    "read the door's log again from the start",
)]];

/// The door at a glance.
#[derive(Debug, Clone)]
pub struct DoorScreen {
    event_id: u64,
    title: String,
    stats: DoorStats,
    figures: Figures,
    /// The wall clock the figures were made at.
    wall: String,
    cursor: Option<Cursor>,
    /// The read waiting on the log (hint or a second).
    read_req: Option<ReqId>,
    /// The door's list, counting valid tickets (None: counted or given).
    list_req: Option<ReqId>,
    /// The event read for its name.
    event_req: Option<ReqId>,
    valid: u64,
    /// The last read failed: why (the figures are as last read).
    error: Option<StoreError>,
    /// Reads applied (a first read is the whole log, the next only what
    /// is new): tests and the bench watch it.
    pub reads: u64,
}

impl DoorScreen {
    /// The dashboard of `event_id` (`valid`: its valid tickets when the
    /// caller knows them, else the list is read to count them).
    pub fn open(
        ctx: &mut Ctx,
        event_id: u64,
        title: String,
        valid: Option<u64>,
    ) -> (Self, Vec<Cmd>) {
        let mut stats = DoorStats::new(BUCKET);
        stats.set_valid(valid);
        let wall = ctx.wall.to_owned();
        let mut screen = Self {
            event_id,
            title,
            figures: stats.figures(&wall),
            stats,
            wall,
            cursor: None,
            read_req: None,
            list_req: None,
            event_req: None,
            valid: 0,
            error: None,
            reads: 0,
        };
        let mut cmds = screen.read(ctx);
        if screen.title.starts_with("event ") {
            let req = ctx.ids.take();
            screen.event_req = Some(req);
            cmds.push(Cmd::LoadEvent {
                req,
                id: event_id.to_string(),
            });
        }
        if valid.is_none() {
            let req = ctx.ids.take();
            screen.list_req = Some(req);
            cmds.push(Cmd::LoadList {
                req,
                list: ListQuery::Tickets { event_id },
            });
        }
        (screen, cmds)
    }

    /// `:door <id>`.
    pub fn open_asked(ctx: &mut Ctx, asked: &str) -> (Self, Vec<Cmd>) {
        let id = asked.trim().parse().unwrap_or(0);
        Self::open(ctx, id, format!("event {id}"), None)
    }

    fn read(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let req = ctx.ids.take();
        self.read_req = Some(req);
        vec![Cmd::DoorRead {
            req,
            event_id: self.event_id,
            after: self.cursor.clone(),
        }]
    }

    fn remake(&mut self) {
        self.figures = self.stats.figures(&self.wall);
    }

    fn door_read(&mut self, result: Result<DoorRead, StoreError>, ctx: &mut Ctx) -> Outcome {
        match result {
            Ok(read) => {
                self.stats.take(&read);
                self.cursor = Some(read.cursor);
                self.reads += 1;
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
        ctx.wall.clone_into(&mut self.wall);
        self.remake();
        Outcome::Run(self.read(ctx))
    }

    /// The figures shown (tests).
    pub fn figures(&self) -> &Figures {
        &self.figures
    }
}

impl Component for DoorScreen {
    fn scope(&self) -> Scope {
        Scope::Door
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        t.ta(
            "crumb-door",
            &[(
                "title",
                &crate::sanitize::clean(&t.event_placeholder(&self.title)),
            )],
        )
    }

    fn steps_aside_for_scans(&self) -> bool {
        true
    }

    fn moves_with_the_second(&self) -> bool {
        true
    }

    fn action(&mut self, action: Action, _key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        match action {
            Action::Back => Outcome::Pop { quit: false },
            Action::Refresh => Outcome::Run(self.refresh(ctx)),
            _ => Outcome::Stay,
        }
    }

    fn scroll(&mut self, _delta: isize) {}

    fn owns(&self, req: ReqId) -> bool {
        self.read_req == Some(req) || self.list_req == Some(req) || self.event_req == Some(req)
    }

    fn reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        match reply {
            Reply::DoorRead(result) if self.read_req == Some(req) => {
                self.read_req = None;
                self.door_read(result, ctx)
            }
            Reply::Page(Ok(page)) if self.list_req == Some(req) => {
                let last = page.meta.page >= page.meta.pages;
                if let Some(rows) = page.rows.take::<TicketRow>() {
                    self.valid += rows.iter().filter(|r| r.status() == "confirmed").count() as u64;
                }
                if last {
                    self.list_req = None;
                    self.stats.set_valid(Some(self.valid));
                    self.remake();
                }
                Outcome::Stay
            }
            Reply::Event(result) if self.event_req == Some(req) => {
                self.event_req = None;
                if let Ok((event, _)) = result
                    && let Some(name) = event.name
                {
                    self.title = name;
                }
                Outcome::Stay
            }
            Reply::Page(Err(_)) if self.list_req == Some(req) => {
                // Valid stays unknown ("—"); the rest goes on.
                self.list_req = None;
                Outcome::Stay
            }
            _ => Outcome::Stay,
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        self.read_req
            .into_iter()
            .chain(self.list_req)
            .chain(self.event_req)
            .collect()
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let mut cmds: Vec<Cmd> = self
            .read_req
            .take()
            .map(|req| Cmd::Cancel { req })
            .into_iter()
            .collect();
        let valid = self.figures.valid;
        self.stats = DoorStats::new(BUCKET);
        self.stats.set_valid(valid);
        self.cursor = None;
        cmds.extend(self.read(ctx));
        cmds
    }

    fn fit(&mut self, _body: Rect) {}

    fn tick(&mut self, ctx: &mut Ctx) -> Outcome {
        // Ages and states move with the clock's second.
        if ctx.wall != self.wall && !ctx.wall.is_empty() {
            ctx.wall.clone_into(&mut self.wall);
            self.remake();
            return Outcome::Run(vec![Cmd::Redraw]);
        }
        Outcome::Stay
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        render(self, frame, area, theme);
    }
}

fn time(at: &str) -> &str {
    at.get(11..16).unwrap_or(at)
}

/// "412 of 1200 (34.3 %)", in `t`'s words (its counts grouped as the
/// place does; English as before).
fn of_valid(f: &Figures, t: &crate::i18n::Tongue) -> String {
    let n = |v: u64| count(v, t);
    let (admitted, valid) = (n(f.admitted), f.valid.map_or("—".into(), n));
    let percent = f.percent.map_or_else(String::new, |p| format!(" ({} %)", t.decimal(p)));
    t.ta(
        "door-of-valid",
        &[("admitted", &admitted), ("valid", &valid), ("percent", &percent)],
    )
}

/// A count: grouped as the staff's language groups it; in English as it was
/// ("1886").
fn count(v: u64, t: &crate::i18n::Tongue) -> String {
    if t.lang == crate::i18n::Lang::EN {
        v.to_string()
    } else {
        t.number(v)
    }
}

/// A lane's state in `t`'s words.
fn state_word(state: LaneState, t: &crate::i18n::Tongue) -> String {
    t.lane_state(state)
}

fn lane_style(state: LaneState, theme: Theme) -> Style {
    match state {
        LaneState::Scanning => theme.ok(),
        LaneState::Idle => theme.muted(),
        LaneState::Offline => theme.error(),
    }
}

fn render(s: &DoorScreen, frame: &mut Frame, area: Rect, theme: Theme) {
    let f = &s.figures;
    let t = theme.tongue();
    let big = area.height >= 20 && area.width >= 70;
    let to_come = f.to_come.map_or("—".into(), |c| count(c, t));
    let moves = t.ta(
        "door-moves",
        &[
            ("exits", &count(f.exits, t)),
            ("conflicts", &count(f.conflicts, t)),
            ("forced", &count(f.forced, t)),
        ],
    );
    let word = |id: &str| format!("{} ", t.t(id));
    let mut head = vec![
        Line::from(vec![
            Span::styled(word("door-inside"), theme.muted()),
            Span::styled(count(f.inside, t), theme.title()),
            Span::styled(
                f.capacity
                    .map(|c| format!(" / {}", count(c, t)))
                    .unwrap_or_default(),
                if f.capacity.is_some_and(|c| f.inside >= c) {
                    theme.error()
                } else {
                    theme.muted()
                },
            ),
            Span::styled(format!("  {}", word("door-admitted")), theme.muted()),
            Span::styled(of_valid(f, t), theme.title()),
        ]),
        Line::from(vec![
            Span::styled(word("door-to-come"), theme.muted()),
            Span::styled(to_come.clone(), theme.title()),
            Span::styled(format!("  {moves}"), theme.muted()),
        ]),
    ];
    // Narrow (a 40-column screen): the counts of moves on a line of their
    // own, not cut.
    if head[1].width() > usize::from(area.width) {
        head[1] = Line::from(vec![
            Span::styled(word("door-to-come"), theme.muted()),
            Span::styled(to_come, theme.title()),
        ]);
        head.push(Line::styled(moves, theme.muted()));
    }
    if let Some(e) = &s.error {
        head.push(Line::styled(
            format!(
                "✖ {}",
                t.ta(
                    "door-as-last-read",
                    &[("error", &crate::sanitize::clean(&t.store_error(e)))],
                )
            ),
            theme.error(),
        ));
    }
    let counts: Vec<u64> = f.buckets.iter().map(|b| b.arrivals).collect();
    if !big {
        // Small: the three numbers, the lanes in one line, a sparkline.
        let lanes = f
            .lanes
            .iter()
            .map(|l| {
                Span::styled(
                    format!(
                        "{} {} ",
                        crate::sanitize::clean(&l.lane),
                        state_word(l.state, t)
                    ),
                    lane_style(l.state, theme),
                )
            })
            .collect::<Vec<_>>();
        head.push(Line::from(lanes));
        let rows = Layout::vertical([
            Constraint::Length(u16::try_from(head.len()).unwrap_or(3)),
            Constraint::Min(1),
        ])
        .split(area);
        frame.render_widget(Paragraph::new(head), rows[0]);
        let width = usize::from(rows[1].width);
        let shown = &counts[counts.len().saturating_sub(width)..];
        frame.render_widget(
            Sparkline::default().data(shown).style(theme.ok()),
            rows[1],
        );
        return;
    }
    if let Some(b) = &f.busiest {
        head.push(Line::from(vec![
            Span::styled(word("door-busiest"), theme.muted()),
            Span::styled(
                format!("{}–{}", time(&b.start), time(&b.end)),
                theme.title(),
            ),
            Span::styled(
                format!(
                    ": {}",
                    t.ta("door-arrived", &[("count", &count(b.arrivals, t))])
                ),
                theme.muted(),
            ),
        ]));
    }
    let lanes_h = u16::try_from(f.lanes.len() + 1)
        .unwrap_or(u16::MAX)
        .min(area.height / 3);
    let rows = Layout::vertical([
        Constraint::Length(u16::try_from(head.len()).unwrap_or(4) + 1),
        Constraint::Min(5),
        Constraint::Length(lanes_h),
    ])
    .split(area);
    frame.render_widget(Paragraph::new(head), rows[0]);
    // The chart: the latest buckets that fit, the current one marked.
    let bar_w: u16 = 5;
    let fit = usize::from(rows[1].width / (bar_w + 1)).max(1);
    let from = f.buckets.len().saturating_sub(fit);
    let bars: Vec<Bar> = f.buckets[from..]
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let now = f.current == Some(from + i);
            // Every quarter hour named, and the current bucket.
            let label = if now {
                t.t("door-now")
            } else if b.start.get(14..16).is_some_and(|m| m == "00" || m == "15" || m == "30" || m == "45") {
                time(&b.start).to_owned()
            } else {
                String::new()
            };
            let bar = Bar::default().value(b.arrivals).label(Line::from(label));
            if now {
                bar.style(theme.title())
            } else {
                bar.style(theme.ok())
            }
        })
        .collect();
    let title = t.ta(
        "door-arrivals",
        &[
            ("minutes", &(f.bucket_seconds / 60)),
            ("from", &f.buckets.get(from).map_or("", |b| time(&b.start))),
        ],
    );
    let chart_rows = Layout::vertical([Constraint::Length(1), Constraint::Min(3)]).split(rows[1]);
    frame.render_widget(Paragraph::new(Line::styled(title, theme.header())), chart_rows[0]);
    frame.render_widget(
        BarChart::default()
            .data(BarGroup::default().bars(&bars))
            .bar_width(bar_w)
            .bar_gap(1),
        chart_rows[1],
    );
    // The lanes.
    let name_w = f
        .lanes
        .iter()
        .map(|l| crate::sanitize::clean(&l.lane).chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 24);
    let mut lines = vec![Line::styled(
        format!(
            "{:name_w$}  {:>8}  {:>6}  {:>10}  {}",
            t.t("door-col-lane"),
            t.t("door-col-admitted"),
            t.t("door-col-rate"),
            t.t("door-col-last-scan"),
            t.t("door-col-state"),
        ),
        theme.header(),
    )];
    for l in &f.lanes {
        let name: String = crate::sanitize::clean(&l.lane).chars().take(name_w).collect();
        lines.push(Line::from(vec![
            Span::raw(format!(
                "{name:name_w$}  {:>8}  {:>6}  {:>10}  ",
                l.admissions,
                t.decimal(l.rate),
                l.last_scan_age.map_or_else(|| "—".into(), |s| t.age(s))
            )),
            Span::styled(state_word(l.state, t), lane_style(l.state, theme)),
        ]));
    }
    frame.render_widget(Paragraph::new(lines), rows[2]);
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use crate::app::settings::Settings;
    use crate::app::{AppOptions, Model, Msg, update};
    use crate::door::stats::OFFLINE_AFTER;
    use crate::store::{Admission, Change, ChangeKind};

    fn model() -> Model {
        let options = AppOptions {
            business: "demo".into(),
            readonly: false,
            pinned_now: None,
            desk: "wall".into(),
            checkin: None,
            door: None,
            desk_only: false,
            bell: false,
            settings: Settings::default(),
        };
        let mut m = Model::new(options, "127.0.0.1:4000", Instant::now(), (100, 30));
        m.no_color = true;
        m
    }

    fn at(s: i64) -> String {
        crate::door::stats::time_text(crate::door::epoch_seconds("2026-11-25 10:00:00").unwrap() + s)
    }

    fn shown(screen: &DoorScreen, m: &Model) -> String {
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
        terminal
            .draw(|f| screen.render(f, f.area(), m.theme()))
            .unwrap();
        let buffer = terminal.backend().buffer();
        buffer
            .content()
            .chunks(100)
            .map(|row| row.iter().map(ratatui::buffer::Cell::symbol).collect::<String>() + "\n")
            .collect()
    }

    /// The clock given, not slept: a running lane whose heartbeat stops is
    /// offline from [`OFFLINE_AFTER`] after its last beat, and during an
    /// outage of the shared log the dashboard says so while every lane's
    /// age keeps growing from what it last read.
    #[test]
    fn a_stopped_lane_goes_offline_and_an_outage_is_said_with_ages_growing() {
        let mut m = model();
        update(&mut m, Msg::Clock(at(0)));
        let (mut screen, _) = DoorScreen::open(&mut m.ctx(), 1002, "Day 1".into(), Some(10));
        let admitted = |ticket: u64, lane: &str, s: i64| Change {
            seq: ticket,
            kind: ChangeKind::Admitted,
            admission: Admission {
                ticket_id: ticket,
                number: format!("TK-{ticket:06}"),
                event_id: 1002,
                edition_id: Some(1002),
                at: at(s),
                desk: lane.into(),
            },
            scan: None,
        };
        let read = DoorRead {
            changes: vec![admitted(1, "gate-1", -10), admitted(2, "gate-2", -3)],
            heartbeats: vec![("gate-1".into(), at(-1)), ("gate-2".into(), at(0))],
            ..DoorRead::default()
        };
        let req = screen.read_req.unwrap();
        screen.reply(req, Reply::DoorRead(Ok(read)), &mut m.ctx());
        let lane = |s: &DoorScreen, name: &str| {
            s.figures()
                .lanes
                .iter()
                .find(|l| l.lane == name)
                .cloned()
                .unwrap()
        };
        assert_eq!(lane(&screen, "gate-1").state, LaneState::Scanning);
        // gate-2 goes on beating; gate-1 has stopped.
        for s in 1..=12 {
            update(&mut m, Msg::Clock(at(s)));
            if s == 6 {
                // The shared log goes away: the next read fails.
                let req = screen.read_req.unwrap();
                let gone = Err(StoreError::Unreachable);
                screen.reply(req, Reply::DoorRead(gone), &mut m.ctx());
            } else if s < 6 {
                let req = screen.read_req.unwrap();
                let read = DoorRead {
                    heartbeats: vec![("gate-2".into(), at(s))],
                    cursor: screen.cursor.clone().unwrap_or_default(),
                    ..DoorRead::default()
                };
                screen.reply(req, Reply::DoorRead(Ok(read)), &mut m.ctx());
            }
            screen.tick(&mut m.ctx());
            let (one, two) = (lane(&screen, "gate-1"), lane(&screen, "gate-2"));
            assert_eq!(one.last_scan_age, Some(10 + s), "at +{s}");
            assert_eq!(two.last_scan_age, Some(3 + s), "at +{s}");
            assert_eq!(
                one.state == LaneState::Offline,
                s + 1 >= OFFLINE_AFTER,
                "gate-1 at +{s}"
            );
            // gate-2's last beat was read at +5; from +10 it is offline too:
            // the dashboard cannot tell a lane gone from a log gone, and says
            // the log is gone.
            assert_eq!(
                two.state == LaneState::Offline,
                s >= 5 + OFFLINE_AFTER,
                "gate-2 at +{s}"
            );
            let text = shown(&screen, &m);
            assert_eq!(text.contains("✖ the shared log is unreachable"), s >= 6, "{text}");
        }
        // The same door in Spanish: its words, its lanes' states.
        m.options.settings.lang = crate::i18n::Lang::ES;
        let text = shown(&screen, &m);
        for words in [
            "dentro 2  admitidas 2 de 10 (20,0 %)",
            "admitidas 2 de",
            "por llegar",
            "salidas 0 · conflictos 0 · forzadas 0",
            "(según la última lectura)",
            "llegadas cada",
            "sin conexión",
        ] {
            assert!(text.contains(words), "{words:?}\n{text}");
        }
        for english in ["inside", "admitted", "to come", "arrivals per", "offline"] {
            assert!(!text.contains(english), "{english:?}\n{text}");
        }
    }
}
