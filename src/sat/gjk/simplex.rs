//! The simplex GJK keeps and the point of it nearest the origin.
//!
//! The nearest point of a simplex lies inside exactly one of its faces (a sub-simplex): the one
//! where the origin's projection onto the face's affine hull (a small Gram system) has positive
//! barycentric weights, and the nearest of those (Johnson's distance sub-algorithm: Gilbert,
//! Johnson and Keerthi 1988; van den Bergen 2003, §4.3.3). GJK asks only the faces that hold the
//! support point it has just added, and the face it had before ([`nearest_with_newest`]): the
//! nearest point can only have moved onto a face of the new point (van den Bergen's and parry's
//! way: 9 faces of a tetrahedron instead of 15). In `f64`, in any dimension.

use std::cmp::Ordering;

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
        witnesses(&self.kept, &self.weights)
    }
}

/// The points of A and B whose difference is the combination of `points` with `weights` (the
/// same combination of their `a` and `b`, in order).
pub fn witnesses(points: &[SupportPoint], weights: &[f64]) -> [DVec3; 2] {
    points
        .iter()
        .zip(weights)
        .fold([DVec3::ZERO; 2], |[a, b], (p, w)| {
            [a + p.a * *w, b + p.b * *w]
        })
}

/// The barycentric weights of the origin's projection onto the affine hull of the first `n`
/// points of `member`, by the Gram system `G λ = −(e_i · p0)`, `G_ij = e_i · e_j`, `e_i = p_i − p0`,
/// solved by Gaussian elimination with partial pivoting; weights `(1 − Σλ, λ_1, …)`. `None` when
/// the points are affinely dependent (a pivot within `1e-12` of their squared size).
fn affine_weights(member: &[DVec3; 4], n: usize) -> Option<[f64; 4]> {
    let p0 = member[0];
    match n - 1 {
        // one point: weight 1
        0 => Some([1.0, 0.0, 0.0, 0.0]),
        // a segment: the one equation of the general case below, in the same operations
        1 => {
            let e = member[1] - p0;
            let g = e.dot(e);
            if g.abs() <= 1e-12 * 0.0f64.max(g).max(f64::MIN_POSITIVE) {
                return None;
            }
            let lambda = (-e.dot(p0) - -0.0) / g;
            Some([1.0 - (-0.0 + lambda), lambda, 0.0, 0.0])
        }
        2 => gram_weights::<2>(member),
        _ => gram_weights::<3>(member),
    }
}

/// The weights of the origin's projection onto the affine hull of `member[..=K]` by the Gram
/// system, for a triangle (`K = 2`) or a tetrahedron (`K = 3`).
#[inline(always)]
fn gram_weights<const K: usize>(member: &[DVec3; 4]) -> Option<[f64; 4]> {
    let p0 = member[0];
    let mut edges = [DVec3::ZERO; 3];
    let mut size = 0.0f64;
    for i in 0..K {
        edges[i] = member[i + 1] - p0;
        size = size.max(edges[i].length_squared());
    }
    let mut g = [[0.0f64; 4]; 3];
    for i in 0..K {
        for j in 0..K {
            g[i][j] = edges[i].dot(edges[j]);
        }
        g[i][3] = -edges[i].dot(p0);
    }
    let lambda = solve::<K>(&mut g, 1e-12 * size.max(f64::MIN_POSITIVE))?;
    let mut w = [0.0f64; 4];
    let mut sum = -0.0f64;
    for l in &lambda[..K] {
        sum += l;
    }
    w[0] = 1.0 - sum;
    w[1..=K].copy_from_slice(&lambda[..K]);
    Some(w)
}

/// Solves the `K × K` system in the first `K` columns of `m` (right-hand side in column 3) by
/// Gaussian elimination with partial pivoting (the last of equal pivots); `None` when a pivot is
/// below `tiny`.
#[inline(always)]
fn solve<const K: usize>(m: &mut [[f64; 4]; 3], tiny: f64) -> Option<[f64; 3]> {
    for c in 0..K {
        let mut p = c;
        for x in c + 1..K {
            if m[x][c].abs() >= m[p][c].abs() {
                p = x;
            }
        }
        if m[p][c].abs() <= tiny {
            return None;
        }
        m.swap(c, p);
        let pivot = m[c];
        for row in m[c + 1..K].iter_mut() {
            let f = row[c] / pivot[c];
            for x in c..4 {
                row[x] -= f * pivot[x];
            }
        }
    }
    let mut x = [0.0f64; 3];
    for r in (0..K).rev() {
        let mut s = -0.0f64;
        for c in r + 1..K {
            s += m[r][c] * x[c];
        }
        x[r] = (m[r][3] - s) / m[r][r];
    }
    Some(x)
}

/// The point nearest the origin over the sub-simplices `masks` of `simplex` (each a bit set of
/// its points): the nearest of those whose barycentric weights are all positive, the first of
/// equals; the first point alone when none is.
fn nearest_over(simplex: &Simplex, masks: impl Iterator<Item = usize>) -> Choice {
    let mut points = [DVec3::ZERO; 4];
    for (p, s) in points.iter_mut().zip(simplex) {
        *p = s.point;
    }
    // the best so far: its mask, point, squared length and weights
    let (mut best, mut best_v, mut best_length, mut best_weights) =
        (0usize, DVec3::ZERO, f64::INFINITY, [0.0f64; 4]);
    for mask in masks {
        let (index, n) = MEMBERS[mask];
        let mut member = [DVec3::ZERO; 4];
        for k in 0..4 {
            member[k] = points[usize::from(index[k])];
        }
        let Some(weights) = affine_weights(&member, n) else {
            continue;
        };
        if weights.iter().take(n).any(|w| *w <= 0.0) {
            continue;
        }
        let mut v = DVec3::ZERO;
        for k in 0..n {
            v += member[k] * weights[k];
        }
        let length = v.length_squared();
        if best == 0 || length < best_length {
            (best, best_v, best_length, best_weights) = (mask, v, length, weights);
        }
    }
    if best == 0 {
        // one point alone always has weight 1: a simplex of at least one point has an answer
        (best, best_v, best_weights) = (1, simplex[0].point, [1.0, 0.0, 0.0, 0.0]);
    }
    Choice {
        mask: best,
        v: best_v,
        weights: best_weights,
    }
}

/// A simplex's nearest point as the sub-simplex holding it: its points (a bit set of the
/// simplex's), their weights in the simplex's order, and the point. Small, so that GJK can keep
/// its simplex in place ([`Choice::keep`]) and build a [`Nearest`] only for the steps it shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// The points kept, bit `k` for the simplex's point `k`.
    mask: usize,
    /// The nearest point.
    pub v: DVec3,
    /// The kept points' weights, in order (zero past them).
    weights: [f64; 4],
}

impl Choice {
    /// The nearest point of a simplex of one point: that point.
    pub fn point(simplex: &Simplex) -> Self {
        // as the search over its one sub-simplex computes it (so that `-0.0` reads `0.0` alike)
        Choice {
            mask: 1,
            v: DVec3::ZERO + simplex[0].point * 1.0,
            weights: [1.0, 0.0, 0.0, 0.0],
        }
    }

    /// As a [`Nearest`] of `simplex`, the simplex it was chosen in.
    pub fn nearest(&self, simplex: &Simplex) -> Nearest {
        let (index, n) = MEMBERS[self.mask];
        Nearest {
            v: self.v,
            kept: index[..n]
                .iter()
                .map(|&i| simplex[usize::from(i)])
                .collect(),
            weights: self.weights[..n].iter().copied().collect(),
        }
    }

    /// Reduces `simplex` (the one it was chosen in) to the points kept, in order; the choice then
    /// speaks of the reduced simplex (all its points kept).
    pub fn keep(mut self, simplex: &mut Simplex) -> Self {
        let (index, n) = MEMBERS[self.mask];
        // the indices increase, so no point is overwritten before it is moved
        for (k, &i) in index[..n].iter().enumerate() {
            simplex[k] = simplex[usize::from(i)];
        }
        simplex.truncate(n);
        self.mask = (1 << n) - 1;
        self
    }

    /// The points of A and B that the nearest point is the difference of, in `kept` (the
    /// simplex after [`Choice::keep`]), as [`Nearest::witnesses`] computes them.
    pub fn witnesses(&self, kept: &Simplex) -> [DVec3; 2] {
        witnesses(kept, &self.weights)
    }
}

/// The whole simplex's nearest point, when it lies well inside it: the origin's projection onto
/// its affine hull has positive weights, the simplex is not much flatter than its longest edge
/// (its area or volume at least `1e-3` of that edge's square or cube), and the projection lies
/// further than `1e-4` of the simplex's reach from every facet. Every face's nearest point is then
/// further from the origin than rounding can hide (Pythagoras: `|v_face|² ≥ |v|² + d²`, `d` the
/// projection's distance to the face's hull, the weight of the vertex opposite times that
/// vertex's height), so the search over the faces would choose the whole simplex: the same
/// answer, to the bit, without asking the faces.
fn clearly_inside(simplex: &Simplex) -> Option<Choice> {
    let n = simplex.len();
    if n < 2 {
        return None;
    }
    let mut p = [DVec3::ZERO; 4];
    for (p, s) in p.iter_mut().zip(simplex) {
        *p = s.point;
    }
    let weights = affine_weights(&p, n)?;
    if weights[..n].iter().any(|w| *w <= 0.0) {
        return None;
    }
    let reach = p[..n]
        .iter()
        .map(|q| q.length_squared())
        .fold(0.0, f64::max);
    let longest = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .map(|(i, j)| (p[j] - p[i]).length_squared())
        .fold(0.0, f64::max)
        .sqrt();
    // each vertex's height over the facet opposite it
    let mut height = [0.0f64; 4];
    match n {
        2 => height = [longest, longest, 0.0, 0.0],
        3 => {
            let twice_area = (p[1] - p[0]).cross(p[2] - p[0]).length();
            // (NaN fails too)
            if twice_area.partial_cmp(&(1e-3 * longest * longest)) != Some(Ordering::Greater) {
                return None;
            }
            for (k, h) in height.iter_mut().enumerate().take(3) {
                let (i, j) = ((k + 1) % 3, (k + 2) % 3);
                *h = twice_area / (p[j] - p[i]).length();
            }
        }
        _ => {
            let volume = (p[1] - p[0]).dot((p[2] - p[0]).cross(p[3] - p[0])).abs();
            if volume.partial_cmp(&(1e-3 * longest * longest * longest)) != Some(Ordering::Greater)
            {
                return None;
            }
            for (k, h) in height.iter_mut().enumerate() {
                let (i, j, l) = ((k + 1) % 4, (k + 2) % 4, (k + 3) % 4);
                *h = volume / (p[j] - p[i]).cross(p[l] - p[i]).length();
            }
        }
    }
    let clear = (0..n).all(|k| {
        let d = weights[k] * height[k];
        d * d > 1e-8 * reach
    });
    if !clear {
        return None;
    }
    let mut v = DVec3::ZERO;
    for k in 0..n {
        v += p[k] * weights[k];
    }
    Some(Choice {
        mask: (1 << n) - 1,
        v,
        weights,
    })
}

/// The points of each sub-simplex (a bit set of at most 4 points): their indices, lowest first,
/// and how many.
const MEMBERS: [([u8; 4], usize); 16] = {
    let mut table = [([0u8; 4], 0usize); 16];
    let mut mask = 1;
    while mask < 16 {
        let mut i = 0;
        while i < 4 {
            if mask & (1 << i) != 0 {
                let (ref mut index, ref mut n) = table[mask];
                index[*n] = i as u8;
                *n += 1;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

/// The point of `simplex` nearest the origin, with the sub-simplex it lies inside: every
/// sub-simplex asked.
pub fn nearest(simplex: &Simplex) -> Nearest {
    nearest_over(simplex, 1..(1 << simplex.len())).nearest(simplex)
}

/// The point of `simplex` nearest the origin when its last point is the support point GJK has
/// just added to a simplex whose nearest point lay inside it: only the sub-simplices holding that
/// last point are asked.
pub fn nearest_with_newest(simplex: &Simplex) -> Choice {
    let n = simplex.len();
    if let Some(near) = clearly_inside(simplex) {
        return near;
    }
    let newest = 1 << (n - 1);
    // the simplex before the newest point first: GJK's last answer wins a tie (no progress)
    let before = (n > 1).then_some(newest - 1);
    nearest_over(simplex, before.into_iter().chain(newest..(1 << n)))
}

/// The barycentric weights of `q`'s projection onto the affine hull of all of `simplex`'s points,
/// when they are all positive (the projection falls inside it).
pub fn weights_inside(simplex: &Simplex, q: DVec3) -> Option<ArrayVec<f64, 4>> {
    let n = simplex.len();
    let mut member = [DVec3::ZERO; 4];
    for (m, p) in member.iter_mut().zip(simplex) {
        *m = p.point - q;
    }
    let w = affine_weights(&member, n)?;
    w[..n]
        .iter()
        .all(|w| *w > 0.0)
        .then(|| w[..n].iter().copied().collect())
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
