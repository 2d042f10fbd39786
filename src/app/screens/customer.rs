//! One customer, as support reads it on the phone: who, contacts,
//! addresses (billing and shipping marked), orders, subscriptions,
//! categories, every other field as a tree, and the raw JSON.

use ratatui::text::Line;
use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::Customer;
use crate::app::cmd::RecordQuery;
use crate::app::keymap::Scope;
use crate::app::msg::Reply;
use crate::ui::Theme;

use super::detail::{Detailed, fact, heading, rest, yes_no};
use super::listing::money;
use super::ticket::tree_lines;

/// The customer screen.
pub type CustomerScreen = super::detail::DetailScreen<Customer>;

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
    Line::styled("  none", theme.muted())
}

impl Detailed for Customer {
    const NOUN: &'static str = "customer";
    const SCOPE: Scope = Scope::Customer;

    fn query(id: u64) -> RecordQuery {
        RecordQuery::Customer(id)
    }

    fn take(reply: Reply) -> Option<Result<(Self, Value), ApiError>> {
        match reply {
            Reply::Customer(r) => Some(r),
            _ => None,
        }
    }

    fn crumb(&self) -> String {
        match full_name(self) {
            name if name.is_empty() => format!("Customer {}", self.email),
            name => format!("Customer {name}"),
        }
    }

    fn lines(&self, raw: &Value, theme: Theme) -> Vec<Line<'static>> {
        let identification = match (&self.identification_type, &self.identification) {
            (Some(t), Some(i)) if !t.is_empty() => format!("{t} {i}"),
            (_, i) => opt(i.as_ref()),
        };
        let tax = [self.tax_id_type.as_deref(), self.tax_id_number.as_deref()]
            .into_iter()
            .flatten()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let mut l = vec![
            heading("who", theme),
            fact("name", full_name(self), theme),
            fact("e-mail", self.email.clone(), theme),
            fact("phone", opt(self.phone.as_ref()), theme),
            fact("company", opt(self.company.as_ref()), theme),
            fact("identification", identification, theme),
            fact("tax", tax, theme),
            fact("tax treatment", opt(self.tax_treatment.as_ref()), theme),
            fact("language", opt(self.language.as_ref()), theme),
            fact(
                "member id",
                self.member_id
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                theme,
            ),
            fact("seller", yes_no(self.is_seller), theme),
            fact("id", self.id.to_string(), theme),
        ];
        let contacts = self.contacts.as_deref().unwrap_or_default();
        l.extend([
            Line::raw(""),
            heading(&format!("contacts ({})", contacts.len()), theme),
        ]);
        if contacts.is_empty() {
            l.push(none(theme));
        }
        for c in contacts {
            l.push(fact(&c.kind.name, c.value.clone(), theme));
        }
        let addresses = self.addresses.as_deref().unwrap_or_default();
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
        let orders = self.orders.as_deref().unwrap_or_default();
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
            let date = o.creation_date.split(' ').next().unwrap_or_default();
            l.push(Line::raw(format!(
                "  {}  {date}  {}  {total}",
                o.number, o.status
            )));
        }
        for (title, items) in [
            ("subscriptions", self.subscriptions.as_deref()),
            ("categories", self.categories.as_deref()),
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
}
