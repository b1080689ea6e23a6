//! A repro's whole folder: the engine asked about the question by the one way to ask
//! ([`crate::engines::ask::ask_one`], compared by the one comparison), its program written
//! ([`super::program`]), and a `README.md` a maintainer reads in a minute: the engine and its
//! version, what it answers, the truth and why (satbox's verdict, depth, distance and deciding axis,
//! with the `f64` reference's numbers), each disagreement with its kind and size, the settings and
//! the link that opens the pair in satbox. `satbox repro`, the audit and the window all write
//! through [`write()`].

use std::path::Path;

use crate::engines::ask::{ask_one, Asked};
use crate::engines::compare::Truth;
use crate::engines::{protocol, EngineId, Question, Reply};
use crate::sat::answer::Answer;
use crate::sat::Vector;
use crate::sat::{AxisKind, ManifoldParams};
use crate::scene::link::{link, with_radii, BASE_URL};
use crate::scene::{Mode, PairBox, PairQuestion};

use super::{program, Program};

/// Writes the repro folder `dir` of `engine` for `question`, files already there overwritten
/// only with `force`: the names of the files written, or why nothing was (the engine not built
/// in, not asked about the pair, failed on it, or without a writer; a file in the way).
pub fn write(
    engine: EngineId,
    question: &Question,
    dir: &Path,
    force: bool,
) -> Result<Vec<String>, String> {
    let moving = question.motion.is_some();
    // a repro asks the pair at rest, where it starts
    let question = &Question {
        motion: None,
        ..*question
    };
    // (asked first: an engine out of process says who it is in its hello)
    let asked = ask_one(engine, question, &Truth::of_question(question));
    let program = program(engine, question)?;
    match &asked.reply {
        Reply::Answered(_) => {}
        Reply::Missing(how) => return Err(format!("{} is not built in: {how}", engine.title())),
        Reply::NotAsked(why) => {
            return Err(format!(
                "{} was not asked about this pair: {why}",
                engine.title()
            ))
        }
        Reply::Failed { why, .. } => {
            return Err(format!("{} failed on this pair: {why}", engine.title()))
        }
    }
    let mut readme = readme(&asked, question, &program);
    if moving {
        readme += "\nThe case had a motion: the repro asks the boxes where they start, at rest (no time of impact).\n";
    }
    let mut files = program.files;
    files.push(("README.md", readme));
    save(dir, &files, force)?;
    Ok(files.iter().map(|(name, _)| name.to_string()).collect())
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

/// The engine's answer as its repro prints it, with its other algorithms' under `also`.
fn expected(asked: &Asked, dim: usize) -> String {
    let Some(answer) = asked.answer() else {
        return String::new();
    };
    let line = protocol::answer_line(1, answer, dim);
    if asked.also.is_empty() {
        return line;
    }
    let mut v: serde_json::Value = serde_json::from_str(&line).unwrap_or_default();
    let also: serde_json::Map<String, serde_json::Value> = asked
        .also
        .iter()
        .map(|x| {
            let each = protocol::answer_line(1, &x.answer, dim);
            (
                x.name.to_string(),
                serde_json::from_str(&each).unwrap_or_default(),
            )
        })
        .collect();
    v["also"] = serde_json::Value::Object(also);
    v.to_string()
}

/// The README: the engine, what it answers, the truth and why, the disagreements, the settings,
/// and the link that opens the pair in satbox.
fn readme(asked: &Asked, question: &Question, program: &Program) -> String {
    // an engine out of process by the name it gives itself (its hello's), not the engines file's
    let hello = match asked.engine {
        EngineId::External(e) => e.hello().map(|h| h.name),
        EngineId::Built(_) => None,
    };
    let title = hello.as_deref().unwrap_or(asked.engine.title());
    let version = asked.about.as_ref().map_or("", |a| a.version.as_str());
    let findings = asked.comparison.iter().flat_map(|c| &c.disagreements);
    let kinds: Vec<String> = findings
        .clone()
        .map(|d| format!("{} (by {})", d.kind.name(), d.size))
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
        expected(asked, question.pair.mode().dim())
    );
    md += &question.pair.ask(TruthText(question.radii));
    md += "## The disagreement\n\n";
    if kinds.is_empty() {
        md += &format!("None: {title}'s answer agrees with satbox's on this pair.\n");
    }
    for d in findings {
        md += &format!(
            "- **{}**, size {}: {}\n",
            d.kind.name(),
            d.size,
            d.description
        );
        if let Some(known) = d.known {
            md += &format!("  (known: {known})\n");
        }
    }
    let by_design = asked.comparison.iter().flat_map(|c| &c.by_design);
    let by_design: Vec<&String> = by_design.collect();
    if !by_design.is_empty() {
        md += "\nDifferences by design, not disagreements:\n\n";
        for b in by_design {
            md += &format!("- {b}\n");
        }
    }
    md += "\n## Settings, as satbox set them\n\n";
    for (name, value) in asked.about.iter().flat_map(|a| &a.settings) {
        md += &format!("- {name}: {value}\n");
    }
    let fragment = with_radii(link(&question.pair, BASE_URL), question.radii);
    md + &format!("\n## Open the pair in satbox\n\n<{fragment}>\n")
}

/// The README's truth: satbox's answer and the `f64` reference's, and why.
struct TruthText([f32; 2]);

impl PairQuestion for TruthText {
    type Answer = String;
    fn ask<B: PairBox>(self, a: &B, b: &B) -> String {
        let answer = Answer::of(a, b, self.0, &ManifoldParams::default());
        let mode = B::MODE;
        let vector = |v: B::Vec| numbers(&v.coords());
        let axis = |k: Option<usize>| k.map_or("none".into(), |k| axis_name(k, mode));
        let mut md = "## The truth\n\n".to_string();
        if answer.intersect {
            let points = answer.manifold.as_ref().map_or(0, |m| m.len());
            md += &format!(
                "satbox: **intersecting**, depth {} along the normal {} (from A to B), the axis of least penetration {}; contact points: {points}.\nWhy: no candidate axis separates the boxes (their shadows overlap on every one), and the least overlap is the depth.\n",
                answer.depth.unwrap_or(0.0),
                answer.normal.map_or("none".into(), vector),
                axis(answer.axis),
            );
        } else {
            let closest = answer.closest_points.map_or("none".into(), |[p, q]| {
                format!("{} and {}", vector(p), vector(q))
            });
            md += &format!(
                "satbox: **apart**, distance {} between the closest points {closest}; the first separating axis {}.\nWhy: the boxes' shadows on that axis do not overlap (its gap is above 0).\n",
                answer.distance,
                axis(answer.first_separating),
            );
        }
        let threshold = crate::sat::DEGENERATE_THRESHOLD as f64;
        let r = crate::sat::answer::reference(a, b, self.0, threshold);
        let reference = match (r.intersect, r.depth, r.first_separating) {
            (true, Some(d), _) => format!("intersecting, depth {d}"),
            (true, None, _) => "intersecting".into(),
            (false, _, Some(k)) => format!(
                "apart, the largest gap of a candidate axis {} (the first separating axis {})",
                r.separation,
                axis_name(k, mode)
            ),
            (false, _, None) => format!("apart, separation {}", r.separation),
        };
        md + &format!(
            "\nThe `f64` reference (every vertex projected in double precision): {reference}.\n\n"
        )
    }
}

/// `[1, 0.5, 0]`.
fn numbers(xs: &[f32]) -> String {
    let each: Vec<String> = xs.iter().map(|x| format!("{x}")).collect();
    format!("[{}]", each.join(", "))
}

/// The axis of index `k` for people: `2 (face of A, A.u2)`, `9 (edge, A.u1 × B.u0)`.
fn axis_name(k: usize, mode: Mode) -> String {
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
