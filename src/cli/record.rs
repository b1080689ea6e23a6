//! `satbox record`: a simulation's frames as a recording (JSON Lines), each with the engine's own
//! contact (see [`crate::engines::simulate`] and [`crate::scene::recording`]).

use std::io::Write;
use std::path::Path;

use crate::engines::record as simulate;
use crate::engines::simulate::{Scenario, SimFrame};
use crate::scene::number::f32_json;
use crate::scene::PairBox;

/// One frame as a line of a recording: `t`, `label`, `a`, `b`, `engine`.
pub fn line(f: &SimFrame) -> String {
    format!(
        "{{\"t\":{},\"label\":\"{}\",\"a\":{},\"b\":{},\"engine\":{}}}",
        f32_json((f.t * 1e4).round() / 1e4),
        f.label,
        f.a.canonical().to_value(),
        f.b.canonical().to_value(),
        f.contact.to_value()
    )
}

/// Runs `scenario` for `frames` steps (its default when `None`) and writes the recording to
/// `out`; the error says what went wrong.
pub fn run(scenario: Scenario, frames: Option<usize>, out: &mut dyn Write) -> Result<(), String> {
    let frames = simulate(scenario, frames.unwrap_or(scenario.default_frames()))?;
    for f in &frames {
        writeln!(out, "{}", line(f)).map_err(|e| format!("cannot write the recording: {e}"))?;
    }
    out.flush()
        .map_err(|e| format!("cannot write the recording: {e}"))
}

/// As [`run`], into the file at `path`: written beside it first and then moved over it, so an
/// error leaves no half file; an existing file is kept unless `force`.
pub fn to_file(
    scenario: Scenario,
    frames: Option<usize>,
    path: &Path,
    force: bool,
) -> Result<(), String> {
    if path.exists() && !force {
        return Err(format!(
            "{} exists: it is kept (--force replaces it)",
            path.display()
        ));
    }
    let mut text = Vec::new();
    run(scenario, frames, &mut text)?;
    let partial = path.with_extension("jsonl.partial");
    std::fs::write(&partial, &text)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&partial);
            format!("cannot write {}: {e}", path.display())
        })
}
