//! Saved filters (`:save <name>`, `:filters`): a list's filter, tab and
//! sort kept by name, per business, in `filters.json` in the business's
//! state directory. The executor reads and writes the file (`Cmd::SaveView`,
//! `Cmd::LoadViews`); `update` only sees the replies.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::i18n::{Said, Tongue};

/// What a saved filter restores.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedView {
    /// The filter text (`smith`).
    pub filter: String,
    /// The tab (a status; `None`: all).
    pub tab: Option<String>,
    /// The column sorted by, and whether descending.
    pub sort: Option<(usize, bool)>,
}

impl SavedView {
    /// `/smith · confirmed · sort: attendee ▲`, for the list of saved
    /// filters, in `t`'s words (the filter as typed).
    pub fn describe(&self, columns: &[&str], t: &Tongue) -> String {
        let mut parts = Vec::new();
        if !self.filter.is_empty() {
            parts.push(format!("/{}", self.filter));
        }
        parts.push(t.tab(self.tab.as_deref()));
        if let Some((c, desc)) = self.sort {
            let name = columns
                .get(c)
                .map_or_else(|| "?".to_owned(), |c| t.column(c));
            let arrow = if desc { "▼" } else { "▲" };
            parts.push(t.ta("views-sort", &[("column", &name), ("arrow", &arrow)]));
        }
        parts.join(" · ")
    }
}

/// The file: list kind → name → view.
type Views = BTreeMap<String, BTreeMap<String, SavedView>>;

fn read(path: &Path) -> Result<Views, Said> {
    let said =
        |id, e: &dyn std::fmt::Display| Said::new(id).arg("path", path.display()).arg("error", e);
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text).map_err(|e| said("views-unreadable", &e)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Views::new()),
        Err(e) => Err(said("views-cannot-read", &e)),
    }
}

/// The saved filters of lists of `kind` ("tickets"), by name.
pub fn load(path: &Path, kind: &str) -> Result<Vec<(String, SavedView)>, Said> {
    Ok(read(path)?
        .remove(kind)
        .unwrap_or_default()
        .into_iter()
        .collect())
}

/// Saves `view` as `name` for lists of `kind` (replacing one of that
/// name); the file is written beside and renamed over the old one, 0600.
pub fn save(path: &Path, kind: &str, name: &str, view: SavedView) -> Result<(), Said> {
    let mut views = read(path)?;
    views
        .entry(kind.to_string())
        .or_default()
        .insert(name.to_string(), view);
    let fail = |e: &dyn std::fmt::Display| {
        Said::new("views-cannot-write")
            .arg("path", path.display())
            .arg("error", e)
    };
    let text = serde_json::to_string_pretty(&views).map_err(|e| fail(&e))?;
    let fail = |e: io::Error| fail(&e);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    write_private(&partial, text.as_bytes()).map_err(fail)?;
    std::fs::rename(&partial, path).map_err(fail)
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    f.write_all(bytes)
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    std::fs::write(path, bytes)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    #[test]
    fn views_are_kept_by_kind_and_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("biz/filters.json");
        assert_eq!(load(&path, "tickets").unwrap(), vec![]);
        let smiths = SavedView {
            filter: "smith".into(),
            tab: Some("confirmed".into()),
            sort: Some((1, false)),
        };
        save(&path, "tickets", "smiths", smiths.clone()).unwrap();
        save(&path, "tickets", "all", SavedView::default()).unwrap();
        let views = load(&path, "tickets").unwrap();
        assert_eq!(
            views,
            vec![
                ("all".into(), SavedView::default()),
                ("smiths".into(), smiths.clone())
            ]
        );
        assert_eq!(
            smiths.describe(&["number", "attendee"], Tongue::english()),
            "/smith · confirmed · sort: attendee ▲"
        );
        std::fs::write(&path, "{").unwrap();
        assert!(
            load(&path, "tickets")
                .unwrap_err()
                .to_string()
                .contains("cannot be read")
        );
    }
}
