//! Every stage of a manifold as plain data, and the recorder that collects it.
//!
//! The fast functions run with [`NoTrace`], whose `record` ignores its argument without calling
//! it: what only the picture needs is never computed. The traced functions run the same code with
//! [`TraceRecorder`].

use super::{AxisChoice, ContactId, ContactPoint, Feature, Manifold, ManifoldParams};
use crate::sat::{fmt_num, AxisKind, Which};

/// One candidate axis as the manifold measured it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraceAxis<V> {
    /// Position in the test order.
    pub index: usize,
    /// What it is made of.
    pub kind: AxisKind,
    /// The unit axis in world space, oriented from A towards B (zero when degenerate).
    pub axis: V,
    /// `|T·L| − (r_A + r_B)`.
    pub gap: f32,
    /// Parallel edges: never chosen.
    pub degenerate: bool,
}

/// A point with the one box feature it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FeaturePoint<V> {
    /// World position.
    pub point: V,
    /// The feature (a corner of the face).
    pub feature: Feature,
}

/// A point of the incident face or of a clipped polygon, with the pair of features it lies on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TracePoint<V> {
    /// World position, on the incident face (not yet moved midway).
    pub point: V,
    /// The features of A and B it lies on.
    pub id: ContactId,
}

/// A face of one box (in 2D: a side).
#[derive(Clone, Debug, PartialEq)]
pub struct FaceInfo<V> {
    /// Whose face.
    pub owner: Which,
    /// Which face: `face +u1`.
    pub face: Feature,
    /// Its outward unit normal, world space.
    pub normal: V,
    /// Its corners in order around it (4 in 3D, 2 in 2D).
    pub corners: Vec<FeaturePoint<V>>,
}

/// A side plane of the reference face: the plane of one of the reference box's faces adjacent to
/// it. Points outside it are cut away.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SidePlane<V> {
    /// Outward unit normal (away from the reference box), world space.
    pub normal: V,
    /// A point on the plane: the middle of the reference face's edge it bounds.
    pub point: V,
    /// The reference box's face the plane belongs to.
    pub face: Feature,
    /// The edge it shares with the reference face (a corner in 2D).
    pub edge: Feature,
}

/// Which rule picked a point while reducing more than the maximum to four.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReductionRule {
    /// The smallest separation.
    Deepest,
    /// The largest distance from the first point, in the contact plane.
    Farthest,
    /// The largest triangle with the first two.
    LargestTriangle,
    /// The most area added outside that triangle.
    MostAddedArea,
}

impl ReductionRule {
    /// Caption text: "the deepest point".
    pub fn describe(&self) -> &'static str {
        match self {
            ReductionRule::Deepest => "the deepest point",
            ReductionRule::Farthest => "the point farthest from it in the contact plane",
            ReductionRule::LargestTriangle => {
                "the point making the largest triangle with those two"
            }
            ReductionRule::MostAddedArea => "the point adding the most area outside that triangle",
        }
    }
}

/// One step of the reduction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReductionStep {
    /// The rule applied.
    pub rule: ReductionRule,
    /// Index of the picked point in [`FaceTrace::below`].
    pub picked: usize,
    /// Its score (separation for [`ReductionRule::Deepest`], then distance, then twice an area).
    pub score: f32,
    /// The best score among the points not picked, if any: how close the decision was.
    pub runner_up: Option<f32>,
}

/// The stages of a face contact.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceTrace<V> {
    /// The face whose outward normal is the contact axis.
    pub reference: FaceInfo<V>,
    /// The other box's face most anti-parallel to it.
    pub incident: FaceInfo<V>,
    /// The incident face's corners as the polygon to clip, with their ids.
    pub start: Vec<TracePoint<V>>,
    /// The side planes, in clipping order (4 in 3D, 2 in 2D).
    pub side_planes: Vec<SidePlane<V>>,
    /// The polygon after clipping against each side plane in turn: `clipped[i]` follows
    /// `side_planes[i]`.
    pub clipped: Vec<Vec<TracePoint<V>>>,
    /// The clipped points whose separation is at most the margin, moved midway: the candidates
    /// before reduction, with the ids of the features they were built on (the manifold's points
    /// are then named by their place, [`PLACE`](super::PLACE)).
    pub below: Vec<ContactPoint<V>>,
    /// The reduction steps (empty when `below` has at most the maximum number of points).
    pub reduction: Vec<ReductionStep>,
}

/// The stages of an edge contact (3D).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EdgeTrace<V> {
    /// A's supporting edge: the edge along `A.u_i` furthest along the normal.
    pub edge_a: [V; 2],
    /// Which edge of A.
    pub feature_a: Feature,
    /// B's supporting edge: along `B.u_j`, furthest against the normal.
    pub edge_b: [V; 2],
    /// Which edge of B.
    pub feature_b: Feature,
    /// The point of A's edge closest to B's.
    pub closest_a: V,
    /// The point of B's edge closest to A's.
    pub closest_b: V,
}

/// Everything the manifold did, stage by stage, and its answer.
#[derive(Clone, Debug, PartialEq)]
pub struct ManifoldTrace<V> {
    /// The parameters used.
    pub params: ManifoldParams,
    /// The candidate axes measured, in test order. Stops at the first axis whose gap exceeds
    /// the margin, where the fast function stops too.
    pub axes: Vec<TraceAxis<V>>,
    /// The axis that separates the boxes by more than the margin: then there is no manifold.
    pub separated_by: Option<usize>,
    /// When the manifold's own gaps were within their rounding of the margin, whether the report
    /// said the boxes meet ([`SatReport::meets`](crate::sat::SatReport::meets), the one rule of
    /// meeting), which then decided; `None` when the manifold's gaps decided alone.
    pub report_decided: Option<bool>,
    /// The strict and chosen axes, when within the margin.
    pub choice: Option<AxisChoice>,
    /// The face contact stages, for a face axis.
    pub face: Option<FaceTrace<V>>,
    /// The edge contact stages, for an edge axis.
    pub edge: Option<EdgeTrace<V>>,
    /// When no part of the incident face lay over the reference face (the boxes meet beside it,
    /// within rounding of touching or inside the margin): the closest points of A and B, whose
    /// midpoint is the one contact point.
    pub closest: Option<[V; 2]>,
    /// The answer, identical to the fast function's.
    pub manifold: Option<Manifold<V>>,
}

/// A step of the picture, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The boxes are too far apart: the separating axis.
    Separated,
    /// The axis of least penetration, and the chosen one when the bias moved it.
    Axis,
    /// The reference face.
    ReferenceFace,
    /// The incident face.
    IncidentFace,
    /// After clipping against side plane `i`.
    Clip(usize),
    /// The points below the reference face, moved midway.
    Below,
    /// The reduction to four.
    Reduction,
    /// The two supporting edges and their closest points.
    Edges,
    /// Nothing of the incident face over the reference face: the closest points of the boxes.
    Closest,
    /// The final points.
    Points,
}

impl<V> ManifoldTrace<V> {
    /// The trace made on the cores of rounded boxes (with the margin widened by both radii
    /// together, `r`), told of the rounded boxes: every axis's gap, the margin and the choice
    /// less `r` (the gaps of the shadows grown by the radii), as the answer and the axes' table
    /// tell them. The stages' geometry stays the cores'.
    pub fn grown(mut self, r: f32) -> Self {
        for axis in &mut self.axes {
            axis.gap -= r;
        }
        self.params.margin -= r;
        self.choice = self.choice.map(|c| c.grown(r));
        self
    }

    pub(crate) fn new(params: ManifoldParams) -> Self {
        Self {
            params,
            axes: Vec::new(),
            separated_by: None,
            report_decided: None,
            choice: None,
            face: None,
            edge: None,
            closest: None,
            manifold: None,
        }
    }

    /// The stages this trace has, in the order to show them.
    pub fn stages(&self) -> Vec<Stage> {
        if self.separated_by.is_some() {
            return vec![Stage::Separated];
        }
        let mut s = vec![Stage::Axis];
        if let Some(f) = &self.face {
            s.extend([Stage::ReferenceFace, Stage::IncidentFace]);
            s.extend((0..f.clipped.len()).map(Stage::Clip));
            s.push(Stage::Below);
            if !f.reduction.is_empty() {
                s.push(Stage::Reduction);
            }
        }
        if self.edge.is_some() {
            s.push(Stage::Edges);
        }
        if self.closest.is_some() {
            s.push(Stage::Closest);
        }
        s.push(Stage::Points);
        s
    }

    /// A caption for one stage.
    pub fn caption(&self, stage: Stage) -> String {
        let n_points = self.manifold.as_ref().map_or(0, |m| m.len());
        match stage {
            Stage::Separated => self.separated_caption(),
            Stage::Axis => match (&self.choice, self.report_decided) {
                (Some(c), Some(true)) => format!(
                    "Contact axis: {} (the gaps are within rounding of the margin; the report's \
                     rule of meeting says the boxes meet)",
                    c.explain()
                ),
                (Some(c), _) => format!("Contact axis: {}", c.explain()),
                (None, _) => "No contact axis".into(),
            },
            Stage::ReferenceFace
            | Stage::IncidentFace
            | Stage::Clip(_)
            | Stage::Below
            | Stage::Reduction => self
                .face
                .as_ref()
                .map_or_else(String::new, |f| self.face_caption(stage, f)),
            Stage::Edges => match &self.edge {
                Some(e) => format!(
                    "Edge contact: one point, midway between the closest points of A {} and B {}",
                    e.feature_a.name(),
                    e.feature_b.name()
                ),
                None => String::new(),
            },
            Stage::Closest => {
                "Nothing of the incident face lies over the reference face: the boxes \
                 meet beside it, so the contact is one point midway between their closest points"
                    .into()
            }
            Stage::Points => format!("{} contact point{}", n_points, plural(n_points)),
        }
    }

    /// The caption of [`Stage::Separated`]: the axis that separates and by how much.
    fn separated_caption(&self) -> String {
        match self.separated_by.and_then(|i| self.axes.get(i)) {
            Some(a) if self.report_decided.is_some() => format!(
                "Separated: axis {} ({}) has gap {}, within rounding of the margin {}; the \
                 report's rule of meeting says apart: no contact points",
                a.index,
                a.kind.label(),
                fmt_num(a.gap),
                fmt_num(self.params.margin)
            ),
            Some(a) => format!(
                "Separated: axis {} ({}) has gap {}, more than the margin {}: no contact points",
                a.index,
                a.kind.label(),
                fmt_num(a.gap),
                fmt_num(self.params.margin)
            ),
            None => "Separated: no contact points".into(),
        }
    }

    /// The caption of a stage of the face contact `f`.
    fn face_caption(&self, stage: Stage, f: &FaceTrace<V>) -> String {
        match stage {
            Stage::ReferenceFace => format!(
                "Reference face: {} {}, whose outward normal is the contact axis",
                f.reference.owner,
                f.reference.face.name()
            ),
            Stage::IncidentFace => format!(
                "Incident face: {} {}, the face of {} most anti-parallel to the reference face",
                f.incident.owner,
                f.incident.face.name(),
                f.incident.owner
            ),
            Stage::Clip(i) => {
                let plane = f.side_planes.get(i);
                let n = f.clipped.get(i).map_or(0, Vec::len);
                format!(
                    "Clip {} of {}: keep what lies inside {}'s side plane {} ({} point{} left)",
                    i + 1,
                    f.side_planes.len(),
                    f.reference.owner,
                    plane.map(|p| p.face.name()).unwrap_or_default(),
                    n,
                    plural(n)
                )
            }
            Stage::Below => format!(
                "Keep the {} point{} at most {} above the reference face, each moved halfway to it",
                f.below.len(),
                plural(f.below.len()),
                fmt_num(self.params.margin)
            ),
            Stage::Reduction => format!(
                "Reduce {} points to {}: {}",
                f.below.len(),
                f.reduction.len(),
                f.reduction
                    .iter()
                    .map(|s| s.rule.describe())
                    .collect::<Vec<_>>()
                    .join(", then ")
            ),
            _ => String::new(),
        }
    }
}

/// What the construction tells its recorder, stage by stage (world coordinates).
pub(crate) enum Event<V> {
    Axis(TraceAxis<V>),
    Separated(usize),
    AskedReport(bool),
    Choice(AxisChoice),
    Faces {
        reference: FaceInfo<V>,
        incident: FaceInfo<V>,
        start: Vec<TracePoint<V>>,
        side_planes: Vec<SidePlane<V>>,
    },
    Clipped(Vec<TracePoint<V>>),
    Below(Vec<ContactPoint<V>>),
    Reduced(ReductionStep),
    Edges(EdgeTrace<V>),
    Closest([V; 2]),
}

/// Receives the stages. `record` takes a closure so that a recorder that keeps nothing never
/// builds the event.
pub(crate) trait Recorder<V> {
    /// Whether it keeps anything: what only the trace shows is computed only then.
    const KEEPS: bool;
    fn record(&mut self, event: impl FnOnce() -> Event<V>);
}

/// Keeps nothing: the fast path.
pub(crate) struct NoTrace;

impl<V> Recorder<V> for NoTrace {
    const KEEPS: bool = false;
    #[inline(always)]
    fn record(&mut self, _event: impl FnOnce() -> Event<V>) {}
}

/// Keeps every stage in a [`ManifoldTrace`].
pub(crate) struct TraceRecorder<V> {
    pub(crate) trace: ManifoldTrace<V>,
}

impl<V> TraceRecorder<V> {
    pub(crate) fn new(params: ManifoldParams) -> Self {
        Self {
            trace: ManifoldTrace::new(params),
        }
    }
}

impl<V> Recorder<V> for TraceRecorder<V> {
    const KEEPS: bool = true;
    fn record(&mut self, event: impl FnOnce() -> Event<V>) {
        let t = &mut self.trace;
        match event() {
            Event::Axis(a) => t.axes.push(a),
            Event::Separated(i) => t.separated_by = Some(i),
            Event::AskedReport(meets) => t.report_decided = Some(meets),
            Event::Choice(c) => t.choice = Some(c),
            Event::Faces {
                reference,
                incident,
                start,
                side_planes,
            } => {
                t.face = Some(FaceTrace {
                    reference,
                    incident,
                    start,
                    side_planes,
                    clipped: Vec::new(),
                    below: Vec::new(),
                    reduction: Vec::new(),
                })
            }
            Event::Clipped(p) => {
                if let Some(f) = &mut t.face {
                    f.clipped.push(p);
                }
            }
            Event::Below(p) => {
                if let Some(f) = &mut t.face {
                    f.below = p;
                }
            }
            Event::Reduced(s) => {
                if let Some(f) = &mut t.face {
                    f.reduction.push(s);
                }
            }
            Event::Edges(e) => t.edge = Some(e),
            Event::Closest(p) => t.closest = Some(p),
        }
    }
}

/// `"s"` unless `n` is 1.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
