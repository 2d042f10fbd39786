//! `:export`: the rows of a list as the user sees them — filtered, sorted,
//! all of them, not only the screen's — written to a CSV or JSON file.
//!
//! `update` takes a snapshot of the rows in the order shown (a clone of the
//! compact rows, no text built); the executor writes it on the blocking
//! pool. The columns are the row's exported fields (`ListRow::FIELDS`),
//! and the CSV is written by [`Csv`], the writer the headless commands'
//! `--format csv` uses too: one layout, byte for byte (docs/headless.md).
//! JSON is an array of objects, one per row, keyed by the same names and
//! written by [`JsonRows`], the writer of the headless `--format json`
//! (both in [`crate::rows`]).

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use crate::rows::{Csv, JsonRows, ListRow, cells, headers, values};

/// The file's format, from its name: `.json` is JSON, anything else CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Csv,
    Json,
}

impl ExportFormat {
    pub fn of(path: &Path) -> Self {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("json") => Self::Json,
            _ => Self::Csv,
        }
    }
}

/// What an export writes: rows in the order they were shown.
pub trait ExportTable: Send + Sync + fmt::Debug {
    fn headers(&self) -> Vec<&'static str>;
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The cells of row `i` (`i < len()`).
    fn row(&self, i: usize) -> Vec<String>;
    /// The values of row `i` for the JSON file.
    fn values(&self, i: usize) -> Vec<Value>;
}

impl<R: ListRow> ExportTable for Vec<R> {
    fn headers(&self) -> Vec<&'static str> {
        headers::<R>()
    }
    fn len(&self) -> usize {
        self.as_slice().len()
    }
    fn row(&self, i: usize) -> Vec<String> {
        self.get(i).map(cells).unwrap_or_default()
    }
    fn values(&self, i: usize) -> Vec<Value> {
        self.get(i).map(values).unwrap_or_default()
    }
}

/// The rows of one export, shared with the task that writes them. Two
/// snapshots are equal when they are the same one (commands compare in
/// tests by what they carry, and a snapshot is never copied).
#[derive(Debug, Clone)]
pub struct Snapshot(pub Arc<dyn ExportTable>);

impl PartialEq for Snapshot {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Snapshot {}

/// Writes `table` to `out` in `format`; returns the rows written.
pub fn write_table(
    out: impl Write,
    format: ExportFormat,
    table: &dyn ExportTable,
) -> io::Result<usize> {
    let headers = table.headers();
    match format {
        ExportFormat::Csv => {
            let mut csv = Csv::new(out, &headers)?;
            for i in 0..table.len() {
                csv.row(table.row(i))?;
            }
            csv.flush()?;
        }
        ExportFormat::Json => {
            let mut json = JsonRows::new(out, headers);
            for i in 0..table.len() {
                json.row(table.values(i))?;
            }
            json.finish()?;
        }
    }
    Ok(table.len())
}

/// Why an export wrote nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportError {
    /// The file is there and overwriting it was not agreed to.
    Exists(PathBuf),
    /// It could not be written (the message says why).
    Io(String),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Exists(p) => write!(f, "{} exists", p.display()),
            Self::Io(e) => f.write_str(e),
        }
    }
}

/// Writes `table` to the file `path` (its format from its name). Without
/// `overwrite`, an existing file is never touched ([`ExportError::Exists`]);
/// with it, the new file is written beside and renamed over the old one,
/// so a failed write leaves the old file whole. A failed write leaves no
/// partial file.
pub fn to_file(
    path: &Path,
    overwrite: bool,
    table: &dyn ExportTable,
) -> Result<usize, ExportError> {
    let format = ExportFormat::of(path);
    let io = |e: io::Error| ExportError::Io(format!("cannot write {}: {e}", path.display()));
    if overwrite {
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial = PathBuf::from(partial);
        let written =
            fs::File::create(&partial).and_then(|f| write_table(BufWriter::new(f), format, table));
        return match written {
            Ok(n) => fs::rename(&partial, path).map(|()| n).map_err(|e| {
                let _ = fs::remove_file(&partial);
                io(e)
            }),
            Err(e) => {
                let _ = fs::remove_file(&partial);
                Err(io(e))
            }
        };
    }
    let file = match OpenOptions::new().write(true).create_new(true).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            return Err(ExportError::Exists(path.to_path_buf()));
        }
        Err(e) => return Err(io(e)),
    };
    write_table(BufWriter::new(file), format, table).map_err(|e| {
        let _ = fs::remove_file(path);
        io(e)
    })
}

/// The path an export suggests: `<stem>.csv` in the working directory, or
/// `<stem>-2.csv`, `-3`, … when `exists` says it is taken.
pub fn default_path(stem: &str, exists: impl Fn(&Path) -> bool) -> PathBuf {
    let stem: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect();
    (1..1000)
        .map(|n| {
            if n == 1 {
                PathBuf::from(format!("{stem}.csv"))
            } else {
                PathBuf::from(format!("{stem}-{n}.csv"))
            }
        })
        .find(|p| !exists(p))
        .unwrap_or_else(|| PathBuf::from(format!("{stem}.csv")))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    use crate::rows::Field;

    #[derive(Debug, Clone, PartialEq)]
    struct Row(&'static str, &'static str);

    impl ListRow for Row {
        const FIELDS: &'static [Field<Self>] = &[
            Field::text("number", |r| r.0),
            Field::text("attendee", |r| r.1),
            Field::<Self>::text("shown", |r| r.1).shown_only(),
        ];
        const SEARCHED: &'static [&'static Field<Self>] = &[&Self::FIELDS[1]];
        fn id(&self) -> u64 {
            0
        }
        fn haystack(&self) -> &str {
            self.1
        }
    }

    fn rows() -> Vec<Row> {
        vec![
            Row("TK-2", "=HYPERLINK(\"http://x\")"),
            Row("TK-1", "Ana, \"la\" García"),
            Row("TK-3", "-1"),
        ]
    }

    fn text(format: ExportFormat) -> String {
        let mut out = Vec::new();
        let n = write_table(&mut out, format, &rows()).unwrap();
        assert_eq!(n, 3);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn csv_keeps_the_order_and_guards_formulas() {
        let csv_text = text(ExportFormat::Csv);
        let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
        assert_eq!(reader.headers().unwrap(), vec!["number", "attendee"]);
        let got: Vec<Vec<String>> = reader
            .records()
            .map(|r| r.unwrap().iter().map(String::from).collect())
            .collect();
        assert_eq!(
            got,
            [
                ["TK-2", "'=HYPERLINK(\"http://x\")"],
                ["TK-1", "Ana, \"la\" García"],
                ["TK-3", "'-1"],
            ]
        );
    }

    #[test]
    fn json_is_an_array_of_objects_as_shown() {
        let v: Value = serde_json::from_str(&text(ExportFormat::Json)).unwrap();
        assert_eq!(v[0]["attendee"], "=HYPERLINK(\"http://x\")");
        assert_eq!(v[2]["number"], "TK-3");
        let mut out = Vec::new();
        write_table(&mut out, ExportFormat::Json, &Vec::<Row>::new()).unwrap();
        assert_eq!(out, b"[]\n");
    }

    #[test]
    fn a_file_is_never_overwritten_without_being_asked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tickets.csv");
        assert_eq!(to_file(&path, false, &rows()), Ok(3));
        fs::write(&path, "kept").unwrap();
        assert_eq!(
            to_file(&path, false, &rows()),
            Err(ExportError::Exists(path.clone()))
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "kept");
        assert_eq!(to_file(&path, true, &rows()), Ok(3));
        assert!(
            fs::read_to_string(&path)
                .unwrap()
                .starts_with("number,attendee\n")
        );
        let json = dir.path().join("t.JSON");
        to_file(&json, false, &rows()).unwrap();
        assert!(fs::read_to_string(&json).unwrap().starts_with('['));
        let missing = dir.path().join("no/such/dir.csv");
        assert!(matches!(
            to_file(&missing, false, &rows()),
            Err(ExportError::Io(_))
        ));
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            2,
            "no partial file"
        );
    }

    #[test]
    fn the_default_path_is_free_and_plain() {
        let taken = [PathBuf::from("tickets-101.csv")];
        assert_eq!(
            default_path("tickets 101", |p| taken.iter().any(|t| t == p)),
            PathBuf::from("tickets-101-2.csv")
        );
        assert_eq!(
            default_path("events", |_| false),
            PathBuf::from("events.csv")
        );
        assert_eq!(default_path("../x", |_| false), PathBuf::from("---x.csv"));
    }
}
