//! A list printed page by page, as the pages arrive: nothing holds the whole
//! list, so `tickets --all` over 100,000 records needs the memory of a page.
//!
//! The output is byte for byte what printing the whole list at once gives,
//! with one exception in tables (below):
//! - JSON: the rows' values keyed by the headers, one object per line
//!   ([`JsonRows`], as the TUI's export writes them); an empty list is `[]`.
//! - Raw: `[`, the records as sent pretty-printed as elements of one
//!   array, `]`; an empty list is `[]`.
//! - CSV: the header row first, then one row per record.
//! - Table: column widths come from the header and the first page (each cell
//!   cut to 40 columns, as always). A later value wider than its column
//!   widens that column from its row on, rather than being cut further: no
//!   value is lost, and a whole list is never held just to measure it. (A
//!   table is for reading on a terminal; scripts should ask for csv or json.)

use std::io::{self, Write};

use serde_json::Value;
use unicode_width::UnicodeWidthStr;

use super::{fit, pad};
use crate::cli::Format;
use crate::rows::text;
use crate::rows::{Csv, JsonRows};

/// Prints the pages of one list as they come.
pub struct ListOut<W: Write> {
    headers: Vec<&'static str>,
    form: Form<W>,
}

enum Form<W: Write> {
    Json(JsonRows<W>),
    Raw {
        out: W,
        written: usize,
    },
    // Boxed: the CSV writer carries its own buffer state (~350 bytes).
    Csv(Box<Csv<W>>),
    Table {
        out: W,
        /// `None` until the first page (or the end) fixes the widths.
        widths: Option<Vec<usize>>,
    },
}

impl<W: Write> ListOut<W> {
    /// Starts a list of columns `headers` in `format` (a CSV header is
    /// written at once).
    pub fn new(out: W, format: Format, headers: Vec<&'static str>) -> io::Result<Self> {
        let form = match format {
            Format::Json => Form::Json(JsonRows::new(out, headers.clone())),
            Format::Raw => Form::Raw { out, written: 0 },
            Format::Csv => Form::Csv(Box::new(Csv::new(out, &headers)?)),
            Format::Table => Form::Table { out, widths: None },
        };
        Ok(Self { headers, form })
    }

    /// Prints one page and flushes, so a reader of the pipe sees each page
    /// as soon as it is read: the records as sent (raw), or record `i`'s
    /// values, one per header, as `cells(i)` gives them (asked for only
    /// then; as text in a CSV and a table).
    pub fn page(
        &mut self,
        records: &[Value],
        mut cells: impl FnMut(usize) -> Vec<Value>,
    ) -> io::Result<()> {
        match &mut self.form {
            Form::Json(json) => {
                for i in 0..records.len() {
                    json.row(cells(i))?;
                }
                json.flush()
            }
            Form::Raw { out, written } => {
                for record in records {
                    out.write_all(if *written == 0 { b"[\n" } else { b",\n" })?;
                    json_element(out, record)?;
                    *written += 1;
                }
                out.flush()
            }
            Form::Csv(csv) => {
                for i in 0..records.len() {
                    csv.row(cells(i).iter().map(text))?;
                }
                csv.flush()
            }
            Form::Table { out, widths } => {
                let rows: Vec<Vec<String>> = (0..records.len())
                    .map(|i| cells(i).iter().map(|c| fit(&text(c))).collect())
                    .collect();
                let headers = &self.headers;
                let widths = if let Some(widths) = widths {
                    widths
                } else {
                    let widths = widths.insert(header_widths(headers));
                    grow(widths, &rows);
                    header(out, headers, widths)?;
                    widths
                };
                let last = headers.len().saturating_sub(1);
                for row in &rows {
                    for (i, text) in row.iter().enumerate() {
                        widths[i] = widths[i].max(text.width());
                        pad(out, text, widths[i], i == last)?;
                    }
                }
                out.flush()
            }
        }
    }

    /// Ends the list (closes the JSON array; a table with no page prints
    /// its header) and hands back the writer.
    pub fn finish(self) -> io::Result<W> {
        match self.form {
            Form::Json(json) => json.finish(),
            Form::Raw { mut out, written } => {
                out.write_all(if written == 0 { b"[]\n" } else { b"\n]\n" })?;
                out.flush()?;
                Ok(out)
            }
            Form::Csv(csv) => csv.finish(),
            Form::Table { mut out, widths } => {
                if widths.is_none() {
                    header(&mut out, &self.headers, &header_widths(&self.headers))?;
                }
                out.flush()?;
                Ok(out)
            }
        }
    }
}

/// One record as an element of a pretty-printed array: the same text as
/// `serde_json::to_writer_pretty` gives it inside the whole array, i.e.
/// indented by two spaces. JSON strings cannot hold a raw newline, so every
/// newline of the pretty text is a line break of the layout.
fn json_element(out: &mut impl Write, record: &Value) -> io::Result<()> {
    let text = serde_json::to_vec_pretty(record)?;
    out.write_all(b"  ")?;
    for line in text.split_inclusive(|b| *b == b'\n') {
        out.write_all(line)?;
        if line.ends_with(b"\n") {
            out.write_all(b"  ")?;
        }
    }
    Ok(())
}

fn header_widths(headers: &[&str]) -> Vec<usize> {
    headers.iter().map(|h| h.len()).collect()
}

fn grow(widths: &mut [usize], rows: &[Vec<String>]) {
    for row in rows {
        for (w, text) in widths.iter_mut().zip(row) {
            *w = (*w).max(text.width());
        }
    }
}

fn header(out: &mut impl Write, headers: &[&str], widths: &[usize]) -> io::Result<()> {
    let last = headers.len().saturating_sub(1);
    for (i, h) in headers.iter().enumerate() {
        pad(out, &h.to_uppercase(), widths[i], i == last)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use serde_json::json;

    use super::super::{cell_value, col};
    use super::*;

    const COLS: &[super::super::Column] = &[col("id", "id"), col("name", "name")];

    fn paged(format: Format, pages: &[Vec<Value>]) -> String {
        let headers = COLS.iter().map(|c| c.header).collect();
        let mut out = ListOut::new(Vec::new(), format, headers).unwrap();
        for page in pages {
            out.page(page, |i| {
                COLS.iter().map(|c| cell_value(&page[i], c.path)).collect()
            })
            .unwrap();
        }
        String::from_utf8(out.finish().unwrap()).unwrap()
    }

    fn records() -> Vec<Value> {
        vec![
            json!({"id": 1, "name": "Ana", "nested": {"a": [1, 2.5, "x\"y"], "e": {}, "l": []}}),
            json!({"id": 2, "name": "山田", "n": 12_345_678_901_234_567_u64, "f": -0.1}),
            json!({"id": 3}),
        ]
    }

    #[test]
    fn raw_pages_print_the_same_bytes_as_the_whole_array() {
        let all = records();
        let whole = serde_json::to_string_pretty(&all).unwrap() + "\n";
        assert_eq!(paged(Format::Raw, std::slice::from_ref(&all)), whole);
        let split = vec![all[..1].to_vec(), Vec::new(), all[1..].to_vec()];
        assert_eq!(paged(Format::Raw, &split), whole);
        assert_eq!(paged(Format::Raw, &[]), "[]\n");
        assert_eq!(paged(Format::Raw, &[Vec::new()]), "[]\n");
    }

    #[test]
    fn json_pages_are_the_columns_as_objects_however_split() {
        let all = records();
        let whole = paged(Format::Json, std::slice::from_ref(&all));
        let split = vec![all[..1].to_vec(), Vec::new(), all[1..].to_vec()];
        assert_eq!(paged(Format::Json, &split), whole);
        let back: Vec<Value> = serde_json::from_str(&whole).unwrap();
        assert_eq!(
            back,
            [
                json!({"id": 1, "name": "Ana"}),
                json!({"id": 2, "name": "山田"}),
                json!({"id": 3, "name": null}),
            ]
        );
        assert_eq!(whole.lines().count(), 5, "one object per line: {whole}");
        assert_eq!(paged(Format::Json, &[]), "[]\n");
    }

    #[test]
    fn csv_pages_print_the_same_bytes_as_one_page() {
        let all = records();
        let split = vec![all[..2].to_vec(), all[2..].to_vec()];
        assert_eq!(paged(Format::Csv, &split), paged(Format::Csv, &[all]));
        assert_eq!(paged(Format::Csv, &[]), "id,name\n");
    }

    #[test]
    fn a_table_takes_its_widths_from_the_first_page_and_widens_later() {
        let text = paged(
            Format::Table,
            &[
                vec![json!({"id": 1, "name": "Ana"})],
                vec![
                    json!({"id": 100_000, "name": "Bo"}),
                    json!({"id": 2, "name": "Cy"}),
                ],
            ],
        );
        assert_eq!(text, "ID  NAME\n1   Ana\n100000  Bo\n2       Cy\n");
        assert_eq!(paged(Format::Table, &[]), "ID  NAME\n");
    }
}
