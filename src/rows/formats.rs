//! The CSV and JSON rows are written as, one layout for the TUI's
//! `:export` and the headless commands' `--format csv` and `--format json`:
//! the same rows are the same bytes (docs/headless.md).

use std::io::{self, Write};

use serde_json::{Map, Value};

use crate::sanitize::spreadsheet_safe;

/// A CSV as boxoffice writes one: a header row, then one row per record,
/// every cell through the formula guard ([`spreadsheet_safe`]). The TUI's
/// export and the headless `--format csv` both write through it.
pub struct Csv<W: Write>(csv::Writer<W>);

impl<W: Write> Csv<W> {
    /// Starts a CSV with its header row.
    pub fn new<S: AsRef<[u8]>>(out: W, headers: impl IntoIterator<Item = S>) -> io::Result<Self> {
        let mut writer = csv::Writer::from_writer(out);
        writer.write_record(headers)?;
        Ok(Self(writer))
    }

    /// One record's cells.
    pub fn row(&mut self, cells: impl IntoIterator<Item = String>) -> io::Result<()> {
        self.0
            .write_record(cells.into_iter().map(spreadsheet_safe))
            .map_err(io::Error::from)
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }

    /// Ends it and hands back the writer.
    pub fn finish(self) -> io::Result<W> {
        self.0.into_inner().map_err(csv::IntoInnerError::into_error)
    }
}

/// A JSON list as boxoffice writes one: an array of objects, one per row
/// and one row per line, keyed by the CSV's headers, with the values of
/// [`values`](super::values) (a count is a number, text as the CSV has
/// it). The TUI's export and the headless `--format json` both write
/// through it, so the same rows are the same bytes.
pub struct JsonRows<W: Write> {
    out: W,
    headers: Vec<&'static str>,
    written: usize,
}

impl<W: Write> JsonRows<W> {
    pub fn new(out: W, headers: Vec<&'static str>) -> Self {
        Self {
            out,
            headers,
            written: 0,
        }
    }

    /// One row's values, one per header.
    pub fn row(&mut self, values: Vec<Value>) -> io::Result<()> {
        let object: Map<String, Value> = self
            .headers
            .iter()
            .map(|h| (*h).to_string())
            .zip(values)
            .collect();
        self.out.write_all(if self.written == 0 {
            b"[\n  "
        } else {
            b",\n  "
        })?;
        serde_json::to_writer(&mut self.out, &object)?;
        self.written += 1;
        Ok(())
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Closes the array (`[]` when no row was written) and hands back the
    /// writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.out
            .write_all(if self.written == 0 { b"[]\n" } else { b"\n]\n" })?;
        self.out.flush()?;
        Ok(self.out)
    }
}
