//! One ticket: its attendee, order and edition (each leading to its
//! screen), every field with its objects as a tree, and the raw JSON.

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::Ticket;
use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::msg::Reply;
use crate::app::overlays::note::NoteForm;
use crate::app::state::{Remote, ReqId};
use crate::ui::Theme;

use super::detail::{DetailScreen, Detailed, Doc, Link, fact};
use super::shared::tree_lines;
use super::shared::revoke_ask;
use super::{Component, Ctx, Outcome, TicketChange};
use crate::app::list::rows::{TicketRow, TicketScope};

/// The ticket screen: the record's detail, its attendee, order and edition
/// leading to their screens, and `x` revoke.
#[derive(Debug, Clone)]
pub struct TicketScreen {
    pub detail: DetailScreen<Ticket>,
    /// The number shown until the ticket is in (known when opened from a list).
    pub number: Option<String>,
}

impl TicketScreen {
    /// A ticket by id, read from the API (its full record: lists keep only
    /// what they show).
    pub fn open(ctx: &mut Ctx, ticket_id: u64, number: Option<&str>) -> (Self, Cmd) {
        let label = number.map_or_else(|| ticket_id.to_string(), str::to_string);
        let (detail, cmd) = DetailScreen::open(ctx, ticket_id, label);
        (
            Self {
                detail,
                number: number.map(str::to_string),
            },
            cmd,
        )
    }

    pub fn ticket_id(&self) -> u64 {
        self.detail.id
    }

    pub fn ticket(&self) -> Option<&Ticket> {
        self.detail.record.loaded().map(|(t, _)| t)
    }
}

impl Detailed for Ticket {
    const NOUN: &'static str = "ticket";
    const SCOPE: Scope = Scope::Ticket;

    fn load(req: ReqId, ticket_id: u64) -> Cmd {
        Cmd::LoadTicket { req, ticket_id }
    }

    fn take(reply: Reply) -> Option<Result<(Self, Value), ApiError>> {
        match reply {
            Reply::Ticket(r) => Some(r),
            _ => None,
        }
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        t.ta("crumb-ticket", &[("number", &self.number.as_deref().unwrap_or(""))])
    }

    fn copy_text(&self) -> Option<String> {
        self.number.clone()
    }

    /// Who, which order and which edition first (each leading to its
    /// screen), then every field as sent.
    fn doc(&self, raw: &Value, theme: Theme) -> Doc {
        let mut d = Doc::default();
        if let Some(a) = &self.attendee {
            let name = a.full_name();
            let email = a.email.clone().unwrap_or_default();
            let who = match (name.is_empty(), email.is_empty()) {
                (false, false) => format!("{name} <{email}>"),
                (true, _) => email.clone(),
                (false, true) => name.clone(),
            };
            let line = fact("attendee", who, theme);
            match a.id {
                Some(id) => d.link(
                    line,
                    Link::Customer {
                        id,
                        label: if name.is_empty() { email } else { name },
                    },
                ),
                None => d.push(line),
            }
        }
        if let Some(o) = &self.order {
            let label = o
                .number
                .clone()
                .or_else(|| o.id.map(|id| id.to_string()))
                .unwrap_or_default();
            let line = fact("order", label.clone(), theme);
            match o.id {
                Some(id) => d.link(line, Link::Order { id, label }),
                None => d.push(line),
            }
        }
        if let Some(e) = &self.event {
            let title = e
                .name
                .clone()
                .or_else(|| e.id.map(|id| format!("event {id}")))
                .unwrap_or_default();
            let line = fact("edition", title.clone(), theme);
            match e.id {
                Some(event_id) => d.link(
                    line,
                    Link::Tickets {
                        scope: TicketScope {
                            event_id,
                            title,
                            edition: e.parent_id.is_some(),
                            ends: e.parent_id.and_then(|_| {
                                crate::api::ended::End {
                                    end_datetime: e.end_datetime.as_deref(),
                                    timezone: e.timezone.as_deref(),
                                    ..Default::default()
                                }
                                .last()
                            }),
                        },
                    },
                ),
                None => d.push(line),
            }
        }
        if !d.is_empty() {
            d.push(Line::raw(""));
        }
        d.extend(field_lines(self, raw, theme));
        d
    }
}

impl Component for TicketScreen {
    fn scope(&self) -> Scope {
        Scope::Ticket
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        match (self.ticket(), &self.number) {
            (Some(ticket), _) => ticket.crumb(t),
            (None, Some(n)) => t.ta("crumb-ticket", &[("number", n)]),
            (None, None) => t.ta("crumb-ticket", &[("number", &self.ticket_id())]),
        }
    }

    fn action(&mut self, action: Action, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        if action == Action::Revoke {
            return match self.ticket() {
                Some(t) => revoke_ask(&TicketRow::new(t), ctx.lang.tongue()),
                None => Outcome::Stay,
            };
        }
        if action == Action::Note {
            return match self.ticket() {
                Some(t) => {
                    let (overlay, cmds) = NoteForm::on_ticket(ctx, &TicketRow::new(t));
                    Outcome::Overlay(overlay, cmds)
                }
                None => Outcome::Stay,
            };
        }
        self.detail.action(action, key, ctx)
    }

    fn scroll(&mut self, delta: isize) {
        self.detail.scroll(delta);
    }

    fn selected_line(&self, body: Rect) -> Option<u16> {
        self.detail.cursor_line(body)
    }

    fn click(&mut self, y: u16, body: Rect) {
        self.detail.click(y, body);
    }

    fn owns(&self, req: ReqId) -> bool {
        self.detail.owns(req)
    }

    fn reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        self.detail.reply(req, reply, ctx)
    }

    fn streaming(&self) -> Vec<ReqId> {
        vec![]
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        self.detail.refresh(ctx)
    }

    fn fit(&mut self, body: Rect) {
        self.detail.fit(body);
    }

    fn copy_text(&self) -> Option<String> {
        self.ticket_number(self.ticket_id())
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        self.detail.render(frame, area, theme);
    }

    fn ticket_changed(&mut self, change: TicketChange<'_>) {
        match change {
            TicketChange::Revoked(id) if id == self.ticket_id() => {
                if let Remote::Loaded((ticket, raw)) = &mut self.detail.record {
                    ticket.status = Some("unenrolled".into());
                    if let Some(obj) = raw.as_object_mut() {
                        obj.insert("status".into(), "unenrolled".into());
                    }
                }
            }
            TicketChange::Read(ticket, raw) if ticket.id == self.ticket_id() => {
                self.detail.record = Remote::Loaded((ticket.clone(), raw.clone()));
            }
            TicketChange::Revoked(_) | TicketChange::Read(..) | TicketChange::Revoking(..) => {}
        }
    }

    fn ticket_number(&self, id: u64) -> Option<String> {
        if id != self.ticket_id() {
            return None;
        }
        self.ticket()
            .and_then(|t| t.number.clone())
            .or_else(|| self.number.clone())
    }
}

/// Every field of the ticket as sent, objects as an indented tree.
pub fn field_lines(ticket: &Ticket, raw: &Value, theme: Theme) -> Vec<Line<'static>> {
    if raw.is_object() {
        tree_lines(raw, theme)
    } else {
        tree_lines(&serde_json::to_value(ticket).unwrap_or(Value::Null), theme)
    }
}
