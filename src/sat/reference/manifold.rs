//! The contact manifold in `f64`, by another route: the oracle for [`dim3::manifold`] and
//! [`dim2::manifold`](crate::sat::dim2::manifold).
//!
//! What it shares with the fast construction is the specification (docs/contacts.md and the
//! [`manifold`](crate::sat::manifold) module docs): which axis, which faces, which points, which
//! reduction rules. How it gets there differs:
//!
//! * the gaps come from the vertex-projection [`report3`] / [`report2`], in world space;
//! * the contact polygon of a face contact is not clipped: it is the intersection of the reference
//!   rectangle with the incident quad projected onto it, assembled from its three kinds of corners
//!   (incident corners inside the rectangle, rectangle corners inside the quad, crossings of their
//!   edges) as ODE's `intersectRectQuad` does, each lifted back onto the incident face;
//! * the closest points of two edges solve the 2×2 system of the lines' stationary point in world
//!   space, not a clamped parameter in A's frame.
//!
//! Besides the answer it measures how close the case is to a decision going the other way
//! ([`ReferenceManifold::closeness`]): two axes with nearly equal gaps, a point nearly on a side
//! plane or nearly at the margin, two reduction candidates nearly tied. Within rounding of such a
//! decision `f32` and `f64` may legitimately differ; [`compare`] says so instead of failing.
//!
//! [`dim3::manifold`]: crate::sat::dim3::manifold

use glam::{DQuat, DVec3};

use super::{report2, report3, ReferenceReport};
use crate::sat::manifold::{ContactId, Feature, FeatureChoice, Manifold, ManifoldParams};
use crate::sat::{distance, AxisKind, Obb2, Obb3, Which};

/// One point of the reference manifold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReferenceContact {
    /// World position, midway between the surfaces (2D: `z = 0`).
    pub point: DVec3,
    /// Signed distance between the surfaces along the normal.
    pub separation: f64,
    /// The features of A and B that meet here.
    pub id: ContactId,
    /// How far the point is from changing features (sliding off the feature it is on), in length
    /// units: within rounding of 0 the id may legitimately differ from the `f32` one.
    pub boundary: f64,
}

/// The reference manifold of one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct ReferenceManifold {
    /// The axis of least penetration (largest gap, ties lowest index).
    pub strict: usize,
    /// The axis used, after the edge bias.
    pub chosen: usize,
    /// What the chosen axis is made of.
    pub kind: AxisKind,
    /// Unit normal from A to B (2D: `z = 0`).
    pub normal: DVec3,
    /// Minus the chosen axis's gap.
    pub depth: f64,
    /// Every point before the reduction (for a face contact: the contact polygon's corners with
    /// a separation at most the margin).
    pub candidates: Vec<ReferenceContact>,
    /// The manifold's points.
    pub points: Vec<ReferenceContact>,
    /// The smallest distance, in length units, between any decision taken and its boundary: the
    /// separation test against the margin, the strict axis against the runner-up, the best face
    /// axis against the next, the edge bias against its threshold, the normal's sign (`|T·L|`), the
    /// incident face against the next one, every point's keep test and
    /// feature, every reduction step against its runner-up. Below rounding, `f32` may decide
    /// otherwise.
    pub closeness: f64,
}

/// Relative tie tolerance of the reduction, as in the fast construction.
const TIE: f64 = 1e-4;
/// Relative weld distance, as in the fast construction.
const WELD: f64 = 1e-6;
/// Relative reach of a place's name, as in the fast construction
/// ([`PLACE`](crate::sat::manifold::PLACE)).
const PLACE: f64 = crate::sat::manifold::PLACE as f64;

/// A box in `f64`, as the oracles read it: a 2D box is a flat 3D one in the plane `z = 0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Box64 {
    /// The centre.
    pub center: DVec3,
    /// The unit local axes (the quaternion normalised in `f64`).
    pub axes: [DVec3; 3],
    /// The half extents.
    pub half: [f64; 3],
    /// 2 or 3: a 2D box has `axes[2] = z` and `half[2] = 0`, and only two axes are its own.
    pub dim: usize,
}

impl From<&Obb3> for Box64 {
    /// A 3D box in `f64`.
    fn from(o: &Obb3) -> Self {
        let q = o.rotation;
        let q = DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64).normalize();
        Self {
            center: o.center.as_dvec3(),
            axes: [q * DVec3::X, q * DVec3::Y, q * DVec3::Z],
            half: o.half_extents.as_dvec3().to_array(),
            dim: 3,
        }
    }
}

impl From<&Obb2> for Box64 {
    /// A rectangle in `f64`, in the plane `z = 0`.
    fn from(o: &Obb2) -> Self {
        let (s, c) = (o.angle as f64).sin_cos();
        Self {
            center: DVec3::new(o.center.x as f64, o.center.y as f64, 0.0),
            axes: [DVec3::new(c, s, 0.0), DVec3::new(-s, c, 0.0), DVec3::Z],
            half: [o.half_extents.x as f64, o.half_extents.y as f64, 0.0],
            dim: 2,
        }
    }
}

impl Box64 {
    /// The sum of its half extents.
    pub fn scale(&self) -> f64 {
        self.half.iter().sum()
    }

    /// How far `p` lies outside the box (0 inside).
    pub fn outside(&self, p: DVec3) -> f64 {
        let d = p - self.center;
        (0..3)
            .map(|k| (d.dot(self.axes[k]).abs() - self.half[k]).max(0.0).powi(2))
            .sum::<f64>()
            .sqrt()
    }

    /// The box's projected radius on the unit direction `n`.
    pub fn radius(&self, n: DVec3) -> f64 {
        (0..3)
            .map(|k| self.half[k] * self.axes[k].dot(n).abs())
            .sum()
    }
}

/// The reference manifold of a 3D pair (`None` when an axis separates by more than the margin).
pub fn manifold3(a: &Obb3, b: &Obb3, params: &ManifoldParams) -> Option<ReferenceManifold> {
    let r = report3(a, b, params.degenerate_threshold as f64);
    let (ba, bb) = (Box64::from(a), Box64::from(b));
    let m = build(&ba, &bb, &r, 6, params)?;
    Some(with_closest(m, &ba, &bb, || {
        distance::closest_features3_f64(a, b)
    }))
}

/// The reference manifold of a 2D pair (`None` when an axis separates by more than the margin).
pub fn manifold2(a: &Obb2, b: &Obb2, params: &ManifoldParams) -> Option<ReferenceManifold> {
    let r = report2(a, b);
    let (ba, bb) = (Box64::from(a), Box64::from(b));
    let m = build(&ba, &bb, &r, 4, params)?;
    Some(with_closest(m, &ba, &bb, || {
        let (d, p, q) = distance::closest_features2_f64(a, b);
        (d, p.extend(0.0), q.extend(0.0))
    }))
}

/// When the contact polygon is empty (the boxes meet beside the reference face), one point midway
/// between the boxes' closest points, its separation their distance, as the fast construction
/// does. How close each closest point is to another feature is a decision too.
fn with_closest(
    mut m: ReferenceManifold,
    a: &Box64,
    b: &Box64,
    closest: impl FnOnce() -> (f64, DVec3, DVec3),
) -> ReferenceManifold {
    if !m.points.is_empty() {
        return m;
    }
    let (distance, pa, pb) = closest();
    let mut boundary = f64::INFINITY;
    let mut feature = |o: &Box64, p: DVec3| {
        let mut f = Feature {
            dim: o.dim as u8,
            ..Feature::default()
        };
        for k in 0..o.dim {
            let x = (p - o.center).dot(o.axes[k]);
            let room = o.half[k] - x.abs();
            boundary = boundary.min(room.abs());
            if room <= 1e-9 * (o.scale() + 1.0) {
                f = f.with(k, x > 0.0);
            }
        }
        f
    };
    let id = pair(Which::A, a, b, feature(a, pa), feature(b, pb));
    let contact = ReferenceContact {
        point: (pa + pb) * 0.5,
        separation: distance,
        id,
        boundary,
    };
    m.closeness = m.closeness.min(boundary);
    m.candidates.push(contact);
    m.points.push(contact);
    m
}

/// The reference manifold from the report `r` of boxes `a` and `b`, whose first `faces` axes are
/// face axes (`None` when an axis separates by more than the margin).
fn build(
    a: &Box64,
    b: &Box64,
    r: &ReferenceReport,
    faces: usize,
    params: &ManifoldParams,
) -> Option<ReferenceManifold> {
    let margin = params.margin as f64;
    let scale = a.scale() + b.scale();
    let live: Vec<usize> = (0..r.axes.len())
        .filter(|&i| !r.axes[i].degenerate)
        .collect();
    let max_gap = live
        .iter()
        .map(|&i| r.axes[i].gap)
        .fold(f64::NEG_INFINITY, f64::max);
    let mut closeness = (max_gap - margin).abs();
    if faces == 6 {
        near_degenerate_edges(a, b, r, params, scale, &mut closeness);
    }
    if max_gap > margin {
        return None;
    }
    let strict = strict_axis(r, &live, &mut closeness)?;
    let face = best_face(r, faces, &mut closeness);
    let chosen = match params.feature {
        FeatureChoice::Auto => with_edge_bias(r, &live, faces, face, params, &mut closeness),
        forced => forced_axis(r, &live, faces, face, forced, &mut closeness),
    };
    let t = b.center - a.center;
    let mut m = on_axis(r, strict, chosen, t, closeness);
    if let AxisKind::Edge(i, j) = m.kind {
        if edge_contact(a, b, i, j, m.normal, &mut m) {
            return Some(m);
        }
        fall_back_to_face(r, face, t, &mut m);
    }
    let normal = m.normal;
    match m.kind {
        AxisKind::FaceA(k) => face_contact(a, b, Which::A, k, normal, margin, scale, &mut m),
        AxisKind::FaceB(k) => face_contact(b, a, Which::B, k, -normal, margin, scale, &mut m),
        AxisKind::Edge(..) => {}
    }
    Some(m)
}

/// 3D: how close each edge axis is to being flagged degenerate the other way.
fn near_degenerate_edges(
    a: &Box64,
    b: &Box64,
    r: &ReferenceReport,
    params: &ManifoldParams,
    scale: f64,
    closeness: &mut f64,
) {
    // an edge axis whose cross product is near the degenerate threshold may be flagged otherwise in
    // f32; and one that separates beyond the margin then decides the verdict
    let faces = 6;
    let margin = params.margin as f64;
    let (ua, ub) = (a.axes, b.axes);
    for (k, axis) in r.axes.iter().enumerate().skip(faces) {
        let (i, j) = ((k - faces) / 3, (k - faces) % 3);
        let len = ua[i].cross(ub[j]).length();
        let near = (len - params.degenerate_threshold as f64).abs() * scale;
        if axis.gap > margin || !axis.degenerate {
            *closeness = closeness.min(near);
        }
    }
}

/// The strict axis: the largest gap among the `live` axes, ties to the lowest index; and how
/// close the runner-up came.
fn strict_axis(r: &ReferenceReport, live: &[usize], closeness: &mut f64) -> Option<usize> {
    let strict = live
        .iter()
        .copied()
        .fold(None::<usize>, |best, i| match best {
            Some(bi) if r.axes[bi].gap >= r.axes[i].gap => Some(bi),
            _ => Some(i),
        })?;
    // the runner-up, leaving out axes parallel to the strict one (a face of A and a face of B
    // that are parallel give the same points whichever is the reference)
    let parallel = |i: usize| r.axes[i].axis.cross(r.axes[strict].axis).length() < 1e-6;
    let second = live
        .iter()
        .filter(|&&i| i != strict && !parallel(i))
        .map(|&i| r.axes[i].gap)
        .fold(f64::NEG_INFINITY, f64::max);
    if second.is_finite() {
        *closeness = closeness.min(r.axes[strict].gap - second);
    }
    Some(strict)
}

/// The best face axis among the first `faces` (largest gap, ties to the lowest index), and how
/// close the next one came.
fn best_face(r: &ReferenceReport, faces: usize, closeness: &mut f64) -> usize {
    let face = (0..faces)
        .max_by(|&x, &y| r.axes[x].gap.total_cmp(&r.axes[y].gap).then(y.cmp(&x)))
        .unwrap_or(0);
    let face_gap = r.axes[face].gap;
    // the best face axis against the next one (not parallel to it): which face is the reference
    let face_parallel = |i: usize| r.axes[i].axis.cross(r.axes[face].axis).length() < 1e-6;
    if let Some(next) = (0..faces)
        .filter(|&i| i != face && !face_parallel(i))
        .map(|i| r.axes[i].gap)
        .reduce(f64::max)
    {
        *closeness = closeness.min(face_gap - next);
    }
    face
}

/// The axis used: the best edge axis when its gap beats the best face's by the edge bias, the
/// best face otherwise; and how close the best edge came to the threshold.
fn with_edge_bias(
    r: &ReferenceReport,
    live: &[usize],
    faces: usize,
    face: usize,
    params: &ManifoldParams,
    closeness: &mut f64,
) -> usize {
    let face_gap = r.axes[face].gap;
    let threshold = face_gap
        + params.edge_relative.max(0.0) as f64 * face_gap.abs()
        + params.edge_absolute.max(0.0) as f64;
    let best_edge = live
        .iter()
        .copied()
        .filter(|&i| i >= faces)
        .max_by(|&x, &y| r.axes[x].gap.total_cmp(&r.axes[y].gap).then(y.cmp(&x)));
    match best_edge {
        Some(e) => {
            *closeness = closeness.min((r.axes[e].gap - threshold).abs());
            if r.axes[e].gap > threshold {
                e
            } else {
                face
            }
        }
        None => face,
    }
}

/// The axis a forced feature takes, as the fast construction does: the best (largest gap, ties
/// to the lowest index) of A's face axes, of B's, of the live edge axes (none: the best face
/// `face`), or the axis given (not live: `face`); and how close the runner-up of its kind came.
fn forced_axis(
    r: &ReferenceReport,
    live: &[usize],
    faces: usize,
    face: usize,
    forced: FeatureChoice,
    closeness: &mut f64,
) -> usize {
    let candidates: Vec<usize> = match forced {
        FeatureChoice::Auto => vec![face],
        FeatureChoice::FaceA => (0..faces / 2).collect(),
        FeatureChoice::FaceB => (faces / 2..faces).collect(),
        FeatureChoice::EdgePair => live.iter().copied().filter(|&i| i >= faces).collect(),
        FeatureChoice::Axis(k) => vec![if live.contains(&usize::from(k)) {
            usize::from(k)
        } else {
            face
        }],
    };
    let Some(best) = candidates
        .iter()
        .copied()
        .max_by(|&x, &y| r.axes[x].gap.total_cmp(&r.axes[y].gap).then(y.cmp(&x)))
    else {
        return face;
    };
    if let Some(next) = candidates
        .iter()
        .filter(|&&i| i != best)
        .map(|&i| r.axes[i].gap)
        .reduce(f64::max)
    {
        *closeness = closeness.min(r.axes[best].gap - next);
    }
    best
}

/// The unit axis `l` turned from A towards B: the side of `t`, B's centre minus A's.
fn towards(l: DVec3, t: DVec3) -> DVec3 {
    if t.dot(l) < 0.0 {
        -l
    } else {
        l
    }
}

/// The manifold, still without points, on axis `chosen` of the report.
fn on_axis(
    r: &ReferenceReport,
    strict: usize,
    chosen: usize,
    t: DVec3,
    closeness: f64,
) -> ReferenceManifold {
    let axis = &r.axes[chosen];
    let normal = towards(axis.axis, t);
    let depth = -axis.gap;
    // the normal's sign follows T·L: with the centres (nearly) on one plane through the axis,
    // either sign is right and rounding picks one
    let closeness = closeness.min(t.dot(axis.axis).abs());
    ReferenceManifold {
        strict,
        chosen,
        kind: axis.kind,
        normal,
        depth,
        candidates: Vec::new(),
        points: Vec::new(),
        closeness,
    }
}

/// The supporting edges do not cross: the best face axis instead.
fn fall_back_to_face(r: &ReferenceReport, face: usize, t: DVec3, m: &mut ReferenceManifold) {
    let axis = &r.axes[face];
    m.chosen = face;
    m.kind = axis.kind;
    m.normal = towards(axis.axis, t);
    m.closeness = m.closeness.min(t.dot(axis.axis).abs());
    m.depth = -axis.gap;
}

fn sign(x: f64) -> f64 {
    if x >= 0.0 {
        1.0
    } else {
        -1.0
    }
}

/// The id in A/B terms, each feature written canonically for its box.
fn pair(reference: Which, rb: &Box64, ib: &Box64, r: Feature, i: Feature) -> ContactId {
    // the fast manifold's rule (`Feature::flat_axes`), on the same f32 extents
    let (r, i) = (r.canonical(flat_axes(rb)), i.canonical(flat_axes(ib)));
    match reference {
        Which::A => ContactId { a: r, b: i },
        Which::B => ContactId { a: i, b: r },
    }
}

/// A corner of the contact polygon before the keep test: on the incident face, world space.
struct Corner {
    point: DVec3,
    id: ContactId,
    boundary: f64,
}

/// Face contact: the reference face of `rb` with outward normal `m` (axis `k`), the incident face
/// of `ib`.
#[allow(clippy::too_many_arguments)]
fn face_contact(
    rb: &Box64,
    ib: &Box64,
    reference: Which,
    k: usize,
    m: DVec3,
    margin: f64,
    scale: f64,
    out: &mut ReferenceManifold,
) {
    let face = reference_face(rb, k, m);
    let incident = incident_face(ib, m, scale, &mut out.closeness);
    let contact = FaceContact {
        rb,
        ib,
        reference,
        m,
        face,
        incident,
    };
    let polygon = contact.polygon(&mut out.closeness);
    keep_below(polygon, contact.face.center, m, margin, WELD * scale, out);
    let max_points = if rb.dim == 3 { 4 } else { 2 };
    reduce_to(max_points, m, TIE * scale, out);
    let (a, b) = match reference {
        Which::A => (rb, ib),
        Which::B => (ib, rb),
    };
    name_by_place(a, b, PLACE * scale, out);
}

/// The flat axes of a box, by the fast manifold's rule (`Feature::flat_axes`), on the same `f32`
/// extents.
fn flat_axes(b: &Box64) -> u8 {
    let half: Vec<f32> = (0..b.dim).map(|k| b.half[k] as f32).collect();
    Feature::flat_axes(&half)
}

/// Names every point by its place, the fast construction's rule: on each box, the feature of the
/// point's id is lowered to the side or corner of that box within `reach` of the point (each axis
/// the feature is free on, where the point lies within `reach` of that box's face, is fixed to that
/// face). Two points that would share a name keep, both, the features that met there; if those
/// clash too, every point keeps its built name. How far each test is from going the other way is a
/// decision ([`ReferenceManifold::closeness`]).
fn name_by_place(a: &Box64, b: &Box64, reach: f64, out: &mut ReferenceManifold) {
    let mut closeness = out.closeness;
    let mut lower = |bx: &Box64, f: Feature, p: DVec3| {
        let mut f = f;
        let d = p - bx.center;
        for k in 0..bx.dim {
            if f.fixed & (1 << k) == 0 {
                let x = d.dot(bx.axes[k]);
                let room = bx.half[k] - x.abs();
                closeness = closeness.min((room - reach).abs());
                if room <= reach {
                    f = f.with(k, x > 0.0);
                }
            }
        }
        f.canonical(flat_axes(bx))
    };
    let built: Vec<ContactId> = out.points.iter().map(|p| p.id).collect();
    let mut named: Vec<ContactId> = out
        .points
        .iter()
        .map(|p| ContactId {
            a: lower(a, p.id.a, p.point),
            b: lower(b, p.id.b, p.point),
        })
        .collect();
    out.closeness = closeness;
    let clashing = |ids: &[ContactId]| -> Vec<bool> {
        (0..ids.len())
            .map(|x| (0..ids.len()).any(|y| y != x && ids[y] == ids[x]))
            .collect()
    };
    let clash = clashing(&named);
    if clash.iter().any(|&c| c) {
        for (k, &c) in clash.iter().enumerate() {
            if c {
                named[k] = built[k];
            }
        }
        if clashing(&named).iter().any(|&c| c) {
            named.clone_from(&built);
        }
    }
    for (p, id) in out.points.iter_mut().zip(named) {
        p.id = id;
    }
}

/// The face of the reference box on axis `k` whose outward normal is `m`.
struct ReferenceFace {
    /// 2 or 3, as the box.
    dim: usize,
    /// The axis it is normal to.
    k: usize,
    /// `1` for the face on the positive side of axis `k`, `-1` for the other.
    s: f64,
    /// The face as a feature of its box.
    feature: Feature,
    /// Its centre.
    center: DVec3,
    /// The box's other axes, which span the face.
    plane_axes: Vec<usize>,
    /// The face's half extents along `plane_axes`.
    half: Vec<f64>,
}

/// The reference face: the face of `rb` on axis `k` whose outward normal is `m`.
fn reference_face(rb: &Box64, k: usize, m: DVec3) -> ReferenceFace {
    let dim = rb.dim;
    let s = sign(rb.axes[k].dot(m));
    let plane_axes: Vec<usize> = (0..dim).filter(|&l| l != k).collect();
    ReferenceFace {
        dim,
        k,
        s,
        feature: Feature::face(dim, k, s > 0.0),
        center: rb.center + rb.axes[k] * (s * rb.half[k]),
        half: plane_axes.iter().map(|&l| rb.half[l]).collect(),
        plane_axes,
    }
}

impl ReferenceFace {
    /// Its corner on the sides `sg` (one sign per axis of `plane_axes`), as a feature of its box.
    fn corner(&self, sg: &[f64]) -> Feature {
        let mut bits = if self.s > 0.0 { 1u8 << self.k } else { 0 };
        for (o, &l) in self.plane_axes.iter().enumerate() {
            if sg[o] > 0.0 {
                bits |= 1 << l;
            }
        }
        Feature::vertex(self.dim, bits)
    }
}

/// The face of the other box that meets the reference face.
struct IncidentFace {
    /// The face as a feature of its box.
    feature: Feature,
    /// Its outward unit normal.
    normal: DVec3,
    /// Its centre.
    center: DVec3,
    /// Its corners in order around the face (3D: a cycle of 4; 2D: the 2 ends), with their
    /// features.
    corners: Vec<(DVec3, Feature)>,
}

/// The sides of a face's corners in order around it, one sign per axis spanning it (3D: a cycle
/// of 4; 2D: the 2 ends).
fn corner_signs(dim: usize) -> Vec<Vec<f64>> {
    if dim == 3 {
        vec![
            vec![-1.0, -1.0],
            vec![1.0, -1.0],
            vec![1.0, 1.0],
            vec![-1.0, 1.0],
        ]
    } else {
        vec![vec![-1.0], vec![1.0]]
    }
}

/// The incident face: the axis of `ib` most parallel to `m`, on the side facing back; and how
/// close the next most parallel axis came, as a decision.
fn incident_face(ib: &Box64, m: DVec3, scale: f64, closeness: &mut f64) -> IncidentFace {
    let dim = ib.dim;
    let mut order: Vec<usize> = (0..dim).collect();
    order.sort_by(|&x, &y| {
        ib.axes[y]
            .dot(m)
            .abs()
            .total_cmp(&ib.axes[x].dot(m).abs())
            .then(x.cmp(&y))
    });
    let j = order[0];
    if order.len() > 1 {
        let gap = ib.axes[j].dot(m).abs() - ib.axes[order[1]].dot(m).abs();
        *closeness = closeness.min(gap * scale);
    }
    let tau = if ib.axes[j].dot(m) > 0.0 { -1.0 } else { 1.0 };
    let normal = ib.axes[j] * tau;
    let center = ib.center + normal * ib.half[j];
    let plane: Vec<usize> = (0..dim).filter(|&l| l != j).collect();
    let corners = corner_signs(dim)
        .iter()
        .map(|sg| {
            let mut p = center;
            let mut bits = if tau > 0.0 { 1u8 << j } else { 0 };
            for (o, &l) in plane.iter().enumerate() {
                p += ib.axes[l] * (sg[o] * ib.half[l]);
                if sg[o] > 0.0 {
                    bits |= 1 << l;
                }
            }
            (p, Feature::vertex(dim, bits))
        })
        .collect();
    IncidentFace {
        feature: Feature::face(dim, j, tau > 0.0),
        normal,
        center,
        corners,
    }
}

/// A face contact between its reference face and its incident face.
struct FaceContact<'a> {
    /// The box of the reference face.
    rb: &'a Box64,
    /// The box of the incident face.
    ib: &'a Box64,
    /// Which of A and B `rb` is.
    reference: Which,
    /// The reference face's outward unit normal.
    m: DVec3,
    /// The reference face.
    face: ReferenceFace,
    /// The incident face.
    incident: IncidentFace,
}

impl FaceContact<'_> {
    /// The id of a point on feature `r` of the reference box and `i` of the incident box.
    fn id(&self, r: Feature, i: Feature) -> ContactId {
        pair(self.reference, self.rb, self.ib, r, i)
    }

    /// Coordinates of `p` in the reference face's plane.
    fn project(&self, p: DVec3) -> Vec<f64> {
        let f = &self.face;
        f.plane_axes
            .iter()
            .map(|&l| (p - f.center).dot(self.rb.axes[l]))
            .collect()
    }

    /// The point of the incident face's plane over coordinates `qp` of the reference face's
    /// plane, along `m`.
    fn lift(&self, qp: &[f64]) -> DVec3 {
        let (f, inc) = (&self.face, &self.incident);
        let mut x = f.center;
        for (o, &l) in f.plane_axes.iter().enumerate() {
            x += self.rb.axes[l] * qp[o];
        }
        let h = (inc.center - x).dot(inc.normal) / self.m.dot(inc.normal);
        x + self.m * h
    }

    /// The contact polygon, which the fast construction clips out against the side planes: the
    /// reference rectangle intersected with the incident quad projected onto it, from its three
    /// kinds of corners, each on the incident face.
    fn polygon(&self, closeness: &mut f64) -> Vec<Corner> {
        let q: Vec<Vec<f64>> = self
            .incident
            .corners
            .iter()
            .map(|(p, _)| self.project(*p))
            .collect();
        let mut polygon: Vec<Corner> = Vec::new();
        self.incident_corners_inside(&q, &mut polygon, closeness);
        if self.face.dim == 3 {
            self.reference_corners_inside_quad(&q, &mut polygon, closeness);
            self.edge_crossings(&q, &mut polygon, closeness);
        } else {
            self.reference_ends_inside_side(&q, &mut polygon);
        }
        polygon
    }

    /// (a) The incident corners inside the reference rectangle; `q` are their coordinates in its
    /// plane.
    fn incident_corners_inside(
        &self,
        q: &[Vec<f64>],
        polygon: &mut Vec<Corner>,
        closeness: &mut f64,
    ) {
        let half = &self.face.half;
        for (c, qc) in self.incident.corners.iter().zip(q) {
            let room = (0..half.len())
                .map(|o| half[o] - qc[o].abs())
                .fold(f64::INFINITY, f64::min);
            if room >= 0.0 {
                polygon.push(Corner {
                    point: c.0,
                    id: self.id(self.face.feature, c.1),
                    boundary: room,
                });
            } else {
                // left out: how far outside, a decision too
                *closeness = closeness.min(-room);
            }
        }
    }

    /// (b) 3D: the reference corners strictly inside the projected incident quad (corners `q`),
    /// lifted onto it.
    fn reference_corners_inside_quad(
        &self,
        q: &[Vec<f64>],
        polygon: &mut Vec<Corner>,
        closeness: &mut f64,
    ) {
        let half = &self.face.half;
        for sg in &corner_signs(3) {
            let r = [sg[0] * half[0], sg[1] * half[1]];
            let d = edge_distances(q, r);
            let inside = d.iter().all(|&x| x > 0.0) || d.iter().all(|&x| x < 0.0);
            if inside {
                polygon.push(Corner {
                    point: self.lift(&r),
                    id: self.id(self.face.corner(sg), self.incident.feature),
                    boundary: d.iter().map(|x| x.abs()).fold(f64::INFINITY, f64::min),
                });
            } else {
                // left out: how far outside the incident face (its largest step over an edge
                // line, for the face's own winding), a decision too; a reference corner exactly
                // on an incident edge is left out here and found by neither rule below
                // (`f64::max` passes over the NaN of a zero-length edge)
                let over = |sign: f64| {
                    d.iter()
                        .map(|&x| sign * x)
                        .fold(f64::NEG_INFINITY, f64::max)
                };
                let outside = over(1.0).min(over(-1.0));
                if outside.is_finite() {
                    *closeness = closeness.min(outside.max(0.0));
                }
            }
        }
    }

    /// (b) 2D: the reference side's ends strictly between the incident ends (coordinates `q`),
    /// lifted onto the incident side.
    fn reference_ends_inside_side(&self, q: &[Vec<f64>], polygon: &mut Vec<Corner>) {
        let (lo, hi) = (q[0][0].min(q[1][0]), q[0][0].max(q[1][0]));
        for sg in [-1.0, 1.0] {
            let r = sg * self.face.half[0];
            if lo < r && r < hi {
                polygon.push(Corner {
                    point: self.lift(&[r]),
                    id: self.id(self.face.corner(&[sg]), self.incident.feature),
                    boundary: (r - lo).min(hi - r),
                });
            }
        }
    }

    /// (c) 3D: the incident edges (between corners `q`) strictly crossing a side line of the
    /// rectangle within its extent.
    fn edge_crossings(&self, q: &[Vec<f64>], polygon: &mut Vec<Corner>, closeness: &mut f64) {
        let (corners, half) = (&self.incident.corners, &self.face.half);
        let n = corners.len();
        for e in 0..n {
            let (c0, c1) = (&corners[e], &corners[(e + 1) % n]);
            let (q0, q1) = (&q[e], &q[(e + 1) % n]);
            let edge_len = (c1.0 - c0.0).length();
            for o in 0..2 {
                for side in [-1.0, 1.0] {
                    let d0 = side * q0[o] - half[o];
                    let d1 = side * q1[o] - half[o];
                    if d0 * d1 >= 0.0 {
                        continue;
                    }
                    let t = d0 / (d0 - d1);
                    let other = 1 - o;
                    let qo = q0[other] + (q1[other] - q0[other]) * t;
                    if qo.abs() > half[other] {
                        // crossing the side line beyond the rectangle's corner: a decision too
                        *closeness = closeness.min(qo.abs() - half[other]);
                        continue;
                    }
                    let ref_edge = self.face.feature.with(self.face.plane_axes[o], side > 0.0);
                    polygon.push(Corner {
                        point: c0.0 + (c1.0 - c0.0) * t,
                        id: self.id(ref_edge, c0.1.common(c1.1)),
                        boundary: (half[other] - qo.abs())
                            .min(t * edge_len)
                            .min((1.0 - t) * edge_len),
                    });
                }
            }
        }
    }
}

/// Signed distances of the point `r` to the edge lines of the quad `q` (either winding); NaN for a
/// zero-length edge.
fn edge_distances(q: &[Vec<f64>], r: [f64; 2]) -> Vec<f64> {
    let n = q.len();
    (0..n)
        .map(|e| {
            let (p0, p1) = (&q[e], &q[(e + 1) % n]);
            let (ex, ey) = (p1[0] - p0[0], p1[1] - p0[1]);
            let len = (ex * ex + ey * ey).sqrt();
            if len == 0.0 {
                // a flat incident face: no side here (and nothing strictly inside)
                return f64::NAN;
            }
            (ex * (r[1] - p0[1]) - ey * (r[0] - p0[0])) / len
        })
        .collect()
}

/// Keeps the corners of `polygon` at most the margin above the reference face (centre
/// `face_center`, outward normal `m`) as candidates, moved midway; points within the weld
/// distance are one (a point found twice on a boundary, the corners of a flat face): the one with
/// the smaller symmetric key.
fn keep_below(
    polygon: Vec<Corner>,
    face_center: DVec3,
    m: DVec3,
    margin: f64,
    weld: f64,
    out: &mut ReferenceManifold,
) {
    for c in polygon {
        let separation = (c.point - face_center).dot(m);
        out.closeness = out.closeness.min((separation - margin).abs());
        if separation > margin {
            continue;
        }
        let contact = ReferenceContact {
            point: c.point - m * (0.5 * separation),
            separation,
            id: c.id,
            boundary: c.boundary,
        };
        weld_or_add(contact, weld, out);
    }
}

/// Welds `contact` into the first candidate within `weld` of it (keeping the smaller symmetric
/// key), or adds it as a new candidate.
fn weld_or_add(contact: ReferenceContact, weld: f64, out: &mut ReferenceManifold) {
    for u in out.candidates.iter_mut() {
        let d = (u.point - contact.point).length();
        if d <= weld {
            if contact.id.symmetric_key() < u.id.symmetric_key() {
                *u = contact;
            }
            return;
        }
        out.closeness = out.closeness.min(d - weld);
    }
    out.closeness = out.closeness.min(contact.boundary);
    out.candidates.push(contact);
}

/// The manifold's points: the candidates, reduced to `max_points` when there are more
/// ([`reduce`], ties within `tol`).
fn reduce_to(max_points: usize, m: DVec3, tol: f64, out: &mut ReferenceManifold) {
    if out.candidates.len() <= max_points {
        out.points = out.candidates.clone();
    } else {
        let (points, closeness) = reduce(&out.candidates, m, tol);
        out.points = points;
        out.closeness = out.closeness.min(closeness);
    }
}

/// Box3D's reduction rules in `f64`, on world points in the plane normal to `m`. Returns the kept
/// points and how close the closest step came to picking another point (its score margin over
/// the runner-up, measured from the tie tolerance).
fn reduce(c: &[ReferenceContact], m: DVec3, tol: f64) -> (Vec<ReferenceContact>, f64) {
    let flat = |v: DVec3| v - m * v.dot(m);
    let area = |a: DVec3, b: DVec3| a.cross(b).dot(m);
    let mut taken = vec![false; c.len()];
    let mut kept: Vec<usize> = Vec::new();
    let mut closeness = f64::INFINITY;
    // the candidates' centre in the contact plane: of points of one depth, the deepest rule
    // takes the farthest from it (a corner of the patch, not a point along its side)
    let centre = c.iter().map(|p| flat(p.point)).sum::<DVec3>() / c.len() as f64;
    let outer = |p: &ReferenceContact| (flat(p.point) - centre).length();
    // best by score with ties (within `tie`) to the larger `second`, then the smaller symmetric
    // key
    let mut pick = |score: &dyn Fn(&ReferenceContact) -> f64,
                    second: &dyn Fn(&ReferenceContact) -> f64,
                    tie: f64,
                    min_score: f64,
                    taken: &mut Vec<bool>,
                    kept: &mut Vec<usize>| {
        let mut ranked: Vec<(usize, f64, f64)> = (0..c.len())
            .filter(|&i| !taken[i])
            .map(|i| (i, score(&c[i]), second(&c[i])))
            .collect();
        let mut best: Option<(usize, f64, f64)> = None;
        for &(i, sc, s2) in &ranked {
            let better = match best {
                None => true,
                Some((bi, bs, b2)) => {
                    sc > bs + tie
                        || (sc >= bs - tie
                            && (s2 > b2 + tie
                                || (s2 >= b2 - tie
                                    && c[i].id.symmetric_key() < c[bi].id.symmetric_key())))
                }
            };
            if better {
                best = Some((i, sc, s2));
            }
        }
        let (i, sc, s2) = best?;
        if sc <= min_score {
            return None;
        }
        ranked.retain(|&(l, _, _)| l != i);
        if let Some(second) = ranked.iter().map(|&(_, x, _)| x).reduce(f64::max) {
            closeness = closeness.min(((sc - second).abs() - tie).abs());
        }
        // among the points tied with it, the tie-break's own margin
        for &(_, x, y) in &ranked {
            if (x - sc).abs() <= tie {
                closeness = closeness.min(((y - s2).abs() - tie).abs());
            }
        }
        closeness = closeness.min((sc - min_score).abs());
        taken[i] = true;
        kept.push(i);
        Some(c[i].point)
    };
    let Some(p0) = pick(
        &|p| -p.separation,
        &outer,
        tol,
        f64::NEG_INFINITY,
        &mut taken,
        &mut kept,
    ) else {
        return (Vec::new(), closeness);
    };
    let finish = |kept: &[usize], closeness: f64| (kept.iter().map(|&i| c[i]).collect(), closeness);
    let none = |_: &ReferenceContact| 0.0;
    let Some(p1) = pick(
        &|p| flat(p.point - p0).length(),
        &none,
        tol,
        tol,
        &mut taken,
        &mut kept,
    ) else {
        return finish(&kept, closeness);
    };
    let area_tol = tol * flat(p1 - p0).length();
    let Some(p2) = pick(
        &|p| area(p1 - p0, p.point - p0).abs(),
        &none,
        area_tol,
        area_tol,
        &mut taken,
        &mut kept,
    ) else {
        return finish(&kept, closeness);
    };
    let o = sign(area(p1 - p0, p2 - p0));
    let added = move |p: &ReferenceContact| {
        [(p0, p1), (p1, p2), (p2, p0)]
            .iter()
            .map(|&(a, b)| -o * area(b - a, p.point - a))
            .fold(f64::NEG_INFINITY, f64::max)
    };
    pick(&added, &none, area_tol, area_tol, &mut taken, &mut kept);
    finish(&kept, closeness)
}

/// Edge contact: the supporting edges and the midpoint of their closest points, if the edges
/// cross (the closest points of their lines lie on both); `false` otherwise.
fn edge_contact(
    a: &Box64,
    b: &Box64,
    i: usize,
    j: usize,
    n: DVec3,
    out: &mut ReferenceManifold,
) -> bool {
    let mut pa = a.center;
    let mut bits_a = 0u8;
    for k in (0..3).filter(|&k| k != i) {
        let s = sign(a.axes[k].dot(n));
        pa += a.axes[k] * (s * a.half[k]);
        if s > 0.0 {
            bits_a |= 1 << k;
        }
    }
    let mut pb = b.center;
    let mut bits_b = 0u8;
    for k in (0..3).filter(|&k| k != j) {
        let s = -sign(b.axes[k].dot(n));
        pb += b.axes[k] * (s * b.half[k]);
        if s > 0.0 {
            bits_b |= 1 << k;
        }
    }
    let seg_a = (pa - a.axes[i] * a.half[i], pa + a.axes[i] * a.half[i]);
    let seg_b = (pb - b.axes[j] * b.half[j], pb + b.axes[j] * b.half[j]);
    let Some((qa, qb, room)) = crossing(seg_a, seg_b) else {
        return false;
    };
    // how far the closest points are from an end of either edge: inside (room > 0) or beyond
    out.closeness = out.closeness.min(room.abs());
    if room < 0.0 {
        return false;
    }
    let contact = ReferenceContact {
        point: (qa + qb) * 0.5,
        separation: (qb - qa).dot(n),
        id: pair(
            Which::A,
            a,
            b,
            Feature::edge3(i, bits_a),
            Feature::edge3(j, bits_b),
        ),
        boundary: room,
    };
    out.candidates.push(contact);
    out.points.push(contact);
    name_by_place(a, b, PLACE * (a.scale() + b.scale()), out);
    true
}

/// The closest points of the lines through two segments, by solving the 2×2 system of their
/// stationary point, and how far they lie inside both segments (the distance to the nearest end
/// along its segment; negative when beyond an end). `None` for parallel segments.
fn crossing(a: (DVec3, DVec3), b: (DVec3, DVec3)) -> Option<(DVec3, DVec3, f64)> {
    let (da, db) = (a.1 - a.0, b.1 - b.0);
    let r = a.0 - b.0;
    let (aa, bb, ab) = (da.dot(da), db.dot(db), da.dot(db));
    let denom = aa * bb - ab * ab;
    if denom <= 0.0 {
        return None;
    }
    let s = (ab * db.dot(r) - bb * da.dot(r)) / denom;
    let t = (aa * db.dot(r) - ab * da.dot(r)) / denom;
    let inside = |u: f64, len2: f64| u.min(1.0 - u) * len2.sqrt();
    Some((a.0 + da * s, b.0 + db * t, inside(s, aa).min(inside(t, bb))))
}

/// Whether a fast manifold agrees with the reference.
#[derive(Clone, Debug, PartialEq)]
pub enum ManifoldAgreement {
    /// Same axis, normal, points, separations and ids, within the tolerance.
    Agree,
    /// The reference was within the tolerance of a decision going the other way
    /// ([`ReferenceManifold::closeness`]): a difference there is rounding, not a bug.
    NearTie,
    /// They differ; what differs first.
    Disagree(String),
}

/// Compares a fast manifold with the reference: both absent, or the same normal (within `tol`
/// radians), points (each fast point within `tol` of a reference point with the same id),
/// separations (within `tol`) and chosen axis (where A's and B's faces tie exactly, either may be
/// called the reference: the points are the same). A difference while the reference was within `tol` of a
/// decision is [`ManifoldAgreement::NearTie`]. For the app's cross-check and the tests; `margin`
/// is the one both were built with, `tol` is in length units (something like `1e-4 × (1 + size of
/// the boxes)`).
pub fn compare<V: crate::sat::Vector>(
    fast: Option<&Manifold<V>>,
    reference: Option<&ReferenceManifold>,
    margin: f32,
    tol: f64,
) -> ManifoldAgreement {
    match (fast, reference) {
        (None, None) => ManifoldAgreement::Agree,
        (Some(f), None) => fast_only(f, margin, tol),
        (None, Some(r)) => disagree(
            format!(
                "the f64 reference has {} point(s) on axis {}, f32 none",
                r.points.len(),
                r.chosen
            ),
            r,
            tol,
        ),
        (Some(f), Some(r)) => compare_both(f, r, tol),
    }
}

/// A difference: [`ManifoldAgreement::NearTie`] when the reference was within `tol` of a
/// decision, [`ManifoldAgreement::Disagree`] with `what` otherwise.
fn disagree(what: String, r: &ReferenceManifold, tol: f64) -> ManifoldAgreement {
    if r.closeness <= tol {
        ManifoldAgreement::NearTie
    } else {
        ManifoldAgreement::Disagree(what)
    }
}

/// A manifold in `f32` where the `f64` reference has none.
fn fast_only<V: crate::sat::Vector>(f: &Manifold<V>, margin: f32, tol: f64) -> ManifoldAgreement {
    // separated beyond the margin in f64: only rounding of the gap or of the keep test
    // against the margin can explain a manifold
    let worst = f
        .points()
        .iter()
        .map(|p| p.separation)
        .fold(f32::NEG_INFINITY, f32::max);
    let near_margin = |x: f32| (x as f64 - margin as f64).abs() <= tol;
    if near_margin(f.choice.gap) || near_margin(worst) {
        ManifoldAgreement::NearTie
    } else {
        ManifoldAgreement::Disagree(format!(
            "f32 has {} point(s) on axis {}, the f64 reference none",
            f.len(),
            f.choice.chosen
        ))
    }
}

/// Both manifolds present: the normal, then the number of points, then each point, then the axis.
fn compare_both<V: crate::sat::Vector>(
    f: &Manifold<V>,
    r: &ReferenceManifold,
    tol: f64,
) -> ManifoldAgreement {
    // parallel faces of A and B tied within rounding, f32 taking one as the reference
    // face and f64 the other: the contact polygon is the same, but where its corners tie
    // in depth the reduction to four may keep other ones
    let face = |k: AxisKind| !matches!(k, AxisKind::Edge(..));
    let swapped_faces = f.choice.chosen != r.chosen && face(f.choice.kind) && face(r.kind);
    let n = f.normal.to_dvec3();
    if (n - r.normal).length() > tol {
        return disagree(
            format!(
                "axis {} normal {} (f32) against axis {} normal {} (f64)",
                f.choice.chosen,
                words(n),
                r.chosen,
                words(r.normal)
            ),
            r,
            tol,
        );
    }
    if f.len() != r.points.len() {
        return points_disagree(
            format!("{} points (f32) against {} (f64)", f.len(), r.points.len()),
            swapped_faces,
            r,
            tol,
        );
    }
    if let Some(difference) = compare_points(f, r, swapped_faces, tol) {
        return difference;
    }
    // the same normal and points: a different axis label is a tie between parallel faces
    // of A and B, either of which may hold the reference face
    if f.choice.chosen != r.chosen && !swapped_faces {
        return disagree(
            format!("axis {} (f32) against {} (f64)", f.choice.chosen, r.chosen),
            r,
            tol,
        );
    }
    ManifoldAgreement::Agree
}

/// A difference in the points: [`ManifoldAgreement::NearTie`] when A's and B's faces were
/// swapped, as [`disagree`] otherwise.
fn points_disagree(
    what: String,
    swapped_faces: bool,
    r: &ReferenceManifold,
    tol: f64,
) -> ManifoldAgreement {
    if swapped_faces {
        ManifoldAgreement::NearTie
    } else {
        disagree(what, r, tol)
    }
}

/// The first fast point with no reference point of the same id, position and separation (within
/// `tol`), as a difference; `None` when every point has one.
fn compare_points<V: crate::sat::Vector>(
    f: &Manifold<V>,
    r: &ReferenceManifold,
    swapped_faces: bool,
    tol: f64,
) -> Option<ManifoldAgreement> {
    for p in f.points() {
        let q = p.point.to_dvec3();
        let Some(m) = r.points.iter().find(|m| m.id == p.id) else {
            // the same point under another feature: a point on a feature's boundary
            // (an edge's end, a face's edge) is named by rounding
            if r.points.iter().any(|m| (m.point - q).length() <= tol) {
                return Some(ManifoldAgreement::NearTie);
            }
            return Some(points_disagree(
                format!("f32 point {} not in the f64 manifold", p.id),
                swapped_faces,
                r,
                tol,
            ));
        };
        if (m.point - q).length() > tol || (m.separation - p.separation as f64).abs() > tol {
            return Some(points_disagree(
                format!(
                    "{}: {} separation {} (f32) against {} separation {} (f64)",
                    p.id,
                    words(q),
                    crate::sat::fmt_num(p.separation),
                    words(m.point),
                    crate::sat::fmt_num(m.separation as f32)
                ),
                swapped_faces,
                r,
                tol,
            ));
        }
    }
    None
}

/// A point or direction in words, each coordinate to about four significant digits:
/// `(1.267, 0.5, 0)`.
fn words(v: DVec3) -> String {
    let c = [v.x, v.y, v.z].map(|x| crate::sat::fmt_num(x as f32));
    format!("({})", c.join(", "))
}
