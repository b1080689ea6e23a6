//! `satbox link FILE [--base URL]`: prints the link of a scene file (or of a file holding one
//! `check` case), for a bug report that opens that exact pair ([`crate::scene::link`]).

use std::io::Write;
use std::path::Path;

use crate::scene::link::{link, with_radii};
use crate::scene::noted_pair_from_json;

/// The link was printed.
pub const EXIT_OK: i32 = 0;
/// The file holds no valid pair.
pub const EXIT_INVALID: i32 = 1;
/// The file cannot be read.
pub const EXIT_UNREADABLE: i32 = 2;

/// Prints the link of the scene in `path` under `base`; notes go to `err`. Returns the exit status.
pub fn run(path: &Path, base: &str, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(err, "satbox link: cannot read {}: {e}", path.display());
            return EXIT_UNREADABLE;
        }
    };
    match noted_pair_from_json(&text) {
        Ok(read) => {
            for note in &read.notes {
                let _ = writeln!(err, "satbox link: note: {note}");
            }
            let _ = writeln!(out, "{}", with_radii(link(&read.pair, base), read.radii));
            EXIT_OK
        }
        Err(e) => {
            let _ = writeln!(err, "satbox link: {}: {e}", path.display());
            EXIT_INVALID
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_link_of_a_preset_file_opens_the_same_pair() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/3d-touching.json");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(
            run(&path, "https://example.org/satbox/", &mut out, &mut err),
            0
        );
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("https://example.org/satbox/#satbox=1&mode=3d&a.center=0,0,0&"),
            "{text}"
        );
        let back = crate::scene::link::decode(text.trim()).unwrap();
        let (_, pair) = crate::scene::Scene::load(&path).unwrap();
        assert_eq!(back.pair, pair);
        assert!(err.is_empty());
    }

    #[test]
    fn a_missing_file_and_a_bad_file_say_why() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let missing = Path::new("/nonexistent/satbox/scene.json");
        assert_eq!(run(missing, "", &mut out, &mut err), EXIT_UNREADABLE);
        assert!(String::from_utf8_lossy(&err).contains("cannot read"));
        let bad = std::env::temp_dir().join(format!("satbox-link-{}.json", std::process::id()));
        std::fs::write(&bad, "{\"a\": 1}").unwrap();
        err.clear();
        assert_eq!(run(&bad, "", &mut out, &mut err), EXIT_INVALID);
        assert!(String::from_utf8_lossy(&err).contains("missing box \"b\""));
        std::fs::remove_file(bad).unwrap();
        assert!(out.is_empty());
    }
}
