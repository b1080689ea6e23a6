//! `satbox link FILE [--line N] [--base URL]`: prints the link of a scene file (or of a file
//! holding one `check` case), for a bug report that opens that exact pair
//! ([`crate::scene::link`]). A link holds one case: of a file of several (check lines), `--line N`
//! picks the case on line `N`.

use std::borrow::Cow;
use std::io::Write;
use std::path::Path;

use crate::scene::cases::Cases;
use crate::scene::link::{link, with_radii};
use crate::scene::read_pair;
use crate::scene::unique::value_of_case;

/// The link was printed.
pub const EXIT_OK: i32 = 0;
/// The file holds no valid pair.
pub const EXIT_INVALID: i32 = 1;
/// The file cannot be read.
pub const EXIT_UNREADABLE: i32 = 2;

/// Prints the link of the scene in `path` under `base`, or with `line` of the case on that line
/// of the file (1-based; a case over several lines by its first); notes go to `err`. A file of
/// several cases without `line` is an error saying how to pick one. Returns the exit status.
pub fn run(
    path: &Path,
    line: Option<usize>,
    base: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(err, "satbox link: cannot read {}: {e}", path.display());
            return EXIT_UNREADABLE;
        }
    };
    let case = match line {
        Some(n) => case_on_line(&text, n).map(|case| (Cow::Owned(case), n)),
        None => Ok((Cow::Borrowed(text.as_str()), 1)),
    };
    let read = case.and_then(|(case, first)| {
        value_of_case(&case, first)
            .and_then(|v| read_pair(&v, None))
            .map_err(|e| match line {
                None if cases_of(&text).len() > 1 => several(&text),
                _ => e.to_string(),
            })
    });
    match read {
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

/// The first line of each case of `text`, as `check` reads them.
pub(crate) fn cases_of(text: &str) -> Vec<usize> {
    Cases::new(text.as_bytes())
        .map_while(Result::ok)
        .map(|case| case.line)
        .collect()
}

/// The text of the case that starts on line `n` of `text`, or why there is none.
pub(crate) fn case_on_line(text: &str, n: usize) -> Result<String, String> {
    let mut starts = Vec::new();
    for case in Cases::new(text.as_bytes()).map_while(Result::ok) {
        if case.line == n {
            return case.text;
        }
        starts.push(case.line);
    }
    Err(match starts.len() {
        0 => format!("--line {n}: the file holds no case"),
        _ => format!(
            "--line {n}: no case starts on line {n}; the file's cases start on {}",
            lines_text(&starts)
        ),
    })
}

/// Why a file of several cases has no one link, and how to pick one.
pub(crate) fn several(text: &str) -> String {
    let starts = cases_of(text);
    format!(
        "it holds {} cases (on {}); a link holds one case: pick one with --line N, as in `satbox link FILE --line {}`",
        starts.len(),
        lines_text(&starts),
        starts[0]
    )
}

/// `line 4`, `lines 1, 2 and 3`, `lines 1, 2, 3, …, 70`: the first few and the last.
fn lines_text(lines: &[usize]) -> String {
    let numbers: Vec<String> = lines.iter().map(usize::to_string).collect();
    match numbers.as_slice() {
        [one] => format!("line {one}"),
        [rest @ .., last] if rest.len() < 4 => format!("lines {} and {last}", rest.join(", ")),
        [first @ .., last] => format!("lines {}, …, {last}", first[..3].join(", ")),
        [] => "no line".to_string(),
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
            run(
                &path,
                None,
                "https://example.org/satbox/",
                &mut out,
                &mut err
            ),
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
        assert_eq!(run(missing, None, "", &mut out, &mut err), EXIT_UNREADABLE);
        assert!(String::from_utf8_lossy(&err).contains("cannot read"));
        let bad = std::env::temp_dir().join(format!("satbox-link-{}.json", std::process::id()));
        std::fs::write(&bad, "{\"a\": 1}").unwrap();
        err.clear();
        assert_eq!(run(&bad, None, "", &mut out, &mut err), EXIT_INVALID);
        assert!(String::from_utf8_lossy(&err).contains("missing box \"b\""));
        std::fs::remove_file(bad).unwrap();
        assert!(out.is_empty());
    }
}
