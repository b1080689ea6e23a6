//! `satbox repro --engine NAME FILE [--line N] --out DIR [--force]`: the pair of a file (a scene,
//! or the case on line `N` of check lines; `-` for standard input) as a folder that asks that
//! engine the same question satbox asked it, in the engine's own language
//! ([`crate::engines::repro`]), with a `README.md` a maintainer reads in a minute: the engine and
//! its version, what it answers, the truth and why, the disagreement's kind and size (the one
//! comparison, as `check --compare` prints it) and the link that opens the pair in satbox.
//!
//! An engine not built in (or not in the engines file), a line that is an error, an engine that
//! is not asked about the pair: said, exit status 2. Files already in the folder are never
//! overwritten without `--force`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::engines::repro::{program, Program};
use crate::engines::{EngineId, EngineSet, Question};
use crate::scene::link::{link, with_radii, BASE_URL};
use crate::scene::{read_pair, Mode, Pair};

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
    let checked = checked_line(engine, case, line)?;
    let v = crate::scene::unique::value_of_case(case, line).map_err(|e| e.to_string())?;
    let read = read_pair(&v, None).map_err(|e| e.to_string())?;
    let motion =
        crate::scene::motion::motion_of_case(&v, read.pair.mode()).map_err(|e| e.to_string())?;
    let question = Question {
        pair: read.pair,
        radii: read.radii,
        motion,
    };
    let program = program(engine, &question)?;
    let readme = readme(engine, &question, &checked, &program);
    let mut files = program.files;
    files.push(("README.md", readme));
    save(dir, &files, force)?;
    Ok(files.iter().map(|(name, _)| name.to_string()).collect())
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

/// `check --compare ENGINE`'s line for the case (compact), parsed; its error when the line is
/// one, and why when the engine was not asked.
fn checked_line(engine: EngineId, case: &str, line: usize) -> Result<Value, String> {
    let options = super::check::Options {
        compact: true,
        compare: EngineSet::NONE.with(engine),
        ..super::check::Options::default()
    };
    let text = super::check::answer_text(line, case, &options).map_err(|error| {
        let v: Value = serde_json::from_str(&error).unwrap_or_default();
        let why = v["error"].as_str().map_or(error.clone(), str::to_string);
        format!("line {line}: {why}")
    })?;
    let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let own = &v[engine.name()];
    for (key, what) in [
        ("missing", "is not built in"),
        ("not_asked", "was not asked about this pair"),
        ("failed", "failed on this pair"),
    ] {
        if let Some(why) = own.get(key).and_then(Value::as_str) {
            return Err(format!("{} {what}: {why}", engine.title()));
        }
    }
    Ok(v)
}

/// The engine's answer in `check`'s line, in the engine protocol's answer form: what the repro
/// prints as its last line (`check` writes `manifold.points[].point`, the protocol `points[].position`).
pub fn expected_answer(own: &Value) -> Value {
    let points: Vec<Value> = own["manifold"]["points"]
        .as_array()
        .map(|ps| {
            ps.iter()
                .map(|p| {
                    serde_json::json!({"position": p["point"], "separation": p["separation"], "feature": p["feature"]})
                })
                .collect()
        })
        .unwrap_or_default();
    let mut answer = serde_json::json!({
        "id": 1,
        "intersect": own["intersect"],
        "depth": own["depth"],
        "normal": own["normal"],
        "points": points,
        "distance": own["distance"],
        "closest_points": own["closest_points"],
    });
    if let Some(also) = own.get("also").and_then(Value::as_object) {
        let also: serde_json::Map<String, Value> = also
            .iter()
            .map(|(name, a)| (name.clone(), expected_answer(a)))
            .collect();
        answer["also"] = Value::Object(also);
    }
    answer
}

/// Writes `files` into `dir` (made when missing), refusing to overwrite any file already there
/// unless `force`.
fn save(dir: &Path, files: &[(&str, String)], force: bool) -> Result<(), String> {
    let there: Vec<&str> = files
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| dir.join(name).exists())
        .collect();
    if !force && !there.is_empty() {
        return Err(format!(
            "{} already holds {}: nothing was written (--force overwrites them)",
            dir.display(),
            there.join(", ")
        ));
    }
    for (name, text) in files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot make {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        if name.ends_with(".sh") {
            executable(&path)?;
        }
    }
    Ok(())
}

/// Lets its owner, group and others run `path`.
fn executable(path: &Path) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| format!("cannot make {} executable: {e}", path.display()))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// The axis of index `k` for people: `2 (face of A, A.u2)`, `9 (edge, A.u1 × B.u0)`.
fn axis(k: u64, mode: Mode) -> String {
    use crate::sat::AxisKind;
    let k = k as usize;
    let kind = match (mode, k) {
        (Mode::Two, 0..=1) | (Mode::Three, 0..=2) => AxisKind::FaceA(k),
        (Mode::Two, _) => AxisKind::FaceB(k - 2),
        (Mode::Three, 3..=5) => AxisKind::FaceB(k - 3),
        (Mode::Three, _) => AxisKind::Edge((k - 6) / 3, (k - 6) % 3),
    };
    let what = match kind {
        AxisKind::FaceA(_) => "face of A",
        AxisKind::FaceB(_) => "face of B",
        AxisKind::Edge(..) => "edge",
    };
    format!("{k} ({what}, {})", kind.label())
}

/// The README: the engine, what it answers, the truth and why, the disagreements, how to run it
/// and the link that opens the pair in satbox.
fn readme(engine: EngineId, question: &Question, checked: &Value, program: &Program) -> String {
    let own = &checked[engine.name()];
    let title = engine.title();
    let version = own["version"].as_str().unwrap_or("");
    let disagreements = own["disagreements"].as_array().cloned().unwrap_or_default();
    let kinds: Vec<String> = disagreements
        .iter()
        .map(|d| format!("{} (by {})", d["what"].as_str().unwrap_or(""), d["size"]))
        .collect();
    let headline = match kinds.is_empty() {
        false => format!(
            "disagrees with satbox on this pair of boxes: {}",
            kinds.join(", ")
        ),
        true => "agrees with satbox on this pair of boxes".to_string(),
    };
    let mut md = format!("# {title} {version} {headline}\n\n");
    md += &format!(
        "This folder asks {title} {version} about one pair of boxes A and B, as satbox asked it: {}\nThe inputs are the numbers {title} got in satbox, each written so that it reads back to the same float.\n\n",
        program.asks
    );
    md += &format!(
        "## Run it\n\nNeeds {}\n\n```sh\nsh run.sh\n```\n\nIts last line of output is {title}'s answer, one JSON object: `intersect`, `depth`, `normal` (from A to B), `points` (each `position` midway between the two surfaces and its `separation`, negative inside), `distance` and `closest_points`. satbox got:\n\n```json\n{}\n```\n\n",
        program.install.replace("{version}", version),
        expected_answer(own)
    );
    md += &truth(question, checked);
    md += &findings(title, &disagreements, own);
    md += &settings(engine, question);
    let fragment = with_radii(link(&question.pair, BASE_URL), question.radii);
    md += &format!("## Open the pair in satbox\n\n<{fragment}>\n");
    md
}

/// The README's truth: satbox's answer and the `f64` reference's, and why.
fn truth(question: &Question, checked: &Value) -> String {
    let mode = question.pair.mode();
    let reference = reference_of(&question.pair, question.radii);
    let num = |v: &Value| v.to_string();
    let mut md = "## The truth\n\n".to_string();
    if checked["intersect"].as_bool() == Some(true) {
        let axis = checked["min_axis"]
            .as_u64()
            .map_or("none".into(), |k| axis(k, mode));
        md += &format!(
            "satbox: **intersecting**, depth {} along the normal {} (from A to B), the axis of least penetration {axis}; contact points: {}.\nWhy: no candidate axis separates the boxes (their shadows overlap on every one), and the least overlap is the depth.\n",
            num(&checked["depth"]),
            num(&checked["normal"]),
            checked["manifold"]["points"].as_array().map_or(0, Vec::len),
        );
    } else {
        let axis = checked["first_separating_axis"]
            .as_u64()
            .map_or("none".into(), |k| axis(k, mode));
        md += &format!(
            "satbox: **apart**, distance {} between the closest points {}; the first separating axis {axis}.\nWhy: the boxes' shadows on that axis do not overlap (its gap is above 0).\n",
            num(&checked["separation_distance"]),
            num(&checked["closest_points"]),
        );
    }
    md += &format!(
        "\nThe `f64` reference (every vertex projected in double precision): {reference}.\n\n"
    );
    md
}

/// The `f64` reference's answer for the pair, in words.
fn reference_of(pair: &Pair, radii: [f32; 2]) -> String {
    let threshold = crate::sat::DEGENERATE_THRESHOLD as f64;
    let r = match pair {
        Pair::Three(a, b) => crate::sat::answer::reference(a, b, radii, threshold),
        Pair::Two(a, b) => crate::sat::answer::reference(a, b, radii, threshold),
    };
    match (r.intersect, r.depth, r.first_separating) {
        (true, Some(d), _) => format!("intersecting, depth {d}"),
        (true, None, _) => "intersecting".into(),
        (false, _, Some(k)) => format!(
            "apart, the largest gap of a candidate axis {} (the first separating axis {})",
            r.separation,
            axis(k as u64, pair.mode())
        ),
        (false, _, None) => format!("apart, separation {}", r.separation),
    }
}

/// The README's findings: each disagreement with its kind and size, the differences by design.
fn findings(title: &str, disagreements: &[Value], own: &Value) -> String {
    let mut md = "## The disagreement\n\n".to_string();
    if disagreements.is_empty() {
        md += &format!("None: {title}'s answer agrees with satbox's on this pair.\n");
    }
    for d in disagreements {
        md += &format!(
            "- **{}**, size {}: {}\n",
            d["what"].as_str().unwrap_or(""),
            d["size"],
            d["description"].as_str().unwrap_or("")
        );
        if let Some(known) = d["known"].as_str() {
            md += &format!("  (known: {known})\n");
        }
    }
    let by_design = own["by_design"].as_array().cloned().unwrap_or_default();
    if !by_design.is_empty() {
        md += "\nDifferences by design, not disagreements:\n\n";
        for b in &by_design {
            md += &format!("- {}\n", b.as_str().unwrap_or(""));
        }
    }
    md + "\n"
}

/// The README's settings: the engine's, as satbox set them.
fn settings(engine: EngineId, question: &Question) -> String {
    let mut md = "## Settings, as satbox set them\n\n".to_string();
    if let Some(about) = engine.about(question) {
        for (name, value) in &about.settings {
            md += &format!("- {name}: {value}\n");
        }
    }
    md + "\n"
}
