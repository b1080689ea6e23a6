//! `satbox repro --engine NAME FILE [--line N] --out DIR [--force]`: the pair of a file (a scene,
//! or the case on line `N` of check lines; `-` for standard input) as a folder that asks that
//! engine the same question satbox asked it, in the engine's own language, with a `README.md` a
//! maintainer reads in a minute ([`crate::engines::repro::folder`]: the engine and its version,
//! what it answers, the truth and why, the disagreement's kind and size by the one comparison,
//! and the link that opens the pair in satbox).
//!
//! An engine not built in (or not in the engines file), a line that is an error, an engine that
//! is not asked about the pair: said, exit status 2. Files already in the folder are never
//! overwritten without `--force`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::engines::{EngineId, Question};
use crate::scene::read_pair;

/// The folder was written.
pub const EXIT_OK: i32 = 0;
/// Nothing was written: the engine, the file, the line or the folder would not do.
pub const EXIT_ERROR: i32 = 2;

/// What `satbox repro` is asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The engine's name (`mujoco`, or an external engine of the engines file).
    pub engine: String,
    /// The file, or `-` for standard input.
    pub file: String,
    /// The line its case starts on, when the file holds several.
    pub line: Option<usize>,
    /// The folder to write.
    pub out: PathBuf,
    /// Overwrite files already in the folder.
    pub force: bool,
}

/// Writes the repro folder `options` asks for, saying where on `out` (errors on `err`); returns
/// the exit status.
pub fn run(options: &Options, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match write(options) {
        Ok(files) => {
            let dir = options.out.display();
            let _ = writeln!(out, "wrote {dir}: {}", files.join(", "));
            let _ = writeln!(
                out,
                "run it: sh {dir}/run.sh (what it needs: {dir}/README.md)"
            );
            EXIT_OK
        }
        Err(e) => {
            let _ = writeln!(err, "satbox repro: {e}");
            EXIT_ERROR
        }
    }
}

/// The folder written, or why not: the names of the files written.
fn write(options: &Options) -> Result<Vec<String>, String> {
    let engine = engine_of(&options.engine)?;
    let text = read_text(&options.file)?;
    let (case, line) = case_of(&text, options.line)?;
    write_case(engine, &case, line, &options.out, options.force)
}

/// Writes the repro folder `dir` of `engine` for one case (its JSON text, from input line
/// `line`), files already there overwritten only with `force`: the names of the files written, or
/// why nothing was (the audit writes its worst cases' folders through it).
pub fn write_case(
    engine: EngineId,
    case: &str,
    line: usize,
    dir: &Path,
    force: bool,
) -> Result<Vec<String>, String> {
    let at_line = |e: crate::scene::SceneError| format!("line {line}: {e}");
    let v = crate::scene::unique::value_of_case(case, line).map_err(at_line)?;
    let read = read_pair(&v, None).map_err(at_line)?;
    let motion = crate::scene::motion::motion_of_case(&v, read.pair.mode()).map_err(at_line)?;
    let question = Question {
        pair: read.pair,
        radii: read.radii,
        motion,
    };
    crate::engines::repro::folder::write(engine, &question, dir, force)
}

/// The engine named, when it can be asked: built in, or in the engines file.
fn engine_of(name: &str) -> Result<EngineId, String> {
    match EngineId::parse(name) {
        Some(EngineId::Built(e)) if e.engine().is_none() => Err(format!(
            "{} is not built into this satbox: {}",
            e.title(),
            e.how_to_build()
        )),
        Some(engine) => Ok(engine),
        None => Err(format!(
            "unknown engine \"{name}\": name a built-in engine ({}) or one of your engines file (--engines-file FILE, docs/engine-protocol.md)",
            crate::engines::EngineName::ALL.map(|e| e.name()).join(", ")
        )),
    }
}

/// The whole text of `file` (`-`: standard input).
fn read_text(file: &str) -> Result<String, String> {
    let mut text = String::new();
    let read = if file == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(file).map(|t| text = t)
    };
    read.map_err(|e| format!("cannot read {file}: {e}"))?;
    Ok(text)
}

/// The case asked for: the one on `line`, or the file's only one (a scene, or one check line).
fn case_of(text: &str, line: Option<usize>) -> Result<(String, usize), String> {
    match line {
        Some(n) => super::link::case_on_line(text, n).map(|case| (case, n)),
        None => {
            let starts = super::link::cases_of(text);
            if starts.len() > 1 {
                return Err(format!(
                    "{}; as in `satbox repro --engine NAME FILE --line {} --out DIR`",
                    super::link::several(text),
                    starts[0]
                ));
            }
            let first = starts.first().copied().unwrap_or(1);
            super::link::case_on_line(text, first)
                .map(|case| (case, first))
                .or_else(|_| Ok((text.to_string(), 1)))
        }
    }
}
