//! The sphere of directions as plain data: where the view samples `s(n)`, how it finds the
//! extremes, and the pictures' geometry (an icosphere, the zero contour, the Gauss maps of the
//! boxes). Nothing here draws; [`super::ui::sphere`] paints it.
//!
//! Every unit direction `n` has a separation `s(n) = |T·n| − r_A(n) − r_B(n)`; `n` separates the
//! boxes where it is positive. `s(−n) = s(n)`, so one hemisphere shows everything. The candidate
//! axes decide: for intersecting boxes the least overlap over all directions, `−min s`, is attained
//! at a candidate (the nearest face of the Minkowski difference has a face normal or an edge cross
//! product as its normal); for separated boxes some candidate separates whenever any direction
//! does, but `max s` over the sphere is the true distance between the boxes, attained along the
//! line between their closest points, which can be no candidate at all.

use glam::{Quat, Vec2, Vec3};

/// A sphere of directions: unit vertices and triangles.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SphereMesh {
    /// Unit directions.
    pub dirs: Vec<Vec3>,
    /// Triangles as vertex indices.
    pub tris: Vec<[u32; 3]>,
}

impl SphereMesh {
    /// An icosahedron subdivided `levels` times (10 · 4^levels + 2 vertices).
    pub(crate) fn icosphere(levels: u32) -> Self {
        let t = (1.0 + 5f32.sqrt()) / 2.0;
        let mut dirs: Vec<Vec3> = [
            (-1.0, t, 0.0),
            (1.0, t, 0.0),
            (-1.0, -t, 0.0),
            (1.0, -t, 0.0),
            (0.0, -1.0, t),
            (0.0, 1.0, t),
            (0.0, -1.0, -t),
            (0.0, 1.0, -t),
            (t, 0.0, -1.0),
            (t, 0.0, 1.0),
            (-t, 0.0, -1.0),
            (-t, 0.0, 1.0),
        ]
        .iter()
        .map(|&(x, y, z)| Vec3::new(x, y, z).normalize())
        .collect();
        let mut tris: Vec<[u32; 3]> = vec![
            [0, 11, 5],
            [0, 5, 1],
            [0, 1, 7],
            [0, 7, 10],
            [0, 10, 11],
            [1, 5, 9],
            [5, 11, 4],
            [11, 10, 2],
            [10, 7, 6],
            [7, 1, 8],
            [3, 9, 4],
            [3, 4, 2],
            [3, 2, 6],
            [3, 6, 8],
            [3, 8, 9],
            [4, 9, 5],
            [2, 4, 11],
            [6, 2, 10],
            [8, 6, 7],
            [9, 8, 1],
        ];
        for _ in 0..levels {
            let mut midpoints = std::collections::HashMap::new();
            let mut mid = |a: u32, b: u32, dirs: &mut Vec<Vec3>| -> u32 {
                *midpoints.entry((a.min(b), a.max(b))).or_insert_with(|| {
                    dirs.push((dirs[a as usize] + dirs[b as usize]).normalize());
                    (dirs.len() - 1) as u32
                })
            };
            let mut next = Vec::with_capacity(tris.len() * 4);
            for [a, b, c] in tris {
                let (ab, bc, ca) = (
                    mid(a, b, &mut dirs),
                    mid(b, c, &mut dirs),
                    mid(c, a, &mut dirs),
                );
                next.extend([[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]]);
            }
            tris = next;
        }
        Self { dirs, tris }
    }
}

/// Where a unit direction appears in a picture of the sphere turned by `view`: the point of the
/// unit disc, and whether it is on the near hemisphere (facing the viewer, `+z`).
pub(crate) fn on_disc(view: Quat, n: Vec3) -> (Vec2, bool) {
    let v = view * n;
    (Vec2::new(v.x, -v.y), v.z >= 0.0)
}

/// The near-hemisphere direction under a point of the unit disc (`None` outside the disc).
pub(crate) fn from_disc(view: Quat, p: Vec2) -> Option<Vec3> {
    let r2 = p.length_squared();
    (r2 <= 1.0).then(|| view.inverse() * Vec3::new(p.x, -p.y, (1.0 - r2).sqrt()))
}

/// The sample of largest (`sign = 1`) or smallest (`sign = −1`) `s`, refined by a shrinking
/// search on the sphere around it: a local optimum as good as the samples' spacing allows and
/// then some. `s` is any function of unit directions; returns the direction and its value.
pub(crate) fn extreme(
    dirs: &[Vec3],
    values: &[f32],
    sign: f32,
    s: impl Fn(Vec3) -> f32,
) -> (Vec3, f32) {
    let Some(start) =
        (0..values.len()).max_by(|&i, &j| (sign * values[i]).total_cmp(&(sign * values[j])))
    else {
        return (Vec3::X, s(Vec3::X));
    };
    let (mut n, mut best) = (dirs[start], values[start]);
    let mut step = 0.08f32;
    while step > 1e-6 {
        let (u, v) = (n.any_orthonormal_pair().0, n.any_orthonormal_pair().1);
        let better = [u, -u, v, -v, u + v, u - v, -u + v, -u - v]
            .into_iter()
            .map(|d| (n + d * step).normalize())
            .map(|m| (m, s(m)))
            .filter(|(_, x)| sign * x > sign * best)
            .max_by(|a, b| (sign * a.1).total_cmp(&(sign * b.1)));
        match better {
            Some((m, x)) => (n, best) = (m, x),
            None => step *= 0.5,
        }
    }
    (n, best)
}

/// The zero contour of values on a triangle mesh: one segment across every triangle whose
/// vertices have both signs, between the points where `s` crosses zero on its edges (linear
/// interpolation along the chord, renormalised onto the sphere).
pub(crate) fn zero_contour(mesh: &SphereMesh, values: &[f32]) -> Vec<[Vec3; 2]> {
    let cross = |a: u32, b: u32| {
        let (sa, sb) = (values[a as usize], values[b as usize]);
        ((sa < 0.0) != (sb < 0.0)).then(|| {
            let t = sa / (sa - sb);
            mesh.dirs[a as usize]
                .lerp(mesh.dirs[b as usize], t)
                .normalize()
        })
    };
    mesh.tris
        .iter()
        .filter_map(|&[a, b, c]| {
            let pts: Vec<Vec3> = [cross(a, b), cross(b, c), cross(c, a)]
                .into_iter()
                .flatten()
                .collect();
            (pts.len() == 2).then(|| [pts[0], pts[1]])
        })
        .collect()
}

/// The Gauss map of a box with axes `u`: the 12 quarter arcs of directions for which an edge is
/// the support feature. The edge along `u_i` at signs `(s_j, s_k)` supports every direction
/// between its two faces' normals `s_j u_j` and `s_k u_k`; each arc is sampled at `steps + 1`
/// points. Where an arc of A crosses an arc of B, both edges support: the direction is
/// `± A.u_i × B.u_j`, an edge axis.
pub(crate) fn gauss_arcs(u: [Vec3; 3], steps: usize) -> Vec<Vec<Vec3>> {
    let mut arcs = Vec::with_capacity(12);
    for i in 0..3 {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        for (sj, sk) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
            let (p, q) = (u[j] * sj, u[k] * sk);
            arcs.push(
                (0..=steps)
                    .map(|t| {
                        let a = t as f32 / steps as f32 * std::f32::consts::FRAC_PI_2;
                        p * a.cos() + q * a.sin()
                    })
                    .collect(),
            );
        }
    }
    arcs
}

/// The colour of a separation on a diverging scale around 0: separating directions green,
/// overlapping ones red, 0 nearly white; `scale` is the magnitude of full colour.
pub(crate) fn colour(s: f32, scale: f32) -> [u8; 3] {
    let t = (s / scale.max(1e-12)).clamp(-1.0, 1.0);
    let (zero, neg, pos) = (
        [236.0, 236.0, 232.0],
        [196.0, 38.0, 52.0],
        [34.0, 170.0, 84.0],
    );
    let end = if t < 0.0 { neg } else { pos };
    // a square root spreads the colours near 0, where the contour is
    let k = t.abs().sqrt();
    std::array::from_fn(|c| (zero[c] + (end[c] - zero[c]) * k).round() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_icosphere_of_level_3_has_642_unit_vertices_and_1280_triangles() {
        let m = SphereMesh::icosphere(3);
        assert_eq!((m.dirs.len(), m.tris.len()), (642, 1280));
        assert!(m.dirs.iter().all(|d| (d.length() - 1.0).abs() < 1e-5));
    }

    #[test]
    fn a_point_of_the_disc_and_its_direction_go_both_ways() {
        let view = Quat::from_euler(glam::EulerRot::XYZ, 0.3, -0.8, 0.2);
        let n = Vec3::new(0.2, 0.5, 0.9).normalize();
        let n = if on_disc(view, n).1 { n } else { -n };
        let (p, near) = on_disc(view, n);
        assert!(near);
        assert!((from_disc(view, p).unwrap() - n).length() < 1e-5);
        assert_eq!(from_disc(view, Vec2::new(0.9, 0.9)), None);
    }

    #[test]
    fn the_search_finds_the_peak_of_a_smooth_function_between_samples() {
        let m = SphereMesh::icosphere(2);
        let peak = Vec3::new(0.3, -0.2, 0.93).normalize();
        let s = |n: Vec3| n.dot(peak);
        let values: Vec<f32> = m.dirs.iter().map(|&n| s(n)).collect();
        let (n, best) = extreme(&m.dirs, &values, 1.0, s);
        assert!((n - peak).length() < 1e-3 && best > 0.99999, "{n} {best}");
        let (n, low) = extreme(&m.dirs, &values, -1.0, s);
        assert!((n + peak).length() < 1e-3 && low < -0.99999);
    }

    #[test]
    fn the_zero_contour_of_a_height_function_is_the_equator() {
        let m = SphereMesh::icosphere(3);
        let values: Vec<f32> = m.dirs.iter().map(|d| d.z).collect();
        let segments = zero_contour(&m, &values);
        assert!(!segments.is_empty());
        assert!(segments.iter().flatten().all(|p| p.z.abs() < 0.15));
    }

    #[test]
    fn the_gauss_arcs_of_two_boxes_cross_at_their_edge_axes() {
        let ua = [Vec3::X, Vec3::Y, Vec3::Z];
        let q = Quat::from_euler(glam::EulerRot::XYZ, 0.4, 0.7, -0.3);
        let ub = [q * Vec3::X, q * Vec3::Y, q * Vec3::Z];
        let (a, b) = (gauss_arcs(ua, 200), gauss_arcs(ub, 200));
        assert_eq!(a.len(), 12);
        // A's arcs for edges along u0 lie in the plane ⟂ u0, B's for u1 in the plane ⟂ B.u1:
        // they meet on the line of u0 × B.u1
        let axis = ua[0].cross(ub[1]).normalize();
        let near = |arcs: &[Vec<Vec3>]| {
            arcs.iter()
                .flatten()
                .map(|p| (*p - axis).length().min((*p + axis).length()))
                .fold(f32::MAX, f32::min)
        };
        assert!(near(&a[0..4]) < 0.01 && near(&b[4..8]) < 0.01);
    }

    #[test]
    fn zero_is_nearly_white_and_the_ends_are_red_and_green() {
        assert_eq!(colour(0.0, 1.0), [236, 236, 232]);
        assert_eq!(colour(-5.0, 1.0), [196, 38, 52]);
        assert_eq!(colour(1.0, 1.0), [34, 170, 84]);
    }
}
