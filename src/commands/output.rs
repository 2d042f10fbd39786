//! Printing records as JSON, CSV or an aligned table.
//!
//! A list's CSV, table and JSON are its rows' exported fields
//! (`ListRow::FIELDS`, the layout the TUI's export writes too; JSON as one
//! object per row keyed by the CSV's headers); `--format raw` prints the
//! records' JSON as the API sent them (already sanitised when it was
//! read). A record with no list row (a customer's or an order's detail,
//! the desk log's conflicts) is printed through [`Column`]s, paths into
//! its JSON.

use std::io::{self, Write};

use serde_json::Value;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::cli::Format;
use crate::rows::text;
pub use list::ListOut;

pub mod list;

/// Longest cell in a table, in characters; longer ones end in `…`.
const MAX_CELL: usize = 40;

/// One column: its header and where its value is.
///
/// `path` is a dotted path into the record (`attendee.email`); `a+b` joins
/// the non-empty values of two paths with a space; a trailing `#` gives the
/// length of an array (`items#`).
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub header: &'static str,
    pub path: &'static str,
}

/// Shorthand for a column list.
pub const fn col(header: &'static str, path: &'static str) -> Column {
    Column { header, path }
}

/// What a command prints: one record or a list.
#[derive(Debug, Clone)]
pub enum Records {
    One(Value),
    Many(Vec<Value>),
}

fn lookup<'a>(record: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(record, |v, key| v.get(key))
}

/// The text of one cell: its value ([`cell_value`]) as a CSV writes it.
pub fn cell(record: &Value, path: &str) -> String {
    text(&cell_value(record, path))
}

/// The value of one cell, as the JSON output writes it: the record's own
/// value at `path` (`null` when it has none), a joined text for `a+b`, a
/// count for `items#`.
pub fn cell_value(record: &Value, path: &str) -> Value {
    if path.contains('+') {
        return Value::String(
            path.split('+')
                .map(|p| cell(record, p))
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    if let Some(array_path) = path.strip_suffix('#') {
        return match lookup(record, array_path) {
            Some(Value::Array(a)) => Value::from(a.len()),
            _ => Value::Null,
        };
    }
    lookup(record, path).cloned().unwrap_or(Value::Null)
}

/// Prints `records` in `format` to `out`, their cells read through
/// `columns`. A list goes through the same [`ListOut`] that prints
/// streamed pages, as one page.
pub fn print(
    out: &mut dyn Write,
    format: Format,
    columns: &[Column],
    records: &Records,
) -> io::Result<()> {
    let headers = columns.iter().map(|c| c.header).collect();
    let cells = |record: &Value| -> Vec<Value> {
        columns.iter().map(|c| cell_value(record, c.path)).collect()
    };
    match records {
        Records::One(v) => print_one(out, format, headers, v, &cells(v)),
        Records::Many(vs) => {
            let mut list = ListOut::new(out, format, headers)?;
            list.page(vs, |i| cells(&vs[i]))?;
            list.finish().map(drop)
        }
    }
}

/// Prints one record in `format`: as sent (raw), or its `cells` under
/// `headers` (one JSON object; a CSV of one row; a table of one line per
/// column).
pub fn print_one(
    out: &mut dyn Write,
    format: Format,
    headers: Vec<&'static str>,
    record: &Value,
    cells: &[Value],
) -> io::Result<()> {
    match format {
        Format::Raw => {
            serde_json::to_writer_pretty(&mut *out, record)?;
            writeln!(out)
        }
        Format::Json => {
            let object: serde_json::Map<String, Value> = headers
                .iter()
                .map(|h| (*h).to_string())
                .zip(cells.iter().cloned())
                .collect();
            serde_json::to_writer_pretty(&mut *out, &object)?;
            writeln!(out)
        }
        Format::Table => vertical(out, &headers, &cells.iter().map(text).collect::<Vec<_>>()),
        Format::Csv => {
            let mut list = ListOut::new(out, format, headers)?;
            list.page(std::slice::from_ref(record), |_| cells.to_vec())?;
            list.finish().map(drop)
        }
    }
}

/// A cell cut to [`MAX_CELL`] terminal columns, on one line.
fn fit(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if one_line.width() <= MAX_CELL {
        return one_line;
    }
    let mut cut = String::new();
    let mut used = 0;
    for c in one_line.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > MAX_CELL - 1 {
            break;
        }
        used += w;
        cut.push(c);
    }
    cut.push('…');
    cut
}

fn pad(out: &mut dyn Write, text: &str, width: usize, last: bool) -> io::Result<()> {
    if last {
        return writeln!(out, "{text}");
    }
    // Display width, not chars: CJK and emoji take two columns.
    let fill = width.saturating_sub(text.width()) + 2;
    write!(out, "{text}{:fill$}", "")
}

fn vertical(out: &mut dyn Write, headers: &[&str], cells: &[String]) -> io::Result<()> {
    let width = headers.iter().map(|h| h.len()).max().unwrap_or(0);
    for (header, text) in headers.iter().zip(cells) {
        let text: String = text
            .chars()
            .map(|ch| if ch.is_control() { ' ' } else { ch })
            .collect();
        writeln!(out, "{header:width$}  {text}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use serde_json::json;

    use super::*;

    const COLS: &[Column] = &[
        col("id", "id"),
        col("name", "attendee.name+attendee.last_name"),
        col("items", "items#"),
        col("paid", "paid"),
    ];

    fn render(format: Format, records: &Records) -> String {
        let mut out = Vec::new();
        print(&mut out, format, COLS, records).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn cells_follow_paths() {
        let r = json!({"id": 1, "attendee": {"name": "Ana", "last_name": null}, "items": [1, 2], "paid": true});
        assert_eq!(cell(&r, "id"), "1");
        assert_eq!(cell(&r, "attendee.name+attendee.last_name"), "Ana");
        assert_eq!(cell(&r, "items#"), "2");
        assert_eq!(cell(&r, "missing.deep"), "");
    }

    #[test]
    fn csv_has_a_header_and_quotes() {
        let rs = Records::Many(vec![
            json!({"id": 1, "attendee": {"name": "A, \"B\""}, "items": []}),
            json!({"id": 2}),
        ]);
        assert_eq!(
            render(Format::Csv, &rs),
            "id,name,items,paid\n1,\"A, \"\"B\"\"\",0,\n2,,,\n"
        );
    }

    #[test]
    fn csv_cells_a_spreadsheet_would_run_are_quoted() {
        let rs = Records::Many(
            [
                "=HYPERLINK(\"http://x\")",
                "+1",
                "@SUM(A1)",
                "-2",
                "\tx",
                "\rx",
                "Ana =1",
            ]
            .iter()
            .enumerate()
            .map(|(i, name)| json!({"id": i, "attendee": {"name": name}}))
            .collect(),
        );
        let text = render(Format::Csv, &rs);
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let names: Vec<String> = reader
            .records()
            .map(|r| r.unwrap()[1].to_string())
            .collect();
        assert_eq!(
            names,
            [
                "'=HYPERLINK(\"http://x\")",
                "'+1",
                "'@SUM(A1)",
                "'-2",
                "'\tx",
                "'\rx",
                "Ana =1"
            ]
        );
        // JSON and raw keep the text as it is.
        assert!(render(Format::Json, &rs).contains("\"=HYPERLINK"));
        assert!(render(Format::Raw, &rs).contains("\"=HYPERLINK"));
    }

    #[test]
    fn tables_align_and_cut_long_cells() {
        let long = "x".repeat(100);
        let rs = Records::Many(vec![
            json!({"id": 12345, "attendee": {"name": long}, "paid": false}),
        ]);
        let text = render(Format::Table, &rs);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("ID     NAME"));
        assert!(lines[1].contains('…'));
        assert!(lines[1].chars().count() < 80);
    }

    #[test]
    fn wide_characters_keep_columns_aligned() {
        let rs = Records::Many(vec![
            json!({"id": 1, "attendee": {"name": "山田太郎"}, "paid": true}),
            json!({"id": 2, "attendee": {"name": "Ana"}, "paid": false}),
        ]);
        let text = render(Format::Table, &rs);
        let starts: Vec<usize> = text
            .lines()
            .map(|l| {
                let cut = l.rfind(char::is_whitespace).unwrap() + 1;
                l[..cut].width()
            })
            .collect();
        assert_eq!(starts.len(), 3);
        assert!(starts.iter().all(|s| *s == starts[0]), "{text}");
    }

    #[test]
    fn raw_prints_records_as_sent() {
        let one = Records::One(json!({"id": 1, "extra": {"kept": true}}));
        let back: Value = serde_json::from_str(&render(Format::Raw, &one)).unwrap();
        assert_eq!(back, json!({"id": 1, "extra": {"kept": true}}));
        let many = Records::Many(vec![json!({"id": 1}), json!({"id": 2})]);
        let back: Value = serde_json::from_str(&render(Format::Raw, &many)).unwrap();
        assert_eq!(back, json!([{"id": 1}, {"id": 2}]));
    }

    /// JSON is the columns, keyed by their headers, with the record's own
    /// values: what the CSV writes as text, typed.
    #[test]
    fn json_prints_the_columns_as_objects() {
        let r = json!({"id": 1, "attendee": {"name": "Ana", "last_name": "Li"}, "items": [1], "paid": true, "x": 0});
        let back: Value =
            serde_json::from_str(&render(Format::Json, &Records::One(r.clone()))).unwrap();
        assert_eq!(
            back,
            json!({"id": 1, "name": "Ana Li", "items": 1, "paid": true})
        );
        let many = Records::Many(vec![r, json!({"id": 2})]);
        let back: Value = serde_json::from_str(&render(Format::Json, &many)).unwrap();
        assert_eq!(
            back,
            json!([
                {"id": 1, "name": "Ana Li", "items": 1, "paid": true},
                {"id": 2, "name": "", "items": null, "paid": null}
            ])
        );
    }
}
