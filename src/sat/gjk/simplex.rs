//! The simplex GJK keeps and the point of it nearest the origin.
//!
//! The nearest point is found the plain way: for every non-empty subset of the simplex's points,
//! the origin projected onto the subset's affine hull (a small Gram system), kept when its
//! barycentric weights are all positive, and the nearest of those. The nearest point of a simplex
//! lies inside exactly one of its faces, so this is Johnson's distance sub-algorithm (Gilbert,
//! Johnson and Keerthi 1988; van den Bergen 2003, §4.3.3) without its bookkeeping: at most 15
//! subsets of 4 points, in `f64`, in any dimension.

use arrayvec::ArrayVec;
use glam::DVec3;

/// A point of the Minkowski difference `A ⊖ B` and the support points of A and B it is made of:
/// `point = a − b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SupportPoint {
    /// `a − b`.
    pub point: DVec3,
    /// The support point of A.
    pub a: DVec3,
    /// The support point of B (in the opposite direction).
    pub b: DVec3,
}

/// A simplex of at most 4 points (3 in 2D).
pub type Simplex = ArrayVec<SupportPoint, 4>;

/// The point of a simplex nearest the origin, as a combination of the points it keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct Nearest {
    /// The nearest point.
    pub v: DVec3,
    /// The smallest sub-simplex holding it (its points, in the simplex's order).
    pub kept: Simplex,
    /// The barycentric weight of each kept point (positive, summing to 1).
    pub weights: ArrayVec<f64, 4>,
}

impl Nearest {
    /// The points of A and B that the nearest point is the difference of (the same combination
    /// of the kept points' `a` and `b`).
    pub fn witnesses(&self) -> [DVec3; 2] {
        self.kept
            .iter()
            .zip(&self.weights)
            .fold([DVec3::ZERO; 2], |[a, b], (p, w)| {
                [a + p.a * *w, b + p.b * *w]
            })
    }
}

/// The weights of the origin's projection onto the affine hull of `points`, or `None` when the
/// points are affinely dependent (within `1e-12` of their size).
fn affine_weights(points: &[DVec3]) -> Option<ArrayVec<f64, 4>> {
    let p0 = points[0];
    let edges: ArrayVec<DVec3, 3> = points[1..].iter().map(|p| *p - p0).collect();
    let k = edges.len();
    // G λ = −(e_i · p0), G_ij = e_i · e_j; weights (1 − Σλ, λ_1, …)
    let mut g = [[0.0f64; 4]; 3];
    for i in 0..k {
        for j in 0..k {
            g[i][j] = edges[i].dot(edges[j]);
        }
        g[i][3] = -edges[i].dot(p0);
    }
    let size = edges.iter().map(|e| e.length_squared()).fold(0.0, f64::max);
    let lambda = solve(&mut g, k, 1e-12 * size.max(f64::MIN_POSITIVE))?;
    let mut w = ArrayVec::new();
    w.push(1.0 - lambda[..k].iter().sum::<f64>());
    w.extend(lambda[..k].iter().copied());
    Some(w)
}

/// Solves the `k × k` system in the first `k` columns of `m` (right-hand side in column 3) by
/// Gaussian elimination with partial pivoting; `None` when a pivot is below `tiny`.
fn solve(m: &mut [[f64; 4]; 3], k: usize, tiny: f64) -> Option<[f64; 3]> {
    for c in 0..k {
        let p = (c..k).max_by(|&x, &y| m[x][c].abs().total_cmp(&m[y][c].abs()))?;
        if m[p][c].abs() <= tiny {
            return None;
        }
        m.swap(c, p);
        let pivot = m[c];
        for row in m[c + 1..k].iter_mut() {
            let f = row[c] / pivot[c];
            for (x, p) in row[c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
        }
    }
    let mut x = [0.0f64; 3];
    for r in (0..k).rev() {
        let s: f64 = (r + 1..k).map(|c| m[r][c] * x[c]).sum();
        x[r] = (m[r][3] - s) / m[r][r];
    }
    Some(x)
}

/// The point of `simplex` nearest the origin, with the sub-simplex it lies inside.
pub fn nearest(simplex: &Simplex) -> Nearest {
    let n = simplex.len();
    let in_mask = |mask: u32| (0..n).filter(move |i| mask & (1 << i) != 0);
    let mut best: Option<(u32, DVec3, ArrayVec<f64, 4>)> = None;
    for mask in 1u32..(1 << n) {
        let points: ArrayVec<DVec3, 4> = in_mask(mask).map(|i| simplex[i].point).collect();
        let Some(weights) = affine_weights(&points) else {
            continue;
        };
        if weights.iter().any(|w| *w <= 0.0) {
            continue;
        }
        let v = points.iter().zip(&weights).map(|(p, w)| *p * *w).sum();
        let closer = best
            .as_ref()
            .is_none_or(|(_, b, _)| DVec3::length_squared(v) < b.length_squared());
        if closer {
            best = Some((mask, v, weights));
        }
    }
    // one point alone always has weight 1: a simplex of at least one point has an answer
    let (mask, v, weights) =
        best.unwrap_or_else(|| (1, simplex[0].point, [1.0].into_iter().collect()));
    Nearest {
        v,
        kept: in_mask(mask).map(|i| simplex[i]).collect(),
        weights,
    }
}

/// The point of `simplex` nearest `q`, with the sub-simplex it lies inside and its weights.
pub fn nearest_to(simplex: &Simplex, q: DVec3) -> Nearest {
    let moved: Simplex = simplex
        .iter()
        .map(|p| SupportPoint {
            point: p.point - q,
            ..*p
        })
        .collect();
    let mut n = nearest(&moved);
    n.v += q;
    for p in n.kept.iter_mut() {
        p.point += q;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn simplex(points: &[[f64; 3]]) -> Simplex {
        points
            .iter()
            .map(|p| SupportPoint {
                point: DVec3::from_array(*p),
                a: DVec3::from_array(*p),
                b: DVec3::ZERO,
            })
            .collect()
    }

    #[test]
    fn the_nearest_point_of_a_segment_above_the_origin_is_its_foot() {
        let n = nearest(&simplex(&[[-1.0, 2.0, 0.0], [3.0, 2.0, 0.0]]));
        assert!((n.v - DVec3::new(0.0, 2.0, 0.0)).length() < 1e-12);
        assert_eq!(n.kept.len(), 2);
        assert!((n.weights[0] - 0.75).abs() < 1e-12);
    }

    #[test]
    fn a_segment_beside_the_origin_keeps_only_its_nearer_end() {
        let n = nearest(&simplex(&[[1.0, 1.0, 0.0], [3.0, 1.0, 0.0]]));
        assert_eq!(n.v, DVec3::new(1.0, 1.0, 0.0));
        assert_eq!(n.kept.len(), 1);
    }

    #[test]
    fn a_tetrahedron_around_the_origin_holds_it_with_all_four_points() {
        let n = nearest(&simplex(&[
            [1.0, 1.0, 1.0],
            [-1.0, -1.0, 1.0],
            [-1.0, 1.0, -1.0],
            [1.0, -1.0, -1.0],
        ]));
        assert!(n.v.length() < 1e-12);
        assert_eq!(n.kept.len(), 4);
    }

    #[test]
    fn a_triangle_faces_the_origin_with_its_inside_or_an_edge() {
        let face = nearest(&simplex(&[
            [-1.0, -1.0, 2.0],
            [2.0, -1.0, 2.0],
            [-1.0, 2.0, 2.0],
        ]));
        assert!((face.v - DVec3::new(0.0, 0.0, 2.0)).length() < 1e-12);
        assert_eq!(face.kept.len(), 3);
        let edge = nearest(&simplex(&[
            [1.0, -1.0, 0.0],
            [1.0, 1.0, 0.0],
            [3.0, 0.0, 0.0],
        ]));
        assert!((edge.v - DVec3::X).length() < 1e-12);
        assert_eq!(edge.kept.len(), 2);
    }
}
