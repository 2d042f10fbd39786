//! Every pointer into the docs is true: a source comment that names
//! `docs/<page>.md#<anchor>`, `README.md#<anchor>`, a page, or a README
//! section by its title (`README, "Headless commands"`) names one that
//! exists; and so does every link between the Markdown pages. Sections
//! move (the README's reference moved to docs/); a pointer left behind
//! fails here.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// Whether `path` names a Markdown page.
fn is_page(path: &str) -> bool {
    Path::new(path).extension().is_some_and(|e| e == "md")
}

/// A heading's anchor as GitHub makes it: lower case, spaces as `-`,
/// punctuation other than `-` and `_` dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// A page's headings: their titles (as written, backticks dropped) and
/// anchors. Lines in code blocks are not headings.
struct Page {
    titles: Vec<String>,
    anchors: Vec<String>,
}

fn page(path: &Path) -> Option<Page> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut titles = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            let title = line.trim_start_matches('#').trim().replace('`', "");
            titles.push(title);
        }
    }
    let anchors = titles.iter().map(|t| slug(t)).collect();
    Some(Page { titles, anchors })
}

/// Every page pointed at, read once.
struct Docs(BTreeMap<String, Option<Page>>);

impl Docs {
    fn get(&mut self, name: &str) -> Option<&Page> {
        self.0
            .entry(name.to_string())
            .or_insert_with(|| page(&root().join(name)))
            .as_ref()
    }

    /// What is wrong with pointer `name` (+ `#anchor`), if anything.
    fn check(&mut self, name: &str, anchor: Option<&str>) -> Option<String> {
        let Some(page) = self.get(name) else {
            return Some(format!("no page {name}"));
        };
        let anchor = anchor?;
        (!page.anchors.iter().any(|a| a == anchor)).then(|| format!("no #{anchor} in {name}"))
    }

    fn check_title(&mut self, name: &str, title: &str) -> Option<String> {
        let Some(page) = self.get(name) else {
            return Some(format!("no page {name}"));
        };
        let title = title.replace('`', "");
        let found = page.titles.iter().any(|t| t.eq_ignore_ascii_case(&title));
        (!found).then(|| format!("no section {title:?} in {name}"))
    }
}

/// The pointers in `text`: `docs/x.md#a`, `README.md#a`, `docs/x.md` and
/// `README, "Title"` / `README ("Title")`, as (page, anchor or title).
fn pointers(text: &str) -> Vec<(String, Option<String>, bool)> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    for start in ["docs/", "README.md"] {
        let mut from = 0;
        while let Some(i) = text[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            let mut end = at;
            while end < bytes.len()
                && (bytes[end].is_ascii_alphanumeric() || b"/._-".contains(&bytes[end]))
            {
                end += 1;
            }
            let name = text[at..end].trim_end_matches('.');
            if !is_page(name) {
                continue;
            }
            let anchor = text[end..].strip_prefix('#').map(|rest| {
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                    .collect::<String>()
            });
            found.push((name.to_string(), anchor, false));
        }
    }
    for form in ["README, \"", "README (\"", "README's \"", "README, '"] {
        let mut from = 0;
        while let Some(i) = text[from..].find(form) {
            let at = from + i + form.len();
            from = at;
            let close = if form.ends_with('\'') { '\'' } else { '"' };
            if let Some(end) = text[at..].find(close) {
                found.push(("README.md".into(), Some(text[at..at + end].into()), true));
            }
        }
    }
    found
}

/// The comments of a Rust file, as one text per run of comment lines
/// (a pointer may wrap onto the next line).
fn comments(text: &str) -> Vec<String> {
    let mut runs = Vec::new();
    let mut run = String::new();
    for line in text.lines() {
        let line = line.trim_start();
        if let Some(comment) = line.strip_prefix("//") {
            run.push_str(comment.trim_start_matches(['/', '!']).trim());
            run.push(' ');
        } else if !run.is_empty() {
            runs.push(std::mem::take(&mut run));
        }
    }
    runs.push(run);
    runs
}

#[test]
fn every_docs_pointer_in_a_source_comment_exists() {
    let mut sources = Vec::new();
    for dir in ["src", "tests", "benches"] {
        files(&root().join(dir), "rs", &mut sources);
    }
    let mut docs = Docs(BTreeMap::new());
    let mut wrong = Vec::new();
    let mut seen = 0;
    // This file's comments show the forms, pointing nowhere.
    sources.retain(|f| !f.ends_with("tests/pointers.rs"));
    for file in &sources {
        let text = std::fs::read_to_string(file).unwrap();
        for comment in comments(&text) {
            for (name, anchor, title) in pointers(&comment) {
                seen += 1;
                let problem = match (&anchor, title) {
                    (Some(t), true) => docs.check_title(&name, t),
                    (anchor, _) => docs.check(&name, anchor.as_deref()),
                };
                if let Some(problem) = problem {
                    let file = file.strip_prefix(root()).unwrap().display();
                    wrong.push(format!("{file}: {problem}"));
                }
            }
        }
    }
    assert!(seen > 20, "only {seen} pointers read");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_link_between_the_pages_exists() {
    let mut pages = vec![root().join("README.md")];
    files(&root().join("docs"), "md", &mut pages);
    let mut docs = Docs(BTreeMap::new());
    let mut wrong = Vec::new();
    for file in &pages {
        let text = std::fs::read_to_string(file).unwrap();
        let dir = file.parent().unwrap().strip_prefix(root()).unwrap();
        let here = file.strip_prefix(root()).unwrap().display().to_string();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target, None),
            };
            if !path.is_empty() && !is_page(path) {
                // A picture or another file: it must be there.
                if !root().join(dir).join(path).exists() {
                    wrong.push(format!("{here}: no file {path}"));
                }
                continue;
            }
            let name = if path.is_empty() {
                here.clone()
            } else {
                dir.join(path).display().to_string()
            };
            if let Some(problem) = docs.check(&name, anchor) {
                wrong.push(format!("{here}: {problem}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_reader_finds_pointers_in_their_forms() {
    assert_eq!(slug("The client's manners"), "the-clients-manners");
    assert_eq!(
        slug("Settings: `[desk]` in config.toml"),
        "settings-desk-in-configtoml"
    );
    let found = pointers(
        "see docs/headless.md#exit-codes, docs/desk.md. (README, \"Headless commands\") and README.md#safety",
    );
    assert_eq!(
        found,
        vec![
            ("docs/headless.md".into(), Some("exit-codes".into()), false),
            ("docs/desk.md".into(), None, false),
            ("README.md".into(), Some("safety".into()), false),
            ("README.md".into(), Some("Headless commands".into()), true),
        ]
    );
    let mut docs = Docs(BTreeMap::new());
    assert!(docs.check("docs/headless.md", Some("exit-codes")).is_none());
    assert!(docs.check("docs/headless.md", Some("no-such")).is_some());
    assert!(
        docs.check_title("README.md", "The client's manners")
            .is_some()
    );
    assert!(docs.check_title("README.md", "Headless commands").is_none());
}

/// docs/desk.md's key table names every key the desk answers (F6 was
/// missing once): each label of the desk's default keys is a row of it.
#[test]
fn the_desks_key_table_names_every_desk_key() {
    use boxoffice::app::keymap::{self, Scope};
    let doc = std::fs::read_to_string(root().join("docs/desk.md")).unwrap();
    let table = doc
        .split("## Keys")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .nth(2)
        .unwrap();
    // Key labels as help writes them (`Ctrl-l`) or as people do (`Ctrl-L`).
    let table = table.to_lowercase();
    let mut missing = Vec::new();
    for (keys, what) in keymap::help_rows(Scope::Checkin, false) {
        if !table.contains(&format!("| `{}` |", keys.to_lowercase())) {
            missing.push(format!("{keys}: {what}"));
        }
    }
    assert!(
        missing.is_empty(),
        "docs/desk.md's key table misses {missing:#?}"
    );
}
