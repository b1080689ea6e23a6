//! The construction, written once for 2D and 3D: the axis choice, the face contact (incident face,
//! side planes, clipping, the points below, the reduction) and, in 3D, the edge contact.
//!
//! Everything is computed in the frame of the box holding the reference face (A's frame for the
//! axes and edge contacts): that box is then axis-aligned at the origin, its side planes are
//! `±x_m = e_m`, and the numbers keep their precision far from the world origin. Only the results
//! (and the recorded stages) are taken back to world space.

use std::fmt::Debug;
use std::ops::{Add, Index, IndexMut, Mul, Neg, Sub};

use glam::{Mat3, Vec2, Vec3};

use super::trace::{
    EdgeTrace, Event, FaceInfo, FeaturePoint, Recorder, ReductionRule, ReductionStep, SidePlane,
    TraceAxis, TracePoint,
};
use super::{
    AxisChoice, ContactId, ContactPoint, FaceBias, FaceBiasReason, Feature, Manifold,
    ManifoldParams,
};
use crate::sat::{dim2, dim3, AxisKind, Obb2, Obb3, Which};

/// What the construction needs of `Vec2` and `Vec3`.
pub(crate) trait Space:
    Copy
    + Default
    + PartialEq
    + Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<f32, Output = Self>
    + Neg<Output = Self>
    + Index<usize, Output = f32>
    + IndexMut<usize>
{
    /// 2 or 4.
    const MAX_POINTS: usize;
    /// Dot product.
    fn dot(self, other: Self) -> f32;
    /// The unit vector along coordinate `k`.
    fn unit(k: usize) -> Self;
    /// Twice the signed area of the triangle (0, a, b) seen along `+e_k`: `(a × b)·e_k` in 3D. A
    /// 2D reference face is a segment and encloses no area: 0.
    fn cross_along(a: Self, b: Self, k: usize) -> f32;
}

impl Space for Vec3 {
    const MAX_POINTS: usize = super::MAX_POINTS_3D;
    #[inline]
    fn dot(self, other: Self) -> f32 {
        Vec3::dot(self, other)
    }
    #[inline]
    fn unit(k: usize) -> Self {
        Vec3::AXES[k]
    }
    #[inline]
    fn cross_along(a: Self, b: Self, k: usize) -> f32 {
        a.cross(b)[k]
    }
}

impl Space for Vec2 {
    const MAX_POINTS: usize = super::MAX_POINTS_2D;
    #[inline]
    fn dot(self, other: Self) -> f32 {
        Vec2::dot(self, other)
    }
    #[inline]
    fn unit(k: usize) -> Self {
        Vec2::AXES[k]
    }
    #[inline]
    fn cross_along(_a: Self, _b: Self, _k: usize) -> f32 {
        0.0
    }
}

/// A box's frame: local coordinates to world.
#[derive(Clone, Copy)]
struct Frame<V, const D: usize> {
    origin: V,
    axes: [V; D],
}

impl<V: Space, const D: usize> Frame<V, D> {
    #[inline]
    fn vector(&self, v: V) -> V {
        let mut w = V::default();
        for k in 0..D {
            w = w + self.axes[k] * v[k];
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
/// incident box it is on.
#[derive(Clone, Copy, Default)]
struct ClipVertex<V> {
    p: V,
    r: Feature,
    i: Feature,
}

/// Points closer than this times the boxes' size (the sum of all half extents) are welded into one.
pub(crate) const WELD: f32 = 1e-6;
/// Scores closer than this times the boxes' size tie in the reduction (then the smaller symmetric
/// key wins).
pub(crate) const TIE: f32 = 1e-4;

/// A quad clipped by four planes has at most 8 vertices.
const CAPACITY: usize = 8;

#[derive(Clone, Copy)]
struct Polygon<V> {
    v: [ClipVertex<V>; CAPACITY],
    n: usize,
}

impl<V: Space> Polygon<V> {
    fn new() -> Self {
        Self {
            v: [ClipVertex::default(); CAPACITY],
            n: 0,
        }
    }

    #[inline]
    fn push(&mut self, v: ClipVertex<V>) {
        debug_assert!(self.n < CAPACITY, "a clipped quad has at most 8 vertices");
        if self.n < CAPACITY {
            self.v[self.n] = v;
            self.n += 1;
        }
    }

    fn vertices(&self) -> &[ClipVertex<V>] {
        &self.v[..self.n]
    }
}

/// A point kept below the reference face, already midway, in the reference frame.
#[derive(Clone, Copy, Default)]
struct Candidate<V> {
    p: V,
    separation: f32,
    id: ContactId,
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
/// an edge axis beats it by the bias. Faces come first in `gaps` (`faces` of them). Also returns
/// the best face axis and the bias threshold.
fn choose(
    gaps: &[f32],
    degenerate: &[bool],
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
    let mut edge: Option<usize> = None;
    for i in faces..gaps.len() {
        if !degenerate[i] && edge.is_none_or(|e| gaps[i] > gaps[e]) {
            edge = Some(i);
        }
    }
    // ties go to the lower index: the face
    let strict = match edge {
        Some(e) if gaps[e] > gaps[face] => e,
        _ => face,
    };
    let threshold = gaps[face]
        + params.edge_relative.max(0.0) * gaps[face].abs()
        + params.edge_absolute.max(0.0);
    let chosen = match edge {
        Some(e) if gaps[e] > threshold => e,
        _ => face,
    };
    let bias = (chosen != strict).then(|| FaceBias {
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
    };
    (choice, face, threshold)
}

/// The 3D manifold, recording its stages into `rec`.
pub(crate) fn manifold3<R: Recorder<Vec3>>(
    a: &Obb3,
    b: &Obb3,
    params: &ManifoldParams,
    rec: &mut R,
) -> Option<Manifold<Vec3>> {
    let ua = a.axes();
    let ub = b.axes();
    // B in A's frame: col[j] = B.u_j, t = B.center − A.center (as dim3::intersects does).
    let a_inv = a.rotation.conjugate();
    let r = Mat3::from_quat(a_inv * b.rotation);
    let col = [r.x_axis, r.y_axis, r.z_axis];
    let t = a_inv * (b.center - a.center);
    let ea = a.half_extents.to_array();
    let eb = b.half_extents.to_array();
    let frame_a = Frame {
        origin: a.center,
        axes: ua,
    };
    let margin = params.margin;

    let mut gaps = [0.0f32; dim3::AXIS_COUNT];
    let mut signed = [0.0f32; dim3::AXIS_COUNT];
    let mut local_axis = [Vec3::ZERO; dim3::AXIS_COUNT];
    let mut degenerate = [false; dim3::AXIS_COUNT];
    // Records axis k (world axis oriented from A to B) and says whether it separates the boxes by
    // more than the margin.
    let separates = |k: usize, gap: f32, sd: f32, l: Vec3, deg: bool, rec: &mut R| {
        rec.record(|| {
            let world = match k {
                0..=2 => ua[k],
                3..=5 => ub[k - 3],
                _ => frame_a.vector(l),
            };
            Event::Axis(TraceAxis {
                index: k,
                kind: dim3::axis_kind(k),
                axis: world * sign(sd),
                gap,
                degenerate: deg,
            })
        });
        let separates = !deg && gap > margin;
        if separates {
            rec.record(|| Event::Separated(k));
        }
        separates
    };

    // A's faces: L = e_i.
    for i in 0..3 {
        let rb = eb[0] * col[0][i].abs() + eb[1] * col[1][i].abs() + eb[2] * col[2][i].abs();
        signed[i] = t[i];
        gaps[i] = t[i].abs() - (ea[i] + rb);
        local_axis[i] = Vec3::AXES[i];
        if separates(i, gaps[i], signed[i], local_axis[i], false, rec) {
            return None;
        }
    }
    // B's faces: L = col[j].
    for j in 0..3 {
        let c = col[j];
        let ra = ea[0] * c.x.abs() + ea[1] * c.y.abs() + ea[2] * c.z.abs();
        let k = 3 + j;
        signed[k] = t.dot(c);
        gaps[k] = signed[k].abs() - (ra + eb[j]);
        local_axis[k] = c;
        if separates(k, gaps[k], signed[k], c, false, rec) {
            return None;
        }
    }
    // Edges: L = e_i × col[j], of length √(R_i1j² + R_i2j²); radii and T·L as in Ericson §4.4.1
    // and ODE's dBoxBox, divided by that length. A degenerate axis keeps gap 0 and a zero axis,
    // as in the report.
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let k = 6 + 3 * i + j;
            let rij = |row: usize, c: usize| col[c][row];
            let len = (rij(i1, j) * rij(i1, j) + rij(i2, j) * rij(i2, j)).sqrt();
            if len < params.degenerate_threshold {
                degenerate[k] = true;
            } else {
                let ra = ea[i1] * rij(i2, j).abs() + ea[i2] * rij(i1, j).abs();
                let rb = eb[j1] * rij(i, j2).abs() + eb[j2] * rij(i, j1).abs();
                signed[k] = (t[i2] * rij(i1, j) - t[i1] * rij(i2, j)) / len;
                gaps[k] = signed[k].abs() - (ra + rb) / len;
                local_axis[k] = Vec3::AXES[i].cross(col[j]) / len;
            }
            if separates(k, gaps[k], signed[k], local_axis[k], degenerate[k], rec) {
                return None;
            }
        }
    }

    let (mut choice, best_face, threshold) = choose(&gaps, &degenerate, 6, dim3::axis_kind, params);
    if let AxisKind::Edge(i, j) = choice.kind {
        let n = local_axis[choice.chosen] * sign(signed[choice.chosen]);
        if let Some(edges) = supporting_edges(ea, eb, t, col, i, j, n) {
            rec.record(|| Event::Choice(choice));
            let mut m = Manifold::new(frame_a.vector(n), choice);
            edge_contact(&edges, &frame_a, rec, &mut m);
            return Some(m);
        }
        // the edges do not touch: no edge contact here, the best face axis instead
        choice = choice.to_face(
            best_face,
            dim3::axis_kind(best_face),
            gaps[best_face],
            threshold,
        );
    }
    rec.record(|| Event::Choice(choice));
    let s = sign(signed[choice.chosen]);
    let mut m;
    if let AxisKind::FaceA(i) = choice.kind {
        let local = Local {
            e: ea,
            c: t,
            u: col,
            f: eb,
        };
        m = Manifold::new(ua[i] * s, choice);
        face_contact(&local, &frame_a, Which::A, i, s, params, rec, &mut m);
    } else {
        let j = choice.chosen - 3;
        // A in B's frame: the rows of R, and −Rᵀt.
        let local = Local {
            e: eb,
            c: -Vec3::new(t.dot(col[0]), t.dot(col[1]), t.dot(col[2])),
            u: [0, 1, 2].map(|row| Vec3::new(col[0][row], col[1][row], col[2][row])),
            f: ea,
        };
        let frame_b = Frame {
            origin: b.center,
            axes: ub,
        };
        // the reference face of B faces A: against the normal
        m = Manifold::new(ub[j] * s, choice);
        face_contact(&local, &frame_b, Which::B, j, -s, params, rec, &mut m);
    }
    (!m.is_empty()).then_some(m)
}

/// The 2D manifold, recording its stages into `rec`.
pub(crate) fn manifold2<R: Recorder<Vec2>>(
    a: &Obb2,
    b: &Obb2,
    params: &ManifoldParams,
    rec: &mut R,
) -> Option<Manifold<Vec2>> {
    let ua = a.axes();
    let ub = b.axes();
    let tw = b.center - a.center;
    // B in A's frame.
    let t = Vec2::new(tw.dot(ua[0]), tw.dot(ua[1]));
    let col = ub.map(|u| Vec2::new(u.dot(ua[0]), u.dot(ua[1])));
    let ea = a.half_extents.to_array();
    let eb = b.half_extents.to_array();
    let mut gaps = [0.0f32; dim2::AXIS_COUNT];
    let mut signed = [0.0f32; dim2::AXIS_COUNT];
    for k in 0..dim2::AXIS_COUNT {
        if k < 2 {
            let rb = eb[0] * col[0][k].abs() + eb[1] * col[1][k].abs();
            signed[k] = t[k];
            gaps[k] = t[k].abs() - (ea[k] + rb);
        } else {
            let c = col[k - 2];
            let ra = ea[0] * c.x.abs() + ea[1] * c.y.abs();
            signed[k] = t.dot(c);
            gaps[k] = signed[k].abs() - (ra + eb[k - 2]);
        }
        rec.record(|| {
            Event::Axis(TraceAxis {
                index: k,
                kind: dim2::axis_kind(k),
                axis: if k < 2 { ua[k] } else { ub[k - 2] } * sign(signed[k]),
                gap: gaps[k],
                degenerate: false,
            })
        });
        if gaps[k] > params.margin {
            rec.record(|| Event::Separated(k));
            return None;
        }
    }
    let (choice, _, _) = choose(&gaps, &[false; 4], 4, dim2::axis_kind, params);
    rec.record(|| Event::Choice(choice));
    let s = sign(signed[choice.chosen]);
    let mut m;
    if let AxisKind::FaceA(i) = choice.kind {
        let local = Local {
            e: ea,
            c: t,
            u: col,
            f: eb,
        };
        let frame = Frame {
            origin: a.center,
            axes: ua,
        };
        m = Manifold::new(ua[i] * s, choice);
        face_contact(&local, &frame, Which::A, i, s, params, rec, &mut m);
    } else {
        // 2D has face axes only: this is one of B's
        let j = choice.chosen - 2;
        let local = Local {
            e: eb,
            c: -Vec2::new(t.dot(col[0]), t.dot(col[1])),
            u: [0, 1].map(|row| Vec2::new(col[0][row], col[1][row])),
            f: ea,
        };
        let frame = Frame {
            origin: b.center,
            axes: ub,
        };
        m = Manifold::new(ub[j] * s, choice);
        face_contact(&local, &frame, Which::B, j, -s, params, rec, &mut m);
    }
    (!m.is_empty()).then_some(m)
}

/// The id of a point from its reference and incident features.
#[inline]
fn pair_id(reference: Which, r: Feature, i: Feature) -> ContactId {
    match reference {
        Which::A => ContactId { a: r, b: i },
        Which::B => ContactId { a: i, b: r },
    }
}

/// The other axes than `k`, in increasing order (the first `D − 1` entries).
#[inline]
fn others<const D: usize>(k: usize) -> [usize; 2] {
    let mut out = [0; 2];
    let mut n = 0;
    for l in 0..D {
        if l != k && n < 2 {
            out[n] = l;
            n += 1;
        }
    }
    out
}

/// A face contact: reference face `s·e_k` of the reference box (at the origin of `local`),
/// incident face of the other box, clipped, kept below, reduced; the points go into `m`.
#[allow(clippy::too_many_arguments)]
fn face_contact<V: Space, const D: usize, R: Recorder<V>>(
    local: &Local<V, D>,
    frame: &Frame<V, D>,
    reference: Which,
    k: usize,
    s: f32,
    params: &ManifoldParams,
    rec: &mut R,
    m: &mut Manifold<V>,
) {
    let e = local.e;
    let ref_face = Feature::face(D, k, s > 0.0);
    let (flat_r, flat_i) = (Feature::flat_axes(&local.e), Feature::flat_axes(&local.f));
    let id = |v: &ClipVertex<V>| pair_id(reference, v.r.canonical(flat_r), v.i.canonical(flat_i));
    let incident = match reference {
        Which::A => Which::B,
        Which::B => Which::A,
    };

    // The incident face: the other box's face most anti-parallel to the reference normal s·e_k
    // (its axis with the largest |u_j·e_k|, on the side facing the reference box).
    let mut j = 0;
    for l in 1..D {
        if local.u[l][k].abs() > local.u[j][k].abs() {
            j = l;
        }
    }
    let sigma = if local.u[j][k] * s > 0.0 { -1.0 } else { 1.0 };
    let inc_others = others::<D>(j);
    let face_center = local.c + local.u[j] * (sigma * local.f[j]);
    // Corners in order around the face (a Gray code over the other axes' signs).
    let mut poly = Polygon::<V>::new();
    for g in 0..(1usize << (D - 1)) {
        let gray = g ^ (g >> 1);
        let mut p = face_center;
        let mut bits = if sigma > 0.0 { 1u8 << j } else { 0 };
        for (o, &l) in inc_others[..D - 1].iter().enumerate() {
            let plus = gray & (1 << o) != 0;
            p = p + local.u[l] * if plus { local.f[l] } else { -local.f[l] };
            if plus {
                bits |= 1 << l;
            }
        }
        poly.push(ClipVertex {
            p,
            r: ref_face,
            i: Feature::vertex(D, bits),
        });
    }

    // The side planes ±x_m = e_m, in order around the reference face.
    let ref_others = others::<D>(k);
    let mut planes = [(0usize, 1.0f32); 4];
    let mut n_planes = 0;
    for side in [1.0f32, -1.0] {
        for &m_axis in &ref_others[..D - 1] {
            planes[n_planes] = (m_axis, side);
            n_planes += 1;
        }
    }

    rec.record(|| {
        let trace_point = |v: &ClipVertex<V>| TracePoint {
            point: frame.point(v.p),
            id: id(v),
        };
        let ref_corners = (0..(1usize << (D - 1)))
            .map(|g| {
                let gray = g ^ (g >> 1);
                let mut p = V::unit(k) * (s * e[k]);
                let mut bits = if s > 0.0 { 1u8 << k } else { 0 };
                for (o, &l) in ref_others[..D - 1].iter().enumerate() {
                    let plus = gray & (1 << o) != 0;
                    p[l] = if plus { e[l] } else { -e[l] };
                    if plus {
                        bits |= 1 << l;
                    }
                }
                FeaturePoint {
                    point: frame.point(p),
                    feature: Feature::vertex(D, bits),
                }
            })
            .collect();
        Event::Faces {
            reference: FaceInfo {
                owner: reference,
                face: ref_face,
                normal: frame.vector(V::unit(k) * s),
                corners: ref_corners,
            },
            incident: FaceInfo {
                owner: incident,
                face: Feature::face(D, j, sigma > 0.0),
                normal: frame.vector(local.u[j] * sigma),
                corners: poly
                    .vertices()
                    .iter()
                    .map(|v| FeaturePoint {
                        point: frame.point(v.p),
                        feature: v.i,
                    })
                    .collect(),
            },
            start: poly.vertices().iter().map(trace_point).collect(),
            side_planes: planes[..n_planes]
                .iter()
                .map(|&(m_axis, side)| {
                    let mut p = V::unit(k) * (s * e[k]);
                    p[m_axis] = side * e[m_axis];
                    SidePlane {
                        normal: frame.vector(V::unit(m_axis) * side),
                        point: frame.point(p),
                        face: Feature::face(D, m_axis, side > 0.0),
                        edge: ref_face.with(m_axis, side > 0.0),
                    }
                })
                .collect(),
        }
    });

    // Sutherland–Hodgman against each side plane.
    for &(m_axis, side) in &planes[..n_planes] {
        poly = clip(&poly, m_axis, side, e[m_axis]);
        rec.record(|| {
            Event::Clipped(
                poly.vertices()
                    .iter()
                    .map(|v| TracePoint {
                        point: frame.point(v.p),
                        id: id(v),
                    })
                    .collect(),
            )
        });
    }

    // Keep the points at most `margin` above the reference face, moved halfway towards it. Points
    // closer than WELD × size are one point (the corners of a flat box's face coincide; a corner
    // on a side plane touches its neighbouring crossing): the one with the smaller symmetric key.
    let scale = local.e.iter().chain(&local.f).sum::<f32>();
    let weld = WELD * scale;
    let mut below = [Candidate::<V>::default(); CAPACITY];
    let mut n_below = 0;
    for v in poly.vertices() {
        let separation = s * v.p[k] - e[k];
        if separation <= params.margin {
            let mut p = v.p;
            p[k] -= s * 0.5 * separation;
            let c = Candidate {
                p,
                separation,
                id: id(v),
            };
            let near = below[..n_below].iter().position(|q| {
                let d = q.p - p;
                d.dot(d) <= weld * weld
            });
            match near {
                Some(q) => {
                    if c.id.symmetric_key() < below[q].id.symmetric_key() {
                        below[q] = c;
                    }
                }
                None => {
                    below[n_below] = c;
                    n_below += 1;
                }
            }
        }
    }
    let below = &below[..n_below];
    rec.record(|| {
        Event::Below(
            below
                .iter()
                .map(|c| ContactPoint {
                    point: frame.point(c.p),
                    separation: c.separation,
                    id: c.id,
                })
                .collect(),
        )
    });

    let (keep, n_keep) = if below.len() > V::MAX_POINTS {
        reduce(below, k, TIE * scale, rec)
    } else {
        ([0, 1, 2, 3], below.len())
    };
    for &i in &keep[..n_keep] {
        let c = &below[i];
        m.push(ContactPoint {
            point: frame.point(c.p),
            separation: c.separation,
            id: c.id,
        });
    }
}

/// Clips a convex polygon (or a segment, or a point) to the half-space `side·x_m ≤ e_m`.
///
/// A vertex on the plane counts as inside and makes no new vertex; a new vertex is made only where
/// an edge strictly crosses the plane (Box3D's `b3ClipSegment` rule), so a polygon touching a
/// plane gets no duplicate points. New vertices lie on the plane exactly; their features are what
/// the edge's two ends share, cut by the plane.
fn clip<V: Space>(poly: &Polygon<V>, m: usize, side: f32, e_m: f32) -> Polygon<V> {
    let mut out = Polygon::new();
    let dist = |v: &ClipVertex<V>| side * v.p[m] - e_m;
    let crossing = |a: &ClipVertex<V>, b: &ClipVertex<V>, da: f32, db: f32| {
        let t = da / (da - db);
        let mut p = a.p + (b.p - a.p) * t;
        p[m] = side * e_m;
        ClipVertex {
            p,
            r: a.r.common(b.r).with(m, side > 0.0),
            i: a.i.common(b.i),
        }
    };
    let v = poly.vertices();
    match v.len() {
        0 => {}
        1 => {
            if dist(&v[0]) <= 0.0 {
                out.push(v[0]);
            }
        }
        2 => {
            // an open segment: the 2D incident face, or a polygon already clipped to a line
            let (da, db) = (dist(&v[0]), dist(&v[1]));
            if da <= 0.0 {
                out.push(v[0]);
            }
            if (da < 0.0 && db > 0.0) || (da > 0.0 && db < 0.0) {
                out.push(crossing(&v[0], &v[1], da, db));
            }
            if db <= 0.0 {
                out.push(v[1]);
            }
        }
        n => {
            for idx in 0..n {
                let prev = &v[(idx + n - 1) % n];
                let cur = &v[idx];
                let (dp, dc) = (dist(prev), dist(cur));
                if dc <= 0.0 {
                    if dp > 0.0 && dc < 0.0 {
                        out.push(crossing(prev, cur, dp, dc));
                    }
                    out.push(*cur);
                } else if dp < 0.0 {
                    out.push(crossing(prev, cur, dp, dc));
                }
            }
        }
    }
    out
}

/// The best of the candidates not yet taken by `score` (larger is better): scores within `tol` of
/// each other tie, and ties go to the smaller symmetric key. Returns the index, its score and the
/// best score among the others.
fn pick<V>(
    c: &[Candidate<V>],
    taken: &[bool; CAPACITY],
    tol: f32,
    score: impl Fn(&Candidate<V>) -> f32,
) -> Option<(usize, f32, Option<f32>)> {
    let mut best: Option<(usize, f32, u32)> = None;
    for (i, cand) in c.iter().enumerate() {
        if taken[i] {
            continue;
        }
        let sc = score(cand);
        let key = cand.id.symmetric_key();
        let better = match best {
            None => true,
            Some((_, bs, bk)) => sc > bs + tol || (sc >= bs - tol && key < bk),
        };
        if better {
            best = Some((i, sc, key));
        }
    }
    let (i, sc, _) = best?;
    let runner_up = c
        .iter()
        .enumerate()
        .filter(|(l, _)| !taken[*l] && *l != i)
        .map(|(_, cand)| score(cand))
        .fold(None, |acc: Option<f32>, x| {
            Some(acc.map_or(x, |a| a.max(x)))
        });
    Some((i, sc, runner_up))
}

/// More than the maximum points down to four (Box3D's `b3ReduceManifoldPoints`, Gregorius 2015):
/// the deepest; the farthest from it in the contact plane (`e_k` projected out); the one making
/// the largest triangle with those two; the one adding the most area outside that triangle.
fn reduce<V: Space, R: Recorder<V>>(
    c: &[Candidate<V>],
    k: usize,
    tol: f32,
    rec: &mut R,
) -> ([usize; 4], usize) {
    let mut keep = [0usize; 4];
    let mut n = 0;
    let mut taken = [false; CAPACITY];
    let flat = |v: V| {
        let mut v = v;
        v[k] = 0.0;
        v
    };
    // One rule: pick the best remaining point if it scores above `min_score`; scores within
    // `tie` of each other tie.
    let mut step = |rule: ReductionRule,
                    tie: f32,
                    min_score: f32,
                    score: &dyn Fn(&Candidate<V>) -> f32,
                    keep: &mut [usize; 4],
                    n: &mut usize,
                    taken: &mut [bool; CAPACITY]| {
        match pick(c, taken, tie, score) {
            Some((i, sc, runner_up)) if sc > min_score => {
                rec.record(|| {
                    Event::Reduced(ReductionStep {
                        rule,
                        picked: i,
                        score: sc,
                        runner_up,
                    })
                });
                taken[i] = true;
                keep[*n] = i;
                *n += 1;
                true
            }
            _ => false,
        }
    };

    let deepest = |p: &Candidate<V>| -p.separation;
    step(
        ReductionRule::Deepest,
        tol,
        f32::NEG_INFINITY,
        &deepest,
        &mut keep,
        &mut n,
        &mut taken,
    );
    let p0 = c[keep[0]].p;
    let distance = |p: &Candidate<V>| {
        let d = flat(p.p - p0);
        d.dot(d).sqrt()
    };
    if !step(
        ReductionRule::Farthest,
        tol,
        tol,
        &distance,
        &mut keep,
        &mut n,
        &mut taken,
    ) {
        return (keep, n);
    }
    let p1 = c[keep[1]].p;
    // areas tie within `tol` of height over the first two points' distance
    let area_tol = tol * distance(&c[keep[1]]);
    let area = |p: &Candidate<V>| V::cross_along(p1 - p0, p.p - p0, k).abs();
    if !step(
        ReductionRule::LargestTriangle,
        area_tol,
        area_tol,
        &area,
        &mut keep,
        &mut n,
        &mut taken,
    ) {
        return (keep, n);
    }
    let p2 = c[keep[2]].p;
    let orientation = sign(V::cross_along(p1 - p0, p2 - p0, k));
    let added = |p: &Candidate<V>| {
        [(p0, p1), (p1, p2), (p2, p0)]
            .iter()
            .map(|&(a, b)| -orientation * V::cross_along(b - a, p.p - a, k))
            .fold(f32::NEG_INFINITY, f32::max)
    };
    step(
        ReductionRule::MostAddedArea,
        area_tol,
        area_tol,
        &added,
        &mut keep,
        &mut n,
        &mut taken,
    );
    (keep, n)
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
        id: ContactId {
            a: Feature::edge3(i, bits_a).canonical(Feature::flat_axes(&ea)),
            b: Feature::edge3(j, bits_b).canonical(Feature::flat_axes(&eb)),
        },
    })
}

/// An edge contact: one point, midway between the closest points of the supporting edges.
fn edge_contact<R: Recorder<Vec3>>(
    e: &Edges,
    frame_a: &Frame<Vec3, 3>,
    rec: &mut R,
    m: &mut Manifold<Vec3>,
) {
    rec.record(|| {
        Event::Edges(EdgeTrace {
            edge_a: [
                frame_a.point(e.pa - e.da * e.ha),
                frame_a.point(e.pa + e.da * e.ha),
            ],
            feature_a: e.id.a,
            edge_b: [
                frame_a.point(e.pb - e.db * e.hb),
                frame_a.point(e.pb + e.db * e.hb),
            ],
            feature_b: e.id.b,
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

    #[test]
    fn clipping_a_square_by_a_plane_through_it_keeps_two_corners_and_adds_two_points() {
        let out = clip(&square(1.0), 0, 1.0, 0.5);
        let xs: Vec<f32> = out.vertices().iter().map(|v| v.p.x).collect();
        assert_eq!(out.n, 4);
        assert_eq!(xs.iter().filter(|&&x| x == 0.5).count(), 2);
        assert_eq!(xs.iter().filter(|&&x| x == -1.0).count(), 2);
    }

    #[test]
    fn a_corner_exactly_on_the_plane_makes_no_duplicate() {
        // the plane x = 1 touches the square's right side: nothing is cut, nothing added
        let out = clip(&square(1.0), 0, 1.0, 1.0);
        assert_eq!(out.n, 4);
        // a plane beyond everything keeps the square; one behind everything empties it
        assert_eq!(clip(&square(1.0), 0, 1.0, 5.0).n, 4);
        assert_eq!(clip(&square(1.0), 0, -1.0, -2.0).n, 0);
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
        let out = clip(&clip(&seg, 0, 1.0, 1.0), 0, -1.0, 1.0);
        let xs: Vec<f32> = out.vertices().iter().map(|v| v.p.x).collect();
        assert_eq!(xs, vec![-1.0, 1.0]);
    }

    #[test]
    fn an_edge_that_only_ties_with_the_best_face_is_not_chosen() {
        let gaps = [-0.1, -0.2, -0.3, -0.5, -0.5, -0.5, -0.099, -1.0, -1.0];
        let degenerate = [false; 9];
        let kind = |k: usize| {
            if k < 6 {
                dim3::axis_kind(k)
            } else {
                AxisKind::Edge(0, k - 6)
            }
        };
        let (c, face, _) = choose(&gaps, &degenerate, 6, kind, &ManifoldParams::default());
        assert_eq!((c.strict, c.chosen, face), (6, 0, 0));
        let b = c.bias.unwrap();
        assert!((b.threshold - (-0.1 + 0.005 + 0.0005)).abs() < 1e-7);
        // clearly shallower edge: chosen
        let mut g = gaps;
        g[6] = -0.05;
        let (c, _, _) = choose(&g, &degenerate, 6, kind, &ManifoldParams::default());
        assert_eq!((c.strict, c.chosen, c.bias), (6, 6, None));
        // no bias: the strict choice
        let (c, _, _) = choose(&gaps, &degenerate, 6, kind, &ManifoldParams::strict());
        assert_eq!(c.chosen, 6);
        // a degenerate edge is never chosen, however large its gap
        let mut d = degenerate;
        d[6] = true;
        g[6] = 1.0;
        let (c, _, _) = choose(&g, &d, 6, kind, &ManifoldParams::strict());
        assert_eq!(c.chosen, 0);
    }
}
