//! Cleaning of every string read from the API, once, when it is read.
//!
//! Nothing the API sends may move the cursor, set the window title, write the
//! clipboard or reorder what the user reads: C0 and C1 control characters become
//! visible caret notation (`ESC` → `^[`), bidi overrides and zero-width
//! characters are removed.

use std::borrow::Cow;

use serde_json::Value;

/// Characters removed outright: bidi embeddings, overrides, isolates and marks,
/// and zero-width characters.
fn is_removed(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200F}' // zero-width space/non-joiner/joiner, LRM, RLM
            | '\u{202A}'..='\u{202E}' // bidi embeddings and overrides
            | '\u{2060}'..='\u{2064}' // word joiner and invisible operators
            | '\u{2066}'..='\u{2069}' // bidi isolates
            | '\u{061C}' // Arabic letter mark
            | '\u{FEFF}' // zero-width no-break space / BOM
    )
}

fn needs_cleaning(c: char) -> bool {
    c.is_control() || is_removed(c)
}

/// Returns `s` with control characters in caret notation and invisible
/// formatting characters removed; borrows when nothing needed cleaning.
pub fn clean(s: &str) -> Cow<'_, str> {
    if !s.chars().any(needs_cleaning) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        let code = u32::from(c);
        match code {
            // C0 and DEL: ^@ .. ^_ and ^?
            0x00..=0x1F | 0x7F => {
                out.push('^');
                out.push(char::from(u8::try_from(code ^ 0x40).unwrap_or(b'?')));
            }
            // C1: the 7-bit equivalent is ESC followed by (code - 0x40).
            0x80..=0x9F => {
                out.push_str("^[");
                out.push(char::from(u8::try_from(code - 0x40).unwrap_or(b'?')));
            }
            _ if is_removed(c) => {}
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A CSV cell a spreadsheet will not run: one that begins with `=`, `+`,
/// `-`, `@`, a tab or a carriage return is prefixed with `'` (OWASP's advice
/// against formula injection; a door list's names come from the public).
/// Every CSV boxoffice writes (headless lists, the TUI's export) goes
/// through it.
pub fn spreadsheet_safe(cell: String) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell
    }
}

/// Cleans every string (keys included) of a JSON value in place.
pub fn clean_value(value: &mut Value) {
    match value {
        Value::String(s) => {
            if let Cow::Owned(cleaned) = clean(s) {
                *s = cleaned;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(clean_value),
        Value::Object(map) => {
            if map.keys().any(|k| k.chars().any(needs_cleaning)) {
                let old = std::mem::take(map);
                for (k, mut v) in old {
                    clean_value(&mut v);
                    map.insert(clean(&k).into_owned(), v);
                }
            } else {
                map.values_mut().for_each(clean_value);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed() {
        assert!(matches!(clean("Ana María 山田 🎟"), Cow::Borrowed(_)));
    }

    #[test]
    fn escape_sequences_become_visible() {
        assert_eq!(clean("a\x1b]0;pwned\x07b"), "a^[]0;pwned^Gb");
        assert_eq!(clean("x\u{9b}31m"), "x^[[31m");
        assert_eq!(clean("line\nnext\ttab\x7f"), "line^Jnext^Itab^?");
    }

    #[test]
    fn bidi_and_zero_width_are_removed() {
        assert_eq!(clean("abc\u{202E}fed\u{202C}\u{200B}\u{FEFF}"), "abcfed");
        assert_eq!(clean("\u{2067}שלום\u{2069}"), "שלום");
    }

    #[test]
    fn values_are_cleaned_recursively() {
        let mut v = serde_json::json!({"a\u{1b}": ["\u{1b}[2J", {"b": "ok\u{202E}"}], "n": 1});
        clean_value(&mut v);
        assert_eq!(
            v,
            serde_json::json!({"a^[": ["^[[2J", {"b": "ok"}], "n": 1})
        );
    }
}
