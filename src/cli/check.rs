//! `satbox check FILE|-`: JSON Lines in, one JSON answer per case out (the contract in docs/check.md).
//!
//! Input is read one case at a time ([`crate::scene::cases`]): memory stays constant however long
//! the file, and a pretty scene over several lines (a line that is just `{` opens it) is one case.
//! Every answer carries `"line": N`, the input line it answers. A bad case is answered with
//! `{"line": N, "error": "…"}` in its place and the other cases are still answered. Exit status: 0
//! when every case was answered, 1 when any case was an error, 2 when the input cannot be read.
//!
//! Every answer carries the contact manifold (`"manifold"`: `null` when separated); a case whose
//! `"view"` has `"manifold": {"margin": …}` (as a scene keeps it) gets that speculative margin.
//!
//! `--compact` leaves out `axes`; `--compare parry` adds parry's answer and the disagreements.
//! Every number printed is positive zero rather than `-0.0`, and is the shortest text of its `f32`.

use std::io::{BufRead, BufReader, Write};

use arrayvec::ArrayVec;
use serde::Serialize;
use serde_json::Value;

use super::json::WriteJson;
use super::pipeline::{self, Ended};
use crate::sat::gjk::GjkAnswer;
use crate::sat::manifold::{ContactId, Manifold};
use crate::sat::motion::{time_of_impact, TimeOfImpact};
use crate::sat::Obb;
use crate::sat::{AxisTest, ManifoldParams, Report, SatVerdicts, Separation, Vector};
use crate::scene::cases::{Case, Cases, HasBuffer};
use crate::scene::manifold::params_from_view;
use crate::scene::motion::{motion_of_case, MotionSpec};
use crate::scene::number::unsigned_zero;
use crate::scene::{
    read_pair, read_plain_pair, NotedPair, Pair, PairBox, PairQuestion, SceneError,
};

/// Every case was answered.
pub const EXIT_OK: i32 = 0;
/// At least one case was an error.
pub const EXIT_BAD_LINE: i32 = 1;
/// The input could not be read.
pub const EXIT_UNREADABLE: i32 = 2;

/// How `check` answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Leave out `axes`: the verdict, the first separating axis, the depth and the normal only.
    pub compact: bool,
    /// Add parry's answer and the disagreements with it (`--compare parry`).
    pub compare_parry: bool,
    /// Workers answering (`--threads`): 0 for every core this process may use. The answers do
    /// not depend on it.
    pub threads: usize,
}

/// A 2D or 3D vector of an answer, held inline (an answer allocates nothing for its vectors) and
/// written as a JSON array.
pub type Coords = ArrayVec<f32, 3>;

/// A contact point's features in words, written straight into the answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FeatureText(pub ContactId);

impl Serialize for FeatureText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// One axis of a `check` answer.
#[derive(Debug, Serialize)]
pub struct AxisOut {
    /// Position in the test order.
    pub index: usize,
    /// `face_a`, `face_b` or `edge`.
    pub kind: &'static str,
    /// The unit axis.
    pub axis: Coords,
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

/// The answer to one good case.
#[derive(Debug, Serialize)]
pub struct CaseOut {
    /// 1-based number of the input line it answers (the first line of a multi-line case).
    pub line: usize,
    /// No axis separates.
    pub intersect: bool,
    /// The gap is zero to within rounding ([`SatReport::touching`](crate::sat::SatReport::touching)).
    pub touching: bool,
    /// Lowest separating index.
    pub first_separating_axis: Option<usize>,
    /// Every separating index.
    pub separating_axes: ArrayVec<u8, 15>,
    /// Penetration depth when intersecting (`0`, never `-0`, when touching exactly).
    pub depth: Option<f32>,
    /// Unit normal from A to B when intersecting.
    pub normal: Option<Coords>,
    /// Axis of least penetration when intersecting.
    pub min_axis: Option<usize>,
    /// The contact manifold: `null` when separated beyond the margin.
    pub manifold: Option<ManifoldOut>,
    /// The exact distance between the boxes ([`crate::sat::distance`]): 0 when they intersect or
    /// touch. Not the best gap: it lies along the closest points, often along no candidate.
    pub separation_distance: f32,
    /// `[point on A, point on B]`, `separation_distance` apart; `null` when they intersect.
    pub closest_points: Option<[Coords; 2]>,
    /// GJK and EPA's answer on the same pair, with parry's tolerances ([`crate::sat::gjk`]).
    pub gjk: GjkOut,
    /// With a `"motion"`: when the boxes first touch in the step (`null` when they do not);
    /// left out without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_of_impact: Option<Option<ToiOut>>,
    /// What reading the case noticed (unknown fields, non-unit quaternions); left out when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Every axis in test order; left out with `--compact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub axes: Option<Vec<AxisOut>>,
    /// parry's answer and the disagreements, with `--compare parry`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parry: Option<ParryOut>,
}

/// The time of impact in a `check` line (`"time_of_impact"`).
#[derive(Debug, Serialize)]
pub struct ToiOut {
    /// The time of impact in seconds, in `[0, dt]` (`0` when the boxes already meet).
    pub t: f32,
    /// The unit normal from A to B at that time.
    pub normal: Coords,
    /// The candidate axis whose shadows start to overlap last (translation only), else `null`.
    pub axis: Option<usize>,
    /// The contact manifold's points there.
    pub points: Vec<PointOut>,
    /// `axis_intervals` or `conservative_advancement`.
    pub method: &'static str,
}

/// The `"time_of_impact"` object of a line.
fn toi_out<B: Obb>(toi: &TimeOfImpact<B>) -> ToiOut {
    let to_vec = vector_out::<B::Vec>;
    ToiOut {
        t: unsigned_zero(toi.t as f32),
        normal: to_vec(toi.normal),
        axis: toi.axis,
        points: toi
            .manifold
            .as_ref()
            .map_or_else(Vec::new, |m| manifold_out(m, to_vec).points),
        method: toi.method.name(),
    }
}

/// GJK and EPA's answer in a `check` line (`"gjk"`).
#[derive(Debug, Serialize)]
pub struct GjkOut {
    /// GJK's distance when it finds the boxes apart, else `null`.
    pub distance: Option<f32>,
    /// EPA's depth when the origin is in `A ⊖ B`, else `null` (also when EPA could not build a
    /// polytope: then `stopped` is `degenerate`).
    pub depth: Option<f32>,
    /// The unit normal from A to B, of the distance or of the depth.
    pub normal: Option<Coords>,
    /// GJK's iterations (support points after the first).
    pub iterations: usize,
    /// EPA's iterations, `null` when it did not run.
    pub epa_iterations: Option<usize>,
    /// Why the last run stopped: `converged`, `tolerance`, `iteration_cap` or `degenerate`.
    pub stopped: &'static str,
    /// Support points evaluated by both.
    pub support_evaluations: usize,
}

/// The `"gjk"` object of a line from GJK and EPA's answer, in `V`'s dimension.
fn gjk_out<V: Vector>(g: &GjkAnswer) -> GjkOut {
    let length = |x: f64| unsigned_zero(x as f32);
    GjkOut {
        distance: g.distance.map(length),
        depth: g.depth.map(length),
        normal: g
            .normal
            .map(|n| first_coords(n.as_vec3().to_array(), V::DIM)),
        iterations: g.iterations,
        epa_iterations: g.epa_iterations,
        stopped: g.stopped.name(),
        support_evaluations: g.support_evaluations,
    }
}

/// The contact manifold of a `check` answer.
#[derive(Debug, Serialize)]
pub struct ManifoldOut {
    /// Unit normal from A to B.
    pub normal: Coords,
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
#[derive(Debug, Serialize)]
pub struct PointOut {
    /// Midway between the two surfaces.
    pub point: Coords,
    /// Negative when penetrating.
    pub separation: f32,
    /// The feature pair as one number ([`ContactId::key`](crate::sat::ContactId::key)).
    pub id: u32,
    /// The feature pair in words: `A face +u1 × B vertex 3 (+u0 +u1 −u2)`.
    pub feature: FeatureText,
}

/// parry's answer on a line (`--compare parry`); see [`crate::engines::parry`].
#[derive(Debug, Serialize)]
pub struct ParryOut {
    /// `intersection_test`.
    pub intersect: bool,
    /// `contact`'s depth (`−dist`), `null` when parry finds no contact.
    pub depth: Option<f32>,
    /// `contact`'s normal from A to B.
    pub normal: Option<Vec<f32>>,
    /// `contact`'s point on A and point on B.
    pub points: Option<[Vec<f32>; 2]>,
    /// parry's contact manifold, `null` when it has no points.
    pub manifold: Option<ParryManifoldOut>,
    /// How parry's answer differs from satbox's, each with its size; `[]` when they agree.
    pub disagreements: Vec<DisagreementOut>,
    /// Where parry's contact manifold differs from satbox's by design, each sentence with its
    /// reason (points above the surface, no reduction to four); `[]` when it does not.
    pub by_design: Vec<String>,
    /// With a `"motion"`: parry's time of impact (`null` when it finds none); left out without.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_of_impact: Option<Option<ParryCastOut>>,
}

/// parry's time of impact on a line.
#[derive(Debug, Serialize)]
pub struct ParryCastOut {
    /// The time of impact.
    pub t: f32,
    /// parry's normal at the impact (`normal1`), from A towards B.
    pub normal: Vec<f32>,
    /// `cast_shapes` or `cast_shapes_nonlinear`.
    pub query: &'static str,
}

/// parry's contact manifold on a line.
#[derive(Debug, Serialize)]
pub struct ParryManifoldOut {
    /// From A to B.
    pub normal: Vec<f32>,
    /// Its points.
    pub points: Vec<ParryPointOut>,
}

/// One point of parry's contact manifold.
#[derive(Debug, Serialize)]
pub struct ParryPointOut {
    /// Midway between parry's two contact points.
    pub point: Vec<f32>,
    /// Negative when penetrating.
    pub separation: f32,
    /// The features of A and of B that meet there, as parry numbers them.
    pub features: [String; 2],
}

/// One disagreement on a line.
#[derive(Debug, Serialize)]
pub struct DisagreementOut {
    /// `verdict`, `depth`, `normal`, `contact_point` or `contact`.
    pub what: &'static str,
    /// How big: the margin from touching, the depth difference, the angle in degrees, how far
    /// parry's contact point lies from satbox's contact, the point count difference.
    pub size: f32,
    /// One sentence with both answers.
    pub description: String,
    /// A known cause (parry3d's GJK/EPA depth), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub known: Option<&'static str>,
}

/// The answer to a bad case.
#[derive(Debug, Serialize)]
pub struct ErrorOut {
    /// 1-based line number in the input.
    pub line: usize,
    /// What is wrong.
    pub error: String,
}

fn manifold_out<V: Copy>(m: &Manifold<V>, to_vec: impl Fn(V) -> Coords) -> ManifoldOut {
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
                separation: unsigned_zero(p.separation),
                id: p.id.key(),
                feature: FeatureText(p.id),
            })
            .collect(),
    }
}

/// What a case's answer is drawn from: with `--compact` the conclusions alone (computed without
/// the report's records), else the full report, whose axes are printed too.
enum Conclusions<V, R> {
    Compact(SatVerdicts<V>),
    Full(R),
}

/// The coordinates of `v`, each `-0.0` as `0.0`.
fn vector_out<V: Vector>(v: V) -> Coords {
    first_coords(v.to_coords(), V::DIM)
}

/// The first `dim` of `c`, each `-0.0` as `0.0`.
fn first_coords(c: [f32; 3], dim: usize) -> Coords {
    let mut out = Coords::new();
    for x in &c[..dim] {
        out.push(unsigned_zero(*x));
    }
    out
}

/// One case's answer from its conclusions, manifold and distance.
fn case_out<V: Vector, R: Report<V>>(
    line: usize,
    sat: Conclusions<V, R>,
    m: Option<&Manifold<V>>,
    s: Separation<V>,
    g: &GjkAnswer,
) -> CaseOut {
    let to_vec = vector_out::<V>;
    let (v, axes) = match &sat {
        Conclusions::Compact(v) => (*v, None),
        Conclusions::Full(r) => (r.to_verdicts(), Some(r.axes())),
    };
    CaseOut {
        line,
        intersect: v.intersect,
        touching: v.touching,
        first_separating_axis: v.first_separating,
        separating_axes: v.separating_axes().map(|i| i as u8).collect(),
        depth: v.penetration.map(|p| unsigned_zero(p.depth)),
        normal: v.penetration.map(|p| to_vec(p.normal)),
        min_axis: v.penetration.map(|p| p.axis_index),
        manifold: m.map(|m| manifold_out(m, to_vec)),
        separation_distance: if v.touching { 0.0 } else { s.distance },
        closest_points: s.closest_points.map(|[p, q]| [to_vec(p), to_vec(q)]),
        gjk: gjk_out::<V>(g),
        time_of_impact: None,
        notes: Vec::new(),
        axes: axes.map(|axes| {
            axes.iter()
                .map(|a: &AxisTest<V>| AxisOut {
                    index: a.index(),
                    kind: a.kind().name(),
                    axis: to_vec(a.axis()),
                    degenerate: a.degenerate(),
                    ra: unsigned_zero(a.ra()),
                    rb: unsigned_zero(a.rb()),
                    distance: unsigned_zero(a.distance()),
                    gap: unsigned_zero(a.gap()),
                })
                .collect()
        }),
        parry: None,
    }
}

/// parry's answer and the disagreements with satbox's (whose manifold has `points` points), as
/// the `"parry"` object of a line.
fn parry_out(
    pair: &Pair,
    params: &ManifoldParams,
    motion: Option<(&MotionSpec, Option<f32>)>,
) -> ParryOut {
    use crate::engines::parry::SatboxContact;
    use crate::engines::parry::{answer, cast, compare, compare_casts, compare_manifolds};
    let p = answer(pair);
    let mut found = compare(pair, &p);
    let parry_cast = motion.map(|(m, satbox_t)| {
        let c = cast(pair, m);
        found.extend(compare_casts(pair, m, satbox_t, c.as_ref()));
        c
    });
    // parry's manifold is asked with no prediction: manifolds compare only without a margin
    let mut by_design = Vec::new();
    if params.margin == 0.0 {
        struct Contact<'a>(&'a ManifoldParams);
        impl PairQuestion for Contact<'_> {
            type Answer = Option<SatboxContact>;
            fn ask<B: PairBox>(self, a: &B, b: &B) -> Self::Answer {
                SatboxContact::of(&B::manifold_trace(a, b, self.0))
            }
        }
        let satbox = pair.ask(Contact(params));
        let m = compare_manifolds(pair, satbox.as_ref(), &p);
        found.extend(m.disagreements);
        by_design = m.by_design;
    }
    let disagreements = found
        .iter()
        .map(|d| DisagreementOut {
            what: d.what(),
            size: unsigned_zero(d.size()),
            description: d.describe(),
            known: d.known_cause(),
        })
        .collect();
    ParryOut {
        intersect: p.intersect,
        depth: p.contact.as_ref().map(|c| c.depth),
        normal: p.contact.as_ref().map(|c| c.normal.clone()),
        points: p
            .contact
            .as_ref()
            .map(|c| [c.point_a.clone(), c.point_b.clone()]),
        manifold: p.manifold.map(|m| ParryManifoldOut {
            normal: m.normal,
            points: m
                .points
                .into_iter()
                .map(|q| ParryPointOut {
                    point: q.point,
                    separation: q.separation,
                    features: [q.feature_a, q.feature_b],
                })
                .collect(),
        }),
        disagreements,
        by_design,
        time_of_impact: parry_cast.map(|c| {
            c.map(|c| ParryCastOut {
                t: c.t,
                normal: c.normal,
                query: c.query,
            })
        }),
    }
}

/// The answer to one case: its conclusions (all the report with `compact` false), manifold and
/// distance.
struct Answer<'a> {
    line: usize,
    params: &'a ManifoldParams,
    compact: bool,
    motion: Option<&'a MotionSpec>,
}

impl PairQuestion for Answer<'_> {
    type Answer = CaseOut;
    fn ask<B: PairBox>(self, a: &B, b: &B) -> CaseOut {
        let sat = if self.compact {
            Conclusions::Compact(B::verdicts(a, b, &Default::default()))
        } else {
            Conclusions::Full(B::report(a, b, &Default::default()))
        };
        let manifold = B::manifold(a, b, self.params);
        let gjk = crate::sat::gjk::query(&a.to_box64(), &b.to_box64());
        let mut out = case_out(self.line, sat, manifold.as_ref(), B::separation(a, b), &gjk);
        out.time_of_impact = self.motion.map(|m| {
            time_of_impact(a, b, &m.for_boxes::<B::Vec>())
                .as_ref()
                .map(toi_out)
        });
        out
    }
}

/// The answer to a validated case on input line `line`, its manifold built with `params`.
pub fn answer(
    line: usize,
    case: &NotedPair,
    params: &ManifoldParams,
    options: &Options,
) -> CaseOut {
    answer_moving(line, case, None, params, options)
}

/// The answer to a validated case that may carry a motion (then with its time of impact).
pub fn answer_moving(
    line: usize,
    case: &NotedPair,
    motion: Option<&MotionSpec>,
    params: &ManifoldParams,
    options: &Options,
) -> CaseOut {
    let mut out = case.pair.ask(Answer {
        line,
        params,
        compact: options.compact,
        motion,
    });
    out.notes = case.notes.iter().map(ToString::to_string).collect();
    if options.compare_parry {
        let satbox_t =
            |toi: &Option<Option<ToiOut>>| toi.as_ref().and_then(|t| t.as_ref().map(|t| t.t));
        let moving = motion.map(|m| (m, satbox_t(&out.time_of_impact)));
        out.parry = Some(parry_out(&case.pair, params, moving));
    }
    out
}

/// A case's manifold parameters: its `"view": {"manifold": {...}}` (a saved scene keeps its
/// contact margin there), else the defaults.
fn params_of(v: &Value) -> Result<ManifoldParams, SceneError> {
    v.get("view")
        .map_or(Ok(ManifoldParams::default()), params_from_view)
}

/// Answers one case's JSON text: the answer line, or the error line.
pub fn answer_text(line: usize, text: &str, options: &Options) -> Result<String, String> {
    let mut out = Vec::new();
    let ok = answer_into(line, Ok(text), options, &mut out);
    // serde_json writes UTF-8
    let text = String::from_utf8(out).unwrap_or_default();
    if ok {
        Ok(text)
    } else {
        Err(text)
    }
}

/// Appends the answer to one case (its JSON text, or what is wrong with its bytes) to `out`, without
/// the line ending; returns whether it was answered rather than an error.
fn answer_into(
    line: usize,
    text: Result<&str, &str>,
    options: &Options,
    out: &mut Vec<u8>,
) -> bool {
    let read = text.map_err(str::to_string).and_then(|text| {
        if let Some(case) = read_plain_pair(text) {
            return Ok((case, None, ManifoldParams::default()));
        }
        serde_json::from_str::<Value>(text)
            .map_err(|e| SceneError::json_in(text, &e, line))
            .and_then(|v| {
                let case = read_pair(&v, None)?;
                let motion = motion_of_case(&v, case.pair.mode())?;
                Ok((case, motion, params_of(&v)?))
            })
            .map_err(|e| e.to_string())
    });
    // Serialising these plain structs into a Vec cannot fail (serde_json writes a non-finite
    // float as `null`, and validation keeps them out anyway).
    match read {
        Ok((case, motion, params)) => {
            answer_moving(line, &case, motion.as_ref(), &params, options).write_json(out);
            true
        }
        Err(error) => {
            let _ = serde_json::to_writer(out, &ErrorOut { line, error });
            false
        }
    }
}

/// Answers every case of `input`, in order, writing one line each to `out`; returns the exit
/// status. Cases are answered on [`Options::threads`] workers while more are read and earlier
/// answers written ([`super::pipeline`]): memory stays bounded however long the input, and when
/// the input has nothing more buffered, every answer so far is written and flushed before reading
/// on, so a program feeding `check` line by line gets each answer as soon as it is computed.
pub fn run_on<R: BufRead + HasBuffer>(
    input: R,
    name: &str,
    options: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    let mut cases = Cases::new(input);
    let options = *options;
    let answer = move |case: &Case, buffer: &mut Vec<u8>| {
        let text = case.text.as_deref().map_err(String::as_str);
        answer_into(case.line, text, &options, buffer)
    };
    let workers = pipeline::workers(options.threads);
    let status = |bad| if bad { EXIT_BAD_LINE } else { EXIT_OK };
    match pipeline::run(&mut cases, workers, answer, &mut out) {
        Ended::Answered(bad) => {
            let _ = out.flush();
            status(bad)
        }
        // stdout closed (e.g. piped into `head`): stop quietly
        Ended::OutputClosed(bad) => status(bad),
        Ended::Unreadable(e, _) => {
            let _ = out.flush();
            let _ = writeln!(err, "satbox check: cannot read {name}: {e}");
            EXIT_UNREADABLE
        }
    }
}

/// A regular file: reading it never waits for a writer, so a batch never ends early for an empty buffer.
struct FileReader(BufReader<std::fs::File>);

impl std::io::Read for FileReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf)
    }
}

impl BufRead for FileReader {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.0.fill_buf()
    }
    fn consume(&mut self, amount: usize) {
        self.0.consume(amount)
    }
}

impl HasBuffer for FileReader {
    fn buffered_is_empty(&self) -> bool {
        false
    }
}

/// Runs `check` on `path` (`-` for stdin), writing answers to `out`; returns the exit status.
pub fn run(path: &str, options: &Options, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if path == "-" {
        let stdin = std::io::stdin();
        let input = BufReader::with_capacity(1 << 16, stdin.lock());
        return run_on(input, "standard input", options, out, err);
    }
    match std::fs::File::open(path) {
        Ok(file) if file.metadata().is_ok_and(|m| m.is_file()) => run_on(
            FileReader(BufReader::with_capacity(1 << 16, file)),
            path,
            options,
            out,
            err,
        ),
        // a pipe or a device: answers are flushed whenever it has nothing more to give
        Ok(file) => run_on(
            BufReader::with_capacity(1 << 16, file),
            path,
            options,
            out,
            err,
        ),
        Err(e) => {
            let _ = writeln!(err, "satbox check: cannot read {path}: {e}");
            EXIT_UNREADABLE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_an_exported_test_asserts_are_checks_answers() {
        for pair in crate::scene::testcase::tests::cases() {
            let text = crate::scene::testcase::rust_test(&pair, "case");
            let from_line =
                crate::scene::noted_pair_from_json(&crate::scene::check_line(&pair)).unwrap();
            let out = answer(1, &from_line, &Default::default(), &Default::default());
            if out.intersect {
                assert!(text.contains("assert!(r.intersect"), "{text}");
                let axis =
                    crate::scene::testcase::tests::number_after(&text, "assert_eq!(p.axis_index, ")
                        .unwrap();
                assert_eq!(Some(axis as usize), out.min_axis);
                let depth =
                    crate::scene::testcase::tests::number_after(&text, "assert!((p.depth - ")
                        .unwrap();
                assert_eq!(Some(depth), out.depth);
            } else {
                assert!(text.contains("assert!(!r.intersect"), "{text}");
                let first =
                    crate::scene::testcase::tests::number_after(&text, "r.first_separating, Some(")
                        .unwrap();
                assert_eq!(Some(first as usize), out.first_separating_axis);
                let k = first as usize;
                let gap = crate::scene::testcase::tests::number_after(
                    &text,
                    &format!("assert!((r.axes[{k}].gap - "),
                )
                .unwrap();
                assert_eq!(gap, out.axes.as_ref().unwrap()[k].gap);
            }
        }
    }

    fn run_on_bytes(bytes: &[u8], options: &Options) -> (i32, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = run_on(bytes, "input", options, &mut out, &mut err);
        assert!(err.is_empty());
        (status, String::from_utf8(out).unwrap())
    }

    /// A JSON number `-0` or `-0.0` anywhere in `text`.
    fn has_negative_zero(text: &str) -> bool {
        text.match_indices("-0").any(|(at, _)| {
            let rest = &text[at + 2..];
            let rest = rest.strip_prefix(".0").unwrap_or(rest);
            rest.starts_with([',', ']', '}'])
        })
    }

    const TOUCH3: &str = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[2,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;

    #[test]
    fn compact_lines_are_the_full_lines_without_their_axes_in_2d_and_3d() {
        let mut unit = crate::sat::splitmix_units(0xc0_4ac7);
        let mut n = |lo: f32, hi: f32| lo + (hi - lo) * unit();
        let (full, compact) = (
            Options::default(),
            Options {
                compact: true,
                compare_parry: false,
                ..Default::default()
            },
        );
        let mut kinds = std::collections::BTreeSet::new();
        for k in 0..600 {
            let text = if k % 3 == 0 {
                format!(
                    r#"{{"a":{{"center":[0,0],"half_extents":[1,0.5],"angle":{}}},"b":{{"center":[{},{}],"half_extents":[{},{}],"angle":{}}}}}"#,
                    n(-3.0, 3.0),
                    n(-3.0, 3.0),
                    n(-3.0, 3.0),
                    n(0.1, 2.0),
                    n(0.1, 2.0),
                    n(-3.0, 3.0)
                )
            } else {
                // every fourth 3D pair aligned (degenerate edge axes), B on a unit grid so that
                // some pairs touch exactly
                let q = [n(-1.0, 1.0), n(-1.0, 1.0), n(-1.0, 1.0), n(0.2, 1.0)];
                let (c, e) = if k % 4 == 1 {
                    // exactly touching, or 2.4e-7 apart (separated, touching within rounding)
                    let x = if k % 8 == 1 { 2.0 } else { 2.000_000_2 };
                    ([x, n(-2.0, 2.0).round(), 0.0], [1.0, 1.0, 1.0])
                } else {
                    (
                        [n(-3.0, 3.0), n(-3.0, 3.0), n(-3.0, 3.0)],
                        [n(0.1, 2.0), n(0.1, 2.0), n(0.1, 2.0)],
                    )
                };
                let qb = if k % 4 == 1 {
                    [0.0, 0.0, 0.0, 1.0]
                } else {
                    [n(-1.0, 1.0), n(-1.0, 1.0), n(-1.0, 1.0), n(0.2, 1.0)]
                };
                let qa = if k % 4 == 1 { qb } else { q };
                format!(
                    r#"{{"a":{{"center":[0,0,0],"half_extents":[1,1,1],"rotation":{qa:?}}},"b":{{"center":{c:?},"half_extents":{e:?},"rotation":{qb:?}}}}}"#
                )
            };
            let f: Value = serde_json::from_str(&answer_text(1, &text, &full).unwrap()).unwrap();
            let c: Value = serde_json::from_str(&answer_text(1, &text, &compact).unwrap()).unwrap();
            let mut f = f.as_object().unwrap().clone();
            assert!(f.remove("axes").is_some(), "{text}");
            assert_eq!(Value::Object(f.clone()), c, "{text}");
            kinds.insert((f["intersect"].as_bool(), f["touching"].as_bool()));
        }
        assert_eq!(
            kinds.len(),
            4,
            "separated, touching either side, intersecting: {kinds:?}"
        );
    }

    #[test]
    fn a_touching_pair_prints_depth_0_and_no_negative_zero_anywhere() {
        let (status, text) = run_on_bytes(TOUCH3.as_bytes(), &Options::default());
        assert_eq!(status, 0, "{text}");
        assert!(text.contains("\"touching\":true"), "{text}");
        assert!(text.contains("\"depth\":0.0,"), "{text}");
        assert!(!has_negative_zero(&text), "{text}");
        assert!(has_negative_zero("[1,-0.0]") && has_negative_zero("{\"d\":-0}"));
        assert!(!has_negative_zero("[-0.01,-0.05]"));
    }

    #[test]
    fn no_answer_to_any_preset_prints_negative_zero() {
        let options = Options {
            compact: false,
            compare_parry: true,
            ..Default::default()
        };
        for p in crate::scene::presets::presets() {
            let line = crate::scene::check_line(&p.pair);
            let answer = answer_text(1, &line, &options).unwrap();
            assert!(!has_negative_zero(&answer), "{}: {answer}", p.name);
        }
    }

    #[test]
    fn no_answer_to_the_recorded_timeline_prints_negative_zero() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/recordings/box-settling.jsonl");
        let input = std::fs::read(path).unwrap();
        let options = Options {
            compact: false,
            compare_parry: true,
            ..Default::default()
        };
        let (status, text) = run_on_bytes(&input, &options);
        assert_eq!(status, 0);
        assert!(text.contains("\"touching\":true"));
        assert!(!has_negative_zero(&text));
    }

    #[test]
    fn compact_leaves_out_the_axes_and_keeps_the_verdict() {
        let options = Options {
            compact: true,
            compare_parry: false,
            ..Default::default()
        };
        let line = answer_text(7, TOUCH3, &options).unwrap();
        assert!(
            line.starts_with(
                r#"{"line":7,"intersect":true,"touching":true,"first_separating_axis":null,"separating_axes":[],"depth":0.0,"normal":[1.0,0.0,0.0],"min_axis":0,"manifold":{"#
            ),
            "{line}"
        );
        assert!(!line.contains("\"axes\""), "{line}");
    }

    #[test]
    fn notes_are_printed_on_the_line_and_left_out_when_there_are_none() {
        let text = r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0,"mass":3},"b":{"center":[3,0],"half_extents":[1,1],"angle":0}}"#;
        let line = answer_text(1, text, &Options::default()).unwrap();
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(
            v["notes"],
            serde_json::json!(["box a: field \"mass\" is not a box field; ignored"])
        );
        let line = answer_text(1, TOUCH3, &Options::default()).unwrap();
        assert!(!line.contains("notes"));
    }

    #[test]
    fn compare_parry_adds_parrys_answer_and_an_empty_list_when_they_agree() {
        let options = Options {
            compact: true,
            compare_parry: true,
            ..Default::default()
        };
        let text = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[0.2,1.9,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;
        let v: Value = serde_json::from_str(&answer_text(1, text, &options).unwrap()).unwrap();
        let p = &v["parry"];
        assert_eq!(p["intersect"], true);
        assert!((p["depth"].as_f64().unwrap() - 0.1).abs() < 1e-5);
        assert_eq!(p["manifold"]["points"].as_array().unwrap().len(), 4);
        assert_eq!(p["disagreements"], serde_json::json!([]));
    }
}
