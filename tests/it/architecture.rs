//! The walls of the crate, read from the source (docs/architecture.md):
//! no import circle among its files; a screen asks for another screen
//! (`Outcome::Open(Target::…)`) and never imports it, nor the registry
//! that makes them; `update` names no screen; nothing outside `src/app`
//! imports `app::screens`; and data lives below whoever uses it.
//!
//! What counts as an import: a `use`, or a path in the code (`crate::…`,
//! `super::…`, `self::…`), followed through `pub use` re-exports to the
//! file that defines the item. Every arrow counts, a module's into its own
//! submodules (`x::…`) as well: the overlays' file naming `note::NoteForm`
//! and the note overlay naming a screen's `Outcome`, whose file names
//! `Overlay`, is a circle. The registry's `screens::open` naming every
//! screen is none while no screen imports the registry (its own test below).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Where a file's `#[cfg(test)] mod tests` lies, in its code (comments
/// and literals out, so its braces are the module's): from the attribute
/// to its closing brace, wherever in the file it sits. Other `#[cfg(test)]`
/// items are code: the sandbox's OpenAPI derivation is built only for
/// tests, and its imports are imports.
fn test_module(code: &str) -> Option<std::ops::Range<usize>> {
    let start = code
        .match_indices("#[cfg(test)]")
        .map(|(at, _)| at)
        .find(|&at| {
            let mut rest = code[at..].lines().skip(1).map(str::trim);
            rest.find(|line| !line.starts_with("#[")) == Some("mod tests {")
        })?;
    let open = start + code[start..].find("mod tests {")? + "mod tests ".len();
    let mut depth = 0;
    for (i, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 1 => return Some(start..open + i + 1),
            '}' => depth -= 1,
            _ => {}
        }
    }
    Some(start..code.len())
}

/// The code of a file: its `#[cfg(test)]` module, comments and the text of
/// string and char literals left out (a doc comment naming a path is not
/// an import).
fn code(text: &str) -> String {
    let mut out = literals_out(text);
    if let Some(tests) = test_module(&out) {
        out.replace_range(tests, "");
    }
    out
}

/// `text` without its comments and the text of its string and char literals.
fn literals_out(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            // A char literal ('x', '\n', '"'), not a lifetime ('a).
            b'\'' if b.get(i + 2) == Some(&b'\'') => {
                i += 3;
                out.push_str("' '");
            }
            b'\'' if b.get(i + 1) == Some(&b'\\') => {
                i += 2 + text[i + 2..].find('\'').map_or(0, |e| e + 1);
                out.push_str("' '");
            }
            _ => {
                let c = text[i..].chars().next().unwrap();
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// Flattens one use tree under `prefix`: `a::{self, b, c::D}` → `a`,
/// `a::b`, `a::c::D`.
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree);
        out.push(if path == "self" {
            prefix.trim_end_matches("::").to_string()
        } else {
            format!("{prefix}{path}")
        });
        return;
    };
    let head = format!("{prefix}{}", &tree[..open]);
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&head, &inner[start..i], out);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < inner.len() {
        expand(&head, &inner[start..], out);
    }
}

/// What a file's code names.
#[derive(Debug, Default)]
struct Names {
    /// Every `use` path, flattened.
    uses: Vec<String>,
    /// The `pub use` (and `pub(crate) use`) paths: its re-exports.
    reexports: Vec<String>,
    /// Paths in the rest of the code (`crate::a::B`, `super::x`, `x::y`).
    paths: Vec<String>,
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn names(code: &str) -> Names {
    let mut names = Names::default();
    let mut rest_of_code = String::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = &rest[..i];
        rest_of_code.push_str(before);
        rest = &rest[i + 4..];
        let starts = before.is_empty() || before.ends_with(|c: char| c.is_whitespace());
        let line = before.rsplit('\n').next().unwrap_or_default().trim();
        if !starts || !(line.is_empty() || line.starts_with("pub")) {
            rest_of_code.push_str("use ");
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        let tree: String = rest[..end].split_whitespace().collect::<Vec<_>>().join(" ");
        let tree = tree
            .replace(" :: ", "::")
            .replace(":: ", "::")
            .replace(", ", ",");
        let tree = tree.replace("{ ", "{").replace(" }", "}");
        let mut flat = Vec::new();
        expand("", &tree, &mut flat);
        if line.starts_with("pub") {
            names.reexports.extend(flat.iter().cloned());
        }
        names.uses.extend(flat);
        rest = &rest[end..];
    }
    rest_of_code.push_str(rest);
    let b = rest_of_code.as_bytes();
    let mut from = 0;
    while let Some(i) = rest_of_code[from..].find("::") {
        let at = from + i;
        from = at + 2;
        let mut start = at;
        while start > 0 && is_ident(b[start - 1]) {
            start -= 1;
        }
        // Only a path's first segment, and only a module's (lower case).
        if start == at || (start > 0 && b[start - 1] == b':') || !b[start].is_ascii_lowercase() {
            continue;
        }
        let mut end = at;
        while end < b.len() && (is_ident(b[end]) || b[end] == b':') {
            end += 1;
        }
        names
            .paths
            .push(rest_of_code[start..end].trim_end_matches(':').to_string());
    }
    names
}

/// The crate's files as modules, and what each names.
struct Crate {
    src: PathBuf,
    files: BTreeMap<Module, PathBuf>,
    names: BTreeMap<Module, Names>,
    /// Every submodule (`mod x;`, or a file `m/x.rs` a macro declares).
    submodules: BTreeSet<Module>,
}

impl Crate {
    fn read() -> Self {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut all = Vec::new();
        files(&src, &mut all);
        let mut crate_ = Self {
            src: src.clone(),
            files: BTreeMap::new(),
            names: BTreeMap::new(),
            submodules: BTreeSet::new(),
        };
        for file in all {
            let rel = file.strip_prefix(&src).unwrap().with_extension("");
            let mut module: Module = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module == ["lib"] {
                module.clear();
            }
            let text = std::fs::read_to_string(&file).unwrap();
            crate_.names.insert(module.clone(), names(&code(&text)));
            crate_.files.insert(module, file);
        }
        crate_.submodules = crate_
            .files
            .keys()
            .filter(|m| m.len() > 1)
            .cloned()
            .collect();
        crate_
    }

    /// A path as written in `module`, from the crate root (`None`: another
    /// crate's, or a local name).
    fn resolve(&self, module: &[String], path: &str) -> Option<Module> {
        let mut parts = path.split("::").filter(|p| !p.is_empty()).peekable();
        // The binary names the library by its crate name.
        let mut base: Module = match parts.peek().copied() {
            Some("crate" | "boxoffice") => {
                parts.next();
                vec![]
            }
            Some("super" | "self") => module.to_vec(),
            Some(first) => {
                let mut child = module.to_vec();
                child.push(first.to_string());
                if !self.submodules.contains(&child) {
                    return None;
                }
                module.to_vec()
            }
            None => return None,
        };
        while let Some(p) = parts.peek().copied() {
            match p {
                "super" => {
                    base.pop();
                }
                "self" => {}
                _ => break,
            }
            parts.next();
        }
        base.extend(parts.map(str::to_string));
        Some(base)
    }

    /// The file that defines what `path` names: its longest prefix that is
    /// a file, through the re-exports of that file.
    fn file_of(&self, path: &[String]) -> Module {
        let mut path = path.to_vec();
        for _ in 0..16 {
            let mut k = path.len();
            while k > 0 && !self.files.contains_key(&path[..k]) {
                k -= 1;
            }
            let module = path[..k].to_vec();
            let Some(name) = path.get(k) else {
                return module;
            };
            let reexport = self.names[&module]
                .reexports
                .iter()
                .filter_map(|r| self.resolve(&module, r))
                .find(|r| r.last() == Some(name) && r[..] != path[..=k]);
            match reexport {
                Some(to) => {
                    let tail = path[k + 1..].to_vec();
                    path = to;
                    path.extend(tail);
                }
                None => return module,
            }
        }
        panic!("re-exports in a loop at {path:?}")
    }

    /// File → the files it imports, with the paths that tie them.
    fn graph(&self) -> BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>> {
        let mut graph: BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>> = BTreeMap::new();
        for (module, names) in &self.names {
            let edges = graph.entry(module.clone()).or_default();
            // The binary is a crate of its own, over the library's root.
            let from: &[String] = if module == &["main".to_string()] {
                &[]
            } else {
                module
            };
            for path in names.uses.iter().chain(&names.paths) {
                let Some(full) = self.resolve(from, path) else {
                    continue;
                };
                let to = self.file_of(&full);
                if &to == module || to.is_empty() {
                    continue;
                }
                edges.entry(to).or_default().insert(path.clone());
            }
        }
        graph
    }

    /// The registered screens' modules (`Variant(module::Type)` lines of
    /// `register!` in `app/screens.rs`) and their types.
    fn screens(&self) -> Vec<(String, String, String)> {
        let text = std::fs::read_to_string(self.src.join("app/screens.rs")).unwrap();
        let calls = text.rsplit("register! {").next().unwrap();
        calls
            .lines()
            .filter_map(|l| {
                let l = l.trim();
                let (variant, rest) = l.split_once('(')?;
                let (module, rest) = rest.split_once("::")?;
                let (ty, _) = rest.split_once(')')?;
                let ok = |s: &str| !s.is_empty() && s.bytes().all(is_ident);
                (ok(variant) && ok(module) && ok(ty))
                    .then(|| (variant.to_string(), module.to_string(), ty.to_string()))
            })
            .collect()
    }
}

/// The circles of `graph` (strongly connected sets of more than one file).
fn circles(graph: &BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>>) -> Vec<Vec<Module>> {
    struct Walk<'g> {
        nodes: Vec<&'g Module>,
        adj: Vec<Vec<usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        found: Vec<Vec<Module>>,
    }
    impl Walk<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on[v] = true;
            for w in self.adj[v].clone() {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(i) if self.on[w] => self.low[v] = self.low[v].min(i),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut set = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on[w] = false;
                    set.push(self.nodes[w].clone());
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    set.sort();
                    self.found.push(set);
                }
            }
        }
    }
    let nodes: Vec<&Module> = graph.keys().collect();
    let at: BTreeMap<&Module, usize> = nodes.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let adj = nodes
        .iter()
        .map(|m| {
            graph[*m]
                .keys()
                .filter_map(|t| at.get(t).copied())
                .collect()
        })
        .collect();
    let n = nodes.len();
    let mut walk = Walk {
        nodes,
        adj,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in 0..n {
        if walk.index[v].is_none() {
            walk.visit(v);
        }
    }
    walk.found
}

/// A circle said file by file, with the paths that tie it.
fn describe(
    graph: &BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>>,
    set: &[Module],
) -> String {
    let mut text = String::new();
    for m in set {
        for (to, paths) in &graph[m] {
            if set.contains(to) {
                let _ = write!(text, "\n  {} -> {}: {paths:?}", m.join("::"), to.join("::"));
            }
        }
    }
    text
}

fn under(module: &[String], prefix: &[&str]) -> bool {
    module.len() >= prefix.len() && module.iter().zip(prefix).all(|(a, b)| a == b)
}

/// The arrows between rooms: under each folder, a room is one of its
/// submodules with everything under it, and the folder's own file is the
/// hall they meet in (a parent naming its children, a child its parent's
/// items, cross no room's wall). An arrow from a file of one room to a
/// file of a sibling room is that room's, whatever file it leaves from:
/// so the note overlay naming a screen's `Outcome`, whose file names
/// `Overlay`, makes the overlays and the screens a circle. Each arrow is
/// said with the files and paths that make it.
fn rooms(
    graph: &BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>>,
) -> BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>> {
    let mut rooms: BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>> = BTreeMap::new();
    for (from, targets) in graph {
        for (to, paths) in targets {
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue;
            }
            let (a, b) = (from[..=common].to_vec(), to[..=common].to_vec());
            rooms.entry(b.clone()).or_default();
            rooms
                .entry(a)
                .or_default()
                .entry(b)
                .or_default()
                .insert(format!(
                    "{} -> {} {paths:?}",
                    from.join("::"),
                    to.join("::")
                ));
        }
    }
    rooms
}

#[test]
fn no_file_of_the_crate_imports_itself_in_a_circle() {
    let crate_ = Crate::read();
    let graph = crate_.graph();
    let rooms = rooms(&graph);
    let found = circles(&rooms);
    let text: Vec<String> = found.iter().map(|set| describe(&rooms, set)).collect();
    assert!(found.is_empty(), "import circles:{}", text.join("\n"));
    // The reader sees the arrows it must: `app` is read.
    let app_files = graph.keys().filter(|m| under(m, &["app"])).count();
    assert!(app_files > 50, "only {app_files} files of src/app read");
}

/// A folder's file naming its own submodules and they naming it is no
/// circle; a submodule's arrow out to a sibling folder whose file names the
/// first folder's file is one, though no single file imports itself back.
#[test]
fn rooms_see_a_circle_through_a_folders_files_and_not_a_folder_with_its_own() {
    fn graph(arrows: &[(&str, &str)]) -> BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>> {
        let m = |s: &str| -> Module { s.split("::").map(str::to_string).collect() };
        let mut g: BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>> = BTreeMap::new();
        for (from, to) in arrows {
            g.entry(m(to)).or_default();
            g.entry(m(from))
                .or_default()
                .entry(m(to))
                .or_default()
                .insert((*to).to_string());
        }
        g
    }
    // overlays.rs names its note; the note names overlays.rs's trait.
    let own = graph(&[
        ("app::overlays", "app::overlays::note"),
        ("app::overlays::note", "app::overlays"),
        ("app::screens::component", "app::overlays"),
    ]);
    assert!(circles(&rooms(&own)).is_empty());
    assert!(
        !circles(&own).is_empty(),
        "the files alone do make a circle"
    );
    // The note names a screen's `Outcome`, whose file names `Overlay`.
    let through = graph(&[
        ("app::overlays", "app::overlays::note"),
        ("app::overlays::note", "app::screens::component"),
        ("app::screens::component", "app::overlays"),
    ]);
    let found = circles(&rooms(&through));
    let overlays: Module = vec!["app".into(), "overlays".into()];
    let screens: Module = vec!["app".into(), "screens".into()];
    assert_eq!(found, [vec![overlays, screens]]);
}

#[test]
fn a_screen_imports_no_other_screen_and_not_the_registry() {
    let crate_ = Crate::read();
    let graph = crate_.graph();
    let screens = crate_.screens();
    assert!(screens.len() >= 15, "register! read: {screens:?}");
    let registry: Module = vec!["app".into(), "screens".into()];
    let mut wrong = Vec::new();
    for (from, targets) in &graph {
        let Some((_, mine, _)) = screens
            .iter()
            .find(|(_, m, _)| under(from, &["app", "screens", m]))
        else {
            continue;
        };
        for (to, paths) in targets {
            let other = screens
                .iter()
                .find(|(_, m, _)| m != mine && under(to, &["app", "screens", m]));
            if other.is_some() || *to == registry {
                wrong.push(format!(
                    "{} imports {}: {paths:?}",
                    from.join("::"),
                    to.join("::")
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// `update` (and the rest of the loop: its view, model and runtime) names
/// no screen: no `Screen::<Variant>`, no screen's type, no screen's module.
#[test]
fn update_names_no_screen() {
    let crate_ = Crate::read();
    let screens = crate_.screens();
    let mut wrong = Vec::new();
    for (module, file) in &crate_.files {
        let the_loop = ["update", "view", "model", "runtime"]
            .iter()
            .any(|m| under(module, &["app", m]));
        if !the_loop {
            continue;
        }
        let text = code(&std::fs::read_to_string(file).unwrap());
        let words: Vec<&str> = text
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .filter(|w| !w.is_empty())
            .collect();
        for (variant, m, ty) in &screens {
            let named = words.iter().find(|w| {
                w.split("::").any(|p| p == ty)
                    || w.contains(&format!("Screen::{variant}"))
                    || w.contains(&format!("screens::{m}"))
            });
            if let Some(w) = named {
                wrong.push(format!("{} names {w}", module.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn nothing_outside_src_app_imports_its_screens() {
    let crate_ = Crate::read();
    let graph = crate_.graph();
    let mut wrong = Vec::new();
    for (from, targets) in &graph {
        if under(from, &["app"]) {
            continue;
        }
        for (to, paths) in targets {
            if under(to, &["app", "screens"]) {
                wrong.push(format!(
                    "{} imports {}: {paths:?}",
                    from.join("::"),
                    to.join("::")
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The door's rules sit below the app and the headless commands: the desk
/// and `admit` call the same door, which knows neither.
#[test]
fn the_door_imports_neither_the_app_nor_the_commands() {
    let crate_ = Crate::read();
    let graph = crate_.graph();
    let door_files = graph.keys().filter(|m| under(m, &["door"])).count();
    assert!(door_files > 3, "only {door_files} files of src/door read");
    let mut wrong = Vec::new();
    for (from, targets) in &graph {
        if !under(from, &["door"]) {
            continue;
        }
        for (to, paths) in targets {
            if under(to, &["app"]) || under(to, &["commands"]) {
                wrong.push(format!(
                    "{} imports {}: {paths:?}",
                    from.join("::"),
                    to.join("::")
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    // And the reader sees what `admit` takes of the door.
    let admit: Module = vec!["commands".into(), "admit".into()];
    assert!(
        graph[&admit].keys().any(|t| under(t, &["door"])),
        "the reader no longer sees commands::admit's use of the door"
    );
}

/// The door knows no screen, no SQL and no HTTP: it is the lane's rules
/// and state (`door::Lane`), and every driver — the desk, `admit`, `lane`,
/// the model — does the I/O it asks for. It may name the records the
/// stores and the API keep (`store`'s root, `api::model`), never a store,
/// a client or a terminal.
#[test]
fn the_door_knows_no_screen_no_sql_and_no_http() {
    let crate_ = Crate::read();
    let graph = crate_.graph();
    let lane: Module = vec!["door".into(), "lane".into()];
    assert!(graph.contains_key(&lane), "src/door/lane.rs not read");
    let io_crates = [
        "ratatui",
        "crossterm",
        "rusqlite",
        "tokio_postgres",
        "deadpool_postgres",
        "reqwest",
        "axum",
        "tokio",
        "futures",
    ];
    let mut wrong = Vec::new();
    for (from, targets) in &graph {
        if !under(from, &["door"]) {
            continue;
        }
        for (to, paths) in targets {
            let records = to.as_slice() == ["store"] || under(to, &["api", "model"]);
            let io = under(to, &["app"])
                || under(to, &["commands"])
                || under(to, &["sandbox"])
                || (under(to, &["store"]) && !records)
                || (under(to, &["api"]) && !records);
            if io {
                wrong.push(format!(
                    "{} imports {}: {paths:?}",
                    from.join("::"),
                    to.join("::")
                ));
            }
        }
        let names = &crate_.names[from];
        for path in names.uses.iter().chain(&names.paths) {
            let first = path
                .trim_start_matches("::")
                .split("::")
                .next()
                .unwrap_or("");
            if io_crates.contains(&first) {
                wrong.push(format!("{} names {path}", from.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The headless commands import no part of the TUI: what both use (the
/// rows and their columns, the PIN's hash, the smallest terminal) lies
/// below both.
#[test]
fn headless_commands_import_no_part_of_the_tui() {
    let crate_ = Crate::read();
    let graph = crate_.graph();
    let commands = graph.keys().filter(|m| under(m, &["commands"])).count();
    assert!(commands > 10, "only {commands} files of src/commands read");
    let mut wrong = Vec::new();
    for (from, targets) in &graph {
        if !under(from, &["commands"]) {
            continue;
        }
        for (to, paths) in targets {
            if under(to, &["app"]) {
                wrong.push(format!(
                    "{} imports {}: {paths:?}",
                    from.join("::"),
                    to.join("::")
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn what_lies_below_the_screens_imports_no_screen_and_no_overlay() {
    let crate_ = Crate::read();
    let graph = crate_.graph();
    let mut wrong = Vec::new();
    for (from, targets) in &graph {
        let low = [
            "list", "cmd", "msg", "find", "ctx", "tab", "target", "state", "keymap", "command",
            "executor", "export",
        ]
        .iter()
        .any(|m| under(from, &["app", m]));
        if !low {
            continue;
        }
        for (to, paths) in targets {
            if under(to, &["app", "screens"]) || under(to, &["app", "overlays"]) {
                wrong.push(format!(
                    "{} imports {}: {paths:?}",
                    from.join("::"),
                    to.join("::")
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_reader_reads_uses_paths_and_re_exports() {
    let text = "use super::{a, b::{self, C, D}};\npub use crate::app::list::rows::X;\n\
                fn f() { let use_x = 1; crate::app::y::Z::new(); g(\"crate::no::such\"); }\n\
                // crate::in::a::comment\nmod inner;\npub mod outer;";
    let n = names(&code(text));
    assert_eq!(
        n.uses,
        [
            "super::a",
            "super::b",
            "super::b::C",
            "super::b::D",
            "crate::app::list::rows::X"
        ]
    );
    assert_eq!(n.reexports, ["crate::app::list::rows::X"]);
    assert!(
        n.paths.contains(&"crate::app::y::Z::new".to_string()),
        "{:?}",
        n.paths
    );
    assert!(
        !n.paths
            .iter()
            .any(|p| p.contains("no::such") || p.contains("comment"))
    );
    // A test module is left out wherever it sits, and the code after it read.
    let text = "#[cfg(test)]\nmod tests {\n    use crate::only::in_tests;\n    fn f() { if x { '}'; } }\n}\n\
                pub use crate::after::Tests;\n";
    assert_eq!(names(&code(text)).uses, ["crate::after::Tests"]);
    let crate_ = Crate::read();
    // A screen's `super::Outcome` is the component file's, through the
    // registry's re-export.
    let m: Module = ["app", "screens", "orders"].map(String::from).to_vec();
    let full = crate_.resolve(&m, "super::Outcome").unwrap();
    assert_eq!(crate_.file_of(&full).join("::"), "app::screens::component");
    // A child module's path (`tickets::TicketsScreen`) is read as one, and
    // is an arrow as a sibling's `super::` path is.
    let registry: Module = vec!["app".into(), "screens".into()];
    let child = crate_.resolve(&registry, "tickets::TicketsScreen").unwrap();
    assert_eq!(crate_.file_of(&child).join("::"), "app::screens::tickets");
    let graph = crate_.graph();
    assert!(
        graph[&registry]
            .keys()
            .any(|t| t.join("::") == "app::screens::tickets"),
        "the registry's arrow into its own submodule is not read"
    );
    let update: Module = ["app", "update", "commands"].map(String::from).to_vec();
    assert!(
        graph[&update]
            .keys()
            .any(|t| t.join("::") == "app::update::stack"),
        "{:?}",
        graph[&update].keys().collect::<Vec<_>>()
    );
}

/// How many imports deep the longest chain below `m` goes. Top-level
/// modules importing each other in a circle have no depth: the circle is
/// named (`on` is the chain walked so far).
fn depth(m: &str, arrows: &BTreeMap<String, BTreeSet<String>>, on: &mut Vec<String>) -> usize {
    if let Some(at) = on.iter().position(|o| o == m) {
        let mut circle = on[at..].to_vec();
        circle.push(m.to_owned());
        panic!(
            "top-level modules import each other in a circle: {}",
            circle.join(" ──► ")
        );
    }
    on.push(m.to_owned());
    let deepest = arrows.get(m).map_or(0, |to| {
        to.iter()
            .map(|t| 1 + depth(t, arrows, on))
            .max()
            .unwrap_or(0)
    });
    on.pop();
    deepest
}

#[test]
fn a_circle_of_top_level_modules_is_named_not_walked_forever() {
    let mut arrows: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    arrows.insert(
        "app".into(),
        BTreeSet::from(["commands".into(), "api".into()]),
    );
    arrows.insert("commands".into(), BTreeSet::from(["door".into()]));
    arrows.insert("door".into(), BTreeSet::from(["app".into()]));
    arrows.insert("api".into(), BTreeSet::new());
    assert_eq!(depth("api", &arrows, &mut Vec::new()), 0);
    let named = std::panic::catch_unwind(|| depth("app", &arrows, &mut Vec::new()));
    let message = named
        .err()
        .and_then(|e| e.downcast::<String>().ok())
        .expect("a circle panics with its names");
    assert!(
        message.contains("app ──► commands ──► door ──► app"),
        "{message}"
    );
}

/// docs/architecture.md's map of the crate is drawn from the code's own
/// arrows: the block after its title says, for each top-level module, the
/// modules it imports, and the test reads the same from the source.
#[test]
fn the_map_in_docs_architecture_is_the_crates_arrows() {
    let crate_ = Crate::read();
    let mut arrows: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in crate_.graph() {
        let Some(top) = from.first() else { continue };
        let set = arrows.entry(top.clone()).or_default();
        for to in targets.keys() {
            if let Some(t) = to.first().filter(|t| *t != top) {
                set.insert(t.clone());
            }
        }
    }
    // Top down: a module above every module it imports (the longest chain
    // of imports below it first), then by name; `–` imports nothing.
    let mut order: Vec<&String> = arrows.keys().collect();
    order.sort_by_key(|m| {
        (
            std::cmp::Reverse(depth(m, &arrows, &mut Vec::new())),
            (*m).clone(),
        )
    });
    let mut drawn = String::new();
    for from in order {
        let to: Vec<&str> = arrows[from].iter().map(String::as_str).collect();
        let to = if to.is_empty() {
            "–".to_string()
        } else {
            to.join(", ")
        };
        let _ = writeln!(drawn, "{from:<13} ──► {to}");
    }
    let doc = std::fs::read_to_string(crate_.src.join("../docs/architecture.md")).unwrap();
    let block = doc
        .split("```\n")
        .nth(1)
        .expect("the map's block under the title");
    assert!(
        block == drawn,
        "docs/architecture.md's map differs from the code's arrows; it is:\n{drawn}"
    );
}

/// The `mod` lines of a crate root (`pub mod api;`), as written.
fn declared_modules(root: &str) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(root);
    code(&std::fs::read_to_string(path).unwrap())
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("pub mod ") || l.starts_with("mod "))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_binary_and_the_library_declare_the_same_modules() {
    // The binary compiles src/ as its own crate (main.rs, for the cold
    // build) and the tests import it as the library (lib.rs): the same
    // modules, the same way, or the tests test another program.
    let binary = declared_modules("main.rs");
    let library = declared_modules("lib.rs");
    assert!(!library.is_empty(), "no `mod` lines read from lib.rs");
    assert_eq!(
        binary, library,
        "src/main.rs and src/lib.rs must declare the same modules"
    );
}

#[test]
fn only_the_blocking_module_hands_work_to_the_blocking_pool() {
    // Each closure given to `spawn_blocking` is a copy of tokio's task
    // machinery in the binary; `blocking::run` gives them all one type
    // (src/blocking.rs, issue 29's cold build).
    let krate = Crate::read();
    let spawning: Vec<String> = krate
        .files
        .iter()
        .filter(|(module, _)| module.as_slice() != ["blocking"])
        .filter(|(_, file)| {
            code(&std::fs::read_to_string(file).unwrap()).contains("spawn_blocking")
        })
        .map(|(module, _)| module.join("::"))
        .collect();
    assert!(
        spawning.is_empty(),
        "spawn_blocking outside src/blocking.rs (use blocking::run or blocking::detach): {spawning:?}"
    );
}

/// Lines of `text` outside its `#[cfg(test)] mod tests` (a string literal
/// inside the tests that spans lines counts its lines as the file's).
fn lines_outside_tests(text: &str) -> usize {
    let out = literals_out(text);
    let tests = test_module(&out).map_or(0, |range| out[range].matches('\n').count());
    text.lines().count().saturating_sub(tests)
}

#[test]
fn no_source_file_passes_one_sitting() {
    // One sitting per file: a file past 700 lines outside its tests is
    // split by idea, each part named for what it holds.
    const MOST: usize = 700;
    let mut all = Vec::new();
    files(
        &PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut all,
    );
    let long: Vec<String> = all
        .iter()
        .filter_map(|file| {
            let n = lines_outside_tests(&std::fs::read_to_string(file).unwrap());
            (n > MOST).then(|| format!("{} ({n} lines)", file.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "past {MOST} lines outside their tests: {long:#?}"
    );
    let sample = "fn a() {}\n#[cfg(test)]\nmod tests {\n    fn b() { let s = \"}\"; }\n}\n";
    assert_eq!(lines_outside_tests(sample), 2);
}
