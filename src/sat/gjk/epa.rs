//! EPA, the expanding polytope algorithm: the penetration depth of intersecting boxes as the
//! distance from the origin to the boundary of their Minkowski difference. A polytope inside
//! `A ⊖ B` around the origin grows, a support point at a time, beyond its facet nearest the
//! origin, until that facet lies on the boundary within the tolerance (van den Bergen, "Proximity
//! Queries and Penetration Depth Computation on 3D Game Objects", GDC 2001, and *Collision
//! Detection in Interactive 3D Environments*, 2003, §4.3.8).
//!
//! Written once for both dimensions: a facet is `dim` points (an edge in 2D, a triangle in 3D)
//! and a ridge `dim − 1` (a point, an edge). Growing beyond a point removes the facets it sees
//! and joins it to the ridges where seen and unseen facets meet (the horizon).
//!
//! parry's own EPA (`parry3d::query::epa::EPA`) grows the same way, and stops when its facet's
//! distance is within [`GjkParams::epa_tolerance`] of the least support distance seen so far. It
//! then answers with the facet whose support reached that least distance (the right normal) but
//! with that facet's own distance, which can be well short of the depth: [`EpaRun::parry_pick`]
//! is that answer, computed on the same run, so that the steps show where parry's number comes
//! from.

use arrayvec::ArrayVec;
use glam::DVec3;

use super::search::support;
use super::simplex::{Simplex, SupportPoint};
use super::{GjkParams, Sink, Stop};
use crate::sat::reference::Box64;

/// A facet of the polytope: `dim` vertex indices, its outward unit normal and its distance from
/// the origin along it (negative when the origin is outside it).
#[derive(Clone, Debug, PartialEq)]
pub struct Facet {
    /// Its vertices (indices into the polytope's vertices).
    pub vertices: ArrayVec<usize, 3>,
    /// Outward unit normal.
    pub normal: DVec3,
    /// `normal · vertex`.
    pub distance: f64,
}

/// One iteration of EPA.
#[derive(Clone, Debug, PartialEq)]
pub struct EpaStep {
    /// The polytope's vertices before growing.
    pub vertices: Vec<SupportPoint>,
    /// Its facets before growing.
    pub facets: Vec<Facet>,
    /// The facet nearest the origin (an index into `facets`): the depth is at least its distance.
    pub nearest: usize,
    /// The support point beyond it.
    pub support: SupportPoint,
    /// The depth is at most this: the least support distance seen so far.
    pub upper: f64,
}

/// What EPA concludes.
#[derive(Clone, Debug, PartialEq)]
pub struct EpaRun {
    /// The penetration depth: the distance of the nearest facet when it stopped.
    pub depth: f64,
    /// Its unit normal, from A to B.
    pub normal: DVec3,
    /// The support points of the facet it stopped at, from which [`EpaRun::points`] finds the
    /// points of A and B the depth is measured between.
    pub facet: Simplex,
    /// Iterations: the support points taken towards a facet, one [`EpaStep`] each.
    pub iterations: usize,
    /// Support points evaluated (including those that completed GJK's simplex).
    pub support_evaluations: usize,
    /// Why it stopped.
    pub stopped: Stop,
    /// What parry's rule answers on this run: the facet whose support distance was the least seen
    /// (its normal) with that facet's own distance as the depth.
    pub parry_pick: Option<(f64, DVec3)>,
}

/// The polytope being grown.
struct Polytope {
    dim: usize,
    vertices: Vec<SupportPoint>,
    facets: Vec<Facet>,
    /// A point inside (the centroid of the first simplex): facets face away from it.
    inside: DVec3,
    /// The ridges of the facets a new vertex sees ([`ridge_key`]), with how many of them hold
    /// each: kept between growths, so that growing allocates nothing once the polytope has its
    /// size.
    ridges: Vec<(u32, u8)>,
}

impl Polytope {
    /// The facet on `vertices`, facing away from the inside point; `None` when it has no normal
    /// (its points are collinear, or coincide).
    fn facet(&self, vertices: ArrayVec<usize, 3>) -> Option<Facet> {
        let p = |k: usize| self.vertices[vertices[k]].point;
        let (p0, p1) = (p(0), p(1));
        let normal = if self.dim == 3 {
            (p1 - p0).cross(p(2) - p0)
        } else {
            (p1 - p0).cross(DVec3::Z)
        };
        let size = (p1 - p0).length_squared();
        let normal =
            (normal.length_squared() > 1e-24 * size * size.max(1.0)).then(|| normal.normalize())?;
        let normal = if normal.dot(p0 - self.inside) < 0.0 {
            -normal
        } else {
            normal
        };
        Some(Facet {
            distance: normal.dot(p0),
            vertices,
            normal,
        })
    }

    /// The facet nearest the origin.
    fn nearest(&self) -> usize {
        (0..self.facets.len())
            .min_by(|&i, &j| self.facets[i].distance.total_cmp(&self.facets[j].distance))
            .unwrap_or(0)
    }

    /// Its buffers, for the next polytope.
    fn into_buffers(self) -> Buffers {
        (self.vertices, self.facets, self.ridges)
    }

    /// Grows the polytope to the new vertex `w`: removes the facets that see it and joins it to
    /// the horizon. False when no facet sees it, or a new facet has no normal.
    fn grow(&mut self, w: SupportPoint, tolerance: f64) -> bool {
        let new = self.vertices.len();
        self.vertices.push(w);
        self.ridges.clear();
        let ridges = &mut self.ridges;
        self.facets.retain(|f| {
            let seen = f.normal.dot(w.point) - f.distance > tolerance;
            if seen {
                count_ridges(f, ridges);
            }
            !seen
        });
        if self.ridges.is_empty() {
            return false;
        }
        // the horizon: the ridges of exactly one seen facet, where seen and kept facets meet
        for k in 0..self.ridges.len() {
            let (key, count) = self.ridges[k];
            if count != 1 {
                continue;
            }
            let mut vertices = ridge_vertices(key, self.dim);
            vertices.push(new);
            match self.facet(vertices) {
                Some(f) => self.facets.push(f),
                None => return false,
            }
        }
        true
    }
}

/// A ridge (a facet's vertices but one: an edge in 3D, a point in 2D) as one number: its vertex
/// indices in increasing order, 16 bits each.
fn ridge_key(a: usize, b: Option<usize>) -> u32 {
    match b {
        Some(b) => (a.min(b) as u32) | ((a.max(b) as u32) << 16),
        None => a as u32,
    }
}

/// The vertices of a ridge's key, in increasing order.
fn ridge_vertices(key: u32, dim: usize) -> ArrayVec<usize, 3> {
    let mut v = ArrayVec::new();
    v.push((key & 0xffff) as usize);
    if dim == 3 {
        v.push((key >> 16) as usize);
    }
    v
}

/// Counts the ridges of facet `f` into `ridges`.
fn count_ridges(f: &Facet, ridges: &mut Vec<(u32, u8)>) {
    let v = &f.vertices;
    let mut count = |key: u32| match ridges.iter_mut().find(|(q, _)| *q == key) {
        Some((_, n)) => *n += 1,
        None => ridges.push((key, 1)),
    };
    if v.len() == 3 {
        count(ridge_key(v[1], Some(v[2])));
        count(ridge_key(v[0], Some(v[2])));
        count(ridge_key(v[0], Some(v[1])));
    } else {
        count(ridge_key(v[1], None));
        count(ridge_key(v[0], None));
    }
}

/// The first polytope: GJK's last simplex, completed to `dim + 1` affinely independent points by
/// support points along directions across it (as parry completes it), as a simplex of facets.
/// `None` when `A ⊖ B` is flat (a box of zero extent along the missing direction).
fn first_polytope(
    a: &Box64,
    b: &Box64,
    simplex: &Simplex,
    evaluations: &mut usize,
    buffers: Buffers,
) -> Result<Polytope, Buffers> {
    let dim = a.dim;
    let (mut points, mut facets, ridges) = buffers;
    points.clear();
    facets.clear();
    points.extend_from_slice(simplex);
    let size = points
        .iter()
        .map(|p| p.point.length())
        .fold(a.scale() + b.scale(), f64::max);
    let tiny = 1e-9 * size.max(f64::MIN_POSITIVE);
    while points.len() < dim + 1 {
        let across = directions_across(&points, dim);
        let found = across.into_iter().find_map(|d| {
            *evaluations += 1;
            let w = support(a, b, d);
            (distance_to_hull(&points, w.point) > tiny).then_some(w)
        });
        match found {
            Some(w) => points.push(w),
            None => return Err((points, facets, ridges)),
        }
    }
    let inside = points.iter().map(|p| p.point).sum::<DVec3>() / points.len() as f64;
    let mut polytope = Polytope {
        dim,
        vertices: points,
        facets,
        inside,
        ridges,
    };
    for skip in 0..=dim {
        let vertices = (0..=dim).filter(|&k| k != skip).collect();
        match polytope.facet(vertices) {
            Some(f) => polytope.facets.push(f),
            None => return Err(polytope.into_buffers()),
        }
    }
    Ok(polytope)
}

/// A polytope's vertices, facets and ridges, to grow the next one in: each thread keeps one set,
/// so that EPA allocates nothing once its buffers have their size.
type Buffers = (Vec<SupportPoint>, Vec<Facet>, Vec<(u32, u8)>);

thread_local! {
    static BUFFERS: std::cell::Cell<Option<Buffers>> = const { std::cell::Cell::new(None) };
}

/// Unit directions across the affine hull of `points` (both ways), to find a point off it.
fn directions_across(points: &[SupportPoint], dim: usize) -> ArrayVec<DVec3, 6> {
    let plane = |d: DVec3| {
        if dim == 2 {
            DVec3::new(d.x, d.y, 0.0)
        } else {
            d
        }
    };
    let axes = [DVec3::X, DVec3::Y, DVec3::Z];
    let mut out = ArrayVec::new();
    match points.len() {
        1 => axes[..dim].iter().for_each(|&u| out.extend([u, -u])),
        2 => {
            let e = (points[1].point - points[0].point).normalize_or_zero();
            for u in &axes[..dim] {
                if let Some(d) = plane(*u - e * e.dot(*u)).try_normalize() {
                    out.extend([d, -d]);
                }
            }
        }
        _ => {
            let p = &points;
            if let Some(n) = (p[1].point - p[0].point)
                .cross(p[2].point - p[0].point)
                .try_normalize()
            {
                out.extend([n, -n]);
            }
        }
    }
    out
}

/// How far `q` lies from the affine hull of `points` (at most 3 of them).
fn distance_to_hull(points: &[SupportPoint], q: DVec3) -> f64 {
    let p0 = points[0].point;
    let mut basis: ArrayVec<DVec3, 3> = ArrayVec::new();
    for p in &points[1..] {
        let mut e = p.point - p0;
        for u in &basis {
            e -= *u * u.dot(e);
        }
        if let Some(u) = e.try_normalize() {
            basis.push(u);
        }
    }
    let mut r = q - p0;
    for u in &basis {
        r -= *u * u.dot(r);
    }
    r.length()
}

/// EPA from GJK's last simplex, its steps into `steps`. `None` when no polytope can be made (the
/// Minkowski difference is flat).
pub fn epa(
    a: &Box64,
    b: &Box64,
    simplex: &Simplex,
    params: &GjkParams,
    steps: &mut impl Sink<EpaStep>,
) -> Option<EpaRun> {
    let mut evaluations = 0;
    let buffers = BUFFERS.with(|b| b.take()).unwrap_or_else(|| {
        (
            Vec::with_capacity(32),
            Vec::with_capacity(32),
            Vec::with_capacity(16),
        )
    });
    let mut polytope = match first_polytope(a, b, simplex, &mut evaluations, buffers) {
        Ok(polytope) => polytope,
        Err(buffers) => {
            BUFFERS.with(|b| b.set(Some(buffers)));
            return None;
        }
    };
    let mut upper = f64::INFINITY;
    let mut parry_pick = None;
    let mut iterations = 0;
    let stopped = loop {
        let k = polytope.nearest();
        let facet = polytope.facets[k].clone();
        let w = support(a, b, facet.normal);
        evaluations += 1;
        let reach = facet.normal.dot(w.point);
        if reach < upper {
            upper = reach;
            parry_pick = Some((facet.distance, facet.normal));
        }
        steps.keep(|| EpaStep {
            vertices: polytope.vertices.clone(),
            facets: polytope.facets.clone(),
            nearest: k,
            support: w,
            upper,
        });
        iterations += 1;
        if reach - facet.distance <= 0.0 {
            break Stop::Converged;
        }
        if upper - facet.distance < params.epa_tolerance {
            break Stop::Tolerance;
        }
        if iterations == params.max_iterations {
            break Stop::IterationCap;
        }
        if !polytope.grow(w, params.epa_tolerance * 1e-3) {
            break Stop::Degenerate;
        }
    };
    let k = polytope.nearest();
    let facet = &polytope.facets[k];
    let corners = facet
        .vertices
        .iter()
        .map(|&i| polytope.vertices[i])
        .collect();
    let run = EpaRun {
        depth: facet.distance,
        normal: facet.normal,
        facet: corners,
        iterations,
        support_evaluations: evaluations,
        stopped,
        parry_pick,
    };
    BUFFERS.with(|b| b.set(Some(polytope.into_buffers())));
    Some(run)
}

impl EpaRun {
    /// The points of A and B whose difference is the origin's projection onto the facet EPA
    /// stopped at: the projection's barycentric weights on the facet when it falls inside, else
    /// the facet's point nearest it. Computed when asked (`check` does not print them).
    pub fn points(&self) -> [DVec3; 2] {
        let s = &self.facet;
        let q = self.normal * self.depth;
        if let Some(w) = super::simplex::weights_inside(s, q) {
            return super::simplex::witnesses(s, &w);
        }
        super::simplex::nearest_to(s, q).witnesses()
    }
}
