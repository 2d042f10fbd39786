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

/// A page's headings — their titles (as written, backticks dropped) and
/// anchors — and its bold paragraphs' titles: a paragraph or list item
/// that opens with `**A title.**` is a place a comment may point at by
/// that title, as at a heading. Lines in code blocks are neither.
struct Page {
    titles: Vec<String>,
    anchors: Vec<String>,
}

/// The title of a paragraph or list item that opens in bold, without the
/// full stop or colon that ends it.
fn bold_title(line: &str) -> Option<String> {
    let line = line.trim_start();
    let line = line
        .strip_prefix("- ")
        .or_else(|| line.strip_prefix("* "))
        .unwrap_or(line);
    let rest = line.strip_prefix("**")?;
    let end = rest.find("**")?;
    let title = rest[..end]
        .trim()
        .trim_end_matches(['.', ':'])
        .replace('`', "");
    (!title.is_empty()).then_some(title)
}

fn page(path: &Path) -> Option<Page> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut titles = Vec::new();
    let mut bold = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            let title = line.trim_start_matches('#').trim().replace('`', "");
            // `## Wearing your business: export, --from` is also pointed
            // at by what comes before its colon.
            if let Some((short, _)) = title.split_once(": ") {
                bold.push(short.to_string());
            }
            titles.push(title);
        } else if !in_code && let Some(title) = bold_title(line) {
            bold.push(title);
        }
    }
    let anchors = titles.iter().map(|t| slug(t)).collect();
    titles.extend(bold);
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
    for start in ["docs/", "README.md", "CONTRIBUTING.md"] {
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
            // `docs/lanes.md, "A title"`, `docs/desk.md "A title"` or
            // `docs/desk.md ("A title")`: a heading or a bold paragraph.
            let rest = &text[at + name.len()..];
            let titled = [", \"", " \"", " (\""]
                .iter()
                .find_map(|form| rest.strip_prefix(form))
                .and_then(|rest| rest.find('"').map(|close| rest[..close].to_string()));
            match titled {
                Some(title) if anchor.is_none() => {
                    found.push((name.to_string(), Some(title), true));
                }
                _ => found.push((name.to_string(), anchor, false)),
            }
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

/// The Markdown pages `text` names that are neither in the repository's
/// root nor under docs/ (a house style kept elsewhere, say): a reader of
/// the code cannot follow them.
fn outside(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || "/._-".contains(c)))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| is_page(w))
        .filter(|w| !root().join(w).exists() && !root().join("docs").join(w).exists())
        .map(str::to_string)
        .collect()
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
    sources.retain(|f| !f.ends_with("tests/it/pointers.rs"));
    for file in &sources {
        let text = std::fs::read_to_string(file).unwrap();
        for comment in comments(&text) {
            for page in outside(&comment) {
                let file = file.strip_prefix(root()).unwrap().display();
                wrong.push(format!("{file}: {page} is not in the repository"));
            }
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
    let mut pages = vec![root().join("README.md"), root().join("CONTRIBUTING.md")];
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
        "see docs/headless.md#exit-codes, docs/desk.md. (README, \"Headless commands\") and README.md#safety, \
         docs/lanes.md, \"A log that failed moments ago\"",
    );
    assert_eq!(
        found,
        vec![
            ("docs/headless.md".into(), Some("exit-codes".into()), false),
            ("docs/desk.md".into(), None, false),
            (
                "docs/lanes.md".into(),
                Some("A log that failed moments ago".into()),
                true
            ),
            ("README.md".into(), Some("safety".into()), false),
            ("README.md".into(), Some("Headless commands".into()), true),
        ]
    );
    assert_eq!(
        bold_title("- **Outcome unknown.** One rule"),
        Some("Outcome unknown".into())
    );
    assert_eq!(bold_title("A **word** inside"), None);
    let mut docs = Docs(BTreeMap::new());
    assert!(docs.check("docs/headless.md", Some("exit-codes")).is_none());
    assert!(docs.check("docs/headless.md", Some("no-such")).is_some());
    assert!(
        docs.check_title("README.md", "The client's manners")
            .is_some()
    );
    assert!(docs.check_title("README.md", "Headless commands").is_none());
    assert!(
        docs.check_title("docs/lanes.md", "A log that failed moments ago")
            .is_none()
    );
    assert!(
        docs.check_title("docs/lanes.md", "A log that failed")
            .is_some()
    );
    assert_eq!(
        outside("as STYLE.md says, and docs/desk.md, lanes.md and CONTRIBUTING.md."),
        vec!["STYLE.md".to_string()]
    );
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

/// The pages a reader meets: the README and every page under docs/.
fn reader_pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("CONTRIBUTING.md")];
    files(&root().join("docs"), "md", &mut pages);
    pages
}

/// A page's lines outside fenced code blocks, each with its number and
/// whether it is a heading, inline code spans (`…`) taken out: a code
/// span or block shows what a user types or sees, prose is what the page
/// says.
fn prose(text: &str) -> Vec<(usize, bool, String)> {
    let mut lines = Vec::new();
    let mut in_code = false;
    // A code span may wrap onto the next line of its paragraph.
    let mut in_span = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        if line.trim().is_empty() {
            in_span = false;
        }
        let mut said = String::new();
        for c in line.chars() {
            if c == '`' {
                in_span = !in_span;
            } else if !in_span {
                said.push(c);
            }
        }
        lines.push((n + 1, line.starts_with('#'), said));
    }
    lines
}

/// A date as a diary writes it: `2026-11-27`.
fn has_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.windows(10).any(|w| {
        w.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            _ => c.is_ascii_digit(),
        })
    })
}

/// `issue 29`, `issue #29`: the tracker's numbering, not the product.
fn names_an_issue(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.match_indices("issue ").any(|(at, m)| {
        let rest = lower[at + m.len()..].trim_start_matches('#');
        rest.starts_with(|c: char| c.is_ascii_digit())
    })
}

/// A word that reads as a commit's short or full hash: 7 to 40 lower-case
/// hex digits with at least one digit and one letter.
fn commit_hashes(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| {
            (7..=40).contains(&w.len())
                && w.chars()
                    .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
                && w.chars().any(|c| c.is_ascii_digit())
                && w.chars().any(|c| c.is_ascii_alphabetic())
        })
        .collect()
}

/// Words about how the project is made rather than what the product is:
/// who measured, on which branch, while what else was building.
const MAKING: &[&str] = &[
    "this session",
    "last session",
    "sessions ago",
    "the lead",
    "helper",
    "worktree",
    "this branch",
    "other checkout",
    "other builds",
    "another build",
    "on this machine today",
    "quiet machine",
    "loaded machine",
    "busy machine",
    "shared machine",
    "backed out",
];

/// What in `text` (one page) tells the project's making: dated or
/// issue-numbered headings, a date, commit hashes or the words above in
/// its prose.
fn making(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, heading, line) in prose(text) {
        let lower = line.to_lowercase();
        if heading && (has_date(&line) || names_an_issue(&line)) {
            found.push(format!("{n}: a dated heading: {line}"));
            continue;
        }
        if has_date(&line) {
            found.push(format!("{n}: a date in prose"));
        }
        if names_an_issue(&line) {
            found.push(format!("{n}: an issue's number"));
        }
        for words in MAKING {
            if lower.contains(words) {
                found.push(format!("{n}: {words:?}"));
            }
        }
        for hash in commit_hashes(&line) {
            found.push(format!("{n}: a commit {hash}"));
        }
    }
    found
}

/// The docs say what the product is and its figures today; how it came
/// to be is CHANGELOG.md's and git's.
#[test]
fn no_page_narrates_the_projects_making() {
    let mut wrong = Vec::new();
    for page in reader_pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page.strip_prefix(root()).unwrap().display().to_string();
        wrong.extend(making(&text).into_iter().map(|w| format!("{name}:{w}")));
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// A Markdown table's cells, row by row, from its first line at `text`.
fn table(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter(|l| !l.starts_with("|---") && !l.starts_with("| ---"))
        .map(|l| {
            // A `|` inside a code span (`a \| b`) is escaped.
            l.replace("\\|", "¦")
                .trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// What is wrong with a table of figures: each row's figure (its column
/// headed `today`) is one value, and its command (the column headed
/// `command`) names what measures it.
fn figures_without_commands(rows: &[Vec<String>]) -> Vec<String> {
    let Some((header, rows)) = rows.split_first() else {
        return vec!["no table".into()];
    };
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h.to_lowercase().starts_with(name))
    };
    let (Some(today), Some(command)) = (column("today"), column("command")) else {
        return vec![format!("no `today` and `command` columns in {header:?}")];
    };
    let mut wrong = Vec::new();
    for row in rows {
        let figure = row.get(today).map_or("", String::as_str);
        let run = row.get(command).map_or("", String::as_str);
        if !figure.chars().any(|c| c.is_ascii_digit()) {
            wrong.push(format!("{:?}: no figure", row[0]));
        }
        let lower = figure.to_lowercase();
        if figure.contains(';')
            || [" was ", "before", "today", "run "]
                .iter()
                .any(|w| lower.contains(w))
        {
            wrong.push(format!("{:?}: more than today's figure: {figure}", row[0]));
        }
        let measures = run.contains('`') && ["cargo ", "scripts/"].iter().any(|c| run.contains(c));
        if !measures {
            wrong.push(format!("{:?}: no command beside {figure:?}", row[0]));
        }
    }
    wrong
}

/// The README's performance table: one figure a cell, today's, and the
/// command that measures it beside it.
#[test]
fn every_figure_in_the_readmes_table_has_its_command() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme
        .split("\n## Performance")
        .nth(1)
        .expect("the README's Performance section");
    let section = section.split("\n## ").next().unwrap();
    let wrong = figures_without_commands(&table(section));
    assert!(wrong.is_empty(), "{wrong:#?}");
    let perf = std::fs::read_to_string(root().join("docs/performance.md")).unwrap();
    let wrong = figures_without_commands(&table(&perf));
    assert!(wrong.is_empty(), "docs/performance.md: {wrong:#?}");
}

#[test]
fn the_making_is_seen_where_it_is_told() {
    let diary = "# Figures\n\n### The cold build (issue 29, 2026-11-27)\n\nMeasured by the lead \
                 on af204ef while other builds ran.\n\n```\nboxoffice 0.1.0 (commit 1fad483)\n```\n\
                 `Day 1 · 2026-11-25` is shown.\n";
    let found = making(diary);
    assert_eq!(found.len(), 4, "{found:#?}");
    assert!(found[0].starts_with("3: a dated heading"));
    assert!(
        making("# Figures\n\nThe desk keeps `2026-11-25` and 1,000,000 rows, `a\nb 2026-11-25` and Ed25519.\n")
            .is_empty()
    );
    let table_ = table(
        "| figure | target | today | command |\n|---|---|---|---|\n\
         | a | ≤ 1 ms | 0.5 ms | `cargo bench --bench keys` |\n\
         | b | ≤ 1 ms | 0.5 ms; 0.9 ms before | `cargo bench --bench keys` |\n\
         | c | ≤ 1 ms | 0.7 ms | |\n",
    );
    let wrong = figures_without_commands(&table_);
    assert_eq!(wrong.len(), 2, "{wrong:#?}");
}

/// The map is read in one sitting and the figures are a table, not a log:
/// docs/architecture.md at most 600 lines, docs/performance.md under 300.
#[test]
fn the_map_and_the_figures_stay_short() {
    for (page, most) in [("docs/architecture.md", 600), ("docs/performance.md", 299)] {
        let lines = std::fs::read_to_string(root().join(page))
            .unwrap()
            .lines()
            .count();
        assert!(lines <= most, "{page}: {lines} lines, at most {most}");
    }
}
