//! One customer, as support reads it on the phone: who, contacts,
//! addresses (billing and shipping marked), orders (→ the order), their
//! tickets across events (→ the ticket, its event's tickets, `x` revoke),
//! subscriptions, categories, every other field as a tree, and the raw JSON.
//! Their tickets are those in the lists loaded at once, then (`f`) those a
//! search of the current and upcoming events finds; `n` enrolls them.

use std::collections::HashSet;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::Customer;
use crate::app::cmd::{Cmd, RecordQuery};
use crate::app::find::{FindTickets, Found, FoundPage, SearchProgress, Wanted, Within};
use crate::app::keymap::{Action, Scope};
use crate::app::layout::Layout;
use crate::app::msg::Reply;
use crate::app::overlays::Overlay;
use crate::app::overlays::enroll_in::EnrollIn;
use crate::app::overlays::note::NoteForm;
use crate::app::state::{ReqId, ToastKind};
use crate::ui::Theme;

use super::shared::tree_lines;
use super::detail::{DetailScreen, Detailed, Doc, Link, fact, heading, rest, yes_no};
use super::shared::revoke_ask;
use super::component::{Component, Outcome, TicketChange, Write};
use crate::app::ctx::Ctx;
use crate::app::target::Target;
use crate::app::list::rows::format::money;
use crate::app::list::rows::{TicketRow, TicketScope};

/// The customer screen: the record's detail, and their tickets.
#[derive(Debug, Clone)]
pub struct CustomerScreen {
    pub detail: DetailScreen<Customer>,
    /// Their tickets found so far, by number: in the lists loaded, by a
    /// search, after an enroll.
    pub tickets: Vec<Found>,
    /// The search across events running: its request and how far it is.
    pub search: Option<(ReqId, SearchProgress)>,
    /// How the last search ended.
    pub searched: Option<String>,
    /// Reads of one event's tickets after an enroll of this customer.
    pub rereads: Vec<ReqId>,
    /// What the lists loaded were last looked through for (the customer's
    /// id, then with the e-mail once the record is in).
    looked: Option<Wanted>,
    /// Their tickets with a revoke in flight: shown as "revoking…".
    pub revoking: HashSet<u64>,
}

impl CustomerScreen {
    pub fn open(ctx: &mut Ctx, id: u64, label: String) -> (Self, Cmd) {
        let (detail, cmd) = DetailScreen::open(ctx, id, label);
        (
            Self {
                detail,
                tickets: Vec::new(),
                search: None,
                searched: None,
                rereads: Vec::new(),
                looked: None,
                revoking: HashSet::new(),
            },
            cmd,
        )
    }

    /// Whose tickets are theirs: the id, and the e-mail once it is known.
    pub fn wanted(&self) -> Wanted {
        let email = self
            .detail
            .record
            .loaded()
            .map_or("", |(c, _)| c.email.as_str());
        Wanted::customer(self.detail.id, email)
    }

    /// Adds tickets found, each once (a ticket found again replaces the
    /// older copy), ordered by number.
    pub fn add(&mut self, found: impl IntoIterator<Item = Found>) {
        for f in found {
            match self.tickets.iter_mut().find(|t| t.row.id == f.row.id) {
                Some(old) => *old = f,
                None => self.tickets.push(f),
            }
        }
        self.tickets.sort_by(|a, b| {
            a.row
                .number()
                .cmp(b.row.number())
                .then(a.row.id.cmp(&b.row.id))
        });
    }

    /// The fields view with their tickets after the orders.
    pub fn doc(&self, theme: Theme) -> Doc {
        let Some((c, raw)) = self.detail.record.loaded() else {
            return Doc::default();
        };
        sections(c, raw, theme, |d| self.tickets_section(d, theme))
    }

    fn tickets_section(&self, d: &mut Doc, theme: Theme) {
        let state = match (&self.search, &self.searched) {
            (Some((_, p)), _) => theme
                .tongue()
                .ta("customer-searching", &[("progress", &p.text(theme.tongue()))]),
            (None, Some(done)) => done.clone(),
            (None, None) => theme.tongue().t("customer-tickets-in-lists"),
        };
        d.extend([
            Line::raw(""),
            Line::from(vec![
                Span::styled(
                    theme
                        .tongue()
                        .label(&format!("tickets ({})", self.tickets.len())),
                    theme.header(),
                ),
                Span::styled(format!("  {state}"), theme.muted()),
            ]),
        ]);
        if self.tickets.is_empty() {
            d.push(none(theme));
        }
        for f in &self.tickets {
            let r = &f.row;
            let status = if self.revoking.contains(&r.id) {
                Span::styled(theme.tongue().t("customer-revoking"), theme.header())
            } else {
                Span::styled(r.status().to_string(), theme.status(r.status()))
            };
            // The day before the status and the event: on a narrow terminal
            // the event's name is what is cut, never the date.
            let (title, day) = title_and_day(&f.scope.title);
            let day = day.map(|d| format!("{d}  ")).unwrap_or_default();
            d.link(
                Line::from(vec![
                    Span::raw(format!("  {}  {day}", r.number())),
                    status,
                    Span::raw(format!("  {title}")),
                ]),
                Link::Ticket {
                    id: r.id,
                    number: r.number().to_string(),
                },
            );
        }
    }

    /// Puts the cursor on ticket `id`'s line, scrolling it into view: the
    /// ticket an enroll just made is seen at once (and toasts keep off it).
    fn show_ticket(&mut self, id: u64) {
        let doc = self.doc(Theme::new(true));
        let at = doc
            .links()
            .find(|(_, l)| matches!(l, Link::Ticket { id: t, .. } if *t == id))
            .map(|(at, _)| *at);
        if let Some(at) = at {
            let delta = isize::try_from(at).unwrap_or(isize::MAX)
                - isize::try_from(self.detail.cursor).unwrap_or(isize::MAX);
            self.detail.move_by(delta, &doc);
        }
    }

    /// The ticket under the cursor, if the cursor is on one.
    fn ticket_at_cursor(&self, doc: &Doc) -> Option<&Found> {
        match self.detail.link(doc)? {
            Link::Ticket { id, .. } => self.tickets.iter().find(|t| t.row.id == *id),
            _ => None,
        }
    }

    /// `n`: enroll them in an event (an event, then an edition); the
    /// ticket it makes is read back into their tickets (`after_write`).
    fn enroll(&self, ctx: &mut Ctx) -> Outcome {
        let Some((c, _)) = self.detail.record.loaded() else {
            return Outcome::Toast(ToastKind::Info, ctx.lang.tongue().t("toast-customer-loading"));
        };
        let name = full_name(c);
        let who = if name.is_empty() {
            c.email.clone()
        } else {
            format!("{name} <{}>", c.email)
        };
        // The overlays' layout: the body has the title line above and the
        // status bar below.
        let layout = Layout::new((ctx.body.width, ctx.body.height + 2));
        let (overlay, cmd) = EnrollIn::open(ctx, c.id, who, &layout);
        Outcome::Overlay(Overlay::EnrollIn(overlay), vec![cmd])
    }

    /// `f`: searches the current and upcoming events, or stops the search.
    fn toggle_search(&mut self, ctx: &mut Ctx) -> Outcome {
        if let Some((req, p)) = self.search.take() {
            let t = ctx.lang.tongue();
            self.searched = Some(t.ta("customer-search-stopped", &[("progress", &p.text(t))]));
            return Outcome::Run(vec![Cmd::Cancel { req }]);
        }
        let req = ctx.ids.take();
        self.search = Some((req, SearchProgress::default()));
        self.searched = None;
        Outcome::Run(vec![Cmd::FindTickets {
            req,
            find: FindTickets {
                wanted: self.wanted(),
                within: Within::Upcoming,
            },
        }])
    }

    fn found(
        &mut self,
        req: ReqId,
        answer: Result<FoundPage, ApiError>,
        t: &crate::i18n::Tongue,
    ) -> Outcome {
        let searching = self.search.as_ref().is_some_and(|(r, _)| *r == req);
        match answer {
            Ok(page) => {
                // After an enroll: the ticket it made, new here.
                let new = (!searching)
                    .then(|| {
                        page.hits
                            .iter()
                            .map(|f| f.row.id)
                            .find(|id| self.tickets.iter().all(|t| t.row.id != *id))
                    })
                    .flatten();
                self.add(page.hits.iter().cloned().map(|mut f| {
                    // An enroll whose target was not named: the ticket's own
                    // edition names it.
                    if f.scope.title.is_empty() {
                        f.scope.title = f.row.edition().to_string();
                    }
                    f
                }));
                if searching && let Some((_, p)) = &mut self.search {
                    p.add(&page);
                    if p.done() {
                        let mut text = t.ta("customer-searched", &[("progress", &p.text(t))]);
                        if let Some(e) = p.error() {
                            text.push_str(&t.ta("customer-search-first-error", &[("error", &e)]));
                        }
                        self.searched = Some(text);
                        self.search = None;
                    }
                }
                if page.done {
                    self.rereads.retain(|r| *r != req);
                }
                if let Some(id) = new {
                    self.show_ticket(id);
                }
                Outcome::Stay
            }
            Err(e) => {
                self.rereads.retain(|r| *r != req);
                if searching {
                    self.search = None;
                    self.searched = Some(t.ta("customer-search-failed", &[("error", &t.api_error(&e))]));
                }
                Outcome::Toast(
                    ToastKind::Error,
                    t.ta(
                        "detail-failed-toast",
                        &[("noun", &t.list_noun("tickets")), ("error", &t.api_error(&e))],
                    ),
                )
            }
        }
    }
}

impl Component for CustomerScreen {
    fn scope(&self) -> Scope {
        Scope::Customer
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        self.detail.crumb(t)
    }

    fn action(&mut self, action: Action, _key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        let doc = self.doc(Theme::new(true));
        match action {
            Action::FindTickets => {
                if self.detail.record.loaded().is_none() {
                    return Outcome::Toast(ToastKind::Info, ctx.lang.tongue().t("toast-customer-loading"));
                }
                self.toggle_search(ctx)
            }
            Action::Revoke => match self.ticket_at_cursor(&doc) {
                Some(f) => revoke_ask(&f.row, ctx.lang.tongue()),
                None => Outcome::Toast(
                    ToastKind::Info,
                    ctx.lang.tongue().t("toast-cursor-on-their-ticket"),
                ),
            },
            Action::MainTickets => match self.ticket_at_cursor(&doc) {
                Some(f) => Outcome::Open(Target::Tickets(f.scope.clone())),
                None => Outcome::Toast(
                    ToastKind::Info,
                    ctx.lang.tongue().t("toast-cursor-on-their-ticket"),
                ),
            },
            Action::EnrollCustomer => self.enroll(ctx),
            Action::Note => match self.detail.record.loaded() {
                Some((c, _)) => {
                    let name = full_name(c);
                    let title = if name.is_empty() { c.email.clone() } else { name };
                    let (overlay, cmds) = NoteForm::overlay(ctx, "customer", c.id, &title);
                    Outcome::Overlay(overlay, cmds)
                }
                None => Outcome::Toast(ToastKind::Info, ctx.lang.tongue().t("toast-customer-loading")),
            },
            _ => self.detail.key(action, &doc).unwrap_or(Outcome::Stay),
        }
    }

    fn scroll(&mut self, delta: isize) {
        let doc = self.doc(Theme::new(true));
        self.detail.scroll_by(delta, &doc);
    }

    fn selected_line(&self, body: Rect) -> Option<u16> {
        self.detail.cursor_line(body)
    }

    fn click(&mut self, y: u16, body: Rect) {
        let doc = self.doc(Theme::new(true));
        self.detail.click_at(y, body, &doc);
    }

    fn owns(&self, req: ReqId) -> bool {
        self.detail.owns(req)
            || self.search.as_ref().is_some_and(|(r, _)| *r == req)
            || self.rereads.contains(&req)
    }

    fn reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        match reply {
            Reply::Found(answer) => self.found(req, answer, ctx.lang.tongue()),
            reply => {
                let outcome = self.detail.reply(req, reply, ctx);
                let doc = self.doc(Theme::new(true));
                self.detail.scroll_by(0, &doc);
                outcome
            }
        }
    }

    fn streaming(&self) -> Vec<ReqId> {
        let mut reads = self.rereads.clone();
        reads.extend(self.search.as_ref().map(|(r, _)| *r));
        reads
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        // The lists loaded are looked through again too.
        self.looked = None;
        self.detail.refresh(ctx)
    }

    fn fit(&mut self, body: Rect) {
        let doc = self.doc(Theme::new(true));
        self.detail.resize(body, &doc);
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        self.detail.draw(frame, area, theme, self.doc(theme));
    }

    fn ticket_changed(&mut self, change: TicketChange<'_>) {
        match change {
            TicketChange::Revoked(id) => {
                for f in self.tickets.iter_mut().filter(|f| f.row.id == id) {
                    f.row.set_status("unenrolled");
                }
            }
            TicketChange::Revoking(id, true) => {
                self.revoking.insert(id);
            }
            TicketChange::Revoking(id, false) => {
                self.revoking.remove(&id);
            }
            TicketChange::Read(ticket, _) => {
                for f in self.tickets.iter_mut().filter(|f| f.row.id == ticket.id) {
                    f.row = TicketRow::new(ticket);
                }
            }
        }
    }

    fn after_write(&mut self, write: Write, ctx: &mut Ctx) -> Vec<Cmd> {
        // An enroll of this customer: that event's tickets are read for theirs.
        let Write::Enrolled {
            event_id: Some(event_id),
            customer_id: Some(customer),
            target,
        } = write
        else {
            return vec![];
        };
        if customer != self.detail.id {
            return vec![];
        }
        let req = ctx.ids.take();
        self.rereads.push(req);
        vec![Cmd::FindTickets {
            req,
            find: FindTickets {
                wanted: self.wanted(),
                // Named as a search names an edition (with its first day), so
                // the new ticket's line reads like its neighbours'.
                within: Within::One(TicketScope {
                    event_id,
                    title: target,
                    edition: true,
                    ends: None,
                }),
            },
        }]
    }

    fn ticket_number(&self, id: u64) -> Option<String> {
        self.tickets
            .iter()
            .find(|f| f.row.id == id)
            .map(|f| f.row.number().to_string())
    }

    /// A ticket of theirs under the cursor: its number; else their e-mail.
    fn copy_text(&self) -> Option<String> {
        let doc = self.doc(Theme::new(true));
        match self.ticket_at_cursor(&doc) {
            Some(f) => Some(f.row.number().to_string()),
            None => self.detail.record.loaded().map(|(c, _)| c.email.clone()),
        }
    }

    fn wants_tickets(&self) -> Option<Wanted> {
        let wanted = self.wanted();
        (self.looked.as_ref() != Some(&wanted)).then_some(wanted)
    }

    fn found_tickets(&mut self, wanted: Wanted, found: Vec<Found>) {
        self.looked = Some(wanted);
        self.add(found);
    }
}

/// "Conference · Day 1 · 2026-12-01" → ("Conference · Day 1",
/// Some("2026-12-01")): a scope's title and the day it ends in, if any.
fn title_and_day(title: &str) -> (&str, Option<&str>) {
    match title.rsplit_once(" · ") {
        Some((rest, day))
            if day.len() == 10
                && day.bytes().enumerate().all(|(i, b)| {
                    if i == 4 || i == 7 {
                        b == b'-'
                    } else {
                        b.is_ascii_digit()
                    }
                }) =>
        {
            (rest, Some(day))
        }
        _ => (title, None),
    }
}

/// The fields the sections above the tree already show.
const SHOWN: &[&str] = &[
    "id",
    "email",
    "name",
    "last_name",
    "phone",
    "company",
    "identification",
    "identification_type",
    "tax_treatment",
    "tax_id_type",
    "tax_id_number",
    "language",
    "member_id",
    "is_seller",
    "contacts",
    "addresses",
    "orders",
    "subscriptions",
    "categories",
];

fn full_name(c: &Customer) -> String {
    [c.name.as_deref(), c.last_name.as_deref()]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn opt(s: Option<&String>) -> String {
    s.cloned().unwrap_or_default()
}

/// "(none)" under an empty section.
fn none(theme: Theme) -> Line<'static> {
    Line::styled(format!("  {}", theme.tongue().word("none")), theme.muted())
}

impl Detailed for Customer {
    const NOUN: &'static str = "customer";
    const SCOPE: Scope = Scope::Customer;

    fn load(req: ReqId, id: u64) -> Cmd {
        Cmd::LoadRecord {
            req,
            record: RecordQuery::Customer(id),
        }
    }

    fn take(reply: Reply) -> Option<Result<(Self, Value), ApiError>> {
        match reply {
            Reply::Customer(r) => Some(r),
            _ => None,
        }
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        match full_name(self) {
            name if name.is_empty() => t.ta("crumb-customer", &[("name", &self.email)]),
            name => t.ta("crumb-customer", &[("name", &name)]),
        }
    }

    fn doc(&self, raw: &Value, theme: Theme) -> Doc {
        sections(self, raw, theme, |_| {})
    }
}

/// The customer's sections; `tickets` adds theirs after the orders.
fn sections(c: &Customer, raw: &Value, theme: Theme, tickets: impl FnOnce(&mut Doc)) -> Doc {
    let identification = match (&c.identification_type, &c.identification) {
        (Some(t), Some(i)) if !t.is_empty() => format!("{t} {i}"),
        (_, i) => opt(i.as_ref()),
    };
    let tax = [c.tax_id_type.as_deref(), c.tax_id_number.as_deref()]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let l = vec![
        heading("who", theme),
        fact("name", full_name(c), theme),
        fact("e-mail", c.email.clone(), theme),
        fact("phone", opt(c.phone.as_ref()), theme),
        fact("company", opt(c.company.as_ref()), theme),
        fact("identification", identification, theme),
        fact("tax", tax, theme),
        fact("tax treatment", opt(c.tax_treatment.as_ref()), theme),
        fact("language", opt(c.language.as_ref()), theme),
        fact(
            "member id",
            c.member_id
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default(),
            theme,
        ),
        fact("seller", yes_no(c.is_seller, theme), theme),
        fact("id", c.id.to_string(), theme),
    ];
    let mut l = Doc::from(l);
    let orders = c.orders.as_deref().unwrap_or_default();
    l.extend([
        Line::raw(""),
        heading(&format!("orders ({})", orders.len()), theme),
    ]);
    if orders.is_empty() {
        l.push(none(theme));
    }
    for o in orders {
        let symbol = o.currency_symbol.as_deref().or(o.currency.as_deref());
        let total = o
            .total_amount
            .as_ref()
            .map(|m| money(symbol, &m.0))
            .unwrap_or_default();
        let date = theme
            .tongue()
            .dates_in(o.creation_date.split(' ').next().unwrap_or_default());
        l.link(
            Line::raw(format!("  {}  {date}  {}  {total}", o.number, o.status)),
            Link::Order {
                id: o.id,
                label: o.number.clone(),
            },
        );
    }
    tickets(&mut l);
    let contacts = c.contacts.as_deref().unwrap_or_default();
    l.extend([
        Line::raw(""),
        heading(&format!("contacts ({})", contacts.len()), theme),
    ]);
    if contacts.is_empty() {
        l.push(none(theme));
    }
    for contact in contacts {
        l.push(fact(&contact.kind.name, contact.value.clone(), theme));
    }
    let addresses = c.addresses.as_deref().unwrap_or_default();
    l.extend([
        Line::raw(""),
        heading(&format!("addresses ({})", addresses.len()), theme),
    ]);
    if addresses.is_empty() {
        l.push(none(theme));
    }
    for a in addresses {
        let marks = [
            a.is_billing_address.then_some("billing"),
            a.is_shipping_address.then_some("shipping"),
        ]
        .into_iter()
        .flatten()
        .map(|w| theme.tongue().word(w))
        .collect::<Vec<_>>()
        .join(", ");
        let marks = if marks.is_empty() {
            String::new()
        } else {
            format!("  [{marks}]")
        };
        let place = [
            Some(a.city.as_str()),
            a.state.as_ref().map(|s| s.name.as_str()),
            a.country.as_ref().map(|c| c.name.as_str()),
        ]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
        l.push(Line::raw(format!("  {}{marks}", a.label)));
        l.push(Line::raw(format!(
            "    {} {}, {} {place}",
            a.street, a.number, a.zip_code
        )));
    }
    for (title, items) in [
        ("subscriptions", c.subscriptions.as_deref()),
        ("categories", c.categories.as_deref()),
    ] {
        let items = items.unwrap_or_default();
        l.extend([
            Line::raw(""),
            heading(&format!("{title} ({})", items.len()), theme),
        ]);
        if items.is_empty() {
            l.push(none(theme));
        }
        for item in items {
            l.extend(tree_lines(item, theme));
        }
    }
    l.extend(rest(raw, SHOWN, theme));
    l
}
