//! One product: its description as plain text, images, variants,
//! categories, every other field as a tree, and the raw JSON.

use ratatui::text::Line;
use serde_json::Value;

use crate::api::ApiError;
use crate::api::model::ProductDetail;
use crate::app::cmd::{Cmd, RecordQuery};
use crate::app::keymap::Scope;
use crate::app::msg::Reply;
use crate::app::state::ReqId;
use crate::ui::Theme;

use super::detail::{DetailScreen, Detailed, Doc, fact, heading, rest, yes_no};

/// The product screen.
pub type ProductScreen = DetailScreen<ProductDetail>;

/// The fields the sections above the tree already show.
const SHOWN: &[&str] = &[
    "id",
    "name",
    "price",
    "price_min",
    "price_max",
    "price_varies",
    "currency",
    "ecommerce_type",
    "active",
    "published",
    "sku",
    "description",
    "image",
    "images",
    "variants",
    "categories",
];

impl Detailed for ProductDetail {
    const NOUN: &'static str = "product";
    const SCOPE: Scope = Scope::Product;

    fn load(req: ReqId, id: u64) -> Cmd {
        Cmd::LoadRecord {
            req,
            record: RecordQuery::Product(id),
        }
    }

    fn take(reply: Reply) -> Option<Result<(Self, Value), ApiError>> {
        match reply {
            Reply::Product(r) => Some(r),
            _ => None,
        }
    }

    fn crumb(&self, _: &crate::i18n::Tongue) -> String {
        self.name.clone()
    }

    fn doc(&self, raw: &Value, theme: Theme) -> Doc {
        let price = match (&self.price_min, &self.price_max) {
            (Some(min), Some(max)) if self.price_varies == Some(true) && min != max => {
                format!("{}–{} {}", min.0, max.0, self.currency)
            }
            _ => format!("{} {}", self.price.0, self.currency),
        };
        let mut l = vec![
            fact("name", self.name.clone(), theme),
            fact("price", price, theme),
            fact("type", self.ecommerce_type.clone(), theme),
            fact("active", yes_no(Some(self.active), theme), theme),
            fact("published", yes_no(self.published, theme), theme),
            fact("sku", self.sku.clone().unwrap_or_default(), theme),
            Line::raw(""),
            heading("description", theme),
        ];
        let text = self.description.as_deref().map(plain_text);
        match text.filter(|t| !t.is_empty()) {
            Some(t) => l.extend(t.lines().map(|s| Line::raw(format!("  {s}")))),
            None => l.push(Line::styled(format!("  ({})", theme.tongue().word("none")), theme.muted())),
        }
        let images: Vec<String> = match &self.images {
            Some(list) if !list.is_empty() => list.iter().map(|i| i.source.clone()).collect(),
            _ => self
                .image
                .get()
                .map(|i| i.source.clone())
                .into_iter()
                .collect(),
        };
        list_section(&mut l, "images", images, theme);
        let variants: Vec<String> = self
            .variants
            .get()
            .map(|v| v.iter().map(variant).collect())
            .unwrap_or_default();
        list_section(&mut l, "variants", variants, theme);
        let categories: Vec<String> = self
            .categories
            .iter()
            .flatten()
            .map(|c| named(c).unwrap_or_else(|| c.to_string()))
            .collect();
        list_section(&mut l, "categories", categories, theme);
        l.extend(rest(raw, SHOWN, theme));
        l.into()
    }
}

/// A heading with its count, then one line per entry (or "(none)").
fn list_section(l: &mut Vec<Line<'static>>, title: &str, entries: Vec<String>, theme: Theme) {
    l.push(Line::raw(""));
    l.push(heading(&format!("{title} ({})", entries.len()), theme));
    if entries.is_empty() {
        l.push(Line::styled(format!("  ({})", theme.tongue().word("none")), theme.muted()));
    }
    l.extend(entries.into_iter().map(|e| Line::raw(format!("  {e}"))));
}

/// An object's `name` (or `title`), if it has one.
fn named(v: &Value) -> Option<String> {
    v.get("name")
        .or_else(|| v.get("title"))
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// "S  12.00  SKU-1": a variant's name, price and SKU as far as sent.
fn variant(v: &Value) -> String {
    let field = |k: &str| match v.get(k) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let parts: Vec<String> = ["name", "price", "sku"]
        .into_iter()
        .map(field)
        .filter(|s| !s.is_empty())
        .collect();
    if parts.is_empty() {
        v.to_string()
    } else {
        parts.join("  ")
    }
}

/// HTML as plain text, simply: tags dropped (a paragraph, a line break or
/// a list item ends a line), the common entities decoded, blank runs
/// collapsed.
pub fn plain_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find('>') else {
            rest = "";
            break;
        };
        let tag = rest[start + 1..start + end].trim_start_matches('/');
        let name: String = tag
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        if matches!(
            name.as_str(),
            "p" | "br" | "div" | "li" | "ul" | "ol" | "h1" | "h2" | "h3" | "h4" | "tr"
        ) {
            out.push('\n');
            if name == "li" && !rest[start + 1..].starts_with('/') {
                out.push_str("• ");
            }
        }
        rest = &rest[start + end + 1..];
    }
    out.push_str(rest);
    let decoded = decode_entities(&out);
    decoded
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp..];
        let entity = after.find(';').filter(|&n| n <= 10).map(|n| &after[..=n]);
        let decoded = entity.and_then(|e| match e {
            "&amp;" => Some('&'),
            "&lt;" => Some('<'),
            "&gt;" => Some('>'),
            "&quot;" => Some('"'),
            "&apos;" | "&#39;" => Some('\''),
            "&nbsp;" => Some(' '),
            _ => e
                .strip_prefix("&#x")
                .or_else(|| e.strip_prefix("&#X"))
                .and_then(|h| u32::from_str_radix(h.trim_end_matches(';'), 16).ok())
                .or_else(|| {
                    e.strip_prefix("&#")
                        .and_then(|d| d.trim_end_matches(';').parse().ok())
                })
                .and_then(char::from_u32)
                .filter(|c| !c.is_control()),
        });
        if let (Some(e), Some(c)) = (entity, decoded) {
            out.push(c);
            rest = &after[e.len()..];
        } else {
            out.push('&');
            rest = &after[1..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::plain_text;

    #[test]
    fn html_becomes_plain_text() {
        assert_eq!(
            plain_text("<p>Fish &amp; chips</p><p>Caf&eacute; &lt;3 &#233;&#x41;</p>"),
            "Fish & chips\nCaf&eacute; <3 éA"
        );
        assert_eq!(
            plain_text("<ul><li>one</li><li>two</li></ul>"),
            "• one\n• two"
        );
        assert_eq!(plain_text("a<br/>b &nbsp; c"), "a\nb c");
        assert_eq!(plain_text("broken <b"), "broken");
        assert_eq!(plain_text("&#0; & ;"), "&#0; & ;");
    }
}
