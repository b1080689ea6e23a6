//! The exact distance between two boxes and the closest points where it is attained: what the SAT
//! gap is not.
//!
//! # Why the best gap is not the distance
//!
//! Every direction `n` has a separation `s(n) = |T·n| − r_A(n) − r_B(n)`. The candidate axes
//! decide *whether* the boxes are separated: if any direction separates, a candidate does. But the
//! largest gap over the candidates is only a lower bound of the distance. The distance is the
//! largest `s(n)` over *all* directions, attained along the segment between the closest points,
//! and that segment joins two features (corner–corner, corner–edge, edge–edge, corner–face, …)
//! whose direction is often no candidate: two boxes corner to corner are the usual example.
//!
//! # How it is computed
//!
//! The closest points of two convex polytopes lie on a pair of features, and every such pair
//! contains a vertex of one box or an edge of each. So the distance is the least of
//! - each corner of A against the solid box B, and each corner of B against A: the closest point
//!   of a box to a point is the point clamped to the box in the box's own frame (Ericson,
//!   *Real-Time Collision Detection*, 2005, §5.1.4);
//! - in 3D, each of A's 12 edges against each of B's 12 edges: the closest points of two segments
//!   (Ericson §5.1.9), skipping a pair whose bounding spheres are already farther apart than the
//!   best distance found.
//!
//! Most features cannot hold the closest point: the direction from the closest point of A to B's
//! lies in the normal cone of A's feature there (all three face normals of a corner, both of an
//! edge, with non-negative weights), so B reaches past each of those face planes. Only the
//! corners and edges of each box whose face planes the other box reaches are tried.
//!
//! The search stops as soon as its best pair is proven nearest: when the gap between the boxes
//! along the line through the pair's two points reaches their distance (to within rounding at the
//! size of the pair). No direction's gap exceeds the distance, so then nothing is nearer: the
//! lower bound a separating direction gives meets the upper bound a pair of points gives, the
//! test GJK stops on (Gilbert, Johnson and Keerthi, 1988). It is tried once after the corners and
//! after each edge pair that improves on the best, and most searches end at the corners.
//!
//! In 2D the corners suffice. The boxes are first tested for intersection with the 15-axis (or
//! 4-axis) test: intersecting boxes have distance 0 and no closest points.
//!
//! The same arithmetic runs in `f32` ([`separation3`], [`separation2`]) and in `f64`
//! ([`separation3_f64`], [`separation2_f64`], deciding the intersection with the reference's plain
//! projections, [`super::reference`]): the `f64` answer is the oracle of the tests.

use glam::{DMat3, DQuat, DVec2, DVec3, Vec2, Vec3};

use super::{dim2, dim3, reference, Obb2, Obb3};

/// The distance between two boxes and where it is attained.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Separation<V, S = f32> {
    /// The Euclidean distance between the solid boxes; 0 when they intersect.
    pub distance: S,
    /// The point of A and the point of B that are `distance` apart; `None` when the boxes
    /// intersect.
    pub closest_points: Option<[V; 2]>,
}

impl<V: Copy, S: Copy> Separation<V, S> {
    /// The unit direction from A's closest point to B's, when the boxes are apart.
    pub fn direction(&self) -> Option<V>
    where
        V: std::ops::Sub<Output = V> + Normalize,
    {
        let [p, q] = self.closest_points?;
        (q - p).try_unit()
    }
}

/// Normalising that can fail, for [`Separation::direction`].
pub trait Normalize: Sized {
    /// The unit vector along `self`, or `None` for a zero or non-finite vector.
    fn try_unit(self) -> Option<Self>;
}

macro_rules! normalize {
    ($($v:ty),*) => {$(
        impl Normalize for $v {
            fn try_unit(self) -> Option<Self> {
                self.try_normalize()
            }
        }
    )*};
}
normalize!(Vec2, Vec3, DVec2, DVec3);

impl<V, S: Default> Separation<V, S> {
    /// Boxes that intersect: distance 0 and no closest points.
    pub fn intersecting() -> Self {
        Self {
            distance: S::default(),
            closest_points: None,
        }
    }
}

/// The exact distance between two 3D boxes, with the closest points.
pub fn separation3(a: &Obb3, b: &Obb3) -> Separation<Vec3> {
    if dim3::intersects(a, b) {
        return Separation::intersecting();
    }
    separation3_apart(a, b)
}

/// [`separation3`] of boxes a test has already called apart (the SAT verdicts): the feature
/// search alone, so that the distance never tells another story than the verdicts.
pub fn separation3_apart(a: &Obb3, b: &Obb3) -> Separation<Vec3> {
    let (d, p, q) = closest_features3(a, b);
    Separation {
        distance: d,
        closest_points: Some([p, q]),
    }
}

/// The feature search of [`separation3`] without its intersection test: the distance and the
/// closest points of boxes that are apart or within rounding of touching (a corner of one inside
/// the other gives distance 0 there).
pub(crate) fn closest_features3(a: &Obb3, b: &Obb3) -> (f32, Vec3, Vec3) {
    // relative to A's centre, as the report's T: far from the origin the boxes' corners in world
    // coordinates would carry the rounding of the coordinates' size, not of the boxes'
    let solid = |o: &Obb3| f32s::Solid3 {
        c: o.center - a.center,
        u: o.axes(),
        h: o.half_extents.to_array(),
    };
    let (d, p, q) = f32s::closest3(&solid(a), &solid(b));
    (d, p + a.center, q + a.center)
}

/// The exact distance between two rectangles, with the closest points.
pub fn separation2(a: &Obb2, b: &Obb2) -> Separation<Vec2> {
    if dim2::intersects(a, b) {
        return Separation::intersecting();
    }
    separation2_apart(a, b)
}

/// [`separation3_apart`] in 2D.
pub fn separation2_apart(a: &Obb2, b: &Obb2) -> Separation<Vec2> {
    let (d, p, q) = closest_features2(a, b);
    Separation {
        distance: d,
        closest_points: Some([p, q]),
    }
}

/// [`closest_features3`] in 2D.
pub(crate) fn closest_features2(a: &Obb2, b: &Obb2) -> (f32, Vec2, Vec2) {
    // relative to A's centre, as in `separation3`
    let solid = |o: &Obb2| f32s::Solid2 {
        c: o.center - a.center,
        u: o.axes(),
        h: o.half_extents.to_array(),
    };
    let (d, p, q) = f32s::closest2(&solid(a), &solid(b));
    (d, p + a.center, q + a.center)
}

/// [`separation3`] in `f64`, from the boxes' `f32` numbers, with the intersection decided by the
/// reference's projections of all corners (degenerate edge axes below `1e-9`).
pub fn separation3_f64(a: &Obb3, b: &Obb3) -> Separation<DVec3, f64> {
    if reference::report3(a, b, 1e-9).intersect {
        return Separation::intersecting();
    }
    let (d, p, q) = closest_features3_f64(a, b);
    Separation {
        distance: d,
        closest_points: Some([p, q]),
    }
}

/// [`closest_features3`] in `f64`.
pub(crate) fn closest_features3_f64(a: &Obb3, b: &Obb3) -> (f64, DVec3, DVec3) {
    let solid = |o: &Obb3| {
        let q = o.rotation;
        let m = DMat3::from_quat(
            DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64).normalize(),
        );
        f64s::Solid3 {
            c: o.center.as_dvec3(),
            u: [m.x_axis, m.y_axis, m.z_axis],
            h: o.half_extents.as_dvec3().to_array(),
        }
    };
    f64s::closest3(&solid(a), &solid(b))
}

/// [`separation2`] in `f64`, with the intersection decided by the reference's projections.
pub fn separation2_f64(a: &Obb2, b: &Obb2) -> Separation<DVec2, f64> {
    if reference::report2(a, b).intersect {
        return Separation::intersecting();
    }
    let (d, p, q) = closest_features2_f64(a, b);
    Separation {
        distance: d,
        closest_points: Some([p, q]),
    }
}

/// [`closest_features2`] in `f64`.
pub(crate) fn closest_features2_f64(a: &Obb2, b: &Obb2) -> (f64, DVec2, DVec2) {
    let solid = |o: &Obb2| {
        let (s, c) = (o.angle as f64).sin_cos();
        f64s::Solid2 {
            c: o.center.as_dvec2(),
            u: [DVec2::new(c, s), DVec2::new(-s, c)],
            h: o.half_extents.as_dvec2().to_array(),
        }
    };
    f64s::closest2(&solid(a), &solid(b))
}

/// How many units of rounding, times the sizes it sums, the feature search's stopping test allows.
const ROUNDING: f32 = 8.0;

/// A 2-bit set of a box's two faces across one axis: bit 0 the − face, bit 1 the + face.
fn faces(minus: bool, plus: bool) -> u8 {
    u8::from(minus) | u8::from(plus) << 1
}

/// The same faces with − and + exchanged: the faces facing `−c` where `faces` face `c`.
fn flipped(faces: u8) -> u8 {
    (faces & 1) << 1 | faces >> 1
}

/// The corners (an 8-bit set, corner `k` at the signs given by the bits of `k`) that lie on an
/// allowed face of every axis: those whose normal cone can hold the direction the faces allow.
fn corner_set(faces: [u8; 3]) -> u8 {
    // the corners on the − and the + face of each axis
    const ON: [[u8; 2]; 3] = [[0x55, 0xaa], [0x33, 0xcc], [0x0f, 0xf0]];
    (0..3).fold(0xff, |set, axis| {
        let on = |side: usize| {
            if faces[axis] >> side & 1 != 0 {
                ON[axis][side]
            } else {
                0
            }
        };
        set & (on(0) | on(1))
    })
}

/// The edges along axis `k` (a 4-bit set over `e % 4`, numbered as in `edge3`) that lie on an
/// allowed face of both other axes.
fn edge_set(faces: [u8; 3], k: usize) -> u8 {
    let (i, j) = others(k);
    edge_set_of(faces[i], faces[j])
}

/// [`edge_set`] from the faces of the two axes beside the edges: edge `e` lies on face `e & 1` of
/// the first and face `e >> 1` of the second.
fn edge_set_of(first: u8, second: u8) -> u8 {
    first * ((second & 1) | (second & 2) << 1)
}

/// The members of a set of bits, lowest first.
fn members(set: u8) -> impl Iterator<Item = usize> {
    std::iter::successors((set != 0).then_some(set), |&rest| {
        let rest = rest & (rest - 1);
        (rest != 0).then_some(rest)
    })
    .map(|rest| rest.trailing_zeros() as usize)
}

/// The two axes after axis `k`, in turn: `((k + 1) % 3, (k + 2) % 3)`.
fn others(k: usize) -> (usize, usize) {
    [(1, 2), (2, 0), (0, 1)][k]
}

/// The feature-pair search, written once and instantiated for `f32` and `f64`.
macro_rules! closest_points {
    ($S:ty, $V3:ty, $V2:ty) => {
        /// A solid box: centre, unit axes, half extents.
        pub(super) struct Solid3 {
            pub c: $V3,
            pub u: [$V3; 3],
            pub h: [$S; 3],
        }

        /// A solid rectangle.
        pub(super) struct Solid2 {
            pub c: $V2,
            pub u: [$V2; 2],
            pub h: [$S; 2],
        }

        impl Solid3 {
            /// The point of the box nearest `p`: `p` clamped in the box's frame (Ericson §5.1.4).
            fn nearest(&self, p: $V3) -> $V3 {
                let d = p - self.c;
                (0..3).fold(self.c, |q, k| {
                    q + self.u[k] * d.dot(self.u[k]).clamp(-self.h[k], self.h[k])
                })
            }

            /// The half axes `u[k] · h[k]`.
            fn half_axes(&self) -> [$V3; 3] {
                std::array::from_fn(|k| self.u[k] * self.h[k])
            }
        }

        impl Solid2 {
            /// The point of the rectangle nearest `p`: `p` clamped in its frame.
            fn nearest(&self, p: $V2) -> $V2 {
                let d = p - self.c;
                (0..2).fold(self.c, |q, k| {
                    q + self.u[k] * d.dot(self.u[k]).clamp(-self.h[k], self.h[k])
                })
            }

            /// The four corners, corner `k` at the signs given by the bits of `k`.
            fn corners(&self) -> [$V2; 4] {
                std::array::from_fn(|k| {
                    let s = |bit: usize| if k & (1 << bit) != 0 { 1.0 } else { -1.0 };
                    self.c + self.u[0] * (s(0) * self.h[0]) + self.u[1] * (s(1) * self.h[1])
                })
            }
        }

        /// Edge `signs` of the four along axis `k` as (midpoint, half edge vector): at the signs
        /// of the next two axes given by the bits of `signs` (edge `4k + signs` of 12), from the
        /// box's centre `c` and its half axes `w[k] = u[k] · h[k]`.
        fn edge3(c: $V3, w: &[$V3; 3], k: usize, signs: usize) -> ($V3, $V3) {
            let (i, j) = others(k);
            let along = |v: $V3, axis: usize, bit: usize| {
                if signs >> bit & 1 != 0 {
                    v + w[axis]
                } else {
                    v - w[axis]
                }
            };
            (along(along(c, i, 0), j, 1), w[k])
        }

        /// The closest points of the segments `p1 q1` and `p2 q2` (Ericson §5.1.9, with the
        /// determinant taken as a cross product).
        fn segments(p1: $V3, q1: $V3, p2: $V3, q2: $V3) -> ($V3, $V3) {
            let (d1, d2, r) = (q1 - p1, q2 - p2, p1 - p2);
            let (a, e, f) = (d1.dot(d1), d2.dot(d2), d2.dot(r));
            let tiny = <$S>::MIN_POSITIVE;
            let (s, t) = if a <= tiny && e <= tiny {
                (0.0, 0.0)
            } else if a <= tiny {
                (0.0, (f / e).clamp(0.0, 1.0))
            } else {
                let c = d1.dot(r);
                if e <= tiny {
                    ((-c / a).clamp(0.0, 1.0), 0.0)
                } else {
                    let b = d1.dot(d2);
                    // a·e − b² and b·f − c·e through Lagrange's identity as |d1 × d2|² and
                    // (d1 × d2)·(d2 × r): for nearly parallel edges the differences of products
                    // cancel to rounding noise, the cross products do not
                    let n = d1.cross(d2);
                    let denom = n.length_squared();
                    let s = if denom > 0.0 {
                        (n.dot(d2.cross(r)) / denom).clamp(0.0, 1.0)
                    } else {
                        0.0
                    };
                    let t = (b * s + f) / e;
                    if t < 0.0 {
                        ((-c / a).clamp(0.0, 1.0), 0.0)
                    } else if t > 1.0 {
                        (((b - c) / a).clamp(0.0, 1.0), 1.0)
                    } else {
                        (s, t)
                    }
                }
            };
            (p1 + d1 * s, p2 + d2 * t)
        }

        /// Corner `k` of eight, at the signs given by the bits of `k`, from the box's centre `c`
        /// and its half axes `w`: `c ± w[0] ± w[1] ± w[2]`.
        fn corner(c: $V3, w: &[$V3; 3], k: usize) -> $V3 {
            (0..3).fold(c, |p, axis| {
                if k >> axis & 1 != 0 {
                    p + w[axis]
                } else {
                    p - w[axis]
                }
            })
        }

        /// Whether the pair of points `best` (squared distance, A's point, B's point) is already
        /// the boxes' distance: the gap between the boxes along the line through the two points
        /// reaches their distance, to within rounding at the size of the boxes. No direction's
        /// gap exceeds the distance, so no two points of the boxes are nearer (the test GJK stops
        /// on, Gilbert, Johnson and Keerthi, 1988).
        ///
        /// Along `n = q − p` the gap falls short of `|n|²` (both times `|n|`) by how far each box
        /// reaches past its own point: A beyond `p` towards B, B beyond `q` towards A. Each is a
        /// box's radius along `n` less its point's offset from the centre, small numbers at the
        /// size of the box, not of the pair's distance from the origin or each other.
        fn is_distance(a: &Solid3, b: &Solid3, best: &($S, $V3, $V3)) -> bool {
            let (len2, p, q) = *best;
            let n = q - p;
            let radius = |x: &Solid3| (0..3).map(|k| x.h[k] * x.u[k].dot(n).abs()).sum::<$S>();
            let (ra, rb) = (radius(a), radius(b));
            let (from_a, from_b) = (n.dot(p - a.c), n.dot(q - b.c));
            let past = (ra - from_a) + (rb + from_b);
            let size = ra + rb + from_a.abs() + from_b.abs();
            let rounding = <$S>::from(ROUNDING) * <$S>::EPSILON * size;
            len2 > 0.0 && len2.is_finite() && past <= rounding
        }

        /// Which of `x`'s six face planes the box `y` reaches (touches or crosses), as one 2-bit
        /// set a axis (bit 0 the − face, bit 1 the + face), with a little slack so that rounding
        /// never leaves out a plane that `y` just touches. `spans[k][m]` is `|x.u[k] · y.u[m]|`.
        ///
        /// The slack is rounding at the size of the pair, `|T|` plus every half extent: boxes
        /// that touch to within it (which the boolean test may call apart) keep every feature
        /// near the contact.
        fn reaches(x: &Solid3, y: &Solid3, spans: impl Fn(usize, usize) -> $S) -> [u8; 3] {
            let t = y.c - x.c;
            let size = t.length() + x.h.iter().chain(&y.h).sum::<$S>();
            let slack = 64.0 * <$S>::EPSILON * size;
            std::array::from_fn(|k| {
                let r = (0..3).map(|m| y.h[m] * spans(k, m)).sum::<$S>();
                let along = t.dot(x.u[k]);
                faces(-along + r >= x.h[k] - slack, along + r >= x.h[k] - slack)
            })
        }

        /// Which of `x`'s two faces across `axis` have outward normals that do not point against
        /// `c` (bit 0 the − face, bit 1 the + face); a normal nearly perpendicular to `c` allows
        /// both.
        fn facing(x: &Solid3, axis: usize, c: $V3, slack: $S) -> u8 {
            let d = x.u[axis].dot(c);
            faces(d <= slack, d >= -slack)
        }

        /// Distance and closest points of two disjoint boxes.
        ///
        /// Only the features whose normal cone can hold the direction between the closest points
        /// are tried (the other box reaches their face planes): usually a few corners and a few
        /// edges of each box rather than 16 corners and 144 edge pairs.
        pub(super) fn closest3(a: &Solid3, b: &Solid3) -> ($S, $V3, $V3) {
            let found = search3(a, b, true);
            if found.0.is_finite() {
                found
            } else {
                // boxes so thin that rounding pruned every feature: try them all
                search3(a, b, false)
            }
        }

        /// The feature search of [`closest3`], pruned or over every feature.
        fn search3(a: &Solid3, b: &Solid3, prune: bool) -> ($S, $V3, $V3) {
            let (reach_a, reach_b) = if prune {
                let spans: [[$S; 3]; 3] =
                    std::array::from_fn(|k| std::array::from_fn(|m| a.u[k].dot(b.u[m]).abs()));
                (
                    reaches(a, b, |k, m| spans[k][m]),
                    reaches(b, a, |k, m| spans[m][k]),
                )
            } else {
                ([0b11; 3], [0b11; 3])
            };
            let mut best = (<$S>::INFINITY, a.c, b.c);
            // whether `p q` is nearer than the best pair so far (then it is the best)
            let keep = |best: &mut ($S, $V3, $V3), p: $V3, q: $V3| {
                let d = (q - p).length_squared();
                let nearer = d < best.0;
                if nearer {
                    *best = (d, p, q);
                }
                nearer
            };
            let found = |best: ($S, $V3, $V3)| (best.0.sqrt(), best.1, best.2);
            let (wa, wb) = (a.half_axes(), b.half_axes());
            for k in members(corner_set(reach_a)) {
                let p = corner(a.c, &wa, k);
                keep(&mut best, p, b.nearest(p));
            }
            for k in members(corner_set(reach_b)) {
                let q = corner(b.c, &wb, k);
                keep(&mut best, a.nearest(q), q);
            }
            if is_distance(a, b, &best) {
                return found(best);
            }
            // Nearest points inside an edge of each are joined along ±(edge × edge), which must
            // lie in both edges' normal cones; edges too near parallel for the sign of the cross
            // product to be trusted are all tried (their nearest points are usually corners').
            let reached_a: [u8; 3] = std::array::from_fn(|k| edge_set(reach_a, k));
            let reached_b: [u8; 3] = std::array::from_fn(|m| edge_set(reach_b, m));
            for k in (0..3).filter(|&k| reached_a[k] != 0) {
                for m in (0..3).filter(|&m| reached_b[m] != 0) {
                    let c = a.u[k].cross(b.u[m]);
                    let len2 = c.length_squared();
                    let sets = if !prune || len2 < <$S>::EPSILON {
                        [(0b1111, 0b1111), (0, 0)]
                    } else {
                        let slack = <$S>::EPSILON.sqrt() * len2.sqrt();
                        let ((i, j), (p, q)) = (others(k), others(m));
                        let (a1, a2) = (facing(a, i, c, slack), facing(a, j, c, slack));
                        let (b1, b2) = (facing(b, p, c, slack), facing(b, q, c, slack));
                        // along +c from A to B, then along −c
                        [
                            (edge_set_of(a1, a2), edge_set_of(flipped(b1), flipped(b2))),
                            (edge_set_of(flipped(a1), flipped(a2)), edge_set_of(b1, b2)),
                        ]
                    };
                    for (set_a, set_b) in sets {
                        let set_b = set_b & reached_b[m];
                        if set_b == 0 {
                            continue;
                        }
                        for ea in members(set_a & reached_a[k]) {
                            let (ma, da) = edge3(a.c, &wa, k, ea);
                            let ha = a.h[k];
                            for eb in members(set_b) {
                                let (mb, db) = edge3(b.c, &wb, m, eb);
                                let hb = b.h[m];
                                // no point of these edges is nearer than their bounding spheres
                                let bound = (ma - mb).length() - ha - hb;
                                if bound > 0.0 && bound * bound >= best.0 {
                                    continue;
                                }
                                let (p, q) = segments(ma - da, ma + da, mb - db, mb + db);
                                if keep(&mut best, p, q) && is_distance(a, b, &best) {
                                    return found(best);
                                }
                            }
                        }
                    }
                }
            }
            found(best)
        }

        /// Distance and closest points of two disjoint rectangles.
        pub(super) fn closest2(a: &Solid2, b: &Solid2) -> ($S, $V2, $V2) {
            let mut best = (<$S>::INFINITY, a.c, b.c);
            let keep = |best: &mut ($S, $V2, $V2), p: $V2, q: $V2| {
                let d = (q - p).length_squared();
                if d < best.0 {
                    *best = (d, p, q);
                }
            };
            for p in a.corners() {
                keep(&mut best, p, b.nearest(p));
            }
            for q in b.corners() {
                keep(&mut best, a.nearest(q), q);
            }
            (best.0.sqrt(), best.1, best.2)
        }
    };
}

mod f32s {
    use super::{corner_set, edge_set, edge_set_of, faces, flipped, members, others, ROUNDING};
    use glam::{Vec2, Vec3};
    closest_points!(f32, Vec3, Vec2);
}

mod f64s {
    use super::{corner_set, edge_set, edge_set_of, faces, flipped, members, others, ROUNDING};
    use glam::{DVec2, DVec3};
    closest_points!(f64, DVec3, DVec2);
}
