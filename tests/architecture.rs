//! The crate keeps the shape `docs/architecture.md` promises: its modules import one another in
//! one direction only (no import circles anywhere in the library), the window reaches scenes
//! directly (not through the command line), the command line does not reach into the engines'
//! internals, neither window mode imports the other, and no function is longer than 100 lines.
//!
//! All of it is read from the source text: every `use` and path through `super::` or `crate::` in
//! `src/` (test modules included) is an arrow from the file's module to the module it names. A
//! module's paths to its own ancestors are not arrows (a child names its parent's items freely).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file of the library under `dir`, with its module path below the crate
/// (`app/draw/scene.rs` → `["app", "draw", "scene"]`, `app/mod.rs` → `["app"]`, `lib.rs` → `[]`);
/// `main.rs` is the binary's own crate and is left out.
fn modules(dir: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(dir).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts == ["main"] {
                continue;
            }
            if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
                parts.pop();
            }
            out.insert(parts, path);
        }
    }
    out
}

/// The paths a file names through `super::` or `crate::`, each split at `::`, with groups
/// `{a, b::c}` expanded.
fn named_paths(text: &str) -> Vec<(bool, Vec<String>)> {
    let mut out = Vec::new();
    for (prefix, from_crate) in [("super::", false), ("crate::", true)] {
        let mut rest = text;
        while let Some(at) = rest.find(prefix) {
            let before = rest[..at].chars().last();
            rest = &rest[at + prefix.len()..];
            // `super::super::` is read once per `super`; `$crate::` is a macro's `crate::`
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut supers = 1;
            let mut tail = rest;
            while let Some(t) = tail.strip_prefix("super::") {
                supers += 1;
                tail = t;
            }
            let end = tail
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '{'))
                .unwrap_or(tail.len());
            let head = &tail[..end];
            let group = head.ends_with('{').then(|| {
                let close = tail.find('}').unwrap_or(tail.len());
                tail[end..close].to_string()
            });
            let base: Vec<String> = head
                .trim_end_matches('{')
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            let mut push = |mut p: Vec<String>| {
                if from_crate {
                    out.push((true, p));
                } else {
                    let mut full = vec!["super".to_string(); supers];
                    full.append(&mut p);
                    out.push((false, full));
                }
            };
            match group {
                Some(g) => {
                    for item in g.split(',') {
                        let mut p = base.clone();
                        p.extend(item.trim().split("::").map(str::trim).map(String::from));
                        push(p);
                    }
                }
                None => push(base),
            }
        }
    }
    out
}

/// The module a path names: the longest known module prefix of it.
fn target(
    from: &[String],
    file_is_mod_rs: bool,
    (from_crate, path): &(bool, Vec<String>),
    known: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let mut base: Vec<String> = if *from_crate {
        Vec::new()
    } else {
        // `super` of a `mod.rs` file is its folder's parent; of `x.rs`, its folder
        let mut m = from.to_vec();
        if !file_is_mod_rs {
            m.pop();
        }
        let supers = path.iter().take_while(|s| *s == "super").count();
        for _ in 1..supers {
            m.pop();
        }
        m
    };
    let rest: Vec<String> = path.iter().filter(|s| *s != "super").cloned().collect();
    let mut best = None;
    for part in rest {
        base.push(part);
        if known.contains(&base) {
            best = Some(base.clone());
        }
    }
    best.or_else(|| (!*from_crate).then(|| base_of(from, file_is_mod_rs)))
}

fn base_of(from: &[String], file_is_mod_rs: bool) -> Vec<String> {
    let mut m = from.to_vec();
    if !file_is_mod_rs {
        m.pop();
    }
    m
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every arrow of the crate's import graph: module → the modules it names.
fn import_graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mods = modules(&src_dir());
    let known: BTreeSet<Vec<String>> = mods.keys().cloned().collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (m, path) in &mods {
        let is_mod_rs = path
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs");
        let text = std::fs::read_to_string(path).unwrap();
        // comments (doc links included) are not imports
        let code: String = text
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        for named in named_paths(&code) {
            if let Some(t) = target(m, is_mod_rs, &named, &known) {
                // a module's own items and its ancestors' items are not arrows
                if &t != m && !m.starts_with(&t) {
                    edges.entry(m.clone()).or_default().insert(t);
                }
            }
        }
    }
    assert!(
        edges.values().map(BTreeSet::len).sum::<usize>() > 150,
        "the import graph was not read: {edges:?}"
    );
    edges
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate".to_string()
    } else {
        m.join("::")
    }
}

/// The arrows from a module under `from` to a module under `to`, as `a::b -> c::d`.
fn arrows_between(from: &[&str], to: &[&str]) -> Vec<String> {
    let starts =
        |m: &Vec<String>, p: &[&str]| m.len() >= p.len() && m.iter().zip(p).all(|(a, b)| a == b);
    let mut out = Vec::new();
    for (m, targets) in import_graph() {
        if !starts(&m, from) {
            continue;
        }
        for t in targets.iter().filter(|t| starts(t, to)) {
            out.push(format!("{} -> {}", name(&m), name(t)));
        }
    }
    out
}

#[test]
fn no_module_of_the_crate_is_in_an_import_circle() {
    let edges = import_graph();
    // depth-first search for a cycle
    fn visit(
        m: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        path: &mut Vec<Vec<String>>,
        done: &mut BTreeSet<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(at) = path.iter().position(|p| p == m) {
            let mut cycle = path[at..].to_vec();
            cycle.push(m.clone());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.clone());
        for t in edges.get(m).into_iter().flatten() {
            if let Some(c) = visit(t, edges, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.clone());
        None
    }
    let mut done = BTreeSet::new();
    for m in edges.keys() {
        if let Some(cycle) = visit(m, &edges, &mut Vec::new(), &mut done) {
            let names: Vec<String> = cycle.iter().map(|m| name(m)).collect();
            panic!("import circle: {}", names.join(" -> "));
        }
    }
}

#[test]
fn the_window_reaches_scenes_directly_not_through_the_command_line() {
    let arrows = arrows_between(&["app"], &["cli"]);
    assert!(
        arrows.is_empty(),
        "the window imports the command line: {arrows:?}"
    );
}

#[test]
fn the_library_below_the_window_imports_neither_the_window_nor_the_command_line() {
    for below in ["sat", "scene", "engines"] {
        for above in ["app", "cli"] {
            let arrows = arrows_between(&[below], &[above]);
            assert!(arrows.is_empty(), "{below} imports {above}: {arrows:?}");
        }
    }
    let arrows = arrows_between(&["sat"], &["scene"]);
    assert!(arrows.is_empty(), "the maths imports scenes: {arrows:?}");
}

#[test]
fn neither_window_mode_imports_the_other() {
    let mut arrows = arrows_between(&["app", "two"], &["app", "three"]);
    arrows.extend(arrows_between(&["app", "three"], &["app", "two"]));
    assert!(
        arrows.is_empty(),
        "the 2D and 3D modes import each other: {arrows:?}"
    );
}

/// Functions allowed past the limit, each with its reason (none today).
const LONG_BY_DESIGN: &[(&str, &str)] = &[];

#[test]
fn no_function_of_the_crate_is_longer_than_100_lines() {
    let mut long = Vec::new();
    // every module, and the binary's main.rs
    let main = src_dir().join("main.rs");
    for path in modules(&src_dir()).values().chain([&main]) {
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            let is_fn = [
                "fn ",
                "pub fn ",
                "pub(crate) fn ",
                "pub(super) fn ",
                "const fn ",
                "pub const fn ",
            ]
            .iter()
            .any(|p| t.starts_with(p));
            if !is_fn || t.ends_with(';') {
                continue;
            }
            let indent = line.len() - t.len();
            // the function ends at the first line that closes at its own indentation
            let end = lines[i + 1..]
                .iter()
                .position(|l| {
                    l.len() > indent
                        && l[..indent].trim().is_empty()
                        && l[indent..].starts_with('}')
                })
                .map(|k| i + 1 + k);
            let name = t.split('(').next().unwrap_or(t).to_string();
            if LONG_BY_DESIGN.iter().any(|(n, _)| name.ends_with(n)) {
                continue;
            }
            if let Some(end) = end {
                if end - i + 1 > 100 {
                    long.push(format!(
                        "{}:{} ({} lines)",
                        path.display(),
                        i + 1,
                        end - i + 1
                    ));
                }
            }
        }
    }
    assert!(long.is_empty(), "functions over 100 lines: {long:?}");
}
