//! One order: its items, customer, gateway, shipping, source and pay URL,
//! every other field as a tree, and the raw JSON.

use ratatui::text::Line;
use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::OrderDetail;
use crate::app::cmd::{Cmd, RecordQuery};
use crate::app::keymap::Scope;
use crate::app::msg::Reply;
use crate::app::state::ReqId;
use crate::ui::Theme;

use super::detail::{DetailScreen, Detailed, Doc, Link, fact, heading, rest, yes_no};
use crate::app::list::rows::format::money;

/// The order screen.
pub type OrderScreen = DetailScreen<OrderDetail>;

/// The fields the sections above the tree already show.
const SHOWN: &[&str] = &[
    "id",
    "number",
    "status",
    "type",
    "creation_date",
    "total_amount",
    "currency",
    "currency_symbol",
    "pay_url",
    "items",
    "customer",
    "gateway",
    "shipping",
    "source",
];

impl Detailed for OrderDetail {
    const NOUN: &'static str = "order";
    const SCOPE: Scope = Scope::Order;

    fn load(req: ReqId, id: u64) -> Cmd {
        Cmd::LoadRecord {
            req,
            record: RecordQuery::Order(id),
        }
    }

    fn take(reply: Reply) -> Option<Result<(Self, Value), ApiError>> {
        match reply {
            Reply::Order(r) => Some(r),
            _ => None,
        }
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        t.ta("crumb-order", &[("number", &self.number)])
    }

    fn copy_text(&self) -> Option<String> {
        Some(self.number.clone())
    }

    fn doc(&self, raw: &Value, theme: Theme) -> Doc {
        let symbol = self.currency_symbol.as_deref().or(self.currency.as_deref());
        let amount = |m: &crate::api::model::Money| money(symbol, &m.0);
        let mut l = vec![
            fact("number", self.number.clone(), theme),
            fact("status", self.status.clone(), theme),
            fact("type", self.kind.clone(), theme),
            fact("created", self.creation_date.clone(), theme),
            fact(
                "total",
                self.total_amount.as_ref().map(amount).unwrap_or_default(),
                theme,
            ),
            fact("pay URL", self.pay_url.clone().unwrap_or_default(), theme),
            Line::raw(""),
            heading(&format!("items ({})", self.items.len()), theme),
        ];
        for item in &self.items {
            let sku = item
                .sku
                .as_deref()
                .map(|s| format!("  {s}"))
                .unwrap_or_default();
            l.push(Line::raw(format!(
                "  {} × {}{sku}  {}  ({})",
                item.quantity,
                item.name,
                amount(&item.price),
                item.ecommerce_type
            )));
        }
        let c = &self.customer;
        let name = [c.name.as_deref(), c.last_name.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        let label = if name.is_empty() {
            c.email.clone()
        } else {
            name.clone()
        };
        l.extend([Line::raw(""), heading("customer", theme)]);
        let mut d = Doc::from(l);
        d.link(
            fact("name", name, theme),
            Link::Customer { id: c.id, label },
        );
        let mut l = d;
        l.extend([
            fact("e-mail", c.email.clone(), theme),
            fact("phone", c.phone.clone().unwrap_or_default(), theme),
            Line::raw(""),
            heading("gateway", theme),
        ]);
        match &self.gateway {
            Some(g) => l.extend([
                fact("name", g.name.clone().unwrap_or_default(), theme),
                fact("type", g.kind.clone().unwrap_or_default(), theme),
            ]),
            None => l.push(fact("", theme.tongue().word("none"), theme)),
        }
        l.extend([Line::raw(""), heading("shipping", theme)]);
        match &self.shipping {
            Some(s) => l.extend([
                fact("status", s.status.clone().unwrap_or_default(), theme),
                fact("type", s.kind.clone().unwrap_or_default(), theme),
                fact(
                    "recipient",
                    s.recipient_name.clone().unwrap_or_default(),
                    theme,
                ),
                fact("branch pickup", yes_no(s.is_branch_pickup, theme), theme),
            ]),
            None => l.push(fact("", theme.tongue().word("none"), theme)),
        }
        l.extend([Line::raw(""), heading("source", theme)]);
        match &self.source {
            Some(s) => l.extend([
                fact("name", s.name.clone().unwrap_or_default(), theme),
                fact("type", s.kind.clone().unwrap_or_default(), theme),
                fact("domain", s.domain.clone().unwrap_or_default(), theme),
            ]),
            None => l.push(fact("", theme.tongue().word("none"), theme)),
        }
        l.extend(rest(raw, SHOWN, theme));
        l
    }
}
