//! GJK: the distance between two boxes as the distance from the origin to their Minkowski
//! difference, by a simplex of support points that closes in on it (Gilbert, Johnson and Keerthi
//! 1988; van den Bergen, *Collision Detection in Interactive 3D Environments*, 2003, ch. 4;
//! Ericson, *Real-Time Collision Detection*, 2005, §9.5), with parry's tolerances and stopping
//! rules ([`GjkParams`]).

use glam::DVec3;

use super::simplex::{nearest_with_newest, Choice, Nearest, Simplex, SupportPoint};
use super::{GjkParams, Sink, Stop};
use crate::sat::reference::Box64;

/// The support point of box `o` in direction `d`: the corner furthest along `d`
/// (`center + Σ e_k sign(u_k·d) u_k`, a zero component counting as positive).
pub fn box_support(o: &Box64, d: DVec3) -> DVec3 {
    let along = |p: DVec3, k: usize| {
        let u = o.axes[k];
        p + u * (o.half[k] * if u.dot(d) >= 0.0 { 1.0 } else { -1.0 })
    };
    // (written out for the two dimensions there are: the same sums, in the same order)
    let p = along(along(o.center, 0), 1);
    if o.dim == 3 {
        along(p, 2)
    } else {
        p
    }
}

/// The support point of `A ⊖ B` in direction `d`: A's furthest along `d` minus B's furthest
/// along `−d`.
pub fn support(a: &Box64, b: &Box64, d: DVec3) -> SupportPoint {
    let (pa, pb) = (box_support(a, d), box_support(b, -d));
    SupportPoint {
        point: pa - pb,
        a: pa,
        b: pb,
    }
}

/// One iteration of GJK.
#[derive(Clone, Debug, PartialEq)]
pub struct GjkStep {
    /// The unit direction searched: towards the origin from the simplex's nearest point.
    pub direction: DVec3,
    /// The support point found there.
    pub support: SupportPoint,
    /// The simplex with it added.
    pub simplex: Simplex,
    /// The point of that simplex nearest the origin, and the sub-simplex kept.
    pub nearest: Nearest,
    /// The distance is at least this: how far the support point lies along the direction
    /// (`−direction·w`).
    pub lower: f64,
    /// The distance is at most this: the length of the nearest point before the step.
    pub upper: f64,
}

/// What GJK concludes.
#[derive(Clone, Debug, PartialEq)]
pub struct GjkRun {
    /// The boxes are apart: the distance, with the points of A and B that realise it and the
    /// unit normal from A to B. `None` when the origin is in `A ⊖ B` (or within the tolerance of
    /// it): the boxes intersect or touch.
    pub separated: Option<(f64, [DVec3; 2], DVec3)>,
    /// The simplex it ends with (EPA starts from it).
    pub simplex: Simplex,
    /// Iterations: the support points taken after the first, one [`GjkStep`] each.
    pub iterations: usize,
    /// Support points evaluated.
    pub support_evaluations: usize,
    /// Why it stopped.
    pub stopped: Stop,
}

/// GJK on the pair, its steps into `steps`.
pub fn gjk(a: &Box64, b: &Box64, params: &GjkParams, steps: &mut impl Sink<GjkStep>) -> GjkRun {
    let dim = a.dim;
    // parry starts along the centres' offset (B's centre in A's frame)
    let start = (b.center - a.center).try_normalize().unwrap_or(DVec3::X);
    let mut run = GjkRun {
        separated: None,
        simplex: Simplex::new(),
        iterations: 0,
        support_evaluations: 1,
        stopped: Stop::Converged,
    };
    // the simplex is grown where the run keeps it
    let simplex = &mut run.simplex;
    simplex.push(support(a, b, start));
    // the nearest point, and `simplex` the points that hold it
    let mut near = Choice::point(simplex);
    let mut upper = f64::INFINITY;
    loop {
        let length = near.v.length();
        if length <= params.on_simplex {
            // the origin is on the simplex: the boxes intersect or touch
            break;
        }
        if length >= upper {
            // no progress: the nearest point is the answer
            run.separated = Some(answer(&near, simplex));
            break;
        }
        upper = length;
        let direction = -near.v / length;
        let w = support(a, b, direction);
        run.support_evaluations += 1;
        let lower = -direction.dot(w.point);
        if upper - lower <= params.relative * upper {
            run.iterations += 1;
            steps.keep(|| step(direction, w, simplex, &near, lower, upper));
            run.separated = Some(answer(&near, simplex));
            run.stopped = Stop::Tolerance;
            break;
        }
        if simplex.iter().any(|p| p.point == w.point) {
            // the support point is already in the simplex: nothing nearer exists
            run.iterations += 1;
            steps.keep(|| step(direction, w, simplex, &near, lower, upper));
            run.separated = Some(answer(&near, simplex));
            break;
        }
        simplex.push(w);
        let choice = nearest_with_newest(simplex);
        run.iterations += 1;
        steps.keep(|| GjkStep {
            direction,
            support: w,
            simplex: simplex.clone(),
            nearest: choice.nearest(simplex),
            lower,
            upper,
        });
        near = choice.keep(simplex);
        if simplex.len() == dim + 1 {
            // a full simplex holds the origin
            if lower >= params.on_simplex {
                run.separated = Some(answer(&near, simplex));
            }
            break;
        }
        if run.iterations == params.max_iterations {
            run.separated = Some(answer(&near, simplex));
            run.stopped = Stop::IterationCap;
            break;
        }
    }
    run
}

/// The step recorded when the bounds meet before the support point is added.
fn step(
    direction: DVec3,
    support: SupportPoint,
    simplex: &Simplex,
    near: &Choice,
    lower: f64,
    upper: f64,
) -> GjkStep {
    let mut with = simplex.clone();
    if !with.is_full() {
        with.push(support);
    }
    GjkStep {
        direction,
        support,
        simplex: with,
        nearest: near.nearest(simplex),
        lower,
        upper,
    }
}

/// The distance, the witness points and the normal from A to B of a nearest point `v = a − b`
/// held by the points `kept`.
fn answer(near: &Choice, kept: &Simplex) -> (f64, [DVec3; 2], DVec3) {
    let [pa, pb] = near.witnesses(kept);
    let d = near.v.length();
    // v = a − b points from B to A: the normal from A to B is −v
    (d, [pa, pb], -near.v / d)
}
