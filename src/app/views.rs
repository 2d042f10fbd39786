//! Saved filters (`:save <name>`, `:filters`): a list's filter, tab and
//! sort kept by name, per business, in `filters.json` in the business's
//! state directory. The executor reads and writes the file (`Cmd::SaveView`,
//! `Cmd::LoadViews`); `update` only sees the replies.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

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
    /// `/smith · confirmed · sort 2 ▲`, for the list of saved filters.
    pub fn describe(&self, columns: &[&str]) -> String {
        let mut parts = Vec::new();
        if !self.filter.is_empty() {
            parts.push(format!("/{}", self.filter));
        }
        parts.push(self.tab.clone().unwrap_or_else(|| "all".into()));
        if let Some((c, desc)) = self.sort {
            let name = columns.get(c).copied().unwrap_or("?");
            parts.push(format!("sort: {name} {}", if desc { "▼" } else { "▲" }));
        }
        parts.join(" · ")
    }
}

/// The file: list kind → name → view.
type Views = BTreeMap<String, BTreeMap<String, SavedView>>;

fn read(path: &Path) -> Result<Views, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text)
            .map_err(|e| format!("{} cannot be read: {e}", path.display())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Views::new()),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// The saved filters of lists of `kind` ("tickets"), by name.
pub fn load(path: &Path, kind: &str) -> Result<Vec<(String, SavedView)>, String> {
    Ok(read(path)?
        .remove(kind)
        .unwrap_or_default()
        .into_iter()
        .collect())
}

/// Saves `view` as `name` for lists of `kind` (replacing one of that
/// name); the file is written beside and renamed over the old one, 0600.
pub fn save(path: &Path, kind: &str, name: &str, view: SavedView) -> Result<(), String> {
    let mut views = read(path)?;
    views
        .entry(kind.to_string())
        .or_default()
        .insert(name.to_string(), view);
    let text = serde_json::to_string_pretty(&views).map_err(|e| e.to_string())?;
    let fail = |e: io::Error| format!("cannot write {}: {e}", path.display());
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
            smiths.describe(&["number", "attendee"]),
            "/smith · confirmed · sort: attendee ▲"
        );
        std::fs::write(&path, "{").unwrap();
        assert!(
            load(&path, "tickets")
                .unwrap_err()
                .contains("cannot be read")
        );
    }
}
