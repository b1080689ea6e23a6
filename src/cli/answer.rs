//! What a `check` line says: the answer's parts as plain structs (each `Serialize`, the
//! contract of [docs/check.md](../../docs/check.md)), and how they are made from satbox's
//! answers. [`super::json`] writes them; [`super::check`] asks the questions.

use arrayvec::ArrayVec;
use serde::Serialize;

use crate::sat::answer::{Answer, Cores};
use crate::sat::gjk::GjkAnswer;
use crate::sat::manifold::{ContactId, Manifold};
use crate::sat::motion::TimeOfImpact;
use crate::sat::Obb;
use crate::sat::{AxisTest, Vector};
use crate::scene::number::unsigned_zero;

/// A 2D or 3D vector of an answer, held inline (an answer allocates nothing for its vectors) and
/// written as a JSON array.
pub type Coords = ArrayVec<f32, 3>;

/// A manifold's points in a `check` line: at most 4, held in place (a line allocates nothing for
/// them).
pub type PointsOut = ArrayVec<PointOut, 4>;

/// A contact point's features in words, written straight into the answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FeatureText(pub ContactId);

impl Serialize for FeatureText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// One axis of a `check` answer: a candidate axis as it tests the boxes as given (each shadow
/// grown by its box's radius).
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

/// The answer to one good case: the answer for the boxes as given ([`crate::sat::Answer`]), the
/// candidate axes that explain it, and what else was asked.
#[derive(Debug, Serialize)]
pub struct CaseOut {
    /// 1-based number of the input line it answers (the first line of a multi-line case).
    pub line: usize,
    /// The boxes overlap or touch.
    pub intersect: bool,
    /// The gap is zero to within rounding ([`SatReport::touching`](crate::sat::SatReport::touching)).
    pub touching: bool,
    /// Lowest candidate axis that separates the boxes as given.
    pub first_separating_axis: Option<usize>,
    /// Every such axis.
    pub separating_axes: ArrayVec<u8, 15>,
    /// Penetration depth when intersecting (`0`, never `-0`, when touching exactly).
    pub depth: Option<f32>,
    /// Unit normal from A to B when intersecting.
    pub normal: Option<Coords>,
    /// The candidate axis the depth lies along, when it lies along one.
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
    pub time_of_impact: Option<Option<Box<ToiOut>>>,
    /// When either box has a `"radius"`: the radii and what the sharp cores are, which the
    /// answer above follows from; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounded: Option<Box<RoundedOut>>,
    /// With `--profile` or a `"view": {"profile": …}`: what that engine's bands make of the pair
    /// and of each point it would make; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bands: Option<Box<BandsOut>>,
    /// On every line after the first: what became of the line before's contact points
    /// ([`crate::sat::lifecycle`]); `null` when the line before was an error or of the other
    /// dimension; left out on the first line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub since_previous: Option<Option<SinceOut>>,
    /// What reading the case noticed (unknown fields, non-unit quaternions); left out when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Every axis in test order; left out with `--compact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub axes: Option<Vec<AxisOut>>,
    /// The engines compared with (`--compare parry,box3d`), each under its name.
    #[serde(flatten)]
    pub engines: EnginesOut,
}

/// The engines' objects of a line, each under its name, in the order asked.
#[derive(Debug, Default)]
pub struct EnginesOut(pub Vec<(&'static str, EngineOut)>);

impl Serialize for EnginesOut {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, out) in &self.0 {
            map.serialize_entry(name, out)?;
        }
        map.end()
    }
}

/// One engine's object on a line (`--compare`): its answer and how it compares with satbox's,
/// why it was not asked, or how to build it in.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum EngineOut {
    /// Its answer.
    Answered(Box<EngineAnswerOut>),
    /// `{"not_asked": "why"}`: the pair lies outside what it accepts.
    NotAsked {
        /// Why.
        not_asked: String,
    },
    /// `{"missing": "how to build it"}`: it is not built in.
    Missing {
        /// The command that builds it in.
        missing: &'static str,
    },
    /// `{"failed": "why", "stderr": "its last lines"}`: an external engine failed on this pair.
    Failed {
        /// What went wrong (a crash, a timeout, a line that is not an answer).
        failed: String,
        /// The engine's last lines of standard error.
        stderr: String,
    },
}

/// An engine's answer on a line, in the form of every engine's (see docs/check.md).
#[derive(Debug, Serialize)]
pub struct EngineAnswerOut {
    /// The engine's own version.
    pub version: String,
    /// It finds the boxes intersecting (or touching).
    pub intersect: bool,
    /// Its depth (the deepest point's penetration, or its depth query's).
    pub depth: Option<f32>,
    /// Its unit normal from A to B.
    pub normal: Option<Coords>,
    /// Its contact points, `null` when it has none.
    pub manifold: Option<EngineManifoldOut>,
    /// Its distance of a separated pair, where it has a distance query.
    pub distance: Option<f32>,
    /// The points of A and B that distance lies between.
    pub closest_points: Option<[Coords; 2]>,
    /// With a `"motion"`: its time of impact (`null` when it finds none); left out without.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_of_impact: Option<Option<EngineImpactOut>>,
    /// How its answer differs from satbox's, each with its kind and size; `[]` when they agree.
    pub disagreements: Vec<DisagreementOut>,
    /// Differences by design, each a sentence with its reason.
    pub by_design: Vec<String>,
    /// What satbox did to read its answer (an axis normalised, a point moved midway).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The engine's other answers, each under its algorithm's name (Bullet's `"gjk_epa"`) in
    /// this same form; left out when it has none.
    #[serde(skip_serializing_if = "AlsoOut::is_empty")]
    pub also: AlsoOut,
    /// What an engine out of process said beyond the protocol's fields, as it said it.
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// An engine's other answers on a line, each under its algorithm's name.
#[derive(Debug, Default)]
pub struct AlsoOut(pub Vec<(&'static str, EngineAnswerOut)>);

impl AlsoOut {
    /// The engine has no other answer.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for AlsoOut {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, out) in &self.0 {
            map.serialize_entry(name, out)?;
        }
        map.end()
    }
}

/// An engine's contact points on a line.
#[derive(Debug, Serialize)]
pub struct EngineManifoldOut {
    /// Its normal from A to B.
    pub normal: Option<Coords>,
    /// Its points.
    pub points: Vec<EnginePointOut>,
}

/// One of an engine's contact points.
#[derive(Debug, Serialize)]
pub struct EnginePointOut {
    /// Midway between the surfaces.
    pub point: Coords,
    /// Negative when penetrating.
    pub separation: f32,
    /// The features that meet there, in the engine's words.
    pub feature: String,
}

/// An engine's time of impact on a line.
#[derive(Debug, Serialize)]
pub struct EngineImpactOut {
    /// The time in seconds.
    pub t: f32,
    /// Its normal from A to B, when it gives one.
    pub normal: Option<Coords>,
}

/// An engine's object on a line from what asking it gave ([`crate::engines::ask::ask_all`]), its
/// vectors in `dim` coordinates; `moving` when the line has a motion.
#[cfg(feature = "parry")]
pub(crate) fn engine_out(
    asked: &crate::engines::ask::Asked,
    dim: usize,
    moving: bool,
) -> EngineOut {
    use crate::engines::Reply;
    let answer = match &asked.reply {
        Reply::Answered(a) => a,
        Reply::NotAsked(why) => {
            return EngineOut::NotAsked {
                not_asked: why.clone(),
            }
        }
        Reply::Missing(how) => return EngineOut::Missing { missing: how },
        Reply::Failed { why, stderr } => {
            return EngineOut::Failed {
                failed: why.clone(),
                stderr: stderr.clone(),
            }
        }
    };
    let (Some(about), Some(c)) = (&asked.about, &asked.comparison) else {
        unreachable!("an engine that answered is built in, and its answer compared");
    };
    let mut out = answer_out(about, answer, c, dim, moving);
    out.also = AlsoOut(
        asked
            .also
            .iter()
            .map(|x| {
                (
                    x.name,
                    answer_out(&x.about, &x.answer, &x.comparison, dim, moving),
                )
            })
            .collect(),
    );
    EngineOut::Answered(Box::new(out))
}

/// One of an engine's answers on a line, with its comparison.
#[cfg(feature = "parry")]
fn answer_out(
    about: &crate::engines::About,
    answer: &crate::engines::EngineAnswer,
    c: &crate::engines::compare::Comparison,
    dim: usize,
    moving: bool,
) -> EngineAnswerOut {
    let vec = |v: glam::Vec3| first_coords(v.to_array(), dim);
    EngineAnswerOut {
        version: about.version.clone(),
        intersect: answer.intersect,
        depth: answer.depth.map(unsigned_zero),
        normal: answer.normal.map(vec),
        manifold: (!answer.points.is_empty()).then(|| EngineManifoldOut {
            normal: answer.normal.map(vec),
            points: answer
                .points
                .iter()
                .map(|p| EnginePointOut {
                    point: vec(p.point),
                    separation: unsigned_zero(p.separation),
                    feature: p.feature.clone(),
                })
                .collect(),
        }),
        distance: answer.distance.map(unsigned_zero),
        closest_points: answer.closest.map(|[p, q]| [vec(p), vec(q)]),
        time_of_impact: moving.then(|| {
            answer.impact.as_ref().map(|i| EngineImpactOut {
                t: unsigned_zero(i.t),
                normal: i.normal.map(vec),
            })
        }),
        disagreements: c
            .disagreements
            .iter()
            .map(|d| DisagreementOut {
                what: d.kind.name(),
                size: unsigned_zero(d.size),
                description: d.description.clone(),
                known: d.known,
            })
            .collect(),
        by_design: c.by_design.clone(),
        notes: answer.notes.clone(),
        also: AlsoOut::default(),
        extra: answer.extra.clone(),
    }
}

/// The `"since_previous"` object of a line: the lifecycle of the contact points against the line
/// before ([`crate::sat::lifecycle::between`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SinceOut {
    /// Points whose id the line before had.
    pub persisted_by_id: usize,
    /// Points within 0.01 of a point of the line before (carried by A's motion).
    pub persisted_by_position: usize,
    /// Points whose id the line before did not have.
    pub new: usize,
    /// Points of the line before whose id this line does not have.
    pub lost: usize,
    /// The construction changed between face of A, face of B and edge.
    pub flipped: bool,
    /// The largest distance a point persisted by id moved.
    pub drift: f32,
    /// The largest distance either box's material moved at those points.
    pub boxes_moved: f32,
}

impl SinceOut {
    /// The object of a lifecycle.
    pub fn of(l: &crate::sat::lifecycle::Lifecycle) -> Self {
        Self {
            persisted_by_id: l.persisted_by_id,
            persisted_by_position: l.persisted_by_position,
            new: l.new,
            lost: l.lost,
            flipped: l.flipped(),
            drift: unsigned_zero(l.drift),
            boxes_moved: unsigned_zero(l.boxes_moved),
        }
    }
}

/// What the sharp cores of rounded boxes are, in a `check` line (`"rounded"`): the answer's
/// top-level fields follow from them ([`crate::sat::answer::Cores`]).
#[derive(Debug, Serialize)]
pub struct RoundedOut {
    /// Box a's and box b's convex radius.
    pub radius: [f32; 2],
    /// The cores overlap.
    pub cores_overlap: bool,
    /// The cores' exact distance (0 when they overlap).
    pub cores_distance: f32,
    /// The cores' SAT depth when they overlap, else `null`.
    pub cores_depth: Option<f32>,
    /// The best candidate axis's gap less both radii: what the 15 (4 in 2D) axes alone say,
    /// short of the distance where the cores' closest features meet along no candidate.
    pub candidate_gap: f32,
}

/// What an engine's tolerance bands make of a line (`"bands"`, [`crate::sat::bands`]).
#[derive(Debug, Serialize)]
pub struct BandsOut {
    /// The engine whose bands these are.
    pub engine: &'static str,
    /// Contacts are made while the surfaces are less than this apart.
    pub detect: f32,
    /// Below this a contact pushes.
    pub active: f32,
    /// An overlap the solver leaves alone.
    pub slop: f32,
    /// The pair's signed distance: the gap, or minus the depth.
    pub separation: f32,
    /// `not_made`, `speculative`, `within_slop` or `pushed`.
    pub fate: &'static str,
    /// The fate in one sentence.
    pub verdict: String,
    /// Each point the engine would make (satbox's manifold with the margin `detect`).
    pub points: Vec<BandPointOut>,
}

/// A contact point under an engine's bands.
#[derive(Debug, Serialize)]
pub struct BandPointOut {
    /// Where it is.
    pub point: Coords,
    /// Its separation (negative: overlapping).
    pub separation: f32,
    /// What the bands make of it.
    pub fate: &'static str,
}

/// The `"rounded"` object of a line whose boxes have `radii`.
pub(crate) fn rounded_out(radius: [f32; 2], cores: &Cores) -> RoundedOut {
    RoundedOut {
        radius,
        cores_overlap: cores.overlap,
        cores_distance: unsigned_zero(cores.distance),
        cores_depth: cores.depth.map(unsigned_zero),
        candidate_gap: unsigned_zero(cores.candidate_gap),
    }
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
    pub points: PointsOut,
    /// `axis_intervals` or `conservative_advancement`.
    pub method: &'static str,
}

/// The `"time_of_impact"` object of a line.
pub(crate) fn toi_out<B: Obb>(toi: &TimeOfImpact<B>) -> ToiOut {
    let to_vec = vector_out::<B::Vec>;
    ToiOut {
        t: unsigned_zero(toi.t as f32),
        normal: to_vec(toi.normal),
        axis: toi.axis,
        points: toi
            .manifold
            .as_ref()
            .map_or_else(PointsOut::new, |m| manifold_out(m, to_vec).points),
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
pub(crate) fn gjk_out<V: Vector>(g: &GjkAnswer) -> GjkOut {
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
    pub points: PointsOut,
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

/// One disagreement on a line.
#[derive(Debug, Serialize)]
pub struct DisagreementOut {
    /// Its kind ([`crate::engines::compare::Kind`]): `verdict`, `depth`, `normal`,
    /// `normal_flipped`, `missing_contact`, `phantom_point`, `point_outside`, `distance` or
    /// `time_of_impact`.
    pub what: &'static str,
    /// How big: a length (the margin from touching, the difference of the depths or distances,
    /// how far a point lies too deep or outside), the angle in degrees, or the time.
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

pub(crate) fn manifold_out<V: Copy>(m: &Manifold<V>, to_vec: impl Fn(V) -> Coords) -> ManifoldOut {
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

/// The coordinates of `v`, each `-0.0` as `0.0`.
pub(crate) fn vector_out<V: Vector>(v: V) -> Coords {
    first_coords(v.to_coords(), V::DIM)
}

/// The first `dim` of `c`, each `-0.0` as `0.0`.
pub(crate) fn first_coords(c: [f32; 3], dim: usize) -> Coords {
    let mut out = Coords::new();
    for x in &c[..dim] {
        out.push(unsigned_zero(*x));
    }
    out
}

/// One case's answer: satbox's `answer` for the boxes as given, the candidate `axes` that explain
/// it (the cores' report's, each shadow grown by its box's radius; `None` with `--compact`) and
/// GJK's answer on the cores.
pub(crate) fn case_out<V: Vector>(
    line: usize,
    answer: &Answer<V>,
    axes: Option<&[AxisTest<V>]>,
    g: &GjkAnswer,
) -> CaseOut {
    let to_vec = vector_out::<V>;
    let [ra, rb] = answer.radii;
    CaseOut {
        line,
        intersect: answer.intersect,
        touching: answer.touching,
        first_separating_axis: answer.first_separating,
        separating_axes: (0..15)
            .filter(|&k| answer.separates(k))
            .map(|k| k as u8)
            .collect(),
        depth: answer.depth.map(unsigned_zero),
        normal: answer.normal.map(to_vec),
        min_axis: answer.axis,
        manifold: answer.manifold.as_ref().map(|m| manifold_out(m, to_vec)),
        separation_distance: answer.distance,
        closest_points: answer.closest_points.map(|[p, q]| [to_vec(p), to_vec(q)]),
        gjk: gjk_out::<V>(g),
        time_of_impact: None,
        rounded: answer
            .cores
            .map(|c| Box::new(rounded_out(answer.radii, &c))),
        bands: None,
        since_previous: None,
        notes: Vec::new(),
        axes: axes.map(|axes| {
            axes.iter()
                .map(|a| {
                    let a = a.grown(ra, rb);
                    AxisOut {
                        index: a.index(),
                        kind: a.kind().name(),
                        axis: to_vec(a.axis()),
                        degenerate: a.degenerate(),
                        ra: unsigned_zero(a.ra()),
                        rb: unsigned_zero(a.rb()),
                        distance: unsigned_zero(a.distance()),
                        gap: unsigned_zero(a.gap()),
                    }
                })
                .collect()
        }),
        engines: EnginesOut::default(),
    }
}
