//! The Minkowski difference `A ⊖ B = {a − b : a ∈ A, b ∈ B}` of two boxes, face by face, and how
//! the separating-axis test reads off it.
//!
//! `A ⊖ B` is the convex hull of the corner differences (64 in 3D, 16 in 2D). Its support
//! function on a unit direction `u` is `h(u) = max (a − b)·u = r_A(u) + r_B(u) − T·u`
//! (`T = B.center − A.center`), so on a candidate axis `L` the report's gap is
//! `−min(h(L), h(−L))`: minus the distance from the origin to the nearer of the two supporting
//! planes with normal `±L`. Every face of `A ⊖ B` has a normal of A, a normal of B, or the cross
//! product of an edge of each: the candidate axes are exactly its face normals (Ericson,
//! *Real-Time Collision Detection*, §5.2.1 and §9.1), which is why 15 axes (4 in 2D) suffice.
//! [`MinkowskiDifference::of`] builds each face from the axis it lies on.

use glam::{DVec2, DVec3};

use crate::sat::reference::Box64;

/// One face of `A ⊖ B` (an edge in 2D).
#[derive(Clone, Debug, PartialEq)]
pub struct MinkowskiFace {
    /// The candidate axis it lies on, in test order.
    pub axis: usize,
    /// Its outward unit normal: the axis, or its opposite.
    pub normal: DVec3,
    /// `h(normal)`: the face lies on the plane `normal · x = offset`. The origin is inside the face's
    /// half-space when positive; the report's gap on the axis is minus the lesser offset of the
    /// two faces on it.
    pub offset: f64,
    /// Its corners in order around it (counter-clockwise seen from outside); the two ends of an
    /// edge in 2D.
    pub polygon: Vec<DVec3>,
}

/// The faces of `A ⊖ B`.
#[derive(Clone, Debug, PartialEq)]
pub struct MinkowskiDifference {
    /// 2 or 3.
    pub dim: usize,
    /// Its faces, in the test order of their axes (positive side first).
    pub faces: Vec<MinkowskiFace>,
}

impl MinkowskiDifference {
    /// The faces of `A ⊖ B` for the pair, each found on its candidate axis.
    pub fn of(a: &Box64, b: &Box64) -> Self {
        let dim = a.dim;
        let points: Vec<DVec3> = corners(a)
            .iter()
            .flat_map(|&p| corners(b).into_iter().map(move |q| p - q))
            .collect();
        let size = points.iter().map(|p| p.length()).fold(0.0, f64::max);
        // the boxes come from f32: a face of A ⊖ B can be tilted from its axis by a rounding of
        // f32 (1e-7 rad), so its corners are gathered within 1e-6 of the pair's size
        let tol = 1e-6 * size.max(f64::MIN_POSITIVE);
        let mut faces: Vec<MinkowskiFace> = Vec::new();
        for (axis, l) in candidate_axes(a, b) {
            for normal in [l, -l] {
                // an axis parallel to one already found to within rounding is the same face
                if faces.iter().any(|f| f.normal.dot(normal) > 1.0 - 1e-9) {
                    continue;
                }
                if let Some(f) = face(&points, axis, normal, dim, tol) {
                    faces.push(f);
                }
            }
        }
        Self { dim, faces }
    }

    /// The origin is inside `A ⊖ B` (the boxes intersect or touch): every face's offset is at
    /// least zero.
    pub fn holds_origin(&self) -> bool {
        self.faces.iter().all(|f| f.offset >= 0.0)
    }

    /// The corners of every face, each once.
    pub fn vertices(&self) -> Vec<DVec3> {
        let mut out: Vec<DVec3> = Vec::new();
        for p in self.faces.iter().flat_map(|f| &f.polygon) {
            if !out.iter().any(|q| q.distance_squared(*p) < 1e-24) {
                out.push(*p);
            }
        }
        out
    }
}

/// The corners of a box (4 of a 2D one).
pub fn corners(o: &Box64) -> Vec<DVec3> {
    (0..1usize << o.dim)
        .map(|k| {
            (0..o.dim).fold(o.center, |p, i| {
                let s = if k & (1 << i) != 0 { 1.0 } else { -1.0 };
                p + o.axes[i] * (s * o.half[i])
            })
        })
        .collect()
}

/// The candidate axes of the pair in test order with their indices: A's face normals, B's, then
/// in 3D the edge axes `A.u_i × B.u_j` (index `6 + 3i + j`) that are not degenerate.
pub fn candidate_axes(a: &Box64, b: &Box64) -> Vec<(usize, DVec3)> {
    let dim = a.dim;
    let mut out: Vec<(usize, DVec3)> = (0..dim)
        .map(|i| (i, a.axes[i]))
        .chain((0..dim).map(|j| (dim + j, b.axes[j])))
        .collect();
    if dim == 3 {
        for i in 0..3 {
            for j in 0..3 {
                let c = a.axes[i].cross(b.axes[j]);
                if c.length() > 1e-6 {
                    out.push((6 + 3 * i + j, c.normalize()));
                }
            }
        }
    }
    out
}

/// The face of `A ⊖ B` with outward normal `normal`, if its support set there is a face (an
/// edge in 2D) rather than a lower feature.
fn face(
    points: &[DVec3],
    axis: usize,
    normal: DVec3,
    dim: usize,
    tol: f64,
) -> Option<MinkowskiFace> {
    let offset = points
        .iter()
        .map(|p| p.dot(normal))
        .fold(f64::MIN, f64::max);
    let on: Vec<DVec3> = points
        .iter()
        .filter(|p| p.dot(normal) >= offset - tol)
        .copied()
        .collect();
    let polygon = if dim == 2 {
        let along = normal.cross(DVec3::Z);
        let lo = on
            .iter()
            .min_by(|p, q| p.dot(along).total_cmp(&q.dot(along)))?;
        let hi = on
            .iter()
            .max_by(|p, q| p.dot(along).total_cmp(&q.dot(along)))?;
        (lo.distance(*hi) > tol).then(|| vec![*lo, *hi])?
    } else {
        let hull = plane_hull(&on, normal, tol);
        (hull.len() >= 3).then_some(hull)?
    };
    Some(MinkowskiFace {
        axis,
        normal,
        offset,
        polygon,
    })
}

/// The convex hull of points on a plane with unit normal `n`, counter-clockwise seen from the
/// side `n` points to (Andrew's monotone chain in the plane's coordinates).
fn plane_hull(points: &[DVec3], n: DVec3, tol: f64) -> Vec<DVec3> {
    let u = n.any_orthonormal_vector();
    let v = n.cross(u);
    let mut flat: Vec<(DVec2, DVec3)> = points
        .iter()
        .map(|p| (DVec2::new(p.dot(u), p.dot(v)), *p))
        .collect();
    flat.sort_by(|a, b| a.0.x.total_cmp(&b.0.x).then(a.0.y.total_cmp(&b.0.y)));
    flat.dedup_by(|a, b| a.0.distance(b.0) <= tol);
    if flat.len() < 3 {
        return flat.into_iter().map(|(_, p)| p).collect();
    }
    let turn = |o: DVec2, a: DVec2, b: DVec2| (a - o).perp_dot(b - o);
    let mut hull: Vec<(DVec2, DVec3)> = Vec::with_capacity(2 * flat.len());
    for pass in [flat.clone(), flat.iter().rev().copied().collect()] {
        let start = hull.len();
        for q in pass {
            // a point within `tol` of the line through its neighbours is on the edge, not a corner
            while hull.len() >= start + 2
                && turn(hull[hull.len() - 2].0, hull[hull.len() - 1].0, q.0)
                    <= tol * (q.0 - hull[hull.len() - 2].0).length()
            {
                hull.pop();
            }
            hull.push(q);
        }
        hull.pop();
    }
    hull.into_iter().map(|(_, p)| p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::{dim3, Obb3};

    /// Every corner of every face of a closed polytope lies on at least three faces (two edges in
    /// 2D): the faces found on the candidate axes leave no hole.
    fn closed(m: &MinkowskiDifference) -> bool {
        let size = m.vertices().iter().map(|p| p.length()).fold(1.0, f64::max);
        m.vertices().iter().all(|p| {
            let on = |f: &&MinkowskiFace| (p.dot(f.normal) - f.offset).abs() <= 1e-6 * size;
            m.faces.iter().filter(on).count() >= m.dim
        })
    }

    #[test]
    fn the_faces_on_the_candidate_axes_close_a_minus_b_for_turned_pairs_and_random_ones() {
        // B turned a quarter from A in f32: its edges are parallel to A's within a rounding, so
        // edge axes and face axes are one face of A ⊖ B, tilted by 1e-7 (the window's default
        // pair has such a pair of edges)
        let qa = Quat::from_rotation_y(0.45) * Quat::from_rotation_x(-(0.6f32).atan2(0.8));
        let qb = (qa * Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)).normalize();
        let a = Obb3::new(Vec3::new(-0.3, 1.2, -0.2), Vec3::new(1.2, 0.8, 0.9), qa).unwrap();
        let b = Obb3::new(Vec3::new(0.4, 2.9, 0.5), Vec3::new(1.0, 0.7, 0.8), qb).unwrap();
        let m = MinkowskiDifference::of(&Box64::from(&a), &Box64::from(&b));
        assert!(closed(&m), "{} faces", m.faces.len());
        let mut seed = 5u64;
        let mut unit = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f32 / (1u64 << 53) as f32
        };
        for _ in 0..200 {
            let obb = |unit: &mut dyn FnMut() -> f32| {
                let axis = Vec3::new(unit() - 0.5, unit() - 0.5, unit() - 0.5);
                let q = Quat::from_axis_angle(axis.normalize_or(Vec3::Z), 6.3 * unit());
                let h = Vec3::new(0.1 + unit(), 0.1 + unit(), 0.1 + unit());
                Obb3::new(Vec3::new(unit(), unit(), unit()) * 3.0, h, q).unwrap()
            };
            let (a, b) = (obb(&mut unit), obb(&mut unit));
            let m = MinkowskiDifference::of(&Box64::from(&a), &Box64::from(&b));
            assert!(closed(&m), "{a:?} {b:?}: {} faces", m.faces.len());
        }
    }
    use glam::{Quat, Vec3};

    fn pair() -> (Box64, Box64) {
        let a = Obb3::new(Vec3::ZERO, Vec3::new(1.0, 0.5, 0.25), Quat::IDENTITY).unwrap();
        let b = Obb3::new(
            Vec3::new(1.2, 0.7, -0.3),
            Vec3::new(0.6, 0.4, 0.3),
            Quat::from_euler(glam::EulerRot::XYZ, 0.3, -0.4, 0.5),
        )
        .unwrap();
        (Box64::from(&a), Box64::from(&b))
    }

    #[test]
    fn each_candidate_axis_gap_is_minus_the_nearer_supporting_plane_of_the_difference() {
        let (a, b) = pair();
        let m = MinkowskiDifference::of(&a, &b);
        let r = crate::sat::reference::report3(
            &Obb3::new(Vec3::ZERO, Vec3::new(1.0, 0.5, 0.25), Quat::IDENTITY).unwrap(),
            &Obb3::new(
                Vec3::new(1.2, 0.7, -0.3),
                Vec3::new(0.6, 0.4, 0.3),
                Quat::from_euler(glam::EulerRot::XYZ, 0.3, -0.4, 0.5),
            )
            .unwrap(),
            crate::sat::DEGENERATE_THRESHOLD as f64,
        );
        let points: Vec<DVec3> = corners(&a)
            .iter()
            .flat_map(|&p| corners(&b).into_iter().map(move |q| p - q))
            .collect();
        let h = |u: DVec3| points.iter().map(|p| p.dot(u)).fold(f64::MIN, f64::max);
        for t in r.axes.iter().filter(|t| !t.degenerate) {
            let gap = -h(t.axis).min(h(-t.axis));
            assert!((gap - t.gap).abs() < 1e-9, "{t:?}: {gap}");
        }
        // and every face of the difference lies on a candidate axis
        assert!(!m.faces.is_empty());
        for f in &m.faces {
            assert!((h(f.normal) - f.offset).abs() < 1e-12);
            assert!(f.polygon.len() >= 3);
        }
        assert_eq!(
            m.holds_origin(),
            dim3::report(
                &Obb3::new(Vec3::ZERO, Vec3::new(1.0, 0.5, 0.25), Quat::IDENTITY).unwrap(),
                &Obb3::new(
                    Vec3::new(1.2, 0.7, -0.3),
                    Vec3::new(0.6, 0.4, 0.3),
                    Quat::from_euler(glam::EulerRot::XYZ, 0.3, -0.4, 0.5),
                )
                .unwrap()
            )
            .intersect
        );
    }

    #[test]
    fn two_unit_squares_make_a_square_of_side_four_and_two_aligned_cubes_a_cube() {
        let sq =
            Box64::from(&crate::sat::Obb2::new(glam::Vec2::ZERO, glam::Vec2::ONE, 0.0).unwrap());
        let m = MinkowskiDifference::of(&sq, &sq);
        assert_eq!(m.faces.len(), 4);
        assert!(m.faces.iter().all(|f| (f.offset - 2.0).abs() < 1e-12));
        let cube = Box64::from(&Obb3::axis_aligned(Vec3::ZERO, Vec3::ONE));
        let m = MinkowskiDifference::of(&cube, &cube);
        assert_eq!(m.faces.len(), 6);
        assert!(m.faces.iter().all(|f| f.polygon.len() == 4));
        assert_eq!(m.vertices().len(), 8);
    }
}
