//! Compiles the preset scenes of `assets/scenes/*.json` into the binary, so the scene menu works
//! from any working directory.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes");
    println!("cargo:rerun-if-changed=assets/scenes");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".json") && !n.starts_with('.'))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("/// `(file name, contents)` of every preset scene.\npub const PRESETS: &[(&str, &str)] = &[\n");
    for n in &names {
        let path = dir.join(n);
        let _ = writeln!(
            out,
            "    ({n:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("presets.rs");
    std::fs::write(dest, out).expect("write presets.rs");
}
