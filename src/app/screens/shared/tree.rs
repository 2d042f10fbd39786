//! A record's JSON as lines: every field as a tree, or pretty-printed.

use ratatui::text::{Line, Span};
use serde_json::Value;

use crate::ui::Theme;

/// Every field of a JSON object: scalars first, then the objects and
/// arrays as an indented tree.
pub fn tree_lines(value: &Value, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let Value::Object(map) = value else {
        return lines;
    };
    for (k, v) in map.iter().filter(|(_, v)| !v.is_object() && !v.is_array()) {
        lines.push(Line::from(vec![
            Span::styled(format!("{k:>16}  "), theme.muted()),
            scalar_span(v, theme),
        ]));
    }
    for (k, v) in map.iter().filter(|(_, v)| v.is_object() || v.is_array()) {
        lines.push(Line::raw(""));
        lines.push(Line::styled(k.clone(), theme.header()));
        tree(v, "", &mut lines, theme);
    }
    lines
}

fn scalar_span(v: &Value, theme: Theme) -> Span<'static> {
    match v {
        Value::String(s) if s.is_empty() => Span::styled("\"\"", theme.muted()),
        // A date as the staff's language writes it (English: as sent).
        Value::String(s) => Span::raw(theme.tongue().dates_in(s)),
        Value::Null => Span::styled("null", theme.muted()),
        other => Span::raw(other.to_string()),
    }
}

fn tree(v: &Value, indent: &str, out: &mut Vec<Line<'static>>, theme: Theme) {
    let entries: Vec<(String, &Value)> = match v {
        Value::Object(m) => m.iter().map(|(k, v)| (k.clone(), v)).collect(),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .map(|(i, v)| (format!("[{i}]"), v))
            .collect(),
        _ => return,
    };
    if entries.is_empty() {
        out.push(Line::styled(format!("{indent}└─ (empty)"), theme.muted()));
    }
    let n = entries.len();
    for (i, (k, child)) in entries.into_iter().enumerate() {
        let last = i + 1 == n;
        let branch = if last { "└─ " } else { "├─ " };
        if child.is_object() || child.is_array() {
            out.push(Line::from(vec![
                Span::styled(format!("{indent}{branch}"), theme.muted()),
                Span::styled(k, theme.header()),
            ]));
            let next = format!("{indent}{}", if last { "   " } else { "│  " });
            tree(child, &next, out, theme);
        } else {
            out.push(Line::from(vec![
                Span::styled(format!("{indent}{branch}"), theme.muted()),
                Span::styled(format!("{k}: "), theme.muted()),
                scalar_span(child, theme),
            ]));
        }
    }
}

/// The raw JSON, pretty-printed.
pub fn raw_lines(raw: &Value) -> Vec<Line<'static>> {
    serde_json::to_string_pretty(raw)
        .unwrap_or_default()
        .lines()
        .map(|l| Line::raw(l.to_string()))
        .collect()
}
