//! The walls inside `src`, read from the source: data lives below whoever
//! uses it, so the loader, `Cmd`, `Msg` and the search's data import no
//! screen and no overlay, and the only import cycle left is screens opening
//! each other; the door's rules sit below the app and the headless commands
//! (docs/architecture.md).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

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

/// The module a file is (`src/app/list/rows/order.rs` → `app::list::rows::order`).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect()
}

/// The `use` trees of a file's code (its `#[cfg(test)]` module aside), as
/// written: `super::{a, b::C}` → `super::a`, `super::b::C`.
fn uses(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = &rest[..i];
        let at_start = before.is_empty() || before.ends_with('\n') || before.ends_with(' ');
        let line_start = before.rsplit('\n').next().unwrap_or_default().trim();
        rest = &rest[i + 4..];
        if !at_start
            || !(line_start.is_empty() || line_start == "pub" || line_start == "pub(crate)")
        {
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        let tree: String = rest[..end].split_whitespace().collect();
        expand("", &tree, &mut out);
        rest = &rest[end..];
    }
    out
}

/// Flattens one use tree under `prefix`.
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree);
        out.push(format!("{prefix}{path}"));
        return;
    };
    let head = format!("{prefix}{}", &tree[..open]);
    let inner = &tree[open + 1..tree.len() - 1];
    let mut depth = 0;
    let mut start = 0;
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

/// A path as written in `module`, as a path from the crate root.
fn resolve(module: &[String], path: &str) -> Option<Vec<String>> {
    let mut parts = path.split("::").filter(|p| !p.is_empty()).peekable();
    let mut base: Vec<String> = match parts.peek().copied() {
        Some("crate") => {
            parts.next();
            vec![]
        }
        Some("super" | "self") => module.to_vec(),
        _ => return None,
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

/// Module → the modules of `app` it imports (by their top-level name
/// under `app`), for every file under `src/app`.
fn imports() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    imports_of("app", "app")
}

/// Module → the crate paths under `to` it imports, for every file of the
/// top-level module `of` (`src/<of>.rs` and `src/<of>/`). A path written
/// in full in the code (`crate::app::…` outside a `use`) counts too.
fn imports_of(of: &str, to: &str) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    if src.join(of).is_dir() {
        files(&src.join(of), &mut all);
    }
    all.push(src.join(format!("{of}.rs")));
    let mut map = BTreeMap::new();
    for file in all {
        let module = module_of(&src, &file);
        let text = std::fs::read_to_string(&file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let mut targets: BTreeSet<Vec<String>> = uses(&text)
            .iter()
            .filter_map(|u| resolve(&module, u))
            .filter(|t| t.first().is_some_and(|f| f == to))
            .collect();
        let inline = format!("crate::{to}::");
        for (i, _) in code.match_indices(&inline) {
            let path: String = code[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            targets.extend(resolve(&module, &path));
        }
        map.insert(module, targets);
    }
    map
}

#[test]
fn the_door_imports_neither_the_app_nor_the_commands() {
    for to in ["app", "commands"] {
        let wrong: Vec<String> = imports_of("door", to)
            .into_iter()
            .flat_map(|(m, t)| {
                t.into_iter()
                    .map(move |t| format!("{} imports {}", m.join("::"), t.join("::")))
            })
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
    }
}

#[test]
fn the_headless_commands_import_no_screen() {
    let wrong: Vec<String> = imports_of("commands", "app")
        .into_iter()
        .flat_map(|(m, t)| {
            t.into_iter()
                .filter(|t| t.get(1).is_some_and(|s| s == "screens" || s == "overlays"))
                .map(move |t| format!("{} imports {}", m.join("::"), t.join("::")))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
    // And the rule is read: what `admit` does take of the app (its
    // settings, named in full in the code) is found.
    let found = imports_of("commands", "app")
        .values()
        .flatten()
        .any(|t| t.get(1).is_some_and(|s| s == "settings"));
    assert!(
        found,
        "the reader no longer sees the commands' use of the app"
    );
}

fn under(path: &[String], module: &str) -> bool {
    path.len() >= 2 && path[0] == "app" && path[1] == module
}

#[test]
fn the_loader_cmd_msg_and_find_import_no_screen_and_no_overlay() {
    let mut wrong = Vec::new();
    for (module, targets) in imports() {
        let low = ["list", "cmd", "msg", "find"]
            .iter()
            .any(|m| under(&module, m));
        if !low {
            continue;
        }
        for t in targets {
            if under(&t, "screens") || under(&t, "overlays") {
                wrong.push(format!("{} imports {}", module.join("::"), t.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_only_import_cycle_is_screens_opening_screens() {
    // The graph of `app`'s top-level modules (a screen and its folder are
    // `screens`): it must be acyclic, the screens' own cycle folded into one.
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, targets) in imports() {
        let Some(from) = module.get(1) else { continue };
        for t in targets {
            if let Some(to) = t.get(1)
                && to != from
            {
                graph.entry(from.clone()).or_default().insert(to.clone());
            }
        }
        graph.entry(from.clone()).or_default();
    }
    // Kahn: what remains after peeling the modules nobody left imports is a cycle.
    let mut left = graph.clone();
    loop {
        let leaves: Vec<String> = left
            .iter()
            .filter(|(_, to)| to.iter().all(|t| !left.contains_key(t)))
            .map(|(m, _)| m.clone())
            .collect();
        if leaves.is_empty() {
            break;
        }
        for m in leaves {
            left.remove(&m);
        }
    }
    assert!(left.is_empty(), "import cycle among {left:#?}");
    // And the modules below the screens say so plainly.
    for low in [
        "list", "cmd", "msg", "find", "ctx", "tab", "state", "keymap",
    ] {
        let to = &graph[low];
        assert!(
            !to.contains("screens") && !to.contains("overlays"),
            "app::{low} imports {to:?}"
        );
    }
}

#[test]
fn uses_are_read_whole() {
    let text =
        "use super::{a, b::{C, D}};\npub use crate::app::list::rows::X;\nfn f() { let use_x = 1; }";
    assert_eq!(
        uses(text),
        [
            "super::a",
            "super::b::C",
            "super::b::D",
            "crate::app::list::rows::X"
        ]
    );
    let m: Vec<String> = ["app", "list", "rows", "order"].map(String::from).to_vec();
    assert_eq!(
        resolve(&m, "super::Listable").unwrap().join("::"),
        "app::list::rows::Listable"
    );
}
