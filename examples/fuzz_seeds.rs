//! Writes the fuzz targets' seed corpora into `fuzz/corpus/<target>/` from the presets, the
//! regression scenes and the engines' paste examples: `cargo run --example fuzz_seeds`.
//! The corpora are committed; run this again when the presets change.

use std::path::Path;

use satbox::scene::paste::Engine;
use satbox::scene::presets::presets;
use satbox::scene::{check_line, link, Mode, Pair};

fn write(target: &str, name: &str, bytes: &[u8]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    std::fs::create_dir_all(&dir).expect("corpus folder");
    std::fs::write(dir.join(name), bytes).expect("seed written");
}

/// A pair as the `boxes` target reads it: little-endian f32s, 10 per 3D box or 5 per 2D box.
fn floats(pair: &Pair) -> Vec<u8> {
    let numbers: Vec<f32> = match pair {
        Pair::Three(a, b) => [a, b]
            .iter()
            .flat_map(|o| {
                let (c, e, q) = (o.center, o.half_extents, o.rotation);
                [c.x, c.y, c.z, e.x, e.y, e.z, q.x, q.y, q.z, q.w]
            })
            .collect(),
        Pair::Two(a, b) => [a, b]
            .iter()
            .flat_map(|o| {
                [
                    o.center.x,
                    o.center.y,
                    o.half_extents.x,
                    o.half_extents.y,
                    o.angle,
                ]
            })
            .collect(),
    };
    numbers.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn main() {
    for preset in presets() {
        let name = &preset.name;
        write("scene_file", name, preset.scene.to_json().as_bytes());
        write("check_line", name, check_line(&preset.pair).as_bytes());
        write("scene_link", name, link::encode(&preset.pair).as_bytes());
        write("boxes", name, &floats(&preset.pair));
    }
    let regressions = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    for entry in std::fs::read_dir(regressions).expect("tests/regressions") {
        let path = entry.expect("entry").path();
        let text = std::fs::read(&path).expect("regression scene");
        let name = path.file_stem().expect("name").to_string_lossy();
        write("scene_file", &format!("regression-{name}"), &text);
    }
    for engine in Engine::ALL {
        for mode in [Mode::Two, Mode::Three] {
            if let Some(example) = engine.example(mode) {
                let name: String = format!("{}-{mode:?}", engine.name())
                    .to_lowercase()
                    .chars()
                    .map(|c| {
                        if c.is_ascii_alphanumeric() || c == '.' {
                            c
                        } else {
                            '-'
                        }
                    })
                    .collect();
                write("paste", &name, example.as_bytes());
            }
        }
    }
}
