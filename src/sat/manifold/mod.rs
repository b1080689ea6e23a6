//! Contact manifolds: the contact points an engine builds from the SAT verdict.
//!
//! A separating-axis test says *whether* two boxes overlap and along which axis they overlap least.
//! A physics engine needs one step more: *where* they touch, as up to four points (two in 2D), each
//! with its separation, so that a solver can push at the right places. Most bugs users file against
//! box–box collision live in that step: a missing point, one point where a resting box needs four, a
//! deep "ghost" contact when an edge axis ties with a face axis. This module builds the manifold the
//! way Box2D v3 (`manifold.c`, `b2ClipPolygons`), Box3D (`b3CollideHulls`), ODE (`dBoxBox`) and
//! Dirk Gregorius ("Robust Contact Creation for Physics Simulations", GDC 2015) do.
//!
//! # The construction
//!
//! 1. **Axis.** The 15 (3D) or 4 (2D) candidate axes are measured in A's frame, as in
//!    [`dim3::intersects`](super::dim3::intersects) but on unit axes: the *gap* of each
//!    (`|T·L| − (r_A + r_B)`, negative when overlapping). If one gap exceeds
//!    [`ManifoldParams::margin`] the boxes are too far apart and there is no manifold. Otherwise the
//!    *strict* choice is the largest gap (the report's axis of least penetration, ties to the lowest
//!    index). Engines do not take it as is: an edge axis that ties with a face axis within rounding
//!    gives a single deep point where a face contact gives four (mujoco_warp #1597, parry #315).
//!    So an edge axis is **chosen** only when it beats the best face axis clearly:
//!    `edge_gap > face_gap + edge_relative·|face_gap| + edge_absolute` (ODE's `fudge_factor = 1.05`
//!    in `dBoxBox`, Box3D's `0.1 · B3_LINEAR_SLOP` in `b3ComputeSeparatingAxis`). [`AxisChoice`]
//!    keeps both axes and, when they differ, the numbers of the decision.
//! 2. **Face axis** (`face_a` / `face_b`): the *reference face* is the face of that box whose outward
//!    normal is the axis (pointing at the other box); the *incident face* is the face of the other box
//!    most anti-parallel to it. The incident face is clipped (Sutherland–Hodgman; Ericson, *Real-Time
//!    Collision Detection*, §8.3.4) against the *side planes* of the reference face, the planes of
//!    the reference box's faces adjacent to it: four in 3D, two lines in 2D (Box2D's
//!    `b2ClipPolygons` clips one segment against two). The clipped points with a separation at most
//!    the margin are kept (below the reference face), and more than four are reduced to four
//!    (Box3D `b3ReduceManifoldPoints`): the deepest (of points of one depth, the farthest from
//!    their centre), then the farthest from it in the contact plane, then the one making the
//!    largest triangle, then the one adding the most area outside it.
//! 3. **Edge axis** (3D only): one point, the midpoint of the closest points of the two supporting
//!    edges (the edge of A parallel to `A.u_i` furthest along the normal, the edge of B parallel to
//!    `B.u_j` furthest against it), as in ODE's `dBoxBox` and Box3D's `b3BuildEdgeContact`
//!    (Ericson §5.1.9 for the closest points of their lines). When those closest points lie beyond
//!    an end of either edge the edges do not touch, and the best face axis is used instead
//!    ([`FaceBiasReason::EdgesDoNotCross`]; Box3D returns no contact there). That only happens to
//!    speculative pairs, separated within the margin.
//!
//! Two details keep the answer stable. Points closer than `1e-6` of the boxes' size (the sum of
//! their half extents) are one point: the corners of a flat box's face coincide, and a corner lying
//! on a side plane touches the crossing next to it. In the reduction, scores within `1e-4` of the
//! size tie, and a tie goes to the point whose feature pair has the smaller
//! [`ContactId::symmetric_key`]: resting boxes have many points at one depth, and rounding must not
//! pick among them. The deepest rule first breaks a tie by the distance from the candidates'
//! centre (the farther wins): among points of one depth it takes a corner of the patch, not a
//! point where an incident edge crosses a side plane it is nearly parallel to, which lies anywhere
//! along that side and would slide from frame to frame.
//!
//! # Conventions
//!
//! * The normal points **from A to B**, whichever box holds the reference face.
//! * A point's `separation` is the signed distance between the two surfaces at that point, along
//!   the normal: negative when they interpenetrate, positive (up to the margin) for a speculative
//!   point of boxes that are nearly touching.
//! * Points lie **midway between the two surfaces**: a clipped point of the incident face is moved
//!   half its separation towards the reference face (Box3D: "using the half-way point keeps the points
//!   in the same position when swapping reference face from A to B"; Box2D v3 does the same). So
//!   swapping A and B leaves every point in place and flips the normal.
//! * Every point carries a [`ContactId`]: the pair of box features whose meeting makes it (a vertex
//!   of one box inside a face of the other, two crossing edges, ...). It depends only on which
//!   features meet, so it stays the same while the boxes move a little without changing them; a
//!   solver matches points across frames by it.
//! * The id names the **place**, not the construction: on each box, the feature a point was built
//!   on is lowered to the side or corner of that box within [`PLACE`] times the boxes' size of the
//!   point. A corner of the contact patch so keeps one id whether it was reached as A's vertex, B's
//!   vertex or two edges crossing, and whichever box holds the reference face (Box3D's
//!   `b3FlipPair`). Two points never share an id: a name two points would share goes back, for
//!   both, to the features they were built on.
//!
//! # The picture and the answer
//!
//! The fast functions ([`dim3::manifold`](super::dim3::manifold),
//! [`dim2::manifold`](super::dim2::manifold)) use fixed arrays only: no allocation. The traced
//! variants ([`dim3::manifold_trace`](super::dim3::manifold_trace),
//! [`dim2::manifold_trace`](super::dim2::manifold_trace)) run the *same* code with a recorder that
//! keeps every stage ([`ManifoldTrace`]): the chosen and strict axes, the reference and incident
//! faces, the side planes, the polygon after each clip, the points kept before reduction and each
//! reduction step. In the fast path the recorder is a no-op that the compiler removes, so the picture
//! cannot disagree with the answer.
//!
//! [`reference::manifold3`](super::reference::manifold3) and
//! [`reference::manifold2`](super::reference::manifold2) build the same manifold in `f64` by
//! another route (intersecting the reference rectangle with the projected incident quad rather
//! than clipping), as the oracle of the tests and of the app's cross-check.

mod build;
mod trace;

pub use trace::{
    EdgeTrace, FaceInfo, FaceTrace, FeaturePoint, ManifoldTrace, ReductionRule, ReductionStep,
    SidePlane, Stage, TraceAxis, TracePoint,
};

pub use build::PLACE;
pub(crate) use build::{manifold2, manifold3};
pub(crate) use trace::{NoTrace, TraceRecorder};

use std::fmt;

use super::{AxisKind, DEGENERATE_THRESHOLD};

/// At most this many points in a 3D manifold.
pub const MAX_POINTS_3D: usize = 4;
/// At most this many points in a 2D manifold.
pub const MAX_POINTS_2D: usize = 2;

/// At most this many points in a manifold of dimension `dim` (2 or 3).
pub const fn max_points(dim: usize) -> usize {
    if dim == 3 {
        MAX_POINTS_3D
    } else {
        MAX_POINTS_2D
    }
}

/// The knobs of the manifold, with engine defaults.
///
/// An edge axis is used only when `edge_gap > face_gap + edge_relative·|face_gap| + edge_absolute`,
/// where `face_gap` is the best face axis's gap: with overlaps (negative gaps), the edge must be
/// shallower than the face by `edge_relative` of the face's depth plus `edge_absolute`. Both
/// zero gives the strict choice (the report's axis of least penetration).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ManifoldParams {
    /// Relative part of the edge bias, `≥ 0`. Default `0.05`: ODE's `dBoxBox` takes an edge axis
    /// only when `1.05 × its depth` is below the best depth so far, the same rule to first order.
    pub edge_relative: f32,
    /// Absolute part of the edge bias, in length units, `≥ 0`. Default `0.0005`: Box3D's
    /// `absFaceBias = 0.1 · B3_LINEAR_SLOP` (a linear slop of 0.005 m).
    pub edge_absolute: f32,
    /// Speculative margin, `≥ 0`: boxes separated by at most this still get points, with positive
    /// separation. Default `0` (only touching or overlapping boxes get a manifold).
    pub margin: f32,
    /// Cross products shorter than this are degenerate edge axes, never chosen (as in the report;
    /// see [`DEGENERATE_THRESHOLD`]).
    pub degenerate_threshold: f32,
    /// Which feature the points are built on: [`FeatureChoice::Auto`] (the rule above) by
    /// default, or one forced, as Box3D's Hull vs Hull sample forces it, to see what each choice
    /// would give.
    pub feature: FeatureChoice,
}

/// Which feature a manifold is built on: satbox's own choice, or one forced (Box3D's
/// `b3_manualFaceAxisA`, `b3_manualFaceAxisB`, `b3_manualEdgePairAxis`).
///
/// A forced choice takes the best axis of its kind (the largest gap): A's face axes, B's face
/// axes, or the edge axes that are not degenerate. A forced edge pair whose two supporting edges
/// do not cross (or a 3D pair whose edge axes are all degenerate) cannot give an edge contact, and
/// gets the best face axis, as the automatic choice does ([`FaceBiasReason::EdgesDoNotCross`]).
/// Forcing never changes whether there is a manifold: that is the one rule of meeting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FeatureChoice {
    /// The axis of least penetration, with the face preference ([`ManifoldParams`]).
    #[default]
    Auto,
    /// A face of A is the reference face: the best of A's face axes.
    FaceA,
    /// A face of B is the reference face: the best of B's face axes.
    FaceB,
    /// An edge of A against an edge of B (3D only): the best edge axis.
    EdgePair,
    /// This axis, by its index in test order (what a cached separating axis would reuse). A
    /// degenerate edge axis, or an index out of range, gives the best face axis.
    Axis(u8),
}

impl FeatureChoice {
    /// The four a person chooses among, in the order the window lists them.
    pub const CHOICES: [FeatureChoice; 4] = [
        FeatureChoice::Auto,
        FeatureChoice::FaceA,
        FeatureChoice::FaceB,
        FeatureChoice::EdgePair,
    ];

    /// `auto`, `face_a`, `face_b`, `edge` (as `check` reads it), `axis 7`.
    pub fn name(self) -> String {
        match self {
            FeatureChoice::Auto => "auto".into(),
            FeatureChoice::FaceA => "face_a".into(),
            FeatureChoice::FaceB => "face_b".into(),
            FeatureChoice::EdgePair => "edge".into(),
            FeatureChoice::Axis(k) => format!("axis {k}"),
        }
    }

    /// `auto`, `face of A`, `face of B`, `edge pair`, `axis 7`: in words.
    pub fn label(self) -> String {
        match self {
            FeatureChoice::Auto => "auto".into(),
            FeatureChoice::FaceA => "face of A".into(),
            FeatureChoice::FaceB => "face of B".into(),
            FeatureChoice::EdgePair => "edge pair".into(),
            FeatureChoice::Axis(k) => format!("axis {k}"),
        }
    }

    /// The choice named `auto`, `face_a`, `face_b` or `edge`.
    pub fn parse(name: &str) -> Option<FeatureChoice> {
        Self::CHOICES.into_iter().find(|c| c.name() == name)
    }

    /// Whether an axis of this kind is what the choice asks for (`Auto` takes any).
    pub fn takes(self, kind: AxisKind) -> bool {
        match self {
            FeatureChoice::Auto | FeatureChoice::Axis(_) => true,
            FeatureChoice::FaceA => matches!(kind, AxisKind::FaceA(_)),
            FeatureChoice::FaceB => matches!(kind, AxisKind::FaceB(_)),
            FeatureChoice::EdgePair => matches!(kind, AxisKind::Edge(..)),
        }
    }
}

impl Default for ManifoldParams {
    fn default() -> Self {
        Self {
            edge_relative: 0.05,
            edge_absolute: 0.0005,
            margin: 0.0,
            degenerate_threshold: DEGENERATE_THRESHOLD,
            feature: FeatureChoice::Auto,
        }
    }
}

impl ManifoldParams {
    /// No edge bias: the manifold is built on the strict axis of least penetration.
    pub fn strict() -> Self {
        Self {
            edge_relative: 0.0,
            edge_absolute: 0.0,
            ..Self::default()
        }
    }

    /// The same parameters with another speculative margin.
    pub fn with_margin(self, margin: f32) -> Self {
        Self { margin, ..self }
    }

    /// The same parameters with the feature chosen as `feature` says.
    pub fn with_feature(self, feature: FeatureChoice) -> Self {
        Self { feature, ..self }
    }

    /// What is wrong with these values, if anything: every field must be finite and `≥ 0`.
    pub fn problem(&self) -> Option<String> {
        [
            ("edge_relative", self.edge_relative),
            ("edge_absolute", self.edge_absolute),
            ("margin", self.margin),
            ("degenerate_threshold", self.degenerate_threshold),
        ]
        .into_iter()
        .find(|(_, v)| !v.is_finite() || *v < 0.0)
        .map(|(name, v)| format!("{name} is {v}; it must be a finite number >= 0"))
    }
}

/// A feature of one box: a vertex, an edge or a face (in 2D: a vertex or an edge).
///
/// Written as the set of local coordinates it fixes: a vertex fixes every coordinate to `±e_k`, a 3D
/// edge all but the one it runs along, a face only the one it is normal to. Bit `k` of `fixed` says
/// coordinate `k` is fixed, bit `k` of `positive` that it is fixed to `+e_k`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Feature {
    /// 2 or 3.
    pub dim: u8,
    /// Bit `k`: the feature lies on the plane `s_k = ±e_k`.
    pub fixed: u8,
    /// Bit `k` (only where `fixed`): that plane is `+e_k`.
    pub positive: u8,
}

/// What a [`Feature`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FeatureKind {
    /// A corner.
    Vertex,
    /// An edge (in 2D, a side of the rectangle).
    Edge,
    /// A face (3D only).
    Face,
}

impl Feature {
    /// The face (in 2D: the side) with outward normal `±u_axis`.
    pub fn face(dim: usize, axis: usize, positive: bool) -> Self {
        Self {
            dim: dim as u8,
            fixed: 1 << axis,
            positive: (positive as u8) << axis,
        }
    }

    /// The corner with `+e_k` along `u_k` where bit `k` of `positive_bits` is set (the index of
    /// [`Obb3::corners`](super::Obb3::corners)).
    pub fn vertex(dim: usize, positive_bits: u8) -> Self {
        let all = (1u8 << dim) - 1;
        Self {
            dim: dim as u8,
            fixed: all,
            positive: positive_bits & all,
        }
    }

    /// The 3D edge running along `u_axis`, on the side `positive_bits` gives for the other two axes.
    pub fn edge3(axis: usize, positive_bits: u8) -> Self {
        let fixed = 0b111 & !(1 << axis);
        Self {
            dim: 3,
            fixed,
            positive: positive_bits & fixed,
        }
    }

    /// Vertex, edge or face, from how many coordinates are fixed.
    pub fn kind(&self) -> FeatureKind {
        let n = self.fixed.count_ones() as u8;
        if n >= self.dim {
            FeatureKind::Vertex
        } else if n + 1 == self.dim {
            FeatureKind::Edge
        } else {
            FeatureKind::Face
        }
    }

    /// For a vertex, its index in the box's `corners()` array: 3D bit `k` set = `+e_k`; 2D
    /// counter-clockwise from `−u0 − u1`.
    pub fn corner_index(&self) -> Option<usize> {
        if self.kind() != FeatureKind::Vertex {
            return None;
        }
        let p = self.positive as usize;
        Some(if self.dim == 2 {
            // (−,−) (+,−) (+,+) (−,+)
            [0, 1, 3, 2][p & 3]
        } else {
            p
        })
    }

    /// The same feature written canonically for a box whose half extents are zero on the axes of
    /// `flat` (bit `k`): there `+e_k` and `−e_k` coincide, and the feature is written with `−`.
    pub fn canonical(self, flat: u8) -> Self {
        Self {
            positive: self.positive & !flat,
            ..self
        }
    }

    /// The bits of the axes with a zero half extent, or one within rounding of zero (at most
    /// `f32::EPSILON` times the largest): there the two faces are one number apart at most.
    #[inline]
    pub fn flat_axes(half_extents: &[f32]) -> u8 {
        let largest = half_extents.iter().fold(0.0f32, |m, e| m.max(*e));
        let mut bits = 0;
        for (k, e) in half_extents.iter().enumerate() {
            bits |= u8::from(*e <= f32::EPSILON * largest) << k;
        }
        bits
    }

    /// The feature that both lie on: the coordinates fixed in both, to the same side.
    pub fn common(self, other: Self) -> Self {
        let fixed = self.fixed & other.fixed & !(self.positive ^ other.positive);
        Self {
            dim: self.dim,
            fixed,
            positive: self.positive & fixed,
        }
    }

    /// This feature cut by the plane `s_axis = ±e_axis`.
    pub fn with(self, axis: usize, positive: bool) -> Self {
        Self {
            dim: self.dim,
            fixed: self.fixed | (1 << axis),
            positive: (self.positive & !(1 << axis)) | ((positive as u8) << axis),
        }
    }

    /// Writes the signed axes it is fixed on: `+u1 −u2`.
    fn write_signs(&self, f: &mut impl fmt::Write) -> fmt::Result {
        const SIGNED: [[&str; 3]; 2] = [["−u0", "−u1", "−u2"], ["+u0", "+u1", "+u2"]];
        let mut first = true;
        for k in 0..self.dim.min(3) {
            if self.fixed & (1 << k) == 0 {
                continue;
            }
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            let positive = self.positive & (1 << k) != 0;
            f.write_str(SIGNED[usize::from(positive)][usize::from(k)])?;
        }
        Ok(())
    }

    /// 6 bits: `fixed` in bits 0..3, `positive` in bits 3..6.
    fn bits(&self) -> u32 {
        (self.fixed as u32 & 7) | ((self.positive as u32 & 7) << 3)
    }

    /// `face +u1`, `edge +u1 −u2`, `vertex 5 (+u0 −u1 +u2)`; in 2D a side is an `edge +u1`.
    pub fn name(&self) -> String {
        self.to_string()
    }

    /// Its [`Feature::name`] from a table made once: for writing many of them (`check`).
    pub fn text(&self) -> &'static str {
        static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        let names = NAMES.get_or_init(|| {
            (0..4 * 64u32)
                .map(|k| {
                    let bits = (k % 64) as u8;
                    Feature {
                        dim: (k / 64) as u8,
                        fixed: bits & 7,
                        positive: bits >> 3,
                    }
                    .to_string()
                })
                .collect()
        });
        &names[64 * usize::from(self.dim.min(3)) + self.bits() as usize]
    }
}

impl fmt::Display for Feature {
    /// Its [`Feature::name`], written without building a string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            FeatureKind::Vertex => {
                write!(f, "vertex {} (", self.corner_index().unwrap_or_default())?;
                self.write_signs(f)?;
                f.write_str(")")
            }
            FeatureKind::Edge => {
                f.write_str("edge ")?;
                self.write_signs(f)
            }
            FeatureKind::Face => {
                f.write_str("face ")?;
                self.write_signs(f)
            }
        }
    }
}

/// Which features of A and B meet at a contact point. Unchanged while the boxes move without
/// changing those features; swapping A and B swaps the two halves. On a flat box (a zero half
/// extent) coinciding features are written once (see [`Feature::canonical`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ContactId {
    /// The feature of box A.
    pub a: Feature,
    /// The feature of box B.
    pub b: Feature,
}

impl ContactId {
    /// One number for the pair, as `check` writes it: A's feature in bits 0..6, B's in bits 6..12
    /// (each: bits 0..3 the fixed coordinates, bits 3..6 which of them are at `+e_k`).
    pub fn key(&self) -> u32 {
        self.a.bits() | (self.b.bits() << 6)
    }

    /// The same key whichever box is called A: the smaller of the two orders. Used to break ties
    /// in the reduction, so that swapping A and B cannot change which points are kept.
    pub fn symmetric_key(&self) -> u32 {
        self.key().min(self.swapped().key())
    }

    /// The id with A and B exchanged.
    pub fn swapped(&self) -> Self {
        Self {
            a: self.b,
            b: self.a,
        }
    }

    /// `A face +u1 × B vertex 3 (+u0 +u1 −u2)`.
    pub fn name(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for ContactId {
    /// Its [`ContactId::name`], written without building a string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "A {} × B {}", self.a, self.b)
    }
}

/// One contact point. `V` is `Vec2` or `Vec3`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ContactPoint<V> {
    /// World position, midway between the two surfaces.
    pub point: V,
    /// Signed distance between the surfaces along the normal: negative when penetrating.
    pub separation: f32,
    /// The pair of features that meet here.
    pub id: ContactId,
}

/// Why an edge axis gave way to the best face axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaceBiasReason {
    /// The edge axis did not beat the best face axis by the bias (see [`ManifoldParams`]).
    WithinBias,
    /// The supporting edges do not cross: the closest points of their lines lie beyond an end
    /// of one of them, so the two edges do not touch and the axis gives no edge contact. (Box3D's
    /// `b3BuildEdgeContact` returns no contact there; satbox uses the best face axis.)
    EdgesDoNotCross,
}

/// Why the manifold's axis is not the strict axis of least penetration: an edge axis overlapped
/// least, but the best face axis was used (see [`FaceBiasReason`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FaceBias {
    /// Why.
    pub reason: FaceBiasReason,
    /// The edge axis (the strict choice).
    pub edge: usize,
    /// Its gap.
    pub edge_gap: f32,
    /// The best face axis (the one used).
    pub face: usize,
    /// Its gap.
    pub face_gap: f32,
    /// The gap the edge axis had to exceed: `face_gap + edge_relative·|face_gap| + edge_absolute`.
    pub threshold: f32,
}

/// The axis a manifold is built on, beside the strict axis of least penetration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisChoice {
    /// The largest gap over the non-degenerate axes (ties: lowest index): the axis of least
    /// penetration, the report's `min_axis` (up to rounding when two axes tie).
    pub strict: usize,
    /// What the strict axis is made of.
    pub strict_kind: AxisKind,
    /// Its gap (minus the depth).
    pub strict_gap: f32,
    /// The axis the points are built on.
    pub chosen: usize,
    /// What it is made of: `FaceA`/`FaceB` give a face contact, `Edge` an edge contact.
    pub kind: AxisKind,
    /// Its gap: minus the depth along it.
    pub gap: f32,
    /// When `chosen != strict`: the numbers of the decision.
    pub bias: Option<FaceBias>,
    /// The feature asked for ([`ManifoldParams::feature`]): `Auto` unless one was forced.
    pub forced: FeatureChoice,
}

impl AxisChoice {
    /// The same choice moved to the best face axis because the strict edge axis's edges do not
    /// cross.
    pub(crate) fn to_face(
        self,
        face: usize,
        face_kind: AxisKind,
        face_gap: f32,
        threshold: f32,
    ) -> Self {
        Self {
            chosen: face,
            kind: face_kind,
            gap: face_gap,
            bias: Some(FaceBias {
                reason: FaceBiasReason::EdgesDoNotCross,
                edge: self.chosen,
                edge_gap: self.gap,
                face,
                face_gap,
                threshold,
            }),
            ..self
        }
    }
}

impl AxisChoice {
    /// The same choice for rounded boxes whose cores it was made on, both radii together `r`:
    /// every gap less `r` (the gaps of the shadows grown by the radii).
    pub fn grown(self, r: f32) -> Self {
        Self {
            strict_gap: self.strict_gap - r,
            gap: self.gap - r,
            bias: self.bias.map(|b| FaceBias {
                edge_gap: b.edge_gap - r,
                face_gap: b.face_gap - r,
                threshold: b.threshold - r,
                ..b
            }),
            ..self
        }
    }

    /// The overlap along the chosen axis (`−gap`): the depth the manifold's deepest point reaches.
    pub fn depth(&self) -> f32 {
        -self.gap
    }

    /// Why the points are built on another axis than the strict one, in a few words: the face
    /// preference, supporting edges that do not cross, a forced feature, or (no bias) a tie with
    /// another axis within rounding.
    pub fn why_not_strict(&self) -> &'static str {
        match self.bias.map(|b| b.reason) {
            Some(FaceBiasReason::EdgesDoNotCross) => "the edges of the deciding axis do not cross",
            _ if self.forced != FeatureChoice::Auto => "the feature was forced",
            Some(FaceBiasReason::WithinBias) => "the face preference",
            None => "tied with it within rounding",
        }
    }

    /// One sentence for the panel: which axis, and why when the bias moved it or a feature was
    /// forced.
    pub fn explain(&self) -> String {
        if self.forced != FeatureChoice::Auto {
            return self.explain_forced();
        }
        match &self.bias {
            None => format!(
                "axis {} ({}), gap {}: the axis of least penetration",
                self.chosen,
                self.kind.label(),
                super::fmt_num(self.gap)
            ),
            Some(b) => {
                let why = match b.reason {
                    FaceBiasReason::WithinBias => format!(
                        "an edge axis must beat the best face axis by the bias, gap > {}",
                        super::fmt_num(b.threshold)
                    ),
                    FaceBiasReason::EdgesDoNotCross => {
                        "its two supporting edges do not cross, so they do not touch".to_string()
                    }
                };
                format!(
                    "axis {} ({}), gap {}, instead of the strict axis {} ({}), gap {}: {why}",
                    b.face,
                    self.kind.label(),
                    super::fmt_num(b.face_gap),
                    b.edge,
                    self.strict_kind.label(),
                    super::fmt_num(b.edge_gap),
                )
            }
        }
    }
}

impl AxisChoice {
    /// [`AxisChoice::explain`] for a forced feature: what was asked, what it gave, and the axis
    /// satbox would have chosen.
    fn explain_forced(&self) -> String {
        let asked = self.forced.label();
        let gap = super::fmt_num(self.gap);
        let given = format!("axis {} ({}), gap {gap}", self.chosen, self.kind.label());
        let honoured = self.forced.takes(self.kind)
            && match self.forced {
                FeatureChoice::Axis(k) => usize::from(k) == self.chosen,
                _ => true,
            };
        let why = if honoured {
            format!("forced: {asked}")
        } else {
            format!("{asked} asked, but it gives no contact here (its edges do not cross or are parallel): the best face axis")
        };
        if self.chosen == self.strict {
            format!("{given}, {why}; also the axis of least penetration")
        } else {
            format!(
                "{given}, {why}; the axis of least penetration is axis {} ({}), gap {}",
                self.strict,
                self.strict_kind.label(),
                super::fmt_num(self.strict_gap)
            )
        }
    }
}

/// A contact manifold: the normal and up to four points (two in 2D), in fixed storage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold<V> {
    /// Unit normal from A to B (the chosen axis, oriented).
    pub normal: V,
    /// The chosen axis and the strict one.
    pub choice: AxisChoice,
    points: [ContactPoint<V>; MAX_POINTS_3D],
    len: u8,
}

impl<V: Copy + Default> Manifold<V> {
    pub(crate) fn new(normal: V, choice: AxisChoice) -> Self {
        Self {
            normal,
            choice,
            points: [ContactPoint::default(); MAX_POINTS_3D],
            len: 0,
        }
    }

    /// Appends a point (ignored beyond the capacity of 4).
    pub(crate) fn push(&mut self, p: ContactPoint<V>) {
        if (self.len as usize) < MAX_POINTS_3D {
            self.points[self.len as usize] = p;
            self.len += 1;
        }
    }
}

impl<V> Manifold<V> {
    /// The points: 1 to 4 in 3D, 1 or 2 in 2D.
    pub fn points(&self) -> &[ContactPoint<V>] {
        &self.points[..self.len as usize]
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// No points (never true of a manifold returned by the public functions).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `face_a`, `face_b` or `edge`: the kind of the chosen axis.
    pub fn kind(&self) -> AxisKind {
        self.choice.kind
    }

    /// The point with the smallest separation.
    pub fn deepest(&self) -> Option<&ContactPoint<V>> {
        self.points()
            .iter()
            .min_by(|p, q| p.separation.total_cmp(&q.separation))
    }

    /// The same manifold with every vector (the normal, each point) mapped by `f`: a 2D
    /// manifold in three coordinates and back.
    pub fn map<W: Copy + Default>(&self, f: impl Fn(V) -> W) -> Manifold<W>
    where
        V: Copy,
    {
        let mut out = Manifold::new(f(self.normal), self.choice);
        for p in self.points() {
            out.push(ContactPoint {
                point: f(p.point),
                separation: p.separation,
                id: p.id,
            });
        }
        out
    }
}

/// A 2D manifold.
pub type Manifold2 = Manifold<glam::Vec2>;
/// A 3D manifold.
pub type Manifold3 = Manifold<glam::Vec3>;
/// A traced 2D manifold.
pub type ManifoldTrace2 = ManifoldTrace<glam::Vec2>;
/// A traced 3D manifold.
pub type ManifoldTrace3 = ManifoldTrace<glam::Vec3>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_named_by_their_signed_axes() {
        assert_eq!(Feature::face(3, 1, true).name(), "face +u1");
        assert_eq!(Feature::edge3(0, 0b010).name(), "edge +u1 −u2");
        assert_eq!(Feature::vertex(3, 0b011).name(), "vertex 3 (+u0 +u1 −u2)");
        assert_eq!(Feature::face(2, 0, false).name(), "edge −u0");
        // 2D corners are numbered counter-clockwise like Obb2::corners
        assert_eq!(Feature::vertex(2, 0b10).name(), "vertex 3 (−u0 +u1)");
        let id = ContactId {
            a: Feature::vertex(3, 0b011),
            b: Feature::face(3, 1, true),
        };
        assert_eq!(id.name(), "A vertex 3 (+u0 +u1 −u2) × B face +u1");
    }

    #[test]
    fn two_adjacent_corners_share_the_edge_between_them_and_a_cut_makes_a_vertex() {
        let v1 = Feature::vertex(3, 0b001);
        let v2 = Feature::vertex(3, 0b011);
        let edge = v1.common(v2);
        assert_eq!(edge, Feature::edge3(1, 0b001));
        assert_eq!(edge.kind(), FeatureKind::Edge);
        // opposite corners share nothing
        assert_eq!(Feature::vertex(3, 0).common(Feature::vertex(3, 7)).fixed, 0);
        let face = Feature::face(3, 2, true);
        assert_eq!(face.with(0, false).with(1, true), Feature::vertex(3, 0b110));
    }

    #[test]
    fn keys_are_distinct_for_distinct_pairs_and_symmetric_keys_ignore_the_order() {
        let f = Feature::face(3, 1, true);
        let v = Feature::vertex(3, 5);
        let ab = ContactId { a: f, b: v };
        assert_ne!(ab.key(), ab.swapped().key());
        assert_eq!(ab.symmetric_key(), ab.swapped().symmetric_key());
        let mut keys = std::collections::HashSet::new();
        for fixed in 0..8u8 {
            for positive in 0..8u8 {
                if positive & !fixed == 0 {
                    let a = Feature {
                        dim: 3,
                        fixed,
                        positive,
                    };
                    assert!(keys.insert(ContactId { a, b: v }.key()));
                }
            }
        }
    }

    #[test]
    fn negative_or_nan_parameters_are_named() {
        assert_eq!(ManifoldParams::default().problem(), None);
        let p = ManifoldParams {
            margin: -0.1,
            ..Default::default()
        };
        assert!(p.problem().unwrap().starts_with("margin"));
        let p = ManifoldParams {
            edge_relative: f32::NAN,
            ..Default::default()
        };
        assert!(p.problem().unwrap().starts_with("edge_relative"));
    }
}
