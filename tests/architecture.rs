//! The window's code keeps the shape its README promises: its modules import one another in one
//! direction only (no import circles), and no function is longer than 80 lines.
//!
//! Both are read from the source text: every `use` and path through `super::` or `crate::app::` in
//! `src/app` (test modules included) is an arrow from the file's module to the module it names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, with its module path below `app` (`draw/scene.rs` →
/// `["draw", "scene"]`, `draw/mod.rs` → `["draw"]`, `mod.rs` → `[]`).
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
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            out.insert(parts, path);
        }
    }
    out
}

/// The paths a file names through `super::` or `crate::app::`, each split at `::`, with groups
/// `{a, b::c}` expanded.
fn named_paths(text: &str) -> Vec<(bool, Vec<String>)> {
    let mut out = Vec::new();
    for (prefix, from_crate) in [("super::", false), ("crate::app::", true)] {
        let mut rest = text;
        while let Some(at) = rest.find(prefix) {
            let before = rest[..at].chars().last();
            rest = &rest[at + prefix.len()..];
            // `crate::app::` also contains `app::`; `super::super::` is read once per `super`
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
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

fn app_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app")
}

#[test]
fn the_window_modules_import_one_another_in_one_direction_only() {
    let mods = modules(&app_dir());
    let known: BTreeSet<Vec<String>> = mods.keys().cloned().collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (m, path) in &mods {
        let is_mod_rs = path.file_name().is_some_and(|n| n == "mod.rs");
        let text = std::fs::read_to_string(path).unwrap();
        // comments (doc links included) are not imports
        let code: String = text
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        for named in named_paths(&code) {
            if let Some(t) = target(m, is_mod_rs, &named, &known) {
                // a module's own items and its parent's `mod` declarations are not arrows
                if &t != m && !m.starts_with(&t) {
                    edges.entry(m.clone()).or_default().insert(t);
                }
            }
        }
    }
    assert!(
        edges.values().map(BTreeSet::len).sum::<usize>() > 50,
        "the import graph was not read: {edges:?}"
    );
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
            let names: Vec<String> = cycle
                .iter()
                .map(|m| format!("app::{}", m.join("::")))
                .collect();
            panic!("import circle: {}", names.join(" -> "));
        }
    }
}

#[test]
fn no_function_of_the_window_is_longer_than_80_lines() {
    let mut long = Vec::new();
    for path in modules(&app_dir()).values() {
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            let is_fn = ["fn ", "pub fn ", "pub(crate) fn ", "async fn "]
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
            if let Some(end) = end {
                if end - i + 1 > 80 {
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
    assert!(long.is_empty(), "functions over 80 lines: {long:?}");
}
