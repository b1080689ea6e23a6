//! `satbox check FILE|-`: JSON Lines in, one JSON verdict per line out (the contract in DESIGN.md).
//!
//! Every answer carries the contact manifold (`"manifold"`: `null` when separated); a case whose
//! `"view"` has `"manifold": {"margin": …}` (as a scene keeps it) gets that speculative margin.
//! A bad line is answered with `{"line": N, "error": "…"}` in its place and the other lines are
//! still answered. Exit status: 0 when every line was answered, 1 when any line was an error, 2 when
//! the input cannot be read.

use std::io::{Read, Write};

use serde::Serialize;

use crate::sat::manifold::Manifold;
use crate::sat::{dim2, dim3, AxisTest, ManifoldParams, SatReport};
use crate::scene::{manifold::params_from_view, pair_from_value, Pair, SceneError};

/// Every line was answered.
pub const EXIT_OK: i32 = 0;
/// At least one line was an error.
pub const EXIT_BAD_LINE: i32 = 1;
/// The input could not be read.
pub const EXIT_UNREADABLE: i32 = 2;

/// One axis of a `check` answer.
#[derive(Serialize)]
pub struct AxisOut {
    /// Position in the test order.
    pub index: usize,
    /// `face_a`, `face_b` or `edge`.
    pub kind: &'static str,
    /// The unit axis.
    pub axis: Vec<f32>,
    /// Parallel edges: never separating.
    pub degenerate: bool,
    /// Projected radius of A.
    pub ra: f32,
    /// Projected radius of B.
    pub rb: f32,
    /// `|T·L|`.
    pub distance: f32,
    /// `distance − (ra + rb)`.
    pub gap: f32,
}

/// The answer to one good line.
#[derive(Serialize)]
pub struct CaseOut {
    /// No axis separates.
    pub intersect: bool,
    /// Lowest separating index.
    pub first_separating_axis: Option<usize>,
    /// Every separating index.
    pub separating_axes: Vec<usize>,
    /// Penetration depth when intersecting.
    pub depth: Option<f32>,
    /// Unit normal from A to B when intersecting.
    pub normal: Option<Vec<f32>>,
    /// Axis of least penetration when intersecting.
    pub min_axis: Option<usize>,
    /// The contact manifold: `null` when separated beyond the margin.
    pub manifold: Option<ManifoldOut>,
    /// Every axis in test order.
    pub axes: Vec<AxisOut>,
}

/// The contact manifold of a `check` answer.
#[derive(Serialize)]
pub struct ManifoldOut {
    /// Unit normal from A to B.
    pub normal: Vec<f32>,
    /// `face_a`, `face_b` or `edge`: the chosen axis's kind.
    pub kind: &'static str,
    /// The chosen axis.
    pub axis: usize,
    /// The axis of least penetration before the edge bias (differs from `axis` when an edge axis
    /// did not beat the best face axis clearly, or its edges do not cross).
    pub strict_axis: usize,
    /// 1 to 4 points (2 in 2D).
    pub points: Vec<PointOut>,
}

/// One contact point of a `check` answer.
#[derive(Serialize)]
pub struct PointOut {
    /// Midway between the two surfaces.
    pub point: Vec<f32>,
    /// Negative when penetrating.
    pub separation: f32,
    /// The feature pair as one number ([`ContactId::key`](crate::sat::ContactId::key)).
    pub id: u32,
    /// The feature pair in words: `A face +u1 × B vertex 3 (+u0 +u1 −u2)`.
    pub feature: String,
}

/// The answer to a bad line.
#[derive(Serialize)]
pub struct ErrorOut {
    /// 1-based line number in the input.
    pub line: usize,
    /// What is wrong.
    pub error: String,
}

fn manifold_out<V: Copy>(m: &Manifold<V>, to_vec: impl Fn(V) -> Vec<f32>) -> ManifoldOut {
    ManifoldOut {
        normal: to_vec(m.normal),
        kind: m.kind().name(),
        axis: m.choice.chosen,
        strict_axis: m.choice.strict,
        points: m
            .points()
            .iter()
            .map(|p| PointOut {
                point: to_vec(p.point),
                separation: p.separation,
                id: p.id.key(),
                feature: p.id.name(),
            })
            .collect(),
    }
}

fn case_out<V: Copy + std::ops::Mul<f32, Output = V>, const N: usize>(
    r: &SatReport<V, N>,
    m: Option<&Manifold<V>>,
    to_vec: impl Fn(V) -> Vec<f32>,
) -> CaseOut {
    CaseOut {
        intersect: r.intersect,
        first_separating_axis: r.first_separating,
        separating_axes: r.separating_axes().collect(),
        depth: r.penetration.map(|p| p.depth),
        normal: r.penetration.map(|p| to_vec(p.normal)),
        min_axis: r.penetration.map(|p| p.axis_index),
        manifold: m.map(|m| manifold_out(m, &to_vec)),
        axes: r
            .axes
            .iter()
            .map(|a: &AxisTest<V>| AxisOut {
                index: a.index,
                kind: a.kind.name(),
                axis: to_vec(a.axis),
                degenerate: a.degenerate,
                ra: a.ra,
                rb: a.rb,
                distance: a.distance,
                gap: a.gap,
            })
            .collect(),
    }
}

/// The answer to a validated pair, with the default manifold parameters.
pub fn answer(pair: &Pair) -> CaseOut {
    answer_with(pair, &ManifoldParams::default())
}

/// The answer to a validated pair, its manifold built with `params`.
pub fn answer_with(pair: &Pair, params: &ManifoldParams) -> CaseOut {
    match pair {
        Pair::Two(a, b) => case_out(
            &dim2::report(a, b),
            dim2::manifold_with(a, b, params).as_ref(),
            |v| v.to_array().to_vec(),
        ),
        Pair::Three(a, b) => case_out(
            &dim3::report(a, b),
            dim3::manifold_with(a, b, params).as_ref(),
            |v| v.to_array().to_vec(),
        ),
    }
}

/// One case: the pair, and the manifold parameters its `"view": {"manifold": {...}}` asks for (a
/// saved scene keeps its contact margin there).
fn case_from_json(line: &str) -> Result<(Pair, ManifoldParams), SceneError> {
    let v: serde_json::Value =
        serde_json::from_str(line).map_err(|e| SceneError::Json(e.to_string()))?;
    let pair = pair_from_value(&v, None)?;
    let params = match v.get("view") {
        Some(view) => params_from_view(view)?,
        None => ManifoldParams::default(),
    };
    Ok((pair, params))
}

/// Answers one line of input (`number` is 1-based); `None` for a blank line.
pub fn answer_line(number: usize, line: &str) -> Option<Result<String, String>> {
    if line.trim().is_empty() {
        return None;
    }
    Some(match case_from_json(line) {
        Ok((pair, params)) => Ok(to_line(&answer_with(&pair, &params))),
        Err(e) => Err(to_line(&ErrorOut {
            line: number,
            error: e.to_string(),
        })),
    })
}

/// One JSON line. Serialising these plain structs cannot fail (serde_json writes a non-finite
/// float as `null`, and validation keeps them out anyway).
fn to_line<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// Runs `check` on `path` (`-` for stdin), writing answers to `out`; returns the exit status.
pub fn run(path: &str, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(|_| ()))
    };
    if let Err(e) = read {
        let _ = writeln!(err, "satbox check: cannot read {path}: {e}");
        return EXIT_UNREADABLE;
    }
    let mut status = EXIT_OK;
    for (i, raw) in bytes.split(|b| *b == b'\n').enumerate() {
        let answer = match std::str::from_utf8(raw) {
            Ok(line) => answer_line(i + 1, line),
            Err(_) => Some(Err(to_line(&ErrorOut {
                line: i + 1,
                error: "line is not valid UTF-8".into(),
            }))),
        };
        let line = match answer {
            None => continue,
            Some(Ok(line)) => line,
            Some(Err(line)) => {
                status = EXIT_BAD_LINE;
                line
            }
        };
        if writeln!(out, "{line}").is_err() {
            // stdout closed (e.g. piped into `head`): stop quietly
            return status;
        }
    }
    status
}
