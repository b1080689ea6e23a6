//! The construction, written once for 2D and 3D: the axis choice, the face contact (incident face,
//! side planes, clipping, the points below, the reduction) and, in 3D, the edge contact.
//!
//! Everything is computed in the frame of the box holding the reference face (A's frame for the
//! axes and edge contacts): that box is then axis-aligned at the origin, its side planes are
//! `±x_m = e_m`, and the numbers keep their precision far from the world origin. Only the results
//! (and the recorded stages) are taken back to world space.

use arrayvec::ArrayVec;
use glam::{Vec2, Vec3};

use super::trace::{
    EdgeTrace, Event, FaceInfo, FeaturePoint, Recorder, ReductionRule, ReductionStep, SidePlane,
    TraceAxis, TracePoint,
};
use super::{
    AxisChoice, ContactId, ContactPoint, FaceBias, FaceBiasReason, Feature, FeatureChoice,
    Manifold, ManifoldParams,
};
use crate::sat::obb::Obb;
use crate::sat::{distance, AxisKind, Obb2, Obb3, Vector, Which};

/// The candidate axes of a 3D pair, and of a 2D one.
const AXES3: usize = <Obb3 as Obb>::AXES;
const AXES2: usize = <Obb2 as Obb>::AXES;

/// A box's frame: local coordinates to world.
#[derive(Clone, Copy)]
struct BoxFrame<V, const D: usize> {
    origin: V,
    axes: [V; D],
}

impl<V: Vector, const D: usize> BoxFrame<V, D> {
    #[inline]
    fn vector(&self, v: V) -> V {
        let mut w = V::default();
        for k in 0..D {
            w += self.axes[k] * v[k];
        }
        w
    }

    #[inline]
    fn point(&self, p: V) -> V {
        self.origin + self.vector(p)
    }
}

/// The two boxes seen from the reference box: it is axis-aligned at the origin with half extents
/// `e`; the incident box has centre `c`, axes `u` and half extents `f` in that frame.
struct Local<V, const D: usize> {
    e: [f32; D],
    c: V,
    u: [V; D],
    f: [f32; D],
}

/// A vertex of the polygon being clipped: where it is, on which feature of the reference box it
/// lies (the reference face, cut by the side planes it was clipped at) and which feature of the
/// incident box it is on, each packed in a byte ([`Packed`]).
#[derive(Clone, Copy, Default)]
struct ClipVertex<V> {
    p: V,
    r: Packed,
    i: Packed,
}

/// A [`Feature`] in one byte while clipping: `fixed` in bits 0..3, `positive` in bits 3..6.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Packed(u8);

impl Packed {
    #[inline]
    fn of(f: Feature) -> Self {
        Packed((f.fixed & 7) | ((f.positive & 7) << 3))
    }

    /// The feature both lie on (see [`Feature::common`]).
    #[inline]
    fn common(self, other: Self) -> Self {
        let fixed = self.0 & other.0 & !((self.0 ^ other.0) >> 3) & 7;
        Packed(fixed | ((self.0 >> 3) & fixed) << 3)
    }

    /// Cut by the plane `s_axis = ±e_axis` (see [`Feature::with`]).
    #[inline]
    fn with(self, axis: usize, positive: bool) -> Self {
        let bit = 1u8 << axis;
        let pos = ((self.0 >> 3) & !bit) | if positive { bit } else { 0 };
        Packed(((self.0 | bit) & 7) | (pos << 3))
    }

    /// Back to a [`Feature`] of a `dim`-dimensional box, written canonically for its flat axes.
    #[inline]
    fn feature(self, dim: usize, flat: u8) -> Feature {
        Feature {
            dim: dim as u8,
            fixed: self.0 & 7,
            positive: (self.0 >> 3) & 7,
        }
        .canonical(flat)
    }
}

/// Points closer than this times the boxes' size (the sum of all half extents) are welded into one.
pub(crate) const WELD: f32 = 1e-6;
/// Scores closer than this times the boxes' size tie in the reduction (then the smaller symmetric
/// key wins).
pub(crate) const TIE: f32 = 1e-4;
/// A point within this times the boxes' size (the sum of both boxes' half extents) of a side or
/// corner of a box is named, on that box, by that side or corner: the id names the place, not
/// the construction (see the [module docs](super#conventions)).
pub const PLACE: f32 = 1e-3;

/// A quad clipped by four planes has at most 8 vertices.
const CAPACITY: usize = 8;

/// A convex polygon (or a segment, or a point) being clipped, held inline (no allocation, no
/// initialised spare slots).
#[derive(Clone)]
struct Polygon<V> {
    v: ArrayVec<ClipVertex<V>, CAPACITY>,
}

impl<V: Vector> Polygon<V> {
    fn new() -> Self {
        Self { v: ArrayVec::new() }
    }

    /// Appends a vertex. A quad clipped by four planes never has more than 8.
    #[inline]
    fn push(&mut self, v: ClipVertex<V>) {
        debug_assert!(!self.v.is_full(), "a clipped quad has at most 8 vertices");
        let _ = self.v.try_push(v);
    }

    #[inline]
    fn vertices(&self) -> &[ClipVertex<V>] {
        &self.v
    }
}

/// A point kept below the reference face, already midway, in the reference frame; its features
/// packed and written canonically, and the symmetric key of their pair (the key of
/// [`ContactId::symmetric_key`], which does not depend on which box is the reference).
#[derive(Clone, Copy, Default)]
struct Candidate<V> {
    p: V,
    separation: f32,
    r: Packed,
    i: Packed,
    key: u16,
}

/// The sign of `x`, `+1` for zero.
#[inline]
fn sign(x: f32) -> f32 {
    if x >= 0.0 {
        1.0
    } else {
        -1.0
    }
}

/// The axis choice from the measured gaps: the strict largest gap, and the best face axis unless
/// an edge axis beats it by the bias. Faces come first in `gaps` (`faces` of them); a degenerate
/// edge axis has the gap −∞ here, so that it is never chosen. Also returns the best face axis and
/// the bias threshold.
#[inline(always)]
fn choose(
    gaps: &[f32],
    faces: usize,
    kind: impl Fn(usize) -> AxisKind,
    params: &ManifoldParams,
) -> (AxisChoice, usize, f32) {
    let mut face = 0;
    for i in 1..faces {
        if gaps[i] > gaps[face] {
            face = i;
        }
    }
    let (mut edge_gap, mut edge_index) = (f32::NEG_INFINITY, usize::MAX);
    for (i, &g) in gaps.iter().enumerate().skip(faces) {
        if g > edge_gap {
            (edge_gap, edge_index) = (g, i);
        }
    }
    let edge = (edge_index != usize::MAX).then_some(edge_index);
    // ties go to the lower index: the face
    let strict = match edge {
        Some(e) if gaps[e] > gaps[face] => e,
        _ => face,
    };
    let threshold = gaps[face]
        + params.edge_relative.max(0.0) * gaps[face].abs()
        + params.edge_absolute.max(0.0);
    let auto = match edge {
        Some(e) if gaps[e] > threshold => e,
        _ => face,
    };
    let chosen = match params.feature {
        FeatureChoice::Auto => auto,
        forced => forced_axis(gaps, faces, forced, face, edge),
    };
    let bias = (chosen != strict && params.feature == FeatureChoice::Auto).then(|| FaceBias {
        reason: FaceBiasReason::WithinBias,
        edge: strict,
        edge_gap: gaps[strict],
        face: chosen,
        face_gap: gaps[chosen],
        threshold,
    });
    let choice = AxisChoice {
        strict,
        strict_kind: kind(strict),
        strict_gap: gaps[strict],
        chosen,
        kind: kind(chosen),
        gap: gaps[chosen],
        bias,
        forced: params.feature,
    };
    (choice, face, threshold)
}

/// The axis a forced feature takes: the best (largest gap) of A's face axes (the first half of
/// the `faces`), of B's, of the edge axes (`edge`, the best of them; without one, the best face
/// `face`), or the axis given (a degenerate one, gap −∞ here, or one out of range: `face`).
#[cold]
fn forced_axis(
    gaps: &[f32],
    faces: usize,
    forced: FeatureChoice,
    face: usize,
    edge: Option<usize>,
) -> usize {
    let best = |range: std::ops::Range<usize>| {
        range
            .reduce(|best, i| if gaps[i] > gaps[best] { i } else { best })
            .unwrap_or(face)
    };
    match forced {
        FeatureChoice::Auto => face,
        FeatureChoice::FaceA => best(0..faces / 2),
        FeatureChoice::FaceB => best(faces / 2..faces),
        FeatureChoice::EdgePair => edge.unwrap_or(face),
        FeatureChoice::Axis(k) => {
            let k = usize::from(k);
            if k < gaps.len() && gaps[k] > f32::NEG_INFINITY {
                k
            } else {
                face
            }
        }
    }
}

/// Rounding units of the pair's size in [`Rounding`]: twice the report's
/// [`TOUCHING_AXIS_ULPS`](crate::sat::TOUCHING_AXIS_ULPS), since the manifold's gaps are measured
/// another way (in A's frame) and each side's rounding adds up.
const ROUNDING_SIZE_ULPS: f32 = 2.0 * crate::sat::TOUCHING_AXIS_ULPS;

/// How far an edge cross product's length may be from the degenerate threshold, relatively, and
/// still be flagged otherwise by the report (which measures it in world space).
const NEAR_THRESHOLD: f32 = 1e-3;

/// How far from zero a gap of this pair may be and still be zero as far as `f32` can tell, and how
/// far the manifold's gaps may be from the report's.
///
/// Whether the boxes meet is the report's rule ([`SatReport::meets`](crate::sat::SatReport::meets)):
/// a manifold exists exactly when the report says they meet within the margin. The manifold
/// measures its gaps in A's frame (precise far from the origin, and cheaper), and those differ from
/// the report's by rounding: on a face axis by at most `reach = 2·size`, with
/// `size = ε·16·(Σ e_A + Σ e_B + |T|)`; on an edge axis made of a cross product of length `ℓ` by `reach / ℓ` (a cross product of
/// nearly parallel edges magnifies the rounding of its parts; measured over 400,000 random pairs,
/// the largest difference was 7.2·ε·(Σ e + |T|)/ℓ, against the 32 allowed here). Where a gap of its
/// own is further than that from the margin, the manifold's measurement decides as the report
/// would; within it, the manifold asks the report.
#[derive(Clone, Copy)]
struct Rounding {
    /// `ε · 16·(Σ e_A + Σ e_B + |T| + f32::MIN_POSITIVE)`: the rounding of the gaps and of the
    /// points' separations (subnormal numbers round by a unit of their own, whatever the size).
    size: f32,
    /// `size` plus `ε · 2·(|A.center| + |B.center|)`: where the boxes are, at least the report's
    /// band of touching on every axis ([`crate::sat::SatReport::touching_band`]).
    band: f32,
}

impl Rounding {
    fn of(extents: f32, t: f32, centres: f32) -> Self {
        // `f32::MIN_POSITIVE` in the sum: below it numbers are subnormal, and every operation may
        // be off by a subnormal unit (`ε · MIN_POSITIVE`) whatever the pair's size
        let size = f32::EPSILON * ROUNDING_SIZE_ULPS * (extents + t + f32::MIN_POSITIVE);
        Self {
            size,
            band: size + f32::EPSILON * crate::sat::TOUCHING_CENTER_ULPS * centres,
        }
    }

    /// How far the report's gap on an axis may be from the manifold's, for an axis of length `ℓ`
    /// before normalising (1 for a face axis) given as `1/ℓ`.
    #[inline(always)]
    fn reach(&self, inverse_length: f32) -> f32 {
        2.0 * self.size * inverse_length
    }

    /// The report's gap on this axis exceeds the margin by more than its band, whatever the
    /// rounding: the report calls the boxes apart.
    #[inline(always)]
    fn apart(&self, gap: f32, margin: f32, inverse_length: f32) -> bool {
        gap > margin + self.band + self.reach(inverse_length)
    }

    /// The report's gap on this axis may exceed the margin: only the report can tell.
    #[inline(always)]
    fn unsure(&self, gap: f32, margin: f32, inverse_length: f32) -> bool {
        gap + self.reach(inverse_length) > margin
    }

    /// What the face contact keeps: the points up to the margin, or up to the largest gap when it
    /// exceeds it (a pair the report calls touching), widened by the rounding of the separations;
    /// and the corners within that rounding of a side plane.
    fn keeping(&self, params: &ManifoldParams, largest_gap: f32) -> Keep {
        Keep {
            margin: params.margin.max(largest_gap) + self.size,
            slack: self.size,
        }
    }
}

/// What a face contact keeps ([`Rounding::keeping`]).
#[derive(Clone, Copy)]
struct Keep {
    /// Points whose separation is at most this are kept.
    margin: f32,
    /// A corner within this of a side plane is on it (see [`clip`]).
    slack: f32,
}

/// Asks the report whether the boxes meet (`apart` gives its first separating axis when they do
/// not) and records the answer; true when they are apart.
fn ask_report<V, R: Recorder<V>>(rec: &mut R, apart: impl FnOnce() -> Option<usize>) -> bool {
    let apart = apart();
    rec.record(|| Event::AskedReport(apart.is_none()));
    if let Some(k) = apart {
        rec.record(|| Event::Separated(k));
    }
    apart.is_some()
}

/// Whether the report says the boxes meet within the margin (the one rule of meeting), asked only
/// where the manifold's own gaps are within their rounding of the decision. `None` when they meet;
/// otherwise the report's first separating axis.
#[cold]
#[inline(never)]
fn report_apart3(a: &Obb3, b: &Obb3, params: &ManifoldParams) -> Option<usize> {
    let sat = crate::sat::SatParams {
        degenerate_threshold: params.degenerate_threshold,
        ..Default::default()
    };
    let r = <Obb3 as Obb>::report(a, b, &sat);
    (!r.meets(params.margin)).then(|| r.first_separating.unwrap_or(0))
}

/// [`report_apart3`] in 2D.
#[cold]
#[inline(never)]
fn report_apart2(a: &Obb2, b: &Obb2, params: &ManifoldParams) -> Option<usize> {
    let r = <Obb2 as Obb>::report(a, b, &Default::default());
    (!r.meets(params.margin)).then(|| r.first_separating.unwrap_or(0))
}

/// B seen from A, for the 3D axes: `rm[j][i] = R_ij = A.u_i · B.u_j`, its columns `col[j]` (B's
/// axes in A's frame) and absolute values `ar`, the centres' offset `tv` in A's frame (`t` as an
/// array), both boxes' half extents, and the pair's rounding.
struct InA3 {
    rm: [[f32; 3]; 3],
    col: [Vec3; 3],
    ar: [[f32; 3]; 3],
    tv: Vec3,
    t: [f32; 3],
    ea: [f32; 3],
    eb: [f32; 3],
    rounding: Rounding,
}

impl InA3 {
    /// B in A's frame (as `dim3::intersects` computes it).
    #[inline(always)]
    fn new(a: &Obb3, b: &Obb3) -> Self {
        // spelled out: `array::map` here compiled to a loop through `Try` in some builds
        let [r0, r1, r2] = crate::sat::rotation::rotation_in_a(a.rotation, b.rotation);
        let rm = [
            [r0[0], r0[1], r0[2]],
            [r1[0], r1[1], r1[2]],
            [r2[0], r2[1], r2[2]],
        ];
        let col = [
            Vec3::from_array(rm[0]),
            Vec3::from_array(rm[1]),
            Vec3::from_array(rm[2]),
        ];
        let abs = |c: [f32; 3]| [c[0].abs(), c[1].abs(), c[2].abs()];
        let tv = a.rotation.conjugate() * (b.center - a.center);
        Self {
            rm,
            col,
            ar: [abs(rm[0]), abs(rm[1]), abs(rm[2])],
            tv,
            t: tv.to_array(),
            ea: a.half_extents.to_array(),
            eb: b.half_extents.to_array(),
            rounding: Rounding::of(
                a.half_extents.element_sum() + b.half_extents.element_sum(),
                tv.length(),
                a.center.length() + b.center.length(),
            ),
        }
    }

    /// The unit edge axis `A.u_i × B.u_j` (`e = 3i + j`) in A's frame, from the length of its
    /// cross product (∞ when degenerate: the zero vector).
    #[inline(always)]
    fn edge_axis(&self, e: usize, len: &[f32; 9]) -> Vec3 {
        Vec3::AXES[e / 3].cross(self.col[e % 3]) / len[e]
    }

    /// A in B's frame, for a reference face of B: the rows of R, and `−Rᵀt` (from the signed
    /// distances on B's face axes).
    #[inline(always)]
    fn b_local(&self, signed: &[f32; 15]) -> Local<Vec3, 3> {
        let rm = &self.rm;
        Local {
            e: self.eb,
            c: -Vec3::new(signed[3], signed[4], signed[5]),
            u: [
                Vec3::new(rm[0][0], rm[1][0], rm[2][0]),
                Vec3::new(rm[0][1], rm[1][1], rm[2][1]),
                Vec3::new(rm[0][2], rm[1][2], rm[2][2]),
            ],
            f: self.ea,
        }
    }
}

/// What the 3D manifold measures on the 15 axes: each gap and signed distance `T·L` (as the
/// report, but in A's frame), which edge axes are degenerate, and the edge cross products'
/// lengths (∞ when degenerate).
struct Gaps3 {
    gaps: [f32; AXES3],
    signed: [f32; AXES3],
    degenerate: [bool; AXES3],
    edge_len: [f32; 9],
}

/// Lanes for the 9 edge axes, so that the square roots and divisions run four at a time.
const EDGE_LANES: usize = 12;

/// The range the report's gap on each edge axis can be in (see [`Rounding`]), lane by lane.
struct EdgeBounds {
    low: [f32; EDGE_LANES],
    high: [f32; EDGE_LANES],
}

/// The gaps and signed distances on the six face axes.
#[derive(Clone, Copy)]
struct FaceGaps {
    gaps: [f32; 6],
    signed: [f32; 6],
}

impl Gaps3 {
    /// The face axes' numbers; the edge axes' still to measure.
    #[inline(always)]
    fn with_faces(faces: &FaceGaps) -> Self {
        let mut g = Gaps3 {
            gaps: [0.0; AXES3],
            signed: [0.0; AXES3],
            degenerate: [false; AXES3],
            edge_len: [f32::INFINITY; 9],
        };
        g.gaps[..6].copy_from_slice(&faces.gaps);
        g.signed[..6].copy_from_slice(&faces.signed);
        g
    }
}

/// The face axes `L = A.u_i`, then `L = B.u_j`, a group at a time: B's are not measured when one
/// of A's separates beyond the margin. Also says whether some face axis separates beyond the
/// margin by more than rounding (the report calls them apart too).
#[inline(always)]
fn face_axes(p: &InA3, margin: f32) -> (FaceGaps, bool) {
    let (ea, eb, ar, t) = (&p.ea, &p.eb, &p.ar, &p.t);
    let mut f = FaceGaps {
        gaps: [0.0; 6],
        signed: [0.0; 6],
    };
    // Whether any of these gaps is beyond, in one branch: which axis separates changes from pair
    // to pair, and a branch per axis is mispredicted more often than one for the group. Which
    // one it is only the trace needs, and only the trace looks for it.
    let rounding = p.rounding;
    let beyond = |gaps: &[f32]| {
        gaps.iter()
            .fold(false, |any, &gap| any | rounding.apart(gap, margin, 1.0))
    };
    for i in 0..3 {
        let rb = eb[0] * ar[0][i] + eb[1] * ar[1][i] + eb[2] * ar[2][i];
        f.signed[i] = t[i];
        f.gaps[i] = t[i].abs() - (ea[i] + rb);
    }
    if beyond(&f.gaps[0..3]) {
        return (f, true);
    }
    for j in 0..3 {
        let ra = ea[0] * ar[j][0] + ea[1] * ar[j][1] + ea[2] * ar[j][2];
        f.signed[3 + j] = p.tv.dot(p.col[j]);
        f.gaps[3 + j] = f.signed[3 + j].abs() - (ra + eb[j]);
    }
    let apart = beyond(&f.gaps[3..6]);
    (f, apart)
}

/// The edge axes `L = A.u_i × B.u_j`, of length `ℓ = √(R_i1j² + R_i2j²)`: radii and `T·L` as in
/// Ericson §4.4.1 and ODE's `dBoxBox`, over `ℓ`. A degenerate axis keeps gap 0 and a zero axis, as
/// in the report. Returns the range the report's gap can be in on each.
#[inline(always)]
fn edge_axes(p: &InA3, g: &mut Gaps3, threshold: f32) -> EdgeBounds {
    let (ea, eb, ar, rm, t) = (&p.ea, &p.eb, &p.ar, &p.rm, &p.t);
    let (mut c1, mut c2) = ([0.0f32; EDGE_LANES], [0.0f32; EDGE_LANES]);
    let (mut radii, mut tl) = ([0.0f32; EDGE_LANES], [0.0f32; EDGE_LANES]);
    for e in 0..9 {
        let (i, j) = (e / 3, e % 3);
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
        c1[e] = rm[j][i1];
        c2[e] = rm[j][i2];
        let ra = ea[i1] * ar[j][i2] + ea[i2] * ar[j][i1];
        let rb = eb[j1] * ar[j2][i] + eb[j2] * ar[j1][i];
        radii[e] = ra + rb;
        tl[e] = t[i2] * c1[e] - t[i1] * c2[e];
    }
    let (mut len, mut sd, mut gap) = (
        [0.0f32; EDGE_LANES],
        [0.0f32; EDGE_LANES],
        [0.0f32; EDGE_LANES],
    );
    let mut deg = [false; EDGE_LANES];
    let mut bounds = EdgeBounds {
        low: [0.0; EDGE_LANES],
        high: [0.0; EDGE_LANES],
    };
    for e in 0..EDGE_LANES {
        let l = (c1[e] * c1[e] + c2[e] * c2[e]).sqrt();
        deg[e] = l < threshold;
        // x / ∞ = 0: a degenerate axis becomes the zero vector without a branch
        len[e] = if deg[e] { f32::INFINITY } else { l };
        let inv = 1.0 / len[e];
        sd[e] = tl[e] * inv;
        gap[e] = sd[e].abs() - radii[e] * inv;
        // a degenerate axis never separates; one whose length is this close to the threshold
        // may be flagged otherwise by the report, which can then only tell
        let near = (l - threshold).abs() <= NEAR_THRESHOLD * threshold;
        let reach = p.rounding.reach(inv);
        bounds.low[e] = if deg[e] | near {
            f32::NEG_INFINITY
        } else {
            gap[e] - reach
        };
        bounds.high[e] = if near {
            f32::INFINITY
        } else if deg[e] {
            f32::NEG_INFINITY
        } else {
            gap[e] + reach
        };
    }
    g.degenerate[6..].copy_from_slice(&deg[..9]);
    g.signed[6..].copy_from_slice(&sd[..9]);
    g.gaps[6..].copy_from_slice(&gap[..9]);
    g.edge_len.copy_from_slice(&len[..9]);
    bounds
}

/// Records the axes measured up to `last` and, if `separated`, that `last` separates (only a
/// trace asks).
fn record_axes3<R: Recorder<Vec3>>(
    (a, b): (&Obb3, &Obb3),
    p: &InA3,
    g: &Gaps3,
    last: usize,
    separated: bool,
    rec: &mut R,
) {
    for k in 0..=last {
        rec.record(|| {
            let (ua, ub) = (a.axes(), b.axes());
            let world = match k {
                0..=2 => ua[k],
                3..=5 => ub[k - 3],
                _ => a.rotation * p.edge_axis(k - 6, &g.edge_len),
            };
            Event::Axis(TraceAxis {
                index: k,
                kind: <Obb3 as Obb>::axis_kind(k),
                axis: world * sign(g.signed[k]),
                gap: g.gaps[k],
                degenerate: g.degenerate[k],
            })
        });
    }
    if separated {
        rec.record(|| Event::Separated(last));
    }
}

/// The 3D manifold, recording its stages into `rec`: the face axes, the edge axes, the report
/// where rounding cannot tell, then the contact on the chosen axis.
pub(crate) fn manifold3<R: Recorder<Vec3>>(
    a: &Obb3,
    b: &Obb3,
    params: &ManifoldParams,
    rec: &mut R,
) -> Option<Manifold<Vec3>> {
    let p = InA3::new(a, b);
    let margin = params.margin;
    let (faces, apart) = face_axes(&p, margin);
    if apart {
        if R::KEEPS {
            let k = (0..6).find(|&k| p.rounding.apart(faces.gaps[k], margin, 1.0));
            let g = Gaps3::with_faces(&faces);
            record_axes3((a, b), &p, &g, k.unwrap_or(5), true, rec);
        }
        return None;
    }
    let mut g = Gaps3::with_faces(&faces);
    let bounds = edge_axes(&p, &mut g, params.degenerate_threshold);
    let apart = margin + p.rounding.band;
    let separates = bounds.low[..9]
        .iter()
        .fold(f32::NEG_INFINITY, |m, &x| m.max(x))
        > apart;
    if R::KEEPS {
        let first = (0..9).find(|&e| bounds.low[e] > apart).map(|e| 6 + e);
        record_axes3((a, b), &p, &g, first.unwrap_or(14), separates, rec);
    }
    if separates {
        return None;
    }
    // within rounding of the margin on some axis: the report's rule decides
    let most = bounds.high[..9]
        .iter()
        .fold(f32::NEG_INFINITY, |m, &x| m.max(x));
    let most_face = g.gaps[..6].iter().fold(f32::NEG_INFINITY, |m, &x| m.max(x));
    let unsure = most > margin || p.rounding.unsure(most_face, margin, 1.0);
    if unsure && ask_report(rec, || report_apart3(a, b, params)) {
        return None;
    }
    contact3(a, b, &p, &g, params, rec)
}

/// The contact of boxes that meet: on the chosen axis, an edge contact where the supporting edges
/// cross, else a face contact on the best face axis; the closest points when no point lies over
/// the reference face.
#[inline(always)]
fn contact3<R: Recorder<Vec3>>(
    a: &Obb3,
    b: &Obb3,
    p: &InA3,
    g: &Gaps3,
    params: &ManifoldParams,
    rec: &mut R,
) -> Option<Manifold<Vec3>> {
    let (ua, ub) = (a.axes(), b.axes());
    let frame_a = BoxFrame {
        origin: a.center,
        axes: ua,
    };
    let frame_b = BoxFrame {
        origin: b.center,
        axes: ub,
    };
    // the gaps the choice is made on: a degenerate axis never chosen
    let mut live = g.gaps;
    for e in 0..9 {
        if g.degenerate[6 + e] {
            live[6 + e] = f32::NEG_INFINITY;
        }
    }
    let (mut choice, best_face, threshold) = choose(&live, 6, <Obb3 as Obb>::axis_kind, params);
    if let AxisKind::Edge(i, j) = choice.kind {
        let n = p.edge_axis(choice.chosen - 6, &g.edge_len) * sign(g.signed[choice.chosen]);
        if let Some(edges) = supporting_edges(p.ea, p.eb, p.tv, p.col, i, j, n) {
            rec.record(|| Event::Choice(choice));
            let mut out = Some(Manifold::new(frame_a.vector(n), choice));
            if let Some(m) = out.as_mut() {
                edge_contact(&edges, &frame_a, rec, m);
            }
            return out;
        }
        // the edges do not touch: no edge contact here, the best face axis instead
        let kind = <Obb3 as Obb>::axis_kind(best_face);
        choice = choice.to_face(best_face, kind, g.gaps[best_face], threshold);
    }
    rec.record(|| Event::Choice(choice));
    let s = sign(g.signed[choice.chosen]);
    let keep = p.rounding.keeping(params, choice.strict_gap);
    // built where it is returned, not moved there
    let normal = match choice.kind {
        AxisKind::FaceA(i) => ua[i] * s,
        _ => ub[choice.chosen - 3] * s,
    };
    let mut out = Some(Manifold::new(normal, choice));
    let m = out.as_mut()?;
    if let AxisKind::FaceA(i) = choice.kind {
        let local = Local {
            e: p.ea,
            c: p.tv,
            u: p.col,
            f: p.eb,
        };
        face_contact(&local, &frame_a, Which::A, i, s, keep, rec, m);
    } else {
        // the reference face of B faces A: against the normal
        let j = choice.chosen - 3;
        face_contact(
            &p.b_local(&g.signed),
            &frame_b,
            Which::B,
            j,
            -s,
            keep,
            rec,
            m,
        );
    }
    if m.is_empty() {
        let boxes = [(frame_a, p.ea), (frame_b, p.eb)];
        closest_contact(
            distance::closest_features3(a, b),
            boxes,
            &p.rounding,
            rec,
            m,
        );
    }
    out
}

/// B seen from A, for the 2D axes: the centres' offset `t` and B's axes `col` in A's frame, both
/// boxes' half extents, and the pair's rounding.
struct InA2 {
    t: Vec2,
    col: [Vec2; 2],
    ea: [f32; 2],
    eb: [f32; 2],
    rounding: Rounding,
}

impl InA2 {
    #[inline(always)]
    fn new(a: &Obb2, b: &Obb2) -> Self {
        let (ua, ub) = (a.axes(), b.axes());
        let tw = b.center - a.center;
        Self {
            t: Vec2::new(tw.dot(ua[0]), tw.dot(ua[1])),
            col: [
                Vec2::new(ub[0].dot(ua[0]), ub[0].dot(ua[1])),
                Vec2::new(ub[1].dot(ua[0]), ub[1].dot(ua[1])),
            ],
            ea: a.half_extents.to_array(),
            eb: b.half_extents.to_array(),
            rounding: Rounding::of(
                a.half_extents.element_sum() + b.half_extents.element_sum(),
                tw.length(),
                a.center.length() + b.center.length(),
            ),
        }
    }

    /// The gap and the signed distance `T·L` on axis `k` (A's two face normals, then B's).
    #[inline(always)]
    fn gap(&self, k: usize) -> (f32, f32) {
        let (ea, eb, col, t) = (&self.ea, &self.eb, &self.col, self.t);
        if k < 2 {
            let rb = eb[0] * col[0][k].abs() + eb[1] * col[1][k].abs();
            (t[k].abs() - (ea[k] + rb), t[k])
        } else {
            let c = col[k - 2];
            let ra = ea[0] * c.x.abs() + ea[1] * c.y.abs();
            let signed = t.dot(c);
            (signed.abs() - (ra + eb[k - 2]), signed)
        }
    }

    /// B in its own frame and A in it, for a reference face of B.
    #[inline(always)]
    fn b_local(&self) -> Local<Vec2, 2> {
        let (t, col) = (self.t, self.col);
        Local {
            e: self.eb,
            c: -Vec2::new(t.dot(col[0]), t.dot(col[1])),
            u: [Vec2::new(col[0].x, col[1].x), Vec2::new(col[0].y, col[1].y)],
            f: self.ea,
        }
    }
}

/// The 2D manifold, recording its stages into `rec`: the four face axes, the report where
/// rounding cannot tell, then the face contact on the chosen axis.
pub(crate) fn manifold2<R: Recorder<Vec2>>(
    a: &Obb2,
    b: &Obb2,
    params: &ManifoldParams,
    rec: &mut R,
) -> Option<Manifold<Vec2>> {
    let (ua, ub) = (a.axes(), b.axes());
    let p = InA2::new(a, b);
    let mut gaps = [0.0f32; AXES2];
    let mut signed = [0.0f32; AXES2];
    for k in 0..AXES2 {
        (gaps[k], signed[k]) = p.gap(k);
        rec.record(|| {
            Event::Axis(TraceAxis {
                index: k,
                kind: <Obb2 as Obb>::axis_kind(k),
                axis: if k < 2 { ua[k] } else { ub[k - 2] } * sign(signed[k]),
                gap: gaps[k],
                degenerate: false,
            })
        });
        if p.rounding.apart(gaps[k], params.margin, 1.0) {
            rec.record(|| Event::Separated(k));
            return None;
        }
    }
    // within rounding of the margin on some axis: the report's rule decides
    let unsure = gaps.iter().fold(false, |any, &g| {
        any | p.rounding.unsure(g, params.margin, 1.0)
    });
    if unsure && ask_report(rec, || report_apart2(a, b, params)) {
        return None;
    }
    Some(contact2(a, b, &p, (&gaps, &signed), params, rec))
}

/// The contact of rectangles that meet: a face contact on the chosen axis (2D has face axes
/// only), the closest points when no point lies over the reference face.
#[inline(always)]
fn contact2<R: Recorder<Vec2>>(
    a: &Obb2,
    b: &Obb2,
    p: &InA2,
    (gaps, signed): (&[f32; 4], &[f32; 4]),
    params: &ManifoldParams,
    rec: &mut R,
) -> Manifold<Vec2> {
    let frame_a = BoxFrame {
        origin: a.center,
        axes: a.axes(),
    };
    let frame_b = BoxFrame {
        origin: b.center,
        axes: b.axes(),
    };
    let (choice, _, _) = choose(gaps, 4, <Obb2 as Obb>::axis_kind, params);
    rec.record(|| Event::Choice(choice));
    let s = sign(signed[choice.chosen]);
    let keep = p.rounding.keeping(params, choice.strict_gap);
    let mut m;
    if let AxisKind::FaceA(i) = choice.kind {
        let local = Local {
            e: p.ea,
            c: p.t,
            u: p.col,
            f: p.eb,
        };
        m = Manifold::new(frame_a.axes[i] * s, choice);
        face_contact(&local, &frame_a, Which::A, i, s, keep, rec, &mut m);
    } else {
        let j = choice.chosen - 2;
        m = Manifold::new(frame_b.axes[j] * s, choice);
        face_contact(&p.b_local(), &frame_b, Which::B, j, -s, keep, rec, &mut m);
    }
    if m.is_empty() {
        let boxes = [(frame_a, p.ea), (frame_b, p.eb)];
        closest_contact(
            distance::closest_features2(a, b),
            boxes,
            &p.rounding,
            rec,
            &mut m,
        );
    }
    m
}

/// When no part of the incident face lies over the reference face, the boxes meet beside it:
/// edge to edge or corner to edge past the reference face's rim, which happens only within
/// rounding of touching or inside a speculative margin. The contact is then where they are
/// closest: one point midway between the closest points (`closest`: their distance and the
/// points of A and B), its separation their distance, its features those the closest points lie
/// on. Box2D v3 does the same for polygons apart within its speculative distance
/// (`b2CollidePolygons`: the closest features by `b2SegmentDistance`).
#[cold]
#[inline(never)]
fn closest_contact<V: Vector, const D: usize, R: Recorder<V>>(
    closest: (f32, V, V),
    boxes: [(BoxFrame<V, D>, [f32; D]); 2],
    rounding: &Rounding,
    rec: &mut R,
    m: &mut Manifold<V>,
) {
    let (distance, pa, pb) = closest;
    rec.record(|| Event::Closest([pa, pb]));
    // the feature a point lies on: the coordinates at a face, to within rounding
    let feature = |(frame, e): &(BoxFrame<V, D>, [f32; D]), p: V| {
        let mut f = Feature {
            dim: D as u8,
            ..Feature::default()
        };
        for (k, (&axis, &half)) in frame.axes.iter().zip(e).enumerate() {
            let x = (p - frame.origin).dot(axis);
            if x.abs() >= half - 4.0 * rounding.size {
                f = f.with(k, x > 0.0);
            }
        }
        f.canonical(Feature::flat_axes(e))
    };
    m.push(ContactPoint {
        point: (pa + pb) * 0.5,
        separation: distance,
        id: ContactId {
            a: feature(&boxes[0], pa),
            b: feature(&boxes[1], pb),
        },
    });
}

/// The reference box's frame turned (cyclically) so that the reference normal is the last
/// coordinate, with the incident box in it: every side plane is then a coordinate known at compile
/// time (`clip::<M>`), with no branch on which axis it is. Features are still named in each box's
/// own axes.
struct Turned<V, const D: usize> {
    /// `perm[n]`: the reference box's own axis that turned coordinate `n` is; `perm[D − 1] = k`.
    perm: [usize; D],
    /// The reference box's half extents, turned.
    e: [f32; D],
    /// The incident box's axes and centre, turned; its half extents (in its own order).
    u: [V; D],
    c: V,
    f: [f32; D],
    /// The turned frame, to world.
    frame: BoxFrame<V, D>,
    /// The reference face: `s·e_k`.
    k: usize,
    s: f32,
    face: Feature,
    reference: Which,
    /// The flat axes of the reference and incident boxes, for canonical features.
    flat_r: u8,
    flat_i: u8,
}

impl<V: Vector, const D: usize> Turned<V, D> {
    #[inline(always)]
    fn new(
        local: &Local<V, D>,
        frame: &BoxFrame<V, D>,
        reference: Which,
        k: usize,
        s: f32,
    ) -> Self {
        let mut perm = [0usize; D];
        let mut e = [0.0f32; D];
        let mut u = local.u;
        let mut axes = frame.axes;
        for n in 0..D {
            perm[n] = (k + 1 + n) % D;
            e[n] = local.e[perm[n]];
            u[n] = u[n].turn(k);
            axes[n] = frame.axes[perm[n]];
        }
        Self {
            perm,
            e,
            u,
            c: local.c.turn(k),
            f: local.f,
            frame: BoxFrame {
                origin: frame.origin,
                axes,
            },
            k,
            s,
            face: Feature::face(D, k, s > 0.0),
            reference,
            flat_r: Feature::flat_axes(&local.e),
            flat_i: Feature::flat_axes(&local.f),
        }
    }

    /// The contact id of a point on reference feature `r` and incident feature `i`.
    #[inline(always)]
    fn id(&self, r: Packed, i: Packed) -> ContactId {
        let (r, i) = (r.feature(D, self.flat_r), i.feature(D, self.flat_i));
        match self.reference {
            Which::A => ContactId { a: r, b: i },
            Which::B => ContactId { a: i, b: r },
        }
    }

    /// The features of a kept point named by its place ([`PLACE`]): on each box, the feature it
    /// was built on lowered to the side or corner of that box's contact face (the reference face,
    /// the incident face) within `reach` of the point. So a corner of the contact patch has one
    /// name whether A's corner, B's corner or two crossing edges made it.
    #[inline(always)]
    fn place(&self, c: &Candidate<V>, reach: f32) -> (Packed, Packed) {
        let mut r = c.r;
        for n in 0..D - 1 {
            let own = self.perm[n];
            if r.0 & (1 << own) == 0 && self.e[n] - c.p[n].abs() <= reach {
                r = r.with(own, c.p[n] > 0.0);
            }
        }
        let mut i = c.i;
        let d = c.p - self.c;
        for l in 0..D {
            if i.0 & (1 << l) == 0 {
                let x = d.dot(self.u[l]);
                if self.f[l] - x.abs() <= reach {
                    i = i.with(l, x > 0.0);
                }
            }
        }
        (r, i)
    }

    /// A clip vertex in world space, with its id (for the trace).
    fn trace_point(&self, v: &ClipVertex<V>) -> TracePoint<V> {
        TracePoint {
            point: self.frame.point(v.p),
            id: self.id(v.r, v.i),
        }
    }

    /// A point on the reference face's plane with turned coordinates `p` (the last one set).
    fn on_face(&self, p: V) -> V {
        let mut p = p;
        p[D - 1] = self.s * self.e[D - 1];
        p
    }
}

/// The incident face of a face contact, and the face on the reference box it meets.
struct Incident<V> {
    /// The incident box's axis and side: its face `σ·f_j`.
    j: usize,
    sigma: f32,
    /// Its corners in order around it, each on the reference face's feature.
    corners: Polygon<V>,
}

/// The incident face: the other box's face most anti-parallel to the reference normal (its axis
/// with the largest `|u_j·n|`, on the side facing the reference box), its corners in order around
/// it (a Gray code over the other axes' signs).
#[inline(always)]
fn incident_face<V: Vector, const D: usize>(t: &Turned<V, D>) -> Incident<V> {
    let (u, f, last) = (&t.u, &t.f, D - 1);
    let mut j = 0;
    for l in 1..D {
        if u[l][last].abs() > u[j][last].abs() {
            j = l;
        }
    }
    let sigma = if u[j][last] * t.s > 0.0 { -1.0 } else { 1.0 };
    let face_center = t.c + u[j] * (sigma * f[j]);
    let mut corners = Polygon::<V>::new();
    let mut other = [0usize; 2];
    for (o, l) in (0..D).filter(|&l| l != j).enumerate() {
        other[o] = l;
    }
    for g in 0..(1usize << (D - 1)) {
        let gray = g ^ (g >> 1);
        let mut p = face_center;
        let mut bits = if sigma > 0.0 { 1u8 << j } else { 0 };
        for (o, &l) in other[..D - 1].iter().enumerate() {
            let plus = gray & (1 << o) != 0;
            p += u[l] * if plus { f[l] } else { -f[l] };
            if plus {
                bits |= 1 << l;
            }
        }
        corners.push(ClipVertex {
            p,
            r: Packed::of(t.face),
            i: Packed::of(Feature::vertex(D, bits)),
        });
    }
    Incident { j, sigma, corners }
}

/// The side planes `±x_n = e_n` of the turned frame, in order around the reference face.
const fn side_planes(dim: usize) -> ([(usize, f32); 4], usize) {
    if dim == 3 {
        ([(0, 1.0), (1, 1.0), (0, -1.0), (1, -1.0)], 4)
    } else {
        ([(0, 1.0), (0, -1.0), (0, 0.0), (0, 0.0)], 2)
    }
}

/// The trace's record of the two faces, the incident polygon and the side planes.
fn faces_event<V: Vector, const D: usize>(t: &Turned<V, D>, inc: &Incident<V>) -> Event<V> {
    let frame = &t.frame;
    let (e, s, last) = (&t.e, t.s, D - 1);
    let ref_corners = (0..(1usize << (D - 1)))
        .map(|g| {
            let gray = g ^ (g >> 1);
            let mut p = V::default();
            let mut bits = if s > 0.0 { 1u8 << t.k } else { 0 };
            for n in 0..D - 1 {
                let plus = gray & (1 << n) != 0;
                p[n] = if plus { e[n] } else { -e[n] };
                if plus {
                    bits |= 1 << t.perm[n];
                }
            }
            FeaturePoint {
                point: frame.point(t.on_face(p)),
                feature: Feature::vertex(D, bits),
            }
        })
        .collect();
    let (planes, n_planes) = side_planes(D);
    Event::Faces {
        reference: FaceInfo {
            owner: t.reference,
            face: t.face,
            normal: frame.vector(V::unit(last) * s),
            corners: ref_corners,
        },
        incident: FaceInfo {
            owner: match t.reference {
                Which::A => Which::B,
                Which::B => Which::A,
            },
            face: Feature::face(D, inc.j, inc.sigma > 0.0),
            normal: frame.vector(t.u[inc.j] * inc.sigma),
            corners: inc
                .corners
                .vertices()
                .iter()
                .map(|v| FeaturePoint {
                    point: frame.point(v.p),
                    feature: v.i.feature(D, 0),
                })
                .collect(),
        },
        start: inc
            .corners
            .vertices()
            .iter()
            .map(|v| t.trace_point(v))
            .collect(),
        side_planes: planes[..n_planes]
            .iter()
            .map(|&(n, side)| {
                let mut p = V::default();
                p[n] = side * e[n];
                SidePlane {
                    normal: frame.vector(V::unit(n) * side),
                    point: frame.point(t.on_face(p)),
                    face: Feature::face(D, t.perm[n], side > 0.0),
                    edge: t.face.with(t.perm[n], side > 0.0),
                }
            })
            .collect(),
    }
}

/// Sutherland–Hodgman against each side plane, between two buffers (a plane that cuts nothing
/// leaves the polygon where it is); returns the clipped polygon.
#[inline(always)]
fn clip_to_side_planes<'p, V: Vector, const D: usize, R: Recorder<V>>(
    t: &Turned<V, D>,
    poly: &'p mut Polygon<V>,
    spare: &'p mut Polygon<V>,
    slack: f32,
    rec: &mut R,
) -> &'p Polygon<V> {
    let (e, perm) = (&t.e, &t.perm);
    let (mut cur, mut next) = (poly, spare);
    let record = |poly: &Polygon<V>, rec: &mut R| {
        rec.record(|| Event::Clipped(poly.vertices().iter().map(|v| t.trace_point(v)).collect()))
    };
    if clip::<V, 0>(cur, next, 1.0, e[0], perm[0], slack) {
        std::mem::swap(&mut cur, &mut next);
    }
    record(cur, rec);
    if D == 3 {
        if clip::<V, 1>(cur, next, 1.0, e[1], perm[1], slack) {
            std::mem::swap(&mut cur, &mut next);
        }
        record(cur, rec);
        if clip::<V, 0>(cur, next, -1.0, e[0], perm[0], slack) {
            std::mem::swap(&mut cur, &mut next);
        }
        record(cur, rec);
        if clip::<V, 1>(cur, next, -1.0, e[1], perm[1], slack) {
            std::mem::swap(&mut cur, &mut next);
        }
    } else if clip::<V, 0>(cur, next, -1.0, e[0], perm[0], slack) {
        std::mem::swap(&mut cur, &mut next);
    }
    record(cur, rec);
    cur
}

/// The points at most `margin` above the reference face, moved halfway towards it. Points closer
/// than `weld` are one point (the corners of a flat box's face coincide; a corner on a side plane
/// touches its neighbouring crossing): the one with the smaller symmetric key.
#[inline(always)]
fn keep_below<V: Vector, const D: usize>(
    t: &Turned<V, D>,
    poly: &Polygon<V>,
    margin: f32,
    weld: f32,
) -> ([Candidate<V>; CAPACITY], usize) {
    let last = D - 1;
    let (canon_r, canon_i) = (Packed(!(t.flat_r << 3)), Packed(!(t.flat_i << 3)));
    let mut below = [Candidate::<V>::default(); CAPACITY];
    let mut n_below = 0;
    for v in poly.vertices() {
        let separation = t.s * v.p[last] - t.e[last];
        if separation <= margin {
            let mut p = v.p;
            p[last] -= t.s * 0.5 * separation;
            // canonical: on a flat axis, `−`
            let (r, i) = (Packed(v.r.0 & canon_r.0), Packed(v.i.0 & canon_i.0));
            let (kr, ki) = (r.0 as u16, i.0 as u16);
            let c = Candidate {
                p,
                separation,
                r,
                i,
                key: (kr | ki << 6).min(ki | kr << 6),
            };
            let near = below[..n_below].iter().position(|q| {
                let d = q.p - p;
                d.dot(d) <= weld * weld
            });
            match near {
                Some(q) => {
                    if c.key < below[q].key {
                        below[q] = c;
                    }
                }
                None => {
                    below[n_below & (CAPACITY - 1)] = c;
                    n_below += 1;
                }
            }
        }
    }
    (below, n_below.min(CAPACITY))
}

/// A face contact: reference face `s·e_k` of the reference box (at the origin of `local`),
/// incident face of the other box, clipped to the reference face's side planes, kept below it,
/// reduced; the points go into `m`. The work is done in the [`Turned`] reference frame.
#[allow(clippy::too_many_arguments)]
fn face_contact<V: Vector, const D: usize, R: Recorder<V>>(
    local: &Local<V, D>,
    frame: &BoxFrame<V, D>,
    reference: Which,
    k: usize,
    s: f32,
    keep: Keep,
    rec: &mut R,
    m: &mut Manifold<V>,
) {
    let t = Turned::new(local, frame, reference, k, s);
    let mut incident = incident_face(&t);
    rec.record(|| faces_event(&t, &incident));
    let mut spare = Polygon::<V>::new();
    let poly = clip_to_side_planes(&t, &mut incident.corners, &mut spare, keep.slack, rec);
    let scale = local.e.iter().chain(&local.f).sum::<f32>();
    let (below, n_below) = keep_below(&t, poly, keep.margin, WELD * scale);
    let below = &below[..n_below];
    let point = |c: &Candidate<V>| ContactPoint {
        point: t.frame.point(c.p),
        separation: c.separation,
        id: t.id(c.r, c.i),
    };
    rec.record(|| Event::Below(below.iter().map(point).collect()));
    let (kept, n_kept) = if below.len() > super::max_points(V::DIM) {
        reduce(below, TIE * scale, rec)
    } else {
        ([0, 1, 2, 3], below.len())
    };
    let kept = &kept[..n_kept];
    let mut built = [ContactId::default(); 4];
    let mut named = [ContactId::default(); 4];
    for (n, &i) in kept.iter().enumerate() {
        let c = &below[i];
        built[n] = t.id(c.r, c.i);
        let (r, inc) = t.place(c, PLACE * scale);
        named[n] = t.id(r, inc);
    }
    unique_or_built(&mut named[..n_kept], &built[..n_kept]);
    for (n, &i) in kept.iter().enumerate() {
        m.push(ContactPoint {
            id: named[n],
            ..point(&below[i])
        });
    }
}

/// Two points of one manifold never share an id: a name given by place that two points would
/// share goes back, for both, to the features that meet there (as built); if a built name then
/// equals another point's, every point keeps its built name.
#[inline]
fn unique_or_built(named: &mut [ContactId], built: &[ContactId]) {
    let n = named.len();
    let clashes = |ids: &[ContactId], clash: &mut [bool; 4]| {
        let mut any = false;
        for x in 0..n {
            for y in x + 1..n {
                if ids[x] == ids[y] {
                    (clash[x], clash[y], any) = (true, true, true);
                }
            }
        }
        any
    };
    let mut clash = [false; 4];
    if !clashes(named, &mut clash) {
        return;
    }
    for k in 0..n {
        if clash[k] {
            named[k] = built[k];
        }
    }
    if clashes(named, &mut [false; 4]) {
        named.copy_from_slice(built);
    }
}

/// Clips a convex polygon (or a segment, or a point) to the half-space `side·x_M ≤ e_m` into
/// `out`; `axis` is the reference box's own axis that coordinate `M` is, for the features.
/// Returns `false`, writing nothing, when every vertex is inside: the polygon is unchanged.
///
/// A vertex within `slack` of the plane (the rounding of the incident face's corners) is *on* it:
/// it counts as inside and makes no new vertex. A new vertex is made only where an edge crosses
/// the plane from one side to the other beyond the slack (Box3D's `b3ClipSegment` rule, with the
/// rounding made explicit), so a polygon touching a plane gets no duplicate points, and an edge
/// resting exactly on a face's rim is kept whichever side of the plane its corners were rounded
/// to. New vertices lie on the plane exactly; their features are what the edge's two ends share,
/// cut by the plane.
#[inline]
fn clip<V: Vector, const M: usize>(
    poly: &Polygon<V>,
    out: &mut Polygon<V>,
    side: f32,
    e_m: f32,
    axis: usize,
    slack: f32,
) -> bool {
    let v = poly.vertices();
    let inside = |d: f32| d <= slack;
    // the two ends of an edge lie on either side of the plane, each beyond the slack
    let crosses = |da: f32, db: f32| (da < -slack && db > slack) || (da > slack && db < -slack);
    if v.iter().all(|v| inside(side * v.p[M] - e_m)) {
        return false;
    }
    out.v.clear();
    let positive = side > 0.0;
    let crossing = |a: &ClipVertex<V>, b: &ClipVertex<V>, da: f32, db: f32| {
        let t = da / (da - db);
        let mut p = a.p + (b.p - a.p) * t;
        p[M] = side * e_m;
        ClipVertex {
            p,
            r: a.r.common(b.r).with(axis, positive),
            i: a.i.common(b.i),
        }
    };
    match v.len() {
        0 => {}
        1 => {
            if inside(side * v[0].p[M] - e_m) {
                out.push(v[0]);
            }
        }
        2 => {
            // an open segment: the 2D incident face, or a polygon already clipped to a line
            let (da, db) = (side * v[0].p[M] - e_m, side * v[1].p[M] - e_m);
            if inside(da) {
                out.push(v[0]);
            }
            if crosses(da, db) {
                out.push(crossing(&v[0], &v[1], da, db));
            }
            if inside(db) {
                out.push(v[1]);
            }
        }
        n => {
            let mut prev = &v[n - 1];
            let mut dp = side * prev.p[M] - e_m;
            for cur in v {
                let dc = side * cur.p[M] - e_m;
                if inside(dc) {
                    if crosses(dp, dc) {
                        out.push(crossing(prev, cur, dp, dc));
                    }
                    out.push(*cur);
                } else if crosses(dp, dc) {
                    out.push(crossing(prev, cur, dp, dc));
                }
                prev = cur;
                dp = dc;
            }
        }
    }
    true
}

/// The best of the candidates not yet taken by `score` (larger is better): scores within `tol` of
/// each other tie, and ties go to the smaller symmetric key. Returns the index, its score and, if
/// `runner_up` is asked for (only the trace shows it), the best score among the others.
fn pick<V>(
    c: &[Candidate<V>],
    taken: &[bool; CAPACITY],
    tol: f32,
    runner_up: bool,
    score: impl Fn(&Candidate<V>) -> f32,
    second: impl Fn(&Candidate<V>) -> f32,
) -> Option<(usize, f32, Option<f32>)> {
    let mut best: Option<(usize, f32, f32, u32)> = None;
    for (i, cand) in c.iter().enumerate() {
        if taken[i] {
            continue;
        }
        let (sc, s2) = (score(cand), second(cand));
        let key = cand.key as u32;
        let better = match best {
            None => true,
            Some((_, bs, b2, bk)) => {
                sc > bs + tol || (sc >= bs - tol && (s2 > b2 + tol || (s2 >= b2 - tol && key < bk)))
            }
        };
        if better {
            best = Some((i, sc, s2, key));
        }
    }
    let (i, sc, _, _) = best?;
    let second = if runner_up {
        c.iter()
            .enumerate()
            .filter(|(l, _)| !taken[*l] && *l != i)
            .map(|(_, cand)| score(cand))
            .reduce(f32::max)
    } else {
        None
    };
    Some((i, sc, second))
}

/// The points kept so far by the reduction.
struct Chosen {
    keep: [usize; 4],
    n: usize,
    taken: [bool; CAPACITY],
}

/// One rule of the reduction: pick the best remaining point if it scores above `min_score`
/// (scores within `tie` of each other tie, and then the larger `second` score, within `tie`
/// too, then the smaller key wins); record it; say whether one was picked.
#[allow(clippy::too_many_arguments)]
fn take<V, R: Recorder<V>>(
    c: &[Candidate<V>],
    kept: &mut Chosen,
    rec: &mut R,
    rule: ReductionRule,
    tie: f32,
    min_score: f32,
    score: impl Fn(&Candidate<V>) -> f32,
    second: impl Fn(&Candidate<V>) -> f32,
) -> bool {
    match pick(c, &kept.taken, tie, R::KEEPS, score, second) {
        Some((i, sc, runner_up)) if sc > min_score => {
            rec.record(|| {
                Event::Reduced(ReductionStep {
                    rule,
                    picked: i,
                    score: sc,
                    runner_up,
                })
            });
            kept.taken[i] = true;
            kept.keep[kept.n] = i;
            kept.n += 1;
            true
        }
        _ => false,
    }
}

/// More than the maximum points down to four (Box3D's `b3ReduceManifoldPoints`, Gregorius 2015):
/// the deepest (of points within the tie of one depth, the farthest from the candidates' centre:
/// a corner of the patch, not a point along its side); the farthest from it in the contact plane
/// (the turned frame's last coordinate projected out); the one making the largest triangle with
/// those two; the one adding the most area outside that triangle.
fn reduce<V: Vector, R: Recorder<V>>(
    c: &[Candidate<V>],
    tol: f32,
    rec: &mut R,
) -> ([usize; 4], usize) {
    let mut k = Chosen {
        keep: [0; 4],
        n: 0,
        taken: [false; CAPACITY],
    };
    let flat = |v: V| {
        let mut v = v;
        v[V::LAST] = 0.0;
        v
    };
    let deepest = |p: &Candidate<V>| -p.separation;
    // points of one depth: a corner of the patch before a point along its side (the farthest
    // from the candidates' centre), whatever their features
    let mut centre = V::default();
    for p in c {
        centre += flat(p.p);
    }
    let centre = centre * (1.0 / c.len() as f32);
    let outer = |p: &Candidate<V>| {
        let d = flat(p.p) - centre;
        d.dot(d).sqrt()
    };
    let rule = ReductionRule::Deepest;
    take(c, &mut k, rec, rule, tol, f32::NEG_INFINITY, deepest, outer);
    let p0 = c[k.keep[0]].p;
    let distance = |p: &Candidate<V>| {
        let d = flat(p.p - p0);
        d.dot(d).sqrt()
    };
    let none = |_: &Candidate<V>| 0.0;
    if !take(
        c,
        &mut k,
        rec,
        ReductionRule::Farthest,
        tol,
        tol,
        distance,
        none,
    ) {
        return (k.keep, k.n);
    }
    let p1 = c[k.keep[1]].p;
    // areas tie within `tol` of height over the first two points' distance
    let area_tol = tol * distance(&c[k.keep[1]]);
    let area = |p: &Candidate<V>| V::area(p1 - p0, p.p - p0).abs();
    let rule = ReductionRule::LargestTriangle;
    if !take(c, &mut k, rec, rule, area_tol, area_tol, area, none) {
        return (k.keep, k.n);
    }
    let p2 = c[k.keep[2]].p;
    let orientation = sign(V::area(p1 - p0, p2 - p0));
    let added = |p: &Candidate<V>| {
        let e = |a: V, b: V| -orientation * V::area(b - a, p.p - a);
        e(p0, p1).max(e(p1, p2)).max(e(p2, p0))
    };
    let rule = ReductionRule::MostAddedArea;
    take(c, &mut k, rec, rule, area_tol, area_tol, added, none);
    (k.keep, k.n)
}

/// The two supporting edges of an edge axis, in A's frame, and their closest points.
struct Edges {
    /// A's edge: middle, direction, half length, which edge.
    pa: Vec3,
    da: Vec3,
    ha: f32,
    /// B's edge.
    pb: Vec3,
    db: Vec3,
    hb: f32,
    /// The closest points.
    qa: Vec3,
    qb: Vec3,
    n: Vec3,
    /// The two edges, as features.
    edges: ContactId,
    /// The point's id: the edges, or an end of one within reach ([`PLACE`]).
    id: ContactId,
}

/// The edge of A along `e_i` furthest along `n` and the edge of B along `col[j]` furthest against
/// it, if they cross: the closest points of their lines lie on both (to within rounding of their
/// ends). Otherwise the two edges do not touch and `None`.
fn supporting_edges(
    ea: [f32; 3],
    eb: [f32; 3],
    t: Vec3,
    col: [Vec3; 3],
    i: usize,
    j: usize,
    n: Vec3,
) -> Option<Edges> {
    let mut pa = Vec3::ZERO;
    let mut bits_a = 0u8;
    for k in 0..3 {
        if k != i {
            let s = sign(n[k]);
            pa[k] = s * ea[k];
            if s > 0.0 {
                bits_a |= 1 << k;
            }
        }
    }
    let mut pb = t;
    let mut bits_b = 0u8;
    for k in 0..3 {
        if k != j {
            let s = -sign(n.dot(col[k]));
            pb += col[k] * (s * eb[k]);
            if s > 0.0 {
                bits_b |= 1 << k;
            }
        }
    }
    let (da, db) = (Vec3::AXES[i], col[j]);
    let (ha, hb) = (ea[i], eb[j]);
    // the closest points of the lines (Ericson §5.1.9, unit directions, never parallel here)
    let r = pa - pb;
    let b = da.dot(db);
    let (c, f) = (da.dot(r), db.dot(r));
    let denom = 1.0 - b * b;
    let alpha = (b * f - c) / denom;
    let beta = b * alpha + f;
    let slack = 1e-5 * (ha + hb + r.length());
    if !(alpha.abs() <= ha + slack && beta.abs() <= hb + slack) {
        return None;
    }
    let (alpha, beta) = (alpha.clamp(-ha, ha), beta.clamp(-hb, hb));
    // named by place: an end of an edge within reach of the point is that corner
    let reach = PLACE * (ea.iter().sum::<f32>() + eb.iter().sum::<f32>());
    let end = |along: f32, half: f32, axis: usize, bits: &mut u8| {
        if half - along.abs() <= reach {
            if along > 0.0 {
                *bits |= 1 << axis;
            }
            true
        } else {
            false
        }
    };
    let feature = |axis: usize, bits: u8, corner: bool| {
        if corner {
            Feature::vertex(3, bits)
        } else {
            Feature::edge3(axis, bits)
        }
    };
    let (flat_a, flat_b) = (Feature::flat_axes(&ea), Feature::flat_axes(&eb));
    let edges = ContactId {
        a: Feature::edge3(i, bits_a).canonical(flat_a),
        b: Feature::edge3(j, bits_b).canonical(flat_b),
    };
    let corner_a = end(alpha, ha, i, &mut bits_a);
    let corner_b = end(beta, hb, j, &mut bits_b);
    Some(Edges {
        pa,
        da,
        ha,
        pb,
        db,
        hb,
        qa: pa + da * alpha,
        qb: pb + db * beta,
        n,
        edges,
        id: ContactId {
            a: feature(i, bits_a, corner_a).canonical(flat_a),
            b: feature(j, bits_b, corner_b).canonical(flat_b),
        },
    })
}

/// An edge contact: one point, midway between the closest points of the supporting edges.
fn edge_contact<R: Recorder<Vec3>>(
    e: &Edges,
    frame_a: &BoxFrame<Vec3, 3>,
    rec: &mut R,
    m: &mut Manifold<Vec3>,
) {
    rec.record(|| {
        Event::Edges(EdgeTrace {
            edge_a: [
                frame_a.point(e.pa - e.da * e.ha),
                frame_a.point(e.pa + e.da * e.ha),
            ],
            feature_a: e.edges.a,
            edge_b: [
                frame_a.point(e.pb - e.db * e.hb),
                frame_a.point(e.pb + e.db * e.hb),
            ],
            feature_b: e.edges.b,
            closest_a: frame_a.point(e.qa),
            closest_b: frame_a.point(e.qb),
        })
    });
    m.push(ContactPoint {
        point: frame_a.point((e.qa + e.qb) * 0.5),
        separation: (e.qb - e.qa).dot(e.n),
        id: e.id,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(half: f32) -> Polygon<Vec3> {
        let mut p = Polygon::new();
        for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            p.push(ClipVertex {
                p: Vec3::new(x * half, 0.0, y * half),
                ..Default::default()
            });
        }
        p
    }

    fn clipped<V: Vector, const M: usize>(poly: &Polygon<V>, side: f32, e: f32) -> Polygon<V> {
        let mut out = Polygon::new();
        if clip::<V, M>(poly, &mut out, side, e, M, 0.0) {
            out
        } else {
            poly.clone()
        }
    }

    #[test]
    fn clipping_a_square_by_a_plane_through_it_keeps_two_corners_and_adds_two_points() {
        let out = clipped::<_, 0>(&square(1.0), 1.0, 0.5);
        let xs: Vec<f32> = out.vertices().iter().map(|v| v.p.x).collect();
        assert_eq!(out.vertices().len(), 4);
        assert_eq!(xs.iter().filter(|&&x| x == 0.5).count(), 2);
        assert_eq!(xs.iter().filter(|&&x| x == -1.0).count(), 2);
    }

    #[test]
    fn a_corner_exactly_on_the_plane_makes_no_duplicate() {
        // the plane x = 1 touches the square's right side: nothing is cut, nothing added
        let out = clipped::<_, 0>(&square(1.0), 1.0, 1.0);
        assert_eq!(out.vertices().len(), 4);
        // a plane beyond everything keeps the square; one behind everything empties it
        assert_eq!(clipped::<_, 0>(&square(1.0), 1.0, 5.0).vertices().len(), 4);
        assert_eq!(
            clipped::<_, 0>(&square(1.0), -1.0, -2.0).vertices().len(),
            0
        );
    }

    #[test]
    fn a_segment_is_clipped_as_an_open_segment() {
        let mut seg = Polygon::<Vec2>::new();
        for x in [-2.0, 2.0] {
            seg.push(ClipVertex {
                p: Vec2::new(x, 0.0),
                ..Default::default()
            });
        }
        let out = clipped::<_, 0>(&clipped::<_, 0>(&seg, 1.0, 1.0), -1.0, 1.0);
        let xs: Vec<f32> = out.vertices().iter().map(|v| v.p.x).collect();
        assert_eq!(xs, vec![-1.0, 1.0]);
    }

    #[test]
    fn packed_features_cut_and_share_like_features() {
        let all: Vec<Feature> = (0..8u8)
            .flat_map(|fixed| {
                (0..8u8)
                    .filter(move |p| p & !fixed == 0)
                    .map(move |positive| Feature {
                        dim: 3,
                        fixed,
                        positive,
                    })
            })
            .collect();
        for &f in &all {
            assert_eq!(Packed::of(f).feature(3, 0), f);
            for &g in &all {
                assert_eq!(
                    Packed::of(f).common(Packed::of(g)).feature(3, 0),
                    f.common(g)
                );
            }
            for axis in 0..3 {
                for positive in [false, true] {
                    let cut = Packed::of(f).with(axis, positive).feature(3, 0);
                    assert_eq!(cut, f.with(axis, positive));
                }
            }
        }
    }

    #[test]
    fn an_edge_that_only_ties_with_the_best_face_is_not_chosen() {
        let gaps = [-0.1, -0.2, -0.3, -0.5, -0.5, -0.5, -0.099, -1.0, -1.0];
        let kind = |k: usize| {
            if k < 6 {
                <Obb3 as Obb>::axis_kind(k)
            } else {
                AxisKind::Edge(0, k - 6)
            }
        };
        let (c, face, _) = choose(&gaps, 6, kind, &ManifoldParams::default());
        assert_eq!((c.strict, c.chosen, face), (6, 0, 0));
        let b = c.bias.unwrap();
        assert!((b.threshold - (-0.1 + 0.005 + 0.0005)).abs() < 1e-7);
        // clearly shallower edge: chosen
        let mut g = gaps;
        g[6] = -0.05;
        let (c, _, _) = choose(&g, 6, kind, &ManifoldParams::default());
        assert_eq!((c.strict, c.chosen, c.bias), (6, 6, None));
        // no bias: the strict choice
        let (c, _, _) = choose(&gaps, 6, kind, &ManifoldParams::strict());
        assert_eq!(c.chosen, 6);
        // a degenerate edge (its gap −∞ in the choice) is never chosen
        g[6] = f32::NEG_INFINITY;
        let (c, _, _) = choose(&g, 6, kind, &ManifoldParams::strict());
        assert_eq!((c.strict, c.chosen), (0, 0));
    }
}
